"""The command line, generated from the puzzle registry: ``puzzlesmith VERB PUZZLE ...``.

``puzzlesmith VERB PUZZLE`` exists exactly where ``VERB in get(PUZZLE).verbs``; its options are
the contract's (format, output, limits) plus the puzzle's own :class:`~puzzlesmith.puzzles.Option`
rows.  Puzzle modules are imported only when a command needs them; nothing here imports numba.
"""

from __future__ import annotations

import sys
import time

import click

from .. import __version__
from .. import cli as command  # the package: main() sets its began
from ..errors import LimitReached, PuzzleError
from ..jsonout import dumps
from ..puzzles import get, names
from ..puzzles.protocol import Puzzle
from ..results import Limits, Status
from ..verbs import Failure, failure_from
from . import leave, runners
from .contract import (
    Tracker,
    check_binary,
    check_out,
    emit_failure,
    exit_code,
    message,
    verdict_message,
    wants_json,
    write_out,
)
from .options import (
    VERB_HELP,
    VerbGroup,
    arguments,
    contract_options,
    puzzle_options,
    verb_options,
)


def build_command(verb: str, puzzle: Puzzle) -> click.Command:
    """The click command of ``puzzlesmith VERB PUZZLE``."""
    params = [*arguments(verb, puzzle), *verb_options(verb), *puzzle_options(verb, puzzle),
              *contract_options(verb, puzzle)]
    seen: set[str] = set()
    for param in params:
        if param.name in seen:
            raise RuntimeError(f"{puzzle.name}: option {param.name!r} is declared twice")
        seen.add(param.name)

    def callback(**params):
        execute(verb, puzzle, params)

    return click.Command(puzzle.name, params=params, callback=callback,
                         help=f"{VERB_HELP[verb]}\n\n{puzzle.title}",
                         short_help=puzzle.title)


def execute(verb: str, puzzle: Puzzle, params: dict) -> None:
    """Run one command by the contract and exit with its code."""
    fmt, out = params.pop("fmt"), params.pop("out")
    tracker = Tracker(f"{verb} {puzzle.name}")
    document = None
    if verb == "book":  # the PDF goes to --out; the report (JSON) to stdout
        document, out = out, None
    try:
        if verb == "book" and document is None:
            raise Failure(Status.ERROR, "book needs --out FILE.pdf (or --out - for stdout)")
        check_out(document or out)
        check_binary(fmt if verb != "book" else "pdf", document or out)
        if document == "-" and fmt == "json":
            raise Failure(Status.ERROR, "--format json prints the report on stdout: "
                                        "write the book to a file with --out FILE")
        limits = Limits(nodes=params.pop("nodes", None), seconds=params.pop("timeout", None),
                        memory=params.pop("memory", None)).started(since=command.began)
        with tracker.bar():
            instance, result = runners.RUNNERS[verb](puzzle, params, limits, tracker, fmt)
    except BaseException as error:  # noqa: BLE001  (the contract: no traceback, ever)
        if isinstance(error, SystemExit):
            raise
        failure = failure_from(error)
        stats = tracker.stats
        if not stats.seconds:
            stats.seconds = time.monotonic() - tracker.started
        sys.exit(emit_failure(sys.argv if _ARGS is None else _ARGS, puzzle.name, failure,
                              stats, out))
    try:  # the limit covers formatting too: millions of rows take seconds
        if fmt == "json":
            body = dumps(result.to_dict(), limits=limits)
        elif verb == "book":
            body = None
        else:
            body = puzzle.report_text(verb, instance, result, fmt, limits=limits)
    except PuzzleError as error:  # a limit reached, or an answer the style cannot show
        leave(emit_failure(_ARGS or [], puzzle.name, failure_from(error), result.stats, out))
    try:  # the answer first: no message may claim what a failed write lost
        if document is not None and getattr(result, "pdf", None) is not None:
            write_out(result.pdf, document)
        if body is not None:
            write_out(body, out, limits)  # whole or not at all by the deadline
    except Failure as failure:  # with --format json, the error object goes to stdout
        leave(emit_failure(_ARGS or [], puzzle.name, failure, result.stats))
    except LimitReached as error:  # nothing of the answer was left: the limit is said
        leave(emit_failure(_ARGS or [], puzzle.name, failure_from(error), result.stats, out))
    for line in result.messages:
        message(line)
    verdict = result.verdict()
    note = verdict_message(verb, result)
    said = note and any(line.startswith(note.split(" ")[0] + " ") for line in result.messages)
    if note and not said:
        message(note)
    leave(exit_code(verdict))


# -- the groups ----------------------------------------------------------------------------


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="puzzlesmith")
def cli() -> None:
    """Solve and generate logic puzzles: puzzlesmith VERB PUZZLE ...

    Exit status: 0 success; 1 no solution (or not unique); 2 bad input or usage;
    3 gave up at a limit (--timeout, --nodes, Ctrl-C).  With --format json exactly one
    JSON object goes to stdout.
    """


for _verb in VERB_HELP:
    cli.add_command(VerbGroup(_verb, build_command, VERB_HELP[_verb],
                              shared=_verb not in ("generate", "bench", "book")))

from .serve import serve as _serve  # noqa: E402  (the web app: cli/serve.py)

cli.add_command(_serve)


def _add_batch_and_store() -> None:
    from .batch import batch
    from .store import store

    cli.add_command(batch)
    cli.add_command(store)


_add_batch_and_store()


@cli.command()
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="Output format.")
def demo(fmt: str) -> None:
    """Solve built-in examples of every puzzle and print them."""
    began = time.monotonic()
    tours = {name: get(name).demo() for name in names()}
    if fmt == "json":
        write_out(dumps({"puzzle": "all", "status": "solved",
                         "seconds": round(time.monotonic() - began, 6), "nodes": 0,
                         "tours": tours}), None)
    else:
        write_out(("\n\n" + "=" * 72 + "\n\n").join(tours.values()), None)


_ARGS: list[str] | None = None


def run(args: list[str]) -> int:
    """Run the command line on ``args``; returns the exit code."""
    global _ARGS
    _ARGS = args
    from ..engines.kernels import set_notice, set_process

    set_notice(message)  # "compiling the ... kernels (first run only)..." on stderr
    set_process("one-shot")  # a small search does not wait for numba (serve and batch: not)
    try:
        cli.main(args=args, prog_name="puzzlesmith", standalone_mode=False)
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.exceptions.Abort:
        return emit_failure(args, _puzzle_named(args), failure_from(KeyboardInterrupt()))
    except click.ClickException as error:
        text = " ".join(error.format_message().split())
        if wants_json(args):
            write_out(dumps({"puzzle": _puzzle_named(args), "status": "error",
                             "seconds": 0.0, "nodes": 0, "error": text}), None)
        command = getattr(getattr(error, "ctx", None), "command_path", "puzzlesmith")
        message(f"error: {text} (see '{command} --help')")
        return 2
    except SystemExit as done:
        return done.code if isinstance(done.code, int) else 1
    return 0


def _puzzle_named(args: list[str]) -> str | None:
    return next((a for a in args[:3] if a in names()), None)
