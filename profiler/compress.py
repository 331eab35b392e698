"""Gzip the streams a finished run keeps gzipped (GZIPPED_STREAMS) in runs recorded before the profiler did so itself
(`compress`)."""

from __future__ import annotations

from pathlib import Path

from .errors import InputError
from .jsonl import gzip_streams
from .manifest import read_manifest


def run_folders(paths: list[str]) -> list[Path]:
    """Each path is a run folder (with manifest.json) or a folder of them."""
    found: list[Path] = []
    for p in map(Path, paths):
        runs = [p] if (p / "manifest.json").is_file() else sorted(m.parent for m in p.glob("*/manifest.json"))
        if not runs:
            raise InputError(str(p), "", "a run folder (with manifest.json) or a folder of run folders")
        found.extend(runs)
    return found


def compress_runs(paths: list[str]) -> tuple[int, int]:
    """(streams compressed, runs skipped because still running). A running run's trace may still be written."""
    compressed = skipped = 0
    for folder in run_folders(paths):
        doc = read_manifest(folder)
        if doc is None:
            raise InputError(str(folder / "manifest.json"), "", "a run's manifest (a JSON object)")
        if doc.get("status") == "running":
            skipped += 1
            continue
        compressed += gzip_streams(folder)
    return compressed, skipped
