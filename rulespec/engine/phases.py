"""The states a hand passes through and the ways it ends, as enums.

Both are :class:`enum.StrEnum`: a member *is* its text, so a phase or an ending reaches a
record, a golden file, an observation or a page exactly as the bare string did (``"lay
off"``, ``"went out"``), while the code names them and never compares strings. Their
``repr`` is the text's too (``'lay off'``), so what prints a phase or a hand's result
inside a tuple or a dataclass prints what it did before they were enums.
"""

from __future__ import annotations

from enum import Enum, StrEnum


class _Text(StrEnum):
    """A StrEnum that reads as its text, ``repr`` included."""

    def __repr__(self) -> str:
        return repr(self.value)


class Phase(_Text):
    """Where a hand is (``Game.phase``); the module docstring of :mod:`.state` says who
    moves in each and how."""

    DEAL = "deal"
    DECLARE = "declare"  # seats dealt a special hand declare it (or pass) before play
    OFFER = "offer"
    DRAW = "draw"
    CLAIM = "claim"
    CLAIM_MELD = "claim meld"
    PLAY = "play"
    ANSWER = "answer"  # the partner of the player in turn answers "may I go out?"
    KNOCK = "knock"
    LAY_OFF = "lay off"
    DEFEND = "defend"
    OVER = "over"


class Ending(_Text):
    """How a hand ended (``HandResult.reason``), in the order statistics report them;
    :mod:`.scoring` scores each."""

    WENT_OUT = "went out"
    KNOCK = "knock"
    GIN = "gin"
    BIG_GIN = "big gin"
    UNDERCUT = "undercut"
    SHOW = "show"
    SPECIAL = "special hand"
    WRONG_SHOW = "wrong show"
    DROPS = "drops"
    STOCK_EXHAUSTED = "stock exhausted"
    STALEMATE = "stalemate"
    VOID = "void"


#: the endings of a knock, settled pair by pair (knocker against each defender)
KNOCK_ENDINGS = frozenset({Ending.KNOCK, Ending.UNDERCUT, Ending.GIN, Ending.BIG_GIN})
#: the endings in which one seat won the hand by its own play
WON = frozenset({Ending.WENT_OUT, Ending.KNOCK, Ending.UNDERCUT, Ending.GIN, Ending.BIG_GIN,
                 Ending.SHOW, Ending.SPECIAL})


class Then(Enum):
    """What happens once the chance steps due now are done (``Game._then``)."""

    BEGIN = "begin"  # the deal is done: offer the upcard or start the first turn
    PLAY = "play"  # a card was drawn: the player in turn plays
    DRAW_ON = "draw on"  # one card of a draw of several is in: the next, or play
    CLAIMED = "claimed"  # a claimer got the discard and its penalty cards
    PUSHED = "pushed"  # the pushed card and a stock card went to the next player
    END_TURN = "end turn"  # a card drawn instead of playing: the turn is over
    SEATED = "seated"  # every player has cut for the deal: the first dealer is known
    OPENED = "opened"  # the cards drawn after an opening are in: the turn goes on


class Pending(Enum):
    """Melds laid this turn that must be followed by more (``Game.pending_mode``)."""

    OPEN = "open"  # towards an opening (a contract, a threshold) not yet met
    WHOLE = "whole"  # a round in which the whole hand goes down at once
