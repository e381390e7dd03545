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

SPACE_W = 72
SPACE_H = 104
PANEL_W = 7 * (SPACE_W + 4)


def _chip(x: float, y: float, w: float, label: str, action: str, clicks: Clicks, tip: str) -> str:
    click = clicks.claim(action, k.POINTER)
    if not click:
        return ""
    inner = k.rect(x, y, w, 15, "#fdebd0", "#e67e22", 1.2, 4) + k.text(x + w / 2, y + 11, label, 8.5, "#111",
                                                                        "middle", "bold")
    return k.group(inner, click, tip)


def _space(obs: IbyronObservation, space: str, stacks: list[list[int]], clicks: Clicks, names: list[str] | None,
           x: float, y: float) -> str:
    cost = obs["village_costs"][space]
    beginner = obs["mode"] != "standard" and space == "library"
    click = clicks.claim(f"visit {space}", k.POINTER)
    inner = [k.hit(x, y, SPACE_W, SPACE_H, bool(click), "#e9e9e9" if beginner else "#f6eedb")]
    inner.append(k.text(x + SPACE_W / 2, y + 13, SPACE_NAMES[space], 9.5, "#111", "middle", "bold"))
    effect = SPACE_EFFECTS[space]
    words = effect.split()
    half = len(words) // 2 + 1
    inner.append(k.text(x + SPACE_W / 2, y + 25, " ".join(words[:half]), 8, "#444", "middle"))
    inner.append(k.text(x + SPACE_W / 2, y + 34, " ".join(words[half:]), 8, "#444", "middle"))
    inner.append(k.rect(x + 14, y + 39, SPACE_W - 28, 14, "#fff", "#886", 0.8, 7))
    inner.append(k.text(x + SPACE_W / 2, y + 50, "not used" if beginner else f"cost {cost}", 9, "#111", "middle",
                        "bold"))
    for j, (owner, height) in enumerate(stacks[:8]):
        sx = x + 9 + (j % 4) * 18
        inner.append(k.disc_stack(sx, y + 68 + 14 * (j // 4) if j >= 4 else y + 68, height, k.colour_of(owner),
                                  rx=6, step=3))
    if len(stacks) > 8:
        inner.append(k.text(x + SPACE_W - 3, y + 62, f"+{len(stacks) - 8}", 8, "#111", "end"))
    if space == "library":
        inner.append(k.text(x + SPACE_W / 2, y + 100, f"{obs['supplies']['permits']} permits left", 7.5, "#555",
                            "middle"))
    elif space == "stablehand":
        inner.append(k.text(x + SPACE_W / 2, y + 100, f"{obs['supplies']['horses']} horses left", 7.5, "#555",
                            "middle"))
    stacks_tip = ", ".join(f"{seat_name(names, owner)} {h}" for owner, h in stacks) or "none"
    tip = (f"{SPACE_NAMES[space]}: {effect}. Next visit costs {cost} disc{'s' if cost > 1 else ''}"
           f" (stacks here: {stacks_tip})") + (" — click to visit" if click else "")
    out = [k.group("".join(inner), click, tip)]
    # other ways to use this space, along its bottom edge (outside the box's centre)
    chips = [("Mayor", f"visit {space} mayor", f"{SPACE_NAMES[space]} with your Mayor disc")]
    if space == "farmer":
        chips = [("barn", "visit farmer barn", "Farmer: take a barn instead of harvesting"),
                 ("barn+M", "visit farmer barn mayor", "Farmer: take a barn, paying with the Mayor"), *chips]
    cx = x + 2
    for label, action, chip_tip in chips:
        w = 6 + 6 * len(label)
        chip = _chip(cx, y + SPACE_H + 3, w, label, action, clicks, chip_tip)
        if chip:
            out.append(chip)
            cx += w + 2
    return "".join(out)


def draw_village(obs: IbyronObservation, clicks: Clicks, names: list[str] | None, x: float,
                 y: float) -> tuple[str, float]:
    cap = obs["village_cap"]
    out = [k.text(x, y + 12, "Village", 13, "#111", weight="bold"),
           k.text(x + 60, y + 12, f"a visit costs 1 disc more than the tallest stack there, at most {cap}", 9,
                  "#444")]
    for i, (space, stacks) in enumerate(obs["village"].items()):
        out.append(_space(obs, space, stacks, clicks, names, x + i * (SPACE_W + 4), y + 20))
    return "".join(out), y + 20 + SPACE_H + 22


def _die(x: float, y: float, value: int) -> str:
    """A die face with its pips."""
    spots = {1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)], 4: [(0, 0), (2, 0), (0, 2), (2, 2)],
             5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)], 6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)]}
    out = [k.rect(x, y, 24, 24, "#fff", "#333", 1.2, 4)]
    for dx, dy in spots.get(value, []):
        out.append(f'<circle cx="{x + 6 + 6 * dx}" cy="{y + 6 + 6 * dy}" r="2.2" fill="#111"/>')
    return "".join(out)


