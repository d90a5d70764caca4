"""Stage 2 of the reader: people, the actors (names, person nouns) and the pronouns.

An actor mention carries the name, lower case; a pronoun (``he``/``she``/``they``) is recorded
and never resolved (practice proposes its antecedent).
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.arith.reader.clause import INTENT_WORDS
from practiceloop.arith.reader.cues import is_verb
from practiceloop.arith.reader.tokens import Reading
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "capitalised_name",
    "intends_after",
    "person_noun_actor",
    "proper_adjective",
    "read_people",
]

THIRD_PERSON: Final = frozenset({"he", "she", "they"})
_PEOPLE_WORDS: Final = lx.PERSON_NOUNS | THIRD_PERSON


def read_people(r: Reading) -> None:
    """Every actor and pronoun, in source order.

    A third-person pronoun is a pronoun; a person noun that acts is an actor
    (:func:`person_noun_actor`); a capitalised word is a name when :func:`capitalised_name`
    says so, and then every later lower-case use of it is the same actor. "Tom's" names Tom.
    """
    toks = r.toks
    words = r.words
    sentence_of = r.sentence_of
    capital = [bool(word) and toks[i].text[:1].isupper() for i, word in enumerate(words)]
    capital_mid = {
        lx.noun_key(word) if word.endswith(("'s", "’s")) else word
        for index, word in enumerate(words)
        if capital[index] and index > 0 and sentence_of[index] == sentence_of[index - 1]
    }
    names_of = [word.removesuffix("'s").removesuffix("’s") for word in words]
    # Only a person noun, a third-person pronoun or a capitalised word can name someone
    # below (every name recorded in r.names is one of them): skip every other word.
    maybe = _PEOPLE_WORDS | {name for name, upper in zip(names_of, capital, strict=True) if upper}
    for index in [i for i, name in enumerate(names_of) if name in maybe]:
        name = names_of[index]
        if name in THIRD_PERSON:
            r.pronoun_at[index] = r.add("p", "pronoun", index, index, {"pronoun": name})
            continue
        if person_noun_actor(r, index, name):
            r.names[name] = name  # "A waiter had 14 customers": an actor, by role
        elif name in lx.NON_NAMES or name in NUMBER_WORDS or is_verb(name) or len(name) < 2:
            continue
        if capital[index]:
            if not capitalised_name(r, index, name, capital_mid):
                continue
            r.names[name] = name
        elif name not in r.names:
            continue
        _add_actor(r, index, name)


def person_noun_actor(r: Reading, index: int, name: str) -> bool:
    """A person noun that opens a clause or follows an article and comes before a verb is an
    actor: "A waiter had 14 customers", "the chef baked", "Chef had"."""
    opens = index == 0 or r.toks[index - 1].kind == "punct"
    return (
        name in lx.PERSON_NOUNS
        and (opens or r.word(index - 1) in ("a", "an", "the"))
        and is_verb(r.word(index + 1))
    )


def capitalised_name(r: Reading, index: int, name: str, capital_mid: set[str]) -> bool:
    """A capitalised word names someone, except at a sentence's start: there it is a name only
    when it is also capitalised inside some sentence, or a verb, "also" or "and" follows it
    ("Tom had", "Ann and Bob", "Jessie currently weighs"), or it is a possessive ("Sara's
    sister"), or a word of intent and a verb follow it (:func:`intends_after`)."""
    initial = index == 0 or not r.same_sentence(index, index - 1)
    if proper_adjective(r, index):
        return False
    if initial and name not in capital_mid:
        nxt = r.word(index + 1)
        if nxt in lx.TIME_ADVERBS:  # "Jessie currently weighs 27 kilograms"
            nxt = r.word(index + 2)
        if not (is_verb(nxt) or r.toks[index].lower != name or nxt in ("also", "and")):
            return intends_after(r, index)
    return True


def intends_after(r: Reading, index: int) -> bool:
    """ "Tom plans to give 3 to each", "Ana will share 20 pens", "Lee wants to buy 4": a
    capitalised word at a sentence's start followed by a word of intent ("will", "plans",
    "wants", "hopes", "intends", "needs") and then a verb ("will give") or "to" and a verb
    ("plans to give") names someone who means to act. Not a thing that will undergo
    something ("Pencils will be sold": "be" is no verb of acting), nor "Apples will rot"
    with no listed verb."""
    if r.word(index + 1) not in INTENT_WORDS:
        return False
    at = index + 3 if r.word(index + 2) == "to" else index + 2
    return is_verb(r.word(at)) and r.word(at) not in ("be", "been", "is", "are")


def proper_adjective(r: Reading, index: int) -> bool:
    """ "The Ferris wheel has 4 seats", "the Razorback shop": a capitalised word right after
    "the" and before a lower-case noun (no verb, no name) names a kind of that thing, no
    person. "the Smiths had" (a verb after it) and "Tom's" keep their reading."""
    if r.word(index - 1) != "the" or not r.same_sentence(index - 1, index + 1):
        return False
    nxt = r.toks[index + 1] if index + 1 < len(r.toks) else None
    if nxt is None or nxt.kind != "word" or not nxt.text.islower() or "'" in r.toks[index].text:
        return False
    word = nxt.lower
    return word not in lx.STOP_WORDS and not is_verb(word) and lx.noun_key(word) is not None


def _add_actor(r: Reading, index: int, name: str) -> None:
    """An actor mention over the name itself (without "'s")."""
    tok = r.toks[index]
    first_end = tok.start + len(name)
    span = SourceSpan(
        text=r.text[tok.start : first_end],
        start=tok.start,
        end=first_end,
        sentence_index=tok.sentence,
    )
    mention_id = f"a{r.counts.get('actor', 0)}"
    r.counts["actor"] = r.counts.get("actor", 0) + 1
    r.actor_names[mention_id] = name
    r.mentions.append(
        Mention(mention_id=mention_id, kind="actor", span=span, attributes=(("name", name),))
    )
    r.actor_at[index] = mention_id
