"""The compiled ruleset: frozen, typed, and the only thing the engine, the meld code and
the rulebook read.

The classes live by section (``table``: players, cards and melds; ``turns``: the deal
and the turn; ``endings``: how a hand ends and scores); ``convert`` moves between them and
the IR. The IR (plain JSON) has exactly these field names, plus an ``at`` source span on each
node; :func:`from_ir` builds these classes from it. Every field is a rule a variant file
can state; its default is what the compiler assumes when the file is silent.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass
from functools import cached_property

from .. import cards as C
from ..memo import attach

from .convert import _bare, _structured, field_pattern, from_dict, leaves, to_plain
from .endings import (BonusCards, BonusSet, ByUpcard, Drops, Exhaustion, GameBonus, GameEnd,
                      Gin, GoingOut, KindBonus, Knock, KnockScoring, LongKind, LongMelds,
                      MeldBonus, RankBonus, Rummy, Scoring, Show, SpecialHand, WildBonus)
from .table import (Aces, Between, CardValue, Deck, JokerRule, Melds, PackRule, Partnerships,
                    Replace, RunRule, SetRule, TableRules, Values, Wilds)
from .turns import (Claims, Contract, Deal, HandSize, LayOff, Opening, Push, Rearrange,
                    Requirement, ScoreThreshold, SecondHand, Seating, ShortHand, TakeDiscards,
                    TopTaken, Turn)
from .rounds import GAME_WIDE, TABLE_WIDE, PlayerRules, RoundRules, sections_for

__all__ = [
    "Aces", "Between", "BonusCards", "BonusSet", "ByUpcard", "CardValue", "Claims", "Contract",
    "Deal", "Deck", "Drops",
    "Exhaustion", "GAME_WIDE", "GameBonus", "GameEnd", "Gin", "GoingOut", "HandSize", "JokerRule",
    "KindBonus", "Knock", "KnockScoring", "LayOff", "LongKind", "LongMelds", "MeldBonus", "Melds",
    "Opening", "Origin",
    "PackRule", "Partnerships", "PlayerRules", "Push", "RankBonus", "Rearrange", "Replace",
    "Requirement", "RoundRules",
    "Ruleset", "RunRule", "Rummy", "ScoreThreshold", "Scoring", "SecondHand", "Seating", "SetRule",
    "ShortHand", "Show", "SpecialHand", "TABLE_WIDE", "TableRules", "TakeDiscards", "Terms",
    "TopTaken", "Turn", "Values", "WildBonus",
    "Wilds",
    "field_paths", "field_pattern", "from_dict", "from_ir", "leaves", "to_plain",
]


@dataclass(frozen=True)
class Terms:
    """The words the variant's own rules use, so that its rulebook speaks them; play does
    not depend on them. ``set``: "set" | "trio"; ``run``: "run" | "sequence" | "straight";
    ``opening``: "opening" | "going down"; the rest free words."""

    set: str = "set"
    run: str = "run"
    # an irregular plural (``run is called "scala", plural "scale"``); None: the word and s
    set_plural: str | None = None
    run_plural: str | None = None
    opening: str = "opening"
    # any words (``stock is called "closed deck"``); None: the rulebook's own word, or for
    # a card the other number's word (``cards are called "tiles"`` makes a card a tile)
    stock: str | None = None
    discard_pile: str | None = None
    card: str | None = None
    cards: str | None = None
    # the verbs and their nouns, each as the variant writes its plain form (``knock is
    # called "rap"``, ``going out is called "going rummy"``); the page derives the others
    knock: str | None = None
    gin: str | None = None
    going_out: str | None = None
    going_rummy: str | None = None
    drop: str | None = None
    show: str | None = None
    second_hand: str | None = None  # the packet set aside at the deal ("morto", "foot")
    # a name for a meld of ``long_size`` cards or more (``meld of 7+ cards is called
    # "canasta"``), its irregular plural; None: the page says "a meld of seven or more cards"
    long: str | None = None
    long_plural: str | None = None
    long_size: int | None = None


@dataclass(frozen=True)
class Origin:
    """Where the rules came from: for a house-rule file, its parent and what it changed."""

    file: str
    parent: str | None = None
    overrides: tuple[str, ...] = ()


# ---------------------------------------------------------------- the ruleset


@dataclass(frozen=True)
class Ruleset:
    name: str
    players: Between
    deck: Deck = Deck()
    aces: Aces = Aces()
    values: Values = Values()
    wilds: Wilds = Wilds()
    melds: Melds = Melds()
    table: TableRules = TableRules()
    deal: Deal = Deal()
    seating: Seating = Seating()
    turn: Turn = Turn()
    opening: Opening = Opening()
    going_out: GoingOut | None = GoingOut()
    knock: Knock | None = None
    gin: Gin | None = None
    show: Show | None = None
    drops: Drops | None = None
    special: tuple[SpecialHand, ...] = ()  # hands declared to end the hand at once
    bonus: BonusCards | None = None  # cards laid out at once, replaced, scored (red threes)
    stock: Exhaustion = Exhaustion()
    scoring: Scoring = Scoring()
    game: GameEnd = GameEnd()
    partnerships: Partnerships | None = None
    terms: Terms = Terms()
    not_enforced: tuple[str, ...] = ()  # rules of the game the interpreter does not play
    origin: Origin | None = None
    by_round: tuple[RoundRules, ...] = ()  # rules that differ in some rounds
    by_players: tuple[PlayerRules, ...] = ()  # rules that differ by the number of players

    @cached_property
    def natural_values(self) -> tuple[int, ...]:
        """Penalty value of each natural card code 0..51 (wild status aside); 0 for the
        ranks a stripped pack leaves out, which need no value."""
        base = [self.values.ranks[C.rank_of(c)] or 0 for c in range(C.NUM_NATURAL)]
        for cv in self.values.cards:
            base[C.parse_card(cv.card)] = cv.value
        return tuple(base)

    def rounds(self) -> int | None:
        return self.game.rounds

    def seated(self, n: int) -> Ruleset:
        """The rules at a table of ``n`` players: the sections its ``by_players`` entries
        replace swapped in (with their own rules by round, where they have them: players
        first, then rounds), and the partnerships settled for ``n`` (the team size, or
        nobody in teams where ``n`` plays alone); built once per ``n``."""
        p = self.partnerships
        changed = sections_for(self.by_players, n) if self.by_players else {}
        if not changed and (p is None or (p.size is not None and not p.players)):
            return self
        cache = self.__dict__.get("_seated") or attach(self, "_seated", {})
        if n not in cache:
            plain = {**to_plain(self), **changed, "by_players": []}
            if p is not None and not (p.size is not None and not p.players):
                plain["partnerships"] = None if p.at(n) is None else to_plain(p.at(n))
            cache[n] = from_dict(Ruleset, plain)
        return cache[n]

    def for_round(self, round: int) -> Ruleset:
        """The rules of round ``round``: these, with the sections its ``by_round`` entries
        replace swapped in (the compiler validated each such ruleset), and the round's wild
        rank where the cards dealt name it; each built once and kept on this object."""
        changed = sections_for(self.by_round, round) if self.by_round else {}
        if not changed and not self.wilds.dealt_rank:
            return self
        cache = self.__dict__.get("_rounds") or attach(self, "_rounds", {})
        key = tuple(sorted((k, id(v)) for k, v in changed.items()))
        if key not in cache:
            cache[key] = from_dict(Ruleset, {**to_plain(self), **changed, "by_round": []})
        rs = cache[key]
        rank = rs.dealt_wild_rank(round)
        if rank is None or rank in rs.wilds.ranks:
            return rs
        if (key, rank) not in cache:
            wilds = dataclasses.replace(rs.wilds, ranks=(*rs.wilds.ranks, rank))
            cache[key, rank] = dataclasses.replace(rs, wilds=wilds)
        return cache[key, rank]

    def dealt_wild_rank(self, round: int) -> str | None:
        """The rank wild in ``round`` under ``wild: rank of cards dealt``: the rank of the
        number of cards each player is dealt (A for 1, J Q K for 11 to 13); None without the
        rule, or past 13 cards (the compiler's E318 refuses a deal past 13 and one that
        differs by the number of players)."""
        if not self.wilds.dealt_rank:
            return None
        size = self.deal.hand_size(self.players.min, round)
        return C.RANKS[size - 1] if size is not None and 1 <= size <= 13 else None

    @property
    def values_count(self) -> bool:
        """Do card values decide anything? Always where hands are scored; under ``scoring:
        none`` only an opening's minimum, a knock's limit or a special hand's count."""
        return (self.scoring.method != "none" or self.opening.threshold is not None
                or bool(self.opening.by_score) or self.knock is not None
                or any(s.pattern == "count" for s in self.special))

    @property
    def knock_counts_all(self) -> bool:
        """Does a knock count every card in hand, none laid out in melds (Tonk's drop)?"""
        return self.knock is not None and self.knock.counts_all

    @property
    def gin_only(self) -> bool:
        """Is going gin the only knock (``knock: gin only``, Straight Gin)? A knock limit of
        no deadwood, whatever the upcard, in a game with gin."""
        k = self.knock
        return (k is not None and self.gin is not None and k.max_deadwood == 0
                and not k.by_upcard)

    @property
    def hands_never_grow(self) -> bool:
        """Does every turn take one card in and put one out? Not with pushing, out-of-turn
        claims, taking more than the top discard (500 Rum, Arlington), drawing more than
        one card from the stock (Samba) or a turn that draws without discarding."""
        t = self.turn
        return (t.push is None and t.claims is None and t.take_discards is None
                and t.stock_cards == 1
                and not t.play_or_draw and self.deal.second_hand is None)

    @property
    def hands_stay_small(self) -> bool:
        """Does a hand too small for a new meld stay so while nobody melds or lays off? Where
        every turn takes one card in and puts one out, a second hand aside or not: a packet
        is picked up only by a hand emptied by a meld or a lay-off."""
        if self.hands_never_grow or self.deal.second_hand is None:
            return self.hands_never_grow
        bare = dataclasses.replace(self, deal=dataclasses.replace(self.deal, second_hand=None))
        return bare.hands_never_grow

    @property
    def stalemate_applies(self) -> bool:
        """Does the stalemate rule (``stock.stalemate`` "end") ever end a hand here? Where
        players go out by melding on the table, so that it can be proved that nobody can go
        out (a hand too small for a new meld, where hands never grow; no new melds after
        opening; or, where hands may grow, too few cards off the table to make any meld: the
        engine's ``_stalemate``). Never where every hand is melded whole (the table stays
        empty until a player goes out), nor where hands grow and the table may be rearranged
        (table cards and hand cards then make new melds together)."""
        whole = self.turn.all_at_once is not None and self.turn.all_at_once == Between(1)
        t = self.turn
        # a table that may be rearranged makes new melds of table and hand cards alike
        provable = (self.hands_never_grow or not t.new_melds_after_opening
                    or (t.rearrange is None and not t.play_or_draw))
        return (self.stock.stalemate == "end" and self.going_out is not None
                and self.melds.on_table and not whole and provable)


def from_ir(ir: dict) -> Ruleset:
    """The compiled ruleset of a resolved, validated IR document."""
    return from_dict(Ruleset, ir)


def field_paths(tp=None, path: str = "") -> tuple[str, ...]:
    """Every leaf field of the ruleset's types (of ``tp``, default :class:`Ruleset`) in
    declaration order, list items written ``*``: the paths :func:`leaves` finds in an IR,
    read from the classes, so it lists a field no variant sets yet."""
    tp = Ruleset if tp is None else _bare(tp)
    if dataclasses.is_dataclass(tp):
        hints = typing.get_type_hints(tp)
        return tuple(p for f in dataclasses.fields(tp)
                     for p in field_paths(hints[f.name], f"{path}.{f.name}" if path else f.name))
    if typing.get_origin(tp) is tuple and _structured(tp):
        return field_paths(typing.get_args(tp)[0], path + ".*")
    return (path,)
