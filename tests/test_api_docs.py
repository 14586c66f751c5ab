"""The examples in docs/api.md run and print what the page says, section by section."""

from __future__ import annotations

import doctest
import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FLAGS = doctest.NORMALIZE_WHITESPACE


@pytest.mark.parametrize("section,flags,at_least", [
    ("Melds", FLAGS, 10),
    ("Engine", FLAGS | doctest.ELLIPSIS, 15),
    ("Rulebook pages", FLAGS, 2),
])
def test_the_examples_in_the_api_docs_give_the_answers_printed_there(section, flags, at_least):
    text = (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    body = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    source = "\n".join(re.findall(r"```python\n(.*?)```", body, re.S))
    cwd = os.getcwd()
    os.chdir(ROOT)  # the examples load variants/... relative to the repository
    try:
        test = doctest.DocTestParser().get_doctest(source, {}, "api.md", "api.md", 0)
        runner = doctest.DocTestRunner(optionflags=flags)
        runner.run(test)
        result = runner.summarize(verbose=False)
    finally:
        os.chdir(cwd)
    assert result.attempted > at_least and result.failed == 0
