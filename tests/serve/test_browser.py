"""The front end in a real browser (headless chromium through selenium): play a Star Battle to
its solved state by clicking, solve a 3x3 sliding board with the arrow keys, turn and lock Net
tiles, ask for a hint, watch a solver, open a pasted Tatham game ID and puzz.link URL from
another tab.  Each test saves a screenshot (see conftest.py)."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from tests.formats.helpers import lines
from tests.serve.test_api import PLAYABLE, post

pytest.importorskip("selenium", reason="the browser tests need selenium")

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

WAIT = 30  # seconds: generous, the machine is shared; nothing here measures time


def needs(name: str) -> None:
    if name not in PLAYABLE:
        pytest.skip(f"{name} is not under test (PUZZLESMITH_SERVE_PUZZLES)")


def open_puzzle(browser, server: str, **params) -> None:
    """Open the page on a puzzle (``p=NAME`` and ``text=...`` or generation options) and wait
    until its board is drawn."""
    browser.get("about:blank")  # a fresh page, not a hash change on the last one
    browser.get(f"{server}/#{urlencode(params)}")
    WebDriverWait(browser, WAIT).until(lambda d: d.execute_script(
        "const g = window.puzzlesmith && window.puzzlesmith.game;"
        f"return g && g.text && g.name === {params['p']!r} && "
        "document.querySelectorAll('#board .cell').length > 0"))


def cell(browser, r: int, c: int):
    return browser.find_element(By.CSS_SELECTOR, f'#board .cell[data-row="{r}"][data-col="{c}"]')


def wait_solved(browser) -> None:
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_element(By.ID, "verdict").text == "solved")


def game(browser, expression: str):
    return browser.execute_script(f"return window.puzzlesmith.game.{expression};")


def answer(browser) -> str:
    """The board as the answer text, one row a line."""
    return browser.execute_script(
        "const g = window.puzzlesmith.game; return g.module.answer(g.board, g.state);")


def shoot(browser, screenshots, name: str) -> None:
    path = screenshots / f"{name}.png"
    browser.save_screenshot(str(path))
    assert path.stat().st_size > 1000


def test_star_battle_played_to_its_solved_state(browser, server, http, screenshots):
    needs("starbattle")
    _, made = post(http, "starbattle", "generate", {"size": 6, "stars": 1, "seed": 5})
    _, solved = post(http, "starbattle", "solve", {"text": made["text"]})
    stars = [(r, c) for r, line in enumerate(solved["answer"].splitlines())
             for c, ch in enumerate(line.strip()) if ch == "*"]
    open_puzzle(browser, server, p="starbattle", text=made["text"])
    free = next((r, c) for r in range(6) for c in range(6) if (r, c) not in stars)
    ActionChains(browser).context_click(cell(browser, *free)).perform()  # a dot
    assert game(browser, f"state.marks[{free[0] * 6 + free[1]}]") == "dot"
    r, c = stars[0]
    beside = next(at for at in [(r, c + 1), (r, c - 1), (r + 1, c), (r - 1, c)]
                  if at != free and min(at) >= 0 and max(at) < 6)
    for at in (stars[0], beside):
        cell(browser, *at).click()  # two stars side by side: both drawn as a mistake
    fills = [star.get_attribute("fill")
             for star in browser.find_elements(By.CSS_SELECTOR, "#board .star")]
    assert fills == ["#c0392b", "#c0392b"], fills  # COLOURS.bad
    for _ in range(2):
        cell(browser, *beside).click()  # star -> dot -> empty
    assert browser.find_element(By.CSS_SELECTOR, "#board .star").get_attribute("fill") != fills[0]
    for r, c in stars[1:]:
        cell(browser, r, c).click()  # empty -> star
    wait_solved(browser)
    assert "Solved" in browser.find_element(By.ID, "message").text
    shoot(browser, screenshots, "starbattle-solved")


def test_sliding_solved_with_arrow_keys(browser, server, http, screenshots):
    needs("sliding")
    board = "4 1 3\n7 2 5\n0 8 6"
    _, solved = post(http, "sliding", "solve", {"text": board})
    moves = solved["answer"]
    keys = {"U": Keys.ARROW_DOWN, "D": Keys.ARROW_UP, "L": Keys.ARROW_RIGHT,
            "R": Keys.ARROW_LEFT}  # the blank goes one way, the tile the other
    open_puzzle(browser, server, p="sliding", text=board)
    body = browser.find_element(By.TAG_NAME, "body")
    for letter in moves:
        body.send_keys(keys[letter])
    wait_solved(browser)
    assert f"{len(moves)} moves" in browser.find_element(By.ID, "counter").text
    shoot(browser, screenshots, "sliding-solved")


def test_net_tiles_turn_and_lock(browser, server, http, screenshots):
    needs("net")
    _, made = post(http, "net", "generate", {"size": "4x4", "seed": 3})
    open_puzzle(browser, server, p="net", text=made["text"])
    cell(browser, 0, 0).click()
    assert game(browser, "state.turns[0][0]") == 1
    ActionChains(browser).key_down(Keys.SHIFT).click(cell(browser, 1, 1)) \
        .key_up(Keys.SHIFT).perform()
    assert game(browser, "state.locked[1][1]") is True
    cell(browser, 1, 1).click()  # a locked tile does not turn
    assert game(browser, "state.turns[1][1]") == 0
    browser.find_element(By.ID, "undo").click()
    assert game(browser, "state.locked[1][1]") is False
    shoot(browser, screenshots, "net-turned")


@pytest.mark.parametrize("name", ["starbattle", "queens"])
def test_a_hint_is_shown_and_can_be_played(browser, server, screenshots, name):
    needs(name)
    open_puzzle(browser, server, p=name, size=6, seed=4)
    browser.find_element(By.ID, "hint").click()
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_element(By.ID, "message").text and game(d, "marks"))
    assert game(browser, "marks.cells.length") >= 1
    shoot(browser, screenshots, f"{name}-hint")
    apply = browser.find_element(By.ID, "apply-hint")
    if apply.is_displayed():
        before = game(browser, "moves")
        apply.click()
        assert game(browser, "moves") == before + 1


def test_watching_a_star_search(browser, server, screenshots):
    needs("sliding")
    open_puzzle(browser, server, p="sliding", text="4 1 3\n7 2 5\n0 8 6")
    browser.find_element(By.ID, "run").click()
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_element(By.ID, "trace-info").text.startswith("step 1 of"))
    browser.find_element(By.ID, "next").click()
    assert browser.find_element(By.ID, "trace-info").text.startswith("step 2 of")
    assert "frontier" in browser.find_element(By.ID, "trace-detail").text
    shoot(browser, screenshots, "sliding-astar")
    browser.find_element(By.ID, "leave").click()
    assert not browser.execute_script("return window.puzzlesmith.watch")



def paste(browser, text: str) -> None:
    """Paste ``text`` into the page's paste box and press Load."""
    browser.execute_script("document.getElementById('paste').open = true;")
    box = browser.find_element(By.ID, "paste-text")
    box.clear()
    box.send_keys(text)
    browser.find_element(By.ID, "load").click()


