"""Stage 5 of the reader: quantities, every number with what it counts and how.

:func:`read_quantities` finds every number (:func:`~.numerals.find_numbers`: digits, money,
words), reads what follows it (:func:`read_quantity`: its unit, the noun it counts or the one
it elides, a comparison, what money went to, a rate), walks its clause (:mod:`.clause`), then
lets amounts listed under one verb share it (:func:`share_coordinated`) and records them in
source order.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.lexicon import words
from practiceloop.arith.numbers import (
    format_rational,
)
from practiceloop.arith.reader.after_moves import held_after_then, the_other_kept
from practiceloop.arith.reader.arrivals import moved_by_cue
from practiceloop.arith.reader.clause import read_clause
from practiceloop.arith.reader.counted import contents_of_counted_things, read_counted
from practiceloop.arith.reader.cues import (
    AUX,
    MOTION_GAIN,
    MOTION_LOSS,
    handed_out,
    is_verb,
    verb_direction,
)
from practiceloop.arith.reader.distributive import (
    each_of_a_count,
)
from practiceloop.arith.reader.ellipsis import (
    object_said_before,
    object_told,
    started_with_the_object_said,
)
from practiceloop.arith.reader.groups import (
    group_of,
    grouped_into,
    grouped_kind,
    grouped_thing,
    read_rate,
)
from practiceloop.arith.reader.kept import read_kept
from practiceloop.arith.reader.kinds import category_of_kinds
from practiceloop.arith.reader.leaving import left_by_leaving
from practiceloop.arith.reader.listing import listed_with_source, parallel_side, size_of_named_thing
from practiceloop.arith.reader.motion import MANNER_OF_MOTION, motion_direction
from practiceloop.arith.reader.nouns import (
    is_noun,
    noun_phrase,
    objects_at,
    side_at,
)
from practiceloop.arith.reader.numerals import find_numbers
from practiceloop.arith.reader.periods import period_unit
from practiceloop.arith.reader.prices import price_of_a_count
from practiceloop.arith.reader.rates import earned_off_each, read_rates
from practiceloop.arith.reader.some_said import some_said_before
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "bought_before",
    "elided_noun",
    "held_alone",
    "one_of_a_count",
    "price_before_noun",
    "read_additional",
    "read_comparison",
    "read_ellipsis",
    "read_more_before",
    "read_of",
    "read_quantities",
    "read_quantity",
    "read_spent_on",
    "read_than",
    "read_unit",
    "share_coordinated",
    "size_alone",
    "than_ahead",
    "unit_alone",
]

_SUBJECT_VERBS: Final = lx.GAIN_VERBS | lx.LOSS_VERBS | MOTION_GAIN | MOTION_LOSS | {"suggested"}
"""Verbs whose bare number subject counts the last thing said ("5 died", "9 left")."""
_KINDS: Final = words("new old different")
_OBJECT_ENDS: Final = words("in at to from on for during and")
"""Words that may follow a number a moving verb took with its noun unsaid ("used 8 to buy")."""
_COORDINATION: Final = (["and"], [","], [",", "and"], ["but"], [",", "but"])
"""What may stand between two amounts that share a verb: "29 more push-ups but 13 less"."""
"""Nouns that, in "groups of 18", make the number the size of each group."""
_POSSESSIVES: Final = ("the", "his", "her", "their", "its", "our", "my", "your")

Read = tuple[int, int, dict[str, str]]
"""A quantity read: its first token, its last token, its attributes."""


# --- one quantity ----------------------------------------------------------------------------


def read_quantity(
    r: Reading, first: int, last: int, value: Fraction, previous: list[tuple[int, int]]
) -> dict[str, str]:
    """The attributes of the number at tokens ``first``..``last``, read in the order English
    puts them: its unit, "more" before the noun, "of them", the noun phrase or the noun it
    elides, a comparison, what money went to, a rate; then its clause."""
    toks = r.toks
    attrs: dict[str, str] = {"value": format_rational(value)}
    if toks[first].sentence == r.question:
        attrs["clause"] = "question"
    index = read_unit(r, first, last + 1, attrs)
    index = read_more_before(r, index, attrs)
    index = read_of(r, index, attrs)
    if "unit" not in attrs or attrs.get("unit") == "percent":
        index, phrase = noun_phrase(r, index)
        attrs.update(phrase)
        price_before_noun(attrs)
    if "entity" not in attrs and "unit" not in attrs and "elided" not in attrs:
        index = elided_noun(r, first, index, attrs)
    elif grouped_into(r, first) and "per" not in attrs and "unit" not in attrs:
        attrs["per"] = group_of(r, first)  # "split into groups of 5 students": per group
    index, nxt, compare_side = read_comparison(r, index, attrs)
    read_spent_on(r, first, index, attrs)
    read_rate(r, index, nxt, attrs)
    earned_off_each(r, first, index, nxt, attrs)
    r.phrase_end[first] = index
    read_clause(r, first, index, attrs, previous)
    moved_by_cue(r, first, index, attrs)
    if compare_side is not None:
        attrs["side"] = compare_side
    return attrs


def read_unit(r: Reading, first: int, index: int, attrs: dict[str, str]) -> int:
    """Money is dollars ("$5", "$ 3.50 dollars"); "25%" and "25 percent" are a percentage."""
    if r.toks[first].kind == "money":
        attrs["unit"] = "dollar"
        attrs["entity"] = "money"
        if lx.noun_key(r.word(index)) == "dollar":
            index += 1
    if index < len(r.toks) and (r.toks[index].text == "%" or r.word(index) == "percent"):
        attrs["unit"] = "percent"
        index += 1
    return index


def read_more_before(r: Reading, index: int, attrs: dict[str, str]) -> int:
    """ "5 more apples", "3 fewer pens": a comparison word before the noun, with its cue;
    "8 extra pieces of gum", "3 additional chairs": the noun follows the adjective."""
    word = r.word(index)
    if word in lx.COMPARE_MORE or word in lx.COMPARE_FEWER:
        attrs["compare"] = "more" if word in lx.COMPARE_MORE else "fewer"
        attrs["compare_cue"] = r.cue_at.get(index, "")
        index += 1
    elif word in ("extra", "additional") and r.word(index + 1) not in lx.STOP_WORDS:
        index += 1
    return index


def read_of(r: Reading, index: int, attrs: dict[str, str]) -> int:
    """ "2 of them": the noun is elided (``of_them``, :func:`read_ellipsis`); "3 of the
    apples", "5 of his cards": the noun follows, and the amount is a part of it
    (``partitive``)."""
    if r.word(index) == "of" and r.word(index + 1) in ("them", "these", "those"):
        attrs["elided"] = "of_them"
        index += 2
    elif r.word(index) == "of":
        index += 1
        if r.word(index) in _POSSESSIVES:
            attrs["partitive"] = "of"  # "2 of the jars": a part of jars already counted
        while r.word(index) in _POSSESSIVES:
            index += 1
    return index


def elided_noun(r: Reading, first: int, index: int, attrs: dict[str, str]) -> int:
    """A number with no noun counts one English leaves unsaid (:func:`read_ellipsis` copies
    it): "63 old ones" (``ones``), "After a typhoon 5 died" and "he had 4 left" (``subject``),
    "he had used 35." (``object``), "into groups of 3" (a size per ``group``)."""
    word = r.word(index)
    kind = word if word in _KINDS else ""
    if r.word(index + bool(kind)) == "ones":
        attrs["elided"] = "ones"  # "63 old ones": the last thing said, of that kind
        if kind:
            attrs["modifier"] = kind
        index += 1 + bool(kind)
    elif _listed_after(r, first, word):
        attrs["elided"] = "listed"  # "15 pictures at the zoo and 18 at the museum"
    elif _subject_verb(word) and not is_verb(r.word(first - 1)):
        attrs["elided"] = "subject"  # "After a typhoon 5 died", "489 suggested ..."
    elif word == "left" and r.word(first - 1) in lx.HAVE_VERBS:
        attrs["elided"] = "subject"  # "After deleting some he had 4 left"
    elif "compare" not in attrs and _moving_verb(r, first - 1) and _object_ends(r, index):
        attrs["elided"] = "object"  # "he had used 35.", "After selling 137 in a sale"
    elif size_alone(r, index, attrs):
        attrs["elided"] = "object"  # "put the rest into cages with 6 in each cage"
    elif held_alone(r, first, index, attrs):
        attrs["elided"] = "object"  # "Debby had 32 pieces of candy while her sister had 42."
    elif (group := group_of(r, first)) and "per" not in attrs:
        attrs["per"] = group  # "a collection of eggs into groups of 3"
        grouped = grouped_thing(r, first)
        if grouped:
            attrs["entity"], attrs["elided"] = grouped, "group"
            if kind := grouped_kind(r, first):
                attrs["modifier"] = kind  # "red socks ... in packs of 4"
        else:
            attrs["elided"] = "subject"  # "the bananas ... into groups of size 18"
    return index


def size_alone(r: Reading, index: int, attrs: dict[str, str]) -> bool:
    """ "put the rest into cages with 6 in each cage", "shelves with 7 on each shelf": a bare
    number right before "in/on each <group>" is a size of the last thing said
    (:func:`read_ellipsis` copies it; not after a sentence that counted two things)."""
    return (
        "compare" not in attrs
        and r.word(index) in ("in", "on")
        and r.word(index + 1) in ("each", "every")
        and bool(r.word(index + 2))
    )


def held_alone(r: Reading, first: int, index: int, attrs: dict[str, str]) -> bool:
    """ "Debby had 32 pieces of candy while her sister had 42.": a bare number right after
    "had"/"has"/"have" that ends its clause holds the last thing said (:func:`read_ellipsis`
    copies it, and not when the last sentence counted two things); "had 42 left" is a state
    (``subject``), "has 5 more" an addition, and "had 3 of them" another ellipsis."""
    return (
        "compare" not in attrs
        and r.word(first - 1) in ("had", "has", "have")
        and r.toks[first].kind == "num"
        and _object_ends(r, index)
        and r.word(index) not in ("and", "to", "for")
    )


def _listed_after(r: Reading, first: int, word: str) -> bool:
    """A bare number after "and" or "," that lists it beside an amount of its sentence, before
    a preposition or the clause's end: "took 15 pictures at the zoo and 18 at the museum"."""
    if r.word(first - 1) not in ("and", "") or (
        r.word(first - 1) == "" and r.toks[first - 1].text != ","
    ):
        return False
    ends = word in ("at", "in", "on", "from", "to", "for", "during") or not word
    earlier = any(
        r.toks[at].kind == "num" and r.same_sentence(at, first) for at in range(first - 1)
    )
    return ends and earlier


