"""Text → parse tree, with syntax errors turned into diagnostics people can read."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ..memo import cached
from .diagnostics import Diagnostic, SpecError, line_of, stopped_after, suggest
from .parser_cache import cache_file

_HERE = Path(__file__).resolve().parent.parent
# Installed wheels carry the grammar inside the package; a source checkout has it at the top.
GRAMMAR_CANDIDATES = (_HERE / "grammars" / "rulespec.lark", _HERE.parent / "grammars" / "rulespec.lark")

# Section names a statement can start with (for "did you mean" on a misspelt topic).
TOPICS = (
    "variant", "extends", "players", "partners", "deck", "aces", "values", "opening values",
    "wild", "replace wilds", "melds", "deal", "upcard", "draw", "push", "may i", "melding",
    "lay off", "discard", "going out", "opening", "knock", "gin", "show", "drops", "stock",
    "scoring", "game", "terms", "not enforced",
    "seating", "table", "special hands",
)

# How the grammar's token names read to a person.
_TOKEN_WORDS = {
    "NUMBER": "a number", "RANK": "a rank (A, 2-10, J, Q, K)", "RANKS": "a rank in the plural (2s, aces)",
    "CARD": "a card (7S, 10♦)", "STRING": 'a name in quotes ("Gin Rummy")', "_NL": "the end of the line",
"ROLE": "dealer or non-dealer", "COLOUR": "red or black",
    "MELD_KIND": "sets or runs", "PARTNERS": "partner's", "$END": "the end of the file",
    "MARK": "a marker such as (common rule)",
}


# Characters some editors break lines at; in a rules file only \n (CRLF, CR) does, as in Lark.
_NOT_LINE_BREAKS = {"\f": "a form feed", "\v": "a vertical tab", "\x85": "a NEL (next line) character",
                    "\u2028": "a Unicode line separator", "\u2029": "a Unicode paragraph separator"}


@cached(1)
def grammar_path() -> Path:
    for p in GRAMMAR_CANDIDATES:
        if p.exists():
            return p
    raise FileNotFoundError("rulespec.lark not found next to the package")  # a broken install


@cached(1)
def parser() -> Lark:
    """The LALR parser, built once per process; its tables are kept (keyed by a hash of the
    grammar) only in the user's own cache folder, never in a shared one (see parser_cache)."""
    return Lark(
        grammar_path().read_text(encoding="utf-8"),
        parser="lalr",
        cache=cache_file(),
        lexer="contextual",
        propagate_positions=True,
        maybe_placeholders=False,
    )


def _words_for(terminals) -> list[str]:
    """What the expected terminals look like as words."""
    lark = parser()
    out = []
    for name in sorted(terminals):
        if name in _TOKEN_WORDS:
            out.append(_TOKEN_WORDS[name])
            continue
        try:
            pattern = lark.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            out.append(pattern.value)
        elif name.startswith("_") and "|" in pattern.value:
            out.extend(w.replace("\\s+", " ")  # `wild\s+cards` reads "wild cards"
                       for w in re.findall(r"[a-z][a-z']+(?:\\s\+[a-z]+)*", pattern.value))
    return sorted(set(out), key=lambda w: (w.startswith("a ") or w.startswith("the "), w))


def _word_at(text: str, pos: int) -> tuple[int, str]:
    """The start and text of the whole word at ``pos``, also when the lexer stopped inside
    it (the ``est`` of ``lowest``)."""
    while 0 < pos < len(text) and (text[pos - 1].isalnum() or text[pos - 1] in "'-") and text[pos].isalnum():
        pos -= 1
    m = re.compile(r"[^\s;,:=]+").match(text, pos)
    return pos, (m.group(0) if m else text[pos : pos + 1])


@cached(1)
def keywords() -> tuple[str, ...]:
    """Every fixed word of the language."""
    return tuple(sorted({t.pattern.value for t in parser().terminals
                         if t.pattern.type == "str" and t.pattern.value.isalpha()}))


