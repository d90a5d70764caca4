"""The complement-rate reading: a told subset of a told whole, then a rate or a sharing over
the rest (authored texts only, never corpus sentences)."""

from __future__ import annotations

from practiceloop.arith import complement_rates as cr
from practiceloop.arith.reading import quantity_views, target_view
from practiceloop.loop.episode import practice
from tests.arith._helpers import frame_of

LAMPS = (
    "Mia had 9 lamps but 3 of them weren't working. If she wanted to sell the working lamps "
    "for $5 each, how much money could she make?"
)
CARS = (
    "Ada earned 3 dollars for each car she washed. She had 10 cars to wash but forgot to wash "
    "4 of them. How much money did she earn?"
)
TEAM = (
    "A team had 11 players total, but 3 players didn't come. If each player that did come "
    "scored 2 goals, how many goals were scored?"
)
SEEDS = (
    "There are 42 seeds. If 2 of them did not sprout and the rest were planted in 8 rows, how "
    "many seeds are in each row?"
)


def _read(text: str) -> cr.ComplementRate | None:
    frame = frame_of(text)
    return cr.read_rest(frame.source_text, frame.mentions, frame.targets)


def test_read_complement_rate() -> None:
    for text, parts, subset, rate in [
        (LAMPS, ("q0",), "q1", "q2"),
        (CARS, ("q1",), "q2", "q0"),
        (TEAM, ("q0",), "q1", "q2"),
    ]:
        read = _read(text)
        assert read is not None and read.organ == "complement_groups"
        assert (read.parts, read.subset, read.rate) == (parts, subset, rate)
    for text in (
        LAMPS.replace("the working lamps", "each lamp"),  # no property: per every lamp?
        LAMPS.replace("weren't working", "were broken"),  # no complement of "working"
        LAMPS.replace("working lamps", "working chairs"),  # a rate of another thing
        CARS.replace("forgot to wash", "washed"),  # the subset is what the rate is per
        CARS.replace("earn?", "spend?"),  # the other way round
    ):
        assert _read(text) is None, text


def test_read_rest() -> None:
    """The rate reading first, else the sharing; None when neither reads the text."""
    assert _read(LAMPS) is not None and _read(SEEDS) is not None
    assert _read("Mia had 9 lamps. How many lamps does she have?") is None


def test_read_rest_shared() -> None:
    read = _read(SEEDS)
    assert read is not None and read.organ == "complement_partition"
    assert (read.parts, read.subset, read.rate) == (("q0",), "q1", "q2")
    for text in (
        SEEDS.replace("the rest were", "the rest of the bulbs were"),
        SEEDS.replace("how many seeds are in each row", "how many rows are there"),
        SEEDS.replace("There are 42 seeds.", "There are 42 seeds and 6 bulbs."),
        "There are 42 seeds. The rest were planted in 8 rows. If 2 of them did not sprout, "
        "how many seeds are in each row?",
    ):
        assert _read(text) is None, text


def test_forgot_to() -> None:
    frame = frame_of(CARS)
    subset = frame.mention("q2")
    assert subset is not None
    told = cr.forgot_to(frame.source_text, subset)
    assert told is not None and (told.head, told.negated) == ("wash", True)
    didnt = frame_of("She had 10 cars but didn't wash 4 of them.")
    skipped = didnt.mention("q1")
    assert skipped is not None
    read = cr.forgot_to(didnt.source_text, skipped)
    assert read is not None and (read.head, read.negated) == ("wash", True)
    plain = frame_of("She had 10 cars and washed 4 of them.")
    washed = plain.mention("q1")
    assert washed is not None and cr.forgot_to(plain.source_text, washed) is None


def test_group_predicate() -> None:
    frame = frame_of(TEAM)
    rate = frame.mention("q2")
    assert rate is not None
    found = cr.group_predicate(frame.source_text, rate, "player")
    assert found is not None and (found[0].head, found[0].negated) == ("come", False)
    lamps = frame_of(LAMPS)
    price = lamps.mention("q2")
    assert price is not None
    working = cr.group_predicate(lamps.source_text, price, "lamp")
    assert working is not None and working[0].head == "working"
    bare = frame_of("Mia sold each lamp for $5.")
    each = bare.mention("q0")
    assert each is not None and cr.group_predicate(bare.source_text, each, "lamp") is None


