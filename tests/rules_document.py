"""Reading a game's RULES.md tables, for the tests that check them against the game's data."""

from __future__ import annotations

from pathlib import Path


def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def table_under(rules: Path, heading: str) -> list[list[str]]:
    """The body rows (cells stripped of spaces and backticks) of the first table after ``heading``."""
    lines = rules.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    rows: list[list[str]] = []
    for line in lines[start + 1 :]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            rows.append([cell.strip("`") for cell in _cells(line)])
        elif rows:
            break
    assert len(rows) > 2, f"no table under {heading!r}"
    return rows[2:]  # past the header and its --- line


def table_headed(rules: Path, header: tuple[str, ...]) -> list[list[str]]:
    """The rows of the one table whose header row is ``header`` (cells stripped of spaces)."""
    lines = rules.read_text(encoding="utf-8").splitlines()
    wanted = "| " + " | ".join(header) + " |"
    starts = [i for i, line in enumerate(lines) if line.strip() == wanted]
    assert len(starts) == 1, f"{rules.name} should hold one table headed {wanted!r}, found {len(starts)}"
    rows = []
    for line in lines[starts[0] + 2 :]:
        if not line.startswith("|"):
            break
        rows.append(_cells(line))
    assert rows, f"the table headed {wanted!r} has no rows"
    return rows
