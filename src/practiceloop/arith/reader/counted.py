"""Stage 5d of the reader: what an amount is per, or what it counts, when its clause says it
in another way than a noun right after the number.

"They were buying puzzle cubes at the fair for 8 dollars each": the 8 dollars are per one of
the cubes the verb buys, though no number counts them there. "Ben rode the carousel 4 times":
the 4 counts rides, the events of the verb. The quantity stage leaves such amounts per
``each`` or with no counted thing; the rules here, run over the amounts read, name it when the
clause says it and leave it unread otherwise. Pure functions over a :class:`Reading`.
"""

from __future__ import annotations

import itertools
from typing import Final

from practiceloop.arith.lexicon import (
    HAVE_VERBS,
    PERSON_NOUNS,
    PRONOUNS,
    STOP_WORDS,
    noun_key,
    verb_key,
)
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.nouns import head
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "agent_of_a_gerund",
    "contents_of_counted_things",
    "each_of_a_bought_thing",
    "each_of_the_subject",
    "earned_off_each",
    "read_counted",
    "times_of_a_verb",
    "verb_of_a_coordinated_amount",
    "verb_of_a_rate_group",
]

Read = tuple[int, int, dict[str, str]]


def read_counted(r: Reading, read: list[Read]) -> None:
    """Every rule of this stage, in order, over the amounts the quantity stage read (after
    its own "each" and coordination rules)."""
    each_of_a_bought_thing(r, read)
    each_of_the_subject(r, read)
    times_of_a_verb(r, read)
    verb_of_a_coordinated_amount(r, read)
    verb_of_a_rate_group(r, read)
    agent_of_a_gerund(r, read)
    earned_off_each(r, read)


_ENDS: Final = frozenset({"from", "at", "in", "on", "to", "for", "with"})
"""Words that end the object of a purchase ("decks from the shop", "cubes at the fair")."""

_BARE: Final = frozenset({"some", "new", "old"})
"""Words that may stand before the bought noun when no number counts it."""


def _cue_index(r: Reading, cue: str | None, before: int) -> int | None:
    """The token index of the cue mention ``cue``, when it is before token ``before`` in its
    sentence."""
    found = [i for i, c in r.cue_at.items() if c == cue and i < before]
    found = [i for i in found if r.same_sentence(i, before)]
    return found[0] if len(found) == 1 else None


def contents_of_counted_things(r: Reading, read: list[Read]) -> None:
    """ "Ari bought 3 boxes of 6 pens": an amount right after "<number> <plural noun> of"
    counts what each of those things holds, so it is per one of them (``per`` ``box``), not
    a second amount listed beside the boxes. Only when the amount counts a thing of its own
    (another noun than the counted one), with no rate, comparison or unit of its own, and the
    number before counts the things ("3 boxes", not "a box of 6 pens", which tells one box).
    The number before then counts those things of that content (unit ``box``, entity
    ``pen``), as "3 boxes of pens" would read. Run before the unit rule
    (:func:`~practiceloop.arith.reader.quantities.unit_alone`), so that "4 boxes of pencils"
    told later lends "3 boxes" no content."""
    before = {last + 1: attrs for _, last, attrs in read}
    for first, _, attrs in read:
        if any(key in attrs for key in ("per", "compare", "unit")) or "entity" not in attrs:
            continue
        things = first - 2
        if things < 1 or r.word(first - 1) != "of" or r.toks[things - 1].kind != "num":
            continue
        word = r.word(things)
        if not word or not r.same_sentence(things - 1, first):
            continue
        group = noun_key(word)
        if group == word or group == attrs["entity"] or word in STOP_WORDS | PRONOUNS:
            continue  # a singular, the same thing ("3 apples of 12 apples"), or no noun
        attrs["per"] = group
        counted = before.get(things)
        if counted is not None and counted.get("entity") == group and "unit" not in counted:
            counted["unit"], counted["entity"] = group, attrs["entity"]


