"""Game records: a record replays to the same scores; under changed rules the replay stops
at the first step that no longer plays and says what is allowed there; a malformed record
gets a diagnostic, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rulespec
from rulespec.agents import make_agent
from rulespec.cli import main
from rulespec.sim.record import RecordError, parse_record, read_record, record_of, replay

from conftest import VARIANTS, run_capped

GIN = VARIANTS / "gin.rules"


def played(variant, seed=3, agents=("greedy", "random"), deck=None):
    g = rulespec.new_game(variant, seed=seed, deck=deck)
    bots = [make_agent(agents[s % len(agents)], seed=s) for s in range(g.n)]
    while not g.is_over():
        if g.is_chance():
            g.apply_chance()
        else:
            g.apply(bots[g.current_player()].choose(g, g.current_player()))
    return g


@pytest.fixture(scope="module")
def gin_record(tmp_path_factory):
    g = played(rulespec.load(GIN))
    path = tmp_path_factory.mktemp("records") / "gin.json"
    record_of(g, GIN, agents=["greedy", "random"]).save(path)
    return path, g


def test_a_record_replays_to_the_same_scores(gin_record):
    path, g = gin_record
    rec = read_record(path)
    assert rec.actions == g.history and rec.result["scores"] == list(g.scores().game)
    report = replay(rec, rulespec.load(GIN))
    assert report.ok and report.steps == len(g.history)
    assert report.result == rec.result and report.game.state_dict()["totals"] == g.totals


def test_the_steps_alone_replay_the_game_without_the_seed(gin_record):
    path, g = gin_record
    data = json.loads(path.read_text())
    data["seed"] = None
    report = replay(parse_record(json.dumps(data)), rulespec.load(GIN))
    assert report.ok and report.result["scores"] == list(g.scores().game)


def test_a_stacked_deck_record_replays():
    basic = rulespec.load(VARIANTS / "basic.rules")
    deck = rulespec.engine.stacked_deck(basic, 2, hands=["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S"], upcard="QC",
                                        stock=["JD"])
    deck = [rulespec.cards.card_str(c) for c in deck]
    g = played(basic, seed=None, deck=deck)
    rec = record_of(g, VARIANTS / "basic.rules", deck=deck)
    again = replay(parse_record(rec.dumps()), basic)
    assert again.ok and again.result["scores"] == list(g.scores().game)


def test_the_replay_command_confirms_a_record(gin_record, capsys):
    path, g = gin_record
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "Replayed" in out and "as recorded" in out and "the game is over" in out


def test_a_changed_variant_reports_the_first_step_that_diverges(gin_record, tmp_path, capsys):
    """Dealing 11 cards instead of 10: the 21st card dealt (step 22, after the two cuts
    for the first deal) is where the record, which turns the upcard there, parts from the
    new rules."""
    path, _ = gin_record
    changed = tmp_path / "gin.rules"
    changed.write_text(GIN.read_text().replace("deal:    10 cards each", "deal:    11 cards each"))
    report = replay(read_record(path), rulespec.load(changed))
    d = report.divergence
    assert not report.ok and d.index == 22
    assert d.action.startswith("upcard ") and d.legal and all(a.startswith("deal ") for a in d.legal)
    assert d.player == rulespec.CHANCE
    assert main(["replay", str(path), "--variant", str(changed)]) == 1
    err = capsys.readouterr().err
    assert "first divergence at step 22" in err and "allowed (32)" in err and "deal " in err


def test_a_changed_knock_limit_stops_at_the_first_knock_it_forbids(tmp_path):
    """Knocking only with deadwood under 3: the replay stops at the first knock of the
    record that had more, and lists the moves allowed there (discards, no such knock)."""
    v = rulespec.load(GIN)
    for seed in range(20):
        g = played(v, seed=seed, agents=("greedy",))
        knocks = [i for i, s in enumerate(g.history) if s.startswith("knock")]
        if knocks and any(r.details.get("knocker deadwood", 0) >= 3 for r in g.results):
            break
    changed = tmp_path / "gin.rules"
    changed.write_text(GIN.read_text().replace("knock:   with deadwood under 10", "knock:   with deadwood under 3"))
    rec = record_of(g, GIN)
    report = replay(parse_record(rec.dumps()), rulespec.load(changed))
    d = report.divergence
    assert d is not None and d.action.startswith("knock ")
    assert d.action not in d.legal and any(a.startswith("discard ") for a in d.legal)
    assert "deadwood" in d.reason
    assert d.index == next(i for i in knocks if i >= d.index)  # the first refused step is a knock


def test_a_result_that_differs_from_the_record_is_reported(gin_record, tmp_path, capsys):
    path, _ = gin_record
    data = json.loads(path.read_text())
    data["result"]["scores"] = [s + 1 for s in data["result"]["scores"]]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    report = replay(read_record(bad), rulespec.load(GIN))
    assert report.divergence is None and report.mismatch and report.mismatch[0].startswith("scores:")
    assert main(["replay", str(bad)]) == 1
    assert "the result differs" in capsys.readouterr().err


MALFORMED = [
    ("not json", "{\"variant\": ", "E602", "not valid JSON"),
    ("a list", "[1, 2]", "E603", "JSON object"),
    ("no actions", {"variant": "variants/gin.rules", "players": 2}, "E603", "`actions`"),
    ("players in words", {"variant": "variants/gin.rules", "players": "two", "actions": []}, "E603", "`players`"),
    ("a step that is not a string", {"variant": "variants/gin.rules", "players": 2, "actions": ["deal 7S", 7]},
     "E603", "step 1"),
    ("another format", {"format": "chess", "variant": "x", "players": 2, "actions": []}, "E603", "not a rulespec"),
    ("no such variant", {"variant": "variants/nothere.rules", "players": 2, "actions": []}, "E604", "does not exist"),
    ("players the variant refuses", {"variant": str(GIN), "players": 3, "actions": []}, "E605", "for 2 players"),
    ("an option nobody knows", {"variant": str(GIN), "players": 2, "options": {"speed": 2}, "actions": []},
     "E605", "speed"),
    ("a deck that is not the variant's", {"variant": str(GIN), "players": 2, "deck": ["AS", "AS"], "actions": []},
     "E605", "stacked deck"),
]


@pytest.mark.parametrize("text, code, words", [m[1:] for m in MALFORMED], ids=[m[0] for m in MALFORMED])
def test_a_malformed_record_gets_a_diagnostic_not_a_traceback(tmp_path, capsys, text, code, words):
    path = tmp_path / "record.json"
    path.write_text(text if isinstance(text, str) else json.dumps(text, indent=1))
    result = main(["replay", str(path)])
    err = capsys.readouterr().err
    assert result == 2
    assert f"error[{code}]" in err and words in err and "Traceback" not in err


def test_a_missing_record_file_is_a_diagnostic(capsys):
    assert main(["replay", "no/such/record.json"]) == 2
    assert "error[E601]: no such record file" in capsys.readouterr().err


def test_record_diagnostics_point_at_the_bad_field():
    with pytest.raises(RecordError) as e:
        parse_record('{\n "variant": "variants/gin.rules",\n "players": 0,\n "actions": []\n}', "r.json")
    d = e.value.diagnostics[0]
    assert (d.file, d.line, d.code) == ("r.json", 3, "E603") and d.source_line.strip().startswith('"players"')


def test_a_record_whose_variant_has_errors_shows_the_variants_diagnostics(tmp_path, capsys):
    broken = tmp_path / "broken.rules"
    broken.write_text('variant "Broken"\nplayers: lots\n')
    path = tmp_path / "record.json"
    path.write_text(json.dumps({"variant": str(broken), "players": 2, "actions": []}))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "broken.rules:2:" in err and "error[E" in err and "Traceback" not in err


# ------------------------------------------------------------------ records replay anywhere (issue 12, item 6)


HOUSE = 'variant "Mine"\nextends "basic"\ngame:    to 300 points\n'


def _cli(*args, cwd, timeout=60):
    return run_capped(*args, cwd=cwd, timeout=timeout)


@pytest.fixture
def house_record(tmp_path, monkeypatch):
    """A game of house rules kept outside variants/, saved as `play --save` saves it (the
    variant named as given on the command line, relative to where it ran)."""
    proj = tmp_path / "proj"
    proj.mkdir()
    (proj / "mine.rules").write_text(HOUSE, encoding="utf-8")
    monkeypatch.chdir(proj)
    g = played(rulespec.load("mine.rules"), seed=5)
    path = proj / "game.json"
    record_of(g, "mine.rules", agents=["greedy", "random"]).save(path)
    monkeypatch.chdir(tmp_path)
    return path, g


def test_a_record_carries_its_rules_and_their_hashes(house_record):
    import hashlib

    rec = read_record(house_record[0])
    assert [r["file"] for r in rec.rules] == ["mine.rules", "variants/basic.rules"] == [rec.variant, rec.rules[1]["file"]]
    assert rec.rules[0]["text"] == HOUSE
    for r in rec.rules:
        assert r["sha256"] == hashlib.sha256(r["text"].encode()).hexdigest()


def test_a_record_replays_from_another_folder(house_record, tmp_path):
    """It used to fail with E604: the variant's path was relative to where it was saved."""
    path, g = house_record
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    moved = elsewhere / "game.json"
    moved.write_text(path.read_text(encoding="utf-8"))
    done = _cli("replay", str(moved), cwd=elsewhere)
    assert done.returncode == 0, done.stderr
    assert "as recorded" in done.stdout and "warning" not in done.stderr


