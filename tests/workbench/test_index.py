"""The figures the Workbench serves, against figures counted again from the stored JSON.

The dashboard and the list read the store's derived episode index (``practiceloop.store.index``);
these tests hold what the pages show against :mod:`._expected`, which walks the stored records
itself, so a page, the index or the way the Workbench asks it can each make them fail.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlencode

import pytest

from ._expected import Figures, expected
from ._texts import TEXTS
from .conftest import Running, build_store

Serve = Callable[[Path], Running]


@pytest.fixture(scope="module")
def figures(demo_store: Path) -> Figures:
    return expected(demo_store)


def _get(running: Running, path: str) -> str:
    status, _, body = running.request("GET", path)
    assert status == 200, path
    return body.decode()


def _table(page: str, name: str) -> dict[str, int]:
    """label -> count of the figures table under one dashboard chart."""
    block = re.search(rf'<table data-figures="{re.escape(name)}">(.*?)</table>', page, re.S)
    assert block is not None, name
    rows = re.findall(r'<tr><td>(?:<a [^>]*>)?(.*?)(?:</a>)?</td><td class="num">(\d+)</td>',
                      block.group(1))
    return {html.unescape(label): int(count) for label, count in rows}


def _listed(running: Running, **params: str) -> tuple[int, list[str]]:
    """(total, trace ids in page order over every page) of the filtered list."""
    traces: list[str] = []
    page_number, total = 1, -1
    while True:
        query = {**params, **({"page": str(page_number)} if page_number > 1 else {})}
        page = _get(running, "/episodes" + (f"?{urlencode(query)}" if query else ""))
        found = re.search(r'data-total="(\d+)"', page)
        assert found is not None
        total = int(found.group(1))
        traces += re.findall(r'<tr data-trace="([0-9a-f]{64})">', page)
        if f"page {page_number} of {page_number}" in page:
            return total, traces
        page_number += 1


def test_the_store_is_varied_enough_to_test_anything(figures: Figures) -> None:
    assert len(figures.by("disposition")) >= 4 and len(figures.by("organ")) >= 2
    assert any(len(e.problem_ids) > 1 for e in figures.episodes.values())
    assert any(e.operators for e in figures.episodes.values())


def test_dashboard_figures_match(demo_server: Running, figures: Figures) -> None:
    page = _get(demo_server, "/")
    assert _table(page, "disposition") == figures.by("disposition")
    assert _table(page, "organ") == figures.by("organ")
    assert _table(page, "residual") == figures.by("codes")
    assert _table(page, "operator") == figures.by("operators")
    tiles = [int(v) for v in re.findall(r'<div class="value">(\d+)</div>', page)]
    assert tiles[:4] == [figures.problems, figures.unassessed, len(figures.episodes),
                         figures.records]
    assert 'data-verified="yes"' in page


def test_coverage_accounts_for_every_assessment_of_every_problem(
    demo_server: Running, figures: Figures
) -> None:
    assessed = sum(
        len(record["assessment_ids"])
        for kind, record in figures.objects.values()
        if kind == "practice_problem"
    )
    assert sum(_table(_get(demo_server, "/"), "organ (assessments)").values()) == assessed


@pytest.mark.parametrize(
    ("field", "attribute"),
    [("disposition", "disposition"), ("organ", "organ"), ("residual", "codes"),
     ("operator", "operators")],
)
def test_every_filter_value_selects_exactly_its_episodes(
    demo_server: Running, figures: Figures, field: str, attribute: str
) -> None:
    for value in figures.by(attribute):
        total, traces = _listed(demo_server, **{field: value})
        wanted = {
            e.trace_id for e in figures.episodes.values()
            if value in (v if isinstance(v := getattr(e, attribute), tuple) else (v,))
        }
        assert set(traces) == wanted and total == len(wanted) == len(traces)


def test_text_search_is_a_literal_case_blind_substring(demo_server: Running) -> None:
    def total(text: str) -> int:
        return _listed(demo_server, q=text)[0]

    assert total("APPLES") == total("apples") > 0
    assert total("<script>") >= 1
    assert total("%") == 0 and total("_") == 0  # LIKE wildcards are literal here
    assert total("no such words anywhere") == 0


def test_the_list_shows_every_episode_once_in_log_order(
    demo_server: Running, figures: Figures
) -> None:
    total, traces = _listed(demo_server)
    assert total == len(figures.episodes) == len(traces) == len(set(traces))
    assert set(traces) == set(figures.episodes)


def test_shared_trace_is_one_row_listing_its_first_problem(
    demo_server: Running, figures: Figures
) -> None:
    page = _get(demo_server, "/episodes")
    for episode in figures.episodes.values():
        if len(episode.problem_ids) > 1:
            row = re.search(rf'<tr data-trace="{episode.trace_id}">(.*?)</tr>', page, re.S)
            assert row is not None
            assert f"<td>{min(episode.problem_ids)} <span" in row.group(1)
            assert f"(+{len(episode.problem_ids) - 1})" in row.group(1)


def test_a_store_that_grows_while_served_shows_the_new_figures(
    tmp_path: Path, serve_store: Serve
) -> None:
    path = build_store(tmp_path / "grow.sqlite", TEXTS[:3], checkpoint=False)
    running = serve_store(path)
    assert "<div class=\"value\">3</div>" in _get(running, "/")
    build_store(path, TEXTS[3:6], checkpoint=False)
    page = _get(running, "/")
    assert re.findall(r'<div class="value">(\d+)</div>', page)[0] == "6"
    assert _listed(running)[0] == len(expected(path).episodes)
