"""Star Battle's other verbs: hints from a player's marks, explanations, limits, the demo."""

from __future__ import annotations

import sys

import pytest

from puzzlesmith.errors import LimitReached
from puzzlesmith.puzzles import get
from puzzlesmith.puzzles.starbattle import Marks
from puzzlesmith.puzzles.starbattle import deduce as rules
from puzzlesmith.puzzles.starbattle import solve as solver
from puzzlesmith.results import Limits, Status

SB = get("starbattle")
EXAMPLE_6X6 = "AABBCC\nAABCCC\nAABCCC\nDDBBEE\nDDBBEF\nDDBBFF\n"


def marks_of(puzzle, rows):
    return SB.parse_answer(puzzle, "\n".join(rows))


def test_hints_lead_to_the_solution_step_by_step():
    """Following the hints from an empty board ends at the unique solution."""
    puzzle = SB.example()
    marks = Marks()
    for _ in range(200):
        hint = SB.hint(puzzle, marks)
        assert hint.status is Status.SOLVED and hint.text
        rule = hint.details["rule"]
        if rule == "done":
            break
        assert rule in rules.RULES or rule == "search", hint.text
        step = hint.move
        assert step.stars or step.empties
        assert set(step.stars) <= puzzle.given and not set(step.empties) & puzzle.given
        marks = Marks(marks.stars | set(step.stars), marks.empties | set(step.empties))
    assert hint.details["rule"] == "done" and marks.stars == puzzle.given
    assert SB.is_solution(puzzle, marks)


def test_hint_names_the_rule_and_the_cells():
    puzzle = SB.parse(EXAMPLE_6X6)
    hint = SB.hint(puzzle)
    assert hint.text == "squeeze (region E): empty: r5c6"
    body = hint.to_dict()
    assert body["rule"] == "squeeze" and body["unit"] == "region E"
    assert body["empties"] == ["r5c6"] and body["stars"] == []


def test_hint_points_at_mistakes():
    puzzle = SB.example()
    touching = SB.hint(puzzle, marks_of(puzzle, ["*" + "." * 11, ".*" + "." * 10]
                                        + ["." * 12] * 10))
    assert touching.details["rule"] == "mistake" and "touch" in touching.text
    wrong = SB.hint(puzzle, marks_of(puzzle, ["*" + "." * 11] + ["." * 12] * 11))
    assert wrong.details["rule"] == "mistake" and wrong.details["wrong"] == ["r1c1"]
    ruled_out = sorted(puzzle.given)[0]
    row = ["." * 12] * 12
    row[ruled_out[0]] = "." * ruled_out[1] + "x" + "." * (11 - ruled_out[1])
    hint = SB.hint(puzzle, marks_of(puzzle, row))
    assert hint.details["rule"] == "mistake"
    assert hint.details["wrong"] == [f"r{ruled_out[0] + 1}c{ruled_out[1] + 1}"]
    full_row = ["**" + "." * 10] + ["." * 12] * 11
    assert "touch" in SB.hint(puzzle, marks_of(puzzle, full_row)).text


def test_hint_on_a_solved_board_and_on_an_impossible_puzzle():
    puzzle = SB.example()
    done = SB.hint(puzzle, sorted(puzzle.given))
    assert done.details["rule"] == "done" and done.status is Status.SOLVED
    impossible = SB.hint(SB.parse("ab\nab\n", stars=1))
    assert impossible.status is Status.UNSOLVABLE and "no solution" in impossible.text


def test_hint_falls_back_on_search_when_the_rules_stall():
    open_grid = SB.parse("\n".join(["abcdef"] * 6))  # many solutions: no rule applies
    hint = SB.hint(open_grid)
    assert hint.details["rule"] == "search" and len(hint.move.stars) == 1


def test_explain_gives_the_steps_and_a_verdict():
    puzzle = SB.parse(EXAMPLE_6X6)
    result = SB.solve(puzzle, explain=True)
    steps = result.details["steps"]
    assert steps and all(isinstance(s, str) for s in steps)
    assert result.messages[-1] == "the deductions solve it, without search"
    assert len(result.messages) == len(steps) + 1
    stalled = SB.solve(SB.parse("\n".join(["abcdef"] * 6)), explain=True)
    assert stalled.messages[-1] == "the deductions stall here: the rest needs search"
    impossible = SB.solve(SB.parse("ab\nab\n", stars=1), explain=True)
    assert impossible.status is Status.UNSOLVABLE
    assert impossible.details["steps"][-1].startswith("contradiction")


def test_rating_explaining_and_hints_honour_the_deadline(data_dir):
    """A 50x50 board takes a while to rate; a deadline that passes first ends every verb
    with status gave-up (never an exception, never the whole work)."""
    big = SB.parse((data_dir / "starbattle-large" / "u50_hwhab_ms25.sb").read_text())
    rated = SB.rate(big, limits=Limits(seconds=0.01))
    assert rated.status is Status.GAVE_UP and "rating" in rated.details["reason"]
    assert rated.to_dict()["status"] == "gave-up"
    explained = SB.solve(big, explain=True, limits=Limits(seconds=0.01))
    assert explained.status is Status.GAVE_UP
    hint = SB.hint(big, limits=Limits(seconds=0))
    assert hint.status is Status.GAVE_UP
    with pytest.raises(LimitReached, match="explaining"):
        rules.explain(big, limits=Limits(seconds=0).started())


def test_memory_limit_refuses_a_large_model():
    puzzle = SB.example()
    refused = SB.solve(puzzle, limits=Limits(memory=1000))
    assert refused.status is Status.GAVE_UP
    assert "over the memory limit" in refused.details["reason"]
    assert SB.solve(puzzle, limits=Limits(memory=10**9)).status is Status.SOLVED


def test_a_passed_deadline_stops_building_the_model():
    stopped = SB.solve(SB.example(), limits=Limits(seconds=0).started())
    assert stopped.status is Status.GAVE_UP and "building the model" in stopped.details["reason"]
    with pytest.raises(LimitReached, match="building the model"):
        solver.solve(SB.example(), limits=Limits(seconds=0).started())


def test_demo_and_example():
    text = SB.demo()
    assert "Star Battle" in text and text.count("*") >= 24 + 8
    assert "unique: True" in text
    example = SB.example()
    assert (example.rows, example.row_stars[0]) == (12, 2) and len(example.given) == 24


def test_verbs_are_what_the_puzzle_offers():
    assert {"solve", "count", "generate", "render", "hint", "check", "rate"} <= SB.verbs
    assert "compare" not in SB.verbs
    for option in SB.options:
        assert set(option.verbs) <= SB.verbs


def test_importing_the_puzzle_imports_no_numba():
    import subprocess

    code = ("import sys, puzzlesmith.puzzles as p; p.get('starbattle'); "
            "import puzzlesmith.engines.exactcover; "
            "assert not any(m.startswith('numba') for m in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0
