"""A told whole, one part told by what it is or does, the other part asked: the other-part reading.

"In a bag of 50 balloons, 32 are red. How many balloons are not red?", "Isabela invited 22
friends to her party. 15 of them came. How many did not come?", "A bus has 48 seats. 29 seats
are taken. How many seats are free?", "A pet shop has 47 puppies and kittens. If 19 are
puppies, how many are kittens?". No "the rest" is said (:mod:`practiceloop.arith.rests` reads
those); the text says the asked part is the whole's other part in one of three ways, and
:func:`read_other_part` reads only those (one fact of :mod:`practiceloop.arith.sides` each: the
whole as the sum of the two parts, the told part, and the other part asked):

* *the told part's predicate, negated in the question* (:func:`complement_asked`): "32 are
  red" / "are not red", "15 of them came" / "did not come", "won 15 of them" / "did they not
  win" (one predicate, word for word by lemma; the told part itself not negated);
* *a pair of the closed table* :data:`~practiceloop.arith.lexicon.COMPLEMENT_PAIRS`, or a word
  and its "un-" form, told and asked with "be": "29 seats are taken" / "are free";
* *the whole told as two kinds* (:func:`kinds_listed`): "47 puppies and kittens", "80 birds,
  all chickens or ducks": the part is one kind ("19 are puppies", "There are 44 crayons in
  the box") and the question asks the other.

The whole is told once ("<holder> has | holds | contains <N> <thing>", "There are <N> <thing>
[at <place>]", "In a bag of <N> balloons, ...", "Of the <N> dogs at a shelter, ...", or a verb
that gathers them, "<holder> invited <N> friends", when the part is "N of them" or counts no
thing of its own); the part counts the whole's thing or none ("32 are red", "15 of them", "24
of the guests", "7 seats"); one holder at most, and every pronoun, possessive and the
question's subject is that holder; the question's thing, when said, is the whole's (or the
asked kind), its place one the whole was told at ("in it", "in the box", "at the party"). An
amount of another thing told apart ("There are also 9 cats at the park") is a side of its own
that no question of the whole reaches. Everything else refuses the reading: a second part or
whole, a third kind, a negated part, another holder, a modal, a multiplier (any observation
but the subset and the negations the reading consumes: :func:`~.sides.read_sides`).
"""

from __future__ import annotations

import dataclasses
import functools
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import COMPLEMENT_PAIRS, noun_key, verb_key
from practiceloop.arith.sides import NUMBER, Fact, Told, number_value, verbal
from practiceloop.kernel.span import SourceSpan

__all__ = ["complement_asked", "kinds_listed", "may_read", "read_other_part"]

_W: Final = (
    r"(?!(?:in|at|on|of|and|or|are|were|is|was|to|for|from|with|the|a|an|them|these|those"
    r"|not|all|there|how|many|also|if|did|do|does|have|has|had|it|they|he|she|will|would"
    r"|can|could|should|may|might|must|be|been)\b)[a-z][a-z'-]*"
)
_NP: Final = rf"(?:{_W} )?{_W}(?: of {_W})?"
"""A thing: one or two words ("jelly beans"), or "<unit> of <thing>" ("pieces of fruit")."""
_SUBJ: Final = rf"(?:(?:a|an|the|his|her|their) )?(?:{_W}'s )?{_W}(?: {_W})?"
_PLACE: Final = r"(?:in|at|on) (?P<place>(?:a|an|the|his|her|their) [a-z]+(?: [a-z]+)?|it)"
_BE: Final = r"(?:are|were|is|was)"
_OF: Final = rf"(?: of (?:them|these|those)| of the (?P<pnp>{_NP})| (?P<np2>{_NP}))?"
_PRONOUNS: Final = frozenset({"he", "she", "they", "it", "his", "her", "their", "its"})

