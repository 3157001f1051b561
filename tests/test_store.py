"""The puzzle store: duplicates up to symmetry are refused, concurrent writers lose nothing,
and a store made by an older schema opens after a migration."""

from __future__ import annotations

import multiprocessing
import random
import sqlite3

import pytest

from puzzlesmith import store as store_module
from puzzlesmith.puzzles import get
from puzzlesmith.store import Entry, Store, StoreError
from tests.cli.conftest import run_cli

STARBATTLE = """\
# a comment
size 5 5 1
regions
AABBB
AACCB
DDCCB
DDEEE
DEEEE
solution
*....
..*..
....*
.*...
...*.
"""


def symmetry_key(kind: str, text: str) -> str:
    return Entry(kind, text).key


def size_of(kind: str, text: str) -> str | None:
    return Entry(kind, text).size


def rotate(rows: list[str]) -> list[str]:
    """A quarter turn clockwise of a rectangle of characters."""
    return ["".join(row[c] for row in reversed(rows)) for c in range(len(rows[0]))]


def turns(rows: list[str]) -> list[list[str]]:
    """The 8 symmetries of a square of characters."""
    out, grid = [], rows
    for _ in range(4):
        out += [grid, [row[::-1] for row in grid]]
        grid = rotate(grid)
    return out


def test_starbattle_turned_and_relabelled_is_one_puzzle():
    regions = STARBATTLE.split("regions\n")[1].split("solution")[0].split()
    key = symmetry_key("starbattle", STARBATTLE)
    for grid in turns(regions):
        relabelled = "\n".join(grid).translate(str.maketrans("ABCDE", "QRSTU"))
        assert symmetry_key("starbattle", f"size 5 5 1\nregions\n{relabelled}\n") == key
        assert symmetry_key("starbattle", relabelled + "\n") == key  # the size 5x5 implies
    other = STARBATTLE.replace("DEEEE", "DDEEE")
    assert symmetry_key("starbattle", other) != key
    assert size_of("starbattle", STARBATTLE) == "5x5"


def test_non_square_starbattle_turned_is_one_puzzle():
    grid = ["AAAB", "ABBB"]                                  # 2 stars a row, 1 a column
    key = symmetry_key("starbattle", "size 2 4 2\nregions\n" + "\n".join(grid))
    for turned in turns(grid):
        size = f"size {len(turned)} {len(turned[0])} {len(turned[0]) // 2}"  # stars a row
        assert symmetry_key("starbattle", size + "\nregions\n" + "\n".join(turned)) == key
    assert symmetry_key("starbattle", "size 2 4 2\nregions\nAABB\nABBA") != key
    assert size_of("starbattle", "size 4 2 1\nregions\n" + "\n".join(rotate(grid))) == "4x2"


def turn_tile(v: int) -> int:
    return ((v << 1) | (v >> 3)) & 15


def test_net_is_one_puzzle_however_its_tiles_and_board_are_turned():
    rng = random.Random(3)
    net = get("net")
    text = net.format(net.example())                         # 3x11
    key = symmetry_key("net", text)
    for grid in turns(text.split("\n")):
        scrambled = ["".join(format(turn_tile(int(d, 16)) if rng.random() < 0.5
                                    else int(d, 16), "x") for d in row) for row in grid]
        assert symmetry_key("net", "\n".join(scrambled)) == key
    assert symmetry_key("net", text.replace("7737", "7f37")) != key
    barrier = symmetry_key("net", text + "\nbarriers\n1 5 right")
    upside_down = "\n".join(text.split("\n")[::-1])
    assert barrier != key
    assert symmetry_key("net", upside_down + "\nbarriers\n3 5 right") == barrier
    assert symmetry_key("net", text + "\nbarriers\n1 4 right") != barrier
    assert size_of("net", text) == "3x11"


def test_sliding_mirror_is_the_same_puzzle():
    board = "8 6 7\n2 5 4\n3 0 1\n"
    side = 3

    def rename(t):
        return 0 if t == 0 else (t - 1) % side * side + (t - 1) // side + 1

    tiles = [int(t) for t in board.split()]
    mirror = [rename(tiles[c * side + r]) for r in range(side) for c in range(side)]
    assert symmetry_key("sliding", " ".join(map(str, mirror))) == symmetry_key("sliding", board)
    assert symmetry_key("sliding", "8 6 7 2 5 4 3 1 0") != symmetry_key("sliding", board)
    assert size_of("sliding", board) == "3x3"
    assert size_of("queens", "12\n") == "12"


