"""Cards that may not be melded (``melds.barred``, ``barred_runs``): the meld rules keep
them out of every meld the engine offers; here are the one meld they allow, the set of
cards melded only when going out (``going_out_only``, Canasta's black threes), and why
a meld or lay-off that holds a barred card is refused."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ... import cards as C
from ...melds.classify import unordered_readings
from ...melds.model import Reading
from ..phases import Pending
from . import names, set_bit


class BarredCards:
    """Plays ``melds: black 3s may be melded only when going out``: such cards go down
    only as a set of their own (no wild card, no other card) laid by the meld that ends
    the hand, leaving nothing or the one card of the final discard, once the player has
    opened and may go out (``going_out.long``; no packet set aside waits for them).
    Reads ``melds.going_out_only``, ``melds.set``, ``going_out`` and ``melds.barred``,
    ``barred_runs`` for the refusals."""

    def _going_out_sets(self, p: int) -> list:
        """The melds of ``p``'s cards melded only when going out that go out now."""
        r = self.rules
        hand = self.hands[p]
        own = Counter(c for c in hand if c in r.out_only)
        if (not own or not r.has_sets or self.ruleset.going_out is None
                or self.opening_due(p) or self.pending_mode is Pending.WHOLE
                or not self._table_settled() or (self.packets and self._packet_waits(p))):
            return []
        out = []
        for rank in sorted({C.rank_of(c) for c in own}):
            if set_bit(Reading("set", rank=rank)) & self._set_ranks(p):
                continue  # the side's one set of this rank is down already
            for cards in _sets_of(r, sorted(own.elements()), rank):
                left = len(hand) - len(cards)
                if left > 1 or not self._leaves_ok(left, self._out_ready(p, new=len(cards))):
                    continue
                out.append(self._meld_action(cards, Reading("set", rank=rank)))
        return out

    def _barred_why(self, cards) -> str | None:
        """Why ``cards`` typed as a meld are refused for a barred card in them (None when
        no card of theirs is barred, or when they make a meld with none)."""
        r = self.rules
        if not r.barred_any or not unordered_readings(r, cards, clear=False):
            return None
        held = [c for c in cards if not r.is_wild(c)]
        out_only = [c for c in held if c in r.out_only]
        if out_only and len(out_only) == len(cards):
            return (f"{names(out_only)} may be melded only when going out: as a set of "
                    "their own, with no wild card, by the meld that ends your hand (or "
                    "leaves only the card you discard), once you have opened")
        never = [c for c in held if c in r.barred_in["set"]]
        if never:
            return f"{names(never)} may not be melded" + (
                " except as a set of their own when going out" if set(never) <= r.out_only
                else "")
        in_runs = [c for c in held if c in r.barred_in["run"]]
        if in_runs and len({C.rank_of(c) for c in held}) > 1:
            return f"{names(in_runs)} may not be in a run"
        if len(held) < len(cards):
            return ("a wild card may not stand for a card that may not be melded "
                    f"({names(sorted(r.barred_in['run']))})")
        return None

    def _barred_layoff_why(self, card: int) -> str | None:
        """Why laying off ``card`` is refused for being barred (None: it is not)."""
        r = self.rules
        if not r.barred_any or r.is_wild(card):
            return None
        if card in r.barred_in["set"]:
            return f"{C.card_str(card)} may not be melded, nor laid off onto a meld"
        return None


def _sets_of(rules, cards: list[int], rank: int):
    """Every set of ``rank`` that ``cards`` (sorted codes) can make on their own, by the
    meld rules' sizes and suits."""
    pool = [c for c in cards if C.rank_of(c) == rank]
    top = len(pool) if rules.set_max is None else min(len(pool), rules.set_max)
    seen = set()
    for k in range(rules.set_min, top + 1):
        for group in combinations(pool, k):
            if group in seen:
                continue
            seen.add(group)
            if rules.distinct and len({C.suit_of(c) for c in group}) < k:
                continue
            yield group
