"""The least memory a workload trains in, found by halving: after its solo run, runs under a PyTorch memory cap
halfway between the largest cap it ran out of memory under (at first 0) and the smallest it trained under (at
first its solo peak), a fixed number of times. Calibration keeps the least memory among the capped runs that
trained (a small MIG instance can hold the workload when cuDNN picks algorithms with smaller workspaces)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

from .experiment import Experiment, ProcSpec, run_id
from .jsonl import read_jsonl

EXPERIMENT = "characterize-memory-cap"
GIB = 2**30


@dataclass(frozen=True)
class Bracket:
    """The search's state after a run: caps it ran out of memory under (lo) and trained under (hi), in GiB."""

    lo: float
    hi: float
    step: int


def _proc_end(run_dir: Path) -> dict | None:
    ends = read_jsonl(run_dir / "procs.jsonl") if (run_dir / "procs.jsonl").exists() else []
    return ends[0] if ends else None


def trained(run_dir: Path) -> bool:
    end = _proc_end(run_dir)
    return bool(end) and end.get("outcome") == "ok"


def solo_peak_gib(run_dir: Path) -> float | None:
    """PyTorch's reserved peak of a solo run (what a per-process memory cap limits), GiB."""
    end = _proc_end(run_dir)
    peak = end and end.get("outcome") == "ok" and end.get("mem_reserved_peak_bytes")
    return peak / GIB if peak else None


class MemorySearch:
    """A run_all follow-up (session.FollowUp): the next capped run after a solo run of `solo_experiment` or
    after a capped one, until `steps` caps have run or the bracket is narrower than the rounding."""

    def __init__(self, solo_experiment: str, steps: int, round_gib: float):
        self.solo_experiment, self.steps, self.round_gib = solo_experiment, steps, round_gib
        self.brackets: dict[str, Bracket] = {}

    def __call__(self, e: Experiment, run_dir: Path) -> list[Experiment]:
        if e.experiment == self.solo_experiment and len(e.procs) == 1:
            peak = solo_peak_gib(run_dir)
            return [] if peak is None else self._next(e, Bracket(0.0, peak, 0))
        b = self.brackets.get(e.run_id)
        if e.experiment != EXPERIMENT or b is None:
            return []
        cap = e.settings.memory_cap_gib
        return self._next(e, Bracket(b.lo, cap, b.step) if trained(run_dir) else Bracket(cap, b.hi, b.step))

    def _next(self, e: Experiment, b: Bracket) -> list[Experiment]:
        cap = math.floor((b.lo + b.hi) / 2 / self.round_gib) * self.round_gib
        if b.step >= self.steps or cap <= b.lo or cap >= b.hi:
            return []
        w = e.procs[0].workload
        nxt = Experiment(
            run_id=run_id("exclusive", [w], None, 1, 1, cap),
            experiment=EXPERIMENT,
            mode="exclusive",
            procs=(ProcSpec(0, w),),
            settings=e.settings.with_overrides({"memory_cap_gib": cap, "trace_iters": 0}),
            notes=f"least memory search, step {b.step + 1}: between {b.lo:g} and {b.hi:.2f} GiB",
        )
        self.brackets[nxt.run_id] = Bracket(b.lo, b.hi, b.step + 1)
        return [nxt]
