"""The MPS daemon: private pipe and log folders, `echo quit | nvidia-cuda-mps-control` on every way out,
and no start while another daemon owns the GPU."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FAST, fake

from profiler.errors import InputError
from profiler.mps import MpsDaemon, client_env, percentage_for, running_daemons


def fake_proc(root: Path, pid: int, comm: str, env: dict[str, str]) -> None:
    d = root / str(pid)
    d.mkdir(parents=True)
    (d / "comm").write_text(comm + "\n")
    (d / "environ").write_bytes(b"\0".join(f"{k}={v}".encode() for k, v in env.items()) + b"\0")


def test_commands_and_environment_use_private_folders(tmp_path):
    d = MpsDaemon(tmp_path / "mps", control="/usr/bin/nvidia-cuda-mps-control", proc_root=str(tmp_path / "proc"))
    assert d.start_command() == ["/usr/bin/nvidia-cuda-mps-control", "-d"]
    assert d.stop_command() == (["/usr/bin/nvidia-cuda-mps-control"], "quit\n")
    env = d.env()
    assert env["CUDA_MPS_PIPE_DIRECTORY"] == str(tmp_path / "mps/pipe")
    assert env["CUDA_MPS_LOG_DIRECTORY"] == str(tmp_path / "mps/log")
    assert client_env(d.pipe_dir, 12.13) == {"CUDA_MPS_PIPE_DIRECTORY": str(d.pipe_dir), "CUDA_MPS_ACTIVE_THREAD_PERCENTAGE": "12.13"}


def test_the_daemon_is_stopped_when_the_body_fails(tmp_path, fake_env):
    (tmp_path / "proc").mkdir()
    with pytest.raises(RuntimeError):
        with MpsDaemon(tmp_path / "mps", proc_root=str(tmp_path / "proc")):
            raise RuntimeError("training crashed")
    calls = Path(fake_env["FAKE_MPS_LOG"]).read_text().splitlines()
    pipe = tmp_path / "mps/pipe"
    assert calls == [f"args=-d pipe={pipe} log={tmp_path / 'mps/log'}", f"args= pipe={pipe} log={tmp_path / 'mps/log'}", "stdin=quit"]


def test_an_mps_run_starts_and_stops_its_daemon(tmp_path, fake_env):
    res = fake("run", "--mode", "mps", "--workloads", "fake-small", "--copies", "2", *FAST, out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 0, res.stderr
    calls = Path(fake_env["FAKE_MPS_LOG"]).read_text().splitlines()
    assert calls[0].startswith("args=-d pipe=/") and calls[-1] == "stdin=quit"
    pipe = calls[0].split("pipe=")[1].split()[0]
    assert not Path(pipe).exists()  # the private folder is removed with the daemon


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
