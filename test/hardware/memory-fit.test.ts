import test from "ava";
import {
  colocatedMemoryFit,
  GIB,
  gpu,
  instanceMemoryFit,
  MEASURED_MEMORY_PARAMS,
  MIB,
  migProfile,
} from "../../sim/hardware/index.ts";

const a100 = gpu("A100-SXM4-40GB");

test("a 5 GiB job does not fit a 1g.5gb, whose -lgip usable memory is 4.75 GiB; it fits a 2g.10gb", (t) => {
  t.false(instanceMemoryFit(5 * GIB, migProfile(a100, "1g.5gb").usableMemoryBytes));
  t.true(instanceMemoryFit(5 * GIB, migProfile(a100, "2g.10gb").usableMemoryBytes));
});

test("naive sharing: processes are admitted in order until the sum would exceed the capacity", (t) => {
  const fit = colocatedMemoryFit(
    40 * GIB,
    [15, 15, 15, 5].map((g) => ({ footprintBytes: g * GIB })),
    "naive",
  );
  t.deepEqual(fit.oom, [false, false, true, false]);
  t.false(fit.fits);
  t.is(fit.usedBytes, 35 * GIB);
});

test("MPS with the measured parameters: client contexts unchanged, the 66 MiB server held once", (t) => {
  const procs = [10, 10].map((g) => ({ footprintBytes: g * GIB }));
  const naive = colocatedMemoryFit(40 * GIB, procs, "naive");
  const mps = colocatedMemoryFit(40 * GIB, procs, "mps");
  t.is(mps.usedBytes - naive.usedBytes, 66 * MIB);
  t.is(MEASURED_MEMORY_PARAMS.contextBytes, MEASURED_MEMORY_PARAMS.mpsClientContextBytes);
});

test("MPS with a smaller client context lets more processes fit", (t) => {
  const procs = Array.from({ length: 4 }, () => ({ footprintBytes: 10 * GIB }));
  const params = {
    ...MEASURED_MEMORY_PARAMS,
    contextBytes: 1 * GIB,
    mpsClientContextBytes: 0.25 * GIB,
    mpsServerBytes: 0,
  };
  t.false(colocatedMemoryFit(38 * GIB, procs, "naive", params).fits);
  t.true(colocatedMemoryFit(38 * GIB, procs, "mps", params).fits);
});

test("an MPS client whose allocations exceed its pinned limit runs out of memory, alone", (t) => {
  const context = MEASURED_MEMORY_PARAMS.contextBytes;
  const fit = colocatedMemoryFit(
    40 * GIB,
    [
      { footprintBytes: context + 11 * GIB, pinnedLimitBytes: 10 * GIB },
      { footprintBytes: context + 9 * GIB, pinnedLimitBytes: 10 * GIB },
    ],
    "mps",
  );
  t.deepEqual(fit.oom, [true, false]);
  // The limit is an MPS setting: without MPS it does not apply.
  t.true(
    colocatedMemoryFit(
      40 * GIB,
      [{ footprintBytes: context + 11 * GIB, pinnedLimitBytes: 10 * GIB }],
      "naive",
    ).fits,
  );
});

test("whether the pinned limit also counts the client's context is a parameter", (t) => {
  const client = [
    { footprintBytes: MEASURED_MEMORY_PARAMS.contextBytes + 9.5 * GIB, pinnedLimitBytes: 10 * GIB },
  ];
  t.true(colocatedMemoryFit(40 * GIB, client, "mps").fits);
  const covering = { ...MEASURED_MEMORY_PARAMS, pinnedLimitCoversContext: true };
  t.false(colocatedMemoryFit(40 * GIB, client, "mps", covering).fits); // 612 MiB + 9.5 GiB > 10 GiB
});

test("a process that trains in less (its measured minimum) makes do with what is left; below that it runs out", (t) => {
  const procs = [
    { footprintBytes: 30 * GIB },
    { footprintBytes: 12 * GIB, minFootprintBytes: 6 * GIB },
    { footprintBytes: 12 * GIB, minFootprintBytes: 6 * GIB },
  ];
  const fit = colocatedMemoryFit(40 * GIB, procs, "naive");
  // 30 GiB leave 10: the second takes all 10 (its minimum 6 fits), the third finds nothing and runs out.
  t.deepEqual(fit.oom, [false, false, true]);
  t.is(fit.usedBytes, 40 * GIB);
  t.deepEqual(colocatedMemoryFit(35 * GIB, procs.slice(0, 2), "naive").oom, [false, true], "5 GiB left < 6");
});
