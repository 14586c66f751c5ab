"""Laying off: adding cards from hand to melds on the table."""

from __future__ import annotations

from .. import search as ES
from ...memo import Memo
from .. import actions as A
from ..actions import Action
from ..phases import Phase
from ..views import TableMeld
from . import by_card

_LAYOFFS = Memo(20_000)


class LayingOff:
    """Plays ``turn.layoff`` (``may lay off onto own / partner's / any melds``, only
    after opening or after a meld of one's own). Reads ``turn.layoff.requires``,
    ``turn.layoff.onto``, ``melds.on_table``. The lay-offs onto one meld are worked out
    once per state of that meld (``_LAYOFFS``)."""

    def _layoff_allowed(self, p: int) -> bool:
        lo = self.ruleset.turn.layoff
        if lo is None or not self.ruleset.melds.on_table:
            return False
        if lo.requires == "opening" and not self.opened[p]:
            return False
        if lo.requires == "own meld" and not self.melded[p]:
            return False
        return True

    def _onto_ok(self, p: int, m: TableMeld) -> bool:
        onto = self.ruleset.turn.layoff.onto
        if onto == "own":
            return m.owner == p
        if onto == "team":
            return self._team(m.owner) == self._team(p)
        return True

    def _layoff_options(self, m: TableMeld, card: int) -> list[Action]:
        news = ES.extensions(self.rules, m.cards, m.reading, card)
        if not news:
            return []
        if len(news) == 1:
            return [Action(A.LAY_OFF, (card,), m.id, news[0])]
        return [Action(A.LAY_OFF, (card,), m.id, r, A.layoff_label(m.reading, card, r))
                for r in news]

    def _layoff_actions(self, p: int) -> list[Action]:
        if not self._layoff_allowed(p):
            return []
        hand = self.hands[p]
        if not self._leaves_ok(len(hand) - 1):
            return []
        acts = []
        for m in self.table:
            if not self._onto_ok(p, m):
                continue
            onto = self._layoffs_onto(m)
            for c in set(hand):
                acts.extend(onto.get(c, ()))
        return acts

    def _layoffs_onto(self, m: TableMeld) -> dict:
        """Every lay-off onto the table meld ``m``, by card (the same until ``m`` changes,
        and it stays put for many turns)."""
        return _LAYOFFS.get_or((self.rules, m.id, tuple(m.cards), m.reading), by_card,
                               lambda c: self._layoff_options(m, c))

    def _do_lay_off(self, a: Action) -> None:
        p = self.player
        m = self.table[a.target - 1]
        card = a.cards[0]
        self.hands[p].remove(card)
        self.first_reading.setdefault(m.id, m.reading)
        m.cards.append(card)
        m.reading = a.reading
        if self.phase is Phase.LAY_OFF:
            return
        self.played_this_turn = True
        if card in self.owed:
            self.owed.remove(card)
        self._after_table_move(p)

    MOVES = {A.LAY_OFF: _do_lay_off}
