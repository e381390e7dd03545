"""The conformance suite's words part: move labels, the log, undo and the end summary.

Every test runs over every registered game (see conftest.py); the rules for
each hook are in ``meeple.core.words`` and ``meeple.core.log``.
"""

from __future__ import annotations

import io
import random
from typing import Any

import pytest
from rich.console import Console

import meeple
from meeple.core import IllegalAction, Record, snapshot
from meeple.core.log import GameLog
from meeple.core.record import replay_moves
from tests.conformance.playout import new, random_step, states_along

Setup = tuple[Any, int, dict[str, Any]]


def _finished(setup: Setup, seed: int) -> Any:
    """A finished game, played by the game's first declared bot (random if none)."""
    info = setup[0]
    state = new(setup, seed)
    rng = random.Random(seed)
    bots = [cls(seed=seed + s) if _takes_seed(cls) else cls() for s, cls in enumerate(info.bots[:1] * state.players)]
    steps = 0
    while not state.is_over and steps < 6000:
        seat = state.to_move[0]
        if bots and rng.random() < 0.9:
            state.apply(bots[seat].choose(state, seat), seat)
        else:
            random_step(state, rng)
        steps += 1
    return state


def _takes_seed(cls: type) -> bool:
    import inspect

    return "seed" in inspect.signature(cls).parameters


def test_every_legal_action_has_a_label(setup: Setup) -> None:
    for state in states_along(setup, 31, count=12):
        for seat in state.to_move:
            pairs = state.labelled_actions(seat)
            assert [n for n, _ in pairs] == [str(a) for a in state.legal_actions(seat)]
            for notation, label in pairs:
                assert isinstance(label, str) and label.strip(), f"{notation!r} has an empty label"
                assert "\n" not in label
                assert label == state.action_label(notation, seat)


def test_a_public_move_label_says_nothing_the_others_cannot_see(setup: Setup) -> None:
    """Another seat reads the label of a move it sees: the label must then be
    the same in every world that seat cannot tell from the real one."""
    rng = random.Random(5)
    for state in states_along(setup, 32, count=10):
        if state.is_over or state.players < 2:
            continue
        for seat in state.to_move:
            for action in state.legal_actions(seat)[:12]:
                after = state.clone()
                after.apply(action, seat)
                for viewer in range(state.players):
                    if viewer == seat or after.move_text(len(after.history) - 1, viewer) != str(action):
                        continue
                    label = state.action_label(action, seat)
                    for _ in range(2):
                        world = state.determinize(viewer, random.Random(rng.random()))
                        if action in world.legal_actions(seat):
                            assert world.action_label(action, seat) == label, (
                                f"the label of {action} changes with what seat {viewer} cannot see"
                            )


def test_the_log_shows_each_viewer_only_what_it_may_read(setup: Setup) -> None:
    players = setup[1]
    state = new(setup, 33)
    log = GameLog(state, names=[f"P{s}" for s in range(players)])
    rng = random.Random(33)
    for _ in range(80):
        if log.state.is_over:
            break
        probe = log.state.clone()
        random_step(probe, rng)
        seat, action = probe.history[-1]
        expected = log.state.action_label(action, seat)
        entry = log.apply(action, seat)
        assert entry.number == len(log.state.history)
        assert entry.label == expected
    assert snapshot(log.state) == snapshot(_replayed(log.state))
    for viewer in [None, *range(players)]:
        lines = log.lines(viewer)
        assert [line["number"] for line in lines] == list(range(1, len(log.entries) + 1))
        for index, line in enumerate(lines):
            shown = log.state.move_text(index, viewer)
            if log.state.is_over or viewer == line["seat"]:
                assert line["text"] == log.entries[index].label
            elif shown is None:
                assert line["text"] is None and line["notation"] is None
            elif shown != log.entries[index].notation:
                # A secret move: neither its label nor its notation shows.
                assert line["text"] == shown and line["notation"] is None
            for text in line["consequences"]:
                allowed = [c.text for c in log.entries[index].consequences if c.visible_to(viewer)]
                assert text in allowed


def _replayed(state: Any) -> Any:
    """The state the record of ``state`` replays to (the toy game is not registered)."""
    record = state.record
    fresh = state.info.new(record.players, record.seed, **record.options)
    return replay_moves(fresh, record.moves)


