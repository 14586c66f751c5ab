"""The TextMate grammar for ``.rules`` files (VS Code and every editor that reads TextMate
grammars), written from the same token patterns as the Pygments lexer.

``python editors/vscode/build.py`` writes it to
``editors/vscode/syntaxes/rules.tmLanguage.json``; ``tests/test_editors.py`` checks that
the committed file is what this module writes today, so it follows the Lark grammar.
"""

from __future__ import annotations

import json

from .language.vocabulary import token_patterns

SCOPE = "source.rules"
# TextMate scope names: the conventional ones, so every colour theme knows them.
SCOPES = {
    "comment": "comment.line.number-sign.rules",
    "string": "string.quoted.double.rules",
    "mark": "comment.block.provenance.rules",
    "declaration": "keyword.control.declaration.rules",
    "card": "constant.language.card.rules",
    "rank": "constant.language.rank.rules",
    "number": "constant.numeric.rules",
    "word": "keyword.other.rules",
    "operator": "keyword.operator.rules",
    "punctuation": "punctuation.separator.rules",
    "unknown": "invalid.illegal.unknown-word.rules",
}
TOPIC_CAPTURES = {"1": {"name": "entity.name.section.topic.rules"},
                  "3": {"name": "punctuation.separator.topic.rules"}}


def grammar() -> dict:
    patterns = []
    for kind, regex in token_patterns():
        if kind == "topic":
            patterns.append({"match": regex, "captures": TOPIC_CAPTURES})
        else:
            patterns.append({"match": regex, "name": SCOPES[kind]})
    return {
        "$schema": "https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json",
        "name": "rulespec rules",
        "scopeName": SCOPE,
        "fileTypes": ["rules"],
        "comment": "Written by rulespec/textmate.py from the Lark grammar's words; "
                   "do not edit by hand.",
        "patterns": patterns,
    }


def grammar_json() -> str:
    return json.dumps(grammar(), indent=2, ensure_ascii=False) + "\n"

