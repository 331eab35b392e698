import test from "ava";
import { ShareMemo, type ShareFn } from "../../sim/cluster/share-memo.ts";
import type {
  CoRunner,
  GpuView,
  ShareResult,
  SharingSetup,
  WorkloadProfile,
} from "../../sim/sharing/types.ts";
import { gpu as sharingGpu, profile } from "../sharing/profiles.ts";

/** A sharing model that records its calls and answers with the co-runners it was given, so a result is traceable. */
function recording() {
  const calls: string[] = [];
  const share: ShareFn = (_gpu: GpuView, _setup: SharingSetup, coRunners: CoRunner[]): ShareResult => {
    const label = coRunners
      .map((c) => `${c.profile.id}/${c.smLimit ?? ""}/${c.memoryLimitBytes ?? ""}`)
      .join(" ");
    calls.push(label);
    return {
      stepsPerSecond: coRunners.map(() => calls.length),
      oom: coRunners.map(() => false),
      utilization: 1,
    } as ShareResult;
  };
  return { calls, share };
}

const profiles: WorkloadProfile[] = ["a", "b", "c"].map((id) => profile(id, 1));

test("a co-runner set is modelled once; its order, caps and device kind make other sets", (t) => {
  const { calls, share } = recording();
  const memo = new ShareMemo(share, profiles);
  const kind = memo.kind("h200/mps", { gpu: sharingGpu, setup: { mode: "mps" } });
  const other = memo.kind("h200/naive", { gpu: sharingGpu, setup: { mode: "naive" } });
  const set = {
    workloads: [0, 1, 2],
    smLimits: [undefined, 32, undefined],
    memoryLimits: [undefined, undefined, 1e9],
  };
  const first = memo.get(kind, set, [0, 1]);
  t.is(memo.get(kind, set, [0, 1]), first, "a hit returns the same result");
  memo.get(kind, set, [1, 0]);
  memo.get(kind, set, [0, 2]);
  memo.get(other, set, [0, 1]);
  t.deepEqual(calls, ["a// b/32/", "b/32/ a//", "a// c//1000000000", "a// b/32/"]);
  t.is(memo.size, 4);
});

test("workload and caps never alias: every (workload, caps) pair is its own key", (t) => {
  const { calls, share } = recording();
  const memo = new ShareMemo(share, profiles);
  const kind = memo.kind("k", { gpu: sharingGpu, setup: { mode: "mps" } });
  // Many distinct caps on each workload: more cap pairs than workloads.
  const caps = [undefined, 16, 32, 48, 64];
  for (const w of [0, 1, 2])
    for (const sm of caps) memo.get(kind, { workloads: [w], smLimits: [sm], memoryLimits: [undefined] }, [0]);
  t.is(memo.size, 15);
  t.is(new Set(calls).size, 15);
});
