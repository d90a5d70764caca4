"""Perturbation properties over ALL of the development corpora (``-m corpus``).

A closure is evidence only if it follows from the whole text; these properties change the text
of every covered problem and check that the loop follows the change (or refuses):

1. the question removed: a problem with its question sentence removed is never covered;
2. an irrelevant sentence inserted before the question, about another owner and another
   thing: covered only with the same value, or refused;
3. the reason taken away (this suite's own): every number a closure sets aside is set aside
   for a reason the text states (another owner, another thing, another time); rewrite that
   evidence into the asked owner, thing or time and the number counts, so the problem is
   refused or closes at another value. A number dropped on a reader's miss has no reason to
   take away: the accounting proof already refuses it; one set aside for a stated reason
   must stop being set aside when the text no longer states it.
4. the question asked of someone absent: a person the story names, named again in the
   question's own clause (from its last "how" or "what", with no number of its own), renamed
   to a person the text never names; the question is then about someone the story tells
   nothing of, so no problem is covered.
5. a stranger holding the asked thing: "Quentin has 7 <the question's own noun>." inserted
   before the question (property 2 with the asked thing instead of another): covered only
   with the same value, or refused; nothing ties Quentin to the asked holder, so his amount
   is in no answer. Asked of questions that open with "how" or "what" after a full stop: a
   question that opens with its own story clause ("If each bag has 41 cookies and you had 53
   bags, how many ...") is left open (docs/domain.md).

Reads ``../shared/corpora`` and fails loudly when it is missing; gold answers are not read.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from fractions import Fraction
from pathlib import Path

import pytest

from practiceloop.arith.lexicon import noun_key
from practiceloop.arith.organs._contract import is_direction_role, organ_relation
from practiceloop.arith.reading import QuantityView, actor_names, quantity_views, target_view
from practiceloop.arith.set_aside import set_aside_reason
from practiceloop.kernel.frame import ProblemFrame
from practiceloop.loop.episode import Practice, practice
from practiceloop.loop.evaluate import Category, judge

pytestmark = pytest.mark.corpus

CORPORA = Path(__file__).resolve().parents[2].parent / "shared" / "corpora"
NAMES = ("svamp.jsonl", "gsm8k_train.jsonl", "multiarith.jsonl")
_COVERED = (Category.DIRECT, Category.CLOSED_UNIQUE)

# Owners and things to insert: the first one absent from a problem's text is used.
_STRANGERS = ("Quentin", "Ottoline", "Barnaby", "Philippa")
_THINGS = (("lanterns", "lantern"), ("kettles", "kettle"), ("anchors", "anchor"))


def _rows(name: str) -> list[dict[str, object]]:
    path = CORPORA / name
    if not path.is_file():
        pytest.fail(f"development corpus missing: {path} (the corpus tests need ../shared/corpora)")
    return [json.loads(line) for line in path.read_text(encoding="utf-8").split("\n") if line]


def _outcome(text: str) -> tuple[Category, Fraction | None, Practice]:
    result = practice(text)
    verdict = judge("p", result, None)
    return verdict.category, verdict.value, result


@pytest.fixture(scope="module")
def covered() -> list[tuple[str, str, Fraction, Practice]]:
    """(id, text, value, practice) of every covered problem of the development corpora."""
    found = []
    for name in NAMES:
        for row in _rows(name):
            text = str(row["question"])
            category, value, result = _outcome(text)
            if category in _COVERED and value is not None:
                found.append((str(row["id"]), text, value, result))
    assert len(found) > 300, len(found)  # a loop that covered nothing would pass vacuously
    return found


def _question_sentence(frame: ProblemFrame) -> int:
    target = frame.targets[0]
    return target.evidence_spans[0].sentence_index


def test_without_its_question_no_problem_is_covered(
    covered: list[tuple[str, str, Fraction, Practice]],
) -> None:
    wrong = []
    for problem_id, text, _, result in covered:
        assert result.frame is not None
        sentence = result.frame.sentences[_question_sentence(result.frame)]
        cut = (text[: sentence.start] + text[sentence.end :]).strip()
        category, value, _ = _outcome(cut)
        if category in _COVERED:
            wrong.append((problem_id, value, cut))
    assert not wrong, wrong[:5]


def _stranger(text: str) -> str:
    lower = text.lower()
    name = next(n for n in _STRANGERS if n.lower() not in lower)
    plural, singular = next(t for t in _THINGS if t[1] not in lower)
    return f"{name} has 7 {plural}."


def test_an_irrelevant_sentence_changes_nothing(
    covered: list[tuple[str, str, Fraction, Practice]],
) -> None:
    wrong = []
    for problem_id, text, value, result in covered:
        assert result.frame is not None
        start = result.frame.sentences[_question_sentence(result.frame)].start
        inserted = f"{text[:start]}{_stranger(text)} {text[start:]}"
        category, found, _ = _outcome(inserted)
        if category in _COVERED and found != value:
            wrong.append((problem_id, value, found, inserted))
    assert not wrong, wrong[:5]


# --- 3. the reason taken away --------------------------------------------------------------


def _closed(result: Practice) -> Iterator[tuple[ProblemFrame, str]]:
    for episode in result.episodes:
        for frame in episode.closed_frames:
            yield frame, episode.assessment.candidate_organ


def _set_aside(frame: ProblemFrame, organ: str) -> Iterator[tuple[QuantityView, str]]:
    relation = organ_relation(frame, organ)
    target = target_view(frame.targets)
    if relation is None or target is None:
        return
    bound = {m for n, m in relation.roles if not is_direction_role(n)}
    for view in quantity_views(frame.mentions):
        if view.mention_id not in bound:
            reason = set_aside_reason(frame, relation, view, target)
            if reason is not None:
                yield view, reason


def _word_at(text: str, start: int, key: str) -> tuple[int, int] | None:
    """The first word from ``start`` whose noun key is ``key`` (within six words)."""
    for match in list(re.finditer(r"[A-Za-z]+", text[start:]))[:6]:
        if noun_key(match.group()) == key:
            return start + match.start(), start + match.end()
    return None


def _asked_word(frame: ProblemFrame, key: str) -> str | None:
    """The question's own spelling of the noun keyed ``key`` ("apples")."""
    sentence = frame.sentences[_question_sentence(frame)]
    found = _word_at(frame.source_text, sentence.start, key)
    if found is None:  # the noun may sit further into the question
        words = re.finditer(r"[A-Za-z]+", sentence.text)
        found = next(
            ((sentence.start + w.start(), sentence.start + w.end()) for w in words
             if noun_key(w.group()) == key),
            None,
        )  # fmt: skip
    return frame.source_text[found[0] : found[1]] if found else None