_WHOLE: Final = re.compile(
    rf"(?P<subj>{_SUBJ}) (?P<v>has|had|have|holds|held|contains|contained) (?:a total of )?"
    rf"(?P<n>{NUMBER}) (?:(?P<ka>{_W}) and (?P<kb>{_W})|(?P<np>{_NP}))"
    rf"(?: in all| in total| altogether)?(?:,? all (?P<oa>{_W}) or (?P<ob>{_W}))?"
)
_THERE: Final = re.compile(
    rf"there (?:are|were) (?P<n>{NUMBER}) (?:(?P<ka>{_W}) and (?P<kb>{_W})|(?P<np>{_NP}))"
    rf"(?: {_PLACE})?(?: in all| in total| altogether)?"
)
_GATHERED: Final = re.compile(
    rf"(?P<subj>{_SUBJ}) (?P<v>{_W}) (?P<n>{NUMBER}) (?P<np>{_NP})"
    rf"(?: (?:to|at|in|on|for) (?P<place>(?:a|an|the|his|her|their) [a-z]+))?"
)
"""A whole a verb gathers: "Isabela invited 22 friends to her party" (with a part "of them")."""
_CONTAINER: Final = re.compile(
    rf"(?:in|on|at) (?:a|an|the) (?P<cont>{_W}) of (?P<n>{NUMBER}) (?P<np>{_NP}), (?P<part>.+)"
)
_OF_THE: Final = re.compile(
    rf"of the (?P<n>{NUMBER}) (?P<np>{_NP})(?: {_PLACE})?, (?P<part>.+)"
)
_PART_BE: Final = re.compile(rf"(?P<m>{NUMBER}){_OF} {_BE} (?P<pred>{_W}(?: {_W})?)")
_PART_DO: Final = re.compile(rf"(?P<m>{NUMBER}){_OF} (?P<pred>{_W}(?: [a-z' ]+)?)")
_PART_OF_THESE: Final = re.compile(
    rf"of (?:these|them|those), (?P<m>{NUMBER}) {_BE} (?P<pred>{_W}(?: {_W})?)"
)
_PART_KIND: Final = re.compile(rf"there (?:are|were) (?P<m>{NUMBER}) (?P<kind>{_W})(?: {_PLACE})?")
_PART_MOVED: Final = re.compile(
    rf"(?:(?P<subj>{_SUBJ}) )?(?P<pred>{_W}) (?P<m>{NUMBER}) of (?:them|these|those)"
)
"""The whole's holder doing something to a part: "(and) won 15 of them"."""
_OTHER: Final = re.compile(
    rf"there (?:are|were) also (?P<n>{NUMBER}) (?P<np>{_NP})(?: {_PLACE})?"
    rf"|(?P<subj>{_SUBJ}) also (?:has|had|have) (?P<n2>{NUMBER}) (?P<np2>{_NP})"
)

_Q_NOT_BE: Final = re.compile(
    rf"how many(?: of the (?P<np>{_NP})| of (?:his|her|their|its) (?P<np3>{_NP})"
    rf"| (?P<np2>{_NP}))? {_BE} not (?P<pred>{_W}(?: {_W})?)(?: {_PLACE})?"
)
_Q_NOT_DO: Final = re.compile(
    rf"(?:on )?how many(?: of the (?P<np>{_NP})| (?P<np2>{_NP}))?"
    rf"(?: (?P<rel>(?:he|she|they) {_W}))? (?:did|do|does)(?: (?P<subj>{_SUBJ}|they|he|she|it))?"
    rf" not"
    rf" (?P<pred>{_W}(?: [a-z' ]+?)?)"
)
_Q_BE: Final = re.compile(
    rf"how many(?: of the (?P<np>{_NP})| (?P<np2>{_NP}))? {_BE} (?P<pred>{_W})"
    rf"(?: there)?(?: {_PLACE})?"
)
_Q_KIND: Final = re.compile(
    rf"how many (?P<kind>{_W}) {_BE}(?P<there> there)?(?: {_PLACE})?"
)


@dataclasses.dataclass(frozen=True, slots=True)
class _Amount:
    span: tuple[int, int]
    value: Fraction


