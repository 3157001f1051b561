"""The option tables of the command line: the parameter types (usage errors only), the
contract's options, each verb's own, each puzzle's :class:`~puzzlesmith.puzzles.Option` rows
as click options, and the arguments.  ``puzzlesmith VERB PUZZLE`` and ``puzzlesmith batch``
build their commands from these."""

from __future__ import annotations

import math
from collections.abc import Callable

import click

from ..puzzles import get, known, names, reader
from ..puzzles.protocol import Option, Puzzle
from .contract import MAX_INPUT

__all__ = ["VERB_HELP", "offers", "VerbGroup", "Count", "Seconds", "Bytes", "Real",
           "contract_options", "verb_options", "store_options", "puzzle_options", "arguments"]

VERB_HELP = {
    "solve": "Solve a puzzle.",
    "count": "Count a puzzle's solutions (or, with --unique, prove it unique).",
    "generate": "Generate puzzles (each proven unique where the puzzle promises it).",
    "render": "Draw a puzzle (and, with --solution, its solution).",
    "rate": "Rate a puzzle's difficulty.",
    "hint": "Give a hint: the next step from the start or from --state.",
    "check": "Check an answer against the puzzle's rules (exit 0 if it is a solution).",
    "compare": "Compare methods on one puzzle: nodes, time, answer.",
    "bench": "Time solving (and more) on FILES or the built-in example; medians.",
    "book": "Make a printable puzzle book (PDF): puzzles a page, solutions at the back.",
}


def offers(puzzle: Puzzle, verb: str) -> bool:
    """True when ``puzzlesmith VERB PUZZLE`` exists."""
    if verb == "book":
        return {"render", "solve"} <= puzzle.verbs
    return verb in puzzle.verbs


class VerbGroup(click.Group):
    """``puzzlesmith [batch] VERB``: one subcommand per puzzle that offers VERB, made on demand
    by ``build(verb, puzzle)``; every puzzle has ``bench`` (a generic one, unless its own).
    With ``shared``, ``VERB TEXT`` is ``VERB PUZZLE TEXT`` for a text in a puzzle's shared
    format (a puzz.link URL, a Tatham game ID: see :func:`~puzzlesmith.puzzles.reader`)."""

    def __init__(self, verb: str, build: Callable[[str, Puzzle], click.Command], help: str,
                 *, shared: bool = False):
        super().__init__(verb, help=help)
        self.verb, self.build, self.shared = verb, build, shared

    def resolve_command(self, ctx, args):
        first = args[0] if args else ""
        if self.shared and not known(first) and not first.startswith("-"):
            puzzle = reader(first)
            if puzzle is not None and self.offers(puzzle):
                return puzzle.name, self.get_command(ctx, puzzle.name), args
        return super().resolve_command(ctx, args)

    def offers(self, puzzle: Puzzle) -> bool:
        return self.verb == "bench" or offers(puzzle, self.verb)

    def list_commands(self, ctx):
        return [name for name in names() if self.offers(get(name))]

    def get_command(self, ctx, name):
        if not known(name):
            return None
        puzzle = get(name)
        return self.build(self.verb, puzzle) if self.offers(puzzle) else None


# -- parameter types that never raise anything but a usage error ---------------------------


class Count(click.ParamType):
    """A whole number >= ``minimum`` (also ``1e6``), with a clear error for anything else."""

    name = "integer"

    def __init__(self, minimum: int = 0):
        self.minimum = minimum

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            number = value
        else:
            text = str(value).strip()
            try:
                number = int(text) if len(text) <= 30 and text.lstrip("-").isdigit() else None
                if number is None and len(text) <= 30 and ("e" in text.lower()):
                    as_float = float(text)
                    number = int(as_float) if as_float.is_integer() else None
            except (ValueError, OverflowError):
                number = None
            if number is None:
                self.fail(f"{_short(text)!r} is not a whole number (at most 30 digits)",
                          param, ctx)
        if number < self.minimum:
            self.fail(f"{number} is below the minimum {self.minimum}", param, ctx)
        return number


