"""The paths a command is given: is a file there, can a file or folder be written there,
which ``.rules`` files a folder holds. Asked before any work is done, so a command refuses
a bad name or destination at once (exit 2, in words) instead of failing at the end with
the work lost."""

from __future__ import annotations

import argparse
import os
from pathlib import Path


def cannot_write(path: str | Path, folder: bool = False) -> str | None:
    """Why ``path`` cannot be written (as a file, or as a folder that may still have to be
    made when ``folder``), in words; None when it can."""
    path = Path(path)
    if folder:
        if path.exists() and not path.is_dir():
            return "it is a file, not a folder"
        if path.is_dir():
            return None if os.access(path, os.W_OK | os.X_OK) else "that folder is not writable"
    else:
        if path.is_dir():
            return "it is a folder; name a file"
        if path.exists():
            return None if os.access(path, os.W_OK) else "that file is not writable"
    parent = path.parent
    if not folder:
        if not parent.is_dir():
            return f"the folder {parent.as_posix()} does not exist" if not parent.exists() \
                else f"{parent.as_posix()} is not a folder"
    else:  # the folder is made with its missing parents: the nearest one that exists decides
        while not parent.exists() and parent != parent.parent:
            parent = parent.parent
        if not parent.is_dir():
            return f"{parent.as_posix()} is not a folder"
    if not os.access(parent, os.W_OK | os.X_OK):
        return f"the folder {parent.as_posix()} is not writable"
    return None


def existing(kind: str = "file"):
    """An argparse ``type``: a path that must be there (``kind`` "file", or "path" for a
    file or folder). A name that is not there is a usage error (exit 2), not a rules error."""

    def check(text: str) -> str:
        p = Path(text)
        if not p.exists():
            raise argparse.ArgumentTypeError(f"no such {kind}: {text}")
        if kind == "file" and p.is_dir():
            raise argparse.ArgumentTypeError(f"{text} is a folder; name a .rules file")
        return text

    return check


def writable(folder: bool = False):
    """An argparse ``type``: a destination that can be written (a file, or a folder made
    if need be), checked before the command does any work."""

    def check(text: str) -> str:
        why = cannot_write(text, folder=folder)
        if why:
            raise argparse.ArgumentTypeError(f"cannot write {text}: {why}")
        return text

    return check


def rule_files(paths: list[str]) -> list[Path]:
    """The ``.rules`` files named, or found below the folders named, in a stable order."""
    found: list[Path] = []
    for p in map(Path, paths):
        found.extend(sorted(p.rglob("*.rules")) if p.is_dir() else [p])
    return list(dict.fromkeys(found))
