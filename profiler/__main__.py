"""`python -m profiler SUBCOMMAND`: see docs/profiler.md. Exit codes: 0 ok, 1 a run did not complete,
2 bad input (nothing run on the GPU)."""

from __future__ import annotations

import argparse
import json
import math
import signal
import sys
import time
from pathlib import Path

from .errors import InputError
from .experiment import MAX_PROCESSES, MEASURES, MODES, STARTS, Experiment, ProcSpec, Settings, run_id
from .plan import parse_settings
from .stepper import LOOPS
from .workloads import load_catalog, load_spec_file, resolve

DEFAULT_OUT = "results/runs"


def _log(message: str) -> None:
    print(message, flush=True)


def _interrupt(signum, frame):
    raise KeyboardInterrupt  # SIGTERM tears down like Ctrl-C: MPS daemon stopped, manifests marked partial


def _known(args) -> dict:
    known = load_catalog()
    if getattr(args, "spec", None):
        known.update(load_spec_file(args.spec))
    return known


def _settings(args) -> Settings:
    keys = ("warmup_s", "measure_s", "min_steps", "trace_iters", "data", "loader_workers", "loop", "cudnn_benchmark", "start", "measure")
    given = {k: getattr(args, k) for k in keys if getattr(args, k, None) is not None}
    return Settings().with_overrides(parse_settings(given, "(command line)", "options"))


def _environment():
    from .gpu import describe

    return describe()


def cmd_workloads(args) -> int:
    for wid, w in sorted(_known(args).items()):
        shape = "x".join(map(str, w.input))
        data = f"{w.dataset} ({w.images_per_epoch} images/epoch)"
        print(f"{wid:22} {w.model:18} classes={w.classes:<5} batch={w.batch:<4} input={shape}  {data}")
    return 0


def cmd_check_spec(args) -> int:
    from .gpu import total_memory_bytes
    from .spec_check import check_workloads

    records = check_workloads(load_spec_file(args.file), args.file, total_memory_bytes())
    for r in records:
        need = "no meta-device estimate" if r["estimate_bytes"] is None else f"~{r['estimate_bytes'] / 2**30:.1f} GiB"
        print(f"{r['workload']:24} {r['model']:30} {need}")
    print(f"{args.file}: {len(records)} workload(s) checked")
    return 0


def cmd_characterize(args) -> int:
    from . import characterize as ch
    from .feasibility import check
    from .gpu import total_memory_bytes
    from .session import run_all
    from .spec_check import check_workloads

    spec = load_spec_file(args.spec)
    settings = ch.spec_settings(args.spec)  # the whole file is checked before any GPU or PyTorch work
    known = {**load_catalog(), **spec}
    ids = ch.selected(spec, known, args.workloads, args.spec)
    workloads = {w: known[w] for w in ids}
    check_workloads(workloads, args.spec, total_memory_bytes())
    environment = _environment()
    gpu = environment["gpu"]
    caps, why = ch.sm_caps(gpu["name"], gpu["sm_count"])
    experiments = ch.measurement_plan(ids, caps, spec, args.spec, settings)
    check(experiments, environment, args.spec)
    out = Path(args.out)
    print(f"characterize {', '.join(ids)} on {gpu['name']} ({gpu['sm_count']} SMs): SM caps {', '.join(map(str, caps))} ({why})")
    costs = ch.estimate(experiments, ids, out)
    print(ch.estimate_text(costs), flush=True)
    progress = ch.Progress(costs, _log)
    follow = ch.MemorySearch(ch.SOLO, ch.facts().memory_cap_steps, ch.facts().memory_cap_round_gib)
    results = run_all(experiments, workloads, environment, out, log=progress, follow_up=follow)
    results.update(ch.run_replays(ids, workloads, environment, out, progress))
    counts: dict[str, int] = {}
    for status in results.values():
        counts[status] = counts.get(status, 0) + 1
    print(f"summary: {', '.join(f'{k} {v}' for k, v in sorted(counts.items()))} in {time.time() - progress.started:.0f} s")
    trained = [w for w in ids if ch.solo_step_s(out, w) is not None]
    if trained:
        (out / ch.SCENARIO_FILE).write_text(ch.try_scenario(out, trained, gpu["name"]))
    commands, note = ch.next_commands(out, gpu["name"], bool(trained))
    print("next, anywhere with Node (from a colloc checkout, `npx colloc` or `npm run colloc --`):")
    for c in commands:
        print(f"  {c}")
    if note:
        print(f"note: {note}")
    return 0 if all(s in ("complete", "skipped") for s in results.values()) else 1


def cmd_probe(args) -> int:
    report = _environment()
    if args.mps_percentages:
        from .mps import refuse_mps_trouble
        from .mps_probe import sm_counts

        refuse_mps_trouble(report["capabilities"].get("mps_control"))
        report["mps_sm_counts"] = sm_counts([float(p) for p in args.mps_percentages.split(",")])
    print(json.dumps(report, indent=2))
    return 0


