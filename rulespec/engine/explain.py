"""Why a move is illegal, in a player's words and naming the rule it breaks.

Called only after a move has failed to match any legal move, so it never decides
legality itself: it looks for the first rule the move runs into.
"""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from ..melds.checks import _why_not
from . import actions as A
from .labels import wrong_label
from .phases import Pending, Phase

#: why a meld or lay-off may not leave one card when going out needs no discard
ONE_CARD_LEFT = ("you may not play down to one card: you go out only without a discard, so a last card "
                 "left alone could never leave your hand")


def _names(cards) -> str:
    return " ".join(C.card_str(c) for c in cards)


def _phase_needs(game) -> str:
    phase = game.phase
    p = game.current_player()
    if p == -1:
        return "a card is coming off the deck: the next step is a chance step such as `" + \
            game.legal_actions()[0].text + "`"
    return {
        Phase.OFFER: f"seat {p} is offered the upcard: `draw discard` or `pass`",
        Phase.DRAW: f"seat {p} must first draw ({', '.join(a.text for a in game.legal_actions())})",
        Phase.CLAIM: f"seat {p} may claim the discard: `may i` or `pass`",
        Phase.CLAIM_MELD: f"seat {p} may meld after the claim, then `pass`",
        Phase.PLAY: f"seat {p} has drawn and now melds, lays off or ends the turn",
        Phase.KNOCK: f"seat {p} knocked and now lays down melds, then `pass`",
        Phase.LAY_OFF: f"seat {p} may lay off onto the knocker's melds, then `pass`",
        Phase.DEFEND: f"seat {p} lays down melds, then `pass`",
    }.get(phase, phase)


def explain(game, text: str, parsed) -> str:
    """One sentence: what rule ``text`` (parsed as ``parsed``) breaks now."""
    if parsed is None:
        try:
            parsed = A.parse(text)
        except ValueError as e:
            return str(e)
    if parsed.kind in A.CHANCE_KINDS:
        return _chance_step(game, parsed)
    if game.is_chance():
        return "it is nobody's move: " + _phase_needs(game)
    legal = game.legal_actions()
    why = wrong_label(game, parsed, legal)
    if why is not None:
        return why
    p = game.current_player()
    hand = Counter(game.hands[p])
    missing = [c for c, n in Counter(parsed.cards).items() if hand[c] < n]
    if parsed.kind == A.REPLACE:
        missing = [parsed.cards[0]] if hand[parsed.cards[0]] < 1 else []
    why = _unfinished_turn(game, parsed.kind, missing)
    if why is None and parsed.kind not in {a.kind for a in legal}:
        why = _not_offered(game, p, parsed, missing)
    return why if why is not None else _refused(game, p, parsed, missing, text, legal)


def _chance_step(game, parsed) -> str:
    """Why a chance step (a card off the deck) is not the next one."""
    if not game.is_chance():
        return "that is a chance step, and no card is coming off the deck now"
    if parsed.cards[0] not in game.stock:
        return f"{_names(parsed.cards)} is not in the stock"
    return (f"the next card off the stock is {C.card_str(game.stock[-1])} (the deck is stacked "
            "or the pile was turned over without shuffling)")


def _unfinished_turn(game, kind: str, missing: list[int]) -> str | None:
    """What must come first in a turn that has melded: playing again a wild card taken off
    the table, or finishing the opening begun this turn."""
    if game.phase not in (Phase.PLAY, Phase.CLAIM_MELD) or kind in (A.MELD, A.LAY_OFF) or missing:
        return None
    if game.owed:
        return (f"the wild card {_names(game.owed)} you took off the table must be played again "
                "this turn before anything else")
    if game.pending_mode is not None and kind in (A.DISCARD, A.KNOCK, A.SHOW, A.LAY_OFF, A.REPLACE):
        return "finish going down first: the melds you laid this turn do not yet make your opening"
    return None


def _not_offered(game, p, parsed, missing) -> str | None:
    """Why no move of this kind is allowed now; None for a meld, lay-off or replacement
    while playing (the reasons of the meld rules follow, in :func:`_refused`)."""
    kind = parsed.kind
    why = _before_drawing(game, kind) if game.phase is Phase.DRAW else None
    if why is None and kind in _NOT_OFFERED:
        why = _NOT_OFFERED[kind](game, p, parsed, missing)
    if why is not None:
        return why
    if kind == A.MELD and not game.ruleset.melds.on_table:
        return "melds stay in hand until the hand ends"
    if kind in (A.MELD, A.LAY_OFF, A.REPLACE) and game.phase is Phase.PLAY:
        return None
    if kind == A.DISCARD and game.phase is Phase.PLAY and game.must_knock:
        return "you took the last discard with the stock exhausted, so you must knock now"
    return "not now: " + _phase_needs(game)


