"""The open step's legal list, listed from tables (a memo of each hand's moves, the expeditions by amount),
is the plain listing of the rules, in its order, whether the memo remembers the hand or works it out."""

from __future__ import annotations

import random

import pytest

from meeple.core import Action
from meeple.games.bayon import actions
from meeple.games.bayon.actions import ACTION_ROWS, ACTION_SPACE, INDEX_ROWS, MAIN
from meeple.games.bayon.data import COSTS, DATA, SITE_VALUE
from meeple.games.bayon.rules import BayonState
from tests.bayon.helpers import arrange, game, play

INDEX = {a: i for i, a in enumerate(ACTION_SPACE)}
NAMES = ("europe", "africa", "asia", "america", "australia")


def plain_listing(state: BayonState) -> list[Action]:
    """The open step's actions, listed straight from the rules, one check per action."""
    p = state.current
    acts = []
    if not state.acted and state.bank >= DATA.take_gold:
        acts.append(Action("gold"))
    if not state.hired and state.gold[p] >= DATA.hire_from_basecamp:
        acts += [Action("hire", e) for e in state.faceup] + ([Action("hire", "stack")] if state.camp else [])
    if not state.hired and state.gold[p] >= DATA.hire_from_player:
        acts += [Action("hire", e) for q, h in enumerate(state.hands) if q != p and len(h) >= 2 for e in h]
    free = [e for e in state.hands[p] if not state.used >> e & 1]
    if free:
        open_ = [c for c in range(5) if c != state.interpreter]
        reachable = [c for c in open_ if state.travelled[c] < len(state.stacks[c])]
        acts += [Action("travel", e, NAMES[c]) for e in free for c in reachable]
        acts += [Action("interpreter", e, NAMES[c]) for e in free for c in open_]
        payable = [s for s in state.owned[p] if not state.won >> s & 1]
        means = state.gold[p] + sum(SITE_VALUE[s] for s in payable)
        acts += [Action("expedition", NAMES[c]) for c in open_ if state.stacks[c] and means >= COSTS[c]]
    return [*acts, Action("end")]


def check(state: BayonState) -> None:
    """Both lists (the hand's moves remembered or worked out afresh) are the plain listing."""
    seat = state.current
    want = plain_listing(state)
    state.refresh()
    assert state.legal_actions(seat) == want, state.history[-4:]
    assert state._legal_indices(seat) == [INDEX[a] for a in want]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_open_step_lists_what_the_rules_allow_in_order_through_random_games(players: int) -> None:
    rng = random.Random(players)
    for rows in (ACTION_ROWS, INDEX_ROWS):
        for memo in rows.explorer_moves:
            memo.clear()  # every hand is first worked out, then remembered
    fresh = remembered = 0  # positions whose free explorers the memo did not hold yet, and did
    for seed in range(4):
        state = game(players, seed)
        while not state.is_over:
            if state.phase == MAIN:
                free = tuple(e for e in state.hands[state.current] if not state.used >> e & 1)
                known = free in ACTION_ROWS.explorer_moves[state.interpreter]
                fresh, remembered = fresh + (not known), remembered + known
                check(state)
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert fresh and remembered  # both were checked


def test_open_step_with_empty_stacks_won_sites_and_every_amount() -> None:
    state = arrange(game(2), hands=[[5, 7, 13], [2]], owned=[[1], []], interpreter="asia")
    arrange(state, stacks={"asia": [], "africa": [8]})  # the blocked continent and an open one nearly empty
    check(state)
    play(state, "travel 5 africa")  # now nothing is left to look at in Africa
    check(state)
    for amount in (-5, 0, 5, 20, 25, 30, 200):  # below the cheapest, each price, above the dearest
        arrange(state, gold=[amount, 15])
        check(state)
    arrange(state, stacks={"asia": [13]})
    state.won = 1 << 1  # site 1 was won this turn: it cannot pay yet
    for amount in (0, 10, 25):
        arrange(state, gold=[amount, 15])
        check(state)


def test_the_memo_of_hands_stays_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(actions, "MOVES_MEMO", 3)
    rows = actions.Rows(lambda a: a)
    hands = [(1,), (2, 3), (4,), (5, 6, 7), (8,)]
    for hand in hands:
        assert rows.moves_of(0, hand) == tuple(ACTION_ROWS.moves_of(0, hand))
        assert len(rows.explorer_moves[0]) <= 3
    assert rows.explorer_moves[0][(8,)] == ACTION_ROWS.travel_open[8][0] + ACTION_ROWS.interpreter_moves[8][0]
