"""Trained policies as small numpy files, played with numpy alone (no torch at play time).

A policy file is an ``.npz`` holding a multi-layer perceptron (the policy half of a
MaskablePPO actor-critic, exported by :mod:`meeple.rl.train`) and what it was trained on:

* ``meta``: a JSON text with ``format`` (``"meeple-policy"``), ``version``, ``game``, ``env_id``,
  ``players``, ``obs_size``, ``num_actions``, ``fingerprint`` (see :func:`encoder_fingerprint`),
  ``activation`` (``"tanh"`` or ``"relu"``), ``layers`` (the number of hidden layers),
  ``training`` (how it was trained: method, steps, CPU time, command) and, optionally, ``play``
  (how a move is picked, see below) and ``features`` (the feature set its vector was built
  with, ``meeple.rl.feature_sets(game)``: the bot builds the same vector at play time; a file without it
  reads the default vector);
* ``w0, b0, …`` the hidden layers (``w`` of shape ``(inputs, outputs)``), ``w_out, b_out`` the
  action head;
* ``actions``: the action indices the head's rows stand for. A masked policy never learns
  anything about an action that was never legal while it trained (its logit is masked out of
  every update), so the head keeps only the rows of actions seen legal then; that is what keeps
  Ibyron's 14 025 actions inside a small file. A legal action without a row is played only when
  no legal action has one.

How a move is picked (``meta["play"]``): ``"argmax"`` (the default) plays the legal action with
the highest logit. ``"sample"`` draws it from the policy's distribution over the legal actions,
as the policy played its own training games, with the draw keyed by the position: a hash of
``meta["play_seed"]``, the observation and the legal actions. So the same position still gives
the same move, with no generator whose state depends on what was played before. That is for a
policy whose distribution is right but whose single top action is not: Ibyron's head rates
absolute island coordinates, so where a leader may go to some sixty spaces it spreads its
probability over them, and always taking the top one plays much worse than drawing one
(``python -m meeple.rl.policy FILE --play sample`` rewrites a file's choice).

:func:`load_policy` refuses a missing, malformed or inconsistent file with
:class:`PolicyError` (a ``ValueError``) saying what is wrong, and :meth:`MLPPolicy.check`
refuses a policy trained for another game, player count or observation layout, so a
stale file (an encoder changed since it was trained) is refused rather than played badly.
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

FORMAT = "meeple-policy"
VERSION = 1
ACTIVATIONS = ("tanh", "relu")
PLAYS = ("argmax", "sample")
# The shipped files stay small; a file far past this is not one of ours.
MAX_BYTES = 8 * 1024 * 1024
# Past this many bytes of float32 weights, a file keeps them as float16 (see save_policy).
SHIPPED_BYTES = 2_000_000
SHIPPED_NAME = "learned.npz"


class PolicyError(ValueError):
    """A policy file that cannot be played here, and why."""


def encoder_fingerprint(game: str, players: int, features: str | None = None, **options: Any) -> str:
    """A short hash of ``game``'s observation layout at ``players`` (every slice's name and
    bounds, a feature set's appended slices included) and of its action count: a policy is
    played only where it was trained on the very same vector and action indices."""
    import meeple
    from meeple.rl import observation_table

    rows = observation_table(game, players, features, **options)
    table = [(name, start, stop) for name, start, stop, _meaning in rows]
    text = json.dumps({"table": table, "num_actions": meeple.GAMES[game].num_actions})
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def shipped_path(game: str) -> Path:
    """Where ``game``'s shipped policy (the ``learned`` bot) lives in the installed package."""
    import meeple

    if game not in meeple.GAMES:
        raise PolicyError(f"unknown game {game!r} (games: {', '.join(sorted(meeple.GAMES))})")
    return Path(str(resources.files(f"meeple.games.{game}").joinpath(SHIPPED_NAME)))


