/** Durations for people, in the unit sim/cluster/time-unit.ts picks for them (67.2 s, 12.5 min, 3.4 h, 2.1 d). */
import { timeUnitFor } from "../sim/cluster/time-unit.ts";

export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "-";
  const unit = timeUnitFor(seconds);
  return `${(seconds / unit.seconds).toFixed(1)} ${unit.name}`;
}
