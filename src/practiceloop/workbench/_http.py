"""HTTP plumbing of the Workbench: responses, the error family, strict query parsing.

The Workbench answers people, so every failure is a :class:`HttpError` with a status and a
sentence for a person; the app turns it into an error page in one place. Nothing here knows
about the store.

Error tree::

    HttpError               status + title + message, rendered as an error page
    ├── BadRequest          400: malformed id, query parameter or page number
    ├── NotFound            404: unknown route, id or page
    ├── MethodNotAllowed    405: anything but GET or HEAD (carries the Allow header)
    ├── MisdirectedRequest  421: a Host header that does not name this loopback server
    └── StoreUnavailable    503: the store is missing, unreadable, corrupt or not a store
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from typing import Final
from urllib.parse import parse_qsl

__all__ = [
    "ALLOWED_METHODS",
    "BadRequest",
    "HttpError",
    "MethodNotAllowed",
    "MisdirectedRequest",
    "NotFound",
    "Response",
    "StoreUnavailable",
    "parse_id",
    "parse_page",
    "parse_query",
]

ALLOWED_METHODS: Final = ("GET", "HEAD")

_REASONS: Final = {
    200: "OK",
    400: "Bad Request",
    404: "Not Found",
    405: "Method Not Allowed",
    421: "Misdirected Request",
    500: "Internal Server Error",
    503: "Service Unavailable",
}

_DIGEST: Final = re.compile(r"[0-9a-f]{64}\Z")
_PAGE: Final = re.compile(r"[1-9][0-9]{0,8}\Z")  # at most 999,999,999: beyond is not a page
MAX_PARAM_CHARS: Final = 200


@dataclasses.dataclass(frozen=True, slots=True)
class Response:
    """A complete response: status code, extra headers, body bytes."""

    status: int
    body: bytes
    content_type: str = "text/html; charset=utf-8"
    headers: tuple[tuple[str, str], ...] = ()

    @property
    def status_line(self) -> str:
        """``"404 Not Found"``: the WSGI status string."""
        return f"{self.status} {_REASONS.get(self.status, 'Unknown')}"


class HttpError(Exception):
    """A request the Workbench answers with an error page (never a traceback)."""

    status: int = 500
    title: str = "Something went wrong"

    def __init__(
        self, message: str, *, headers: tuple[tuple[str, str], ...] = (),
        link: tuple[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.headers = headers
        self.link = link  # (label, href) of the page a person most likely wants instead


class BadRequest(HttpError):
    status = 400
    title = "Bad request"


class NotFound(HttpError):
    status = 404
    title = "Not found"


class MethodNotAllowed(HttpError):
    status = 405
    title = "Method not allowed"

    def __init__(self, method: str) -> None:
        super().__init__(
            f"The Workbench is read-only: it answers only {' and '.join(ALLOWED_METHODS)}, "
            f"not {method}.",
            headers=(("Allow", ", ".join(ALLOWED_METHODS)),),
        )


class MisdirectedRequest(HttpError):
    status = 421
    title = "Misdirected request"


class StoreUnavailable(HttpError):
    status = 503
    title = "Store unavailable"


def parse_query(query_string: str, allowed: frozenset[str]) -> dict[str, str]:
    """Parse a query string strictly into ``{name: value}``.

    Accepts only names in ``allowed``, each at most once, values of at most
    :data:`MAX_PARAM_CHARS` characters, valid UTF-8 percent-encoding. Empty values count as
    absent. Raises :class:`BadRequest` naming the offending parameter otherwise.
    """
    try:
        pairs = parse_qsl(
            query_string, keep_blank_values=True, strict_parsing=False, errors="strict",
            max_num_fields=len(allowed) + 1,
        )
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadRequest(f"The query string cannot be read: {exc}.") from None
    found: dict[str, str] = {}
    for name, value in pairs:
        if name not in allowed:
            known = ", ".join(sorted(allowed)) or "none"
            raise BadRequest(f"Unknown query parameter {name!r} (known: {known}).")
        if name in found:
            raise BadRequest(f"Query parameter {name!r} is given more than once.")
        if len(value) > MAX_PARAM_CHARS:
            raise BadRequest(
                f"Query parameter {name!r} is longer than {MAX_PARAM_CHARS} characters."
            )
        if "\x00" in value:
            raise BadRequest(f"Query parameter {name!r} contains a NUL character.")
        if value:
            found[name] = value
    return found


def parse_page(params: Mapping[str, str]) -> int:
    """The 1-based ``page`` parameter (default 1); :class:`BadRequest` unless a positive int."""
    raw = params.get("page", "1")
    if not _PAGE.match(raw):
        raise BadRequest(f"Page must be a whole number from 1 to 999999999, not {raw!r}.")
    return int(raw)


def parse_id(raw: str, what: str) -> str:
    """A 64-character lowercase hex id taken from a URL; :class:`BadRequest` otherwise."""
    if not _DIGEST.match(raw):
        raise BadRequest(f"{raw!r} is not a {what} id (64 lowercase hex characters).")
    return raw
