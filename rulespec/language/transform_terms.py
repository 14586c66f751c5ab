"""The words of the rulebook a variant renames in quotes (``terms:``): ``stock is called
"closed deck"``, ``cards are called "tiles"``. A mixin of the transformer.

Which words a variant may rename is :data:`TERMS` (the name as written → its IR field); a
name it does not know is E370, with the nearest known name as the hint; going out and
going rummy are renamed as "going" and a word (E371 otherwise). A term with a
plural is two fields, and the page derives the number the file leaves out
(:class:`rulespec.rulebook.words.Vocabulary`), which says the new words everywhere it
would say the old ones.
"""

from __future__ import annotations

import re

from .diagnostics import suggest
from .schema import either

#: the name as written → its field in ``terms``
TERMS: dict[str, str] = {
    "stock": "stock",
    "discard pile": "discard_pile",
    "card": "card",
    "cards": "cards",
    "knock": "knock",
    "gin": "gin",
    "going out": "going_out",
    "going rummy": "going_rummy",
    "drop": "drop",
    "show": "show",
    "second hand": "second_hand",
}
#: the terms said as "going" and a word (``going out is called "going rummy"``): the page
#: goes on to say "go rummy", "goes rummy", "went rummy", "gone rummy"
GOING = ("going out", "going rummy")
_GOING_WORD = re.compile(r"going [a-z][a-z'-]{0,23}")  # as schema.json's going_term


#: a name for a kind of meld, in the singular or the plural, as the page will say it
#: (``pierna``): small letters, those of the Latin alphabets' accents included
_MELD_WORD = re.compile(r"[a-zß-öø-ÿā-ž][a-zß-öø-ÿā-ž'-]{0,23}")


#: plural endings whose singular drops "es", not "s" (flushes, matches, boxes, kisses)
_ES = ("ches", "shes", "xes", "sses", "zzes")


class TermWords:
    def term_meld_word(self, node, kind, word, plural=None):
        """``sets are called "piernas"``: the page's word for a kind of meld, any word; the
        file itself goes on saying sets and runs. Written in the plural after ``are`` (the
        singular is the word less its final s) or in the singular after ``is``, with an
        irregular plural after it if need be: ``set is called "scala", plural "scale"``."""
        meld, written = str(kind), str(node.children[0])  # "set", and "sets" as written
        word = " ".join(str(word).split()).lower()
        are = written.endswith("s")
        if are and plural is not None:
            self.error(node, "E371", f"`{written}` are called by their plural already",
                       f'write `{meld} is called "{word}", plural "{plural}"`, with the '
                       "singular first")
            return
        if are and not word.endswith("s"):
            self.error(node, "E371", f"`{written}` are called by a word in the plural, and "
                       f"`{word}` does not end in s",
                       f'write `{meld} is called "…", plural "{word}"` to give the singular')
            return
        single = word[:-1] if are else word
        if are and word.endswith(_ES):  # "flushes" → "flush", not "flushe"
            single, plural = word[:-2], word
        plural = None if plural is None else " ".join(str(plural).split()).lower()
        for said in (single, plural):
            if said is not None and not _MELD_WORD.fullmatch(said):
                self.error(node, "E371", f"a {meld} is called by one word in small letters "
                           f"(hyphens and apostrophes allowed), not `{said}`",
                           f'write one word, e.g. `{meld}s are called "piernas"`')
                return
        self.set(node, f"terms.{meld}", single)
        self.set(node, f"terms.{meld}_plural", plural if plural != single + "s" else None)

    def term_long(self, node, size, word, plural=None):
        """``meld of 7+ cards is called "canasta"`` (``, plural "canastas"`` if not the word
        and s): the page's word for a meld of that many cards or more, said wherever the
        page speaks of such melds (going out, bonuses, the second hand). Play is
        unchanged."""
        single = " ".join(str(word).split()).lower()
        plural = None if plural is None else " ".join(str(plural).split()).lower()
        self._long_term(node, int(size), single, plural)

    def term_long_plural(self, node, size, word):
        """``melds of 7+ cards are called "canastas"``: the singular is the word less its s."""
        word = " ".join(str(word).split()).lower()
        if not word.endswith("s"):
            self.error(node, "E371", f"melds of {size}+ cards are called by a word in the "
                       f"plural, and `{word}` does not end in s",
                       f'write `meld of {size}+ cards is called "{word}"` for the singular')
            return
        self._long_term(node, int(size), word[:-1], None)

    def _long_term(self, node, size: int, single: str, plural: str | None):
        for said in (single, plural):
            if said is not None and not _MELD_WORD.fullmatch(said):
                self.error(node, "E371", "a long meld is called by one word in small letters "
                           f"(hyphens and apostrophes allowed), not `{said}`",
                           f'write one word, e.g. `meld of {size}+ cards is called "canasta"`')
                return
        self.set(node, "terms.long", single)
        self.set(node, "terms.long_plural", plural if plural != single + "s" else None)
        self.set(node, "terms.long_size", size)

    def term_word(self, node, name, word):
        name = " ".join(w for w in str(name).split() if w not in ("the", "a", "an"))
        if name not in TERMS:
            near = suggest(name, TERMS)
            hint = (f"did you mean `{near}`?" if near
                    else f"the words a variant can rename are {either(TERMS)}")
            self.error(node, "E370",
                       f"`{name}` is not a word of the rulebook a variant can rename", hint)
            return
        word = " ".join(word.split())
        if name in GOING and not _GOING_WORD.fullmatch(word):
            self.error(node, "E371", f"`{name}` is called \"going\" and one word in small "
                       f"letters (hyphens and apostrophes allowed), not `{word}`",
                       f'write it as the page says it: `{name} is called "going rummy"`')
            return
        self.set(node, f"terms.{TERMS[name]}", word)
