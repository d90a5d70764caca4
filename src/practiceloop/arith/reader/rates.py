"""Stage 5f and 7c of the reader: amounts of one group, told "in a block", "each block".

"There are 20 houses in a block. A mailman gives 3 letters to each house. How many letters
does he give to each block?" speaks of one block: the 20 houses are the houses of a block, as
"3 letters to each house" are the letters of a house. A group the text counts "each" of
("each block", "per block", "to each of the 9 blocks") is a group every amount told "in a
block" or "on a block" is of, and a question "in a block" asks about one such group. These
rules read that, and only that; the organs and the proofs check that every bound amount and
the question speak of the same one group (:mod:`practiceloop.arith.rate_readings`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.rate_readings import kind_fits
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.nouns import head, is_noun, noun_phrase
from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.reading import entity_compatible

if TYPE_CHECKING:
    from practiceloop.arith.reader.proposals import Proposing

__all__ = [
    "asked_in_a_group",
    "each_group_said",
    "each_with",
    "each_with_of_a_count",
    "earned_off_each",
    "grouped_things",
    "money_from_selling",
    "one_of_a_group_said",
    "propose_counted_groups",
    "propose_groups_of_a_total",
    "propose_lasting",
    "propose_one_group",
    "propose_rate_groups",
    "propose_sold_source",
    "read_rates",
    "size_of_each_group",
    "time_to_do_each",
    "what_lasts",
]

Read = tuple[int, int, dict[str, str]]

_ONE: Final = frozenset({"a", "an", "one", "each", "every"})
_PLACES: Final = frozenset({"in", "on"})
_EACH: Final = frozenset({"each", "every", "per"})


def each_group_said(r: Reading, read: list[Read]) -> set[str]:
    """The groups the text counts "each" of: the noun (key) after "each", "every" or "per"
    anywhere in the text ("to each block", "per day"), or after "each of the (N)" ("to each
    of the 78 blocks"), and the group of every amount read per a group."""
    said = {attrs["per"] for _, _, attrs in read if attrs.get("per") not in (None, "each")}
    for index, word in enumerate(r.words):
        if word not in _EACH:
            continue
        at = index + 1
        if r.word(at) == "of" and r.word(at + 1) in ("the", "his", "her", "their"):
            at += 2
            if at < len(r.toks) and r.toks[at].kind == "num":
                at += 1
        if is_noun(r, at):
            said.add(lx.noun_key(r.word(at)))
    return said


def _group_after(r: Reading, at: int) -> str | None:
    """The group of "in a block", "on a block" starting at token ``at``: its noun key, the
    noun singular and ending the phrase ("in a block of flats" names no group)."""
    if r.word(at) not in _PLACES or r.word(at + 1) not in _ONE:
        return None
    noun = r.word(at + 2)
    if not is_noun(r, at + 2) or lx.noun_key(noun) != noun or r.word(at + 3) == "of":
        return None
    return noun


def one_of_a_group_said(r: Reading, read: list[Read]) -> None:
    """ "There are 20 houses in a block", "6 houses on a block": an amount told right after
    its noun with "in"/"on" and "a"/"an"/"one" and a singular noun is an amount of one such
    group (``per`` that noun) when the text counts "each" of that group elsewhere
    (:func:`each_group_said`: "gives 14 letters to each block"). Left as told: a group the
    text never says "each" of ("There are 4 eggs in a nest": a nest, perhaps one), an amount
    that moves or compares ("put 5 apples in a box" is a move), money, or one already a
    rate."""
    groups: set[str] | None = None
    for first, _last, attrs in read:
        if {"per", "compare", "direction", "additional"} & attrs.keys():
            continue
        if attrs.get("unit") == "dollar" or "entity" not in attrs:
            continue
        group = _group_after(r, r.phrase_end.get(first, first + 1))
        if group is None or group == attrs.get("entity"):
            continue
        if groups is None:
            groups = each_group_said(r, read)
        if group in groups:
            attrs["per"] = group


def asked_in_a_group(r: Reading, index: int, hi: int, attrs: dict[str, str]) -> None:
    """ "How many houses are there in a block?", "How many apples are in a box?": a question
    that ends "in/on a <noun>" asks about one such group (``per`` that noun) when the text
    reads an amount per it or says "each" of it (:func:`each_group_said`). A question that
    reads a group already ("in each box"), or a noun no amount is per, is left as read."""
    if "per" in attrs or hi - index < 3:
        return
    end = hi if r.word(hi) else hi - 1  # the question mark
    at = end - 2
    group = _group_after(r, at)
    if group is None or at < index:
        return
    said = {
        value
        for m in r.mentions
        if m.kind == "quantity"
        for key, value in m.attributes
        if key == "per"
    }
    if group in said or group in each_group_said(r, []):
        attrs["per"] = group


def propose_one_group(p: Proposing) -> bool:
    """ "How many houses are there in a block?" over "2 letters to each house" and "14
    letters to each block": the question asks, per one group (``per`` block), the count of
    another group (houses) a rate of the text is per: a partition, the houses asked, the
    rate per house its size (the total is a block's letters, left for practice). "How many
    letters does he give to each block?" over "3 letters to each house": the letters of one
    block are equal groups, the rate per house their size. Proposed only with one rate per
    the asked noun (or of the asked thing per another group), none per the asked group
    itself; True when a relation was proposed (the plain groups proposal is then not made)."""
    target = p.target
    group = target.per
    if group is None or target.state in ("more", "fewer"):
        return False
    rates = [q for q in p.rated if q.per not in (None, "each", group) and q.compare is None]
    if target.entity is not None and target.unit is None:
        sizes = [q.mention_id for q in rates if q.per == target.entity]
        if len(sizes) == 1:
            roles = [("total", None), ("groups", p.unknown), ("per_group", sizes[0])]
            p.relation("partition", roles)
            return True
    if target.state != "each":
        return False
    sized = [q for q in rates if entity_compatible(q.entity, q.modifier, q.unit, target)]
    counted = {q.entity for q in p.rated if q.per == group} | {
        q.unit for q in p.rated if q.per == group
    }
    if len(sized) == 1 and sized[0].per in counted:
        p.relation("equal_groups", [("groups", None), ("per_group", sized[0].mention_id),
                                    ("total", p.unknown)])  # fmt: skip
        return True
    return False


_LASTS: Final = frozenset({"last", "lasts"})
_LASTING_AUX: Final = frozenset({"would", "will", "does", "do", "did", "can", "could"})
_DETERMINERS: Final = frozenset({"the", "her", "his", "their", "its", "these", "those", "this"})


def what_lasts(r: Reading, index: int, hi: int, attrs: dict[str, str]) -> None:
    """ "How many days would the soda bottles last?", "How many weeks will his money last?":
    the asked time (a unit of time the question counts, ``unit``) is the groups a rate per
    that time shares the named thing into; the thing (its noun phrase after the auxiliary and
    a determiner, right before "last") becomes the asked ``entity`` and ``modifier``, as in
    "How many bags of cookies?". Left as read: no time asked, no determiner ("how many days
    would 9 bottles last?"), or anything between the phrase and "last" but "her"/"him"/
    "them"."""
    if attrs.get("unit") not in lx.TIME_UNITS or attrs.get("entity") is not None:
        return
    end = hi if r.word(hi) else hi - 1
    if r.word(end) in ("her", "him", "them", "us", "me"):
        end -= 1
    if r.word(end) not in _LASTS:
        return
    aux = next((i for i in range(index, end) if r.word(i) in _LASTING_AUX), None)
    if aux is None or r.word(aux + 1) not in _DETERMINERS:
        return
    after, phrase = noun_phrase(r, aux + 2)
    if after != end or "entity" not in phrase or "unit" in phrase:
        return
    for key in ("subject_noun", "verb", "activity", "cue", "direction", "subject", "owner"):
        if key != "subject_noun" or "subject_kind" not in attrs:
            attrs.pop(key, None)  # a subject read as a kind ("the soda bottles") stays
    attrs["entity"] = phrase["entity"]
    if "modifier" in phrase:
        attrs["modifier"] = phrase["modifier"]


def propose_lasting(p: Proposing) -> bool:
    """ "Debby bought 360 soda bottles and 162 water bottles. She drank 122 water bottles and
    9 soda bottles a day. How many days would the soda bottles last?": the asked time
    (:func:`what_lasts`) is the groups of the one rate per that time of the asked kind (the
    soda bottles a day), a partition whose total practice fills. Not proposed with two
    rates of the asked kind, none, or no kind to tell them apart; True when proposed."""
    target = p.target
    if target.unit not in lx.TIME_UNITS or target.entity is None or target.per is not None:
        return False
    sizes = [
        q.mention_id
        for q in p.rated
        if q.per == target.unit
        and q.compare is None
        and q.entity == target.entity
        and q.unit is None
        and kind_fits(q.modifier, target.modifier)
    ]
    if len(sizes) != 1:
        return False
    p.relation("partition", [("total", None), ("groups", p.unknown), ("per_group", sizes[0])])
    return True


_SELLING: Final = frozenset({"selling", "sale", "sales"})
_SKIPPED: Final = frozenset({"the", "his", "her", "their", "its", "those", "these", "all"})


def money_from_selling(r: Reading, index: int, hi: int, attrs: dict[str, str]) -> None:
    """ "How much money did they make from selling the t-shirts?", "by selling jerseys":
    money asked of one thing sold names that thing (``source``, its noun key); the asked
    money is what that thing brought in, never what a list of things did. Read only for
    money asked, with "from" or "by" right before "selling" and a noun after it."""
    if attrs.get("entity") != "money" or "source" in attrs:
        return
    for at in range(index, hi):
        if r.word(at) not in _SELLING or r.word(at - 1) not in ("from", "by"):
            continue
        noun = at + 1
        while r.word(noun) in _SKIPPED:
            noun += 1
        if is_noun(r, noun):
            attrs["source"] = head(r, noun)
        return


def propose_sold_source(p: Proposing) -> bool:
    """The money asked of one thing sold (:func:`money_from_selling`) is equal groups: the
    one rate of money per that thing, its groups (how many were sold) left for practice. Not
    proposed with no such rate or two; True when proposed."""
    unknown = next((m for m in p.mentions if m.mention_id == p.unknown), None)
    source = dict(unknown.attributes).get("source") if unknown is not None else None
    if source is None:
        return False
    target = p.target
    sizes = [
        q.mention_id
        for q in p.rated
        if q.per == source and entity_compatible(q.entity, q.modifier, q.unit, target)
    ]
    if len(sizes) != 1:
        return False
    p.relation("equal_groups", [("groups", None), ("per_group", sizes[0]), ("total", p.unknown)])
    return True


_TAKES: Final = frozenset({"took", "takes", "take", "taking"})


def time_to_do_each(r: Reading, read: list[Read]) -> None:
    """ "It took Frank 3 days to finish each book", "it takes her 5 minutes to wash every
    car": a time told with "take" before "to <verb> each <noun>" in its clause is a time per
    that thing (``per`` its key), the person named right after "take" its worker (``owner``:
    "It takes Ann 3 days" is Ann's rate, never Tom's). Not with any other word between the
    time and "to", nor with a number after "each" ("to read each of 4 books")."""
    for first, _last, attrs in read:
        if attrs.get("unit") not in lx.TIME_UNITS or "per" in attrs:
            continue
        if attrs.get("verb") not in _TAKES:
            continue
        at = r.phrase_end.get(first, first + 1)
        if r.word(at) != "to" or r.word(at + 2) not in ("each", "every"):
            continue
        if not is_noun(r, at + 3) or not r.same_sentence(first, at + 3):
            continue
        attrs["per"] = lx.noun_key(r.word(at + 3))
        if first - 1 in r.actor_at and r.word(first - 2) in _TAKES:  # "It took Frank 3 days"
            attrs["subject"] = r.actor_at[first - 1]
            attrs["owner"] = r.actor_names[r.actor_at[first - 1]]
            attrs.pop("activity", None)


def propose_groups_of_a_total(p: Proposing) -> bool:
    """ "Each book had 66 pages and it took Frank 12 days to finish each book. If he takes
    492 days to finish all books, how many books did he read?": the groups asked (books) are
    what two rates are per; the one whose thing a plain amount of the story counts (days:
    492 days) shares that total, a partition with the groups asked. Not proposed with one
    rate (the plain proposal reads it), none or two whose thing is told as a total, or a
    question that asks a state; True when proposed."""
    target = p.target
    if target.entity is None or target.unit is not None or target.per is not None:
        return False
    if target.state not in (None, "in_all"):
        return False
    rates = [q for q in p.rated if q.per == target.entity and q.compare is None]
    if len(rates) < 2:
        return False
    plain = [q for q in p.rated if q.per is None and q.compare is None and not q.in_question]
    shared = [
        r.mention_id
        for r in rates
        if any(q.entity == r.entity and q.unit == r.unit for q in plain)
    ]
    if len(shared) != 1:
        return False
    p.relation("partition", [("total", None), ("groups", p.unknown), ("per_group", shared[0])])
    return True


_GROUPING: Final = frozenset(
    {"organized", "organised", "divided", "sorted", "arranged", "grouped", "split", "separated"}
)


def grouped_things(r: Reading) -> dict[str, set[str]]:
    """The things the text puts into groups, by group noun: "the bananas are organized into
    47 groups" gives ``{"group": {"banana"}}`` (the passive's subject noun read on the
    amount of groups, its verb one of grouping, "into" before the number)."""
    found: dict[str, set[str]] = {}
    at_start = {t.start: i for i, t in enumerate(r.toks)}
    for m in r.mentions:
        if m.kind != "quantity":
            continue
        got = dict(m.attributes)
        thing, group = got.get("subject_noun"), got.get("entity")
        if thing is None or group is None or got.get("verb") not in _GROUPING:
            continue
        first = at_start.get(m.span.start)
        if first is not None and r.word(first - 1) == "into" and _one_subject(r, first - 4):
            found.setdefault(group, set()).add(thing)
    return found


_DETERMINED: Final = frozenset({"the", "his", "her", "their", "its", "all"})


def _one_subject(r: Reading, at: int) -> bool:
    """The subject noun at ``at`` ("the bananas are organized into") is one thing: no other
    noun joined to it by "and" ("the apples and pears are organized"); an "and" after a
    counted object ends the clause before ("into 47 groups and oranges are organized")."""
    before = at - 1
    while r.word(before) in _DETERMINED:
        before -= 1
    if before >= 0 and r.toks[before].text == ",":
        return False  # "the apples, pears and plums are organized"
    if r.word(before) != "and":
        return True
    return before >= 2 and r.toks[before - 2].kind == "num"


def size_of_each_group(r: Reading, start: int, hi: int, attrs: dict[str, str]) -> None:
    """ "How big is each group of oranges?", "How big is each group?": the size of one group
    the text puts things into ("the oranges are organized into 178 groups",
    :func:`grouped_things`): ``per`` the group noun, the asked thing the one after "of", or,
    with none said, the one thing the text groups into it. Left as read: any other "how
    big", a group noun the text groups nothing into, or two things grouped and none asked."""
    if r.word(start + 1) != "big" or r.word(start + 2) not in ("is", "was") or (
        r.word(start + 3) != "each"
    ):
        return
    group = lx.noun_key(r.word(start + 4))
    grouped = grouped_things(r).get(group)
    if not grouped:
        return
    if r.word(start + 5) == "of" and start + 6 <= hi:
        at = start + 6 + (r.word(start + 6) in ("the", "his", "her", "their"))
        after, phrase = noun_phrase(r, at)
        thing = phrase.get("entity")
        if thing is None or thing not in grouped or r.word(after):
            return  # another thing, or more words after it ("of apples and pears")
    elif len(grouped) == 1:
        thing = next(iter(grouped))
    else:
        return
    attrs.update({"state": "each", "per": group, "entity": thing})


_WITH: Final = frozenset({"with", "having", "containing", "holding"})


def each_with(r: Reading, index: int) -> int | None:
    """ "each with", "each having", "each one having", "each containing" at ``index`` (the
    "each"): the token after those words (where the amount per one should stand), or None."""
    if r.word(index) != "each":
        return None
    at = index + 1 + (r.word(index + 1) == "one")
    return at + 1 if r.word(at) in _WITH else None


def each_with_of_a_count(r: Reading, read: list[Read]) -> None:
    """ "She had 6 packs of pencils each one having 14 pencils", "The book had 2 chapters each
    with 405 pages", "3 kids, each with 4 eyes": an amount right after "each with" (or
    "having", "containing", "holding", "each one having") is per one of the things the count
    right before it in its sentence counts (``per`` the count's unit, "packs", or its noun,
    "chapters"), only a comma between that count's phrase and "each". Not after a count of
    money or a rate, nor with "the same number" ("each having the same number of chairs" is
    no amount: :func:`~practiceloop.arith.rate_readings.each_of_the_groups_alike`)."""
    for index in range(1, len(read)):
        first, _last, attrs = read[index]
        if "per" in attrs or "compare" in attrs:
            continue
        before, _, counted = read[index - 1]
        if "per" in counted or counted.get("unit") == "dollar":
            continue
        if not r.same_sentence(before, first):
            continue
        end = r.phrase_end.get(before, before + 1)
        if r.toks[end].text == ",":
            end += 1
        if each_with(r, end) != first:
            continue
        group = counted.get("unit") or counted.get("entity")
        if group is not None and group != attrs.get("entity"):
            attrs["per"] = group


def propose_counted_groups(p: Proposing) -> bool:
    """ "She was placing her pencils into rows with 22 pencils in each row. She had 6 packs of
    pencils each one having 14 pencils. How many pencils does she have?": of two rates of the
    asked thing, the one whose groups a plain amount counts (6 packs) makes equal groups with
    the total asked. Not proposed with one rate, or none or two whose groups are counted;
    True when proposed."""
    target = p.target
    if target.per is not None or target.state not in (None, "in_all"):
        return False
    if target.entity is None and target.unit is None:
        return False
    sized = [
        q
        for q in p.rated
        if q.per not in (None, "each")
        and q.compare is None
        and entity_compatible(q.entity, q.modifier, q.unit, target)
    ]
    if len(sized) < 2:
        return False
    plain = [q for q in p.rated if q.per is None and q.compare is None and not q.in_question]
    counted = [s for s in sized if any(s.per in (q.entity, q.unit) for q in plain)]
    if len(counted) != 1:
        return False
    size = counted[0].mention_id
    p.relation("equal_groups", [("groups", None), ("per_group", size), ("total", p.unknown)])
    return True


_EARNING: Final = frozenset({"make", "earn"})


def earned_off_each(r: Reading, first: int, index: int, nxt: str, attrs: dict[str, str]) -> None:
    """ "The shop makes $ 10 off each t-shirt sold", "earns $3 off every cake": money a verb
    of earning ("make", "earn", the nearest verb before the amount in its sentence) takes
    "off each <noun>" is earned per that thing (``per``). "$5 off each shirt" after any other
    verb ("got", "took", "gives") is a discount, no earning, and stays unread."""
    if "per" in attrs or attrs.get("unit") != "dollar" or nxt != "off":
        return
    if r.word(index + 1) not in ("each", "every") or not r.word(index + 2):
        return
    probe = first - 1
    while probe >= 0 and r.same_sentence(first, probe) and not is_verb(r.word(probe)):
        probe -= 1
    if probe < 0 or not r.same_sentence(first, probe) or lx.verb_key(r.word(probe)) not in _EARNING:
        return
    attrs["per"] = head(r, index + 2)


def propose_rate_groups(p: Proposing) -> bool:
    """The equal groups or partition a rate told in general English makes, tried in order:
    amounts of one group (:func:`propose_one_group`), a stock that lasts
    (:func:`propose_lasting`), money of one thing sold (:func:`propose_sold_source`), the
    rate per the asked groups whose thing a total counts (:func:`propose_groups_of_a_total`),
    the rate whose groups are counted (:func:`propose_counted_groups`). True when one was
    proposed: the plain groups proposal is then not made."""
    return (
        propose_one_group(p)
        or propose_lasting(p)
        or propose_sold_source(p)
        or propose_groups_of_a_total(p)
        or propose_counted_groups(p)
    )


def read_rates(r: Reading, read: list[Read]) -> None:
    """Stage 5f, over the amounts read: amounts of one group (:func:`one_of_a_group_said`),
    a time per thing (:func:`time_to_do_each`), a count's size after "each with"
    (:func:`each_with_of_a_count`)."""
    one_of_a_group_said(r, read)
    time_to_do_each(r, read)
    each_with_of_a_count(r, read)
