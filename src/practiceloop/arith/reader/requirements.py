"""Stage 5c of the reader: a requirement, what is done towards it, and what is still needed.

"The recipe calls for 9 cups of rice. Omar already put in 5 cups of rice. How many more cups
of rice does he need to add?" tells three amounts of one thing: what is **required** (read
from its verb: "calls for", "needs", "requires", "a total of N"), what is **done** ("already
put in", "has placed", "currently has") and what is **still needed** ("still needs 3 more",
"needs 159 g more"). The reader marks each amount with a ``need`` attribute (``required``,
``done``, ``remaining``) and the question's unknown with the one it asks; the proposal
(:func:`practiceloop.arith.reader.proposals.propose_requirement`) reads them as a change toward
the required result: ``required = done + remaining``.

Each rule is one function below. They read only texts that tell a requirement of an amount
(:func:`requirement_verb` with a number after it); a text that tells none is left as it was.
"""

from __future__ import annotations

from practiceloop.arith import lexicon as lx
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.arith.reader.cues import is_verb, verb_direction
from practiceloop.arith.reader.tokens import Reading
from practiceloop.kernel.frame import Mention, Target

__all__ = [
    "NEED_FORMS",
    "amount_required_at",
    "asked_need",
    "clause_start",
    "compared_need",
    "done_amount",
    "done_by_its_verb",
    "held_by_what_requires",
    "mark_requirements",
    "read_asked_need",
    "read_requirement_cues",
    "requirement_of",
    "requirement_verb",
    "still_needed",
]

NEED_FORMS = frozenset({"need", "needs", "needed", "require", "requires", "required"})
"""Verb forms that state a requirement (with "call(s) for")."""
_CALL_FORMS = frozenset({"call", "calls", "called"})
_HAVE_TO = frozenset({"has", "have", "had"})
_BEFORE_AMOUNT = frozenset({"a", "total", "of", "another"})
_STILL = frozenset({"still", "now", "more"})
_STOPS = frozenset({".", ",", ";", ":", "?", "!"})


def requirement_verb(r: Reading, index: int) -> int:
    """The token after a requirement verb at ``index``: "needs", "requires", "required",
    "calls for" (two tokens), "needs to read", "has to read" (three: what is required is
    that verb's amount); -1 when the word states no requirement ("calls" alone, "has" alone,
    "needs to" before no word)."""
    word = r.word(index)
    if word in _CALL_FORMS and r.word(index + 1) == "for":
        return index + 2
    if (word in NEED_FORMS or word in _HAVE_TO) and r.word(index + 1) == "to":
        return index + 3 if r.word(index + 2) and r.word(index + 2) != "be" else -1
    if word in NEED_FORMS:
        return index + 1
    return -1


def amount_required_at(r: Reading, index: int) -> bool:
    """True when a requirement verb at ``index`` is followed by a number (after "a total
    of", "another"): "calls for 9 cups", "require a total of 628 g"; "needs some" or "needs
    the money" tell no amount."""
    probe = requirement_verb(r, index)
    if probe < 0:
        return False
    for at in range(probe, min(probe + 4, len(r.toks))):
        tok = r.toks[at]
        if tok.kind in ("num", "money") or (r.word(at) in NUMBER_WORDS and r.word(at) != "a"):
            return r.same_sentence(index, at)
        if r.word(at) not in _BEFORE_AMOUNT:
            return False
    return False


def read_requirement_cues(r: Reading) -> None:
    """A cue (direction ``gain``: what is required is reached by gaining it) at each
    requirement verb followed by an amount, "calls for 9 cups", "He needs 159 g of wax more",
    "needs to read 60 pages", "has to read 60 pages", "needs to sell 60 cakes" (a goal of sales
    is reached by adding sales); nothing at "needs to add" (the verb after it is the move's
    cue, a gain) nor at a verb already cued; nothing unless the question asks what is
    required, done or still needed (:func:`asked_need`, :func:`compared_need`). Runs after
    :func:`~.cues.read_cues`, before the quantities read their verbs."""
    if not asked_need(r) and not compared_need(r):
        return
    for index in range(len(r.toks)):
        if index in r.cue_at or not amount_required_at(r, index):
            continue
        if r.word(index + 1) == "to" and _gains(r, index + 2):
            continue  # "needs to collect 9": the verb after "to" is the cue
        attrs = {
            "cue": r.word(index),
            "direction": "gain",
            "money_direction": "gain",
            "requirement": "yes",
        }
        r.cue_at[index] = r.add("c", "cue", index, index, attrs)


