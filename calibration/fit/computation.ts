/**
 * Workloads of the same model, batch and input size run the same kernels but for the classifier's last layer
 * (the dataset only names the epoch), so their SM-scaling runs and start-ups are shared. Measured on the H200:
 * cait-c10 and cait-i64 (10 vs 1000 classes) ran at 108/219/396/430 and 108/219/395/430 img/s on 14/30/58/62 SMs.
 */
import type { Dataset } from "../dataset.ts";

/** Each workload id of the dataset -> a key that workloads computing the same thing share. */
export function computationKeys(ds: Dataset): Map<string, string> {
  return new Map(
    ds.workloads.map((w) => [w.workload, [w.model, w.batch, w.input_c, w.input_h, w.input_w].join("/")]),
  );
}
