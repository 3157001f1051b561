"""The declared genres played in a real browser through the generic grid board: a shading
genre and a loop genre played to "solved" by pressing Hint (and "Do it") alone, from the
example and, once the genre generates, from a generated puzzle; a pasted puzz.link URL opens
its genre; Check shows a wrong mark; keys and drags draw a loop; lit cells are shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.serve.test_api import post
from tests.serve.test_browser import WAIT, cell, game, needs, open_puzzle, paste, shoot

pytest.importorskip("selenium", reason="the browser tests need selenium")

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

SHADING, LOOP = "lightup", "slitherlink"
#: Hints enough for the examples (each hint applies a whole deduction).
MOST_HINTS = 200


def example_text(name: str) -> str:
    from puzzlesmith.puzzles import get

    puzzle = get(name)
    return puzzle.format(puzzle.example())


def open_example(browser, server, name: str) -> None:
    """The genre's example (``p=NAME`` alone opens it while the genre cannot generate)."""
    needs(name)
    open_puzzle(browser, server, p=name, text=example_text(name))


def solved(browser) -> bool:
    return browser.find_element(By.ID, "verdict").text == "solved"


def play_by_hints(browser) -> list[str]:
    """Press Hint, then "Do it", until the page says solved; the hints' texts."""
    said = []
    for _ in range(MOST_HINTS):
        if solved(browser):
            return said
        browser.find_element(By.ID, "hint").click()
        WebDriverWait(browser, WAIT).until(lambda d: solved(d) or d.find_element(
            By.ID, "apply-hint").is_displayed() or "no hint" in d.find_element(
            By.ID, "message").text)
        if solved(browser):
            return said
        said.append(browser.find_element(By.ID, "message").text)
        assert browser.find_elements(By.CSS_SELECTOR, "#board .highlight"), said[-1]
        browser.find_element(By.ID, "apply-hint").click()
        WebDriverWait(browser, WAIT).until(lambda d: not d.execute_script(
            "return document.body.classList.contains('busy')"))
    WebDriverWait(browser, WAIT).until(solved)
    return said


@pytest.mark.parametrize("name", [SHADING, "nurikabe", "hitori", "masyu", "slant"])
def test_an_example_is_played_to_solved_by_hints_alone(browser, server, screenshots, name):
    open_example(browser, server, name)
    said = play_by_hints(browser)
    assert said and all(":" in text for text in said)  # "r2c1 has no light: ..."
    assert solved(browser)
    shoot(browser, screenshots, f"{name}-by-hints")


@pytest.mark.parametrize("name", [SHADING, LOOP])
def test_a_generated_puzzle_is_played_to_solved_by_hints_alone(browser, server, screenshots,
                                                                 name):
    needs(name)
    from puzzlesmith.puzzles import get

    if "generate" not in get(name).verbs:
        pytest.skip(f"{name} does not generate yet")
    open_puzzle(browser, server, p=name, seed=3, size=6)  # Slitherlink by hints: 6x6 is enough
    assert game(browser, "text") != example_text(name)
    play_by_hints(browser)
    assert solved(browser)
    shoot(browser, screenshots, f"{name}-generated-by-hints")


def test_a_genre_that_cannot_generate_opens_its_example(browser, server):
    needs(SHADING)
    from puzzlesmith.puzzles import get

    if "generate" in get(SHADING).verbs:
        pytest.skip(f"{SHADING} generates")
    open_puzzle(browser, server, p=SHADING)
    assert game(browser, "text").strip() == example_text(SHADING).strip()
    assert not browser.find_element(By.ID, "new").is_enabled()


def test_a_pasted_puzzlink_url_opens_its_genre(browser, server, screenshots):
    needs(SHADING)
    needs(LOOP)
    from puzzlesmith.puzzles import get

    puzzle = get(LOOP)
    url = puzzle.format(puzzle.example(), "puzzlink")
    open_example(browser, server, SHADING)
    paste(browser, url)
    WebDriverWait(browser, WAIT).until(lambda d: d.execute_script(
        f"const g = window.puzzlesmith.game; return g && g.name === {LOOP!r};"))
    assert browser.find_element(By.ID, f"tab-{LOOP}").get_attribute("aria-current") == "true"
    assert game(browser, "board.marks") == ["line"]
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .point")) == 64
    shoot(browser, screenshots, f"{LOOP}-pasted")


def test_check_shows_a_wrong_mark(browser, server, screenshots):
    """A bulb where the answer has none: Check draws it as a mistake."""
    open_example(browser, server, SHADING)
    from puzzlesmith.puzzles import get

    puzzle = get(SHADING)
    g = puzzle.example()
    bulbs = puzzle.solve(g).solution
    r, c = next(at for at in g.cells() if at not in g.walls and at not in bulbs)
    cell(browser, r, c).click()
    assert game(browser, f"state.marks[{r * g.cols + c}]") == "bulb"
    browser.find_element(By.ID, "check").click()
    WebDriverWait(browser, WAIT).until(lambda d: game(d, "marks") and game(d, "marks.kind")
                                       == "bad")
    assert game(browser, "marks.cells") == [[r, c]]
    drawn = browser.find_element(By.CSS_SELECTOR, "#board .highlight")
    assert [drawn.get_attribute("data-row"), drawn.get_attribute("data-col")] == [str(r), str(c)]
    shoot(browser, screenshots, f"{SHADING}-checked")


