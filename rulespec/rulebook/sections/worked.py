"""The worked example under Scoring, computed by the variant's own meld code: a knock, a
hand of penalty points, or a show. The words are in ``templates/prose/worked.md.j2``."""

from __future__ import annotations

from ... import cards as C
from .. import prose
from .. import words as W
from ..examples import EXAMPLE_CUT, EXAMPLE_UPCARD, fit_to_pack, plain_suit, wild_codes
from .base import Base


class Worked(Base):
    def scoring_example(self) -> str:
        rs = self.rs
        if rs.scoring.method == "knock" and rs.scoring.stake is None:
            return self.knock_example()  # under a stake a knock pays stakes: no arithmetic
        if rs.scoring.count == "show" and rs.show is not None:
            return self.show_example()
        if rs.scoring.method == "owner":
            return self.owner_example()
        return self.penalty_example()

    def owner_example(self) -> str:
        """Scoring by owner: one player's melds and lay-off against the cards left in hand."""
        v, rs = self.variant, self.rs
        runs = rs.melds.run is not None
        low, first = self.first_meld()
        sets = rs.melds.set is not None  # else the second meld is a run too
        melds = [first, C.parse_cards("7H 7D 7C" if sets else "7H 8H 9H")]
        lay_off = rs.turn.layoff
        onto = None if lay_off is None else lay_off.onto
        # laid off onto the player's own second meld, or onto another player's meld
        laid = C.parse_cards("4S" if onto == "any" and not runs else "7S" if sets or onto == "any"
                             else "10H")
        other = C.parse_cards("4S 5S 6S" if runs else "4H 4D 4C")
        hand = C.parse_cards("9C KD")
        *_, hand = fit_to_pack(rs.deck.ranks, melds + [laid, hand])
        ace = rs.values.ace_low_run if low and rs.values.ace_low_run is not None else None
        melded = {C.parse_card(cv.card): cv.value for cv in rs.values.melded}  # on the table
        worth = [sum(ace if (ace is not None and C.rank_of(c) == 0)
                     else melded.get(c, v.card_value(c)) for c in m) for m in melds]
        lay = melded.get(laid[0], v.card_value(laid[0])) if onto else 0
        left = v.penalty(hand)
        bonus = None  # a bonus card laid out (a player who has melded scores it)
        if rs.bonus is not None and rs.bonus.cards:
            bonus = (W.bonus_names(rs.bonus.cards)[1], rs.bonus.each)
        total = sum(worth) + lay - left + (bonus[1] if bonus else 0)
        return prose.say("worked", "owner", bonus=bonus, meld1=W.cards(melds[0]), worth1=worth[0],
                         meld2=W.cards(melds[1]), worth2=worth[1], ace=ace, laid=W.cards(laid),
                         lay=lay, hand=W.cards(hand), left=left, total=total,
                         run=self.vocab.run, onto=onto, other=W.cards(other),
                         kind=self.vocab.run if runs else self.vocab.set)

    def first_meld(self) -> tuple[bool, list[int]]:
        """The worked example's first meld, and whether its ace is low: a low run A-2-3
        where aces are low, else J-Q-K, or a set of jacks where there are no runs; the first
        of those (then kings, then aces) with which the example's two melds reach the
        opening a player needs at the start of the game, so the example could be played."""
        rs, wild = self.rs, wild_codes(self.rs)
        runs = rs.melds.run is not None
        if runs:
            tries = ([(True, "AS 2S 3S")] if rs.aces.mode != "high" else []) + [
                (False, "JS QS KS"), (False, "QS KS AS")]
            tries = [(low, plain_suit(C.parse_cards(t), wild)) for low, t in tries]
        else:
            tries = [(False, C.parse_cards(t)) for t in ("JS JH JD", "KS KH KD", "AS AH AD")]
        tries = [t for t in tries if not wild & set(t[1])] or tries
        if rs.opening.threshold_at(0) is None or rs.opening.contract(1) is not None:
            return tries[0]
        sevens = C.parse_cards("7H 7D 7C")
        return next((t for t in tries if self.variant.can_open(t[1] + sevens)), tries[0])

    def knock_example(self) -> str:
        """A knock between two hands of the size dealt (ten cards, or the first cards of
        these when fewer are dealt: a five-card knock is 4-7♥ and A♠ against K♠ K♥ K♦ 10♣ J♣)."""
        v, rs = self.variant, self.rs
        size = min(10, self.variant.deal_size(self.player_counts()[0]) or 10)
        knocker, other = fit_to_pack(rs.deck.ranks, [
            C.parse_cards("4H 5H 6H 7H AS 9S 9D 9C 2C 3D")[:size],
            C.parse_cards("KS KH KD 10C JC QC 8H 5D 6C QD")[:size]])
        a, b = v.best_arrangement(knocker), v.best_arrangement(other)
        if rs.knock is None:
            return ""
        limit, upcard = rs.knock.max_deadwood, C.parse_card(EXAMPLE_UPCARD)
        if limit == "upcard":  # the example's upcard sets it
            limit = v.card_value(upcard)
        elif limit == "any":  # a knock at any count
            limit = a.deadwood_points
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
        ks = rs.scoring.knock
        k = a.deadwood_points
        return prose.say(
            "worked", "knock", up=W.card(upcard) if rs.knock.max_deadwood == "upcard" else None,
            many=self.many_players(),
            limit=limit, k=k, o=b.deadwood_points, d=d, laid=laid and W.cards(laid),
            melds_k=" ".join(W.cards(m.cards) for m in a.melds), dead_k=W.cards(a.deadwood),
            melds_o=" ".join(W.cards(m.cards) for m in b.melds), dead_o=W.cards(b.deadwood),
            wins="knocker" if d > k or (d == k and ks.ties == "knocker") else "opponent",
            undercut=ks.undercut, gin=ks.gin if rs.gin is not None else None,
            upcards=[(W.upcard_kind({"rank": r.rank, "suit": r.suit}), W.times(r.value))
                     for r in rs.scoring.by_upcard])

    def penalty_example(self) -> str:
        v, rs = self.variant, self.rs
        hands = ["3S 4S 5S KH QD 9C 2H", "AS 8D 8C 10H"]
        if rs.deck.has_jokers and rs.wilds.jokers:
            hands[1] += " JK"
        wild = C.parse_card(EXAMPLE_CUT) if rs.wilds.cut else None
        most = max((s or 0) for s in self.hand_sizes()) or 7
        shown = []  # hands no bigger than a hand dealt (Tonk deals five)
        if self.player_counts() == [2]:
            hands = hands[:1]  # one loser
        once = rs.turn.all_at_once
        if not rs.melds.on_table or (once is not None and once.min == 1 and once.max is None):
            most = min([most] + [len(h.split()) for h in hands])  # nobody melds before going out
        for codes in fit_to_pack(rs.deck.ranks, [C.parse_cards(h)[:most] for h in hands]):
            left = None
            dead = v.best_arrangement(codes, wild=wild).deadwood
            if rs.scoring.count == "unmatched" and len(dead) < len(codes):
                left = W.cards(dead)
            shown.append((W.cards(codes), v.penalty(codes, wild=wild), left))
        ru = rs.scoring.rummy
        return prose.say("worked", "penalty", hands=shown, teams=rs.partnerships is not None,
                         collects=rs.scoring.method == "winner collects"
                         or (rs.scoring.method == "knock" and rs.knock is not None),
                         rummy=ru and (ru.multiplier, ru.bonus), stake=rs.scoring.stake,
                         shows=rs.going_out is None and rs.show is not None)

    def show_example(self) -> str:
        v, rs = self.variant, self.rs
        wild = C.parse_card(EXAMPLE_CUT)
        hands = ["3H 4H 5H 8S 9S JD KD QC 2C 6D 9H 10D AC",
                 "KS KC QS QD 10S 10C 9D 8C 7C 6S 5S 4D 2H"]
        shown = []
        for codes in fit_to_pack(rs.deck.ranks, [C.parse_cards(h) for h in hands]):
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
            shown.append((W.cards(codes), cost, how))
        return prose.say("worked", "show", cut=W.card(wild),
                         rank=W.rank_name(EXAMPLE_CUT[:-1]), hands=shown)
