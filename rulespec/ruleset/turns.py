"""A hand from the deal to the discard: deal sizes, the turn (draws, pushes, claims, lay-offs),
opening requirements and contracts."""

from __future__ import annotations

from dataclasses import dataclass

from .. import cards as C
from .table import Between, Values

# ---------------------------------------------------------------- deal and turn


@dataclass(frozen=True)
class HandSize:
    cards: int
    players: Between | None = None
    rounds: Between | None = None


@dataclass(frozen=True)
class SecondHand:
    """Packets of cards set aside face down at the deal (Buraco's morto, Hand and Foot's
    foot): a player who empties their hand takes their packet (their side's, with
    ``per`` "side") and plays on instead of going out (issue 15, "Reach")."""

    size: int
    per: str = "side"  # "side" (one per team; per player without partners) | "player"
    after_discard: str = "next turn"  # emptied by a discard: taken "at once" | "next turn"
    # also taken at once by a player who completes a meld of this many cards (Pennies from
    # Heaven: the packet is picked up on completing a canasta); None: only an empty hand
    on_long: int | None = None


@dataclass(frozen=True)
class Deal:
    sizes: tuple[HandSize, ...] = ()
    starter_extra: int = 0  # extra cards to the player who starts
    upcard: bool = True  # one card turned up to start the discard pile
    # "keep" | "bury": a wild upcard is buried in the stock | "cover": another card is
    # turned on it (Canasta)
    upcard_wild: str = "keep"
    offer: tuple[str, ...] = ()  # the upcard is offered first, e.g. ("non-dealer", "dealer")
    rotation: str = "left"  # "left" (clockwise) | "right": where the deal passes next
    at_a_time: int | None = None  # cards dealt to a player at a time (None: the rules do not say)
    second_hand: SecondHand | None = None  # packets set aside after the hands (morto, foot)

    def hand_size(self, players: int, round: int = 1) -> int | None:
        fits = [s.cards for s in self.sizes if (s.players is None or players in s.players)
                and (s.rounds is None or round in s.rounds)]
        return fits[0] if fits else None


def cut_rank(card: int) -> int:
    """A card's rank in a cut for the deal: aces low, kings high, a joker lowest of all
    (the rulebook says the same, from :data:`CUT_ORDER`)."""
    return -1 if card == C.JOKER else C.rank_of(card)


#: how the page says :func:`cut_rank` (the joker's part only for a deck with jokers)
CUT_ORDER = "aces count low and kings high"
CUT_JOKER = "a joker lower than an ace"


@dataclass(frozen=True)
class Seating:
    """Who deals first, who deals next, and which way play goes (issue 15, construct 11).
    The deal's own direction is :attr:`Deal.rotation`."""

    first_dealer: str = "random"  # "random" | "high card" | "low card": of a cut
    next_dealer: str = "in turn"  # "in turn" | "winner" | "loser" of the hand just played
    play: str = "left"  # "left" (clockwise) | "right": the seat that plays next
    first_player: str = "after dealer"  # "after dealer" | "dealer" | "winner": who starts a
    # hand ("winner": the last hand's winner, the first hand as "after dealer")

    @property
    def step(self) -> int:
        """The seat after a seat the way play goes: +1 to the left, -1 to the right."""
        return -1 if self.play == "right" else 1

    def starter(self, dealer: int, after_dealer: int, winner: int | None = None) -> int:
        """The seat that starts a hand (and gets the starting player's extra cards), given
        the dealer, the seat after the dealer the way play goes, and the last hand's winner
        (None: the first hand, or a hand nobody won)."""
        if self.first_player == "winner" and winner is not None:
            return winner
        return dealer if self.first_player == "dealer" else after_dealer


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
    per_hand: int | None = None  # most claims each player may make in one hand; None: any
    before_opening: bool = False  # only a player who has not opened (gone down) may claim
    # the claimer melds the card at once and plays on from there, discarding; the players
    # between lose their turn (Desmoche, Seven Bridge's pon)
    takes_turn: bool = False


@dataclass(frozen=True)
class LayOff:
    onto: str = "any"  # "any" | "own" | "team": whose melds cards may go onto
    requires: str = "nothing"  # "nothing" | "own meld" | "opening" | "earlier opening"


