"""Melding: laying melds from hand onto the table during a turn, the rounds in which the
whole hand goes down at once, and going out by melding."""

from __future__ import annotations

from .. import search as ES
from ...memo import Memo
from ...melds.checks import _why_not
from .. import actions as A
from ..actions import Action
from ..phases import Pending, Phase
from ..views import TableMeld
from ... import cards as C
from . import ONE_CARD_LEFT, names, not_held, set_bit

_MELD_CACHE = Memo(50_000)
_HEADS = Memo(50_000)  # (rules, cards) -> head_counts of its readings


class Melding:
    """Plays ``melds:`` on the table (``melds.on_table``), ``turn.melds_per_turn``,
    ``turn.new_melds_after_opening``, ``turn.all_at_once`` (rounds in which the whole hand
    goes down in one turn) and what a meld must leave in hand (``going_out``: a card to
    discard, or none, or never one alone). Reads those and ``opening.threshold`` (whether
    a meld's reading or only its kind counts towards the opening). A meld's moves are
    remembered per hand (``_MELD_CACHE``) and their labels per group of cards
    (``_HEADS``)."""

    def _hand_melds(self, p: int):
        """The melds ``p``'s hand can lay now: without a new set of a rank whose one set
        ``p``'s side has on the table (``melds.one_per_rank``)."""
        hand = self.hands[p]
        melds = _MELD_CACHE.get_or((self.rules, tuple(sorted(hand))), ES.hand_melds,
                                   self.rules, hand)
        banned = self._set_ranks(p)
        return [m for m in melds if not set_bit(m[1]) & banned] if banned else melds

    def _set_ranks(self, p: int) -> int:
        """The ranks (bit r) of the sets that ``p``'s side (``p`` alone, under ``one set of
        each rank per player``) has on the table, its melds of this turn included: no
        new set of these ranks may be laid (0 where the rule is off)."""
        how = self.ruleset.melds.one_per_rank
        if how is None:
            return 0
        side = self._team(p) if how == "side" else p
        out = 0
        for m in self.table:
            if (m.owner == p or how == "side" and self._team(m.owner) == side) and m.reading:
                out |= set_bit(m.reading)
        return out

    def _meld_action(self, cards, reading) -> Action:
        readings = ES.readings_of(self.rules, cards)
        heads = None
        if len(readings) > 1:
            heads = _HEADS.get_or((self.rules, tuple(cards)), A.head_counts, readings)
        return Action(A.MELD, tuple(cards), None, reading, A.meld_label(reading, readings, heads))

    def _meld_actions(self, p: int) -> list[Action]:
        rs = self.ruleset
        t = rs.turn
        hand = self.hands[p]
        whole = self._whole_hand_round()
        if self.opened[p] and not t.new_melds_after_opening and self.pending_mode is None:
            return []
        if (not whole and t.melds_per_turn is not None and self.melds_this_turn >= t.melds_per_turn
                and self.pending_mode is None):
            return []
        out = []
        opening = self.opening_due(p)
        if opening and not whole and not self._opening_possible(p):
            return []
        if whole and self.pending_mode is None and not self._whole_ok(p, (), None):
            return []
        # towards a contract alone, a meld's cards and kind decide (not which places its
        # wild cards take): the readings of one group share the answer
        by_kind = self._threshold(p) is None
        long = rs.going_out is not None and rs.going_out.long is not None
        answers: dict = {}
        for cards, reading in self._hand_melds(p):
            left = len(hand) - len(cards)
            if whole:
                if not self._whole_ok(p, cards, reading):
                    continue
            else:
                ready = self._out_ready(p, new=len(cards), reading=reading) if long else None
                if not (self._leaves_ok(left, ready) or self._last_after_meld(p, cards, reading)):
                    continue
                if opening:
                    key = (cards, reading.kind) if by_kind else (cards, reading)
                    ok = answers.get(key)
                    if ok is None:
                        ok = answers[key] = self._opening_ok(p, cards, reading)
                    if not ok:
                        continue
            out.append(self._meld_action(cards, reading))
        if self.rules.out_only and not whole:
            out.extend(self._going_out_sets(p))  # mechanic barred
        return out

    def _last_after_meld(self, p: int, cards, reading) -> bool:
        """A meld that leaves one card where no card may be left alone: allowed when that
        card can be laid off next (onto this meld or another), so nothing is left."""
        if len(self.hands[p]) - len(cards) != 1 or not self._no_lone_card():
            return False
        return self._last_card_fits(p, self._rest(p, cards)[0], (None, list(cards), reading))

    def _rest(self, p: int, cards) -> list[int]:
        rest = list(self.hands[p])
        for c in cards:
            rest.remove(c)
        return rest

    def _whole_hand_round(self) -> bool:
        r = self.ruleset.turn.all_at_once
        return r is not None and self.round in r

    def _whole_ok(self, p: int, cards, reading) -> bool:
        """Can the rest of the hand go down too, once ``cards`` (read as ``reading``) are
        laid, without a second set of a rank the side's table holds?"""
        rest = self._rest(p, cards)
        go = self.ruleset.going_out
        how = go.final_discard if go is not None else "required"
        cr = self._count_rules()
        ban = self._set_ranks(p) | (set_bit(reading) if reading is not None else 0)
        if how == "forbidden":
            return ES.can_meld_all(cr, rest, 0, ban)
        if how == "optional":
            return ES.can_meld_all(cr, rest, 1, ban)
        if not rest or not ES.can_meld_all(cr, rest, 1, ban):
            return False
        return any(ES.can_meld_all(cr, [x for i, x in enumerate(rest) if i != j], 0, ban)
                   for j in {rest.index(c) for c in set(rest)})

    def _count_rules(self):
        return ES.counting_rules(self.rules)

    def _keep_min(self, ready: bool | None = None) -> int:
        """Fewest cards a meld or lay-off may leave in hand (so the turn can still end).
        ``ready``: may the player go out after the move (by default, as the table is)?"""
        go = self.ruleset.going_out
        if go is None:
            return 2
        if self.packets and self._packet_waits(self.player):
            return 0  # an empty hand takes the packet set aside (mechanic second_hand)
        if go.long is not None and not (self._out_ready(self.player) if ready is None else ready):
            return 2
        return 1 if go.final_discard == "required" else 0

    def _leaves_ok(self, left: int, ready: bool | None = None) -> bool:
        if left < self._keep_min(ready):
            return False
        if self._lone_card_stuck(left):
            return False
        return True

    def _lone_card_stuck(self, left: int) -> bool:
        """Would one card left alone never leave the hand? With no final discard, yes;
        but a turn that plays or draws may play it on a later turn."""
        return left == 1 and self._no_lone_card()

    def _no_lone_card(self) -> bool:
        """May no meld or lay-off leave exactly one card (see :meth:`_lone_card_stuck`)?
        The opening's searches ask it of the hand left after the melds they find."""
        go = self.ruleset.going_out
        return (go is not None and go.final_discard == "forbidden"
                and not self.ruleset.turn.play_or_draw
                and not (self.packets and self._packet_waits(self.player)))

    def _do_meld(self, a: Action) -> None:
        p = self.player
        if self.phase is Phase.KNOCK or self.phase is Phase.DEFEND:
            self._lay(p, a)
            return
        opening = self.opening_due(p)
        whole = self._whole_hand_round()
        self._lay(p, a)
        self.melds_this_turn += 1
        self.played_this_turn = True
        self.melded[p] = True
        for c in a.cards:
            if c in self.owed:
                self.owed.remove(c)
        if whole:
            self.pending_mode = Pending.WHOLE
            self._mark_opened(p)
        elif opening:
            self.pending_mode = Pending.OPEN
            self.pending.append((a.cards, a.reading))
            if self._pending_complete(p):
                self._mark_opened(p)
                self.pending_mode = None
                self.pending = []
        else:
            self._mark_opened(p)
        if self.pending_mode is Pending.WHOLE and self._pending_complete(p):
            self.pending_mode = None
        if self.packets:
            self._completed_long(p, 0, len(a.cards))
        self._after_table_move(p)

    def _lay(self, p: int, a: Action) -> None:
        hand = self.hands[p]
        for c in a.cards:
            hand.remove(c)
        self.table.append(TableMeld(len(self.table) + 1, p, list(a.cards), a.reading))

    def _after_table_move(self, p: int) -> None:
        if self._chance:  # cards still to come to the hand (drawn after the opening)
            return
        if not self.hands[p] and self.ruleset.going_out is not None and self._table_settled():
            if not self._emptied(p, by_discard=False):
                self._went_out(p)

    def _refuse_meld(self, parsed, missing, offered: bool) -> str | None:
        """Why this meld is refused: the meld rules, the turn's limits, what must stay in
        hand, the opening (None when no meld is allowed in this phase)."""
        if not offered:
            if not self.ruleset.melds.on_table:
                return "melds stay in hand until the hand ends"
            if self.phase is not Phase.PLAY:
                return None
            if missing:
                return not_held(missing)
        p, cards = self.player, list(parsed.cards)
        rd = ES.readings_of(self.rules, cards)
        if not rd:
            return self._barred_why(cards) or _why_not(self.ruleset, cards, self.wild)
        if parsed.label is not None:
            heads = {A.reading_head(r) for r in rd}
            if not any(parsed.label.startswith(h) for h in heads):
                return (f"{names(cards)} cannot be read as {parsed.label}; it can be: "
                        + ", ".join(sorted(heads)))
            rd = [r for r in rd if parsed.label.startswith(A.reading_head(r))]
        banned = self._set_ranks(p)
        if banned and all(set_bit(r) & banned for r in rd):
            rank = C.RANKS[rd[0].rank]
            who = ("your side already has" if self.ruleset.partnerships is not None
                   and self.ruleset.melds.one_per_rank == "side" else "you already have")
            return (f"{who} a set of {rank}s on the table, and only one set of each rank is "
                    f"allowed: lay off your {rank}s onto it instead")
        return self._meld_limits(p, len(self.hands[p]) - len(cards), rd)

    def _going_down_first(self, kind: str) -> str | None:
        """Why a move waits while the melds laid this turn do not yet make the opening
        (or the whole hand, in a round where it goes down at once)."""
        if self.pending_mode is None or kind not in _WAIT_FOR_GOING_DOWN:
            return None
        return "finish going down first: the melds you laid this turn do not yet make your opening"

    def _meld_limits(self, p: int, left: int, readings=()) -> str:
        """Why a meld that can be read (as one of ``readings``) is refused: the turn's
        limits, what it leaves."""
        t = self.ruleset.turn
        if self.opened[p] and not t.new_melds_after_opening and self.pending_mode is None:
            return "no new melds after going down: you may only lay off onto melds on the table"
        if self._whole_hand_round():
            return "this round the whole hand must go down at once: lay it all down in this turn"
        if t.melds_per_turn is not None and self.melds_this_turn >= t.melds_per_turn:
            n = t.melds_per_turn
            return f"you may lay down only {n} meld{'s' if n > 1 else ''} per turn"
        go = self.ruleset.going_out
        if go is None and left < 2:
            return "you may not meld your whole hand: going out is not allowed"
        size = len(self.hands[p]) - left
        ready = any(self._out_ready(p, new=size, reading=r) for r in readings or (None,))
        if left < 2 and not ready:
            return self._not_ready_yet()
        if go is not None and go.final_discard == "required" and left < 1:
            return "you must keep a card to discard: you go out only with a final discard"
        if self._lone_card_stuck(left):
            return ONE_CARD_LEFT
        if self.opening_due(p):
            return self._opening_unmet()
        return "that meld is not allowed now"

    MOVES = {A.MELD: _do_meld}
    REFUSALS = {A.MELD: _refuse_meld}
    UNFINISHED = {"going down": _going_down_first}


#: the moves that wait while going down is unfinished (a meld is what finishes it)
_WAIT_FOR_GOING_DOWN = frozenset({A.DISCARD, A.KNOCK, A.SHOW, A.LAY_OFF, A.REPLACE})
