"""What the host offers: GPU facts, software versions and capabilities (NVML and a torch probe, imported
lazily; COLLOC_FAKE_GPU=1 describes a fake GPU so tests run without either: COLLOC_FAKE_GPU_NAME names it, e.g.
"NVIDIA H200" for runs a calibration set of that GPU takes in)."""

from __future__ import annotations

import json
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

from . import VERSION
from .errors import InputError
from .mig import listed_instances, nvidia_smi
from .mps import control_binary

FAKE_ENV = "COLLOC_FAKE_GPU"
FAKE_MIG_ENV = "COLLOC_FAKE_MIG"
FAKE_NAME_ENV = "COLLOC_FAKE_GPU_NAME"
# The fake GPU's memory: each fake job's process writes its bytes into a file named by its pid in this folder,
# so the coordinator's samples and each process's NVML reading see what the fake jobs hold (set on first use).
FAKE_MEMORY_ENV = "COLLOC_FAKE_GPU_MEMORY_DIR"
FAKE_BASELINE_BYTES = 512 << 20  # what NVML shows used with no process (driver reservations)
FAKE_GPU = {
    "name": "fake-gpu",
    "uuid": "GPU-fake",
    "sm_count": 132,
    "memory_bytes": 141 << 30,
    "driver": "0",
    "cuda": None,
    "mig_mode": "disabled",
}


def is_fake() -> bool:
    return os.environ.get(FAKE_ENV) == "1"


def fake_memory_dir() -> Path:
    """The fake GPU's memory folder, made on first use and inherited by every worker this process starts."""
    if not os.environ.get(FAKE_MEMORY_ENV):
        os.environ[FAKE_MEMORY_ENV] = tempfile.mkdtemp(prefix="colloc-fake-gpu-")
    return Path(os.environ[FAKE_MEMORY_ENV])


def fake_hold(nbytes: int | None) -> None:
    """This process holds `nbytes` of the fake GPU's memory (None: it freed what it held)."""
    f = fake_memory_dir() / str(os.getpid())
    if nbytes is None:
        f.unlink(missing_ok=True)
    else:
        f.write_text(str(nbytes))


def _fake_held(pid: int | None = None) -> int:
    """Bytes one process (or, with pid None, every process) holds on the fake GPU."""
    total = 0
    for f in fake_memory_dir().iterdir():
        if pid is None or f.name == str(pid):
            try:
                total += int(f.read_text() or 0)
            except (OSError, ValueError):  # a file being rewritten or removed: counted at the next sample
                continue
    return total


def fake_memory_used() -> int:
    return FAKE_BASELINE_BYTES + _fake_held()


def nvml():
    try:
        import pynvml
    except ImportError as err:
        raise InputError("(environment)", "pynvml", "the nvidia-ml-py package (pip install nvidia-ml-py)", str(err)) from None

    pynvml.nvmlInit()
    return pynvml


def _torch_probe() -> dict:
    """Versions, SM count and green-context support (profiler/torch_probe.py, in a child process)."""
    out = subprocess.run([sys.executable, "-m", "profiler.torch_probe"], capture_output=True, text=True, timeout=120)
    if out.returncode != 0:
        raise RuntimeError(f"torch probe failed: {out.stderr.strip()[-500:]}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def _gpm_supported(nv, handle) -> bool:
    try:
        return bool(nv.nvmlGpmQueryDeviceSupport(handle).isSupportedDevice)
    except Exception:  # noqa: BLE001 - any NVML failure means no GPM
        return False


def mig_instances(nv, handle) -> list[str]:
    uuids = []
    try:
        for i in range(nv.nvmlDeviceGetMaxMigDeviceCount(handle)):
            try:
                uuids.append(nv.nvmlDeviceGetUUID(nv.nvmlDeviceGetMigDeviceHandleByIndex(handle, i)))
            except Exception:  # noqa: BLE001 - empty slot
                continue
    except Exception:  # noqa: BLE001 - no MIG support
        return []
    return uuids


def describe() -> dict:
    """{gpu, software, capabilities} as written into every manifest."""
    software = {"python": platform.python_version(), "torch": None, "timm": None, "profiler": VERSION}
    if is_fake():
        gpu = {**FAKE_GPU, "name": os.environ.get(FAKE_NAME_ENV) or FAKE_GPU["name"]}
        fake_memory_dir()
        if os.environ.get(FAKE_MIG_ENV) == "1":  # a fake GPU in MIG mode, its instances listed by COLLOC_NVIDIA_SMI
            gpu["mig_mode"] = "enabled"
        instances = len(listed_instances(nvidia_smi())) if gpu["mig_mode"] == "enabled" else 0
        # The fake sampler records GPM metrics as a Hopper GPU's NVML does (sampler.FakeSource).
        caps = {"gpm": True, "green_contexts": False, "mps_control": control_binary(), "mig_instances": instances}
        return {"gpu": gpu, "software": software, "capabilities": caps}
    nv = nvml()
    h = nv.nvmlDeviceGetHandleByIndex(0)
    probe = _torch_probe()
    try:
        mig_mode = "enabled" if nv.nvmlDeviceGetMigMode(h)[0] else "disabled"
    except Exception:  # noqa: BLE001 - GPU without MIG
        mig_mode = "unsupported"
    gpu = {
        "name": nv.nvmlDeviceGetName(h),
        "uuid": nv.nvmlDeviceGetUUID(h),
        "sm_count": probe["sm_count"],
        "memory_bytes": int(nv.nvmlDeviceGetMemoryInfo(h).total),
        "driver": nv.nvmlSystemGetDriverVersion(),
        "cuda": probe["cuda"],
        "mig_mode": mig_mode,
    }
    software.update(torch=probe["torch"], timm=probe["timm"])
    caps = {
        "gpm": _gpm_supported(nv, h),
        "green_contexts": probe["green"],
        "mps_control": control_binary(),
        "mig_instances": len(mig_instances(nv, h)) if mig_mode == "enabled" else 0,
    }
    return {"gpu": gpu, "software": software, "capabilities": caps}


def total_memory_bytes() -> int | None:
    """The GPU's memory from NVML (no CUDA context), or None without NVML."""
    if is_fake():
        return FAKE_GPU["memory_bytes"]
    try:
        nv = nvml()
        return int(nv.nvmlDeviceGetMemoryInfo(nv.nvmlDeviceGetHandleByIndex(0)).total)
    except Exception:  # noqa: BLE001 - no NVML here: the memory check is skipped
        return None


def process_memory(pid: int) -> int | None:
    """NVML's memory for one process, or None where NVML does not list it (e.g. some MPS setups)."""
    if is_fake():
        return _fake_held(pid) or None
    try:
        nv = nvml()
        h = nv.nvmlDeviceGetHandleByIndex(0)
        for p in nv.nvmlDeviceGetComputeRunningProcesses(h):
            if p.pid == pid and p.usedGpuMemory is not None:
                return int(p.usedGpuMemory)
    except Exception:  # noqa: BLE001 - NVML missing or refused
        return None
    return None
