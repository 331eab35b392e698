import test from "ava";
import { isMemoryBound, memoryBoundFraction } from "../../../calibration/fit/kernel-class.ts";

test("GEMMs and convolutions are compute-bound; normalisation, element-wise and copies stream memory", (t) => {
  t.false(isMemoryBound("sm90_xmma_fprop_implicit_gemm_tf32f32_tf32f32_f32_nhwckrsc_nchw"));
  t.false(isMemoryBound("ampere_sgemm_128x64_nn"));
  t.true(isMemoryBound("cudnn::bn_fw_tr_1C11_kernel_NCHW<float, float, int, 512, true, 1>"));
  t.true(
    isMemoryBound("void at::native::vectorized_elementwise_kernel<4, at::native::CUDAFunctor_add<float>>"),
  );
  t.true(isMemoryBound("void at::native::(anonymous namespace)::multi_tensor_apply_kernel"));
});

test("memoryBoundFraction weighs kernels by duration", (t) => {
  const kernels = [
    { name: "cutlass_gemm", dur_us: 30 },
    { name: "batch_norm_forward", dur_us: 10 },
  ];
  t.is(memoryBoundFraction(kernels), 0.25);
  t.is(memoryBoundFraction([]), 0);
});
