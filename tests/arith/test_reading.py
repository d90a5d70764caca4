"""The typed views over a frame (reading.py) and the verb and noun keys (authored texts)."""

from __future__ import annotations

import pytest

from practiceloop.arith.reading import quantity_views, verb_stem
from tests.arith._helpers import frame_of


def test_quantity_views_read_the_new_attributes() -> None:
    frame = frame_of("Omar read 5 more pages on monday than on tuesday.")
    (view,) = quantity_views(frame.mentions)
    assert (view.side, view.than_side) == ("monday", "tuesday")


@pytest.mark.parametrize(
    ("forms", "same"),
    [
        (("find", "found", "finds"), True),
        (("bake", "baked", "bakes", "baking"), True),
        (("use", "used", "uses"), True),
        (("need", "needed", "needs"), True),
        (("drop", "dropped"), True),
        (("press", "pressed"), True),
        (("find", "fin"), False),
    ],
)
def test_verb_forms_agree(forms: tuple[str, ...], same: bool) -> None:
    stems = {verb_stem(f) for f in forms}
    assert (len(stems) == 1) is same, stems


def test_shelves_key() -> None:
    from practiceloop.arith.lexicon import noun_key

    assert noun_key("bookshelves") == noun_key("bookshelf") == "bookshelf"
    assert noun_key("halves") == "half"