@dataclass(frozen=True)
class Rearrange:
    """Table manipulation: during a turn a player may take cards off the table's melds
    and lay them again, one small move at a time, as long as every meld is valid when
    the turn ends (a ``reset`` puts the table back as the turn found it)."""

    melds: str = "any"  # "any" | "own": which melds may be taken apart
    after_opening: bool = True  # only a player who has opened may rearrange
    max_moves: int = 30  # rearranging moves per turn, so that every turn ends


@dataclass(frozen=True)
class TakeDiscards:
    """Taking more than the top discard: down to any card (``any``: that card and every
    card above it), the whole pile (``whole``) or its top ``top_cards`` cards (``top``:
    Hand and Foot's seven; the whole pile when it holds fewer), one move per depth;
    ``top_alone`` False: the top card is taken only with the rest (Canasta). ``meld_owed``:
    one card of the take, the deepest (500 Rum) or the top one (``owed == "top"``: Canasta,
    Oklahoma Rummy), must
    go on the table, by the first move after the take or, ``meld_owed_by == "turn"``, before
    the turn ends. ``frozen_by``: what freezes the pile below it (``wild``: a wild card
    discarded onto it); ``frozen_unopened``: the pile under its top card is frozen for a
    player whose side has not opened; ``frozen_always``: for every player, all the time;
    ``frozen_upcard``: while a card it names, turned up at the deal, lies in the pile.
    ``frozen_take``: how a frozen pile may still be
    taken (``natural_pair``: melding its top card at once with two natural cards of its
    rank from the hand; None: never below the freeze)."""

    down_to: str = "any"  # "any" | "whole" | "top" (the top ``top_cards``, Hand and Foot)
    top_cards: int | None = None  # with ``top``: how many cards a take is (fewer: all of them)
    top_alone: bool = True  # the top card may be taken by itself (the ordinary draw)
    meld_owed: bool = False
    owed: str = "deepest"  # "deepest" | "top": the card of the take that must be melded
    meld_owed_by: str = "move"  # "move" | "turn": when the owed card must be melded
    # the top card owed is melded with cards of the hand held before the take, or laid
    # off; the rest of the pile joins the hand only then (Canasta)
    from_hand: bool = False
    frozen_by: str | None = None  # "wild": no card under a discarded wild card may be taken
    frozen_unopened: bool = False  # frozen under the top card until the player's side opened
    frozen_take: str | None = None  # "natural_pair": a frozen pile taken with a natural pair
    frozen_always: bool = False  # frozen under the top card all the time (Cuban Canasta)
    # cards ("3H"; "JK"; "wild") that, turned up as the upcard, freeze the pile under its
    # top card until the pile is taken (Mexicana's red three)
    frozen_upcard: tuple[str, ...] = ()

    def depths(self, pile: int) -> tuple[int, ...] | range:
        """The numbers of cards (2 or more) a take may be from a pile of ``pile`` cards."""
        if pile < 2:
            return ()
        if self.down_to == "any":
            return range(2, pile + 1)
        if self.down_to == "top":
            return (min(self.top_cards, pile),) if self.top_cards and pile >= 2 else ()
        return (pile,)

    def owed_card(self, taken) -> int:
        """The card of ``taken`` (bottom card first) that must go on the table."""
        return taken[-1] if self.owed == "top" else taken[0]


@dataclass(frozen=True)
class ShortHand:
    """A player holding ``hand`` cards or fewer may not take from the discard pile (Canasta's
    one card in hand), while the pile holds ``pile`` cards or fewer (None: whatever it holds)."""

    hand: int = 1
    pile: int | None = None


@dataclass(frozen=True)
class TopTaken:
    """Where the top card of a take from the discard pile may go in the turn it is taken
    (Bolivia, Samba): ``runs`` "any", "lay off" (onto a run on the table, never to start
    one) or "never" (only in sets); ``full``: a meld of that many cards or more is closed
    to it (a completed canasta), None: none is."""

    runs: str = "any"
    full: int | None = None


