"""The sentences of a portion reading's first shape: each clause read by one pattern (see
:mod:`practiceloop.arith.portion_shares`, whose shape uses them).

A clause is a whole told ("Neil baked 20 cookies", "There are 30 nuts in a bowl"), a portion
of it ("He gave 2/5 of the cookies to his friend", "If 5/6 of the nuts were eaten", "A third
of the guests are female, and the rest are male", "She spent 2/3 of her $150"), or what was
left told ("now she has $24 left"); the question is read by :func:`asked`. Each reader
returns None for anything else: the patterns are closed, and whatever a sentence says besides
them makes the whole text unread.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import MONEY_LOSS_VERBS, noun_key, verb_class, verb_key
from practiceloop.arith.numbers import NUMBER_WORDS, fraction_value, parse_digits, parse_words
from practiceloop.arith.portion_counted import (
    OF_THE_WHOLE,
    ONE_CONTAINER,
    container_fits,
    containers_of,
    of_the_whole,
)
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "FRACTION",
    "HOLDER",
    "THING",
    "VERB",
    "WORD",
    "Clause",
    "clauses",
    "fraction_phrase",
    "loses",
    "noun_phrase",
]

_NUMWORD: Final = "|".join(sorted(NUMBER_WORDS - {"dozen"}, key=len, reverse=True))
_NUM: Final = (
    rf"(?:\$ ?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?|(?:{_NUMWORD})(?:-(?:{_NUMWORD}))?|a dozen)"
)
_PART_SINGULAR: Final = "half|third|quarter|fourth|fifth|sixth|seventh|eighth|ninth|tenth"
_PART_PLURAL: Final = "thirds|quarters|fourths|fifths|sixths|sevenths|eighths|ninths|tenths"
_SMALL: Final = "two|three|four|five|six|seven|eight|nine"
FRACTION: Final = (
    rf"(?:(?:[Oo]ne|[Aa])[- ](?:{_PART_SINGULAR})|[Hh]alf"
    rf"|(?:{_SMALL.replace('two', '[Tt]wo').replace('three', '[Tt]hree')})[- ](?:{_PART_PLURAL})"
    rf"|(?:[Ff]our|[Ff]ive|[Ss]ix|[Ss]even|[Ee]ight|[Nn]ine)[- ](?:{_PART_PLURAL})"
    r"|\d+/\d+"
    r"|\d+(?:\.\d+)?(?: ?%| percent)"
    rf"|(?:[A-Za-z]+)(?:-[a-z]+)? percent)"
)
"""A fraction of an amount: "half", "a third", "one-fourth", "two thirds", "3/4", "25%", "25
percent", "ten percent" (the number word is checked by :func:`fraction_phrase`)."""

_ENDS: Final = (
    "to in at on for from with into onto by of and or but so then than as away left now each "
    "every per is are was were be been has have had do does did will would can could should "
    "must may might not no if when after before while because out up off back over under "
    "across toward towards around inside outside during through until since"
)
_WORD: Final = rf"(?!(?:{_ENDS.replace(' ', '|')})\b)[a-z][a-z'’-]*"
_THING: Final = rf"{_WORD}(?: {_WORD}){{0,2}}"
"""A noun phrase of one to three words, no preposition, auxiliary or conjunction in it."""
_OPEN: Final = (
    "and|but|then|so|while|because|if|when|after|before|is|are|was|were|has|had|have|that|which"
    "|who|whom|whose|where|each|every|per"
)
_TAIL: Final = (
    r"(?P<tail>(?: (?:to|in|at|on|for|from|with|into|onto|across|over|under|toward|towards"
    r"|around|inside|outside|by|during|away|out|up|off|back)"
    rf"(?: (?!(?:{_OPEN})\b)[A-Za-z'’-]+)*)*)"
)
"""Prepositional phrases after a clause ("to his friend", "in a bowl", "away"), with no
conjunction, auxiliary or number-bearing punctuation in them."""