def each_of_a_bought_thing(r: Reading, read: list[Read]) -> None:
    """ "They were buying puzzle cubes at the fair for 8 dollars each": an amount of money told
    "for N each" in the clause of the verb it was read with, whose object is a plural noun no
    number counts (only "some", "new", "old" before it, then a place or source phrase), is per
    one of that noun (``per`` becomes it). Left as ``each``: a singular object ("bought a cube
    for 8 dollars each" may be per person), a number between the verb and the amount, two
    objects ("cubes and kites"), a verb not read with the amount, or any amount counted before
    it in its sentence (:func:`~.distributive.each_of_a_count` reads a counted one)."""
    for first, _last, attrs in read:
        if attrs.get("per") != "each" or attrs.get("unit") != "dollar":
            continue
        verb = _cue_index(r, attrs.get("cue"), first)
        if verb is None or r.word(first - 1) != "for":
            continue
        opening = r.sentence_bounds[r.sentence_of[first]][0]
        if any(lo < first and r.same_sentence(lo, first) and lo >= opening for lo, _, _ in read):
            continue
        between = range(verb + 1, first - 1)
        if any(r.toks[i].kind != "word" or r.word(i) in ("and", "or") for i in between):
            continue
        phrase: list[str] = []
        for i in between:
            if r.word(i) in _ENDS:
                break
            phrase.append(r.word(i))
        head = phrase[-1] if phrase else ""
        kept = [w for w in phrase[:-1] if w in STOP_WORDS]
        if (
            not head
            or len(phrase) > 3
            or head in STOP_WORDS
            or any(w not in _BARE for w in kept)
            or noun_key(head) == head
        ):
            continue
        attrs["per"] = noun_key(head)


_PRICE_VERBS: Final = HAVE_VERBS | frozenset({"cost", "costs", "sell", "sold"})


def each_of_the_subject(r: Reading, read: list[Read]) -> None:
    """ "At the fair tickets were 4 dollars each", "Apples cost 2 dollars each": an amount of
    money told "N dollars each" right after a verb of being or costing, whose subject is the plural
    noun right before that verb, is per one of that noun (``per`` becomes it). Left as
    ``each``: a singular or person subject ("The boys were paid 4 dollars each" is per
    person, and "were paid" is no such verb), words between the verb and the amount, or no
    subject noun read."""
    for first, last, attrs in read:
        subject = attrs.get("subject_noun")
        if attrs.get("per") != "each" or attrs.get("unit") != "dollar" or subject is None:
            continue
        if r.word(r.phrase_end.get(first, last + 1)) != "each":
            continue  # "apiece", "a piece": left as read
        verb, noun = first - 1, first - 2
        if (
            r.word(verb) not in _PRICE_VERBS
            or r.word(verb) != (attrs.get("verb") or "").split()[0]
            or not r.same_sentence(noun, first)
            or noun_key(r.word(noun)) != subject
            or r.word(noun) == subject
            or subject in PERSON_NOUNS
        ):
            continue
        attrs["per"] = subject


_AFTER_TIMES: Final = frozenset(
    {"", "and", "on", "in", "at", "during", "last", "this", "today", "yesterday", "before",
     "but", "then", "while", "if", "so"}
)  # fmt: skip
"""What may follow "N times" when it counts events: a mark, a conjunction, a time ("7 times
on Monday"). "3 times as many", "3 times the price", "3 times a week" are no count of events."""


def times_of_a_verb(r: Reading, read: list[Read]) -> None:
    """ "Ben rode the carousel 4 times and the slide 2 times": an amount of nothing read, told
    "N times" after the verb of its clause, counts the events of that verb: its thing is the
    verb's lemma ("ride"), so that a rate per one of them ("each ride cost 3 tickets") can
    take it. Left unread: "3 times as many", "3 times the price", "3 times a week" (a
    multiplier or a frequency), a verb of having ("had 3 times"), or no verb read."""
    for first, last, attrs in read:
        verb = verb_key(attrs.get("verb"))
        if (
            verb is None
            or {"entity", "unit", "per", "compare"} & attrs.keys()
            or (attrs.get("verb") or "").split()[0] in HAVE_VERBS
            or verb in HAVE_VERBS
            or r.word(last + 1) != "times"
            or not r.same_sentence(first, last + 1)
            or (r.same_sentence(first, last + 2) and r.word(last + 2) not in _AFTER_TIMES)
        ):
            continue
        attrs["entity"] = verb


_MOVE_KEYS: Final = ("verb", "direction", "cue", "owner", "subject")


