"""The shared boards on Ibyron's SVG view: the village, the market dice, the bonus mat, land tiles, building costs.

Every target here is a box of its own; a second way to use the same box
(the Mayor, a barn, the Foundry, a bonus alternative) is a small chip along
its bottom edge, never over the box's centre.
"""

from __future__ import annotations

from meeple.core.svg import Clicks, fragment
from meeple.core.words import seat_name
from meeple.games.ibyron import svg_shapes as k
from meeple.games.ibyron.data import BUILDINGS
from meeple.games.ibyron.labels import plural
from meeple.games.ibyron.observe import IbyronObservation
from meeple.games.ibyron.view_words import (
    EFFECT_WORDS,
    SITE_WORDS,
    SPACE_EFFECTS,
    SPACE_NAMES,
    cost_words,
    gain_words,
    tile_terrain,
    tile_words,
    who,
)

GAP = 4
SPACE_H = 128
CHIP_H = 19


def _chip(x: float, y: float, label: str, action: str, clicks: Clicks, tip: str) -> tuple[str, float]:
    """A small orange button for a second way to use a box; returns it and its width (nothing when not legal)."""
    click = clicks.claim(action, k.POINTER)
    if not click:
        return "", 0
    w = k.text_width(label, k.SMALL, True) + 10
    inner = k.rect(x, y, w, CHIP_H - 2, "#fdebd0", "#e67e22", 1.2, 4) + k.text(x + w / 2, y + 13, label, k.SMALL,
                                                                                "#111", "middle", "bold")
    return k.group(inner, click, tip), w


