"""Bots: ``random``, ``ismcts``, the levels ``easy``/``medium``/``hard``, each game's
own bots, and ``make_bot``, which reads a bot spec such as ``hard`` or ``ismcts:0.5s``."""

from __future__ import annotations

from meeple.bots.base import Bot, DrawingBot
from meeple.bots.ismcts import ISMCTS, Policy
from meeple.bots.levels import LEVEL_NAMES, LEVELS, Level, level, level_descriptions
from meeple.bots.random_bot import RandomBot
from meeple.bots.rollout import PolicyRollout
from meeple.core import Action, GameInfo, State
from meeple.core.rng import Random

BOT_KINDS = ("random", "ismcts", *LEVEL_NAMES)


def game_info(game: str | GameInfo) -> GameInfo:
    """The game's ``GameInfo`` from its id (or the info itself, e.g. a test game's)."""
    if isinstance(game, GameInfo):
        return game
    import meeple

    info = meeple.GAMES.get(game)
    if info is None:
        raise ValueError(f"unknown game {game!r} (games: {', '.join(sorted(meeple.GAMES))})")
    return info


def game_bots(game: str | GameInfo) -> dict[str, type]:
    """The game's own bots, by their ``name``, as the game declares them (``GameInfo.bots``)."""
    info = game_info(game)
    return {str(getattr(bot, "name", bot.__name__)): bot for bot in info.bots}


def heuristic_bot(game: str | GameInfo, seed: int | None) -> Bot | None:
    """The game's first declared bot (its heuristic player), or ``None`` if it has none."""
    bots = list(game_bots(game).values())
    if not bots:
        return None
    bot: Bot = bots[0](seed)
    return bot


def heuristic_policy(game: str | GameInfo, seed: int | None) -> Policy | None:
    """The game's heuristic bot as a playout policy (its own move, no extra randomness).

    A heuristic that draws at random (Ibyron's breaks ties between equally good
    moves) offers ``choose_with(state, seat, rng)``; the policy then draws from
    the playout's generator, not the bot's own. So a playout is fixed by its
    world and seed, and two candidate moves played on the same sample see the
    same draws (the rollout's common random numbers)."""
    bot = heuristic_bot(game, seed)
    if bot is None:
        return None
    if isinstance(bot, DrawingBot):
        return bot.choose_with

    def policy(state: State, seat: int, rng: Random) -> Action:
        return bot.choose(state, seat)

    return policy


def _budget(spec: str, budget: str) -> tuple[int | None, float | None]:
    """``"2000"`` -> 2000 iterations; ``"0.5s"`` -> 0.5 seconds."""
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not seconds > 0 or seconds == float("inf"):
                raise ValueError
            return None, seconds
        iterations = int(budget)
        if iterations < 1:
            raise ValueError
        return iterations, None
    except ValueError:
        kind = spec.partition(":")[0]
        raise ValueError(
            f"bad budget {budget!r} in {spec!r}: give iterations or seconds, e.g. {kind}:2000 or {kind}:0.5s"
        ) from None


def level_bot(name: str, game: str | GameInfo, seed: int | None, budget: str = "") -> ISMCTS | PolicyRollout:
    """The level ``name`` of ``game``; a ``budget`` (``"200"`` or ``"0.5s"``) replaces
    both its iteration (or playout) budget and its time cap."""
    spec = f"{name}:{budget}" if budget else name
    settings: Level = level(game_info(game), name)
    iterations: int | None = settings.iterations
    seconds: float | None = settings.seconds
    if budget:
        iterations, seconds = _budget(spec, budget)
    if settings.search == "rollout":
        return PolicyRollout(
            playouts=iterations,
            seconds=seconds,
            seed=seed,
            horizon=settings.horizon,
            epsilon=settings.epsilon,
            prior=heuristic_bot(game, seed),
            margin=settings.margin,
            confidence=settings.confidence,
            blunder=settings.blunder,
            name=name,
            policy=heuristic_policy(game, seed) if settings.policy == "heuristic" else None,
            width=settings.width,
            searched=settings.searched,
            playouts_by_players=None if budget else dict(settings.playouts_by_players),
        )
    prior = heuristic_bot(game, seed) if settings.prior_weight > 0 else None
    # Cutting playouts short only pays when the game judges the cut position
    # itself; without an evaluator the playouts run as the game says.
    judged = game_info(game).evaluator is not None
    return ISMCTS(
        iterations=iterations,
        seconds=seconds,
        seed=seed,
        rollout_limit=settings.rollout_limit if judged else None,
        epsilon=settings.epsilon,
        widening=settings.widening,
        prior=prior,
        prior_weight=settings.prior_weight,
        name=name,
    )


