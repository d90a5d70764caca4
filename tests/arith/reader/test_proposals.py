"""Stage 8: relation proposals, only the roles a cue marks (authored texts)."""

from __future__ import annotations

from practiceloop.arith.reader.proposals import (
    MAX_CHAIN_CHANGES,
    propose_complement,
    propose_complement_groups,
    propose_relations,
)
from practiceloop.loop.evaluate import Category
from tests.arith._helpers import frame_of, quantity_id, relation

from ._stages import answer, closes_to, never_wrong


def _types(text: str) -> list[str]:
    return [r.relation_type for r in frame_of(text).relations]


def test_propose_relations() -> None:
    frame = frame_of("Tom had 9 apples. He ate 4 apples. How many apples does Tom have left?")
    assert _types(frame.source_text) == ["coreference", "change"]
    assert propose_relations(frame.mentions, frame.targets) == frame.relations
    assert propose_relations(frame.mentions, ()) == frame.relations[:1]  # no question


def test_coreference_relations() -> None:
    frame = frame_of("Tom had 9 apples. He ate 4. She ate 2.")
    links = [r for r in frame.relations if r.relation_type == "coreference"]
    assert [r.role("pronoun") for r in links] == ["p0", "p1"]
    assert all(r.role("antecedent") is None for r in links)


def test_propose_compare() -> None:
    asked = frame_of("Ann has 7 pens. Bob has 3 pens. How many more pens does Ann have than Bob?")
    compare = relation(asked, "compare")
    assert compare.role("difference") == "u0" and compare.role("direction") is not None
    read = frame_of("Ann has 4 more pens than Bob. Bob has 3 pens. How many pens does Ann have?")
    compare = relation(read, "compare")
    assert (compare.role("compared"), compare.role("referent")) == ("u0", None)
    assert compare.role("difference") == "q0"


def test_one_owner_compares_two_kinds() -> None:
    closes_to(
        "Lena had 12 red beads and 30 blue beads. How many more blue beads than red beads "
        "did Lena have?",
        18,
    )
    closes_to(
        "Omar had 40 cards. He gave 9 cards to Kim and lost 15 cards. How many more cards "
        "did he lose than those he gave to Kim?",
        6,
    )


def test_a_difference_between_times() -> None:
    closes_to(
        "Omar read 14 pages on monday. If he read 5 more pages on monday than on tuesday How "
        "many pages did he read on tuesday?",
        9,
    )


def test_propose_change() -> None:
    frame = frame_of("Tom had 9 apples. He ate 4 apples. How many apples does Tom have left?")
    change = relation(frame, "change")
    assert change.role("result") == "u0"  # "left" in the question
    assert change.role("change") is not None  # "ate 4 apples": a loss verb
    assert change.role("start") is None  # "had 9" carries no cue: practice assigns it
    assert change.role("direction") is not None


def test_the_result_of_another_named_owner_is_not_the_asked_ones() -> None:
    """ "now Ada has 21 dollars and Ben has 78 dollars. How much did Ben make?": Ada's 21 is
    no result of Ben's change: the result is Ben's 78, told as now like Ada's."""
    text = "Last week Ada had 40 dollars and Ben had 22 dollars. They washed cars and now Ada has 61 dollars and Ben has 78 dollars. How much money did Ben make?"  # noqa: E501
    frame = frame_of(text)
    assert relation(frame, "change").role("result") == quantity_id(frame, "78")
    closes_to(text, 56)


def test_first_gain_is_where_a_change_starts() -> None:
    closes_to(
        "Noah grew 20 tulips. After a storm 4 tulips were left. How many tulips died in the storm?",
        16,
    )
    closes_to(
        "Baker made 50 rolls. He sold 20 rolls and baked 15 new rolls. How many rolls does "
        "baker have now?",
        45,
    )


def test_initially_read_start_with_a_gain_verb() -> None:
    closes_to(
        "Baker sold 14 cakes. If he had made 40 cakes initially How many cakes would baker "
        "still have?",
        26,
    )


def test_propose_change_chain() -> None:
    frame = frame_of(
        "Tom had 9 pens. He sold 5 pens and bought 8 pens. How many pens does he have now?"
    )
    chain = relation(frame, "change_chain")
    assert (chain.role("result"), chain.role("change_1"), chain.role("change_2")) == (
        "u0",
        "q1",
        "q2",
    )
    assert chain.role("direction_1") is not None and chain.role("direction_2") is not None


