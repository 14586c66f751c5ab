"""Actions: every move of the game, chance steps included, and its one canonical string.

An :class:`Action` is immutable and hashable; two actions are equal when their canonical
strings are. ``legal_actions()`` lists them sorted by :attr:`Action.key`; ``apply`` takes
an action or any string that :func:`parse` reads back to one.

The strings (cards as ``7S``, ``10D``, ``JK``; table melds by their number):

================================  ===================================================
``deal 7S`` ``cut 7S``            chance: a card dealt, the card cut as wild,
``upcard 7S`` ``draw 7S``         the upcard turned, the card a player gets off the stock
``cut for deal 7S``               chance: the card a player cuts to choose the first dealer
``draw stock`` ``draw discard``   take the top card of the stock / the discard pile
``draw 3 discards to 7S``         take the top 3 discards, 7S the deepest of them
``push``                          Push's draw: pass the top discard and a stock card on
``may i``                         claim the discard out of turn ("May I?")
``ask partner``                   ask partner "may I go out?"; ``answer yes`` /
``answer yes`` ``answer no``      ``answer no``: the partner's binding reply
``pass``                          decline (an offer, a claim) or say you are done
``miss`` ``drop``                 miss a turn; drop out of the hand
``meld 7S 8S 9S``                 lay a meld; ``... as run 5D-7D`` when the cards can
                                  be read more than one way
``lay off 9S on 3``               add a card to table meld 3 (``... as 10S`` if the
                                  card could go to either end)
``replace JK on 3 with 5D``       put 5D in place of the wild JK of meld 3, take the JK
``discard 7S`` ``knock 7S``       end the turn; knock discarding 7S face down
``knock``                         knock before drawing (no card drawn or discarded)
``gin``                           big gin: every card melded, nothing discarded
``show 7S``                       declare: 7S goes face down, the rest is shown
``declare``                       declare a special hand: it ends the hand at once
``take 7S from 3``                rearranging: a card off table meld 3 into hand, to be
``put 7S on 3`` ``put 7S on new`` laid again this turn; a card into meld 3 (or a new
``reset``                         one) whether it is valid yet or not; the table and
                                  the hand put back as the turn found them
================================  ===================================================
"""

from __future__ import annotations

import re
from collections import Counter

from .. import cards as C
from ..melds.model import Reading
from ..memo import table

# kinds, in the order legal_actions() lists them
DEAL, CUT, UPCARD, CARD = "deal", "cut", "upcard", "draw card"
DRAW_STOCK, DRAW_DISCARD, PUSH, MAY_I = "draw stock", "draw discard", "push", "may i"
DRAW_DISCARDS = "draw discards"  # more than the top card: ``target`` cards, ``cards`` the deepest
PASS, MISS, DROP = "pass", "miss", "drop"
MELD, LAY_OFF, REPLACE = "meld", "lay off", "replace"
DISCARD, KNOCK, GIN, SHOW = "discard", "knock", "gin", "show"
DECLARE = "declare"  # a special hand: it ends the hand at once
TAKE, PUT, RESET = "take", "put", "reset"  # rearranging the table (issue #15, item 8)
SEAT_CUT = "cut for deal"  # chance: the card a player cuts to choose the first dealer
ASK, YES, NO = "ask partner", "answer yes", "answer no"  # "may I go out?" and its reply

KINDS = (DEAL, CUT, UPCARD, CARD, DRAW_STOCK, DRAW_DISCARD, DRAW_DISCARDS, PUSH, MAY_I, MELD,
         LAY_OFF, REPLACE, DISCARD, KNOCK, GIN, SHOW, DECLARE, PASS, MISS, DROP, TAKE, PUT, RESET, SEAT_CUT,
         ASK, YES, NO)
