"""colloc profiler: measure deep-learning training jobs sharing one GPU (see docs/profiler.md)."""

VERSION = "0.1.0"
