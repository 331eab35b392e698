"""`python -m profiler characterize --spec FILE [--workloads IDS] [--out DIR]`: everything calibration uses for each
workload, in one resumable command on the profiler's own machinery:

1. a plan (plan.expand_plan) run by session.run_all: solo with a kernel trace and twice more untraced (a launch-bound
   job's speed moves between processes), then one process under an MPS cap
   at each of the GPU's MIG SM counts (characterize.yaml), its started-together probe with autotuning on (two
   copies started together under MPS, then each trained and traced alone in turn: docs/calibration.md), and after
   the solo run the memory-cap search (memory_search.py, run_all follow-ups on the same workers);
2. start-up replays (replay.run_replay, fresh processes as users launch jobs): alone, then beside one busy job
   time-sliced and under MPS (startup_replays.py).

Before any GPU work it checks the spec (spec_check: timm names, memory) and prints the device time it expects;
at the end, the colloc commands that come next and a scenario to try the workloads in."""

from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

from . import startup_replays as replays
from .characterize_facts import facts, shipped_set, sm_caps
from .errors import InputError
from .experiment import MPS_MODES, Experiment
from .jsonl import read_jsonl
from .manifest import is_complete
from .memory_search import MemorySearch
from .plan import expand_plan, parse_settings
from .workloads import Workload
from .yaml_file import read_yaml

SOLO = "characterize-solo"
# A launch-bound job's solo speed is its host's launching, drawn anew by each process (docs/calibration.md, check
# H21c): two more solo processes, untraced, which calibrate averages with the first.
SOLO_REPEATS = "characterize-solo-repeats"
SM_CAPS = "characterize-sm-caps"
PROBE = "characterize-started-together"
SCENARIO_FILE = "characterized.yaml"
WORKERS = "new worker processes"
REPLAY_KINDS = (("alone", "start-up alone (2 fresh jobs)"), ("naive", "start-up beside a busy job, time-sliced"), ("mps", "start-up beside a busy job, MPS"))


# Settings characterize sets itself whatever a spec says: its solo run's trace, and no cap but the memory search's.
OWN_SETTINGS = ("trace_iters", "memory_cap_gib")


def spec_settings(path: str) -> dict:
    """The spec file's optional `settings:` (a plan's keys, e.g. `data` and `loader_workers` for a real data
    loader), which override characterize's own timing for every run; OWN_SETTINGS stay characterize's."""
    doc = read_yaml(path, "a readable YAML spec file")  # load_spec_file read it already: a mapping with workloads
    given = {} if doc.get("settings") is None else parse_settings(doc["settings"], path, "settings")
    for key in OWN_SETTINGS:
        if key in given:
            raise InputError(path, f"settings.{key}", f"a setting characterize does not choose itself (not {', '.join(OWN_SETTINGS)})", given[key])
    return given


def measurement_plan(
    ids: list[str], caps: list[int], custom: dict[str, Workload], source: str, settings: dict
) -> list[Experiment]:
    """The solo, SM-capped and started-together probe runs of the workloads, as a plan file would give them."""
    solo = {"measure_s": 3, **settings, "trace_iters": 2}
    again = {"measure_s": 3, **settings, "trace_iters": 0}
    groups = [
        {"name": SOLO, "modes": ["exclusive"], "workloads": ids, "settings": solo},
        {"name": SOLO_REPEATS, "modes": ["exclusive"], "workloads": ids, "repeats": 2, "settings": again},
    ]
    if caps:
        capped = {"warmup_s": 1.5, "measure_s": 2.5, **settings}
        groups.append({"name": SM_CAPS, "modes": ["mps-partitioned"], "sm_limits": caps, "workloads": ids, "settings": capped})
    if settings.get("cudnn_benchmark", True):  # what two processes autotuning side by side keep (nothing to probe without)
        probe = {"measure_s": 3, **settings, "measure": "turns", "trace_iters": 1}
        groups.append({"name": PROBE, "modes": ["mps"], "copies": [2], "workloads": ids, "settings": probe})
    experiments, _ = expand_plan({"groups": groups}, source, custom)
    return experiments


@dataclass(frozen=True)
class Cost:
    what: str
    count: int
    each_s: float

    @property
    def total_s(self) -> float:
        return self.count * self.each_s


def estimate(experiments: list[Experiment], ids: list[str], out: Path) -> list[Cost]:
    """Device time of what is left to run: per-run costs (characterize.yaml) times the runs whose folders are not
    complete; memory caps at their most; replays at the planned sizes with a fresh start-up of the H200's."""
    c = facts().costs_s
    todo = [e for e in experiments if not is_complete(out / e.run_id)]
    solo = [e for e in todo if e.experiment == SOLO]
    again = [e for e in todo if e.experiment == SOLO_REPEATS]
    probes = [e for e in todo if e.settings.measure == "turns"]
    capped = [e for e in todo if e.mode in MPS_MODES and e not in probes]
    searched = [w for w in ids if not any(out.glob(f"exclusive__{w}__cap*"))]
    envs = ({"plain"} if solo or again or searched else set()) | {e.procs[0].sm_limit for e in capped + probes}
    per_replay = replays.estimate_s(c["fresh_startup"])
    costs = [
        Cost("solo runs with a kernel trace", len(solo), c["solo_traced"]),
        Cost("solo runs again, untraced", len(again), c["solo"]),
        Cost("single-process SM caps", len(capped), c["sm_capped"]),
        Cost("started-together probes (2 copies)", len(probes), c["probe"]),
        Cost("memory caps (at most)", len(searched) * facts().memory_cap_steps, c["memory_cap"]),
        Cost(WORKERS, len(envs), c["worker_start"]),
    ]
    for kind, what in REPLAY_KINDS:
        count = sum(not is_complete(out / replays.name(kind, w)) for w in ids)
        costs.append(Cost(what, count, per_replay[kind]))
    return costs