def test_queens_completion_puzzle_turned_is_one_puzzle():
    board = ["......", "......", "..Q...", "......", "...Q..", "......"]
    key = symmetry_key("queens", "\n".join(board))
    assert all(symmetry_key("queens", "\n".join(g)) == key for g in turns(board))
    assert symmetry_key("queens", "6") != key and size_of("queens", "\n".join(board)) == "6"


SUDOKU = """\
..3.2.6..
9..3.5..1
..18.64..
..81.29..
7.......8
..67.82..
..26.95..
8..2.3..9
..5.1.3..
"""
JIGSAW_REGIONS = """\
AAAABBCCC
AAABBBCCC
AABBBBFCC
DDDDEEFFC
DDDEEEFFF
DDEEEEFFF
GGGGHHIII
GGGHHHIII
GGHHHHIII
"""
DIGITS = str.maketrans("123456789", "974318265")


def sudoku(givens: list[str], regions: list[str] | None = None, head: str = "") -> str:
    """A Sudoku's text: a header line, the givens' rows, and a jigsaw's regions."""
    return head + "\n".join(givens) + ("\n\n" + "\n".join(regions) if regions else "") + "\n"


def test_sudoku_turned_mirrored_and_relabelled_is_one_puzzle():
    rows = SUDOKU.split()
    key = symmetry_key("sudoku", SUDOKU)
    for grid in turns(rows):
        assert symmetry_key("sudoku", sudoku(grid)) == key
        assert symmetry_key("sudoku", sudoku(grid).translate(DIGITS)) == key
    assert symmetry_key("sudoku", SUDOKU.replace("..3.2.6..", "..3.2.6.4")) != key
    assert symmetry_key("sudoku", sudoku(rows, head="sudoku 9 x\n")) != key
    assert size_of("sudoku", SUDOKU) == "9x9"


def test_jigsaw_and_x_sudoku_turned_and_relabelled_are_one_puzzle():
    givens = ["123......", "......456", "...789...", *["........."] * 6]
    regions = JIGSAW_REGIONS.split()
    key = symmetry_key("sudoku", sudoku(givens, regions, "sudoku 9 jigsaw\n"))
    x = symmetry_key("sudoku", sudoku(givens, head="sudoku 9 x\n"))
    renamed = str.maketrans("ABCDEFGHI", "IHGFEDCBA")
    for grid, walls in zip(turns(givens), turns(regions), strict=True):
        walls = [row.translate(renamed) for row in walls]
        text = sudoku([row.translate(DIGITS) for row in grid], walls, "sudoku 9 jigsaw\n")
        assert symmetry_key("sudoku", text) == key
        assert symmetry_key("sudoku", sudoku(grid, head="sudoku 9 x\n")) == x
    assert symmetry_key("sudoku", sudoku(givens)) not in (key, x)
    assert size_of("sudoku", sudoku(givens, regions, "sudoku 9 jigsaw\n")) == "9x9"


def test_store_refuses_a_turned_sudoku(tmp_path):
    turned = tmp_path / "turned.txt"
    (tmp_path / "a.txt").write_text(SUDOKU)
    turned.write_text(sudoku(rotate(SUDOKU.split())))
    db = str(tmp_path / "p.db")
    code, out, err = run_cli(["store", "add", "sudoku", str(tmp_path / "a.txt"), str(turned),
                              "--db", db])
    assert code == 0 and "refused 1" in out + err, out + err
    code, out, _ = run_cli(["store", "stats", "--db", db])
    assert "sizes: 9x9 1" in out, out


def test_unknown_text_falls_back_to_the_text():
    assert symmetry_key("net", "not a net") == symmetry_key("net", "not a net\n")
    assert symmetry_key("net", "not a net") != symmetry_key("net", "not a nut")
    assert size_of("net", "not a net") is None


def test_add_find_get_and_summary(tmp_path):
    with Store(tmp_path / "p.db") as store:
        first = store.add(Entry("starbattle", STARBATTLE, rating="easy", seed=4,
                                params={"size": 5}, stats={"nodes": 7}))
        again = store.add(Entry("starbattle", STARBATTLE.replace("A", "Z"), rating="hard"))
        assert first.added and not again.added and again.id == first.id
        second = store.add(Entry("queens", "8\n"))
        assert len(store) == 2
        entry = store.get(first.id)
        assert (entry.kind, entry.rating, entry.seed, entry.params, entry.stats) == (
            "starbattle", "easy", 4, {"size": 5}, {"nodes": 7})
        assert entry.version and entry.created and entry.size == "5x5"
        assert [e.id for e in store.find(size="5")] == [first.id]
        assert [e.id for e in store.find("queens", size="8")] == [second.id]
        assert [e.id for e in store.find(rating="easy")] == [first.id]
        assert list(store.find(limit=1, after=first.id))[0].id == second.id
        summary = store.summary()
        assert summary["puzzles"] == 2 and summary["schema"] == store_module.SCHEMA_VERSION
        assert summary["kinds"]["starbattle"]["ratings"] == {"easy": 1}
        with pytest.raises(StoreError, match="no puzzle #99"):
            store.get(99)


