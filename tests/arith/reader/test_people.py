"""Stage 2: actors and pronouns (authored texts)."""

from __future__ import annotations

from practiceloop.arith.reader.people import (
    capitalised_name,
    intends_after,
    person_noun_actor,
    proper_adjective,
)
from practiceloop.arith.reading import attribute
from tests.arith._helpers import frame_of, relation

from ._stages import at, attrs, closes_to, reading


def _names(text: str) -> list[str]:
    frame = frame_of(text)
    return [str(attribute(m.attributes, "name")) for m in frame.mentions if m.kind == "actor"]


def test_read_people() -> None:
    frame = frame_of("Tom had 9 apples. He gave Ann 4. Tom's sister has 2 apples.")
    kinds = [(m.kind, m.span.text) for m in frame.mentions if m.kind in ("actor", "pronoun")]
    assert kinds == [("actor", "Tom"), ("pronoun", "He"), ("actor", "Ann"), ("actor", "Tom")]
    # a pronoun is recorded, never resolved: its coreference has no antecedent
    assert relation(frame, "coreference").role("antecedent") is None
    # the name of "Tom's" is "tom", its span the name alone
    assert _names("Tom's sister has 2 apples. Tom has 1.") == ["tom", "tom"]


def test_person_noun_actor() -> None:
    r = reading("A waiter had 14 customers. The waiter sang.", quantities=False)
    assert person_noun_actor(r, at(r, "waiter"), "waiter")
    assert not person_noun_actor(r, at(r, "waiter", 1), "waiter")  # no verb follows it
    assert "waiter" in _names("A waiter had 14 customers. He served 5.")
    assert _names("The trees had 4 birds.") == []  # not a person noun
    closes_to("A baker had 14 pies. He sold 5 pies. How many pies does he have left?", 9)


def test_capitalised_name() -> None:
    r = reading("Sandy has 4 pens. Apples taste sweet. Lena and Sandy ate.", quantities=False)
    capital_mid = {"sandy"}
    assert capitalised_name(r, at(r, "Sandy"), "sandy", capital_mid)  # a verb follows
    assert not capitalised_name(r, at(r, "Apples"), "apples", capital_mid)  # no verb read
    assert capitalised_name(r, at(r, "Lena"), "lena", capital_mid)  # "and" follows
    # a word capitalised only at a sentence's start, before no verb, names no one
    assert _names("Yesterday the girl sang. Pens taste odd.") == []
    assert _names("There were 5 kids. Max has 3 kids.") == ["max"]
    # an adverb of time between the name and its verb: "Jessie currently weighs"
    assert _names("Jessie currently weighs 27 kilograms.") == ["jessie"]
    text = "Jessie currently weighs 27 kilograms. After she started to jog she lost 101 kilograms. How much did she weigh before starting to jog?"  # noqa: E501
    assert attrs(text, "27")["state"] == "now"  # "currently": the state now
    closes_to(text, 128)


def test_intends_after() -> None:
    """ "Tom plans to give 3 to each", "Ana will share": a name at a sentence's start before a
    word of intent and a verb; "Pencils will be sold" names no one."""
    r = reading("Jo had 4 pens. Tom plans to give 3 pens to each friend.", quantities=False)
    assert intends_after(r, at(r, "tom"))
    assert _names("Jo had 4 pens. Tom will give 3 pens to each friend.") == ["jo", "tom"]
    assert _names("Jo had 4 pens. Kim wants to buy 3 pens.") == ["jo", "kim"]
    r = reading("Pencils will be sold in packs. Crates will be red.", quantities=False)
    assert not intends_after(r, at(r, "pencils"))
    assert not intends_after(r, at(r, "crates"))
    assert _names("Pencils will be sold in packs of 4.") == []


def test_proper_adjective() -> None:
    """ "The Ferris wheel" is a wheel, no person; "the Smiths had" and "Tom's" are people."""
    names = {attribute(m.attributes, "name") for m in frame_of(
        "The Ferris wheel has 4 seats. Tom rode the Ferris wheel.").mentions if m.kind == "actor"}
    assert names == {"tom"}
    r = reading("They visited the Apple store.", quantities=False)
    assert proper_adjective(r, at(r, "Apple"))
    r = reading("They visited the Smiths today and the Smiths had 4 cars.", quantities=False)
    assert not proper_adjective(r, at(r, "Smiths", 1))
