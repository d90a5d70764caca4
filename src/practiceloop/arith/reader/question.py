"""Stage 7 of the reader: the question, its target and the unknown mention it asks for.

:func:`read_target` reads "how many/much/big" and what follows: the thing asked
(:func:`asked_thing`, :func:`two_kinds_asked`), its owner or subject, its verb, its state, its
time, the other side of "than". The unknown mention spans "How many X"; the target carries
everything read, with the whole question as its evidence.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.arith.reader.ages import age_asked
from practiceloop.arith.reader.arrivals import more_still_to_do
from practiceloop.arith.reader.cues import AUX, MONEY_QUESTION, is_verb, verb_direction
from practiceloop.arith.reader.held_with import fronted_holder
from practiceloop.arith.reader.measured import tall_or_high
from practiceloop.arith.reader.motion import MANNER_OF_MOTION, motion_direction
from practiceloop.arith.reader.nouns import (
    is_noun,
    listed_sides,
    noun_phrase,
    objects_at,
    side_at,
)
from practiceloop.arith.reader.purchase import cost_of_a_purchase
from practiceloop.arith.reader.rates import (
    asked_in_a_group,
    money_from_selling,
    size_of_each_group,
    what_lasts,
)
from practiceloop.arith.reader.scores import score_asked
from practiceloop.arith.reader.states import (
    asked_state,
    ended_up,
    group_holds_told,
    left_after_have,
    left_for_a_purpose,
)
from practiceloop.arith.reader.tokens import Reading
from practiceloop.arith.reader.told_sides import kind_of_the_subject, rate_after_than
from practiceloop.arith.reader.what_asked import (
    total_opener,
    what_left,
    what_money_verb,
    what_number,
    what_price,
)
from practiceloop.arith.reading import UNKNOWN_KIND
from practiceloop.kernel.frame import Target

__all__ = [
    "asked_elided_thing",
    "asked_side",
    "asked_subject",
    "asked_subject_noun",
    "asked_thing",
    "before_asked",
    "extra_asked",
    "far_or_long",
    "find_how",
    "future_state",
    "hedge_skipped",
    "how_much_money",
    "length_asked",
    "nearest_verb",
    "priced_asked",
    "question_verb",
    "read_target",
    "so_that",
    "some_first",
    "spent_on_asked",
    "tense_and_time",
    "than_asked",
    "two_kinds_asked",
    "unit_asked_alone",
    "what_total",
]

_PRESENT: Final = frozenset({"is", "are", "does", "do", "has", "have"})
_NEED_TO: Final = frozenset({"need", "needs", "want", "wants"})
_AUX_OR_HOW: Final = AUX | {"how"}
_AUX_OR_THAT: Final = AUX | {"that"}
_STOP_OR_AUX: Final = lx.STOP_WORDS | AUX


def read_target(r: Reading) -> tuple[Target, ...]:
    """The question's target (one, ``t0``) and its unknown mention; () when no question, or
    neither "how many/much/big" nor "what is the total ..." (:func:`what_total`) was read."""
    if r.question < 0:
        return ()
    lo, hi = r.sentence_bounds[r.question]
    start = find_how(r, lo, hi)
    attrs: dict[str, str] = {}
    kinds = False
    if start >= 0:
        index = asked_thing(r, start, attrs)
        index, kinds = two_kinds_asked(r, index, attrs)
    else:
        found = (
            what_total(r, lo, hi, attrs)
            or what_left(r, lo, hi, attrs)
            or what_number(r, lo, hi, attrs)
            or what_money_verb(r, lo, hi, attrs)
            or what_price(r, lo, hi, attrs)
            or score_asked(r, lo, hi, attrs)
            or age_asked(r, lo, hi, attrs)
        )
        if found is None:
            return ()
        start, index = found
    phrase_end = max(start + 1, index - 1)
    said = [r.word(i) for i in range(index, hi + 1)]
    how_much_money(r, start, said, attrs)
    asked_elided_thing(r, attrs)
    unit_asked_alone(r, attrs)
    _read_question_words(r, index, hi, said, attrs)
    asked_in_a_group(r, index, hi, attrs)
    what_lasts(r, index, hi, attrs)
    money_from_selling(r, index, hi, attrs)
    size_of_each_group(r, start, hi, attrs)
    group_holds_told(r, attrs)
    fronted_holder(r, lo, start, attrs)  # "The spiders have how many legs?"
    tense_and_time(said, attrs)
    if "state" not in attrs and any(ended_up(r, i, r.word(i)) for i in range(lo, start)):
        attrs["state"] = "now"  # "At the end, how many marbles did Sam have?"
    if kinds and "state" in attrs:
        attrs["also"] = attrs["entity"]  # two kinds and a state: more than one step
    elif kinds:
        attrs["state"] = "in_all"
    if "state" not in attrs and some_first(r, attrs, lo):
        attrs["state"] = "start"  # "Dave had won some tickets ... How many did he win?"
    cost_of_a_purchase(r, lo, hi, attrs)
    unknown = r.add("u", UNKNOWN_KIND, start, phrase_end, attrs)
    target_attrs = tuple(sorted({**attrs, "mention": unknown}.items()))
    return (Target(target_id="t0", attributes=target_attrs, evidence_spans=(r.span(start, hi),)),)


def find_how(r: Reading, lo: int, hi: int) -> int:
    """The token of "how" in "how many", "how much", "how big", "how far", "how long", "how
    tall" or "how high"
    within tokens ``lo``..``hi``;
    -1 when there is none ("What is the total ..." is :func:`what_total`'s)."""
    return next(
        (
            i
            for i in range(lo, hi + 1)
            if r.word(i) == "how"
            and r.word(i + 1) in ("many", "much", "big", "far", "long", "tall", "high")
        ),
        -1,
    )


def what_total(r: Reading, lo: int, hi: int, attrs: dict[str, str]) -> tuple[int, int] | None:
    """ "What is the total number of apples ...", "What was the sum of the pens ...", "What
    will be the total cost?", "What's the total ...", "Calculate the total cost ...", "Find
    the total number of ..." (the opener: :func:`~.what_asked.total_opener`): the amount
    asked in all (state ``in_all``; a cost, price or amount of money is money). Returns the
    token of the opener and the index after the asked thing; None when the question is no
    such form."""
    for at in range(lo, hi - 2):
        probe = total_opener(r, at)  # "what is", "what's", "calculate", "find" ...
        if probe < 0:
            continue
        if r.word(probe) not in ("the", "their", "his", "her"):
            continue
        if r.word(probe + 1) not in ("total", "sum", "combined"):
            continue
        probe += 2
        if r.word(probe) == "of":
            probe += 1 + (r.word(probe + 1) == "the")
        if r.word(probe) in ("number", "amount") and r.word(probe + 1) == "of":
            probe += 2
        attrs["state"] = "in_all"
        if r.word(probe) in _MONEY_NOUNS:
            attrs["unit"], attrs["entity"] = "dollar", "money"
            return at, probe + 1
        index, phrase = noun_phrase(r, probe)
        attrs.update(phrase)
        return at, index
    return None


_MONEY_NOUNS: Final = frozenset({"cost", "price", "money", "earnings", "bill", "spending"})


def asked_thing(r: Reading, start: int, attrs: dict[str, str]) -> int:
    """The thing asked after "how many/much": "How many *more* pens" (state ``more``/``fewer``),
    "How big" (``each``), the noun phrase ("How many salty cookies"), "How many bags of rice"
    (unit and thing). Returns the index after it."""
    index = start + 2
    if more_still_to_do(r, index):
        index += 1  # "how many more forms does she have to file?": what is still to do
    elif r.word(index) in lx.COMPARE_MORE or r.word(index) in lx.COMPARE_FEWER:
        attrs["state"] = "more" if r.word(index) in lx.COMPARE_MORE else "fewer"
        attrs["compare_cue"] = r.cue_at.get(index, "")
        index += 1
    if r.word(start + 1) == "big":
        attrs["state"] = "each"
        return index
    if r.word(start + 1) in ("far", "long"):
        far_or_long(r, r.word(start + 1), attrs, start + 1)
        return start + 2
    if r.word(start + 1) in ("tall", "high"):
        tall_or_high(r, attrs)
        return start + 2
    index = extra_asked(r, priced_asked(r, index))
    index, phrase = noun_phrase(r, index)
    attrs.update(phrase)
    if r.word(index) == "of" and "entity" in phrase:
        index, inner = noun_phrase(r, index + 1 + (r.word(index + 1) in ("the", "his", "her")))
        if "entity" in inner:
            attrs["unit"], attrs["entity"] = phrase["entity"], inner["entity"]
            attrs.pop("modifier", None)
            if "modifier" in inner:
                attrs["modifier"] = inner["modifier"]
    return index


def extra_asked(r: Reading, index: int) -> int:
    """ "how many extra flowers did she pick?": "extra" before the asked noun is no part of its
    phrase (the noun, "flowers", is the thing asked; "extra" says what the question asks of
    it); returns the index of the noun. ``index`` unchanged when no plain word follows "extra"
    ("how many extra did she buy?") or the word is not "extra"."""
    if r.word(index) != "extra" or not r.word(index + 1) or r.word(index + 1) in lx.STOP_WORDS:
        return index
    return index + 1


def asked_elided_thing(r: Reading, attrs: dict[str, str]) -> None:
    """ "How much did they jump altogether?", "How many will she have left?": the asked noun
    is elided; it is the thing the text counts when every amount counts that one thing (in
    inches, games), marked ``elided``. Two things counted leave it unread: which one is asked
    is not said."""
    if "entity" in attrs or "unit" in attrs or attrs.get("state") == "each":
        return
    things = {
        (m.get("entity"), m.get("unit"))
        for m in (dict(q.attributes) for q in r.mentions if q.kind == "quantity")
    }
    if len(things) != 1 or things == {(None, None)}:
        return
    ((entity, unit),) = things
    attrs.update({k: v for k, v in (("entity", entity), ("unit", unit)) if v is not None})
    attrs["elided"] = "thing"


def unit_asked_alone(r: Reading, attrs: dict[str, str]) -> None:
    """ "Debby had 32 pieces of candy ... how many pieces do they have left?": a unit asked
    alone asks the one thing the story counts in it (unit ``piece``, entity ``candy``, marked
    ``elided`` ``unit``), as an amount does (``quantities.unit_alone``); a unit the story says
    of two things ("bags of rice", "bags of beans") or of none stays as asked."""
    entity = attrs.get("entity")
    if entity is None or "unit" in attrs or attrs.get("elided"):
        return
    things = {
        dict(m.attributes).get("entity")
        for m in r.mentions
        if m.kind == "quantity" and dict(m.attributes).get("unit") == entity
    }
    if len(things) == 1 and None not in things:
        attrs["unit"], attrs["entity"] = entity, things.pop() or entity
        attrs.pop("modifier", None)
        attrs["elided"] = "unit"


def priced_asked(r: Reading, index: int) -> int:
    """ "how many 8 dollar toys could he buy?", "how many 25-cent stamps": the price said
    before the asked noun is a
    quantity of its own (a rate, read by the quantities stage); the asked thing is the noun
    after it. Returns the index of that noun (``index`` when no price is there)."""
    priced = index < len(r.toks) and r.toks[index].kind == "num"
    joined = priced and index + 1 < len(r.toks) and r.toks[index + 1].text == "-"
    unit_at = index + 1 + joined  # "how many 25-cent stamps": the price joined by a hyphen
    if priced and lx.noun_key(r.word(unit_at)) in ("dollar", "cent") and r.word(unit_at + 1):
        return unit_at + 1
    return index


def far_or_long(r: Reading, word: str, attrs: dict[str, str], at: int = -1) -> None:
    """ "How far does he walk in 4 hours?" asks the distance the text counts, "How long will
    it take?" the time a rate is per (or the text counts): the one such unit said (``mile``,
    ``hour``); none or two leave the asked thing unread."""
    said: set[str] = set()
    length = word == "long" and length_asked(r, at)
    for mention in r.mentions:
        if mention.kind != "quantity":
            continue
        got = dict(mention.attributes)
        if word == "far" or length:
            said |= {got.get(k, "") for k in ("unit", "entity")} & lx.DISTANCE_UNITS
        if word == "long":
            said |= {got.get(k, "") for k in ("per", "unit", "entity")} & lx.TIME_UNITS
    if len(said) == 1:
        attrs["unit"] = said.pop()


def length_asked(r: Reading, at: int) -> bool:
    """ "How long is each piece?", "How long was the rope?": "long" before a form of "be" asks
    how long a thing is, a length as well as a time (:func:`far_or_long` then takes the one
    unit of either the text says: "a rope 72 feet long"); "How long will it take?", "How
    long did he run?" ask a time only. ``at`` is the token of "long"."""
    return r.word(at + 1) in ("is", "was", "are", "were")


def two_kinds_asked(r: Reading, index: int, attrs: dict[str, str]) -> tuple[int, bool]:
    """ "How many red and green peaches": two kinds of one thing, asked together (entity
    ``peach``, modifier ``red green``; True); "How many flowers and sticks": a second thing
    asked (``also``). Returns the index after what it read."""
    if r.word(index) != "and" or r.word(index + 1) in _AUX_OR_HOW:
        return index, False
    after, other = noun_phrase(r, index + 1)
    first = attrs.get("entity") if "modifier" not in attrs else None
    kind = other.get("modifier", "")
    if (
        first is not None
        and "entity" in other
        and kind
        and " " not in kind
        and other.get("unit") is None
    ):
        attrs["entity"], attrs["modifier"] = other["entity"], f"{first} {kind}"
        return after, True
    if "entity" in other:
        attrs["also"] = other["entity"]
    return index, False


def how_much_money(r: Reading, start: int, said: list[str], attrs: dict[str, str]) -> None:
    """ "How much" with no noun asks for money when the question speaks of money ("cost",
    "spend", "earn"...) or the story counted dollars or cents (cents when it counted only
    cents)."""
    money = set(said) & MONEY_QUESTION or any(
        ("unit", "dollar") in m.attributes for m in r.mentions
    )
    cents = any(("unit", "cent") in m.attributes for m in r.mentions)
    money = money or cents
    if r.word(start + 1) == "much" and not ({"entity", "unit"} & attrs.keys()) and money:
        attrs["unit"], attrs["entity"] = "dollar", "money"
        if cents and not any(("unit", "dollar") in m.attributes for m in r.mentions):
            attrs["unit"] = "cent"  # "costs 99 cents ... how much would 2 cost?"


def _read_question_words(
    r: Reading, index: int, hi: int, said: list[str], attrs: dict[str, str]
) -> None:
    """The rest of the question, word by word: "than" ends it, a "so that" clause or the
    clause after "before" is not the asked one's; else its side, what money is spent on, its
    state, its subject (and the verb right after it), its verb."""
    subject_end = -1
    purpose = False
    for offset, word in enumerate(said):
        at = index + offset
        if not word:
            continue
        compared_to = (
            word == "compared"
            and r.word(at + 1) in ("to", "with")
            and attrs.get("state") in ("more", "fewer")
        )
        if compared_to:
            at += 1  # "How many more kids stayed home compared to those who went?"
        if word == "than" or compared_to:
            than_asked(r, at, hi, attrs)
            break
        purpose = purpose or left_for_a_purpose(r, at, attrs)
        asked_side(r, at, attrs)
        if purpose:
            continue  # "have left to spend on a seat": what the rest is for; only its time
        spent_on_asked(r, at, attrs)
        if so_that(r, at, word):
            break
        if word == "before" and "than" not in said and at > index:
            before_asked(r, at, hi, attrs)
            break
        if asked_state(r, at, word, attrs):
            pass
        elif (end := asked_subject(r, at, word, attrs)) is not None:
            subject_end = end
        elif at == subject_end and "verb" not in attrs and word not in _STOP_OR_AUX:
            question_verb(r, attrs, at)  # the word after the subject, whatever its form
        elif (end := asked_subject_noun(r, at, word, attrs)) is not None:
            subject_end = end
        elif "verb" not in attrs and is_verb(word) and word not in AUX:
            question_verb(r, attrs, at)


def than_asked(r: Reading, at: int, hi: int, attrs: dict[str, str]) -> None:
    """The other side of "How many more X than Y" / "compared to Y" (the "than" at ``at``):
    a time ("than on tuesday", "than she had on monday": ``than_side``), an owner ("than
    Lee"), or a thing with its modifier and verb ("than the red ones she gave": ``than``,
    ``than_modifier``, ``than_verb``)."""
    attrs.setdefault("state", "more")
    rate_after_than(r, at, hi, attrs)
    than_side = next(
        (side[0] for ahead in range(at + 1, hi + 1) if (side := side_at(r, ahead)) is not None),
        None,
    )
    if than_side is not None:
        attrs["than_side"] = than_side
    probe = at + 1
    while r.word(probe) in ("the", "his", "her", "their", "on", "in", "at", "of"):
        probe += 1
    if than_side is not None and side_at(r, at + 1) is not None:
        return  # "than on tuesday": the other side is a time, not a thing or owner
    if probe in r.actor_at:
        attrs["than"] = r.word(probe).removesuffix("'s")
        return
    after, referent = noun_phrase(r, probe)
    if r.word(after) == "of" and "entity" in referent:
        _, inner = noun_phrase(r, after + 1)
        referent = inner if "entity" in inner else referent
    if "entity" in referent:
        attrs["than"] = referent["entity"]
    if "modifier" in referent:
        attrs["than_modifier"] = referent["modifier"]
    for ahead in range(probe, min(probe + 5, hi + 1)):
        if left_after_have(r, ahead):
            break  # "than pies does she have left": what is left, no verb of the other side
        if is_verb(r.word(ahead)) and r.word(ahead) not in _AUX_OR_THAT:
            verb = r.word(ahead)
            attrs["than_verb"] = f"got {r.word(ahead + 1)}" if verb == "got" else verb
            break


def asked_side(r: Reading, at: int, attrs: dict[str, str]) -> None:
    """The asked time: "on monday", "in the morning", "that day"; two times asked together
    ("on monday and wednesday", "morning and evening") are read as one ``monday and
    wednesday``, which no single amount is on; so are purposes and activities listed
    (:func:`listed_sides`: "to build the tower and the house", "on learning english,
    chinese and spanish")."""
    if "side" in attrs or (side := side_at(r, at)) is None:
        return
    attrs["side"] = side[0]
    joined = r.word(side[1]) == "and"
    second = side_at(r, side[1] + 1) if joined else None
    nxt = r.word(side[1] + 1)
    if second is None and joined and (nxt in lx.SIDE_DAYS or nxt in lx.SIDE_PERIODS):
        second = (nxt, side[1] + 2)  # "on monday and wednesday", "morning and evening"
    if second is not None:
        attrs["side"] = f"{side[0]} and {second[0]}"  # two times: no one side
        return
    listed = listed_sides(r, side[0], side[1])
    if listed:
        attrs["side"] = " and ".join([side[0], *listed])


def spent_on_asked(r: Reading, at: int, attrs: dict[str, str]) -> None:
    """ "How much did she spend on the battery and the radio?": the things money was spent on
    (``objects``), for a verb that spends; "receive for" names none."""
    if (
        "objects" not in attrs
        and attrs.get("unit") == "dollar"
        and attrs.get("verb") in lx.MONEY_LOSS_VERBS
        and (spent_on := objects_at(r, at))
    ):
        attrs["objects"] = " ".join(spent_on)


def so_that(r: Reading, at: int, word: str) -> bool:
    """ "... so that she will have 31 left": the clause after "so that" is its own (its amount
    and state are not the asked ones); the question's words end there."""
    return word == "so" and r.word(at + 1) == "that"


def before_asked(r: Reading, at: int, hi: int, attrs: dict[str, str]) -> None:
    """ "How much did he have before he spent?": the start (unless another state is read),
    and the move it is before (``state_cue``)."""
    attrs.setdefault("state", "start")
    later = (r.cue_at[i] for i in range(at + 1, hi + 1) if i in r.cue_at)
    moved = next(later, "")
    if moved:
        attrs["state_cue"] = moved


def asked_subject(r: Reading, at: int, word: str, attrs: dict[str, str]) -> int | None:
    """The asked subject, an actor or a pronoun: "does Tom have" (``owner`` ``tom``), "did
    Zachary and David do" (``group``, each one a member), "does he have"; a possessor is not
    the subject: "does Sara's sister have" asks about the sister (``subject_noun``). Returns
    the token after the subject (where its verb is), or None."""
    if "subject" in attrs or (at not in r.actor_at and at not in r.pronoun_at):
        return None
    if (
        at in r.actor_at
        and word.endswith(("'s", "’s"))
        and is_noun(r, at + 1)
        and at + 1 not in r.actor_at
    ):
        attrs["subject_noun"] = lx.noun_key(r.word(at + 1))
        return at + 2
    if at in r.actor_at:
        attrs["subject"] = r.actor_at[at]
        name = r.names.get(word.removesuffix("'s"), word)
        attrs["owner"] = name
        if r.word(at + 1) == "and" and (at + 2) in r.actor_at:
            attrs["owner"] = "group"  # "did Zachary and David do": no single owner
            partner = r.actor_names.get(r.actor_at[at + 2], "")
            attrs["members"] = f"{name} {partner}".strip()  # each one of the two
        return at + (3 if attrs["owner"] == "group" else 1)
    attrs["subject"] = r.pronoun_at[at]
    return at + 1


_ORDINALS: Final = frozenset("first second third fourth fifth sixth seventh eighth".split())


def asked_subject_noun(r: Reading, at: int, word: str, attrs: dict[str, str]) -> int | None:
    """A noun right after the auxiliary is the asked subject: "does the tree have" (a place
    after a preposition, "in the basket", is not; an ordinal, "does the second chapter have",
    is no noun: the numbered part is read by the compare organ). Returns the token after it,
    or None."""
    if (
        not ({"subject", "subject_noun", "verb"} & attrs.keys())
        and word not in lx.STOP_WORDS
        and word not in _ORDINALS
        and not is_verb(word)
        and word not in NUMBER_WORDS
        and (
            r.word(at - 1) in AUX
            or (
                r.word(at - 1) in ("the", "her", "his", "their")
                and r.word(at - 2) in AUX  # "does the tree have", not "in the basket"
            )
        )
    ):
        attrs["subject_noun"] = lx.noun_key(word)
        kind = kind_of_the_subject(r, at)
        if kind is not None:  # "would the soda bottles last": bottles, of the kind soda
            attrs["subject_noun"], attrs["subject_kind"] = kind
            return at + 2
        return at + 1
    return None


_HEDGES: Final = frozenset({"actually", "really", "truly"})


def hedge_skipped(r: Reading, at: int) -> int:
    """ "How much money did he actually earn?": a hedge ("actually", "really") between the
    auxiliary and a verb says nothing of the verb; the verb is the word after it. ``at``
    unchanged when the word there is no hedge or no verb follows it ("did she really?")."""
    if r.word(at) in _HEDGES and is_verb(r.word(at + 1)):
        return at + 1
    return at


def question_verb(r: Reading, attrs: dict[str, str], at: int) -> None:
    """Record the question's verb at ``at``: its direction, cue and activity ("does she
    need to give away": the verb is the one after "need to"; "went rowing and hiking": two
    activities, the second ``also``)."""
    if r.word(at) in _NEED_TO and r.word(at + 1) == "to" and is_verb(r.word(at + 2)):
        at += 2
    at = hedge_skipped(r, at)
    word = r.word(at)
    attrs["verb"] = word if word != "got" else f"got {r.word(at + 1)}"
    follower = r.word(at + 1)
    if follower and follower not in lx.STOP_WORDS and not is_verb(follower):
        attrs["activity"] = lx.noun_key(follower)
        if r.word(at + 2) == "and" and r.word(at + 3) not in AUX:
            attrs["also"] = lx.noun_key(r.word(at + 3))  # "went rowing and hiking"
    direction = verb_direction(attrs["verb"], attrs.get("unit") in lx.MONEY_UNITS)
    if word in MANNER_OF_MOTION:  # "How many birds flew away?": told by the particle
        direction = motion_direction(r, at)
    if direction:
        attrs["direction"] = direction
    if at in r.cue_at:
        attrs["cue"] = r.cue_at[at]


def tense_and_time(said: list[str], attrs: dict[str, str]) -> None:
    """ "now" or "then" in the question asks for the time now; its first auxiliary in the
    present ("How many birds *are* sitting on the fence?") marks the tense ``present``; "will"
    or "would" before "have" or "be" ("how many cupcakes would she have?") asks for the state
    after what the story did: the tense ``future``, read like the present."""
    if "now" in said or "then" in said:
        attrs["time"] = "now"
    tense = next((w for w in said if w in AUX), "")
    if tense in _PRESENT:
        attrs["tense"] = "present"
    elif tense in ("will", "would") and future_state(said):
        attrs["tense"] = "future"


def future_state(said: list[str]) -> bool:
    """The question's "will"/"would" asks for a state ("would she have", "will be in the
    bin", "would be left"), not for a move ("how many will she buy")."""
    after = said[said.index(next(w for w in said if w in ("will", "would"))) + 1 :]
    verbs = [w for w in after if w in ("have", "has", "be", "need", "buy", "sell", "give")]
    return bool(verbs) and verbs[0] in ("have", "has", "be")


def some_first(r: Reading, attrs: dict[str, str], question_start: int) -> bool:
    """True when the story opens the asked thing with "some" under the asked verb.

    "Dave had won some tickets. He used 12. If he still has 14 left How many tickets did
    Dave win?": the unread amount is the first one of the asked thing, and the question's
    verb (or a plain "have") is the one it was read with, so the question asks for the
    amount the story started from. Any amount of the asked thing said before it, another
    verb, an asked time, no amount of it moved, or a rate of it that no verb moves or that
    is per a time ("drank 9 bottles a day"), and nothing is read; a rate moved to groups
    ("gave 3 cards to each of his 5 friends") is a move from the start.
    """
    entity = attrs.get("entity")
    if entity is None or "side" in attrs:
        return False
    counted = [
        dict(m.attributes)
        for m in r.mentions
        if m.kind == "quantity" and ("entity", entity) in m.attributes
    ]
    if not any("direction" in q for q in counted) or any(
        "per" in q and ("direction" not in q or q["per"] in lx.TIME_UNITS) for q in counted
    ):
        return False  # no amount of it moved, or counted per group or per day: not a change
    for index in range(question_start):
        if r.word(index) != "some" or r.word(index + 1) == "of":
            continue
        _, phrase = noun_phrase(r, index + 1)
        if phrase.get("entity") != entity or phrase.get("unit") != attrs.get("unit"):
            continue
        verb = nearest_verb(r, index)
        asked = attrs.get("verb")
        same = (asked is None and verb in lx.HAVE_VERBS) or (
            asked is not None and lx.verb_key(asked) == lx.verb_key(verb)
        )
        earlier = any(
            m.kind == "quantity"
            and m.span.start < r.toks[index].start
            and ("entity", entity) in m.attributes
            for m in r.mentions
        )
        return same and not earlier
    return False


def nearest_verb(r: Reading, index: int) -> str:
    """The nearest verb before ``index`` in its clause ("" when none)."""
    probe = index - 1
    while probe >= 0 and r.same_sentence(index, probe):
        word = r.word(probe)
        if not word or word in lx.CONTROL_WORDS:
            return ""
        if is_verb(word):
            return word
        probe -= 1
    return ""
