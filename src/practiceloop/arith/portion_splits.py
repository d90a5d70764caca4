"""The third shape of the portion reading: a told whole split by fractions into kinds, the rest
of it one more kind.

"Michael has 36 pets. 25% of them are dogs, 50% are cats, and the rest are bunnies. How many
bunnies does he have?" Each fraction is of the whole (never of another part), so the parts
are the fractions times the whole and the rest is the whole less them all. The sentences
are, in order:

* opening sentences that say nothing countable
  (:func:`~practiceloop.arith._portion_base.opening_says_nothing`);
* the whole: "<Holder> has <N> <thing> [<phrase>]." or "[<Phrase>,] there are <N> <thing>
  [<phrase>].";
* the parts, in one sentence or two, each "<F> of them | of the <thing> are <kind>" or, after
  another, "<F> are <kind>", joined by commas, "and", "while"; then "the rest [of the
  <thing>] are <kind>" (in that sentence or its own);
* the question: "How many <kind> [<thing>] does <Holder> have?", "How many [<thing>] [of them]
  are <kind>?", "How many <kind> are there?"

Every kind is said once (two parts of one kind, or the rest of a kind a part has, refuse the
text); the question asks one of them, word for word (or as the modifier of the thing: "How
many blue socks" of "the rest of the socks are blue"), of the whole's holder. The fractions
together are less than all when a rest is told.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final

from practiceloop.arith._portion_base import Shape, one_holder, opening_says_nothing, same_thing
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.numbers import parse_digits, parse_words
from practiceloop.arith.portion_clauses import FRACTION, fraction_phrase
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_splits"]

_NUM: Final = r"\d[\d,]*|[a-z]+(?:-[a-z]+)?"
_ENDS: Final = (
    "to in at on for from with into by of and or but so then than as is are was were has have "
    "had do does did will the rest them many much how there their his her its a an"
)
_WORD: Final = rf"(?!(?:{_ENDS.replace(' ', '|')})\b)[a-z][a-z'’-]*"
_THING: Final = rf"{_WORD}(?: {_WORD}){{0,2}}"
_KIND: Final = (
    rf"(?:{_WORD}(?: {_WORD}){{0,2}}|from (?:the )?[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?)"
)
"""What a part is: one to three words ("dogs", "white", "half-day students"), or "from
<Place>"."""
_HOLDER: Final = r"(?P<subj>[A-Z][a-z]+|[Hh]e|[Ss]he|[Tt]hey)"
_TAIL: Final = r"(?: (?:in|at|on) (?:a|an|the|this|his|her|their) [a-z]+(?: [a-z]+)?)?"

_WHOLE: Final = re.compile(
    rf"(?:(?:{_HOLDER} (?P<verb>has|had|have))|(?:(?P<lead>(?:At|In|On) [A-Z][A-Za-z' ]+), )?"
    rf"[Tt]here (?P<be>are|were)) (?P<num>{_NUM}) (?P<thing>{_THING}){_TAIL}"
)
_PART: Final = re.compile(
    rf"(?P<frac>{FRACTION})(?: of (?:them|the (?P<of>{_THING})))? (?P<be>are|were|is) "
    rf"(?P<kind>{_KIND})"
)
_REST: Final = re.compile(
    rf"(?:[Tt]he rest(?: of the (?P<of>{_THING}))?) (?P<be>are|were|is) (?P<kind>{_KIND})"
)
_ITEM_JOIN: Final = re.compile(r",? and |, while |,? while |, ")

_ASK_HAVE: Final = re.compile(
    rf"How many (?P<words>{_WORD}(?: {_WORD}){{0,2}}) (?P<aux>does|do|did) {_HOLDER} have\?"
)
_ASK_ARE: Final = re.compile(
    rf"How many(?: (?P<thing>{_THING}))?(?: of them)?{_TAIL} (?P<be>are|were) (?P<kind>{_KIND})\?"
)
_ASK_THERE: Final = re.compile(rf"How many (?P<kind>{_KIND}) (?P<be>are|were) there\?")


def _thing(words: str | None) -> tuple[str, ...] | None:
    if not words:
        return None
    parts = words.split()
    return (*parts[:-1], noun_key(parts[-1]))


def _stripped(sentence: SourceSpan) -> tuple[str, int] | None:
    text = sentence.text.strip()
    if not text.endswith("."):
        return None
    return text[:-1], sentence.start + len(sentence.text) - len(sentence.text.lstrip())


def _items(text: str, offset: int) -> list[tuple[re.Match[str], int, bool]] | None:
    """The parts (and the rest) of one sentence: each a match, its offset, and whether it is
    the rest; None when some piece of the sentence reads as neither."""
    whole = _PART.fullmatch(text) or _REST.fullmatch(text)
    if whole is not None:
        return [(whole, offset, whole.re is _REST)]
    for join in _ITEM_JOIN.finditer(text):
        head = _PART.fullmatch(text[: join.start()])
        if head is None:
            continue
        rest = _items(text[join.end() :], offset + join.end())
        if rest is not None:
            return [(head, offset, False), *rest]
    return None


