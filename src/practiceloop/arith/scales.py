"""One holder's amount told as a multiple of another's: the scale reading.

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
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import (
    CONTROL_WORDS,
    SIDE_DAYS,
    SIDE_PERIODS,
    STOP_WORDS,
    TIME_ADVERBS,
    noun_key,
    told_in_past,
    told_in_present,
    verb_class,
    verb_key,
)
from practiceloop.arith.numbers import FACTOR_WORDS, PART_WORDS, parse_digits, parse_words
from practiceloop.arith.reading import target_view
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

_NAME: Final = r"[A-Z][a-z]+"
_KIN: Final = (
    "dad", "mom", "father", "mother", "brother", "sister", "son", "daughter", "uncle", "aunt",
    "cousin", "grandma", "grandpa", "grandmother", "grandfather", "wife", "husband", "friend",
)  # fmt: skip
"""Person nouns a possessive makes one holder of ("his dad", "her sister")."""
_HOLDER: Final = rf"(?:{_NAME}|(?:[Hh]is|[Hh]er) (?:{'|'.join(_KIN)}))"
_THING: Final = r"[a-z]+(?: [a-z]+){0,2}"
_COUNT: Final = r"two|three|four|five|six|seven|eight|nine|ten|\d+"
_FRACTION: Final = r"(?:a|one)[- ](?P<part>half|third|quarter|fourth|fifth)"
_FACTOR: Final = (
    rf"(?P<factor>twice|half|double|triple|thrice|{_FRACTION}|(?P<times>{_COUNT}) times)"
)
_OFFSET: Final = rf"(?:(?P<off>\$?\d+|{_COUNT}) (?P<offway>more|fewer|less) than )?"
_AUX: Final = r"(?: (?P<aux>does|did|has|had|do))?"
_AMOUNT: Final = r"(?P<num>\$?\d+(?:\.\d+)?|" + _COUNT + r")"
_ALL: Final = r"(?:together|in all|altogether|in total|combined)"

_BASE: Final = re.compile(
    rf"(?P<name>{_HOLDER}) (?P<verb>[a-z]+) {_AMOUNT}(?: (?P<thing>{_THING}))?"
)
_SCALED: Final = re.compile(
    rf"(?P<name>{_HOLDER}) (?P<verb>[a-z]+) {_OFFSET}{_FACTOR}"
    rf" (?:as (?:many|much)(?: (?P<thing>{_THING}))? as|the number of (?P<counted>{_THING})"
    rf" (?:as|that)) (?P<base>{_HOLDER}){_AUX}"
)
_MORE: Final = re.compile(
    rf"(?P<name>{_HOLDER}) (?P<verb>[a-z]+) (?P<off>\$?\d+|{_COUNT}) (?P<offway>more|fewer|less)"
    rf"(?: (?P<thing>{_THING}))? than (?P<base>{_HOLDER}){_AUX}"
)
_ELIDED: Final = re.compile(
    rf"(?P<name>{_HOLDER}) (?P<verb>[a-z]+) {_OFFSET}{_FACTOR} as (?:many|much)"
    rf"(?: (?P<thing>{_THING}))?"
)
_TOLD: Final = re.compile(
    rf"(?P<name>{_HOLDER}) (?P<verb>[a-z]+) {_AMOUNT}(?: (?P<thing>{_THING}))?, {_FACTOR} as"
    rf" (?:many|much) as (?P<base>{_HOLDER}){_AUX}"
)
_WHOLE: Final = re.compile(
    rf"(?P<first>Together, )?(?:(?P<they>[Tt]hey)|(?P<one>{_HOLDER}) and (?P<two>{_HOLDER}))"
    rf" (?P<verb>[a-z]+) {_AMOUNT}(?: (?P<thing>{_THING}))?"
)
_LAST: Final = re.compile(rf" {_ALL}$")
_ASK_ONE: Final = re.compile(
    rf"How (?:many|much)(?: (?P<thing>{_THING}))? (?P<ask>does|did) (?P<name>{_HOLDER})"
    r" (?P<verb>[a-z]+)\?"
)
_ASK_BOTH: Final = re.compile(
    rf"How (?:many|much)(?: (?P<thing>{_THING}))? (?P<ask>do|did)"
    rf" (?:they|(?P<one>{_HOLDER}) and (?P<two>{_HOLDER})) (?P<verb>[a-z]+)"
    rf" {_ALL}\?"
)
_ASK_DIFF: Final = re.compile(
    rf"How (?:many|much) (?P<way>more|fewer|less)(?: (?P<thing>{_THING}))? (?P<ask>does|did)"
    rf" (?P<name>{_HOLDER}) (?P<verb>[a-z]+) than (?P<other>{_HOLDER})(?: (?P<aux>does|did))?\?"
)

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


def _factor_value(match: re.Match[str]) -> Fraction | None:
    times = match.group("times")
    if times is None:
        part = match.groupdict().get("part")
        if part is not None:
            return PART_WORDS[part]
        return FACTOR_WORDS.get(match.group("factor"))
    value = parse_digits(times) if times.isdigit() else parse_words((times,))
    return value if value is not None and value >= 2 else None


def _amount_value(text: str) -> Fraction | None:
    return parse_digits(text) if text[:1].isdigit() or text[:1] == "$" else parse_words((text,))


_NO_THING: Final = (TIME_ADVERBS | SIDE_DAYS | SIDE_PERIODS | STOP_WORDS | CONTROL_WORDS) - {"of"}


def _thing(words: str | None) -> tuple[str, ...] | None:
    """A noun phrase as a key: every word but the last as written, the last as its noun;
    ``("",)`` (no thing any amount counts) when a word of it tells a time or is no noun."""
    if words is None:
        return None
    parts = words.split()
    if any(p in _NO_THING for p in parts) or parts[0] == "of" or parts[-1] == "of":
        return ("",)
    return (*parts[:-1], noun_key(parts[-1]))


_PRESENT_AUX: Final = frozenset({"does", "do", "has"})
_PAST_AUX: Final = frozenset({"did", "had"})


def _same_time(verb: str, aux: str | None) -> bool:
    """The auxiliary after "as Kim" or of the question tells the verb's own tense ("has ...
    as Kim does", "found ... as Kim did"); "has ... as Kim had" tells another time."""
    if aux is None:
        return True
    if aux in _PAST_AUX:
        return not told_in_present(verb)
    return aux in _PRESENT_AUX and not told_in_past(verb)


