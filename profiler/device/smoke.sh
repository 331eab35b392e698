#!/usr/bin/env bash
# Device smoke test: versions, capabilities, MPS percentages, one run per mode, overhead, then solo runs
# of the dataset plan until its deadline. Writes everything under $OUT (smoke.tar.gz + log).
set -o pipefail
export PYTHONUNBUFFERED=1
R=/tmp/colloc-runs
mkdir -p "$R"
step() { echo "=== $(date -u +%T) $*"; }
{
  step versions
  nvidia-smi --query-gpu=name,uuid,driver_version,mig.mode.current,compute_mode,clocks.sm,power.limit --format=csv
  python3 -c "import sys,torch,timm,pynvml,yaml; print(sys.version); print('torch',torch.__version__,torch.version.cuda,'timm',timm.__version__,'nvml',pynvml.__version__ if hasattr(pynvml,'__version__') else '?')"
  python3 -c "import torch.cuda.green_contexts as g; print('green', getattr(g,'SUPPORTED',None), [a for a in dir(g.GreenContext) if not a.startswith('__')])"
  step probe
  timeout 120 python3 -m profiler probe --mps-percentages 12,12.12,12.2,12.5,13,24.24,25,45.45,46,48.48,49
  step exclusive; timeout 90 python3 -m profiler run --mode exclusive --workloads resnet50-i64-b128 --trace-iters 2 --out $R
  step naive; timeout 90 python3 -m profiler run --mode naive --workloads resnet26-c10-b128 --copies 2 --out $R
  step mps; timeout 90 python3 -m profiler run --mode mps --workloads resnet26-c10-b128 --copies 2 --out $R
  step partitioned; timeout 90 python3 -m profiler run --mode mps-partitioned --sm-limit 16 --workloads resnet26-c10-b128 --out $R
  step green; timeout 90 python3 -m profiler run --mode green --sm-limit 16 --workloads resnet26-c10-b128 --out $R; echo "rc=$?"
  step overhead; timeout 120 python3 -m profiler overhead --workload resnet26-c10-b128 --blocks 4 --steps 25 --out $R
  step mps-left; pgrep -fa nvidia-cuda-mps || echo "no MPS daemon left"
  step solo; timeout 150 python3 -m profiler plan profiler/plans/h200-dataset.yaml --only exclusive__ --deadline-s 100 --out $R/dataset
  step done
} 2>&1 | tee "$OUT/smoke.log"
tar czf "$OUT/smoke.tar.gz" -C "$R" .
ls -la "$OUT"
