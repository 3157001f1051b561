"""Command line: ``puzzlesmith VERB PUZZLE ...``.  This package only dispatches.

Each puzzle has one module here that adds its subcommands to the verbs of
:mod:`puzzlesmith.cli.verbs`; the shared contract lives in :mod:`puzzlesmith.cli.common`.
"""

from __future__ import annotations

import json
import sys

import click

from . import demo, net, queens, sliding, starbattle  # noqa: F401  (registers the subcommands)
from .verbs import cli

__all__ = ["main", "cli"]


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``puzzlesmith`` script; usage errors exit 2 (JSON-aware)."""
    args = sys.argv[1:] if argv is None else argv
    try:
        cli.main(args=args, prog_name="puzzlesmith", standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("gave up: interrupted", err=True)
        sys.exit(3)
    except click.ClickException as error:
        if _wants_json(args):
            click.echo(json.dumps({"status": "error", "error": error.format_message()}))
        error.show()
        sys.exit(2)
    except click.exceptions.Exit as done:
        sys.exit(done.exit_code)


def _wants_json(args: list[str]) -> bool:
    return "--format=json" in args or any(
        a == "--format" and b == "json" for a, b in zip(args, args[1:], strict=False)
    )