class Real(click.ParamType):
    """A finite number >= ``minimum``, if given (``nan`` and ``inf`` are refused)."""

    name = "number"

    def __init__(self, minimum: float | None = None):
        self.minimum = minimum

    def convert(self, value, param, ctx):
        try:
            number = float(value)
        except (TypeError, ValueError, OverflowError):
            self.fail(f"{_short(str(value))!r} is not a number", param, ctx)
        if not math.isfinite(number) or (self.minimum is not None and number < self.minimum):
            at_least = "" if self.minimum is None else f" >= {self.minimum:g}"
            self.fail(f"{value} is not a finite number{at_least}", param, ctx)
        return number


class Seconds(Real):
    """A finite number of seconds >= 0."""

    name = "seconds"

    def __init__(self):
        super().__init__(0)


class Bytes(click.ParamType):
    """A size in bytes: ``1000000``, ``500K``, ``500M``, ``2G`` (powers of 1024)."""

    name = "size"
    UNITS = {"": 1, "B": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}

    def convert(self, value, param, ctx):
        if isinstance(value, int):
            return value
        text = str(value).strip().upper().removesuffix("IB").removesuffix("B")
        unit = text[-1:] if text[-1:] in self.UNITS else ""
        number = text[:len(text) - len(unit)]
        try:
            size = float(number) if len(number) <= 20 else math.nan
        except ValueError:
            size = math.nan
        if not math.isfinite(size) or size <= 0:
            self.fail(f"{_short(str(value))!r} is not a size such as 500M or 2G", param, ctx)
        return int(size * self.UNITS[unit])


def _short(text: str) -> str:
    return text if len(text) <= 40 else text[:37] + "..."


def _click_type(option: Option):
    if isinstance(option.type, tuple):
        return click.Choice(option.type)
    if option.type is int:
        return Count(int(option.minimum) if option.minimum is not None else -(1 << 62))
    if option.type is float:
        return Real(option.minimum)
    return click.STRING


# -- building one command ------------------------------------------------------------------


def contract_options(verb: str, puzzle: Puzzle) -> list[click.Parameter]:
    styles = list(puzzle.styles.get(verb, ())) or ["text"]
    if verb == "render":
        styles += ["svg", "png", "pdf"]
    choices = list(dict.fromkeys([*styles, "json"])) if verb != "bench" else ["text", "json"]
    if verb == "book":
        choices = ["pdf", "json"]
    params: list[click.Parameter] = [
        click.Option(["--format", "fmt"], type=click.Choice(choices), default=choices[0],
                     show_default=True, help="Output format."),
        click.Option(["--out"], default=None, metavar="FILE",
                     help="Write the answer to FILE (atomically) instead of stdout."
                     if verb != "book" else "The PDF to write (- for stdout).",
                     required=verb == "book"),
    ]
    timeout_help = "Give up after this many seconds, every phase included (exit 3)."
    nodes_help = "Give up after this many search nodes (exit 3)."
    if verb == "bench":
        from ..bench import BOARD_SECONDS

        timeout_help = (f"Give up on a board after this many seconds, counted for each board "
                        f"and run (exit 3; the other boards still run).  [default: "
                        f"{BOARD_SECONDS:g}]")
        nodes_help = "Give up on a board after this many search nodes (exit 3)."
    if verb != "check":
        params += [
            click.Option(["--timeout"], type=Seconds(), default=None, help=timeout_help),
            click.Option(["--nodes"], type=Count(1), default=None, help=nodes_help),
            click.Option(["--memory"], type=Bytes(), default=None, metavar="SIZE",
                         help="Memory budget of searches that store states and of tables "
                              "(e.g. 500M, 2G; exit 3 past it)."),
        ]
    if verb != "generate" and verb != "bench":
        params.append(click.Option(["--max-input"], type=Count(1), default=MAX_INPUT,
                                   show_default=True, help="Largest input accepted, in bytes."))
    return params


