"""Where the top card of a take from the discard pile may go in the turn it is taken
(Bolivia, Samba): only in sets (never in a run), not to start a run (laid off onto one on
the table, it may), and not onto a meld already of N cards or more (a completed canasta).

A rule that forbids what other mechanics allow: it narrows the melds and lay-offs of the
play phase (``NARROWS``). Copies of a card are the same card, so a move that holds the top
card's name is refused only when it would use every copy in hand (the top card among
them); the first move that puts a copy in a place the top card may go counts as the top
card's. The rules that the top card be melded at once ask :meth:`_top_place_ok` too
(:mod:`.meld_taken`, :mod:`.taking`), so a take is offered only where it can be met."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from ..phases import Phase

_TABLE = (A.MELD, A.LAY_OFF)


class TopTaken:
    """Plays ``draw: top card taken only in sets``, ``top card taken may not start runs``
    and ``top card taken may not go onto a meld of 7+ cards``. Reads ``turn.top_taken``.
    :attr:`Game.top_loose` is the top card taken this turn while it is still in hand and
    not yet in a place it may go (None otherwise; reset with the turn)."""

    top_loose = None  # set with the turn (Game._turn_reset)

    @staticmethod
    def narrows(rs) -> bool:
        return rs.turn.top_taken is not None

    def _note_top(self, card: int) -> None:
        """The player in turn took ``card`` from the top of the discard pile."""
        if self.ruleset.turn.top_taken is not None:
            self.top_loose = card

    def _top_place_ok(self, a, card: int) -> bool:
        """May move ``a`` (a meld or a lay-off) put ``card``, the top card taken, where it
        goes? True for every other move, and where the rule is off."""
        tt = self.ruleset.turn.top_taken
        if tt is None or a.kind not in _TABLE or card not in a.cards:
            return True
        return self._top_wrong(a, tt) is None

    def _top_wrong(self, a, tt) -> str | None:
        """Why move ``a`` may not hold the top card taken (None: it may)."""
        if a.kind == A.MELD:
            return self._top_wrong_meld(a.reading, tt)
        return self._top_wrong_onto(self.table[a.target - 1], a.target, tt)

    @staticmethod
    def _top_wrong_meld(reading, tt) -> str | None:
        """Why a new meld read as ``reading`` may not hold the top card taken."""
        if reading is not None and reading.kind == "run" and tt.runs != "any":
            return ("may go only into sets this turn" if tt.runs == "never" else
                    "may not start a run this turn (it may be laid off onto one)")
        return None

    @staticmethod
    def _top_wrong_onto(m, number, tt) -> str | None:
        """Why the top card taken may not be laid off onto table meld ``m`` (``number``)."""
        if tt.full is not None and len(m.cards) >= tt.full:
            return (f"may not go onto a meld of {tt.full} cards or more this turn: meld "
                    f"{number} has {len(m.cards)}")
        if tt.runs == "never" and m.reading is not None and m.reading.kind == "run":
            return "may go only into sets this turn"
        return None

    def _needs_top(self, a) -> bool:
        """Would move ``a`` use every copy of the loose top card in hand (so the top card)?"""
        card = self.top_loose
        return (card is not None and a.kind in _TABLE and card in a.cards
                and a.cards.count(card) >= self.hands[self.player].count(card))

    def _top_kept_in_place(self, acts: list) -> list:
        """The play phase's moves, without the melds and lay-offs that would put the top
        card taken where it may not go."""
        if self.top_loose is None:
            return acts
        return [a for a in acts if not self._needs_top(a) or self._top_place_ok(a, self.top_loose)]

    def _top_moved(self, a) -> None:
        """Before move ``a``: a copy of the top card put where it may go is the top card's
        place; a discard of its last copy ends the rule for this turn."""
        card = self.top_loose
        if card is None or card not in a.cards:
            return
        if a.kind in _TABLE and self._top_place_ok(a, card):
            self.top_loose = None
        elif a.kind not in _TABLE and self.hands[self.player].count(card) <= 1:
            self.top_loose = None

    def _why_top(self, parsed) -> str | None:
        """Why this rule took the move away, in the player's words (None: it did not)."""
        card = self.top_loose
        if (self.phase is not Phase.PLAY or card is None or parsed.kind not in _TABLE
                or card not in parsed.cards):
            return None
        p = self.player
        owned = self._meld_actions(p) if parsed.kind == A.MELD else self._layoff_actions(p)
        for a in owned:
            if sorted(a.cards) == sorted(parsed.cards) and a.target == parsed.target and (
                    self._needs_top(a)):
                why = self._top_wrong(a, self.ruleset.turn.top_taken)
                if why:
                    return (f"the top card you took from the discard pile ({C.card_str(card)}) "
                            f"{why}")
        return None

    NARROWED = {"top card taken": _why_top}
    NARROWS = {Phase.PLAY: _top_kept_in_place}
