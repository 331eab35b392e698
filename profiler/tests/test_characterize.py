"""`python -m profiler characterize`: every run calibration uses, resumable, with its device-time estimate before
and the colloc commands after; bad specs stop before any GPU work."""

from __future__ import annotations

import json
import sys
from types import SimpleNamespace

from helpers import profiler
from schema_check import run_folder_errors
from test_bad_input import assert_refused

from profiler import spec_check
from profiler.__main__ import main
from profiler.characterize import next_commands
from profiler.characterize_facts import sm_caps
from profiler.experiment import Experiment, ProcSpec, Settings
from profiler.jsonl import read_jsonl
from profiler.memory_search import MemorySearch

SPEC = """
settings: { warmup_s: 0.1, measure_s: 0.3, min_steps: 4 }
workloads:
  my-net:
    { kind: fake, model: fake, classes: 10, batch: 32, input: [3, 32, 32], dataset: fake, images_per_epoch: 3200,
      fake: { step_s: 0.01, parallel: 0.5, build_s: 0.2, mem_bytes: 4294967296, min_mem_bytes: 2147483648 } }
"""
H200 = {"COLLOC_FAKE_GPU_NAME": "NVIDIA H200"}


def test_characterize_records_every_run_calibration_uses_then_resumes_with_nothing_left(tmp_path, fake_env):
    spec, out = tmp_path / "spec.yaml", tmp_path / "my-runs"
    spec.write_text(SPEC)
    first = profiler("characterize", "--spec", str(spec), "--out", str(out), env={**fake_env, **H200}, timeout=300)
    assert first.returncode == 0, first.stderr
    lines = first.stdout.splitlines()
    estimate = next(i for i, line in enumerate(lines) if line.startswith("expected device time: about"))
    assert estimate < next(i for i, line in enumerate(lines) if "exclusive__my-net: complete" in line)
    assert "SM caps 16, 26, 32, 60, 64 (the MIG sizes of NVIDIA H200)" in first.stdout
    runs = sorted(p.name for p in out.iterdir() if p.is_dir())
    assert runs[:1] == ["exclusive__my-net"] and (out / "exclusive__my-net" / "iterations.jsonl").exists()
    # twice more alone, untraced: a launch-bound job's solo speed moves between processes (calibrate averages them)
    again = [r for r in runs if r.startswith("exclusive__my-net__r")]
    assert again == ["exclusive__my-net__r1", "exclusive__my-net__r2"]
    assert [json.loads((out / r / "manifest.json").read_text())["settings"]["trace_iters"] for r in again] == [0, 0]
    assert "solo runs again, untraced" in first.stdout
    assert [r for r in runs if r.startswith("mps-partitioned")] == [f"mps-partitioned__my-net__sm{n}" for n in (16, 26, 32, 60, 64)]
    # the started-together probe: two copies warmed up together, then each measured alone in turn, traced
    probe = json.loads((out / "mps__2x-my-net__turns" / "manifest.json").read_text())
    assert (probe["settings"]["measure"], probe["settings"]["trace_iters"], len(probe["processes"])) == ("turns", 1, 2)
    assert "started-together probes (2 copies)" in first.stdout
    for run in runs:
        assert run_folder_errors(out / run) == [], run
    # SMs seen under each cap are the cap (MPS rounds the percentage down to whole TPCs)
    seen = [json.loads((out / f"mps-partitioned__my-net__sm{n}" / "manifest.json").read_text())["processes"][0]["sm_count_seen"] for n in (16, 26, 32, 60, 64)]
    assert seen == [16, 26, 32, 60, 64]
    # Memory caps halve between 0 and the solo peak (4 GiB): 2 trains, 1 runs out, 1.5 runs out (the least is 2).
    caps = {r: read_jsonl(out / r / "procs.jsonl")[0]["outcome"] for r in runs if "__cap" in r}
    assert caps == {"exclusive__my-net__cap2g": "ok", "exclusive__my-net__cap1g": "oom", "exclusive__my-net__cap1.5g": "oom"}
    for name in ("startup-alone__my-net", "startup-naive-busy__my-net", "startup-mps-busy__my-net"):
        manifest = json.loads((out / name / "manifest.json").read_text())
        assert (manifest["mode"], manifest["launch"], manifest["validation"], manifest["status"]) == ("replay", "fresh-process", False, "complete")
    assert json.loads((out / "startup-naive-busy__my-net/manifest.json").read_text())["sharing"] == "naive"
    assert lines[-3:] == [
        f"  colloc ingest {out} --out {out}-tables",
        f"  colloc calibrate {out}-tables --base h200 --out {out}-set",
        f"  colloc run {out}/characterized.yaml --out {out}-results",
    ]
    assert "calibration: ../my-runs-set" in (out / "characterized.yaml").read_text()

    started = {r: json.loads((out / r / "manifest.json").read_text())["started_at"] for r in runs}
    again = profiler("characterize", "--spec", str(spec), "--out", str(out), env={**fake_env, **H200}, timeout=120)
    assert again.returncode == 0, again.stderr
    assert "expected device time: about 0.0 min (0 s)" in again.stdout
    assert f"summary: skipped {len(runs)} in" in again.stdout
    assert {r: json.loads((out / r / "manifest.json").read_text())["started_at"] for r in runs} == started


