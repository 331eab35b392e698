/** Binary byte units, as nvidia-smi uses them ("MiB", and "GiB" in `mig -lgip`). */
export const MIB = 2 ** 20;
export const GIB = 2 ** 30;