def test_a_changed_variant_file_is_said_and_the_record_plays_its_own_rules(house_record, capsys):
    path, g = house_record
    (path.parent / "mine.rules").write_text(HOUSE.replace("300", "200"), encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    err = capsys.readouterr().err
    assert "warning[W607]" in err and "mine.rules has changed since this game was played" in err
    assert "--variant" in err


def test_rules_edited_inside_the_record_are_said(house_record, tmp_path, capsys):
    path, _ = house_record
    data = json.loads(path.read_text())
    data["rules"][0]["text"] += "# edited\n"
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(data))
    main(["replay", str(bad)])
    assert "warning[W606]" in capsys.readouterr().err


def test_an_old_record_still_replays_where_its_file_is_found(gin_record, tmp_path, capsys):
    path, _ = gin_record
    data = json.loads(path.read_text())
    data.pop("rules")
    data.update(version=1, variant="variants/gin.rules")
    old = tmp_path / "old.json"
    old.write_text(json.dumps(data))
    assert main(["replay", str(old)]) == 0
    data["variant"] = "mine.rules"
    old.write_text(json.dumps(data))
    assert main(["replay", str(old)]) == 2
    err = capsys.readouterr().err
    assert "error[E604]" in err and "--variant" in err and "older rulespec" in err


