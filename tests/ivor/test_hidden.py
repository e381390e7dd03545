"""Hidden information: private hands, unknown deck order and token numbers; determinize."""

from __future__ import annotations

import json
import random

from meeple.games.ivor import INFO
from meeple.games.ivor.rules import IvorState
from tests.ivor.helpers import every_card, hand, line, placed


def midgame(seed: int, steps: int = 40) -> IvorState:
    state = INFO.new(4, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert isinstance(state, IvorState)
    return state


def test_hands_are_private() -> None:
    state = placed()
    hand(state, 1, 7, 8, 9)
    obs = state.observation(0)
    assert obs["players"][1]["hand"] is None and obs["players"][1]["hand_size"] == 3
    assert state.observation(1)["players"][1]["hand"] == [7, 8, 9]
    assert state.observation(None)["players"][1]["hand"] is None


def test_cards_taken_from_the_line_are_known_to_all() -> None:
    state = placed()
    hand(state, 0, 7)
    line(state, 1, 2, 3, 5)
    state.apply("end")
    state.apply("take 2")
    assert state.observation(3)["players"][0]["hand_known"] == [2]


def test_no_deck_order_or_token_number_in_observations() -> None:
    state = midgame(3)
    for seat in (None, 0, 1, 2, 3):
        text = json.dumps(state.observation(seat))
        assert "deck\"" not in text.replace("deck_size", "")
        for place in state.observation(seat)["locations"]:
            assert set(place) == {"id", "sheep", "lost_sheep_token", "wagon", "idris"}


def test_determinize_keeps_what_the_seat_knows_and_redraws_the_rest() -> None:
    rng = random.Random(5)
    changed_hands = changed_deck = False
    for seed in range(6):
        state = midgame(seed)
        for seat in range(4):
            world = state.determinize(seat, rng)
            assert world.observation(seat) == state.observation(seat)
            assert every_card(world) == list(range(1, 62))
            assert world.hands[seat] == state.hands[seat]
            assert all(c > 50 for c in world.removed)
            for other in range(4):
                assert len(world.hands[other]) == len(state.hands[other])
                assert all(c <= 50 for c in world.hands[other])
                assert set(state.known[other]) <= set(world.hands[other])
                changed_hands |= world.hands[other] != state.hands[other]
            changed_deck |= world.deck != state.deck
    assert changed_hands and changed_deck


def test_determinize_keeps_the_token_numbers_everyone_saw_at_set_up() -> None:
    # Set-up shows every lost-sheep token face up (its number is the sheep dealt there)
    # before it is turned down, so no seat is unsure of them: a world must keep them.
    rng = random.Random(9)
    for seed in range(4):
        state = midgame(seed)
        for seat in range(4):
            assert state.determinize(seat, rng).loc_token == state.loc_token


def test_determinize_after_a_reshuffle_keeps_the_deck_contents() -> None:
    state = midgame(2)
    state.discard += state.deck
    state.deck = []
    card = state._draw()
    assert card is not None and state.reshuffled
    state.deck.append(card)
    rng = random.Random(1)
    for seat in range(4):
        world = state.determinize(seat, rng)
        assert sorted(world.deck) == sorted(state.deck), "the deck is the old discard pile, seen by all"
        assert sorted(world.removed) == sorted(state.removed), "known by elimination"
        hidden_before = sorted(c for s in range(4) if s != seat for c in state.hands[s])
        hidden_after = sorted(c for s in range(4) if s != seat for c in world.hands[s])
        assert hidden_before == hidden_after
