"""Amounts told apart by a kind, an activity or a purpose, and rates compared per one group
(arith/_told_sides.py). Authored texts only."""

from __future__ import annotations

import pytest

from practiceloop.arith._told_checks import (
    groups_held,
    groups_of_someone_else,
    parts_of_two_for_one,
    side_not_done,
    sides_uncovered,
    told_sides_target,
    whole_sides_uncovered,
)
from practiceloop.arith._told_sides import (
    activity_or_purpose,
    asked_kinds,
    asked_sides,
    compared_rate_group,
    groups_of_the_asked_rate,
    kind_never_told,
    kind_spelled_after,
    kind_told_apart,
    of_the_subject_kind,
    other_kind,
    other_side,
    rate_group,
    rate_moved_other_way,
    rate_sides_read,
    side_spelled,
    side_told_apart,
    sides_of_another,
    summed_rate_group,
    told_apart,
    told_sides_units,
)
from practiceloop.arith.reading import actor_names, quantity_views, target_view
from practiceloop.loop.evaluate import Category

from ._helpers import frame_of, verdict_of

PLUMS = (
    "There are 5 crates of plums. Each crate has 12 red plums and 9 yellow plums. How many red "
    "plums are in the crates altogether?"
)
STUDY = (
    "Every day Lena spends 3 hours on painting walls, 5 hours on washing cars and 2 hours on "
    "feeding birds. How many more hours does she spend on washing cars than she does on "
    "painting walls?"
)
FIGS = (
    "They pick 40 boxes of dry figs and 25 boxes of fresh figs per week. How many more boxes "
    "of dry figs than fresh figs are picked per week?"
)


def _relation(frame):  # type: ignore[no-untyped-def]
    return frame.relations[0]


def _views(text: str):  # type: ignore[no-untyped-def]
    frame = frame_of(text)
    target = target_view(frame.targets)
    assert target is not None
    return frame, {str(q.value): q for q in quantity_views(frame.mentions)}, target


def test_asked_kinds_and_sides() -> None:
    _, _, target = _views(FIGS)
    assert asked_kinds(target) == {"dry", "fresh"}
    _, _, target = _views(STUDY)
    assert asked_sides(target) == {"on washing car", "on painting wall"}
    assert asked_kinds(target) == frozenset()


def test_kind_spelled_after() -> None:
    frame, views, _ = _views(PLUMS)
    assert kind_spelled_after(frame, views["9"])  # "9 yellow plums"
    assert not kind_spelled_after(frame, views["5"])  # crates of plums: no kind
    frame, views, _ = _views(FIGS)
    assert kind_spelled_after(frame, views["25"])  # "25 boxes of fresh figs"


def test_kind_told_apart() -> None:
    frame, views, target = _views(PLUMS)
    assert kind_told_apart(frame, views["9"], target)  # yellow, when red is asked
    assert not kind_told_apart(frame, views["12"], target)  # the asked kind
    frame, views, target = _views(PLUMS.replace("How many red plums", "How many plums"))
    assert not kind_told_apart(frame, views["9"], target)  # no kind asked: may be any
    text = "Each crate has 12 red plums and 3 more yellow plums than red plums. How many red plums?"
    frame, views, target = _views(text)
    assert not kind_told_apart(frame, views["3"], target)  # a comparison ties the kinds


def test_kind_of_the_asked_subject() -> None:
    text = (
        "Ivo bought 40 lemon cakes and 30 plum cakes. If he ate 6 plum cakes and 4 lemon cakes "
        "a day, how many days would the lemon cakes last?"
    )
    frame, views, target = _views(text)
    assert of_the_subject_kind(views["40"], target)
    assert not of_the_subject_kind(views["30"], target)
    assert kind_told_apart(frame, views["30"], target)
    assert other_kind(frame, "partition", views["30"], [views["40"], views["4"]], target)
    assert other_kind(frame, "partition", views["6"], [views["40"], views["4"]], target)
    assert not other_kind(frame, "partition", views["30"], [views["4"]], target)  # not listed
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 10)


