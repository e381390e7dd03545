"""Set-up, taking gold, hiring and the four-explorer limit."""

from __future__ import annotations

import pytest

from meeple.core import IllegalAction, snapshot
from meeple.games.bayon.data import CONTINENTS, DATA, SITE_CONTINENT, SITE_VALUE
from tests.bayon.helpers import AFRICA, arrange, game, legal, play


@pytest.mark.parametrize(("players", "absent"), [(2, range(10, 18)), (3, range(14, 18)), (4, range(0))])
def test_set_up(players: int, absent: range) -> None:
    for seed in range(10):
        state = game(players, seed)
        starting = [h[0] for h in state.hands]
        assert all(len(h) == 1 for h in state.hands)
        assert len(set(starting)) == players and set(starting) <= set(range(1, 7))
        everywhere = [e for h in state.hands for e in h] + state.faceup + state.camp
        assert sorted(everywhere) == [e for e in range(1, 18) if e not in absent]
        assert len(state.faceup) == 2
        assert state.camp_hidden == len(state.camp)
        for c, stack in enumerate(state.stacks):
            assert len(stack) == 6 and all(SITE_CONTINENT[s] == c for s in stack)
        assert CONTINENTS[state.interpreter] == "australia"
        assert state.gold == [15] * players
        assert state.bank == DATA.bank_total - 15 * players
        assert state.current == 0 and state.target == {2: 250, 3: 225, 4: 200}[players]


def test_setup_shuffles_with_the_seed() -> None:
    assert snapshot(game(3, 1)) == snapshot(game(3, 1))
    dealt = {(tuple(game(3, s).stacks[0]), tuple(game(3, s).camp)) for s in range(8)}
    assert len(dealt) > 1


def test_taking_gold_ends_the_turn() -> None:
    state = game(2)
    bank = state.bank
    play(state, "gold")
    assert state.gold == [20, 15] and state.bank == bank - 5
    assert state.current == 1


def test_gold_only_as_the_whole_turn() -> None:
    state = arrange(game(2), hands=[[1, 7], [2]])
    play(state, "travel 1 europe")
    assert "gold" not in legal(state)
    with pytest.raises(IllegalAction, match="already acted"):
        state.apply("gold")


def test_no_gold_from_an_empty_bank() -> None:
    state = arrange(game(2), bank=0)
    assert "gold" not in legal(state)
    with pytest.raises(IllegalAction, match="bank has no gold"):
        state.apply("gold")


def test_hire_face_up_costs_five_and_the_stack_refills_the_place() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], faceup=[7, 8], camp=[9, 10, 11])
    bank = state.bank
    play(state, "hire 8")
    assert state.hands[0] == [1, 8]
    assert state.faceup == [7, 9]  # 9 turns up in the vacated place
    assert state.camp == [10, 11] and state.camp_hidden == 2
    assert state.gold[0] == 10 and state.bank == bank + 5


def test_hire_from_the_face_down_stack() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], faceup=[7, 8], camp=[9, 10, 11])
    play(state, "hire stack")
    assert state.hands[0] == [1, 9] and state.faceup == [7, 8] and state.camp == [10, 11]
    assert state.gold[0] == 10


def test_only_one_hire_per_turn() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], faceup=[7, 8], camp=[9, 10, 11])
    play(state, "hire 7")
    assert not any(a.startswith("hire") for a in legal(state))
    with pytest.raises(IllegalAction, match="already hired"):
        state.apply("hire stack")


def test_hired_explorer_acts_in_the_same_turn() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], faceup=[7, 8], camp=[9, 10, 11])
    play(state, "hire 7", "travel 1 europe")
    assert state.current == 0
    play(state, "travel 7 africa")
    assert state.current == 1  # every explorer has acted


def test_a_hire_must_come_before_the_last_explorer_acts() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], faceup=[7, 8], camp=[9, 10, 11])
    play(state, "travel 1 europe")
    assert state.current == 1  # all (one) explorers acted: the turn is over, no hire after it


def test_hiring_needs_five_gold() -> None:
    state = arrange(game(2), gold=[4, 15], hands=[[1], [2, 3]])
    assert not any(a.startswith("hire") for a in legal(state))
    with pytest.raises(IllegalAction, match="you have 4 gold, hiring from the basecamp costs 5"):
        state.apply(f"hire {state.faceup[0]}")


def test_hire_from_another_player_pays_them_ten() -> None:
    state = arrange(game(3), hands=[[1], [2, 7], [3]])
    play(state, "hire 7")
    assert state.hands == [[1, 7], [2], [3]]
    assert state.gold == [5, 25, 15]


def test_no_hire_of_a_players_last_explorer() -> None:
    state = arrange(game(3), hands=[[1], [2, 7], [3]])
    assert "hire 3" not in legal(state) and "hire 2" in legal(state)
    with pytest.raises(IllegalAction, match="seat 2 has only one explorer"):
        state.apply("hire 3")


def test_hiring_from_a_player_needs_ten_gold() -> None:
    state = arrange(game(2), gold=[9, 15], hands=[[1], [2, 7]])
    assert "hire 7" not in legal(state)
    with pytest.raises(IllegalAction, match="you have 9 gold, hiring from another player costs 10"):
        state.apply("hire 7")


