"""The arithmetic reader's text layer: tokens, sentences, people, cues and noun phrases.

Private to the reader. :class:`TextReading` holds one text's tokens and the mentions read so
far; :mod:`._quantities` and :mod:`._question` extend it with the quantity and question
readings. Every window is bounded and every regex precompiled, so reading stays linear.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from practiceloop.arith import lexicon as lx
from practiceloop.arith.lexicon import words
from practiceloop.arith.numbers import FACTOR_WORDS, NUMBER_WORDS
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "AUX",
    "MONEY_QUESTION",
    "MOTION_GAIN",
    "MOTION_LOSS",
    "SIDE_OPENERS",
    "START_WORDS",
    "TextReading",
    "is_verb",
    "verb_direction",
]

_TOKEN: Final = re.compile(
    r"""
    (?P<money>\$[ ]?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\$[ ]?\.\d+)
   |(?P<num>(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:/\d+)?|\.\d+)
   |(?P<word>[A-Za-z]+(?:['’][A-Za-z]+)*)
   |(?P<punct>\S)
    """,
    re.VERBOSE,
)
_QUESTION_OPENERS: Final = frozenset({"How", "What", "Find", "Calculate"})
_ABBREVIATIONS: Final = frozenset({"mr", "mrs", "ms", "dr", "st", "jr", "sr"})
MOTION_LOSS: Final = frozenset(
    {"left", "flew", "went", "ran", "walked", "drove", "leave", "leaves"}
)
MOTION_GAIN: Final = frozenset({"came", "arrived", "joined", "entered", "boarded"})
_OTHER_VERBS: Final = words("""
    flew went ran took saw sat stood knew wrote rode swam drove brought thought built kept read
    said told put cut hit let set began became fell felt held led met slept stole wore cost costs
    weighed weighs needs needed wants wanted takes holds contains played did do does go goes
    """)
_FACTOR_VERBS: Final = words("doubled doubles doubling tripled triples halved halves")
_ORDINAL_PARTS: Final = words("third fourth fifth sixth quarter tenth")
_KIND_ADJECTIVES: Final = words("different new old")
_MEASURE_ADJECTIVES: Final = words("long wide tall high deep thick")
"""Stop words that still describe a counted noun when one follows ("10 different books")."""
START_WORDS: Final = frozenset({"initially", "originally", "start", "begin", "beginning", "first"})
AUX: Final = words("did does do will would is are was were can could should must has have had")
MONEY_QUESTION: Final = words(
    "cost costs spend spent pay paid earn earned money price save saved make made"
)
_VERBS: Final = lx.GAIN_VERBS | lx.LOSS_VERBS | lx.HAVE_VERBS | _OTHER_VERBS | MOTION_GAIN
"""Every listed verb form (:func:`is_verb` also takes any longer word in -ed)."""
_MEASURED: Final = lx.TIME_UNITS | lx.CONTAINERS
_NOT_PURPOSE: Final = lx.STOP_WORDS | lx.PRONOUNS
_SIDE_PREPOSITIONS: Final = frozenset({"on", "in", "during", "at"})
SIDE_OPENERS: Final = _SIDE_PREPOSITIONS | {"the", "to"} | lx.SIDE_DAYS | lx.SIDE_ANCHORS
"""The only words a time (or purpose) phrase can start with: see :meth:`TextReading.side_at`."""
_THIRD_PERSON: Final = frozenset({"he", "she", "they"})
_DETERMINERS: Final = words("of the a an his her their its my our your")
_PEOPLE_WORDS: Final = lx.PERSON_NOUNS | _THIRD_PERSON
_CUE_WORDS: Final = lx.GAIN_VERBS | lx.LOSS_VERBS | lx.COMPARE_MORE | lx.COMPARE_FEWER
_OBSERVED: Final = (
    lx.NEGATION_WORDS
    | lx.MODAL_WORDS
    | frozenset(FACTOR_WORDS)
    | _FACTOR_VERBS
    | _ORDINAL_PARTS
    | {"percent", "percentage", "percentages"}
)
"""Words :meth:`TextReading.read_observations` may observe (with any word in n't)."""


class _Tok(NamedTuple):
    kind: str
    text: str
    start: int
    end: int
    lower: str
    sentence: int


_new_tok: Final = tuple.__new__  # builds a _Tok from one tuple without a Python-level call


def is_verb(word: str) -> bool:
    return word in _VERBS or (len(word) > 4 and word.endswith("ed"))


class TextReading:
    """Tokens, sentences and the mentions read so far, for one text."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks: list[_Tok] = []
        self.words: list[str] = []  # token index -> lower-cased word, "" for any other token
        self.sentence_of: list[int] = []  # token index -> its sentence
        self.sentence_bounds: list[tuple[int, int]] = []
        self.mentions: list[Mention] = []
        self.observations: list[Observation] = []
        self.actor_at: dict[int, str] = {}  # token index -> actor mention id
        self.pronoun_at: dict[int, str] = {}
        self.names: dict[str, str] = {}
        self.cue_at: dict[int, str] = {}
        self.counts: dict[str, int] = {}  # mention kind -> mentions of it so far (next id)
        self.actor_names: dict[str, str] = {}  # actor mention id -> name
        self.question = -1  # sentence index of the question
        self.last_thing: dict[str, str] = {}  # entity/modifier/unit of the last counted quantity
        self.last_key: dict[str, str] = {}  # its entity/unit
        self.last_sentence = -1  # the sentence it was counted in
        self.last_mixed = False  # that sentence counted two different things
        self.phrase_end: dict[int, int] = {}  # a number's first token -> the token after its noun

    # --- tokens and sentences -------------------------------------------------------------

    def tokenize(self) -> None:
        # Column by column (kinds, texts, lower-cased texts), then one sequential pass for the
        # sentence breaks: the per-token work stays in comprehensions, not in one long loop.
        matches = list(_TOKEN.finditer(self.text))
        kinds = [match.lastgroup or "punct" for match in matches]
        texts = [match.group() for match in matches]
        lowers = [text.lower() for text in texts]
        words = [lower if kind == "word" else "" for kind, lower in zip(kinds, lowers, strict=True)]
        sentence_of: list[int] = []
        bounds: list[tuple[int, int]] = []
        sentence = first = 0  # the current sentence and its first token
        ends = after_mark = False  # the previous token ends a sentence / is a mark
        for index, (kind, text) in enumerate(zip(kinds, texts, strict=True)):
            is_word = kind == "word"
            if index and (
                (ends and (not is_word or text[:1].isupper()))
                or (is_word and not after_mark and text in _QUESTION_OPENERS)
            ):
                bounds.append((first, index - 1))
                sentence += 1
                first = index
            sentence_of.append(sentence)
            after_mark = kind == "punct"
            # "Mr." ends no sentence
            ends = (
                after_mark
                and text in ".?!"
                and not (text == "." and index and words[index - 1] in _ABBREVIATIONS)
            )
        if matches:
            bounds.append((first, len(matches) - 1))
        self.toks = [
            _new_tok(_Tok, (kind, text, *match.span(), lower, sentence))
            for kind, text, match, lower, sentence in zip(
                kinds, texts, matches, lowers, sentence_of, strict=True
            )
        ]
        self.words, self.sentence_of, self.sentence_bounds = words, sentence_of, bounds
        for index in range(len(bounds) - 1, -1, -1):
            lo, hi = bounds[index]
            if texts[hi] == "?" or texts[lo] in _QUESTION_OPENERS or "how" in words[lo : hi + 1]:
                self.question = index
                break

    def span(self, first: int, last: int) -> SourceSpan:
        a, b = self.toks[first], self.toks[last]
        return SourceSpan(
            text=self.text[a.start : b.end], start=a.start, end=b.end, sentence_index=a.sentence
        )

    def word(self, index: int) -> str:
        """The lower-cased word at token ``index``; "" for a number, a mark or no token."""
        words = self.words
        return words[index] if 0 <= index < len(words) else ""

    def same_sentence(self, a: int, b: int) -> bool:
        sentence_of = self.sentence_of
        return 0 <= b < len(sentence_of) and sentence_of[a] == sentence_of[b]

    def add(self, prefix: str, kind: str, first: int, last: int, attrs: dict[str, str]) -> str:
        mention_id = f"{prefix}{self.counts.get(kind, 0)}"
        self.counts[kind] = self.counts.get(kind, 0) + 1
        pairs = tuple(sorted(attrs.items()))
        self.mentions.append(
            Mention(mention_id=mention_id, kind=kind, span=self.span(first, last), attributes=pairs)
        )
        return mention_id

    def observe(self, kind: str, index: int, attrs: dict[str, str]) -> None:
        observation_id = f"o{len(self.observations)}"
        self.observations.append(
            Observation(
                observation_id=observation_id,
                kind=kind,
                attributes=tuple(sorted(attrs.items())),
                evidence_spans=(self.span(index, index),),
            )
        )

    # --- actors, pronouns, cues, observations ---------------------------------------------

    def read_people(self) -> None:
        toks = self.toks
        words = self.words
        sentence_of = self.sentence_of
        capital = [bool(word) and toks[i].text[:1].isupper() for i, word in enumerate(words)]
        capital_mid = {
            lx.noun_key(word) if word.endswith(("'s", "’s")) else word
            for index, word in enumerate(words)
            if capital[index] and index > 0 and sentence_of[index] == sentence_of[index - 1]
        }
        names_of = [word.removesuffix("'s").removesuffix("’s") for word in words]
        # Only a person noun, a third-person pronoun or a capitalised word can name someone
        # below (every name recorded in self.names is one of them): skip every other word.
        maybe = _PEOPLE_WORDS | {
            name for name, upper in zip(names_of, capital, strict=True) if upper
        }
        for index in [i for i, name in enumerate(names_of) if name in maybe]:
            tok = toks[index]
            name = names_of[index]
            if name in lx.PRONOUNS and name in ("he", "she", "they"):
                self.pronoun_at[index] = self.add("p", "pronoun", index, index, {"pronoun": name})
                continue
            opens = index == 0 or self.toks[index - 1].kind == "punct"
            if (
                name in lx.PERSON_NOUNS
                and (opens or self.word(index - 1) in ("a", "an", "the"))
                and is_verb(self.word(index + 1))
            ):
                self.names[name] = name  # "A waiter had 14 customers": an actor, by role
            elif name in lx.NON_NAMES or name in NUMBER_WORDS or is_verb(name) or len(name) < 2:
                continue
            initial = index == 0 or not self.same_sentence(index, index - 1)
            if capital[index]:
                if initial and name not in capital_mid:
                    nxt = self.word(index + 1)
                    if not (is_verb(nxt) or tok.lower != name or nxt in ("also", "and")):
                        continue
                self.names[name] = name
            elif name not in self.names:
                continue
            first_end = tok.start + len(name)
            span = SourceSpan(
                text=self.text[tok.start : first_end],
                start=tok.start,
                end=first_end,
                sentence_index=tok.sentence,
            )
            mention_id = f"a{self.counts.get('actor', 0)}"
            self.counts["actor"] = self.counts.get("actor", 0) + 1
            self.actor_names[mention_id] = name
            self.mentions.append(
                Mention(
                    mention_id=mention_id, kind="actor", span=span, attributes=(("name", name),)
                )
            )
            self.actor_at[index] = mention_id

    def read_observations(self) -> None:
        for index, tok in enumerate(self.toks):
            word = tok.lower
            if tok.kind == "word" and not (word in _OBSERVED or word.endswith(("n't", "n’t"))):
                continue  # no check below observes anything of this word
            clause = "question" if tok.sentence == self.question else "body"
            if tok.kind == "word":
                if word in lx.NEGATION_WORDS or word.endswith(("n't", "n’t")):
                    self.observe("negation", index, {"clause": clause, "word": word})
                elif word in lx.MODAL_WORDS and clause == "body":
                    self.observe("modal", index, {"clause": clause, "word": word})
                elif (
                    word in FACTOR_WORDS
                    or word in _FACTOR_VERBS
                    or (word in _ORDINAL_PARTS and self.word(index - 1) in ("a", "one", "each"))
                ):
                    self.observe("factor", index, {"clause": clause, "word": word})
                elif word in ("percent", "percentage", "percentages"):
                    self.observe("percent", index, {"clause": clause, "word": word})
            elif tok.text == "%":
                self.observe("percent", index, {"clause": clause, "word": "%"})
            elif tok.kind == "num" and "/" in tok.text:
                self.observe("factor", index, {"clause": clause, "word": tok.text[:40]})

    def noun_phrase(self, index: int) -> tuple[int, dict[str, str]]:
        """Read the noun phrase a number counts, from token ``index``: (next index, attrs)."""
        attrs: dict[str, str] = {}
        words: list[str] = []
        toks = self.toks
        while index < len(toks) and len(words) < 3:
            tok = toks[index]
            if tok.text == "-" and words and self.word(index + 1):
                words[-1] = words[-1] + "-" + self.word(index + 1)
                index += 2
                continue
            word = self.word(index)
            if words and (
                word in _MEASURE_ADJECTIVES
                or word in lx.SIDE_DAYS
                or word in lx.SIDE_ANCHORS
                or (len(word) > 4 and word.endswith("ly"))
                or (
                    len(word) > 5
                    and word.endswith("ing")
                    and words[-1].endswith("s")
                    and lx.noun_key(words[-1]) not in _MEASURED
                )
            ):
                # "48 pages long", "31 cookies yesterday", "8 cakes initially", "13 games
                # scoring the same": the noun ended; the word after it says along what, when
                # or how ("3 hours reading" stays one phrase: time spent on an activity)
                break
            if word in _KIND_ADJECTIVES and not words and self.is_noun(index + 1):
                words.append(word)  # "10 different books", "170 new cakes"
                index += 1
                continue
            if not word or word in lx.STOP_WORDS or word in lx.PRONOUNS or is_verb(word):
                break
            if word in NUMBER_WORDS or word in FACTOR_WORDS:
                break
            words.append(word)
            index += 1
        if not words:
            return index, attrs
        head = lx.noun_key(words[-1].split("-")[-1])
        modifiers = [lx.noun_key(w) for w in words[:-1] if w not in ("square", "cubic")]
        if any(w in ("square", "cubic") for w in words[:-1]):
            head = f"square {head}"
        if head in lx.MONEY_UNITS:
            attrs["unit"] = "dollar" if head != "cent" else "cent"
            attrs["entity"] = "money"
            return index, attrs
        measured = head in lx.CONTAINERS or head in lx.TIME_UNITS
        if self.word(index) == "of" and (measured or self.is_noun(index + 1)):
            # "3 bags of rice", "2 pages of reading homework": the unit, then the thing
            probe = index + 1
            while self.word(probe) in ("the", "his", "her", "their", "a", "an", "its"):
                probe += 1
            after, inner = self.noun_phrase(probe)
            if "entity" in inner and "unit" not in inner:
                attrs["unit"] = head
                attrs["entity"] = inner["entity"]
                if "modifier" in inner:
                    attrs["modifier"] = inner["modifier"]
                return after, attrs
        if (
            head.startswith("square ")
            or head in lx.TIME_UNITS
            or head
            in (
                "foot",
                "inch",
                "mile",
                "meter",
                "yard",
                "pound",
                "ounce",
                "gallon",
                "liter",
                "kilogram",
                "gram",
            )
        ):
            attrs["unit"] = head
        else:
            attrs["entity"] = head
        if modifiers:
            attrs["modifier"] = " ".join(modifiers)
        return index, attrs

    def side_at(self, index: int) -> tuple[str, int] | None:
        """The time phrase at ``index`` and the index after it: ("monday", i) for "on
        monday", ("morning", i) for "in the morning", ("previous day", i) for "the previous
        day"; None when no time phrase starts there. The side a quantity or the question is
        on, so that "more on monday than on tuesday" can pair its two sides."""
        if self.word(index) not in SIDE_OPENERS:
            return None  # the common case: no phrase below can start with this word
        probe = index
        if self.word(probe) in _SIDE_PREPOSITIONS:
            probe += 1
        article = self.word(probe) == "the"
        probe += article
        word = self.word(probe)
        if word in lx.SIDE_DAYS:
            return word, probe + 1
        nxt = self.word(probe + 1)
        if word in lx.SIDE_ANCHORS and nxt in lx.SIDE_PERIODS:
            return f"{word} {nxt}", probe + 2
        if article and word in lx.SIDE_PERIODS and word not in lx.TIME_UNITS:
            return word, probe + 1  # "in the morning", not "in the day" (a whole day)
        if (
            self.word(index) == "to"
            and self.word(index + 1)
            and (self.word(index + 1) not in _NOT_PURPOSE)
        ):
            # "20 blocks to build a house": the purpose is a side, as a time is
            verb, probe = self.word(index + 1), index + 2
            if self.word(probe) in ("a", "an", "the") and self.is_noun(probe + 1):
                end, phrase = self.noun_phrase(probe + 1)
                thing = phrase.get("entity") or phrase.get("unit")
                if thing:
                    return f"to {verb} {thing}", end
        return None

    def objects_at(self, index: int) -> list[str]:
        """The nouns of "on/for (the) X (and (the) Y)" or "to buy X" at ``index`` ("on a
        battery", "on the battery and the radio"): what money was spent on; [] when none."""
        probe = index + 1
        if self.word(index) == "to" and self.word(probe) in ("buy", "purchase"):
            probe += 1  # "$ 4 to buy books"
        elif self.word(index) not in ("on", "for"):
            return []
        found: list[str] = []
        while len(found) < 4:
            while self.word(probe) in _DETERMINERS:
                probe += 1
            if probe in self.actor_at:
                break
            end, phrase = self.noun_phrase(probe)
            thing = phrase.get("entity") or phrase.get("unit")
            if not thing or thing == "money":
                break
            found.append(thing)
            if self.word(end) not in ("and", ","):
                break
            probe = end + 1
        return found

    def is_noun(self, index: int) -> bool:
        """True when the word at ``index`` may head a noun phrase (not a stop word, pronoun,
        verb or number)."""
        word = self.word(index)
        return bool(word) and not (
            word in lx.STOP_WORDS
            or word in lx.PRONOUNS
            or is_verb(word)
            or word in NUMBER_WORDS
            or word in FACTOR_WORDS
        )

    def head(self, index: int) -> str:
        """The head noun key of the noun phrase at ``index`` ("each candy bar" -> ``bar``)."""
        _, phrase = self.noun_phrase(index)
        return phrase.get("entity") or phrase.get("unit") or lx.noun_key(self.word(index))

    def read_cues(self) -> None:
        for index, word in enumerate(self.words):
            if word not in _CUE_WORDS:
                continue  # not a word, or a word that cues nothing below
            if self.word(index - 1) in _DETERMINERS:
                continue  # "5 weeks of harvest", "the gift": a noun there, no verb
            phrase = word  # "got off": the cue loses, like the verb it marks
            if word in ("got", "get", "gets", "getting") and self.word(index + 1) in ("off", "out"):
                phrase = word + " " + self.word(index + 1)
            direction = (
                verb_direction(phrase, False)
                if word in lx.GAIN_VERBS or word in lx.LOSS_VERBS
                else ""
            )
            if direction and not (
                word == "left"
                and (self.word(index - 1) in lx.HAVE_VERBS or self.word(index - 1) == "there")
            ):
                money = verb_direction(phrase, True)
                attrs = {"cue": word, "direction": direction, "money_direction": money}
                self.cue_at[index] = self.add("c", "cue", index, index, attrs)
            elif word in lx.COMPARE_MORE or word in lx.COMPARE_FEWER:
                side = "more" if word in lx.COMPARE_MORE else "fewer"
                self.cue_at[index] = self.add(
                    "c", "cue", index, index, {"cue": word, "direction": side}
                )


def verb_direction(verb: str, money: bool) -> str:
    """``gain`` / ``loss`` for the subject of ``verb`` ("" when the verb moves nothing)."""
    words = verb.split()
    if not words:  # no word at all (a comma between "After" and the verb; found by atheris)
        return ""
    head = words[0]
    if head in ("got", "get", "gets", "getting") and words[-1] in ("off", "out"):
        return "loss"  # "22 passengers get off the bus"
    if money and head in lx.MONEY_LOSS_VERBS:
        return "loss"
    if money and head in ("sold", "sell", "sells"):
        return "gain"
    if head in lx.GAIN_VERBS or head in MOTION_GAIN:
        return "gain"
    if head in lx.LOSS_VERBS or head in MOTION_LOSS:
        return "loss"
    return ""
