"""The training loop's stepping, in one of two forms (Settings.loop):
- "sync" (the default): as timm's train.py, the study's script, does it: the host launches a step, then waits for
  its loss (`loss.item()`), so the GPU idles while the host launches the first kernels of the next step. Users'
  jobs look like this.
- "inflight": one step in flight: the GPU stays fed, and each step's end time is read when the GPU has finished
  it (a device event), so step times are synchronized without draining the queue."""

from __future__ import annotations

import time


def step_record(proc: int, done: tuple[int, float, float], phase: str, offset: int = 0) -> dict:
    """A steps.jsonl line for one finished step (index, t_end, dt_s) as the stepper reports it."""
    idx, t_end, dt = done
    return {"proc": proc, "step": offset + idx, "t_end": round(t_end, 6), "dt_s": round(dt, 6), "phase": phase}


LOOPS = ("sync", "inflight")


def make_stepper(job, loop: str):
    return SyncStepper(job) if loop == "sync" else Stepper(job)


class SyncStepper:
    """Launch a step, wait for its loss: each step is done when `step` returns."""

    def __init__(self, job):
        self.job = job
        self.last_end: float | None = None
        self.index = 0

    def step(self) -> tuple[int, float, float]:
        launched = time.time()
        self.job.launch_step()
        self.job.sync_loss()
        t = time.time()
        done = (self.index, t, t - (self.last_end if self.last_end is not None else launched))
        self.last_end = t
        self.index += 1
        return done

    def drain(self) -> None:
        """Nothing is in flight; the next step's time is counted from its own launch."""
        self.last_end = None


class Stepper:
    def __init__(self, job):
        self.job = job
        self.pending = None  # (index, mark, launch time)
        self.last_end: float | None = None
        self.index = 0

    def _finish_pending(self) -> tuple[int, float, float]:
        idx, mark, launched = self.pending
        self.job.wait(mark)
        t = time.time()
        start = self.last_end if self.last_end is not None else launched
        self.last_end, self.pending = t, None
        return idx, t, t - start

    def step(self) -> tuple[int, float, float] | None:
        """Launch one step; return (index, t_end, dt_s) of the step before it, once that one finished."""
        launched = time.time()
        self.job.launch_step()
        mark = self.job.mark()
        done = self._finish_pending() if self.pending is not None else None
        self.pending = (self.index, mark, launched)
        self.index += 1
        return done

    def drain(self) -> tuple[int, float, float] | None:
        """Finish the step in flight; the next step's time is then counted from its own launch."""
        done = self._finish_pending() if self.pending is not None else None
        self.last_end = None
        return done
