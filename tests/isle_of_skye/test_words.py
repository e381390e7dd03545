"""Isle of Skye in words: a label per action kind, the log's consequences (and
their secrecy), undo barriers and the end summary."""

from __future__ import annotations

import random

import pytest

from meeple.core import IllegalAction
from meeple.core.log import GameLog
from meeple.games.isle_of_skye import INFO
from meeple.games.isle_of_skye.actions import BUILD, BUY, PRICE
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from meeple.games.isle_of_skye.words import narrate, spot_words, tile_words, turn_words
from tests.isle_of_skye.helpers import (
    MOUNTAIN_RING,
    finish_hidden_phase,
    new_state,
    play_to_end,
    set_territory,
    to_build,
)

NAMES = ["Alice", "Bob", "Cleo"]


def labels(state: IsleOfSkyeState, seat: int) -> dict[str, str]:
    return dict(state.labelled_actions(seat))


def to_buy(players: int = 3, seed: int = 1, price: int = 1) -> IsleOfSkyeState:
    state = new_state(players, seed=seed)
    finish_hidden_phase(state, price)
    assert state.phase == BUY
    return state


def play(state: IsleOfSkyeState, log: GameLog, rng: random.Random, until: int) -> None:
    while not log.state.is_over and len(log.state.history) < until:
        seat = rng.choice(log.state.to_move)
        log.apply(rng.choice(log.state.legal_actions(seat)), seat)


# ------------------------------------------------------------------ labels
def test_tile_words_name_the_tile_and_what_it_holds() -> None:
    assert tile_words(9) == "tile 9 (a farm, a ship)"
    assert tile_words(70).startswith("tile 70 (a whisky barrel, 1 sheep, 2 cattle")
    assert tile_words(0) == "the castle"


def test_discard_and_price_labels_name_the_tile_and_the_gold_left() -> None:
    state = new_state(3, seed=12)
    state.gold[0] = 40
    first, second, _third = state.drawn[0]
    assert labels(state, 0)[f"discard {first}"] == f"Discard {tile_words(first)} back to the bag"
    state.apply(f"discard {first}", 0)
    assert labels(state, 0)["price 7"] == f"Ask 7 gold for {tile_words(second)} (33 gold left behind your screen)"


def test_buy_and_pass_labels_say_what_from_whom_for_how_much() -> None:
    state = to_buy()
    tid = state.drawn[1][1]
    assert labels(state, 0)[f"buy {tid}"] == f"Buy {tile_words(tid)} from the yellow clan for 1 gold"
    assert labels(state, 0)["pass"] == "Pass: buy no tile this round"


def test_place_spot_and_rotate_labels_are_in_words() -> None:
    state = to_build()
    tid = state.received[0][0]
    assert labels(state, 0)[f"place {tid}"] == f"Place {tile_words(tid)} next"
    state.apply(f"place {tid}", 0)
    spots = labels(state, 0)
    assert spots.get("spot 0 -1", f"Put tile {tid} above your castle") == f"Put tile {tid} above your castle"
    assert spots.get("spot -1 0", f"Put tile {tid} left of your castle") == f"Put tile {tid} left of your castle"
    assert all(label.startswith(f"Put tile {tid} ") and "castle" in label for label in spots.values())
    assert len(set(spots.values())) == len(spots)  # each square reads differently
    spot = next(iter(spots))
    state.apply(spot, 0)
    turns = labels(state, 0)
    for notation, label in turns.items():
        rot = int(notation.split()[1]) // 90
        assert label == turn_words(tid, rot)
    assert turn_words(tid, 0).startswith(f"Keep tile {tid} as printed: ")
    assert turn_words(tid, 1).startswith(f"Turn tile {tid} a quarter turn clockwise: ")


def test_spot_words_away_from_the_castle_name_a_neighbour_and_the_offset() -> None:
    cells = {(0, 0): (0, 0), (1, 0): (69, 3)}
    assert spot_words(cells, 2, 0, 23) == "Put tile 23 right of tile 69 (2 right from your castle)"
    assert spot_words(cells, 1, -1, 23) == "Put tile 23 above tile 69 (1 right and 1 up from your castle)"
    assert spot_words(cells, 0, 1, 23) == "Put tile 23 below your castle"


def test_turn_words_follow_the_tile_as_turned() -> None:
    # Castle 0 as printed: pasture N with a road, water E, pasture S with a road, mountain W with a road.
    assert turn_words(0, 0).endswith(
        "pasture top, water right, pasture bottom, mountain left; road at the top and bottom and left"
    )
    # A quarter turn clockwise moves the North edge to the East.
    assert "mountain top, pasture right, water bottom, pasture left" in turn_words(0, 1)