def _subject_verb(word: str) -> bool:
    """A verb the number is the subject of: "5 died", "42 rode on the second bus" (no verb
    of having or auxiliary: "5 were" is told by the state rules)."""
    return word in _SUBJECT_VERBS or (
        is_verb(word) and word not in AUX and word not in lx.HAVE_VERBS
    )


def _object_ends(r: Reading, index: int) -> bool:
    """True when the token at ``index`` ends a bare object: the clause's end (a stop
    mark), or a preposition or "and" that opens what follows."""
    if index >= len(r.toks) or not r.same_sentence(index - 1, index):
        return True
    return r.toks[index].text in (".", ",", "?", "!", ";") or r.word(index) in _OBJECT_ENDS


def _moving_verb(r: Reading, index: int) -> bool:
    """True when the word at ``index`` is a verb that moves things ("used", "selling"), or the
    "out" of "handed out"."""
    word = r.word(index)
    if word == "out" and handed_out(r, index - 1):
        return True
    if word in MANNER_OF_MOTION:
        return bool(motion_direction(r, index))  # "flew away", "ran in"; not a bare "flew"
    return bool(
        verb_direction(word, False) or (word.endswith("ing") and verb_direction(word[:-3], False))
    )


def read_comparison(r: Reading, index: int, attrs: dict[str, str]) -> tuple[int, str, str | None]:
    """ "N X more than Y", "N more X than Y": a comparison word after the noun, the "than"
    (:func:`than_ahead`, :func:`read_than`), or none: then "7 more action figures" adds
    (:func:`read_additional`). Returns the index and word after it, and the side a "than"
    further on pairs ("12 more kids on monday than on tuesday": ``monday``)."""
    nxt = r.word(index)
    if nxt in lx.COMPARE_MORE or nxt in lx.COMPARE_FEWER:
        if "compare" not in attrs:
            attrs["compare"] = "more" if nxt in lx.COMPARE_MORE else "fewer"
            attrs["compare_cue"] = r.cue_at.get(index, "")
        index += 1
        nxt = r.word(index)
    compare_side: str | None = None
    if "compare" in attrs and nxt != "than" and (ahead := than_ahead(r, index)) is not None:
        index, compare_side = ahead
        nxt = "than"
    if "compare" in attrs and nxt != "than":
        read_additional(attrs)
    if "compare" in attrs and nxt == "than":
        read_than(r, index, attrs)
    return index, nxt, compare_side


