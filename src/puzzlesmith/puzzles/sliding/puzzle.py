"""The sliding-tile puzzle object: the surface of :mod:`puzzlesmith.puzzles.protocol`.

An instance is a :class:`~.board.Instance`: the start board and the goal.  Answers are the
blank's moves as a string (``"RRDL"``).  Every verb takes one
:class:`~puzzlesmith.results.Limits` (deadline shared by table builds and searches, node
budget, ``memory`` for A*/BFS and table builds, Ctrl-C) and gives up with status
``gave-up`` at it.

>>> task = PUZZLE.parse("1 2 3 4 5 6 0 7 8")
>>> PUZZLE.solve(task, heuristic="manhattan").solution
'RR'
>>> PUZZLE.count(task, heuristic="manhattan").count   # distinct optimal solutions
1
>>> PUZZLE.hint(task, heuristic="manhattan").text
'2 moves from the goal; best move: slide tile 7 left (blank R)'
>>> PUZZLE.is_solution(task, "RU").violations
['after 2 moves the board is not the goal: 2 tiles are out of place (5, 8)']

This module imports no numpy and no numba: the solver loads when a verb first runs.
"""

from __future__ import annotations

from typing import Any

from ...engines.kernels import KERNELS, KERNELS_HELP, warm_up
from ...errors import InvalidPuzzle, UsageError, check_method
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
)
from ..protocol import Option, Progress, Puzzle
from . import web
from .board import (
    TATHAM_ID,
    Board,
    Instance,
    apply_moves,
    check_max_cells,
    format_board,
    format_tatham,
    goal_board,
    normal_forms,
    parse,
    parse_goal,
    parse_size,
    validate,
)
from .formats import ANSWER_STYLES, NO_SOLUTION, describe_move, format_answer, parse_answer
from .heuristics import HEURISTICS
from .render import board_svg, framed, solution_svg

__all__ = ["SlidingPuzzle", "PUZZLE", "METHODS", "MAX_COUNT"]

#: The solving methods (see :func:`.solver.solve`), listed here so that the options need no
#: import of the solver.
METHODS = ("idastar", "weighted-idastar", "anytime", "astar", "weighted", "greedy", "bfs")
#: The most boards one ``generate`` makes.
MAX_COUNT = 100_000
SEED_BOARD = "5 1 9 3 11 13 6 8 14 10 4 15 0 12 7 2"

_SOURCE = ("solve", "count", "render", "rate", "hint", "check", "compare")
_SEARCH = ("solve", "count", "rate", "hint")


@warm_up("sliding", "the sliding-tile kernels")
def _warm_up() -> None:
    """Load (or compile) the IDA* and pattern-database kernels, once per process."""
    from .solve import warm_kernels

    warm_kernels()


def _instance(instance: Instance | Board) -> Instance:
    """An :class:`Instance` (a bare board gets the default goal)."""
    if isinstance(instance, Board):
        return Instance(instance, goal_board(instance.rows, instance.cols))
    if not isinstance(instance, Instance):
        raise UsageError(f"expected a sliding Instance or Board, not {type(instance).__name__}")
    return instance


