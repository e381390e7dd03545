"""Rules the audit against the rulebook found without a test of their own."""

from __future__ import annotations

import json

import pytest

from meeple import IllegalAction
from meeple.games.ivor.data import DATA
from meeple.games.ivor.routes import DIST
from meeple.games.ivor.rules import COAL_PER_GOLD, HAND_LIMIT, MAIN_LINE_COAL, IvorState, sheep_to_end
from tests.ivor.helpers import event_card, hand, job_card, line, loc, placed, texts
from tests.ivor.test_turn_and_end import play_turn

MAIN_A, MAIN_B = (DATA.locations[i].id for i in DATA.main_line)


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


def test_hand_limit_discard_with_an_empty_pen_loses_nothing() -> None:
    state = placed()
    cards = [job_card(location="capel-isaf"), job_card(location="ogof-idris")]
    cards += [c for c in range(1, 51) if c not in cards][: HAND_LIMIT - 1]
    hand(state, 0, *cards[:HAND_LIMIT])
    extra = cards[HAND_LIMIT]
    line(state, extra, *[c for c in range(1, 51) if c not in cards][:3])
    state.sheep[0] = 0
    state.apply("end")
    state.apply(f"take {extra}")
    assert state.phase == 6  # discard down to the hand limit
    state.apply(f"discard {extra}")
    assert state.sheep[0] == 0 and state.current == 1


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sheep_to_end_per_player_count_comes_from_the_rulebook_table(players: int) -> None:
    table = DATA.components["sheep_to_end"]
    assert sheep_to_end(players) == table[str(players)]
    assert table == {"3": 25, "4": 25, "5": 20}, "the rulebook: 25 with 3 or 4 players, 20 with 5"


def test_runaway_sheep_range_counts_ordinary_lines_not_the_main_line() -> None:
    state = placed((MAIN_A, "tan-y-gwich", "llanmad"))
    card = job_card(special="runaway_sheep")
    reach = next(j.amount for j in DATA.jobs if j.id == card)
    assert DIST[loc(MAIN_A)][loc(MAIN_B)] > reach, "the far end of the main line is out of reach by line"
    hand(state, 0, card)
    state.loc_sheep[loc(MAIN_B)] = 2
    state._changed()
    assert f"special {card}" not in texts(state)


def test_coal_moves_may_return_to_a_location_already_visited() -> None:
    state = placed()
    start = DATA.locations[state.pos[0]].id
    state.coal[0] = 1
    state._changed()
    state.apply("move grumbly-town 0 coal")
    state.apply(f"move {start} 1 coal")
    assert state.pos[0] == loc(start) and state.coal[0] == 0


def test_buy_coal_gives_the_rulebook_amount_and_main_line_costs_it() -> None:
    state = placed((MAIN_A, "tan-y-gwich", "llanmad"))
    state.coal[0] = 0
    state.supply_coal = DATA.components["coal"] - sum(state.coal)
    state._changed()
    state.apply("buy coal")
    assert state.coal[0] == COAL_PER_GOLD == MAIN_LINE_COAL
    state.apply(f"move {MAIN_B} {MAIN_LINE_COAL} coal")
    assert state.pos[0] == loc(MAIN_B) and state.coal[0] == 0


def _snapshot(state: IvorState) -> str:
    views = [state.observation(seat) for seat in (None, *range(state.players))]
    hidden = (state.deck, state.removed, state.hands, state.loc_token, state.rng.getstate())
    return json.dumps([views, repr(hidden), len(state.history)], sort_keys=True, default=str)


@pytest.mark.parametrize("bad", [
    "move ogof-idris 0 coal", "move nowhere", "job 50", "special 49", "take 1", "discard 3",
    "idris tewyn", "runaway tewyn", "place tewyn", "buy gold", "", "move", "job", "take 999",
])
def test_a_refused_action_explains_itself_and_changes_nothing(bad: str) -> None:
    state = placed()
    hand(state, 0, job_card(location="llanmad"))
    before = _snapshot(state)
    with pytest.raises((IllegalAction, ValueError)) as refused:
        state.apply(bad)
    assert str(refused.value).strip(), "a refusal says what was wrong"
    assert _snapshot(state) == before


def test_hand_limit_discards_come_before_the_refill() -> None:
    # The rulebook's order: take a card (discarding down to the limit), then refill the line.
    # With deck and discards empty, the only card the refill can draw is the one just discarded.
    state = placed()
    cards = list(range(1, HAND_LIMIT + 1))
    spare = [c for c in range(1, 51) if c not in cards]
    hand(state, 0, *cards)
    line(state, *spare[:4])
    state.deck, state.discard = [], []
    state._changed()
    state.apply("end")
    state.apply(f"take {spare[0]}")
    state.apply(f"discard {cards[0]}")
    assert state.line[-1] == cards[0] and state.reshuffled and state.current == 1
