"""What the reader proposes from a whole-text reading and what its organ takes from it
(:mod:`practiceloop.arith.whole_text`), on a portion read from authored text."""

from __future__ import annotations

from practiceloop.arith.organs.portion import reading
from practiceloop.arith.reading import target_view
from practiceloop.arith.whole_text import (
    binds_as_read,
    consumed_by,
    relation_left_open,
    roles_bound_by,
)
from tests.arith._helpers import frame_of, relation

TEXT = "Ivy had 12 pens. She lost a third of them. How many pens does Ivy have left?"


def test_the_proposal_leaves_one_told_amount_open() -> None:
    frame = frame_of(TEXT)
    read = reading(frame)
    assert read is not None
    proposed = relation(frame, "portion")
    open_role = read.roles[-2][0]
    assert proposed == relation_left_open("portion", read.roles, open_role, frame.mentions)
    assert dict(proposed.roles)[open_role] is None
    assert proposed.relation_id == "r_portion"
    assert len(proposed.evidence_spans) == len(read.roles) - 1
    assert not binds_as_read(read, proposed)  # one role still open
    full = relation_left_open("portion", read.roles, None, frame.mentions)
    assert binds_as_read(read, full) and not binds_as_read(None, full)


def test_the_organ_takes_each_role_from_the_reading() -> None:
    frame = frame_of(TEXT)
    read = reading(frame)
    target = target_view(frame.targets)
    assert read is not None and target is not None
    proposed = relation(frame, "portion")
    bound = roles_bound_by(read, proposed, target)
    assert all(len(options) == 1 for options in bound.values())
    assert target.mention_id not in {m for options in bound.values() for m in options}
    assert roles_bound_by(None, proposed, target) == {name: () for name, _ in proposed.roles}
    assert consumed_by(read) == read.consumed and consumed_by(None) == ()
