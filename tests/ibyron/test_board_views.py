"""The Ibyron board a person reads: names, terrain told apart without colour, pieces with hover help, tiles as
tiles, building costs, a legend, no debug text, every legal action a click target, the same output everywhere."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ibyron_helpers import set_height, start, turn_to
from rich.console import Console

import meeple.games.ibyron as ib
from meeple.games.ibyron.actions import STEP_NAMES
from meeple.games.ibyron.data import B
from meeple.games.ibyron.island import cell_of
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.svg import render as svg_view
from meeple.games.ibyron.text import render as text_view

SVG = "{http://www.w3.org/2000/svg}"
GAMES: tuple[tuple[int, int, dict[str, Any]], ...] = (
    (1, 11, {}),
    (1, 12, {"bonus_side": "back"}),
    (2, 13, {}),
    (2, 14, {"mode": "beginner"}),
    (2, 15, {"bonus_side": "back"}),
    (3, 16, {}),
    (3, 17, {"mode": "beginner"}),
)
NAMES = ["Alice", "Bob", "Carol", "Dan"]


def positions(every: int = 40, limit: int = 700,
              per_game: bool = True) -> Iterator[tuple[str, dict[str, Any], list[str]]]:
    """(label, observation of the seat to move, its legal actions) along seeded random games of 1-3 players:
    every ``every`` moves, and wherever the seat faces a kind of decision not yet seen in that game (or, with
    ``per_game`` false, in any game so far), so explore, place, oversee, hire, the market... all appear."""
    seen: set[str] = set()
    for players, seed, options in GAMES:
        state = ib.INFO.new(players, seed, **options)
        rng = random.Random(seed)
        if per_game:
            seen = set()
        for move in range(limit):
            if state.is_over:
                yield f"{players}p seed {seed} {options} over", state.observation(0), []
                break
            seat = state.to_move[0]
            legal = [str(a) for a in state.legal_actions(seat)]
            key = ",".join(sorted({a.split()[0] for a in legal}))
            if move % every == 0 or key not in seen:
                seen.add(key)
                yield f"{players}p seed {seed} {options} move {move}", state.observation(seat), legal
            state.apply(rng.choice(legal), seat)


def as_text(obs: dict[str, Any], legal: list[str] | None = None, names: list[str] | None = None) -> str:
    with open(os.devnull, "w") as sink:
        console = Console(width=150, record=True, file=sink)
        console.print(text_view(obs, legal, names=names))
        return console.export_text()


def targets(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [el.get("data-action", "") for el in root.iter() if "clickable" in (el.get("class") or "").split()]


def titles(svg: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg).iter(f"{SVG}title")]


def test_every_legal_action_is_one_click_target_and_nothing_else_is() -> None:
    kinds: set[str] = set()
    for label, obs, legal in positions():
        found = targets(svg_view(obs, legal, names=NAMES[: obs["players"]]))
        assert sorted(found) == sorted(legal), label  # each legal action exactly once, nothing illegal
        kinds |= {a.split()[0] for a in legal}
    # the positions reach every kind of decision the board has a place for
    assert {"start", "home", "move", "explore", "oversee", "camp", "gather", "build", "visit", "sell", "take",
            "bonus", "hire", "place", "forfeit", "leave"} <= kinds


def test_board_elements_carry_their_actions_not_only_buttons(game: IbyronState) -> None:
    legal = [str(a) for a in game.legal_actions(0)]
    root = ET.fromstring(svg_view(game.observation(0), legal))
    moves = [el for el in root.iter() if (el.get("data-action") or "").startswith("move ")]
    # a move is played by clicking the space: the target holds the space's terrain square, not a text button
    assert moves and all(any(r.get("fill", "").startswith("url(#ib-") for r in el.iter(f"{SVG}rect")) or
                         "horse" in (el.findtext(f"{SVG}title") or "") for el in moves)


def test_names_replace_seat_numbers_and_keep_the_colour_mark(game: IbyronState) -> None:
    obs = game.observation(0)
    svg = svg_view(obs, None, names=["Alice", "Bob"])
    out = as_text(obs, None, names=["Alice", "Bob"])
    for view in (svg, out):
        assert "Alice (purple)" in view and "Bob (green)" in view
        assert "Seat 0" not in view and "seat 0" not in view
    assert "Seat 0 (purple)" in svg_view(obs, None)  # no names: "Seat N"


def test_no_rules_wording_or_debug_text_on_the_board() -> None:
    steps: set[str] = set()
    for label, obs, legal in positions(every=10_000):
        svg = svg_view(obs, legal)
        out = as_text(obs, legal) if obs["step"] not in steps else ""  # the terminal once per kind of step
        steps.add(obs["step"])
        for raw in (name for name in STEP_NAMES if "(" in name):  # the rules' wording names notation
            assert raw not in svg and raw not in out, (label, raw)
        assert "to move [" not in svg and "(start ...)" not in svg


def test_forest_field_and_mountain_differ_without_colour(game: IbyronState) -> None:
    obs = game.observation(None)
    root = ET.fromstring(svg_view(obs, None))
    by_terrain: dict[str, set[str]] = {}
    for el in root.iter(f"{SVG}g"):
        tip = el.findtext(f"{SVG}title") or ""
        square = el.find(f"{SVG}rect")
        if square is not None and tip.split(",")[0] in ("Forest", "Field", "Mountain"):
            by_terrain.setdefault(tip.split(",")[0], set()).add(square.get("fill", ""))
    assert by_terrain == {"Forest": {"url(#ib-forest)"}, "Field": {"url(#ib-field)"},
                          "Mountain": {"url(#ib-mountain)"}}
    defs = ET.fromstring(svg_view(obs, None)).find(f"{SVG}defs")
    assert defs is not None
    shapes = {p.get("id"): {c.get("d") for c in p if c.get("d")} for p in defs}
    # trees, furrows, peaks: each pattern draws its own shapes
    assert len({frozenset(shapes[t]) for t in ("ib-forest", "ib-field", "ib-mountain")}) == 3
    out = as_text(obs)
    assert "For1" in out and "Fld1" in out and "Mtn1" in out and "For forest, Fld field, Mtn mountain" in out


def test_levels_pieces_and_buildings_have_hover_help(game: IbyronState) -> None:
    s = game
    s.camps[cell_of(5, 6)] = (0, 0, 3)
    s.overseer[0][0] = cell_of(5, 6)
    s.buildings[cell_of(5, 7)] = (1, (B["church"],))
    s.reserved[cell_of(7, 7)] = 1
    tips = titles(svg_view(s.observation(None), None, names=["Alice", "Bob"]))
    joined = "\n".join(tips)
    assert "Woodcutters of Alice (purple): 3 discs at work" in joined
    assert "Church: 2 discs, +2 food — Bob (green)" in joined
    assert "Starting farm (1 disc) — Alice (purple)" in joined
    assert "Well: home of Alice (purple)" in joined and "Leader of Bob (green)" in joined
    assert "Overseer of Bob (green) holds this space" in joined
    assert any(t.startswith("Forest, level 1") for t in tips)
    assert any(t.startswith("Lumber Mill level 2: 2 foremen for 2 wood — locked") for t in tips)
    assert any(t.startswith("Castle Tower: 1 discs on on the Walls") or t.startswith("Castle Tower:") for t in tips)
    assert any(t.startswith("Stablehand: gain 1 horse. Next visit costs 1 disc") for t in tips)


def test_the_level_is_shown_on_each_space(game: IbyronState) -> None:
    s = game
    for c in (cell_of(6, 6), cell_of(7, 6), cell_of(6, 7), cell_of(7, 7)):
        set_height(s, c, 2)
    tips = titles(svg_view(s.observation(None), None))
    assert sum(t.startswith(("Forest, level 2", "Field, level 2", "Mountain, level 2")) for t in tips) == 4
    assert "Mtn2" in as_text(s.observation(None))


def test_tiles_in_hand_and_face_up_are_drawn_as_tiles(game: IbyronState) -> None:
    s = game
    s.held[0] = 6
    obs = s.observation(0)
    terrain = obs["tile_terrain"]["6"]
    assert terrain == "FFMA"
    tips = titles(svg_view(obs, None))
    assert "Holds land tile 6: forest, forest / field, mountain" in tips
    for tile in obs["tiles_face_up"]:
        assert any(t.startswith(f"Land tile {tile}: ") for t in tips)
    assert "land tile 6 (For For / Fld Mtn)" in as_text(obs)


def test_building_costs_are_at_hand_and_a_row_builds(game: IbyronState) -> None:
    s = game
    s.res[0][1] = 9  # wood
    s.permits[0] = 1
    forest = next(c for c in s.land if s.terrain[c] == 1 and c not in s.buildings)
    s.leader[0] = forest
    turn_to(s, 0)
    legal = [str(a) for a in s.legal_actions(0)]
    assert "build lumber_mill" in legal
    root = ET.fromstring(svg_view(s.observation(0), legal))
    row = next(el for el in root.iter() if el.get("data-action") == "build lumber_mill")
    assert "Lumber Mill: 1 discs on empty forest, costs 5 wood" in (row.findtext(f"{SVG}title") or "")
    assert "Castle Gate" in as_text(s.observation(0)) and "1 gold, 3 tech cubes" in as_text(s.observation(0))


def test_the_legend_explains_the_symbols(game: IbyronState) -> None:
    svg = svg_view(game.observation(None), None, names=["Ann", "Ben"])
    for word in ("Legend", "forest", "field", "mountain", "level (tiles high)", "leader", "well (home)", "overseer",
                 "building", "work camp", "gold mine", "you can click it", "hover over anything for help",
                 "Ann (purple)"):
        assert f">{word}<" in svg, word


def test_the_game_over_board_says_who_won_and_why() -> None:
    for label, obs, _ in positions(every=10_000):
        if obs["is_over"]:
            svg = svg_view(obs, None, names=NAMES[: obs["players"]])
            winners = " and ".join(NAMES[s] for s in obs["winners"])
            assert f"Game over — {winners} won" in svg, label
            assert "GAME OVER" in as_text(obs, None, NAMES[: obs["players"]])
            return
    raise AssertionError("no finished game among the positions")


def test_beginner_board_says_no_permits_and_shows_the_pile_not_its_order() -> None:
    s = start(mode="beginner")
    obs = s.observation(0)
    svg = svg_view(obs, None)
    assert "no permits in this game" in svg and "not used" in svg  # the Library
    assert "Face-down pile: 8 tiles" in svg and ",".join(map(str, s.tiles)) not in svg


SCRIPT = """
import json, random, sys
import meeple.games.ibyron as ib
from meeple.games.ibyron.svg import render as svg_view
from meeple.games.ibyron.text import render as text_view
from rich.console import Console
s = ib.INFO.new(3, 5)
rng = random.Random(5)
out = []
for _ in range(160):
    seat = s.to_move[0]
    legal = [str(a) for a in s.legal_actions(seat)]
    out.append(svg_view(s.observation(seat), legal, names=["A", "B", "C"]))
    s.apply(rng.choice(legal), seat)
