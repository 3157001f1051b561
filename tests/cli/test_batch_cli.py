"""``puzzlesmith batch`` and ``puzzlesmith store`` by the contract, on the toy puzzles."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlesmith import puzzles
from puzzlesmith.seeds import run_seeds
from tests.interrupt import popen

from .conftest import run_cli

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def toys(toy, monkeypatch):
    monkeypatch.setitem(puzzles.REGISTRY, "stubborn", "tests.batch_toy")
    return toy


def json_lines(out: str) -> tuple[list[dict], dict]:
    """The item lines and the summary line of a batch's stdout."""
    objects = [json.loads(line) for line in out.splitlines()]
    assert objects and "id" not in objects[-1]
    assert all("id" in o for o in objects[:-1])
    return objects[:-1], objects[-1]


@pytest.fixture
def inputs(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for n in (3, 0, 5):
        (folder / f"p{n}.txt").write_text(f"{n}\n")
    (folder / "notes.md").write_text("not a puzzle")
    return folder


def test_batch_solve_json_lines_and_summary(toys, inputs):
    code, out, err = toys(["batch", "solve", "toy", str(inputs), "-j", "0"])
    items, summary = json_lines(out)
    assert [Path(o["id"]).name for o in items] == ["p0.txt", "p3.txt", "p5.txt"]
    assert [o["status"] for o in items] == ["unsolvable", "solved", "solved"]
    assert summary["status"] == "unsolvable" and summary["verdicts"]["solved"] == 2
    assert summary["items"] == summary["done"] == 3 and summary["batch"] == "solve"
    assert code == 1 and "3 of 3 items" in err


def test_batch_exit_codes_follow_the_worst_item(toys, inputs):
    assert toys(["batch", "solve", "toy", str(inputs / "p3.txt"), "-j", "0"])[0] == 0
    (inputs / "bad.txt").write_text("x")
    assert toys(["batch", "solve", "toy", str(inputs), "-j", "0"])[0] == 2
    code, out, _ = toys(["batch", "solve", "toy", str(inputs / "p5.txt"), "--slow", "0.05",
                         "--timeout", "0.1", "-j", "0"])
    assert code == 3 and json_lines(out)[0][0]["status"] == "gave-up"


def test_batch_same_lines_with_one_and_two_workers(toys, inputs):
    def lines(jobs):
        code, out, err = toys(["batch", "count", "toy", str(inputs), "--limit", "4",
                               "-j", jobs])
        return [{k: v for k, v in o.items() if k != "seconds"} for o in json_lines(out)[0]]

    assert lines("1") == lines("2") == lines("0")


def test_a_puzzle_option_named_like_a_batch_option_is_the_batch_s():
    code, out, err = run_cli(["batch", "count", "queens", "--help"])
    assert code == 0 and "--processes" not in out and "--scheduler" in out
    assert "Warning" not in err


def test_batch_text_format_and_stdin(toys):
    code, out, err = toys(["batch", "rate", "toy", "-", "--format", "text", "-j", "0"],
                          stdin='{"id": "a", "text": "4"}\n"2"\n')
    assert code == 0
    assert [line.split("\t")[:2] for line in out.splitlines()] == [["a", "solved"],
                                                                    ["stdin:2", "solved"]]
    assert "rating easy" in out


@pytest.mark.parametrize("args", [
    ["batch", "solve", "toy", "/no/such/folder"],
    ["batch", "solve", "toy", "x", "--timeout", "nan"],
    ["batch", "solve", "toy", "x", "-j", "2", "--scheduler", "tcp://127.0.0.1:1"],
    ["batch", "solve", "toy", "store:colour=red"],
    ["batch", "hint", "toy", "x"],
    ["batch", "solve", "nosuch", "x"],
])
def test_batch_usage_errors_are_one_line(toys, args, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x").write_text("3")
    code, out, err = toys([*args, "--format", "json"])
    assert code == 2, err
    assert "Traceback" not in err and len(err.strip().splitlines()) <= 4
    assert json.loads(out)["status"] == "error"


def test_resume_needs_json_lines(toys, inputs):
    code, out, err = toys(["batch", "solve", "toy", str(inputs), "--resume", "r.txt",
                           "--format", "text"])
    assert code == 2 and "--resume" in err and out == ""


def test_batch_out_and_resume(toys, inputs, tmp_path):
    out_file = tmp_path / "out.jsonl"
    code, out, _ = toys(["batch", "solve", "toy", str(inputs), "--out", str(out_file),
                         "-j", "0"])
    assert len(out.splitlines()) == 1  # only the summary on stdout
    first = out_file.read_text()
    assert len(first.splitlines()) == 3
    (inputs / "p7.txt").write_text("7\n")
    code, out, err = toys(["batch", "solve", "toy", str(inputs), "--resume", str(out_file),
                           "-j", "0"])
    summary = json.loads(out)
    assert (summary["skipped"], summary["done"]) == (3, 1)
    assert out_file.read_text().startswith(first)
    assert [json.loads(x)["id"] for x in out_file.read_text().splitlines()][-1].endswith("p7.txt")


def test_batch_generate_store_twice_then_list_and_export(toys, tmp_path):
    db = str(tmp_path / "p.db")
    code, out, err = toys(["batch", "generate", "stubborn", "--count", "4", "--seed", "1",
                           "--store", "--db", db, "-j", "2"])
    items, summary = json_lines(out)
    assert code == 0 and [o["id"] for o in items] == [f"seed:{k}" for k in run_seeds(1, 4)]
    assert [o["stored"][0]["new"] for o in items] == [True] * 4
    code, out, _ = toys(["generate", "stubborn", "--count", "4", "--seed", "1", "--store",
                         "--db", db, "--format", "json"])
    assert code == 0 and [s["new"] for s in json.loads(out)["stored"]] == [False] * 4
    code, out, _ = toys(["store", "list", "--db", db, "--format", "json"])
    rows = json.loads(out)["rows"]
    assert [r["seed"] for r in rows] == list(run_seeds(1, 4))
    assert {r["kind"] for r in rows} == {"stubborn"}
    code, exported, _ = toys(["store", "export", "--db", db])
    assert len(exported.splitlines()) == 4
    other = str(tmp_path / "q.db")
    code, out, err = toys(["store", "add", "stubborn", "-", "--db", other, "--format", "json"],
                          stdin=exported)
    assert code == 0 and json.loads(out)["added"] == 4, err
    code, again, _ = toys(["store", "export", "--db", other])
    strip = [{k: v for k, v in json.loads(x).items() if k != "source"}
             for x in again.splitlines()]
    assert strip == [{k: v for k, v in json.loads(x).items() if k != "source"}
                     for x in exported.splitlines()]
    code, out, _ = toys(["store", "add", "stubborn", "-", "--db", other], stdin=exported)
    assert code == 0 and out.strip() == "added 0, refused 4 duplicates"


def test_store_commands(toys, tmp_path, inputs):
    db = str(tmp_path / "p.db")
    (inputs / "bad.txt").write_text("x")
    code, out, err = toys(["store", "add", "toy", str(inputs), "--db", db])
    assert code == 2 and "added 3" in out and "bad.txt" in err
    code, out, _ = toys(["store", "show", "2", "--db", db])
    assert code == 0 and "3" in out.splitlines()[-1]
    code, out, _ = toys(["store", "stats", "--db", db, "--format", "json"])
    assert json.loads(out)["kinds"]["toy"]["puzzles"] == 3
    code, out, _ = toys(["store", "list", "--db", db])
    assert code == 0 and len(out.splitlines()) == 4
    code, out, _ = toys(["store", "export", "--db", db, "--to", str(tmp_path / "files")])
    assert sorted(p.name for p in (tmp_path / "files").iterdir()) == [
        "toy-1.txt", "toy-2.txt", "toy-3.txt"]
    code, out, err = toys(["batch", "solve", "toy", "store:", "--db", db, "-j", "0"])
    assert [o["id"] for o in json_lines(out)[0]] == ["store:1", "store:2", "store:3"]
    code, out, err = toys(["store", "show", "9", "--db", db, "--format", "json"])
    assert code == 2 and json.loads(out)["status"] == "error" and "no puzzle #9" in err
    code, out, err = toys(["store", "list", "--db", str(tmp_path / "none.db")])
    assert code == 2 and "no puzzle store" in err


TOY = (f"import sys\nsys.path.insert(0, {str(ROOT)!r})\nfrom puzzlesmith import puzzles\n"
       "puzzles.REGISTRY['toy'] = 'tests.cli.toy'\n"
       "from puzzlesmith.cli import main\n"
       "if __name__ == '__main__':\n    main(sys.argv[1:])\n")


def test_ctrl_c_stops_a_batch_that_then_resumes(tmp_path):
    listing = tmp_path / "many.txt"
    listing.write_text("4\n" * 40)
    out_file = tmp_path / "out.jsonl"
    script = tmp_path / "run.py"
    script.write_text(TOY)
    args = [sys.executable, str(script), "batch", "solve", "toy", str(listing), "--lines",
            "--slow", "0.05", "-j", "2", "--out", str(out_file)]
    process = popen(args, cwd=ROOT, text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while (time.monotonic() < deadline and process.poll() is None
           and (not out_file.exists() or len(out_file.read_text().splitlines()) < 2)):
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 3, err
    assert "Traceback" not in err and "--resume" in err
    assert json.loads(out)["reason"] == "interrupted"
    done = len(out_file.read_text().splitlines())
    assert 2 <= done < 40
    resumed = subprocess.run([*args[:-2], "--resume", str(out_file)], cwd=ROOT, text=True,
                             capture_output=True, timeout=120)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout)["done"] == 40 - done
    ids = [json.loads(x)["id"] for x in out_file.read_text().splitlines()]
    assert sorted(ids) == sorted(f"{listing}:{k}" for k in range(1, 41))


def test_twenty_star_battles_stored_twice_then_round_tripped(tmp_path, data_dir):
    db, other = str(tmp_path / "p.db"), str(tmp_path / "q.db")
    made = ["generate", "starbattle", "--size", "8", "--count", "20", "--seed", "1",
            "--store", "--db", db, "--format", "json"]
    code, out, err = run_cli(made)
    assert code == 0 and sum(s["new"] for s in json.loads(out)["stored"]) == 20, err
    code, out, err = run_cli(made)
    assert code == 0 and sum(s["new"] for s in json.loads(out)["stored"]) == 0, err
    code, out, _ = run_cli(["store", "list", "--db", db, "--format", "json"])
    assert [r["seed"] for r in json.loads(out)["rows"]] == list(run_seeds(1, 20))
    code, exported, _ = run_cli(["store", "export", "--db", db])
    code, out, err = run_cli(["store", "add", "starbattle", "-", "--db", other], stdin=exported)
    assert code == 0 and out.strip() == "added 20, refused 0 duplicates", err
    code, again, _ = run_cli(["store", "export", "--db", other])
    keys = [(json.loads(x)["key"], json.loads(x)["solution"]) for x in again.splitlines()]
    assert keys == [(json.loads(x)["key"], json.loads(x)["solution"])
                    for x in exported.splitlines()]
    folder = tmp_path / "files"
    run_cli(["store", "export", "--db", db, "--to", str(folder)])
    code, out, err = run_cli(["batch", "solve", "starbattle", str(folder), "--unique",
                              "-j", "0"])
    items, summary = json_lines(out)
    assert code == 0 and len(items) == 20 and all(o["unique"] for o in items), err


@pytest.mark.slow
def test_fifty_star_battles_alike_in_one_process_on_two_workers_and_on_dask(data_dir):
    distributed = pytest.importorskip("distributed")
    folder = str(data_dir / "starbattle")

    def lines(*where):
        code, out, err = run_cli(["batch", "solve", "starbattle", folder, "--unique", *where])
        items, summary = json_lines(out)
        assert code == 0 and summary["verdicts"]["solved"] == 50, err
        assert all(o["status"] == "solved" and o["unique"] for o in items)
        return [{k: v for k, v in o.items() if k != "seconds"} for o in items]

    here = lines("-j", "0")
    assert lines("-j", "1") == here
    assert lines("-j", "2") == here
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp", host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        assert lines("--scheduler", cluster.scheduler_address) == here