def test_undo_goes_back_exactly_and_only_within_the_turn(setup: Setup) -> None:
    state = new(setup, 34)
    log = GameLog(state)
    rng = random.Random(34)
    undone = 0
    for _ in range(120):
        if log.state.is_over:
            break
        seat = log.state.to_move[0]
        allowed = log.undo_points(seat)
        if allowed and rng.random() < 0.3:
            before = snapshot(log.state)
            target = log.entries[-allowed]
            log.undo(seat, allowed)
            undone += 1
            assert len(log.state.history) == target.number - 1
            assert len(log.entries) == len(log.state.history)
            # The position is the one before those moves, and the record keeps only what stands.
            assert snapshot(log.state) == snapshot(_replayed(log.state))
            assert snapshot(log.state) != before or allowed == 0
            continue
        if allowed:
            last = log.entries[-1]
            assert last.seat == seat and not last.barrier
        with pytest.raises((IllegalAction, ValueError)):
            log.undo(seat, allowed + 1)
        probe = log.state.clone()
        random_step(probe, rng)
        mover, action = probe.history[-1]
        log.apply(action, mover)
    others = [s for s in range(state.players) if s not in log.state.to_move]
    for other in others:
        assert log.undo_points(other) == 0


def test_the_end_summary_matches_the_result(setup: Setup) -> None:
    finished = 0
    for seed in (35, 36):
        state = _finished(setup, seed)
        if not state.is_over:
            continue
        finished += 1
        names = [f"Name{s}" for s in range(state.players)]
        summary = state.end_summary(names)
        assert summary is not None and summary.reason.strip()
        assert tuple(summary.winners) == tuple(state.winners)
        assert sorted(r.seat for r in summary.seats) == list(range(state.players))
        for result in summary.seats:
            assert result.total == pytest.approx(state.scores[result.seat])
        data = summary.to_json(names)
        assert [row["name"] for row in sorted(data["seats"], key=lambda r: r["seat"])] == names
    assert finished, "no test game finished"
    assert new(setup, 37).end_summary() is None


def test_records_keep_the_names() -> None:
    state = meeple.new_game("bayon", players=2, seed=1)
    record = state.record
    record.names = ["Alice", "Bob"]
    back = Record.from_json(record.to_json())
    assert back.names == ["Alice", "Bob"]
    with pytest.raises(ValueError, match="names"):
        Record.from_json(record.to_json().replace('"Bob"', "3"))


@pytest.mark.parametrize("game", sorted(meeple.GAMES))
def test_every_game_has_its_words_and_shows_names(game: str) -> None:
    info = meeple.GAMES[game]
    assert info.labeler and info.narrator and info.summarizer and info.undo_barrier, f"{game} lacks words"
    assert all(option.label for option in info.options), f"{game} has an option without a label"
    state = info.new(info.default_players, seed=41)
    names = ["Ann", "Bo", "Cy", "Di", "Ed"][: state.players]
    assert info.svg_view is not None and info.text_view is not None
    svg = info.svg_view(state.observation(0), None, names=names)
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(info.text_view(state.observation(0), None, names=names))
    shown = console.export_text()
    for name in names:
        assert name in svg, f"{game}'s board does not name {name}"
        assert name in shown, f"{game}'s terminal view does not name {name}"


def test_adopting_a_judged_copy_logs_the_same_as_applying(setup: Setup) -> None:
    applied, adopted = GameLog(new(setup, 38)), GameLog(new(setup, 38))
    rng = random.Random(38)
    for _ in range(40):
        if applied.state.is_over:
            break
        probe = applied.state.clone()
        random_step(probe, rng)
        seat, action = probe.history[-1]
        applied.apply(action, seat)
        after = adopted.state.clone()
        after.apply(action, seat)
        adopted.adopt(action, seat, after)
        assert adopted.state is after
    assert adopted.entries == applied.entries
    assert snapshot(adopted.state) == snapshot(applied.state)
    seat = applied.state.to_move[0] if applied.state.to_move else 0
    assert adopted.undo_points(seat) == applied.undo_points(seat)
