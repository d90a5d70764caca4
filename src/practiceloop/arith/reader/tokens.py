"""Stage 1 of the reader: tokens and sentences, and the state every later stage reads into.

:class:`Reading` holds one text's tokens, its sentences and the mentions and observations read
so far; every later stage (people, cues, noun phrases, quantities, the question, hazards) is a
module of functions over it. :func:`read_tokens` is the one tokenizer pass; :func:`find_question`
names the question's sentence. Every regex is precompiled, so reading stays linear.
"""

from __future__ import annotations

import re
from typing import Final, NamedTuple

from practiceloop.arith.lexicon import words
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.kernel.frame import Mention, Observation
from practiceloop.kernel.span import SourceSpan

__all__ = [
    "IMPERATIVES",
    "QUESTION_OPENERS",
    "Reading",
    "Tok",
    "asked_by_imperative",
    "condition_after_question",
    "find_question",
    "read_tokens",
]

_TOKEN: Final = re.compile(
    r"""
    (?P<money>\$[ ]?(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?|\$[ ]?\.\d+)
   |(?P<num>(?:\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.\d+)?(?:/\d+)?|\.\d+)
   |(?P<word>[A-Za-z]+(?:\d+[A-Za-z]*)*(?:['’][A-Za-z]+)*)
   |(?P<punct>\S)
    """,
    re.VERBOSE,
)
QUESTION_OPENERS: Final = frozenset({"How", "What", "Find", "Calculate", "Determine"})
"""Words that open a question sentence, even with no mark before them."""
IMPERATIVES: Final = frozenset({"calculate", "find", "determine", "compute"})
"""Verbs that ask for an amount as a question does ("Calculate the total cost.")."""
_ABBREVIATIONS: Final = words("mr mrs ms dr st jr sr")


class Tok(NamedTuple):
    """One token: its kind (``money``, ``num``, ``word``, ``punct``), text, offsets, lower-cased
    text and sentence index."""

    kind: str
    text: str
    start: int
    end: int
    lower: str
    sentence: int


_new_tok: Final = tuple.__new__  # builds a Tok from one tuple without a Python-level call


class Reading:
    """One text being read: tokens, sentences, and the mentions and observations read so far."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks: list[Tok] = []
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
        self.given_to: set[str] = set()  # cue ids of "gave her 40": a gain for the receiver
        self.passive: set[str] = set()  # cue ids of "she was given $10": a gain for the subject
        self.taken_from: dict[str, str] = {}  # cue id of "bought 5 from him" -> the source's noun
        self.place_moves: dict[str, tuple[str, str]] = {}  # "took 5 from the drawer": its
        # cue id -> (the place's direction, the place's noun when told "the P had", else "")
        self.place_out_of: set[int] = set()  # the "out" of "took 5 out of the jar"
        self.motions: dict[str, str] = {}  # cue id of a manner verb -> the direction told
        self.work_cues: set[str] = set()  # cue ids of work done: "filed 5" of "forms to file"
        self.one_of: dict[int, str] = {}  # a number's first token -> "a spider" (its subject)
        self.one_container: set[int] = set()  # ... when that one is "a pack of gum": a pack

    def span(self, first: int, last: int) -> SourceSpan:
        """The exact source span from token ``first`` through token ``last``."""
        a, b = self.toks[first], self.toks[last]
        return SourceSpan(
            text=self.text[a.start : b.end], start=a.start, end=b.end, sentence_index=a.sentence
        )

    def word(self, index: int) -> str:
        """The lower-cased word at token ``index``; "" for a number, a mark or no token."""
        words = self.words
        return words[index] if 0 <= index < len(words) else ""

    def same_sentence(self, a: int, b: int) -> bool:
        """True when token ``b`` exists and is in token ``a``'s sentence."""
        sentence_of = self.sentence_of
        return 0 <= b < len(sentence_of) and sentence_of[a] == sentence_of[b]

    def clause_of(self, index: int) -> str:
        """``question`` when token ``index`` is in the question's sentence, else ``body``."""
        return "question" if self.toks[index].sentence == self.question else "body"

    def add(self, prefix: str, kind: str, first: int, last: int, attrs: dict[str, str]) -> str:
        """Record a mention of ``kind`` over tokens ``first``..``last``; returns its id."""
        mention_id = f"{prefix}{self.counts.get(kind, 0)}"
        self.counts[kind] = self.counts.get(kind, 0) + 1
        pairs = tuple(sorted(attrs.items()))
        self.mentions.append(
            Mention(mention_id=mention_id, kind=kind, span=self.span(first, last), attributes=pairs)
        )
        return mention_id

    def observe(self, kind: str, index: int, attrs: dict[str, str]) -> None:
        """Record an observation of ``kind`` with the token at ``index`` as its evidence."""
        observation_id = f"o{len(self.observations)}"
        self.observations.append(
            Observation(
                observation_id=observation_id,
                kind=kind,
                attributes=tuple(sorted(attrs.items())),
                evidence_spans=(self.span(index, index),),
            )
        )


