"""The puzzle object's verbs: count, hint, rate, compare, generate, check, render, bench,
and the limits every one of them honours (deadline, nodes, memory, Ctrl-C, sizes)."""

from __future__ import annotations

import os
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.errors import InvalidPuzzle, UsageError
from puzzlesmith.puzzles import sliding as sl
from puzzlesmith.puzzles.sliding.board import Instance
from puzzlesmith.puzzles.sliding.generate import MAX_WALK, undo
from puzzlesmith.puzzles.sliding.puzzle import MAX_COUNT
from puzzlesmith.results import Limits, Status

from .conftest import PUZZLE, read_instances, solved_length

EASY = "1 2 3 4 5 6 0 7 8"
HARDEST_8 = "8 6 7 2 5 4 3 0 1"
HARD_15 = "7 3 8 6 14 11 13 10 2 1 15 12 5 0 9 4"
SRC = Path(sl.__file__).parents[3]


def test_importing_the_puzzle_loads_no_compiled_code():
    code = ("import sys, puzzlesmith.puzzles as p; p.get('sliding'); "
            "bad = [m for m in sys.modules if m.startswith(('numba', 'numpy'))]; "
            "assert not bad, bad")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=60)
    assert done.returncode == 0, done.stderr


def test_a_small_search_loads_no_compiled_code():
    """In a fresh process a 3x3 search runs in Python ("auto" decides by the board's size,
    not by the clock): numba never loads."""
    code = ("import sys; from puzzlesmith.puzzles import get; p = get('sliding'); "
            "r = p.solve(p.parse('8 6 7 2 5 4 3 0 1'), heuristic='linear-conflict'); "
            "assert r.details['length'] == 31 and r.stats.extra['kernel'] == 'python'; "
            "assert not any(m.startswith('numba') for m in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(SRC)}, timeout=60)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict", "pdb"])
def test_python_and_numba_give_the_same_answer(heuristic, data_dir):
    """The same answers; the node counts may differ a little (see ``solver.solve``)."""
    for tiles, known in read_instances(data_dir / "sliding" / "8puzzle.txt")[:200:20]:
        task = PUZZLE.parse(tiles)
        answers = {}
        for kernels in ("python", "numba"):
            result = PUZZLE.solve(task, heuristic=heuristic, kernels=kernels)
            assert result.stats.extra["kernel"] == kernels
            assert solved_length(result, task) == known
            answers[kernels] = (result.solution, result.stats.extra["initial_h"])
        assert answers["python"] == answers["numba"]


def test_auto_decides_by_the_node_count_every_time():
    """"auto" runs the Python IDA* up to a fixed node budget, then the compiled one from
    the start (the nodes add up): the same solve twice reports the same kernels and nodes,
    whatever the machine; an unknown choice is refused."""
    from puzzlesmith.engines.kernels import AUTO

    small, large = PUZZLE.parse(HARDEST_8), PUZZLE.parse(HARD_15)
    runs = [PUZZLE.solve(task, heuristic="linear-conflict") for task in (small, small, large,
                                                                       large)]
    assert [r.stats.extra["kernel"] for r in runs] == ["python", "python", "numba", "numba"]
    assert runs[0].stats.nodes == runs[1].stats.nodes < AUTO["sliding"].nodes
    assert runs[2].stats.nodes == runs[3].stats.nodes
    assert runs[2].stats.extra["python_nodes"] == AUTO["sliding"].nodes
    assert solved_length(runs[2], large) == 48
    compiled = PUZZLE.solve(large, heuristic="linear-conflict", kernels="numba")
    assert (compiled.solution, compiled.stats.nodes) == (
        runs[2].solution, runs[2].stats.nodes - AUTO["sliding"].nodes)
    capped = PUZZLE.solve(large, heuristic="linear-conflict", limits=Limits(nodes=500))
    assert capped.status is Status.GAVE_UP and capped.stats.extra["kernel"] == "python"
    with pytest.raises(UsageError, match="fast"):
        PUZZLE.solve(small, kernels="fast")


def test_the_surface():
    assert PUZZLE.name == "sliding" and PUZZLE.inline
    assert PUZZLE.verbs == {"solve", "count", "generate", "render", "rate", "hint", "check",
                            "compare"}
    names = {(o.name, o.phase) for o in PUZZLE.options}
    assert {("size", "parse"), ("goal", "parse"), ("method", "run"), ("heuristic", "run"),
            ("weight", "run"), ("pdb", "run"), ("moves", "run"), ("length", "run")} <= names
    assert PUZZLE.example().board == sl.parse_board("5 1 9 3 11 13 6 8 14 10 4 15 0 12 7 2")


