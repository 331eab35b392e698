/**
 * `colloc calibrate`'s work: an ingested dataset of one GPU -> a calibration set (profiles, sharing parameters,
 * provenance, fit errors, tables). Runs marked `validation` are never fitted.
 */
import type { Dataset } from "./dataset.ts";
import { datasetGpu } from "./dataset-gpu.ts";
import { mpsFitRange, outsideMpsFitRange } from "./fit/mps-range.ts";
import { fitProfiles } from "./fit/profiles.ts";
import { fitSharingParams, startingSharing } from "./fit/sharing-params.ts";
import { fitStartupWaits } from "./fit/startup.ts";
import { measuredRuns } from "./measured.ts";
import type { CalibrationSet } from "./set-schema.ts";
import { smPointTable, workloadTable } from "./tables.ts";
import { TRACE_FILE, traceTable } from "./trace-table.ts";
import { tracesFromDataset } from "./traces.ts";

export interface CalibrationOutput {
  set: CalibrationSet;
  tables: Record<string, Uint8Array>;
}

const distinct = (values: (string | null)[]) =>
  [...new Set(values.filter((v): v is string => !!v))].sort().join(", ");

export function calibrate(ds: Dataset, command: string): CalibrationOutput {
  const runs = measuredRuns(ds);
  const { spec, gpu } = datasetGpu(ds, runs);
  const fittedProfiles = fitProfiles(ds, runs, spec.name, spec.sms);
  const fitted = ds.runs.filter((r) => fittedProfiles.runsUsed.includes(r.run_id));
  const base: CalibrationSet = {
    schema: "colloc.calibration/1",
    gpu,
    provenance: {
      command,
      // The newest run's end, not the wall clock, so calibrating the same data twice gives the same bytes.
      date: new Date(Math.max(...ds.runs.map((r) => (r.ended_at ?? r.started_at) * 1000))).toISOString(),
      driver: distinct(fitted.map((r) => r.driver)),
      cuda: distinct(fitted.map((r) => r.cuda)),
      software: {
        python: distinct(fitted.map((r) => r.python)),
        torch: distinct(fitted.map((r) => r.torch)),
        timm: distinct(fitted.map((r) => r.timm)),
        profiler: distinct(fitted.map((r) => r.profiler)),
      },
      runs: [],
      sources: [ds.dir],
    },
    sharing: startingSharing(spec.power),
    workloads: fittedProfiles.profiles,
    fitErrors: fittedProfiles.fitErrors,
    transfers: [],
    skipped: fittedProfiles.skipped,
    warnings: fittedProfiles.warnings,
  };
  const sharing = fitSharingParams(base, runs);
  const waits = fitStartupWaits({ ...base, sharing: sharing.sharing }, ds);
  const sharingRuns = new Set(sharing.runsUsed);
  const range = mpsFitRange(
    base.workloads,
    runs.filter((r) => sharingRuns.has(r.runId)),
  );
  const set: CalibrationSet = {
    ...base,
    provenance: {
      ...base.provenance,
      runs: [...new Set([...fittedProfiles.runsUsed, ...sharing.runsUsed, ...waits.runs])].sort(),
    },
    sharing: { ...sharing.sharing, ...waits.sharing },
    ...(range === undefined ? {} : { mpsFitRange: range }),
    workloads: Object.fromEntries(
      Object.entries(base.workloads).map(([id, p]) => {
        const waitS = waits.byWorkload.get(id);
        return [id, waitS === undefined ? p : { ...p, startupWaitS: waitS }];
      }),
    ),
    fitErrors: { ...base.fitErrors, ...sharing.fitErrors, ...waits.fitErrors },
    warnings: [
      ...base.warnings,
      ...(range === undefined ? [] : outsideMpsFitRange(Object.values(base.workloads), range)),
      ...(sharing.unfitted.length === 0
        ? []
        : [
            `no co-running run to fit ${sharing.unfitted.join(", ")}: they stay 0, as if sharing cost nothing ` +
              `(record mixes of these workloads, or keep a set's with --base SET)`,
          ]),
    ],
  };
  return {
    set,
    tables: {
      "workloads.arrow": workloadTable(Object.values(set.workloads)),
      "sm-points.arrow": smPointTable(fittedProfiles.smPoints),
      [TRACE_FILE]: traceTable(tracesFromDataset(ds, fittedProfiles.soloRuns, set.workloads, spec.sms)),
    },
  };
}
