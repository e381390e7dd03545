"""A bot that plays a trained policy file (``policy:PATH``, or a game's shipped ``learned``).

It reads the seat's observation tensor (with the feature set the file names, if any) and legal
mask (``meeple.rl``) and plays the legal
action the policy's network rates highest, or one drawn from its distribution with the draw
fixed by the position for a file that says ``"play": "sample"`` (see ``meeple.rl.policy``):
numpy only, no torch, about a millisecond a move.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from meeple.core import Action, State
from meeple.rl.policy import MLPPolicy, PolicyError, encoder_fingerprint, load_policy, shipped_path


@lru_cache(maxsize=32)
def _load(path: str, mtime_ns: int, size: int) -> MLPPolicy:
    """One load per file version: an environment builds its opponents anew at every reset, and a
    policy is only read once loaded, so every bot of one file shares it."""
    return load_policy(path)


class PolicyBot:
    """Plays ``policy`` (its argmax over the legal actions, or its position-keyed draw: the same
    position gives the same move)."""

    def __init__(self, policy: MLPPolicy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name
        self._checked: set[tuple[int, tuple[tuple[str, object], ...]]] = set()

    @classmethod
    def from_file(cls, path: str | Path, game: str | None = None, name: str = "policy") -> PolicyBot:
        """Load ``path``; with ``game``, refuse at once a policy trained for another game."""
        file = Path(path)
        try:
            stat = file.stat()
        except OSError:
            raise PolicyError(f"no policy file at {path}") from None
        policy = _load(str(file), stat.st_mtime_ns, stat.st_size)
        if game is not None and game != policy.game:
            raise PolicyError(f"policy {path} was trained for {policy.game!r}, not {game!r}")
        return cls(policy, name=name)

    @classmethod
    def learned(cls, game: str) -> PolicyBot:
        """``game``'s shipped policy (package data), or a clear refusal if it ships none."""
        path = shipped_path(game)
        if not path.is_file():
            raise PolicyError(f"{game} ships no trained policy (no {path.name} in its package folder)")
        return cls.from_file(path, game=game, name="learned")

    def _check(self, state: State) -> None:
        # The fingerprint hashes the layout table, so it is worked out once per player count and options.
        try:
            key = (state.players, tuple(sorted(state.options.items())))
            hash(key)
        except TypeError:
            key = (state.players, ())
        if key in self._checked:
            return
        fingerprint = encoder_fingerprint(state.game, state.players, self.policy.features, **state.options)
        self.policy.check(state.game, state.players, fingerprint)
        self._checked.add(key)

    def choose(self, state: State, seat: int) -> Action:
        from meeple.rl import legal_mask, observation_tensor

        self._check(state)
        mask = legal_mask(state, seat)
        if not mask.any():
            raise ValueError(f"seat {seat} has no legal action now")
        index = self.policy.act(observation_tensor(state, seat, self.policy.features), mask)
        return state.info.action_space[index]


__all__ = ["PolicyBot"]