def estimate_text(costs: list[Cost]) -> str:
    total = sum(x.total_s for x in costs)
    lines = [f"expected device time: about {total / 60:.1f} min ({total:.0f} s)"]
    lines += [f"  {x.what:44} {x.count:3} x {x.each_s:5.1f} s = {x.total_s:5.0f} s" for x in costs if x.count]
    lines.append(
        "  (each kind of run at its median on the H200 (profiler/characterize.yaml: calibration/data/h200-runs), "
        f"a fresh start-up at {facts().costs_s['fresh_startup']:g} s; complete run folders are skipped and cost nothing)"
    )
    return "\n".join(lines)


class Progress:
    """Prefixes each finished run's line (`RUN: STATUS (S s)`) with the runs done of those expected and the device
    time the estimate still expects; other lines pass as they are."""

    DONE = re.compile(r"^\S+: (complete|partial|failed) \(")

    def __init__(self, costs: list[Cost], log):
        self.runs = sum(x.count for x in costs if x.what != WORKERS)
        self.expected_s = sum(x.total_s for x in costs)
        self.started, self.done, self.log = time.time(), 0, log

    def __call__(self, message: str) -> None:
        if self.DONE.match(message):
            self.done += 1
            left = max(0.0, self.expected_s - (time.time() - self.started))
            message = f"[{self.done}/{self.runs} runs, ~{left:.0f} s left] {message}"
        self.log(message)


def solo_step_s(out: Path, w: str) -> float | None:
    """The median step time of a workload's solo run, None unless that run trained."""
    procs = out / f"exclusive__{w}" / "procs.jsonl"
    ends = read_jsonl(procs) if procs.exists() else []
    return ends[0].get("step_time_median_s") if ends and ends[0].get("outcome") == "ok" else None


def run_replays(ids: list[str], workloads: dict[str, Workload], environment: dict, out: Path, log) -> dict[str, str]:
    """Each workload's start-up replays, sized from its solo run and its start-up alone; complete ones skipped."""
    from .replay import run_replay

    results: dict[str, str] = {}

    def replay(sc) -> None:
        if is_complete(out / sc.name):
            results[sc.name] = "skipped"
            return
        t = time.time()
        results[sc.name] = run_replay(sc, {sc.jobs[0].workload: workloads[sc.jobs[0].workload]}, environment, out, log=log, validation=False)
        log(f"{sc.name}: {results[sc.name]} ({time.time() - t:.1f} s)")

    for w in ids:
        step_s = solo_step_s(out, w)
        if step_s is None:
            log(f"{w}: no start-up replays (its solo run did not train)")
            continue
        replay(replays.alone(w, step_s))
        startup_s = replays.measured_startup_s(out / replays.alone_name(w)) or facts().costs_s["fresh_startup"]
        for sharing in ("naive", "mps"):
            replay(replays.beside_busy(w, sharing, step_s, startup_s))
    return results


def next_commands(out: Path, gpu_name: str, scenario: bool) -> tuple[list[str], str | None]:
    """The colloc commands that turn the runs into predictions (with `scenario`, running the try-out scenario), and
    a note when no set of this GPU ships."""
    shipped = shipped_set(gpu_name)
    base = shipped or facts().sharing_base
    tables, set_dir, results = (f"{out}-{suffix}" for suffix in ("tables", "set", "results"))
    commands = [f"colloc ingest {out} --out {tables}", f"colloc calibrate {tables} --base {base} --out {set_dir}"]
    if scenario:
        commands.append(f"colloc run {out / SCENARIO_FILE} --out {results}")
    note = None
    if shipped is None:
        note = (
            f"colloc ships no calibration set of {gpu_name}: this calibrate builds one from these runs and keeps the "
            f"{base} set's sharing parameters as fitted on its GPU; co-running runs of this GPU (python -m profiler "
            "plan, docs/profiler.md) and calibrate without --base fit them here"
        )
    return commands, note


def try_scenario(out: Path, ids: list[str], gpu_name: str) -> str:
    """A scenario of the characterized workloads on one GPU under MPS, calibrated by the set calibrate writes."""
    set_dir = Path(f"{out}-set").resolve()
    doc = {
        "name": f"characterized-{out.name}",
        "description": "Each characterized workload twice on one GPU under MPS (written by python -m profiler characterize).",
        "seed": 1,
        "calibration": os.path.relpath(set_dir, out.resolve()),
        "hardware": {"gpus": [{"gpu": gpu_name, "count": 1, "sharing": {"mode": "mps"}}]},
        "jobs": {
            "list": [
                {"id": f"{w}-{k + 1}", "arrival_s": 10 * (2 * i + k), "workload": w, "iterations": 300}
                for i, w in enumerate(ids)
                for k in range(2)
            ]
        },
        "scheduler": {"policy": "mps-pack", "params": {"max_co_runners": 4}},
        "output": {"timeline": True, "events": True, "charts": False},
    }
    return yaml.safe_dump(doc, sort_keys=False)


def selected(spec: dict[str, Workload], known: dict[str, Workload], only: str | None, source: str) -> list[str]:
    if only is None:
        if not spec:
            raise InputError(source, "workloads", "at least one workload to characterize")
        return sorted(spec)
    ids = [w.strip() for w in only.split(",") if w.strip()]
    for w in ids:
        if w not in known:
            raise InputError("(command line)", "--workloads", f"workload ids of {source} or the catalog ({', '.join(sorted(spec))})", w)
    return ids
