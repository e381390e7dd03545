"""``meeple train``: MaskablePPO on one game, exported as a numpy policy file (``policy:PATH``).

    meeple train bayon --opponent random:300000 --opponent heuristic:700000 --out bayon.npz

Needs the ``train`` extra (torch, sb3-contrib, matplotlib; a CPU-only torch is enough). The
learner plays one seat of ``num_envs`` games stepped together (``meeple.rl.vector_env``),
against the phases' opponents in turn; each ``--opponent SPEC:STEPS`` is one phase of
``STEPS`` learner steps against ``SPEC``:

* any bot spec (``random``, ``heuristic``, ``medium``, ``policy:PATH`` …);
* ``A+B``: the sub-environments split between opponents ``A`` and ``B`` (half each);
* ``self``: a frozen copy of the learner as it is when the phase starts (self-play).

Before the phases, ``--imitate SPEC GAMES`` clones a bot and ``--dagger ROUNDS GAMES`` goes on
with DAgger rounds (``meeple.rl.imitate``), so that PPO starts from the bot's habits.

``--features NAME`` trains on a feature set's vector (``meeple.rl.feature_sets(game)``: the default vector
with inputs appended, such as Isle of Skye's ``placement_values``); the policy file names it in
its meta, so ``policy:PATH`` and ``learned`` build the same vector at play time, and a checkpoint
keeps it for ``--resume``.

It writes the policy half of the actor-critic (``meeple.rl.policy``'s format: numpy arrays,
the head kept to the actions seen legal in training), a learning-curve PNG (win share of the
learner's episodes against learner steps, per phase) and, with ``--checkpoint``, the whole
Stable-Baselines3 model with the curve so far, from which ``--resume`` goes on. The same
arguments and seed give the same policy (one torch thread, seeded environments).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import meeple
from meeple.rl.common import env_ids
from meeple.rl.imitate import imitate
from meeple.rl.policy import MLPPolicy, encoder_fingerprint, save_policy


@dataclass(frozen=True)
class Phase:
    opponent: str
    steps: int


def parse_phase(text: str) -> Phase:
    """``SPEC:STEPS`` (the steps after the last colon, so ``policy:PATH:STEPS`` works)."""
    spec, sep, steps = text.rpartition(":")
    try:
        count = int(float(steps)) if sep else -1
    except ValueError:
        count = -1
    if not spec or count < 1:
        raise argparse.ArgumentTypeError(f"an opponent phase is SPEC:STEPS, such as random:200000 (got {text!r})")
    return Phase(spec, count)


def _vec_env(
    game: str, players: int, spec: str, num_envs: int, seed: int, snapshot: Path | None, features: str | None = None
) -> Any:
    """An SB3 ``VecEnv`` of ``num_envs`` games against ``spec`` (``A+B`` split, ``self`` the snapshot),
    observations of the feature set ``features``."""
    from stable_baselines3.common.vec_env import VecEnv

    from meeple.rl.vector import vector_env

    parts = [("policy:" + str(snapshot) if part == "self" else part) for part in spec.split("+")]
    if "self" in spec.split("+") and snapshot is None:
        raise ValueError("self-play needs a learner to copy")
    if len(parts) == 1:
        return vector_env(game, num_envs, players=players, opponents=parts[0], seed=seed, features=features).to_sb3()
    sizes = [num_envs // len(parts) + (i < num_envs % len(parts)) for i in range(len(parts))]
    if min(sizes) < 1:
        raise ValueError(f"{num_envs} environments cannot be split between {len(parts)} opponents")
    subs = [vector_env(game, n, players=players, opponents=p, seed=seed + i, features=features).to_sb3()
            for i, (n, p) in enumerate(zip(sizes, parts, strict=True))]  # fmt: skip

    class Mixed(VecEnv):
        """Several batches side by side, as one (the rows of each in turn)."""

        def __init__(self) -> None:
            super().__init__(num_envs, subs[0].observation_space, subs[0].action_space)
            self.bounds = np.cumsum([0, *sizes])

        def reset(self) -> npt.NDArray[np.float32]:
            return np.concatenate([s.reset() for s in subs])

        def step_async(self, actions: npt.NDArray[Any]) -> None:
            for s, lo, hi in zip(subs, self.bounds[:-1], self.bounds[1:], strict=True):
                s.step_async(actions[lo:hi])

        def step_wait(self) -> Any:
            results = [s.step_wait() for s in subs]
            obs, rewards, dones = (np.concatenate([r[k] for r in results]) for k in range(3))
            return obs, rewards, dones, [info for r in results for info in r[3]]

        def action_masks(self) -> npt.NDArray[np.bool_]:
            return np.concatenate([s.action_masks() for s in subs])

        def close(self) -> None:
            for s in subs:
                s.close()

        def seed(self, seed: int | None = None) -> list[Any]:
            return [x for s in subs for x in s.seed(seed)]

        def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
            return [x for s in subs for x in s.get_attr(attr_name)]

        def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
            for s in subs:
                s.set_attr(attr_name, value)

        def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
            return [x for s in subs for x in s.env_method(method_name, *args, **kwargs)]

        def env_is_wrapped(self, wrapper_class: type[Any], indices: Any = None) -> list[bool]:
            return [False] * num_envs

    return Mixed()


def policy_arrays(model: Any, seen: npt.NDArray[np.bool_]) -> tuple[list[Any], list[Any], npt.NDArray[np.intp], str]:
    """The actor half of ``model`` (a MaskablePPO with an MLP policy) as numpy arrays: weights,
    biases, the action rows kept (those ``seen`` legal in training) and the activation."""
    import torch

    policy = model.policy
    layers = [m for m in policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    activations = {type(m).__name__ for m in policy.mlp_extractor.policy_net if not isinstance(m, torch.nn.Linear)}
    activation = {"Tanh": "tanh", "ReLU": "relu"}[activations.pop()] if activations else "tanh"
    weights = [layer.weight.detach().cpu().numpy().T.copy() for layer in layers]
    biases = [layer.bias.detach().cpu().numpy().copy() for layer in layers]
    actions = np.flatnonzero(seen)
    head = policy.action_net
    weights.append(head.weight.detach().cpu().numpy()[actions].T.copy())
    biases.append(head.bias.detach().cpu().numpy()[actions].copy())
    return weights, biases, actions, activation


def _meta(game: str, players: int, obs_size: int, activation: str, features: str | None = None) -> dict[str, Any]:
    meta: dict[str, Any] = {
        "game": game,
        "env_id": env_ids()[game],
        "players": players,
        "obs_size": obs_size,
        "num_actions": int(meeple.GAMES[game].num_actions),
        "fingerprint": encoder_fingerprint(game, players, features),
        "activation": activation,
    }
    if features is not None:  # a file without it reads the default vector
        meta["features"] = features
    return meta


def live_policy(model: Any, game: str, players: int, features: str | None = None) -> MLPPolicy:
    """``model``'s policy as the numpy bot plays it (every action row kept), without a file."""
    seen = np.ones(int(meeple.GAMES[game].num_actions), dtype=np.bool_)
    weights, biases, actions, activation = policy_arrays(model, seen)
    meta = {**_meta(game, players, int(weights[0].shape[0]), activation, features), "layers": len(weights) - 1}
    return MLPPolicy(meta, weights, biases, actions)