def test_a_kind_asked_of_a_whole_of_no_kind() -> None:
    from practiceloop.arith.organs.combine import of_any_kind

    from ._helpers import relation

    text = (
        "Ivo read 5 pages of math books and yet more pages of art books. If he read a total of "
        "9 pages of books, how many pages of art books did he read?"
    )
    frame, _, target = _views(text)
    assert of_any_kind(frame, relation(frame, "combine"), target)
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, 4)
    # the told part is of the asked kind: the other one is not told
    swapped = text.replace(
        "math books and yet more pages of art", "art books and yet more pages of math"
    )
    assert verdict_of(swapped)[0] is not Category.CLOSED_UNIQUE


def test_side_spelled_and_told_apart() -> None:
    frame, views, target = _views(STUDY)
    assert side_spelled(frame, views["2"])
    assert side_told_apart(frame, views["2"], target)  # feeding birds: not asked
    assert not side_told_apart(frame, views["5"], target)  # washing cars: asked
    assert told_apart(frame, views["2"], target)
    frame, views, target = _views(
        "Ivo used 20 blocks to build a house and 9 blocks to build a tower. How many more "
        "blocks did he use to build a house than to build a tower?"
    )
    assert side_spelled(frame, views["20"])  # "to build a house" spells "to build house"


def test_compared_rate_group() -> None:
    frame, _, target = _views(FIGS)
    assert compared_rate_group(frame, target) == "week"  # "per week" asked
    frame, _, target = _views(STUDY)
    assert compared_rate_group(frame, target) == "day"  # a habit, asked in the present
    # the days counted, the past asked, a plain amount beside the rates: no habit asked
    for text in (
        STUDY.replace("How many", "If she does it for 4 days, how many"),
        STUDY.replace("does she spend", "did she spend").replace("she does on", "she did on"),
        STUDY.replace("Every day Lena spends", "Lena spends"),
        "Every day Lena spends 3 hours on painting walls. Every week she spends 5 hours on "
        "washing cars. How many more hours does she spend on washing cars than she does on "
        "painting walls?",
    ):
        frame, _, target = _views(text)
        assert compared_rate_group(frame, target) is None, text


def test_summed_rate_group() -> None:
    text = "Each crate has 12 red plums and 9 yellow plums. How many plums are in each crate?"
    frame, _, target = _views(text)
    assert summed_rate_group(frame, target) == "crate"  # asked per the group told
    assert rate_group(frame, target, "combine") == "crate"
    assert rate_group(frame, target, "equal_groups") is None
    frame, _, target = _views(
        "Every day Lena spends 3 hours on painting walls and 5 hours on washing cars. How many "
        "hours does she spend on painting walls and washing cars?"
    )
    assert summed_rate_group(frame, target) == "day"  # a habit asked as one
    frame, _, target = _views(
        "Each crate has 12 red plums and 9 yellow plums. How many plums are in each box?"
    )
    assert summed_rate_group(frame, target) is None  # no amount told per box
    frame, _, target = _views(FIGS)
    assert summed_rate_group(frame, target) is None  # a comparison, not a sum


def test_groups_of_the_asked_rate() -> None:
    text = (
        "There are 40 crates of plums. Each crate has 12 red plums and 9 yellow plums. How many "
        "plums are in each crate?"
    )
    frame, views, target = _views(text)
    bound = [views["12"], views["9"]]
    assert groups_of_the_asked_rate(frame, "combine", views["40"], bound, target)
    frame, views, target = _views(text.replace("in each crate?", "in all the crates?"))
    assert not groups_of_the_asked_rate(frame, "combine", views["40"], bound, target)
    frame, views, target = _views(text.replace("40 crates of plums", "40 plums in all"))
    assert not groups_of_the_asked_rate(frame, "combine", views["40"], bound, target)


def test_other_side() -> None:
    frame, views, target = _views(STUDY)
    bound = [views["5"], views["3"]]
    assert other_side(frame, "compare", views["2"], bound, target)
    assert not other_side(frame, "compare", views["2"], [views["5"], views["2"]], target)