POLICY_KINDS = ("policy", "learned")


def _policy_bot(kind: str, path: str, spec: str, game: str | GameInfo | None) -> Bot:
    """``policy:PATH`` (the path as written, case kept) or ``learned``; imported here, as it needs numpy."""
    from meeple.bots.policy_bot import PolicyBot

    game_id = game_info(game).id if game is not None else None
    if kind == "learned":
        if path:
            raise ValueError(f"the learned bot takes no argument (got {spec!r}); write just 'learned'")
        if game_id is None:
            raise ValueError("'learned' is the policy a game ships: say which, e.g. make_bot('learned', game='bayon')")
        return PolicyBot.learned(game_id)
    if not path:
        raise ValueError(f"a policy bot needs its file: write policy:PATH (got {spec!r})")
    return PolicyBot.from_file(path, game=game_id)


def make_bot(spec: str, seed: int | None = None, game: str | GameInfo | None = None) -> Bot:
    """Build a bot from a spec (case and spaces do not matter):

    * ``random``;
    * ``ismcts`` (1 s a move), ``ismcts:2000`` (2000 iterations a move),
      ``ismcts:0.2s`` (0.2 seconds a move);
    * ``easy``, ``medium``, ``hard`` (needs ``game``; levels are defined per
      game), or ``hard:200`` / ``hard:0.5s`` for a level with another budget;
    * the name of one of ``game``'s own bots (e.g. ``greedy``);
    * ``policy:PATH``, a trained policy file (``meeple.rl.policy``; needs numpy), or
      ``learned``, the policy ``game`` ships (see ``bots/policy_bot.py``).

    ``seed`` is a whole number of at least 0, or ``None`` for a fresh one. The
    same spec, seed and position give the same move whenever the budget is in
    iterations or playouts (a time cap can stop a search sooner on a slow
    machine). A bad spec or seed raises ``ValueError`` saying what is allowed.
    """
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or seed < 0):
        raise ValueError(f"a bot's seed is a whole number of at least 0 (or None), got {seed!r}")
    if not isinstance(spec, str):
        raise ValueError(f"a bot spec is text such as 'hard' or 'ismcts:0.5s', got {type(spec).__name__}")
    text = spec.strip().lower()
    kind, _, budget = text.partition(":")
    kind, budget = kind.strip(), budget.strip()
    if kind in POLICY_KINDS:
        return _policy_bot(kind, spec.strip().partition(":")[2].strip(), spec, game)
    own = game_bots(game) if game is not None else {}
    if kind == "random":
        if budget:
            raise ValueError(f"the random bot takes no budget (got {spec!r}); write just 'random'")
        return RandomBot(seed)
    if kind == "ismcts":
        if not budget:
            return ISMCTS(seconds=1.0, seed=seed)
        iterations, seconds = _budget(text, budget)
        return ISMCTS(iterations=iterations, seconds=seconds, seed=seed)
    if kind in LEVELS:
        if game is None:
            raise ValueError(f"level {kind!r} is defined per game: say which, e.g. make_bot({kind!r}, game='bayon')")
        return level_bot(kind, game, seed, budget)
    if kind in own:
        if budget:
            raise ValueError(f"the {kind!r} bot takes no budget (got {spec!r}); write just {kind!r}")
        bot: Bot = own[kind](seed)
        return bot
    known = [*BOT_KINDS, *POLICY_KINDS, *own]
    where = f" for {game_info(game).id}" if game is not None else " (a game's own bots need game=...)"
    raise ValueError(f"unknown bot {spec!r}{where}; bots: {', '.join(known)}")


__all__ = [
    "BOT_KINDS",
    "ISMCTS",
    "LEVELS",
    "LEVEL_NAMES",
    "POLICY_KINDS",
    "Bot",
    "DrawingBot",
    "Level",
    "PolicyRollout",
    "RandomBot",
    "game_bots",
    "game_info",
    "heuristic_bot",
    "heuristic_policy",
    "level",
    "level_bot",
    "level_descriptions",
    "make_bot",
]
