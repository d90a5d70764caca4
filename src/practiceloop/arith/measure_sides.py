"""Measures of holders told by "be" and a comparative: the measure reading of the sides family.

"Ada is 142 centimeters tall. Ben is 9 centimeters taller than Ada. How tall is Ben?" The
sides are the holders (a name, a possessed thing, "the <noun>"), each with one measure of one
dimension (height, length, width, depth, weight) in one unit; :func:`read_measure_sides` reads
every sentence of the story into facts of :mod:`practiceloop.arith.sides`:

* a measure told: "<Holder> is|was <N> <unit> [tall|long|high|wide|deep]", "<Holder>
  weighs|weighed <N> <unit>";
* a measure compared: "<Holder> is|was <N> <unit> taller|shorter|longer|higher|lower|wider|
  narrower|deeper|shallower|heavier|lighter [than <Holder>]", "<Holder> weighs <N> <unit>
  more|less [than <Holder>]"; with no "than", the one other holder the text named before;
* two of them joined by "and" (each with its subject and verb);

and the question as one holder's measure ("How tall is Ben?", "How many inches long is the
red rope?", "How much does the box weigh?"), two holders' difference ("How much taller is
Ben than Ada?") or the sum of every holder's measure (:func:`asked_sum`: "How tall are Ada and
Ben together?", "How much do both weigh?", "What is the total length of both ropes?").

What makes it sound: one dimension (every adjective, comparative and verb of the text allows
it: "shorter" is a height or a length, "heavier" a weight), one unit word throughout (the
question's too, when it says one), one tense ("is" / "weighs" against "was" / "weighed": a
child measured last year may have grown); "he" / "she" stands for the one person the text
named before it, "it" for the one thing; a holder that is a name must be one the reader read
as a person. Every story sentence is read word by word; the sides framework then requires
every number to be one fact's, no observation (an age, a negation, a modal, a multiplier),
one equation per holder and no holder's measure below zero.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith.chain_pronouns import KIN_NAMED, named_kin
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.sides import NUMBER, Fact, Told, is_money, number_value, told_and_asked
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_measure_sides"]

_ADJECTIVES: Final = {
    "tall": {"height"}, "high": {"height"}, "long": {"length"}, "wide": {"width"},
    "deep": {"depth"},
}  # fmt: skip
_COMPARATIVES: Final = {
    "taller": (1, {"height"}), "higher": (1, {"height"}), "lower": (-1, {"height"}),
    "shorter": (-1, {"height", "length"}), "longer": (1, {"length"}),
    "wider": (1, {"width"}), "narrower": (-1, {"width"}), "deeper": (1, {"depth"}),
    "shallower": (-1, {"depth"}), "heavier": (1, {"weight"}), "lighter": (-1, {"weight"}),
}  # fmt: skip
_UNITS: Final = frozenset(
    "inch foot yard mile meter metre centimeter millimeter kilometer pound ounce ton gram "
    "kilogram cm mm km kg lb ft".split()
)
_SHORT: Final = {
    "cm": "centimeter", "mm": "millimeter", "km": "kilometer", "kg": "kilogram",
    "lb": "pound", "lbs": "pound", "ft": "foot", "metre": "meter", "metres": "meter",
}  # fmt: skip
"""A unit's short form, the unit it stands for ("150 cm" and "how many centimeters")."""
_H: Final = (
    rf"(?:{KIN_NAMED}|(?:the|a|an) [a-z]+(?: of [a-z]+| [a-z]+)?"
    r"|[a-z]+'s [a-z]+(?: [a-z]+)?|[a-z]+)"
)
_BE: Final = r"(?P<v>is|was|weighs|weighed)"
_CMP: Final = "|".join([*_COMPARATIVES, "more", "less"])
_CLAUSE: Final = re.compile(
    rf"(?P<h>{_H}) {_BE} (?P<n>{NUMBER}) (?P<u>[a-z]+)"
    rf"(?: (?P<adj>{'|'.join(_ADJECTIVES)})| (?P<cmp>{_CMP})(?: than (?P<b>{_H}))?)?"
)
_ADJ: Final = "|".join(_ADJECTIVES)
_ASK_ONE: Final = re.compile(
    rf"how (?:(?P<adj>{_ADJ})|many (?P<u>[a-z]+) (?P<adj2>{_ADJ}))"
    rf" (?P<v>is|was) (?P<h>{_H})(?:, in (?P<u2>[a-z]+))?\?"
)
_ASK_WEIGHT: Final = re.compile(
    rf"how (?:much|many (?P<u>[a-z]+)) (?P<v>does|did) (?P<h>{_H}) weigh(?:, in (?P<u2>[a-z]+))?\?"
)
_ASK_DIFF: Final = re.compile(
    rf"how (?:much|many (?P<u>[a-z]+)) (?P<cmp>{'|'.join(_COMPARATIVES)}) (?P<v>is|was)"
    rf" (?P<h>{_H}) than (?P<b>{_H})(?:, in (?P<u2>[a-z]+))?\?"
)
_ALL: Final = r"(?: together| combined| in all| altogether| in total)?"
_BOTH: Final = (
    rf"(?:both(?: of them)?|both (?P<pl>[a-z]+)|(?P<x>{_H}) and (?P<y>{_H}))"
)
_ASK_SUM_BE: Final = re.compile(rf"how (?P<adj>{_ADJ}) (?P<v>are|were) {_BOTH}{_ALL}\?")
_ASK_SUM_WEIGH: Final = re.compile(
    rf"how (?:much|many (?P<u>[a-z]+)) (?P<v>do|did) {_BOTH} weigh{_ALL}(?:, in (?P<u2>[a-z]+))?\?"
)
_ASK_SUM_TOTAL: Final = re.compile(
    r"(?:(?:what|how much) (?P<v>is|was)|find|calculate) the (?:total|combined)"
    rf" (?P<dim>height|length|width|depth|weight) of {_BOTH}{_ALL}(?:, in (?P<u2>[a-z]+))?[.?]"
)
_DIMENSION_OF: Final = {"are": "is", "were": "was", "do": "does", "did": "did"}
_PERSONAL: Final = frozenset({"he", "she"})
_JOIN: Final = re.compile(r",? and ")


