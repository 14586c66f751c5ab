"""The worked example under Scoring, computed by the variant's own meld code: a knock, a
hand of penalty points, or a show."""

from __future__ import annotations

from ... import cards as C
from .. import words as W
from ..examples import EXAMPLE_CUT, EXAMPLE_UPCARD
from .base import Base


class Worked(Base):
    def scoring_example(self) -> str:
        rs = self.rs
        if rs.scoring.method == "knock":
            return self.knock_example()
        if rs.scoring.count == "show" and rs.show is not None:
            return self.show_example()
        if rs.scoring.method == "owner":
            return self.owner_example()
        return self.penalty_example()

    def owner_example(self) -> str:
        """Scoring by owner: one player's melds and lay-off against the cards left in hand."""
        v, rs = self.variant, self.rs
        low = rs.aces.mode != "high" and rs.melds.run is not None
        melds = [C.parse_cards("AS 2S 3S" if low else "JS QS KS"), C.parse_cards("7H 7D 7C")]
        laid, hand = C.parse_cards("7S"), C.parse_cards("9C KD")
        ace = rs.values.ace_low_run if low and rs.values.ace_low_run is not None else None
        worth = [sum(ace if (ace is not None and C.rank_of(c) == 0) else v.card_value(c)
                     for c in m) for m in melds]
        lay, left = v.card_value(laid[0]), v.penalty(hand)
        total = sum(worth) + lay - left
        note = f": the ace counts {W.points(ace)} low in a run" if ace is not None else ""
        return (f"**A worked example** (computed by the meld code). A player melded "
                f"{W.cards(melds[0])} ({worth[0]}{note}) and {W.cards(melds[1])} ({worth[1]}), "
                f"and laid off {W.cards(laid)} ({lay}) onto another player's 4♠ 5♠ 6♠; the "
                f"hand ends with {W.cards(hand)} ({left}) in their hand. They score "
                f"{worth[0]} + {worth[1]} + {lay} − {left} = {W.points(total)}; the 7♠ scores "
                f"for them, not for the owner of the run.")

    def knock_example(self) -> str:
        v, rs = self.variant, self.rs
        knocker = C.parse_cards("4H 5H 6H 7H 9S 9D 9C AS 2C 3D")
        other = C.parse_cards("KS KH KD 10C JC QC 8H 5D 6C QD")
        a, b = v.best_arrangement(knocker), v.best_arrangement(other)
        if rs.knock is None:
            return ""
        limit, upcard = rs.knock.max_deadwood, C.parse_card(EXAMPLE_UPCARD)
        if limit == "upcard":  # the example's upcard sets it
            limit = v.card_value(upcard)
        if a.deadwood_points > limit or a.deadwood_points == 0:
            return ""
        d = b.deadwood_points
        laid = []
        if rs.knock.defender_lays_off:
            left = list(b.deadwood)
            table = [list(m.cards) for m in a.melds]
            for card, i in v.layoffs(left, table):
                if card in left:
                    left.remove(card)
                    table[i].append(card)
                    laid.append(card)
            d = sum(v.card_value(c) for c in left)
        k = a.deadwood_points
        up = (f"The upcard was {W.card(upcard)}, so a knock may have up to {W.points(limit)}. "
              if rs.knock.max_deadwood == "upcard" else "")
        lines = ["**A worked example** (computed by the meld code). " + up + "The knocker holds "
                 + " ".join(W.cards(m.cards) for m in a.melds)
                 + f" with deadwood {W.cards(a.deadwood)}, which counts {k}. The opponent holds "
                 + " ".join(W.cards(m.cards) for m in b.melds)
                 + f" with deadwood {W.cards(b.deadwood)} ({b.deadwood_points})."]
        if laid:
            lines.append(f"The opponent lays off {W.cards(laid)} on the knocker's melds, "
                         f"leaving {d}.")
        ks = rs.scoring.knock
        if d > k or (d == k and ks.ties == "knocker"):
            lines.append(f"The knocker scores {d} − {k} = {W.points(d - k)}.")
        else:
            lines.append(f"The opponent undercuts and scores {k} − {d} + {ks.undercut} = "
                         f"{W.points(k - d + ks.undercut)}.")
        lines.append(f"Had the knocker gone gin instead, they would have scored "
                     f"{b.deadwood_points} + {ks.gin} = {W.points(b.deadwood_points + ks.gin)}.")
        for r in rs.scoring.by_upcard:
            lines.append(f"Had the upcard been {W.upcard_kind({'rank': r.rank, 'suit': r.suit})},"
                         f" these scores would have been {W.times(r.value)}.")
        return " ".join(lines)

    def penalty_example(self) -> str:
        v, rs = self.variant, self.rs
        hands = ["3S 4S 5S KH QD 9C 2H", "AS 8D 8C 10H"]
        if rs.deck.jokers and rs.wilds.jokers:
            hands[1] += " JK"
        wild = C.parse_card(EXAMPLE_CUT) if rs.wilds.cut else None
        costs, lines = [], []
        for h in hands:
            codes = C.parse_cards(h)
            cost = v.penalty(codes, wild=wild)
            costs.append(cost)
            detail = ""
            if rs.scoring.count == "unmatched":
                left = v.best_arrangement(codes, wild=wild).deadwood
                detail = f": only the unmatched {W.cards(left)} count"
            lines.append(f"{W.cards(codes)} ({W.points(cost)}{detail})")
        total = sum(costs)
        teams = rs.partnerships is not None
        who = "one opponent" if teams else "one player"
        text = (f"**A worked example** (computed by the meld code). A player goes out; {who} is "
                f"left with {lines[0]} and {'the other' if teams else 'another'} with "
                f"{lines[1]}.")
        ru = rs.scoring.rummy
        if rs.scoring.method == "winner collects":
            text += f" The player who went out scores {costs[0]} + {costs[1]} = {W.points(total)}."
            if ru is not None:
                text += (f" Had they gone rummy, they would have scored "
                         f"{W.points(total * ru.multiplier + ru.bonus)}.")
        elif teams:
            text += (f" Their team scores {costs[0]} + {costs[1]} = {total} penalty points for "
                     f"the hand.")
        else:
            text += " Each scores that many penalty points."
            if ru is not None:
                text += (" Had the winner gone rummy, the penalties would be "
                         + W.join(W.points(c * ru.multiplier) for c in costs)
                         + (f", and the winner's total would go down by {W.points(ru.bonus)}."
                            if ru.bonus else "."))
        return text

    def show_example(self) -> str:
        v, rs = self.variant, self.rs
        wild = C.parse_card(EXAMPLE_CUT)
        hands = ["3H 4H 5H 8S 9S JD KD QC 2C 6D 9H 10D AC",
                 "KS KC QS QD 10S 10C 9D 8C 7C 6S 5S 4D 2H"]
        lines = []
        for h in hands:
            codes = C.parse_cards(h)
            cost = v.penalty(codes, wild=wild)
            arr = v.best_arrangement(codes, wild=wild)
            runs = [m for m in arr.melds if m.kind == "run"]
            how = ""
            if (arr.deadwood_points == cost and len(runs) >= rs.show.sequences
                    and sum(m.pure for m in runs) >= rs.show.pure):
                how = (f" (it holds {' '.join(W.cards(m.cards) for m in arr.melds)}, so only "
                       f"{W.cards(arr.deadwood)} count)")
            elif cost == rs.scoring.cap:
                total = sum(v.card_value(c, wild=wild) for c in codes)
                how = (f" (it lacks the {self.vocab.runs} a show needs, so every card counts, "
                       f"{total} in all, capped at {rs.scoring.cap})")
            lines.append(f"{W.cards(codes)} counts {W.points(cost)}{how}")
        return (f"**A worked example** (computed by the meld code; the cut wild joker is "
                f"{W.card(wild)}, so every {W.rank_name(EXAMPLE_CUT[:-1])} is wild). When a "
                f"player has made a valid show, a player left with "
                + "; a player left with ".join(lines) + ".")
