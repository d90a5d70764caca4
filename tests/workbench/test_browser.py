"""The Workbench in a real headless Chromium (Debian's package, driven by Playwright).

What a person sees: the dashboard's charts carry the store's figures; an episode page shows a
card for every record the trace binds, each with a recomputed id, and highlights every evidence
span of the chain; untrusted problem text is shown as text and runs nothing; a POST is refused;
bad addresses give error pages. Screenshots go to ``<repo>/test-artifacts/``; with
``PRACTICELOOP_UPDATE_DOCS=1`` they are also copied to ``docs/`` for the README.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from ._expected import Episode, Figures, expected
from ._texts import HOSTILE
from .conftest import REPO, Running

pytestmark = pytest.mark.browser

UNKNOWN = "cd" * 32


@pytest.fixture(scope="module")
def figures(demo_store: Path) -> Figures:
    return expected(demo_store)


def _keep(artifacts: Path, page: Any, name: str) -> None:
    """Screenshot the whole ``page`` into the artifacts folder.

    With ``PRACTICELOOP_UPDATE_DOCS=1`` also write ``docs/<name>``: the same page cut to its
    first 1,600 pixels, a size a README can show.
    """
    target = artifacts / name
    page.screenshot(path=str(target), full_page=True)
    assert target.stat().st_size > 10_000  # a real picture, not an empty page
    if os.environ.get("PRACTICELOOP_UPDATE_DOCS") == "1":
        height = min(1600, page.evaluate("() => document.documentElement.scrollHeight"))
        page.screenshot(path=str(REPO / "docs" / name), full_page=True,
                        clip={"x": 0, "y": 0, "width": 1280, "height": height})


def _chart(page: Any, panel: str, stacked: bool = False) -> dict[str, int]:
    """label -> figure of the bars of a panel's chart (a stacked row's figure is its total)."""
    section = page.locator("section.panel", has=page.locator("h2", has_text=panel))
    bars = section.locator("svg g.row" if stacked else "svg g.bar")
    figure = "data-total" if stacked else "data-count"
    return {
        bars.nth(i).get_attribute("data-label"): int(bars.nth(i).get_attribute(figure))
        for i in range(bars.count())
    }


def test_dashboard_shows_the_store_figures(
    page: Any, demo_server: Running, figures: Figures, artifacts: Path
) -> None:
    response = page.goto(demo_server.url + "/")
    assert response.status == 200
    tiles = [t.strip() for t in page.locator(".tile .value").all_inner_texts()]
    wanted = [figures.problems, figures.unassessed, len(figures.episodes), figures.records]
    assert tiles[:4] == [str(n) for n in wanted]
    assert _chart(page, "Practice dispositions") == figures.by("disposition")
    assert _chart(page, "Episodes by organ") == figures.by("organ")
    assert _chart(page, "Residual codes") == figures.by("codes")
    assert _chart(page, "Attempts by operator", stacked=True) == figures.by("operators")
    assert page.locator("#checkpoint").get_attribute("data-verified") == "yes"
    assert "✓ verified" in page.locator("#checkpoint").inner_text()
    # A bar is a link to the episodes it counts.
    page.locator("section.panel", has=page.locator("h2", has_text="Practice dispositions")) \
        .locator("svg a").first.click()
    page.wait_for_url("**/episodes?disposition=*")
    label = page.url.rsplit("=", 1)[1]
    total = int(page.locator("#total").get_attribute("data-total"))
    assert total == figures.by("disposition")[label]
    page.goto(demo_server.url + "/")
    _keep(artifacts, page, "workbench-dashboard.png")


def _expected_cards(figures: Figures, episode: Episode) -> set[str]:
    """Every record id the trace binds: its own, its chain, its records, their proof outcomes."""
    _, trace = figures.objects[episode.trace_id]
    ids = {episode.trace_id, *trace.get("upstream_identity_chain", []),
           *trace.get("trace_records", [])}
    for record_id in list(ids):
        kind, record = figures.objects.get(record_id, ("", {}))
        if kind == "replay_adapter_result":
            ids.update(record["proof_replay_refs"])
    return ids


def _evidence_spans(figures: Figures, ids: set[str]) -> set[tuple[int, int]]:
    """(start, end) of every non-empty evidence span in those records (frame sentences aside)."""
    found: set[tuple[int, int]] = set()

    def walk(value: Any, skip_sentences: bool) -> None:
        if isinstance(value, dict):
            if value.keys() == {"text", "start", "end", "sentence_index"}:
                if value["end"] > value["start"]:
                    found.add((value["start"], value["end"]))
                return
            for key, item in value.items():
                if not (skip_sentences and key == "sentences"):
                    walk(item, False)
        elif isinstance(value, list):
            for item in value:
                walk(item, False)

    for record_id in ids:
        kind, record = figures.objects.get(record_id, ("", {}))
        walk(record, kind == "problem_frame")
    return found


def test_episode_pages_show_every_card_and_every_span(
    page: Any, demo_server: Running, figures: Figures, artifacts: Path
) -> None:
    for episode in figures.episodes.values():
        response = page.goto(f"{demo_server.url}/episodes/{episode.trace_id}")
        assert response.status == 200
        cards = page.locator("section.card")
        shown = {cards.nth(i).get_attribute("data-id") for i in range(cards.count())}
        wanted = _expected_cards(figures, episode)
        assert wanted <= shown, f"{episode.trace_id}: no card for {wanted - shown}"
        assert page.locator('section.card[data-id-ok="no"]').count() == 0
        assert page.locator("#idsummary").get_attribute("data-bad") == "0"
        # Every evidence span is covered by marked segments of the source text.
        marks = page.locator("#source mark.span")
        segments = [(int(marks.nth(i).get_attribute("data-start")),
                     int(marks.nth(i).get_attribute("data-end"))) for i in range(marks.count())]
        covered = {offset for start, end in segments for offset in range(start, end)}
        for start, end in _evidence_spans(figures, wanted):
            assert set(range(start, end)) <= covered, f"span {start}-{end} is not highlighted"
        assert page.locator("#source").inner_text().strip() == episode.text.strip()
    closed = next(
        e for e in figures.episodes.values()
        if e.operators and e.disposition == "sealed_candidate_replay_closed"
    )
    page.goto(f"{demo_server.url}/episodes/{closed.trace_id}")
    assert page.locator("[data-diff=candidate] .add").count() > 0  # the frame diff is shown
    mark = page.locator("#source mark.span").first
    assert mark.get_attribute("title")  # the hover text names who cites the span
    before = mark.evaluate("m => getComputedStyle(m).backgroundColor")
    mark.hover()
    assert mark.evaluate("m => getComputedStyle(m).backgroundColor") != before
    page.mouse.move(0, 0)
    _keep(artifacts, page, "workbench-episode.png")


@pytest.mark.parametrize(("problem_id", "text"), HOSTILE, ids=["script", "html"])
def test_untrusted_problem_text_is_shown_as_text_and_runs_nothing(
    page: Any, demo_server: Running, figures: Figures, problem_id: str, text: str
) -> None:
    episode = next(e for e in figures.episodes.values() if problem_id in e.problem_ids)
    for path in ("/episodes?q=script", "/episodes", f"/episodes/{episode.trace_id}"):
        assert page.goto(demo_server.url + path).status == 200
        # The markup in the text never became elements: no script, image or bold tag exists.
        for tag in ("script", "img", "b", "iframe", "object"):
            assert page.locator(tag).count() == 0, f"{path}: a <{tag}> element was created"
        assert page.get_by_text("<script>alert(", exact=False).count() >= 1
    # On the episode page the whole text is there, character for character, as text.
    assert page.locator("#source").inner_text().strip() == text.strip()
    assert page.evaluate("() => document.title").endswith("practiceloop workbench")
    assert page.dialogs == []  # no alert() ran
    assert not [m for m in page.console_messages if "Content Security Policy" in m]


def test_post_and_other_writes_are_refused(page: Any, demo_server: Running) -> None:
    for method in ("post", "put", "delete", "patch"):
        response = getattr(page.request, method)(demo_server.url + "/episodes", data="x=1")
        assert response.status == 405, method
        assert response.headers["allow"] == "GET, HEAD"
    # A real form POST from another page lands on the error page, not a traceback.
    page.set_content(f'<form method="post" action="{demo_server.url}/"><input name="x" value="1">'
                     '<button>go</button></form>')
    with page.expect_navigation() as navigation:
        page.click("button")
    assert navigation.value.status == 405
    assert page.locator("h1").inner_text() == "Method not allowed"


@pytest.mark.parametrize(
    ("path", "status", "title"),
    [
        (f"/episodes/{UNKNOWN}", 404, "Not found"),
        ("/episodes/xyz", 400, "Bad request"),
        ("/episodes?page=99999999", 404, "Not found"),
        ("/episodes?page=-1", 400, "Bad request"),
        ("/episodes?disposition=%3Cscript%3E", 400, "Bad request"),
        ("/nothing/here", 404, "Not found"),
    ],
)
def test_bad_addresses_give_error_pages(
    page: Any, demo_server: Running, path: str, status: int, title: str
) -> None:
    response = page.goto(demo_server.url + path)
    assert response.status == status
    assert page.locator("h1").inner_text() == title
    assert "Traceback" not in page.content()
    page.get_by_role("link", name="Back to the dashboard").click()
    assert page.locator("h1").inner_text() == "Dashboard"


def test_the_filter_form_narrows_the_list(
    page: Any, demo_server: Running, figures: Figures
) -> None:
    page.goto(demo_server.url + "/episodes")
    assert int(page.locator("#total").get_attribute("data-total")) == len(figures.episodes)
    organ = max(figures.by("organ").items(), key=lambda kv: kv[1])[0]
    page.select_option("select[name=organ]", organ)
    page.fill("input[name=q]", "apples")
    page.click("button[type=submit]")
    wanted = [
        e for e in figures.episodes.values() if e.organ == organ and "apples" in e.text.lower()
    ]
    assert int(page.locator("#total").get_attribute("data-total")) == len(wanted)
    rows = page.locator("#episodes tbody tr")
    assert {rows.nth(i).get_attribute("data-trace") for i in range(rows.count())} == {
        e.trace_id for e in wanted
    }
    assert page.locator("select[name=organ]").input_value() == organ  # the form keeps its state
