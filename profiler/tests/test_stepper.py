"""The training loops: the default waits for each step's loss as timm's train.py does; inflight keeps one step
in flight. Both report each finished step's index, end time and duration."""

from __future__ import annotations

import json
import time

from helpers import fake

from profiler.stepper import SyncStepper, Stepper, make_stepper, step_record


class Job:
    """Counts what the stepper asks of it; a step takes `step_s` on the host, then its loss `sync_s` more."""

    def __init__(self, step_s: float = 0.01, sync_s: float = 0.0):
        self.step_s, self.sync_s, self.launched, self.synced = step_s, sync_s, 0, 0

    def launch_step(self):
        self.launched += 1
        time.sleep(self.step_s)

    def sync_loss(self):
        self.synced += 1
        time.sleep(self.sync_s)

    def mark(self):
        return time.time()

    def wait(self, mark):
        pass


def test_sync_waits_for_every_step_and_reports_it_at_once():
    job = Job()
    stepper = make_stepper(job, "sync")
    assert isinstance(stepper, SyncStepper)
    done = [stepper.step() for _ in range(3)]
    assert [d[0] for d in done] == [0, 1, 2]
    assert job.synced == job.launched == 3
    assert all(d[2] >= 0.01 for d in done)
    stepper.drain()
    # After a drain the next step is timed from its own launch, not from the last step's end.
    time.sleep(0.05)
    assert stepper.step()[2] < 0.04


def test_inflight_reports_a_step_once_the_next_is_launched():
    job = Job()
    stepper = make_stepper(job, "inflight")
    assert isinstance(stepper, Stepper)
    assert stepper.step() is None
    assert stepper.step()[0] == 0
    assert job.synced == 0
    assert stepper.drain()[0] == 1


def test_a_run_records_the_loop_it_used(tmp_path, fake_env):
    for loop in ("sync", "inflight"):
        out = tmp_path / loop
        r = fake("run", "--mode", "exclusive", "--workloads", "fake-small", "--loop", loop,
                 "--warmup-s", "0.1", "--measure-s", "0.3", "--min-steps", "4", out=out, env=fake_env)
        assert r.returncode == 0, r.stderr
        (manifest,) = out.glob("*/manifest.json")
        assert json.loads(manifest.read_text())["settings"]["loop"] == loop


def test_check_spec_without_timm_is_one_clear_message(tmp_path):
    from helpers import profiler

    r = profiler("check-spec", "profiler/plans/h200-zoo.yaml")
    # Here (CI) there is no PyTorch: the check says what it needs; on a GPU host it lists each workload.
    if r.returncode == 2:
        assert r.stderr.startswith("error: (host): python packages: expected PyTorch and timm")
    else:
        assert r.returncode == 0 and "22 workload(s) checked" in r.stdout


def test_each_step_says_how_long_its_launch_took_apart_from_the_wait_for_its_loss():
    job = Job(step_s=0.01, sync_s=0.03)
    stepper = make_stepper(job, "sync")
    _, _, dt, launch = stepper.step()
    assert 0.01 <= launch < 0.03 <= dt
    record = step_record(0, stepper.step(), "measure")
    assert 0.01 <= record["launch_s"] < 0.03 <= record["dt_s"]
