"""What the language server knows about a rule file, without any editor protocol.

Every answer comes from the compiler and the grammar the ``check`` command uses:
diagnostics from :class:`~rulespec.language.compiler.Compiler` (so an edit shows exactly
what ``rulespec check`` would say), completions from what the LALR parser accepts at the
cursor, hover text from the language reference. Lines and columns here are 0-based and
count characters; :mod:`rulespec.lsp.server` converts them for the editor.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lark import Token, Tree
from lark.exceptions import LarkError

from ..language.compiler import (MAX_EXTENDS_DEPTH, MAX_FILE_BYTES, Compiler, display_name,
                                 find_parent)
from ..language.files import read_bounded
from ..language.diagnostics import Diagnostic, SpecError
from ..language.parser import TOPICS, parser
from ..language.vocabulary import DECLARATIONS, OTHER_SPELLINGS, PATTERN_TERMINALS
from . import reference

_EXTENDS = re.compile(r'^extends\s+"([^"\n]*)"', re.M)
_HINT_FIX = re.compile(r"did you mean `([^`]+)`\?")
# Terminals that are layout or punctuation, never offered as completions.
_NOT_OFFERED = {"_NL", "_CONT", "$END", "COLON", "SEMICOLON", "COMMA", "STRING"}
MAX_PHRASE_WORDS = 8


# ---------------------------------------------------------------- diagnostics


def diagnose(text: str, path: Path) -> list[Diagnostic]:
    """Every diagnostic ``rulespec check`` gives for ``text`` saved at ``path``, the parent
    files' included (they carry their own ``file``)."""
    shown = display_name(path)
    if len(text.encode("utf-8", "replace")) > MAX_FILE_BYTES:
        return [Diagnostic("E402", f"the file is larger than {MAX_FILE_BYTES // 1024} KiB", shown,
                           hint="a variant file holds a page of rules")]
    try:
        return list(Compiler().compile_text(text, shown, path.parent).warnings)
    except SpecError as e:
        return e.diagnostics


def ancestors(text: str, path: Path) -> list[Path]:
    """The files ``text`` extends, nearest first (stops at a missing file or a circle)."""
    found: list[Path] = []
    while len(found) < MAX_EXTENDS_DEPTH and (m := _EXTENDS.search(text)):
        parent = find_parent(m.group(1), path.parent).path
        if parent is None or parent.resolve() in {p.resolve() for p in (path, *found)}:
            break
        found.append(parent)
        path = parent
        try:
            text = read_bounded(parent, MAX_FILE_BYTES).decode("utf-8")
        except (OSError, ValueError):  # unreadable, too large, not a regular file, not UTF-8
            break
    return found


@dataclass(frozen=True)
class Fix:
    """A quick fix: replace columns ``start``-``end`` of ``line`` with ``text``."""

    line: int
    start: int
    end: int
    text: str


def word_end(line_text: str, start: int) -> int:
    m = re.compile(r"[^\s;,:=]+").match(line_text, start)
    return m.end() if m else min(len(line_text), start + 1)


def quick_fix(d: Diagnostic, line_text: str) -> Fix | None:
    """The edit a "did you mean `x`?" hint proposes, or None."""
    m = _HINT_FIX.fullmatch(d.hint or "")
    if not m:
        return None
    start = d.column - 1
    end = (d.end_column - 1) if d.end_column else word_end(line_text, start)
    new = m.group(1)
    if line_text[start:end].startswith('"'):  # a parent's name in quotes
        new = f'"{new}"'
    if new.endswith(":") and line_text[end:].lstrip().startswith(":"):
        new = new[:-1]
    return Fix(d.line - 1, start, end, new)


# ---------------------------------------------------------------- statements


def statement_start(lines: list[str], line: int) -> int:
    """The line a statement holding ``line`` starts on (continuations are indented)."""
    while line > 0 and (not lines[line].strip() or lines[line][:1] in " \t"
                        or lines[line].lstrip().startswith("#")):
        line -= 1
    return line


def statement_end(lines: list[str], start: int) -> int:
    """One past the last line of the statement starting at ``start``."""
    end = start + 1
    while end < len(lines) and (not lines[end].strip() or lines[end][:1] in " \t"
                                or lines[end].lstrip().startswith("#")):
        end += 1
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end


@dataclass(frozen=True)
class Topic:
    name: str  # as written: `deck`, `lay off`, `variant`
    line: int  # where the statement starts
    end_line: int  # its last line
    end_column: int


def topics(text: str) -> list[Topic]:
    """The statements of a file (for document symbols), found by layout alone so that a
    file with errors still has its outline."""
    lines = text.split("\n")
    found = []
    for i, line in enumerate(lines):
        if not line[:1].strip() or line.startswith("#"):
            continue
        m = re.match(r"(variant|extends)\b|([^:#\"]+?)\s*:", line)
        if not m:
            continue
        end = statement_end(lines, i)
        found.append(Topic(m.group(1) or m.group(2), i, end - 1, len(lines[end - 1])))
    return found


# ---------------------------------------------------------------- completion


@dataclass(frozen=True)
class Completion:
    label: str
    kind: str  # "topic" or "phrase"
    detail: str = ""