# ------------------------------------------------------------------ hostile records (issue 13, items 1, 2, 11)


SECRET = "SECRET-LINE-never-shown"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
@pytest.mark.parametrize("variant", ["/dev/zero", "/etc/passwd", "../outside/secret.rules"])
def test_a_record_naming_a_file_outside_the_search_path_is_refused_unread(tmp_path, variant):
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "secret.rules").write_text(f'variant "S"\n{SECRET}\n')
    (tmp_path / "records").mkdir()
    rec = tmp_path / "records" / "r.json"
    rec.write_text(json.dumps({"variant": variant, "players": 2, "actions": []}))
    done = _cli("replay", str(rec), cwd=tmp_path / "records", timeout=30)
    assert done.returncode == 2 and "error[E604]" in done.stderr, done.stderr
    assert SECRET not in done.stderr and "root:" not in done.stderr


def test_carried_rules_are_never_looked_up_on_disk(tmp_path, capsys):
    """A carried text that extends a file it does not carry finds only what the record
    carries, though a good variant of that name sits next to the record (reading it would
    make the replay succeed)."""
    (tmp_path / "base.rules").write_text(GIN.read_text(encoding="utf-8"), encoding="utf-8")
    for parent in ("base.rules", "/etc/passwd"):
        for name in ("/etc/passwd", "../../etc/passwd.rules", "x.rules", "base.rules"):
            rec = _carried(tmp_path, f'variant "X"\nextends "{parent}"\n', name)
            assert main(["replay", str(rec)]) == 1
            err = capsys.readouterr().err
            assert "error[E305]" in err and "record carries no variant" in err


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_record_that_is_a_device_is_refused(tmp_path):
    done = _cli("replay", "/dev/zero", cwd=tmp_path, timeout=30)
    assert done.returncode == 2 and "error[E601]" in done.stderr and "a device" in done.stderr


def test_a_record_larger_than_the_cap_is_refused(tmp_path, monkeypatch, capsys):
    from rulespec.sim import record

    monkeypatch.setattr(record, "MAX_RECORD_BYTES", 1000)
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"variant": "variants/gin.rules", "players": 2, "actions": ["draw stock"] * 200}))
    assert main(["replay", str(big)]) == 2
    assert "error[E601]" in capsys.readouterr().err


