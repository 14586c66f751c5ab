"""Rules built on meld validity and the solver: contracts, declarations (shows),
end-of-hand penalties, lay-offs and replacing a wild card on the table."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .. import cards as C
from ..ruleset import Ruleset
from .arrange import best_arrangement, to_melds
from .classify import classify_meld
from .context import rules_for
from .model import Arrangement, Meld, Reading, Verdict
from .solver import ANY_LENGTH, Search, order_for

# ---------------------------------------------------------------- contracts


def _as_meld(ruleset: Ruleset, m, wild) -> Meld | None:
    return m if isinstance(m, Meld) else classify_meld(ruleset, m, wild)


def _fits(meld: Meld, kind: str, sizes: range) -> bool:
    return len(meld.cards) in sizes and kind in meld.kinds


def _slot_sizes(rules, req) -> range:
    """The sizes a required meld may have: its size or more (exactly its size with
    ``exact``); none given means the smallest meld of its kind or more."""
    least = req.size
    if least is None:
        least = rules.run_min if req.kind == "run" else rules.set_min
    return range(least, least + 1 if req.exact else ANY_LENGTH)


def contract_slots(rules, option) -> list[tuple[str, range, int]]:
    """One alternative of a contract as ``(kind, sizes, count)`` slots: ``count`` melds of
    that kind, each with a number of cards in ``sizes``."""
    return [(r.kind, _slot_sizes(rules, r), r.count) for r in option]


def contract_search(rules, hand: list[int], slots: list[tuple[str, range, int]], exact: bool,
                    order: str = "suit"):
    """The solver set to find ``slots`` (:func:`contract_slots`) in ``hand``, nothing
    beyond them when ``exact``; ``order``: the order it takes the cards in (the engine's
    yes-or-no questions take them rank by rank, see :data:`~.solver.PLACES`)."""
    return Search(rules, hand, slots=[(k, n, False) for k, n, _ in slots],
                  counts=[c for _, _, c in slots], exact=exact, order=order)


def _option_met(melds: list[Meld], slots: list[tuple[str, range]], exact: bool) -> bool:
    if exact and len(melds) != len(slots):
        return False
    if len(melds) < len(slots):
        return False

    def assign(i: int, free: frozenset[int]) -> bool:
        if i == len(slots):
            return True
        kind, sizes = slots[i]
        return any(
            _fits(melds[j], kind, sizes) and assign(i + 1, free - {j}) for j in sorted(free)
        )

    return assign(0, frozenset(range(len(melds))))


def fulfils_contract(
    ruleset: Ruleset, melds: Iterable, round: int = 1, wild: int | None = None
) -> bool:
    """Do ``melds`` (Meld objects or card groups) meet the opening contract of ``round``?

    Each required meld is matched to a distinct meld of its kind and size;
    with ``opening.exact`` no meld may be left over. A round without a contract only asks
    that every group be a meld."""
    got = [_as_meld(ruleset, m, wild) for m in melds]
    if any(m is None for m in got):
        return False
    contract = ruleset.opening.contract(round)
    if contract is None:
        return True
    rules = rules_for(ruleset, wild)
    for option in contract.options:
        slots = [(k, n) for k, n, count in contract_slots(rules, option) for _ in range(count)]
        if _option_met(got, slots, ruleset.opening.exact):
            return True
    return False


def contract_melds(
    ruleset: Ruleset, hand: Iterable[int], round: int = 1, wild: int | None = None
) -> Arrangement | None:
    """The melds to go down with from ``hand`` to fulfil the contract of ``round`` (any of
    its alternatives), leaving the least deadwood; None when the hand cannot.

    With ``opening.exact`` the arrangement holds exactly the contract's melds; otherwise
    it may add any other melds the hand holds."""
    contract = ruleset.opening.contract(round)
    if contract is None:
        return best_arrangement(ruleset, hand, wild)
    rules = rules_for(ruleset, wild)
    hand = list(hand)
    total = sum(rules.value[c] for c in hand)
    best = None
    for option in contract.options:
        val, groups, dead = contract_search(
            rules, hand, contract_slots(rules, option), ruleset.opening.exact,
            order=order_for(hand)).solve()
        if val is None:
            continue
        if best is None or total - val < best[0]:
            best = (total - val, groups, dead)
    if best is None:
        return None
    dead = tuple(sorted(best[2]))
    return Arrangement(to_melds(ruleset, best[1], wild), dead, sum(rules.value[c] for c in dead))


# ---------------------------------------------------------------- declarations


def _why_not(ruleset: Ruleset, cards: Sequence[int], wild) -> str:
    """A player's reason why ``cards`` are no meld (best effort, the first that applies)."""
    rules = rules_for(ruleset, wild)
    names = C.cards_str(cards, symbols=True)
    naturals = [c for c in cards if not rules.is_wild(c)]
    if len(cards) < min(rules.set_min if rules.has_sets else 99, rules.run_min if rules.has_runs else 99):
        return f"{names} has too few cards for a meld"
    if naturals and len({C.rank_of(c) for c in naturals}) == 1 and rules.has_sets:
        dup = [c for c, n in Counter(naturals).items() if n > 1]
        if rules.distinct and dup:
            return f"{names} is no set: {C.card_str(dup[0], True)} appears twice, a set needs different suits"
        if rules.set_max is not None and len(cards) > rules.set_max:
            return f"{names} is no set: a set holds at most {rules.set_max} cards"
    if naturals and len({C.suit_of(c) for c in naturals}) > 1 and len({C.rank_of(c) for c in naturals}) > 1:
        return f"{names} is neither a set (mixed ranks) nor a sequence (mixed suits)"
    return f"{names} is not a valid set or sequence"