def draw_market(obs: IbyronObservation, x: float, y: float) -> tuple[str, float]:
    out = [k.text(x, y + 12, "Market prices", 12, "#111", weight="bold")]
    for i, d in enumerate(obs["dice"]):
        bx = x + i * 92
        used = d["used"]
        inner = (k.rect(bx, y + 18, 88, 32, "#eee" if used else "#fff", "#999", 0.8, 4) + _die(bx + 4, y + 22,
                                                                                              d["value"])
                 + k.text(bx + 32, y + 32, d["resource"], 9.5, "#111", weight="bold")
                 + k.text(bx + 32, y + 44, "sold" if used else (f"${d['value']} each" if d["value"] else "not rolled"),
                          9, "#555"))
        tip = f"{d['resource'].capitalize()} sells for ${d['value']} each" + (
            " — already sold this round; re-rolled at the round's end" if used else "")
        out.append(k.group(inner, tip=tip))
    return "".join(out), y + 56


def draw_bonus(obs: IbyronObservation, clicks: Clicks, names: list[str] | None, x: float,
               y: float) -> tuple[str, float]:
    front = obs["bonus_side"] == "front"
    hint = "one space each, taken when leaving the village" if front else "pay discs to climb the ladder"
    out = [k.text(x, y + 12, "Bonus resources", 12, "#111", weight="bold"), k.text(x + 112, y + 12, hint, 9, "#444")]
    for i, space in enumerate(obs["bonus"]):
        bx = x + i * 88
        gain = gain_words(space["gain"])
        if "number" in space:
            action, head = f"bonus {space['number']}", f"{space['number']}"
            taken = space["taken_by"] >= 0 or space["used_solo"]
        else:
            action, head, taken = f"bonus {space['cost']}", f"{space['cost']} discs", False
        click = clicks.claim(action, k.POINTER)
        fill = "#ddd" if taken else "#fff6d0"
        inner = (k.hit(bx, y + 18, 84, 34, bool(click), fill) + k.text(bx + 5, y + 31, head, 9, "#555", weight="bold")
                 + k.text(bx + 42, y + 46, gain, 10, "#111", "middle", "bold"))
        if "number" in space and space["taken_by"] >= 0:
            owner = space["taken_by"]
            inner += f'<circle cx="{bx + 74}" cy="{y + 28}" r="5" fill="none" stroke="{k.colour_of(owner)}" ' \
                     'stroke-width="3"/>'
        tip = f"Bonus: {gain}"
        if "number" in space and space["taken_by"] >= 0:
            tip += f" — taken by {who(names, space['taken_by'])}"
        elif "number" in space and space["used_solo"]:
            tip += " — used this cycle (solo)"
        out.append(k.group(inner, click, tip + (" — click to take it" if click else "")))
        for j, alt in enumerate(space.get("alt", [])):
            word = "+".join(alt)
            out.append(_chip(bx + 2 + j * 41, y + 55, 39, "or " + gain_words(alt).replace(" + ", "+"),
                             f"bonus {i} {word}", clicks, f"Take {gain_words(alt)} instead"))
    return "".join(out), y + 74


