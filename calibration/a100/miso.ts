/**
 * MISO's A100 MIG iteration times (../shared/reference/miso-a100-mig-iteration-times.csv, copied with its
 * provenance into calibration/data/a100/): parsed and checked row by row, then grouped per (model, batch) into
 * measured points of step time against the SMs and memory-bandwidth share of the MIG instance they ran in.
 */
import { z } from "zod";
import { csvRows } from "../../sim/cluster/streams/csv-rows.ts";
import { bandwidthShare, gpu, migProfile } from "../../sim/hardware/index.ts";

/** An hour an iteration: longer is no measurement of a training step. */
const iterS = z.coerce.number().positive().max(3600);

const rowSchema = z.object({
  gpu: z.string().min(1),
  mig_profile: z.string().min(1),
  model: z.string().min(1),
  batch: z.coerce.number().int().positive(),
  epochs: z.coerce.number().int().positive(),
  iterations: z.coerce.number().int().positive(),
  median_iter_s: iterS,
  mean_iter_s: iterS,
  p10_iter_s: iterS,
  p90_iter_s: iterS,
});

export type MisoRow = z.infer<typeof rowSchema>;

export interface SlicePoint {
  profile: string;
  sms: number;
  bandwidthShare: number;
  stepTimeS: number;
  /** (p90 - p10) / median of the iteration times: how steady the measurement was. */
  spread: number;
}

export interface SliceGroup {
  model: string;
  batch: number;
  points: SlicePoint[];
}

/** Rows checked cell by cell (d3-dsv reads the CSV); a bad cell is bad input naming its line and column. */
export function parseMiso(text: string, file: string): MisoRow[] {
  return csvRows(text, file, rowSchema, Object.keys(rowSchema.shape)).map((r) => r.row);
}

/** Points per (model, batch), sorted by model, batch and SMs; SMs and bandwidth from the hardware catalog. */
export function sliceGroups(rows: MisoRow[], file: string): SliceGroup[] {
  const groups = new Map<string, SliceGroup>();
  rows.forEach((row, i) => {
    const at = { file, field: `line ${i + 2}` };
    const spec = gpu(row.gpu, at);
    const profile = migProfile(spec, row.mig_profile, at);
    const key = `${row.model}\u0000${String(row.batch).padStart(8, "0")}`;
    const group = groups.get(key) ?? { model: row.model, batch: row.batch, points: [] };
    group.points.push({
      profile: profile.name,
      sms: profile.sms,
      bandwidthShare: bandwidthShare(spec, profile),
      stepTimeS: row.median_iter_s,
      spread: (row.p90_iter_s - row.p10_iter_s) / row.median_iter_s,
    });
    groups.set(key, group);
  });
  return [...groups.keys()].sort().map((k) => {
    const g = groups.get(k)!;
    return { ...g, points: g.points.sort((a, b) => a.sms - b.sms) };
  });
}
