"""Bad input of every kind, and the diagnostic it must give.

Each case is a small edit of a valid variant text. The expected place is worked out by
hand from the text and written as (line, column, anchor): the anchor is the text that must
start at that column of that line, so the table checks itself; the caret has to be under
the clause that is wrong, not merely somewhere on its line.

Cases marked xfail(strict=True) are diagnostics that are wrong, unclear or in the wrong
place today; the test states the right behaviour and the reason says what is wrong.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest

import rulespec
from rulespec.language import checks
from rulespec.language.compiler import MAX_EXTENDS_DEPTH, Compiler

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"

# Line numbers are part of the expectations below: do not reflow these texts.
BASE = '''variant "Test"
players: 2-6
deck:    1 pack, no jokers
aces:    low
values:  A = 1; 2-10 = face value; J Q K = 10
melds:   sets of 3-4 cards of the same rank in different suits
         runs of 3+ cards in the same suit
deal:    10 cards each for 2 players
         7 cards each for 3-4 players
         6 cards each for 5-6 players
upcard:  turned up to start the discard pile
draw:    from the stock or the discard pile
going out: with or without final discard
stock:   turn the discard pile over without shuffling
scoring: winner collects value of other hands; count all cards
game:    to 100 points; highest wins
'''

GIN = '''variant "Gin"
players: 2
deck:    1 pack, no jokers
values:  A = 1; 2-10 = face value; J Q K = 10
melds:   sets of 3-4 cards of the same rank in different suits
         runs of 3+ cards in the same suit
         kept in hand until the hand ends
deal:    10 cards each
upcard:  turned up to start the discard pile
         offered to the non-dealer, then the dealer
draw:    from the stock or the discard pile
going out: not allowed
knock:   with deadwood under 10
         defender lays off unless gin
gin:     with no deadwood
         big gin without discard
scoring: knock = deadwood difference
         undercut = difference + 10; ties go to the defender
         gin = opponent deadwood + 30
         big gin = opponent deadwood + 50
         count unmatched cards
game:    to 100 points; highest wins
'''

INDIAN = '''variant "Indian"
players: 2-6
deck:    2 packs, 1 joker per pack
values:  A J Q K = 10; 2-10 = face value; jokers = 0; wild cards = 0
wild:    printed jokers; cut card; cut joker makes aces wild
melds:   sets of 3-4 cards of the same rank in different suits
         sequences of 3+ cards in the same suit; kept in hand until the hand ends
deal:    13 cards each
draw:    from the stock or the discard pile
going out: not allowed
show:    whole hand in melds; at least 2 sequences; at least 1 pure sequence
drops:   first drop 20 points; middle drop 40 points
stock:   shuffle the discard pile into a new stock
scoring: losers score penalty points; capped at 80; wrong show = 80
game:    1 deal; lowest wins
'''


OWNER = "scoring: melds score for whoever laid them; count all cards"  # 500 Rum's scoring


def edit(old: str, new: str, text: str = BASE) -> str:
    """``text`` with its one occurrence of ``old`` replaced."""
    assert text.count(old) == 1, f"{old!r} must occur once"
    return text.replace(old, new)


# BASE with two jokers that have a value (lines unchanged), for the wild-card cases.
JOKERS = edit("J Q K = 10", "J Q K = 10; jokers = 15", edit("1 pack, no jokers", "1 pack, 2 jokers"))
DEALS = ("deal:    10 cards each for 2 players\n         7 cards each for 3-4 players\n"
         "         6 cards each for 5-6 players\n")


def compile_diagnostics(text: str, name: str = "x.rules", base_dir=None) -> tuple[list, bool]:
    """(diagnostics, compiled): the errors of a failed compile, or the warnings of a good one."""
    try:
        v = rulespec.compile_text(text, name=name, base_dir=base_dir)
    except rulespec.SpecError as e:
        return e.diagnostics, False
    return list(v.warnings), True


def assert_reported(diags, code, line, column, anchor=None, text=None, hint=None, file=None):
    """The first diagnostic with ``code`` is at ``line``:``column``, under ``anchor``."""
    shown = "\n".join(d.format() for d in diags) or "(no diagnostics)"
    found = [d for d in diags if d.code == code]
    assert found, f"expected {code} at {line}:{column}, got:\n{shown}"
    d = found[0]
    assert (d.code, d.line, d.column) == (code, line, column), shown
    if file is not None:
        assert d.file.endswith(file), d.file
    if text is not None:
        lines = text.splitlines()
        src = lines[line - 1] if line <= len(lines) else None
        assert d.source_line == src
        if anchor is not None:  # the table's own column is right
            assert src is not None and src[column - 1:].startswith(anchor), (src, column, anchor)
    if hint is not None:
        assert d.hint == hint, d.format()
    return d


class Case(NamedTuple):
    id: str
    text: str
    code: str
    line: int
    column: int
    anchor: str
    hint: str | None = None


def params(cases: list) -> list:
    """Cases as pytest parameters named by their ids (an ``xfail`` case is one already)."""
    return [pytest.param(*c, id=c.id) if isinstance(c, Case) else c for c in cases]


def xfail(case: Case, reason: str):
    return pytest.param(*case, id=case.id, marks=pytest.mark.xfail(strict=True, reason=reason))


# ------------------------------------------------------------------ syntax (E101-E105)

SYNTAX = [
    Case("misspelt topic gets a did-you-mean hint", edit("deck:    1 pack", "dekc:    1 pack"),
         "E104", 3, 1, "dekc", "did you mean `deck:`?"),
    Case("misspelt scoring topic", edit("scoring: winner", "scorng: winner"),
         "E104", 15, 1, "scorng", "did you mean `scoring:`?"),
    Case("unknown topic says how a rule starts", edit("aces:    low", "frobnicate: low"),
         "E104", 4, 1, "frobnicate", "a rule starts with a topic such as `deck:` or `scoring:`"),
    Case("a word that starts with a topic (the Double Rum trial's `dealer rotates left`)",
         BASE + "dealer rotates left\n", "E104", 17, 1, "dealer", "did you mean `deal:`?"),
    Case("capitalised topic", edit("aces:    low", "Aces:    low"), "E104", 4, 1, "Aces", "did you mean `aces:`?"),
    Case("misspelt keyword inside a clause", edit("turned up", "turnd up"),
         "E101", 11, 10, "turnd", "did you mean `turned`?"),
    Case("misspelt keyword after a semicolon", edit("highest wins", "higest wins"),
         "E101", 16, 25, "higest", "did you mean `highest`?"),
    Case("capitalised keyword", edit("aces:    low", "aces:    Low"), "E101", 4, 10, "Low", "did you mean `low`?"),
    Case("accented keyword", edit("aces:    low", "aces:    lów"), "E101", 4, 10, "lów", "did you mean `low`?"),
    Case("misspelt second word of a two-word topic", edit("going out", "lay of: onto any meld\ngoing out"),
         "E101", 13, 5, "of", "did you mean `off`?"),
    Case("misspelt word in a continuation line", edit("runs of 3+", "rnus of 3+"), "E101", 7, 10, "rnus"),
    Case("missing colon after the topic", edit("aces:    low", "aces    low"), "E105", 4, 9, "low",
         "write the topic, a colon, then its rules: `aces: …`"),
    Case("missing colon before a number", edit("deal:    10", "deal    10"), "E105", 8, 9, "10"),
    Case("missing colon after a two-word topic", edit("going out: with", "going out with"),
         "E105", 13, 11, "with"),
    Case("missing colon after round number of a contract",
         edit("going out", "opening: round 1 2 sets of 3\ngoing out"), "E105", 13, 18, "2 sets",
         "write `opening: round 1: 2 …`"),
    Case("clause cut short at the end of a line", edit("to 100 points; highest wins", "to 100"),
         "E103", 16, 16, "", "expected `points`"),
    Case("clause cut short after or", edit("from the stock or the discard pile", "from the stock or"),
         "E103", 12, 27, ""),
    Case("topic with nothing after it", BASE + "knock:\n", "E103", 17, 7, "",
         "expected `at`, `before`, `counts`, `defender`, `every`, `gin`, `melds`, `no` …"),
    Case("file ends in the middle of a clause", BASE + "knock:   with deadwood under", "E102", 17, 29, "",
         "expected a number"),
    Case("file ends right after a topic", BASE + "knock:", "E102", 17, 7, ""),
    Case("file ends after the word variant", "variant", "E102", 1, 8, ""),
    Case("stray at sign", edit("aces:    low", "aces:    low @"), "E101", 4, 14, "@"),
    Case("stray dollar after a range", edit("players: 2-6", "players: 2-6 $"), "E101", 2, 14, "$"),
    Case("doubled colon", edit("aces:    low", "aces:: low"), "E101", 4, 6, ":"),
    Case("semicolon before the first clause", edit("aces:    low", "aces: ; low"), "E101", 4, 7, ";"),
    Case("emoji instead of a word", edit("aces:    low", "aces:    🂡"), "E101", 4, 10, "🂡"),
    Case("NUL character in text", edit("aces:    low", "aces:    low\x00"), "E101", 4, 13, "\x00"),
    Case("indented topic is told to start at the left margin", edit("aces:    low", "  aces:    low"),
         "E106", 4, 3, "aces", "start a new topic at the left margin; indent only the lines that continue a topic"),
    Case("tab-indented topic", edit("aces:    low", "\taces:    low"), "E106", 4, 2, "aces"),
    Case("tab inside a line counts as one column", edit("aces:    low", "aces:\tlwo"), "E101", 4, 7, "lwo"),
    Case("CRLF line endings keep columns", edit("aces:    low", "aces:    lwo").replace("\n", "\r\n"),
         "E101", 4, 10, "lwo", "did you mean `low`?"),
    Case("card 1X where a wild is expected", BASE + "wild:    1X\n", "E101", 17, 10, "1X"),
    Case("card 1X among ranks", edit("J Q K = 10", "J Q 1X = 10"), "E101", 5, 40, "1X"),
    Case("card with a bad suit", edit("J Q K = 10", "J Q K = 10; 7X = 3"), "E101", 5, 48, "7X"),
    Case("numbers where ranks are needed", edit("J Q K = 10", "11 12 13 = 10"), "E101", 5, 36, "11"),
    Case("rank 1 instead of A", edit("A = 1;", "1 = 1;"), "E101", 5, 10, "1 = 1"),
    Case("rank where a number is needed", edit("10 cards each for 2", "K cards each for 2"), "E101", 8, 10, "K"),
    Case("plural of a non-rank", BASE + "wild:    11s\n", "E101", 17, 10, "11s"),
    Case("misspelt number word", edit("players: 2-6", "players: two to sxi"), "E101", 2, 17, "sxi",
         "expected a number"),
    Case("range with three numbers", edit("players: 2-6", "players: 2-6-8"), "E101", 2, 13, "-8"),
    Case("a clause of another topic", edit("aces:    low", "aces:    10 cards each"), "E101", 4, 10, "10"),
    Case("variant name without quotes", edit('variant "Test"', "variant Test"), "E101", 1, 9, "Test"),
    Case("variant name without closing quote", edit('variant "Test"', 'variant "Test'), "E101", 1, 9, '"Test'),
    Case("misspelt variant keyword", edit('variant "Test"', 'varient "Test"'), "E104", 1, 1, "varient"),
]

SYNTAX_HINTS = [
    Case("misspelt variant keyword suggests the keyword without a colon",
         edit('variant "Test"', 'varient "Test"'), "E104", 1, 1, "varient", "did you mean `variant`?"),
    Case("misspelt extends keyword suggests the keyword without a colon",
         edit("players: 2-6", 'extend "basic"\nplayers: 2-6'), "E104", 2, 1, "extend", "did you mean `extends`?"),
    Case("misspelt runs gets a did-you-mean runs hint", edit("runs of 3+", "ruins of 3+"),
         "E101", 7, 10, "ruins", "did you mean `runs`?"),
]


@pytest.mark.parametrize("id_,text,code,line,column,anchor,hint", params(SYNTAX + SYNTAX_HINTS))
def test_syntax_errors_point_at_the_word_that_is_wrong(id_, text, code, line, column, anchor, hint):
    diags, compiled = compile_diagnostics(text)
    assert not compiled
    assert len(diags) == 1, "a syntax error gives one diagnostic"
    assert_reported(diags, code, line, column, anchor, text.replace("\r\n", "\n"), hint)


def test_a_missing_colon_after_a_contract_round_does_not_talk_about_topics():
    diags, _ = compile_diagnostics(edit("going out", "opening: round 1 2 sets of 3\ngoing out"))
    assert "topic" not in diags[0].message and "deck" not in (diags[0].hint or "")


# ------------------------------------------------------------------ schema limits (E201)

SCHEMA = [
    Case("too many packs", edit("1 pack, no", "9 packs, no"), "E201", 3, 10, "9 packs"),
    Case("no packs", edit("1 pack, no", "0 packs, no"), "E201", 3, 10, "0 packs"),
    Case("too many jokers", edit("1 pack, no jokers", "1 pack, 17 jokers"), "E201", 3, 18, "17 jokers"),
    Case("too many pack rules", edit("1 pack, no jokers", ", ".join(f"1 pack for {i} players" for i in range(1, 14))
                                     + ", no jokers"), "E201", 3, 10, "1 pack for 1"),
    Case("too many players", edit("players: 2-6", "players: 2-13"), "E201", 2, 10, "2-13",
         "sizes are limited so that every variant stays quick to compile and play"),
    Case("zero players", edit("players: 2-6", "players: 0-6"), "E201", 2, 10, "0-6"),
    Case("no players rule", edit("players: 2-6\n", ""), "E202", 1, 1, "variant"),
    Case("too many teams", edit("players: 2-6", "players: 2-6\npartners: 7 teams of 2"), "E201", 3, 11, "7 teams"),
    Case("hand size too big", edit("10 cards each for 2", "61 cards each for 2"), "E201", 8, 10, "61 cards"),
    Case("hand size zero", edit("10 cards each for 2", "0 cards each for 2"), "E201", 8, 10, "0 cards"),
    Case("too many deal rules", edit(DEALS, "".join(f"{'deal:' if i == 1 else '':9}6 cards each in round {i}\n"
                                                    for i in range(1, 62))), "E201", 8, 10, "6 cards each in round 1"),
    Case("too many extra cards", edit("6 cards each for 5-6 players", "6 cards each for 5-6 players; "
                                      "11 extra cards to the starting player"), "E201", 10, 40, "11 extra"),
    Case("too many rounds", edit("to 100 points", "51 rounds"), "E201", 16, 10, "51 rounds"),
    Case("target score too high", edit("to 100 points", "to 100001 points"), "E201", 16, 10, "to 100001"),
    Case("elimination score too high", edit("to 100 points; highest wins", "players out at 100001 points; lowest wins"),
         "E201", 16, 10, "players out"),
    Case("set size too big", edit("sets of 3-4 cards", "sets of 41 cards"), "E201", 6, 10, "sets of 41"),
    Case("run size too big", edit("runs of 3+", "runs of 3-41"), "E201", 7, 10, "runs of 3-41"),
    Case("run of one card", edit("runs of 3+", "runs of 1+"), "E201", 7, 10, "runs of 1+"),
    Case("card value too high", edit("J Q K = 10", "J Q K = 10001"), "E201", 5, 36, "J Q K"),
    Case("rummy bonus too high", edit("count all cards", "count all cards; going rummy = +10001"),
         "E201", 15, 65, "going rummy"),
    Case("cap of zero", edit("count all cards", "count all cards; capped at 0"), "E201", 15, 65, "capped at 0"),
    Case("too many penalty cards for a claim", edit("draw:    from", "may i:   6 penalty cards\ndraw:    from"),
         "E201", 12, 10, "6 penalty"),
    Case("too many melds per turn", edit("draw:    from", "melding: 21 meld per turn\ndraw:    from"),
         "E201", 12, 10, "21 meld"),
    Case("stock limit too high", edit("stock:   turn", "stock:   exhausted when 21 cards remain; turn"),
         "E201", 14, 10, "exhausted"),
    Case("stock reused too often", edit("over without", "over up to 21 times without"), "E201", 14, 10, "turn the"),
    Case("too many wilds per meld", JOKERS + "wild:    jokers; at most 21 wilds per meld\n", "E201", 17, 18,
         "at most 21"),
    Case("show asks for too many sequences",
         edit("going out: with or without final discard", "show:    whole hand in melds; at least 11 sequences"),
         "E201", 13, 31, "at least 11"),
    Case("opening threshold too high", edit("going out", "opening: melds worth at least 1001\ngoing out"),
         "E201", 13, 10, "melds worth"),
    Case("opening threshold zero", edit("going out", "opening: melds worth at least 0\ngoing out"),
         "E201", 13, 10, "melds worth"),
    Case("contract round too high", edit("going out", "opening: round 51: 2 sets of 3\ngoing out"),
         "E201", 13, 10, "round 51"),
    Case("contract asks for too many melds", edit("going out", "opening: round 1: 11 sets of 3\ngoing out"),
         "E201", 13, 10, "round 1"),
    Case("contract meld size too big", edit("going out", "opening: round 1: 1 set of 41\ngoing out"),
         "E201", 13, 10, "round 1"),
    Case("drop penalty too high", edit("going out", "drops:   first drop 10001 points; middle drop 40 points\n"
                                       "going out"), "E201", 13, 10, "first drop 10001"),
    Case("too many missed turns", edit("going out", "drops:   first drop 20 points; middle drop 40 points; "
                                       "21 missed turns count as middle drop\ngoing out"), "E201", 13, 55, "21 missed"),
    Case("variant name too long", edit('"Test"', '"' + "x" * 121 + '"'), "E201", 1, 1, "variant"),
    Case("empty variant name", edit('"Test"', '""'), "E201", 1, 1, "variant"),
]

SCHEMA_MESSAGES = [
    Case("pack limit message is in the rule's words", edit("1 pack, no", "9 packs, no"), "E201", 3, 10,
         "9 packs"),
    Case("card value limit message gives the limit", edit("J Q K = 10", "J Q K = 10001"), "E201", 5,
         36, "J Q K"),
    Case("card value limit is reported once for one clause", edit("J Q K = 10", "J Q K = 10001"), "E201", 5,
         36, "J Q K"),
    Case("player limit is reported once", edit("players: 2-6", "players: 2-101"), "E201", 2, 10, "2-101"),
    Case("name length message gives the limit", edit('"Test"', '"' + "x" * 121 + '"'), "E201", 1, 1,
         "variant"),
]


@pytest.mark.parametrize("id_,text,code,line,column,anchor,hint", params(SCHEMA))
def test_schema_limits_point_at_the_clause_that_breaks_them(id_, text, code, line, column, anchor, hint):
    diags, compiled = compile_diagnostics(text)
    assert not compiled
    assert_reported(diags, code, line, column, anchor, text, hint)


_SCHEMA_MESSAGE_CHECKS = {
    "pack limit message is in the rule's words":
        lambda ds: ds[0].message == "the number of packs can be at most 8, not 9",
    "card value limit message gives the limit": lambda ds: "10000" in ds[0].message and "schemas" not in ds[0].message,
    "card value limit is reported once for one clause": lambda ds: len(ds) == 1,
    "player limit is reported once": lambda ds: len(ds) == 1,
    "name length message gives the limit": lambda ds: "120" in ds[0].message and "xxxx" not in ds[0].message,
}


@pytest.mark.parametrize("id_,text,code,line,column,anchor,hint", params(SCHEMA_MESSAGES))
def test_schema_messages_are_in_the_players_words(id_, text, code, line, column, anchor, hint):
    diags, _ = compile_diagnostics(text)
    assert_reported(diags, code, line, column, anchor, text, hint)
    assert _SCHEMA_MESSAGE_CHECKS[id_](diags), "\n".join(d.format() for d in diags)


# ------------------------------------------------------------------ transformer, builder and semantic checks

SEMANTIC = [
    # transformer
    Case("rank range written backwards", edit("2-10 = face value", "10-2 = face value"), "E150", 5, 17, "10-2",
         "write the low rank first: 2-10"),
    Case("court ranks written backwards", edit("J Q K = 10", "K-J = 10"), "E150", 5, 36, "K-J"),
    Case("jokers worth face value", edit("J Q K = 10", "J Q K = 10; jokers = face value"), "E151", 5, 57,
         "face value", "give them a number of points, e.g. `jokers = 20`"),
    Case("wild cards worth pips", edit("J Q K = 10", "J Q K = 10; wild cards = pips"), "E151", 5, 61, "pips"),
    Case("a term for the wrong kind of meld", BASE + "terms:   sets are called sequences\n", "E152", 17, 10,
         "sets are called", "write `runs are called sequences`"),
    Case("second term clause for the wrong kind", BASE + "terms:   sets are called groups; runs are called "
         "trios\n", "E152", 17, 34, "runs are called trios", "write `sets are called trios`"),
    Case("a set's word for a run, which is no run's word either", BASE + "terms:   runs are called groups\n",
         "E152", 17, 10, "runs are called groups", "a run can be called `run`, `sequence` or `straight`"),
    Case("a word the rulebook has no term for", BASE + 'terms:   the stok is called "closed deck"\n', "E370",
         17, 14, 'stok is called "closed deck"', "did you mean `stock`?"),
    Case("a term nobody could mistype into a known one", BASE + 'terms:   meeple is called "pawn"\n',
         "E370", 17, 10, 'meeple is called "pawn"', "the words a variant can rename are `stock`, "
         "`discard pile`, `card`, `cards`, `knock`, `gin`, `going out`, `going rummy`, `drop`, "
         "`show` or `second hand`"),
    Case("going out renamed as a plain verb", BASE + 'terms:   going out is called "declare"\n',
         "E371", 17, 10, 'going out is called "declare"',
         'write it as the page says it: `going out is called "going rummy"`'),
    Case("a marker that is not a provenance", edit("aces:    low", "aces:    low (hearsay)"), "E153", 4, 14,
         "(hearsay)", "write `(source)`, `(common rule)`, `(house choice)`, `(sources differ)` or `(nearest rule)`, with a note after a colon if you "
         "like: `(common rule: Hoyle)`"),
    Case("a special hand's count written backwards", BASE + "special hands: hand counting 50 or 49 "
         "when dealt, scores double\n", "E154", 17, 16, "hand counting 50 or 49",
         "write the low count first: 49 or 50"),
    Case("a value melded among opening values", BASE + "opening values: A = 11; 3 = 5 melded, "
         "100 in hand\n", "E356", 17, 29, "5 melded, 100 in hand",
         "give it one number, e.g. `3 = 5`"),
    # builder
    Case("same rule twice on one line", edit("aces:    low", "aces:    low; low"), "W301", 4, 15, "low",
         "remove one of the two"),
    Case("same rule on two lines", edit("aces:    low", "aces:    low\naces:    low"), "W301", 5, 10, "low"),
    Case("conflicting rules on two lines", edit("aces:    low", "aces:    low\naces:    high"), "E301", 5, 10, "high",
         "keep only one of the two (aces: mode)"),
    Case("conflicting rules on one line", edit("aces:    low", "aces:    low; high"), "E301", 4, 15, "high"),
    # compiler
    Case("file without a variant name", edit('variant "Test"\n', ""), "E304", 1, 1, "players",
         'start the file with a line such as `variant "Gin Rummy"`'),
    Case("comments only", "# nothing here\n", "E304", 1, 1, "#"),
    # players and deck
    Case("empty player range", edit("players: 2-6", "players: 6-2"), "E310", 2, 10, "6-2",
         "write the smaller number first"),
    Case("no hand size for some player counts", edit("         6 cards each for 5-6 players\n", ""), "E311", 8, 10,
         "10 cards each for 2"),
    Case("deck too small for the deal", edit(DEALS, "deal:    10 cards each\n"), "E312", 8, 10, "10 cards each"),
    Case("partnerships do not fit the players", edit("players: 2-6", "players: 2-6\npartners: 2 teams of 2"),
         "E313", 3, 11, "2 teams", "write `players: 4`, or `partners: 2 teams of 2 with 4 players` so that "
         "other counts play alone"),
    Case("pack count for only some player counts", edit("1 pack, no jokers", "2 packs for 4 players, no jokers"),
         "E314", 3, 10, "2 packs for 4"),
    # cards and melds
    Case("ranks without a value", edit("; J Q K = 10", ""), "E320", 5, 10, "A = 1"),
    Case("no values at all", edit("values:  A = 1; 2-10 = face value; J Q K = 10\n", ""), "E320", 1, 1, "variant"),
    Case("jokers without a value", edit("1 pack, no jokers", "1 pack, 2 jokers"), "E320", 3, 18, "2 jokers"),
    Case("opening values with ranks missing", edit("going out", "opening: melds worth at least 30\n"
                                                   "opening values: A = 1; 2-10 = face value\ngoing out"),
         "E320", 14, 17, "A = 1"),
    Case("no melds at all", edit("sets of 3-4 cards of the same rank in different suits\n"
                                 "         runs of 3+ cards in the same suit", "no sets; no runs"),
         "E321", 6, 19, "no runs"),
    Case("set sizes backwards", edit("sets of 3-4", "sets of 4-3"), "E321", 6, 10, "sets of 4-3"),
    Case("set of five in different suits", edit("sets of 3-4", "sets of 5"), "E321", 6, 10, "sets of 5"),
    Case("open-ended sets in different suits", edit("sets of 3-4", "sets of 3+"), "E321", 6, 10, "sets of 3+"),
    Case("run sizes backwards", edit("runs of 3+", "runs of 5-3"), "E321", 7, 10, "runs of 5-3"),
    Case("run longer than a suit", edit("runs of 3+", "runs of 14+"), "E321", 7, 10, "runs of 14+"),
    Case("largest run size never reached", edit("runs of 3+", "runs of 3-14"), "W321", 7, 10, "runs of 3-14",
         "write the largest size as 13"),
    Case("contract for a round never played", edit("to 100 points", "3 deals", edit(
        "going out", "opening: round 1: 2 sets of 3\n         round 4: 2 runs of 4\ngoing out")),
         "E322", 14, 10, "round 4"),
    Case("contract asks for sets that are not allowed", edit(
        "sets of 3-4 cards of the same rank in different suits", "no sets",
        edit("going out", "opening: round 1: 2 sets of 3\ngoing out")), "E322", 13, 10, "round 1"),
    Case("contract asks for an illegal meld size", edit("going out", "opening: round 1: 1 set of 5\ngoing out"),
         "E322", 13, 10, "round 1"),
    Case("contract needs more cards than a hand holds", edit("going out", "opening: round 1: 3 runs of 4\ngoing out"),
         "E322", 13, 10, "round 1"),
    Case("every rank wild and no all-wild melds", JOKERS + "wild:    aces; 2s; 3s; 4s; 5s; 6s; 7s; 8s; 9s; 10s; "
         "jacks; queens; kings; no all-wild melds\n", "E323", 17, 10, "aces"),
    Case("cut joker without a cut card", JOKERS + "wild:    jokers; cut joker makes aces wild\n", "E324", 17, 18,
         "cut joker", "add `cut card` to `wild:`"),
    Case("wild jokers but no jokers in the deck", BASE + "wild:    jokers\n", "E324", 17, 10, "jokers"),
    Case("wild-card limit without wild cards", BASE + "wild:    at most 2 wilds per meld\n", "E324", 17, 10,
         "at most 2"),
    # turn and opening
    Case("push without the discard pile", edit("from the stock or the discard pile", "from the stock or push"),
         "E330", 12, 10, "from the stock or push"),
    Case("push rules but pushing is not a draw", edit("draw:    from", "push:    then take the next card from the "
                                                      "stock\ndraw:    from"), "E330", 12, 10, "then take"),
    Case("may-I claims without the discard pile", edit("going out", "may i:   1 penalty card\ngoing out", edit(
        "from the stock or the discard pile", "from the stock")), "E330", 13, 10, "1 penalty card"),
    Case("upcard offered but none is turned", edit("players: 2-6", "players: 2", edit(
        "turned up to start the discard pile", "none; offered to the non-dealer, then the dealer")),
         "E331", 11, 16, "offered"),
    Case("upcard offer needs two players", edit("turned up to start the discard pile",
                                                "turned up to start the discard pile; offered to the non-dealer, "
                                                "then the dealer"), "E331", 11, 47, "offered"),
    Case("partner lay-offs without partners", edit("going out", "lay off: onto own and partner's melds\ngoing out"),
         "E332", 13, 10, "onto own"),
    Case("asking partner without partners", edit("with or without final discard",
                                                  "with or without final discard; may ask partner first"),
         "E328", 13, 43, "may ask partner"),
    Case("exact contract without contracts", edit("going out", "opening: exactly the contract\ngoing out"),
         "E333", 13, 10, "exactly"),
    Case("opening values without a threshold", edit("going out", "opening values: A = 1; 2-10 = face value; "
                                                    "J Q K = 10\ngoing out"), "E333", 13, 17, "A = 1"),
    Case("opening requirement with melds kept in hand", edit("knock:", "opening: melds worth at least 30\nknock:",
                                                             GIN), "E333", 13, 10, "melds worth"),
    # ending and scoring
    Case("no way to end a hand", edit("with or without final discard", "not allowed"), "E340", 13, 12, "not allowed"),
    Case("going out with melds kept in hand", edit("in the same suit", "in the same suit\n         kept in hand"),
         "E340", 14, 12, "with or without"),
    Case("knock below zero", edit("under 10", "under 0", GIN), "E341", 13, 10, "with deadwood under 0"),
    Case("knocks scored but no knock", edit("winner collects value of other hands", "knock = deadwood difference"),
         "E342", 15, 10, "knock = deadwood"),
    Case("knock bonus but no knock", edit("count all cards", "count all cards; gin = opponent deadwood + 25"),
         "E342", 15, 65, "gin = opponent"),
    Case("big gin without a bonus", edit("         big gin = opponent deadwood + 50\n", "", GIN), "E342", 16, 10,
         "big gin without"),
    Case("counting a show without a show", edit("count all cards", "count ungrouped cards when hand holds sequences, "
                                                "otherwise all cards"), "E342", 15, 48, "count ungrouped"),
    Case("differences with an endless stock", edit("without shuffling", "without shuffling; lowest hand scores "
                                                   "differences"), "E342", 14, 56, "lowest hand"),
    Case("last discard only to knock without knocking",
         edit("stock:   turn the discard pile over without shuffling",
              "stock:   hand ends; discard may then be taken only to knock"), "E342", 14, 21, "discard may then"),
    Case("no discard after a stock that never runs out for good",
         edit("stock:   turn the discard pile over without shuffling",
              "stock:   turn the discard pile over without shuffling; discard may then not be taken"), "E342", 14, 56, "discard may then not"),
    Case("void after throw-backs that are not allowed",
         edit("discard pile\ngoing out", "discard pile\ndiscard: not the card just taken from the discard pile; "
                                   "hand is void after 2 throw-backs in a row\ngoing out"),
         "E342", 13, 57, "hand is void after"),
    Case("void on a discard draw nobody makes",
         edit("from the stock or the discard pile", "from the stock; hand is void on draw 50 from the discard pile"),
         "E342", 12, 26, "hand is void on draw"),
    Case("game never ends", edit("to 100 points; highest wins", "highest wins"), "E343", 16, 10, "highest wins"),
    Case("elimination without a winner rule", edit("to 100 points; highest wins", "players out at 101 points"),
         "E343", 16, 10, "players out", "write `lowest wins`"),
    Case("cap enough to eliminate at once", edit("count all cards", "count all cards; capped at 120", edit(
        "to 100 points; highest wins", "players out at 101 points; lowest wins")), "E343", 15, 65, "capped at 120"),
    Case("middle drop cheaper than first drop", edit("first drop 20 points; middle drop 40 points",
                                                     "first drop 40 points; middle drop 20 points", INDIAN),
         "W344", 12, 10, "first drop"),
    Case("every card counted after a knock", edit("count unmatched cards", "count all cards", GIN),
         "W345", 21, 10, "count all cards", "remove it; for a knock that counts every card in hand write `knock: every card in hand counts`"),
    # degenerate games (game_checks.py)
    Case("one player", edit("players: 2", "players: 1", GIN), "E315", 2, 10, "1", "write `players: 2` or more"),
    Case("winner collects but the lowest total wins", edit("to 100 points; highest wins", "to 100 points; lowest wins"),
         "E345", 16, 25, "lowest wins", "write `highest wins`, or score with `losers score penalty points`"),
    Case("penalty points but the highest total wins", edit("winner collects value of other hands",
                                                          "losers score penalty points"),
         "E345", 16, 25, "highest wins", "write `lowest wins`, or score with `winner collects`"),
    Case("knock-outs when points are won", edit("to 100 points; highest wins",
                                                "players out at 100 points; lowest wins", GIN),
         "E346", 22, 10, "players out", "score with `losers score penalty points`, or play `to 100 points` instead"),
    Case("no card worth anything", edit("A = 1; 2-10 = face value; J Q K = 10", "A-K = 0"), "E347", 5, 10, "A-K = 0"),
    Case("hands not scored in a game played to a total",
         edit("winner collects value of other hands; count all cards", "none"),
         "E368", 15, 10, "none", "say how many hands win it: `game: first to win a hand` (or `3 hands`)"),
    Case("a count for a hand not opened where melds stay in hand",
         edit("scoring: knock = deadwood difference", "scoring: knock = deadwood difference; "
              "not opened = 100", GIN), "E369", 17, 39, "not opened = 100", "remove `not opened = …`"),
    Case("players who pay each other with the lowest total winning",
         edit("game:    to 100 points; highest wins",
              "game:    to 100 points; lowest wins\nscoring: losers pay the winner"),
         "E348", 16, 25, "lowest wins", "write `highest wins`"),
    # playable_checks
    Case("a show of more runs than a hand holds", edit("at least 2 sequences", "at least 5 sequences", INDIAN),
         "E360", 11, 31, "at least 5 sequences", "ask for at most 4 runs, or deal more cards"),
    Case("so many wild cards that the meld moves explode",
         edit("aces:    low", "aces:    low\nwild:    As, 2s, 3s, 4s, 5s, 6s, 7s, 8s, 9s, 10s, Js, Qs, Ks; "
                               "wilds may stand for themselves"), "E361", 5, 63, "wilds may stand"),
    Case("an opening with a contract and points", BASE + "opening: round 1: 2 sets of 3; melds worth at least 51\n",
         "E362", 17, 32, "melds worth"),
    # turn_rule_checks
    Case("a contract for every round that has its own contract",
         edit("to 100 points; highest wins", "1 round; highest wins")
         + "opening: 1 run of 3; round 1: 2 sets of 3\n", "E365", 17, 10, "1 run of 3",
         "remove it, or the contract of one round"),
    Case("jokers that may not be discarded where the deck has none",
         BASE + "discard: jokers may not be discarded\n", "E366", 17, 10, "jokers may not be discarded",
         "remove them, or add them to the deck (`wild:` for wild cards)"),
    Case("a wild rank barred from a card that is not wild",
         BASE + "wild:    3s; 2s may not stand for QS\n", "E367", 17, 14, "2s may not stand for QS",
         "write `wild cards may not stand for QS`, or make 2s wild"),
    Case("a game for one player, at the least", edit("players: 2-6", "players: 1-6"), "E315", 2, 10, "1-6"),
    Case("pushing with an endless stock", edit("from the stock or the discard pile", "from the discard pile or push"),
         "E364", 12, 10, "from the discard pile or push"),
    Case("one set of each rank without sets",
         edit("sets of 3-4 cards of the same rank in different suits",
              "no sets\n         one set of each rank per side"),
         "E397", 7, 10, "one set of each rank per side", "remove `one set of each rank`, or allow sets"),
    # pack_checks (issue #15 item 7: stripped packs)
    Case("a pack stripped of every rank", edit("1 pack, no jokers", "1 pack without A-K, no jokers"),
         "E316", 3, 10, "1 pack without A-K", "name only the ranks taken out, like `without 8s, 9s and 10s`"),
    Case("a stripped pack without aces, aces high", edit("aces:    low", "aces:    high",
                                                         edit("1 pack, no jokers", "1 pack without aces, no jokers")),
         "E316", 4, 10, "high", "remove the `aces:` rule, or keep the aces in the pack"),
    Case("aces high in a game without runs", edit("aces:    low", "aces:    high", edit(
        "         runs of 3+ cards in the same suit\n", "         no runs\n")), "W303", 4, 10, "high",
         "remove the `aces:` rule"),
    Case("wild eights in a pack without eights", edit("1 pack, no jokers", "1 pack without 8s, no jokers")
         + "wild:    8s\n", "E317", 17, 10, "8s"),
    Case("a wild rank of the cards dealt, which differ by players", BASE + "wild:    rank of cards dealt\n",
         "E318", 17, 10, "rank of cards dealt", "deal the same number of cards to any number of players, "
         "or name the wild rank of each round (`in round 1: wild: 3s`)"),
    Case("a wild rank of fourteen cards dealt", edit("players: 2-6", "players: 2", edit(
        "10 cards each for 2 players\n         7 cards each for 3-4 players\n         6 cards each for 5-6 players",
        "14 cards each")) + "wild:    rank of cards dealt\n", "E318", 15, 10, "rank of cards dealt",
         "deal at most 13 cards (13 names the kings)"),
    Case("a value for a card the pack lacks", edit("1 pack, no jokers", "1 pack without 8s, no jokers",
                                                   edit("J Q K = 10", "J Q K = 10; 8H = 50")),
         "W317", 5, 48, "8H = 50"),
    # tile_checks (issue #15: tiles, turns without a discard, rearranging)
    Case("a turn that plays or draws, drawing from the discard pile",
         edit("or the discard pile\n", "or the discard pile; only instead of playing\n"),
         "E376", 12, 46, "only instead of playing"),
    Case("a rule for the final discard in a turn with no discard",
         edit("or the discard pile\n", "\n", edit("from the stock", "from the stock; only instead of playing")),
         "W376", 13, 12, "with or without final discard", "remove it (going out is allowed unless `going out: not allowed`)"),
    Case("rearranging with a discard", BASE + "melding: table may be rearranged\n",
         "E377", 17, 10, "table may be rearranged"),
    # issue #15: deep takes from the discard pile, scoring by owner (500 Rum)
    Case("deep takes without the discard pile", edit("from the stock or the discard pile",
         "from the stock; take down to any card of the discard pile"), "E381", 12, 26, "take down",
         "add the discard pile to `draw:`"),
    Case("scoring by owner with melds kept in hand", edit(
        "scoring: winner collects value of other hands; count all cards", OWNER, edit(
            "runs of 3+ cards in the same suit", "runs of 3+ cards in the same suit; kept in hand until "
                                                 "the hand ends")), "E382", 15, 10, "melds score"),
    Case("scoring by owner with stock differences", edit(
        "scoring: winner collects value of other hands; count all cards", OWNER, edit(
            "stock:   turn the discard pile over without shuffling",
            "stock:   hand ends; lowest hand scores differences")), "E382", 14, 21, "lowest hand",
         "remove `lowest hand scores differences`"),
    Case("scoring by owner with the lowest total winning", edit(
        "scoring: winner collects value of other hands; count all cards", OWNER, edit(
            "highest wins", "lowest wins")), "E345", 16, 25, "lowest wins", "write `highest wins`"),
    Case("the card drawn used at once with a stock turned over for ever", edit(
        "from the stock or the discard pile", "from the stock or the discard pile; card drawn must be "
                                              "melded or discarded"), "E383", 12, 46, "card drawn",
         "add `stock: hand ends`, or reuse the pile only a number of times"),
    Case("game bonuses in a game the lowest total wins", edit(
        "to 100 points; highest wins", "to 100 points; lowest wins; bonus 100 for winning the game",
        edit("winner collects value of other hands", "losers score penalty points")),
         "E384", 16, 38, "bonus 100"),
    Case("pairs of identical cards in a deck of one pack", BASE + "special hands: 2 pairs of identical "
         "cards after drawing, scores double\n", "E385", 17, 16, "2 pairs of identical cards",
         "use two packs under `deck:`, or another special hand"),
    Case("a stake per hand where each player scores their own table", edit(
        "scoring: winner collects value of other hands",
        "scoring: stake of 2 per hand; melds score for whoever laid them"),
         "E386", 15, 10, "stake of 2 per hand", "remove the stake, or score with `winner collects`"),
    # issue #15 "Reach": Canasta's frozen discard pile and stop cards
    Case("a frozen pile taken with a natural pair where nothing freezes it", edit(
        "from the stock or the discard pile", "from the stock or the discard pile; take only the "
        "whole discard pile; frozen discard pile taken only with a natural pair"), "E394", 12, 80,
         "frozen discard pile", "add `discard pile frozen before opening`, `discard pile always "
         "frozen` or `discard pile frozen by discarded wild cards`, or remove the rule"),
    # Cuban Canasta and Mexicana: a pile always frozen, frozen by the card turned up, stop
    # cards by kind
    Case("a pile always frozen and taken only whole with no way to take it", edit(
        "from the stock or the discard pile", "from the stock or the discard pile; take only the "
        "whole discard pile; discard pile always frozen"), "E302", 12, 80,
         "discard pile always frozen", "add `frozen discard pile taken only with a natural "
         "pair`, or remove the rule"),
    Case("a pile frozen by jokers turned up where the deck has none", edit(
        "from the stock or the discard pile", "from the stock or the discard pile; take the "
        "whole discard pile; discard pile frozen by jokers turned up"), "E303", 12, 75,
         "discard pile frozen by jokers"),
    Case("wild cards that stop the pile where none is wild", edit(
        "from the stock or the discard pile", "from the stock or the discard pile; discard pile "
        "may not be taken when top card is wild"), "E319", 12, 46, "discard pile may not"),
    Case("stop cards on a pile no one draws from", edit(
        "from the stock or the discard pile", "from the stock; discard pile may not be taken when "
        "top card is black 3s"), "E395", 12, 26, "discard pile may not"),
    # issue "Reach": the first round from the stock, a short hand that may not take the pile
    Case("the first round from the stock where the pile is never a source", edit(
        "from the stock or the discard pile", "from the stock; from the stock only in the first "
        "round"), "E357", 12, 26, "from the stock only", "remove `from the stock only in the first "
        "round`, or add the discard pile to `draw: from …`"),
    Case("a short hand kept from a pile no one draws from", edit(
        "from the stock or the discard pile", "from the stock; with 1 card in hand, not from the "
        "discard pile"), "E358", 12, 26, "with 1 card"),
    Case("the top card taken kept out of runs where there are none", edit(
        "from the stock or the discard pile", "from the stock or the discard pile; top card taken "
        "may not start runs", edit("runs of 3+ cards in the same suit", "no runs")), "E359", 12, 46,
         "top card taken", "remove the rule"),
    # a game with no end: nothing may happen when it ends
    Case("a bonus for winning a game with no end", edit(
        "game:    to 100 points; highest wins", "game:    no end; bonus 100 for winning the game"),
         "E372", 16, 18, "bonus 100", "remove the bonuses, or give the game an end (`to 100 "
         "points`)"),
    # Samba's draw of two: no one card drawn to meld or discard
    Case("two cards drawn where the card drawn must be melded or discarded", edit(
        "from the stock or the discard pile", "from the stock or the discard pile; 2 cards from "
        "the stock; card drawn must be melded or discarded"), "E334", 12, 46,
         "2 cards from the stock", "remove `card drawn must be melded or discarded`, or draw one "
         "card"),
    Case("a squared pile taken down to any card", edit(
        "from the stock or the discard pile", "from the stock or the discard pile; take down to "
        "any card of the discard pile; discard pile squared"), "E335", 12, 89,
         "discard pile squared", "remove `discard pile squared`, or take the whole pile or its "
         "top cards"),
    # rules by round (rulespec/language/rounds.py)
    Case("a whole-game rule given for some rounds", BASE + "in round 2: players: 2-4\n", "E390", 17, 22, "2-4",
         "state it once, without `in round …:`"),
    Case("rules for a round the game never reaches", edit("to 100 points; highest wins", "6 deals; highest wins")
         + "in round 9: going out: only without discard\n", "E391", 17, 24, "only without discard"),
    Case("rules for too many ranges of rounds", BASE + "".join(
        f"in round {i}: melding: 2 melds per turn\n" for i in range(1, 26)), "E392", 41, 23, "2 melds per turn"),
    # rules by number of players (rulespec/language/players.py)
    Case("a rule for every table given for some player counts", BASE + "with 2 players: players: 2\n",
         "E374", 17, 26, "2", "state it once, without `with … players:`"),
    Case("rules for a player count the game is not for", BASE
         + "with 7 players: draw: 2 cards from the stock\n", "E375", 17, 23, "2 cards from the stock",
         "change the number of players, or widen `players:`"),
    Case("rules for too many ranges of player counts", BASE + "".join(
        f"with {r} players: melding: 1 meld per turn\n" for r in
        ("2", "3", "4", "5", "6", "2-3", "3-4", "4-5", "5-6", "2-4", "3-5", "4-6", "2-5")),
         "E379", 29, 28, "1 meld per turn"),
    Case("a clause's own player count outside its table", BASE
         + "with 2 players: deal: 7 cards each for 3 players\n", "E380", 17, 23,
         "7 cards each for 3 players"),
    Case("a round's rules that break another rule say the round", BASE + "in round 2: draw: from the stock\n"
         "may i: 1 penalty card\n", "E330", 18, 8, "1 penalty card"),
]

SEMANTIC_PLACES = [
    Case("no deal rule at all is reported at the top, not under another rule",
         edit(DEALS, ""), "E311", 1, 1, "variant"),
    Case("deck too small is shown at the deal clause for that player count",
         edit("6 cards each for 5-6", "10 cards each for 5-6"), "E312", 10, 10, "10 cards each for 5-6"),
    Case("knocks not scored is shown at the knock rule",
         edit("scoring: knock = deadwood difference\n         undercut",
              "scoring: winner collects\n         undercut", GIN), "E342", 13, 10, "with deadwood under 10"),
    Case("show scored without a show is shown at the show score",
         edit("count all cards", "count all cards; wrong show = 80"), "E342", 15, 65, "wrong show"),
    Case("more pure sequences than sequences is shown at the pure clause",
         edit("at least 2 sequences; at least 1 pure sequence", "at least 1 sequence; at least 2 pure sequences",
              INDIAN), "E342", 11, 52, "at least 2 pure"),
    Case("elimination with highest wins is shown at highest wins",
         edit("to 100 points; highest wins", "players out at 101 points; highest wins"),
         "E343", 16, 37, "highest wins", "write `lowest wins`"),
    Case("variant named twice", edit("players: 2-6", 'variant "Other"\nplayers: 2-6'), "E301", 2, 1,
         'variant "Other"'),
    Case("conflicting hand sizes for the same players",
         edit("7 cards each for 3-4 players", "7 cards each for 3-4 players\n         8 cards each for 3 players"),
         "E301", 10, 10, "8 cards each for 3"),
    Case("conflicting pack counts", edit("1 pack, no jokers", "1 pack, 2 packs, no jokers"),
         "E301", 3, 18, "2 packs"),
    Case("lay-offs both forbidden and allowed", edit("going out", "lay off: not allowed; onto any meld\n"
                                                     "going out"), "E301", 13, 23, "onto any meld"),
    Case("going out both forbidden and allowed", edit("with or without final discard",
                                                      "not allowed; only with final discard"),
         "E301", 13, 25, "only with"),
    Case("same hand size twice", edit("7 cards each for 3-4 players",
                                      "7 cards each for 3-4 players\n         7 cards each for 3-4 players"),
         "W301", 10, 10, "7 cards each"),
]


@pytest.mark.parametrize("id_,text,code,line,column,anchor,hint", params(SEMANTIC + SEMANTIC_PLACES))
def test_semantic_errors_point_at_the_clause_that_is_wrong(id_, text, code, line, column, anchor, hint):
    diags, compiled = compile_diagnostics(text)
    assert compiled == code.startswith("W"), "warnings alone never stop a compile; errors always do"
    assert_reported(diags, code, line, column, anchor, text, hint)


def test_a_conflict_on_one_line_names_the_column_of_the_rule_it_contradicts():
    """Round the Corner trial: `aces: high or low; round the corner` said "contradicts the
    rule on line 3", its own line."""
    diags, _ = compile_diagnostics(edit("aces:    low", "aces:    high or low; round the corner"))
    (d,) = [d for d in diags if d.code == "E301"]
    assert d.message == "this rule contradicts the rule at column 10 of this line"


