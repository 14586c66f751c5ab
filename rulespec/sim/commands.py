"""``rulespec simulate``, ``rulespec replay`` and ``rulespec play`` (registered by
``rulespec.cli.COMMAND_MODULES``). Everything heavy is imported inside the commands, so
that registering them costs ``rulespec check`` nothing."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..terminal import visible


def _positive(text: str) -> int:
    import argparse

    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is negative")
    return n


def register(subparsers) -> None:
    from ..outputs import existing, writable
    from ..limits import ENDLESS_HANDS, MAX_GAME_ACTIONS, MAX_HAND_ACTIONS

    c = subparsers.add_parser("simulate", help="play many games with bots and report statistics")
    c.add_argument("variant", type=existing(), help="the variant file")
    c.add_argument("-n", "--games", type=_positive, default=100, help="games to play (default 100)")
    c.add_argument("--agents", default="random",
                   help="agents by seat, comma-separated, repeated round the table (default: random)")
    c.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    c.add_argument("--workers", type=_positive, default=1, help="processes to use (0: one per CPU)")
    c.add_argument("--players", type=int, help="players per game (default: fewest the rules allow)")
    c.add_argument("--json", action="store_true", help="print the statistics as JSON")
    c.add_argument("--check-every", type=_positive, default=1, metavar="K",
                   help="check the invariants after every K steps (default 1; 0: at the end of each hand)")
    c.add_argument("--max-actions", type=_positive, default=None, metavar="N",
                   help=f"safety limit: player moves per game (default {MAX_GAME_ACTIONS:,})")
    c.add_argument("--max-hand-actions", type=_positive, default=None, metavar="N",
                   help=f"safety limit: player moves per hand (default {MAX_HAND_ACTIONS:,})")
    c.add_argument("--hands", type=_positive, default=None, metavar="H",
                   help="play only the first H hands of each game (a game with no end "
                        f"plays {ENDLESS_HANDS} unless told)")
    c.add_argument("--save-failures", metavar="DIR", type=writable(folder=True),
                   help="write a replayable record of every failed game into DIR")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress (neither the bar nor the plain lines)")
    c.set_defaults(run=cmd_simulate)

    c = subparsers.add_parser("replay", help="play a game record back and check it still plays the same")
    c.add_argument("record", help="a game record (JSON), as `play --save` or `simulate --save-failures` write")
    c.add_argument("--variant", type=existing(),
                   help="replay against this variant file instead of the one the record names")
    c.add_argument("--json", action="store_true", help="print the outcome as JSON")
    c.set_defaults(run=cmd_replay)

    c = subparsers.add_parser("play", help="play a variant against bots in the terminal")
    c.add_argument("variant", type=existing(), help="the variant file")
    c.add_argument("--players", type=int, help="players at the table (default: fewest the rules allow)")
    c.add_argument("--opponents", default="greedy",
                   help="the bots, comma-separated, given to the other seats in turn (default: greedy)")
    c.add_argument("--seed", type=int, help="seed of the deal (default: a new one, shown at the start)")
    c.add_argument("--seat", type=int, default=0, help="your seat (default 0: you play first)")
    c.add_argument("--hands", type=_positive, help="stop after this many hands")
    c.add_argument("--save", metavar="RECORD.json",
                   help="write the game's record here when it ends (checked before the first deal; "
                        "if it still fails, the record goes to a file in the current folder)")
    c.set_defaults(run=cmd_play)


def _load(file: str):
    """The compiled variant, or None after printing why it does not compile."""
    from ..language.compiler import compile_all
    from ..report import print_diagnostic

    variants, diags = compile_all([Path(file)])
    for d in diags:
        if d.is_error or not variants:
            print_diagnostic(d)
    return next(iter(variants.values()), None)


# ------------------------------------------------------------------ simulate


def cmd_simulate(args) -> int:
    from ..agents import parse_agents
    from ..report import EXIT_INTERRUPTED, EXIT_OK, EXIT_RULES, EXIT_TOOL, err, out
    from ..limits import ENDLESS_HANDS
    from .simulate import Interrupted, Settings, default_workers, simulate

    try:
        agents = tuple(parse_agents(args.agents))
    except ValueError as e:
        err.print(f"rulespec simulate: {e}", style="red", markup=False)
        return EXIT_TOOL
    variant = _load(args.variant)
    if variant is None:
        return EXIT_RULES
    rs = variant.ruleset
    players = args.players
    if players is not None and players not in rs.players:
        err.print(f"rulespec simulate: {rs.name} is not for {players} players", style="red", markup=False)
        return EXIT_TOOL
    from ..engine.state import Game

    try:  # the same default and checks as a new game
        n = Game(variant, players, 0).n
    except ValueError as e:
        err.print(f"rulespec simulate: {e}", style="red", markup=False)
        return EXIT_TOOL
    if len(agents) > n:
        err.print(f"rulespec simulate: {len(agents)} agents named for {n} players", style="red")
        return EXIT_TOOL
    hands = args.hands or (ENDLESS_HANDS if rs.game.endless else None)
    settings = Settings(agents=agents, players=players, seed=args.seed, check_every=args.check_every,
                        max_hands=hands, keep_history=bool(args.save_failures))
    if args.max_actions is not None:
        settings.max_actions = args.max_actions
    if args.max_hand_actions is not None:
        settings.max_hand_actions = args.max_hand_actions
    workers = args.workers or default_workers()
    games = args.games

    from .progress import GameProgress

    interrupted = False
    try:
        with GameProgress(err, "simulate", games, rs.name, quiet=args.quiet) as bar:
            summary, outcomes = simulate(variant, games, settings, workers=workers, path=args.variant,
                                         progress=lambda o: bar.advance(o.failure is not None))
    except Interrupted as stop:  # Ctrl-C or SIGTERM: report the games that finished
        summary, outcomes, interrupted = stop.summary, stop.outcomes, True
    summary["variant file"] = Path(args.variant).as_posix()
    summary["players"] = n
    if args.json:
        sys.stdout.write(json.dumps(summary, indent=2) + "\n")
    else:
        print_summary(summary, out)
    if args.save_failures:
        try:
            _save_failures(Path(args.save_failures), args.variant, variant, outcomes, n)
        except OSError as e:  # checked before the games, so only a change since then
            err.print(f"rulespec simulate: cannot write the failed games' records to {args.save_failures}: "
                      f"{e.strerror or e}", style="red", markup=False)
            return EXIT_TOOL
    if interrupted:
        return EXIT_INTERRUPTED
    if summary["invariant failures"] or summary["errors"]:
        return EXIT_TOOL
    return EXIT_RULES if summary["safety limit hits"] else EXIT_OK


def _save_failures(folder: Path, file: str, variant, outcomes, players: int) -> None:
    from ..report import err
    from .record import record_for

    failed = [o for o in outcomes if o.failure and o.history is not None]
    if not failed:
        return
    folder.mkdir(parents=True, exist_ok=True)
    for o in failed:
        record_for(variant, file, players, o.history, o.seed, o.agents).save(folder / f"game-{o.index}.json")
    err.print(f"{len(failed)} failed game record{'s' if len(failed) != 1 else ''} written to {folder}/",
              style="yellow")


def _every(k: int) -> str:
    return "after every step" if k == 1 else f"every {k} steps" if k else "at the end of each hand"


def _n(x) -> str:
    if isinstance(x, float):
        return f"{x:,.1f}" if abs(x) >= 100 or x != int(x) else f"{int(x):,}"
    return f"{x:,}"


def print_summary(s: dict, console) -> None:
    """The statistics of a run as rich tables."""
    from rich.table import Table
    from rich.text import Text

    st = s["settings"]
    t = s.get("timing", {})
    head = Text(visible(s["variant"]), style="bold")  # from the rule file: shown as written
    head.append(f" · {s['games']:,} games · agents {','.join(st['agents'])} · {s.get('players', '?')} players"
                f" · seed {st['seed']}" + (f" · first {st['max hands']} hands" if "max hands" in st else ""),
                style=None)
    console.print(head)
    bad = s["invariant failures"] + s["safety limit hits"] + s["errors"]
    line = Text(f"finished {s['finished']:,}/{s['games']:,} · invariant failures {s['invariant failures']}"
                f" · safety-limit hits {s['safety limit hits']} · errors {s['errors']}",
                style="bold red" if bad else "bold green")
    console.print(line)
    if s.get("interrupted"):
        console.print(f"interrupted: these are the {s['games']:,} games that finished of the "
                      f"{s['games asked']:,} asked", style="bold yellow")
    if t:
        console.print(f"{t['seconds']:,.1f} s on {t.get('workers', 1)} worker(s) · "
                      f"{t['games per second']:,.2f} games/s · {t['actions per second']:,.0f} actions/s"
                      f" · invariants checked {_every(st['check every'])}")

    lengths = Table(title="Length", title_justify="left", box=None, padding=(0, 2))
    lengths.add_column("")
    for col in ("mean", "sd", "median", "min", "max"):
        lengths.add_column(col, justify="right")
    for key in ("actions per game", "hands per game", "actions per hand", "turns per hand"):
        v = s[key]
        lengths.add_row(key, *(_n(v[c]) for c in ("mean", "sd", "median", "min", "max")))
    console.print(lengths)

    if s["endings"]:
        ends = Table(title="How hands ended", title_justify="left", box=None, padding=(0, 2))
        ends.add_column("")
        ends.add_column("hands", justify="right")
        ends.add_column("share", justify="right")
        for k, v in s["endings"].items():
            ends.add_row(Text(visible(k)), f"{v:,}", f"{100 * s['endings share'][k]:.1f}%")
        console.print(ends)
    if s["events"]:
        console.print(Text("Events: " + " · ".join(f"{visible(k)} {v:,}" for k, v in s["events"].items())))

    agents = st["agents"]
    if s.get("sides"):
        _print_sides(console, s["sides"])
    title = "Scores by seat" + (" (each seat's own share)" if s.get("sides") else "")
    scores = Table(title=title, title_justify="left", box=None, padding=(0, 2))
    scores.add_column("seat")
    scores.add_column("agent")
    # hands won where no hand scores (`scoring: none`: they decide), in 80 columns
    unscored = all(not h["mean"] and not h["sd"] for h in s["hand scores"])
    for col in ("game mean", "sd", "min", "max", "hand mean", "sd") + ("hands won",) * unscored:
        scores.add_column(col, justify="right")
    for seat, (g, h, won) in enumerate(zip(s["game scores"], s["hand scores"], s["hands won"])):
        scores.add_row(str(seat), agents[seat % len(agents)], _n(g["mean"]), _n(g["sd"]), _n(g["min"]),
                       _n(g["max"]), _n(h["mean"]), _n(h["sd"]), *[f"{won:,}"] * unscored)
    console.print(scores)
    if s["first seat win rate"] is not None:
        wins = " · ".join(f"{k} {100 * v['win rate']:.1f}% of {v['seats']:,} seats"
                          for k, v in s["wins by agent"].items())
        console.print(f"Wins: first seat {100 * s['first seat win rate']:.1f}% of games · {wins}")
    if s["opening met"]:
        console.print("Opening requirement met (someone went down): " + " · ".join(
            f"round {r} {100 * v['met'] / v['hands']:.0f}% of {v['hands']:,}" for r, v in s["opening met"].items()))
    if s["failed games"]:
        ft = Table(title="Failed games", title_justify="left", box=None, padding=(0, 2))
        for col in ("game", "seed", "failure", "at step", "what"):
            ft.add_column(col, overflow="fold")
        for f in s["failed games"][:20]:
            ft.add_row(str(f["game"]), str(f["seed"]), f["failure"], str(f["at step"]), Text(visible(f["message"])))
        console.print(ft)
        if len(s["failed games"]) > 20:
            console.print(f"... and {len(s['failed games']) - 20} more")


def _print_sides(console, sides: list) -> None:
    """Partners: each side's total, and which seats make it up."""
    from rich.table import Table

    def _seats(seats) -> str:
        return ", ".join(map(str, seats[:-1])) + " and " + str(seats[-1]) if len(seats) > 1 \
            else str(seats[0])

    console.print("Sides: " + " · ".join(f"side {t} is seats {_seats(v['seats'])}"
                                         for t, v in enumerate(sides))
                  + "; a side's own points (a second hand not taken, bonus cards) are booked"
                    " on its first seat, so only the side's total is its score")
    table = Table(title="Scores by side", title_justify="left", box=None, padding=(0, 2))
    table.add_column("side")
    table.add_column("seats")
    for col in ("game mean", "sd", "min", "max", "hand mean", "sd"):
        table.add_column(col, justify="right")
    for t, v in enumerate(sides):
        g, h = v["game scores"], v["hand scores"]
        table.add_row(str(t), ", ".join(map(str, v["seats"])), _n(g["mean"]), _n(g["sd"]),
                      _n(g["min"]), _n(g["max"]), _n(h["mean"]), _n(h["sd"]))
    console.print(table)


