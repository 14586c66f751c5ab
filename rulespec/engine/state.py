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

from .. import cards as C
from ..limits import MAX_HAND_ACTIONS
from ..melds.context import rules_for
from . import actions as A
from .actions import Action
from .deal import check_stack, deck_cards, first_dealer
from .errors import IllegalMove
from .labels import named
from .mechanics.discarding import Discarding
from .mechanics.drops import Drops
from .mechanics.exhaustion import Exhaustion
from .mechanics.knocking import Knocking
from .mechanics.laying_off import LayingOff
from .mechanics.melding import Melding
from .mechanics.opening import Opening
from .mechanics.replacing import Replacing
from .mechanics.shows import Shows
from .scoring import HandResult, game_over, number, score_hand, team_totals
from .views import Observation, Scores, TableMeld

CHANCE = -1
TERMINAL = -4

#: moves in one hand beyond which a caller should suspect a hand that cannot end
SAFETY_LIMIT = MAX_HAND_ACTIONS


def new_game(variant, players: int | None = None, seed: int | None = None, deck=None) -> Game:
    """A new game of ``variant`` (a :class:`~rulespec.Variant` or ``Ruleset``).

    ``players`` defaults to the smallest number the rules allow. ``seed`` fixes every
    shuffle. ``deck`` stacks the deck: one order (top card first, codes or names; see
    :func:`~rulespec.engine.deal.stacked_deck`) for the first hand, or a list of orders
    for the first hands; later hands are shuffled."""
    return Game(variant, players, seed, deck)


class Game(Melding, Opening, Replacing, LayingOff, Discarding, Drops, Shows, Knocking, Exhaustion):
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
        if self._stock_gone():
            self._end_hand("stock exhausted")
            return
        self._start_turn(self._next_seat(p, self.active))

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

    # ---------------------------------------------------------------- play

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

    # knocks ---------------------------------------------------------

    # melds ----------------------------------------------------------

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

    # lay-offs and replacements ----------------------------------------

    def _team(self, seat: int) -> int:
        ps = self.ruleset.partnerships
        return seat % ps.teams if ps is not None else seat

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

    # ---------------------------------------------------------------- the table

    def _went_out(self, p: int) -> None:
        rummy = not self._played_at_start if p == self.turn else False
        self._end_hand("went out", winner=p, rummy=rummy)

    # ---------------------------------------------------------------- ending a turn

    # ================================================================ hand end

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


_DRAW_STOCK, _DRAW_DISCARD, _PUSH = A.simple(A.DRAW_STOCK), A.simple(A.DRAW_DISCARD), A.simple(A.PUSH)
_PASS, _MISS, _DROP = A.simple(A.PASS), A.simple(A.MISS), A.simple(A.DROP)

_CHANCE_KIND = {"deal": A.DEAL, "cut": A.CUT, "upcard": A.UPCARD, "draw": A.CARD}

_HANDLERS = {
    A.DRAW_STOCK: "_do_draw_stock", A.DRAW_DISCARD: "_do_draw_discard", A.PUSH: "_do_push",
    A.MAY_I: "_do_may_i", A.PASS: "_do_pass", A.MISS: "_do_miss", A.DROP: "_do_drop",
    A.MELD: "_do_meld", A.LAY_OFF: "_do_lay_off", A.REPLACE: "_do_replace",
    A.DISCARD: "_do_discard", A.KNOCK: "_do_knock", A.GIN: "_do_gin", A.SHOW: "_do_show",
}
