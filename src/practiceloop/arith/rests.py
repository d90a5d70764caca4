"""A whole and "the rest", and kinds of one whole compared: the rest reading.

"Lawrence county has 900 kids. During summer break 600 kids go to camp and the rest stay home.
How many kids stay home?" The sentence that tells "the rest" names two sides of one whole:
the part it counts ("600 kids go to camp") and the rest ("the rest stay home"), each known by
what its clause says of it. :func:`read_rests` reads every sentence of the story into facts of
:mod:`practiceloop.arith.sides` over three sides, the whole, the part and the rest (whole =
part + rest), and the question as one of them or as the two compared:

* the rest clause: "<N> [<thing>] [from <place>] <what the part does>, and | while | but
  (the rest | the others | others | the remaining [<thing>] | the other <M> [<thing>]) [of
  them] <what the rest does>" ("There are 697 girls and the rest are boys", "28 were bottles
  of regular soda and the rest were bottles of diet soda");
* the whole, in its own sentence or before "of which": "<Holder> has <N> <thing> [in all]",
  "... had a total of <N> <thing> of which ...", "The total number of <thing> in <place> is
  <N>", "There are <N> <thing>", "<Name> asked | surveyed | invited <N> <thing> to ...";
* the two sides compared: "If there are <D> more girls than boys", "If <D> more students
  suggested potatoes than those that suggested bacon";
* without a rest, kinds listed with their numbers ("257 students suggested potatoes, 120
  suggested bacon and 97 suggested tomatoes"), one side each;
* an amount of another thing, told apart ("They also had 29 apples"): a side of its own, which
  no question of the whole can reach.

What makes it sound, besides the solver's one equation per side: "the rest" is told once and
is of the one whole the text tells, of the same thing ("A school has 485 pupils. There are 232
girls and the rest are boys" is refused: without a taxonomy, girls are no kind of pupils the
text says), and the part's place is the whole's ("600 kids from Orange county" under
"Lawrence county has 900 kids" is refused); every sentence that tells a number is read, and a
sentence with no number is the background only before the rest is told and without a
quantifier ("Some students suggested tomatoes" could be a third kind: "others" would then not
be the rest); a side is asked by the words of its own clause that the other side's clause does
not say ("How many kids stayed home?": "stay" and "home"), and the question says no word the
story does not (a place, a time, another thing); "the whole" is asked only by its own thing.
"""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import (
    GAIN_VERBS,
    LOSS_VERBS,
    PRONOUNS,
    STOP_WORDS,
    noun_key,
    verb_key,
)
from practiceloop.arith.reader.cues import MOTION_GAIN, MOTION_LOSS
from practiceloop.arith.reading import QuantityView, quantity_views
from practiceloop.arith.sides import NUMBER, Fact, Told, number_value, plain_phrase, verbal
from practiceloop.kernel.frame import Mention, Target
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_rests", "side_words"]

_LIGHT: Final = (
    STOP_WORDS | PRONOUNS | frozenset({"there", "about", "those", "who", "spend", "spent", "ones"})
)
"""Words that tell no side apart: function words, "be", "have", "do", and "spend" ("spent
their summer break at the camp" is where they were)."""

