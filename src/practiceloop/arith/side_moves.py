"""Two holders compared, then one moves: the sides before and after a move.

"Ed had 29 more marbles than Doug. Ed lost 17 of his marbles at the playground. How many more
marbles did Ed have than Doug then?" Each holder has two sides, what it had at first
(``ed@0``) and what it has after the story's moves (``ed@1``); :func:`read_side_moves` reads
every sentence of the story into facts of :mod:`practiceloop.arith.sides`:

* a difference told with the holding verb: "<Holder> had <N> more|fewer <thing> than
  <Holder>" (at first), "Now <Holder> has <N> more <thing> than <Holder>" (after);
* an amount told with it: "[If] <Holder> had <N> <thing>" (at first), "<Holder> has <N>
  <thing> now" (after);
* a move of one holder: "<Holder> lost | found | gave ... <N> [more] [of his] <thing> [at the
  playground]" (after = at first less or more the move, by the verb's way), or "<Holder> lost
  some of his <thing>" (the move the question asks); two joined by "while" or "and";

and the question as one holder at first or after ("How many marbles did Doug have
initially?", "... does Doug have now?"), the two compared after ("How many more marbles did
Ed have than Doug then?"), or the move told with "some" ("How many marbles did Ed lose?").
A holder that does not move has one amount at both times.

What makes it sound: one thing; a move per holder at most (so "then" and "now" are after
every move); no move told not done (the verb is a past form of the lexicon's gain or loss
verbs, no "will", no "wants to"); a present "has" only with "now", after the moves; the move
told with "some" is the one asked, and no told move is asked. "If Ed had 91 marbles" after
Ed's own loss may be told of either time: the reading solves both and answers only when
they agree (and both leave every amount non-negative).
"""

from __future__ import annotations

import functools
import re
from fractions import Fraction
from typing import Final

from practiceloop.arith.lexicon import GAIN_VERBS, LOSS_VERBS, PRONOUNS, noun_key, verb_key
from practiceloop.arith.sides import NUMBER, Fact, Told, number_value, plain_phrase, solve_facts
from practiceloop.kernel.frame import Mention
from practiceloop.kernel.span import SourceSpan

__all__ = ["read_side_moves"]

_W: Final = r"(?!(?:in|at|on|to|than|more|fewer|less|and|the|a|an|of|some)\b)[a-z][a-z'-]*"
_TAIL: Final = r"(?: (?P<tail>(?:in|at|on|to|during) [a-z' -]+))?"
_GAINS: Final = frozenset(w for w in GAIN_VERBS if w.endswith("ed") or w in {"found", "won", "got"})
_LOSSES: Final = frozenset(
    w
    for w in LOSS_VERBS
    if w.endswith("ed") or w in {"lost", "gave", "sold", "ate", "spent", "threw", "broke"}
)
_MOVED: Final = "|".join(sorted(_GAINS | _LOSSES, key=len, reverse=True))


_Moves = dict[str, tuple[int, Fraction | None, str, tuple[int, int] | None]]
"""Each moving holder's move: its way (+1 / -1), its number's value and span (None for
"some"), its verb."""


@functools.cache
def _patterns() -> dict[str, re.Pattern[str]]:
    """The clause patterns, compiled once: a holder is any one word but a pronoun or a
    function word; :func:`read_side_moves` keeps a reading only when every holder it took is
    a name the reader read as a person."""
    h = r"(?!(?:he|she|they|it|we|you|and|the|his|her|their|now|if|how|there)\b)[a-z]+"
    return {
        "compared": re.compile(
            rf"(?P<now>now )?(?P<h>{h}) (?P<v>had|has) (?P<d>{NUMBER}) (?P<way>more|fewer|less)"
            rf" (?P<t>{_W}) than (?P<b>{h})"
        ),
        "told": re.compile(
            rf"(?P<h>{h}) (?P<v>had|has) (?P<n>{NUMBER}) (?P<t>{_W})(?P<now> now)?"
        ),
        "moved": re.compile(
            rf"(?P<h>{h}) (?P<v>{_MOVED}) (?:(?P<n>{NUMBER})(?: more)?|(?P<some>some))"
            rf"(?: of (?:his|her|their))? (?P<t>{_W}){_TAIL}"
        ),
        "ask_compared": re.compile(
            rf"how many (?P<way>more|fewer) (?P<t>{_W}) (?:did|does) (?P<h>{h}) have than"
            rf" (?P<b>{h})(?: (?P<when>then|now))?\?"
        ),
        "ask_one": re.compile(
            rf"how many (?P<t>{_W}) (?P<aux>did|does) (?P<h>{h}) have"
            rf"(?: (?P<when>now|then|initially|at first|in the beginning))?\?"
        ),
        "ask_moved": re.compile(rf"how many (?P<t>{_W}) did (?P<h>{h}) (?P<v>[a-z]+)\?"),
    }


