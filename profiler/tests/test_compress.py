"""Kernel traces, samples and steps are kept gzipped once a run has ended: the profiler does it itself, `compress`
does it for runs recorded before, and every reader reads the .gz as the plain file."""

from __future__ import annotations

import json
import shutil

from helpers import FAST, FIXTURES, fake, profiler
from schema_check import run_folder_errors

from profiler.jsonl import gzip_stream, read_jsonl


def test_a_traced_run_ends_with_its_trace_samples_and_steps_gzipped(tmp_path, fake_env):
    res = fake("run", "--mode", "exclusive", "--workloads", "fake-small", "--trace-iters", "2", *FAST, out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    run = tmp_path / "exclusive__fake-small"
    for stream in ("kernels", "samples", "steps"):
        assert not (run / f"{stream}.jsonl").exists() and (run / f"{stream}.jsonl.gz").exists(), stream
        assert read_jsonl(run / f"{stream}.jsonl"), stream
    assert run_folder_errors(run) == []


def test_gzipping_is_byte_reproducible_and_loses_nothing(tmp_path):
    copies = [tmp_path / "a", tmp_path / "b"]
    for c in copies:
        shutil.copytree(FIXTURES / "example-run", c)
    before = read_jsonl(copies[0] / "kernels.jsonl")
    assert all(gzip_stream(c, "kernels") for c in copies)
    packed = [(c / "kernels.jsonl.gz").read_bytes() for c in copies]
    assert packed[0] == packed[1]
    assert read_jsonl(copies[0] / "kernels.jsonl") == before
    assert not gzip_stream(copies[0], "kernels")  # nothing plain is left to compress


def test_compress_gzips_finished_runs_and_leaves_a_running_one(tmp_path):
    done, running = tmp_path / "runs" / "done", tmp_path / "runs" / "running"
    for c in (done, running):
        shutil.copytree(FIXTURES / "example-run", c)
    manifest = json.loads((running / "manifest.json").read_text())
    (running / "manifest.json").write_text(json.dumps({**manifest, "status": "running"}))
    res = profiler("compress", str(tmp_path / "runs"))
    assert res.returncode == 0, res.stderr
    assert "3 stream(s) gzipped; 1 run(s) still running" in res.stdout
    for stream in ("kernels", "samples", "steps"):
        assert (done / f"{stream}.jsonl.gz").exists() and not (done / f"{stream}.jsonl").exists()
        assert (running / f"{stream}.jsonl").exists() and not (running / f"{stream}.jsonl.gz").exists()


def test_compress_of_a_missing_folder_or_one_without_runs_is_bad_input(tmp_path):
    expected = "expected a run folder (with manifest.json) or a folder of run folders"
    res = profiler("compress", str(tmp_path / "nowhere"))
    assert res.returncode == 2
    assert res.stderr.strip() == f"error: {tmp_path / 'nowhere'}: {expected}"
    (tmp_path / "empty").mkdir()
    res = profiler("compress", str(tmp_path / "empty"))
    assert (res.returncode, res.stderr.strip()) == (2, f"error: {tmp_path / 'empty'}: {expected}")


def test_a_manifest_that_is_not_a_json_object_is_named_not_taken_for_a_running_run(tmp_path):
    run = tmp_path / "runs" / "odd"
    shutil.copytree(FIXTURES / "example-run", run)
    for text in ("[1]", "{not json"):
        (run / "manifest.json").write_text(text)
        res = profiler("compress", str(tmp_path / "runs"))
        assert res.returncode == 2, res.stdout
        assert res.stderr.strip() == f"error: {run / 'manifest.json'}: expected a run's manifest (a JSON object)"
        assert (run / "kernels.jsonl").exists()
