"""The table and the cards: players and partnerships, packs and jokers, card values, wild
cards and what makes a meld."""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C

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
    """Fixed partnerships; partners sit opposite, so seats alternate between teams.
    ``size`` None: as many in a team as the players divide into (two teams of two with
    four, of three with six). ``players``: the player counts that play in teams; at the
    others everyone plays alone (empty: every count the rules allow)."""

    teams: int
    size: int | None = None
    players: tuple[Between, ...] = ()

    def teamed(self, n: int) -> bool:
        """Do ``n`` players play in these teams (rather than each alone)?"""
        return not self.players or any(n in b for b in self.players)

    def at(self, n: int) -> Partnerships | None:
        """The partnerships at a table of ``n``: with the team size settled, or None where
        those players play alone."""
        return Partnerships(self.teams, n // self.teams) if self.teamed(n) else None


@dataclass(frozen=True)
class PackRule:
    """How many packs are used with a given number of players (``players`` None: always)."""

    packs: int
    players: Between | None = None


@dataclass(frozen=True)
class JokerRule:
    """How many jokers are used with a given number of players (Progressive Rummy: one
    with three or four, two with five to eight), in place of ``Deck.jokers``."""

    jokers: int
    players: Between


@dataclass(frozen=True)
class Deck:
    packs: tuple[PackRule, ...] = (PackRule(1),)
    jokers: int = 0
    jokers_per_pack: bool = False  # True: ``jokers`` for every pack in play
    jokers_by: tuple[JokerRule, ...] = ()  # the jokers for some numbers of players
    tiles: bool = False  # tiles numbered 1-13 in four colours (the suits), written ``R7``
    without: tuple[str, ...] = ()  # ranks taken out of every pack (a stripped pack), A..K order

    @property
    def ranks(self) -> tuple[int, ...]:
        """The rank indexes every pack holds, lowest first: the order runs follow (a
        stripped pack's runs skip the ranks taken out, 7-J-Q without 8s, 9s and 10s)."""
        gone = {C.rank_index(r) for r in self.without}
        return tuple(i for i in range(13) if i not in gone)

    @property
    def pack_size(self) -> int:
        """Cards in one pack: 52, less four for each rank taken out."""
        return 4 * len(self.ranks)

    def packs_for(self, players: int) -> int:
        for rule in self.packs:
            if rule.players is None or players in rule.players:
                return rule.packs
        return self.packs[-1].packs

    def jokers_for(self, players: int) -> int:
        for rule in self.jokers_by:
            if players in rule.players:
                return rule.jokers
        return self.jokers * (self.packs_for(players) if self.jokers_per_pack else 1)

    @property
    def has_jokers(self) -> bool:
        """Are there jokers with some number of players?"""
        return self.jokers > 0 or any(r.jokers for r in self.jokers_by)

    def size(self, players: int) -> int:
        return self.pack_size * self.packs_for(players) + self.jokers_for(players)


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
    acting as a wild card is worth, printed jokers too unless ``joker`` gives their own."""

    ranks: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10)
    joker: int | None = None
    wild: int | None = None
    cards: tuple[CardValue, ...] = ()
    ace_low_run: int | None = None  # an ace low in a run (A-2-3) on the table is worth this
    ace_high_run: int | None = None  # an ace high in a run (Q-K-A) on the table
    ace_corner_run: int | None = None  # an ace between a king and a two (K-A-2) on the table
    # what a card counts melded, where that differs from its value in hand (Bolivia's black
    # threes: 5 melded, 100 left in hand); on the table and towards an opening
    melded: tuple[CardValue, ...] = ()


@dataclass(frozen=True)
class Replace:
    """Taking a wild card off the table by putting the natural card it stands for there."""

    melds: tuple[str, ...] = ("run", "set")  # kinds of meld a wild may be taken from
    reuse_this_turn: bool = False  # the wild taken must be melded again this turn
    after_opening: bool = False  # only a player who has opened (gone down) may do it
    jokers_only: bool = False  # only printed jokers are taken back, not other wilds (Pinnacola)


@dataclass(frozen=True)
class Wilds:
    jokers: bool = False  # printed jokers are wild
    ranks: tuple[str, ...] = ()  # whole ranks that are wild, e.g. ("2",)
    cards: tuple[str, ...] = ()  # named wild cards, e.g. ("AH", "AD")
    cut: bool = False  # a card is cut each deal; every card of its rank is wild
    dealt_rank: bool = False  # the rank of the number of cards dealt is wild (3s with 3 cards)
    cut_joker_rank: str | None = None  # the rank that is wild when the cut card is a joker
    as_natural: str = "never"  # "never" | "runs" | "always": a wild may stand for itself
    max_per_meld: int | None = None
    # natural cards every meld with a wild card holds at least (Canasta: "at least two
    # natural cards"); melds of wild cards only are under ``all_wild``
    min_naturals: int | None = None
    not_outnumber: bool = False  # wilds may not outnumber natural cards in a meld
    naturals_outnumber: bool = False  # stricter: more natural cards than wild ones (H&F)
    all_wild: str = "never"  # "never" | "sets" | "any": melds made only of wild cards
    # a set of wild cards alone is a meld of its own that takes no rank (Cuban Canasta's
    # wild canasta): not one of a side's sets of each rank, and only wild cards join it;
    # False: it is declared as a set of some rank (not one whose cards are all wild)
    all_wild_own: bool = False
    only_in: str | None = None  # "run" | "set": the one kind of meld a wild card may join
    replace: Replace | None = None
    # cards no wild card may stand for (Oklahoma Rummy: "a deuce may not be used to
    # represent the queen of spades"); ``not_for_by``: the wild rank the rule names, if any
    not_for: tuple[str, ...] = ()
    not_for_by: str | None = None

    @property
    def any(self) -> bool:
        """Is any card wild (jokers, whole ranks, named cards or the cut rank)?"""
        return bool(self.jokers or self.ranks or self.cards or self.cut or self.dealt_rank)


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
    # "side" | "player": a side (or each player) may have only one set of each rank on
    # the table; more cards of that rank are laid off onto it (Canasta)
    one_per_rank: str | None = None
    # cards no meld may hold, nor a wild card stand for (Hand and Foot's black threes)
    barred: tuple[str, ...] = ()
    # cards no run may hold, nor a wild card stand for in one (Samba's threes)
    barred_runs: tuple[str, ...] = ()
    # cards melded only by the meld that goes out, as a set of them alone with no wild
    # card (Canasta's black threes); in no other meld
    going_out_only: tuple[str, ...] = ()
    # the size of the set they go out with (``, as a set of 3 or 4``); None: a set's size
    going_out_size: Between | None = None


@dataclass(frozen=True)
class TableRules:
    """How melds on the table keep their shape (issue 16, item 3). The interpreter always
    plays these (a meld on the table is never split or joined, its wild cards never move,
    a meld that reads more than one way is named by its move); the fields say whether the
    variant's rules state them, so that its page does."""

    separate: bool = False  # melds are never split or joined, only extended
    wilds_stay: bool = False  # a wild card keeps the place it was melded in
    # "freely" | "once": a wild card at an end of a run moves to the other end when the
    # natural card it stands for is laid off (Double Rum); "once": each wild card once
    end_wilds_move: str = "never"
    declare: str = "unsaid"  # "said": a meld read more than one way is declared; "by place":
    # an undeclared wild card in a run stands for its place