def test_a_fifth_explorer_forces_giving_one_up_under_the_stack() -> None:
    state = arrange(game(4), hands=[[1, 7, 8, 9], [2], [3], [4]], faceup=[10, 11], camp=[12, 13])
    play(state, "hire 10")
    assert legal(state) == ["giveup 1", "giveup 7", "giveup 8", "giveup 9", "giveup 10"]
    with pytest.raises(IllegalAction, match="first give one up"):
        state.apply("travel 1 europe")
    play(state, "giveup 8")
    assert state.hands[0] == [1, 7, 9, 10]
    assert state.camp == [13, 8] and state.faceup == [12, 11]
    assert state.camp_hidden == 1  # 8 went under in plain sight
    assert state.observation(1)["basecamp"]["stack_bottom"] == [8]


def test_an_explorer_returns_face_up_when_the_basecamp_holds_fewer_than_two() -> None:
    state = arrange(game(4), hands=[[1, 7, 8, 9], [2], [3], [4]], faceup=[10], camp=[])
    play(state, "hire 10")
    assert state.faceup == []
    play(state, "giveup 1")
    assert state.faceup == [1] and state.camp == []
    assert "hire stack" not in legal(state)


def test_face_up_hire_from_an_empty_stack_leaves_the_place_empty() -> None:
    state = arrange(game(2), hands=[[1], [2]], faceup=[7, 8], camp=[])
    play(state, "hire 7")
    assert state.faceup == [8]
    with pytest.raises(IllegalAction):
        arrange(game(2), hands=[[1], [2]], faceup=[7, 8], camp=[]).apply("hire stack")


# ----------------------------------- gold and hiring, amounts from the data
def test_gold_is_the_whole_turn_so_not_after_a_hire() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], faceup=[7, 8], camp=[9, 10, 11])
    play(state, "hire 7")
    assert "gold" not in legal(state)
    with pytest.raises(IllegalAction, match="whole turn"):
        state.apply("gold")


def test_gold_from_the_bank_is_the_take_gold_amount() -> None:
    state = game(2)
    gold, bank = state.gold[0], state.bank
    play(state, "gold")
    assert state.gold[0] == gold + DATA.take_gold and state.bank == bank - DATA.take_gold


def test_sites_never_pay_for_hiring() -> None:
    # A site worth far more than the hiring price does not let a player short of gold hire.
    short = DATA.hire_from_basecamp - 5
    state = arrange(game(2), hands=[[1], [2, 3]], gold=[short, 15], owned=[[30], []])
    assert SITE_VALUE[30] >= DATA.hire_from_player
    assert not any(a.startswith("hire") for a in legal(state))
    with pytest.raises(IllegalAction, match=f"you have {short} gold"):
        state.apply(f"hire {state.faceup[0]}")


def test_hiring_from_a_player_pays_the_owner_not_the_bank() -> None:
    state = arrange(game(3), hands=[[1], [2, 7], [3]], gold=[DATA.hire_from_player, 0, 0])
    bank = state.bank
    play(state, "hire 7")
    assert state.gold == [0, DATA.hire_from_player, 0] and state.bank == bank


def test_hiring_from_the_basecamp_pays_the_bank() -> None:
    state = arrange(game(3), hands=[[1], [2], [3]], gold=[DATA.hire_from_basecamp, 15, 15], camp=[9, 10, 11])
    bank = state.bank
    play(state, "hire stack")
    assert state.gold[0] == 0 and state.bank == bank + DATA.hire_from_basecamp


@pytest.mark.parametrize("step", ["pay", "withdraw", "lose"])
def test_no_hire_at_any_step_of_an_expedition(step: str) -> None:
    hands = {"pay": [5, 14, 13], "withdraw": [5, 14, 13], "lose": [1, 2, 13]}[step]
    state = arrange(game(4), hands=[hands, [3], [4], [6]], stacks={"africa": AFRICA}, gold=[30, 15, 15, 15])
    arrange(state, owned=[[1], [], [], []] if step == "pay" else None, faceup=[7, 8], camp=[9])
    moves = {
        "pay": ["expedition africa"],
        "withdraw": ["expedition africa", "team 5", "team 14"],
        "lose": ["expedition africa", "team 1", "team 2", "team done"],
    }[step]
    play(state, *moves)
    assert state.observation(0)["turn"]["step"] == step
    assert not any(a.startswith("hire") for a in legal(state))
    with pytest.raises(IllegalAction, match="first"):
        state.apply("hire 7")


def test_any_explorer_may_be_given_up_even_the_one_just_hired_or_one_that_acted() -> None:
    limit = DATA.max_explorers
    hand = [1, 7, 8, 9][:limit]
    state = arrange(game(4), hands=[hand, [2], [3], [4]], faceup=[10, 11], camp=[12, 13], gold=[30, 15, 15, 15])
    play(state, f"travel {hand[0]} europe", "hire 10")
    assert len(state.hands[0]) == limit + 1
    assert legal(state) == [f"giveup {e}" for e in [*hand, 10]]
    play(state, "giveup 10")
    assert state.hands[0] == hand and state.camp[-1] == 10
