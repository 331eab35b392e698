"""Live replay: a scenario's jobs on this GPU, each its own process, started at its arrival time under the
scenario's sharing setup. One run folder (mode `replay`) with jobs.jsonl beside the usual streams.

By default each job is a fresh process launched when it starts, as Slurm or a shell starts `python train.py`:
its start-up runs from the launch (interpreter, `import torch, timm`, CUDA context, model build, cuDNN
autotuning). With warm workers (`--warm-workers`, the replays recorded before 2026-12-01) every job's process
is started, has imported torch and timm and made its CUDA context before the replay's clock starts, so a job's
start-up is its model build and autotuning only. The manifest's `launch` says which."""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from contextlib import nullcontext
from pathlib import Path

from .experiment import Experiment, ProcSpec
from .jsonl import RunFiles, gzip_streams
from .manifest import mark_stale, new_manifest, write_json_atomic
from .mps import MpsDaemon, client_env
from .runner import FINISH_TIMEOUT_S, killed_record
from .sampler import Sampler
from .scenario import Scenario, startable
from .worker_handle import WorkerHandle
from .workloads import Workload

POLL_S = 0.02
JOB_TIMEOUT_S = 900.0
LAUNCHES = ("fresh-process", "warm-workers")


def jit_cache_bytes() -> int:
    """Bytes in the CUDA JIT cache (kernels shipped as PTX, compiled at their first use on a machine and kept).
    A start-up that compiles takes several times longer: a replay records the cache before and after its jobs, so
    growth marks one that ran on a cold machine."""
    root = Path(os.environ.get("CUDA_CACHE_PATH") or Path.home() / ".nv" / "ComputeCache")
    return sum(f.stat().st_size for f in root.rglob("*") if f.is_file()) if root.is_dir() else 0


def _note_jit_cache(files: RunFiles) -> None:
    files.write("events", {"t": time.time(), "kind": "jit_cache", "proc": None, "detail": str(jit_cache_bytes())})


def replay_experiment(sc: Scenario, validation: bool = True) -> Experiment:
    """Replays are validation runs unless made for calibration to fit (e.g. job start-up times)."""
    procs = tuple(ProcSpec(i, j.workload) for i, j in enumerate(sc.jobs))
    notes = f"live replay of scenario {sc.name}"
    return Experiment(sc.name, "replay", sc.sharing, procs, validation=validation, notes=notes)


def run_replay(
    sc: Scenario,
    workloads: dict[str, Workload],
    environment: dict,
    runs_dir: Path,
    log=print,
    mps_daemon: MpsDaemon | None = None,
    scenario_file: Path | None = None,
    validation: bool = True,
    launch: str = "fresh-process",
) -> str:
    for run in mark_stale(Path(runs_dir)) if Path(runs_dir).is_dir() else []:
        log(f"{run}: its coordinator was killed while it ran: manifest marked partial")
    run_dir = Path(runs_dir) / sc.name
    if run_dir.exists():
        shutil.rmtree(run_dir)
    run_dir.mkdir(parents=True)
    if scenario_file is not None:
        # The run carries what it replayed, so `colloc validate` simulates exactly that scenario.
        shutil.copyfile(scenario_file, run_dir / "scenario.yaml")
    exp = replay_experiment(sc, validation)
    manifest = new_manifest(exp, workloads, environment, mode="replay")
    manifest["launch"] = launch
    for rec, j in zip(manifest["processes"], sc.jobs):
        rec.update(job=j.id, mps_percentage=j.mps_percentage)
    write_json_atomic(run_dir / "manifest.json", manifest)
    files = RunFiles(run_dir)
    kind = "fake" if all(workloads[j.workload].kind == "fake" for j in sc.jobs) else "timm"
    sampler = Sampler(exp.settings.sample_hz, use_gpm=bool(environment["capabilities"].get("gpm")))
    sampler.set_sink(lambda rec: files.write("samples", rec))
    uses_mps = sc.sharing in ("mps", "mps-partitioned")
    interrupted = False
    with tempfile.TemporaryDirectory(prefix="colloc-mps-") as base:
        daemon = (mps_daemon or MpsDaemon(Path(base))) if uses_mps else None
        if daemon is not None:
            daemon.on_event = lambda k, d: files.write("events", {"t": time.time(), "kind": k, "proc": None, "detail": d})
        with daemon or nullcontext():
            workers: list[WorkerHandle | None] = [None] * len(sc.jobs)
            records: list[dict] = []

            def spawn(i: int) -> WorkerHandle:
                j = sc.jobs[i]
                env = client_env(daemon.pipe_dir, j.mps_percentage, sc.memory_limit_gb) if daemon else {}
                workers[i] = WorkerHandle(env, j.id)
                files.write("events", {"t": time.time(), "kind": "process_start", "proc": i, "detail": f"pid {workers[i].pid}"})
                return workers[i]

            try:
                if launch == "warm-workers":
                    for i in range(len(sc.jobs)):
                        spawn(i).send(op="preload", kind=kind)
                    for w in workers:
                        w.recv(300)
                _note_jit_cache(files)
                sampler.start()
                launched = (lambda i: workers[i]) if launch == "warm-workers" else spawn
                records = _drive(sc, launched, workloads, files, run_dir, manifest, log)
                _note_jit_cache(files)
            except KeyboardInterrupt:
                interrupted = True
                raise
            finally:
                sampler.stop()
                for w in workers:
                    if w is not None:
                        w.close(timeout_s=10)
                files.close()
                gzip_streams(run_dir)
                seen = {r["proc"]: r.get("sm_count_seen") for r in records}
                for rec in manifest["processes"]:
                    rec["sm_count_seen"] = seen.get(rec["proc"])
                manifest["ended_at"] = time.time()
                ended = all(r["outcome"] in ("ok", "oom") for r in records)
                manifest["status"] = "complete" if ended and len(records) == len(sc.jobs) and not interrupted else "partial"
                write_json_atomic(run_dir / "manifest.json", manifest)
    return manifest["status"]


