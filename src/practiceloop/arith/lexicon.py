"""The arithmetic domain's closed word lists, and the one key of a noun and of a verb.

Plain static data: every list is a frozenset (or a mapping) written out here, so a change of
vocabulary is a visible diff and a new ``READER_VERSION``. No list is learned. The keys of
words are morphology, from a maintained library rather than by hand (docs/domain.md,
"Morphology"): :func:`noun_key` (a noun's singular) and :func:`verb_key` (a verb's lemma) look
the word up in lemminflect's English dictionary, with its statistical guesser for unknown
words turned off, so a key is a table lookup, the same on every machine; a word the dictionary
does not know is its own key. :func:`verb_class` classes a verb by its key
(:data:`VERB_CLASSES`). lemminflect (and numpy, which it imports) is imported on the first
key asked, never when this module is imported.
"""

from __future__ import annotations

import functools
import re
from typing import Final

__all__ = [
    "COMPARE_FEWER",
    "COMPARE_MORE",
    "COMPLEMENT_PAIRS",
    "COMPLEMENT_PAIRS_VERSION",
    "CONTAINERS",
    "CONTROL_WORDS",
    "DETERMINERS",
    "DISTANCE_UNITS",
    "GAIN_VERBS",
    "HAVE_VERBS",
    "LOSS_VERBS",
    "MEASURE_UNITS",
    "MODAL_WORDS",
    "MONEY_LOSS_VERBS",
    "MONEY_UNITS",
    "NEGATION_WORDS",
    "NON_NAMES",
    "NOUN_SYNONYMS",
    "PERSON_NOUNS",
    "POSSESSED_NOUN",
    "POSSESSIVES",
    "POSSESSIVE_BEFORE",
    "PRONOUNS",
    "QUESTION_STATES",
    "SIDE_ANCHORS",
    "SIDE_DAYS",
    "SIDE_EVENTS",
    "SIDE_PERIODS",
    "STOP_WORDS",
    "TIME_ADVERBS",
    "TIME_UNITS",
    "USE_VERBS",
    "VERB_CLASSES",
    "VERB_CLASSES_VERSION",
    "direction_key",
    "noun_key",
    "reads_as_adjective",
    "told_in_past",
    "told_in_present",
    "verb_class",
    "verb_key",
    "words",
]


def words(text: str) -> frozenset[str]:
    """The whitespace-separated words of ``text``: how every list below is written."""
    return frozenset(text.split())


GAIN_VERBS: Final = words("""
    add added adds bake baked bakes borrow borrowed buy buying buys bought catch catches caught
    collect collected collects earn earned earns find finds found gain gained gains gather
    gathered get gets got grew grow grows harvest harvested harvests make makes made pick
    picked picks plant planted plants receive received receives win wins won joined join joins
    arrived arrive came come comes bring brings brought purchase purchased purchases
    scored
    """)
"""A verb whose subject gains the counted things (its direction for a count is ``gain``)."""

LOSS_VERBS: Final = words("""
    ate eat eats eaten gave give gives given sold sell sells spent spend spends lost lose loses
    used use uses threw throw throws broke break breaks donated donate donates drank drink
    drinks popped pop pops spilled spill spills sent send sends lent lend lends wasted waste
    removed remove removes dropped drop drops paid pay pays shared share shares left
    deleted delete deletes disappeared disappear disappears died die dies finished wilted wilt
    wilts rotted rot rots spoiled spoil spoils
    """)
"""A verb whose subject loses the counted things (``left`` as in "9 customers left")."""

MONEY_LOSS_VERBS: Final = words("""
    buy buying buys bought purchase purchased purchases spend spent spends pay paid pays cost
    costs
    """)
"""Verbs that gain goods but lose money: for a money quantity their direction is ``loss``."""

VERB_CLASSES_VERSION: Final = "verb_classes.v4"
"""Version of :data:`VERB_CLASSES`: a changed class or lemma is a new version (and, since
the accounting proofs read the classes, a new manifest)."""

