#!/usr/bin/env bash
# Diagnostic (not a calibration run): what each kernel of one training step streams from DRAM and how busy it
# keeps the SMs, measured by Nsight Compute, for the workloads named, into $OUT/kernel-traffic/<id>.csv.gz:
#   WORKLOADS="mobilenetv2-in-b128 convmixer1536-in-b32" PLAN=profiler/plans/h200-zoo.yaml \
#     bash profiler/device/kernel-traffic.sh
# The GPU's clocks are left alone (--clock-control none: ncu would otherwise lock them to base). Each kernel is
# replayed in isolation, so these are solo figures; durations under replay are ncu's, not the training loop's.
# ncu takes about 0.4 s a kernel (a mobilenetv2 step: 483 kernels, 227 s): a workload stopped by the budget keeps
# the kernels measured so far and is listed as partial (a failed one as failed) in $OUT/kernel-traffic/manifest.txt.
set -uo pipefail
NCU=$(command -v ncu || ls /usr/local/cuda*/bin/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)
[ -n "$NCU" ] || { echo "kernel-traffic: no ncu on this machine"; exit 2; }
mkdir -p "$OUT/kernel-traffic"
manifest="$OUT/kernel-traffic/manifest.txt"
{ date -u +%FT%TZ; nvidia-smi --query-gpu=name,uuid,driver_version --format=csv,noheader; "$NCU" --version | tail -n 1
  python3 -c "import torch,timm; print('torch', torch.__version__, 'timm', timm.__version__)"; } >"$manifest"
metrics=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed,gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed,launch__grid_size,launch__block_size
start=$(date +%s)
for wid in $WORKLOADS; do
  left=$((${BUDGET_S:-480} - ($(date +%s) - start)))
  [ "$left" -lt 60 ] && { echo "=== $wid: deferred (budget)"; continue; }
  echo "=== $(date -u +%T) $wid ($left s left)"
  csv="$OUT/kernel-traffic/$wid.csv"
  PYTHONPATH="$PWD" timeout $((left - 10)) "$NCU" --profile-from-start off --clock-control none --print-kernel-base function --csv \
    --page raw --metrics "$metrics" --log-file "$csv" python3 profiler/device/kernel_traffic_step.py \
    "${PLAN:-profiler/plans/h200-zoo.yaml}" "$wid" 2>&1 | tail -n 5
  rc=${PIPESTATUS[0]}
  rows=$(grep -c '^"' "$csv" 2>/dev/null) # a header and a units row, then a row per kernel
  case $rc in 0) state=complete ;; 124) state="partial (budget)" ;; *) state="failed (ncu exit $rc)" ;; esac
  echo "$wid: $state, $((${rows:-2} - 2)) kernels" \
    | tee -a "$manifest"
  [ -f "$csv" ] && gzip -f "$csv"
done
