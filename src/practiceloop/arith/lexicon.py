"""The arithmetic reader's closed word lists, and the one function that keys a noun.

Plain static data: every list is a frozenset (or a mapping) written out here, so a change of
vocabulary is a visible diff and a new ``READER_VERSION``. No list is learned or loaded.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "COMPARE_FEWER",
    "COMPARE_MORE",
    "CONTAINERS",
    "CONTROL_WORDS",
    "GAIN_VERBS",
    "HAVE_VERBS",
    "LOSS_VERBS",
    "MODAL_WORDS",
    "MONEY_LOSS_VERBS",
    "MONEY_UNITS",
    "NEGATION_WORDS",
    "NON_NAMES",
    "PERSON_NOUNS",
    "PRONOUNS",
    "QUESTION_STATES",
    "SIDE_ANCHORS",
    "SIDE_DAYS",
    "SIDE_PERIODS",
    "STOP_WORDS",
    "TIME_UNITS",
    "VERB_CLASSES",
    "VERB_LEMMAS",
    "noun_key",
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
    """)
"""A verb whose subject gains the counted things (its direction for a count is ``gain``)."""

LOSS_VERBS: Final = words("""
    ate eat eats eaten gave give gives given sold sell sells spent spend spends lost lose loses
    used use uses threw throw throws broke break breaks donated donate donates drank drink
    drinks popped pop pops spilled spill spills sent send sends lent lend lends wasted waste
    removed remove removes dropped drop drops paid pay pays shared share shares left
    deleted delete deletes disappeared disappear disappears died die dies
    """)
"""A verb whose subject loses the counted things (``left`` as in "9 customers left")."""

MONEY_LOSS_VERBS: Final = words("""
    buy buying buys bought purchase purchased purchases spend spent spends pay paid pays cost
    costs
    """)
"""Verbs that gain goods but lose money: for a money quantity their direction is ``loss``."""

VERB_CLASSES: Final[dict[str, str]] = {
    **dict.fromkeys(words("have be contain hold own keep"), "observation"),
    **dict.fromkeys(
        words("""
        buy get receive find win borrow collect gather pick catch earn purchase bring join
        arrive come enter board save
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
        words("eat drink break lose throw pop spill waste remove delete die use burn destroy"),
        "destroy",
    ),
}
"""The verb classes of Hosseini et al. (2014), by base form: ``observation`` states an amount,
``transfer_in`` / ``construct`` gain it for the subject, ``transfer_out`` / ``destroy`` lose it.
Two amounts of one class may be the same event told twice; of two classes they are not."""

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

TIME_UNITS: Final = words("second minute hour day week month year")

SIDE_DAYS: Final = words("""
    monday tuesday wednesday thursday friday saturday sunday yesterday today tomorrow tonight
    """)
"""Words that by themselves name when something happened ("9 kids on monday")."""

SIDE_PERIODS: Final = words("morning afternoon evening night day week month year weekend")
"""Periods that name a time once anchored: "in the morning", "the previous day"."""

SIDE_ANCHORS: Final = words("that this last next previous following")
"""Words that anchor a period to one time: "that day", "last week", "the next day"."""

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
    throughout
    """)
"""Words that never head the noun phrase a quantity counts (prepositions end it: "6 during
dinner" counts nothing the phrase names)."""

_IRREGULAR: Final = {
    "men": "man", "women": "woman", "children": "child", "people": "person",
    "feet": "foot", "teeth": "tooth", "mice": "mouse", "geese": "goose", "knives": "knife",
    "leaves": "leaf", "loaves": "loaf", "shelves": "shelf", "wolves": "wolf",
    "halves": "half", "lives": "life", "wives": "wife", "calves": "calf",
    "cookie": "cooky", "cookies": "cooky", "movies": "movie", "pies": "pie",
    "series": "series", "species": "species", "sheep": "sheep", "fish": "fish", "deer": "deer",
    "glasses": "glass", "dollars": "dollar", "bucks": "dollar", "buck": "dollar",
    "cents": "cent", "pennies": "cent", "penny": "cent",
}  # fmt: skip


VERB_LEMMAS: Final[dict[str, str]] = {
    "ate": "eat", "gave": "give", "given": "give", "bought": "buy", "sold": "sell",
    "found": "find", "got": "get", "made": "make", "took": "take", "spent": "spend",
    "lost": "lose", "won": "win", "threw": "throw", "brought": "bring", "caught": "catch",
    "drank": "drink", "broke": "break", "sent": "send", "lent": "lend", "paid": "pay",
    "left": "leave", "flew": "fly", "went": "go", "came": "come", "ran": "run", "grew": "grow",
    "did": "do", "had": "have", "has": "have", "saw": "see", "built": "build", "kept": "keep",
    "stole": "steal", "wore": "wear", "told": "tell", "said": "say", "swam": "swim",
    "drove": "drive", "rode": "ride", "wrote": "write", "read": "read", "put": "put", "cut": "cut",
}  # fmt: skip
"""Irregular past forms and their base forms, so that "ate" and "eat" compare equal."""


def noun_key(word: str) -> str:
    """A comparison key for a noun: lower case, singular, so "cookies" and "cookie" agree.

    A key, not a lemma: it only has to map a word's singular and plural to the same string.
    """
    word = word.lower().removesuffix("'s").removesuffix("’s")
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 5 and word.endswith(("elves", "alves")):
        return word[:-3] + "f"  # "bookshelves" -> "bookshelf", like "shelves"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes", "zes", "oes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word
