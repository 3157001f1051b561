"""Batch work: one verb over many puzzles, on local worker processes or a Dask cluster.

Inputs (files, folders, JSON lines, a store query) become :class:`Item` rows with ids;
:func:`run_batch` runs ``solve``, ``count``, ``rate`` or ``generate`` on each through the
puzzle object, under a :class:`~puzzlesmith.results.Limits` of its own, and yields one JSON
object per item: the single command's ``to_dict()`` with ``"id"`` first.  An item that fails
or reaches its limit is a line with status ``error`` or ``gave-up``; the batch goes on.

>>> from puzzlesmith.puzzles import get, names
>>> puzzle = get(names()[0])
>>> items = [Item("a", puzzle.format(puzzle.example())), Item("b", "not a puzzle")]
>>> for line in run_batch(puzzle, "solve", items, jobs=0):  # doctest: +SKIP
...     print(line["id"], line["status"])
a solved
b error

Work runs on the pools of :mod:`puzzlesmith.pool`: ``jobs`` local worker processes (a
worker still busy well after its item's deadline is killed and replaced, and a worker that
dies costs only its own item), this process with ``jobs=0``, or a ``dask.distributed``
cluster given by its scheduler's address or a ``Client``.  The same items give the same
lines wherever they run (only ``seconds`` differ).
"""

from __future__ import annotations

import fnmatch
import itertools
import json
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .errors import PuzzleError, UsageError
from .pool import GRACE, pool_for
from .puzzles.protocol import BATCH_VERBS as VERBS
from .results import Limits, Stats, Status
from .seeds import random_seed, run_seeds
from .verbs import Failure, failure_from, failure_object, run_verb

__all__ = [
    "Item", "Line", "VERBS", "read_inputs", "generate_items", "run_batch", "run_task", "Summary",
    "finished_ids", "MAX_INPUT", "decode_text",
]

#: Default cap on the bytes of one input (a file, or a line of a JSON-lines stream).
MAX_INPUT = 10_000_000
#: Files a folder never contributes: notes, tables, solutions, hidden files.
SKIPPED_FILES = ("README*", "LICENSE*", "*.md", "*.tsv", "*.csv", "*.json", "*.sol.txt",
                 "*.sol", ".*")


@dataclass
class Item:
    """One unit of work: an ``id``, the puzzle ``text`` (None for ``generate``), keyword
    ``params`` for this item alone, other fields of its input line (``meta``), and the
    ``error`` that made it unreadable (the item is then reported, never run)."""

    id: str
    text: str | None = None
    params: dict = field(default_factory=dict)
    meta: dict = field(default_factory=dict)
    error: str | None = None


# ---------------------------------------------------------------------------------------------
# Inputs
# ---------------------------------------------------------------------------------------------


def read_inputs(inputs: Iterable[str], puzzle, *, lines: bool = False,
                patterns: tuple[str, ...] | None = None, max_input: int = MAX_INPUT,
                stdin=None, db: str | None = None,
                parse_params: dict | None = None) -> list[Item]:
    """The items of ``inputs``, in order, each with a unique id.

    * a file is one item (id: its path), or one per puzzle (id: ``PATH#K``) when the puzzle's
      ``parse_all`` finds several in it (with ``parse_params``); with ``lines``, each line
      that is neither blank nor a ``#`` comment is one (id: ``PATH:LINE``);
    * a folder gives its files matching ``patterns`` (default: the puzzle's
      ``file_patterns``), sorted by name; notes, tables and ``*.sol.txt`` files are skipped;
    * ``-`` is a JSON-lines stream on ``stdin``, and a ``*.jsonl`` file one on disk: one
      object per line with ``"text"`` (or a bare JSON string), and optionally ``"id"``,
      ``"options"`` (keyword arguments for this item alone) and ``"seed"`` (for
      ``generate``); other fields are kept in ``meta`` (a ``store export`` line reads back
      this way);
    * ``store:[FILTERS]`` are the stored puzzles of this kind in the store ``db``, filtered
      by ``size=..,rating=..,limit=..`` (id: ``store:ROW``).

    A path that does not exist is a :class:`~puzzlesmith.errors.UsageError`; an unreadable
    file (binary, too large, not UTF-8) is an item with an ``error``.
    """
    items: list[Item] = []
    several = _several(puzzle, parse_params or {})
    for source in inputs:
        if source == "-":
            if stdin is None:
                raise UsageError("'-' needs a JSON-lines stream on stdin")
            items += _json_lines(stdin, "stdin", max_input)
        elif source.startswith("store:"):
            items += _store_items(source[len("store:"):], puzzle.name, db)
        else:
            path = Path(source)
            if path.is_dir():
                for file in _folder(path, patterns or puzzle.file_patterns):
                    items += _file_items(file, str(file), lines, max_input, several)
            elif path.exists():
                items += _file_items(path, source, lines, max_input, several)
            else:
                raise UsageError(f"no such file or folder: {source}")
    return _unique_ids(items)


