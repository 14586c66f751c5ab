"""The editor extension (issue 17, item 2): the TextMate grammar follows the Lark grammar
and knows every word of every variant file; the VS Code package builds; its Node.js
client talks to the real language server."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import zipfile
from xml.etree import ElementTree as ET

import pytest

from conftest import ROOT, variant_files, variant_id
from rulespec.textmate import grammar, grammar_json

EXTENSION = ROOT / "editors" / "vscode"
NODE = shutil.which("node")  # a full path: the harness runs with a bare PATH, and node may live elsewhere
COMPILED = [(re.compile(rule["match"]), rule) for rule in grammar()["patterns"]]


def tokenise_line(line: str) -> list[tuple[str, str]]:
    """(scope, text) for one line as a TextMate engine reads it: at each position the rule
    whose match starts first wins, the earlier rule on a tie; unmatched text has scope ""."""
    out, pos = [], 0
    while pos < len(line):
        found = [(m, rule) for regex, rule in COMPILED if (m := regex.search(line, pos)) and m.end() > m.start()]
        if not found:
            out.append(("", line[pos:]))
            break
        m, rule = min(found, key=lambda f: f[0].start())  # min keeps the first of equals
        out.append(("", line[pos:m.start()]))
        if "captures" in rule:
            out += [(rule["captures"].get(str(i), {}).get("name", ""), m.group(i) or "")
                    for i in range(1, m.re.groups + 1)]
        else:
            out.append((rule["name"], m.group(0)))
        pos = m.end()
    return [(scope, text) for scope, text in out if text]


def test_the_committed_grammar_is_the_one_rulespec_writes():
    committed = (EXTENSION / "syntaxes" / "rules.tmLanguage.json").read_text(encoding="utf-8")
    assert committed == grammar_json(), "run: python editors/vscode/build.py --update-grammar"


@pytest.mark.parametrize("path", variant_files(), ids=variant_id)
def test_every_word_of_every_variant_file_has_a_scope(path):
    for line in path.read_text(encoding="utf-8").split("\n"):
        tokens = tokenise_line(line)
        assert not [t for s, t in tokens if s.startswith("invalid") or (not s and t.strip())], (line, tokens)


def test_scopes_of_a_line():
    tokens = dict((t, s) for s, t in tokenise_line("scoring: going rumy = +10   # 7S"))
    assert tokens["scoring"] == "entity.name.section.topic.rules"
    assert tokens["going"] == "keyword.other.rules" and tokens["10"] == "constant.numeric.rules"
    assert tokens["rumy"].startswith("invalid.illegal") and tokens["# 7S"].startswith("comment")
    assert dict((t, s) for s, t in tokenise_line("wild: 2s, JK 7S"))["7S"] == "constant.language.card.rules"


def test_the_vscode_package_builds(tmp_path):
    done = subprocess.run([sys.executable, str(EXTENSION / "build.py"), "--out", str(tmp_path)],
                          capture_output=True, text=True, check=True)
    vsix = tmp_path / "rulespec-rules-0.1.0.vsix"
    assert done.stdout.strip() == str(vsix)
    z = zipfile.ZipFile(vsix)
    names = set(z.namelist())
    pkg = json.loads(z.read("extension/package.json"))
    ns = {"v": "http://schemas.microsoft.com/developer/vsx-schema/2011"}
    identity = ET.fromstring(z.read("extension.vsixmanifest")).find("v:Metadata/v:Identity", ns)
    assert (identity.get("Id"), identity.get("Version"), identity.get("Publisher")) == \
        (pkg["name"], pkg["version"], pkg["publisher"])
    wanted = {pkg["main"], pkg["contributes"]["grammars"][0]["path"],
              pkg["contributes"]["languages"][0]["configuration"], "./client.js"}
    assert {"extension/" + w.removeprefix("./") for w in wanted} <= names
    types = {d.get("Extension") for d in ET.fromstring(z.read("[Content_Types].xml"))}
    assert {"." + n.rsplit(".", 1)[1] for n in names - {"[Content_Types].xml"}} <= types
    assert z.read("extension/syntaxes/rules.tmLanguage.json").decode() == grammar_json()


HARNESS = r"""
const { LspClient } = require(process.argv[2]);
(async () => {
  const client = new LspClient(process.argv[3], ['-m', 'rulespec', 'lsp']);
  const got = new Promise((resolve) => client.onNotification('textDocument/publishDiagnostics', resolve));
  await client.start(null);
  const uri = 'file://' + process.argv[4];
  client.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'rules', version: 1,
    text: 'variant "X"\nplayers: 2\nscoring: going rumy doubles\n' } });
  const diagnostics = (await got).diagnostics;
  const completion = await client.request('textDocument/completion', { textDocument: { uri },
    position: { line: 3, character: 0 } });
  await client.stop();
  console.log(JSON.stringify({ diagnostics, labels: completion.items.map((i) => i.label) }));
})().catch((e) => { console.error(e); process.exit(1); });
"""


@pytest.mark.slow
@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_the_extensions_client_talks_to_the_language_server(tmp_path):
    pytest.importorskip("pygls")
    for js in ("extension.js", "client.js"):
        subprocess.run([NODE, "--check", str(EXTENSION / js)], check=True)
    (tmp_path / "harness.js").write_text(HARNESS, encoding="utf-8")
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([NODE, str(tmp_path / "harness.js"), str(EXTENSION / "client.js"), sys.executable,
                           str(tmp_path / "x.rules")], capture_output=True, text=True, timeout=60, env=env)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    (d,) = answer["diagnostics"]
    assert d["code"] == "E101" and "rummy" in d["message"]
    assert "scoring:" in answer["labels"]


MISSING_SERVER = r"""
const { LspClient } = require(process.argv[2]);
(async () => {
  const client = new LspClient('rulespec-no-such-command', ['lsp']);
  client.process.on('error', () => {});  // as extension.js does: it shows the failure to the user
  const hung = setTimeout(() => { console.log(JSON.stringify({ hung: true })); process.exit(0); }, 1000);
  const failed = async (p) => { try { await p; return null; } catch (e) { return e.message; } };
  const first = await failed(client.start(null));
  const later = await failed(client.request('textDocument/completion', {}));
  clearTimeout(hung);
  console.log(JSON.stringify({ first, later }));
})().catch((e) => { console.error(e); process.exit(1); });
"""


@pytest.mark.skipif(NODE is None, reason="Node.js is not installed")
def test_the_client_rejects_requests_when_the_server_cannot_start(tmp_path):
    """spawn fails with 'error' and never 'exit': initialize must be rejected, not hang activate."""
    (tmp_path / "missing.js").write_text(MISSING_SERVER, encoding="utf-8")
    done = subprocess.run([NODE, str(tmp_path / "missing.js"), str(EXTENSION / "client.js")],
                          capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert "hung" not in answer
    assert "could not start" in answer["first"] and "could not start" in answer["later"]
