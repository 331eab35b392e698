"""`python -m profiler.torch_probe`: PyTorch's view of GPU 0 as one JSON line. Run as a child process so the
coordinator never holds a CUDA context of its own."""

import json

import torch


def main() -> None:
    try:
        import timm

        timm_version = timm.__version__
    except ImportError:
        timm_version = None
    try:
        from torch.cuda import green_contexts

        green = bool(getattr(green_contexts, "SUPPORTED", False))
    except ImportError:
        green = False
    props = torch.cuda.get_device_properties(0)
    print(
        json.dumps(
            {
                "torch": torch.__version__,
                "cuda": torch.version.cuda,
                "timm": timm_version,
                "sm_count": props.multi_processor_count,
                "green": green,
            }
        )
    )


if __name__ == "__main__":
    main()