def test_rate_sides_read() -> None:
    frame, views, target = _views(FIGS)
    assert rate_sides_read(frame, [views["40"], views["25"]], target)
    frame, views, target = _views(
        "They pick 40 boxes of dry figs per week. They picked 25 boxes of fresh figs. How many "
        "more boxes of dry figs than fresh figs did they pick?"
    )
    assert not rate_sides_read(frame, [views["40"], views["25"]], target)  # a rate, a total


def test_kind_never_told() -> None:
    frame, _, target = _views("Each box has 16 pens. There are 6 boxes. How many red pens?")
    assert kind_never_told(frame, target)
    frame, _, target = _views(PLUMS)
    assert not kind_never_told(frame, target)
    # a complement of a told property, or a word that says no kind
    frame, _, target = _views("She picked 20 carrots. If 12 were good, how many bad carrots?")
    assert not kind_never_told(frame, target)
    frame, _, target = _views("A cafe had 3 guests. Then 5 more came. How many new guests came?")
    assert not kind_never_told(frame, target)


def test_sides_of_another() -> None:
    frame, views, target = _views(
        "Ann has 6 red pens. Bob has 2 blue pens. How many more red pens than blue pens does "
        "Ann have?"
    )
    names = actor_names(frame)
    assert sides_of_another(frame, [views["6"], views["2"]], target, names)
    frame, views, target = _views(
        "Ann has 6 red pens and 2 blue pens. How many more red pens than blue pens does Ann "
        "have?"
    )
    assert not sides_of_another(frame, [views["6"], views["2"]], target, actor_names(frame))
    frame, views, target = _views(
        "Ann has 6 red pens. Bob has 2 blue pens. How many more red pens than blue pens are "
        "there?"
    )  # no one holder asked
    assert not sides_of_another(frame, [views["6"], views["2"]], target, actor_names(frame))


def test_side_not_done() -> None:
    text = "Ann wants to buy 6 red pens and 2 blue pens. How many more red pens than blue pens "
    frame, views, target = _views(text + "does she buy?")
    assert side_not_done(frame, [views["6"], views["2"]], target)
    frame, views, target = _views(text + "does she want to buy?")
    assert not side_not_done(frame, [views["6"], views["2"]], target)


def test_rate_moved_other_way() -> None:
    frame, views, target = _views(
        "They pick 24 sacks of plums per day. How many sacks of plums did they sell in 5 days?"
    )
    assert rate_moved_other_way(frame, views["24"], target)
    frame, views, target = _views(
        "They pick 24 sacks of plums per day. How many sacks of plums did they pick in 5 days?"
    )
    assert not rate_moved_other_way(frame, views["24"], target)
    frame, views, target = _views(
        "Ivo drank 3 bottles a day. If the bottles lasted 5 days, how many bottles did he buy?"
    )
    assert not rate_moved_other_way(frame, views["3"], target)  # what lasted was all bought


def test_told_sides_codes() -> None:
    frame, views, target = _views("Each box has 16 pens. There are 6 boxes. How many red pens?")
    bound = {"per_group": views["16"], "groups": views["6"]}
    assert told_sides_target(frame, _relation(frame), "equal_groups", bound, target, True) == [
        "target_kind_untold"
    ]
    frame, views, target = _views(FIGS)
    sides = {"compared": views["40"], "referent": views["25"]}
    assert told_sides_units(frame, "compare", sides, target) is None
    # summed, two rates per week are no sum of a comparison's question
    assert told_sides_units(frame, "combine", sides, target) == "rate_unit_mismatch"
    assert told_sides_units(frame, "equal_groups", sides, target) is None


def test_sides_uncovered() -> None:
    text = (
        "Ivo used 27 blocks to build a tower and 53 blocks to build a tower. How many blocks "
        "did he use to build the tower and the house?"
    )
    frame, views, target = _views(text)
    assert sides_uncovered([views["27"], views["53"]], target)
    frame, views, target = _views(
        text.replace("53 blocks to build a tower", "53 blocks to build a house")
    )
    assert not sides_uncovered([views["27"], views["53"]], target)


