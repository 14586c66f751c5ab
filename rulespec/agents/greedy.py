"""The ``greedy`` agent: one move at a time, whatever lowers the hand's cost now.

It reads nothing but the legal moves, the public state and its own hand, and judges
hands with the meld solver (:mod:`.evaluate`, cached):

* it ends the hand when the rules let it: a special hand it may declare, big gin, a
  valid show (never a wrong one), a knock (with the discard that leaves least deadwood;
  at most :data:`KNOCK_BELOW` where the rules allow more), going out;
* it takes the upcard, the top discard or a claimed discard ("May I?") only when that
  card lowers its cost, and otherwise draws from the stock (or pushes); it takes cards
  from deep in the discard pile when the melds they make pay for them: the depth whose
  cards leave the least cost, if that is below the hand's cost now; where the top card
  is taken only with the whole pile (Canasta), it judges the whole take (:mod:`.pile`):
  what it melds and lays off at once against the deadwood it adds;
* it goes down as soon as it can meet the opening requirement (a contract or a
  threshold): waiting for a better opening lets a hand grow without end in a game where
  cards are pushed onto it;
* it lays down every meld and lays off every card that costs it nothing (the meld that
  leaves the least deadwood first), and takes a wild card off the table when the natural
  it gives is worth less to it than the wild;
* it discards the card whose loss costs least, a wild card counting :data:`WILD_KEEP`
  average cards more (then the card worth most), and lays down melds after a knock until
  it may pass;
* where the table may be rearranged, it takes a card that a meld can spare (the meld
  stays valid) when the card makes a new meld with its hand, and lays that meld; a
  rearrangement that goes nowhere it resets, and it draws when nothing pays;
* it drops out at its first turn only when the hand is hopeless: its cost is at least
  :data:`DROP_FACTOR` times the first-drop penalty;
* where partners ask "may I go out?", it asks whenever it may (it would go out anyway), and
  answers yes unless the cards in its own hand are worth more than going out earns (the
  rules' going-out bonus, :data:`ANSWER_NO_ABOVE` points where there is none): ending the
  hand then costs its side more than it gains, and another turn lets it meld them;
* once a hand is stuck (the discard pile has come round :data:`STUCK_REUSES` times, or
  :data:`STUCK_MOVES` moves were made), some of its draws and discards are random
  (:data:`STUCK_RANDOM`), so that greedy players cannot circle forever in a hand that can
  still end.

Ties are broken with the agent's random generator, so a seed fixes its play.
"""

from __future__ import annotations

from ..engine import actions as A
from ..engine import search as ES
from ..engine.phases import Phase
from .base import Agent, register
from .evaluate import evaluator
from .goals import Goals
from .pile import pile_take, whole_pile

#: drop at the first turn when the hand costs at least this many first-drop penalties
DROP_FACTOR = 5.5
#: a hand counts as stuck once the discard pile has been reused this often, or after
#: this many moves; then a share (STUCK_RANDOM) of the draws and discards are random. Two
#: greedy players can otherwise pass the same cards round forever in a hand that can
#: still end (pairs nobody breaks; a complete meld that may not go down because going
#: out needs a final discard, kept while the same card goes back and forth)
STUCK_REUSES = 2
STUCK_MOVES = 1000
STUCK_RANDOM = 0.25
#: what discarding a wild card costs on top of what the hand loses, in average card values
WILD_KEEP = 2
#: where going out needs long melds of kinds the side lacks (a natural sequence, clean
#: books): what discarding a card that leads to one costs on top, and what a new meld of a
#: missing kind is worth over another, in average card values (see :mod:`.goals`)
GOAL_KEEP = 2
GOAL_MELD = 1
#: hands of at most this many cards have every meld of a missing kind searched for the
#: bonus; in bigger ones only the melds of the hand's best arrangement
GOAL_SEARCH_MAX = 12
#: hands of at most this many cards have every tied move searched, so that ties are broken
#: evenly at random; in bigger hands (Marriage's 21 cards, a whole discard pile taken) the
#: cheap moves settle a tie (see ``_least``), since each search there is costly
TIE_SEARCH_MAX = 20
#: where a knock has a higher limit or none (`knock: at any count`), the most deadwood the
#: agent knocks with: a knock at a high count is all risk (a knock before drawing never
#: pays it either where one may knock after drawing, since drawing first can only lower
#: the count; where a knock comes only before drawing, the agent knocks there at this count)
KNOCK_BELOW = 10

#: where the rules give no going-out bonus, the most points in its own hand with which the
#: agent lets its partner go out
ANSWER_NO_ABOVE = 100

