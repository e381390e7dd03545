"""``--clock cpu``: searching bots measure their time limits on their own thread's CPU time."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from meeple.arena import ArenaConfig
from meeple.arena.play import play_game
from tests.arena.common import small_config


def _count_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    real: Callable[[], float] = time.thread_time

    def counted() -> float:
        calls[0] += 1
        return real()

    monkeypatch.setattr(time, "thread_time", counted)
    return calls


@pytest.mark.parametrize(("clock", "measures_cpu"), [("cpu", True), ("wall", False)])
def test_the_arena_clock_decides_what_a_searching_bot_measures(
    monkeypatch: pytest.MonkeyPatch, clock: str, measures_cpu: bool
) -> None:
    calls = _count_calls(monkeypatch)
    config = ArenaConfig(
        game="bayon", players=2, bots=("ismcts:0.001s", "random"), games=1, seed=3, options={}, clock=clock
    )
    row = play_game(config.jobs([0])[0])
    assert row["moves"] > 0
    assert (calls[0] > 0) is measures_cpu


def test_the_clock_is_stored_and_an_arena_of_another_clock_is_another_arena() -> None:
    cpu = small_config()
    cpu = ArenaConfig(**{**cpu.__dict__, "clock": "cpu"})
    assert ArenaConfig.from_json(cpu.to_json()).clock == "cpu"
    assert any(text.startswith("clock:") for text in small_config().differences(cpu))


def test_settings_stored_without_a_clock_read_as_the_wall_clock_and_an_unknown_one_is_refused() -> None:
    text = small_config().to_json().replace('"clock": "wall",', "")
    assert '"clock"' not in text
    assert ArenaConfig.from_json(text).clock == "wall"
    with pytest.raises(ValueError, match="unknown clock 'moon'"):
        ArenaConfig.from_json(small_config().to_json().replace('"clock": "wall"', '"clock": "moon"'))