def draw_tiles(obs: IbyronObservation, clicks: Clicks, x: float, y: float) -> tuple[str, float]:
    """The land tiles on offer (face up, or the beginner game's face-down pile) and the one being laid."""
    up = obs["tiles_face_up"]
    pile = obs["pile_size"]
    label = f"Land tiles ({pile} left)" if not up else "Land tiles"
    out = [k.text(x, y + 12, label, 12, "#111", weight="bold")]
    tx = x
    if not up and not pile:
        out.append(k.text(x, y + 34, "every tile is on the island", 10, "#555"))
        tx += 150
    elif not up:
        out.append(k.group(k.rect(tx, y + 18, 44, 44, "#8d6e63", "#4e342e", 1.5, 4)
                           + k.text(tx + 22, y + 44, f"{pile}", 12, "#fff", "middle", "bold"),
                           tip=f"Face-down pile: {pile} tiles"))
        tx += 52
    for tile in up:
        terrain = tile_terrain(obs, tile)
        action = clicks.first([f"take {tile}", f"buy {tile}"])
        click = clicks.claim(action, k.POINTER)
        inner = k.hit(tx, y + 18, 46, 56, bool(click), "#fff") + k.mini_tile(terrain, tx + 5, y + 21, 36) + k.text(
            tx + 23, y + 70, f"tile {tile}", 8, "#333", "middle")
        tip = f"Land tile {tile}: {tile_words(terrain)}"
        if click and action is not None:
            tip += " — click: " + ("buy it for $2" if action.startswith("buy") else "take it")
        out.append(k.group(inner, click, tip))
        tx += 50
    if obs["pending_tile"] >= 0:
        terrain = tile_terrain(obs, obs["pending_tile"])
        out.append(k.group(k.rect(tx + 10, y + 18, 140, 56, "#fdebd0", "#e67e22", 1.5, 4)
                           + k.mini_tile(terrain, tx + 14, y + 22, 36)
                           + k.text(tx + 54, y + 36, "being laid:", 8, "#111")
                           + k.text(tx + 54, y + 48, f"tile {obs['pending_tile']}", 9, "#111", weight="bold")
                           + k.text(tx + 54, y + 60, "click a turned copy", 8, "#111")
                           + k.text(tx + 54, y + 70, "where its top-left goes", 8, "#111"),
                           tip=f"Tile {obs['pending_tile']} is being laid: {tile_words(terrain)}"))
    return "".join(out), y + 80


def draw_costs(obs: IbyronObservation, clicks: Clicks, x: float, y: float) -> tuple[str, float]:
    """Every building with its discs, site, cost and effect; a row is the build button when it may be built."""
    standard = obs["mode"] == "standard"
    note = "each also needs a permit" if standard else "no permits in this game"
    out = [k.text(x, y + 12, "Buildings", 12, "#111", weight="bold"), k.text(x + 70, y + 12, note, 9, "#444")]
    heads = (("building", 0), ("discs", 112), ("where", 148), ("cost", 262), ("gives", 370))
    for label, dx in heads:
        out.append(k.text(x + 4 + dx, y + 28, label, 8.5, "#666", weight="bold"))
    ry = y + 32
    for index, b in enumerate(BUILDINGS):
        out.append(_cost_row(index, clicks.claim(f"build {b.id}", k.POINTER), x, ry))
        if b.cost_of("stone") >= 4:
            out.append(_chip(x + PANEL_W - 66, ry, 62, "via Foundry", f"build {b.id} foundry", clicks,
                             f"Build the {b.name} paying 2 stone + 1 ore for 4 stone (Foundry)"))
        ry += 17
    return "".join(out), ry + 4


@fragment()
def _cost_row(index: int, click: str, x: float, ry: float) -> str:
    """The row of ``BUILDINGS[index]``: its discs, site, cost and effect; ``click`` makes it the build button."""
    b = BUILDINGS[index]
    cost = cost_words([(key, n) for key, n in b.cost])
    inner = (k.hit(x, ry, PANEL_W - 70, 16, bool(click), "#fff" if click else "#f8f8f8")
             + k.text(x + 4, ry + 12, b.name, 9.5, "#111", weight="bold" if click else "normal")
             + k.text(x + 124, ry + 12, str(b.discs), 9.5, "#111", "middle")
             + k.text(x + 152, ry + 12, SITE_WORDS.get(b.site, b.site), 9, "#333")
             + k.text(x + 266, ry + 12, cost, 9, "#333")
             + k.text(x + 374, ry + 12, EFFECT_WORDS.get(b.effect, b.effect), 9, "#333"))
    tip = f"{b.name}: {b.discs} discs on {SITE_WORDS.get(b.site, b.site)}, costs {cost}; at most {b.max}" + (
        " — click to build it where your leader stands" if click else "")
    return k.group(inner, click, tip)


__all__ = ["draw_bonus", "draw_costs", "draw_market", "draw_tiles", "draw_village"]
