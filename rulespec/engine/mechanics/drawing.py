"""Drawing: the moves that begin a turn, and taking a card from the stock or the top of
the discard pile."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..phases import Ending, Phase, Then
from . import ordered

_DRAW_STOCK, _DRAW_DISCARD = A.simple(A.DRAW_STOCK), A.simple(A.DRAW_DISCARD)
_PUSH, _PASS, _MISS, _DROP = A.simple(A.PUSH), A.simple(A.PASS), A.simple(A.MISS), A.simple(A.DROP)


class Drawing:
    """Plays the draw of ``turn:`` (``draw from stock or discard``, the sources a turn may
    draw from), the limit on discard draws in a hand (void after that many) and, with the
    stock gone, what is left to do (reuse the pile, take the discard to knock, end the
    hand). Reads ``turn.draw_from``, ``turn.push``, ``turn.max_discard_draws``,
    ``stock.last_discard``, ``drops`` (to list ``miss`` and ``drop``).

    A card off the stock is a chance step (``draw CARD``) after ``draw stock``; before
    it, the others may claim the discard where the rules allow (claims)."""

    def _draw_actions(self) -> list:
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
            elif src == "discard" and self.discards and not (
                    t.discard_until_opening and self.opened[p]) and not self._stopped() and (
                    not self._pile_closed()):
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
            td = t.take_discards
            if td is None or td.top_alone or (len(self.discards) < 2 and (
                    not self._lone_frozen() or self._frozen_take_ok())):
                acts.append(_DRAW_DISCARD)
            acts.extend(self._deep_takes())
        if push:
            acts.append(_PUSH)
        if end:
            acts.append(_PASS)
        if rs.drops is not None:
            if rs.drops.misses is not None:
                acts.append(_MISS)
            acts.append(_DROP)
        knock = self._knock_before_draw(p)  # knocking: a knock before drawing, if allowed
        return ordered(acts + knock) if knock else acts

    def _do_draw_stock(self, a) -> None:
        p = self.turn
        self._drew(p)
        if not self._stock_live():
            if not self._rebuild() or not self._stock_live():
                self._end_hand(Ending.STOCK_EXHAUSTED)
                return
        if self.phase is Phase.DRAW and self._open_claims(p):
            return
        self._draw_for_turn()

    def _do_draw_discard(self, a) -> None:
        p = self.player
        t = self.ruleset.turn
        drawing = self.phase is Phase.DRAW  # not an upcard offer
        if drawing and self._stock_live():
            self.discard_draws += 1
            if t.max_discard_draws is not None and self.discard_draws >= t.max_discard_draws:
                self._end_hand(Ending.VOID, details={"why": "discard draw limit"})
                return
        if drawing and not self._stock_live():
            self.must_knock = self.ruleset.stock.last_discard == "knock"
        self._drew(p)
        if self._lone_frozen():  # the whole pile, frozen: taken with a natural pair
            self._take_frozen(p, 1)
            self.turn = p
            self.phase = Phase.PLAY
            return
        card = self.discards.pop()
        self.hands[p].append(card)
        self._note_top(card)
        self._took(p, card, self._meld_taken_binds(p))
        self.turn = p
        self.phase = Phase.PLAY

    stock_owed = 0  # cards of this turn's draw from the stock still to come

    def _draw_for_turn(self) -> None:
        """The player in turn gets the top card of the stock (a chance step), then plays.
        A draw of N cards (``turn.stock_cards``: Samba's two) brings the others one at a
        time after it (:meth:`_then_draw_on`)."""
        self._chance = [(A.CARD, self.turn)]
        self.stock_owed = self.ruleset.turn.stock_cards - 1
        if self.stock_owed:
            self._then = Then.DRAW_ON
        else:
            self._then = Then.END_TURN if self.ruleset.turn.play_or_draw else Then.PLAY

    def _then_draw_on(self) -> None:
        """One card of a draw of several is in: the next one while the stock lasts (above
        the cards it must keep, ``stock.remaining``), then the turn goes on. A stock that
        runs out midway gives what it has: the player keeps the cards drawn, and the rules
        for an exhausted stock apply at the next draw from it."""
        if self.stock_owed and self._stock_live():
            self.stock_owed -= 1
            self._chance = [(A.CARD, self.turn)]
            self._then = Then.DRAW_ON
            return
        self.stock_owed = 0
        if self.ruleset.turn.play_or_draw:
            self._then_end_turn()
        else:
            self._then_play()

    def _then_play(self) -> None:
        self.phase = Phase.PLAY
        self.player = self.turn
        self.drawn_card = self.hands[self.turn][-1]  # the stock card just received

    def _refuse_draw(self, parsed, missing, offered: bool) -> str | None:
        """Why a draw is refused at the start of a turn: the rules' sources, an empty or
        spent pile (None after the draw: it is not the time)."""
        if offered or self.phase is not Phase.DRAW:
            return None
        draw_from = self.ruleset.turn.draw_from
        if parsed.kind == A.DRAW_DISCARD:
            if not self.discards:
                return "the discard pile is empty"
            if self._stopped():
                return self._why_stopped()
            if "discard" in draw_from and self._pile_closed():
                return self._why_closed()
            if "discard" not in draw_from:
                return "the rules do not let you take the top discard here"
            if self.ruleset.turn.discard_until_opening and self.opened[self.player]:
                return "once you have opened you may no longer take from the discard pile"
            if self.stock_only:
                return "both players passed the upcard, so the first player draws from the stock"
            frozen = self._why_frozen(1)
            if frozen is not None:
                return frozen
            td = self.ruleset.turn.take_discards
            if td is not None and not td.top_alone and len(self.discards) >= 2:
                n = td.depths(len(self.discards))[-1]
                whole = "whole discard pile" if n == len(self.discards) else f"top {n} cards"
                return (f"the top card is taken only with the {whole}: `draw {n} discards to "
                        f"{C.card_str(self.discards[-n])}`")
            return "the stock is exhausted: the top discard may be taken only to knock at once"
        if "stock" not in draw_from:
            return "the rules do not let you draw from the stock here"
        return "the stock is exhausted and may not be reused: `pass` ends the hand"

    MOVES = {A.DRAW_STOCK: _do_draw_stock, A.DRAW_DISCARD: _do_draw_discard}
    REFUSALS = {A.DRAW_STOCK: _refuse_draw, A.DRAW_DISCARD: _refuse_draw}
    THEN = {Then.PLAY: _then_play, Then.DRAW_ON: _then_draw_on}
    PHASES = {Phase.DRAW: _draw_actions}
