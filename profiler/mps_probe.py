"""How many SMs a client sees at each active-thread percentage (one short-lived client per percentage)."""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from .mps import MpsDaemon, client_env

CLIENT = "import torch; print(torch.cuda.get_device_properties(0).multi_processor_count)"


def sm_counts(percentages: list[float]) -> dict[str, int | str]:
    with tempfile.TemporaryDirectory(prefix="colloc-mps-") as base:
        with MpsDaemon(Path(base)) as daemon:
            procs = {}
            for pct in percentages:
                env = {**os.environ, **client_env(daemon.pipe_dir, pct)}
                procs[pct] = subprocess.Popen(
                    [sys.executable, "-c", CLIENT], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
                )
            out = {}
            for pct, p in procs.items():
                stdout, stderr = p.communicate(timeout=120)
                out[f"{pct:g}"] = int(stdout.strip()) if p.returncode == 0 else f"error: {stderr.strip()[-200:]}"
            return out
