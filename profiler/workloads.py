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
        if not isinstance(spec.get(key, "synthetic" if key == "dataset" else None), str):
            raise InputError(file, f"{where}.{key}", "a string", spec.get(key))
    for key in ("classes", "batch", "images_per_epoch"):
        value = spec.get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise InputError(file, f"{where}.{key}", "a positive integer", value)
    shape = spec.get("input")
    if not (isinstance(shape, list) and len(shape) == 3 and all(isinstance(v, int) and v > 0 for v in shape)):
        raise InputError(file, f"{where}.input", "[channels, height, width] of positive integers", shape)
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
    return {wid: parse_workload(str(wid), spec, file) for wid, spec in specs.items()}


def load_catalog() -> dict[str, Workload]:
    return parse_workloads(yaml.safe_load(CATALOG_PATH.read_text()), str(CATALOG_PATH))


def load_spec_file(path: str) -> dict[str, Workload]:
    """A custom workload file: `workloads: {id: {model, classes, batch, input, dataset, images_per_epoch}}`."""
    doc = read_yaml(path, "a readable YAML spec file")
    if not isinstance(doc, dict) or "workloads" not in doc:
        raise InputError(path, "workloads", "a top-level `workloads` mapping")
    return parse_workloads(doc["workloads"], path)


def resolve(wid: object, known: dict[str, Workload], file: str, field_path: str) -> Workload:
    if not isinstance(wid, str) or wid not in known:
        raise InputError(file, field_path, f"a known workload id ({', '.join(sorted(known))})", wid)
    return known[wid]
