"""A fifth shape of the portion reading: a percent that moves a price or takes from a pay, read
in the wordings the price shape (:mod:`~.portion_prices`) does not read.

* a discount said of the thing itself: "The lamp costs $80. It is on sale for 25% off. How much
  does it cost now?" ("is sold at a 25% discount", "is 25% off", "is discounted by 25%");
* a price that moves: "The price of a ticket was $60. It went up by 10%. What is the new
  price?" ("rose", "increased", "was raised" / "fell", "dropped", "went down", "was reduced",
  "decreased" ... "by P%"); the question must ask the price after the move ("new", "now",
  "current", "after"), since "How much did it cost?" may ask the price before;
* insurance that pays a percent of a price: "The X-ray costs $300. Her insurance covers 80% of
  the cost. How much does she pay?";
* a percent taken from a pay: "Ten percent of Ivy's pay goes to rent. If her pay is $500, how
  much is her take-home pay?", "He pays 12% of his salary in taxes" beside "His salary is $900"
  or "He earns $900 a month" (a pay told by what is earned in a year, a month or a week),
  asked as what is taken home or left ("How much money does he have left?").

Every clause is a closed pattern (:data:`_CLAUSES`, the price shape's own clauses beside these);
the direction of the percent is the clause's word, never guessed ("off", "discount", "fell",
"covers", "goes to" take away; "rose", "raised", "tip", "tax" added to a price add). The checks
are the price shape's: one percent, one amount of money, one direction, one person, one thing
priced; a pay only with a raise or a part taken from it, a price only with a discount, a tax,
a tip, a move or insurance; money told as a discount, a tip or a tax is no price.
"""

from __future__ import annotations

import re
from typing import Final

from practiceloop.arith._portion_base import Shape, one_holder, opening_says_nothing
from practiceloop.arith.portion_prices import (
    _ASKED as _PRICE_ASKED,
)
from practiceloop.arith.portion_prices import (
    _CLAUSES as _PRICE_CLAUSES,
)
from practiceloop.arith.portion_prices import (
    _ITEM,
    _MONEY,
    _NOT_PRICES,
    _PCT,
    _PERSON,
    _THING,
    _head,
    _Read,
    _said,
    clauses_of,
    one_thing,
    percent_shape,
)
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_percents"]

_POSS: Final = r"(?P<person>[A-Z][a-z]+['’]s|[Hh]is|[Hh]er|[Tt]heir)"
"""Whose pay: a name's possessive or a pronoun's."""
_WHOSE: Final = r"(?P<whose>[Hh]is|[Hh]er|[Tt]heir)"
"""Whose pay, after the clause's subject ("She pays 12% of her salary")."""
_PCT_FIRST: Final = _PCT.replace("[a-z]+(?:-", "[A-Za-z][a-z]*(?:-")
"""A percent that opens a sentence ("Ten percent of ...")."""
_PAY: Final = r"(?:monthly |weekly |yearly |annual )?(?:pay|salary|income|paycheck|earnings)"
_NOW: Final = r"(?:now )?"
_PRICE_OF: Final = rf"(?:[Tt]he|[Ii]ts) (?:price|cost|value)(?: of {_ITEM})?"
"""The price of the thing, said as its price ("The price of the lamp", "Its price")."""
_MOVED: Final = rf"(?:{_PRICE_OF}|{_THING})"
_DOWN: Final = (
    r"(?:(?:is|was|has been|had been) (?:reduced|decreased|lowered|cut|marked down)"
    r"|(?:has |had )?(?:decreased|dropped|fell|fallen|went down|gone down)"
    r"|(?:is|was) down)"
)
_UP: Final = (
    r"(?:(?:is|was|has been|had been) (?:increased|raised|marked up)"
    r"|(?:has |had )?(?:increased|rose|risen|went up|gone up)"
    r"|(?:is|was) up)"
)

