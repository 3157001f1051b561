"""The puzzle store: every generated or imported puzzle in one SQLite file.

Each row keeps a puzzle's kind, size and parameters, its canonical text (the text ``parse``
reads back), a *symmetry key* that is the same for the puzzle and its rotations, reflections
and relabellings (so a duplicate is refused, however it is turned: the puzzle's
``symmetric_texts`` say what is the same puzzle), its solution, rating, generation seed, the
time it was stored, the puzzlesmith version and the solver's statistics.

>>> from puzzlesmith.puzzles import get, names
>>> puzzle = get(names()[0])
>>> with Store(":memory:") as store:
...     first = store.add(entry_for(puzzle, puzzle.example(), rating="easy"))
...     again = store.add(Entry(puzzle.name, puzzle.format(puzzle.example())))  # its text
...     first.added, again.added, again.id == first.id, len(store)
(True, False, True, 1)

The file is opened in WAL mode and every write is one short transaction retried while
another writer holds the lock, so several processes may add to one store at once.  One wait
for the lock lasts at most the store's ``timeout`` and never past the caller's ``limits``;
then :class:`StoreBusy` is raised (the CLI's exit 3).  ``PRAGMA user_version`` is the
schema version: :data:`MIGRATIONS` bring an older store up to date when it is opened (in
one transaction under the write lock), and a store from a newer puzzlesmith is refused.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import __version__
from .errors import LimitReached, PuzzleError
from .puzzles import Puzzle, get
from .results import Limits

__all__ = [
    "Store", "Entry", "Added", "StoreError", "StoreBusy", "DEFAULT_DB", "SCHEMA_VERSION",
    "MIGRATIONS", "default_path", "entry_for", "generated_entries", "parse_options",
]

#: The store's file name when no ``--db`` is given.
DEFAULT_DB = "puzzles.db"


def default_path(db: str | None = None) -> str:
    """The store to open: ``db`` when given, else ``$PUZZLESMITH_DB``, else :data:`DEFAULT_DB`."""
    return db or os.environ.get("PUZZLESMITH_DB") or DEFAULT_DB


#: SQLite ``application_id`` of a puzzlesmith store ("PSM1"), so other databases are refused.
APPLICATION_ID = 0x50534D31


#: A wait for the write lock longer than this (seconds) is announced through ``on_wait``.
WAIT_NOTICE = 1.0
#: SQLite's own busy wait per attempt (seconds); :meth:`Store._retry` loops over attempts.
BUSY_SLICE = 0.05


class StoreError(PuzzleError):
    """The store cannot be opened or read (not a store, too new, no such row)."""


class StoreBusy(StoreError, LimitReached):
    """Another process held the store's lock longer than the wait was allowed to last."""


# ---------------------------------------------------------------------------------------------
# Schema and migrations
# ---------------------------------------------------------------------------------------------

#: ``MIGRATIONS[k]`` brings a store from schema version ``k`` to ``k + 1``: SQL, or a function
#: of the connection.  Append, never edit.
MIGRATIONS: list[str | Callable[[sqlite3.Connection], None]] = [
    """
    CREATE TABLE puzzles (
        id       INTEGER PRIMARY KEY,
        kind     TEXT NOT NULL,
        key      TEXT NOT NULL,
        text     TEXT NOT NULL,
        size     TEXT,
        params   TEXT NOT NULL DEFAULT '{}',
        solution TEXT,
        rating   TEXT,
        seed     INTEGER,
        created  TEXT NOT NULL,
        version  TEXT NOT NULL,
        stats    TEXT NOT NULL DEFAULT '{}',
        source   TEXT,
        UNIQUE (kind, key)
    );
    CREATE INDEX puzzles_kind_size ON puzzles (kind, size);
    CREATE INDEX puzzles_kind_rating ON puzzles (kind, rating);
    """,
    lambda db: _rekey(db),  # 2: keys, sizes and texts as the puzzles give them now
]
SCHEMA_VERSION = len(MIGRATIONS)

COLUMNS = ("id", "kind", "key", "text", "size", "params", "solution", "rating", "seed",
           "created", "version", "stats", "source")


