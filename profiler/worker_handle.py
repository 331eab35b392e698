"""The coordinator's end of a worker process: spawn, send orders, receive replies with a timeout, kill."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from pathlib import Path

PACKAGE_ROOT = str(Path(__file__).resolve().parent.parent)


class WorkerHandle:
    def __init__(self, env: dict[str, str], label: str):
        self.label = label
        self.jobs = 0  # experiments this process has been given (the runner counts them)
        full_env = {**os.environ, **env, "PYTHONUNBUFFERED": "1"}
        full_env["PYTHONPATH"] = os.pathsep.join(p for p in (PACKAGE_ROOT, full_env.get("PYTHONPATH")) if p)
        self.p = subprocess.Popen(
            [sys.executable, "-m", "profiler.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=full_env,
            text=True,
            bufsize=1,
        )
        self.inbox: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    @property
    def pid(self) -> int:
        return self.p.pid

    def _read(self) -> None:
        for line in self.p.stdout:
            if line.strip():
                self.inbox.put(json.loads(line))
        self.inbox.put({"op": "eof"})

    def alive(self) -> bool:
        return self.p.poll() is None

    def send(self, **msg) -> bool:
        try:
            self.p.stdin.write(json.dumps(msg) + "\n")
            self.p.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def recv(self, timeout_s: float) -> dict:
        try:
            return self.inbox.get(timeout=timeout_s)
        except queue.Empty:
            return {"op": "timeout"}

    def close(self, timeout_s: float = 20) -> None:
        self.send(op="exit")
        try:
            self.p.wait(timeout=timeout_s)
        except subprocess.TimeoutExpired:
            self.kill()

    def kill(self) -> None:
        if self.alive():
            self.p.kill()
            self.p.wait()
