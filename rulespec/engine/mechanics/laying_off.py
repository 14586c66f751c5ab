"""Laying off: adding cards from hand to melds on the table."""

from __future__ import annotations

from ... import cards as C
from .. import search as ES
from ...memo import Memo
from .. import actions as A
from ..actions import Action
from ..phases import Phase
from ..views import TableMeld
from . import NOT_VALID_YET, ONE_CARD_LEFT, by_card, names, not_held

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
        if lo.requires == "earlier opening" and not self._opened_at_start:
            return False  # not in the turn of going down (Carioca)
        if lo.requires == "own meld" and not self.melded[p]:
            return False
        return True

    def _onto_ok(self, p: int, m: TableMeld) -> bool:
        if m.reading is None:  # a meld being rearranged, not valid yet: cards are put there
            return False
        onto = self.ruleset.turn.layoff.onto
        if onto == "own":
            return m.owner == p
        if onto == "team":
            return self._team(m.owner) == self._team(p)
        return True

    def _layoff_options(self, m: TableMeld, card: int) -> list[Action]:
        news = ES.extensions(self.rules, m.cards, m.reading, card) + self._end_moves(
            m.id, m.cards, m.reading, card)
        if not news:
            return []
        if len(news) == 1:
            return [Action(A.LAY_OFF, (card,), m.id, news[0])]
        return [Action(A.LAY_OFF, (card,), m.id, r, A.layoff_label(m.reading, card, r))
                for r in news]

    def _end_moves(self, mid, cards, reading, card: int) -> list:
        """The readings of a lay-off of ``card`` that moves the wild card standing for it
        from one end of the run to the other (``table.end_wilds_move``); under ``once``, not
        a wild card that moved already (``moved_wilds``)."""
        how = self.ruleset.table.end_wilds_move
        if how == "never":
            return []
        fixed = self.moved_wilds.get(mid, ()) if how == "once" else ()
        return ES.end_moves(self.rules, cards, reading, card, fixed)

    def _layoff_actions(self, p: int) -> list[Action]:
        if not self._layoff_allowed(p):
            return []
        hand = self.hands[p]
        last_two = self._last_two(p)
        left_ok = last_two or self._leaves_ok(len(hand) - 1)
        long = self.ruleset.going_out is not None and self.ruleset.going_out.long is not None
        if not left_ok and not long:
            return []
        # by kind, a lay-off may also undo the long melds (a wild card makes a natural
        # canasta mixed; a new canasta wants one more bonus card, bonus_each): one that
        # leaves a card alone is judged by the table it leaves
        kinds = long and (bool(self.ruleset.going_out.long.kinds)
                          or self.ruleset.going_out.bonus_each) and len(hand) < 3
        acts = []
        for m in self.table:
            if not self._onto_ok(p, m):
                continue
            if not left_ok and not kinds and not self._leaves_ok(
                    len(hand) - 1, self._out_ready(p, onto=m)):
                continue  # only a lay-off that makes the long meld going out needs may empty it
            onto = self._layoffs_onto(m)
            for c in set(hand):
                acts.extend(a for a in onto.get(c, ())
                            if (not last_two or self._then_last_fits(p, a))
                            and (not kinds or self._leaves_ok(
                                len(hand) - 1, self._out_ready(p, onto=m, reading=a.reading))))
        return acts

    def _last_two(self, p: int) -> bool:
        """Does a lay-off from ``p``'s hand leave one card that must then be laid off too
        (two cards in hand, and no card may be left alone)?"""
        return len(self.hands[p]) == 2 and self._no_lone_card()

    def _then_last_fits(self, p: int, a: Action) -> bool:
        """Laying off ``a`` from a hand of two: may the card it leaves then be laid off
        too (onto the table as ``a`` leaves it), so that nothing is left alone?"""
        rest = list(self.hands[p])
        rest.remove(a.cards[0])
        m = self.table[a.target - 1]
        return self._last_card_fits(p, rest[0], (m.id, m.cards + [a.cards[0]], a.reading))

    def _last_card_fits(self, p: int, card: int, changed) -> bool:
        """Can ``card``, the one card a move leaves in ``p``'s hand, be laid off next?
        ``changed`` is the meld the move makes or grows, ``(id or None, cards, reading)``;
        the other melds on the table are as they stand."""
        if not self._layoff_allowed(p):
            return False
        mid, cards, reading = changed
        if ES.extensions(self.rules, cards, reading, card) or self._end_moves(
                mid, cards, reading, card):
            return True
        return any(m.id != mid and self._onto_ok(p, m) and card in self._layoffs_onto(m)
                   for m in self.table)

    def _layoffs_onto(self, m: TableMeld) -> dict:
        """Every lay-off onto the table meld ``m``, by card (the same until ``m`` changes,
        and it stays put for many turns)."""
        return _LAYOFFS.get_or((self.rules, m.id, tuple(m.cards), m.reading,
                                self.moved_wilds.get(m.id, ())), by_card,
                               lambda c: self._layoff_options(m, c))

    def _do_lay_off(self, a: Action) -> None:
        p = self.player
        m = self.table[a.target - 1]
        card = a.cards[0]
        self.hands[p].remove(card)
        self.laid_off.append((p, m.id, card))  # it scores for p where melds score by owner
        self.first_reading.setdefault(m.id, m.reading)
        if any(stands == card for _, stands in m.reading.wilds):  # a wild card moves
            was = {stands for _, stands in m.reading.wilds}
            moved = [stands for _, stands in a.reading.wilds if stands not in was]
            self.moved_wilds[m.id] = self.moved_wilds.get(m.id, ()) + tuple(moved)
        m.cards.append(card)
        m.reading = a.reading
        if self.phase is Phase.LAY_OFF:
            return
        self.played_this_turn = True
        if card in self.owed:
            self.owed.remove(card)
        if self.packets:
            self._completed_long(p, len(m.cards) - 1, len(m.cards))
        self._after_table_move(p)

    def _refuse_lay_off(self, parsed, missing, offered: bool) -> str | None:
        """Why this lay-off is refused: no such meld, a meld the rules keep it off, a card
        that must stay in hand or does not fit (None when no lay-off fits this phase)."""
        if not offered and self.phase is not Phase.PLAY:
            return None
        if missing:
            return not_held(missing)
        why = self._going_down_first(A.LAY_OFF)
        if why is not None:
            return why
        p, target, card = self.player, parsed.target, names(parsed.cards)
        if target is None or not (1 <= target <= len(self.table)):
            return f"there is no meld {target} on the table"
        m = self.table[target - 1]
        if m.reading is None:
            return NOT_VALID_YET.format(target=target)
        if self.phase is Phase.LAY_OFF:
            if m.owner != self.knocker:
                return "a defender lays off only onto the knocker's melds"
            return f"{card} does not fit meld {target}"
        lo = self.ruleset.turn.layoff
        if lo is None:
            return "the rules do not allow laying off"
        if lo.requires == "opening" and not self.opened[p]:
            return "you may lay off only after going down (opening)"
        if lo.requires == "earlier opening" and not self._opened_at_start:
            return "you may lay off only from the turn after the one in which you went down"
        if lo.requires == "own meld" and not self.melded[p]:
            return "you may lay off only after laying down a meld of your own"
        if lo.onto == "own" and m.owner != p:
            return "you may lay off only onto your own melds"
        if lo.onto == "team" and self._team(m.owner) != self._team(p):
            return "you may lay off only onto your own and your partner's melds"
        if self._last_two(p):
            fits = self._layoffs_onto(m).get(parsed.cards[0], ())
            stuck = not any(self._then_last_fits(p, a) for a in fits)
        else:
            fits = self._layoffs_onto(m).get(parsed.cards[0], ())
            ready = (any(self._out_ready(p, onto=m, reading=a.reading) for a in fits) if fits
                     else self._out_ready(p, onto=m))
            stuck = not self._leaves_ok(len(self.hands[p]) - 1, ready)
            if stuck and not ready and self.ruleset.going_out is not None:
                return self._not_ready_yet()
        if stuck:
            go = self.ruleset.going_out
            forbidden = go is not None and go.final_discard == "forbidden"
            return ONE_CARD_LEFT if forbidden else "you must keep a card to discard"
        barred = self._barred_layoff_why(parsed.cards[0])  # mechanic barred
        if barred is not None:
            return barred
        moved = self._end_move_why(m, parsed.cards[0])
        if moved is not None:
            return moved
        if (m.reading is not None and m.reading.kind == "set" and m.reading.rank is None
                and not self.rules.is_wild(parsed.cards[0])):  # wilds.all_wild_own
            return (f"{card} does not fit meld {target}: a set of wild cards has no rank, "
                    "and only wild cards may be laid off onto it")
        return f"{card} does not fit meld {target} ({A.reading_head(m.reading)})"

    def _end_move_why(self, m: TableMeld, card: int) -> str | None:
        """Why the wild card of run ``m`` that stands for ``card`` does not move to make
        room for it (``table.end_wilds_move``): it moved once already, it is inside the run,
        or the other end is closed. None when no wild card stands for it or none may move."""
        if self.ruleset.table.end_wilds_move == "never" or m.reading.kind != "run":
            return None
        if not any(stands == card for _, stands in m.reading.wilds):
            return None
        name = names((card,))
        if card in self.moved_wilds.get(m.id, ()) and self.ruleset.table.end_wilds_move == "once":
            return (f"the wild card standing for {name} has moved to the other end once "
                    f"already: a wild card may move only once")
        ends = (m.reading.ranks[0], m.reading.ranks[-1])
        if C.rank_of(card) not in ends:
            return f"the wild card standing for {name} is inside the run: only one at an end moves"
        return (f"the wild card standing for {name} cannot move to the other end of the run: "
                f"the run may grow no further that way")

    MOVES = {A.LAY_OFF: _do_lay_off}
    REFUSALS = {A.LAY_OFF: _refuse_lay_off}
