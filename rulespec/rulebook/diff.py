"""What one variant changes against another, in words ("Undercut bonus: 25 points
instead of 10 points"), from the two resolved IRs.

Every rule of the IR is named by a *fact*: a label and a function that says the rule's value
in words. Two variants differ wherever a fact reads differently; the house-rule pages and
``rulespec diff`` both print these. The two IRs are also compared leaf by leaf (:mod:`.unsaid`),
so that a changed field no fact reads yet still shows, named by its path in plain words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from . import words as W
from .facts_table import (_aces, _by, _deal, _melds, _packs, _players, _points_or, _seating,
                          _span, _table, _values, _wilds, _yes)
from .unsaid import unsaid

# IR paths that are not rules: the title and where the rules came from.
NOT_RULES = ("name", "origin", "sources", "provenance")


@dataclass(frozen=True)
class Change:
    rule: str
    old: str
    new: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.new} instead of {self.old}"


def _turn(ir):
    t = ir["turn"]
    names = {"stock": "the stock", "discard": "the discard pile", "push": "pushing"}
    yield "Draw", "from " + W.join([names[s] for s in t["draw_from"]], "or")
    yield "Cards a draw from the stock brings", W.number(t["stock_cards"])
    yield "Starting player's first turn", _yes(t["starter_draws"], "draws", "no draw")
    yield "After pushing, take", ("—" if t["push"] is None else
                                  {"stock": "from the stock", "discard": "from the discard pile"}[t["push"]["then"]])
    c = t["claims"]
    yield "“May I?” claims", "not allowed" if c is None else "; ".join(
        [W.plural(c["penalty"], "penalty card"), "nearest player first" if c["priority"] == "nearest" else c["priority"],
         "melds it at once and plays on" if c.get("takes_turn")
         else "no melding until the next turn" if c["wait"] else "may meld at once"]
        + ([] if c.get("per_hand") is None else [f"at most {c['per_hand']} per player per hand"])
        + (["only before opening"] if c.get("before_opening") else []))
    yield "The discard pile after opening", _yes(t.get("discard_until_opening", False),
                                                 "closed", "open")
    yield "The discard pile in the first round of turns", _yes(
        t.get("stock_first_round", False), "closed: draw from the stock", "open")
    sh = t.get("short_hand")
    yield "The top card of a pile taken", _top_taken(t.get("top_taken"))
    yield "The discard pile for a short hand", "open" if sh is None else (
        f"closed with {W.plural(sh['hand'], 'card')} or fewer in hand"
        + ("" if sh.get("pile") is None else f", while it holds {W.plural(sh['pile'], 'card')} "
           "or fewer"))
    yield "Melds per turn", "any number" if t["melds_per_turn"] is None else W.number(t["melds_per_turn"])
    a = t["all_at_once"]
    yield "Whole hand melded at once", "never" if a is None else f"in rounds {_span(a)}"
    yield "New melds after opening", _yes(t["new_melds_after_opening"], "allowed", "not allowed")
    lo = t["layoff"]
    if lo is None:
        yield "Laying off", "not allowed"
    else:
        onto = {"any": "onto any meld", "own": "onto own melds", "team": "onto own and partner's melds"}[lo["onto"]]
        req = {"nothing": "", "own meld": "only after a meld of your own",
               "opening": "only after opening",
               "earlier opening": "only from the turn after opening"}[lo["requires"]]
        yield "Laying off", onto + (f", {req}" if req else "")
    n = t.get("max_discard_draws")
    yield "Hand void at this draw from the discard pile", "never" if n is None else W.ordinal(n)
    n = t.get("void_after_throw_backs")
    yield "Hand void after this many throw-backs in a row", "never" if n is None else W.number(n)
    yield "Discarding the card just taken from the discard pile", _yes(t["discard_taken"], "allowed", "not allowed")
    yield "Cards discarded only when nothing else is held", ", ".join(
        "wild cards" if n == "wild" else n for n in t.get("discard_barred", ())) or "none"
    yield "Cards not discarded in the first round of turns", ", ".join(
        "wild cards" if n == "wild" else n for n in t.get("discard_barred_first", ())) or "none"
    yield "A card taken from the discard pile", _yes(t["meld_taken"], _by(t["meld_taken_by"]) + (
        " by a player who has not opened" if t.get("meld_taken_before_opening") else ""), "may be kept")
    yield "A turn", _yes(t["play_or_draw"], "plays or draws, with no discard", "draws, plays, discards")
    r = t["rearrange"]
    yield "Rearranging the table", "not allowed" if r is None else (
        ("own melds" if r["melds"] == "own" else "any melds")
        + (", only after opening" if r["after_opening"] else ", before opening too")
        + f", at most {W.number(r['max_moves'])} moves a turn")
    yield from _taking(t)
    yield "The discard pile", _yes(t["discard_squared"], "squared: only its top card is seen",
                                   "spread: every card is seen")
    yield "Cards that stop the discard pile", _cards(t["discard_stops"]) or "none"
    yield "The card drawn", _yes(t["use_drawn"], "must be melded or discarded the same turn", "may be kept")


def _taking(t):
    """What may be taken from the discard pile, and when it is frozen."""
    td = t["take_discards"]
    yield "Taking from the discard pile", ("the top card only" if td is None else
                                           {"any": "down to any card", "whole": "the whole pile",
                                            "top": f"the top {W.number(td.get('top_cards') or 0)} cards"
                                            }[td["down_to"]]
                                           + ("" if td["top_alone"] else ", never the top card alone"))
    owed = td is not None and td["meld_owed"]
    yield "The deepest card taken", _yes(owed and td["owed"] == "deepest",
                                         owed and _by(td["meld_owed_by"]), "may be kept")
    yield "The top card of a take", _yes(owed and td["owed"] == "top", owed and (
        _by(td["meld_owed_by"]) + (" with cards from hand" if td["from_hand"] else "")),
        "may be kept")
    yield "The discard pile is frozen", _yes(td is not None and td["frozen_by"] == "wild",
                                             "under a discarded wild card", "never")
    yield "The discard pile until the side has opened", _yes(
        td is not None and td["frozen_unopened"], "frozen", "not frozen")
    yield "The discard pile at all times", _yes(td is not None and td["frozen_always"],
                                                "frozen", "not frozen")
    yield "Cards turned up at the deal that freeze the discard pile", (
        td is not None and _cards(td["frozen_upcard"])) or "none"
    yield "A frozen discard pile", _yes(td is not None and td["frozen_take"] == "natural_pair",
                                        "taken only with a natural pair", "not taken")


def _cards(names) -> str:
    """Cards named (``3S``, ``JK``, ``wild``) as the diff says them."""
    return ", ".join("wild cards" if n == "wild" else "jokers" if n == "JK" else n
                     for n in names)


def _of_size(req) -> str:
    if not req["size"]:
        return ""
    return " of " + ("exactly " if req["exact"] else "") + W.number(req["size"])


def _opening(ir):
    o = ir["opening"]
    for c in o["contracts"]:
        text = " or ".join(
            W.join(f"{W.plural(q['count'], q['kind'])}" + _of_size(q) for q in opt) for opt in c["options"])
        if c["round"]:
            yield f"Contract for round {W.number(c['round'])}", text
        else:
            yield "Contract for every round", text
    yield "Opening with more than the contract", _yes(not o["exact"], "allowed", "not allowed")
    yield "Opening value", "none" if o["threshold"] is None else f"at least {W.points(o['threshold'])}"
    yield "Opening value by score", "—" if not o.get("by_score") else "; ".join(
        f"at least {W.points(t['threshold'])} " + (
            f"from {t['least']} up to below {t['below']}" if None not in (t["least"], t["below"])
            else f"at {t['least']} or more" if t["least"] is not None else f"below {t['below']}")
        for t in o["by_score"])
    yield "Pure runs the opening must include", W.number(o["pure_runs"]) if o["pure_runs"] else "none"
    yield "Opening met once per side", _yes(o["per_side"])
    yield "Cards drawn on opening", "none" if not o.get("then_draw") else W.plural(
        o["then_draw"], "card")
    yield "Wild cards in the opening count", _yes(o["wild_counts_as_natural"], "as the card they stand for",
                                                  "their own value")
    yield from _values(ir, "opening")


def _long_melds(long) -> str:
    """"a meld", "two melds", or by kind "two natural melds and two mixed melds"."""
    parts = long.get("kinds") or [{"melds": long["melds"], "kind": "meld", "wilds": "any"}]
    return W.join(("a" if p["melds"] == 1 else W.number(p["melds"]))
                  + ("" if p["wilds"] == "any" else " " + p["wilds"])
                  + f" {p['kind']}" + ("s" if p["melds"] > 1 else "") for p in parts)


def _ending(ir):
    g = ir["going_out"]
    yield "Going out", "not allowed" if g is None else {
        "optional": "with or without a final discard", "required": "only with a final discard",
        "forbidden": "only without a final discard"}[g["final_discard"]]
    long = g and g.get("long")
    yield "Going out needs on the table", "—" if not long else (
        _long_melds(long) + f" of {W.number(long['size'])} or more cards")
    yield "Going out needs a bonus card for each long meld", _yes(
        g is not None and g.get("bonus_each"), "yes", "no")
    ask = g and g.get("ask")
    yield "Asking partner's permission to go out", {
        None: "not done", "may": "allowed, the answer binding",
        "must": "required, the answer binding"}[ask]
    s = ir["show"]
    yield "After going out or a show, the others have", _yes(
        (g is not None and g.get("last_turns")) or (s is not None and s.get("last_turns")),
        "one more turn each", "no more turns")
    k = ir["knock"]
    yield "Most deadwood for a knock", "no knocking" if k is None else (
        "gin only" if k["max_deadwood"] == 0 and ir["gin"] is not None
        and not k.get("by_upcard") else
        "the upcard's value" if k["max_deadwood"] == "upcard" else
        "any count" if k["max_deadwood"] == "any" else W.points(k["max_deadwood"]))
    yield "Most deadwood for a knock, by upcard", "—" if k is None else _by_upcard(
        k.get("by_upcard"), lambda v: "gin only" if v == 0 else W.points(v))
    yield "Opponent lays off after a knock", "—" if k is None else _yes(k["defender_lays_off"])
    yield "Cards laid off at each end of a run", "—" if k is None or not k["defender_lays_off"] else (
        "any number" if k.get("run_end_layoffs") is None else W.number(k["run_end_layoffs"]))
    yield "Most cards in one meld laid out after a knock", "—" if k is None else (
        "any number" if k.get("lay_out_max") is None else W.number(k["lay_out_max"]))
    when = (k.get("before_draw"), k.get("after_draw", True)) if k is not None else None
    yield "A knock comes", "—" if k is None else {
        (False, True): "after drawing", (True, False): "only before drawing"}.get(
        when, "before or after drawing")
    yield "A knock counts", "—" if k is None else _yes(k.get("counts_all", False),
                                                      "every card in hand", "deadwood")
    g = ir["gin"]
    yield "Gin", _yes(g is not None, "played", "not played")
    yield "Big gin", "—" if g is None else _yes(g["big_gin"], "played", "not played")
    s = ir["show"]
    yield "Show", "none" if s is None else (f"at least {W.plural(s['sequences'], 'sequence')}, "
                                            f"{W.number(s['pure'])} of them pure")
    d = ir["drops"]
    yield "First drop", "not allowed" if d is None else W.points(d["first"])
    yield "Middle drop", "not allowed" if d is None else W.points(d["middle"])
    yield "Missed turns that count as a middle drop", ("—" if d is None or d["misses"] is None
                                                       else W.number(d["misses"]))
    st = ir["stock"]
    yield "Stock runs out", "with no cards left" if not st["remaining"] else f"with {W.plural(st['remaining'], 'card')} left"
    pile = "the discard pile except its top card" if st.get("keep_top") else "the discard pile"
    yield "When the stock runs out", {"turn over": f"{pile} is turned over",
                                      "shuffle": f"{pile} is shuffled into a new stock",
                                      "end": "the hand ends"}[st["action"]]
    yield "Top discard once the stock is exhausted", {"any": "may be taken", "knock": "only to knock at once",
                                                           "none": "may not be taken: the hand ends",
                                                           "must": "must be taken when it can be "
                                                                   "melded, and only then"}[
        st.get("last_discard", "any")]
    yield "A hand no one can go out of", {"end": "ends and is scored", "play on": "is played on"}[
        st.get("stalemate", "end")]
    yield "Times the discard pile is reused", "no limit" if st["times"] is None else W.number(st["times"])
    yield "Scoring when the stock ends the hand", {
        "score": "as usual", "differences": "the lowest hand scores the differences",
        "void": "none: the hand is void",
        "lose": "each player loses the count of their hand"}[st["outcome"]]


def _special(ir):
    """Each special hand in a phrase: what it holds, when, must or may, what the others owe."""
    out, count = [], "the stake" if ir["scoring"].get("stake") else "their count"
    for h in ir.get("special") or ():
        held = {"pairs": lambda: f"{W.plural(h['pairs'] or 0, 'pair')} of identical cards",
                "one suit": lambda: "every card of one suit",
                "count": lambda: f"a hand counting {_count_range(h['least'], h['most'])}"}[h["pattern"]]()
        when = "when dealt" if h["when"] == "dealt" else "after drawing"
        owed = (W.points(h["each"]) if h["each"] is not None
                else f"{count} {W.times(h['factor'])}" if (h["factor"] or 1) != 1 else count)
        out.append(f"{held} {when}, which {'must' if h['must'] else 'may'} be declared, and the "
                   f"others owe {owed}")
    yield "Special hands", "; ".join(out) or "none"


def _bonus(ir):
    """Bonus cards in a phrase: which, what each scores, the score in all, and whether
    they count against a side that has not melded."""
    b = ir.get("bonus")
    if b is None:
        yield "Bonus cards", "none"
        return
    names = W.bonus_names(b["cards"])[0]
    many = b["many"]
    said = f"{names}, {W.points(b['each'])} each" + (
        f", {W.points(many['value'])} for {W.number(many['count'])} or more" if many else "")
    yield "Bonus cards", said + (", against a side that has not melded"
                                 if b["against_unmelded"] else "")


def _count_range(lo, hi) -> str:
    if lo is None or hi is None:
        return f"{hi} or less" if lo is None else f"{lo} or more"
    return str(lo) if lo == hi else f"{lo} {'or' if hi == lo + 1 else 'to'} {hi}"


def _long_bonus(mb) -> str:
    return "none" if mb is None else (
        f"{W.points(mb['natural'])} for {W.number(mb['size'])} or more cards"
        + ("" if mb["mixed"] == mb["natural"] else f", {W.points(mb['mixed'])} with a wild card"))


def _scoring(ir):
    s = ir["scoring"]
    yield "Scoring", {"winner collects": "the winner collects the value of the other hands",
                      "penalty": "losers score penalty points", "knock": "deadwood difference",
                      "owner": "melds and lay-offs score for whoever laid them",
                      "none": "hands are not scored"}[s["method"]]
    yield "Cards that count", {"all": "all cards", "unmatched": "unmatched cards",
                               "show": "ungrouped cards when the hand holds the sequences, else all"}[s["count"]]
    yield "Most a hand can cost", _points_or(s["cap"], "no limit")
    ru = s["rummy"]
    yield "Going rummy", "nothing extra" if ru is None else W.join([f"score × {ru['multiplier']}"] * (
        ru["multiplier"] != 1) + [f"+{W.points(ru['bonus'])}"] * bool(ru["bonus"])) or "nothing extra"
    yield "Bonus for going out", _points_or(s.get("out_bonus"))
    yield "A hand not opened counts", _points_or(s.get("unopened"), "its cards")
    yield "A second hand never picked up", (
        "nothing" if not s.get("second_hand_untaken") else W.points(s["second_hand_untaken"]))
    yield "Bonus for a long meld", _long_bonus(s.get("meld_bonus"))
    kb = s.get("kind_bonus") or {}
    yield "Bonus for a long set, instead", _long_bonus(kb.get("set"))
    yield "Bonus for a long run, instead", _long_bonus(kb.get("run"))
    wb = kb.get("wild")
    yield "Bonus for a meld of wild cards alone", "none" if wb is None else (
        f"{W.points(wb['points'])} for {W.number(wb['size'])} or more cards")
    yield "Bonus for a long set of a rank", W.join(
        f"{W.rank_name(b['rank'], many=True)}: {_long_bonus(b)}"
        for b in kb.get("ranks") or ()) or "none"
    k = s["knock"]
    yield "Undercut bonus", "—" if k is None else W.points(k["undercut"])
    yield "Stakes a failed knock pays", "—" if k is None else W.number(k.get("undercut_stakes", 1))
    yield "Equal counts after a knock go to", "—" if k is None else {"defender": "the opponent",
                                                                   "knocker": "the knocker"}[k["ties"]]
    yield "Gin bonus", "—" if k is None else W.points(k["gin"])
    yield "Big gin bonus", "—" if k is None else W.points(k["big_gin"])
    yield "Wrong show", _points_or(s["wrong_show"])
    yield "Valid show by a losing player", _points_or(s["valid_show"])
    yield "Scores multiplied, by upcard", _by_upcard(s.get("by_upcard"), lambda v: f"× {v}")
    yield "A knock is won by", "—" if k is None else {
        "knocker": "the knocker, settled with each player in turn",
        "lowest": "the lowest hand, paid by every other player"}[k.get("winner", "knocker")]
    yield "Payments between players", {
        None: "none: scores are points won", "winner": "the losers pay the winner",
        "pairs": "each pair settles the difference"}[s.get("settle")]
    yield "Stake per hand", _points_or(s.get("stake"), "none: each loser owes their count")


def _by_upcard(rules, what) -> str:
    """``by_upcard`` rules in a row of the comparison: "ace: gin only; spade: × 2"."""
    return "; ".join(f"{W.upcard_kind(r).split(' ', 1)[1]}: {what(r['value'])}"
                     for r in rules or ()) or "none"


def _game(ir):
    g = ir["game"]
    yield "Game played to", _points_or(g["target"], "no target")
    yield "Deals in a game", "any number" if g["rounds"] is None else W.number(g["rounds"])
    yield "Players out at", _points_or(g["eliminate"], "never")
    yield "Hands to win the game", "none" if g.get("hands") is None else W.number(g["hands"])
    yield "The end of the game", _yes(g.get("endless", False),
                                      "none: as many hands as the players like", "set")
    yield "Winner", f"{g['winner']} total"
    b = g["bonus"] or {"win": 0, "per_hand": 0, "shutout": 1}
    yield "Bonus for winning the game", W.points(b["win"])
    yield "Bonus per hand won, at the end of the game", W.points(b["per_hand"])
    yield "A shutout multiplies the winner's total by", W.number(b["shutout"])
    yield "At the end of the game", {None: "the totals stand",
                                     "difference": "each other player pays the winner the "
                                                   "difference"}[g.get("settle")]


def _terms(ir):
    t, v = ir["terms"], W.Vocabulary.of(ir["terms"])
    yield from (("Sets are called", v.sets), ("Runs are called", v.runs),
                ("Opening is called", t["opening"]))
    for said, word in (("The stock is", "stock"), ("The discard pile is", "discard pile"),
                       ("A card is", "card"), ("Cards are", "cards"),
                       ("The second hand is", "second hand")):
        yield f"{said} called", v.noun(word)
    for field, said in (("knock", "Knocking"), ("gin", "Gin"), ("going_out", "Going out"),
                        ("going_rummy", "Going rummy"), ("drop", "A drop"), ("show", "A show")):
        yield f"{said} is called", getattr(v, field) or field.replace("_", " ")
    yield _LONG_TERM, "not named" if not (t.get("long") and t.get("long_size")) else (
        f"{t['long']} (plural {t.get('long_plural') or t['long'] + 's'}): a meld of "
        f"{W.number(t['long_size'])} or more cards")


def _not_enforced(ir):
    yield "Rules the interpreter does not enforce", "; ".join(ir["not_enforced"]) or "none"


def rounds_label(r) -> str:
    """``{"min": 4, "max": 6}`` → "Rounds 4-6"; one round → "Round 7"."""
    return f"Round {r['min']}" if r["max"] == r["min"] else f"Rounds {_span(r)}"


def _stretch_changes(ir: dict, key: str, stretch: str, label) -> list[tuple[str, list[Change]]]:
    """Each stretch (of rounds, of player counts) with rules of its own (``ir[key]``, each
    entry's range under ``stretch``), labelled, and those rules in words against the
    game's."""
    base = {k: v for k, v in ir.items() if k != key}
    return [(label(e[stretch]), changes(base, {**base, **e["rules"]})) for e in ir.get(key) or ()]


def _stretches_said(found: list[tuple[str, list[Change]]], none: str) -> str:
    """The comparison's one line for rules by stretch: "Round 7: Going out: …" and so on."""
    said = [f"{label}: " + "; ".join(f"{c.rule}: {c.new}" for c in changed)
            for label, changed in found]
    return " / ".join(said) or none


def round_changes(ir: dict) -> list[tuple[str, list[Change]]]:
    """Each stretch of rounds with rules of its own (``by_round``), and those rules in
    words against the game's."""
    return _stretch_changes(ir, "by_round", "rounds", rounds_label)


def _by_round(ir):
    yield "Rules by round", _stretches_said(round_changes(ir), "the same in every round")


def players_label(r) -> str:
    """``{"min": 2, "max": 2}`` → "With two players"; "With five or six players"."""
    return "With " + W.span(r["min"], r["max"], "player")


def player_changes(ir: dict) -> list[tuple[str, list[Change]]]:
    """Each stretch of player counts with rules of its own (``by_players``), and those
    rules in words against the game's (its rules by round among them, where a table has
    its own)."""
    return _stretch_changes(ir, "by_players", "players", players_label)


def _by_players(ir):
    yield "Rules by number of players", _stretches_said(player_changes(ir),
                                                        "the same at every table")


#: (IR paths it covers, the fact group)
FACTS: tuple[tuple[tuple[str, ...], Callable], ...] = (
    (("players", "partnerships"), _players),
    (("deck",), _packs),
    (("aces",), _aces),
    (("values",), _values),
    (("wilds",), _wilds),
    (("melds",), _melds),
    (("table",), _table),
    (("deal",), _deal),
    (("seating",), _seating),
    (("turn",), _turn),
    (("opening",), _opening),
    (("going_out", "knock", "gin", "show", "drops", "stock"), _ending),
    (("special",), _special),
    (("bonus",), _bonus),
    (("scoring",), _scoring),
    (("game",), _game),
    (("terms",), _terms),
    (("not_enforced",), _not_enforced),
    (("by_round",), _by_round),
    (("by_players",), _by_players),
)


def covered(path: str) -> bool:
    """Does a fact (or the list of non-rules) cover this IR path?"""
    head = path.split(".")[0]
    return head in NOT_RULES or any(head in paths for paths, _ in FACTS)


def facts(ir: dict, named: bool = True) -> dict[str, str]:
    """Every rule of a resolved IR, labelled, in words: a long meld by the variant's name
    for it (``terms.long``), unless ``named`` is false."""
    out: dict[str, str] = {}
    for _, fn in FACTS:
        out.update(fn(ir))
    if not named:
        return out
    v = W.Vocabulary.of(ir["terms"])
    return {k: x if k == _LONG_TERM else v.long_melds(x) for k, x in out.items()}


_LONG_TERM = "A long meld is called"


def changes(old: dict, new: dict) -> list[Change]:
    """The rules that read differently in ``new`` than in ``old``, in rulebook order, then
    any other changed leaf in its own words (a field no fact reads). Rules are compared in
    the rulebook's words, and said in each file's own (a name for a long meld changes
    the row of the name only)."""
    a, b = facts(old, named=False), facts(new, named=False)
    said_a, said_b = facts(old), facts(new)
    labels = list(a) + [k for k in b if k not in a]
    found = [Change(k, said_a.get(k, "none"), said_b.get(k, "none"))
             for k in labels if a.get(k) != b.get(k)]
    raw = lambda ir: facts(ir, named=False)  # noqa: E731
    return found + [Change(*c) for c in unsaid(old, new, a, b, raw, NOT_RULES)]


def _top_taken(tt: dict | None) -> str:
    """Where the top card of a take may go, in ``rulespec diff``'s words."""
    tt = tt or {}
    said = {"never": ["only in sets"], "lay off": ["never starts a run"]}.get(tt.get("runs"), [])
    if tt.get("full"):
        said.append(f"not onto a meld of {tt['full']}+ cards")
    return ", ".join(said) or "anywhere"

