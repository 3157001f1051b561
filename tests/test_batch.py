"""Batch runs: inputs become items with ids, every item gives one line in input order, and
the lines are the same in this process, on local workers and on a Dask cluster."""

from __future__ import annotations

import io
import json
import time

import pytest

from puzzlesmith import puzzles
from puzzlesmith.batch import (
    Item,
    Summary,
    finished_ids,
    generate_items,
    read_inputs,
    run_batch,
)
from puzzlesmith.errors import PuzzleError, UsageError
from puzzlesmith.pool import DaskPool, map_calls
from puzzlesmith.seeds import puzzle_seed, run_seeds
from puzzlesmith.store import Store


@pytest.fixture
def toy(monkeypatch):
    monkeypatch.setitem(puzzles.REGISTRY, "toy", "tests.cli.toy")
    monkeypatch.setitem(puzzles.REGISTRY, "stubborn", "tests.batch_toy")
    return puzzles.get("toy")


def timeless(lines) -> list[dict]:
    """Lines without their timings (the only thing that differs from run to run)."""
    return [{k: v for k, v in line.items() if k != "seconds"} for line in lines]


ITEMS = [Item(str(n), str(n)) for n in (3, 0, 5, 1)] + [Item("bad", "x"),
                                                       Item("unreadable", error="no")]


def test_lines_in_input_order_with_every_status(toy):
    lines = list(run_batch(toy, "solve", ITEMS, jobs=0))
    assert [line["id"] for line in lines] == ["3", "0", "5", "1", "bad", "unreadable"]
    assert [line["status"] for line in lines] == ["solved", "unsolvable", "solved", "solved",
                                                  "error", "error"]
    assert lines[0] == {"id": "3", **toy.solve(3).to_dict(), "puzzle": "toy"} | {
        "seconds": lines[0]["seconds"]}
    assert "not a number" in lines[4]["error"] and lines[5]["error"] == "no"
    summary = Summary(len(ITEMS))
    for line in lines:
        summary.add(line)
    assert summary.verdicts == {"solved": 3, "unsolvable": 1, "gave-up": 0, "error": 2}
    assert summary.status().value == "error"


def test_local_workers_give_the_same_lines(toy):
    inline = timeless(run_batch(toy, "count", ITEMS, params={"limit": 4}, jobs=0))
    assert timeless(run_batch(toy, "count", ITEMS, params={"limit": 4}, jobs=2)) == inline
    unordered = timeless(run_batch(toy, "count", ITEMS, params={"limit": 4}, jobs=2,
                                   ordered=False))
    assert sorted(unordered, key=lambda x: x["id"]) == sorted(inline, key=lambda x: x["id"])


def test_per_item_limits_and_params(toy):
    # 20 s of work against a 1 s limit each: the slow item gives up, the quick one has room.
    items = [Item("slow", "1000", params={"slow": 0.02}), Item("quick", "3")]
    lines = list(run_batch(toy, "solve", items, timeout=1.0, jobs=0))
    assert [line["status"] for line in lines] == ["gave-up", "solved"]
    lines = list(run_batch(toy, "count", [Item("a", "9")], nodes=4, jobs=0))
    assert lines[0]["status"] == "solved" and lines[0]["nodes"] <= 9
    unique = list(run_batch(toy, "count", [Item("one", "1"), Item("two", "2")],
                            params={"unique": True}, jobs=0))
    assert [line.verdict.value for line in unique] == ["solved", "unsolvable"]
    assert [line["unique"] for line in unique] == [True, False]


def test_a_crash_a_hang_and_a_bug_cost_one_item_each(toy):
    stubborn = puzzles.get("stubborn")
    items = [Item(w, w) for w in ("2", "crash", "boom", "hang", "3")]
    # A fresh worker imports the puzzle inside its first item's time: 2 s is room for that
    # on a busy machine; "hang" costs the limit plus the grace.
    lines = list(run_batch(stubborn, "solve", items, jobs=2, timeout=2.0, grace=0.5))
    assert [line["status"] for line in lines] == ["solved", "error", "error", "gave-up",
                                                  "solved"]
    assert "died" in lines[1]["error"] and "kaboom" in lines[2]["error"]
    assert "killed" in lines[3]["reason"]


