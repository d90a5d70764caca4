"""One holder's two amounts, one a multiple of the other: the pair reading of the scale family
(issue 15, the multiplier family).

"A farm has 30 cows and twice as many sheep. How many animals does the farm have?", "Leo read
40 pages on Monday and then half as many pages on Tuesday. How many pages did he read?", "He
spent $8 on lunch and twice as much on dinner. How much did he spend?", "Maria picked twice as
many apples as pears. She picked 15 pears. How many pieces of fruit did she pick?" The two
*sides* are not two holders (what :mod:`~practiceloop.arith.scales` reads) but two kinds of
things one holder has ("cows", "sheep"), or one thing at two times or for two purposes ("on
Monday", "on Tuesday"; "on lunch", "on dinner"). :func:`read_pair_scale` reads the whole text
into the same :class:`~practiceloop.arith.scales.Scale` the scale reading makes (roles
``factor``, ``base`` and ``scaled`` / ``whole``), so that the reader, the ``scale`` organ, the
solver and the proofs, which all call :func:`~practiceloop.arith.scales.read_scale`, keep
agreeing. The body is either

* one sentence: "<Subject> <verb> <N> <side> and [then] [<verb>] <F> as many|much <side>
  [as <the first side>]" (the multiple with no "as ...": its base is the amount just told in
  the same sentence, the only one it tells), or
* two: "<Subject> <verb> <F> as many <kind> as <kind>." and "<Subject> <verb> <N> <kind>."
  (or "If <subject> <verb> <N> <kind>,"), in either order ("also" allowed, "he" / "she"
  after the name, one place of both kinds: "on his farm");

the multiple may carry an offset ("3 more than twice as many",
:mod:`~practiceloop.arith.pair_offsets`);

and the question asks the sum of both sides ("How many pages did he read [in total / on both
days / on Monday and Tuesday]?"; of two kinds only by a word that names both kinds, see
:data:`COLLECTIVES`: "animals" of "cows" and "sheep", "fruit" of "apples" and "pears", never
"animals" of "apples" and "pears"), or the multiple's side alone ("How many sheep does the
farm have?").

What makes it sound: one holder throughout (one name, its "he" / "she" when the text names no
one else, or one "a / the <noun>" and its "the <noun>" / "it"); one verb at one time (the
question's after its auxiliary); two sides that differ in exactly one way (two kinds at one
time and place, or one thing at two times or places; "30 cows and twice as many black cows"
is refused); the scale's base, when said, the first side; every number of the text the told
amount or the factor's; no observation but the multiplier word; the amounts whole (things
counted) and positive.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.antecedents import name_gender, pronoun_gender
from practiceloop.arith.lexicon import PRONOUNS, noun_key, told_in_present
from practiceloop.arith.pair_offsets import PAIR_OFFSET, with_offset
from practiceloop.arith.reading import mention_value, target_view
from practiceloop.arith.scale_clauses import (
    _AMOUNT,
    _FACTOR,
    Clause,
    _amount_value,
    _elided,
    _factor_value,
    question,
    same_time,
    same_verb,
)
from practiceloop.kernel.frame import Mention, Observation, Target
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "COLLECTIVES",
    "PairScale",
    "elided_sentence",
    "pair_holder",
    "pair_mentions",
    "read_pair_scale",
    "scale_and_told",
]

_PREPOSITIONS: Final = r"on|in|at|during|for|to|from|after|before|at"
_W: Final = (
    rf"(?!(?:{_PREPOSITIONS}|and|then|as|than|of|the|a|an|his|her|their|its|more|fewer|less"
    r"|many|much|some|also|twice|half|times|in|total|all|altogether|together|combined|both"
    r"|yesterday|today|tomorrow|last|this|next)\b)[a-z][a-z'-]*"
)
_THING: Final = rf"{_W}(?: {_W}){{0,2}}"
_TAIL: Final = (
    rf"(?:(?:{_PREPOSITIONS}) (?:(?:the|a|an|his|her|their) )?[A-Za-z]+(?: [a-z]+)?"
    r"|yesterday|today|last [a-z]+|this [a-z]+)"
)
_SUBJECT: Final = r"(?P<subj>[A-Z][a-z]+|(?:A|An|The|His|Her)(?: [a-z]+)? [a-z]+)"
_VERB: Final = r"(?:currently )?(?P<verb>[a-z]+)"
_ONE: Final = re.compile(
    rf"{_SUBJECT} {_VERB} {_AMOUNT}(?: (?P<thing>{_THING}))?(?: (?P<tail>{_TAIL}))?"
    rf",? and(?: then)?(?: (?P<verb2>[a-z]+))? {PAIR_OFFSET}{_FACTOR} as (?:many|much)"
    rf"(?: (?P<thing2>{_THING}))?(?: (?P<tail2>{_TAIL}))?(?: as (?P<ref>{_THING}|{_TAIL}))?"
)
_PLACE: Final = r"(?:in|at|on) (?:the|a|an|this|his|her|their) [a-z]+"
_THERE_ONE: Final = re.compile(
    rf"(?:(?P<lead>(?:In|At|On) (?:the|a|an|his|her|their) [a-z]+), t|T)here (?P<verb>are|were)"
    rf" {_AMOUNT} (?P<thing>{_THING})(?: (?P<tail>{_PLACE}))?,? and {_FACTOR} as many"
    rf" (?P<thing2>{_THING})(?: (?P<tail2>{_PLACE}))?(?: as (?P<ref>{_THING}))?"
)
_HELD_AT: Final = r"(?:on|in|at) (?:his|her|their|its|the|a) [a-z]+"
"""The one place of a holder's two kinds ("on his farm"), told in the two-sentence form."""
_SCALE: Final = re.compile(
    rf"{_SUBJECT} (?:also )?{_VERB} {PAIR_OFFSET}{_FACTOR} as many (?P<thing2>{_THING})"
    rf" as (?P<ref>{_THING})(?: (?P<tail>{_HELD_AT}))?"
)
_BASE: Final = re.compile(
    rf"{_SUBJECT} {_VERB} {_AMOUNT} (?P<thing>{_THING})(?: (?P<tail>{_HELD_AT}))?"
)
_ALL: Final = (
    r"(?: (?:in total|in all|altogether|all together|combined|total|together"
    r"|(?:on|in|over|for) (?:both|the two|those two) [a-z]+))?"
)
_ASK_DIFF: Final = re.compile(
    r"How (?:many|much) (?P<way>more|fewer)(?: (?P<thing>" + _THING + r"))?"
    rf"(?: than (?P<than1>{_THING}))? (?P<aux>do|does|did) (?P<subj>[A-Z]?[a-z]+|the [a-z]+)"
    rf" (?P<verb>[a-z]+)(?: (?P<tail>{_TAIL}))?(?: than (?P<than2>{_TAIL}|{_THING}))?\?"
)
_ASK: Final = re.compile(
    r"How (?:many|much)(?: total)?(?: (?P<pieces>pieces of))?(?: (?P<thing>" + _THING + r"))?"
    r"(?: and (?P<other>" + _THING + r"))? (?P<aux>do|does|did)"
    r" (?P<subj>[A-Z]?[a-z]+|the [a-z]+) (?P<verb>[a-z]+)"
    + _ALL
    + rf"(?: (?P<tail>{_TAIL})(?: and (?P<tail2>[A-Za-z]+(?: [a-z]+)?))?)?\?"
)

