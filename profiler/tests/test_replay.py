"""Live replay: each job starts at its arrival time as its own process, under the scenario's sharing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import REPO, SPEC, fake, fake_daemons
from schema_check import run_folder_errors

from profiler.jsonl import read_jsonl
from profiler.scenario import ReplayJob, load_scenario, startable
from profiler.workloads import load_catalog, load_spec_file

JOBS = (ReplayJob("a", 0.0, "w", 10), ReplayJob("b", 1.0, "w", 10), ReplayJob("c", 1.0, "w", 10))


def test_shared_modes_start_every_arrived_job():
    assert startable(0.5, JOBS, set(), set(), "naive") == ["a"]
    assert startable(1.0, JOBS, {"a"}, {"a"}, "mps") == ["b", "c"]


def test_exclusive_starts_one_job_at_a_time_first_come_first_served():
    assert startable(1.0, JOBS, {"a"}, {"a"}, "exclusive") == []
    assert startable(1.0, JOBS, {"a"}, set(), "exclusive") == ["b"]


def test_the_committed_replays_load_with_the_expected_sharing():
    catalog = load_catalog()
    got = {}
    for path in sorted((REPO / "scenarios/replays").glob("*.yaml")):
        sc = load_scenario(str(path), catalog)
        got[sc.name] = sc.sharing
        assert 3 <= len(sc.jobs) <= 6 and max(j.arrival_s for j in sc.jobs) <= 36, sc.name
    assert got == {
        "replay-mps-4jobs": "mps",
        "replay-mps-5jobs": "mps",
        "replay-mps-5jobs-b": "mps",
        "replay-mps-6jobs": "mps",
        "replay-mps-partitioned-4jobs": "mps-partitioned",
        "replay-mps-partitioned-4jobs-b": "mps-partitioned",
        "replay-mps-partitioned-5jobs": "mps-partitioned",
        "replay-naive-3jobs": "naive",
        "replay-naive-4jobs-burst": "naive",
        "replay-naive-5jobs": "naive",
        "replay-naive-5jobs-b": "naive",
        "replay-naive-6jobs": "naive",
    }
    part = load_scenario(str(REPO / "scenarios/replays/replay-mps-partitioned-4jobs.yaml"), catalog)
    assert [j.mps_percentage for j in part.jobs] == [48.49, 24.25, 24.25, 12.13]


def test_epochs_become_steps_of_the_workloads_batch():
    sc = load_scenario(str(REPO / "scenarios/replays/replay-naive-5jobs.yaml"), load_catalog())
    # 0.75 epochs of CIFAR-10 (50,000 images) at batch 128
    assert sc.jobs[0].steps == 293


def scenario(tmp_path, mode: str, extra: str = "") -> str:
    path = tmp_path / f"{mode}.yaml"
    path.write_text(
        f"""
name: replay-{mode}
seed: 1
hardware: {{ gpus: [{{ gpu: H200-141GB, count: 1, sharing: {{ mode: {mode} {extra} }} }}] }}
jobs:
  list:
    - {{ id: j1, arrival_s: 0, workload: fake-large, iterations: 12 }}
    - {{ id: j2, arrival_s: 0.2, workload: fake-small, iterations: 20 }}
    - {{ id: j3, arrival_s: 0.3, workload: fake-oom, epochs: 1 }}