def test_generate_items_and_store(toy, tmp_path):
    toy = puzzles.get("stubborn")
    items = generate_items(3, seed=5)
    seeds = list(run_seeds(5, 3))
    assert [item.id for item in items] == [f"seed:{s}" for s in seeds]
    with Store(tmp_path / "p.db") as store:
        lines = list(run_batch(toy, "generate", items, jobs=0, store=store))
        assert [line["stored"][0]["new"] for line in lines] == [True] * 3
        again = list(run_batch(toy, "generate", items, jobs=0, store=store))
        assert [line["stored"][0]["new"] for line in again] == [False] * 3
        assert [e.rating for e in store.find("stubborn")] == [None] * 3
        assert len(store) == 3
        assert sorted(e.seed for e in store.find("stubborn")) == sorted(seeds)
        assert [e.text for e in store.find("stubborn")] == [f"{s}\n" for s in seeds]


def test_solve_with_store_updates_a_stored_row(toy, tmp_path):
    toy = puzzles.get("stubborn")
    with Store(tmp_path / "p.db") as store:
        list(run_batch(toy, "generate", generate_items(2, seed=1), jobs=0, store=store))
        items = read_inputs(["store:"], toy, db=str(tmp_path / "p.db"))
        assert [(i.id, i.text) for i in items] == [("store:1", "1\n"),
                                                   ("store:2", f"{puzzle_seed(1, 1)}\n")]
        lines = list(run_batch(toy, "rate", items, jobs=0, store=store))
        assert [line["stored"] for line in lines] == [[{"row": 1, "new": False}],
                                                      [{"row": 2, "new": False}]]
        assert [e.rating for e in store.find("stubborn")] == ["easy", "easy"]
        assert len(read_inputs(["store:rating=easy,limit=1"], toy, db=str(tmp_path / "p.db"))) == 1
    with pytest.raises(UsageError, match="store query"):
        read_inputs(["store:colour=red"], toy, db=str(tmp_path / "p.db"))


