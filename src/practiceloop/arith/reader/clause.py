"""Stage 5b of the reader: the clause of a number, walked back and forth from it.

:func:`read_clause` walks back from the number to its clause's start (the verb, the subject,
"each X", a time, a state word, an amount it is listed after under one verb) and forward to the
clause's end (a state after it: "left", "now", "in all"; a verb whose subject is the number: "9
customers left"). Each thing it reads is one rule below; every window is bounded.
"""

from __future__ import annotations

from typing import Final

from practiceloop.arith import lexicon as lx
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.arith.reader.clause_after import (
    Clause,
    adverb_before_verb,
    after_a_move,
    walk_forward,
)
from practiceloop.arith.reader.containers import container_of_a_thing
from practiceloop.arith.reader.cues import (
    AUX,
    GET_FORMS,
    found_out,
    handed_out,
    is_verb,
    rid_of,
    verb_as_modifier,
    verb_direction,
)
from practiceloop.arith.reader.held_with import holder_with
from practiceloop.arith.reader.motion import MANNER_OF_MOTION
from practiceloop.arith.reader.nouns import (
    SIDE_OPENERS,
    container_head,
    head,
    is_noun,
    noun_phrase,
    participle_before_a_noun,
    side_at,
)
from practiceloop.arith.reader.tokens import Reading

__all__ = [
    "START_WORDS",
    "clause_subject",
    "clause_verb",
    "coordinated_amount",
    "each_before",
    "each_shared",
    "listed_before",
    "own_verb_after",
    "parallel_now",
    "period_of_its_own_count",
    "price_of_one",
    "read_clause",
    "shared_subject",
    "side_before",
    "state_before",
    "then_after_and",
    "then_after_subject",
    "verb_activity",
]

START_WORDS = frozenset({"initially", "originally", "start", "begin", "beginning", "first"})
_NOT_SUBJECT = frozenset({"from", "to", "with", "by", "for", "of", "at", "than"})
"""A name after one of these is no subject ("received 307 sheets from Jane and gave ...")."""


def read_clause(
    r: Reading,
    first: int,
    after: int,
    attrs: dict[str, str],
    previous: list[tuple[int, int]],
) -> None:
    """Walk the clause of the number at tokens ``first``.. (its phrase ends before ``after``)
    and record its verb and direction, subject and owner, side, state, activity and rate.
    ``previous`` holds the (first, last) tokens of the numbers read before it."""
    clause = Clause()
    _walk_back(r, first, attrs, previous, clause, own_verb_after(r, first, after))
    walk_forward(r, first, after, attrs, clause)
    if clause.side:
        attrs["side"] = clause.side
    if clause.one and "subject_noun" in attrs:
        r.one_of[first] = clause.container or attrs["subject_noun"]
        if clause.container:
            r.one_container.add(first)
    if clause.verb:
        attrs["verb"] = clause.verb
        direction = verb_direction(clause.verb, attrs.get("unit") in lx.MONEY_UNITS)
        if clause.verb in MANNER_OF_MOTION:  # told by the cue's particle or goal, or none
            direction = r.motions.get(attrs.get("cue", ""), "")
        if direction:
            attrs["direction"] = direction
        if attrs.get("cue") in r.passive:  # "she was given a $10 tip": hers, a gain
            attrs["direction"] = "gain"
        if attrs.get("cue") in r.given_to:  # "Her mom gave her 7 dollars": hers, a gain
            attrs["direction"] = "gain"
            attrs.pop("subject_noun", None)
            clause.subject = ""
        source = r.taken_from.get(attrs.get("cue", ""))
        if source is not None:  # "bought 140 cakes from him", "picked 2 from her tree"
            attrs["direction"] = "loss"
            attrs.pop("subject_noun", None)
            attrs.pop("owner", None)
            clause.subject = ""
            if source:
                attrs["subject_noun"] = source
        place_move = r.place_moves.get(attrs.get("cue", ""))
        if place_move is not None:  # "Dan took 22 from the drawer": the drawer's loss
            attrs["direction"] = place_move[0]
            attrs.pop("subject_noun", None)
            attrs.pop("owner", None)
            clause.subject = ""
            if place_move[1]:
                attrs["subject_noun"] = place_move[1]
    if clause.subject:
        attrs["subject"] = clause.subject
        attrs.pop("subject_noun", None)
        if clause.subject in r.actor_names and "owner" not in attrs:
            attrs["owner"] = r.actor_names[clause.subject]
    held = holder_with(r, first, attrs)
    if held:  # "A fly with 6 legs is also in the web": the fly's legs
        attrs["subject_noun"] = held
    if clause.verb in lx.HAVE_VERBS and not attrs.get("state") and after_a_move(r, first):
        attrs["state"] = "now"  # "After some more arrived he had 8 customers"