# ------------------------------------------------------------ consequences
def texts(before: IsleOfSkyeState, notation: str, seat: int, names: list[str] | None = NAMES) -> list[str]:
    after = before.clone()
    after.apply(notation, seat)
    return [line.text for line in narrate(before, before.parse_action(notation, seat), seat, after, names)]


def test_prices_are_told_once_everyone_has_chosen() -> None:
    state = new_state(3, seed=12)
    for seat in (0, 1):
        state.apply(f"discard {state.drawn[seat][0]}", seat)
        state.apply("price 2", seat)
        lines = texts(state, "price 3", seat)
        assert lines == [f"{NAMES[seat]} has set their prices"]
        state.apply("price 3", seat)
    state.apply(f"discard {state.drawn[2][2]}", 2)
    state.apply("price 4", 2)
    lines = texts(state, "price 1", 2)
    d0, a0, b0 = state.drawn[0]
    a2, b2, d2 = state.drawn[2]
    assert lines[0] == "Everyone has chosen: the prices are revealed"
    assert f"Alice puts tile {d0} back in the bag and offers tile {a0} for 2 gold, tile {b0} for 3 gold" in lines
    assert f"Cleo puts tile {d2} back in the bag and offers tile {a2} for 4 gold, tile {b2} for 1 gold" in lines


def test_a_sale_and_the_end_of_buying_tell_the_gold() -> None:
    state = to_buy()
    tid = state.drawn[1][1]
    assert texts(state, f"buy {tid}", 0) == [
        f"Alice pays 1 gold; Bob receives it and the 1 gold staked on tile {tid}: 2 gold"
    ]
    state.apply(f"buy {tid}", 0)
    state.apply("pass", 1)
    lines = texts(state, "pass", 2)
    kept = [
        f"{NAMES[s]} keeps tile {t} and loses the 1 gold staked on it"
        for s in range(3)
        for t in state.drawn[s][1:]
        if t != tid
    ]
    assert [line for line in lines if " keeps " in line] == kept
    assert "builds next" not in " ".join(lines)  # Alice, the start player, builds first: no turn passed


def test_tiles_that_fit_nowhere_are_told_going_back_to_the_bag() -> None:
    seed = next(s for s in range(200) if all("m" not in _edges(t) for t in new_state(2, seed=s).drawn[0][1:]))
    state = new_state(2, seed=seed)
    kept = state.drawn[0][1:]
    finish_hidden_phase(state)
    set_territory(state, 0, MOUNTAIN_RING)
    state.apply("pass", 0)
    lines = texts(state, "pass", 1)
    assert f"Alice cannot place tile {min(kept)}, tile {max(kept)}: back into the bag" in lines
    assert "Bob builds next" not in lines  # Bob simply builds first: no turn passed


def _edges(tid: int) -> str:
    from meeple.games.isle_of_skye.data import TILES

    return TILES[tid].edges


def test_round_end_tells_each_scoring_tile_and_the_next_round_income_and_draws() -> None:
    state = new_state(2, seed=3, scoring="sheep,roads,mountains,farm-animals")
    rng = random.Random(3)
    log = GameLog(state, NAMES[:2])
    while log.state.round == 1:
        seat = log.state.to_move[0]
        log.apply(rng.choice(log.state.legal_actions(seat)), seat)
    lines = [line.text for line in log.entries[-1].consequences]
    a = log.state.scored[0][2]
    assert f"Round 1 scoring A (Sheep): Alice {a[0]}, Bob {a[1]}" in lines
    assert "Round 2 begins; Bob is start player" in lines
    castle, whisky, catch_up = log.state.income(0)
    assert f"Alice receives {castle + whisky + catch_up} gold (castle 5, whisky {whisky}, catch-up {catch_up})" in lines
    drawn = ", ".join(f"tile {t}" for t in log.state.drawn[1])
    assert f"Bob draws {drawn}" in lines
    assert all(line.seats is None for line in log.entries[-1].consequences)


def test_no_line_tells_another_seat_anything_of_a_hidden_choice() -> None:
    """While the screens are up, what another seat reads of a move is the same
    whichever choice was made, and in every world it cannot tell from the real one."""
    state = new_state(3, seed=21)
    rng = random.Random(2)
    checked = 0
    while state.phase == PRICE:
        seat = rng.choice(state.to_move)
        others_done = all(state.done[s] for s in range(3) if s != seat)
        actions = state.legal_actions(seat)
        finishing = state.discarded[seat] >= 0 and len(state._to_price(seat)) == 1
        if not (others_done and finishing):  # the move that reveals everything is public by nature
            for viewer in (s for s in range(3) if s != seat):
                seen = set()
                worlds = [state] + [state.determinize(viewer, random.Random(k)) for k in range(3)]
                for world in worlds:
                    for action in world.legal_actions(seat)[:25]:
                        after = world.clone()
                        after.apply(action, seat)
                        lines = narrate(world, action, seat, after, NAMES)
                        seen.add(tuple(line.text for line in lines if line.visible_to(viewer)))
                assert len(seen) == 1, seen
                checked += 1
        state.apply(rng.choice(actions), seat)
    assert checked >= 6


