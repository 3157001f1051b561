"""Kernels written once, run two ways: as plain Python, or compiled by numba.

A kernel module defines plain functions (no decorator) and lists them; :func:`compile_twins`
jit-compiles each from its code, with globals in which the other kernels are the compiled
ones, so that compiled code never calls back into Python.  numba is imported only here, and
only when compiled kernels are first asked for.
"""

from __future__ import annotations

import types
from collections.abc import Iterable

__all__ = ["compile_twins"]


def compile_twins(kernels: Iterable[types.FunctionType], namespace: dict) -> types.SimpleNamespace:
    """``kernels`` compiled by numba (``cache=True``), as attributes of one namespace;
    ``namespace`` is the kernels' module's globals (copied, not changed)."""
    from numba import njit

    kernels = tuple(kernels)
    namespace = dict(namespace)
    for kernel in kernels:
        twin = types.FunctionType(kernel.__code__, namespace, kernel.__name__)
        twin.__qualname__ = kernel.__qualname__
        twin.__module__ = kernel.__module__
        twin.__doc__ = kernel.__doc__
        namespace[kernel.__name__] = njit(cache=True)(twin)
    return types.SimpleNamespace(**{k.__name__: namespace[k.__name__] for k in kernels})
