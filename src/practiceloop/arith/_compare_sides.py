"""One side of a comparison told as a holding and the moves after it (the compare organ's
summed side, ``compared_1..k`` / ``referent_1..k``).

"Mia had 30 stickers and Leo had 12. Mia gave away 10. How many more stickers does Mia have
than Leo now?" compares what Mia holds after her move: her side is 30 - 10, each later term
signed by its own move (a gain adds, a loss takes away). These are pure functions of the
frame that the reader's proposal, the solver and the proofs share, so that they agree on what
a side is:

* :func:`still_needed_side` is a side of what is still needed of a requirement: "The recipe
  calls for 9 cups of rice ... Tom already put in 3 cups of rice. How many more cups of rice
  than cups of beans does he need to add now?" compares 9 - 3 with 4 (nothing of the beans
  put in: the text tells no amount of them done, and names them nowhere else);
* :func:`signed_side` is a side's terms with their signs, in the text's order;
* :func:`side_went_negative` is a side that would hold less than nothing along the way;
* :func:`moved_between_sides` is a move of one side told with the other side's owner ("Mia
  gave Leo 10"; "Nina got 4 kites from Omar"): that move changes both sides, and a side that
  counts it once is not what either holds;
* :func:`movers_named` is every later term of a side whose two sides are two people's told
  with its mover's name: "Nina had 3 kites and Omar had 9. She bought 4 more." does not say
  whose move it is (the reader knows no gender);
* :func:`moves_told_done` is every later term a move the reader read with its verb's cue,
  told as done: "Mia will give away 10", "wants to give away 10" or "Omar flew 4 kites" (a
  verb with no cue) moves nothing yet;
* :func:`nothing_done_untold` is a lone requirement compared with what is still needed of
  another thing: nothing of it is done only when the text names it nowhere but in the
  requirement and the question ("He already put in some beans" may be any amount);
* :func:`loss_asked_after` is a side with a loss, asked at a time after it ("now", "left",
  or the question in the present over a story in the past), never "at first";
* :func:`held_compared_with_a_move` is a difference told of what two people have ("Omar has
  9 more shells than Lena") beside a side told, or asked, as a move ("If Lena finds 11",
  "how many does Omar find?"): what someone has is not what they found, unless the text
  says they had nothing before;
* :func:`given_away_asked_held` is a side that is only an amount its owner gave away, sold
  or lost, asked as what the owner has: "Sara gave her 4 limes. How many more limes does
  Ann have than Sara?" tells nothing of what Sara has.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from practiceloop.arith._bound_views import is_side
from practiceloop.arith._target_checks import NOT_DONE_WORDS, told_not_yet
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    actor_names,
    attribute,
    owner_of,
    quantity_views,
)
from practiceloop.kernel.frame import ProblemFrame, Relation

__all__ = [
    "given_away_asked_held",
    "held_compared_with_a_move",
    "loss_asked_after",
    "moved_between_sides",
    "movers_named",
    "moves_told_done",
    "nothing_done_untold",
    "side_went_negative",
    "signed_side",
    "still_needed_side",
]

_SIDES = ("compared", "referent")


def _side_names(relation: Relation, side: str) -> list[str]:
    return [name for name, _ in relation.roles if name == side or name.startswith(side + "_")]


def _need(frame: ProblemFrame, q: QuantityView) -> str | None:
    mention = frame.mention(q.mention_id)
    return attribute(mention.attributes, "need") if mention is not None else None


def still_needed_side(frame: ProblemFrame, terms: Sequence[QuantityView]) -> bool:
    """True when ``terms`` are one requirement and one amount done towards it, of one thing
    in one unit (``need=required`` and ``need=done``, marked by the reader's requirement
    stage, :func:`~practiceloop.arith.reader.requirements.compared_need`): what is still
    needed of that thing is their difference."""
    if len(terms) != 2:
        return False
    needs = sorted(_need(frame, q) or "" for q in terms)
    a, b = terms
    return (
        needs == ["done", "required"]
        and (a.entity, a.unit, a.modifier) == (b.entity, b.unit, b.modifier)
    )


def signed_side(
    frame: ProblemFrame, relation: Relation, side: str
) -> list[tuple[QuantityView, int]]:
    """The bound amounts of ``side`` in source order, each with its sign: the first one held
    (+1), every later one +1 for a gain and -1 for a loss. Empty when a term is unbound or is
    not an amount of the frame (the unknown, a side asked, has no terms)."""
    views = {q.mention_id: q for q in quantity_views(frame.mentions)}
    terms: list[QuantityView] = []
    for name in _side_names(relation, side):
        mention_id = relation.role(name)
        view = views.get(mention_id) if mention_id is not None else None
        if view is None:
            return []
        terms.append(view)
    if still_needed_side(frame, terms):  # the requirement less what is done
        required = [q for q in terms if _need(frame, q) == "required"]
        return [(required[0], 1)] + [(q, -1) for q in terms if q not in required]
    terms.sort(key=lambda q: q.start)
    return [(q, 1 if i == 0 or q.direction != "loss" else -1) for i, q in enumerate(terms)]


def side_went_negative(frame: ProblemFrame, relation: Relation) -> bool:
    """A summed side holds less than nothing after one of its moves ("Leo had 4 cards and
    gave away 9"): no amount the text could mean."""
    for side in _SIDES:
        held = Fraction(0)
        for view, sign in signed_side(frame, relation, side):
            held += sign * (view.value or 0)
            if held < 0:
                return True
    return False


def _actors_of(frame: ProblemFrame, sentence: int) -> set[str]:
    return {
        name
        for m in frame.mentions
        if m.kind == "actor"
        and m.span.sentence_index == sentence
        and (name := attribute(m.attributes, "name")) is not None
    }


def moved_between_sides(frame: ProblemFrame, relation: Relation) -> bool:
    """A later term of one side (a move after its holding) whose sentence names the owner of
    the other side: "Nina got 4 kites from Omar", "Mia gave Leo 10 stickers". The move is
    between the two sides, so it changes both; a side that counts it once is refused."""
    owners: dict[str, set[str]] = {}
    for side in _SIDES:
        found = {owner_of(frame, q) for q, _ in signed_side(frame, relation, side)}
        owners[side] = {owner for owner in found if owner is not None}
    for side, other in (("compared", "referent"), ("referent", "compared")):
        for view, _ in signed_side(frame, relation, side)[1:]:
            if _actors_of(frame, view.sentence) & (owners[other] - owners[side]):
                return True
    return False


def movers_named(frame: ProblemFrame, relation: Relation) -> bool:
    """False when the two sides are held by two different people and a later term of a side
    (a move after the holding) is told with no name of its own in its clause (a pronoun, or
    no subject: "She bought 4 more kites"): either person may have moved it, and the reader
    does not guess. "Nina then bought 4 more kites" names her. True otherwise."""
    owners = [
        {owner_of(frame, q) for q, _ in signed_side(frame, relation, side)[:1]} - {None}
        for side in _SIDES
    ]
    people = actor_names(frame)
    if not all(o and o <= people for o in owners) or owners[0] == owners[1]:
        return True  # a side with no person ("the club"), or one person's two kinds
    for side in _SIDES:
        terms = signed_side(frame, relation, side)
        if still_needed_side(frame, [q for q, _ in terms]):
            continue
        for view, _ in terms[1:]:
            if view.owner is None:
                return False
    return True


_NOT_YET: Final = NOT_DONE_WORDS | {"to"}
"""A summed side's move is not done after "to" too ("She wants to buy 4 more")."""


def moves_told_done(frame: ProblemFrame, relation: Relation) -> bool:
    """Every later term of a summed side is a move told as done: read with a verb cue (the
    reader's ``cue``), with no "will", "to", "going" or modal in the three words before the
    verb. "Mia will give away 10 stickers", "She wants to buy 4 more" and "Omar flew 4 kites"
    (no cue: a verb that moves nothing) are refused."""
    for side in _SIDES:
        terms = signed_side(frame, relation, side)
        if still_needed_side(frame, [q for q, _ in terms]):
            continue  # what is done towards a requirement is no move of the side
        for view, _ in terms[1:]:
            mention = frame.mention(view.mention_id)
            cue_id = attribute(mention.attributes, "cue") if mention is not None else None
            cue = frame.mention(cue_id) if cue_id is not None else None
            if cue is None or told_not_yet(frame, view, _NOT_YET):
                return False
    return True


def loss_asked_after(frame: ProblemFrame, relation: Relation, target: TargetView) -> bool:
    """False when a summed side's moves are asked before they happened ("at first",
    "initially", "before"), or a side takes a loss away and the question does not ask after
    it: it must say "now" or "left", or ask in the present ("does she have"). "How many more
    did Mia have than Leo?" after her loss asks no time after it. True with no moved side."""
    moved = [view for side in _SIDES for view in signed_side(frame, relation, side)[1:]]
    losses = [
        view
        for side in _SIDES
        for view, sign in signed_side(frame, relation, side)
        if sign < 0
    ]
    if not moved:
        return True
    unknown = frame.mention(target.mention_id or "")
    asked_in = unknown.span.sentence_index if unknown is not None else -1
    question = next((s.text for s in frame.sentences if s.sentence_index == asked_in), "")
    if _EARLIER & set(re.findall(r"[a-z]+", question.lower())):
        return False  # "at first", "initially", "before": the time before the moves
    if not losses:
        return True  # "How many more balloons did Jake have than Allan in the park?"
    return target.time == "now" or target.state == "left" or target.tense == "present"


_EARLIER = frozenset(
    {"first", "initially", "originally", "start", "beginning", "before", "earlier", "began"}
)


def nothing_done_untold(frame: ProblemFrame, relation: Relation) -> bool:
    """False when one side is what is still needed (:func:`still_needed_side`) and the other
    is a requirement alone whose thing the text names in another sentence than the
    requirement's and the question's ("Tom already put in 3 cups of rice and some beans"):
    what is still needed of it is then not the whole requirement; or when what is done is
    another person's than the one asked ("Ann already put in 3 cups ... does Tom need to
    add?"), or a still-needed side is compared with no requirement. True otherwise."""
    sides = {side: [q for q, _ in signed_side(frame, relation, side)] for side in _SIDES}
    if not any(still_needed_side(frame, terms) for terms in sides.values()):
        return True
    unknown = next((m for m in frame.mentions if m.kind == "unknown"), None)
    asked_in = unknown.span.sentence_index if unknown is not None else -1
    named = _actors_of(frame, asked_in)
    done = {
        owner_of(frame, q)
        for terms in sides.values()
        for q in terms
        if _need(frame, q) == "done"
    }
    if named and done - named:
        return False  # "Ann already put in 3 cups ... does Tom need to add": not his
    for terms in sides.values():
        if len(terms) != 1 or _need(frame, terms[0]) != "required":
            if not still_needed_side(frame, terms):
                return False  # a still-needed side compared with no requirement
            continue
        lone = terms[0]
        words = {w for w in (lone.entity, lone.modifier) if w}
        for sentence in frame.sentences:
            if sentence.sentence_index in (lone.sentence, asked_in):
                continue
            said = {noun_key(w) for w in re.findall(r"[a-z]+", sentence.text.lower())}
            if words & said:
                return False
    return True


def given_away_asked_held(
    frame: ProblemFrame, relation: Relation, bound: dict[str, QuantityView], target: TargetView
) -> bool:
    """True when the question asks what the sides hold ("does Ann have", "do they own") and
    a side is one amount told as a loss of its owner ("Sara gave her 4 limes"): a loss is
    what left the owner, not what the owner has. A side of a holding and its later moves
    (:func:`signed_side`) is read as such; "How many more did Sara give / did he eat than
    ...?" asks the moves themselves. ``bound`` is the relation's bound views."""
    unknown = frame.mention(target.mention_id or "")
    if unknown is None or not 0 <= unknown.span.sentence_index < len(frame.sentences):
        return False
    asked = frame.source_text[unknown.span.end : frame.sentences[unknown.span.sentence_index].end]
    if not _ASKS_HELD.search(asked):
        return False
    for side in ("compared", "referent"):
        roles = [name for name, m in relation.roles if m is not None and is_side(name, side)]
        if len(roles) == 1 and roles[0] in bound and bound[roles[0]].direction == "loss":
            return True
    return False


_ASKS_HELD: Final = re.compile(r"\b(?:have|has|had|hold|holds|own|owns)\b", re.IGNORECASE)


def held_compared_with_a_move(
    frame: ProblemFrame, relation: Relation, bound: dict[str, QuantityView]
) -> bool:
    """True when the difference is told with a verb of having ("Omar has 9 more shells than
    Lena") and a side is told or asked with a verb that moves things ("If Lena finds 11
    shells", "how many shells does Omar find?"): a holding and a move are compared only
    when the text says what was held before the move, which this comparison does not.
    ``bound`` is the relation's bound views."""
    difference = bound.get("difference")
    if difference is None or difference.in_question or not _HELD.search(difference.verb or ""):
        return False
    for name, mention_id in relation.roles:
        if mention_id is None or not (is_side(name, "compared") or is_side(name, "referent")):
            continue
        view = bound.get(name)
        unknown = frame.mention(mention_id) if view is None else None
        moved = (view is not None and view.direction is not None) or (
            unknown is not None
            and unknown.kind == "unknown"
            and attribute(unknown.attributes, "direction") is not None
        )
        if moved:
            return True
    return False


_HELD: Final = re.compile(r"^(?:has|have|had)\b")
