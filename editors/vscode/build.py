"""Package the VS Code extension as a .vsix, with Python alone (no Node.js, no vsce).

A .vsix is a zip: ``extension.vsixmanifest`` (what the marketplace and ``code
--install-extension`` read), ``[Content_Types].xml`` (the Open Packaging Conventions'
list of file types) and the extension's files under ``extension/``. The TextMate grammar
inside is written afresh from rulespec's grammar (rulespec/textmate.py).

    python editors/vscode/build.py                  # -> dist/rulespec-rules-<version>.vsix
    python editors/vscode/build.py --out some/dir
    python editors/vscode/build.py --update-grammar # also rewrite syntaxes/rules.tmLanguage.json
"""

from __future__ import annotations

import argparse
import json
import sys
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))  # a checkout's rulespec, installed or not

from rulespec.textmate import grammar_json  # noqa: E402

GRAMMAR = "syntaxes/rules.tmLanguage.json"
FILES = ("package.json", "extension.js", "client.js", "language-configuration.json", "README.md", GRAMMAR)
CONTENT_TYPES = {".json": "application/json", ".js": "application/javascript", ".md": "text/markdown",
                 ".vsixmanifest": "text/xml"}
VSX = "http://schemas.microsoft.com/developer/vsx-schema/2011"


def manifest(pkg: dict) -> bytes:
    ET.register_namespace("", VSX)
    root = ET.Element(f"{{{VSX}}}PackageManifest", Version="2.0.0")
    meta = ET.SubElement(root, "Metadata")
    ET.SubElement(meta, "Identity", Language="en-US", Id=pkg["name"], Version=pkg["version"], Publisher=pkg["publisher"])
    ET.SubElement(meta, "DisplayName").text = pkg["displayName"]
    desc = ET.SubElement(meta, "Description")
    desc.set("xml:space", "preserve")
    desc.text = pkg["description"]
    ET.SubElement(meta, "Tags").text = ",".join(pkg.get("keywords", []))
    ET.SubElement(meta, "Categories").text = ",".join(pkg.get("categories", []))
    ET.SubElement(meta, "GalleryFlags").text = "Public"
    props = ET.SubElement(meta, "Properties")
    for key, value in (("Microsoft.VisualStudio.Code.Engine", pkg["engines"]["vscode"]),
                       ("Microsoft.VisualStudio.Code.ExtensionDependencies", ""),
                       ("Microsoft.VisualStudio.Code.ExtensionPack", ""),
                       ("Microsoft.VisualStudio.Code.ExtensionKind", "workspace"),
                       ("Microsoft.VisualStudio.Code.ExecutesCode", "true")):
        ET.SubElement(props, "Property", Id=key, Value=value)
    install = ET.SubElement(root, "Installation")
    ET.SubElement(install, "InstallationTarget", Id="Microsoft.VisualStudio.Code")
    ET.SubElement(root, "Dependencies")
    assets = ET.SubElement(root, "Assets")
    ET.SubElement(assets, "Asset", Type="Microsoft.VisualStudio.Code.Manifest", Path="extension/package.json",
                  Addressable="true")
    ET.SubElement(assets, "Asset", Type="Microsoft.VisualStudio.Services.Content.Details",
                  Path="extension/README.md", Addressable="true")
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def content_types() -> bytes:
    root = ET.Element("Types", xmlns="http://schemas.openxmlformats.org/package/2006/content-types")
    for ext, kind in CONTENT_TYPES.items():
        ET.SubElement(root, "Default", Extension=ext, ContentType=kind)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


def build(out_dir: Path) -> Path:
    pkg = json.loads((HERE / "package.json").read_text(encoding="utf-8"))
    out_dir.mkdir(parents=True, exist_ok=True)
    target = out_dir / f"{pkg['name']}-{pkg['version']}.vsix"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("extension.vsixmanifest", manifest(pkg))
        z.writestr("[Content_Types].xml", content_types())
        for name in FILES:
            data = grammar_json().encode("utf-8") if name == GRAMMAR else (HERE / name).read_bytes()
            z.writestr(f"extension/{name}", data)
    return target


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--out", default=str(HERE.parent.parent / "dist"), help="folder for the .vsix (default: dist/)")
    p.add_argument("--update-grammar", action="store_true", help=f"rewrite {GRAMMAR} from rulespec's grammar")
    args = p.parse_args(argv)
    if args.update_grammar:
        (HERE / GRAMMAR).write_text(grammar_json(), encoding="utf-8")
    print(build(Path(args.out)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
