"""Make the shared helpers importable and give tests a ready 2-player game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from ibyron_helpers import game_at_seat0

from meeple.games.ibyron.rules import IbyronState


@pytest.fixture
def game() -> IbyronState:
    """A 2-player standard game at seat 0's first Outside turn (seat 0 chose the Bank, seat 1 the Garden)."""
    return game_at_seat0()
