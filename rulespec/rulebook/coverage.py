"""No silent gaps: every rule of a variant must reach its rulebook page.

The renderers read the IR through a recording view (:class:`Tracked`), and only to write
the page: a read whose value goes nowhere is refused by tests/test_rulebook.py, so a field
counts as rendered only when its value decides what the page says. After a page is
rendered, every leaf of the IR must have been read, unless it is listed here:

- :data:`ENGINE_ONLY`: fields no page states, each with its reason;
- :data:`APPLIES_WHEN`: fields that have no effect (in play or on the page) unless another
  rule makes them apply, e.g. the limits on wild cards in a game without wild cards.

A top-level node with no renderer, or any other field that no renderer used (a rule added
to the language but not to the rulebook), raises :class:`UnrenderedNode` and fails the
build.
"""

from __future__ import annotations

from collections.abc import Callable

from ..ruleset import Ruleset

#: Fields that no page states, and why.
ENGINE_ONLY: dict[str, str] = {
    "sources": "where each rule was written in the file: for diagnostics, not a rule of play",
    "provenance.*.source": "where a provenance marker was written: for diagnostics; the page "
                           "marks the sentences of the rules it names",
    "origin.file": "the page names its rule file from the file the build read (site.py); the "
                   "house-rule introduction reads it where there is a parent",
    "wilds.not_for_by": "the wild rank a bar names is every wild card (E367), so the page "
                        "says \"a wild card\"; kept for the check",
    "origin.overrides": "the rules a file restates: the page lists what differs from the "
                        "parent, compared on the resolved rules (rulebook/diff.py)",
}


def _melds_on_table(rs) -> bool:
    return rs.melds.on_table


def _wild_cards(rs) -> bool:
    return rs.wilds.any


_NO_WILDS = "without wild cards there is nothing for it to say or do"
_IN_HAND = "melds stay in hand until the hand ends: no melding or laying off during a turn"

#: Fields that apply only when other rules make them: ``path: (applies(ruleset), reason)``.
#: Where a field does not apply it changes neither the page nor the play.
_PLAY_OR_DRAW = "a turn that plays or draws has no discard and draws only from the stock"

#: why the point bonuses of knocks go unread under a stake
_STAKES = "under a stake a knock pays stakes, not counts (E386)"

