"""Helpers for the profiler tests: paths, the fake MPS control binary and a CLI runner."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SPEC = FIXTURES / "fake-workloads.yaml"

FAKE_CONTROL = """#!/bin/sh
# Fake nvidia-cuda-mps-control: logs each call; -d starts, "quit" on stdin stops.
echo "args=$* pipe=$CUDA_MPS_PIPE_DIRECTORY log=$CUDA_MPS_LOG_DIRECTORY" >> "$FAKE_MPS_LOG"
if [ "$1" = "-d" ]; then touch "$CUDA_MPS_PIPE_DIRECTORY/control"; exit 0; fi
read cmd; echo "stdin=$cmd" >> "$FAKE_MPS_LOG"; rm -f "$CUDA_MPS_PIPE_DIRECTORY/control"
"""


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
