#!/usr/bin/env bash
# Device calls that complete the H200 dataset, each within the 10-minute limit of one call:
#   bash profiler/device/finish-dataset.sh plan      # the plan's pending runs (complete folders are skipped)
#   bash profiler/device/finish-dataset.sh replays   # the three live replays (each sized for 60-90 s)
# Brings back $OUT/new-runs.tar.gz (only the folders this call wrote) and a log; unpack into
# calibration/data/h200-runs and delete the new ids from the README's pending list.
set -o pipefail
export PYTHONUNBUFFERED=1
R=/tmp/colloc-runs
mkdir -p "$R"
cp -r calibration/data/h200-runs/. "$R/"
before=$(ls "$R")
{
  case "$1" in
    plan) timeout 540 python3 -m profiler plan profiler/plans/h200-dataset.yaml --deadline-s 480 --out "$R" ;;
    replays) for s in scenarios/replays/*.yaml; do timeout 170 python3 -m profiler replay "$s" --out "$R"; done ;;
    *) echo "usage: $0 plan|replays"; exit 2 ;;
  esac
} 2>&1 | grep -v -e _warn_once -e "Profiler clears" | tee "$OUT/finish-dataset-$1.txt"
new=$(comm -13 <(echo "$before" | sort) <(ls "$R" | sort))
tar czf "$OUT/new-runs.tar.gz" -C "$R" $new
ls -la "$OUT"
