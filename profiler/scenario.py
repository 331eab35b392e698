"""The part of a scenario file (docs/scenario-format.md) that a live replay runs: one GPU, its sharing
setup and an explicit job list. Everything else in the file is the simulator's business and is ignored."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import yaml

from .errors import InputError
from .workloads import Workload, resolve

REPLAY_MODES = ("exclusive", "naive", "mps")


@dataclass(frozen=True)
class ReplayJob:
    id: str
    arrival_s: float
    workload: str
    steps: int
    mps_percentage: float | None = None


@dataclass(frozen=True)
class Scenario:
    name: str
    sharing: str  # exclusive | naive | mps | mps-partitioned (mps with per-job percentages)
    jobs: tuple[ReplayJob, ...]
    # MPS only: each client's device-memory limit (CUDA_MPS_PINNED_DEVICE_MEM_LIMIT).
    memory_limit_gb: float | None = None


def _steps(job: dict, w: Workload, file: str, where: str) -> int:
    if ("iterations" in job) == ("epochs" in job):
        raise InputError(file, where, "exactly one of iterations or epochs")
    if "iterations" in job:
        n = job["iterations"]
        if not isinstance(n, (int, float)) or isinstance(n, bool) or n <= 0:
            raise InputError(file, f"{where}.iterations", "a positive number", n)
        return math.ceil(n)
    e = job["epochs"]
    if not isinstance(e, (int, float)) or isinstance(e, bool) or e <= 0:
        raise InputError(file, f"{where}.epochs", "a positive number", e)
    return max(1, math.ceil(e * w.images_per_epoch / w.batch))


def load_scenario(path: str, known: dict[str, Workload]) -> Scenario:
    try:
        doc = yaml.safe_load(Path(path).read_text())
    except (OSError, yaml.YAMLError) as err:
        raise InputError(path, "(file)", "a readable YAML scenario", str(err)) from None
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
        raise InputError(path, "name", "a scenario with a string `name`")
    gpus = (doc.get("hardware") or {}).get("gpus")
    if not isinstance(gpus, list) or len(gpus) != 1 or gpus[0].get("count", 1) != 1:
        raise InputError(path, "hardware.gpus", "exactly one GPU entry with count 1 (a live replay runs on one GPU)", gpus)
    sharing = gpus[0].get("sharing") or {}
    mode = sharing.get("mode")
    if mode not in REPLAY_MODES:
        expected = f"one of {', '.join(REPLAY_MODES)} (a live replay does not create MIG instances)"
        raise InputError(path, "hardware.gpus[0].sharing.mode", expected, mode)
    listed = (doc.get("jobs") or {}).get("list")
    if not isinstance(listed, list) or not listed:
        raise InputError(path, "jobs.list", "a non-empty explicit job list (generate/trace streams are simulator-only)")
    pcts = sharing.get("percentages") or {}
    default_pct = sharing.get("default_percentage")
    jobs = []
    for i, j in enumerate(listed):
        where = f"jobs.list[{i}]"
        if not isinstance(j, dict) or not isinstance(j.get("id"), str):
            raise InputError(path, f"{where}.id", "a job id (a live replay's records are keyed by it)", j)
        if j.get("gpus", 1) != 1:
            raise InputError(path, f"{where}.gpus", "1 (a live replay runs on one GPU)", j.get("gpus"))
        arrival = j.get("arrival_s")
        if not isinstance(arrival, (int, float)) or isinstance(arrival, bool) or arrival < 0:
            raise InputError(path, f"{where}.arrival_s", "a non-negative number", arrival)
        w = resolve(j.get("workload"), known, path, f"{where}.workload")
        pct = pcts.get(j["id"], default_pct) if mode == "mps" else None
        if pct is not None and not (isinstance(pct, (int, float)) and 0 < pct <= 100):
            raise InputError(path, f"hardware.gpus[0].sharing.percentages.{j['id']}", "a percentage in (0, 100]", pct)
        jobs.append(ReplayJob(j["id"], float(arrival), w.id, _steps(j, w, path, where), pct))
    ids = [j.id for j in jobs]
    if len(set(ids)) != len(ids):
        raise InputError(path, "jobs.list", "unique job ids", ids)
    label = "mps-partitioned" if mode == "mps" and (pcts or default_pct not in (None, 100)) else mode
    limit = sharing.get("memory_limit_gb") if mode == "mps" else None
    return Scenario(doc["name"], label, tuple(sorted(jobs, key=lambda j: (j.arrival_s, j.id))), limit)


def startable(now_s: float, jobs: tuple[ReplayJob, ...], started: set[str], running: set[str], sharing: str) -> list[str]:
    """Jobs to start now: every arrived job, except under exclusive sharing (first come, first served, one
    at a time)."""
    arrived = [j.id for j in jobs if j.arrival_s <= now_s and j.id not in started]
    if sharing == "exclusive":
        return arrived[:1] if not running else []
    return arrived