@dataclass
class Entry:
    """One stored puzzle.  ``key`` and ``size`` are computed from ``text`` when not given
    (through the puzzle of that ``kind``; a text it does not read is keyed by itself, so
    only exact duplicates are refused); ``id``, ``created`` and ``version`` are filled in by
    the store."""

    kind: str
    text: str
    solution: str | None = None
    rating: str | None = None
    seed: int | None = None
    params: dict = field(default_factory=dict)
    stats: dict = field(default_factory=dict)
    source: str | None = None
    size: str | None = None
    key: str | None = None
    id: int | None = None
    created: str | None = None
    version: str | None = None

    def __post_init__(self) -> None:
        if self.key is None:
            try:
                puzzle = get(self.kind)
                instance = puzzle.parse(self.text)
            except PuzzleError:  # exact duplicates are still refused
                self.key = _hash(self.kind, "text:" + _plain(self.text))
            else:
                self.key, size = _identity(puzzle, instance)
                self.size = self.size or size

    def to_dict(self) -> dict:
        """A JSON-ready record (what ``store export --format jsonl`` writes, one per line)."""
        return {name: getattr(self, name) for name in COLUMNS}

    @classmethod
    def from_dict(cls, record: dict, *, kind: str | None = None) -> Entry:
        """An entry from an exported record (unknown fields are ignored)."""
        known = {k: v for k, v in record.items() if k in COLUMNS and k not in ("id", "key")}
        if kind is not None:
            known["kind"] = kind
        return cls(**known)


@dataclass(frozen=True)
class Added:
    """What :meth:`Store.add` did: the row's ``id`` and whether the row is ``added`` (False:
    the puzzle, or a rotation or reflection of it, was already there)."""

    id: int
    added: bool

    def to_dict(self) -> dict:
        return {"row": self.id, "new": self.added}


