"""Runs write the format of docs/run-format.md: every record satisfies profiler/schemas."""

from __future__ import annotations

import json

from helpers import FAST, FIXTURES, fake
from schema_check import load, run_folder_errors

from profiler.experiment import MODES
from profiler.jsonl import read_jsonl


def test_a_naive_run_writes_schema_valid_streams_and_a_complete_manifest(tmp_path, fake_env):
    res = fake("run", "--mode", "naive", "--workloads", "fake-small,fake-large", "--trace-iters", "2", *FAST, out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    run = tmp_path / "naive__fake-small+fake-large"
    assert run_folder_errors(run) == []
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["mode"] == "naive"
    assert [p["workload"] for p in manifest["processes"]] == ["fake-small", "fake-large"]
    assert manifest["workloads"]["fake-large"]["batch"] == 64
    for name in ("steps", "procs", "samples", "kernels", "iterations", "events"):
        assert read_jsonl(run / f"{name}.jsonl"), name


def test_co_runners_measure_inside_one_shared_window(tmp_path, fake_env):
    fake("run", "--mode", "naive", "--workloads", "fake-small,fake-large", *FAST, out=tmp_path, env=fake_env)
    run = tmp_path / "naive__fake-small+fake-large"
    window = json.loads((run / "manifest.json").read_text())["window"]
    measured = [s for s in read_jsonl(run / "steps.jsonl") if s["phase"] == "measure"]
    assert {s["proc"] for s in measured} == {0, 1}
    # every measured step began inside the window; each process reached its end (or its minimum step count)
    assert all(s["t_end"] - s["dt_s"] >= window["start"] - 1e-6 for s in measured)
    for proc in (0, 1):
        mine = [s for s in measured if s["proc"] == proc]
        assert len(mine) >= 4 and mine[-1]["t_end"] >= window["end"]


def started(tmp_path, fake_env, start: str):
    """A two-process mix run with `--start START`: its events (run start, warm-up done: proc -> time) and steps."""
    res = fake("run", "--mode", "naive", "--workloads", "fake-small,fake-large", "--start", start, *FAST, out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    run = tmp_path / f"naive__fake-small+fake-large__{start}"
    assert run_folder_errors(run) == []
    assert json.loads((run / "manifest.json").read_text())["settings"]["start"] == start
    events = read_jsonl(run / "events.jsonl")
    at = {kind: {e["proc"]: e["t"] for e in events if e["kind"] == kind} for kind in ("start", "warmup_done")}
    return at["start"], at["warmup_done"], read_jsonl(run / "steps.jsonl")


def test_a_staggered_mix_starts_each_process_once_the_one_before_is_warm(tmp_path, fake_env):
    began, warm, steps = started(tmp_path, fake_env, "staggered")
    assert began[1] >= warm[0]
    # proc 0 kept training while proc 1 built and warmed up
    assert any(s["t_end"] > began[1] for s in steps if s["proc"] == 0 and s["phase"] == "warmup")


def test_an_isolated_mix_warms_each_process_up_while_the_ones_before_it_wait(tmp_path, fake_env):
    began, warm, steps = started(tmp_path, fake_env, "isolated")
    assert began[1] >= warm[0]
    # proc 0 stepped no more while proc 1 built and warmed up, then both were measured
    assert not [s for s in steps if s["proc"] == 0 and began[1] < s["t_end"] < warm[1]]
    assert {s["proc"] for s in steps if s["phase"] == "measure"} == {0, 1}


def test_a_mix_measured_in_turns_trains_each_process_alone_after_they_warmed_up_together(tmp_path, fake_env):
    args = ("--workloads", "fake-small,fake-large", "--measure", "turns", "--trace-iters", "1", *FAST)
    res = fake("run", "--mode", "naive", *args, out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    run = tmp_path / "naive__fake-small+fake-large__turns"
    assert run_folder_errors(run) == []
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["settings"]["measure"] == "turns"
    steps = read_jsonl(run / "steps.jsonl")
    measured = {p: [s for s in steps if s["proc"] == p and s["phase"] == "measure"] for p in (0, 1)}
    assert all(len(m) >= 4 for m in measured.values())
    # proc 0's turn ended before proc 1's began, and no process stepped during the other's turn
    turn = {p: (m[0]["t_end"] - m[0]["dt_s"], m[-1]["t_end"]) for p, m in measured.items()}
    assert turn[0][1] <= turn[1][0]
    assert not [s for s in steps if s["proc"] == 1 and turn[0][0] < s["t_end"] < turn[0][1]]
    assert not [s for s in steps if s["proc"] == 0 and turn[1][0] < s["t_end"] < turn[1][1]]
    window = manifest["window"]
    assert window["start"] <= turn[0][0] and turn[1][1] <= window["end"]
    assert {k["proc"] for k in read_jsonl(run / "kernels.jsonl")} == {0, 1}
    for rec in read_jsonl(run / "procs.jsonl"):
        assert rec["steps_measured"] == len(measured[rec["proc"]])


def test_throughput_and_epoch_time_follow_from_the_measured_steps(tmp_path, fake_env):
    fake("run", "--mode", "exclusive", "--workloads", "fake-large", *FAST, out=tmp_path, env=fake_env)
    run = tmp_path / "exclusive__fake-large"
    (proc,) = read_jsonl(run / "procs.jsonl")
    dts = [s["dt_s"] for s in read_jsonl(run / "steps.jsonl") if s["phase"] == "measure"]
    assert proc["steps_measured"] == len(dts)
    assert abs(proc["throughput_img_s"] - 64 * len(dts) / sum(dts)) < 0.01 * proc["throughput_img_s"]
    assert abs(proc["epoch_time_s"] - 6400 / proc["throughput_img_s"]) < 0.01
    # fake-large sleeps 30 ms a step
    assert 0.03 <= proc["step_time_median_s"] < 0.05


def test_the_example_run_folders_for_ingest_are_schema_valid():
    assert run_folder_errors(FIXTURES / "example-run") == []
    assert run_folder_errors(FIXTURES / "example-replay") == []


def test_json_lines_are_strict_json_without_nan(tmp_path):
    from profiler.jsonl import JsonlWriter

    w = JsonlWriter(tmp_path / "samples.jsonl")
    w.write({"t": 1.0, "gpm_dram_bw_util": float("nan"), "power_w": float("inf")})
    w.close()
    assert (tmp_path / "samples.jsonl").read_text() == '{"t":1.0,"gpm_dram_bw_util":null,"power_w":null}\n'


def test_the_modes_the_profiler_runs_are_the_manifest_schemas():
    # One vocabulary: the schema (which the TypeScript side also checks against sim/hardware/sharing-modes.ts).
    assert list(MODES) == load("manifest")["properties"]["sharing"]["enum"]
