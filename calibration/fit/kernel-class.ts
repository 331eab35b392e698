/**
 * Compute- or memory-bound, read from a kernel's name. Matrix products and convolutions (cuBLAS, cuDNN,
 * CUTLASS, the sm80/sm90 xmma kernels) are compute-bound; everything else a training step launches
 * (element-wise ops, normalisation, reductions, pooling, copies, optimizer updates) streams memory.
 * Normalisation kernels are matched first because cuDNN names them too ("cudnn::bn_fw_...").
 */
const MEMORY_BOUND =
  /norm|bn_|batch_norm|softmax|reduce|elementwise|vectorized|pool|copy|memcpy|memset|fill|dropout|multi_tensor|cat|index|gather|scatter/i;
const COMPUTE_BOUND =
  /gemm|conv|xmma|cutlass|cudnn|implicit|winograd|dgrad|wgrad|fprop|matmul|_mma|hmma|sm[0-9]{2}_/i;

export function isMemoryBound(kernelName: string): boolean {
  return MEMORY_BOUND.test(kernelName) || !COMPUTE_BOUND.test(kernelName);
}

/** Fraction of total kernel time spent in memory-bound kernels (0 when there are no kernels). */
export function memoryBoundFraction(kernels: { name: string; dur_us: number }[]): number {
  let memory = 0;
  let total = 0;
  for (const k of kernels) {
    total += k.dur_us;
    if (isMemoryBound(k.name)) memory += k.dur_us;
  }
  return total > 0 ? memory / total : 0;
}