def test_a_chain_reads_each_move_in_turn() -> None:
    """Three moves read make a chain of three changes, each with its own verb cue; more moves
    than ``MAX_CHAIN_CHANGES`` make none (a long list is more often prices than moves)."""
    frame = frame_of(
        "Ivy had 30 cards. She sold 4 cards, gave 6 cards to Al and lost 2 cards. "
        "How many cards does she have now?"
    )
    chain = relation(frame, "change_chain")
    names = [name for name, _ in chain.roles]
    assert names == [
        "start",
        "change_1",
        "change_2",
        "change_3",
        "result",
        "direction_1",
        "direction_2",
        "direction_3",
    ]
    assert [chain.role(f"change_{i}") for i in (1, 2, 3)] == ["q1", "q2", "q3"]
    moves = ", ".join(f"lost {n} cards" for n in range(1, MAX_CHAIN_CHANGES + 2))
    many = frame_of(f"Ivy had 90 cards. She {moves}. How many cards does she have now?")
    assert "change_chain" not in [r.relation_type for r in many.relations]


def test_propose_combine() -> None:
    assert "combine" in _types("Ann has 4 pens and 3 pencils. How many pens are there in all?")
    frame = frame_of("Mia picked 4 apples and Leo picked 6 apples. How many apples did they pick?")
    combine = relation(frame, "combine")
    assert (combine.role("part_1"), combine.role("part_2"), combine.role("whole")) == (
        None,
        None,
        "u0",
    )


def test_the_verb_amounts_at_the_asked_times_combine() -> None:
    text = "Mia picked 4 apples in the morning, 6 apples in the afternoon and 3 apples in the "
    closes_to(text + "evening. How many apples did Mia pick in the afternoon and evening?", 9)
    closes_to(text + "evening. How many apples did Mia pick?", 13)


def test_the_verb_amounts_of_another_owner_are_not_added() -> None:
    never_wrong("Mia picked 4 apples and Leo picked 6 apples. How many apples did Mia pick?", 4)


def test_listed_kinds() -> None:
    text = "7 red pears, 15 yellow pears and 8 green pears are in the box. How many pears are in the box?"  # noqa: E501
    assert _types(text) == ["combine"]
    closes_to(text, 30)
    # a kind asked, or kinds told in two sentences, or a kind moved: no sum of every kind
    assert "combine" not in _types(text.replace("How many pears", "How many red pears"))
    two = "7 red pears are in the box. 15 yellow pears are in the box. How many pears are in the box?"  # noqa: E501
    assert "combine" not in _types(two)


def test_propose_groups() -> None:
    text = "If you had 33 cookies and each bag has 11 cookies How many bags of cookies do you have?"
    assert _types(text) == ["partition"]
    closes_to(text, 3)
    # a unit asked is the thing asked: "How many miles" over "3 miles per hour"
    text = "Sam walks 3 miles per hour. How many miles does he walk in 4 hours?"
    assert "equal_groups" in _types(text)
    closes_to(text, 12)
    frame = frame_of("Each box has 6 pens. There are 4 boxes. How many pens are there?")
    groups = relation(frame, "equal_groups")
    assert groups.role("total") == "u0" and groups.role("per_group") is not None
    partition = relation(
        frame_of("Ann has 12 pens in 3 boxes. How many pens are in each box?"), "partition"
    )
    assert partition.role("per_group") == "u0"


def test_total_after_a_loss() -> None:
    """A total held after a loss is what is held after the moves, not a sum."""
    text = "Rosa had 20 stamps. If she gave away 6 of them, but then bought 9 more, how many "
    text += "would she have total?"
    assert "change_chain" in _types(text)
    closes_to(text, 23)
    # no loss before the total: a sum of what was gained, no change asked
    gained = "Rosa bought 20 stamps and then bought 9 more. How many stamps did she buy in total?"
    assert "change" not in _types(gained) and "change_chain" not in _types(gained)
    closes_to(gained, 29)
    # a total of a verb's amounts ("did she buy"), not a state held: no change
    bought = "Rosa had 20 stamps. She lost 6 stamps and bought 9 stamps. How many stamps did "
    bought += "she buy in total?"
    assert "change" not in _types(bought)


