"""`python -m profiler probe` (README's first profiler command) on the fake host: the GPU, versions, capabilities."""

from __future__ import annotations

import json

from helpers import profiler


def test_probe_describes_the_gpu_the_software_and_what_the_host_can_do(fake_env):
    ran = profiler("probe", env=fake_env)
    assert ran.returncode == 0, ran.stderr
    report = json.loads(ran.stdout)
    assert report["gpu"]["name"] == "fake-gpu"
    assert report["gpu"]["sm_count"] > 0
    assert report["software"]["profiler"]
    assert "mps_control" in report["capabilities"]
