"""The committed H200 dataset: every run satisfies the schemas, the validation subset follows the rule of its
README, and the README's list of pending runs is exactly what the plan still has to measure."""

from __future__ import annotations

import json
import re

from helpers import REPO
from schema_check import run_folder_errors

from profiler.plan import load_plan

DATASET = REPO / "calibration/data/h200-runs"


def runs() -> dict[str, dict]:
    return {m.parent.name: json.loads(m.read_text()) for m in sorted(DATASET.glob("*/manifest.json"))}


def test_every_committed_run_is_complete_and_schema_valid():
    found = runs()
    assert len(found) >= 70
    for name, manifest in found.items():
        assert manifest["status"] == "complete" and manifest["run_id"] == name
        assert run_folder_errors(DATASET / name) == [], name


def test_the_validation_subset_follows_the_readme_rule():
    # README: validation = every 7-copy run, every 3-job mix, every multi-process mps-partitioned run at 2g or 4g
    # size (32, 64 SMs) but the three-client mix made for calibration, the green check, every live replay but those
    # made for calibration (--calibration); calibration fits the rest.
    for name, m in runs().items():
        workloads = [p["workload"] for p in m["processes"]]
        is_mix = len(set(workloads)) > 1
        expected = (
            (len(workloads) == 7 and not is_mix)
            or (is_mix and len(workloads) == 3 and m["mode"] in ("naive", "mps"))
            or (
                m["mode"] == "mps-partitioned"
                and len(workloads) > 1
                and not name.endswith("__sm60")
                and name != "mps-partitioned__resnet50-i64-b128+effnetv2s-i64-b128+cait-i64-b128__sm32"
            )
            or m["mode"] == "green"
            or (m["mode"] == "replay" and "--calibration" not in m["command"])
        )
        assert m["validation"] == expected, name


def test_the_readme_names_every_pending_run():
    experiments, _ = load_plan(str(REPO / "profiler/plans/h200-dataset.yaml"))
    readme = (DATASET / "README.md").read_text()
    block = re.search(r"<!-- pending -->\n```\n(.*?)```", readme, re.S).group(1)
    assert block.split() == [e.run_id for e in experiments if e.run_id not in runs()]