_NAME: Final = r"[A-Z][a-z]+"
_HOLDER: Final = rf"(?P<subj>{_NAME}|[Hh]e|[Ss]he|[Tt]hey|(?:[Aa]n?|[Tt]he) [a-z]+)"
_VERB: Final = r"(?P<verb>[a-z]+)"
_AMOUNT: Final = rf"(?P<num>{_NUM})(?P<sign>\$)?"
_LEFT_REF: Final = (
    rf"(?P<leftref>what (?:was|is) left|what['’]s left|what remained|what remains"
    rf"|what (?:he|she|they) (?:has|had|have) left|the remainder"
    rf"|the remaining (?P<remthing>{_THING})|the rest(?: of (?:the|his|her|their)"
    rf" (?P<restthing>{_THING}))?)"
)
"""What an earlier part left: "what was left", "the remaining money", "the rest of her
cards"."""
_REF: Final = (
    rf"(?P<ref>them|it|which|that|this|(?P<ofdet>his|her|their) (?P<ofthing>{_THING}) of"
    rf" (?P<ofnum>\$ ?\d[\d,]*(?:\.\d+)?)|{_LEFT_REF}|(?P<det>the|his|her|their|all|all the"
    rf"|all of the|all of his|all of her|all of their) (?:(?P<innum>{_NUM})"
    rf"(?: (?P<inthing>{_THING}))?"
    rf"|(?P<refthing>{_THING})))"
)
_OF: Final = rf"(?P<frac>{FRACTION})(?: of|(?<=[Hh]alf)(?= (?:the|his|her|their) ))"
"""A fraction before what it is of: "2/5 of", and "half" before a determiner ("half the
amount", "half her daisies")."""
_BE: Final = r"(?P<aux>is|are|was|were)"
_PROP: Final = rf"(?P<prop>(?:not )?{_WORD}(?: {_WORD}| with {_WORD}| by {_WORD}){{0,3}})"

_FURTHER: Final = r"(?P<further>another |an additional |a further )?"
_TOLD: Final = re.compile(
    rf"(?P<then>[Tt]hen,? )?{_HOLDER} (?P<then2>then |also )?{_VERB}(?: up| away| out| back)?"
    rf" {_FURTHER}{ONE_CONTAINER}{_AMOUNT}(?P<more> more)?(?: (?P<thing>{_THING}))?"
    rf"{OF_THE_WHOLE}(?P<worth> of {_THING})?{_TAIL}"
)
_GIVEN: Final = re.compile(
    rf"(?P<then>[Tt]hen,? )?(?P<giver>{_NAME}|(?:[Hh]is|[Hh]er|[Tt]heir) [a-z]+)"
    rf" (?:then |also )?(?P<verb>gave|gives|sent|sends|handed|hands)"
    rf" (?P<subj>him|her|them|{_NAME}) {_FURTHER}{_AMOUNT}(?P<more> more)?"
    rf"(?: (?P<thing>{_THING}))?{_TAIL}"
)
_THERE: Final = re.compile(
    rf"[Tt]here (?P<verb>is|are|was|were) {_AMOUNT}(?: (?P<thing>{_THING}))?(?: of all kinds)?"
    rf"{_TAIL}"
)
_THEN: Final = r"(?:[Tt]hen,? )?"
_BOUGHT: Final = (
    r"(?: and (?P<buy>bought|buys) (?P<bought>(?:a|an|some|his|her|their)(?: [a-z'’-]+){1,4}))?"
)
"""What the money a clause spends bought, told after it with no number ("spent half the
amount and bought a toy")."""
_MOVED: Final = re.compile(
    rf"{_THEN}{_HOLDER} (?:then |also )?{_VERB}(?: (?:away|out|up))? {_OF} {_REF}{_TAIL}{_BOUGHT}"
)
_PASSIVE: Final = re.compile(rf"{_OF} {_REF} (?P<aux>was|were|got) {_VERB}{_TAIL}")
_PROPERTY: Final = re.compile(
    rf"{_OF} {_REF}{_TAIL} {_BE} {_PROP}"
    rf"(?:,? and the rest (?P<aux2>are|were|is|was) (?P<prop2>{_WORD}(?: {_WORD}){{0,2}}))?"
)
_LEFT: Final = re.compile(
    rf"(?:[Nn]ow,? )?{_HOLDER} (?:now )?(?P<verb>has|had|have) (?:only )?{_AMOUNT}"
    rf"(?: (?P<thing>{_THING}))? left{_TAIL}"
)
_SOME: Final = re.compile(rf"{_HOLDER} (?P<verb>has|had) some (?P<thing>{_THING}){_TAIL}")


