"""The MPS control daemon the profiler starts with its own pipe and log folders, and always stops.

Each daemon colloc starts lives in a base folder of its own (`<base>/pipe`, `<base>/log`) with an `owner` file
naming the coordinator's pid. A coordinator killed with SIGKILL leaves its daemon up; the next start finds it by
that file, sees the owner gone and stops it. A daemon in a folder without that file is someone else's: refused."""

from __future__ import annotations

import math
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from .errors import InputError
from .manifest import pid_alive

DEFAULT_PIPE_DIR = "/tmp/nvidia-mps"
CONTROL_ENV = "COLLOC_MPS_CONTROL"  # tests point this at a fake control binary
OWNER_FILE = "owner"
QUIT_TIMEOUT_S = 30.0


class TeardownError(RuntimeError):
    """The daemon did not stop when told to (it was then killed)."""


def control_binary() -> str | None:
    return os.environ.get(CONTROL_ENV) or shutil.which("nvidia-cuda-mps-control")


def daemon_names(control: str | None) -> tuple[str, ...]:
    """Process names (/proc/PID/comm, cut at 15 characters) of MPS daemons: NVIDIA's, and those of `control`."""
    names = ["nvidia-cuda-mps"]
    if control:
        names.append(Path(control).name[:15])
    return tuple(names)


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


def running_daemons(proc_root: str = "/proc", names: tuple[str, ...] = daemon_names(None)) -> list[tuple[int, str]]:
    """(pid, pipe folder) of every MPS control daemon or server running on this host."""
    found = []
    for entry in Path(proc_root).iterdir():
        if not entry.name.isdigit():
            continue
        try:
            comm = (entry / "comm").read_text().strip()
            if not comm.startswith(names) or _zombie(entry):
                continue
            env = dict(
                item.split("=", 1) for item in (entry / "environ").read_bytes().decode().split("\0") if "=" in item
            )
        except OSError:
            continue
        found.append((int(entry.name), env.get("CUDA_MPS_PIPE_DIRECTORY", DEFAULT_PIPE_DIR)))
    return sorted(found)