def test_one_step_difference() -> None:
    """Of two differences, the one to an owner whose amount is told is the one step."""
    text = "Nora has 20 shells. Omar has 5 fewer shells than Nora and 8 more shells than Pia. "
    compare = relation(frame_of(text + "How many shells does Omar have?"), "compare")
    assert compare.role("difference") == "q1" and compare.role("compared") == "u0"
    closes_to(text + "How many shells does Omar have?", 15)
    closes_to(text.replace("Nora has 20", "Pia has 6") + "How many shells does Omar have?", 14)
    # Pia asked: two steps (Nora to Omar to Pia), no one difference proposed
    assert "compare" not in _types(text + "How many shells does Pia have?")
    # both other amounts told: over-determined, no one step is chosen
    both = text + "Pia has 3 shells. How many shells does Omar have?"
    assert "compare" not in _types(both)


def test_groups_ended_with() -> None:
    """The groups a size is per, asked as what there is now, are the groups shared into."""
    text = "Ana had 20 files. She deleted 8 of them and put the rest into folders with 4 files "
    text += "in each one. How many folders did Ana end up with?"
    assert "change_partition" in _types(text)
    closes_to(text, 3)
    # a thing asked now, not the groups: no partition
    kept = "Ana had 20 files. She deleted 8 of them. How many files did Ana end up with?"
    assert "partition" not in _types(kept)


def test_first_gain_holds() -> None:
    """A first amount gained before a later move starts the step a rate then fills."""
    text = "Ana bought 10 boxes of tea and gave 4 to her aunt. If each box has 5 bags inside "
    text += "it, how many bags did Ana still have?"
    assert "change_groups" in _types(text)
    closes_to(text, 30)
    # "N more" first is an addition, not a start: no step is read from it
    more = "Ana bought 10 more boxes of tea and gave 4 to her aunt. If each box has 5 bags "
    more += "inside it, how many bags did Ana still have?"
    assert "change_groups" not in _types(more)


def test_moved_by_one_verb() -> None:
    """Amounts one verb moved in all, nothing held, are a sum a rate then fills."""
    sold = "Lena sold 5 clay bowls and 2 glass bowls at the fair. If each bowl cost 4 dollars, "
    sold += "how much money did Lena earn?"
    assert "combine_groups" in _types(sold)
    closes_to(sold, 28)
    bought = "Omar bought 3 red kites and 6 green kites. Each kite costs 5 dollars. How much "
    bought += "money did Omar spend?"
    assert "combine_groups" in _types(bought) and "change_groups" not in _types(bought)
    closes_to(bought, 45)
    lost = "Lena lost 5 clay bowls and 2 glass bowls. Each bowl had 3 lids. How many lids did "
    lost += "Lena lose?"
    closes_to(lost, 21)
    # two verbs are two moves, no sum
    two = "Lena sold 5 clay bowls and bought 2 glass bowls. If each bowl cost 4 dollars, how "
    two += "much money did Lena earn?"
    assert "combine_groups" not in _types(two)
    # a move the question does not ask is no sum of what is asked
    kept = "Lena lost 5 clay bowls and 2 glass bowls. Each bowl had 3 lids. How many lids does "
    kept += "Lena have?"
    # the money a trade did not move (selling earns, it spends nothing); giving is no trade
    gave = "Lena gave away 5 clay bowls and 2 glass bowls. Each bowl cost 4 dollars. How much "
    gave += "money did Lena spend?"
    for refused in (kept, sold.replace("earn", "spend"), gave):
        assert answer(refused)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE), refused