class SlidingPuzzle(Puzzle):
    """Sliding tiles: optimal solutions by compiled IDA* with additive pattern databases."""

    name = "sliding"
    label = "Sliding tiles"
    title = "Sliding-tile puzzles (the 15 puzzle), 2x2 to 16x16, solved optimally"
    verbs = frozenset({"solve", "count", "generate", "render", "rate", "hint", "check",
                       "compare"})
    inline = True
    max_count = MAX_COUNT
    shared_style = "tatham"
    shared_name = "Tatham game ID"
    styles = {
        "solve": ANSWER_STYLES,
        "format": ("rows", "line", "framed", "tatham"),
        "render": ("framed", "tatham"),
        "generate": ("lines", "boards", "tatham"),
        "compare": ("table",),
    }
    options = (
        Option("size", _SOURCE, str, None, "Board size N or RxC (rows x columns), if the "
               "tile count is not a square.", phase="parse"),
        Option("goal", _SOURCE, str, None, "The goal: blank-last (tiles in order, blank "
               "last; the default), blank-first, or the tiles of a board.", phase="parse"),
        Option("max_cells", _SOURCE, int, None, "The largest board accepted, in cells "
               "(default 256 = 16x16, at most 1024).", phase="parse", minimum=4),
        Option("method", ("solve",), METHODS, "idastar", "Search method; idastar (compiled, "
               "optimal) is the fastest."),
        Option("heuristic", _SEARCH, tuple(HEURISTICS), None, "Heuristic (default: pdb where "
               "pattern databases exist, else linear-conflict; zero: a blind search)."),
        Option("kernels", ("solve",), KERNELS, "auto", KERNELS_HELP),
        Option("weight", ("solve", "compare"), float, 1.5, "Weight w of the weighted "
               "methods: length <= w x optimum.", minimum=1),
        Option("pdb", (*_SEARCH, "compare", "generate", "bench"), str, None, "Pattern-database "
               "partition by group sizes (6-6-3, 5-5-5, 6-6-3+6-6-3b, 6-6-6-6 on 5x5, ..., "
               "or none: no table, linear-conflict instead); default by board size."),
        Option("size", ("generate",), str, "4", "Board size N or RxC."),
        Option("goal", ("generate",), str, None, "The goal the boards can reach "
               "(blank-last, blank-first or tiles)."),
        Option("max_cells", ("generate",), int, None, "The largest board allowed, in cells "
               "(default 256, at most 1024).", minimum=4),
        Option("moves", ("generate",), int, None, "Make each board by this many random moves "
               "from the goal (never undoing the last), instead of uniformly.", minimum=0),
        Option("length", ("generate",), int, None, "Make boards whose optimal solution has "
               "exactly this many moves.", minimum=0),
        Option("size", ("bench",), str, None, "Board size of the bench files' boards, if "
               "their tile counts are not squares."),
        Option("goal", ("bench",), str, None, "The goal of the bench files' boards."),
    )
    quick_params = {"size": "3", "moves": 12}

    # -- reading and writing ---------------------------------------------------------------

    def parse(self, text: str, *, size: str | tuple[int, int] | None = None,
              goal: str | Board | None = None, max_cells: int | None = None) -> Instance:
        """A board (tiles row by row, ``0`` the blank, or a Tatham Fifteen game ID
        ``WxH:t1,t2,...``) and its goal; see :func:`.board.parse`.

        >>> PUZZLE.parse("1 2 3\\n4 5 0", goal="blank-first").goal.tiles
        (0, 1, 2, 3, 4, 5)
        """
        if len(text) > self.max_input:
            raise InvalidPuzzle(f"the input has {len(text):,} characters, more than the "
                                f"{self.max_input:,} a board may take")
        board = parse(text, size, max_cells)
        return Instance(board, parse_goal(goal, board.rows, board.cols))

    def parse_all(self, text: str, *, size: str | tuple[int, int] | None = None,
                  goal: str | Board | None = None,
                  max_cells: int | None = None) -> list[Instance]:
        """Every board of ``text``: one board, a boards file (one board a line, each
        optionally followed by its known optimal length, as in ``../shared/data/sliding``),
        or Tatham Fifteen game IDs, one a line.

        >>> len(PUZZLE.parse_all("1 2 3 4 5 6 7 0 8 1\\n1 2 3 4 5 6 0 7 8 2\\n"))
        2
        """
        ids = [line for line in text.removeprefix("\ufeff").splitlines()
               if line.strip() and not line.lstrip().startswith("#")]
        if len(ids) > 1 and all(TATHAM_ID.match(line) for line in ids):  # generate's tatham
            return [self.parse(line, size=size, goal=goal, max_cells=max_cells) for line in ids]
        try:
            return [self.parse(text, size=size, goal=goal, max_cells=max_cells)]
        except InvalidPuzzle as error:
            if "several boards" not in str(error):
                raise
        from .compare import read_bench

        boards = [board for _, board, _ in read_bench(text, size)]
        return [Instance(b, parse_goal(goal, b.rows, b.cols)) for b in boards]

    def format(self, instance: Instance | Board, style: str | None = None) -> str:
        """The board as text: ``rows`` (what :meth:`parse` reads back, any shape), ``line``
        (all tiles on one line; square boards read back without ``size``), ``framed``,
        ``tatham`` (a Tatham Fifteen game ID, ``WxH:t1,t2,...``; read back too)."""
        board = _instance(instance).board
        style = style or "rows"
        if style == "rows":
            return format_board(board)
        if style == "line":
            return format_board(board, one_line=True)
        if style == "framed":
            return framed(board)
        check_method(style, self.styles["format"], "style")
        return format_tatham(board)

    def recognises(self, text: str) -> bool:
        """A Tatham Fifteen game ID (``WxH:t1,t2,...``), given inline or pasted."""
        return bool(TATHAM_ID.match(text.removeprefix("\ufeff")))

    def shared_text(self, instance: Instance | Board) -> str | None:
        """The board as a Tatham Fifteen game ID, when its goal is Fifteen's (blank last)."""
        instance = _instance(instance)
        board = instance.board
        if instance.goal != goal_board(board.rows, board.cols, "last"):
            return None
        return format_tatham(board)

    def format_answer(self, instance: Instance | Board, answer: str | None,
                      style: str | None = None) -> str:
        """An answer (the blank's moves) in a style of :data:`.formats.ANSWER_STYLES`."""
        try:
            return format_answer(_instance(instance).board, answer, style)
        except InvalidPuzzle as error:
            raise UsageError(str(error)) from None

    def parse_answer(self, instance: Instance | Board, text: str) -> str | None:
        """A move string or the seed's output format, as moves (None: "no solution")."""
        if len(text) > self.max_input:
            raise InvalidPuzzle(f"the answer has {len(text):,} characters, more than "
                                f"{self.max_input:,}")
        return parse_answer(_instance(instance).board, text)

    def example(self) -> Instance:
        """The seed document's 41-move 15-puzzle."""
        return self.parse(SEED_BOARD)

    def describe(self, instance: Instance | Board) -> str:
        """The size in words: ``4×4``, and the goal when it is not the usual blank-last one."""
        task = _instance(instance)
        rows, cols = task.shape
        goals = {goal_board(rows, cols): "", goal_board(rows, cols, "first"): ", blank first"}
        return f"{rows}×{cols}" + goals.get(task.goal, ", own goal")

    def size(self, instance: Instance | Board) -> str:
        return "x".join(map(str, _instance(instance).shape))

    def symmetric_texts(self, instance: Instance | Board) -> list[str]:
        """Turned and mirrored, tiles renamed (:func:`.board.normal_forms`)."""
        return normal_forms(_instance(instance))

    def book_solution_svg(self, instance: Instance | Board, answer: str) -> str:
        """The start board and the tiles to slide in order, small."""
        return solution_svg(_instance(instance), answer)

    # -- the verbs -------------------------------------------------------------------------

    def solve(self, instance: Instance | Board, *, limits: Limits | None = None,
              seed: int | None = None, progress: Progress | None = None,
              method: str = "idastar", heuristic: str | None = None, weight: float = 1.5,
              pdb: str | None = None, max_stored: int | None = None,
              kernels: str = "auto") -> SolveResult:
        """Solve: optimal by default (IDA* + pattern databases); see :func:`.solver.solve`
        (``kernels`` too).

        The search is deterministic, so ``seed`` is not used.  ``details`` holds ``length``,
        ``moves``, ``bound``, ``method``, ``heuristic``, ``reason`` and ``size``.
        """
        from .solve import solve

        task = _instance(instance)
        return solve(task.board, task.goal, method=method, heuristic=heuristic, weight=weight,
                     partition=pdb, limits=limits, progress=progress, max_stored=max_stored,
                     kernels=kernels)

    def count(self, instance: Instance | Board, *, limit: int | None = None,
              limits: Limits | None = None, progress: Progress | None = None,
              heuristic: str | None = None, pdb: str | None = None) -> CountResult:
        """The number of distinct optimal solutions (move strings of the optimal length).

        ``limit`` stops the count there (then ``complete`` is False); ``details["length"]``
        is the optimal length.  An unsolvable board has 0, a solved one 1.  Boards with many
        blank-free detours have many: the seed's board has 2 optimal solutions, a random
        15-puzzle often hundreds; the two 31-move 8-puzzles have 40 each.
        """
        from .solve import count_optimal

        task = _instance(instance)
        return count_optimal(task.board, task.goal, heuristic=heuristic, partition=pdb,
                             limit=limit, limits=limits, progress=progress)

    def check_generate_params(self, *, size: Any = "4", goal: str | Board | None = None,
                              moves: int | None = None, length: int | None = None,
                              pdb: str | None = None, max_cells: int | None = None) -> dict:
        """The board's shape and ``goal``; ``moves`` or ``length``, not both."""
        max_cells = check_max_cells(max_cells)
        rows, cols = size if isinstance(size, tuple) else parse_size(str(size), max_cells)
        if moves is not None and length is not None:
            raise UsageError("give moves or length, not both")
        return {"goal": parse_goal(goal, rows, cols), "moves": moves, "length": length,
                "pdb": pdb}

    def generate_details(self, params: dict) -> dict:
        return {"size": "{0.rows}x{0.cols}".format(params["goal"])}

    def generate_one(self, seed: int, *, limits: Limits, stats: Stats,
                     progress: Progress | None = None, goal: Board, moves: int | None = None,
                     length: int | None = None, pdb: str | None = None) -> Generated:
        """A random board that reaches ``goal`` (see :func:`.generate.generate_one`)."""
        from .generate import generate_one

        return generate_one(goal, seed, limits=limits, stats=stats, moves=moves, length=length,
                            pdb=pdb)

    def rate(self, instance: Instance | Board, *, limits: Limits | None = None,
             heuristic: str | None = None, pdb: str | None = None) -> RateResult:
        """The optimal length, the heuristic gap and a level (see :mod:`.rating`).

        ``details``: ``length`` (optimal), ``lower_bound`` (the heuristic's estimate at the
        start) and ``gap`` (length minus it: the deeper the gap, the more IDA* iterations),
        the same for the Manhattan distance, and ``typical_length`` of a random board.
        """
        from .heuristics import make_heuristic
        from .rating import level, typical_length

        task = _instance(instance)
        result = self.solve(task, limits=limits, heuristic=heuristic, pdb=pdb)
        manhattan = make_heuristic("manhattan", task.goal)(task.board.tiles)
        details = {"length": result.details["length"], "heuristic": result.details["heuristic"],
                   "manhattan": manhattan,
                   "typical_length": round(typical_length(task.goal), 1)}
        if result.status is not Status.SOLVED:
            details["reason"] = result.details["reason"]
            return RateResult(result.status, result.stats, details=details,
                              messages=result.messages)
        length = result.details["length"]
        bound = result.stats.extra.get("initial_h")
        if bound is None:  # a heuristic of the generic engine: evaluate it here
            bound = make_heuristic(heuristic, task.goal)(task.board.tiles)
        details.update(lower_bound=bound, gap=length - bound, manhattan_gap=length - manhattan)
        return RateResult(Status.SOLVED, result.stats, level=level(length, task.goal),
                          details=details, messages=result.messages)

    def hint(self, instance: Instance | Board, state: str | Board | None = None, *,
             limits: Limits | None = None, heuristic: str | None = None,
             pdb: str | None = None) -> HintResult:
        """An optimal next move from ``state`` (the moves made so far, or a board; default
        the start): ``move`` is its letter, ``text`` says which tile slides where.

        ``details``: ``distance`` (optimal moves left), ``move``, ``tile``.
        """
        task = _instance(instance)
        board = task.board
        if isinstance(state, str):
            board = apply_moves(board, state)
        elif isinstance(state, Board):
            validate(state)
            if state.shape != board.shape:
                raise InvalidPuzzle(f"the state is {state.rows}x{state.cols}, the puzzle "
                                    f"{board.rows}x{board.cols}")
            board = state
        elif state is not None:
            raise UsageError(f"a hint's state is a move string or a Board, not "
                             f"{type(state).__name__}")
        result = self.solve(Instance(board, task.goal), limits=limits, heuristic=heuristic,
                            pdb=pdb)
        none = {"distance": None, "move": None, "tile": None}
        if result.status is Status.UNSOLVABLE:
            return HintResult(Status.UNSOLVABLE, result.stats, text=NO_SOLUTION, details=none)
        if result.status is not Status.SOLVED:
            return HintResult(result.status, result.stats, messages=result.messages,
                              details={**none, "reason": result.details["reason"]})
        moves = result.solution
        if not moves:
            return HintResult(Status.SOLVED, result.stats, text="already solved",
                              details={**none, "distance": 0})
        letter = moves[0]
        tile = apply_moves(board, letter).tiles[board.blank]
        away = f"{len(moves)} move{'' if len(moves) == 1 else 's'} from the goal"
        text = f"{away}; best move: {describe_move(board, letter)}"
        return HintResult(Status.SOLVED, result.stats, text=text, move=letter,
                          details={"distance": len(moves), "move": letter, "tile": tile})

    def is_solution(self, instance: Instance | Board, answer: str | None) -> Check:
        """Replay the answer (see :mod:`.check`); ``None`` claims there is no solution."""
        from .check import check_moves

        task = _instance(instance)
        if answer is not None and not isinstance(answer, str):
            raise UsageError(f"an answer is a move string, not {type(answer).__name__}")
        check = Check.of(check_moves(task.board, task.goal, answer))
        check.details["length"] = None if answer is None else len(answer)
        return check

    def render_svg(self, instance: Instance | Board, answer: str | None = None) -> str:
        """The board as SVG; with an answer, a strip of numbered frames (or, for long
        answers, the blank's path as arrows).  See :mod:`.render`."""
        task = _instance(instance)
        if answer:
            apply_moves(task.board, answer)  # an illegal move: InvalidPuzzle naming it
        return board_svg(task.board, answer, goal=task.goal)

    def compare(self, instance: Instance | Board, *, limits: Limits | None = None,
                progress: Progress | None = None, weight: float = 1.5,
                pdb: str | None = None) -> Result:
        """Every method x heuristic on the board under ONE deadline (see
        :func:`.compare.compare`): ``details["rows"]`` and ``details["table"]``."""
        from .compare import compare

        task = _instance(instance)
        return compare(task.board, task.goal, limits=limits, weight=weight, partition=pdb,
                       progress=progress)

    def bench(self, texts: dict[str, str] | None = None, *, repeat: int = 1,
              limits: Limits | None = None, progress: Progress | None = None,
              size: str | None = None, goal: str | None = None,
              pdb: str | None = None) -> Result:
        """Solve every board of the bench files in ``texts`` (tiles, then optionally the known
        optimal length, per line; default: the example) and report mismatches; see
        :func:`.compare.bench`.  Each board is solved once (``repeat`` is not used)."""
        from .compare import bench

        text = "\n".join((texts or {}).values()) or format_board(self.example().board, True)
        if len(text) > self.max_input:
            raise InvalidPuzzle(f"the input has {len(text):,} characters, more than "
                                f"{self.max_input:,}")
        target = None
        if goal is not None:
            rows, cols = parse_size(size) if size else (None, None)
            if rows is None:
                raise UsageError("a bench file with a goal needs its size too")
            target = parse_goal(goal, rows, cols)
        return bench(text, size=size, goal=target, partition=pdb, limits=limits,
                     progress=progress)

    # -- the web page (:mod:`.web`) -------------------------------------------------------

    answer_style = "moves"
    web_script = "web.js"
    web_defaults = {"size": "3"}  # the 8-puzzle: a few minutes of play; the form goes to 16x16
    web_view = staticmethod(web.view)
    hint_marks = staticmethod(web.hint_marks)
    answer_marks = staticmethod(web.answer_marks)
    tracers = web.TRACERS

    def demo(self) -> str:
        """The seed's 41-move board solved optimally (6-6-3 tables if cached, else 5-5-5,
        built in a few seconds, so that the demo never waits long)."""
        from .pdb import cached

        task = self.example()
        partition = "6-6-3" if cached(task.goal, "6-6-3") else "5-5-5"
        result = self.solve(task, pdb=partition)
        extra = result.stats.extra
        return "\n".join([
            "Sliding tiles: the seed's 15-puzzle (its Python A* took 27 s)\n",
            framed(task.board),
            "",
            f"optimal solution: {result.details['length']} moves (the blank's directions)",
            result.solution or "",
            f"searched {result.stats.nodes:,} nodes in "
            f"{extra.get('search_seconds', 0) * 1000:.1f} ms (IDA* with "
            f"{result.details['heuristic']}; {result.stats.seconds * 1000:.0f} ms with "
            "loading the tables)",
        ])

    # -- text for the command line ---------------------------------------------------------

    def report_text(self, verb: str, instance: Any, result: Result,
                    style: str | None = None, *, limits: Limits | None = None) -> str | None:
        if verb == "solve":
            if result.status is Status.UNSOLVABLE:
                return NO_SOLUTION
            if result.solution is None:
                return None
            return self.format_answer(instance, result.solution, style)
        if verb == "hint":
            return result.text or None
        if verb == "rate":
            if result.level is None:
                return NO_SOLUTION if result.status is Status.UNSOLVABLE else None
            d = result.details
            return "\n".join([
                f"rating: {result.level}",
                f"optimal length: {d['length']} (a random board: about "
                f"{d['typical_length']:g})",
                f"{d['heuristic']}: {d['lower_bound']} (gap {d['gap']})",
                f"manhattan: {d['manhattan']} (gap {d['manhattan_gap']})",
            ])
        if verb == "generate":
            if not result.puzzles:
                return None
            if style == "boards":
                return f"\n{'-' * 10}\n".join(format_board(g.instance.board)
                                              for g in result.puzzles)
            if style == "tatham":
                return "\n".join(format_tatham(g.instance.board) for g in result.puzzles)
            square = all("\n" not in g.text for g in result.puzzles)
            return ("\n" if square else "\n\n").join(g.text for g in result.puzzles)
        if verb == "compare" and result.status is Status.UNSOLVABLE:
            return NO_SOLUTION
        return super().report_text(verb, instance, result, style, limits=limits)


PUZZLE = SlidingPuzzle()
