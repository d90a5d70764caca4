"""One holder's amount told as a multiple of another's: the scale reading.

(Each sentence's clause is read by :mod:`practiceloop.arith.scale_clauses`; this module joins
them into the reading of the whole text and solves it.)

"Kim has 4 shells. Lou has three times as many shells as Kim. How many shells does Lou
have?" The scaled amount is the factor times the base, where the base is what the holder
named after "as" holds of the same thing. One pure function of the frame's text, sentences,
mentions and target (:func:`read_scale`), used by the reader (to propose the relation), the
``scale`` organ (its candidates and what its reading consumes), the unit and target proofs
(the relation must bind what the reading reads) and cue accounting (the multiplier word it
consumes), so that all of them agree on what the text says.

The reading accounts for the *whole* text or for nothing. Every sentence must be one of:

* a base amount: "<Holder> <verb> <N> <thing>." (nothing else in the sentence);
* the scale: "<Holder> <verb> [<N> more|fewer|less than] <F> as many [<thing>] as <Holder>
  [did|does|has|had]." or "... <F> the number of <thing> as|that <Holder> ..." with the
  same verb as the base amount's (word for word, its other person, or "owns" beside "has":
  two verbs of holding the verb classes table puts in one class, never two moves);
* a step of a factor of one beside a scale: "<Holder> <verb> <N> more [<thing>] than
  <Holder>.";
* the told scaled amount and its scale in one: "<Holder> <verb> <N> <thing>, <F> as many as
  <Holder>.", or the base amount and a scale whose "as <Holder>" is unsaid joined by "and"
  ("Kim picked 12 apples and Lou picked twice as many");
* a whole told: "<Holder> and <Holder> <verb> <N> <thing> together." / "Together, ..." / "If
  they <verb> <N> <thing> in total," (the root holder's amount is then solved backwards);
* the question: "How many [<thing>] does <Holder> <verb>?" (the scaled holder: the product;
  the base holder: the base, when the scaled amount is told), "How many [<thing>] do they /
  <Holder> and <Holder> <verb> together (in all, altogether, in total, combined)?" (the sum),
  "How many more / fewer [<thing>] does <Holder> <verb> than <Holder>?" (the difference, only
  the way the amounts make it).

<Holder> is a name the reader read as a person, or one possessed person noun ("her sister")
beside exactly one name. <F> is "twice", "half", "double", "triple", "thrice", "a third" /
"one-fourth" (a part word after "a" / "one"), or "<two..ten or digits> times". Every
holder's amount must come out a whole number of things counted (money aside), never below
zero. Refused (None): "N times more" (ambiguous), a base of another thing or another holder,
a pronoun for either holder, another verb or tense ("had" against "has"), a time phrase, any
other number, any other sentence, any observation besides the multiplier word (a negation, a
modal...).
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Final

from practiceloop.arith.pair_backwards import read_pair_backwards
from practiceloop.arith.pair_shares import read_pair_shares
from practiceloop.arith.reading import mention_value, target_view
from practiceloop.arith.scale_clauses import (
    Clause,
    asked,
    clauses,
    possessed,
    question,
    same_time,
    same_verb,
)
from practiceloop.arith.scale_clauses import (
    thing_key as _thing_key,
)
from practiceloop.arith.scale_counts import counted_holders
from practiceloop.arith.scale_forms import (
    condition_after_question,
    unit_after_question,
    went_together,
)
from practiceloop.arith.scale_moves import Move, asked_after_move, holding_verb, move_told
from practiceloop.arith.scale_pairs import elided_sentence, read_pair_scale
from practiceloop.kernel.frame import Mention, Observation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "ASKED_ROLES",
    "Scale",
    "read_scale",
    "scale_value",
]

ASKED_ROLES: Final = ("scaled", "whole", "difference")
"""The third role of a scale relation, besides ``base`` and ``factor``: what the factor
times the base is, the sum of the two, or their difference."""

Step = tuple[str, str, int]
"""One scale on a holder's way to the root holder: its factor role, its offset role ("" for
none) and the offset's sign ("3 more than twice": +1, "3 fewer than twice": -1)."""

