"""A comparison whose one side a change fixes: the ``change_compare`` composition.

Three shapes, each a change (its first step) whose solved amount is one side of a comparison
(its second step), the other side being a told amount of the same change:

* *the other move* (``other_move``): "30 kids were on the train. At the station 12 got on
  while some got off. Then there were 25 on the train. How many more got off than got on?":
  got off = 30 + 12 - 25 = 17, compared with the 12 that got on (17 - 12 = 5);
* *what a loss left* (``rest_of_loss``): "Ann planted 14 roses. After a frost 5 died. How
  many more roses survived than died?": survived = 14 - 5 = 9, compared with the 5;
* *the move to what is left* (``move_to_rest``): "A cook had 12 guests. After some left he
  still had 5 guests. How many more guests left than stayed?": left = 12 - 5 = 7, compared
  with the 5 that stayed.

:func:`read_moves_compared` reads the whole text strictly (every amount of the story is one
of the change's, of one thing, of at most one person; the unknown move told with "some" and
done; the question's two verbs are exactly the told move or the staying and the solved one);
the reader's proposal, the organ's candidates, the solver and the proofs all call it, so a
relation closes only when it is bound exactly as the text reads.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith._target_checks import NOT_DONE_WORDS
from practiceloop.arith.lexicon import GAIN_VERBS, LOSS_VERBS, noun_key, verb_key
from practiceloop.arith.reading import (
    QuantityView,
    TargetView,
    entity_compatible,
    quantity_views,
    target_view,
)
from practiceloop.kernel.frame import Mention, ProblemFrame, Relation, Target

__all__ = [
    "ORGAN",
    "MovesCompared",
    "moves_bound_as_read",
    "moves_candidates",
    "moves_compared_value",
    "one_person_pronoun",
    "one_place",
    "propose_moves_compared",
    "read_moves_compared",
    "solved_side",
]

ORGAN: Final = "change_compare"

STAYING_VERBS: Final = frozenset({"survive", "stay", "remain"})
"""Verbs that tell what a loss left (the rest of the start): "survived", "stayed behind"."""

_PARTICLES: Final = {"on": "gain", "in": "gain", "off": "loss", "out": "loss", "away": "loss"}
_PRONOUNS: Final = frozenset({"he", "she", "they", "it", "we", "i", "you"})


@dataclasses.dataclass(frozen=True, slots=True)
class MovesCompared:
    """What the text reads: the shape, the change's told amounts by role, whether the asked
    ("more ... than") side is the solved one, and the way the told or solved move goes."""

    shape: str
    roles: tuple[tuple[str, str], ...]
    solved_compared: bool
    way: str
    """The told move's way (``other_move``, ``rest_of_loss``) or the solved move's."""


def _way(verb: str | None) -> str | None:
    """A move's way by its particle ("got off": loss) or its verb ("added": gain)."""
    words = (verb or "").lower().split()
    if not words:
        return None
    if len(words) > 1 and words[-1] in _PARTICLES:
        return _PARTICLES[words[-1]]
    if words[0] in GAIN_VERBS:
        return "gain"
    return "loss" if words[0] in LOSS_VERBS else None


def _same_verb(a: str | None, b: str | None) -> bool:
    """One verb phrase: one lemma and the same particles ("got on" is no "got off")."""
    if a is None or b is None or verb_key(a) != verb_key(b):
        return False
    return a.lower().split()[1:] == b.lower().split()[1:]


def _staying(verb: str | None) -> bool:
    return verb_key(verb) in STAYING_VERBS


