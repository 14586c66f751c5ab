"""A Pygments lexer for ``.rules`` files, so the site colours every ```` ```rules ```` block.

Registered under the ``pygments.lexers`` entry point (pyproject.toml), which is how
Pygments, and so MkDocs' code highlighting, finds it by the name ``rules``. Its words come
from the grammar (:mod:`rulespec.language.vocabulary`): a topic at the left margin, the
language's fixed words, cards, ranks and numbers; anything else is marked as an error, as
the compiler would report it.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, bygroups
from pygments.token import Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

from .language import vocabulary as voc

_B, _A = voc.WORD_EDGE_BEFORE, voc.WORD_EDGE_AFTER


def _token_rules() -> list:
    p = voc.patterns()
    return [
        (r"#[^\n]*", Comment.Single),
        (r'"[^"\n]*"', String.Double),
        (rf"^({voc.alternation(voc.DECLARATIONS)}){_A}", Keyword.Declaration),
        (rf"^({voc.alternation(voc.TOPIC_SPELLINGS)})([ \t]*)(:)", bygroups(Keyword, Whitespace, Punctuation)),
        (rf"(?<!\w)(?:{p['CARD']})", String.Symbol),
        (rf"(?<!\w)(?:{p['RANKS']}){_A}", String.Symbol),
        (rf"(?<!\w)(?:{p['NUMBER']})", Number),
        (rf"(?<!\w)(?:{p['RANK']})", String.Symbol),
        (rf"{_B}(?:{p['PARTNERS']}){_A}", Name.Builtin),
        (rf"{_B}(?:{voc.alternation(voc.words())}){_A}", Name.Builtin),
        (r"<=|[<=+-]", Operator),
        (r"[:;,]", Punctuation),
        (r"\s+", Whitespace),
        (r"[^\s#\";:,=<+]+", Error),  # a word the rules do not know
        (r".", Text),
    ]


class RulesLexer(RegexLexer):
    """Rummy variant files written in the rulespec rule language."""

    name = "rulespec rules"
    aliases = ["rules", "rulespec"]
    filenames = ["*.rules"]
    mimetypes = ["text/x-rulespec"]
    tokens = {"root": _token_rules()}