def test_update_fills_what_a_row_lacks(tmp_path):
    with Store(tmp_path / "p.db") as store:
        row = store.add(Entry("queens", "8\n")).id
        store.add(Entry("queens", "8\n", rating="hard", solution="x"), update=True)
        store.add(Entry("queens", "8\n", rating="easy"), update=True)
        assert (store.get(row).rating, store.get(row).solution) == ("hard", "x")


def test_export_record_reads_back():
    entry = Entry("sliding", "1 2 3 4 5 6 7 0 8\n", solution="R", seed=3, stats={"a": 1})
    back = Entry.from_dict(entry.to_dict())
    assert back.to_dict() == entry.to_dict()


def test_files_that_are_not_stores_are_refused(tmp_path):
    text = tmp_path / "notes.db"
    text.write_text("hello, this is not a database at all" * 10)
    with pytest.raises(StoreError, match="not a puzzle store"):
        Store(text)
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE t (x)")
    with pytest.raises(StoreError, match="not a puzzle store"):
        Store(other)
    with pytest.raises(StoreError, match="directory"):
        Store(tmp_path)
    with pytest.raises(StoreError, match="no puzzle store"):
        Store(tmp_path / "missing.db", create=False)


def test_old_store_is_migrated_and_newer_one_refused(tmp_path, monkeypatch):
    path = tmp_path / "p.db"
    with Store(path) as store:
        store.add(Entry("queens", "8\n"))
    newer = [*store_module.MIGRATIONS, "ALTER TABLE puzzles ADD COLUMN tags TEXT"]
    monkeypatch.setattr(store_module, "MIGRATIONS", newer)
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", len(newer))
    with Store(path) as store:
        assert store.schema_version() == len(newer) and len(store) == 1
        assert store.get(1).text == "8\n"
    monkeypatch.undo()
    with pytest.raises(StoreError, match="newer puzzlesmith"):
        Store(path)


def _schema_1_store(path, rows: list[tuple]) -> None:
    """A store as schema 1 wrote it: ``rows`` of (kind, key, text, size, params)."""
    with sqlite3.connect(path) as db:
        db.executescript(store_module.MIGRATIONS[0])
        db.executemany("INSERT INTO puzzles (kind, key, text, size, params, created, version) "
                       "VALUES (?, ?, ?, ?, ?, 'then', 'old')", rows)
        db.execute(f"PRAGMA application_id = {store_module.APPLICATION_ID}")
        db.execute("PRAGMA user_version = 1")


def test_opening_a_schema_1_store_rekeys_its_rows(tmp_path):
    path = tmp_path / "p.db"
    turned = sudoku(rotate(SUDOKU.split()))
    wrapped = "d8a2\ne9b5\n65a9\nc888\n"                   # unreadable without its wrap
    _schema_1_store(path, [("sudoku", "old text key", SUDOKU, None, "{}"),
                           ("sudoku", "another", turned, None, "{}"),  # a duplicate now
                           ("net", "net key", wrapped, "4x4", '{"wrap": true}'),
                           ("nosuch", "kept", "?", None, "{}")])
    with Store(path) as store:
        assert store.schema_version() == store_module.SCHEMA_VERSION
        assert [(e.id, e.kind) for e in store.find()] == [(1, "sudoku"), (3, "net"),
                                                          (4, "nosuch")]
        assert not store.add(Entry("sudoku", turned)).added
        assert store.summary()["kinds"]["sudoku"]["sizes"] == {"9x9": 1}
        assert store.get(3).text == "net wrap\n" + wrapped
        assert store.get(4).key == "kept"