def _without_reason(
    frame: ProblemFrame, organ: str, view: QuantityView, reason: str
) -> str | None:
    """``frame``'s text with the evidence of ``reason`` for ``view`` rewritten into what the
    question asks about; None when this suite does not rewrite that reason."""
    text = frame.source_text
    target = target_view(frame.targets)
    mention = frame.mention(view.mention_id)
    if target is None or mention is None:
        return None
    if reason == "other_owner" and target.subject is not None:
        actor, asked = frame.mention(view.subject or ""), frame.mention(target.subject)
        if actor is None or asked is None or asked.kind != "actor":
            return None
        return text[: actor.span.start] + asked.span.text + text[actor.span.end :]
    if reason == "listed_other_thing" and view.entity is not None and target.entity is not None:
        if view.entity == target.entity:  # another kind: the kind words become the asked one
            if view.modifier is None or target.modifier is None:
                return None
            where = _word_at(text, mention.span.end, view.modifier.split()[0])
            replacement = target.modifier.split()[0]
        else:
            where = _word_at(text, mention.span.end, view.entity)
            replacement = _asked_word(frame, target.entity)  # type: ignore[assignment]
        if where is None or replacement is None:
            return None
        return text[: where[0]] + replacement + text[where[1] :]
    if reason == "other_time" and view.side is not None and target.side is not None:
        side = view.side.split()[-1]
        asked = target.side.split(" and ")[0].split()[-1]
        where = _nearest(frame, view, lambda word: word.lower() == side)
        if where is None:
            return None
        return text[: where[0]] + asked + text[where[1] :]
    if reason == "other_verb" and view.verb is not None:
        # the verb of a bound amount of the asked kind ("ate") in place of this one's ("had")
        relation = organ_relation(frame, organ)
        bound = {m for _, m in relation.roles} if relation is not None else set()
        verbs = [q.verb for q in quantity_views(frame.mentions) if q.mention_id in bound and q.verb]
        own = view.verb.split()[0]
        where = _nearest(frame, view, lambda word: word.lower() == own)
        if not verbs or where is None:
            return None
        return text[: where[0]] + verbs[0].split()[0] + text[where[1] :]
    return None