def _some_move(text: str, story_end: int, verb: str, entity: str | None) -> list[re.Match[str]]:
    """Where the story tells a move of ``verb`` of "some" of the asked thing: "some got off",
    "some more children got on", "After deleting some he ...". Another thing after "some"
    ("deleting some photos") is no such move."""
    lemma = verb_key(verb)
    particles = verb.lower().split()[1:]
    found = []
    story = text[:story_end].lower()
    for m in re.finditer(r"\bsome\b", story):
        after = re.findall(r"[a-z]+", story[m.end() : m.end() + 40])
        before = re.findall(r"[a-z]+", story[max(0, m.start() - 30) : m.start()])
        if set(before[-3:]) & NOT_DONE_WORDS:
            continue  # "wants to give away some": not done
        rest = after[1:] if after[:1] == ["more"] else after
        if rest and rest[0] not in _PRONOUNS and verb_key(rest[0]) != lemma:
            # "some kids got off": the asked thing; "some photos": another thing
            rest = rest[1:] if noun_key(rest[0]) == entity else []
        if rest and verb_key(rest[0]) == lemma and rest[1 : 1 + len(particles)] == particles:
            found.append(m)
            continue
        if before and verb_key(before[-1]) == lemma and not particles:
            nxt = after[:1]
            if not nxt or nxt[0] in _PRONOUNS or nxt[0] in ("in", "at", "of", "and", "then"):
                found.append(m)
    return found


def _story(mentions: tuple[Mention, ...]) -> list[QuantityView]:
    return sorted((q for q in quantity_views(mentions) if not q.in_question), key=lambda q: q.start)


def _one_holder(story: list[QuantityView]) -> bool:
    owners = {q.owner for q in story} - {None}
    nouns = {q.subject_noun for q in story} - {None}
    return len(owners) <= 1 and len(nouns) <= 1 and not (owners and nouns)


_PLACE: Final = re.compile(
    r"\b(?:on|off|onto|into|from|near|inside|out of) (?:the|a|an|his|her|their|its) "
    r"(?:([a-z]+) )??([a-z]+)\b(?! [a-z]+'s)"
)
_POSSESSOR: Final = re.compile(r"\b([a-z]+)(?:'s|’s)\s")


def one_place(text: str, names: frozenset[str]) -> bool:
    """True when the text names at most one place things move on, off, into or from ("on the
    bus ... off the bus": one bus; "off the van ... on the bus": two), and no one's
    possession but the one holder's ("Haley's backyard" when Haley is the holder; "Amy's
    garden" of no one the story reads, or beside another holder, is another's)."""
    lowered = text.lower()
    places = {noun_key(m.group(2)) for m in _PLACE.finditer(lowered)}
    if len(places) > 1:
        return False
    possessors = {m.group(1) for m in _POSSESSOR.finditer(lowered + " ")}
    return possessors <= names and len(names) <= 1


_TIMES: Final = frozenset(
    """yesterday today tomorrow tonight last next ago week weeks month months year years day
    days morning afternoon evening night monday tuesday wednesday thursday friday saturday
    sunday""".split()
)
_ASKED_PLACE: Final = re.compile(
    r"\b(?:on|off|onto|into|from|near|inside|in|at|to) (?:the|a|an|his|her|their|its) "
    r"([a-z]+)\b(?: ([a-z]+)\b)?"
)
_HE: Final = frozenset({"he", "him", "his", "himself"})
_SHE: Final = frozenset({"she", "her", "hers", "herself"})


def _places_told(text: str, story_end: int) -> bool:
    """Every place the question names ("stayed on the train") is named in the story."""
    story = {noun_key(w) for w in re.findall(r"[a-z]+", text[:story_end].lower())}
    asked = [m.groups() for m in _ASKED_PLACE.finditer(text[story_end:].lower())]
    return all(noun_key(a) in story or noun_key(b or a) in story for a, b in asked)


def one_person_pronoun(text: str) -> bool:
    """True when the text's personal pronouns are of one person: never both a "he" and a
    "she" ("She added 10 pins. After losing some he had 20 left": two holders)."""
    words = set(re.findall(r"[a-z]+", text.lower()))
    return not (words & _HE and words & _SHE)


def _plain(q: QuantityView) -> bool:
    return q.per is None and q.compare is None and q.value is not None and q.side is None


