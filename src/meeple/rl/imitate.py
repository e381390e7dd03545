"""Imitation for ``meeple train``: behaviour cloning of a bot, with DAgger rounds.

Cloning alone fits the policy to the positions the expert reaches when it plays every seat;
played as a bot, the clone's small mistakes then lead it into positions the expert never
showed it, and the mistakes compound. DAgger (Ross, Gordon and Bagnell, 2011) closes that
gap: in each round the learner itself plays one seat against the round's opponents, the
expert says what it would have played in each position the learner met, and the policy is
fitted again to every label gathered so far.

The fit is cross-entropy over the legal actions for the policy and, for the value head
(which PPO goes on with), the discounted outcome of the game for the seat that moved.
Observations are kept as ``float16`` and masks as lists of legal indices, so a round of
Ibyron's 2 447-value vectors and 14 025-action masks stays small in memory.

:func:`agreement` (``python -m meeple.rl.imitate GAME --bot SPEC``) measures a clone where it
matters, on the positions its own moves lead to: how often it plays the expert's move, by the
kind of move, and how its win share changes when the expert plays some kinds of move for it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

import meeple
from meeple.rl.common import outcome_rewards


@dataclass
class Labels:
    """Positions with the expert's action in each, the legal actions and the value target."""

    obs: list[npt.NDArray[np.float16]] = field(default_factory=list)
    legal: list[npt.NDArray[np.int32]] = field(default_factory=list)
    target: list[int] = field(default_factory=list)
    value: list[float] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.target)


def play(
    game: str,
    players: int,
    expert: str,
    games: int,
    seed: int,
    labels: Labels,
    gamma: float,
    learner: Any = None,
    opponents: str | None = None,
    features: str | None = None,
) -> tuple[float, int]:
    """Play ``games`` games, adding a label for each decision of the labelled seats.

    Without ``learner`` the expert plays (and is labelled in) every seat. With ``learner``
    (a :class:`meeple.rl.policy.MLPPolicy`) it plays one seat, rotating by game, against
    ``opponents`` (a bot spec; default the expert) in the others, and each of its decisions
    is labelled with the move the expert would have made there. Returns the learner's mean
    reward (0.0 without one) and the labels added. ``features``: the feature set of the labelled
    observations (``meeple.rl.feature_sets(game)``)."""
    from meeple.bots import make_bot
    from meeple.rl import action_indices, legal_indices, observation_tensor

    index = action_indices(game)
    space = meeple.GAMES[game].action_space
    rewards, added = [], 0
    for number in range(games):
        state = meeple.new_game(game, players=players, seed=seed + number)
        learner_seat = number % players if learner is not None else -1
        experts = [make_bot(expert, seed=seed + number * players + s, game=game) for s in range(players)]
        others = [] if learner is None else [make_bot(opponents or expert, seed=seed + 7919 + number * players + s,
                                                      game=game) for s in range(players)]  # fmt: skip
        seen: list[tuple[int, int]] = []  # (label row, seat)
        while not state.is_over:
            seat = state.to_move[0]
            if learner is None or seat == learner_seat:
                obs = observation_tensor(state, seat, features)
                legal = legal_indices(state, seat).astype(np.int32)
                advice = experts[seat].choose(state, seat)
                seen.append((len(labels), seat))
                labels.obs.append(obs.astype(np.float16))
                labels.legal.append(legal)
                labels.target.append(index[advice])
                labels.value.append(0.0)
                if learner is None:
                    action = advice
                else:
                    mask = np.zeros(len(space), dtype=np.bool_)
                    mask[legal] = True
                    action = space[learner.act(obs, mask)]
            else:
                action = others[seat].choose(state, seat)
            state.apply(action, seat)
        outcome = outcome_rewards(state)
        remaining = [0] * players
        for row, seat in reversed(seen):  # the discounted outcome, counted in the seat's own decisions
            labels.value[row] = outcome[seat] * gamma ** remaining[seat]
            remaining[seat] += 1
        added += len(seen)
        if learner is not None:
            rewards.append(outcome[learner_seat])
    return (float(np.mean(rewards)) if rewards else 0.0), added


