"""The arithmetic reader: problem text -> :class:`ProblemFrame` (or a typed refusal).

A pure, deterministic function of the text (no model, no randomness, no I/O), versioned by
:data:`READER_ID` / :data:`READER_VERSION`. It records what it sees, with the exact spans where
it saw it: sentences, quantities (exact rational values, the thing counted, the unit, the
owner when a name governs the clause, the verb and its direction, comparison and grouping
cues), actors, pronouns (never resolved: each gets a ``coreference`` relation with its
antecedent unbound), verb and comparison cues, the question's target, and observations
(negation, modality, multiplier words, unreadable numbers). It proposes one relation per schema
whose cue it read, binding only the roles it read; every other role stays ``None``.

Text with no UTF-8 form (lone surrogates) or that is not a ``str`` gives a
:class:`ReaderRefusal`. Any other text gives a frame, possibly with nothing bound. The cost is
linear in the text: one precompiled tokenizer pass, then bounded local windows per token.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Final, NamedTuple

from practiceloop.arith import lexicon as lx
from practiceloop.arith.lexicon import words
from practiceloop.arith.numbers import (
    FACTOR_WORDS,
    NUMBER_WORDS,
    format_rational,
    parse_digits,
    parse_words,
)
from practiceloop.arith.reading import (
    COREFERENCE,
    UNKNOWN_KIND,
    entity_compatible,
    quantity_views,
    target_view,
)
from practiceloop.kernel.frame import (
    Mention,
    Observation,
    ProblemFrame,
    Relation,
    Target,
    build_frame,
)
from practiceloop.kernel.record import record
from practiceloop.kernel.span import SourceSpan

__all__ = ["READER_ID", "READER_VERSION", "ReaderRefusal", "read"]

READER_ID: Final = "practiceloop.arith.reader"
READER_VERSION: Final = "arith_reader.v1"

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
_MOTION_LOSS: Final = frozenset(
    {"left", "flew", "went", "ran", "walked", "drove", "leave", "leaves"}
)
_MOTION_GAIN: Final = frozenset({"came", "arrived", "joined", "entered", "boarded"})
_OTHER_VERBS: Final = words("""
    flew went ran took saw sat stood knew wrote rode swam drove brought thought built kept read
    said told put cut hit let set began became fell felt held led met slept stole wore cost costs
    weighed weighs needs needed wants wanted takes holds contains played did do does go goes
    """)
_FACTOR_VERBS: Final = words("doubled doubles doubling tripled triples halved halves")
_ORDINAL_PARTS: Final = words("third fourth fifth sixth quarter tenth")
_START_WORDS: Final = frozenset({"initially", "originally", "start", "begin", "beginning", "first"})
_AUX: Final = words("did does do will would is are was were can could should must has have had")
_MONEY_QUESTION: Final = words(
    "cost costs spend spent pay paid earn earned money price save saved make made"
)


class _Tok(NamedTuple):
    kind: str
    text: str
    start: int
    end: int
    lower: str
    sentence: int


@record()
class ReaderRefusal:
    """The reader could not read the input at all (it is not text with a UTF-8 form)."""

    reason_code: str
    explanation: str


def _is_verb(word: str) -> bool:
    return (
        word in lx.GAIN_VERBS
        or word in lx.LOSS_VERBS
        or word in lx.HAVE_VERBS
        or word in _OTHER_VERBS
        or word in _MOTION_GAIN
        or (len(word) > 4 and word.endswith("ed"))
    )


class _Reading:
    """One pass of reading: tokens, then mentions. Private; :func:`read` is the boundary."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.toks: list[_Tok] = []
        self.sentence_bounds: list[tuple[int, int]] = []
        self.mentions: list[Mention] = []
        self.observations: list[Observation] = []
        self.actor_at: dict[int, str] = {}  # token index -> actor mention id
        self.pronoun_at: dict[int, str] = {}
        self.quantity_tokens: list[tuple[int, int]] = []  # (first, last) token of each quantity
        self.names: dict[str, str] = {}
        self.cue_at: dict[int, str] = {}
        self.counts: dict[str, int] = {}  # mention kind -> mentions of it so far (next id)
        self.actor_names: dict[str, str] = {}  # actor mention id -> name
        self.question = -1  # sentence index of the question

    # --- tokens and sentences -------------------------------------------------------------

    def tokenize(self) -> None:
        sentence = 0
        first = True
        prev: tuple[str, str] | None = None
        for match in _TOKEN.finditer(self.text):
            kind = match.lastgroup or "punct"
            word = match.group()
            if prev is not None and not first:
                ends = prev[0] == "punct" and prev[1] in ".?!"
                opener = kind == "word" and word in _QUESTION_OPENERS and prev[0] != "punct"
                if (ends and (kind != "word" or word[:1].isupper())) or opener:
                    sentence += 1
                    first = True
            start, end = match.span()
            self.toks.append(_Tok(kind, word, start, end, word.lower(), sentence))
            first = False
            prev = (kind, word.lower() if kind == "word" else word)
            if kind == "punct" and word == "." and len(self.toks) >= 2:
                before = self.toks[-2]
                if before.kind == "word" and before.lower in _ABBREVIATIONS:
                    prev = ("punct", ",")  # "Mr." ends no sentence
        bounds: list[tuple[int, int]] = []
        for index, tok in enumerate(self.toks):
            if tok.sentence == len(bounds):
                bounds.append((index, index))
            else:
                bounds[-1] = (bounds[-1][0], index)
        self.sentence_bounds = bounds
        for index in range(len(bounds) - 1, -1, -1):
            lo, hi = bounds[index]
            words = {t.lower for t in self.toks[lo : hi + 1] if t.kind == "word"}
            if (
                self.toks[hi].text == "?"
                or self.toks[lo].text in _QUESTION_OPENERS
                or (words & {"how"})
            ):
                self.question = index
                break

    def span(self, first: int, last: int) -> SourceSpan:
        a, b = self.toks[first], self.toks[last]
        return SourceSpan(
            text=self.text[a.start : b.end], start=a.start, end=b.end, sentence_index=a.sentence
        )

    def word(self, index: int) -> str:
        if 0 <= index < len(self.toks) and self.toks[index].kind == "word":
            return self.toks[index].lower
        return ""

    def same_sentence(self, a: int, b: int) -> bool:
        return 0 <= b < len(self.toks) and self.toks[a].sentence == self.toks[b].sentence

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
        capital_mid: set[str] = set()
        for index, tok in enumerate(toks):
            if (
                tok.kind == "word"
                and tok.text[:1].isupper()
                and index > 0
                and self.same_sentence(index, index - 1)
            ):
                capital_mid.add(
                    lx.noun_key(tok.lower) if tok.lower.endswith(("'s", "’s")) else tok.lower
                )
        for index, tok in enumerate(toks):
            if tok.kind != "word":
                continue
            name = tok.lower.removesuffix("'s").removesuffix("’s")
            if name in lx.PRONOUNS and name in ("he", "she", "they"):
                self.pronoun_at[index] = self.add("p", "pronoun", index, index, {"pronoun": name})
                continue
            if name in lx.NON_NAMES or name in NUMBER_WORDS or _is_verb(name) or len(name) < 2:
                continue
            initial = index == 0 or not self.same_sentence(index, index - 1)
            if tok.text[:1].isupper():
                if initial and name not in capital_mid:
                    nxt = self.word(index + 1)
                    if not (_is_verb(nxt) or tok.lower != name or nxt in ("also", "and")):
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
            clause = "question" if tok.sentence == self.question else "body"
            word = tok.lower
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
                elif word == "percent":
                    self.observe("percent", index, {"clause": clause, "word": word})
            elif tok.text == "%":
                self.observe("percent", index, {"clause": clause, "word": "%"})
            elif tok.kind == "num" and "/" in tok.text:
                self.observe("factor", index, {"clause": clause, "word": tok.text[:40]})

    # --- quantities -------------------------------------------------------------------------

    def numbers(self) -> list[tuple[int, int, Fraction | None]]:
        """(first token, last token, value) of each number, words merged, in source order."""
        found: list[tuple[int, int, Fraction | None]] = []
        toks = self.toks
        index = 0
        while index < len(toks):
            tok = toks[index]
            if tok.kind in ("num", "money"):
                value = parse_digits(tok.text)
                last = index
                nxt = self.word(index + 1)
                if value is not None and nxt in ("hundred", "thousand", "million", "dozen"):
                    value = parse_words(("one", nxt))
                    value = None if value is None else value * parse_digits(tok.text)  # type: ignore[operator]
                    last = index + 1
                found.append((index, last, value))
                index = last + 1
                continue
            if tok.kind == "word" and (
                tok.lower in NUMBER_WORDS or (tok.lower == "a" and self.word(index + 1) == "dozen")
            ):
                words = [tok.lower]
                last = index
                probe = index + 1
                while probe < len(toks) and self.same_sentence(index, probe):
                    step = probe + 1 if toks[probe].text == "-" else probe
                    candidate = self.word(step)
                    if candidate == "and" and words[-1] in ("hundred", "thousand"):
                        candidate_words = (*words, "and", self.word(step + 1))
                        if parse_words(candidate_words) is None:
                            break
                        words = list(candidate_words)
                        last = probe = step + 2
                        continue
                    if not candidate or parse_words((*words, candidate)) is None:
                        break
                    words.append(candidate)
                    last = step
                    probe = step + 1
                value = parse_words(tuple(words))
                if value is not None and not (
                    words == ["one"] and self.word(last + 1) in ("of", "another")
                ):
                    found.append((index, last, value))
                index = last + 1
                continue
            index += 1
        return found

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
            if not word or word in lx.STOP_WORDS or word in lx.PRONOUNS or _is_verb(word):
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
        if (head in lx.CONTAINERS or head in lx.TIME_UNITS) and self.word(index) == "of":
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

    def read_quantity(
        self, first: int, last: int, value: Fraction, previous: list[tuple[int, int]]
    ) -> dict[str, str]:
        toks = self.toks
        attrs: dict[str, str] = {"value": format_rational(value)}
        if toks[first].sentence == self.question:
            attrs["clause"] = "question"
        index = last + 1
        word = toks[first].lower
        if word in FACTOR_WORDS:
            attrs["factor"] = word
        if toks[first].kind == "money":
            attrs["unit"] = "dollar"
            attrs["entity"] = "money"
            if lx.noun_key(self.word(index)) == "dollar":
                index += 1
        if index < len(toks) and (toks[index].text == "%" or self.word(index) == "percent"):
            attrs["unit"] = "percent"
            index += 1
        if self.word(index) in lx.COMPARE_MORE or self.word(index) in lx.COMPARE_FEWER:
            attrs["compare"] = "more" if self.word(index) in lx.COMPARE_MORE else "fewer"
            attrs["compare_cue"] = self.cue_at.get(index, "")
            index += 1
        if self.word(index) == "of" and self.word(index + 1) in ("them", "these", "those", "it"):
            index += 2
        elif self.word(index) == "of":
            index += 1
            while self.word(index) in ("the", "his", "her", "their", "its", "our", "my", "your"):
                index += 1
        if "unit" not in attrs or attrs.get("unit") == "percent":
            index, phrase = self.noun_phrase(index)
            attrs.update(phrase)
        # after the phrase: comparison, rate, state
        nxt = self.word(index)
        if nxt in lx.COMPARE_MORE or nxt in lx.COMPARE_FEWER:
            if "compare" not in attrs:
                attrs["compare"] = "more" if nxt in lx.COMPARE_MORE else "fewer"
                attrs["compare_cue"] = self.cue_at.get(index, "")
            index += 1
            nxt = self.word(index)
        if "compare" in attrs and nxt != "than":
            # "3 more pages of reading homework than math homework": look a little further
            probe = index
            while probe < min(len(toks), index + 6) and self.word(probe) not in lx.CONTROL_WORDS:
                probe += 1
            if self.word(probe) == "than":
                index, nxt = probe, "than"
        if "compare" in attrs and nxt != "than":
            # "7 more action figures" adds to a change; only "N more X than Y" compares
            attrs["additional"] = attrs.pop("compare")
            attrs.pop("compare_cue", None)
        if "compare" in attrs and nxt == "than":
            referent = self.word(index + 1)
            if referent in ("the", "his", "her", "their"):
                referent = self.word(index + 2)
            if referent:
                attrs["than"] = lx.noun_key(referent)
        if nxt in ("each", "apiece"):
            attrs["per"] = "each"
        elif nxt in ("per", "every") and self.word(index + 1):
            attrs["per"] = self.head(index + 1)
        elif nxt in ("a", "an") and lx.noun_key(self.word(index + 1)) in lx.TIME_UNITS:
            attrs["per"] = lx.noun_key(self.word(index + 1))
        elif nxt in ("in", "for", "on", "to") and self.word(index + 1) in ("each", "every"):
            if self.word(index + 2):
                attrs["per"] = self.head(index + 2)
        elif nxt in ("in", "for") and self.word(index + 1) in ("a", "an", "one"):
            unit = lx.noun_key(self.word(index + 2))
            if unit in lx.CONTAINERS or unit in lx.TIME_UNITS:
                attrs["per"] = unit  # "128 ounces in a gallon"
        self.read_clause(first, last, index, attrs, previous)
        return attrs

    def read_clause(
        self,
        first: int,
        last: int,
        after: int,
        attrs: dict[str, str],
        previous: list[tuple[int, int]],
    ) -> None:
        """Walk back from the number for its verb, subject, 'each X' and state words."""
        toks = self.toks
        verb = ""
        subject = ""
        there = False
        index = first - 1
        while index >= 0 and self.same_sentence(first, index):
            tok = toks[index]
            word = tok.lower if tok.kind == "word" else tok.text
            if word in ("and", ",", "&"):
                joined = next(
                    (q for q in previous if q[0] <= index - 1 <= q[1] + 4 and q[1] < index), None
                )
                if joined is not None and not verb:
                    index = joined[0] - 1
                    continue
                if verb and not subject and self.word(index + 1) == verb.split()[0]:
                    # "He gave 9 cookies to his friend and ate 18": the subject is shared
                    subject = self.shared_subject(index - 1, first)
                break
            if word in lx.CONTROL_WORDS or word in (";", ":", "."):
                break
            if tok.kind == "word":
                if word in ("each", "every") and "per" not in attrs:
                    probe = index + 1
                    if self.word(probe) == "of" and self.word(probe + 1) in (
                        "which",
                        "them",
                        "these",
                    ):
                        attrs["per"] = "each"  # "8 comics, each of which cost $4"
                    elif self.word(probe) and self.word(probe) not in ("of", "one"):
                        attrs["per"] = self.head(probe)
                if word in ("now", "still") and not attrs.get("state"):
                    attrs["state"] = "now"
                if word == "total" or (word == "all" and self.word(index - 1) == "in"):
                    attrs["state"] = "in_all"
                if word in _START_WORDS:
                    attrs["state"] = "start"
                if word == "there":
                    there = True
                if not verb and _is_verb(word):
                    verb = word
                    if index in self.cue_at:
                        attrs["cue"] = self.cue_at[index]
                    if word == "got":
                        verb = "got " + self.word(index + 1)
                elif verb and not subject and (index in self.actor_at or index in self.pronoun_at):
                    subject = self.actor_at.get(index) or self.pronoun_at[index]
                    if self.word(index - 1) == "and" and (index - 2) in self.actor_at:
                        attrs["owner"] = "group"  # "Adam and Jackie have": no single owner
                elif (
                    verb
                    and not subject
                    and "subject_noun" not in attrs
                    and word not in lx.STOP_WORDS
                    and not _is_verb(word)
                    and word not in NUMBER_WORDS
                ):
                    attrs["subject_noun"] = lx.noun_key(word)
                if (
                    verb
                    and index + 1 < first
                    and "activity" not in attrs
                    and word == verb.split()[0]
                ):
                    follower = self.word(index + 1)
                    if follower and follower not in lx.STOP_WORDS and follower not in NUMBER_WORDS:
                        attrs["activity"] = lx.noun_key(follower)
            index -= 1
        # forward window up to the clause's end: states and a verb whose subject is the number
        probe = after
        while probe < len(toks) and self.same_sentence(first, probe) and probe < after + 8:
            word = self.word(probe)
            if not word and toks[probe].text in ",;:.?!":
                break
            if word in lx.CONTROL_WORDS and word != "and":
                break
            if word == "left":
                if verb in lx.HAVE_VERBS or there or verb.startswith("got"):
                    attrs["state"] = "left"
                elif not verb and probe == after:
                    verb = "left"
                    if probe in self.cue_at:
                        attrs["cue"] = self.cue_at[probe]
            elif word in ("now", "still") and not attrs.get("state"):
                attrs["state"] = "now"
            elif word in ("altogether", "together", "combined", "total") or (
                word == "all" and self.word(probe - 1) == "in"
            ):
                attrs["state"] = "in_all"
            elif (
                word in ("initially", "originally")
                or (
                    word in ("start", "beginning", "first")
                    and self.word(probe - 1) in ("the", "at")
                )
                or (word == "begin" and self.word(probe - 1) == "to")
            ):
                attrs["state"] = "start"
            elif (
                not verb
                and probe == after
                and (
                    word in _MOTION_LOSS
                    or word in _MOTION_GAIN
                    or word in lx.GAIN_VERBS
                    or word in lx.LOSS_VERBS
                    or word == "got"
                )
            ):
                verb = "got " + self.word(probe + 1) if word == "got" else word
                follower = self.word(probe + 1)
                if follower and follower not in lx.STOP_WORDS and word != "got":
                    attrs["activity"] = lx.noun_key(follower)
                if probe in self.cue_at:
                    attrs["cue"] = self.cue_at[probe]
            probe += 1
        if verb:
            attrs["verb"] = verb
            direction = _direction(verb, attrs.get("unit") == "dollar")
            if direction:
                attrs["direction"] = direction
        if subject:
            attrs["subject"] = subject
            attrs.pop("subject_noun", None)
            if subject in self.actor_names and "owner" not in attrs:
                attrs["owner"] = self.actor_names[subject]

    def question_verb(self, attrs: dict[str, str], at: int) -> None:
        """Record the question's verb at ``at``: its direction, cue and activity."""
        word = self.word(at)
        attrs["verb"] = word if word != "got" else f"got {self.word(at + 1)}"
        follower = self.word(at + 1)
        if follower and follower not in lx.STOP_WORDS and not _is_verb(follower):
            attrs["activity"] = lx.noun_key(follower)
            if self.word(at + 2) == "and" and self.word(at + 3) not in _AUX:
                attrs["also"] = lx.noun_key(self.word(at + 3))  # "went rowing and hiking"
        direction = _direction(attrs["verb"], attrs.get("unit") == "dollar")
        if direction:
            attrs["direction"] = direction
        if at in self.cue_at:
            attrs["cue"] = self.cue_at[at]

    def head(self, index: int) -> str:
        """The head noun key of the noun phrase at ``index`` ("each candy bar" -> ``bar``)."""
        _, phrase = self.noun_phrase(index)
        return phrase.get("entity") or phrase.get("unit") or lx.noun_key(self.word(index))

    def shared_subject(self, index: int, anchor: int) -> str:
        """The first actor or pronoun walking back from ``index`` within the clause chain."""
        while index >= 0 and self.same_sentence(anchor, index):
            if index in self.actor_at or index in self.pronoun_at:
                return self.actor_at.get(index) or self.pronoun_at[index]
            word = self.word(index)
            if word in lx.CONTROL_WORDS and word != "and":
                return ""
            index -= 1
        return ""

    def read_quantities(self) -> None:
        previous: list[tuple[int, int]] = []
        for first, last, value in self.numbers():
            if value is None:
                self.observe("unread_number", first, {"text": self.toks[first].text[:40]})
                continue
            attrs = self.read_quantity(first, last, value, previous)
            previous.append((first, last))
            self.add("q", "quantity", first, last, attrs)

    def read_cues(self) -> None:
        for index, tok in enumerate(self.toks):
            if tok.kind != "word":
                continue
            word = tok.lower
            direction = (
                _direction(word, False) if word in lx.GAIN_VERBS or word in lx.LOSS_VERBS else ""
            )
            if direction and not (
                word == "left" and self.word(index - 1) in lx.HAVE_VERBS | {"there"}
            ):
                money = _direction(word, True)
                attrs = {"cue": word, "direction": direction, "money_direction": money}
                self.cue_at[index] = self.add("c", "cue", index, index, attrs)
            elif word in lx.COMPARE_MORE or word in lx.COMPARE_FEWER:
                side = "more" if word in lx.COMPARE_MORE else "fewer"
                self.cue_at[index] = self.add(
                    "c", "cue", index, index, {"cue": word, "direction": side}
                )

    # --- the question -------------------------------------------------------------------------

    def read_target(self) -> tuple[Target, ...]:
        if self.question < 0:
            return ()
        lo, hi = self.sentence_bounds[self.question]
        start = next(
            (
                i
                for i in range(lo, hi + 1)
                if self.word(i) == "how" and self.word(i + 1) in ("many", "much", "big")
            ),
            -1,
        )
        if start < 0:
            return ()
        attrs: dict[str, str] = {}
        index = start + 2
        if self.word(index) in lx.COMPARE_MORE or self.word(index) in lx.COMPARE_FEWER:
            attrs["state"] = "more" if self.word(index) in lx.COMPARE_MORE else "fewer"
            attrs["compare_cue"] = self.cue_at.get(index, "")
            index += 1
        if self.word(start + 1) == "big":
            attrs["state"] = "each"
        else:
            index, phrase = self.noun_phrase(index)
            attrs.update(phrase)
            if self.word(index) == "of" and "entity" in phrase:
                index, inner = self.noun_phrase(
                    index + 1 + (self.word(index + 1) in ("the", "his", "her"))
                )
                if "entity" in inner:
                    attrs["unit"], attrs["entity"] = phrase["entity"], inner["entity"]
                    attrs.pop("modifier", None)
                    if "modifier" in inner:
                        attrs["modifier"] = inner["modifier"]
        if self.word(index) == "and" and self.word(index + 1) not in _AUX | {"how"}:
            _, other = self.noun_phrase(index + 1)
            if "entity" in other:
                attrs["also"] = other["entity"]
        phrase_end = max(start + 1, index - 1)
        words = [self.word(i) for i in range(index, hi + 1)]
        money = set(words) & _MONEY_QUESTION or any(
            ("unit", "dollar") in m.attributes for m in self.mentions
        )
        if self.word(start + 1) == "much" and not ({"entity", "unit"} & attrs.keys()) and money:
            attrs["unit"], attrs["entity"] = "dollar", "money"
        subject_end = -1
        for offset, word in enumerate(words):
            at = index + offset
            if not word:
                continue
            if word == "than":
                attrs.setdefault("state", "more")
                probe = at + 1
                while self.word(probe) in ("the", "his", "her", "their", "on", "in", "at", "of"):
                    probe += 1
                if probe in self.actor_at:
                    attrs["than"] = self.word(probe).removesuffix("'s")
                else:
                    after, referent = self.noun_phrase(probe)
                    if self.word(after) == "of" and "entity" in referent:
                        _, inner = self.noun_phrase(after + 1)
                        referent = inner if "entity" in inner else referent
                    if "entity" in referent:
                        attrs["than"] = referent["entity"]
                    if "modifier" in referent:
                        attrs["than_modifier"] = referent["modifier"]
                    for ahead in range(probe, min(probe + 5, hi + 1)):
                        if _is_verb(self.word(ahead)) and self.word(ahead) not in _AUX | {"that"}:
                            verb = self.word(ahead)
                            attrs["than_verb"] = (
                                f"got {self.word(ahead + 1)}" if verb == "got" else verb
                            )
                            break
                break
            if word in ("left", "remaining", "remain") and "state" not in attrs:
                attrs["state"] = "left"
            elif word in ("now", "still") and "state" not in attrs:
                attrs["state"] = "now"
            elif word in ("altogether", "together", "combined", "total") or (
                word == "all" and self.word(at - 1) == "in"
            ):
                attrs.setdefault("state", "in_all")
            elif (
                word in ("initially", "originally")
                or (word in ("start", "beginning", "first") and self.word(at - 1) in ("the", "at"))
                or (word == "begin" and self.word(at - 1) == "to")
            ):
                attrs.setdefault("state", "start")
            elif word in ("each", "per", "every") and self.word(at + 1):
                attrs.setdefault("state", "each")
                attrs["per"] = self.head(at + 1)
            elif at in self.actor_at and "subject" not in attrs:
                attrs["subject"] = self.actor_at[at]
                attrs["owner"] = self.names.get(word.removesuffix("'s"), word)
                if self.word(at + 1) == "and" and (at + 2) in self.actor_at:
                    attrs["owner"] = "group"  # "did Zachary and David do": no single owner
                subject_end = at + (3 if attrs["owner"] == "group" else 1)
            elif at in self.pronoun_at and "subject" not in attrs:
                attrs["subject"] = self.pronoun_at[at]
                subject_end = at + 1
            elif at == subject_end and "verb" not in attrs and word not in lx.STOP_WORDS | _AUX:
                self.question_verb(attrs, at)  # the word after the subject, whatever its form
            elif (
                not ({"subject", "subject_noun", "verb"} & attrs.keys())
                and word not in lx.STOP_WORDS
                and not _is_verb(word)
                and word not in NUMBER_WORDS
                and self.word(at - 1) in _AUX | {"the", "her", "his", "their"}
            ):
                attrs["subject_noun"] = lx.noun_key(word)
                subject_end = at + 1
            elif "verb" not in attrs and _is_verb(word) and word not in _AUX:
                self.question_verb(attrs, at)
        if "now" in words or "then" in words:
            attrs["time"] = "now"
        unknown = self.add("u", UNKNOWN_KIND, start, phrase_end, attrs)
        target_attrs = tuple(sorted({**attrs, "mention": unknown}.items()))
        return (
            Target(target_id="t0", attributes=target_attrs, evidence_spans=(self.span(start, hi),)),
        )


