"""Refuse, before any GPU work, what this host cannot do and runs no folder can name (InputError: exit code 2)."""

from __future__ import annotations

import re
from pathlib import Path

from .errors import InputError
from .experiment import MPS_MODES, Experiment
from .mps import refuse_mps_trouble

# A run's folder name (run ids join mode, workload ids and tags with `__` and `+`), well under a file name's 255 bytes.
RUN_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._+-]{0,199}")


def check(
    experiments: list[Experiment], environment: dict, source: str, allow_mig_reconfigure: bool = False, proc_root: str = "/proc"
) -> None:
    caps, gpu = environment["capabilities"], environment["gpu"]
    modes = {e.mode for e in experiments}
    if modes & set(MPS_MODES):
        refuse_mps_trouble(caps.get("mps_control"), None, proc_root)
    if "green" in modes and not caps.get("green_contexts"):
        expected = "a mode this host offers: green contexts need torch.cuda.green_contexts (CUDA 12.8+ build)"
        raise InputError(source, "modes", expected, "green")
    creating = [e for e in experiments if e.mode == "mig" and any(p.mig_profile for p in e.procs)]
    if creating and not allow_mig_reconfigure:
        raise InputError(source, "mig_profiles", "--allow-mig-reconfigure to create MIG instances (never done otherwise)")
    if creating and gpu.get("mig_mode") != "enabled":
        expected = "MIG mode enabled to create instances (the profiler never changes MIG mode)"
        raise InputError(source, "mig_profiles", expected, gpu.get("mig_mode"))
    using = [e for e in experiments if e.mode == "mig" and e not in creating]
    if using:
        need = max(len(e.procs) for e in using)
        if gpu.get("mig_mode") != "enabled" or caps.get("mig_instances", 0) < need:
            raise InputError(
                source,
                "modes",
                f"a mode this GPU can do now: mig needs {need} existing MIG instance(s); MIG mode is "
                f"{gpu.get('mig_mode')} with {caps.get('mig_instances', 0)} instance(s), and the profiler never "
                "changes MIG mode",
                "mig",
            )
    for e in experiments:
        if not RUN_ID.fullmatch(e.run_id):
            expected = "a run id that can name a folder: letters, digits, '.', '_', '+' and '-', at most 200"
            raise InputError(source, "run id", expected, e.run_id)
        if e.settings.data != "synthetic" and not Path(e.settings.data).is_dir():
            raise InputError(source, "data", "an image folder (torchvision ImageFolder layout)", e.settings.data)
        for p in e.procs:
            if p.sm_limit is not None and p.sm_limit > gpu["sm_count"]:
                raise InputError(source, f"{e.run_id}.sm_limit", f"at most the GPU's {gpu['sm_count']} SMs", p.sm_limit)
