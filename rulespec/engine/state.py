"""The interpreter: one game of any compiled variant, move by move.

:class:`Game` follows OpenSpiel's shape. ``current_player()`` is a seat, :data:`CHANCE`
while cards come off the deck (every card dealt, cut, turned up or drawn from the stock is
a chance step, so a seed or a record of the steps replays a game exactly) or
:data:`TERMINAL`. ``legal_actions()`` lists the moves, sorted; ``apply()`` makes one,
given as an :class:`~rulespec.engine.actions.Action` or its string, and raises
:class:`~rulespec.engine.errors.IllegalMove` (naming the rule) for anything else, leaving
the game untouched. Every behaviour is read from the variant's ``Ruleset``: no variant
is named here.

A hand moves through these phases (``Game.phase``):

``declare``   a seat dealt a special hand declares it (``declare``) or ``pass``
``offer``     the upcard is offered (``draw discard`` or ``pass``) before the first turn
``draw``      a turn begins: draw (stock, discard, push), or drop, miss a turn, or ``pass``
              when the stock is exhausted and that ends the hand
``claim``     another player may claim the discard the player in turn passed (``may i``)
``claim meld`` a claimer who may meld at once does so, then ``pass``
``play``      after the draw: meld, lay off, replace wilds; end with discard, knock, gin, show
``answer``    the partner of the player in turn answers "may I go out?" (``answer yes``/``no``)
``knock``     the knocker lays down melds, then ``pass``
``lay off``   a defender lays off onto the knocker's melds, then ``pass``
``defend``    a defender lays down melds, then ``pass``
``over``      the game is over

(:class:`~rulespec.engine.phases.Phase`, a string enum; a hand's ending is an
:class:`~rulespec.engine.phases.Ending`.)

This module is the core: construction, the public API, turns, chance steps and the
dispatch of moves. Each mechanic of the language is one module of :mod:`.mechanics`
(docs/architecture.md lists them), composed into :class:`Game` as a mixin: its legal
moves, how it applies them, why it refuses one and the state it keeps. Scoring is
:mod:`.scoring` and :mod:`.settlement`; :mod:`.explain` words a refusal, asking the
mechanic that owns the move for its reason.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

from .. import cards as C
from ..limits import MAX_HAND_ACTIONS
from . import actions as A
from .actions import Action
from .errors import IllegalMove
from .labels import named
from .mechanics import dispatch_table, narrows_for
from .mechanics.asking import Asking
from .mechanics.barred import BarredCards
from .mechanics.bonus import BonusCards
from .mechanics.claims import Claims
from .mechanics.dealing import Dealing
from .mechanics.discarding import Discarding
from .mechanics.draw_limits import DrawLimits
from .mechanics.drawing import Drawing
from .mechanics.drops import Drops
from .mechanics.last_discard import LastDiscard
from .mechanics.ending import HandEnd
from .mechanics.exhaustion import Exhaustion
from .mechanics.frozen_pile import FrozenPile
from .mechanics.knocking import Knocking
from .mechanics.laying_off import LayingOff
from .mechanics.meld_taken import MeldTaken
from .mechanics.melding import Melding
from .mechanics.opening import Opening
from .mechanics.play_or_draw import PlayOrDraw
from .mechanics.playing import Playing
from .mechanics.pushing import Pushing
from .mechanics.rearranging import Rearranging
from .mechanics.replacing import Replacing
from .mechanics.seating import Seating
from .mechanics.second_hand import SecondHand
from .mechanics.shows import Shows
from .mechanics.special_hands import SpecialHands
from .mechanics.taking import TakingDiscards
from .mechanics.top_taken import TopTaken
from .mechanics.use_drawn import UseDrawn
from .phases import Phase
from .scoring import HandResult, number, team_totals
from .views import Observation, Scores, observe

CHANCE = -1
TERMINAL = -4

#: attributes that are not game state: the rules, caches, the shuffler (its state is)
_NOT_STATE = frozenset({"variant", "ruleset", "game_rules", "rules", "_legal", "_legal_map", "_rng",
                        "_scratch", "_narrows"})

#: moves in one hand beyond which a caller should suspect a hand that cannot end
SAFETY_LIMIT = MAX_HAND_ACTIONS


def new_game(variant, players: int | None = None, seed: int | None = None, deck=None) -> Game:
    """A new game of ``variant`` (a :class:`~rulespec.Variant` or ``Ruleset``).

    ``players`` defaults to the smallest number the rules allow. ``seed`` fixes every
    shuffle. ``deck`` stacks the deck: one order (top card first, codes or names; see
    :func:`~rulespec.engine.deal.stacked_deck`) for the first hand, or a list of orders
    for the first hands; later hands are shuffled."""
    return Game(variant, players, seed, deck)


class Game(Dealing, Drawing, Pushing, Claims, Playing, Melding, Opening, LayingOff, Replacing,
           Discarding, Knocking, Shows, Drops, Exhaustion, HandEnd, MeldTaken, PlayOrDraw,
           Rearranging, Seating, TakingDiscards, UseDrawn, SpecialHands, BonusCards,
           FrozenPile, SecondHand, BarredCards, Asking, DrawLimits, TopTaken, LastDiscard):
    """A game in progress. See the module docstring for the phases.

    The core: construction, the public API, turns, chance steps and the dispatch of
    moves. Each mechanic of the language is a mixin of :mod:`.mechanics` (its moves, how
    it applies them, why it refuses one, the state it keeps); they meet only through
    ``self``. A mechanic hooks in with tables read once below: ``MOVES`` (action kind ->
    handler), ``REFUSALS`` (action kind -> why a move of that kind is refused),
    ``UNFINISHED`` (why other moves wait for what a turn has begun),
    ``PHASES`` (phase -> legal moves), ``PASSES`` (phase -> what ``pass`` does),
    ``THEN`` (what follows a run of chance steps), ``CHANCE_STEPS`` and ``NARROWS``
    (phase -> a filter of the moves other mechanics offer, for a rule that forbids;
    kept for a game only when the mechanic's ``narrows(ruleset)`` says its rule is on)
    with ``NARROWED`` (why it took a move away)."""

    def __init__(self, variant, players: int | None = None, seed: int | None = None, deck=None):
        self.variant = variant
        # the game's rules; ``ruleset`` is the current round's (they differ only where the
        # variant has rules by round)
        rs = getattr(variant, "ruleset", variant)
        if players is None:
            players = rs.players.min
            if rs.partnerships is not None and rs.partnerships.size is not None:
                players = rs.partnerships.teams * rs.partnerships.size
        if players not in rs.players:
            hi = "" if rs.players.max == rs.players.min else f"-{rs.players.max or ''}"
            raise ValueError(f"{rs.name} is for {rs.players.min}{hi} players, not {players}")
        ps = rs.partnerships
        if (ps is not None and ps.size is not None and ps.teamed(players)
                and players != ps.teams * ps.size):
            raise ValueError(f"{rs.name} is played by {ps.teams} teams of {ps.size}")
        # the partnerships settled for this many players (or none, where they play alone)
        self.game_rules = self.ruleset = rs = rs.seated(players)
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
        self._over = False
        self._legal = None
        self._narrows = narrows_for(Game, rs)
        self._legal_map = None
        self._seat()

    def _rules_of_round(self):
        """The current round's rules become ``ruleset`` (and its narrowings are kept)."""
        rs = self.game_rules.for_round(self.round)
        if rs is not self.ruleset:
            self.ruleset = rs
            self._narrows = narrows_for(Game, rs)
        return rs

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
        return A.simple(kind, self.stock[-1])

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
        return observe(self, player)

    def clone(self) -> Game:
        """An independent copy (the variant is shared)."""
        other = copy.copy(self)
        for k, v in self.__dict__.items():
            if k in ("variant", "ruleset", "game_rules", "rules", "_narrows"):
                continue
            setattr(other, k, copy.deepcopy(v))
        return other

    def state_dict(self) -> dict:
        """Every piece of game state, deep-copied (caches left out): equal dicts mean
        equal games."""
        out = {k: copy.deepcopy(v) for k, v in self.__dict__.items() if k not in _NOT_STATE}
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

    # ================================================================ turns

    def _turn_reset(self) -> None:
        self.taken = None  # the card taken from the discard pile this turn
        self.top_loose = None  # the top card taken, where it may go is limited (TopTaken)
        self.taken_binds = False  # ... and it must be melded (mechanics.meld_taken)
        self.deep_taken = None  # the deepest of several taken, when it must be melded at once
        self.drawn_card = None  # the card drawn from the stock this turn
        self.melds_this_turn = 0
        self.pending: list = []  # melds laid this turn towards an opening not yet complete
        self.pending_mode = None  # a Pending while such melds are being laid
        self.owed: list[int] = []  # wild cards taken off the table that must be melded again
        self.must_knock = False
        self.stock_only = False
        self.played_this_turn = False
        self.answer = None  # partner's answer to "may I go out?" (mechanics.asking)

    def _next_seat(self, seat: int, mask, step: int | None = None) -> int:
        """The next seat of ``mask`` after ``seat`` the way play goes (``step``: +1 to the
        left, -1 to the right; default, the rules' ``seating.play``)."""
        if step is None:
            step = self._play_step
        n = len(mask)
        s = seat
        for _ in range(n):
            s = (s + step) % n
            if mask[s]:
                return s
        return seat

    def _team(self, seat: int) -> int:
        ps = self.ruleset.partnerships
        return seat % ps.teams if ps is not None else seat

    def _start_turn(self, seat: int, stock_only: bool = False) -> None:
        self._turn_reset()
        self.turn = self.player = seat
        self.stock_only = stock_only
        self.turns_had[seat] += 1
        self._played_at_start = self.played[seat]
        self._opened_at_start = self.opened[seat]
        self._mark_turn_start(seat)
        if self.packet_due:
            self._packet_at_turn_start(seat)
        if self._first_turn and seat == self.starter or self.ruleset.turn.play_or_draw:
            self._first_turn = False
            self.phase = Phase.PLAY
        else:
            self.phase = Phase.DRAW

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

    # ================================================================ chance

    def _take_from_stock(self, card: int) -> None:
        s = self.stock
        if s[-1] != card:
            i = len(s) - 1 - s[::-1].index(card)
            s[i], s[-1] = s[-1], s[i]
        s.pop()

    def _receive(self, seat: int, card: int) -> None:
        """A card dealt or drawn goes to its seat's hand (a bonus card in front of it, a
        packet's card set aside: mechanic second_hand)."""
        if type(seat) is tuple:
            self._set_aside(seat[1], card)
        elif self.ruleset.bonus is None or not self._lay_out_bonus(seat, card):
            self.hands[seat].append(card)

    def _chance_apply(self, a: Action) -> None:
        kind, seat = self._chance.pop(0)
        card = a.cards[0]
        self._take_from_stock(card)
        _CHANCE_STEPS[kind](self, seat, card)
        if not self._chance and not self._over:  # (a bonus card's replacement may end it)
            then, self._then = self._then, None
            _THEN[then](self)

    # ================================================================ moves

    def _compute_legal(self) -> list[Action]:
        if self._over:
            return []
        if self._chance:
            kind = self._chance[0][0]
            if self.stock_ordered:
                return [A.simple(kind, self.stock[-1])]
            return [A.simple(kind, c) for c in sorted(set(self.stock), key=C.sort_key)]
        acts = _PHASES[self.phase](self)
        if self._narrows:
            for narrow in self._narrows.get(self.phase, ()):
                acts = narrow(self, acts)
        return acts

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
        self.history.append(C.tile_text(a.text) if self.ruleset.deck.tiles else a.text)
        self.moves_this_hand += 1
        if a.kind in A.CHANCE_KINDS:
            self._chance_apply(a)
            return
        self._pile_joins(a, before=True)  # a frozen take's pile held back (FrozenPile)
        if self.top_loose is not None:  # the top card of a take, not yet placed (TopTaken)
            self._top_moved(a)
        _MOVES[a.kind](self, a)
        self._pile_joins(a, before=False)

    def _do_pass(self, a: Action) -> None:
        """``pass`` means what the phase makes it: decline, or say you are done."""
        _PASSES[self.phase](self)

    def _explain(self, text: str, parsed) -> str:
        from .explain import explain

        return explain(self, text, parsed)

    def _refusal(self, parsed, missing: list[int], offered: bool) -> str | None:
        """Why the mechanic that owns ``parsed``'s kind refuses it (None: it has no reason
        of its own). ``missing``: its cards not in hand; ``offered``: whether some move
        of its kind is legal now. A mechanic that narrows others' moves (``NARROWS``) is
        asked first, through its ``NARROWED`` table, since the move's owner would offer it."""
        return self._narrowed(parsed) or _REFUSALS[parsed.kind](self, parsed, missing, offered)

    def _narrowed(self, parsed) -> str | None:
        """Why a narrowing of this game took ``parsed`` away (None: none did)."""
        reasons = (why(self, parsed) for why in (_NARROWED.values() if self._narrows else ()))
        return next((r for r in reasons if r is not None), None)

    def _unfinished(self, kind: str) -> str | None:
        """Why a move of ``kind`` must wait for what this turn has begun (None: it need not)."""
        for why in _UNFINISHED.values():
            reason = why(self, kind)
            if reason is not None:
                return reason
        return None

    MOVES = {A.PASS: _do_pass}
    CHANCE_STEPS = {A.DEAL: _receive, A.CARD: _receive}


#: action kind -> its handler, ``(game, action)``
_MOVES = dispatch_table(Game, "MOVES")
#: action kind -> why such a move is refused, ``(game, parsed, missing, offered)``
_REFUSALS = dispatch_table(Game, "REFUSALS")
#: what a turn has begun and must finish first -> why a move waits, ``(game, kind)``
_UNFINISHED = dispatch_table(Game, "UNFINISHED")
#: name -> why a narrowing mechanic took a move away, ``(game, parsed)``
_NARROWED = dispatch_table(Game, "NARROWED")
#: phase -> the legal moves in it, ``(game)``, each list in order
_PHASES = dispatch_table(Game, "PHASES")
#: phase -> what ``pass`` does in it, ``(game)``
_PASSES = dispatch_table(Game, "PASSES")
#: what follows the chance steps due -> its continuation, ``(game)``
_THEN = dispatch_table(Game, "THEN")
#: chance step kind -> what the card does, ``(game, seat, card)``
_CHANCE_STEPS = dispatch_table(Game, "CHANCE_STEPS")