class Store:
    """A puzzle store in the SQLite file ``path`` (created when missing; ``":memory:"`` for a
    throwaway one).  Use it as a context manager, or call :meth:`close`.

    Each wait for another process's lock lasts at most ``timeout`` seconds and ends at the
    deadline of ``limits``; past either, :class:`StoreBusy`.  ``on_wait`` (e.g. a function
    printing to stderr) is told once per wait when it lasts longer than :data:`WAIT_NOTICE`.
    """

    def __init__(self, path: str | Path = DEFAULT_DB, *, create: bool = True,
                 timeout: float = 30.0, limits: Limits | None = None,
                 on_wait: Callable[[str], None] | None = None):
        self.path = str(path)
        if self.path != ":memory:":
            file = Path(self.path)
            if file.is_dir():
                raise StoreError(f"{self.path} is a directory, not a puzzle store")
            if not file.exists() and not create:
                raise StoreError(f"no puzzle store at {self.path}")
            if not file.parent.is_dir():
                raise StoreError(f"cannot create {self.path}: no such directory {file.parent}")
        self.timeout, self.limits, self.on_wait = timeout, limits, on_wait
        busy = min(timeout, BUSY_SLICE)
        try:
            self._db = sqlite3.connect(self.path, timeout=busy, isolation_level=None,
                                       check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open {self.path}: {error}") from None
        try:
            self._db.execute(f"PRAGMA busy_timeout = {int(busy * 1000)}")
            self._retry(lambda: self._db.execute("PRAGMA journal_mode = WAL").fetchone())
            self._db.execute("PRAGMA synchronous = NORMAL")
            self._migrate()
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise StoreError(f"{self.path} is not a puzzle store ({error})") from None
        except BaseException:
            self._db.close()
            raise

    # -- opening ---------------------------------------------------------------------------

    def _migrate(self) -> None:
        version = self.schema_version()
        if version == SCHEMA_VERSION:
            return
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} has schema version {version}, made by a newer "
                             f"puzzlesmith; this one ({__version__}) reads up to "
                             f"{SCHEMA_VERSION}")

        def upgrade() -> None:
            with _transaction(self._db):
                current = self.schema_version()  # another process may have migrated it
                if current == 0:
                    tables = self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()
                    app = self._db.execute("PRAGMA application_id").fetchone()[0]
                    if tables[0] and app != APPLICATION_ID:
                        raise StoreError(f"{self.path} is an SQLite database but not a "
                                         "puzzle store")
                    self._db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                for step in range(current, SCHEMA_VERSION):
                    migration = MIGRATIONS[step]
                    if callable(migration):
                        migration(self._db)
                    else:
                        for statement in _statements(migration):
                            self._db.execute(statement)
                    self._db.execute(f"PRAGMA user_version = {step + 1}")

        self._retry(upgrade)

    def schema_version(self) -> int:
        """The schema version of the open file (``PRAGMA user_version``)."""
        return int(self._retry(lambda: self._db.execute("PRAGMA user_version").fetchone()[0]))

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- writing ---------------------------------------------------------------------------

    def add(self, entry: Entry, *, update: bool = False) -> Added:
        """Store ``entry`` unless it (or a rotation or reflection of it) is already there.
        With ``update``, an existing row gains the solution and rating it lacked."""
        return self.add_many([entry], update=update)[0]

    def add_many(self, entries: Iterable[Entry], *, update: bool = False) -> list[Added]:
        """Store several entries in one transaction; one :class:`Added` per entry."""
        entries = list(entries)
        if not entries:
            return []

        def write() -> list[Added]:
            out = []
            with _transaction(self._db):
                for entry in entries:
                    out.append(self._insert(entry, update))
            return out

        return self._retry(write)

    def _insert(self, entry: Entry, update: bool) -> Added:
        created = entry.created or datetime.now(UTC).isoformat(timespec="seconds")
        row = (entry.kind, entry.key, entry.text, entry.size, _json(entry.params),
               entry.solution, entry.rating, entry.seed, created,
               entry.version or __version__, _json(entry.stats), entry.source)
        cursor = self._db.execute(
            "INSERT INTO puzzles (kind, key, text, size, params, solution, rating, seed, "
            "created, version, stats, source) VALUES (?,?,?,?,?,?,?,?,?,?,?,?) "
            "ON CONFLICT (kind, key) DO NOTHING", row)
        if cursor.rowcount:
            return Added(int(cursor.lastrowid), True)
        (found,) = self._db.execute("SELECT id FROM puzzles WHERE kind = ? AND key = ?",
                                    (entry.kind, entry.key)).fetchone()
        if update and (entry.solution is not None or entry.rating is not None):
            self._db.execute(
                "UPDATE puzzles SET solution = coalesce(solution, ?), "
                "rating = coalesce(rating, ?) WHERE id = ?",
                (entry.solution, entry.rating, found))
        return Added(int(found), False)

    def _retry(self, work: Callable[[], Any]) -> Any:
        """Run ``work``, retrying while another process holds the lock: one wait, bounded by
        the store's ``timeout`` and the deadline of its ``limits``."""
        began = time.monotonic()
        until = self._wait_until(began)
        delay, told = 0.005, False
        while True:
            try:
                return work()
            except sqlite3.OperationalError as error:
                _rollback(self._db)
                if not _is_busy(error):
                    raise StoreError(f"{self.path}: {error}") from None
                now = time.monotonic()
                if now >= until:
                    raise StoreBusy(f"{self.path}: the store is locked by another process "
                                    f"(waited {now - began:.1f} s)") from None
                if not told and now - began >= WAIT_NOTICE and self.on_wait is not None:
                    self.on_wait(f"waiting for the lock on the store {self.path}")
                    told = True
                time.sleep(min(delay, until - now))
                delay = min(delay * 2, 0.1)

    def _wait_until(self, began: float) -> float:
        """The monotonic instant a wait starting at ``began`` gives up."""
        until = began + self.timeout
        deadline = self.limits.deadline() if self.limits is not None else None
        return until if deadline is None else min(until, deadline)

    # -- reading ---------------------------------------------------------------------------

    def get(self, row: int) -> Entry:
        """The puzzle stored as row ``row``."""
        found = self._retry(lambda: self._db.execute(
            f"SELECT {', '.join(COLUMNS)} FROM puzzles WHERE id = ?", (row,)).fetchone())
        if found is None:
            raise StoreError(f"no puzzle #{row} in {self.path}")
        return _entry(found)

    def find(self, kind: str | None = None, *, size: str | None = None,
             rating: str | None = None, limit: int | None = None,
             after: int = 0) -> Iterator[Entry]:
        """The stored puzzles matching every filter given, in the order they were stored.
        ``size`` is ``RxC`` or ``N`` (which also matches ``NxN``); ``after`` skips rows up to
        that id."""
        where, args = ["id > ?"], [after]
        if kind is not None:
            where.append("kind = ?")
            args.append(kind)
        if size is not None:
            size = str(size).strip().lower()
            where.append("size IN (?, ?)")
            args += [size, f"{size}x{size}" if size.isdigit() else size]
        if rating is not None:
            where.append("rating = ?")
            args.append(rating)
        query = f"SELECT {', '.join(COLUMNS)} FROM puzzles WHERE {' AND '.join(where)} ORDER BY id"
        if limit is not None:
            query += f" LIMIT {int(limit)}"
        for found in self._db.execute(query, args):
            yield _entry(found)

    def __len__(self) -> int:
        return int(self._retry(
            lambda: self._db.execute("SELECT count(*) FROM puzzles").fetchone()[0]))

    def summary(self) -> dict:
        """Counts per kind, size and rating, and the schema version (``store stats``)."""
        kinds: dict[str, dict] = {}
        for kind, size, rating, n in self._db.execute(
                "SELECT kind, size, rating, count(*) FROM puzzles "
                "GROUP BY kind, size, rating ORDER BY kind, size, rating"):
            info = kinds.setdefault(kind, {"puzzles": 0, "sizes": {}, "ratings": {}})
            info["puzzles"] += n
            info["sizes"][size or "?"] = info["sizes"].get(size or "?", 0) + n
            info["ratings"][rating or "unrated"] = info["ratings"].get(rating or "unrated", 0) + n
        return {"db": self.path, "schema": self.schema_version(), "puzzles": len(self),
                "kinds": kinds}


