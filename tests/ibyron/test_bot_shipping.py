"""Ibyron's heuristic bot ships a waiting reserve stack home instead of tying its few discs up in camps.

``data/bot_ship_stall_round17.json`` records a two-player ladder game up to round 17 (game 50
of ``benchmarks/bots_ladder.py ibyron hard medium --seed 71``): from round 16 both seats have
a Harbour, a reserve stack still on the mat, wood enough for a ship and five discs in play.
Gathering from a camp and founding a new stone camp of 3 discs each round (their stone
already at the track's top) keeps fewer than the ship's 4 discs in the supply whenever a
ship could be built, and the game then runs to the 30-round safety cap.
"""

from __future__ import annotations

from pathlib import Path

import meeple
from meeple.core.record import Record, replay_moves
from meeple.games.ibyron import bot
from meeple.games.ibyron.data import DATA, WOOD
from meeple.games.ibyron.position import IbyronPosition

RECORD = Path(__file__).parent / "data" / "bot_ship_stall_round17.json"
SHIP_DISCS: int = DATA["ship"]["discs"]


def _stalled_position() -> IbyronPosition:
    record = Record.from_json(RECORD.read_text(encoding="utf-8"))
    state = meeple.new_game(record.game, players=record.players, seed=record.seed, **record.options)
    assert isinstance(state, IbyronPosition)
    replay_moves(state, record.moves)
    return state


def test_the_recorded_position_is_the_stall() -> None:
    """Both seats: a Harbour, a stack still out, no ship on the way, wood for one, and no more than
    5 discs in play (so one camp of 2 or more leaves the supply short of the ship's 4)."""
    state = _stalled_position()
    assert state.round == 17 and not state.is_over
    for p in range(2):
        assert bot._ship_pending(state, p)
        assert state.res[p][WOOD] >= DATA["ship"]["wood"]
        in_camps = sum(d for o, _, d in state.camps.values() if o == p)
        assert bot._circulating(state, p) + in_camps <= SHIP_DISCS + 1


def test_heuristic_bots_from_the_stalled_position_end_the_game_by_the_race() -> None:
    state = _stalled_position()
    bots = [bot.HeuristicBot(7_100_500 + p) for p in range(2)]
    while not state.is_over:
        p = state.to_move[0]
        state.apply(bots[p].choose(state, p), p)
    assert state.end_reason == "workers", f"ended by {state.end_reason} in round {state.round}"


def test_both_seats_ship_their_stack_within_three_rounds() -> None:
    state = _stalled_position()
    bots = [bot.HeuristicBot(7_100_600 + p) for p in range(2)]
    shipped: set[int] = set()
    while not state.is_over and state.round < 20:
        p = state.to_move[0]
        action = bots[p].choose(state, p)
        if action.kind == "ship":
            shipped.add(p)
        state.apply(action, p)
    assert shipped == {0, 1}


def test_a_pending_ship_is_built_before_gathering() -> None:
    """With a ship payable now, the bot builds it first: gathering pays foremen from the supply
    and would leave fewer than its 4 discs there."""
    state = _stalled_position()
    bots = [bot.HeuristicBot(3 + p) for p in range(2)]
    checked = 0
    while not state.is_over and state.round < 20:
        p = state.to_move[0]
        legal = state.legal_actions(p)
        action = bots[p].choose(state, p)
        if any(a.kind == "ship" for a in legal) and bot._ship_pending(state, p):
            assert action.kind == "ship", f"round {state.round}, seat {p}: {action} instead of the ship"
            checked += 1
        state.apply(action, p)
    assert checked >= 2
