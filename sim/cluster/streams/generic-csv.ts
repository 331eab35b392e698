/**
 * Reader for the generic job CSV (docs/scenarios.md): one job per row, header required.
 * Columns: arrival_s and workload (required); exactly one of iterations, epochs, duration_s (work; duration_s is
 * seconds at the workload's exclusive speed); optional id (default `line-<N>`), gpus (default 1), gpu_share (0..1].
 * Times are multiplied by `time_scale`.
 */
import { z } from "zod";
import { InputError } from "../../input-error.ts";
import { Iterations, JobId } from "../scenario/schema.ts";
import { csvRows } from "./csv-rows.ts";
import type { StreamJob, Work } from "./stream-job.ts";

const positive = z.coerce.number().positive();
const CsvJob = z.object({
  id: JobId.optional(),
  arrival_s: z.coerce.number().nonnegative(),
  workload: z.string().min(1),
  // Whole steps, as in a scenario's job list: a fraction would be rounded up unseen.
  iterations: z.coerce.number().pipe(Iterations).optional(),
  epochs: positive.optional(),
  duration_s: z.coerce.number().nonnegative().optional(),
  gpus: z.coerce.number().int().min(1).default(1),
  gpu_share: z.coerce.number().gt(0).lte(1).optional(),
});

function workOf(row: z.infer<typeof CsvJob>, timeScale: number): Work | undefined {
  const given = [row.iterations, row.epochs, row.duration_s].filter((v) => v !== undefined).length;
  if (given !== 1) return undefined;
  if (row.iterations !== undefined) return { iterations: row.iterations };
  if (row.epochs !== undefined) return { epochs: row.epochs };
  return { durationS: row.duration_s! * timeScale };
}

export function readGenericCsv(text: string, file: string, timeScale: number): StreamJob[] {
  return csvRows(text, file, CsvJob, ["arrival_s", "workload"]).map(({ line, row }) => {
    const work = workOf(row, timeScale);
    if (!work) throw new InputError(file, `line ${line}`, "exactly one of iterations, epochs, duration_s");
    return {
      id: row.id ?? `line-${line}`,
      arrivalS: row.arrival_s * timeScale,
      workload: row.workload,
      work,
      gpus: row.gpus,
      gpuShare: row.gpu_share,
      origin: {
        workload: { file, field: `line ${line}, column workload` },
        gpus: { file, field: `line ${line}, column gpus` },
        id: { file, field: `line ${line}, column id` },
        arrival: { file, field: `line ${line}, column arrival_s` },
        work: {
          file,
          field: `line ${line}, column ${"iterations" in work ? "iterations" : "epochs" in work ? "epochs" : "duration_s"}`,
        },
      },
    };
  });
}
