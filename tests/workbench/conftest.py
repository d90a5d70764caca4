"""Fixtures of the Workbench tests: real stores, a live server on a free port, a real Chromium.

Stores are built with the real pipeline (``practice_problem`` over authored texts, appended and
checkpointed exactly as a corpus run does). The server runs the real ``make_server`` in a
thread on 127.0.0.1 and a free port. Browser tests drive Debian's Chromium (``/usr/bin/chromium``,
installed by ``make browser-deps``) through Playwright's Python package; when it is missing they
fail loudly, they never skip.
"""

from __future__ import annotations

import http.client
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

from practiceloop.loop.evidence import practice_problem
from practiceloop.store import EvidenceStore, append_checkpoint
from practiceloop.workbench import WorkbenchServer, make_server

from ._texts import HOSTILE, TEXTS

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def build_store(
    path: Path, problems: Sequence[tuple[str, str]], *, checkpoint: bool = True
) -> Path:
    """A store holding ``(problem_id, text)`` practised by the real loop, one batch per problem."""
    with EvidenceStore.open(path, create=True) as store:
        for problem_id, text in problems:
            evidence = practice_problem(problem_id, text)
            store.append(evidence.objects, [(problem_id, evidence.entry_id)])
        if checkpoint:
            append_checkpoint(store)
    return path


@pytest.fixture(scope="session")
def demo_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The authored texts and the hostile ones, practised and checkpointed."""
    return build_store(tmp_path_factory.mktemp("wb") / "demo.sqlite", [*TEXTS, *HOSTILE])


class Running:
    """A Workbench server running in a thread: its base URL and a raw HTTP helper."""

    def __init__(self, server: WorkbenchServer) -> None:
        self.server = server
        self.url = server.url.rstrip("/")
        self.port = int(server.server_address[1])

    def request(
        self, method: str, path: str, *, headers: dict[str, str] | None = None,
        body: bytes | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        """Send one raw request (any method, any path); ``(status, headers, body)``."""
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers or {})
            response = conn.getresponse()
            headers_in = {k.lower(): v for k, v in response.getheaders()}
            return response.status, headers_in, response.read()
        finally:
            conn.close()


def _start(path: Path) -> tuple[Running, threading.Thread]:
    server = make_server(path, "127.0.0.1", 0, quiet=True)
    # A short poll interval: shutdown() waits for it, once per test.
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    return Running(server), thread


@pytest.fixture
def serve_store() -> Iterator[Callable[[Path], Running]]:
    """Start a Workbench for any store path (stopped after the test)."""
    started: list[tuple[Running, threading.Thread]] = []

    def start(path: Path) -> Running:
        started.append(_start(path))
        return started[-1][0]

    yield start
    for running, thread in started:
        running.server.shutdown()
        running.server.server_close()
        thread.join(timeout=10)


@pytest.fixture(scope="session")
def demo_server(demo_store: Path) -> Iterator[Running]:
    """One Workbench over :func:`demo_store` for the whole session."""
    running, thread = _start(demo_store)
    yield running
    running.server.shutdown()
    running.server.server_close()
    thread.join(timeout=10)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium driven by Playwright. Fails (never skips) when it is missing."""
    if not CHROMIUM.is_file():
        pytest.fail(f"{CHROMIUM} is missing: run `make browser-deps` (scripts/ensure-chromium.sh)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:
        pytest.fail(f"Playwright's Python package is missing ({exc}): install the dev extra")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser page (its own context) that records console messages and dialogs."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(10_000)  # a missing element fails in seconds, not half a minute
    opened = context.new_page()
    opened.console_messages = []  # type: ignore[attr-defined]
    opened.dialogs = []  # type: ignore[attr-defined]
    opened.on("console", lambda m: opened.console_messages.append(m.text))
    opened.on("dialog", lambda d: (opened.dialogs.append(d.message), d.dismiss()))
    yield opened
    context.close()


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """``<repo>/test-artifacts/`` (gitignored): screenshots of the browser tests."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS
