"""Reading rule files safely, and the variant search path that `extends` looks in.

A rule file (or a game record) may come from anyone, so what it names is never trusted:

* :func:`read_bounded` reads only a regular file (never a device, pipe or folder) and
  never more than its cap plus one byte, whatever size the file claims to have;
* :func:`find_parent` turns the name in ``extends "name"`` into a ``.rules`` file whose
  real path (symbolic links followed) lies inside the **variant search path**:

  1. the project's variants folder: the nearest folder named ``variants`` that holds
     the extending file (at any depth below it), or else the extending file's own folder;
  2. the folders listed in the ``RULESPEC_PATH`` environment variable (separated like
     ``PATH``), the user's own collections of rules;
  3. the variants shipped with rulespec (inside the installed package).

  Anything else, however it is spelt (``/etc/passwd``, ``../../x``, a symbolic link that
  points out), is refused without being read. The working folder is not in the search
  path: a command run in a home folder would otherwise open all of it.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

MAX_FILE_BYTES = 256 * 1024  # a variant is a page of text; anything larger is a mistake
SEARCH_PATH_VARIABLE = "RULESPEC_PATH"
RULES_SUFFIX = ".rules"

_PACKAGE = Path(__file__).resolve().parent.parent


class NotRegularFile(OSError):
    """The path names a folder, device, pipe or socket, which is never read."""

    def __init__(self, kind: str):
        super().__init__(kind)
        self.kind = kind


class TooLarge(OSError):
    """The file holds more than the cap."""


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def read_bounded(path: str | Path, cap: int) -> bytes:
    """The bytes of the regular file ``path`` (symbolic links followed), at most ``cap``.

    Raises :class:`NotRegularFile` for anything else, :class:`TooLarge` past ``cap`` (found
    by reading ``cap + 1`` bytes, not by trusting the size a device reports), ``OSError``
    when it cannot be read and ``ValueError`` for a name holding a NUL character. The file
    is opened without blocking, so a pipe swapped in after the check cannot hang the read,
    and checked again once open."""
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise NotRegularFile(_kind(mode))
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(f.fileno()).st_mode
        if not stat.S_ISREG(mode):
            raise NotRegularFile(_kind(mode))
        data = f.read(cap + 1)
    if len(data) > cap:
        raise TooLarge(f"larger than {cap} bytes")
    return data


# ------------------------------------------------------------------ the search path


def shipped_variants() -> Path | None:
    """The variants that come with rulespec: inside an installed package, or at the top of
    a source checkout (next to ``grammars/``)."""
    inside = _PACKAGE / "variants"
    if inside.is_dir():
        return inside
    checkout = _PACKAGE.parent
    if (checkout / "variants").is_dir() and (checkout / "grammars" / "rulespec.lark").is_file():
        return checkout / "variants"
    return None


def project_folder(folder: Path) -> Path:
    """The project's variants folder for a file in ``folder``: its nearest ancestor named
    ``variants`` (itself included), else ``folder``."""
    real = folder.resolve()
    for d in (real, *real.parents):
        if d.name == "variants":
            return d
    return real


def user_folders() -> list[Path]:
    """The folders of ``RULESPEC_PATH``, real paths, in order."""
    raw = os.environ.get(SEARCH_PATH_VARIABLE, "")
    return [Path(p).expanduser().resolve() for p in raw.split(os.pathsep) if p.strip() and "\x00" not in p]


def search_path(folder: Path) -> list[Path]:
    """The folders a file in ``folder`` may extend files from, in the order looked in."""
    roots = [project_folder(folder), *user_folders()]
    shipped = shipped_variants()
    if shipped is not None:
        roots.append(shipped.resolve())
    return list(dict.fromkeys(roots))


def describe_search_path(folder: Path) -> str:
    """The search path in words, for a hint."""
    roots = search_path(folder)
    return (f"the variant search path: {', '.join(r.as_posix() for r in roots)} "
            f"(the {SEARCH_PATH_VARIABLE} environment variable adds folders)")


@dataclass
class Lookup:
    """What a name in ``extends`` came to: ``path`` (the real path of the file to read),
    or ``refused`` (why an existing file may not be used), or neither (no such file)."""

    path: Path | None = None
    refused: str | None = None


def _bare_name_dirs(folder: Path, roots: list[Path]) -> list[Path]:
    """Where a bare name is looked for: the file's folder and those above it up to the
    project's variants folder, a `variants` folder beside it, then the rest of the path."""
    real, project = folder.resolve(), roots[0]
    return list(dict.fromkeys([real, *(d for d in real.parents if d.is_relative_to(project)), real / "variants",
                               *roots[1:]]))


def _candidates(name: str, folder: Path, roots: list[Path]) -> list[Path]:
    names = [name] if name.endswith(RULES_SUFFIX) else [name + RULES_SUFFIX, name]
    if os.path.isabs(name):
        return [Path(n) for n in names]
    if "/" not in name and not name.endswith(RULES_SUFFIX):
        dirs = _bare_name_dirs(folder, roots)
    else:  # a path: from the file's folder, then from each folder of the search path
        dirs = list(dict.fromkeys([folder, *roots]))
    out = []
    for d in dirs:
        for n in names:
            out.append(d / n)
            if n.startswith(f"{d.name}/"):  # "variants/gin.rules" from the variants folder itself
                out.append(d.parent / n)
    return out


def find_parent(name: str, folder: Path) -> Lookup:
    """The rule file ``extends "name"`` means in a file in ``folder`` (see the module
    docstring); a name that reaches outside the search path is refused, unread, with the
    same words whether or not such a file exists."""
    if not name or "\x00" in name or any(ord(c) < 32 for c in name):
        return Lookup()
    roots = search_path(folder)
    refused = None
    for cand in _candidates(name, folder, roots):
        try:
            real = cand.resolve()  # links followed, ".." gone; nothing is asked of the file yet
        except (OSError, ValueError, RuntimeError):
            continue
        # Containment first, so a path outside gets one answer whether it exists or not:
        # `extends` must not tell whether /etc/passwd is there.
        if not any(real.is_relative_to(r) for r in roots):
            refused = refused or f"{name} is outside the variant search path"
            continue
        try:
            if not real.exists():
                continue
        except (OSError, ValueError):
            continue
        if real.suffix != RULES_SUFFIX:
            refused = refused or f"{name} is not a .rules file"
        elif not real.is_file():
            refused = refused or f"{name} is not a regular file"
        else:
            return Lookup(path=real)
    return Lookup(refused=refused)


def known_names(folder: Path) -> list[str]:
    """Names a bare ``extends`` could mean from ``folder``, for a did-you-mean hint."""
    dirs = _bare_name_dirs(folder, search_path(folder))
    return sorted({p.stem for d in dirs if d.is_dir() for p in d.glob("*" + RULES_SUFFIX)})