def fit(model: Any, labels: Labels, epochs: int, seed: int, lr: float = 1e-3, batch: int = 256) -> tuple[float, float]:
    """Fit ``model``'s policy (a MaskablePPO's) to ``labels`` for ``epochs`` passes: cross-entropy
    over the legal actions, plus the value head's squared error to the outcome. Returns the last
    epoch's mean policy loss and the share of labels the argmax then agrees with.

    Each minibatch computes the head's logits only for the actions legal somewhere in it (the
    others are masked out of every softmax anyway): what keeps Ibyron's 14 025-row head cheap."""
    import torch

    policy = model.policy
    head = policy.action_net
    obs = np.asarray(labels.obs, dtype=np.float16)  # float32 a minibatch at a time
    target = np.asarray(labels.target, dtype=np.int64)
    value = torch.as_tensor(np.asarray(labels.value, dtype=np.float32))
    optimiser = torch.optim.Adam(policy.parameters(), lr=lr)
    schedule = torch.optim.lr_scheduler.CosineAnnealingLR(optimiser, T_max=max(1, epochs))
    generator = np.random.default_rng(seed)

    def forward(rows: npt.NDArray[np.intp]) -> tuple[Any, Any, Any]:
        """The masked log-probabilities over the minibatch's legal columns, the target's column, the value."""
        legal = [labels.legal[r] for r in rows]
        columns = np.unique(np.concatenate(legal))
        allowed = np.zeros((len(rows), len(columns)), dtype=np.bool_)
        for i, indices in enumerate(legal):
            allowed[i, np.searchsorted(columns, indices)] = True
        x = torch.as_tensor(obs[rows], dtype=torch.float32)
        latent_pi, latent_vf = policy.mlp_extractor(policy.extract_features(x, policy.pi_features_extractor))
        cols = torch.as_tensor(columns)
        logits = latent_pi @ head.weight[cols].T + head.bias[cols]
        logits = logits.masked_fill(torch.as_tensor(~allowed), float("-inf"))
        chosen = torch.as_tensor(np.searchsorted(columns, target[rows]))
        return torch.log_softmax(logits, dim=1), chosen, policy.value_net(latent_vf).flatten()

    losses: list[float] = []
    policy.set_training_mode(True)
    for _ in range(epochs):
        losses = []
        order = generator.permutation(len(target))
        for start in range(0, len(target), batch):
            rows = order[start : start + batch]
            logp, chosen, predicted = forward(rows)
            loss_pi = -logp[torch.arange(len(rows)), chosen].mean()
            loss = loss_pi + 0.5 * torch.nn.functional.mse_loss(predicted, value[rows])
            optimiser.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            optimiser.step()
            losses.append(loss_pi.item())
        schedule.step()
    policy.set_training_mode(False)
    agree = 0
    with torch.no_grad():
        for start in range(0, len(target), 1024):
            logp, chosen, _ = forward(np.arange(start, min(start + 1024, len(target))))
            agree += int((logp.argmax(dim=1) == chosen).sum())
    return float(np.mean(losses)) if losses else 0.0, agree / max(1, len(target))


def imitate(
    model: Any,
    game: str,
    players: int,
    expert: str,
    games: int,
    seed: int,
    epochs: int,
    rounds: int = 0,
    round_games: int = 0,
    opponents: str | None = None,
    gamma: float = 0.995,
    learner_of: Any = None,
    round_epochs: int | None = None,
    features: str | None = None,
) -> dict[str, Any]:
    """Clone ``expert`` over ``games`` games it plays against itself, then ``rounds`` DAgger
    rounds of ``round_games`` games each (the learner, as ``learner_of(model)`` gives it, in one
    seat against ``opponents``), refitting on all the labels after each (``round_epochs`` passes;
    default ``epochs``). Returns what was done."""
    labels = Labels()
    log: list[dict[str, Any]] = []
    if games:
        cpu = time.process_time()
        _, added = play(game, players, expert, games, seed, labels, gamma, features=features)
        loss, agree = fit(model, labels, epochs, seed)
        log.append({"games": games, "labels": added, "loss": loss, "agreement": agree})
        print(f"imitated {expert}: {added} decisions of {games} games, {epochs} epochs, loss {loss:.3f}, "
              f"agrees on {agree:.1%} ({time.process_time() - cpu:.0f} CPU s)", flush=True)  # fmt: skip
    for number in range(rounds):
        cpu = time.process_time()
        learner = learner_of(model)
        reward, added = play(game, players, expert, round_games, seed + 100_003 * (number + 1), labels, gamma,
                             learner=learner, opponents=opponents, features=features)  # fmt: skip
        loss, agree = fit(model, labels, epochs if round_epochs is None else round_epochs, seed + number + 1)
        log.append({"games": round_games, "labels": added, "learner_reward": reward, "loss": loss, "agreement": agree})
        print(f"DAgger round {number + 1}: the learner's mean reward {reward:+.3f} against {opponents or expert} "
              f"over {round_games} games; {added} new labels, {len(labels)} in all; loss {loss:.3f}, "
              f"agrees on {agree:.1%} ({time.process_time() - cpu:.0f} CPU s)", flush=True)  # fmt: skip
    seen = np.zeros(int(model.policy.action_space.n), dtype=np.bool_)
    for legal in labels.legal:
        seen[legal] = True
    return {"decisions": len(labels), "rounds": log, "seen": seen}


