"""A compiled variant: the public face of a ruleset (what ``rulespec.load`` returns)."""

from __future__ import annotations

from collections.abc import Iterable

from . import cards as C
from .ruleset import Ruleset


def _cards(cards) -> list[int]:
    """Card codes from codes, names (``"7S 8S JK"``) or a mix of both."""
    if isinstance(cards, str):
        return C.parse_cards(cards)
    return [c if isinstance(c, int) else C.parse_card(c) for c in cards]


def _card(card) -> int | None:
    if card is None or isinstance(card, int):
        return card
    return C.parse_card(card)


class Variant:
    """A compiled, validated variant. Holds the typed :class:`Ruleset` (what every stage
    reads), the resolved IR it was built from, the compiler's warnings, and the text of
    each file it was compiled from (this one first, then its parents: what a game record
    carries so that it replays anywhere)."""

    def __init__(self, ruleset: Ruleset, ir: dict, warnings: tuple = (), texts: dict | None = None):
        self.ruleset = ruleset
        self.ir = ir
        self.warnings = tuple(warnings)
        self.texts = dict(texts or {})

    @property
    def name(self) -> str:
        return self.ruleset.name

    def __repr__(self) -> str:
        return f"<Variant {self.name!r}>"

    def for_players(self, players: int) -> Variant:
        """The variant as a table of ``players`` plays it: its rules by number of players
        (``with 2 players: ...``) swapped in, so that the meld functions of the result read
        that table's rules (a game of that many, ``new_game``, plays the same ruleset)."""
        rs = self.ruleset.seated(players)
        return self if rs is self.ruleset else Variant(rs, self.ir, self.warnings, self.texts)

    def deal_size(self, players: int, round: int = 1) -> int | None:
        """Cards dealt to each player (the starter's extra cards aside), by the game's own
        rules (its rules by number of players aside: :meth:`for_players`)."""
        return self.ruleset.deal.hand_size(players, round)

    def deck_size(self, players: int) -> int:
        """Cards in the deck used by ``players`` players, printed jokers included."""
        return self.ruleset.deck.size(players)

    # ------------------------------------------------------------ melds

    def classify_meld(self, cards, wild=None):
        """The :class:`~rulespec.Meld` ``cards`` make (every reading of it), or None."""
        from .melds import classify_meld

        return classify_meld(self.ruleset, _cards(cards), _card(wild))

    def best_arrangement(self, hand, wild=None):
        """The :class:`~rulespec.Arrangement` of ``hand`` leaving the least deadwood."""
        from .melds import best_arrangement

        return best_arrangement(self.ruleset, _cards(hand), _card(wild))

    def deadwood(self, hand, wild=None) -> int:
        """Least value of the unmatched cards of ``hand`` (just the number; faster)."""
        from .melds import deadwood

        return deadwood(self.ruleset, _cards(hand), _card(wild))

    def deadwood_many(self, hands: Iterable, wild=None) -> list[int]:
        """Least deadwood of many hands in one call (the batch form of :meth:`deadwood`)."""
        from .melds.fast import deadwood_many

        return deadwood_many(self.ruleset, [_cards(h) for h in hands], _card(wild))

    def card_value(self, card, wild=None) -> int:
        """Penalty / score value of one card (wild status included)."""
        from .melds import card_value

        return card_value(self.ruleset, _card(card), _card(wild))

    def penalty(self, hand, wild=None) -> int:
        """What ``hand`` costs when the hand ends (counting rule and cap included)."""
        from .melds.checks import penalty

        return penalty(self.ruleset, _cards(hand), _card(wild))

    def check_declaration(self, groups, wild=None, hand_size=None):
        """A :class:`~rulespec.Verdict` on a show or going-out grouping."""
        from .melds.checks import check_declaration

        return check_declaration(self.ruleset, [_cards(g) for g in groups], _card(wild), hand_size)

    def fulfils_contract(self, melds, round: int = 1, wild=None) -> bool:
        """Do ``melds`` meet the opening contract of ``round``?"""
        from .melds import Meld
        from .melds.checks import fulfils_contract

        melds = [m if isinstance(m, Meld) else _cards(m) for m in melds]
        return fulfils_contract(self.ruleset, melds, round, _card(wild))

    def contract_melds(self, hand, round: int = 1, wild=None):
        """The melds from ``hand`` that fulfil the contract of ``round`` (least deadwood
        left), as an :class:`~rulespec.Arrangement`, or None."""
        from .melds.checks import contract_melds

        return contract_melds(self.ruleset, _cards(hand), round, _card(wild))

    def opening_value(self, hand, wild=None):
        """Largest opening value ``hand`` can lay down, and the melds making it."""
        from .melds.opening import opening_melds

        return opening_melds(self.ruleset, _cards(hand), _card(wild))

    def can_open(self, hand, round: int = 1, wild=None) -> bool:
        """Can ``hand`` go down: its contract for ``round`` and the opening threshold."""
        from .melds.checks import contract_melds
        from .melds.opening import reaches_threshold

        hand = _cards(hand)
        wild = _card(wild)
        if self.ruleset.opening.contract(round) is not None:
            if contract_melds(self.ruleset, hand, round, wild) is None:
                return False
        return reaches_threshold(self.ruleset, hand, wild)

    def layoffs(self, hand, table, wild=None) -> list[tuple[int, int]]:
        """``(card, meld index)`` pairs: cards of ``hand`` that may go onto ``table`` melds."""
        from .melds import Meld
        from .melds.checks import layoffs

        table = [m if isinstance(m, Meld) else _cards(m) for m in table]
        return layoffs(self.ruleset, _cards(hand), table, _card(wild))

    def replacements(self, hand, table, wild=None) -> list[tuple[int, int, int]]:
        """``(natural, meld index, wild)``: which table wild a natural from ``hand`` replaces."""
        from .melds import Meld
        from .melds.checks import replacements

        table = [m if isinstance(m, Meld) else _cards(m) for m in table]
        return replacements(self.ruleset, _cards(hand), table, _card(wild))