def _walk_back(
    r: Reading,
    first: int,
    attrs: dict[str, str],
    previous: list[tuple[int, int]],
    clause: Clause,
    own_verb: bool = False,
) -> None:
    """Back from the number to its clause's start: a control word, a stop mark, or an "and"
    that joins no amount (an amount with a verb of its own after its noun joins none:
    :func:`own_verb_after`)."""
    toks = r.toks
    sentence_of = r.sentence_of
    sentence = sentence_of[first]
    index = first - 1
    segment = first  # the first token of the amounts walked so far (joined by "and")
    while index >= 0 and sentence_of[index] == sentence:
        tok = toks[index]
        word = tok.lower if tok.kind == "word" else tok.text
        if word in ("and", ",", "&"):
            if own_verb and not clause.verb:
                break  # "received 5 cards from Bo and 3 cards were torn": its own verb
            joined = coordinated_amount(r, index, segment, attrs, previous, clause)
            if joined is not None:
                index = segment = joined
                index -= 1
                continue
            verb_at = index + 2 if then_after_and(r, index + 1) else index + 1
            verb_at += adverb_before_verb(r, verb_at)  # "gave some to Jeff and now has 404"
            if clause.verb and not clause.subject and r.word(verb_at) == clause.verb.split()[0]:
                # "He gave 9 cookies to his friend and ate 18": the subject is shared
                clause.subject = shared_subject(r, index - 1, first)
                each_shared(r, index, attrs)
            if parallel_now(r, index, clause) and not attrs.get("state"):
                attrs["state"] = "now"
            break
        if (
            word in lx.CONTROL_WORDS
            and not then_after_subject(r, index)
            and not then_after_and(r, index)
        ) or word in (
            ";",
            ":",
            ".",
        ):
            break
        if tok.kind == "word" and found_out(r, index):
            break  # "He found out that 5 apples fell": the fact learned is a clause of its own
        if tok.kind == "word":
            each_before(r, index, word, attrs)
            price_of_one(r, index, word, attrs, clause)
            side_before(r, index, word, attrs)
            state_before(r, index, word, attrs)
            if word == "there":
                clause.there = True
            if clause_verb(r, index, word, attrs, clause):
                pass
            elif clause_subject(r, index, word, attrs, clause):
                break  # "Baker's friend bought 137 cakes": the friend bought them
            verb_activity(r, index, first, word, attrs, clause)
        index -= 1


_BEING: Final = frozenset({"was", "were", "is", "are"})


def own_verb_after(r: Reading, first: int, after: int) -> bool:
    """The amount at ``first`` (its noun phrase ending before ``after``) is the subject of a
    verb right after that phrase: "and 3 cards were torn", "and 4 kites broke", "and 5 were
    lost"; so it is no amount listed under an earlier verb. "were"/"was"/"is"/"are" or a verb
    that is no auxiliary; never "left" ("5 red and 3 green apples left" is a state), nor a
    word before a plural noun ("12 striped shirts": a kind)."""
    if not r.same_sentence(first, after) or verb_as_modifier(r, after):
        return False  # "8 pop albums": a kind, no verb
    word = r.word(after)
    if word in _BEING:
        return True
    following = r.word(after + 1)
    if following and following not in lx.STOP_WORDS and lx.noun_key(following) != following:
        return False  # "12 striped shirts": a participle before a plural noun names a kind
    return word != "left" and word not in AUX and word not in lx.HAVE_VERBS and is_verb(word)


def then_after_subject(r: Reading, index: int) -> bool:
    """The "then" at token ``index`` stands between a clause's subject and its verb ("Jake
    then bought 4 more balloons"): an adverb of the clause, not a clause opener, so the walk
    back reads on to the subject. Only with an actor or a pronoun right before it, that
    actor opening its clause (the sentence's start, a comma or "and" before it), and a verb
    right after it; "If Tom had 5, then he bought 3" and "more than Tom then" keep "then" a
    boundary."""
    if r.word(index) != "then" or (index - 1 not in r.actor_at and index - 1 not in r.pronoun_at):
        return False
    before = index - 2
    opens = before < 0 or r.sentence_of[before] != r.sentence_of[index] or (
        r.toks[before].text in (",", ";") or r.word(before) == "and"
    )
    return opens and is_verb(r.word(index + 1))


