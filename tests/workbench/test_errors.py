"""Bad input and bad stores: a clear error page with the right status, never a traceback.

Runs the real server over HTTP (no browser): every method but GET and HEAD is refused, every
malformed id, query parameter or page number is a 400, every unknown page or id a 404, and a
store that is missing, foreign, empty or damaged a 503 that says which.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from practiceloop.store import EvidenceStore
from practiceloop.workbench._http import BadRequest, parse_id, parse_page, parse_query

from .conftest import Running

Serve = Callable[[Path], Running]
UNKNOWN = "ab" * 32


def assert_error_page(status: int, body: bytes, expected: int, *words: str) -> None:
    text = body.decode("utf-8")
    assert status == expected, text
    assert f'<p class="status">{expected}</p>' in text
    assert "Traceback" not in text and 'File "' not in text
    for word in words:
        assert word in text, f"{word!r} not in the error page"


# -- pure parsing --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("x=1", "Unknown query parameter 'x'"),
        ("q=a&q=b", "more than once"),
        ("q=" + "a" * 201, "longer than 200"),
        ("q=%ff%fe", "cannot be read"),
        ("q=a%00b", "NUL"),
        ("&".join(f"q{i}=1" for i in range(20)), "cannot be read"),
    ],
)
def test_parse_query_refuses_malformed_parameters(query: str, problem: str) -> None:
    with pytest.raises(BadRequest, match=problem):
        parse_query(query, frozenset({"q", "page"}))


def test_parse_query_keeps_known_values_and_drops_empty_ones() -> None:
    assert parse_query("q=a+b%26c&page=", frozenset({"q", "page"})) == {"q": "a b&c"}


@pytest.mark.parametrize("raw", ["0", "-1", "01", "1.5", "abc", "1e3", "9" * 10, " 1"])
def test_parse_page_refuses_what_is_not_a_page(raw: str) -> None:
    with pytest.raises(BadRequest):
        parse_page({"page": raw})


def test_parse_page_and_id_accept_the_good_ones() -> None:
    assert parse_page({}) == 1 and parse_page({"page": "999999999"}) == 999999999
    assert parse_id(UNKNOWN, "trace") == UNKNOWN
    for bad in (UNKNOWN.upper(), UNKNOWN[:-1], UNKNOWN + "0", "../etc/passwd", ""):
        with pytest.raises(BadRequest):
            parse_id(bad, "trace")


# -- stores that cannot be read ----------------------------------------------------------------


def _foreign(path: Path) -> None:
    path.write_text("not a database\n")


def _truncated(path: Path) -> None:
    with EvidenceStore.open(path, create=True):
        pass
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2 + 7])


def _garbled(path: Path) -> None:
    with EvidenceStore.open(path, create=True):
        pass
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)  # the schema page after the header
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("damage", "words"),
    [
        (None, ("no evidence store at",)),
        (_foreign, ("is not a practiceloop evidence store",)),
        (_truncated, ("damaged",)),
        (_garbled, ("Store unavailable",)),
    ],
    ids=["missing", "foreign", "truncated", "garbled"],
)
@pytest.mark.parametrize("path", ["/", "/episodes", f"/episodes/{UNKNOWN}", f"/records/{UNKNOWN}"])
def test_unreadable_store_is_a_503_page(
    tmp_path: Path, serve_store: Serve, damage: Callable[[Path], None] | None,
    words: tuple[str, ...], path: str,
) -> None:
    store = tmp_path / "store.sqlite"
    if damage is not None:
        damage(store)
    running = serve_store(store)
    status, _, body = running.request("GET", path)
    assert_error_page(status, body, 503, *words)


def test_store_that_appears_later_is_served(tmp_path: Path, serve_store: Serve) -> None:
    store = tmp_path / "late.sqlite"
    running = serve_store(store)
    assert running.request("GET", "/")[0] == 503
    with EvidenceStore.open(store, create=True):
        pass
    status, _, body = running.request("GET", "/")
    assert status == 200 and b"Dashboard" in body


# -- requests the Workbench refuses --------------------------------------------------------------


@pytest.fixture
def empty(tmp_path: Path, serve_store: Serve) -> Running:
    path = tmp_path / "empty.sqlite"
    with EvidenceStore.open(path, create=True):
        pass
    return serve_store(path)


@pytest.mark.parametrize(
    "method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND", "TRACE"]
)
@pytest.mark.parametrize("path", ["/", "/episodes", f"/episodes/{UNKNOWN}", "/nowhere"])
def test_every_method_but_get_and_head_is_405(empty: Running, method: str, path: str) -> None:
    status, headers, body = empty.request(method, path, body=b"x=1")
    assert_error_page(status, body, 405, "read-only")
    assert headers["allow"] == "GET, HEAD"


def test_head_answers_headers_without_a_body(empty: Running) -> None:
    got = empty.request("GET", "/")
    head = empty.request("HEAD", "/")
    assert head[0] == 200 and head[2] == b""
    assert head[1]["content-length"] == str(len(got[2]))


@pytest.mark.parametrize(
    ("path", "expected", "words"),
    [
        ("/nowhere", 404, ("There is no page at /nowhere",)),
        ("/episodes/", 404, ()),
        (f"/episodes/{UNKNOWN}", 404, (f"no record {UNKNOWN}",)),
        (f"/records/{UNKNOWN}", 404, (f"no record {UNKNOWN}",)),
        ("/episodes/not-an-id", 400, ("not a trace id",)),
        ("/records/%3Cscript%3E", 400, ("&#x27;&lt;script&gt;&#x27; is not a record id",)),
        ("/episodes?page=0", 400, ("whole number",)),
        ("/episodes?page=-3", 400, ("whole number",)),
        ("/episodes?page=abc", 400, ("whole number",)),
        ("/episodes?page=" + "9" * 40, 400, ("whole number",)),
        ("/episodes?page=2", 404, ("Page 2 does not exist", "Go to page 1, the last one")),
        ("/episodes?page=999999999", 404, ("Page 999999999 does not exist",)),
        ("/episodes?sort=up", 400, ("Unknown query parameter",)),
        ("/episodes?q=a&q=b", 400, ("more than once",)),
        ("/episodes?disposition=best_candidate", 400, ("not a practice disposition",)),
        ("/episodes?q=%ff", 400, ("cannot be read",)),
        ("/?x=1", 400, ("Unknown query parameter",)),
    ],
)
def test_bad_requests_get_their_status(
    empty: Running, path: str, expected: int, words: tuple[str, ...]
) -> None:
    status, headers, body = empty.request("GET", path)
    assert_error_page(status, body, expected, *words)
    assert headers["content-type"] == "text/html; charset=utf-8"
    assert "script-src 'none'" in headers["content-security-policy"]


def test_a_foreign_host_name_is_refused(empty: Running) -> None:
    status, _, body = empty.request("GET", "/", headers={"Host": "attacker.example:80"})
    assert_error_page(status, body, 421, "answers only to")
    for host in (f"127.0.0.1:{empty.port}", f"localhost:{empty.port}"):
        assert empty.request("GET", "/", headers={"Host": host})[0] == 200


def test_an_empty_store_has_one_empty_page(empty: Running) -> None:
    status, _, body = empty.request("GET", "/episodes")
    assert status == 200 and b'data-total="0"' in body and b"No episode matches" in body
    status, _, body = empty.request("GET", "/")
    assert status == 200 and b"no checkpoint" in body
