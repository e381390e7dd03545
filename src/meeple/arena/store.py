"""An arena's folder: its settings (``arena.json``) and one JSON line per finished game (``games.jsonl``).

A game's row is appended and flushed the moment it arrives, so a crash, a
kill or Ctrl-C loses at most the games that were still being played; a
line cut short by a kill is ignored when the folder is read back (its game
is simply played again on ``--resume``).
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

import meeple
from meeple.arena.play import CLOCKS, GameJob
from meeple.arena.schedule import bot_seed, game_seed, lineups

CONFIG_FILE = "arena.json"
RESULTS_FILE = "games.jsonl"
REPORT_FILE = "report.html"

# Settings that make an arena what it is: a resume must not change them.
IDENTITY_FIELDS = ("game", "players", "options", "bots", "seed", "clock", "rules_version")


@dataclass(frozen=True)
class ArenaConfig:
    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    rules_version: int = 1
    version: str = meeple.__version__
    clock: str = "wall"  # what the searching bots' time limits measure (``play.CLOCKS``)

    def jobs(self, indexes: list[int]) -> list[GameJob]:
        """The games with these indexes, ready to send to a worker."""
        plan = lineups(len(self.bots), self.players, max(indexes, default=-1) + 1)
        return [
            GameJob(
                game=self.game,
                players=self.players,
                options=dict(self.options),
                index=i,
                seed=game_seed(self.seed, i),
                lineup=tuple(self.bots[b] for b in plan[i]),
                bot_seeds=tuple(bot_seed(self.seed, i, seat) for seat in range(self.players)),
                clock=self.clock,
            )
            for i in indexes
        ]

    def to_json(self) -> str:
        data = asdict(self)
        data["bots"] = list(self.bots)
        return json.dumps(data, indent=1, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> ArenaConfig:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise ValueError("arena settings must be a JSON object")
        try:
            config = cls(
                game=str(data["game"]),
                players=int(data["players"]),
                bots=tuple(str(b) for b in data["bots"]),
                games=int(data["games"]),
                seed=int(data["seed"]),
                options=dict(data.get("options", {})),
                rules_version=int(data.get("rules_version", 1)),
                version=str(data.get("version", "")),
                clock=str(data.get("clock", "wall")),  # arenas stored before the option measured the wall clock
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"arena settings are incomplete or malformed ({exc})") from None
        if config.clock not in CLOCKS:
            raise ValueError(f"arena settings name an unknown clock {config.clock!r} (known: {', '.join(CLOCKS)})")
        return config

    def differences(self, other: ArenaConfig) -> list[str]:
        """The identity settings in which ``other`` differs, as readable text."""
        mine, theirs = asdict(self), asdict(other)
        return [
            f"{name}: {mine[name]!r} here, {theirs[name]!r} given"
            for name in IDENTITY_FIELDS
            if mine[name] != theirs[name]
        ]


class ArenaFolder:
    """Reading and writing one arena's folder."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._results: IO[str] | None = None

    @property
    def config_path(self) -> Path:
        return self.path / CONFIG_FILE

    @property
    def results_path(self) -> Path:
        return self.path / RESULTS_FILE

    @property
    def report_path(self) -> Path:
        return self.path / REPORT_FILE

    def exists(self) -> bool:
        return self.config_path.exists()

    def create(self, config: ArenaConfig) -> None:
        self.path.mkdir(parents=True, exist_ok=True)
        self.config_path.write_text(config.to_json())
        self.results_path.touch()

    def save_config(self, config: ArenaConfig) -> None:
        self.config_path.write_text(config.to_json())

    def read_config(self) -> ArenaConfig:
        try:
            text = self.config_path.read_text()
        except OSError as exc:
            raise ValueError(f"{self.path} holds no arena ({CONFIG_FILE}: {exc.strerror})") from None
        try:
            return ArenaConfig.from_json(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{self.config_path} is not valid JSON: {exc}") from None

    def read_rows(self) -> dict[int, dict[str, Any]]:
        """Every complete row by game index (a later row of the same index wins)."""
        rows: dict[int, dict[str, Any]] = {}
        try:
            text = self.results_path.read_text()
        except FileNotFoundError:
            return rows
        for line in text.splitlines():
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by a kill: that game is played again
            if isinstance(row, dict) and isinstance(row.get("index"), int):
                rows[row["index"]] = row
        return rows

    def append(self, row: dict[str, Any]) -> None:
        if self._results is None:
            self._terminate_torn_line()
            self._results = self.results_path.open("a", encoding="utf-8")
        self._results.write(json.dumps(row, sort_keys=True) + "\n")
        self._results.flush()

    def _terminate_torn_line(self) -> None:
        """Start on a fresh line if a kill left the last one unfinished."""
        if self.results_path.exists() and self.results_path.stat().st_size:
            with self.results_path.open("rb") as existing:
                existing.seek(-1, 2)
                if existing.read(1) != b"\n":
                    with self.results_path.open("a", encoding="utf-8") as out:
                        out.write("\n")

    def close(self) -> None:
        if self._results is not None:
            self._results.close()
            self._results = None
