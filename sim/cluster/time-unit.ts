/** Units of time for people: the largest unit of which a span holds at least two (67 s, 12.5 min, 3.4 h, 2.1 d). */

export interface TimeUnit {
  name: "s" | "min" | "h" | "d";
  seconds: number;
}

/** Largest first; seconds last, for anything shorter than two minutes. */
const UNITS: readonly TimeUnit[] = [
  { name: "d", seconds: 86400 },
  { name: "h", seconds: 3600 },
  { name: "min", seconds: 60 },
  { name: "s", seconds: 1 },
];

export function timeUnitFor(spanS: number): TimeUnit {
  return UNITS.find((u) => Math.abs(spanS) >= 2 * u.seconds) ?? UNITS[UNITS.length - 1];
}

/** A duration in its unit, one decimal: "67.2 s", "12.5 min"; a dash for none. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "-";
  const unit = timeUnitFor(seconds);
  return `${(seconds / unit.seconds).toFixed(1)} ${unit.name}`;
}