def _before_drawing(game, kind: str) -> str | None:
    """Why a move is refused before the player has drawn."""
    rs = game.ruleset
    if kind in (A.DISCARD, A.KNOCK, A.SHOW, A.GIN, A.MELD, A.LAY_OFF, A.REPLACE):
        return "you must draw before you " + ("lay cards down" if kind in (A.MELD, A.LAY_OFF, A.REPLACE)
                                              else kind)
    if kind == A.DRAW_DISCARD:
        if not game.discards:
            return "the discard pile is empty"
        if "discard" not in rs.turn.draw_from:
            return "the rules do not let you take the top discard here"
        if game.stock_only:
            return "both players passed the upcard, so the first player draws from the stock"
        return "the stock is exhausted: the top discard may be taken only to knock at once"
    if kind == A.DRAW_STOCK:
        if "stock" not in rs.turn.draw_from:
            return "the rules do not let you draw from the stock here"
        return "the stock is exhausted and may not be reused: `pass` ends the hand"
    return None


def _knock_not_offered(game, p, parsed, missing) -> str:
    rs = game.ruleset
    if rs.knock is None:
        return "the rules have no knocking"
    if missing:
        return f"you do not hold {_names(missing)}"
    if game.phase is not Phase.PLAY:
        return "you may knock only after drawing, in your own turn"
    rest = list(game.hands[p])
    rest.remove(parsed.cards[0])
    dw = game._deadwood(rest)
    return (f"you may knock only with deadwood of {rs.knock.max_deadwood} or less; after discarding "
            f"{C.card_str(parsed.cards[0])} your deadwood is {dw}")


def _gin_not_offered(game, *_) -> str:
    gin = game.ruleset.gin
    if gin is None or not gin.big_gin:
        return "the rules have no big gin: gin is a knock with no deadwood (`knock CARD`)"
    return "big gin needs every card in melds, with nothing to discard"


def _drop_not_offered(game, _p, parsed, _missing) -> str:
    drops = game.ruleset.drops
    if drops is None:
        return "the rules have no drops"
    if parsed.kind == A.MISS and drops.misses is None:
        return "the rules do not count missed turns"
    return "you may drop or miss a turn only at the start of your turn, before drawing"


#: why a move of each of these kinds is not allowed now, when no move of its kind is
_NOT_OFFERED = {
    A.PUSH: lambda *_: "you may push only when the rules allow it and both a discard and a stock "
                       "card are there",
    A.KNOCK: _knock_not_offered,
    A.GIN: _gin_not_offered,
    A.SHOW: lambda game, *_: "the rules have no show (declaration)" if game.ruleset.show is None
    else "you may show only after drawing, in your own turn",
    A.DROP: _drop_not_offered,
    A.MISS: _drop_not_offered,
    A.MAY_I: lambda game, *_: "no discard can be claimed now" if game.ruleset.turn.claims is not None
    else "the rules have no out-of-turn claims (May I?)",
    A.PASS: lambda game, *_: "there is nothing to pass now: " + _phase_needs(game),
}


def _refused(game, p, parsed, missing, text: str, legal) -> str:
    """Why a move of a kind allowed now is refused: the cards, the turn's order, or the
    rules of discarding and melding."""
    rs, kind = game.ruleset, parsed.kind
    if missing:
        return f"you do not hold {_names(missing)}"
    if game.owed and kind != A.MELD and kind != A.LAY_OFF:
        return (f"the wild card {_names(game.owed)} you took off the table must be played again this "
                "turn before anything else")
    if game.pending_mode is not None and kind not in (A.MELD,):
        return "finish going down first: the melds you laid this turn do not yet make your opening"
    if kind == A.DISCARD:
        c = parsed.cards[0]
        if game.taken is not None and c == game.taken and not rs.turn.discard_taken:
            return "you may not discard the card you just took from the discard pile"
        if len(game.hands[p]) == 1:
            return "you may not go out by discarding your last card: the rules say you go out by melding"
        return "that discard is not allowed now"
    if kind == A.MELD:
        return _explain_meld(game, p, parsed)
    if kind == A.LAY_OFF:
        return _explain_layoff(game, p, parsed)
    if kind == A.REPLACE:
        return _explain_replace(game, p, parsed)
    if kind in (A.KNOCK, A.SHOW):
        c = parsed.cards[0]
        if game.taken is not None and c == game.taken and not rs.turn.discard_taken:
            return "you may not discard the card you just took from the discard pile"
    return f"`{text}` is not allowed now; legal moves: " + ", ".join(
        f"`{a.text}`" for a in legal[:12]) + (" …" if len(legal) > 12 else "")


