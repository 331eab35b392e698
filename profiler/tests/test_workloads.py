"""The canonical workloads match ../shared/reference/paper.md's table."""

from __future__ import annotations

import pytest
from helpers import SPEC

from profiler.errors import InputError
from profiler.workloads import load_catalog, load_spec_file

# From paper.md: model, classes, batch, input side, images per epoch.
PAPER = {
    "resnet26-c10-b128": ("resnet26", 10, 128, 224, 50_000),
    "resnet26-c10-b32": ("resnet26", 10, 32, 224, 50_000),
    "resnet50-i64-b128": ("resnet50", 1000, 128, 224, 1_281_167),
    "resnet50-i64-b32": ("resnet50", 1000, 32, 224, 1_281_167),
    "resnet152-in-b128": ("resnet152", 1000, 128, 224, 1_281_167),
    "resnet152-in-b32": ("resnet152", 1000, 32, 224, 1_281_167),
    "cait-c10-b128": ("cait_xxs24_224", 10, 128, 224, 50_000),
    "cait-i64-b128": ("cait_xxs24_224", 1000, 128, 224, 1_281_167),
    "cait-in-b128": ("cait_xxs24_224", 1000, 128, 224, 1_281_167),
    "effnetv2s-c10-b128": ("efficientnetv2_s", 10, 128, 288, 50_000),
    "effnetv2s-i64-b128": ("efficientnetv2_s", 1000, 128, 288, 1_281_167),
    "effnetv2s-in-b128": ("efficientnetv2_s", 1000, 128, 288, 1_281_167),
}


def test_catalog_is_the_papers_table():
    catalog = load_catalog()
    assert sorted(catalog) == sorted(PAPER)
    for wid, (model, classes, batch, side, images) in PAPER.items():
        w = catalog[wid]
        assert (w.model, w.classes, w.batch, w.input, w.images_per_epoch, w.kind) == (model, classes, batch, (3, side, side), images, "timm")


def test_custom_workloads_come_from_a_spec_file():
    custom = load_spec_file(str(SPEC))
    assert custom["fake-oom"].fake["oom_at_step"] == 4 and custom["fake-oom"].kind == "fake"


def refused_field(tmp_path, wid: str, fields: str) -> str:
    """The field a one-workload spec file is refused on."""
    spec = tmp_path / "spec.yaml"
    spec.write_text(f'workloads:\n  "{wid}": {{ {fields}, input: [3, 224, 224], images_per_epoch: 5 }}\n')
    with pytest.raises(InputError) as err:
        load_spec_file(str(spec))
    return err.value.field


@pytest.mark.parametrize(
    "fields, field",
    [
        ("model: vit, classes: 10, batch: 0", "workloads.mine.batch"),
        ("model: vit, clases: 10, batch: 8", "workloads.mine.clases"),  # misspelt: named as unknown
    ],
)
def test_a_bad_spec_names_the_field(tmp_path, fields, field):
    assert refused_field(tmp_path, "mine", fields) == field


@pytest.mark.parametrize("wid", ["a/../x", "my vit", "a+b", "a__b", "-x", ""])
def test_an_id_that_cannot_name_a_run_folder_is_refused(tmp_path, wid):
    assert refused_field(tmp_path, wid, "model: vit, classes: 10, batch: 8") == f"workloads.{wid}"
