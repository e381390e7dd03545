"""Steps per second of the RL environments, beside PettingZoo's connect_four_v3 and the raw rules.

Run: ``PYTHONPATH=src python benchmarks/rl_speed.py [GAME ...] [--steps N] [--repeats R]``
(connect_four_v3 needs pygame: ``pip install 'pettingzoo[classic]'``)

For every game at its default player count, in one process and one run:

* ``raw``: the rules alone, ``legal_actions`` + ``apply`` of a random legal move;
* ``+obs``: the same plus the mover's ``observation(seat)`` dict, the ceiling of any
  environment whose tensors are drawn from observations;
* ``raw_env``: ``meeple.rl.pettingzoo.raw_env`` without PettingZoo's wrappers;
* ``no tensor``: the same with every observation a ready zero vector (the real mask),
  so its ratio is what ``raw_env`` would reach if the tensor cost nothing;
* ``pettingzoo``: ``meeple.rl.pettingzoo.env`` (wrapped as users get it), each step
  ``last()`` (tensor observation + int8 mask) and ``step`` of a random masked action;
* ``gymnasium``: ``gymnasium.make("meeple/...-v0")`` against random bots, each step a
  random masked action (the bots' moves happen inside it);
* baseline: ``connect_four_v3`` driven by the very same loop as ``pettingzoo``;
* floor: an environment that does nothing (a fixed observation and mask), inside the
  same three PettingZoo wrappers and driven by the same loop: no wrapped environment
  can be faster than this, whatever its game and its encoding cost.

Each figure is the median of R runs of N steps (process CPU time). Every round of
runs starts by measuring connect_four_v3 again; a ratio is the median over the R
rounds of (our rate / connect_four_v3's in that round), so a load that drifts
during the run does not bias it (target: our PettingZoo env >= 3x connect_four_v3).
The ``tensor`` column is the CPU time of one ``observation_tensor`` call (median
over the positions of one random game), the ``dict`` column that of
``encode(observation(seat))``, the path the tensors took before the fast encoders.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import meeple
import meeple.rl as rl
import meeple.rl.gymnasium as mg
from meeple.rl import pettingzoo as mpz


def cpu_rate(run: Callable[[int], int], steps: int, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        done = run(steps)
        rates.append(done / (time.process_time() - start))
    return statistics.median(rates)


def paired(
    baseline: Callable[[int], int], runs: dict[str, Callable[[int], int]], steps: int, repeats: int
) -> tuple[dict[str, float], dict[str, float]]:
    """Median rate of every run and median of its ratio to the baseline, the baseline measured again
    before each round of runs (on a shared machine the load drifts; a ratio within one round does not)."""
    rate_runs: dict[str, list[float]] = {"connect_four": [], **{name: [] for name in runs}}
    ratio_runs: dict[str, list[float]] = {name: [] for name in runs}
    for _ in range(repeats):
        base = cpu_rate(baseline, steps, 1)
        rate_runs["connect_four"].append(base)
        for name, run in runs.items():
            rate = cpu_rate(run, steps, 1)
            rate_runs[name].append(rate)
            ratio_runs[name].append(rate / base)
    rates = {name: statistics.median(values) for name, values in rate_runs.items()}
    return rates, {name: statistics.median(values) for name, values in ratio_runs.items()}


def aec_loop(make: Callable[[], object]) -> Callable[[int], int]:
    def run(steps: int) -> int:
        env = make()
        rng = np.random.default_rng(0)
        env.reset(seed=0)  # type: ignore[attr-defined]
        for n in range(steps):
            obs, _reward, term, trunc, _info = env.last()  # type: ignore[attr-defined]
            if term or trunc:
                env.reset(seed=n)  # type: ignore[attr-defined]
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))  # type: ignore[attr-defined]
        return steps

    return run


def gym_loop(env_id: str) -> Callable[[int], int]:
    def run(steps: int) -> int:
        env = gymnasium.make(env_id)
        base = env.unwrapped
        rng = np.random.default_rng(0)
        env.reset(seed=0)
        for n in range(steps):
            legal = np.flatnonzero(base.action_masks())  # type: ignore[attr-defined]
            _, _, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
            if term or trunc:
                env.reset(seed=n)
        return steps

    return run


def raw_loop(game: str, observe: bool = False) -> Callable[[int], int]:
    """The rules alone; with ``observe``, also the mover's ``observation(seat)`` dict each step."""

    def run(steps: int) -> int:
        rng = random.Random(0)
        state = meeple.new_game(game, seed=0)
        for n in range(steps):
            if state.is_over:
                state = meeple.new_game(game, seed=n)
            seat = state.to_move[0]
            if observe:
                state.observation(seat)
            actions = state.legal_actions(seat)
            state.apply(actions[rng.randrange(len(actions))], seat)
        return steps

    return run