VERB_CLASSES: Final[dict[str, str]] = {
    **dict.fromkeys(words("have be contain hold own keep"), "observation"),
    **dict.fromkeys(
        words("""
        buy get receive find win borrow collect gather pick catch earn purchase bring join
        arrive come enter board save take score
        """),
        "transfer_in",
    ),
    **dict.fromkeys(
        words("give sell lend send donate share pay spend leave go fly run walk drive ride"),
        "transfer_out",
    ),
    **dict.fromkeys(
        words("make bake build grow plant harvest create produce add cook"), "construct"
    ),
    **dict.fromkeys(
        words("""
        eat drink break lose throw pop spill waste remove delete die use burn destroy finish
        """),
        "destroy",
    ),
}
"""The verb classes of Hosseini et al. (2014), keyed by lemma (:func:`verb_key`):
``observation`` states an amount, ``transfer_in`` / ``construct`` gain it for the subject,
``transfer_out`` / ``destroy`` lose it. Two amounts of one class may be the same event told
twice; of two classes they are not. Read only through :func:`verb_class`."""

HAVE_VERBS: Final = words("had has have having is are was were contains contained")
"""Verbs that state a quantity rather than change it."""

COMPARE_MORE: Final = words(
    "more greater larger bigger taller longer older heavier higher farther further"
)
COMPARE_FEWER: Final = words("fewer less smaller shorter younger lighter lower")

QUESTION_STATES: Final[dict[str, str]] = {
    "left": "left",
    "remaining": "left",
    "remain": "left",
    "remained": "left",
    "remains": "left",
    "now": "now",
    "still": "now",
    "altogether": "in_all",
    "total": "in_all",
    "together": "in_all",
    "combined": "in_all",
    "all": "in_all",
    "initially": "start",
    "originally": "start",
    "first": "start",
    "start": "start",
    "begin": "start",
    "beginning": "start",
    "each": "each",
    "per": "each",
    "every": "each",
}
"""Question words and the state of the asked quantity they name."""

MONEY_UNITS: Final = words("dollar cent money")
"""Keys (see :func:`noun_key`) of words that make a quantity an amount of money."""


def direction_key(asked_unit: str | None) -> str:
    """The cue attribute that says which way an asked amount moves: ``money_direction`` when
    the amount asked is money in any unit (buying is a gain of things and a loss of money,
    whether the money is told in dollars or in cents), else ``direction``."""
    return "money_direction" if asked_unit in MONEY_UNITS else "direction"

TIME_UNITS: Final = words("second minute hour day week month year")
DISTANCE_UNITS: Final = words("mile kilometer km meter metre foot yard inch centimeter block")
MEASURE_UNITS: Final = words("foot inch mile meter yard pound ounce gallon liter kilogram gram")
"""Units of measure (length, weight, volume): "3 pounds of rice" measures rice, where "3 packs
of pens" counts packs."""
"""Units of distance: what "how far" asks."""

SIDE_DAYS: Final = words("""
    monday tuesday wednesday thursday friday saturday sunday yesterday today tomorrow tonight
    """)
"""Words that by themselves name when something happened ("9 kids on monday")."""

SIDE_PERIODS: Final = words("morning afternoon evening night day week month year weekend")
"""Periods that name a time once anchored: "in the morning", "the previous day"."""

SIDE_EVENTS: Final = words("round game half match level inning race quarter")
"""Events that name a time once anchored by an ordinal or "that/this/last/next": "in the first
game", "in the last round" (never alone: "in the game" names no one of them)."""

SIDE_ANCHORS: Final = words(
    "that this last next previous following first second third fourth fifth"
)
"""Words that anchor a period to one time: "that day", "last week", "the next day", "the
first week" (an ordinal)."""

CONTAINERS: Final = words("""
    bag basket batch bottle bowl box bucket bunch can carton case crate cup dozen gallon glass
    jar kilogram kilo liter litre meter mile ounce pack package packet pair piece pint plate
    pound quart roll row sack set sheet slice stack tray ton foot inch yard gram serving tablespoon
    teaspoon bar loaf pile
    """)
"""Measure or container words: in "3 bags of rice", ``bag`` is the unit and ``rice`` the entity."""

PRONOUNS: Final = words("he she they him her them his hers their theirs")

PERSON_NOUNS: Final = words("""
    waiter waitress chef cook baker farmer teacher boy girl man woman lady gentleman student
    shopkeeper florist gardener worker mailman postman clerk cashier driver pilot doctor nurse
    vendor seller merchant grocer butcher librarian coach player
    """)