# -- count: distinct optimal solutions ----------------------------------------------------


def shortest_paths(distances: dict, tiles: tuple) -> int:
    """Brute force: the number of shortest paths to the goal, from exact BFS distances."""
    goal = sl.goal_board(3, 3)

    @cache
    def paths(state: tuple) -> int:
        if state == goal.tiles:
            return 1
        board = sl.Board(3, 3, state)
        return sum(paths(child.tiles) for child in map(lambda m: sl.move(board, m),
                                                          sl.legal_moves(board))
                   if distances[child.tiles] == distances[state] - 1)

    return paths(tiles)


@pytest.mark.parametrize("heuristic", ["manhattan", "linear-conflict", "pdb"])
def test_count_matches_brute_force(heuristic, distances_3x3, data_dir):
    for tiles, known in read_instances(data_dir / "sliding" / "8puzzle.txt")[::25]:
        task = PUZZLE.parse(tiles)
        result = PUZZLE.count(task, heuristic=heuristic)
        assert result.status is Status.SOLVED and result.complete
        assert result.details["length"] == known
        assert result.count == shortest_paths(distances_3x3, task.board.tiles)


def test_count_the_seeds_board_and_limits():
    task = PUZZLE.example()
    result = PUZZLE.count(task, pdb="5-5-5")
    assert (result.count, result.complete, result.details["length"]) == (2, True, 41)
    first = PUZZLE.count(task, pdb="5-5-5", limit=1)
    assert (first.count, first.complete, first.limit, first.status) == (1, False, 1,
                                                                         Status.SOLVED)
    stopped = PUZZLE.count(PUZZLE.parse(HARD_15), heuristic="manhattan",
                           limits=Limits(nodes=5000))
    assert stopped.status is Status.GAVE_UP and not stopped.complete
    assert stopped.to_dict()["complete"] is False


def test_count_unsolvable_and_solved():
    none = PUZZLE.count(PUZZLE.parse("1 2 3 4 5 6 8 7 0"))
    assert (none.count, none.complete, none.status) == (0, True, Status.UNSOLVABLE)
    done = PUZZLE.count(PUZZLE.parse("1 2 3 4 5 6 7 8 0"))
    assert (done.count, done.complete, done.details["length"]) == (1, True, 0)
    with pytest.raises(UsageError, match="compiled"):
        PUZZLE.count(PUZZLE.parse(EASY), heuristic="corner")


# -- hint and rate --------------------------------------------------------------------------


def test_hint():
    task = PUZZLE.parse(EASY)
    hint = PUZZLE.hint(task)
    assert hint.text == "2 moves from the goal; best move: slide tile 7 left (blank R)"
    assert (hint.move, hint.details["distance"], hint.details["tile"]) == ("R", 2, 7)
    assert PUZZLE.hint(task, "R").details == {"distance": 1, "move": "R", "tile": 8}
    assert PUZZLE.hint(task, sl.goal_board(3, 3)).text == "already solved"
    assert PUZZLE.hint(task, "RR").move is None
    with pytest.raises(InvalidPuzzle, match="off the board"):
        PUZZLE.hint(task, "D")
    unsolvable = PUZZLE.hint(PUZZLE.parse("1 2 3 4 5 6 8 7 0"))
    assert unsolvable.status is Status.UNSOLVABLE and unsolvable.text == sl.NO_SOLUTION
    gave_up = PUZZLE.hint(PUZZLE.parse(HARD_15), heuristic="manhattan",
                          limits=Limits(nodes=100))
    assert gave_up.status is Status.GAVE_UP and gave_up.move is None


def test_hint_follows_an_optimal_path(data_dir):
    tiles, known = read_instances(data_dir / "sliding" / "8puzzle.txt")[5]
    task, moves = PUZZLE.parse(tiles), ""
    while (hint := PUZZLE.hint(task, moves)).move:
        moves += hint.move
    assert len(moves) == known and PUZZLE.is_solution(task, moves).ok