def _gains(r: Reading, index: int) -> bool:
    """The token at ``index`` is cued as a gain ("collect"); "sell" is cued as a loss."""
    cue = r.cue_at.get(index)
    mention = next((m for m in r.mentions if m.mention_id == cue), None)
    return mention is not None and ("direction", "gain") in mention.attributes


def requirement_of(r: Reading, first: int) -> int:
    """The requirement verb whose amount the number at token ``first`` is, walking back in its
    clause over the amounts listed after it ("calls for 3 cups of sugar 10 cups of flour and
    15 cups of salt"); -1 when a mark, a clause word, another verb or a person comes first."""
    index = first - 1
    steps = 0
    while index >= 0 and r.same_sentence(first, index) and steps < 16:
        word = r.word(index)
        if amount_required_at(r, index):
            return index
        if r.toks[index].text in _STOPS or (word in lx.CONTROL_WORDS and word != "and"):
            return -1
        if index in r.actor_at or index in r.pronoun_at:
            return -1
        if r.word(index - 1) == "to" and amount_required_at(r, index - 2):
            return index - 2  # "needs to read 60 pages", "has to read 60 pages"
        if word and word not in NEED_FORMS and is_verb(word):
            return -1
        index -= 1
        steps += 1
    return -1


def still_needed(r: Reading, first: int, attrs: dict[str, str]) -> bool:
    """True when the amount at ``first``, told with a requirement verb, is what is still
    needed rather than the whole requirement: "still needs 3 more cups", "needs 159 g of wax
    more" (both read ``additional``), "right now he needs 260 g" ("still", "now" or "more" in
    its own clause: "He now has 5 cups and needs 9 cups" requires 9); never a comparison
    ("2 more cups of flour than sugar")."""
    if attrs.get("additional") or attrs.get("compare"):
        return "compare" not in attrs
    said = {r.word(i) for i in range(clause_start(r, first), first)}
    return bool(said & _STILL)


def clause_start(r: Reading, first: int) -> int:
    """The first token of the clause of the number at ``first``: back to a mark or a clause
    word, and on over an "and" that only lists another amount ("already put in 10 cups of
    flour and 2 cups of sugar": one clause; "he has 4 and she has 3": two)."""
    lo = r.sentence_bounds[r.toks[first].sentence][0]
    index = first - 1
    while index > lo:
        word = r.word(index)
        if r.toks[index].text in _STOPS:
            return index + 1
        if word == "and":
            listed = all(
                i not in r.actor_at and i not in r.pronoun_at and not is_verb(r.word(i))
                for i in range(index + 1, first)
            )
            if not listed:
                return index
        elif word in lx.CONTROL_WORDS:
            return index
        index -= 1
    return lo


def done_amount(r: Reading, first: int, attrs: dict[str, str]) -> bool:
    """True when the amount at ``first`` is what is done towards a requirement told with no
    verb of its own ("calls for", "needs 9 cups"): "already"
    in its clause ("Omar already put in 5 cups", "has already placed 120 pieces"), or held by
    a person ("he currently has 11 g", "right now he has 20 g"), or told by a person in the
    perfect with a verb that takes nothing away, in any sense ("Ada has placed 120 pieces",
    "he has saved $20"; not "he has spent $20"); never a rate, a comparison or a requirement
    itself."""
    if attrs.get("per") or attrs.get("compare") or attrs.get("additional"):
        return False
    verb = attrs.get("verb", "")
    takes_away = "loss" in (verb_direction(verb, False), verb_direction(verb, True))
    if takes_away or lx.verb_class(verb) in ("transfer_out", "destroy"):
        return False  # "he has spent $20", "she already spilled 3": nothing done towards it
    clause = clause_start(r, first)
    said = {r.word(i) for i in range(clause, first)}
    if "already" in said:
        return True
    person = attrs.get("subject", "")[:1] in ("a", "p")
    if not person or said & NEED_FORMS:
        return False
    if verb in lx.HAVE_VERBS:
        return True
    # "Ada has placed 120 pieces": a perfect of a verb that takes nothing away
    return any(
        r.word(i) == verb and r.word(i - 1) in ("has", "have") for i in range(clause, first)
    )


def held_by_what_requires(attrs: dict[str, str], requiring: set[str]) -> bool:
    """ "A pool has 48 blue tiles and 32 red tiles. If the pool needs 100 tiles ...": what the
    very thing that requires an amount holds ("has", "contains") is done towards it, as a
    person's holding is (:func:`done_amount`); the thing is the subject noun of both
    ("pool"). Never a rate, a comparison, "N more", or the holding of another thing ("a wall
    has 30 tiles" beside "the pool needs")."""
    if attrs.get("per") or attrs.get("compare") or attrs.get("additional"):
        return False
    holder = attrs.get("subject_noun", "")
    return bool(holder) and holder in requiring and attrs.get("verb", "") in lx.HAVE_VERBS


