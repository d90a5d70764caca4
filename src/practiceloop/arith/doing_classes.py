"""Verb classes of doing: which verbs name the same doing, a kind of it, or its other side.

Plain static data, like :data:`~practiceloop.arith.lexicon.VERB_CLASSES`: every class is
written out here by lemma (:func:`~practiceloop.arith.lexicon.verb_key`, from the lemma
library the domain already uses), so a change of vocabulary is a visible diff and a new
:data:`DOING_CLASSES_VERSION`. No class is learned. Read only through :func:`same_doing`.

Three relations, all general English:

* :data:`DOING_CLASSES`: each class is a head (a general verb: ``make``, ``travel``, ``get``)
  with its synonyms, and the verbs that are kinds of it. A verb of the class names the doing
  of any synonym ("travels ... how far does it *go*"); a kind names its head's doing ("bakes
  ... how many does she *make*") but the head does not name a kind ("makes 30 cups ... how
  many does it *pack*" is no doing the rate tells). A verb may be a kind of several heads
  ("bake": ``make`` and ``cook``).
* :data:`MONEY_SENSES`: what a general verb means of money ("makes $9 an hour" earns).
* :data:`CONVERSES`: two verbs that name one doing from its two sides ("feeds his dog" / "the
  dog eats"); a doing is told that way only when the asked subject is the rate's object,
  which :func:`practiceloop.arith.rate_verbs.asked_another_doing` checks in the text.
"""

from __future__ import annotations

import functools
from typing import Final

__all__ = [
    "CONVERSES",
    "DOING_CLASSES",
    "DOING_CLASSES_VERSION",
    "DOING_VERBS",
    "MONEY_SENSES",
    "converse_of",
    "same_doing",
    "verb_lemmas",
]

DOING_CLASSES_VERSION: Final = "doing_classes.v1"
"""Version of :data:`DOING_CLASSES`, :data:`MONEY_SENSES` and :data:`CONVERSES`: a changed
class or lemma is a new version."""

# class head: (synonyms of the head, kinds of the head); every word a lemma
_TABLE: Final[dict[str, tuple[str, str]]] = {
    "make": (
        "produce create manufacture",
        "bake cook build sew knit assemble craft brew "
        "weave carve grow lay construct prepare fry roast bottle brew paint draw",
    ),
    "cook": ("", "bake fry roast boil grill"),
    "travel": (
        "go move cover journey",
        "drive ride walk run jog swim fly cycle bike hike "
        "sail row skate ski climb paddle march commute",
    ),
    "run": ("jog", "sprint"),
    "walk": ("stroll", "hike march"),
    "get": (
        "obtain acquire",
        "buy purchase earn win collect gather pick harvest catch " "score receive find",
    ),
    "earn": ("", ""),
    "collect": ("gather pick harvest", ""),
    "buy": ("purchase", ""),
    "sell": ("vend", ""),
    "give": ("", "donate hand distribute"),
    "send": ("mail ship", ""),
    "deliver": ("", ""),
    "read": ("reread", "skim"),
    "write": ("", "type compose"),
    "print": ("copy", ""),
    "consume": ("", "eat drink"),
    "eat": ("", "munch devour"),
    "drink": ("", "sip"),
    "use": ("", "burn"),
    "spend": ("pay", ""),
    "save": ("deposit", ""),
    "pack": ("box bag wrap", ""),
    "fill": ("", "load"),
    "carry": ("transport haul ferry", ""),
    "practice": ("train rehearse", ""),
    "plant": ("sow", ""),
    "catch": ("", "trap"),
    "lose": ("", "drop leak drip spill"),
    "fix": ("repair mend", ""),
    "wash": ("clean", ""),
    "watch": ("view see", ""),
    "answer": ("solve", ""),
    "score": ("", ""),
    "pump": ("", ""),
    "pour": ("", ""),
    "visit": ("", ""),
    "serve": ("", ""),
    "feed": ("", ""),
    "teach": ("", ""),
    "learn": ("", ""),
    "lend": ("", ""),
    "borrow": ("", ""),
    "receive": ("", ""),
    "type": ("", ""),
    "bake": ("", ""),
    "grow": ("", ""),
    "swim": ("", ""),
    "fly": ("", ""),
    "drive": ("", ""),
    "ride": ("", ""),
    "climb": ("", ""),
    "jump": ("", ""),
    "sing": ("", ""),
    "play": ("", ""),
    "paint": ("", ""),
    "draw": ("", ""),
    "build": ("", ""),
    "knit": ("", ""),
    "sew": ("", ""),
    "cut": ("", ""),
    "chop": ("", ""),
    "fold": ("", ""),
    "lay": ("", ""),
    "pick": ("", ""),
}
"""Each head's synonyms and kinds (whitespace-separated lemmas); a head with neither is a
doing of its own, listed so that it is a known doing."""

