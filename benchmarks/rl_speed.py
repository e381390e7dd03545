"""Steps per second of the RL environments, beside PettingZoo's connect_four_v3 and the raw rules.

Run: ``.venv/bin/python -m benchmarks.rl_speed [GAME ...] [--steps N] [--repeats R]``
(connect_four_v3 needs pygame, in the ``dev`` extra: ``pip install -e '.[dev]'``)

For every game at its default player count (``--players N``: N for all; ``--targets``: the counts
of the speed targets, 2 players and Ivor the Engine 3), in one process and one run:

* ``raw apply``: the rules alone, ``legal_actions`` + ``apply`` of a random legal move;
* ``raw_env``: ``meeple.rl.pettingzoo.raw_env``, the environment without any checks;
* ``pettingzoo``: ``meeple.rl.pettingzoo.env`` as users get it (``CheckedAEC``: the checks of
  PettingZoo's three default wrappers built in), each step ``last()`` (tensor observation + int8
  mask) and ``step`` of a random masked action (the legal indices read as
  ``mask.view(np.bool_).nonzero()[0]``, numpy's fast path, in every loop here, connect_four_v3's too);
* ``no tensor``: that env with every observation a ready zero vector (the real mask): what it
  would reach if the tensor cost nothing;
* ``fresh tensor``: that env encoding every observation afresh (``Encoder.encode_state``) instead of
  updating the seat's kept vector (``Encoder.encode_cached``, what the env does): what the
  incremental tensors save;
* ``gymnasium``: ``gymnasium.make("meeple/...-v0")`` against random bots, each step a random masked
  action; the bots' moves happen inside it (``moves/step`` says how many moves one step plays);
* baseline: ``connect_four_v3`` driven by the very same loop as ``raw_env`` and ``pettingzoo``
  (``aec_loop``), so both pay the same per-step cost of the loop itself;
* floor: an environment that does nothing (a fixed observation and mask) inside PettingZoo's three
  wrappers, driven by the same loop: what any env inside those wrappers is held under.

Each rate is the median of R runs of N steps (process CPU time). Every round of runs starts by
measuring connect_four_v3 again; a ratio is the median over the R rounds of (our rate /
connect_four_v3's in that round), so a load that drifts during the run does not bias it (target: our
PettingZoo and Gymnasium envs >= 3x connect_four_v3).

The second table splits one ``pettingzoo`` step's CPU time (1 / its median rate) into the rules
(1 / ``raw apply``: one ``legal_actions`` + ``apply``; the env builds the legal list once, for the
mask, and plays the move without ``apply``'s second legality check, so this slightly overstates the
rules' share), the tensor (1 / ``pettingzoo`` - 1 / ``no tensor``: the encoding as the loop meets
it, kept vectors and memos as cold or warm as they are there) and the rest (the mask, the env's
bookkeeping and the loop itself, which costs about 2 us a step with an env that does nothing).
``fresh`` is the tensor's share measured the same way with ``fresh tensor``, and ``fresh env x c4``
that env's ratio to connect_four_v3.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import meeple
import meeple.rl.gymnasium  # registers the environments with Gymnasium
from meeple.rl import pettingzoo as mpz
from meeple.rl.common import env_ids

try:
    from meeple.rl.seat_views import SeatViews
except ImportError:  # the code before the module was renamed (run on it to compare, with PYTHONPATH=its src)
    from meeple.rl.views import SeatViews  # type: ignore[import-not-found,no-redef]

# the player counts of the targets: 2 players, Ivor the Engine 3 (its smallest count)
SETUPS = {"bayon": 2, "ivor": 3, "isle_of_skye": 2, "ibyron": 2}


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
            # the int8 mask (PettingZoo's convention) seen as booleans, without a copy: numpy's nonzero has
            # a fast path for booleans only, and the method skips np.flatnonzero's Python wrapper and ravel
            # (valgrind, per pick: connect_four_v3's 7 entries 11 900 -> 5 700 instructions, Bayon's 295
            # 16 000 -> 5 900, Ibyron's 14 025 192 700 -> 17 900)
            legal = obs["action_mask"].view(np.bool_).nonzero()[0]
            env.step(int(legal[rng.integers(len(legal))]))  # type: ignore[attr-defined]
        return steps

    return run


def gym_loop(env_id: str, players: int | None = None) -> Callable[[int], int]:
    def run(steps: int) -> int:
        env = gymnasium.make(env_id, players=players)
        base = env.unwrapped
        rng = np.random.default_rng(0)
        env.reset(seed=0)
        for n in range(steps):
            legal = base.action_masks().nonzero()[0]  # type: ignore[attr-defined]  # as aec_loop picks
            _, _, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
            if term or trunc:
                env.reset(seed=n)
        return steps

    return run


def raw_loop(game: str, players: int | None = None) -> Callable[[int], int]:
    """The rules alone: ``legal_actions`` and ``apply`` of a random legal move."""

    def run(steps: int) -> int:
        rng = random.Random(0)
        state = meeple.new_game(game, players=players, seed=0)
        for n in range(steps):
            if state.is_over:
                state = meeple.new_game(game, players=players, seed=n)
            seat = state.to_move[0]
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


class NoTensorViews(SeatViews):
    """Views whose observation is a ready zero vector (the mask and the rest of ``observe`` are the real ones)."""

    def _tensor(self, state: meeple.State, seat: int) -> np.ndarray:
        assert self._encoder is not None
        return np.zeros(self._encoder.shape, np.float32)


class FreshTensorViews(SeatViews):
    """Views encoding every observation afresh instead of updating the seat's kept vector."""

    def _tensor(self, state: meeple.State, seat: int) -> np.ndarray:
        assert self._encoder is not None
        return self._encoder.encode_state(state, seat)