# -------------------------------------------------------------------- undo
def test_undo_within_the_hidden_choices_and_the_building_but_not_past_the_reveal() -> None:
    state = new_state(2, seed=12)
    log = GameLog(state, NAMES[:2])
    first = state.drawn[0][0]
    log.apply(f"discard {first}", 0)
    assert log.undo_points(0) == 1
    log.undo(0)
    assert log.state.discarded[0] == -1
    log.apply(f"discard {first}", 0)
    log.apply("price 1", 0)
    log.apply(f"discard {log.state.drawn[1][0]}", 1)
    log.apply("price 1", 1)
    log.apply("price 1", 1)
    assert log.undo_points(0) == 0  # another seat has chosen since (undo never crosses a turn)
    log.apply("price 1", 0)  # seat 0 is the last to choose: every price is revealed
    assert log.entries[-1].barrier and log.state.phase == BUY
    with pytest.raises(IllegalAction):
        log.undo(0)


def test_undo_a_placement_step_by_step_within_the_turn() -> None:
    log = GameLog(to_build(), NAMES[:2])
    tid = log.state.received[0][0]
    log.apply(f"place {tid}", 0)
    log.apply(log.state.legal_actions(0)[0], 0)
    assert log.undo_points(0) == 2
    log.undo(0, 2)
    assert log.state.pick_tile == -1 and log.state.pick_spot is None


def test_the_last_buyer_who_builds_first_cannot_take_the_purchase_back() -> None:
    # Seat 0 (start player) cannot place its kept tiles, so seat 1, the last buyer, builds first.
    seed = next(s for s in range(200) if all("m" not in _edges(t) for t in new_state(2, seed=s).drawn[0][1:]))
    state = new_state(2, seed=seed)
    finish_hidden_phase(state)
    set_territory(state, 0, MOUNTAIN_RING)
    log = GameLog(state)
    log.apply("pass", 0)
    entry = log.apply("pass", 1)
    assert log.state.phase == BUILD and log.state.to_move == (1,)
    assert entry.barrier and log.undo_points(1) == 0


# ----------------------------------------------------------------- summary
def test_the_end_summary_breaks_the_points_down_round_by_round() -> None:
    state = play_to_end(3, seed=7)
    summary = state.end_summary(NAMES)
    assert summary is not None and summary.winners == state.winners
    assert summary.reason.startswith("After 6 rounds ")
    assert state.final is not None
    for result in summary.seats:
        assert sum(line.value for line in result.lines) == result.total == state.vp[result.seat]
        rounds = [line.label for line in result.lines if line.label.startswith("Round ")]
        assert len(rounds) == len(state.scored) == 12  # two scoring tiles a round
        assert rounds[0].startswith("Round 1, A: ")
        scrolls = [line for line in result.lines if line.label.startswith("Scroll ")]
        assert len(scrolls) == len(state.final[result.seat]["scrolls"])
        assert all(
            ("not doubled" in s.label) != doubled
            for s, (_k, _p, doubled) in zip(scrolls, state.final[result.seat]["scrolls"], strict=True)
        )
        assert result.lines[-1].label == f"Gold: {state.gold[result.seat]} gold, 1 VP per 5"


def test_a_tie_on_points_is_told_as_decided_by_gold() -> None:
    state = play_to_end(3, seed=7)
    state.vp = [40, 40, 30]
    state.gold = [3, 9, 1]
    summary = state.end_summary(NAMES)
    assert summary is not None
    assert summary.reason == "After 6 rounds Alice and Bob tie on 40 VP; Bob wins with the most gold left"
    assert summary.seats[1].note and not summary.seats[2].note
    state.gold = [9, 9, 1]
    summary = state.end_summary(NAMES)
    assert summary is not None and summary.reason.endswith("also tie on gold and share the win")


def test_option_offers_the_scoring_tiles_by_name() -> None:
    option = INFO.option("scoring")
    assert option.label == "Scoring tiles" and option.pick_count == 4
    assert option.pick_from is not None and len(option.pick_from) == 16
    assert dict(option.pick_from)["sheep"].startswith("Sheep")