def read_splits(
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    names: set[str],
) -> Shape | None:
    """The shape a whole split into kinds by fractions makes of the text (see the module
    docstring), or None."""
    body = [_stripped(s) for s in sentences[:-1]]
    start = next((i for i, b in enumerate(body) if b and _WHOLE.fullmatch(b[0])), None)
    if start is None or start + 1 >= len(body):
        return None
    told_text, told_at = body[start]  # type: ignore[misc]
    whole = _WHOLE.fullmatch(told_text)
    assert whole is not None
    items: list[tuple[re.Match[str], int, bool]] = []
    for read in body[start + 1 :]:
        found = _items(*read) if read is not None else None
        if found is None:
            return None
        items.extend(found)
    thing = _thing(whole.group("thing"))
    value = _value(whole.group("num"))
    if thing is None or value is None or not items or items[0][2]:
        return None
    if not all(opening_says_nothing(s, mentions, observations, thing) for s in sentences[:start]):
        return None
    parts, rest = _parts(items, thing)
    if parts is None:
        return None
    kinds = [kind for _, _, kind in parts] + ([rest[1]] if rest is not None else [])
    if len(set(kinds)) != len(kinds) or (rest is not None and sum(p for _, p, _ in parts) >= 1):
        return None
    past = (whole.group("verb") or whole.group("be")) in ("had", "were")
    if any((match.group("be") == "were") != past for match, _, _ in items):
        return None  # "Joan had 180 socks. Two thirds of them are white": of another time
    ask = sentences[-1].text.strip()
    asked = _asked(ask[:1].upper() + ask[1:], thing, kinds, whole.group("subj"), names, past)
    if asked is None:
        return None
    index = kinds.index(asked)
    if rest is None and index >= len(parts):
        return None
    factors = tuple((span, part, percent) for (span, part, _), percent in _percents(items))
    consumed = []
    if whole.group("verb"):
        consumed.append((told_at + whole.start("verb"), told_at + whole.end("verb")))
    if rest is not None:
        consumed.append(rest[0])
    for match, at, _ in items:
        consumed.append((at + match.start("be"), at + match.end("be")))
    if index == len(parts):
        asked_role = "rest"
    else:
        asked_role = "part" if len(parts) == 1 else f"part_{index + 1}"
    return Shape(
        factors=factors,
        told=(told_at + whole.start("num"), told_at + whole.end("num")),
        told_value=value,
        told_role="whole",
        asked_role=asked_role,
        consumed=tuple(consumed),
        counts=True,
        steps=tuple(("take_whole", i) for i in range(len(factors))),
    )


def _value(text: str) -> Fraction | None:
    if text[:1].isdigit():
        return parse_digits(text)
    return parse_words(tuple(text.lower().replace("-", " ").split()))


def _parts(
    items: list[tuple[re.Match[str], int, bool]], thing: tuple[str, ...]
) -> tuple[list[tuple[tuple[int, int], Fraction, str]] | None, tuple[tuple[int, int], str] | None]:
    """Each part's fraction phrase, value and kind, and the rest's (span of "the rest",
    kind); (None, None) when a part is of another thing or the rest is not last."""
    parts: list[tuple[tuple[int, int], Fraction, str]] = []
    rest = None
    for index, (match, at, is_rest) in enumerate(items):
        of = _thing(match.group("of"))
        if of is not None and not same_thing(thing, of):
            return None, None
        if is_rest:
            if index != len(items) - 1:
                return None, None
            rest = ((at + match.start(), at + match.start() + len("the rest")), match.group("kind"))
            continue
        read = fraction_phrase(match.group("frac"))
        if read is None or not 0 < read[0] < 1:
            return None, None
        span = (at + match.start("frac"), at + match.end("frac"))
        parts.append((span, read[0], match.group("kind")))
    return parts, rest


def _percents(
    items: list[tuple[re.Match[str], int, bool]],
) -> list[tuple[tuple[tuple[int, int], Fraction, str], bool]]:
    out = []
    for match, at, is_rest in items:
        if is_rest:
            continue
        read = fraction_phrase(match.group("frac"))
        assert read is not None
        span = (at + match.start("frac"), at + match.end("frac"))
        out.append(((span, read[0], match.group("kind")), read[1]))
    return out


def _asked(
    text: str,
    thing: tuple[str, ...],
    kinds: list[str],
    holder: str | None,
    names: set[str],
    past: bool,
) -> str | None:
    """The kind the question asks (in the story's own tense), or None."""
    match = _ASK_HAVE.fullmatch(text)
    if match is not None:
        if (match.group("aux") == "did") != past:
            return None
        if holder is None or one_holder([holder, match.group("subj")], [], match.group("subj"),
                                        names) is None:  # fmt: skip
            return None
        words = match.group("words").split()
        said = " ".join(words)
        if said in kinds and len(words) == 1 and noun_key(words[0]) != thing[-1]:
            return said  # "How many bunnies does he have?" of "the rest are bunnies"
        if len(words) >= 2 and noun_key(words[-1]) == thing[-1]:
            kind = " ".join(words[:-1])
            return kind if kind in kinds else None  # "How many blue socks" of "... are blue"
        return None
    match = _ASK_ARE.fullmatch(text) or _ASK_THERE.fullmatch(text)
    if match is None:
        return None
    if (match.group("be") == "were") != past:
        return None
    asked_thing = _thing(match.groupdict().get("thing"))
    if asked_thing is not None and not same_thing(thing, asked_thing):
        return None
    kind = match.group("kind")
    return kind if kind in kinds else None