def test_read_inputs(toy, tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    for name, text in [("b.txt", "2\n"), ("a.txt", "1\n"), ("README.md", "notes"),
                       ("a.sol.txt", "1"), ("index.tsv", "x"), (".hidden", "1")]:
        (folder / name).write_text(text)
    (folder / "bin.txt").write_bytes(b"1\0")
    (tmp_path / "list.txt").write_text("# a list\n4\n\n5\n")
    (tmp_path / "set.jsonl").write_text('{"id": "x", "text": "6", "options": {"base": 7}}\n"7"\n')
    items = read_inputs([str(folder), str(tmp_path / "list.txt"), str(tmp_path / "set.jsonl"),
                         str(folder / "a.txt")], toy, lines=True)
    ids = [item.id for item in items]
    assert ids == [f"{folder}/a.txt:1", f"{folder}/b.txt:1", f"{folder}/bin.txt",
                   f"{tmp_path}/list.txt:2", f"{tmp_path}/list.txt:4", "x",
                   f"{tmp_path}/set.jsonl:2", f"{folder}/a.txt:1#2"]
    assert "binary" in items[2].error
    assert items[5].params == {"base": 7} and items[6].text == "7"
    assert [i.id for i in read_inputs([str(folder)], toy, patterns=("b.*",))] == [
        f"{folder}/b.txt"]
    stdin = io.BytesIO(b'{"text": "3", "seed": 9}\n[1]\n\n')
    items = read_inputs(["-"], toy, stdin=stdin)
    assert items[0].meta == {"seed": 9} and "expected a JSON object" in items[1].error
    with pytest.raises(UsageError, match="no such file"):
        read_inputs([str(tmp_path / "nothing")], toy)
    big = tmp_path / "big.txt"
    big.write_text("1" * 100)
    assert "larger than" in read_inputs([str(big)], toy, max_input=10)[0].error


def test_a_file_of_several_puzzles_gives_one_item_each(toy, tmp_path):
    stubborn = puzzles.get("stubborn")
    (tmp_path / "three.txt").write_text("4;5;x")
    (tmp_path / "one.txt").write_text("7")
    items = read_inputs([str(tmp_path / "three.txt"), str(tmp_path / "one.txt")], stubborn)
    assert [(i.id.rsplit("/", 1)[1], i.text) for i in items] == [("three.txt", "4;5;x")] + [
        ("one.txt", "7")]  # a part that does not parse: the file is one item (an error)
    (tmp_path / "three.txt").write_text("4;5;6")
    items = read_inputs([str(tmp_path / "three.txt")], stubborn)
    assert [(i.id.rsplit("/", 1)[1], i.text) for i in items] == [
        ("three.txt#1", "4\n"), ("three.txt#2", "5\n"), ("three.txt#3", "6\n")]
    assert [i.text for i in read_inputs([str(tmp_path / "three.txt")], toy)] == ["4;5;6"]


def test_starbattle_folder_has_fifty_puzzles(data_dir):
    items = read_inputs([str(data_dir / "starbattle")], puzzles.get("starbattle"))
    assert len(items) == 50 and all(i.error is None for i in items)
    assert all(i.id.endswith(".sb") for i in items)


def test_finished_ids_cuts_a_torn_last_line(tmp_path):
    out = tmp_path / "out.jsonl"
    out.write_text('{"id": "a", "status": "solved"}\n{"puzzle": "toy"}\n{"id": "b", "sta')
    assert finished_ids(out) == {"a"}
    assert out.read_text().endswith('{"puzzle": "toy"}\n')
    assert finished_ids(tmp_path / "none.jsonl") == set()


def test_map_calls_on_local_workers():
    assert dict(map_calls("operator:mul", [(k, k) for k in range(8)], jobs=2)) == {
        k: k * k for k in range(8)}
    with pytest.raises(PuzzleError, match="ZeroDivisionError"):
        list(map_calls("operator:truediv", [(1, 0)], jobs=0))
    # Two calls of 5 s each, cut at 0.3 s: no result comes back (the bound acted).
    assert list(map_calls("time:sleep", [(5,), (5,)], jobs=1,
                          until=time.monotonic() + 0.3)) == []


def test_a_split_count_inside_a_worker_runs_in_that_worker():
    queens = puzzles.get("queens")
    items = [Item("twelve", "12", params={"processes": 2})]
    lines = list(run_batch(queens, "count", items, jobs=1))
    assert lines[0]["status"] == "solved" and lines[0]["count"] == 14200


def test_unknown_verb_is_refused(toy):
    with pytest.raises(UsageError):
        list(run_batch(toy, "hint", ITEMS, jobs=0))


def test_dask_cluster_gives_the_same_lines(toy):
    distributed = pytest.importorskip("distributed")
    items = ITEMS + [Item(str(n), str(n)) for n in range(6, 12)]
    local = timeless(run_batch(toy, "solve", items, jobs=2))
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  protocol="tcp", host="127.0.0.1", dashboard_address=":0"
                                  ) as cluster, distributed.Client(cluster) as client:
        assert timeless(run_batch(toy, "solve", items, client=client)) == local
        assert timeless(run_batch(toy, "solve", items, scheduler=cluster.scheduler_address)
                        ) == local
        squares = dict(map_calls("operator:mul", [(k, k) for k in range(8)], client=client))
        assert squares == {k: k * k for k in range(8)}
        assert list(map_calls("time:sleep", [(1,)], client=client,
                              until=time.monotonic() + 0.2)) == []


def test_unreachable_scheduler_is_a_usage_error(toy):
    pytest.importorskip("distributed")
    with pytest.raises(UsageError, match="cannot reach"):
        DaskPool("tcp://127.0.0.1:9", timeout=1)


def test_lines_are_json(toy):
    for line in run_batch(toy, "rate", ITEMS[:2], jobs=0):
        assert json.loads(json.dumps(line)) == dict(line)