class NoTensorAEC(mpz.CheckedAEC):
    """``mpz.env`` whose observation is a ready zero vector (the mask is the real one)."""

    def __init__(self, game: str, players: int | None = None) -> None:
        super().__init__(game, players=players)
        self._views = NoTensorViews(self.num_actions)


class FreshTensorAEC(mpz.CheckedAEC):
    """``mpz.env`` encoding every observation afresh instead of updating the seat's kept vector."""

    def __init__(self, game: str, players: int | None = None) -> None:
        super().__init__(game, players=players)
        self._views = FreshTensorViews(self.num_actions)


def wrapped_do_nothing() -> AECEnv:
    env: AECEnv = wrappers.TerminateIllegalWrapper(DoNothingAEC(), illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


def moves_per_gym_step(env_id: str, players: int | None, steps: int = 2000) -> float:
    """How many moves (the learner's and the bots') one Gymnasium step plays on average."""
    env = gymnasium.make(env_id, players=players)
    base = env.unwrapped
    rng = np.random.default_rng(0)
    env.reset(seed=0)
    moves = 0
    for n in range(steps):
        before = len(base.state.history)  # type: ignore[attr-defined]
        legal = base.action_masks().nonzero()[0]  # type: ignore[attr-defined]  # as aec_loop picks
        _, _, term, trunc, _ = env.step(int(legal[rng.integers(len(legal))]))
        moves += len(base.state.history) - before  # type: ignore[attr-defined]
        if term or trunc:
            env.reset(seed=n)
    return moves / steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(env_ids()), help="games to measure (default: all)")
    parser.add_argument("--steps", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--players", type=int, help="one player count for every game (default: each game's own)")
    parser.add_argument("--targets", action="store_true", help="the targets' counts: 2 players, Ivor the Engine 3")
    args = parser.parse_args()
    count = {game: SETUPS.get(game) if args.targets else args.players for game in env_ids()}
    import pettingzoo

    if hasattr(pettingzoo, "make"):  # 1.27+: the registry

        def connect_four() -> object:
            return pettingzoo.make("aec", "classic/connect_four-v3")
    else:
        from pettingzoo.classic import connect_four_v3 as module

        connect_four = module.env
    runs: dict[str, Callable[[int], int]] = {"floor": aec_loop(wrapped_do_nothing)}
    games = [game for game in env_ids() if game in args.games]
    for game in games:
        env_id = env_ids()[game]
        p = count[game]
        runs[f"{game} raw"] = raw_loop(game, p)
        runs[f"{game} raw_env"] = aec_loop(lambda g=game, p=p: mpz.raw_env(g, players=p))
        runs[f"{game} pettingzoo"] = aec_loop(lambda g=game, p=p: mpz.env(g, players=p))
        runs[f"{game} no tensor"] = aec_loop(lambda g=game, p=p: NoTensorAEC(g, p))
        runs[f"{game} fresh tensor"] = aec_loop(lambda g=game, p=p: FreshTensorAEC(g, p))
        runs[f"{game} gymnasium"] = gym_loop(env_id, p)
    rates, ratios = paired(aec_loop(connect_four), runs, args.steps, args.repeats)
    base = rates["connect_four"]
    print(f"connect_four_v3 (same loop): {base:,.0f} steps/s  (median of {args.repeats} x {args.steps} steps)")
    floor = rates["floor"]
    print(
        f"floor, a do-nothing env inside PettingZoo's three wrappers: {floor:,.0f} steps/s "
        f"= {ratios['floor']:.2f}x connect_four"
    )
    header = (
        "game", "players", "raw apply", "raw_env", "x c4", "pettingzoo", "x c4", "no tensor x c4",
        "gymnasium", "x c4", "moves/step",
    )  # fmt: skip
    print("\nsteps/s (median) and ratio to connect_four_v3 (median of per-round ratios)")
    print("{:14} {:>7} {:>10} {:>9} {:>6} {:>10} {:>6} {:>14} {:>9} {:>6} {:>10}".format(*header))
    split = []
    for game in games:
        env_id = env_ids()[game]
        players = count[game] or meeple.GAMES[game].default_players
        raw, bare, pz, gy = (rates[f"{game} {k}"] for k in ("raw", "raw_env", "pettingzoo", "gymnasium"))
        x_bare, x_pz, x_free, x_gy = (
            ratios[f"{game} {k}"] for k in ("raw_env", "pettingzoo", "no tensor", "gymnasium")
        )
        moves = moves_per_gym_step(env_id, count[game])
        print(
            f"{game:14} {players:>7} {raw:>10,.0f} {bare:>9,.0f} {x_bare:>6.2f} {pz:>10,.0f} {x_pz:>6.2f} "
            f"{x_free:>14.2f} {gy:>9,.0f} {x_gy:>6.2f} {moves:>10.2f}"
        )
        free, fresh = rates[f"{game} no tensor"], rates[f"{game} fresh tensor"]
        split.append(
            (game, 1e6 / pz, 1e6 / raw, 1e6 / pz - 1e6 / free, 1e6 / fresh - 1e6 / free, ratios[f"{game} fresh tensor"])
        )
    per_c4 = 1e6 / base
    print(f"\none pettingzoo step, CPU microseconds (connect_four_v3: {per_c4:.1f} per step; 3x it: {per_c4 / 3:.1f})")
    print("{:14} {:>8} {:>8} {:>8} {:>8} {:>8} {:>14}".format(
        "game", "step", "rules", "tensor", "rest", "fresh", "fresh env x c4"))  # fmt: skip
    for game, step, rules, tensor, fresh, x_fresh in split:
        print(
            f"{game:14} {step:>8.1f} {rules:>8.1f} {tensor:>8.1f} {step - rules - tensor:>8.1f} {fresh:>8.1f} "
            f"{x_fresh:>14.2f}"
        )


if __name__ == "__main__":
    main()