def generate_items(count: int, seed: int | None = None) -> list[Item]:
    """``count`` generation items with the seeds of :func:`~puzzlesmith.seeds.run_seeds` (a
    random run seed when None, so that every puzzle of the batch can be made again)."""
    if count < 1:
        raise UsageError(f"--count must be at least 1, got {count}")
    if seed is None:
        seed = random_seed()
    return [Item(f"seed:{one}", None, meta={"seed": one}) for one in run_seeds(seed, count)]


def _folder(path: Path, patterns: tuple[str, ...]) -> list[Path]:
    files = []
    for file in sorted(path.iterdir(), key=lambda p: p.name):
        name = file.name
        if not file.is_file() or any(fnmatch.fnmatch(name, p) for p in SKIPPED_FILES):
            continue
        if any(fnmatch.fnmatch(name, p) for p in patterns):
            files.append(file)
    return files


def _several(puzzle, parse_params: dict):
    """``text -> [texts]`` for a puzzle whose files may hold several puzzles, else None."""
    from .puzzles.protocol import Puzzle

    if getattr(type(puzzle), "parse_all", Puzzle.parse_all) is Puzzle.parse_all:
        return None

    def split(text: str) -> list[str]:
        try:
            found = puzzle.parse_all(text, **parse_params)
        except PuzzleError:  # reported as that item's error when it runs
            return [text]
        return [text] if len(found) == 1 else [puzzle.canonical(i) for i in found]

    return split


def _file_items(path: Path, name: str, lines: bool, max_input: int,
                several=None) -> list[Item]:
    try:
        with open(path, "rb") as stream:
            if path.suffix == ".jsonl":
                return _json_lines(stream, name, max_input)
            data = stream.read(max_input + 1)
    except OSError as error:
        return [Item(name, error=f"cannot read {name}: {error.strerror or error}")]
    text, error = decode_text(data, name, max_input)
    if error or not lines:
        if error is None and several is not None:
            texts = several(text)
            if len(texts) > 1:
                return [Item(f"{name}#{k}", t) for k, t in enumerate(texts, 1)]
        return [Item(name, text, error=error)]
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip() and not line.lstrip().startswith("#"):
            out.append(Item(f"{name}:{number}", line + "\n"))
    return out


def decode_text(data: bytes, name: str,
                max_input: int = MAX_INPUT) -> tuple[str | None, str | None]:
    """``data`` as text (UTF-8, a byte-order mark is fine), or None and why not: more than
    ``max_input`` bytes, binary (a NUL byte) or not UTF-8."""
    if len(data) > max_input:
        return None, f"{name}: input larger than {max_input:,} bytes (raise --max-input)"
    if b"\0" in data:
        return None, f"{name}: binary data (byte {data.index(0)} is NUL), not a puzzle text"
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as error:
        return None, f"{name}: not UTF-8 text (byte {error.start})"


