"""Refused actions: every action that is not legal is refused with a reason that says why, and changes nothing."""

from __future__ import annotations

import random

import pytest
from ibyron_helpers import cell, notations, village

import meeple
import meeple.games.ibyron as ib
from meeple.games.ibyron.data import DATA
from meeple.games.ibyron.rules import IbyronState


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"mode": "beginner"}), (1, {"bonus_side": "back"})])
def test_every_action_not_legal_is_refused_with_a_reason_and_changes_nothing(
        players: int, options: dict[str, str]) -> None:
    """At positions across a whole game, every action of the action space is either legal (and listed) or
    refused with a reason, the position unchanged; the quick legality test agrees with the list."""

    from meeple.core import snapshot
    from meeple.games.ibyron.bot import HeuristicBot

    s = ib.INFO.new(players, 5, **options)
    rng = random.Random(5)
    bots = [HeuristicBot(q) for q in range(players)]
    step = 0
    while not s.is_over:
        seat = s.to_move[0]
        if step % 61 == 0:
            before = snapshot(s)
            legal = set(s.legal_actions(seat))
            for action in ib.INFO.action_space:
                assert s._is_legal(action, seat) == (action in legal), action
                if action in legal:
                    continue
                with pytest.raises(meeple.IllegalAction) as refused:
                    s.apply(action, seat)
                assert str(refused.value).strip(), action
            assert snapshot(s) == before
        step += 1
        s.apply(bots[seat].choose(s, seat) if rng.random() < 0.7 else rng.choice(s.legal_actions(seat)), seat)


def test_bad_input_is_refused_with_a_reason(game: IbyronState) -> None:
    s = game
    with pytest.raises(ValueError, match="not an action"):
        s.apply("fly to the moon")
    with pytest.raises(meeple.IllegalAction, match="village"):
        s.apply("visit tax")
    with pytest.raises(meeple.IllegalAction, match="only after moving"):
        s.apply("end")
    with pytest.raises(meeple.IllegalAction, match="no land tile"):
        s.apply("explore 0 0")
    with pytest.raises(meeple.IllegalAction, match="empty space"):
        s.apply("camp wood 2")  # the leader stands on its home farm
    assert s.supply[0] == 14 and s.step == 2
    s.apply("move 4 7 0")
    with pytest.raises(meeple.IllegalAction, match="woodcutters work on a forest"):
        s.apply("camp wood 2")
    assert s.supply[0] == 13 and s.camps == {}


def test_a_barn_visit_is_refused_for_the_barn_when_the_player_has_the_most_barns(game: IbyronState) -> None:
    """The Farmer's barn is refused for the barn itself, not for a harvest the player does not ask for."""
    s = game
    s.barns[0] = int(DATA["player"]["barns_max"])
    village(s, 0, 5)
    assert "visit farmer barn" not in notations(s)
    with pytest.raises(meeple.IllegalAction, match="most barns"):
        s.apply("visit farmer barn")


def test_building_from_the_coast_is_refused_because_the_leader_is_off_the_island(game: IbyronState) -> None:
    """A leader on the sea beside the island builds nothing: the refusal says so, whatever else is missing."""
    s = game
    s.apply("move 3 6 0")  # the coast west of seat 0's home
    assert s.height[cell(3, 6)] == 0 and not any(a.startswith("build") for a in notations(s))
    with pytest.raises(meeple.IllegalAction, match="buildings stand on the island"):
        s.apply("build lumber_mill")


def test_an_action_the_step_does_not_offer_says_what_the_game_waits_for(game: IbyronState) -> None:
    with pytest.raises(meeple.IllegalAction, match="waiting for an Outside action"):
        game.apply("hire 1")
    village(game, 0, 5)
    with pytest.raises(meeple.IllegalAction, match="you are in the village"):
        game.apply("forfeit")
