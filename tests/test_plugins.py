"""Puzzles from installed distributions: the ``puzzlesmith.puzzles`` entry-point group."""

from __future__ import annotations

import shutil
import subprocess
import sysconfig
import venv
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest

from puzzlesmith import puzzles

EXAMPLE = Path(__file__).parent / "plugin_example"


@pytest.fixture
def fresh_registry(monkeypatch):
    """The registry made again on first use (and restored afterwards)."""
    monkeypatch.setattr(puzzles, "_registry", None)
    monkeypatch.delenv("PUZZLESMITH_PUZZLES", raising=False)


def fake_entry_points(*pairs: tuple[str, str]):
    def entry_points(*, group: str):
        assert group == "puzzlesmith.puzzles"
        return [EntryPoint(name, value, group) for name, value in pairs]
    return entry_points


def test_entry_points_join_the_registry(fresh_registry, monkeypatch):
    monkeypatch.setattr("importlib.metadata.entry_points", fake_entry_points(
        ("toy", "tests.cli.toy"), ("net", "somewhere.else:PUZZLE")))
    assert puzzles.names()[-1] == "toy"
    assert puzzles.REGISTRY["net"] == puzzles.BUILTIN["net"]  # no plugin replaces a built-in
    assert puzzles.get("toy").name == "toy"


def test_the_environment_overrides_entry_points(fresh_registry, monkeypatch):
    monkeypatch.setattr("importlib.metadata.entry_points",
                        fake_entry_points(("toy", "not.a.module")))
    monkeypatch.setenv("PUZZLESMITH_PUZZLES", "toy=tests.cli.toy")
    assert puzzles.get("toy").name == "toy"


def test_plugin_modules_are_imported_only_when_asked(fresh_registry, monkeypatch):
    monkeypatch.setattr("importlib.metadata.entry_points",
                        fake_entry_points(("ghost", "no_such_plugin_module")))
    assert "ghost" in puzzles.names()
    with pytest.raises(ModuleNotFoundError):
        puzzles.get("ghost")


@pytest.fixture(scope="module")
def plugin_venv(tmp_path_factory) -> Path:
    """A venv that sees this puzzlesmith (and its dependencies) with the example plugin
    installed into it; its ``bin`` folder."""
    root = tmp_path_factory.mktemp("plugin")
    env = root / "venv"
    venv.create(env, system_site_packages=True, with_pip=False)
    python = env / "bin" / "python"
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path("
                              "'purelib'))"], capture_output=True, text=True, check=True)
    # This interpreter's site-packages first (this checkout, pip, setuptools), ahead of the
    # system's, where another puzzlesmith may be installed.
    bridge = Path(purelib.stdout.strip()) / "_puzzlesmith_test_bridge.pth"
    bridge.write_text(f"import site; site.addsitedir({sysconfig.get_path('purelib')!r})\n")
    source = shutil.copytree(EXAMPLE, root / "example")  # pip builds in place
    subprocess.run([python, "-m", "pip", "install", "-q", "--no-deps", "--no-index",
                    "--no-build-isolation", str(source)], check=True, capture_output=True)
    return env / "bin"


def run(bin_dir: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([bin_dir / "python", "-m", "puzzlesmith", *args],
                          capture_output=True, text=True, timeout=120, cwd=bin_dir)


def test_an_installed_plugin_is_a_puzzle(plugin_venv, tmp_path):
    assert "latin-example" in run(plugin_venv, "solve", "--help").stdout
    assert "latin-example" in run(plugin_venv, "render", "--help").stdout
    puzzle, solution, wrong = tmp_path / "p.txt", tmp_path / "s.txt", tmp_path / "w.txt"
    puzzle.write_text("..12\n.2..\n3..4\n....\n")
    solution.write_text("4312\n1243\n3124\n2431\n")
    wrong.write_text("4312\n1243\n3124\n2413\n")
    solved = run(plugin_venv, "solve", "latin-example", str(puzzle))
    assert (solved.returncode, solved.stdout) == (0, solution.read_text())
    assert run(plugin_venv, "check", "latin-example", str(puzzle), str(solution)).returncode == 0
    checked = run(plugin_venv, "check", "latin-example", str(puzzle), str(wrong))
    assert checked.returncode == 1 and "r4c3 repeats 1 in column 3" in checked.stdout
    drawn = run(plugin_venv, "render", "latin-example", str(puzzle), "--format", "svg")
    assert drawn.returncode == 0 and "<svg" in drawn.stdout
    made = run(plugin_venv, "generate", "latin-example", "--size", "5", "--seed", "2")
    assert made.returncode == 0 and len(made.stdout.split()) == 5

    served = subprocess.run([plugin_venv / "python", "-c", "from puzzlesmith.serve.api import "
                             "catalogue; print(catalogue()['puzzles'])"],
                            capture_output=True, text=True, timeout=120, cwd=plugin_venv)
    assert "'latin-example'" in served.stdout  # the web app's list of puzzles
