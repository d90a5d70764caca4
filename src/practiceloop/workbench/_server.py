"""The Workbench's HTTP server: the standard library's WSGI server, one thread per request.

No dependency beyond the standard library: :class:`wsgiref.simple_server.WSGIServer` with
:class:`socketserver.ThreadingMixIn`, so that a slow page never blocks another. Binds to
127.0.0.1 unless told otherwise; bound to a loopback address it answers only requests whose
Host header names loopback (see :data:`LOOPBACK_NAMES`).
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import socket
import sys
import time
from socketserver import ThreadingMixIn
from typing import Final, TextIO
from wsgiref.simple_server import WSGIRequestHandler, WSGIServer

from practiceloop.workbench._app import LOOPBACK_NAMES, WorkbenchApp

__all__ = ["DEFAULT_HOST", "DEFAULT_PORT", "WorkbenchServer", "make_server", "serve"]

DEFAULT_HOST: Final = "127.0.0.1"
DEFAULT_PORT: Final = 8765


class _Handler(WSGIRequestHandler):
    """Logs one line per request to stderr unless the server is quiet."""

    def log_message(self, format: str, *args: object) -> None:
        if not getattr(self.server, "quiet", False):
            super().log_message(format, *args)


class WorkbenchServer(ThreadingMixIn, WSGIServer):
    """A threading WSGI server (daemon threads: stopping never waits for a slow client)."""

    daemon_threads = True
    quiet = False
    store_problem: str | None = None
    """Why the store could not be read when the server was made (None: it could)."""

    @property
    def url(self) -> str:
        """The base URL a browser on this machine can open."""
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else str(host)
        shown = f"[{name}]" if ":" in name else name
        return f"http://{shown}:{port}/"


class _WorkbenchServer6(WorkbenchServer):
    address_family = socket.AF_INET6


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def make_server(
    store_path: str | os.PathLike[str], host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
    *, quiet: bool = False,
) -> WorkbenchServer:
    """Bind a Workbench server for the store at ``store_path`` (not yet serving).

    ``port`` 0 picks a free port (read it back from ``server.server_address``). Reads the
    dashboard's figures and verifies the checkpoints before returning when the store can be
    read; when it cannot, the server still starts and every page says why
    (``server.store_problem``). Raises OSError when the address cannot be bound.
    """
    allowed = LOOPBACK_NAMES | {host} if _is_loopback(host) else None
    app = WorkbenchApp(store_path, allowed_hosts=allowed)
    server_class = _WorkbenchServer6 if ":" in host else WorkbenchServer
    server = server_class((host.strip("[]"), port), _Handler)
    server.quiet = quiet
    server.set_app(app)
    server.store_problem = app.warm()
    return server


def serve(
    store_path: str | os.PathLike[str], host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
    *, out: TextIO | None = None,
) -> None:
    """Serve the Workbench for ``store_path`` until interrupted (Ctrl-C returns normally).

    Prints the URL (and a warning when bound beyond loopback, or when the store cannot be read)
    to ``out`` (default stdout). Raises OSError when ``host``:``port`` cannot be bound.
    """
    stream = out if out is not None else sys.stdout
    # Verifying the checkpoints streams the log's leaf hashes once: seconds on a large store.
    print(f"practiceloop workbench: reading {os.fspath(store_path)} and verifying its "
          "checkpoints ...", file=stream, flush=True)
    started = time.monotonic()
    server = make_server(store_path, host, port)
    ready = f"ready in {time.monotonic() - started:.1f} s"
    with server:
        if server.store_problem is not None:
            print("warning: the store cannot be read yet; pages will say so:\n  "
                  + server.store_problem, file=stream)
        if not _is_loopback(host):
            print(f"warning: bound to {host}: anyone who can reach this address can read the store",
                  file=stream)
        print(f"practiceloop workbench: {ready}; serving read-only at {server.url} "
              "(Ctrl-C to stop)", file=stream, flush=True)
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C is how a person stops it
            server.serve_forever()