_HOLDING: Final = frozenset({"have", "own", "hold", "contain"})
"""Verbs of the ``observation`` class (:func:`~practiceloop.arith.lexicon.verb_class`) that
all tell what a holder holds now ("be", "keep" tell something else)."""


def _same_verb(one: str, other: str, *, tensed: bool = True) -> bool:
    """The same verb told at the same time: word for word, its other person ("Kim and Lou
    have 30" beside "Lou has"), or two verbs of holding the verb classes table puts in one
    class ("owns" beside "has"); never two moves of one class ("found" beside "bought").
    ``tensed=False``: ``one`` is the bare verb after an auxiliary that tells the time."""
    if one == other:
        return True
    if tensed and (
        told_in_past(one) != told_in_past(other) or told_in_present(one) != told_in_present(other)
    ):
        return False
    if verb_key(one) == verb_key(other):
        return True
    keys = {verb_key(one), verb_key(other)}
    return keys <= _HOLDING and {verb_class(one), verb_class(other)} == {"observation"}


@dataclasses.dataclass(frozen=True, slots=True)
class _Told:
    """One sentence's reading: an amount told, or the scale, or both, or a whole."""

    name: str
    verb: str
    amount: tuple[int, int] | None  # the told number's (start, end)
    value: Fraction | None
    thing: tuple[str, ...] | None
    factor: tuple[int, int] | None  # the scale phrase's (start, end), any offset included
    number: tuple[int, int] | None  # the factor's own number ("three" of "three times")
    times: Fraction | None
    base: str | None  # the holder after "as"
    aux: str | None  # "as Kim did"
    offset: tuple[int, int] | None = None  # "3" of "3 more than twice"
    offset_value: Fraction | None = None
    offset_sign: int = 0
    whole: tuple[str, ...] | None = None  # the holders a told whole sums (() for "they")


def _holder(text: str) -> str:
    """A holder as a key: a name as written, a possessed person noun in lower case ("Her
    sister" and "her sister" are one holder)."""
    return text if " " not in text else text.lower()


def _possessed(holder: str) -> bool:
    return " " in holder


