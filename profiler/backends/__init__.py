"""Training jobs a worker can run: timm models on the GPU (torch_job) or sleep-stepped fakes (fake_job)."""


def make_job(workload: dict, settings: dict, sm_limit: int | None, green: bool):
    """workload: a manifest workload record plus `id`. Imports torch only for timm workloads."""
    if workload["kind"] == "fake":
        from .fake_job import FakeJob

        return FakeJob(workload, settings)
    from .torch_job import TorchJob

    return TorchJob(workload, settings, sm_limit if green else None)


def preload(kind: str) -> dict:
    """Import the heavy modules ahead of the first job; returns their versions."""
    if kind == "fake":
        return {}
    from .torch_job import preload as torch_preload

    return torch_preload()
