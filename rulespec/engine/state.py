"""The interpreter: one game of any compiled variant, move by move.

:class:`Game` follows OpenSpiel's shape. ``current_player()`` is a seat, :data:`CHANCE`
while cards come off the deck (every card dealt, cut, turned up or drawn from the stock is
a chance step, so a seed or a record of the steps replays a game exactly) or
:data:`TERMINAL`. ``legal_actions()`` lists the moves, sorted; ``apply()`` makes one,
given as an :class:`~rulespec.engine.actions.Action` or its string, and raises
:class:`~rulespec.engine.errors.IllegalMove` (naming the rule) for anything else, leaving
the game untouched.

Every behaviour is read from the variant's ``Ruleset``: no variant is named here.

A hand moves through these phases (``Game.phase``):

``offer``     the upcard is offered (``draw discard`` or ``pass``) before the first turn
``draw``      a turn begins: draw (stock, discard, push), or drop, miss a turn, or ``pass``
              when the stock is exhausted and that ends the hand
``claim``     another player may claim the discard the player in turn passed (``may i``)
``claim meld`` a claimer who may meld at once does so, then ``pass``
``play``      after the draw: meld, lay off, replace wilds; end with discard, knock, gin, show
``knock``     the knocker lays down melds, then ``pass``
``lay off``   a defender lays off onto the knocker's melds, then ``pass``
``defend``    a defender lays down melds, then ``pass``
``over``      the game is over
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass

from .. import cards as C
from ..limits import MAX_HAND_ACTIONS
from ..melds.context import rules_for
from ..memo import Memo
from ..melds.fast import after_discard_value as deadwood_after_discard, deadwood_value
from . import actions as A
from . import search as ES
from .actions import Action
from .deal import check_stack, deck_cards, first_dealer
from .errors import IllegalMove
from .labels import named
from .scoring import HandResult, game_over, number, score_hand, team_totals
from .stock import stock_gone

CHANCE = -1
TERMINAL = -4

#: moves in one hand beyond which a caller should suspect a hand that cannot end
SAFETY_LIMIT = MAX_HAND_ACTIONS


@dataclass
class TableMeld:
    """A meld on the table: its number, who laid it, its cards and how they are read."""

    id: int
    owner: int
    cards: list
    reading: object

    def __str__(self) -> str:
        return f"{self.id}: {C.cards_str(sorted(self.cards, key=C.sort_key))} ({A.reading_head(self.reading)})"


@dataclass(frozen=True)
class Scores:
    """Scores so far. ``hand``: what each seat scored in the last finished hand (zeros
    before the first); ``game``: each seat's total; ``teams``/``team_hand``: the same per
    team under partnerships (seat ``s`` plays for team ``s % teams``), else None."""

    hand: tuple
    game: tuple
    teams: tuple | None
    team_hand: tuple | None
    hands_played: int
    winners: tuple  # the winning seats once the game is over


@dataclass(frozen=True)
class Observation:
    """What one player may see. Hands of others are counts; the table and the discard
    pile are public (every discard was seen face up)."""

    player: int
    current_player: int
    phase: str
    round: int
    dealer: int
    hand: tuple  # own cards, sorted by suit then rank
    hand_sizes: tuple  # cards held by each seat
    table: tuple  # TableMeld copies, in the order laid (``owner`` says whose)
    discard_top: int | None
    discard_pile: tuple  # bottom first
    stock_size: int
    wild: int | None  # the card cut as wild this deal
    opened: tuple  # per seat: has gone down (opened)
    active: tuple  # per seat: still in this hand (not dropped, not eliminated)
    totals: tuple
    last_hand: HandResult | None

    def __str__(self) -> str:
        lines = [f"round {self.round}, seat {self.player} to see; {self.phase}, "
                 f"seat {self.current_player} to move",
                 "hand: " + C.cards_str(self.hand),
                 f"discard: {C.card_str(self.discard_top) if self.discard_top is not None else '-'}"
                 f" ({len(self.discard_pile)}), stock: {self.stock_size}"]
        if self.wild is not None:
            lines.append(f"wild card: {C.card_str(self.wild)}")
        for m in self.table:
            lines.append(f"  seat {m.owner}: {m}")
        lines.append("cards held: " + " ".join(str(n) for n in self.hand_sizes))
        lines.append("totals: " + " ".join(str(t) for t in self.totals))
        return "\n".join(lines)


def new_game(variant, players: int | None = None, seed: int | None = None, deck=None) -> Game:
    """A new game of ``variant`` (a :class:`~rulespec.Variant` or ``Ruleset``).

    ``players`` defaults to the smallest number the rules allow. ``seed`` fixes every
    shuffle. ``deck`` stacks the deck: one order (top card first, codes or names; see
    :func:`~rulespec.engine.deal.stacked_deck`) for the first hand, or a list of orders
    for the first hands; later hands are shuffled."""
    return Game(variant, players, seed, deck)


class Game:
    """A game in progress. See the module docstring for the phases."""

    def __init__(self, variant, players: int | None = None, seed: int | None = None, deck=None):
        self.variant = variant
        self.ruleset = rs = getattr(variant, "ruleset", variant)
        if players is None:
            players = rs.players.min
            if rs.partnerships is not None:
                players = rs.partnerships.teams * rs.partnerships.size
        if players not in rs.players:
            hi = "" if rs.players.max == rs.players.min else f"-{rs.players.max or ''}"
            raise ValueError(f"{rs.name} is for {rs.players.min}{hi} players, not {players}")
        if rs.partnerships is not None and players != rs.partnerships.teams * rs.partnerships.size:
            raise ValueError(f"{rs.name} is played by {rs.partnerships.teams} teams of "
                             f"{rs.partnerships.size}")
        self.n = players
        self.seed = seed
        self._rng = random.Random(seed)
        if deck is not None and len(deck) and not isinstance(deck[0], (int, str)):
            stacks = [list(d) if d is not None else None for d in deck]
        elif deck is not None:
            stacks = [list(deck)]
        else:
            stacks = []
        self._stacks = stacks
        self.totals = [0] * players
        self.eliminated: set[int] = set()
        self.results: list[HandResult] = []
        self.history: list[str] = []
        self.winners: tuple = ()
        self.round = 0
        self.dealer = first_dealer(players)
        self._over = False
        self._legal = None
        self._legal_map = None
        self._start_hand()

    # ================================================================ public API

    def current_player(self) -> int:
        """The seat to move, :data:`CHANCE` for a chance step, :data:`TERMINAL` at the end."""
        if self._over:
            return TERMINAL
        if self._chance:
            return CHANCE
        return self.player

    def is_over(self) -> bool:
        return self._over

    def is_chance(self) -> bool:
        return not self._over and bool(self._chance)

    def legal_actions(self) -> list[Action]:
        """The moves allowed now, sorted (chance steps at a chance node); empty at the end."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def legal_strings(self) -> list[str]:
        return [a.text for a in self.legal_actions()]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node: each possible card with its probability."""
        if not self.is_chance():
            return []
        if self.stock_ordered:
            return [(self.legal_actions()[0], 1.0)]
        cnt = Counter(self.stock)
        total = len(self.stock)
        return [(a, cnt[a.cards[0]] / total) for a in self.legal_actions()]

    def chance_action(self) -> Action:
        """The chance outcome the seed (or the stacked deck) decides: the next card off
        the deck as it was shuffled."""
        kind, _seat = self._chance[0]
        return A.simple(_CHANCE_KIND[kind], self.stock[-1])

    def apply_chance(self) -> Action:
        """Apply :meth:`chance_action` (the fast way to let the deck decide)."""
        a = self.chance_action()
        self._do(a)
        return a

    def apply(self, action) -> Action:
        """Make a move: an :class:`Action` from :meth:`legal_actions` or its string.
        Raises :class:`IllegalMove` (the game unchanged) when the rules forbid it."""
        if self._over:
            raise IllegalMove(str(action), "the game is over")
        a = self._resolve(action)
        self._do(a)
        return a

    def play(self, *moves) -> Game:
        """Make several moves in order (strings or actions), letting the deck decide every
        chance step before each move: the way to script a game on a stacked deck."""
        for m in moves:
            while self.is_chance():
                self.apply_chance()
            self.apply(m)
        return self

    def deal_on(self) -> Game:
        """Let the deck decide the chance steps due now (up to the next player's move)."""
        while self.is_chance():
            self.apply_chance()
        return self

    def scores(self) -> Scores:
        last = self.results[-1].scores if self.results else tuple([0] * self.n)
        return Scores(
            hand=last,
            game=tuple(number(t) for t in self.totals),
            teams=team_totals(self, self.totals),
            team_hand=team_totals(self, last),
            hands_played=len(self.results),
            winners=self.winners,
        )

    def returns(self) -> tuple:
        """One value per seat, higher better: the totals (the team's under partnerships),
        negated when the lowest total wins (OpenSpiel's ``returns``)."""
        sign = 1 if self.ruleset.game.winner == "highest" else -1
        teams = team_totals(self, self.totals)
        if teams is not None:  # partners share their team's result
            ps = self.ruleset.partnerships
            return tuple(number(sign * teams[p % ps.teams]) for p in range(self.n))
        return tuple(number(sign * t) for t in self.totals)

    def observation(self, player: int) -> Observation:
        """What ``player`` may see now."""
        return Observation(
            player=player,
            current_player=self.current_player(),
            phase=self.phase,
            round=self.round,
            dealer=self.dealer,
            hand=tuple(sorted(self.hands[player], key=C.sort_key)),
            hand_sizes=tuple(len(h) for h in self.hands),
            table=tuple(TableMeld(m.id, m.owner, sorted(m.cards, key=C.sort_key), m.reading)
                        for m in self.table),
            discard_top=self.discards[-1] if self.discards else None,
            discard_pile=tuple(self.discards),
            stock_size=len(self.stock),
            wild=self.cut_card,
            opened=tuple(self.opened),
            active=tuple(self.active),
            totals=tuple(number(t) for t in self.totals),
            last_hand=self.results[-1] if self.results else None,
        )

    def clone(self) -> Game:
        """An independent copy (the variant is shared)."""
        other = copy.copy(self)
        for k, v in self.__dict__.items():
            if k in ("variant", "ruleset", "rules"):
                continue
            setattr(other, k, copy.deepcopy(v))
        return other

    def state_dict(self) -> dict:
        """Every piece of game state, deep-copied (caches left out): equal dicts mean
        equal games."""
        out = {k: copy.deepcopy(v) for k, v in self.__dict__.items()
               if k not in ("variant", "ruleset", "rules", "_legal", "_legal_map", "_rng", "_scratch")}
        out["_rng"] = self._rng.getstate()
        return out

    def record(self) -> dict:
        """The game so far as plain data: replaying ``actions`` in a new game with the
        same variant and players gives the same game (the seed is only a convenience)."""
        return {"variant": self.ruleset.name, "players": self.n, "seed": self.seed,
                "actions": list(self.history)}

    def __str__(self) -> str:
        lines = [f"{self.ruleset.name}: round {self.round}, {self.phase}, "
                 f"to move: {self.current_player()}"]
        for p in range(self.n):
            mark = "" if self.active[p] else " (out)"
            lines.append(f"seat {p}{mark}: {C.cards_str(sorted(self.hands[p], key=C.sort_key))}")
        for m in self.table:
            lines.append(f"  table {m} by seat {m.owner}")
        top = C.card_str(self.discards[-1]) if self.discards else "-"
        lines.append(f"discard {top} ({len(self.discards)}), stock {len(self.stock)}")
        return "\n".join(lines)

    # ================================================================ hands and turns

    def _start_hand(self) -> None:
        rs = self.ruleset
        self.round += 1
        n = self.n
        self.in_hand = [p not in self.eliminated for p in range(n)]
        seated = [p for p in range(n) if self.in_hand[p]]
        if self.round > 1:
            self.dealer = self._next_seat(self.dealer, self.in_hand,
                                          -1 if rs.deal.rotation == "right" else 1)
        elif not self.in_hand[self.dealer]:
            self.dealer = seated[-1]
        self.active = list(self.in_hand)
        count = len(seated)
        deck = deck_cards(rs, count)
        stack = self._stacks[self.round - 1] if self.round - 1 < len(self._stacks) else None
        if stack is not None:
            order = check_stack(rs, count, stack)
            self.stock = order[::-1]
            self.stock_ordered = True
        else:
            self._rng.shuffle(deck)
            self.stock = deck
            self.stock_ordered = False
        self.hands = [[] for _ in range(n)]
        self.discards: list[int] = []
        self.table: list[TableMeld] = []
        self.out: list[int] = []  # cards out of play (hands of players who dropped out)
        self.cut_card = None
        self.wild = None
        self.rules = rules_for(rs, None)
        self.opened = [False] * n
        self.melded = [False] * n  # has laid a meld of their own this hand
        self.played = [False] * n  # has melded or laid off in an earlier turn (going rummy)
        self.drawn = [False] * n  # has drawn this hand (a drop after it is a middle drop)
        self.misses = [0] * n
        self.dropped: dict[int, int] = {}  # seats out of this hand, and what it cost them
        self.wrong_shows: list[int] = []
        self.top_discarder = None
        self.first_reading: dict[int, object] = {}  # a meld's reading before any lay-off
        self.reuses = 0
        self.discard_draws = 0
        self.throw_backs = 0
        self._turn_reset()
        self.turn = None
        self.player = None
        self.phase = "deal"
        self.knocker = None
        self.knock_limit = None
        self.big_gin = False
        self.defenders: list[int] = []
        self.claimers: list[int] = []
        self.offerees: list[int] = []
        self.moves_this_hand = 0
        self._played_at_start = False
        self._gin = False
        self._lays_off = False
        self._claimer = None
        self._first_turn = not rs.turn.starter_draws
        size = rs.deal.hand_size(count, self.round)
        starter = self._next_seat(self.dealer, self.in_hand)
        self.starter = starter
        order = [starter]
        while len(order) < count:
            order.append(self._next_seat(order[-1], self.in_hand))
        chance = [("deal", p) for _ in range(size) for p in order]
        chance += [("deal", starter)] * rs.deal.starter_extra
        if rs.wilds.cut:
            chance.append(("cut", None))
        if rs.deal.upcard:
            chance.append(("upcard", None))
        self._chance = chance
        self._then = "begin"
        self._buried = 0
        self.deal_size = size
        self.dealt = None  # each seat's cards once the deal is done
        self._scratch = {}  # per-move working values (not game state)

    def _turn_reset(self) -> None:
        self.taken = None  # the card taken from the discard pile this turn
        self.melds_this_turn = 0
        self.pending: list = []  # melds laid this turn towards an opening not yet complete
        self.pending_mode = None  # "open" | "whole" while such melds are being laid
        self.owed: list[int] = []  # wild cards taken off the table that must be melded again
        self.must_knock = False
        self.stock_only = False
        self.played_this_turn = False

    @staticmethod
    def _next_seat(seat: int, mask, step: int = 1) -> int:
        n = len(mask)
        s = seat
        for _ in range(n):
            s = (s + step) % n
            if mask[s]:
                return s
        return seat

    def _begin(self) -> None:
        rs = self.ruleset
        self.dealt = [len(h) for h in self.hands]
        if rs.deal.offer and self.discards:
            roles = {"non-dealer": self.starter, "dealer": self.dealer}
            self.offerees = [roles[r] for r in rs.deal.offer if r in roles]
            self.phase = "offer"
            self.player = self.offerees[0]
            self.turn = self.player
            return
        self._start_turn(self.starter)

    def _start_turn(self, seat: int, stock_only: bool = False) -> None:
        self._turn_reset()
        self.turn = self.player = seat
        self.stock_only = stock_only
        self._played_at_start = self.played[seat]
        if self._first_turn and seat == self.starter:
            self._first_turn = False
            self.phase = "play"
        else:
            self.phase = "draw"

    def _end_turn(self) -> None:
        p = self.turn
        if self.played_this_turn:
            self.played[p] = True
        if self._stalemate():
            self._end_hand("stalemate")
            return
        if stock_gone(self):
            self._end_hand("stock exhausted")
            return
        self._start_turn(self._next_seat(p, self.active))

    def _stalemate(self) -> bool:
        """Can no player ever go out again? Decided only where it can be proved: hands
        never grow (no push, no claims), every hand is too small to lay a new meld after
        a draw (keeping the card it must discard) or may lay none (it has opened, and
        the rules allow no new melds after opening), and no card off the table fits any table meld (by lay-off or by taking a
        wild's place). Then the table never changes and neither do the chances."""
        rs = self.ruleset
        if not rs.stalemate_applies:
            return False
        r = self.rules
        smallest = min(r.set_min if r.has_sets else 99, r.run_min if r.has_runs else 99)
        keep = self._keep_min()
        barred = not rs.turn.new_melds_after_opening  # who has opened lays no new meld
        if any(len(self.hands[p]) + 1 - keep >= smallest for p in range(self.n)
               if self.active[p] and not (barred and self.opened[p])):
            return False
        pool = set(self.stock) | set(self.discards)
        for p in range(self.n):
            pool.update(self.hands[p])
        rep = rs.wilds.replace
        for m in self.table:
            fits = self._layoffs_onto(m)
            rescued = self._rescues_of(m) if rep is not None and m.reading.kind in rep.melds else {}
            if any(c in fits or c in rescued for c in pool):
                return False
        return True

    # ================================================================ chance

    def _take_from_stock(self, card: int) -> None:
        s = self.stock
        if s[-1] != card:
            i = len(s) - 1 - s[::-1].index(card)
            s[i], s[-1] = s[-1], s[i]
        s.pop()

    def _chance_apply(self, a: Action) -> None:
        kind, seat = self._chance.pop(0)
        card = a.cards[0]
        self._take_from_stock(card)
        if kind == "deal" or kind == "draw":
            self.hands[seat].append(card)
        elif kind == "cut":
            self.cut_card = card
            self.wild = card
            self.rules = rules_for(self.ruleset, card)
        elif kind == "upcard":
            if (self.ruleset.deal.upcard_wild == "bury" and self.rules.is_wild(card)
                    and self._buried < len(self.stock)):
                self._buried += 1
                self.stock.insert(len(self.stock) // 2, card)
                self._chance.insert(0, ("upcard", None))
            else:
                self.discards.append(card)
        if not self._chance:
            then, self._then = self._then, None
            getattr(self, "_then_" + then)()

    def _then_begin(self) -> None:
        self._begin()

    def _then_play(self) -> None:
        self.phase = "play"
        self.player = self.turn

    def _then_claimed(self) -> None:
        claimer = self._claimer
        if not self.ruleset.turn.claims.wait:
            self.phase = "claim meld"
            self.player = claimer
            self._turn_reset_claim()
            return
        self._draw_for_turn()

    def _turn_reset_claim(self) -> None:
        self.melds_this_turn = 0
        self.pending = []
        self.pending_mode = None
        self.owed = []

    def _draw_for_turn(self) -> None:
        self._chance = [("draw", self.turn)]
        self._then = "play"

    def _then_pushed(self) -> None:
        p = self.turn
        push = self.ruleset.turn.push
        if push.then == "discard" and self.discards:
            card = self.discards.pop()
            self.hands[p].append(card)
            self.taken = card
            self.phase = "play"
            self.player = p
            return
        if not self._stock_live() and not self._rebuild():
            self._end_hand("stock exhausted")
            return
        self._draw_for_turn()

    # ================================================================ the stock

    def _stock_live(self, extra: int = 0) -> bool:
        return len(self.stock) > self.ruleset.stock.remaining + extra

    def _can_rebuild(self) -> bool:
        st = self.ruleset.stock
        if st.action == "end" or not self.discards:
            return False
        if st.times is not None and self.reuses >= st.times:
            return False
        return len(self.stock) + len(self.discards) > st.remaining

    def _rebuild(self) -> bool:
        """Reuse the discard pile as the stock, as the rules say; False when they don't."""
        if not self._can_rebuild():
            return False
        st = self.ruleset.stock
        pile, self.discards = self.discards, []
        self.reuses += 1
        if st.action == "shuffle":
            self.stock = pile + self.stock
            self._rng.shuffle(self.stock)
            self.stock_ordered = False
        else:
            # the pile turned face down: its first card is the new top
            self.stock = pile[::-1] + self.stock if not self.stock else pile[::-1] + self.stock
            self.stock_ordered = True
        self.top_discarder = None
        return True

    # ================================================================ legal moves

    def _compute_legal(self) -> list[Action]:
        if self._over:
            return []
        if self._chance:
            kind = _CHANCE_KIND[self._chance[0][0]]
            if self.stock_ordered:
                return [A.simple(kind, self.stock[-1])]
            return [A.simple(kind, c) for c in sorted(set(self.stock), key=C.sort_key)]
        phase = self.phase
        if phase == "draw":
            acts = self._draw_actions()
        elif phase == "offer":
            acts = [A.simple(A.DRAW_DISCARD), A.simple(A.PASS)]
        elif phase == "claim":
            acts = [A.simple(A.MAY_I), A.simple(A.PASS)]
        elif phase == "play":
            acts = self._play_actions()
        elif phase == "claim meld":
            acts = self._play_actions(claim=True)
        elif phase == "knock":
            acts = self._knock_actions()
        elif phase == "lay off":
            acts = self._defender_layoffs() + [A.simple(A.PASS)]
        elif phase == "defend":
            acts = [self._meld_action(c, r) for c, r in self._lay_out_melds(self.player)]
            acts.append(A.simple(A.PASS))
        else:  # pragma: no cover
            acts = []
        if phase in ("draw", "offer", "claim") or (phase == "play" and not self.ruleset.melds.on_table):
            return acts  # built in order, no duplicates
        return sorted(set(acts), key=_key)

    # ---------------------------------------------------------------- draw

    def _draw_actions(self) -> list[Action]:
        """The moves that begin a turn, in sorted order (draws, then pass, miss, drop)."""
        rs = self.ruleset
        t = rs.turn
        p = self.player
        live = self._stock_live()
        sources = ("stock",) if self.stock_only else t.draw_from
        stock = discard = push = end = False
        for src in sources:
            if src == "stock":
                stock = stock or live
            elif src == "discard" and self.discards:
                discard = live or self._discard_allowed_at_wall(p)
            elif src == "push" and live and self.discards and t.push is not None:
                push = True
        uses_stock = "stock" in sources or "push" in sources
        if not live and (uses_stock or not (discard or push)):
            if self._can_rebuild():
                stock = True
            else:
                end = True
        elif not (stock or discard or push):
            stock = True
        acts = []
        if stock:
            acts.append(_DRAW_STOCK)
        if discard:
            acts.append(_DRAW_DISCARD)
        if push:
            acts.append(_PUSH)
        if end:
            acts.append(_PASS)
        if rs.drops is not None:
            if rs.drops.misses is not None:
                acts.append(_MISS)
            acts.append(_DROP)
        return acts

    def _discard_allowed_at_wall(self, p: int) -> bool:
        """With the stock exhausted, may the top discard still be taken?"""
        how = self.ruleset.stock.last_discard
        if how in ("any", "none"):  # "none": the hand ends before the stock is gone for good
            return True
        if how == "knock" and self.ruleset.knock is not None:
            top = self.discards[-1]
            hand = self.hands[p] + [top]
            if self._big_gin_ok(hand):
                return True
            limit = self.ruleset.knock.max_deadwood
            if self._deadwood_after_discard(hand) > limit:
                return False
            # the knock's discard may not be the card just taken, where the rules say so
            for c in set(hand):
                if c == top and not self.ruleset.turn.discard_taken and any(x != c for x in hand):
                    continue
                rest = list(hand)
                rest.remove(c)
                if self._deadwood(rest) <= limit:
                    return True
        return False

    # ---------------------------------------------------------------- play

    def _keep_min(self) -> int:
        """Fewest cards a meld or lay-off may leave in hand (so the turn can still end)."""
        go = self.ruleset.going_out
        if go is None:
            return 2
        return 1 if go.final_discard == "required" else 0

    def _leaves_ok(self, left: int) -> bool:
        go = self.ruleset.going_out
        if left < self._keep_min():
            return False
        if go is not None and go.final_discard == "forbidden" and left == 1:
            return False
        return True

    def _play_actions(self, claim: bool = False) -> list[Action]:
        rs = self.ruleset
        p = self.player
        hand = self.hands[p]
        if self.must_knock:
            return self._knock_starts(p)
        acts: list[Action] = []
        if rs.melds.on_table:
            if self.owed:
                return self._owed_actions(p)
            acts.extend(self._meld_actions(p))
            if self.pending_mode is not None and not self._pending_complete(p):
                return acts
            acts.extend(self._layoff_actions(p))
            acts.extend(self._replace_actions(p))
        if claim:
            acts.append(A.simple(A.PASS))
            return acts
        # discards, in a player's order (the list comes out sorted without sorting)
        held = set(hand)
        order = [c for c in A.SORTED_CODES if c in held] if len(held) < 20 else sorted(held, key=C.sort_key)
        banned = self._banned_discard(p)
        last = len(hand) == 1
        if not (last and (rs.going_out is None or rs.going_out.final_discard == "forbidden")):
            d = A.DISCARDS
            acts.extend(d[c] for c in order if c != banned)
        acts.extend(self._knock_starts(p))
        if rs.show is not None:
            sh = A.SHOWS
            acts.extend(sh[c] for c in order if c != banned)
        if rs.drops is not None and self.phase == "play":
            acts.append(_DROP)  # leaving the hand after drawing: a middle drop
        return acts

    def _banned_discard(self, p: int) -> int | None:
        """The card ``p`` may not discard now: the one just taken from the discard pile,
        when the rules say so and the hand holds something else."""
        t = self.taken
        if t is None or self.ruleset.turn.discard_taken:
            return None
        if all(x == t for x in self.hands[p]):
            return None
        return t

    def _discard_ok(self, p: int, c: int, last_ok: bool = False) -> bool:
        hand = self.hands[p]
        if len(hand) == 1 and not last_ok:
            go = self.ruleset.going_out
            if go is None or go.final_discard == "forbidden":
                return False
        if (not self.ruleset.turn.discard_taken and self.taken is not None and c == self.taken
                and any(x != c for x in hand)):
            return False
        return True

    # knocks ---------------------------------------------------------

    def _deadwood(self, hand) -> int:
        return deadwood_value(self.rules, list(hand))

    def _deadwood_after_discard(self, hand) -> int:
        return deadwood_after_discard(self.rules, list(hand))

    def _big_gin_ok(self, hand) -> bool:
        g = self.ruleset.gin
        return g is not None and g.big_gin and self._deadwood(hand) == 0

    def _knock_starts(self, p: int) -> list[Action]:
        rs = self.ruleset
        out: list[Action] = []
        hand = self.hands[p]
        if rs.knock is None:
            return out
        limit = rs.knock.max_deadwood
        if self._deadwood_after_discard(hand) <= limit:
            banned = self._banned_discard(p)
            for c in sorted(set(hand), key=C.sort_key):
                if c != banned:
                    rest = list(hand)
                    rest.remove(c)
                    if self._deadwood(rest) <= limit:
                        out.append(A.KNOCKS[c])
        if self._big_gin_ok(hand):
            out.append(A.simple(A.GIN))
        return out

    def _knock_actions(self) -> list[Action]:
        p = self.player
        hand = self.hands[p]
        acts = []
        for cards, reading in self._lay_out_melds(p):
            rest = list(hand)
            for c in cards:
                rest.remove(c)
            if self._deadwood(rest) <= self.knock_limit:
                acts.append(self._meld_action(cards, reading))
        if sum(self.rules.value[c] for c in hand) <= self.knock_limit:
            acts.append(A.simple(A.PASS))
        return acts

    def _defender_layoffs(self) -> list[Action]:
        p = self.player
        most = self.ruleset.knock.run_end_layoffs
        acts = []
        for m in self.table:
            if m.owner != self.knocker:
                continue
            for c in set(self.hands[p]):
                opts = self._layoffs_onto(m).get(c, [])
                if most is not None and m.reading.kind == "run":
                    opts = [a for a in opts if self._run_ends_ok(m, a.reading, most)]
                acts.extend(opts)
        return acts

    def _run_ends_ok(self, m: TableMeld, new, most: int) -> bool:
        """Does ``new`` (what run ``m`` becomes) hold at most ``most`` cards beyond each
        end of the run as it was laid?"""
        first = self.first_reading.get(m.id, m.reading)
        low = new.ranks.index(first.ranks[0])
        high = len(new.ranks) - low - len(first.ranks)
        return low <= most and high <= most

    # melds ----------------------------------------------------------

    def _hand_melds(self, p: int):
        hand = self.hands[p]
        return _MELD_CACHE.get_or((self.rules, tuple(sorted(hand))), ES.hand_melds, self.rules, hand)

    def _lay_out_melds(self, p: int):
        """The melds ``p`` may lay out after a knock (no longer than the rules allow)."""
        most = self.ruleset.knock.lay_out_max
        melds = self._hand_melds(p)
        if most is None:
            return melds
        return [(cards, r) for cards, r in melds if len(cards) <= most]

    def _meld_action(self, cards, reading) -> Action:
        readings = ES.readings_of(self.rules, cards)
        heads = _HEADS.get_or((self.rules, tuple(cards)), A.head_counts, readings) if len(readings) > 1 else None
        return Action(A.MELD, tuple(cards), None, reading, A.meld_label(reading, readings, heads))

    def _whole_hand_round(self) -> bool:
        r = self.ruleset.turn.all_at_once
        return r is not None and self.round in r

    def opening_due(self, p: int) -> bool:
        """Has ``p`` still to meet this hand's opening requirement (a contract or a
        threshold), the melds laid towards it this turn not yet enough?"""
        return self._needs_opening(p) or self.pending_mode == "open"

    def _needs_opening(self, p: int) -> bool:
        op = self.ruleset.opening
        if self.opened[p]:
            return False
        return op.contract(self.round) is not None or op.threshold is not None

    def _meld_actions(self, p: int) -> list[Action]:
        rs = self.ruleset
        t = rs.turn
        hand = self.hands[p]
        whole = self._whole_hand_round()
        if self.opened[p] and not t.new_melds_after_opening and self.pending_mode is None:
            return []
        if (not whole and t.melds_per_turn is not None and self.melds_this_turn >= t.melds_per_turn
                and self.pending_mode is None):
            return []
        out = []
        opening = self.opening_due(p)
        if opening and not whole and not self._opening_possible(p):
            return []
        if whole and self.pending_mode is None and not self._whole_ok(p, ()):
            return []
        # towards a contract alone, a meld's cards and kind decide (not which places its
        # wild cards take): the readings of one group share the answer
        by_kind = self.ruleset.opening.threshold is None
        answers: dict = {}
        for cards, reading in self._hand_melds(p):
            left = len(hand) - len(cards)
            if whole:
                if not self._whole_ok(p, cards):
                    continue
            else:
                if not self._leaves_ok(left):
                    continue
                if opening:
                    key = (cards, reading.kind) if by_kind else (cards, reading)
                    ok = answers.get(key)
                    if ok is None:
                        ok = answers[key] = self._opening_ok(p, cards, reading)
                    if not ok:
                        continue
            out.append(self._meld_action(cards, reading))
        return out

    def _rest(self, p: int, cards) -> list[int]:
        rest = list(self.hands[p])
        for c in cards:
            rest.remove(c)
        return rest

    def _whole_ok(self, p: int, cards) -> bool:
        rest = self._rest(p, cards)
        go = self.ruleset.going_out
        how = go.final_discard if go is not None else "required"
        cr = self._count_rules()
        if how == "forbidden":
            return ES.can_meld_all(cr, rest, 0)
        if how == "optional":
            return ES.can_meld_all(cr, rest, 1)
        if not rest or not ES.can_meld_all(cr, rest, 1):
            return False
        return any(ES.can_meld_all(cr, [x for i, x in enumerate(rest) if i != j], 0)
                   for j in {rest.index(c) for c in set(rest)})

    def _count_rules(self):
        r = self.rules
        cr = r.__dict__.get("_count_rules")
        if cr is None:
            cr = copy.copy(r)
            cr.value = tuple([1] * len(r.value))
            cr.__dict__.pop("_tables", None)
            cr.__dict__.pop("_count_rules", None)
            r._count_rules = cr
        return cr

    def _opening_possible(self, p: int) -> bool:
        """Can the opening still be completed from this hand at all? (One search that
        spares one per candidate meld when the answer is no.)"""
        hand = self.hands[p]
        keep = self._keep_min()
        melds = self._hand_melds(p)
        if not self._contract_open(self.pending, lambda left: ES.can_fill_with(self.rules, melds, hand, left, keep)):
            return False
        return self._threshold_reachable(p, self.pending, hand, keep)

    def _contract_open(self, laid, fills) -> bool:
        """Is there no contract this round, or an option of it whose melds still missing
        besides ``laid`` the hand ``fills`` (a test of the missing slots)?"""
        contract = self.ruleset.opening.contract(self.round)
        return contract is None or any(fills(left) for option in contract.options
                                       for left in ES.fit_slots(ES.contract_slots(self.rules, option), laid))

    def _threshold_reachable(self, p: int, laid, rest, keep: int, meld=None) -> bool:
        """Can the melds ``laid`` plus what ``rest`` (the cards left in ``p``'s hand) can
        still lay, keeping ``keep`` cards, reach the opening threshold? The melds of the
        whole hand's best opening that ``meld`` (the one just added to ``laid``) leaves
        alone answer most yeses, a cheap bound most noes, the solver the rest."""
        threshold = self.ruleset.opening.threshold
        if threshold is None:
            return True
        need = threshold - sum(ES.reading_value(self.rules, c, r) for c, r in laid)
        if need <= 0:
            return True
        if meld is not None and self._opening_witness(p, meld, len(rest) - keep) >= need:
            return True
        in_meld = (ES.cards_in_melds(self._hand_melds(p)) if meld is None
                   else self._meld_cards_within(p, rest))
        return (ES.opening_bound(self.rules, rest, in_meld) >= need
                and ES.opening_reaches(self.rules, rest, keep, need))

    def _meld_cards_within(self, p: int, part) -> set[int]:
        """The cards of ``part`` (part of ``p``'s hand) that are in a meld made of cards
        of ``part`` alone (only these can count towards an opening from ``part``)."""
        def by_copies() -> tuple:
            # each meld of the hand as masks: bit c of masks[k] set when it holds over k
            # copies of card c; most melds hold one copy of each card (a single mask)
            single, multi = set(), set()
            for cards, _r in self._hand_melds(p):
                masks = []
                for c, n in Counter(cards).items():
                    masks += [0] * (n - len(masks))
                    for k in range(n):
                        masks[k] |= 1 << c
                if len(masks) == 1:
                    single.add(masks[0])
                else:
                    multi.add(tuple(masks))
            return single, multi

        single, multi = self._per_move("melds by copies", p, by_copies)
        have = Counter(part)
        everything = (1 << (C.JOKER + 1)) - 1
        # lacking[k]: the cards ``part`` holds k copies of or fewer
        lacking = [everything & ~sum(1 << c for c, n in have.items() if n > k)
                   for k in range(max(map(len, multi), default=1))]
        union = 0
        for m in single:
            if not m & lacking[0]:
                union |= m
        for masks in multi:
            if not any(m & lacking[k] for k, m in enumerate(masks)):
                union |= masks[0]
        return {c for c in have if union >> c & 1}

    def _per_move(self, name: str, p: int, make):
        """A working value about player ``p`` at this move, made once (``make()``) and
        kept until the next move."""
        at = (p, len(self.history))
        if self._scratch.get("at") != at:
            self._scratch = {"at": at}
        hit = self._scratch.get(name)
        if hit is None:
            hit = self._scratch[name] = make()
        return hit

    def _opening_witness(self, p: int, meld, room: int) -> int:
        """What the melds of one best opening of ``p``'s whole hand are worth that can
        still go down beside ``meld`` (disjoint from it, using at most ``room`` cards): a
        lower bound of what the rest of the hand can lay."""
        def best_opening() -> tuple:
            return Counter(self.hands[p]), [(Counter(g), len(g), ES.opening_value(self.rules, g))
                                            for g in ES.opening_solution(self.rules, self.hands[p])[1]]

        hand, groups = self._per_move("opening witness", p, best_opening)
        taken = Counter(meld)
        worth = 0
        for group, size, value in groups:
            if size <= room and not (taken + group) - hand:
                taken += group
                room -= size
                worth += value
        return worth

    def _contract_witnesses(self, p: int) -> list:
        """Ways found to complete the contract from the whole hand, as what each of its
        melds leaves room for: ``(kind, size, hand less the other melds, cards in them)``
        per meld of one solution (cached per move)."""
        def find() -> list:
            hit = []
            contract = self.ruleset.opening.contract(self.round)
            keep = self._keep_min()
            hand = Counter(self.hands[p])
            for option in contract.options:
                slots = ES.contract_slots(self.rules, option)
                for left in ES.fit_slots(slots, self.pending):
                    groups = ES.fill_from(self._hand_melds(p), hand, left, keep, witness=True)
                    if groups is None:
                        groups = ES.fill_groups(self.rules, self.hands[p], left, keep)
                    for i, (_g, j) in enumerate(groups or ()):
                        others = [c for k, (h, _j) in enumerate(groups) if k != i for c in h]
                        kind, size, _c = left[j]
                        hit.append((kind, size, hand - Counter(others), len(others)))
            return hit

        return self._per_move("contract witness", p, find)

    def _witnessed(self, p: int, cards, reading) -> bool:
        """A quick yes for a contract meld: some solution found for the whole hand still
        works with this meld in place of the one that filled its slot."""
        need = Counter(cards).items()
        room = len(self.hands[p]) - len(cards) - self._keep_min()
        for kind, size, free, used in self._contract_witnesses(p):
            if (reading.kind == kind and len(cards) >= size and used <= room
                    and all(free[c] >= n for c, n in need)):
                return True
        return False

    def _opening_ok(self, p: int, cards, reading) -> bool:
        """May this meld go down towards the opening (contract and threshold), leaving a
        hand that can still complete it?"""
        rest = self._rest(p, cards)
        keep = max(self._keep_min(), 0)
        laid = self.pending + [(tuple(cards), reading)]
        if self.ruleset.opening.contract(self.round) is not None and not self._witnessed(p, cards, reading):
            melds = self._hand_melds(p)
            if not self._contract_open(laid, lambda left: ES.can_fill_with(self.rules, melds, rest, left, keep)):
                return False
        return self._threshold_reachable(p, laid, rest, keep, cards)

    def _pending_complete(self, p: int) -> bool:
        if self.pending_mode == "whole":
            go = self.ruleset.going_out
            how = go.final_discard if go is not None else "required"
            n = len(self.hands[p])
            return n == 0 or (n == 1 and how != "forbidden")
        op = self.ruleset.opening
        contract = op.contract(self.round)
        if contract is not None:
            done = False
            for option in contract.options:
                slots = ES.contract_slots(self.rules, option)
                if any(all(c == 0 for _, _, c in left) for left in ES.fit_slots(slots, self.pending)):
                    done = True
                    break
            if not done:
                return False
        if op.threshold is not None:
            if sum(ES.reading_value(self.rules, c, r) for c, r in self.pending) < op.threshold:
                return False
        return True

    # lay-offs and replacements ----------------------------------------

    def _layoff_allowed(self, p: int) -> bool:
        lo = self.ruleset.turn.layoff
        if lo is None or not self.ruleset.melds.on_table:
            return False
        if lo.requires == "opening" and not self.opened[p]:
            return False
        if lo.requires == "own meld" and not self.melded[p]:
            return False
        return True

    def _onto_ok(self, p: int, m: TableMeld) -> bool:
        onto = self.ruleset.turn.layoff.onto
        if onto == "own":
            return m.owner == p
        if onto == "team":
            return self._team(m.owner) == self._team(p)
        return True

    def _team(self, seat: int) -> int:
        ps = self.ruleset.partnerships
        return seat % ps.teams if ps is not None else seat

    def _layoff_options(self, m: TableMeld, card: int) -> list[Action]:
        news = ES.extensions(self.rules, m.cards, m.reading, card)
        if not news:
            return []
        if len(news) == 1:
            return [Action(A.LAY_OFF, (card,), m.id, news[0])]
        return [Action(A.LAY_OFF, (card,), m.id, r, A.layoff_label(m.reading, card, r)) for r in news]

    def _layoff_actions(self, p: int) -> list[Action]:
        if not self._layoff_allowed(p):
            return []
        hand = self.hands[p]
        if not self._leaves_ok(len(hand) - 1):
            return []
        acts = []
        for m in self.table:
            if not self._onto_ok(p, m):
                continue
            onto = self._layoffs_onto(m)
            for c in set(hand):
                acts.extend(onto.get(c, ()))
        return acts

    def _layoffs_onto(self, m: TableMeld) -> dict:
        """Every lay-off onto the table meld ``m``, by card (the same until ``m`` changes,
        and it stays put for many turns)."""
        return _LAYOFFS.get_or((self.rules, m.id, tuple(m.cards), m.reading), _by_card,
                               lambda c: self._layoff_options(m, c))

    def _replace_actions(self, p: int) -> list[Action]:
        rep = self.ruleset.wilds.replace
        if rep is None or (rep.after_opening and not self.opened[p]):
            return []
        acts = []
        for m in self.table:
            if m.reading.kind not in rep.melds or not m.reading.wilds:
                continue
            rescues = self._rescues_of(m)
            for c in set(self.hands[p]):
                for w, new in rescues.get(c, ()):
                    if rep.reuse_this_turn and not self._can_replay(p, m, c, w, new):
                        continue
                    acts.append(Action(A.REPLACE, (c, w), m.id, new))
        return acts

    def _rescues_of(self, m: TableMeld) -> dict:
        """Which wild card of the table meld ``m`` each natural card may take the place
        of, by card (the same until ``m`` changes)."""
        return _RESCUES.get_or((self.rules, tuple(m.cards), m.reading), _by_card,
                               lambda c: ES.rescues(self.rules, m.cards, m.reading, c))

    def _can_replay(self, p, m, natural, wild, new) -> bool:
        """After swapping ``natural`` for ``wild`` in ``m``, can the wild be melded again
        this turn (laid off somewhere, or in a new meld)? Before opening, only in a meld
        towards the opening: asked of a copy of the game after the swap."""
        if self.opening_due(p):
            after = self.clone()
            after._scratch = {}
            after._do_replace(Action(A.REPLACE, (natural, wild), m.id, new))
            return bool(after._owed_actions(p))
        hand = list(self.hands[p])
        hand.remove(natural)
        hand.append(wild)
        cards = list(m.cards)
        cards.remove(wild)
        cards.append(natural)
        if self._layoff_allowed(p) and self._leaves_ok(len(hand) - 1):
            for t in self.table:
                if not self._onto_ok(p, t):
                    continue
                tc, tr = (cards, new) if t.id == m.id else (t.cards, t.reading)
                if ES.extensions(self.rules, tc, tr, wild):
                    return True
        t = self.ruleset.turn
        if self.opened[p] and not t.new_melds_after_opening:
            return False
        if t.melds_per_turn is not None and self.melds_this_turn >= t.melds_per_turn:
            return False
        for cards2, _r in ES.hand_melds(self.rules, hand):
            if wild in cards2 and self._leaves_ok(len(hand) - len(cards2)):
                return True
        return False

    def _owed_actions(self, p: int) -> list[Action]:
        """While a wild taken off the table is owed: only moves that put it back down."""
        owed = set(self.owed)
        acts = []
        t = self.ruleset.turn
        may_meld = not (self.opened[p] and not t.new_melds_after_opening) and not (
            t.melds_per_turn is not None and self.melds_this_turn >= t.melds_per_turn)
        opening = self.opening_due(p)  # a meld before opening goes towards it
        if may_meld and not (opening and not self._opening_possible(p)):
            for cards, reading in self._hand_melds(p):
                if (owed & set(cards) and self._leaves_ok(len(self.hands[p]) - len(cards))
                        and not (opening and not self._opening_ok(p, cards, reading))):
                    acts.append(self._meld_action(cards, reading))
        if self._layoff_allowed(p) and self._leaves_ok(len(self.hands[p]) - 1):
            for m in self.table:
                if self._onto_ok(p, m):
                    for w in owed:
                        acts.extend(self._layoffs_onto(m).get(w, ()))
        return acts

    # ================================================================ applying moves

    def _resolve(self, action) -> Action:
        legal = self.legal_actions()
        if isinstance(action, Action):
            for a in legal:  # the caller usually hands back one of these very objects
                if a is action:
                    return a
        if self._legal_map is None:
            self._legal_map = {a.text: a for a in legal}
        if isinstance(action, Action):
            hit = self._legal_map.get(action.text)
            if hit is not None:
                return hit
            raise IllegalMove(action.text, self._explain(action.text, None))
        text = str(action)
        hit = self._legal_map.get(text)
        if hit is not None:
            return hit
        try:
            parsed = A.parse(text)
        except ValueError as e:
            raise IllegalMove(text, str(e)) from None
        hit = self._legal_map.get(parsed.text)
        if hit is not None:
            return hit
        hits = named(self, parsed, legal)  # a true label the move does not need, or none
        if len(hits) == 1:
            return hits[0]
        if hits:
            raise IllegalMove(text, "say which way: " + "; ".join(f"`{a.text}`" for a in hits))
        raise IllegalMove(text, self._explain(text, parsed))

    def _do(self, a: Action) -> None:
        self._legal = None
        self._legal_map = None
        self.history.append(a.text)
        self.moves_this_hand += 1
        if a.kind in A.CHANCE_KINDS:
            self._chance_apply(a)
            return
        getattr(self, _HANDLERS[a.kind])(a)

    # ---------------------------------------------------------------- draws

    def _do_draw_stock(self, a: Action) -> None:
        p = self.turn
        self.drawn[p] = True
        self.misses[p] = 0
        if not self._stock_live():
            if not self._rebuild() or not self._stock_live():
                self._end_hand("stock exhausted")
                return
        cl = self.ruleset.turn.claims
        if (cl is not None and self.phase == "draw" and self.discards
                and self._stock_live(cl.penalty)):
            order = []
            s = p
            for _ in range(self.n - 1):
                s = self._next_seat(s, self.active)
                if s == p:
                    break
                if s != self.top_discarder and s not in order:
                    order.append(s)
            if order:
                self.claimers = order
                self.phase = "claim"
                self.player = order[0]
                return
        self._draw_for_turn()

    def _do_draw_discard(self, a: Action) -> None:
        p = self.player
        t = self.ruleset.turn
        if self.phase == "draw" and self._stock_live():
            self.discard_draws += 1
            if t.max_discard_draws is not None and self.discard_draws >= t.max_discard_draws:
                self._end_hand("void", details={"why": "discard draw limit"})
                return
        if self.phase == "draw" and not self._stock_live():
            self.must_knock = self.ruleset.stock.last_discard == "knock"
        self.drawn[p] = True
        self.misses[p] = 0
        card = self.discards.pop()
        self.hands[p].append(card)
        self.taken = card
        self.turn = p
        self.phase = "play"

    def _do_push(self, a: Action) -> None:
        p = self.turn
        self.drawn[p] = True
        self.misses[p] = 0
        left = self._next_seat(p, self.active)
        card = self.discards.pop()
        self.hands[left].append(card)
        self._chance = [("draw", left)]
        self._then = "pushed"

    def _do_may_i(self, a: Action) -> None:
        claimer = self.player
        card = self.discards.pop()
        self.hands[claimer].append(card)
        self._claimer = claimer
        self.claimers = []
        self._chance = [("draw", claimer)] * self.ruleset.turn.claims.penalty
        self._then = "claimed"
        if not self._chance:
            self._then = None
            self._then_claimed()

    def _do_pass(self, a: Action) -> None:
        phase = self.phase
        if phase == "offer":
            self.offerees.pop(0)
            if self.offerees:
                self.player = self.turn = self.offerees[0]
            else:
                first = {"non-dealer": self.starter, "dealer": self.dealer}[self.ruleset.deal.offer[0]]
                self._start_turn(first, stock_only=True)
        elif phase == "claim":
            self.claimers.pop(0)
            if self.claimers:
                self.player = self.claimers[0]
            else:
                self.phase = "draw"
                self._draw_for_turn()
        elif phase == "claim meld":
            if self.played_this_turn:
                self.played[self.player] = True
            self._draw_for_turn()
            self.played_this_turn = False
        elif phase == "draw":
            self._end_hand("stock exhausted")
        elif phase == "knock":
            self._knock_done()
        elif phase == "lay off":
            self.phase = "defend"
        elif phase == "defend":
            self.defenders.pop(0)
            self._next_defender()
        else:  # pragma: no cover
            raise AssertionError(phase)

    def _do_miss(self, a: Action) -> None:
        p = self.player
        self.misses[p] += 1
        if self.misses[p] >= self.ruleset.drops.misses:
            self._drop(p, self.ruleset.drops.middle)
        else:
            self._end_turn()

    def _do_drop(self, a: Action) -> None:
        p = self.player
        d = self.ruleset.drops
        self._drop(p, d.middle if self.drawn[p] else d.first)

    def _drop(self, p: int, points: int, ending: str = "drops") -> None:
        self.dropped[p] = points
        self.active[p] = False
        self.out.extend(self.hands[p])
        self.hands[p] = []
        live = [s for s in range(self.n) if self.active[s]]
        if len(live) == 1:
            self._end_hand(ending, winner=live[0])
            return
        if self.turn == p:
            self._turn_reset()
            self._start_turn(self._next_seat(p, self.active))

    # ---------------------------------------------------------------- the table

    def _do_meld(self, a: Action) -> None:
        p = self.player
        if self.phase == "knock" or self.phase == "defend":
            self._lay(p, a)
            return
        opening = self.opening_due(p)
        whole = self._whole_hand_round()
        self._lay(p, a)
        self.melds_this_turn += 1
        self.played_this_turn = True
        self.melded[p] = True
        for c in a.cards:
            if c in self.owed:
                self.owed.remove(c)
        if whole:
            self.pending_mode = "whole"
            self.opened[p] = True
        elif opening:
            self.pending_mode = "open"
            self.pending.append((a.cards, a.reading))
            if self._pending_complete(p):
                self.opened[p] = True
                self.pending_mode = None
                self.pending = []
        else:
            self.opened[p] = True
        if self.pending_mode == "whole" and self._pending_complete(p):
            self.pending_mode = None
        self._after_table_move(p)

    def _lay(self, p: int, a: Action) -> None:
        hand = self.hands[p]
        for c in a.cards:
            hand.remove(c)
        self.table.append(TableMeld(len(self.table) + 1, p, list(a.cards), a.reading))

    def _do_lay_off(self, a: Action) -> None:
        p = self.player
        m = self.table[a.target - 1]
        card = a.cards[0]
        self.hands[p].remove(card)
        self.first_reading.setdefault(m.id, m.reading)
        m.cards.append(card)
        m.reading = a.reading
        if self.phase == "lay off":
            return
        self.played_this_turn = True
        if card in self.owed:
            self.owed.remove(card)
        self._after_table_move(p)

    def _do_replace(self, a: Action) -> None:
        p = self.player
        natural, wild = a.cards
        m = self.table[a.target - 1]
        self.hands[p].remove(natural)
        m.cards.remove(wild)
        m.cards.append(natural)
        m.reading = a.reading
        self.hands[p].append(wild)
        if self.ruleset.wilds.replace.reuse_this_turn:
            self.owed.append(wild)

    def _after_table_move(self, p: int) -> None:
        if not self.hands[p] and self.ruleset.going_out is not None:
            self._went_out(p)

    def _went_out(self, p: int) -> None:
        rummy = not self._played_at_start if p == self.turn else False
        self._end_hand("went out", winner=p, rummy=rummy)

    # ---------------------------------------------------------------- ending a turn

    def _do_discard(self, a: Action) -> None:
        p = self.player
        card = a.cards[0]
        self.hands[p].remove(card)
        self.discards.append(card)
        self.top_discarder = p
        t = self.ruleset.turn
        if self.taken is not None and card == self.taken:
            self.throw_backs += 1
            if t.void_after_throw_backs is not None and self.throw_backs >= t.void_after_throw_backs:
                self._end_hand("void", details={"why": "repeated throw-back"})
                return
        else:
            self.throw_backs = 0
        if not self.hands[p] and self.ruleset.going_out is not None:
            self._went_out(p)
            return
        self._end_turn()

    def _do_knock(self, a: Action) -> None:
        p = self.player
        card = a.cards[0]
        self.hands[p].remove(card)
        self.discards.append(card)
        self.top_discarder = p
        self.knocker = p
        self.knock_limit = self.ruleset.knock.max_deadwood
        self.big_gin = False
        self.phase = "knock"

    def _do_gin(self, a: Action) -> None:
        self.knocker = self.player
        self.knock_limit = 0
        self.big_gin = True
        self.phase = "knock"

    def _knock_done(self) -> None:
        k = self.knocker
        K = self.hand_value(k)
        gin = self.ruleset.gin is not None and K == 0
        self._gin = gin
        self.defenders = [s for s in self._order_from(k) if s != k]
        self._lays_off = self.ruleset.knock.defender_lays_off and not gin
        self._next_defender()

    def _next_defender(self) -> None:
        if not self.defenders:
            reason = ("big gin" if self.big_gin else "gin") if self._gin else "knock"
            self._end_hand(reason, winner=self.knocker)
            return
        self.player = self.defenders[0]
        self.phase = "lay off" if self._lays_off else "defend"

    def _order_from(self, seat: int) -> list[int]:
        out = [seat]
        s = seat
        while True:
            s = self._next_seat(s, self.active)
            if s == seat:
                return out
            out.append(s)

    def _do_show(self, a: Action) -> None:
        p = self.player
        card = a.cards[0]
        self.hands[p].remove(card)
        if self.valid_show(p):
            self.discards.append(card)
            self.top_discarder = p
            self._end_hand("show", winner=p)
            return
        self.hands[p].append(card)
        self.wrong_shows.append(p)
        self._drop(p, self.ruleset.scoring.wrong_show or 0, "wrong show")

    # ================================================================ hand end

    def hand_value(self, seat: int) -> int:
        """Total value of the cards ``seat`` holds (unmelded cards after a knock)."""
        v = self.rules.value
        return sum(v[c] for c in self.hands[seat])

    def valid_show(self, seat: int) -> bool:
        """Can ``seat``'s hand be declared: every card grouped, with the show's sequences?"""
        hand = self.hands[seat]
        s = self.ruleset.show
        if not hand:
            return False
        cr = self._count_rules()
        slots, counts = [], []
        if s is not None:
            if s.pure:
                slots.append(("run", cr.run_min, True))
                counts.append(s.pure)
            if s.sequences > s.pure:
                slots.append(("run", cr.run_min, False))
                counts.append(s.sequences - s.pure)
        from ..melds.solver import Search

        val, _g, _d = Search(cr, list(hand), slots=slots, counts=counts).solve()
        return val is not None and val == len(hand)

    def _end_hand(self, reason: str, winner: int | None = None, rummy: bool = False,
                  details: dict | None = None) -> None:
        res = score_hand(self, reason, winner, rummy, details)
        self.results.append(res)
        for p in range(self.n):
            self.totals[p] = number(self.totals[p] + res.scores[p])
        over, winners = game_over(self)
        self._chance = []
        if over:
            self._over = True
            self.winners = winners
            self.phase = "over"
            self.player = None
            return
        self._start_hand()

    # ================================================================ explanations

    def _explain(self, text: str, parsed) -> str:
        from .explain import explain

        return explain(self, text, parsed)


def _key(a: Action):
    return a.key


def _by_card(find) -> dict:
    """``find(card)`` for every card code, kept where it finds something."""
    out = {}
    for c in range(C.JOKER + 1):
        found = find(c)
        if found:
            out[c] = found
    return out


_MELD_CACHE = Memo(50_000)
_HEADS = Memo(50_000)  # (rules, cards) -> head_counts of its readings
_LAYOFFS = Memo(20_000)
_RESCUES = Memo(20_000)

_DRAW_STOCK, _DRAW_DISCARD, _PUSH = A.simple(A.DRAW_STOCK), A.simple(A.DRAW_DISCARD), A.simple(A.PUSH)
_PASS, _MISS, _DROP = A.simple(A.PASS), A.simple(A.MISS), A.simple(A.DROP)

_CHANCE_KIND = {"deal": A.DEAL, "cut": A.CUT, "upcard": A.UPCARD, "draw": A.CARD}

_HANDLERS = {
    A.DRAW_STOCK: "_do_draw_stock", A.DRAW_DISCARD: "_do_draw_discard", A.PUSH: "_do_push",
    A.MAY_I: "_do_may_i", A.PASS: "_do_pass", A.MISS: "_do_miss", A.DROP: "_do_drop",
    A.MELD: "_do_meld", A.LAY_OFF: "_do_lay_off", A.REPLACE: "_do_replace",
    A.DISCARD: "_do_discard", A.KNOCK: "_do_knock", A.GIN: "_do_gin", A.SHOW: "_do_show",
}