def test_negated_subset() -> None:
    frame = frame_of(TEAM)
    views = [q for q in quantity_views(frame.mentions) if not q.in_question]
    by_id = {m.mention_id: m for m in frame.mentions}
    found = cr.negated_subset(frame.source_text, views, by_id, "player")
    assert found is not None and found[0].mention_id == "q1" and found[1].negated
    came = frame_of("A team had 11 players, but 3 players came late.")
    views = [q for q in quantity_views(came.mentions) if not q.in_question]
    by_id = {m.mention_id: m for m in came.mentions}
    assert cr.negated_subset(came.source_text, views, by_id, "player") is None


def test_one_person() -> None:
    frame = frame_of(LAMPS)
    target = target_view(frame.targets)
    assert target is not None and cr.one_person(frame.source_text, frame.mentions, target)
    for text in (
        LAMPS.replace("If she wanted", "If her brother wanted"),
        "Mia had 9 lamps and Tom had 4 lamps. How much money could she make?",
    ):
        other = frame_of(text)
        asked = target_view(other.targets)
        assert asked is not None and not cr.one_person(other.source_text, other.mentions, asked)


def test_asked_as_the_rate() -> None:
    for text, ok in [
        (LAMPS, True),
        (LAMPS.replace("could she make", "did she have"), False),
        (LAMPS.replace("could she make", "could she make from the broken lamps"), False),
        (TEAM, True),
    ]:
        frame = frame_of(text)
        target = target_view(frame.targets)
        rate = next(q for q in quantity_views(frame.mentions) if q.per is not None)
        thing = "lamp" if "lamp" in text else "player"
        assert target is not None
        assert cr.asked_as_the_rate(frame.source_text, frame.mentions, target, rate, thing) is ok


def test_told_spans() -> None:
    """A negated property consumes its negation through its head ("did not sprout")."""
    read = _read(SEEDS)
    assert read is not None
    text = frame_of(SEEDS).source_text
    assert any(text[lo:hi] == "not sprout" for lo, hi in read.spans)


def test_rest_candidates_and_reads() -> None:
    frame = frame_of(LAMPS)
    relation = next(r for r in frame.relations if r.relation_type == "complement_groups")
    target = target_view(frame.targets)
    assert target is not None
    found = cr.rest_candidates(frame, relation, target)
    assert found["part_1"] == ("q0",) and found["subset"] == ("q1",)
    assert found["per_group"] == ("q2",) and found["total"] == ()
    assert cr.rest_reads(frame)
    assert cr.rest_reads(frame_of("Mia had 9 lamps. How many lamps does she have?")) == ()


def test_rest_bound_and_consumed() -> None:
    frame = frame_of(LAMPS)
    target = target_view(frame.targets)
    assert target is not None
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    bound = {"part_1": views["q0"], "subset": views["q1"], "per_group": views["q2"]}
    assert cr.rest_bound(frame, "complement_groups", bound, target) == ()
    swapped = {"part_1": views["q1"], "subset": views["q0"], "per_group": views["q2"]}
    assert cr.rest_bound(frame, "complement_groups", swapped, target) == ("group_unit_mismatch",)
    assert cr.rest_bound(frame, "complement_partition", bound, target) == ("group_unit_mismatch",)
    episode = next(
        e for e in practice(LAMPS).episodes if e.assessment.candidate_organ == "complement_groups"
    )
    (closed,) = episode.closed_frames
    relation = next(r for r in closed.relations if r.relation_type == "complement_groups")
    spans, clauses = cr.consumed_rate_reading(closed, relation)
    assert spans and len(clauses) == 2
    proposed = next(r for r in frame.relations if r.relation_type == "complement_groups")
    assert cr.consumed_rate_reading(frame, proposed) == ((), ())  # its parts are unbound