@dataclass
class Agreement:
    """How a bot's moves compare with an expert's on the positions the bot reaches itself."""

    games: int
    won: float  # the bot's share of the wins, a shared win split evenly
    agreed: dict[str, int]  # by the kind of the expert's move: decisions where the bot played it
    decisions: dict[str, int]  # by the kind of the expert's move: decisions with more than one legal move


def agreement(game: str, players: int, bot: str, expert: str, opponents: str, games: int, seed: int,
              expert_plays: frozenset[str] = frozenset()) -> Agreement:  # fmt: skip
    """Play ``games`` games of ``bot`` (a bot spec) in one seat, rotating by game, against
    ``opponents``, asking ``expert`` at each of the bot's decisions with a choice what it would
    play there. Where the expert's move is of a kind in ``expert_plays`` (``spot``, ``price`` …)
    the expert's move is played instead of the bot's: the win share then says how much of the
    bot's gap to the expert lies in those decisions.

    A clone's agreement on the positions it was fitted to says little of how it plays: these
    are the positions its own moves lead to, the ones DAgger labels."""
    from meeple.bots import make_bot

    agreed: dict[str, int] = {}
    decisions: dict[str, int] = {}
    won = 0.0
    for number in range(games):
        state = meeple.new_game(game, players=players, seed=seed + number)
        seat_of_bot = number % players
        player = make_bot(bot, seed=seed + number, game=game)
        adviser = make_bot(expert, seed=seed + number, game=game)
        others = [make_bot(opponents, seed=seed + 7919 + number * players + s, game=game) for s in range(players)]
        while not state.is_over:
            seat = state.to_move[0]
            if seat != seat_of_bot:
                action = others[seat].choose(state, seat)
            elif len(legal := state.legal_actions(seat)) == 1:
                action = legal[0]
            else:
                action, advice = player.choose(state, seat), adviser.choose(state, seat)
                kind = advice.kind
                decisions[kind] = decisions.get(kind, 0) + 1
                agreed[kind] = agreed.get(kind, 0) + (action == advice)
                if kind in expert_plays:
                    action = advice
            state.apply(action, seat)
        if seat_of_bot in state.winners:
            won += 1 / len(state.winners)
    return Agreement(games, won / max(1, games), agreed, decisions)


def main(argv: list[str] | None = None) -> int:
    """``python -m meeple.rl.imitate GAME --bot SPEC``: print :func:`agreement`'s table."""
    import argparse

    parser = argparse.ArgumentParser(prog="python -m meeple.rl.imitate",
                                     description="How often a bot plays an expert's move, by the kind of move, "
                                     "on the positions the bot reaches itself.")  # fmt: skip
    parser.add_argument("game", choices=sorted(meeple.GAMES))
    parser.add_argument("--players", type=int, help="seats per game (default: the game's usual count)")
    parser.add_argument("--bot", required=True, help="the bot measured (such as learned or policy:PATH)")
    parser.add_argument("--expert", default="heuristic", help="the bot asked what it would play")
    parser.add_argument("--opponent", default="heuristic", help="who plays the other seats")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--expert-plays", default="", metavar="KINDS",
        help="comma-separated kinds of move (such as spot,rotate) the expert plays for the bot",
    )  # fmt: skip
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games must be at least 1 (got {args.games})")
    players = args.players or meeple.GAMES[args.game].default_players
    kinds = frozenset(k for k in args.expert_plays.split(",") if k)
    try:  # an unknown bot spec, or a policy trained for another game or player count
        result = agreement(args.game, players, args.bot, args.expert, args.opponent, args.games, args.seed, kinds)
    except ValueError as exc:
        parser.error(str(exc))
    taken = f", the expert playing its {', '.join(sorted(kinds))} moves" if kinds else ""
    print(f"{args.bot} against {args.opponent} in {args.games} games{taken}: won {result.won:.1%}")
    print(f"agreement with {args.expert}, by the kind of its move:")
    for kind in sorted(result.decisions):
        count = result.decisions[kind]
        print(f"  {kind:<10} {result.agreed[kind]:>6} of {count:<6} {result.agreed[kind] / count:6.1%}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    import sys

    sys.exit(main())
