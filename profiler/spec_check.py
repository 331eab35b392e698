"""Checks of workload definitions that need timm but no GPU work: the model exists, and the memory one training
process needs (weights, gradients, momentum and the activations autograd keeps, counted on PyTorch's meta device,
where no memory is taken) fits the GPU. `python -m profiler check-spec` runs them before anything is profiled."""

from __future__ import annotations

from .errors import InputError
from .workloads import Workload

# Bytes per parameter for SGD with momentum in fp32: the weight, its gradient and its momentum buffer.
BYTES_PER_PARAMETER = 12
# CUDA context, cuDNN workspaces and allocator slack beyond what the meta count sees (the H200's smallest solo
# footprint beyond its counted bytes was about 1 GiB).
OVERHEAD_BYTES = 1 << 30


def training_bytes(torch, timm, w: Workload) -> int | None:
    """Weights, gradients, momentum and saved activations of one step; None where the model cannot run on meta."""
    saved = 0

    def pack(t):
        nonlocal saved
        saved += t.numel() * t.element_size()
        return t

    try:
        with torch.device("meta"):
            model = timm.create_model(w.model, num_classes=w.classes, pretrained=False).train()
            x = torch.empty(w.batch, *w.input)
            with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
                out = model(x)
    except Exception:  # noqa: BLE001 - data-dependent ops have no meta kernels: no estimate, not an error
        return None
    params = sum(p.numel() for p in model.parameters())
    return BYTES_PER_PARAMETER * params + saved + out.numel() * out.element_size()


def check_workloads(workloads: dict[str, Workload], file: str, gpu_memory_bytes: int | None) -> list[dict]:
    """One record per timm workload: {workload, model, params_bytes_estimate, fits}; raises InputError on the first
    unknown model or on a workload that cannot fit in `gpu_memory_bytes`."""
    timm_workloads = {wid: w for wid, w in workloads.items() if w.kind == "timm"}
    if not timm_workloads:
        return []
    try:
        import timm
        import torch
    except ImportError as err:
        raise InputError("(host)", "python packages", "PyTorch and timm to check timm workloads", str(err)) from None
    known = set(timm.list_models())
    out = []
    for wid, w in sorted(timm_workloads.items()):
        if w.model not in known:
            near = sorted(m for m in known if w.model.split("_")[0] in m)[:5]
            hint = f" (similar: {', '.join(near)})" if near else ""
            raise InputError(file, f"workloads.{wid}.model", f"a timm model name{hint}", w.model)
        need = training_bytes(torch, timm, w)
        if need is not None and gpu_memory_bytes is not None and need + OVERHEAD_BYTES > gpu_memory_bytes:
            expected = (
                f"a batch whose training fits the GPU's {gpu_memory_bytes / 2**30:.0f} GiB "
                f"(batch {w.batch} needs about {(need + OVERHEAD_BYTES) / 2**30:.0f} GiB)"
            )
            raise InputError(file, f"workloads.{wid}.batch", expected, w.batch)
        out.append({"workload": wid, "model": w.model, "estimate_bytes": need})
    return out