def test_a_bulb_lights_its_lines(browser, server):
    open_example(browser, server, SHADING)
    cell(browser, 1, 0).click()
    lit = browser.execute_script(
        "return [...document.querySelectorAll('#board .cell')].filter("
        "(c) => c.getAttribute('fill') === '#fff1a8').map("
        "(c) => [Number(c.dataset.row), Number(c.dataset.col)]);")
    assert [1, 6] in lit and [0, 0] not in lit and [4, 0] not in lit


def test_a_loop_is_drawn_with_keys_and_by_dragging(browser, server):
    """Shift+arrows draw from the cursor point, Alt+arrow crosses out; a drag through three
    points draws two segments; a click on a drawn segment crosses it out."""
    open_example(browser, server, LOOP)
    keys = ActionChains(browser)
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_DOWN):  # from (0, 0): the cursor to (1, 1)
        keys.send_keys(key)
    keys.key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT).key_up(Keys.SHIFT)
    keys.key_down(Keys.ALT).send_keys(Keys.ARROW_DOWN).key_up(Keys.ALT).perform()
    assert game(browser, "state.lines") == ["1,1,1,2"]
    assert game(browser, "state.crosses") == ["1,2,2,2"]
    top = cell(browser, 4, 4)
    side = top.size["width"]
    drag = ActionChains(browser).move_to_element(top).move_by_offset(-side // 2, -side // 2)
    drag.click_and_hold().move_by_offset(side // 2, 0).move_by_offset(side // 2, 0)
    drag.move_by_offset(0, side // 2).move_by_offset(0, side // 2).release().perform()
    assert sorted(game(browser, "state.lines")) == ["1,1,1,2", "4,4,4,5", "4,5,5,5"]
    ActionChains(browser).move_to_element(cell(browser, 4, 4)).move_by_offset(
        0, -side // 2 + 3).click().perform()
    assert "4,4,4,5" in game(browser, "state.crosses")



def test_a_pasted_tatham_id_opens_its_genre(browser, server):
    needs(SHADING)
    needs(LOOP)
    data = Path(__file__).resolve().parents[1] / "data" / "genres" / "tatham" / SHADING
    game_id = sorted(data.glob("*.txt"))[0].read_text().split()[0]
    open_example(browser, server, LOOP)
    paste(browser, game_id)
    WebDriverWait(browser, WAIT).until(lambda d: d.execute_script(
        f"const g = window.puzzlesmith.game; return g && g.name === {SHADING!r};"))
    rows, cols = map(int, game_id.split(":")[0].split("x"))
    assert [game(browser, "board.rows"), game(browser, "board.cols")] == [rows, cols]
    assert game(browser, "text") == game_id


def test_the_form_generates_by_size_difficulty_and_seed(browser, server, http):
    """The generate form (built from the puzzle's generate options) passes its size,
    difficulty and seed to the API's generate verb: the page shows the API's puzzle."""
    needs("starbattle")
    open_puzzle(browser, server, p="starbattle", size=6, stars=1, seed=5)
    chosen = {"size": "5", "difficulty": "easy", "seed": "11"}
    for name, value in chosen.items():
        field = browser.find_element(By.ID, "seed" if name == "seed" else f"opt-{name}")
        if field.tag_name == "select":
            Select(field).select_by_value(value)
        else:
            field.clear()
            field.send_keys(value)
    browser.find_element(By.ID, "new").click()
    WebDriverWait(browser, WAIT).until(lambda d: "seed=11" in d.current_url and game(
        d, "board") and game(d, "board.rows") == 5)
    _, made = post(http, "starbattle", "generate", {"size": "5", "difficulty": "easy",
                                                    "stars": 1, "seed": 11})
    def board(text: str) -> list[str]:
        return [line for line in text.strip().splitlines() if not line.startswith("#")]

    assert board(game(browser, "text")) == board(made["text"])


def test_a_loop_through_the_centres_is_clicked_and_dragged(browser, server):
    """Masyu's loop joins the cells' centres: a click near a cell's right side draws the
    segment to the cell beside it (again: crosses it out); a drag joins the centres."""
    open_example(browser, server, "masyu")
    first = cell(browser, 0, 0)
    side = first.size["width"]
    ActionChains(browser).move_to_element(first).move_by_offset(side // 2 - 3, 0).click().perform()
    assert game(browser, "state.lines") == ["0,0,0,1"]
    ActionChains(browser).move_to_element(cell(browser, 0, 0)).move_by_offset(
        side // 2 - 3, 0).click().perform()
    assert game(browser, "state.crosses") == ["0,0,0,1"] and game(browser, "state.lines") == []
    drag = ActionChains(browser).move_to_element(cell(browser, 1, 1)).click_and_hold()
    drag.move_by_offset(side // 2, 0).move_by_offset(side // 2, 0).release().perform()
    assert game(browser, "state.lines") == ["1,1,1,2"]
