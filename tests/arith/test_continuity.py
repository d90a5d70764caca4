"""The target-continuity check (:mod:`practiceloop.arith.continuity`), called directly.

Authored texts only (general English, never a corpus sentence).
"""

from __future__ import annotations

from practiceloop.arith.continuity import check_target
from tests.arith._helpers import frame_of, relation, resolve_pronouns, with_roles

TEXT = "Ivy had 12 pens. She lost 4 pens. How many pens does Ivy have now?"


def test_the_unknown_in_the_solved_role_closes() -> None:
    frame = resolve_pronouns(with_roles(frame_of(TEXT), "change", start="q0"))
    codes, spans = check_target(frame, relation(frame, "change"), "change")
    assert codes == ()
    assert [span.text for span in spans] == ["How many pens"]  # the unknown it checked


def test_the_unknown_in_no_role_or_two_is_refused() -> None:
    frame = with_roles(frame_of(TEXT), "change", start="q0", result="q1", change=None)
    codes, _ = check_target(frame, relation(frame, "change"), "change")
    assert codes == ("unknown_role_not_target",)


def test_a_place_the_text_never_names_is_refused() -> None:
    told = "There were 14 cats in the barn. 5 more cats came. How many cats are {} now?"
    for place, codes in (("on the porch", ("target_place_untold",)), ("in the barn", ())):
        frame = with_roles(frame_of(told.format(place)), "change", start="q0")
        assert check_target(frame, relation(frame, "change"), "change")[0] == codes, place