HOSTILE = [
    ("deeply nested JSON", "[" * 100_000 + "]" * 100_000, "E602", "nest more than"),
    ("deeply nested field", {"variant": "x.rules", "players": 2, "actions": [], "result": {"a": [[[[[[[[[[1]]]]]]]]]]}},
     "E602", "nest more than"),
    ("a card code out of range", {"variant": str(GIN), "players": 2, "deck": [999], "actions": []}, "E603",
     "`deck` is [999]"),
    ("a card name that is no card", {"variant": str(GIN), "players": 2, "deck": ["AS", "ZZ"], "actions": []},
     "E603", "`deck[1]` is not a card"),
    ("a seed of 5,000 digits", '{"variant": "x.rules", "players": 2, "actions": [], "seed": ' + "9" * 5000 + "}",
     "E602", "not valid JSON"),
    ("a step far too long", {"variant": str(GIN), "players": 2, "actions": ["x" * 10_000]}, "E603", "step 0"),
    ("a rules entry without text", {"variant": "x.rules", "players": 2, "actions": [],
                                    "rules": [{"file": "x.rules", "sha256": "0" * 64}]}, "E603", "`rules[0]`"),
    ("a file name with an escape", {"variant": "x\u001b[2J.rules", "players": 2, "actions": []}, "E603",
     "`variant`"),
]


