"""What ``kernels="auto"`` starts with in each kind of process (engines/kernels.py): compiled
from the first node when the kernels are loaded or cached (a library process) or always (a
long-lived one); by the model and node count in a one-shot command.  Whichever kernels run,
the answers and node counts are the same."""

from __future__ import annotations

import os
import sys
import types

import pytest

from puzzlesmith import pool
from puzzlesmith.engines import kernels
from puzzlesmith.engines.twins import in_numba_cache
from puzzlesmith.errors import UsageError
from puzzlesmith.puzzles import get

SMALL = 10  # a model size far below every engine's "big"


@pytest.fixture
def fresh(monkeypatch):
    """No kernels loaded and none cached, as seen by the policy."""
    monkeypatch.setattr(kernels, "_LOADS", {})
    monkeypatch.setattr(kernels, "_CACHE_PROBES", {})


def loaded(monkeypatch, name: str) -> None:
    """Mark the kernels ``name`` as loaded (their warm-up is a no-op here)."""
    monkeypatch.setitem(kernels._WARM_UPS, name, (f"the {name} kernels", lambda: None))
    kernels.ensure_warm(name)


def test_the_kind_is_checked():
    with pytest.raises(UsageError, match="'daemon'"):
        kernels.set_process("daemon")
    assert kernels.process_kind() == "one-shot"  # the tests' fixture


@pytest.mark.parametrize("engine", sorted(kernels.AUTO))
def test_a_library_process_starts_compiled_once_its_kernels_are_loaded(fresh, monkeypatch,
                                                                       engine):
    kernels.set_process("library")
    assert kernels.switch_at(engine, "auto", SMALL) == kernels.AUTO[engine].nodes
    loaded(monkeypatch, engine)
    assert kernels.switch_at(engine, "auto", SMALL) == 0
    assert kernels.switch_at(engine, "python", SMALL) is None


def test_a_library_process_starts_compiled_when_the_cache_holds_the_kernels(fresh,
                                                                          monkeypatch):
    kernels.set_process("library")
    monkeypatch.setitem(kernels._CACHE_PROBES, "csp", lambda: False)
    assert kernels.switch_at("csp", "auto", SMALL) == kernels.AUTO["csp"].nodes
    monkeypatch.setitem(kernels._CACHE_PROBES, "csp", lambda: True)
    assert kernels.switch_at("csp", "auto", SMALL) == 0


@pytest.mark.parametrize("engine", sorted(kernels.AUTO))
def test_a_one_shot_command_decides_by_model_and_nodes_only(fresh, monkeypatch, engine):
    loaded(monkeypatch, engine)
    monkeypatch.setitem(kernels._CACHE_PROBES, engine, lambda: True)
    assert kernels.switch_at(engine, "auto", SMALL) == kernels.AUTO[engine].nodes


@pytest.mark.parametrize("engine", sorted(kernels.AUTO))
def test_a_long_lived_process_starts_compiled(fresh, engine):
    kernels.set_process("long-lived")
    assert kernels.switch_at(engine, "auto", SMALL) == 0
    assert kernels.switch_at(engine, "python", SMALL) is None


def test_workers_and_the_command_line_declare_their_kind():
    done = pool.run_call({"index": 0, "call": "os:getpid", "args": []})
    assert done["value"] == os.getpid() and kernels.process_kind() == "long-lived"
    from puzzlesmith.cli import main

    with pytest.raises(SystemExit):
        main(["--version"])
    assert kernels.process_kind() == "one-shot"


def test_sudoku_by_default_answers_as_both_kernels_do(data_dir):
    """Loaded kernels (as after a warm-up): the default path runs compiled, with the same
    solution and node count as either kernels."""
    sudoku = get("sudoku")
    kernels.set_process("library")
    kernels.ensure_warm("exactcover")
    for text in (data_dir / "sudoku" / "top95.txt").read_text().split()[:5]:
        instance = sudoku.parse(text)
        runs = [sudoku.solve(instance, unique=True, **chosen)
                for chosen in ({}, {"kernels": "python"}, {"kernels": "numba"})]
        assert [run.stats.extra["kernel"] for run in runs] == ["numba", "python", "numba"]
        assert len({(str(run.solution), run.unique, run.stats.nodes) for run in runs}) == 1


def kernel_in(folder, name: str = "probe") -> types.FunctionType:
    """A function defined in ``folder/NAME.py`` (read from there, as numba would)."""
    source = folder / f"{name}.py"
    source.write_text("def kernel(x):\n    return x\n")
    space: dict = {}
    exec(compile(source.read_text(), str(source), "exec"), space)
    return space["kernel"]


def test_the_cache_index_is_found_beside_the_source_and_must_be_newer(tmp_path, monkeypatch):
    monkeypatch.delenv("NUMBA_CACHE_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user"))
    kernel = kernel_in(tmp_path)
    assert not in_numba_cache(kernel)
    index = tmp_path / "__pycache__" / ("probe.kernel-1.py"
                                     f"{sys.version_info[0]}{sys.version_info[1]}{sys.abiflags}.nbi")
    index.parent.mkdir()
    index.write_bytes(b"")
    assert in_numba_cache(kernel)
    source_time = (tmp_path / "probe.py").stat().st_mtime
    os.utime(index, (source_time - 10, source_time - 10))  # the source changed since
    assert not in_numba_cache(kernel)


@pytest.mark.parametrize("name", ["dp351_example_6x6.sb", "dp351_challenge_10x10.sb"])
def test_star_battle_in_a_long_lived_process_answers_as_both_kernels_do(data_dir, name):
    """Exact cover with the pigeonhole bounds, compiled from the first node in a worker."""
    starbattle = get("starbattle")
    instance = starbattle.parse((data_dir / "starbattle" / name).read_text())
    kernels.set_process("long-lived")
    runs = [starbattle.solve(instance, unique=True, **chosen)
            for chosen in ({}, {"kernels": "python"}, {"kernels": "numba"})]
    assert [run.stats.extra["kernel"] for run in runs] == ["numba", "python", "numba"]
    assert len({(str(run.solution), run.unique, run.stats.nodes) for run in runs}) == 1