def _span(match: re.Match[str], group: str, offset: int) -> tuple[int, int]:
    return offset + match.start(group), offset + match.end(group)


def _read_whole(text: str, offset: int) -> _Told | None:
    """ "Kim and Lou have 30 cards together", "Together, they have 30 cards", "If they have 30
    cards in total": a whole told of two named holders or of "they" (every holder)."""
    last = _LAST.search(text)
    match = _WHOLE.fullmatch(text[: last.start()] if last is not None else text)
    if match is None or (match.group("first") is None) == (last is None):
        return None  # "together" told once, before or after
    if match.group("they") == "They" and match.group("first") is not None:
        return None
    value = _amount_value(match.group("num"))
    thing = _thing(match.group("thing"))
    if thing is None and match.group("num").startswith("$"):
        thing = ("money",)
    if value is None:
        return None
    named = tuple(_holder(n) for n in (match.group("one"), match.group("two")) if n is not None)
    if len(named) == 2 and named[0] == named[1]:
        return None
    return _Told(
        "", match.group("verb"), _span(match, "num", offset), value, thing,
        None, None, None, None, None, whole=named,
    )  # fmt: skip


def _read_more(text: str, offset: int) -> _Told | None:
    """ "Lou has 4 more shells than Kim": a step of one more scale, by a factor of one (told
    only beside a scale by a factor: the reading needs one)."""
    match = _MORE.fullmatch(text)
    if match is None:
        return None
    value = _amount_value(match.group("off"))
    if value is None or value <= 0:
        return None
    return _Told(
        _holder(match.group("name")), match.group("verb"), None, None,
        _thing(match.group("thing")), (offset + match.start("off"), offset + match.end("base")),
        None, Fraction(1), _holder(match.group("base")), match.group("aux"),
        _span(match, "off", offset), value, 1 if match.group("offway") == "more" else -1,
    )  # fmt: skip


def _read_clause(text: str, offset: int) -> _Told | None:
    """One clause ("Kim has 4 shells", "Lou has twice as many shells as Kim", "Kim and Lou have
    30 shells together"), its final stop stripped, read by one of the patterns; ``offset`` is
    where it starts."""
    whole = _read_whole(text, offset)
    if whole is not None:
        return whole
    more = _read_more(text, offset)
    if more is not None:
        return more
    for pattern in (_TOLD, _SCALED, _BASE):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        groups = match.groupdict()
        num = groups.get("num")
        amount = _span(match, "num", offset) if num else None
        value = _amount_value(num) if num else None
        factor = times = number = None
        if groups.get("factor"):
            factor = _span(match, "factor", offset)
            times = _factor_value(match)
            number = factor
            if groups.get("times"):
                number = _span(match, "times", offset)
            if times is None:
                return None
        if amount is not None and value is None:
            return None
        off = groups.get("off")
        off_span = off_value = None
        sign = 0
        if off is not None and factor is not None:
            off_span = _span(match, "off", offset)
            off_value = _amount_value(off)
            sign = 1 if groups["offway"] == "more" else -1
            factor = (off_span[0], factor[1])
            if off_value is None or off_value <= 0:
                return None
        thing = _thing(groups.get("thing") or groups.get("counted"))
        if thing is None and num is not None and num.startswith("$"):
            thing = ("money",)
        return _Told(
            _holder(match.group("name")),
            match.group("verb"),
            amount,
            value,
            thing,
            factor,
            number,
            times,
            _holder(groups["base"]) if groups.get("base") else None,
            groups.get("aux"),
            off_span,
            off_value,
            sign,
        )
    return None


_JOINS: Final = re.compile(r",? (?:and|while) ")


def _clauses(span: SourceSpan) -> list[_Told] | None:
    """A body sentence as one clause, or as two joined by "and" / "while" ("Kim has 4 shells
    and Lou has twice as many shells as Kim"), or the condition the reader cut from the
    question ("If Kim has 4 shells,"); None when none of them reads."""
    text = span.text.strip()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    condition = text.startswith("If ") and text.endswith(",")
    if not (text.endswith(".") or condition):
        return None
    if condition:
        text, offset = text[3:], offset + 3
    text = text[:-1]
    whole = _read_clause(text, offset)
    if whole is not None:
        return [whole]
    for join in _JOINS.finditer(text):
        left = _read_clause(text[: join.start()], offset)
        right = _read_clause(text[join.end() :], offset + join.end())
        if right is None and left is not None:
            right = _elided(left, text[join.end() :], offset + join.end())
        if left is not None and right is not None and (left.whole, right.whole) == (None, None):
            return [left, right]
    return _who(text, offset)


