/**
 * The fuzzer's random choices (one seeded stream per case, so case N is the same whatever ran before it) and
 * the hostile values it writes into fields.
 */
import type { Document } from "yaml";
import { RandomStream } from "../sim/core/index.ts";

/** Set a field of a YAML document to a plain value (made a node, so that later edits can go inside it). */
export function setIn(doc: Document, path: readonly unknown[], value: unknown): void {
  doc.setIn(path, doc.createNode(value));
}

export function setKey(doc: Document, key: string, value: unknown): void {
  setIn(doc, [key], value);
}

export class Dice {
  private readonly rng: RandomStream;

  constructor(seed: number, index: number) {
    this.rng = new RandomStream(seed, `fuzz/case/${index}`);
  }

  /** Uniform in [0, 1). */
  random(): number {
    return this.rng.random();
  }

  /** An integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.rng.random() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }

  /** A key of `weights`, with probability proportional to its weight. */
  weighted<K extends string>(weights: Record<K, number>): K {
    const keys = Object.keys(weights) as K[];
    return this.rng.choice(
      keys,
      keys.map((k) => weights[k]),
    );
  }

  chance(p: number): boolean {
    return this.rng.random() < p;
  }
}

/** Values that break assumptions: types, signs, magnitudes, lengths, paths, terminal escapes. */
export const HOSTILE: unknown[] = [
  null,
  true,
  false,
  -1,
  0,
  0.5,
  1e-300,
  1e300,
  -1e300,
  2 ** 53 + 1,
  1e20,
  "",
  " ",
  "x".repeat(5000),
  "\u001b[2J\u001b[31mred",
  "\u009b31m",
  "../../../../tmp/colloc-fuzz-escape",
  "/proc/self/environ",
  "NaN",
  "-Infinity",
  "0x1F",
  "日本語",
  "a\u0000b",
  [],
  [1, [2, [3]]],
  {},
  { a: { b: { c: 1 } } },
];

/** A string of random bytes, some of them NUL and some invalid UTF-8. */
export function junkBytes(dice: Dice, n: number): Buffer {
  return Buffer.from(Array.from({ length: n }, () => dice.below(256)));
}