def than_ahead(r: Reading, index: int) -> tuple[int, str | None] | None:
    """A "than" a little further on, before any control word: "3 more pages of reading
    homework than math homework", "12 more kids on monday than on tuesday": (its index, the
    first side read before it, or None); None when no "than" is there."""
    probe = index
    while probe < min(len(r.toks), index + 6) and r.word(probe) not in lx.CONTROL_WORDS:
        probe += 1
    if r.word(probe) != "than":
        return None
    sides = (side_at(r, j) for j in range(index, probe))
    return probe, next((found[0] for found in sides if found is not None), None)


def read_additional(attrs: dict[str, str]) -> None:
    """ "7 more action figures" with no "than" adds to a change (``additional``); only "N
    more X than Y" compares. The "more" is a cue this amount carries (``more_cue``)."""
    attrs["additional"] = attrs.pop("compare")
    more_cue = attrs.pop("compare_cue", "")
    if more_cue:
        attrs["more_cue"] = more_cue


def read_than(r: Reading, index: int, attrs: dict[str, str]) -> None:
    """What follows the "than" at ``index``: a time ("than on tuesday": ``than_side``) or
    the other side's owner or thing ("than Lee", "than the red ones": ``than``)."""
    side = side_at(r, index + 1)
    if side:
        attrs["than_side"] = side[0]  # "... than on tuesday": the other side is a time
        return
    referent = r.word(index + 1)
    if referent in ("the", "his", "her", "their"):
        referent = r.word(index + 2)
    if referent:
        attrs["than"] = lx.noun_key(referent)


