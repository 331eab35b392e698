"""The replay loader's bad input: every malformed scenario is one InputError (exit 2, before any GPU work), never
a traceback. Listed cases first, then seeded mutations of the shipped replay scenarios."""

from __future__ import annotations

import random

import pytest
import yaml
from helpers import REPO, fake

from profiler.errors import InputError
from profiler.scenario import load_scenario
from profiler.workloads import load_catalog

GOOD = (
    "name: ok\nseed: 1\nhardware: { gpus: [{ gpu: H200-141GB, sharing: { mode: mps } }] }\n"
    "jobs: { list: [{ id: j1, arrival_s: 0, workload: resnet26-c10-b128, iterations: 10 }] }\n"
)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (GOOD.replace("gpus: [{ gpu: H200-141GB, sharing: { mode: mps } }]", "gpus: [5]"), "hardware.gpus: expected exactly one GPU entry"),
        (GOOD.replace("iterations: 10", "iterations: .inf"), "jobs.list[0].iterations: expected a positive number"),
        (GOOD.replace("iterations: 10", "iterations: .nan"), "jobs.list[0].iterations: expected a positive number"),
        (GOOD.replace("arrival_s: 0", "arrival_s: .inf"), "jobs.list[0].arrival_s: expected a non-negative number"),
        (GOOD.replace("arrival_s: 0", "arrival_s: 1e20"), "jobs.list[0].arrival_s: expected a non-negative number"),
        (GOOD.replace("iterations: 10", "iterations: 1e300"), "jobs.list[0].iterations: expected a positive number"),
        (GOOD.replace("name: ok", "name: ../../../tmp/x"), "name: expected a scenario `name`"),
        (GOOD.replace("name: ok", 'name: "\\e[31mred"'), "name: expected a scenario `name`"),
        (GOOD.replace("mode: mps", "mode: [mps]"), "sharing.mode: expected one of"),
        (GOOD.replace("sharing: { mode: mps }", "sharing: 7"), "sharing: expected a mapping"),
        (GOOD.replace("workload: resnet26-c10-b128", "workload: [a, b]"), "jobs.list[0].workload: expected a workload id"),
        (GOOD.replace("{ mode: mps }", "{ mode: mps, percentages: { j1: .inf } }"), "percentages.j1: expected a percentage"),
        (GOOD.replace("{ mode: mps }", "{ mode: mps, percentages: [1] }"), "percentages: expected a mapping"),
        (GOOD.replace("{ mode: mps }", "{ mode: mps, memory_limit_gb: -4 }"), "memory_limit_gb: expected a positive number"),
        (GOOD.replace("jobs: { list: [", "jobs: { list: [7, "), "jobs.list[0]: expected a job"),
        (GOOD.replace("gpus: [{", "gpus: [{ count: true, "), "hardware.gpus: expected exactly one GPU entry"),
        ("- just\n- a list\n", "(file): expected a scenario (a YAML mapping)"),
        ("a: &a [*a]\nname: x\n", "hardware.gpus: expected exactly one GPU entry"),
        ("name: [unclosed\n", "expected well-formed YAML"),
        ("a: " + "[" * 5000 + "]" * 5000 + "\n", "(file): expected"),
    ],
)
def test_malformed_replay_scenarios_are_one_clear_error(tmp_path, text, fragment):
    path = tmp_path / "sc.yaml"
    path.write_text(text)
    with pytest.raises(InputError) as err:
        load_scenario(str(path), load_catalog())
    message = str(err.value)
    assert message.startswith(f"{path}: ") and fragment in message
    assert len(str(err.value)) < 400  # quoted values are bounded


@pytest.mark.parametrize(
    ("content", "fragment"),
    [(b"\x00\x01binary\xff junk", "binary, not text"), (b"name: \xff\xfe\n", "not UTF-8 text"), (None, "not a regular file")],
)
def test_files_that_are_not_text_are_refused_without_their_content(tmp_path, content, fragment):
    path = tmp_path / "sc.yaml"
    if content is None:
        path.mkdir()
    else:
        path.write_bytes(content)
    with pytest.raises(InputError, match=fragment):
        load_scenario(str(path), load_catalog())
    with pytest.raises(InputError, match="not a regular file"):
        load_scenario("/proc/self/environ", load_catalog())


def test_a_malformed_replay_exits_2_before_any_gpu_work(tmp_path, fake_env):
    path = tmp_path / "sc.yaml"
    path.write_text(GOOD.replace("iterations: 10", "iterations: .inf"))
    res = fake("replay", str(path), out=tmp_path / "runs", env=fake_env)
    assert res.returncode == 2 and "Traceback" not in res.stderr
    assert not (tmp_path / "runs").exists()


MUTANTS = [None, True, -1, 0, 1e300, float("inf"), float("nan"), "", "x" * 300, [], {}, [5], {"a": 1}, "../x"]


def _mutate(doc: object, rng: random.Random) -> object:
    """The document with one value somewhere replaced (or one key dropped)."""
    if isinstance(doc, dict) and doc:
        key = rng.choice(sorted(doc, key=str))
        if rng.random() < 0.15:
            return {k: v for k, v in doc.items() if k != key}
        return {**doc, key: _mutate(doc[key], rng) if rng.random() < 0.7 else rng.choice(MUTANTS)}
    if isinstance(doc, list) and doc:
        i = rng.randrange(len(doc))
        return [*doc[:i], _mutate(doc[i], rng) if rng.random() < 0.7 else rng.choice(MUTANTS), *doc[i + 1 :]]
    return rng.choice(MUTANTS)


def test_seeded_mutations_of_the_shipped_replays_load_or_fail_with_an_input_error(tmp_path):
    catalog = load_catalog()
    shipped = sorted((REPO / "scenarios/replays").glob("*.yaml"))
    rng = random.Random(15)
    refused = 0
    for case in range(400):
        doc = _mutate(yaml.safe_load(rng.choice(shipped).read_text()), rng)
        path = tmp_path / f"m{case}.yaml"
        path.write_text(yaml.safe_dump(doc, allow_unicode=True))
        try:
            load_scenario(str(path), catalog)
        except InputError:
            refused += 1
    assert 100 < refused < 400  # the mutations hit both fields the replay reads and fields it ignores
