"""The top-level command and its verbs; puzzle modules add one subcommand per verb."""

from __future__ import annotations

import click

from .. import __version__


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="puzzlesmith")
def cli() -> None:
    """Solve and generate logic puzzles: puzzlesmith VERB PUZZLE ..."""


@cli.group()
def solve() -> None:
    """Solve a puzzle."""


@cli.group()
def count() -> None:
    """Count a puzzle's solutions (or prove it unique)."""


@cli.group()
def generate() -> None:
    """Generate puzzles."""


@cli.group()
def render() -> None:
    """Draw a puzzle (and its solution) as text or SVG."""


@cli.group()
def rate() -> None:
    """Rate a puzzle's difficulty."""


@cli.group()
def hint() -> None:
    """Give a hint: the next best move."""


@cli.group()
def compare() -> None:
    """Compare methods on one puzzle: nodes, time, answer."""


@cli.group()
def bench() -> None:
    """Run a puzzle's benchmark and print the figures."""