CHANCE_KINDS = frozenset({DEAL, CUT, UPCARD, CARD, SEAT_CUT})
_ORDER = {k: i for i, k in enumerate(KINDS)}
_CHANCE_WORD = {DEAL: "deal", CUT: "cut", UPCARD: "upcard", CARD: "draw", SEAT_CUT: SEAT_CUT}


class Action:
    """One move. ``kind`` is one of :data:`KINDS`; ``cards`` the cards it moves (a meld's
    cards; for ``replace`` the natural then the wild); ``target`` a table meld's number;
    ``reading`` what a meld (or the meld a card is laid off onto) becomes."""

    __slots__ = ("kind", "cards", "target", "reading", "text", "key", "_hash")

    def __init__(self, kind: str, cards: tuple[int, ...] = (), target: int | None = None,
                 reading: Reading | None = None, label: str | None = None):
        self.kind = kind
        self.cards = cards
        self.target = target
        self.reading = reading
        self.text = _text(kind, cards, target, label)
        self.key = (_ORDER[kind], target or 0, tuple(C.sort_key(c) for c in cards), self.text)
        self._hash = hash(self.text)

    @property
    def is_chance(self) -> bool:
        return self.kind in CHANCE_KINDS

    @property
    def card(self) -> int | None:
        """The single card of a card move (discard, knock, show, lay off, chance)."""
        return self.cards[0] if self.cards else None

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action({self.text!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Action):
            return self.text == other.text
        return NotImplemented

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other: Action) -> bool:
        return self.key < other.key


def _text(kind, cards, target, label) -> str:
    names = " ".join(C.card_str(c) for c in cards)
    if kind in CHANCE_KINDS:
        return f"{_CHANCE_WORD[kind]} {names}"
    if kind == MELD:
        return f"meld {names}" + (f" as {label}" if label else "")
    if kind == LAY_OFF:
        return f"lay off {names} on {target}" + (f" as {label}" if label else "")
    if kind == REPLACE:
        natural, wild = cards
        return f"replace {C.card_str(wild)} on {target} with {C.card_str(natural)}"
    if kind in (DISCARD, KNOCK, SHOW) and names:
        return f"{kind} {names}"
    if kind == TAKE:
        return f"take {names} from {target}"
    if kind == PUT:
        return f"put {names} on {target if target else 'new'}"
    if kind == DRAW_DISCARDS:
        return f"draw {target} discards to {names}"
    return kind


# ---------------------------------------------------------------- interned simple actions

_SIMPLE: dict[tuple, Action] = table()


def simple(kind: str, card: int | None = None, target: int | None = None) -> Action:
    """The (shared) action of a kind with at most one card and at most a table meld's number:
    a table with many melds lists hundreds of ``take``/``put`` moves a turn, the same ones
    turn after turn, so they are made once."""
    key = (kind, card, target)
    a = _SIMPLE.get(key)
    if a is None:
        a = _SIMPLE[key] = Action(kind, () if card is None else (card,), target)
    return a


def card_actions(kind: str) -> tuple[Action, ...]:
    """The shared ``kind`` action of every card code, indexed by the code."""
    return tuple(simple(kind, c) for c in range(53))


#: cards in the order a player sorts them (suit, then rank; jokers last)
SORTED_CODES = tuple(sorted(range(53), key=C.sort_key))
DISCARDS = card_actions(DISCARD)
KNOCKS = card_actions(KNOCK)
SHOWS = card_actions(SHOW)


# ---------------------------------------------------------------- reading labels


def reading_head(reading: Reading) -> str:
    """``set of 6s`` or ``run 5D-7D`` (the cards at the run's two ends); ``set of wild
    cards`` where such a set takes no rank (``wilds.all_wild_own``)."""
    if reading.kind == "set":
        return ("set of wild cards" if reading.rank is None
                else f"set of {C.RANKS[reading.rank]}s")
    lo = C.card_str(C.make(reading.ranks[0], reading.suit))
    hi = C.card_str(C.make(reading.ranks[-1], reading.suit))
    return f"run {lo}-{hi}"