console = Console(width=150, record=True, file=open("/dev/null", "w"))
console.print(text_view(s.observation(0), None))
out.append(console.export_text())
import hashlib
print(hashlib.sha256("".join(out).encode()).hexdigest())
"""


def test_views_are_the_same_in_every_process() -> None:
    src = str(Path(__file__).resolve().parents[2] / "src")
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": src}
        done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120,
                              check=True)
        digests.add(done.stdout.strip())
    assert len(digests) == 1


def test_every_target_says_in_words_what_a_click_does() -> None:
    for label, obs, legal in positions(every=10_000, per_game=False):
        root = ET.fromstring(svg_view(obs, legal))
        for el in root.iter():
            action = el.get("data-action")
            if action is None:
                continue
            tip = el.findtext(f"{SVG}title") or ""
            # words, not notation: no "move 7 2 0" in the help (a one-word notation may be a plain word)
            assert tip and tip != action and (" " not in action or action not in tip), (label, action, tip)


def test_choice_words_for_camps_bonus_and_hiring() -> None:
    from meeple.games.ibyron.view_words import choice

    obs = start(bonus_side="back").observation(0)
    assert choice(obs, "camp ore 1") == "Send 1 ore miner here"
    assert choice(obs, "camp wood 3") == "Send 3 woodcutters here"
    assert choice(obs, "camp grain") == "Plant a grain field here"
    assert choice(obs, "bonus 2 wood+ore") == "Take the 2-disc bonus as 1 wood + 1 ore"
    assert choice(obs, "bonus 4") == "Take the 4-disc bonus: 1 gold"
    assert choice(obs, "hire 1") == "Hire 1 worker ($1)"
    assert choice(start().observation(0), "bonus 6") == "Take bonus 6: $3"


def test_choice_words_for_moves_gathering_and_sales(game: IbyronState) -> None:
    from meeple.games.ibyron.view_words import choice

    s = game
    s.camps[cell_of(5, 6)] = (0, 0, 3)  # woodcutters of seat 0's first overseer
    s.overseer[0][0] = cell_of(5, 6)
    s.dice[0] = 4  # the wood die
    obs = s.observation(0)
    terrain = next(c["terrain"] for c in obs["cells"] if (c["x"], c["y"]) == (6, 6))
    assert choice(obs, "move 6 6 1") == f"Move your leader to the {terrain} at (6, 6) using 1 horse"
    assert choice(obs, "gather 0 1") == "Gather 1 wood from your woodcutters (1 foreman)"
    assert choice(obs, "gather 0 2 horse") == "Gather 3 wood from your woodcutters (2 foremen and a horse)"
    assert choice(obs, "hurry 0") == "Speed up: clear your woodcutters at once (a horse)"
    assert choice(obs, "sell wood 3") == "Sell 3 wood for $12"