# ------------------------------------------------------------------ replay


def cmd_replay(args) -> int:
    from rich.text import Text

    from ..report import EXIT_OK, EXIT_RULES, EXIT_TOOL, err, out, print_diagnostic
    from .record import RecordError, read_record, replay

    try:
        record = read_record(args.record)
        variant, vname = _replay_variant(record, args.variant)
        if variant is None:
            return EXIT_RULES
        report = replay(record, variant)
    except RecordError as e:
        for d in e.diagnostics:
            print_diagnostic(d)
        return EXIT_TOOL
    if args.json:
        d = report.divergence
        sys.stdout.write(json.dumps({
            "ok": report.ok, "steps": report.steps, "total": report.total,
            "divergence": None if d is None else {
                "index": d.index, "action": d.action, "reason": d.reason, "legal": d.legal,
                "round": d.round, "phase": d.phase, "player": d.player},
            "result": report.result, "expected": report.expected, "mismatch": report.mismatch}, indent=2) + "\n")
        return EXIT_OK if report.ok else EXIT_RULES
    name = visible(f"{variant.name} ({vname})")  # the carried rules' name and file: untrusted
    if report.divergence is not None:
        d = report.divergence
        err.print(Text(f"The record no longer plays under {name}:", style="bold red"))
        err.print(Text(f"  first divergence at step {d.index} of {report.total}: recorded `{visible(d.action)}`"))
        err.print(Text(f"  the rules say: {visible(d.reason)}"))
        who = {-1: "the deck (a chance step)", -4: "nobody (the game is over)"}.get(d.player, f"seat {d.player}")
        err.print(Text(f"  there: round {d.round}, {d.phase}, {who} to move"))
        if d.legal:
            shown = ", ".join(f"`{visible(a)}`" for a in d.legal[:25])
            more = f" … and {len(d.legal) - 25} more" if len(d.legal) > 25 else ""
            err.print(Text(f"  allowed ({len(d.legal)}): {shown}{more}"))
        return EXIT_RULES
    if report.mismatch:
        err.print(Text(f"Every step plays under {name}, but the result differs:", style="bold red"))
        for m in report.mismatch:
            err.print(Text(f"  {visible(m)}"))
        return EXIT_RULES
    res = report.result
    state = "the game is over" if res["over"] else "the game is not over yet"
    out.print(Text(f"Replayed {report.total:,} steps of {name}: {res['hands']} hand"
                   f"{'s' if res['hands'] != 1 else ''}, scores {', '.join(str(x) for x in res['scores'])}; "
                   f"{state}" + (" · as recorded" if report.expected else " · the record has no result to compare"),
                   style="bold green"))
    return EXIT_OK


