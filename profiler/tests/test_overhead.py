"""The overhead check: bare and instrumented blocks in one process, cost as a percentage of throughput."""

from __future__ import annotations

import json

from helpers import fake

from profiler.jsonl import read_jsonl
from profiler.overhead_run import cost_percent


def test_cost_is_the_median_throughput_lost():
    blocks = [
        {"kind": "bare", "throughput_img_s": 100.0},
        {"kind": "bare", "throughput_img_s": 104.0},
        {"kind": "bare", "throughput_img_s": 102.0},
        {"kind": "instrumented", "throughput_img_s": 101.5},
        {"kind": "instrumented", "throughput_img_s": 100.98},
        {"kind": "instrumented", "throughput_img_s": 50.0},
    ]
    assert cost_percent(blocks) == 1.0  # medians 102 and 100.98


def test_the_overhead_run_alternates_bare_and_instrumented_blocks(tmp_path, fake_env):
    res = fake("overhead", "--workload", "fake-small", "--blocks", "4", "--steps", "5", out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    run = tmp_path / "overhead__fake-small"
    kinds = [b["kind"] for b in read_jsonl(run / "overhead.jsonl")]
    assert kinds == ["bare", "instrumented", "instrumented", "bare", "bare", "instrumented", "instrumented", "bare"]
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "complete" and "cost" in manifest["notes"]
    assert len(read_jsonl(run / "steps.jsonl")) == 4 // 2 * 2 * 5  # only instrumented blocks record steps
