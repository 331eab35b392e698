/**
 * The kernels that the processes of one run traced, laid on one wall-clock time line (each traced iteration records
 * its start, `start_unix_us`): how the GPU passed between them. Time-slicing runs one context at a time, so under it
 * the processes' kernels should hardly overlap, and each process holds the GPU for stretches of its own kernels.
 */
import { median } from "./fit/stats.ts";
import type { IterationRow, KernelRow } from "./ingest/tables.ts";

export interface TimeLine {
  /** The processes, ascending, and the span all of them traced (microseconds). */
  procs: number[];
  windowUs: number;
  /** Per process (in `procs` order): time with at least one of its kernels running, within the span. */
  busyUs: number[];
  /** The processes' busy times within the span added up, beyond the time any of them is busy: for two, the time both run one. */
  overlapUs: number;
  /** Per process: the median stretch, from the first to the last of its kernels that run with none of another's between. */
  medianStretchUs: number[];
}

type Interval = [number, number];

/** Sorted, disjoint intervals covering `xs`. */
function union(xs: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const [s, e] of [...xs].sort((a, b) => a[0] - b[0])) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

const total = (xs: Interval[]) => xs.reduce((a, [s, e]) => a + (e - s), 0);

/** `xs` cut to [from, to]. */
const clip = (xs: Interval[], from: number, to: number): Interval[] =>
  xs.map(([s, e]): Interval => [Math.max(s, from), Math.min(e, to)]).filter(([s, e]) => e > s);

/**
 * The time line of run `runId`, or undefined where fewer than two processes traced, an iteration lacks its wall-clock
 * start (traces before session 48), or their traced spans do not meet.
 */
export function timeLine(
  runId: string,
  kernels: KernelRow[],
  iterations: IterationRow[],
): TimeLine | undefined {
  const iters = iterations.filter((i) => i.run_id === runId);
  if (iters.some((i) => i.start_unix_us === null)) return undefined;
  const procs = [...new Set(iters.map((i) => i.proc))].sort((a, b) => a - b);
  // A kernel's start is microseconds from its process's first traced iteration.
  const origin = new Map(
    procs.map((p) => {
      const first = iters.filter((i) => i.proc === p).reduce((a, b) => (b.iter < a.iter ? b : a));
      return [p, first.start_unix_us!];
    }),
  );
  const runs = kernels
    .filter((k) => k.run_id === runId && origin.has(k.proc))
    .map((k) => ({
      proc: k.proc,
      s: origin.get(k.proc)! + k.start_us,
      e: origin.get(k.proc)! + k.start_us + k.dur_us,
    }))
    .sort((a, b) => a.s - b.s || a.proc - b.proc);
  const byProc = procs.map((p) => runs.filter((k) => k.proc === p));
  if (procs.length < 2 || byProc.some((ks) => ks.length === 0)) return undefined;
  const from = Math.max(...byProc.map((ks) => ks[0].s));
  const to = Math.min(...byProc.map((ks) => Math.max(...ks.map((k) => k.e))));
  if (to <= from) return undefined;
  const busy = byProc.map((ks) => clip(union(ks.map((k): Interval => [k.s, k.e])), from, to));
  const inWindow = runs.filter((k) => k.e > from && k.s < to);
  const stretches = procs.map(() => [] as number[]);
  let i = 0;
  while (i < inWindow.length) {
    let j = i;
    let end = inWindow[i].e;
    while (j + 1 < inWindow.length && inWindow[j + 1].proc === inWindow[i].proc)
      end = Math.max(end, inWindow[++j].e);
    stretches[procs.indexOf(inWindow[i].proc)].push(end - inWindow[i].s);
    i = j + 1;
  }
  return {
    procs,
    windowUs: to - from,
    busyUs: busy.map(total),
    overlapUs: busy.reduce((a, b) => a + total(b), 0) - total(union(busy.flat())),
    medianStretchUs: stretches.map((xs) => (xs.length ? median(xs) : 0)),
  };
}

/**
 * How much longer than alone each of a process's kernels in a shared run took, for those over `minUs` longer: its
 * duration less the median duration of kernels of its name in `solo` (a solo run of the same workload). A kernel
 * whose context was switched out mid-run keeps its interval open over the co-runner's turn, so these stretches are
 * the turns it waited out. Kernels whose name the solo run lacks are left out.
 */
export function stretchedKernels(shared: KernelRow[], solo: KernelRow[], minUs = 200): number[] {
  const byName = new Map<string, number[]>();
  for (const k of solo) {
    const durs = byName.get(k.name);
    if (durs) durs.push(k.dur_us);
    else byName.set(k.name, [k.dur_us]);
  }
  const alone = new Map([...byName].map(([name, durs]) => [name, median(durs)]));
  return shared.flatMap((k) => {
    const extra = k.dur_us - (alone.get(k.name) ?? Infinity);
    return extra > minUs ? [extra] : [];
  });
}
