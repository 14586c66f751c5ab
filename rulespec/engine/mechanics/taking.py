"""Taking more than the top discard: a card deep in the discard pile, with every card above
it (or the whole pile), in one move per depth, so legal moves stay enumerable.

The deepest card taken may have to go on the table at once (500 Rum) or in the same turn:
the move is offered only at the depths where a meld or lay-off would hold that card in
time, and after it the turn must put it there (the narrowing of :mod:`.meld_taken`, which reads
:meth:`_owed_taken`). The top card alone is the ordinary ``draw discard``, under its own
rule (``meld_taken``)."""

from __future__ import annotations

from ... import cards as C
from .. import actions as A
from .. import search as ES
from ..actions import Action
from ..phases import Phase
from . import set_bit


class TakingDiscards:
    """Plays ``draw: take down to any card of the discard pile`` (``whole discard pile``,
    ``top 7 cards of discard pile``)
    and ``deepest card taken must be melded at once``. Reads ``turn.take_discards``. The
    deepest card taken is :attr:`Game.taken` and :attr:`Game.deep_taken` when it is owed
    to the table; without that rule neither is set (no card of a deep take is owed)."""

    def _deep_takes(self) -> list[Action]:
        """``draw N discards to CARD`` for each depth N >= 2 the rules allow now."""
        td = self.ruleset.turn.take_discards
        pile = self.discards
        if td is None or len(pile) < 2:
            return []
        reach = self._thaw_depth()
        held = None  # with ``from_hand``: could the top card be melded from the hand?
        out = []
        for n in td.depths(len(pile)):
            card = pile[-n]
            take = Action(A.DRAW_DISCARDS, (card,), n)
            if n > reach:  # a frozen take: with a natural pair, or never
                if self._frozen_take_ok():
                    out.append(take)
                continue
            owed = td.owed_card(pile[-n:])
            taken = pile[-n:]
            if self.ruleset.bonus is not None:  # bonus cards taken are laid out, never melded
                if td.meld_owed and self._is_bonus(owed):
                    continue
                taken = [c for c in taken if not self._is_bonus(c)]
            if td.from_hand:  # the top card melded from the hand first, the pile after
                held = self._held_take_ok(0) if held is None else held
                if held:
                    out.append(take)
                continue
            if td.meld_owed and not self._could_meld_with(owed, taken) and not (
                    td.meld_owed_by == "turn" and self._could_meld_after_take(take)):
                continue
            out.append(take)
        return out

    def _could_meld_with(self, card: int, taken) -> bool:
        """Would a meld or a lay-off of the hand, once ``taken`` is added, hold ``card``?
        A meld holding it has only cards of its rank or suit and wild cards, so only
        those are searched; the meld must leave a card to end the turn with."""
        p = self.player
        hand = list(self.hands[p]) + list(taken)
        tt = self.ruleset.turn.top_taken if card == self.discards[-1] else None
        if self._layoff_allowed(p):
            for i, m in enumerate(self.table, 1):
                if self._onto_ok(p, m) and self._layoffs_onto(m).get(card) and (
                        tt is None or self._top_wrong_onto(m, i, tt) is None):
                    return True
        if self.opening_due(p):  # an opening asks more than one meld: the play decides
            return True
        r, s = C.rank_of(card), C.suit_of(card)
        pool = [c for c in hand if c == C.JOKER or self.rules.is_wild(c)
                or C.rank_of(c) == r or C.suit_of(c) == s]
        size, banned = len(hand), self._set_ranks(p)  # no second set of a rank the side has
        return any(card in cards and self._leaves_ok(size - len(cards))
                   and not set_bit(reading) & banned
                   and (tt is None or self._top_wrong_meld(reading, tt) is None)
                   for cards, reading in ES.hand_melds(self.rules, pool))

    def _do_draw_discards(self, a: Action) -> None:
        p = self.player
        n = a.target
        self._drew(p)
        self._note_top(self.discards[-1])
        td = self.ruleset.turn.take_discards
        frozen = n > self._thaw_depth()
        if frozen or td.from_hand:  # the top card owed at once, the rest of the pile held
            self._take_frozen(p, n, 2 if frozen else 0)
            self.turn = p
            self.phase = Phase.PLAY
            return
        self.pair_hand = None
        taken = self.discards[-n:]
        del self.discards[-n:]
        self.hands[p].extend(taken)
        if self.ruleset.bonus is not None:
            self._lay_out_taken_bonus(p, taken)
        if td.meld_owed:  # else no card of them is owed
            self.taken = self.deep_taken = owed = td.owed_card(taken)
            self.taken_held = self.hands[p].count(owed)
        self.turn = p
        self.phase = Phase.PLAY

    def _refuse_draw_discards(self, parsed, missing, offered: bool) -> str | None:
        """Why this deep take is refused: the rules, the pile's size, the card named."""
        td = self.ruleset.turn.take_discards
        if self.phase is not Phase.DRAW:
            return None
        if td is None:
            return "the rules let you take only the top card of the discard pile"
        if self._stopped():
            return self._why_stopped()
        if "discard" in self.ruleset.turn.draw_from and self._pile_closed():
            return self._why_closed()
        n, pile = parsed.target, self.discards
        if n is None or not 2 <= n <= len(pile):
            return f"the discard pile has {len(pile)} cards: take 2 to {len(pile)} of them"
        if pile[-n] != parsed.cards[0]:
            return (f"card {n} from the top of the discard pile is {C.card_str(pile[-n])}, "
                    f"not {C.card_str(parsed.cards[0])}")
        frozen = self._why_frozen(n)
        if frozen is not None:
            return frozen
        alone = " or its top card" if td.top_alone else ""
        if td.down_to == "whole" and n != len(pile):
            return f"the rules let you take the whole discard pile ({len(pile)} cards){alone}"
        if td.down_to == "top" and n not in td.depths(len(pile)):
            return (f"the rules let you take the top {td.top_cards} cards of the discard pile "
                    f"(all {len(pile)} when it holds fewer){alone}")
        when = "in this turn" if td.meld_owed_by == "turn" else "at once"
        if td.owed == "top":
            return (f"you may take these cards from the discard pile only to meld the top one, "
                    f"{C.card_str(pile[-1])}, {when}, and no meld of your hand, with the cards "
                    "taken, would hold it")
        return (f"you may take {C.card_str(pile[-n])} from the discard pile only to meld it "
                f"{when}, and no meld of your hand, with the cards above it, would hold it")

    MOVES = {A.DRAW_DISCARDS: _do_draw_discards}
    REFUSALS = {A.DRAW_DISCARDS: _refuse_draw_discards}
