/**
 * What the student has set up, as one plain value, and the actions that change it. Every action goes through
 * `reduce`, which returns a new state that obeys the rules (one to seven jobs, a buildable MIG layout, each job in
 * an instance with room for it); an action the rules refuse leaves the state as it was.
 */
import {
  gpu,
  migState,
  MODEL_MODES,
  mpsClientSms,
  placeInstance,
  type GpuSpec,
  type Placement,
  type PlacementRule,
  type SharingMode,
} from "../../sim/hardware/index.ts";
import type { MeasuredSetup } from "./measured-setup.ts";
import {
  defaultLayout,
  instanceKey,
  instancesOf,
  jobsPerInstance,
  startOptions,
  type Inside,
} from "./mig.ts";

export type { Inside } from "./mig.ts";

/** "naive" is time-slicing; "mps-partitioned" is MPS with a per-job active-thread percentage. */
export type Mode = Exclude<SharingMode, "exclusive" | "green">;

export const MODES: readonly Mode[] = ["naive", "mps", "mps-partitioned", "mig"];
export const INSIDE: readonly Inside[] = MODEL_MODES;
export const MAX_JOBS = 7;

export interface Job {
  workload: string;
  /** MPS active-thread percentage (1-100; 100 = no cap); read in mps-partitioned mode only. */
  percentage: number;
  /** Key of its MIG instance (see mig.ts), null when none has room for it; read in MIG mode only. */
  instance: string | null;
}

export interface ExploreState {
  /** Catalog name of the GPU. */
  gpu: string;
  mode: Mode;
  /** In start order: the order memory is handed out in. */
  jobs: Job[];
  /** MIG instances drawn on the GPU. */
  layout: Placement[];
  /** How the jobs of one MIG instance share it. */
  inside: Inside;
}

export type Action =
  | { kind: "gpu"; gpu: string }
  | { kind: "mode"; mode: Mode }
  | { kind: "add-job"; workload: string }
  | { kind: "remove-job"; job: number }
  | { kind: "workload"; job: number; workload: string }
  | { kind: "percentage"; job: number; percentage: number }
  | { kind: "instance"; job: number; instance: string }
  | { kind: "inside"; inside: Inside }
  | { kind: "place"; profileId: number; start: number }
  | { kind: "place-by-rule"; profileId: number; rule: PlacementRule }
  | { kind: "remove-instance"; instance: string }
  | { kind: "clear-layout" };

export const job = (workload: string, percentage = 100): Job => ({ workload, percentage, instance: null });

/** A state with these jobs on the GPU in a mode; MIG gets the default layout for the jobs unless one is given. */
export function makeState(
  gpuName: string,
  mode: Mode,
  jobs: Job[],
  options: { layout?: Placement[]; inside?: Inside } = {},
): ExploreState {
  const state = {
    gpu: gpu(gpuName).name,
    mode,
    jobs,
    layout: options.layout ?? [],
    inside: options.inside ?? "exclusive",
  };
  return settle(state, true);
}

/** Jobs each instance can still take, by key, counting the jobs placed in it but job `except`. */
export function roomLeft(spec: GpuSpec, state: ExploreState, except = -1): Map<string, number> {
  const room = new Map(
    instancesOf(spec, state.layout).map((i) => [i.key, jobsPerInstance(spec, i.profile, state.inside)]),
  );
  state.jobs.forEach((j, k) => {
    if (k !== except && j.instance !== null && room.has(j.instance))
      room.set(j.instance, room.get(j.instance)! - 1);
  });
  return room;
}

/**
 * Each job in an instance of the layout with room for it: jobs keep their instance while it has room (earlier
 * jobs first); the others go to the instance with room that holds the fewest jobs, lowest start on ties.
 */
function assign(spec: GpuSpec, state: ExploreState): Job[] {
  if (state.mode !== "mig") return state.jobs;
  const instances = instancesOf(spec, state.layout);
  const room = new Map(instances.map((i) => [i.key, jobsPerInstance(spec, i.profile, state.inside)]));
  const held = new Map(instances.map((i) => [i.key, 0]));
  const take = (key: string) => {
    room.set(key, room.get(key)! - 1);
    held.set(key, held.get(key)! + 1);
    return key;
  };
  const kept = state.jobs.map((j) =>
    j.instance !== null && (room.get(j.instance) ?? 0) > 0 ? take(j.instance) : null,
  );
  return state.jobs.map((j, k) => {
    let key = kept[k];
    const free = instances.filter((i) => room.get(i.key)! > 0);
    if (key === null && free.length > 0)
      key = take(free.reduce((a, b) => (held.get(b.key)! < held.get(a.key)! ? b : a)).key);
    return key === j.instance ? j : { ...j, instance: key };
  });
}

