"""A timm model trained with SGD on synthetic GPU data (or an image folder), fp32 with PyTorch defaults."""

from __future__ import annotations

import gc
import json
import os
import tempfile


def preload() -> dict:
    """Import torch and timm, create the CUDA context and load cuDNN with a tiny convolution: what every job
    pays once per process, not per model (a fresh MPS daemon also starts its server at the first client). Plans'
    workers and warm-worker replays (--warm-workers) preload before measuring; a fresh-process replay's job does
    all this itself, in its start-up, as a user's job does. Not covered: on a fresh machine the kernels a model needs are compiled at
    their first use (the CUDA JIT cache; replays record its size before and after their jobs)."""
    import timm
    import torch

    x = torch.randn(1, 3, 8, 8, device="cuda", requires_grad=True)
    torch.nn.functional.conv2d(x, torch.randn(4, 3, 3, 3, device="cuda")).sum().backward()
    torch.cuda.synchronize()
    return {"torch": torch.__version__, "timm": timm.__version__, "cuda": torch.version.cuda}


class TorchJob:
    def __init__(self, workload: dict, settings: dict, green_sms: int | None):
        self.w = workload
        self.settings = settings
        self.green_sms = green_sms
        self.green = self.stream = None
        self.model = self.opt = self.batches = self.last_loss = None

    def build(self) -> None:
        import timm
        import torch

        # timm's train.py (the study's script) turns cuDNN autotuning on; --no-cudnn-benchmark turns it off.
        torch.backends.cudnn.benchmark = self.settings.get("cudnn_benchmark", True)
        torch.cuda.init()
        if self.green_sms:
            self._enter_green_context(torch)
        cap = self.settings.get("memory_cap_gib", 0.0)
        if cap:
            total = torch.cuda.get_device_properties(0).total_memory
            torch.cuda.set_per_process_memory_fraction(min(1.0, cap * 2**30 / total))
        torch.cuda.reset_peak_memory_stats()
        self.model = timm.create_model(self.w["model"], num_classes=self.w["classes"], pretrained=False).cuda().train()
        self.opt = torch.optim.SGD(self.model.parameters(), lr=0.05, momentum=0.9, weight_decay=2e-5)
        self.loss = torch.nn.CrossEntropyLoss().cuda()
        self.batches = self._loader(torch) if self.settings["data"] != "synthetic" else self._synthetic(torch)

    def _enter_green_context(self, torch) -> None:
        """Run every kernel on a stream of a green context of `green_sms` SMs. Making the context current alone
        did not limit anything on the H200 (a 16-SM context trained resnet26-c10-b128 at 1,776 img/s, MPS at
        14 SMs at 614): PyTorch keeps launching on its own streams, so the job's stream must be the context's."""
        from torch.cuda.green_contexts import GreenContext

        self.green = GreenContext.create(self.green_sms, 0)
        (getattr(self.green, "set_context", None) or self.green.make_current)()
        self.stream = torch.cuda.StreamContext(self.green.Stream())
        self.stream.__enter__()

    def _synthetic(self, torch):
        b, shape = self.w["batch"], self.w["input"]
        x = torch.randn(b, *shape, device="cuda")
        y = torch.randint(0, self.w["classes"], (b,), device="cuda")
        while True:
            yield x, y

    def _loader(self, torch):
        from torchvision import datasets, transforms

        size = self.w["input"][1]
        tf = transforms.Compose(
            [
                transforms.RandomResizedCrop(size),
                transforms.RandomHorizontalFlip(),
                transforms.ToTensor(),
                transforms.Normalize((0.485, 0.456, 0.406), (0.229, 0.224, 0.225)),
            ]
        )
        ds = datasets.ImageFolder(self.settings["data"], tf)
        workers = self.settings["loader_workers"]
        loader = torch.utils.data.DataLoader(
            ds, batch_size=self.w["batch"], shuffle=True, num_workers=workers, pin_memory=True,
            drop_last=True, persistent_workers=workers > 0,
        )
        while True:
            for x, y in loader:
                yield x.cuda(non_blocking=True), y.cuda(non_blocking=True)

    def launch_step(self) -> None:
        x, y = next(self.batches)
        self.opt.zero_grad(set_to_none=True)
        self.last_loss = self.loss(self.model(x), y)
        self.last_loss.backward()
        self.opt.step()

    def sync_loss(self) -> float:
        """The host waits for the step's loss, as timm's train.py does each step (`loss.item()`)."""
        return self.last_loss.item()

    def mark(self):
        import torch

        ev = torch.cuda.Event()
        ev.record()
        return ev

    def wait(self, mark) -> None:
        mark.synchronize()

    def is_oom(self, err: BaseException) -> bool:
        import torch

        return isinstance(err, torch.OutOfMemoryError)

    def memory(self) -> dict:
        import torch

        return {
            "mem_allocated_peak_bytes": torch.cuda.max_memory_allocated(),
            "mem_reserved_peak_bytes": torch.cuda.max_memory_reserved(),
        }

    def sm_count(self) -> int:
        import torch

        return torch.cuda.get_device_properties(0).multi_processor_count

    def trace(self, iters: int) -> dict:
        """Chrome trace of `iters` iterations, each synchronized and named colloc_iter_<k>, after one
        untraced-in-the-output iteration that absorbs the profiler's start-up cost."""
        import torch
        from torch.profiler import ProfilerActivity, profile, record_function

        torch.cuda.synchronize()
        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            for k in range(-1, iters):
                with record_function(f"colloc_iter_{k}" if k >= 0 else "colloc_warm"):
                    self.launch_step()
                    torch.cuda.synchronize()
        fd, path = tempfile.mkstemp(suffix=".json")
        os.close(fd)
        try:
            prof.export_chrome_trace(path)
            with open(path) as f:
                return json.load(f)
        finally:
            os.unlink(path)

    def close(self) -> None:
        import torch

        self.model = self.opt = self.batches = self.last_loss = None
        gc.collect()
        torch.cuda.synchronize()
        torch.cuda.empty_cache()
        # Workers are persistent: the next experiment must not inherit this one's cap.
        torch.cuda.set_per_process_memory_fraction(1.0)
        if self.green is not None:
            self.stream.__exit__(None, None, None)
            (getattr(self.green, "pop_context", None) or self.green.pop_current)()
            self.green = self.stream = None
