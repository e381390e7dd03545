"""The policy rollout search: it finds known right moves through the game's policy,
keeps the heuristic's move unless another is clearly better, cuts playouts at
the searching seat's next turn, handles simultaneous moves, stays in budget
and is reproducible with a seed."""

from __future__ import annotations

import pytest

import meeple
from meeple.bots import PolicyRollout, heuristic_policy, make_bot
from meeple.core import Action, State, snapshot
from meeple.core.rng import Random
from tests.bots.smallgames import BID, TAKE, bid, pile


def _perfect(state: State, seat: int, rng: Random) -> Action:
    """Leave a multiple of three stones when possible (the winning play)."""
    stones: int = state.pile  # type: ignore[attr-defined]
    return TAKE[stones % 3] if stones % 3 else TAKE[1]


class _Always:
    """A prior that always suggests the same move."""

    name = "always"

    def __init__(self, action: Action) -> None:
        self.action = action

    def choose(self, state: State, seat: int) -> Action:
        return self.action


@pytest.mark.parametrize(("stones", "winning"), [(2, 2), (4, 1), (5, 2), (7, 1), (8, 2)])
def test_the_policys_own_play_shows_the_winning_move_against_a_wrong_prior(stones: int, winning: int) -> None:
    """The prior suggests the losing move; playouts of the perfect policy show the
    other move wins every time, far more than the margin, so it replaces the prior's."""
    state = pile(stones, rollout_policy=_perfect)
    wrong = TAKE[3 - winning]
    bot = PolicyRollout(playouts=40, seed=3, prior=_Always(wrong), horizon=0)
    assert bot.choose(state, 0) == TAKE[winning]
    assert bot.last_values[TAKE[winning]] == 1.0 and bot.last_values[wrong] == 0.0


def test_the_priors_move_stands_when_nothing_is_better_by_the_margin() -> None:
    """From a pile of 3 every move loses against perfect play: the prior's move is kept
    (the search would otherwise take the first legal move, ``take 1``)."""
    state = pile(3, rollout_policy=_perfect)
    assert PolicyRollout(playouts=40, seed=1, prior=_Always(TAKE[2]), horizon=0).choose(state, 0) == TAKE[2]
    assert PolicyRollout(playouts=40, seed=1, horizon=0).choose(state, 0) == TAKE[1]


def test_with_confidence_one_lucky_sample_does_not_overrule_the_prior() -> None:
    """One sample shows the other move winning, but one sample has no spread to judge
    by: with ``confidence`` the prior's move stands; forty samples that all agree overrule it."""
    state = pile(4, rollout_policy=_perfect)
    wrong = _Always(TAKE[2])
    assert PolicyRollout(playouts=1, seed=3, prior=wrong, horizon=0).choose(state, 0) == TAKE[1]
    assert PolicyRollout(playouts=1, seed=3, prior=wrong, horizon=0, confidence=1.0).choose(state, 0) == TAKE[2]
    assert PolicyRollout(playouts=40, seed=3, prior=wrong, horizon=0, confidence=1.0).choose(state, 0) == TAKE[1]


def test_a_playout_stops_at_the_searching_seats_next_turn_after_the_horizon() -> None:
    judged: list[tuple[int, int]] = []

    def evaluator(state: State) -> tuple[float, ...]:
        judged.append((state.pile, state.current))  # type: ignore[attr-defined]
        return (0.5, 0.5)

    state = pile(60, evaluator=evaluator)
    bot = PolicyRollout(playouts=10, seed=1, horizon=3)
    bot.choose(state, 0)
    assert len(judged) == bot.last_iterations == 10
    # the candidate, then at least 3 more moves, ending with seat 0 to move: 4 moves, 4-8 stones
    assert all(seat == 0 and 52 <= stones <= 56 for stones, seat in judged)
    judged.clear()
    PolicyRollout(playouts=10, seed=1, horizon=0).choose(state, 0)
    assert not judged  # to the end: a finished game is judged by its winners, not the evaluator


@pytest.mark.parametrize("players", [2, 3])
def test_simultaneous_bids_find_the_dominant_bid_and_leave_the_state_alone(players: int) -> None:
    state = bid(players)
    before = snapshot(state)
    for seat in range(players):
        assert PolicyRollout(playouts=300, seed=seat, horizon=0).choose(state, seat) == BID[3]
    assert snapshot(state) == before


def _bayon_position() -> State:
    state = meeple.new_game("bayon", players=2, seed=4)
    bot = make_bot("heuristic", game="bayon")
    while len(state.legal_actions(state.to_move[0])) < 8:
        seat = state.to_move[0]
        state.apply(bot.choose(state, seat), seat)
    return state


def test_sequential_halving_spends_the_budget_on_fewer_moves_each_round() -> None:
    state = _bayon_position()
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    bot = PolicyRollout(playouts=120, seed=2, prior=make_bot("heuristic", game="bayon"))
    choice = bot.choose(state, seat)
    assert choice in legal
    assert len(legal) // 4 <= bot.last_iterations <= 120 + len(legal)
    assert 1 <= len(bot.last_values) < len(legal)  # the worse moves were dropped


def test_the_same_seed_gives_the_same_move_and_a_time_cap_alone_works() -> None:
    state = _bayon_position()
    seat = state.to_move[0]
    first = [PolicyRollout(playouts=60, seed=9).choose(state, seat) for _ in range(2)]
    assert first[0] == first[1]
    timed = PolicyRollout(seconds=0.05, seed=9)
    assert timed.choose(state, seat) in state.legal_actions(seat) and timed.last_iterations > 0


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="playouts must be at least 1"):
        PolicyRollout(playouts=0)
    with pytest.raises(ValueError, match="horizon"):
        PolicyRollout(horizon=-1)
    with pytest.raises(ValueError, match="epsilon"):
        PolicyRollout(epsilon=2.0)
    with pytest.raises(ValueError, match="blunder"):
        PolicyRollout(blunder=-0.1)


