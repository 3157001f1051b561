"""The web app: the JSON API under ``/api``, the static front end at ``/`` and each puzzle's
own script at ``/puzzles/NAME/FILE``.

Every API request is read with a size cap, given a deadline the moment it arrives (waiting
for a worker counts against it), and computed in a worker thread, at most
``Settings.workers`` at once.  When a request runs past its deadline (plus a short grace) its
answer is sent anyway, status ``gave-up``, and the thread is left to stop at the limits the
library checks; its worker slot is given back only when it has stopped, so
``Settings.workers`` is a hard cap on computing threads.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
from functools import partial

import anyio
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..jsonout import dumps
from ..results import Stats, Status
from ..verbs import failure_object
from . import api
from .api import Settings
from .errors import BadRequest

__all__ = ["create_app", "GRACE"]

#: Seconds past a request's deadline before its answer is sent without waiting further.
GRACE = 1.0

log = logging.getLogger("puzzlesmith.serve")


def create_app(settings: Settings | None = None) -> Starlette:
    """The Starlette application serving the API and the front end under ``settings``."""
    settings = settings or Settings()
    limiter = anyio.CapacityLimiter(settings.workers)
    threads = anyio.CapacityLimiter(settings.workers)
    waiting = {"count": 0}

    async def puzzles(request: Request) -> Response:
        return _json(200, await anyio.to_thread.run_sync(api.catalogue))

    async def verb(request: Request) -> Response:
        name, verb = request.path_params["puzzle"], request.path_params["verb"]
        began = time.monotonic()
        if request.method != "POST":
            return _json(405, failure_object(None, Status.ERROR, f"{request.method} is not "
                                             "allowed here: POST a JSON object", Stats()))
        try:
            body = await _read_json(request, settings.max_body)
            limits = api.start_limits(body, settings)
        except BadRequest as error:
            return _json(error.status, failure_object(
                None, Status.ERROR, str(error), Stats(seconds=time.monotonic() - began)))
        if waiting["count"] >= settings.workers + settings.max_pending:
            return _json(503, failure_object(
                name, Status.GAVE_UP, f"the server is busy: {waiting['count']} requests "
                "are waiting; try again shortly", Stats()))
        waiting["count"] += 1
        answer = None
        try:
            work = partial(_guarded, name, verb, body, settings, limits)
            answer = await _in_slot(limiter, threads, work, limits.remaining() or 0.0)
        finally:
            waiting["count"] -= 1
        if answer is None:
            answer = 200, failure_object(name, Status.GAVE_UP,
                                         "time limit reached (the request ran past its "
                                         "deadline)", Stats(seconds=time.monotonic() - began))
        return _json(*answer)

    async def script(request: Request) -> Response:
        text = api.script(request.path_params["puzzle"], request.path_params["file"])
        if text is None:
            raise HTTPException(404)
        return Response(text, media_type="text/javascript")

    async def nowhere(request: Request) -> Response:
        raise HTTPException(404)  # answered by not_found

    async def not_found(request: Request, error: HTTPException) -> Response:
        if request.url.path.startswith("/api"):
            text = ("no such API endpoint; see GET /api/puzzles" if error.status_code == 404
                    else f"{request.method} is not allowed here" if error.status_code == 405
                    else str(error.detail))
            return _json(error.status_code, failure_object(None, Status.ERROR, text, Stats()))
        return Response(str(error.detail), status_code=error.status_code,
                        media_type="text/plain")

    async def crashed(request: Request, error: Exception) -> Response:
        log.exception("internal error on %s", request.url.path)
        return _json(500, failure_object(None, Status.ERROR,
                                         f"internal error: {type(error).__name__}", Stats()))

    routes = [
        Route("/api/puzzles", puzzles, methods=["GET"]),
        Route("/api/{puzzle}/{verb}", verb, methods=["GET", "POST", "PUT", "DELETE"]),
        Route("/api/{rest:path}", nowhere, methods=["GET", "POST", "PUT", "DELETE"]),
        Route("/puzzles/{puzzle}/{file}", script, methods=["GET"]),
        Mount("/", StaticFiles(packages=[("puzzlesmith.serve", "static")], html=True)),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: not_found,
                                                       Exception: crashed})
    app.state.settings = settings
    return app


async def _in_slot(limiter: anyio.CapacityLimiter, threads: anyio.CapacityLimiter, work,
                   seconds: float):
    """``work()`` in a worker thread holding one of the ``limiter``'s slots until it returns;
    None when ``seconds`` (the request's time left) pass before a slot is free, or when
    ``work`` runs past them plus :data:`GRACE`.

    Then the answer is not waited for, but the slot stays taken until the thread has stopped
    (through the limits the library checks), so no more threads compute than the limiter
    allows.  ``threads`` is anyio's own token for the thread (given back when the thread is
    abandoned)."""
    borrower, claim = object(), threading.Lock()
    state = {"started": False, "dropped": False}
    until = time.monotonic() + seconds
    with anyio.move_on_after(seconds) as queue:
        await limiter.acquire_on_behalf_of(borrower)
    if queue.cancelled_caught:
        return None  # still waiting in line at the deadline: nothing was computed

    def run():
        with claim:
            if state["dropped"]:
                return None
            state["started"] = True
        try:
            return work()
        finally:
            with contextlib.suppress(Exception):  # the event loop may be gone at shutdown
                anyio.from_thread.run_sync(limiter.release_on_behalf_of, borrower)

    try:
        with anyio.move_on_after(until - time.monotonic() + GRACE):
            return await anyio.to_thread.run_sync(run, abandon_on_cancel=True,
                                                  limiter=threads)
        return None
    finally:
        with claim:
            if not state["started"]:
                state["dropped"] = True
                limiter.release_on_behalf_of(borrower)


def _guarded(name: str, verb: str, body, settings: Settings, limits) -> tuple[int, dict]:
    """:func:`api.handle` in a worker thread; a bug becomes a JSON 500, never a lost answer."""
    try:
        return api.handle(name, verb, body, settings, limits)
    except Exception as error:  # noqa: BLE001  (logged; the client still gets JSON)
        log.exception("internal error in %s %s", verb, name)
        return 500, failure_object(name, Status.ERROR,
                                   f"internal error: {type(error).__name__}: {error}", Stats())


async def _read_json(request: Request, cap: int):
    """The request body as JSON, refusing more than ``cap`` bytes before reading them."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > cap):
        raise BadRequest(f"the request body is larger than {cap:,} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > cap:
            raise BadRequest(f"the request body is larger than {cap:,} bytes")
    if not data.strip():
        return {}
    try:
        text = bytes(data).decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise BadRequest(f"the request body is not UTF-8 (byte {error.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise BadRequest(f"the request body is not JSON: {error.msg} at line {error.lineno}, "
                         f"column {error.colno}") from None
    except (ValueError, RecursionError) as error:
        raise BadRequest(f"the request body is not usable JSON: {error}"[:200]) from None


def _json(status: int, body: dict) -> Response:
    data = dumps(body, ensure_ascii=False)
    return Response(data, status_code=status, media_type="application/json",
                    headers={"Cache-Control": "no-store"})