def test_whole_sides_uncovered() -> None:
    text = (
        "Every day Ivo spends a total of 3 hours on painting walls and washing cars. If he spends "
        "2 hours on painting walls everyday, how many hours does he spend on washing cars?"
    )
    frame, views, target = _views(text)
    assert not whole_sides_uncovered(views["3"], [views["2"]], target)
    frame, views, target = _views(
        text.replace("2 hours on painting walls", "2 hours on feeding birds")
    )
    assert whole_sides_uncovered(views["3"], [views["2"]], target)


def test_activity_or_purpose() -> None:
    assert activity_or_purpose("on learning english")
    assert activity_or_purpose("to build house")
    assert not activity_or_purpose("monday")
    assert not activity_or_purpose("first week")
    assert not activity_or_purpose(None)


def test_groups_of_someone_else() -> None:
    rate = "Ivo reads 4 pages a day. "
    frame, views, target = _views(rate + "Ann reads for 6 days. How many pages does Ivo read?")
    assert groups_of_someone_else(frame, views["6"], target)
    frame, views, target = _views(rate + "Ann learns for 6 days. How many pages does Ivo read?")
    assert groups_of_someone_else(frame, views["6"], target)  # a name the reader missed
    frame, views, target = _views(rate + "He reads for 6 days. How many pages does Ivo read?")
    assert not groups_of_someone_else(frame, views["6"], target)


def test_side_not_done_of_a_rate() -> None:
    frame, views, target = _views(
        "Ivo wants to read 4 pages every day. If he reads for 6 days, how many pages did he read?"
    )
    assert side_not_done(frame, [views["4"]], target)


def test_groups_held() -> None:
    """Held things asked as the groups of a rate told not done are as many as the plan makes
    them (merge of issue-15-h21 with main's GSM8K question forms: gsm8k-train-01862); groups
    asked by a move, or periods the move lasts, keep the rate's "not done" refusal."""
    plan = "Ivo bought 48 plums. He plans to give 3 plums each to his cousins. "
    frame = frame_of(plan + "How many cousins does Ivo have?")
    target = target_view(frame.targets)
    assert target is not None
    partition = next(r for r in frame.relations if r.relation_type == "partition")
    assert groups_held(partition, target)
    assert verdict_of(plan + "How many cousins does Ivo have?") == (Category.CLOSED_UNIQUE, 16)
    assert verdict_of(plan + "How many cousins are there?") == (Category.CLOSED_UNIQUE, 16)
    for asked in ("How many cousins did Ivo give plums to?", "How many cousins got plums?"):
        assert verdict_of(plan + asked)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE), asked
    days = "Ivo bought 48 plums. If he will eat 3 plums a day How many days does he have?"
    frame = frame_of(days)
    target = target_view(frame.targets)
    assert target is not None
    partition = next(r for r in frame.relations if r.relation_type == "partition")
    assert not groups_held(partition, target)
    assert verdict_of(days)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)


def test_parts_of_two_for_one() -> None:
    frame, views, target = _views(
        "Ivo spent 6 hours on painting walls. Ann spent 7 hours on washing cars. How many "
        "hours did he spend on painting walls and washing cars?"
    )
    assert parts_of_two_for_one(frame, [views["6"], views["7"]], target)
    frame, views, target = _views(
        "Ivo spent 6 hours on painting walls and 7 hours on washing cars. How many hours did "
        "he spend on painting walls and washing cars?"
    )
    assert not parts_of_two_for_one(frame, [views["6"], views["7"]], target)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (PLUMS, 60),
        (STUDY, 2),
        (FIGS, 15),
        (
            "They pick 40 boxes of dry figs and 25 boxes of fresh figs per week. How many boxes "
            "of fresh figs will they have after 3 weeks?",
            75,
        ),
    ],
)
def test_told_sides_close_right(text: str, value: int) -> None:
    assert verdict_of(text) == (Category.CLOSED_UNIQUE, value)
