"""The arithmetic reader as a whole (`read`): sealed versioned frames, values, refusals, fuzzing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from practiceloop.arith.lexicon import words
from practiceloop.arith.reader import READER_ID, READER_VERSION, ReaderRefusal, read
from practiceloop.arith.reading import attribute, quantity_views, target_view
from practiceloop.kernel.frame import ProblemFrame, frame_spans
from practiceloop.kernel.record import is_well_formed, recompute_id
from practiceloop.kernel.span import spans_exact
from tests.arith._helpers import frame_of


def _attrs(frame: ProblemFrame, text: str) -> dict[str, str]:
    mention = next(m for m in frame.mentions if m.span.text == text)
    return dict(mention.attributes)


def test_frame_is_sealed_versioned_and_exact() -> None:
    frame = frame_of("Tom had 9 apples. He ate 4 apples. How many apples does Tom have left?")
    assert (frame.reader_id, frame.reader_version) == (READER_ID, READER_VERSION)
    assert is_well_formed(frame, ProblemFrame)
    assert recompute_id(frame) == frame.problem_frame_digest
    assert spans_exact(frame_spans(frame), frame.source_text)
    assert [s.text for s in frame.sentences] == [
        "Tom had 9 apples.",
        "He ate 4 apples.",
        "How many apples does Tom have left?",
    ]


def test_same_text_same_frame() -> None:
    text = "Ann has 7 apples. Bob has 3 apples. How many more apples does Ann have than Bob?"
    assert read(text) == read(text)


@pytest.mark.parametrize(
    ("text", "span", "value"),
    [
        ("Tom has 2,125 stamps. How many stamps does Tom have in all?", "2,125", "2125"),
        ("Tom has $ 3.50 in a jar. How much money does Tom have in all?", "$ 3.50", "7/2"),
        ("Tom has $3 in a jar. How much money does Tom have in all?", "$3", "3"),
        ("Tom has twenty-five cards. How many cards does Tom have in all?", "twenty-five", "25"),
        ("Tom has twenty five cards. How many cards does Tom have in all?", "twenty five", "25"),
        ("Tom has a dozen eggs. How many eggs does Tom have in all?", "a dozen", "12"),
        ("Tom has 3 dozen eggs. How many eggs does Tom have in all?", "3 dozen", "36"),
        ("Tom ran 2.5 miles. How many miles did Tom run in all?", "2.5", "5/2"),
        ("Tom ate 3/4 of a pie. How much pie did Tom eat in all?", "3/4", "3/4"),
    ],
)
def test_quantity_values(text: str, span: str, value: str) -> None:
    assert _attrs(frame_of(text), span)["value"] == value


def test_entity_modifier_owner_and_verb() -> None:
    frame = frame_of("Lena had 26 salty cookies. She ate 9 salty cookies. How many are left?")
    first = _attrs(frame, "26")
    assert (first["entity"], first["modifier"], first["owner"]) == ("cookie", "salty", "lena")
    eaten = _attrs(frame, "9")
    assert (eaten["verb"], eaten["direction"]) == ("ate", "loss")
    assert "owner" not in eaten  # a pronoun subject is recorded, never resolved
    assert eaten["subject"].startswith("p")


def test_container_unit_and_money() -> None:
    frame = frame_of("Ria bought 3 bags of rice for $12. How many bags of rice did Ria buy in all?")
    bags = _attrs(frame, "3")
    assert (bags["unit"], bags["entity"]) == ("bag", "rice")
    money = _attrs(frame, "$12")
    assert (money["unit"], money["entity"]) == ("dollar", "money")


def test_rates_comparisons_and_states() -> None:
    frame = frame_of(
        "Each box holds 6 pens. Kim has 4 more pens than Lee. Kim had 5 pens left. "
        "How many pens does Kim have?"
    )
    assert _attrs(frame, "6")["per"] == "box"
    more = _attrs(frame, "4")
    assert (more["compare"], more["than"]) == ("more", "lee")
    assert _attrs(frame, "5")["state"] == "left"


def test_pronouns_get_an_unbound_coreference() -> None:
    frame = frame_of("Tom had 9 apples. He ate 4 apples. How many apples does Tom have left?")
    links = [r for r in frame.relations if r.relation_type == "coreference"]
    assert links and all(r.role("antecedent") is None for r in links)


def test_target_and_unknown() -> None:
    frame = frame_of(
        "Ann has 7 red apples. Bob has 3 red apples. How many more red apples does Ann have than Bob?"  # noqa: E501
    )
    target = target_view(frame.targets)
    assert target is not None
    assert (target.entity, target.modifier, target.state, target.owner, target.than) == (
        "apple",
        "red",
        "more",
        "ann",
        "bob",
    )
    unknown = frame.mention(target.mention_id or "")
    assert unknown is not None and unknown.kind == "unknown"


def test_observations() -> None:
    frame = frame_of(
        "Tom did not eat twice as many apples. He might eat 50% of them. How many are left?"
    )
    kinds = {o.kind for o in frame.observations}
    assert {"negation", "factor", "modal", "percent"} <= kinds


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "no numbers here at all",
        "How many?",
        "9" * 5000 + " apples. How many apples are there?",
        "Пётр имеет 5 яблок. Сколько яблок?",
        "\x00\x01\x02 7 \ufffd\ufffe",
        "Tom has 3 apples. " * 3000 + "How many apples does Tom have in all?",
    ],
)
def test_bad_input_gives_a_frame(text: str) -> None:
    frame = read(text)
    assert isinstance(frame, ProblemFrame)
    assert spans_exact(frame_spans(frame), text)


def test_huge_number_is_observed_not_valued() -> None:
    frame = frame_of("Tom had 99999999999999999999999 apples. How many apples are left?")
    assert not quantity_views(frame.mentions)
    assert any(o.kind == "unread_number" for o in frame.observations)


@pytest.mark.parametrize(
    ("text", "code"), [("bad \ud800 text", "text_not_utf8"), (b"bytes", "text_not_str")]
)
def test_refusals_are_values(text: object, code: str) -> None:
    refusal = read(text)
    assert isinstance(refusal, ReaderRefusal)
    assert refusal.reason_code == code


_WORDS = st.sampled_from(
    sorted(
        words(
            "Tom Ann He She had has ate gave bought 3 12 2,125 $4 $ 3.50 apples cookies more than "
            "each per left now in all How many much . , ? twenty-five a dozen half twice of the"
        )
    )
)


@settings(max_examples=150, deadline=None)
@given(st.lists(_WORDS, max_size=40).map(" ".join))
def test_fuzz_word_soup(text: str) -> None:
    frame = read(text)
    assert isinstance(frame, ProblemFrame)
    assert spans_exact(frame_spans(frame), text)
    for mention in frame.mentions:
        assert attribute(mention.attributes, "value") is None or mention.kind == "quantity"


@settings(max_examples=150, deadline=None)
@given(st.text(max_size=200))
def test_fuzz_any_text(text: str) -> None:
    result = read(text)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        assert isinstance(result, ReaderRefusal)
    else:
        assert isinstance(result, ProblemFrame)


@settings(max_examples=100, deadline=None)
@given(st.text(alphabet=st.characters(codec="utf-8"), max_size=300))
def test_fuzz_never_faults(text: str) -> None:
    result = read(text)
    assert not (isinstance(result, ReaderRefusal) and result.reason_code == "reader_fault")


def test_elided_nouns_are_marked() -> None:
    frame = frame_of(
        "Tom had 9 apples. He ate 2 of them. Then he ate 3 more. How many apples are left?"
    )
    two, three = _attrs(frame, "2"), _attrs(frame, "3")
    assert (two["entity"], two["elided"]) == ("apple", "of_them")
    assert (three["entity"], three["elided"]) == ("apple", "more")
    alone = frame_of("He ate 2 of them. How many are left?")
    assert "entity" not in _attrs(alone, "2")  # nothing said before: nothing to copy
