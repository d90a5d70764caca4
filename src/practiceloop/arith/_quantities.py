"""The arithmetic reader's quantities: numbers, what they count, and their clause.

Private to the reader: :class:`QuantityReading` finds every number (digits, money, words),
reads the noun phrase it counts, its rate, comparison and state words, and walks its clause
back for the verb and the subject.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from practiceloop.arith import lexicon as lx
from practiceloop.arith._text import (
    MOTION_GAIN,
    MOTION_LOSS,
    SIDE_OPENERS,
    START_WORDS,
    TextReading,
    is_verb,
    verb_direction,
)
from practiceloop.arith.numbers import (
    FACTOR_WORDS,
    NUMBER_WORDS,
    format_rational,
    parse_digits,
    parse_words,
)

__all__ = ["QuantityReading"]

_SUBJECT_VERBS = lx.GAIN_VERBS | lx.LOSS_VERBS | MOTION_GAIN | MOTION_LOSS | {"suggested"}
"""Verbs whose bare number subject counts the last thing said ("5 died", "9 left")."""
_KINDS = frozenset({"new", "old", "different"})
_OBJECT_ENDS = frozenset({"in", "at", "to", "from", "on", "for", "during", "and"})
"""Words that may follow a number a moving verb took with its noun unsaid ("used 8 to buy")."""
_NOT_SUBJECT = frozenset({"from", "to", "with", "by", "for", "of", "at", "than"})
"""A name after one of these is no subject ("received 307 sheets from Jane and gave ...")."""
_COORDINATION = (["and"], [","], [",", "and"], ["but"], [",", "but"])
"""What may stand between two amounts that share a verb: "29 more push-ups but 13 less"."""
_GROUPS = frozenset({"group", "package", "pack", "bag", "box", "row", "team", "set", "bundle"})
"""Nouns that, in "groups of 18", make the number the size of each group."""


class QuantityReading(TextReading):
    """Quantity mentions, in source order."""

    def numbers(self) -> list[tuple[int, int, Fraction | None]]:
        """(first token, last token, value) of each number, words merged, in source order."""
        found: list[tuple[int, int, Fraction | None]] = []
        toks = self.toks
        # a number starts only at digits, money, a number word or "a" ("a dozen"): the loop
        # visits those tokens, skipping the ones a number already read took
        starts = [
            index
            for index, tok in enumerate(toks)
            if tok.kind in ("num", "money") or tok.lower in NUMBER_WORDS or tok.lower == "a"
        ]
        resume = 0
        for index in starts:
            if index < resume:
                continue
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
                resume = last + 1
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
                resume = last + 1
        return found

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
        if self.word(index) == "of" and self.word(index + 1) in ("them", "these", "those"):
            attrs["elided"] = "of_them"
            index += 2
        elif self.word(index) == "of":
            index += 1
            if self.word(index) in ("the", "his", "her", "their", "its", "our", "my", "your"):
                attrs["partitive"] = "of"  # "2 of the jars": a part of jars already counted
            while self.word(index) in ("the", "his", "her", "their", "its", "our", "my", "your"):
                index += 1
        if "unit" not in attrs or attrs.get("unit") == "percent":
            index, phrase = self.noun_phrase(index)
            attrs.update(phrase)
        if "entity" not in attrs and "unit" not in attrs and "elided" not in attrs:
            kind = self.word(index) if self.word(index) in ("new", "old", "different") else ""
            if self.word(index + bool(kind)) == "ones":
                attrs["elided"] = "ones"  # "63 old ones": the last thing said, of that kind
                if kind:
                    attrs["modifier"] = kind
                index += 1 + bool(kind)
            elif self.word(index) in _SUBJECT_VERBS and not is_verb(self.word(first - 1)):
                attrs["elided"] = "subject"  # "After a typhoon 5 died", "489 suggested ..."
            elif self.word(index) == "left" and self.word(first - 1) in lx.HAVE_VERBS:
                attrs["elided"] = "subject"  # "After deleting some he had 4 left"
            elif "compare" not in attrs and self.moving_verb(first - 1) and self.object_ends(index):
                attrs["elided"] = "object"  # "he had used 35.", "After selling 137 in a sale"
            elif (group := self.group_of(first)) and "per" not in attrs:
                attrs["per"] = group  # "a collection of eggs into groups of 3"
                grouped = self.grouped_thing(first)
                if grouped:
                    attrs["entity"], attrs["elided"] = grouped, "group"
                else:
                    attrs["elided"] = "subject"  # "the bananas ... into groups of size 18"
        # after the phrase: comparison, rate, state
        nxt = self.word(index)
        if nxt in lx.COMPARE_MORE or nxt in lx.COMPARE_FEWER:
            if "compare" not in attrs:
                attrs["compare"] = "more" if nxt in lx.COMPARE_MORE else "fewer"
                attrs["compare_cue"] = self.cue_at.get(index, "")
            index += 1
            nxt = self.word(index)
        compare_side: str | None = None
        if "compare" in attrs and nxt != "than":
            # "3 more pages of reading homework than math homework": look a little further
            probe = index
            while probe < min(len(toks), index + 6) and self.word(probe) not in lx.CONTROL_WORDS:
                probe += 1
            if self.word(probe) == "than":
                sides = (self.side_at(j) for j in range(index, probe))
                # "12 more kids on monday than on tuesday"
                compare_side = next((found[0] for found in sides if found is not None), None)
                index, nxt = probe, "than"
        if "compare" in attrs and nxt != "than":
            # "7 more action figures" adds to a change; only "N more X than Y" compares
            attrs["additional"] = attrs.pop("compare")
            more_cue = attrs.pop("compare_cue", "")
            if more_cue:
                attrs["more_cue"] = more_cue  # the "more" of "7 more": a cue this amount carries
        if "compare" in attrs and nxt == "than" and (side := self.side_at(index + 1)):
            attrs["than_side"] = side[0]  # "... than on tuesday": the other side is a time
        elif "compare" in attrs and nxt == "than":
            referent = self.word(index + 1)
            if referent in ("the", "his", "her", "their"):
                referent = self.word(index + 2)
            if referent:
                attrs["than"] = lx.noun_key(referent)
        spent_on = self.objects_at(index) if attrs.get("unit") == "dollar" else []
        if spent_on:
            attrs["object"] = spent_on[0]  # "$50 on a battery": what the amount went to
        elif (
            attrs.get("unit") == "dollar"
            and self.word(first - 1) == "for"
            and (bought := self.bought_before(first - 1))
        ):
            attrs["object"] = bought  # "a jacket for $20"
        if nxt == "apiece" or (nxt == "each" and not self.noun_phrase(index + 1)[1]):
            attrs["per"] = "each"  # "5 apples each"; "2 books each book costing" is not a rate
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
        self.phrase_end[first] = index
        self.read_clause(first, last, index, attrs, previous)
        if compare_side is not None:
            attrs["side"] = compare_side
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
        sentence_of = self.sentence_of
        sentence = sentence_of[first]
        verb = ""
        subject = ""
        there = False
        index = first - 1
        segment = first  # the first token of the amounts walked so far (joined by "and")
        while index >= 0 and sentence_of[index] == sentence:
            tok = toks[index]
            word = tok.lower if tok.kind == "word" else tok.text
            if word in ("and", ",", "&"):
                joined = next(
                    (q for q in previous if q[0] <= index - 1 <= q[1] + 4 and q[1] < index), None
                ) or next((q for q in previous if self.listed_before(q[1], index)), None)
                if joined is not None and not verb:
                    # "played chess with 4 kids and checkers with 5 kids": a word of its own
                    # after the first "and" is this amount's object; the verb is the shared one
                    own = next(
                        (
                            self.word(i)
                            for i in range(index + 1, segment)
                            if self.is_noun(i) and i not in self.actor_at
                        ),
                        "",
                    )
                    if own and "activity" not in attrs and "entity" in attrs:
                        attrs["activity"] = lx.noun_key(own)
                    index = segment = joined[0]
                    index -= 1
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
                if (
                    "side" not in attrs
                    and word in SIDE_OPENERS  # side_at's own first test, without the call
                    and (side := self.side_at(index)) is not None
                ):
                    attrs["side"] = side[0]  # "On monday she had 7 bags"
                if word in ("now", "still") and not attrs.get("state"):
                    attrs["state"] = "now"
                if word == "total" or (word == "all" and self.word(index - 1) == "in"):
                    attrs["state"] = "in_all"
                if word in START_WORDS and (word != "first" or self.word(index - 1) == "at"):
                    attrs["state"] = "start"
                if word == "there":
                    there = True
                if not verb and is_verb(word):
                    verb = word
                    if index in self.cue_at:
                        attrs["cue"] = self.cue_at[index]
                    if word in ("got", "get", "gets"):
                        verb = word + " " + self.word(index + 1)
                elif (
                    verb
                    and not subject
                    and index in self.actor_at
                    and "subject_noun" in attrs
                    and tok.lower.endswith(("'s", "’s"))
                ):
                    break  # "Baker's friend bought 137 cakes": the friend bought them
                elif verb and not subject and (index in self.actor_at or index in self.pronoun_at):
                    subject = self.actor_at.get(index) or self.pronoun_at[index]
                    if self.word(index - 1) == "and" and (index - 2) in self.actor_at:
                        attrs["owner"] = "group"  # "Adam and Jackie have": no single owner
                elif (
                    verb
                    and not subject
                    and "subject_noun" not in attrs
                    and word not in lx.STOP_WORDS
                    and not is_verb(word)
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
        forward_side = ""
        past_and = False  # past an "and": a time read there is the next amount's
        have = False
        while probe < len(toks) and sentence_of[probe] == sentence and probe < after + 8:
            word = self.words[probe]
            if not word and toks[probe].text in ",;:.?!":
                break
            if word in lx.CONTROL_WORDS and word != "and":
                break
            if probe > after and (probe in self.pronoun_at or probe in self.actor_at):
                break  # "After 9 customers left he still had 12": his clause, not the 9's
            past_and = past_and or word == "and"
            if (
                not forward_side
                and not past_and
                and word in SIDE_OPENERS  # side_at's own first test, without the call
                and (side := self.side_at(probe)) is not None
            ):
                forward_side = side[0]  # "9 kids on monday", "600 visitors the previous day"
            if word in lx.HAVE_VERBS and not verb:
                have = True  # "If 12 trees were left"
            if word == "left":
                if verb in lx.HAVE_VERBS or there or verb.startswith("got") or have:
                    attrs["state"] = "left"
                    if probe in self.cue_at:
                        attrs["state_cue"] = self.cue_at[probe]  # "has 33 dollars left"
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
                    word in MOTION_LOSS
                    or word in MOTION_GAIN
                    or word in lx.GAIN_VERBS
                    or word in lx.LOSS_VERBS
                    or word == "got"
                )
            ):
                verb = word + " " + self.word(probe + 1) if word in ("got", "get", "gets") else word
                follower = self.word(probe + 1)
                if (
                    follower
                    and follower not in lx.STOP_WORDS
                    and word not in ("got", "get", "gets")
                ):
                    attrs["activity"] = lx.noun_key(follower)
                if probe in self.cue_at:
                    attrs["cue"] = self.cue_at[probe]
            probe += 1
        if forward_side:
            attrs["side"] = forward_side
        if verb:
            attrs["verb"] = verb
            direction = verb_direction(verb, attrs.get("unit") == "dollar")
            if direction:
                attrs["direction"] = direction
        if subject:
            attrs["subject"] = subject
            attrs.pop("subject_noun", None)
            if subject in self.actor_names and "owner" not in attrs:
                attrs["owner"] = self.actor_names[subject]
        if verb in lx.HAVE_VERBS and not attrs.get("state") and self.after_a_move(first):
            attrs["state"] = "now"  # "After some more arrived he had 8 customers"

    def bought_before(self, index: int) -> str:
        """The noun of "a jacket" in "a jacket for $20", ending just before ``index``; ""."""
        probe = index - 1
        while probe >= 0 and self.is_noun(probe) and self.same_sentence(index, probe):
            probe -= 1
        if probe == index - 1 or self.word(probe) not in ("a", "an", "the"):
            return ""
        _, phrase = self.noun_phrase(probe + 1)
        return phrase.get("entity") or phrase.get("unit") or ""

    def listed_before(self, last: int, index: int) -> bool:
        """True when the amount ending at ``last``, its noun and the side it is on ("20 blocks
        to build a house") end right at ``index``: the next amount is listed under its verb."""
        end, phrase = self.noun_phrase(last + 1)
        side = self.side_at(end) if phrase else None
        return side is not None and side[1] == index

    def object_ends(self, index: int) -> bool:
        """True when the token at ``index`` ends a bare object: the clause's end (a stop
        mark), or a preposition or "and" that opens what follows."""
        if index >= len(self.toks) or not self.same_sentence(index - 1, index):
            return True
        return (
            self.toks[index].text in (".", ",", "?", "!", ";") or self.word(index) in _OBJECT_ENDS
        )

    def moving_verb(self, index: int) -> bool:
        """True when the word at ``index`` is a verb that moves things ("used", "selling")."""
        word = self.word(index)
        return bool(
            verb_direction(word, False)
            or (word.endswith("ing") and verb_direction(word[:-3], False))
        )

    def after_a_move(self, index: int) -> bool:
        """True when the sentence of token ``index`` opens with "after" and a verb that moves
        things (gain or loss) stands between that "after" and ``index``: what is held then is
        held after the move ("After some left he still had 14", "After finding some caps he
        has 32")."""
        lo, _ = self.sentence_bounds[self.toks[index].sentence]
        if self.word(lo) != "after":
            return False
        for probe in range(lo + 1, index):
            word = self.word(probe)
            if verb_direction(word, False) or (
                word.endswith("ing") and verb_direction(word[:-3], False)
            ):
                return True
        return False

    def group_of(self, first: int) -> str:
        """The group noun of "groups of 18", "packages of size 3" before the number at
        ``first`` (its count is per that group; the thing is the last one said), or ""."""
        probe = first - 1
        if self.word(probe) == "size":
            probe -= 1
        if self.word(probe) != "of" or not self.word(probe - 1):
            return ""
        group = lx.noun_key(self.word(probe - 1))
        return group if group in _GROUPS else ""

    def grouped_thing(self, first: int) -> str:
        """The noun just before "into groups of N" / "in packages of N": what is grouped
        ("a collection of eggs into groups of 3", "t-shirts can be purchased in packages of
        13"), read within a short window of the clause; "" when no noun is there."""
        probe = first - 1
        while self.word(probe) in ("size", "of"):
            probe -= 1
        probe -= 1  # the group noun
        if self.word(probe) not in ("into", "in"):
            return ""
        for back in range(probe - 1, max(-1, probe - 6), -1):
            word = self.word(back)
            if not word or word in lx.CONTROL_WORDS:
                return ""
            if self.is_noun(back) and word not in lx.PRONOUNS and back not in self.actor_at:
                return lx.noun_key(word)
        return ""

    def shared_subject(self, index: int, anchor: int) -> str:
        """The first actor or pronoun walking back from ``index`` within the clause chain."""
        while index >= 0 and self.same_sentence(anchor, index):
            after_preposition = self.word(index - 1) in _NOT_SUBJECT
            if (index in self.actor_at or index in self.pronoun_at) and not after_preposition:
                return self.actor_at.get(index) or self.pronoun_at[index]
            word = self.word(index)
            if word in lx.CONTROL_WORDS and word != "and":
                return ""
            index -= 1
        return ""

    def read_quantities(self) -> None:
        previous: list[tuple[int, int]] = []
        read: list[tuple[int, int, dict[str, str]]] = []
        for first, last, value in self.numbers():
            if value is None:
                self.observe("unread_number", first, {"text": self.toks[first].text[:40]})
                continue
            attrs = self.read_quantity(first, last, value, previous)
            self.read_ellipsis(attrs)
            previous.append((first, last))
            read.append((first, last, attrs))
            if "entity" in attrs or "unit" in attrs:
                thing: dict[str, str] = {k: attrs[k] for k in ("entity", "unit") if k in attrs}
                sentence = self.toks[first].sentence
                # two things counted in the last sentence that counted any: "the last one
                # said" is then not one thing ("521 crayons and 66 erasers ... 154 left")
                self.last_mixed = sentence == self.last_sentence and thing != self.last_key
                if sentence != self.last_sentence:
                    self.last_mixed = False
                self.last_sentence, self.last_key = sentence, thing
                self.last_thing = {
                    k: attrs[k] for k in ("entity", "modifier", "unit") if k in attrs
                }
        self.share_coordinated(read)
        for first, last, attrs in read:
            self.add("q", "quantity", first, last, attrs)

    def share_coordinated(self, read: list[tuple[int, int, dict[str, str]]]) -> None:
        """Amounts joined by "and" share the verb, the rate and the time read after the last of
        them: "6 more storks and 2 more birds came", "71 crayons and 24 pencils in each row",
        "10 emails and 12 letters in the morning"."""
        for (first, _, attrs), (nxt, _, later) in itertools.pairwise(read):
            end = self.phrase_end.get(first, first + 1)
            joins = [self.toks[i].text.lower() for i in range(end, nxt)]
            if not self.same_sentence(first, nxt) or joins not in _COORDINATION:
                continue
            if "verb" not in attrs and "verb" in later:
                for key in ("verb", "direction", "cue"):
                    if key in later:
                        attrs[key] = later[key]
            if "per" not in attrs and "per" in later and "compare" not in attrs:
                attrs["per"] = later["per"]
            if "side" not in attrs and "side" in later:
                attrs["side"] = later["side"]  # "10 emails and 12 letters in the morning"
            if "additional" in attrs and "compare" in later:
                # "13 fewer peaches and 3 more apples than Steven": both are compared to him
                attrs["compare"] = attrs.pop("additional")
                attrs["compare_cue"] = attrs.pop("more_cue", "")
                for key in ("than", "than_side"):
                    if key in later:
                        attrs[key] = later[key]

    def read_ellipsis(self, attrs: dict[str, str]) -> None:
        """ "ate 9 more", "gave 2 of them": the noun is elided; English reads the last one said.

        The thing of the nearest earlier quantity is copied and the copy is marked ``elided``
        (``more`` / ``of_them``), so that every organ and proof can see it was not spelled out.
        """
        if "entity" in attrs or "unit" in attrs or not self.last_thing:
            return
        if attrs.get("elided") in ("ones", "subject", "object") and self.last_mixed:
            return  # the last sentence counted two things: which one is meant is not read
        if attrs.get("elided") in ("ones", "subject", "object"):
            modifier = attrs.get("modifier")
            attrs.update(self.last_thing)
            said = [w for w in self.last_thing.get("modifier", "").split() if w not in _KINDS]
            if modifier is not None:
                attrs["modifier"] = " ".join([*said, modifier])  # "old ones" of bottle caps
        elif attrs.get("elided") == "of_them" or "additional" in attrs:
            attrs.setdefault("elided", "more")
            attrs.update(self.last_thing)
