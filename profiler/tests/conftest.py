"""Shared fixtures: a fake GPU, fake workloads and a fake MPS control binary whose daemon really runs, so every
test runs the real coordinator and worker processes, and really stops a daemon, without torch, NVML or a GPU."""

from __future__ import annotations

import os
import signal
import uuid

import pytest
from helpers import FAKE_CONTROL, fake_daemons


@pytest.fixture
def fake_env(tmp_path, monkeypatch):
    """Environment for a fake host; returns it (also applied to this process). The control binary has a name
    of its own (its daemons' process name), so daemons of tests running elsewhere on the host are not seen."""
    control = tmp_path / f"fakemps-{uuid.uuid4().hex[:6]}"
    control.write_text(FAKE_CONTROL)
    control.chmod(0o755)
    env = {"COLLOC_FAKE_GPU": "1", "COLLOC_MPS_CONTROL": str(control), "FAKE_MPS_LOG": str(tmp_path / "mps.log")}
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    yield env
    for pid in fake_daemons(str(control)):  # a failed test's daemon must not outlive it
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
