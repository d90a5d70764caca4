"""The target proof's one-step checks (arith/_target_checks.py), on authored texts."""

from __future__ import annotations

from practiceloop.arith._target_checks import (
    asked_owner_untold,
    asked_place_untold,
    asked_places,
    compared_not_yet,
    done_not_yet,
    groups_outside_the_rate,
    member_counted_twice,
    move_of_anothers_things,
    other_activity_bound,
    part_exceeds_its_kind,
    part_outside_the_group,
    parts_not_yet,
    rate_of_another,
    trade_asked_otherwise,
    unit_asked_untold,
)
from practiceloop.arith.reading import QuantityView, quantity_views, target_view
from practiceloop.kernel.frame import ProblemFrame
from tests.arith._helpers import frame_of


def _told(text: str) -> tuple[ProblemFrame, list[QuantityView]]:
    frame = frame_of(text)
    return frame, [q for q in quantity_views(frame.mentions) if not q.in_question]


def test_rate_of_another() -> None:
    for text, other in (
        ("Tom made 30 muffins. Ann bakes 10 muffins an hour. How many hours did Tom bake?", True),
        ("Tom made 30 muffins. He bakes 10 muffins an hour. How many hours did Tom bake?", False),
        ("Tom made 30 muffins. Each box holds 10 muffins. How many boxes did Tom fill?", False),
        # a named person told before a rate whose owner is not read is its worker
        ("Pam has 28 pens. Then Tom puts 7 pens in each box. How many boxes does Pam fill?", True),
        # a rate whose subject is someone's person is that person's
        ("Pam has 28 beads. Her sister uses 4 beads for each ring. How many rings can Pam make?", True),  # noqa: E501
        ("Pam has 28 beads. She uses 4 beads for each ring. How many rings can Pam make?", False),
    ):
        frame, told = _told(text)
        target = target_view(frame.targets)
        assert target is not None
        bound = {"total": told[0], "per_group": told[1]}
        assert rate_of_another(frame, bound, target) is other, text


def test_part_outside_the_group() -> None:
    together = "Cal and Dee have 25 marbles together. "
    for text, outside in (
        (together + "Eve has 10 marbles. How many does Dee have?", True),
        (together + "Cal has 10 marbles. How many does Dee have?", False),
        ("Cal has 25 marbles. Eve has 10 marbles. How many more does Cal have?", False),
    ):
        frame, told = _told(text)
        bound = {"whole": told[0], "part_1": told[1]}
        assert part_outside_the_group(frame, told[0], bound) is outside, text


def test_part_exceeds_its_kind() -> None:
    kinds = "Lia had 12 math problems and 8 art problems. She finished "
    for text, exceeds in (
        (kinds + "15 of the math problems.", True),
        (kinds + "10 of the math problems.", False),
        (kinds + "15 of the problems.", False),  # of both kinds: 20
    ):
        _, told = _told(text)
        assert part_exceeds_its_kind(frame_of(text), told[-1]) is exceeds, text


def test_groups_outside_the_rate() -> None:
    for text, outside in (
        ("Lou had 6 bags with 5 marbles in each bag. Kim had 3 bags.", True),
        ("Lou had 6 bags with 5 marbles in each bag. He found 3 bags.", False),
        ("Each bag has 5 marbles. Lou had 6 bags. Kim had 3 bags.", False),
    ):
        frame, told = _told(text + " How many marbles do they have?")
        rate = next(q for q in told if q.per is not None)
        groups = [q for q in told if q.per is None]
        bound = {"per_group": rate} | {f"part_{i}": q for i, q in enumerate(groups, 1)}
        assert groups_outside_the_rate(frame, bound) is outside, text