@dataclasses.dataclass(slots=True)
class _Story:
    whole: tuple[int, int] | None = None
    whole_value: Fraction = Fraction(0)
    thing: str | None = None
    modifiers: frozenset[str] = frozenset()
    kinds: tuple[str, str] | None = None
    holder: str | None = None
    verb: str | None = None
    places: set[str] = dataclasses.field(default_factory=set)
    gathered: bool = False
    part: tuple[int, int] | None = None
    part_value: Fraction = Fraction(0)
    pred: tuple[str, ...] = ()
    raw_pred: tuple[str, ...] = ()
    part_of: bool = False
    """The part says "of them" / "of the <thing>" (or counts no thing of its own)."""
    others: list[tuple[str, tuple[int, int], Fraction]] = dataclasses.field(default_factory=list)
    consumed: list[tuple[int, int]] = dataclasses.field(default_factory=list)


def _head(np: str) -> tuple[str, frozenset[str]]:
    """The thing a noun phrase counts and its modifiers: "pieces of fruit" (fruit), "jelly
    beans" (bean, {jelly})."""
    words = np.split()
    if "of" in words:
        return noun_key(words[-1]), frozenset()
    return noun_key(words[-1]), frozenset(words[:-1])


def _key(word: str) -> str:
    lemma = verb_key(word) or word
    return lemma if lemma != word else noun_key(word)


def _keys(phrase: str) -> tuple[str, ...]:
    return tuple(_key(w) for w in phrase.split() if w not in ("the", "a", "an"))


def _amount(match: re.Match[str], group: str, offset: int) -> _Amount | None:
    value = number_value(match.group(group))
    if value is None:
        return None
    return _Amount((offset + match.start(group), offset + match.end(group)), value)


def _place(text: str | None) -> str | None:
    if text is None:
        return None
    return " ".join(noun_key(w) for w in text.split() if w not in ("a", "an", "the", "his",
                                                                     "her", "their"))  # fmt: skip


def _set_whole(story: _Story, match: re.Match[str], offset: int) -> bool:
    if story.whole is not None:
        return False  # two wholes: which is the part of?
    amount = _amount(match, "n", offset)
    if amount is None:
        return False
    groups = match.groupdict()
    story.whole, story.whole_value = amount.span, amount.value
    if groups.get("ka"):
        story.kinds = (noun_key(groups["ka"]), noun_key(groups["kb"]))
    else:
        story.thing, story.modifiers = _head(groups["np"])
        if groups.get("oa"):
            story.kinds = (noun_key(groups["oa"]), noun_key(groups["ob"]))
    if groups.get("subj"):
        story.holder = groups["subj"]
        story.places.add(_place(groups["subj"]) or "")
    if groups.get("place"):
        story.places.add(_place(groups["place"]) or "")
    if groups.get("cont"):
        story.places.add(noun_key(groups["cont"]))
    story.verb = verb_key(groups.get("v"))
    return True


def _set_part(story: _Story, match: re.Match[str], offset: int, pred: str) -> bool:
    if story.part is not None or story.whole is None:
        return False
    amount = _amount(match, "m", offset)
    if amount is None:
        return False
    groups = match.groupdict()
    said = groups.get("pnp") or groups.get("np2")
    if said is not None and _head(said)[0] != story.thing:
        return False  # "14 of the girls" under "32 students": another whole
    story.part, story.part_value = amount.span, amount.value
    story.raw_pred = tuple(pred.split())
    story.pred = _keys(pred)
    of_them = re.search(r"\bof (?:them|these|those|the)\b", match.group(0)) is not None
    story.part_of = of_them or said is None
    return bool(story.pred)


