"""``rulespec lsp`` (issue 17, item 1), driven by pygls's language client over standard
input/output as an editor drives it: diagnostics as ``rulespec check`` gives them,
completion, hover, quick fixes, go to the parent, and the outline, on real variant files."""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("pygls")
from lsprotocol import types as lsp  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path, to_fs_path  # noqa: E402

from conftest import ROOT, VARIANTS  # noqa: E402
from rulespec.cli import main  # noqa: E402

GIN = VARIANTS / "gin.rules"
BAD_GIN = GIN.read_text(encoding="utf-8").replace("ties go to the defender", "ties go to the defnder")


class Editor:
    """One language server process and the client that talks to it."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.client = LanguageClient("rulespec-tests", "1")
        self.published: dict[str, lsp.PublishDiagnosticsParams] = {}
        self.versions: dict[str, int] = {}

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def _published(params):
            self.published[params.uri] = params

        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
        self.run(self.client.start_io(sys.executable, "-m", "rulespec", "lsp", env=env))
        self.run(self.client.initialize_async(lsp.InitializeParams(capabilities=lsp.ClientCapabilities())))
        self.client.initialized(lsp.InitializedParams())

    def run(self, coro):
        return self.loop.run_until_complete(asyncio.wait_for(coro, 30))

    def wait_for(self, uri: str) -> list[lsp.Diagnostic]:
        deadline = time.monotonic() + 30
        while not (uri in self.published and self.published[uri].version == self.versions[uri]):
            assert time.monotonic() < deadline, "no diagnostics from the server"
            self.run(asyncio.sleep(0.01))
        return list(self.published[uri].diagnostics)

    def open(self, path: Path, text: str | None = None) -> tuple[str, list[lsp.Diagnostic]]:
        uri = from_fs_path(str(path))
        if uri in self.versions:  # open before (an earlier test): close it, forget its diagnostics
            self.client.text_document_did_close(lsp.DidCloseTextDocumentParams(lsp.TextDocumentIdentifier(uri=uri)))
            self.published.pop(uri, None)
        # versions keep counting up, so diagnostics from an earlier opening never pass for these
        self.versions[uri] = self.versions.get(uri, 0) + 1
        text = path.read_text(encoding="utf-8") if text is None else text
        self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri, language_id="rules", version=self.versions[uri], text=text)))
        return uri, self.wait_for(uri)

    def change(self, uri: str, text: str) -> list[lsp.Diagnostic]:
        self.versions[uri] += 1
        self.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            lsp.VersionedTextDocumentIdentifier(uri=uri, version=self.versions[uri]),
            [lsp.TextDocumentContentChangeWholeDocument(text=text)]))
        return self.wait_for(uri)

    def close(self):
        self.run(self.client.shutdown_async(None))
        self.client.exit(None)
        self.run(self.client.stop())
        self.loop.close()


@pytest.fixture(scope="module")
def editor():
    e = Editor()
    yield e
    e.close()


def test_a_real_variant_file_has_no_diagnostics(editor):
    _, diags = editor.open(VARIANTS / "indian-points.rules")
    assert diags == []


def test_opening_a_file_again_waits_for_its_new_diagnostics(editor, tmp_path):
    """A file an earlier test opened and changed: its old diagnostics must not pass for new ones."""
    path = tmp_path / "again.rules"
    uri, diags = editor.open(path, 'variant "X"\nplayers: 2\nscoring: going rumy doubles\n')
    assert [d.code for d in diags] == ["E101"]
    _, diags = editor.open(path, (VARIANTS / "indian-points.rules").read_text(encoding="utf-8"))
    assert diags == []


@pytest.mark.parametrize("edit", ["ties go to the defender", "players: 2"])
def test_a_bad_edit_gives_the_diagnostics_of_rulespec_check(editor, tmp_path, capsys, edit):
    """A misspelt word (a syntax error, E101), then a player count with no deal size (a
    semantic error, E331): what the editor shows is what `rulespec check` prints."""
    bad = GIN.read_text(encoding="utf-8").replace(edit, {"players: 2": "players: 2-5"}.get(edit, "ties go to the defnder"))
    uri, diags = editor.open(GIN)
    assert diags == []
    diags = editor.change(uri, bad)
    saved = tmp_path / "variants" / "gin.rules"  # the same text, checked from a file
    saved.parent.mkdir()
    saved.write_text(bad, encoding="utf-8")
    assert main(["check", str(saved), "--format", "json"]) == 1
    expected = json.loads(capsys.readouterr().out)["diagnostics"]
    assert expected
    assert sorted((d.code, d.range.start.line + 1, d.range.start.character + 1, d.message) for d in diags) == \
        sorted((d["code"], d["line"], d["column"], d["message"] + (f"\nhint: {d['hint']}" if d["hint"] else ""))
               for d in expected)
    first = diags[0]
    assert first.severity == lsp.DiagnosticSeverity.Error and first.source == "rulespec"
    if first.code == "E101":
        line = bad.split("\n")[first.range.start.line]
        assert line[first.range.start.character:first.range.end.character] == "defnder"
        assert "did you mean `defender`?" in first.message
    else:
        assert first.code == "E331"
    assert editor.change(uri, GIN.read_text(encoding="utf-8")) == []


def test_a_quick_fix_applies_the_hint(editor):
    uri, diags = editor.open(GIN, BAD_GIN)
    (rumy,) = diags
    actions = editor.run(editor.client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(uri), rumy.range, lsp.CodeActionContext(diagnostics=[rumy]))))
    (action,) = actions
    assert action.kind == lsp.CodeActionKind.QuickFix and action.title == "Change to `defender`"
    (edit,) = action.edit.changes[uri]
    lines = BAD_GIN.split("\n")
    row = edit.range.start.line
    lines[row] = lines[row][:edit.range.start.character] + edit.new_text + lines[row][edit.range.end.character:]
    assert editor.change(uri, "\n".join(lines)) == []


def test_a_misspelt_topic_gets_a_quick_fix_without_a_second_colon(editor, tmp_path):
    uri, diags = editor.open(tmp_path / "x.rules", 'variant "X"\nplayers: 2\nscorng: count all cards\n')
    (topic,) = [d for d in diags if d.code == "E104"]
    (action,) = editor.run(editor.client.text_document_code_action_async(lsp.CodeActionParams(
        lsp.TextDocumentIdentifier(uri), topic.range, lsp.CodeActionContext(diagnostics=[topic]))))
    (edit,) = action.edit.changes[uri]
    assert edit.new_text == "scoring" and (edit.range.start.character, edit.range.end.character) == (0, 6)


def test_errors_in_the_parent_show_at_the_extends_line(editor, tmp_path):
    project = tmp_path / "variants"  # the search path: the project's variants folder, subfolders included
    (project / "house").mkdir(parents=True)
    parent = project / "basic.rules"
    parent.write_text((VARIANTS / "basic.rules").read_text(encoding="utf-8").replace("aces:    low", "aces:    lo"),
                      encoding="utf-8")
    child = project / "house" / "mine.rules"
    uri, diags = editor.open(child, 'variant "Mine"\nextends "basic"\n\nvalues: A = 15\n')
    (e307,) = diags
    assert e307.code == "E307" and e307.range.start.line == 1
    (related,) = e307.related_information
    assert Path(to_fs_path(related.location.uri)).resolve() == parent.resolve()
    assert related.location.range.start.line == 7 and "E101" in related.message


def test_a_note_on_the_parents_rule_is_related_information(editor, tmp_path):
    """`players: 2-6` over gin breaks gin's deal: the note naming gin's line opens in the editor."""
    (tmp_path / "variants" / "house").mkdir(parents=True)
    gin = tmp_path / "variants" / "gin.rules"
    shutil.copy(GIN, gin)
    _, diags = editor.open(tmp_path / "variants" / "house" / "h.rules",
                           'variant "Gin for six"\nextends "gin"\n\nplayers: 2-6\n')
    e331 = next(d for d in diags if d.code == "E331")
    (related,) = e331.related_information
    assert Path(to_fs_path(related.location.uri)).resolve() == gin.resolve()
    assert related.message.startswith("the parent says `")
    said = related.message.removeprefix("the parent says `").rstrip("`")
    assert said in gin.read_text(encoding="utf-8").split("\n")[related.location.range.start.line]


def test_go_to_the_parent_file(editor):
    path = VARIANTS / "house" / "basic-round-the-corner.rules"
    uri, _ = editor.open(path)
    line = path.read_text(encoding="utf-8").split("\n").index('extends "basic-ace-high"')
    found = editor.run(editor.client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Position(line, 10))))
    assert Path(to_fs_path(found.uri)).resolve() == (VARIANTS / "house" / "basic-ace-high.rules").resolve()
    nothing = editor.run(editor.client.text_document_definition_async(lsp.DefinitionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Position(line + 2, 2))))
    assert nothing is None


def _complete(editor, uri, line, column) -> list[str]:
    found = editor.run(editor.client.text_document_completion_async(lsp.CompletionParams(
        lsp.TextDocumentIdentifier(uri), lsp.Position(line, column))))
    return [item.label for item in found.items]


def test_completion_offers_topics_at_the_margin_and_phrases_after_them(editor):
    text = GIN.read_text(encoding="utf-8") + "\nknock: \n"
    uri, _ = editor.open(GIN, text)
    last = text.split("\n").index("knock: ")
    topics = _complete(editor, uri, last + 1, 0)
    assert {"scoring:", "lay off:", "going out:", "extends"} <= set(topics)
    phrases = _complete(editor, uri, last, len("knock: "))
    assert "with deadwood" in phrases and "defender lays off" in phrases
    assert "scoring:" not in phrases


def test_completion_on_a_continuation_line(editor):
    uri, _ = editor.open(GIN, 'variant "G"\nstock: turn discard pile over\n       \n')
    phrases = _complete(editor, uri, 2, 7)
    assert "exhausted when" in phrases and "shuffle discard pile" in phrases


def test_hover_shows_the_language_reference(editor):
    text = GIN.read_text(encoding="utf-8")
    uri, _ = editor.open(GIN)
    lines = text.split("\n")
    knock = next(i for i, line in enumerate(lines) if line.startswith("knock:"))

    def hover(line, column):
        h = editor.run(editor.client.text_document_hover_async(lsp.HoverParams(
            lsp.TextDocumentIdentifier(uri), lsp.Position(line, column))))
        return h.contents.value if h else None

    assert hover(knock, 1).startswith("**`knock:`")
    clause = hover(knock, lines[knock].index("deadwood"))
    assert "Grammar rule `knock_" in clause and "**`" in clause
    assert hover(0, 3) is None  # a comment


def test_document_symbols_are_the_topics(editor):
    uri, _ = editor.open(GIN)
    symbols = editor.run(editor.client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
        lsp.TextDocumentIdentifier(uri))))
    names = [s.name for s in symbols]
    assert names[:3] == ["variant", "players", "deck"] and "scoring" in names and "going out" in names
    melds = next(s for s in symbols if s.name == "melds")
    assert melds.range.end.line > melds.range.start.line  # its continuation lines belong to it


def test_ranges_count_utf16_units_as_editors_do(editor, tmp_path):
    """Columns are characters in rulespec, UTF-16 units in LSP: a card outside the Basic
    Multilingual Plane (🂡, two units) moves what follows it by one."""
    uri, diags = editor.open(tmp_path / "u.rules", 'variant "🂡 Gin"\nplayers: 2\ndeck: 1 pack, no jokrs\n'
                             'scoring: count all cards # 🂡\n')
    (d,) = [d for d in diags if d.code == "E101"]
    assert (d.range.start.line, d.range.start.character, d.range.end.character) == (2, 17, 22)
    uri, diags = editor.open(tmp_path / "v.rules", 'variant "🂡" oops\n')
    (d,) = diags
    assert d.range.start.character == len('variant "🂡" '.encode("utf-16-le")) // 2 == 13