def test_a_blunder_is_an_unsearched_random_legal_move_reproducible_with_the_seed() -> None:
    """``blunder=1``: every decision is a uniformly random legal move, chosen without a
    playout, the same for the same seed; over many seeds every legal move comes up,
    the prior's suggestion included and not favoured (each about 1/len(legal))."""
    state = _bayon_position()
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    prior = make_bot("heuristic", game="bayon")
    picks = []
    for seed in range(40 * len(legal)):
        bot = PolicyRollout(playouts=60, seed=seed, prior=prior, blunder=1.0)
        pick = bot.choose(state, seat)
        assert bot.last_iterations == 0 and pick in legal
        assert PolicyRollout(playouts=60, seed=seed, prior=prior, blunder=1.0).choose(state, seat) == pick
        picks.append(pick)
    counts = [picks.count(a) for a in legal]
    assert min(counts) >= 10 and max(counts) <= 80  # expected 40 each


def test_blunders_come_at_about_their_share_of_decisions() -> None:
    """With ``blunder=0.25`` about a quarter of the decisions skip the search (no playouts)."""
    state = _bayon_position()
    seat = state.to_move[0]
    bot = PolicyRollout(playouts=4, seed=5, blunder=0.25)
    unsearched = 0
    for _ in range(200):
        bot.choose(state, seat)
        unsearched += bot.last_iterations == 0
    assert 30 <= unsearched <= 70  # expected 50


def test_a_policy_given_to_the_bot_plays_the_playouts_instead_of_the_games() -> None:
    """The game's own policy is random here; the bot's ``policy`` (perfect play) shows the winning move."""
    state = pile(5)
    wrong = TAKE[1]
    bot = PolicyRollout(playouts=40, seed=3, prior=_Always(wrong), horizon=0, policy=_perfect)
    assert bot.choose(state, 0) == TAKE[2]
    assert bot.last_values[TAKE[2]] == 1.0 and bot.last_values[wrong] == 0.0


def test_width_keeps_the_heuristics_move_and_the_best_looking_others() -> None:
    state = _bayon_position()
    seat = state.to_move[0]
    legal = state.legal_actions(seat)
    hint = legal[-1]
    bot = PolicyRollout(playouts=30, seed=2, prior=_Always(hint), width=3)
    screened = bot._screen(state, seat, legal, hint)
    assert len(screened) == 3 and hint in screened
    assert screened == [a for a in legal if a in screened]  # in legal order
    assert bot.choose(state, seat) in screened
    assert set(bot.last_values) <= set(screened)
    assert PolicyRollout(playouts=30, seed=2, prior=_Always(hint), width=1).choose(state, seat) == hint


def test_the_heuristic_policy_is_the_heuristic_bots_own_move() -> None:
    state = _bayon_position()
    seat = state.to_move[0]
    policy = heuristic_policy("bayon", 4)
    assert policy is not None
    assert policy(state, seat, Random(1)) == make_bot("heuristic", seed=4, game="bayon").choose(state, seat)


def test_only_the_searched_kinds_of_decision_are_searched() -> None:
    """With ``searched`` naming a kind the decision does not offer, the prior's (losing)
    move is played unsearched; naming the kind it offers, the search overrules it."""
    state = pile(5, rollout_policy=_perfect)
    wrong = _Always(TAKE[1])
    skipped = PolicyRollout(playouts=40, seed=3, prior=wrong, horizon=0, searched=("bid",))
    assert skipped.choose(state, 0) == TAKE[1] and skipped.last_iterations == 0
    searched = PolicyRollout(playouts=40, seed=3, prior=wrong, horizon=0, searched=("take",))
    assert searched.choose(state, 0) == TAKE[2] and searched.last_iterations > 0


def test_a_blunder_is_drawn_from_the_games_careless_moves_where_it_declares_them() -> None:
    """A game that lists its careless moves gets its slips from that list only; where the
    list is empty the decision is searched as usual (no slip that time)."""
    only_one = pile(5, careless_moves=lambda state, seat: [TAKE[1]])
    for seed in range(30):
        bot = PolicyRollout(playouts=8, seed=seed, horizon=0, blunder=1.0)
        assert bot.choose(only_one, 0) == TAKE[1] and bot.last_iterations == 0
    none = pile(5, rollout_policy=_perfect, careless_moves=lambda state, seat: [])
    bot = PolicyRollout(playouts=8, seed=3, horizon=0, blunder=1.0)
    assert bot.choose(none, 0) == TAKE[2] and bot.last_iterations > 0  # searched: the winning move


def test_a_heuristic_playout_is_fixed_by_its_world_and_seed_so_candidates_share_their_draws() -> None:
    """Ibyron's heuristic breaks ties at random. In ``hard``'s playouts it must draw from
    the playout's generator, not from its own (which moves on from playout to playout):
    otherwise two candidates played on the same world and seed are not compared on the
    same draws, and the paired test measures the tie-breaks' noise."""
    bot = make_bot("hard", game="ibyron", seed=3)
    assert isinstance(bot, PolicyRollout) and bot.policy is not None
    state = meeple.new_game("ibyron", players=2, seed=11)
    rng = Random(0)
    results = []
    for _ in range(60):
        if state.is_over:
            break
        seat = state.to_move[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            action = legal[0]
            first = bot._playout(state.clone(), seat, action, Random(7))
            again = bot._playout(state.clone(), seat, action, Random(7))
            results.append((first, again))
        state.apply(legal[rng.randrange(len(legal))], seat)
    assert len(results) >= 10
    assert all(first == again for first, again in results), results
