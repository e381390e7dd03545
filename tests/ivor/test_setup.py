"""Setup as the rulebook lays it out, and wagon placement."""

from __future__ import annotations

import pytest

import meeple
from meeple.games.ivor import INFO
from meeple.games.ivor.rules import IvorState, sheep_to_end
from tests.ivor.helpers import every_card, loc


@pytest.mark.parametrize("players", [3, 4, 5])
def test_setup_counts(players: int) -> None:
    state = INFO.new(players, players)
    assert isinstance(state, IvorState)
    assert all(len(h) == 3 and all(c <= 50 for c in h) for h in state.hands)
    assert len(state.line) == 4 and all(c <= 50 for c in state.line), "the first line holds only jobs"
    assert len(state.removed) == 3 and all(c > 50 for c in state.removed)
    assert sum(1 for c in state.deck if c > 50) == 8
    assert len(state.deck) == 50 - 3 * players - 4 + 8
    assert every_card(state) == list(range(1, 62))
    assert state.gold == [1] * players and state.coal == [1] * players
    assert state.supply_gold == 12 - players and state.supply_coal == 12 - players
    assert state.idris_free == 4
    assert state.target == (20 if players == 5 else 25) == sheep_to_end(players)


def test_lost_sheep_tokens_and_sheep() -> None:
    for seed in range(5):
        state = INFO.new(4, seed)
        assert isinstance(state, IvorState)
        assert sorted(state.loc_sheep) == sorted([0] * 3 + [1] * 4 + [2] * 5 + [3] * 4 + [4] * 4)
        for sheep, token in zip(state.loc_sheep, state.loc_token, strict=True):
            # 0 and 1 tokens go back in the box; 2, 3 and 4 stay face down where they were
            assert token == (sheep if sheep >= 2 else 0)


def test_wagons_placed_in_turn_one_per_location() -> None:
    state = INFO.new(3, 2)
    assert state.to_move == (0,)
    assert len(state.legal_actions()) == 20
    state.apply("place tewyn", 0)
    assert state.to_move == (1,)
    assert "place tewyn" not in [str(a) for a in state.legal_actions()]
    with pytest.raises(meeple.IllegalAction, match="already stands"):
        state.apply("place tewyn", 1)
    state.apply("place llaniog", 1)
    state.apply("place llanmad", 2)
    assert isinstance(state, IvorState)
    assert state.pos == [loc("tewyn"), loc("llaniog"), loc("llanmad")]
    assert state.to_move == (0,), "the player with Ivor starts"
    assert state.observation(None)["phase"] == "move and play"


def test_first_turn_takes_a_sheep() -> None:
    state = INFO.new(3, 2)
    assert isinstance(state, IvorState)
    where = max(range(20), key=lambda i: state.loc_sheep[i])
    before = state.loc_sheep[where]
    others = [i for i in range(20) if i != where]
    state.apply(f"place {state.observation(None)['locations'][where]['id']}", 0)
    state.apply(f"place {state.observation(None)['locations'][others[0]]['id']}", 1)
    state.apply(f"place {state.observation(None)['locations'][others[1]]['id']}", 2)
    assert state.loc_sheep[where] == before - 1
    assert state.sheep[0] == 1