def verb_options(verb: str) -> list[click.Parameter]:
    seed = click.Option(["--seed"], type=Count(-(1 << 62)), default=None,
                        help="Random seed, for reproducible results.")
    plot = click.Option(["--plot"], default=None, metavar="FILE.svg|png|pdf",
                        help="Also draw the figures as a chart (needs puzzlesmith[plot]).")
    return {
        "solve": [seed],
        "count": [
            click.Option(["--limit"], type=Count(1), default=None,
                         help="Stop after this many solutions."),
            click.Option(["--unique"], is_flag=True,
                         help="Only decide uniqueness: exit 0 unique, 1 not unique or none."),
        ],
        "generate": [
            seed,
            click.Option(["--count", "how_many"], type=Count(1), default=1, show_default=True,
                         help="How many puzzles."),
            *store_options(),
        ],
        "render": [click.Option(["--solution"], is_flag=True, help="Draw the solution too.")],
        "hint": [click.Option(["--state"], default=None, metavar="FILE|TEXT",
                              help="The player's marks so far, in the answer format.")],
        "bench": [click.Option(["--repeat"], type=Count(1), default=5, show_default=True,
                               help="Runs per figure; the median is shown."), plot],
        "compare": [plot],
        "book": [
            seed,
            click.Option(["--count", "how_many"], type=Count(1), default=None,
                         help="How many puzzles to generate."),
            click.Option(["--from", "source"], default=None, metavar="FILE|DIR",
                         help="Lay out the puzzles in FILE (or every file in DIR) instead."),
            click.Option(["--per-page"], type=Count(1), default=4, show_default=True,
                         help="Puzzles a page (solutions: up to four times as many)."),
            click.Option(["--paper"], type=click.Choice(["a4", "letter"]), default="a4",
                         show_default=True, help="Paper size."),
            click.Option(["--solutions/--no-solutions"], default=True, show_default=True,
                         help="Print the solutions at the back."),
        ],
    }.get(verb, [])


def store_options() -> list[click.Parameter]:
    return [click.Option(["--store", "to_store"], is_flag=True,
                         help="Add the puzzles to the puzzle store (duplicates are refused)."),
            click.Option(["--db"], default=None, metavar="PATH",
                         help="The puzzle store (default: $PUZZLESMITH_DB or puzzles.db).")]


def puzzle_options(verb: str, puzzle: Puzzle) -> list[click.Parameter]:
    params = []
    options = puzzle.options_for(verb)
    if verb == "book":  # generation options, and what parsing --from files needs
        rows = [*puzzle.options_for("generate"), *puzzle.options_for("render", "parse")]
        options = list({o.name: o for o in rows[::-1]}.values())[::-1]  # first row wins
    for option in options:
        names = [option.flag, *option.aliases, option.name]
        if option.type is bool:
            params.append(click.Option(names, is_flag=True,
                                       default=bool(option.default), help=option.help))
        elif verb == "book":  # only the values given reach the library (its defaults apply)
            shown = f"  [default: {option.default}]" if option.default is not None else ""
            params.append(click.Option(names, type=_click_type(option),
                                       default=None, help=option.help + shown))
        else:
            params.append(click.Option(names, type=_click_type(option),
                                       default=option.default, help=option.help,
                                       show_default=option.default is not None))
    return params


def arguments(verb: str, puzzle: Puzzle) -> list[click.Parameter]:
    if verb in ("generate", "book"):
        return []
    if verb == "bench":
        return [click.Argument(["files"], nargs=-1, metavar="[FILE]...")]
    what = "PUZZLE|FILE|-" if puzzle.inline else "FILE|-"
    params = [click.Argument(["source"], default="-", metavar=what)]
    if verb == "check":
        params.append(click.Argument(["answer"], metavar="ANSWER|FILE"))
    return params