@dataclasses.dataclass(frozen=True, slots=True)
class Clause:
    """One clause of a portion story."""

    kind: str
    """``told`` (a whole told, or a number gained after it), ``change`` (a number lost),
    ``moved`` (a fraction of it moved away), ``property`` (a fraction of it that is
    something), or ``left`` (what was left, told)."""
    holder: str | None  # the subject as written ("Neil", "she", "the farmer"), None: "There"
    verb: str | None
    amount: tuple[int, int] | None = None  # the told number's (start, end)
    value: Fraction | None = None
    thing: tuple[str, ...] | None = None  # the told or referred noun phrase, as a key
    fraction: tuple[int, int] | None = None  # the fraction phrase's (start, end)
    part: Fraction | None = None  # its value, a percent divided by 100
    percent: bool = False
    ref: str | None = None  # "them", "it", "the", "his", "her", "their", "all"
    prop: str | None = None  # the property told ("female", "eaten with forks")
    rest_prop: str | None = None  # "and the rest are male"
    rest_span: tuple[int, int] | None = None  # "the rest"
    verb_span: tuple[int, int] | None = None
    possessive: str | None = None  # "his" of "of his toy cars", "her" of "of her $150"
    way: str | None = None  # a number moved: "gain" or "loss"; None for a holding
    further: bool = False  # "then", "another", "more": told after something else
    left_ref: tuple[int, int] | None = None  # "what was left", "the remaining money"
    bought: tuple[int, int] | None = None  # the "bought" of "and bought a toy"
    spent_on: tuple[int, int] | None = None  # "on in-game purchases": what money went to
    same_whole: bool = False  # "and 3/10 to his father": of the clause before's whole
    named: tuple[str, ...] = ()  # the names its closing phrase says ("to Noa"), lower case


def _money(num: str, thing: tuple[str, ...] | None) -> tuple[str, ...] | None:
    """ "$150" counts money; "150 dollars" too, and "$200 babysitting" (what earned it)."""
    if num.startswith("$") and (thing is None or thing[0].endswith("ing")):
        return ("money",)
    if thing is not None and thing[-1] in ("dollar", "money"):
        return ("money",)
    return thing


def _thing(words: str | None) -> tuple[str, ...] | None:
    """A noun phrase as a key: every word but the last as written, the last as its noun."""
    if not words:
        return None
    parts = words.split()
    return (*parts[:-1], noun_key(parts[-1]))


def _amount_value(text: str) -> Fraction | None:
    if text[:1].isdigit() or text[:1] == "$":
        return parse_digits(text.replace("$ ", "$"))
    return parse_words(tuple(text.lower().replace("-", " ").split()))


def fraction_phrase(text: str) -> tuple[Fraction, bool] | None:
    """The value of a fraction phrase (see :data:`FRACTION`) and whether it is a percent;
    None for a number word that is no number ("many percent")."""
    lowered = text.lower()
    if lowered.endswith("%") or lowered.endswith(" percent"):
        number = lowered.removesuffix("%").removesuffix(" percent").strip()
        value = _amount_value(number)
        return None if value is None else (value / 100, True)
    value = fraction_value(lowered)
    return None if value is None else (value, False)


def _named(match: re.Match[str]) -> tuple[str, ...]:
    """The names the clause's closing phrase says ("to Noa", "with Tom"), lower case."""
    tail = match.groupdict().get("tail") or ""
    return tuple(w.lower() for w in re.findall(r"\b[A-Z][a-z]+\b", tail))


def _span(match: re.Match[str], group: str, offset: int) -> tuple[int, int]:
    return offset + match.start(group), offset + match.end(group)


_SPENDING: Final = frozenset({"spend", "use"})
"""Verbs whose "on ..." / "for ..." says what money went to ("spent half of it on in-game
purchases": no move of its own there)."""


def _loses(verb: str) -> bool:
    """A verb that takes the things from its subject: the classes ``transfer_out`` and
    ``destroy`` ("gave", "sold", "spent", "ate", "lost", "used", "donated")."""
    return verb_class(verb) in ("transfer_out", "destroy")


def _gains(verb: str) -> bool:
    """A verb that gets things for its subject: ``transfer_in``, ``construct``."""
    return verb_class(verb) in ("transfer_in", "construct")


def _holds(verb: str) -> bool:
    """A verb that tells what its subject holds or gets: ``observation``, ``transfer_in``,
    ``construct`` ("has", "bought", "baked", "picked", "collected")."""
    return verb_class(verb) in ("observation", "transfer_in", "construct")