def _part(story: _Story, text: str, offset: int) -> bool:
    """One part clause: "32 are red", "15 of them came", "Of these, 67 are birds", "There are
    44 crayons in the box", "won 15 of them"."""
    for pattern in (_PART_OF_THESE, _PART_BE):
        match = pattern.fullmatch(text)
        if match is not None:
            return _set_part(story, match, offset, match.group("pred"))
    kind = _PART_KIND.fullmatch(text)
    if kind is not None and story.kinds is not None:
        place = _place(kind.group("place"))
        if place is not None and place not in story.places:
            return False
        return _set_part(story, kind, offset, kind.group("kind"))
    moved = _PART_MOVED.fullmatch(text)
    if moved is not None and verbal(moved.group("pred")):
        subject = moved.group("subj")
        if subject is not None and subject != story.holder and subject not in _PRONOUNS:
            return False  # "Tom won 15 of them": another holder
        return _set_part(story, moved, offset, moved.group("pred"))
    done = _PART_DO.fullmatch(text)
    if done is not None and verbal(done.group("pred").split()[0]):
        if done.group("pred").split()[0] in ("are", "were", "is", "was", "have", "has", "had"):
            return False
        return _set_part(story, done, offset, done.group("pred"))
    return False


def _sentence(story: _Story, span: SourceSpan, text: str, offset: int) -> bool:
    """Read one clause of the story (a story sentence, or the question's "If" clause)."""
    if text.startswith("if "):
        text, offset = text[3:], offset + 3
    if story.whole is not None:
        return _told_after(story, text, offset)
    for pattern in (_CONTAINER, _OF_THE):
        match = pattern.fullmatch(text)
        if match is not None:
            return _set_whole(story, match, offset) and _part(
                story, match.group("part"), offset + match.start("part")
            )
    for pattern in (_WHOLE, _THERE):
        match = pattern.fullmatch(text)
        if match is not None:
            return _set_whole(story, match, offset)
    for joint in re.finditer(r",? and ", text):
        left, right = text[: joint.start()], text[joint.end() :]
        match = _WHOLE.fullmatch(left) or _THERE.fullmatch(left) or _GATHERED.fullmatch(left)
        if match is None or (match.re is _GATHERED and not verbal(match.group("v"))):
            continue
        if _set_whole(story, match, offset):
            story.gathered = match.re is _GATHERED
            return _part(story, right, offset + joint.end())
        return False
    gathered = _GATHERED.fullmatch(text)
    if gathered is not None and verbal(gathered.group("v")):
        story.gathered = True
        return _set_whole(story, gathered, offset)
    return False


def _told_after(story: _Story, text: str, offset: int) -> bool:
    """A clause told after the whole: an amount of another thing told apart, or the part."""
    other = _OTHER.fullmatch(text)
    if other is not None:
        n, np = ("n", "np") if other.group("n") else ("n2", "np2")
        amount = _amount(other, n, offset)
        thing = _head(other.group(np))[0]
        if amount is None or thing in {story.thing, *(story.kinds or ())}:
            return False
        story.others.append((thing, amount.span, amount.value))
        return True
    return _part(story, text, offset)


def complement_asked(story: _Story, pred: str, negated: bool) -> bool:
    """The asked predicate is the told part's complement: the same predicate negated ("are not
    red" of "are red", "did not come" of "came"), or, told and asked with "be", a pair of
    :data:`COMPLEMENT_PAIRS` or a word and its "un-" form ("free" of "taken")."""
    if negated:
        return _keys(pred) == story.pred
    if len(story.raw_pred) != 1 or len(pred.split()) != 1:
        return False
    told, asked = story.raw_pred[0], pred
    return (
        frozenset({told, asked}) in COMPLEMENT_PAIRS
        or asked == f"un{told}"
        or told == f"un{asked}"
    )


def kinds_listed(story: _Story, kind: str) -> bool:
    """The whole is told as two kinds and the part is one of them: the other one is asked."""
    if story.kinds is None or len(story.pred) != 1:
        return False
    a, b = story.kinds
    asked = noun_key(kind)
    return {story.pred[0], asked} == {a, b} and a != b


