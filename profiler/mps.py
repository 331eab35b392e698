"""The MPS control daemon the profiler starts with its own pipe and log folders, and always stops."""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import time
from pathlib import Path

from .errors import InputError

DEFAULT_PIPE_DIR = "/tmp/nvidia-mps"
CONTROL_ENV = "COLLOC_MPS_CONTROL"  # tests point this at a fake control binary


def control_binary() -> str | None:
    return os.environ.get(CONTROL_ENV) or shutil.which("nvidia-cuda-mps-control")


def percentage_for(sm_limit: int, sm_count: int) -> float:
    """Active-thread percentage that gives `sm_limit` of `sm_count` SMs. MPS rounds the product down to a whole
    number of TPCs (2 SMs on Hopper; on the H200, 12.12 % gave 14 SMs and 12.2 % gave 16), so round the
    percentage up, to hundredths, just past the exact ratio."""
    return min(100.0, math.floor(10000.0 * sm_limit / sm_count + 1) / 100)


def client_env(pipe_dir: Path, percentage: float | None = None, memory_limit_gb: float | None = None) -> dict[str, str]:
    env = {"CUDA_MPS_PIPE_DIRECTORY": str(pipe_dir)}
    if percentage is not None:
        env["CUDA_MPS_ACTIVE_THREAD_PERCENTAGE"] = f"{percentage:g}"
    if memory_limit_gb is not None:
        env["CUDA_MPS_PINNED_DEVICE_MEM_LIMIT"] = f"0={int(memory_limit_gb * 1024)}M"
    return env


def running_daemons(proc_root: str = "/proc") -> list[tuple[int, str]]:
    """(pid, pipe folder) of every MPS control daemon or server running on this host."""
    found = []
    for entry in Path(proc_root).iterdir():
        if not entry.name.isdigit():
            continue
        try:
            comm = (entry / "comm").read_text().strip()
            if not comm.startswith("nvidia-cuda-mps"):
                continue
            env = dict(
                item.split("=", 1) for item in (entry / "environ").read_bytes().decode().split("\0") if "=" in item
            )
        except OSError:
            continue
        found.append((int(entry.name), env.get("CUDA_MPS_PIPE_DIRECTORY", DEFAULT_PIPE_DIR)))
    return sorted(found)


def refuse_mps_trouble(control: str | None, own_pipe_dir: Path | None = None, proc_root: str = "/proc") -> None:
    """Refuse (before any GPU work) when MPS cannot be used or a daemon with another pipe folder owns the GPU."""
    if not control:
        raise InputError("(host)", "mode", "nvidia-cuda-mps-control on PATH (or COLLOC_MPS_CONTROL) for an MPS mode")
    for pid, pipe in running_daemons(proc_root):
        if own_pipe_dir is None or Path(pipe) != Path(own_pipe_dir):
            raise InputError(
                "(host)",
                "mps",
                f"no MPS daemon running with another pipe folder (pid {pid} uses {pipe}; stop it with "
                f"`echo quit | CUDA_MPS_PIPE_DIRECTORY={pipe} nvidia-cuda-mps-control`)",
            )


class MpsDaemon:
    """Context manager: start on enter; `echo quit | nvidia-cuda-mps-control` on exit, whatever happened."""

    def __init__(self, base_dir: Path, control: str | None = None, proc_root: str = "/proc", on_event=None):
        self.pipe_dir = Path(base_dir) / "pipe"
        self.log_dir = Path(base_dir) / "log"
        self.control = control or control_binary()
        self.proc_root = proc_root
        self.on_event = on_event or (lambda kind, detail: None)
        self.started = False

    def env(self) -> dict[str, str]:
        return {**os.environ, "CUDA_MPS_PIPE_DIRECTORY": str(self.pipe_dir), "CUDA_MPS_LOG_DIRECTORY": str(self.log_dir)}

    def start_command(self) -> list[str]:
        return [self.control, "-d"]

    def stop_command(self) -> tuple[list[str], str]:
        """The command and its standard input."""
        return [self.control], "quit\n"

    def check(self) -> None:
        refuse_mps_trouble(self.control, self.pipe_dir, self.proc_root)

    def start(self) -> None:
        self.check()
        self.pipe_dir.mkdir(parents=True, exist_ok=True)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        subprocess.run(self.start_command(), env=self.env(), check=True, timeout=30)
        self.started = True
        self.on_event("mps_daemon_start", str(self.pipe_dir))

    def stop(self) -> None:
        if not self.started:
            return
        cmd, stdin = self.stop_command()
        try:
            subprocess.run(cmd, input=stdin, text=True, env=self.env(), timeout=30, capture_output=True)
            self._wait_gone(timeout_s=15)
        finally:
            self.started = False
            self.on_event("mps_daemon_stop", str(self.pipe_dir))

    def _wait_gone(self, timeout_s: float) -> None:
        deadline = time.time() + timeout_s
        while time.time() < deadline:
            if not any(Path(p) == self.pipe_dir for _, p in running_daemons(self.proc_root)):
                return
            time.sleep(0.1)

    def __enter__(self) -> "MpsDaemon":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()
