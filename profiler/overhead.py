"""Measurement cost: the same process alternates bare blocks (launch steps, one final sync) with
instrumented blocks (the worker's stepper, step records written, an NVML sampler thread running)."""

from __future__ import annotations

import time

from .sampler import Sampler
from .stepper import Stepper, step_record


def _bare(job, steps: int) -> float:
    t = time.time()
    for _ in range(steps):
        job.launch_step()
    job.wait(job.mark())
    return time.time() - t


def _instrumented(job, files, steps: int, hz: float, block: int) -> float:
    sampler = Sampler(hz)
    sampler.set_sink(lambda rec: files.write("samples", rec))
    sampler.start()
    stepper = Stepper(job)
    t = time.time()
    for _ in range(steps):
        done = stepper.step()
        if done:
            files.write("steps", step_record(0, done, "measure", offset=block * steps))
    files.write("steps", step_record(0, stepper.drain(), "measure", offset=block * steps))
    secs = time.time() - t
    sampler.stop()
    return secs


def measure_overhead(job, files, batch: int, blocks: int, steps: int, hz: float) -> None:
    _bare(job, max(3, steps // 3))  # warm-up
    for b in range(blocks):
        # ABBA order so a slow drift of the clock or the GPU does not favour one kind.
        for kind in ("bare", "instrumented") if b % 2 == 0 else ("instrumented", "bare"):
            secs = _bare(job, steps) if kind == "bare" else _instrumented(job, files, steps, hz, b)
            record = {"block": b, "kind": kind, "steps": steps, "seconds": round(secs, 6)}
            files.write("overhead", {**record, "throughput_img_s": round(batch * steps / secs, 3)})
