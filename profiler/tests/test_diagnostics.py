"""The committed diagnostic runs say what calibration/data/h200-diagnostics/README.md says they show: cuDNN
autotuning beside co-runners gave identical copies different kernels; without it they ran one set and split evenly."""

from __future__ import annotations

from statistics import mean, median

from helpers import REPO
from schema_check import run_folder_errors

from profiler.jsonl import read_jsonl
from profiler.kernel_traffic import by_function, read_kernels, weighted
from profiler.manifest import read_manifest

DIAG = REPO / "calibration/data/h200-diagnostics"
RUNS = REPO / "calibration/data/h200-runs"


def kernels_per_proc(run) -> list[int]:
    ks = read_jsonl(run / "kernels.jsonl")
    return [sum(1 for k in ks if k["proc"] == p and k["iter"] == 0) for p in sorted({k["proc"] for k in ks})]


def shares(run, solo) -> list[float]:
    alone = read_jsonl(solo / "procs.jsonl")[0]["throughput_img_s"]
    return [p["throughput_img_s"] / alone for p in read_jsonl(run / "procs.jsonl")]


def share_of(run, workload, solos) -> float:
    """The throughput of `workload`'s process in `run` over that workload's solo run in the folder `solos`."""
    (p,) = [p for p in read_jsonl(run / "procs.jsonl") if p["workload"] == workload]
    return p["throughput_img_s"] / read_jsonl(solos / f"exclusive__{workload}/procs.jsonl")[0]["throughput_img_s"]


def whole_runs(folder, count: int) -> list:
    """The run folders under `folder`: `count` of them, each whole in the run format."""
    folders = sorted(p.parent for p in folder.glob("*/manifest.json"))
    assert len(folders) == count
    for f in folders:
        assert run_folder_errors(f) == [], f.name
    return folders


def test_every_diagnostic_run_is_whole_and_has_autotuning_off():
    for f in whole_runs(DIAG, 7):
        assert '"cudnn_benchmark": false' in (f / "manifest.json").read_text(), f.name


def test_autotuned_copies_ran_different_kernels_and_untuned_ones_the_same():
    assert len(set(kernels_per_proc(RUNS / "mps__3x-convnextatto-in-b128"))) == 3
    assert set(kernels_per_proc(DIAG / "mps__3x-convnextatto-in-b128__nobench")) == {440}
    untuned = shares(DIAG / "mps__3x-convnextatto-in-b128__nobench", DIAG / "exclusive__convnextatto-in-b128__nobench")
    tuned = shares(RUNS / "mps__3x-convnextatto-in-b128", RUNS / "exclusive__convnextatto-in-b128")
    assert max(untuned) / min(untuned) < 1.03 and 1.05 < sum(untuned) < 1.10
    assert sum(tuned) < 0.8


