"""Records: the canonical save file of a game (game, options, seed, moves)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from meeple.core.errors import IllegalAction

RECORD_FORMAT = 1


@dataclass
class Record:
    """Everything needed to rebuild a game: who played what, from which seed.

    ``moves`` is a list of ``(seat, notation)`` pairs in the order they were
    applied. A record is small JSON meant to be kept and shared; it holds no
    hidden information beyond what the seed implies, so a server must not send
    a running game's record to a seat (the seed would reveal the deck).
    """

    game: str
    players: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    moves: list[tuple[int, str]] = field(default_factory=list)
    version: str = ""
    rules_version: int = 1
    format: int = RECORD_FORMAT
    names: list[str] | None = None  # the players' names, seat by seat, where known
    # The bot spec that played each seat (None for a person), where known: a resumed
    # terminal game gets the same opponents back.
    bots: list[str | None] | None = None

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON; with ``indent``, one move a line (easy to read and diff)."""
        head = {
            "format": self.format,
            "game": self.game,
            "version": self.version,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
        }
        if self.names is not None:
            head["names"] = list(self.names)
        if self.bots is not None:
            head["bots"] = list(self.bots)
        moves = [[seat, text] for seat, text in self.moves]
        if indent is None:
            return json.dumps({**head, "moves": moves})
        pad = " " * indent
        lines = [f"{pad}{json.dumps(key)}: {json.dumps(value)}," for key, value in head.items()]
        body = f",\n{pad}{pad}".join(json.dumps(move) for move in moves)
        lines.append(f'{pad}"moves": [' + (f"\n{pad}{pad}{body}\n{pad}" if moves else "") + "]")
        return "{\n" + "\n".join(lines) + "\n}"

    @classmethod
    def from_json(cls, text: str | bytes) -> Record:
        """Parse a record, checking every field; a bad file raises ``ValueError``."""
        try:
            data = json.loads(text)
        except RecursionError:  # brackets nested deeper than the parser can follow
            raise ValueError("a record must be JSON: it is nested too deeply") from None
        except ValueError as exc:  # bad JSON, bad UTF-8, an integer too long to read
            raise ValueError(f"a record must be JSON: {exc}") from None
        if not isinstance(data, dict):
            raise ValueError("a record must be a JSON object")
        fmt = data.get("format", RECORD_FORMAT)
        if fmt != RECORD_FORMAT:
            raise ValueError(f"unknown record format {fmt!r} (this meeple reads format {RECORD_FORMAT})")
        game = data.get("game")
        if not isinstance(game, str):
            raise ValueError("a record needs a 'game' name")
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError("a record needs 'players' as an integer")
        seed = data.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("a record needs 'seed' as an integer")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise ValueError("'options' must be an object")
        raw_moves = data.get("moves", [])
        if not isinstance(raw_moves, list):
            raise ValueError("'moves' must be a list")
        moves: list[tuple[int, str]] = []
        for i, move in enumerate(raw_moves):
            if (
                not isinstance(move, list)
                or len(move) != 2
                or not isinstance(move[0], int)
                or isinstance(move[0], bool)
                or not isinstance(move[1], str)
            ):
                raise ValueError(f"move {i} must be [seat, notation], got {move!r}")
            moves.append((move[0], move[1]))
        version = data.get("version", "")
        rules_version = data.get("rules_version", 1)
        if not isinstance(rules_version, int) or isinstance(rules_version, bool) or rules_version < 1:
            raise ValueError(f"'rules_version' must be a whole number of at least 1, got {rules_version!r}")
        names = data.get("names")
        if names is not None and (
            not isinstance(names, list)
            or len(names) != players
            or not all(isinstance(n, str) and len(n) <= 100 for n in names)
        ):
            raise ValueError("'names' must list one name (at most 100 characters) per seat")
        bots = data.get("bots")
        if bots is not None and (
            not isinstance(bots, list)
            or len(bots) != players
            or not all(b is None or (isinstance(b, str) and 1 <= len(b) <= 100) for b in bots)
        ):
            raise ValueError("'bots' must list, seat by seat, a bot spec (1 to 100 characters) or null for a person")
        return cls(
            game=game,
            players=players,
            seed=seed,
            options=dict(options),
            moves=moves,
            version=str(version),
            rules_version=rules_version,
            format=RECORD_FORMAT,
            names=list(names) if names is not None else None,
            bots=list(bots) if bots is not None else None,
        )


def replay_moves(state: Any, moves: list[tuple[int, str]]) -> Any:
    """Apply recorded moves to ``state``; a move that does not apply raises ``ValueError``."""
    for number, (seat, text) in enumerate(moves):
        try:
            state.apply(state.parse_action(text, seat), seat)
        except IllegalAction as exc:
            raise ValueError(f"move {number} ({text!r} by seat {seat}) is illegal: {exc}") from None
        except ValueError as exc:
            raise ValueError(f"move {number} ({text!r} by seat {seat}) cannot be read: {exc}") from None
    return state
