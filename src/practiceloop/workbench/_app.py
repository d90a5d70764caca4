"""The Workbench WSGI application: routing, the read-only guarantees, errors caught in one place.

Routes (GET and HEAD only; every other method is answered 405 with ``Allow: GET, HEAD``)::

    /                    dashboard: counts, charts, checkpoint and its verification
    /episodes            episode list: ?disposition= &organ= &residual= &operator= &q= &page=
    /episodes/<trace>    one episode: the chain as cards; ?page= turns its span citations
    /records/<id>        one stored record as a card
    /records/<id>.json   one stored record's exact canonical bytes (what its log leaf hashes)

Figures, filters and pages come from the store's derived episode index
(:mod:`practiceloop.store.index`: indexed SQL, kept in step with the log by the store itself);
the episode page reads each record of the chain by id and re-checks its id (:mod:`._chain`).

Read-only by construction: the store is opened with :meth:`EvidenceStore.open_readonly`
(SQLite ``mode=ro`` and ``query_only``) for each request and closed after it, no route reads a
request body, and nothing here imports the store's write path (``tests/workbench`` parses the
package to keep it so). Every failure becomes an error page with its status (:mod:`._http`);
an unexpected exception is logged to ``wsgi.errors`` and shown as a plain 500 page, never as a
traceback.
"""

from __future__ import annotations

import contextlib
import os
import traceback
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, Final

from practiceloop.kernel.identity import Digest
from practiceloop.kernel.trace import PracticeDisposition
from practiceloop.store.errors import CorruptObjectError, ObjectNotFoundError, StoreError
from practiceloop.store.index import IndexSummary, get_episode, query_episodes, summary
from practiceloop.store.sqlite import EvidenceStore
from practiceloop.workbench._cards import citation_page_count, episode_page, record_page
from practiceloop.workbench._chain import TRACE_KINDS, Loader, load_chain
from practiceloop.workbench._checkpoints import CheckpointCache
from practiceloop.workbench._html import CSP, Html
from practiceloop.workbench._http import (
    ALLOWED_METHODS,
    BadRequest,
    HttpError,
    MethodNotAllowed,
    MisdirectedRequest,
    NotFound,
    Response,
    StoreUnavailable,
    parse_id,
    parse_page,
    parse_query,
)
from practiceloop.workbench._named import named_records
from practiceloop.workbench._pages import (
    PER_PAGE,
    Filters,
    choices,
    dashboard_page,
    episode_href,
    episodes_href,
    episodes_page,
    error_page,
    pages_of,
)

__all__ = ["LOOPBACK_NAMES", "WorkbenchApp"]

StartResponse = Callable[..., Any]

LOOPBACK_NAMES: Final = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
"""Host names a loopback-bound Workbench answers to (anything else may be DNS rebinding)."""

_LIST_PARAMS: Final = frozenset({"disposition", "organ", "residual", "operator", "q", "page"})
_NO_PARAMS: Final = frozenset[str]()
_EPISODE_PARAMS: Final = frozenset({"page"})  # the page of span citations
_DISPOSITIONS: Final = frozenset(d.value for d in PracticeDisposition)
_JSON_SUFFIX: Final = ".json"

