"""Out of memory is an outcome: the run completes, the process says `oom`, its co-runner measures on."""

from __future__ import annotations

import json

from helpers import FAST, fake

from profiler.jsonl import read_jsonl


def test_an_out_of_memory_process_is_recorded_not_crashed(tmp_path, fake_env):
    res = fake("run", "--mode", "naive", "--workloads", "fake-small,fake-oom", *FAST, out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    run = tmp_path / "naive__fake-small+fake-oom"
    assert json.loads((run / "manifest.json").read_text())["status"] == "complete"
    procs = {p["proc"]: p for p in read_jsonl(run / "procs.jsonl")}
    assert procs[1]["outcome"] == "oom" and "out of memory" in procs[1]["error"] and procs[1]["throughput_img_s"] is None
    assert procs[0]["outcome"] == "ok" and procs[0]["steps_measured"] >= 4
    assert any(e["kind"] == "oom" and e["proc"] == 1 for e in read_jsonl(run / "events.jsonl"))


def test_the_worker_survives_an_oom_and_runs_the_next_experiment(tmp_path, fake_env):
    plan = tmp_path / "plan.yaml"
    plan.write_text(
        # without autotuning a worker serves one experiment after another (with it, each gets a fresh one)
        "settings: { warmup_s: 0.1, measure_s: 0.2, min_steps: 3, cudnn_benchmark: false }\n"
        "groups: [{ modes: [exclusive], workloads: [fake-oom, fake-small] }]\n"
    )
    res = fake("plan", str(plan), out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 0, res.stderr
    oom, ok = (read_jsonl(tmp_path / "runs" / f"exclusive__{w}/procs.jsonl")[0] for w in ("fake-oom", "fake-small"))
    assert oom["outcome"] == "oom" and ok["outcome"] == "ok"
    assert oom["pid"] == ok["pid"]  # one worker ran both
