"""The end of the game, the round limit, and hidden information."""

from __future__ import annotations

import random

import pytest

from meeple.core import IllegalAction, snapshot
from meeple.games.bayon.data import DATA, SITE_VALUE
from tests.bayon.helpers import AFRICA, EUROPE, arrange, ended_by_the_round_limit, game, legal, play


# ---------------------------------------------------------------- game end
def test_reaching_the_target_with_gold_ends_the_game_at_once() -> None:
    target, start = DATA.target[2], DATA.starting_gold
    state = arrange(game(2), gold=[target - DATA.take_gold, start])
    play(state, "gold")
    assert state.is_over and state.winners == (0,) and state.scores == (target, start)
    assert state.to_move == () and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply("end")


def test_sites_count_towards_the_target() -> None:
    target, cost = DATA.target[3], DATA.costs[0]
    state = arrange(
        game(3), hands=[[8], [2], [3]], gold=[target - SITE_VALUE[1] + cost, 15, 15], stacks={"europe": EUROPE}
    )
    play(state, "expedition europe", "team 8")  # pays Europe's price, gains site 1
    assert state.is_over and state.winners == (0,)
    assert state.scores[0] == target


def test_the_fee_for_a_hired_explorer_can_win_for_its_owner() -> None:
    fee = DATA.hire_from_player
    state = arrange(game(4), hands=[[1], [2, 7], [3], [4]], gold=[15, DATA.target[4] - fee, 15, 15])
    play(state, "hire 7")
    assert state.is_over and state.winners == (1,)
    assert state.hands[0] == [1, 7]


def test_default_targets_and_the_target_option() -> None:
    assert [game(n).target for n in (2, 3, 4)] == [250, 225, 200]
    assert game(2, target=100).target == 100
    with pytest.raises(ValueError, match="target"):
        game(2, target=5)


def test_the_round_limit_lets_the_richest_win() -> None:
    state = game(2, max_rounds=1)
    play(state, "gold")
    assert not state.is_over
    play(state, "end")
    assert state.is_over and state.winners == (0,)


def test_a_tie_at_the_round_limit_is_shared() -> None:
    state = game(2, max_rounds=1)
    play(state, "end", "end")
    assert state.is_over and state.winners == (0, 1)


def test_no_round_limit_when_zero() -> None:
    state = game(2, max_rounds=0)
    for _ in range(200):
        play(state, "end")
    assert not state.is_over


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end(players: int) -> None:
    for seed in range(5):
        state = game(players, seed)
        rng = random.Random(seed)
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        assert state.winners
        assert state.round <= 61


# ------------------------------------------------------- end reasons
def test_the_round_limit_is_the_end_reason_and_the_round_stays_in_range() -> None:
    state = ended_by_the_round_limit()
    assert state.is_over and state.end_reason == "safety_cap"
    obs = state.observation(0)
    assert obs["round"] == 1 == obs["max_rounds"]
    assert obs["end_reason"] == "safety_cap"


def test_reaching_the_target_is_the_end_reason() -> None:
    state = game(2, target=20)
    play(state, "gold")
    assert state.end_reason == "target" and state.observation(0)["end_reason"] == "target"
    assert state.round == 1


def test_a_running_game_has_no_end_reason() -> None:
    assert game(3).end_reason is None


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_target_is_resolved_from_the_player_count(players: int) -> None:
    state = game(players)
    assert state.options["target"] == DATA.target[players] == state.target
    assert state.record.options["target"] == DATA.target[players]
    assert game(players, target=60).options["target"] == 60


# ------------------------------------------------------------ hidden information
def test_stacks_and_face_down_explorers_are_not_observed() -> None:
    state = game(3, seed=5)
    for seat in (0, 1, 2, None):
        obs = state.observation(seat)
        text = repr(obs)
        assert all(c["known"] == [] for c in obs["continents"])
        assert obs["basecamp"]["stack_size"] == len(state.camp) and obs["basecamp"]["stack_bottom"] == []
        assert "camp" not in obs and "stacks" not in text