DOING_CLASSES: Final[dict[str, tuple[frozenset[str], frozenset[str]]]] = {
    head: (frozenset({head, *synonyms.split()}), frozenset(kinds.split()))
    for head, (synonyms, kinds) in _TABLE.items()
}
"""Each head: (the head and its synonyms, its kinds)."""

DOING_VERBS: Final = frozenset(
    lemma for same, kinds in DOING_CLASSES.values() for lemma in same | kinds
)
"""Every lemma a class names: the verbs of doing whose doing this table knows."""

MONEY_SENSES: Final[dict[str, str]] = {
    "make": "earn",
    "get": "earn",
    "bring": "earn",
    "take": "earn",
    "receive": "earn",
    "collect": "earn",
    "cost": "spend",
}
"""What a general verb means when the amount is money ("makes $9 an hour", "gets $9 an hour",
"it costs $4 a day")."""

CONVERSES: Final[frozenset[frozenset[str]]] = frozenset(
    frozenset(pair.split("/"))
    for pair in """
    feed/eat feed/drink feed/consume serve/eat sell/buy sell/purchase give/get give/receive
    send/receive send/get lend/borrow teach/learn pay/earn pay/get pay/receive
    """.split()
)
"""Two verbs naming one doing from its two sides: the giver's and the taker's."""


@functools.lru_cache(maxsize=1 << 14)
def verb_lemmas(word: str) -> frozenset[str]:
    """Every lemma the lemma library's dictionary gives ``word`` (lower case) as a verb
    ("lay": "lay" and "lie"); empty for a word it does not know as a verb."""
    from lemminflect import getLemma  # on the first word asked, as lexicon's keys

    return frozenset(str(lemma) for lemma in getLemma(word, upos="VERB", lemmatize_oov=False))


def _names(lemma: str, money: bool) -> str:
    return MONEY_SENSES.get(lemma, lemma) if money else lemma


def same_doing(rate: str, asked: str, *, money: bool = False) -> bool:
    """True when the asked verb (a lemma) names the doing of the rate's verb (a lemma): the
    same verb, a synonym in one class, or a head of which the rate's verb is a kind
    (:data:`DOING_CLASSES`), after :data:`MONEY_SENSES` when the amount is ``money``."""
    rate, asked = _names(rate, money), _names(asked, money)
    if rate == asked:
        return True
    for same, kinds in DOING_CLASSES.values():
        if asked in same and (rate in same or rate in kinds):
            return True
    return False


def converse_of(rate: str, asked: str, *, money: bool = False) -> bool:
    """True when the two lemmas are a :data:`CONVERSES` pair, or the asked verb names the
    doing (:func:`same_doing`) of one verb of a pair whose other is the rate's."""
    rate, asked = _names(rate, money), _names(asked, money)
    for pair in CONVERSES:
        if rate in pair:
            (other,) = pair - {rate} or {rate}
            if same_doing(other, asked):
                return True
    return False
