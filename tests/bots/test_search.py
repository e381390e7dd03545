"""The guided search: it finds known right moves, uses the game's policy and
judgement, handles simultaneous moves, and is reproducible with a seed."""

from __future__ import annotations

import pytest

from meeple.bots import ISMCTS
from meeple.bots.ismcts import playout_move
from meeple.core import Action, State, snapshot
from meeple.core.rng import Random
from tests.bots.smallgames import BID, TAKE, bid, pile


@pytest.mark.parametrize(("stones", "winning"), [(2, 2), (4, 1), (5, 2), (7, 1), (8, 2)])
def test_search_takes_the_winning_move(stones: int, winning: int) -> None:
    state = pile(stones)
    assert ISMCTS(iterations=400, seed=3).choose(state, 0) == TAKE[winning]


def _take_one(state: State, seat: int, rng: Random) -> Action:
    return TAKE[1]


def test_a_misleading_policy_does_not_hide_an_obvious_win() -> None:
    """The playouts follow a policy that always takes one stone; the search still
    sees that taking both of the last two stones wins at once."""
    state = pile(2, rollout_policy=_take_one)
    assert ISMCTS(iterations=100, seed=1, epsilon=0.0).choose(state, 0) == TAKE[2]


def test_playouts_follow_the_games_policy_with_some_randomness() -> None:
    calls: list[int] = []

    def policy(state: State, seat: int, rng: Random) -> Action:
        calls.append(seat)
        return TAKE[1]

    state = pile(30, rollout_policy=policy)
    rng = Random(5)
    moves = [playout_move(state, 0, rng, policy, 0.25) for _ in range(400)]
    assert 250 < len(calls) < 350  # about three quarters from the policy
    assert moves.count(TAKE[2]) > 20  # the random share also takes two
    calls.clear()
    ISMCTS(iterations=50, seed=1).choose(state, 0)
    assert calls, "the search's playouts never asked the game's policy"
    calls.clear()
    ISMCTS(iterations=50, seed=1, guided=False).choose(state, 0)
    assert not calls


def test_a_cut_playout_is_judged_by_the_games_evaluator() -> None:
    judged: list[int] = []

    def evaluator(state: State) -> tuple[float, ...]:
        judged.append(state.pile)  # type: ignore[attr-defined]
        return (0.5, 0.5)

    state = pile(60, evaluator=evaluator)
    ISMCTS(iterations=20, seed=1, rollout_limit=3).choose(state, 0)
    assert len(judged) == 20 and all(stones > 0 for stones in judged)
    judged.clear()
    ISMCTS(iterations=20, seed=1, rollout_limit=0).choose(state, 0)
    assert not judged  # uncapped: every playout reaches the end


def test_every_seat_maximises_its_own_share_in_three_player_games() -> None:
    """Seat 1 at a pile of 2 takes both (its own win) rather than one, which would
    hand the last stone to seat 2: each node keeps the mover's own reward."""
    state = pile(3, players=3)
    state.apply(TAKE[1], 0)
    assert ISMCTS(iterations=200, seed=2).choose(state, 1) == TAKE[2]


@pytest.mark.parametrize("players", [2, 3])
def test_simultaneous_bids_find_the_dominant_bid_and_leave_the_state_alone(players: int) -> None:
    state = bid(players)
    before = snapshot(state)
    for seat in range(players):
        assert ISMCTS(iterations=300, seed=seat).choose(state, seat) == BID[3]
    assert snapshot(state) == before


def test_a_seat_bidding_after_another_does_not_read_the_hidden_bid() -> None:
    """Seat 0 has bid 1 in secret; seat 1's choice is the same whatever seat 0 bid."""
    choices = set()
    for hidden in (1, 2, 3):
        state = bid(2)
        state.apply(BID[hidden], 0)
        choices.add(ISMCTS(iterations=200, seed=4).choose(state, 1))
    assert choices == {BID[3]}


def test_progressive_widening_opens_children_gradually() -> None:
    """A node of n visits keeps at most ``widening * sqrt(n + 1)`` children: with
    0.5, the root opens its second bid at 4 visits and its third only at 16."""
    state = bid(2)
    narrow = ISMCTS(iterations=8, seed=1, widening=0.5)
    narrow.choose(state, 0)
    assert len(narrow.last_visits) == 2
    full = ISMCTS(iterations=8, seed=1)
    full.choose(state, 0)
    assert len(full.last_visits) == 3


class _Takes:
    """A stand-in heuristic bot that always takes ``n`` stones."""

    name = "takes"

    def __init__(self, n: int) -> None:
        self.n = n

    def choose(self, state: State, seat: int) -> Action:
        return TAKE[self.n]


def test_the_prior_move_wins_a_close_call_but_not_against_a_clear_win() -> None:
    """A pile of 30 is lost whatever the mover takes: the search alone picks either
    move by seed; with a prior weight the heuristic's move keeps its extra visits.
    At a pile of 2 the search overrules a heuristic that would throw the game away."""
    close = pile(30)
    alone = {ISMCTS(iterations=40, seed=s).choose(close, 0) for s in range(8)}
    assert alone == set(TAKE.values())
    guided = {ISMCTS(iterations=40, seed=s, prior=_Takes(2), prior_weight=0.6).choose(close, 0) for s in range(8)}
    assert guided == {TAKE[2]}
    clear = pile(2)
    assert ISMCTS(iterations=200, seed=1, prior=_Takes(1), prior_weight=0.1).choose(clear, 0) == TAKE[2]


def test_bad_search_settings_are_refused_with_reasons() -> None:
    with pytest.raises(ValueError, match="iterations"):
        ISMCTS(iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        ISMCTS(seconds=-1)
    with pytest.raises(ValueError, match="epsilon"):
        ISMCTS(epsilon=1.5)
    with pytest.raises(ValueError, match="widening"):
        ISMCTS(widening=0)
