"""The fourth shape of the portion reading: a price and a percent taken off it or added to it.

"Rose bought a plant with a 10% discount. If the price is $10, how much did Rose pay after the
discount?" A discount takes the percent's part off the price (what is paid is the rest); a
tax, a tip, a raise or "P% more than" adds it (what is paid is the sum). The text tells the
percent and one of the price (the whole), what was paid (the rest or the sum) or the discount
itself (the part), and asks another. Every sentence but the opening ones (which say nothing
countable) and the question is one or two of these clauses (joined by "and", ", but", ", which
is"), each read by a closed pattern:

* the price: "The (regular / original ...) price [of the X] is | stands at $N", "The X
  (originally / normally) costs $N", "<Person> buys a X that costs $N", "<Person> receives a
  monthly salary of $N";
* what was paid: "<Person> paid $N [for the X]", "paid the sale price of $N", "<Person> spent
  $N on a X, which is P% less than the original price";
* the discount: "<Person> bought a X at | with a P% discount", "<Person> gets | received a P%
  discount [on the X]", "A store has a P% discount on all items", "There is a discount of P%",
  "<Person> saw a P% reduction in the price of the X", "the discount she received is $N";
* what is added: "tax was P%", "<Person> tips the X P%", "<Person> received a P% raise", "It
  cost P% more than his old $N X";
* the question: "How much did <Person> pay [for the X] [in total / after the discount]?", "How
  much did it cost?", "What was the final cost of the X?", "How much will be <Person>'s new
  salary?" (what was paid), "How much did <Person> save?" (the discount), "What was the
  original price [of the X]?" (the price).

One percent and one told amount of money, one person (any store or seller named besides is no
person), and one thing priced: every thing the clauses name has one last noun ("a pair of
shoes", "the shoes"), but "all items" / "everything in the store" a discount is on.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from practiceloop.arith._portion_base import Shape, one_holder, opening_says_nothing
from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.numbers import parse_digits
from practiceloop.arith.portion_clauses import fraction_phrase
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = ["clauses_of", "one_thing", "percent_shape", "read_prices"]

_MONEY: Final = r"(?P<money>\$ ?\d[\d,]*(?:\.\d+)?)"
_PCT: Final = r"(?P<pct>\d+(?:\.\d+)?(?:%| percent)|[a-z]+(?:-[a-z]+)? percent)"
_PERSON: Final = (
    r"(?P<person>[A-Z][a-z]+|[Hh]e|[Ss]he|[Tt]hey|(?:[Tt]he|[Aa]) (?:king|queen|man|woman|boy"
    r"|girl))"
)
_W: Final = r"(?!(?:originally|normally|usually|regularly|already|now|only)\b)[a-z][a-z'’-]*"
_ITEM: Final = rf"(?P<item>(?:a|an|the|his|her|their) (?:pair of |set of )?{_W}(?: {_W}){{0,2}})"
_THING: Final = (
    rf"(?P<thing>(?:[Tt]he|[Aa]n?|[Hh]is|[Hh]er|[Tt]heir) (?:pair of )?{_W}(?: {_W}){{0,2}}|It"
    r"|it)"
)
_STORE: Final = r"(?:[Aa]|[Tt]he) (?:store|shop|[a-z]+ store|[a-z]+ shop)"
_SCOPE: Final = (
    r"(?: (?:on|of|off of) (?:all items|everything(?: in the store)?|(?P<item>all [a-z]+)))?"
)
"""What a store's discount is on: "all items", "everything" (any thing), or "all <things>"
(those only)."""

_CLAUSES: Final[tuple[tuple[str, str, re.Pattern[str]], ...]] = tuple(
    (kind, way, re.compile(pattern))
    for kind, way, pattern in (
        ("part", "down", rf"[Tt]he discount (?:she|he|they) received (?:is|was) {_MONEY}"),
        ("buy", "", rf"{_PERSON} (?:bought|buys|purchased|purchases) {_ITEM}"
         rf"(?: (?:to|at|from) (?:a|an|the) [A-Za-z]+)?"),
        ("buy", "", rf"{_PERSON} (?:decides|decided|wants|wanted|plans|planned) to buy"
         rf" (?:himself |herself |themselves )?{_ITEM}"),
        ("price", "", rf"(?:[Tt]he|[Ii]ts|[Hh]is|[Hh]er) (?:regular |original |normal |usual "
         rf"|full )?price(?: (?:of|tag on) {_ITEM})? (?:is|was|stands at|says) {_MONEY}"),
        ("price", "", rf"{_THING} (?:originally |normally |usually |regularly )?(?:costs|cost|is"
         rf"|was) {_MONEY}"),
        ("price", "", rf"{_PERSON} (?:buys|bought|gets|got|purchases|purchased) {_ITEM}(?: made)?"
         rf" that (?:costs|cost) {_MONEY}"),
        ("pay", "", rf"{_PERSON} (?:receives|earns|gets|makes) an? (?:monthly |weekly |yearly"
         rf" |annual )?(?:salary|income|wage|allowance) of {_MONEY}"),
        ("paid", "", rf"{_PERSON} paid {_MONEY}(?: for {_ITEM})?"),
        ("paid", "", rf"paid the (?:sale|discounted|reduced|final) price of {_MONEY}"),
        ("paid", "down", rf"{_PERSON} (?:spent|paid) {_MONEY} (?:on|for) {_ITEM}, which is {_PCT}"
         rf" less than the (?:original|regular|full) price"),
        ("change", "down", rf"{_PERSON} (?:bought|buys|purchased|purchases|got|gets) {_ITEM}"
         rf" (?:at|with) an? {_PCT} (?:discount|reduction)"),
        ("change", "down", rf"{_PERSON} (?:was able to |also )?(?:get|gets|got|receives|received)"
         rf" an? (?:special )?{_PCT} (?:special )?(?:discount|reduction)(?: on {_ITEM})?"),
        ("change", "down", rf"{_STORE} (?:has|had|offers|offered|is offering|was offering)"
         rf" (?:an? )?{_PCT} (?:discount|off){_SCOPE}"),
        ("change", "down", rf"[Tt]here (?:is|was) a discount of {_PCT}(?: on {_ITEM})?"),
        ("change", "down", rf"[Tt]here (?:is|was) an? {_PCT} discount(?: on {_ITEM})?"),
        ("change", "down", rf"{_PERSON} (?:saw|noticed) an? {_PCT} (?:reduction|discount)"
         rf" (?:in|on) the price of {_ITEM}(?: (?:he|she|they) (?:wants|wanted) to buy)?"),
        ("change", "up", rf"(?:the )?(?:sales )?tax (?:is|was) {_PCT}"),
        ("change", "up", rf"{_PERSON} (?:tips|tipped) (?:the|his|her) {_W} {_PCT}"),
        ("raise", "up", rf"{_PERSON} (?:gets|got|receives|received) an? {_PCT} (?:pay )?raise"),
        ("change", "up", rf"{_THING} (?:costs|cost|is|was) {_PCT} more (?:expensive )?than"
         rf" (?P<item>(?:his|her|their|the) (?:old )?{_MONEY} {_W})"),
    )
)
"""(what the clause tells, the way its percent goes, its pattern)."""

_ASKED: Final[tuple[tuple[str, re.Pattern[str]], ...]] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("paid", rf"How much (?:money )?(?:did|does|will|would) {_PERSON} (?:pay|spend)"
         rf"(?: for {_ITEM})?(?: in total| after (?:the )?(?:tax|tip|discount))?\?"),
        ("paid", r"How much (?:did|does|will) (?P<thing>it|the [a-z]+) cost(?: now)?\?"),
        ("paid", rf"What (?:was|is|will be) the (?:final|new|sale|discounted) (?:cost|price)"
         rf"(?: of {_ITEM})?\?"),
        ("paid", rf"[Hh]ow much will be {_PERSON}['’]s new (?:salary|income|wage|allowance)\?"),
        ("part", rf"How much (?:money )?(?:did|does|will) {_PERSON} save\?"),
        ("price", rf"(?:What|How much) (?:was|is) the original price(?: of {_ITEM})?\?"),
    )
)

_JOINS: Final = re.compile(r",? and |, but ")


@dataclasses.dataclass(frozen=True, slots=True)
class _Read:
    kind: str
    way: str
    match: re.Match[str]
    offset: int


_Clauses = tuple[tuple[str, str, re.Pattern[str]], ...]


def _clause(text: str, offset: int, clauses: _Clauses) -> _Read | None:
    for kind, way, pattern in clauses:
        match = pattern.fullmatch(text)
        if match is not None:
            return _Read(kind, way, match, offset)
    return None


def clauses_of(span: SourceSpan, clauses: _Clauses = _CLAUSES) -> list[_Read] | None:
    """A body sentence (or an "If ..." condition) read as one of ``clauses`` or two of them
    joined ("and", "but"); None when it is neither."""
    text = span.text.strip()
    offset = span.start + len(span.text) - len(span.text.lstrip())
    if text.startswith("If ") and text.endswith(","):
        text, offset = text[3:], offset + 3
    elif not text.endswith("."):
        return None
    text = text[:-1]
    one = _clause(text, offset, clauses)
    if one is not None:
        return [one]
    for join in _JOINS.finditer(text):
        left = _clause(text[: join.start()], offset, clauses)
        right = _clause(text[join.end() :], offset + join.end(), clauses)
        if left is not None and right is not None:
            return [left, right]
    return None


_NOT_PRICES: Final = frozenset(
    "discount tax tip raise interest increase saving reduction change bonus".split()
)
"""What is told in money but is no price: what a percent of a price is."""


def _said(match: re.Match[str]) -> str | None:
    groups = match.groupdict()
    found = groups.get("item") or groups.get("thing")
    return None if found is None or found.lower() == "it" else found


def _head(item: str | None) -> str | None:
    return noun_key(item.split()[-1]) if item else None  # "his old $250 barbell": barbell


def read_prices(
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    names: set[str],
) -> Shape | None:
    """The shape a price and a percent off it or on it make of the text (see the module
    docstring), or None."""
    reads: list[_Read] = []
    opening: list[SourceSpan] = []
    for sentence in sentences[:-1]:
        found = clauses_of(sentence)
        if found is None:
            if reads:
                return None
            opening.append(sentence)
            continue
        reads.extend(found)
    question = sentences[-1].text.strip()
    question = question[:1].upper() + question[1:]
    asked = next(
        ((k, m) for k, p in _ASKED if (m := p.fullmatch(question)) is not None), None
    )
    if asked is None or not reads:
        return None
    if not all(opening_says_nothing(s, mentions, observations, ("money",)) for s in opening):
        return None
    percents = [r for r in reads if "pct" in r.match.groupdict() and r.match.group("pct")]
    moneys = [r for r in reads if "money" in r.match.groupdict() and r.match.group("money")]
    ways = {r.way for r in reads if r.way}
    if len(percents) != 1 or len(moneys) != 1 or len(ways) != 1:
        return None
    way = next(iter(ways))
    if any(r.kind == "pay" for r in reads) != any(r.kind == "raise" for r in reads):
        return None  # a raise is of pay, a discount or a tax of a price
    told = moneys[0]
    told_role = _role(told.kind, way, inline=told is percents[0] and told.kind == "change")
    asked_role = _role(asked[0], way, inline=False)
    if told_role is None or asked_role is None or told_role == asked_role:
        return None
    if not one_thing([*reads], asked[1]) or not _one_person(reads, asked[1], names):
        return None
    if any(r.kind == "price" and _head(_said(r.match)) in _NOT_PRICES for r in reads):
        return None  # "the tip is $5" tells no price
    return percent_shape(percents[0], told, way, (told_role, asked_role), reads)


def _role(kind: str, way: str, inline: bool) -> str | None:
    """The portion role of a price (``whole``), of what was paid (the ``rest`` of a discount,
    the ``sum`` with what is added) or of a discount told in money (``part``)."""
    if kind in ("price", "pay") or inline:
        return "whole"  # "P% more than his old $250 barbell": the old price
    if kind == "paid":
        return "rest" if way == "down" else "sum"
    if kind == "part":
        return "part"
    return None


def one_thing(
    reads: list[_Read], asked: re.Match[str], not_things: frozenset[str] = frozenset()
) -> bool:
    """Every thing the clauses and the question name has one last noun ("a pair of shoes",
    "the shoes"); "all items" or "everything" a discount is on names none; ``not_things``
    are heads that name no other thing ("the price" of the lamp)."""
    heads = {
        _head(m.group(g))
        for m in [*(r.match for r in reads), asked]
        for g in ("item", "thing")
        if g in m.groupdict() and m.group(g) and m.group(g).lower() != "it"
    }
    return len(heads - {None} - not_things) <= 1


def _one_person(reads: list[_Read], asked: re.Match[str], names: set[str]) -> bool:
    """Every person the clauses and the question name is one."""
    said = [
        m.group("person")
        for m in [*(r.match for r in reads), asked]
        if "person" in m.groupdict() and m.group("person")
    ]
    if not said:
        return True
    keys = [s.split()[-1].lower() if " " in s else s for s in said]  # "A king", "the king"
    nouns = {k for k in keys if k[:1].islower() and k not in ("he", "she", "they")}
    if nouns:  # "the king" ... "He": one person named by a noun, the pronouns his
        return len(nouns) == 1 and all(k[:1].islower() or k in ("He", "She", "They") for k in keys)
    named = {k for k in keys if k not in ("He", "She", "They", "he", "she", "they")}
    if len(named) == 1 and not names - {k.lower() for k in named}:
        names = names | {k.lower() for k in named}  # the one person, read or not ("James")
    return one_holder(keys, [], keys[-1], names) is not None


def percent_shape(
    pct: _Read, told: _Read, way: str, roles: tuple[str, str], reads: list[_Read]
) -> Shape | None:
    """The portion shape of one percent ``pct`` of the told money ``told`` moving ``way``,
    with the (told, asked) ``roles``, consuming every clause of ``reads``; None when the
    percent or the money is unreadable, or the percent is none a move ``way`` can take."""
    read = fraction_phrase(pct.match.group("pct"))
    value = parse_digits(told.match.group("money").replace("$ ", "$"))
    if read is None or value is None or not 0 < read[0] < (1 if way == "down" else 100):
        return None
    span = (pct.offset + pct.match.start("pct"), pct.offset + pct.match.end("pct"))
    consumed = [(r.offset + r.match.start(), r.offset + r.match.end()) for r in reads]
    return Shape(
        factors=((span, read[0], read[1]),),
        told=(told.offset + told.match.start("money"), told.offset + told.match.end("money")),
        told_value=value,
        told_role=roles[0],
        asked_role=roles[1],
        consumed=tuple(consumed),
        counts=False,
    )
