"""Plans resume: complete run folders are skipped, unfinished ones are measured again."""

from __future__ import annotations

import json

from helpers import SPEC, fake, profiler


def write_plan(tmp_path):
    plan = tmp_path / "plan.yaml"
    plan.write_text(
        "settings: { warmup_s: 0.1, measure_s: 0.2, min_steps: 3 }\n"
        "groups:\n"
        "  - { name: solo, modes: [exclusive], workloads: [fake-small, fake-large] }\n"
        "  - { name: pairs, modes: [naive, mps], workloads: [fake-small], copies: [2] }\n"
    )
    return plan


def test_a_rerun_skips_complete_runs_and_redoes_unfinished_ones(tmp_path, fake_env):
    plan, runs = write_plan(tmp_path), tmp_path / "runs"
    first = fake("plan", str(plan), out=runs, env=fake_env)
    assert first.returncode == 0, first.stderr
    assert "summary: complete 4" in first.stdout
    stale = runs / "naive__2x-fake-small/manifest.json"
    doc = json.loads(stale.read_text())
    doc["status"] = "partial"
    stale.write_text(json.dumps(doc))
    kept = json.loads((runs / "exclusive__fake-small/manifest.json").read_text())["started_at"]
    second = fake("plan", str(plan), out=runs, env=fake_env)
    assert "summary: complete 1, skipped 3" in second.stdout
    assert json.loads(stale.read_text())["status"] == "complete"
    assert json.loads((runs / "exclusive__fake-small/manifest.json").read_text())["started_at"] == kept


def test_list_prints_the_expanded_run_ids(tmp_path, fake_env):
    res = profiler("plan", str(write_plan(tmp_path)), "--spec", str(SPEC), "--list", env=fake_env)
    assert res.stdout.split() == ["exclusive__fake-small", "exclusive__fake-large", "naive__2x-fake-small", "mps__2x-fake-small"]


def test_a_deadline_defers_the_rest(tmp_path, fake_env):
    res = fake("plan", str(write_plan(tmp_path)), "--deadline-s", "0.01", out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 1
    assert "deferred" in res.stdout.splitlines()[-1]


def test_with_autotuning_every_run_gets_fresh_worker_processes(tmp_path, fake_env):
    """cuDNN keeps what a process autotuned: a reused worker would start with an earlier run's algorithms."""
    plan = tmp_path / "plan.yaml"
    plan.write_text(
        "settings: { warmup_s: 0.1, measure_s: 0.2, min_steps: 3 }\n"
        "groups:\n"
        "  - { name: tuned, modes: [naive], workloads: [fake-small, fake-large], copies: [2] }\n"
        "  - { name: untuned, modes: [mps], workloads: [fake-small, fake-large], settings: { cudnn_benchmark: false } }\n"
    )
    runs = tmp_path / "runs"
    assert fake("plan", str(plan), out=runs, env=fake_env).returncode == 0

    def prior_jobs(run_id):
        return [p["worker_prior_jobs"] for p in json.loads((runs / run_id / "manifest.json").read_text())["processes"]]

    assert prior_jobs("naive__2x-fake-small") == [0, 0]
    assert prior_jobs("naive__2x-fake-large") == [0, 0]
    # without autotuning a worker is reused
    assert prior_jobs("mps__fake-small") == [0]
    assert prior_jobs("mps__fake-large") == [1]
