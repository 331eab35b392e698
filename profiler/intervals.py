"""Interval arithmetic for kernel timelines (pure)."""

from __future__ import annotations


def union(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Merge overlapping or touching [start, end) intervals; the result is sorted."""
    merged: list[list[float]] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    return [(s, e) for s, e in merged]


def busy_and_gaps(intervals: list[tuple[float, float]]) -> tuple[float, list[float]]:
    """Total covered length, and the gaps between consecutive covered stretches."""
    merged = union(intervals)
    busy = sum(e - s for s, e in merged)
    gaps = [b[0] - a[1] for a, b in zip(merged, merged[1:])]
    return busy, gaps