def test_a_gpu_without_a_set_of_its_own_keeps_the_h200_sets_sharing_parameters(tmp_path):
    out = tmp_path / "my-runs"
    commands, note = next_commands(out, "NVIDIA L40S", scenario=False)
    assert commands == [f"colloc ingest {out} --out {out}-tables", f"colloc calibrate {out}-tables --base h200 --out {out}-set"]
    assert note is not None and note.startswith("colloc ships no calibration set of NVIDIA L40S") and "h200 set's sharing" in note
    # A GPU with its own set: that set, and nothing to say.
    commands, note = next_commands(out, "NVIDIA A100-SXM4-40GB", scenario=False)
    assert commands[1] == f"colloc calibrate {out}-tables --base a100 --out {out}-set" and note is None


def test_sm_caps_are_the_mig_sizes_of_known_gpus_and_sevenths_of_others():
    assert sm_caps("NVIDIA H200", 132)[0] == [16, 26, 32, 60, 64]
    assert sm_caps("NVIDIA A100-SXM4-40GB", 108)[0] == [14, 28, 42, 56, 98]
    caps, why = sm_caps("NVIDIA L40S", 142)
    assert caps == [20, 40, 60, 80] and "of its 142 SMs" in why


def test_the_memory_search_halves_the_bracket_after_each_capped_run(tmp_path):
    def folder(name: str, **end) -> object:
        (tmp_path / name).mkdir()
        (tmp_path / name / "procs.jsonl").write_text(json.dumps({"proc": 0, **end}) + "\n")
        return tmp_path / name

    search = MemorySearch("solo", steps=3, round_gib=0.25)
    solo = Experiment("exclusive__w", "solo", "exclusive", (ProcSpec(0, "w"),), Settings())
    [first] = search(solo, folder("solo", outcome="ok", mem_reserved_peak_bytes=6 << 30))
    assert (first.run_id, first.settings.memory_cap_gib) == ("exclusive__w__cap3g", 3.0)
    [second] = search(first, folder(first.run_id, outcome="oom"))
    assert second.settings.memory_cap_gib == 4.5
    [third] = search(second, folder(second.run_id, outcome="ok"))
    assert third.settings.memory_cap_gib == 3.75
    assert search(third, folder(third.run_id, outcome="ok")) == []  # three steps: the least lies in (3, 3.75] GiB
    assert search(solo, folder("solo-oom", outcome="oom")) == []  # nothing to search below a run that did not train


def test_a_spec_missing_a_field_stops_before_any_gpu_work(tmp_path, fake_env):
    spec = tmp_path / "spec.yaml"
    spec.write_text("workloads:\n  mine: { model: resnet50, classes: 10, input: [3, 32, 32], images_per_epoch: 100 }\n")
    res = profiler("characterize", "--spec", str(spec), "--out", str(tmp_path / "runs"), env=fake_env)
    assert_refused(res, tmp_path, f"{spec}: workloads.mine.batch: expected a whole number from 1 to 65536")



def test_a_spec_setting_characterize_chooses_itself_is_refused_not_dropped(tmp_path, fake_env):
    spec = tmp_path / "spec.yaml"
    spec.write_text(
        "workloads:\n  mine: { model: resnet50, classes: 10, batch: 8, input: [3, 32, 32], images_per_epoch: 100 }\n"
        "settings: { trace_iters: 3 }\n"
    )
    res = profiler("characterize", "--spec", str(spec), "--out", str(tmp_path / "runs"), env=fake_env)
    assert_refused(res, tmp_path, f"{spec}: settings.trace_iters: expected a setting characterize does not choose itself")

def fake_timm(monkeypatch, estimate_bytes: int) -> None:
    """timm and torch as check-spec sees them, without either installed: two model names and a memory estimate."""
    monkeypatch.setitem(sys.modules, "timm", SimpleNamespace(list_models=lambda: ["resnet18", "resnet50"]))
    monkeypatch.setitem(sys.modules, "torch", SimpleNamespace())
    monkeypatch.setattr(spec_check, "training_bytes", lambda torch, timm, w: estimate_bytes)


def test_an_unknown_timm_model_stops_before_any_gpu_work(tmp_path, fake_env, monkeypatch, capsys):
    fake_timm(monkeypatch, 1 << 30)
    spec = tmp_path / "spec.yaml"
    spec.write_text("workloads:\n  mine: { model: resnet50_typo, classes: 10, batch: 8, input: [3, 32, 32], images_per_epoch: 100 }\n")
    assert main(["characterize", "--spec", str(spec), "--out", str(tmp_path / "runs")]) == 2
    err = capsys.readouterr().err
    assert f"{spec}: workloads.mine.model: expected a timm model name (similar: resnet50), got 'resnet50_typo'" in err
    assert not (tmp_path / "runs").exists()


def test_a_batch_that_cannot_fit_the_gpu_stops_before_any_gpu_work(tmp_path, fake_env, monkeypatch, capsys):
    fake_timm(monkeypatch, 200 << 30)
    spec = tmp_path / "spec.yaml"
    spec.write_text("workloads:\n  mine: { model: resnet50, classes: 10, batch: 4096, input: [3, 224, 224], images_per_epoch: 100 }\n")
    assert main(["characterize", "--spec", str(spec), "--out", str(tmp_path / "runs")]) == 2
    err = capsys.readouterr().err
    assert "workloads.mine.batch: expected a batch whose training fits the GPU's 141 GiB (batch 4096 needs about 201 GiB)" in err
    assert not (tmp_path / "runs").exists()