def test_opening_values_without_ranks_are_reported():
    text = edit("going out", "opening: melds worth at least 30\nopening values: jokers = 5\ngoing out")
    diags, compiled = compile_diagnostics(text)
    assert not compiled
    assert_reported(diags, "E320", 14, 17, "jokers", text)


def test_every_registered_check_and_stage_code_has_a_case():
    """A new check without a test case here fails this test."""
    covered = {c.code if isinstance(c, Case) else c.values[2] for c in SYNTAX + SCHEMA + SEMANTIC}
    covered |= {"E305", "E306", "E307", "E308", "W302", "E401", "E402", "E403",
                "E363"}  # below, with files
    covered |= {"E404", "W404"}  # tests/test_compile_bounds.py
    covered |= {"E387"}  # tests/test_out_bonus.py, over Gin (no going out)
    covered |= {"E388"}  # tests/test_meld_bonus.py
    covered |= {"E389"}  # tests/test_long_melds_out.py
    covered |= {"E350", "E351", "E352"}  # tests/test_canasta_kinds.py
    covered |= {"E336", "E337"}  # tests/test_canasta_wild_and_rank_bonus.py
    covered |= {"E338"}  # tests/test_second_hand_on_canasta.py
    covered |= {"E339"}  # tests/test_out_with_bonus_cards.py
    covered |= {"E353"}  # tests/test_opening_pure_run.py
    covered |= {"E354", "E355"}  # tests/test_values_by_place.py
    covered |= {"E393", "E378"}  # tests/test_bonus_cards.py, tests/test_second_hand.py
    covered |= {"E325", "E326", "E327"}  # tests/test_barred_cards.py
    covered |= {"E396"}  # tests/test_min_naturals.py
    covered |= {"E710"}  # tests/test_stock_lose.py
    covered |= {"E373", "E398", "E399"}  # tests/test_canasta_terms.py
    covered |= {"E309", "E405"}  # tests/test_files.py, with files that try to reach outside
    covered |= {"E700", "E701"}  # tests/test_end_wilds_move.py
    covered |= {"E702"}  # tests/test_first_round_discard.py
    assert set(checks.CHECKS) <= covered
    emitted = set()
    for module in (ROOT / "rulespec" / "language").glob("*.py"):
        emitted |= set(re.findall(r'"([EW]\d{3})"', module.read_text(encoding="utf-8")))
    assert emitted <= covered, f"codes without a case: {sorted(emitted - covered)}"