def _drive(sc: Scenario, launched, workloads, files: RunFiles, run_dir: Path, manifest: dict, log) -> list[dict]:
    """launched(i): job i's worker at its start (a fresh process, or its warm worker)."""
    t0 = time.time()
    manifest["window"] = {"start": t0, "end": t0}
    write_json_atomic(run_dir / "manifest.json", manifest)
    index = {j.id: i for i, j in enumerate(sc.jobs)}
    settings = vars(replay_experiment(sc).settings)
    started: set[str] = set()
    running: set[str] = set()
    arrived: set[str] = set()
    jobs: dict[str, dict] = {}
    records: list[dict] = []
    workers: dict[int, WorkerHandle] = {}
    while len(jobs) < len(sc.jobs) or running:
        now = time.time() - t0
        for j in sc.jobs:
            if j.arrival_s <= now and j.id not in arrived:
                arrived.add(j.id)
                files.write("events", {"t": time.time(), "kind": "job_arrival", "proc": index[j.id], "detail": j.id})
        for jid in startable(now, sc.jobs, started, running, sc.sharing):
            j, i = sc.jobs[index[jid]], index[jid]
            w = workloads[j.workload]
            order = {"run_dir": str(run_dir), "proc": i, "workload": {"id": w.id, **w.record()}, "steps": j.steps}
            workers[i] = launched(i)
            workers[i].send(op="job", settings=settings, **order)
            started.add(jid)
            running.add(jid)
            jobs[jid] = {
                "job": jid,
                "workload": j.workload,
                "proc": i,
                "arrival_s": j.arrival_s,
                "start_s": round(now, 4),
                "train_start_s": None,
                "finish_s": None,
                "steps": 0,
                "steps_target": j.steps,
                "outcome": "ok",
            }
            files.write("events", {"t": time.time(), "kind": "job_start", "proc": i, "detail": jid})
            log(f"{now:7.2f} s  start {jid} ({j.workload}, {j.steps} steps)")
        for jid in sorted(running):
            rec, w = jobs[jid], workers[index[jid]]
            msg = w.recv(0)
            if msg["op"] == "timeout" and time.time() - t0 - rec["start_s"] < JOB_TIMEOUT_S:
                continue
            if msg["op"] == "job_done":
                train_start, finish = round(msg["train_start"] - t0, 4), round(msg["finish"] - t0, 4)
                rec.update(train_start_s=train_start, finish_s=finish, steps=msg["steps"])
            elif msg["op"] == "failed":
                trained = None if msg["train_start"] is None else round(msg["train_start"] - t0, 4)
                rec.update(outcome=msg["outcome"], train_start_s=trained, finish_s=round(time.time() - t0, 4), steps=msg["steps"])
            else:
                rec.update(outcome="killed", finish_s=round(time.time() - t0, 4))
            records.append(_finish_job(w, rec, run_dir))
            files.write("jobs", rec)
            detail = f"{jid} {rec['outcome']}"
            files.write("events", {"t": time.time(), "kind": "job_finish", "proc": rec["proc"], "detail": detail})
            running.discard(jid)
            log(f"{time.time() - t0:7.2f} s  finish {jid}: {rec['outcome']}, {rec['steps']} steps")
        time.sleep(POLL_S)
    manifest["window"]["end"] = time.time()
    return records


def _finish_job(w: WorkerHandle, rec: dict, run_dir: Path) -> dict:
    """procs.jsonl record of a replay job; the worker process then exits, as the real job would."""
    files = RunFiles(run_dir)
    try:
        if rec["outcome"] != "killed" and w.send(op="finish"):
            msg = w.recv(FINISH_TIMEOUT_S)
            if msg["op"] == "finished":
                out = {"proc": rec["proc"], **msg["summary"]}
                files.write("procs", out)
                return out
        w.kill()
        rec["outcome"] = "killed"
        out = killed_record(run_dir, rec["proc"], rec["workload"], w.pid)
        files.write("procs", out)
        return out
    finally:
        files.close()
        w.send(op="exit")  # the process frees its GPU memory as it exits; the final cleanup reaps it