def read_spent_on(r: Reading, first: int, index: int, attrs: dict[str, str]) -> None:
    """What an amount of money went to: "$50 on a battery", "$ 4 to buy books" (the first
    thing named), "a jacket for $20" (:func:`bought_before`): ``object``."""
    if attrs.get("unit") != "dollar":
        return
    spent_on = objects_at(r, index)
    if spent_on:
        attrs["object"] = spent_on[0]
    elif r.word(first - 1) == "for" and (bought := bought_before(r, first - 1)):
        attrs["object"] = bought


def bought_before(r: Reading, index: int) -> str:
    """The noun of "a jacket" in "a jacket for $20", ending just before ``index``; ""."""
    probe = index - 1
    while probe >= 0 and is_noun(r, probe) and r.same_sentence(index, probe):
        probe -= 1
    if probe == index - 1 or r.word(probe) not in ("a", "an", "the"):
        return ""
    _, phrase = noun_phrase(r, probe + 1)
    return phrase.get("entity") or phrase.get("unit") or ""


def read_quantities(r: Reading) -> None:
    """Every quantity mention, in source order; a number with no exact value is observed
    (``unread_number``) instead. Each amount's elided noun is the last thing said before it
    (:func:`read_ellipsis`); amounts listed under one verb share it (:func:`share_coordinated`)."""
    previous: list[tuple[int, int]] = []
    read: list[Read] = []
    for first, last, value in find_numbers(r):
        if value is None:
            r.observe("unread_number", first, {"text": r.toks[first].text[:40]})
            continue
        attrs = read_quantity(r, first, last, value, previous)
        period_unit(r, first, last, attrs)
        if not object_told(r, first, attrs):
            read_ellipsis(r, attrs)
        size_of_named_thing(r, first, attrs)
        object_said_before(r, first, attrs)
        started_with_the_object_said(r, first, last + 1, attrs)
        some_said_before(r, first, attrs)
        left_by_leaving(r, first, attrs)
        held_after_then(r, first, attrs)
        the_other_kept(r, first, attrs)
        previous.append((first, last))
        read.append((first, last, attrs))
        if "entity" in attrs or "unit" in attrs:
            _remember_thing(r, first, attrs)
    contents_of_counted_things(r, read)
    unit_alone(read)
    each_of_a_count(r, read)
    price_of_a_count(r, read)
    one_of_a_count(r, read)
    read_rates(r, read)  # "20 houses in a block", "took 3 days to finish each book"
    share_coordinated(r, read)
    listed_with_source(r, read)
    parallel_side(r, read)
    category_of_kinds(r, read)
    read_counted(r, read)
    read_kept(r, read)
    for first, last, attrs in read:
        period_unit(r, first, last, attrs)  # what the later rules read into it undone
        r.add("q", "quantity", first, last, attrs)


