/**
 * Check H10 (docs/calibration.md): two models no run had held, densenet201 b64 (a concatenating net, launch-bound in
 * part) and pvt_v2_b1 b128 (a hierarchical transformer), profiled and mixed on one H100 in session 40 (three calls on
 * one warm machine), with claims C1-C3 written down before its runs (twoModelCheck).
 */
import { twoModelCheck } from "./other-gpu-check.ts";

// Session 40. C1: 6.50 % over 8 jobs (bias +1.12 %, max 17.7 %); the pair -17.7 % (densenet201) and +7.9 %
// (pvt_v2_b1), the pvt_v2_b1 copies +5.4 to +6.9 %, the densenet201 copies -3.8 to +2.6 %. C2: densenet201
// +4.19 %, pvt_v2_b1 -1.15 %. C3: densenet201 kept 0.45 of its solo speed (0.37 predicted), pvt_v2_b1 0.78 (0.85).
twoModelCheck("h10", "GPU-95ce557f-8ff9-115e-e467-567975581b53");
