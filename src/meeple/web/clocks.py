"""Clocks: none, real-time (a bank per seat plus an increment per move) or turn-based (a limit per move).

Everything here is pure: it reads a match's stored seats and the seats to
move, and says what to store. Times are wall-clock seconds (epoch), so a
deadline stored before a restart is still right after it: a clock runs while
the server is down, as a player's real time does. Only human seats that are
playing themselves have a running clock; bots, and seats a stand-in bot plays
for, have none.

When a seat runs out (``on_timeout``): ``"bot:<level>"`` lets a bot of that
level play for it until the player moves again (their clock restarts with a
fresh turn, or the increment of a real-time clock, at least 30 s);
``"lose"`` makes it lose: in a two-player game the game ends at once, the other
seat winning; with more players the rest play on, a random bot making the lost
seat's moves, and the lost seat is never among the winners (:func:`winners`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from meeple.web.storage import SeatRow

KINDS = ("realtime", "turn")
MIN_SECONDS = 1.0  # small clocks for tests; the lobby offers minutes and hours
MAX_SECONDS = 30 * 24 * 3600.0
RETURN_MIN_S = 30.0


@dataclass(frozen=True)
class SeatClock:
    """What to store for one seat after a change."""

    seat: int
    time_left: float | None
    clock_since: float | None


def parse_clock(raw: Any, bot_levels: dict[str, str]) -> dict[str, Any] | None:
    """The clock settings of a new match, or ``None``; ``ValueError`` says what is wrong."""
    if raw is None or raw == {"kind": "none"}:
        return None
    if not isinstance(raw, dict):
        raise ValueError('\'clock\' must be an object like {"kind": "turn", "per_move": 86400}')
    kind = raw.get("kind")
    allowed = {"realtime": {"kind", "bank", "increment", "on_timeout"}, "turn": {"kind", "per_move", "on_timeout"}}
    if kind not in allowed:
        raise ValueError("clock kind must be 'none', 'realtime' or 'turn'")
    unknown = set(raw) - allowed[kind]
    if unknown:
        raise ValueError(f"a {kind} clock has no {', '.join(sorted(map(str, unknown)))}")
    clock: dict[str, Any] = {"kind": kind}
    if kind == "turn":
        clock["per_move"] = _seconds(raw.get("per_move"), "per_move")
    else:
        clock["bank"] = _seconds(raw.get("bank"), "bank")
        increment = raw.get("increment", 0)
        clock["increment"] = 0.0 if increment == 0 else _seconds(increment, "increment")
    on_timeout = raw.get("on_timeout", "bot:random")
    if on_timeout != "lose" and not (
        isinstance(on_timeout, str) and on_timeout.startswith("bot:") and on_timeout[4:] in bot_levels
    ):
        raise ValueError(f"on_timeout must be 'lose' or 'bot:<level>' with a level of {', '.join(bot_levels)}")
    clock["on_timeout"] = on_timeout
    return clock


def _seconds(value: Any, name: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not MIN_SECONDS <= value <= MAX_SECONDS:
        raise ValueError(f"clock {name} must be a number of seconds from {MIN_SECONDS:g} to {MAX_SECONDS:g}")
    return float(value)


def ticking(seat: SeatRow) -> bool:
    """Whether this seat plays with a clock (a human playing for itself)."""
    return seat.kind == "human" and seat.away is None and not seat.lost


def start(clock: dict[str, Any], seats: list[SeatRow], to_move: tuple[int, ...], now: float) -> list[SeatClock]:
    """The clocks when the game starts: banks full, the first movers' clocks running."""
    bank = clock.get("bank")
    return [
        SeatClock(s.seat, bank, now if s.seat in to_move and ticking(s) else None)
        for s in seats
        if ticking(s) or s.kind == "human"
    ]


def after_move(
    clock: dict[str, Any], seats: list[SeatRow], mover: int, before: tuple[int, ...], after: tuple[int, ...], now: float
) -> list[SeatClock]:
    """The clocks after ``mover`` moved: its bank charged (plus the increment), every seat
    to move now running (restarted for the mover), every other one stopped."""
    changes = []
    for s in seats:
        if s.kind != "human":
            continue
        left, since = s.time_left, s.clock_since
        if s.seat == mover and since is not None and clock["kind"] == "realtime" and left is not None:
            left = max(0.0, left - (now - since)) + clock["increment"]
        if s.seat in after and ticking(s):
            if since is None or s.seat == mover:
                since = now
        else:
            if since is not None and s.seat != mover and clock["kind"] == "realtime" and left is not None:
                left = max(0.0, left - (now - since))
            since = None
        if (left, since) != (s.time_left, s.clock_since):
            changes.append(SeatClock(s.seat, left, since))
    return changes


def seat_deadline(clock: dict[str, Any], seat: SeatRow) -> float | None:
    if seat.clock_since is None or not ticking(seat):
        return None
    if clock["kind"] == "turn":
        return float(seat.clock_since + clock["per_move"])
    return float(seat.clock_since + (seat.time_left or 0.0))


def deadline(clock: dict[str, Any] | None, seats: list[SeatRow]) -> float | None:
    """The next moment a seat runs out of time (stored, so any process, after any restart, enforces it)."""
    if clock is None:
        return None
    found = [d for s in seats if (d := seat_deadline(clock, s)) is not None]
    return min(found) if found else None


def expired(clock: dict[str, Any] | None, seats: list[SeatRow], now: float) -> list[int]:
    if clock is None:
        return []
    return [s.seat for s in seats if (d := seat_deadline(clock, s)) is not None and d <= now]


def comes_back(clock: dict[str, Any], seat: SeatRow, now: float) -> SeatClock:
    """A player back at a seat a bot played for: a fresh turn (or the increment, at least 30 s)."""
    if clock["kind"] == "turn":
        return SeatClock(seat.seat, None, now)
    return SeatClock(seat.seat, max(RETURN_MIN_S, clock["increment"], seat.time_left or 0.0), now)


def view(clock: dict[str, Any] | None, seats: list[SeatRow], now: float) -> dict[str, Any] | None:
    """What a page shows: each seat's time left now (counting down for the seats to move)."""
    if clock is None:
        return None
    shown = []
    for s in seats:
        if s.kind != "human":
            continue
        d = seat_deadline(clock, s)
        if clock["kind"] == "turn":
            left = None if d is None else max(0.0, d - now)
        else:
            left = max(0.0, d - now) if d is not None else s.time_left
        shown.append({"seat": s.seat, "left": left, "running": d is not None, "away": s.away, "lost": s.lost})
    return {**clock, "seats": shown, "now": now}


def winners(state_winners: list[int], scores: list[float] | None, seats: list[SeatRow], ended: bool) -> list[int]:
    """The winners once seats lost on time: they are never among them. A game the server ended
    on time is won by every seat still in it; a game played to its end keeps its own winners
    but the lost seats, or, if only lost seats won, the best score among the others."""
    lost = {s.seat for s in seats if s.lost}
    if not lost:
        return state_winners
    if ended:
        return [s.seat for s in seats if s.seat not in lost]
    kept = [w for w in state_winners if w not in lost]
    if kept or not scores:
        return kept
    best = max(scores[s.seat] for s in seats if s.seat not in lost)
    return [s.seat for s in seats if s.seat not in lost and scores[s.seat] == best]
