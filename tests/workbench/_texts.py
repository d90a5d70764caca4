"""Authored problem texts for the Workbench tests (never copied from the shared corpora)."""

from __future__ import annotations

TEXTS: tuple[tuple[str, str], ...] = (
    ("p-001", "Tom has 5 apples. He buys 3 more apples. How many apples does Tom have now?"),
    ("p-002", "Mia had 12 pencils. She gave some pencils to Leo. Now she has 7 pencils. "
              "How many pencils did she give to Leo?"),
    ("p-003", "A box holds 6 eggs. How many eggs are in 4 boxes?"),
    ("p-004", "Sam had 9 stickers and lost 4 of them. How many stickers does he have left?"),
    ("p-005", "Ann does not have 3 cats. How many cats does she have?"),
)
"""``(problem id, text)`` pairs practised into the demo store."""

SCRIPT_TEXT = (
    'Tom has 5 apples <script>alert("pwned")</script><b>bold</b> '
    '<img src=x onerror=alert(2)>. He buys 3 more. How many apples does he have?'
)
"""A problem text carrying HTML and a script: the Workbench must show it as text, run nothing."""
