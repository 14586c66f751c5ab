"""Shows (Indian Rummy): declaring a hand, every card grouped with the sequences the
rules ask for; a wrong show costs its penalty and the player leaves the hand."""

from __future__ import annotations

from ...melds.checks import show_search
from .. import actions as A
from ..actions import Action
from ..phases import Ending


class Shows:
    """Plays ``show:`` (N sequences, N of them pure, every other card in a set or a
    sequence; counted with every card worth one) and the wrong-show penalty. Reads
    ``show.sequences``, ``show.pure``, ``scoring.wrong_show``."""

    def valid_show(self, seat: int) -> bool:
        """Can ``seat``'s hand be declared: every card grouped, with the show's sequences?"""
        hand = self.hands[seat]
        s = self.ruleset.show
        if not hand:
            return False
        val, _g, _d = show_search(self._count_rules(), s, list(hand)).solve()
        return val is not None and val == len(hand)

    def _do_show(self, a: Action) -> None:
        p = self.player
        card = a.cards[0]
        self.hands[p].remove(card)
        if self.valid_show(p):
            self.discards.append(card)
            self.top_discarder = p
            self._end_hand(Ending.SHOW, winner=p)
            return
        self.hands[p].append(card)
        self.wrong_shows.append(p)
        self._drop(p, self.ruleset.scoring.wrong_show or 0, Ending.WRONG_SHOW)

    def _refuse_show(self, parsed, missing, offered: bool) -> str | None:
        """Why this show is refused: the rules have none, not now, the card just taken."""
        if offered:
            return self._taken_back(parsed.cards[0])
        if self.ruleset.show is None:
            return "the rules have no show (declaration)"
        return "you may show only after drawing, in your own turn"

    MOVES = {A.SHOW: _do_show}
    REFUSALS = {A.SHOW: _refuse_show}