/** Jobs placed by the rules; in MIG mode with no instance drawn yet, the default layout for the jobs first. */
function settle(state: ExploreState, defaultIfEmpty = false): ExploreState {
  if (state.mode !== "mig") return state;
  const spec = gpu(state.gpu);
  const layout =
    defaultIfEmpty && state.layout.length === 0 ? defaultLayout(spec, state.jobs.length) : state.layout;
  const next = { ...state, layout };
  return { ...next, jobs: assign(spec, next) };
}

const clampPercentage = (p: number) => Math.min(100, Math.max(1, Math.round(p)));

function replaceJob(state: ExploreState, index: number, change: Partial<Job>): ExploreState {
  if (!(index >= 0 && index < state.jobs.length)) return state;
  return { ...state, jobs: state.jobs.map((j, i) => (i === index ? { ...j, ...change } : j)) };
}

function placed(state: ExploreState, placement: Placement): ExploreState {
  return { ...state, layout: [...state.layout, placement] };
}

/** The state after one action (the same state when the rules refuse it). */
export function reduce(state: ExploreState, action: Action): ExploreState {
  const spec = gpu(state.gpu);
  switch (action.kind) {
    case "gpu":
      // Profile ids differ between GPU classes, so a layout does not carry over; jobs start over in new instances.
      return settle({ ...state, gpu: gpu(action.gpu).name, layout: [], jobs: unassigned(state.jobs) }, true);
    case "mode":
      return settle({ ...state, mode: action.mode }, true);
    case "add-job":
      return state.jobs.length >= MAX_JOBS
        ? state
        : settle({ ...state, jobs: [...state.jobs, job(action.workload)] });
    case "remove-job":
      return state.jobs.length <= 1
        ? state
        : settle({ ...state, jobs: state.jobs.filter((_, i) => i !== action.job) });
    case "workload":
      return replaceJob(state, action.job, { workload: action.workload });
    case "percentage":
      return Number.isFinite(action.percentage)
        ? replaceJob(state, action.job, { percentage: clampPercentage(action.percentage) })
        : state;
    case "instance":
      return (roomLeft(spec, state, action.job).get(action.instance) ?? 0) > 0
        ? replaceJob(state, action.job, { instance: action.instance })
        : state;
    case "inside":
      return settle({ ...state, inside: action.inside });
    case "place": {
      const profile = spec.migProfiles.find((p) => p.id === action.profileId);
      const option =
        profile && startOptions(spec, state.layout, profile).find((o) => o.start === action.start);
      return option && option.problem === undefined
        ? settle(placed(state, { profileId: action.profileId, start: action.start }))
        : state;
    }
    case "place-by-rule": {
      const next = placeInstance(spec, migState(spec, state.layout), action.profileId, action.rule);
      return next ? settle(placed(state, next.placement)) : state;
    }
    case "remove-instance":
      return settle({ ...state, layout: state.layout.filter((p) => instanceKey(p) !== action.instance) });
    case "clear-layout":
      return settle({ ...state, layout: [], jobs: unassigned(state.jobs) });
  }
}

const unassigned = (jobs: Job[]) => jobs.map((j) => ({ ...j, instance: null }));

/** The smallest whole percentage that MPS turns into `sms` SMs on the GPU, if any does. */
export function percentageFor(spec: GpuSpec, sms: number): number | undefined {
  for (let p = 1; p <= 100; p++) if (mpsClientSms(spec.sms, p, spec.mps.smGranularity) === sms) return p;
  return undefined;
}

/** The page's setup of a measured one, on its GPU (undefined when a cap cannot be set as a percentage). */
export function stateOfMeasured(setup: MeasuredSetup, gpuName: string): ExploreState | undefined {
  const spec = gpu(gpuName);
  const jobs = setup.processes.map((p) =>
    job(p.workload, p.smLimit === null ? 100 : (percentageFor(spec, p.smLimit) ?? NaN)),
  );
  if (jobs.some((j) => Number.isNaN(j.percentage))) return undefined;
  const mode: Mode = setup.mode === "exclusive" || setup.mode === "naive" ? "naive" : setup.mode;
  return makeState(spec.name, mode, jobs);
}