def then_after_and(r: Reading, index: int) -> bool:
    """The "then" at token ``index`` follows "and" and comes right before a verb ("brought 2
    balloons to the park and then bought 3 more"): the second verb's subject is the first
    one's, as with "and" alone (:func:`shared_subject`). "and then he bought" has its own
    subject; "then" after anything else is left to :func:`then_after_subject`."""
    return r.word(index) == "then" and r.word(index - 1) == "and" and is_verb(r.word(index + 1))


def parallel_now(r: Reading, index: int, clause: Clause) -> bool:
    """The "and" at token ``index`` opens a clause told like the one before it, which is
    told as now: "now Fred has 21 dollars and Jason has 78 dollars" (Jason's 78 is now too).
    This clause has its own subject and a verb of having, the one before it opens with
    "now", "still" or "currently", then a subject, then the same verb, within eight
    tokens of the "and" and in its sentence."""
    if not clause.subject or clause.verb not in lx.HAVE_VERBS:
        return False
    lo = max(0, index - 8)
    for at in range(index - 1, lo, -1):
        if not r.same_sentence(index, at) or r.word(at) in lx.CONTROL_WORDS:
            return False
        if (
            r.word(at) == clause.verb
            and (at - 1 in r.actor_at or at - 1 in r.pronoun_at)
            and r.word(at - 2) in ("now", "still", "currently")
        ):
            return True
    return False


def coordinated_amount(
    r: Reading,
    index: int,
    segment: int,
    attrs: dict[str, str],
    previous: list[tuple[int, int]],
    clause: Clause,
) -> int | None:
    """An amount listed before this one under the verb still to come: "played chess with 4
    kids and checkers with 5 kids", "20 blocks to build a house and 50 blocks": the walk goes on
    from that amount (returns its first token). A word of this amount's own between the "and"
    and the number is its activity ("checkers"). None when the "and" joins no amount, or the
    verb was already read."""
    joined = next(
        (q for q in previous if q[0] <= index - 1 <= q[1] + 4 and q[1] < index), None
    ) or next((q for q in previous if listed_before(r, q[1], index)), None)
    if joined is None or clause.verb:
        return None
    own = next(
        (r.word(i) for i in range(index + 1, segment) if is_noun(r, i) and i not in r.actor_at),
        "",
    )
    if own and "activity" not in attrs and "entity" in attrs:
        attrs["activity"] = lx.noun_key(own)
    return joined[0]


def listed_before(r: Reading, last: int, index: int) -> bool:
    """True when the amount ending at ``last``, its noun and the side it is on ("20 blocks
    to build a house") end right at ``index``: the next amount is listed under its verb."""
    end, phrase = noun_phrase(r, last + 1)
    side = side_at(r, end) if phrase else None
    return side is not None and side[1] == index


def shared_subject(r: Reading, index: int, anchor: int) -> str:
    """The first actor or pronoun walking back from ``index`` within the clause chain: "He
    gave 9 cookies to his friend and ate 18" (he ate them); a name after a preposition is
    none ("received 307 sheets from Jane and gave ...")."""
    while index >= 0 and r.same_sentence(anchor, index):
        after_preposition = r.word(index - 1) in _NOT_SUBJECT
        if (index in r.actor_at or index in r.pronoun_at) and not after_preposition:
            return r.actor_at.get(index) or r.pronoun_at[index]
        word = r.word(index)
        if word in lx.CONTROL_WORDS and word != "and":
            return ""
        index -= 1
    return ""


_EACH_WITH: Final = ("with", "having", "containing", "holding")
"""Words after "each" that tell the rate of the count before it ("2 chapters each with 405
pages"), read by :func:`~.rates.each_with_of_a_count`, no group named after "each"."""