def _replay_variant(record, override: str | None):
    """The variant to replay ``record`` under, and how to name it: the file ``--variant``
    names, else the rules the record carries (warning when they have changed on disk),
    else (a version 1 record) its variant file found in the search path."""
    from ..report import print_diagnostic
    from ..language.diagnostics import SpecError
    from .record_rules import changes, compile_carried, old_record_variant

    shown = record.file or "<record>"
    folder = Path(shown).parent
    if override is not None:
        return _load(override), Path(override).as_posix()
    if not record.rules:
        path = old_record_variant(record.variant, folder, shown)
        return _load(str(path)), path.as_posix()
    for d in changes(record.rules, folder, shown):
        print_diagnostic(d)
    try:
        variant = compile_carried(record.rules)
    except SpecError as e:
        for d in e.diagnostics:
            print_diagnostic(d)
        return None, None
    return variant, f"{record.rules[0]['file']}, as the record carries it"


# ------------------------------------------------------------------ play


def cmd_play(args) -> int:
    from .. import terminal
    from ..agents import parse_agents
    from ..report import EXIT_OK, EXIT_RULES, EXIT_TOOL, err
    from .play import play_session

    try:
        opponents = parse_agents(args.opponents)
    except ValueError as e:
        err.print(f"rulespec play: {e}", style="red", markup=False)
        return EXIT_TOOL
    variant = _load(args.variant)
    if variant is None:
        return EXIT_RULES
    try:
        play_session(variant, players=args.players, opponents=opponents, seed=args.seed, seat=args.seat,
                     hands=args.hands, stdin=sys.stdin, console=terminal.console(), save=args.save,
                     variant_file=Path(args.variant).as_posix())
    except ValueError as e:  # a seat or player count the rules refuse, or a --save that cannot be written
        err.print(f"rulespec play: {terminal.visible(e)}", style="red", markup=False)
        return EXIT_TOOL
    return EXIT_OK
