"""The people who told a fact (:mod:`practiceloop.arith.informants`), authored texts."""

from __future__ import annotations

import pytest

from practiceloop.arith.informants import informant_spans, informants_counted
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, verdict_of

TOLD = "Tom was told by 5 of the workers that they pack 40 boxes in 8 days. "


def test_informants_counted() -> None:
    """The 5 workers told the fact; the boxes and days are the fact."""
    frame = frame_of(TOLD + "How many boxes are packed each day?")
    target = target_view(frame.targets)
    assert target is not None
    views = {q.value: q for q in quantity_views(frame.mentions)}
    assert informants_counted(frame, "partition", views[5], [views[40], views[8]], target)
    assert not informants_counted(frame, "partition", views[40], [views[8]], target)
    relation = next(r for r in frame.relations if r.relation_type == "partition")
    assert [frame.source_text[a:b] for a, b in informant_spans(frame, relation)] == ["5"]
    assert verdict_of(TOLD + "How many boxes are packed each day?") == (Category.CLOSED_UNIQUE, 5)


@pytest.mark.parametrize(
    "text",
    [
        # the question asks of the workers: they may bear on it
        TOLD + "How many boxes does each worker pack?",
        TOLD + "How many workers told him?",
        # no "told by", or things that tell nothing
        "Tom told 5 of the workers that they pack 40 boxes in 8 days. How many boxes are packed each day?",  # noqa: E501
        "5 of the workers told Tom that they pack 40 boxes in 8 days. How many boxes are packed each day?",  # noqa: E501
        "Tom was told by 5 of the apples that they pack 40 boxes in 8 days. How many boxes are packed each day?",  # noqa: E501
        # a part of them told in the fact itself
        "Tom was told by 5 of the workers that 3 of them pack 40 boxes in 8 days. How many boxes are packed each day?",  # noqa: E501
    ],
)
def test_informants_counted_refuses(text: str) -> None:
    category, value = verdict_of(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value