def _code_owners() -> dict[str, set]:
    owners: dict[str, set] = {}
    for module in (ROOT / "rulespec" / "language").glob("*.py"):
        for code in re.findall(r'"([EW]\d{3})"', module.read_text(encoding="utf-8")):
            owners.setdefault(code, set()).add(module.name)
    return owners


# E301 "contradicts" is raised by the transformer (a second `variant` name) and the builder
# (two rules): the same problem, so one code.
SHARED_ON_PURPOSE = {"E301": {"transformer.py", "builder.py"}}


def test_each_code_means_one_problem():
    """No code is emitted by two stages for two problems (the transformer once reused E310/E311 of checks.py)."""
    shared = {c: m for c, m in _code_owners().items() if len(m) > 1}
    assert shared == SHARED_ON_PURPOSE


# ------------------------------------------------------------------ files: extends, reading


def write(folder: Path, name: str, text) -> Path:
    p = folder / name
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def load_diagnostics(path: Path) -> tuple[list, bool]:
    try:
        v = rulespec.load(path)
    except rulespec.SpecError as e:
        return e.diagnostics, False
    return list(v.warnings), True


BROKEN = edit("aces:    low", "aces:    lwo")

# id, files, file to load, code, file reported, line, column, anchor, hint
FILE_CASES = [
    ("house rule that changes nothing", {"parent.rules": BASE, "child.rules":
     'variant "Child"\nextends "parent"\n\naces:    low\ngame:    to 200 points\n'},
     "child.rules", "W302", "child.rules", 4, 10, "low", "remove it, or change its value"),
    ("misspelt parent gets a did-you-mean hint", {"parent.rules": BASE, "child.rules":
     'variant "Child"\nextends "parnet"\n'}, "child.rules", "E305", "child.rules", 2, 1, 'extends "parnet"',
     "did you mean `parent`?"),
    ("unknown parent", {"child.rules": 'variant "Child"\n# a comment\nextends "zzqqxx"\n'}, "child.rules",
     "E305", "child.rules", 3, 1, "extends", None),  # its hint (the search path): tests/test_files.py
    ("file that extends itself", {"self.rules": 'variant "Self"\nextends "self"\n'}, "self.rules",
     "E306", "self.rules", 2, 1, "extends", None),
    ("child of a broken parent", {"broken.rules": BROKEN, "child.rules": 'variant "Child"\nextends "broken"\n'},
     "child.rules", "E307", "child.rules", 2, 1, 'extends "broken"', None),
    ("indented extends of a broken parent", {"broken.rules": BROKEN,
     "child.rules": '# child\nvariant "Child"\n  extends "broken"\n'}, "child.rules", "E307", "child.rules", 3, 3,
     "extends", None),
    ("house rule in a subfolder without a name", {"parent.rules": BASE, "house/child.rules":
     'extends "parent"\naces:    high\n'}, "house/child.rules", "E304", "child.rules", 1, 1, "extends", None),
    ("semantic error of a parent is shown in the parent", {"p.rules": edit("players: 2-6", "players: 6-2"),
     "c.rules": 'variant "C"\nextends "p"\naces:    high\n'}, "c.rules", "E310", "p.rules", 2, 10, "6-2",
     "write the smaller number first"),
    ("an end added over a game with no end", {"parent.rules": edit(
        "game:    to 100 points; highest wins", "game:    no end"), "child.rules":
     'variant "Child"\nextends "parent"\ngame:    to 200 points\n'}, "child.rules", "E363",
     "child.rules", 3, 10, "to 200 points", "write `with an end` under `game:` to give it one, "
     "or remove this rule"),
    ("missing file", {}, "nope.rules", "E401", "nope.rules", 1, 1, None, None),
    ("file too large", {"big.rules": BASE + "#" * (300 * 1024) + "\n"}, "big.rules", "E402", "big.rules", 1, 1,
     None, None),
    ("file not UTF-8", {"latin.rules": edit("aces:    low", "aces:    l\xf6w").encode("latin-1")}, "latin.rules",
     "E403", "latin.rules", 4, 11, None, "save the file as UTF-8"),
    ("binary file", {"bin.rules": b"\x00\x01\x02variant \"X\"\n"}, "bin.rules", "E403", "bin.rules", 1, 1, None, None),
]