def syntax_diagnostic(text: str, err: UnexpectedInput, filename: str) -> Diagnostic:
    """One clear sentence for a parse failure, with a hint where a close word exists."""
    line, col = getattr(err, "line", 1) or 1, getattr(err, "column", 1) or 1
    if isinstance(err, UnexpectedEOF) or (isinstance(err, UnexpectedToken) and err.token.type == "$END"):
        last = text.rstrip().split("\n")
        line, col = len(last), len(last[-1]) + 1
        expected = err.expected
        return Diagnostic(
            "E102", "the file ends in the middle of a rule", filename, line, col,
            hint=_expect_hint(expected), source_line=line_of(text, line),
        )
    nested = _marker_with_brackets(text, line, col, filename)
    if nested is not None:
        return nested
    if isinstance(err, UnexpectedCharacters):
        expected = err.allowed or set()
        breaks = _NOT_LINE_BREAKS.get(text[err.pos_in_stream : err.pos_in_stream + 1])
        if breaks:
            return Diagnostic("E101", f"{breaks} is not a line break in a rules file", filename, line, col, col + 1,
                              "end the line with an ordinary line break (Enter)", line_of(text, line))
        start, word = _word_at(text, err.pos_in_stream)
        if start < err.pos_in_stream:  # the lexer read a keyword that is only the word's start
            col -= err.pos_in_stream - start
            known = word in keywords()
            guess = text[start : err.pos_in_stream] if known else suggest(word, keywords())
            what = "does not belong here" if known else "is not a word the rules know"
            return Diagnostic("E101", f"`{word}` {what}", filename, line, col,
                              col + len(word), f"did you mean `{guess}`?" if guess else _expect_hint(expected),
                              line_of(text, line))
    else:
        assert isinstance(err, UnexpectedToken)
        expected = err.accepts or err.expected
        tok: Token = err.token
        if tok.type in ("_NL", "_CONT"):
            src = line_of(text, tok.line) or ""
            return Diagnostic(
                "E103", "this rule stops before it is complete", filename, tok.line,
                len(src.rstrip()) + 1, hint=_expect_hint(expected), source_line=src,
            )
        start, word = _word_at(text, tok.start_pos)
        glued = text[start:tok.start_pos]
        if start < tok.start_pos and glued in TOPICS and col - len(glued) == 1:
            # a word that starts with a topic (`dealer rotates left` read as `deal` + `er`)
            return Diagnostic("E104", f"`{word}` does not start a rule", filename, line, 1,
                              1 + len(word), f"did you mean `{glued}:`?", line_of(text, line))
    src = line_of(text, line) or ""
    at_statement_start = "DECK" in expected and "SCORING" in expected
    if at_statement_start:
        guess = suggest(word.rstrip(":"), TOPICS)
        msg = f"`{word}` does not start a rule"
        colon = "" if guess in ("variant", "extends") else ":"
        hint = f"did you mean `{guess}{colon}`?" if guess else "a rule starts with a topic such as `deck:` or `scoring:`"
        return Diagnostic("E104", msg, filename, line, col, col + len(word), hint, src)
    first_word = src[:1] in " \t" and col == len(src) - len(src.lstrip()) + 1
    if first_word and word.rstrip(":") in TOPICS and src.lstrip().startswith(word.rstrip(":") + ":") is not None \
            and re.match(r"\s+[a-z ]+:", src):
        return Diagnostic("E106", f"`{word.rstrip(':')}:` is indented, so it reads as part of the rule above",
                          filename, line, col, col + len(word.rstrip(":")),
                          "start a new topic at the left margin; indent only the lines that continue a topic", src)
    words = _words_for(expected)
    if ":" in words and len(words) == 1:
        before = src[: col - 1].strip()
        if before in TOPICS:
            return Diagnostic("E105", f"expected `:` after the topic, found `{word}`", filename, line, col,
                              col + len(word), f"write the topic, a colon, then its rules: `{before}: …`", src)
        return Diagnostic("E105", f"a `:` is missing before `{word}`", filename, line, col, col + len(word),
                          f"write `{before.split(';')[-1].strip()}: {word} …`" if before else None, src)
    plain = [w for w in words if not w.startswith("a ") and " " not in w]
    guess = suggest(word, plain) if word.isalpha() or "-" in word else None
    if guess is None and word.lower() != word and word.lower() in plain:
        guess = word.lower()
    hint = f"did you mean `{guess}`?" if guess else _expect_hint(expected)
    return Diagnostic("E101", f"`{word}` is not understood here", filename, line, col,
                      col + len(word), hint, line_of(text, line))


_MARKER_START = re.compile(r"\((?:source|common rule|house choice|sources differ|nearest rule)\b[^()\n]*\(")


def _marker_with_brackets(text: str, line: int, col: int, filename: str) -> Diagnostic | None:
    """A marker whose note holds a bracket (``(source: "a (b) c")``) ends at the inner
    ``)``, so the parser stops at the marker; say so, rather than that ``(source`` is not
    understood."""
    src = line_of(text, line) or ""
    if not _MARKER_START.match(src, col - 1):
        return None
    return Diagnostic("E101", "a marker's note may not hold brackets: the first `)` ends the marker",
                      filename, line, col, len(src.rstrip()) + 1,
                      "write the note without `(` and `)`, e.g. with dashes or a comma", src)


def _expect_hint(expected) -> str | None:
    words = _words_for(expected)
    if not words:
        return None
    shown = ", ".join(f"`{w}`" if not w.startswith("a ") and not w.startswith("the ") else w for w in words[:8])
    more = " …" if len(words) > 8 else ""
    return f"expected {shown}{more}"


MAX_SYNTAX_ERRORS = 20


def _next_statement(text: str, line: int) -> int | None:
    """The offset in ``text`` of the first line after ``line`` that starts a statement (at
    the left margin, not a comment), or None: where parsing can start again after an error."""
    pos = 0
    for _ in range(line):  # to the start of the line after ``line``
        pos = text.find("\n", pos) + 1
        if pos == 0:
            return None
    while pos < len(text):
        if text[pos] not in " \t\n#":
            return pos
        nl = text.find("\n", pos)
        if nl < 0:
            return None
        pos = nl + 1
    return None


def parse_tree(text: str, filename: str = "<text>") -> Tree:
    """Parse variant text. On a syntax error the failing statement is set aside and parsing
    starts again at the next statement, so one :class:`SpecError` reports every syntax error
    in the file. Statements are independent, so what parsed before an error needs no second
    look: each error costs only the text after it, and the whole run stays linear."""
    try:
        return parser().parse(text)
    except UnexpectedInput as err:
        first = err
    diags: list[Diagnostic] = []
    rest, offset, err = text, 0, first  # ``rest`` is text[...] from line ``offset + 1`` on
    while True:
        diag = syntax_diagnostic(rest, err, filename)
        diags.append(dataclasses.replace(diag, line=diag.line + offset))
        cut = _next_statement(rest, diag.line)
        if cut is None:
            break
        offset += rest.count("\n", 0, cut)
        if len(diags) >= MAX_SYNTAX_ERRORS:
            diags.append(stopped_after(f"{MAX_SYNTAX_ERRORS} syntax errors", filename, offset + 1))
            break
        rest = rest[cut:]
        try:
            parser().parse(rest)
            break
        except UnexpectedInput as e:
            err = e
    raise SpecError(diags)
