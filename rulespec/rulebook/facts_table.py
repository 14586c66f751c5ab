"""The facts of :mod:`.diff` about the table and the cards: who plays, the packs, aces,
card values, wild cards, melds, the deal and the seating (with the small helpers every
fact uses), each a label and the rule's value in words."""

from __future__ import annotations

from collections.abc import Iterator

from .. import cards as C
from . import words as W


def _yes(flag: bool, yes: str = "yes", no: str = "no") -> str:
    return yes if flag else no


def _by(when: str) -> str:
    """When a card taken from the discard pile must be melded, as the diff says it."""
    return "must be melded this turn" if when == "turn" else "must be melded at once"


def _span(r) -> str:
    return "none" if r is None else W.span(r["min"], r["max"])


def _points_or(n, none: str = "none") -> str:
    return none if n is None else W.points(n)


def _rank_label(i: int) -> str:
    name = W.rank_name(C.RANKS[i])
    return f"Value of an {name}" if name[0] in "ae" else f"Value of a {name}"


def _values(ir, key="values") -> Iterator[tuple[str, str]]:
    v = ir["opening"]["values"] if key == "opening" else ir["values"]
    prefix = "Opening value" if key == "opening" else "Value"
    if v is None:
        yield f"{prefix}s of cards", "as for scoring"
        return
    for i, n in enumerate(v["ranks"]):
        label = _rank_label(i).replace("Value", prefix, 1)
        yield label, _points_or(n, "not given")
    yield f"{prefix} of a joker", _points_or(v["joker"], "0 points")
    yield f"{prefix} of a wild card", _points_or(v["wild"], "its own value")
    yield f"{prefix}s of single cards", (
        W.join(f"{c['card']} {W.points(c['value'])}" for c in v["cards"]) or "none")
    if key != "opening":
        yield "Values of single cards melded", (
            W.join(f"{c['card']} {W.points(c['value'])}" for c in v["melded"]) or "as in hand")
    where = "" if key == "opening" else " on the table"
    for k, place in (("low", "low"), ("high", "high"), ("corner", "round the corner")):
        yield f"{prefix} of an ace {place} in a run{where}", (
            _points_or(v[f"ace_{k}_run"], "its own value"))


def _packs(ir):
    d = ir["deck"]
    parts = []
    for p in d["packs"]:
        text = W.number(p["packs"])
        if p["players"] is not None:
            text += f" for {_span(p['players'])} players"
        parts.append(text)
    yield "Packs", W.join(parts, "and")
    j = d["jokers"]
    yield "Jokers", (
        "none" if not j else (f"{W.number(j)} per pack" if d["jokers_per_pack"] else W.number(j)))
    yield "Jokers by the number of players", W.join(
        f"{W.number(j['jokers'])} for {_span(j['players'])} players"
        for j in d.get("jokers_by") or ()) or "none"
    yield "Played with", "tiles" if d["tiles"] else "cards"
    yield "Ranks taken out of each pack", (
        W.join(W.rank_name(r, many=True) for r in d["without"]) or "none")


def _aces(ir):
    yield "Aces", {"low": "low", "high": "high", "either": "high or low, but not both in one run",
                   "around": "high, low or round the corner"}[ir["aces"]["mode"]]


def _wilds(ir):
    w = ir["wilds"]
    yield "Jokers wild", _yes(w["jokers"])
    yield "Wild ranks", W.join(W.rank_name(r, many=True) for r in w["ranks"]) or "none"
    yield "Named wild cards", W.join(w["cards"]) or "none"
    yield "Wild card cut for each deal", _yes(w["cut"])
    yield "Wild rank of the cards dealt", _yes(w["dealt_rank"])
    yield "Wild rank when a joker is cut", (W.rank_name(w["cut_joker_rank"], many=True)
                                            if w["cut_joker_rank"] else "none")
    yield "A wild card standing for itself", {"never": "never", "runs": "in runs",
                                              "always": "always"}[w["as_natural"]]
    yield "Melds a wild card may join", {None: "any meld", "run": "runs only",
                                         "set": "sets only"}[w.get("only_in")]
    yield "Cards a wild card may not stand for", W.join(w.get("not_for", ())) or "none"
    yield "Wild cards in one meld", (
        "no limit" if w["max_per_meld"] is None else f"at most {W.number(w['max_per_meld'])}")
    yield "Natural cards in a meld with a wild card", (
        "no limit" if w["min_naturals"] is None else f"at least {W.number(w['min_naturals'])}")
    yield "Wild cards outnumbering natural cards", (
        _yes(not w["not_outnumber"], "allowed", "not allowed"))
    yield "More natural cards than wild cards in a meld", (
        _yes(w["naturals_outnumber"], "required", "not required"))
    yield "Melds of wild cards only", (
        {"never": "not allowed", "sets": "sets only", "any": "allowed"}[w["all_wild"]])
    yield "A set of wild cards only", "—" if w["all_wild"] == "never" else _yes(
        w.get("all_wild_own", False), "takes no rank; only wild cards join it",
        "takes the rank its player names")
    rep = w["replace"]
    if rep is None:
        yield "Replacing a wild card on the table", "not allowed"
    else:
        where = {("run",): "in runs only", ("set",): "in sets only"}.get(
            tuple(rep["melds"]), "in any meld")
        parts = [where]
        if rep["reuse_this_turn"]:
            parts.append("the wild card must be melded again that turn")
        if rep["after_opening"]:
            parts.append("only after opening")
        if rep.get("jokers_only"):
            parts.append("jokers only")
        yield "Replacing a wild card on the table", "; ".join(parts)


