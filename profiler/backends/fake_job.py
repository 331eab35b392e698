"""A job that sleeps through its steps: the worker/coordinator machinery exercised without torch or a GPU."""

from __future__ import annotations

import time


class FakeOutOfMemory(RuntimeError):
    pass


class FakeJob:
    def __init__(self, workload: dict, settings: dict):
        fake = workload.get("fake", {})
        self.batch = workload["batch"]
        self.step_s = float(fake.get("step_s", 0.01))
        self.oom_at_step = int(fake.get("oom_at_step", 0))
        self.mem_bytes = int(fake.get("mem_bytes", 1 << 30))
        self.steps = 0

    def build(self) -> None:
        if self.oom_at_step == 1:
            raise FakeOutOfMemory("fake out of memory while building")

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
        return None

    def trace(self, iters: int) -> dict:
        """A chrome trace shaped like torch.profiler's: two kernels per iteration."""
        events, ts = [], 0.0
        for k in range(iters):
            events.append({"ph": "X", "cat": "user_annotation", "name": f"colloc_iter_{k}", "ts": ts, "dur": 100.0})
            for j, (start, dur) in enumerate(((10.0, 30.0), (50.0, 20.0))):
                corr = k * 10 + j
                launch = {"correlation": corr}
                events.append({"ph": "X", "cat": "cuda_runtime", "name": "cudaLaunchKernel", "ts": ts + start - 5, "dur": 2.0, "args": launch})
                shape = {"grid": [1, 1, 1], "block": [128, 1, 1], "registers per thread": 32, "shared memory": 0, "stream": 7}
                kernel = {"ph": "X", "cat": "kernel", "name": f"fake_kernel_{j}", "ts": ts + start, "dur": dur}
                events.append({**kernel, "args": {**launch, **shape}})
            time.sleep(self.step_s)
            ts += 100.0
        return {"traceEvents": events}

    def close(self) -> None:
        pass
