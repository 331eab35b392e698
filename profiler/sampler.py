"""GPU samples at a fixed rate in a background thread, written to whichever run is current."""

from __future__ import annotations

import math
import threading
import time

from .gpu import fake_memory_used, is_fake, nvml


class NvmlSource:
    GPM_METRICS = (
        ("gpm_sm_util", "NVML_GPM_METRIC_SM_UTIL"),
        ("gpm_sm_occupancy", "NVML_GPM_METRIC_SM_OCCUPANCY"),
        ("gpm_dram_bw_util", "NVML_GPM_METRIC_DRAM_BW_UTIL"),
    )

    def __init__(self, use_gpm: bool):
        self.nv = nvml()
        self.h = self.nv.nvmlDeviceGetHandleByIndex(0)
        self.prev_gpm = None
        self.use_gpm = use_gpm

    def _gpm(self) -> dict:
        nv = self.nv
        sample = nv.nvmlGpmSampleAlloc()
        nv.nvmlGpmSampleGet(self.h, sample)
        prev, self.prev_gpm = self.prev_gpm, sample
        if prev is None:
            return {}
        try:
            req = nv.c_nvmlGpmMetricsGet_t()
            req.version = nv.NVML_GPM_METRICS_GET_VERSION
            req.numMetrics = len(self.GPM_METRICS)
            req.sample1, req.sample2 = prev, sample
            for i, (_, const) in enumerate(self.GPM_METRICS):
                req.metrics[i].metricId = getattr(nv, const)
            nv.nvmlGpmMetricsGet(req)
            values = [float(req.metrics[i].value) for i in range(len(self.GPM_METRICS))]
            # Two samples inside one GPM refresh give 0, 0, NaN (seen every ~400 ms at 12.5 Hz on the H200): no value.
            if not all(math.isfinite(v) for v in values):
                return dict.fromkeys(key for key, _ in self.GPM_METRICS)
            return {key: round(v, 3) for (key, _), v in zip(self.GPM_METRICS, values)}
        finally:
            nv.nvmlGpmSampleFree(prev)

    def sample(self, t: float) -> dict:
        nv, h = self.nv, self.h
        util = nv.nvmlDeviceGetUtilizationRates(h)
        rec = {
            "t": round(t, 4),
            "util_gpu": float(util.gpu),
            "util_mem": float(util.memory),
            "mem_used_bytes": int(nv.nvmlDeviceGetMemoryInfo(h).used),
            "power_w": nv.nvmlDeviceGetPowerUsage(h) / 1000.0,
            "sm_clock_mhz": float(nv.nvmlDeviceGetClockInfo(h, nv.NVML_CLOCK_SM)),
        }
        if self.use_gpm:
            try:
                rec.update(self._gpm())
            except Exception:  # noqa: BLE001 - GPM refused mid-run: stop asking
                self.use_gpm = False
        return rec


class FakeSource:
    """Fixed readings, except memory: what the fake jobs hold (gpu.fake_hold) above the fake GPU's baseline."""

    def sample(self, t: float) -> dict:
        return {
            "t": round(t, 4),
            "util_gpu": 50.0,
            "util_mem": 20.0,
            "mem_used_bytes": fake_memory_used(),
            "power_w": 300.0,
            "sm_clock_mhz": 1980.0,
            "gpm_sm_util": 40.0,
            "gpm_sm_occupancy": 30.0,
            "gpm_dram_bw_util": 15.0,
        }


class Sampler(threading.Thread):
    def __init__(self, hz: float, use_gpm: bool = False):
        super().__init__(daemon=True, name="gpu-sampler")
        self.period = 1.0 / hz
        self.source = FakeSource() if is_fake() else NvmlSource(use_gpm)
        self.sink = None
        self.lock = threading.Lock()
        self.halt = threading.Event()

    def set_sink(self, sink) -> None:
        """sink: a function taking one sample record, or None to sample nowhere."""
        with self.lock:
            self.sink = sink
            if hasattr(self.source, "prev_gpm"):
                self.source.prev_gpm = None  # GPM metrics span two samples of the same run

    def run(self) -> None:
        next_t = time.time()
        while not self.halt.is_set():
            with self.lock:
                if self.sink is not None:
                    self.sink(self.source.sample(time.time()))
            next_t += self.period
            self.halt.wait(max(0.0, next_t - time.time()))

    def stop(self) -> None:
        self.halt.set()
        self.join(timeout=2)