def _explain_meld(game, p, parsed) -> str:
    rs = game.ruleset
    t = rs.turn
    cards = list(parsed.cards)
    rules = game.rules
    from ..melds.distinct import readings_of

    rd = readings_of(rules, cards)
    if not rd:
        return _why_not(rs, cards, game.wild)
    if parsed.label is not None:
        heads = {A.reading_head(r) for r in rd}
        if not any(parsed.label.startswith(h) for h in heads):
            return f"{_names(cards)} cannot be read as {parsed.label}; it can be: " + \
                ", ".join(sorted(heads))
    if game.opened[p] and not t.new_melds_after_opening and game.pending_mode is None:
        return "no new melds after going down: you may only lay off onto melds on the table"
    if game._whole_hand_round():
        return "this round the whole hand must go down at once: lay it all down in this turn"
    if t.melds_per_turn is not None and game.melds_this_turn >= t.melds_per_turn:
        return f"you may lay down only {t.melds_per_turn} meld{'s' if t.melds_per_turn > 1 else ''} per turn"
    left = len(game.hands[p]) - len(cards)
    go = rs.going_out
    if go is None and left < 2:
        return "you may not meld your whole hand: going out is not allowed"
    if go is not None and go.final_discard == "required" and left < 1:
        return "you must keep a card to discard: you go out only with a final discard"
    if go is not None and go.final_discard == "forbidden" and left == 1:
        return ONE_CARD_LEFT
    op = rs.opening
    if game._needs_opening(p) or game.pending_mode is Pending.OPEN:
        need = []
        contract = op.contract(game.round)
        if contract is not None:
            opts = [" and ".join(f"{r.count} {r.kind}{'s' if r.count > 1 else ''}"
                                 + (f" of {r.size}" if r.size else "") for r in o) for o in contract.options]
            need.append(f"your first melds this round must be {' or '.join(opts)}"
                        + (" (and nothing more)" if op.exact else ""))
        if op.threshold is not None:
            need.append(f"your first melds must be worth at least {op.threshold} together")
        return "; ".join(need) + ", and this meld does not lead there with the cards you hold"
    return "that meld is not allowed now"


def _explain_layoff(game, p, parsed) -> str:
    rs = game.ruleset
    lo = rs.turn.layoff
    target = parsed.target
    if target is None or not (1 <= target <= len(game.table)):
        return f"there is no meld {target} on the table"
    m = game.table[target - 1]
    if game.phase is Phase.LAY_OFF:
        if m.owner != game.knocker:
            return "a defender lays off only onto the knocker's melds"
        return f"{C.card_str(parsed.cards[0])} does not fit meld {target}"
    if lo is None:
        return "the rules do not allow laying off"
    if lo.requires == "opening" and not game.opened[p]:
        return "you may lay off only after going down (opening)"
    if lo.requires == "own meld" and not game.melded[p]:
        return "you may lay off only after laying down a meld of your own"
    if lo.onto == "own" and m.owner != p:
        return "you may lay off only onto your own melds"
    if lo.onto == "team" and game._team(m.owner) != game._team(p):
        return "you may lay off only onto your own and your partner's melds"
    if not game._leaves_ok(len(game.hands[p]) - 1):
        forbidden = rs.going_out is not None and rs.going_out.final_discard == "forbidden"
        return ONE_CARD_LEFT if forbidden else "you must keep a card to discard"
    return f"{C.card_str(parsed.cards[0])} does not fit meld {target} ({A.reading_head(m.reading)})"


def _explain_replace(game, p, parsed) -> str:
    rep = game.ruleset.wilds.replace
    if rep is None:
        return "the rules do not let wild cards be taken off the table"
    if rep.after_opening and not game.opened[p]:
        return "you may replace a wild card only after going down"
    target = parsed.target
    if not (1 <= target <= len(game.table)):
        return f"there is no meld {target} on the table"
    m = game.table[target - 1]
    if m.reading.kind not in rep.melds:
        return f"wild cards may be replaced only in {' and '.join(k + 's' for k in rep.melds)}"
    natural, wild = parsed.cards
    if not any(w == wild for w, _ in m.reading.wilds):
        return f"{C.card_str(wild)} does not stand for another card in meld {target}"
    if rep.reuse_this_turn:
        return (f"{C.card_str(natural)} does not take the place of {C.card_str(wild)} there, or the wild "
                "could not be played again this turn as the rules require")
    return f"{C.card_str(natural)} is not the card {C.card_str(wild)} stands for"
