"""A job that sleeps through its steps: the worker/coordinator machinery exercised without torch or a GPU.

`fake:` fields of a workload (all optional): `step_s` (a step on the whole fake GPU), `parallel` (the share of a
step that scales with SMs, so an MPS active-thread percentage slows it), `build_s` (model build), `mem_bytes`
(what it holds), `min_mem_bytes` (the least it trains in under a memory cap; less runs out of memory) and
`oom_at_step` (the step that runs out of memory; 0: never)."""

from __future__ import annotations

import math
import os
import time

from ..gpu import FAKE_GPU, fake_hold

# What the fake process holds beyond its job's memory, as a CUDA context does.
CONTEXT_BYTES = 256 << 20
TPC_SMS = 2  # MPS rounds a percentage's SMs down to whole TPCs


class FakeOutOfMemory(RuntimeError):
    pass


def mps_sms(total: int) -> int:
    """SMs an MPS client sees under CUDA_MPS_ACTIVE_THREAD_PERCENTAGE, rounded down to whole TPCs."""
    pct = os.environ.get("CUDA_MPS_ACTIVE_THREAD_PERCENTAGE")
    if pct is None:
        return total
    return max(TPC_SMS, math.floor(float(pct) / 100 * total / TPC_SMS) * TPC_SMS)


class FakeJob:
    def __init__(self, workload: dict, settings: dict):
        fake = workload.get("fake", {})
        self.batch = workload["batch"]
        total = FAKE_GPU["sm_count"]
        self.sms = mps_sms(total)
        parallel = float(fake.get("parallel", 0.0))
        self.step_s = float(fake.get("step_s", 0.01)) * (1 - parallel + parallel * total / self.sms)
        self.build_s = float(fake.get("build_s", 0.0))
        self.oom_at_step = int(fake.get("oom_at_step", 0))
        self.mem_bytes = int(fake.get("mem_bytes", 1 << 30))
        self.min_mem_bytes = int(fake.get("min_mem_bytes", self.mem_bytes))
        self.cap_bytes = int(float(settings.get("memory_cap_gib", 0.0)) * 2**30)
        self.steps = 0

    def build(self) -> None:
        time.sleep(self.build_s)
        if self.oom_at_step == 1:
            raise FakeOutOfMemory("fake out of memory while building")
        if self.cap_bytes and self.cap_bytes < self.min_mem_bytes:
            raise FakeOutOfMemory(f"fake out of memory under a {self.cap_bytes} byte cap")
        if self.cap_bytes:  # under a cap it trains in less, down to its least (smaller cuDNN workspaces)
            self.mem_bytes = min(self.mem_bytes, self.cap_bytes)
        fake_hold(self.mem_bytes + CONTEXT_BYTES)

    def launch_step(self) -> None:
        self.steps += 1
        if self.oom_at_step and self.steps >= self.oom_at_step:
            raise FakeOutOfMemory(f"fake out of memory at step {self.steps}")
        time.sleep(self.step_s)

    def sync_loss(self) -> float:
        return 0.0

    def mark(self) -> float:
        return time.time()

    def wait(self, mark: float) -> None:
        pass

    def is_oom(self, err: BaseException) -> bool:
        return isinstance(err, FakeOutOfMemory)

    def memory(self) -> dict:
        return {"mem_allocated_peak_bytes": self.mem_bytes, "mem_reserved_peak_bytes": self.mem_bytes}

    def sm_count(self) -> int | None:
        return self.sms

    def trace(self, iters: int) -> dict:
        """A chrome trace shaped like torch.profiler's: each iteration a step long, its two kernels busy half of it
        (as the fake samples' 50 % utilization says)."""
        events, ts, step_us = [], 0.0, self.step_s * 1e6
        for k in range(iters):
            events.append({"ph": "X", "cat": "user_annotation", "name": f"colloc_iter_{k}", "ts": ts, "dur": step_us})
            for j, (start, dur) in enumerate(((0.1, 0.3), (0.5, 0.2))):
                corr = k * 10 + j
                launch = {"correlation": corr}
                at = ts + start * step_us
                events.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "ts": at - 5, "dur": 2.0, "args": launch})
                shape = {"grid": [264, 1, 1], "block": [128, 1, 1], "registers per thread": 32, "shared memory": 0, "stream": 7}
                kernel = {"ph": "X", "cat": "kernel", "name": f"fake_kernel_{j}", "ts": at, "dur": dur * step_us}
                events.append({**kernel, "args": {**launch, **shape}})
            time.sleep(self.step_s)
            ts += step_us
        return {"traceEvents": events}

    def close(self) -> None:
        fake_hold(None)