"""
    )
    return str(path)


@pytest.mark.parametrize("mode", ["exclusive", "naive"])
def test_a_replay_records_every_job(tmp_path, fake_env, mode):
    (tmp_path / "jit").mkdir()
    (tmp_path / "jit" / "kernel").write_bytes(b"12345")
    env = {**fake_env, "CUDA_CACHE_PATH": str(tmp_path / "jit")}
    res = fake("replay", scenario(tmp_path, mode), out=tmp_path / "runs", env=env)
    assert res.returncode == 0, res.stderr
    run = tmp_path / "runs" / f"replay-{mode}"
    assert run_folder_errors(run) == []
    manifest = json.loads((run / "manifest.json").read_text())
    assert (manifest["mode"], manifest["sharing"], manifest["status"], manifest["validation"]) == ("replay", mode, "complete", True)
    assert (run / "scenario.yaml").read_text() == Path(scenario(tmp_path, mode)).read_text()  # what was replayed
    assert (run / "samples.jsonl.gz").exists() and not (run / "samples.jsonl").exists()  # gzipped once ended
    jobs = {j["job"]: j for j in read_jsonl(run / "jobs.jsonl")}
    assert [jobs[j]["outcome"] for j in ("j1", "j2", "j3")] == ["ok", "ok", "oom"]
    assert jobs["j1"]["steps"] == 12 and jobs["j2"]["steps"] == 20
    assert jobs["j3"]["steps_target"] == len(range(0, 6400, 64))
    for j in jobs.values():
        assert j["start_s"] >= j["arrival_s"]
    steps = [s for s in read_jsonl(run / "steps.jsonl") if s["phase"] == "job"]
    assert len(steps) == sum(j["steps"] for j in jobs.values()) and jobs["j3"]["steps"] < 4  # fake-oom fails at its 4th
    if mode == "exclusive":  # one at a time: j2 starts after j1 finished
        assert jobs["j2"]["start_s"] >= jobs["j1"]["finish_s"]
    else:  # j2 arrives while j1 still trains and starts at once
        assert jobs["j2"]["start_s"] < jobs["j1"]["finish_s"]
    assert len({p["pid"] for p in read_jsonl(run / "procs.jsonl")}) == 3  # one process per job
    # The CUDA JIT cache before and after the jobs (pointed at a folder of 5 bytes).
    assert [e["detail"] for e in read_jsonl(run / "events.jsonl") if e["kind"] == "jit_cache"] == ["5", "5"]


def test_an_mps_partitioned_replay_gives_each_job_its_percentage(tmp_path, fake_env):
    res = fake("replay", scenario(tmp_path, "mps", ", percentages: { j1: 24.25 }"), out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 0, res.stderr
    manifest = json.loads((tmp_path / "runs/replay-mps/manifest.json").read_text())
    assert manifest["sharing"] == "mps-partitioned"
    assert [p["mps_percentage"] for p in manifest["processes"]] == [24.25, None, None]
    log = (tmp_path / "mps.log").read_text().splitlines()
    assert log[0].startswith("args=-d") and log[-1] == "daemon=quit"
    assert fake_daemons(fake_env["COLLOC_MPS_CONTROL"]) == []


def test_custom_workloads_are_resolved_from_the_spec(tmp_path):
    sc = load_scenario(scenario(tmp_path, "naive"), {**load_catalog(), **load_spec_file(str(SPEC))})
    assert [j.workload for j in sc.jobs] == ["fake-large", "fake-small", "fake-oom"]


def test_a_replay_for_calibration_is_not_in_the_validation_subset(tmp_path, fake_env):
    res = fake("replay", scenario(tmp_path, "exclusive"), "--calibration", out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 0, res.stderr
    manifest = json.loads((tmp_path / "runs/replay-exclusive/manifest.json").read_text())
    assert manifest["validation"] is False


def test_the_start_up_scenario_runs_every_computation_once_alone():
    sc = load_scenario(str(REPO / "scenarios/calibration/startup-h200.yaml"), load_catalog())
    assert sc.sharing == "exclusive"
    assert len({j.workload for j in sc.jobs}) == len(sc.jobs) == 10


def process_starts(run) -> tuple[dict, list[dict], dict[int, float]]:
    manifest = json.loads((run / "manifest.json").read_text())
    events = read_jsonl(run / "events.jsonl")
    starts = {e["proc"]: e["t"] for e in events if e["kind"] == "job_start"}
    return manifest, [e for e in events if e["kind"] == "process_start"], starts


def test_each_job_is_a_fresh_process_launched_at_its_start_by_default(tmp_path, fake_env):
    res = fake("replay", scenario(tmp_path, "naive"), out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 0, res.stderr
    manifest, launched, starts = process_starts(tmp_path / "runs/replay-naive")
    assert manifest["launch"] == "fresh-process"
    # one launch per job, after the replay's clock started and just before the job's start
    assert sorted(e["proc"] for e in launched) == [0, 1, 2]
    for e in launched:
        assert manifest["window"]["start"] <= e["t"] <= starts[e["proc"]]


def test_warm_workers_are_launched_before_the_clock(tmp_path, fake_env):
    res = fake("replay", scenario(tmp_path, "naive"), "--warm-workers", out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 0, res.stderr
    manifest, launched, _ = process_starts(tmp_path / "runs/replay-naive")
    assert manifest["launch"] == "warm-workers"
    assert sorted(e["proc"] for e in launched) == [0, 1, 2]
    assert all(e["t"] < manifest["window"]["start"] for e in launched)