def test_rate():
    seed = PUZZLE.rate(PUZZLE.example(), pdb="5-5-5")
    assert seed.status is Status.SOLVED and seed.level == "medium"
    d = seed.details
    assert d["length"] == 41 and d["lower_bound"] == 37 and d["gap"] == 4
    assert d["manhattan"] == 31 and d["manhattan_gap"] == 10
    assert "rating: medium" in PUZZLE.report_text("rate", PUZZLE.example(), seed)
    assert PUZZLE.rate(PUZZLE.parse(HARDEST_8)).level == "expert"
    assert PUZZLE.rate(PUZZLE.parse(EASY)).level == "easy"
    assert PUZZLE.rate(PUZZLE.parse(EASY), heuristic="corner").details["lower_bound"] == 2
    assert PUZZLE.rate(PUZZLE.parse("1 2 3 4 5 6 8 7 0")).status is Status.UNSOLVABLE
    gave_up = PUZZLE.rate(PUZZLE.parse(HARD_15), heuristic="manhattan",
                          limits=Limits(nodes=100))
    assert gave_up.status is Status.GAVE_UP and gave_up.level is None


# -- compare: one table, one deadline -------------------------------------------------------


def test_compare_on_the_hardest_8_puzzle():
    result = PUZZLE.compare(PUZZLE.parse(HARDEST_8))
    assert result.status is Status.SOLVED
    rows = result.details["rows"]
    assert [(r["method"], r["heuristic"].split()[0]) for r in rows][:4] == [
        ("astar", "misplaced"), ("astar", "manhattan"), ("astar", "last-move"),
        ("astar", "corner")]
    assert all(r["length"] == 31 for r in rows if r["optimal"])
    assert result.details["length"] == 31
    assert {r["status"] for r in rows} == {"solved"}
    table = PUZZLE.report_text("compare", None, result)
    assert "misplaced" in table and "optimal" in table and "no bound" in table
    assert result.to_dict()["nodes"] == sum(r["nodes"] for r in rows)


def test_compare_has_one_deadline():
    """At the deadline the running row gives up and the others are skipped: gave-up."""
    result = PUZZLE.compare(PUZZLE.parse(HARD_15), limits=Limits(seconds=0.5),
                            pdb="5-5-5")
    assert result.status is Status.GAVE_UP
    statuses = [r["status"] for r in result.details["rows"]]
    assert "skipped" in statuses and statuses[-1] == "skipped"
    assert "skipped (time limit)" in result.details["table"]


def test_compare_node_budget_is_per_row_and_unsolvable():
    result = PUZZLE.compare(PUZZLE.parse(HARDEST_8), limits=Limits(nodes=50))
    assert result.status is Status.SOLVED  # rows gave up at their budget, the table is whole
    assert all(r["nodes"] <= 50 for r in result.details["rows"])
    unsolvable = PUZZLE.compare(PUZZLE.parse("1 2 3 4 5 6 8 7 0"))
    assert unsolvable.status is Status.UNSOLVABLE
    assert PUZZLE.report_text("compare", None, unsolvable) == sl.NO_SOLUTION
    with pytest.raises(UsageError):
        PUZZLE.compare(PUZZLE.parse(EASY), weight=0)


# -- generate -------------------------------------------------------------------------------


def test_generate_counts_seeds_and_text():
    made = PUZZLE.generate(seed=3, count=5)
    from puzzlesmith.seeds import run_seeds

    assert made.status is Status.SOLVED
    assert [g.seed for g in made.puzzles] == list(run_seeds(3, 5))
    again = PUZZLE.generate(seed=3, count=5)
    assert [g.text for g in made.puzzles] == [g.text for g in again.puzzles]
    text = PUZZLE.report_text("generate", None, made)
    assert [PUZZLE.parse(line) for line in text.splitlines()] == \
        [g.instance for g in made.puzzles]
    wide = PUZZLE.generate(size="3x5", moves=30, seed=2)
    g = wide.puzzles[0]
    assert PUZZLE.parse(g.text) == g.instance and PUZZLE.is_solution(g.instance, g.solution)
    assert wide.to_dict()["size"] == "3x5"
    unseeded = PUZZLE.generate()
    assert isinstance(unseeded.puzzles[0].seed, int)


@pytest.mark.parametrize("params, match", [
    ({"moves": 10**12}, "at most 10,000,000 random moves"),
    ({"count": 10**8}, f"from 1 to {MAX_COUNT:,}"),
    ({"count": 0}, "from 1"),
    ({"moves": -1}, "at least 0"),
    ({"moves": 3, "length": 3}, "not both"),
    ({"size": "10x0"}, "at least 2"),
    ({"size": "100"}, "too large"),
])
def test_generate_bounds(params, match):
    with pytest.raises((UsageError, InvalidPuzzle), match=match):
        PUZZLE.generate(**params)
    assert MAX_WALK == 10_000_000


