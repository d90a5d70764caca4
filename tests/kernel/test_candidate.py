"""The candidate delta (kernel/candidate.py): the one frame ``apply_delta`` yields, or None.

The operator-result check and replay both rebuild the candidate frame through it, so each rule
of its docstring is pinned here on a real (toy-domain) frame: relations replaced in place, new
ones appended in delta order, bindings that set an existing role, targets replaced, and every
delta that does not fit giving None.
"""

from __future__ import annotations

import pytest

from practiceloop.kernel.candidate import RoleBinding, apply_delta
from practiceloop.kernel.frame import ProblemFrame, Relation, Target
from practiceloop.kernel.record import is_authentic

from ._toy_domain import THREE, practise


@pytest.fixture(scope="module")
def frame() -> ProblemFrame:
    return practise(THREE).frame


def _relation(relation_id: str, frame: ProblemFrame, role: str = "part") -> Relation:
    mention = frame.mentions[0]
    return Relation(
        relation_id=relation_id,
        relation_type="extra",
        roles=((role, mention.mention_id),),
        evidence_spans=(mention.span,),
    )


def test_an_empty_delta_gives_the_same_frame(frame: ProblemFrame) -> None:
    candidate = apply_delta(frame, (), (), ())
    assert candidate == frame and candidate is not None and is_authentic(candidate, ProblemFrame)


def test_new_relations_are_appended_in_delta_order(frame: ProblemFrame) -> None:
    second, first = _relation("r_new_b", frame), _relation("r_new_a", frame)
    candidate = apply_delta(frame, (), (second, first), ())
    assert candidate is not None
    assert candidate.relations == (*frame.relations, second, first)
    assert is_authentic(candidate, ProblemFrame)


def test_a_relation_with_an_existing_id_is_replaced_in_place(frame: ProblemFrame) -> None:
    assert frame.relations, "the toy frame reads at least one relation"
    old = frame.relations[0]
    replacement = _relation(old.relation_id, frame)
    new = _relation("r_new", frame)
    candidate = apply_delta(frame, (), (new, replacement), ())
    assert candidate is not None
    assert candidate.relations == (replacement, *frame.relations[1:], new)


def test_a_binding_sets_an_existing_role(frame: ProblemFrame) -> None:
    relation = _relation("r_new", frame)
    other = frame.mentions[-1].mention_id
    candidate = apply_delta(frame, (RoleBinding("r_new", "part", other),), (relation,), ())
    assert candidate is not None
    assert candidate.relations[-1].roles == (("part", other),)
    unbound = apply_delta(frame, (RoleBinding("r_new", "part", None),), (relation,), ())
    assert unbound is not None and unbound.relations[-1].roles == (("part", None),)


@pytest.mark.parametrize(
    "binding",
    [
        RoleBinding("no_such_relation", "part", None),
        RoleBinding("r_new", "no_such_role", None),
        RoleBinding("r_new", "part", "no_such_mention"),
    ],
)
def test_a_binding_that_does_not_fit_gives_none(frame: ProblemFrame, binding: RoleBinding) -> None:
    assert apply_delta(frame, (binding,), (_relation("r_new", frame),), ()) is None


def test_targets_replace_the_frames_only_when_given(frame: ProblemFrame) -> None:
    target = Target(target_id="t_new", attributes=(("unit", "pens"),), evidence_spans=())
    candidate = apply_delta(frame, (), (), (target,))
    assert candidate is not None and candidate.targets == (target,)
    kept = apply_delta(frame, (), (), ())
    assert kept is not None and kept.targets == frame.targets


def test_a_relation_that_does_not_fit_the_text_gives_none(frame: ProblemFrame) -> None:
    mention = frame.mentions[0]
    foreign = mention.span.__class__(
        text="not in the text", start=0, end=15, sentence_index=mention.span.sentence_index
    )
    relation = Relation(
        relation_id="r_new", relation_type="extra", roles=(("part", None),),
        evidence_spans=(foreign,),
    )
    assert apply_delta(frame, (), (relation,), ()) is None
