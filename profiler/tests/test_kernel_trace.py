"""Kernel records and per-iteration aggregates from a torch.profiler chrome trace."""

from __future__ import annotations

from profiler.intervals import busy_and_gaps, union
from profiler.kernel_trace import parse_trace


def span(cat, name, ts, dur, **args):
    return {"ph": "X", "cat": cat, "name": name, "ts": ts, "dur": dur, "args": args}


def kernel(name, ts, dur, corr, stream=7):
    return span("kernel", name, ts, dur, correlation=corr, grid=[80, 2, 1], block=[256, 1, 1], stream=stream, **{"registers per thread": 64, "shared memory": 1024})


TRACE = {
    "traceEvents": [
        span("user_annotation", "colloc_warm", 900, 100),  # the untraced warm-up iteration
        span("cuda_runtime", "cudaLaunchKernel", 910, 2, correlation=1),
        kernel("warm", 915, 10, 1),
        span("user_annotation", "colloc_iter_0", 1000, 100),
        span("cuda_runtime", "cudaLaunchKernel", 1001, 2, correlation=2),
        span("cuda_driver", "cuLaunchKernelEx", 1002, 2, correlation=3),
        kernel("gemm", 1010, 30, 2),
        kernel("relu", 1030, 20, 3, stream=9),  # overlaps gemm on another stream
        span("user_annotation", "colloc_iter_1", 1100, 100),
        span("cuda_runtime", "cudaLaunchKernel", 1101, 2, correlation=4),
        span("cuda_runtime", "cudaLaunchKernel", 1102, 2, correlation=5),
        kernel("gemm", 1110, 30, 4),
        kernel("relu", 1160, 20, 5),
        {"ph": "i", "name": "marker", "ts": 1150},
    ]
}


def test_kernels_are_assigned_to_the_iteration_that_launched_them():
    kernels, _ = parse_trace(TRACE, proc=3)
    assert [(k["iter"], k["name"], k["start_us"]) for k in kernels] == [(0, "gemm", 10.0), (0, "relu", 30.0), (1, "gemm", 110.0), (1, "relu", 160.0)]
    assert kernels[0] == {
        "proc": 3,
        "iter": 0,
        "name": "gemm",
        "start_us": 10.0,
        "dur_us": 30.0,
        "grid": [80, 2, 1],
        "block": [256, 1, 1],
        "registers": 64,
        "shared_mem_bytes": 1024,
        "stream": 7,
    }


def test_busy_time_is_the_union_of_kernel_intervals_and_gaps_lie_between():
    _, iterations = parse_trace(TRACE, proc=0)
    first, second = iterations
    # iteration 0: gemm [10, 40) and relu [30, 50) overlap: busy 40 us, no gap
    assert (first["wall_us"], first["busy_us"], first["idle_us"], first["gap_count"], first["kernel_count"]) == (100.0, 40.0, 60.0, 0, 2)
    # iteration 1: [110, 140) and [160, 180): busy 50 us, one 20 us gap
    assert (second["busy_us"], second["idle_us"], second["gap_count"], second["max_gap_us"]) == (50.0, 50.0, 1, 20.0)


def test_iterations_record_their_wall_clock_start_where_the_trace_gives_its_base_time():
    _, iterations = parse_trace({**TRACE, "baseTimeNanoseconds": 1_700_000_000_000_000_000}, proc=0)
    assert [i["start_unix_us"] for i in iterations] == [1_700_000_000_000_000 + 1000.0, 1_700_000_000_000_000 + 1100.0]
    _, without = parse_trace(TRACE, proc=0)
    assert all("start_unix_us" not in i for i in without)


def test_a_trace_without_iterations_gives_nothing():
    assert parse_trace({"traceEvents": [kernel("k", 0, 1, 1)]}, proc=0) == ([], [])


def test_interval_union_and_gaps():
    assert union([(5, 7), (0, 2), (1, 3), (3, 4)]) == [(0, 4), (5, 7)]
    assert busy_and_gaps([(0, 2), (1, 3), (6, 7), (10, 12)]) == (6, [3, 3])
    assert busy_and_gaps([]) == (0, [])
