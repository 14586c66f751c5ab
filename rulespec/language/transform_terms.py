"""The words of the rulebook a variant renames in quotes (``terms:``): ``stock is called
"closed deck"``, ``cards are called "tiles"``. A mixin of the transformer.

Which words a variant may rename is :data:`TERMS` (the name as written → its IR field); a
name it does not know is E370, with the nearest known name as the hint. A term with a
plural is two fields, and the page derives the number the file leaves out
(:class:`rulespec.rulebook.words.Vocabulary`), which says the new words everywhere it
would say the old ones.
"""

from __future__ import annotations

from .diagnostics import suggest
from .schema import either

#: the name as written → its field in ``terms``
TERMS: dict[str, str] = {
    "stock": "stock",
    "discard pile": "discard_pile",
    "card": "card",
    "cards": "cards",
}


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
        self.set(node, f"terms.{TERMS[name]}", " ".join(word.split()))