def _direction(verb: str, money: bool) -> str:
    """``gain`` / ``loss`` for the subject of ``verb`` ("" when the verb moves nothing)."""
    head = verb.split()[0]
    if verb in ("got off", "got out"):
        return "loss"
    if money and head in lx.MONEY_LOSS_VERBS:
        return "loss"
    if money and head in ("sold", "sell", "sells"):
        return "gain"
    if head in lx.GAIN_VERBS or head in _MOTION_GAIN:
        return "gain"
    if head in lx.LOSS_VERBS or head in _MOTION_LOSS:
        return "loss"
    return ""


def _unique(ids: list[str]) -> str | None:
    return ids[0] if len(ids) == 1 else None


def _propose_relations(
    mentions: tuple[Mention, ...], targets: tuple[Target, ...]
) -> tuple[Relation, ...]:
    """One relation per schema whose cue the reader read; only read roles are bound.

    A role is *read* when a cue in the text marks it: the question's unknown (its state or
    verb), a quantity marked ``left``/``now`` (a change's result) or ``at the start`` (its
    start), a quantity whose verb moves things (a change), a quantity compared "N more than"
    (a comparison's difference), a quantity counted "each"/"per" (a group's size). The plain
    "had N" quantities are left for practice to assign.
    """
    target = target_view(targets)
    relations: list[Relation] = []
    for mention in mentions:
        if mention.kind == "pronoun":
            relations.append(
                Relation(
                    relation_id=f"r_{mention.mention_id}",
                    relation_type=COREFERENCE,
                    roles=(("pronoun", mention.mention_id), ("antecedent", None)),
                    evidence_spans=(mention.span,),
                )
            )
    if target is None or target.mention_id is None:
        return tuple(relations)
    unknown = target.mention_id
    cues = {m.mention_id: m for m in mentions if m.kind == "cue"}
    qs = [q for q in quantity_views(mentions) if not q.in_question or q.state is not None]
    plain = [q for q in quantity_views(mentions) if q.mention_id]  # every valued quantity
    fits = [q for q in plain if entity_compatible(q.entity, q.modifier, q.unit, target)]
    spans = {m.mention_id: m.span for m in mentions}

    def relation(organ: str, roles: list[tuple[str, str | None]]) -> None:
        evidence = tuple(spans[m] for _, m in roles if m is not None and m in spans)
        relations.append(
            Relation(
                relation_id=f"r_{organ}",
                relation_type=organ,
                roles=tuple(roles),
                evidence_spans=evidence,
            )
        )

    state = target.state
    question_cue = target.than is not None or state in ("more", "fewer")
    if question_cue:
        cue = next(
            (
                m.mention_id
                for m in mentions
                if (
                    m.kind == "cue"
                    and m.span.sentence_index == spans[unknown].sentence_index
                    and ("direction", "more") in m.attributes
                )
                or ("direction", "fewer") in m.attributes
            ),
            None,
        )
        relation(
            "compare",
            [("referent", None), ("compared", None), ("difference", unknown), ("direction", cue)],
        )
    elif state is None:
        compared = [q for q in fits if q.compare is not None and not q.in_question]
        diff = _unique([q.mention_id for q in compared])
        if diff is not None:
            q = next(q for q in compared if q.mention_id == diff)
            owner_side = target.owner is not None and target.owner == q.owner
            than_side = target.owner is not None and target.owner == q.than
            cue_id = next(
                (
                    v
                    for m in mentions
                    if m.mention_id == diff
                    for k, v in m.attributes
                    if k == "compare_cue" and v
                ),
                None,
            )
            relation(
                "compare",
                [
                    ("referent", unknown if than_side else None),
                    ("compared", unknown if owner_side else None),
                    ("difference", diff),
                    ("direction", cue_id),
                ],
            )
    if state in ("left", "now", "start") or (
        state is None and target.direction in ("gain", "loss")
    ):
        changes = [
            q
            for q in fits
            if q.direction in ("gain", "loss")
            and q.state not in ("left", "now", "start")
            and q.compare is None
        ]
        results = [q.mention_id for q in fits if q.state in ("left", "now") and not q.in_question]
        starts = [q.mention_id for q in fits if q.state == "start" and not q.in_question]
        change = _unique([q.mention_id for q in changes])
        if state in ("left", "now"):
            roles = [("start", _unique(starts)), ("change", change), ("result", unknown)]
        elif state == "start":
            roles = [("start", unknown), ("change", change), ("result", _unique(results))]
        else:
            change = unknown
            roles = [("start", _unique(starts)), ("change", unknown), ("result", _unique(results))]
        direction = None
        if change == unknown and target.verb is not None:
            direction = next((v for k, v in _attrs_of(mentions, unknown) if k == "cue"), None)
        elif change is not None and change != unknown:
            direction = next((v for k, v in _attrs_of(mentions, change) if k == "cue"), None)
        relation("change", [*roles, ("direction", direction if direction in cues else None)])
        if len(changes) == 2 and state in ("left", "now", "start"):
            # two changes read, each with its own verb cue: a chain, in source order
            moved = [
                (
                    q.mention_id,
                    next((v for k, v in _attrs_of(mentions, q.mention_id) if k == "cue"), None),
                )
                for q in changes
            ]
            ends = (
                [("start", _unique(starts)), ("result", unknown)]
                if state != "start"
                else [("start", unknown), ("result", _unique(results))]
            )
            relation(
                "change_chain",
                [
                    ends[0],
                    ("change_1", moved[0][0]),
                    ("change_2", moved[1][0]),
                    ends[1],
                    ("direction_1", moved[0][1] if moved[0][1] in cues else None),
                    ("direction_2", moved[1][1] if moved[1][1] in cues else None),
                ],
            )
    if state == "in_all":
        parts = [q for q in fits if q.compare is None and q.per is None and q.state != "in_all"]
        count = max(2, len(parts))
        relation("combine", [*((f"part_{i + 1}", None) for i in range(count)), ("whole", unknown)])
    elif state is None and not question_cue:
        wholes = [q.mention_id for q in fits if q.state == "in_all"]
        whole = _unique(wholes)
        if whole is not None:
            relation("combine", [("part_1", None), ("part_2", None), ("whole", whole)])
    rates = [q for q in qs if q.per is not None and q.compare is None]
    if state == "each" or (target.per is not None and state not in ("more", "fewer")):
        relation("partition", [("total", None), ("groups", None), ("per_group", unknown)])
    elif target.entity is not None and state in (None, "in_all"):
        by_group = [q.mention_id for q in rates if q.per == target.entity]
        size = _unique(by_group)
        if size is not None:
            relation("partition", [("total", None), ("groups", unknown), ("per_group", size)])
        else:
            sized = [
                q.mention_id
                for q in rates
                if entity_compatible(q.entity, q.modifier, q.unit, target)
            ]
            per_group = _unique(sized)
            if per_group is not None:
                relation(
                    "equal_groups", [("groups", None), ("per_group", per_group), ("total", unknown)]
                )
    return tuple(relations)


