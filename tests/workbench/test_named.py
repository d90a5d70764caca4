"""Ids as printed work as input: the search box finds a problem id, a record id and a prefix of
one; every record has a JSON view, its exact stored bytes."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlencode

import pytest

from practiceloop.store import EvidenceStore
from practiceloop.store.merkle import leaf_hash

from ._expected import Figures, expected
from .conftest import Running


@pytest.fixture(scope="module")
def figures(demo_store: Path) -> Figures:
    return expected(demo_store)


def _named(running: Running, query: str) -> list[tuple[str, str]]:
    """(href, record id) of every link the search for ``query`` names."""
    status, _, body = running.request("GET", "/episodes?" + urlencode({"q": query}))
    assert status == 200
    return re.findall(r'<a href="([^"]+)" data-named="([0-9a-f]{64})">', body.decode())


def test_a_problem_id_names_its_episodes(demo_server: Running, figures: Figures) -> None:
    for episode in figures.episodes.values():
        for problem_id in episode.problem_ids:
            links = _named(demo_server, problem_id)
            assert (f"/episodes/{episode.trace_id}", episode.trace_id) in links, problem_id


def test_an_id_or_a_prefix_names_its_record(demo_server: Running, figures: Figures) -> None:
    trace = next(iter(figures.episodes))
    for name in (trace, trace[:8], trace[:12], trace[:12].upper()):
        assert _named(demo_server, name) == [(f"/episodes/{trace}", trace)], name
    frame = next(i for i, (kind, _) in figures.objects.items() if kind == "problem_frame")
    assert _named(demo_server, frame[:12]) == [(f"/records/{frame}", frame)]
    assert _named(demo_server, "apples") == []  # plain text names no record
    assert _named(demo_server, trace[:7]) == []  # too short to be a prefix


def test_every_record_has_a_json_view_of_its_stored_bytes(
    demo_server: Running, demo_store: Path
) -> None:
    with EvidenceStore.open_readonly(demo_store) as store:
        stored = [(o.object_id, o.body, o.leaf_hash) for o in store.iter_objects()]
    for object_id, body, leaf in stored[:60]:
        status, headers, served = demo_server.request("GET", f"/records/{object_id}.json")
        assert status == 200
        assert headers["content-type"] == "application/json"
        assert served == body and leaf_hash(served) == bytes(leaf)
        assert json.loads(served)["kind"]
    unknown = "cd" * 32
    assert demo_server.request("GET", f"/records/{unknown}.json")[0] == 404
    assert demo_server.request("GET", "/records/xyz.json")[0] == 400


def test_each_card_links_to_its_json_view(demo_server: Running, figures: Figures) -> None:
    trace = next(iter(figures.episodes))
    _, _, body = demo_server.request("GET", f"/episodes/{trace}")
    page = body.decode()
    cards = page.split('<section class="card')[1:]
    assert cards
    for card in cards:
        (card_id,) = re.findall(r'data-id="([0-9a-f]{64})"', card)[:1]
        linked = f'href="/records/{card_id}.json"' in card
        # A record shown nested in another is linked through the one it is nested in.
        assert linked == ("nested in" not in card), card_id
        assert not linked or card_id in figures.objects
