"""Helpers for the profiler tests: paths, the fake MPS control binary (and its daemons) and a CLI runner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from profiler.mps import daemon_names, running_daemons

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SPEC = FIXTURES / "fake-workloads.yaml"

FAKE_CONTROL = """#!/bin/sh
# Fake nvidia-cuda-mps-control. `-d` starts a daemon that really runs: this script again, in the background,
# reading commands from a named pipe in CUDA_MPS_PIPE_DIRECTORY until `quit` (ignored while FAKE_MPS_IGNORE_QUIT
# is set, to test a daemon that will not stop). A call without -d passes its standard input to the daemon.
ctl="$CUDA_MPS_PIPE_DIRECTORY/control"
if [ "$1" = "--serve" ]; then
  while :; do
    read cmd < "$ctl"
    echo "daemon=$cmd" >> "$FAKE_MPS_LOG"
    if [ "$cmd" = quit ] && [ -z "$FAKE_MPS_IGNORE_QUIT" ]; then rm -f "$ctl"; exit 0; fi
  done
fi
echo "args=$* pipe=$CUDA_MPS_PIPE_DIRECTORY log=$CUDA_MPS_LOG_DIRECTORY" >> "$FAKE_MPS_LOG"
if [ "$1" = "-d" ]; then
  mkfifo "$ctl" || exit 1
  "$0" --serve < /dev/null > /dev/null 2>&1 &
  exit 0
fi
read cmd; echo "stdin=$cmd" >> "$FAKE_MPS_LOG"
[ -p "$ctl" ] || exit 1
echo "$cmd" > "$ctl"
"""


def fake_daemons(control: str) -> list[int]:
    """Pids of the fake daemons this control binary started that still run (the real scan, even where a test
    replaced profiler.mps.running_daemons)."""
    names = daemon_names(control)[1:]  # the fake's own name only, not real NVIDIA daemons
    return [pid for pid, _ in running_daemons("/proc", names)]


def profiler(*args: str, env: dict | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    """`python -m profiler ARGS` in the repository root."""
    return subprocess.run(
        [sys.executable, "-m", "profiler", *args],
        cwd=REPO,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


FAST = ["--warmup-s", "0.1", "--measure-s", "0.3", "--min-steps", "4"]


def fake(*args: str, out, env: dict, timeout: float = 60) -> subprocess.CompletedProcess:
    """`python -m profiler ARGS --spec <fake workloads> --out OUT` on the fake host."""
    return profiler(*args, "--spec", str(SPEC), "--out", str(out), env=env, timeout=timeout)