def _elided(left: _Told, text: str, offset: int) -> _Told | None:
    """ "Kim picked 12 apples and Lou picked twice as many (apples)": a scale whose "as Kim"
    is left unsaid after the clause that tells the one amount of the sentence; its base is
    that clause's holder."""
    if left.amount is None or left.factor is not None or left.whole is not None:
        return None
    match = _ELIDED.fullmatch(text)
    if match is None:
        return None
    read = _read_clause(f"{text} as {left.name}", offset)
    if read is None or read.base != left.name:
        return None
    return read


_WHO: Final = re.compile(r", who ")


def _who(text: str, offset: int) -> list[_Told] | None:
    """ "Xavier runs three times as many miles as Katie, who runs 4 times as many miles as
    Cole": the relative clause tells of the holder just named after "as"."""
    join = _WHO.search(text)
    if join is None:
        return None
    left = _read_clause(text[: join.start()], offset)
    if left is None or left.base is None or _possessed(left.base):
        return None
    if not text[: join.start()].endswith(left.base):
        return None
    rest = text[join.end() :]
    right = _read_clause(f"{left.base} {rest}", offset + join.end() - len(left.base) - 1)
    if right is None or right.name != left.base:
        return None
    return [left, right]


def _question(span: SourceSpan) -> str:
    """The question's text, its first letter upper case (the reader cuts "If Kim has 4
    shells," off "how many ...?")."""
    text = span.text.strip()
    return text[:1].upper() + text[1:]


def _same_thing(*things: tuple[str, ...] | None) -> bool:
    told = {t for t in things if t is not None}
    return len(told) <= 1


def _role_suffix(count: int, index: int) -> str:
    return "" if count == 1 else f"_{index + 1}"