def _remember_thing(r: Reading, first: int, attrs: dict[str, str]) -> None:
    """Keep the thing this amount counts as the last one said (and whether its sentence
    counted two different things: "the last one said" is then not one thing, "521 crayons
    and 66 erasers ... 154 left"); two kinds of one thing in one sentence leave the thing
    without a kind)."""
    thing: dict[str, str] = {k: attrs[k] for k in ("entity", "unit") if k in attrs}
    sentence = r.toks[first].sentence
    r.last_mixed = sentence == r.last_sentence and thing != r.last_key
    if sentence != r.last_sentence:
        r.last_mixed = False
    kinds = sentence == r.last_sentence and thing == r.last_key
    kinds = kinds and attrs.get("modifier") != r.last_thing.get("modifier")
    r.last_sentence, r.last_key = sentence, thing
    r.last_thing = {k: attrs[k] for k in ("entity", "modifier", "unit") if k in attrs}
    if kinds:  # "35 green towels and 21 white towels ... 34 of them": towels of both kinds
        r.last_thing.pop("modifier", None)


def read_ellipsis(r: Reading, attrs: dict[str, str]) -> None:
    """ "ate 9 more", "gave 2 of them": the noun is elided; English reads the last one said.

    The thing of the nearest earlier quantity is copied and the copy is marked ``elided``
    (``more`` / ``of_them``, and ``ones`` / ``subject`` / ``object`` from
    :func:`elided_noun`), so that every organ and proof can see it was not spelled out. Not
    when the last sentence counted two things and the noun is one of the latter three, nor
    for "N of them" after an amount of money ("10 lessons that cost $10 each, but he gets
    two of them for free": a plural pronoun names things, never dollars).
    """
    if "entity" in attrs or "unit" in attrs or not r.last_thing:
        return
    if attrs.get("elided") in ("ones", "subject", "object", "listed") and r.last_mixed:
        return  # the last sentence counted two things: which one is meant is not read
    if attrs.get("elided") in ("ones", "subject", "object", "listed"):
        modifier = attrs.get("modifier")
        attrs.update(r.last_thing)
        said = [w for w in r.last_thing.get("modifier", "").split() if w not in _KINDS]
        if modifier is not None:
            attrs["modifier"] = " ".join([*said, modifier])  # "old ones" of bottle caps
    elif attrs.get("elided") == "of_them" and r.last_thing.get("entity") == "money":
        return  # "lessons that cost $10 each ... two of them": "them" is no amount of money
    elif attrs.get("elided") == "of_them" or "additional" in attrs:
        attrs.setdefault("elided", "more")
        attrs.update(r.last_thing)


