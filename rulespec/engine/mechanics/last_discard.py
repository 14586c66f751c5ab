"""The discard that must be taken once the stock is gone (Canasta: "when the stock is
exhausted, each player must take the discard if it matches a meld on the table").

A narrowing: at the draw, with the stock gone for good, ``pass`` (which ends the hand) is
taken away while some take of the discard pile is left that puts its top card on the
table at once. What is left was offered by the takes' own rules and narrowed by
:mod:`.meld_taken` (which, under this rule, binds a top card taken alone then), so the
player can meet it; and every such take lays at least one card, so the hand ends."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..phases import Phase


class LastDiscard:
    """Plays ``stock: discard must then be taken when it can be melded``. Reads
    ``stock.last_discard`` (``must``) and ``turn.take_discards``."""

    @staticmethod
    def narrows(rs) -> bool:
        return rs.stock.last_discard == "must"

    def _take_owes_top(self, a) -> bool:
        """Does take ``a`` put the pile's top card on the table at once? A top card taken
        alone does, once the stock is gone (:meth:`_meld_taken_binds`); a take of more
        cards where the rules owe its top card, or a frozen take (a natural pair)."""
        if a.kind == A.DRAW_DISCARD:
            return True
        td = self.ruleset.turn.take_discards
        return td is not None and ((td.meld_owed and td.owed == "top")
                                   or a.target > self._thaw_depth())

    def _must_take(self, acts: list) -> list:
        """The draw's moves, without ``pass`` where a take that melds the top card is left."""
        if self._stock_live() or not any(a.kind == A.PASS for a in acts):
            return acts
        if any(a.kind in (A.DRAW_DISCARD, A.DRAW_DISCARDS) and self._take_owes_top(a)
               for a in acts):
            return [a for a in acts if a.kind != A.PASS]
        return acts

    def _why_must_take(self, parsed) -> str | None:
        if (parsed.kind != A.PASS or self.phase is not Phase.DRAW or self._stock_live()
                or not self.discards):
            return None
        ways = [a for a in self.legal_actions() if a.kind in (A.DRAW_DISCARD, A.DRAW_DISCARDS)]
        if not ways:
            return None
        return ("the stock is exhausted and you can meld the top discard, "
                f"{C.card_str(self.discards[-1])}, so you must take it: "
                + ", ".join(f"`{a.text}`" for a in ways))

    NARROWS = {Phase.DRAW: _must_take}
    NARROWED = {"discard taken at the wall": _why_must_take}