def each_before(r: Reading, index: int, word: str, attrs: dict[str, str]) -> None:
    """A rate named before the number: "Each box holds 6 pens", "each of the boxes held 6
    pens" (per ``box``), "8 comics, each of which cost $4" (per ``each``); "Every day Ryan
    spends 6 hours" is per ``day``, a period said alone (the name after it is the subject, no
    part of a noun phrase "day Ryan")."""
    opens = index == 0 or not r.same_sentence(index, index - 1) or r.toks[index - 1].text == ","
    if word == "everyday" and "per" not in attrs and opens:
        attrs["per"] = "day"  # "Everyday she reads 5 pages", opening its clause
    if word in ("each", "every") and "per" not in attrs:
        probe = index + 1
        if lx.noun_key(r.word(probe)) in lx.TIME_UNITS and lx.noun_key(r.word(probe)) == r.word(
            probe
        ):
            if not period_of_its_own_count(r.word(probe), attrs):
                attrs["per"] = r.word(probe)  # "Every day Ryan spends", "each week she saves"
        elif r.word(probe) == "of" and r.word(probe + 1) in ("which", "them", "these"):
            attrs["per"] = "each"  # "8 comics, each of which cost $4"
        elif r.word(probe) == "of" and r.word(probe + 1) in ("the", "his", "her", "their"):
            if r.word(probe + 2):
                attrs["per"] = head(r, probe + 2)  # "each of the shelves had 6 books"
        elif r.word(probe) and r.word(probe) not in ("of", "one", *_EACH_WITH):
            attrs["per"] = container_head(r, probe)  # "Each pack of gum has 12 sticks": pack


def period_of_its_own_count(period: str, attrs: dict[str, str]) -> bool:
    """True when the amount counts the very period "each" or "every" names before it: "runs 4
    laps every day for 15 days" counts days, and 15 days are no rate per day (the "every day"
    is the 4 laps' rate, told after them). "Every day Ryan spends 6 hours" counts hours."""
    return period in (attrs.get("unit"), attrs.get("entity"))


def each_shared(r: Reading, index: int, attrs: dict[str, str]) -> None:
    """ "Each album came with a lyric sheet and had 7 songs": the verb after "and" shares the
    subject "each album" that opens the clause chain, so the number is per ``album`` as in
    "Each album had 7 songs". The chain before the "and" at ``index`` must open its sentence
    (or follow a comma) with "each"/"every" and a noun, and count nothing ("Each box had 2
    pens and held 6 caps" keeps "6" unread here: two amounts, and the rule says nothing)."""
    if "per" in attrs:
        return
    probe = index - 1
    while probe >= 0 and r.same_sentence(index, probe) and r.word(probe) not in ("each", "every"):
        if not r.word(probe) or r.word(probe) in lx.CONTROL_WORDS:
            return  # a number, a mark or a clause opener before any "each"
        probe -= 1
    opening = probe - 1
    if probe < 0 or not r.same_sentence(index, probe) or r.word(probe + 1) in ("of", "one", ""):
        return
    if r.same_sentence(index, opening) and r.toks[opening].text != ",":
        return
    attrs["per"] = head(r, probe + 1)


_PLACE_PREPOSITIONS: Final = frozenset({"in", "on", "at", "from", "inside", "of"})


def price_of_one(
    r: Reading, index: int, word: str, attrs: dict[str, str], clause: Clause
) -> None:
    """ "A cone costs 99 cents", "an ice cream cone costs $2": the price of one thing is a
    rate per that thing (per ``cone``), as "each cone costs" is. A noun after a preposition is
    no subject: "Each candle in a box cost $3" is the candle's price, not the box's."""
    if word not in ("a", "an") or "per" in attrs or clause.verb not in ("cost", "costs"):
        return
    if r.word(index - 1) == "and":
        return  # "A pen and a cup cost 99 cents": the price of both
    if r.word(index - 1) in _PLACE_PREPOSITIONS:
        return  # "each candle in a box cost $3": the box is where the candle is
    for probe in range(index + 2, min(index + 5, len(r.toks))):
        if r.word(probe) == "and":
            return
        if r.word(probe) == clause.verb:
            if r.word(probe - 1) and probe - 1 not in r.actor_at:
                attrs["per"] = lx.noun_key(r.word(probe - 1))
            return


def side_before(r: Reading, index: int, word: str, attrs: dict[str, str]) -> None:
    """A time (or purpose) before the number in its clause is its side: "On monday she had 7
    bags" (``monday``); the nearest one walking back."""
    if (
        "side" not in attrs
        and word in SIDE_OPENERS  # side_at's own first test, without the call
        and (side := side_at(r, index)) is not None
    ):
        attrs["side"] = side[0]


