"""The one command-line contract, kept in one place for every puzzle and verb.

* exit 0 success; 1 no solution (or, with ``--unique``, not unique); 2 bad input or usage;
  3 gave up at a limit (``--timeout``, ``--nodes``, a size or memory limit, Ctrl-C);
* with ``--format json`` exactly one JSON object goes to stdout (or ``--out``), whatever the
  exit status, with ``"puzzle"``, ``"status"``, ``"seconds"`` and ``"nodes"``; messages go to
  stderr, one line each, never a traceback;
* input is read with a size cap before anything is parsed; output is written to a temporary
  file and renamed, so that a failed write leaves no half-written file (a device or a pipe
  named by ``--out``, such as ``/dev/null``, is written directly);
* every write is checked, the final flush of stdout included: a failed one (no space, no
  permission) ends with exit 2 and one line naming the path, and nothing claims it was
  written; with ``--format json`` a failed ``--out`` leaves the error object on stdout;
* stdout closed by its reader (``| head -c 1``) ends the command quietly with exit
  :data:`CLOSED_PIPE` (141 = 128 + SIGPIPE, what a shell reports for ``yes | head -1``);
* long work shows a progress bar on stderr when stderr is a terminal, and otherwise (a pipe,
  a file) a line every :data:`PROGRESS_SECONDS` seconds once it has run that long.
"""

from __future__ import annotations

import contextlib
import math
import os
import stat
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..batch import MAX_INPUT, decode_text
from ..errors import LimitReached
from ..jsonout import dumps
from ..results import EXIT_CODES, Limits, Result, Stats, Status
from ..verbs import Failure, failure_object

#: The exit status when stdout's reader has gone (128 + SIGPIPE, as a shell reports it).
CLOSED_PIPE = 141
#: Bytes written between two looks at the deadline.
WRITE_CHUNK = 1 << 23
#: Bytes a second a pipe or a terminal is assumed to take: an answer is begun on one only
#: when the time left covers its size at this rate (what it was given cannot be taken back).
PIPE_RATE = 200e6
#: Seconds between progress lines when stderr is not a terminal (``$PUZZLESMITH_PROGRESS``
#: sets it; 0 turns the lines off).
PROGRESS_SECONDS = 5.0


class WriteFailure(Failure):
    """Writing the answer failed (exit 2): ``cannot write PATH: why``."""

    def __init__(self, path: str, error: OSError):
        super().__init__(Status.ERROR, f"cannot write {path}: {error.strerror or error}")


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
    text, error = decode_text(data, name, len(data))  # the size is checked on reading
    if error is not None:
        raise Failure(Status.ERROR, error)
    return text


def check_out(out: str | None) -> None:
    """Fail early (exit 2) when ``--out`` cannot be written: no such folder, not writable."""
    if out is None or out == "-":
        return
    folder = os.path.dirname(os.path.abspath(out)) or "."
    if os.path.isdir(out):
        raise Failure(Status.ERROR, f"--out {out}: is a directory")
    if _is_special(out):
        if not os.access(out, os.W_OK):
            raise Failure(Status.ERROR, f"--out {out}: not writable")
        return
    if not os.path.isdir(folder):
        raise Failure(Status.ERROR, f"--out {out}: no such directory {folder}")
    if not os.access(folder, os.W_OK):
        raise Failure(Status.ERROR, f"--out {out}: directory {folder} is not writable")


def check_binary(fmt: str, out: str | None) -> None:
    """Refuse to print a binary format (PNG, PDF) on a terminal: it needs ``--out FILE``."""
    if fmt in ("png", "pdf") and (out is None or out == "-") and sys.stdout.isatty():
        raise Failure(Status.ERROR, f"{fmt.upper()} is binary: write it with --out FILE "
                                    "(or redirect stdout)")


