"""Why a move is illegal, in a player's words and naming the rule it breaks.

Called only after a move has failed to match any legal move, so it never decides
legality itself: it looks for the first rule the move runs into. Told here is what is no
one mechanic's: a text that is no move, chance steps, a label naming a way the cards
cannot go, cards not held, the draw that begins a turn, ``pass`` and what the phase
awaits. The rest is asked of the mechanics (see :mod:`.mechanics`): what a turn has
begun and must finish first (their ``UNFINISHED`` tables), then why the one that owns
the kind of move refuses it (its ``REFUSALS`` table), each a reason or None.
"""

from __future__ import annotations

from collections import Counter

from .. import cards as C
from . import actions as A
from .labels import wrong_label
from .mechanics import names, not_held
from .phases import Phase

#: the moves of the play phase, refused alike before the draw
_AFTER_DRAW = frozenset({A.DISCARD, A.KNOCK, A.SHOW, A.GIN, A.MELD, A.LAY_OFF, A.REPLACE})
#: the moves that lay cards on the table
_LAY_DOWN = frozenset({A.MELD, A.LAY_OFF, A.REPLACE})


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
    missing = _missing(game, parsed)
    why = _unfinished_turn(game, parsed.kind, missing)
    if why is not None:
        return why
    if parsed.kind not in {a.kind for a in legal}:
        return _not_offered(game, parsed, missing)
    if missing:
        return not_held(missing)
    why = game._refusal(parsed, missing, True)
    return why if why is not None else _legal_moves(text, legal)


def _phase_needs(game) -> str:
    phase = game.phase
    p = game.current_player()
    if p == -1:
        return "a card is coming off the deck: the next step is a chance step such as `" + \
            game.legal_actions()[0].text + "`"
    return {
        Phase.OFFER: f"seat {p} is offered the upcard: `draw discard` or `pass`",
        Phase.DECLARE: f"seat {p} was dealt a special hand: `declare` it, or `pass` if it may wait",
        Phase.DRAW: f"seat {p} must first draw ({', '.join(a.text for a in game.legal_actions())})",
        Phase.CLAIM: f"seat {p} may claim the discard: `may i` or `pass`",
        Phase.CLAIM_MELD: f"seat {p} may meld after the claim, then `pass`",
        Phase.PLAY: (f"seat {p} plays cards to the table, then `pass`, or draws instead of "
                     "playing" if game.ruleset.turn.play_or_draw else
                     f"seat {p} has drawn and now melds, lays off or ends the turn"),
        Phase.ANSWER: f"seat {p} is asked whether their partner may go out: `answer yes` or "
                      "`answer no`",
        Phase.KNOCK: f"seat {p} knocked and now lays down melds, then `pass`",
        Phase.LAY_OFF: f"seat {p} may lay off onto the knocker's melds, then `pass`",
        Phase.DEFEND: f"seat {p} lays down melds, then `pass`",
    }.get(phase, phase)


def _chance_step(game, parsed) -> str:
    """Why a chance step (a card off the deck) is not the next one."""
    if not game.is_chance():
        return "that is a chance step, and no card is coming off the deck now"
    if parsed.cards[0] not in game.stock:
        return f"{names(parsed.cards)} is not in the stock"
    return (f"the next card off the stock is {C.card_str(game.stock[-1])} (the deck is stacked "
            "or the pile was turned over without shuffling)")


def _missing(game, parsed) -> list[int]:
    """The cards of the move that the player does not hold (a replacement takes only its
    natural card from the hand)."""
    hand = Counter(game.hands[game.current_player()])
    if parsed.kind == A.DRAW_DISCARDS:  # its card is in the discard pile, not the hand
        return []
    if parsed.kind == A.REPLACE:
        return [parsed.cards[0]] if hand[parsed.cards[0]] < 1 else []
    return [c for c, n in Counter(parsed.cards).items() if hand[c] < n]


def _unfinished_turn(game, kind: str, missing: list[int]) -> str | None:
    """What must come first in a turn that has begun something it must finish (a wild
    card taken off the table to play again, going down): asked of the mechanics (their
    ``UNFINISHED`` tables). A meld or a lay-off, the moves that finish them, is judged
    by its own rules."""
    if game.phase not in (Phase.PLAY, Phase.CLAIM_MELD) or kind in (A.MELD, A.LAY_OFF) or missing:
        return None
    return game._unfinished(kind)


def _not_offered(game, parsed, missing) -> str:
    """Why no move of this kind is allowed now."""
    kind = parsed.kind
    if kind == A.PASS:
        why = game._narrowed(parsed) if game.phase is Phase.DRAW else None  # a take owed
        return why or "there is nothing to pass now: " + _phase_needs(game)
    if game.phase is Phase.DRAW and kind in _AFTER_DRAW and parsed.text != "knock":
        return "you must draw before you " + ("lay cards down" if kind in _LAY_DOWN else kind)
    why = game._refusal(parsed, missing, False)
    return why if why is not None else "not now: " + _phase_needs(game)


def _legal_moves(text: str, legal) -> str:
    return f"`{text}` is not allowed now; legal moves: " + ", ".join(
        f"`{a.text}`" for a in legal[:12]) + (" …" if len(legal) > 12 else "")