_BOTH_KINDS: Final = re.compile(rf"How many {_THING} and {_THING} (?:do|does|did) ")
"""A question naming both kinds ("How many apples and pears does she have?"): the reader's
``also`` target, which the pair reading reads (its unknown's span is consumed)."""
_ASK_THERE: Final = re.compile(
    rf"How many (?P<thing>{_THING}) (?P<verb>are|were) (?:there(?: (?P<tail>{_PLACE}))?"
    rf"|(?P<tail2>{_PLACE})){_ALL}\?"
)

COLLECTIVES: Final[dict[str, frozenset[str]]] = {
    "animal": frozenset(
        "cow sheep pig goat horse chicken duck hen rooster goose turkey rabbit dog cat donkey"
        " llama lamb calf cattle bull ox frog fish bird mouse deer bear lion tiger elephant"
        " monkey zebra giraffe penguin snake turtle hamster parrot".split()
    ),
    "pet": frozenset("dog cat fish bird hamster rabbit turtle parrot gerbil lizard".split()),
    "fruit": frozenset(
        "apple pear orange banana peach plum grape cherry mango lemon lime apricot kiwi"
        " strawberry watermelon melon pineapple fig blueberry raspberry coconut papaya"
        " nectarine tangerine".split()
    ),
    "vegetable": frozenset(
        "carrot potato tomato onion cucumber pepper pea bean cabbage zucchini eggplant"
        " squash radish lettuce broccoli".split()
    ),
    "flower": frozenset("rose tulip daisy lily sunflower orchid daffodil".split()),
    "child": frozenset("son daughter boy girl".split()),
    "vehicle": frozenset("car truck bus van motorcycle bicycle bike tractor".split()),
    "bird": frozenset("robin sparrow duck pigeon crow parrot goose owl eagle hawk".split()),
}
"""Words that name every kind of a pair ("animals" of "cows" and "sheep"): the question may
ask the sum of two kinds by one of them only when both kinds are its members."""