def write_out(body: str | bytes, out: str | None, limits: Limits | None = None) -> None:
    """Print ``body`` on stdout, or write it to ``out``: atomically (temporary file + rename)
    for a regular file, directly for a device or a pipe.  A failed write raises
    :class:`Failure` naming the path; a closed stdout ends quietly (see :func:`closed_pipe`).

    With ``limits``, an answer is written whole or not at all by their deadline (see
    :func:`_write_pieces`): past it :class:`~puzzlesmith.errors.LimitReached` is raised
    and nothing of the answer is left."""
    if out is None or out == "-":
        _write_stdout(body, limits)
        return
    data = body if isinstance(body, bytes) else body.rstrip("\n") + "\n"
    try:
        if _is_special(out):
            with open(out, "wb") as stream:  # never replace /dev/null or a pipe by a file
                _write_pieces(stream, data, limits)
        else:
            _write_atomic(data, out, limits)
    except OSError as error:
        raise WriteFailure(out, error) from None


def _write_pieces(stream, data: str | bytes, limits: Limits | None) -> None:
    """Write ``data`` to the binary ``stream`` :data:`WRITE_CHUNK` bytes at a time, keeping
    the deadline of ``limits``.  Into a file, the deadline is checked between chunks, and
    when it passes what was written is taken back (truncated) before ``LimitReached`` is
    raised.  A pipe, a terminal or a device cannot take anything back: the answer is begun
    only when the time left covers its size at :data:`PIPE_RATE`, and then written whole
    (its reader sets the pace), so that it is never cut in half."""
    start = _position(stream)
    if len(data) <= WRITE_CHUNK:  # one chunk is written whole, even past the deadline
        limits = None
    if limits is not None and start is None:
        _check_time_for(len(data), limits)
    try:
        for offset in range(0, len(data), WRITE_CHUNK):
            if limits is not None and start is not None:
                limits.check("writing the answer")
            piece = data[offset:offset + WRITE_CHUNK]
            stream.write(piece.encode() if isinstance(piece, str) else piece)
        stream.flush()
    except LimitReached:
        _take_back(stream, start)
        raise


def _position(stream) -> int | None:
    """Where the next write to ``stream`` lands, if writes there can be taken back."""
    try:
        return stream.tell() if stream.seekable() else None
    except (OSError, ValueError):
        return None


def _take_back(stream, start: int | None) -> None:
    """Remove what was written to ``stream`` from ``start`` on (a device keeps nothing)."""
    if start is None:
        return
    with contextlib.suppress(OSError, ValueError):
        stream.flush()
        stream.seek(start)
        stream.truncate()


def _check_time_for(size: int, limits: Limits) -> None:
    """Raise ``LimitReached`` unless the time left covers ``size`` bytes at PIPE_RATE."""
    left = limits.remaining()
    if left is not None and size > left * PIPE_RATE:
        raise LimitReached(f"time limit reached while writing the answer: "
                           f"{size / 1e6:,.0f} MB would not be written by then")


def write_line(text: str, stream, name: str) -> None:
    """Write one line to an open ``stream`` (stdout, or the file ``name``) and flush it;
    failures as :func:`write_out`."""
    if stream is sys.stdout:
        _write_stdout(text)
        return
    try:
        stream.write(text + "\n")
        stream.flush()
    except OSError as error:
        raise WriteFailure(name, error) from None