_COPULA: Final = frozenset({"are", "were", "is", "was"})
_AUX: Final = _COPULA | frozenset({"have", "has", "had", "do", "did", "does", "will", "would"})
_QUANTIFIERS: Final = frozenset(
    "some several few many most all none other others rest remaining more fewer less".split()
)
_COORDINATED: Final = frozenset({"and", "or", "but", "while"})
"""Words that join two properties in one clause ("like milk and juice")."""
_OPENER: Final = r"(?:(?:during|in|at|because of) [a-z' ]+?)"
_REST: Final = re.compile(
    rf",? (?:and|while|but|whereas) (?P<mark>the rest|the others|others|the remaining"
    rf"|the other (?P<m>{NUMBER}))(?= )"
)
_PART: Final = re.compile(
    rf"(?:(?P<open>{_OPENER}) )?(?P<there>there (?:are|were) )?(?P<n>{NUMBER})"
    r"(?P<said>(?: [a-z']+)*)"
)
_WAY: Final = r"(?P<way>more|fewer|less)"
_WHOLE_HAS: Final = re.compile(
    rf"(?:{_OPENER} )?(?!(?:they|it|he|she|we)\b)(?P<subj>(?:(?:a|an|the) )?[a-z']+"
    rf"(?: (?!also\b)[a-z']+)?) (?:has|had|have|holds|held|contains|contained|made|baked)"
    rf" (?:a total of )?(?P<n>{NUMBER}) (?:[a-z]+ of |(?!of\b)[a-z]+ )?(?P<t>[a-z]+)"
    rf"(?P<all> in all| in total| altogether)?"
)
"""A holder's whole: "A class has 32 students", "A basket has 40 pieces of fruit" (fruit),
"A jar holds 100 jelly beans", "A baker made 96 cupcakes"."""
_WHOLE_ALL: Final = re.compile(
    rf"all (?P<n>{NUMBER}) (?P<t>[a-z]+)(?: (?:in|at|of|from) (?P<subj>[a-z' ]+?))?"
    rf" (?P<v>[a-z]+)(?: [a-z' ]+)?"
)
"""Everyone of a whole doing one thing: "All 26 students in a class voted on a trip"."""
_WHOLE_TOTAL: Final = re.compile(
    rf"the total number of (?P<t>[a-z]+)(?: (?:in|at|from|of) (?P<subj>[a-z' ]+?))?"
    rf" (?:is|was) (?P<n>{NUMBER})"
)
_WHOLE_THERE: Final = re.compile(
    rf"(?:(?P<subj>{_OPENER}) )?there (?:are|were) (?P<n>{NUMBER}) (?P<t>[a-z]+)"
    rf"(?: (?:in|at) (?P<place>[a-z' ]+))?"
)
_WHOLE_ASKED: Final = re.compile(
    rf"(?:because of [a-z' ]+ )?(?P<subj>[a-z]+) (?:asked|surveyed|polled|invited)"
    rf" (?P<n>{NUMBER}) (?P<t>[a-z]+) (?:to|about|if|whether) [a-z' ]+"
)
_COMPARE_KINDS: Final = re.compile(
    rf"(?:(?P<open>{_OPENER}) )?(?:there (?:are|were) )?(?P<d>{NUMBER}) {_WAY} (?P<a>[a-z]+)"
    rf" than (?P<b>[a-z]+)"
)
_COMPARE_SAID: Final = re.compile(
    rf"(?P<d>{NUMBER}) {_WAY} (?P<t>[a-z]+) (?P<a>[a-z' ]+?) than (?:those|the ones)"
    rf"(?: (?:that|who))? (?P<b>[a-z' ]+)"
)
_OTHER_THING: Final = re.compile(
    rf"(?:they|it|he|she|we|(?:the|a|an) [a-z]+) (?:also )?(?:has|had|have) (?P<n>{NUMBER})"
    rf" (?P<t>[a-z]+)"
)
_ASK_MORE: Final = re.compile(
    rf"how many {_WAY}(?: (?P<t>[a-z]+))? (?P<a>[a-z' ]+?) (?:than|compared to)"
    rf" (?:those|the ones)(?: (?:that|who))? (?P<b>[a-z' ]+)\?"
)
_ASK_ONE: Final = re.compile(r"how many (?P<a>[a-z' ]+)\?")


def _key(word: str) -> str:
    """One key for a word of a clause: a verb's lemma ("stayed": stay), else a noun's
    singular ("boys": boy)."""
    lemma = verb_key(word) or word
    return lemma if lemma != word else noun_key(word)