def _read_told(text: str, offset: int) -> Clause | None:
    """ "Neil baked 20 cookies", "There are 30 nuts in a bowl": a whole told (or, after it, a
    number gained); "He spends $2800 on a motorcycle": a number lost (kind ``change``)."""
    match = _THERE.fullmatch(text) or _TOLD.fullmatch(text)
    if match is None:
        return None
    groups = match.groupdict()
    verb = match.group("verb")
    holder = groups.get("subj")
    way = "gain" if holder is not None and _gains(verb) else None
    if holder is not None and not _holds(verb):
        way = "loss" if _loses(verb) else None
        if way is None:
            return None
    value = _amount_value(match.group("num"))
    thing = _money(match.group("num"), _thing(groups.get("thing")))
    if groups.get("sign"):  # "Darwin has 600$": money, its sign after it
        digits = match.group("num")[:1].isdigit()
        thing = ("money",) if groups.get("thing") is None and digits else None
    counted = of_the_whole(groups, way)  # "He uses 16 of them": of the story's thing
    if counted is None or not container_fits(groups, thing):
        return None
    possessive, left_ref = None, None
    if counted[0]:
        thing, possessive = counted[1], counted[3]
        if counted[2] == "left":  # " of the remaining", consumed as a share's would be
            left_ref = (offset + match.start("ofwhole") + 1, offset + match.end("ofwhole"))
    elif value is None or thing is None:
        return None
    if groups.get("container") and (way == "loss" or groups.get("further")):
        return None  # "a box of 40" tells what is had or got, never a number lost
    if value is None:
        return None
    stuff = containers_of(groups) if groups.get("worth") else None
    if stuff is not None:  # "60 bars of gold": the bars counted, of one stuff
        thing = stuff
    elif groups.get("worth"):  # "bought $400 of furniture": money spent on a thing
        if thing != ("money",) or groups.get("thing") or verb.lower() not in MONEY_LOSS_VERBS:
            return None
        way = "loss"
    elif thing == ("money",) and verb.lower() in MONEY_LOSS_VERBS:
        way = "loss"  # "spent $5", "bought a toy for $5": money goes
    further = any(groups.get(g) for g in ("then", "then2", "further", "more"))
    spent_on = _spent_on(match, offset) if way == "loss" else None
    if way == "loss" and holder is None:
        return None
    return Clause(
        "change" if way == "loss" else "told", holder, verb, _span(match, "num", offset),
        value, thing, verb_span=_span(match, "verb", offset), named=_named(match), way=way,
        further=further, spent_on=spent_on, ref=counted[2], possessive=possessive,
        left_ref=left_ref,
    )  # fmt: skip


_OBJECT: Final = {"him": "he", "her": "she", "them": "they"}


def _read_given(text: str, offset: int) -> Clause | None:
    """ "Her sister gave her another 9 daisies", "Tom sent Ivy 5 cards": a number the
    receiver gains (its holder), the giver named in the clause."""
    match = _GIVEN.fullmatch(text)
    if match is None:
        return None
    value = _amount_value(match.group("num"))
    thing = _money(match.group("num"), _thing(match.group("thing")))
    if value is None:
        return None
    receiver = match.group("subj")
    giver = match.group("giver")
    named = (giver.lower(),) if " " not in giver else ()
    return Clause(
        "told", _OBJECT.get(receiver, receiver), match.group("verb"), _span(match, "num", offset),
        value, thing, verb_span=_span(match, "verb", offset), named=named + _named(match),
        way="gain", further=True,
    )  # fmt: skip


def _spent_on(match: re.Match[str], offset: int) -> tuple[int, int] | None:
    """ "on in-game purchases", "for a toy" after a verb of spending: what the money went to,
    no move of its own."""
    tail = match.group("tail") or ""
    if verb_key(match.group("verb")) in _SPENDING and tail.startswith((" on ", " for ")):
        return _span(match, "tail", offset)
    return None


def _ref(match: re.Match[str], offset: int) -> dict[str, object] | None:
    """The fraction's phrase, value and what it is of."""
    read = fraction_phrase(match.group("frac"))
    if read is None or not 0 < read[0] < 1:
        return None
    groups = match.groupdict()
    ref = groups["det"].split()[-1] if groups.get("det") else groups["ref"]
    if groups.get("ofdet"):  # "of his pocket money of $450": the whole, its amount after it
        ref = groups["ofdet"]
        groups = {**groups, "innum": groups["ofnum"], "inthing": None}
        match_num = "ofnum"
    else:
        match_num = "innum"
    if ref in ("that", "this"):
        ref = "it"  # "spends four-fifths of that": the amount just told
    said = groups.get("refthing") or groups.get("inthing")
    fields: dict[str, object] = {
        "fraction": _span(match, "frac", offset),
        "part": read[0],
        "percent": read[1],
        "ref": ref,
        "thing": _thing(said or groups.get("remthing") or groups.get("restthing")),
    }
    if groups.get("leftref"):
        fields["ref"] = "left"
        lo, hi = _span(match, "leftref", offset)
        of = match.start("leftref") >= 3 and match.string[: match.start("leftref")].endswith("of ")
        fields["left_ref"] = (lo - 3 if of else lo, hi)  # "of the remaining", read as one
        said = groups.get("remthing") or groups.get("restthing")
    if groups.get("innum"):
        value = _amount_value(groups["innum"])
        if value is None:
            return None
        fields["amount"] = _span(match, match_num, offset)
        fields["value"] = value
        fields["thing"] = _money(groups["innum"], fields["thing"])  # type: ignore[arg-type]
    if ref in ("his", "her", "their"):
        fields["possessive"] = ref
    if said in ("money", "amount"):
        fields["thing"] = ("money",) if said == "money" else None  # "half the amount": the whole
    return fields