Side = tuple[tuple[str, ...] | None, tuple[str, ...] | None]
"""A side: its thing and its time or place ("pages", "on Monday")."""


@dataclasses.dataclass(frozen=True, slots=True)
class PairScale:
    """What the body tells: the holder, the verb, the two sides, the told amount's and the
    factor's spans."""

    subject: str
    verb: str
    base: Side
    scaled: Side
    amount: tuple[int, int]
    value: Fraction
    factor: tuple[int, int]
    number: tuple[int, int]
    times: Fraction
    money: bool
    months: tuple[tuple[int, int], ...] = ()
    """The time phrases naming the month May ("in May"), which the reader observes as a
    modal: read here as the time they tell."""
    offset: tuple[int, int] | None = None
    """The number of an offset before the factor ("3" of "3 more than twice as many",
    :mod:`~practiceloop.arith.pair_offsets`), its value and sign."""
    offset_value: Fraction | None = None
    offset_sign: int = 0


def _thing(words: str | None) -> tuple[str, ...] | None:
    if words is None:
        return None
    parts = words.split()
    return (*parts[:-1], noun_key(parts[-1]))


def _tail(words: str | None) -> tuple[str, ...] | None:
    """A time or place as a key, its article left out ("on the farm" and "on a farm")."""
    if words is None:
        return None
    return tuple(w.lower() for w in words.split() if w not in ("the", "a", "an"))


def _subject(words: str) -> str:
    """A subject as a key: a name as written, "a farm" / "the farm" as "the farm"."""
    parts = words.split()
    if len(parts) in (2, 3) and parts[0].lower() in ("a", "an", "the"):
        return f"the {noun_key(parts[-1])}"  # "An old bicycle": "the bicycle"
    if len(parts) == 3 or words in ("There", "It", "They", "We", "You", "I"):
        return ""  # "His old bicycle", "There": no holder read here
    return words if len(parts) == 1 and words.lower() not in PRONOUNS else words.lower()


def _span(match: re.Match[str], group: str, offset: int) -> tuple[int, int]:
    return offset + match.start(group), offset + match.end(group)


def _factor(match: re.Match[str], offset: int) -> tuple[tuple[int, int], tuple[int, int]]:
    number = _span(match, "factor", offset)
    if match.group("times"):
        number = _span(match, "times", offset)
    if match.groupdict().get("frac"):
        number = _span(match, "frac", offset)
    return _span(match, "factor", offset), number


def _sides_differ(base: Side, scaled: Side) -> bool:
    """Two sides that differ in one way: two kinds at one time (neither kind a kind of the
    other: "cows" and "black cows" refused), or one thing at two times."""
    (thing, tail), (thing2, tail2) = base, scaled
    if thing2 is not None and thing2 != thing:
        if thing is None or tail != tail2:
            return False
        shorter, longer = sorted((thing, thing2), key=len)
        return longer[-len(shorter) :] != shorter
    return tail is not None and tail2 is not None and tail != tail2


def _body_text(span: SourceSpan) -> tuple[str, int, bool] | None:
    text = span.text.strip()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    if text.startswith("If ") and text.endswith(","):
        text = text[3:-1]  # "If she picked 15 pears,": read as "She picked 15 pears"
        return text[:1].upper() + text[1:], offset + 3, True
    if not text.endswith("."):
        return None
    return text[:-1], offset, False


