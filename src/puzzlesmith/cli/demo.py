"""``puzzlesmith demo``: a short tour of every puzzle on built-in examples."""

from __future__ import annotations

import importlib

import click

from .verbs import cli

#: The CLI modules that offer ``demo_text()``, in tour order.
TOUR = ("starbattle", "net", "sliding", "queens")


@cli.command()
def demo() -> None:
    """Solve built-in examples of each puzzle and print the boards."""
    texts = []
    for name in TOUR:
        try:
            module = importlib.import_module(f"{__package__}.{name}")
        except ModuleNotFoundError:
            continue
        texts.append(module.demo_text())
    click.echo(("\n\n" + "=" * 72 + "\n\n").join(texts))
