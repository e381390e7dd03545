"""Bot moves, computed away from the event loop.

The server runs bots in a pool of worker processes (or threads, for tests).
A job carries what is needed to rebuild the game (game, players, seed,
options, moves): that is server-internal and never leaves the machine. Each
worker keeps the last states it rebuilt, so a bot on move 120 of a game
usually applies only the moves since its previous turn.
"""

from __future__ import annotations

import random
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import meeple
from meeple.bots import make_bot
from meeple.core import State

# A level is what the lobby offers; the spec is what ``meeple.bots.make_bot`` reads.
BOT_LEVELS: dict[str, tuple[str, str]] = {
    "random": ("random", "Random: picks any legal move"),
    "easy": ("ismcts:100", "Easy: ISMCTS, 100 iterations a move"),
    "medium": ("ismcts:0.5s", "Medium: ISMCTS, half a second a move"),
    "hard": ("ismcts:2s", "Hard: ISMCTS, two seconds a move"),
}


@dataclass(frozen=True)
class BotJob:
    match_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    moves: tuple[tuple[int, str], ...]
    seat: int
    level: str
    bot_seed: int


_CACHE: OrderedDict[str, State] = OrderedDict()
_CACHE_SIZE = 64
_CACHE_LOCK = threading.Lock()


def _take_cached(job: BotJob) -> State | None:
    """The cached state of the match if it is a prefix of ``job.moves`` (removed from the cache)."""
    with _CACHE_LOCK:
        state = _CACHE.pop(job.match_id, None)
    if state is None or state.move_number > len(job.moves):
        return None
    played = [(s, str(a)) for s, a in state.history]
    if played != list(job.moves[: len(played)]):
        return None
    return state


def _put_cached(match_id: str, state: State) -> None:
    with _CACHE_LOCK:
        _CACHE[match_id] = state
        _CACHE.move_to_end(match_id)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def rebuild(job: BotJob) -> State:
    state = _take_cached(job)
    if state is None:
        state = meeple.new_game(job.game, job.players, job.seed, **job.options)
    for seat, text in job.moves[state.move_number :]:
        state.apply(state.parse_action(text, seat), seat)
    return state


def choose_move(job: BotJob) -> str:
    """The notation of the bot's move (runs in a worker)."""
    state = rebuild(job)
    spec = BOT_LEVELS[job.level][0]
    # Each move gets its own seed drawn from the seat's bot seed, so a resumed
    # game plays on exactly as it would have; the game's own seed is never used.
    seed = random.Random(f"{job.bot_seed}:{job.match_id}:{len(job.moves)}").getrandbits(63)
    bot = make_bot(spec, seed)
    action = bot.choose(state, job.seat)
    _put_cached(job.match_id, state)
    return str(action)


def warm_up() -> bool:
    """Run in each new worker so the first real job does not pay for imports."""
    return bool(meeple.GAMES is not None)
