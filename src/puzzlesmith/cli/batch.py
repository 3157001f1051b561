"""``puzzlesmith batch VERB PUZZLE INPUTS...``: one verb over many puzzles, in parallel.

Only command-line plumbing lives here; the work is :mod:`puzzlesmith.batch`.  Output is JSON
lines: one object per item (the single command's object with ``"id"`` first), then one
summary object without ``"id"`` (on stdout; with ``--out FILE`` the items go to FILE and only
the summary to stdout).  ``--format text`` prints one line per item instead.  The exit code
is that of the most severe item: 2 if any item is an error, else 3 if any gave up (or the
batch was interrupted), else 1 if any has no solution, else 0.
"""

from __future__ import annotations

import contextlib
import os
import sys

import click

from ..batch import VERBS, Summary, finished_ids, generate_items, read_inputs, run_batch
from ..cores import cap_note, default_jobs
from ..errors import UsageError
from ..jsonout import dumps
from ..puzzles.protocol import Puzzle
from ..results import EXIT_CODES, Status
from ..store import default_path
from ..verbs import Failure, failure_from
from .contract import (
    MAX_INPUT,
    Tracker,
    WriteFailure,
    check_out,
    emit_failure,
    message,
    write_line,
    write_out,
)
from .options import VERB_HELP, Count, Seconds, VerbGroup, puzzle_options, verb_options

__all__ = ["batch", "default_jobs"]


def _batch_options(verb: str) -> list[click.Parameter]:
    params: list[click.Parameter] = [
        click.Option(["-j", "--jobs"], type=Count(0), default=None,
                     help="Worker processes (default: every core; 0: in this process)."),
        click.Option(["--scheduler"], default=None, metavar="tcp://HOST:PORT",
                     help="Run on this dask.distributed scheduler instead of local workers."),
        click.Option(["--timeout"], type=Seconds(), default=None,
                     help="Give up on an item after this many seconds (per item)."),
        click.Option(["--nodes"], type=Count(1), default=None,
                     help="Give up on an item after this many search nodes (per item)."),
        click.Option(["--format", "fmt"], type=click.Choice(["json", "text"]), default="json",
                     show_default=True, help="JSON lines (one per item, then a summary), "
                                             "or one text line per item."),
        click.Option(["--out"], default=None, metavar="FILE",
                     help="Write the item lines to FILE (line by line, so a killed batch "
                          "can --resume)."),
        click.Option(["--resume"], default=None, metavar="FILE",
                     help="Skip the items already in FILE and append the others to it."),
        click.Option(["--unordered"], is_flag=True,
                     help="Print items as they finish instead of in input order."),
        click.Option(["--store", "to_store"], is_flag=True,
                     help="Add generated, solved or rated puzzles to the puzzle store."),
        click.Option(["--db"], default=None, metavar="PATH",
                     help="The puzzle store (default: $PUZZLESMITH_DB or puzzles.db)."),
    ]
    if verb != "generate":
        params += [
            click.Option(["--lines"], is_flag=True,
                         help="Every line of an input file is one puzzle (id FILE:LINE)."),
            click.Option(["--glob", "patterns"], multiple=True, metavar="PATTERN",
                         help="Files of a folder to read (default: the puzzle's files)."),
            click.Option(["--max-input"], type=Count(1), default=MAX_INPUT, show_default=True,
                         help="Largest input (a file or a JSON line) accepted, in bytes."),
        ]
    return params


def _arguments(verb: str) -> list[click.Parameter]:
    return [click.Argument(["inputs"], nargs=-1,
                           metavar="[FILE|FOLDER|-|store:FILTERS]..."
                           if verb != "generate" else "[-|FILE.jsonl]...")]


def build_batch_command(verb: str, puzzle: Puzzle) -> click.Command:
    """The click command of ``puzzlesmith batch VERB PUZZLE``."""
    own = [p for p in verb_options(verb) if p.name not in ("to_store", "db")]
    batch_options = _batch_options(verb)
    taken = {flag for p in batch_options for flag in p.opts} | {p.name for p in batch_options}
    # A puzzle's own way of sharing work (its -j, --scheduler) is the batch's here.
    mine = [p for p in puzzle_options(verb, puzzle)
            if not taken & {*p.opts, p.name}]
    params = [*_arguments(verb), *own, *mine, *batch_options]

    def callback(**params):
        sys.exit(execute(verb, puzzle, params))

    return click.Command(puzzle.name, params=params, callback=callback,
                         help=f"{VERB_HELP[verb]} Many at once, in parallel.\n\n{puzzle.title}",
                         short_help=puzzle.title)