def _one_sentence(span: SourceSpan) -> PairScale | None:
    """ "A farm has 30 cows and twice as many sheep.", "Leo read 40 pages on Monday and then
    half as many pages on Tuesday.", "He spent $8 on lunch and twice as much on dinner."."""
    body = _body_text(span)
    if body is None or body[2]:
        return None
    text, offset, _ = body
    match = _ONE.fullmatch(text)
    if match is None:
        return None
    verb = match["verb"]
    if match["verb2"] is not None and not same_verb(match["verb2"], verb):
        return None
    if not _subject(match["subj"]):
        return None
    num = match["num"]
    money = num.startswith("$")
    thing = _thing(match["thing"]) or (("money",) if money else None)
    if thing is None:
        return None
    base: Side = (thing, _tail(match["tail"]))
    scaled: Side = (_thing(match["thing2"]) or thing, _tail(match["tail2"]))
    if not _sides_differ(base, scaled):
        return None
    ref = match["ref"]
    if ref is not None and _thing(ref) != thing and _tail(ref) != base[1]:
        return None  # "twice as many sheep as goats": a base the text does not tell
    value = _amount_value(num)
    times = _factor_value(match)
    if value is None or times is None or value <= 0:
        return None
    factor, number = _factor(match, offset)
    months = tuple(
        _span(match, group, offset)
        for group in ("tail", "tail2")
        if match[group] is not None and match[group].split()[-1] == "May"
    )
    pair = PairScale(
        _subject(match["subj"]), verb, base, scaled, _span(match, "num", offset), value,
        factor, number, times, money, months,
    )  # fmt: skip
    return with_offset(pair, match, offset)


def _place(words: str | None) -> str | None:
    """A place as a key: its noun ("in the box", "in a box", "in this box": "box")."""
    return None if words is None else noun_key(words.split()[-1])


def _there_sentence(span: SourceSpan) -> PairScale | None:
    """ "There are 30 red balls and twice as many blue balls in the box.", "In the barn,
    there were 12 cows and half as many horses.": two kinds at one place (told before the
    sentence, after each kind alike, or once at its end, of both; never after the first kind
    alone), the multiple's base the kind just told."""
    body = _body_text(span)
    if body is None or body[2]:
        return None
    text, offset, _ = body
    match = _THERE_ONE.fullmatch(text)
    if match is None or match["num"].startswith("$"):
        return None
    places = {_place(match[g]) for g in ("lead", "tail", "tail2")} - {None}
    if len(places) > 1 or (match["lead"] and (match["tail"] or match["tail2"])):
        return None  # two places
    if match["tail"] is not None and match["tail2"] is None:
        return None  # "30 red balls in the box and twice as many blue balls": where?
    thing, thing2 = _thing(match["thing"]), _thing(match["thing2"])
    if thing is None or thing2 is None or not _sides_differ((thing, None), (thing2, None)):
        return None
    if match["ref"] is not None and _thing(match["ref"]) != thing:
        return None
    value, times = _amount_value(match["num"]), _factor_value(match)
    if value is None or times is None or value <= 0:
        return None
    factor, number = _factor(match, offset)
    place = next(iter(places), "")
    return PairScale(
        f"there {place}".strip(), match["verb"], (thing, None), (thing2, None),
        _span(match, "num", offset), value, factor, number, times, False,
    )  # fmt: skip


def _asked_there(text: str, pair: PairScale) -> str | None:
    """ "How many balls are there [in the box] [in all]?", "How many balls were in the
    barn?": the sum of both kinds (or the multiple's kind alone) at the body's place, asked
    with its verb."""
    match = _ASK_THERE.fullmatch(text)
    if match is None or match["verb"] != pair.verb:
        return None
    place = _place(match["tail"] or match["tail2"])
    if place is not None and f"there {place}" != pair.subject:
        return None  # a place the body does not tell
    asked_thing = _thing(match["thing"])
    if asked_thing is not None and _covers(asked_thing, pair.base, pair.scaled):
        return "whole"
    if asked_thing == pair.scaled[0]:
        return "scaled"
    return None


