"""Game metadata: what a game is called, who may play it and how it is set up."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from meeple.core.actions import Action
    from meeple.core.rng import Random
    from meeple.core.state import State
    from meeple.core.words import EndSummary, LogLine


@dataclass(frozen=True)
class Option:
    """One game option with its default.

    ``kind`` is the Python type the value must have (``bool``, ``int`` or
    ``str``). ``choices`` limits the allowed values; ``minimum``/``maximum``
    bound an ``int``. A ``default`` of ``None`` means "decided by the rules
    from the player count" and ``None`` stays allowed.
    """

    name: str
    default: Any
    kind: type
    help: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    # How the option reads to a person (lobby, CLI help): a short ``label``
    # ("Winning wealth", not ``target``), one name per entry of ``choices``,
    # and for a text option made of several picks from a named list (Isle of
    # Skye's scoring tiles) the ``(id, name)`` list and how many to pick; the
    # value is then the ids joined by commas.
    label: str = ""
    choice_labels: tuple[str, ...] | None = None
    pick_from: tuple[tuple[str, str], ...] | None = None
    pick_count: int = 0

    def check(self, value: Any) -> Any:
        """Return ``value`` if allowed, else raise ``ValueError`` saying why."""
        if value is None and self.default is None:
            return None
        if self.kind is int and isinstance(value, str) and value.lstrip("-").isdigit():
            value = int(value)
        if self.kind is bool and isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
            value = value.lower() in ("true", "yes", "1")
        if not isinstance(value, self.kind) or (self.kind is int and isinstance(value, bool)):
            raise ValueError(f"option {self.name!r} must be {self.kind.__name__}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {self.name!r} must be one of {allowed}, got {value!r}")
        number = value if isinstance(value, int) else None
        if self.minimum is not None and number is not None and number < self.minimum:
            raise ValueError(f"option {self.name!r} must be at least {self.minimum}, got {value!r}")
        if self.maximum is not None and number is not None and number > self.maximum:
            raise ValueError(f"option {self.name!r} must be at most {self.maximum}, got {value!r}")
        return value


@dataclass(frozen=True)
class RLSpec:
    """How the RL adapters (``meeple.rl``) present a game; declared by the game, read by them.

    ``env_name`` is the environment's name in Gymnasium's and PettingZoo's
    registries: the id is ``meeple/<env_name>-v<rules_version>``, so a change
    of the rules, which changes what an agent learns, also changes the id (as
    PettingZoo's ``connect_four_v3`` does). ``encoder`` names the game's
    observation encoder as ``"module:Class"``: it is imported only when a
    tensor is asked for, since it needs numpy (the ``rl`` extra).
    ``max_game_length`` is the longest game the environment admits (OpenSpiel
    asks for one), a designed bound well above the longest random game.
    ``utility`` is OpenSpiel's utility type: ``"zero_sum"`` where the winners'
    gains are the losers' losses, ``"general_sum"`` where that cannot hold (a
    game with a one-seat solo mode). ``features`` names the game's feature
    sets, ``(name, "module:Class")`` pairs: encoders that write the default
    vector with more inputs after it, worked out from what the seat sees
    (``meeple.rl.feature_sets``; asked for with ``features=NAME``).
    """

    env_name: str
    encoder: str
    max_game_length: int
    utility: Literal["zero_sum", "general_sum"] = "zero_sum"
    features: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        module, _, name = self.encoder.partition(":")
        if not module or not name:
            raise ValueError(f"RLSpec.encoder must be 'module:Class', got {self.encoder!r}")
        if self.max_game_length < 1:
            raise ValueError(f"RLSpec.max_game_length must be positive, got {self.max_game_length}")
        for name, path in self.features:
            module, _, cls = path.partition(":")
            if not name or not module or not cls:
                raise ValueError(f"RLSpec.features holds (name, 'module:Class') pairs, got {(name, path)!r}")


# narrator(before, action, seat, after, names) -> the move's consequences in words.
Narrator = Callable[["State", "Action", int, "State", "Sequence[str] | None"], "Sequence[LogLine]"]


@dataclass(frozen=True)
class GameInfo:
    """What ``meeple.GAMES[id]`` holds for each game.

    ``action_space`` lists every action the game can ever offer, in a fixed
    order; an action's position in it is its stable index for RL
    (``State.action_index``), and ``num_actions`` is its length.
    ``rollout_limit`` is the search bots' default cap on a random playout's
    length, for a game whose random games run long (the state's
    ``evaluate()`` or running score then judges the cut-off game).
    ``conformance`` lists extra ``(players, options)`` set-ups the
    conformance suite must run besides the default options at every player
    count. ``length`` says how long a game lasts in words a player knows
    (rounds, and minutes at a table where the box gives them), for a lobby.

    ``rules_version`` is bumped whenever the rules, the data or the order of
    random draws change, since any of those changes what an old record means;
    records carry it and a record of another version is refused rather than
    replayed into a different game. ``end_reasons`` lists every value
    ``State.end_reason`` can take once the game is over (a designed
    safeguard ends with ``"safety_cap"``). ``bots`` declares the game's own
    bot classes (each with a ``name`` and ``choose(state, seat)``), and
    ``rollout_policy(state, seat, rng)`` is the game's fast heuristic move
    for guided search playouts, and ``evaluator(state)`` its judgement of a
    running position (what ``State.evaluate()`` returns; both usually live in
    the game's ``bot.py``, so ``rules.py`` need not import them).
    ``careless_moves(state, seat)`` (optional) lists the legal moves an easy
    bot's random slips are drawn from, where some legal moves would ruin a
    game rather than make a beginner's mistake; without it a slip is any
    legal move.

    The words a person reads come from the game's ``words.py`` (see
    ``meeple.core.words``): ``labeler(state, action, seat)`` is a legal
    action in words for the seat about to make it (``State.action_label``);
    ``narrator(before, action, seat, after, names)`` lists the automatic
    consequences of a move as ``LogLine``s, each naming who may read it;
    ``summarizer(state, names)`` is the finished game's ``EndSummary`` (why
    it ended, each seat's breakdown); ``undo_barrier(before, action, seat,
    after)`` is true when a move revealed something to anyone, so that no
    seat may take it back (a draw from the generator is always a barrier; a
    game where one seat moves again after its turn ends, as in a solo game,
    also marks the move that ends the turn).

    ``levels`` holds the game's bot levels as changes to the defaults of
    ``meeple.bots.levels.LEVELS`` (``{"hard": {"iterations": 200, ...}}``,
    each level's ``description`` included: what a lobby shows a player);
    usually the game's ``levels.py``. ``rl`` says how the RL adapters present
    the game (``RLSpec``); a game without it has no tensor environment.
    ``analysis_playouts`` is how many playouts ``meeple.analysis`` spends on
    each decision of a finished game (``None``: its default), set in the
    game's ``levels.py`` so that a typical game analyses in about a minute;
    ``analysis_end_spread`` (``None``: the result itself) scores a playout that
    reaches the end by the seat's share of a softmax of the final scores with
    that spread, for a game where a win or a loss alone is too noisy to judge by.
    """

    id: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    options: tuple[Option, ...]
    state_class: type[State]
    action_space: tuple[Action, ...]
    description: str = ""
    length: str = ""
    conformance: tuple[tuple[int, dict[str, Any]], ...] = ()
    rollout_limit: int | None = None
    rules_version: int = 1
    end_reasons: tuple[str, ...] = ()
    bots: tuple[type, ...] = field(default=(), compare=False)
    rollout_policy: Callable[[State, int, Random], Action] | None = field(default=None, compare=False)
    evaluator: Callable[[State], tuple[float, ...]] | None = field(default=None, compare=False)
    careless_moves: Callable[[State, int], list[Action]] | None = field(default=None, compare=False)
    labeler: Callable[[State, Action, int], str] | None = field(default=None, compare=False)
    narrator: Narrator | None = field(default=None, compare=False)
    summarizer: Callable[[State, Sequence[str] | None], EndSummary] | None = field(default=None, compare=False)
    undo_barrier: Callable[[State, Action, int, State], bool] | None = field(default=None, compare=False)
    text_view: Callable[..., Any] | None = field(default=None, compare=False)
    svg_view: Callable[..., str] | None = field(default=None, compare=False)
    levels: Mapping[str, Mapping[str, object]] = field(default_factory=dict, compare=False)
    analysis_playouts: int | None = None
    analysis_end_spread: float | None = None
    rl: RLSpec | None = field(default=None, compare=False)

    @property
    def num_actions(self) -> int:
        return len(self.action_space)

    @property
    def env_id(self) -> str:
        """The id of the game's environment in Gymnasium's and PettingZoo's registries."""
        if self.rl is None:
            raise ValueError(f"{self.title} declares no RL environment (GameInfo.rl)")
        return f"meeple/{self.rl.env_name}-v{self.rules_version}"

    @property
    def player_counts(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def option(self, name: str) -> Option:
        for opt in self.options:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(f"{self.title} has no option {name!r} (options: {known})")

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Fill defaults and check every given option; unknown names raise ``ValueError``."""
        resolved = {opt.name: opt.default for opt in self.options}
        for name, value in given.items():
            resolved[name] = self.option(name).check(value)
        return resolved

    def new(self, players: int | None = None, seed: int | None = None, **options: Any) -> State:
        from meeple.core.rng import fresh_seed

        if players is None:
            players = self.default_players
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be an integer, got {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players, not {players}"
            )
        if seed is None:
            seed = fresh_seed()
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, got {seed!r}")
        resolved = self.state_class.resolve_options(players, self.resolve_options(options))
        return self.state_class(players, seed, resolved)
