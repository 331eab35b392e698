"""Persistent workers grouped by the environment they were started with (MPS client or not, active-thread
percentage, MIG instance, green-context size): a worker's environment is fixed for its lifetime."""

from __future__ import annotations

import time

from .experiment import MPS_MODES, Experiment, ProcSpec
from .mps import client_env, percentage_for
from .worker_handle import WorkerHandle

PRELOAD_TIMEOUT_S = 300


class Pools:
    def __init__(self, kind: str, sm_count: int, mps_pipe_dir=None, on_log=print):
        self.kind = kind  # "timm" or "fake": what workers preload
        self.sm_count = sm_count
        self.mps_pipe_dir = mps_pipe_dir
        self.pools: dict[tuple, list[WorkerHandle]] = {}
        self.log = on_log

    def key(self, mode: str, p: ProcSpec) -> tuple:
        if mode in MPS_MODES:
            pct = percentage_for(p.sm_limit, self.sm_count) if mode == "mps-partitioned" else None
            return ("mps", pct)
        if mode == "green":
            return ("green", p.sm_limit)
        if mode == "mig":
            return ("mig", p.mig_uuid)
        return ("plain", None)

    def env(self, key: tuple) -> dict[str, str]:
        if key[0] == "mps":
            return client_env(self.mps_pipe_dir, key[1])
        if key[0] == "mig":
            return {"CUDA_VISIBLE_DEVICES": key[1]}
        return {}

    def workers_for(self, exp: Experiment) -> list[WorkerHandle]:
        """One worker per process of the experiment, reusing live workers of the same environment."""
        wanted: dict[tuple, int] = {}
        for p in exp.procs:
            wanted[self.key(exp.mode, p)] = wanted.get(self.key(exp.mode, p), 0) + 1
        spawned = []
        for key, n in wanted.items():
            live = [w for w in self.pools.get(key, []) if w.alive()]
            while len(live) < n:
                w = WorkerHandle(self.env(key), f"{key}#{len(live)}")
                w.send(op="preload", kind=self.kind)
                live.append(w)
                spawned.append(w)
            self.pools[key] = live
        deadline = time.time() + PRELOAD_TIMEOUT_S
        for w in spawned:
            msg = w.recv(max(0.1, deadline - time.time()))
            if msg.get("op") != "preloaded":
                self.log(f"worker {w.label} did not start: {msg}")
                w.kill()
        taken: dict[tuple, int] = {}
        out = []
        for p in exp.procs:
            key = self.key(exp.mode, p)
            out.append(self.pools[key][taken.get(key, 0)])
            taken[key] = taken.get(key, 0) + 1
        return out

    def release(self, exp: Experiment) -> None:
        """Stop the workers of an experiment's environments (MIG instances about to be destroyed)."""
        for key in {self.key(exp.mode, p) for p in exp.procs}:
            for w in self.pools.pop(key, []):
                w.close()

    def close(self) -> None:
        for workers in self.pools.values():
            for w in workers:
                w.close()
        self.pools.clear()