def export_policy(model: Any, path: Path, game: str, players: int, seen: npt.NDArray[np.bool_],
                  training: dict[str, Any], features: str | None = None) -> Path:  # fmt: skip
    """Write the actor half of ``model`` (a MaskablePPO with an MLP policy) as a policy file,
    its head cut down to the actions ``seen`` legal in training (``features``: the feature set of
    the vector it was trained on, kept in its meta)."""
    weights, biases, actions, activation = policy_arrays(model, seen)
    meta = {**_meta(game, players, int(weights[0].shape[0]), activation, features), "training": training}
    return save_policy(path, meta, weights, biases, actions)


def plot_curve(curve: dict[str, Any], path: Path, title: str) -> None:
    """The learner's win share (moving average over its episodes) against its steps, one colour a phase."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    steps, wins, phases = np.array(curve["steps"]), np.array(curve["wins"], float), curve["phases"]
    fig, ax = plt.subplots(figsize=(7, 4))
    for i, (label, start, stop) in enumerate(phases):
        rows = (steps > start) & (steps <= stop)
        if rows.sum() == 0:
            continue
        window = max(1, min(200, int(rows.sum()) // 20))
        smooth = np.convolve(wins[rows], np.ones(window) / window, mode="valid")
        ax.plot(steps[rows][window - 1 :], smooth, color=f"C{i % 10}", label=f"vs {label} ({window}-episode mean)")
        ax.axvline(start, color="grey", lw=0.5)
    ax.set_ylim(0, 1.02)
    ax.set_xlabel("learner steps")
    ax.set_ylabel("win share of the learner's games")
    ax.set_title(title)
    ax.grid(alpha=0.3)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)


def train(args: argparse.Namespace) -> Path:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback

    torch.set_num_threads(1)
    game, players = args.game, args.players or meeple.GAMES[args.game].default_players
    # With --resume and no phase, the checkpoint is only exported again.
    phases: list[Phase] = args.opponent or ([] if args.imitate or args.resume else [Phase("random", 200_000)])
    num_actions = meeple.GAMES[game].num_actions
    curve: dict[str, Any] = {"steps": [], "wins": [], "phases": [], "cpu_seconds": 0.0, "commands": []}
    seen = np.zeros(num_actions, dtype=bool)
    model: Any = None
    if args.resume:
        saved = json.loads(Path(args.resume).with_suffix(".json").read_text())
        kept = saved.get("features")  # the checkpoint's feature set goes on unless another is asked for
        if args.features is not None and args.features != kept:
            raise SystemExit(f"meeple train: {args.resume} was trained with features {kept!r}, not {args.features!r}")
        args.features = kept
        model = MaskablePPO.load(args.resume, device="cpu")
        curve, seen = saved["curve"], np.array(saved["seen"], dtype=bool)
        model.set_random_seed(args.seed)
        model.ent_coef = args.ent_coef  # the one setting a later phase may change (less exploring)
    curve["commands"].append(shlex.join(["meeple", "train", *args.argv]))
    features: str | None = args.features
    if features is not None:
        from meeple.rl import feature_sets

        if features not in feature_sets(game):
            known = ", ".join(feature_sets(game)) or "none"
            raise SystemExit(f"meeple train: {game} has no feature set {features!r} (feature sets: {known})")

    class Record(BaseCallback):
        def _on_step(self) -> bool:
            dones, rewards = self.locals["dones"], self.locals["rewards"]
            for row in np.flatnonzero(dones):
                curve["steps"].append(int(self.num_timesteps))
                curve["wins"].append(bool(rewards[row] > 0))
            return True

        def _on_rollout_end(self) -> None:
            masks = self.model.rollout_buffer.action_masks  # type: ignore[attr-defined]
            seen[:] |= masks.reshape(-1, num_actions).any(axis=0) > 0
            if self.num_timesteps // 50_000 > (self.num_timesteps - args.n_steps * args.envs) // 50_000:
                recent = curve["wins"][-500:]
                share = f"{np.mean(recent):.1%}" if recent else "-"
                print(f"  step {self.num_timesteps}: win share of the last {len(recent)} episodes {share}", flush=True)

    if args.imitate:
        spec, games = args.imitate
        env = _vec_env(game, players, "random", args.envs, args.seed, None, features)
        model = model or _new_model(MaskablePPO, env, args)
        cpu = time.process_time()
        rounds, round_games = args.dagger or (0, 0)
        cloned = imitate(model, game, players, spec, games, args.seed, args.imitate_epochs, rounds=rounds,
                         round_games=round_games, opponents=args.dagger_opponent, gamma=args.gamma,
                         learner_of=lambda m: live_policy(m, game, players, features),
                         round_epochs=args.dagger_epochs, features=features)  # fmt: skip
        curve["cpu_seconds"] += time.process_time() - cpu
        seen |= cloned["seen"]
        curve.setdefault("imitated", []).append([spec, games, rounds, round_games, cloned["rounds"]])
        env.close()
        if phases:  # the clone as it is before PPO, beside the final files (``NAME-imitated``)
            _save(model, curve, seen, args, args.out.with_name(args.out.stem + "-imitated" + args.out.suffix),
                  args.checkpoint and args.checkpoint.with_name(args.checkpoint.stem + "-imitated.zip"))  # fmt: skip
    with tempfile.TemporaryDirectory() as scratch:
        snapshot = Path(scratch) / "self.npz"
        for number, phase in enumerate(phases):
            if "self" in phase.opponent.split("+"):
                if model is None:
                    raise SystemExit("meeple train: self-play needs a learner first (a phase before it, or --resume)")
                export_policy(model, snapshot, game, players, seen, {}, features)
            env = _vec_env(game, players, phase.opponent, args.envs, args.seed + 1000 * number, snapshot, features)
            if model is None:
                model = _new_model(MaskablePPO, env, args)
            else:
                model.set_env(env)
            start_steps, cpu = model.num_timesteps, time.process_time()
            model.learn(total_timesteps=phase.steps, callback=Record(), reset_num_timesteps=False)
            curve["cpu_seconds"] += time.process_time() - cpu
            curve["phases"].append((phase.opponent, start_steps, model.num_timesteps))
            recent = curve["wins"][-500:]
            share = f"{np.mean(recent):.1%}" if recent else "-"
            print(f"phase {phase.opponent}: steps {start_steps}-{model.num_timesteps}, "
                  f"win share of the last {len(recent)} episodes {share}, "
                  f"CPU {curve['cpu_seconds']:.0f}s so far", flush=True)  # fmt: skip
            env.close()
    if model is None:
        raise SystemExit("meeple train: nothing to train (give --opponent SPEC:STEPS or --imitate SPEC GAMES)")
    out = _save(model, curve, seen, args, args.out, args.checkpoint)
    if args.curve:
        plot_curve(curve, args.curve, f"MaskablePPO on {meeple.GAMES[game].title} ({players} players)")
        print(f"learning curve saved to {args.curve}")
    return out


def _save(model: Any, curve: dict[str, Any], seen: npt.NDArray[np.bool_], args: argparse.Namespace, out: Path,
          checkpoint: Path | None) -> Path:  # fmt: skip
    """Write the policy file ``out`` (with how it was trained so far) and, given ``checkpoint``, the model."""
    steps_text = []
    for entry in curve.get("imitated", []):  # [spec, games, rounds, games a round, log] ([spec, games, ...] before)
        rounds, per = (entry[2], entry[3]) if len(entry) == 5 else (0, 0)
        steps_text.append(f"imitating {entry[0]} over {entry[1]} games"
                          + (f" and {rounds} DAgger rounds of {per} games" if rounds else ""))  # fmt: skip
    steps_text += [f"vs {p[0]} to step {p[2]}" for p in curve["phases"]]
    training = {
        "method": "MaskablePPO (sb3-contrib), " + ", then ".join(steps_text),
        "steps": int(model.num_timesteps),
        "cpu_seconds": round(curve["cpu_seconds"]),
        "commands": curve["commands"],
    }
    players = args.players or meeple.GAMES[args.game].default_players
    written = export_policy(model, out, args.game, players, seen, training, args.features)
    print(f"policy saved to {written} ({written.stat().st_size} bytes, {int(seen.sum())} action rows)", flush=True)
    if checkpoint:
        model.save(checkpoint)
        kept = {"curve": curve, "seen": seen.tolist(), "features": args.features}
        Path(checkpoint).with_suffix(".json").write_text(json.dumps(kept))
        print(f"checkpoint saved to {checkpoint}", flush=True)
    return written


def _new_model(cls: Any, env: Any, args: argparse.Namespace) -> Any:
    import torch

    return cls(
        "MlpPolicy", env, n_steps=args.n_steps, batch_size=args.batch_size, n_epochs=args.epochs,
        learning_rate=args.lr, gamma=args.gamma, ent_coef=args.ent_coef, seed=args.seed, device="cpu",
        policy_kwargs={"net_arch": {"pi": args.hidden, "vf": args.hidden}, "activation_fn": torch.nn.Tanh},
        verbose=0,
    )  # fmt: skip


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", choices=sorted(env_ids()))
    parser.add_argument("--players", type=int, help="seats per game (default: the game's usual count)")
    parser.add_argument(
        "--opponent", action="append", type=parse_phase, metavar="SPEC:STEPS",
        help="a training phase: STEPS learner steps against SPEC (a bot spec, A+B for half each, or self); "
        "repeat for a curriculum (default random:200000)",
    )  # fmt: skip
    parser.add_argument(
        "--imitate", nargs=2, metavar=("SPEC", "GAMES"), type=str,
        help="first fit the policy to SPEC's moves over GAMES games it plays against itself (behaviour cloning)",
    )  # fmt: skip
    parser.add_argument("--imitate-epochs", type=int, default=5, help="passes over the imitated moves")
    parser.add_argument(
        "--dagger", nargs=2, type=int, metavar=("ROUNDS", "GAMES"),
        help="after --imitate, ROUNDS rounds of GAMES games in which the learner plays one seat and the "
        "imitated bot labels its every position (DAgger), refitting on all labels after each round",
    )  # fmt: skip
    parser.add_argument("--dagger-epochs", type=int, help="passes over all the labels after each DAgger round "
                        "(default: --imitate-epochs)")  # fmt: skip
    parser.add_argument("--dagger-opponent", metavar="SPEC", help="who plays the other seats in the DAgger rounds "
                        "(default: the imitated bot)")  # fmt: skip
    parser.add_argument("--out", type=Path, default=Path("policy.npz"), help="the policy file to write")
    parser.add_argument("--curve", type=Path, help="the learning-curve PNG to write")
    parser.add_argument("--checkpoint", type=Path, help="also save the whole model here (.zip), to --resume from")
    parser.add_argument("--resume", type=Path, help="go on from a --checkpoint")
    parser.add_argument("--envs", type=int, default=16, help="games stepped together")
    parser.add_argument("--n-steps", type=int, default=128, help="steps per game per PPO update")
    parser.add_argument("--batch-size", type=int, default=512)
    parser.add_argument("--epochs", type=int, default=4)
    parser.add_argument("--lr", type=float, default=3e-4)
    parser.add_argument("--gamma", type=float, default=0.995)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--hidden", type=int, nargs="+", default=[128, 128], help="hidden layer sizes")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--features", metavar="NAME",
        help="a feature set appended to the observation (meeple.rl.feature_sets; Isle of Skye: placement_values); "
        "the policy file records it, so the bot builds the same vector; with --resume, the checkpoint's",
    )  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="meeple train", description=__doc__.splitlines()[0])
    add_arguments(parser)
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser.parse_args(argv)
    args.argv = argv
    if args.imitate:
        spec, games = args.imitate
        if not games.isdigit() or (int(games) < 1 and not args.dagger):
            parser.error(f"--imitate takes a bot spec and a number of games, such as heuristic 500 (got {games!r})")
        args.imitate = (spec, int(games))
    try:
        import sb3_contrib  # noqa: F401
        import torch  # noqa: F401
    except ImportError as exc:
        raise SystemExit(f"meeple train needs the train extra (pip install 'meeple[train]'): {exc}") from None
    train(args)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
