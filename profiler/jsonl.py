"""Append-only JSON Lines: one os.write per record, so a killed writer keeps every whole line and
several processes can append to the same file (O_APPEND) without interleaving."""

from __future__ import annotations

import gzip
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


# Streams kept gzipped once their run has ended: the kernel trace is most of a solo run's bytes, the GPU samples and
# step records most of a mix's (the H200 dataset's samples and steps: 52.7 MiB plain, 6.2 MiB gzipped).
GZIPPED_STREAMS = ("kernels", "samples", "steps")


def gzip_stream(run_dir: Path, stream: str) -> bool:
    """Replace <stream>.jsonl by <stream>.jsonl.gz, byte-reproducibly (no name or time in the header). The .gz
    appears whole or not at all (written aside, then renamed); the .jsonl goes only after it. True if compressed."""
    plain = Path(run_dir) / f"{stream}.jsonl"
    if not plain.exists():
        return False
    packed = plain.with_name(plain.name + ".gz")
    tmp = packed.with_name(packed.name + ".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
        gz.write(plain.read_bytes())
    os.replace(tmp, packed)
    plain.unlink()
    return True


def gzip_streams(run_dir: Path) -> int:
    """Gzip every stream a finished run keeps gzipped (GZIPPED_STREAMS); how many were plain."""
    return sum(gzip_stream(run_dir, s) for s in GZIPPED_STREAMS)


def read_jsonl(path: Path) -> list[dict]:
    """The records of a stream file; a stream gzipped since (`gzip_stream`) is read from its .gz."""
    path = Path(path)
    packed = path.with_name(path.name + ".gz")
    if path.exists():
        text = path.read_text()
    elif packed.exists():
        text = gzip.decompress(packed.read_bytes()).decode()
    else:
        return []
    return [json.loads(line) for line in text.splitlines() if line.strip()]
