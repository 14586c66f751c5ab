"""Parse tree → rule assignments: each clause says which ruleset fields it sets.

An :class:`Assign` is one field path (``"knock.max_deadwood"``) and its value, with the
span of the clause that said it. The builder turns a file's assignments into the IR.
Fixed phrases live in the ``PHRASES`` table; clauses with numbers or cards have a handler.
"""

from __future__ import annotations

import copy

from dataclasses import dataclass

from lark import Token, Tree

from .. import cards as C
from .diagnostics import Diagnostic, line_of
from .clauses import PHRASES
from .transform_tiles import TilesClauses
from .schema import either, term_words
from .transform_terms import TermWords
from .transform_points import PointClauses
from .transform_rounds import RoundStatements
from .transform_special import SpecialClauses
from .transform_table import TableClauses
from .transform_bonus import BarredClauses, BonusClauses
from .transform_draw import DrawClauses
from .transform_contracts import ContractClauses

# Paths whose clauses add items to one list rather than set one value.
APPEND_PATHS = frozenset({"deck.packs", "deck.jokers_by", "deal.sizes", "wilds.ranks", "wilds.cards", "not_enforced",
                          "knock.by_upcard", "scoring.by_upcard", "special", "turn.discard_stops",
                          "turn.discard_barred", "turn.discard_barred_first",
                          "turn.take_discards.frozen_upcard", "opening.by_score", "bonus.cards", "melds.barred",
                          "melds.barred_runs", "melds.going_out_only",
                          "scoring.kind_bonus.ranks"})

#: The words of a provenance marker, ``(common rule: …)``: where a rule comes from.
MARK_KINDS = ("source", "common rule", "house choice", "sources differ", "nearest rule")


@dataclass(frozen=True)
class Span:
    file: str
    line: int
    column: int
    end_line: int
    end_column: int

    def as_dict(self) -> dict:
        return {"file": self.file, "line": self.line, "column": self.column,
                "end_line": self.end_line, "end_column": self.end_column}


@dataclass(frozen=True)
class Assign:
    path: str
    value: object
    span: Span


@dataclass(frozen=True)
class Mark:
    """A provenance marker: the rules (IR paths) written before it on its line come from
    the source, are a common rule chosen where the source is silent, or a house choice."""

    kind: str
    note: str | None
    paths: tuple[str, ...]
    span: Span

    def as_dict(self) -> dict:
        return {"kind": self.kind, "note": self.note, "paths": list(self.paths),
                "source": self.span.as_dict()}


@dataclass
class FileRules:
    """What one file says: its name, its parent, and its assignments in order."""

    file: str
    name: str | None = None
    name_span: Span | None = None
    extends: str | None = None
    extends_span: Span | None = None
    assigns: list = None
    diagnostics: list = None
    marks: list = None


_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen".split()
)}
_RANK_WORDS = {"aces": "A", "kings": "K", "queens": "Q", "jacks": "J", "tens": "10", "nines": "9",
               "eights": "8", "sevens": "7", "sixes": "6", "fives": "5", "fours": "4", "threes": "3",
               "twos": "2", "deuces": "2"}
_MELD_KINDS = {"set": "set", "trio": "set", "group": "set", "book": "set", "run": "run", "sequence": "run", "straight": "run"}


def _face(rank: int) -> int:
    """A card's face value: ace 1, number cards their number, court cards 10."""
    return 1 if rank == 0 else min(rank + 1, 10)


def _times(factor) -> int:
    """How many times ``double``, ``triple``, ``x N`` or a bare number says."""
    if isinstance(factor, int):
        return factor
    return {"factor_double": 2, "factor_triple": 3}.get(factor.data) or _value(factor.children[0])


