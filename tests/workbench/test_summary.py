"""The episode page a newcomer understands, in the real headless Chromium: a plain-words
summary at the top built from the records, every term explained on hover, long cards folded;
and the search box that takes the ids the tables print."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from practiceloop.workbench._terms import DISPOSITIONS, REPLAYS, RESIDUAL_KINDS

from ._expected import Episode, Figures, expected
from .conftest import Running

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def figures(demo_store: Path) -> Figures:
    return expected(demo_store)


def _replays(figures: Figures, episode: Episode) -> dict[str, tuple[str, int, int]]:
    """attempt id -> (replay disposition, proofs closed, proofs refused), from the records."""
    _, trace = figures.objects[episode.trace_id]
    found = {}
    for replay_id in [*trace.get("replay_result_ids", []), *trace.get("replay_refusal_ids", [])]:
        _, replay = figures.objects[replay_id]
        statuses = [figures.objects[p][1]["status"] for p in replay.get("proof_replay_refs", [])]
        found[replay["attempt_id"]] = (replay["replay_disposition"], statuses.count("closed"),
                                       len(statuses) - statuses.count("closed"))
    return found


def test_every_episode_page_opens_with_a_summary_of_its_records(
    page: Any, demo_server: Running, figures: Figures
) -> None:
    for episode in figures.episodes.values():
        assert page.goto(f"{demo_server.url}/episodes/{episode.trace_id}").status == 200
        summary = page.locator("#summary")
        assert summary.is_visible()
        # The summary comes before every card.
        assert summary.evaluate("s => s.compareDocumentPosition(document.querySelector("
                                "'section.card')) & Node.DOCUMENT_POSITION_FOLLOWING") > 0
        steps = summary.locator("li[data-step]")
        names = [steps.nth(i).get_attribute("data-step") for i in range(steps.count())]
        assert names[:3] == ["problem", "refusal", "search"] and names[-1] == "seal"
        text = summary.inner_text()
        # What the organ refused and why: every residual code of the refused assessment.
        refusal = summary.locator("li[data-step=refusal]").inner_text()
        assert episode.organ in refusal
        for code in episode.codes:
            assert code in refusal, (episode.trace_id, code)
        # What each candidate changed and how its replay ended, proof by proof.
        replays = _replays(figures, episode)
        attempts = summary.locator("li[data-attempt]")
        assert attempts.count() == len(episode.operators)
        for i in range(attempts.count()):
            line = attempts.nth(i)
            assert episode.operators[i] in line.inner_text()
            wanted = list(replays.values())[i] if replays else ("", 0, 0)
            got = (line.get_attribute("data-replay"), int(line.get_attribute(
                "data-proofs-closed")), int(line.get_attribute("data-proofs-refused")))
            assert got == wanted, (episode.trace_id, i)
            if wanted[0] in REPLAYS:
                assert REPLAYS[wanted[0]] in line.inner_text()
        # What was sealed, in words.
        seal = summary.locator("li[data-step=seal]").inner_text()
        assert episode.disposition in seal
        if episode.disposition in DISPOSITIONS:
            assert DISPOSITIONS[episode.disposition] in seal
        assert "not an answer" in text or episode.kind != "sealed_practice_trace"


def test_terms_are_explained_on_hover(page: Any, demo_server: Running, figures: Figures) -> None:
    episode = next(e for e in figures.episodes.values() if e.operators)
    page.goto(f"{demo_server.url}/episodes/{episode.trace_id}")
    terms = page.locator("#summary abbr.term")
    assert terms.count() >= 8
    named = {terms.nth(i).get_attribute("data-term") for i in range(terms.count())}
    assert {"organ", "contract", "residual", "gate", "candidate", "replay", "seal"} <= named
    for i in range(terms.count()):
        assert len(terms.nth(i).get_attribute("title") or "") > 20
    first = terms.first
    assert first.evaluate("t => getComputedStyle(t).cursor") == "help"
    # Each card's kind names what that kind of record is, on hover too.
    kinds = page.locator("section.card .kind[title]")
    assert kinds.count() == page.locator("section.card").count()
    residual = page.locator("#summary li[data-code]").first
    if residual.count():
        assert any(words in residual.inner_text() for words in RESIDUAL_KINDS.values())


def test_long_cards_are_folded_and_open_on_a_click(
    page: Any, demo_server: Running, figures: Figures, artifacts: Path
) -> None:
    episode = max(figures.episodes.values(), key=lambda e: len(e.operators))
    page.goto(f"{demo_server.url}/episodes/{episode.trace_id}")
    folded = page.locator("section.card details.more")
    assert folded.count() >= 3
    assert all(folded.nth(i).get_attribute("open") is None for i in range(folded.count()))
    # The source text is never folded: its highlighted spans are visible at once.
    assert page.locator("#source").is_visible()
    assert page.locator("section.card.source details.more").count() == 0
    card = folded.first
    fields = card.locator("dl.fields").first
    assert not fields.is_visible()
    card.locator("summary").first.click()
    assert card.get_attribute("open") is not None and fields.is_visible()
    page.screenshot(path=str(artifacts / "workbench-episode-summary.png"), full_page=True)


def test_the_search_box_takes_a_problem_id(
    page: Any, demo_server: Running, figures: Figures
) -> None:
    episode = next(e for e in figures.episodes.values() if e.operators)
    problem_id = episode.problem_ids[0]
    page.goto(demo_server.url + "/episodes")
    page.fill("input[name=q]", problem_id)
    page.click("button[type=submit]")
    link = page.locator(f'#named a[data-named="{episode.trace_id}"]')
    assert link.count() == 1
    link.click()
    page.wait_for_url(f"**/episodes/{episode.trace_id}")
    assert problem_id in page.locator("#summary").inner_text()
    # A 12-hex id as the tables print it names the same episode.
    page.goto(demo_server.url + "/episodes")
    page.fill("input[name=q]", episode.trace_id[:12])
    page.click("button[type=submit]")
    assert page.locator(f'#named a[data-named="{episode.trace_id}"]').count() == 1
