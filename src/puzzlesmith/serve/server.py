"""Running the app on uvicorn: in the foreground (``puzzlesmith serve``) or in a background
thread (tests, notebooks).

>>> from puzzlesmith.serve.server import background
>>> import urllib.request
>>> with background() as url:
...     urllib.request.urlopen(url + "/").status
200
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from ..engines.kernels import set_process
from .api import Settings
from .app import create_app

__all__ = ["listen", "serve", "background"]


def listen(host: str = "127.0.0.1", port: int = 8000) -> socket.socket:
    """A listening socket on ``host:port`` (port 0: any free port); OSError if taken."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
    except OSError:
        sock.close()
        raise
    sock.set_inheritable(True)
    return sock


def _server(settings: Settings | None, log_level: str) -> uvicorn.Server:
    config = uvicorn.Config(create_app(settings), log_level=log_level, lifespan="off",
                            timeout_graceful_shutdown=2)
    return uvicorn.Server(config)


def serve(sock: socket.socket, settings: Settings | None = None, *,
          log_level: str = "info") -> None:
    """Serve on ``sock`` until Ctrl-C (uvicorn handles the signal and shuts down cleanly)."""
    set_process("long-lived")
    _server(settings, log_level).run(sockets=[sock])


@contextmanager
def background(settings: Settings | None = None, host: str = "127.0.0.1", port: int = 0,
               log_level: str = "warning") -> Iterator[str]:
    """Serve in a thread for the ``with`` block; yields the base URL (``http://host:port``)."""
    sock = listen(host, port)
    server = _server(settings, log_level)
    server.install_signal_handlers = lambda: None  # not the main thread's business
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True,
                              name="puzzlesmith-serve")
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        bound_host, bound_port = sock.getsockname()[:2]
        yield f"http://{bound_host}:{bound_port}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        sock.close()
