"""The compiled ruleset: frozen, typed, and the only thing the engine, the meld code and
the rulebook read.

The IR (plain JSON) has exactly these field names, plus an ``at`` source span on each
node; :func:`from_ir` builds these classes from it. Every field is a rule a variant file
can state; its default is what the compiler assumes when the file is silent.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import dataclass
from functools import cached_property

from . import cards as C
from .memo import table

# ---------------------------------------------------------------- small pieces


@dataclass(frozen=True)
class Between:
    """An inclusive range of whole numbers; ``max`` None means no upper limit."""

    min: int
    max: int | None = None

    def __contains__(self, n: int) -> bool:
        return n >= self.min and (self.max is None or n <= self.max)


# ---------------------------------------------------------------- table and cards


@dataclass(frozen=True)
class Partnerships:
    """Fixed partnerships; partners sit opposite, so seats alternate between teams."""

    teams: int
    size: int


@dataclass(frozen=True)
class PackRule:
    """How many packs are used with a given number of players (``players`` None: always)."""

    packs: int
    players: Between | None = None


@dataclass(frozen=True)
class Deck:
    packs: tuple[PackRule, ...] = (PackRule(1),)
    jokers: int = 0
    jokers_per_pack: bool = False  # True: ``jokers`` for every pack in play

    def packs_for(self, players: int) -> int:
        for rule in self.packs:
            if rule.players is None or players in rule.players:
                return rule.packs
        return self.packs[-1].packs

    def jokers_for(self, players: int) -> int:
        return self.jokers * (self.packs_for(players) if self.jokers_per_pack else 1)

    def size(self, players: int) -> int:
        return 52 * self.packs_for(players) + self.jokers_for(players)


@dataclass(frozen=True)
class Aces:
    """Where an ace may stand in a run: ``low`` (A-2-3), ``high`` (Q-K-A), ``either``
    (one or the other, not both in one run) or ``around`` (round the corner, K-A-2)."""

    mode: str = "low"


@dataclass(frozen=True)
class CardValue:
    """The value of one named card, overriding its rank (e.g. the red aces)."""

    card: str
    value: int


@dataclass(frozen=True)
class Values:
    """Card values: ``ranks`` has 13 entries, A..K. ``wild`` (when set) is what any card
    acting as a wild card is worth, printed jokers included."""

    ranks: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    joker: int | None = None
    wild: int | None = None
    cards: tuple[CardValue, ...] = ()


@dataclass(frozen=True)
class Replace:
    """Taking a wild card off the table by putting the natural card it stands for there."""

    melds: tuple[str, ...] = ("run", "set")  # kinds of meld a wild may be taken from
    reuse_this_turn: bool = False  # the wild taken must be melded again this turn
    after_opening: bool = False  # only a player who has opened (gone down) may do it


@dataclass(frozen=True)
class Wilds:
    jokers: bool = False  # printed jokers are wild
    ranks: tuple[str, ...] = ()  # whole ranks that are wild, e.g. ("2",)
    cards: tuple[str, ...] = ()  # named wild cards, e.g. ("AH", "AD")
    cut: bool = False  # a card is cut each deal; every card of its rank is wild
    cut_joker_rank: str | None = None  # the rank that is wild when the cut card is a joker
    as_natural: str = "never"  # "never" | "runs" | "always": a wild may stand for itself
    max_per_meld: int | None = None
    not_outnumber: bool = False  # wilds may not outnumber natural cards in a meld
    all_wild: str = "never"  # "never" | "sets" | "any": melds made only of wild cards
    replace: Replace | None = None


@dataclass(frozen=True)
class SetRule:
    min: int = 3
    max: int | None = 4
    suits: str = "distinct"  # "distinct": no two cards of one suit; "any"


@dataclass(frozen=True)
class RunRule:
    min: int = 3
    max: int | None = None


@dataclass(frozen=True)
class Melds:
    set: SetRule | None = SetRule()
    run: RunRule | None = RunRule()
    on_table: bool = True  # False (Gin): melds stay in hand until the hand ends


# ---------------------------------------------------------------- deal and turn


@dataclass(frozen=True)
class HandSize:
    cards: int
    players: Between | None = None
    rounds: Between | None = None


@dataclass(frozen=True)
class Deal:
    sizes: tuple[HandSize, ...] = ()
    starter_extra: int = 0  # extra cards to the player who starts
    upcard: bool = True  # one card turned up to start the discard pile
    upcard_wild: str = "keep"  # "keep" | "bury": a wild upcard is buried in the stock
    offer: tuple[str, ...] = ()  # the upcard is offered first, e.g. ("non-dealer", "dealer")
    rotation: str = "left"  # "left" (clockwise) | "right": where the deal passes next

    def hand_size(self, players: int, round: int = 1) -> int | None:
        fits = [s.cards for s in self.sizes if (s.players is None or players in s.players)
                and (s.rounds is None or round in s.rounds)]
        return fits[0] if fits else None


@dataclass(frozen=True)
class Push:
    """Push's draw: a player who does not want the top discard pushes it, with the top
    stock card, to the next player, then takes a card from ``then``."""

    then: str = "stock"  # "stock" | "discard" (falls back to the stock when empty)


@dataclass(frozen=True)
class Claims:
    """"May I?": when the player in turn passes the top discard, another may claim it."""

    penalty: int = 1  # cards drawn from the stock as a penalty with the claim
    priority: str = "nearest"  # nearest in turn order to the player in turn wins
    wait: bool = True  # the claimer may not meld until their next regular turn


@dataclass(frozen=True)
class LayOff:
    onto: str = "any"  # "any" | "own" | "team": whose melds cards may go onto
    requires: str = "nothing"  # "nothing" | "own meld" | "opening"


@dataclass(frozen=True)
class Turn:
    draw_from: tuple[str, ...] = ("stock", "discard")
    starter_draws: bool = True  # False: the starter does not draw on the very first turn
    push: Push | None = None
    claims: Claims | None = None
    melds_per_turn: int | None = None
    all_at_once: Between | None = None  # rounds in which a hand may only be melded whole
    new_melds_after_opening: bool = True
    layoff: LayOff | None = LayOff()
    discard_taken: bool = True  # may the card just taken from the discard pile go straight back
    meld_taken_at_once: bool = False  # the card taken from the discard pile must be melded first
    # stalemate breakers (OpenSpiel's gin): the hand is void at the Nth draw from the
    # discard pile, or when N turns in a row end by throwing back the card just taken
    max_discard_draws: int | None = None
    void_after_throw_backs: int | None = None


@dataclass(frozen=True)
class Requirement:
    kind: str  # "set" | "run"
    count: int
    size: int


@dataclass(frozen=True)
class Contract:
    """What a player must meld first in ``round``; any one of ``options`` will do."""

    round: int
    options: tuple[tuple[Requirement, ...], ...]


@dataclass(frozen=True)
class Opening:
    contracts: tuple[Contract, ...] = ()
    exact: bool = False  # the opening may not go beyond the contract
    threshold: int | None = None  # the opening melds must be worth at least this
    values: Values | None = None  # values that count towards the threshold
    wild_counts_as_natural: bool = True  # a wild counts the value of the card it stands for

    def contract(self, round: int) -> Contract | None:
        for c in self.contracts:
            if c.round == round:
                return c
        return None


# ---------------------------------------------------------------- ending and scoring


@dataclass(frozen=True)
class GoingOut:
    final_discard: str = "optional"  # "optional" | "required" | "forbidden"


@dataclass(frozen=True)
class ByUpcard:
    """A knock limit (0: gin only) or score multiplier when the upcard has ``rank``/``suit``."""

    value: int
    rank: str | None = None
    suit: str | None = None


@dataclass(frozen=True)
class Knock:
    max_deadwood: int | str  # "upcard": the value of the first upcard (Oklahoma Gin)
    by_upcard: tuple[ByUpcard, ...] = ()  # the limit instead, for some upcards
    defender_lays_off: bool = True
    run_end_layoffs: int | None = None  # most laid off past each end of a run (OpenSpiel: 2)
    lay_out_max: int | None = None  # most cards per meld laid out after a knock (OpenSpiel: 5)


@dataclass(frozen=True)
class Gin:
    big_gin: bool = False  # gin with all the cards after the draw, no discard


@dataclass(frozen=True)
class Show:
    """A declaration (show): the whole hand grouped, with at least ``sequences`` runs of
    which ``pure`` are without wilds, the rest sets or runs."""

    sequences: int = 2
    pure: int = 1


@dataclass(frozen=True)
class Drops:
    first: int
    middle: int
    misses: int | None = None  # this many missed turns in a row count as a middle drop


@dataclass(frozen=True)
class Exhaustion:
    """What happens when a player wants to draw and the stock is empty (or down to
    ``remaining`` cards)."""

    remaining: int = 0
    action: str = "turn over"  # "turn over" | "shuffle" | "end"
    times: int | None = None  # how often the pile may be reused; None: no limit
    outcome: str = "score"  # when the hand ends this way: "score" | "differences" | "void"
    last_discard: str = "any"  # once exhausted, the top discard may be taken: "any" | "knock" (only to knock at once) | "none" (the hand ends)
    stalemate: str = "end"  # a hand no one can ever go out of: "end" (scored as above) | "play on"


@dataclass(frozen=True)
class Rummy:
    """Going rummy: out in one turn without having melded or laid off before."""

    multiplier: int = 1
    bonus: int = 0


@dataclass(frozen=True)
class KnockScoring:
    undercut: int = 0
    ties: str = "defender"  # who takes an equal count: "defender" | "knocker"
    gin: int = 0
    big_gin: int = 0


@dataclass(frozen=True)
class Scoring:
    method: str = "winner collects"  # "winner collects" | "penalty" | "knock"
    count: str = "all"  # "all" | "unmatched" | "show": which cards of a losing hand count
    cap: int | None = None
    rummy: Rummy | None = None
    knock: KnockScoring | None = None
    wrong_show: int | None = None
    valid_show: int | None = None  # a loser whose own show is valid scores this
    by_upcard: tuple[ByUpcard, ...] = ()  # every score of the hand times value (spades double)


@dataclass(frozen=True)
class GameEnd:
    target: int | None = None  # first to reach this total
    rounds: int | None = None  # a fixed number of deals
    eliminate: int | None = None  # pool: a player at or over this total is out
    winner: str = "highest"  # "highest" | "lowest"


@dataclass(frozen=True)
class Terms:
    """The words the variant's own rules use, so that its rulebook speaks them; play does
    not depend on them. ``set``: "set" | "trio"; ``run``: "run" | "sequence" | "straight";
    ``opening``: "opening" | "going down"."""

    set: str = "set"
    run: str = "run"
    opening: str = "opening"


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
    deal: Deal = Deal()
    turn: Turn = Turn()
    opening: Opening = Opening()
    going_out: GoingOut | None = GoingOut()
    knock: Knock | None = None
    gin: Gin | None = None
    show: Show | None = None
    drops: Drops | None = None
    stock: Exhaustion = Exhaustion()
    scoring: Scoring = Scoring()
    game: GameEnd = GameEnd()
    partnerships: Partnerships | None = None
    terms: Terms = Terms()
    not_enforced: tuple[str, ...] = ()  # rules of the game the interpreter does not play
    origin: Origin | None = None

    @cached_property
    def natural_values(self) -> tuple[int, ...]:
        """Penalty value of each natural card code 0..51 (wild status aside)."""
        base = [self.values.ranks[C.rank_of(c)] for c in range(C.NUM_NATURAL)]
        for cv in self.values.cards:
            base[C.parse_card(cv.card)] = cv.value
        return tuple(base)

    def rounds(self) -> int | None:
        return self.game.rounds

    @property
    def stalemate_applies(self) -> bool:
        """Does the stalemate rule (``stock.stalemate`` "end") ever end a hand here? Only
        where it can be proved that nobody can go out: players go out by melding on the
        table, and hands never grow (no push, no out-of-turn claims)."""
        return (self.stock.stalemate == "end" and self.going_out is not None and self.melds.on_table
                and self.turn.push is None and self.turn.claims is None)


# ---------------------------------------------------------------- from IR


def _convert(tp, value):
    """Turn a JSON value into ``tp`` (a dataclass, tuple[...], optional, or scalar)."""
    if value is None:
        return None
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        inner = [a for a in typing.get_args(tp) if a is not type(None)]
        return _convert(inner[0], value)
    if origin is tuple:
        (item, *_rest) = typing.get_args(tp)
        return tuple(_convert(item, v) for v in value)
    if dataclasses.is_dataclass(tp):
        return from_dict(tp, value)
    return value


_HINTS: dict[type, dict] = table()


def from_dict(cls, data: dict):
    """Build dataclass ``cls`` from a JSON object, ignoring spans (``at``) and unknown keys."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in data:
            kwargs[f.name] = _convert(hints[f.name], data[f.name])
    return cls(**kwargs)


