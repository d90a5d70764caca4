"""Stage 3b/5c: later arrivals and work still to do (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reader.arrivals import (
    arrived_in,
    later_cue,
    more_still_to_do,
    moved_by_cue,
    work_done,
)
from practiceloop.loop.evaluate import Category

from ._stages import answer, attrs, closes_to, reading

COVERED = (Category.DIRECT, Category.CLOSED_UNIQUE)


def _at(text: str, word: str, *, quantities: bool = False) -> tuple[object, int]:
    r = reading(text, quantities=quantities)
    return r, r.words.index(word)


@pytest.mark.parametrize(
    ("text", "arrives"),
    [
        ("A clinic had 7 patients when another 5 were checked in.", True),
        ("The desk had 4 letters. Then another 9 were sent in, so it had more.", True),
        ("A clinic had 7 patients when 5 were checked in.", False),  # no "another"
        ("A shop had 7 pens when another 5 were sold in a day.", False),  # not the list
        ("A shop had 7 boxes when another 5 were carried in boxes.", False),  # more after "in"
        ("A clinic had 7 patients when another 5 checked in.", False),  # no "were"
    ],
)
def test_arrived_in(text: str, arrives: bool) -> None:
    r = reading(text, quantities=False)
    index = next(i for i, w in enumerate(r.words) if w in ("checked", "sent", "sold", "carried"))
    assert arrived_in(r, index) is arrives  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "word", "done"),
    [
        ("A tutor had 8 essays to mark. He marked 3. How many essays does he have to mark?",
         "marked", True),
        ("Lia needs to wrap 12 gifts. She has wrapped 5. How many gifts does she need to wrap?",
         "wrapped", True),
        ("Lia bought two puzzle packs. One had 9 puzzles and the other had 6. She solved 4 of "
         "the puzzles. How many puzzles does she still have to solve?", "solved", True),
        # the question asks no work still to do
        ("A tutor had 8 essays to mark. He marked 3. How many essays does he have?",
         "marked", False),
        ("A tutor had 8 essays to mark. He marked 3. How many essays did he have to mark "
         "in all?", "marked", False),
        # another verb than the work's
        ("A tutor had 8 essays to mark. He read 3. How many essays does he have to mark?",
         "read", False),
        # "N of the X" with nothing asked as still to do
        ("Lia had 9 puzzles. She solved 4 of the puzzles. How many puzzles does she have to "
         "solve?", "solved", False),
    ],
)  # fmt: skip
def test_work_done(text: str, word: str, done: bool) -> None:
    r, index = _at(text, word)
    assert work_done(r, index) is done  # type: ignore[arg-type]


def test_later_cue() -> None:
    r, index = _at("A vet had 6 dogs when another 4 were brought in. How many dogs are there?",
                   "brought")  # fmt: skip
    cue = r.cue_at[index]  # type: ignore[attr-defined]
    found = next(m for m in r.mentions if m.mention_id == cue)  # type: ignore[attr-defined]
    assert dict(found.attributes)["direction"] == "gain"
    r, index = _at("A tutor had 8 essays to mark. He marked 3. How many essays does he have to "
                   "mark?", "marked")  # fmt: skip
    assert r.cue_at[index] in r.work_cues  # type: ignore[attr-defined]
    r, index = _at("Ann had 8 pens. She sold 3 pens. How many pens does she have?", "pens")
    assert later_cue(r, index) is False  # type: ignore[arg-type]


def test_moved_by_cue() -> None:
    arrived = attrs("A vet had 6 dogs when another 4 were brought in. How many dogs does the "
                    "vet have now?", "4")  # fmt: skip
    assert arrived["direction"] == "gain" and arrived["entity"] == "dog"
    assert arrived["elided"] == "subject" and arrived["verb"] == "brought in"
    done = attrs("A tutor had 8 essays to mark. He marked 3. How many essays does he have to "
                 "mark?", "3")  # fmt: skip
    assert done["direction"] == "loss" and done["entity"] == "essay"
    plain = attrs("A tutor had 8 essays. He marked 3. How many essays does he have?", "3")
    assert "direction" not in plain
    # an amount with a rate of its own is left as read
    per = {"value": "3", "per": "day"}
    moved_by_cue(reading("He marked 3 a day."), 2, 3, per)  # type: ignore[arg-type]
    assert "direction" not in per


def test_arrivals_end_to_end() -> None:
    closes_to("A tutor had 8 essays to mark. If he marked 3, but then another 6 were handed "
              "in, how many essays would he have to mark?", 11)  # fmt: skip
    closes_to("A vet had 6 dogs when another 10 were brought in. If 4 dogs a day go home, how "
              "long until all of them go home?", 4)  # fmt: skip
    closes_to("Lia needs to wrap 14 gifts. She has already wrapped 5. If each gift takes 3 "
              "minutes to wrap, how long will it take her to wrap the rest?", 27)  # fmt: skip
    assert answer("A vet had 6 dogs when another 10 were sold. How many dogs does the vet "
                  "have?")[0] not in COVERED  # fmt: skip


@pytest.mark.parametrize(
    ("text", "still"),
    [
        ("A quiz had 3 questions. If a tutor had 8 quizzes to mark and had already marked 5 of "
         "them, how many more questions does he have to mark?", True),
        # a "than": a comparison
        ("A tutor had 8 quizzes to mark and marked 5 of them. How many more quizzes does he "
         "have to mark than he marked?", False),
        # no work done told: a comparison (or nothing) as before
        ("A tutor had 8 quizzes. Ann had 5 quizzes. How many more quizzes does he have to "
         "mark?", False),
    ],
)  # fmt: skip
def test_more_still_to_do(text: str, still: bool) -> None:
    r = reading(text, quantities=False)
    lo, _ = r.sentence_bounds[r.question]
    index = next(i for i in range(lo, len(r.words)) if r.words[i] == "more")
    assert more_still_to_do(r, index) is still  # type: ignore[arg-type]


def test_more_still_to_do_end_to_end() -> None:
    closes_to("A quiz had 3 questions on it. If a tutor had 8 quizzes to mark and had already "
              "marked 5 of them, how many more questions does he have to mark?", 9)  # fmt: skip
