"""``rulespec new``: start a variant file from one that works (registered by
``rulespec.cli.COMMAND_MODULES``).

Two kinds of file, both built from a base variant so that they pass ``check`` at once:
house rules (the default) that ``extends`` the base and list its rules as comments to
change, or with ``--standalone`` a whole copy of the base under a new name. ``--players``
and ``--deck`` restate those two topics. The text is compiled before it is written: a
choice the base cannot play (say, more players than its deal allows) is reported as the
compiler's diagnostics and nothing is written.
"""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from .language.compiler import Compiler, display_name, find_parent
from .language.diagnostics import SpecError

_STATEMENT = re.compile(r"^(?P<topic>[a-z][a-z ]*?)\s*:", re.I)


def register(subparsers) -> None:
    c = subparsers.add_parser(
        "new", help="write a new variant or house-rule file that passes check at once")
    c.add_argument("file", help="the file to write, e.g. variants/house/my-rules.rules")
    c.add_argument("--base", help="the variant it starts from, by name (gin) or path "
                                  "(default: asked, or basic)")
    c.add_argument("--name", help="the variant's name (default: from the file name)")
    c.add_argument("--players", help="restate the players, e.g. 2-4")
    c.add_argument("--deck", help='restate the deck, e.g. "2 packs, 4 jokers"')
    c.add_argument("--standalone", action="store_true",
                   help="copy the whole base instead of writing house rules that extend it")
    c.add_argument("--force", action="store_true", help="overwrite the file if it exists")
    c.set_defaults(run=cmd_new)


def statements(text: str) -> list[tuple[str, str]]:
    """The file's statements as (topic, text with its continuation lines), comments dropped."""
    found: list[tuple[str, list[str]]] = []
    for line in text.split("\n"):
        bare = re.sub(r"\s+#.*$|^#.*$", "", line).rstrip()
        if not bare:
            continue
        if bare[:1].isspace() and found:
            found[-1][1].append(bare)
        else:
            m = _STATEMENT.match(bare)
            found.append((m.group("topic") if m else bare.split()[0], [bare]))
    return [(topic, "\n".join(lines)) for topic, lines in found]


def _restated(players: str | None, deck: str | None) -> dict[str, str]:
    return {t: f"{t + ':':<9}{v}" for t, v in (("players", players), ("deck", deck)) if v}


def _header(base_name: str, base_file: str, house: bool) -> str:
    how = ("House rules for {n}: every rule not restated here is the one in {f}. To change one, "
           "write its topic again (uncomment a line below and edit it)." if house else
           "A new variant, copied from {n} ({f}). Change any rule; "
           "the language is in docs/language.md.")
    words = how.format(n=base_name, f=base_file).split()
    lines, line = [], "#"
    for w in [*words, "Check", "it", "with", "`rulespec", "check", "FILE`."]:
        if len(line) + len(w) + 1 > 90:
            lines.append(line)
            line = "#"
        line += " " + w
    return "\n".join([*lines, line]) + "\n"


def house_text(base_text: str, base_name: str, base_file: str, extends: str, name: str,
               restate: dict) -> str:
    own = [text for topic, text in statements(base_text) if topic not in ("variant", "extends")]
    out = [_header(base_name, base_file, True), f'variant "{name}"', f'extends "{extends}"', ""]
    out += [*restate.values(), ""] if restate else []
    out.append(f"# The rules of {base_name} as written in {base_file}:")
    out += ["# " + line for text in own for line in text.split("\n")]
    return "\n".join(out) + "\n"


def standalone_text(base_text: str, base_name: str, base_file: str, name: str,
                    restate: dict) -> str:
    """The base's text, comments kept, under the new name and with ``restate`` in place of
    those topics (their continuation lines go with them)."""
    lines = base_text.rstrip("\n").split("\n")
    starts = [i for i, line in enumerate(lines) if line[:1].strip() and not line.startswith("#")]
    out, i = [_header(base_name, base_file, False)], starts[0] if starts else len(lines)
    while i < len(lines):
        line, i = lines[i], i + 1
        m = _STATEMENT.match(line) if i - 1 in starts else None
        if line.startswith("variant"):
            out.append(f'variant "{name}"')
        elif m and m.group("topic") in restate:
            out.append(restate.pop(m.group("topic")))
            while i < len(lines) and lines[i][:1] in " \t" and lines[i].strip():
                i += 1
        else:
            out.append(line)
    return "\n".join([*out, *restate.values()]) + "\n"


def _ask(question: str, default: str) -> str:
    if not sys.stdin.isatty():
        return default
    answer = input(f"{question} [{default}]: ").strip()
    return answer or default


def _base_file(base: str, target_dir: Path) -> tuple[Path | None, str]:
    """The base's file, and how the new file's ``extends`` names it."""
    found = find_parent(base, target_dir).path
    if found is not None:
        return found, base
    for cand in (Path(base), Path(f"{base}.rules"), Path("variants") / f"{base}.rules"):
        if cand.is_file():
            return cand, Path(os.path.relpath(cand.resolve(), target_dir.resolve())).as_posix()
    return None, base


def cmd_new(args) -> int:
    from .report import EXIT_OK, EXIT_RULES, EXIT_TOOL, err, print_diagnostic

    target = Path(args.file)
    if target.suffix != ".rules":
        err.print("the file name must end in .rules", style="bold red")
        return EXIT_TOOL
    if target.exists() and not args.force:
        err.print(f"{target} exists already; choose another name or add --force",
                  style="bold red", markup=False)
        return EXIT_TOOL
    target.parent.mkdir(parents=True, exist_ok=True)
    base = args.base or _ask("Base game (a variant's name, such as gin or basic)", "basic")
    base_path, extends = _base_file(base, target.parent)
    if base_path is None:
        err.print(f"there is no variant `{base}` to start from; give a name in variants/ or a path",
                  style="bold red", markup=False)
        return EXIT_TOOL
    compiler = Compiler()
    try:
        parent = compiler.compile_file(base_path)
    except SpecError as e:
        for d in e.diagnostics:
            print_diagnostic(d)
        return EXIT_RULES
    default_name = target.stem.replace("-", " ").replace("_", " ").capitalize()
    name = args.name or _ask("Name of the new variant", default_name)
    restate = _restated(args.players, args.deck)
    base_text = base_path.read_text(encoding="utf-8")
    if args.standalone:
        if parent.ir["origin"]["parent"]:
            err.print(f"{display_name(base_path)} extends another variant; "
                      "start a standalone copy from that one, or write house rules",
                      style="bold red", markup=False)
            return EXIT_TOOL
        text = standalone_text(base_text, parent.name, display_name(base_path), name, restate)
    else:
        text = house_text(base_text, parent.name, display_name(base_path), extends, name, restate)
    try:
        variant = compiler.compile_text(text, display_name(target), target.parent)
    except SpecError as e:  # a choice the base cannot play: say so, write nothing
        for d in e.diagnostics:
            print_diagnostic(d)
        err.print(f"{target} not written: the rules above would not compile",
                  style="bold red", markup=False)
        return EXIT_RULES
    for d in variant.warnings:
        print_diagnostic(d)
    target.write_text(text, encoding="utf-8")
    err.print(f"wrote {target}: {name}, from {parent.name}", style="bold green", markup=False)
    return EXIT_OK