def read_tokens(r: Reading) -> None:
    """Tokens (money, numbers, words, marks) and sentences.

    Digits glued after letters belong to the word ("an mp3 player", "A4 paper", "R2D2"): they
    name a thing, not an amount. Digits first keep their number ("5kg", "the 4th day").

    A sentence ends at ".", "?" or "!" before a capital or a mark ("Mr." ends none), a
    question opener ("How", "What", "Find", "Calculate") after a word starts a new one
    ("... 5 apples How many ..."), and so does "how many" after a comma that closes a
    condition ("If she sold 9, how many would she have?"), and so does the condition after a
    question (:func:`condition_after_question`). Sets the question sentence
    (:func:`find_question`).
    """
    # Column by column (kinds, texts, lower-cased texts), then one sequential pass for the
    # sentence breaks: the per-token work stays in comprehensions, not in one long loop.
    matches = list(_TOKEN.finditer(r.text))
    kinds = [match.lastgroup or "punct" for match in matches]
    texts = [match.group() for match in matches]
    lowers = [text.lower() for text in texts]
    lowered = [lower if kind == "word" else "" for kind, lower in zip(kinds, lowers, strict=True)]
    sentence_of: list[int] = []
    bounds: list[tuple[int, int]] = []
    sentence = first = 0  # the current sentence and its first token
    ends = after_mark = False  # the previous token ends a sentence / is a mark
    for index, (kind, text) in enumerate(zip(kinds, texts, strict=True)):
        is_word = kind == "word"
        if index and (
            (ends and (not is_word or text[:1].isupper()))
            or (is_word and not after_mark and text in QUESTION_OPENERS)
            or _question_after_clause(kinds, texts, lowered, first, index)
            or _what_after_condition(texts, lowered, first, index)
            or condition_after_question(texts, lowered, first, index)
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
            and not (text == "." and index and lowered[index - 1] in _ABBREVIATIONS)
        )
    if matches:
        bounds.append((first, len(matches) - 1))
    r.toks = [
        _new_tok(Tok, (kind, text, *match.span(), lower, sentence))
        for kind, text, match, lower, sentence in zip(
            kinds, texts, matches, lowers, sentence_of, strict=True
        )
    ]
    r.words, r.sentence_of, r.sentence_bounds = lowered, sentence_of, bounds
    r.question = find_question(texts, lowered, bounds)


def _question_after_clause(
    kinds: list[str], texts: list[str], lowered: list[str], first: int, index: int
) -> bool:
    """ "If he sold 17 of them, how many books would he have?", "They added 5 more classes,
    how many students ...": the question starts at "how" after the comma closing a clause
    that tells an amount or a condition; that clause is told like the story, not asked. "At
    the end, how many ..." stays one question."""
    if not (
        lowered[index] == "how"
        and texts[index - 1] == ","
        and index + 1 < len(lowered)
        and lowered[index + 1] in ("many", "much")
    ):
        return False
    return lowered[first] in _CONDITIONS or any(
        kind in ("num", "money") or lowered[at] in NUMBER_WORDS
        for at, kind in enumerate(kinds[first:index], first)
    )


def _what_after_condition(texts: list[str], lowered: list[str], first: int, index: int) -> bool:
    """ "If she found 4 shells and 3 more, what would her score be?", "If he sold 9, calculate
    the total ...": as with "how many" (:func:`_question_after_clause`), the question starts
    at "what is/was/would/will" or at an imperative that asks an amount (:data:`IMPERATIVES`
    before "the", "how" or a possessive) after the comma closing a condition; the condition
    is told like the story."""
    if texts[index - 1] != "," or lowered[first] not in _CONDITIONS:
        return False
    if lowered[index] in IMPERATIVES:  # "If ..., calculate the total ...": asked the same way
        return lowered[index + 1 : index + 2] in (["the"], ["how"], ["their"], ["his"], ["her"])
    return lowered[index] == "what" and lowered[index + 1 : index + 2] in (
        ["is"], ["was"], ["would"], ["will"]
    )  # fmt: skip


def condition_after_question(texts: list[str], lowered: list[str], first: int, index: int) -> bool:
    """ "How much did they spend if Tom bought 6 decks and Ann bought 2 decks?": an "if" clause
    after "how many" / "how much" is a condition told like the story, the clause before it the
    question (as "If Tom bought 6 decks ..., how much ..." is read). The sentence from
    ``first`` opens with "how many" or "how much"; a new one starts at the "if" at ``index``.
    "How many are left, if any?" keeps its "if": a condition says a clause (three words)."""
    return (
        lowered[index] == "if"
        and lowered[first] == "how"
        and lowered[first + 1 : first + 2] in (["many"], ["much"])
        and index > first + 2
        and len(texts) >= index + 4
        and all(text[:1].isalnum() or text[:1] == "$" for text in texts[index + 1 : index + 4])
    )


_CONDITIONS = frozenset(("if", "when", "after", "since", "because", "assuming", "suppose"))


def find_question(texts: list[str], lowered: list[str], bounds: list[tuple[int, int]]) -> int:
    """The question's sentence: the last one that ends with "?", opens with a question word or
    holds "how" (the one before a condition told after it); -1 when there is none."""
    for index in range(len(bounds) - 1, -1, -1):
        lo, hi = bounds[index]
        opens = texts[lo] in QUESTION_OPENERS or (
            lowered[lo] in IMPERATIVES and lo > 0 and texts[lo - 1] == ","
        )  # "If ..., calculate the total ...": its own sentence, opened by the imperative
        if texts[hi] == "?" or opens or "how" in lowered[lo : hi + 1]:
            before = bounds[index - 1][0] if index else -1
            told = before >= 0 and condition_after_question(texts, lowered, before, lo)
            if lowered[lo] == "if" and told:
                return index - 1  # "How much did they spend | if Tom bought 6 decks?"
            return index
    return -1


def asked_by_imperative(r: Reading, at: int) -> bool:
    """ "Find the total number of shells.", "If ..., calculate the total ...": a verb of
    :data:`IMPERATIVES` that opens the question's sentence (the sentence the
    tokenizer starts there after a condition's comma) asks an amount; it moves nothing ("she
    finds 4 shells" has a subject before it, "found" is no imperative, and an order in the
    story, "Find 3 more shells.", is no question)."""
    if r.word(at) not in IMPERATIVES or r.toks[at].sentence != r.question:
        return False
    return at == r.sentence_bounds[r.toks[at].sentence][0]
