"""Melding the card taken from the discard pile: it must go into a meld (its own, or laid
off onto one on the table) at once, or before the turn ends, so a player may take it only
when that can be done.

A rule that forbids what other mechanics allow: it narrows the moves of the draw and of
the play phase (``NARROWS``) instead of adding moves of its own. "At once" is met by the
first move after the draw. "This turn" lets other melds and lay-offs come first, but only
those after which a move that melds the card is still there, and no discard or knock
until it is down: so a player who takes the card can always meet the rule and the hand
never sticks."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..phases import Phase

_TABLE = (A.MELD, A.LAY_OFF)


class MeldTaken:
    """Plays ``draw: card taken from discard pile must be melded at once`` (or ``this
    turn``), for every player or (``turn.meld_taken_before_opening``) only for one who had
    not opened when they took it. Reads ``turn.meld_taken`` and ``turn.meld_taken_by``, and
    ``take_discards.meld_owed_by`` for the deepest card of a deep take (which
    :mod:`.taking` owes). The card is :attr:`Game.taken`; it is down once the hand holds
    fewer of it than just after the take (:attr:`Game.taken_held`)."""

    _probing = False  # True in the copy that looks one move ahead, so it looks no further
    taken_held = 0  # how many of the taken card the hand held just after taking it (set with it)
    taken_binds = False  # the rule binds the card taken this turn (set with it)

    @staticmethod
    def narrows(rs) -> bool:
        td, cl = rs.turn.take_discards, rs.turn.claims
        return (rs.turn.meld_taken or (td is not None and (td.meld_owed or td.frozen_take))
                or (cl is not None and cl.takes_turn) or rs.stock.last_discard == "must")

    def _took(self, p: int, card: int, binds: bool) -> None:
        """``p`` took ``card`` from the discard pile; ``binds``: it must be melded."""
        self.taken, self.taken_binds = card, binds
        self.taken_held = self.hands[p].count(card)  # so that its going down can be told

    def _meld_taken_binds(self, p: int) -> bool:
        """Must a card ``p`` takes from the discard pile now be melded (the rule, and
        ``p`` not yet opened where it binds only then)? Once the stock is gone under
        ``stock: discard must then be taken when it can be melded``, it always must."""
        t = self.ruleset.turn
        if self.ruleset.stock.last_discard == "must" and not self._stock_live():
            return True
        return t.meld_taken and not (t.meld_taken_before_opening and self.opened[p])

    def _owed_by(self) -> str:
        """When the card owed must be down: "move" (the first move after the take) or
        "turn" (before the turn ends)."""
        if self.deep_taken is not None:  # a frozen take owes its natural pair at once
            td = self.ruleset.turn.take_discards
            return "move" if self.pair_hand is not None else td.meld_owed_by
        return self.ruleset.turn.meld_taken_by

    def _owed_taken(self) -> int | None:
        """The card taken from the discard pile that the turn must still put on the table
        (None: there is none, or it is there)."""
        if self.taken is None or not (self.taken_binds or self.deep_taken is not None):
            return None
        if self._owed_by() == "move":
            return None if self.played_this_turn else self.taken
        return self.taken if self.hands[self.player].count(self.taken) >= self.taken_held else None

    def _uses_taken(self, p: int, card: int) -> list:
        """The melds and lay-offs of ``p``'s hand that put ``card`` on the table."""
        return [a for a in self._meld_actions(p) + self._layoff_actions(p)
                if card in a.cards and self._top_place_ok(a, card)]

    def _ways_to_meld(self, acts: list, card: int) -> list:
        """Of ``acts``, the moves that meld ``card`` and (when it may wait for the end of
        the turn) the melds and lay-offs after which such a move is still there."""
        if self._owed_by() == "move" or self._probing:
            return [a for a in acts if a.kind in _TABLE and card in a.cards and self._pair_fits(a)
                    and (card != self.top_loose or self._top_place_ok(a, card))]

        def make():
            return [a for a in acts if a.kind in _TABLE
                    and (card in a.cards or self._meldable_after(a, card))]
        return self._per_move("ways to meld the taken card", self.player, make)

    def _meldable_after(self, a, card: int) -> bool:
        """After move ``a`` (made on a copy), is the taken card down, or can the next move
        put it there?"""
        g = self.clone()
        g._probing = True
        g._do(a)
        if g.phase is not Phase.PLAY or g.player != self.player:
            return False
        return g._owed_taken() is None or bool(g._ways_to_meld(g.legal_actions(), card))

    def _could_meld_after_take(self, take) -> bool:
        """Could the card owed after the take ``take`` (made on a copy) go on the table in
        that turn?"""
        g = self.clone()
        g._do(take)
        card = g._owed_taken()
        return card is None or bool(g._ways_to_meld(g.legal_actions(), card))

    def _could_meld_top(self, acts: list) -> list:
        """Draws, without ``draw discard`` when the top card could not be melded in time."""
        if (not self._meld_taken_binds(self.player)
                or A.DRAW_DISCARD not in {a.kind for a in acts}):
            return acts
        p = self.player
        hand = self.hands[p]
        hand.append(self.discards[-1])
        try:
            usable = bool(self._uses_taken(p, hand[-1]))
        finally:
            hand.pop()
        if not usable and self.ruleset.turn.meld_taken_by == "turn":
            take = next(a for a in acts if a.kind == A.DRAW_DISCARD)
            usable = self._could_meld_after_take(take)
        return acts if usable else [a for a in acts if a.kind != A.DRAW_DISCARD]

    def _meld_taken_first(self, acts: list) -> list:
        """After taking the discard: only the moves that meld it (or keep it meldable),
        until it is down."""
        card = self._owed_taken()
        if card is None:
            return acts
        return self._ways_to_meld(acts, card) or acts  # never none: the draw was offered only then

    def _why_taken(self, parsed) -> str | None:
        """Why this rule took the move away, in the player's words (None: it did not)."""
        card = self._owed_taken()
        if self.phase is Phase.PLAY and card is not None:
            ways = self._ways_to_meld(self.legal_actions(), card)
            if parsed.kind in _TABLE and card in parsed.cards and (
                    self.pair_hand is None or parsed.text in {a.text for a in ways}):
                return None
            if self.pair_hand is not None and self.deep_taken is not None and not self.pair_need:
                return (f"you took the discard pile, so its top card ({C.card_str(card)}) must go "
                        "on the table at once, in a meld with cards of the hand you held or "
                        "laid off: " + ", ".join(f"`{a.text}`" for a in ways))
            if self.pair_hand is not None and self.deep_taken is not None:
                return (f"you took the frozen discard pile, so its top card ({C.card_str(card)}) "
                        "must go into a meld at once with two natural cards of its rank from "
                        "the hand you held: " + ", ".join(f"`{a.text}`" for a in ways))
            if self._owed_by() == "turn":
                return (f"the card you took from the discard pile ({C.card_str(card)}) must go "
                        "into a meld before your turn ends, and this move would leave no way "
                        "to meld it: " + ", ".join(f"`{a.text}`" for a in ways))
            return (f"the card you took from the discard pile ({C.card_str(card)}) must go into a "
                    f"meld first: " + ", ".join(f"`{a.text}`" for a in ways))
        if (parsed.kind == A.DRAW_DISCARD and self._meld_taken_binds(self.player)
                and self.phase in (Phase.OFFER, Phase.DRAW)
                and self.discards and not self._could_meld_top([parsed])):
            when = "in this turn" if self.ruleset.turn.meld_taken_by == "turn" else "at once"
            short = self._short_of_opening()  # a meld of it the opening alone refuses
            return (f"you may take {C.card_str(self.discards[-1])} from the discard pile only to "
                    f"meld it {when}, and " + (short or "no meld of your hand would hold it"))
        return None

    NARROWED = {"discard melded at once": _why_taken}
    NARROWS = {Phase.OFFER: _could_meld_top, Phase.DRAW: _could_meld_top,
               Phase.PLAY: _meld_taken_first}