def _zombie(entry: Path) -> bool:
    """An ended process its parent has not reaped yet (state Z): no longer a running daemon."""
    try:
        return (entry / "stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return False


def is_stale(pipe: str) -> bool:
    """A pipe folder colloc made (its base holds an owner file) whose coordinator is gone."""
    try:
        owner = int((Path(pipe).parent / OWNER_FILE).read_text().strip())
    except (OSError, ValueError):
        return False
    return owner != os.getpid() and not pid_alive(owner)


def refuse_mps_trouble(control: str | None, own_pipe_dir: Path | None = None, proc_root: str = "/proc") -> None:
    """Refuse (before any GPU work) when MPS cannot be used or a daemon with another pipe folder owns the GPU.
    A stale daemon of colloc's own is no trouble: starting a daemon stops it first."""
    if not control:
        raise InputError("(host)", "mode", "nvidia-cuda-mps-control on PATH (or COLLOC_MPS_CONTROL) for an MPS mode")
    for pid, pipe in running_daemons(proc_root, daemon_names(control)):
        if (own_pipe_dir is None or Path(pipe) != Path(own_pipe_dir)) and not is_stale(pipe):
            raise InputError(
                "(host)",
                "mps",
                f"no MPS daemon running with another pipe folder (pid {pid} uses {pipe}; stop it with "
                f"`echo quit | CUDA_MPS_PIPE_DIRECTORY={pipe} nvidia-cuda-mps-control`)",
            )


def quit_daemon(control: str, pipe_dir: Path, proc_root: str = "/proc", timeout_s: float = QUIT_TIMEOUT_S) -> None:
    """`echo quit | nvidia-cuda-mps-control` for the daemon of `pipe_dir`, waiting until it is gone; one that
    does not quit in time is killed and a TeardownError says so."""
    env = {**os.environ, "CUDA_MPS_PIPE_DIRECTORY": str(pipe_dir), "CUDA_MPS_LOG_DIRECTORY": str(pipe_dir.parent / "log")}
    deadline = time.time() + timeout_s
    problem = None
    try:
        subprocess.run([control], input="quit\n", text=True, env=env, timeout=timeout_s, capture_output=True)
    except subprocess.TimeoutExpired:
        problem = f"`quit` got no answer within {timeout_s:g} s"
    names = daemon_names(control)

    def mine() -> list[int]:
        return [pid for pid, p in running_daemons(proc_root, names) if Path(p) == Path(pipe_dir)]

    while mine() and time.time() < deadline:
        time.sleep(0.05)
    left = mine()
    if left:
        problem = problem or f"the daemon was still up {timeout_s:g} s after `quit`"
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        gone = time.time() + 5
        while mine() and time.time() < gone:
            time.sleep(0.05)
    if problem:
        raise TeardownError(f"MPS daemon of {pipe_dir} did not stop: {problem}; killed pid(s) {', '.join(map(str, left)) or 'none'}")


class MpsDaemon:
    """Context manager: start on enter; `echo quit | nvidia-cuda-mps-control` on exit, whatever happened."""

    def __init__(
        self, base_dir: Path, control: str | None = None, proc_root: str = "/proc", on_event=None, quit_timeout_s: float = QUIT_TIMEOUT_S
    ):
        self.base_dir = Path(base_dir)
        self.pipe_dir = self.base_dir / "pipe"
        self.log_dir = self.base_dir / "log"
        self.control = control or control_binary()
        self.proc_root = proc_root
        self.on_event = on_event or (lambda kind, detail: None)
        self.quit_timeout_s = quit_timeout_s
        self.started = False

    def env(self) -> dict[str, str]:
        return {**os.environ, "CUDA_MPS_PIPE_DIRECTORY": str(self.pipe_dir), "CUDA_MPS_LOG_DIRECTORY": str(self.log_dir)}

    def start_command(self) -> list[str]:
        return [self.control, "-d"]

    def check(self) -> None:
        refuse_mps_trouble(self.control, self.pipe_dir, self.proc_root)

    def stop_stale(self) -> None:
        """Stop the daemons a killed coordinator left in pipe folders of colloc's own, and remove those folders."""
        for _, pipe in running_daemons(self.proc_root, daemon_names(self.control)):
            if Path(pipe) != self.pipe_dir and is_stale(pipe):
                try:
                    quit_daemon(self.control, Path(pipe), self.proc_root, self.quit_timeout_s)
                except TeardownError as err:
                    self.on_event("mps_daemon_stale_killed", str(err))
                else:
                    self.on_event("mps_daemon_stale_stopped", pipe)
                shutil.rmtree(Path(pipe).parent, ignore_errors=True)

    def start(self) -> None:
        self.check()
        self.stop_stale()
        self.pipe_dir.mkdir(parents=True, exist_ok=True)
        self.log_dir.mkdir(parents=True, exist_ok=True)
        (self.base_dir / OWNER_FILE).write_text(f"{os.getpid()}\n")
        subprocess.run(self.start_command(), env=self.env(), check=True, timeout=30)
        self.started = True
        self.on_event("mps_daemon_start", str(self.pipe_dir))

    def stop(self) -> None:
        if not self.started:
            return
        try:
            quit_daemon(self.control, self.pipe_dir, self.proc_root, self.quit_timeout_s)
        finally:
            self.started = False
            self.on_event("mps_daemon_stop", str(self.pipe_dir))

    def __enter__(self) -> "MpsDaemon":
        self.start()
        return self

    def __exit__(self, exc_type, exc, tb) -> None:
        try:
            self.stop()
        except Exception as err:
            if exc is None:
                raise
            # A teardown problem is reported beside the error that ended the body, never instead of it.
            note = f"while stopping the MPS daemon after this error: {err}"
            exc.add_note(note)
            print(f"warning: {note}", file=sys.stderr, flush=True)