_OWN_CLAUSES: Final[tuple[tuple[str, str, re.Pattern[str]], ...]] = tuple(
    (kind, way, re.compile(pattern))
    for kind, way, pattern in (
        ("change", "down", rf"(?:{_THING} )?(?:is|was) {_NOW}(?:on sale|sold|offered|selling)"
         rf" (?:at|for|with) an? {_PCT} (?:discount|reduction)"),
        ("change", "down", rf"(?:{_THING} )?(?:is|was) {_NOW}(?:on sale (?:for|at) |marked )?"
         rf"{_PCT} off"),
        ("change", "down", rf"(?:{_THING} )?(?:is|was|has been) {_NOW}discounted by {_PCT}"),
        ("shift", "down", rf"{_MOVED} {_NOW}{_DOWN} by {_PCT}"),
        ("shift", "up", rf"{_MOVED} {_NOW}{_UP} by {_PCT}"),
        ("cover", "down", rf"(?:{_POSS}|[Tt]he) insurance (?:covers|covered|pays"
         rf"|paid) {_PCT}(?: of (?:the|its) (?:cost|price|bill))?"),
        ("pay", "", rf"{_POSS} {_PAY} (?:is|was) {_MONEY}"),
        ("pay", "", rf"{_PERSON} (?:earns|earned|makes|made) {_MONEY} (?:a|per|each)"
         rf" (?:year|month|week)(?: (?:from|at) (?:his|her|their) (?:work|job))?"),
        ("price", "", rf"(?:[Tt]he|[Ii]ts) value(?: of {_ITEM})? (?:is|was) {_MONEY}"),
        ("deduct", "down", rf"{_PCT_FIRST} of {_POSS} {_PAY} (?:goes|went) to (?:paying )?(?:the )?"
         rf"(?:tax|taxes|rent)"),
        ("deduct", "down", rf"{_PERSON} (?:pays|paid|has to pay|needs to pay) {_PCT} of"
         rf" (?:it|this amount|{_WHOSE} {_PAY}) (?:in|for|as) (?:the )?(?:tax|taxes)"),
    )
)
"""(what the clause tells, the way its percent goes, its pattern): the kinds of
:data:`~.portion_prices._CLAUSES` and ``shift`` (a price that moves), ``deduct`` (a part taken
from a pay)."""

_CLAUSES: Final = (*_OWN_CLAUSES, *_PRICE_CLAUSES)

_OWN_ASKED: Final[tuple[tuple[str, re.Pattern[str]], ...]] = tuple(
    (kind, re.compile(pattern))
    for kind, pattern in (
        ("new", r"How much (?:does|will) (?P<thing>it|the [a-z]+) cost now\?"),
        ("new", r"How much is (?P<thing>it|the [a-z]+) now\?"),
        ("new", rf"What(?: is|['’]s| will be) the (?:new|current) (?:price|cost|value)"
         rf"(?: of {_ITEM})?\?"),
        ("paid", rf"How much (?:money )?(?:does|did|will) {_PERSON} (?:personally )?(?:have to"
         rf" |need to )?pay(?: for {_ITEM})?\?"),
        ("kept", rf"How much is {_POSS} take-home pay\?"),
        ("kept", rf"How much (?:money )?(?:does|did|will) {_PERSON} (?:have left|keep)"
         rf"(?: after (?:he|she|they) (?:pays|paid|pay) (?:the )?(?:tax|taxes|rent))?\?"),
    )
)
"""The questions this shape adds: ``new`` (the price after a move or a discount), ``paid``,
``kept`` (what is left of a pay)."""

_ASKED: Final = (*_OWN_ASKED, *_PRICE_ASKED)

_PRICE_WORDS: Final = frozenset({"price", "cost", "value"})
"""Heads that name the thing's price, not another thing ("The price rose by 10%")."""


def read_percents(
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    names: set[str],
) -> Shape | None:
    """The shape a percent that moves a price or takes from a pay makes of the text (see the
    module docstring), or None."""
    reads: list[_Read] = []
    opening: list[SourceSpan] = []
    for sentence in sentences[:-1]:
        found = clauses_of(sentence, _CLAUSES)
        if found is None:
            if reads:
                return None
            opening.append(sentence)
            continue
        reads.extend(found)
    question = sentences[-1].text.strip()
    question = question[:1].upper() + question[1:]
    asked = next(((k, m) for k, p in _ASKED if (m := p.fullmatch(question)) is not None), None)
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
    if not _kinds_agree({r.kind for r in reads}, asked[0]):
        return None
    if any(r.kind == "cover" for r in reads) and not asked[1].groupdict().get("person"):
        return None  # insurance pays a part: "How much does the scan cost?" asks the price
    told = moneys[0]
    told_role = _told_role(told, percents[0], way)
    asked_role = _asked_role(asked[0], way)
    if told_role is None or asked_role is None or told_role == asked_role:
        return None
    if not one_thing(reads, asked[1], _PRICE_WORDS) or not _one_person(reads, asked[1], names):
        return None
    if not _moved_thing_priced(reads):
        return None  # "The price is $50. The demand rose by 10%": the demand is no price
    if any(r.kind == "price" and _head(_said(r.match)) in _NOT_PRICES for r in reads):
        return None  # "the tip is $5" tells no price
    return percent_shape(percents[0], told, way, (told_role, asked_role), reads)


