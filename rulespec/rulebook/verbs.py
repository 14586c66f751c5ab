"""The forms of a verb the rulebook says (knocks, knocked, knocking, the knocker), made from
the plain form a variant gives in ``terms:``, so that a variant names a verb once and the
page says every form of it in the variant's word."""

from __future__ import annotations

import re

# The few verbs a card player might use that are not regular: plain → (past, participle).
_IRREGULAR = {"go": ("went", "gone"), "lay": ("laid", "laid"), "put": ("put", "put"),
              "throw": ("threw", "thrown"), "take": ("took", "taken"), "make": ("made", "made"),
              "sink": ("sank", "sunk"), "get": ("got", "got"), "say": ("said", "said"),
              "meld": ("melded", "melded"), "sweep": ("swept", "swept"),
              "win": ("won", "won"), "beat": ("beat", "beaten")}
_VOWELS = "aeiou"


def _short(word: str) -> bool:
    """One syllable ending consonant, vowel, consonant (drop, rap): the consonant doubles."""
    return (re.fullmatch(r"[^aeiou]*[aeiou][^aeiouwxy]", word) is not None)


def _third(w: str) -> str:
    if re.search(r"(s|sh|ch|x|z|o)$", w):
        return w + "es"
    if re.search(r"[^aeiou]y$", w):
        return w[:-1] + "ies"
    return w + "s"


def _suffix(w: str, end: str) -> str:
    """``w`` with "ed", "ing" or "er": a final e dropped, a consonant doubled, y to i."""
    if end != "ing" and re.search(r"[^aeiou]y$", w):
        return w[:-1] + "i" + end
    if w.endswith("ie") and end == "ing":
        return w[:-2] + "ying"
    if w.endswith("e") and not w.endswith("ee"):
        return w[:-1] + end
    if _short(w):
        return w + w[-1] + end
    return w + end


def forms(plain: str) -> dict[str, str]:
    """Every form of the verb ``plain`` ("knock", "go rummy"): the first word is inflected,
    the rest follows it ("goes rummy")."""
    head, _, rest = plain.partition(" ")
    tail = " " + rest if rest else ""
    low = head.lower()
    past, done = _IRREGULAR.get(low, (_suffix(low, "ed"),) * 2)
    made = {"plain": low, "third": _third(low), "past": past, "done": done,
            "ing": _suffix(low, "ing"), "doer": _suffix(low, "er")}
    return {k: (head if v == low else v) + tail for k, v in made.items()}


def going(phrase: str) -> dict[str, str]:
    """The forms of a "going X" phrase ("going out", "going rummy"): go X, goes X, ..."""
    rest = phrase.split(" ", 1)[1]
    return {"plain": f"go {rest}", "third": f"goes {rest}", "past": f"went {rest}",
            "done": f"gone {rest}", "ing": f"going {rest}"}