def _value(tok: Token):
    """A token as the value it means."""
    t = tok.type
    if t == "NUMBER":
        if not tok.isdigit():
            return _NUMBER_WORDS[str(tok)]
        return int(tok) if len(tok) <= 12 else 10**12  # past every limit; the schema says so
    if t == "RANK":
        return C.RANKS[C.rank_index(str(tok))]
    if t == "RANKS":
        word = str(tok)
        return _RANK_WORDS.get(word) or C.RANKS[C.rank_index(word[:-1])]
    if t == "CARD":
        return C.card_str(C.parse_card(str(tok)))
    if t == "STRING":
        return str(tok)[1:-1]
    if t == "MELD_KIND":
        word = str(tok)
        return _MELD_KINDS[word[:-1] if word.endswith("s") else word]
    return str(tok)


_SUIT_WORDS = {"spade": "S", "heart": "H", "diamond": "D", "club": "C"}


def _upcard(tree: Tree) -> dict:
    """`when the upcard is an ace` / `... a spade` as ``{"rank": "A"}`` / ``{"suit": "S"}``."""
    tok = tree.children[0]
    if tok.type == "RANK":
        return {"rank": _value(tok)}
    word = str(tok).removesuffix("s")
    if word in _SUIT_WORDS:
        return {"suit": _SUIT_WORDS[word]}
    return {"rank": word[0].upper()}


