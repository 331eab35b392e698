"""The part of a scenario file (docs/scenario-format.md) that a live replay runs: one GPU, its sharing
setup and an explicit job list. Everything else in the file is the simulator's business and is ignored."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from .errors import InputError, bounded_number
from .workloads import Workload, resolve
from .yaml_file import read_yaml

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


# The simulator's limits (sim/cluster/scenario/limits.ts): a replay of a file the simulator refuses is refused too
# (its file size: yaml_file.py).
HORIZON_S = 1e8
MAX_STEPS = 10**9
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,119}")


def _mapping(value: object, file: str, field: str, expected: str) -> dict:
    if not isinstance(value, dict):
        raise InputError(file, field, expected, value)
    return value


def _steps(job: dict, w: Workload, file: str, where: str) -> int:
    if ("iterations" in job) == ("epochs" in job):
        raise InputError(file, where, "exactly one of iterations or epochs")
    key = "iterations" if "iterations" in job else "epochs"
    n = bounded_number(job[key], file, f"{where}.{key}", f"a positive number (at most {MAX_STEPS} steps)", 0, MAX_STEPS, low_open=True)
    steps = math.ceil(n) if key == "iterations" else max(1, math.ceil(n * w.images_per_epoch / w.batch))
    if steps > MAX_STEPS:
        raise InputError(file, f"{where}.{key}", f"work of at most {MAX_STEPS} steps", n)
    return steps


def _job(j: object, i: int, mode: str, sharing: dict, known: dict[str, Workload], path: str) -> ReplayJob:
    where = f"jobs.list[{i}]"
    j = _mapping(j, path, where, "a job (a mapping)")
    jid = j.get("id")
    if not isinstance(jid, str) or not jid:
        raise InputError(path, f"{where}.id", "a job id (a live replay's records are keyed by it)", jid)
    if j.get("gpus", 1) != 1 or isinstance(j.get("gpus"), bool):
        raise InputError(path, f"{where}.gpus", "1 (a live replay runs on one GPU)", j.get("gpus"))
    arrival = bounded_number(j.get("arrival_s"), path, f"{where}.arrival_s", f"a non-negative number (at most {HORIZON_S:g} s)", 0, HORIZON_S)
    wid = j.get("workload")
    if not isinstance(wid, str):
        raise InputError(path, f"{where}.workload", "a workload id", wid)
    w = resolve(wid, known, path, f"{where}.workload")
    pcts = sharing.get("percentages") or {}
    pct = pcts.get(jid, sharing.get("default_percentage")) if mode == "mps" else None
    if pct is not None:
        pct = bounded_number(pct, path, f"hardware.gpus[0].sharing.percentages.{jid}", "a percentage in (0, 100]", 0, 100, low_open=True)
    return ReplayJob(jid, arrival, w.id, _steps(j, w, path, where), pct)


def load_scenario(path: str, known: dict[str, Workload]) -> Scenario:
    doc = _mapping(read_yaml(path, "a readable YAML scenario"), path, "(file)", "a scenario (a YAML mapping)")
    name = doc.get("name")
    if not isinstance(name, str) or not NAME.fullmatch(name):
        expected = "a scenario `name` of letters, digits, '.', '_', '+' and '-' (it names the run folder)"
        raise InputError(path, "name", expected, name)
    hardware = _mapping(doc.get("hardware") or {}, path, "hardware", "a mapping with `gpus`")
    gpus = hardware.get("gpus")
    one_gpu = isinstance(gpus, list) and len(gpus) == 1 and isinstance(gpus[0], dict)
    if not one_gpu or gpus[0].get("count", 1) != 1 or isinstance(gpus[0].get("count"), bool):
        raise InputError(path, "hardware.gpus", "exactly one GPU entry with count 1 (a live replay runs on one GPU)", gpus)
    sharing = _mapping(gpus[0].get("sharing") or {}, path, "hardware.gpus[0].sharing", "a mapping with `mode`")
    mode = sharing.get("mode")
    if not isinstance(mode, str) or mode not in REPLAY_MODES:
        expected = f"one of {', '.join(REPLAY_MODES)} (a live replay does not create MIG instances)"
        raise InputError(path, "hardware.gpus[0].sharing.mode", expected, mode)
    _mapping(sharing.get("percentages") or {}, path, "hardware.gpus[0].sharing.percentages", "a mapping of job id to percentage")
    listed = _mapping(doc.get("jobs") or {}, path, "jobs", "a mapping with `list`").get("list")
    if not isinstance(listed, list) or not listed:
        raise InputError(path, "jobs.list", "a non-empty explicit job list (generate/trace streams are simulator-only)")
    jobs = [_job(j, i, mode, sharing, known, path) for i, j in enumerate(listed)]
    ids = [j.id for j in jobs]
    if len(set(ids)) != len(ids):
        raise InputError(path, "jobs.list", "unique job ids", ids)
    default_pct = sharing.get("default_percentage")
    label = "mps-partitioned" if mode == "mps" and (sharing.get("percentages") or default_pct not in (None, 100)) else mode
    limit = None
    if mode == "mps" and sharing.get("memory_limit_gb") is not None:
        limit = bounded_number(sharing["memory_limit_gb"], path, "hardware.gpus[0].sharing.memory_limit_gb", "a positive number of GiB", 0, 1e6, low_open=True)
    return Scenario(name, label, tuple(sorted(jobs, key=lambda j: (j.arrival_s, j.id))), limit)


def startable(now_s: float, jobs: tuple[ReplayJob, ...], started: set[str], running: set[str], sharing: str) -> list[str]:
    """Jobs to start now: every arrived job, except under exclusive sharing (first come, first served, one
    at a time)."""
    arrived = [j.id for j in jobs if j.arrival_s <= now_s and j.id not in started]
    if sharing == "exclusive":
        return arrived[:1] if not running else []
    return arrived
