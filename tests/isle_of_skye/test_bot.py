"""The greedy bot plays legal moves only and beats random players."""

from __future__ import annotations

from meeple.bots import RandomBot
from meeple.games.isle_of_skye.bot import GreedyBot, territory_value
from tests.isle_of_skye.helpers import CASTLE, SAMPLE, new_state


def play(players: int, seed: int, greedy_seat: int) -> tuple[int, ...]:
    state = new_state(players, seed=seed)
    bots = {s: GreedyBot(seed) if s == greedy_seat else RandomBot(seed * 10 + s) for s in range(players)}
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)  # apply re-checks legality
    return state.winners


def test_greedy_beats_random_in_most_games() -> None:
    wins = sum(1 for seed in range(6) if seed % 2 in play(2, seed, seed % 2))
    assert wins >= 5


def test_greedy_plays_a_five_player_game_to_the_end() -> None:
    assert play(5, 3, 2)


def test_territory_value_grows_with_useful_tiles() -> None:
    state = new_state(2, scoring="sheep,roads,mountains,farm-animals")
    assert territory_value(state, SAMPLE) > territory_value(state, CASTLE)
