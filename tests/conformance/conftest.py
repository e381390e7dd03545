"""The set-ups the conformance suite runs on: every registered game at every
player count with default options, plus each game's declared extra set-ups,
plus the toy game that exercises the core on its own."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.core import GameInfo
from tests.toygame import TOY


def _setups() -> list[Any]:
    params = []
    for info in [*meeple.GAMES.values(), TOY]:
        configs: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in info.player_counts]
        configs += list(info.conformance)
        for players, options in configs:
            label = "-".join([info.id, f"{players}p", *(f"{k}={v}" for k, v in sorted(options.items()))])
            params.append(pytest.param((info, players, options), id=label))
    return params


SETUPS = _setups()


@pytest.fixture(params=SETUPS)
def setup(request: pytest.FixtureRequest) -> tuple[GameInfo, int, dict[str, Any]]:
    return request.param  # type: ignore[no-any-return]
