"""A declared genre's view on the generic grid, in a real browser: a loop board whose
segments are drawn by clicks near a cell's sides, and Light Up's walls, bulbs and dots (the
toys show a genre's board on the template puzzle: only the page is tested)."""

from __future__ import annotations

import pytest

from tests.serve.test_browser import WAIT, cell, game, needs, open_puzzle, shoot

pytest.importorskip("selenium", reason="the browser tests need selenium")

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

LATIN = "..12\n.2..\n3..4\n....\n"
SCRIPT = "const g = window.puzzlesmith.game; return g.module.{};"


def open_toy(browser, server, monkeypatch, name: str, module: str) -> None:
    from puzzlesmith import puzzles

    monkeypatch.setitem(puzzles.REGISTRY, name, module)
    open_puzzle(browser, server, p=name, text=LATIN)


def click_side(browser, r: int, c: int, dx: float, dy: float) -> None:
    """Click cell (r, c) at (dx, dy) of its half-size from its centre (-1..1)."""
    target = cell(browser, r, c)
    half = target.size["width"] / 2
    ActionChains(browser).move_to_element_with_offset(
        target, int(dx * half * 0.8), int(dy * half * 0.8)).click().perform()


def test_a_loop_is_drawn_by_clicking_near_the_sides(browser, server, screenshots, monkeypatch):
    """Four clicks near the sides of r1c1 draw the loop around it; the answer text writes
    and reads it back; a hint's "unline" mark crosses a segment out; so does a click again."""
    open_toy(browser, server, monkeypatch, "genre-loop", "tests.serve.genres_toy")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .point")) == 25
    for dx, dy in ((0, -1), (0, 1), (-1, 0), (1, 0)):
        click_side(browser, 0, 0, dx, dy)
    assert sorted(game(browser, "state.lines")) == ["0,0,0,1", "0,0,1,0", "0,1,1,1", "1,0,1,1"]
    text = browser.execute_script(SCRIPT.format("answer(g.board, g.state)"))
    assert text.splitlines()[:3] == ["+-+ + + +", "|3|. 2 . ", "+-+ + + +"]
    back = "answer(g.board, g.module.fromAnswer(g.board, g.module.answer(g.board, g.state)))"
    assert browser.execute_script(SCRIPT.format(back)) == text
    assert browser.execute_script(SCRIPT.format("complete(g.board, g.state)")) is True
    shoot(browser, screenshots, "genre-loop")
    hint = "hintMove(g.board, g.state, {{marks: [[0, 0, '{}', '{}']]}})"
    assert browser.execute_script(SCRIPT.format(hint.format("unline", "0,0,0,1"))) == {
        "line": "0,0,0,1", "to": "cross"}
    assert browser.execute_script(SCRIPT.format(hint.format("line", "0,0,0,1"))) is None
    click_side(browser, 0, 0, 1, 0)
    assert "0,1,1,1" not in game(browser, "state.lines")


def test_light_up_walls_bulbs_and_dots(browser, server, screenshots, monkeypatch):
    """Walls are black givens with white numbers; a click places a bulb, then a dot."""
    open_toy(browser, server, monkeypatch, "genre-lightup", "tests.serve.genres_shading_toy")
    given = browser.find_element(By.CSS_SELECTOR, "#board .given")
    assert given.text == "1" and given.get_attribute("fill") == "#fff"
    cell(browser, 0, 0).click()
    cell(browser, 1, 1).click()
    cell(browser, 1, 1).click()
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .bulb")) == 1
    text = browser.execute_script(SCRIPT.format("answer(g.board, g.state)"))
    assert text == "*.#.\n.x..\n#..#\n...."
    back = "answer(g.board, g.module.fromAnswer(g.board, g.module.answer(g.board, g.state)))"
    assert browser.execute_script(SCRIPT.format(back)) == text
    shoot(browser, screenshots, "genre-lightup")


@pytest.mark.parametrize("name", ["lightup", "hitori", "nurikabe", "slitherlink"])
def test_a_declared_genre_is_solved_and_checked_on_the_page(browser, server, screenshots, name):
    """The registered genre puzzle (skipped until the genres are puzzles): Solve draws the
    answer from the puzzle's answer text, which the page writes back and Check accepts."""
    needs(name)
    from puzzlesmith.puzzles import get

    puzzle = get(name)
    open_puzzle(browser, server, p=name, text=puzzle.format(puzzle.example()))
    browser.find_element(By.ID, "solve").click()
    WebDriverWait(browser, WAIT).until(lambda d: "Solved by the computer" in d.find_element(
        By.ID, "message").text)
    solution = puzzle.solve(puzzle.example()).solution
    drawn = "state.lines.length" if name == "slitherlink" else \
        "state.marks.filter((m) => m && m !== 'dot').length"
    assert game(browser, drawn) == len(solution)
    browser.find_element(By.ID, "check").click()
    WebDriverWait(browser, WAIT).until(lambda d: "Correct" in d.find_element(
        By.ID, "message").text)
    shoot(browser, screenshots, f"{name}-solved")