@pytest.mark.parametrize("id_,files,target,code,file,line,column,anchor,hint", FILE_CASES, ids=[c[0] for c in FILE_CASES])
def test_file_and_extends_errors_point_at_the_right_file_and_line(tmp_path, id_, files, target, code, file, line,
                                                                  column, anchor, hint):
    for name, text in files.items():
        write(tmp_path, name, text)
    diags, compiled = load_diagnostics(tmp_path / target)
    assert compiled == code.startswith("W")
    shown_text = files.get(file) if isinstance(files.get(file), str) else None
    assert_reported(diags, code, line, column, anchor, shown_text if anchor else None, hint, file=file)


def test_a_house_rule_can_correct_its_parents_semantic_error(tmp_path):
    write(tmp_path, "p.rules", edit("players: 2-6", "players: 6-2"))
    diags, compiled = load_diagnostics(write(tmp_path, "c.rules", 'variant "C"\nextends "p"\nplayers: 2-6\n'))
    assert compiled and diags == []


def test_a_parent_with_only_warnings_can_be_extended(tmp_path):
    write(tmp_path, "p.rules", edit("aces:    low", "aces:    low; low"))
    diags, compiled = load_diagnostics(write(tmp_path, "c.rules", 'variant "C"\nextends "p"\naces:    high\n'))
    assert compiled, "\n".join(map(str, diags))


