"""One training step of a plan's workload under Nsight Compute (kernel-traffic.sh): warmed up first, as the
profiler's default loop trains it (timm train.py: cuDNN autotuning on, the host waiting on each step's loss), then
one step between cudaProfilerStart and cudaProfilerStop, so only that step's kernels are measured."""

import sys

import torch

from profiler.backends.torch_job import TorchJob
from profiler.workloads import load_spec_file

plan, wid = sys.argv[1], sys.argv[2]
job = TorchJob(load_spec_file(plan)[wid].record(), {"cudnn_benchmark": True, "data": "synthetic"}, None)
job.build()
for _ in range(15):
    job.launch_step()
    job.sync_loss()
torch.cuda.synchronize()
torch.cuda.profiler.start()
job.launch_step()
job.sync_loss()
torch.cuda.synchronize()
torch.cuda.profiler.stop()