_LEAD: Final = (
    r"(?:(?P<lead>(?:On|In|During|At) (?:the )?[A-Z]?[a-z]+(?: [a-z]+)?|Yesterday|Today"
    r"|Last [a-z]+|This [a-z]+),? )?"
)
_AFTER_LEAD: Final = (
    r"(?P<subj>[A-Z][a-z]+|(?:[Aa]n?|[Tt]he|[Hh]is|[Hh]er)(?: [a-z]+)? [a-z]+|[Hh]e|[Ss]he|it)"
)
"""A subject, its first letter in lower case after a time ("On Monday, he read ...")."""
_TOLD_SIDE: Final = re.compile(
    rf"{_LEAD}{_AFTER_LEAD} {_VERB} {_AMOUNT}(?: (?P<thing>{_THING}))?(?: (?P<tail>{_TAIL}))?"
)
_SCALED_SIDE: Final = re.compile(
    rf"{_LEAD}{_AFTER_LEAD} (?:then |also )?{_VERB} {PAIR_OFFSET}{_FACTOR} as (?:many|much)"
    rf"(?: (?P<thing>{_THING}))?(?: (?P<tail>{_TAIL}))?"
)


def _side_of(match: re.Match[str]) -> tuple[tuple[str, ...] | None, tuple[str, ...] | None]:
    """A sentence's thing and its one time ("On Monday, ..." or "... on Monday"; None when
    it tells both, which the caller refuses as no side)."""
    lead, tail = match["lead"], match["tail"]
    if lead is not None and tail is not None:
        return None, ("",)
    return _thing(match["thing"]), _tail(lead[:1].lower() + lead[1:] if lead else tail)


def _told_then_scaled(first: SourceSpan, second: SourceSpan) -> PairScale | None:
    """ "Leo read 40 pages on Monday. On Tuesday, he read half as many pages.", "He spent
    $8 on lunch. He spent twice as much on dinner.": one holder's amount at one time or for
    one purpose, then in the next sentence a multiple of it at another (its base the one
    amount of the sentence before, told with the same verb)."""
    one, two = _body_text(first), _body_text(second)
    if one is None or two is None or one[2] or two[2]:
        return None
    told, scaled = _TOLD_SIDE.fullmatch(one[0]), _SCALED_SIDE.fullmatch(two[0])
    if told is None or scaled is None or not same_verb(scaled["verb"], told["verb"]):
        return None
    subject = _subject(told["subj"])
    if not subject or not _same_holder(scaled["subj"], subject):
        return None
    num = told["num"]
    money = num.startswith("$")
    thing, time = _side_of(told)
    thing = thing or (("money",) if money else None)
    thing2, time2 = _side_of(scaled)
    if thing is None or time is None or time2 is None or time == ("",) or time2 == ("",):
        return None  # a side with no time, or with two
    if thing2 not in (None, thing) or time == time2:
        return None
    value, times = _amount_value(num), _factor_value(scaled)
    if value is None or times is None or value <= 0:
        return None
    factor, number = _factor(scaled, two[1])
    months = tuple(
        _span(match, group, at)
        for match, at in ((told, one[1]), (scaled, two[1]))
        for group in ("lead", "tail")
        if match[group] is not None and match[group].split()[-1] == "May"
    )
    pair = PairScale(
        subject, told["verb"], (thing, time), (thing, time2), _span(told, "num", one[1]),
        value, factor, number, times, money, months,
    )  # fmt: skip
    return with_offset(pair, scaled, two[1])


def scale_and_told(
    first: SourceSpan, second: SourceSpan
) -> tuple[re.Match[str], tuple[str, int, bool], tuple[str, int, bool], bool] | None:
    """Of two sentences, the one that is a scale ("Maria picked twice as many apples as
    pears.", never an "If ...," clause) and the other, each as :func:`_body_text` reads it,
    with True when the scale is the second; the first is tried first. None when either is no
    sentence read here or neither is a scale."""
    one, two = _body_text(first), _body_text(second)
    if one is None or two is None:
        return None
    for scale_at, told_at, second_is_scale in ((one, two, False), (two, one, True)):
        match = None if scale_at[2] else _SCALE.fullmatch(scale_at[0])
        if match is not None:
            return match, scale_at, told_at, second_is_scale
    return None