def test_a_house_rule_in_text_finds_its_parent_in_the_variants_folder():
    text = 'variant "Gin: knock at 10"\nextends "gin"\n\nknock: with deadwood 10 or less\nplayers: 2\n'
    diags, compiled = compile_diagnostics(text, base_dir=VARIANTS)
    assert compiled
    assert [(d.code, d.line, d.column) for d in diags] == [("W302", 5, 10)]


def test_a_misspelt_parent_in_text_suggests_a_real_variant():
    diags, _ = compile_diagnostics('variant "X"\nextends "gni"\n', base_dir=VARIANTS)
    assert_reported(diags, "E305", 2, 1, hint="did you mean `gin`?")


def test_a_two_file_extends_cycle_is_reported_as_a_cycle(tmp_path):
    write(tmp_path, "a.rules", 'variant "A"\nextends "b"\n')
    write(tmp_path, "b.rules", '# b\nvariant "B"\nextends "a"\n')
    diags, _ = load_diagnostics(tmp_path / "a.rules")
    cycles = [(Path(d.file).name, d.line, d.column) for d in diags if d.code == "E306"]
    assert cycles and cycles[0] in {("a.rules", 2, 1), ("b.rules", 3, 1)}


def test_checking_a_folder_with_an_extends_cycle_reports_the_cycle(tmp_path):
    write(tmp_path, "a.rules", 'variant "A"\nextends "b"\n')
    write(tmp_path, "b.rules", '# b\nvariant "B"\nextends "a"\n')
    r = run_cli("check", str(tmp_path))
    assert r.returncode == 1
    assert "error[E306]" in r.stderr and "b.rules:3:1:" in r.stderr


