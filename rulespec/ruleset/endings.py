"""How a hand ends and what it scores: going out, knocking and gin, shows, drops, the
exhausted stock, rummy bonuses, scoring methods and the end of the game."""

from __future__ import annotations

from dataclasses import dataclass

# ---------------------------------------------------------------- ending and scoring


@dataclass(frozen=True)
class LongMelds:
    """Going out needs ``melds`` melds of ``size`` or more cards on the table, the player's
    own or (with partners) their side's: Canasta's canasta, one meld of seven."""

    melds: int
    size: int
    kinds: tuple[LongKind, ...] = ()  # by kind (each part its own melds); empty: any melds


@dataclass(frozen=True)
class LongKind:
    """One part of the long melds going out needs: ``melds`` of them, of ``kind`` ("meld":
    either kind, "set", "run"), ``wilds`` "natural" (no card standing as a wild card),
    "mixed" (one at least) or "any": Hand and Foot's two clean books and two dirty ones."""

    melds: int
    kind: str = "meld"
    wilds: str = "any"


@dataclass(frozen=True)
class GoingOut:
    final_discard: str = "optional"  # "optional" | "required" | "forbidden"
    last_turns: bool = False  # each other player has one more turn before the hand ends
    long: LongMelds | None = None  # the long melds going out needs on the table
    # and a bonus card laid out for each long meld of the side (Mexicana: "at least as many
    # red threes as it has canastas")
    bonus_each: bool = False
    # asking partner "may I go out?" (Canasta): None (no asking) | "may" | "must"; the
    # partner's yes or no binds the rest of the turn
    ask: str | None = None


@dataclass(frozen=True)
class ByUpcard:
    """A knock limit (0: gin only) or score multiplier when the upcard has ``rank``/``suit``."""

    value: int
    rank: str | None = None
    suit: str | None = None


@dataclass(frozen=True)
class Knock:
    max_deadwood: int | str  # "upcard": the value of the first upcard (Oklahoma Gin); "any"
    by_upcard: tuple[ByUpcard, ...] = ()  # the limit instead, for some upcards
    defender_lays_off: bool = True
    run_end_layoffs: int | None = None  # most laid off past each end of a run (OpenSpiel: 2)
    lay_out_max: int | None = None  # most cards per meld laid out after a knock (OpenSpiel: 5)
    before_draw: bool = False  # a player may also knock at the start of a turn, before drawing
    after_draw: bool = True  # a player may knock after drawing, with a card face down (Tonk: no)
    counts_all: bool = False  # a knock counts every card in hand, no melds laid out (Tonk)


@dataclass(frozen=True)
class Gin:
    big_gin: bool = False  # gin with all the cards after the draw, no discard


@dataclass(frozen=True)
class Show:
    """A declaration (show): the whole hand grouped, with at least ``sequences`` runs of
    which ``pure`` are without wilds (Indian Rummy: 2 and 1; by default none), the rest
    sets or runs."""

    sequences: int = 0
    pure: int = 0
    last_turns: bool = False  # each other player has one more turn before the hand ends


@dataclass(frozen=True)
class SpecialHand:
    """A hand that may (``must``: must) be declared, ``when`` it is dealt (before the first
    turn) or on the holder's ``turn`` after drawing, and ends the hand at once (Tonk's 49 or
    50 dealt, Marriage's dublees). ``pattern``: "count" (the hand counts ``least`` to
    ``most`` points, None: no bound), "pairs" (``pairs`` pairs of identical cards) or
    "one suit" (every card of one suit). Each other player owes their count times ``factor``
    or, where set, the fixed ``each``."""

    pattern: str
    when: str = "dealt"  # "dealt" | "turn"
    least: int | None = None
    most: int | None = None
    pairs: int | None = None
    must: bool = False
    factor: int | None = None
    each: int | None = None


@dataclass(frozen=True)
class BonusSet:
    """``count`` or more bonus cards held by one side score ``value`` in all, in place of
    so much each (Canasta: all 4 red threes, 800)."""

    count: int = 2
    value: int = 0


@dataclass(frozen=True)
class BonusCards:
    """Cards that never stay in a hand (Canasta's red threes, Samba's, a tile game's
    flowers): whoever is dealt or draws one from the stock lays it face up in front of them
    at once and gets another from the stock (one taken with the discard pile is laid out
    with no replacement). At the hand's end each scores ``each`` for its side, ``many``
    in all for a side with that many; under ``against_unmelded`` a side that has melded
    nothing loses those points instead."""

    cards: tuple[str, ...] = ()
    each: int = 0
    many: BonusSet | None = None
    against_unmelded: bool = False


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
    keep_top: bool = False  # the pile's top card stays as the discard pile (the rest is reused)
    outcome: str = "score"  # when the hand ends this way: "score" | "differences" | "void"
    # | "lose": each player's count is taken off their own total (Block Rummy)
    # once exhausted, the top discard may be taken: "any" | "knock" (only to knock at once) |
    # "none" (the hand ends) | "must" (only to meld it at once, and must be when it can be)
    last_discard: str = "any"
    stalemate: str = "end"  # a hand no one can ever go out of: "end" (scored as above) | "play on"


