// The VS Code extension: colours .rules files (syntaxes/rules.tmLanguage.json) and connects
// them to `rulespec lsp` (diagnostics, quick fixes, completion, hover, go to the parent,
// outline). The server command is the setting `rulespec.server.command`.
'use strict';

const vscode = require('vscode');
const { LspClient } = require('./client');

const LANGUAGE = 'rules';
let client;

const toPosition = (p) => new vscode.Position(p.line, p.character);
const toRange = (r) => new vscode.Range(toPosition(r.start), toPosition(r.end));
const fromPosition = (p) => ({ line: p.line, character: p.character });
const textDocument = (doc) => ({ uri: doc.uri.toString() });

function toDiagnostic(d) {
  const severity = d.severity === 1 ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning;
  const diagnostic = new vscode.Diagnostic(toRange(d.range), d.message, severity);
  diagnostic.code = d.code;
  diagnostic.source = d.source;
  diagnostic.lsp = d;  // sent back as it came for quick fixes
  diagnostic.relatedInformation = (d.relatedInformation || []).map((r) => new vscode.DiagnosticRelatedInformation(
    new vscode.Location(vscode.Uri.parse(r.location.uri), toRange(r.location.range)), r.message));
  return diagnostic;
}

function toEdit(workspaceEdit) {
  const edit = new vscode.WorkspaceEdit();
  for (const [uri, edits] of Object.entries(workspaceEdit.changes || {})) {
    for (const e of edits) edit.replace(vscode.Uri.parse(uri), toRange(e.range), e.newText);
  }
  return edit;
}

async function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration('rulespec').get('server.command', ['rulespec', 'lsp']);
  const folder = vscode.workspace.workspaceFolders && vscode.workspace.workspaceFolders[0];
  client = new LspClient(command, args, { cwd: folder ? folder.uri.fsPath : undefined });
  client.process.on('error', (e) => vscode.window.showErrorMessage(
    `rulespec: could not start \`${command} ${args.join(' ')}\` (${e.message}); install it with pip install 'rulespec[lsp]'`));
  const diagnostics = vscode.languages.createDiagnosticCollection('rulespec');
  context.subscriptions.push(diagnostics);
  client.onNotification('textDocument/publishDiagnostics', (p) =>
    diagnostics.set(vscode.Uri.parse(p.uri), p.diagnostics.map(toDiagnostic)));
  await client.start(folder ? folder.uri.toString() : null);

  const open = (doc) => doc.languageId === LANGUAGE && client.notify('textDocument/didOpen', {
    textDocument: { uri: doc.uri.toString(), languageId: LANGUAGE, version: doc.version, text: doc.getText() } });
  vscode.workspace.textDocuments.forEach(open);
  const selector = { language: LANGUAGE };
  context.subscriptions.push(
    vscode.workspace.onDidOpenTextDocument(open),
    vscode.workspace.onDidChangeTextDocument((e) => e.document.languageId === LANGUAGE &&
      client.notify('textDocument/didChange', {
        textDocument: { uri: e.document.uri.toString(), version: e.document.version },
        contentChanges: [{ text: e.document.getText() }] })),
    vscode.workspace.onDidCloseTextDocument((doc) => doc.languageId === LANGUAGE &&
      client.notify('textDocument/didClose', { textDocument: textDocument(doc) })),
    vscode.languages.registerCompletionItemProvider(selector, {
      async provideCompletionItems(doc, position) {
        const list = await client.request('textDocument/completion',
          { textDocument: textDocument(doc), position: fromPosition(position) });
        return (list ? list.items : []).map((i) => {
          const item = new vscode.CompletionItem(i.label, i.kind === 9 ? vscode.CompletionItemKind.Module
            : vscode.CompletionItemKind.Keyword);
          item.detail = i.detail;
          return item;
        });
      } }, ':', ' '),
    vscode.languages.registerHoverProvider(selector, {
      async provideHover(doc, position) {
        const hover = await client.request('textDocument/hover',
          { textDocument: textDocument(doc), position: fromPosition(position) });
        return hover ? new vscode.Hover(new vscode.MarkdownString(hover.contents.value)) : null;
      } }),
    vscode.languages.registerDefinitionProvider(selector, {
      async provideDefinition(doc, position) {
        const found = await client.request('textDocument/definition',
          { textDocument: textDocument(doc), position: fromPosition(position) });
        return found ? new vscode.Location(vscode.Uri.parse(found.uri), toRange(found.range)) : null;
      } }),
    vscode.languages.registerDocumentSymbolProvider(selector, {
      async provideDocumentSymbols(doc) {
        const symbols = await client.request('textDocument/documentSymbol', { textDocument: textDocument(doc) });
        return (symbols || []).map((s) => new vscode.DocumentSymbol(s.name, '', vscode.SymbolKind.Namespace,
          toRange(s.range), toRange(s.selectionRange)));
      } }),
    vscode.languages.registerCodeActionsProvider(selector, {
      async provideCodeActions(doc, range, context) {
        const sent = context.diagnostics.filter((d) => d.lsp).map((d) => d.lsp);
        if (!sent.length) return [];
        const actions = await client.request('textDocument/codeAction', {
          textDocument: textDocument(doc), range: { start: fromPosition(range.start), end: fromPosition(range.end) },
          context: { diagnostics: sent } });
        return (actions || []).map((a) => {
          const action = new vscode.CodeAction(a.title, vscode.CodeActionKind.QuickFix);
          action.edit = toEdit(a.edit);
          action.isPreferred = a.isPreferred;
          return action;
        });
      } }, { providedCodeActionKinds: [vscode.CodeActionKind.QuickFix] }),
  );
}

async function deactivate() {
  if (client) await client.stop();
}

module.exports = { activate, deactivate };
