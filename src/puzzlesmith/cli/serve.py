"""``puzzlesmith serve``: the web app (play, hints, solver traces) and its JSON API.

Registered by :mod:`.app` with one line; imports nothing heavy until the command runs.
"""

from __future__ import annotations

import contextlib
import math
import sys
import threading

import click

__all__ = ["serve"]


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--timeout", type=click.FloatRange(min=0.001), default=10.0, show_default=True,
              callback=lambda ctx, param, value: _finite(value, param, ctx),
              help="Seconds one request may take, waiting included.")
@click.option("--nodes", type=click.IntRange(min=1), default=None,
              help="Search nodes one request may use.")
@click.option("--max-body", type=click.IntRange(min=1), default=1_000_000, show_default=True,
              help="Largest request body, in bytes.")
@click.option("--workers", type=click.IntRange(1, 256), default=None,
              help="Requests computed at once (default: every core); more wait in line.")
@click.option("--quiet", is_flag=True, help="Log only warnings and errors.")
@click.option("--no-warm-up", "cold", is_flag=True,
              help="Do not load the solvers' compiled kernels at start-up.")
def serve(host: str, port: int, timeout: float, nodes: int | None, max_body: int,
          workers: int | None, quiet: bool, cold: bool) -> None:
    """Play, get hints and watch the solvers in a web browser; the JSON API is under /api.

    Open the printed address in a browser.  Ctrl-C stops the server.
    """
    try:
        from ..serve.api import Settings, warm_up
        from ..serve.server import listen
        from ..serve.server import serve as run
    except ImportError as error:
        click.echo(f"error: puzzlesmith serve needs the serve extra ({error.name} is missing): "
                   "pip install 'puzzlesmith[serve]'", err=True)
        sys.exit(2)
    settings = Settings(max_body=max_body, timeout=timeout, nodes=nodes,
                        **({"workers": workers} if workers is not None else {}))
    try:
        sock = listen(host, port)
    except OSError as error:
        click.echo(f"error: cannot listen on {host}:{port}: {error.strerror or error}", err=True)
        sys.exit(2)
    bound = sock.getsockname()
    shown = f"[{bound[0]}]" if ":" in bound[0] else bound[0]
    click.echo(f"puzzlesmith serving on http://{shown}:{bound[1]}/  (Ctrl-C stops)", err=True)
    if not cold:  # the first request should not pay for loading the compiled kernels
        threading.Thread(target=warm_up, daemon=True, name="warm-up").start()
    # uvicorn shuts down cleanly on Ctrl-C, then passes it on: here that is the normal end.
    with contextlib.suppress(KeyboardInterrupt):
        run(sock, settings, log_level="warning" if quiet else "info")
    click.echo("puzzlesmith serve stopped", err=True)


def _finite(value: float, param, ctx) -> float:
    if not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a finite number", ctx, param)
    return value
