"""The MPS daemon: private pipe and log folders, `echo quit | nvidia-cuda-mps-control` on every way out (a
daemon that will not quit is killed, and said so beside the error that ended the run), a stale daemon of a
killed coordinator stopped on start, and no start while another daemon owns the GPU. The fake control binary
starts a daemon process that really runs, so every "stopped" here is a process that is gone."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from helpers import FAST, fake, fake_daemons

from profiler.errors import InputError
from profiler.mps import OWNER_FILE, MpsDaemon, TeardownError, client_env, daemon_names, percentage_for, running_daemons


def fake_proc(root: Path, pid: int, comm: str, env: dict[str, str]) -> None:
    d = root / str(pid)
    d.mkdir(parents=True)
    (d / "comm").write_text(comm + "\n")
    (d / "environ").write_bytes(b"\0".join(f"{k}={v}".encode() for k, v in env.items()) + b"\0")


def test_commands_and_environment_use_private_folders(tmp_path):
    d = MpsDaemon(tmp_path / "mps", control="/usr/bin/nvidia-cuda-mps-control", proc_root=str(tmp_path / "proc"))
    assert d.start_command() == ["/usr/bin/nvidia-cuda-mps-control", "-d"]
    env = d.env()
    assert env["CUDA_MPS_PIPE_DIRECTORY"] == str(tmp_path / "mps/pipe")
    assert env["CUDA_MPS_LOG_DIRECTORY"] == str(tmp_path / "mps/log")
    assert client_env(d.pipe_dir, 12.13) == {"CUDA_MPS_PIPE_DIRECTORY": str(d.pipe_dir), "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE": "12.13"}


def test_the_daemon_really_runs_and_is_stopped_when_the_body_fails(tmp_path, fake_env):
    control = fake_env["COLLOC_MPS_CONTROL"]
    with pytest.raises(RuntimeError, match="training crashed"):
        with MpsDaemon(tmp_path / "mps"):
            assert len(fake_daemons(control)) == 1  # up while the body runs
            raise RuntimeError("training crashed")
    assert fake_daemons(control) == []
    calls = Path(fake_env["FAKE_MPS_LOG"]).read_text().splitlines()
    pipe, log = tmp_path / "mps/pipe", tmp_path / "mps/log"
    assert calls == [f"args=-d pipe={pipe} log={log}", f"args= pipe={pipe} log={log}", "stdin=quit", "daemon=quit"]


def test_a_daemon_that_will_not_quit_is_killed_and_reported_beside_the_error(tmp_path, fake_env, monkeypatch, capsys):
    monkeypatch.setenv("FAKE_MPS_IGNORE_QUIT", "1")
    control = fake_env["COLLOC_MPS_CONTROL"]
    with pytest.raises(RuntimeError, match="training crashed") as err:
        with MpsDaemon(tmp_path / "mps", quit_timeout_s=0.5):
            raise RuntimeError("training crashed")
    assert fake_daemons(control) == []  # killed after the timeout
    (note,) = err.value.__notes__
    assert "did not stop" in note and "killed pid" in note
    assert "did not stop" in capsys.readouterr().err


def test_a_teardown_timeout_alone_is_the_error(tmp_path, fake_env, monkeypatch):
    monkeypatch.setenv("FAKE_MPS_IGNORE_QUIT", "1")
    with pytest.raises(TeardownError, match="still up 0.5 s after `quit`"):
        with MpsDaemon(tmp_path / "mps", quit_timeout_s=0.5):
            pass
    assert fake_daemons(fake_env["COLLOC_MPS_CONTROL"]) == []


def test_a_stale_daemon_of_a_killed_coordinator_is_stopped_on_start(tmp_path, fake_env):
    control = fake_env["COLLOC_MPS_CONTROL"]
    dead = subprocess.Popen(["true"])
    dead.wait()
    old = MpsDaemon(tmp_path / "old")
    old.start()  # as a coordinator would, then it is "killed": its owner file names a pid that is gone
    (tmp_path / "old" / OWNER_FILE).write_text(f"{dead.pid}\n")
    (stale,) = fake_daemons(control)
    events = []
    with MpsDaemon(tmp_path / "new", on_event=lambda kind, detail: events.append(kind)) as new:
        assert [p for p, pipe in running_daemons("/proc", daemon_names(control)) if pipe == str(new.pipe_dir)]
        assert stale not in fake_daemons(control)
    assert events == ["mps_daemon_stale_stopped", "mps_daemon_start", "mps_daemon_stop"]
    assert not (tmp_path / "old").exists()
    assert fake_daemons(control) == []


def test_a_live_coordinators_daemon_is_not_stale(tmp_path, fake_env):
    other = subprocess.Popen(["sleep", "30"])
    try:
        theirs = MpsDaemon(tmp_path / "theirs")
        theirs.start()
        (tmp_path / "theirs" / OWNER_FILE).write_text(f"{other.pid}\n")
        with pytest.raises(InputError, match="another pipe folder"):
            MpsDaemon(tmp_path / "mine").start()
        assert len(fake_daemons(fake_env["COLLOC_MPS_CONTROL"])) == 1
    finally:
        other.kill()


def test_an_mps_run_starts_and_stops_its_daemon(tmp_path, fake_env):
    res = fake("run", "--mode", "mps", "--workloads", "fake-small", "--copies", "2", *FAST, out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 0, res.stderr
    calls = Path(fake_env["FAKE_MPS_LOG"]).read_text().splitlines()
    assert calls[0].startswith("args=-d pipe=/") and calls[-1] == "daemon=quit"
    pipe = calls[0].split("pipe=")[1].split()[0]
    assert not Path(pipe).exists()  # the private folder is removed with the daemon
    assert fake_daemons(fake_env["COLLOC_MPS_CONTROL"]) == []


def test_running_daemons_reads_each_pipe_folder(tmp_path):
    fake_proc(tmp_path, 41, "nvidia-cuda-mps-control", {"CUDA_MPS_PIPE_DIRECTORY": "/tmp/theirs"})
    fake_proc(tmp_path, 42, "nvidia-cuda-mps", {})  # comm is cut to 15 characters; default pipe folder
    fake_proc(tmp_path, 43, "python3", {"CUDA_MPS_PIPE_DIRECTORY": "/tmp/theirs"})
    assert running_daemons(str(tmp_path)) == [(41, "/tmp/theirs"), (42, "/tmp/nvidia-mps")]


def test_a_daemon_with_another_pipe_folder_is_refused(tmp_path, fake_env):
    fake_proc(tmp_path / "proc", 41, "nvidia-cuda-mps-control", {"CUDA_MPS_PIPE_DIRECTORY": "/tmp/theirs"})
    with pytest.raises(InputError) as err:
        MpsDaemon(tmp_path / "mps", proc_root=str(tmp_path / "proc")).start()
    assert "/tmp/theirs" in str(err.value) and "echo quit" in str(err.value)
    assert not Path(fake_env["FAKE_MPS_LOG"]).exists()  # nothing was started


def test_percentages_give_the_sm_counts_mps_showed_on_the_h200():
    # Measured on the H200 (calibration/data/h200-runs/README.md): MPS gives 2 * floor(percent * 132 / 200) SMs;
    # 12.12 % -> 14 SMs, 12.2 % -> 16, 24.24 % -> 30, 25 % -> 32, 45.45 % -> 58, 46 % -> 60, 48.48 % -> 62, 49 % -> 64.
    def seen(pct: float) -> int:
        return 2 * int(pct * 132 / 200)

    assert [seen(p) for p in (12.12, 12.2, 24.24, 25, 45.45, 46, 48.48, 49)] == [14, 16, 30, 32, 58, 60, 62, 64]
    for sms in (16, 32, 60, 64, 132):
        assert seen(percentage_for(sms, 132)) == sms


def test_mps_partitioned_runs_record_the_percentage(tmp_path, fake_env):
    res = fake("run", "--mode", "mps-partitioned", "--sm-limit", "16", "--workloads", "fake-small", *FAST, out=tmp_path, env=fake_env)
    assert res.returncode == 0, res.stderr
    (proc,) = json.loads((tmp_path / "mps-partitioned__fake-small__sm16/manifest.json").read_text())["processes"]
    assert proc["sm_limit"] == 16 and proc["mps_percentage"] == percentage_for(16, 132)
