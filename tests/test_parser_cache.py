"""The parser cache never loads a pickle someone else could have written (issue 13 item 3)."""

from __future__ import annotations

import getpass
import hashlib
import os
import pickle
import stat
import subprocess
import sys
from pathlib import Path

import lark
import pytest

from rulespec.language import parser_cache
from rulespec.language.parser import grammar_path

ROOT = Path(__file__).resolve().parent.parent


class _Plant:
    """Unpickling this creates the file ``marker``: proof that the pickle was loaded."""

    def __init__(self, marker: str):
        self.marker = marker

    def __reduce__(self):
        return (open, (self.marker, "w"))


def _old_cache_name(tmp: Path) -> Path:
    """Where Lark's ``cache=True`` (what rulespec used) looks: a predictable shared name."""
    options = dict(parser="lalr", cache=True, lexer="contextual", propagate_positions=True,
                   maybe_placeholders=False)
    s = grammar_path().read_text(encoding="utf-8") + "".join(k + str(v) for k, v in options.items()) \
        + lark.__version__ + str(sys.version_info[:2])
    digest = hashlib.sha256(s.encode("utf8")).hexdigest()
    return tmp / (".lark_cache_%s_%s_%s_%s.tmp" % (getpass.getuser(), digest, *sys.version_info[:2]))


def _parse_in_fresh_process(env: dict) -> subprocess.CompletedProcess:
    code = "from rulespec.language.parser import parser; parser().parse('variant \"x\"\\n')"
    return subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
def test_a_pickle_planted_where_the_old_cache_lived_is_never_loaded(tmp_path):
    shared, home = tmp_path / "shared-tmp", tmp_path / "cache"
    shared.mkdir()
    marker = tmp_path / "pwned"
    planted = _old_cache_name(shared)
    planted.write_bytes(b"whatever\n" + pickle.dumps(_Plant(str(marker))))
    env = dict(os.environ, TMPDIR=str(shared), XDG_CACHE_HOME=str(home), PYTHONPATH=str(ROOT))
    done = _parse_in_fresh_process(env)
    assert done.returncode == 0, done.stderr
    assert not marker.exists(), "the planted pickle was loaded"


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_the_cache_lives_in_a_private_folder_of_the_user_and_is_reused(tmp_path, monkeypatch, umask):
    """Under umask 002 Lark writes the file rw-rw-r--; it was then refused on every later run
    (review item 2). The folder is 0700 and the user's, so the file need only be theirs."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path), PYTHONPATH=str(ROOT))
    old = os.umask(umask)
    try:
        assert _parse_in_fresh_process(env).returncode == 0
        folder = tmp_path / parser_cache.CACHE_DIR_NAME
        assert stat.S_IMODE(folder.stat().st_mode) == 0o700
        cache = folder / "lark-parser-py{}.{}.cache".format(*sys.version_info[:2])
        assert list(folder.iterdir()) == [cache]
        assert parser_cache.cache_file() == str(cache)  # it will be used
        before = cache.stat().st_mtime_ns
        os.utime(cache, ns=(before - 10**9, before - 10**9))  # any rewrite would move it
        before = cache.stat().st_mtime_ns
        assert _parse_in_fresh_process(env).returncode == 0  # a second run uses it, still parses
        assert cache.stat().st_mtime_ns == before, "the cache was built again, not reused"
    finally:
        os.umask(old)


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="owners and modes are POSIX")
def test_a_cache_folder_others_can_write_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    folder = tmp_path / parser_cache.CACHE_DIR_NAME
    folder.mkdir()
    folder.chmod(0o777)
    assert parser_cache.cache_file() is False
    folder.chmod(0o700)
    (folder / "lark-parser-py{}.{}.cache".format(*sys.version_info[:2])).symlink_to(tmp_path / "elsewhere")
    assert parser_cache.cache_file() is False
