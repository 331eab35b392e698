"""One experiment on a set of workers: prepare (build + warm up), a shared measurement window, an optional
kernel-trace phase, then per-process results. Every phase has a timeout; a worker that dies or hangs is
recorded as `killed` and the run as `partial`."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

from .experiment import Experiment
from .jsonl import RunFiles, gzip_streams, read_jsonl
from .manifest import new_manifest, write_json_atomic
from .mps import percentage_for
from .workloads import Workload

PREPARE_TIMEOUT_S = 300.0
MEASURE_TIMEOUT_S = 240.0
TRACE_TIMEOUT_S = 180.0
FINISH_TIMEOUT_S = 60.0
WINDOW_LEAD_S = 0.3  # the window opens this long after the last worker is warm, so every worker hears of it
TURN_LEAD_S = 1.0
# procs.jsonl fields only a living worker can report
UNKNOWN_AFTER_KILL = (
    "step_time_median_s",
    "throughput_img_s",
    "epoch_time_s",
    "mem_allocated_peak_bytes",
    "mem_reserved_peak_bytes",
    "nvml_mem_bytes",
    "sm_count_seen",
)


class Outcomes:
    """What each process ended as, while the phases go on."""

    def __init__(self, workers):
        self.workers = dict(enumerate(workers))
        self.live = set(self.workers)
        self.killed: set[int] = set()
        self.seen: dict[int, dict] = {}
        self.replied: set[tuple[int, str]] = set()

    def wait_for(self, op: str, timeout_s: float, procs=None) -> bool:
        """Until every live worker (of `procs`, default all) replied `op`, now or in an earlier wait. False as soon
        as one dies or the phase times out: the run is partial then, and measuring on would be wasted."""
        deadline = time.time() + timeout_s
        waiting = {p for p in (self.live if procs is None else procs) if p in self.live and (p, op) not in self.replied}
        while waiting:
            for proc in sorted(waiting):
                msg = self.workers[proc].recv(0.02)
                if msg["op"] == op:
                    self.seen.setdefault(proc, {}).update(msg)
                    self.replied.add((proc, op))
                    waiting.discard(proc)
                elif msg["op"] == "failed":  # out of memory or an error: alive, no longer training
                    self.live.discard(proc)
                    waiting.discard(proc)
                elif msg["op"] == "eof" or time.time() > deadline:
                    self.workers[proc].kill()
                    self.live.discard(proc)
                    self.killed.add(proc)
                    return False
        return True

    def send_live(self, **msg) -> None:
        for proc in sorted(self.live):
            self.workers[proc].send(**msg)


def killed_record(run_dir: Path, proc: int, workload: str, pid: int) -> dict:
    measured = [s for s in read_jsonl(run_dir / "steps.jsonl") if s["proc"] == proc and s["phase"] == "measure"]
    return {
        "proc": proc,
        "workload": workload,
        "pid": pid,
        "outcome": "killed",
        "steps_measured": len(measured),
        **dict.fromkeys(UNKNOWN_AFTER_KILL),
        "error": "worker process died or hung",
    }


def finish(out: Outcomes, exp: Experiment, run_dir: Path) -> list[dict]:
    records = []
    for proc, w in out.workers.items():
        workload = exp.procs[proc].workload
        if proc not in out.killed and w.send(op="finish"):
            msg = w.recv(FINISH_TIMEOUT_S)
            if msg["op"] == "finished":
                records.append({"proc": proc, **msg["summary"]})
                continue
            w.kill()
            out.killed.add(proc)
        records.append(killed_record(run_dir, proc, workload, w.pid))
    return records


def status_of(records: list[dict], interrupted: bool) -> str:
    if interrupted or any(r["outcome"] == "killed" for r in records):
        return "partial"
    if any(r["outcome"] == "error" for r in records):
        return "failed"
    return "complete"


def measure_in_turns(out: Outcomes, s, manifest: dict, run_dir: Path) -> None:
    """Each live process in turn measures (and traces) alone while the others wait idle; the manifest's window spans
    every turn. A process re-warms the GPU for TURN_LEAD_S before its window opens."""
    first = None
    for proc in sorted(out.live):
        start = time.time() + TURN_LEAD_S
        first = first or start
        window = {"start": start, "end": start + s.measure_s}
        out.workers[proc].send(op="measure", window=window, min_steps=s.min_steps)
        if not out.wait_for("measured", MEASURE_TIMEOUT_S + s.measure_s, [proc]):
            return
        if s.trace_iters and proc in out.live:
            out.workers[proc].send(op="trace", iters=s.trace_iters)
            if not out.wait_for("traced", TRACE_TIMEOUT_S, [proc]):
                return
        manifest["window"] = {"start": first, "end": time.time()}
        write_json_atomic(run_dir / "manifest.json", manifest)


def run_experiment(
    exp: Experiment, workloads: dict[str, Workload], environment: dict, runs_dir: Path, sampler, workers
) -> str:
    run_dir = Path(runs_dir) / exp.run_id
    if run_dir.exists():
        shutil.rmtree(run_dir)  # a stale, unfinished attempt: measured again from scratch
    run_dir.mkdir(parents=True)
    files = RunFiles(run_dir)
    manifest = new_manifest(exp, workloads, environment)
    sm_count = environment["gpu"]["sm_count"]
    for rec, p, w in zip(manifest["processes"], exp.procs, workers):
        rec["mps_percentage"] = percentage_for(p.sm_limit, sm_count) if exp.mode == "mps-partitioned" else None
        # A worker that trained before keeps what it autotuned then (cuDNN caches per process): 0 is a fresh process.
        rec["worker_prior_jobs"] = w.jobs
        w.jobs += 1
    write_json_atomic(run_dir / "manifest.json", manifest)
    files.write("events", {"t": time.time(), "kind": "start", "proc": None, "detail": exp.run_id})
    sampler.set_sink(lambda rec: files.write("samples", rec))
    out = Outcomes(workers)
    interrupted = False
    records: list[dict] = []
    s = exp.settings
    try:
        ok = True
        for proc, w in out.workers.items():
            p = exp.procs[proc]
            w.send(
                op="prepare",
                run_dir=str(run_dir),
                proc=proc,
                workload={"id": p.workload, **workloads[p.workload].record()},
                settings=vars(s),
                sm_limit=p.sm_limit,
                green=exp.mode == "green",
            )
            if s.start != "together":  # the next starts once this one is warm (staggered: it trains on meanwhile)
                ok = out.wait_for("ready", PREPARE_TIMEOUT_S, [proc]) and ok
        ok = out.wait_for("ready", PREPARE_TIMEOUT_S) and ok
        if ok and out.live and s.measure == "turns":
            measure_in_turns(out, s, manifest, run_dir)
        elif ok and out.live:
            start = time.time() + WINDOW_LEAD_S
            manifest["window"] = {"start": start, "end": start + s.measure_s}
            write_json_atomic(run_dir / "manifest.json", manifest)
            out.send_live(op="measure", window=manifest["window"], min_steps=s.min_steps)
            ok = out.wait_for("measured", MEASURE_TIMEOUT_S + s.measure_s)
            if ok and s.trace_iters and out.live:
                out.send_live(op="trace", iters=s.trace_iters)
                out.wait_for("traced", TRACE_TIMEOUT_S)
    except KeyboardInterrupt:
        interrupted = True
        raise
    finally:
        sampler.set_sink(None)
        records = finish(out, exp, run_dir)
        for r in records:
            files.write("procs", r)
        files.write("events", {"t": time.time(), "kind": "exit", "proc": None, "detail": None})
        files.close()
        gzip_streams(run_dir)
        for rec, r in zip(manifest["processes"], records):
            rec["sm_count_seen"] = r.get("sm_count_seen")
        manifest.update(ended_at=time.time(), status=status_of(records, interrupted))
        write_json_atomic(run_dir / "manifest.json", manifest)
    return manifest["status"]
