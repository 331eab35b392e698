/**
 * Compute- or memory-bound, read from a kernel's name. Matrix products and convolutions (cuBLAS, cuDNN,
 * CUTLASS, the sm80/sm90 xmma kernels) are compute-bound; everything else a training step launches
 * (element-wise ops, normalisation, reductions, pooling, copies, optimizer updates) streams memory.
 * Normalisation kernels are matched first because cuDNN names them too ("cudnn::bn_fw_...").
 * Only the function's own name is read, not its template arguments or parameters: those name accessor and
 * functor types ("IndexBoundsCheck", "CUDAFunctor_add"), which classified PyTorch's depthwise convolutions
 * (convmixer's 9x9 ones: 82 % of its kernel time) as memory-bound.
 */
const MEMORY_BOUND =
  /norm|bn_|batch_norm|softmax|reduce|elementwise|vectorized|pool|copy|memcpy|memset|fill|dropout|multi_tensor|cat|index|gather|scatter/i;
const COMPUTE_BOUND =
  /gemm|conv|xmma|cutlass|cudnn|implicit|winograd|dgrad|wgrad|fprop|matmul|_mma|hmma|sm[0-9]{2}_|rnn_|lstm/i;

/** "void ns::(anonymous namespace)::f<T, ...>(args)" -> "ns::f": the demangled name without types around it. */
function functionName(kernelName: string): string {
  const name = kernelName.replace(/^void /, "").replaceAll("(anonymous namespace)::", "");
  const end = name.search(/[<(]/);
  return end < 0 ? name : name.slice(0, end);
}

export function isMemoryBound(kernelName: string): boolean {
  const name = functionName(kernelName);
  return MEMORY_BOUND.test(name) || !COMPUTE_BOUND.test(name);
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
