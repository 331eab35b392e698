"""The overhead check as a run folder (`overhead__<workload>`): one worker, blocks of bare and instrumented
steps (overhead.jsonl), and the cost in percent printed at the end."""

from __future__ import annotations

import shutil
import statistics
import time
from pathlib import Path

from .experiment import Experiment, ProcSpec
from .jsonl import RunFiles, read_jsonl
from .manifest import new_manifest, write_json_atomic
from .worker_handle import WorkerHandle
from .workloads import Workload


def cost_percent(blocks: list[dict]) -> float:
    """Median throughput lost by the instrumented blocks against the bare ones, in percent."""
    bare = statistics.median(b["throughput_img_s"] for b in blocks if b["kind"] == "bare")
    inst = statistics.median(b["throughput_img_s"] for b in blocks if b["kind"] == "instrumented")
    return round(100.0 * (bare - inst) / bare, 3)


def run_overhead(w: Workload, environment: dict, runs_dir: Path, blocks: int, steps: int, log=print) -> str:
    notes = f"{blocks} blocks of {steps} steps, ABBA order"
    exp = Experiment(f"overhead__{w.id}", "overhead", "exclusive", (ProcSpec(0, w.id),), notes=notes)
    run_dir = Path(runs_dir) / exp.run_id
    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True)
    manifest = new_manifest(exp, {w.id: w}, environment)
    write_json_atomic(run_dir / "manifest.json", manifest)
    worker = WorkerHandle({}, "overhead")
    status = "partial"
    try:
        worker.send(op="preload", kind=w.kind)
        worker.recv(300)
        order = {"run_dir": str(run_dir), "proc": 0, "workload": {"id": w.id, **w.record()}, "settings": vars(exp.settings)}
        worker.send(op="overhead", blocks=blocks, steps=steps, **order)
        msg = worker.recv(900)
        if msg["op"] == "finished":
            files = RunFiles(run_dir)
            files.write("procs", {"proc": 0, **msg["summary"]})
            files.close()
            status = "complete" if msg["summary"]["outcome"] == "ok" else "failed"
    finally:
        worker.close()
        manifest.update(ended_at=time.time(), status=status)
        results = read_jsonl(run_dir / "overhead.jsonl")
        if status == "complete" and results:
            manifest["notes"] += f"; cost {cost_percent(results)} % of throughput (median of blocks)"
        write_json_atomic(run_dir / "manifest.json", manifest)
    log(f"{exp.run_id}: {status}; {manifest['notes']}")
    return status