def state_before(r: Reading, index: int, word: str, attrs: dict[str, str]) -> None:
    """A state named before the number: "now/still/currently has 5" (``now``), "a total of
    9", "in all 9", "together they weighed 9" (``in_all``), "initially had 9", "at first"
    (``start``)."""
    if word in ("now", "still", "currently") and not attrs.get("state"):
        attrs["state"] = "now"
    if word in ("total", "together", "altogether", "combined") or (
        word == "all" and r.word(index - 1) == "in"
    ):
        attrs["state"] = "in_all"  # "Together their strawberries weighed 20 pounds"
    if word in START_WORDS and (word != "first" or r.word(index - 1) == "at"):
        attrs["state"] = "start"


def clause_verb(r: Reading, index: int, word: str, attrs: dict[str, str], clause: Clause) -> bool:
    """The nearest verb before the number is its verb ("gave 5 apples", "got on 5"), with the
    cue read at it; True when it is read here. A participle before a plural noun, after a
    word that is no subject, is none (:func:`~.nouns.participle_before_a_noun`: "adding
    mashed potatoes"; "She played cards with 15 kids" keeps "played")."""
    if clause.verb or not (is_verb(word) or rid_of(r, index)):
        return False
    before = r.word(index - 1)
    subject = (
        before in lx.PRONOUNS
        or index - 1 in r.actor_at
        or index - 1 in r.pronoun_at
        or (before in lx.STOP_WORDS and before not in ("a", "an", "the"))
    )
    if before and not subject and participle_before_a_noun(r, index, [before]):
        return False  # "suggested adding mashed potatoes 120 suggested": "mashed" is no verb
    clause.verb = word
    if index in r.cue_at:
        attrs["cue"] = r.cue_at[index]
    if word in GET_FORMS or handed_out(r, index):
        clause.verb = word + " " + r.word(index + 1)
    return True


INTENT_WORDS: Final = frozenset({"will", "plans", "wants", "hopes", "intends", "needs"})
"""Words of intent between a subject and its verb ("Tom plans to give", "His uncle will
give"): they tell a move not done yet, and are never the subject."""


def clause_subject(
    r: Reading, index: int, word: str, attrs: dict[str, str], clause: Clause
) -> bool:
    """Before the verb, the first actor or pronoun is the subject ("Adam and Jackie have": the
    owner is a ``group``), or else the first noun is (``subject_noun``: "the tree has 7
    apples"). A possessor is not the subject: "Baker's friend bought 137 cakes" (the friend
    bought them): True then, and the walk stops."""
    if not clause.verb or clause.subject:
        return False
    if (
        index in r.actor_at
        and "subject_noun" in attrs
        and r.toks[index].lower.endswith(("'s", "’s"))
    ):
        return True
    if index in r.actor_at or index in r.pronoun_at:
        clause.subject = r.actor_at.get(index) or r.pronoun_at[index]
        if r.word(index - 1) == "and" and (index - 2) in r.actor_at:
            attrs["owner"] = "group"  # "Adam and Jackie have": no single owner
    elif (
        "subject_noun" not in attrs
        and word not in lx.STOP_WORDS
        and not is_verb(word)
        and word not in NUMBER_WORDS
        and word not in lx.TIME_ADVERBS  # "then later picked 19 more": no subject
        and word not in INTENT_WORDS  # "His uncle plans to give 3": the uncle, not a plan
    ):
        attrs["subject_noun"] = lx.noun_key(word)
        clause.one = r.word(index - 1) in ("a", "an", "one")
        clause.container = container_of_a_thing(r, index)
        clause.one = clause.one or bool(clause.container)
    return False


def verb_activity(
    r: Reading, index: int, first: int, word: str, attrs: dict[str, str], clause: Clause
) -> None:
    """The word after the verb, before the number, is the activity: "played *tag* with 4
    kids", "spent 5 hours" has none."""
    if (
        clause.verb
        and index + 1 < first
        and "activity" not in attrs
        and word == clause.verb.split()[0]
    ):
        follower = r.word(index + 1)
        if follower and follower not in lx.STOP_WORDS and follower not in NUMBER_WORDS:
            attrs["activity"] = lx.noun_key(follower)