def step_median(run, proc, start_s, end_s) -> float:
    """Median step time of `proc` over the steps that ran wholly between two replay-clock times."""
    t0 = min(e["t"] for e in read_jsonl(run / "events.jsonl"))
    dts = sorted(
        s["dt_s"]
        for s in read_jsonl(run / "steps.jsonl")
        if s["proc"] == proc and start_s <= s["t_end"] - t0 - s["dt_s"] and s["t_end"] - t0 <= end_s
    )
    return dts[len(dts) // 2]


def test_a_job_autotuned_beside_a_running_co_runner_is_as_fast_alone_as_one_autotuned_alone():
    whole_runs(DIAG / "autotune-beside-load", 9)
    run = DIAG / "autotune-beside-load/autotune-beside-convnextatto-long"
    jobs = {j["job"]: j for j in read_jsonl(run / "jobs.jsonl")}
    ref, load, tuned = jobs["ref"], jobs["load"], jobs["tuned"]
    assert ref["finish_s"] < load["train_start_s"]  # the reference ran alone
    alone = step_median(run, ref["proc"], ref["train_start_s"], ref["finish_s"])
    after = step_median(run, tuned["proc"], load["finish_s"] + 0.2, tuned["finish_s"])
    beside = step_median(run, tuned["proc"], tuned["train_start_s"], load["finish_s"])
    assert abs(after / alone - 1) < 0.03
    assert beside > 1.5 * alone


def test_staggered_starts_spare_convnext_co_runners_but_not_convnext_copies():
    starts = DIAG / "starts"
    for f in whole_runs(starts, 11):
        assert all(p["worker_prior_jobs"] == 0 for p in read_manifest(f)["processes"]), f.name

    def share(run_id, workload):
        return share_of(starts / run_id, workload, RUNS)

    for mix in ("edgenextxs-in-b128+wrn50-in-b64", "ghostnet-in-b128+vitb16-in-b32"):  # the controls
        for w in mix.split("+"):
            assert abs(share(f"mps__{mix}__staggered", w) - share(f"mps__{mix}", w)) < 0.03
    assert share("mps__convnextatto-in-b128+vgg13-in-b64__staggered", "vgg13-in-b64") > 1.15 * share(
        "mps__convnextatto-in-b128+vgg13-in-b64__r1", "vgg13-in-b64"
    )
    assert share("mps__convnextnano-in-b128+deittiny-in-b256__staggered", "deittiny-in-b256") > 1.15 * share(
        "mps__convnextnano-in-b128+deittiny-in-b256__r1", "deittiny-in-b256"
    )
    copies = shares(starts / "mps__3x-convnextatto-in-b128__staggered", RUNS / "exclusive__convnextatto-in-b128")
    untuned = shares(DIAG / "mps__3x-convnextatto-in-b128__nobench", DIAG / "exclusive__convnextatto-in-b128__nobench")
    assert sum(copies) < 0.85 < 1.05 < sum(untuned)
    # each staggered process started once the one before it was warm
    run = starts / "mps__3x-convnextatto-in-b128__staggered"
    events = read_jsonl(run / "events.jsonl")
    at = {(e["kind"], e["proc"]): e["t"] for e in events if e["proc"] is not None}
    assert at[("start", 1)] > at[("warmup_done", 0)] and at[("start", 2)] > at[("warmup_done", 1)]


def test_convnext_copies_warmed_up_one_at_a_time_share_as_other_models_do():
    iso = DIAG / "isolated"
    whole_runs(iso, 12)
    solo = iso / "exclusive__convnextatto-in-b128"
    isolated = iso / "mps__3x-convnextatto-in-b128__isolated"
    assert read_manifest(isolated)["settings"]["start"] == "isolated"
    # each copy autotuned alone and kept the kernels of a solo run (1,327 an iteration in the dataset's trace)
    assert all(abs(n - 1327) <= 10 for n in kernels_per_proc(isolated))
    warmed = shares(isolated, solo)
    together = shares(iso / "mps__3x-convnextatto-in-b128", solo)  # the same machine, started together
    assert max(warmed) / min(warmed) < 1.02 and sum(warmed) > 1.1
    assert sum(together) < 0.8
    for copies in ("convnextnano", "convnextv2atto"):
        assert sum(shares(iso / f"mps__3x-{copies}-in-b128__isolated", iso / f"exclusive__{copies}-in-b128")) > 1.0


def test_a_convnext_new_to_the_dataset_shares_better_warmed_up_one_at_a_time():
    femto = DIAG / "isolated-femto"  # session 13: convnext_femto, with same-machine solos
    whole_runs(femto, 8)

    def share(run_id, workload):
        return share_of(femto / run_id, workload, femto)

    solo = femto / "exclusive__convnextfemto-in-b128"
    warmed = shares(femto / "mps__3x-convnextfemto-in-b128__isolated", solo)
    together = shares(femto / "mps__3x-convnextfemto-in-b128", solo)
    assert max(warmed) / min(warmed) < 1.02 and sum(warmed) > 1.1 > 1.0 > sum(together)
    pair = "mps__convnextfemto-in-b128+deittiny-in-b256"
    assert share(f"{pair}__isolated", "deittiny-in-b256") > 1.15 * share(pair, "deittiny-in-b256")


def test_a_launch_bound_job_keeps_the_same_time_sliced_share_beside_short_and_long_kernels():
    folder = DIAG / "launch-bound-pairs"
    whole_runs(folder, 25)
    host = "__host-16e0b643"

    def share(pair, workload):
        (p,) = [p for p in read_jsonl(folder / f"naive__{pair}{host}/procs.jsonl") if p["workload"] == workload]
        alone = read_jsonl(folder / f"exclusive__{workload}{host}/procs.jsonl")[0]["throughput_img_s"]
        return p["throughput_img_s"] / alone

    # Each launch-bound model beside a co-runner of short large kernels, then one of long ones (README, session 14).
    for model, short, long in [
        ("densenet169-in-b64", "densenet169-in-b64+inceptionv3-in-b64", "densenet169-in-b64+vgg13-in-b64"),
        ("hrnetw18s-in-b64", "hrnetw18s-in-b64+ghostnet-in-b128", "hrnetw18s-in-b64+vitb16-in-b32"),
        ("levit128s-in-b256", "levit128s-in-b256+cspdarknet53-in-b64", "levit128s-in-b256+deittiny-in-b256"),
        ("resnet152-in-b32", "resnet152-in-b32+cspdarknet53-in-b64", "resnet152-in-b32+vgg13-in-b64"),
    ]:
        assert abs(share(short, model) - share(long, model)) < 0.015, model
        assert 0.5 < share(short, model) < 0.7, model


TRAFFIC = DIAG / "kernel-traffic"
TRAFFIC_WORKLOADS = ("mobilenetv2-in-b128", "convmixer1536-in-b32")


def test_pytorch_depthwise_convolutions_keep_the_sms_busy_not_dram_in_both_mobile_and_convmixer_nets():
    """Session 23's Nsight Compute pass (README): the depthwise kernels, memory-bound by their full names before form
    C, stream little from DRAM and keep the SMs busy, at 3x3 (mobilenetv2) as at 9x9 (convmixer_1536_20)."""
    functions = {wid: by_function(read_kernels(str(TRAFFIC / f"{wid}.csv.gz"))) for wid in TRAFFIC_WORKLOADS}
    for wid, rows in functions.items():
        depthwise = [r for r in rows if r["function"].startswith("conv_depthwise2d")]
        assert len(depthwise) == 3, wid
        for r in depthwise:
            assert r["dram_pct"] < 25 and r["sm_pct"] > 50, (wid, r)
    # mobilenetv2's batch norms: 44 % of its kernel time, neither DRAM- nor SM-bound (latency).
    bn = [r for r in functions["mobilenetv2-in-b128"] if "bn_" in r["function"]]
    assert sum(r["time_share"] for r in bn) > 0.4
    assert all(r["dram_pct"] < 30 and r["sm_pct"] < 35 for r in bn)


def dram_while_busy(solo) -> float:
    """What calibration reads off a solo run (sim/sharing/mps.ts `dramWhileBusy`): the mean GPM DRAM utilization over
    the measured steps, over the median traced iteration's busy time per median measured step."""
    steps = [s for s in read_jsonl(solo / "steps.jsonl") if s["phase"] == "measure"]
    start, end = steps[0]["t_end"] - steps[0]["dt_s"], steps[-1]["t_end"]
    dram = [
        s["gpm_dram_bw_util"] / 100
        for s in read_jsonl(solo / "samples.jsonl")
        if start <= s["t"] <= end and s.get("gpm_dram_bw_util") is not None
        and not (s["gpm_dram_bw_util"] == 0 and s["util_gpu"] > 0)  # a GPM reading not taken yet
    ]
    busy_s = median(i["busy_us"] for i in read_jsonl(solo / "iterations.jsonl")) * 1e-6
    return mean(dram) / (busy_s / median(s["dt_s"] for s in steps))


def test_the_step_s_time_weighted_dram_matches_what_the_sampler_saw_alone():
    """The DRAM utilization sampled alone while the kernels ran (0.29 and 0.165) is the kernels' time-weighted DRAM
    throughput under Nsight within 5 points, so the MPS model's memory pressure already reads each kernel's traffic."""
    for wid in TRAFFIC_WORKLOADS:
        sampled = dram_while_busy(RUNS / f"exclusive__{wid}")
        measured = weighted(read_kernels(str(TRAFFIC / f"{wid}.csv.gz")), "dram_pct") / 100
        assert abs(measured - sampled) < 0.05, (wid, measured, sampled)