def _json_lines(stream, name: str, max_input: int) -> list[Item]:
    stream = getattr(stream, "buffer", stream)
    items = []
    number = 0
    while True:
        raw = stream.readline(max_input + 1)
        if not raw:
            break
        number += 1
        if isinstance(raw, str):
            raw = raw.encode()
        where = f"{name}:{number}"
        if len(raw) > max_input:
            items.append(Item(where, error=f"{where}: line longer than {max_input:,} bytes"))
            while raw and not raw.endswith(b"\n"):  # skip the rest of that line
                raw = stream.readline(max_input + 1)
            continue
        text, error = decode_text(raw, where, max_input)
        if error:
            items.append(Item(where, error=error))
        elif text.strip():
            items.append(_json_item(text, where))
    return items


def _json_item(text: str, where: str) -> Item:
    try:
        value = json.loads(text)
    except ValueError as error:
        return Item(where, error=f"{where}: not JSON ({error})")
    if isinstance(value, str):
        return Item(where, value)
    if not isinstance(value, dict):
        return Item(where, error=f"{where}: expected a JSON object or string")
    value = dict(value)
    ident = value.pop("id", None)
    ident = where if ident is None else str(ident)
    text = value.pop("text", None)
    params = value.pop("options", None) or {}
    if text is not None and not isinstance(text, str):
        return Item(ident, error=f"{where}: \"text\" must be a string")
    if not isinstance(params, dict):
        return Item(ident, error=f"{where}: \"options\" must be an object")
    return Item(ident, text, params=params, meta=value)


def _store_items(query: str, kind: str, db: str | None) -> list[Item]:
    from .store import DEFAULT_DB, Store

    filters: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in query.split(","))):
        name, sep, value = part.partition("=")
        if not sep or name not in ("size", "rating", "limit"):
            raise UsageError(f"store query {query!r}: expected size=.., rating=.., limit=.., "
                             f"got {part!r}")
        filters[name] = value
    limit = filters.pop("limit", None)
    if limit is not None and not limit.isdigit():
        raise UsageError(f"store query: limit must be a whole number, got {limit!r}")
    with Store(db or DEFAULT_DB, create=False) as store:
        found = store.find(kind, limit=int(limit) if limit else None, **filters)
        return [Item(f"store:{e.id}", e.text, meta={"row": e.id, "seed": e.seed})
                for e in found]


def _unique_ids(items: list[Item]) -> list[Item]:
    seen: dict[str, int] = {}
    for item in items:
        n = seen.get(item.id, 0)
        seen[item.id] = n + 1
        if n:
            item.id = f"{item.id}#{n + 1}"
    return items


def finished_ids(path: str | Path) -> set[str]:
    """The ids of the items already in the JSON-lines file ``path`` (for ``--resume``).

    A last line cut short (the batch was killed while writing it) is removed from the file,
    so that appending goes on from a whole line."""
    path = Path(path)
    if not path.exists():
        return set()
    data = path.read_bytes()
    if data and not data.endswith(b"\n"):
        cut = data.rfind(b"\n") + 1
        with open(path, "r+b") as stream:
            stream.truncate(cut)
        data = data[:cut]
    done = set()
    for line in data.decode("utf-8", "replace").splitlines():
        try:
            obj = json.loads(line)
        except ValueError:
            continue
        if isinstance(obj, dict) and "id" in obj:
            done.add(str(obj["id"]))
    return done


# ---------------------------------------------------------------------------------------------
# One item, wherever it runs
# ---------------------------------------------------------------------------------------------

_PUZZLES: dict[str, Any] = {}


def _load(module: str):
    puzzle = _PUZZLES.get(module)
    if puzzle is None:
        from .puzzles import from_module

        puzzle = _PUZZLES[module] = from_module(module)
    return puzzle


def run_task(task: dict) -> dict:
    """Run one item (a task made by :func:`run_batch`) and return its outcome: the ``line``,
    the ``verdict`` and, when asked, the store ``entries``.  Never raises for a bad item.
    It runs wherever the pool (:mod:`puzzlesmith.pool`) puts it."""
    began = time.monotonic()
    puzzle = None
    try:
        puzzle = _load(task["module"])
        limits = Limits(nodes=task["nodes"], seconds=task["seconds"]).started()
        params = {**task["parse"], **task["run"]}
        if task["verb"] == "generate":
            params.update(seed=task["seed"], count=1)
        instance, result = run_verb(puzzle, task["verb"], task["text"], params=params,
                                    limits=limits)
        line = {"id": task["id"], **result.to_dict()}
        entries = _entries(puzzle, task, instance, result) if task["store"] else []
        return {"index": task["index"], "line": line, "verdict": result.verdict().value,
                "entries": entries}
    except Exception as error:  # noqa: BLE001  (a bad item is a line, never the batch's end)
        name = puzzle.name if puzzle is not None else task.get("name")
        return _outcome(task, name, failure_from(error, internal=True),
                        time.monotonic() - began)


