"""``puzzlesmith demo``: a short tour of every puzzle on built-in examples."""

from __future__ import annotations

import click

from .verbs import cli


@cli.command()
def demo() -> None:
    """Solve built-in examples of each puzzle and print the boards."""
    from ..puzzles import starbattle

    puzzle = starbattle.example()
    result = starbattle.solve(puzzle)
    click.echo("Star Battle: the seed's 12x12 two-star puzzle\n")
    click.echo(starbattle.format_solution(puzzle, result.solution, "framed"))
    click.echo(f"\nsolved in {result.stats.seconds * 1000:.1f} ms, {result.stats.nodes} nodes")
