"""The language server (pygls): :mod:`rulespec.lsp.analysis` spoken over LSP.

Diagnostics are sent on every open and change (a whole file compiles in milliseconds);
a parent file's errors come with the `extends` line's E307 as related information, so the
editor can jump to them. Positions convert between rulespec's character columns and the
editor's encoding (UTF-16 by default) through pygls's position codec.
"""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path, to_fs_path

from .. import __version__
from ..language.compiler import display_name
from ..language.diagnostics import Diagnostic
from . import analysis

server = LanguageServer("rulespec", __version__)
SOURCE = "rulespec"


def _path(uri: str) -> Path:
    """The document's file (an unsaved document counts as one in the current folder)."""
    fs = to_fs_path(uri) if uri.startswith("file:") else None
    return Path(fs) if fs else Path.cwd() / "untitled.rules"


def _range(doc, line: int, start: int, end: int) -> lsp.Range:
    """A range in characters on one line, in the editor's units."""
    rng = lsp.Range(lsp.Position(line, start), lsp.Position(line, max(end, start)))
    if line >= len(doc.lines):
        return rng
    return doc.position_codec.range_to_client_units(doc.lines, rng)


def _diagnostic_range(doc, d: Diagnostic) -> lsp.Range:
    line = d.line - 1
    text = doc.lines[line] if line < len(doc.lines) else ""
    start = d.column - 1
    end = d.end_column - 1 if d.end_column else analysis.word_end(text.rstrip("\r\n"), start)
    return _range(doc, line, start, end)


def _located(paths: dict[Path, Path], d: Diagnostic) -> lsp.DiagnosticRelatedInformation | None:
    path = paths.get(Path(d.file).resolve())  # diagnostics name files as they open from here
    if path is None:
        return None
    at = lsp.Position(d.line - 1, d.column - 1)
    where = lsp.Range(at, at)
    return lsp.DiagnosticRelatedInformation(lsp.Location(from_fs_path(str(path)), where),
                                            f"{d.severity}[{d.code}]: {d.message}")


def to_lsp(doc, d: Diagnostic, related=()) -> lsp.Diagnostic:
    severity = lsp.DiagnosticSeverity.Error if d.is_error else lsp.DiagnosticSeverity.Warning
    message = d.message + (f"\nhint: {d.hint}" if d.hint else "")
    line_text = doc.lines[d.line - 1].rstrip("\r\n") if d.line - 1 < len(doc.lines) else ""
    fix = analysis.quick_fix(d, line_text)
    data = {"hint": d.hint, "fix": fix.text if fix else None}
    related = [*related, *map(_note, d.notes)]
    return lsp.Diagnostic(range=_diagnostic_range(doc, d), message=message, severity=severity,
                          code=d.code, source=SOURCE, related_information=related or None,
                          data=data)


def _note(n) -> lsp.DiagnosticRelatedInformation:
    """A note (the parent's rule a house rule changed) as a place the editor can open."""
    at = lsp.Position(n.line - 1, n.column - 1)
    return lsp.DiagnosticRelatedInformation(lsp.Location(from_fs_path(str(Path(n.file).resolve())),
                                                         lsp.Range(at, at)), n.message)


def publish(ls: LanguageServer, uri: str) -> None:
    doc = ls.workspace.get_text_document(uri)
    path = _path(uri)
    shown = display_name(path)
    diags = analysis.diagnose(doc.source, path)
    parents = {p.resolve(): p for p in analysis.ancestors(doc.source, path)}
    elsewhere = [r for d in diags if d.file != shown and (r := _located(parents, d))]
    mine = [to_lsp(doc, d, elsewhere if d.code == "E307" else ()) for d in diags if d.file == shown]
    ls.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(uri=uri, diagnostics=mine,
                                                                      version=doc.version))


@server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: LanguageServer, params: lsp.DidOpenTextDocumentParams) -> None:
    publish(ls, params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: LanguageServer, params: lsp.DidChangeTextDocumentParams) -> None:
    publish(ls, params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
def did_save(ls: LanguageServer, params: lsp.DidSaveTextDocumentParams) -> None:
    publish(ls, params.text_document.uri)


@server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: LanguageServer, params: lsp.DidCloseTextDocumentParams) -> None:
    ls.text_document_publish_diagnostics(
        lsp.PublishDiagnosticsParams(uri=params.text_document.uri, diagnostics=[]))


def _server_position(doc, pos: lsp.Position) -> lsp.Position:
    if pos.line >= len(doc.lines):  # the empty line after the last new line: nothing to convert
        return pos
    return doc.position_codec.position_from_client_units(doc.lines, pos)


@server.feature(lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=[":", " "]))
def completion(ls: LanguageServer, params: lsp.CompletionParams) -> lsp.CompletionList:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    pos = _server_position(doc, params.position)
    kinds = {"topic": lsp.CompletionItemKind.Module}
    items = [lsp.CompletionItem(label=c.label, detail=c.detail or None,
                                kind=kinds.get(c.kind, lsp.CompletionItemKind.Keyword))
             for c in analysis.complete(doc.source, pos.line, pos.character)]
    return lsp.CompletionList(is_incomplete=False, items=items)


@server.feature(lsp.TEXT_DOCUMENT_HOVER)
def hover(ls: LanguageServer, params: lsp.HoverParams) -> lsp.Hover | None:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    pos = _server_position(doc, params.position)
    text = analysis.hover(doc.source, pos.line, pos.character)
    if text is None:
        return None
    return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))


@server.feature(lsp.TEXT_DOCUMENT_CODE_ACTION,
                lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix]))
def code_action(ls: LanguageServer, params: lsp.CodeActionParams) -> list[lsp.CodeAction]:
    uri = params.text_document.uri
    actions = []
    for d in params.context.diagnostics:
        fix = (d.data or {}).get("fix") if isinstance(d.data, dict) else None
        if d.source != SOURCE or not fix:
            continue
        edit = lsp.WorkspaceEdit(changes={uri: [lsp.TextEdit(range=d.range, new_text=fix)]})
        actions.append(lsp.CodeAction(title=f"Change to `{fix}`", kind=lsp.CodeActionKind.QuickFix,
                                      diagnostics=[d], edit=edit, is_preferred=True))
    return actions


@server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
def definition(ls: LanguageServer, params: lsp.DefinitionParams) -> lsp.Location | None:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    parent = analysis.extends_target(doc.source, _path(params.text_document.uri),
                                     params.position.line)
    if parent is None:
        return None
    start = lsp.Position(0, 0)
    return lsp.Location(from_fs_path(str(parent.resolve())), lsp.Range(start, start))


@server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
def document_symbol(ls: LanguageServer,
                    params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
    doc = ls.workspace.get_text_document(params.text_document.uri)
    symbols = []
    for t in analysis.topics(doc.source):
        whole = lsp.Range(lsp.Position(t.line, 0), lsp.Position(t.end_line, t.end_column))
        name = _range(doc, t.line, 0, len(t.name))
        whole = doc.position_codec.range_to_client_units(doc.lines, whole)
        symbols.append(lsp.DocumentSymbol(name=t.name, kind=lsp.SymbolKind.Namespace,
                                          range=whole, selection_range=name))
    return symbols


def serve() -> None:
    """Speak LSP on standard input and output until the editor says exit."""
    server.start_io()