def verb_of_a_coordinated_amount(r: Reading, read: list[Read]) -> None:
    """ "Mia bought 3 tickets for her cousins and 5 extra tickets for her friends", "found 4
    shells on the beach and 3 on the dock": an amount right after "and", with no verb of its
    own, listed after another amount of its sentence read with a verb, is moved by that verb
    (its verb, direction, cue and owner are the earlier amount's). Left alone: an amount with
    a verb of its own ("and 5 were lost", "and 3 cards were torn": a verb after its noun
    phrase, :func:`_verb_follows`), a verb read between the two, an amount compared or
    told as a rate, or amounts of two sentences."""
    for (first, _, earlier), (nxt, _, later) in itertools.pairwise(read):
        if (
            "verb" in later
            or "cue" not in earlier
            or {"compare", "per"} & (earlier.keys() | later.keys())
            or r.word(nxt - 1) != "and"
            or not r.same_sentence(first, nxt)
            or any(i in r.cue_at for i in range(first + 1, nxt))
            or _verb_follows(r, nxt)
        ):
            continue
        for key in _MOVE_KEYS:
            if key in earlier and key not in later:
                later[key] = earlier[key]


def _verb_follows(r: Reading, first: int) -> bool:
    """ "... and 3 cards were torn": the amount's own noun phrase is followed by a verb (an
    auxiliary or any verb form), so its clause tells its own verb."""
    after = r.phrase_end.get(first, first + 1)
    return r.same_sentence(first, after) and is_verb(r.word(after))


def verb_of_a_rate_group(r: Reading, read: list[Read]) -> None:
    """ "She scores 5 points for each shell she finds": the verb of the clause that says which
    groups a rate is per ("each shell she finds") describes those groups; it is the rate's
    own cue (recorded as the rate's ``cue`` when it has none), no move of an amount. Read only
    right after "each" and the rate's group noun, a pronoun between, in the rate's sentence
    and after the amount."""
    for first, last, attrs in read:
        per = attrs.get("per")
        if per in (None, "each") or "cue" in attrs:
            continue
        for at in range(last + 1, r.sentence_bounds[r.sentence_of[first]][1] - 1):
            if r.word(at) != "each" or noun_key(r.word(at + 1)) != per:
                continue
            if r.word(at + 2) in PRONOUNS and at + 3 in r.cue_at:
                attrs["cue"] = r.cue_at[at + 3]
            break


def _agents(verb: str) -> set[str]:
    """The agent nouns of ``verb``: "play" -> "player", "dance" -> "dancer", "swim" ->
    "swimmer"."""
    return {verb + "er", verb + "r", verb + verb[-1:] + "er"} if verb else set()


def agent_of_a_gerund(r: Reading, read: list[Read]) -> None:
    """ "There were 3 friends playing a game when 4 more players joined": an amount whose noun
    is followed right away by a gerund ("friends playing") counts the doers of that verb; when
    another amount of the text counts the verb's agent noun ("players"), that is its thing too
    (``entity`` becomes it, the noun said kept as ``named``). Left alone: a gerund that names
    no other amount's thing ("3 friends watching a game when 4 more players joined"), a verb
    not in -ing ("3 friends play"), or an amount with a rate or a comparison of its own."""
    for first, last, attrs in read:
        entity = attrs.get("entity")
        if entity is None or {"per", "compare", "unit"} & attrs.keys():
            continue
        at = r.phrase_end.get(first, last + 1)
        gerund = r.word(at)
        if not r.same_sentence(first, at) or not gerund.endswith("ing"):
            continue
        verb = verb_key(gerund)
        if verb is None or verb == gerund:
            continue
        agents = _agents(verb)
        named = {a.get("entity") or "" for f, _, a in read if f != first} & agents
        if len(named) == 1 and entity not in agents:
            attrs["named"] = entity
            attrs["entity"] = named.pop()


_EARN: Final = frozenset({"make", "earn", "profit", "net"})
"""Verbs of earning: "gets $ 5 off each" is a discount, never read here."""


def earned_off_each(r: Reading, read: list[Read]) -> None:
    """ "The shop makes $ 5 off each jersey": money a verb of earning gains "off each" thing
    is per that thing. Only money, only with such a verb read (make, earn): "$ 5 off
    each jersey" alone may be a discount, and is left unread."""
    for first, _, attrs in read:
        if "per" in attrs or attrs.get("unit") not in ("dollar", "cent"):
            continue
        if verb_key(attrs.get("verb")) not in _EARN:
            continue
        index = r.phrase_end.get(first, -1)
        if index < 0 or r.word(index) != "off" or r.word(index + 1) not in ("each", "every"):
            continue
        if r.same_sentence(index, index + 2) and r.word(index + 2):
            attrs["per"] = head(r, index + 2)
