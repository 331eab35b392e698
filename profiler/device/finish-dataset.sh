#!/usr/bin/env bash
# Device calls that complete the H200 dataset, each within the 10-minute limit of one call. Steps run in order
# and share one budget (BUDGET_S, default 540 s); the plan step starts no experiment after the budget allows:
#   bash profiler/device/finish-dataset.sh replays plan          # live replays, then the plan's pending runs
#   ONLY=mps-partitioned__,cap bash profiler/device/finish-dataset.sh plan   # only matching run ids
#   bash profiler/device/finish-dataset.sh green                 # one green-context run (16 SMs), a check
#   HOSTLOAD=w1,w2 PLAN=... bash profiler/device/finish-dataset.sh hostload  # each w alone again, then beside two
#                                                                # CPU-burning processes (validation runs; hostload-r2
#                                                                # and so on repeat them under their own names)
#   bash profiler/device/finish-dataset.sh startup               # job start-up of every workload (calibration)
#   bash profiler/device/finish-dataset.sh replays-r1            # repeat the replays as <name>-r1 (any suffix)
#   bash profiler/device/finish-dataset.sh sharedstart           # start-ups beside a running job (calibration)
#   bash profiler/device/finish-dataset.sh warmjit busystart     # fill the JIT cache, then start-ups beside busy
#                                                                # and SM-capped jobs (calibration)
#   REPLAYS="scenarios/replays/replay-naive-6jobs.yaml" bash profiler/device/finish-dataset.sh replays  # some only
#   PLAN=profiler/plans/h200-zoo.yaml bash profiler/device/finish-dataset.sh gpuinfo checkspec plan  # the model zoo
# Since session 26 (samples and steps gzipped) the whole checkout, 41 MiB, is under what a device call sends; as it
# grows, `bash profiler/device/slim-tree.sh` before the calls (or `... runs`, with ONLY naming the runs to record) and
# `... restore` after.
# Complete run folders are skipped (the plan is resumable); replays and the start-up scenario are rerun in place.
# Brings back $OUT/new-runs.tar.gz (every folder this call wrote, found by modification time, reruns included) and a
# log; unpack into calibration/data/h200-runs (RUNS, the folder the plan resumes from; a rerun replaces its folder)
# and update its README.
# Keep BUDGET_S under the call's limit (the device time left less the machine's start, up to 2 minutes): a call
# killed at its limit still packs what it recorded (the steps run in the background so the TERM trap fires at
# once), but the run it was in the middle of is lost with the rest of that step.
set -o pipefail
# The dataset holds one GPU model's runs: a call that landed on another (the device tool may lend an H100 for an H200)
# stops before it records anything. GPU_NAME names the model wanted (a substring of nvidia-smi's name).
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
case "$gpu" in
  *"${GPU_NAME:-H200}"*) ;;
  *) echo "this machine's GPU is '$gpu', not an ${GPU_NAME:-H200}: nothing recorded (GPU_NAME names another)"; exit 3 ;;
