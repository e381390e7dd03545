"""Bot moves, computed away from the event loop.

The server runs bots in a pool of worker processes (or threads, for tests).
A job names the match and carries only the last moves and a digest of the
whole move list: each worker keeps the states it rebuilt, checks that its
copy leads to the same digest, and applies the few moves since its previous
turn, so a job's cost does not grow with the length of the game. A worker
without a matching copy (:mod:`meeple.web.movedigest`) answers :data:`NEED_ALL_MOVES`, and the job is sent
again with every move. The moves are server-internal and never leave the machine.
"""

from __future__ import annotations

import functools
import random
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import meeple
from meeple.bots import LEVELS, make_bot
from meeple.core import State
from meeple.web.movedigest import START_DIGEST, next_digest

# What the lobby offers, with the words it shows; each is a spec ``meeple.bots.make_bot``
# reads, so the levels are the same ones the terminal and the arena play.
BOT_LEVELS: dict[str, str] = {
    "random": "Random: picks any legal move at random, a baseline to learn the rules against.",
    **{name: spec.description for name, spec in LEVELS.items()},
}
# The policy a game ships, trained by reinforcement learning (``meeple.rl``). Offered only where it
# plays: a game that ships one, at the player count it was trained for, with numpy installed.
LEARNED = "learned"


def learned_label(players: int) -> str:
    """The learned bot's words in the lobby, with the one player count it plays."""
    return (
        "Learned: a neural network trained by reinforcement learning; it plays from its own view of the "
        f"table with no search, in a few milliseconds. Trained for {players}-player games, it plays only those."
    )


@functools.cache
def _shipped_policy(game: str) -> Any:
    """``game``'s shipped policy (an ``MLPPolicy``), or ``None`` when the lobby cannot offer it: the
    game ships none, or numpy, which the policy needs, is not installed. Read once per process."""
    try:
        from meeple.rl.policy import PolicyError, load_policy, shipped_path
    except ImportError:
        return None
    try:  # a game registered from outside the package (a plugin, the tests' toy) has no folder of ours
        path = shipped_path(game)
        return load_policy(path) if path.is_file() else None
    except (PolicyError, ImportError):
        return None


def learned_players(game: str) -> int | None:
    """The player count ``game``'s shipped policy plays, or ``None`` if there is none to offer."""
    policy = _shipped_policy(game)
    return None if policy is None else int(policy.players)


def learned_refusal(game: str, players: int, options: dict[str, Any]) -> str | None:
    """Why the ``learned`` bot cannot take a seat in this set-up, or ``None`` if it can."""
    policy = _shipped_policy(game)
    if policy is None:
        return f"{game} has no learned bot on this server"
    if players != policy.players:
        return f"the learned bot of {game} plays only {policy.players}-player games (this one has {players})"
    from meeple.rl.policy import PolicyError, encoder_fingerprint

    try:  # options that reshape the observation (a variant) are ones it was never trained on
        policy.check(game, players, encoder_fingerprint(game, players, **options))
    except (PolicyError, ValueError) as exc:
        return f"the learned bot cannot play this set-up: {exc}"
    return None


# Levels cheap enough to run beside the server's own work, never queued behind thinkers.
QUICK_LEVELS = frozenset({"random"})
# A worker answers this when it has no copy of the game to continue from.
NEED_ALL_MOVES = "\x00need all moves"


@dataclass(frozen=True)
class BotJob:
    match_id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    count: int  # moves played so far
    digest: bytes  # of all ``count`` moves
    moves: tuple[tuple[int, str], ...]  # the last ones: moves[i] is move number ``first + i``
    first: int
    seat: int
    level: str
    bot_seed: int


@dataclass
class _Copy:
    state: State
    digest: bytes


_CACHE: OrderedDict[str, _Copy] = OrderedDict()
_CACHE_SIZE = 64
_CACHE_LOCK = threading.Lock()


def _take_cached(match_id: str) -> _Copy | None:
    with _CACHE_LOCK:
        return _CACHE.pop(match_id, None)


def _put_cached(match_id: str, copy: _Copy) -> None:
    with _CACHE_LOCK:
        _CACHE[match_id] = copy
        _CACHE.move_to_end(match_id)
        while len(_CACHE) > _CACHE_SIZE:
            _CACHE.popitem(last=False)


def rebuild(job: BotJob) -> _Copy | None:
    """The game after ``job.count`` moves, or ``None`` if the job lacks the moves to get there."""
    copy = _take_cached(job.match_id)
    if copy is None or not job.first <= copy.state.move_number <= job.count:
        if job.first != 0:
            return None
        copy = _Copy(meeple.new_game(job.game, job.players, job.seed, **job.options), START_DIGEST)
    try:
        for seat, text in job.moves[copy.state.move_number - job.first :]:
            copy.state.apply(copy.state.parse_action(text, seat), seat)
            copy.digest = next_digest(copy.digest, seat, text)
    except ValueError:
        return None  # the cached copy is of another history: start over from all moves
    if copy.digest != job.digest:
        return None
    return copy


def choose_move(job: BotJob) -> str:
    """The notation of the bot's move, or :data:`NEED_ALL_MOVES` (runs in a worker)."""
    copy = rebuild(job)
    if copy is None:
        return NEED_ALL_MOVES
    # Each move gets its own seed drawn from the seat's bot seed, so a resumed
    # game plays on exactly as it would have; the game's own seed is never used.
    seed = random.Random(f"{job.bot_seed}:{job.match_id}:{job.count}").getrandbits(63)
    bot = make_bot(job.level, seed, game=copy.state.info)
    action = bot.choose(copy.state, job.seat)
    _put_cached(job.match_id, copy)
    return str(action)


def warm_up() -> bool:
    """Run in each new worker so the first real job does not pay for imports."""
    return bool(meeple.GAMES is not None)
