"""Stage 3 of the reader: verbs and the cues they give, and the observations of the text.

A cue mention marks a word that tells a relation: a gain or loss verb (with the direction for
the subject, and for money), or a comparison word. An observation records a word no organ
reads as a role but every organ must see: a negation, a modal, a multiplier, a percentage.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.lexicon import words
from practiceloop.arith.numbers import FACTOR_WORDS, NUMBER_WORDS
from practiceloop.arith.reader.arrivals import later_cue, more_still_to_do
from practiceloop.arith.reader.motion import (
    LEAVING,
    MANNER_OF_MOTION,
    motion_direction,
    particle_direction,
)
from practiceloop.arith.reader.tokens import Reading, asked_by_imperative
from practiceloop.arith.reader.transfers import gift_amount_at, given_by_a_named_giver

__all__ = [
    "AUX",
    "GET_FORMS",
    "MONEY_QUESTION",
    "MOTION_GAIN",
    "MOTION_LOSS",
    "came_with",
    "found_out",
    "gerund_object",
    "gerund_of_spending",
    "given_passive",
    "given_to_receiver",
    "handed_out",
    "is_verb",
    "motion_of_an_amount",
    "read_cues",
    "read_observations",
    "relative_clause_verb",
    "rid_of",
    "taken_from",
    "verb_as_modifier",
    "verb_direction",
    "verb_in_compound",
]

MOTION_LOSS: Final = LEAVING | MANNER_OF_MOTION
"""Verbs of motion that may lose: leaving always, a manner verb only with its particle or
goal (:func:`~.motion.motion_direction`: "flew away" loses, "flew in" gains)."""
MOTION_GAIN: Final = frozenset({"came", "arrived", "joined", "entered", "boarded"})
_OTHER_VERBS: Final = words("""
    flew went ran took saw sat stood knew wrote rode swam drove brought thought built kept read
    said told put cut hit let set began became fell felt held led met slept stole wore cost costs
    weighed weighs needs needed wants wanted takes holds contains played did do does go goes
    split splits divide divides
    """)
_FACTOR_VERBS: Final = words("doubled doubles doubling tripled triples halved halves")
_ORDINAL_PARTS: Final = words("third fourth fifth sixth quarter tenth")
AUX: Final = words("did does do will would is are was were can could should must has have had")
MONEY_QUESTION: Final = words(
    "cost costs spend spent pay paid earn earned money price save saved make made"
)
_VERBS: Final = lx.GAIN_VERBS | lx.LOSS_VERBS | lx.HAVE_VERBS | _OTHER_VERBS | MOTION_GAIN
"""Every listed verb form (:func:`is_verb` also takes any longer word in -ed)."""
_DETERMINERS: Final = lx.DETERMINERS | {"of"}
_CUE_WORDS: Final = lx.GAIN_VERBS | lx.LOSS_VERBS | lx.COMPARE_MORE | lx.COMPARE_FEWER

GET_FORMS: Final = frozenset({"got", "get", "gets", "getting"})
"""The forms of "get": a gain alone, a loss with "off", "out" or "rid of"."""
_PERCENT_WORDS: Final = frozenset({"percent", "percentage", "percentages"})
_OBSERVED: Final = (
    lx.NEGATION_WORDS
    | lx.MODAL_WORDS
    | frozenset(FACTOR_WORDS)
    | _FACTOR_VERBS
    | _ORDINAL_PARTS
    | _PERCENT_WORDS
)
"""Words :func:`read_observations` may observe (with any word in n't)."""


def is_verb(word: str) -> bool:
    """A listed verb form, or any word of five letters or more in -ed ("visited")."""
    return word in _VERBS or (len(word) > 4 and word.endswith("ed"))


def verb_direction(verb: str, money: bool) -> str:
    """``gain`` / ``loss`` for the subject of ``verb`` ("" when the verb moves nothing).

    "got off" / "get out" lose ("22 passengers get off the bus"); for money, buying, spending
    and paying lose and selling gains; otherwise the lexicon's gain and loss verbs and the
    verbs of motion ("came" gains, "left" loses).
    """
    parts = verb.split()
    if not parts:  # no word at all (a comma between "After" and the verb; found by atheris)
        return ""
    head = parts[0]
    if head in GET_FORMS and parts[-1] in ("off", "out", "rid"):
        return "loss"  # "22 passengers get off the bus", "getting rid of 38 of them"
    if head in _HANDING and parts[-1] == "out":
        return "loss"  # "they handed out 27 apples to students"
    if money and head in lx.MONEY_LOSS_VERBS:
        return "loss"
    if money and head in ("sold", "sell", "sells"):
        return "gain"
    if head in lx.GAIN_VERBS or head in MOTION_GAIN:
        return "gain"
    if head in MANNER_OF_MOTION:  # "flew away" loses, "flew in" gains, "flew" tells nothing
        return particle_direction(parts[1:])
    if head in lx.LOSS_VERBS or head in LEAVING:
        return "loss"
    return ""


def motion_of_an_amount(r: Reading, index: int) -> bool:
    """ "27 bird families flew away", "5 more kids went home": a verb of motion whose subject
    is an amount (a number, then only its noun phrase) moves that amount: a cue, with the
    verb's direction. "She went to the store" moves nothing counted and cues nothing."""
    if r.word(index) not in MOTION_LOSS and r.word(index) not in MOTION_GAIN:
        return False
    probe = index - 1
    while probe >= 0 and r.same_sentence(index, probe) and index - probe <= 5:
        tok = r.toks[probe]
        if tok.kind == "num":
            return True
        word = r.word(probe)
        if not word or is_verb(word) or (word in lx.STOP_WORDS and word not in _AMOUNT_WORDS):
            return False
        probe -= 1
    return False


_AMOUNT_WORDS: Final = frozenset({"more", "new", "other", "old", "of", "extra"})


def handed_out(r: Reading, index: int) -> bool:
    """ "For lunch they handed out 27 to students", "she passed out 12 flyers": "hand out" and
    "pass out" give the amount away (a loss); "handed" or "passed" alone ("passed 3 houses")
    moves nothing this reader knows the direction of."""
    return r.word(index) in _HANDING and r.word(index + 1) == "out"


_HANDING: Final = frozenset({"hand", "hands", "handed", "pass", "passes", "passed"})

# Every word read_cues can cue at: the words of the rules above need one of these.
_MAY_CUE: Final = _CUE_WORDS | MOTION_LOSS | MOTION_GAIN | _HANDING | GET_FORMS


def rid_of(r: Reading, index: int) -> bool:
    """ "getting rid of 38 of them", "he got rid of 5 old chairs": "get rid of" loses the
    amount (a loss, as "got off" does); "got" alone gains."""
    return (
        r.word(index) in GET_FORMS
        and r.word(index + 1) == "rid"
        and r.word(index + 2) == "of"
    )


def came_with(r: Reading, index: int) -> bool:
    """ "Each album came with a lyric sheet", "the kit comes with 4 brushes": "come with" says
    what a thing includes, no arrival of an amount; it cues no move. "3 friends came to the
    party" and "came back with" keep their cue."""
    return r.word(index) in ("come", "comes", "came", "coming") and r.word(index + 1) == "with"


_FIND_FORMS: Final = frozenset({"find", "finds", "found", "finding"})


def found_out(r: Reading, index: int) -> bool:
    """ "He found out that they harvest 8 sacks a day", "she finds out the price": "find
    out" is learning a fact, no finding of things; it cues no gain. "He found 3 shells",
    "found out 4 more shells" is a gain: "out" then stands before a number, and keeps the
    cue."""
    if r.word(index) not in _FIND_FORMS or r.word(index + 1) != "out":
        return False
    nxt = index + 2
    return not (nxt < len(r.toks) and r.toks[nxt].kind in ("num", "money"))


def read_cues(r: Reading) -> None:
    """A cue at every gain or loss verb and every comparison word.

    Not after a determiner ("the gift", "5 weeks of harvest": a noun there); "got off" is one
    cue that loses, like the verb it marks; "left" right after a verb of having or "there"
    ("9 were left", "are there left") is a state, not a move, and cues nothing.
    """
    for index, word in enumerate(r.words):
        if word and later_cue(r, index):
            continue  # "another 12 were turned in", "she filed 5" (of "forms to file")
        if word == "more" and more_still_to_do(r, index):
            continue  # "how many more forms does she have to file?": no comparison
        if word not in _MAY_CUE:
            continue  # not a word, or a word that cues nothing below (nor any rule of motion)
        if asked_by_imperative(r, index):
            continue  # "Find the total number of shells.": a question's verb, no move
        motion = motion_of_an_amount(r, index)
        handing = handed_out(r, index) or rid_of(r, index)
        if word not in _CUE_WORDS and not motion and not handing:
            continue
        if (
            r.word(index - 1) in _DETERMINERS
            or verb_in_compound(r, index)
            or gerund_of_spending(r, index)
            or relative_clause_verb(r, index)
            or came_with(r, index)
            or found_out(r, index)
            or verb_as_modifier(r, index)
            or gerund_object(r, index)
        ):
            continue
        phrase = word
        if word in GET_FORMS and r.word(index + 1) in ("off", "out"):
            phrase = word + " " + r.word(index + 1)
        if handing:
            phrase = word + " " + r.word(index + 1)
        moves = word in lx.GAIN_VERBS or word in lx.LOSS_VERBS or motion or handing
        direction = verb_direction(phrase, False) if moves else ""
        if word in MANNER_OF_MOTION and motion:
            direction = motion_direction(r, index)  # "flew in" gains, "flew away" loses
        if direction and not (
            word == "left" and (r.word(index - 1) in lx.HAVE_VERBS or r.word(index - 1) == "there")
        ):
            money = direction if word in MANNER_OF_MOTION else verb_direction(phrase, True)
            attrs = {"cue": word, "direction": direction, "money_direction": money}
            receiver = given_to_receiver(r, index) or given_by_a_named_giver(r, index)
            passive = given_passive(r, index)
            source = taken_from(r, index)
            if receiver or passive:  # "Her mom gave her 7 dollars", "she was given a tip"
                attrs = {"cue": word, "direction": "gain", "money_direction": "gain"}
                attrs.update({"receiver": receiver} if receiver else {"voice": "passive"})
            elif source is not None:  # "his friend bought 140 cakes from him": his loss
                attrs = {"cue": word, "direction": "loss", "money_direction": "gain"}
                attrs["source"] = source or "pronoun"
            r.cue_at[index] = r.add("c", "cue", index, index, attrs)
            if word in MANNER_OF_MOTION:
                r.motions[r.cue_at[index]] = direction
            if source is not None:
                r.taken_from[r.cue_at[index]] = source
            if receiver:
                r.given_to.add(r.cue_at[index])
            if passive:
                r.passive.add(r.cue_at[index])
        elif word in lx.COMPARE_MORE or word in lx.COMPARE_FEWER:
            side = "more" if word in lx.COMPARE_MORE else "fewer"
            r.cue_at[index] = r.add("c", "cue", index, index, {"cue": word, "direction": side})


def gerund_object(r: Reading, index: int) -> bool:
    """ "made 8 dollars raking leaves", "spent an hour sweeping leaves": a plural noun right
    after a gerund (a word in -ing the dictionary keys to a verb) is what the gerund acts on,
    not a verb of motion; it cues nothing. "the dog leaves", "5 kids left" and "after raking,
    he leaves" (no gerund right before) keep their cue."""
    word, before = r.word(index), r.word(index - 1)
    return (
        before.endswith("ing")
        and lx.verb_key(before) != before
        and lx.noun_key(word) != word
        and r.same_sentence(index - 1, index)
    )


def verb_in_compound(r: Reading, index: int) -> bool:
    """ "For the school bake sale": a verb's bare form between a determiner's singular noun
    and another noun names a kind of that noun (a "bake sale"), and moves nothing. A singular
    noun takes no bare present verb, so "the kids bake cookies", "the school bakes 40 pies"
    and "the girls bake 5 pies" keep their verb."""
    word, before, after = r.word(index), r.word(index - 1), r.word(index + 1)
    return (
        r.word(index - 2) in _DETERMINERS
        and bool(before)
        and before not in lx.STOP_WORDS
        and not before.endswith("s")
        and index - 1 not in r.actor_at
        and lx.verb_key(word) == word
        and bool(after)
        and after not in lx.STOP_WORDS
        and r.same_sentence(index, index + 1)
    )


def verb_as_modifier(r: Reading, index: int) -> bool:
    """ "8 pop albums", "2 cook books": a verb's bare form between a number and a plural noun
    names a kind of that noun, and moves nothing (a number is no subject of a bare verb with
    a plural object after it). "the 4 girls pop 9 balloons" keeps its verb: no number before
    it; "4 pop 9 balloons" neither (a number after it)."""
    before, word, after = r.toks[index - 1] if index else None, r.word(index), r.word(index + 1)
    return (
        before is not None
        and (before.kind == "num" or before.lower in NUMBER_WORDS)
        and (word in lx.GAIN_VERBS or word in lx.LOSS_VERBS)
        and lx.verb_key(word) == word
        and after.endswith("s")
        and after not in lx.STOP_WORDS
        and lx.noun_key(after) != after
        and r.same_sentence(index - 1, index + 1)
    )


def gerund_of_spending(r: Reading, index: int) -> bool:
    """ "he spent 41 dollars buying new blades", "spend $5 buying supplies": a gerund right
    after an amount of money a verb moves says what the money went to: one move (the
    spending), not a second one. With a number after it in its clause ("spent $32 buying 5
    notebooks") the gerund moves an amount of its own and keeps its cue."""
    word = r.word(index)
    if not word.endswith("ing"):
        return False
    amount = index - 1
    if lx.noun_key(r.word(amount)) in lx.MONEY_UNITS:
        amount -= 1
        if amount < 0 or r.toks[amount].kind not in ("num", "money"):
            return False
    elif amount < 0 or r.toks[amount].kind != "money":
        return False
    if not is_verb(r.word(amount - 1)):
        return False
    return not _amount_follows(r, index)


def relative_clause_verb(r: Reading, index: int) -> bool:
    """ "combined the candy they received", "used the money he earned to buy": a verb right
    after "the <noun> <pronoun>" says which things the noun names, not a move of its own
    (the move was told, or is told, with its amount). With an amount after it in its clause
    ("the day they received 5 letters") it moves that amount and keeps its cue."""
    if r.word(index - 1) not in _SUBJECT_PRONOUNS:
        return False
    noun = r.word(index - 2)
    if not noun or noun in lx.STOP_WORDS or r.word(index - 3) not in _DETERMINERS:
        return False
    return not _amount_follows(r, index)


def _amount_follows(r: Reading, index: int) -> bool:
    """True when a number follows the word at ``index`` before its clause ends."""
    after = index + 1
    while r.same_sentence(index, after) and r.toks[after].text not in (",", ".", "?", "!", ";"):
        if r.toks[after].kind in ("num", "money"):
            return True
        after += 1
    return False


_SUBJECT_PRONOUNS: Final = frozenset({"he", "she", "they", "we", "i", "you"})


def given_to_receiver(r: Reading, index: int) -> str:
    """ "His dad gave him 25 quarters", "her sister gave her 40 more pieces": a verb of giving
    whose giver is no one the story follows (a noun, not a name or "he"/"she") and whose
    object pronoun comes right before the amount: the receiver ("him"), for whom the amount
    is a gain; "" otherwise (and "Tom gave her 5" stays Tom's loss: whose story it is, is
    not read here)."""
    receiver = r.word(index + 1)
    if lx.verb_class(r.word(index)) != "transfer_out" or receiver not in _OBJECT_PRONOUNS:
        return ""
    if not gift_amount_at(r, index + 2, _AMOUNT_OPENERS):
        return ""
    giver = index - 1
    if giver < 0 or giver in r.actor_at or giver in r.pronoun_at or not r.word(giver):
        return ""
    return receiver


def taken_from(r: Reading, index: int) -> str | None:
    """The source a verb of taking takes an amount from, when the story is the source's.

    "His friend bought 140 cakes from him": a giver no one the story follows (a noun, as in
    :func:`given_to_receiver`) takes from an object pronoun: the amount is the pronoun's loss
    (returns ""). "Rachel picked 2 apples from her tree ... How many apples are on the tree?":
    the source is a thing the text says holds them ("the tree had 4 apples") and the question
    asks about: the amount is the tree's loss (returns ``tree``). None otherwise ("Ann bought
    5 pens from the store. How many pens does Ann have?" stays Ann's gain)."""
    if lx.verb_class(r.word(index)) != "transfer_in":
        return None
    probe = index + 1
    if probe >= len(r.toks) or r.toks[probe].kind not in ("num", "money"):
        return None
    while r.same_sentence(index, probe) and r.word(probe) != "from":
        if r.toks[probe].text in (",", ";") or r.word(probe) in ("and", "but", "to", "for"):
            return None
        probe += 1
    if r.word(probe) != "from":
        return None
    source = r.word(probe + 1)
    possessive = source in _DETERMINERS and r.word(probe + 2) not in ("", *lx.STOP_WORDS)
    if source in _OBJECT_PRONOUNS and not possessive:
        giver = index - 1
        if giver < 0 or giver in r.actor_at or giver in r.pronoun_at or not r.word(giver):
            return None
        return ""
    noun_at = probe + 1 + (source in _DETERMINERS)
    noun = lx.noun_key(r.word(noun_at))
    if not noun or noun in lx.STOP_WORDS or noun_at in r.actor_at or noun_at in r.pronoun_at:
        return None
    return noun if _holds_and_asked(r, noun) else None


def _holds_and_asked(r: Reading, noun: str) -> bool:
    """True when the text says ``noun`` holds things ("the tree had 4", "Rachel's tree has")
    and the question names it ("on the tree")."""
    if r.question < 0:
        return False
    lo, hi = r.sentence_bounds[r.question]
    if noun not in (lx.noun_key(r.word(i)) for i in range(lo, hi + 1)):
        return False
    return any(
        lx.noun_key(r.word(i)) == noun and r.word(i + 1) in ("had", "has", "have")
        for i in range(len(r.words))
    )


def given_passive(r: Reading, index: int) -> bool:
    """ "she was also given a $10 tip", "Tom was paid $5": a verb of giving in the passive
    (a form of "be" before it, "also"/"then" between) whose subject is a person is a gain for
    that person; "18 pies were sold" (the things the subject) stays the owner's loss."""
    if lx.verb_class(r.word(index)) != "transfer_out":
        return False
    before = index - 1
    while before >= 0 and r.word(before) in ("also", "then", "just", "later"):
        before -= 1
    person = before - 1 in r.actor_at or before - 1 in r.pronoun_at
    return before >= 1 and r.word(before) in _BE_FORMS and person


_BE_FORMS: Final = frozenset({"was", "were", "is", "are", "be", "been", "being", "got", "gets"})
_OBJECT_PRONOUNS: Final = frozenset({"him", "her", "them"})
_AMOUNT_OPENERS: Final = frozenset({"another", "some"}) | frozenset(
    words("one two three four five six seven eight nine ten eleven twelve twenty")
)


def read_observations(r: Reading) -> None:
    """An observation at every negation ("not", "didn't"), every modal of the story ("might",
    "could"; the question's are its own), every multiplier ("half", "twice", "doubled", "a
    third", a fraction in digits "3/4") and every percentage ("percent", "%")."""
    for index, tok in enumerate(r.toks):
        word = tok.lower
        if tok.kind == "word" and not (word in _OBSERVED or word.endswith(("n't", "n’t"))):
            continue  # no check below observes anything of this word
        clause = "question" if tok.sentence == r.question else "body"
        if tok.kind == "word":
            if word in lx.NEGATION_WORDS or word.endswith(("n't", "n’t")):
                r.observe("negation", index, {"clause": clause, "word": word})
            elif word in lx.MODAL_WORDS and clause == "body":
                r.observe("modal", index, {"clause": clause, "word": word})
            elif (
                word in FACTOR_WORDS
                or word in _FACTOR_VERBS
                or (word in _ORDINAL_PARTS and r.word(index - 1) in ("a", "one", "each"))
            ):
                r.observe("factor", index, {"clause": clause, "word": word})
            elif word in _PERCENT_WORDS:
                r.observe("percent", index, {"clause": clause, "word": word})
        elif tok.text == "%":
            r.observe("percent", index, {"clause": clause, "word": "%"})
        elif tok.kind == "num" and "/" in tok.text:
            r.observe("factor", index, {"clause": clause, "word": tok.text[:40]})
