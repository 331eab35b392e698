"""Kernel records and per-iteration aggregates from a torch.profiler chrome trace (pure).

Iterations are the CPU ranges `colloc_iter_<k>`; a kernel belongs to the iteration whose range holds the
runtime call that launched it (matched by correlation id). Kernel starts are microseconds from the first iteration's
start; where the trace gives its base time (torch >= 2.4's `baseTimeNanoseconds`), each iteration also records its
start on the wall clock, so the traces of processes that ran together can be laid on one time line."""

from __future__ import annotations

import re

from .intervals import busy_and_gaps

ITER = re.compile(r"^colloc_iter_(\d+)$")
LAUNCH_CATS = ("cuda_runtime", "cuda_driver")


def _vec3(value) -> list[int]:
    vals = list(value) if isinstance(value, (list, tuple)) else [1, 1, 1]
    return [int(v) for v in (vals + [1, 1, 1])[:3]]


def _int_or_none(value) -> int | None:
    return int(value) if isinstance(value, (int, float)) else None


def parse_trace(trace: dict, proc: int) -> tuple[list[dict], list[dict]]:
    """(kernels, iterations) records in the run format (kernels.jsonl, iterations.jsonl)."""
    events = [e for e in trace.get("traceEvents", []) if e.get("ph") == "X"]
    iters = sorted(
        (float(e["ts"]), float(e["ts"]) + float(e["dur"]), int(m.group(1)))
        for e in events
        if e.get("cat") == "user_annotation" and (m := ITER.match(e.get("name", "")))
    )
    if not iters:
        return [], []
    origin = iters[0][0]
    launch_at = {
        e["args"]["correlation"]: float(e["ts"])
        for e in events
        if e.get("cat") in LAUNCH_CATS and "correlation" in e.get("args", {})
    }

    def iteration_of(kernel: dict) -> int | None:
        t = launch_at.get(kernel.get("args", {}).get("correlation"))
        return next((k for s, end, k in iters if t is not None and s <= t <= end), None)

    kernels = []
    for e in sorted((e for e in events if e.get("cat") == "kernel"), key=lambda e: float(e["ts"])):
        k = iteration_of(e)
        if k is None:
            continue
        args = e.get("args", {})
        kernels.append(
            {
                "proc": proc,
                "iter": k,
                "name": e.get("name", ""),
                "start_us": round(float(e["ts"]) - origin, 3),
                "dur_us": round(float(e["dur"]), 3),
                "grid": _vec3(args.get("grid")),
                "block": _vec3(args.get("block")),
                "registers": _int_or_none(args.get("registers per thread")),
                "shared_mem_bytes": _int_or_none(args.get("shared memory")),
                "stream": _int_or_none(args.get("stream")),
            }
        )
    base = trace.get("baseTimeNanoseconds")
    return kernels, [
        _aggregate(proc, k, (end - s), [x for x in kernels if x["iter"] == k])
        | ({"start_unix_us": round(float(base) / 1e3 + s, 3)} if isinstance(base, (int, float)) else {})
        for s, end, k in iters
    ]


def _aggregate(proc: int, k: int, wall_us: float, kernels: list[dict]) -> dict:
    busy, gaps = busy_and_gaps([(x["start_us"], x["start_us"] + x["dur_us"]) for x in kernels])
    busy = min(busy, wall_us)
    return {
        "proc": proc,
        "iter": k,
        "wall_us": round(wall_us, 3),
        "busy_us": round(busy, 3),
        "idle_us": round(wall_us - busy, 3),
        "gap_count": len(gaps),
        "max_gap_us": round(max(gaps, default=0.0), 3),
        "kernel_count": len(kernels),
    }
