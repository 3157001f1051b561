"""The seed of each puzzle of a run: one rule for every puzzle, batch and Dask.

Puzzle ``k`` of a run with seed ``S`` is made from :func:`puzzle_seed` ``(S, k)``: ``S``
itself for the first puzzle, and for the others a number drawn from numpy's
``SeedSequence`` of ``(S, k)``.  So runs with different seeds are independent streams
(``--seed 1`` and ``--seed 2`` share no puzzle), ``--seed S --count N`` is reproducible, and
every puzzle's reported seed makes that puzzle again alone (``--seed P --count 1``).

>>> [puzzle_seed(11, k) == puzzle_seed(12, k) for k in range(3)]
[False, False, False]
>>> puzzle_seed(11, 0), puzzle_seed(11, 3) == puzzle_seed(11, 3)
(11, True)
"""

from __future__ import annotations

import random
from collections.abc import Iterator

__all__ = ["puzzle_seed", "run_seeds", "random_seed"]

#: Derived seeds are below this (they fit the CLI's ``--seed`` and a signed 64-bit column).
SEED_BITS = 62


def puzzle_seed(seed: int, index: int) -> int:
    """The seed of puzzle ``index`` (from 0) of a run with ``seed``."""
    if index == 0:
        return seed
    import numpy as np

    sequence = np.random.SeedSequence(seed % (1 << 64), spawn_key=(index,))
    high, low = (int(word) for word in sequence.generate_state(2, np.uint32))
    return ((high << 32) | low) >> (64 - SEED_BITS)


def run_seeds(seed: int, count: int) -> Iterator[int]:
    """The seeds of the ``count`` puzzles of a run with ``seed``, one at a time (a run may
    stop long before an absurd ``count``)."""
    return (puzzle_seed(seed, k) for k in range(count))


def random_seed() -> int:
    """A fresh seed for a run given none (reported, so the run can be made again)."""
    return random.SystemRandom().randrange(1 << 31)
