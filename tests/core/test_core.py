"""Unit tests of the core, on the toy game (tests/toygame.py)."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.bots import ISMCTS, RandomBot, make_bot
from meeple.core import Action, IllegalAction, Option, Record, snapshot
from tests.toygame import TOY, ToyState


def test_illegal_action_is_a_value_error_with_a_reason() -> None:
    state = TOY.new(2, seed=1)
    state.deck.clear()
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="deck is empty") as caught:
        state.apply("swap")
    assert isinstance(caught.value, ValueError)
    assert snapshot(state) == before


def test_wrong_turn_is_rejected() -> None:
    state = TOY.new(2, seed=1)
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        state.apply("keep", 1)


def test_unknown_notation_is_a_value_error() -> None:
    state = TOY.new(2, seed=1)
    with pytest.raises(ValueError, match="not an action"):
        state.parse_action("fly away")
    with pytest.raises(ValueError, match="empty"):
        state.parse_action("   ")


def test_notation_ignores_case_and_spacing() -> None:
    state = TOY.new(2, seed=1)
    assert state.parse_action("  KeEp ") == Action("keep")


def test_actions_compare_by_value() -> None:
    assert Action("hire", 3) == Action("hire", 3)
    assert Action("hire", 3) != Action("hire", 4)
    assert len({Action("a", 1), Action("a", 1)}) == 1
    assert str(Action("travel", 5, "africa")) == "travel 5 africa"


def test_options_are_checked() -> None:
    opt = Option("rounds", 2, int, "rounds", minimum=1, maximum=5)
    assert opt.check(3) == 3
    assert opt.check("4") == 4
    with pytest.raises(ValueError, match="at least 1"):
        opt.check(0)
    with pytest.raises(ValueError, match="must be int"):
        opt.check(True)
    with pytest.raises(ValueError, match="no option"):
        TOY.new(2, seed=1, colour="red")
    with pytest.raises(ValueError, match="at most 5"):
        TOY.new(2, seed=1, rounds=9)
    assert TOY.new(2, seed=1, rounds=3).options == {"rounds": 3}


def test_player_count_and_seed_are_checked() -> None:
    with pytest.raises(ValueError, match="2 to 3 players"):
        TOY.new(4, seed=1)
    with pytest.raises(ValueError, match="seed"):
        TOY.new(2, seed="x")  # type: ignore[arg-type]
    assert isinstance(TOY.new(2).seed, int)


def test_new_game_rejects_unknown_games() -> None:
    with pytest.raises(ValueError, match="unknown game"):
        meeple.new_game("chess")


def test_several_seats_to_move_need_a_seat() -> None:
    state = TOY.new(2, seed=1)
    state.current = 0
    # A state with two seats to move cannot guess who acts.
    class Both(ToyState):
        __slots__ = ()

        @property
        def to_move(self) -> tuple[int, ...]:
            return (0, 1)

    both = Both.__new__(Both)
    state._copy_base_into(both)
    both.cards, both.deck, both.current, both.turns_left = state.cards, state.deck, 0, 4
    with pytest.raises(ValueError, match="say which seat"):
        both.apply("keep")


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "must be JSON"),
        ("[]", "JSON object"),
        ('{"players": 2, "seed": 1}', "'game'"),
        ('{"game": "toy", "players": "2", "seed": 1}', "'players'"),
        ('{"game": "toy", "players": 2, "seed": 1, "moves": [[0]]}', "move 0"),
        ('{"game": "toy", "players": 2, "seed": 1, "format": 9}', "format"),
        ('{"game": "toy", "players": 2, "seed": 1, "bots": [null]}', "'bots' must list"),
        ('{"game": "toy", "players": 2, "seed": 1, "bots": [null, 3]}', "'bots' must list"),
        ('{"game": "toy", "players": 2, "seed": 1, "bots": [null, ""]}', "'bots' must list"),
        ('{"game": "toy", "players": 2, "seed": 1, "bots": "hard"}', "'bots' must list"),
    ],
)
def test_bad_records_are_rejected(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Record.from_json(text)


def test_record_is_small_json() -> None:
    state = TOY.new(2, seed=3)
    state.apply("swap")
    state.apply("keep")
    data = json.loads(state.record.to_json())
    assert data["game"] == "toy" and data["seed"] == 3 and data["players"] == 2
    assert data["moves"] == [[0, "swap"], [1, "keep"]]
    assert data["options"] == {"rounds": 2}
    assert data["version"] == meeple.__version__


def test_a_record_keeps_which_bot_played_each_seat() -> None:
    record = TOY.new(2, seed=3).record
    assert "bots" not in json.loads(record.to_json())  # none known: the field is left out
    record.bots = [None, "hard:200"]
    for text in (record.to_json(), record.to_json(indent=1)):
        again = Record.from_json(text)
        assert again.bots == [None, "hard:200"] and again.moves == record.moves


def test_random_bot_is_seeded() -> None:
    def game(seed: int) -> list[tuple[int, Action]]:
        state = TOY.new(3, seed=1)
        bot = RandomBot(seed)
        while not state.is_over:
            state.apply(bot.choose(state, state.to_move[0]))
        return state.history

    assert game(5) == game(5)


def test_ismcts_is_reproducible_with_an_iteration_budget() -> None:
    state = TOY.new(2, seed=2)
    picks = {str(ISMCTS(iterations=200, seed=9).choose(state, 0)) for _ in range(3)}
    assert len(picks) == 1


def test_ismcts_beats_random_on_the_toy_game() -> None:
    wins = 0.0
    games = 60
    for g in range(games):
        state = TOY.new(2, seed=g)
        bots = [ISMCTS(iterations=150, seed=g), RandomBot(g)]
        seat_of_search = g % 2
        if seat_of_search:
            bots.reverse()
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(bots[seat].choose(state, seat), seat)
        if seat_of_search in state.winners:
            wins += 1 / len(state.winners)
    # Random against random wins half; swapping a low card wins clearly more.
    assert wins / games > 0.6


def test_ismcts_never_changes_the_state() -> None:
    state = TOY.new(3, seed=4)
    before = snapshot(state)
    ISMCTS(iterations=100, seed=1).choose(state, 0)
    assert snapshot(state) == before


def test_make_bot_reads_specs() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    bot = make_bot("ismcts:300")
    assert isinstance(bot, ISMCTS) and bot.iterations == 300
    bot = make_bot("ismcts:0.5s")
    assert isinstance(bot, ISMCTS) and bot.seconds == 0.5
    for bad in ["alphazero", "ismcts:fast", "random:3"]:
        with pytest.raises(ValueError):
            make_bot(bad)


def test_jupyter_shows_the_spectator_svg() -> None:
    state = TOY.new(2, seed=1)
    svg = state._repr_svg_()
    assert svg is not None and svg.startswith("<svg")
    assert "data-action" not in svg  # the spectator has no actions


def test_logs_read_moves_through_move_text() -> None:
    state = TOY.new(2, seed=1)
    state.apply("swap")
    assert state.move_text(0, None) == "swap" and state.move_text(0, 1) == "swap"


def test_legal_mask_marks_exactly_the_legal_actions() -> None:
    state = TOY.new(2, seed=1)
    assert state.legal_mask() == [True, True]
    state.deck.clear()
    assert state.legal_mask() == [True, False]
    assert state.action_index(Action("swap")) == 1
    with pytest.raises(ValueError, match="not an action"):
        state.action_index(Action("fly"))


def test_actions_are_tuples_with_kind_and_args() -> None:
    action = Action("hire", "up", 1)
    assert action.kind == "hire" and action.args == ("up", 1)
    assert repr(action) == "Action('hire up 1')"
    assert sorted([Action("b"), Action("a", 2)]) == [Action("a", 2), Action("b")]


def test_clones_share_the_generator_until_one_draws() -> None:
    state = TOY.new(2, seed=1)
    copy = state.clone()
    first = copy.rng.random()  # the copy draws: it gets its own generator
    assert state.rng.random() == first  # the original's sequence is untouched
    again = state.clone()
    expected = again.clone().rng.random()
    state.rng.random()  # the original draws after the clone ...
    assert again.rng.random() == expected  # ... and the clone's future is unchanged
    third = again.clone()
    assert again.rng.random() == third.rng.random()


def test_ismcts_cuts_playouts_at_the_games_default_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from meeple.bots import ismcts

    finished: list[bool] = []
    real_outcome = ismcts.outcome

    def spy(state: ToyState) -> list[float]:
        finished.append(state.is_over)
        return real_outcome(state)

    monkeypatch.setattr(ismcts, "outcome", spy)
    state = TOY.new(3, seed=1, rounds=5)
    ISMCTS(iterations=30, seed=1).choose(state, 0)
    assert all(finished)  # the toy sets no limit: every playout ends the game
    finished.clear()
    monkeypatch.setattr(ToyState, "info", dataclasses.replace(TOY, rollout_limit=1))
    ISMCTS(iterations=30, seed=1).choose(state, 0)
    assert not all(finished)  # cut after one step
    finished.clear()
    ISMCTS(iterations=30, seed=1, rollout_limit=0).choose(state, 0)
    assert all(finished)  # 0 overrides the game's limit