def _chain(folder: Path, n: int) -> Path:
    """f0 (a full variant) <- f1 <- ... <- fn, each house rule extending the one before."""
    write(folder, "f0.rules", BASE)
    for i in range(1, n + 1):
        write(folder, f"f{i}.rules", f'variant "F{i}"\nextends "f{i - 1}"\ngame: to {100 + i} points\n')
    return folder / f"f{n}.rules"


def test_a_chain_shorter_than_the_depth_limit_compiles(tmp_path):
    top = _chain(tmp_path, MAX_EXTENDS_DEPTH - 1)
    diags, compiled = load_diagnostics(top)
    assert compiled, diags[0].format()


def test_a_chain_too_deep_is_reported_once_in_the_checked_file(tmp_path):
    top = _chain(tmp_path, MAX_EXTENDS_DEPTH + 2)
    diags, compiled = load_diagnostics(top)
    assert not compiled
    assert [(d.code, Path(d.file).name, d.line, d.column) for d in diags if d.is_error] == \
        [("E308", top.name, 2, 1)]


def test_a_chain_too_deep_is_an_e308_not_a_circle(tmp_path):
    diags, compiled = load_diagnostics(_chain(tmp_path, MAX_EXTENDS_DEPTH + 2))
    assert not compiled
    assert "E308" in {d.code for d in diags}
    assert not any("circle" in d.message for d in diags)