@dataclass
class MLPPolicy:
    """A loaded policy: ``weights`` and ``biases`` per layer (the last is the action head)."""

    meta: dict[str, Any]
    weights: list[npt.NDArray[np.float32]]
    biases: list[npt.NDArray[np.float32]]
    actions: npt.NDArray[np.intp]
    source: str = "<memory>"
    _rows: npt.NDArray[np.intp] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # row of the head for each action index (-1: none)
        self._rows = np.full(int(self.meta["num_actions"]), -1, dtype=np.intp)
        self._rows[self.actions] = np.arange(len(self.actions))

    @property
    def game(self) -> str:
        return str(self.meta["game"])

    @property
    def players(self) -> int:
        return int(self.meta["players"])

    def check(self, game: str, players: int, fingerprint: str | None = None) -> None:
        """Refuse to play ``game`` at ``players`` unless this policy was trained for it."""
        if game != self.game:
            raise PolicyError(f"policy {self.source} was trained for {self.game!r}, not {game!r}")
        if players != self.players:
            raise PolicyError(
                f"policy {self.source} was trained for {self.game} at {self.players} players; this game has {players}"
            )
        if fingerprint is not None and fingerprint != self.meta["fingerprint"]:
            raise PolicyError(
                f"policy {self.source} was trained on another observation layout of {self.game} "
                f"(fingerprint {self.meta['fingerprint']}, this version's is {fingerprint}): retrain or re-export it"
            )

    def logits(self, obs: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
        """The head's logits (one per kept action row) for one observation or a batch."""
        x = np.asarray(obs, dtype=np.float32)
        relu = self.meta["activation"] == "relu"
        weights = self.weights
        if x.ndim == 1:
            # One observation is mostly zeros (its one-hot slices): the first layer reads only the rows
            # of its nonzero values. Besides being cheaper, the product is then small enough for the BLAS
            # library to keep on one thread; the whole (1 882 x 256) one of Isle of Skye's policy it
            # spreads over its threads, which on a loaded machine cost some 7 ms a move instead of 0.1.
            nonzero = np.flatnonzero(x)
            x, weights = x[nonzero], [weights[0][nonzero], *weights[1:]]
        for w, b in zip(weights[:-1], self.biases[:-1], strict=True):
            x = x @ w
            x += b
            x = np.maximum(x, 0, out=x) if relu else np.tanh(x, out=x)
        out: npt.NDArray[np.float32] = x @ weights[-1] + self.biases[-1]
        return out

    @property
    def features(self) -> str | None:
        """The feature set the policy's vector is built with (``None``: the default vector)."""
        features = self.meta.get("features")
        return None if features is None else str(features)

    @property
    def play(self) -> str:
        """``"argmax"`` or ``"sample"`` (see the module's notes)."""
        return str(self.meta.get("play", "argmax"))

    def act(self, obs: npt.NDArray[np.float32], mask: npt.NDArray[Any]) -> int:
        """The legal action (by ``mask``) with the highest logit, or drawn by the logits keyed by
        the position for a ``"sample"`` policy; if no legal action has a row, the first legal one."""
        mask = np.asarray(mask)
        # an int8 mask of 0 and 1 seen as booleans, without a copy: numpy's nonzero is fast for booleans only
        legal = np.flatnonzero(mask.view(np.bool_) if mask.dtype == np.int8 else mask)
        if len(legal) == 0:
            raise ValueError("no legal action in the mask")
        rows = self._rows[legal]
        known = rows >= 0
        if not known.any():
            return int(legal[0])
        obs = np.ascontiguousarray(obs, dtype=np.float32)
        scores = self.logits(obs)[rows[known]]
        kept = legal[known]
        if self.play == "sample":
            return int(kept[draw(scores, position_key(obs, kept, int(self.meta.get("play_seed", 0))))])
        return int(kept[int(np.argmax(scores))])


def position_key(obs: npt.NDArray[np.float32], legal: npt.NDArray[np.intp], seed: int) -> float:
    """A number in ``[0, 1)`` fixed by ``seed``, the observation's bytes and the legal actions: the
    draw of a sampling policy, the same whenever the same position comes back."""
    digest = hashlib.blake2b(digest_size=8)
    digest.update(seed.to_bytes(8, "little", signed=True))
    digest.update(np.ascontiguousarray(obs, dtype=np.float32).tobytes())
    digest.update(np.ascontiguousarray(legal, dtype=np.int64).tobytes())
    return int.from_bytes(digest.digest(), "little") / 2.0**64


def draw(logits: npt.NDArray[Any], u: float) -> int:
    """The index that ``u`` in ``[0, 1)`` picks from the softmax of ``logits`` (inverse CDF)."""
    z = np.asarray(logits, dtype=np.float64)
    weights = np.cumsum(np.exp(z - z.max()))
    return min(int(np.searchsorted(weights, u * weights[-1], side="right")), len(z) - 1)


def _meta(data: Any, where: str) -> dict[str, Any]:
    if "meta" not in data.files:
        raise PolicyError(f"{where} is not a meeple policy file: it has no 'meta' entry")
    try:
        meta = json.loads(str(data["meta"][()]))
    except (ValueError, TypeError) as exc:
        raise PolicyError(f"{where}: its 'meta' entry is not JSON ({exc})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise PolicyError(f"{where} is not a meeple policy file (meta format is not {FORMAT!r})")
    if meta.get("version") != VERSION:
        raise PolicyError(
            f"{where} is a version {meta.get('version')!r} policy file; this meeple reads version {VERSION}"
        )
    needed = {"game": str, "env_id": str, "players": int, "obs_size": int, "num_actions": int,
              "fingerprint": str, "activation": str, "layers": int}  # fmt: skip
    for key, kind in needed.items():
        if not isinstance(meta.get(key), kind) or isinstance(meta.get(key), bool):
            raise PolicyError(f"{where}: meta {key!r} is missing or not a {kind.__name__}")
    if meta["activation"] not in ACTIVATIONS:
        raise PolicyError(f"{where}: unknown activation {meta['activation']!r} (known: {', '.join(ACTIVATIONS)})")
    if meta.get("play", "argmax") not in PLAYS:
        raise PolicyError(f"{where}: unknown play {meta.get('play')!r} (known: {', '.join(PLAYS)})")
    if meta.get("features") is not None and not isinstance(meta["features"], str):
        raise PolicyError(f"{where}: meta 'features' must be a feature set's name (got {meta['features']!r})")
    if not _is_seed(meta.get("play_seed", 0)):
        raise PolicyError(f"{where}: meta 'play_seed' must be a whole number of 64 bits (got {meta['play_seed']!r})")
    return meta


def _is_seed(seed: Any) -> bool:
    return isinstance(seed, int) and not isinstance(seed, bool) and -(2**63) <= seed < 2**63


def _array(data: Any, name: str, where: str, ndim: int) -> npt.NDArray[Any]:
    if name not in data.files:
        raise PolicyError(f"{where}: the array {name!r} is missing")
    array = data[name]
    if array.ndim != ndim:
        raise PolicyError(f"{where}: {name!r} has {array.ndim} dimensions, not {ndim}")
    return np.asarray(array)


def load_policy(path: str | Path) -> MLPPolicy:
    """Load and check a policy file; :class:`PolicyError` says what is wrong with a bad one."""
    where = str(path)
    file = Path(path)
    if not file.is_file():
        raise PolicyError(f"no policy file at {where}")
    if file.stat().st_size > MAX_BYTES:
        raise PolicyError(f"{where} is {file.stat().st_size} bytes, more than a policy file's {MAX_BYTES}")
    try:
        with np.load(file, allow_pickle=False) as data:
            meta = _meta(data, where)
            layers = meta["layers"]
            names = [(f"w{i}", f"b{i}") for i in range(layers)] + [("w_out", "b_out")]
            weights = [_array(data, w, where, 2) for w, _ in names]
            biases = [_array(data, b, where, 1) for _, b in names]
            actions = _array(data, "actions", where, 1)
    except PolicyError:
        raise
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise PolicyError(f"{where} is not a readable .npz policy file ({exc})") from None
    size = meta["obs_size"]
    for (w_name, b_name), w, b in zip(names, weights, biases, strict=True):
        if w.dtype.kind != "f" or b.dtype.kind != "f":
            raise PolicyError(f"{where}: {w_name!r} and {b_name!r} must hold floats")
        if w.shape[0] != size or b.shape != (w.shape[1],):
            raise PolicyError(
                f"{where}: {w_name!r} is {w.shape} and {b_name!r} {b.shape}, but the layer before gives {size} values"
            )
        if not (np.isfinite(w).all() and np.isfinite(b).all()):
            raise PolicyError(f"{where}: {w_name!r} or {b_name!r} holds a value that is not finite")
        size = w.shape[1]
    if actions.dtype.kind not in "iu" or actions.shape != (size,):
        raise PolicyError(f"{where}: 'actions' must list {size} action indices, one per row of the head")
    distinct = len(np.unique(actions)) == size
    if len(actions) and (actions.min() < 0 or actions.max() >= meta["num_actions"] or not distinct):
        raise PolicyError(f"{where}: 'actions' must be distinct indices below {meta['num_actions']}")
    return MLPPolicy(
        meta,
        [w.astype(np.float32) for w in weights],
        [b.astype(np.float32) for b in biases],
        actions.astype(np.intp),
        source=where,
    )


def save_policy(
    path: str | Path,
    meta: dict[str, Any],
    weights: list[npt.NDArray[Any]],
    biases: list[npt.NDArray[Any]],
    actions: npt.NDArray[Any],
    max_bytes: int = SHIPPED_BYTES,
) -> Path:
    """Write a policy file (``meta`` gets ``format``, ``version``, ``layers`` and ``dtype``); returns its path.

    The weights are stored as ``float32``, or as ``float16`` when ``float32`` would take more than
    ``max_bytes``: half the size, and the network then plays with its weights rounded to
    ``float16`` (computed in ``float32`` all the same), which can change a choice only where two
    actions' logits nearly tie."""
    file = Path(path)
    file.parent.mkdir(parents=True, exist_ok=True)
    size = sum(np.asarray(a).size for a in [*weights, *biases]) * 4
    dtype = np.float32 if size <= max_bytes else np.float16
    full = {**meta, "format": FORMAT, "version": VERSION, "layers": len(weights) - 1, "dtype": np.dtype(dtype).name}
    arrays: dict[str, npt.NDArray[Any]] = {"meta": np.array(json.dumps(full, sort_keys=True))}
    for i, (w, b) in enumerate(zip(weights[:-1], biases[:-1], strict=True)):
        arrays[f"w{i}"], arrays[f"b{i}"] = np.asarray(w, dtype), np.asarray(b, dtype)
    arrays["w_out"], arrays["b_out"] = np.asarray(weights[-1], dtype), np.asarray(biases[-1], dtype)
    arrays["actions"] = np.asarray(actions, np.int32)
    with file.open("wb") as out:
        np.savez_compressed(out, **arrays)  # type: ignore[arg-type]
    return file


def set_play(path: str | Path, play: str, seed: int = 0, out: str | Path | None = None) -> Path:
    """Write ``path`` again (or to ``out``) with ``play`` (and ``play_seed``) in its meta, the
    command kept with how it was trained; the weights are unchanged."""
    if play not in PLAYS:
        raise PolicyError(f"unknown play {play!r} (known: {', '.join(PLAYS)})")
    if not _is_seed(seed):
        raise PolicyError(f"the draws' seed must be a whole number of 64 bits (got {seed!r})")
    policy = load_policy(path)
    meta = {k: v for k, v in policy.meta.items() if k not in ("format", "version", "layers", "dtype")}
    meta["play"] = play
    meta.pop("play_seed", None)
    if play == "sample":
        meta["play_seed"] = seed
    training = dict(meta.get("training") or {})
    target = Path(out) if out is not None else Path(path)
    command = ["python", "-m", "meeple.rl.policy", Path(path).name, "--play", play]
    command += (["--seed", str(seed)] if play == "sample" else []) + (["--out", target.name] if out else [])
    training["commands"] = [*training.get("commands", []), " ".join(command)]
    meta["training"] = training
    # the same dtype as before (0 bytes forces float16); float16 weights load as float32 holding
    # exactly the same values, so the file keeps them exactly
    half = policy.meta.get("dtype") == "float16"
    return save_policy(target, meta, policy.weights, policy.biases, policy.actions, max_bytes=0 if half else MAX_BYTES)


def main(argv: list[str] | None = None) -> int:
    """``python -m meeple.rl.policy FILE --play sample|argmax [--seed N] [--out FILE]``."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m meeple.rl.policy", description="Set how a policy picks its moves.")
    parser.add_argument("file", type=Path)
    parser.add_argument("--play", choices=PLAYS, required=True, help="argmax: the top-rated legal action; "
                        "sample: drawn from the policy's distribution, keyed by the position")  # fmt: skip
    parser.add_argument("--seed", type=int, default=0, help="the draws' seed (with --play sample)")
    parser.add_argument("--out", type=Path, help="write here instead of rewriting FILE")
    args = parser.parse_args(argv)
    try:
        written = set_play(args.file, args.play, args.seed, args.out)
    except PolicyError as exc:
        parser.exit(2, f"error: {exc}\n")
    print(f"{written}: play {args.play}")
    return 0


__all__ = [
    "MLPPolicy",
    "PolicyError",
    "draw",
    "encoder_fingerprint",
    "load_policy",
    "position_key",
    "save_policy",
    "set_play",
    "shipped_path",
]


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