def pair_holder(scale_match: re.Match[str], told_match: re.Match[str]) -> str | None:
    """The one holder of a scale sentence and a told one: the scale's subject, or the told
    sentence's name when the scale says "he" / "she" ("He has twice as many ... Ed has 15"),
    when the other subject is the same holder (:func:`_same_holder`) and every gendered word
    of both sentences agrees with that holder; None otherwise ("Randy has 60 trees on his
    farm. She also has ...": whose?)."""
    subject = _subject(scale_match["subj"])
    if subject in ("he", "she") and _subject(told_match["subj"])[:1].isupper():
        subject, said = _subject(told_match["subj"]), scale_match["subj"]  # "Ed has ... He has"
    else:
        said = told_match["subj"]
    if not subject or not _same_holder(said, subject):
        return None
    words = [scale_match["subj"], told_match["subj"]]
    words += [w for m in (told_match, scale_match) if m["tail"] for w in m["tail"].split()]
    genders = {pronoun_gender(w) for w in words} - {None}
    named = name_gender(subject) if subject[:1].isupper() and " " not in subject else None
    if len(genders) > 1 or genders - {named or next(iter(genders), None)}:
        return None
    return subject


def _two_sentences(first: SourceSpan, second: SourceSpan) -> PairScale | None:
    """ "Maria picked twice as many apples as pears." and "She picked 15 pears." (either
    first, the told amount also as "If she picked 15 pears,")."""
    found = scale_and_told(first, second)
    if found is None:
        return None
    scale_match, scale_at, told_at, scale_second = found
    told_match = _BASE.fullmatch(told_at[0])
    if told_match is None:
        return None
    verb = scale_match["verb"]
    if not same_verb(told_match["verb"], verb):
        return None
    subject = pair_holder(scale_match, told_match)
    if subject is None:
        return None  # "Maria has ... They have 15 dogs.": another holder, or whose?
    thing, thing2 = _thing(told_match["thing"]), _thing(scale_match["thing2"])
    if thing != _thing(scale_match["ref"]) or thing is None or thing2 is None:
        return None
    places = {_tail(told_match["tail"]), _tail(scale_match["tail"])} - {None}
    if len(places) > 1:
        return None  # "... on his farm. He has ... in his yard.": two places
    if scale_second and scale_match["tail"] and not told_match["tail"]:
        return None  # "Tom has 60 mango trees. He has ... in his yard.": where are the 60?
    place = next(iter(places), None)  # "on his farm": both kinds' one place
    base: Side = (thing, place)
    scaled: Side = (thing2, place)
    if not _sides_differ(base, scaled):
        return None
    value = _amount_value(told_match["num"])
    times = _factor_value(scale_match)
    if value is None or times is None or value <= 0 or told_match["num"].startswith("$"):
        return None
    factor, number = _factor(scale_match, scale_at[1])
    pair = PairScale(
        subject, verb, base, scaled, _span(told_match, "num", told_at[1]), value,
        factor, number, times, False,
    )  # fmt: skip
    return with_offset(pair, scale_match, scale_at[1])


def _same_holder(asked: str, told: str) -> bool:
    """Another subject of the text is the first's: the same name or noun ("the farm" of "A
    farm"), "he" / "she" of a name (the body reads no other holder), "it" of a noun, a
    pronoun repeated."""
    asked = _subject(asked)
    if not asked or not told:
        return False
    if asked == told:
        return True
    if asked in ("he", "she"):  # of a name, never against its gender ("Tom ... she")
        known = name_gender(told) if told[:1].isupper() and " " not in told else "none"
        return known in (None, pronoun_gender(asked))
    return asked == "it" and told.startswith("the ")


def _covers(word: tuple[str, ...], base: Side, scaled: Side) -> bool:
    """The asked thing names both sides: their one thing, or a collective whose members both
    kinds are ("animals" of "cows" and "sheep"), or the noun both kinds modify ("apples" of
    "red apples" and "green apples")."""
    things = {base[0], scaled[0]}
    if things == {word}:
        return True
    if len(word) != 1 or None in things:
        return False
    heads = {t[-1] for t in things if t is not None}
    if len(heads) == 1 and heads == {word[0]}:
        return True
    modifiers = {noun_key(t[0]) for t in things if t is not None and len(t) == 2}
    if len(modifiers) == 1 and len(things) == 2 and modifiers == {word[0]}:
        return True  # "toys" of "toy cars" and "toy soldiers"
    members = COLLECTIVES.get(word[0])
    return members is not None and all(
        t is not None and len(t) == 1 and t[0] in members for t in things
    )


