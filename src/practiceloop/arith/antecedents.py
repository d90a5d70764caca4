"""Whom a pronoun names: fixed by the text (agreement), never by which choice closes.

A pronoun's antecedent is one of the people named before it, and the text must say which:
:func:`agreeing_antecedent` keeps the named actors before the pronoun that agree with it in
gender and number, and resolves the pronoun only when exactly one of them does; with none, or
with two or more, the pronoun has no antecedent practice may choose, and the candidates that
need one are refused ("Ann bought 20 caps. Tom is here. He gave ..." is Tom's giving, never
Ann's; "Ann met Mia. She had 5 ..." is refused: both agree). A plural pronoun ("they") never
names one of two named people.

Gender comes from a maintained library of given names rather than a hand-written list:
gender-guesser (pinned exactly, ``gender-guesser==0.4.0``; its table of about 40,000 given
names from many countries). Only its strict answers "male" and "female" count as a gender,
and only when its own table does not put them in doubt (:func:`name_gender`); "mostly_male",
"mostly_female", "andy" (either) and "unknown" agree with every singular pronoun, so an
uncommon or ambiguous name ("Sam", "Kim", "Sunny") never decides against anyone. A title
before the name decides over the table ("Mrs. Jackson", "Mr. Kim"), and the few person nouns
whose gender is their meaning ("the boy", "a waitress") have it from :data:`GENDERED_NOUNS`.
gender-guesser is imported, and its table loaded, on the first gender asked (a text with a
gendered pronoun and a name), never when this module is imported; a name's gender is cached.

:func:`pronoun_of_no_one` is the check beside it: a gendered pronoun that agrees with nobody
the text names (and no person noun) speaks of someone the text never names ("Mia has 20
hats. 6 are red. How many of his hats are not red?"): no reading of the text may answer for
that person with someone else's amounts.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Final

from practiceloop.arith.lexicon import PERSON_NOUNS, words
from practiceloop.arith.reading import COREFERENCE, attribute, named_in_its_clause

if TYPE_CHECKING:
    from collections.abc import Iterable

    from practiceloop.arith.reading import QuantityView, TargetView
    from practiceloop.kernel.frame import Mention, ProblemFrame

__all__ = [
    "FEMALE",
    "GENDERED_NOUNS",
    "MALE",
    "RELATION_NOUNS",
    "actor_gender",
    "agreeing_antecedent",
    "agreeing_before",
    "agrees",
    "name_gender",
    "not_a_person",
    "pronoun_gender",
    "pronoun_names_another",
    "pronoun_of_no_one",
]

MALE: Final = "male"
FEMALE: Final = "female"
PLURAL: Final = "plural"

_PRONOUN_GENDER: Final = {
    **dict.fromkeys(words("he him his himself"), MALE),
    **dict.fromkeys(words("she her hers herself"), FEMALE),
    **dict.fromkeys(words("they them their theirs themselves"), PLURAL),
}
"""Third-person pronouns by what they agree with: he/him/his male, she/her/hers female."""

GENDERED_NOUNS: Final = {
    **dict.fromkeys(
        words("""
        boy man gentleman waiter mailman postman brother father dad daddy son uncle grandfather
        grandpa husband nephew boyfriend king prince grandson stepfather
        """),
        MALE,
    ),
    **dict.fromkeys(
        words("""
        girl woman lady waitress sister mother mom mum mommy daughter aunt grandmother grandma
        wife niece girlfriend queen princess granddaughter stepmother
        """),
        FEMALE,
    ),
}
"""Person nouns whose gender is their meaning (every other person noun agrees with both)."""

RELATION_NOUNS: Final = (
    PERSON_NOUNS
    | frozenset(GENDERED_NOUNS)
    | words("""
    friend friends cousin cousins neighbor neighbour parent parents child children kid kids
    classmate classmates teammate teammates partner sibling siblings owner customer customers
    family grandparents boss manager guest guests people person baby coworker roommate
    """)
)
"""Lower-case words a pronoun may speak of instead of a named person ("her brother ... he")."""

_TITLES: Final = {"mr": MALE, "mrs": FEMALE, "ms": FEMALE, "miss": FEMALE, "sir": MALE}
_TITLE_BEFORE: Final = re.compile(r"\b(mr|mrs|ms|miss|sir)\.?\s*$", re.IGNORECASE)
_THIRD_PERSON: Final = re.compile(r"\b(?:he|him|his|himself|she|her|hers|herself)\b", re.IGNORECASE)
_WORD: Final = re.compile(r"[a-z]+")


def pronoun_gender(word: str) -> str | None:
    """``male``, ``female`` or ``plural`` for a third-person pronoun, None for any other word."""
    return _PRONOUN_GENDER.get(word.lower())


@functools.cache
def _detector() -> object:
    import gender_guesser.detector as guesser  # on the first gender asked: see the module doc

    return guesser.Detector(case_sensitive=False)


_OPPOSITE: Final = {MALE: FEMALE, FEMALE: MALE}

_THIN: Final = 1
"""The table's lowest frequency class ("only a few bear it" in every country that lists it):
a gender attested no more often than this is no evidence a reader of the text shares."""


def _frequency(country_values: str) -> int:
    """The highest frequency class of one table entry over its countries (1-9, A-D)."""
    found = [int(c, 16) if c.isdigit() or c in "ABCD" else 0 for c in country_values]
    return max(found, default=0)


@functools.lru_cache(maxsize=4096)
def name_gender(name: str) -> str | None:
    """gender-guesser's strict answer for the given name ``name`` ("male" or "female"), None
    for every other answer ("mostly_male", "mostly_female", "andy", "unknown"), and None too
    when its own table leaves the strict answer in doubt: the opposite gender is listed for
    the name in some country ("Sunny", "Ola", "Ira"), or the answer rests on the table's
    thinnest class alone ("Wren", "Nia": known as that gender only to a few in one
    country). The entries are the table the pinned version parses (``Detector.names``)."""
    detector = _detector()
    answer = detector.get_gender(name)  # type: ignore[attr-defined]
    if answer not in (MALE, FEMALE):
        return None
    entries: dict[str, str] = detector.names.get(name.lower(), {})  # type: ignore[attr-defined]
    if _OPPOSITE[answer] in entries or _frequency(entries.get(answer, "")) <= _THIN:
        return None
    return str(answer)


def actor_gender(frame: ProblemFrame, actor: Mention) -> str | None:
    """The gender of an actor mention: its title's ("Mrs. Jackson"), a gendered person noun's
    ("the boy"), else its name's in gender-guesser's table; None when none of them says."""
    name = attribute(actor.attributes, "name") or actor.span.text.lower()
    if not name:
        return None
    title = _TITLE_BEFORE.search(frame.source_text[max(0, actor.span.start - 6) : actor.span.start])
    if title is not None:
        return _TITLES[title.group(1).lower()]
    if name in GENDERED_NOUNS:
        return GENDERED_NOUNS[name]
    if name in PERSON_NOUNS or not actor.span.text[:1].isupper():
        return None
    return name_gender(name)


def agrees(pronoun: str, gender: str | None) -> bool:
    """A singular pronoun agrees with a person of its gender or of none known; a plural one
    ("they") with anyone (whether it may name *one* of several is :func:`agreeing_antecedent`'s
    to say)."""
    said = pronoun_gender(pronoun)
    return said in (None, PLURAL) or gender is None or gender == said


_RUN_BETWEEN: Final = re.compile(r"(?:\s+[A-Z][\w.'’]*)*\s+")
"""What may stand between two actors of one name: capitalised words and spaces only."""

_NOT_A_PERSON_BEFORE: Final = words("of on in at into onto during a an the")
"""Words after which a capitalised word the name table does not know names a place, a thing
or an occasion ("boxes of Christmas decorations", "a ZOO", "on Spotify")."""

_WORD_BEFORE: Final = re.compile(r"([A-Za-z]+)\W*$")


def _runs(frame: ProblemFrame, actors: list[Mention]) -> list[tuple[list[Mention], Mention]]:
    """Actors in source order, grouped into the names they make together: actors of one
    sentence with only capitalised words between them are one name ("Texas Integrated
    School", "Mrs. Jackson", "For Halloween Faye"), and runs sharing a name are one person.
    Each person comes with its head, the actor an antecedent binds: the last actor of its
    first run ("Faye", "Jackson")."""
    runs: list[list[Mention]] = []
    for actor in actors:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and last.span.sentence_index == actor.span.sentence_index
            and _RUN_BETWEEN.fullmatch(frame.source_text[last.span.end : actor.span.start])
        ):
            runs[-1].append(actor)
        else:
            runs.append([actor])
    people: list[tuple[list[Mention], Mention]] = []
    for run in runs:
        names = {attribute(a.attributes, "name") for a in run}
        same = next(
            (p for p, _ in people if names & {attribute(a.attributes, "name") for a in p}), None
        )
        if same is None:
            people.append((list(run), run[-1]))
        else:
            same.extend(run)
    return people


def _run_gender(frame: ProblemFrame, person: list[Mention]) -> str | None:
    """One person's gender: the one every actor of its names that has one agrees on."""
    genders = {actor_gender(frame, a) for a in person} - {None}
    return next(iter(genders)) if len(genders) == 1 else None


def not_a_person(frame: ProblemFrame, person: list[Mention]) -> bool:
    """A capitalised word read as an actor that is no person a pronoun may speak of: one
    word, unknown to the name table (no gender, no title, no person noun), and said only
    right after a preposition of place or time or an article ("boxes of Christmas
    decorations", "a ticket to a ZOO", "an album on Spotify")."""
    if len({attribute(a.attributes, "name") for a in person}) != 1:
        return False
    if _run_gender(frame, person) is not None:
        return False
    for actor in person:
        name = attribute(actor.attributes, "name") or ""
        if name in PERSON_NOUNS or name in GENDERED_NOUNS:
            return False
        before = _WORD_BEFORE.search(frame.source_text[: actor.span.start])
        if before is None or before.group(1).lower() not in _NOT_A_PERSON_BEFORE:
            return False
    return True


def agreeing_antecedent(frame: ProblemFrame, pronoun: Mention) -> list[Mention] | None:
    """The antecedent the text fixes for ``pronoun``: ``[actor]`` when exactly one person
    named before it (and not named again in its own clause: "She gave 6 pens to Tom" is not
    Tom) agrees with it in gender and number; ``[]`` when no one or several agree (refused:
    practice may not choose); None when nobody is named before it at all ("A store had 81
    bottles ... did they have": the pronoun stays unresolved, as the reader left it).

    A person is a run of names (:func:`_runs`; the actor bound is its last, the head:
    "Mrs. Jackson", "For Halloween Faye"); a capitalised word that is no person
    (:func:`not_a_person`) is no candidate."""
    said = attribute(pronoun.attributes, "pronoun") or pronoun.span.text.lower()
    return agreeing_before(frame, said, pronoun.span.start, pronoun.mention_id)


def agreeing_before(
    frame: ProblemFrame, said: str, before: int, pronoun: str | None = None
) -> list[Mention] | None:
    """:func:`agreeing_antecedent` of the pronoun word ``said`` at source offset ``before``
    (``pronoun``, its mention id when it has one, drops the people named again in its own
    clause); also for a possessive the reader keeps no mention of ("with his money")."""
    actors = [
        m
        for m in frame.mentions
        if m.kind == "actor" and m.span.start < before and attribute(m.attributes, "name")
    ]
    if not actors:
        return None
    people = [
        (person, head)
        for person, head in _runs(frame, sorted(actors, key=lambda m: m.span.start))
        if pronoun is None
        or not any(
            named_in_its_clause(frame, pronoun, attribute(a.attributes, "name") or "")
            for a in person
        )
    ]
    if not people:
        return None
    agreeing = [
        head
        for person, head in people
        if not not_a_person(frame, person) and agrees(said, _run_gender(frame, person))
    ]
    return agreeing if len(agreeing) == 1 else []


def pronoun_of_no_one(frame: ProblemFrame) -> bool:
    """True when a gendered pronoun of the text ("his", "she", "him") agrees with no one the
    text names while it names someone, and the text has no person noun it could speak of
    instead ("Mia has 20 hats. 6 are red. How many of his hats are not red?": whoever "his"
    is, he is not Mia). A text naming no one ("A man has ... his") or naming a person noun
    ("her brother", "the coach") is never refused here."""
    text = frame.source_text
    said = {m.group(0).lower() for m in _THIRD_PERSON.finditer(text)}
    if not said:
        return False
    actors = [m for m in frame.mentions if m.kind == "actor"]
    if not actors:
        return False
    lower = set(_WORD.findall(text.lower()))
    if lower & RELATION_NOUNS:
        return False
    people = [p for p, _ in _runs(frame, actors) if not not_a_person(frame, p)]
    genders = {_run_gender(frame, p) for p in people}
    if not people or None in genders:
        return False  # someone of no known gender agrees with every pronoun
    return any(pronoun_gender(word) not in genders for word in said)


def _unresolved_pronoun(frame: ProblemFrame, mention_id: str | None) -> Mention | None:
    """The pronoun mention ``mention_id`` when no coreference of the frame binds it."""
    mention = frame.mention(mention_id or "")
    if mention is None or mention.kind != "pronoun":
        return None
    for link in frame.relations:
        if (
            link.relation_type == COREFERENCE
            and link.role("pronoun") == mention.mention_id
            and link.role("antecedent") is not None
        ):
            return None
    return mention


_AMBIGUOUS: Final = "\x00ambiguous"


def _fixed_name(frame: ProblemFrame, pronoun: Mention) -> str | None:
    """The name of the one antecedent the text fixes for ``pronoun``; :data:`_AMBIGUOUS`
    when people are named before it but not exactly one agrees; None when no one is."""
    fixed = agreeing_antecedent(frame, pronoun)
    if fixed is None:
        return None
    return attribute(fixed[0].attributes, "name") if fixed else _AMBIGUOUS


def pronoun_names_another(
    frame: ProblemFrame, bound: Iterable[QuantityView], target: TargetView
) -> bool:
    """True when a bound amount is told by a pronoun the practice left unresolved ("He gave 4
    caps each to his friends") and the text does not fix that pronoun as the one person the
    question asks about: it agrees with someone else ("Ann bought 20 caps. Tom is here. He
    gave 4 caps each ... How many friends does Ann have?": "He" is Tom), or with several
    people named before it ("Ann ... Mia is here. She gave ..."). The asked person is the
    question's named owner, or the one its own pronoun agrees with; a question asking a group
    or by "they", and a pronoun with no one named before it, are left to the other checks."""
    if target.owner == "group":
        return False
    asked = target.owner
    if asked is None:
        pronoun = _unresolved_pronoun(frame, target.subject)
        if pronoun is None:
            return False
        said = attribute(pronoun.attributes, "pronoun") or ""
        if pronoun_gender(said) in (None, PLURAL):
            return False
        asked = _fixed_name(frame, pronoun)
        if asked is None:
            return False
    for view in bound:
        pronoun = _unresolved_pronoun(frame, view.subject)
        if pronoun is None or pronoun.mention_id == target.subject:
            continue
        if pronoun_gender(attribute(pronoun.attributes, "pronoun") or "") == PLURAL:
            continue  # "If they collected 35 in total": a group's amount, not one person's
        fixed = _fixed_name(frame, pronoun)
        if fixed is not None and (fixed == _AMBIGUOUS or fixed != asked):
            return True
    return False
