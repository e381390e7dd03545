"""The greedy Bayon bot: it plays legal moves, beats random play, and its games
end by the target long before the round limit (the designed data works)."""

from __future__ import annotations

from meeple.bots import RandomBot
from meeple.games.bayon.bot import GreedyBot, smallest_team
from tests.bayon.helpers import game


def test_smallest_team() -> None:
    assert smallest_team([5, 14, 13], 7) == [5, 14]  # the rulebook example: pyramids need 3·1·1
    assert smallest_team([1, 2], 7) is None  # no map at all
    assert smallest_team([8, 13], 1) == [8]


def test_greedy_self_play_reaches_the_target() -> None:
    for players in (2, 3, 4):
        for seed in range(3):
            state = game(players, seed)
            bots = [GreedyBot(seat) for seat in range(players)]
            while not state.is_over:
                seat = state.current
                state.apply(bots[seat].choose(state, seat), seat)
            assert max(state.scores) >= state.target
            assert state.round < 40


def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(10):
        state = game(2, seed)
        greedy_seat = seed % 2
        bots: dict[int, GreedyBot | RandomBot] = {greedy_seat: GreedyBot(seed), 1 - greedy_seat: RandomBot(seed)}
        while not state.is_over:
            seat = state.current
            state.apply(bots[seat].choose(state, seat), seat)
        wins += state.winners == (greedy_seat,)
    assert wins >= 9
