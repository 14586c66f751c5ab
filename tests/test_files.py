"""What a rule file can make rulespec read: only regular files, never more than the cap,
and through `extends` only .rules files inside the variant search path (SECURITY.md).
Each test here tries the attack."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

import rulespec
from rulespec.language import compiler as compiler_module
from rulespec.language.compiler import MAX_FILE_BYTES, Compiler

from conftest import ROOT, VARIANTS, run_capped

SECRET = "SECRET-LINE-never-shown"
HOUSE = 'variant "Mine"\nextends "{}"\ngame:    to 300 points\n'


def cli(*args, cwd=None, env=None, timeout=60) -> subprocess.CompletedProcess:
    return run_capped(*args, cwd=cwd, env=env, timeout=timeout)


def errors_of(path) -> list:
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.load(path)
    return e.value.errors


def house(folder: Path, parent: str, name: str = "mine.rules") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_text(HOUSE.format(parent), encoding="utf-8")
    return folder / name


# ------------------------------------------------------------------ devices, pipes, size


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_checking_dev_zero_is_refused_at_once():
    """It once read /dev/zero until the machine ran out of memory (the size cap trusted
    the size the device reports, 0)."""
    done = cli("check", "/dev/zero", timeout=30)
    assert done.returncode == 1
    assert "error[E405]" in done.stderr and "a device" in done.stderr


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path):
    fifo = tmp_path / "pipe.rules"
    os.mkfifo(fifo)
    (code,) = {d.code for d in errors_of(fifo)}
    assert code == "E405"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_symlink_to_dev_zero_is_refused(tmp_path):
    (tmp_path / "zero.rules").symlink_to("/dev/zero")
    assert [d.code for d in errors_of(tmp_path / "zero.rules")] == ["E405"]


def test_no_more_than_the_cap_plus_one_byte_is_read(tmp_path, monkeypatch):
    """A file that grows while it is read (or a device that reports size 0) is cut at the cap."""
    big = tmp_path / "big.rules"
    with open(big, "wb") as f:
        f.truncate(64 * MAX_FILE_BYTES)  # sparse: costs no disk
    asked = []
    real_fdopen = os.fdopen

    class Spy:
        def __init__(self, f):
            self.f = f

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            self.f.close()

        def fileno(self):
            return self.f.fileno()

        def read(self, n=-1):
            asked.append(n)
            return self.f.read(n)

    monkeypatch.setattr(os, "fdopen", lambda fd, mode: Spy(real_fdopen(fd, mode)))
    assert [d.code for d in errors_of(big)] == ["E402"]
    assert asked == [MAX_FILE_BYTES + 1]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_extends_dev_zero_is_refused_unread(tmp_path):
    (d,) = errors_of(house(tmp_path, "/dev/zero"))
    assert (d.code, d.line, d.column) == ("E309", 2, 1)


def test_a_parent_outside_the_path_is_reported_beside_a_syntax_error(tmp_path):
    """The Mexicana trial: with a misspelt rule, `extends "../mexicana.rules"` (outside the
    search path) came out only once the spelling was fixed."""
    mine = house(tmp_path / "variants" / "house", "../../outside/secret")
    mine.write_text(mine.read_text(encoding="utf-8") + "aces: hgh\n", encoding="utf-8")
    codes = [(d.code, d.line) for d in errors_of(mine)]
    assert ("E309", 2) in codes and any(c == "E101" for c, _ in codes)
    good = house(tmp_path / "variants" / "house", "../../variants/house/x", "ok.rules")
    good.write_text('variant "Ok"\nextends "basic"\naces: hgh\n', encoding="utf-8")
    assert [d.code for d in errors_of(good)] == ["E101"]  # a parent found adds nothing


def test_a_name_with_a_nul_is_a_spec_error_not_a_value_error():
    with pytest.raises(rulespec.SpecError) as e:
        rulespec.load("gin\x00.rules")
    assert [d.code for d in e.value.errors] == ["E401"]
    assert "NUL" in e.value.errors[0].message


def test_symbolic_links_in_a_loop_are_a_diagnostic(tmp_path):
    (tmp_path / "loop.rules").symlink_to(tmp_path / "loop.rules")
    assert [d.code for d in errors_of(tmp_path / "loop.rules")] == ["E401"]
    assert [d.code for d in errors_of(house(tmp_path, "loop"))] == ["E305"]


def test_read_bounded_refuses_a_folder(tmp_path):
    """Refused as a folder by the check, not by open() failing on it (IsADirectoryError)."""
    from rulespec.language.files import NotRegularFile, read_bounded

    with pytest.raises(NotRegularFile) as e:
        read_bounded(tmp_path, 10)
    assert e.value.kind == "a folder"


# ------------------------------------------------------------------ extends reaches outside


def test_extends_etc_passwd_is_refused_and_never_shown(tmp_path):
    done = cli("check", str(house(tmp_path, "/etc/passwd")))
    assert done.returncode == 1
    assert "error[E309]" in done.stderr and "mine.rules:2:1" in done.stderr
    assert "root:" not in done.stderr and "search path" in done.stderr


@pytest.fixture
def secret(tmp_path) -> Path:
    """A rule file outside every search path, whose line would be echoed if it were read."""
    p = tmp_path / "outside" / "secret.rules"
    p.parent.mkdir()
    p.write_text(f'variant "S"\n{SECRET}\n', encoding="utf-8")
    return p


def assert_not_read(path: Path, code: str) -> None:
    done = cli("check", str(path))
    assert done.returncode == 1 and f"error[{code}]" in done.stderr, done.stderr
    assert SECRET not in done.stderr


def test_extends_by_absolute_path_outside_the_search_path_is_refused(tmp_path, secret):
    assert_not_read(house(tmp_path / "proj" / "variants", secret.as_posix()), "E309")


def test_extends_with_dot_dot_out_of_the_variants_folder_is_refused(tmp_path, secret):
    assert_not_read(house(tmp_path / "variants" / "house", "../../outside/secret"), "E309")


def test_a_bare_name_two_folders_up_is_not_found(tmp_path, secret):
    assert_not_read(house(tmp_path / "outside" / "a" / "b", "secret"), "E305")


def test_a_symlink_under_variants_that_points_outside_is_refused(tmp_path, secret):
    variants = tmp_path / "proj" / "variants"
    variants.mkdir(parents=True)
    (variants / "evil.rules").symlink_to(secret)
    assert_not_read(house(variants / "house", "evil"), "E309")


def test_a_parent_that_is_not_a_rules_file_is_refused(tmp_path):
    (tmp_path / "variants").mkdir()
    (tmp_path / "variants" / "notes.txt").write_text(f"{SECRET}\n")
    assert_not_read(house(tmp_path / "variants", "notes.txt"), "E309")


def test_the_refusal_points_at_the_extends_line_and_names_the_search_path(tmp_path, secret):
    (d,) = errors_of(house(tmp_path / "variants", secret.as_posix()))
    assert (d.code, d.file.endswith("mine.rules"), d.line, d.column) == ("E309", True, 2, 1)
    assert "search path" in d.hint and (tmp_path / "variants").resolve().as_posix() in d.hint
    assert "RULESPEC_PATH" in d.hint


def test_an_unknown_parent_hint_names_the_search_path(tmp_path):
    (d,) = errors_of(house(tmp_path, "zzqqxx"))
    assert d.code == "E305" and "search path" in d.hint and tmp_path.resolve().as_posix() in d.hint


# ------------------------------------------------------------------ what may be extended


def test_a_shipped_variant_is_found_by_name_from_any_folder(tmp_path):
    """Issue 12, item 15: house rules kept outside variants/ extend the shipped variants."""
    v = rulespec.load(house(tmp_path / "my rules", "basic"))
    assert v.ruleset.origin.parent == "variants/basic.rules"
    done = cli("check", "mine.rules", cwd=tmp_path / "my rules")
    assert done.returncode == 0, done.stderr


def test_rulespec_path_adds_the_users_own_folders(tmp_path, secret, monkeypatch):
    mine = house(tmp_path / "elsewhere", "secret")
    assert [d.code for d in errors_of(mine)] == ["E305"]
    monkeypatch.setenv("RULESPEC_PATH", str(secret.parent))
    with pytest.raises(rulespec.SpecError) as e:  # found now: its own syntax error is shown
        rulespec.load(mine)
    assert "E307" in {d.code for d in e.value.errors}


def test_a_symlink_inside_the_search_path_may_be_extended(tmp_path):
    variants = tmp_path / "variants"
    (variants / "real").mkdir(parents=True)
    (variants / "real" / "base.rules").write_text((VARIANTS / "basic.rules").read_text(encoding="utf-8"))
    (variants / "base.rules").symlink_to(variants / "real" / "base.rules")
    assert rulespec.load(house(variants / "house", "base")).ruleset.game.target == 300


def test_a_house_file_in_a_subfolder_finds_a_parent_above_it_in_variants(tmp_path):
    variants = tmp_path / "variants"
    variants.mkdir()
    (variants / "base.rules").write_text((VARIANTS / "basic.rules").read_text(encoding="utf-8"))
    assert rulespec.load(house(variants / "house" / "deep", "base")).name == "Mine"


# ------------------------------------------------------------------ long chains


def test_a_chain_of_files_is_read_and_parsed_once_per_file(tmp_path, monkeypatch):
    """`check` on 100 chained files (each extends the previous and restates its rules)
    took 7.7 s: every file past the depth limit re-read and re-parsed its whole chain."""
    base = (VARIANTS / "basic.rules").read_text(encoding="utf-8")
    body = base[base.index("players:"):]
    n = 100
    (tmp_path / "f099.rules").write_text(base)
    for i in range(n - 1):
        (tmp_path / f"f{i:03}.rules").write_text(f'variant "F{i}"\nextends "f{i + 1:03}"\n{body}')
    calls = []
    real = compiler_module.parse_tree
    monkeypatch.setattr(compiler_module, "parse_tree", lambda *a: calls.append(a[1]) or real(*a))
    compiler, codes = Compiler(), []
    for f in sorted(tmp_path.glob("*.rules")):
        try:
            compiler.compile_file(f)
        except rulespec.SpecError as e:
            codes += [d.code for d in e.errors]
    assert len(calls) == n == len(set(calls))
    assert codes == ["E308"] * (n - compiler_module.MAX_EXTENDS_DEPTH)


def test_security_md_states_the_limits_the_code_has():
    from rulespec.language import diagnostics, playable_checks
    from rulespec.sim import record_schema as rs

    text = (ROOT / "SECURITY.md").read_text(encoding="utf-8")
    rows = {
        "rule file size": f"{MAX_FILE_BYTES // 1024} KiB",
        "files in a chain of `extends`": str(compiler_module.MAX_EXTENDS_DEPTH),
        "game record size": f"{rs.MAX_RECORD_BYTES // 2**20} MiB",
        "nesting in a game record": str(rs.MAX_RECORD_DEPTH),
        "steps in a game record": f"{rs.MAX_STEPS:,}",
        "meld moves of a dealt hand": f"{playable_checks.MAX_MELD_MOVES:,}",
        "diagnostics a file": str(diagnostics.MAX_PER_FILE),
    }
    for what, value in rows.items():
        assert f"| {what} | {value} |" in text, what
    import re

    named = set(re.findall(r"`(?:tests/\w+\.py::)?(test_\w+)`", text))
    defined = set()
    for f in (ROOT / "tests").glob("test_*.py"):
        defined |= set(re.findall(r"^def (test_\w+)", f.read_text(encoding="utf-8"), re.M))
    assert named and named <= defined, sorted(named - defined)


def test_check_play_shows_the_source_line_without_reading_the_file_again(tmp_path, monkeypatch):
    """`check --play` re-read the span's file by its shown name, from wherever it ran."""
    from rulespec.sim.checkplay import play_check

    gin = rulespec.load(VARIANTS / "gin.rules")
    monkeypatch.chdir(tmp_path)
    (found,) = play_check(gin, VARIANTS / "gin.rules", 1, {"max_hand_actions": 30})
    assert found.code == "W501" and found.source_line.startswith("stock:")


def test_extends_outside_the_search_path_does_not_tell_whether_the_file_exists(tmp_path):
    """A path outside gets one answer (E309, "outside the search path") whether it exists
    or not: `extends` is no probe of the machine's files."""
    folder = tmp_path / "proj" / "variants" / "house"
    seen = set()
    for name in ("/etc/passwd", "/etc/nothere-xyz", "../../x", "../../../../etc/passwd"):
        (d,) = errors_of(house(folder, name))
        assert d.code == "E309", (name, d.message)
        seen.add(d.message.replace(name, "NAME"))
    assert len(seen) == 1 and "outside the variant search path" in seen.pop()
