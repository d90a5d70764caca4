"""The first shape of the portion reading: fractions of a told whole, moved away one after
another or told as a property (the sentences are read by
:mod:`practiceloop.arith.portion_clauses`).

"Neil baked 20 cookies. He gave 2/5 of the cookies to his friend. How many cookies are left
for Neil?" "Ali has $480. He spent half of it on food, and then he spent a third of what was
left on a pair of glasses. How much money did he have left?" The sentences are, in order:

* opening sentences that say nothing countable
  (:func:`~practiceloop.arith._portion_base.opening_says_nothing`);
* the whole: "<Holder> <verb> <N> <thing> [<phrase>]." (a verb that holds or gets things),
  "There are <N> <thing> [<phrase>].", or "<Holder> has some <thing>" when what was left is
  told; left out when the first part says it ("She spent 2/3 of her $150");
* the parts: "<Holder> <verb> <F> of <them | it | the thing | his thing | her <N> thing>
  [<phrase>]." (a verb that takes things from its subject, told: "gave", "spent", "sold",
  "lost"; "half" may go without "of": "half the amount"), or "<F> of the thing were
  <verb>ed" ("If 5/6 of the nuts were eaten,"); each part after the first is of what the one
  before left ("of what was left", "of the remaining money", "of the rest of her cards"),
  the first never; or one property "<F> of the thing are <property>[, and the rest are
  <other>]" (the whole may then be told after it: "If there are 18 contestants in total,");
* what was left, when the whole is asked: "now she has $24 left";
* the question: what the holder has left (or now), what is left or remains, what a part's
  verb moved (a verb no other part has), the whole "at first" / "originally", or how many
  have the property, the rest's, or not the property.

Every clause's holder is the one holder
(:func:`~practiceloop.arith._portion_base.one_holder`); a part's may be another person's
only when "There are" tells the whole and the question asks no holder. <F> is strictly
between nothing and all. "of them" / "of it" name the one whole; "of the X" / "of his X"
name it by its noun phrase (the same words, or its last word), a possessive the subject's
own. "spent half of it and bought a toy": what the money bought, with no number, is read
with its part.
"""

from __future__ import annotations

from practiceloop.arith._portion_base import (
    PRONOUNS,
    Shape,
    one_holder,
    opening_says_nothing,
    same_thing,
)
from practiceloop.arith.lexicon import verb_key
from practiceloop.arith.portion_clauses import Clause, clauses
from practiceloop.arith.portion_kinds import one_tense, other_kind
from practiceloop.arith.portion_questions import Asked, asked, question
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_shares"]


def read_shares(
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    observations: tuple[Observation, ...],
    names: set[str],
) -> Shape | None:
    """The shape fractions of a told whole make of the text (see the module docstring), or
    None."""
    story: list[Clause] = []
    opening: list[SourceSpan] = []
    for sentence in sentences[:-1]:
        read = clauses(sentence)
        if read is None:
            if story:
                return None
            opening.append(sentence)
            continue
        story.extend(read)
    ask = asked(*question(sentences[-1]))
    activities = [c for c in story if c.kind == "activity"]  # "She went shopping": no amount
    story = [c for c in story if c.kind != "activity"]
    if ask is None or not story:
        return None
    shape = _shape(story)
    if shape is None:
        return None
    whole, steps, left = shape
    shares = [c for op, c in steps if op.startswith("take")]
    moves = [c for op, c in steps if not op.startswith("take")]
    thing = whole.thing
    if thing is None or any(not same_thing(thing, s.thing) for s in shares if s is not whole):
        return None
    unsaid = [m for m in moves if m.thing is None and m.ref not in ("them", "left")]
    if unsaid or any(not same_thing(thing, m.thing) for m in moves):
        return None  # a number of another thing moved ("16 of them" is of the one thing)
    if any(s.ref == "them" and thing == ("money",) for s in shares):
        return None
    if any((s.bought or s.spent_on) is not None and thing != ("money",) for s in shares):
        return None  # "gave half of them and bought a toy": no spending the toy is of
    if not all(opening_says_nothing(s, mentions, observations, thing) for s in opening):
        return None
    if not _one_holder([*story, *activities], ask, names, whole, [*shares, *moves], left):
        return None
    pronouns = {h.lower() for h in [*(c.holder for c in story), ask.holder] if h} & set(PRONOUNS)
    said_whose = (*shares, *moves)  # "of his cards", a share's or a number's ("8 of his cards")
    if any(s.possessive is not None and not _possessive_fits(s, pronouns) for s in said_whose):
        return None
    asked_role = _asked_role(ask, steps, left, thing)
    if asked_role is None and one_tense(whole.verb, steps, sentences[-1].text):
        asked_role = _other_kind_asked(ask, steps, left, thing)
    told = left if left is not None else whole
    if asked_role is None or told.amount is None or told.value is None:
        return None
    factors = []
    for share in shares:
        if share.fraction is None or share.part is None or not 0 < share.part < 1:
            return None
        factors.append((share.fraction, share.part, share.percent))
    said = [c.verb_span for c in (whole, *shares, *moves, *activities, left) if c is not None]
    for clause in (*shares, *moves):
        said += [clause.rest_span, clause.left_ref, clause.bought, clause.spent_on]
    said += [ask.negation, ask.over]
    changes = tuple((m.amount, m.value) for m in moves if m.amount and m.value is not None)
    if len(changes) != len(moves):
        return None
    order: list[tuple[str, int]] = []
    for op, clause in steps:
        index = shares.index(clause) if op.startswith("take") else moves.index(clause)
        order.append((op, index))
    story_told = len(steps) > 1 or bool(moves)
    return Shape(
        factors=tuple(factors),
        told=told.amount,
        told_value=told.value,
        told_role="rest" if left is not None else "whole",
        asked_role=asked_role,
        consumed=tuple(s for s in said if s is not None),
        counts=thing != ("money",),
        thing=thing[-1],
        changes=changes,
        steps=tuple(order) if story_told else (),
    )