def side_words(phrase: str) -> frozenset[str]:
    """The words of ``phrase`` that may tell a side apart, keyed (no function word, no "be",
    "have" or "do")."""
    return frozenset(_key(w) for w in re.findall(r"[a-z]+", phrase.lower()) if w not in _LIGHT)


@dataclasses.dataclass(frozen=True, slots=True)
class _Amount:
    """A number read by a clause: its span and value."""

    span: tuple[int, int]
    value: Fraction


@dataclasses.dataclass(slots=True)
class _Story:
    """What the story's sentences tell, sentence by sentence."""

    wholes: list[tuple[str, frozenset[str], _Amount]] = dataclasses.field(default_factory=list)
    parts: list[tuple[frozenset[str], str | None, _Amount]] = dataclasses.field(
        default_factory=list
    )
    rest: tuple[frozenset[str], str | None, _Amount | None, bool] | None = None
    """The rest's words, its thing, its number ("the other 455 kids") and whether its clause
    opens with "be" ("the rest are boys": another kind)."""
    qualifier: frozenset[str] = frozenset()
    compares: list[tuple[str, str, int, _Amount]] = dataclasses.field(default_factory=list)
    others: list[tuple[str, _Amount]] = dataclasses.field(default_factory=list)
    consumed: list[tuple[int, int]] = dataclasses.field(default_factory=list)
    words: set[str] = dataclasses.field(default_factory=set)
    thing: str | None = None
    """The thing the part counts ("600 kids"), when its clause says it."""
    subset: bool = False
    """A part is told "of them" / "of the <thing>" (the whole's)."""


def _amount(match: re.Match[str], group: str, offset: int) -> _Amount | None:
    value = number_value(match.group(group))
    if value is None:
        return None
    return _Amount((offset + match.start(group), offset + match.end(group)), value)


def _counted(words: list[str], at: int, views: dict[int, QuantityView]) -> str | None:
    """The thing the number at offset ``at`` counts when the word after it says it (the
    reader read that noun as the number's thing): "600 kids go" (kid); "28 were" (none)."""
    view = views.get(at)
    if not words or view is None or words[0] in _AUX:
        return None
    key = noun_key(words[0])
    return key if key == view.entity else None


def rest_said_like_the_part(words: list[str], rest_words: list[str]) -> list[str]:
    """The rest's clause with the noun it leaves unsaid: "58 have chocolate frosting and the
    rest have vanilla" tells vanilla frosting (the same verb, one word in place of the part's
    modifier, the part's last word the noun both say); any other clause is kept as told."""
    if (
        len(words) == 3
        and len(rest_words) == 2
        and rest_words[0] == words[0]
        and rest_words[1] not in (words[1], words[2])
        and verbal(words[0])
        and not verbal(rest_words[1])
    ):
        return [*rest_words, words[2]]
    return rest_words


def of_the_whole(words: list[str], story: _Story) -> int | None:
    """How many words after a part's number say it is "of" the whole told before it: "25 of
    them are adults", "14 of the students are girls" (2 or 3; 0 when the part says no "of
    them"). None for "of them" / "of the <thing>" with no whole told before it, or "of the"
    another thing than the whole's: "of the girls" under "485 pupils" is another whole."""
    if words[:2] in (["of", "them"], ["of", "these"], ["of", "those"]):
        return 2 if len(story.wholes) == 1 else None
    if words[:2] == ["of", "the"] and len(words) > 2:
        whole = story.wholes[0][0] if len(story.wholes) == 1 else None
        return 3 if whole is not None and noun_key(words[2]) == whole else None
    return 0


def told_apart(story: _Story, thing: str) -> bool:
    """A whole told after the rest, of another thing than the one whole told before ("A class
    has 30 kids. 12 are boys and the rest are girls. The class has 8 windows."), is an amount
    of its own, apart: no second whole of the parts (a second whole of the same thing still
    refuses the reading)."""
    return story.rest is not None and len(story.wholes) == 1 and thing != story.wholes[0][0]


