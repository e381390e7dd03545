"""Taking the sheep at the start of a turn, the end of the game, winners and ties."""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.games.ivor.data import DATA
from meeple.games.ivor.rules import LOST_SHEEP_BONUS, MAX_ROUNDS, IvorState, sheep_to_end
from tests.ivor.helpers import event_card, hand, job_card, line, loc, placed, restart

TAN = "tan-y-gwich"


def test_take_a_sheep_at_the_start_of_the_turn() -> None:
    state = placed()
    state.loc_sheep[loc(TAN)] = 3
    state.loc_token[loc(TAN)] = 3
    restart(state, 0)
    assert state.sheep[0] == 1 and state.loc_sheep[loc(TAN)] == 2 and state.tokens[0] == 0


def test_last_sheep_gives_the_token_and_two_bonus_sheep() -> None:
    state = placed()
    state.loc_sheep[loc(TAN)] = 1
    state.loc_token[loc(TAN)] = 2
    restart(state, 0)
    assert state.sheep[0] == 1 + LOST_SHEEP_BONUS and state.tokens[0] == 1 and state.loc_token[loc(TAN)] == 0
    assert state.observation(None)["locations"][loc(TAN)]["lost_sheep_token"] is False


def test_no_token_no_bonus() -> None:
    # a location whose token showed 0 or 1 (back in the box), or one refilled by an event
    state = placed()
    state.loc_sheep[loc(TAN)] = 1
    restart(state, 0)
    assert state.sheep[0] == 1 and state.tokens[0] == 0


def test_no_sheep_no_take() -> None:
    state = placed()
    restart(state, 0)
    assert state.sheep[0] == 0


def play_turn(state: IvorState) -> None:
    """End the move step and take the first card the player may (discarding if needed)."""
    state.apply("end")
    while state.observation(None)["phase"] in ("take a card", "discard down to the hand limit"):
        state.apply(state.legal_actions()[0])


@pytest.mark.parametrize("players", [3, 4, 5])
def test_end_triggered_then_the_round_finishes(players: int) -> None:
    target = sheep_to_end(players)  # the rulebook's 25 / 25 / 20, checked against the data in test_data
    wagons = ("tan-y-gwich", "dyffryn-bridge", "llangubbin", "tewyn", "llanmad")[:players]
    state = placed(wagons)
    restart(state, 1)
    hand(state, 1, job_card(location="dyffryn-bridge"))
    state.sheep[1] = target - 1
    state._changed()
    state.apply(f"job {job_card(location='dyffryn-bridge')}")
    assert state.end_triggered
    play_turn(state)
    for seat in range(2, players):
        assert not state.is_over and state.current == seat, "everyone gets the same number of turns"
        play_turn(state)
    assert state.is_over and state.to_move == ()
    assert state.end_reason == "sheep"
    assert state.observation(0)["end_reason"] == "sheep"
    with pytest.raises(IllegalAction, match="over"):
        state.apply("end", 0)


def test_one_sheep_short_does_not_end() -> None:
    state = placed()
    state.sheep[0] = 23
    state.loc_sheep[loc(TAN)] = 1
    restart(state, 0)  # takes 1 sheep: 24
    assert not state.end_triggered
    for _ in range(4):
        play_turn(state)
    assert not state.is_over


def test_end_triggered_by_the_last_player_ends_at_once() -> None:
    state = placed()
    restart(state, 3)
    state.sheep[3] = 25
    state.end_triggered = True
    play_turn(state)
    assert state.is_over


def finish(state: IvorState) -> None:
    state._finish()


def test_scores_and_winner() -> None:
    state = placed()
    state.sheep = [20, 22, 19, 0]
    state.gold = [3, 0, 1, 0]
    finish(state)
    assert state.scores == (23.0, 22.0, 20.0, 0.0)
    assert state.winners == (0,)
    assert state.observation(None)["players"][0]["final_score"] == 23


def test_tie_broken_by_completed_jobs_then_shared() -> None:
    state = placed()
    state.sheep = [20, 20, 20, 3]
    state.gold = [0, 0, 0, 0]
    state.completed = [[1, 2], [3], [4, 5], []]
    finish(state)
    assert state.winners == (0, 2)
    state = placed()
    state.sheep = [20, 20, 20, 3]
    state.gold = [0, 0, 0, 0]
    state.completed = [[1, 2], [3], [4], []]
    finish(state)
    assert state.winners == (0,)


def test_round_limit_safeguard() -> None:
    state = placed()
    state.round = MAX_ROUNDS - 1
    restart(state, 3)
    assert state.end_reason is None
    play_turn(state)
    assert state.is_over and state.winners
    assert state.end_reason == "safety_cap", "the designed round cap is not the rulebook's end"


def test_hand_limit_turn_end_with_event_reveal_keeps_turn_order() -> None:
    state = placed()
    hand(state, 0, 10, 11, 12, 13)
    line(state, 1, 2, 3, 5)
    play_turn(state)
    assert state.current == 1 and state.phase == 1


def test_notation_ignores_case_and_spacing() -> None:
    state = placed()
    state.apply("  Move   Grumbly-Town ")
    assert state.pos[0] == loc("grumbly-town")


def test_end_trigger_stands_after_the_pen_drops_below_the_target() -> None:
    state = placed()
    state.gain_sheep(0, state.target)
    assert state.end_triggered
    state.sheep[0] = state.target - 3  # say, discards and Choir Practice took some back
    for _ in range(state.players):
        play_turn(state)
    assert state.is_over and state.end_reason == "sheep"


def test_taking_an_event_can_trigger_the_end_through_the_sheep_on_it() -> None:
    state = placed()
    ev = event_card("everyone_gains_sheep")
    line(state, ev, 1, 2, 3)
    state.sheep[0] = state.target - 1
    state.apply("end")
    state.apply(f"take {ev}")
    assert state.end_triggered and state.sheep[0] == state.target


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sheep_to_end_per_player_count_comes_from_the_rulebook_table(players: int) -> None:
    table = DATA.components["sheep_to_end"]
    assert sheep_to_end(players) == table[str(players)]
    assert table == {"3": 25, "4": 25, "5": 20}, "the rulebook: 25 with 3 or 4 players, 20 with 5"
