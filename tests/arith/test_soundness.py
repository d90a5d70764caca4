"""The classes of wrong closure found on corpora the project had never seen, one test each.

Every text here is authored for the class (none is from a corpus). Before the text-accounting
proofs and the reader's hazards, each of them closed at a wrong value or was refused for a
reason that did not name the problem; now each is refused, and the refusal names what the text
holds that no relation used. A closure is evidence only if it accounts for the whole text.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from practiceloop.kernel.operator_result import CandidateOperatorRefusal
from practiceloop.kernel.proof import ProofOutcome, ProofStatus
from practiceloop.loop.episode import Practice, practice
from practiceloop.loop.evaluate import Category, judge


def refusals(result: Practice) -> set[str]:
    """Every code the loop gave: the organs' codes, ``operator:code`` of every operator that
    proposed nothing, and ``obligation:code`` of every proof that refused, on the original
    frame or on any candidate."""
    codes = {c for a in result.assessments for c in a.missing_bindings + a.unresolved_hazards}
    for episode in result.episodes:
        for record in episode.records:
            if isinstance(record, CandidateOperatorRefusal):
                codes.update(f"operator:{code}" for code in record.reason_codes)
    outcomes = [o for check in result.direct for o in check.proof_outcomes]
    outcomes += [r for e in result.episodes for r in e.records if isinstance(r, ProofOutcome)]
    for outcome in outcomes:
        if outcome.status is ProofStatus.REFUSED:
            ref = outcome.obligation_ref.removeprefix("arith.")
            codes.update(f"{ref}:{code}" for code in outcome.reason_codes)
    return codes


def verdict(text: str) -> tuple[Category, Fraction | None, set[str]]:
    result = practice(text)
    judged = judge("t", result, None)
    return judged.category, judged.value, refusals(result)


def refused_beside_spelled(refused: str, spelled: str, value: int, *, direct: bool = False) -> None:
    """``refused`` gets no answer; its spelled-out variant ``spelled`` closes uniquely at
    ``value`` (or is answered directly, when ``direct``)."""
    category, found, _ = verdict(refused)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found
    category, found, _ = verdict(spelled)
    closing = (Category.DIRECT, Category.CLOSED_UNIQUE) if direct else (Category.CLOSED_UNIQUE,)
    assert category in closing and found == value


# (class, text, a code the refusal must hold)
CLASSES = [
    # A. a real amount silently dropped: read with another thing, or with no verb
    ("A", "Tom walked 3 miles to the park and 2 miles to the store. Then he walked 4 miles home. How many miles did Tom walk in all?", "quantity_accounting:quantity_unaccounted"),  # noqa: E501
    ("A", "The cook served 5 cakes at lunch and 6 during dinner. She served 3 cakes at breakfast and 4 of the pies. How many cakes did she serve in all?", "quantity_accounting:quantity_unaccounted"),  # noqa: E501
    # B. a sequence read as a sum
    ("B", "A shop sold 3 bikes in March, 5 bikes in April and 7 bikes in May. If this pattern continues, how many bikes will the shop sell in June?", "sequence_unread"),  # noqa: E501
    # C. "N more" read as a part beside a total
    ("C", "A total of 4500 fans came to the two games. 320 more fans came to the second game than to the first. How many fans came to the first game?", "quantity_unplaced"),  # noqa: E501
    ("C", "Mia and her sister have 13 stickers in all. Her sister has 3 more stickers. How many stickers does Mia have?", "cue_accounting:additional_unconsumed"),  # noqa: E501
    # D. a comparison's sides from the wrong sentence (a kind no number tells beside the two
    # compared: the whole of the bowl is not their sum; without it, the kinds reading
    # (arith/side_kinds.py) reads the whole right, see SIDES_REFUSED)
    ("D", "There are 12 more green apples than red apples in a bowl. There are 16 red apples. Some apples are yellow. How many apples are there in the bowl?", "target_continuity:target_side_unread"),  # noqa: E501
    # D. a comparison's sides from the wrong sentence
    # (the same text with "There are 16 red apples" is read whole by arith/kind_sides.py and
    # closes right at 44: test_kinds_read_whole_close_at_their_sum; "were" tells another time)
    ("D", "There are 12 more green apples than red apples in a bowl. There were 16 red apples. How many apples are there in the bowl?", "target_continuity:target_side_unread"),  # noqa: E501
    # the difference names its own "than" side: the total of both kinds is not that side
    ("D", "At a fair there are 150 visitors. If there are 6 more female visitors than male visitors, how many female visitors are there?", "referent_unbound"),  # noqa: E501
    # E. a multi-step rate collapsed to one step
    ("E", "A machine fills 12 bottles per minute. It works 4 shifts of 5 minutes each. How many bottles does it fill?", "nested_rate_unread"),  # noqa: E501
    ("E", "A shop charges $3 per slice of pie. Each pie is cut into 8 slices. If the shop sells 6 pies, how much money does it earn?", "quantity_accounting:quantity_unaccounted"),  # noqa: E501
    # a cost and a budget are no two holdings to add before sharing: the budget is spent
    ("E", "The cost to rent the hall is $40. The cost of a meal is $5 per guest. If Ann has a budget of $140, how many guests can come?", "unit_consistency:part_unlisted"),  # noqa: E501
    # F. a subset counted as a part
    ("F", "Ann has 18 books and she has read 9 of them. Bob has 42 books. How many books do Ann and Bob have together?", "subset_unplaced"),  # noqa: E501
    # G. a purchase outside the asked category
    # (the question names "toys", the text names a car, a robot and a jacket: no part fits)
    ("G", "Sam spent $12 on a toy car, $8 on a toy robot and $20 on a jacket. How much did Sam spend on toys?", "operator:no_compatible_candidate"),  # noqa: E501
    # H. a remainder question forced into change
    ("H", "Lisa has 23 marbles. She puts 5 marbles in each box. How many marbles are in the box that is not full?", "remainder_unread"),  # noqa: E501
    # a negation the reader noticed, in a sentence the relation does not use
    ("N", "Tom had 12 apples. He wanted to buy 5 more apples, but he did not buy them. How many apples does Tom have?", "negated_move_present"),  # noqa: E501
    ("N", "Tom has 12 apples. Ann has 5 apples. Bob has 3 apples but he did not bring them. How many apples do they have together?", "negated_move_present"),  # noqa: E501
    ("N", "Ann has 6 pears. Bob has 4 pears. Carl does not like pears. How many pears do Ann and Bob have in all?", "cue_accounting:negation_unconsumed"),  # noqa: E501
    # S. a holding told after the move read as where the move started (it is where it ended)
    ("S", "Tom gave away 4 cards. He has 9 cards. How many cards does he have?", "operator:no_compatible_candidate"),  # noqa: E501
    ("S", "Katie lost 3 pens yesterday. Today she has 5 pens. How many pens does she have?", "operator:no_compatible_candidate"),  # noqa: E501
    ("S", "A box holds 6 pens. Sam lost 2 boxes. He has 3 boxes. How many pens does he have?", "operator:no_compatible_candidate"),  # noqa: E501
    # "6 fewer" with no "than" compares to an amount left unsaid: never a further part
    ("C", "Ann collected 15 shells on Saturday. On Sunday she collected 6 fewer shells. How many shells did she collect in all?", "cue_accounting:comparison_unconsumed"),  # noqa: E501
    # K. kinds told apart, and a move that names none: which kind went is not told
    ("K", "Ana had 20 red beads and 12 blue beads. She lost 5 beads. How many more red beads than blue beads does she have now?", "target_continuity:target_kind_unread"),  # noqa: E501
    ("K", "Mike has 14 red books and 6 blue books. He gave away 4 books. How many red books does he have?", "target_continuity:target_kind_unread"),  # noqa: E501
    # one verb, two ways: "how many got off" sums only what got off (it once added the 8 on)
    ("V", "A train had 50 passengers. At a station 12 got off and 8 got on. How many passengers got off?", "operator:no_compatible_candidate"),  # noqa: E501
    # what is to be done ("needs to sell 12") is no part of what was done
    ("V", "Omar needs to sell 20 tickets. So far he has sold 4 tickets to his aunt, 6 tickets to his uncle, and 2 tickets to a friend. How many tickets did Omar sell?", "cue_accounting:verb_unplaced"),  # noqa: E501
    # a rate per what a verb did ("for each star she finds") is not per what is held after
    # another move ("and lost 3 stars"); the same verb again is ("found 3 more stars")
    ("E", "Wendy scores 5 points for each star she finds. She found 4 stars and lost 3 stars. What was her score?", "target_continuity:rate_groups_unread"),  # noqa: E501
    # groups filled with another thing are no groups of what the rate counts
    ("E", "Sam filled 5 crates with melons and 3 crates with pears. Each crate held 8 melons. How many melons did he pack?", "unit_consistency:group_unit_mismatch"),  # noqa: E501
    ("E", "Sam filled 5 crates with pears. Each crate held 8 melons. How many melons did he pack?", "unit_consistency:group_unit_mismatch"),  # noqa: E501
    # P. a pronoun is not the person its own clause names: "She gave 6 pencils to Tom"
    ("P", "Jill has 15 pencils. Tom has 8 pencils. She gave 6 pencils to Tom. How many pencils does Tom have now?", "owner_unresolved"),  # noqa: E501
    # the question asks the move the story told, not a second one (it once closed at 0)
    ("V", "Ann had 5 apples. After she ate 3, Ann had 2 apples left. How many apples did she eat?", "target_continuity:target_move_told"),  # noqa: E501
    # a second move of an unsaid amount is solved for only when the question names what sets
    # it apart (its time, the person it went to); else it asks the told move, or all of them
    ("V", "Ben had 20 stamps. He gave 5 stamps to Amy and some stamps to Mia. Now he has 12 stamps. How many stamps did he give away?", "target_continuity:target_move_told"),  # noqa: E501
    ("V", "Ben had 20 stamps. He bought 5 stamps on Monday and some on Tuesday. Now he has 28 stamps. How many did he buy on Monday?", "target_continuity:target_move_told"),  # noqa: E501
    # a move between the owners of a sum leaves the sum as it was
    ("W", "Ben had 20 stamps and Amy had 12 stamps. Ben gave Amy 4 stamps. How many stamps do they have together?", "target_continuity:move_within_the_sum"),  # noqa: E501
    # money of a trade is on what was traded, not on what a later move left
    ("W", "The school bought 6 packs of paper. Each pack costs 5 dollars. They used 2 packs. How much did they spend?", "target_continuity:target_move_not_held"),  # noqa: E501
    # one owner shares hers, not what two owners hold together
    ("W", "Zoe had 30 pens and Al had 20 pens. Zoe shared her pens equally among 5 friends. How many pens did each friend get?", "target_continuity:sharer_not_every_owner"),  # noqa: E501
    # a move told of someone else ("His sister sold ...") is not the asked owner's trade
    ("W", "Mo had 40 cards. His sister sold all but 6 of them. Each card cost 2 dollars. How much money did Mo make?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    # a size whose clause says its own object ("put the vases ... 4 on each shelf") is a
    # size of that object, not of the last thing counted
    ("O", "A shop had 6 lamps in stock when another shipment of 18 lamps came in. They put the vases on shelves with 4 on each shelf. How many shelves did they use?", "quantity_thing_unread"),  # noqa: E501
    # G. groups of a total asked of one person at one time: hers, told at that time
    ("G", "Ada earns $8 per hour. She worked 5 hours on Monday. How much money did she make on Thursday?", "target_continuity:target_side_mismatch"),  # noqa: E501
    ("G", "Ada earns $8 per hour. Her brother worked 5 hours on Monday and 2 hours on Thursday. How much money did Ada make?", "quantities_unaccounted"),  # noqa: E501
    ("G", "Ada earns $8 per hour. Ben worked 5 hours. How much money did Ada make?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    # H. a composition's outcome is not what the question asks: the start, or the move itself
    ("H", "Nia had 5 bags of apples with 6 apples in each bag. She ate 4 apples yesterday. How many apples did she have at first?", "target_continuity:target_state_mismatch"),  # noqa: E501
    ("H", "Nia had 5 bags of apples. Each bag had 6 apples. She gave 1 bag to Jo. How many apples did she give to Jo?", "target_continuity:target_move_not_held"),  # noqa: E501
    # Q. what groups hold, told: boxes of pencils are no boxes of the pens a rate counts
    ("Q", "Ari bought 3 boxes of 6 pens and 4 boxes of pencils. How many pens did he buy?", "unit_consistency:group_unit_mismatch"),  # noqa: E501
    ("Q", "Ari bought 3 boxes of pens and 4 boxes of pencils. Each box has 6 pens. How many pens did he buy?", "unit_consistency:group_unit_mismatch"),  # noqa: E501
    # J. what is shared, and what money was paid for
    ("J", "Mo has 48 stickers. He shares 30 stickers equally among 6 friends. How many stickers does each friend get?", "target_continuity:change_is_the_share"),  # noqa: E501
    ("J", "Mo paid 12 dollars for 4 packs of gum and a drink. How much did each pack cost?", "unit_consistency:total_for_other_things"),  # noqa: E501
    # a move told as not done yet ("will", "wants to") is no change of what is held now
    ("V", "Mia had 30 stickers. Mia will give away 10 stickers. How many stickers does Mia have now?", "target_continuity:move_not_done"),  # noqa: E501
    ("V", "Mia has 30 stickers. She is going to buy 10 more. How many stickers does she have now?", "target_continuity:move_not_done"),  # noqa: E501
    # L. a question's own phrase picks some parts of a sum ("at the lake"), or names a side
    ("L", "Jack collected 12 shells at the beach and 8 shells at the lake. How many shells did he collect at the lake?", "target_continuity:target_phrase_partial"),  # noqa: E501
    ("L", "Jack scored 12 points in math and 8 points in art. How many points did he score in art?", "target_continuity:target_phrase_partial"),  # noqa: E501
    ("L", "Jack scored 12 points in the first game and 8 points in the second game. How many points did he score in the second game?", "operator:no_compatible_candidate"),  # noqa: E501
    # a question that sets a condition of its own asks another world than the text's
    ("L", "Kofi had 14 lawns to mow, but forgot to mow 5 of them. He earns 3 dollars for each lawn he mows. How much would he have earned if he mowed them all?", "quantities_unaccounted"),  # noqa: E501
    # a rate of work over time is its worker's: not the asked owner's when another is told
    ("W", "Tom made 30 muffins today. Ann bakes 10 muffins an hour. How many hours did Tom bake today?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    ("W", "A baker made 30 muffins yesterday and 20 muffins today. His helper can bake 10 muffins an hour. How many hours did the baker bake today?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    # no part is more than the whole it is told "of"
    ("K", "Lia had 12 math problems and 8 science problems. She finished 15 of the math problems. How many problems does she have left?", "result_domain:part_exceeds_its_whole"),  # noqa: E501
    # a whole a group holds is made of its members' parts, not of someone else's
    ("W", "Cal and Dee have 25 marbles together. Eve has 10 marbles. How many marbles does Dee have?", "target_continuity:part_owner_outside_the_group"),  # noqa: E501
    # "all but 8" tells what stayed, not what moved
    ("R", "A farmer had 20 sheep. All but 8 ran away. How many sheep are left?", "remaining_unread"),  # noqa: E501
    # read as what the move kept, "all but 8" is no amount moved: as a plain change (the
    # whole less 8 is what moved, not what is left), or under a rate of what was kept
    ("R", "A farmer had 20 sheep and lost all but 8 of them. Each sheep has 4 legs. How many legs are left?", "target_continuity:rate_groups_unread"),  # noqa: E501
    ("R", "A crate had 12 jars and Ben sold all but 5 jars. Each jar kept gives 3 points. How many points does Ben get?", "target_continuity:rate_groups_unread"),  # noqa: E501
    # thresholds, ages and implicit factors: steps no organ here reads
    ("T", "Each burger weighs 4 ounces. Last year the winner ate 84 ounces. How many burgers does Tonya have to eat to beat the winner?", "threshold_unread"),  # noqa: E501
    ("T", "Adam is 8 years old and Tom is 12 years old. In how many years will their combined age be 44 years?", "age_unread"),  # noqa: E501
    ("T", "Crossing the lake takes 4 hours. A guide costs $10 per hour. How much does Tom pay for a guide to cross the lake back and forth?", "implicit_factor_unread"),  # noqa: E501
    # X. a comparison after a change: a move between the two sides changes both (a side
    # counting it once closed at 2), a move not yet done, a side asked before its move
    ("X", "Nina had 3 kites and Omar had 9 kites. Then Nina got 4 kites from Omar. How many more kites does Omar have than Nina now?", "target_continuity:move_between_sides"),  # noqa: E501
    ("X", "Mia had 30 stickers and Leo had 12 stickers. Mia will give away 10 stickers. How many more stickers does Mia have than Leo now?", "target_continuity:side_move_unread"),  # noqa: E501
    ("X", "Tom had 20 cards and Sam had 8 cards. Later Sam bought 5 more cards. How many more cards did Tom have than Sam at first?", "target_continuity:target_time_mismatch"),  # noqa: E501
    # a pronoun's move, between two people's sides: whose it is the text does not tell (it
    # closed at 10, the move given to the compared side); "she" agrees with both women, so
    # practice proposes no antecedent (arith/antecedents.py)
    ("X", "Nina had 3 kites and Ada had 9 kites. She bought 4 more kites. How many more kites does Ada have than Nina now?", "operator:no_compatible_candidate"),  # noqa: E501
    # what is still needed of another person's work, or of a thing told done without a number
    ("X", "The recipe calls for 9 cups of rice and 4 cups of beans. Ann already put in 3 cups of rice. How many more cups of rice than cups of beans does Tom need to add now?", "target_continuity:target_side_unread"),  # noqa: E501
    ("X", "The recipe calls for 9 cups of rice and 4 cups of beans. Tom already put in 3 cups of rice. He also put in some beans. How many more cups of rice than cups of beans does he need to add now?", "target_continuity:target_side_unread"),  # noqa: E501
    # a sum asked of someone the parts' pronoun cannot name (no one of that name before it)
    ("W", "Ada went to a market. She bought 5 green cups and 2 white cups. Each cup cost 3 dollars. How much did Lou spend?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    ("W", "Ada went to a market. She bought 5 green cups and 2 white cups. How many cups did Lou buy?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    # capacities and shares (issue 15): a share told of "another" person is not the asked one's;
    # a sum of two days answers no question about one of them; packs of another kind
    ("S", "Ann has 5 apples in each box. Another girl has 20 apples. How many boxes does Ann have?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    ("S", "A kiln made 10 pots yesterday and 8 pots today. It could make 2 pots an hour last year. How many hours did the kiln work today?", "target_continuity:target_time_mismatch"),  # noqa: E501
    ("S", "Each crate holds 8 jars. Ben has 40 jars and 16 lids. How many crates will the lids fill?", "target_continuity:target_thing_mismatch"),  # noqa: E501
    ("S", "Red socks can be bought in packs of 4. Dad buys 24 blue socks. How many packs will he have?", "quantity_unplaced"),  # noqa: E501
    # H. the first step's move asked by its verb, after a change (it closed at 30, the money
    # left after spending, for "how much did he earn")
    ("H", "Sam earns 8 dollars an hour. He worked 5 hours. He spent 10 dollars. How much money did he earn?", "target_continuity:target_move_not_held"),  # noqa: E501
    ("S", "Ivo was selling his old records and his lamps. He started out with 30 but sold 12 of them. He packed the rest up putting 6 records into each box. How many boxes did he have to use?", "quantity_thing_unread"),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "text", "code"), CLASSES, ids=[f"{c[0]}{i}" for i, c in enumerate(CLASSES)]
)
def test_refused_for_the_reason_the_text_gives(kind: str, text: str, code: str) -> None:
    category, value, codes = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), (kind, value)
    assert code in codes, sorted(codes)


# The same shapes, with the step the refusal named spelled out: each closes, at the right value.
SPELLED = [
    ("Tom walked 3 miles to the park and 2 miles to the store. How many miles did Tom walk in all?", 5),  # noqa: E501
    ("Jim spent $50.25 on a battery and $23.10 on a radio. He also spent $112.46 on new tires. How much did Jim spend in all?", Fraction(18581, 100)),  # noqa: E501
    ("Ann has 18 books. Bob has 42 books. How many books do Ann and Bob have together?", 60),
    # "and 6 during dinner" lists 6 more cakes (it once closed at 8, the 6 read as "dinner")
    ("The cook served 5 cakes at lunch and 6 during dinner. She served 3 cakes at breakfast. How many cakes did she serve in all?", 14),  # noqa: E501
    # the question names what it asks about: the third purchase is set aside, as it says
    ("Jim spent $50 on a battery and $23 on a radio, and $112 on new tires. How much did Jim spend on the battery and the radio?", 73),  # noqa: E501
    ("Tom had 12 apples. He bought 5 more apples. How many apples does Tom have now?", 17),
    # the start told first, told as the start, or told in the past after a present move
    ("Tom has 9 cards. He gave away 4 cards. How many cards does he have?", 5),
    ("Lena lost 6 pens. She had 15 pens earlier. How many pens does she have now?", 9),
    ("Mia uses 12 beads for a bracelet. If she had 30 beads, how many beads are left?", 18),
    ("A box holds 6 pens. Sam has 3 boxes. He lost 2 boxes. How many pens does he have?", 6),
    ("Mike has 14 red books and 6 blue books. He gave away 4 red books. How many red books does he have?", 10),  # noqa: E501
    ("Mike has 14 red books and 6 blue books. He gave away 4 books. How many books does he have?", 16),  # noqa: E501
    ("Sam filled 5 crates with melons. Each crate held 8 melons. How many melons did he pack?", 40),
    ("Jill has 15 pencils. She gave 6 pencils to Tom. How many pencils does Jill have now?", 9),
    ("Mo had 40 cards. He sold all but 6 of them. Each card cost 2 dollars. How much money did he make?", 68),  # noqa: E501
    ("Zoe had 30 pens and Al had 20 pens. They shared the pens equally among 5 friends. How many pens did each friend get?", 10),  # noqa: E501
    ("Ben had 20 stamps. He gave 5 stamps to Amy and some stamps to Mia. Now he has 12 stamps. How many stamps did he give to Mia?", 3),  # noqa: E501
    ("Ben had 20 stamps. He bought 5 stamps on Monday and some on Tuesday. Now he has 28 stamps. How many did he buy on Tuesday?", 3),  # noqa: E501
    ("Nell had 50 cards. She gave 15 cards to Ed and some more to Al. Now she has 20 cards left. How many cards did Nell give to Al?", 15),  # noqa: E501
    ("Ivy placed her beads into 3 rows with 9 beads in each row. How many beads does she have?", 27),  # noqa: E501
    ("Ada earns $8 per hour. She worked 5 hours on Monday and 2 hours on Thursday. How much money did Ada make this week?", 56),  # noqa: E501
    # once 56 (both days summed), then refused; with the capacities round a rate told at no
    # time holds on Monday, and Thursday's hours are set aside by their time
    ("Ada earns $8 per hour. She worked 5 hours on Monday and 2 hours on Thursday. How much money did Ada make on Monday?", 40),  # noqa: E501
    ("Ada earns $8 per hour. She worked 5 hours on Monday and 2 hours on Thursday. How much money did Ada make?", 56),  # noqa: E501
    ("Each ticket costs 5 dollars. Ana bought 3 tickets and Leo bought 4 tickets. How much did Leo spend?", 20),  # noqa: E501
    ("Mo had 48 stickers. He gave 18 stickers to his sister and shared the rest equally among 6 friends. How many stickers did each friend get?", 5),  # noqa: E501
    ("Mo paid 12 dollars for 4 packs of gum. How much did each pack cost?", 3),
    ("Cal and Dee have 25 marbles together. Cal has 10 marbles. How many marbles does Dee have?", 15),  # noqa: E501
    ("Tom made 30 muffins today. He bakes 10 muffins an hour. How many hours did Tom bake today?", 3),  # noqa: E501
    ("Lia had 12 math problems and 8 science problems. She finished 10 of the math problems. How many problems does she have left?", 10),  # noqa: E501
    ("Jack collected 12 shells at the beach and 8 shells at the lake. How many shells did he collect?", 20),  # noqa: E501
    ("Mia had 30 stickers. She will give away 10 stickers. How many stickers will she have?", 20),
    ("Mia had 30 stickers. She had to give away 10 stickers. How many stickers does she have now?", 20),  # noqa: E501
    ("Ari bought 3 boxes of pens and 4 boxes of pens. Each box has 6 pens. How many pens did he buy?", 42),  # noqa: E501
    ("Nia had 5 bags of apples with 6 apples in each bag. She ate 4 apples yesterday. How many apples does she have now?", 26),  # noqa: E501
    ("Nia had 5 bags of apples. Each bag had 6 apples. She gave 1 bag to Ed. How many apples does she have?", 24),  # noqa: E501
    ("A shop had 6 lamps in stock when another shipment of 18 lamps came in. They put the lamps on shelves with 4 on each shelf. How many shelves did they use?", 6),  # noqa: E501
    ("Nina had 3 kites and Omar had 9 kites. Then Nina bought 4 kites. How many more kites does Omar have than Nina now?", 2),  # noqa: E501
    ("Mia had 30 stickers and Leo had 12 stickers. Mia gave away 10 stickers. How many more stickers does Mia have than Leo now?", 8),  # noqa: E501
    ("Tom had 20 cards and Sam had 8 cards. Later Sam bought 5 more cards. How many more cards does Tom have than Sam now?", 7),  # noqa: E501
    ("The recipe calls for 9 cups of rice and 4 cups of beans. Tom already put in 3 cups of rice. How many more cups of rice than cups of beans does Tom need to add now?", 2),  # noqa: E501
    ("The recipe calls for 9 cups of rice and 4 cups of beans. Tom already put in 3 cups of rice and 1 cup of beans. How many more cups of rice than cups of beans does he need to add now?", 3),  # noqa: E501
    ("Ada went to a market. She bought 5 green cups and 2 white cups. Each cup cost 3 dollars. How much did Ada spend?", 21),  # noqa: E501
    ("Ada went to a market. She bought 5 green cups and 2 white cups. How many cups did Ada buy?", 7),  # noqa: E501
    # the same capacity and share shapes, spelled out: one owner, one day, one kind, one object
    ("Ann has 5 apples in each box. She has 20 apples. How many boxes does Ann have?", 4),
    ("A kiln made 10 pots yesterday and 8 pots today. It can make 2 pots an hour. How many hours did the kiln work today?", 4),  # noqa: E501
    ("Each crate holds 8 jars. Ben has 40 jars and 16 lids. How many crates will the jars fill?", 5),  # noqa: E501
    ("Red socks can be bought in packs of 4. Dad buys 24 red socks. How many packs will he have?", 6),  # noqa: E501
    ("Sam earns 8 dollars an hour. He worked 5 hours. He spent 10 dollars. How much money does he have left?", 30),  # noqa: E501
    ("Ivo was selling his old records. He started out with 30 but sold 12 of them. He packed the rest up putting 6 records into each box. How many boxes did he have to use?", 3),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value"), SPELLED)
def test_spelled_out_closes_right(text: str, value: Fraction | int) -> None:
    category, found, _ = verdict(text)
    assert category is Category.CLOSED_UNIQUE and found == value


# "extra" asked of one kind, over a subset of the whole: once read as the whole's rest (the
# noun after "extra" was not read), now the kind is asked and no reading gives its rest
EXTRA_OF_A_KIND = [
    ("Eva cut 12 red roses and 9 white roses. If she only used 15 of the roses, how many extra red roses did she cut?", "Eva cut 12 red roses and 9 white roses. If she only used 15 of the roses, how many extra roses did she cut?", 6),  # noqa: E501
    ("Eva cut 12 roses and 9 lilies. If she only used 15 of the flowers, how many extra lilies did she cut?", "Eva cut 12 roses and 9 lilies. If she only used 15 of the flowers, how many extra flowers did she cut?", 6),  # noqa: E501
    ("Eva cut 12 roses, 9 lilies and 4 ferns. If she only used 15 of the flowers, how many extra flowers did she cut?", "Eva cut 12 roses and 9 lilies. If she only used 15 of the flowers, how many extra did she cut?", 6),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), EXTRA_OF_A_KIND)
def test_extra_of_a_kind_is_not_the_rest(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# A subset, then a rate or a sharing over the rest: each of these once closed (at the rest
# times the rate) before the complement-rate reading asked whose rate, whose earnings and
# which things the question names; each spelled-out variant beside it closes right.
REST_REFUSED = [
    # someone else sells the rest: not the asked owner's money
    "Ada had 12 pens but 4 of them weren't working. If her brother sold the working pens for $2 each, how much money did Ada make?",  # noqa: E501
    # someone else's earnings asked
    "Ada earned 3 dollars for each car she washed. She had 10 cars to wash but forgot to wash 4 of them. How much money would her sister earn?",  # noqa: E501
    # the question names the subset's things: the money from them is none of the rate's
    "Ada had 12 pens but 4 of them weren't working. If she sold the working pens for $2 each, how much money did she make from the broken pens?",  # noqa: E501
    # "the rest of" another whole
    "There are 50 runners. If 10 of them were not picked and the rest of the coaches were put into 8 teams, how many runners are in each team?",  # noqa: E501
]  # fmt: skip
REST_SPELLED = [
    ("Ada had 12 pens but 4 of them weren't working. If she sold the working pens for $2 each, how much money did she make?", 16),  # noqa: E501
    ("Ada earned 3 dollars for each car she washed. She had 10 cars to wash but forgot to wash 4 of them. How much money did she earn?", 18),  # noqa: E501
    ("There are 50 runners. If 10 of them were not picked and the rest were put into 8 teams, how many runners are in each team?", 5),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", REST_REFUSED)
def test_a_rest_of_another_owner_or_thing_is_refused(text: str) -> None:
    category, value, _ = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


@pytest.mark.parametrize(("text", "value"), REST_SPELLED)
def test_a_rest_spelled_out_closes_right(text: str, value: int) -> None:
    category, found, _ = verdict(text)
    assert category is Category.CLOSED_UNIQUE and found == value


# Found by probing, the fifth stop: whose rate, whose groups, and whose loss. Each refused text
# once closed (at 45, 9 and 24); each spelled-out variant beside it closes right.
ANOTHERS = [
    # a rate told of Lou's bags says nothing of Kim's
    ("Lou had 6 bags with 5 marbles in each bag. Kim had 3 bags. How many marbles do they have in all?", "target_continuity:groups_owner_mismatch"),  # noqa: E501
    # the sister's rate is no rate of Uma's work
    ("Uma has 36 beads. Her sister uses 4 beads for each bracelet. How many bracelets can Uma make?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    # Joe, told to have no apples, ate 4 of someone's: maybe of Kara's
    ("Kara had 15 apples. She picked 9 more. Then Joe ate 4. How many apples does she have?", None),
    # a question about someone the story never names (found by renaming the question's owner
    # in covered corpus problems: 31 closed, each at the story person's value)
    ("Tia received 4 letters in the morning and some more in the evening. She received 9 letters in all. How many letters did Zed receive in the evening?", "target_continuity:target_owner_untold"),  # noqa: E501
    ("Gil had 28 pens and 18 pencils. He gave 3 pens away. How many more pens than pencils does Zed have now?", "target_continuity:target_owner_untold"),  # noqa: E501
    # recipients set aside for a move the question gives to another giver
    ("Omar had 30 marbles. He has 18 marbles left after his dad gave marbles to his 3 sisters. How many marbles did Omar give to his sisters?", None),  # noqa: E501
    # a price told of another time; a purchase listed with an unpriced thing
    ("Each ticket cost 4 dollars last year. Una bought 6 tickets this year. How much did she spend?", "unit_consistency:rate_time_mismatch"),  # noqa: E501
    ("Each ticket costs 4 dollars. Una bought 6 tickets and a drink. How much did she spend?", "unit_consistency:total_for_other_things"),  # noqa: E501
    # one member's part asked after it was told (found by asking the other story person)
    ("Ann brought 5 cups. Ann and Bo brought 9 cups in all. How many cups did Ann bring?", "target_continuity:member_counted_twice"),  # noqa: E501
    # a share planned by another than the holder of the whole (the sharer read past "plans to",
    # "will": a name or a possessed person noun) says nothing of the holder's groups
    ("Kai bought 40 muffins. Lena plans to give 4 muffins each to her cousins. How many cousins does Kai have?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    ("Kai bought 40 muffins. His aunt will give 4 muffins each to his cousins. How many cousins does Kai have?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    # a share not done yet fills no done count
    ("Kai bought 40 muffins. He plans to give 4 muffins each to his cousins. How many muffins did he give away?", None),  # noqa: E501
]  # fmt: skip
ANOTHERS_SPELLED = [
    ("Kai bought 40 muffins. He plans to give 4 muffins each to his cousins. How many cousins does Kai have?", 10),  # noqa: E501
    # (asked "does he have", the planned rate is refused since the rates round: refused, not wrong)
    ("Kai bought 40 muffins. Kai will give 4 muffins each to his cousins. How many cousins does Kai have?", 10),  # noqa: E501
    ("Each bag has 5 marbles. Lou had 6 bags. Kim had 3 bags. How many marbles do they have in all?", 45),  # noqa: E501
    ("Uma has 36 beads. She uses 4 beads for each bracelet. How many bracelets can Uma make?", 9),
    ("Kara had 15 apples. She picked 9 more. Joe had 10 apples. Then Joe ate 4. How many apples does she have?", 24),  # noqa: E501
    ("Kara had 15 apples. She picked 9 more. Then she ate 4. How many apples does she have?", 20),
    ("Tia received 4 letters in the morning and some more in the evening. She received 9 letters in all. How many letters did Tia receive in the evening?", 5),  # noqa: E501
    ("Gil had 28 pens and 18 pencils. He gave 3 pens away. How many more pens than pencils does Gil have now?", 7),  # noqa: E501
    ("Ann brought 5 cups. Ann and Bo brought 9 cups in all. How many cups did Bo bring?", 4),
    ("Each ticket costs 4 dollars. Una bought 6 tickets. How much did she spend?", 24),
]  # fmt: skip


@pytest.mark.parametrize(("text", "code"), ANOTHERS)
def test_another_persons_rate_groups_or_loss_is_refused(text: str, code: str | None) -> None:
    category, value, codes = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value
    assert code is None or code in codes, sorted(codes)


@pytest.mark.parametrize(("text", "value"), ANOTHERS_SPELLED)
def test_ones_own_rate_groups_or_loss_closes_right(text: str, value: int) -> None:
    category, found, _ = verdict(text)
    assert category is Category.CLOSED_UNIQUE and found == value


# Comparisons whose sides are told by a phrase, not an owner (numbered parts, sources,
# purposes): each refused text below looks like its family but a side is not the asked one
# (a part told of another thing, a gift from a pronoun's other person, a refund beside an
# asked purpose); the spelled-out variant beside it closes right.
PHRASE_SIDES = [
    ("A quiz has 2 rounds. The first round of the final is 30 points. The second round is 18 points. How many more points does the first round have than the second round?", "A quiz has 2 rounds. The first round is 30 points. The second round is 18 points. How many more points does the first round have than the second round?", 12),  # noqa: E501
    ("A quiz has 3 rounds. The first round is 30 points. The second round is 18 points. The third round is 11 points. How many more points does the first round have than the second and third round?", "A quiz has 3 rounds. The first round is 30 points. The second round is 18 points. The third round is 11 points. How many more points does the first round have than the third round?", 19),  # noqa: E501
    ("Ben has 2 boxes. The first box has 30 pens. The second box has 12 pens. Ben took 5 pens from the first box. How many more pens does the first box have than the second box?", "Ben has 2 boxes. The first box has 30 pens. The second box has 12 pens. How many more pens does the first box have than the second box?", 18),  # noqa: E501
    ("Omar got 8 dollars from his sister. His cousin gave him 11 dollars. How much more money did he receive from his cousin than he did from his sister?", "Omar got 8 dollars from his sister. Then his cousin gave him 11 dollars. He spent 5 dollars. How much more money did he receive from his cousin than he did from his sister?", 3),  # noqa: E501
    ("Omar spent $ 20 to buy shirts and $ 9 to buy socks. He got $ 4 back for the socks. How much more did Omar spend on shirts than socks?", "Omar spent $ 20 to buy shirts and $ 9 to buy socks. Now he has $ 6. How much more did Omar spend on shirts than socks?", 11),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PHRASE_SIDES)
def test_a_phrase_side_that_is_not_the_asked_one_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# A number left out of a closure must be proved unable to bear on the asked quantity by the
# whole text. Each refused text below looks like a distractor of the kind the spelled-out one
# beside it sets aside, but here the number can reach the answer: a plural pronoun that means
# both holders (this once closed at one holder's amount), the compared holder asked, named
# again or moving things to the asked one, a move asked that needs the earlier state, a rate
# per a time that makes the time count.
DISTRACTOR_REFUSED = [
    "Omar has 17 plums and Carl has 9 fewer plums than Omar. How many plums do they have?",
    "Mia did 21 squats. Ben did 12 more squats than Mia. He also did 5 squats. How many squats did Mia do?",  # noqa: E501
    "Omar has 17 plums. Carl has 9 fewer plums than Omar. Carl gave Omar 2 plums. How many plums does Omar have now?",  # noqa: E501
    "Ravi had 14 songs on his tablet. He had 5 songs left on his phone. How many songs does he have left?",  # noqa: E501
    "Ivy picked 7 apples. It took her 3 days and she picked the same number every day. How many apples did she pick?",  # noqa: E501
    "Ivy reads 20 pages. She spends 3 days reading. How many pages does she read?",
    "A report has 3 sections. The first section is 40 pages long. If there are a total of 75 pages in the report how many pages are in the second section?",  # noqa: E501
    "Lena had 40 stickers. She has 28 stickers left after she gave equal numbers of stickers to her 4 cousins. How many stickers did Lena give to each cousin?",  # noqa: E501
    "The recipe calls for 9 cups of milk and 3 cups of oil. She already put in 2 cups of rice. How many more cups of milk than cups of oil does she need to add now?",  # noqa: E501
]  # fmt: skip
DISTRACTOR_SPELLED = [
    ("Omar has 17 plums and Carl has 9 fewer plums than Omar. How many plums does Carl have?", 8),
    ("Mia did 21 squats and 4 lunges. Ben did 12 more squats but 3 fewer lunges than Mia. How many more squats than lunges did Mia do?", 17),  # noqa: E501
    ("Ravi had 14 songs and 9 videos on his tablet. After removing some songs and videos he had 5 songs and 7 videos left. How many more videos than songs does he have left on the tablet?", 2),  # noqa: E501
    ("Ivy picked 7 apples in the morning and 5 apples at noon. It took her 3 hours. How many apples did she pick?", 12),  # noqa: E501
    ("A report has 2 sections. The first section is 40 pages long. If there are a total of 75 pages in the report how many pages are in the second section?", 35),  # noqa: E501
    ("Lena had 40 stickers. She has 28 stickers left after she gave equal numbers of stickers to her 4 cousins. How many stickers did Lena give to her cousins?", 12),  # noqa: E501
    ("The recipe calls for 4 cups of rice 9 cups of milk and 3 cups of oil. She already put in 2 cups of rice. How many more cups of milk than cups of oil does she need to add now?", 6),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", DISTRACTOR_REFUSED)
def test_a_distractor_that_can_bear_is_refused(text: str) -> None:
    category, value, _ = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


# A multiple of another holder's amount ("twice as many X as Y"): the scale reading accounts
# for the whole text or for nothing. Each refused text tells the base of another kind or
# holder, another time, a pronoun, a second step around the multiplier or an ambiguous "times
# more"; each spelled-out variant beside them closes right.
SCALE_REFUSED = [
    "Ivy has 6 cups. Noa has 3 times more cups than Ivy. How many cups does Noa have?",
    "Ivy has 6 cups. Noa has twice as many cups as Ivy has plates. How many cups does Noa have?",
    "Ivy has 6 cups. Noa has twice as many plates as Ivy. How many plates does Noa have?",
    "Ivy has 6 cups. Noa has 3 more than twice as many cups as Ivy has plates. How many cups does Noa have?",  # noqa: E501
    "Ivy has 6 cups. Noa has 3 more than 2 times more cups than Ivy. How many cups does Noa have?",
    "Ivy and Max have 30 cups together. Noa has twice as many cups as Ivy. How many cups does Noa have?",  # noqa: E501
    "Ivy and Noa had 30 cups together. Noa has twice as many cups as Ivy. How many cups does Ivy have?",  # noqa: E501
    "Ivy has twice as many cups as her aunt. Max has 4 cups. How many cups does her aunt have?",
    "Ivy found twice as many cups as Noa. If Noa bought 6 cups, how many cups did Ivy find?",
    "Ivy picked 12 cups on Monday and Noa picked twice as many. How many cups did Noa pick?",
    "Ivy has 6 cups. Noa has twice as many cups as Ivy. Max has a third as many cups as Ada. How many cups does Noa have?",  # noqa: E501
    "Ivy and her dad have 30 cups together. His dad has twice as many cups as Ivy. How many cups does her dad have?",  # noqa: E501
    "Ivy earned three times as much money as Noa. Noa earned $5 less than Ada. Ada spent $9. How many dollars did Ivy earn?",  # noqa: E501
    "Ivy had 6 cups. Noa has twice as many cups as Ivy. How many cups does Noa have?",
    "Ivy has 6 cups. Last year Noa had twice as many cups as Ivy. How many cups does Noa have?",
    "Ivy has 6 cups and Noa has twice as many cups as Ivy had. How many cups does Noa have?",
    "Ivy has 6 cups. Noa has twice as many cups as Ivy. How many cups does Max have?",
    "Ivy has 6 cups. Max has 5 cups. Noa has twice as many cups as Ivy. How many cups do they have together?",  # noqa: E501
    "Ivy has 6 cups. She has twice as many cups as Noa. How many cups does Noa have?",
    "Ivy has 6 cups. Noa does not have twice as many cups as Ivy. How many cups does Noa have?",
    "Ivy has 6 cups. Noa has twice as many cups as Ivy. Noa gives 2 cups to Ivy. How many cups does Noa have?",  # noqa: E501
    "Ivy has 8 cups. Noa has half as many cups as Ivy. How many more cups does Noa have than Ivy?",
    "Ivy has 6 red cups. Noa has twice as many cups as Ivy. How many blue cups does Noa have?",
    # the further wordings of arith/scale_forms.py: another holder listed, a condition of
    # another holder or time after the question, another verb in the base clause, an
    # offset of another thing
    "Ivy has 6 cups. Noa has twice as many cups as Ivy. How many cups do Noa and Max have?",
    "Noa has twice as many cups as Ivy. How many cups do they have in all if Ivy had 6 cups?",
    "Ivy picked 6 figs. Noa picked half of what Ivy bought. How many figs did they pick in all?",
    "Ivy has 6 cups. Noa has 3 more plates than twice as many as Ivy. How many cups does Noa have?",
]  # fmt: skip
SCALE_SPELLED = [
    ("Ivy has 6 cups. Noa has twice as many cups as Ivy. How many cups does Noa have?", 12),
    ("Ivy has 6 cups. Noa has 3 times as many cups as Ivy. How many cups do they have together?", 24),  # noqa: E501
    ("Ivy has 8 cups. Noa has half as many cups as Ivy. How many more cups does Ivy have than Noa?", 4),  # noqa: E501
    ("Noa has 12 cups, twice as many as Ivy. How many cups does Ivy have?", 6),
    ("Noa has 3 times as many cups as Ivy. If Ivy has 6 cups, how many more cups does Noa have than Ivy?", 12),  # noqa: E501
    ("Ivy has 3 times as many cups as Ada. Noa has 4 times as many cups as Ada. If Ivy has 12 cups, how many more cups does Noa have than Ivy?", 4),  # noqa: E501
    ("Ivy has 6 cups. Noa has 3 more than twice as many cups as Ivy. How many cups does Noa have?", 15),  # noqa: E501
    ("Ivy and Noa have 30 cups together. Noa has twice as many cups as Ivy. How many cups does Ivy have?", 10),  # noqa: E501
    ("Ivy has twice as many cups as her aunt. Her aunt has 4 cups. How many cups does Ivy have?", 8),  # noqa: E501
    ("Ivy owns twice as many cups as Noa. If Noa has 6 cups, how many cups does Ivy own?", 12),
    ("Ivy picked 12 cups and Noa picked twice as many. How many cups did Noa pick?", 24),
    ("Ivy has 6 cups. Noa has twice as many cups as Ivy. Max has a third as many cups as Noa. How many cups does Max have?", 4),  # noqa: E501
    ("Ivy and her dad have 30 cups together. Her dad has twice as many cups as Ivy. How many cups does her dad have?", 20),  # noqa: E501
    ("Ivy earned three times as much money as Noa. Noa earned $5 less than Ada. Ada earned $9. How many dollars did Ivy earn?", 12),  # noqa: E501
    ("Ivy has 6 cups. Noa has twice as many cups as Ivy. How many cups do Noa and Ivy have?", 18),
    ("Noa has twice as many cups as Ivy. How many cups do they have in all if Ivy has 6 cups?", 18),
    ("Ivy picked 6 figs. Noa picked half of what Ivy picked. How many figs did they pick in all?", 9),  # noqa: E501
    ("Ivy has 6 cups. Noa has 3 more cups than twice as many as Ivy. How many cups does Noa have?", 15),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", SCALE_REFUSED)
def test_a_multiple_of_another_kind_holder_or_time_is_refused(text: str) -> None:
    category, value, _ = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


@pytest.mark.parametrize(("text", "value"), DISTRACTOR_SPELLED)
def test_a_distractor_that_cannot_bear_closes_right(text: str, value: int) -> None:
    category, found, _ = verdict(text)
    assert category is Category.CLOSED_UNIQUE and found == value


@pytest.mark.parametrize(("text", "value"), SCALE_SPELLED)
def test_a_multiple_spelled_out_closes_right(text: str, value: int) -> None:
    category, found, _ = verdict(text)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value


# A start or a price left unknown and told in general English (issue 15, change family): the
# first one closed at 28 when "her" was read as the giver; each refused text beside a
# spelled-out variant that closes right. The remainder must be the asked holder's, the move
# the asked holder's and done, and "them" / "some" the asked thing.
UNKNOWN_START_REFUSED = [
    # "her" is the sister who was given the lamps: the 12 are not Omar's
    ("Omar gave some lamps to his sister leaving her with 12 lamps. If he had 40 lamps initially How many lamps did he give?", "Omar sold some lamps at a fair leaving him with 12 lamps. If he had 40 lamps initially How many lamps did he sell?", 28),  # noqa: E501
    # "him" may be the friend (a receiver named by no name)
    ("Omar gave some lamps to a friend leaving him with 12 lamps. If Omar had 40 lamps initially How many lamps did Omar give?", "Omar gave some lamps away leaving him with 12 lamps. If Omar had 40 lamps initially How many lamps did Omar give?", 28),  # noqa: E501
    # another buyer: the pen is not Ann's spending
    ("Ann had $7 left after Bob bought a pen. She had $10 at the start. How much did the pen cost?", "Ann had $7 left after she bought a pen. She had $10 at the start. How much did the pen cost?", 3),  # noqa: E501
    # a purchase not done
    ("Ann had $10 at the start. She wanted to buy a pen. She has $7 now. How much did the pen cost?", "Ann had $10 at the start. She bought a pen. She has $7 now. How much did the pen cost?", 3),  # noqa: E501
    # "them" may be the friends, not the pies
    ("Lee made some pies for his friends. He sold 14 of them. He still has 9 pies left. How many pies did Lee make?", "Lee made some pies. He sold 14 of them. He still has 9 pies left. How many pies did Lee make?", 23),  # noqa: E501
    # the filled groups not given yet: closed at 17 before the not-done check saw the rate
    ("Ida had some beads. She wants to give 4 beads to each of her 3 cousins and has 5 beads left. How many beads did Ida have?", "Ida had some beads. She gave 4 beads to each of her 3 cousins and has 5 beads left. How many beads did Ida have?", 17),  # noqa: E501
    # another seller
    ("Lee made some pies. Ann sold 14 of them. Lee still has 9 pies left. How many pies did Lee make?", "Lee made some pies. He sold 14 pies. He still has 9 pies left. How many pies did Lee make?", 23),  # noqa: E501
    # the start asked "after" the move (closed at 52 once "now" was read as the 40's alone)
    ("Wei had some marbles. He lost 12 marbles in a game and now has 40 marbles. How many marbles did Wei have after the game?", "Wei had some marbles. He lost 12 marbles in a game and now has 40 marbles. How many marbles did Wei have before the game?", 52),  # noqa: E501
    # the start asked "before" another time than the move's
    ("Tim was gathering acorns. After he gathered 14 more on Sunday, he had 22 acorns. How many acorns did he have before Monday?", "Tim was gathering acorns. After he gathered 14 more on Sunday, he had 22 acorns. How many acorns did he have before Sunday?", 8),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), UNKNOWN_START_REFUSED)
def test_an_unknown_start_of_another_holder_or_move_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# --- change_compare: a side a change fixes, compared (arith/_moves_compared.py) ---------------
# Each closed wrong before the place and possessor checks, or would without the strict reading:
# the told move of another place, the end told of another place, a loss of another's things, a
# question of a move not done, a move of "some" other thing.
MOVES_COMPARED_REFUSED = [
    "20 kids were on the tram. At the stop 5 kids got off the van while some got on the tram. Then there were 30 kids altogether on the tram. How many more kids got on the tram than those that got off?",  # noqa: E501
    "20 kids were on the tram. At the stop 5 kids got off the tram while some got on the tram. Then there were 30 kids altogether on the van. How many more kids got on the tram than those that got off?",  # noqa: E501
    "Lea planted 15 lilies. After a frost 4 died in Amy's garden. How many more lilies survived the frost than those that died?",  # noqa: E501
    "Lea planted 15 lilies. After a frost 4 of Amy's lilies died. How many more lilies survived the frost than those that died?",  # noqa: E501
    "There were 30 geese on the pond. If 12 geese flew away from the field How many more geese stayed behind than those that flew away?",  # noqa: E501
    "20 kids were on the tram. At the stop 5 kids got off the tram while some got on the tram. Then there were 30 kids altogether on the tram. How many more kids will get on the tram than those that got off?",  # noqa: E501
    "Ivy had 20 stamps. Her brother added 9 stamps. After giving some she had 12 left. How many more stamps did she give than she added?",  # noqa: E501
    "A shop had 14 visitors. After some cats left it still had 5 visitors. How many more visitors left than those that stayed?",  # noqa: E501
    "Rosa had 25 pins. She added 10 pins. After losing some he had 20 left. How many more pins did she lose than she added?",  # noqa: E501
    "Lea planted 15 lilies. After a frost 4 died. How many more lilies survived the frost than those that died last year?",  # noqa: E501
    "A bus had 12 riders. After some left it still had 5 riders. How many more riders left than those that stayed on the train?",  # noqa: E501
]  # fmt: skip

MOVES_COMPARED_SPELLED = [
    ("20 kids were on the tram. At the stop 5 kids got off the tram while some got on the tram. Then there were 30 kids altogether on the tram. How many more kids got on the tram than those that got off?", 10),  # noqa: E501
    ("Lea planted 15 lilies. After a frost 4 died. How many more lilies survived the frost than those that died?", 7),  # noqa: E501
    ("There were 30 geese on the pond. If 12 geese flew away How many more geese stayed behind than those that flew away?", 6),  # noqa: E501
    ("A shop had 14 visitors. After some left it still had 5 visitors. How many more visitors left than those that stayed?", 4),  # noqa: E501
    ("Rosa had 25 pins. She added 10 pins. After losing some she had 20 left. How many more pins did she lose than she added?", 5),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", MOVES_COMPARED_REFUSED)
def test_a_side_of_another_place_holder_or_thing_is_refused(text: str) -> None:
    category, value, _ = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


@pytest.mark.parametrize(("text", "value"), MOVES_COMPARED_SPELLED)
def test_a_side_a_change_fixes_closes_right(text: str, value: int) -> None:
    category, found, _ = verdict(text)
    assert category is Category.CLOSED_UNIQUE and found == value


# A holder nothing in the text ties to the asked one (arith/strangers.py, untied_holder):
# "Ivo has 7 cups" told beside another holder's story closed with Ivo's cups summed in. Each
# refused text beside a spelled-out variant (the same holder tied by a transfer, by a pronoun
# that can mean no one else, or asked by name in a sum of people told alike) that closes right.
STRANGER_REFUSED = [
    ("A bakery had 30 rolls and 12 buns. They sold 20 rolls. Ivo has 5 rolls. How many rolls do they have left?", "A bakery had 30 rolls and 12 buns. They sold 20 rolls. How many rolls do they have left?", 10),  # noqa: E501
    ("A baker had 40 pears. He used 15 of them. Ivo has 6 pears. How many pears remained?", "A baker had 40 pears. He used 15 of them. How many pears remained?", 25),  # noqa: E501
    ("Bea put her lamps into 4 rows with 5 lamps in each row. Ivo lost 3 lamps. How many lamps does she have?", "Bea put her lamps into 4 rows with 5 lamps in each row. How many lamps does she have?", 20),  # noqa: E501
    ("There are 8 boxes. Each box has 6 pens. Ivo bought 5 pens. How many pens are there in all?", "There are 8 boxes. Each box has 6 pens. How many pens are there in all?", 48),  # noqa: E501
    ("A pet shop had 15 white cats and 40 black cats. They sold 19 cats. The mailman has 7 cats. How many cats do they have left?", "A pet shop had 15 white cats and 40 black cats. They sold 19 cats. How many cats do they have left?", 36),  # noqa: E501
    ("A pet shop had 15 white cats and 40 black cats. They sold 19 cats. Ivo's sister has 7 cats. How many cats do they have left?", "Ivo has 15 white cats and 40 black cats. He sold 19 cats. How many cats does he have left?", 36),  # noqa: E501
    ("Bea had 14 red beads and 9 blue beads. Ivo has 6 beads. How many beads do they have?", "Bea has 7 marbles. Ivo has 5 marbles. How many marbles do they have together?", 12),  # noqa: E501
]  # fmt: skip
STRANGER_TIED = [
    ("Ivo played 12 games. If he scored 4 points in each game, how many points did he score?", 48),
    ("Sue has 12 pears. She has 4 more pears than Tim. How many pears does Tim have?", 8),
    ("Bea had 40 beads. Ivo had 12 beads. How many more beads did Bea have than Ivo?", 28),
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), STRANGER_REFUSED)
def test_an_untied_holders_amount_is_refused(refused: str, spelled: str, value: int) -> None:
    category, found, codes = verdict(refused)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found
    category, found, _ = verdict(spelled)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value


@pytest.mark.parametrize(("text", "value"), STRANGER_TIED)
def test_a_holder_tied_by_pronoun_or_question_closes_right(text: str, value: int) -> None:
    category, found, _ = verdict(text)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value


# A fraction, a percent or a multiple of a told amount (issue 15, the portion reading): the
# wrong closures probing found, each refused text beside a spelled-out variant that closes
# right. A possessive is its holder's only as the holder's pronoun says ("his money" of a
# holder called "she" is someone else's); a raise is of pay, a discount or a tax of a price;
# the thing a percent is "more than" or a store's discount is "on" is the thing priced; a
# whole told in the past is not the holding a present question asks of; a rate ("in each
# bowl") is no whole; money told as a discount is no price.
PORTION_REFUSED = [
    ("Ivy spent 1/4 of his money, and now she has $24 left. How much did she have at first?", "Ivy spent 1/4 of her money, and now she has $24 left. How much did she have at first?", 32),  # noqa: E501
    ("Ruiz receives a monthly salary of $500. If he received a 6% discount, how much will be Ruiz's new salary?", "Ruiz receives a monthly salary of $500. If he received a 6% raise, how much will be Ruiz's new salary?", 530),  # noqa: E501
    ("James decides to buy himself a new barbell. It cost 30% more than his old $250 bike. How much did it cost?", "James decides to buy himself a new barbell. It cost 30% more than his old $250 barbell. How much did it cost?", 325),  # noqa: E501
    ("A store has an 8% discount on all hats. If Shara paid $184 for a pair of shoes, how much did Shara save?", "A store has an 8% discount on all items. If Shara paid $184 for a pair of shoes, how much did Shara save?", 16),  # noqa: E501
    ("Joan had 180 socks. Two thirds of the socks are white. How many white socks does Joan have?", "Joan has 180 socks. Two thirds of the socks are white. How many white socks does Joan have?", 120),  # noqa: E501
    ("There are 30 nuts in each bowl. Tom ate a third of them. How many nuts are left?", "There are 30 nuts in the bowl. Tom ate a third of them. How many nuts are left?", 20),  # noqa: E501
    # portion_slots (issue-15-h62): a time still to come is no move told done; "he" is not Ann
    ("Omar sold 60 cakes today. He sold twice as many cakes tomorrow. How many cakes did he sell in all?", "Omar sold 60 cakes today. He sold twice as many cakes yesterday. How many cakes did he sell in all?", 180),  # noqa: E501
    ("Ben read 20 pages yesterday and 10 percent fewer pages tomorrow. How many pages did Ben read altogether?", "Ben read 20 pages yesterday and 10 percent fewer pages today. How many pages did Ben read altogether?", 38),  # noqa: E501
    ("Ann sold 60 boxes on Saturday. He sold 50% more boxes on Sunday. How many boxes did Ann sell in all?", "Ann sold 60 boxes on Saturday. She sold 50% more boxes on Sunday. How many boxes did Ann sell in all?", 150),  # noqa: E501
    ("Tanika sold 60 boxes on Saturday. She sold 50% more boxes on Sunday than on Friday. How many boxes did she sell in all?", "Tanika sold 60 boxes on Saturday. She sold 50% more boxes on Sunday than on Saturday. How many boxes did she sell in all?", 150),  # noqa: E501
    ("Omar picked 50 apples on Monday and 20% less on Tuesday. How many fewer apples did Omar pick on Tuesday?", "Omar picked 50 apples on Monday and 20% less on Tuesday. How many apples did Omar pick on Tuesday?", 40),  # noqa: E501
    # portion_percents: insurance pays a part, so "how much does the scan cost" asks the price
    ("The scan costs $300. Her insurance covers 80% of the cost. How much does the scan cost?", "The scan costs $300. Her insurance covers 80% of the cost. How much does she pay?", 60),  # noqa: E501
    # a price that moved, asked as what it cost (maybe before), or another thing's
    ("The price of a ticket was $60. It went up by 10%. How much did it cost?", "The price of a ticket was $60. It went up by 10%. What is the new price?", 66),  # noqa: E501
    ("The bike costs $200. The price of the car was reduced by 30%. What is the new price?", "The bike costs $200. Its price was reduced by 30%. What is the new price?", 140),  # noqa: E501
    # portion_kinds: the other kind of a share is its rest only in a whole the pair splits, in
    # one tense
    ("There are 40 students in a class. 25% of them were girls. How many boys are there?", "There are 40 students in a class. 25% of them are girls. How many boys are there?", 30),  # noqa: E501
    ("There are 40 people at the party. 25% of them are boys. How many girls are there?", "There are 40 people at the party. 25% of them are adults. How many children are there?", 30),  # noqa: E501
    # a thing said to move or be on sale is the thing priced (_moved_thing_priced)
    ("The price is $50. The demand rose by 10%. What is the new price?", "The price is $50. It rose by 10%. What is the new price?", 55),  # noqa: E501
    ("The price is $90. The hat is on sale for 20% off. How much does it cost now?", "The price of the hat is $90. The hat is on sale for 20% off. How much does it cost now?", 72),  # noqa: E501
    # "the new price" is read as asked only beside a percent (reader/what_asked.what_price)
    ("A pen costs $3. Ann bought 4 pens. What is the new price?", "A pen costs $4. It is on sale for 25% off. What is the new price?", 3),  # noqa: E501
    # a pay taxed: what she pays may be the tax; another's pay
    ("Ivy's salary is $900. She pays 12% of her salary in taxes. How much does she pay?", "Ivy's salary is $900. She pays 12% of her salary in taxes. How much money does she have left?", 792),  # noqa: E501
    ("Ivy's salary is $900. She pays 12% of his salary in taxes. How much money does she have left?", "Ivy's salary is $900. She pays 12% of her salary in taxes. How much money does she have left?", 792),  # noqa: E501
    ("Rose bought a plant with a 10% discount. The tip is $10. How much did Rose pay?", "Rose bought a plant with a 10% discount. The price is $10. How much did Rose pay?", 9),  # noqa: E501
    ("Ivy had 12 pens. Tom lost half of them. How many pens does Ivy have left?", "Ivy had 12 pens. She lost half of them. How many pens does Ivy have left?", 6),  # noqa: E501
    ("Ivy had 12 pens. She lost 4 pens, and then she gave half of them to Noa. How many pens does Ivy have left?", "Ivy had 12 pens. She lost 4 pens, and then she gave half of what was left to her sister. How many pens does Ivy have left?", 4),  # noqa: E501
    ("Ali has $480. He spent half of it on food, and then he spent a third of what was left on books. How much money did he spend?", "Ali has $480. He spent half of it on food, and then he gave a third of what was left to his brother. How much money did he give?", 80),  # noqa: E501
    ("Tom sold 12 cakes on Monday. He sold three times as many cakes on Monday. How many cakes did Tom sell in all?", "Tom sold 12 cakes on Monday. He sold three times as many cakes on Tuesday. How many cakes did Tom sell in all?", 48),  # noqa: E501
    ("Michael has 36 pets. 75% of them are dogs, 50% are cats, and the rest are bunnies. How many bunnies does he have?", "Michael has 36 pets. 25% of them are dogs, 50% are cats, and the rest are bunnies. How many bunnies does he have?", 9),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PORTION_REFUSED)
def test_a_portion_of_another_whole_holder_or_time_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# Reading the short forms of GSM8K-like problems (issue 15, branch issue-15-h25): each wrong
# closure found by probing the new readings, refused, beside a spelled-out variant that closes
# right. A move told as not done yet is no step done toward a goal, and no part of a sum asked
# as done; an amount with a verb of its own after its noun ("3 cards were torn") is no amount
# listed under the verb before it.
SHORT_FORMS = [
    ("Ivo needs to sell 40 tickets. He will sell 5 tickets to his aunt. How many more tickets does Ivo need to sell?", "Ivo needs to sell 40 tickets. He sold 5 tickets to his aunt. How many more tickets does Ivo need to sell?", 35),  # noqa: E501
    ("Ivo has to read 60 pages. He will read 25 pages on monday. How many more pages does he have to read?", "Ivo has to read 60 pages. He read 25 pages on monday. How many more pages does he have to read?", 35),  # noqa: E501
    ("Ivo needs to sell 40 tickets. He will sell 5 tickets to his aunt, 8 tickets to his boss and 6 tickets to a cousin. How many more tickets does Ivo need to sell?", "Ivo needs to sell 40 tickets. He has sold 5 tickets to his aunt, 8 tickets to his boss and 6 tickets to a cousin. How many more tickets does Ivo need to sell?", 21),  # noqa: E501
    ("Ann will receive 5 cards from her aunt, 4 cards from her uncle, and 3 cards from a friend. How many cards did Ann receive?", "Ann will receive 5 cards from her aunt, 4 cards from her uncle, and 3 cards from a friend. How many cards will Ann receive?", 12),  # noqa: E501
    ("Ann received 5 cards from her aunt, 4 cards from her uncle, and 3 cards were torn. How many cards did Ann receive?", "Ann received 5 cards from her aunt, 4 cards from her uncle, and 3 cards from a friend. How many cards did Ann receive?", 12),  # noqa: E501
    # the goal of sales asked (class V once refused it; the sales toward it are now summed by
    # the requirement's own cue, and close right): bought, not sold, is nothing done toward it
    ("Omar needs to sell 20 tickets. So far he has bought 4 tickets from his aunt, 6 tickets from his uncle, and 2 tickets from a friend. How many more tickets does Omar need to sell?", "Omar needs to sell 20 tickets. So far he has sold 4 tickets to his aunt, 6 tickets to his uncle, and 2 tickets to a friend. How many more tickets does Omar need to sell?", 8),  # noqa: E501
    # "needs to spend" is a move still to make (on main it closed at 15)
    ("Ann had $20. She needs to spend $5 on a pen. How much does she have left?", "Ann had $20. She spent $5 on a pen. How much does she have left?", 15),  # noqa: E501
    # what is left for a use the story already tells
    ("Ann had $20. She spent $5 on a pen. She spent $3 on books. How much did she have left to spend on books?", "Ann had $20. She spent $5 on a pen. How much does she have left to spend on books?", 15),  # noqa: E501
    # money for a list with an unpriced thing (on main "What is the total cost?" closed at 6)
    ("Ann bought 3 pens for $2 each and a book. What is the total cost?", "Ann bought 3 pens for $2 each. What is the total cost?", 6),  # noqa: E501
    ("Ann bought 3 pens for $2 each and a book. How much did she spend?", "Ann bought 3 pens for $2 each. How much did she spend?", 6),  # noqa: E501
    # a share told at one time over amounts of two times (on main with "to each of")
    ("Jason bought 48 cupcakes on Monday and 12 on Tuesday. He gave 3 cupcakes to each of his cousins on Monday. How many cousins does Jason have?", "Jason bought 48 cupcakes. He gave 3 cupcakes to each of his cousins. How many cousins does Jason have?", 16),  # noqa: E501
    ("Jason and Ann bought 48 cupcakes. They gave 3 cupcakes each to the kids. How many kids are there?", "Jason bought 48 cupcakes. He gave 3 cupcakes each to his cousins. How many cousins does Jason have?", 16),  # noqa: E501
    ("Ann ate 3 apples. Now she has 5 apples. How many apples will she start with tomorrow?", "Ann ate 3 apples. Now she has 5 apples. How many apples did she start with?", 8),  # noqa: E501
    # groups of a total told not yet, asked as done (on main each closed)
    ("Ann earns $8 an hour. She will work 5 hours. How much did she earn?", "Ann earns $8 an hour. She will work 5 hours. How much will she earn?", 40),  # noqa: E501
    ("Tom wants to buy 3 pens. Each pen costs $2. How much did he spend?", "Tom wants to buy 3 pens. Each pen costs $2. How much will he spend?", 6),  # noqa: E501
    # money asked moving the other way than the trade moved it (on main each closed at 6)
    ("Tom bought 3 pens for $2 each. How much did he earn?", "Tom bought 3 pens for $2 each. How much did he pay?", 6),  # noqa: E501
    ("Tom sold 3 pens for $2 each. How much did he spend?", "Tom sold 3 pens for $2 each. How much money did he make?", 6),  # noqa: E501
    ("Tom bought 3 pens for $2 each. What did he save?", "Tom bought 3 pens for $2 each. What did he spend?", 6),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), SHORT_FORMS)
def test_a_short_form_read_wider_refuses_its_neighbours(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# Another person's amount set aside, and a move that ties it to the asked holder after all
# (found by probing the numbers-nothing-links-to-the-asked-one round): "Ben put 6 apples in
# her basket" set aside as Ben's, "Ada ate 4 of Ben's apples" read as Ada's own loss. Each
# refused text beside a spelled-out variant that closes right.
TIED_REFUSED = [
    ("Ada had 9 apples. Ben put 6 apples in her basket. Ada ate 4 apples. How many apples does Ada have left?", "Ada had 9 apples. Ben put 6 apples on the table. Ada ate 4 apples. How many apples does Ada have left?", 5),  # noqa: E501
    ("Ada had 9 apples. Ben had 6 apples. Ada ate 4 of Ben's apples. How many apples does Ada have left?", "Ada had 9 apples. Ben had 6 apples. Ada ate 4 apples. How many apples does Ada have left?", 5),  # noqa: E501
    ("Ada had 9 apples. Ben had 6 apples. Ada ate 4 of his apples. How many apples does Ada have left?", "Ada had 9 apples and Ben had 6 apples. Ada ate 4 apples. How many apples does Ada have left?", 5),  # noqa: E501
    # a rate told of one person's things shares hers, not a sum with another's
    ("Nora wants to put her eggs into groups of 4. Nora has 12 eggs. Her sister has 8 eggs. How many groups will be created?", "Nora and Sam put their eggs into groups of 4. Nora has 12 eggs and Sam has 8 eggs. How many groups will be created?", 5),  # noqa: E501
    ("Nora puts her eggs into groups of 4. Nora has 12 eggs and her sister has 8 eggs. How many groups will be created?", "Nora wants to put her eggs into groups of 4. Nora has 30 apples 12 eggs and 9 pens. How many groups will be created?", 3),  # noqa: E501
    ("Ada had 9 apples. She ate 4 of her brother's apples. How many apples does Ada have left?", "Ada had 9 apples. She ate 4 of them. How many apples does Ada have left?", 5),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), TIED_REFUSED)
def test_an_amount_tied_to_the_asked_holder_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# A list whose later amount's verb is the earlier one's said once ("did 5 more squats but 4
# fewer lunges than Mia"): the other thing is set aside only when the coordination is one
# comparison with one "than"; another "than", or the other thing asked too, is refused.
ELIDED_REFUSED = [
    ("Mia did 30 squats and 12 lunges today. Ben did 5 more squats than Mia but 4 fewer lunges than Tom. How many lunges did Ben do?", "Mia did 30 squats and 12 lunges today. Ben did 5 more squats but 4 fewer lunges than Mia. How many lunges did Ben do?", 8),  # noqa: E501
    ("Mia did 30 squats and 12 lunges today. Ben did 5 more squats but 4 fewer lunges than Mia. How many more squats than lunges did Ben do?", "Mia did 30 squats and 12 lunges today. Ben did 5 more squats but 4 fewer lunges than Mia. How many squats did Ben do?", 35),  # noqa: E501
    ("Mia did 30 squats and 12 lunges today. Ben did 5 more squats but 4 fewer lunges than Mia. Ben did 3 more lunges later. How many lunges did Ben do?", "Mia did 30 squats and 12 lunges today. Ben did 5 more squats but 4 fewer lunges than Mia. How many lunges did Ben do?", 8),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), ELIDED_REFUSED)
def test_a_list_with_one_verb_said_once_is_set_aside_only_as_one_comparison(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# A side of another activity compared as the asked one (found by probing the parallel-time
# rule): "30 kids went hiking in the morning ... How many more kids went swimming in the
# morning than in the afternoon?" closed at 23 (target_activity_mismatch).
ACTIVITY_REFUSED = [
    ("12 kids went swimming in the evening and 30 kids went hiking in the morning. 7 kids went swimming in the afternoon. How many more kids went swimming in the morning than in the afternoon?", "12 kids went swimming and 30 kids went hiking in the morning. 7 kids went swimming in the afternoon. How many more kids went swimming in the morning than in the afternoon?", 5),  # noqa: E501
    ("30 kids went hiking in the morning. 7 kids went swimming in the afternoon. How many more kids went swimming in the morning than in the afternoon?", "12 kids went swimming and 30 kids went hiking in the morning. 7 kids went hiking in the afternoon. How many more kids went hiking in the morning than in the afternoon?", 23),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), ACTIVITY_REFUSED)
def test_a_side_of_another_activity_is_refused(refused: str, spelled: str, value: int) -> None:
    category, found, codes = verdict(refused)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found
    category, found, _ = verdict(spelled)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value


# A move of another thing, told with its own verb in a clause joined to the asked move, is set
# aside only when the text listed the two things apart under one verb ("9 apples and 6
# pears"): "ate 3 of the fruits" may be of the apples asked.
APART_REFUSED = [
    ("There are 9 apples and 14 pears in the bowl. If you ate 3 of the fruits and sold 5 of the apples how many apples are left?", "Tom had 9 apples and 6 pears. He ate 4 of the pears and sold 2 of the apples. How many apples does he have left?", 7),  # noqa: E501
    ("Tom had 9 apples and 6 pears. He cut 4 of the pears and put them with 2 of the apples. How many apples does he have left?", "Tom had 9 apples and 6 pears. He ate 4 of the pears and sold 2 of the apples. How many pears does he have left?", 2),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), APART_REFUSED)
def test_a_move_of_another_thing_is_set_aside_only_when_listed_apart(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# Groups told as groups of another thing than the total shared (found by probing the
# grouping rules): "the bananas are organized into 47 groups" bound as the groups of the
# oranges (group_unit_mismatch in unit consistency).
GROUPS_REFUSED = [
    # a collection of two things grouped: neither is another thing than the grouped one
    # (once closed at 33, the eggs set aside as listed beside the bananas)
    ("Rebecca wants to split a collection of eggs and bananas into groups of 3. Rebecca has 99 bananas and 9 eggs. How many groups will be created?", "Rebecca wants to split a collection of eggs into groups of 3. Rebecca has 99 bananas and 9 eggs. How many groups will be created?", 3),  # noqa: E501
    ("There are 40 pears and 80 plums in the shop. If the pears are organized into 8 groups How big is each group of plums?", "There are 40 pears and 90 plums in the shop. If the pears are organized into 8 groups and plums are organized into 10 groups How big is each group of plums?", 9),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), GROUPS_REFUSED)
def test_groups_of_another_thing_are_no_groups_of_the_total(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# A comparison told as not done yet, asked in the past (found by probing the elided-verb
# rule): "Ben will do 4 fewer lunges than Mia. How many lunges did Ben do?" closed at 8.
NOT_YET_REFUSED = [
    ("Mia did 12 lunges today. Ben will do 4 fewer lunges than Mia. How many lunges did Ben do?", "Mia did 12 lunges today. Ben will do 4 fewer lunges than Mia. How many lunges will Ben do?", 8),  # noqa: E501
    ("Mia did 30 squats and 12 lunges today. Ben will do 5 more squats but 4 fewer lunges than Mia. How many lunges did Ben do?", "Mia did 30 squats and 12 lunges today. Ben did 5 more squats but 4 fewer lunges than Mia. How many lunges did Ben do?", 8),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), NOT_YET_REFUSED)
def test_a_comparison_not_done_yet_is_refused(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# Sides tied by the whole text (arith/sides.py and its readings: side_chains, side_moves,
# rests, rest_work), found by probing the issue-15 round of "the rest" and comparisons through
# a third side: each refused text beside a spelled-out variant that closes right. The last one
# closed wrong on main already (the compare organ took what Ben gave as what he has).
SIDES_REFUSED = [
    # two properties joined in the rest's clause: which of the two is asked?
    ("A class has 30 kids. 12 kids like tea and the rest like milk and juice. How many kids like juice?", "A class has 30 kids. 12 kids like tea and the rest like juice. How many kids like juice?", 18),  # noqa: E501
    # a part counted by a noun the whole does not count
    ("A class has 30 kids. 12 girls like tea and the rest like milk. How many kids like milk?", "A class has 30 kids. 12 kids like tea and the rest like milk. How many kids like milk?", 18),  # noqa: E501
    # another whole asked
    ("A store has 40 bottles. 15 bottles are red and the rest are blue. How many bottles are blue at the other store?", "A store has 40 bottles. 15 bottles are red and the rest are blue. How many bottles are blue?", 25),  # noqa: E501
    # the whole asked after a move that changed it
    ("A store has 40 bottles. 15 bottles were sold and the rest were kept. How many bottles does the store have now?", "A store has 40 bottles. 15 bottles were sold and the rest were kept. How many bottles were kept?", 25),  # noqa: E501
    # a unit the story never counts in
    ("Billy weighs 9 pounds more than Brad. Brad weighs 5 pounds more than Carl. If Carl weighs 145 pounds, how much does Billy weigh, in ounces?", "Billy weighs 9 pounds more than Brad. Brad weighs 5 pounds more than Carl. If Carl weighs 145 pounds, how much does Billy weigh, in pounds?", 159),  # noqa: E501
    # "they" over a stranger nothing ties to the others
    ("Kim has 4 apples. Lou has 3 more apples than Kim. Quentin has 7 apples. How many apples do they have together?", "Kim has 4 apples. Lou has 3 more apples than Kim. How many apples do they have together?", 11),  # noqa: E501
    # a place phrase that hides a move
    ("Ana has 12 pens at school where she lost some pens. Ben has 3 more pens than Ana. Cal has 2 more pens than Ben. How many pens does Cal have?", "Ana has 12 pens at school. Ben has 3 more pens than Ana. Cal has 2 more pens than Ben. How many pens does Cal have?", 17),  # noqa: E501
    # a place the question names and the story does not
    ("Ana has 12 pens. Ben has 3 more pens than Ana. Cal has 2 more pens than Ben. How many pens does Cal have in his bag?", "Ana has 12 pens in her bag. Ben has 3 more pens than Ana. Cal has 2 more pens than Ben. How many pens does Cal have?", 17),  # noqa: E501
    # a move to the other holder moves both sides
    ("Ed had 29 more marbles than Doug. Ed gave 17 of his marbles to Doug. How many more marbles did Ed have than Doug then?", "Ed had 29 more marbles than Doug. Ed lost 17 of his marbles. How many more marbles did Ed have than Doug then?", 12),  # noqa: E501
    # two measures: a height compared, a distance asked
    ("The grasshopper and the frog had a jumping contest. The grasshopper jumped 19 inches. The frog jumped 10 inches higher than the grasshopper. How far did the frog jump?", "The grasshopper and the frog had a jumping contest. The grasshopper jumped 19 inches. The frog jumped 10 inches farther than the grasshopper. How far did the frog jump?", 29),  # noqa: E501
    # an amount told after the holder's own move, of either time, when the two readings differ
    ("Ed had 30 more marbles than Doug. Ed lost 21 of his marbles. If Ed had 91 marbles, how many marbles does Doug have now?", "Ed had 30 more marbles than Doug. Ed lost 21 of his marbles. If Ed had 91 marbles, how many more marbles did Ed have than Doug then?", 9),  # noqa: E501
    # the work done by someone else than the one asked
    ("A painter needed to paint 10 rooms in a building. Each room takes 8 hours to paint. If he already painted 8 rooms, how much longer will she take to paint the rest?", "A painter needed to paint 10 rooms in a building. Each room takes 8 hours to paint. If he already painted 8 rooms, how much longer will he take to paint the rest?", 16),  # noqa: E501
    # a unit the question names after a comma that no bound amount is counted in (every organ:
    # the compare organ closed it at 49 pounds on main)
    ("Ivo weighs 9 pounds more than Kai. If Kai weighs 40 pounds, how much does Ivo weigh, in ounces?", "Ivo weighs 9 pounds more than Kai. If Kai weighs 40 pounds, how much does Ivo weigh, in pounds?", 49),  # noqa: E501
    # kinds of one thing compared (arith/side_kinds.py): a kind no number tells is no part of
    # the sum; a pronoun of another person asked; a sentence of no number that moves them
    ("There are 4 more blue beads than red beads in a jar. There are 9 red beads. Some beads are green. How many beads are there in the jar?", "There are 4 more blue beads than red beads in a jar. There are 9 red beads. How many beads are there in the jar?", 22),  # noqa: E501
    ("Nora has 9 red beads. She has 4 more blue beads than red beads. How many beads does he have?", "Nora has 9 red beads. She has 4 more blue beads than red beads. How many beads does she have?", 22),  # noqa: E501
    ("Nora has 9 red beads. She has 4 more blue beads than red beads. She gave the red ones away. How many beads does Nora have?", "Nora has 9 red beads. She has 4 more blue beads than red beads. How many beads does Nora have?", 22),  # noqa: E501
    # a whole told of "they" after a holder "they" cannot mean (arith/side_they.py)
    ("Mia has 12 more stamps than Leo. Together they have 50 stamps. Ivo has 3 more stamps than Mia. How many stamps does Ivo have?", "Mia has 12 more stamps than Leo. Together they have 50 stamps. How many stamps does Mia have?", 31),  # noqa: E501
    ("Mia has 12 more stamps than Leo. They have 50 stamps. How many stamps does Leo have?", "Mia has 12 more stamps than Leo. They have 50 stamps in all. How many stamps does Leo have?", 19),  # noqa: E501
    # what one holder gave away is not what it has (compare organ; wrong on main)
    ("Ana has 12 pens. Ben has 3 more pens than Ana. Ben gave 2 pens to Cal. Cal has 5 more pens than Ben. How many pens does Cal have?", "Ana has 12 pens. Ben has 3 more pens than Ana. Cal has 5 more pens than Ben. How many pens does Cal have?", 20),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), SIDES_REFUSED)
def test_sides_the_text_does_not_tie_are_refused(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# Amounts told apart by a kind, an activity, a purpose or the words after their verb (issue
# 15, _told_sides / _told_checks / _object_sides). Each refused text closed wrong before the
# check that now refuses it (13 of them on main itself, the others once the new readings were
# in): a kind asked that the text never tells, one holder's kinds read of two holders, sides or
# parts or rates not done yet, a total sold of what was harvested, a side of another person,
# a sum over sides the question lists but the text does not tell, sides taken in the order the
# sign of the difference picks, a told part of the asked kind, a state after "some" moved.
TOLD_SIDES = [
    ("Each box has 16 pens. There are 6 boxes. How many red pens are in the boxes?", "Each box has 16 red pens. There are 6 boxes. How many red pens are in the boxes?", 96),  # noqa: E501
    ("Ann has 6 red pens. Bob has 2 blue pens. How many more red pens than blue pens does Ann have?", "Ann has 6 red pens and 2 blue pens. How many more red pens than blue pens does Ann have?", 4),  # noqa: E501
    ("Ann wants to buy 6 red pens and 2 blue pens. How many more red pens than blue pens does she buy?", "Ann bought 6 red pens and 2 blue pens. How many more red pens than blue pens did she buy?", 4),  # noqa: E501
    ("They harvest 24 sacks of oranges per day. How many sacks of oranges did they sell after 45 days?", "They harvest 24 sacks of oranges per day. How many sacks of oranges did they harvest after 45 days?", 1080),  # noqa: E501
    ("Every day Ann spends 2 hours on learning chinese. Every day Ryan spends 6 hours on learning english. How many more hours does he spend on learning english than he does on learning chinese?", "Every day Ryan spends 2 hours on learning chinese and 6 hours on learning english. How many more hours does he spend on learning english than he does on learning chinese?", 4),  # noqa: E501
    ("Every day Ryan wants to spend 6 hours on learning english and 2 hours on learning chinese. How many more hours does he spend on learning english than on learning chinese?", "Every day Ryan spends 6 hours on learning english and 2 hours on learning chinese. How many more hours does he spend on learning english than on learning chinese?", 4),  # noqa: E501
    ("Ann harvests 71 sacks of unripe oranges per day and Tom harvests 60 sacks of ripe oranges per day. How many more sacks of unripe oranges than ripe oranges does Ann harvest per day?", "Ann harvests 71 sacks of unripe oranges and 60 sacks of ripe oranges per day. How many more sacks of unripe oranges than ripe oranges does Ann harvest per day?", 11),  # noqa: E501
    ("Randy uses 27 blocks to build a tower and 53 blocks to build a tower. How many blocks did he use to build the tower and the house?", "Randy uses 27 blocks to build a tower and 53 blocks to build a house. How many blocks did he use to build the tower and the house?", 80),  # noqa: E501
    ("Ryan spent 6 hours on learning english and 7 hours on learning chinese. How many hours did he spend on learning english, chinese and spanish in all?", "Ryan spent 6 hours on learning english and 7 hours on learning chinese. How many hours did he spend on learning english and chinese in all?", 13),  # noqa: E501
    ("Ryan spent 6 hours on learning english. Ann spent 7 hours on learning chinese. How many hours did he spend on learning english and chinese?", "Ryan spent 6 hours on learning english. He spent 7 hours on learning chinese. How many hours did he spend on learning english and chinese?", 13),  # noqa: E501
    ("Ryan will spend 6 hours on learning english and 7 hours on learning chinese. How many hours did he spend on learning english and chinese?", "Ryan spent 6 hours on learning english and 7 hours on learning chinese. How many hours did he spend on learning english and chinese?", 13),  # noqa: E501
    ("Ann picked 6 apples on monday and 7 apples on monday. How many apples did she pick on monday and tuesday?", "Ann picked 6 apples on monday and 7 apples on tuesday. How many apples did she pick on monday and tuesday?", 13),  # noqa: E501
    ("Every day Ryan spends a total of 3 hours on learning english and chinese. If he spends 2 hours on playing chess everyday How many hours does he spend on learning chinese?", "Every day Ryan spends a total of 3 hours on learning english and chinese. If he spends 2 hours on learning english everyday How many hours does he spend on learning chinese?", 1),  # noqa: E501
    ("Every day Ryan spends a total of 3 hours on learning english and chinese. If he spends 2 hours on learning english everyday How many hours does he spend on learning spanish?", "Every day Ryan spends a total of 3 hours on learning english and spanish. If he spends 2 hours on learning english everyday How many hours does he spend on learning spanish?", 1),  # noqa: E501
    ("Every day Ryan spends a total of 3 hours on learning english and chinese. If Ann spends 2 hours on learning english everyday How many hours does he spend on learning chinese?", "Every day Ryan spends a total of 3 hours on learning english and chinese. If Ryan spends 2 hours on learning english everyday How many hours does he spend on learning chinese?", 1),  # noqa: E501
    ("Every day Ryan spends 7 hours on learning english. If he will spend 2 hours more on learning english than on learning chinese, how many hours does he spend on learning chinese?", "Every day Ryan spends 7 hours on learning english. If he spends 2 hours more on learning english than on learning chinese, how many hours does he spend on learning chinese?", 5),  # noqa: E501
    ("Ryan spends 4 hours a day on learning chinese. Ann learns for 6 days. How many hours does Ryan spend on learning chinese in all?", "Ryan spends 4 hours a day on learning chinese. He learns for 6 days. How many hours does Ryan spend on learning chinese in all?", 24),  # noqa: E501
    ("Ryan wants to read 4 pages every day. If he reads for 6 days, how many pages did he read?", "Ryan reads 4 pages every day. If he reads for 6 days, how many pages did he read?", 24),  # noqa: E501
    ("If 42 students suggested adding mashed potatoes while 408 suggested adding bacon to the menu How many more students suggested mashed potatoes than those that suggested bacon?", "If 408 students suggested adding mashed potatoes while 42 suggested adding bacon to the menu How many more students suggested mashed potatoes than those that suggested bacon?", 366),  # noqa: E501
    ("42 students voted for pizza while 408 voted for pasta. How many more students voted for pizza than for pasta?", "408 students voted for pizza while 42 voted for pasta. How many more students voted for pizza than for pasta?", 366),  # noqa: E501
    ("Debby bought 360 soda bottles and 162 water bottles. If she will drink 9 soda bottles a day How many days did the soda bottles last?", "Debby bought 360 soda bottles and 162 water bottles. If she drank 9 soda bottles a day How many days would the soda bottles last?", 40),  # noqa: E501
    ("Rachel had to complete 5 pages of reading homework and yet more pages of math homework. If she had to complete a total of 7 pages of homework How many pages of reading homework did she have to complete?", "Rachel had to complete 5 pages of math homework and yet more pages of reading homework. If she had to complete a total of 7 pages of homework How many pages of reading homework did she have to complete?", 2),  # noqa: E501
    ("Ann has 6 red pens and 2 blue pens. She gave some pens to Bob and now has 5 red pens. How many more red pens than blue pens does Ann have?", "Ann has 6 red pens and 2 blue pens. She gave some pens to Bob and now has 5 red pens and 2 blue pens. How many more red pens than blue pens does Ann have?", 3),  # noqa: E501
    ("He found out that 5 apples fell. He found 3 apples. How many apples did he find?", "He found 5 apples. He found 3 apples. How many apples did he find?", 8),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), TOLD_SIDES)
def test_a_kind_or_side_not_the_asked_one_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


OTHER_PART_REFUSED = [
    # the other part of a whole (:mod:`practiceloop.arith.other_part`): a part of another
    # holder, thing or place, a modal part, a second part, a gathered whole with no "of them"
    ("Mia has 20 hats. Lea has 6 red hats. How many hats are not red?", "Mia has 20 hats. 6 of them are red. How many hats are not red?", 14),  # noqa: E501
    ("A van has 15 seats. 6 chairs are taken. How many seats are free?", "A van has 15 seats. 6 seats are taken. How many seats are free?", 9),  # noqa: E501
    ("A pond has 30 frogs and toads. There are 19 frogs in the lake. How many toads are in the pond?", "A pond has 30 frogs and toads. There are 19 frogs in the pond. How many toads are in the pond?", 11),  # noqa: E501
    ("In a box of 30 pencils, 18 can be sharp. How many pencils are not sharp?", "In a box of 30 pencils, 18 are sharp. How many pencils are not sharp?", 12),  # noqa: E501
    ("In a box of 30 pencils, 18 are sharp and 5 are blue. How many pencils are not sharp?", "In a box of 30 pencils, 18 are sharp. How many pencils are not sharp?", 12),  # noqa: E501
    ("Sam invited 20 kids to his party. 12 kids came. How many kids did not come?", "Sam invited 20 kids to his party. 12 of them came. How many kids did not come?", 8),  # noqa: E501
    ("Sam baked 20 cookies. Tom ate 12 of them. How many cookies did Sam not eat?", "Sam baked 20 cookies and ate 12 of them. How many cookies did he not eat?", 8),  # noqa: E501
    # parts of a whole of named holders (:func:`~practiceloop.arith.chain_clauses.whole_of_them`)
    ("Rosa and Femi have 70 shells together. Ines has 39 of them. How many shells does Femi have?", "Rosa and Femi have 70 shells together. Rosa has 39 of them. How many shells does Femi have?", 31),  # noqa: E501
    ("Rosa and Femi found 70 shells. Femi found 39 shells. How many shells did Rosa find?", "Rosa and Femi found 70 shells. Femi found 39 of them. How many shells did Rosa find?", 31),  # noqa: E501
    # the rest "of" another whole (:func:`~practiceloop.arith.rests.of_the_whole`)
    ("A jar contains 50 marbles. 20 of the beads are blue and the rest are green. How many marbles are green?", "A jar contains 50 marbles. 20 of the marbles are blue and the rest are green. How many marbles are green?", 30),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), OTHER_PART_REFUSED)
def test_a_part_of_another_whole_holder_or_kind_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# One container of a thing as a rate, money held shared by a price, groups of someone's
# ("Leo's sister") (arith/_sharing_checks.py, reader/containers.py): each refused text beside
# a spelled-out variant that closes right.
SHARING_REFUSED = [
    ("A pack of gum has 12 sticks. She bought 4 packs of mints. How many sticks did she buy?", "A pack of gum has 12 sticks. She bought 4 packs of gum. How many sticks did she buy?", 48),  # noqa: E501
    ("Each box of crayons holds 64 crayons. Sam has 3 boxes of markers. How many crayons does Sam have?", "Each box of crayons holds 64 crayons. Sam has 3 boxes of crayons. How many crayons does Sam have?", 192),  # noqa: E501
    ("Nikhil has 80 dollars. How many 8 dollar toys did he buy?", "Nikhil has 80 dollars. How many 8 dollar toys can he buy?", 10),  # noqa: E501
    ("Nikhil has 250 cents. How many 25-cent stamps did he buy?", "Nikhil has 250 cents. How many 25-cent stamps can he buy?", 10),  # noqa: E501
    ("Each pack has 12 sticks. Leo's sister has 4 packs. How many sticks does Leo have?", "Each pack has 12 sticks. Leo has 4 packs. How many sticks does Leo have?", 48),  # noqa: E501
    ("A spider has 8 legs. Leo's sister has 4 spiders. How many legs does Leo have?", "A spider has 8 legs. Leo has 4 spiders. How many legs does Leo have?", 32),  # noqa: E501
    # a sharing told as not done yet, asked as done (main closed these too)
    ("Zoltan will put 98 marbles into 7 equal piles. How many marbles are in each pile now?", "Zoltan will put 98 marbles into 7 equal piles. How many marbles will be in each pile?", 14),  # noqa: E501
    ("Hamid will read a 180-page book in 6 days. How many pages did he read each day?", "Hamid will read a 180-page book in 6 days. How many pages will he read each day?", 30),  # noqa: E501
    # a price asked is the same told as possible: "can be bought" is no move left undone
    ("Ana will share 40 dollars among 8 friends. How much did each friend get?", "8 boxes of tea can be bought with 96 dollars. How much does each box cost?", 12),  # noqa: E501
    ("Ana will cut 72 feet of rope into 9 pieces. How many feet are in each piece now?", "Ana cut 72 feet of rope into 9 pieces. How many feet are in each piece now?", 8),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), SHARING_REFUSED)
def test_a_container_money_or_groups_not_the_asked_ones_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# A verb of manner of motion read as a loss whatever its particle (reader/motion.py): "8 more
# geese flew in" once closed at the start less 8. The direction is now the particle's or the
# goal's, and none told is no reading. Each (text, value it must close at or None for a
# refusal, spelled-out variant, its value).
MOTION_SOUND = [
    ("There were 31 geese on the pond. 8 more geese flew in. How many geese are on the pond now?", 39, "There were 31 geese on the pond. 8 more geese arrived. How many geese are on the pond now?", 39),  # noqa: E501
    ("There were 31 geese on the pond. 8 geese flew down and landed on the pond. How many geese are on the pond now?", 39, "There were 31 geese on the pond. 8 geese came to the pond. How many geese are on the pond now?", 39),  # noqa: E501
    ("A barn held 25 horses. 6 horses ran back. How many horses are in the barn now?", 31, "A barn held 25 horses. 6 horses ran away. How many horses are in the barn now?", 19),  # noqa: E501
    ("A garage held 25 trucks. 6 trucks drove into the garage. How many trucks are in the garage now?", 31, "A garage held 25 trucks. 6 trucks drove out. How many trucks are in the garage now?", 19),  # noqa: E501
    ("A lake had 25 swans. 6 swans swam in. How many swans are in the lake now?", 31, "A lake had 25 swans. 6 swans swam off. How many swans are in the lake now?", 19),  # noqa: E501
    ("A hall had 25 guests. 6 more guests walked in. How many guests are in the hall now?", 31, "A hall had 25 guests. 6 guests walked home. How many guests are in the hall now?", 19),  # noqa: E501
    ("A hall had 25 guests. 6 guests walked. How many guests are in the hall now?", None, "A hall had 25 guests. 6 guests left. How many guests are in the hall now?", 19),  # noqa: E501
    ("A field had 25 hares. 6 hares hopped around. How many hares are in the field now?", None, "A field had 25 hares. 6 hares hopped away. How many hares are in the field now?", 19),  # noqa: E501
    ("There were 31 geese on the pond. 8 geese flew into the barn. How many geese are on the pond now?", None, "There were 31 geese on the pond. 8 geese flew away. How many geese are on the pond now?", 23),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value", "spelled", "spelled_value"), MOTION_SOUND)
def test_a_manner_of_motion_moves_the_way_its_particle_tells(
    text: str, value: int | None, spelled: str, spelled_value: int
) -> None:
    category, found, _ = verdict(text)
    if value is None:
        assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found
    else:
        assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value
    category, found, _ = verdict(spelled)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == spelled_value


# A part of another holder summed beside filled groups (reader/held_with.py and
# parts_of_the_asked_holder): "a crab with 10 legs" once closed as legs of the ants asked.
HOLDER_REFUSED = [
    ("There are 6 ants on a log. Each ant has 6 legs. A crab with 10 legs is also on the log. How many legs do the ants have in all?", "There are 6 ants on a log. Each ant has 6 legs. A crab with 10 legs is also on the log. How many legs are on the log in all?", 46),  # noqa: E501
    ("There are 5 crates in a van. Each crate has 12 jars. A bag with 4 jars is also in the van. How many jars do the crates have in all?", "There are 5 crates in a van. Each crate has 12 jars. A bag with 4 jars is also in the van. How many jars are in the van in all?", 64),  # noqa: E501
    ("There are 6 ants on a log. Each ant has 6 legs. A crab with 10 legs is also on the log. The ants have how many legs?", "There are 6 ants on a log. Each ant has 6 legs. The ants have how many legs?", 36),  # noqa: E501
    # the holder asked as the place: "in the jars" holds no roll of the tin
    ("There are 5 jars. Each jar has 9 rolls. A tin with 4 rolls is also there. How many rolls are in the jars?", "There are 5 jars. Each jar has 9 rolls. A tin with 4 rolls is also there. How many rolls are there in all?", 49),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), HOLDER_REFUSED)
def test_a_part_of_another_holder_is_no_part_of_the_asked_sum(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value, direct=True)


# A question asking of a place the text never names (found probing the motion verbs, closed
# wrong on main too): "12 kids were at the pool. 8 more came. How many are at the store?"
PLACE_REFUSED = [
    ("There were 14 cats in the barn. 5 more cats walked in. How many cats are in the shed now?", "There were 14 cats in the barn. 5 more cats walked in. How many cats are in the barn now?", 19),  # noqa: E501
    ("There were 14 cats in the barn. 5 more cats came. How many cats are on the porch now?", "There were 14 cats in the barn. 5 more cats came. How many cats are in the barn now?", 19),  # noqa: E501
    ("Ivo had 14 plums. He bought 5 more. How many plums are in his basket now?", "Ivo had 14 plums in his basket. He bought 5 more. How many plums are in his basket now?", 19),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PLACE_REFUSED)
def test_a_place_the_text_never_names_is_refused(refused: str, spelled: str, value: int) -> None:
    category, found, codes = verdict(refused)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found
    category, found, _ = verdict(spelled)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value


# Money spent on equal groups out of a holding, the rest asked (groups_moved with the result;
# found by probing that reading): each wrong neighbour is refused for the reason it gives, beside
# a spelled-out variant that closes right.
SPENT_GROUPS_REFUSED = [
    # the total paid bought another thing too
    ("Mara has $40. She buys 3 lamps that cost $9 each and a rug. How much money does Mara have left?", "unit_consistency:total_for_other_things", "Mara has $40. She buys 3 lamps that cost $9 each. How much money does Mara have left?", 13),  # noqa: E501
    # the price was told of another time than the purchase
    ("Mara has $40. Last year lamps cost $9 each. She buys 3 lamps. How much money does Mara have left?", "unit_consistency:rate_time_mismatch", "Mara has $40. She buys 3 lamps that cost $9 each. How much money does Mara have left?", 13),  # noqa: E501
    # a count of things that is no whole number
    ("Mara bought 2.5 shirts for $8 each. How much did she pay?", "result_domain:non_integer_count", "Mara bought 2.5 pounds of cheese at $8 per pound. How much did she pay?", 20),  # noqa: E501
    # the answer asked in another unit than any amount told
    ("Mara has $40. She buys 3 lamps that cost $9 each. How much money does Mara have left in euros?", "target_continuity:target_unit_unread", "Mara has $40. She buys 3 lamps that cost $9 each. How much money does Mara have left in dollars?", 13),  # noqa: E501
    ("Mara has $40. She buys 3 lamps that cost $9 each. How much money does Mara have left in cents?", "target_continuity:target_unit_unread", "Mara has $40. She buys 3 lamps that cost $9 each. How many dollars does Mara have left?", 13),  # noqa: E501
    # "2 of them" after a price counts lessons, not dollars
    ("Mara takes 8 swimming lessons that cost $6 each, but she gets 2 of them for free. How much does she pay?", "quantities_unaccounted", "Mara takes 8 swimming lessons that cost $6 each. How much does she pay?", 48),  # noqa: E501
    # the groups not moved yet
    ("Jun had 60 marbles. He will give 4 marbles to each of his 11 friends. How many marbles does Jun have now?", "target_continuity:move_not_done", "Jun had 60 marbles. He gave 4 marbles to each of his 11 friends. How many marbles does Jun have now?", 16),  # noqa: E501
    # a move that fell short, and a sale told with what the things cost
    ("Mara has $40. She almost bought 3 lamps that cost $9 each. How much money does Mara have left?", "negated_move_present", "Mara has $40. She bought 3 lamps that cost $9 each. How much money does Mara have left?", 13),  # noqa: E501
    ("Mara had 40 lamps. She nearly gave away 9 lamps. How many lamps does Mara have now?", "negated_move_present", "Mara had 40 lamps. She gave away 9 lamps. How many lamps does Mara have now?", 31),  # noqa: E501
    ("Mara has $40. She sells 3 lamps that cost $9 each. How much money does Mara have now?", None, "Mara has $40. She sells 3 lamps for $9 each. How much money does Mara have now?", 67),  # noqa: E501
    ("Mara has $40. She will buy 3 lamps that cost $9 each. How much money does Mara have now?", "target_continuity:move_not_done", "Mara has $40. She will buy 3 lamps that cost $9 each. How much money will Mara have left?", 13),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "code", "spelled", "value"), SPENT_GROUPS_REFUSED)
def test_groups_spent_out_of_a_holding_refuse_their_neighbours(
    refused: str, code: str | None, spelled: str, value: int
) -> None:
    category, found, codes = verdict(refused)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found
    assert code is None or code in codes  # None: no relation proposed at all
    category, found, _ = verdict(spelled)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value


# A sharing or filled groups read as a step only as told (issue 15, h36): a sharing not done
# yet asked as done, groups listed with other groups, a sharing of "they" asked of one of them,
# groups gained after the move or a move of another time.
SHARES_AS_TOLD = [
    ("Mele picked 42 figs. She will pack them in 6 boxes. How many figs are in each box now?", "Mele picked 42 figs. She packed them in 6 boxes. How many figs are in each box now?", 7),  # noqa: E501
    ("Mele picked 42 figs. She packed them in 6 boxes and 3 bags. How many figs were in each box?", "Mele picked 42 figs. She packed them in 6 boxes. How many figs were in each box?", 7),  # noqa: E501
    ("Joon baked 25 buns and Ada baked 15. They put all the buns in bags of 5. How many bags did Joon fill?", "Joon baked 25 buns and Ada baked 15. They put all the buns in bags of 5. How many bags did they fill?", 8),  # noqa: E501
    ("Joon ate 9 buns. He baked 5 trays with 6 buns on each tray. How many buns are left?", "Joon baked 5 trays with 6 buns on each tray. He ate 9 buns. How many buns are left?", 21),  # noqa: E501
    ("Joon had 5 trays with 6 buns on each tray on Friday. On Saturday he ate 9 buns. How many buns did he have on Saturday morning before he ate?", "Joon had 5 trays with 6 buns on each tray on Friday. On Saturday he ate 9 buns. How many buns did he have on Friday?", 30),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), SHARES_AS_TOLD)
def test_a_sharing_or_groups_not_as_told_are_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# Filled groups and more of one move (issue 15, h36): a move told not done ("will") asked as
# done, an item listed with no amount, two owners' moves.
ONE_MOVE_IN_ALL = [
    ("Tanvir will drive 55 miles an hour for 4 hours and then drive 30 more miles. How far did he drive in all?", "Tanvir drove 55 miles an hour for 4 hours and then drove 30 more miles. How far did he drive in all?", 250),  # noqa: E501
    ("Nadia bought 4 pens at $5 each, a notebook for $9 and a cake. How much did she spend?", "Nadia bought 4 pens at $5 each and a notebook for $9. How much did she spend?", 29),  # noqa: E501
    ("Nadia bought 4 pens at $5 each and a notebook for $9. How much did her mom spend?", "Nadia bought 4 pens at $5 each and a notebook for $9. How much did she spend?", 29),  # noqa: E501
    ("Nadia bought 4 pens at $5 each and a notebook for $9 on Monday. How much will she spend on Tuesday?", "Nadia bought 4 pens at $5 each and a notebook for $9. How much did she spend?", 29),  # noqa: E501
    ("Nadia bought 4 pens at $5 each and Omar bought a notebook for $9. How much did Nadia spend?", "Nadia bought 4 pens at $5 each and a notebook for $9. How much did Nadia spend?", 29),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), ONE_MOVE_IN_ALL)
def test_groups_and_more_not_one_move_done_are_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# Money told in cents moves as money (lexicon.direction_key): "bought 3 erasers for 15 cents
# each" once closed at the cents held plus the price paid, read as a gain of the erasers.
# Each (text, the value it must close at), beside its spelled-out variant in dollars.
MONEY_IN_CENTS = [
    ("Nia had 84 cents. She bought 3 erasers for 15 cents each. How many cents does she have left?", 39, "Nia had $84. She bought 3 erasers for $15 each. How much money does she have left?", 39),  # noqa: E501
    ("Nia had 90 cents. She bought a pen for 25 cents. How many cents does she have left?", 65, "Nia had $90. She bought a pen for $25. How much money does she have left?", 65),  # noqa: E501
    # it once gained the 35 cents, then was refused (role_incompatible): now it spends them
    ("Nick had 50 cents. He bought a pencil for 35 cents. How many cents does he have now?", 15, "Nick had $50. He bought a pencil for $35. How much money does he have now?", 15),  # noqa: E501
    ("Nia had 50 cents. She sold a pen for 25 cents. How many cents does she have now?", 75, "Nia had $50. She sold a pen for $25. How much money does she have now?", 75),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("text", "value", "spelled", "spelled_value"), MONEY_IN_CENTS)
def test_money_in_cents_moves_as_money(
    text: str, value: int, spelled: str, spelled_value: int
) -> None:
    category, found, _ = verdict(text)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value
    category, found, _ = verdict(spelled)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == spelled_value


# Rates told in general English (issue 15, the rates helper round). Each refused text is a
# wrong neighbour of a new rate reading (its own rule's tests are in test_rate_readings.py,
# test_capacity.py and reader/test_rates.py): found by probing, it either closed wrong on the
# tree before this round ("How many apples are in a box?" closed at 24, the box count times
# the rate) or closed wrong while the round was built ("another mailman" at 20). The
# spelled-out variant beside each closes right.
RATES_REFUSED = [
    ("Each box holds 6 apples. There are 4 boxes. How many apples are in a box?", None),
    ("There are 4 boxes with 6 apples in each box. How many apples are in a box?", None),
    ("A mailman gives 3 letters to each house. Another mailman gives 60 letters to each block. How many houses are in a block?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    ("There are 6 houses on a street. A mailman gives 24 letters to each block. How many letters does he give each house?", None),  # noqa: E501
    ("Ivy makes $3 off each cake sold. She baked 12 cakes. How much money did she make?", None),
    ("A loom can make 4 scarves a minute. It rested for 5 minutes. How many scarves did it make?", None),  # noqa: E501
    # a stock lasts against a using up, of the asked kind only
    ("Ivy bought 360 soda cans. She bought 9 soda cans a day. How many days would the soda cans last?", "target_continuity:rate_not_used_up"),  # noqa: E501
    ("Ivy bought 360 soda cans and 162 lime cans. She drank 9 cans a day. How many days would the soda cans last?", "target_continuity:target_kind_unread"),  # noqa: E501
    # a purchase not made yet, asked as spent (closed at 100 on the tree before this round)
    ("Each cap costs $5. Ann will buy 20 caps. How much did she spend?", "target_continuity:move_not_done"),  # noqa: E501
    ("Each cap costs $5. Ann wants to buy 20 caps. How much did she spend?", "target_continuity:move_not_done"),  # noqa: E501
    ("A shop makes $5 off each cap and $9 off each scarf. It will sell 20 caps. How much money did it make from selling the caps?", None),  # noqa: E501
    # money of the caps asked, the caps bought, not sold
    ("A shop makes $5 off each cap and $9 off each scarf. It bought 20 caps. How much money did it make from selling the caps?", None),  # noqa: E501
    # a price asked per a thing over containers of it, or at another time (each closed at 20
    # on the tree before this round)
    ("Tom paid 120 dollars for 6 packs of pens. How much does each pen cost?", "target_continuity:group_unit_mismatch"),  # noqa: E501
    ("Tom paid 120 dollars for 6 packs of pens last year. How much does each pack cost now?", "target_continuity:target_side_mismatch"),  # noqa: E501
    ("Tom paid 120 dollars for 6 packs of pens. How much did each pack cost last year?", "target_continuity:target_side_mismatch"),  # noqa: E501
    # the same number of another thing says nothing of the asked one
    ("Tom has 7 shelves, each having the same number of pens. He has 28 books in all. How many books are on each shelf?", None),  # noqa: E501
    # a rate of a thing counted nowhere else may still be the groups of the other rate (the
    # first cut of rate_of_an_untold_thing closed two GSM8K problems of this shape wrong)
    ("Each truck uses 3 tanks with a capacity of 150 liters. There are 3 trucks. How many liters can the trucks carry?", None),  # noqa: E501
    ("Each wall has 30 bricks in a single row and there are 50 rows in each wall. How many bricks are in 2 walls?", None),  # noqa: E501
    # things grouped together, or two things asked, are no size of one of them (each closed
    # at a part's value while the grouped-things reading was built)
    ("There are 40 apples and 30 pears. If the apples and pears are organized into 10 groups How big is each group?", None),  # noqa: E501
    ("There are 40 apples and 30 pears. If the apples are organized into 8 groups and the pears are organized into 5 groups How big is each group of apples and pears?", None),  # noqa: E501
    # groups of another thing, beside other containers, or of a person a question pronoun
    # need not be (each closed at the groups' product on the tree before this round)
    ("Tom had 6 packs of pens. Each pack has 14 pencils. How many pencils does he have?", "unit_consistency:group_unit_mismatch"),  # noqa: E501
    ("Tom had 3 boxes and 5 bags. Each bag has 4 apples. How many apples does Tom have?", "target_continuity:total_of_other_groups"),  # noqa: E501
    ("She likes pencils. Tom had 6 packs of pencils. Each pack has 14 pencils. How many pencils does she have?", "target_continuity:target_owner_mismatch"),  # noqa: E501
    # a total, a rate or a time told not done yet, asked as done (found by probing)
    ("The shop makes $ 4 off each cap sold. It will make $ 48 by selling caps. How many caps did it sell?", "target_continuity:move_not_done"),  # noqa: E501
    ("There are 20 houses in a block. Leo will give 3 cards to each house. How many cards did he give to each block?", "target_continuity:move_not_done"),  # noqa: E501
    ("It takes Ann 3 days to read each book. She will read for 12 days. How many books did she read?", "target_continuity:move_not_done"),  # noqa: E501
    # a time per thing of one person, the time worked of another
    ("It takes Ann 3 days to read each book. Tom read for 12 days. How many books did Ann read?", "target_continuity:target_owner_mismatch"),  # noqa: E501
]  # fmt: skip
RATES_SPELLED = [
    ("Each box holds 6 apples. There are 4 boxes. How many apples are there in all?", 24),
    ("There are 4 boxes with 6 apples in each box. How many apples are in the boxes?", 24),
    ("A mailman gives 3 letters to each house. He gives 60 letters to each block. How many houses are in a block?", 20),  # noqa: E501
    ("There are 6 houses on a block. A mailman gives 24 letters to each block. How many letters does he give each house?", 4),  # noqa: E501
    ("Ivy makes $3 off each cake sold. She sold 12 cakes. How much money did she make?", 36),
    ("A loom can make 4 scarves a minute. It worked for 5 minutes. How many scarves did it make?", 20),  # noqa: E501
    ("Ivy bought 360 soda cans and 162 lime cans. She drank 122 lime cans and 9 soda cans a day. How many days would the soda cans last?", 40),  # noqa: E501
    ("Ivy bought 360 soda cans. She drank 9 soda cans a day. How many days would the soda cans last?", 40),  # noqa: E501
    ("Ivy bought 360 soda cans and 162 lime cans. She drank 9 soda cans a day. How many days would the soda cans last?", 40),  # noqa: E501
    # the sum of both kinds shared by the rate of one kind (once closed at 58 while building
    # "last": a sum shared holds no kind but the asked one, _composed_units._kind_of)
    ("Ivy bought 351 soda cans and 9 lime cans. She drank 9 soda cans a day. How many days would the soda cans last?", 39),  # noqa: E501
    ("Each cap costs $5. Ann will buy 20 caps. How much will she spend?", 100),
    ("Each cap costs $5. Ann bought 20 caps. How much did she spend?", 100),
    ("A shop makes $5 off each cap and $9 off each scarf. It sold 20 caps and 4 scarves. How much money did it make from selling the caps?", 100),  # noqa: E501
    ("Tom paid 120 dollars for 6 packs of pens. How much did each pack cost?", 20),
    ("6 packs of pens can be bought with 120 dollars. How much does each pack cost?", 20),
    ("Tom has 7 shelves, each having the same number of books. He has 28 books in all. How many books are on each shelf?", 4),  # noqa: E501
    ("Each book had 66 pages and it took Lee 12 days to finish each book. He took 48 days to finish all books. How many books did he read?", 4),  # noqa: E501
    ("It takes Ann 3 days to read each book. She read for 12 days. How many books did she read?", 4),  # noqa: E501
    ("There are 40 apples and 30 pears. If the apples are organized into 8 groups and the pears are organized into 5 groups How big is each group of apples?", 5),  # noqa: E501
    ("Tom had 6 packs of pencils. Each pack has 14 pencils. How many pencils does he have?", 84),
    ("Tom had 3 boxes and 5 bags. Each bag has 4 apples. How many apples are in the bags?", 20),
    ("Faye had 6 packs of pencils, each with 14 pencils. How many pencils does she have?", 84),
    ("It takes Ann 3 days to read each book. She will read for 12 days. How many books will she read?", 4),  # noqa: E501
    ("Will earns 8 dollars an hour. Will worked 5 hours. How much money did Will earn?", 40),
]  # fmt: skip


@pytest.mark.parametrize(("text", "code"), RATES_REFUSED)
def test_a_rate_of_another_group_worker_or_verb_is_refused(text: str, code: str | None) -> None:
    category, value, codes = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value
    assert code is None or code in codes, sorted(codes)


@pytest.mark.parametrize(("text", "value"), RATES_SPELLED)
def test_a_rate_told_in_general_english_closes_right(text: str, value: int) -> None:
    category, found, _ = verdict(text)
    assert category is Category.CLOSED_UNIQUE and found == value


def test_a_list_whose_verb_is_said_once_sets_the_other_kind_aside() -> None:
    """ "fill 40 drums of grapes per day and 16 drums of plums per day": the verb is read
    with the first amount only, the list is one all the same (the plums set aside), and the
    whole of both kinds asked stays refused."""
    text = "They fill 40 drums of grapes per day and 16 drums of plums per day. "
    category, found, _ = verdict(text + "How many drums of grapes are filled in 3 days?")
    assert category is Category.CLOSED_UNIQUE and found == 120
    category, found, _ = verdict(text + "How many drums are filled in 3 days?")
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), found


# The merge of the rates round (issue-15-h24) with main (c0441d3): closures the two rule sets
# made together, each refused text beside a spelled-out variant that closes right.
MERGED_REFUSED = [
    # a planned giving's recipients asked as held, the giver another than the holder
    "Ann bought 20 caps. Tom will give 4 caps to each friend. How many friends does Ann have?",
    # ... or the total itself not bought yet
    "Ann will buy 20 caps. She gives 4 caps to each friend. How many friends does she have?",
    # money of both things sold asked, each thing's rate beside the other's
    "A shop makes $5 off each cap and $9 off each scarf. It sold 20 caps and 4 scarves. How much money did it make?",  # noqa: E501
    # tellers that tell nothing, or what they told said of each of them
    "Tom was told by 5 of the apples that they pack 40 boxes in 8 days. How many boxes are packed each day?",  # noqa: E501
    "He was told by 12 of the workers that they each pack 40 boxes per day. How many days will it take to pack 200 boxes?",  # noqa: E501
    # two things asked of one group
    "There are 40 apples and 30 pears. If the apples are organized into 8 groups and the pears are organized into 5 groups How big is each group of apples and pears?",  # noqa: E501
]  # fmt: skip

MERGED_CLOSES = [
    ("Ann bought 20 caps. She plans to give 4 caps each to her friends. How many friends does she have?", 5),  # noqa: E501
    ("A shop makes $5 off each cap and $9 off each scarf. It sold 20 caps and 4 scarves. How much money did it make from selling the scarves?", 36),  # noqa: E501
    ("Tom was told by 5 of the workers that they pack 40 boxes in 8 days. How many boxes are packed each day?", 5),  # noqa: E501
    ("There are 40 apples and 30 pears. If the apples are organized into 8 groups and the pears are organized into 5 groups How big is each group of pears?", 6),  # noqa: E501
    ("Debby bought 360 soda bottles and 162 water bottles. If she drank 122 water bottles and 9 soda bottles a day How many days would the soda bottles last?", 40),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize("text", MERGED_REFUSED)
def test_a_closure_of_the_two_merged_rule_sets_is_refused(text: str) -> None:
    category, value, _ = verdict(text)
    assert category not in (Category.DIRECT, Category.CLOSED_UNIQUE), value


@pytest.mark.parametrize(("text", "value"), MERGED_CLOSES)
def test_its_spelled_out_variant_closes_right(text: str, value: int) -> None:
    category, found, _ = verdict(text)
    assert category in (Category.DIRECT, Category.CLOSED_UNIQUE) and found == value


# A past state told before a later move ("she had 36 left. Then she bought 10 more"): once
# read as the end of a chain of both moves (50 - x + 10 = 36); the state ends only the moves
# told before it. Each spelled-out variant tells the state after every move.
STATE_BEFORE_A_MOVE = [
    ("Linda had 50 balloons. Some balloons popped and she had 36 left. Then she bought 10 more. How many balloons popped?", "Linda had 50 balloons. Then she bought 10 more. Some balloons popped and she had 36 left. How many balloons popped?", 24),  # noqa: E501
    ("Tom had 40 cards. He gave some to Ann and had 25 left. Then he bought 7 cards. How many cards did he give to Ann?", "Tom had 40 cards. He bought 7 cards. Then he gave some to Ann and had 25 left. How many cards did he give to Ann?", 22),  # noqa: E501
    ("Tom had 40 cards. He sold some and had 25 cards. After that he won 7 cards. How many cards did he sell?", "Tom had 40 cards. He won 7 cards. After that he sold some and had 25 cards. How many cards did he sell?", 22),  # noqa: E501
    # an amount told after a move with a verb of no holding is no start (20 + 7 = 27)
    ("Jim bought 4 packs of gum with 5 pieces in each pack. He chewed 7 pieces. How many pieces does he have left?", "Jim bought 4 packs of gum with 5 pieces in each pack. He ate 7 pieces. How many pieces does he have left?", 13),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), STATE_BEFORE_A_MOVE)
def test_a_past_state_ends_only_the_moves_before_it(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# A gift read for its receiver, and what it leaves unsaid: whose things "4 of them" were, a
# gift only wanted, and what the giver holds. Each refused text once closed (at 13, 13, 5).
GIFTS = [
    ("Ann had 9 limes. Her mom gave her 4 of them. How many limes does Ann have now?", "Ann had 9 limes. Her mom gave her 4 limes. How many limes does Ann have now?", 13),  # noqa: E501
    ("Ann had 9 limes. Sara wanted to give her 4 limes. How many limes does Ann have now?", "Ann had 9 limes. Sara gave her 4 limes. How many limes does Ann have now?", 13),  # noqa: E501
    ("Ann had 9 limes. Sara gave her 4 limes. How many more limes does Ann have than Sara?", "Ann had 9 limes. Sara had 4 limes. How many more limes does Ann have than Sara?", 5),  # noqa: E501
    # another school's gift is not the school's loss
    ("The school bought 24 boxes of pencils. Each box has 12 pencils. Another school gave away 30 pencils. How many pencils does the school have now?", "The school bought 24 boxes of pencils. Each box has 12 pencils. The school gave away 30 pencils. How many pencils does the school have now?", 258),  # noqa: E501
    # a holding compared beside a move: what Lena found, what Omar finds, is not what they have
    ("Omar has 9 more shells than Lena. If Lena finds 11 shells, how many shells does Omar have?", "Omar has 9 more shells than Lena. If Lena has 11 shells, how many shells does Omar have?", 20),  # noqa: E501
    ("Omar has 9 more shells than Lena. If Lena has 11 shells, how many shells does Omar find?", "Omar has 9 more shells than Lena. If Lena has 11 shells, how many shells does Omar have?", 20),  # noqa: E501
    # the sharers are the friends and Tom: 7, not 6
    ("A box has 24 chocolates. Tom shared them equally among 6 friends and himself. How many chocolates did each friend get?", "A box has 24 chocolates. Tom shared them equally among 6 friends. How many chocolates did each friend get?", 4),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), GIFTS)
def test_a_gift_tells_only_what_it_moves(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- whom a pronoun names, and whose money pays (arith/antecedents.py, _possessor_checks.py) --
# Each closed wrong before the antecedent was fixed by the text: the coreference operator (or an
# organ that ignores owners) let whichever person closed stand for the pronoun. Now a pronoun
# names the one person before it who agrees with it in gender and number (gender-guesser's
# strict answers), a gendered pronoun that agrees with no one named is refused, and "with
# Nikhil's money" refuses any other holder's money. Beside each, a spelled-out variant closes.
PRONOUN_REFUSED = [
    # "He" can only be Tom: Ann's caps are not his to give
    ("Ann bought 20 caps. Tom is here. He gave 4 caps each to his friends. How many friends does Ann have?",  # noqa: E501
     "Ann bought 20 caps. Tom is here. She gave 4 caps each to her friends. How many friends does Ann have?", 5),  # noqa: E501
    # "She" may be Ann or Mia: the text does not say, so practice may not choose
    ("Ann bought 20 caps. Mia is here. She gave 4 caps each to her friends. How many friends does Ann have?",  # noqa: E501
     "Ann bought 20 caps. Mia is here. Ann gave 4 caps each to her friends. How many friends does Ann have?", 5),  # noqa: E501
    # "his" agrees with no one named: whoever he is, his hats are not Mia's
    ("Mia has 20 hats. 6 are red. How many of his hats are not red?",
     "Mia has 20 hats. 6 are red. How many of her hats are not red?", 14),
    # two men named: "He" is either
    ("Omar had 12 apples. Ben had 5 apples. He gave 3 apples away. How many apples does Ben have now?",  # noqa: E501
     "Omar had 12 apples. Ann had 5 apples. She gave 3 apples away. How many apples does Ann have now?", 2),  # noqa: E501
    # the question's "she" names no one the story does
    ("Omar had 12 apples. He ate 3 apples. How many apples does she have now?",
     "Omar had 12 apples. He ate 3 apples. How many apples does he have now?", 9),
    # a title decides over the name: "Mr. Jackson" is no "she"
    ("Mr. Jackson had 12 apples. Ann is here. She ate 3 apples. How many apples does Mr. Jackson have now?",  # noqa: E501
     "Mrs. Jackson had 12 apples. She ate 3 apples. How many apples does she have now?", 9),
    # "with Nikhil's money": Ana's 100 cents do not pay
    ("Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Ana buy with Nikhil's money?",  # noqa: E501
     "Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Nikhil buy with his money?", 10),  # noqa: E501
    # "with his money" when only Nikhil is a "he"
    ("Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Ana buy with his money?",
     "Nikhil has 250 cents. Ana has 100 cents. How many 25-cent stamps can Ana buy with her money?", 4),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PRONOUN_REFUSED)
def test_a_pronoun_names_whom_the_text_fixes(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# Found by probing the kind reading (arith/kind_sides.py): a word of a holder's name read as a
# kind ("5 fewer omar marbles") once closed as a third kind; two possessed places ("in Ada's
# box", "in Ben's box") once read as one place. Each is refused now beside the text that says
# one kind of one holder at one place.
KIND_SIDES = [
    ("Omar has 12 green marbles. He has 5 fewer omar marbles than green marbles. How many marbles does Omar have in all?", "Omar has 12 green marbles. He has 5 fewer red marbles than green marbles. How many marbles does Omar have in all?", 19),  # noqa: E501
    ("There are 6 round beads in Ada's box. There are 4 more square beads than round beads in Ben's box. How many beads are there in all?", "There are 6 round beads in Ada's box. There are 4 more square beads than round beads in Ada's box. How many beads are there in all?", 16),  # noqa: E501
    ("Lucia is 131 centimeters tall. Ana is 140 centimeters tall. She is 7 centimeters taller than Tomas. How tall is Tomas?", "Lucia is 131 centimeters tall. Ana is 140 centimeters tall. Ana is 7 centimeters taller than Tomas. How tall is Tomas?", 133),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), KIND_SIDES)
def test_a_kind_or_a_measure_of_another_holder_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


def test_kinds_read_whole_close_at_their_sum() -> None:
    """A class-D text (a comparison's sides from another sentence) read whole by the kind
    reading: red 16, green 12 more, both in the bowl: 44, never one side or 28."""
    text = "There are 12 more green apples than red apples in a bowl. There are 16 red apples. How many apples are there in the bowl?"  # noqa: E501
    category, found, _ = verdict(text)
    assert category is Category.CLOSED_UNIQUE and found == 44


# --- a place's moves (arith/reader/place_moves.py) -------------------------------------------
# "took 22 from the drawer and 5 from the box" closed at 15 before the clause's second amount
# was refused: the 5 shared the taking's cue and was read as the drawer's loss too; a move of
# the mover's own things beside the place's closed too (below). The other
# place, the mover asked and a move not done never closed; kept here beside their spelled-out
# variants.
PLACE_MOVES_REFUSED = [
    # the mover's own things in the story too: closed at 17 / 25 / 15 before read_place_moves
    # read all or none
    ("There were 42 pencils in the drawer. Dan took 22 pencils from the drawer. Then Dan lost 3 pencils. How many pencils are in the drawer now?", "There were 42 pencils in the drawer. Dan took 22 pencils from the drawer. Then Dan took 3 pencils from the drawer. How many pencils are in the drawer now?", 17),  # noqa: E501
    ("There are 15 books on the shelf. Tom bought 4 books. Tom put 6 more books on the shelf. How many books are on the shelf now?", "There are 15 books on the shelf. Tom put 4 books on the shelf. Tom put 6 more books on the shelf. How many books are on the shelf now?", 25),  # noqa: E501
    ("There were 42 pencils in the drawer, and Dan lost 5 pencils. Dan took 22 pencils from the drawer. How many pencils are left?", "There were 42 pencils in the drawer. Dan took 5 pencils from the drawer. Dan took 22 pencils from the drawer. How many pencils are left?", 15),  # noqa: E501
    ("There were 42 pencils in the drawer. Dan took 22 pencils from the drawer and 5 pencils from the box. How many pencils are in the drawer now?", "There were 42 pencils in the drawer. Dan took 22 pencils from the drawer. Amy took 5 pencils from the drawer. How many pencils are in the drawer now?", 15),  # noqa: E501
    ("There were 42 pencils in the drawer. Dan took 22 pencils from the box. How many pencils are in the drawer now?", "There were 42 pencils in the drawer. Dan took 22 pencils from the drawer. How many pencils are in the drawer now?", 20),  # noqa: E501
    # closed at 43 and 77 before _more_told_after and _same_side
    ("There were 60 candies in the jar. Omar took 17 candies from the jar on Monday and some on Tuesday. How many candies are in the jar now?", "There were 60 candies in the jar. Omar took 17 candies from the jar on Monday. How many candies are in the jar now?", 43),  # noqa: E501
    ("There were 60 candies in the jar. Omar put 17 candies on the jar. How many candies are in the jar now?", "There were 60 candies in the jar. Omar put 17 candies into the jar. How many candies are in the jar now?", 77),  # noqa: E501
    ("There are 15 books on the shelf. Tom will put 6 more books on the shelf. How many books are on the shelf now?", "There are 15 books on the shelf. Tom put 6 more books on the shelf. How many books are on the shelf now?", 21),  # noqa: E501
    ("There are 15 books on the shelf. Tom put 6 more books on the shelf. How many books does Tom have?", "There are 15 books on the shelf. Tom put 6 more books on the shelf. How many books are on the shelf now?", 21),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PLACE_MOVES_REFUSED)
def test_a_move_of_another_place_or_amount_is_not_the_places(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- one holder's two sides, one a multiple of the other (arith/scale_pairs.py) --------------
# "Leo read 40 pages on Monday and half as many on Tuesday. How many pages does Leo read?"
# closed at 60 before _asked_of held the question's "does" to a verb told in the present ("read"
# tells no tense by its spelling: its times are past). The other refusals hold the multiple's
# base to the amount the text tells (never whichever closes), a collective to the kinds it
# names, and the question to the body's holder, place, time and sides.
PAIR_REFUSED = [
    ("Ona read 30 pages on Friday and twice as many on Saturday. How many pages does Ona read?", "Ona read 30 pages on Friday and twice as many on Saturday. How many pages did Ona read?", 90),  # noqa: E501
    ("Ona has 30 figs and twice as many plums as Eli. How many fruits does Ona have?", "Ona has 30 figs and twice as many plums. How many fruits does Ona have?", 90),  # noqa: E501
    ("Ona has 30 figs and twice as many plums as last year. How many fruits does Ona have?", "Ona has 30 figs and twice as many plums as figs. How many fruits does Ona have?", 90),  # noqa: E501
    ("Ona has 30 figs and twice as many plums. How many animals does Ona have?", "Ona has 30 figs and twice as many plums. How many fruits does Ona have?", 90),  # noqa: E501
    ("Ona has 30 figs, 4 pears and twice as many plums. How many plums does Ona have?", "Ona has 30 figs and twice as many plums. How many plums does Ona have?", 60),  # noqa: E501
    ("Ona has 30 figs and will have twice as many plums. How many fruits does Ona have?", "Ona has 30 figs and has twice as many plums. How many fruits does Ona have?", 90),  # noqa: E501
    ("Ona sold 30 figs on Friday and twice as many on Saturday. How many figs did Ona sell on Sunday?", "Ona sold 30 figs on Friday and twice as many on Saturday. How many figs did Ona sell on Saturday?", 60),  # noqa: E501
    ("Ona sold 30 figs on Friday and twice as many on Saturday. How many more figs did Ona sell on Friday than on Saturday?", "Ona sold 30 figs on Friday and twice as many on Saturday. How many more figs did Ona sell on Saturday than on Friday?", 30),  # noqa: E501
    ("Ona sold twice as many plums as figs. Eli sold 30 figs. How many fruits did Ona sell?", "Ona sold twice as many plums as figs. She sold 30 figs. How many fruits did Ona sell?", 90),  # noqa: E501
    ("Ona has 30 figs. Eli has 4 figs. Max has twice as many. How many figs does Max have?", "Ona has 30 figs. Max has twice as many. How many figs does Max have?", 60),  # noqa: E501
    ("There are 30 red figs on the tray and twice as many green figs. How many figs are on the tray?", "There are 30 red figs and twice as many green figs on the tray. How many figs are on the tray?", 90),  # noqa: E501
    ("There are 30 red figs and twice as many green figs on the tray. How many figs are in the bowl?", "There are 30 red figs and twice as many green figs on the tray. How many figs are on the tray?", 90),  # noqa: E501
    ("On Friday, Tom sold 30 figs. On Saturday, she sold twice as many. How many figs did Tom sell?", "On Friday, Tom sold 30 figs. On Saturday, he sold twice as many. How many figs did Tom sell?", 90),  # noqa: E501
    ("On Friday, Ona sold 30 figs. On Saturday, Eli sold twice as many. How many figs did Ona sell?", "On Friday, Ona sold 30 figs. On Saturday, she sold twice as many. How many figs did Ona sell?", 90),  # noqa: E501
    ("Ona sold 30 figs. On Saturday, she sold twice as many. How many figs did Ona sell?", "Ona sold 30 figs on Friday. On Saturday, she sold twice as many. How many figs did Ona sell?", 90),  # noqa: E501
    ("Ona has 30 figs and twice as many plums. How many figs and pears does Ona have?", "Ona has 30 figs and twice as many plums. How many figs and plums does Ona have?", 90),  # noqa: E501
    # an offset on the multiple (pair_offsets): money beside things, a bare number beside money,
    # an amount below zero or not whole, the told side asked back
    ("Ona has 30 figs and $4 more than twice as many plums. How many plums does Ona have?", "Ona has 30 figs and 4 more than twice as many plums. How many plums does Ona have?", 64),  # noqa: E501
    ("Ona paid $30 for figs and 4 more than twice as much for plums. How much did Ona pay?", "Ona paid $30 for figs and $4 more than twice as much for plums. How much did Ona pay?", 94),  # noqa: E501
    ("Ona has 30 figs and 20 fewer than half as many plums. How many plums does Ona have?", "Ona has 30 figs and 5 fewer than half as many plums. How many plums does Ona have?", 10),  # noqa: E501
    ("Ona has 31 figs and 5 fewer than half as many plums. How many plums does Ona have?", "Ona has 30 figs and 5 fewer than half as many plums. How many plums does Ona have?", 10),  # noqa: E501
    ("Ona has 30 figs and 4 more than twice as many plums. How many figs does Ona have?", "Ona has 30 figs and 4 more than twice as many plums. How many fruits does Ona have?", 94),  # noqa: E501
    # the kinds' one place: told only by the later scale sentence, another place asked, a pronoun
    # of the other gender than the place's possessive
    ("Ona has 30 figs. She has twice as many plums as figs in her bag. How many fruits does Ona have?", "Ona has 30 figs in her bag. She has twice as many plums as figs. How many fruits does Ona have?", 90),  # noqa: E501
    ("Ona has 30 figs in her bag. She has twice as many plums as figs. How many fruits does Ona have in her box?", "Ona has 30 figs in her bag. She has twice as many plums as figs. How many fruits does Ona have in her bag?", 90),  # noqa: E501
    ("Ona has 30 figs in his bag. She has twice as many plums as figs. How many fruits does Ona have?", "Ona has 30 figs in her bag. She has twice as many plums as figs. How many fruits does Ona have?", 90),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PAIR_REFUSED)
def test_a_pair_of_another_base_side_or_time_is_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# A rate told as a pair of amounts, not per one (the proportion reading): the amount of another
# count closes only of the same subject, verb, thing and unit (or a unit of the clock the
# constant table converts: hours asked of minutes told); another subject, days asked of minutes
# told, "more", a past act of an ability, or a group that changed is refused.
PROPORTION_REFUSED = [
    ("A press stamps 60 coins in 4 minutes. How many coins does a lathe stamp in 6 minutes?", "A press stamps 60 coins in 4 minutes. How many coins does it stamp in 6 minutes?", 90),  # noqa: E501
    ("A press stamps 60 coins in 4 minutes. How many coins does it stamp in 6 days?", "A press stamps 60 coins in 4 minutes. How many coins does the press stamp in 6 hours?", 5400),  # noqa: E501
    ("A press stamps 60 coins in 4 minutes. How many more coins does it stamp in 6 minutes?", "A press stamps 60 coins in 4 minutes. How many coins will it stamp in 6 minutes?", 90),  # noqa: E501
    ("A press can stamp 60 coins in 4 minutes. How many coins did it stamp in 6 minutes?", "A press can stamp 60 coins in 4 minutes. How many coins can it stamp in 6 minutes?", 90),  # noqa: E501
    ("If 4 jars weigh 10 pounds, how much do 6 jugs weigh?", "If 4 jars weigh 10 pounds, how much do 6 jars weigh?", 15),  # noqa: E501
    ("4 jars weigh 10 pounds. 2 of the jars broke. How much do 6 jars weigh?", "4 jars weigh 10 pounds. How much do 6 jars weigh?", 15),  # noqa: E501
]  # fmt: skip


# A proportion's counts in two units (arith/proportion_units.py): only a pair of the clock the
# table holds converts (never days and weeks, never hours and seconds, never a count of two
# units); a titled subject is asked back only by its own title or the title's pronoun; an
# inexact count or an inverse that is not whole in the asked unit refuses.
PROPORTION_UNITS_REFUSED = [
    ("A loom weaves 10 scarves in 5 days. How many scarves does it weave in 2 weeks?", "A loom weaves 10 scarves in 5 minutes. How many scarves does it weave in 2 hours?", 240),  # noqa: E501
    ("A loom weaves 10 scarves in 5 seconds. How many scarves does it weave in 2 hours?", "A loom weaves 10 scarves in 5 seconds. How many scarves does it weave in 2 minutes?", 240),  # noqa: E501
    ("A loom weaves 10 scarves in 4 minutes and 5 seconds. How many scarves does it weave in 2 hours?", "A loom weaves 10 scarves in 4 minutes. How many scarves does it weave in 2 hours?", 300),  # noqa: E501
    ("A loom weaves 10 scarves in 7 minutes. How many scarves does it weave in 1 hour?", "A loom weaves 10 scarves in 6 minutes. How many scarves does it weave in 1 hour?", 100),  # noqa: E501
    ("Mr. Okafor can glaze 12 pots in 20 minutes. How many pots can she glaze in 2 hours?", "Mr. Okafor can glaze 12 pots in 20 minutes. How many pots can he glaze in 2 hours?", 72),  # noqa: E501
    ("Ms. Okafor can glaze 12 pots in 20 minutes. How many pots can Mr. Okafor glaze in 2 hours?", "Ms. Okafor can glaze 12 pots in 20 minutes. How many pots can Ms. Okafor glaze in 2 hours?", 72),  # noqa: E501
    ("Ivo can tile 8 rows in 20 minutes. How many hours will it take him to tile 100 rows?", "Ivo can tile 8 rows in 20 minutes. How many hours will it take him to tile 120 rows?", 5),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PROPORTION_UNITS_REFUSED)
def test_a_proportion_converts_only_the_clock_units_of_the_table(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


@pytest.mark.parametrize(("refused", "spelled", "value"), PROPORTION_REFUSED)
def test_a_rate_told_as_a_pair_is_read_only_of_its_own_count(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- the change from a bill handed over (arith/reader/tendered.py) ---------------------------
# Found by probing the reading of "paid with a $50 bill ... How much change": each refused text
# closed (at 74, 26, 26, 11 and 7) before the reading asked that every other amount of money
# be paid out, that the bill pay for nothing told nowhere else, that it go to a seller, and
# that no coupon or tip change what is paid; each spelled-out variant beside it closes right.
TENDERED_REFUSED = [
    # a sale beside the bill: no purchase it paid for
    ("Mira sold 4 mugs for $6 each. She paid with a $50 bill. How much change did she get?", "Mira bought 4 mugs for $6 each. She paid with a $50 bill. How much change did she get?", 26),  # noqa: E501
    # the bill paid for a lamp whose price is not told
    ("Mira bought 4 mugs for $6 each. She paid for a lamp with a $50 bill. How much change did she get?", "Mira bought 4 mugs for $6 each. She paid for the mugs with a $50 bill. How much change did she get?", 26),  # noqa: E501
    ("Mira bought 4 mugs for $6 each. Later she paid with a $50 bill for a lamp. How much change did she get?", "Mira bought 4 mugs for $6 each. Later she paid with a $50 bill. How much change did she get?", 26),  # noqa: E501
    # a bill handed to her sister, no seller
    ("Mira bought a lamp for $9. She gave her sister a $20 bill. How much change did she get?", "Mira bought a lamp for $9. She gave the cashier a $20 bill. How much change did she get?", 11),  # noqa: E501
    # a coupon lowers what is paid
    ("Ada bought a scarf for $8. She used a $5 coupon and paid with a $20 bill. How much change did she get?", "Ada bought a scarf for $8. She paid with a $20 bill. How much change did she get?", 12),  # noqa: E501
    # an item bought at no told price (closed at 4), a purchase after the bill (closed at 1)
    ("Pia buys a scarf for $16 and a hat. She pays with a $20 bill. How much change does she get?", "Pia buys a scarf for $16 and a hat for $3. She pays with a $20 bill. How much change does she get?", 1),  # noqa: E501
    ("Pia buys a scarf for $16. She pays with a $20 bill. Then she buys a hat for $3. How much change did she get?", "Pia buys a scarf for $16. She pays with a $20 bill. How much change did she get?", 4),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), TENDERED_REFUSED)
def test_a_bill_paying_for_no_told_purchase_gives_no_change(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# Known unit constants (`arith/unit_constants.py`): a period the text does not write as a number
# ("in a week" after "20 pages a day") is read only when the whole text ties it to the one
# rate it counts; a period the question asks that no bound amount spans is unread.
UNIT_CONSTANTS = [
    # the question's hour, left unread beside a bound time of another length
    ("A pump moves 1 liter a minute for 30 minutes. How many liters does it move in an hour?",
     "A pump moves 1 liter a minute for 30 minutes. How many liters does it move?", 30),
    ("A pump moves 1 liter a minute. How many liters does it move in an hour if it stops for 5 minutes?",  # noqa: E501
     "A pump moves 1 liter a minute. How many liters does it move in 5 minutes?", 5),
    ("She reads 20 pages a day. How many pages did she read in a week if she was sick for 2 days?",
     "She reads 20 pages a day. How many pages did she read in a week?", 140),
    # a rate per another thing too, a verb not the rate's, another thing's week
    ("Nora buys 2 books a week for each child. How many books does Nora buy in a year?",
     "Nora buys 2 books a week. How many books does Nora buy in a year?", 104),
    ("Ann reads 20 pages a day. How many pages does she write in a week?",
     "Ann reads 20 pages a day. How many pages does she read in a week?", 140),
    ("Tim bakes 3 pies a day. He rented an oven for a week. How many pies did he bake?",
     "Tim bakes 3 pies a day for a week. How many pies did he bake?", 21),
    ("Lisa and Tom each buy 4 books a month. How many books do they buy in a year?",
     "Lisa buys 4 books a month. How many books does she buy in a year?", 48),
    ("A plant grows 6 inches a month. How tall is the plant in a year?",
     "A plant grows 6 inches a month. How many inches does it grow in a year?", 72),
    # days that are not every day of the week, or a working week
    ("She reads 20 pages a day on weekdays. How many pages does she read in a week?",
     "She reads 20 pages a day. How many pages does she read in a week?", 140),
    ("She reads 20 pages every other day. How many pages does she read in a week?",
     "She reads 20 pages every day. How many pages does she read in a week?", 140),
    ("She reads 20 pages twice a day. How many pages does she read in a week?",
     "She reads 20 pages a day. How many pages does she read in one week?", 140),
    ("He earns 50 dollars a day. How much does he earn in a week?",
     "He earns 50 dollars a day. How much does he earn in 7 days?", 350),
    # a month has no fixed count of days; a week said as a time is no span
    ("She reads 20 pages every day. How many pages does she read in a month?",
     "She reads 20 pages every day. How many pages does she read in 30 days?", 600),
    ("Last week she read 20 pages a day. How many pages did she read in a week?",
     "She read 20 pages a day for a week. How many pages did she read?", 140),
    ("She reads 20 pages a day, 5 days a week. How many pages does she read in a week?",
     "She reads 20 pages a day for 3 weeks. How many pages does she read?", 420),
]


@pytest.mark.parametrize(("refused", "spelled", "value"), UNIT_CONSTANTS)
def test_a_period_is_read_only_as_the_whole_text_ties_it(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# A part of the clock against a rate per the larger unit (`unit_constants.clock_part_of_rate`):
# "$12 an hour ... in 30 minutes" reads the 30 minutes as half an hour, only as the whole text
# ties them to the rate (one rate unit, no other time word, the rate's verb and holder asked,
# the period in the question or the rate's sentence); every neighbour stays refused.
CLOCK_PARTS_REFUSED = [
    ("Ana earns $12 an hour. How much does she spend in 30 minutes?",
     "Ana earns $12 an hour. How much does she earn in 30 minutes?", 6),
    ("Ana earns $12 an hour. She rested for 30 minutes. How much did she earn?",
     "Ana earns $12 an hour. How much does she earn in 30 minutes?", 6),
    ("Leo swims 14 laps per hour. Kim swims for 30 minutes. How many laps does Kim swim?",
     "Leo swims 14 laps per hour. How many laps does Leo swim in 30 minutes?", 7),
    ("A pump moves 20 liters every hour. How many liters do the pumps move in 45 minutes?",
     "A pump moves 20 liters every hour. How many liters does the pump move in 45 minutes?", 15),
    ("Bob shucks 10 oysters an hour. How many oysters does he shuck in 20 minutes?",
     "Bob shucks 10 oysters an hour. How many oysters does he shuck in 30 minutes?", 5),
    ("Ana earns $10 an hour. How much does she earn in 20 minutes?",
     "Ana earns $10 an hour. How much does she earn in 30 minutes?", 5),
    ("Ana earns $12 an hour. How much does she earn in 30 seconds?",
     "Ana earns $12 an hour. How much does she earn in 120 minutes?", 24),
    ("Ana earns $12 an hour on weekdays. How much does she earn in 30 minutes?",
     "Ana earns $12 an hour. How much does she earn in 30 minutes?", 6),
    ("Leo will swim 14 laps per hour. How many laps did Leo swim in 30 minutes?",
     "Leo swims 14 laps per hour. How many laps does Leo swim in 30 minutes?", 7),
    ("A printer prints 12 pages a minute. How many pages do the printers print in 15 seconds?",
     "A printer prints 12 pages a minute. How many pages does the printer print in 15 seconds?",
     3),
]


@pytest.mark.parametrize(("refused", "spelled", "value"), CLOCK_PARTS_REFUSED)
def test_a_part_of_the_clock_is_read_only_as_the_whole_text_ties_it(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# A rate per a period asked of another doing or of "they" (`arith/rate_doings.py`), found by
# probing "runs 4 laps each day for 15 days": each closed at 60 (the product of Tom's running)
# though the question asked laps swum, or the laps of "they" (who else, untold).
RATE_DOINGS_REFUSED = [
    ("Tom runs 4 laps a day. How many laps does he swim in 15 days?",
     "Tom runs 4 laps a day. How many laps does he run in 15 days?", 60),
    ("Tom runs 4 laps each day for 15 days. How many laps does he swim?",
     "Tom runs 4 laps each day for 15 days. How many laps does he run?", 60),
    ("Tom runs 4 laps a day for 15 days. How many laps do they run?",
     "Tom runs 4 laps a day for 15 days. How many laps does he run?", 60),
    ("Kim knits 3 scarves a week. How many scarves do we knit in 4 weeks?",
     "Kim knits 3 scarves a week. How many scarves does Kim knit in 4 weeks?", 12),
    ("Ana reads 20 pages a day. How many pages does she print in 7 days?",
     "Ana reads 20 pages a day. How many pages does she read in 7 days?", 140),
    ("A bird flies 55 miles per hour. How many miles does it swim in 4 hours?",
     "A bird flies 55 miles per hour. How many miles does it fly in 4 hours?", 220),
    ("Ana earns $12 an hour. How much money does she save in 2 hours?",
     "Ana earns $12 an hour. How much money does she make in 2 hours?", 24),
    ("Pita eats 2 cups of food each day. How many cups of food does he feed the dog in 14 days?",
     "Pita feeds his dog 2 cups of food each day. How many cups of food does the dog eat in 14 days?",  # noqa: E501
     28),
    ("Sara walked 3 miles every day for 14 days. How many miles will she walk?",
     "Sara walked 3 miles every day for 14 days. How many miles did she walk?", 42),
]


@pytest.mark.parametrize(("refused", "spelled", "value"), RATE_DOINGS_REFUSED)
def test_a_rate_per_a_period_is_asked_of_its_own_doing_and_holder(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- ages (arith/age_sides.py) -----------------------------------------------------------------
# Found by probing the age reading while it was written: "she" was read as the one named person
# though "His sister" (a kin noun after a possessive pronoun) was a second person of the text
# (closed at 14, Tom's age in 2 years); the kin noun of "his | her" is a person too, and a
# pronoun means the one named person only when every other person is a kin noun of the other
# gender. "Together Ravi's and Mia's ages equal 30" was read as Ravi's age (closed at 26):
# each closed clause says what it tells (an age, a comparison, a sum), never its words.
AGES_REFUSED = [
    ("Tom is 12 years old. His sister is 3 years older than him. How old will she be in 2 years?", "Tom is 12 years old. His sister is 3 years older than him. How old will his sister be in 2 years?", 17),  # noqa: E501
    ("Tom is 12 years old. His brother is 3 years older than him. How old will he be in 2 years?", "Tom is 12 years old. His brother is 3 years older than Tom. How old will his brother be in 2 years?", 17),  # noqa: E501
    ("Together Ravi's and Mia's ages equal 30 years. Ravi is 4 years older than Mia. How old is Mia when Ravi is 20?", "Together Ravi's and Mia's ages equal 30 years. Ravi is 4 years older than Mia. How many years old is Mia?", 13),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), AGES_REFUSED)
def test_a_pronoun_of_two_people_or_a_sum_is_no_ones_age(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- ages told as multiples of each other (arith/age_multiples.py) --------------------------
# closed at 0 (and 4) before the check: multiples of each other solve at ages of zero, and
# "3 times as old as" a person of age zero is no multiple of ages; "his son ... her age" closed
# at 15 (a pronoun of one gender named the person another's possessive owned)
AGE_MULTIPLES_REFUSED = [
    ("Ben is twice as old as Ann. Ann is twice as old as Ben. How old is Ben?", "Ben is twice as old as Ann. Ann is 6 years old. How old is Ben?", 12),  # noqa: E501
    ("Ben is 3 times as old as Ann. Ann is half as old as Ben. How old is Ann?", "Ben is 3 times as old as Ann. Ben is 12 years old. How old is Ann?", 4),  # noqa: E501
    ("Four years ago, Kit was 3 times as old as Lou. If Lou is now 4 years old, how old is Kit now?", "Four years ago, Kit was 3 times as old as Lou. If Lou is now 10 years old, how old is Kit now?", 22),  # noqa: E501
    ("His son is half her age. Ann is 30 years old. How old is his son?", "Her son is half her age. Ann is 30 years old. How old is her son?", 15),  # noqa: E501
    ("Ann is 5 years old. Ben is 3 times as old as Cal. Cal is half as old as Ben. How old is Ben?", "Ann is 5 years old. Ben is 3 times as old as Cal. Cal is 2 years older than Ann. How old is Ben?", 21),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), AGE_MULTIPLES_REFUSED)
def test_multiples_of_ages_with_no_age_told_are_refused(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- a listed item named again (arith/_listed_beside.py::item_named_again) ------------------
# closed at 47 (and, with the item listed first, 60) before the check: the program returned
LISTED_NAMED_AGAIN = [
    ("Gustavo bought 6 tickets for $7 each and a program for $5. He returned the program. How much did he spend?", "Gustavo bought 6 tickets for $7 each and a program for $5. How much did he spend?", 47),  # noqa: E501
    ("Nina bought a lamp for $30 and two chairs for $15 each. She returned the lamp. How much did she spend?", "Nina bought a lamp for $30 and two chairs for $15 each. How much did she spend?", 60),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), LISTED_NAMED_AGAIN)
def test_a_listed_item_named_again_is_no_plain_list(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- an unpriced item after a comma or a decimal price (_composed_units.paid_for_more) -----
# closed at 8 and 10 on e7ec0d1: the clause after the count was cut at the comma before "and"
# and at the decimal point of "$2.50", so "and a cap" was not seen
UNPRICED_ITEM = [
    ("Ada bought 4 pens at $2 each, and a cap. How much did she spend?", "Ada bought 4 pens at $2 each, and a cap for $3. How much did she spend?", 11),  # noqa: E501
    ("Ada bought 4 pens at $2.50 each and a cap. How much did she spend?", "Ada bought 4 pens at $2.50 each. How much did she spend?", 10),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), UNPRICED_ITEM)
def test_an_unpriced_item_after_a_comma_or_a_decimal_price(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# A ratio "for every": the other thing of the ratio asked of the told subject, never the total
# of both things, another holder's, or the thing the condition tells.
RATIO_REFUSED = [
    ("Mona has 2 red hats for every 3 blue hats. If she has 8 red hats, how many hats does she have?", "Mona has 2 red hats for every 3 blue hats. If she has 8 red hats, how many blue hats does she have?", 12),  # noqa: E501
    ("Mona has 2 red hats for every 3 blue hats. If Tia has 8 red hats, how many blue hats does Tia have?", "Mona has 2 red hats for every 3 blue hats. If Mona has 8 red hats, how many blue hats does Mona have?", 12),  # noqa: E501
    ("A tap fills 20 liters in 4 minutes. How many hours does it take the tap to fill 35 liters?", "A tap fills 20 liters in 4 minutes. How many minutes does it take the tap to fill 35 liters?", 7),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), RATIO_REFUSED)
def test_a_ratio_or_its_inverse_is_read_only_of_its_own_things(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# Prices compared then summed: "both" is exactly the two items priced, never a third one told
# beside them, nor a multiple "than twice", nor a price at another time than the question's.
PRICES_SUMMED = [
    ("A vase costs $6 more than a jug. A jug costs $10. A tray costs $4. How much do both cost?", "A vase costs $6 more than a jug. A jug costs $10. How much do both cost?", 26),  # noqa: E501
    ("A vase costs $6 more than twice a jug. A jug costs $10. How much do both cost?", "A vase costs $6 more than a jug. A jug costs $10. How much do both cost?", 26),  # noqa: E501
    ("A vase cost $6 more than a jug. A jug cost $10. How much do both cost?", "A vase cost $6 more than a jug. A jug cost $10. How much did both cost?", 26),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PRICES_SUMMED)
def test_both_prices_are_exactly_the_two_items_told_at_the_questions_time(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# "Both" asks two sides summed: a comparison's one side (the compared or the referent) is never
# what "How many apples do both have?" asks, though the comparison's sides are its own numbers.
BOTH_IS_NO_SIDE = [
    ("Ann has 3 more apples than Ben. Ben has 5 apples. How many apples do both have?", "Ann has 3 more apples than Ben. Ben has 5 apples. How many apples does Ann have?", 8),  # noqa: E501
    ("Ann has 3 more apples than Ben. Ben has 5 apples. How many apples do both of them have?", "Ann has 3 more apples than Ben. Ben has 5 apples. How many apples does Ann have?", 8),  # noqa: E501
    ("The boots cost $30 more than the scarf. The scarf costs $10. How much do both cost?", "The boots cost $30 more than the scarf. The scarf costs $10. How much do the boots cost?", 40),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), BOTH_IS_NO_SIDE)
def test_both_asks_a_sum_never_one_compared_side(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)
# --- whose a rate is, against its periods and the holders asked (arith/rate_holders.py) -------
# Found by probing a rate times two counts: a rate told of each of several holders closed as one
# holder's product when asked of them all (20 for 40), periods told of another holder closed as
# the rate's, and a single period left out ("if he stops for a day", "a day off") was ignored.
RATE_HOLDERS_REFUSED = [
    ("Ana and Ben each read 4 pages a day. How many pages do they read in 5 days?", "Ana and Ben each read 4 pages a day. How many pages does Ana read in 5 days?", 20),  # noqa: E501
    ("Lisa and Tom each buy 4 books a month. How many books do they buy in 12 months?", "Lisa buys 4 books a month. How many books does she buy in 12 months?", 48),  # noqa: E501
    ("They each read 4 pages a day. How many pages do they read in 5 days?", "She reads 4 pages a day. How many pages does she read in 5 days?", 20),  # noqa: E501
    ("Zoe and Max each carried 6 boxes an hour. How many boxes did they carry in 3 hours?", "Zoe carried 6 boxes an hour. How many boxes did she carry in 3 hours?", 18),  # noqa: E501
    ("A pump moves 3 liters a minute. How many liters do the pumps move in 5 minutes?", "A pump moves 3 liters a minute. How many liters does it move in 5 minutes?", 15),  # noqa: E501
    ("He reads 20 pages a day. She reads for 3 days. How many pages does he read?", "He reads 20 pages a day. He reads for 3 days. How many pages does he read?", 60),  # noqa: E501
    ("Mia saves 5 dollars a week. Her sister saves for 6 weeks. How much money does Mia save?", "Mia saves 5 dollars a week for 6 weeks. How much money does Mia save?", 30),  # noqa: E501
    ("Kim bakes 4 pies a day. They bake for 3 days. How many pies does Kim bake?", "Kim bakes 4 pies a day. Kim will bake for 3 days. How many pies will Kim bake?", 12),  # noqa: E501
    ("He reads 20 pages a day. How many pages will he read in 3 days if he stops for a day?", "He reads 20 pages a day. How many pages will he read in 3 days?", 60),  # noqa: E501
    ("Ben walks 2 miles a day. He took a day off. How many miles does he walk in 7 days?", "Ben walks 2 miles a day. How many miles does he walk in 7 days?", 14),  # noqa: E501
    ("Each of the girls reads 4 pages a day. How many pages do the girls read in 5 days?", "Each of the girls reads 4 pages a day. How many pages does each girl read in 5 days?", 20),  # noqa: E501
    ("All the boys run 2 miles a day. How many miles do the boys run in 5 days?", "Ben runs 2 miles a day. How many miles does Ben run in 5 days?", 10),  # noqa: E501
    ("His hens lay 2 eggs a day. How many eggs do they lay in 3 days?", "His hen lays 2 eggs a day. How many eggs does it lay in 3 days?", 6),  # noqa: E501
    ("Ana reads 4 pages a day on weekdays. How many pages does Ana read in 14 days?", "Ana reads 4 pages a day. How many pages does Ana read in 14 days?", 56),  # noqa: E501
    ("Ana reads 4 pages a day except on Sundays. How many pages does Ana read in 14 days?", "Ana reads 4 pages a day. How many pages does Ana read in 14 days?", 56),  # noqa: E501
    ("Lia is paid 9 dollars an hour. Her brother worked 6 hours. How much money did Lia earn?", "Lia is paid 9 dollars an hour. She worked 6 hours. How much money did Lia earn?", 54),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), RATE_HOLDERS_REFUSED)
def test_a_rate_times_periods_is_its_one_holders_in_those_periods(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- a chain of three or four changes in turn (organs/change_chain.py) ---------------------------
# A chain of more than two moves opened ("She spent $9 on a hat, $4 on a pen and $5 on a book"):
# each move must be the asked holder's, done, and the question must ask that holder's amount now.
CHAIN_OF_MOVES_REFUSED = [
    ("Mia had $50. She spent $12 on a scarf, her brother spent $8 on a book and she spent $5 on lunch. How much money does Mia have left?", "Mia had $50. She spent $12 on a scarf, $8 on a book and $5 on lunch. How much money does Mia have left?", 25),  # noqa: E501
    ("Mia had $50. She spent $12 on a scarf, $8 on a book and will spend $5 on lunch. How much money does Mia have now?", "Mia had $50. She spent $12 on a scarf, $8 on a book and $5 on lunch. How much money does Mia have now?", 25),  # noqa: E501
    ("Ben had 40 marbles. He gave 6 to Sam, 5 to Joe and 9 to Kim. How many marbles does Sam have now?", "Ben had 40 marbles. He gave 6 to Sam, 5 to Joe and 9 to Kim. How many marbles does Ben have now?", 20),  # noqa: E501
    ("Ben had 40 marbles. He could give 6 to Sam, 5 to Joe and 9 to Kim. How many marbles does Ben have now?", "Ben had 40 marbles. He gave 6 to Sam, 5 to Joe and 9 to Kim. How many marbles does Ben have now?", 20),  # noqa: E501
    ("Ben had 40 marbles and Ann had 30. He gave 6 to Sam, 5 to Joe and 9 to Kim. How many marbles does Ann have now?", "Ben had 40 marbles and Ann had 30. He gave 6 to Sam, 5 to Joe and 9 to Kim. How many marbles does Ben have now?", 20),  # noqa: E501
    ("Lily had 20 pencils. She lost 3 in May, 4 in June and 2 in July. How many pencils did Lily have in June?", "Lily had 20 pencils. She lost 3 pencils, lost 4 pencils and lost 2 pencils. How many pencils does Lily have now?", 11),  # noqa: E501
    ("Sam had 100 stamps. He sold 20, gave 15 to Ann, and lost 10. How many stamps does Ann have?", "Sam had 100 stamps. He sold 20, gave 15 to Ann, and lost 10. How many stamps does Sam have left?", 55),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), CHAIN_OF_MOVES_REFUSED)
def test_a_chain_of_moves_is_the_asked_holders_done_moves(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- a share of a share (arith/portion_nested.py) -------------------------------------------
# Probed with shares of shares: the second share must be of the first, named by its property
# ("of the females"), never of the whole again or "of them" (two properties of one whole tell
# nothing of their overlap), and the question must name both properties.
NESTED_SHARES = [
    ("Ben has 40 cows. 50% of the cows are female, and 30% of the cows are pregnant. How many pregnant female cows does Ben have?", "Ben has 40 cows. 50% of the cows are female, and 30% of the females are pregnant. How many pregnant female cows does Ben have?", 6),  # noqa: E501
    ("Ben has 40 cows. 50% of the cows are female, and 30% of them are pregnant. How many pregnant female cows does Ben have?", "Ben has 40 cows. 50% of the cows are female, and 30% of the female cows are pregnant. How many pregnant female cows does Ben have?", 6),  # noqa: E501
    ("There are 300 pupils in a school. 40 percent are juniors. 70 percent of the juniors are athletes. How many pupils are athletes?", "There are 300 pupils in a school. 40 percent are juniors. 70 percent of the juniors are athletes. How many juniors are athletes?", 84),  # noqa: E501
    ("There are 300 pupils in a school. 40 percent are juniors. 70 percent of the juniors are athletes. How many juniors does Ann have?", "There are 300 pupils in a school. 40 percent are juniors. 70 percent of the juniors are athletes. How many of the juniors are athletes?", 84),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), NESTED_SHARES)
def test_a_share_of_a_share_is_of_the_share_it_names(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- an amount held by someone named by kin (kin_holders.kin_holder) -----------------------------
# "Her brother had $40" is set aside as another holder's: never when the question asks the kin,
# when the kin moves amounts, or when a bound amount may be some of the kin's ("5 of them").
KIN_HOLDER_REFUSED = [
    ("Marisol had $50. Her brother had $40. Marisol spent $18 on a book. How much money does her brother have left?", "Marisol had $50. Her brother had $40. Marisol spent $18 on a book. How much money does Marisol have left?", 32),  # noqa: E501
    ("Marisol had $50. Her brother had $40. He spent $18 on a book. How much money does Marisol have left?", "Marisol had $50. Her brother had $40. She spent $18 on a book. How much money does Marisol have left?", 32),  # noqa: E501
    ("Tom has 12 stamps and his sister has 20 stamps. His sister buys 5 stamps. How many stamps does Tom have now?", "Tom has 12 stamps and his sister has 20 stamps. Tom buys 5 stamps. How many stamps does Tom have now?", 17),  # noqa: E501
    ("Tom has 12 stamps. His friend has 20 stamps. Tom lost 5 of them. How many stamps does Tom have now?", "Tom has 12 stamps. His friend has 20 stamps. Tom lost 5 stamps. How many stamps does Tom have now?", 7),  # noqa: E501
    ("Ann has 30 beads. Her mom has 50 beads. Her mom uses 12 beads. How many beads does Ann have left?", "Ann has 30 beads. Her mom has 50 beads. Ann uses 12 beads. How many beads does Ann have left?", 18),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), KIN_HOLDER_REFUSED)
def test_an_amount_of_someone_by_kin_is_theirs(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- what a rate does, against the verb its product is asked by (arith/rate_verbs.py,
# asked_another_doing, by the verb classes of arith/doing_classes.py) -------------------------
# Found by probing a rate per a period asked by another verb of doing (the known open of the
# eighth stop): "reads ... write", "makes ... pack", "runs ... swim" closed at the product; and
# periods of another holder after "and" ("and his wife worked 4 hours") were summed.
DOING_REFUSED = [
    ("Ann reads 20 pages a day. How many pages does she write in 7 days?", "Ann reads 20 pages a day. How many pages does she read in 7 days?", 140),  # noqa: E501
    ("A machine makes 30 cups an hour. How many cups does it pack in 4 hours?", "A machine makes 30 cups an hour. How many cups does it produce in 4 hours?", 120),  # noqa: E501
    ("Leo runs 3 miles a day. How many miles does he swim in 6 days?", "Leo runs 3 miles a day. How many miles does he jog in 6 days?", 18),  # noqa: E501
    ("Sue makes 8 cakes a day. How many cakes does she bake in 10 days?", "Sue bakes 8 cakes a day. How many cakes does she make in 10 days?", 80),  # noqa: E501
    ("A car travels 55 miles per hour. How many miles does it drive in 4 hours?", "A car travels 55 miles per hour. How far does it go in 4 hours?", 220),  # noqa: E501
    ("A teacher grades 30 tests a day. How many tests does she write in 4 days?", "A teacher grades 30 tests a day. How many tests does she grade in 4 days?", 120),  # noqa: E501
    ("A machine fills 30 bottles a minute. How many bottles does it cap in 4 minutes?", "A machine fills 30 bottles a minute. How many bottles does it fill in 4 minutes?", 120),  # noqa: E501
    ("Pita feeds his dog 2 cups of food each day. How many cups of food does the cat eat in 14 days?", "Pita feeds his dog 2 cups of food each day. How many cups of food does the dog eat in 14 days?", 28),  # noqa: E501
    ("Ella feeds her cat 3 treats a day. How many treats does Ella eat in 10 days?", "Ella feeds her cat 3 treats a day. How many treats does her cat eat in 10 days?", 30),  # noqa: E501
    ("Olivia spends $9 per hour. She worked 10 hours. How much money did Olivia earn?", "Olivia makes $9 per hour. She worked 10 hours. How much money did Olivia earn?", 90),  # noqa: E501
    ("A baker bakes 30 loaves a day. How many loaves are sold in 7 days?", "A baker bakes 30 loaves a day. How many loaves are baked in 7 days?", 210),  # noqa: E501
    ("He earns $9 an hour. He worked 6 hours and his wife worked 4 hours. How much did they earn?", "He earns $9 an hour. He worked 6 hours on Monday and 4 hours on Tuesday. How much did he earn?", 90),  # noqa: E501
    ("He earns $9 an hour. He worked 6 hours, and his wife worked 4 hours. How much did they earn?", "Tom earns $9 an hour. He worked 6 hours on Monday and 4 hours on Tuesday. How much did he earn?", 90),  # noqa: E501
    ("He earns $9 an hour. He worked 6 hours and she worked 4 hours. How much did they earn?", "He earns $9 an hour. He worked 6 hours on Monday and 4 hours on Tuesday. How much did he earn?", 90),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), DOING_REFUSED)
def test_a_rates_product_is_asked_by_its_own_doing(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- the holders a question counts (arith/scale_counts.py) ---------------------------------------
# "the three of them" beside a scale is a count of the holders, no amount: it is bound only when
# the text names exactly that many holders, and "the two of them" of three holders (or "two of
# them", a part) stays refused.
SCALE_COUNTS_REFUSED = [
    ("Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the three of them pick in total?", "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the two of them pick in total?", 90),  # noqa: E501
    ("Harry has 50 books. Flora has twice as many books as Harry. Gary has half as many books as Harry. How many books do the two of them have together?", "Harry has 50 books. Flora has twice as many books as Harry. Gary has half as many books as Harry. How many books do the three of them have together?", 175),  # noqa: E501
    ("Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did two of them pick?", "Lena picked 30 plums. Omar picked twice as many plums as Lena. How many plums did the two of them pick?", 90),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), SCALE_COUNTS_REFUSED)
def test_the_holders_counted_are_the_holders_told(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- a scale told at a place (arith/scale_clauses.py) ---------------------------------------------
# "three times as many pens at the store as Kim did" reads the place as where both amounts were
# told; a second place (another scale "at the mall", a told amount "at the fair") tells amounts of
# two places, which no chain of multiples joins.
SCALE_PLACES_REFUSED = [
    ("Kim bought 4 pens. Lou bought three times as many pens at the store as Kim did. Max bought three times as many pens at the mall as Lou did. How many pens did Max buy?", "Kim bought 4 pens. Lou bought three times as many pens at the store as Kim did. Max bought three times as many pens as Lou did. How many pens did Max buy?", 36),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), SCALE_PLACES_REFUSED)
def test_a_chain_of_multiples_is_told_at_one_place(refused: str, spelled: str, value: int) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- a share told by a deed (arith/portion_done.py) ------------------------------------------
# Probed with shares told by a verb: the rest is what did not do the very deed, asked by its
# verb in the share's tense and every word after it; another object, a place or time added, a
# deed to come or a group other than the whole is refused.
DEEDS = [
    ("There are 60 pupils in the class. 75% of the pupils passed the test. How many pupils did not pass the quiz?", "There are 60 pupils in the class. 75% of the pupils passed the test. How many pupils did not pass the test?", 15),  # noqa: E501
    ("There are 60 pupils in the class. 75% of the pupils passed the math test. How many pupils did not pass the test?", "There are 60 pupils in the class. 75% of the pupils passed the math test. How many pupils did not pass the math test?", 15),  # noqa: E501
    ("There are 60 pupils in the class. 75% of the pupils will pass the test. How many pupils will not pass the test?", "There are 60 pupils in the class. 75% of the pupils passed the test. How many of them did not pass the test?", 15),  # noqa: E501
    ("There are 60 pupils in the class. 75% of the boys passed the test. How many pupils did not pass the test?", "There are 60 pupils in the class. 75% of the pupils passed the test. How many of the pupils did not pass the test?", 15),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), DEEDS)
def test_the_rest_of_a_deed_is_what_did_not_do_that_very_deed(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)


# --- a number lost "of them", then a portion of what is left (arith/portion_counted.py) ---------
# The neighbours of "He uses 16 of them and then gives half of what is left to a friend": each
# refused text once could have been read as the same story; none closes, and the spelled-out
# story beside it closes right.
OF_THEM_THEN_A_PORTION = [
    # "half of them" after a number lost: of the start or of what is left? (never guessed)
    ("Ivy has 40 beads. She loses 16 of them and gives half of them to her sister. How many beads does she have left?", "Ivy has 40 beads. She loses 16 of them and gives half of what is left to her sister. How many beads does she have left?", 12),  # noqa: E501
    # another holder loses them; a loss to be done; a gain "of them"; another's beads
    ("Ivy has 40 beads. Noa loses 16 of them. She gives half of the rest to her sister. How many beads does Ivy have left?", "Ivy has 40 beads. She loses 16 of them. She gives half of the rest to her sister. How many beads does Ivy have left?", 12),  # noqa: E501
    ("Ivy has 40 beads. She will lose 16 of them. She gives half of the rest to her sister. How many beads does Ivy have left?", "Ivy has 40 beads. She loses 16 of them. She gives half of the rest to her sister. How many beads does Ivy have left?", 12),  # noqa: E501
    ("Ivy has 40 beads. She finds 16 of them. She gives half of the rest to her sister. How many beads does she have left?", "Ivy has 40 beads. She loses 16 of her beads. She gives half of the rest to her sister. How many beads does she have left?", 12),  # noqa: E501
    ("Ivy has 40 beads. She loses 16 of his beads. She gives half of the rest to her sister. How many beads does she have left?", "Ivy has 40 beads. She loses 16 of her beads. She gives half of the rest to her sister. How many beads does she have left?", 12),  # noqa: E501
    # a measure is no container; the things in boxes are not the boxes counted
    ("John buys a pound of 40 light bulbs. He uses 16 of them. He gives half of the rest to a friend. How many light bulbs does he have left?", "John buys a box of 40 light bulbs. He uses 16 of them. He gives half of the rest to a friend. How many light bulbs does he have left?", 12),  # noqa: E501
    ("Tom has 12 boxes of pencils. He gives half of them to his sister. How many pencils does he have left?", "Tom has 12 boxes of pencils. He gives half of them to his sister. How many boxes does he have left?", 6),  # noqa: E501
    # a number "of the remaining" eggs: nothing remains before a move; another thing; another
    # holder breaks them
    ("Ada bought 72 eggs. She broke 15 of the remaining eggs. Then she used half of them. How many eggs does she have left?", "Ada bought 72 eggs. She used half of them. Then she broke 15 of the remaining eggs. How many eggs does she have left?", 21),  # noqa: E501
    ("Ada bought 72 eggs. She used half of them. Then she broke 15 of the remaining apples. How many eggs does she have left?", "Ada bought 72 eggs. She used half of them. Then she broke 15 of what was left. How many eggs does she have left?", 21),  # noqa: E501
    ("Ada bought 72 eggs. She used half of them. Then her son broke 15 of the remaining eggs. How many eggs does she have left?", "Ada bought 72 eggs. She used half of them and then broke 15 of the rest. How many eggs does she have left?", 21),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), OF_THEM_THEN_A_PORTION)
def test_a_portion_of_what_a_number_lost_of_them_left(refused: str, spelled: str, value: int) -> None:  # noqa: E501
    refused_beside_spelled(refused, spelled, value)
# --- a pair told backwards or by its sum (arith/pair_backwards.py, arith/pair_measures.py) ----
# The told amount must be bound to the side its own words name: the multiple's kind, the sum
# only when both kinds (or one word naming both) are told, never a totality word with one kind;
# "which is" of a verb told in the past, and "as far" of a thing that is no distance, refused.
PAIR_BACKWARDS_REFUSED = [
    ("Jeff has three times as many cars as trucks. He has 48 cars in total. How many trucks does he have?", "Jeff has three times as many cars as trucks. He has 48 cars and trucks in total. How many trucks does he have?", 12),  # noqa: E501
    ("Jeff has three times as many cars as trucks. He has a total of 48 cars. How many trucks does he have?", "Jeff has three times as many cars as trucks. He has 48 cars. How many trucks does he have?", 16),  # noqa: E501
    ("Tom has twice as many dogs as cats. He has 30 dogs and 5 cats. How many cats does he have?", "Tom has twice as many dogs as cats. He has 30 dogs. How many cats does he have?", 15),  # noqa: E501
    ("Tom has twice as many red marbles as blue marbles. He has 60 marbles in his bag. How many blue marbles does he have?", "Tom has twice as many red marbles as blue marbles. He has 60 marbles. How many blue marbles does he have?", 20),  # noqa: E501
    ("Tom has twice as many dogs as cows. He has 30 pets. How many cows does he have?", "Tom has twice as many dogs as cats. He has 30 pets. How many cats does he have?", 10),  # noqa: E501
    ("Nadia walked 18 kilometers, which is twice as far as Hannah walked. How many kilometers did Hannah walk?", "Nadia walked 18 kilometers, which was twice as far as Hannah walked. How many kilometers did Hannah walk?", 9),  # noqa: E501
    ("Nadia picked 18 apples, which was twice as far as Hannah picked. How many apples did Hannah pick?", "Nadia picked 18 apples, which was twice as many as Hannah picked. How many apples did Hannah pick?", 9),  # noqa: E501
    ("Amy and Ben shared $45 with Cal. Amy's share is twice as much as Ben's. How much money did Ben get?", "Amy and Ben shared $45. Amy's share is twice as much as Ben's. How much money did Ben get?", 15),  # noqa: E501
    ("Amy and Ben shared $45. Amy's share is twice as much as Cal's. How much money did Ben get?", "Amy and Ben shared $45. Amy's share is twice as much as Ben's. How much money did Amy get?", 30),  # noqa: E501
]  # fmt: skip


@pytest.mark.parametrize(("refused", "spelled", "value"), PAIR_BACKWARDS_REFUSED)
def test_a_pair_told_backwards_binds_the_side_its_words_name(
    refused: str, spelled: str, value: int
) -> None:
    refused_beside_spelled(refused, spelled, value)
