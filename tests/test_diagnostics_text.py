"""What a diagnostic prints, whatever the file holds: line breaks of every kind, terminal
escape sequences, rich markup and emoji codes (issue 13 items 4 and 15)."""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec import cli
from rulespec.language.diagnostics import Diagnostic, line_of

GOOD = 'variant "x"\nplayers: 2\n'


def check(tmp_path, capsys, data: bytes | str, name: str = "x.rules") -> tuple[int, list[str]]:
    p = tmp_path / name
    p.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    code = cli.main(["check", str(p)])
    return code, capsys.readouterr().err.split("\n")


def located(lines: list[str], where: str) -> tuple[str, str, str]:
    """The head line holding ``where``, the source line and the caret line below it."""
    i = next(i for i, line in enumerate(lines) if where in line)
    return lines[i], lines[i + 1], lines[i + 2]


# ------------------------------------------------------------------ line breaks (item 15)

@pytest.mark.parametrize("newline", ["\r\n", "\r"], ids=["crlf", "lone-cr"])
def test_crlf_and_lone_cr_files_read_as_lines(tmp_path, capsys, newline):
    text = newline.join(['variant "x"', "# a comment", "players: 2", "bad line", ""])
    code, lines = check(tmp_path, capsys, text)
    assert code == 1
    head, src, caret = located(lines, "x.rules:4:1: error[E104]")
    assert src == "    bad line" and caret == "    ^^^"


@pytest.mark.parametrize("sep", ["\f", "\x85", "\u2028", "\u2029", "\v"], ids=["ff", "nel", "ls", "ps", "vt"])
def test_unicode_line_separators_are_ordinary_characters_everywhere(tmp_path, capsys, sep):
    """Lark breaks lines at \\n only; the line number, the line shown and the caret agree with it."""
    text = f"variant \"x\"\nplayers: 2\n# note{sep} still the comment\nbad line\n"
    code, lines = check(tmp_path, capsys, text)
    assert code == 1
    head, src, caret = located(lines, "x.rules:4:1: error[E104]")
    assert src == "    bad line" and caret == "    ^^^"


def test_a_separator_outside_a_comment_is_shown_where_it_is(tmp_path, capsys):
    code, lines = check(tmp_path, capsys, 'variant "x"\fplayers: 2\n')
    head, src, caret = located(lines, "x.rules:1:12: error[E101]")
    assert head.endswith("a form feed is not a line break in a rules file")
    assert src == '    variant "x"\\x0cplayers: 2'
    assert caret == "    " + " " * 11 + "^^^^"  # under the four characters `\x0c` stands as


def test_line_of_counts_lines_as_lark_does():
    text = "a\fb\x85c\u2028d\nsecond\n"
    assert line_of(text, 1) == "a\fb\x85c\u2028d" and line_of(text, 2) == "second" and line_of(text, 3) is None


def test_compile_text_reads_lone_cr_as_line_breaks():
    gin = (Path(__file__).resolve().parent.parent / "variants" / "gin.rules").read_text(encoding="utf-8")
    v = rulespec.compile_text(gin.replace("\n", "\r"), "gin.rules")
    assert v.name == "Gin Rummy"


# ------------------------------------------------------------------ escaping (item 4)

def test_escape_sequences_in_a_source_line_are_printed_visibly(tmp_path, capsys):
    code, lines = check(tmp_path, capsys, 'variant "x"\nplayers: \x1b]0;pwned\x07\x1b[2J 2\n')
    out = "\n".join(lines)
    assert "\x1b" not in out and "\x07" not in out
    head, src, caret = located(lines, "x.rules:2:10: error")
    assert src == "    players: \\x1b]0;pwned\\x07\\x1b[2J 2"
    assert caret.index("^") == src.index("\\x1b")


def test_markup_and_emoji_codes_print_as_written_and_line_100_stays_a_number(tmp_path, capsys):
    text = 'variant "x"\n' + "# filler\n" * 98 + "players: :x: [bold]big[/bold] :100:\n"
    code, lines = check(tmp_path, capsys, text)
    head, src, caret = located(lines, "x.rules:100:10: error")
    assert head.endswith("x.rules:100:10: error[E101]: `:` is not understood here")
    assert src == "    players: :x: [bold]big[/bold] :100:"
    assert "💯" not in "\n".join(lines) and "❌" not in "\n".join(lines)


def test_a_hint_and_message_with_escapes_are_made_visible():
    d = Diagnostic("E101", "`\x1b[31m` is odd", "f\x1b.rules", 1, 1, None, "try \x9b1m", "\x1b[31m")
    out = d.format()
    assert "\x1b" not in out and "\x9b" not in out
    assert out.split("\n")[0] == "f\\x1b.rules:1:1: error[E101]: `\\x1b[31m` is odd"
    assert out.split("\n")[-1] == "  hint: try \\x9b1m"


def test_a_long_source_line_is_cut_around_the_caret():
    src = "a" * 500 + "bad" + "b" * 500
    _, shown, caret = Diagnostic("E101", "m", "f", 1, 501, 504, None, src).format().split("\n")
    assert shown.startswith("    …") and shown.endswith("…") and len(shown) < 120
    assert shown[caret.index("^"):caret.index("^") + 3] == "bad" and caret.strip() == "^^^"


@pytest.mark.parametrize("char", ["\u202a", "\u202e", "\u2066", "\u2069", "\u200b", "\u200f", "\ufeff"])
def test_bidi_overrides_and_zero_width_characters_are_made_visible(char):
    """A right-to-left override or a zero-width space in a name would make the printed line
    read other than the file does (review item 3): it is shown as its escape."""
    from rulespec.terminal import visible

    assert visible(f"a{char}b") == f"a\\u{ord(char):04x}b"
    out = Diagnostic("E101", f"`x{char}y` is odd", "f.rules", 1, 1, None, f"try {char}", f"x{char}y").format()
    assert char not in out and f"\\u{ord(char):04x}" in out
