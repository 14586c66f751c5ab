"""The examples in the Engine section of docs/api.md run and print what the page says."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_engine_examples_in_the_api_docs_give_the_answers_printed_there():
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    section = text.split("## Engine", 1)[1].split("\n## ", 1)[0]
    source = "\n".join(re.findall(r"```python\n(.*?)```", section, re.S))
    cwd = os.getcwd()
    os.chdir(ROOT)  # the examples load variants/... relative to the repository
    try:
        globs: dict = {}
        test = doctest.DocTestParser().get_doctest(source, globs, "api.md", "api.md", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
        runner.run(test)
        result = runner.summarize(verbose=False)
    finally:
        os.chdir(cwd)
    assert result.attempted > 15 and result.failed == 0
