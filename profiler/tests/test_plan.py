"""Plan files expand into one experiment per run folder; bad plans name the file and the field."""

from __future__ import annotations

import pytest
from helpers import REPO

from profiler.errors import InputError
from profiler.plan import load_plan


def write(tmp_path, text: str) -> str:
    path = tmp_path / "plan.yaml"
    path.write_text(text)
    return str(path)


def test_groups_expand_as_the_product_of_modes_workloads_copies_and_sm_limits(tmp_path):
    plan = write(
        tmp_path,
        """
settings: { measure_s: 3 }
groups:
  - name: copies
    modes: [naive, mps]
    workloads: [resnet26-c10-b128, resnet50-i64-b128]
    copies: [2, 7]
  - name: split
    modes: [mps-partitioned]
    sm_limits: [16, 32]
    workloads: [resnet26-c10-b128]
    settings: { measure_s: 5 }
""",
    )
    experiments, workloads = load_plan(plan)
    assert len(experiments) == 2 * 2 * 2 + 2
    seven = next(e for e in experiments if e.run_id == "mps__7x-resnet50-i64-b128")
    assert [p.workload for p in seven.procs] == ["resnet50-i64-b128"] * 7
    assert seven.settings.measure_s == 3
    split = [e for e in experiments if e.mode == "mps-partitioned"]
    assert [(e.run_id, e.procs[0].sm_limit, e.settings.measure_s) for e in split] == [
        ("mps-partitioned__resnet26-c10-b128__sm16", 16, 5),
        ("mps-partitioned__resnet26-c10-b128__sm32", 32, 5),
    ]
    assert sorted(workloads) == ["resnet26-c10-b128", "resnet50-i64-b128"]


def test_mixes_repeats_and_validation_flags(tmp_path):
    plan = write(
        tmp_path,
        """
groups:
  - name: mixes
    modes: [naive]
    validation: true
    mixes: [[resnet26-c10-b128, resnet152-in-b32]]
  - name: repeats
    modes: [exclusive]
    workloads: [resnet50-i64-b32]
    repeats: 3
""",
    )
    experiments, _ = load_plan(plan)
    ids = {e.run_id: e for e in experiments}
    mix = ids["naive__resnet26-c10-b128+resnet152-in-b32"]
    assert mix.validation and [p.workload for p in mix.procs] == ["resnet26-c10-b128", "resnet152-in-b32"]
    assert [ids[f"exclusive__resnet50-i64-b32__r{r}"].repeat for r in (1, 2, 3)] == [1, 2, 3]
    assert not ids["exclusive__resnet50-i64-b32__r1"].validation


def test_a_group_can_turn_cudnn_autotuning_off(tmp_path):
    plan = write(
        tmp_path,
        "groups:\n  - {modes: [mps], workloads: [resnet26-c10-b128], copies: [2], settings: {cudnn_benchmark: false}}\n",
    )
    (e,) = load_plan(plan)[0]
    assert e.settings.cudnn_benchmark is False
    assert load_plan(write(tmp_path, "groups: [{modes: [naive], workloads: [resnet26-c10-b128]}]"))[0][0].settings.cudnn_benchmark


def test_a_group_can_stagger_its_starts(tmp_path):
    plan = write(tmp_path, "groups:\n  - {modes: [mps], workloads: [resnet26-c10-b128], copies: [2], settings: {start: staggered}}\n")
    (e,) = load_plan(plan)[0]
    assert e.settings.start == "staggered" and e.run_id == "mps__2x-resnet26-c10-b128__staggered"


