"""The start-up replays `characterize` runs for one workload, sized from what its solo run and its first start-up
measured: alone (two fresh jobs one after another), and beside one busy job of the same workload, time-sliced and
under MPS (a fresh job arrives once the busy one trains, and the busy one trains on until the fresh one's start-up
is over, however much the sharing stretches it). Start-up calibration fits these (calibration/fit/startup.ts)."""

from __future__ import annotations

import math
from pathlib import Path

from .characterize_facts import facts
from .jsonl import read_jsonl
from .manifest import read_manifest
from .scenario import ReplayJob, Scenario

MIN_STEPS = 20
# How much longer than alone a start-up beside one busy job is planned to take. On the H200, warm workers' start-ups
# took 2.7-4.1 times their time alone beside two or three busy jobs time-sliced, 0.9-1.7 times under MPS
# (startup-naive-busy-h200, startup-mps-busy-h200); a fresh process's interpreter and imports (most of its
# start-up) use no GPU and do not stretch.
BUSY_STRETCH = 2.0


def _steps(seconds: float, step_s: float) -> int:
    return max(MIN_STEPS, math.ceil(seconds / step_s))


def alone_name(workload: str) -> str:
    return f"startup-alone__{workload}"


def busy_name(workload: str, sharing: str) -> str:
    return f"startup-{sharing}-busy__{workload}"


def name(kind: str, workload: str) -> str:
    """The run id of a workload's replay of one kind: alone, naive or mps (beside a busy job)."""
    return alone_name(workload) if kind == "alone" else busy_name(workload, kind)


def alone(workload: str, step_s: float) -> Scenario:
    steps = _steps(facts().startup_train_s, step_s)
    jobs = (ReplayJob("a1", 0.0, workload, steps), ReplayJob("a2", 0.0, workload, steps))
    return Scenario(alone_name(workload), "exclusive", jobs)


def beside_busy(workload: str, sharing: str, step_s: float, startup_s: float) -> Scenario:
    f = facts()
    arrival = round(startup_s + f.busy_lead_s, 1)
    busy_s = f.busy_lead_s + BUSY_STRETCH * startup_s + f.startup_train_s
    jobs = (
        ReplayJob("busy", 0.0, workload, _steps(busy_s, step_s)),
        ReplayJob("fresh", arrival, workload, _steps(f.startup_train_s, step_s)),
    )
    return Scenario(busy_name(workload, sharing), sharing, jobs)


def estimate_s(startup_s: float) -> dict[str, float]:
    """Seconds each replay of one workload takes, at a start-up of `startup_s` (the steps sized in seconds)."""
    f = facts()
    t, lead, end = f.startup_train_s, f.busy_lead_s, f.costs_s["replay_teardown"]
    # The busy job trains from its start-up on through the fresh one's arrival, stretched start-up and training.
    busy = startup_s + lead + BUSY_STRETCH * startup_s + 2 * t + end
    return {"alone": 2 * (startup_s + t) + end, "naive": busy, "mps": busy}


def measured_startup_s(run_dir: Path) -> float | None:
    """The median over the replay's finished jobs of launch to first step's end, seconds."""
    doc = read_manifest(run_dir)
    if not doc or not doc.get("window") or not (run_dir / "jobs.jsonl").exists():
        return None
    steps = [s for s in read_jsonl(run_dir / "steps.jsonl") if s["phase"] == "job"]
    spans = []
    for j in read_jsonl(run_dir / "jobs.jsonl"):
        own = [s["t_end"] for s in steps if s["proc"] == j["proc"]]
        if j["outcome"] == "ok" and own and j["start_s"] is not None:
            spans.append(min(own) - doc["window"]["start"] - j["start_s"])
    spans.sort()
    return spans[len(spans) // 2] if spans else None