def _one_holder(
    story: list[Clause],
    ask: Asked,
    names: set[str],
    whole: Clause,
    shares: list[Clause],
    left: Clause | None,
) -> bool:
    """Every clause's holder is the whole's; a part's may be anyone's only when "There are"
    tells the whole and the question asks no holder."""
    said = [c.holder for c in story if c.holder is not None]
    said += [ask.holder] if ask.holder is not None else []
    after = [(c.holder, c.named) for c in story if c.holder is not None]
    holders = one_holder(said, after, ask.holder, names)
    if holders is None:
        return False
    owner = holders.get(whole.holder) if whole.holder is not None else None
    movers = {holders.get(s.holder) for s in shares if s.holder is not None}
    asker = holders.get(ask.holder) if ask.holder is not None else None
    if whole.holder is not None and not movers <= {owner}:
        return False
    if whole.holder is None and movers and asker is not None:
        return False  # "There are 30 nuts. Tom ate half of them. How many does Tom have?"
    if left is not None and holders.get(left.holder or "") != owner:
        return False
    return asker in (None, owner)


Steps = list[tuple[str, Clause]]


def _shape(story: list[Clause]) -> tuple[Clause, Steps, Clause | None] | None:
    """(the whole, the moves in order, what was left) in one of the orders the module
    docstring lists; None otherwise. Each move is ``take`` (a fraction of what there is),
    ``take_whole`` (a fraction of the whole, beside others of it), ``gain`` or ``loss``."""
    kinds = [c.kind for c in story]
    if kinds in (["told", "property"], ["property", "told"]):
        whole = story[0] if kinds[0] == "told" else story[1]
        share = story[1] if kinds[0] == "told" else story[0]
        if whole.amount is None or share.ref == "left" or whole.way == "loss":
            return None
        return whole, [("take", share)], None
    left = story[-1] if kinds[-1] == "left" else None
    body = story[:-1] if left is not None else story
    if body and body[0].kind == "told" and not body[0].further:
        whole, rest = body[0], body[1:]
    elif body and body[0].kind == "moved" and body[0].amount is not None:
        whole, rest = body[0], body  # "She spent 2/3 of her $150": the whole said in it
    elif body and body[0].kind == "moved" and body[0].possessive and left is not None:
        # "spent 1/4 of her money, and now she has $24 left": the whole is hers, untold
        whole = Clause("told", body[0].holder, None, thing=body[0].thing)
        rest = body
    else:
        return None
    steps = _steps(rest)
    if steps is None or not any(op.startswith("take") for op, _ in steps):
        return None
    if any(c.amount is not None for op, c in steps if op.startswith("take") and c is not whole):
        return None  # a whole told twice
    if (whole.amount is None) == (left is None):
        return None  # none told and none asked back, or both told
    return whole, steps, left


