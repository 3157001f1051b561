"""``puzzlesmith store add|list|show|export|stats``, and ``generate --store``.

Only command-line plumbing lives here; the store is :mod:`puzzlesmith.store`.  Every command
takes ``--db PATH`` (default ``$PUZZLESMITH_DB`` or ``puzzles.db``) and ``--format json``
(one JSON object; ``export`` writes JSON lines, one stored puzzle per line).
"""

from __future__ import annotations

import functools
import re
import sys
import time
from pathlib import Path

import click

from ..batch import MAX_INPUT, read_inputs
from ..errors import InvalidPuzzle, UsageError
from ..jsonout import dumps
from ..puzzles import get, names
from ..results import EXIT_CODES, Stats, Status
from ..store import Entry, Store, default_path, entry_for, generated_entries, parse_options
from ..verbs import failure_from
from .contract import check_out, emit_failure, message, write_out
from .options import Count

__all__ = ["store", "store_generated"]


class PuzzleName(click.ParamType):
    """A registered puzzle's name, checked when used (the registry may grow at run time)."""

    name = "puzzle"

    def get_metavar(self, param, ctx=None):
        return "{" + "|".join(names()) + "}"

    def convert(self, value, param, ctx):
        if value not in names():
            self.fail(f"{value!r} is not one of {', '.join(names())}", param, ctx)
        return value


def store_generated(puzzle, result, db: str | None, params: dict, limits=None) -> None:
    """Add the puzzles of a ``generate`` result to the store (``generate --store``); the
    result's JSON gains ``"stored"`` (one ``{"row", "new"}`` per puzzle).  A wait for the
    store's lock ends at the deadline of ``limits`` (exit 3)."""
    path = default_path(db)
    with Store(path, limits=limits, on_wait=message) as store:
        added = store.add_many(generated_entries(puzzle, result, params))
    result.details["stored"] = [a.to_dict() for a in added]
    new = sum(a.added for a in added)
    result.messages.append(f"stored {new} new puzzle{'s' * (new != 1)} in {path}"
                           + (f" ({len(added) - new} already there)" if len(added) > new
                              else ""))


# -- the commands ----------------------------------------------------------------------------

DB = click.option("--db", default=None, metavar="PATH",
                  help="The puzzle store (default: $PUZZLESMITH_DB or puzzles.db).")


def _fmt(*choices: str):
    return click.option("--format", "fmt", type=click.Choice(list(choices)),
                        default=choices[0], show_default=True, help="Output format.")


def _filters(f):
    f = click.option("--limit", type=Count(1), default=None, help="At most this many.")(f)
    f = click.option("--rating", default=None, help="Only puzzles with this rating.")(f)
    f = click.option("--size", default=None, help="Only puzzles of this size (10x10, or 10).")(f)
    f = click.option("--kind", type=PuzzleName(), default=None,
                     help="Only puzzles of this kind.")(f)
    return f


def _contract(command):
    """Run a store command by the contract: errors are one line (and one JSON object with
    ``--format json``); the exit code says how it ended."""

    @functools.wraps(command)
    def run(**params) -> None:
        began = time.monotonic()
        try:
            command(**params)
        except BaseException as error:  # noqa: BLE001  (the contract: no traceback, ever)
            if isinstance(error, SystemExit):
                raise
            failure = failure_from(error)
            sys.exit(emit_failure(["--format", "json"] if params.get("fmt") == "json" else [],
                                  None, failure, Stats(seconds=time.monotonic() - began)))

    return run


def _head(began: float, status: Status = Status.SOLVED) -> dict:
    return {"status": status.value, "seconds": round(time.monotonic() - began, 6), "nodes": 0}


@click.group()
def store() -> None:
    """The puzzle store: every generated or imported puzzle in one SQLite file.

    A puzzle and its rotations and reflections are one puzzle: a duplicate is refused.
    """


