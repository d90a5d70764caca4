"""Stage 4 of the reader: noun phrases (what a number counts) and the sides an amount is on.

:func:`noun_phrase` reads the thing a number counts: its entity (the head noun's key), its
modifiers, and its unit when the head is a measure or a container ("3 bags of rice"). A side is
the time an amount is read at ("on monday", "in the morning", "the previous day") or the purpose
it serves ("to build a house"), so that "more on monday than on tuesday" can pair two amounts.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.lexicon import words
from practiceloop.arith.numbers import FACTOR_WORDS, NUMBER_WORDS
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "SIDE_OPENERS",
    "activity_side",
    "container_head",
    "equal_before_a_noun",
    "head",
    "hyphenated_measure",
    "hyphenated_price",
    "is_noun",
    "listed_sides",
    "measure_unit",
    "money_ends_phrase",
    "noun_phrase",
    "noun_words",
    "objects_at",
    "participle_before_a_noun",
    "phrase_ended",
    "purpose_side",
    "side_at",
    "sides_end",
    "time_side",
    "unit_of_thing",
]

_KIND_ADJECTIVES: Final = words("different new old")
_COLLECTIVES: Final = words("staff crew team class family group people police band club")
"""Singular nouns that count people ("10 staff painted walls"): a verb may follow them."""
_MEASURE_ADJECTIVES: Final = words("long wide tall high deep thick")
_MEASURED: Final = lx.TIME_UNITS | lx.CONTAINERS
_MEASURES: Final = lx.MEASURE_UNITS
"""Units of measure that are no container: "5 feet", "3 pounds" (a unit, never an entity)."""
_NOT_PURPOSE: Final = lx.STOP_WORDS | lx.PRONOUNS
_SIDE_PREPOSITIONS: Final = frozenset({"on", "in", "during", "at"})
SIDE_OPENERS: Final = _SIDE_PREPOSITIONS | {"the", "to"} | lx.SIDE_DAYS | lx.SIDE_ANCHORS
"""The only words a time (or purpose) phrase can start with: see :func:`side_at`."""
_DETERMINERS: Final = lx.DETERMINERS | {"of"}
_ARTICLES_AND_POSSESSIVES: Final = ("the", "his", "her", "their", "a", "an", "its")


def noun_phrase(r: Reading, index: int) -> tuple[int, dict[str, str]]:
    """The noun phrase a number counts, from token ``index``: (the index after it, attrs).

    ``entity`` is the key of the head noun (the last word: "salty *cookies*"), ``modifier``
    the keys of the words before it; money words give ``unit`` ``dollar``/``cent`` and entity
    ``money``; "N X of Y" gives unit X and entity Y (:func:`unit_of_thing`); a measure gives
    a unit alone (:func:`measure_unit`). No noun there: ``(index, {})``.
    """
    measured = hyphenated_measure(r, index)
    if measured is not None:
        return measured
    if hyphenated_price(r, index):
        index += 1  # "25-cent stamps": a price before the noun, as "25 cent stamps"
    index, said = noun_words(r, index)
    if not said:
        return index, {}
    attrs: dict[str, str] = {}
    head = lx.noun_key(said[-1].split("-")[-1])
    modifiers = [lx.noun_key(w) for w in said[:-1] if w not in ("square", "cubic")]
    if any(w in ("square", "cubic") for w in said[:-1]):
        head = f"square {head}"
    if head in lx.MONEY_UNITS:
        attrs["unit"] = "dollar" if head != "cent" else "cent"
        attrs["entity"] = "money"
        return index, attrs
    of_thing = unit_of_thing(r, index, head)
    if of_thing is not None:
        return of_thing
    if measure_unit(head):
        attrs["unit"] = head
    else:
        attrs["entity"] = head
    if modifiers:
        attrs["modifier"] = " ".join(modifiers)
    return index, attrs


def noun_words(r: Reading, index: int) -> tuple[int, list[str]]:
    """The words of a noun phrase from ``index``: at most three, a hyphenated word as one
    ("push-ups"), a kind adjective before a noun ("10 *different* books", "170 *new* cakes");
    never a stop word, pronoun, verb, negated auxiliary ("weren't") or number, a person named
    before a verb ("apples *Tom picked*"), and never past :func:`phrase_ended`."""
    said: list[str] = []
    toks = r.toks
    while index < len(toks) and len(said) < 3:
        tok = toks[index]
        if tok.text == "-" and said and r.word(index + 1):
            said[-1] = said[-1] + "-" + r.word(index + 1)
            index += 2
            continue
        word = r.word(index)
        if said and (phrase_ended(word, said) or money_ends_phrase(said)):
            break
        if not said and equal_before_a_noun(r, index):
            index += 1  # "into 7 equal piles": piles, and no kind of pile
            continue
        if word in _KIND_ADJECTIVES and not said and is_noun(r, index + 1):
            said.append(word)  # "10 different books", "170 new cakes"
            index += 1
            continue
        if said and participle_before_a_noun(r, index, said):
            said.append(word)  # "4 giant stuffed bears", "6 chocolate coated nuts"
            index += 1
            continue
        if not word or word in lx.STOP_WORDS or word in lx.PRONOUNS or is_verb(word):
            break
        if said and index in r.actor_at and (
            is_verb(r.word(index + 1)) or (r.word(index + 1) == "and" and index + 2 in r.actor_at)
        ):
            break  # "the number of apples Tom picked": a clause of its own, its subject named
        if word.endswith(("n't", "n’t")):
            break  # "8 of them weren't working": a negated auxiliary is a verb, no noun
        if word in NUMBER_WORDS or word in FACTOR_WORDS:
            break
        said.append(word)
        index += 1
    return index, said


def hyphenated_measure(r: Reading, index: int) -> tuple[int, dict[str, str]] | None:
    """ "a 180-*page* book", "a 420-*mile* trip", "a 10-*kilometer* race": a number joined by a
    hyphen to a singular noun, before the noun it describes, counts that unit (the book has
    180 pages: entity ``page``; the trip is 420 miles: unit ``mile``); the described noun ends
    the phrase. ``index`` is the token after the number; None when no such phrase starts
    there. Money ("25-cent stamps") is a price before its noun (read on, as "25 cent
    stamps"); a second hyphen ("a 2-year-old dog") is an age, no measure of the noun."""
    toks = r.toks
    if index == 0 or index + 2 >= len(toks) or toks[index - 1].kind != "num":
        return None
    unit = r.word(index + 1)
    if toks[index].text != "-" or not unit or toks[index + 2].text == "-":
        return None
    if lx.noun_key(unit) != unit or unit in lx.MONEY_UNITS or not is_noun(r, index + 2):
        return None
    end, _ = noun_words(r, index + 2)
    return end, ({"unit": unit} if measure_unit(unit) else {"entity": unit})


def hyphenated_price(r: Reading, index: int) -> bool:
    """ "25-cent stamps", "a 5-dollar bill": a number joined by a hyphen to a money word is
    read as the number and that word apart ("25 cent stamps"). ``index`` is the token after
    the number; False when no hyphen and money word follow a number there ("12 - 3", "a
    2-year-old dog", a text ending in the number)."""
    toks = r.toks
    if index == 0 or index + 1 >= len(toks) or toks[index - 1].kind != "num":
        return False
    return toks[index].text == "-" and lx.noun_key(r.word(index + 1)) in lx.MONEY_UNITS


def equal_before_a_noun(r: Reading, index: int) -> bool:
    """ "cut into 9 *equal* pieces", "arranged in 8 *equal* rows", "5 *identical* boxes": an
    adjective saying the groups are the same size, right after the number and before a noun,
    is no word of the noun phrase (it names no kind of the thing: the pieces asked "each
    piece" are the same pieces). The sharing it states is read from the sentence by the
    accounting (``equal`` words), not from the phrase."""
    return r.word(index) in _EQUAL_ADJECTIVES and is_noun(r, index + 1)


_EQUAL_ADJECTIVES: Final = words("equal identical")


def participle_before_a_noun(r: Reading, index: int, said: list[str]) -> bool:
    """ "4 giant stuffed bears", "6 chocolate coated nuts": a word in -ed after a singular
    word (no person noun) of the phrase and right before a plural noun that ends the
    phrase is a participle modifying that noun, not the verb of the amount. Not after a plural
    ("4 kids painted eggs": the kids painted), not as the phrase's first word ("4 painted
    eggs" is read so already: no verb reads there), not before a singular ("a giant stuffed
    bear"), a stop word, a number or a verb ("3 giant crushed ..." then "and")."""
    word, following = r.word(index), r.word(index + 1)
    if not (len(word) > 4 and word.endswith("ed")):
        return False
    if lx.noun_key(said[-1]) != said[-1] or said[-1] in lx.PERSON_NOUNS | _COLLECTIVES:
        return False
    if not following or following in lx.STOP_WORDS or following in lx.PRONOUNS:
        return False
    if is_verb(following) or following in NUMBER_WORDS or lx.noun_key(following) == following:
        return False
    after = r.word(index + 2)
    return not after or after in lx.STOP_WORDS or is_verb(after) or not after.isalpha()


def money_ends_phrase(said: list[str]) -> bool:
    """ "12 dollars dog walking", "9 dollars weed eating": a money noun in the plural
    ("dollars", "cents", "bucks") ends its noun phrase, since English puts no plural before
    the noun it modifies: what follows says how the money was made. "8 dollar toys" (a
    singular, a price before the noun) and "3 dollar bills" go on."""
    last = said[-1]
    return lx.noun_key(last) in lx.MONEY_UNITS and lx.noun_key(last) != last


def phrase_ended(word: str, said: list[str]) -> bool:
    """The noun ended before ``word``, which says along what, when or how: "48 pages *long*",
    "31 cookies *yesterday*", "8 cakes *initially*", "7 pens *earlier*", "13 games *scoring*
    the same" (a gerund after a plural; but "3 hours reading" stays one phrase: time spent on
    an activity); a negated auxiliary is a verb, "24 of the guests *didn't* leave a tip"."""
    return (
        word.endswith(("n't", "n’t"))
        or word in _MEASURE_ADJECTIVES
        or word in ("earlier", "later", "everyday")
        or word in lx.SIDE_DAYS
        or word in lx.SIDE_ANCHORS
        or (len(word) > 4 and word.endswith("ly"))
        or (
            len(word) > 5
            and word.endswith("ing")
            and said[-1].endswith("s")
            and lx.noun_key(said[-1]) not in _MEASURED
        )
    )


def unit_of_thing(r: Reading, index: int, head: str) -> tuple[int, dict[str, str]] | None:
    """ "3 bags of rice", "2 pages of reading homework": after a measure, a container or any
    noun, "of" and a noun phrase give the unit (the head) and the thing (its entity and
    modifier); None when no such "of" follows at ``index``."""
    measured = head in lx.CONTAINERS or head in lx.TIME_UNITS
    if r.word(index) != "of" or not (measured or is_noun(r, index + 1)):
        return None
    probe = index + 1
    while r.word(probe) in _ARTICLES_AND_POSSESSIVES:
        probe += 1
    after, inner = noun_phrase(r, probe)
    if "entity" not in inner or "unit" in inner:
        return None
    attrs = {"unit": head, "entity": inner["entity"]}
    if "modifier" in inner:
        attrs["modifier"] = inner["modifier"]
    return after, attrs


def measure_unit(head: str) -> bool:
    """A noun key that is a unit of measure by itself: "square feet", a time unit ("3 hours"),
    a length, weight or volume ("5 feet", "2 pounds", "4 gallons")."""
    return head.startswith("square ") or head in lx.TIME_UNITS or head in _MEASURES


def side_at(r: Reading, index: int) -> tuple[str, int] | None:
    """The side phrase at ``index`` and the index after it: a time (:func:`time_side`) or a
    purpose (:func:`purpose_side`); None when none starts there."""
    if r.word(index) not in SIDE_OPENERS:
        return None  # the common case: no phrase below can start with this word
    return time_side(r, index) or purpose_side(r, index) or activity_side(r, index)


def time_side(r: Reading, index: int) -> tuple[str, int] | None:
    """A time phrase: ("monday", i) for "on monday", ("morning", i) for "in the morning",
    ("previous day", i) for "the previous day", ("that day", i); not "in the day" (a whole
    day is a unit, not a time)."""
    probe = index
    if r.word(probe) in _SIDE_PREPOSITIONS:
        probe += 1
    article = r.word(probe) == "the"
    probe += article
    word = r.word(probe)
    if word in lx.SIDE_DAYS:
        return word, probe + 1
    nxt = r.word(probe + 1)
    if word in lx.SIDE_ANCHORS and (nxt in lx.SIDE_PERIODS or nxt in lx.SIDE_EVENTS):
        return f"{word} {nxt}", probe + 2
    if article and word in lx.SIDE_PERIODS and word not in lx.TIME_UNITS:
        return word, probe + 1  # "in the morning", not "in the day" (a whole day)
    return None


def purpose_side(r: Reading, index: int) -> tuple[str, int] | None:
    """A purpose is a side, as a time is: ("to build house", i) for "20 blocks to build a
    house"; "to the park" (no verb) is no purpose."""
    verb = r.word(index + 1)
    if r.word(index) != "to" or not verb or verb in _NOT_PURPOSE:
        return None
    probe = index + 2
    if r.word(probe) in ("a", "an", "the") and is_noun(r, probe + 1):
        end, phrase = noun_phrase(r, probe + 1)
        thing = phrase.get("entity") or phrase.get("unit")
        if thing:
            return f"to {verb} {thing}", end
    return None


def activity_side(r: Reading, index: int) -> tuple[str, int] | None:
    """An activity is a side, as a purpose is: ("on learning english", i) for "6 hours on
    learning english", ("on painting fence", i) for "on painting the fence": "on", a gerund
    and the noun it acts on. "on monday" (a time), "on cups" (money spent on a thing, no
    gerund) and "on learning" (no noun) are none."""
    gerund = r.word(index + 1)
    if r.word(index) != "on" or len(gerund) < 5 or not gerund.endswith("ing"):
        return None
    if lx.verb_key(gerund) == gerund or gerund in lx.SIDE_PERIODS:
        return None  # "on ceiling fans", "on evening walks": no verb acting
    probe = index + 2 + (r.word(index + 2) in _ARTICLES_AND_POSSESSIVES)
    if not is_noun(r, probe) or probe in r.actor_at:
        return None
    end, phrase = noun_phrase(r, probe)
    thing = phrase.get("entity") or phrase.get("unit")
    return (f"on {gerund} {thing}", end) if thing else None


def listed_sides(r: Reading, first: str, end: int) -> list[str]:
    """The purposes or activities listed after the first one (``first``, ending at token
    ``end``), their verb said once: "to build the tower and the house" (``to build house``),
    "on learning english, chinese and spanish", "on painting walls and washing cars" (a
    gerund of its own). Each item follows "," or "and" and is one noun word (an article
    before it); the list ends at "and" or at a word that is none ("and reads books" lists
    nothing). Times are read by the question's ``asked_side`` itself; a first side that is
    a time lists nothing here."""
    return _listed(r, first, end)[0]


def sides_end(r: Reading, index: int) -> int | None:
    """The token after the side phrase at ``index`` and the sides listed after it ("on
    learning english and chinese" ends after "chinese"); None when no side starts there."""
    side = side_at(r, index)
    if side is None:
        return None
    listed, end = _listed(r, side[0], side[1])
    return end if listed else side[1]


def _listed(r: Reading, first: str, end: int) -> tuple[list[str], int]:
    """The sides :func:`listed_sides` reads after ``first`` (ending at token ``end``), and
    the token after the last one read (``end`` when none is)."""
    words = first.split()
    if len(words) != 3 or words[0] not in ("to", "on"):
        return [], end
    found: list[str] = []
    probe = after_last = end
    while r.word(probe) in ("and", "") and r.toks[probe].text in ("and", ","):
        last = r.word(probe) == "and"
        probe += 1
        if r.word(probe) == "and":  # ", and"
            last, probe = True, probe + 1
        verb = words[1]
        gerund = r.word(probe)
        if words[0] == "on" and gerund.endswith("ing") and lx.verb_key(gerund) != gerund:
            verb, probe = gerund, probe + 1  # "and washing cars": a gerund of its own
        probe += r.word(probe) in ("the", "a", "an", "his", "her", "their")
        if not is_noun(r, probe) or probe in r.actor_at:
            return [], end
        after, phrase = noun_phrase(r, probe)
        thing = phrase.get("entity") or phrase.get("unit")
        if not thing or after != probe + 1:
            return [], end  # one noun an item; "and reads books" is a clause of its own
        found.append(f"{words[0]} {verb} {thing}")
        probe = after_last = after
        if last:
            break
    return found, after_last

def objects_at(r: Reading, index: int) -> list[str]:
    """What money was spent on: the nouns of "on/for (the) X (and (the) Y)" or "to buy X" at
    ``index`` ("on a battery", "on the battery and the radio"); [] when none."""
    probe = index + 1
    if r.word(index) == "to" and r.word(probe) in ("buy", "purchase"):
        probe += 1  # "$ 4 to buy books"
    elif r.word(index) not in ("on", "for"):
        return []
    found: list[str] = []
    while len(found) < 4:
        while r.word(probe) in _DETERMINERS:
            probe += 1
        if probe in r.actor_at:
            break
        end, phrase = noun_phrase(r, probe)
        thing = phrase.get("entity") or phrase.get("unit")
        if not thing or thing == "money":
            break
        found.append(thing)
        if r.word(end) not in ("and", ","):
            break
        probe = end + 1
    return found


def is_noun(r: Reading, index: int) -> bool:
    """True when the word at ``index`` may head a noun phrase (not a stop word, pronoun,
    verb or number)."""
    word = r.word(index)
    return bool(word) and not (
        word in lx.STOP_WORDS
        or word in lx.PRONOUNS
        or is_verb(word)
        or word in NUMBER_WORDS
        or word in FACTOR_WORDS
    )


def head(r: Reading, index: int) -> str:
    """The head noun key of the noun phrase at ``index`` ("each candy bar" -> ``bar``)."""
    _, phrase = noun_phrase(r, index)
    return phrase.get("entity") or phrase.get("unit") or lx.noun_key(r.word(index))


def container_head(r: Reading, index: int) -> str:
    """The group a rate is per, named at ``index`` after "for each": a container of a thing
    counts as its container ("5 points for each *bag* of cans": per bag, since what is
    counted in groups is bags), any other phrase as :func:`head` ("for each piece of candy":
    per candy, "for each pound of rice": per rice)."""
    _, phrase = noun_phrase(r, index)
    unit = phrase.get("unit")
    if unit in _HOLDERS and phrase.get("entity"):
        return unit
    return head(r, index)


_HOLDERS: Final = words(
    "bag basket bottle bowl box bucket can carton case crate jar pack sack tray"
)
"""Containers that hold things (no measure, no "piece" or "slice" of a thing)."""
