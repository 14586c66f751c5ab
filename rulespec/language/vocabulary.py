"""The language's words, read from the grammar, for the tools that colour and complete them.

The Pygments lexer (docs), the TextMate grammar (editors) and the language server all
classify a rule file's words the same way, from this one list, so none of them can fall
behind the Lark grammar: a word the grammar learns is known to all of them.
"""

from __future__ import annotations

import re

from ..memo import cached
from .parser import TOPICS, parser

# Terminals whose text is a pattern of its own rather than a list of words: the tools use
# the grammar's regular expression for them as it is.
PATTERN_TERMINALS = ("CARD", "RANKS", "RANK", "NUMBER", "PARTNERS")
# Terminals that are not words (layout, comments, names in quotes).
_NOT_WORDS = {"STRING", "_CONT", "_NL", "COMMENT", "MARK", "TERM_NAME"}
# Topics as they may also be written (the grammar's alternatives for the same section).
OTHER_SPELLINGS = {"wilds": "wild", "laying off": "lay off", "may I": "may i"}
TOPIC_SPELLINGS = tuple(sorted({*TOPICS, *OTHER_SPELLINGS} - {"variant", "extends"}))
DECLARATIONS = ("variant", "extends")


def _words_of_pattern(pattern: str) -> set[str]:
    """The words a terminal's regular expression spells out (``sets?`` gives set and sets)."""
    pattern = re.sub(r"\[[^\]]*\]|\(\?[!=<]+[^)]*\)|\\[a-zA-Z]", " ", pattern.replace("\\-", "-"))
    words = set()
    for m in re.finditer(r"[a-z](?:[a-z'-]*[a-z])?", pattern):
        words.add(m.group(0))
        if pattern[m.end(): m.end() + 1] == "?":
            words.add(m.group(0)[:-1])
    return words


@cached(1)
def words() -> tuple[str, ...]:
    """Every fixed word of the language (longest first, as an alternation wants them)."""
    found: set[str] = set()
    for t in parser().terminals:
        if t.name in _NOT_WORDS or t.name in PATTERN_TERMINALS or t.name.startswith("__IGNORE"):
            continue
        value = t.pattern.value
        if t.pattern.type == "str":
            if re.fullmatch(r"[A-Za-z][A-Za-z'-]*", value):
                found.add(value)
        else:
            found |= _words_of_pattern(value)
    return tuple(sorted(found, key=lambda w: (-len(w), w)))


@cached(1)
def patterns() -> dict[str, str]:
    """The grammar's own regular expressions for cards, ranks, numbers and partners."""
    return {t.name: t.pattern.value for t in parser().terminals if t.name in PATTERN_TERMINALS}


def alternation(items) -> str:
    """``items`` as one regular expression, longest first, spaces matching any white space."""
    ordered = sorted(items, key=lambda w: (-len(w), w))
    return "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in ordered)


WORD_EDGE_BEFORE = r"(?<![\w'’-])"
WORD_EDGE_AFTER = r"(?![\w'’-])"


@cached(1)
def token_patterns() -> tuple[tuple[str, str], ...]:
    """(kind, regular expression) in the order a highlighter tries them, one line at a time.

    Written in the part of regular-expression syntax that Python, Pygments and TextMate's
    Oniguruma share. ``topic`` has three groups: the topic, spaces, the colon. ``unknown``
    is last but one: a word that is none of the above is not in the language.
    """
    p, before, after = patterns(), WORD_EDGE_BEFORE, WORD_EDGE_AFTER
    return (
        ("comment", r"#.*$"),
        ("string", r'"[^"]*"'),
        ("mark", r"\([^()]*\)"),  # where a rule comes from: (common rule: …)
        ("declaration", rf"^(?:{alternation(DECLARATIONS)}){after}"),
        ("topic", rf"^({alternation(TOPIC_SPELLINGS)})([ \t]*)(:)"),
        ("card", rf"(?<!\w)(?:{p['CARD']})"),
        ("rank", rf"(?<!\w)(?:{p['RANKS']}){after}"),
        ("number", rf"(?<!\w)(?:{p['NUMBER']})"),
        ("rank", rf"(?<!\w)(?:{p['RANK']})"),
        ("word", rf"{before}(?:{p['PARTNERS']}){after}"),
        ("word", rf"{before}(?:{alternation(words())}){after}"),
        ("operator", r"<=|[<=+-]"),
        ("punctuation", r"[:;,]"),
        ("unknown", r"[^\s#\";:,=<+]+"),
    )
