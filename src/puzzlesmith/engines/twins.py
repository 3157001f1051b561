"""Kernels written once, run two ways: as plain Python, or compiled by numba.

A kernel module defines plain functions (no decorator) and lists them; :func:`compile_twins`
jit-compiles each from its code, with globals in which the other kernels are the compiled
ones, so that compiled code never calls back into Python.  numba is imported only here, and
only when compiled kernels are first asked for.
"""

from __future__ import annotations

import functools
import types
from collections.abc import Callable, Iterable

__all__ = ["compile_twins"]


def compile_twins(kernels: Iterable[types.FunctionType],
                  namespace: dict) -> Callable[[], types.SimpleNamespace]:
    """A function returning ``kernels`` compiled by numba (``cache=True``, so loaded from
    numba's cache after the first time) as attributes of one namespace, compiled on its first
    call; ``namespace`` is the kernels' module's globals (copied then, not changed)."""
    kernels = tuple(kernels)

    @functools.cache
    def compiled() -> types.SimpleNamespace:
        from numba import njit

        twins = dict(namespace)
        for kernel in kernels:
            twin = types.FunctionType(kernel.__code__, twins, kernel.__name__)
            twin.__qualname__ = kernel.__qualname__
            twin.__module__ = kernel.__module__
            twin.__doc__ = kernel.__doc__
            twins[kernel.__name__] = njit(cache=True)(twin)
        return types.SimpleNamespace(**{k.__name__: twins[k.__name__] for k in kernels})

    return compiled
