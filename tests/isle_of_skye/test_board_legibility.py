"""The board reads at the match page's default fit: text sizes, tile sizes, long
names, and the turned previews of a tile being placed."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

from meeple.core.svg import FIT_WIDTH_PX, min_font
from meeple.games.isle_of_skye import INFO
from meeple.games.isle_of_skye.data import DX, DY, TILES, rotated_terrain
from meeple.games.isle_of_skye.rules import IsleOfSkyeState
from meeple.games.isle_of_skye.svg_tiles import TERRAIN_FILL
from tests.isle_of_skye.helpers import new_state

SVG = "{http://www.w3.org/2000/svg}"
LONG = "Alexandra Konstantinopoulou-Smythe-Jones"  # 40 characters
NAMES = [LONG, "Bo", LONG[::-1], "Dana", "Eve"]


def boards() -> Iterator[tuple[IsleOfSkyeState, int | None, str]]:
    """Boards along random games of 2 to 5 players, every few moves and at the end, as
    each seat (with its legal moves when it is to move) and as a spectator (drawn once,
    shared by the tests)."""
    if not BOARDS:
        BOARDS.extend(draw_boards())
    yield from BOARDS


BOARDS: list[tuple[IsleOfSkyeState, int | None, str]] = []


def draw_boards() -> Iterator[tuple[IsleOfSkyeState, int | None, str]]:
    for players in (2, 3, 4, 5):
        state = new_state(players, seed=players)
        rng = random.Random(players)
        moves = 0
        while True:
            if moves % 13 == 0 or state.is_over:
                for seat in [*range(players), None]:
                    moving = seat is not None and seat in state.to_move
                    legal = [str(a) for a in state.legal_actions(seat)] if moving else []
                    assert INFO.svg_view is not None
                    drawn = INFO.svg_view(state.observation(seat), legal, names=NAMES[:players])
                    yield state.clone(), seat, drawn
            if state.is_over:
                break
            seat = rng.choice(state.to_move)
            state.apply(rng.choice(state.legal_actions(seat)), seat)
            moves += 1


# (Read with patterns, not parsed: a few hundred boards are checked, and each is drawn by this module.)
VIEW_BOX = re.compile(r'viewBox="0 0 ([\d.]+) ')
FONT_SIZES = re.compile(r'<text [^>]*font-size="([\d.]+)"[^>]*>([^<]*)<')
TEXTS = re.compile(r"<text [^>]*>([^<]*)</text>")
TILE_SQUARES = re.compile(r'<rect [^>]*width="([\d.]+)" height="[\d.]+" fill="#222"/>')


def view_width(drawn: str) -> float:
    found = VIEW_BOX.search(drawn)
    assert found
    return float(found.group(1))


def test_every_text_reads_at_eleven_pixels_or_more_at_the_default_fit() -> None:
    checked = 0
    for _state, _seat, drawn in boards():
        width = view_width(drawn)
        assert width <= FIT_WIDTH_PX  # the board grows taller, never wider than its panel shows it
        smallest = min_font(width)
        for size, words in FONT_SIZES.findall(drawn):
            assert float(size) >= smallest, (words, size)
            checked += 1
        assert checked and drawn.count("<text ") == len(FONT_SIZES.findall(drawn))
    assert checked > 2000


def test_long_names_are_cut_short_where_the_board_has_no_room_for_them() -> None:
    """Cut, not dropped: the name's start and an ellipsis (that the cut fits its box is
    checked in Chromium, test_board_words)."""
    cut = 0
    for _state, _seat, drawn in boards():
        for t in TEXTS.findall(drawn):
            if "Alexandra" in t and LONG not in t:
                assert re.search(r"Alexandra[ \w-]*\u2026", t), t
                cut += 1
    assert cut > 50


def test_territory_tiles_are_drawn_big_enough_to_read() -> None:
    """Every tile is drawn at least 40 px wide at the default fit, and most far bigger."""
    sizes: list[float] = []
    for _state, _seat, drawn in boards():
        scale = FIT_WIDTH_PX / view_width(drawn)
        sizes.extend(float(width) * scale for width in TILE_SQUARES.findall(drawn))  # each tile's backing square
    sizes.sort()
    assert sizes[0] >= 40 and sizes[len(sizes) // 2] >= 60, (sizes[0], sizes[len(sizes) // 2])


POINTS = re.compile(r"(-?[\d.]+),(-?[\d.]+)")


def corners_of(polygon: ET.Element) -> list[tuple[float, float]]:
    return [(float(x), float(y)) for x, y in POINTS.findall(polygon.get("points") or "")]


def rotate_steps() -> Iterator[IsleOfSkyeState]:
    """Positions where the seat to move picks a turn for its chosen tile: every fourth one of a
    random game of 2 and of 5 players (early ones and late ones, on large territories)."""
    for players, seed in ((2, 3), (5, 8)):
        state = new_state(players, seed=seed)
        rng = random.Random(seed)
        count = 0
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            if actions[0].kind == "rotate":
                count += 1
                if count % 4 == 1:
                    yield state
            state.apply(rng.choice(actions), seat)


def test_each_offered_turn_is_shown_as_the_tile_turned_that_way_beside_its_neighbours() -> None:
    """A preview per offered turn plays that turn; in it the tile's four edge triangles are the
    turned tile's terrains, and each neighbour's edge drawn beside it is that neighbour's terrain
    on the shared side (so it matches the tile: every offered turn fits)."""
    previews = 0
    framed = 0
    for state in rotate_steps():
        seat = state.to_move[0]
        legal = [str(a) for a in state.legal_actions(seat)]
        assert INFO.svg_view is not None
        root = ET.fromstring(INFO.svg_view(state.observation(seat), legal))
        groups = {g.get("data-action"): g for g in root.iter(f"{SVG}g") if g.get("data-action")}
        assert set(groups) == set(legal)
        assert state.pick_tile is not None and state.pick_spot is not None
        tile, (sx, sy) = TILES[state.pick_tile], state.pick_spot
        for action in legal:
            turn = int(action.split()[1]) // 90
            polygons = list(groups[action].iter(f"{SVG}polygon"))
            triangles = [p for p in polygons if len(corners_of(p)) == 3][:4]
            assert [p.get("fill") for p in triangles] == [
                TERRAIN_FILL[rotated_terrain(tile, turn, d)] for d in range(4)
            ]
            frame = [
                p.get("fill") for p in polygons if len(corners_of(p)) == 4 and p.get("fill") in TERRAIN_FILL.values()
            ]
            expected = []
            for d in range(4):
                neighbour = state.placed[seat].get((sx + DX[d], sy + DY[d]))
                if neighbour is not None:
                    ntid, nrot = neighbour
                    edge = TERRAIN_FILL[rotated_terrain(TILES[ntid], nrot, (d + 2) % 4)]
                    assert edge == TERRAIN_FILL[rotated_terrain(tile, turn, d)]  # (the rules' own check)
                    expected.append(edge)
            assert frame == expected
            previews += 1
            framed += len(expected)
    assert previews > 12 and framed > previews
