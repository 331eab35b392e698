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


PLANS = ("profiler/plans/h200-dataset.yaml", "profiler/plans/h200-zoo.yaml")


def planned() -> dict[str, bool]:
    """Run id -> validation flag, as the dataset's plans give them."""
    return {e.run_id: e.validation for plan in PLANS for e in load_plan(str(REPO / plan))[0]}


def test_the_validation_subset_follows_the_plans_and_the_readme_rule():
    # README: a planned run is validation when its plan group says so (h200-dataset.yaml: every 7-copy run, every
    # 3-job mix, co-running partitions at 2g or 4g size; h200-zoo.yaml: every run mixing one of our own nine
    # models, and the check groups: zoo8-fresh-check, zoo9-copies-*, zoo10-split-check, zoo11-unseen-*,
    # zoo11-naive-cross, zoo12-naive-check, zoo12-unseen-*); the green check, the host checks (a solo on another
    # machine, `__host-<GPU>`) and every live replay but those made for calibration (--calibration) too.
    plans = planned()
    for name, m in runs().items():
        if name in plans:
            expected = plans[name]
        elif m["mode"] == "replay":
            expected = "--calibration" not in m["command"]
        else:
            expected = m["mode"] == "green" or "__host-" in name
        assert m["validation"] == expected, name


def test_the_readme_names_every_pending_run():
    readme = (DATASET / "README.md").read_text()
    block = re.search(r"<!-- pending -->\n```\n(.*?)```", readme, re.S).group(1)
    done = runs()
    assert block.split() == [r for plan in PLANS for r in (e.run_id for e in load_plan(str(REPO / plan))[0]) if r not in done]
