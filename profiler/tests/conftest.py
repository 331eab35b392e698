"""Shared fixtures: a fake GPU, fake workloads and a fake MPS control binary, so every test runs the real
coordinator and worker processes without torch, NVML or a GPU."""

from __future__ import annotations

import pytest
from helpers import FAKE_CONTROL


@pytest.fixture
def fake_env(tmp_path, monkeypatch):
    """Environment for a fake host; returns it (also applied to this process)."""
    control = tmp_path / "fake-mps-control"
    control.write_text(FAKE_CONTROL)
    control.chmod(0o755)
    env = {"COLLOC_FAKE_GPU": "1", "COLLOC_MPS_CONTROL": str(control), "FAKE_MPS_LOG": str(tmp_path / "mps.log")}
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    return env