def read_moves_compared(
    text: str, mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> MovesCompared | None:
    """The change a "how many more X than Y" question compares, or None. Every amount of the
    story is the asked thing's and one of the change's (so no distractor, second thing or
    third move), all of at most one holder, none told at a time or per a group; the start is
    told first; the question asks "more" (never "fewer", never at a future time) with two
    verbs; the told move is done (no "will", "wants"); an unknown move is told once with
    "some"; a staying verb ("survived", "stayed") only for what a loss left."""
    target = target_view(targets)
    if target is None or target.mention_id is None or target.state != "more":
        return None
    if target.tense == "future" or target.verb is None or target.than_verb is None:
        return None
    if target.owner == "group":
        return None
    question_at = min(m.span.start for m in mentions if m.mention_id == target.mention_id)
    sentence_start = text.rfind(".", 0, question_at)
    story_end = sentence_start + 1 if sentence_start >= 0 else question_at
    question = re.findall(r"[a-z]+", text[story_end:].lower())
    if set(question) & NOT_DONE_WORDS:
        return None  # "How many more will get on ...": not done
    if set(question) & _TIMES:
        return None  # "than those that died last year": a side at another time
    if not one_place(text, _names(mentions)) or not _places_told(text, story_end):
        return None
    if not one_person_pronoun(text):
        return None
    story = _story(mentions)
    if not story or not all(
        _plain(q) and entity_compatible(q.entity, q.modifier, q.unit, target) for q in story
    ):
        return None
    if not _one_holder(story) or len(re.findall(r"\bsome\b", text[:story_end].lower())) > 1:
        return None
    asked, than = target.verb, target.than_verb
    start = story[0]
    if start.state not in (None, "start") or start.direction not in (None, "gain"):
        return None
    if len(story) == 3:
        return _other_move(text, story_end, story, asked, than, target)
    if len(story) != 2:
        return None
    second = story[1]
    if second.direction == "loss" and second.state is None:
        return _rest_of_loss(text, story_end, story, asked, than)
    if second.direction is None and second.state in ("now", "left"):
        return _move_to_rest(text, story_end, story, asked, than, target)
    return None


def _names(mentions: tuple[Mention, ...]) -> frozenset[str]:
    """The names the reader read as actors (lower case)."""
    return frozenset(
        name.lower()
        for m in mentions
        if m.kind == "actor"
        for key, name in m.attributes
        if key == "name"
    )


def _done(text: str, q: QuantityView) -> bool:
    """No "will", "wants" or modal in the four words before ``q``'s number."""
    before = re.findall(r"[a-z]+", text[: q.start].lower())[-4:]
    return not set(before) & NOT_DONE_WORDS


def _other_move(
    text: str,
    story_end: int,
    story: list[QuantityView],
    asked: str,
    than: str,
    target: TargetView,
) -> MovesCompared | None:
    start, move, result = story
    if move.direction not in ("gain", "loss") or move.state is not None:
        return None
    if result.direction is not None or result.state not in ("now", "left", "in_all"):
        return None
    if not _done(text, move):
        return None
    if _same_verb(asked, move.verb) and not _same_verb(than, move.verb):
        other, solved_compared = than, False
    elif _same_verb(than, move.verb) and not _same_verb(asked, move.verb):
        other, solved_compared = asked, True
    else:
        return None
    way = _way(move.verb)
    if way is None or _way(other) is None or _way(other) == way:
        return None  # the other move goes the other way: "got on" / "got off"
    told = _some_move(text, story_end, other, target.entity)
    if len(told) != 1 or not start.start < told[0].start() < result.start:
        return None
    roles = (
        ("start", start.mention_id),
        ("change", move.mention_id),
        ("result", result.mention_id),
    )
    return MovesCompared("other_move", roles, solved_compared, way)


def _rest_of_loss(
    text: str, story_end: int, story: list[QuantityView], asked: str, than: str
) -> MovesCompared | None:
    start, move = story
    if "some" in re.findall(r"[a-z]+", text[:story_end].lower()) or not _done(text, move):
        return None
    if _same_verb(asked, move.verb) and _staying(than):
        solved_compared = False
    elif _same_verb(than, move.verb) and _staying(asked):
        solved_compared = True
    else:
        return None
    roles = (("start", start.mention_id), ("change", move.mention_id))
    return MovesCompared("rest_of_loss", roles, solved_compared, "loss")


def _move_to_rest(
    text: str,
    story_end: int,
    story: list[QuantityView],
    asked: str,
    than: str,
    target: TargetView,
) -> MovesCompared | None:
    start, rest = story
    if start.direction is not None:
        return None
    if _staying(than) and _way(asked) == "loss":
        moved, solved_compared = asked, True
    elif _staying(asked) and _way(than) == "loss":
        moved, solved_compared = than, False
    else:
        return None
    told = _some_move(text, story_end, moved, target.entity)
    if len(told) != 1 or not start.start < told[0].start() < rest.start:
        return None
    roles = (("start", start.mention_id), ("result", rest.mention_id))
    return MovesCompared("move_to_rest", roles, solved_compared, "loss")


def _read(frame: ProblemFrame) -> MovesCompared | None:
    return read_moves_compared(frame.source_text, frame.mentions, frame.targets)


def solved_side(frame: ProblemFrame, relation: Relation) -> Fraction | None:
    """The side the change fixes (the unknown move, or what the loss left), from the amounts
    ``relation`` binds; None unless it binds exactly what the text reads."""
    read = _read(frame)
    if read is None or not moves_bound_as_read(frame, relation):
        return None
    values = {q.mention_id: q.value for q in quantity_views(frame.mentions)}
    known = {name: values[m] for name, m in read.roles}
    if any(v is None for v in known.values()):
        return None
    start, change, result = (known.get(k) or Fraction(0) for k in ("start", "change", "result"))
    if read.shape == "other_move":  # result = start + s*change - s*other
        sign = 1 if read.way == "gain" else -1
        return sign * (start - result) + change
    if read.shape == "rest_of_loss":
        return start - change
    return start - result


def moves_compared_value(frame: ProblemFrame, relation: Relation) -> Fraction | None:
    """The asked difference: the "more" side less the "than" side, or None when the relation
    is not bound as the text reads."""
    read = _read(frame)
    solved = solved_side(frame, relation)
    if read is None or solved is None:
        return None
    values = {q.mention_id: q.value for q in quantity_views(frame.mentions)}
    told_role = "result" if read.shape == "move_to_rest" else "change"
    told = values[dict(read.roles)[told_role]]
    if told is None:
        return None
    return solved - told if read.solved_compared else told - solved


def moves_bound_as_read(frame: ProblemFrame, relation: Relation) -> bool:
    """True when ``relation`` binds exactly the text's reading: the change's told amounts in
    their roles and the question's unknown as the difference, nothing else."""
    read = _read(frame)
    target = target_view(frame.targets)
    if read is None or target is None:
        return False
    expected = {*read.roles, ("difference", target.mention_id)}
    return set(relation.roles) == expected and len(relation.roles) == len(expected)


def moves_candidates(
    frame: ProblemFrame, relation: Relation, target: TargetView
) -> dict[str, tuple[str, ...]]:
    """The organ's candidates: each role the one amount the reading gives it (none when the
    text does not read so)."""
    read = _read(frame)
    found: dict[str, tuple[str, ...]] = {name: () for name, _ in relation.roles}
    if read is not None:
        found.update({name: (m,) for name, m in read.roles})
    found["difference"] = ()
    return found


def propose_moves_compared(
    text: str, mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> tuple[Relation, ...]:
    """The ``change_compare`` relation when :func:`read_moves_compared` reads the text: the
    unknown as the difference, the change's roles left for practice to fill."""
    read = read_moves_compared(text, mentions, targets)
    target = target_view(targets)
    if read is None or target is None or target.mention_id is None:
        return ()
    spans = [m.span for m in mentions if m.mention_id == target.mention_id]
    roles = (*((name, None) for name, _ in read.roles), ("difference", target.mention_id))
    return (
        Relation(
            relation_id=f"r_{ORGAN}",
            relation_type=ORGAN,
            roles=roles,
            evidence_spans=tuple(spans),
        ),
    )
