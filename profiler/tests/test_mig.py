"""MIG: existing instances are used as they are; instances are created (and destroyed again) only with
--allow-mig-reconfigure, and MIG mode is never touched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import FAST, fake

# Stand-in for nvidia-smi: `-L` lists the instances kept in $FAKE_MIG_STATE; `mig -cgi P1,P2 -C` creates,
# `mig -dci/-dgi -gi IDS` destroys; every call is logged to $FAKE_MIG_LOG.
FAKE_SMI = r"""#!/bin/sh
echo "$*" >> "$FAKE_MIG_LOG"
touch "$FAKE_MIG_STATE"
if [ "$1" = "-L" ]; then
  echo "GPU 0: NVIDIA H200 (UUID: GPU-fake)"
  while read gi profile; do echo "  MIG $profile Device $gi: (UUID: MIG-fake-$gi)"; done < "$FAKE_MIG_STATE"
  exit 0
fi
case "$4" in
  -cgi)
    gi=$(($(wc -l < "$FAKE_MIG_STATE") + 1))
    for profile in $(echo "$5" | tr ',' ' '); do
      echo "$gi $profile" >> "$FAKE_MIG_STATE"
      echo "Successfully created GPU instance ID  $gi on GPU  0 using profile MIG $profile (ID 9)"
      echo "Successfully created compute instance ID  0 on GPU  0 GPU instance ID  $gi using profile MIG $profile (ID 2)"
      gi=$((gi + 1))
    done ;;
  -dgi)
    for id in $(echo "$6" | tr ',' ' '); do grep -v "^$id " "$FAKE_MIG_STATE" > "$FAKE_MIG_STATE.new"; mv "$FAKE_MIG_STATE.new" "$FAKE_MIG_STATE"; done ;;
esac
"""


@pytest.fixture
def mig_env(tmp_path, fake_env):
    smi = tmp_path / "nvidia-smi"
    smi.write_text(FAKE_SMI)
    smi.chmod(0o755)
    return {
        **fake_env,
        "COLLOC_FAKE_MIG": "1",
        "COLLOC_NVIDIA_SMI": str(smi),
        "FAKE_MIG_STATE": str(tmp_path / "mig-state"),
        "FAKE_MIG_LOG": str(tmp_path / "mig-log"),
    }


def calls(env) -> list[str]:
    return Path(env["FAKE_MIG_LOG"]).read_text().splitlines()


def test_instances_are_created_for_the_run_and_destroyed_after_it(tmp_path, mig_env):
    args = ("run", "--mode", "mig", "--workloads", "fake-small,fake-large", "--mig-profiles", "3g.71gb,2g.35gb")
    res = fake(*args, "--allow-mig-reconfigure", *FAST, out=tmp_path / "runs", env=mig_env)
    assert res.returncode == 0, res.stderr
    manifest = json.loads((tmp_path / "runs/mig__fake-small+fake-large/manifest.json").read_text())
    assert manifest["status"] == "complete"
    assert [(p["mig_profile"], p["mig_uuid"]) for p in manifest["processes"]] == [("3g.71gb", "MIG-fake-1"), ("2g.35gb", "MIG-fake-2")]
    log = calls(mig_env)
    assert "mig -i 0 -cgi 3g.71gb,2g.35gb -C" in log
    assert log.index("mig -i 0 -dci -gi 1,2") < log.index("mig -i 0 -dgi -gi 1,2")
    assert Path(mig_env["FAKE_MIG_STATE"]).read_text() == ""  # nothing left behind
    assert not any("-mig " in c or c.startswith("-mig") for c in log)  # MIG mode itself never touched


def test_creating_instances_needs_the_explicit_flag(tmp_path, mig_env):
    args = ("run", "--mode", "mig", "--workloads", "fake-small", "--mig-profiles", "1g.18gb")
    res = fake(*args, *FAST, out=tmp_path / "runs", env=mig_env)
    assert res.returncode == 2 and "--allow-mig-reconfigure" in res.stderr
    assert not any("-cgi" in c for c in calls(mig_env))


def test_existing_instances_are_used_as_they_are(tmp_path, mig_env):
    Path(mig_env["FAKE_MIG_STATE"]).write_text("5 3g.71gb\n6 3g.71gb\n")
    res = fake("run", "--mode", "mig", "--workloads", "fake-small", "--copies", "2", *FAST, out=tmp_path / "runs", env=mig_env)
    assert res.returncode == 0, res.stderr
    manifest = json.loads((tmp_path / "runs/mig__2x-fake-small/manifest.json").read_text())
    assert [p["mig_uuid"] for p in manifest["processes"]] == ["MIG-fake-5", "MIG-fake-6"]
    assert not any("-cgi" in c or "-dgi" in c for c in calls(mig_env))
    assert Path(mig_env["FAKE_MIG_STATE"]).read_text() == "5 3g.71gb\n6 3g.71gb\n"