@store.command("add")
@click.argument("puzzle", type=PuzzleName())
@click.argument("inputs", nargs=-1, metavar="FILE|FOLDER|-|FILE.jsonl...")
@click.option("--lines", is_flag=True, help="Every line of an input file is one puzzle.")
@click.option("--glob", "patterns", multiple=True, metavar="PATTERN",
              help="Files of a folder to read (default: the puzzle's files).")
@click.option("--max-input", type=Count(1), default=MAX_INPUT, show_default=True,
              help="Largest input accepted, in bytes.")
@DB
@_fmt("text", "json")
@_contract
def add(puzzle, inputs, lines, patterns, max_input, db, fmt):
    """Add puzzles (files, folders, JSON lines as `store export` writes them).

    Every puzzle is read and checked by the puzzle's parser first.  Exit 0 when every input
    was read (duplicates are refused, not errors), 2 when some could not be.
    """
    began = time.monotonic()
    kind = get(puzzle)
    if not inputs and (sys.stdin is None or sys.stdin.isatty()):
        raise UsageError("no inputs: name files or folders, or pipe JSON lines into stdin")
    items = read_inputs(list(inputs) or ["-"], kind, lines=lines,
                        patterns=tuple(patterns) or None, max_input=max_input,
                        stdin=sys.stdin, db=default_path(db))
    entries, errors, ids = [], [], []
    for item in items:
        try:
            if item.error:
                raise InvalidPuzzle(item.error)
            if item.text is None:
                raise InvalidPuzzle(f"{item.id}: no puzzle text")
            if item.meta.get("kind", puzzle) != puzzle:
                raise InvalidPuzzle(f"{item.id}: a {item.meta['kind']} puzzle, "
                                    f"not {puzzle}")
            parse = parse_options(kind, item.params)
            instance = kind.parse(item.text, **parse)
            entry = entry_for(kind, instance, source=item.meta.get("source", item.id),
                              params=parse)
            _keep_record(entry, item.meta)
            entries.append(entry)
            ids.append(item.id)
        except InvalidPuzzle as error:
            text = str(error)
            errors.append(text if text.startswith(item.id) else f"{item.id}: {text}")
    with Store(default_path(db), on_wait=message) as target:
        added = target.add_many(entries)
    new = sum(a.added for a in added)
    status = Status.ERROR if errors else Status.SOLVED
    for text in errors:
        message(f"error: {text}")
    if fmt == "json":
        write_out(dumps({"puzzle": puzzle, **_head(began, status), "added": new,
                         "duplicates": len(added) - new, "errors": errors,
                         "rows": [{"id": i, **a.to_dict()}
                                  for i, a in zip(ids, added, strict=True)]}), None)
    else:
        write_out(f"added {new}, refused {len(added) - new} duplicate"
                  f"{'s' * (len(added) - new != 1)}"
                  + (f", {len(errors)} unreadable" if errors else ""), None)
    sys.exit(EXIT_CODES[status])  # the output is written


def _keep_record(entry: Entry, meta: dict) -> None:
    """Fields of an exported record that the puzzle text alone cannot give back."""
    for name in ("solution", "rating", "seed", "created", "version"):
        if meta.get(name) is not None:
            setattr(entry, name, meta[name])
    for name in ("params", "stats"):
        if isinstance(meta.get(name), dict):
            setattr(entry, name, meta[name])


@store.command("list")
@_filters
@DB
@_fmt("text", "json")
@_contract
def list_(kind, size, rating, limit, db, fmt):
    """List stored puzzles: id, kind, size, rating, seed, when."""
    began = time.monotonic()
    with Store(default_path(db), create=False, on_wait=message) as source:
        rows = list(source.find(kind, size=size, rating=rating, limit=limit))
    if fmt == "json":
        write_out(dumps({**_head(began), "count": len(rows),
                         "rows": [_brief(e) for e in rows]}), None)
    else:
        lines = [f"{'id':>6}  {'kind':<10} {'size':<7} {'rating':<12} {'seed':>12}  stored"]
        lines += [f"{e.id:>6}  {e.kind:<10} {e.size or '?':<7} {e.rating or '-':<12} "
                  f"{'-' if e.seed is None else e.seed:>12}  {e.created}" for e in rows]
        write_out("\n".join(lines), None)