def _prefix_for_parser(lines: list[str], start: int, line: int, before: str) -> str:
    """The statement up to the cursor, as the parser can read it: comments out, and an
    indented new line (which the grammar reads only ahead of a word) as `;`."""
    text = "\n".join([*lines[start:line], before])
    text = re.sub(r"#[^\n]*", "", text)
    stripped = text.rstrip()
    if stripped != text and "\n" in text[len(stripped):] and not stripped.endswith((":", ";", ",")):
        return stripped + " ;"
    return stripped + (" " if stripped != text else "")


def _samples(pattern: str) -> list[str]:
    """The words a terminal's regular expression accepts, where they are few and plain."""
    out = []
    for alt in pattern.split("|"):
        alt = re.sub(r"\([^()]*\)\?|\(\?[!=<]+[^)]*\)|\\b|\(\?:|[()]", "", alt)
        alt = alt.replace(r"\s+", " ").replace("\\-", "-")
        for cand in {alt.replace("?", ""), re.sub(r".\?", "", alt)}:
            if re.fullmatch(r"[a-z' -]+", cand) and re.fullmatch(pattern, cand):
                out.append(cand)
    return sorted(set(out))


def _words_for(name: str) -> list[str]:
    if name in _NOT_OFFERED or name in PATTERN_TERMINALS:
        return []
    pattern = parser().get_terminal(name).pattern
    if pattern.type == "str":
        return [pattern.value] if re.fullmatch(r"[A-Za-z][A-Za-z'-]*", pattern.value) else []
    return _samples(pattern.value)


def _phrase(ip, name: str, word: str) -> str:
    """``word`` and the words that must follow it, as far as the grammar has no choice."""
    ip = ip.copy()
    words = [word]
    try:
        ip.feed_token(Token(name, word))
        while len(words) < MAX_PHRASE_WORDS:
            nxt = [t for t in ip.accepts() if t not in ("_CONT",)]
            if len(nxt) != 1 or not (choices := _words_for(nxt[0])) or len(choices) != 1:
                break
            words.append(choices[0])
            ip.feed_token(Token(nxt[0], choices[0]))
    except LarkError:
        pass
    return " ".join(words)


def complete(text: str, line: int, column: int) -> list[Completion]:
    """What may be written at the cursor: a topic at the left margin, else each word the
    parser accepts there, lengthened into the phrase it must begin."""
    lines = text.split("\n")
    if line >= len(lines) or len(text) > MAX_FILE_BYTES:
        return []
    cur = lines[line][:column]
    partial = re.search(r"[\w'’-]*$", cur).group(0)
    before = cur[: len(cur) - len(partial)]
    start = statement_start(lines, line)
    if before == "" and not lines[line][:1].isspace():  # the left margin: a new statement
        return [Completion(f"{t}:" if t not in DECLARATIONS else t, "topic",
                           reference.topic_title(t)) for t in TOPICS]
    try:
        ip = parser().parse_interactive(_prefix_for_parser(lines, start, line, before))
        ip.exhaust_lexer()
        accepted = ip.accepts()
    except LarkError:
        return []
    found = {}
    for name in sorted(accepted):
        for word in _words_for(name):
            label = _phrase(ip, name, word) if " " not in word else word
            found.setdefault(label, Completion(label, "phrase"))
    return sorted(found.values(), key=lambda c: c.label)


# ---------------------------------------------------------------- hover


def _contains(meta, line: int, column: int) -> bool:
    if getattr(meta, "empty", True):
        return False
    return (meta.line, meta.column) <= (line, column) < (meta.end_line, meta.end_column)


def hover(text: str, line: int, column: int) -> str | None:
    """Markdown from the language reference for the topic or clause under the cursor."""
    lines = text.split("\n")
    if line >= len(lines) or len(text) > MAX_FILE_BYTES or not lines[line].strip() \
            or lines[line].lstrip().startswith("#"):
        return None
    start = statement_start(lines, line)
    end = statement_end(lines, start)
    topic = next((t for t in topics(text) if t.line == start), None)
    if topic is None:
        return None
    ends_at = ":" if topic.name not in DECLARATIONS else " "
    on_topic = line == start and column <= lines[start].find(ends_at)
    if not on_topic:
        try:
            tree = parser().parse("\n".join(lines[start:end]))
        except LarkError:
            tree = None
        if tree is not None:
            for stmt in tree.children:
                for clause in stmt.children if isinstance(stmt, Tree) else ():
                    if isinstance(clause, Tree) and _contains(clause.meta, line - start + 1,
                                                              column + 1):
                        doc = reference.clause(clause.data)
                        if doc:
                            return doc
    return reference.topic(OTHER_SPELLINGS.get(topic.name, topic.name))


# ---------------------------------------------------------------- extends


def extends_target(text: str, path: Path, line: int) -> Path | None:
    """The parent file, when ``line`` is the ``extends`` line."""
    lines = text.split("\n")
    if line < len(lines) and _EXTENDS.match(lines[line]):
        return find_parent(_EXTENDS.match(lines[line]).group(1), path.parent).path
    return None


__all__ = ["Completion", "Fix", "Topic", "ancestors", "complete", "diagnose", "extends_target",
           "hover", "quick_fix", "topics"]
