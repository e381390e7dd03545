"""The bots' judgement (evaluate), the heuristic bot's choices and the rollout policy."""

from __future__ import annotations

import math
import random

import pytest

from meeple.games.ivor import INFO, bot
from meeple.games.ivor.data import DATA
from meeple.games.ivor.rules import IvorState
from tests.ivor.helpers import hand, job_card, line, loc, placed, restart, texts


def test_evaluate_gives_the_leader_the_larger_share() -> None:
    state = placed()
    state.sheep = [18, 10, 9, 4]
    shares = state.evaluate()
    assert math.isclose(sum(shares), 1.0)
    assert shares[0] > shares[1] > shares[3] and shares[0] > 0.5


def test_evaluate_counts_gold_and_event_bonuses() -> None:
    state = placed()
    state.sheep = [12, 12, 12, 12]
    state.gold = [0, 0, 0, 4]
    flat = next(e.id for e in DATA.events if e.bonus == "flat")
    state.events_taken[1] = [flat]
    shares = state.evaluate()
    assert shares[3] > shares[1] > shares[0], "4 gold (4 sheep) and a 3-sheep event both count"
    assert math.isclose(shares[0], shares[2])


def test_evaluate_grows_surer_as_the_end_nears() -> None:
    early, late = placed(), placed()
    early.sheep = [6, 4, 4, 4]
    late.sheep = [24, 22, 22, 22]
    assert late.evaluate()[0] > early.evaluate()[0]
    late.end_triggered = True
    assert late.evaluate()[0] > 0.9, "with the round ending, a 2-sheep lead nearly decides it"


def test_the_bot_completes_a_job_it_can() -> None:
    state = placed()
    card = job_card(location="tan-y-gwich")
    hand(state, 0, card)
    assert bot.HeuristicBot(seed=1).choose(state, 0) == state.parse_action(f"job {card}")


def test_the_bot_drives_to_a_job_and_does_it() -> None:
    state = placed()
    card = job_card(location="grumbly-town")
    hand(state, 0, card)
    player = bot.HeuristicBot(seed=1)
    state.apply(player.choose(state, 0))
    assert state.pos[0] == loc("grumbly-town")
    state.apply(player.choose(state, 0))
    assert card in state.completed[0]


def test_the_bot_prefers_the_last_sheep_with_its_token() -> None:
    state = placed()
    state.loc_sheep[loc("grumbly-town")] = 2
    state.loc_sheep[loc("grumbly-gas-works")] = 1
    state.loc_token[loc("grumbly-gas-works")] = 3
    card = job_card(special="runaway_sheep")
    hand(state, 0, card)
    restart(state, 0)
    player = bot.HeuristicBot(seed=1)
    state.apply(f"special {card}")
    assert str(player.choose(state, 0)) == "runaway grumbly-gas-works"


def test_the_bot_takes_an_event_worth_its_gold() -> None:
    state = placed()
    flat = next(e.id for e in DATA.events if e.bonus == "flat")
    far = job_card(location="llangubbin")
    line(state, flat, far, job_card(location="tewyn"), job_card(location="cwm-coed"))
    state.apply("end")
    assert str(bot.HeuristicBot().choose(state, 0)) == f"take {flat}", "3 sheep + 1 on it for 1 gold"
    state.gold[0] = 0
    state._changed()
    assert not str(bot.HeuristicBot().choose(state, 0)).startswith(f"take {flat}")


def test_the_bot_discards_the_card_least_worth_keeping() -> None:
    state = placed()
    near = job_card(location="grumbly-town")
    far = job_card(location="llangubbin")
    hand(state, 0, near, far, job_card(location="tan-y-gwich"), job_card(location="post-office-crossing"),
         job_card(location="grumbly-gas-works"))
    state.apply("end")
    state.apply(state.legal_actions()[0])
    assert "discard" in texts(state)[0]
    assert str(bot.HeuristicBot().choose(state, 0)) == f"discard {far}"


@pytest.mark.parametrize("players", [3, 4, 5])
def test_heuristic_games_end_by_the_sheep_target(players: int) -> None:
    for seed in range(3):
        state = INFO.new(players, seed)
        bots = [bot.HeuristicBot(seed=s) for s in range(players)]
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(bots[seat].choose(state, seat), seat)
        assert state.end_reason == "sheep" and state.end_triggered  # a pen may drop below it again after


def test_rollout_policy_plays_to_the_end() -> None:
    rng = random.Random(5)
    state = INFO.new(4, 5)
    assert isinstance(state, IvorState)
    while not state.is_over:
        seat = state.to_move[0]
        action = bot.rollout_policy(state, seat, rng)
        assert action in state.legal_actions(seat)
        state.apply(action, seat)
    assert state.end_reason == "sheep"