def reading_wilds(reading: Reading) -> str:
    """What each wild card stands for: ``(2C=5D JK=7D)``, ``(JK wild)`` in a set,
    ``(pure)`` when no card acts wild."""
    if not reading.wilds:
        return "(pure)"
    if reading.kind == "set":
        return "(" + " ".join(f"{C.card_str(w)} wild" for w, _ in reading.wilds) + ")"
    return "(" + " ".join(f"{C.card_str(w)}={C.card_str(s)}" for w, s in reading.wilds) + ")"


def head_counts(readings: tuple[Reading, ...]) -> Counter:
    """How many of ``readings`` share each head (worked out once per group of cards)."""
    return Counter(reading_head(r) for r in readings)


def meld_label(reading: Reading, readings: tuple[Reading, ...], heads: Counter | None = None) -> str | None:
    """The ``as ...`` part of a meld's string: None when the cards have one reading, the
    head when that tells the readings apart, the head and the wild cards otherwise.
    ``heads``: :func:`head_counts` of ``readings``, when already known."""
    if len(readings) <= 1:
        return None
    head = reading_head(reading)
    if (heads or head_counts(readings))[head] > 1:
        return f"{head} {reading_wilds(reading)}"
    return head


def layoff_label(reading: Reading, card: int, new: Reading) -> str:
    """What a laid-off card stands for: a card name in a run, ``itself``/``wild`` in a set."""
    if new.kind == "set":
        return "wild" if len(new.wilds) > len(reading.wilds) else "itself"
    extra = [p for p in new.wilds if p not in reading.wilds]
    if extra:
        return C.card_str(extra[0][1])
    place = new.ranks[0] if new.ranks[0] not in reading.ranks else new.ranks[-1]
    return C.card_str(C.make(place, new.suit))


# ---------------------------------------------------------------- parsing

_CARD_TOKEN = re.compile(r"(?<![\w=])(10|[2-9AJQKTajqkt])([SHDCshdc♠♥♦♣])(?![\w])|\b(JK|jk|Jk|joker|Joker)\b"
                         r"|(?<![\w])[KROBkrob](1[0-3]|[1-9])(?![\w])")  # tiles: R7, K13


class Parsed:
    """A move string read back: its kind, cards, table meld, and the ``as ...`` part."""

    __slots__ = ("kind", "cards", "target", "label", "text", "written")

    def __init__(self, kind, cards=(), target=None, label=None, written=None):
        self.kind, self.cards, self.target, self.label = kind, tuple(cards), target, label
        self.written = written  # a meld's cards in the order the player wrote them
        if kind == REPLACE:
            self.text = _text(kind, self.cards, target, None)
        else:
            self.text = _text(kind, self.cards, target, label)

    def loose_key(self) -> tuple:
        """What identifies the move when the ``as ...`` part is left out."""
        return (self.kind, tuple(sorted(self.cards)), self.target)


def loose_key(action: Action) -> tuple:
    return (action.kind, tuple(sorted(action.cards)), action.target)


def _norm_cards(text: str) -> str:
    def one(m):
        return C.card_str(C.parse_card(m.group(0)))
    return _CARD_TOKEN.sub(one, text)


def _cards(words: list[str]) -> list[int]:
    return [C.parse_card(w) for w in words]