Path = tuple[Step, ...]
"""A holder's amount as the root holder's: the scales from the holder up to the root."""


@dataclasses.dataclass(frozen=True, slots=True)
class Scale:
    """A scale reading: the roles it binds and the phrases it consumes."""

    roles: tuple[tuple[str, str], ...]
    """``factor`` (``factor_1``, ``factor_2``), any ``offset`` ("3 more than twice"), the told
    role and the asked one, each to a mention id (the question's unknown in the asked one)."""
    consumed: tuple[tuple[int, int], ...]
    """The (start, end) of each scale phrase ("twice", "three times", "3 more than twice")."""
    told: tuple[Path, ...]
    """The holders whose amounts the told number sums (one, or every holder of a whole)."""
    asked: tuple[tuple[int, Path], ...]
    """The asked amount as signed holders' amounts, one per asked holder."""
    holders: tuple[Path, ...] = ()
    """Every holder the text names, each as its path to the root holder."""
    counts: bool = True
    """The amounts count things (no money): every holder's amount is a whole number."""
    move: int = 0
    """The sign of one move told of the asked holder after the scale (role ``moved``, see
    :mod:`~practiceloop.arith.scale_moves`): -1 "sold 10 of his coconuts", +1 "bought 5";
    0: no move."""


def _same_thing(*things: tuple[str, ...] | None) -> bool:
    told = {t for t in things if t is not None}
    return len(told) <= 1


def _role_suffix(count: int, index: int) -> str:
    return "" if count == 1 else f"_{index + 1}"


def _paths(scales: list[Clause]) -> dict[str, Path] | None:
    """Each holder's way to the one holder no scale scales (the root): the scales on it
    (``()`` for the root); None unless the scales make one tree (a holder scaled twice, a
    cycle, two roots)."""
    parent: dict[str, tuple[str, Step]] = {}
    for index, scale in enumerate(scales):
        if scale.base is None or scale.name in parent or scale.name == scale.base:
            return None
        suffix = _role_suffix(len(scales), index)
        offset = f"offset{suffix}" if scale.offset is not None else ""
        factor = f"factor{suffix}" if scale.number is not None else ""  # "4 more than": one
        parent[scale.name] = (scale.base, (factor, offset, scale.offset_sign))
    holders = set(parent) | {base for base, _ in parent.values()}
    roots = holders - set(parent)
    if len(roots) != 1:
        return None
    paths: dict[str, Path] = {}
    for holder in holders:
        path: list[Step] = []
        at = holder
        while at in parent and len(path) <= len(scales):
            at, step = parent[at]
            path.append(step)
        if at not in roots:
            return None  # a cycle
        paths[holder] = tuple(path)
    return paths


def _affine(path: Path, values: dict[str, Fraction]) -> tuple[Fraction, Fraction]:
    """The holder's amount as ``a`` x the root holder's + ``b``."""
    a, b = Fraction(1), Fraction(0)
    for factor, offset, sign in reversed(path):
        times = values[factor] if factor else Fraction(1)
        a, b = times * a, times * b + (sign * values[offset] if offset else 0)
    return a, b