def execute(verb: str, puzzle: Puzzle, params: dict) -> int:
    """Run one batch by the contract; returns the exit code."""
    fmt, out, resume = params.pop("fmt"), params.pop("out"), params.pop("resume")
    jobs, scheduler = params.pop("jobs"), params.pop("scheduler")
    timeout, nodes = params.pop("timeout"), params.pop("nodes")
    ordered, to_store, db = not params.pop("unordered"), params.pop("to_store"), params.pop("db")
    inputs = list(params.pop("inputs"))
    lines, patterns = params.pop("lines", False), params.pop("patterns", ())
    max_input = params.pop("max_input", MAX_INPUT)
    args = ["--format", "json"] if fmt == "json" else []
    tracker = Tracker(f"batch {verb} {puzzle.name}")
    store = stream = None
    summary: Summary | None = None
    try:
        if resume and out and os.path.abspath(resume) != os.path.abspath(out):
            raise UsageError("--resume FILE appends to FILE: give no other --out")
        if resume and fmt != "json":
            raise UsageError("--resume reads the JSON lines of a batch: no --format text")
        if jobs is not None and scheduler is not None:
            raise UsageError("give -j or --scheduler, not both")
        out = resume or out
        check_out(out)
        if verb == "generate":
            how_many, seed = params.pop("how_many"), params.pop("seed")
            items = read_inputs(inputs, puzzle, stdin=sys.stdin) if inputs else \
                generate_items(how_many, seed)
        else:
            if not inputs:
                if sys.stdin is None or sys.stdin.isatty():
                    raise UsageError("no inputs: name files or folders, or pipe JSON lines "
                                     "into stdin")
                inputs = ["-"]
            parse_params, _ = puzzle.split_params(verb, params)
            items = read_inputs(inputs, puzzle, lines=lines, patterns=tuple(patterns) or None,
                                max_input=max_input, stdin=sys.stdin, db=default_path(db),
                                parse_params=parse_params)
        total = len(items)
        if resume:
            done = finished_ids(resume)
            items = [item for item in items if item.id not in done]
        summary = Summary(total, skipped=total - len(items))
        if to_store:
            from ..store import Store

            store = Store(default_path(db), on_wait=message)
        if out:
            stream = open(out, "a" if resume else "w", encoding="utf-8")  # noqa: SIM115
        jobs = default_jobs() if jobs is None and scheduler is None else jobs
        if scheduler is None and (note := cap_note(jobs, "--jobs")):
            message(note)  # the pool starts no more workers than there are cores
        with tracker.bar():
            for line in run_batch(puzzle, verb, items, params=params, timeout=timeout,
                                  nodes=nodes, jobs=jobs, scheduler=scheduler, ordered=ordered,
                                  store=store, progress=tracker):
                summary.add(line)
                text = dumps(line) if fmt == "json" else _text_line(line)
                write_line(text, stream or sys.stdout, out or "stdout")
    except KeyboardInterrupt:
        if summary is None:
            return emit_failure(args, puzzle.name, failure_from(KeyboardInterrupt()))
        summary.interrupted = True
    except BaseException as error:  # noqa: BLE001  (the contract: no traceback, ever)
        if isinstance(error, SystemExit):
            raise
        failure = failure_from(error)
        if summary is None or not summary.done or isinstance(failure, WriteFailure):
            return emit_failure(args, puzzle.name, failure)
        message(f"{'error' if failure.status is Status.ERROR else 'gave up'}: {failure.text}")
        summary.interrupted = True
    finally:
        if stream is not None:
            _close(stream)
        if store is not None:
            store.close()
    if fmt == "json":
        try:
            write_out(dumps(summary.to_dict(puzzle.name, verb)), None)
        except Failure as failure:
            return emit_failure([], puzzle.name, failure)
    message(summary.text())
    if summary.interrupted and out:
        message(f"resume with: --resume {out}")
    return EXIT_CODES[summary.status()]


def _close(stream) -> None:
    """Close the --out file; every line was flushed and checked, so an error here is moot."""
    with contextlib.suppress(OSError):
        stream.close()


def _text_line(line: dict) -> str:
    """``ID  VERDICT  what``: the count, rating, uniqueness or reason of one item."""
    verdict = getattr(line, "verdict", line.get("status"))
    verdict = Status(verdict).value
    what = []
    for key in ("count", "rating", "unique", "error", "reason"):
        if key in line and line[key] is not None:
            what.append(f"{key} {line[key]}")
    if "puzzles" in line:
        what.append(f"{len(line['puzzles'])} made")
    if "stored" in line:
        what.append(", ".join(f"row {s['row']}{' new' if s['new'] else ''}"
                              for s in line["stored"]))
    return "\t".join([str(line["id"]), verdict, f"{line.get('seconds', 0):.3f}s",
                      "; ".join(what)])


@click.group()
def batch() -> None:
    """Run solve, count, rate or generate on many puzzles at once.

    Inputs are files, folders, JSON lines on stdin (-) or in FILE.jsonl, and store:FILTERS
    (puzzles of the store, e.g. store:size=10,rating=hard).  Output is JSON lines in input
    order: one object per item (the single command's, with "id"), then a summary object.
    Work runs on local worker processes (-j N) or a dask.distributed cluster (--scheduler).
    """


for _verb in VERBS:
    batch.add_command(VerbGroup(_verb, build_batch_command,
                                f"{VERB_HELP[_verb]} Many at once, in parallel."))
