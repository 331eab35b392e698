"""Reading a user's YAML file (plan, spec, scenario): a regular UTF-8 text file of bounded size, or one InputError."""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import InputError

# The simulator's limit on a scenario file (sim/cluster/scenario/limits.ts), for every YAML file the profiler reads.
MAX_FILE_BYTES = 16 * 1024 * 1024


class _DuplicateKey(Exception):
    def __init__(self, key: object, line: int):
        super().__init__(key)
        self.key, self.line = key, line


class _UniqueKeyLoader(yaml.SafeLoader):
    """PyYAML's safe loader, refusing a key given twice in one mapping (it would keep the last one silently)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node, deep=deep)
            try:
                if key in seen:
                    raise _DuplicateKey(key, key_node.start_mark.line + 1)
                seen.add(key)
            except TypeError:  # an unhashable key: the loader itself refuses it
                pass
        return super().construct_mapping(node, deep)


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
        return yaml.load(data.decode("utf-8"), Loader=_UniqueKeyLoader)  # noqa: S506 (a SafeLoader)
    except UnicodeDecodeError:
        raise InputError(path, "(file)", expected, "not UTF-8 text") from None
    except yaml.YAMLError as err:
        problem = getattr(err, "problem", None) or "not YAML"
        mark = getattr(err, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else "(file)"
        raise InputError(path, where, f"well-formed YAML ({problem})") from None
    except _DuplicateKey as dup:
        raise InputError(path, f"line {dup.line}", "each key once in a mapping", dup.key) from None
    except RecursionError:
        raise InputError(path, "(file)", "YAML nested at most a few hundred levels deep") from None