def price_before_noun(attrs: dict[str, str]) -> None:
    """ "8 dollar toys", "a 5 cent stamp": a price said before the noun is money per that
    thing (unit ``dollar``/``cent``, entity ``money``, per ``toy``)."""
    unit = attrs.get("modifier")
    if unit in ("dollar", "cent") and "entity" in attrs and "unit" not in attrs:
        attrs["per"] = attrs["entity"]
        attrs["unit"], attrs["entity"] = unit, "money"
        del attrs["modifier"]


def one_of_a_count(r: Reading, read: list[Read]) -> None:
    """ "A spider has 8 legs. How many legs do 23 spiders have?": an amount told of one thing
    ("a"/"an"/"one" and its noun as the subject, nothing moved) is a rate per that thing when
    the text also counts that thing; "A pack of gum has 12 sticks" per pack, when the text
    counts packs ("4 packs", "4 packs of gum": :func:`~.containers.container_of_a_thing`)."""
    counted = {attrs.get("entity") for _, _, attrs in read} - {None}
    units = {attrs.get("unit") for _, _, attrs in read} - {None}
    for first, _, attrs in read:
        noun = r.one_of.get(first)
        told = counted | units if first in r.one_container else counted  # "4 packs of gum"
        if noun is not None and noun in told and "per" not in attrs and "direction" not in attrs:
            attrs["per"] = noun


def unit_alone(read: list[Read]) -> None:
    """ "47 pieces of candy ... she ate 25 pieces", "23 pieces in each package ... 8 extra
    pieces of gum": a unit said alone counts the one thing the text says it of, anywhere
    (unit ``piece``, entity ``candy``, marked ``elided`` ``unit``); a unit said of two things
    ("bags of rice", "bags of beans") leaves it as read."""
    said: dict[str, str | None] = {}
    kinds: dict[str, set[str | None]] = {}
    for _, _, attrs in read:
        unit, entity = attrs.get("unit"), attrs.get("entity")
        if unit is not None and entity is not None and said.setdefault(unit, entity) != entity:
            said[unit] = None
        if unit is not None and entity is not None:
            kinds.setdefault(unit, set()).add(attrs.get("modifier"))
    for _, _, attrs in read:
        entity = attrs.get("entity")
        thing = said.get(entity) if entity is not None and "unit" not in attrs else None
        if entity is not None and thing is not None:
            attrs["unit"], attrs["entity"] = entity, thing
            attrs.pop("modifier", None)
            told = kinds.get(entity, set())
            if len(told) == 1 and None not in told:
                attrs["modifier"] = next(iter(told))  # type: ignore[assignment]
            attrs.setdefault("elided", "unit")


def share_coordinated(r: Reading, read: list[Read]) -> None:
    """Amounts joined by "and" share the verb, the rate and the time read after the last of
    them: "6 more storks and 2 more birds came", "71 crayons and 24 pencils in each row",
    "10 emails and 12 letters in the morning"; "13 fewer peaches and 3 more apples than
    Steven": both are compared to him."""
    for (first, _, attrs), (nxt, _, later) in itertools.pairwise(read):
        end = r.phrase_end.get(first, first + 1)
        joins = [r.toks[i].text.lower() for i in range(end, nxt)]
        if not r.same_sentence(first, nxt) or joins not in _COORDINATION:
            continue
        if "verb" not in attrs and "verb" in later:
            for key in ("verb", "direction", "cue"):
                if key in later:
                    attrs[key] = later[key]
        if "per" not in attrs and "per" in later and "compare" not in attrs:
            attrs["per"] = later["per"]
        if "side" not in attrs and "side" in later:
            attrs["side"] = later["side"]
        if "additional" in attrs and "compare" in later:
            attrs["compare"] = attrs.pop("additional")
            attrs["compare_cue"] = attrs.pop("more_cue", "")
            for key in ("than", "than_side"):
                if key in later:
                    attrs[key] = later[key]
