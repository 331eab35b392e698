"""A small JSON Schema checker for the keywords profiler/schemas uses (CI has no jsonschema package)."""

from __future__ import annotations

import json
from pathlib import Path

from profiler.jsonl import read_jsonl

SCHEMAS = Path(__file__).resolve().parent.parent / "schemas"
TYPES = {
    "object": dict,
    "array": list,
    "string": str,
    "boolean": bool,
    "null": type(None),
    "integer": int,
    "number": (int, float),
}


def load(name: str) -> dict:
    return json.loads((SCHEMAS / f"{name}.schema.json").read_text())


def _is(value, type_name: str) -> bool:
    if type_name in ("integer", "number") and isinstance(value, bool):
        return False
    return isinstance(value, TYPES[type_name])


def errors(value, schema: dict, path: str = "$") -> list[str]:
    out = []
    types = schema.get("type")
    if types is not None:
        types = [types] if isinstance(types, str) else types
        if not any(_is(value, t) for t in types):
            return [f"{path}: expected {types}, got {value!r}"]
    if "const" in schema and value != schema["const"]:
        out.append(f"{path}: expected {schema['const']!r}")
    if "enum" in schema and value not in schema["enum"]:
        out.append(f"{path}: {value!r} not in {schema['enum']}")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and "minimum" in schema and value < schema["minimum"]:
        out.append(f"{path}: {value} < {schema['minimum']}")
    if isinstance(value, dict):
        props = schema.get("properties", {})
        out += [f"{path}: missing {k}" for k in schema.get("required", []) if k not in value]
        extra = schema.get("additionalProperties", True)
        for k, v in value.items():
            if k in props:
                out += errors(v, props[k], f"{path}.{k}")
            elif extra is False:
                out.append(f"{path}: unexpected field {k}")
            elif isinstance(extra, dict):
                out += errors(v, extra, f"{path}.{k}")
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0) or len(value) > schema.get("maxItems", len(value)):
            out.append(f"{path}: {len(value)} items out of range")
        for i, item in enumerate(value):
            out += errors(item, schema.get("items", {}), f"{path}[{i}]")
    return out


def run_folder_errors(run_dir: Path) -> list[str]:
    """Every record of a run folder checked against its schema."""
    run_dir = Path(run_dir)
    out = [f"manifest{e[1:]}" for e in errors(json.loads((run_dir / "manifest.json").read_text()), load("manifest"))]
    for f in sorted([*run_dir.glob("*.jsonl"), *run_dir.glob("*.jsonl.gz")]):
        schema = load(f.name.split(".")[0])
        for n, record in enumerate(read_jsonl(f.with_suffix("") if f.suffix == ".gz" else f), 1):
            out += [f"{f.name}:{n}{e[1:]}" for e in errors(record, schema)]
    return out