_TURN = (Phase.DRAW, Phase.PLAY)  # a player's own turn
_DRAWING = (Phase.OFFER, Phase.DRAW, Phase.CLAIM)  # a card may be taken


@register("greedy")
class GreedyAgent(Agent):
    """Solver-driven, one-move-deep play (see the module docstring)."""

    def choose(self, game, player: int, rng=None):
        """The greedy move of ``player`` (the seat to move)."""
        rng = rng or self.rng
        legal = game.legal_actions()
        if not legal:
            raise ValueError("there is no legal move: the game is over")
        if len(legal) == 1:
            return legal[0]
        ev = evaluator(game.rules)
        hand = game.hands[player]
        kinds: dict[str, list] = {}
        for a in legal:
            kinds.setdefault(a.kind, []).append(a)
        phase = game.phase
        if A.DECLARE in kinds:  # a special hand ends the hand at once with its score
            return kinds[A.DECLARE][0]
        if phase in _TURN and self._stuck(game) and rng.random() < STUCK_RANDOM:
            shaken = [a for a in legal if a.kind not in (A.DROP, A.MISS, A.SHOW, A.KNOCK, A.GIN)]
            if shaken:
                return rng.choice(shaken)
        if phase in _DRAWING:
            return self._draw(game, player, ev, hand, kinds, legal, rng)
        if phase is Phase.ANSWER:  # partner asks "may I go out?"
            bonus = game.ruleset.scoring.out_bonus or ANSWER_NO_ABOVE
            worth = sum(ev.value[c] for c in hand)
            return kinds[A.NO if worth > bonus else A.YES][0]
        if phase is Phase.KNOCK or phase is Phase.DEFEND:
            melds = kinds.get(A.MELD)
            if melds:
                return self._best_meld(ev, hand, melds, rng)
            return kinds.get(A.PASS, legal)[0]
        if phase is Phase.LAY_OFF:
            pick = self._best_shed(ev, hand, kinds.get(A.LAY_OFF, ()), rng, strict=True)
            return pick or kinds.get(A.PASS, legal)[0]
        return self._play(game, player, ev, hand, kinds, legal, rng)

    # ------------------------------------------------------------ drawing

    def _draw(self, game, p, ev, hand, kinds, legal, rng):
        if A.DROP in kinds and not game.drawn[p]:
            first = game.ruleset.drops.first
            if ev.cost(hand) >= DROP_FACTOR * max(first, 1):
                return kinds[A.DROP][0]
        top = game.discards[-1] if game.discards else None
        now = ev.cost(hand)
        counted = sum(ev.value[c] for c in hand) if game.ruleset.knock_counts_all else now
        if A.KNOCK in kinds and not game.ruleset.knock.after_draw and counted <= KNOCK_BELOW:
            return kinds[A.KNOCK][0]  # a knock only before drawing (Tonk's drop): now or never
        if whole_pile(game.ruleset):  # the top card only with the pile: judge the pile
            take = pile_take(game, p, ev, hand, kinds)
            if take is not None:
                return take
        else:
            deep = self._best_deep_take(game, ev, hand, kinds.get(A.DRAW_DISCARDS, ()), now)
            if deep is not None:
                return deep
            if A.DRAW_DISCARD in kinds and top is not None:
                if self._taking_helps(game, ev, hand, top, now):
                    return kinds[A.DRAW_DISCARD][0]
        if A.MAY_I in kinds and top is not None:
            # a claim brings no discard and penalty cards of unknown worth: it must save
            # more than those cards are worth on average
            extra = game.ruleset.turn.claims.penalty * ev.mean_value
            if ev.cost(list(hand) + [top]) + extra < now:
                return kinds[A.MAY_I][0]
        for kind in (A.PUSH, A.DRAW_STOCK):
            if kind in kinds:
                return kinds[kind][0]
        if A.PASS in kinds:
            return kinds[A.PASS][0]
        if A.DRAW_DISCARD in kinds:
            return kinds[A.DRAW_DISCARD][0]
        useful = [a for a in legal if a.kind not in (A.DROP, A.MISS)]
        return rng.choice(useful or legal)

    @staticmethod
    def _best_deep_take(game, ev, hand, takes, now: int):
        """The deep take (``draw N discards to CARD``) whose cards, added to the hand,
        leave the least cost, when that is below ``now`` (None otherwise)."""
        best, pick = now, None
        for a in takes:
            cost = ev.cost(list(hand) + game.discards[-a.target:])
            if cost < best:
                best, pick = cost, a
        return pick

    @staticmethod
    def _taking_helps(game, ev, hand, card, now: int) -> bool:
        """Would taking ``card`` and discarding another (or it, when allowed) cost less
        than ``now``? Discards whose lower bound is not below ``now`` are not searched."""
        grown = list(hand) + [card]
        back = game.ruleset.turn.discard_taken
        options = [c for c in set(grown) if not (c == card and not back and any(x != card for x in hand))]
        if not options:
            return ev.cost(grown) < now
        options.sort(key=lambda c: not ev.exact_without(grown, c))  # the cheap ones first
        return any(ev.without_bound(grown, c) < now and ev.without(grown, c) < now for c in options)

    # ------------------------------------------------------------ the turn

    def _play(self, game, p, ev, hand, kinds, legal, rng):
        if A.ASK in kinds:  # offered only when it could go out this turn
            return kinds[A.ASK][0]
        if A.GIN in kinds:
            return kinds[A.GIN][0]
        for a in kinds.get(A.SHOW, ()):
            if self._valid_show(game, p, a.card):
                return a
        if A.KNOCK in kinds:
            best = self._least(kinds[A.KNOCK], lambda a: (ev.without(hand, a.card), -ev.value[a.card]), rng,
                               bound=lambda a: (ev.without_bound(hand, a.card), -ev.value[a.card]),
                               exact=self._cheap(hand, lambda a: ev.exact_without(hand, a.card)))
            if game.knock_max <= KNOCK_BELOW or ev.without(hand, best.card) <= KNOCK_BELOW:
                return best
        ends = [a for a in kinds.get(A.DISCARD, ()) if len(hand) == 1]
        if ends:
            return ends[0]
        now = ev.cost(hand)
        melds = kinds.get(A.MELD, [])
        borrowed = self._borrowed_meld(game, melds)
        if borrowed is not None:
            return borrowed
        goals = Goals(game, p)
        if melds:
            best = self._best_meld(ev, hand, melds, rng, goals)
            must = not any(k in kinds for k in (A.DISCARD, A.LAY_OFF, A.PASS, A.KNOCK, A.SHOW))
            aim = GOAL_MELD * ev.mean_value if goals.wanted(best.reading) else 0
            # (a meld of a missing kind may cost the hand a little more)
            if must or game.opening_due(p) or ev.rest(hand, best.cards) <= now + aim:
                return best
        layoffs = kinds.get(A.LAY_OFF, ())
        if goals.protected:  # no wild card onto a natural meld going out counts on
            layoffs = [a for a in layoffs if not (ev.is_wild(a.card) and goals.spoils(a.target))]
        shed = self._best_shed(ev, hand, layoffs, rng, strict=False)
        if shed is not None:
            return shed
        swaps = []
        for a in kinds.get(A.REPLACE, ()):
            natural, wild = a.cards
            swapped = list(hand)
            swapped.remove(natural)
            swapped.append(wild)
            v = ev.cost(swapped)
            if v < now:
                swaps.append((v, a))
        if swaps:
            low = min(v for v, _ in swaps)
            return rng.choice([a for v, a in swaps if v == low])
        spare = self._spare_take(game, p, kinds.get(A.TAKE, ()))
        if spare is not None:
            return spare
        discards = kinds.get(A.DISCARD)
        if discards:
            keep = WILD_KEEP * ev.mean_value
            aim = GOAL_KEEP * ev.mean_value
            led = {c for c in set(hand) if goals.keeps(c, hand)} if goals.steers else ()

            def loss(a, cost=ev.without):
                wild = ev.is_wild(a.card)
                extra = (keep if wild else 0) + (aim if a.card in led else 0)
                return (cost(hand, a.card) + extra, wild, -ev.value[a.card])

            return self._least(discards, loss, rng, bound=lambda a: loss(a, ev.without_bound),
                               exact=self._cheap(hand, lambda a: ev.exact_without(hand, a.card)))
        if melds:
            return self._best_meld(ev, hand, melds, rng)
        if A.PASS in kinds:
            return kinds[A.PASS][0]
        if A.DRAW_STOCK in kinds:  # a turn without a discard, nothing worth playing: draw
            return kinds[A.DRAW_STOCK][0]
        if A.RESET in kinds:  # a rearrangement that went nowhere: put the table back
            return kinds[A.RESET][0]
        safe = [a for a in legal if a.kind != A.SHOW]
        return rng.choice(safe or legal)

    @staticmethod
    def _borrowed_meld(game, melds):
        """A meld that puts a card taken off the table this turn back on it."""
        if game.ruleset.turn.rearrange is None or game.phase is not Phase.PLAY:
            return None
        owed = game._borrowed()
        return next((a for a in melds if any(c in owed for c in a.cards)), None)

    @staticmethod
    def _spare_take(game, p, takes):
        """A card a table meld can spare (it stays valid without it) that makes a new
        meld with cards of ``p``'s hand: the cheap rearrangement."""
        for a in takes:
            rest = list(game.table[a.target - 1].cards)
            rest.remove(a.card)
            if not ES.readings_of(game.rules, rest):
                continue
            if any(a.card in cards for cards, _r in ES.hand_melds(game.rules, game.hands[p] + [a.card])):
                return a
        return None

    def _best_meld(self, ev, hand, melds, rng, goals=None):
        """The meld leaving the least cost behind (the bigger one on a tie). No meld leaves
        less than the hand's cost, and a meld of its best arrangement leaves just that.
        Where going out lacks long melds of some kinds (``goals``), a meld of such a kind
        in the hand's best arrangement counts :data:`GOAL_MELD` average cards cheaper, and
        the melds of that arrangement settle the choice."""
        now = ev.cost(hand)
        if goals is None or not goals.active:
            return self._least(melds, lambda a: (ev.rest(hand, a.cards), -len(a.cards)), rng,
                               bound=lambda a: (now, -len(a.cards)),
                               exact=self._cheap(hand, lambda a: ev.exact_rest(hand, a.cards)))
        bonus = GOAL_MELD * ev.mean_value
        exact = {a: ev.exact_rest(hand, a.cards) for a in melds}
        if not any(exact.values()):  # the hand's cost was estimated: no search per meld
            return self._least(melds, lambda a: (-goals.wanted(a.reading), -len(a.cards)), rng)

        small = len(hand) <= GOAL_SEARCH_MAX

        def off(a) -> float:
            # beyond a small hand only the melds of its best arrangement (no search) earn
            # the bonus, and those settle the choice: a game that needs kinds is one of big
            # hands (several packs), where a search per meld costs more than the choice
            return bonus if (small or exact[a]) and goals.wanted(a.reading) else 0

        return self._least(melds, lambda a: (ev.rest(hand, a.cards) - off(a), -len(a.cards)),
                           rng, bound=lambda a: (now - off(a), -len(a.cards)),
                           exact=exact.__getitem__)

    def _best_shed(self, ev, hand, layoffs, rng, strict: bool):
        """The lay-off that lowers the cost most (``strict``: it must lower it; otherwise
        it may leave it equal), or None."""
        if not layoffs:
            return None
        now = ev.cost(hand)
        good = [a for a in layoffs if (ev.without(hand, a.card) < now if strict else ev.without(hand, a.card) <= now)]
        if not good:
            return None
        return self._least(good, lambda a: (ev.without(hand, a.card), -ev.value[a.card]), rng)

    @staticmethod
    def _stuck(game) -> bool:
        return game.reuses >= STUCK_REUSES or game.moves_this_hand >= STUCK_MOVES

    @staticmethod
    def _cheap(hand, exact):
        """``exact`` for :meth:`_least` in a big hand (None: search every tie)."""
        return exact if len(hand) > TIE_SEARCH_MAX else None

    @staticmethod
    def _least(actions, key, rng, bound=None, exact=None):
        """The action with the least ``key``, ties broken at random. ``bound`` is a cheap
        key never above the real one: actions are scored in the order of their bounds, and
        those whose bound is above the least key found are never scored (they cannot win
        or tie, so the choice is the same as scoring them all). ``exact`` tells the actions
        whose key is known to equal their bound (cheap to score); where there are some,
        they are scored first among equal bounds, the others in random order, and once the
        least key found equals a bound, the other actions of that bound, which can only
        tie, are not searched (a tie goes to a cheap action, or to the first tied)."""
        if bound is None:
            scored = [(key(a), i) for i, a in enumerate(actions)]
        else:
            scored, low = [], None
            cheap = [exact(a) for a in actions] if exact else [False] * len(actions)
            skip = any(cheap)
            order = sorted((bound(a), not cheap[i], rng.random() if skip else 0, i)
                           for i, a in enumerate(actions))
            for b, costly, _r, i in order:
                if low is not None and (b > low or (skip and b == low and costly)):
                    break
                k = key(actions[i])
                scored.append((k, i))
                if low is None or k < low:
                    low = k
        low = min(k for k, _ in scored)
        return rng.choice([actions[i] for k, i in sorted(scored, key=lambda ki: ki[1]) if k == low])

    @staticmethod
    def _valid_show(game, p: int, card: int) -> bool:
        """Would showing with ``card`` face down be a valid declaration? Asks the game's
        own test (``valid_show``) about the hand without that card, and puts the card back
        where it was, so the game is unchanged."""
        ev = evaluator(game.rules)
        hand = game.hands[p]
        if ev.without(hand, card) > 0:  # a valid show groups every card: cost 0
            return False
        i = hand.index(card)
        del hand[i]
        try:
            return game.valid_show(p)
        finally:
            hand.insert(i, card)
