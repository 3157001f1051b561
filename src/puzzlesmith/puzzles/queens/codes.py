"""The return codes of the queens kernels (:mod:`.kernels`), in a module without numba so
that the modules driving the kernels (:mod:`.chunks`, :mod:`.counting`, :mod:`.solve`)
read them without loading it.

PAUSED: the work budget ran out, call again with a larger ``stop`` to go on; SOLVED: a
solution is in the output array (annealing, repair) or the count reached its limit;
EXHAUSTED: every start was spent, or the search tree is done; FOUND: ``complete`` with
``each`` has one more solution in ``board``, call again for the next.
"""

__all__ = ["PAUSED", "SOLVED", "EXHAUSTED", "FOUND"]

PAUSED, SOLVED, EXHAUSTED, FOUND = 0, 1, 2, 3
