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
}
#: the terms said as "going" and a word (``going out is called "going rummy"``): the page
#: goes on to say "go rummy", "goes rummy", "went rummy", "gone rummy"
GOING = ("going out", "going rummy")
_GOING_WORD = re.compile(r"going [a-z][a-z'-]{0,23}")  # as schema.json's going_term


class TermWords:
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
