"""Using the card drawn at once: the card a player drew this turn (off the stock, or the
top discard taken alone) must be melded or laid off in the same turn, or else be the
card the turn ends with.

A rule that forbids what other mechanics allow: it narrows the moves that end the turn
(``NARROWS``) to the discard (or knock, or show) of that card while it is still in hand.
That move is always there, so no hand sticks (E383 refuses a file where the card taken
from the discard pile may not be discarded either)."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..phases import Phase

_ENDS_TURN = (A.DISCARD, A.KNOCK, A.SHOW)


class UseDrawn:
    """Plays ``draw: card drawn must be melded or discarded``. Reads ``turn.use_drawn``.
    The card is :attr:`Game.drawn_card` (off the stock) or :attr:`Game.taken` (the top
    discard)."""

    @staticmethod
    def narrows(rs) -> bool:
        return rs.turn.use_drawn

    def _unused_drawn(self) -> int | None:
        """The card drawn this turn while it is still in hand (None: used, or none)."""
        card = self.drawn_card if self.drawn_card is not None else self.taken
        if card is None or card not in self.hands[self.player]:
            return None
        return card

    def _drawn_or_nothing(self, acts: list) -> list:
        """Turn-ending moves only with the card drawn, while it is in hand."""
        card = self._unused_drawn()
        if card is None:
            return acts
        kept = [a for a in acts if a.kind not in _ENDS_TURN or a.card == card]
        return kept if any(a.kind in _ENDS_TURN for a in kept) else acts

    def _why_drawn(self, parsed) -> str | None:
        """Why this rule took the move away (None: it did not)."""
        if not self.ruleset.turn.use_drawn or self.phase is not Phase.PLAY:
            return None
        card = self._unused_drawn()
        if card is None or parsed.kind not in _ENDS_TURN or parsed.cards[:1] == (card,):
            return None
        return (f"the card you drew ({C.card_str(card)}) must be melded this turn or else "
                f"discarded: meld or lay it off first, or `{parsed.kind} {C.card_str(card)}`")

    NARROWED = {"card drawn used at once": _why_drawn}
    NARROWS = {Phase.PLAY: _drawn_or_nothing}
