"""The Workbench: a read-only web view of an evidence store (system.md, "Workbench").

A corpus dashboard (counts by practice disposition, organ, residual code and operator, coverage
per organ, server-side SVG charts, the store's checkpoint and whether the log reproduces it), a
filtered, paginated episode list, and an episode page that walks the chain as cards, each with
its id and whether that id recomputes from the stored bytes.

Public entry points::

    serve(store_path, host="127.0.0.1", port=8765)   # blocks; what `practiceloop serve` calls
    make_server(store_path, host, port, quiet=False) # a bound server, for tests and embedding
    WorkbenchApp(store_path)                         # the WSGI application itself

Read-only by construction: the store is opened with ``EvidenceStore.open_readonly`` (SQLite
``mode=ro`` and ``query_only``), routes answer GET and HEAD only (others 405), nothing imports
the store's write path, problem text is always escaped and pages carry a script-free
Content-Security-Policy, and the server binds to 127.0.0.1 by default. Standard library only.
"""

from practiceloop.workbench._app import WorkbenchApp
from practiceloop.workbench._server import (
    DEFAULT_HOST,
    DEFAULT_PORT,
    WorkbenchServer,
    make_server,
    serve,
)

__all__ = [
    "DEFAULT_HOST",
    "DEFAULT_PORT",
    "WorkbenchApp",
    "WorkbenchServer",
    "make_server",
    "serve",
]