def _write_stdout(body: str | bytes, limits: Limits | None = None) -> None:
    try:
        if isinstance(body, bytes):
            sys.stdout.flush()
            sys.stdout.buffer.write(body)
        elif limits is not None:  # an answer: whole or not at all by the deadline
            sys.stdout.flush()
            _write_pieces(sys.stdout.buffer, body if body.endswith("\n") else body + "\n",
                          limits)
        else:
            sys.stdout.write(body if body.endswith("\n") else body + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        _drop_stdout()
        raise SystemExit(CLOSED_PIPE) from None
    except OSError as error:
        raise _stdout_failure(error) from None


def _stdout_failure(error: OSError) -> Failure:
    _drop_stdout()
    return WriteFailure("stdout", error)


def stdout_failed(error: OSError) -> int:
    """The exit code when writing stdout failed: quietly :data:`CLOSED_PIPE` when its reader
    has gone, else 2 with one line on stderr.  What was left unwritten is dropped, so that
    the interpreter's own flush at exit does not fail again."""
    if isinstance(error, BrokenPipeError):
        _drop_stdout()
        return CLOSED_PIPE
    message(f"error: {_stdout_failure(error).text}")
    return 2


def flush_stdout(code: int) -> int:
    """The last flush of stdout before exiting, checked: ``code``, or :func:`stdout_failed`'s."""
    try:
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as error:
        return stdout_failed(error)
    return code


def _drop_stdout() -> None:
    """Point file descriptor 1 at the null device (an in-memory stdout has none)."""
    try:
        fd = sys.stdout.fileno()
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except (AttributeError, OSError, ValueError):
        pass


def _is_special(path: str) -> bool:
    """True for an existing path that is not a regular file or a folder (a device, a pipe)."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _write_atomic(data: str | bytes, out: str, limits: Limits | None = None) -> None:
    folder = os.path.dirname(os.path.abspath(out))
    handle, temporary = tempfile.mkstemp(dir=folder, prefix=".puzzlesmith-")
    try:
        with os.fdopen(handle, "wb") as stream:
            _write_pieces(stream, data, limits)
        os.chmod(temporary, 0o666 & ~_umask())  # as open() would have made it
        os.replace(temporary, out)
    except BaseException:
        os.unlink(temporary)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def message(text: str) -> None:
    """A line for people: always stderr, never mixed into the answer."""
    print(text, file=sys.stderr, flush=True)


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
    shown = verdict is Status.GAVE_UP or verb == "generate"
    return f"{text}: {reason}" if reason and shown else text


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
        """A rich progress bar on stderr when stderr is a terminal, else progress lines."""
        if not _isatty(sys.stderr):
            with self.lines():
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
                progress.update(task, total=extra.get("total"),
                                completed=extra.get("done", extra.get("made")),
                                description=extra.get("stage", self.description),
                                info=progress_info(stats))

            self._update = update
            try:
                yield
            finally:
                self._update = None

    @contextmanager
    def lines(self, every: float | None = None) -> Iterator[None]:
        """While the block runs, a line on stderr every ``every`` seconds (default
        :func:`progress_seconds`), the first after that long: what runs, for how long, and
        the last counters reported, so that a long run in a pipe is never silent."""
        every = progress_seconds() if every is None else every
        if every <= 0:
            yield
            return
        done = threading.Event()

        def beat() -> None:
            while not done.wait(every):
                stage = self.stats.extra.get("stage") or self.description
                info = progress_info(self.stats)
                try:
                    message(f"... {stage}: {time.monotonic() - self.started:.0f} s"
                            + (f", {info}" if info else ""))
                except (OSError, ValueError):  # stderr gone: stay silent
                    return

        thread = threading.Thread(target=beat, name="puzzlesmith-progress", daemon=True)
        thread.start()
        try:
            yield
        finally:
            done.set()
            thread.join()


def progress_seconds() -> float:
    """Seconds between progress lines off a terminal: ``$PUZZLESMITH_PROGRESS`` (0: none)
    or, when it is not set or not a number, :data:`PROGRESS_SECONDS`."""
    try:
        seconds = float(os.environ.get("PUZZLESMITH_PROGRESS", PROGRESS_SECONDS))
    except ValueError:
        return PROGRESS_SECONDS
    return max(seconds, 0.0) if math.isfinite(seconds) else PROGRESS_SECONDS


def _isatty(stream) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):
        return False


def progress_info(stats: Stats) -> str:
    """A short line for the progress bar: nodes and the counters a run reports."""
    parts = [f"{stats.nodes:,} nodes"] if stats.nodes else []
    for key in ("solutions", "made", "steps", "conflicts", "bound", "attempts", "repairs",
                "rounds", "open"):
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
        for target in dict.fromkeys([out, None]):  # --out, else stdout, else only the line
            try:
                write_out(body, target)
                break
            except Failure:
                continue
    prefix = "error" if failure.status is Status.ERROR else "gave up"
    message(f"{prefix}: {failure.text}")
    return exit_code(failure.status)