def _whole(text: str, offset: int) -> tuple[str, frozenset[str], _Amount] | None:
    """A whole told in its own clause: its thing, the words of its holder or place, its
    number."""
    for pattern in (_WHOLE_TOTAL, _WHOLE_HAS, _WHOLE_THERE, _WHOLE_ASKED, _WHOLE_ALL):
        match = pattern.fullmatch(text)
        if match is None or (pattern is _WHOLE_ALL and not verbal(match.group("v"))):
            continue
        amount = _amount(match, "n", offset)
        if amount is None:
            return None
        said = " ".join(g for k in ("subj", "place") if (g := match.groupdict().get(k)))
        return noun_key(match.group("t")), side_words(said), amount
    return None


def _rest_clause(
    text: str, offset: int, views: dict[int, QuantityView], story: _Story, whole: frozenset[str]
) -> bool:
    """ "[<opener>] [there are] <N> [<thing>] [from <place>] <what the part does>, and the rest
    <what the rest does>": the part and the rest, read into ``story``."""
    marks = list(_REST.finditer(text))
    if len(marks) != 1 or story.rest is not None:
        return False
    mark = marks[0]
    left = _PART.fullmatch(text[: mark.start()])
    if left is None:
        return False
    amount = _amount(left, "n", offset)
    opener = (left.group("open") or "").removeprefix("because of ")
    if amount is None or (opener and not plain_phrase(opener)):
        return False  # "In the morning after he sold ...": no place or time alone
    words = left.group("said").split()
    thing = _counted(words, amount.span[0], views)
    if thing is None and words and not verbal(words[0]) and words[0] not in ("from", "of", "in"):
        return False  # "12 girls like tea" read with no thing: which whole are they of?
    words = words[1:] if thing is not None else words
    of_whole = of_the_whole(words, story)
    if of_whole is None:
        return False  # "14 of them ..." with no whole told before
    words = words[of_whole:]
    qualifier: list[str] = []
    if words and words[0] in ("from", "of", "in"):  # "600 kids from Lawrence county stay home"
        length = next((i for i, w in enumerate(words[1:]) if verbal(w)), 0)
        if not length or (whole and not side_words(" ".join(words[1 : 1 + length])) <= whole):
            return False
        qualifier, words = words[1 : 1 + length], words[1 + length :]
    if not words and left.group("there") is None:
        return False  # "600 kids, and the rest ...": the part says nothing of itself
    rest_words = text[mark.end() :].split()
    rest_amount = _amount(mark, "m", offset) if mark.group("m") else None
    rest_thing = None
    if rest_words and noun_key(rest_words[0]) in {thing, story.thing} - {None}:
        rest_thing, rest_words = noun_key(rest_words[0]), rest_words[1:]
    if rest_words[:2] == ["of", "them"]:
        rest_words = rest_words[2:]
    elif rest_words[:1] == ["of"] and len(rest_words) > 2 and rest_words[1] == "the":
        rest_thing, rest_words = noun_key(rest_words[2]), rest_words[3:]
    if not rest_words or (mark.group("m") and rest_amount is None):
        return False
    rest_words = rest_said_like_the_part(words, rest_words)
    if _COORDINATED & {*words, *rest_words}:
        return False  # "the rest like milk and juice": which of the two is asked?
    story.parts.append((side_words(" ".join(words)), thing, amount))
    story.thing = thing
    story.qualifier = frozenset(side_words(" ".join(qualifier)))
    story.subset = story.subset or of_whole > 0
    story.rest = (
        side_words(" ".join(rest_words)),
        rest_thing,
        rest_amount,
        rest_words[0] in _COPULA,
    )
    story.words |= side_words(opener)
    return True