"""Nouns that name a person: "A waiter had 14 customers" is an actor a "he" may name."""

NEGATION_WORDS: Final = words("not no never nobody none nothing neither nor")

MODAL_WORDS: Final = words("might may could would should must can")

POSSESSIVES: Final = words("his her their my your our")
"""The possessives that tell a person's thing ("her sister", "his yard"); "its" tells a thing's."""

POSSESSIVE_BEFORE: Final = r"\b(?:" + "|".join(sorted(POSSESSIVES)) + r")\s+"
"""A pattern: one of :data:`POSSESSIVES` and the space after it, before the possessed noun."""

POSSESSED_NOUN: Final = re.compile(POSSESSIVE_BEFORE + r"([A-Za-z]+)", re.IGNORECASE)
"""A noun told as someone's (:data:`POSSESSIVE_BEFORE`, then the noun, captured)."""

DETERMINERS: Final = words("the a an his her their its my our your")
"""Articles and possessives: the words that may open a noun phrase ("his left hand")."""

CONTROL_WORDS: Final = words("if after before when while because since so then but and or than as")
"""Words that open a new clause: a verb or subject is never read across them."""

NON_NAMES: Final = words("""
    a an the if how what when where which who why there this that these those then after
    before during each every some all on in at of for to from by with his her he she they it
    its their our we you i my your mr mrs ms dr last next one two three four five six seven
    eight nine ten monday tuesday wednesday thursday friday saturday sunday january february
    march april may june july august september october november december because since while
    but and or so also later finally meanwhile today yesterday tomorrow over at find calculate
    out let suppose given using now however since about approximately
    """)
"""Capitalised words that are not the name of an actor."""

TIME_ADVERBS: Final = words("""
    later finally again soon afterwards afterward today yesterday tomorrow meanwhile already
    once twice recently eventually suddenly currently presently
    """)
"""Adverbs of time: they say when a clause happens, never who acts in it."""

STOP_WORDS: Final = words("""
    a an the of to in on at for from by with and or but than as into onto over under each every
    per his her their its our my your this that these those some any more fewer less other
    another all both many much how what which who if then so there here is are was were be been
    being has have had do does did will would can could should might may must not no he she
    they it we you i him them me us left now still altogether total together only just also
    very same equal equally different new old extra additional up down off away out back
    around about after before while when because since such few several too times as ones one
    remain remains remained during through across toward towards until till near behind
    inside outside without within among between against along beside beyond except upon via
    throughout though where whose
    """)
"""Words that never head the noun phrase a quantity counts (prepositions end it: "6 during
dinner" counts nothing the phrase names)."""

COMPLEMENT_PAIRS_VERSION: Final = "complement_pairs.v2"
COMPLEMENT_PAIRS: Final = frozenset(
    frozenset(pair.split("/"))
    for pair in """
    good/bad new/used new/old clean/dirty full/empty open/closed correct/incorrect right/wrong
    alive/dead present/absent taken/free taken/empty filled/empty occupied/empty occupied/free
    occupied/vacant
    """.split()
)
"""Two properties a thing has one or the other of ("If 9 of the carrots were good, how many
bad carrots ..."): the complement reading (:mod:`practiceloop.arith.complements`) takes only
these, and "un-" forms ("ripe" / "unripe"), as complements. Closed and versioned: a pair not
here is no complement."""

USE_VERBS: Final = words("use need want")
"""Verbs whose subset leaves the rest "extra" ("If she only used 15 of them, how many extra
did she pick?"), by verb key."""

NOUN_SYNONYMS: Final[dict[str, str]] = {
    "buck": "dollar",
    "g": "gram",
    "penny": "cent",
    "people": "person",
    "leave": "leaf",
}
"""Nouns a word problem reads as another, by the singular the dictionary gives (the value is
the key :func:`noun_key` returns). Not morphology: "bucks" are dollars, "pennies" cents, "g" grams;
and two senses the dictionary cannot choose: it keys "people" as its own noun ("a people")
and "leaves" first as "leave", where a count of people is of persons and of leaves of leafs."""

_KEPT_KEYS: Final = 1 << 14
"""How many words' keys each memo below keeps (the three development corpora use about 3,200
nouns and 240 verbs): bounded, so a long-lived process reading any text stays bounded."""