def check_declaration(
    ruleset: Ruleset, groups: Iterable[Iterable[int]], wild: int | None = None,
    hand_size: int | None = None,
) -> Verdict:
    """Judge a show: every group a meld, the whole hand used and, where the variant has a
    show rule, at least ``show.sequences`` sequences of which ``show.pure`` are pure.

    ``hand_size`` defaults to the deal size when the variant deals one size to all."""
    groups = [list(g) for g in groups]
    melds = []
    for g in groups:
        m = classify_meld(ruleset, g, wild)
        if m is None:
            return Verdict(False, _why_not(ruleset, g, wild))
        melds.append(m)
    n = sum(len(g) for g in groups)
    if hand_size is None:
        sizes = {s.cards for s in ruleset.deal.sizes}
        hand_size = sizes.pop() if len(sizes) == 1 else None
    if hand_size is not None and n != hand_size:
        return Verdict(False, f"a show uses all {hand_size} cards; this one groups {n}")
    runs = sum(1 for m in melds if "run" in m.kinds)
    pure = sum(1 for m in melds if any(r.kind == "run" and r.pure for r in m.readings))
    sets = len(melds) - runs
    show = ruleset.show
    if show is not None:
        if runs < show.sequences:
            return Verdict(False, f"{runs} sequence{'s' if runs != 1 else ''}: a show needs at least {show.sequences}")
        if pure < show.pure:
            return Verdict(False, f"{pure} pure sequence{'s' if pure != 1 else ''}: a show needs at least {show.pure}")
    return Verdict(True, f"valid: {runs} sequence{'s' if runs != 1 else ''} ({pure} pure) and {sets} set{'s' if sets != 1 else ''}")


# ---------------------------------------------------------------- penalties


def penalty(ruleset: Ruleset, hand: Iterable[int], wild: int | None = None) -> int:
    """What ``hand`` costs when the hand ends, by ``scoring.count``: ``all`` cards,
    the ``unmatched`` ones of its best arrangement, or (``show``) the ungrouped cards when
    the hand holds the show's sequences and every card otherwise; capped at ``scoring.cap``."""
    rules = rules_for(ruleset, wild)
    hand = list(hand)
    total = sum(rules.value[c] for c in hand)
    count = ruleset.scoring.count
    if count == "unmatched" or (count == "show" and ruleset.show is None):
        cost = best_arrangement(ruleset, hand, wild).deadwood_points
    elif count == "show":
        cost = total - show_value(rules, ruleset, hand)
    else:
        cost = total
    cap = ruleset.scoring.cap
    return cost if cap is None else min(cost, cap)