def _read_moved(text: str, offset: int) -> Clause | None:
    """ "He gave 2/5 of the cookies to his friend", "She spent 2/3 of her $150", "If 5/6 of
    the nuts were eaten": a fraction of the whole moved away by a verb that takes things
    from its subject (told, not to be done: the verb right after its subject)."""
    match = _MOVED.fullmatch(text)
    passive = match is None
    if match is None:
        match = _PASSIVE.fullmatch(text)
    if match is None or not _loses(match.group("verb")):
        return None
    fields = _ref(match, offset)
    if fields is None:
        return None
    holder = None if passive else match.group("subj")
    bought = _span(match, "buy", offset) if match.groupdict().get("buy") else None
    spent_on = _spent_on(match, offset)
    return Clause(
        "moved", holder, match.group("verb"), verb_span=_span(match, "verb", offset),
        named=_named(match), bought=bought, spent_on=spent_on,
        **fields,  # type: ignore[arg-type]
    )  # fmt: skip


def _read_property(text: str, offset: int) -> Clause | None:
    """ "A third of the guests are female, and the rest are male", "68% of all pies are
    eaten with forks": a fraction of the whole that has a property (the rest has the
    other one, when told)."""
    match = _PROPERTY.fullmatch(text)
    if match is None:
        return None
    prop = match.group("prop")
    other_tense = match.group("aux2") and match.group("aux2") != match.group("aux")
    if prop.startswith("not ") or other_tense:
        return None
    fields = _ref(match, offset)
    if fields is None or "amount" in fields:
        return None
    rest = None
    if match.group("prop2"):
        start = offset + text.index("the rest", match.end("prop"))
        rest = (start, start + len("the rest"))
    return Clause(
        "property", None, match.group("aux"), prop=prop, rest_prop=match.group("prop2"),
        rest_span=rest, verb_span=_span(match, "aux", offset), named=_named(match),
        **fields,  # type: ignore[arg-type]
    )  # fmt: skip


def _read_left(text: str, offset: int) -> Clause | None:
    """ "now she has $24 left", "He has 12 cards left": what the move left, told."""
    match = _LEFT.fullmatch(text)
    if match is None:
        return None
    value = _amount_value(match.group("num"))
    thing = _money(match.group("num"), _thing(match.group("thing")))
    if value is None:
        return None
    return Clause(
        "left", match.group("subj"), match.group("verb"), _span(match, "num", offset), value,
        thing, verb_span=_span(match, "verb", offset),
    )  # fmt: skip


def _read_some(text: str, offset: int) -> Clause | None:
    """ "Isabel has some money in her piggy bank": the whole, unsaid (asked back from what
    was left)."""
    match = _SOME.fullmatch(text)
    if match is None:
        return None
    thing = _thing(match.group("thing"))
    return Clause(
        "told", match.group("subj"), match.group("verb"),
        thing=("money",) if thing == ("money",) else thing,
        verb_span=_span(match, "verb", offset), named=_named(match),
    )  # fmt: skip


_ACTIVITY: Final = re.compile(rf"{_HOLDER} (?P<verb>went|goes|go) (?P<what>[a-z]+ing)")


def _read_activity(text: str, offset: int) -> Clause | None:
    """ "She went shopping": an outing, no amount told or moved (the moves are told after
    it)."""
    match = _ACTIVITY.fullmatch(text)
    if match is None:
        return None
    return Clause("activity", match.group("subj"), match.group("verb"),
                  verb_span=_span(match, "verb", offset))  # fmt: skip