def _outcome(task: dict, name: str | None, failure: Failure, seconds: float = 0.0) -> dict:
    line = {"id": task["id"], **failure_object(name, failure.status, failure.text,
                                               Stats(seconds=seconds))}
    return {"index": task["index"], "line": line, "verdict": failure.status.value,
            "entries": []}


def _unpacked(outcome: dict, task: dict) -> dict:
    """The outcome of ``task`` from the pool's: :func:`run_task`'s own, or the line of a
    worker that died or was killed."""
    if "value" in outcome:
        return outcome["value"]
    failure = Failure(Status(outcome["status"]), outcome["error"])
    return _outcome(task, task["name"], failure, outcome["seconds"])


def _entries(puzzle, task: dict, instance, result) -> list[dict]:
    """Store entries for a finished item (generated puzzles, or a solved or rated input)."""
    from .store import entry_for, generated_entries

    if task["verb"] == "generate":
        return [e.to_dict() for e in generated_entries(puzzle, result, task["run"])]
    if result.verdict() is not Status.SOLVED:
        return []
    stats = result.stats.as_dict()
    solution = getattr(result, "solution", None)
    rating = getattr(result, "level", None)
    if task["verb"] == "count":
        stats["count"] = result.count
    return [entry_for(puzzle, instance, solution=solution, rating=rating,
                      seed=task["meta"].get("seed"), params=task["parse"], stats=stats,
                      source=task["id"]).to_dict()]


# ---------------------------------------------------------------------------------------------
# The batch
# ---------------------------------------------------------------------------------------------


def _module_of(puzzle) -> str:
    from .puzzles import REGISTRY, from_module

    module = REGISTRY.get(puzzle.name)
    if module is None or from_module(module) is not puzzle:
        module = type(puzzle).__module__
    return module


def run_batch(puzzle, verb: str, items: Iterable[Item], *, params: dict | None = None,
              timeout: float | None = None, nodes: int | None = None, jobs: int | None = None,
              scheduler: str | None = None, client=None, ordered: bool = True, store=None,
              progress: Callable[[Stats], None] | None = None,
              grace: float = GRACE) -> Iterator[Line]:
    """Run ``verb`` of ``puzzle`` on every item; yield one JSON-ready line per item, in input
    order (``ordered=False``: as they finish).

    ``params`` are the verb's keyword arguments for every item (puzzle options included;
    an item's own ``params`` override them); ``timeout`` seconds and ``nodes`` are each
    item's limits.  ``jobs`` worker processes (default: every core; 0: in this process), or
    the Dask cluster at ``scheduler`` (or through ``client``).  With a
    :class:`~puzzlesmith.store.Store` as ``store``, generated puzzles and solved or rated
    inputs are added to it (by this process alone) and each line gets ``"stored"``.
    ``progress`` receives a :class:`Stats` with ``extra`` ``total`` and ``done``.  A local
    worker still busy ``grace`` seconds after its item's deadline is killed.
    """
    if verb not in VERBS:
        raise UsageError(f"batch runs {', '.join(VERBS)}, not {verb!r}")
    puzzle.check_verb(verb)
    items = list(items)
    module = _module_of(puzzle)
    tasks, unreadable = [], []
    for index, item in enumerate(items):
        if item.error is not None:
            task = {"index": index, "id": item.id}
            unreadable.append(_outcome(task, puzzle.name, Failure(Status.ERROR, item.error)))
            continue
        parse, run = puzzle.split_params(verb, {**(params or {}), **item.params})
        seed = run.pop("seed", None) if verb == "generate" else None
        if verb == "generate":
            seed = item.meta.get("seed", seed)
        tasks.append({"index": index, "id": item.id, "name": puzzle.name, "module": module,
                      "verb": verb, "text": item.text, "parse": parse, "run": run,
                      "seed": seed, "meta": item.meta, "seconds": timeout, "nodes": nodes,
                      "store": store is not None})
    calls = [{"index": k, "call": "puzzlesmith.batch:run_task", "args": [task],
              "seconds": timeout} for k, task in enumerate(tasks)]
    pool = pool_for(jobs, scheduler, client, grace)
    stats = Stats(extra={"total": len(items), "done": 0, "stage": f"batch {verb} {puzzle.name}"})
    began = time.monotonic()

    def emit(outcome: dict) -> Line:
        line = Line(outcome["line"])
        line.verdict = Status(outcome["verdict"])
        if store is not None and outcome["entries"]:
            from .store import Entry

            added = store.add_many([Entry.from_dict(e) for e in outcome["entries"]],
                                   update=True)
            line["stored"] = [a.to_dict() for a in added]
        stats.nodes += int(line.get("nodes", 0))
        stats.extra["done"] += 1
        stats.seconds = time.monotonic() - began
        if progress is not None:
            progress(stats)
        return line

    waiting: dict[int, dict] = {}
    following = 0  # the next index to emit, in order
    try:
        done = (_unpacked(outcome, tasks[outcome["index"]])
                for outcome in pool.run(calls))
        outcomes = itertools.chain(unreadable, done if tasks else ())
        for outcome in outcomes:
            if not ordered:
                yield emit(outcome)
                continue
            waiting[outcome["index"]] = outcome
            while following in waiting:
                yield emit(waiting.pop(following))
                following += 1
    finally:
        pool.close()