def show_value(rules, ruleset: Ruleset, hand: list[int]) -> int:
    """Most value the hand can group while holding the show's sequences (0: it can't)."""
    val, _g, _d = show_search(rules, ruleset.show, hand).solve()
    return 0 if val is None else val


def show_search(rules, show, hand: list[int]) -> Search:
    """The solver set to group ``hand`` holding the sequences ``show`` asks for (at least
    ``show.sequences`` runs, ``show.pure`` of them pure; None: no sequence asked)."""
    slots, counts = [], []
    if show is not None:
        if show.pure:
            slots.append(("run", rules.run_min, True))
            counts.append(show.pure)
        if show.sequences > show.pure:
            slots.append(("run", rules.run_min, False))
            counts.append(show.sequences - show.pure)
    return Search(rules, hand, slots=slots, counts=counts)


# ---------------------------------------------------------------- the table


def _extends(old: Reading, new: Reading) -> bool:
    """Is ``new`` the meld ``old`` with cards added, every wild still standing for the same?"""
    if old.kind != new.kind:
        return False
    if old.kind == "set":
        if old.rank != new.rank:
            return False
    else:
        if old.suit != new.suit:
            return False
        n = len(old.ranks)
        if not any(new.ranks[i:i + n] == old.ranks for i in range(len(new.ranks) - n + 1)):
            return False
    return not (Counter(old.wilds) - Counter(new.wilds))


def can_lay_off(ruleset: Ruleset, card: int, meld, wild: int | None = None) -> Meld | None:
    """The meld ``meld`` becomes with ``card`` added, or None when it may not take it.
    A table meld keeps what its wild cards stand for (none is moved to make room)."""
    old = _as_meld(ruleset, meld, wild)
    if old is None:
        return None
    new = classify_meld(ruleset, list(old.cards) + [card], wild)
    if new is None:
        return None
    olds = old.readings
    if any(_extends(o, n) for o in olds for n in new.readings):
        return new
    return None


def layoffs(
    ruleset: Ruleset, hand: Iterable[int], table: Sequence, wild: int | None = None
) -> list[tuple[int, int]]:
    """Every ``(card, meld index)`` such that the card from ``hand`` may be laid off onto
    that table meld (one card at a time)."""
    out = []
    for card in sorted(set(hand), key=C.sort_key):
        for i, m in enumerate(table):
            if can_lay_off(ruleset, card, m, wild) is not None:
                out.append((card, i))
    return out


def replacements(
    ruleset: Ruleset, hand: Iterable[int], table: Sequence, wild: int | None = None
) -> list[tuple[int, int, int]]:
    """Every ``(natural card, meld index, wild card)``: the natural from ``hand`` may take
    the place of that wild card in that table meld (``wilds.replace``). A wild card used as
    itself (the 2 in A-2-3-4) stands for nothing and cannot be taken."""
    rep = ruleset.wilds.replace
    if rep is None:
        return []
    rules = rules_for(ruleset, wild)
    out = set()
    hand = [c for c in set(hand) if not rules.is_wild(c) or c in rules.dual]
    for i, m in enumerate(table):
        meld = _as_meld(ruleset, m, wild)
        if meld is None:
            continue
        for r in meld.readings:
            if r.kind not in rep.melds:
                continue
            for w, stands in r.wilds:
                for card in hand:
                    if r.kind == "run" and card != stands:
                        continue
                    if r.kind == "set" and C.rank_of(card) != r.rank:
                        continue
                    cards = list(meld.cards)
                    cards.remove(w)
                    cards.append(card)
                    new = classify_meld(ruleset, cards, wild)
                    if new is not None and r.kind in new.kinds:
                        out.add((card, i, w))
    return sorted(out, key=lambda t: (t[1], C.sort_key(t[0]), t[2]))