def _attrs_of(mentions: tuple[Mention, ...], mention_id: str) -> tuple[tuple[str, str], ...]:
    for mention in mentions:
        if mention.mention_id == mention_id:
            return mention.attributes
    return ()


def read(text: object) -> ProblemFrame | ReaderRefusal:
    """Read one problem text into a frame.

    Accepts any ``str`` with a UTF-8 form, however long or strange: the frame may have nothing
    bound. Refuses (a :class:`ReaderRefusal`, never an exception) a non-``str`` or a text with
    no UTF-8 form (reason ``text_not_utf8`` / ``text_not_str``).
    """
    if type(text) is not str:
        return ReaderRefusal(reason_code="text_not_str", explanation="the reader reads str only")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return ReaderRefusal(
            reason_code="text_not_utf8", explanation="the text has no UTF-8 form (lone surrogate)"
        )
    reading = _Reading(text)
    reading.tokenize()
    reading.read_people()
    reading.read_cues()
    reading.read_observations()
    reading.read_quantities()
    targets = reading.read_target()
    mentions = tuple(reading.mentions)
    return build_frame(
        reader_id=READER_ID,
        reader_version=READER_VERSION,
        source_text=text,
        sentences=tuple(reading.span(lo, hi) for lo, hi in reading.sentence_bounds),
        mentions=mentions,
        relations=_propose_relations(mentions, targets),
        targets=targets,
        observations=tuple(reading.observations),
    )