class RuleTransformer(ContractClauses, TableClauses, TilesClauses, TermWords, PointClauses,
                      RoundStatements, SpecialClauses, BonusClauses, DrawClauses, BarredClauses):
    """Walks one file's parse tree and collects its assignments."""

    def __init__(self, text: str, filename: str):
        self.text = text
        self.file = filename
        self.out = FileRules(filename, assigns=[], diagnostics=[], marks=[])

    # ------------------------------------------------------------ helpers
    def span(self, node) -> Span:
        m = node.meta if isinstance(node, Tree) else node
        return Span(self.file, m.line, m.column, m.end_line, m.end_column)

    def set(self, node, path: str, value) -> None:
        self.out.assigns.append(Assign(self.prefix + path, value, self.span(node)))

    def error(self, node, code: str, message: str, hint: str | None = None) -> None:
        s = self.span(node)
        self.out.diagnostics.append(Diagnostic(
            code, message, self.file, s.line, s.column,
            s.end_column if s.end_line == s.line else None, hint, line_of(self.text, s.line)))

    @staticmethod
    def args(tree: Tree) -> list:
        return [_value(c) if isinstance(c, Token) else c for c in tree.children]

    def range_of(self, tree: Tree) -> dict:
        nums = [_value(c) for c in tree.children]
        if tree.data == "range_one":
            return {"min": nums[0], "max": nums[0]}
        if tree.data == "range_open":
            return {"min": nums[0], "max": None}
        return {"min": nums[0], "max": nums[1]}

    # ------------------------------------------------------------ walking
    def run(self, tree: Tree) -> FileRules:
        for stmt in tree.children:
            if stmt.data == "variant":
                if self.out.name is not None:
                    self.error(stmt, "E301", f"the variant is already named on line {self.out.name_span.line}",
                               "a file names one variant; remove one of the two lines")
                    continue
                self.out.name, self.out.name_span = _value(stmt.children[0]), self.span(stmt)
            elif stmt.data == "extends":
                self.out.extends, self.out.extends_span = _value(stmt.children[0]), self.span(stmt)
            elif stmt.data == "round_stmt":
                self.round_stmt(stmt)
            elif stmt.data == "players_stmt":
                self.players_stmt(stmt)
            else:
                self.statement(stmt)
        return self.out

    def statement(self, stmt: Tree) -> None:
        """A section's clauses, and the markers after them: a marker covers the clauses
        of its own line written since the last marker."""
        prefix = "opening.values" if stmt.data == "opening_values" else None
        pending: list[tuple[int, int, int]] = []  # (a clause's last line, its assignments)
        for clause in stmt.children:
            if isinstance(clause, Tree):
                first = len(self.out.assigns)
                self.clause(clause, prefix)
                pending.append((clause.meta.end_line, first, len(self.out.assigns)))
            elif clause.type == "MARK":
                mine = [(a, b) for line, a, b in pending if line == clause.line]
                self.mark(clause, [x.path for a, b in mine for x in self.out.assigns[a:b]])
                pending = []

    def mark(self, tok: Token, paths: list[str]) -> None:
        kind, _, note = str(tok)[1:-1].partition(":")
        kind = " ".join(kind.split()).lower()
        if kind not in MARK_KINDS:
            words = ", ".join(f"`({k})`" for k in MARK_KINDS[:-1]) + f" or `({MARK_KINDS[-1]})`"
            self.error(tok, "E153", f"`{tok}` is not a marker of where a rule comes from",
                       f"write {words}, with a note after a colon if you like: "
                       f"`(common rule: Hoyle)`")
            return
        note = " ".join(note.split()) or None
        self.out.marks.append(Mark(kind, note, tuple(dict.fromkeys(paths)), self.span(tok)))

    def clause(self, node: Tree, prefix: str | None) -> None:
        phrase = PHRASES.get(node.data)
        if phrase is not None:
            for path, value in phrase:  # a copy: the table's {} and [] are shared
                self.set(node, path, copy.deepcopy(value))
            return
        if node.data in ("value_item", "value_none"):
            getattr(self, node.data)(node, prefix or "values")
        elif node.data.startswith("value_ace_"):  # an ace by its place, on the table or opening
            getattr(self, node.data)(node, prefix or "values", *self.args(node))
        else:
            getattr(self, node.data)(node, *self.args(node))

    # ------------------------------------------------------------ clause handlers
    def deck_packs(self, node, packs, *rest):
        stripped = [t for t in rest if isinstance(t, Tree) and t.data == "stripped"]
        rng = next((t for t in rest if isinstance(t, Tree) and t.data != "stripped"), None)
        self.set(node, "deck.packs", {"packs": packs, "players": self.range_of(rng) if rng else None})
        if stripped:  # one clause: its span is the clause's, so it is one rule changed
            self.deck_without(node, stripped[0])

    def deck_without(self, node, stripped):
        """`without 8s, 9s and 10s`, `without 2-6`: the ranks taken out of every pack, in
        rank order (a rank named twice is named once)."""
        out: set[int] = set()
        for item in stripped.children:
            if not isinstance(item, Tree):
                continue
            if item.data == "strip_ranks":
                out.add(C.rank_index(_value(item.children[0])))
                continue
            lo, hi = (C.rank_index(_value(t)) for t in item.children)
            if lo > hi:
                self.error(item, "E150", f"the ranks {C.RANKS[lo]}-{C.RANKS[hi]} run backwards",
                           f"write the low rank first: {C.RANKS[hi]}-{C.RANKS[lo]}")
                return
            out.update(range(lo, hi + 1))
        self.set(node, "deck.without", [C.RANKS[i] for i in sorted(out)])

    def value_item(self, node, prefix):
        *classes, worth = node.children
        points, hand = self.worth_in_hand(worth)  # points None: face value
        for cls in classes:
            self.melded_value(cls, worth, prefix)
            if not hand:  # `= 5 melded`: the value in hand is another clause's
                continue
            if cls.data == "class_numbered":
                self.numbered_values(cls, prefix, points)
            elif cls.data in ("class_rank", "class_ranks", "class_faces"):
                if cls.data == "class_faces":
                    ranks = ["J", "Q", "K"]
                else:
                    bounds = [C.rank_index(_value(t)) for t in cls.children]
                    lo, hi = bounds[0], bounds[-1]
                    if hi < lo:
                        self.error(cls, "E150", f"the ranks {C.RANKS[lo]}-{C.RANKS[hi]} run backwards",
                                   f"write the low rank first: {C.RANKS[hi]}-{C.RANKS[lo]}")
                        continue
                    ranks = list(C.RANKS[lo : hi + 1])
                for r in ranks:
                    i = C.RANKS.index(r)
                    self.set(cls, f"{prefix}.ranks.{i}", _face(i) if points is None else points)
            elif cls.data in ("class_card", "class_colour"):  # `AH`, `black 3s`
                for card in self.class_cards(cls):
                    face = _face(C.rank_of(C.parse_card(card)))
                    self.set(cls, f"{prefix}.cards.{card}", face if points is None else points)
            else:
                field = "joker" if cls.data == "class_jokers" else "wild"
                if points is None:
                    self.error(worth, "E151", f"{'jokers' if field == 'joker' else 'wild cards'} have no face value",
                               "give them a number of points, e.g. `jokers = 20`")
                    continue
                self.set(cls, f"{prefix}.{field}", points)

    def wild_ranks(self, node, rank):
        self.set(node, "wilds.ranks", rank)

    def wild_colour(self, node, colour, rank):
        for card in C.rank_cards(rank, colour):
            self.set(node, "wilds.cards", card)

    def wild_cards(self, node, *cards):
        for c in cards:
            self.set(node, "wilds.cards", c)

    def wild_cut_joker(self, node, rank):
        self.set(node, "wilds.cut_joker_rank", rank)

    def wild_not_for(self, node, *named):
        """``wild cards may not stand for QS``; ``2s may not stand for QS`` (the rank kept
        in ``wilds.not_for_by``, so a check can tell whether it is every wild card)."""
        toks = [t for t in node.children if isinstance(t, Token)]
        cards = [C.card_str(C.parse_card(str(t))) for t in toks if t.type == "CARD"]
        self.set(node, "wilds.not_for", list(dict.fromkeys(cards)))
        ranks = [_value(t) for t in toks if t.type == "RANKS"]
        self.set(node, "wilds.not_for_by", ranks[0] if ranks else None)

    def wild_max(self, node, n):
        self.set(node, "wilds.max_per_meld", n)

    def wild_min_naturals(self, node, n):
        self.set(node, "wilds.min_naturals", n)

    def meld_sets(self, node, size, suits=None):
        rng = self.range_of(size.children[0])
        kind = "any" if suits is not None and suits.data == "suits_any" else "distinct"
        self.set(node, "melds.set", {"min": rng["min"], "max": rng["max"], "suits": kind})

    def meld_runs(self, node, size):
        rng = self.range_of(size.children[0])
        self.set(node, "melds.run", {"min": rng["min"], "max": rng["max"]})

    def deal_size(self, node, cards, *when):
        entry = {"cards": cards, "players": None, "rounds": None}
        for w in when:
            entry["players" if w.data == "when_players" else "rounds"] = self.range_of(w.children[0])
        self.set(node, "deal.sizes", entry)

    def deal_extra(self, node, n):
        self.set(node, "deal.starter_extra", n)

    def deal_one_at_a_time(self, node):
        self.set(node, "deal.at_a_time", 1)

    def deal_at_a_time(self, node, n):
        self.set(node, "deal.at_a_time", n)

    def upcard_offer(self, node, *roles):
        self.set(node, "deal.offer", list(roles))

    def draw_from(self, node, *sources):
        names = [{"src_stock": "stock", "src_discard": "discard", "src_push": "push"}[s.data] for s in sources]
        self.set(node, "turn.draw_from", names)

    def draw_void_at(self, node, n):
        self.set(node, "turn.max_discard_draws", n)

    def discard_void_throw_backs(self, node, n):
        self.set(node, "turn.void_after_throw_backs", n)

    def claim_penalty(self, node, n):
        self.set(node, "turn.claims.penalty", n)

    def claim_per_hand(self, node, n):
        self.set(node, "turn.claims.per_hand", n)

    def melds_per_turn(self, node, n):
        self.set(node, "turn.melds_per_turn", n)

    def melds_all_at_once(self, node, rng):
        self.set(node, "turn.all_at_once", self.range_of(rng))

    def melds_all_at_once_always(self, node):
        self.set(node, "turn.all_at_once", {"min": 1, "max": None})

    def opening_threshold(self, node, n):
        self.set(node, "opening.threshold", n)

    def knock_under(self, node, n):
        self.set(node, "knock.max_deadwood", n - 1)

    def knock_at_most(self, node, n):
        self.set(node, "knock.max_deadwood", n)

    def knock_upcard_value(self, node):
        self.set(node, "knock.max_deadwood", "upcard")

    def knock_by_upcard(self, node, n, upcard):
        self.set(node, "knock.by_upcard", {"value": n, **_upcard(upcard)})

    def knock_gin_by_upcard(self, node, upcard):
        self.set(node, "knock.by_upcard", {"value": 0, **_upcard(upcard)})

    def score_by_upcard(self, node, factor, upcard):
        self.set(node, "scoring.by_upcard", {"value": _times(factor), **_upcard(upcard)})

    def knock_run_end_layoffs(self, node, n):
        self.set(node, "knock.defender_lays_off", True)
        self.set(node, "knock.run_end_layoffs", n)

    def knock_lay_out_max(self, node, n):
        self.set(node, "knock.lay_out_max", n)

    def show_sequences(self, node, n):
        self.set(node, "show.sequences", n)

    def show_pure(self, node, n):
        self.set(node, "show.pure", n)

    def drop_first(self, node, n):
        self.set(node, "drops.first", n)

    def drop_middle(self, node, n):
        self.set(node, "drops.middle", n)

    def drop_misses(self, node, n):
        self.set(node, "drops.misses", n)

    def stock_remaining(self, node, n):
        self.set(node, "stock.remaining", n)

    def _times(self, times):
        if times is None:
            return None
        return {"times_once": 1, "times_twice": 2}.get(times.data) or _value(times.children[0])

    def stock_turn_over(self, node, times=None):
        self.set(node, "stock.action", "turn over")
        self.set(node, "stock.times", self._times(times))

    def stock_shuffle(self, node, times=None):
        self.set(node, "stock.action", "shuffle")
        self.set(node, "stock.times", self._times(times))

    def score_undercut(self, node, n):
        self.set(node, "scoring.knock.undercut", n)

    def score_undercut_stakes(self, node, times):
        self.set(node, "scoring.knock.undercut_stakes", _times(times))

    def score_gin(self, node, n):
        self.set(node, "scoring.knock.gin", n)

    def score_big_gin(self, node, n):
        self.set(node, "scoring.knock.big_gin", n)

    def score_rummy_bonus(self, node, n):
        self.set(node, "scoring.rummy", {"multiplier": 1, "bonus": n})

    def score_stake(self, node, n):
        self.set(node, "scoring.stake", n)

    def score_cap(self, node, n):
        self.set(node, "scoring.cap", n)

    def score_wrong_show(self, node, n):
        self.set(node, "scoring.wrong_show", n)

    def score_valid_show(self, node, n):
        self.set(node, "scoring.valid_show", n)

    def term_meld(self, node, kind, _word):
        word = str(node.children[-1])
        word = word[:-1] if word.endswith("s") else word
        if _MELD_KINDS[word] != kind:
            other = _MELD_KINDS[word]
            hint = f"write `{other}s are called {word}s`" if word in term_words(other) \
                else f"a {kind} can be called {either(term_words(kind))}"  # never a hint that fails again
            self.error(node, "E152", f"{word}s are {other}s, not {kind}s", hint)
            return
        self.set(node, f"terms.{kind}", word)
        self.set(node, f"terms.{kind}_plural", None)  # a parent's irregular plural goes too

    def not_enforced_c(self, node, text):
        self.set(node, "not_enforced", text)

    def game_target(self, node, n):
        self.set(node, "game.target", n)

    def game_rounds(self, node, n):
        self.set(node, "game.rounds", n)

    def game_eliminate(self, node, n):
        self.set(node, "game.eliminate", n)

    def game_hands(self, node, n):
        self.set(node, "game.hands", n)


def to_rules(tree: Tree, text: str, filename: str) -> FileRules:
    """The assignments of one parsed file (and any diagnostics found on the way)."""
    return RuleTransformer(text, filename).run(tree)
