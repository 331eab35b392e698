"""What one run measures: its mode, its processes and its timing settings (plain data, no GPU)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

MODES = ("exclusive", "naive", "mps", "mps-partitioned", "green", "mig")
# Modes whose processes are clients of the profiler's MPS daemon.
MPS_MODES = ("mps", "mps-partitioned")
STARTS = ("together", "staggered", "isolated")
MEASURES = ("shared", "turns")
# Processes in one run: MPS's client limit per GPU (48 since Volta), asked of every mode.
MAX_PROCESSES = 48


@dataclass(frozen=True)
class Settings:
    warmup_s: float = 2.0
    min_warmup_steps: int = 3
    measure_s: float = 4.0
    min_steps: int = 8
    trace_iters: int = 0
    data: str = "synthetic"
    loader_workers: int = 4
    sample_hz: float = 12.5
    # A per-process PyTorch memory cap (0: none), to find the least memory a workload trains in: cuDNN then picks
    # algorithms with smaller workspaces, as it must inside a small MIG instance.
    memory_cap_gib: float = 0.0
    # The training loop (profiler/stepper.py): "sync" waits for each step's loss as timm's train.py does;
    # "inflight" keeps one step in flight (the loop of the runs recorded before 2026-12-01, whose manifests lack it).
    loop: str = "sync"
    # cuDNN autotuning, on as in timm's train.py. Off: cuDNN's heuristics pick each convolution's algorithm, the
    # same in every process, where autotuning beside co-runners can pick a different, slower set (docs/calibration.md).
    cudnn_benchmark: bool = True
    # How a mix's processes start: "together" (as a launcher starts them: they autotune at the same moment),
    # "staggered" (each once the one before it has warmed up, so each autotunes beside co-runners already training) or
    # "isolated" (each warms up, autotuning included, while the ones before it wait; then all train together).
    start: str = "together"
    # How a mix is measured once every process is warm: "shared" (all train together in one window) or "turns" (each
    # trains alone in turn while the others wait with the GPU idle): how fast the algorithms each process autotuned
    # beside the others run alone (docs/calibration.md, "started together").
    measure: str = "shared"

    def with_overrides(self, overrides: dict) -> "Settings":
        return replace(self, **overrides)


@dataclass(frozen=True)
class ProcSpec:
    proc: int
    workload: str
    # SMs this process may use (mps-partitioned: through an active-thread percentage; green: a green context).
    sm_limit: int | None = None
    mig_uuid: str | None = None
    # mig with --allow-mig-reconfigure: the instance profile to create for this process (e.g. 3g.71gb)
    mig_profile: str | None = None


@dataclass(frozen=True)
class Experiment:
    run_id: str
    experiment: str
    mode: str
    procs: tuple[ProcSpec, ...]
    settings: Settings = field(default_factory=Settings)
    validation: bool = False
    repeat: int = 1
    notes: str = ""

    @property
    def workload_ids(self) -> list[str]:
        return sorted({p.workload for p in self.procs})


def procset_label(workloads: list[str]) -> str:
    """`resnet26-c10-b128`, `3x-resnet26-c10-b128` or `a+b+c` for a mix."""
    if len(set(workloads)) == 1:
        return workloads[0] if len(workloads) == 1 else f"{len(workloads)}x-{workloads[0]}"
    return "+".join(workloads)


def run_id(
    mode: str,
    workloads: list[str],
    sm_limit: int | None,
    repeat: int,
    repeats: int,
    memory_cap_gib: float = 0.0,
    start: str = "together",
    measure: str = "shared",
) -> str:
    parts = [mode, procset_label(workloads)]
    if sm_limit is not None:
        parts.append(f"sm{sm_limit}")
    if memory_cap_gib:
        parts.append(f"cap{memory_cap_gib:g}g")
    if start != "together":
        parts.append(start)
    if measure != "shared":
        parts.append(measure)
    if repeats > 1:
        parts.append(f"r{repeat}")
    return "__".join(parts)
