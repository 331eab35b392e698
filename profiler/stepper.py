"""The training loop's stepping, in one of two forms (Settings.loop):
- "sync" (the default): as timm's train.py, the study's script, does it: the host launches a step, then waits for
  its loss (`loss.item()`), so the GPU idles while the host launches the first kernels of the next step. Users'
  jobs look like this.
- "inflight": one step in flight: the GPU stays fed, and each step's end time is read when the GPU has finished
  it (a device event), so step times are synchronized without draining the queue.
Each finished step also says how long the host took to launch it (`launch_s`): beside co-runners, a step that
takes longer while its launch does not waited on the GPU, not on the host."""

from __future__ import annotations

import time


Done = tuple[int, float, float, float]
"""A finished step: (index, t_end, dt_s, launch_s)."""


def step_record(proc: int, done: Done, phase: str, offset: int = 0) -> dict:
    """A steps.jsonl line for one finished step as the stepper reports it."""
    idx, t_end, dt, launch = done
    return {
        "proc": proc,
        "step": offset + idx,
        "t_end": round(t_end, 6),
        "dt_s": round(dt, 6),
        "launch_s": round(launch, 6),
        "phase": phase,
    }


LOOPS = ("sync", "inflight")


def launch(job) -> tuple[float, float]:
    """Launch one step of `job`: when the launch began, and how many seconds it took the host."""
    launched = time.time()
    job.launch_step()
    return launched, time.time() - launched


def make_stepper(job, loop: str):
    return SyncStepper(job) if loop == "sync" else Stepper(job)


class SyncStepper:
    """Launch a step, wait for its loss: each step is done when `step` returns."""

    def __init__(self, job):
        self.job = job
        self.last_end: float | None = None
        self.index = 0

    def step(self) -> Done:
        launched, took = launch(self.job)
        self.job.sync_loss()
        t = time.time()
        done = (self.index, t, t - (self.last_end if self.last_end is not None else launched), took)
        self.last_end = t
        self.index += 1
        return done

    def drain(self) -> None:
        """Nothing is in flight; the next step's time is counted from its own launch."""
        self.last_end = None


class Stepper:
    def __init__(self, job):
        self.job = job
        self.pending = None  # (index, mark, launch time, seconds the launch took)
        self.last_end: float | None = None
        self.index = 0

    def _finish_pending(self) -> Done:
        idx, mark, launched, took = self.pending
        self.job.wait(mark)
        t = time.time()
        start = self.last_end if self.last_end is not None else launched
        self.last_end, self.pending = t, None
        return idx, t, t - start, took

    def step(self) -> Done | None:
        """Launch one step; return the step before it, once that one finished."""
        launched, took = launch(self.job)
        mark = self.job.mark()
        done = self._finish_pending() if self.pending is not None else None
        self.pending = (self.index, mark, launched, took)
        self.index += 1
        return done

    def drain(self) -> Done | None:
        """Finish the step in flight; the next step's time is then counted from its own launch."""
        done = self._finish_pending() if self.pending is not None else None
        self.last_end = None
        return done