def test_propose_requirement() -> None:
    text = (
        "A quilt needs 30 squares. Lin has sewn 12 squares. How many more squares does she "
        "need to sew?"
    )
    change = relation(frame_of(text), "change")
    assert (change.role("start"), change.role("change"), change.role("result")) == (
        "q1",
        "u0",
        "q0",
    )
    assert change.role("direction") is not None
    assert "compare" not in _types(text)  # the comparison reading is not proposed beside it
    # two amounts done by two owners, one asked: summed, never compared, and refused
    two = (
        "A quilt needs 30 squares. Lin has sewn 12 squares and Bo has sewn 5 squares. How "
        "many more squares does she need to sew?"
    )
    assert _types(two) == ["coreference", "combine_change"]
    assert answer(two)[0] not in (Category.DIRECT, Category.CLOSED_UNIQUE)
    closes_to(two.replace("does she", "do they"), 13)
    # a question that takes away is no step toward the requirement
    away = "A jar needs 10 coins. Ann already put in 12 coins. How many coins must she take out?"
    assert "change" not in _types(away) or relation(frame_of(away), "change").role("result") != "q0"
    # two to four amounts done, the still-needed one asked: the sum of what is done
    summed = relation(
        frame_of(
            "Ivo needs 90 cups. He already has 25 blue cups and 40 white cups. How many more "
            "cups does he need?"
        ),
        "combine_change",
    )
    assert (summed.role("part_1"), summed.role("part_2"), summed.role("result")) == (
        "q1",
        "q2",
        "q0",
    )
    assert summed.role("change") == "u0"


def test_propose_complement() -> None:
    """A told subset of a told whole, the rest asked: the subset and the unknown bound, one
    part role per amount of the whole, left for practice to assign."""
    frame = frame_of(
        "Ivy picked 12 red pears and 9 green pears. If only 15 of the pears were ripe, "
        "how many were not ripe?"
    )
    found = propose_complement(frame.source_text, frame.mentions, frame.targets)
    assert [r.relation_type for r in found] == ["complement"]
    assert found[0].roles == (
        ("part_1", None),
        ("part_2", None),
        ("subset", "q2"),
        ("complement", "u0"),
    )
    assert found[0] in frame.relations
    closes_to(frame.source_text, 6)


def test_propose_complement_refuses_properties_that_are_no_complements() -> None:
    for text in (
        # "broken" is no complement of "clean"
        "Max had 12 red cups and 9 blue cups. If 15 of the cups were clean, "
        "how many cups were not broken?",
        # a kind asked: the subset may hold red and blue cups alike
        "Max had 12 red cups and 9 blue cups. If 15 of the cups were clean, "
        "how many red cups were not clean?",
        # "not clean" and "dirty": a negated word and a pair are no complement
        "Max had 12 red cups and 9 blue cups. If 15 of the cups were not clean, "
        "how many cups were dirty?",
        # "of them" over two things told apart (two sentences, two verbs): which is not read
        "Nia had to fold 8 towels. She bought 14 sheets. If she had folded only 17 of them, "
        "how many did she not fold?",
        # another object: "washed a car" is not "washed a bike"
        "Ten of the 20 kids washed a car. How many kids did not wash a bike?",
    ):
        frame = frame_of(text)
        assert propose_complement(frame.source_text, frame.mentions, frame.targets) == ()
    no_question = frame_of("Ivy picked 12 pears. If only 5 of the pears were ripe.")
    assert propose_complement(no_question.source_text, no_question.mentions, ()) == ()


def test_propose_complement_groups() -> None:
    """A subset, then a rate whose group is told with the complement of its property: the
    subset, the rate and the unknown bound, the whole's parts left for practice; "the rest"
    put into groups proposes the sharing; a rate whose group says nothing proposes none."""
    frame = frame_of(
        "Mia had 9 lamps but 3 of them weren't working. If she wanted to sell the working "
        "lamps for $5 each, how much money could she make?"
    )
    (found,) = propose_complement_groups(frame.source_text, frame.mentions, frame.targets)
    assert found.relation_type == "complement_groups"
    assert found.roles == (("part_1", None), ("subset", "q1"), ("per_group", "q2"),
                           ("total", "u0"))  # fmt: skip
    assert found in frame.relations
    shared = frame_of(
        "There are 42 seeds. If 2 of them did not sprout and the rest were planted in 8 rows, "
        "how many seeds are in each row?"
    )
    (rest,) = propose_complement_groups(shared.source_text, shared.mentions, shared.targets)
    assert rest.relation_type == "complement_partition"
    assert rest.roles == (("part_1", None), ("subset", "q1"), ("groups", "q2"),
                          ("per_group", "u0"))  # fmt: skip
    for text in (
        "Mia had 9 lamps but 3 of them were broken. She sold each lamp for $5. How much "
        "money did she make?",
        "Mia had 9 lamps but 3 of them weren't working. If she wanted to sell the working "
        "chairs for $5 each, how much money could she make?",
    ):
        plain = frame_of(text)
        assert propose_complement_groups(plain.source_text, plain.mentions, plain.targets) == ()