def test_asked_owner_untold() -> None:
    story = "Jack received 4 emails in the morning and 3 emails in the evening. "
    for text, untold in (
        (story + "How many emails did Zed receive?", True),
        (story + "How many more emails did Jack receive in the morning than Zed?", True),
        (story + "How many emails did Jack receive?", False),
        (story + "How many emails did he receive?", False),
        # named before the question in lower case only, or in the question's own story clause
        ("Ada has 3 more pens than jo. Ada has 9 pens. How many pens does Jo have?", False),
        ("Each deck costs 8 dollars. How much did they spend if Zed bought 6 decks?", False),
    ):
        frame = frame_of(text)
        target = target_view(frame.targets)
        assert target is not None
        assert asked_owner_untold(frame, target) is untold, text


def test_asked_places() -> None:
    """The places the question asks of, by noun key; times are none."""
    for text, places in (
        ("There were 5 jars. How many rolls are in the jars?", ["jar"]),
        ("There were 5 jars. How many rolls are there at the end of the day?", []),
        ("There were 5 jars. How many rolls are on the shelf in the morning?", ["shelf"]),
    ):
        frame = frame_of(text)
        target = target_view(frame.targets)
        assert target is not None
        assert [p for p, _, _ in asked_places(frame, target)] == places, text


def test_asked_place_untold() -> None:
    """A place the question asks of that the text names nowhere else is untold; a place told
    (before or after the question), a time ("at the end") or no place is not."""
    story = "There were 14 cats in the barn. 5 more cats came. "
    for text, untold in (
        (story + "How many cats are in the shed now?", True),
        (story + "How many cats are on the porch now?", True),
        (story + "How many cats are in the barn now?", False),
        (story + "How many cats are there at the end of the day?", False),
        (story + "How many cats are there now?", False),
        ("How many cats are in the barn now? There were 14 cats in the barn.", False),
    ):
        frame = frame_of(text)
        target = target_view(frame.targets)
        assert target is not None
        assert asked_place_untold(frame, target) is untold, text


def test_member_counted_twice() -> None:
    together = " Ann and Bo brought 9 cups in all. How many cups did "
    for text, twice in (
        ("Ann brought 5 cups." + together + "Ann bring?", True),
        ("Ann brought 5 cups." + together + "Bo bring?", False),
        ("Ann brought 5 cups." + together + "they bring?", False),
    ):
        frame, told = _told(text)
        target = target_view(frame.targets)
        assert target is not None
        part, whole = told
        bound = {"part_1": part, "whole": whole}
        assert member_counted_twice(frame, whole, bound, target) is twice, text


def test_done_not_yet() -> None:
    for text, not_yet in (
        ("Ivo needs to sell 40 cakes. He will sell 5 cakes to Bo. How many more cakes does "
         "he need to sell?", True),
        ("Ivo has to read 60 pages. He wants to read 25 pages. How many more pages does he "
         "have to read?", True),
        ("Ivo needs to sell 40 cakes. He sold 5 cakes to Bo. How many more cakes does he need "
         "to sell?", False),
        ("Ivo has to read 60 pages. He has read 25 pages. How many more pages does he have "
         "to read?", False),
    ):  # fmt: skip
        frame, told = _told(text)
        assert done_not_yet(frame, {"start": told[1]}) is not_yet, text


def test_parts_not_yet() -> None:
    for text, not_yet in (
        ("Ann will get 5 cards from Bo and 4 cards from Cy. How many cards did Ann get?", True),
        ("Ann wants to buy 5 pens and 4 pens. How many pens did Ann buy?", True),
        ("Ann got 5 cards from Bo and 4 cards from Cy. How many cards did Ann get?", False),
        # the question asks the moves not done yet: they are its parts
        ("Ann will get 5 cards from Bo and 4 cards from Cy. How many cards will Ann get?", False),
        # an amount read with no verb: the words before its number
        ("Ann earns $8 an hour. She will work 5 hours. How much did she earn?", True),
    ):
        frame, told = _told(text)
        unknown = next(m for m in frame.mentions if m.kind == "unknown")
        assert parts_not_yet(frame, told, unknown.span.sentence_index) is not_yet, text