def _asked_of(match: re.Match[str], pair: PairScale) -> bool:
    """The question is of the body's holder, verb and time: the verb after its auxiliary the
    body's, "did" of a verb told in the past ("read" either way), "does" of one told in the
    present of one holder ("has", "reads"; "Leo read 40 pages ... How many pages does Leo
    read?" is refused)."""
    if not _same_holder(match["subj"], pair.subject):
        return False
    if not same_verb(match["verb"], pair.verb, tensed=False):
        return False
    if not same_time(pair.verb, match["aux"]):
        return False
    if match["aux"] != "did" and not (pair.verb.endswith("s") and told_in_present(pair.verb)):
        return False
    return match["aux"] != "did" or not told_in_present(pair.verb)


def _asked_difference(text: str, pair: PairScale) -> int | None:
    """ "How many more sheep than cows does the farm have?", "How many more pages did he read
    on Monday than on Tuesday?": +1 when the first side named is the multiple's, -1 when it
    is the told one ("fewer" turns it); None unless the two sides named are the text's two,
    each once."""
    match = _ASK_DIFF.fullmatch(text)
    if match is None or not _asked_of(match, pair):
        return None
    than = match["than1"] or match["than2"]
    if than is None or (match["than1"] and match["than2"]):
        return None
    thing, tail = _thing(match["thing"]), _tail(match["tail"])
    if thing in (("dollar",), ("money",)) and pair.money:
        thing = pair.base[0]
    if pair.base[0] != pair.scaled[0]:  # two kinds: "more sheep than cows"
        first: Side | None = (thing, pair.base[1]) if tail is None else None
        second: Side = (_thing(than), pair.base[1])
    else:  # one thing at two times: "on Monday than on Tuesday"
        if thing not in (None, pair.base[0]):
            return None
        first = (pair.base[0], tail) if tail is not None else None
        second = (pair.base[0], _tail(than))
    sides = [pair.scaled, pair.base]
    if first not in sides or second not in sides or first == second:
        return None
    sign = 1 if first == pair.scaled else -1
    return sign if match["way"] == "more" else -sign


def _asked(text: str, pair: PairScale) -> str | None:
    """ "whole" (both sides) or "scaled" (the multiple's side) as the question asks; None
    for anything else (the told side, another holder, verb, time, thing)."""
    match = _ASK.fullmatch(text)
    if match is None or not _asked_of(match, pair):
        return None
    asked_thing = _thing(match["thing"])
    if match["other"] is not None:  # "How many apples and pears": the two kinds, each once
        kinds = {asked_thing, _thing(match["other"])}
        if kinds != {pair.base[0], pair.scaled[0]} or len(kinds) != 2 or match["tail"]:
            return None
        return None if match["pieces"] else "whole"
    if asked_thing in (("dollar",), ("money",)) and pair.money:
        asked_thing = None
    if match["pieces"] is not None and asked_thing not in (("fruit",),):
        return None
    tail = _tail(match["tail"])
    if tail is not None and tail == pair.base[1] == pair.scaled[1]:
        tail = None  # "on his farm": the one place of both kinds
    sides = (pair.base, pair.scaled)
    if match["tail2"] is not None:  # "in April and May": both times
        preposition = tail[:1] if tail else ()
        tails = {tail, (*preposition, *(_tail(match["tail2"]) or ()))}
        if tails != {pair.base[1], pair.scaled[1]} or len(tails) != 2:
            return None
        tail = None
    if tail is not None:
        side = next((s for s in sides if s[1] == tail), None)
        if side != pair.scaled or (asked_thing not in (None, side[0])):
            return None  # the told side asked back, or a time the text does not tell
        return "scaled"
    if asked_thing is None or _covers(asked_thing, pair.base, pair.scaled):
        return "whole"
    if asked_thing == pair.scaled[0] and pair.scaled[0] != pair.base[0]:
        return "scaled"
    return None


_QUICK: Final = re.compile(r" as (?:many|much)\b")


