"""A fraction or a percent of a told amount: the portion reading.

(Each sentence's clause is read by :mod:`practiceloop.arith.portion_clauses`; this module
joins them into the reading of the whole text and solves it.)

"Neil baked 20 cookies. He gave 2/5 of the cookies to his friend. How many cookies are left
for Neil?" The portion is the fraction times the whole it is "of"; the rest is the whole
less the portion. One pure function of the frame's text, sentences, mentions, target and
observations (:func:`read_portion`), used by the reader (to propose the relation), the
``portion`` organ (its candidates and what its reading consumes), the unit and target proofs
(the relation must bind what the reading reads), cue accounting (the fraction phrase, the
verbs and the "rest" it consumes) and exact evaluation, so that all of them agree on what the
text says.

The reading accounts for the *whole* text or for nothing. The sentences are, in order:

* any sentences that say nothing countable (no number, no observation, no word of the
  counted thing, none of :data:`_UNSAFE`: "A housewife goes to the market.");
* the whole: "<Holder> <verb> <N> <thing> [<phrase>]." (a verb that holds or gets things) or
  "There are <N> <thing> [<phrase>]."; left out when the portion says it ("She spent 2/3 of
  her $150");
* the portion: "<Holder> <verb> <F> of <them | it | the thing | his thing | her <N> thing>
  [<phrase>]." (a verb that takes things from its subject, told: "gave", "spent", "sold",
  "lost"), or "<F> of the thing were <verb>ed" ("If 5/6 of the nuts were eaten,"), or a
  property "<F> of the thing are <property>[, and the rest are <other>]" (the whole may
  then be told after it: "If there are 18 contestants in total,");
* what was left, when the whole is asked: "now she has $24 left";
* the question: what the holder has left (or now), what is left, what the portion's verb
  moved, the whole "at first" / "originally", or how many have the portion's property, the
  rest's, or not the portion's.

<Holder> is a person the reader read by name, a pronoun when the text names at most one
person, or "a / the <noun>" when it names none; every clause's holder is the one holder
(the portion's may be another person's only when "There are" tells the whole and the
question asks no holder). <F> is "half", "a third", "one-fourth", "two thirds", "3/4",
"25%", "25 percent", "ten percent", strictly between nothing and all. "of them" / "of it"
name the one whole; "of the X" / "of his X" name it by its noun phrase (the same words, or
its last word), a possessive the holder's own. The counted thing's portion, rest and whole
are whole numbers of things (money aside); every other number, sentence, observation (a
negation, a modal, another multiplier, "remaining") or reading refuses the text.
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import noun_key, verb_key
from practiceloop.arith.portion_clauses import Asked, Clause, asked, clauses, question
from practiceloop.arith.reading import target_view
from practiceloop.kernel.frame import Mention, Observation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["ASKED_ROLES", "OBSERVED", "Portion", "portion_value", "read_portion"]

ASKED_ROLES: Final = ("part", "rest", "whole")
"""What a portion relation asks: the portion, the rest, or the whole (from the rest told)."""

_PRONOUNS: Final = {"he": "his", "she": "her", "they": "their"}
_UNSAFE: Final = frozenset(
    """same as than more fewer less times twice half double triple each every per all rest
    remaining left other another also too number amount total some of""".split()
)
"""Words a sentence that counts nothing may not say: they may tell an amount of the story's
thing without a number ("the same number", "the rest", "some of them")."""

OBSERVED: Final = frozenset({"factor", "percent", "fraction_of", "subset", "rest", "negation"})
"""The observations a portion reading may consume, each only inside what it reads: its
fraction, percent, the "N of them" its fraction is, "the rest" of a property, the "not" of a
question that asks the rest."""


@dataclasses.dataclass(frozen=True, slots=True)
class Portion:
    """A portion reading: the roles it binds, the phrases it consumes, how it is solved."""

    roles: tuple[tuple[str, str], ...]
    """``fraction``, the told role (``whole``, or ``rest`` when the whole is asked) and the
    asked one (``part``, ``rest`` or ``whole``), each to a mention id."""
    consumed: tuple[tuple[int, int], ...]
    """The (start, end) of the fraction phrase, the verbs read, "the rest", a question's
    "not"."""
    percent: bool
    """The fraction is told as a percent (its mention's value is divided by 100)."""
    counts: bool
    """The amounts count things (no money): the portion and the rest are whole numbers."""


def _holder_key(holder: str | None) -> str | None:
    if holder is None:
        return None
    lowered = holder.lower()
    return lowered


def _same_thing(told: tuple[str, ...], said: tuple[str, ...] | None) -> bool:
    """``said`` names the ``told`` thing: the same words, or its last word alone."""
    if said is None:
        return True
    return said == told or said == told[-1:] or (told == ("money",) and said[-1] == "dollar")


def _holders(
    story: list[Clause], ask: Asked, names: set[str]
) -> dict[str, str | None] | None:
    """Each clause's holder as the one holder it names (None: "There", a passive); None when
    the holders are not one (two names, a pronoun with two people named)."""
    said = [c.holder for c in story if c.holder is not None]
    if ask.holder is not None:
        said.append(ask.holder)
    keys = {_holder_key(h) for h in said}
    pronouns = {k for k in keys if k in _PRONOUNS}
    nouns = {k for k in keys if k is not None and k not in _PRONOUNS}
    if len(pronouns) > 1 or len(nouns) > 1:
        return None
    named = {n for n in nouns if " " not in n}
    if named and not named <= names:
        return None  # a capitalised word the reader read as no person
    others = names - nouns  # people the story names only in a closing phrase ("to Noa")
    if pronouns and nouns and others:
        # "She gave a third of them to Noa": "she" is not the person her own clause names;
        # a pronoun anywhere else, the question's above all, may be anyone named
        told = [c for c in story if c.holder is not None and c.holder.lower() in _PRONOUNS]
        if ask.holder is not None and ask.holder.lower() in _PRONOUNS:
            return None
        if any(not others <= set(c.named) for c in told):
            return None
    elif pronouns and len(names) > 1:
        return None  # "he" with two people named
    one = next(iter(nouns), None) or next(iter(names), None) or next(iter(pronouns), None)
    return {h: one for h in said}


def read_portion(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Portion | None:
    """The portion reading of the whole text, or None (see the module docstring)."""
    target = target_view(targets)
    if not 2 <= len(sentences) <= 5 or target is None or target.mention_id is None:
        return None
    story: list[Clause] = []
    opening = True
    for sentence in sentences[:-1]:
        read = clauses(sentence)
        if read is None:
            if opening and _says_nothing(sentence, mentions, observations):
                continue
            return None
        opening = False
        story.extend(read)
    ask = asked(*question(sentences[-1]))
    if ask is None or not story:
        return None
    shape = _shape(story)
    if shape is None:
        return None
    whole, share, left = shape
    thing = whole.thing
    if thing is None or not _same_thing(thing, share.thing if share is not whole else None):
        return None
    if share.ref == "them" and thing == ("money",):
        return None
    if any(not _says_nothing_of(s, thing) for s in sentences[:-1] if _opening(s, story)):
        return None
    names = {dict(m.attributes).get("name", "") for m in mentions if m.kind == "actor"}
    holders = _holders(story, ask, names)
    if holders is None:
        return None
    owner = holders.get(whole.holder) if whole.holder is not None else None
    mover = holders.get(share.holder) if share.holder is not None else None
    asker = holders.get(ask.holder) if ask.holder is not None else None
    if whole.holder is not None and mover not in (None, owner):
        return None
    if whole.holder is None and mover is not None and asker is not None:
        return None  # "There are 30 nuts. Tom ate half of them. How many does Tom have?"
    if asker not in (None, owner) or (left is not None and holders.get(left.holder or "") != owner):
        return None
    if share.possessive is not None and not _possessive_fits(share, holders):
        return None
    asked_role = _asked_role(ask, share, whole, left, thing)
    if asked_role is None:
        return None
    return _bind(
        text, mentions, observations, target.mention_id, sentences, whole, share, left,
        ask, asked_role,
    )  # fmt: skip


def _opening(sentence: SourceSpan, story: list[Clause]) -> bool:
    """``sentence`` is one of the opening sentences no clause reads (it starts before every
    clause)."""
    starts = [c.verb_span[0] for c in story if c.verb_span is not None]
    return bool(starts) and sentence.end <= min(starts)


def _says_nothing(
    sentence: SourceSpan, mentions: tuple[Mention, ...], observations: tuple[Observation, ...]
) -> bool:
    """The sentence counts nothing and says no amount: no quantity, no observation, none of
    :data:`_UNSAFE`, no digit."""
    if any(m.kind == "quantity" and m.span.sentence_index == sentence.sentence_index
           for m in mentions):  # fmt: skip
        return False
    if any(
        s.sentence_index == sentence.sentence_index
        for o in observations
        for s in o.evidence_spans
    ):
        return False
    said = {w.strip(",.;:!?'’\"").lower() for w in sentence.text.split()}
    return not (said & _UNSAFE) and not any(ch.isdigit() for ch in sentence.text)


def _says_nothing_of(sentence: SourceSpan, thing: tuple[str, ...]) -> bool:
    """An opening sentence does not name the counted thing (it would tell of it unread)."""
    said = {noun_key(w.strip(",.;:!?'’\"")) for w in sentence.text.split()}
    return thing[-1] not in said and (thing != ("money",) or "dollar" not in said)


def _shape(story: list[Clause]) -> tuple[Clause, Clause, Clause | None] | None:
    """(the whole, the portion, what was left) in one of the orders the module docstring
    lists; None otherwise."""
    kinds = [c.kind for c in story]
    if kinds == ["told", "moved"] or kinds == ["told", "property"]:
        return story[0], story[1], None
    if kinds == ["property", "told"]:
        return story[1], story[0], None
    if kinds == ["moved"] and story[0].amount is not None:
        return story[0], story[0], None
    if kinds == ["moved", "left"] and story[0].amount is None and story[0].possessive:
        return _unsaid_whole(story[0]), story[0], story[1]
    return None


def _unsaid_whole(share: Clause) -> Clause:
    """The whole of "spent 1/4 of her money" when what was left is told: the holder's
    amount of the thing named, not told."""
    return Clause("told", share.holder, None, thing=share.thing)


def _possessive_fits(share: Clause, holders: dict[str, str | None]) -> bool:
    """ "of his cars" after "he": the possessive is the subject's (a name takes any)."""
    if share.holder is None:
        return False  # "5/6 of his nuts were eaten": whose is unsaid
    subject = share.holder.lower()
    return subject not in _PRONOUNS or _PRONOUNS[subject] == share.possessive


def _asked_role(
    ask: Asked, share: Clause, whole: Clause, left: Clause | None, thing: tuple[str, ...]
) -> str | None:
    """The relation role the question asks, or None when it asks anything the story does not
    tell that way."""
    if not _same_thing(thing, ask.thing) and not (ask.kind == "prop" and ask.thing is None):
        return None
    if left is not None:  # the whole is asked back from what was left
        if ask.kind != "start" or not _same_thing(thing, left.thing):
            return None
        return "whole"
    if ask.kind == "start":
        return None
    if share.kind == "moved":
        if ask.kind == "left":
            return "rest"
        if ask.kind == "moved" and verb_key(ask.verb) == verb_key(share.verb):
            return "part"
        return None
    if ask.kind == "prop" and ask.prop == share.prop:
        return "part"
    if ask.kind == "rest" and ask.prop == share.prop:
        return "rest"
    if ask.kind == "prop" and share.rest_prop is not None and ask.prop == share.rest_prop:
        return "rest"
    return None


def _value(mention: Mention) -> Fraction | None:
    raw = dict(mention.attributes).get("value")
    if raw is None:
        return None
    numerator, _, denominator = raw.partition("/")
    try:
        return Fraction(int(numerator), int(denominator or "1"))
    except ValueError:
        return None


def _bind(
    text: str,
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    unknown: str,
    sentences: tuple[SourceSpan, ...],
    whole: Clause,
    share: Clause,
    left: Clause | None,
    ask: Asked,
    asked_role: str,
) -> Portion | None:
    """The roles each quantity mention of the text takes (every one of them takes one), the
    phrases consumed, and the value checked; None when the mentions are not the clauses'."""
    quantities = [m for m in mentions if m.kind == "quantity"]
    spans = {(m.span.start, m.span.end): m for m in quantities}
    fraction = _fraction_mention(spans, share)
    told = left if left is not None else whole
    told_mention = spans.get(told.amount) if told.amount is not None else None
    if fraction is None or told_mention is None or len(quantities) != 2:
        return None
    if _value(told_mention) != told.value:
        return None
    unknown_mention = next((m for m in mentions if m.mention_id == unknown), None)
    if unknown_mention is None or unknown_mention.span.sentence_index != len(sentences) - 1:
        return None
    consumed = [share.fraction] if share.fraction is not None else []
    consumed += [c.verb_span for c in (whole, share, left) if c is not None and c.verb_span]
    if share.rest_span is not None:
        consumed.append(share.rest_span)
    if ask.negation is not None:
        consumed.append(ask.negation)
    for observation in observations:
        inside = all(
            any(lo <= s.start and s.end <= hi for lo, hi in consumed)
            for s in observation.evidence_spans
        )
        if not inside or observation.kind not in OBSERVED:
            return None  # a negation, a modal, another multiplier: not read here
    told_role = "rest" if left is not None else "whole"
    roles = (("fraction", fraction.mention_id), (told_role, told_mention.mention_id),
             (asked_role, unknown))  # fmt: skip
    read = Portion(
        roles=roles,
        consumed=tuple(c for c in consumed if c is not None),
        percent=share.percent,
        counts=whole.thing != ("money",),
    )
    known = {"fraction": _value(fraction), told_role: told.value}
    if any(v is None for v in known.values()):
        return None
    value = portion_value(read, known)  # type: ignore[arg-type]
    return read if value is not None else None


def _fraction_mention(spans: dict[tuple[int, int], Mention], share: Clause) -> Mention | None:
    """The quantity mention of the fraction: the phrase itself ("2/5", "two thirds", "half")
    or, of a percent, its number ("25" of "25%")."""
    if share.fraction is None or share.part is None:
        return None
    lo, hi = share.fraction
    found = spans.get((lo, hi))
    if found is None and share.percent:
        found = next(
            (m for (s, e), m in spans.items() if s == lo and e < hi), None
        )  # "25" of "25%", "ten" of "ten percent"
    if found is None:
        return None
    value = _value(found)
    if value is None or (value / 100 if share.percent else value) != share.part:
        return None
    return found


def portion_value(portion: Portion, known: dict[str, Fraction]) -> Fraction | None:
    """The asked amount from the told one and the fraction (None: a role unvalued, a
    fraction not strictly between nothing and all, or an amount of things counted that is
    not whole)."""
    fraction = known.get("fraction")
    if fraction is None:
        return None
    part = fraction / 100 if portion.percent else fraction
    if not 0 < part < 1:
        return None
    asked = portion.roles[-1][0]
    told_role = portion.roles[-2][0]
    told = known.get(told_role)
    if told is None or told < 0:
        return None
    whole = told if told_role == "whole" else told / (1 - part)
    amounts = {"whole": whole, "part": part * whole, "rest": whole - part * whole}
    if portion.counts and any(v.denominator != 1 for v in amounts.values()):
        return None
    return amounts[asked]