def test_trade_asked_otherwise() -> None:
    for text, otherwise in (
        ("Tom bought 3 pens for $2 each. How much did he earn?", True),
        ("Tom sold 3 pens for $2 each. How much did he spend?", True),
        ("Tom bought 3 pens for $2 each. How much did he save?", True),
        ("Tom bought 3 pens for $2 each. How much did he pay?", False),
        ("Tom sold 3 pens for $2 each. How much money did he make?", False),
        ("Tom bought 3 pens for $2 each. What is the total cost?", False),
    ):
        frame, told = _told(text)
        target = target_view(frame.targets)
        assert target is not None
        groups = [q for q in told if q.per is None]
        assert trade_asked_otherwise(frame, groups, target) is otherwise, text


def test_move_of_anothers_things() -> None:
    for text, other in (
        ("Ada had 9 apples. She ate 4 of Ben's apples. How many apples does Ada have left?", True),
        ("Ada had 9 apples. She ate 4 of her brother's apples. How many apples does Ada have left?", True),  # noqa: E501
        ("Ada had 9 apples. She ate 4 of Ada's apples. How many apples does Ada have left?", False),
        ("Ada had 9 apples. She ate 4 of her apples. How many apples does Ada have left?", False),
        ("Ada had 9 apples. She ate 4 of them. How many apples does Ada have left?", False),
    ):
        frame, told = _told(text)
        target = target_view(frame.targets)
        assert target is not None
        bound = {"start": told[0], "change": told[1]}
        assert move_of_anothers_things(frame, bound, target) is other, text


def test_other_activity_bound() -> None:
    question = "How many more kids went swimming in the morning than in the afternoon?"
    for story, other in (
        ("30 kids went hiking in the morning. 7 kids went swimming in the afternoon.", True),
        ("30 kids went swimming in the morning. 7 kids went swimming in the afternoon.", False),
        # no amount of the story is read with the asked activity: nothing to pick among
        ("30 kids went to the lake in the morning. 7 kids went to the pool in the afternoon.", False),  # noqa: E501
    ):
        frame, told = _told(f"{story} {question}")
        target = target_view(frame.targets)
        assert target is not None
        bound = {"compared": told[0], "referent": told[1]}
        assert other_activity_bound(frame, bound, target, 2) is other, story


def test_compared_not_yet() -> None:
    for text, not_yet in (
        ("Mia did 12 lunges. Ben will do 4 fewer lunges than Mia. How many lunges did Ben do?", True),  # noqa: E501
        ("Mia did 12 lunges. Ben will do 5 more squats but 4 fewer lunges than Mia. How many lunges did Ben do?", True),  # noqa: E501
        ("Mia did 12 lunges. Ben will do 4 fewer lunges than Mia. How many lunges will Ben do?", False),  # noqa: E501
        ("Mia did 12 lunges. Ben did 4 fewer lunges than Mia. How many lunges did Ben do?", False),
    ):
        frame = frame_of(text)
        target = target_view(frame.targets)
        assert target is not None
        fewer = next(q for q in quantity_views(frame.mentions) if q.compare is not None and q.value == 4)  # noqa: E501
        assert compared_not_yet(frame, {"difference": fewer}, target) is not_yet, text


def _bound_all(text: str) -> tuple[ProblemFrame, dict[str, QuantityView]]:
    frame = frame_of(text)
    return frame, {q.mention_id: q for q in quantity_views(frame.mentions) if not q.in_question}


def test_unit_asked_untold_at_the_end() -> None:
    """ "How much money is left in cents?": a unit of measure or money named last is the
    answer's unit; a place or a unit the amounts are counted in is not a conversion."""
    told = "Mara has $40. She buys 3 lamps that cost $9 each. "
    for question, asked in [
        ("How much money does Mara have left in cents?", True),
        ("How much money does Mara have left in euros?", True),
        ("How much money does Mara have left in dollars?", False),
        ("How much money does Mara have left in her purse?", False),
        ("How much money does Mara have left in all?", False),
    ]:
        frame, bound = _bound_all(told + question)
        assert unit_asked_untold(frame, bound) is asked, question
    frame, bound = _bound_all("Ivo ran 3 miles and 2 miles. How far did he run in miles?")
    assert not unit_asked_untold(frame, bound)