def test_pasted_game_id_and_puzzlink_url_open_their_puzzles(browser, server, screenshots):
    needs("net")
    needs("starbattle")
    game_id = next(i for i in lines("net-barriers.txt") if i.startswith("8x5w:"))
    url = lines("starbattle-puzzlink.txt")[3]  # the 10x10 two-star link issue 35 quotes
    open_puzzle(browser, server, p="sliding", text="1 2 3\n4 0 5\n7 8 6")
    for text, name, size in ((game_id, "net", [5, 8]), (url, "starbattle", [10, 10])):
        paste(browser, text)
        WebDriverWait(browser, WAIT).until(lambda d, name=name: d.execute_script(
            f"const g = window.puzzlesmith.game; return g && g.name === {name!r};"))
        assert [game(browser, "board.rows"), game(browser, "board.cols")] == size
        assert browser.find_element(By.ID, f"tab-{name}").get_attribute("aria-current") == "true"
        copy = browser.find_element(By.ID, "copy-shared")
        assert copy.is_displayed() and copy.get_attribute("title") == text
        assert browser.find_element(By.ID, "shared-text").get_attribute("value") == text
        if name == "net":  # the game ID's rules and barriers came along
            assert game(browser, "board.wrap") is True
            assert any(any(row) for row in game(browser, "board.barriers"))
            shoot(browser, screenshots, "net-from-game-id")
    assert copy.get_attribute("href") == url
    copy.click()  # to the clipboard, or selected where the page may not write it
    WebDriverWait(browser, WAIT).until(lambda d: d.find_element(By.ID, "message").text
                                       .startswith(("Copied: ", "Selected")))
    assert game(browser, "name") == "starbattle"  # the link copies, it does not navigate
    paste(browser, "hello")
    WebDriverWait(browser, WAIT).until(
        lambda d: "no puzzle reads this text" in d.find_element(By.ID, "message").text)
    assert game(browser, "name") == "starbattle"  # nothing else opened
    paste(browser, "AABBCC\nAABCCC\nAABCCC\nDDBBEE\nDDBBEF\nDDBBFF")  # the tab's own format
    WebDriverWait(browser, WAIT).until(lambda d: game(d, "board.rows") == 6)