@contextlib.contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[None]:
    """``BEGIN IMMEDIATE`` ... ``COMMIT`` (or ``ROLLBACK`` on an error)."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield
        db.execute("COMMIT")
    except BaseException:
        _rollback(db)  # a failed COMMIT too leaves the transaction open
        raise


def _rollback(db: sqlite3.Connection) -> None:
    """End an open transaction, if any (an error of the rollback itself is moot)."""
    if db.in_transaction:
        with contextlib.suppress(sqlite3.Error):
            db.execute("ROLLBACK")


def _is_busy(error: sqlite3.OperationalError) -> bool:
    """True when ``error`` is SQLite's "database is locked" or "busy"."""
    text = str(error).lower()
    return "locked" in text or "busy" in text


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]


def _json(value: Any) -> str:
    return json.dumps(value or {}, sort_keys=True, default=str)


def _entry(row: tuple) -> Entry:
    values = dict(zip(COLUMNS, row, strict=True))
    values["params"] = json.loads(values["params"] or "{}")
    values["stats"] = json.loads(values["stats"] or "{}")
    return Entry(**values)


def entry_for(puzzle, instance: Any, *, solution: Any = None, rating: str | None = None,
              seed: int | None = None, params: dict | None = None, stats: dict | None = None,
              source: str | None = None) -> Entry:
    """The store entry of ``instance`` of ``puzzle`` (a puzzle object): its canonical text,
    and ``solution`` (the puzzle's answer object) as text in the first answer style;
    ``params`` keeps the options that were set (not None or False)."""
    text = puzzle.canonical(instance)
    answer = None
    if solution is not None:
        style = (puzzle.styles.get("solve") or (None,))[0]
        answer = puzzle.format_answer(instance, solution, style)
        answer = answer.rstrip("\n") + "\n"
    params = {k: v for k, v in (params or {}).items() if v is not None and v is not False}
    key, size = _identity(puzzle, instance)
    return Entry(puzzle.name, text, solution=answer, rating=rating, seed=seed, params=params,
                 stats=dict(stats or {}), source=source, size=size, key=key)


def generated_entries(puzzle: Puzzle, result: Any, params: dict) -> list[Entry]:
    """The entries of the puzzles a ``generate`` ``result`` made with ``params``."""
    return [entry_for(puzzle, made.instance if made.instance is not None else
                      puzzle.parse(made.text), solution=made.solution, rating=made.rating,
                      seed=made.seed, params=params, stats=result.stats.as_dict(),
                      source="generate") for made in result.puzzles]


def _identity(puzzle: Puzzle, instance: Any) -> tuple[str, str | None]:
    """The symmetry key of ``instance`` (the same for the puzzle turned, mirrored or
    relabelled: a hash of the least of its :meth:`~Puzzle.symmetric_texts`) and its size."""
    return _hash(puzzle.name, min(puzzle.symmetric_texts(instance))), puzzle.size(instance)


def parse_options(puzzle: Puzzle, params: dict) -> dict:
    """The options among ``params`` that ``puzzle`` reads a text under (``wrap``...)."""
    names = {option.name for option in puzzle.options if option.phase == "parse"}
    return {k: v for k, v in params.items() if k in names}


def _rekey(db: sqlite3.Connection) -> None:
    """Give every row the key, size and canonical text the puzzle now gives it (its text
    read under the parse options of its ``params``); a row that turns out to be a duplicate
    of an older one is deleted, the oldest kept.  A row whose kind is not installed, or
    whose text its puzzle no longer reads, keeps its key."""
    seen, gone, kept = set(), [], []
    for row, kind, text, params in db.execute(
            "SELECT id, kind, text, params FROM puzzles ORDER BY id").fetchall():
        try:
            puzzle = get(kind)
            instance = puzzle.parse(text, **parse_options(puzzle, json.loads(params or "{}")))
        except PuzzleError:
            continue
        key, size = _identity(puzzle, instance)
        if (kind, key) in seen:
            gone.append((row,))
        else:
            seen.add((kind, key))
            kept.append((key, size, puzzle.canonical(instance), row))
    db.executemany("DELETE FROM puzzles WHERE id = ?", gone)
    # a new key may be another row's old one: every old key out of the way first
    db.executemany("UPDATE puzzles SET key = 'was ' || key WHERE id = ?",
                   [(row,) for *_, row in kept])
    db.executemany("UPDATE puzzles SET key = ?, size = ?, text = ? WHERE id = ?", kept)


def _hash(kind: str, text: str) -> str:
    return hashlib.sha256(f"{kind}\n{text}".encode()).hexdigest()


def _plain(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.strip("\n").splitlines())
