"""Train sb3-contrib's MaskablePPO on one meeple game against random opponents (CPU).

    pip install 'meeple[train]'      # torch, sb3-contrib, matplotlib (a CPU-only torch is enough)
    python examples/train_maskable_ppo.py --game isle_of_skye --players 2 --minutes 3
    python examples/train_maskable_ppo.py --max-steps 256 --n-steps 128 --episodes 4   # a smoke run

It measures the win rate of the untrained policy, trains for the given wall-clock
time, measures again, saves the learning curve (episode reward, moving average,
against environment steps) as a PNG and prints both win rates. A win is a
positive final reward (the learner is among the winners, not all seats are).
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import gymnasium
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.monitor import Monitor

import meeple.rl.gymnasium  # noqa: F401  (registers the environments with Gymnasium)
from meeple.rl.common import env_ids


class StopAfter(BaseCallback):
    """Stop training once ``seconds`` of wall-clock time have passed (or a step budget is spent)."""

    def __init__(self, seconds: float) -> None:
        super().__init__()
        self.deadline = time.monotonic() + seconds

    def _on_step(self) -> bool:
        return time.monotonic() < self.deadline


def win_rate(model: MaskablePPO, env_id: str, players: int, episodes: int, seed: int) -> float:
    env = gymnasium.make(env_id, players=players, opponents="random")
    wins = 0
    for episode in range(episodes):
        obs, _ = env.reset(seed=seed + episode)
        done, reward = False, 0.0
        while not done:
            action, _ = model.predict(obs, action_masks=env.unwrapped.action_masks(), deterministic=True)
            obs, reward, term, trunc, _ = env.step(int(action))
            done = term or trunc
        wins += reward > 0
    return wins / episodes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="isle_of_skye", choices=list(env_ids()))
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--minutes", type=float, default=3.0)
    parser.add_argument("--max-steps", type=int, default=10_000_000, help="stop earlier after this many steps")
    parser.add_argument("--episodes", type=int, default=200, help="evaluation episodes before and after")
    parser.add_argument("--n-steps", type=int, default=1024, help="steps collected per PPO update")
    parser.add_argument("--batch-size", type=int, default=256, help="PPO minibatch (at most --n-steps)")
    parser.add_argument("--out", type=Path, default=Path("learning_curve.png"))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (more only contend on a small MLP)")
    args = parser.parse_args()
    torch.set_num_threads(args.threads)
    env_id = env_ids()[args.game]
    env = Monitor(gymnasium.make(env_id, players=args.players, opponents="random"))
    env.reset(seed=args.seed)
    batch = min(args.batch_size, args.n_steps)
    model = MaskablePPO(
        "MlpPolicy", env, n_steps=args.n_steps, batch_size=batch, seed=args.seed, device="cpu", verbose=0
    )
    before = win_rate(model, env_id, args.players, args.episodes, seed=10_000)
    print(f"{env_id}, {args.players} players vs random: win rate before training {before:.1%} ({args.episodes} games)")
    start = time.monotonic()
    model.learn(total_timesteps=args.max_steps, callback=StopAfter(args.minutes * 60))
    trained = time.monotonic() - start
    after = win_rate(model, env_id, args.players, args.episodes, seed=10_000)
    print(f"trained {model.num_timesteps} steps in {trained:.0f}s; win rate after {after:.1%} ({args.episodes} games)")
    rewards = np.array(env.get_episode_rewards())
    steps = np.cumsum(env.get_episode_lengths())
    if len(rewards):
        window = max(1, len(rewards) // 20)
        smooth = np.convolve(rewards, np.ones(window) / window, mode="valid")
        plt.figure(figsize=(7, 4))
        plt.plot(steps, rewards, ".", alpha=0.15, label="episode reward")
        plt.plot(steps[window - 1 :], smooth, label=f"moving average ({window} episodes)")
        plt.xlabel("learner steps")
        plt.ylabel("final reward (+1 win, -1 loss)")
        plt.title(f"MaskablePPO on {env_id} vs random ({args.players} players)")
        plt.legend()
        plt.tight_layout()
        plt.savefig(args.out, dpi=100)
        print(f"learning curve saved to {args.out}")


if __name__ == "__main__":
    main()
