"""Where the built parser tables may be kept between runs, safely.

Lark keeps its tables as a pickle, and loading a pickle runs code: whoever can write the
file runs code as the next user of rulespec. Lark's own default (``cache=True``) is a file
with a predictable name in the shared temporary folder, which any local user can plant.
So the cache lives only in the user's own cache directory (``$XDG_CACHE_HOME/rulespec`` or
``~/.cache/rulespec``), created 0700 and checked to be theirs and closed to others before
every use; when that cannot be checked the parser is built afresh (a few hundred ms).
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

CACHE_DIR_NAME = "rulespec"


def _private(st: os.stat_result, uid: int, kind) -> bool:
    """Owned by ``uid``, of the right kind (never a symlink), writable by no one else."""
    return kind(st.st_mode) and st.st_uid == uid and not st.st_mode & 0o022


def cache_dir() -> Path | None:
    """The user's private rulespec cache folder, made if missing; None if it is not safe."""
    if not hasattr(os, "getuid"):  # no owners to check (Windows): no cache
        return None
    uid = os.getuid()
    base = os.environ.get("XDG_CACHE_HOME") or ""
    base_dir = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    folder = base_dir / CACHE_DIR_NAME
    try:
        base_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        folder.mkdir(mode=0o700, exist_ok=True)
        parent, st = base_dir.stat(), folder.lstat()
    except (OSError, RuntimeError):  # RuntimeError: no home directory
        return None
    # Others must not be able to swap the folder: its parent is theirs to write only when sticky.
    parent_ok = parent.st_uid in (uid, 0) and (not parent.st_mode & 0o022 or parent.st_mode & stat.S_ISVTX)
    if not parent_ok or not _private(st, uid, stat.S_ISDIR):
        return None
    return folder


def cache_file() -> str | bool:
    """What to pass as Lark's ``cache``: a verified private file, else False (no cache)."""
    folder = cache_dir()
    if folder is None:
        return False
    path = folder / "lark-parser-py{}.{}.cache".format(*sys.version_info[:2])
    try:
        st = path.lstat()
    except FileNotFoundError:
        return str(path)
    except OSError:
        return False
    # Lark writes the file with the umask's mode (rw-rw-r-- under 002); that is safe here,
    # as no one else can reach inside the 0700 folder: the file need only be ours and plain.
    return str(path) if stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid() else False