def from_ir(ir: dict) -> Ruleset:
    """The compiled ruleset of a resolved, validated IR document."""
    return from_dict(Ruleset, ir)


def to_plain(obj):
    """A dataclass tree as plain JSON data (the inverse of :func:`from_dict`)."""
    if dataclasses.is_dataclass(obj):
        return {f.name: to_plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, tuple | list):
        return [to_plain(v) for v in obj]
    return obj


# ---------------------------------------------------------------- leaves


def leaves(doc, path: str = "") -> dict[str, object]:
    """Every leaf of a plain JSON document (an IR) by its dotted path, list items by their
    index (``deal.sizes.0.cards``); a list of plain values is one leaf, and so is a null.
    The one walk behind everything that compares rules field by field (``rulespec diff``,
    the test that every field is used), so that a new field, however deep, is in it."""
    if isinstance(doc, dict):
        items = doc.items()
    elif isinstance(doc, list) and any(isinstance(v, dict | list) for v in doc):
        items = ((str(i), v) for i, v in enumerate(doc))
    else:
        return {path: doc}
    out: dict[str, object] = {}
    for key, value in items:
        out.update(leaves(value, f"{path}.{key}" if path else key))
    return out


def field_pattern(path: str) -> str:
    """A leaf's path with its list indices written ``*`` (``deal.sizes.*.cards``): the
    field of :func:`field_paths` it is a value of."""
    return ".".join("*" if part.isdigit() else part for part in path.split("."))


def _bare(tp):
    """``tp`` without its ``| None``."""
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return next(a for a in typing.get_args(tp) if a is not type(None))
    return tp


def _structured(tp) -> bool:
    """Are values of ``tp`` dataclasses, or tuples of them (at any depth)?"""
    tp = _bare(tp)
    return _structured(typing.get_args(tp)[0]) if typing.get_origin(tp) is tuple else dataclasses.is_dataclass(tp)


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