APPLIES_WHEN: dict[str, tuple[Callable[[Ruleset], bool], str]] = {
    "scoring": (lambda rs: rs.scoring.method != "none",
                "hands are not scored (`scoring: none`): no count, bonus or payment applies"),
    "values": (lambda rs: rs.values_count,
               "hands are not scored and no opening, knock or special hand counts the cards"),
    "wilds.cut_joker_rank": (lambda rs: rs.wilds.cut,
                             "a cut printed joker matters only when a card is cut for the deal"),
    "wilds.as_natural": (_wild_cards, _NO_WILDS),
    "wilds.max_per_meld": (_wild_cards, _NO_WILDS),
    "wilds.min_naturals": (_wild_cards, _NO_WILDS),
    "wilds.not_outnumber": (_wild_cards, _NO_WILDS),
    "wilds.naturals_outnumber": (_wild_cards, _NO_WILDS),
    "wilds.all_wild": (_wild_cards, _NO_WILDS),
    "wilds.only_in": (_wild_cards, _NO_WILDS),
    "wilds.not_for": (_wild_cards, _NO_WILDS),
    "wilds.replace": (_wild_cards, _NO_WILDS),
    "table.wilds_stay": (_wild_cards, _NO_WILDS),
    "table.end_wilds_move": (_wild_cards, _NO_WILDS),
    "table.declare": (_wild_cards, _NO_WILDS),
    "table.separate": (_melds_on_table, _IN_HAND),
    "values.joker": (lambda rs: rs.deck.has_jokers, "the deck has no jokers"),
    **{f"{at}.ace_{k}_run": (lambda rs: rs.melds.run is not None,
                             "with no runs no ace is ever in one")
       for at in ("values", "opening.values")
       for k in ("low", "high", "corner")},
    "deck.jokers_per_pack": (lambda rs: rs.deck.jokers > 0,
                             "the deck has no fixed number of jokers to give each pack"),
    "deal.upcard_wild": (lambda rs: rs.deal.upcard and rs.wilds.any,
                         "only a turned-up card that is wild can be buried"),
    "turn.use_drawn": (lambda rs: not rs.turn.play_or_draw,
                       "in a turn that plays or draws, drawing ends the turn (E376)"),
    "turn.take_discards": (lambda rs: not rs.turn.play_or_draw,
                           "a turn that plays or draws has no discard pile to take from (E376)"),
    "turn.claims.wait": (lambda rs: rs.turn.claims is not None and not rs.turn.claims.takes_turn,
                         "a claimer who plays on melds the card at once in their own turn"),
    "turn.meld_taken_before_opening": (
        lambda rs: rs.turn.meld_taken and not rs.turn.play_or_draw,
        "a card taken may be kept, so who must meld it does not arise"),
    "turn.meld_taken_by": (lambda rs: rs.turn.meld_taken and not rs.turn.play_or_draw,
                           "a card taken may be kept, so when it must be melded does not arise"),
    **{f"turn.take_discards.{f}": (
        lambda rs: rs.turn.take_discards is not None and rs.turn.take_discards.meld_owed,
        "the cards taken may be kept, so which must be melded, and when, does not arise")
       for f in ("meld_owed_by", "owed")},
    "turn.take_discards.from_hand": (
        lambda rs: (rs.turn.take_discards is not None and rs.turn.take_discards.meld_owed
                    and rs.turn.take_discards.owed == "top"),
        "no top card of a take is owed, so where its meld's cards come from does not arise"),
    "turn.take_discards.top_cards": (
        lambda rs: rs.turn.take_discards is not None and rs.turn.take_discards.down_to == "top",
        "it counts the cards of a take of the top cards, and the pile is taken another way"),
    "turn.discard_until_opening": (lambda rs: "discard" in rs.turn.draw_from
                                   and not rs.turn.play_or_draw,
                                   "no one draws from the discard pile"),
    **{f"turn.{f}": (lambda rs: "discard" in rs.turn.draw_from and not rs.turn.play_or_draw,
                     "no one draws from the discard pile")
       for f in ("stock_first_round", "short_hand", "top_taken")},
    "turn.discard_squared": (lambda rs: not rs.turn.play_or_draw,
                             "a turn that plays or draws has no discard pile (E376)"),
    "turn.discard_stops": (lambda rs: not rs.turn.play_or_draw,
                           "a turn that plays or draws has no discard pile to take from (E376)"),
    "turn.push": (lambda rs: "push" in rs.turn.draw_from,
                  "where a pusher draws next matters only when pushing is a way to draw"),
    "turn.melds_per_turn": (_melds_on_table, _IN_HAND),
    "turn.all_at_once": (_melds_on_table, _IN_HAND),
    "turn.rearrange": (_melds_on_table, _IN_HAND),
    "turn.new_melds_after_opening": (_melds_on_table, _IN_HAND),
    "turn.layoff": (_melds_on_table, _IN_HAND),
    "knock.run_end_layoffs": (lambda rs: rs.knock.defender_lays_off and not rs.gin_only,
                              "it limits the defender's lay-offs, and there are none"),
    "wilds.replace.jokers_only": (lambda rs: bool(rs.wilds.ranks or rs.wilds.cards or rs.wilds.cut
                                                  or rs.wilds.dealt_rank),
                                  "with no wild card but the jokers, every wild taken is a joker"),
    "going_out.bonus_each": (lambda rs: rs.going_out is not None and rs.going_out.long
                             is not None and rs.bonus is not None,
                             "a bonus card for each long meld needs long melds and bonus "
                             "cards (E339)"),
    "going_out.final_discard": (lambda rs: not rs.turn.play_or_draw,
                                "a turn that plays or draws has no discard (E376)"),
    "knock.counts_all": (lambda rs: not rs.gin_only,
                         "gin, the only knock, has no cards to count"),
    "scoring.knock.big_gin": (lambda rs: rs.gin is not None and rs.gin.big_gin
                              and rs.scoring.stake is None,
                              "there is no big gin to score, or a knock pays stakes"),
    "scoring.knock.undercut": (lambda rs: rs.scoring.stake is None and not rs.gin_only,
                               _STAKES + "; or gin, which no one undercuts, is the only knock"),
    "scoring.knock.ties": (lambda rs: not rs.gin_only,
                           "gin, which no one undercuts, is the only knock"),

    "scoring.knock.undercut_stakes": (lambda rs: rs.scoring.stake is not None,
                                      "a failed knock pays points, not stakes"),
    "stock.times": (lambda rs: rs.stock.action != "end",
                    "it counts the reuses of the discard pile, and the pile is not reused"),
    "stock.keep_top": (lambda rs: rs.stock.action != "end",
                       "it keeps the top card back when the pile is reused, and it is not (E342)"),
    "stock.outcome": (lambda rs: rs.stock.action == "end" or rs.stock.times is not None
                      or rs.stalemate_applies,
                      "the pile is reused without limit and no stalemate ends the hand: only "
                      "`score` is allowed (E376), and the page states no exhausted stock"),
    "scoring.count": (lambda rs: (rs.scoring.method != "knock" and rs.scoring.stake is None)
                      or rs.stock.outcome == "differences",
                      "a knock counts deadwood, and a stake is paid whatever a hand counts; only "
                      "differences at an exhausted stock count hands the variant's way"),
    "game.target": (lambda rs: rs.game.rounds != 1 and rs.scoring.method != "none",
                    "a game of a single deal ends with that deal, whatever the totals, and "
                    "unscored hands (`scoring: none`) never move a total"),
    "opening.exact": (lambda rs: bool(rs.opening.contracts),
                      "only a contract can be met exactly (E333 refuses it without one)"),
    "opening.per_side": (lambda rs: bool(rs.opening.contracts or rs.opening.threshold is not None
                                         or rs.opening.by_score),
                         "a side meets an opening only where one is required"),
    "opening.values": (lambda rs: rs.opening.threshold is not None,
                       "they count towards a number of points (E333 refuses them without one)"),
    "values.melded": (lambda rs: rs.scoring.method == "owner" or (
        (rs.opening.threshold is not None or bool(rs.opening.by_score))
        and rs.opening.values is None),
        "no card on the table is counted: melds do not score for whoever laid them, and no "
        "opening counts them with these values (E354)"),
    "opening.values.melded": (lambda rs: False,
                              "opening values count cards as they are melded: a value of their "
                              "own melded is refused there (E356)"),
    "opening.pure_runs": (lambda rs: rs.opening.threshold is not None or bool(rs.opening.by_score),
                          "only an opening worth a number of points asks for pure runs (E353)"),
    "opening.wild_counts_as_natural": (lambda rs: rs.opening.threshold is not None,
                                       "only an opening worth a number of points is counted"),
    "opening.values.joker": (lambda rs: rs.deck.has_jokers
                             and not rs.opening.wild_counts_as_natural,
                             "a joker in an opening counts as the card it stands for"),
    "opening.values.wild": (lambda rs: rs.wilds.any and not rs.opening.wild_counts_as_natural,
                            "a wild card in an opening counts as the card it stands for"),
    # a special hand's pattern says which of its numbers it has
    "special.*.pairs": (lambda rs: any(h.pattern == "pairs" for h in rs.special),
                        "only a hand of pairs counts pairs"),
    **{f"special.*.{f}": (lambda rs: any(h.pattern == "count" for h in rs.special),
                          "only a hand that counts points has a count to reach")
       for f in ("least", "most")},
    "special.*.factor": (lambda rs: any(h.each is None for h in rs.special),
                         "a fixed amount owed replaces the count times a factor"),
    # a turn that plays or draws (Rummikub) draws only from the stock and has no discard
    **{f"turn.{f}": (lambda rs: not rs.turn.play_or_draw, _PLAY_OR_DRAW)
       for f in ("draw_from", "discard_taken", "discard_barred", "discard_barred_first",
                 "max_discard_draws", "meld_taken",
                 "starter_draws", "void_after_throw_backs")},
    # the card taken from the pile is on the table before the discard (engine: discarding.py
    # refuses only that card), so whether it may go straight back does not arise
    "scoring.knock.gin": (lambda rs: rs.gin is not None and rs.scoring.stake is None,
                          "there is no gin (a knock with no deadwood is an ordinary knock), "
                          "or a knock pays stakes"),
    "turn.discard_taken": (lambda rs: not rs.turn.play_or_draw
                           and not rs.turn.meld_taken and "discard" in rs.turn.draw_from,
                           "the card taken from the discard pile is melded before any discard, "
                           "or nobody draws from the discard pile"),
    "wilds.all_wild_own": (lambda rs: rs.wilds.any and rs.wilds.all_wild != "never"
                           and rs.melds.set is not None,
                           "no set may be made of wild cards alone (E399)"),
    "melds.going_out_size": (lambda rs: bool(rs.melds.going_out_only)
                             and rs.melds.set is not None,
                             "no card is melded only when going out (E326, E398)"),
}


