"""The terminal and SVG views: drawn from observations, showing the island, mats, village and market."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

from ibyron_helpers import start, turn_to
from rich.console import Console

import meeple.games.ibyron as ib
from meeple.games.ibyron.data import B
from meeple.games.ibyron.island import cell_of
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.svg import render as svg
from meeple.games.ibyron.text import render as text


def played(seed: int, steps: int) -> IbyronState:
    s = ib.INFO.new(2, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    assert isinstance(s, IbyronState)
    return s


def as_text(obs: dict[str, object], legal: list[str] | None = None) -> str:
    console = Console(width=140, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(text(obs, legal))
    out = console.export_text()
    console.file.close()
    return out


def test_text_view_shows_island_pieces_mats_and_village(game: IbyronState) -> None:
    s = game
    s.camps[cell_of(5, 6)] = (0, 0, 3)
    s.overseer[0][0] = cell_of(5, 6)
    s.buildings[cell_of(5, 7)] = (1, (B["church"],))
    out = as_text(s.observation(None))
    assert "For1" in out and "Farm0" in out and "wood0x3" in out and "Church1" in out and "L0" in out
    assert "Seat 0" in out and "Seat 1" in out and "village box" in out and "reserve 6" in out
    assert "Stablehand" in out and "Market prices:" in out and "Bonus resources (front side)" in out


def test_svg_marks_only_legal_actions_and_parses(game: IbyronState) -> None:
    s = game
    legal = [str(a) for a in s.legal_actions()]
    root = ET.fromstring(svg(s.observation(0), legal))
    marked = {el.get("data-action") for el in root.iter() if el.get("data-action")}
    assert marked and marked <= set(legal)
    assert any(m.startswith("move") for m in marked)


def test_svg_village_spaces_are_clickable_in_the_village(game: IbyronState) -> None:
    s = game
    s.supply[0], s.vbox[0] = 0, 5
    turn_to(s, 0)
    legal = [str(a) for a in s.legal_actions()]
    root = ET.fromstring(svg(s.observation(0), legal))
    marked = {el.get("data-action") for el in root.iter() if el.get("data-action")}
    assert "visit tax" in marked


def test_views_of_many_positions_render() -> None:
    for seed in range(3):
        s = played(seed, 150 * (seed + 1))
        for seat in (0, 1, None):
            obs = s.observation(seat)
            legal = [str(a) for a in s.legal_actions(seat)] if seat in s.to_move else []
            assert "Ibyron" in as_text(obs, legal)
            ET.fromstring(svg(obs, legal))


def test_beginner_views_hide_the_pile_order() -> None:
    s = start(mode="beginner")
    obs = s.observation(None)
    out = as_text(obs) + svg(obs, None)
    order = ",".join(map(str, s.tiles))
    assert order not in out and "pile 8" in out


def test_every_legal_action_is_clickable_in_the_svg() -> None:
    for seed in range(3):
        s = played(seed, 97 * (seed + 1))
        seat = s.to_move[0]
        legal = [str(a) for a in s.legal_actions(seat)]
        root = ET.fromstring(svg(s.observation(seat), legal))
        marked = {el.get("data-action") for el in root.iter() if el.get("data-action")}
        assert marked == set(legal)


def test_bonus_spaces_are_on_the_board(game: IbyronState) -> None:
    s = game
    s.supply[0], s.vbox[0] = 0, 0
    turn_to(s, 0)
    s.apply("leave")
    legal = [str(a) for a in s.legal_actions()]
    out = svg(s.observation(0), legal)
    assert 'data-action="bonus 3"' in out and "2 wood" in out


def test_mat_panel_says_what_the_disc_count_and_points_mean_in_each_mode(game: IbyronState) -> None:
    standard = as_text(game.observation(0))
    assert "permits 0" in standard and "(3 or fewer wins)" in standard and "round-limit tie-break" in standard
    beginner = as_text(start(mode="beginner").observation(0))
    assert "no permits needed" in beginner and "permits 0" not in beginner
    assert "(3 or fewer ends the game)" in beginner and "tie-break" not in beginner


def test_text_view_counts_one_disc_in_the_singular() -> None:
    """The village's costs, the bonus ladder and the ship say "1 disc", never "1 discs"."""
    for seed in range(3):
        s = played(seed, 60 * seed)
        out = as_text(s.observation(None))
        assert "1 disc " in out or "1 disc\n" in out or "1 disc:" in out  # a village visit costs 1 at the start
        assert "1 discs" not in out and "0 disc " not in out