def _melds(ir):
    m = ir["melds"]
    s, r = m["set"], m["run"]
    yield "Sets", "not allowed" if s is None else (
        f"{W.span(s['min'], s['max'])} cards, "
        + ("different suits" if s["suits"] == "distinct" else "any suits"))
    yield "Runs", "not allowed" if r is None else f"{W.span(r['min'], r['max'])} cards"
    yield "Melds", "laid on the table" if m["on_table"] else "kept in hand until the hand ends"
    yield "Sets of one rank", {None: "any number", "side": "one per side",
                               "player": "one per player"}[m["one_per_rank"]]
    for fact, field in (("Cards never melded", "barred"), ("Cards never in runs", "barred_runs"),
                        ("Cards melded only when going out", "going_out_only")):
        yield fact, W.bonus_names(m[field], "such card")[0] if m[field] else "none"
    out = m.get("going_out_size")
    yield "The set of cards melded only when going out", "—" if not m["going_out_only"] else (
        "a set's size" if out is None else f"{W.span(out['min'], out['max'])} cards")


def _deal(ir):
    d = ir["deal"]
    parts = []
    for s in d["sizes"]:
        text = W.number(s["cards"])
        if s["players"] is not None:
            text += f" for {_span(s['players'])} players"
        if s["rounds"] is not None:
            text += f" in round {_span(s['rounds'])}"
        parts.append(text)
    yield "Cards dealt", (W.join(parts) or "none") + " each"
    yield "Extra cards to the starting player", W.number(d["starter_extra"])
    yield "Upcard", _yes(d["upcard"], "turned up", "none")
    yield "A wild upcard", {"keep": "stays", "bury": "is buried in the stock",
                            "cover": "stays under the next card turned"}[d["upcard_wild"]]
    yield "Upcard offered", ("first to " + W.join(("the " + r for r in d["offer"]), "then to")
                             if d["offer"] else "not offered")
    yield "Deal passes", "to the left" if d["rotation"] == "left" else "to the right"
    at = d.get("at_a_time")
    yield "Cards dealt at a time", "not said" if at is None else W.number(at)
    aside = d.get("second_hand")
    yield "Second hand set aside", "none" if aside is None else (
        f"{W.plural(aside['size'], 'card')} per {aside['per']}")
    yield "Second hand after a discard", "—" if aside is None else {
        "at once": "picked up at once", "next turn": "picked up on the next turn"}[
        aside["after_discard"]]
    on = aside and aside.get("on_long")
    yield "Second hand on completing a long meld", "—" if aside is None else (
        "picked up only when the hand empties" if on is None
        else f"picked up on completing a meld of "
        f"{W.number(on)} or more cards")


def _table(ir):
    t = ir["table"]
    yield "Melds on the table", ("never split or joined, only extended" if t["separate"]
                                 else "not stated")
    yield "Wild cards in a run", "keep their places" if t["wilds_stay"] else "not stated"
    yield "A wild card at a run's end", {
        "never": "not stated", "freely": "moves to the other end when its card is laid off",
        "once": "moves to the other end when its card is laid off, once"}[t["end_wilds_move"]]
    yield "A meld read more than one way", {"unsaid": "not stated", "said": "is declared",
                                            "by place": "its wild cards stand for their places"
                                            }[t["declare"]]


def _seating(ir):
    s = ir["seating"]
    yield "First dealer", {"random": "chosen at random", "high card": "the high card of a cut",
                           "low card": "the low card of a cut"}[s["first_dealer"]]
    yield "Next dealer", {"in turn": "in turn", "winner": "the winner of the hand",
                          "loser": "the loser of the hand"}[s["next_dealer"]]
    yield "Play goes", "to the left" if s["play"] == "left" else "to the right"
    yield "First player", {"dealer": "the dealer", "winner": "the winner of the last hand",
                           "after dealer": "the player after the dealer"}[s["first_player"]]


def _players(ir):
    yield "Players", _span(ir["players"])
    p = ir["partnerships"]
    if p is None:
        yield "Partnerships", "none"
        return
    size = "" if p["size"] is None else f" of {W.number(p['size'])}"
    counts = W.join([W.span(r["min"], r["max"]) for r in p["players"]], "or")
    yield "Partnerships", (f"{W.plural(p['teams'], 'team')}{size}"
                           + (f" with {counts} players" if counts else ""))
