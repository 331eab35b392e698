"""The data `characterize` plans with (profiler/characterize.yaml): the SM caps to measure on a GPU, its shipped
calibration set, the per-run costs behind the device-time estimate, and how start-up replays are sized."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

FACTS_PATH = Path(__file__).with_name("characterize.yaml")
TPC_SMS = 2


@dataclass(frozen=True)
class Facts:
    gpus: tuple[dict, ...]
    sharing_base: str
    fallback_fractions: tuple[float, ...]
    costs_s: dict[str, float]
    startup_train_s: float
    busy_lead_s: float
    memory_cap_steps: int
    memory_cap_round_gib: float


@cache
def facts() -> Facts:
    doc = yaml.safe_load(FACTS_PATH.read_text())
    return Facts(
        gpus=tuple(doc["gpus"]),
        sharing_base=str(doc["sharing_base"]),
        fallback_fractions=tuple(doc["fallback_fractions"]),
        costs_s=dict(doc["costs_s"]),
        startup_train_s=float(doc["startup_train_s"]),
        busy_lead_s=float(doc["busy_lead_s"]),
        memory_cap_steps=int(doc["memory_cap_steps"]),
        memory_cap_round_gib=float(doc["memory_cap_round_gib"]),
    )


def _normalize(name: str) -> str:
    """'NVIDIA A100-SXM4-40GB' and 'a100 sxm4 40gb' read the same."""
    return re.sub(r"[^a-z0-9]", "", name.lower().removeprefix("nvidia"))


def _entry(gpu_name: str) -> dict | None:
    key = _normalize(gpu_name)
    return next((g for g in facts().gpus if key in {_normalize(n) for n in g["names"]}), None)


def sm_caps(gpu_name: str, sm_count: int) -> tuple[list[int], str]:
    """The SM caps to measure on this GPU (below its SM count) and where they come from."""
    entry = _entry(gpu_name)
    if entry is not None:
        return sorted(s for s in entry["sms"] if s < sm_count), f"the MIG sizes of {gpu_name}"
    caps = {max(TPC_SMS, math.floor(f * sm_count / TPC_SMS) * TPC_SMS) for f in facts().fallback_fractions}
    shares = ", ".join(f"{f:g}" for f in facts().fallback_fractions)
    return sorted(c for c in caps if c < sm_count), f"{shares} of its {sm_count} SMs ({gpu_name} is not in {FACTS_PATH.name})"


def shipped_set(gpu_name: str) -> str | None:
    """The calibration set colloc ships for this GPU, if any."""
    entry = _entry(gpu_name)
    return None if entry is None else entry.get("set")
