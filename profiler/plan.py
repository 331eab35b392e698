"""Plan files: groups of experiments, expanded into one Experiment per run folder (see docs/profiler.md)."""

from __future__ import annotations

from .errors import InputError, bounded_number
from .experiment import MAX_PROCESSES, MEASURES, MODES, STARTS, Experiment, ProcSpec, Settings, run_id
from .stepper import LOOPS
from .workloads import Workload, add_workloads, load_catalog, parse_workloads, resolve
from .yaml_file import read_yaml

SETTING_TYPES = {
    "warmup_s": float,
    "min_warmup_steps": int,
    "measure_s": float,
    "min_steps": int,
    "trace_iters": int,
    "data": str,
    "loader_workers": int,
    "sample_hz": float,
    "memory_cap_gib": float,
    "loop": str,
    "cudnn_benchmark": bool,
    "start": str,
    "measure": str,
}
GROUP_KEYS = {
    "name",
    "modes",
    "workloads",
    "copies",
    "mixes",
    "sm_limits",
    "mig_profiles",
    "repeats",
    "validation",
    "notes",
    "settings",
    "tag",
}


# A run takes tens of seconds of GPU time: a plan past these is a slip, and listing it alone would take minutes.
MAX_REPEATS = 100
MAX_GROUP_RUNS = 10_000


def _settings(raw: object, file: str, where: str, base: Settings) -> Settings:
    return base if raw is None else base.with_overrides(parse_settings(raw, file, where))


# Bounds of the numeric settings: wide enough for any real run, tight enough that no value makes one endless.
SETTING_RANGES = {
    "warmup_s": (0, 86400),
    "min_warmup_steps": (0, 10**7),
    "measure_s": (0, 86400),
    "min_steps": (0, 10**7),
    "trace_iters": (0, 1000),
    "loader_workers": (0, 256),
    "sample_hz": (0.1, 1000),
    "memory_cap_gib": (0, 4096),
}


def parse_settings(raw: object, file: str, where: str) -> dict:
    """A `settings:` mapping of a plan (or spec) file, checked key by key: the overrides it gives."""
    if not isinstance(raw, dict):
        raise InputError(file, where, "a mapping of settings", raw)
    out = {}
    for key, value in raw.items():
        want = SETTING_TYPES.get(key)
        if want is None:
            raise InputError(file, f"{where}.{key}", f"one of {', '.join(SETTING_TYPES)}", key)
        choices = {"loop": LOOPS, "start": STARTS, "measure": MEASURES}.get(key)
        if choices:
            if value not in choices:
                raise InputError(file, f"{where}.{key}", f"one of {', '.join(choices)}", value)
        elif want is str:
            if not isinstance(value, str):
                raise InputError(file, f"{where}.{key}", "a string", value)
        elif want is bool:
            if not isinstance(value, bool):
                raise InputError(file, f"{where}.{key}", "true or false", value)
        else:
            low, high = SETTING_RANGES[key]
            expected = f"{'an integer' if want is int else 'a number'} from {low:g} to {high:g}"
            bounded_number(value, file, f"{where}.{key}", expected, low, high)
            if want is int and not isinstance(value, int):
                raise InputError(file, f"{where}.{key}", expected, value)
        out[key] = want(value)
    return out


def _list(group: dict, key: str, file: str, where: str, default: list) -> list:
    value = group.get(key, default)
    if not isinstance(value, list) or not value:
        raise InputError(file, f"{where}.{key}", "a non-empty list", value)
    return value


def _positive_ints(values: list, file: str, where: str) -> list[int]:
    for i, v in enumerate(values):
        if not isinstance(v, int) or isinstance(v, bool) or v < 1:
            raise InputError(file, f"{where}[{i}]", "a positive integer", v)
    return values


def _process_sets(group: dict, known: dict[str, Workload], file: str, where: str) -> list[list[str]]:
    """Each entry: the workload ids of one run's processes."""
    if ("mixes" in group) == ("workloads" in group):
        raise InputError(file, where, "exactly one of `workloads` (with optional `copies`) or `mixes`")
    if "mixes" in group:
        mixes = _list(group, "mixes", file, where, [])
        sets = []
        for i, mix in enumerate(mixes):
            if not isinstance(mix, list) or len(mix) < 2:
                raise InputError(file, f"{where}.mixes[{i}]", "a list of two or more workload ids", mix)
            if len(mix) > MAX_PROCESSES:
                raise InputError(file, f"{where}.mixes[{i}]", f"at most {MAX_PROCESSES} processes in a run", len(mix))
            sets.append([resolve(w, known, file, f"{where}.mixes[{i}][{j}]").id for j, w in enumerate(mix)])
        return sets
    raw = group["workloads"]
    ids = sorted(known) if raw == "all" else _list(group, "workloads", file, where, [])
    ids = [resolve(w, known, file, f"{where}.workloads[{i}]").id for i, w in enumerate(ids)]
    copies = _positive_ints(_list(group, "copies", file, where, [1]), file, f"{where}.copies")
    for i, n in enumerate(copies):
        if n > MAX_PROCESSES:
            raise InputError(file, f"{where}.copies[{i}]", f"at most {MAX_PROCESSES} processes in a run", n)
    return [[w] * n for w in ids for n in copies]