class DoNothingAEC(AECEnv):  # type: ignore[misc]
    """Two agents taking turns; the same observation and mask every step; over after 50 steps."""

    metadata = {"render_modes": [], "name": "do_nothing", "is_parallelizable": False}

    def __init__(self) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        space = spaces.Dict(
            {"observation": spaces.Box(0, 1, (64,), np.float32), "action_mask": spaces.Box(0, 1, (8,), np.int8)}
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(8) for a in self.possible_agents}
        self._obs = {"observation": np.zeros(64, np.float32), "action_mask": np.ones(8, np.int8)}

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:  # type: ignore[type-arg]
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self.moves = 0

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._obs

    def step(self, action: int) -> None:
        self.moves += 1
        self._cumulative_rewards[self.agent_selection] = 0.0
        self.agent_selection = self.possible_agents[self.moves % 2]
        if self.moves >= 50:
            self.terminations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()


class NoTensorAEC(mpz.MeepleAEC):
    """``raw_env`` whose observation is a ready zero vector (the mask is the real one)."""

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        mask = self._views.mask(self.state, self._seat_of[agent])
        return {
            "observation": np.zeros(self.observation_spaces[agent]["observation"].shape, np.float32),
            "action_mask": mask,
        }


def wrapped_do_nothing() -> AECEnv:
    env: AECEnv = wrappers.TerminateIllegalWrapper(DoNothingAEC(), illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def tensor_micros(game: str) -> tuple[float, float]:
    """Median CPU microseconds of one fast tensor and of one tensor through the observation dict."""
    positions = []
    state = meeple.new_game(game, seed=1)
    pick = random.Random(1)
    while not state.is_over and len(positions) < 300:
        seat = state.to_move[0]
        positions.append((state.clone(), seat))
        actions = state.legal_actions(seat)
        state.apply(actions[pick.randrange(len(actions))], seat)
    enc = rl.encoder(game)

    def per_call(encode: Callable[[meeple.State, int], object]) -> float:
        times = []
        for _ in range(5):
            start = time.process_time()
            for st, seat in positions:
                encode(st, seat)
            times.append((time.process_time() - start) / len(positions) * 1e6)
        return statistics.median(times)

    return per_call(enc.encode_state), per_call(lambda st, seat: enc.encode(st.observation(seat)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(mg.IDS), help="games to measure (default: all)")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    import pettingzoo

    if hasattr(pettingzoo, "make"):  # 1.27+: the registry

        def connect_four() -> object:
            return pettingzoo.make("aec", "classic/connect_four-v3")
    else:
        from pettingzoo.classic import connect_four_v3 as module

        connect_four = module.env
    runs: dict[str, Callable[[int], int]] = {"floor": aec_loop(wrapped_do_nothing)}
    games = [game for game in mg.IDS if game in args.games]
    for game in games:
        env_id = mg.IDS[game]
        runs[f"{game} raw"] = raw_loop(game)
        runs[f"{game} +obs"] = raw_loop(game, observe=True)
        runs[f"{game} raw_env"] = aec_loop(lambda g=game: mpz.raw_env(g))
        runs[f"{game} no tensor"] = aec_loop(lambda g=game: NoTensorAEC(g))
        runs[f"{game} pettingzoo"] = aec_loop(lambda g=game: mpz.env(g))
        runs[f"{game} gymnasium"] = gym_loop(env_id)
    rates, ratios = paired(aec_loop(connect_four), runs, args.steps, args.repeats)
    base = rates["connect_four"]
    print(f"connect_four_v3 (same loop): {base:,.0f} steps/s  (median of {args.repeats} x {args.steps} steps)")
    floor = rates["floor"]
    print(f"floor, a do-nothing env in the same wrappers: {floor:,.0f} steps/s = {ratios['floor']:.2f}x connect_four")
    header = (
        "game", "players", "raw", "+obs", "raw_env", "x c4", "no tensor x c4", "pettingzoo", "x c4",
        "gymnasium", "x c4", "raw / pz", "tensor us", "dict us",
    )  # fmt: skip
    print("{:14} {:>7} {:>9} {:>8} {:>8} {:>6} {:>14} {:>10} {:>6} {:>9} {:>6} {:>9} {:>9} {:>8}".format(*header))
    for game in games:
        players = meeple.GAMES[game].default_players
        raw, seen, bare, pz, gy = (rates[f"{game} {k}"] for k in ("raw", "+obs", "raw_env", "pettingzoo", "gymnasium"))
        x_bare, x_free, x_pz, x_gy = (
            ratios[f"{game} {k}"] for k in ("raw_env", "no tensor", "pettingzoo", "gymnasium")
        )
        fast, slow = tensor_micros(game)
        print(
            f"{game:14} {players:>7} {raw:>9,.0f} {seen:>8,.0f} {bare:>8,.0f} {x_bare:>6.2f} {x_free:>14.2f} "
            f"{pz:>10,.0f} {x_pz:>6.2f} {gy:>9,.0f} {x_gy:>6.2f} {raw / pz:>8.1f}x {fast:>9.1f} {slow:>8.1f}"
        )


if __name__ == "__main__":
    main()
