"""The committed diagnostic runs say what calibration/data/h200-diagnostics/README.md says they show: cuDNN
autotuning beside co-runners gave identical copies different kernels; without it they ran one set and split evenly."""

from __future__ import annotations

from helpers import REPO
from schema_check import run_folder_errors

from profiler.jsonl import read_jsonl

DIAG = REPO / "calibration/data/h200-diagnostics"
RUNS = REPO / "calibration/data/h200-runs"


def kernels_per_proc(run) -> list[int]:
    ks = read_jsonl(run / "kernels.jsonl")
    return [sum(1 for k in ks if k["proc"] == p and k["iter"] == 0) for p in sorted({k["proc"] for k in ks})]


def shares(run, solo) -> list[float]:
    alone = read_jsonl(solo / "procs.jsonl")[0]["throughput_img_s"]
    return [p["throughput_img_s"] / alone for p in read_jsonl(run / "procs.jsonl")]


def test_every_diagnostic_run_is_whole_and_has_autotuning_off():
    folders = sorted(p.parent for p in DIAG.glob("*/manifest.json"))
    assert len(folders) == 7
    for f in folders:
        assert run_folder_errors(f) == [], f.name
        assert '"cudnn_benchmark": false' in (f / "manifest.json").read_text(), f.name


def test_autotuned_copies_ran_different_kernels_and_untuned_ones_the_same():
    assert len(set(kernels_per_proc(RUNS / "mps__3x-convnextatto-in-b128"))) == 3
    assert set(kernels_per_proc(DIAG / "mps__3x-convnextatto-in-b128__nobench")) == {440}
    untuned = shares(DIAG / "mps__3x-convnextatto-in-b128__nobench", DIAG / "exclusive__convnextatto-in-b128__nobench")
    tuned = shares(RUNS / "mps__3x-convnextatto-in-b128", RUNS / "exclusive__convnextatto-in-b128")
    assert max(untuned) / min(untuned) < 1.03 and 1.05 < sum(untuned) < 1.10
    assert sum(tuned) < 0.8
