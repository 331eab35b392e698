"""Measurement cost: the same process alternates bare blocks (the same training loop, nothing recorded) with
instrumented blocks (the worker's stepper, step records written, an NVML sampler thread running)."""

from __future__ import annotations

import time

from .sampler import Sampler
from .stepper import make_stepper, step_record


def _bare(job, steps: int, loop: str) -> float:
    t = time.time()
    for _ in range(steps):
        job.launch_step()
        if loop == "sync":
            job.sync_loss()
    job.wait(job.mark())
    return time.time() - t


def _instrumented(job, files, steps: int, hz: float, block: int, loop: str) -> float:
    sampler = Sampler(hz)
    sampler.set_sink(lambda rec: files.write("samples", rec))
    sampler.start()
    stepper = make_stepper(job, loop)
    t = time.time()
    for _ in range(steps):
        done = stepper.step()
        if done:
            files.write("steps", step_record(0, done, "measure", offset=block * steps))
    last = stepper.drain()
    if last:
        files.write("steps", step_record(0, last, "measure", offset=block * steps))
    secs = time.time() - t
    sampler.stop()
    return secs


def measure_overhead(job, files, batch: int, blocks: int, steps: int, hz: float, loop: str) -> None:
    _bare(job, max(3, steps // 3), loop)  # warm-up
    for b in range(blocks):
        # ABBA order so a slow drift of the clock or the GPU does not favour one kind.
        for kind in ("bare", "instrumented") if b % 2 == 0 else ("instrumented", "bare"):
            secs = _bare(job, steps, loop) if kind == "bare" else _instrumented(job, files, steps, hz, b, loop)
            record = {"block": b, "kind": kind, "steps": steps, "seconds": round(secs, 6)}
            files.write("overhead", {**record, "throughput_img_s": round(batch * steps / secs, 3)})
