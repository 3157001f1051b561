"""puzzlesmith: solve and generate logic puzzles with four classic engines.

Engines (generic, puzzle-agnostic) live in :mod:`puzzlesmith.engines`; puzzles, each with the
same small surface (parse, format, validate, solve, count, generate, render), in
:mod:`puzzlesmith.puzzles`; drawing in :mod:`puzzlesmith.render`; the CLI in :mod:`puzzlesmith.cli`.
"""

__version__ = "0.1.0"


def _plain_numba_errors() -> None:
    """numba's coloured error messages (colorama) swap ``sys.stdout`` and ``sys.stderr`` from
    whichever thread compiles: a kernel warm-up in the background would send the main thread's
    answer to a stale stream.  Plain messages, then, set before any module imports numba."""
    import os

    os.environ.setdefault("NUMBA_DISABLE_ERROR_MESSAGE_HIGHLIGHTING", "1")


_plain_numba_errors()