def _read_clause(text: str, offset: int) -> Clause | None:
    readers = (
        _read_activity, _read_moved, _read_property, _read_left, _read_some, _read_given,
        _read_told,
    )  # fmt: skip
    for reader in readers:
        read = reader(text, offset)
        if read is not None:
            return read
    return None


_JOINS: Final = re.compile(r",? (?:and|but|so) |, ")
_OF_WHICH: Final = re.compile(rf", (?={FRACTION} of which )")
"""The comma before "70% of which are pine trees": what the whole told before it is."""


def clauses(span: SourceSpan) -> list[Clause] | None:
    """A body sentence as one clause, or two joined by "and" / "but" / "so" / a comma (the
    second may leave its subject unsaid: "James buys 100 balls and gives half of them
    away"), or the condition the reader cut from the question ("If 5/6 of the nuts were
    eaten,"); None when none of them reads."""
    text = span.text.strip()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    condition = text.startswith("If ") and text.endswith(",")
    if not (text.endswith(".") or condition):
        return None
    if condition:
        text, offset = text[3:], offset + 3
    text = text[:-1]
    whole = _read_clause(text, offset)
    if whole is not None and whole.ref != "which":
        return [whole]
    which = _OF_WHICH.search(text)
    if which is not None:
        left = _read_clause(text[: which.start()], offset)
        right = _read_clause(text[which.end() :], offset + which.end())
        if left is not None and left.kind == "told" and right is not None:
            return [left, right] if right.kind == "property" else None
        return None
    for join in _JOINS.finditer(text):
        left = _read_clause(text[: join.start()], offset)
        if left is None:
            continue
        rest, at = text[join.end() :], offset + join.end()
        right = _read_clause(rest, at)
        if right is None and left.holder is not None and not rest[:1].isupper():
            right = _unsaid(left, rest, at)
            if right is not None:  # one subject: whoever either clause names, it is not
                named = tuple(dict.fromkeys(left.named + right.named))
                left, right = (dataclasses.replace(c, named=named) for c in (left, right))
        if right is not None:
            return [left, right]
    return None


def _unsaid(left: Clause, rest: str, at: int) -> Clause | None:
    """The second clause of "and" with its subject unsaid ("James buys 100 balls and gives
    half of them away"), or its subject and verb ("She gave a quarter of her sheep to her
    sister, and half of the remaining sheep to her brother"): read with the first clause's."""
    said = f"{left.holder} "
    right = _read_clause(said + rest, at - len(said))
    if right is not None and right.holder == left.holder:
        return right
    if left.kind != "moved" or left.verb is None or left.verb_span is None:
        return None
    said = f"{left.holder} {left.verb} "
    right = _read_clause(said + rest, at - len(said))
    if right is not None and right.kind in ("moved", "change") and right.holder == left.holder:
        return dataclasses.replace(right, verb_span=None)  # the verb is the first clause's
    return _same_whole(left, rest, at)


_ELIDED_OF: Final = re.compile(rf"(?P<frac>{FRACTION}){_TAIL}")


def _same_whole(left: Clause, rest: str, at: int) -> Clause | None:
    """ "He gave 3/8 of his money to his mother and 3/10 to his father": a second fraction
    with what it is of unsaid, of the first's very whole (both parts of it, side by side)."""
    match = _ELIDED_OF.fullmatch(rest)
    if match is None or left.ref in (None, "left") or left.fraction is None:
        return None
    read = fraction_phrase(match.group("frac"))
    if read is None or not 0 < read[0] < 1:
        return None
    return dataclasses.replace(
        left, fraction=_span(match, "frac", at), part=read[0], percent=read[1], amount=None,
        value=None, verb_span=None, left_ref=None, bought=None, spent_on=_spent_on_tail(
            left.verb, match, at
        ), named=_named(match), same_whole=True,
    )  # fmt: skip


def _spent_on_tail(verb: str | None, match: re.Match[str], offset: int) -> tuple[int, int] | None:
    tail = match.group("tail") or ""
    if verb_key(verb) in _SPENDING and tail.startswith((" on ", " for ")):
        return _span(match, "tail", offset)
    return None


HOLDER: Final = _HOLDER
"""A clause's subject: a name, "he" / "she" / "they", or "a / the <noun>"."""
THING: Final = _THING
WORD: Final = _WORD
VERB: Final = _VERB


def noun_phrase(words: str | None) -> tuple[str, ...] | None:
    """A noun phrase as a key (see :func:`_thing`), for the question's patterns."""
    return _thing(words)


def loses(verb: str) -> bool:
    """A verb that takes the things from its subject (see :func:`_loses`)."""
    return _loses(verb)