def _listed(text: str, offset: int, views: dict[int, QuantityView], story: _Story) -> bool:
    """ "257 students suggested potatoes 120 suggested bacon and 97 suggested tomatoes": kinds
    listed with their numbers, each told by the same verb, one side each."""
    numbers = list(re.finditer(rf"\b{NUMBER}\b", text))
    if len(numbers) < 2 or numbers[0].start() != 0:
        return False
    first: str | None = None
    verbs: set[str | None] = set()
    for index, match in enumerate(numbers):
        end = numbers[index + 1].start() if index + 1 < len(numbers) else len(text)
        words = text[match.end() : end].replace(",", " ").split()
        if words[-1:] == ["and"]:
            words = words[:-1]
        value = number_value(match.group())
        if value is None or not words or _COORDINATED & set(words):
            return False
        thing = _counted(words, offset + match.start(), views)
        if thing is not None and (first is None or thing == first):
            first, words = thing, words[1:]
        elif index == 0:
            return False
        if not words:
            return False
        verbs.add(verb_key(words[0]))
        amount = _Amount((offset + match.start(), offset + match.end()), value)
        story.parts.append((side_words(" ".join(words)), first, amount))
    story.thing = first
    return len(verbs) == 1


def _sentence(
    span: SourceSpan, views: dict[int, QuantityView], story: _Story, whole: frozenset[str]
) -> bool | None:
    """Read one story sentence into ``story``: True when read, False for the background (no
    number), None when it tells something the reading does not read."""
    text = span.text.strip().lower()
    offset = span.start + (len(span.text) - len(span.text.lstrip()))
    if re.search(rf"\b{NUMBER}\b", text) is None:
        said = set(re.findall(r"[a-z]+", text))
        if said & _QUANTIFIERS or story.parts:
            return None  # "Some students suggested tomatoes": a third kind, no background
        story.words |= side_words(text)
        return False
    text = text.rstrip(".,")
    if text.startswith("if "):
        text, offset = text[3:], offset + 3
    story.words |= side_words(text)
    story.consumed.append((span.start, span.end))
    at = text.find(" of which ")
    if at >= 0:
        told = _whole(text[:at], offset)
        if told is None or "total" not in text[:at].split():
            return None
        story.wholes.append(told)
        return _rest_clause(text[at + 10 :], offset + at + 10, views, story, told[1]) or None
    told = _whole(text, offset)
    if told is not None and _REST.search(text) is None:
        if told_apart(story, told[0]):
            story.others.append((told[0], told[2]))  # "The classroom has 8 windows": apart
        else:
            story.wholes.append(told)
        return True
    if _rest_clause(text, offset, views, story, whole):
        return True
    for pattern in (_COMPARE_KINDS, _COMPARE_SAID):
        match = pattern.fullmatch(text)
        amount = _amount(match, "d", offset) if match is not None else None
        opener = (match.groupdict().get("open") or "") if match is not None else ""
        if match is not None and amount is not None and (not opener or plain_phrase(opener)):
            sign = 1 if match.group("way") == "more" else -1
            story.compares.append((match.group("a"), match.group("b"), sign, amount))
            return True
    other = _OTHER_THING.fullmatch(text)
    if other is not None and (amount := _amount(other, "n", offset)) is not None:
        story.others.append((noun_key(other.group("t")), amount))
        return True
    if not story.parts and _listed(text, offset, views, story):
        return True
    return None


_ANOTHER: Final = frozenset({"other", "another", "different", "else"})
_STATES: Final = frozenset({"now", "left", "still", "remaining", "anymore", "then"})
_MOVES: Final = frozenset(
    verb_key(w) or w for w in GAIN_VERBS | LOSS_VERBS | MOTION_GAIN | MOTION_LOSS
) | frozenset({"go", "get"})
"""Verbs that move things or people in or out (by lemma): a whole told with them changed."""


def _moved(story: _Story) -> bool:
    """A side's clause moves its things ("15 bottles were sold", "600 kids go to camp"): the
    whole is no longer what the question's present asks of."""
    said = [said for said, _, _ in story.parts] + ([story.rest[0]] if story.rest else [])
    return any(words & _MOVES for words in said)


