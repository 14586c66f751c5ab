"""Game records: a record replays to the same scores; under changed rules the replay stops
at the first step that no longer plays and says what is allowed there; a malformed record
gets a diagnostic, never a traceback."""

from __future__ import annotations

import json

import pytest

import rulespec
from rulespec.agents import make_agent
from rulespec.cli import main
from rulespec.sim.record import RecordError, parse_record, read_record, record_of, replay

from conftest import VARIANTS

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
    """Dealing 11 cards instead of 10: the 21st card dealt (step 20) is where the record,
    which turns the upcard there, parts from the new rules."""
    path, _ = gin_record
    changed = tmp_path / "gin.rules"
    changed.write_text(GIN.read_text().replace("deal:    10 cards each", "deal:    11 cards each"))
    report = replay(read_record(path), rulespec.load(changed))
    d = report.divergence
    assert not report.ok and d.index == 20
    assert d.action.startswith("upcard ") and d.legal and all(a.startswith("deal ") for a in d.legal)
    assert d.player == rulespec.CHANCE
    assert main(["replay", str(path), "--variant", str(changed)]) == 1
    err = capsys.readouterr().err
    assert "first divergence at step 20" in err and "allowed (32)" in err and "deal " in err


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
