"""Can a file or folder be written there? Asked before any work is done, so a command
refuses a bad destination at once (exit 2, in words) instead of failing at the end with
the work lost."""

from __future__ import annotations

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