def _way(verb: str) -> int:
    """+1 for a verb whose subject gains ("found"), -1 for one that loses ("lost")."""
    return 1 if verb in _GAINS else -1


def _clauses(text: str) -> list[tuple[str, int]]:
    """The clauses of a sentence, with their offsets: one, or two joined by "while" / "and"."""
    joins = list(re.finditer(r",? (?:while|and) ", text))
    if len(joins) != 1:
        return [(text, 0)]
    join = joins[0]
    return [(text[: join.start()], 0), (text[join.end() :], join.end())]


def read_side_moves(
    text: str, sentences: tuple[SourceSpan, ...], mentions: tuple[Mention, ...]
) -> Told | None:
    """The reading of holders compared and moved (see the module docstring), or None."""
    lowered = text.lower()
    if not text.isascii() or " than " not in lowered:
        return None
    names = frozenset(
        value for m in mentions if m.kind == "actor" for key, value in m.attributes if key == "name"
    )
    if len(names) < 2:
        return None
    p = _patterns()
    facts: list[Fact] = []
    moves: _Moves = {}
    late: list[int] = []  # facts told in the past after the holder's own move
    things: set[str] = set()
    consumed: list[tuple[int, int]] = []
    for span in sentences[:-1]:
        body = span.text.strip().lower().rstrip(".,")
        offset = span.start + (len(span.text) - len(span.text.lstrip()))
        if body.startswith("if "):
            body, offset = body[3:], offset + 3
        for clause, at in _clauses(body):
            read = _clause(p, clause, offset + at, moves, things, names)
            if read is None:
                return None
            if read.kind == "told" and read.terms[0][0].endswith("@0"):
                holder = read.terms[0][0].removesuffix("@0")
                if holder in moves:
                    late.append(len(facts))
            if read.kind != "move":
                facts.append(read)
        consumed.append((span.start, span.end))
    holders = {s.split("@")[0] for f in facts for s, _ in f.terms} | set(moves)
    if not moves or not holders <= names:
        return None
    for holder in sorted(holders):
        way, value, _, told_at = moves.get(holder, (1, None, "", None))
        held: tuple[tuple[str, int], ...] = (
            ((f"{holder}@1", 1), (f"{holder}@0", -1))
            if way > 0
            else ((f"{holder}@0", 1), (f"{holder}@1", -1))
        )
        if holder not in moves:
            facts.append(Fact(held, "same"))
        elif value is not None:
            facts.append(Fact(held, "change", told_at, value))
    asked = _asked(p, sentences[-1], moves, things)
    if asked is None or len(things) != 1:
        return None
    terms, kind = asked
    if not {s.split("@")[0] for s, _ in terms} <= names:
        return None  # a word read as a holder that the text names as no one
    if not _agrees(facts, late, terms):
        return None
    consumed.append((sentences[-1].start, sentences[-1].end))
    facts.sort(key=lambda f: f.number or (1 << 30, 0))
    return Told(facts=tuple(facts), asked=terms, asked_kind=kind, consumed=tuple(consumed))


def _someone(tail: str, names: frozenset[str]) -> bool:
    """``tail`` names a person: a holder, a pronoun, a possessed person ("to his friend")."""
    said = set(re.findall(r"[a-z]+", tail))
    return bool(said & (names | PRONOUNS | {"friend", "friends", "brother", "sister"}))