@dataclass(frozen=True)
class Turn:
    draw_from: tuple[str, ...] = ("stock", "discard")
    stock_cards: int = 1  # cards a turn's draw from the stock takes (Samba, Hand and Foot: 2)
    starter_draws: bool = True  # False: the starter does not draw on the very first turn
    push: Push | None = None
    claims: Claims | None = None
    melds_per_turn: int | None = None
    all_at_once: Between | None = None  # rounds in which a hand may only be melded whole
    new_melds_after_opening: bool = True
    layoff: LayOff | None = LayOff()
    discard_taken: bool = True  # may the card just taken from the discard pile go straight back
    discard_until_opening: bool = False  # the discard pile is closed to a player who has opened
    stock_first_round: bool = False  # each player's first turn of a hand draws from the stock
    short_hand: ShortHand | None = None  # a hand this small may not take from the discard pile
    top_taken: TopTaken | None = None  # where the top card of a take may go that turn
    meld_taken: bool = False  # the card taken from the discard pile must be melded
    meld_taken_by: str = "move"  # by the first move after taking it, or by the turn's end
    meld_taken_before_opening: bool = False  # only a player who has not opened must (Rommé)
    take_discards: TakeDiscards | None = None  # None: only the top discard may be taken
    discard_stops: tuple[str, ...] = ()  # cards ("3S") that, on top, close the discard pile
    # cards ("QS"; "JK" a printed joker; "wild" every wild card) that may be discarded only
    # when the hand holds nothing else (Oklahoma Rummy's queen of spades: as the last card)
    discard_barred: tuple[str, ...] = ()
    # cards barred so only in the first round of turns (Canasta's black threes)
    discard_barred_first: tuple[str, ...] = ()
    discard_squared: bool = False  # only the top discard can be seen (Oklahoma Rummy, Samba)
    use_drawn: bool = False  # the card drawn must be melded this turn or else discarded
    # stalemate breakers (OpenSpiel's gin): the hand is void at the Nth draw from the
    # discard pile, or when N turns in a row end by throwing back the card just taken
    max_discard_draws: int | None = None
    void_after_throw_backs: int | None = None
    # a turn is either playing to the table or drawing one card (no discard; Rummikub)
    play_or_draw: bool = False
    rearrange: Rearrange | None = None  # the melds on the table may be rearranged


@dataclass(frozen=True)
class Requirement:
    """``count`` melds of ``kind``, each of at least ``size`` cards (exactly, with ``exact``)."""

    kind: str  # "set" | "run"
    count: int
    size: int | None
    exact: bool = False

    def words(self, size: int | None = None) -> str:
        """The requirement as a player says it: "2 sets of exactly 3"."""
        size = self.size if size is None else size
        text = f"{self.count} {self.kind}{'s' if self.count > 1 else ''}"
        if size:
            text += " of exactly " + str(size) if self.exact else f" of {size}"
        return text


@dataclass(frozen=True)
class Contract:
    """What a player must meld first in ``round``; any one of ``options`` will do. Round 0:
    every round that has no contract of its own (``opening: 1 run of 3``)."""

    round: int
    options: tuple[tuple[Requirement, ...], ...]


@dataclass(frozen=True)
class ScoreThreshold:
    """An opening threshold for a player (or side) whose game total is at least ``least``
    and below ``below`` (None: no bound): Canasta's 90 from 1500 points, 15 below 0."""

    threshold: int
    least: int | None = None
    below: int | None = None


@dataclass(frozen=True)
class Opening:
    contracts: tuple[Contract, ...] = ()
    exact: bool = False  # the opening may not go beyond the contract
    threshold: int | None = None  # the opening melds must be worth at least this
    values: Values | None = None  # values that count towards the threshold
    wild_counts_as_natural: bool = True  # a wild counts the value of the card it stands for
    by_score: tuple[ScoreThreshold, ...] = ()  # the threshold instead, by the player's total
    per_side: bool = False  # a partner's opening opens the whole side
    # cards the player draws from the stock at once when their meld opens for them (or their
    # side): Mexicana's "he then draws the top thirteen cards from the stock"
    then_draw: int | None = None
    # the opening melds must include this many runs in which no wild card stands (Rami 51's
    # "suite franche", Indian rummy's pure sequence)
    pure_runs: int = 0

    def threshold_at(self, total) -> int | None:
        """The threshold for a player (or side) whose total is ``total``: of the
        ``by_score`` ranges that hold it, the one that starts highest; else ``threshold``."""
        held = [t for t in self.by_score
                if (t.least is None or total >= t.least) and (t.below is None or total < t.below)]
        if not held:
            return self.threshold
        return max(held, key=lambda t: float("-inf") if t.least is None else t.least).threshold

    def contract(self, round: int) -> Contract | None:
        """``round``'s own contract, else the one for every round (round 0), else None."""
        every = None
        for c in self.contracts:
            if c.round == round:
                return c
            if c.round == 0:
                every = c
        return every