def done_by_its_verb(attrs: dict[str, str], verbs: set[str]) -> bool:
    """True when a person moved the amount with the very verb a requirement was told with:
    "Ivo has to read 60 pages. He read 25 pages on monday" (done, in any tense; "he already
    ate 25" or "he has 25" is nothing done toward "needs to sell 60"); never a
    rate, a comparison or "N more" ("then he read 10 more" may be what is still needed)."""
    if attrs.get("per") or attrs.get("compare") or attrs.get("additional"):
        return False
    person = attrs.get("subject", "")[:1] in ("a", "p")
    return person and bool(verbs) and lx.verb_key(attrs.get("verb")) in verbs - {""}


def _token_at(r: Reading) -> dict[int, int]:
    return {tok.start: i for i, tok in enumerate(r.toks)}


def _rebuilt(mention: Mention, attrs: dict[str, str]) -> Mention:
    return Mention(
        mention_id=mention.mention_id,
        kind=mention.kind,
        span=mention.span,
        attributes=tuple(sorted(attrs.items())),
    )


def mark_requirements(r: Reading) -> None:
    """Mark every amount of a requirement text with what it is towards the requirement:
    ``need=required`` (state ``required``, its verb's cue), ``need=remaining`` (a move still
    to make: direction ``gain``, no state) or ``need=done`` (state ``start``: what is there
    before the rest is added). A text with no amount read by a requirement verb is left as it
    was, and so is a text whose question asks none of them (:func:`asked_need`: "He still needs
    5 more stickers. How many stickers does he have now?" asks no step toward a requirement);
    so is an amount that is a rate ("each plank needs 17 nails"). A question comparing what is
    still needed of two things (:func:`compared_need`) marks them too."""
    if not asked_need(r) and not compared_need(r):
        return
    token_at = _token_at(r)
    marked: dict[int, dict[str, str]] = {}
    to_verbs: set[str] = set()  # "needs to read": the verbs a requirement is told with
    requiring: set[str] = set()  # "the pool needs 100 tiles": the things that require
    for position, mention in enumerate(r.mentions):
        if mention.kind != "quantity" or mention.span.start not in token_at:
            continue
        first = token_at[mention.span.start]
        attrs = dict(mention.attributes)
        verb = requirement_of(r, first)
        if verb < 0 or "per" in attrs:
            continue
        if still_needed(r, first, attrs):
            attrs["need"] = "remaining"
            attrs["direction"] = "gain"
            attrs.pop("state", None)
        else:
            if r.word(verb + 1) == "to":  # the requirement's own verb, "needs to sell 60"
                to_verbs.add(lx.verb_key(r.word(verb + 2)) or "")
            attrs["need"] = "required"
            attrs["state"] = "required"
            attrs.pop("direction", None)  # "needs to collect 60 cans": no move yet
            requiring.add(attrs.pop("subject_noun", ""))  # "A puzzle needs 300": no holder
        attrs.setdefault("cue", r.cue_at.get(verb, ""))
        if not attrs["cue"]:
            attrs.pop("cue")
        marked[position] = attrs
    if not marked:
        return
    for position, mention in enumerate(r.mentions):
        if mention.kind != "quantity" or position in marked:
            continue
        if mention.span.start not in token_at:
            continue
        first = token_at[mention.span.start]
        attrs = dict(mention.attributes)
        verb_index = first - 1
        if r.word(verb_index) in lx.GAIN_VERBS and r.word(verb_index - 1) == "to" and (
            r.word(verb_index - 2) in NEED_FORMS
        ):  # "she still needs to add 6 more cups": the move still to make
            attrs["need"] = "remaining"
            attrs.pop("state", None)
            marked[position] = attrs
        elif (
            done_by_its_verb(attrs, to_verbs)
            if to_verbs - {""}
            else done_amount(r, first, attrs) or held_by_what_requires(attrs, requiring)
        ):  # a requirement told with a verb is done by that verb only ("needs to sell 60")
            attrs["need"] = "done"
            attrs["state"] = "start"
            attrs.pop("direction", None)
            marked[position] = attrs
    for position, attrs in marked.items():
        r.mentions[position] = _rebuilt(r.mentions[position], attrs)


