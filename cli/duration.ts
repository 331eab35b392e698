/** Durations for people: the largest unit that keeps the number readable (67.2 s, 12.5 min, 3.4 h, 2.1 d). */
const UNITS: [number, string][] = [
  [86400, "d"],
  [3600, "h"],
  [60, "min"],
];

export function formatDuration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "-";
  for (const [size, unit] of UNITS)
    if (Math.abs(seconds) >= 2 * size) return `${(seconds / size).toFixed(1)} ${unit}`;
  return `${seconds.toFixed(1)} s`;
}
