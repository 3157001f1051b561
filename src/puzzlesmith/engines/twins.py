"""Kernels written once, run two ways: as plain Python, or compiled by numba.

A kernel module defines plain functions (no decorator) and lists them; :func:`compile_twins`
jit-compiles each from its code, with globals in which the other kernels are the compiled
ones, so that compiled code never calls back into Python.  numba is imported only here, and
only when compiled kernels are first asked for; whether numba's on-disk cache holds them is
told without it (:func:`in_numba_cache`).
"""

from __future__ import annotations

import functools
import hashlib
import os
import sys
import types
from collections.abc import Callable, Iterable

__all__ = ["compile_twins", "in_numba_cache"]


def compile_twins(kernels: Iterable[types.FunctionType],
                  namespace: dict) -> Callable[[], types.SimpleNamespace]:
    """A function returning ``kernels`` compiled by numba (``cache=True``, so loaded from
    numba's cache after the first time) as attributes of one namespace, compiled on its first
    call; ``namespace`` is the kernels' module's globals (copied then, not changed).  Its
    ``cached()`` tells whether numba's on-disk cache holds every kernel."""
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

    compiled.cached = lambda: all(in_numba_cache(kernel) for kernel in kernels)
    return compiled


def in_numba_cache(kernel: types.FunctionType) -> bool:
    """True when numba's cache index of ``kernel`` (compiled with ``cache=True``), newer than
    its source, is where numba looks: under ``NUMBA_CACHE_DIR``, beside the source
    (``__pycache__``) or in the user's cache folder.  Told without importing numba, by
    numba's naming (a cache it does not see costs speed only)."""
    source = kernel.__code__.co_filename
    name = (f"{os.path.splitext(os.path.basename(source))[0]}."
            f"{kernel.__qualname__.replace('<', '').replace('>', '')}-"
            f"{kernel.__code__.co_firstlineno}.py{sys.version_info[0]}{sys.version_info[1]}"
            f"{getattr(sys, 'abiflags', '')}.nbi")
    try:
        changed = os.stat(source).st_mtime
    except OSError:
        return False
    for folder in _cache_folders(os.path.dirname(os.path.abspath(source))):
        try:
            if os.stat(os.path.join(folder, name)).st_mtime >= changed:
                return True
        except OSError:
            continue
    return False


def _cache_folders(source_folder: str) -> list[str]:
    """Where numba keeps the cache of a source file in ``source_folder``, in its order."""
    mirrored = "_".join([os.path.basename(source_folder),
                         hashlib.sha1(source_folder.encode()).hexdigest()])
    user = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folders = [os.path.join(source_folder, "__pycache__"), os.path.join(user, "numba", mirrored)]
    if os.environ.get("NUMBA_CACHE_DIR"):
        folders.insert(0, os.path.join(os.environ["NUMBA_CACHE_DIR"], mirrored))
    return folders