class UnrenderedNode(Exception):
    """An IR node or field that no rulebook renderer handles."""

    def __init__(self, variant: str, paths: list[str]):
        self.paths = paths
        super().__init__(f"{variant}: no rulebook renderer for {', '.join(paths)} "
                         f"(state it in a `<node>_md` method of rulebook/sections/, or list it in "
                         f"rulebook/coverage.py with its reason)")


class Tracked:
    """A read-recording view of one IR object: ``node["field"]`` notes the field's path."""

    __slots__ = ("_data", "_path", "_seen")

    def __init__(self, data: dict, path: str, seen: set):
        self._data, self._path, self._seen = data, path, seen

    def __getitem__(self, key: str):
        return _wrap(self._data[key], f"{self._path}.{key}" if self._path else key, self._seen)

    def __contains__(self, key: str) -> bool:
        return key in self._data

    def keys(self):
        return self._data.keys()

    def get(self, key: str, default=None):
        return self[key] if key in self._data else default


def _wrap(value, path: str, seen: set):
    if isinstance(value, dict):
        return Tracked(value, path, seen)
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return [_wrap(v, path + ".*", seen) for v in value]
    seen.add(path)
    return value


def leaf_paths(value, path: str = "") -> set[str]:
    """Every leaf of an IR document, list items written ``*``."""
    if isinstance(value, dict):
        out = set()
        for k, v in value.items():
            out |= leaf_paths(v, f"{path}.{k}" if path else k)
        return out
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        out = set()
        for v in value:
            out |= leaf_paths(v, path + ".*")
        return out
    return {path}


def _under(path: str, key: str) -> bool:
    return path == key or path.startswith(key + ".")


def applies(rs: Ruleset, path: str) -> bool:
    """Does the rule at ``path`` apply under these rules (:data:`APPLIES_WHEN`)? A marker on
    rules that do not apply has nothing on the page to mark."""
    return all(test(rs) for key, (test, _) in APPLIES_WHEN.items() if _under(path, key))


def unrendered(ir: dict, rs: Ruleset, seen: set[str]) -> list[str]:
    """The leaves of ``ir`` that no renderer used, unless a table excuses them: engine-only,
    or not applying here (a field applies when every entry of a node holding it does)."""
    out = []
    for path in sorted(leaf_paths(ir) - seen):
        if any(_under(path, key) for key in ENGINE_ONLY):
            continue
        if applies(rs, path):
            out.append(path)
    return out
