"""``serve`` and ``make_server``: what they print, where they bind, what they refuse."""

from __future__ import annotations

import io
import socket
from pathlib import Path

import pytest

from practiceloop.workbench import DEFAULT_HOST, WorkbenchApp, WorkbenchServer, make_server, serve


@pytest.fixture
def no_loop(monkeypatch: pytest.MonkeyPatch) -> list[WorkbenchServer]:
    """Make ``serve_forever`` return at once, keeping the servers it was called on."""
    served: list[WorkbenchServer] = []
    monkeypatch.setattr(WorkbenchServer, "serve_forever", lambda self, *a, **k: served.append(self))
    return served


def test_serve_says_where_it_serves_and_warns_about_a_missing_store(
    tmp_path: Path, no_loop: list[WorkbenchServer]
) -> None:
    out = io.StringIO()
    serve(tmp_path / "absent.sqlite", port=0, out=out)
    text = out.getvalue()
    port = no_loop[0].server_address[1]
    assert f"serving read-only at http://127.0.0.1:{port}/" in text
    assert "warning: the store cannot be read yet" in text and "no evidence store at" in text
    assert "anyone who can reach" not in text  # loopback: no exposure warning


def test_binding_beyond_loopback_is_allowed_but_warned_about(
    tmp_path: Path, no_loop: list[WorkbenchServer]
) -> None:
    out = io.StringIO()
    serve(tmp_path / "absent.sqlite", host="0.0.0.0", port=0, out=out)
    assert "warning: bound to 0.0.0.0: anyone who can reach this address can read the store" in (
        out.getvalue()
    )
    app = no_loop[0].get_app()
    assert isinstance(app, WorkbenchApp)
    assert no_loop[0].server_address[0] == "0.0.0.0"


def test_default_host_is_loopback_and_a_taken_port_raises(tmp_path: Path) -> None:
    assert DEFAULT_HOST == "127.0.0.1"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        with pytest.raises(OSError):
            make_server(tmp_path / "absent.sqlite", port=taken.getsockname()[1], quiet=True)