def test_generate_honours_the_deadline_and_keeps_what_it_made():
    made = PUZZLE.generate(size="16", moves=MAX_WALK, count=3, limits=Limits(seconds=0.3))
    assert made.status is Status.GAVE_UP and made.puzzles == []
    assert "random walk" in made.details["reason"]
    many = PUZZLE.generate(size="3", count=MAX_COUNT, limits=Limits(seconds=0.2))
    assert many.status is Status.GAVE_UP and len(many.puzzles) < MAX_COUNT  # (how many: load)


def test_generate_by_optimal_length(distances_3x3):
    made = PUZZLE.generate(size="3", length=24, count=3, seed=1)
    assert made.status is Status.SOLVED and made.to_dict()["nodes"] > 0
    for g in made.puzzles:
        assert distances_3x3[g.instance.board.tiles] == 24
        assert len(g.solution) == 24 and PUZZLE.is_solution(g.instance, g.solution).ok
        assert g.rating == "expert"
    with pytest.raises(InvalidPuzzle, match="no board 40 moves"):
        PUZZLE.generate(size="2x3", length=40, seed=1)


# -- check, answers, render -----------------------------------------------------------------


def test_check_answers_in_every_format():
    task = PUZZLE.parse(EASY)
    for style in ("seed", "boards", "moves"):
        text = PUZZLE.format_answer(task, "RR", style)
        assert PUZZLE.parse_answer(task, text) == "RR"
    assert PUZZLE.parse_answer(task, "r, r\n") == "RR"
    assert PUZZLE.parse_answer(task, sl.NO_SOLUTION) is None
    assert PUZZLE.is_solution(task, "RR").ok
    check = PUZZLE.is_solution(task, "RRU")
    assert not check and "not the goal" in check.violations[0]
    assert check.to_dict()["status"] == "unsolvable"
    assert PUZZLE.is_solution(task, "D").violations == [
        "move 1 (D) takes the blank off the board (from row 3, column 1)"]
    assert PUZZLE.is_solution(task, None).violations == [
        "the board can reach the goal, so it has a solution"]


@pytest.mark.parametrize("text, match", [
    ("RXR", "'X' is not a move"),
    ("3\n1 2 3 4 5 6 0 7 8\n----\n1 2 3 4 5 6 7 0 8\n----\n1 2 3 4 5 6 7 8 0", "says 3 moves"),
    ("1\n1 2 3 4 5 6 0 7 8\n----\n1 2 3 4 5 6 7 8 0", "not one slide away"),
    ("0\n1 2 3 4 5 6 7 8 0", "not the puzzle's board"),
    ("1 2 3", "number of moves"),
    ("1\n1 2 3 4 5 6 0 7 8\n----\n1 2 3", "board 2"),
])
def test_bad_answers(text, match):
    with pytest.raises(InvalidPuzzle, match=match):
        PUZZLE.parse_answer(PUZZLE.parse(EASY), text)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("UDLRudlr0123456789 ,-\n\x00é"), max_size=60)
       | st.text(max_size=40))
def test_any_answer_text_is_moves_or_invalid(text):
    task = PUZZLE.parse(EASY)
    try:
        answer = PUZZLE.parse_answer(task, text)
    except InvalidPuzzle:
        return
    assert answer is None or set(answer) <= set("UDLR")
    assert isinstance(PUZZLE.is_solution(task, answer).ok, bool)


def test_render():
    task = PUZZLE.parse(EASY)
    plain = PUZZLE.render_svg(task)
    assert plain.startswith("<svg") and plain.count("<text") == 8
    strip = PUZZLE.render_svg(task, "RR")
    assert strip.count("<g ") == 3 and ">2: R<" in strip
    long = PUZZLE.solve(PUZZLE.parse(HARDEST_8)).solution
    there_and_back = long + undo(long) + long  # over the frame cap: arrows
    arrows = PUZZLE.render_svg(PUZZLE.parse(HARDEST_8), there_and_back)
    assert "<polyline" in arrows and arrows.count("<g ") == 2
    with pytest.raises(InvalidPuzzle, match="off the board"):
        PUZZLE.render_svg(task, "DD")
    drawn = PUZZLE.render(task, style="framed")
    assert drawn.details["drawing"].splitlines()[1] == "| 1 | 2 | 3 |"
    solved = PUZZLE.render(task, solution=True, style="svg")
    assert solved.status is Status.SOLVED and solved.details["drawing"].count("<g ") == 3


def test_report_text_of_solve():
    task = PUZZLE.parse(EASY)
    result = PUZZLE.solve(task)
    lines = PUZZLE.report_text("solve", task, result).splitlines()
    assert lines[0] == "2" and lines[1] == EASY and lines[2] == "-" * 10
    assert lines[-1] == "1 2 3 4 5 6 7 8 0"
    assert PUZZLE.report_text("solve", task, result, "moves") == "RR"
    gave_up = PUZZLE.solve(PUZZLE.parse(HARD_15), heuristic="manhattan",
                           limits=Limits(nodes=10))
    assert PUZZLE.report_text("solve", task, gave_up) is None
    assert gave_up.messages == ["gave up: node limit 10 reached"]


def test_demo():
    text = PUZZLE.demo()
    assert "41 moves" in text and "|  5 |  1 |  9 |  3 |" in text


# -- pattern-database builds under the limits -----------------------------------------------


@pytest.fixture()
def fresh_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PUZZLESMITH_CACHE_DIR", str(tmp_path))
    return tmp_path


def test_a_table_build_stops_at_the_deadline(fresh_cache):
    task = PUZZLE.parse(EASY)
    result = PUZZLE.solve(task, pdb="8", limits=Limits(seconds=0.05))
    assert result.status is Status.GAVE_UP
    assert "time limit reached while building the pattern database 8" in \
        result.details["reason"]
    assert not list(fresh_cache.glob("*.npy"))  # nothing half-built is kept (a .lock may be)


def test_a_table_build_checks_memory_first(fresh_cache):
    result = PUZZLE.solve(PUZZLE.parse(EASY), pdb="8", limits=Limits(memory=10**6))
    assert result.status is Status.GAVE_UP and "needs about 433 MB" in result.details["reason"]


def test_a_table_build_reports_progress_and_is_cached(fresh_cache):
    phases = []
    result = PUZZLE.solve(PUZZLE.parse(EASY), pdb="4-4",
                          progress=lambda stats: phases.append(stats.extra["phase"]))
    assert solved_length(result, PUZZLE.parse(EASY)) == 2
    assert any(p.startswith("building pattern database 4-4 (1/2") for p in phases)
    assert len(list(fresh_cache.glob("*.npy"))) == 2


def test_a_table_build_stops_at_ctrl_c(fresh_cache):
    def interrupt(stats):
        raise KeyboardInterrupt

    result = PUZZLE.solve(PUZZLE.parse(EASY), pdb="8", progress=interrupt)
    assert result.status is Status.GAVE_UP and "interrupted while building" in \
        result.details["reason"]


# -- bench ----------------------------------------------------------------------------------


def test_bench():
    result = PUZZLE.bench({"two": f"# two boards\n{EASY} 2\n{HARDEST_8} 31\n"})
    assert result.status is Status.SOLVED and result.details["boards"] == 2
    assert result.details["mismatches"] == 0 and "2 boards" in result.details["table"]
    wrong = PUZZLE.bench({"file": f"{EASY} 3\n"})
    assert wrong.status is Status.UNSOLVABLE and wrong.details["mismatches"] == 1
    with pytest.raises(InvalidPuzzle, match="line 2"):
        PUZZLE.bench({"file": f"{EASY}\n1 2 3 x\n"})
    with pytest.raises(InvalidPuzzle):
        PUZZLE.bench({"file": "\x00\x01"})
    stopped = PUZZLE.bench({"file": f"{HARD_15}\n{EASY} 2\n"}, limits=Limits(nodes=1000),
                           pdb="none")
    assert stopped.status is Status.GAVE_UP and stopped.details["gave_up"] == [1]
    assert stopped.details["boards"] == 2  # the next board still ran
    assert any("gave up at line 1" in m for m in stopped.messages)
    unsolvable = PUZZLE.bench({"file": f"{EASY} 2\n1 2 3 4 5 6 8 7 0\n"})
    assert unsolvable.status is Status.UNSOLVABLE and unsolvable.details["unsolvable"] == [2]
    assert unsolvable.messages == ["line 2: no solution"]
    assert "limit 60 s a board" in unsolvable.details["table"]


def test_instance_or_board():
    assert PUZZLE.solve(sl.parse_board(EASY)).solution == "RR"
    assert PUZZLE.solve(Instance(sl.parse_board(EASY), sl.goal_board(3, 3))).solution == "RR"
    with pytest.raises(UsageError):
        PUZZLE.solve(EASY)


def test_parse_all_reads_a_boards_file(data_dir):
    text = (data_dir / "sliding" / "8puzzle.txt").read_text()
    boards = PUZZLE.parse_all(text)
    assert len(boards) == 200
    assert PUZZLE.solve(boards[0]).details["length"] == 31
    assert len(PUZZLE.parse_all("8 6 7 2 5 4 3 0 1")) == 1
    with pytest.raises(InvalidPuzzle):
        PUZZLE.parse_all("1 2 3\n4 5\n")