def test_the_committed_dataset_plan_marks_the_validation_subset():
    experiments, _ = load_plan(str(REPO / "profiler/plans/h200-dataset.yaml"))
    validation = {e.run_id for e in experiments if e.validation}
    sevens = {e.run_id for e in experiments if len(e.procs) == 7}
    mixes = [e for e in experiments if len(set(p.workload for p in e.procs)) > 1 and e.mode in ("naive", "mps")]
    assert sevens <= validation
    assert all(e.validation for e in mixes if len(e.procs) == 3)
    assert sum(e.validation for e in mixes) * 2 == len(mixes)
    # The mps-partitioned model is judged on co-running clients at 2g and 4g sizes (32 and 64 SMs); calibration fits
    # the one-process split runs and co-running clients at 3g size (60 SMs) and three 2g clients of other mixes.
    partitioned = [e for e in experiments if e.mode == "mps-partitioned"]
    fitted_mixes = {e.run_id for e in partitioned if len(e.procs) > 1 and not e.validation}
    assert fitted_mixes and all(e.run_id.endswith("__sm60") or len(e.procs) == 3 for e in partitioned if e.run_id in fitted_mixes)
    assert not any(e.validation for e in partitioned if len(e.procs) == 1)
    validated = [e for e in partitioned if e.validation]
    assert validated and all(len(e.procs) > 1 for e in validated)
    assert not {tuple(sorted(p.workload for p in e.procs)) for e in validated} & {
        tuple(sorted(p.workload for p in e.procs)) for e in partitioned if e.run_id in fitted_mixes
    }
    assert not any(e.validation for e in experiments if e.mode == "exclusive")


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("groups: [{modes: [naive], workloads: [resnet9000]}]", "groups[0].workloads[0]"),
        ("groups: [{modes: [warp], workloads: [resnet26-c10-b128]}]", "groups[0].modes[0]"),
        ("groups: [{modes: [exclusive], workloads: [resnet26-c10-b128], copies: [2]}]", "groups[0].modes"),
        ("groups: [{modes: [mps-partitioned], workloads: [resnet26-c10-b128]}]", "groups[0].sm_limits"),
        ("groups: [{modes: [naive], mixes: [[resnet26-c10-b128]]}]", "groups[0].mixes[0]"),
        ("groups: [{modes: [mig], workloads: [resnet26-c10-b128], copies: [2], mig_profiles: [1g.18gb]}]", "groups[0].mig_profiles"),
        ("groups: [{modes: [naive], workloads: all, colour: red}]", "groups[0].colour"),
        ("settings: {measure_s: soon}\ngroups: [{modes: [naive], workloads: all}]", "settings.measure_s"),
        ("settings: {cudnn_benchmark: 0}\ngroups: [{modes: [naive], workloads: all}]", "settings.cudnn_benchmark"),
        ("settings: {start: later}\ngroups: [{modes: [naive], workloads: all}]", "settings.start"),
        ("groups: []", "groups"),
        ("groups: [{modes: [naive], workloads: [resnet26-c10-b128]}, {modes: [naive], workloads: [resnet26-c10-b128]}]", "groups"),
        ("groups: [{modes: [naive], workloads: [resnet26-c10-b128]", "line 1"),
        ("groups: \0", "(file)"),
        ("settings: {measure_s: .inf}\ngroups: [{modes: [naive], workloads: all}]", "settings.measure_s"),
        ("settings: {data: 5}\ngroups: [{modes: [naive], workloads: all}]", "settings.data"),
        ("settings: {sample_hz: 0}\ngroups: [{modes: [naive], workloads: all}]", "settings.sample_hz"),
        ("settings: {min_steps: 100000000000}\ngroups: [{modes: [naive], workloads: all}]", "settings.min_steps"),
        ("groups: [{modes: [mps], mixes: [[[resnet26-c10-b128], resnet26-c10-b128]]}]", "groups[0].mixes[0][0]"),
        ("groups: [{modes: [mps], workloads: [resnet26-c10-b128], copies: [49]}]", "groups[0].copies[0]"),
        ("groups: [{modes: [mps], mixes: [[" + ", ".join(["resnet26-c10-b128"] * 49) + "]]}]", "groups[0].mixes[0]"),
    ],
)
def test_bad_plans_name_the_field(tmp_path, text, field):
    plan = write(tmp_path, text)
    with pytest.raises(InputError) as err:
        load_plan(plan)
    assert err.value.file == plan and err.value.field == field