def _execute(experiments: list[Experiment], workloads: dict, args, source: str) -> int:
    from .feasibility import check
    from .session import run_all

    budget = getattr(args, "deadline_s", None)
    if budget is not None and not (math.isfinite(budget) and budget <= 10**7):
        raise InputError("(command line)", "--deadline-s", "seconds, at most 10^7 (0 or less: start nothing)", budget)
    environment = _environment()
    check(experiments, environment, source, allow_mig_reconfigure=getattr(args, "allow_mig_reconfigure", False))
    deadline = None if budget is None else time.time() + budget
    results = run_all(experiments, workloads, environment, Path(args.out), deadline=deadline, log=_log)
    counts: dict[str, int] = {}
    for status in results.values():
        counts[status] = counts.get(status, 0) + 1
    print("summary: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())), flush=True)
    return 0 if all(s in ("complete", "skipped") for s in results.values()) else 1


def cmd_run(args) -> int:
    known = _known(args)
    ids = [resolve(w, known, "(command line)", "--workloads").id for w in args.workloads.split(",")]
    if not 1 <= len(ids) * args.copies <= MAX_PROCESSES:
        expected = f"1 to {MAX_PROCESSES} processes in a run (workloads x copies)"
        raise InputError("(command line)", "--copies", expected, len(ids) * args.copies)
    procs_ids = ids * args.copies
    if args.mode == "exclusive" and len(procs_ids) != 1:
        raise InputError("(command line)", "--mode", "exclusive with exactly one process", procs_ids)
    if args.sm_limit is not None and args.sm_limit < 1:
        raise InputError("(command line)", "--sm-limit", "a positive number of SMs", args.sm_limit)
    if (args.mode in ("mps-partitioned", "green")) != (args.sm_limit is not None):
        raise InputError("(command line)", "--sm-limit", "given exactly for modes mps-partitioned and green", args.sm_limit)
    settings = _settings(args)
    rid = args.run_id or run_id(args.mode, procs_ids, args.sm_limit, 1, 1, start=settings.start, measure=settings.measure)
    profiles = args.mig_profiles.split(",") if args.mig_profiles else [None] * len(procs_ids)
    if len(profiles) != len(procs_ids) or (args.mig_profiles and args.mode != "mig"):
        raise InputError("(command line)", "--mig-profiles", f"mode mig with one profile per process ({len(procs_ids)})")
    procs = tuple(ProcSpec(i, w, args.sm_limit, mig_profile=m) for i, (w, m) in enumerate(zip(procs_ids, profiles)))
    exp = Experiment(rid, args.name, args.mode, procs, settings, args.validation)
    return _execute([exp], {w: known[w] for w in ids}, args, "(command line)")


def cmd_plan(args) -> int:
    from .plan import load_plan

    experiments, workloads = load_plan(args.file, load_spec_file(args.spec) if args.spec else None)
    if args.only:
        experiments = [e for e in experiments if any(part in e.run_id for part in args.only.split(","))]
    if args.list:
        for e in experiments:
            print(f"{e.run_id}{'  [validation]' if e.validation else ''}")
        return 0
    return _execute(experiments, workloads, args, args.file)


def cmd_replay(args) -> int:
    from .feasibility import check
    from .replay import replay_experiment, run_replay
    from .scenario import load_scenario

    known = _known(args)
    sc = load_scenario(args.scenario, known)
    workloads = {j.workload: known[j.workload] for j in sc.jobs}
    environment = _environment()
    check([replay_experiment(sc)], environment, args.scenario)
    launch = "warm-workers" if args.warm_workers else "fresh-process"
    status = run_replay(
        sc,
        workloads,
        environment,
        Path(args.out),
        log=_log,
        scenario_file=Path(args.scenario),
        validation=not args.calibration,
        launch=launch,
    )
    print(f"{sc.name}: {status}")
    return 0 if status == "complete" else 1


def cmd_overhead(args) -> int:
    from .overhead_run import run_overhead

    known = _known(args)
    w = resolve(args.workload, known, "(command line)", "--workload")
    status = run_overhead(w, _environment(), Path(args.out), args.blocks, args.steps, log=_log)
    return 0 if status == "complete" else 1


def cmd_compress(args) -> int:
    from .compress import compress_runs

    compressed, skipped = compress_runs(args.runs)
    print(f"{compressed} stream(s) gzipped; {skipped} run(s) still running, left as they are")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m profiler", description="Profile training jobs sharing one GPU.")
    sub = p.add_subparsers(dest="command", required=True)

    def common(sp, out=True):
        sp.add_argument("--spec", help="YAML file with custom workloads (see docs/profiler.md)")
        if out:
            sp.add_argument("--out", default=DEFAULT_OUT, help=f"runs folder (default {DEFAULT_OUT})")

    sp = sub.add_parser("workloads", help="list the workloads")
    common(sp, out=False)
    sp.set_defaults(fn=cmd_workloads)
    sp = sub.add_parser("check-spec", help="check a spec or plan file's workloads (timm names, memory) without GPU work")
    sp.add_argument("file")
    sp.set_defaults(fn=cmd_check_spec)
    sp = sub.add_parser("characterize", help="everything calibration needs of each workload of a spec file (resumable)")
    sp.add_argument("--spec", required=True, help="YAML file with the workloads (see docs/profiler.md)")
    sp.add_argument("--workloads", help="comma-separated ids to characterize (default: every workload of the spec)")
    sp.add_argument("--out", default=DEFAULT_OUT, help=f"runs folder (default {DEFAULT_OUT})")
    sp.set_defaults(fn=cmd_characterize)
    sp = sub.add_parser("probe", help="print the GPU, software versions and capabilities")
    sp.add_argument("--mps-percentages", help="comma-separated active-thread percentages: SMs a client sees at each")
    sp.set_defaults(fn=cmd_probe)

    sp = sub.add_parser("run", help="run one experiment")
    common(sp)
    sp.add_argument("--mode", choices=MODES, required=True)
    sp.add_argument("--workloads", required=True, help="comma-separated workload ids (one process each)")
    sp.add_argument("--copies", type=int, default=1, help="processes per listed workload")
    sp.add_argument("--sm-limit", type=int, help="SMs per process (mps-partitioned, green)")
    sp.add_argument("--name", default="adhoc", help="experiment name in the manifest")
    sp.add_argument("--run-id", help="run folder name (default: derived from mode and workloads)")
    sp.add_argument("--validation", action="store_true", help="mark the run as validation-only")
    timing = (("--warmup-s", float), ("--measure-s", float), ("--min-steps", int), ("--trace-iters", int))
    for flag, typ in (*timing, ("--loader-workers", int)):
        sp.add_argument(flag, type=typ)
    sp.add_argument("--data", help="image folder (torchvision ImageFolder layout) instead of synthetic data")
    sp.add_argument(
        "--loop", choices=LOOPS, help="training loop: sync (default, as timm's train.py: waits for each step's loss) or inflight"
    )
    sp.add_argument(
        "--no-cudnn-benchmark",
        dest="cudnn_benchmark",
        action="store_false",
        default=None,
        help="turn cuDNN autotuning off (default on, as timm's train.py)",
    )
    sp.add_argument(
        "--start",
        choices=STARTS,
        help="together (default: every process at once, as a launcher), staggered (each once the one before is warm) or "
        "isolated (each warms up alone while the ones before it wait)",
    )
    sp.add_argument(
        "--measure",
        choices=MEASURES,
        help="shared (default: every process trains in one window) or turns (once all are warm, each trains alone in "
        "turn while the others wait: how fast what each autotuned beside the others runs alone)",
    )
    sp.add_argument("--mig-profiles", help="mig: comma-separated instance profiles to create, one per process")
    sp.add_argument("--allow-mig-reconfigure", action="store_true", help="let mig runs create and destroy instances")
    sp.set_defaults(fn=cmd_run)

    sp = sub.add_parser("plan", help="run a plan file (resumable)")
    common(sp)
    sp.add_argument("file")
    sp.add_argument("--only", help="comma-separated substrings: run only matching run ids")
    sp.add_argument("--list", action="store_true", help="print the expanded run ids and stop")
    sp.add_argument("--deadline-s", type=float, help="start no experiment after this many seconds")
    sp.add_argument("--allow-mig-reconfigure", action="store_true", help="let mig groups create and destroy instances")
    sp.set_defaults(fn=cmd_plan)

    sp = sub.add_parser("replay", help="replay a scenario's job stream live")
    common(sp)
    sp.add_argument("scenario")
    sp.add_argument("--calibration", action="store_true", help="let calibration fit this replay (default: validation subset)")
    sp.add_argument(
        "--warm-workers",
        action="store_true",
        help="hand jobs to processes started (torch imported, CUDA context made) before the clock, not fresh ones",
    )
    sp.set_defaults(fn=cmd_replay)

    sp = sub.add_parser("overhead", help="measure the instrumentation's cost against a bare loop")
    common(sp)
    sp.add_argument("--workload", required=True)
    sp.add_argument("--blocks", type=int, default=4)
    sp.add_argument("--steps", type=int, default=30)
    sp.set_defaults(fn=cmd_overhead)

    sp = sub.add_parser("compress", help="gzip the kernel traces, samples and steps of finished runs (older profilers left them plain)")
    sp.add_argument("runs", nargs="+", help="run folders, or folders of run folders")
    sp.set_defaults(fn=cmd_compress)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    signal.signal(signal.SIGTERM, _interrupt)
    try:
        return args.fn(args)
    except InputError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted: run folders marked partial, MPS daemon stopped", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
