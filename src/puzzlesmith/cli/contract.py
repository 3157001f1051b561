"""The one command-line contract, kept in one place for every puzzle and verb.

* exit 0 success; 1 no solution (or, with ``--unique``, not unique); 2 bad input or usage;
  3 gave up at a limit (``--timeout``, ``--nodes``, a size or memory limit, Ctrl-C);
* with ``--format json`` exactly one JSON object goes to stdout (or ``--out``), whatever the
  exit status, with ``"puzzle"``, ``"status"``, ``"seconds"`` and ``"nodes"``; messages go to
  stderr, one line each, never a traceback;
* input is read with a size cap before anything is parsed; output is written to a temporary
  file and renamed, so that a failed write leaves no half-written file;
* long work shows a progress bar on stderr when stderr is a terminal.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..errors import InvalidPuzzle, LimitReached, PuzzleError
from ..jsonout import dumps
from ..results import EXIT_CODES, Result, Stats, Status

#: Default cap on input bytes (``--max-input`` raises it).
MAX_INPUT = 10_000_000


class Failure(Exception):
    """A command ends with ``status`` (error or gave-up) and a one-line ``text``."""

    def __init__(self, status: Status, text: str):
        super().__init__(text)
        self.status, self.text = status, text


def read_source(source: str, *, inline: bool = False, max_input: int = MAX_INPUT) -> str:
    """The text of a puzzle: a file, ``-`` for stdin, or (for ``inline`` puzzles) the
    argument itself when it names no file.  Refuses more than ``max_input`` bytes before
    reading them all, binary input, and text that is not UTF-8 (a byte-order mark is fine)."""
    if source == "-":
        if sys.stdin is None or sys.stdin.isatty():
            raise Failure(Status.ERROR, "no puzzle given: name a FILE or pipe one into stdin")
        return _decode(_read_capped(sys.stdin.buffer, max_input, "stdin"), "stdin")
    if not _is_file(source):
        if inline:
            if len(source) > max_input:
                raise Failure(Status.ERROR, f"the argument is longer than {max_input} bytes")
            return source
        if os.path.isdir(source):
            raise Failure(Status.ERROR, f"{source} is a directory, not a puzzle file")
        raise Failure(Status.ERROR, f"no such file: {source}")
    try:
        with open(source, "rb") as stream:
            data = _read_capped(stream, max_input, source)
    except OSError as error:
        raise Failure(Status.ERROR, f"cannot read {source}: {error.strerror or error}") from None
    return _decode(data, source)


def _is_file(source: str) -> bool:
    try:
        path = Path(source)
        return path.exists() and not path.is_dir()  # files, devices, pipes
    except (OSError, ValueError):  # a name too long, or with a NUL: not a file
        return False


def _read_capped(stream, max_input: int, name: str) -> bytes:
    data = stream.read(max_input + 1)
    if len(data) > max_input:
        raise Failure(Status.ERROR, f"{name}: input larger than {max_input:,} bytes "
                                    "(raise the cap with --max-input)")
    return data


def _decode(data: bytes, name: str) -> str:
    if b"\0" in data:
        raise Failure(Status.ERROR, f"{name}: binary data (byte {data.index(0)} is NUL), "
                                    "not a puzzle text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise Failure(Status.ERROR, f"{name}: not UTF-8 text (byte {error.start})") from None


def check_out(out: str | None) -> None:
    """Fail early (exit 2) when ``--out`` cannot be written: no such folder, not writable."""
    if out is None or out == "-":
        return
    folder = os.path.dirname(os.path.abspath(out)) or "."
    if os.path.isdir(out):
        raise Failure(Status.ERROR, f"--out {out}: is a directory")
    if not os.path.isdir(folder):
        raise Failure(Status.ERROR, f"--out {out}: no such directory {folder}")
    if not os.access(folder, os.W_OK):
        raise Failure(Status.ERROR, f"--out {out}: directory {folder} is not writable")


def check_binary(fmt: str, out: str | None) -> None:
    """Refuse to print a binary format (PNG, PDF) on a terminal: it needs ``--out FILE``."""
    if fmt in ("png", "pdf") and (out is None or out == "-") and sys.stdout.isatty():
        raise Failure(Status.ERROR, f"{fmt.upper()} is binary: write it with --out FILE "
                                    "(or redirect stdout)")


def write_out(body: str | bytes, out: str | None) -> None:
    """Print ``body`` on stdout, or write it to ``out`` atomically (temporary file + rename)."""
    if out is None or out == "-":
        if isinstance(body, bytes):
            sys.stdout.buffer.write(body)
            sys.stdout.flush()
        else:
            sys.stdout.write(body if body.endswith("\n") else body + "\n")
            sys.stdout.flush()
        return
    data = body if isinstance(body, bytes) else (body.rstrip("\n") + "\n").encode()
    folder = os.path.dirname(os.path.abspath(out))
    try:
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".puzzlesmith-")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, 0o666 & ~_umask())  # as open() would have made it
            os.replace(temporary, out)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as error:
        raise Failure(Status.ERROR, f"cannot write {out}: {error.strerror or error}") from None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def message(text: str) -> None:
    """A line for people: always stderr, never mixed into the answer."""
    print(text, file=sys.stderr, flush=True)


def failure_object(puzzle: str | None, status: Status, text: str, stats: Stats | None,
                   **extra) -> dict:
    """The JSON object of a command that failed or gave up before it had a result."""
    stats = stats or Stats()
    head = {"puzzle": puzzle} if puzzle else {}
    body = {**head, "status": status.value, **stats.as_dict(), **extra}
    body["error" if status is Status.ERROR else "reason"] = text
    return body


def failure_from(error: BaseException) -> Failure:
    """Map an exception raised by the library onto the contract."""
    if isinstance(error, Failure):
        return error
    if isinstance(error, KeyboardInterrupt):
        return Failure(Status.GAVE_UP, "interrupted")
    if isinstance(error, LimitReached):
        return Failure(Status.GAVE_UP, str(error))
    if isinstance(error, MemoryError):
        return Failure(Status.GAVE_UP, "out of memory (lower the size, or set a limit)")
    if isinstance(error, InvalidPuzzle | PuzzleError):
        return Failure(Status.ERROR, str(error))
    if isinstance(error, OSError):
        return Failure(Status.ERROR, error.strerror or str(error))
    raise error


#: What stderr says when a result is not a success.
VERDICT_TEXT = {
    Status.UNSOLVABLE: "no solution",
    Status.GAVE_UP: "gave up at a limit before finishing",
}


def verdict_message(verb: str, result: Result) -> str | None:
    """One line for stderr when ``result`` does not exit 0."""
    verdict = result.verdict()
    if verdict is Status.SOLVED:
        return None
    if verb == "solve" and verdict is Status.UNSOLVABLE and result.status is Status.SOLVED:
        return "not unique: there is a second solution"
    if verb == "solve" and verdict is Status.GAVE_UP and result.solution is not None:
        return "gave up at the limit before deciding uniqueness"
    if verb == "count" and getattr(result, "wanted_unique", False) and result.count:
        return "not unique: there is a second solution"
    if verb == "count" and verdict is Status.GAVE_UP:
        return "gave up at the limit: the count is a lower bound"
    if verb == "check" and verdict is Status.UNSOLVABLE:
        return "not a solution"
    reason = result.details.get("reason") or result.stats.extra.get("reason")
    text = VERDICT_TEXT.get(verdict, verdict.value)
    return f"{text}: {reason}" if reason and verdict is Status.GAVE_UP else text


def exit_code(status: Status) -> int:
    return EXIT_CODES[status]


class Tracker:
    """Keeps the last statistics a run reported (for Ctrl-C) and drives a progress bar."""

    def __init__(self, description: str):
        self.description = description
        self.stats = Stats()
        self.started = time.monotonic()
        self._update: Callable[[Stats], None] | None = None

    def __call__(self, stats: Stats) -> None:
        self.stats = stats
        if self._update is not None:
            self._update(stats)

    @contextmanager
    def bar(self) -> Iterator[None]:
        """A rich progress bar on stderr, only when stderr is a terminal."""
        if not sys.stderr.isatty():
            yield
            return
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            Progress,
            SpinnerColumn,
            TextColumn,
            TimeElapsedColumn,
        )

        columns = [SpinnerColumn(), TextColumn("{task.description}"), BarColumn(),
                   TextColumn("{task.fields[info]}"), TimeElapsedColumn()]
        with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
            task = progress.add_task(self.description, total=None, info="")

            def update(stats: Stats) -> None:
                extra = stats.extra
                progress.update(task, total=extra.get("total"), completed=extra.get("done"),
                                description=extra.get("stage", self.description),
                                info=progress_info(stats))

            self._update = update
            try:
                yield
            finally:
                self._update = None


def progress_info(stats: Stats) -> str:
    """A short line for the progress bar: nodes and the counters a run reports."""
    parts = [f"{stats.nodes:,} nodes"] if stats.nodes else []
    for key in ("solutions", "made", "steps", "conflicts", "bound"):
        value = stats.extra.get(key)
        if isinstance(value, int | float):
            parts.append(f"{value:,} {key}")
    return ", ".join(parts)


def wants_json(args: list[str]) -> bool:
    """True when the command line asks for ``--format json``."""
    return "--format=json" in args or any(
        a == "--format" and b == "json" for a, b in zip(args, args[1:], strict=False))


def emit_failure(args: list[str], puzzle: str | None, failure: Failure,
                 stats: Stats | None = None, out: str | None = None, **extra) -> int:
    """Report a failure by the contract; returns the exit code."""
    if wants_json(args):
        body = dumps(failure_object(puzzle, failure.status, failure.text, stats, **extra))
        try:
            write_out(body, out)
        except Failure:
            write_out(body, None)
    prefix = "error" if failure.status is Status.ERROR else "gave up"
    message(f"{prefix}: {failure.text}")
    return exit_code(failure.status)
