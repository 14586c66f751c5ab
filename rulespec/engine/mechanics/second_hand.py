"""A second hand dealt aside (Buraco's morto, Hand and Foot's foot): packets of cards set
aside face down after the deal; a player who empties their hand takes their packet and plays
on instead of going out."""

from __future__ import annotations

from .. import actions as A

#: the seat of a chance step that deals a card into packet ``k``: ``(ASIDE, k)``
ASIDE = "aside"


class SecondHand:
    """Plays ``deal.second_hand`` (``size``, ``per`` side or player, ``after_discard``).
    The packets (``Game.packets``) are dealt from the stock after the hands, one whole
    packet after another, as chance steps like any card dealt. A player whose hand empties
    while their packet is still there (their side's, not taken and not promised to a
    partner) takes it: at once after a meld or lay-off, and after a discard at once or at
    the start of their next turn (``Game.packet_due``); with ``on_long``, also at once on
    completing a meld of that size (:meth:`_completed_long`). Going out needs no rule of
    its own: a player goes out only with the packet gone, since until then an empty hand
    takes it.
    Scoring reads ``scoring.second_hand_untaken`` (:mod:`..scoring`)."""

    packets: list | tuple = ()  # before the first deal
    packet_taken: list | tuple = ()
    packet_due: list | tuple = ()

    def _reset_packets(self) -> None:
        self.packets: list[list[int]] = []  # the cards of each packet, until taken
        self.packet_taken: list[bool] = []
        self.packet_due: list[int] = []  # seats that take their packet when their turn starts

    def _packet_steps(self, seated: list[int]) -> list:
        """The chance steps that deal the packets (after the hands): ``size`` cards for
        each side (each seat in the hand, with ``per`` player or without partners)."""
        rule = self.ruleset.deal.second_hand
        if rule is None:
            return []
        self.packets = [[] for _ in range(self._packet_count())]
        self.packet_taken = [True] * len(self.packets)
        for p in seated:
            self.packet_taken[self._packet_of(p)] = False
        steps = []
        for k in sorted({self._packet_of(p) for p in seated}):
            steps += [(A.DEAL, (ASIDE, k))] * rule.size
        return steps

    def _packet_count(self) -> int:
        ps = self.ruleset.partnerships
        if ps is not None and self.ruleset.deal.second_hand.per == "side":
            return ps.teams
        return self.n

    def _packet_of(self, p: int) -> int:
        """The packet that is ``p``'s: their side's (``per`` side), else their own."""
        if self.ruleset.deal.second_hand.per == "side":
            return self._team(p)
        return p

    def _set_aside(self, k: int, card: int) -> None:
        self.packets[k].append(card)

    def _packet_waits(self, p: int) -> bool:
        """Is there a packet ``p`` takes when their hand empties (not taken, not promised
        to a partner who emptied their hand by a discard)?"""
        if not self.packets:
            return False
        k = self._packet_of(p)
        return not self.packet_taken[k] and not any(self._packet_of(s) == k
                                                    for s in self.packet_due)

    def _take_packet(self, p: int) -> None:
        """``p`` picks up their packet: it becomes their hand."""
        k = self._packet_of(p)
        self.hands[p].extend(self.packets[k])
        if self.ruleset.bonus is not None:  # laid out, not replaced (mechanic bonus)
            self._lay_out_taken_bonus(p, self.packets[k])
        self.packets[k] = []
        self.packet_taken[k] = True
        if p in self.packet_due:
            self.packet_due.remove(p)

    def _emptied(self, p: int, by_discard: bool) -> bool:
        """``p``'s hand is empty: take the packet (True) where one waits, else False (the
        player goes out as the rules say). After a discard the turn ends either way; a
        packet taken on the next turn is promised now (``packet_due``)."""
        if not self._packet_waits(p):
            return False
        if by_discard and self.ruleset.deal.second_hand.after_discard == "next turn":
            self.packet_due.append(p)
        else:
            self._take_packet(p)
        return True

    def _completed_long(self, p: int, before: int, after: int) -> None:
        """``on_long``: a meld or lay-off of ``p`` that brings a meld from ``before`` cards to
        ``after``, that size or past it, picks up ``p``'s packet at once where it waits
        (Pennies from Heaven: on completing a canasta)."""
        rule = self.ruleset.deal.second_hand
        if (rule is not None and rule.on_long is not None and before < rule.on_long <= after
                and self._packet_waits(p)):
            self._take_packet(p)

    def _packet_at_turn_start(self, p: int) -> None:
        if self.packet_due and p in self.packet_due:
            self._take_packet(p)

    def _untaken_packets(self) -> list[int]:
        """The seats (the first of each side, under ``per`` side) whose packet nobody took."""
        if not self.packets:
            return []
        due = {self._packet_of(s) for s in self.packet_due}
        seen, out = set(), []
        for p in range(self.n):
            k = self._packet_of(p)
            if k in seen or not self.in_hand[p]:
                continue
            seen.add(k)
            if not self.packet_taken[k] and k not in due:
                out.append(p)
        return out
