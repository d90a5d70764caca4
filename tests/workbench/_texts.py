"""Authored problem texts for the Workbench tests (written here, not copied from any corpus).

Chosen so that the test store holds several organs and practice dispositions (replay closed,
contract closed but proof refused, all candidates refused, exhausted, original refusal), a
problem no organ takes up, and one text under two problem ids. The tests never assume which
disposition a text gets: they read that from the store, so a change in the domain changes the
expected figures with it.
"""

from __future__ import annotations

TEXTS: tuple[tuple[str, str], ...] = (
    ("p-01", "Tom has 5 apples. He buys 3 more apples. How many apples does Tom have now?"),
    ("p-02", "Leo has 7 toy cars. Leo has 4 fewer toy cars than Max. "
             "How many toy cars does Max have?"),
    ("p-03", "Jill had 3 shells. She found some more shells. Now she has 2 shells. "
             "How many shells did she find?"),
    ("p-04", "Rita has 6 red beads and 9 blue beads. "
             "How many more blue beads than red beads does she have?"),
    ("p-05", "Kim picked 12 apples. Kim did not eat 3 apples. How many apples are left?"),
    ("p-06", "Sam had 9 stickers and lost 4 of them. How many stickers does he have left?"),
    ("p-07", "Ben has 14 cards. He shares them equally among 2 friends. "
             "How many cards does each friend get?"),
    ("p-08", "A box holds 6 eggs. How many eggs are in 4 boxes?"),
    ("p-09", "Sam had 9 stickers. He lost some stickers. Now he has 4 stickers. "
             "How many stickers did he lose?"),
    ("p-10", "Sue had 15 pens. She bought 6 pens and then gave 4 pens away. "
             "How many pens does Sue have now?"),
    ("p-11", "Tom has 5 apples. He buys 3 more apples. How many apples does Tom have now?"),
)
"""``(problem id, text)`` pairs practised into the test store (p-11 repeats p-01's text)."""

SCRIPT_TEXT = (
    "Tom has 5 apples. He buys 3 more apples. How many apples does Tom have now? "
    '<script>alert("pwned")</script>'
)
"""A problem text with a script in it that the loop still practises to the end."""

HTML_TEXT = (
    "Tom has 5 apples. He buys 3 more apples. How many apples does Tom have now? "
    '<script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold</b> & "quotes"'
)
"""A problem text with a script, an image that would run code on error, markup and entities."""

HOSTILE: tuple[tuple[str, str], ...] = (("p-script", SCRIPT_TEXT), ("p-html", HTML_TEXT))
"""The untrusted texts, under their problem ids."""
