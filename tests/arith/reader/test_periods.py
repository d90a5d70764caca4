"""Stage 5a: a period said in words as so many of a smaller unit (authored texts)."""

from __future__ import annotations

from practiceloop.arith.reader.periods import period_at, period_unit

from ._stages import at, attrs, closes_to, reading


def test_period_at() -> None:
    """ "in a week" after a rate per day is 7 (days); "in 3 weeks" 21; a week told as a time,
    or a week beside other days, is no number."""
    r = reading("She reads 20 pages a day. How many pages does she read in a week?")
    assert period_at(r, at(r, "a", 1)) == (at(r, "week"), 7)
    r = reading("He saves 5 dollars a month. How much does he save in 3 years?")
    assert period_at(r, at(r, "3")) == (at(r, "years"), 36)
    r = reading("She reads 20 pages a day. How many pages did she read a week ago?")
    assert period_at(r, at(r, "a", 1)) is None
    r = reading("She reads 20 pages a day on weekdays. How many pages does she read in a week?")
    assert period_at(r, at(r, "a", 1)) is None
    r = reading("She reads 20 pages a day. How many pages does she read in a month?")
    assert period_at(r, at(r, "a", 1)) is None
    closes_to("Lea swims 2 laps a minute. How many laps does she swim in an hour?", 120)
    closes_to("Max saves 10 dollars every week for 2 years. How much money does Max save?", 1040)


def test_period_unit() -> None:
    """The period's quantity counts the smaller unit, with no thing elided into it."""
    found = attrs("She reads 20 pages a day. How many pages does she read in a week?", "a week")
    assert found["unit"] == "day" and found["value"] == "7"
    assert "entity" not in found and "per" not in found
    found = attrs("A plant grows 3 inches a month. How many inches does it grow in two years?",
                  "two years")  # fmt: skip
    assert found["unit"] == "month" and found["value"] == "24"
    r = reading("She reads 20 pages a day. How many pages did she read?")
    kept = {"entity": "page", "value": "20"}
    period_unit(r, at(r, "20"), at(r, "pages"), kept)
    assert kept == {"entity": "page", "value": "20"}