def _clause(
    p: dict[str, re.Pattern[str]],
    text: str,
    offset: int,
    moves: _Moves,
    things: set[str],
    names: frozenset[str],
) -> Fact | None:
    """One clause: a difference or an amount (a fact), or a move (recorded in ``moves``, its
    fact of kind ``move`` returned as a mark)."""
    compared = p["compared"].fullmatch(text)
    if compared is not None:
        present = compared.group("v") == "has"
        if present != bool(compared.group("now")) or (present and not moves):
            return None  # "has" only "now", after the moves
        value = number_value(compared.group("d"))
        h, b = compared.group("h"), compared.group("b")
        if value is None or h == b:
            return None
        things.add(noun_key(compared.group("t")))
        time = "1" if present else "0"
        sign = 1 if compared.group("way") == "more" else -1
        span = (offset + compared.start("d"), offset + compared.end("d"))
        return Fact(((f"{h}@{time}", sign), (f"{b}@{time}", -sign)), "difference", span, value)
    told = p["told"].fullmatch(text)
    if told is not None:
        present = told.group("v") == "has"
        if present != bool(told.group("now")) or (present and not moves):
            return None
        value = number_value(told.group("n"))
        if value is None:
            return None
        things.add(noun_key(told.group("t")))
        span = (offset + told.start("n"), offset + told.end("n"))
        return Fact(((f"{told.group('h')}@{'1' if present else '0'}", 1),), "told", span, value)
    moved = p["moved"].fullmatch(text)
    if moved is None or moved.group("h") in moves:
        return None  # a second move of one holder: no single "then"
    tail = moved.group("tail")
    if tail is not None and (not plain_phrase(tail) or _someone(tail, names)):
        return None  # "gave 17 of his marbles to Doug": Doug's too; "to him": whose?
    things.add(noun_key(moved.group("t")))
    if moved.group("some"):
        moves[moved.group("h")] = (_way(moved.group("v")), None, moved.group("v"), None)
        return Fact((), "move")
    value = number_value(moved.group("n"))
    if value is None or value <= 0:
        return None
    at = (offset + moved.start("n"), offset + moved.end("n"))
    moves[moved.group("h")] = (_way(moved.group("v")), value, moved.group("v"), at)
    return Fact((), "move")


def _asked(
    p: dict[str, re.Pattern[str]],
    span: SourceSpan,
    moves: _Moves,
    things: set[str],
) -> tuple[tuple[tuple[str, int], ...], str] | None:
    text = span.text.strip().lower()
    compared = p["ask_compared"].fullmatch(text)
    if compared is not None:
        things.add(noun_key(compared.group("t")))
        if compared.group("when") is None:
            return None  # at first, or after the moves?
        h, b = compared.group("h"), compared.group("b")
        sign = 1 if compared.group("way") == "more" else -1
        return ((f"{h}@1", sign), (f"{b}@1", -sign)), "difference"
    one = p["ask_one"].fullmatch(text)
    if one is not None:
        things.add(noun_key(one.group("t")))
        when = one.group("when")
        if when is None or (one.group("aux") == "does") != (when == "now"):
            return None
        return ((f"{one.group('h')}@{'1' if when in ('now', 'then') else '0'}", 1),), "compared"
    moved = p["ask_moved"].fullmatch(text)
    if moved is None:
        return None
    things.add(noun_key(moved.group("t")))
    h = moved.group("h")
    if h not in moves or moves[h][1] is not None:
        return None  # a move told with its number is not asked; an unsaid one must be
    way, _, verb, _ = moves[h]
    if verb_key(moved.group("v")) != verb_key(verb):
        return None
    if any(move[1] is None for other, move in moves.items() if other != h):
        return None
    terms = ((f"{h}@1", 1), (f"{h}@0", -1)) if way > 0 else ((f"{h}@0", 1), (f"{h}@1", -1))
    return terms, "change"


def _agrees(facts: list[Fact], late: list[int], asked: tuple[tuple[str, int], ...]) -> bool:
    """Every reading of the amounts told after their holder's move (at first, or after it)
    answers, and all answer alike."""
    values = {
        i: f.value for i, f in enumerate(facts) if f.number is not None and f.value is not None
    }
    found: set[Fraction] = set()
    for choice in range(1 << len(late)):
        trial = list(facts)
        for bit, at in enumerate(late):
            if choice >> bit & 1:
                side = trial[at].terms[0][0].replace("@0", "@1")
                trial[at] = Fact(((side, 1),), "told", trial[at].number, trial[at].value)
        value = solve_facts(tuple(trial), values, asked, counts=True)
        if value is None:
            return False
        found.add(value)
    return len(found) == 1