def _lines(words: str, size: float, width: float) -> list[str]:
    """``words`` broken into lines no wider than ``width``."""
    lines: list[str] = []
    for word in words.split():
        if lines and k.text_width(f"{lines[-1]} {word}", size) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def _space(obs: IbyronObservation, space: str, stacks: list[list[int]], clicks: Clicks, names: list[str] | None,
           x: float, y: float, w: float) -> tuple[str, float]:
    cost = obs["village_costs"][space]
    beginner = obs["mode"] != "standard" and space == "library"
    click = clicks.claim(f"visit {space}", k.POINTER)
    mid = x + w / 2
    inner = [k.hit(x, y, w, SPACE_H, bool(click), "#e9e9e9" if beginner else "#f6eedb")]
    inner.append(k.text(mid, y + 17, SPACE_NAMES[space], k.TEXT, "#111", "middle", "bold"))
    effect = SPACE_EFFECTS[space]
    for i, line in enumerate(_lines(effect, k.SMALL, w - 8)[:2]):
        inner.append(k.text(mid, y + 33 + 14 * i, line, k.SMALL, "#444", "middle"))
    inner.append(k.rect(mid - 36, y + 55, 72, 19, "#fff", "#886", 0.8, 9))
    inner.append(k.text(mid, y + 69, "not used" if beginner else f"cost {cost}", k.TEXT, "#111", "middle", "bold"))
    per_row = max(1, int((w - 6) // 22))
    for j, (owner, height) in enumerate(stacks[: 2 * per_row]):
        sx = x + 14 + (j % per_row) * 22
        inner.append(k.disc_stack(sx, y + 91 + 16 * (j // per_row), height, k.colour_of(owner), rx=8, step=3))
    if len(stacks) > 2 * per_row:
        inner.append(k.text(x + w - 4, y + 88, f"+{len(stacks) - 2 * per_row}", k.SMALL, "#111", "end"))
    if space == "library":
        inner.append(k.text(mid, y + 122, f"{obs['supplies']['permits']} permits left", k.SMALL, "#555", "middle"))
    elif space == "stablehand":
        inner.append(k.text(mid, y + 122, f"{obs['supplies']['horses']} horses left", k.SMALL, "#555", "middle"))
    stacks_tip = ", ".join(f"{seat_name(names, owner)} {h}" for owner, h in stacks) or "none"
    tip = (f"{SPACE_NAMES[space]}: {effect}. Next visit costs {cost} disc{'s' if cost > 1 else ''}"
           f" (stacks here: {stacks_tip})") + (" — click to visit" if click else "")
    out = [k.group("".join(inner), click, tip)]
    # other ways to use this space, below its box (never over the box's centre), wrapping within its width
    chips = [("Mayor", f"visit {space} mayor", f"{SPACE_NAMES[space]} with your Mayor disc")]
    if space == "farmer":
        chips = [("barn", "visit farmer barn", "Farmer: take a barn instead of harvesting"), *chips,
                 ("barn, Mayor", "visit farmer barn mayor", "Farmer: take a barn, paying with the Mayor")]
    cx, cy = x, y + SPACE_H + 3
    bottom = y + SPACE_H
    for label, action, chip_tip in chips:
        if not clicks.has(action):
            continue
        if cx > x and cx + k.text_width(label, k.SMALL, True) + 10 > x + w:
            cx, cy = x, cy + CHIP_H
        chip, cw = _chip(cx, cy, label, action, clicks, chip_tip)
        out.append(chip)
        cx += cw + 3
        bottom = cy + CHIP_H
    return "".join(out), bottom


def draw_village(obs: IbyronObservation, clicks: Clicks, names: list[str] | None, x: float,
                 y: float, width: float = k.INNER) -> tuple[str, float]:
    cap = obs["village_cap"]
    out = [k.text(x, y + 15, "Village", k.HEAD, "#111", weight="bold"),
           k.text(x + 70, y + 15, f"a visit costs 1 disc more than the tallest stack there, at most {cap}", k.SMALL,
                  "#444")]
    spaces = list(obs["village"].items())
    w = (width - GAP * (len(spaces) - 1)) / len(spaces)
    bottom = y + 22 + SPACE_H
    for i, (space, stacks) in enumerate(spaces):
        part, low = _space(obs, space, stacks, clicks, names, x + i * (w + GAP), y + 22, w)
        out.append(part)
        bottom = max(bottom, low)
    return "".join(out), bottom + 6


def _die(x: float, y: float, value: int) -> str:
    """A die face with its pips."""
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
             5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    out = [k.rect(x, y, 26, 26, "#fff", "#333", 1.2, 4)]
    for dx, dy in spots.get(value, []):
        out.append(f'<circle cx="{x + 6 + 7 * dx}" cy="{y + 6 + 7 * dy}" r="2.4" fill="#111"/>')
    return "".join(out)


def draw_market(obs: IbyronObservation, x: float, y: float, width: float) -> tuple[str, float]:
    out = [k.text(x, y + 15, "Market prices", k.HEAD, "#111", weight="bold")]
    dice = obs["dice"]
    w = (width - GAP * (len(dice) - 1)) / max(1, len(dice))
    for i, d in enumerate(dice):
        bx = x + i * (w + GAP)
        used = d["used"]
        price = "sold" if used else (f"${d['value']} each" if d["value"] else "not rolled")
        inner = (k.rect(bx, y + 22, w, 40, "#eee" if used else "#fff", "#999", 0.8, 4) + _die(bx + 6, y + 30,
                                                                                             d["value"])
                 + k.text(bx + 37, y + 39, d["resource"], k.TEXT, "#111", weight="bold")
                 + k.text(bx + 37, y + 55, price, k.SMALL, "#555"))
        tip = f"{d['resource'].capitalize()} sells for ${d['value']} each" + (
            " — already sold this round; re-rolled at the round's end" if used else "")
        out.append(k.group(inner, tip=tip))
    return "".join(out), y + 66


def draw_bonus(obs: IbyronObservation, clicks: Clicks, names: list[str] | None, x: float,
               y: float, width: float) -> tuple[str, float]:
    front = obs["bonus_side"] == "front"
    hint = "one each, taken on leaving the village" if front else "pay discs to climb the ladder"
    out = [k.text(x, y + 15, "Bonus resources", k.HEAD, "#111", weight="bold"),
           k.text(x + 140, y + 15, hint, k.SMALL, "#444")]
    spaces = obs["bonus"]
    w = (width - GAP * (len(spaces) - 1)) / max(1, len(spaces))
    bottom = y + 66
    for i, space in enumerate(spaces):
        bx = x + i * (w + GAP)
        gain = gain_words(space["gain"])
        if "number" in space:
            action, head = f"bonus {space['number']}", f"{space['number']}"
            taken = space["taken_by"] >= 0 or space["used_solo"]
        else:
            action, head, taken = f"bonus {space['cost']}", plural(space["cost"], "disc"), False
        click = clicks.claim(action, k.POINTER)
        fill = "#ddd" if taken else "#fff6d0"
        inner = (k.hit(bx, y + 22, w, 40, bool(click), fill) + k.text(bx + 5, y + 36, head, k.SMALL, "#555",
                                                                       weight="bold")
                 + k.text(bx + w / 2, y + 55, gain, k.TEXT, "#111", "middle", "bold"))
        if "number" in space and space["taken_by"] >= 0:
            owner = space["taken_by"]
            inner += f'<circle cx="{bx + w - 10:.1f}" cy="{y + 32}" r="6" fill="none" ' \
                     f'stroke="{k.colour_of(owner)}" stroke-width="3"/>'
        tip = f"Bonus: {gain}"
        if "number" in space and space["taken_by"] >= 0:
            tip += f" — taken by {who(names, space['taken_by'])}"
        elif "number" in space and space["used_solo"]:
            tip += " — used this cycle (solo)"
        out.append(k.group(inner, click, tip + (" — click to take it" if click else "")))
        cy = y + 65
        for alt in space.get("alt", []):  # other gains of a ladder space, one chip a line below it
            word = "+".join(alt)
            chip, _ = _chip(bx, cy, "or " + gain_words(alt), f"bonus {i} {word}", clicks,
                            f"Take {gain_words(alt)} instead")
            if chip:
                out.append(chip)
                cy += CHIP_H
        bottom = max(bottom, cy)
    return "".join(out), bottom


def draw_tiles(obs: IbyronObservation, clicks: Clicks, x: float, y: float, width: float) -> tuple[str, float]:
    """The land tiles on offer (face up, or the beginner game's face-down pile) and the one being laid."""
    up = obs["tiles_face_up"]
    pile = obs["pile_size"]
    label = f"Land tiles ({pile} left)" if not up else "Land tiles"
    out = [k.text(x, y + 15, label, k.HEAD, "#111", weight="bold")]
    tx, ty = x, y + 22
    if not up and not pile:
        out.append(k.text(x, y + 40, "every tile is on the island", k.TEXT, "#555"))
        ty += 26
    elif not up:
        out.append(k.group(k.rect(tx, ty, 50, 50, "#8d6e63", "#4e342e", 1.5, 4)
                           + k.text(tx + 25, ty + 30, f"{pile}", k.HEAD, "#fff", "middle", "bold"),
                           tip=f"Face-down pile: {pile} tiles"))
        tx += 58
    for tile in up:
        if tx + 54 > x + width:
            tx, ty = x, ty + 68
        terrain = tile_terrain(obs, tile)
        action = clicks.first([f"take {tile}", f"buy {tile}"])
        click = clicks.claim(action, k.POINTER)
        inner = k.hit(tx, ty, 54, 64, bool(click), "#fff") + k.mini_tile(terrain, tx + 6, ty + 4, 42) + k.text(
            tx + 27, ty + 60, f"tile {tile}", k.SMALL, "#333", "middle")
        tip = f"Land tile {tile}: {tile_words(terrain)}"
        if click and action is not None:
            tip += " — click: " + ("buy it for $2" if action.startswith("buy") else "take it")
        out.append(k.group(inner, click, tip))
        tx += 58
    bottom = ty + (68 if up or pile else 0)
    if obs["pending_tile"] >= 0:
        if tx + 240 > x + width:
            tx, ty = x, ty + 68
        terrain = tile_terrain(obs, obs["pending_tile"])
        out.append(k.group(k.rect(tx, ty, 236, 64, "#fdebd0", "#e67e22", 1.5, 4)
                           + k.mini_tile(terrain, tx + 6, ty + 11, 42)
                           + k.text(tx + 56, ty + 18, f"Laying tile {obs['pending_tile']}:", k.TEXT, "#111",
                                    weight="bold")
                           + k.text(tx + 56, ty + 36, "click a turned copy on", k.SMALL, "#111")
                           + k.text(tx + 56, ty + 52, "the space of its top-left", k.SMALL, "#111"),
                           tip=f"Tile {obs['pending_tile']} is being laid: {tile_words(terrain)}"))
        bottom = ty + 68
    return "".join(out), bottom


COLUMNS = (("building", 0), ("discs", 150), ("where", 200), ("cost", 350), ("gives", 540))
FOUNDRY_W = 100


def draw_costs(obs: IbyronObservation, clicks: Clicks, x: float, y: float, width: float) -> tuple[str, float]:
    """Every building with its discs, site, cost and effect; a row is the build button when it may be built."""
    standard = obs["mode"] == "standard"
    note = "each also needs a permit" if standard else "no permits in this game"
    out = [k.text(x, y + 15, "Buildings", k.HEAD, "#111", weight="bold"), k.text(x + 90, y + 15, note, k.SMALL,
                                                                               "#444")]
    for label, dx in COLUMNS:
        out.append(k.text(x + 5 + dx, y + 36, label, k.SMALL, "#666", weight="bold"))
    ry = y + 42
    for index, b in enumerate(BUILDINGS):
        out.append(_cost_row(index, clicks.claim(f"build {b.id}", k.POINTER), x, ry, width - FOUNDRY_W - 4))
        if b.cost_of("stone") >= 4:
            chip, _ = _chip(x + width - FOUNDRY_W, ry + 2, "via Foundry", f"build {b.id} foundry", clicks,
                            f"Build the {b.name} paying 2 stone + 1 ore for 4 stone (Foundry)")
            out.append(chip)
        ry += 22
    return "".join(out), ry + 4


@fragment()
def _cost_row(index: int, click: str, x: float, ry: float, width: float) -> str:
    """The row of ``BUILDINGS[index]``: its discs, site, cost and effect; ``click`` makes it the build button."""
    b = BUILDINGS[index]
    cost = cost_words([(key, n) for key, n in b.cost])
    cells = (b.name, str(b.discs), SITE_WORDS.get(b.site, b.site), cost, EFFECT_WORDS.get(b.effect, b.effect))
    inner = k.hit(x, ry, width, 21, bool(click), "#fff" if click else ("#f8f8f8" if index % 2 else "#f0f0ec"))
    for (_, dx), cell in zip(COLUMNS, cells, strict=True):
        inner += k.text(x + 5 + dx, ry + 15, cell, k.TEXT if dx == 0 else k.SMALL, "#111" if dx == 0 else "#333",
                        weight="bold" if click and dx == 0 else "normal")
    tip = f"{b.name}: {b.discs} discs on {SITE_WORDS.get(b.site, b.site)}, costs {cost}; at most {b.max}" + (
        " — click to build it where your leader stands" if click else "")
    return k.group(inner, click, tip)


__all__ = ["draw_bonus", "draw_costs", "draw_market", "draw_tiles", "draw_village"]