def _paths(scales: list[_Told]) -> dict[str, Path] | None:
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
    """The scale reading of the whole text, or None (see the module docstring)."""
    target = target_view(targets)
    if not 1 <= len(sentences) <= 5 or target is None or target.mention_id is None:
        return None
    unknown = target.mention_id
    told: list[_Told] = []
    for sentence in sentences[:-1]:
        clauses = _clauses(sentence)
        if clauses is None:
            return None
        told.extend(clauses)
    scales = [t for t in told if t.factor is not None]
    amounts = [t for t in told if t.amount is not None]
    factored = [t for t in scales if t.number is not None]
    if len(told) > 3 or not 1 <= len(scales) <= 2 or len(amounts) != 1 or not factored:
        return None
    amount = amounts[0]
    verb, thing = amount.verb, amount.thing
    if thing is None or thing == ("",) or not all(_same_verb(t.verb, verb) for t in told):
        return None
    if not _same_thing(*(t.thing for t in told)) or any(t.thing == ("",) for t in told):
        return None
    if not all(_same_time(verb, t.aux) for t in told):
        return None
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
    actors = {dict(m.attributes).get("name") for m in mentions if m.kind == "actor"}
    named = [h for h in paths if not _possessed(h)]
    if any(holder.lower() not in actors for holder in named):
        return None  # "They", "There": no person the reader read
    if len(paths) > len(named) and (len(named) != 1 or len(paths) - len(named) > 1):
        return None  # "her sister": one possessed holder, of the one person named
    asked = _asked(_question(sentences[-1]), verb, thing)
    if asked is None:
        return None
    kind, holders, sign = asked
    if not set(holders) <= set(paths) or len(set(holders)) != len(holders):
        return None  # a holder the text scales nowhere, or one named twice
    if kind == "whole" and not holders:
        holders = tuple(sorted(paths))  # "they": every holder the text names
    if kind == "one" and (holders[0],) == summed:
        return None  # what the text tells is not asked
    if kind == "whole" and (len(holders) < 2 or amount.whole is not None):
        return None
    terms = tuple(
        (sign if index == 0 or kind != "difference" else -sign, paths[h])
        for index, h in enumerate(holders)
    )
    # every quantity mention of the text is the told amount, a factor's or an offset's number
    quantities = [m for m in mentions if m.kind == "quantity"]
    spans = {(m.span.start, m.span.end): m for m in quantities}
    told_mention = spans.get(amount.amount) if amount.amount is not None else None
    offsets = [t for t in scales if t.offset is not None]
    if told_mention is None or len(quantities) != len(factored) + len(offsets) + 1:
        return None
    if _value(told_mention) != amount.value:
        return None
    bound: list[tuple[str, str]] = []
    known: dict[str, Fraction] = {}
    for index, scale in enumerate(scales):
        suffix = _role_suffix(len(scales), index)
        if scale.number is not None:
            mention = spans.get(scale.number)
            if mention is None or _value(mention) != scale.times or scale.times is None:
                return None
            bound.append((f"factor{suffix}", mention.mention_id))
            known[f"factor{suffix}"] = scale.times
        if scale.offset is not None:
            mention = spans.get(scale.offset)
            if mention is None or _value(mention) != scale.offset_value:
                return None
            bound.append((f"offset{suffix}", mention.mention_id))
            known[f"offset{suffix}"] = scale.offset_value  # type: ignore[assignment]
    unknown_mention = next((m for m in mentions if m.mention_id == unknown), None)
    if unknown_mention is None or unknown_mention.span.sentence_index != len(sentences) - 1:
        return None
    consumed = tuple(t.factor for t in scales if t.factor is not None)
    for observation in observations:
        if observation.kind != "factor" or not any(
            all(lo <= s.start and s.end <= hi for s in observation.evidence_spans)
            for lo, hi in consumed
        ):
            return None  # a negation, a modal, a percent, another multiplier: not read here
    told_role, asked_role = _role_names(len(scales), amount, kind, holders, paths)
    roles = (*bound, (told_role, told_mention.mention_id), (asked_role, unknown))
    read = Scale(
        roles=roles,
        consumed=consumed,
        told=tuple(paths[h] for h in summed),
        asked=terms,
        holders=tuple(paths[h] for h in sorted(paths)),
        counts=thing != ("money",) and amount.value.denominator == 1,  # type: ignore[union-attr]
    )
    known[told_role] = amount.value  # type: ignore[assignment]
    value = scale_value(read, known)
    if value is None or (kind == "difference" and value <= 0):
        return None  # "how many more does Kim have", Kim's being the smaller amount
    return read


def _role_names(
    count: int,
    amount: _Told,
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


def _value(mention: Mention) -> Fraction | None:
    raw = dict(mention.attributes).get("value")
    if raw is None:
        return None
    numerator, _, denominator = raw.partition("/")
    try:
        return Fraction(int(numerator), int(denominator or "1"))
    except ValueError:
        return None


def _asked(text: str, verb: str, thing: tuple[str, ...]) -> tuple[str, tuple[str, ...], int] | None:
    """What the question asks: ``("one", (holder,), 1)``, ``("whole", holders, 1)`` (no
    holders: "they"), ``("difference", (a, b), +1 / -1)``
    ("how many more does a have than b": +1; "fewer": -1); None when it asks anything else,
    another verb, tense or thing."""
    match = _ASK_ONE.fullmatch(text) or _ASK_BOTH.fullmatch(text) or _ASK_DIFF.fullmatch(text)
    if match is None or not _same_verb(match.group("verb"), verb, tensed=False):
        return None
    groups = match.groupdict()
    if not _same_time(verb, groups["ask"]) or not _same_time(verb, groups.get("aux")):
        return None  # "Kim has 4 ... How many did Lou have?": asked of another time
    asked_thing = _thing(groups.get("thing"))
    if asked_thing == ("dollar",) and thing == ("money",):
        asked_thing = thing  # "How many dollars" of amounts told in "$"
    if asked_thing is not None and asked_thing != thing:
        return None
    if "way" in groups:
        name, other = _holder(groups["name"]), _holder(groups["other"])
        if name == other:
            return None
        return "difference", (name, other), 1 if groups["way"] == "more" else -1
    if "one" in groups:
        named = tuple(_holder(n) for n in (groups.get("one"), groups.get("two")) if n is not None)
        return "whole", named, 1
    return "one", (_holder(groups["name"]),), 1


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
    return total