def test_determinize_redraws_what_the_seat_cannot_know() -> None:
    state = arrange(
        game(3, seed=2), hands=[[1, 7], [2], [3]], stacks={"europe": EUROPE, "africa": [7, 8, 9, 10, 11, 12]}
    )
    play(state, "travel 1 europe")  # seat 0 knows Europe's top card
    before = snapshot(state)
    tops, bottoms, camps = set(), set(), set()
    for i in range(40):
        world = state.determinize(0, random.Random(i))
        assert world.observation(0) == state.observation(0)
        assert world.stacks[0][0] == 1  # what seat 0 saw stays where it saw it
        assert sorted(world.stacks[0]) == EUROPE and sorted(world.stacks[1]) == [7, 8, 9, 10, 11, 12]
        bottoms.add(tuple(world.stacks[0][1:]))
        tops.add(world.stacks[1][0])
        camps.add(tuple(world.camp))
        other = state.determinize(1, random.Random(i))
        assert other.observation(1) == state.observation(1)
        tops.add(other.stacks[0][0])
    assert len(bottoms) > 5 and len(tops) > 3 and len(camps) > 5
    assert snapshot(state) == before


def test_determinize_depends_only_on_what_the_seat_knows() -> None:
    # Two games that differ only in the order of cards seat 0 has not seen give the same copy.
    first = arrange(game(2, seed=4), hands=[[1, 7], [2]], stacks={"europe": EUROPE}, camp=[8, 9, 5, 6])
    second = arrange(game(2, seed=4), hands=[[1, 7], [2]], stacks={"europe": [1, 6, 5, 4, 3, 2]}, camp=[6, 5, 9, 8])
    for state in (first, second):
        play(state, "travel 1 europe")  # both: seat 0 saw site 1 on top
    assert first.observation(0) == second.observation(0) and snapshot(first) != snapshot(second)
    copies = [state.determinize(0, random.Random(9)) for state in (first, second)]
    assert snapshot(copies[0]) == snapshot(copies[1])
    assert copies[0].seed != first.seed


def test_determinize_keeps_cards_everyone_saw_go_under() -> None:
    state = arrange(game(2), hands=[[1, 2, 13], [3]], stacks={"africa": [7, 8, 9, 10, 11, 12]}, gold=[30, 15])
    play(state, "expedition africa", "team 1", "team 2", "team done", "lose 2")
    for i in range(10):
        world = state.determinize(1, random.Random(i))
        assert world.stacks[1][-1] == 7
        assert sorted(world.stacks[1]) == [7, 8, 9, 10, 11, 12]


def test_determinize_keeps_the_known_bottom_of_the_explorer_stack() -> None:
    state = arrange(game(4), hands=[[1, 7, 8, 9], [2], [3], [4]], faceup=[10, 11], camp=[12, 13, 14, 15])
    play(state, "hire 10", "giveup 8")
    for i in range(10):
        world = state.determinize(2, random.Random(i))
        assert world.camp[-1] == 8 and sorted(world.camp[:3]) == [13, 14, 15]


def test_peeked_knowledge_is_remembered_after_the_turn() -> None:
    state = arrange(game(2), hands=[[1], [2]], stacks={"europe": EUROPE})
    play(state, "travel 1 europe")
    assert state.current == 1
    assert state.observation(0)["continents"][0]["known"][0]["site"] == 1
    assert state.observation(1)["continents"][0]["known"][0]["site"] is None
    assert legal(state)


def test_a_card_every_seat_peeked_at_stays_hidden_from_spectators() -> None:
    state = arrange(game(2), hands=[[1], [2]], stacks={"europe": EUROPE})
    play(state, "travel 1 europe", "travel 2 europe")
    assert state.observation(None)["continents"][0]["known"] == [{"depth": 0, "site": None, "known_by": [0, 1]}]
    assert state.observation(1)["continents"][0]["known"] == [{"depth": 0, "site": 1, "known_by": [0, 1]}]


# ------------------------------------------------------- determinize
def test_determinize_during_an_expedition_keeps_the_revealed_site_and_the_team() -> None:
    state = arrange(game(4), hands=[[5, 14, 13], [3], [4], [6]], stacks={"africa": AFRICA}, gold=[30, 15, 15, 15])
    play(state, "travel 13 europe", "expedition africa", "team 5")
    for seat in range(4):
        world = state.determinize(seat, random.Random(seat))
        assert world.revealed == state.revealed and world.team == [5]
        assert world.legal_actions() == state.legal_actions()
        assert world.observation(seat) == state.observation(seat)
        assert world.observation(None)["continents"] == state.observation(None)["continents"]
