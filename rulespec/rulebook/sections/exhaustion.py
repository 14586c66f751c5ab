"""Stock exhaustion: what happens when the stock runs out (the hand ends, is void, or the
discard pile becomes the stock, so many times), how such a hand is scored, and a hand that
nobody can ever finish. The words are in ``templates/prose/exhaustion.md.j2``."""

from __future__ import annotations

from collections.abc import Iterator

from ... import cards as C
from .. import prose
from .. import words as W
from ..provenance import OWN
from .base import Base
from .scoring import COUNTED



class Exhaustion(Base):
    """The words are in ``templates/prose/exhaustion.md.j2``."""

    def stock_md(self, s) -> Iterator:
        method = self.rs.scoring.method
        if s.get("stalemate", "end") == "play on":
            yield "ending", 7, prose.say("exhaustion", "stalemate_play_on")
        elif self.rs.stalemate_applies:
            if "stock.stalemate" not in self.variant.ir.get("sources", {}):  # no file says it
                self.own.append((OWN, None, ("stock.stalemate",)))
            yield "ending", 7, prose.say("exhaustion", "stalemate", outcome=s["outcome"],
                                         method=method, stake=self.rs.scoring.stake,
                                         barred=not self.rs.turn.new_melds_after_opening,
                                         small=self.rs.hands_stay_small,
                                         packets=self.rs.deal.second_hand is not None,
                                         done=self.vocab.open("done"),
                                         contract=bool(self.rs.opening.contracts),
                                         out_bonus=self.rs.scoring.out_bonus)
        last = s.get("last_discard", "any")
        if "discard" not in self.rs.turn.draw_from and last == "any":
            last = "none"  # nobody ever draws from the pile: no "does not take the top discard"
        rem = s["remaining"]
        void = s["action"] == "end" and s["outcome"] == "void"
        if last == "knock" and not void:  # else the stock rule below says it
            yield "ending", 6, prose.say("exhaustion", "knock_only")
        if last == "must":
            yield "ending", 6, prose.say("exhaustion", "must_take")
        action, times = s["action"], None
        if action != "end":  # the pile is reused; the hand ends only after the last reuse
            times = s["times"]
        outcome = s["outcome"] if action == "end" or times is not None else None
        counted = example = ""
        if outcome == "differences":
            count = self.ir["scoring"]["count"]
            counted = "the cards left in their hand" if count == "all" else COUNTED[count]
            example = self.differences_example()
        yield "ending", 5, prose.say(
            "exhaustion", "stock", left=rem,
            # with cards left, "exhausted" is defined once, so the page and the lead agree
            when="When the stock runs out" if rem == 0 else "When the stock is exhausted",
            last=last, action=action,
            how="turned over without shuffling" if action == "turn over" else "shuffled",
            times=times, void=void, rounds=self.ir["game"]["rounds"] if void else None,
            keep_top=action != "end" and s["keep_top"],
            play_or_draw=action == "end" and self.rs.turn.play_or_draw,
            outcome=outcome, method=method, counted=counted, example=example,
            stake=self.rs.scoring.stake, out_bonus=self.rs.scoring.out_bonus)

    def differences_example(self) -> str:
        hands = ["2S 4H", "KS 5D", "7C", "QH 9D 2C"]
        counts = [self.variant.penalty(h) for h in hands]
        low = min(counts)
        if counts.count(low) > 1 or len(hands) > (self.rs.players.max or 99):
            return ""
        names = "ABCD"
        won = sum(c - low for c in counts)
        w = names[counts.index(low)]
        parts = ", ".join(f"{n} holds {W.cards(C.parse_cards(h))} ({c})"
                          for n, h, c in zip(names, hands, counts))
        diffs = " + ".join(str(c - low) for c in counts if c != low)
        return f"For example: {parts}. {w} wins and scores {diffs} = {W.points(won)}."
