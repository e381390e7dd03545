"""Whether every click target of an SVG board can be clicked where it is drawn,
and every text read where it is written.

Real Chromium draws the SVG; for every ``.clickable`` element the point at
the centre of its box must hit that element (or something inside it), not a
label or another piece drawn over it; the centre of every text must hit that
text. Shared by the games' view tests.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"

# For each clickable group: its action and whether the centre of its box hits it.
_PROBE = """() => Array.from(document.querySelectorAll('.clickable')).map(el => {
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return [el.getAttribute('data-action'), hit !== null && hit.closest('.clickable') === el];
})"""

# For each text: its words and whether the centre of its box hits it (nothing drawn over it).
_TEXT_PROBE = """() => Array.from(document.querySelectorAll('svg text')).map(el => {
  const box = el.getBoundingClientRect();
  const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
  return [el.textContent, hit !== null && (hit === el || el.contains(hit))];
})"""


@contextmanager
def chromium_page() -> Iterator[Any]:
    """A page of a headless Chromium (the test fails in CI, and is skipped elsewhere, without one)."""
    api = pytest.importorskip("playwright.sync_api")
    executable = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
    if executable is None:
        if os.environ.get("CI"):
            pytest.fail("Chromium is not installed (apt-get install chromium)")
        pytest.skip("Chromium is not installed")
    args = ["--disable-dev-shm-usage"] + (["--no-sandbox"] if os.geteuid() == 0 else [])
    with api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, args=args)
        try:
            yield browser.new_page(viewport={"width": 1600, "height": 2400})
        finally:
            browser.close()


def covered_targets(page: Any, svgs: Iterable[str]) -> list[tuple[int, str]]:
    """``(board number, action)`` of every click target whose centre hits something else."""
    return _covered(page, svgs, _PROBE)


def covered_texts(page: Any, svgs: Iterable[str]) -> list[tuple[int, str]]:
    """``(board number, words)`` of every text whose centre hits something drawn over it."""
    return _covered(page, svgs, _TEXT_PROBE)


def _covered(page: Any, svgs: Iterable[str], probe: str) -> list[tuple[int, str]]:
    """Each board drawn alone on the page; what ``probe`` (a script listing ``[name, ok]`` pairs) finds not ok."""
    covered = []
    for number, svg in enumerate(svgs):
        page.set_content(f"<html><body style='margin:0'>{svg}</body></html>")
        covered += [(number, name) for name, ok in page.evaluate(probe) if not ok]
    return covered