# The two memos: a key is a pure function of its word and the pinned dictionary; kept, it
# saves about a sixth of the reader's time (benchmarks/bench_word_keys.py), and
# tests/arith/test_lexicon.py checks the kept keys equal to the library's own answers.
@functools.lru_cache(maxsize=_KEPT_KEYS)
def _noun_lemma(word: str) -> str:
    """lemminflect's singular of ``word`` (lower case), from its dictionary only.

    The noun table first; a word it lacks that the verb table lists as a third-person
    singular ("bars", "logs", "crunches": English spells a noun's plural and a verb's "-s"
    form by the same rules) takes that verb's lemma; any other word keys as itself.
    """
    from lemminflect import getInflection, getLemma  # on the first key asked: see the module doc

    nouns = getLemma(word, upos="NOUN", lemmatize_oov=False)
    if nouns:
        return str(nouns[0])
    for lemma in getLemma(word, upos="VERB", lemmatize_oov=False):
        if word in getInflection(lemma, tag="VBZ", inflect_oov=False):
            return str(lemma)
    return word


@functools.lru_cache(maxsize=_KEPT_KEYS)
def _verb_lemma(word: str) -> str:
    """lemminflect's lemma of the verb ``word`` (lower case), from its dictionary only; a
    word it does not know as a verb keys as itself."""
    from lemminflect import getLemma  # on the first key asked: see the module doc

    verbs = getLemma(word, upos="VERB", lemmatize_oov=False)
    return str(verbs[0]) if verbs else word


def noun_key(word: str) -> str:
    """The comparison key of a noun: its singular, lower case, without "'s" ("cookies" and
    "cookie" agree, "bookshelves" keys as "bookshelf", "feet" as "foot"), then
    :data:`NOUN_SYNONYMS` ("bucks" as "dollar"). A word the dictionary does not know as a
    noun is its own key."""
    word = word.lower().removesuffix("'s").removesuffix("’s")
    if not word:
        return word
    lemma = _noun_lemma(word)
    return NOUN_SYNONYMS.get(lemma, lemma)


def verb_key(verb: str | None) -> str | None:
    """The comparison key of a verb phrase: the lemma of its first word ("ate" and "eat"
    agree, "baking" keys as "bake", "got off" as "get"); None for no verb."""
    if verb is None or not verb.split():
        return None
    return _verb_lemma(verb.split()[0].lower())


def reads_as_adjective(word: str) -> bool:
    """True when lemminflect's dictionary knows ``word`` (lower case) as an adjective ("big",
    "red", "whole"): a word that may describe the noun after it rather than name a thing."""
    from lemminflect import getLemma  # on the first key asked: see the module doc

    return bool(getLemma(word.lower(), upos="ADJ", lemmatize_oov=False))


def _first_word(verb: str | None) -> str:
    words = (verb or "").split()
    return words[0].lower() if words else ""


def _forms(word: str, tags: tuple[str, ...]) -> set[str]:
    """The inflections tagged ``tags`` of every verb lemma of ``word`` (dictionary only)."""
    from lemminflect import getInflection, getLemma  # on the first key asked: see the module doc

    return {
        form
        for lemma in getLemma(word, upos="VERB", lemmatize_oov=False)
        for tag in tags
        for form in getInflection(lemma, tag=tag, inflect_oov=False)
    }


def told_in_past(verb: str | None) -> bool:
    """True when the first word of ``verb`` is a past form of its verb and no present one
    ("had", "used"; not "put" or "read", which are both)."""
    word = _first_word(verb)
    return bool(word) and word in _forms(word, ("VBD",)) - _forms(word, ("VBZ", "VBP", "VB"))


def told_in_present(verb: str | None) -> bool:
    """True when the first word of ``verb`` is a present form of its verb and no past one
    ("uses", "buy"; not "put")."""
    word = _first_word(verb)
    return bool(word) and word in _forms(word, ("VBZ", "VBP")) - _forms(word, ("VBD", "VBN"))


def verb_class(verb: str | None) -> str | None:
    """The :data:`VERB_CLASSES` class of a read verb (by :func:`verb_key`), ``other`` for a
    verb of no class, None for no verb."""
    key = verb_key(verb)
    return None if key is None else VERB_CLASSES.get(key, "other")
