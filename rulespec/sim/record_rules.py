"""The rules a game record carries, so that it replays anywhere.

A record keeps the text of the variant file and of each file it extends, each with its
sha256. Texts rather than the compiled rules: the replay compiles them again through every
check a file on disk goes through, so a record edited by hand cannot hand the engine a
rule set the compiler would refuse, and a record stays readable by a later rulespec whose
compiled form has changed. The hashes say, without printing anything, whether the carried
texts were edited and whether the files on disk have changed since the game was played.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..language.compiler import Compiler, text_of
from ..language.diagnostics import Diagnostic
from ..language.files import MAX_FILE_BYTES, describe_search_path, find_parent, read_bounded
from .record_error import RecordError


def sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def rules_of(variant) -> list[dict] | None:
    """What a record carries of ``variant``: its files, the variant's own first."""
    texts = getattr(variant, "texts", None)
    if not texts:
        return None
    return [{"file": f, "sha256": sha256(t), "text": t} for f, t in texts.items()]


class CarriedCompiler(Compiler):
    """Compiles the texts a record carries; nothing is read from disk. File ``i`` of the
    list extends file ``i + 1``, whatever name its ``extends`` gives (it was resolved when
    the record was made)."""

    def __init__(self, rules: list[dict]):
        super().__init__()
        self.rules = rules

    def key_of(self, path):
        return 0

    def source(self, key):
        entry = self.rules[key]
        text, diags = text_of(entry["text"], entry["file"])  # checked and normalised as a file on disk is
        return text, entry["file"], key, diags

    def locate(self, name, base, where):
        if base + 1 < len(self.rules):
            return base + 1, None
        return None, Diagnostic("E305", f"the record carries no variant `{name}` to extend",
                                hint="a record's `rules` lists the variant file, then each file it extends", **where)


def compile_carried(rules: list[dict]):
    """The variant the record's rules make; raises SpecError with their diagnostics."""
    return CarriedCompiler(rules).compile_file(Path(rules[0]["file"]))


def changes(rules: list[dict], folder: Path, shown: str) -> list[Diagnostic]:
    """Warnings for carried texts edited since the record was made (their hash no longer
    matches) and for rule files on disk that differ from what the record carries. Each
    file is looked up as ``extends`` looks, from the record's ``folder``: only a .rules
    file in the variant search path is read, and only its hash is used."""
    out = []
    for i, entry in enumerate(rules):
        if sha256(entry["text"]) != entry["sha256"]:
            out.append(Diagnostic("W606", f"the text of {entry['file']} in the record does not match its sha256: "
                                  "it was edited after the game was played", shown,
                                  hint="the replay uses the text as it is in the record"))
        path = find_parent(entry["file"], folder).path
        if path is None:
            continue
        try:
            now, _ = text_of(read_bounded(path, MAX_FILE_BYTES), entry["file"])  # as the record took it
        except (OSError, ValueError):
            continue
        if now is not None and sha256(now) != entry["sha256"]:
            out.append(Diagnostic("W607", f"{entry['file']} has changed since this game was played; the replay "
                                  "uses the rules the record carries", shown,
                                  hint=f"to replay under the file as it is now: rulespec replay {shown} "
                                       f"--variant {path.as_posix()}" if i == 0 else None))
    return out


def old_record_variant(name: str, folder: Path, shown: str) -> Path:
    """The variant file a version 1 record (which carries no rules) names, looked up like
    ``extends`` from the record's folder; raises :class:`RecordError` (E604) if there is none."""
    found = find_parent(name, folder)
    if found.path is not None:
        return found.path
    why = found.refused or f"{name} does not exist in the variant search path"
    raise RecordError([Diagnostic("E604", f"the record's variant cannot be used: {why}", shown,
                                  hint="this record was made by an older rulespec and does not carry its rules: "
                                       "name the variant file with `--variant PATH` (it is looked for in "
                                       + describe_search_path(folder) + ")")])
