"""The Ibyron board reads at the match page's default fit: no text under the legible size, names cut to fit,
and the island's edges labelled with the very coordinates the log prints for a space."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

from test_board_views import NAMES, positions

import meeple.games.ibyron as ib
from meeple.core.svg import min_font, short_name
from meeple.core.words import told_label
from meeple.games.ibyron import svg_shapes
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.svg import render as svg_view

SVG = "{http://www.w3.org/2000/svg}"
LONG = "Alexandra Konstantinopoulou-Smythe of Wy"  # 40 characters
LONGER = "Wolfgang Amadeus Mozartovich Beethovener"
SPACE_KINDS = ("move", "home", "oversee")  # actions played by clicking a space of the island


def four_player_positions(seed: int = 21, every: int = 45) -> Iterator[tuple[str, dict[str, Any], list[str]]]:
    """A seeded 4-player game (the tallest board: four mats), every ``every`` moves and at its end."""
    state = ib.INFO.new(4, seed)
    rng = random.Random(seed)
    move = 0
    while not state.is_over:
        seat = state.to_move[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        if move % every == 0:
            yield f"4p seed {seed} move {move}", state.observation(seat), legal
        state.apply(rng.choice(legal), seat)
        move += 1
    yield f"4p seed {seed} over", state.observation(None), []


def texts(svg: str) -> tuple[float, list[tuple[float, str]]]:
    """The drawing's width in its own units, and each text's font size and words."""
    root = ET.fromstring(svg)
    width = float(root.get("viewBox", "").split()[2])
    return width, [(float(t.get("font-size", "0")), t.text or "") for t in root.iter(f"{SVG}text")]


def test_every_text_is_at_least_the_legible_size_at_the_default_fit() -> None:
    checked = 0
    for label, obs, legal in [*positions(every=200), *four_player_positions(every=90)]:
        svg = svg_view(obs, legal, names=NAMES[: obs["players"]])
        width, found = texts(svg)
        # the board is drawn as wide as the page's panel at its default fit, so its units are screen pixels
        assert width == svg_shapes.WIDTH, label
        small = [(size, words) for size, words in found if size < min_font(width)]
        assert small == [], label
        checked += len(found)
    assert checked > 5_000


def test_long_names_are_cut_on_the_board_and_whole_in_the_hover_help() -> None:
    seen_over = seen_to_move = False
    for label, obs, legal in four_player_positions(every=150):
        names = [LONG, "Bo", LONGER, "Dai"]
        svg = svg_view(obs, legal, names=names)
        root = ET.fromstring(svg)
        drawn = [t.text or "" for t in root.iter(f"{SVG}text")]
        tips = "\n".join(t.text or "" for t in root.iter(f"{SVG}title"))
        for name in (LONG, LONGER):
            assert not any(name in words for words in drawn), label
            assert any(short_name(name, svg_shapes.NAME_LIMIT) in words for words in drawn), label
            assert name in tips, label  # hovering a mat's heading or a piece still gives the whole name
        seen_over |= obs["is_over"]
        seen_to_move |= bool(legal)
    assert seen_over and seen_to_move


def _space_square(root: ET.Element, action: str) -> tuple[float, float, float]:
    """The top-left corner and side of the space a click on which plays ``action``."""
    target = next(el for el in root.iter() if el.get("data-action") == action)
    square = next(r for r in target.iter(f"{SVG}rect") if r.get("fill", "").startswith("url(#ib-"))
    return float(square.get("x", "")), float(square.get("y", "")), float(square.get("width", ""))


def _edge_labels(root: ET.Element, x: float, y: float, side: float) -> tuple[str, str]:
    """The column number above a square (the topmost text centred on its column) and the row number left of
    it (the nearest right-aligned text on its row, left of the grid)."""
    centred = [t for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "middle"
               and abs(float(t.get("x", "")) - (x + side / 2)) < 0.2 and float(t.get("y", "")) < y]
    column = min(centred, key=lambda t: float(t.get("y", "")))
    rows = [t for t in root.iter(f"{SVG}text") if t.get("text-anchor") == "end" and float(t.get("x", "")) < x
            and y < float(t.get("y", "")) < y + side]
    row = max(rows, key=lambda t: float(t.get("x", "")))
    return column.text or "", row.text or ""


def test_the_edges_label_each_space_with_the_coordinates_the_log_prints_for_it() -> None:
    """Column number along the top, row number down the side: the pair the log and the move words print."""
    checked: set[str] = set()
    negative = False
    for players, seed in ((1, 0), (2, 3), (3, 16)):
        state = ib.INFO.new(players, seed)
        assert isinstance(state, IbyronState)
        rng = random.Random(seed)
        for move in range(300):
            if state.is_over:
                break
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            on_spaces = [a for a in actions if a.kind in SPACE_KINDS]
            if on_spaces and (move % 5 == 0 or not {a.kind for a in on_spaces} <= checked):
                root = ET.fromstring(svg_view(state.observation(seat), [str(a) for a in actions]))
                for action in on_spaces:
                    if not _clicked_on_a_space(root, str(action)):
                        continue  # the same move with more horses is a chip of its own
                    logged = re.findall(r"\((-?\d+), (-?\d+)\)", told_label(state, action, seat, NAMES) or "")
                    assert logged, action
                    x, y, side = _space_square(root, str(action))
                    assert _edge_labels(root, x, y, side) == logged[-1], (str(action), logged)
                    negative |= logged[-1][0].startswith("-") or logged[-1][1].startswith("-")
                    checked.add(action.kind)
            state.apply(rng.choice(actions), seat)
    assert checked == set(SPACE_KINDS) and negative


def _clicked_on_a_space(root: ET.Element, action: str) -> bool:
    target = next(el for el in root.iter() if el.get("data-action") == action)
    return any(r.get("fill", "").startswith("url(#ib-") for r in target.iter(f"{SVG}rect"))


def test_a_space_tells_its_coordinates_in_its_hover_help_as_the_log_does(game: IbyronState) -> None:
    seat = 0
    actions = game.legal_actions(seat)
    root = ET.fromstring(svg_view(game.observation(seat), [str(a) for a in actions]))
    moves = [a for a in actions if a.kind == "move" and _clicked_on_a_space(root, str(a))]
    assert moves
    for action in moves:
        x, y = action.args[0], action.args[1]
        target = next(el for el in root.iter() if el.get("data-action") == str(action))
        assert f"({x}, {y})" in (target.findtext(f"{SVG}title") or "")
        assert f"({x}, {y})" in (told_label(game, action, seat, None) or "")