def test_a_long_chain_without_a_cycle_is_not_called_a_circle(tmp_path):
    _chain(tmp_path, 18)
    compiler, diags = Compiler(), []
    for i in range(18, -1, -1):
        try:
            compiler.compile_file(tmp_path / f"f{i}.rules")
        except rulespec.SpecError as e:
            diags += e.diagnostics
    assert diags == [], "\n".join(d.format() for d in diags)


def test_a_file_with_a_byte_order_mark_compiles(tmp_path):
    p = write(tmp_path, "bom.rules", ("\ufeff" + BASE).encode("utf-8"))
    rulespec.load(p)


# ------------------------------------------------------------------ many errors at once

SEVERAL_SEMANTIC = edit("from the stock or the discard pile", "from the stock or push",
                        edit("players: 2-6", "players: 6-2")) + "wild:    jokers\n"


def test_several_independent_errors_are_all_reported_in_one_run():
    diags, compiled = compile_diagnostics(SEVERAL_SEMANTIC)
    assert not compiled
    assert {(d.code, d.line, d.column) for d in diags} >= {("E310", 2, 10), ("E330", 12, 10), ("E324", 17, 10)}


def test_several_errors_are_sorted_by_line():
    diags, _ = compile_diagnostics(SEVERAL_SEMANTIC)
    assert [d.line for d in diags] == sorted(d.line for d in diags)


