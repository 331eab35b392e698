"""Bad input stops before any GPU work: one message naming the file and the field, exit code 2, no run folder."""

from __future__ import annotations

import sys

import pytest
from helpers import FAST, SPEC, fake, profiler

from profiler import gpu, mps
from profiler.errors import InputError
from profiler.__main__ import main


def assert_refused(res, tmp_path, *fragments: str) -> None:
    assert res.returncode == 2, res.stderr
    message = res.stderr.strip()
    assert message.startswith("error: ") and "Traceback" not in message
    for f in fragments:
        assert f in message
    assert not (tmp_path / "runs").exists() or not any((tmp_path / "runs").iterdir())


def test_unknown_workload_id(tmp_path, fake_env):
    res = profiler("run", "--mode", "exclusive", "--workloads", "resnet9000", "--out", str(tmp_path / "runs"), env=fake_env)
    assert_refused(res, tmp_path, "(command line): --workloads: expected a known workload id", "'resnet9000'")


def test_bad_plan_file(tmp_path, fake_env):
    plan = tmp_path / "plan.yaml"
    plan.write_text("groups:\n  - modes: [naive]\n    workloads: [resnet26-c10-b128]\n    copies: [two]\n")
    res = profiler("plan", str(plan), "--out", str(tmp_path / "runs"), env=fake_env)
    assert_refused(res, tmp_path, f"{plan}: groups[0].copies[0]: expected a positive integer")


def test_missing_plan_file(tmp_path, fake_env):
    res = profiler("plan", str(tmp_path / "nope.yaml"), "--out", str(tmp_path / "runs"), env=fake_env)
    assert_refused(res, tmp_path, "nope.yaml: (file): expected a readable YAML plan file")


def test_binary_spec_file(tmp_path, fake_env):
    spec = tmp_path / "spec.yaml"
    spec.write_bytes(b"\xa1\x00\xff" * 100)
    res = profiler("characterize", "--spec", str(spec), "--out", str(tmp_path / "runs"), env=fake_env)
    assert_refused(res, tmp_path, f"{spec}: (file): expected a readable YAML spec file", "binary, not text")


@pytest.mark.parametrize("copies", ["0", "49"])
def test_processes_beyond_mps_client_limit(tmp_path, fake_env, copies):
    res = fake("run", "--mode", "mps", "--workloads", "fake-small", "--copies", copies, *FAST, out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, "(command line): --copies: expected 1 to 48 processes in a run", f"got {copies}")


@pytest.mark.parametrize("rid", ["../escaped", "x" * 201])
def test_run_id_that_cannot_name_a_folder(tmp_path, fake_env, rid):
    res = fake("run", "--mode", "exclusive", "--workloads", "fake-small", "--run-id", rid, *FAST, out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, "(command line): run id: expected a run id that can name a folder")
    assert not (tmp_path / "escaped").exists()


@pytest.mark.parametrize(
    "option, fragment",
    [
        (["--warmup-s", "-1"], "options.warmup_s: expected a number from 0 to 86400, got -1.0"),
        (["--measure-s", "nan"], "options.measure_s: expected a number from 0 to 86400, got nan"),
        (["--measure-s", "1e308"], "options.measure_s: expected a number from 0 to 86400"),
        (["--loader-workers", "-3"], "options.loader_workers: expected an integer from 0 to 256"),
    ],
)
def test_run_options_out_of_range(tmp_path, fake_env, option, fragment):
    res = fake("run", "--mode", "exclusive", "--workloads", "fake-small", *option, out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, f"(command line): {fragment}")


def test_plan_deadline_not_a_number(tmp_path, fake_env):
    plan = tmp_path / "plan.yaml"
    plan.write_text("groups:\n  - modes: [exclusive]\n    workloads: [fake-small]\n")
    res = fake("plan", str(plan), "--deadline-s", "nan", out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, "(command line): --deadline-s: expected seconds, at most 10^7 (0 or less: start nothing), got nan")


def test_negative_sm_limit(tmp_path, fake_env):
    res = fake("run", "--mode", "mps-partitioned", "--workloads", "fake-small", "--sm-limit", "-5", out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, "(command line): --sm-limit: expected a positive number of SMs, got -5")


def test_host_without_nvml_bindings(monkeypatch):
    monkeypatch.setitem(sys.modules, "pynvml", None)  # `import pynvml` then fails as on a host without the package
    with pytest.raises(InputError, match="nvidia-ml-py"):
        gpu.nvml()


def test_mig_on_a_gpu_without_mig_instances(tmp_path, fake_env):
    res = fake("run", "--mode", "mig", "--workloads", "fake-small", "--copies", "2", *FAST, out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, "mig needs 2 existing MIG instance(s)", "never changes MIG mode")