def _kinds_agree(kinds: set[str], asked: str) -> bool:
    """The clauses and the question tell one story: a pay only with a raise or a part taken
    from it (and those only of a pay), a price that moves asked only after the move ("new"),
    what is kept asked only of a pay, the new price only after a move or a discount."""
    pay = "pay" in kinds
    if pay != bool(kinds & {"raise", "deduct"}):
        return False
    if pay and kinds & {"shift", "change", "cover", "paid", "part"}:
        return False  # a pay's part is taken by "deduct", a price's by a discount
    if "shift" in kinds and asked not in ("new", "price"):
        return False  # "How much did it cost?" may ask the price before it rose
    if ("deduct" in kinds) != (asked == "kept"):
        return False  # "How much does she pay?" of a pay taxed may ask the tax
    if "cover" in kinds and asked != "paid":
        return False  # what the person pays after the insurance's part
    return asked != "new" or bool(kinds & {"shift", "change"})


def _told_role(told: _Read, pct: _Read, way: str) -> str | None:
    """The portion role of the told money: a price or a pay is the ``whole``; "P% more than
    his old $250 barbell" tells the old price."""
    if told.kind in ("price", "pay") or (told is pct and told.kind == "change"):
        return "whole"
    if told.kind == "paid":
        return "rest" if way == "down" else "sum"
    if told.kind == "part":
        return "part"
    return None


def _asked_role(asked: str, way: str) -> str | None:
    """The portion role the question asks: what is paid or the new price (the ``rest`` of a
    percent taken away, the ``sum`` with one added), what is kept of a pay (a ``rest``), the
    discount saved (``part``), the original price (``whole``)."""
    if asked in ("paid", "new"):
        return "rest" if way == "down" else "sum"
    if asked == "kept":
        return "rest" if way == "down" else None
    return {"part": "part", "price": "whole"}.get(asked)


_OWN_PATTERNS: Final = frozenset(pattern for _, _, pattern in _OWN_CLAUSES)


def _moved_thing_priced(reads: list[_Read]) -> bool:
    """A thing this module's clauses name as what moves or is on sale ("The hat is on sale",
    "The demand rose") is the thing a price clause names ("The hat costs $90", "The price of
    the hat is $90"); "it", "its price", "the price" name the price itself."""
    priced = {
        _head(_said(r.match)) for r in reads if r.kind == "price"
    } - {None} - _PRICE_WORDS
    for r in reads:
        if r.match.re not in _OWN_PATTERNS or r.kind not in ("shift", "change"):
            continue
        said = {_head(_said(r.match))} - {None} - _PRICE_WORDS
        if said and not said <= priced:
            return False
    return True


_POSSESSIVES: Final = {"his": "he", "her": "she", "their": "they"}


def _one_person(reads: list[_Read], asked: re.Match[str], names: set[str]) -> bool:
    """Every person the clauses and the question name (a possessive as its holder: "Ivy's",
    "her") is one."""
    said = [
        m.group(g)
        for m in [*(r.match for r in reads), asked]
        for g in ("person", "whose")
        if g in m.groupdict() and m.group(g)
    ]
    if not said:
        return True
    keys = []
    for s in said:
        key = s.split()[-1] if " " in s else s
        key = re.sub(r"['’]s$", "", key)
        key = _POSSESSIVES.get(key.lower(), key)
        keys.append(key.lower() if key.lower() in ("he", "she", "they") else key)
    nouns = {k for k in keys if k[:1].islower() and k not in ("he", "she", "they")}
    if nouns:  # "the king" ... "he": one person named by a noun, the pronouns his
        return len(nouns) == 1 and all(k[:1].islower() for k in keys)
    named = {k for k in keys if k not in ("he", "she", "they")}
    if len(named) == 1 and not names - {k.lower() for k in named}:
        names = names | {k.lower() for k in named}
    return one_holder(keys, [], keys[-1], names) is not None