def _brief(entry: Entry) -> dict:
    record = entry.to_dict()
    del record["text"], record["solution"], record["key"]
    return record


@store.command("show")
@click.argument("row", type=Count(1))
@DB
@_fmt("text", "json")
@_contract
def show(row, db, fmt):
    """Show one stored puzzle: its record, text and solution."""
    began = time.monotonic()
    with Store(default_path(db), create=False, on_wait=message) as source:
        entry = source.get(row)
    if fmt == "json":
        write_out(dumps({**_head(began), **entry.to_dict()}), None)
        return
    head = [f"# puzzle {entry.id}: {entry.kind} {entry.size or ''}".rstrip(),
            f"# rating {entry.rating or '-'}, seed {entry.seed}, stored {entry.created} "
            f"by puzzlesmith {entry.version}"]
    body = entry.text.rstrip("\n")
    if entry.solution and entry.solution.strip() not in entry.text:
        body += "\n\n# solution\n" + entry.solution.rstrip("\n")
    write_out("\n".join(head) + "\n" + body, None)


@store.command("export")
@_filters
@click.option("--to", "folder", default=None, metavar="FOLDER",
              help="Write one file per puzzle into FOLDER (KIND-ROW.EXT).")
@click.option("--out", default=None, metavar="FILE", help="Write to FILE instead of stdout.")
@DB
@_fmt("jsonl", "text")
@_contract
def export(kind, size, rating, limit, folder, out, db, fmt):
    """Export stored puzzles: JSON lines (read back by `store add` and `batch`), their
    texts, or one file each (--to FOLDER), readable by every other command."""
    with Store(default_path(db), create=False, on_wait=message) as source:
        rows = list(source.find(kind, size=size, rating=rating, limit=limit))
    if folder is not None:
        target = Path(folder)
        if target.exists() and not target.is_dir():
            raise UsageError(f"--to {folder}: not a folder")
        target.mkdir(parents=True, exist_ok=True)
        for entry in rows:
            write_out(entry.text, str(target / f"{entry.kind}-{entry.id}{_suffix(entry)}"))
        message(f"wrote {len(rows)} puzzle file{'s' * (len(rows) != 1)} to {folder}")
        return
    check_out(out)
    if fmt == "jsonl":
        body = "".join(dumps(e.to_dict()) + "\n" for e in rows)
    else:
        body = "\n".join(e.text.rstrip("\n") + "\n" for e in rows)
    if body or out:
        write_out(body, out)


def _suffix(entry: Entry) -> str:
    """The suffix of the puzzle's first file pattern (``*.ext``: ``.ext``), else ``.txt``."""
    patterns = get(entry.kind).file_patterns
    found = patterns and re.fullmatch(r"\*(\.\w+)", patterns[0])
    return found.group(1) if found else ".txt"


@store.command("stats")
@DB
@_fmt("text", "json")
@_contract
def stats(db, fmt):
    """How many puzzles of each kind, size and rating the store holds."""
    began = time.monotonic()
    with Store(default_path(db), create=False, on_wait=message) as source:
        summary = source.summary()
    if fmt == "json":
        write_out(dumps({**_head(began), **summary}), None)
        return
    lines = [f"{summary['db']}: {summary['puzzles']} puzzles (schema {summary['schema']})"]
    for kind, info in summary["kinds"].items():
        sizes = ", ".join(f"{k} {v}" for k, v in info["sizes"].items())
        ratings = ", ".join(f"{k} {v}" for k, v in info["ratings"].items())
        lines.append(f"  {kind}: {info['puzzles']}; sizes: {sizes}; ratings: {ratings}")
    write_out("\n".join(lines), None)