def parse(text: str) -> Parsed:
    """Read a move string (any case, extra spaces, suit symbols allowed). Raises
    ``ValueError`` with a player's explanation when it is no move at all."""
    raw = " ".join(str(text).replace(",", " ").split())
    low = raw.lower()
    if not low:
        raise ValueError("an empty move")
    words = raw.split()
    lw = low.split()
    try:
        for kind in (DRAW_STOCK, DRAW_DISCARD, MAY_I, PASS, MISS, DROP, PUSH, GIN, KNOCK, RESET, DECLARE,
                     ASK, YES, NO):
            if low == kind or (kind == DRAW_DISCARD and low in ("draw discard pile", "take discard")):
                return Parsed(kind)
        if low == "may i?":
            return Parsed(MAY_I)
        if low.rstrip("?") in ("may i go out", "partner, may i go out", "ask"):
            return Parsed(ASK)
        if low in ("yes", "no"):
            return Parsed(YES if low == "yes" else NO)
        head = lw[0]
        if head in ("deal", "cut", "upcard") and len(words) == 2:
            return Parsed({"deal": DEAL, "cut": CUT, "upcard": UPCARD}[head], _cards(words[1:]))
        if lw[:3] == SEAT_CUT.split() and len(words) == 4:
            return Parsed(SEAT_CUT, _cards(words[3:]))
        if head == "draw" and len(words) == 5 and lw[2:4] == ["discards", "to"]:
            return Parsed(DRAW_DISCARDS, _cards(words[4:]), int(words[1]))
        if head == "draw" and len(words) == 2:
            return Parsed(CARD, _cards(words[1:]))
        if head in (DISCARD, KNOCK, SHOW) and len(words) == 2:
            return Parsed(head, _cards(words[1:]))
        if head == "meld" and len(words) >= 2:
            rest, label = _split_as(words[1:])
            cards = _cards(rest)
            return Parsed(MELD, sorted(cards, key=C.sort_key), None, label, tuple(cards))
        if lw[:2] == ["lay", "off"] and len(words) >= 5 and lw[3] == "on":
            rest, label = _split_as(words[4:], after=1)
            if len(rest) != 1:
                raise ValueError("write `lay off CARD on N`")
            return Parsed(LAY_OFF, _cards([words[2]]), int(rest[0]), label)
        if head in (TAKE, PUT) and len(words) == 4 and lw[2] == ("from" if head == TAKE else "on"):
            target = None if head == PUT and lw[3] == "new" else int(words[3])
            return Parsed(head, _cards(words[1:2]), target)
        if head == "replace" and len(words) == 6 and lw[2] == "on" and lw[4] == "with":
            wild, natural = _cards([words[1], words[5]])
            return Parsed(REPLACE, (natural, wild), int(words[3]))
    except (C.CardError, ValueError) as e:
        raise ValueError(f"`{raw}` is not a move: {e}") from None
    raise ValueError(
        f"`{raw}` is not a move; moves look like `draw stock`, `discard 7S`, "
        "`meld 7S 8S 9S`, `lay off 9S on 3`, `knock 3H`, `pass`")


_SET_LABEL = re.compile(r"^set\s+of\s+(10|[2-9AJQKTajqkt])s\b(.*)$", re.IGNORECASE)


def _norm_label(label: str) -> str:
    """The ``as ...`` part in canonical form: keywords in lower case, cards as ``7S``."""
    m = _SET_LABEL.match(label.strip())
    if m:
        rank = C.RANKS[C.rank_index(m.group(1))]
        rest = _norm_cards(m.group(2))
        label = f"set of {rank}s{rest}"
    else:
        label = _norm_cards(label)
        label = re.sub(r"^run\b", "run", label, flags=re.IGNORECASE)
    label = re.sub(r"\b(wild|pure|itself)\b", lambda x: x.group(1).lower(), label, flags=re.IGNORECASE)
    return label.replace("( ", "(").replace(" )", ")")


def _split_as(words: list[str], after: int = 0) -> tuple[list[str], str | None]:
    """Split off the ``as ...`` part. The word ``as`` is the keyword only where it cannot
    be the ace of spades: before ``set``/``run`` (a meld) or after the meld number."""
    lw = [w.lower() for w in words]
    at = [i for i, w in enumerate(lw) if w == "as" and i >= after
          and (after or (i + 1 < len(lw) and lw[i + 1] in ("set", "run")))]
    if at:
        i = at[0]
        return words[:i], _norm_label(" ".join(words[i + 1:]))
    return words, None
