"""The deck a hand is dealt from, and stacked decks for scripted games."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .. import cards as C
from ..ruleset import Ruleset


def deck_cards(ruleset: Ruleset, players: int) -> list[int]:
    """Every card of the deck ``players`` players use, in a fixed order."""
    d = ruleset.deck
    return C.build_deck(d.packs_for(players), d.jokers_for(players), d.ranks)


def _card(c) -> int:
    return c if isinstance(c, int) else C.parse_card(c)


def _cards(cs) -> list[int]:
    if isinstance(cs, str):
        return C.parse_cards(cs)
    return [_card(c) for c in cs]


def first_dealer(players: int) -> int:
    """The dealer of the first hand: the last seat, so that seat 0 plays first."""
    return players - 1


def dealer_of(players: int, round: int, rotation: str = "left") -> int:
    """The dealer of hand ``round`` when nobody has left the table."""
    step = 1 if rotation != "right" else -1
    return (first_dealer(players) + step * (round - 1)) % players


def stacked_deck(variant, players: int, hands: Sequence | None = None, upcard=None, cut=None,
                 stock: Sequence | str = (), round: int = 1, dealer: int | None = None,
                 packets: Sequence | None = None) -> list[int]:
    """A deck order (top card first) that deals ``hands`` (one list of cards per seat, as
    codes or names; seats left out or None get cards from the rest of the deck), turns
    ``cut`` as the wild card (variants that cut one), ``upcard`` as the upcard, and puts
    ``stock`` on top of the stock in that order; every other card follows in a fixed order.

    Cards are dealt one at a time from the player after the dealer (``dealer`` defaults to
    the seat that deals hand ``round``), then the starting player's extra cards, then the
    second hands set aside (``deal.second_hand``): ``packets`` gives their cards, one list
    per packet (a side's, or a seat's), the rest made up from the deck."""
    ruleset: Ruleset = getattr(variant, "ruleset", variant).seated(players)  # its rules for n
    deck = Counter(deck_cards(ruleset, players))
    size = ruleset.deal.hand_size(players, round)
    if size is None:
        raise ValueError(f"the rules give no hand size for {players} players in round {round}")
    if dealer is None:
        dealer = dealer_of(players, round, ruleset.deal.rotation)
    step = ruleset.seating.step
    first = (dealer + step) % players  # dealt to first
    starter = ruleset.seating.starter(dealer, first)
    extra = ruleset.deal.starter_extra
    want = [None] * players
    for seat, h in enumerate(hands or ()):
        if h is not None:
            want[seat] = _cards(h)
    fixed = [c for h in want if h for c in h]
    aside = ruleset.deal.second_hand
    count = 0 if aside is None else (
        ruleset.partnerships.teams if aside.per == "side" and ruleset.partnerships else players)
    packs = [_cards(k) if k is not None else [] for k in (packets or ())][:count]
    packs += [[] for _ in range(count - len(packs))]
    fixed += [c for k in packs for c in k]
    for c in [_card(x) for x in (upcard, cut) if x is not None] + _cards(stock):
        fixed.append(c)
    short = Counter(fixed) - deck
    if short:
        raise ValueError(f"the deck has no (more) {C.cards_str(sorted(short.elements()))}")
    rest = sorted((deck - Counter(fixed)).elements(), key=C.sort_key)

    def take(n: int) -> list[int]:
        got = rest[:n]
        del rest[:n]
        return got

    for seat in range(players):
        need = size + (extra if seat == starter else 0)
        have = want[seat] or []
        if len(have) > need:
            raise ValueError(f"seat {seat} is dealt {need} cards, not {len(have)}")
        want[seat] = have + take(need - len(have))
    order: list[int] = []
    for i in range(size):
        for k in range(players):
            order.append(want[(first + step * k) % players][i])
    order.extend(want[starter][size:])
    for k in packs:
        if len(k) > aside.size:
            raise ValueError(f"a second hand holds {aside.size} cards, not {len(k)}")
        order.extend(k + take(aside.size - len(k)))
    if ruleset.wilds.cut:
        order.append(_card(cut) if cut is not None else take(1)[0])
    if ruleset.deal.upcard:
        order.append(_card(upcard) if upcard is not None else take(1)[0])
    order.extend(_cards(stock))
    order.extend(rest)
    return order


def check_stack(ruleset: Ruleset, players: int, order: Sequence) -> list[int]:
    """``order`` as card codes, checked to be exactly the deck ``players`` players use."""
    cards = _cards(order)
    want = Counter(deck_cards(ruleset, players))
    got = Counter(cards)
    if got != want:
        missing = want - got
        extra = got - want
        parts = []
        if missing:
            parts.append(f"missing {C.cards_str(sorted(missing.elements()))}")
        if extra:
            parts.append(f"not in the deck {C.cards_str(sorted(extra.elements()))}")
        raise ValueError("a stacked deck must hold exactly the variant's cards: " + "; ".join(parts))
    return cards