def read_scale(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Scale | None:
    """The scale reading of the whole text, or None (see the module docstring); failing that,
    the scale followed by one move of the asked holder (:mod:`~practiceloop.arith.scale_moves`)
    when the last sentence before the question reads as one."""
    read = _read_scale(text, sentences, mentions, targets, observations, None)
    if read is None and len(sentences) >= 3:
        move = move_told(sentences[-2])
        if move is not None:
            read = _read_scale(text, sentences, mentions, targets, observations, move)
    if read is None:
        read = _pair_scale(text, sentences, mentions, targets, observations)
    return read


def _pair_scale(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Scale | None:
    """One holder's two sides, one a multiple of the other
    (:mod:`~practiceloop.arith.scale_pairs`), as a scale of one step: the base side is the
    root, the scaled side its multiple."""
    pair = read_pair_scale(text, sentences, mentions, targets, observations)
    if pair is None:
        return _pair_backwards(text, sentences, mentions, targets, observations)
    roles, consumed, kind, money, sign, offset_sign = pair
    scaled: Path = (("factor", "offset" if offset_sign else "", offset_sign),)
    asked: tuple[tuple[int, Path], ...] = ((1, scaled),)
    if kind == "whole":
        asked = ((1, ()), (1, scaled))
    elif kind == "difference":
        asked = ((sign, scaled), (-sign, ()))
    read = Scale(roles, consumed, ((),), asked, ((), scaled), counts=not money)
    known = {"factor": mention_value_of(mentions, roles[0][1])}
    known["base"] = mention_value_of(mentions, dict(roles)["base"])
    if offset_sign:  # "3 more than twice as many" (pair_offsets)
        known["offset"] = mention_value_of(mentions, dict(roles)["offset"])
    if None in known.values():
        return None
    value = scale_value(read, known)  # type: ignore[arg-type]
    if value is None or (kind == "difference" and value <= 0):
        return None  # "how many more cows than sheep", the cows being fewer
    return read


def _pair_backwards(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> Scale | None:
    """One holder's two kinds with the multiple's kind or the sum told
    (:mod:`~practiceloop.arith.pair_backwards`), or two people's shares of an amount shared
    (:mod:`~practiceloop.arith.pair_shares`), as a scale of one step whose root (the base kind
    or share) is solved backwards from the told side."""
    read = read_pair_backwards(text, sentences, mentions, targets, observations)
    money = False
    if read is None:
        shares = read_pair_shares(text, sentences, mentions, targets, observations)
        if shares is None:
            return None
        roles, consumed, kind, money = shares
        read = (roles, consumed, kind, 1, 0)
    roles, consumed, kind, sign, offset_sign = read
    scaled: Path = (("factor", "offset" if offset_sign else "", offset_sign),)
    told = roles[-2][0]
    asked = {
        "base": ((1, ()),),
        "scaled": ((1, scaled),),
        "whole": ((1, ()), (1, scaled)),
        "difference": ((sign, scaled), (-sign, ())),
    }[kind]
    told_paths = (scaled,) if told == "scaled" else ((), scaled)
    scale = Scale(roles, consumed, told_paths, asked, ((), scaled), counts=not money)
    known = {name: mention_value_of(mentions, mention) for name, mention in roles[:-1]}
    if None in known.values():
        return None
    value = scale_value(scale, known)  # type: ignore[arg-type]
    if value is None or value <= 0:
        return None  # "how many more trucks than cars", the trucks being fewer
    return scale


def mention_value_of(mentions: tuple[Mention, ...], mention_id: str) -> Fraction | None:
    """The value of the quantity mention ``mention_id``."""
    mention = next((m for m in mentions if m.mention_id == mention_id), None)
    return None if mention is None else mention_value(mention)


@dataclasses.dataclass(frozen=True, slots=True)
class _Told:
    """What the body of a scale text tells: its scale clauses, its one told amount (of
    ``thing``), each holder's path from the root, and the holders the told amount sums."""

    scales: list[Clause]
    amount: Clause
    thing: tuple[str, ...]
    paths: dict[str, Path]
    summed: tuple[str, ...]


def _read_scale(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
    move: Move | None,
) -> Scale | None:
    """The whole text read as one scale, or None: the body's clauses
    (:func:`_told_clauses`), one told amount of one thing (:func:`_one_told_amount`), holders
    the text names (:func:`_holders_named`), the question (:func:`_question_read`), every
    number bound (:func:`_numbers_bound`) and every multiplier observation consumed."""
    target = target_view(targets)
    if not 1 <= len(sentences) <= 5 or target is None or target.mention_id is None:
        return None
    unknown = target.mention_id
    split = None if move is not None else condition_after_question(sentences)
    body, ask, ask_text = split or (sentences[:-1], sentences[-1], question(sentences[-1]))
    if move is not None:
        body = body[:-1]  # the move, read by move_told
    found = _told_clauses(body)
    told = _one_told_amount(found[0], move) if found is not None else None
    if found is None or told is None or not _holders_named(mentions, told.paths, found[1]):
        return None
    question_read = _question_read(ask_text, told, move)
    if question_read is None:
        return None
    kind, holders = question_read[0], question_read[1]
    sign, paths = question_read[2], told.paths
    terms = tuple(
        (sign if index == 0 or kind != "difference" else -sign, paths[h])
        for index, h in enumerate(holders)
    )
    counted = counted_holders(mentions, ask, len(paths)) if question_read[3] else None
    numbers = _numbers_bound(mentions, told, move, counted)
    unknown_mention = next((m for m in mentions if m.mention_id == unknown), None)
    if numbers is None or unknown_mention is None:
        return None
    if unknown_mention.span.sentence_index != sentences.index(ask):
        return None
    bound, known, told_mention = numbers
    consumed = tuple(t.factor for t in told.scales if t.factor is not None)
    for observation in observations:
        counts = counted is not None and observation.evidence_spans == (counted.span,)
        if counts and observation.kind == "subset":
            continue  # "the three of them": the count of holders checked (scale_counts)
        if observation.kind != "factor" or not any(
            all(lo <= s.start and s.end <= hi for s in observation.evidence_spans)
            for lo, hi in consumed
        ):
            return None  # a negation, a modal, a percent, another multiplier: not read here
    if counted is not None:
        consumed = (*consumed, (counted.span.start, counted.span.end))
    amount = told.amount
    told_role, asked_role = _role_names(len(told.scales), amount, kind, holders, paths)
    roles = (*bound, (told_role, told_mention.mention_id), (asked_role, unknown))
    read = Scale(
        roles=roles,
        consumed=consumed,
        told=tuple(paths[h] for h in told.summed),
        asked=terms,
        holders=tuple(paths[h] for h in sorted(paths)),
        counts=told.thing != ("money",) and amount.value.denominator == 1,  # type: ignore[union-attr]
        move=0 if move is None else move.sign,
    )
    known[told_role] = amount.value  # type: ignore[assignment]
    value = scale_value(read, known)
    if value is None or (kind == "difference" and value <= 0):
        return None  # "how many more does Kim have", Kim's being the smaller amount
    return read


def _told_clauses(body: tuple[SourceSpan, ...]) -> tuple[list[Clause], set[str]] | None:
    """Every body sentence read as scale clauses ("Ann has 12 stickers. Ben has three times as
    many.": the base unsaid, :mod:`~practiceloop.arith.scale_pairs`), or as the one "Kim and
    Lou went fishing" naming holders; with those holders. None when a sentence is neither."""
    told: list[Clause] = []
    went: set[str] = set()
    previous: list[Clause] | None = None
    for sentence in body:
        elided = None if previous is None else elided_sentence(sentence, previous)
        sentence_read = elided or clauses(sentence)
        previous = sentence_read
        if sentence_read is None:
            together = went_together(sentence.text)  # "Kim and Lou went fishing."
            if together is None or went:
                return None
            went.update(together)
            continue
        told.extend(sentence_read)
    return told, went


def _one_told_amount(told: list[Clause], move: Move | None) -> _Told | None:
    """One or two scale clauses and one told amount, of one thing, with one verb at one time,
    every scale a path from the told holder; a move only of that thing after a holding."""
    scales = [t for t in told if t.factor is not None]
    amounts = [t for t in told if t.amount is not None]
    factored = [t for t in scales if t.number is not None]
    if len(told) > 3 or not 1 <= len(scales) <= 2 or len(amounts) != 1 or not factored:
        return None
    amount = amounts[0]
    verb, thing = amount.verb, amount.thing
    if thing is None or thing == ("",) or not all(same_verb(t.verb, verb) for t in told):
        return None
    if not _same_thing(*(t.thing for t in told)) or any(t.thing == ("",) for t in told):
        return None
    if not all(same_time(verb, t.aux) for t in told):
        return None
    if sum(t.place is not None for t in told) > 1:
        return None  # "at the mall" and "at the fair": amounts of two places
    if move is not None and (not holding_verb(verb) or move.thing not in (None, thing)):
        return None  # a move of another thing, or after two moves ("picked ... sold")
    if move is not None and move.money and thing != ("money",):
        return None  # "spent 7 shells"
    paths = _paths(scales)
    if paths is None:
        return None
    if amount.whole is not None:
        summed = amount.whole or tuple(sorted(paths))
        if len(summed) < 2 or not set(summed) <= set(paths):
            return None
    elif amount.name not in paths:
        return None
    else:
        summed = (amount.name,)
    return _Told(scales, amount, thing, paths, summed)


def _holders_named(mentions: tuple[Mention, ...], paths: dict[str, Path], went: set[str]) -> bool:
    """Every holder is a person the reader read, or one possessed holder of the one person
    named ("her sister"); the people who "went" together are holders the text scales."""
    actors = {dict(m.attributes).get("name") for m in mentions if m.kind == "actor"}
    named = [h for h in paths if not possessed(h)]
    if any(holder.lower() not in actors for holder in named):
        return False  # "They", "There": no person the reader read
    if len(paths) > len(named) and (len(named) != 1 or len(paths) - len(named) > 1):
        return False  # "her sister": one possessed holder, of the one person named
    return not went or went <= set(paths)  # "Kim and Max went fishing": Max holds nothing


def _question_read(
    ask_text: str, told: _Told, move: Move | None
) -> tuple[str, tuple[str, ...], int, bool] | None:
    """What the question asks of the holders (``one``, ``whole`` or ``difference``, the holders
    asked, the sign), in the told thing's unit; None when it asks what the text tells or a
    holder the text scales nowhere."""
    paths, thing = told.paths, told.thing
    unit = unit_after_question(ask_text)  # "How much does Sam weigh, in pounds?"
    if unit is not None:
        if _thing_key(unit[1]) != thing:
            return None
        ask_text = unit[0]
    if move is not None:
        if move.name not in paths or not asked_after_move(ask_text, move, thing):
            return None
        question_read: tuple[str, tuple[str, ...], int] | None = ("one", (move.name,), 1)
    else:
        question_read = asked(ask_text, told.amount.verb, thing)
    if question_read is None:
        return None
    kind, holders, sign = question_read
    counted = kind == "counted"
    if counted:  # "the three of them": every holder, as many as the text names
        if sign != len(paths):
            return None
        kind, sign = "whole", 1
    if not set(holders) <= set(paths) or len(set(holders)) != len(holders):
        return None  # a holder the text scales nowhere, or one named twice
    if kind == "whole" and not holders:
        holders = tuple(sorted(paths))  # "they": every holder the text names
    if kind == "one" and (holders[0],) == told.summed and move is None:
        return None  # what the text tells is not asked
    if kind == "whole" and (len(holders) < 2 or told.amount.whole is not None):
        return None
    return kind, holders, sign, counted


def _numbers_bound(
    mentions: tuple[Mention, ...], told: _Told, move: Move | None, counted: Mention | None
) -> tuple[list[tuple[str, str]], dict[str, Fraction], Mention] | None:
    """Every quantity mention of the text is the told amount, a factor's or an offset's
    number (or the move's, or the question's count of the holders, ``counted``: role
    ``holders``), each with the value the clause read: the roles bound, their known values
    and the told amount's mention; None otherwise."""
    quantities = [m for m in mentions if m.kind == "quantity" and m is not counted]
    spans = {(m.span.start, m.span.end): m for m in quantities}
    amount, scales = told.amount, told.scales
    told_mention = spans.get(amount.amount) if amount.amount is not None else None
    factored = [t for t in scales if t.number is not None]
    offsets = [t for t in scales if t.offset is not None]
    moves = 0 if move is None else 1
    if told_mention is None or len(quantities) != len(factored) + len(offsets) + 1 + moves:
        return None
    if mention_value(told_mention) != amount.value:
        return None
    bound: list[tuple[str, str]] = []
    known: dict[str, Fraction] = {}
    for index, scale in enumerate(scales):
        suffix = _role_suffix(len(scales), index)
        if scale.number is not None:
            mention = spans.get(scale.number)
            if mention is None or mention_value(mention) != scale.times or scale.times is None:
                return None
            bound.append((f"factor{suffix}", mention.mention_id))
            known[f"factor{suffix}"] = scale.times
        if scale.offset is not None:
            mention = spans.get(scale.offset)
            if mention is None or mention_value(mention) != scale.offset_value:
                return None
            bound.append((f"offset{suffix}", mention.mention_id))
            known[f"offset{suffix}"] = scale.offset_value  # type: ignore[assignment]
    if move is not None:
        moved = spans.get(move.amount)
        if moved is None or mention_value(moved) != move.value:
            return None
        bound.append(("moved", moved.mention_id))
        known["moved"] = move.value
    if counted is not None:
        holders = mention_value(counted)
        if holders is None:
            return None
        bound.append(("holders", counted.mention_id))
        known["holders"] = holders
    return bound, known, told_mention


def _role_names(
    count: int,
    amount: Clause,
    kind: str,
    holders: tuple[str, ...],
    paths: dict[str, Path],
) -> tuple[str, str]:
    """The told and asked roles' names: one scale's ``base`` / ``scaled`` (the base is the
    root), or ``told`` in a chain, or ``whole`` when the sum is told; the asked one ``base`` /
    ``scaled`` / ``whole`` / ``difference``."""
    if amount.whole is not None:
        told = "whole"
    elif count > 1:
        told = "told"
    else:
        told = "scaled" if paths[amount.name] else "base"
    if kind != "one":
        return told, kind
    if count > 1:
        return told, "scaled"
    return told, "scaled" if paths[holders[0]] else "base"


def scale_value(scale: Scale, known: dict[str, Fraction]) -> Fraction | None:
    """The asked amount from the told one, the factors and offsets (None: a factor of zero, a
    role unvalued, a holder's amount below zero or, of things counted, not whole): the root
    holder's amount from the told one (one holder's, or the sum of several), then the asked
    holders' amounts, summed ("together") or subtracted ("how many more")."""
    told_role = scale.roles[-2][0]
    values = {name: known.get(name) for name, _ in scale.roles[:-2]}
    told = known.get(told_role)
    if told is None or any(v is None for v in values.values()):
        return None
    given: dict[str, Fraction] = {k: v for k, v in values.items() if v is not None}
    if any(v <= 0 for k, v in given.items() if k.startswith("factor")):
        return None
    a = b = Fraction(0)
    for path in scale.told:
        pa, pb = _affine(path, given)
        a, b = a + pa, b + pb
    root = (told - b) / a
    for path in scale.holders or scale.told:
        pa, pb = _affine(path, given)
        amount = pa * root + pb
        if amount < 0 or (scale.counts and amount.denominator != 1):
            return None
    total = Fraction(0)
    for sign, path in scale.asked:
        pa, pb = _affine(path, given)
        total += sign * (pa * root + pb)
    if scale.move:
        total += scale.move * given["moved"]
        if total < 0:
            return None  # more given up than held
    return total