def pair_mentions(
    pair: PairScale, mentions: tuple[Mention, ...]
) -> tuple[Mention, Mention, Mention | None] | None:
    """The mentions of ``pair``'s told amount, factor and offset (None when it has none), when
    they are the text's only quantities and read the pair's values; None otherwise (another
    number the reading does not read, or a value read otherwise)."""
    quantities = {(m.span.start, m.span.end): m for m in mentions if m.kind == "quantity"}
    told, factor = quantities.get(pair.amount), quantities.get(pair.number)
    off = None if pair.offset is None else quantities.get(pair.offset)
    if told is None or factor is None or len(quantities) != 2 + (pair.offset is not None):
        return None
    if mention_value(told) != pair.value or mention_value(factor) != pair.times:
        return None
    if pair.offset is not None and (off is None or mention_value(off) != pair.offset_value):
        return None
    return told, factor, off


def read_pair_scale(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
    observations: tuple[Observation, ...],
) -> tuple[tuple[tuple[str, str], ...], tuple[tuple[int, int], ...], str, bool, int, int] | None:
    """The pair reading of the whole text (see the module docstring): the roles it binds
    (``factor``, ``base``, then ``whole``, ``scaled`` or ``difference`` to the unknown, and
    ``offset`` when the multiple has one), the phrases it consumes, the asked kind, whether
    the amounts are money, the sign of a difference (+1: the multiple less the told amount)
    and the offset's sign (0: none); None when the text reads otherwise."""
    if not 2 <= len(sentences) <= 3 or _QUICK.search(text) is None:
        return None
    target = target_view(targets)
    if target is None or target.mention_id is None:
        return None
    body, ask = sentences[:-1], sentences[-1]
    there = _there_sentence(body[0]) if len(body) == 1 else None
    if there is None and len(body) == 2:
        pair = _two_sentences(*body) or _told_then_scaled(*body)
    else:
        pair = there or _one_sentence(body[0])
    if pair is None:
        return None
    asked_text = question(ask)
    if there is not None:
        kind, sign = _asked_there(asked_text, there), 1
    else:
        kind, sign = _asked(asked_text, pair), 1
    if kind is None and there is None:
        sign = _asked_difference(asked_text, pair)  # type: ignore[assignment]
        kind = "difference" if sign is not None else None
    if kind is None:
        return None
    read_numbers = pair_mentions(pair, mentions)
    if read_numbers is None:
        return None  # another number the reading does not read, or another value
    told, factor, off = read_numbers
    unknown = next((m for m in mentions if m.mention_id == target.mention_id), None)
    if unknown is None or unknown.span.sentence_index != len(sentences) - 1:
        return None
    for observation in observations:
        read = (pair.factor,) if observation.kind == "factor" else pair.months
        if observation.kind not in ("factor", "modal") or not all(
            any(lo <= s.start and s.end <= hi for lo, hi in read)
            for s in observation.evidence_spans
        ):
            return None  # a negation, a modal, a percent: not read here
    scaled = pair.times * pair.value + pair.offset_sign * (pair.offset_value or 0)
    if (not pair.money and scaled.denominator != 1) or scaled <= 0:
        return None
    roles = (
        ("factor", factor.mention_id),
        *((("offset", off.mention_id),) if off is not None else ()),
        ("base", told.mention_id),
        (kind, target.mention_id),
    )
    both = _BOTH_KINDS.match(asked_text) is not None  # "How many apples and pears"
    asked_span = ((unknown.span.start, unknown.span.end),) if both else ()
    consumed = (pair.factor, *pair.months, *asked_span)
    return roles, consumed, kind, pair.money, sign, pair.offset_sign



def elided_sentence(span: SourceSpan, previous: list[Clause]) -> list[Clause] | None:
    """ "Ann has 12 stickers. Ben has three times as many.": a sentence that is only a scale
    whose "as Ann" is unsaid, right after a sentence that tells one amount of one holder and
    nothing else: its base is that holder (the nearest amount the text tells; after a
    sentence of two amounts, or of a scale, nothing is read). None otherwise."""
    body = _body_text(span)
    if len(previous) != 1 or body is None or body[2]:
        return None
    read = _elided(previous[0], body[0], body[1])
    return None if read is None else [read]
