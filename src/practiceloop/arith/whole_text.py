"""What the reader proposes from a whole-text reading, and what its organ takes from it.

The portion, scale and sides organs do not choose among mentions: a pure function of the whole
text (``portions.read_portion``, ``scales.read_scale``, ``sides.read_sides``) either reads the
problem, binding each role to one mention and consuming the phrases it read, or reads nothing.
The reader proposes the reading's relation with one told amount left open
(:func:`relation_left_open`), so that practice fills it and the proofs replay the closure; the
other three functions are what each such organ's spec asks of its reading.
"""

from __future__ import annotations

from typing import Protocol

from practiceloop.arith.reading import TargetView
from practiceloop.kernel.frame import Mention, Relation

__all__ = [
    "WholeTextReading",
    "binds_as_read",
    "consumed_by",
    "relation_left_open",
    "roles_bound_by",
]


class WholeTextReading(Protocol):
    """A whole-text reading: each role to one mention id, and the (start, end) it consumed."""

    @property
    def roles(self) -> tuple[tuple[str, str], ...]: ...

    @property
    def consumed(self) -> tuple[tuple[int, int], ...]: ...


def roles_bound_by(
    read: WholeTextReading | None, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """Each role: the one mention ``read`` binds to it (never the asked unknown); every role
    of ``relation`` with no candidate when there is no reading."""
    if read is None:
        return {name: () for name, _ in relation.roles}
    return {name: (mention,) for name, mention in read.roles if mention != target.mention_id}


def consumed_by(read: WholeTextReading | None) -> tuple[tuple[int, int], ...]:
    """The phrases ``read`` consumed; none when there is no reading."""
    return read.consumed if read is not None else ()


def binds_as_read(read: WholeTextReading | None, relation: Relation) -> bool:
    """True when ``relation`` binds exactly the roles ``read`` reads."""
    return read is not None and tuple(relation.roles) == read.roles


def relation_left_open(
    relation_type: str,
    roles: tuple[tuple[str, str], ...],
    open_role: str | None,
    mentions: tuple[Mention, ...],
) -> Relation:
    """The relation ``r_<relation_type>`` binding ``roles`` as read, but ``open_role`` left
    unbound for practice to fill with the reading's one candidate; its evidence is the spans
    of the mentions it binds."""
    spans = {m.mention_id: m.span for m in mentions}
    bound = tuple((name, None if name == open_role else m) for name, m in roles)
    return Relation(
        relation_id=f"r_{relation_type}",
        relation_type=relation_type,
        roles=bound,
        evidence_spans=tuple(spans[m] for _, m in bound if m is not None and m in spans),
    )
