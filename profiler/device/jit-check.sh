# One fresh job twice on a fresh machine: the replay's jit_cache events show the CUDA JIT cache growing in the first.
mkdir -p /tmp/jc && cat > /tmp/jc/jit-check.yaml <<'Y'
name: jit-check
seed: 1
calibration: h200
hardware:
  gpus:
    - gpu: H200-141GB
      count: 1
      sharing: { mode: exclusive }
jobs:
  list:
    - { id: a, arrival_s: 0, workload: resnet26-c10-b128, iterations: 20 }
scheduler:
  policy: fifo-exclusive
Y
for k in 1 2; do
  sed "s/^name: jit-check$/name: jit-check-$k/" /tmp/jc/jit-check.yaml > /tmp/jc/s$k.yaml
  timeout 120 python3 -m profiler replay /tmp/jc/s$k.yaml --calibration --out /tmp/jc/runs
  grep -h jit_cache /tmp/jc/runs/jit-check-$k/events.jsonl
  python3 -c "import json;[print(json.loads(l)['job'], 'start-up', round(json.loads(l)['finish_s']-json.loads(l)['start_s'],1),'s') for l in open('/tmp/jc/runs/jit-check-$k/jobs.jsonl')]"
done
