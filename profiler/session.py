"""A list of experiments on this host: non-MPS modes first, then every MPS mode under one daemon, each run
in its own folder, skipping folders already complete (so a plan resumes where it stopped). An experiment may
have follow-ups that depend on what it measured (characterize's memory-cap search): they run in its section,
after it, on the same workers."""

from __future__ import annotations

import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from .experiment import MPS_MODES, Experiment
from .manifest import is_complete, mark_stale
from .mig import MigInstances, listed_instances, nvidia_smi
from .mps import MpsDaemon
from .pools import Pools
from .runner import run_experiment
from .sampler import Sampler
from .workloads import Workload

# A complete experiment and its run folder -> the experiments to run next (each in the same section: MPS or not).
FollowUp = Callable[[Experiment, Path], list[Experiment]]


def _with_uuids(e: Experiment, uuids: list[str]) -> Experiment:
    return replace(e, procs=tuple(replace(p, mig_uuid=uuids[i]) for i, p in enumerate(e.procs)))


def _creates_mig(e: Experiment) -> bool:
    return e.mode == "mig" and any(p.mig_profile for p in e.procs)


def _assign_mig(experiments: list[Experiment]) -> list[Experiment]:
    """One existing MIG instance per process, in nvidia-smi's order (feasibility.check made sure there are enough)."""
    if not any(e.mode == "mig" and not _creates_mig(e) for e in experiments):
        return experiments
    uuids = [uuid for _, uuid in listed_instances(nvidia_smi())]
    return [_with_uuids(e, uuids) if e.mode == "mig" and not _creates_mig(e) else e for e in experiments]


def run_all(
    experiments: list[Experiment],
    workloads: dict[str, Workload],
    environment: dict,
    runs_dir: Path,
    deadline: float | None = None,
    log=print,
    mps_daemon: MpsDaemon | None = None,
    follow_up: FollowUp | None = None,
) -> dict[str, str]:
    """Returns run_id -> status ("skipped" for complete folders, "deferred" past the deadline)."""
    runs_dir = Path(runs_dir)
    runs_dir.mkdir(parents=True, exist_ok=True)
    for run in mark_stale(runs_dir):
        log(f"{run}: its coordinator was killed while it ran: manifest marked partial")
    results: dict[str, str] = {}

    def pending(es: list[Experiment]) -> list[Experiment]:
        """Those of `es` to run; a complete one is skipped, and its follow-ups are looked at in turn."""
        out = []
        for e in es:
            if is_complete(runs_dir / e.run_id):
                results[e.run_id] = "skipped"
                out += pending(follow_up(e, runs_dir / e.run_id)) if follow_up else []
            else:
                out.append(e)
        return out

    todo = _assign_mig(pending(experiments))
    kind = "fake" if all(workloads[w].kind == "fake" for e in todo for w in e.workload_ids) else "timm"
    hz = max((e.settings.sample_hz for e in todo), default=12.5)
    sampler = Sampler(hz, use_gpm=bool(environment["capabilities"].get("gpm")))
    sampler.start()
    sm_count = environment["gpu"]["sm_count"]

    def run_section(section: list[Experiment], pools: Pools) -> None:
        try:
            for e in section:
                if deadline is not None and time.time() > deadline:
                    results[e.run_id] = "deferred"
                    continue
                t = time.time()
                if _creates_mig(e):
                    with MigInstances([p.mig_profile for p in e.procs]) as mig:
                        e = _with_uuids(e, mig.uuids)
                        results[e.run_id] = run_experiment(e, workloads, environment, runs_dir, sampler, pools.workers_for(e))
                        pools.release(e)  # no process may hold a context on an instance being destroyed
                else:
                    results[e.run_id] = run_experiment(e, workloads, environment, runs_dir, sampler, pools.workers_for(e))
                    if e.settings.cudnn_benchmark:
                        # A user's job is a fresh process that autotunes; a worker would keep what it tuned here.
                        pools.release(e)
                log(f"{e.run_id}: {results[e.run_id]} ({time.time() - t:.1f} s)")
                if follow_up and results[e.run_id] == "complete":
                    section.extend(pending(follow_up(e, runs_dir / e.run_id)))  # the loop reaches them
        finally:
            pools.close()

    try:
        plain = [e for e in todo if e.mode not in MPS_MODES]
        mps = [e for e in todo if e.mode in MPS_MODES]
        if plain:
            run_section(plain, Pools(kind, sm_count, on_log=log))
        if mps and (deadline is None or time.time() < deadline):
            with tempfile.TemporaryDirectory(prefix="colloc-mps-") as base:
                daemon = mps_daemon or MpsDaemon(Path(base), on_event=lambda k, d: log(f"{k}: {d}"))
                with daemon:
                    run_section(mps, Pools(kind, sm_count, daemon.pipe_dir, on_log=log))
        for e in mps:
            results.setdefault(e.run_id, "deferred")
    finally:
        sampler.stop()
    return results