def test_a_wrapped_net_keeps_its_rules_through_export_and_add(tmp_path):
    first, second = str(tmp_path / "a.db"), str(tmp_path / "b.db")
    code, out, err = run_cli(["generate", "net", "--size", "4x5", "--wrap", "--connected",
                              "--seed", "3", "--store", "--db", first])
    assert code == 0, err
    code, exported, _ = run_cli(["store", "export", "--db", first, "--format", "text"])
    (tmp_path / "net.txt").write_text(exported)
    assert run_cli(["store", "add", "net", str(tmp_path / "net.txt"), "--db", second])[0] == 0
    with Store(first) as old, Store(second) as new:
        assert new.get(1).text == old.get(1).text and new.get(1).key == old.get(1).key
        board = get("net").parse(new.get(1).text)
        assert (board.wrap, board.connected) == (True, True)
        turned = rotate(exported.split("\n")[1:5])
        assert not new.add(Entry("net", "net wrap connected\n" + "\n".join(turned))).added


def _writer(path: str, worker: int, count: int) -> None:
    with Store(path) as store:
        for k in range(count):
            store.add(Entry("queens", f"{1000 * worker + k}\n"))


def test_concurrent_writers_lose_nothing(tmp_path):
    path = str(tmp_path / "p.db")
    Store(path).close()
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_writer, args=(path, w, 60)) for w in range(3)]
    for process in writers:
        process.start()
    _writer(path, 3, 60)
    for process in writers:
        process.join(60)
        assert process.exitcode == 0
    with Store(path) as store:
        assert len(store) == 240
        assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store._db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@pytest.fixture
def locked(tmp_path):
    """A store whose write lock another connection holds (``BEGIN IMMEDIATE``)."""
    path = tmp_path / "p.db"
    Store(path).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    yield path
    holder.execute("ROLLBACK")
    holder.close()


def test_a_locked_store_waits_once_within_its_timeout(locked, monkeypatch):
    monkeypatch.setattr(store_module, "WAIT_NOTICE", 0.05)
    told = []
    with Store(locked, timeout=0.3, on_wait=told.append) as store, \
            pytest.raises(store_module.StoreBusy, match="p.db: the store is locked"):
        store.add(Entry("queens", "8\n"))
    assert told == [f"waiting for the lock on the store {locked}"]


def test_a_locked_store_gives_up_at_the_callers_deadline(locked):
    from puzzlesmith.errors import LimitReached
    from puzzlesmith.results import Limits

    limits = Limits(seconds=0.2).started()
    with Store(locked, limits=limits) as store, pytest.raises(LimitReached):
        store.add(Entry("queens", "8\n"))
    assert limits.expired()


#: The command line with the store's own wait for a lock cut to 0.5 s: that wait, not the
#: generous ``--timeout`` (which counts start-up, slow on a busy machine), ends the run.
SHORT_LOCK_WAIT = ("from puzzlesmith import store\n"
                   "store.Store.__init__.__kwdefaults__['timeout'] = 0.5\n"
                   "from puzzlesmith.cli import main\n"
                   "main()\n")


def test_generate_into_a_locked_store_exits_3_with_one_line(locked):
    import subprocess
    import sys

    command = [sys.executable, "-c", SHORT_LOCK_WAIT, "generate", "starbattle", "--size", "6",
               "--stars", "1", "--store", "--db", str(locked), "--timeout", "120"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 3
    last = done.stderr.splitlines()[-1]
    assert last.startswith("gave up: ") and str(locked) in last and "locked" in last


class _FailingCommit:
    """A connection stand-in whose COMMIT fails (as it may in rollback-journal mode)."""

    def __init__(self):
        self.in_transaction, self.done = False, []

    def execute(self, statement):
        self.done.append(statement)
        if statement == "COMMIT":
            raise sqlite3.OperationalError("database is locked")
        self.in_transaction = statement.startswith("BEGIN")
        return self


def test_a_failed_commit_rolls_back():
    db = _FailingCommit()
    with pytest.raises(sqlite3.OperationalError), store_module._transaction(db):
        pass
    assert db.done == ["BEGIN IMMEDIATE", "COMMIT", "ROLLBACK"]


def test_two_generate_commands_at_once_store_every_puzzle(tmp_path):
    import subprocess
    import sys

    path = tmp_path / "p.db"
    commands = [[sys.executable, "-m", "puzzlesmith", "generate", "starbattle", "--size", "6",
                 "--stars", "1", "--count", "5", "--seed", seed, "--store", "--db", str(path)]
                for seed in ("11", "12")]
    runs = [subprocess.Popen(c, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            for c in commands]
    for run in runs:
        _, err = run.communicate(timeout=120)
        assert run.returncode == 0, err
    with Store(path) as store:
        assert len(store) == 10 and len({e.key for e in store.find()}) == 10
