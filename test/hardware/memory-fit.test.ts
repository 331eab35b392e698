import test from "ava";
import { colocatedMemoryFit, GIB } from "../../sim/hardware/index.ts";

test("naive sharing: processes are admitted in order until the sum would exceed the capacity", (t) => {
  const fit = colocatedMemoryFit(
    40 * GIB,
    [15, 15, 15, 5].map((g) => ({ footprintBytes: g * GIB })),
  );
  t.deepEqual(fit.oom, [false, false, true, false]);
  t.false(fit.fits);
  t.is(fit.usedBytes, 35 * GIB);
});

test("MPS: each client holds its delta beyond its footprint; a smaller client lets more processes fit", (t) => {
  const procs = Array.from({ length: 4 }, () => ({ footprintBytes: 10 * GIB }));
  t.is(colocatedMemoryFit(40 * GIB, procs.slice(0, 2), 0.5 * GIB).usedBytes, 21 * GIB);
  t.false(colocatedMemoryFit(38 * GIB, procs).fits);
  t.true(colocatedMemoryFit(38 * GIB, procs, -0.75 * GIB).fits);
});

test("an MPS client whose footprint exceeds its pinned limit runs out of memory, alone", (t) => {
  const fit = colocatedMemoryFit(40 * GIB, [
    { footprintBytes: 11 * GIB, pinnedLimitBytes: 10 * GIB },
    { footprintBytes: 9 * GIB, pinnedLimitBytes: 10 * GIB },
  ]);
  t.deepEqual(fit.oom, [true, false]);
  // The delta is the client's context, outside what the limit counts.
  t.true(
    colocatedMemoryFit(40 * GIB, [{ footprintBytes: 9.5 * GIB, pinnedLimitBytes: 10 * GIB }], 1 * GIB).fits,
  );
});

test("a process that trains in less (its measured minimum) makes do with what is left; below that it runs out", (t) => {
  const procs = [
    { footprintBytes: 30 * GIB },
    { footprintBytes: 12 * GIB, minFootprintBytes: 6 * GIB },
    { footprintBytes: 12 * GIB, minFootprintBytes: 6 * GIB },
  ];
  const fit = colocatedMemoryFit(40 * GIB, procs);
  // 30 GiB leave 10: the second takes all 10 (its minimum 6 fits), the third finds nothing and runs out.
  t.deepEqual(fit.oom, [false, false, true]);
  t.is(fit.usedBytes, 40 * GIB);
  t.deepEqual(colocatedMemoryFit(35 * GIB, procs.slice(0, 2)).oom, [false, true], "5 GiB left < 6");
});

test("the fit says when order does not matter: no process was held back by what the others took", (t) => {
  const procs = [
    { footprintBytes: 20 * GIB },
    { footprintBytes: 12 * GIB, minFootprintBytes: 6 * GIB },
    { footprintBytes: 9 * GIB, pinnedLimitBytes: 8 * GIB },
  ];
  // 20 + 12 fit in 40 GiB; the third runs out against its own limit, in any order.
  const roomy = colocatedMemoryFit(40 * GIB, procs);
  t.true(roomy.anyOrder);
  t.deepEqual(roomy.oom, [false, false, true]);
  for (const order of [
    [1, 0, 2],
    [2, 1, 0],
  ]) {
    t.deepEqual(
      colocatedMemoryFit(
        40 * GIB,
        order.map((i) => procs[i]),
      ).oom,
      order.map((i) => roomy.oom[i]),
    );
  }
  // In 30 GiB the second makes do with 10 behind the first, but would take 12 first in line and squeeze the first.
  const tight = colocatedMemoryFit(30 * GIB, procs);
  t.false(tight.anyOrder);
  t.deepEqual(tight.oom, [false, false, true]);
  t.deepEqual(colocatedMemoryFit(30 * GIB, [procs[1], procs[0]]).oom, [false, true], "the order decided");
});
