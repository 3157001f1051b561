"""Net as a puzzle object: the one surface of :mod:`puzzlesmith.puzzles.protocol`.

>>> from puzzlesmith.puzzles import get
>>> net = get("net")
>>> board = net.example()
>>> result = net.solve(board, unique=True)
>>> print(net.format_answer(board, result.solution))
c6000000000
d7ce6c644c2
11111939310
>>> result.unique, bool(net.is_solution(board, result.solution))
(True, True)
>>> net.solve(net.parse(net.format(board), connected=True)).status.value
'unsolvable'
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from ...engines.kernels import KERNELS, KERNELS_HELP
from ...errors import InvalidPuzzle, LimitReached, UsageError, check_method
from ...results import (
    Check,
    CountResult,
    Generated,
    HintResult,
    Limits,
    RateResult,
    Result,
    SolveResult,
    Stats,
    Status,
    count_status,
)
from ..protocol import Option, Progress, Puzzle, explain_steps, within_limits
from ..web import wrong_marks
from . import formats as nb
from . import model, web
from .board import MAX_TILES, Board, Grid
from .generate import STYLES
from .symmetry import normal_forms

__all__ = ["NetPuzzle", "PUZZLE"]

_ON_BOARDS = ("solve", "count", "render", "rate", "hint", "check")
_RULE_HELP = "Tatham's rule: all tiles also form one network without loops"
_WRAP_HELP = "the board wraps around left-right and top-bottom"
_MAX_HELP = f"refuse boards of more tiles than this (default {MAX_TILES:,})"


class NetPuzzle(Puzzle):
    """Net: turn every tile so that the connectors match up."""

    name = "net"
    label = "Net"
    title = "Net: turn the tiles so that every connector meets another (Tatham's Net)"
    verbs = frozenset({"solve", "count", "generate", "render", "rate", "hint", "check"})
    options = (
        Option("connected", _ON_BOARDS, bool, False, _RULE_HELP, phase="parse"),
        Option("wrap", _ON_BOARDS, bool, False, _WRAP_HELP, phase="parse"),
        Option("max_tiles", _ON_BOARDS, int, MAX_TILES, _MAX_HELP, phase="parse", minimum=1),
        Option("unique", ("solve",), bool, False,
               "also prove the solution unique (not unique: exit 1)"),
        Option("explain", ("solve",), bool, False,
               "also give the deductions step by step, tile by tile (stderr; JSON: \"steps\")"),
        Option("kernels", ("solve", "count"), KERNELS, "auto", KERNELS_HELP),
        Option("size", ("generate",), str, "10x10", "the board's size, ROWSxCOLS"),
        Option("connected", ("generate",), bool, False, _RULE_HELP),
        Option("wrap", ("generate",), bool, False, _WRAP_HELP),
        Option("style", ("generate",), STYLES, "ust",
               "ust: a uniform random spanning tree; grow: grown from the centre, no crosses"),
        Option("max_tiles", ("generate",), int, MAX_TILES, _MAX_HELP, minimum=2),
        Option("barriers", ("generate",), float, 0.0,
               "the share (0 to 1) of the links the solution leaves unused that get a "
               "barrier, as Tatham's b parameter (0.3: b0.3)", minimum=0),
        Option("allow_search", ("generate",), bool, False,
               "also keep puzzles the deductions do not finish (by default every puzzle "
               "except a --wrap one without --connected is solvable by reasoning alone, as "
               "`solve --explain` shows)"),
    )
    quick_params = {"size": "4x4"}
    styles = {"solve": ("grid", "drawing", "tatham"), "format": ("grid", "drawing", "tatham"),
              "render": ("grid", "drawing", "tatham"), "generate": ("grid", "drawing", "tatham")}
    max_input = nb.MAX_INPUT
    shared_style = "tatham"
    shared_name = "Tatham game ID"

    # -- reading and writing ---------------------------------------------------------------

    def parse(self, text: str, *, wrap: bool = False, connected: bool = False,
              max_tiles: int = MAX_TILES, max_input: int | None = None) -> Board:
        """One hex digit per tile (1 up, 2 left, 4 down, 8 right), one row per line; or a
        Tatham Net game ID (``WxH:...``, ``WxHw:...`` wrapping), which sets its own rules
        (wrapping as its ``w`` says, Tatham's connected rule)."""
        return nb.parse(text, wrap=wrap, connected=connected, max_tiles=max_tiles,
                        max_input=self.max_input if max_input is None else max_input)

    def recognises(self, text: str) -> bool:
        """A Tatham Net game ID (``WxH:...``), given inline or pasted, whose tiles have the
        2(W×H-1) ends of a spanning tree, as every Net ID Tatham makes (a Singles ID of
        hex digits has other counts); a malformed one too, so that its error says why."""
        text = text.removeprefix("\ufeff")
        if not nb.TATHAM_ID.match(text):
            return False
        try:
            tiles = [tile for row in self.parse(text).tiles for tile in row]
        except InvalidPuzzle:
            return True
        return sum(tile.bit_count() for tile in tiles) == 2 * (len(tiles) - 1)

    def reads_inline(self, source: str) -> bool:
        """Any ``WxH:...`` text is read as a Tatham Net game ID when Net is named."""
        return bool(nb.TATHAM_ID.match(source.removeprefix("\ufeff")))

    def format(self, instance: Board, style: str | None = None) -> str:
        board = nb.validate(instance)
        return self._text(board.tiles, style, board)

    def format_answer(self, instance: Board, answer: Grid, style: str | None = None) -> str:
        """The tiles as turned; the ``grid`` and ``tatham`` styles carry the puzzle's
        barriers along, so the answer is the solved board."""
        return self._text(answer, style, nb.validate(instance))

    def parse_answer(self, instance: Board, text: str) -> Grid:
        """The tiles as turned, in the puzzle's own format; same size as ``instance``."""
        board = nb.validate(instance)
        if nb.TATHAM_ID.match(text.removeprefix("\ufeff")):
            grid = nb.parse_tatham(text.removeprefix("\ufeff"), max_tiles=board.size).tiles
        else:
            grid = nb.parse_grid(text, max_tiles=board.size, max_input=self.max_input)
        if len(grid) != board.rows or len(grid[0]) != board.cols:
            raise InvalidPuzzle(f"the answer is {len(grid)}x{len(grid[0])}, the puzzle "
                                f"{board.rows}x{board.cols}")
        return grid

    def canonical(self, instance: Board) -> str:
        """The grid style after a header naming the rules (``net wrap connected``), if any."""
        return "\n".join(filter(None, [nb.rules_line(instance), super().canonical(instance)]))

    example = staticmethod(nb.example)

    def describe(self, instance: Board) -> str:
        """The size in words: ``7×7``, ``wrapping``, ``connected``."""
        rules = [word for word, on in (("wrapping", instance.wrap),
                                       ("connected", instance.connected)) if on]
        return ", ".join([f"{instance.rows}×{instance.cols}", *rules])

    def size(self, instance: Board) -> str:
        return f"{instance.rows}x{instance.cols}"

    symmetric_texts = staticmethod(normal_forms)

    def book_svg(self, instance: Board) -> str:
        """Every pipe black, no loose ends marked."""
        from .render import render_svg

        return render_svg(instance.tiles, wrap=instance.wrap, plain=True,
                          barriers=instance.barriers)

    def _text(self, grid: Grid, style: str | None, board: Board) -> str:
        if style in (None, "grid"):
            return nb.format_board(board, grid)
        if style == "drawing":
            return nb.draw(grid, board.barriers)
        check_method(style, self.styles["format"], "style")
        return nb.format_tatham(grid, board.wrap, board.barriers)  # Tatham's rule: one network

    # -- the verbs -------------------------------------------------------------------------

    def solve(self, instance: Board, *, limits: Limits | None = None, seed: int | None = None,
              progress: Progress | None = None, unique: bool = False,
              explain: bool = False, kernels: str = "auto") -> SolveResult:
        """One solution; with ``unique``, also whether it is the only one (take two); with
        ``explain``, the deductions' steps (``details["steps"]``, and as messages);
        ``kernels``: "auto", "python" or "numba" (see :mod:`puzzlesmith.engines.kernels`)."""
        board = nb.validate(instance)
        found = model.count(board, 2 if unique else 1, seed=seed, limits=limits,
                            progress=progress, kernels=kernels)
        grids = found.solutions
        result = SolveResult(Status.SOLVED if grids else found.status, found.stats,
                             solution=grids[0] if grids else None, wanted_unique=unique,
                             unique=found.uniqueness() if unique else None)
        for key, grid in zip(("solution", "other"), grids, strict=False):
            result.details[key] = nb.to_rows(grid)
        if explain and result.status is not Status.GAVE_UP:
            from .deduce import explain as deductions

            done = within_limits(result, lambda: deductions(board, limits=limits))
            if done is not None:
                explain_steps(result, done)
                result.details["solved_by_deductions"] = done.solved
        return result

    def count(self, instance: Board, *, limit: int | None = None, limits: Limits | None = None,
              progress: Progress | None = None, seed: int | None = None,
              kernels: str = "auto") -> CountResult:
        """Count solutions up to ``limit``; the kept ones are grids in ``solutions``
        (``kernels``: see :meth:`solve`)."""
        if limit is not None and limit < 1:
            raise UsageError(f"limit must be at least 1, got {limit}")
        board = nb.validate(instance)
        found = model.count(board, limit, seed=seed, limits=limits,
                            progress=progress, kernels=kernels)
        status = count_status(found.count, found.complete, limit)
        return CountResult(status, found.stats, count=found.count, complete=found.complete,
                           limit=limit, solutions=found.solutions)

    def check_generate_params(self, *, size: str = "10x10", connected: bool = False,
                              wrap: bool = False, style: str = "ust",
                              max_tiles: int = MAX_TILES, max_rounds: int | None = None,
                              allow_search: bool = False, barriers: float = 0.0) -> dict:
        """The board's ``rows`` and ``cols`` from ``size``; every puzzle finished by the
        deductions unless ``allow_search`` or ``wrap`` without ``connected`` (a wrapping
        board has no border to start from: only the dead ends of the connected rule start
        the deductions there)."""
        check_method(style, STYLES, "style")
        if not 0 <= barriers <= 1:
            raise UsageError(f"--barriers is a share of the unused links, 0 to 1, got "
                             f"{barriers}")
        rows, cols = nb.parse_size(size, max_tiles=max_tiles)
        return {"rows": rows, "cols": cols, "connected": connected, "wrap": wrap,
                "style": style, "max_rounds": max_rounds, "barriers": barriers,
                "deducible": not (allow_search or (wrap and not connected))}

    def generate_one(self, seed: int, *, limits: Limits, stats: Stats,
                     progress: Progress | None = None, rows: int, cols: int,
                     **params: Any) -> Generated:
        """A puzzle with exactly one solution (see :func:`.generate.generate_one`);
        ``barriers`` (0 to 1) of the links the solution leaves unused get a barrier.  The
        node budget of ``limits`` is shared by the run's puzzles."""
        from .deduce import DEDUCED, rate
        from .generate import generate_one, kernels_for

        left = None if limits.nodes is None else max(0, limits.nodes - stats.nodes)
        one = generate_one(rows, cols, rng=random.Random(seed),
                           limits=replace(limits, nodes=left),
                           progress=_relay(progress, stats), **params)
        stats.nodes += one.stats.nodes
        stats.extra["rounds"] = stats.extra.get("rounds", 0) + one.rounds
        if one.board is None:
            raise LimitReached("round limit reached while generating" if one.stopped_by ==
                               "rounds" else "limit reached while generating")
        level = one.level if one.level and not one.board.barriers else rate(
            one.board, limits=Limits(nodes=0), kernels=kernels_for(one.board.size)).level
        details = {"rows": nb.to_rows(one.board.tiles), "solution": nb.to_rows(one.solution),
                   "connected": params["connected"], "wrap": params["wrap"],
                   "rounds": one.rounds, "solved_by_deductions": level in DEDUCED}
        if one.board.barriers:
            details["barriers"] = nb.barriers_json(one.board)
        return Generated(one.board, nb.format_board(one.board) + "\n", one.solution, seed,
                         level, details)

    def rate(self, instance: Board, *, limits: Limits | None = None) -> RateResult:
        """Which deductions finish the puzzle: easy, medium, hard (search) or ambiguous."""
        from .deduce import rate

        return rate(nb.validate(instance), limits=limits)

    def hint(self, instance: Board, state: Grid | None = None, *,
             limits: Limits | None = None) -> HintResult:
        """The next tile forced by the deductions, from the player's ``state``."""
        from .deduce import hint

        return hint(nb.validate(instance), state, limits=limits)

    def is_solution(self, instance: Board, answer: Grid) -> Check:
        """The independent checker (:mod:`puzzlesmith.puzzles.net.check`);
        ``details["wrong"]`` names the tiles that break a rule (``r3c5``)."""
        from .check import loose_tiles, violations

        board = nb.validate(instance, fit=False)
        return Check.of(violations(board, answer), wrong=lambda: [
            f"r{r + 1}c{c + 1}" for r, c in loose_tiles(board, answer)])

    def render_svg(self, instance: Board, answer: Grid | None = None) -> str:
        """Pipes, the source, and the loose ends of ``answer`` (default: the tiles as
        given)."""
        from .render import render_svg

        board = nb.validate(instance)
        return render_svg(board.tiles if answer is None else answer, wrap=board.wrap,
                          barriers=board.barriers)

    def report_text(self, verb: str, instance: Any, result: Result,
                    style: str | None = None, *, limits: Limits | None = None) -> str | None:
        if verb == "rate" and result.level is not None:
            rules = result.details.get("deductions", {})
            lines = [f"rating: {result.level}"]
            lines += [f"  {rule:<24}{value:>6} {'nodes' if 'search' in rule else 'tiles'}"
                      for rule, value in rules.items() if value]
            return "\n".join(lines)
        return super().report_text(verb, instance, result, style, limits=limits)

    # -- the web page (:mod:`.web`) -------------------------------------------------------

    web_script = "web.js"
    web_defaults = {"connected": "true"}  # Tatham's rule: one network, no loops
    web_view = staticmethod(web.view)
    hint_marks = staticmethod(web.hint_marks)
    violation_marks = staticmethod(wrong_marks)
    tracers = web.TRACERS

    def demo(self) -> str:
        """Solve the seed's sample under both rules and draw it."""
        board = self.example()
        self.solve(board)                            # load the compiled kernels before timing
        result = self.solve(board, unique=True)
        verdict = "yes" if result.unique else "no"
        connected = self.solve(replace(board, connected=True)).status.value
        rating = self.rate(board)
        lines = ["Net: the seed's 3x11 tile-rotation sample", "", self.format(board), "",
                 f"solved (local rule; unique: {verdict}) in "
                 f"{result.stats.seconds * 1000:.1f} ms, {result.stats.nodes} nodes:", "",
                 nb.format_grid(result.solution), "",
                 self.format_answer(board, result.solution, "drawing"), "",
                 f"rating: {rating.level} (borders and connectors alone finish it)",
                 f"under Net's connected rule: {connected} (the solution has a loop)"]
        return "\n".join(lines)


PUZZLE = NetPuzzle()


def _relay(progress: Progress | None, stats: Stats):
    """The generator's per-round progress as the run's: puzzles made, rounds, open tiles."""
    if progress is None:
        return None

    def relay(one: Stats) -> None:
        progress(Stats(stats.nodes + one.nodes, stats.seconds,
                       {**stats.extra, "open": one.extra["open"],
                        "rounds": stats.extra.get("rounds", 0) + one.extra["rounds"]}))
    return relay
