"""The rulebook's example turn, played move for move."""

from __future__ import annotations

from meeple.games.bayon.data import NEEDS, SITES
from meeple.games.bayon.teams import team_meets
from tests.bayon.helpers import arrange, game, legal, play

PYRAMIDS = next(s.id for s in SITES.values() if s.name == "Pyramids")


def test_the_rulebook_example_turn() -> None:
    # Explorer 14 exists only with 4 players. The player holds explorers 5 and 13,
    # and explorer 14 lies face up in the basecamp.
    state = game(4, seed=3)
    arrange(
        state,
        hands=[[5, 13], [1], [2], [3]],
        faceup=[14, 7],
        camp=[4, 6, 8, 9, 10, 11, 12, 15, 16, 17],
        stacks={"africa": [PYRAMIDS, 8, 9, 10, 11, 12]},
    )
    assert NEEDS[PYRAMIDS] == (3, 1, 1)  # map 3, shovel 1, microscope 1, as in the rulebook

    # Explorer 13 gathers information about the pyramids in Africa.
    play(state, "travel 13 africa")
    africa = state.observation(0)["continents"][1]
    assert africa["known"][0] == {"depth": 0, "site": PYRAMIDS, "known_by": [0]}

    # Explorer 5 cannot do it alone, explorer 13 has acted and may not join.
    assert not team_meets([5], PYRAMIDS)
    assert "travel 13 europe" not in legal(state)

    # Hire explorer 14 from the basecamp for 5 gold; the top face-down card takes its place.
    play(state, "hire 14")
    assert state.gold[0] == 10
    assert state.faceup == [4, 7]
    assert state.hands[0] == [5, 13, 14]

    # The expedition to Africa costs 10 gold; the pyramids are revealed to all.
    play(state, "expedition africa")
    assert state.gold[0] == 0
    assert state.observation(2)["turn"]["revealed"] == PYRAMIDS
    assert legal(state) == ["team 5", "team 14"]  # 13 has already acted

    play(state, "team 5")
    assert state.observation(0)["turn"]["team"] == [5]
    play(state, "team 14")  # together they reach map 4, shovel 2, microscope 4: success
    assert state.owned[0] == [PYRAMIDS]
    assert legal(state) == ["withdraw 5", "withdraw 14"]

    # One participant withdraws to the basecamp: the player chooses 14.
    play(state, "withdraw 14")
    assert state.hands[0] == [5, 13]
    assert state.camp[-1] == 14  # face down under the stack (two explorers lie face up)

    # The interpreter card moves to Africa, and since every explorer has acted the turn is over.
    assert state.observation(None)["interpreter"] == "africa"
    assert state.current == 1
    assert state.scores[0] == 0 + SITES[PYRAMIDS].value
