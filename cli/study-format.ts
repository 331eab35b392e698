/** The study table and findings as terminal text. */
import { formatTable, type Cell } from "./table.ts";
import type { Finding } from "../study/findings.ts";
import type { ModeCell, StudyRow } from "../study/table.ts";

function throughput(c: ModeCell | undefined): Cell {
  if (!c) return undefined;
  if (c.mark) return c.mark;
  const text = c.imagesPerS!.toFixed(0);
  return c.oom > 0 ? `${text} (${c.oom}/${c.processes} OOM)` : text;
}

const epoch = (c: ModeCell | undefined): Cell => (c?.epochS == null ? undefined : c.epochS.toFixed(1));

const HEADER = [
  "exp",
  "workload",
  "n",
  "naive img/s",
  "epoch s",
  "MPS img/s",
  "epoch s",
  "MIG",
  "MIG img/s",
  "epoch s",
];

export function formatStudyTable(rows: StudyRow[]): string {
  const lines: Cell[][] = [];
  for (const r of rows) {
    const migs = r.mig.length > 0 ? r.mig : [undefined];
    migs.forEach((mig, i) => {
      const left: Cell[] =
        i === 0
          ? [
              r.experiment,
              r.workload,
              r.instances,
              throughput(r.naive),
              epoch(r.naive),
              throughput(r.mps),
              epoch(r.mps),
            ]
          : ["", "", "", "", "", "", ""];
      lines.push([...left, mig?.profile, throughput(mig), epoch(mig)]);
    });
  }
  return formatTable(
    HEADER,
    lines.map((l) => l.map((c) => (typeof c === "number" ? String(c) : c))),
  );
}

export function formatFindings(findings: Finding[]): string {
  const verdict = (f: Finding) => (f.holds === null ? "cannot check" : f.holds ? "holds" : "does not hold");
  return findings
    .map((f) => `[${verdict(f)}] ${f.claim}\n    found: ${f.evidence}\n    check: ${f.check}\n`)
    .join("");
}