def _holder(text: str) -> str:
    words = text.split()
    return " ".join(words[1:]) if words[0] in ("the", "a", "an") and len(words) > 1 else text


def _person(holder: str, names: frozenset[str]) -> bool:
    return holder in names


def _present(verb: str) -> bool:
    return verb in ("is", "weighs", "does")


class _Story:
    """What the sentences read so far tell: holders in order, dimensions, units, tense."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names
        self.holders: list[str] = []
        self.dims: set[str] = {"height", "length", "width", "depth", "weight"}
        self.units: set[str] = set()
        self.tenses: set[bool] = set()

    def resolve(self, said: str) -> str | None:
        """A holder as said, a pronoun as the one holder of its sort named before, or None."""
        if said == "it" or said in _PERSONAL:
            earlier = {h for h in self.holders if _person(h, self.names) == (said != "it")}
            return next(iter(earlier)) if len(earlier) == 1 else None
        holder = _holder(named_kin(said))
        owner = holder.split("'s ")[0] if "'s " in holder else None
        if owner is not None and owner not in self.names:
            return None
        if " " not in holder and "'" not in holder and said == holder and holder not in self.names:
            return None  # a bare word that names no one the reader read
        return holder

    def other(self, holder: str) -> str | None:
        """The one other holder named before ("Sofia's rope is 9 feet shorter")."""
        earlier = set(self.holders) - {holder}
        return next(iter(earlier)) if len(earlier) == 1 else None

    def unit(self, word: str | None) -> bool:
        if word is None:
            return True
        key = _SHORT.get(word, noun_key(word))
        if key not in _UNITS:
            return False
        self.units.add(key)
        return len(self.units) == 1


def _clause(story: _Story, text: str, offset: int) -> Fact | None:
    match = _CLAUSE.fullmatch(text)
    if match is None or is_money(match.group("n")):
        return None
    value = number_value(match.group("n"))
    holder = story.resolve(match.group("h"))
    if value is None or holder is None or not story.unit(match.group("u")):
        return None
    verb = match.group("v")
    story.tenses.add(_present(verb))
    adj, cmp = match.group("adj"), match.group("cmp")
    weighs = verb.startswith("weigh")
    if weighs and (adj is not None or cmp not in (None, "more", "less")):
        return None
    if not weighs and cmp in ("more", "less"):
        return None
    if weighs:
        story.dims &= {"weight"}
    elif adj is not None:
        story.dims &= _ADJECTIVES[adj]
    span = (offset + match.start("n"), offset + match.end("n"))
    if cmp is None:
        story.holders.append(holder)
        return Fact(((holder, 1),), "told", span, value)
    sign, dims = _COMPARATIVES.get(cmp, (1 if cmp == "more" else -1, {"weight"}))
    story.dims &= dims
    said = match.group("b")
    base = story.resolve(said) if said is not None else story.other(holder)
    if base is None or base == holder or value <= 0:
        return None
    story.holders.extend((holder, base))
    return Fact(((holder, sign), (base, -sign)), "difference", span, value)


def asked_sum(story: _Story, text: str) -> tuple[tuple[tuple[str, int], ...], str] | None:
    """A sum of every holder's measure asked: "How tall are Ada and Ben together?", "How much
    do both weigh?", "What is the total length of both ropes?". The holders named are exactly
    every holder told (each once); "both" is exactly two holders, and a noun after it ("both
    ropes") is every holder's own noun."""
    be, weigh = _ASK_SUM_BE.fullmatch(text), _ASK_SUM_WEIGH.fullmatch(text)
    total = _ASK_SUM_TOTAL.fullmatch(text)
    match = be or weigh or total
    if match is None:
        return None
    groups = match.groupdict()
    if groups["v"] is not None:
        story.tenses.add(_present(_DIMENSION_OF.get(groups["v"], groups["v"])))
    if not story.unit(groups.get("u")) or not story.unit(groups.get("u2")):
        return None
    if be is not None:
        story.dims &= _ADJECTIVES[groups["adj"]]
    else:
        story.dims &= {"weight"} if weigh is not None else {groups["dim"]}
    told = list(dict.fromkeys(story.holders))
    if groups["x"] is None:
        noun = groups["pl"]
        if len(told) != 2 or (
            noun is not None and any(noun_key(h.split()[-1]) != noun_key(noun) for h in told)
        ):
            return None
        return tuple((h, 1) for h in told), "whole"
    x, y = story.resolve(groups["x"]), story.resolve(groups["y"])
    if x is None or y is None or x == y or sorted((x, y)) != sorted(told):
        return None
    return ((x, 1), (y, 1)), "whole"


def _asked(story: _Story, text: str) -> tuple[tuple[tuple[str, int], ...], str] | None:
    summed = asked_sum(story, text)
    if summed is not None:
        return summed
    one = _ASK_ONE.fullmatch(text)
    weight = _ASK_WEIGHT.fullmatch(text)
    diff = _ASK_DIFF.fullmatch(text)
    match = one or weight or diff
    if match is None:
        return None
    groups = match.groupdict()
    story.tenses.add(_present(groups["v"]))
    if not story.unit(groups.get("u")) or not story.unit(groups.get("u2")):
        return None
    if weight is not None:
        story.dims &= {"weight"}
    elif one is not None:
        story.dims &= _ADJECTIVES[groups["adj"] or groups["adj2"]]
    holder = story.resolve(groups["h"])
    if holder is None:
        return None
    if diff is None:
        return ((holder, 1),), "compared"
    sign, dims = _COMPARATIVES[groups["cmp"]]
    story.dims &= dims
    base = story.resolve(groups["b"])
    if base is None or base == holder:
        return None
    return ((holder, sign), (base, -sign)), "difference"


def read_measure_sides(
    text: str, sentences: tuple[SourceSpan, ...], mentions: tuple[Mention, ...]
) -> Told | None:
    """The measure reading of the whole text (see the module docstring), or None."""
    if not text.isascii() or not 2 <= len(sentences) <= 5:
        return None
    names = frozenset(
        value for m in mentions if m.kind == "actor" for key, value in m.attributes if key == "name"
    )
    story = _Story(names)
    facts: list[Fact] = []
    consumed: list[tuple[int, int]] = []
    # "If Jess is 72 inches tall, how tall ...?": the condition is told
    told, asked_text, start = told_and_asked(sentences, ", how ")
    for text_of, begin, end in told:
        body = text_of.strip().rstrip(".,").lower()
        offset = begin + (len(text_of) - len(text_of.lstrip()))
        if body.startswith("if "):
            body, offset = body[3:], offset + 3
        pieces: list[tuple[str, int]] = []
        last = 0
        for join in _JOIN.finditer(body):
            pieces.append((body[last : join.start()], offset + last))
            last = join.end()
        pieces.append((body[last:], offset + last))
        for piece, at in pieces:
            fact = _clause(story, piece, at)
            if fact is None:
                return None
            facts.append(fact)
        consumed.append((begin, end))
    question = _asked(story, asked_text)
    if question is None or not story.dims or len(story.tenses) != 1 or len(story.units) != 1:
        return None
    asked, kind = question
    consumed.append((sentences[-1].start, sentences[-1].end))
    return Told(
        facts=tuple(facts), asked=asked, asked_kind=kind, consumed=tuple(consumed), counts=False
    )