def _nearest(
    frame: ProblemFrame, view: QuantityView, fits: Callable[[str], bool]
) -> tuple[int, int] | None:
    """The word of ``view``'s sentence that ``fits``, nearest to its number."""
    sentence = frame.sentences[view.sentence]
    words = [
        (sentence.start + w.start(), sentence.start + w.end())
        for w in re.finditer(r"[A-Za-z]+", sentence.text)
        if fits(w.group())
    ]
    return min(words, key=lambda span: abs(span[0] - view.start), default=None)


def test_a_number_set_aside_counts_once_its_reason_is_gone(
    covered: list[tuple[str, str, Fraction, Practice]],
) -> None:
    checked = 0
    wrong = []
    for problem_id, _, value, result in covered:
        seen: set[str] = set()
        for frame, organ in _closed(result):
            for view, reason in _set_aside(frame, organ):
                rewritten = _without_reason(frame, organ, view, reason)
                if rewritten is None or rewritten == frame.source_text or rewritten in seen:
                    continue
                seen.add(rewritten)
                checked += 1
                category, found, _ = _outcome(rewritten)
                if category in _COVERED and found == value:
                    wrong.append((problem_id, reason, value, rewritten))
    assert checked > 30, checked  # the property must have reached real set-asides
    assert not wrong, wrong[:5]


# --- 4. the question asked of someone absent ---------------------------------------------------


def _asked_of_a_stranger(text: str, result: Practice) -> str | None:
    """``text`` with the story person its question's own clause names renamed to a stranger;
    None when that clause names no story person or holds a number (a story clause of its
    own: "how much did they spend if Tom bought 6 decks")."""
    assert result.frame is not None
    sentence = result.frame.sentences[_question_sentence(result.frame)]
    asked = text[sentence.start : sentence.end]
    openings = list(re.finditer(r"\b(?:how|what)\b", asked, re.IGNORECASE))
    if not openings or re.search(r"\d", asked[openings[-1].start() :]):
        return None
    start = sentence.start + openings[-1].start()
    clause = text[start : sentence.end]
    for name in sorted(actor_names(result.frame)):
        pattern = rf"\b{re.escape(name)}\b"
        if re.search(pattern, clause, re.IGNORECASE) and re.search(
            pattern, text[:start], re.IGNORECASE
        ):
            stranger = next(n for n in _STRANGERS if n.lower() not in text.lower())
            renamed = re.sub(pattern, stranger, clause, flags=re.IGNORECASE)
            return text[:start] + renamed + text[sentence.end :]
    return None


def test_a_question_asked_of_someone_absent_is_refused(
    covered: list[tuple[str, str, Fraction, Practice]],
) -> None:
    wrong, tried = [], 0
    for problem_id, text, _, result in covered:
        renamed = _asked_of_a_stranger(text, result)
        if renamed is None:
            continue
        tried += 1
        category, value, _ = _outcome(renamed)
        if category in _COVERED:
            wrong.append((problem_id, value, renamed))
    assert tried > 100, tried  # the property must reach real questions
    assert not wrong, wrong[:5]


# --- 5. a stranger holding the asked thing -----------------------------------------------------


def _asked_noun(text: str, result: Practice) -> str | None:
    """The question's own word for the thing it asks (a plural, as written), if it has one."""
    assert result.frame is not None
    target = target_view(result.frame.targets)
    sentence = result.frame.sentences[_question_sentence(result.frame)]
    if target is None or target.entity is None:
        return None
    for word in re.findall(r"[A-Za-z]+", text[sentence.start : sentence.end]):
        if noun_key(word) == target.entity and word.lower() != target.entity:
            return word.lower()
    return None


def test_a_stranger_holding_the_asked_thing_changes_nothing(
    covered: list[tuple[str, str, Fraction, Practice]],
) -> None:
    wrong, tried = [], 0
    for problem_id, text, value, result in covered:
        noun = _asked_noun(text, result)
        if noun is None:
            continue
        assert result.frame is not None
        start = result.frame.sentences[_question_sentence(result.frame)].start
        if not re.match(r"(?:how|what)\b", text[start:], re.IGNORECASE):
            continue  # a question that opens with its own story clause ("If each bag has ...")
        if not re.search(r"[.!?]\s*$", text[:start]):
            continue  # the story's last sentence runs into the question: no sentence to insert
        name = next(n for n in _STRANGERS if n.lower() not in text.lower())
        for verb in ("has", "bought", "lost"):
            inserted = f"{text[:start]}{name} {verb} 7 {noun}. {text[start:]}"
            tried += 1
            category, found, _ = _outcome(inserted)
            if category in _COVERED and found != value:
                wrong.append((problem_id, value, found, inserted))
    assert tried > 300, tried  # the property must reach real questions
    assert not wrong, wrong[:5]
