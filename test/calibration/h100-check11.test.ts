/**
 * Check H11 (docs/calibration.md): two models no run had held, davit_tiny b64 (a hierarchical transformer with
 * channel attention beside its window attention) and tf_efficientnetv2_b0 b128 (an EfficientNetV2: fused-MBConv,
 * then depthwise stages), profiled and mixed on one H100 in session 41 (one call), with claims C1-C3 written down
 * before its runs (twoModelCheck).
 */
import { twoModelCheck } from "./other-gpu-check.ts";

// Session 41. C1: 1.41 % over 8 jobs (bias -0.97 %, max 3.1 %); the pair -0.34 % (davit_tiny) and +0.78 %
// (tf_efficientnetv2_b0), the davit_tiny copies -1.2 to +0.8 %, the tf_efficientnetv2_b0 copies -3.1 to -1.8 %.
// C2: davit_tiny +0.27 %, tf_efficientnetv2_b0 +3.63 %. C3: davit_tiny 0.69 of its solo speed (0.69 predicted),
// tf_efficientnetv2_b0 0.47 (0.47).
twoModelCheck("h11", "GPU-f3141204-1e24-b907-ef1a-dba1cd45db6d");