def test_two_syntax_errors_on_different_lines_are_both_reported():
    text = edit("deck:    1 pack", "dekc:    1 pack", edit("game:    to", "gaem:    to"))
    diags, _ = compile_diagnostics(text)
    assert [(d.code, d.line) for d in diags] == [("E104", 3), ("E104", 16)]


def test_a_conflict_does_not_hide_unrelated_semantic_errors():
    text = edit("aces:    low", "aces:    low\naces:    high",
                edit("players: 2-6", "players: 6-2", edit("to 100 points; highest wins", "highest wins")))
    diags, _ = compile_diagnostics(text)
    assert {d.code for d in diags} >= {"E301", "E310", "E343"}


def test_errors_from_one_stage_are_all_reported_together():
    """The transformer's and the builder's diagnostics of one file come out together."""
    text = edit("2-10 = face value", "10-2 = face value", edit("aces:    low", "aces:    low\naces:    high"))
    diags, _ = compile_diagnostics(text)
    assert {(d.code, d.line, d.column) for d in diags} == {("E150", 6, 17), ("E301", 5, 10)}


# ------------------------------------------------------------------ formatting and the command


def test_a_diagnostic_prints_in_gcc_form_with_the_source_and_a_caret():
    diags, _ = compile_diagnostics(edit("2-10 = face value", "10-2 = face value"))
    out = diags[0].format().split("\n")
    assert out[0] == "x.rules:5:17: error[E150]: the ranks 10-2 run backwards"
    assert out[1] == "    values:  A = 1; 10-2 = face value; J Q K = 10"
    assert out[2] == "    " + " " * 16 + "^^^^"
    assert out[3] == "  hint: write the low rank first: 2-10"
    assert out[1][4 + 16:].startswith("10-2")  # the caret is under the clause


def test_a_warning_prints_as_a_warning():
    w = compile_diagnostics(edit("runs of 3+", "runs of 3-14"))[0][0]
    assert re.match(r"x\.rules:7:10: warning\[W321\]: ", w.format())


def test_a_syntax_caret_sits_under_the_misspelt_word():
    diags, _ = compile_diagnostics(edit("highest wins", "higest wins"))
    _, src, caret, hint = diags[0].format().split("\n")
    assert caret.index("^") == src.index("higest") and caret.strip() == "^" * len("higest")
    assert hint == "  hint: did you mean `highest`?"


def test_a_caret_at_the_end_of_a_cut_short_line_is_one_wide():
    diags, _ = compile_diagnostics(edit("to 100 points; highest wins", "to 100"))
    _, src, caret, _ = diags[0].format().split("\n")
    assert caret == " " * len(src) + "^"


def run_cli(*args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "rulespec.cli", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=120)


def test_check_exits_1_on_errors_and_prints_every_one(tmp_path):
    p = write(tmp_path, "bad.rules", SEVERAL_SEMANTIC)
    r = run_cli("check", str(p))
    assert r.returncode == 1, r.stderr
    for where in ("bad.rules:2:10: error[E310]", "bad.rules:12:10: error[E330]", "bad.rules:17:10: error[E324]"):
        assert where in r.stderr
    assert "Traceback" not in r.stderr


def test_check_exits_0_when_there_are_only_warnings(tmp_path):
    p = write(tmp_path, "warn.rules", edit("runs of 3+", "runs of 3-14", edit("aces:    low", "aces:    low; low")))
    r = run_cli("check", str(p))
    assert r.returncode == 0, r.stderr
    assert "warn.rules:7:10: warning[W321]" in r.stderr and "warn.rules:4:15: warning[W301]" in r.stderr


def test_check_prints_the_source_line_and_a_caret_under_the_column(tmp_path):
    p = write(tmp_path, "bad.rules", edit("aces:    low", "aces:    lwo"))
    r = run_cli("check", str(p))
    lines = r.stderr.splitlines()
    i = next(i for i, ln in enumerate(lines) if re.search(r"bad\.rules:4:10: error\[E101\]: `lwo` is not understood", ln))
    assert lines[i + 1] == "    aces:    lwo"
    assert lines[i + 2] == "    " + " " * 9 + "^^^"
    assert lines[i + 3] == "  hint: did you mean `low`?"


def test_check_of_every_real_variant_passes():
    r = run_cli("check", "variants")
    assert r.returncode == 0, r.stderr


def test_check_of_a_folder_without_rules_is_a_usage_error(tmp_path):
    assert run_cli("check", str(tmp_path)).returncode == 2