def asked_need(r: Reading) -> str:
    """What the question asks of a requirement: ``remaining`` ("How many more cups does he
    need to add?", "How much does he still need?", "How many more should he buy?"),
    ``required`` ("How many cups does the recipe require?", a thing, not a person, before the
    verb) or ``done`` ("How many grams
    does he already have?", "How many cups did she put in?" after "She already put in some
    cups"); "" when it asks none of them, or compares ("than")."""
    if r.question < 0:
        return ""
    lo, hi = r.sentence_bounds[r.question]
    said = [r.word(i) for i in range(lo, hi + 1)]
    how = next((i for i, w in enumerate(said) if w == "how"), -1)
    if how < 0:
        return ""
    asked = said[how:]
    if "than" in asked:
        return ""  # "How many more cups of flour than of sugar ...": two things compared
    needs = [
        i
        for i, w in enumerate(asked)
        if w in NEED_FORMS or w in _CALL_FORMS or (w in _HAVE_TO and asked[i + 1 : i + 2] == ["to"])
    ]
    if needs and (asked[2:3] == ["more"] or "still" in asked):
        return "remaining"
    if asked[2:3] == ["more"] and {"should", "must"} & set(asked):
        return "remaining"  # "How many more plates should he buy?"
    if "already" in asked:
        return "done"
    if needs:
        at = lo + how + needs[0]
        subject = next(
            (i for i in range(lo + how, at) if r.word(i) in ("does", "do", "did", "will")), -1
        )
        person = any(i in r.actor_at or i in r.pronoun_at for i in range(subject, at))
        return "required" if subject >= 0 and not person else ""
    # "She already put in some cups ... How many cups did she put in?": the verb told after
    # "already" is the one asked, of a count ("how long will it take him to cook the rest?"
    # asks a time, not what was cooked)
    if asked[1:2] not in (["many"], ["much"]):
        return ""
    asked_keys = {lx.verb_key(w) for w in asked[3:] if w and w not in lx.HAVE_VERBS}
    for index, word in enumerate(r.words):
        done = r.word(index + 1)
        if (
            word == "already"
            and r.toks[index].sentence != r.question
            and done
            and done not in lx.HAVE_VERBS
            and lx.verb_key(done) in asked_keys
        ):
            return "done"
    return ""


def compared_need(r: Reading) -> bool:
    """True when the question compares what is still needed of two things: "How many more
    cups of flour than cups of sugar does she need to add now?", "... does he still need?"
    ("how many more", "than", then a requirement verb after the "than"; "How many more cups
    than Tom does she have?" or "need" before the "than" is no such question). The unknown
    stays the comparison's difference; the amounts are marked as for :func:`asked_need`."""
    if r.question < 0:
        return False
    lo, hi = r.sentence_bounds[r.question]
    said = [r.word(i) for i in range(lo, hi + 1)]
    how = next((i for i, w in enumerate(said) if w == "how"), -1)
    if how < 0 or said[how + 1 : how + 3] != ["many", "more"] or "than" not in said[how:]:
        return False
    than = said.index("than", how)
    if any(w in NEED_FORMS for w in said[how:than]):
        return False
    after = said[than + 1 :]
    return any(
        w in NEED_FORMS and after[i + 1 : i + 3] in (["to", "add"], ["to", "put"])
        for i, w in enumerate(after)
    ) or any(w == "still" and after[i + 1 : i + 2] and after[i + 1] in NEED_FORMS
             for i, w in enumerate(after))  # fmt: skip


def read_asked_need(r: Reading, targets: tuple[Target, ...]) -> tuple[Target, ...]:
    """Mark the question's unknown (and its target) with what it asks of a requirement
    (:func:`asked_need`), when the text's amounts were marked by :func:`mark_requirements`;
    returns the targets, rebuilt when marked. A requirement asked of a thing ("does the recipe
    require") names no holder: the thing is not the owner of the amount."""
    if not any(
        ("need", "required") in m.attributes or ("need", "remaining") in m.attributes
        for m in r.mentions
        if m.kind == "quantity"
    ):
        return targets
    need = asked_need(r)
    if not need or not targets:
        return targets
    for position, mention in enumerate(r.mentions):
        if mention.kind == "unknown":
            r.mentions[position] = _rebuilt(mention, _asking(dict(mention.attributes), need))
    first = targets[0]
    attrs = _asking(dict(first.attributes), need)
    rebuilt = Target(
        target_id=first.target_id,
        attributes=tuple(sorted(attrs.items())),
        evidence_spans=first.evidence_spans,
    )
    return (rebuilt, *targets[1:])


def _asking(attrs: dict[str, str], need: str) -> dict[str, str]:
    attrs["need"] = need
    if need == "required":
        attrs.pop("subject_noun", None)
    return attrs
