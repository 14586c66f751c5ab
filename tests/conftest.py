"""Shared test settings: the repository root, and ``--update-golden`` to rewrite goldens."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
VARIANTS = ROOT / "variants"


def pytest_addoption(parser):
    parser.addoption("--update-golden", action="store_true", help="rewrite golden files from today's output")


@pytest.fixture
def update_golden(request) -> bool:
    return request.config.getoption("--update-golden")


def variant_files() -> list[Path]:
    return sorted(VARIANTS.rglob("*.rules"))


def variant_id(path: Path) -> str:
    return path.relative_to(VARIANTS).with_suffix("").as_posix()
