"""A Pygments lexer for ``.rules`` files, so the site colours every ```` ```rules ```` block.

Registered under the ``pygments.lexers`` entry point (pyproject.toml), which is how
Pygments, and so MkDocs' code highlighting, finds it by the name ``rules``. Its words come
from the grammar (:mod:`rulespec.language.vocabulary`): a topic at the left margin, the
language's fixed words, cards, ranks and numbers; anything else is marked as an error, as
the compiler would report it.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups
from pygments.token import (Comment, Error, Keyword, Name, Number, Operator, Punctuation, String,
                            Whitespace)

from .language.vocabulary import token_patterns

TOKENS = {
    "comment": Comment.Single, "string": String.Double, "declaration": Keyword.Declaration,
    "topic": bygroups(Keyword, Whitespace, Punctuation),
    "card": String.Symbol, "rank": String.Symbol, "number": Number, "word": Name.Builtin,
    "operator": Operator, "punctuation": Punctuation, "unknown": Error, "mark": Comment.Special,
}


class RulesLexer(RegexLexer):
    """Rummy variant files written in the rulespec rule language."""

    name = "rulespec rules"
    aliases = ["rules", "rulespec"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-rulespec"]
    tokens = {"root": [(pattern, TOKENS[kind]) for kind, pattern in token_patterns()]
              + [(r"\s+", Whitespace)]}
