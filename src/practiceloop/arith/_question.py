"""The arithmetic reader's question: the target and the unknown mention it asks for.

Private to the reader: :class:`QuestionReading` reads "how many/much/big" and what follows
(the thing asked, its owner or subject, its verb, its state, the other side of "than").
"""

from __future__ import annotations

from practiceloop.arith import lexicon as lx
from practiceloop.arith._text import AUX, MONEY_QUESTION, TextReading, is_verb, verb_direction
from practiceloop.arith.numbers import NUMBER_WORDS
from practiceloop.arith.reading import UNKNOWN_KIND, verb_stem
from practiceloop.kernel.frame import Target

__all__ = ["QuestionReading"]

_PRESENT = frozenset({"is", "are", "does", "do", "has", "have"})
_LEFT_WORDS = frozenset({"left", "remaining", "remain", "remained", "remains"})
_NEED_TO = frozenset({"need", "needs", "want", "wants"})
_AUX_OR_HOW = AUX | {"how"}
_AUX_OR_THAT = AUX | {"that"}
_STOP_OR_AUX = lx.STOP_WORDS | AUX


class QuestionReading(TextReading):
    """The question's target."""

    def read_target(self) -> tuple[Target, ...]:
        if self.question < 0:
            return ()
        lo, hi = self.sentence_bounds[self.question]
        start = next(
            (
                i
                for i in range(lo, hi + 1)
                if self.word(i) == "how" and self.word(i + 1) in ("many", "much", "big")
            ),
            -1,
        )
        if start < 0:
            return ()
        attrs: dict[str, str] = {}
        index = start + 2
        if self.word(index) in lx.COMPARE_MORE or self.word(index) in lx.COMPARE_FEWER:
            attrs["state"] = "more" if self.word(index) in lx.COMPARE_MORE else "fewer"
            attrs["compare_cue"] = self.cue_at.get(index, "")
            index += 1
        if self.word(start + 1) == "big":
            attrs["state"] = "each"
        else:
            index, phrase = self.noun_phrase(index)
            attrs.update(phrase)
            if self.word(index) == "of" and "entity" in phrase:
                index, inner = self.noun_phrase(
                    index + 1 + (self.word(index + 1) in ("the", "his", "her"))
                )
                if "entity" in inner:
                    attrs["unit"], attrs["entity"] = phrase["entity"], inner["entity"]
                    attrs.pop("modifier", None)
                    if "modifier" in inner:
                        attrs["modifier"] = inner["modifier"]
        kinds = False  # "How many red and green peaches": two kinds of one thing, together
        if self.word(index) == "and" and self.word(index + 1) not in _AUX_OR_HOW:
            after, other = self.noun_phrase(index + 1)
            first = attrs.get("entity") if "modifier" not in attrs else None
            kind = other.get("modifier", "")
            if (
                first is not None
                and "entity" in other
                and kind
                and " " not in kind
                and other.get("unit") is None
            ):
                attrs["entity"], attrs["modifier"] = other["entity"], f"{first} {kind}"
                kinds = True
                index = after
            elif "entity" in other:
                attrs["also"] = other["entity"]
        phrase_end = max(start + 1, index - 1)
        words = [self.word(i) for i in range(index, hi + 1)]
        money = set(words) & MONEY_QUESTION or any(
            ("unit", "dollar") in m.attributes for m in self.mentions
        )
        if self.word(start + 1) == "much" and not ({"entity", "unit"} & attrs.keys()) and money:
            attrs["unit"], attrs["entity"] = "dollar", "money"
        subject_end = -1
        for offset, word in enumerate(words):
            at = index + offset
            if not word:
                continue
            compared_to = (
                word == "compared"
                and self.word(at + 1) in ("to", "with")
                and attrs.get("state") in ("more", "fewer")
            )
            if compared_to:
                at += 1  # "How many more kids stayed home compared to those who went?"
            if word == "than" or compared_to:
                attrs.setdefault("state", "more")
                than_side = next(
                    (
                        side[0]
                        for ahead in range(at + 1, hi + 1)
                        if (side := self.side_at(ahead)) is not None
                    ),
                    None,
                )
                if than_side is not None:
                    attrs["than_side"] = than_side  # "than on tuesday", "than she had on monday"
                probe = at + 1
                while self.word(probe) in ("the", "his", "her", "their", "on", "in", "at", "of"):
                    probe += 1
                if than_side is not None and self.side_at(at + 1) is not None:
                    pass  # "than on tuesday": the other side is a time, not a thing or owner
                elif probe in self.actor_at:
                    attrs["than"] = self.word(probe).removesuffix("'s")
                else:
                    after, referent = self.noun_phrase(probe)
                    if self.word(after) == "of" and "entity" in referent:
                        _, inner = self.noun_phrase(after + 1)
                        referent = inner if "entity" in inner else referent
                    if "entity" in referent:
                        attrs["than"] = referent["entity"]
                    if "modifier" in referent:
                        attrs["than_modifier"] = referent["modifier"]
                    for ahead in range(probe, min(probe + 5, hi + 1)):
                        if is_verb(self.word(ahead)) and self.word(ahead) not in _AUX_OR_THAT:
                            verb = self.word(ahead)
                            attrs["than_verb"] = (
                                f"got {self.word(ahead + 1)}" if verb == "got" else verb
                            )
                            break
                break
            if "side" not in attrs and (side := self.side_at(at)) is not None:
                attrs["side"] = side[0]  # "on monday", "in the morning", "that day"
                joined = self.word(side[1]) == "and"
                second = self.side_at(side[1] + 1) if joined else None
                nxt = self.word(side[1] + 1)
                if second is None and joined and (nxt in lx.SIDE_DAYS or nxt in lx.SIDE_PERIODS):
                    second = (nxt, side[1] + 2)  # "on monday and wednesday", "morning and evening"
                if second is not None:
                    attrs["side"] = f"{side[0]} and {second[0]}"  # two times: no one side
            if (
                "objects" not in attrs
                and attrs.get("unit") == "dollar"
                and attrs.get("verb") in lx.MONEY_LOSS_VERBS  # "spend on", not "receive for"
                and (spent_on := self.objects_at(at))
            ):
                attrs["objects"] = " ".join(spent_on)  # "spend on the battery and the radio"
            if word == "so" and self.word(at + 1) == "that":
                break  # "... so that she will have 31 left": that clause's amount, not the asked
            if word == "before" and "than" not in words and at > index:
                attrs.setdefault("state", "start")  # "How much did he have before he spent?"
                later = (self.cue_at[i] for i in range(at + 1, hi + 1) if i in self.cue_at)
                moved = next(later, "")
                if moved:
                    attrs["state_cue"] = moved  # the move the start is before
                break
            if word in _LEFT_WORDS and "state" not in attrs:
                attrs["state"] = "left"
                if at in self.cue_at:
                    attrs["state_cue"] = self.cue_at[at]  # "How many are there left?"
            elif word in ("now", "still") and "state" not in attrs:
                attrs["state"] = "now"
            elif word in ("altogether", "together", "combined", "total") or (
                word == "all" and self.word(at - 1) == "in"
            ):
                attrs.setdefault("state", "in_all")
            elif (
                word in ("initially", "originally")
                or (word in ("start", "beginning", "first") and self.word(at - 1) in ("the", "at"))
                or (word == "begin" and self.word(at - 1) == "to")
            ):
                attrs.setdefault("state", "start")
            elif word in ("each", "per", "every") and self.word(at + 1):
                attrs.setdefault("state", "each")
                attrs["per"] = self.head(at + 1)
            elif (
                at in self.actor_at
                and "subject" not in attrs
                and word.endswith(("'s", "’s"))
                and self.is_noun(at + 1)
                and at + 1 not in self.actor_at
            ):
                # "does Sara's sister have": the possessor is not the subject; her sister is
                attrs["subject_noun"] = lx.noun_key(self.word(at + 1))
                subject_end = at + 2
            elif at in self.actor_at and "subject" not in attrs:
                attrs["subject"] = self.actor_at[at]
                name = self.names.get(word.removesuffix("'s"), word)
                attrs["owner"] = name
                if self.word(at + 1) == "and" and (at + 2) in self.actor_at:
                    attrs["owner"] = "group"  # "did Zachary and David do": no single owner
                    partner = self.actor_names.get(self.actor_at[at + 2], "")
                    attrs["members"] = f"{name} {partner}".strip()  # each one of the two
                subject_end = at + (3 if attrs["owner"] == "group" else 1)
            elif at in self.pronoun_at and "subject" not in attrs:
                attrs["subject"] = self.pronoun_at[at]
                subject_end = at + 1
            elif at == subject_end and "verb" not in attrs and word not in _STOP_OR_AUX:
                self.question_verb(attrs, at)  # the word after the subject, whatever its form
            elif (
                not ({"subject", "subject_noun", "verb"} & attrs.keys())
                and word not in lx.STOP_WORDS
                and not is_verb(word)
                and word not in NUMBER_WORDS
                and (
                    self.word(at - 1) in AUX
                    or (
                        self.word(at - 1) in ("the", "her", "his", "their")
                        and self.word(at - 2) in AUX  # "does the tree have", not "in the basket"
                    )
                )
            ):
                attrs["subject_noun"] = lx.noun_key(word)
                subject_end = at + 1
            elif "verb" not in attrs and is_verb(word) and word not in AUX:
                self.question_verb(attrs, at)
        if "now" in words or "then" in words:
            attrs["time"] = "now"
        tense = next((w for w in words if w in AUX), "")
        if tense in _PRESENT:
            attrs["tense"] = "present"  # "How many birds are sitting on the fence?"
        if kinds and "state" in attrs:
            attrs["also"] = attrs["entity"]  # two kinds and a state: more than one step
        elif kinds:
            attrs["state"] = "in_all"
        if "state" not in attrs and self.some_first(attrs, lo):
            attrs["state"] = "start"  # "Dave had won some tickets ... How many did he win?"
        unknown = self.add("u", UNKNOWN_KIND, start, phrase_end, attrs)
        target_attrs = tuple(sorted({**attrs, "mention": unknown}.items()))
        return (
            Target(target_id="t0", attributes=target_attrs, evidence_spans=(self.span(start, hi),)),
        )

    def some_first(self, attrs: dict[str, str], question_start: int) -> bool:
        """True when the story opens the asked thing with "some" under the asked verb.

        "Dave had won some tickets. He used 12. If he still has 14 left How many tickets did
        Dave win?": the unread amount is the first one of the asked thing, and the question's
        verb (or a plain "have") is the one it was read with, so the question asks for the
        amount the story started from. Any amount of the asked thing said before it, another
        verb, an asked time, no amount of it moved, or a rate of it, and nothing is read.
        """
        entity = attrs.get("entity")
        if entity is None or "side" in attrs:
            return False
        counted = [
            dict(m.attributes)
            for m in self.mentions
            if m.kind == "quantity" and ("entity", entity) in m.attributes
        ]
        if not any("direction" in q for q in counted) or any("per" in q for q in counted):
            return False  # no amount of it moved, or it is counted per group: not a change
        for index in range(question_start):
            if self.word(index) != "some" or self.word(index + 1) == "of":
                continue
            _, phrase = self.noun_phrase(index + 1)
            if phrase.get("entity") != entity or phrase.get("unit") != attrs.get("unit"):
                continue
            verb = self.clause_verb(index)
            asked = attrs.get("verb")
            same = (asked is None and verb in lx.HAVE_VERBS) or (
                asked is not None and verb_stem(asked) == verb_stem(verb)
            )
            earlier = any(
                m.kind == "quantity"
                and m.span.start < self.toks[index].start
                and ("entity", entity) in m.attributes
                for m in self.mentions
            )
            return same and not earlier
        return False

    def clause_verb(self, index: int) -> str:
        """The nearest verb before ``index`` in its clause ("" when none)."""
        probe = index - 1
        while probe >= 0 and self.same_sentence(index, probe):
            word = self.word(probe)
            if not word or word in lx.CONTROL_WORDS:
                return ""
            if is_verb(word):
                return word
            probe -= 1
        return ""

    def question_verb(self, attrs: dict[str, str], at: int) -> None:
        """Record the question's verb at ``at``: its direction, cue and activity ("does she
        need to give away": the verb is the one after "need to")."""
        if self.word(at) in _NEED_TO and self.word(at + 1) == "to" and is_verb(self.word(at + 2)):
            at += 2
        word = self.word(at)
        attrs["verb"] = word if word != "got" else f"got {self.word(at + 1)}"
        follower = self.word(at + 1)
        if follower and follower not in lx.STOP_WORDS and not is_verb(follower):
            attrs["activity"] = lx.noun_key(follower)
            if self.word(at + 2) == "and" and self.word(at + 3) not in AUX:
                attrs["also"] = lx.noun_key(self.word(at + 3))  # "went rowing and hiking"
        direction = verb_direction(attrs["verb"], attrs.get("unit") == "dollar")
        if direction:
            attrs["direction"] = direction
        if at in self.cue_at:
            attrs["cue"] = self.cue_at[at]
