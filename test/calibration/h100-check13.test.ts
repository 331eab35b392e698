/**
 * Check H13 (docs/calibration.md): two models no run had held, gernet_m b128 (a plain convnet, chosen for long
 * kernels: on the H100 they average 70 us) and tinynet_a b64 (a tiny mobile net of short kernels, 37 us), profiled
 * and mixed on one H100 in session 42 (one call), with uneven MPS mixes (2 + 1 and 1 + 2 beside the pair) and claims
 * C1-C3 written down before its runs (twoModelCheck).
 */
import { twoModelCheck, worstJob } from "./other-gpu-check.ts";

// Session 42. C1: 3.33 % over 8 jobs (max 5.1 %; fast 5.35 %, replay 2.84 %). C2 failed: tinynet_a time-sliced
// beside gernet_m +7.38 % (too fast), gernet_m -1.56 %; with fit N (session 44) still, +5.86 % and -0.55 %. C3:
// gernet_m 0.69 of its solo speed (0.66 predicted), tinynet_a 0.60 (0.63).
twoModelCheck("h13", "GPU-917b26f7-f58e-feed-679d-3f71a6fab76b", {
  says: "failed: its worst job is 5.5-6.5 % off (7.4 % before fit N)",
  holds: (jobs) => {
    const worst = Math.abs(worstJob(jobs).error_pct!);
    return worst >= 5.5 && worst <= 6.5;
  },
});