def _steps(body: list[Clause]) -> Steps | None:
    """The moves after the whole: a number gained or lost, or a fraction taken. The first
    fraction, or one after gains only, is of all there is; a later one is of what the moves
    before left ("of what was left"), or, beside fractions of the whole only, of the whole
    again ("1/4 of the money ... 1/2 of the money"); anything else is refused (after a loss,
    "half of her cards" may be of the cards she had or of those she has)."""
    steps: Steps = []
    for clause in body:
        if clause.kind == "told" and clause.way == "gain":
            steps.append(("gain", clause))
        elif clause.kind == "change" and clause.way == "loss":
            if clause.ref == "left" and not steps:
                return None  # "5 of the remaining eggs" with nothing moved before it
            steps.append(("loss", clause))
        elif clause.kind != "moved":
            return None
        elif clause.same_whole:  # "3/8 of his money to his mother and 3/10 to his father"
            if not steps or any(op == "gain" or op == "loss" or c.ref == "left" for op, c in steps):
                return None
            steps = [("take_whole", c) for _, c in steps] + [("take_whole", clause)]
        elif clause.ref == "left":
            if not steps:
                return None  # nothing was left yet
            steps.append(("take", clause))
        elif all(op == "gain" for op, _ in steps):
            steps.append(("take", clause))  # of all there is: the whole and what was gained
        elif clause.ref == "the" and all(
            op.startswith("take") and c.ref == "the" for op, c in steps
        ):
            steps = [("take_whole", c) for _, c in steps] + [("take_whole", clause)]
        else:
            return None
    return steps


def _possessive_fits(share: Clause, pronouns: set[str]) -> bool:
    """ "of his cars" after "he": the possessive is the one the story's pronoun for its
    holder takes ("Ivy spent 1/4 of his money ... she has $24 left" is someone else's money;
    with no pronoun said, whose a name's "his" is cannot be told)."""
    if share.holder is None or len(pronouns) != 1:
        return False  # "5/6 of his nuts were eaten": whose is unsaid
    return PRONOUNS[next(iter(pronouns))] == share.possessive


def _other_kind_asked(
    ask: Asked, steps: Steps, left: Clause | None, thing: tuple[str, ...]
) -> str | None:
    """ "How many boys are there?", "How many of them are boys?" after one share "25% of them
    are girls" of a whole the two kinds split (:func:`~.portion_kinds.other_kind`): the rest,
    asked by its kind (``rest``); None for anything else."""
    if ask.kind != "prop" or left is not None or len(steps) != 1 or steps[0][0] != "take":
        return None
    share = steps[0][1]
    if share.kind != "property" or share.rest_prop is not None:
        return None
    if ask.prop == "there" and ask.thing is not None and len(ask.thing) == 1:
        kind = ask.thing[0]  # "How many boys are there?"
    elif ask.prop is not None and (ask.thing is None or same_thing(thing, ask.thing)):
        kind = ask.prop  # "How many of them are boys?", "How many of the students are boys?"
    else:
        return None
    return "rest" if other_kind(share.prop, kind, thing) else None


def _asked_role(
    ask: Asked, steps: Steps, left: Clause | None, thing: tuple[str, ...]
) -> str | None:
    """The relation role the question asks, or None when it asks anything the story does not
    tell that way."""
    if not same_thing(thing, ask.thing) and not (ask.kind == "prop" and ask.thing is None):
        return None
    if left is not None:  # the whole is asked back from what was left
        if ask.kind != "start" or not same_thing(thing, left.thing):
            return None
        return "whole"
    if ask.kind == "start":
        return None
    shares = [c for op, c in steps if op.startswith("take")]
    share = shares[0]
    if share.kind == "moved":
        if ask.kind == "left":
            return "rest"
        if ask.kind != "moved":
            return None
        moved = [c for _, c in steps if verb_key(c.verb) == verb_key(ask.verb)]
        if len(moved) != 1 or moved[0] not in shares:
            return None  # two moves of one verb, or a number told: not what is asked
        return "part" if len(shares) == 1 else f"part_{shares.index(moved[0]) + 1}"
    if ask.kind == "prop" and ask.prop == share.prop:
        return "part"
    if ask.kind == "rest" and ask.prop == share.prop:
        return "rest"
    if ask.kind == "prop" and share.rest_prop is not None and ask.prop == share.rest_prop:
        return "rest"
    return None