def test_green_contexts_where_pytorch_has_none(tmp_path, fake_env):
    res = fake("run", "--mode", "green", "--sm-limit", "16", "--workloads", "fake-small", out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, "green contexts need torch.cuda.green_contexts")


def test_a_data_folder_that_does_not_exist(tmp_path, fake_env):
    res = fake("run", "--mode", "exclusive", "--workloads", "fake-small", "--data", str(tmp_path / "imagenet"), out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, "(command line): data: expected an image folder")


def test_more_sms_than_the_gpu_has(tmp_path, fake_env):
    res = fake("run", "--mode", "mps-partitioned", "--sm-limit", "200", "--workloads", "fake-small", out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, "sm_limit: expected at most the GPU's 132 SMs")


def test_mps_daemon_running_with_another_pipe_folder(tmp_path, fake_env, monkeypatch, capsys):
    monkeypatch.setattr(mps, "running_daemons", lambda *args: [(41, "/tmp/theirs")])
    code = main(["run", "--spec", str(SPEC), "--mode", "mps", "--workloads", "fake-small", "--copies", "2", "--out", str(tmp_path / "runs")])
    assert code == 2
    err = capsys.readouterr().err
    assert "pid 41 uses /tmp/theirs" in err
    assert not (tmp_path / "runs").exists()


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ("jobs: { list: [{ id: j1, arrival_s: 0, workload: resnet9000, iterations: 5 }] }", "jobs.list[0].workload: expected a known workload id"),
        ("jobs: { list: [{ id: j1, arrival_s: -1, workload: fake-small, iterations: 5 }] }", "jobs.list[0].arrival_s: expected a non-negative number"),
        ("jobs: { list: [{ id: j1, arrival_s: 0, workload: fake-small }] }", "jobs.list[0]: expected exactly one of iterations or epochs"),
        ("jobs: { generate: { count: 3 } }", "jobs.list: expected a non-empty explicit job list"),
    ],
)
def test_bad_replay_scenarios(tmp_path, fake_env, body, fragment):
    scenario = tmp_path / "sc.yaml"
    scenario.write_text(f"name: bad\nseed: 1\nhardware: {{ gpus: [{{ gpu: H200-141GB, count: 1, sharing: {{ mode: naive }} }}] }}\n{body}\n")
    res = fake("replay", str(scenario), out=tmp_path / "runs", env=fake_env)
    assert_refused(res, tmp_path, f"{scenario}: {fragment}")


GOOD = "{model: resnet18, classes: 10, batch: 32, input: [3, 32, 32], images_per_epoch: 100}"


@pytest.mark.parametrize(
    "text, message",
    [
        (f"workloads:\n  a1: {GOOD}\n  a1: {GOOD}\n", "line 3: expected each key once in a mapping, got 'a1'"),
        (f"workloads:\n  1: {GOOD}\n", 'workloads.1: expected an id that is text (quote a number: "1"), got 1'),
        (f"workloads:\n  a1: {GOOD}\nsetings: {{}}\n", "setings: expected a top-level key of a spec file (workloads, settings, groups)"),
        (
            "workloads:\n  resnet50-i64-b128: {model: vit_small_patch16_224, classes: 10, batch: 32, input: [3, 32, 32], images_per_epoch: 100}\n",
            "workloads.resnet50-i64-b128: expected an id of its own (resnet50-i64-b128 is already defined, as another workload)",
        ),
        (f"workloads:\n  a1: {GOOD.replace('batch: 32', 'batch: 1000000000')}\n", "workloads.a1.batch: expected a whole number from 1 to 65536"),
        (f"workloads:\n  a1: {GOOD.replace('resnet18', 'x' * 201)}\n", "workloads.a1.model: expected a string of 1 to 200 characters"),
    ],
)
def test_a_spec_that_would_record_another_model_than_it_says_is_refused(tmp_path, text, message):
    spec = tmp_path / "spec.yaml"
    spec.write_text(text)
    res = profiler("workloads", "--spec", str(spec))
    assert_refused(res, tmp_path, f"{spec}: {message}")


def test_a_plan_past_its_bounds_is_refused_before_it_is_listed(tmp_path):
    plan = tmp_path / "plan.yaml"
    plan.write_text("groups:\n  - {modes: [exclusive], workloads: [resnet26-c10-b128], repeats: 100000000}\n")
    assert_refused(profiler("plan", str(plan), "--list"), tmp_path, f"{plan}: groups[0].repeats: expected at most 100 repeats")
    plan.write_text("groups:\n  - {modes: [mps-partitioned], workloads: all, sm_limits: " + str(list(range(1, 133))) + ", repeats: 100}\n")
    assert_refused(profiler("plan", str(plan), "--list"), tmp_path, f"{plan}: groups[0]: expected a group of at most 10000 runs")
