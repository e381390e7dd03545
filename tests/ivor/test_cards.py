"""Taking cards, the hand limit, refilling the line, events and the wipe, the reshuffle."""

from __future__ import annotations

import pytest

from meeple import IllegalAction
from meeple.games.ivor.actions import DISCARD
from meeple.games.ivor.rules import HAND_LIMIT, IvorState
from tests.ivor.helpers import event_card, every_card, hand, job_card, line, loc, placed, texts


def to_take(state: IvorState) -> None:
    state.apply("end")
    assert state.observation(None)["phase"] == "take a card"


def test_take_a_job_card_into_the_hand() -> None:
    state = placed()
    hand(state, 0)
    line(state, 1, 2, 3, 5)
    to_take(state)
    assert texts(state) == ["take 1", "take 2", "take 3", "take 5"]
    state.apply("take 3")
    assert state.hands[0] == [3] and state.known[0] == [3]
    assert len(state.line) == 4 and 3 not in state.line
    assert state.current == 1


def test_take_an_event_costs_gold_and_brings_its_sheep() -> None:
    state = placed()
    hand(state, 0)
    ev = event_card("everyone_gains_coal")
    line(state, ev, 1, 2, 3)
    to_take(state)
    gold_stock = state.supply_gold
    state.apply(f"take {ev}")
    assert state.gold[0] == 0 and state.supply_gold == gold_stock + 1
    assert state.sheep[0] == 1
    assert state.events_taken[0] == [ev] and ev not in state.hands[0]


def test_no_gold_no_event() -> None:
    state = placed()
    hand(state, 0)
    ev = event_card("everyone_gains_coal")
    line(state, ev, 1, 2, 3)
    state.gold[0] = 0
    state._changed()
    to_take(state)
    assert f"take {ev}" not in texts(state)
    with pytest.raises(IllegalAction, match="costs 1 gold"):
        state.apply(f"take {ev}")


def test_hand_limit_discards_and_loses_sheep() -> None:
    state = placed()
    hand(state, 0, 10, 11, 12, 13)
    line(state, 1, 2, 3, 5)
    state.sheep[0] = 3
    to_take(state)
    state.apply("take 1")
    assert state.observation(None)["phase"] == "discard down to the hand limit"
    assert state.current == 0
    assert sorted(texts(state)) == sorted(f"discard {c}" for c in (10, 11, 12, 13, 1))
    state.apply("discard 11")
    assert state.sheep[0] == 2 and 11 in state.discard and len(state.hands[0]) == 4
    assert state.current == 1, "the turn ends once the hand is back to 4"


def test_hand_limit_counts_only_at_the_end_of_the_turn() -> None:
    state = placed()
    extra = job_card(special="extra_card")
    hand(state, 0, extra, 10, 11, 12)
    line(state, 1, 2, 3, 5)
    state.sheep[0] = 0
    state.apply(f"special {extra}")
    state.apply("take 1")  # 4 cards in hand
    state.apply("end")
    state.apply("take 2")  # 5 cards: discard one, with no sheep to lose
    assert state.observation(None)["phase"] == "discard down to the hand limit"
    state.apply("discard 2")
    assert state.sheep[0] == 0 and state.current == 1


def test_revealed_event_gets_a_sheep_and_takes_effect() -> None:
    state = placed()
    hand(state, 0)
    ev = event_card("sheep_to_towns")
    line(state, 1, 2, 3, 5)
    state.deck.remove(ev) if ev in state.deck else state.removed.remove(ev)
    if len(state.removed) < 3:
        swap = next(c for c in state.deck if c > 50)
        state.deck.remove(swap)
        state.removed.append(swap)
    state.deck.append(ev)  # next card drawn
    to_take(state)
    state.apply("take 1")
    assert ev in state.line
    assert state.line_sheep[state.line.index(ev)] == 1
    assert state.loc_sheep[loc("llangubbin")] == 1 and state.loc_sheep[loc("tewyn")] == 1
    assert every_card(state) == list(range(1, 62))


