"""Reading Nsight Compute's raw CSV (profiler/device/kernel-traffic.sh): what ncu writes, and what it must not
take for a log."""

from __future__ import annotations

import gzip

import pytest

from profiler.errors import InputError
from profiler.kernel_traffic import by_function, function_name, read_kernels, weighted

HEADER = (
    '"ID","Kernel Name","gpu__time_duration.sum",'
    '"dram__throughput.avg.pct_of_peak_sustained_elapsed","sm__throughput.avg.pct_of_peak_sustained_elapsed"\n'
)
UNITS = '"","","ns","%","%"\n'


def log(tmp_path, rows: list[str], name="step.csv.gz"):
    path = tmp_path / name
    with gzip.open(path, "wt") as f:
        f.write("==PROF== Connected to process 1 (python3)\n" + HEADER + UNITS + "".join(rows))
    return str(path)


def test_function_names_drop_types_as_the_calibration_classifier_does():
    name = "void at::native::(anonymous namespace)::conv_depthwise2d_backward_kernel<0, 1, float, int>(float*)"
    assert function_name(name) == "at::native::conv_depthwise2d_backward_kernel"
    assert function_name("sm90_xmma_gemm_f32f32") == "sm90_xmma_gemm_f32f32"


def test_kernels_grouped_by_function_and_weighted_by_time(tmp_path):
    path = log(
        tmp_path,
        [
            '"0","void bn_bw<float>(int)","3,000","20","10"\n',
            '"1","void bn_bw<double>(int)","1,000","60","30"\n',
            '"2","gemm","4,000","10","90"\n',
        ],
    )
    kernels = read_kernels(path)
    assert [k.time_ns for k in kernels] == [3000, 1000, 4000]
    rows = by_function(kernels)
    assert [(r["function"], r["kernels"], r["time_share"]) for r in rows] == [("bn_bw", 2, 0.5), ("gemm", 1, 0.5)]
    assert rows[0]["dram_pct"] == pytest.approx(30)  # (3000 * 20 + 1000 * 60) / 4000
    assert weighted(kernels, "sm_pct") == pytest.approx((3000 * 10 + 1000 * 30 + 4000 * 90) / 8000)


def test_kernels_that_took_no_time_have_no_share_rather_than_a_division_by_zero(tmp_path):
    rows = by_function(read_kernels(log(tmp_path, ['"0","void k<int>(int)","0","5","6"\n'])))
    assert [(r["function"], r["kernels"], r["time_share"], r["dram_pct"]) for r in rows] == [("k", 1, 0.0, 0.0)]


@pytest.mark.parametrize(
    "content, field",
    [
        (HEADER.replace("gpu__time_duration.sum", "other") + UNITS, "gpu__time_duration.sum"),
        (HEADER + UNITS + '"0","k","n/a","1","2"\n', "row 3"),
        ("", "(header)"),
    ],
)
def test_a_log_that_is_not_ncu_s_raw_page_is_named_with_what_was_expected(tmp_path, content, field):
    path = tmp_path / "bad.csv"
    path.write_text(content)
    with pytest.raises(InputError) as err:
        read_kernels(str(path))
    assert err.value.file == str(path) and err.value.field == field


def test_a_truncated_gzip_log_is_bad_input(tmp_path):
    whole = log(tmp_path, ['"0","k","1","2","3"\n'] * 200)
    cut = tmp_path / "cut.csv.gz"
    cut.write_bytes(open(whole, "rb").read()[:60])
    with pytest.raises(InputError) as err:
        read_kernels(str(cut))
    assert err.value.field == "(file)"
