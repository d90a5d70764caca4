"""The episode index against figures counted again from the stored JSON (:mod:`._expected`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from practiceloop.store import EvidenceStore
from practiceloop.workbench._index import EpisodeIndex, Filters

from ._expected import Figures, expected
from ._texts import TEXTS
from .conftest import Running, build_store


@pytest.fixture(scope="module")
def figures(demo_store: Path) -> Figures:
    return expected(demo_store)


@pytest.fixture(scope="module")
def index(demo_store: Path) -> EpisodeIndex:
    built = EpisodeIndex()
    with EvidenceStore.open_readonly(demo_store) as store:
        assert built.refresh(store) is True
        assert built.refresh(store) is False  # nothing new: no second pass
    return built


def test_the_store_is_varied_enough_to_test_anything(figures: Figures) -> None:
    assert len(figures.by("disposition")) >= 4 and len(figures.by("organ")) >= 2
    assert any(len(e.problem_ids) > 1 for e in figures.episodes.values())
    assert any(e.operators for e in figures.episodes.values())


def test_summary_counts_match(index: EpisodeIndex, figures: Figures) -> None:
    summary = index.summary()
    assert summary.records == figures.records
    assert summary.problems == figures.problems
    assert summary.episodes == len(figures.episodes)
    assert dict(summary.by_disposition) == figures.by("disposition")
    assert dict(summary.by_organ) == figures.by("organ")
    assert dict(summary.by_residual) == figures.by("codes")
    operators = {op: sum(c for _, c in rows) for op, rows in summary.by_operator}
    assert operators == figures.by("operators")
    counts = [count for _, count in summary.by_residual]
    assert counts == sorted(counts, reverse=True)


def test_coverage_accounts_for_every_assessment_of_every_problem(
    index: EpisodeIndex, figures: Figures
) -> None:
    assessed = sum(
        len(record["assessment_ids"])
        for kind, record in figures.objects.values()
        if kind == "practice_problem"
    )
    assert sum(c for _, rows in index.summary().coverage for _, c in rows) == assessed


@pytest.mark.parametrize("field", ["disposition", "organ", "residual", "operator"])
def test_every_filter_value_selects_exactly_its_episodes(
    index: EpisodeIndex, figures: Figures, field: str
) -> None:
    attribute = {"residual": "codes", "operator": "operators"}.get(field, field)
    for value in index.choices()[field]:
        page = index.episodes(Filters(**{field: value}), 1, per_page=1000)
        assert page is not None
        wanted = {
            e.trace_id for e in figures.episodes.values()
            if value in (v if isinstance(v := getattr(e, attribute), tuple) else (v,))
        }
        assert {row.trace_id for row in page.rows} == wanted
        assert page.total == len(wanted)


def test_text_search_is_a_literal_case_blind_substring(index: EpisodeIndex) -> None:
    def total(text: str) -> int:
        page = index.episodes(Filters(text=text), 1)
        assert page is not None
        return page.total

    assert total("APPLES") == total("apples") > 0
    assert total("<script>") >= 1
    assert total("%") == 0 and total("_") == 0  # LIKE wildcards are literal here
    assert total("no such words anywhere") == 0


def test_pages_cover_every_episode_once_in_order(index: EpisodeIndex, figures: Figures) -> None:
    seen: list[str] = []
    page_number = 1
    while (page := index.episodes(Filters(), page_number, per_page=3)) is not None:
        assert page.pages == -(-len(figures.episodes) // 3)
        seen += [row.trace_id for row in page.rows]
        page_number += 1
    assert sorted(seen) == sorted(figures.episodes) and len(seen) == len(set(seen))
    assert page_number == -(-len(figures.episodes) // 3) + 1


def test_shared_trace_is_one_episode_listing_its_first_problem(
    index: EpisodeIndex, figures: Figures
) -> None:
    shared = [e for e in figures.episodes.values() if len(e.problem_ids) > 1]
    for episode in shared:
        row = index.episode(episode.trace_id)
        assert row is not None
        assert row.problems == len(episode.problem_ids)
        assert row.problem_id == min(episode.problem_ids)


def _fresh_index(path: Path) -> EpisodeIndex:
    fresh = EpisodeIndex()
    with EvidenceStore.open_readonly(path) as store:
        fresh.refresh(store)
    return fresh


def test_refresh_takes_only_what_was_appended(tmp_path: Path) -> None:
    path = build_store(tmp_path / "grow.sqlite", TEXTS[:3], checkpoint=False)
    index = EpisodeIndex()
    with EvidenceStore.open_readonly(path) as store:
        index.refresh(store)
    before = index.summary().problems
    build_store(path, TEXTS[3:6], checkpoint=False)
    with EvidenceStore.open_readonly(path) as store:
        assert index.refresh(store) is True
    assert index.summary().problems == before + 3
    assert index.summary() == _fresh_index(path).summary()


def test_dashboard_page_shows_the_same_figures(demo_server: Running, figures: Figures) -> None:
    status, _, body = demo_server.request("GET", "/")
    html = body.decode()
    assert status == 200

    def table(name: str) -> dict[str, int]:
        block = re.search(rf'<table data-figures="{name}">(.*?)</table>', html, re.S)
        assert block is not None, name
        rows = re.findall(r"<tr><td>(?:<a [^>]*>)?(.*?)(?:</a>)?</td><td class=\"num\">(\d+)</td>",
                          block.group(1))
        return {label: int(count) for label, count in rows}

    assert table("disposition") == figures.by("disposition")
    assert table("organ") == figures.by("organ")
    assert table("residual") == figures.by("codes")
    assert table("operator") == figures.by("operators")
    assert 'data-verified="yes"' in html


def test_a_store_replaced_under_the_server_is_read_again(tmp_path: Path) -> None:
    path = build_store(tmp_path / "live.sqlite", TEXTS[:2], checkpoint=False)
    index = _fresh_index(path)
    assert index.summary().problems == 2
    other = build_store(tmp_path / "other.sqlite", TEXTS[2:8], checkpoint=False)
    other.replace(path)  # same path, another (longer) log: not an extension of the first
    with EvidenceStore.open_readonly(path) as store:
        assert index.refresh(store) is True
    assert index.summary() == _fresh_index(path).summary()
    assert index.summary().problems == 6