def test_three_events_wipe_the_line() -> None:
    state = placed()
    hand(state, 0)
    e1, e2, e3 = event_card("sheep_to_towns"), event_card("sheep_to_location"), event_card("everyone_gains_coal")
    line(state, e1, e2, 1, 2)
    for ev in (e3,):
        if ev in state.removed:
            state.removed.remove(ev)
            swap = next(c for c in state.deck if c > 50 and c not in (e1, e2))
            state.deck.remove(swap)
            state.removed.append(swap)
        else:
            state.deck.remove(ev)
    jobs_next = [c for c in state.deck if c <= 50][-4:]
    state.deck = [c for c in state.deck if c not in jobs_next] + jobs_next + [e3]
    to_take(state)
    state.apply("take 1")
    # e3 came up third: the line is wiped, its sheep go back, and four jobs are dealt
    assert sorted(state.line) == sorted(jobs_next)
    assert state.line_sheep == [0, 0, 0, 0]
    assert {e1, e2, e3, 2} <= set(state.discard)
    assert state.coal[0] == 2, "the third event still took effect before the wipe"
    assert every_card(state) == list(range(1, 62))


def test_deck_reshuffled_from_the_discards() -> None:
    state = placed()
    hand(state, 0)
    line(state, 1, 2, 3, 5)
    state.discard = state.deck
    state.deck = []
    state._changed()
    to_take(state)
    state.apply("take 1")
    assert len(state.line) == 4 and state.reshuffled
    assert every_card(state) == list(range(1, 62))


def test_nothing_to_take_skips_the_step() -> None:
    state = placed()
    hand(state, 0)
    ev1, ev2 = event_card("sheep_to_towns"), event_card("sheep_to_location")
    line(state, ev1, ev2)
    state.gold[0] = 0
    state.discard += state.deck
    state.deck = []
    state._changed()
    state.apply("end")
    assert state.current == 1


def test_an_event_dealt_after_a_wipe_takes_effect_too() -> None:
    state = placed()
    hand(state, 0)
    e1, e2 = event_card("sheep_to_towns"), event_card("sheep_to_location")
    e3, e4 = event_card("everyone_gains_coal"), event_card("everyone_gains_sheep")
    line(state, e1, e2, 1, 2)
    for ev in (e3, e4):
        if ev in state.removed:
            state.removed.remove(ev)
            swap = next(c for c in state.deck if c > 50 and c not in (e1, e2, e3, e4))
            state.deck.remove(swap)
            state.removed.append(swap)
        else:
            state.deck.remove(ev)
    jobs_next = [c for c in state.deck if c <= 50][-3:]
    # drawn from the end: e3 (third event: wipe), then e4, then the three jobs
    state.deck = [c for c in state.deck if c not in jobs_next] + jobs_next + [e4, e3]
    state.sheep = [0] * state.players
    to_take(state)
    state.apply("take 1")
    assert sorted(state.line) == sorted([*jobs_next, e4])
    assert state.line_sheep[state.line.index(e4)] == 1, "the new event gets its sheep"
    assert state.sheep == [1] * state.players, "and its effect: every player gains 1 sheep"
    assert every_card(state) == list(range(1, 62))


def test_face_up_cards_do_not_count_towards_the_hand_limit() -> None:
    state = placed()
    hand(state, 0, 10, 11, 12)
    line(state, 1, 2, 3, 5)
    state.completed[0] = [20, 21, 22]
    state.events_taken[0] = [event_card("sheep_to_towns")]
    state.sheep[0] = 3
    to_take(state)
    state.apply("take 1")  # 4 cards in hand, 4 more face up in front of the player
    assert state.current == 1 and state.sheep[0] == 3, "no discard, no sheep lost"


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
    assert state.phase == DISCARD  # discard down to the hand limit
    state.apply(f"discard {extra}")
    assert state.sheep[0] == 0 and state.current == 1


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