@pytest.mark.parametrize("text, code, words", [h[1:] for h in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_a_hostile_record_gets_a_diagnostic_naming_the_field(tmp_path, capsys, text, code, words):
    path = tmp_path / "record.json"
    path.write_text(text if isinstance(text, str) else json.dumps(text))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"error[{code}]" in err and words in err and "Traceback" not in err and "bug" not in err


def test_a_bad_stacked_deck_for_a_later_hand_is_a_diagnostic(tmp_path, capsys):
    """Once a CardError half-way through the replay."""
    basic = rulespec.load(VARIANTS / "basic.rules")
    import random

    from rulespec.engine.deal import deck_cards

    first = [rulespec.cards.card_str(c) for c in deck_cards(basic.ruleset, 2)]
    random.Random(1).shuffle(first)
    g = played(basic, seed=4, deck=[first])
    assert len(g.results) > 1
    data = json.loads(record_of(g, VARIANTS / "basic.rules").dumps())
    data["deck"] = [first, ["AS", "2S"]]
    path = tmp_path / "r.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "error[E605]" in err and "`deck` does not fit hand 2" in err and "Traceback" not in err


def test_the_documented_record_limits_are_the_codes():
    from conftest import ROOT
    from rulespec.sim.record_schema import MAX_RECORD_BYTES, MAX_RECORD_DEPTH

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    assert f"larger than {MAX_RECORD_BYTES // 2**20} MiB" in text
    assert f"more than {MAX_RECORD_DEPTH} deep" in text


# ------------------------------------------------------------------ review of records (issue 13 follow-up)


CONTROLS = ("\x1b", "\x9b", "\x07")


def _gin_data(gin_record) -> dict:
    return json.loads(gin_record[0].read_text(encoding="utf-8"))


def test_replay_never_prints_a_records_control_characters(gin_record, tmp_path):
    """A step, a carried variant name and a carried file name holding ESC, BEL and C1 CSI:
    the step and the file name are refused by the record's shape, the name shown escaped."""
    hostile = "\x1b]0;X\x07\x9b"
    data = _gin_data(gin_record)
    data["rules"][0]["text"] = data["rules"][0]["text"].replace('variant "Gin Rummy"', f'variant "Gin{hostile}"')
    data["actions"][3] = "draw stock"  # a step the rules refuse there: the divergence is printed
    named = tmp_path / "named.json"
    named.write_text(json.dumps(data))
    data["actions"][3] = f"draw {hostile}"
    data["rules"][0]["file"] = f"gin{hostile[1:]}.rules"
    stepped = tmp_path / "stepped.json"
    stepped.write_text(json.dumps(data))
    for rec, code in ((named, 1), (stepped, 2)):
        done = _cli("replay", str(rec), cwd=tmp_path)
        assert done.returncode == code, done.stderr
        for c in CONTROLS:
            assert c not in done.stdout and c not in done.stderr, (rec.name, done.stderr)
    assert "Gin\\x1b]0;X\\x07\\x9b" in _cli("replay", str(named), cwd=tmp_path).stderr


def test_a_record_with_many_bad_steps_is_refused_quickly_with_few_diagnostics(tmp_path, capsys):
    import time

    from rulespec.language.diagnostics import MAX_PER_FILE

    rec = tmp_path / "bad.json"
    rec.write_text(json.dumps({"variant": "variants/gin.rules", "players": 2, "actions": [1] * 200_000}))
    start = time.perf_counter()
    with pytest.raises(RecordError) as e:
        read_record(rec)
    assert time.perf_counter() - start < 3
    assert len(e.value.diagnostics) == MAX_PER_FILE + 1
    assert e.value.diagnostics[-1].message.startswith(f"checking stopped after {MAX_PER_FILE} problems")


@pytest.mark.slow
def test_a_record_with_the_most_steps_is_read_in_a_few_seconds():
    """Two million well-formed steps: jsonschema alone took 17 s to check them one by one."""
    import time

    from rulespec.sim.record_schema import MAX_STEPS

    text = json.dumps({"variant": "variants/gin.rules", "players": 2, "actions": ["draw stock"] * MAX_STEPS})
    start = time.perf_counter()
    assert len(parse_record(text).actions) == MAX_STEPS
    assert time.perf_counter() - start < 8
    with pytest.raises(RecordError, match="step 7 of `actions`"):
        parse_record(text.replace('"draw stock"', '"draw \\u001b"', 8))


def _carried(tmp_path, text: str, name: str = "c.rules") -> Path:
    import hashlib

    rec = tmp_path / "carried.json"
    rec.write_text(json.dumps({"variant": name, "players": 2, "actions": [], "rules": [
        {"file": name, "sha256": hashlib.sha256(text.encode()).hexdigest(), "text": text}]}))
    return rec


def test_carried_rules_are_read_like_a_file_on_disk(tmp_path, capsys):
    """Lone CRs and a byte-order mark are read as a file's are; a NUL is refused (E403)."""
    gin = GIN.read_text(encoding="utf-8")
    for text in (gin.replace("\n", "\r"), gin.replace("\n", "\r\n"), "\ufeff" + gin):
        assert main(["replay", str(_carried(tmp_path, text))]) == 0, capsys.readouterr().err
    capsys.readouterr()
    assert main(["replay", str(_carried(tmp_path, gin + "\x00"))]) == 1
    assert "error[E403]" in capsys.readouterr().err


def test_an_unchanged_file_with_crlf_line_ends_is_not_said_to_have_changed(tmp_path, monkeypatch, capsys):
    """The record carries the text as compiled (\\n newlines): the file on disk is hashed the same way."""
    monkeypatch.chdir(tmp_path)
    Path("mine.rules").write_bytes(HOUSE.replace("\n", "\r\n").encode())
    record_of(rulespec.new_game(rulespec.load("mine.rules"), seed=1), "mine.rules").save("g.json")
    assert main(["replay", "g.json"]) == 0
    assert "W607" not in capsys.readouterr().err


def test_replay_of_a_missing_variant_file_is_a_usage_error(gin_record, capsys):
    assert main(["replay", str(gin_record[0]), "--variant", "nothere.rules"]) == 2
    assert "no such file: nothere.rules" in capsys.readouterr().err


def test_saved_failures_name_their_variant_as_play_save_does(tmp_path, monkeypatch):
    from rulespec.sim import commands
    from rulespec.sim.runner import GameOutcome

    monkeypatch.chdir(VARIANTS.parent)
    variant = rulespec.load(GIN.resolve())  # named by its full path, shown relative to here
    g = played(variant)
    outcome = GameOutcome(index=4, seed=g.seed, agents=("greedy", "random"), players=g.n, failure="error",
                          history=list(g.history))
    commands._save_failures(tmp_path, str(GIN.resolve()), variant, [outcome], g.n)
    saved = read_record(tmp_path / "game-4.json").to_json()
    made = record_of(g, GIN.resolve(), agents=["greedy", "random"]).to_json()
    assert saved["variant"] == made["variant"] == saved["rules"][0]["file"]
    assert {k: v for k, v in saved.items() if k != "result"} == {k: v for k, v in made.items() if k != "result"}