def _apart(words: frozenset[str], sides: dict[str, frozenset[str]]) -> str | None:
    """The one side ``words`` name by a word of its own clause that no other side's clause
    says, naming no other side so; None when they name none or several."""
    hits = []
    for side, said in sides.items():
        others = frozenset().union(*(w for s, w in sides.items() if s != side))
        if words & (said - others):
            hits.append(side)
    return hits[0] if len(hits) == 1 else None


def read_rests(
    text: str,
    sentences: tuple[SourceSpan, ...],
    mentions: tuple[Mention, ...],
    targets: tuple[Target, ...],
) -> Told | None:
    """The rest reading of the whole text (see the module docstring), or None."""
    if not text.isascii():
        return None
    views = {q.start: q for q in quantity_views(mentions)}
    told_wholes = [
        w
        for span in sentences[:-1]
        if (w := _whole(span.text.strip().lower().rstrip(".,"), span.start)) is not None
    ]
    whole_words = told_wholes[0][1] if len(told_wholes) == 1 else frozenset()
    story = _Story()
    for span in sentences[:-1]:
        if _sentence(span, views, story, whole_words) is None:
            return None
    kinds = _kinds_compared(story)
    if len(story.wholes) > 1 or not (story.parts or kinds):
        return None
    if story.rest is None and not kinds and (story.wholes or len(story.parts) < 2):
        return None
    thing = _whole_thing(story)
    rest_thing = story.rest[1] if story.rest is not None else None
    if rest_thing is not None and rest_thing not in {thing, story.thing}:
        return None  # "12 kids like tea and the rest of the girls": the rest of another whole
    if story.wholes and story.thing is not None and story.thing != thing:
        return None  # "485 pupils ... 232 girls and the rest are boys": no kind of pupils
    if story.qualifier and story.wholes and not story.qualifier <= story.wholes[0][1]:
        return None  # "600 kids from Orange county" under "Lawrence county has 900 kids"
    sides = {
        f"part_{i}": said | ({counted} if counted is not None and counted != thing else set())
        for i, (said, counted, _) in enumerate(story.parts, start=1)
    }  # "697 girls": the girls, when the whole is no count of girls
    if story.rest is not None:
        sides["rest"] = story.rest[0]
    sides.update({k: said for k, said in kinds.items() if said not in sides.values()})
    if any(not (said - frozenset().union(*(w for s, w in sides.items() if s != side)))
           for side, said in sides.items()):  # fmt: skip
        return None  # two sides the text does not tell apart
    for thing_of, _ in story.others:
        if thing_of == thing or any(thing_of in said for said in sides.values()):
            return None  # "They also had 29 bottles": another whole of the same thing?
    facts = _facts(story, sides)
    if facts is None:
        return None
    asked = _asked(sentences[-1], story, sides, thing)
    if asked is None:
        return None
    terms, kind = asked
    if any(f.number is not None and f.terms == terms for f in facts):
        return None  # what the text tells is not asked
    return Told(
        facts=facts,
        asked=terms,
        asked_kind=kind,
        consumed=(*story.consumed, (sentences[-1].start, sentences[-1].end)),
        observations=frozenset({"rest", "remaining"} | ({"subset"} if story.subset else set())),
    )


def _kinds_compared(story: _Story) -> dict[str, frozenset[str]]:
    """ "In a school there are 402 more girls than boys. If there are 739 girls ...": with no
    rest told, two kinds compared are two sides, and "there are 739 girls" tells one of them
    (not a whole: the text says of no whole that it is made of girls and boys)."""
    if story.rest is not None or story.parts or len(story.compares) != 1:
        return {}
    a, b, _, _ = story.compares[0]
    if len(a.split()) != 1 or len(b.split()) != 1 or noun_key(a) == noun_key(b):
        return {}
    kinds = {f"kind_{noun_key(w)}": frozenset({noun_key(w)}) for w in (a, b)}
    for thing, _, amount in story.wholes:
        if f"kind_{thing}" not in kinds:
            return {}
        story.parts.append((frozenset({thing}), thing, amount))
    story.wholes.clear()
    return kinds if story.parts else {}


