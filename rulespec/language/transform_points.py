"""Clause handlers with a number for issue #15's rules (a card's value by its meld, the
game's bonuses): kept apart from :mod:`.transformer`, which mixes them in."""

from __future__ import annotations

from .. import cards as C


class PointClauses:
    """``values: none`` (every card worth nothing), ``values: ace low in a run = 1`` (an
    ace melded as the low end of a run is worth this on the table; elsewhere, and in hand,
    its value of ``A = ...``), ``scoring: going out = +N`` (what the player who goes out
    scores besides), ``scoring: meld of 7+ cards = +500 natural, +300 mixed`` (and by kind, ``run of
    7+ cards = +1500``, ``meld of 7+ wild cards = +1000``, ``set of 7s of 7+ cards = +1500``),
    ``going
    out: only with a meld of 7+ cards`` and ``game:
    bonus N for winning the game``, ``bonus N per hand won``."""

    def value_none(self, node, prefix: str):
        """``values: none``: every card is worth nothing (a game played for a stake)."""
        for i in range(13):
            self.set(node, f"{prefix}.ranks.{i}", 0)
        self.set(node, f"{prefix}.joker", 0)

    def worth_in_hand(self, worth) -> tuple:
        """What the right of ``=`` gives a card left in hand: ``(points, given)``, points
        None for face value; ``5 melded`` alone gives nothing (``given`` False)."""
        nums = self.args(worth)
        if worth.data in ("worth_face", "worth_melded"):
            return None, worth.data == "worth_face"
        return (nums[1] if worth.data == "worth_melded_hand" else nums[0]), True

    def melded_value(self, cls, worth, prefix: str) -> None:
        """``black 3s = 5 melded, 100 in hand``: the value of each card of ``cls`` melded
        (``values.melded``), where the worth gives one."""
        if worth.data not in ("worth_melded_hand", "worth_hand_melded", "worth_melded"):
            return
        value = self.args(worth)[1 if worth.data == "worth_hand_melded" else 0]
        if prefix != "values":
            self.error(worth, "E356", "opening values count cards as they are melded, so a "
                       "card has one opening value", "give it one number, e.g. `3 = 5`")
        elif cls.data in ("class_jokers", "class_wilds"):
            self.error(worth, "E356", "a wild card on the table counts as the card it stands "
                       "for, so it has no value of its own melded",
                       "give the value in hand alone, e.g. `jokers = 50`")
        else:
            for card in self.class_cards(cls):
                self.set(cls, f"values.melded.{card}", value)

    def class_cards(self, cls) -> list[str]:
        """The cards of a card group on the left of ``=`` (``black 3s``: 3S 3C; ``2-4``:
        every card of those ranks), by name."""
        args = self.args(cls)
        if cls.data == "class_card":
            return [C.card_str(C.parse_card(args[0]))]
        if cls.data == "class_colour":
            return list(C.rank_cards(args[1], args[0]))
        if cls.data == "class_faces":
            ranks = range(10, 13)
        elif cls.data == "class_numbered":
            ranks = range(13)
        else:
            lo, hi = C.rank_index(args[0]), C.rank_index(args[-1])
            ranks = range(lo, hi + 1)
        return [f"{C.RANKS[r]}{s}" for r in ranks for s in C.SUITS]

    def value_ace_low_run(self, node, prefix: str, points):
        self.set(node, f"{prefix}.ace_low_run", points)

    def value_ace_high_run(self, node, prefix: str, points):
        self.set(node, f"{prefix}.ace_high_run", points)

    def value_ace_corner_run(self, node, prefix: str, points):
        self.set(node, f"{prefix}.ace_corner_run", points)

    def score_out_bonus(self, node, points):
        self.set(node, "scoring.out_bonus", points)

    def deal_second_hand(self, node, size, per):
        """``second hand of 11 cards per side`` (``per player``): the packets set aside."""
        self.set(node, "deal.second_hand.size", size)
        self.set(node, "deal.second_hand.per", "player" if str(per) == "player" else "side")

    def score_unopened(self, node, points):
        self.set(node, "scoring.unopened", points)

    def score_second_untaken(self, node, *parts):
        """``second hand not taken = -100``: what a side that never took its packet scores."""
        sign, points = (parts[0], parts[1]) if len(parts) == 2 else ("+", parts[0])
        self.set(node, "scoring.second_hand_untaken", -points if str(sign) == "-" else points)

    def score_meld_bonus(self, node, size, natural, mixed=None):
        """``meld of 7+ cards = +500 natural, +300 mixed``: one number for both."""
        self.set(node, "scoring.meld_bonus", {"size": size, "natural": natural,
                                              "mixed": natural if mixed is None else mixed})

    def score_set_bonus(self, node, size, natural, mixed=None):
        """``set of 7+ cards = +500``: a long set's own bonus (``book of 7+`` alike)."""
        self.set(node, "scoring.kind_bonus.set", {"size": size, "natural": natural,
                                                  "mixed": natural if mixed is None else mixed})

    def score_run_bonus(self, node, size, natural, mixed=None):
        """``run of 7+ cards = +1500``: a long run's own bonus (Samba's samba)."""
        self.set(node, "scoring.kind_bonus.run", {"size": size, "natural": natural,
                                                  "mixed": natural if mixed is None else mixed})

    def score_wild_bonus(self, node, size, points):
        """``meld of 7+ wild cards = +1000``: a meld of wild cards alone (Pennies from
        Heaven's wild canasta)."""
        self.set(node, "scoring.kind_bonus.wild", {"size": size, "points": points})

    def score_rank_bonus(self, node, rank, size, natural, mixed=None):
        """``set of 7s of 7+ cards = +1500``: a long set of one rank (a canasta of sevens)."""
        self.set(node, "scoring.kind_bonus.ranks", {
            "rank": rank, "size": size, "natural": natural,
            "mixed": natural if mixed is None else mixed})

    def opening_then_draw(self, node, n):
        """``opening: then draw 13 cards from the stock`` (Mexicana)."""
        self.set(node, "opening.then_draw", n)

    def second_on_long(self, node, size):
        """``second hand taken after completing a meld of 7+ cards`` (Pennies from Heaven)."""
        self.set(node, "deal.second_hand.on_long", size)

    def out_long_melds(self, node, *parts):
        """``going out: only with a meld of 7+ cards`` (or ``with 2 melds of 7+``), and by
        kind: ``with 2 natural and 2 mixed melds of 7+``, ``with a run of 7+``. Each part
        is a count (one when left out), natural or mixed (either when left out) and a
        kind; a part without its noun takes the next part's (melds, when none follows).
        Only melds of any kind, in one part, leave ``kinds`` empty."""
        *needs, size = parts
        kinds, noun = [], "meld"
        for need in reversed(needs):
            count, wilds, kind = 1, "any", None
            for c in self.args(need):
                if isinstance(c, int):
                    count = c
                elif c.data in ("long_natural", "long_mixed"):
                    wilds = c.data.removeprefix("long_")
                else:
                    kind = {"long_melds": "meld", "long_sets": "set", "long_runs": "run"}[c.data]
            noun = kind or noun
            kinds.insert(0, {"melds": count, "kind": noun, "wilds": wilds})
        total = sum(k["melds"] for k in kinds)
        if len(kinds) == 1 and kinds[0]["kind"] == "meld" and kinds[0]["wilds"] == "any":
            kinds = []
        self.set(node, "going_out.long", {"melds": total, "size": size, "kinds": kinds})

    def opening_threshold_pure(self, node, n, *pure):
        """``melds worth at least 51 including a pure run``: the threshold, and the runs
        with no wild card the opening melds must include."""
        self.set(node, "opening.threshold", n)
        self.opening_pure(node, *pure)

    def opening_pure(self, node, *pure):
        """``including 2 pure runs`` (a pure run: no wild card stands in it)."""
        self.set(node, "opening.pure_runs", pure[0] if pure else 1)

    def opening_threshold_by_score(self, node, n, where):
        """``melds worth at least 90 when score is 1500 or more``: one ``by_score`` item
        (``where``: the range, its bound already a number)."""
        bound = self.args(where)[0]
        item = {"threshold": n, "least": bound if where.data == "score_from" else None,
                "below": bound if where.data == "score_below" else None}
        self.set(node, "opening.by_score", item)

    def game_bonus_win(self, node, points):
        self.set(node, "game.bonus.win", points)

    def game_bonus_hand(self, node, points):
        self.set(node, "game.bonus.per_hand", points)
