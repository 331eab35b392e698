"""Reading a user's YAML file (plan, spec, scenario): a regular UTF-8 text file of bounded size, or one InputError."""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import InputError

# The simulator's limit on a scenario file (sim/cluster/scenario/limits.ts), for every YAML file the profiler reads.
MAX_FILE_BYTES = 16 * 1024 * 1024


def read_yaml(path: str, what: str) -> object:
    """The YAML document at `path`, or an InputError naming the file and why (`what`: "a YAML plan file", say)."""
    p = Path(path)
    expected = f"{what}: a regular text file of at most {MAX_FILE_BYTES // 2**20} MiB"
    try:
        if not p.is_file() or str(p.resolve()).startswith(("/proc/", "/sys/", "/dev/")):
            raise InputError(path, "(file)", expected, "not a regular file" if p.exists() else "not found")
        with p.open("rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise InputError(path, "(file)", expected, err.strerror) from None
    if len(data) > MAX_FILE_BYTES:
        raise InputError(path, "(file)", expected, "larger")
    if b"\0" in data:
        raise InputError(path, "(file)", expected, "binary, not text")
    try:
        return yaml.safe_load(data.decode("utf-8"))
    except UnicodeDecodeError:
        raise InputError(path, "(file)", expected, "not UTF-8 text") from None
    except yaml.YAMLError as err:
        problem = getattr(err, "problem", None) or "not YAML"
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "(file)"
        raise InputError(path, where, f"well-formed YAML ({problem})") from None
    except RecursionError:
        raise InputError(path, "(file)", "YAML nested at most a few hundred levels deep") from None
