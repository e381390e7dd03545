"""What the three environment adapters share: outcomes as rewards, text views, seeds."""

from __future__ import annotations

import io
from typing import Any

import meeple
from meeple.core import State

SAFETY_CAP = "safety_cap"


def env_ids() -> dict[str, str]:
    """Each registered game's environment id (``GameInfo.env_id``), the same in Gymnasium's
    registry and in PettingZoo's (1.27+); games without an RL environment are left out."""
    return {game: info.env_id for game, info in meeple.GAMES.items() if info.rl is not None}


def outcome_rewards(state: State) -> tuple[float, ...]:
    """Each seat's reward for a finished game, summing to zero.

    The winners share +1 and the other seats share −1 (two winners of four get
    +0.5 each, the two others −0.5 each). If every seat won, or none did, all
    get 0. In a one-seat (solo) game the seat gets +1 for a win and −1 for a
    loss, since a zero sum cannot be kept with one seat.
    """
    n = state.players
    winners = set(state.winners)
    if n == 1:
        return (1.0 if winners else -1.0,)
    if not winners or len(winners) == n:
        return (0.0,) * n
    win, lose = 1.0 / len(winners), -1.0 / (n - len(winners))
    return tuple(win if s in winners else lose for s in range(n))


def truncated(state: State) -> bool:
    """A designed safeguard, not the rules, ended the game."""
    return state.is_over and state.end_reason == SAFETY_CAP


def text(state: State, seat: int | None = None, width: int = 100) -> str:
    """The game's terminal view of ``seat``'s observation (``None``: spectator) as plain text."""
    from rich.console import Console

    view = state.info.text_view
    obs = state.observation(seat)
    buffer = io.StringIO()
    console = Console(file=buffer, width=width, color_system=None, force_terminal=False, legacy_windows=False)
    console.print(view(obs) if view is not None else obs)
    return buffer.getvalue()


def check_game(game: str, players: int | None, options: dict[str, Any]) -> tuple[str, int, dict[str, Any]]:
    """Refuse an unknown game, player count or option at construction, with the reason."""
    info = meeple.GAMES.get(game)
    if info is None:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(meeple.GAMES)})")
    players = info.default_players if players is None else players
    meeple.new_game(game, players=players, seed=0, **options)  # raises ValueError on a bad count or option
    return game, players, dict(options)
