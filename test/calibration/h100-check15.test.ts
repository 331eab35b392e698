/**
 * Check H15 (docs/calibration.md): two models no run had held, lcnet_050 b64 (a mobile net small enough to be
 * launch-bound: busy 86 % of its step alone on the H100) and seresnet50 b128 (GPU-bound, 97 %), profiled and mixed on
 * one H100 in session 43 (one call) as H13's were, with claims C1-C3 written down before its runs (twoModelCheck); its
 * C2 says which way the time-sliced pair errs, as the H200's fitted pairs and H1-H14 lean: the launch-bound side too
 * fast.
 */
import { twoModelCheck } from "./other-gpu-check.ts";

// Session 43. C1: 2.14 % over 8 jobs (max 4.5 %; fast 1.91 %). C2: lcnet_050 +4.93 %, seresnet50 -2.73 % (with fit N,
// session 44: +3.59 and -1.87 %). C3:
// seresnet50 0.87 of its solo speed (0.89 predicted) beside lcnet_050 0.42 (0.43).
twoModelCheck("h15", "GPU-322258c8-3f1a-deeb-abd9-246018875f28", {
  says: "errs as the launch-bound side too fast predicted: lcnet_050 more than 3 % too fast, seresnet50 within 3 %",
  holds: (jobs) => {
    const error = (w: string) => jobs.find((j) => j.workload === w)!.error_pct!;
    return error("lcnet050-in-b64") > 3 && Math.abs(error("seresnet50-in-b128")) <= 3;
  },
});