def _expand_group(group: object, index: int, known: dict[str, Workload], file: str, base: Settings) -> list[Experiment]:
    where = f"groups[{index}]"
    if not isinstance(group, dict):
        raise InputError(file, where, "a mapping", group)
    unknown = sorted(set(group) - GROUP_KEYS)
    if unknown:
        raise InputError(file, f"{where}.{unknown[0]}", f"one of {', '.join(sorted(GROUP_KEYS))}", unknown[0])
    name = group.get("name", f"group{index}")
    modes = _list(group, "modes", file, where, [])
    for i, mode in enumerate(modes):
        if mode not in MODES:
            raise InputError(file, f"{where}.modes[{i}]", f"one of {', '.join(MODES)}", mode)
    sets = _process_sets(group, known, file, where)
    repeats = group.get("repeats", 1)
    _positive_ints([repeats], file, f"{where}.repeats")
    if repeats > MAX_REPEATS:
        raise InputError(file, f"{where}.repeats", f"at most {MAX_REPEATS} repeats", repeats)
    validation = group.get("validation", False)
    if not isinstance(validation, bool):
        raise InputError(file, f"{where}.validation", "true or false", validation)
    settings = _settings(group.get("settings"), file, f"{where}.settings", base)
    # A label on the group's run ids, so that a group can run again what another ran (say, a same-machine reference).
    tag = group.get("tag")
    if tag is not None and not (isinstance(tag, str) and tag.isidentifier()):
        raise InputError(file, f"{where}.tag", "a short label of letters, digits and _", tag)
    caps = group.get("sm_limits")
    runs = len(modes) * len(sets) * repeats * (len(caps) if isinstance(caps, list) and caps else 1)
    if runs > MAX_GROUP_RUNS:
        raise InputError(file, where, f"a group of at most {MAX_GROUP_RUNS} runs (modes x mixes x SM limits x repeats)", runs)
    out = []
    for mode in modes:
        partitioned = mode in ("mps-partitioned", "green")
        if partitioned != ("sm_limits" in group):
            expected = f"present exactly when a mode is mps-partitioned or green (mode {mode})"
            raise InputError(file, f"{where}.sm_limits", expected)
        limits = [None]
        if partitioned:
            limits = _positive_ints(_list(group, "sm_limits", file, where, []), file, f"{where}.sm_limits")
        profiles = group.get("mig_profiles")
        for procs in sets:
            if mode == "exclusive" and len(procs) != 1:
                raise InputError(file, f"{where}.modes", "exclusive runs with exactly one process", procs)
            if profiles is not None and (mode != "mig" or not isinstance(profiles, list) or len(profiles) != len(procs)):
                expected = f"mode mig and one instance profile per process ({len(procs)})"
                raise InputError(file, f"{where}.mig_profiles", expected, profiles)
            migs = profiles or [None] * len(procs)
            for limit in limits:
                for r in range(1, repeats + 1):
                    out.append(
                        Experiment(
                            run_id=run_id(mode, procs, limit, r, repeats, settings.memory_cap_gib, settings.start, settings.measure)
                            + (f"__{tag}" if tag else ""),
                            experiment=name,
                            mode=mode,
                            procs=tuple(ProcSpec(i, w, limit, mig_profile=m) for i, (w, m) in enumerate(zip(procs, migs))),
                            settings=settings,
                            validation=validation,
                            repeat=r,
                            notes=group.get("notes", ""),
                        )
                    )
    return out


def load_plan(path: str, custom: dict[str, Workload] | None = None) -> tuple[list[Experiment], dict[str, Workload]]:
    """Expand a plan file (custom: workloads from a --spec file); every error names the file and the field."""
    return expand_plan(read_yaml(path, "a readable YAML plan file"), path, custom)


def expand_plan(
    doc: object, path: str, custom: dict[str, Workload] | None = None
) -> tuple[list[Experiment], dict[str, Workload]]:
    """A plan document (as a plan file holds it) to its experiments and the workloads they use; `path` names
    where it came from in messages."""
    if not isinstance(doc, dict):
        raise InputError(path, "(top level)", "a mapping with `groups`", doc)
    known = {**load_catalog(), **(custom or {})}
    if "workloads" in doc:
        known = add_workloads(known, parse_workloads(doc["workloads"], path), path)
    base = _settings(doc.get("settings"), path, "settings", Settings())
    groups = doc.get("groups")
    if not isinstance(groups, list) or not groups:
        raise InputError(path, "groups", "a non-empty list of experiment groups", groups)
    experiments = [e for i, g in enumerate(groups) for e in _expand_group(g, i, known, path, base)]
    seen: set[str] = set()
    for e in experiments:
        if e.run_id in seen:
            raise InputError(path, "groups", "run ids that are unique across the plan (a group repeats another)", e.run_id)
        seen.add(e.run_id)
    used = {w for e in experiments for w in e.workload_ids}
    return experiments, {w: known[w] for w in sorted(used)}
