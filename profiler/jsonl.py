"""Append-only JSON Lines: one os.write per record, so a killed writer keeps every whole line and
several processes can append to the same file (O_APPEND) without interleaving."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path


class JsonlWriter:
    def __init__(self, path: Path):
        self.path = Path(path)
        self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644)

    def write(self, record: dict) -> None:
        # Strict JSON for every reader (JavaScript's JSON.parse rejects NaN): a non-finite number is "no value".
        clean = {k: None if isinstance(v, float) and not math.isfinite(v) else v for k, v in record.items()}
        os.write(self._fd, (json.dumps(clean, separators=(",", ":"), allow_nan=False) + "\n").encode())

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)
            self._fd = -1


class RunFiles:
    """The JSON Lines streams of one run folder, opened lazily."""

    def __init__(self, run_dir: Path):
        self.run_dir = Path(run_dir)
        self._writers: dict[str, JsonlWriter] = {}

    def write(self, stream: str, record: dict) -> None:
        if stream not in self._writers:
            self._writers[stream] = JsonlWriter(self.run_dir / f"{stream}.jsonl")
        self._writers[stream].write(record)

    def close(self) -> None:
        for w in self._writers.values():
            w.close()
        self._writers.clear()


def read_jsonl(path: Path) -> list[dict]:
    path = Path(path)
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
