/**
 * The study's experiment matrix (scenarios/study/paper-experiment-matrix.csv) as scenarios: one single-GPU
 * scenario per experiment workload (all its processes start together), for the A100 the study used and for our
 * H200. Used by `npm run gen:study` and by the test that checks the generated files are current.
 */
import { csvParse } from "d3-dsv";
import { stringify } from "yaml";
import { gpu, migProfile, type GpuSharingMode } from "../sim/hardware/index.ts";

export const STUDY_GPUS = { "A100-SXM4-40GB": "a100", "H200-141GB": "h200" } as const;
export type StudyGpu = keyof typeof STUDY_GPUS;

/** Every process runs as long as the study's runs did ("about 5 epochs a run", paper.md). */
export const STUDY_EPOCHS = 5;

export interface StudyProcess {
  /** Canonical workload id (paper.md), e.g. "resnet26-c10-b128". */
  workload: string;
  /** A100 MIG profile of its instance ("-" rows and MPS rows have none). */
  migProfile?: string;
}

export interface StudyExperiment {
  experiment: number;
  /** The matrix's workload number (experiment 37: a mix code such as 332). */
  workload: number;
  mode: Exclude<GpuSharingMode, "exclusive">;
  processes: StudyProcess[];
}

const MODELS: Record<string, string> = {
  resnet26: "resnet26",
  resnet50: "resnet50",
  resnet152: "resnet152",
  cait_xxs24_224: "cait",
  efficientnetv2_s: "effnetv2s",
};
const DATASETS: Record<string, string> = { cifar10: "c10", imagenet64_images: "i64", imagenet: "in" };

/** "--model resnet26 --data-dir /raid/datasets/cifar10/ --batch-size 128" -> "resnet26-c10-b128". */
export function workloadId(params: string): string {
  const arg = (name: string) => params.match(new RegExp(`--${name} (\\S+)`))?.[1];
  const model = MODELS[arg("model") ?? ""];
  const dataset = DATASETS[(arg("data-dir") ?? "").split("/").filter(Boolean).pop() ?? ""];
  const batch = arg("batch-size");
  if (!model || !dataset || !batch) throw new Error(`study matrix: cannot name the workload of "${params}"`);
  return `${model}-${dataset}-b${batch}`;
}

function modeOf(collocation: string): StudyExperiment["mode"] {
  if (collocation === "-") return "naive";
  return collocation === "MPS" ? "mps" : "mig";
}

export function parseMatrix(text: string): StudyExperiment[] {
  const groups = new Map<string, StudyExperiment>();
  for (const row of csvParse(text)) {
    const key = `${row.Experiment}/${row.Workload}`;
    const mode = modeOf(row.Collocation!);
    let group = groups.get(key);
    if (!group) {
      group = { experiment: Number(row.Experiment), workload: Number(row.Workload), mode, processes: [] };
      groups.set(key, group);
    }
    if (group.mode !== mode)
      throw new Error(`study matrix: experiment ${key} mixes ${group.mode} and ${mode}`);
    const process: StudyProcess = { workload: workloadId(row.Params!) };
    if (mode === "mig") process.migProfile = row.Collocation;
    group.processes.push(process);
  }
  return [...groups.values()];
}

/** The same GI profile on another GPU (profiles map by id: 3g.20gb on the A100 is 3g.71gb on the H200). */
function profileOn(target: StudyGpu, a100Profile: string): string {
  return migProfile(gpu(target), migProfile(gpu("A100-SXM4-40GB"), a100Profile).id).name;
}

export const studyName = (e: StudyExperiment) => `e${e.experiment}-w${String(e.workload).padStart(2, "0")}`;

/**
 * MIG processes smallest instance first: with every process arriving at once, best-fit placement (mig-static)
 * then gives each the instance the study assigned it, as long as its memory fits there.
 */
function inPlacementOrder(e: StudyExperiment): StudyProcess[] {
  const slices = (p: StudyProcess) =>
    p.migProfile ? migProfile(gpu("A100-SXM4-40GB"), p.migProfile).computeSlices : 0;
  return [...e.processes].sort((a, b) => slices(a) - slices(b));
}

/** The MIG profile of each process on `target`, in the scenario's job order (empty outside MIG). */
export function migLayout(e: StudyExperiment, target: StudyGpu): string[] {
  return inPlacementOrder(e).flatMap((p) => (p.migProfile ? [profileOn(target, p.migProfile)] : []));
}

/** The scenario document (before YAML) of one experiment workload on one GPU. */
export function studyScenario(e: StudyExperiment, target: StudyGpu): Record<string, unknown> {
  const n = e.processes.length;
  const processes = inPlacementOrder(e);
  const layout = migLayout(e, target);
  const sharing = e.mode === "mig" ? { mode: "mig", layout } : { mode: e.mode };
  const scheduler =
    e.mode === "mig"
      ? { policy: "mig-static" }
      : // The study started every process at once, whether or not they fit: memory is not checked up front.
        {
          policy: e.mode === "mps" ? "mps-pack" : "naive-pack",
          params: { max_co_runners: n, memory_check: false },
        };
  const what = processes.map((p, i) => p.workload + (layout[i] ? ` in ${layout[i]}` : ""));
  return {
    name: `study-${STUDY_GPUS[target]}-${studyName(e)}`,
    description: `Study experiment ${e.experiment}, workload ${e.workload}: ${e.mode}, ${n} process(es): ${what.join(", ")}`,
    seed: 1,
    calibration: STUDY_GPUS[target],
    hardware: { gpus: [{ gpu: target, sharing }] },
    jobs: {
      list: processes.map((p, i) => ({
        id: `p${i + 1}`,
        arrival_s: 0,
        workload: p.workload,
        epochs: STUDY_EPOCHS,
      })),
    },
    scheduler,
    output: { timeline: false, events: false, charts: false },
  };
}

const HEADER =
  "# Generated by `npm run gen:study` from scenarios/study/paper-experiment-matrix.csv: do not edit.\n" +
  "# yaml-language-server: $schema=../../scenario.schema.json\n";

/** Relative path under scenarios/study/ -> file text, for every experiment on every study GPU. */
export function studyFiles(matrixCsv: string): Map<string, string> {
  const files = new Map<string, string>();
  const experiments = parseMatrix(matrixCsv);
  for (const target of Object.keys(STUDY_GPUS) as StudyGpu[])
    for (const e of experiments)
      files.set(
        `${STUDY_GPUS[target]}/${studyName(e)}.yaml`,
        HEADER + stringify(studyScenario(e, target), { lineWidth: 0 }),
      );
  return files;
}
