"""MIG instances for `mig` runs. By default the profiler uses instances that already exist. With
--allow-mig-reconfigure it creates the GPU and compute instances a run names (MIG mode must already be on: it is
never changed) and destroys exactly those when the run ends, whatever happened."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

SMI_ENV = "COLLOC_NVIDIA_SMI"  # tests point this at a stand-in
CREATED = re.compile(r"Successfully created GPU instance ID\s+(\d+)")
LISTED = re.compile(r"MIG\s+(\S+)\s+Device\s+\d+:\s+\(UUID:\s*(MIG-[^)\s]+)\)")


def nvidia_smi() -> str | None:
    return os.environ.get(SMI_ENV) or shutil.which("nvidia-smi")


def listed_instances(smi: str) -> list[tuple[str, str]]:
    """(profile, UUID) of every MIG device `nvidia-smi -L` shows, in its order."""
    out = subprocess.run([smi, "-L"], capture_output=True, text=True, timeout=60, check=True).stdout
    return LISTED.findall(out)


class MigInstances:
    """Context manager: create one GPU instance with its default compute instance per profile on enter; destroy
    them on exit. `uuids` lists the new instances in the order of `profiles`."""

    def __init__(self, profiles: list[str], smi: str | None = None):
        self.profiles = profiles
        self.smi = smi or nvidia_smi()
        self.gi_ids: list[str] = []
        self.uuids: list[str] = []

    def create_command(self) -> list[str]:
        return [self.smi, "mig", "-i", "0", "-cgi", ",".join(self.profiles), "-C"]

    def destroy_commands(self) -> list[list[str]]:
        ids = ",".join(self.gi_ids)
        return [[self.smi, "mig", "-i", "0", "-dci", "-gi", ids], [self.smi, "mig", "-i", "0", "-dgi", "-gi", ids]]

    def __enter__(self) -> "MigInstances":
        before = {uuid for _, uuid in listed_instances(self.smi)}
        proc = subprocess.run(self.create_command(), capture_output=True, text=True, timeout=120)
        self.gi_ids = CREATED.findall(proc.stdout)  # destroyed again even if the command failed half-way
        if proc.returncode != 0:
            self.__exit__()
            raise RuntimeError(f"nvidia-smi could not create {', '.join(self.profiles)}: {(proc.stderr or proc.stdout)[-300:]}")
        new = [(p, u) for p, u in listed_instances(self.smi) if u not in before]
        for profile in self.profiles:
            match = next((i for i, (p, _) in enumerate(new) if p == profile), None)
            if match is None:
                self.__exit__()
                raise RuntimeError(f"nvidia-smi created no {profile} instance: {proc.stdout.strip()[-300:]}")
            self.uuids.append(new.pop(match)[1])
        return self

    def __exit__(self, *exc) -> None:
        if self.gi_ids:
            for cmd in self.destroy_commands():
                subprocess.run(cmd, capture_output=True, text=True, timeout=120)
            self.gi_ids = []
