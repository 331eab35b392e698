"""Reads what profiler/device/kernel-traffic.sh records: Nsight Compute's raw CSV of one training step, a row per
kernel. `python3 -m profiler.kernel_traffic FILE.csv.gz ...` prints, per kernel function, its share of the step's
kernel time and its time-weighted DRAM and SM throughput (percent of peak)."""

from __future__ import annotations

import csv
import gzip
import io
import re
import sys
from collections import defaultdict
from dataclasses import dataclass

from .errors import InputError

COLUMNS = {
    "name": "Kernel Name",
    "time_ns": "gpu__time_duration.sum",
    "dram_pct": "dram__throughput.avg.pct_of_peak_sustained_elapsed",
    "sm_pct": "sm__throughput.avg.pct_of_peak_sustained_elapsed",
}


@dataclass(frozen=True)
class Kernel:
    function: str
    time_ns: float
    dram_pct: float
    sm_pct: float


def function_name(name: str) -> str:
    """The kernel's function, without `void`, anonymous namespaces, template arguments and parameters (as
    calibration/fit/kernel-class.ts reads it)."""
    name = name.removeprefix("void ").replace("(anonymous namespace)::", "")
    return re.split(r"[<(]", name, maxsplit=1)[0]


def _number(text: str) -> float:
    return float(text.replace(",", ""))  # ncu writes thousands separators


def read_kernels(path: str) -> list[Kernel]:
    """The kernels of an ncu `--csv --page raw` log (its ==PROF== lines skipped; a header row, a units row)."""
    try:
        with gzip.open(path, "rt") if path.endswith(".gz") else open(path) as f:
            rows = list(csv.reader(io.StringIO("".join(line for line in f if line.startswith('"')))))
    except (OSError, EOFError, UnicodeDecodeError) as err:
        raise InputError(path, "(file)", "a readable ncu CSV log", str(err)) from None
    if len(rows) < 2:
        raise InputError(path, "(header)", "ncu's header and units rows", f"{len(rows)} CSV rows")
    index = {h: i for i, h in enumerate(rows[0])}
    for column in COLUMNS.values():
        if column not in index:
            raise InputError(path, column, "a column of ncu's raw page (kernel-traffic.sh's metrics)")
    kernels = []
    for n, row in enumerate(rows[2:], start=3):
        try:
            kernels.append(
                Kernel(
                    function=function_name(row[index[COLUMNS["name"]]]),
                    **{k: _number(row[index[c]]) for k, c in COLUMNS.items() if k != "name"},
                )
            )
        except (ValueError, IndexError):
            raise InputError(path, f"row {n}", "numbers in the metric columns", row[:6]) from None
    return kernels


def by_function(kernels: list[Kernel]) -> list[dict]:
    """Per function, most time first: kernels, share of the step's kernel time, time-weighted DRAM and SM %."""
    total = sum(k.time_ns for k in kernels)
    groups: dict[str, list[Kernel]] = defaultdict(list)
    for k in kernels:
        groups[k.function].append(k)
    rows = [
        {
            "function": f,
            "kernels": len(ks),
            "time_share": sum(k.time_ns for k in ks) / total if total > 0 else 0.0,
            "dram_pct": weighted(ks, "dram_pct"),
            "sm_pct": weighted(ks, "sm_pct"),
        }
        for f, ks in groups.items()
    ]
    return sorted(rows, key=lambda r: -r["time_share"])


def weighted(kernels: list[Kernel], field: str) -> float:
    """A metric averaged over kernels by their durations."""
    time = sum(k.time_ns for k in kernels)
    return sum(k.time_ns * getattr(k, field) for k in kernels) / time if time > 0 else 0.0


def main(paths: list[str]) -> int:
    for path in paths:
        try:
            kernels = read_kernels(path)
        except InputError as err:
            print(err, file=sys.stderr)
            return 2
        print(f"{path}: {len(kernels)} kernels, DRAM {weighted(kernels, 'dram_pct'):.1f} %, "
              f"SM {weighted(kernels, 'sm_pct'):.1f} % (time-weighted)")
        print(f"{'time':>6}  {'kernels':>7}  {'DRAM %':>6}  {'SM %':>5}  function")
        for r in by_function(kernels)[:12]:
            share, n, dram, sm = r["time_share"], r["kernels"], r["dram_pct"], r["sm_pct"]
            print(f"{share:6.3f}  {n:7d}  {dram:6.1f}  {sm:5.1f}  {r['function'][:70]}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
