"""A worker killed mid-run leaves whole lines and a `partial` manifest; so does a coordinator stopped by SIGTERM.
A coordinator killed with SIGKILL cannot clean up: the next start stops its MPS daemon and marks its run partial."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from helpers import FAST, REPO, SPEC, fake, fake_daemons
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


def test_after_a_sigkilled_mps_coordinator_the_next_start_stops_its_daemon_and_marks_its_run_partial(tmp_path, fake_env):
    control = fake_env["COLLOC_MPS_CONTROL"]
    cmd = [sys.executable, "-m", "profiler", "run", "--spec", str(SPEC), "--mode", "mps", "--workloads", "fake-small,fake-large", *SLOW, "--out", str(tmp_path)]
    coordinator = subprocess.Popen(cmd, cwd=REPO, env={**os.environ, **fake_env}, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    run = tmp_path / "mps__fake-small+fake-large"
    workers = wait_for_measuring(run)
    coordinator.kill()  # SIGKILL: nothing of the coordinator's own cleanup runs
    coordinator.communicate(timeout=30)
    for pid in workers.values():
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    (stale,) = fake_daemons(control)
    assert json.loads((run / "manifest.json").read_text())["status"] == "running"

    res = fake("run", "--mode", "mps", "--workloads", "fake-small", *FAST, out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    assert "mps__fake-small+fake-large: its coordinator was killed while it ran: manifest marked partial" in res.stdout
    assert "mps_daemon_stale_stopped" in res.stdout
    assert json.loads((run / "manifest.json").read_text())["status"] == "partial"
    assert json.loads((tmp_path / "mps__fake-small/manifest.json").read_text())["status"] == "complete"
    assert stale not in fake_daemons(control) and fake_daemons(control) == []


def test_a_folder_whose_manifest_is_not_a_json_object_is_no_run_and_stops_nothing(tmp_path, fake_env):
    odd = tmp_path / "old-run"
    odd.mkdir()
    (odd / "manifest.json").write_text("[1]")
    res = fake("run", "--mode", "exclusive", "--workloads", "fake-small", *FAST, out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    assert (odd / "manifest.json").read_text() == "[1]"
    assert json.loads((tmp_path / "exclusive__fake-small" / "manifest.json").read_text())["status"] == "complete"