def _whole_thing(story: _Story) -> str | None:
    """What the whole counts: the told whole's thing, or the part's when the rest is of the
    same thing ("600 kids go to camp and the other 300 kids stay home", "the rest stay home");
    None when the rest is told as another kind ("697 girls and the rest are boys")."""
    if story.wholes:
        return story.wholes[0][0]
    if story.rest is None or story.thing is None:
        return None
    _, rest_thing, _, copular = story.rest
    return story.thing if rest_thing == story.thing or not copular else None


def _facts(story: _Story, sides: dict[str, frozenset[str]]) -> tuple[Fact, ...] | None:
    facts: list[Fact] = []
    for whole in story.wholes:
        facts.append(Fact((("whole", 1),), "whole", whole[2].span, whole[2].value))
    for index, (_, _, amount) in enumerate(story.parts, start=1):
        facts.append(Fact(((f"part_{index}", 1),), "told", amount.span, amount.value))
    if story.rest is not None:
        if story.rest[2] is not None:
            facts.append(Fact((("rest", 1),), "told", story.rest[2].span, story.rest[2].value))
        facts.append(Fact((("whole", 1), ("part_1", -1), ("rest", -1)), "rest"))
    for a, b, sign, amount in story.compares:
        first, second = _apart(side_words(a), sides), _apart(side_words(b), sides)
        if first is None or second is None or first == second:
            return None
        terms = ((first, sign), (second, -sign))
        facts.append(Fact(terms, "difference", amount.span, amount.value))
    for index, (thing, amount) in enumerate(story.others, start=1):
        facts.append(Fact(((f"other_{thing}_{index}", 1),), "told", amount.span, amount.value))
    facts.sort(key=lambda f: f.number or (1 << 30, 0))
    return tuple(facts)


def _asked(
    span: SourceSpan, story: _Story, sides: dict[str, frozenset[str]], thing: str | None
) -> tuple[tuple[tuple[str, int], ...], str] | None:
    """The question: one side, the whole, or two sides compared; every word it says the story
    says too."""
    text = span.text.strip().lower().removeprefix("about ")
    if _ANOTHER & set(re.findall(r"[a-z]+", text)):
        return None  # "at the other store": another whole than the story's
    more = _ASK_MORE.fullmatch(text)
    if more is not None:
        if more.group("t") and noun_key(more.group("t")) not in {thing, story.thing} - {None}:
            return None
        a, b = side_words(more.group("a")), side_words(more.group("b"))
        if not (a | b) <= story.words:
            return None
        first, second = _apart(a, sides), _apart(b, sides)
        if first is None or second is None or first == second:
            return None
        sign = 1 if more.group("way") == "more" else -1
        return ((first, sign), (second, -sign)), "difference"
    one = _ASK_ONE.fullmatch(text)
    if one is None or re.match(r"(?:more|fewer|less)\b", one.group("a")):
        return None
    words = side_words(one.group("a"))
    named = frozenset({thing}) if thing is not None else frozenset()
    if not words <= story.words | named:
        return None
    side = _apart(words - named, sides)
    if side is not None:
        return ((side, 1),), "compared"
    if thing is None or thing not in words or story.rest is None:
        return None
    if _STATES & set(text.split()) or _moved(story):
        return None  # "15 were sold and the rest kept. How many does it have now?": after a move
    place = story.wholes[0][1] if story.wholes else story.qualifier
    if words - {thing} - place:
        return None  # "How many kids are in Lawrence county?": the whole's place, nothing else
    return (("whole", 1),), "whole"
