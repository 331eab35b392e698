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

test("only the function's name counts: template arguments and parameters name types, not the work", (t) => {
  // PyTorch's depthwise convolution, as CUPTI demangles it (parameters shortened): "IndexBoundsCheck" and the
  // accessor types must not make it memory-bound.
  t.false(
    isMemoryBound(
      "void at::native::(anonymous namespace)::conv_depthwise2d_forward_kernel_generic<float, int>" +
        "(torch::headeronly::detail::GenericPackedTensorAccessor<float, 4>, at::native::IndexBoundsCheck<4, int>)",
    ),
  );
  // cuDNN's persistent LSTM kernel multiplies matrices.
  t.false(isMemoryBound("void RNN_blockPersist_fp_LSTM<float, float, float, 64>(float const*, float*, int)"));
  // A convolution word in the arguments does not make a copy compute-bound.
  t.true(isMemoryBound("void at::native::unrolled_elementwise_kernel<at::native::conv_helper<float>>(int)"));
});

test("memoryBoundFraction weighs kernels by duration", (t) => {
  const kernels = [
    { name: "cutlass_gemm", dur_us: 30 },
    { name: "batch_norm_forward", dur_us: 10 },
  ];
  t.is(memoryBoundFraction(kernels), 0.25);
  t.is(memoryBoundFraction([]), 0);
});
