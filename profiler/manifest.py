"""manifest.json of a run folder: written at the start (status running) and rewritten atomically."""

from __future__ import annotations

import json
import os
import shlex
import socket
import sys
import time
from pathlib import Path

from .experiment import Experiment
from .workloads import Workload

SCHEMA = "colloc.run/1"


def write_json_atomic(path: Path, doc: dict) -> None:
    tmp = Path(path).with_suffix(".json.tmp")
    tmp.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n")
    os.replace(tmp, path)


def read_manifest(run_dir: Path) -> dict | None:
    """The run's manifest, or None when it is missing, unreadable or not a JSON object (then no run of ours)."""
    try:
        doc = json.loads((Path(run_dir) / "manifest.json").read_text())
    except (OSError, ValueError):
        return None
    return doc if isinstance(doc, dict) else None


def is_complete(run_dir: Path) -> bool:
    doc = read_manifest(run_dir)
    return bool(doc) and doc.get("status") == "complete"


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def is_stale(doc: dict) -> bool:
    """A manifest still `running` whose coordinator is gone (killed): on this host and no longer alive, or of an
    older profiler that did not record it."""
    if doc.get("status") != "running":
        return False
    c = doc.get("coordinator")
    if not isinstance(c, dict):
        return True
    return c.get("host") == socket.gethostname() and isinstance(c.get("pid"), int) and not pid_alive(c["pid"])


def mark_stale(runs_dir: Path) -> list[str]:
    """Mark every stale `running` manifest under runs_dir partial, as the run format says to read it; the run ids."""
    marked = []
    for path in sorted(Path(runs_dir).glob("*/manifest.json")):
        doc = read_manifest(path.parent)
        if doc is not None and is_stale(doc):
            doc["status"] = "partial"
            doc["notes"] = (doc.get("notes", "") + " [marked partial: its coordinator was gone]").strip()
            write_json_atomic(path, doc)
            marked.append(path.parent.name)
    return marked


def command_line() -> str:
    return shlex.join([Path(sys.executable).name, "-m", "profiler", *sys.argv[1:]])


def new_manifest(exp: Experiment, workloads: dict[str, Workload], environment: dict, mode: str | None = None) -> dict:
    """environment: {gpu, software, capabilities} from gpu.describe()."""
    doc = {
        "schema": SCHEMA,
        "run_id": exp.run_id,
        "experiment": exp.experiment,
        "mode": mode or exp.mode,
        "processes": [
            {"proc": p.proc, "workload": p.workload, "sm_limit": p.sm_limit, "mig_uuid": p.mig_uuid, "mig_profile": p.mig_profile}
            for p in exp.procs
        ],
        "workloads": {w: workloads[w].record() for w in exp.workload_ids},
        "gpu": environment["gpu"],
        "software": environment["software"],
        "capabilities": environment.get("capabilities", {}),
        "settings": vars(exp.settings).copy(),
        "command": command_line(),
        "started_at": time.time(),
        "ended_at": None,
        "status": "running",
        "coordinator": {"host": socket.gethostname(), "pid": os.getpid()},
        "window": None,
        "validation": exp.validation,
        "repeat": exp.repeat,
        "notes": exp.notes,
    }
    if mode == "replay":
        doc["sharing"] = exp.mode
    return doc
