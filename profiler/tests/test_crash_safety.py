"""A worker killed mid-run leaves whole lines and a `partial` manifest; so does a coordinator stopped by SIGTERM."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from helpers import REPO, SPEC
from schema_check import run_folder_errors

from profiler.jsonl import read_jsonl

SLOW = ["--warmup-s", "0.1", "--measure-s", "30", "--min-steps", "4"]


def start(tmp_path, env) -> subprocess.Popen:
    cmd = [sys.executable, "-m", "profiler", "run", "--spec", str(SPEC), "--mode", "naive", "--workloads", "fake-small,fake-large", *SLOW, "--out", str(tmp_path)]
    return subprocess.Popen(cmd, cwd=REPO, env={**os.environ, **env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def wait_for_measuring(run) -> dict[int, int]:
    """pid of each worker, once both are inside the measurement window."""
    deadline = time.time() + 30
    while time.time() < deadline:
        steps = read_jsonl(run / "steps.jsonl") if (run / "steps.jsonl").exists() else []
        if {s["proc"] for s in steps if s["phase"] == "measure"} == {0, 1}:
            events = read_jsonl(run / "events.jsonl")
            return {e["proc"]: int(e["detail"].split()[1]) for e in events if e["kind"] == "start" and e["proc"] is not None}
        time.sleep(0.05)
    raise AssertionError("the run never reached its measurement window")


def test_a_killed_worker_leaves_valid_lines_and_a_partial_manifest(tmp_path, fake_env):
    coordinator = start(tmp_path, fake_env)
    run = tmp_path / "naive__fake-small+fake-large"
    pids = wait_for_measuring(run)
    os.kill(pids[1], signal.SIGKILL)
    out, err = coordinator.communicate(timeout=60)
    assert coordinator.returncode == 1, err
    manifest = json.loads((run / "manifest.json").read_text())
    assert manifest["status"] == "partial"
    assert run_folder_errors(run) == []
    outcomes = {p["proc"]: p for p in read_jsonl(run / "procs.jsonl")}
    assert outcomes[1]["outcome"] == "killed" and outcomes[1]["steps_measured"] > 0
    assert outcomes[0]["outcome"] == "ok"


def test_sigterm_to_the_coordinator_marks_the_run_partial(tmp_path, fake_env):
    coordinator = start(tmp_path, fake_env)
    run = tmp_path / "naive__fake-small+fake-large"
    pids = wait_for_measuring(run)
    coordinator.send_signal(signal.SIGTERM)
    coordinator.communicate(timeout=60)
    assert coordinator.returncode == 1
    assert json.loads((run / "manifest.json").read_text())["status"] == "partial"
    assert run_folder_errors(run) == []
    time.sleep(0.5)
    for pid in pids.values():  # no worker outlives its coordinator
        assert subprocess.run(["ps", "-p", str(pid), "-o", "stat="], capture_output=True, text=True).stdout.strip() in ("", "Z")
