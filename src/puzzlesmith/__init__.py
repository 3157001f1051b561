"""puzzlesmith: solve and generate logic puzzles with four classic engines.

Engines (generic, puzzle-agnostic) live in :mod:`puzzlesmith.engines`; puzzles, each with the
same small surface (parse, format, validate, solve, count, generate, render), in
:mod:`puzzlesmith.puzzles`; drawing in :mod:`puzzlesmith.render`; the CLI in :mod:`puzzlesmith.cli`.
"""

__version__ = "0.1.0"