esac
export PYTHONUNBUFFERED=1
R=/tmp/colloc-runs
start=$(date +%s)
left() { echo $((${BUDGET_S:-540} - ($(date +%s) - start))); }
# A copy of scenario $1 named with suffix $2 (empty: the scenario itself), so repeats get their own run folders.
named() {
  [ -z "$2" ] && { echo "$1"; return; }
  mkdir -p /tmp/colloc-scenarios
  sed "s/^name: \(.*\)$/name: \1$2/" "$1" >"/tmp/colloc-scenarios/$(basename "$1")"
  echo "/tmp/colloc-scenarios/$(basename "$1")"
}
mkdir -p "$R"
cp -r "${RUNS:-calibration/data/h200-runs}/." "$R/"
touch "$R/.copied"
sleep 1 # folders written from now on are newer than the marker
# Every folder this call wrote (by modification time) into $OUT/new-runs.tar.gz; on exit and when killed.
pack() {
  pgrep -fa nvidia-cuda-mps || echo "no MPS daemon left"
  new=$(cd "$R" && find . -mindepth 1 -maxdepth 1 -type d -newer .copied -printf '%f\n' | sort)
  echo "new or rewritten run folders: ${new:-none}"
  [ -n "$new" ] && tar czf "$OUT/new-runs.tar.gz" -C "$R" $new
  ls -la "$OUT"
}
trap 'trap "" TERM INT; echo "killed: packing what was recorded"; kill 0 2>/dev/null; pack; exit 143' TERM INT
for step in "$@"; do
  echo "=== $(date -u +%T) $step ($(left) s left)"
  case "$step" in
    gpuinfo) nvidia-smi --query-gpu=name,uuid,driver_version,mig.mode.current,compute_mode,clocks.sm,power.limit --format=csv
      python3 -c "import torch,timm; print('torch', torch.__version__, 'timm', timm.__version__)" ;;
    checkspec) timeout 120 python3 -m profiler check-spec "${PLAN:-profiler/plans/h200-dataset.yaml}" || echo "check-spec failed" ;;
    plan) timeout "$(left)" python3 -m profiler plan "${PLAN:-profiler/plans/h200-dataset.yaml}" ${ONLY:+--only "$ONLY"} \
      --deadline-s "$(($(left) - 60))" --out "$R" ;;
    replays*) for s in ${REPLAYS:-scenarios/replays/*.yaml}; do
      rm -rf "$R/$(basename "$s" .yaml)${step#replays}" # a rerun replaces the committed one
      timeout 170 python3 -m profiler replay "$(named "$s" "${step#replays}")" --out "$R"
    done ;;
    startup*) rm -rf "$R/startup-h200${step#startup}"
      timeout "$(left)" python3 -m profiler replay "$(named scenarios/calibration/startup-h200.yaml "${step#startup}")" \
        --calibration --out "$R" ;;
    sharedstart) for s in scenarios/calibration/startup-{naive,mps}-h200.yaml; do
      rm -rf "$R/$(basename "$s" .yaml)"
      timeout 150 python3 -m profiler replay "$s" --calibration --out "$R"
    done ;;
    warmjit) # kept nowhere: it only compiles what the runs after it would otherwise compile while measured
      timeout 200 python3 -m profiler replay profiler/device/warm-jit.yaml --calibration --out /tmp/colloc-warm
      python3 -c "import json;[print(j['job'],j['workload'],j['outcome'],'start-up+steps',round(j['finish_s']-j['start_s'],1),'s') for j in map(json.loads,open('/tmp/colloc-warm/warm-jit/jobs.jsonl'))]"
      grep -h jit_cache /tmp/colloc-warm/warm-jit/events.jsonl ;;
    busystart) for s in scenarios/calibration/startup-{naive-busy,mps-busy,mps-capped}-h200.yaml; do
      rm -rf "$R/$(basename "$s" .yaml)"
      timeout 170 python3 -m profiler replay "$s" --calibration --out "$R"
    done ;;
    hostload*) # each HOSTLOAD workload (of PLAN) alone again on the idle host, then beside two CPU-burning processes
      for w in ${HOSTLOAD//,/ }; do
        for load in again cpuload; do
          [ "$(left)" -lt 70 ] && { echo "hostload: no time left for ${load}__$w"; continue; }
          [ $load = cpuload ] && { python3 -c 'while True: pass' & python3 -c 'while True: pass' & }
          timeout 90 python3 -m profiler run --spec "$PLAN" --mode exclusive --workloads "$w" --run-id "exclusive-${load}${step#hostload}__$w" \
            --warmup-s 2 --measure-s 3 --min-steps 8 --loop sync --validation --out "$R"
          [ $load = cpuload ] && { pkill -f "while True: pass"; wait; }
        done
      done ;;
    green) timeout 90 python3 -m profiler run --mode green --sm-limit 16 --workloads resnet26-c10-b128 \
      --run-id green__resnet26-c10-b128__sm16 --validation --out "$R" ;;
    *) echo "unknown step $step (gpuinfo, checkspec, plan, replays[-SUFFIX], startup[-SUFFIX], sharedstart, warmjit,"\
      "busystart, hostload[-SUFFIX], green)"; exit 2 ;;
  esac
done 2>&1 | grep --line-buffered -v -e _warn_once -e "Profiler clears" | tee "$OUT/finish-dataset.txt" &
wait $!
pack