def wait_marks(browser, kind: str) -> None:
    """Wait for the board's marks of ``kind`` (a check's "bad", a "hint")."""
    WebDriverWait(browser, WAIT).until(
        lambda d: game(d, "marks") and game(d, "marks.kind") == kind)


def test_sudoku_played_with_keys_hint_and_check(browser, server, screenshots):
    """A 4x4 Sudoku: type digits into clicked cells (one a mistake the check marks, then
    cleared), a pencil mark, a hint played with "Do it", then the rest: solved."""
    needs("sudoku")
    board = "12..\n..12\n2...\n...3"  # solution 1234 / 3412 / 2341 / 4123
    solution = "1234341223414123"
    open_puzzle(browser, server, p="sudoku", text=board)
    assert game(browser, "board.regions") == [[0, 0, 1, 1], [0, 0, 1, 1],
                                              [2, 2, 3, 3], [2, 2, 3, 3]]
    body = browser.find_element(By.TAG_NAME, "body")
    cell(browser, 1, 0).click()
    body.send_keys("3")
    cell(browser, 1, 1).click()
    body.send_keys("3")  # a mistake: r2c2 is 4
    assert answer(browser).split()[1] == "3312"
    browser.find_element(By.ID, "check").click()
    wait_marks(browser, "bad")
    assert game(browser, "marks.cells") == [[1, 0], [1, 1]]  # both 3s of row 2
    body.send_keys(Keys.BACKSPACE)
    ActionChains(browser).key_down(Keys.SHIFT).send_keys("4").key_up(Keys.SHIFT).perform()
    assert game(browser, "state.values[5]") == "" and game(browser, "state.notes[5]") == "4"
    browser.find_element(By.ID, "hint").click()
    wait_marks(browser, "hint")
    assert "r1c3 = 3" in browser.find_element(By.ID, "message").text
    shoot(browser, screenshots, "sudoku-hint")
    browser.find_element(By.ID, "apply-hint").click()
    assert game(browser, "state.values[2]") == "3"
    for i, digit in enumerate(solution):
        if "".join(answer(browser).split())[i] == ".":
            cell(browser, i // 4, i % 4).click()
            body.send_keys(digit)
    wait_solved(browser)
    assert "Solved" in browser.find_element(By.ID, "message").text
    shoot(browser, screenshots, "sudoku-solved")


def test_sudoku_jigsaw_x_pasted_drawn_solved_and_generated(browser, server, screenshots):
    """A jigsaw X Solo game ID pasted in another tab opens in Sudoku's, the diagonals
    shaded; the keypad enters a value; Solve fills it; a 6x6 one is generated."""
    needs("sudoku")
    game_id = next(i for i in lines("sudoku-tatham.txt") if i.startswith("9jx:"))
    open_puzzle(browser, server, p="sliding", text="1 2 3\n4 0 5\n7 8 6")
    paste(browser, game_id)
    WebDriverWait(browser, WAIT).until(lambda d: d.execute_script(
        "const g = window.puzzlesmith.game; return g && g.name === 'sudoku';"))
    assert browser.find_element(By.ID, "copy-shared").get_attribute("title") == game_id
    shaded = browser.execute_script(
        "return [...document.querySelectorAll('#board .cell')].filter("
        "(c) => c.getAttribute('fill') === '#ece8dc').length")
    assert shaded == 17
    blank = "".join(answer(browser).split()).index(".")
    cell(browser, blank // 9, blank % 9).click()
    browser.find_element(By.CSS_SELECTOR, '#board .key[data-key="5"]').click()
    assert game(browser, f"state.values[{blank}]") == "5"
    browser.find_element(By.ID, "solve").click()
    wait_solved(browser)
    shoot(browser, screenshots, "sudoku-jigsaw-x")
    open_puzzle(browser, server, p="sudoku", size=6, seed=2)
    assert game(browser, "board.regions[1]") == [0, 0, 0, 1, 1, 1]  # boxes of 2x3


def test_watching_a_sudoku_search_ends_solved(browser, server, screenshots, data_dir):
    """Watch the exact-cover search on a top95 Sudoku (several nodes): its steps are the
    engine's own, and the last step shows the answer ``solve`` gives."""
    needs("sudoku")
    from puzzlesmith.puzzles import get

    text = (data_dir / "sudoku" / "top95.txt").read_text().split()[0]
    sudoku = get("sudoku")
    answer = sudoku.format_answer(sudoku.parse(text), sudoku.solve(sudoku.parse(text)).solution)
    open_puzzle(browser, server, p="sudoku", text=text)
    browser.find_element(By.ID, "run").click()
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_element(By.ID, "trace-info").text.startswith("step 1 of"))
    assert "solved" in browser.find_element(By.ID, "message").text
    steps = browser.execute_script("return window.puzzlesmith.watch.trace.steps.length")
    assert steps > 1
    browser.find_element(By.ID, "last").click()
    assert browser.find_element(By.ID, "trace-info").text.startswith(f"step {steps} of")
    last = browser.execute_script(
        "const s = window.puzzlesmith.watch.trace.steps; return s[s.length - 1].answer")
    assert "".join(last.split()) == "".join(answer.split())
    shoot(browser, screenshots, "sudoku-watch")
    browser.find_element(By.ID, "leave").click()
    assert not browser.execute_script("return window.puzzlesmith.watch")


@pytest.mark.parametrize("method", ["exactcover", "deductions"])
def test_watching_a_star_battle_solver(browser, server, screenshots, method):
    """Each step of a Star Battle trace is said in words and drawn on the generic grid."""
    needs("starbattle")
    open_puzzle(browser, server, p="starbattle", size=6, stars=1, seed=4)
    browser.find_element(By.CSS_SELECTOR, f'#method option[value="{method}"]').click()
    browser.find_element(By.ID, "run").click()
    WebDriverWait(browser, WAIT).until(
        lambda d: d.find_element(By.ID, "trace-info").text.startswith("step 1 of"))
    browser.find_element(By.ID, "last").click()
    assert len(browser.find_element(By.ID, "trace-info").text.split(": ", 1)[1]) > 3
    assert len(browser.find_elements(By.CSS_SELECTOR, "#board .star")) == 6
    shoot(browser, screenshots, f"starbattle-{method}")


def test_the_plugin_example_played_on_the_generic_grid(browser, server, screenshots,
                                                         monkeypatch):
    """The entry-point example (the template, renamed) has no JavaScript of its own: the
    generic grid draws it; a wrong digit is marked by Check, then Hint and "Do it" play the
    rest to "solved"."""
    from puzzlesmith import puzzles

    monkeypatch.setitem(puzzles.REGISTRY, "latin-example",
                        "tests.plugin_example.puzzlesmith_latin.puzzle")
    open_puzzle(browser, server, p="latin-example", text="..12\n.2..\n3..4\n....\n")
    assert game(browser, "board.kind") == "grid"  # solution 4312 / 1243 / 3124 / 2431
    body = browser.find_element(By.TAG_NAME, "body")
    cell(browser, 0, 0).click()
    body.send_keys("2")  # a mistake: r1c1 is 4, and r1c4 already holds 2
    browser.find_element(By.ID, "check").click()
    wait_marks(browser, "bad")
    assert [0, 0] in game(browser, "marks.cells")
    shoot(browser, screenshots, "latin-example-check")
    for _ in range(20):
        if browser.execute_script("const g = window.puzzlesmith.game;"
                                  "return g.module.complete(g.board, g.state);"):
            break
        browser.execute_script("window.puzzlesmith.game.marks = null;")
        browser.find_element(By.ID, "hint").click()
        wait_marks(browser, "hint")
        browser.find_element(By.ID, "apply-hint").click()
    wait_solved(browser)
    assert game(browser, "state.values.join('')") == "43143122431"  # the cells played
    shoot(browser, screenshots, "latin-example-solved")


def test_the_generic_grid_draws_regions_edges_and_cycles_marks(browser, server, screenshots,
                                                               monkeypatch):
    """A click cycles shade, dot, star, nothing; the answer text writes each mark's character
    and reads back."""
    from puzzlesmith import puzzles

    monkeypatch.setitem(puzzles.REGISTRY, "marks", "tests.serve.marks_toy")
    open_puzzle(browser, server, p="marks", text="..12\n.2..\n3..4\n....\n")
    for clicks, (r, c) in enumerate([(0, 0), (0, 1), (1, 0)], 1):
        for _ in range(clicks):
            cell(browser, r, c).click()
    answer = "#x12\n*2..\n3..4\n...."
    script = "const g = window.puzzlesmith.game; return g.module.{};"
    assert browser.execute_script(script.format("answer(g.board, g.state)")) == answer
    read_back = "answer(g.board, g.module.fromAnswer(g.board, g.module.answer(g.board, g.state)))"
    assert browser.execute_script(script.format(read_back)) == answer
    for selector in (".star", ".dot", ".walls", ".edges", ".given"):
        assert browser.find_elements(By.CSS_SELECTOR, f"#board {selector}"), selector
    cell(browser, 1, 0).click()  # star -> nothing
    assert game(browser, "state.marks[4]") == ""
    shoot(browser, screenshots, "generic-grid-marks")