@dataclass(frozen=True)
class Rummy:
    """Going rummy: out in one turn without having melded or laid off before."""

    multiplier: int = 1
    bonus: int = 0


@dataclass(frozen=True)
class KnockScoring:
    undercut: int = 0
    undercut_stakes: int = 1  # under a stake: stakes a failed knocker pays each who beat it
    ties: str = "defender"  # who takes an equal count: "defender" | "knocker"
    gin: int = 0
    big_gin: int = 0
    # who wins a knock: "knocker" (settled with each defender in turn) | "lowest" (the lowest
    # hand, which collects the difference from every other player)
    winner: str = "knocker"


@dataclass(frozen=True)
class MeldBonus:
    """What a meld of ``size`` or more cards on the table scores its owner besides its
    cards (Canasta's canasta of seven: 500 with no wild card, 300 with one)."""

    size: int
    natural: int
    mixed: int


@dataclass(frozen=True)
class WildBonus:
    """What a meld of ``size`` or more cards, every one of them a wild card standing for
    another, scores its owner (Pennies from Heaven's wild canasta: 1000; Bolivia's bolivia:
    2500)."""

    size: int
    points: int


@dataclass(frozen=True)
class RankBonus:
    """What a set of ``rank`` (a natural card of it at least) of ``size`` or more cards
    scores its owner (Pennies from Heaven's canasta of sevens: 1500)."""

    rank: str
    size: int
    natural: int
    mixed: int


@dataclass(frozen=True)
class KindBonus:
    """A long meld's bonus by its kind (``scoring: run of 7+ cards = +1500``: Samba's
    samba), which a set or run that reaches its size earns instead of ``meld_bonus``; a
    meld of wild cards only (``wild``) and a set of a rank (``ranks``) earn theirs before
    any other."""

    set: MeldBonus | None = None
    run: MeldBonus | None = None
    wild: WildBonus | None = None
    ranks: tuple[RankBonus, ...] = ()

    def of(self, kind: str) -> MeldBonus | None:
        return self.set if kind == "set" else self.run

    def of_rank(self, rank: str) -> RankBonus | None:
        return next((b for b in self.ranks if b.rank == rank), None)


@dataclass(frozen=True)
class Scoring:
    # "winner collects" | "penalty" | "knock" | "owner" (each seat scores the cards it put on
    # the table, less the cards left in its hand: 500 Rum)
    method: str = "winner collects"
    count: str = "all"  # "all" | "unmatched" | "show": which cards of a losing hand count
    cap: int | None = None
    rummy: Rummy | None = None
    knock: KnockScoring | None = None
    wrong_show: int | None = None
    out_bonus: int | None = None  # what the player who goes out scores besides (Persian Rummy)
    meld_bonus: MeldBonus | None = None  # a long meld's bonus to its owner (Canasta)
    kind_bonus: KindBonus = KindBonus()  # the same by kind, first where it applies (Samba)
    second_hand_untaken: int | None = None  # a side whose packet was never taken scores this
    unopened: int | None = None  # what a hand counts whose player has not opened (Rummy 51)
    valid_show: int | None = None  # a loser whose own show is valid scores this
    by_upcard: tuple[ByUpcard, ...] = ()  # every score of the hand times value (spades double)
    # who pays whom: None (scores are points won, nobody pays) | "winner" (each loser pays the
    # winner what it owes) | "pairs" (every two players settle the difference of their counts)
    settle: str | None = None
    # a stake per hand: each loser owes the winner this, not its count (multipliers apply)
    stake: int | None = None


@dataclass(frozen=True)
class GameBonus:
    """Bonuses added to the totals when the game ends (Gin's game, line and shutout
    bonuses): ``win`` to the winner of the game, ``per_hand`` to every player for each hand
    they won, and the winner's total (bonuses included) times ``shutout`` when some other
    player won no hand."""

    win: int = 0
    per_hand: int = 0
    shutout: int = 1


@dataclass(frozen=True)
class GameEnd:
    target: int | None = None  # first to reach this total
    rounds: int | None = None  # a fixed number of deals
    eliminate: int | None = None  # pool: a player at or over this total is out
    hands: int | None = None  # the first player (or side) to win this many hands wins
    winner: str = "highest"  # "highest" | "lowest"
    bonus: GameBonus | None = None  # added when the game ends
    # how the game is settled when it ends: None (the totals stand) | "difference" (each
    # other player pays the winner the difference between their totals: 500 Rum, Bicycle)
    settle: str | None = None
    # no end: hands are played for as long as the players like, a running total kept
    endless: bool = False