def _question(story: _Story, text: str) -> bool:
    """The question asks the other part: its thing the whole's (or the other kind), its
    holder the whole's, its place one the whole was told at."""
    text = text.rstrip("?").strip()
    for pattern, negated in ((_Q_NOT_BE, True), (_Q_NOT_DO, True), (_Q_BE, False)):
        match = pattern.fullmatch(text)
        if match is None:
            continue
        groups = match.groupdict()
        said = groups.get("np") or groups.get("np2") or groups.get("np3")
        if not _asked_here(story, groups):
            return False
        if story.kinds is not None and not negated and kinds_listed(story, groups["pred"]):
            return said is None or _head(said)[0] == story.thing
        if said is not None and not _of_the_whole(story, said):
            return False
        if pattern is _Q_NOT_DO and groups.get("rel"):
            rel = groups["rel"].split()
            if not story.gathered or verb_key(rel[1]) != story.verb:
                return False  # "the friends she invited": the whole's own verb
        if story.kinds is not None and not story.part_of:
            return False
        return complement_asked(story, groups["pred"], negated)
    kind = _Q_KIND.fullmatch(text)
    if kind is not None and (kind.group("there") or kind.group("place")) and _asked_here(
        story, kind.groupdict()
    ):
        return kinds_listed(story, kind.group("kind"))
    return False


def _of_the_whole(story: _Story, said: str) -> bool:
    thing, modifiers = _head(said)
    allowed = story.modifiers | ({story.verb} if story.gathered and story.verb else set())
    return thing == story.thing and {_key(m) for m in modifiers} <= {_key(m) for m in allowed}


def _asked_here(story: _Story, groups: dict[str, str | None]) -> bool:
    """The question's holder and place are the whole's (a pronoun stands for the one holder)."""
    subject = groups.get("subj")
    if subject is not None and subject != story.holder and subject not in _PRONOUNS:
        return False
    place = groups.get("place")
    return place is None or place == "it" or _place(place) in story.places


_PAIRED: Final = "|".join(sorted({w for pair in COMPLEMENT_PAIRS for w in pair}))


@functools.cache
def _quick() -> re.Pattern[str]:
    return re.compile(
        rf"\bnot\b|n't\b|\d [a-z]+ and [a-z]+(?: in all| altogether| in total)?[.,?]"
        rf"|, all [a-z]+ or [a-z]+|\b(?:are|were|is|was) (?:un[a-z]+|{_PAIRED})\b"
    )


def may_read(text: str) -> bool:
    """A cheap first test: the text says "not", lists two kinds after a number, or tells a
    property of :data:`COMPLEMENT_PAIRS` with "be"."""
    return _quick().search(text.lower()) is not None


def read_other_part(text: str, sentences: tuple[SourceSpan, ...]) -> Told | None:
    """The other-part reading of the whole text (see the module docstring), or None."""
    if not text.isascii() or len(sentences) < 2 or not may_read(text):
        return None
    story = _Story()
    last = sentences[-1]
    question = last.text.strip().lower()
    q_offset = last.start + (len(last.text) - len(last.text.lstrip()))
    for span in sentences[:-1]:
        body = span.text.strip().lower().rstrip(".,")
        offset = span.start + (len(span.text) - len(span.text.lstrip()))
        if re.search(rf"\b{NUMBER}\b", body) is None or not _sentence(story, span, body, offset):
            return None  # a sentence of no number, or one the reading does not read
        story.consumed.append((span.start, span.end))
    condition = re.fullmatch(r"(if .+?), (how many .+)", question)
    if condition is not None:
        if not _sentence(story, last, condition.group(1), q_offset):
            return None
        question = condition.group(2)
    if story.whole is None or story.part is None:
        return None
    if story.gathered and not story.part_of:
        return None  # "Ava invited 22 friends. 15 friends came": "of them" ties them
    if not _question(story, question):
        return None
    story.consumed.append((last.start, last.end))
    facts = [
        Fact((("part", 1), ("other", 1)), "whole", story.whole, story.whole_value),
        Fact((("part", 1),), "told", story.part, story.part_value),
    ]
    for index, (thing, at, value) in enumerate(story.others, start=1):
        facts.append(Fact(((f"other_{thing}_{index}", 1),), "told", at, value))
    facts.sort(key=lambda f: f.number or (1 << 30, 0))
    return Told(
        facts=tuple(facts),
        asked=(("other", 1),),
        asked_kind="compared",
        consumed=tuple(story.consumed),
        observations=frozenset({"subset", "negation", "negated_move"}),
    )