class Line(dict):
    """One item's JSON object; ``verdict`` is the status its exit code would follow (a solve
    asked for uniqueness that found two solutions is ``solved`` with verdict unsolvable)."""

    verdict: Status = Status.ERROR


# ---------------------------------------------------------------------------------------------
# Summary
# ---------------------------------------------------------------------------------------------

#: The batch's status is the first of these that some item has (its exit code follows).
SEVERITY = (Status.ERROR, Status.GAVE_UP, Status.UNSOLVABLE, Status.SOLVED)


class Summary:
    """Counts of a batch's items by verdict, and the batch's own status."""

    def __init__(self, total: int, skipped: int = 0):
        self.total, self.skipped = total, skipped
        self.verdicts = {status.value: 0 for status in reversed(SEVERITY)}
        self.nodes = 0
        self.began = time.monotonic()
        self.interrupted = False

    def add(self, line: dict) -> None:
        verdict = getattr(line, "verdict", None) or line.get("status", "error")
        verdict = Status(verdict).value
        self.verdicts[verdict] = self.verdicts.get(verdict, 0) + 1
        self.nodes += int(line.get("nodes", 0))

    @property
    def done(self) -> int:
        return sum(self.verdicts.values())

    def status(self) -> Status:
        if self.interrupted:
            return Status.GAVE_UP
        return next((s for s in SEVERITY if self.verdicts.get(s.value)), Status.SOLVED)

    def to_dict(self, puzzle: str, verb: str) -> dict:
        """The summary object (the last line of a batch on stdout; it has no ``"id"``)."""
        body = {"puzzle": puzzle, "status": self.status().value,
                "seconds": round(time.monotonic() - self.began, 6), "nodes": self.nodes,
                "batch": verb, "items": self.total, "done": self.done,
                "skipped": self.skipped, "verdicts": dict(self.verdicts)}
        if self.interrupted:
            body["reason"] = "interrupted"
        return body

    def text(self) -> str:
        counts = ", ".join(f"{n} {name}" for name, n in self.verdicts.items() if n)
        skipped = f", {self.skipped} skipped (already done)" if self.skipped else ""
        cut = " (interrupted)" if self.interrupted else ""
        return (f"batch: {self.done} of {self.total} items{cut}: {counts or 'none run'}"
                f"{skipped} in {time.monotonic() - self.began:.1f} s")