_SECURITY_HEADERS: Final = (
    ("Content-Security-Policy", CSP),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
    ("Referrer-Policy", "no-referrer"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
    ("Cache-Control", "no-store"),
)


def _host_name(header: str) -> str:
    """The host part of a Host header (``[::1]:80`` -> ``[::1]``, ``a:80`` -> ``a``)."""
    if header.startswith("["):
        return header.split("]", 1)[0] + "]"
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class WorkbenchApp:
    """A WSGI application over one store path.

    ``allowed_hosts``: the Host header names to answer (None: any). The store need not exist
    when the app is made: until it can be opened, every page is a 503 error page saying why.
    """

    def __init__(self, store_path: str | os.PathLike[str], *,
                 allowed_hosts: frozenset[str] | None = LOOPBACK_NAMES) -> None:
        self._path = Path(store_path).absolute()
        self._label = os.fspath(store_path)
        self._allowed_hosts = allowed_hosts
        self._checkpoints = CheckpointCache()
        # The index summary of the log size it was read at: the dashboard's and the filter
        # form's figures change only when the log grows (one tuple, swapped whole).
        self._summary: tuple[int, IndexSummary] | None = None

    def warm(self) -> str | None:
        """Read the figures and verify the checkpoints now, not on the first request.

        Returns why the store cannot be read, or None.
        """
        try:
            with self._store() as store:
                self._summary_of(store)
                self._checkpoints.state(store)
        except HttpError as exc:
            return exc.message
        return None

    # -- WSGI ----------------------------------------------------------------------------------

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Iterable[bytes]:
        method = str(environ.get("REQUEST_METHOD", "GET")).upper()
        try:
            response = self._handle(method, environ)
        except HttpError as exc:
            response = self._error(exc.status, exc.title, exc.message, exc.headers, exc.link)
        except Exception:  # the one place an unexpected error becomes a page, never a traceback
            environ["wsgi.errors"].write(traceback.format_exc())
            response = self._error(
                500, "Internal error",
                "The Workbench failed on this request. The details are in the server's log.",
            )
        headers = [
            ("Content-Type", response.content_type),
            ("Content-Length", str(len(response.body))),
            *_SECURITY_HEADERS,
            *response.headers,
        ]
        start_response(response.status_line, headers)
        return [b""] if method == "HEAD" else [response.body]

    def _error(self, status: int, title: str, message: str,
               headers: tuple[tuple[str, str], ...] = (),
               link: tuple[str, str] | None = None) -> Response:
        body = error_page(status, title, message, self._label, link)
        return Response(status, body.encode("utf-8"), headers=headers)

    def _handle(self, method: str, environ: dict[str, Any]) -> Response:
        # (1) read-only: no method but GET and HEAD, whatever the path.
        if method not in ALLOWED_METHODS:
            raise MethodNotAllowed(method)
        # (2) a loopback server answers only to loopback names (no DNS rebinding).
        host = environ.get("HTTP_HOST")
        if self._allowed_hosts is not None and host and _host_name(host) not in self._allowed_hosts:
            names = ", ".join(sorted(self._allowed_hosts))
            raise MisdirectedRequest(f"This Workbench answers only to {names}.")
        path = str(environ.get("PATH_INFO", "/")) or "/"
        query = str(environ.get("QUERY_STRING", ""))
        # (3) route.
        if path == "/":
            parse_query(query, _NO_PARAMS)
            return self._ok(self._dashboard())
        if path == "/episodes":
            return self._ok(self._episodes(parse_query(query, _LIST_PARAMS)))
        head, _, rest = path.lstrip("/").partition("/")
        if head == "episodes" and rest:
            params = parse_query(query, _EPISODE_PARAMS)
            return self._ok(self._episode(parse_id(rest, "trace"), parse_page(params)))
        if head == "records" and rest.endswith(_JSON_SUFFIX):
            parse_query(query, _NO_PARAMS)
            return self._record_json(parse_id(rest.removesuffix(_JSON_SUFFIX), "record"))
        if head == "records" and rest:
            parse_query(query, _NO_PARAMS)
            return self._ok(self._record(parse_id(rest, "record")))
        raise NotFound(f"There is no page at {path}.")

    @staticmethod
    def _ok(body: Html) -> Response:
        return Response(200, body.encode("utf-8"))

    @contextlib.contextmanager
    def _store(self) -> Iterator[EvidenceStore]:
        """The store opened read-only for one request; StoreUnavailable when it cannot be read."""
        try:
            with EvidenceStore.open_readonly(self._path) as store:
                yield store
        except StoreError as exc:
            raise StoreUnavailable(exc.diagnostics()) from None

    def _summary_of(self, store: EvidenceStore) -> IndexSummary:
        cached = self._summary
        size = store.log_size()
        if cached is None or cached[0] != size:
            cached = (size, summary(store))
            self._summary = cached
        return cached[1]

    # -- pages ---------------------------------------------------------------------------------

    def _dashboard(self) -> Html:
        with self._store() as store:
            figures = self._summary_of(store)
            checkpoint = self._checkpoints.state(store)
        return dashboard_page(figures, checkpoint, self._label)

    def _episodes(self, params: dict[str, str]) -> Html:
        disposition = params.get("disposition")
        if disposition is not None and disposition not in _DISPOSITIONS:
            raise BadRequest(f"{disposition!r} is not a practice disposition "
                             f"(one of: {', '.join(sorted(_DISPOSITIONS))}).")
        page_number = parse_page(params)
        filters = Filters(disposition=disposition, organ=params.get("organ"),
                          residual=params.get("residual"), operator=params.get("operator"),
                          text=params.get("q"))
        with self._store() as store:
            result = query_episodes(
                store, disposition=filters.disposition, organ=filters.organ,
                code=filters.residual, operator=filters.operator, text=filters.text,
                offset=(page_number - 1) * PER_PAGE, limit=PER_PAGE,
            )
            options = choices(self._summary_of(store))
            named = named_records(store, filters.text) if filters.text else ()
        pages = pages_of(result.total)
        if page_number > pages:
            raise NotFound(
                f"Page {page_number} does not exist: these filters give {pages} page(s).",
                link=(f"Go to page {pages}, the last one", episodes_href(filters.query(), pages)),
            )
        return episodes_page(result, filters, options, self._label, named)

    def _episode(self, trace_id: str, cites_page: int = 1) -> Html:
        with self._store() as store:
            loader = Loader(store)
            trace = loader.load(trace_id)
            if trace is None or trace.missing:
                raise NotFound(f"There is no record {trace_id} in this store.")
            if trace.record is not None and trace.kind not in TRACE_KINDS:
                raise NotFound(f"{trace_id} is a {trace.kind} record, not an episode's trace.",
                               link=("Show the record", f"/records/{trace_id}"))
            row = get_episode(store, trace_id)
            chain = load_chain(loader, trace, row.entry_id if row is not None else None)
        pages = citation_page_count(chain)
        if cites_page > pages:
            raise NotFound(f"Page {cites_page} of this episode's span citations does not exist: "
                           f"they fill {pages} page(s).",
                           link=("Go to the episode", episode_href(trace_id)))
        return episode_page(chain, row.problems if row is not None else 1, self._label,
                            cites_page)

    def _record_json(self, object_id: str) -> Response:
        """The stored bytes of one record, exactly: canonical JSON ``{"kind", "record"}``."""
        with self._store() as store:
            try:
                body = store.get(Digest(object_id))
            except ObjectNotFoundError:
                raise NotFound(f"There is no record {object_id} in this store.") from None
            except CorruptObjectError as exc:
                raise StoreUnavailable(f"The store refuses this record's bytes: {exc}") from None
        return Response(200, body, content_type="application/json")

    def _record(self, object_id: str) -> Html:
        with self._store() as store:
            item = Loader(store).load(object_id)
        if item is None or item.missing:
            raise NotFound(f"There is no record {object_id} in this store.")
        link = episode_href(object_id) if item.kind in TRACE_KINDS else None
        return record_page(item, link, self._label)
