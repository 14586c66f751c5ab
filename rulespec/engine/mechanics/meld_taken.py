"""Melding the discard at once: a card taken from the discard pile must go straight into
a meld (its own, or laid off onto one on the table), so a player may take it only when
that can be done.

A rule that forbids what other mechanics allow: it narrows the moves of the draw and of
the play phase (``NARROWS``) instead of adding moves of its own. Meeting it takes one
move (the first move after the draw), so a player who takes the card can always meet it
and the hand never sticks."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..phases import Phase


class MeldTaken:
    """Plays ``draw: card taken from discard pile must be melded at once``. Reads
    ``turn.meld_taken_at_once``. The card is :attr:`Game.taken`; the rule is met once
    the turn has put a card on the table (``played_this_turn``)."""

    @staticmethod
    def narrows(rs) -> bool:
        td = rs.turn.take_discards
        return rs.turn.meld_taken_at_once or (td is not None and td.meld_deepest)

    def _uses_taken(self, p: int, card: int) -> list:
        """The melds and lay-offs of ``p``'s hand that put ``card`` on the table."""
        return [a for a in self._meld_actions(p) + self._layoff_actions(p) if card in a.cards]

    def _could_meld_top(self, acts: list) -> list:
        """Draws, without ``draw discard`` when the top card could not be melded at once."""
        if not self.ruleset.turn.meld_taken_at_once or A.DRAW_DISCARD not in {a.kind for a in acts}:
            return acts
        p = self.player
        hand = self.hands[p]
        hand.append(self.discards[-1])
        try:
            usable = bool(self._uses_taken(p, hand[-1]))
        finally:
            hand.pop()
        return acts if usable else [a for a in acts if a.kind != A.DRAW_DISCARD]

    def _meld_taken_first(self, acts: list) -> list:
        """After taking the discard: only the moves that meld it, until one is made."""
        card = self._owed_at_once()
        if card is None:
            return acts
        first = [a for a in acts if a.kind in (A.MELD, A.LAY_OFF) and card in a.cards]
        return first or acts  # never none: the draw was offered only when one existed

    def _why_taken(self, parsed) -> str | None:
        """Why this rule took the move away, in the player's words (None: it did not)."""
        card = self._owed_at_once()
        if self.phase is Phase.PLAY and card is not None:
            if parsed.kind in (A.MELD, A.LAY_OFF) and card in parsed.cards:
                return None
            first = self._uses_taken(self.player, card)
            return (f"the card you took from the discard pile ({C.card_str(card)}) must go into a "
                    f"meld first: " + ", ".join(f"`{a.text}`" for a in first))
        if (parsed.kind == A.DRAW_DISCARD and self.ruleset.turn.meld_taken_at_once
                and self.phase in (Phase.OFFER, Phase.DRAW)
                and self.discards and not self._could_meld_top([parsed])):
            return (f"you may take {C.card_str(self.discards[-1])} from the discard pile only to "
                    "meld it at once, and no meld of your hand would hold it")
        return None

    NARROWED = {"discard melded at once": _why_taken}
    NARROWS = {Phase.OFFER: _could_meld_top, Phase.DRAW: _could_meld_top,
               Phase.PLAY: _meld_taken_first}
