"""Workload definitions: the canonical table (workloads.yaml) plus custom ones from a spec file or a plan."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
import re
from pathlib import Path

import yaml

from .errors import InputError
from .yaml_file import read_yaml

CATALOG_PATH = Path(__file__).with_name("workloads.yaml")


@dataclass(frozen=True)
class Workload:
    id: str
    model: str
    classes: int
    batch: int
    input: tuple[int, int, int]
    dataset: str
    images_per_epoch: int
    # "timm" trains a timm model; "fake" sleeps through steps (tests without a GPU).
    kind: str = "timm"
    # fake only: seconds a step takes, and the step at which it raises out-of-memory (0 = never).
    fake: dict = field(default_factory=dict)

    def record(self) -> dict:
        """The definition as written into manifests."""
        out = asdict(self)
        del out["id"]
        out["input"] = list(self.input)
        if not self.fake:
            del out["fake"]
        return out


FIELDS = tuple(f.name for f in fields(Workload) if f.name != "id")
# An id names run folders (`mode__id+id__tag`): no path separators, and neither `+` nor `__`, which join its parts.
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9.-]*(_[A-Za-z0-9.-]+)*")


# Bounds wide enough for any model that trains on one GPU, tight enough that a slip (1e9) is caught before a GPU run.
MAX_NAME = 200
MAX_DIM = 16384
INT_RANGES = {"classes": 10**6, "batch": 65536, "images_per_epoch": 10**10}
# What a spec file may hold at its top level: characterize reads `settings`, and a plan file (with its `groups`)
# serves as the spec of its own workloads (`check-spec PLAN`, finish-dataset.sh's checkspec).
SPEC_KEYS = ("workloads", "settings", "groups")


def parse_workload(wid: str, spec: object, file: str) -> Workload:
    where = f"workloads.{wid}"
    if not ID_PATTERN.fullmatch(wid):
        raise InputError(file, where, "an id of letters, digits, '.', '-' and single '_' (it names run folders)", wid)
    if not isinstance(spec, dict):
        raise InputError(file, where, "a mapping of workload fields", spec)
    unknown = sorted(str(k) for k in spec if k not in FIELDS)
    if unknown:
        raise InputError(file, f"{where}.{unknown[0]}", f"a known field ({', '.join(FIELDS)})", unknown[0])
    kind = spec.get("kind", "timm")
    if kind not in ("timm", "fake"):
        raise InputError(file, f"{where}.kind", "timm or fake", kind)
    for key in ("model", "dataset"):
        value = spec.get(key, "synthetic" if key == "dataset" else None)
        if not isinstance(value, str) or not 0 < len(value) <= MAX_NAME:
            raise InputError(file, f"{where}.{key}", f"a string of 1 to {MAX_NAME} characters", value)
    for key, most in INT_RANGES.items():
        value = spec.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= most:
            raise InputError(file, f"{where}.{key}", f"a whole number from 1 to {most}", value)
    shape = spec.get("input")
    if not (isinstance(shape, list) and len(shape) == 3 and all(isinstance(v, int) and 0 < v <= MAX_DIM for v in shape)):
        raise InputError(file, f"{where}.input", f"[channels, height, width] of whole numbers from 1 to {MAX_DIM}", shape)
    fake = spec.get("fake", {})
    if not isinstance(fake, dict):
        raise InputError(file, f"{where}.fake", "a mapping {step_s, oom_at_step, mem_bytes}", fake)
    return Workload(
        id=wid,
        model=spec["model"],
        classes=spec["classes"],
        batch=spec["batch"],
        input=tuple(shape),
        dataset=spec.get("dataset", "synthetic"),
        images_per_epoch=spec["images_per_epoch"],
        kind=kind,
        fake=fake,
    )


def parse_workloads(specs: object, file: str) -> dict[str, Workload]:
    if not isinstance(specs, dict):
        raise InputError(file, "workloads", "a mapping from workload id to its fields", specs)
    for wid in specs:
        if not isinstance(wid, str):
            raise InputError(file, f"workloads.{wid}", 'an id that is text (quote a number: "1")', wid)
    return {wid: parse_workload(wid, spec, file) for wid, spec in specs.items()}


def add_workloads(known: dict[str, Workload], extra: dict[str, Workload], file: str) -> dict[str, Workload]:
    """`known` with `extra`'s workloads: an id may come again only with the same definition, so that a run folder's
    id always means one model (a shipped id redefined would record another model under it)."""
    for wid, w in extra.items():
        if wid in known and known[wid] != w:
            raise InputError(file, f"workloads.{wid}", f"an id of its own ({wid} is already defined, as another workload)", wid)
    return {**known, **extra}


def load_catalog() -> dict[str, Workload]:
    return parse_workloads(yaml.safe_load(CATALOG_PATH.read_text()), str(CATALOG_PATH))


def load_spec_file(path: str) -> dict[str, Workload]:
    """A custom workload file: `workloads: {id: {model, classes, batch, input, dataset, images_per_epoch}}`."""
    doc = read_yaml(path, "a readable YAML spec file")
    if not isinstance(doc, dict) or "workloads" not in doc:
        raise InputError(path, "workloads", "a top-level `workloads` mapping")
    unknown = sorted(str(k) for k in doc if k not in SPEC_KEYS)
    if unknown:
        raise InputError(path, unknown[0], f"a top-level key of a spec file ({', '.join(SPEC_KEYS)})", unknown[0])
    spec = parse_workloads(doc["workloads"], path)
    add_workloads(load_catalog(), spec, path)  # a shipped id may come again only as it is shipped
    return spec


def resolve(wid: object, known: dict[str, Workload], file: str, field_path: str) -> Workload:
    if not isinstance(wid, str) or wid not in known:
        raise InputError(file, field_path, f"a known workload id ({', '.join(sorted(known))})", wid)
    return known[wid]
