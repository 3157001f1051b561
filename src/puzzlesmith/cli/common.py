"""The one CLI contract every puzzle follows.

* exit 0 success; 1 no solution (or, with ``--unique``, not unique); 2 bad input or usage;
  3 gave up at a limit (``--timeout``, ``--nodes``, Ctrl-C);
* with ``--format json`` exactly one JSON object goes to stdout, whatever the exit status;
  messages go to stderr;
* long work shows a progress bar on stderr (only when stderr is a terminal).

Puzzle command modules use :func:`command_options`, :func:`read_source`, :func:`emit`
and :func:`exit_with`; :func:`guarded` turns library errors into the contract.
"""

from __future__ import annotations

import functools
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from ..errors import PuzzleError
from ..results import EXIT_CODES, Limits, Status

BAD_INPUT = 2


def source_argument(f: Callable) -> Callable:
    """The puzzle to read: a file name, or ``-`` (the default) for stdin."""
    return click.argument("source", default="-", metavar="FILE|-")(f)


def format_option(*text_formats: str, default: str | None = None) -> Callable:
    """``--format``: the puzzle's text formats plus ``json``."""
    choices = [*text_formats, "json"]
    return click.option(
        "--format", "fmt", type=click.Choice(choices), default=default or choices[0],
        show_default=True, help="Output format.",
    )


def out_option(f: Callable) -> Callable:
    return click.option(
        "--out", "out", type=click.Path(dir_okay=False, writable=True), default=None,
        help="Write the answer to this file instead of stdout.",
    )(f)


def limit_options(f: Callable) -> Callable:
    """``--timeout SECONDS`` and ``--nodes N``: give up (exit 3) past either budget."""
    f = click.option("--timeout", type=click.FloatRange(min=0), default=None,
                     help="Give up after this many seconds (exit 3).")(f)
    return click.option("--nodes", "node_limit", type=click.IntRange(min=1), default=None,
                        help="Give up after this many search nodes (exit 3).")(f)


def seed_option(f: Callable) -> Callable:
    return click.option("--seed", type=int, default=None,
                        help="Random seed, for reproducible results.")(f)


def limits_from(timeout: float | None, node_limit: int | None) -> Limits:
    return Limits(nodes=node_limit, seconds=timeout)


def read_source(source: str) -> str:
    """The text of a puzzle file, or of stdin for ``-``; a clear error if unreadable."""
    if source == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise click.UsageError("no puzzle given: name a FILE or pipe one into stdin ('-')")
        return sys.stdin.read()
    path = Path(source)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise click.UsageError(f"no such file: {source}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise click.UsageError(f"cannot read {source}: {error}") from None


def emit(obj: dict, text: str | None, fmt: str, out: str | None = None) -> None:
    """Print the answer: the JSON object when ``fmt == 'json'``, else ``text``."""
    body = json.dumps(obj) if fmt == "json" else text
    if body is None:
        return
    if out:
        Path(out).write_text(body + "\n", encoding="utf-8")
    else:
        click.echo(body)


def message(text: str) -> None:
    """A message for people: always stderr, never mixed into the answer."""
    click.echo(text, err=True)


def exit_with(status: Status | int) -> None:
    """Leave with the contract's exit code for ``status``."""
    code = EXIT_CODES[status] if isinstance(status, Status) else status
    sys.exit(code)


def guarded(f: Callable) -> Callable:
    """Map library errors and Ctrl-C onto the contract (exit 2 / exit 3), JSON-aware."""

    @functools.wraps(f)
    def wrapper(*args, **kwargs):
        fmt = kwargs.get("fmt")
        try:
            return f(*args, **kwargs)
        except PuzzleError as error:
            _fail(fmt, "error", str(error), BAD_INPUT)
        except KeyboardInterrupt:
            _fail(fmt, Status.GAVE_UP.value, "interrupted", EXIT_CODES[Status.GAVE_UP])

    return wrapper


def _fail(fmt: str | None, status: str, text: str, code: int) -> None:
    if fmt == "json":
        click.echo(json.dumps({"status": status, "error": text}))
    message(f"error: {text}" if status == "error" else f"gave up: {text}")
    sys.exit(code)


@contextmanager
def progress(description: str, total: float | None = None) -> Iterator[Callable]:
    """A rich progress bar on stderr; yields ``update(completed=None, info="")``.

    Silent (a no-op callback) when stderr is not a terminal, so pipes and tests stay clean.
    """
    if not sys.stderr.isatty():
        yield lambda completed=None, info="": None
        return
    from rich.console import Console
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
               TextColumn("{task.fields[info]}"), TimeElapsedColumn()]
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total, info="")

        def update(completed: float | None = None, info: str = "") -> None:
            bar.update(task, completed=completed, info=info)

        yield update


def command_options(*text_formats: str, default: str | None = None) -> Callable:
    """The options every solving command shares: format, out, limits; plus error guarding."""

    def decorate(f: Callable) -> Callable:
        f = guarded(f)
        f = limit_options(f)
        f = out_option(f)
        return format_option(*text_formats, default=default)(f)

    return decorate
