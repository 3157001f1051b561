"""``puzzlesmith serve``: play the puzzles, get hints and watch the solvers in a web browser.

* :mod:`.api` — the JSON API as plain functions (one body in, one JSON object out);
* :mod:`.app` — the Starlette app: ``/api/...`` and the static front end (``static/``);
* :mod:`.server` — uvicorn in the foreground or a background thread;
* :mod:`.views` — boards as JSON for the front end; :mod:`.trace` — solver traces.

Needs the ``serve`` extra (``pip install 'puzzlesmith[serve]'``); nothing else in puzzlesmith
imports this package.  The API is documented in ``docs/serve.md``.
"""

from __future__ import annotations

from .api import Settings

__all__ = ["Settings", "create_app", "background"]


def create_app(settings: Settings | None = None):
    """The web application (see :func:`puzzlesmith.serve.app.create_app`)."""
    from .app import create_app as create

    return create(settings)


def background(*args, **kwargs):
    """Serve in a background thread (see :func:`puzzlesmith.serve.server.background`)."""
    from .server import background as run

    return run(*args, **kwargs)
