"""A worker process (`python -m profiler.worker`): imports torch and timm once, then trains one
job after another on the coordinator's orders (JSON lines on stdin, replies on stdout; see runner.py).

States: idle (waits), warmup / measure / tail (steps until the next order), job (a replay job's steps)."""

from __future__ import annotations

import json
import os
import queue
import statistics
import sys
import threading
import time

from .backends import make_job, preload
from .gpu import process_memory
from .jsonl import RunFiles
from .kernel_trace import parse_trace
from .stepper import Done, make_stepper, step_record

STEPPING = ("warmup", "measure", "tail", "job")


class Worker:
    def __init__(self, proto_out):
        self.out = proto_out
        self.inbox: queue.Queue = queue.Queue()
        self.state = "idle"
        # The coordinator's orders, by op (exit ends the loop).
        self.orders = {
            "preload": self.on_preload,
            "prepare": self.on_prepare,
            "measure": self.on_measure,
            "trace": self.on_trace,
            "finish": self.on_finish,
            "job": self.on_job,
            "overhead": self.on_overhead,
        }
        # The current job (start_job sets these afresh for each one).
        self.job = self.files = self.stepper = None
        self.proc: int | None = None
        self.w: dict = {}
        self.settings: dict = {}
        self.outcome, self.error = "ok", None
        self.measured: list[float] = []
        self.sm_seen = self.nvml_mem = self.train_start = None
        self.memory: dict = {}
        # Warm-up: when steady stepping began, steps so far, whether `ready` was sent.
        self.warm_since: float | None = None
        self.warm_steps, self.ready_sent = 0, False
        # Measurement window, and a replay job's step target and count.
        self.window: dict = {}
        self.min_steps = self.target = self.done_steps = 0

    # -- protocol ---------------------------------------------------------------------------------
    def reply(self, **msg) -> None:
        self.out.write(json.dumps(msg) + "\n")
        self.out.flush()

    def event(self, kind: str, detail: str | None = None) -> None:
        self.files.write("events", {"t": time.time(), "kind": kind, "proc": self.proc, "detail": detail})

    def listen(self) -> None:
        for line in sys.stdin:
            if line.strip():
                self.inbox.put(json.loads(line))
        self.inbox.put({"op": "exit"})

    def loop(self) -> None:
        threading.Thread(target=self.listen, daemon=True).start()
        while True:
            try:
                msg = self.inbox.get_nowait() if self.state in STEPPING else self.inbox.get()
            except queue.Empty:
                msg = None
            if msg is None:
                self.guarded(self.one_step)
            elif msg["op"] == "exit":
                return
            else:
                self.guarded(self.orders[msg["op"]], msg)

    def guarded(self, fn, *args) -> None:
        """Out-of-memory and other failures end the job, not the worker."""
        try:
            fn(*args)
        except Exception as err:  # noqa: BLE001 - recorded as the job's outcome
            if self.job is None:
                raise
            self.outcome = "oom" if self.job.is_oom(err) else "error"
            self.error = f"{type(err).__name__}: {err}"[:500]
            self.event("oom" if self.outcome == "oom" else "error", self.error)
            self.free_job()
            self.state = "idle"
            steps, started = len(self.measured), self.train_start
            self.reply(op="failed", proc=self.proc, outcome=self.outcome, error=self.error, steps=steps, train_start=started)

    # -- orders -----------------------------------------------------------------------------------
    def on_preload(self, msg: dict) -> None:
        self.reply(op="preloaded", versions=preload(msg["kind"]))

    def start_job(self, msg: dict) -> None:
        self.files = RunFiles(msg["run_dir"])
        self.proc, self.w, self.settings = msg["proc"], msg["workload"], msg["settings"]
        self.outcome, self.error, self.measured, self.sm_seen = "ok", None, [], None
        self.nvml_mem, self.memory, self.train_start = None, {}, None
        self.job = make_job(self.w, self.settings, msg.get("sm_limit"), msg.get("green", False))
        self.job.build()
        self.sm_seen = self.job.sm_count()
        self.stepper = make_stepper(self.job, self.settings.get("loop", "sync"))
        self.event("start", f"pid {os.getpid()}")

    def on_prepare(self, msg: dict) -> None:
        self.start_job(msg)
        self.warm_since, self.warm_steps, self.ready_sent = None, 0, False
        self.state = "warmup"

    def on_measure(self, msg: dict) -> None:
        self.window, self.min_steps = msg["window"], msg["min_steps"]
        self.state = "measure"

    def on_trace(self, msg: dict) -> None:
        self.state = "idle"
        self.stepper.drain()
        kernels, iterations = parse_trace(self.job.trace(msg["iters"]), self.proc)
        for k in kernels:
            self.files.write("kernels", k)
        for it in iterations:
            self.files.write("iterations", it)
        self.reply(op="traced", proc=self.proc, kernels=len(kernels))

    def on_finish(self, msg: dict) -> None:
        self.state = "idle"
        if self.job is not None:
            self.stepper.drain()
            self.memory = self.job.memory()
            self.nvml_mem = process_memory(os.getpid())
            self.free_job()
        self.reply(op="finished", proc=self.proc, summary=self.summary())
        self.files.close()

    def on_job(self, msg: dict) -> None:
        """A replay job: train `steps` steps, then report."""
        self.start_job(msg)
        self.target, self.done_steps, self.train_start = msg["steps"], 0, time.time()
        self.state = "job"

    def on_overhead(self, msg: dict) -> None:
        from .overhead import measure_overhead

        self.start_job(msg)
        measure_overhead(
            self.job, self.files, self.w["batch"], msg["blocks"], msg["steps"], self.settings["sample_hz"], self.settings["loop"]
        )
        self.on_finish(msg)

    # -- stepping ---------------------------------------------------------------------------------
    def one_step(self) -> None:
        last_of_job = self.state == "job" and self.stepper.index >= self.target
        done = self.stepper.drain() if last_of_job else self.stepper.step()
        if done is None:
            return
        _, t_end, dt, _ = done
        if self.state == "warmup":
            self.record(done, "warmup")
            self.warm_since = self.warm_since or (t_end - dt)
            self.warm_steps += 1
            warm = t_end - self.warm_since >= self.settings["warmup_s"]
            if warm and not self.ready_sent and self.warm_steps >= self.settings["min_warmup_steps"]:
                self.ready_sent = True
                self.event("warmup_done")
                self.reply(op="ready", proc=self.proc, sm_count_seen=self.sm_seen)
                # isolated: wait, GPU idle, while the next ones warm up alone; turns: until this one's turn
                if self.settings.get("start") == "isolated" or self.turns():
                    self.stepper.drain()
                    self.state = "idle"
        elif self.state == "measure":
            inside = t_end - dt >= self.window["start"]
            self.record(done, "measure" if inside else "warmup")
            if inside:
                if not self.measured:
                    self.event("measure_start")
                self.measured.append(dt)
                if len(self.measured) >= self.min_steps and t_end >= self.window["end"]:
                    self.event("measure_end")
                    if self.turns():  # the next one's turn: leave the GPU to it
                        self.stepper.drain()
                        self.state = "idle"
                    else:
                        self.state = "tail"  # keep the GPU as busy as before until every co-runner is done
                    self.reply(op="measured", proc=self.proc)
        elif self.state == "job":
            self.record(done, "job")
            self.measured.append(dt)
            self.done_steps += 1
            if self.done_steps >= self.target:
                self.state = "idle"
                self.reply(op="job_done", proc=self.proc, train_start=self.train_start, finish=t_end, steps=self.done_steps)

    def turns(self) -> bool:
        return self.settings.get("measure") == "turns"

    def record(self, done: Done, phase: str) -> None:
        self.files.write("steps", step_record(self.proc, done, phase))

    def free_job(self) -> None:
        job, self.job = self.job, None
        if not self.memory:
            try:
                self.memory = job.memory()
            except Exception:  # noqa: BLE001 - the failed job's stats are best effort
                self.memory = {}
        try:
            job.close()
        except Exception:  # noqa: BLE001 - freeing after an OOM can fail again; the process stays usable
            pass

    def summary(self) -> dict:
        n = len(self.measured)
        total = sum(self.measured)
        tput = self.w["batch"] * n / total if n and total > 0 else None
        mem = self.memory or {}
        return {
            "workload": self.w["id"],
            "pid": os.getpid(),
            "outcome": self.outcome,
            "steps_measured": n,
            "step_time_median_s": round(statistics.median(self.measured), 6) if n else None,
            "throughput_img_s": round(tput, 3) if tput else None,
            "epoch_time_s": round(self.w["images_per_epoch"] / tput, 3) if tput else None,
            "mem_allocated_peak_bytes": mem.get("mem_allocated_peak_bytes"),
            "mem_reserved_peak_bytes": mem.get("mem_reserved_peak_bytes"),
            "nvml_mem_bytes": self.nvml_mem,
            "sm_count_seen": self.sm_seen,
            "error": self.error,
        }


def main() -> None:
    # stdout carries the protocol; anything a library prints goes to stderr.
    proto = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    Worker(proto).loop()


if __name__ == "__main__":
    main()
