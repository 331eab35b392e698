/**
 * Check H12 (docs/calibration.md): two models no run had held, hiera_tiny_224 b64 (a hierarchical ViT) and
 * hardcorenas_a b256 (a small mobile NAS net), profiled and mixed on one H100 in session 41 (one call), with claims
 * C1-C3 written down before its runs (twoModelCheck).
 */
import { twoModelCheck } from "./other-gpu-check.ts";

// Session 41. C1: 4.06 % over 8 jobs (bias -3.17 %, max 7.7 %); the pair -4.6 % (hiera_tiny) and +3.3 %
// (hardcorenas_a), the hiera_tiny copies -1.7 to +0.2 %, the hardcorenas_a copies -7.7 to -7.1 % (too slow, as the
// mobile nets' copies in H3). C2: hiera_tiny +0.02 %, hardcorenas_a -0.55 %. C3: hardcorenas_a 0.64 of its solo
// speed (0.67 predicted), hiera_tiny 0.58 (0.55).
twoModelCheck("h12", "GPU-4246b083-f29c-d309-4419-ad1b27f87144");
