"""The continents of Bayon's board: one row each, its stack of sites laid out top first.

A row starts with the continent (name, how many sites, the expedition's cost,
its expedition button or the interpreter that closes it), then one place per
card of the stack. A card the viewer has located is drawn face up: its name,
the map, shovel and microscope points it needs, its worth and who else knows
it. A card only others located is a face-down card saying who saw it. Nothing
is drawn over these places.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core.svg import Canvas, fragment
from meeple.core.words import seat_name
from meeple.games.bayon.data import CONTINENTS
from meeple.games.bayon.svg_parts import (
    BODY,
    CONTINENT_COLOURS,
    INK_SOFT,
    SITE_W,
    SLOT_H,
    SMALL,
    button,
    rect,
    site_card,
    text,
    titled,
    who_knows,
)
from meeple.games.bayon.words import ordinal, site_words

LEFT = 10
BLOCK_W = 176  # the continent's own block, before its stack
SLOT_X = LEFT + BLOCK_W + 6
SLOT_STEP = SITE_W + 4
ROW_STEP = SLOT_H + 6
HEADER_H = 20  # the line naming the places of a stack
STACK_PLACES = 6

Located = tuple[tuple[int, int | None, tuple[int, ...]], ...]  # (depth, site or None, seats that located it)


def stacks_height() -> int:
    return HEADER_H + ROW_STEP * len(CONTINENTS)


@fragment()
def stacks_header(y: float) -> str:
    """The line above the rows: what the places of a stack are."""
    out = [text(LEFT + 4, y + 14, "Continents: the site stacks, top first", SMALL, INK_SOFT, "bold")]
    for d in range(STACK_PLACES):
        out.append(text(SLOT_X + d * SLOT_STEP + SITE_W / 2, y + 14, ordinal(d), SMALL, INK_SOFT, "normal", "middle"))
    return "".join(out)


def _place(depth: int, size: int) -> str:
    return "bottom" if depth == size - 1 and depth > 0 else ordinal(depth)


def _everyone(known_by: Sequence[int], seats: int) -> bool:
    return len(known_by) == seats


def continent_row(
    c: int,
    y: float,
    stack_size: int,
    cost: int,
    blocked: bool,
    known: Located,
    names: tuple[str, ...] | None,
    viewer: int | None,
    seats: int,
    expedition_legal: bool,
) -> str:
    """One continent's row: its block, then each place of its stack (two pieces kept apart:
    a turn changes what may be played far more often than what is known)."""
    return continent_block(c, y, stack_size, cost, blocked, expedition_legal) + stack_places(
        c, y, stack_size, known, names, viewer, seats
    )


@fragment()
def continent_block(c: int, y: float, stack_size: int, cost: int, blocked: bool, expedition_legal: bool) -> str:
    """The continent itself: name, number of sites, cost, and its expedition button or the interpreter."""
    part = Canvas([f"expedition {CONTINENTS[c]}"] if expedition_legal else [])
    title = CONTINENTS[c].capitalize()
    colour = CONTINENT_COLOURS[c]
    tip = f"{title}: {stack_size} sites face down; an expedition costs {cost} gold"
    block = [rect(LEFT, y, BLOCK_W, SLOT_H, colour, colour, 8)]
    block.append(text(LEFT + 9, y + 19, title, 15, "#fff", "bold"))
    count = f"{stack_size} site{'' if stack_size == 1 else 's'}"
    block.append(text(LEFT + BLOCK_W - 36, y + 18, count, SMALL, "#fff", "normal", "end"))
    # the cost shield
    sx = LEFT + BLOCK_W - 31
    block.append(f'<path d="M{sx} {y + 4} h26 v12 q0 9 -13 14 q-13 -5 -13 -14 z" fill="#f5e9c8" stroke="#5a4a2a"/>')
    block.append(text(sx + 13, y + 19, str(cost), SMALL, "#3a2a08", "bold", "middle"))
    part.add(titled("".join(block), tip))
    if blocked:
        closed = rect(LEFT + 8, y + 26, BLOCK_W - 16, 24, "#fff3d6", "#a33", 8, 'stroke-width="2"')
        closed += text(LEFT + BLOCK_W / 2, y + 43, "Interpreter: closed", BODY, "#a33", "bold", "middle")
        part.add(titled(closed, "The interpreter: nobody may travel to or dig on this continent"))
    else:
        part.act(
            f"expedition {CONTINENTS[c]}",
            button(LEFT + 8, y + 26, BLOCK_W - 16, f"Expedition for {cost}"),
            f"Start an expedition to {title} (costs {cost} gold)",
            "dim",
        )
    return "".join(part.parts)


@fragment()
def stack_places(
    c: int,
    y: float,
    stack_size: int,
    known: Located,
    names: tuple[str, ...] | None,
    viewer: int | None,
    seats: int,
) -> str:
    """Each place of the stack, top first: face up where the viewer knows the site, else face down."""
    title = CONTINENTS[c].capitalize()
    colour = CONTINENT_COLOURS[c]
    if stack_size == 0:
        return text(SLOT_X + 6, y + 34, "No sites left here", BODY, INK_SOFT)
    out = []
    located = {depth: (site, known_by) for depth, site, known_by in known}
    for depth in range(min(stack_size, STACK_PLACES)):
        x = SLOT_X + depth * SLOT_STEP
        place = _place(depth, stack_size)
        where = f"{capital(place)} of the {title} stack"
        if depth not in located:
            out.append(titled(face_down(x, y, colour, place, "", stack_size), f"{where}: nobody has looked at it"))
            continue
        site, known_by = located[depth]
        full = ", ".join("you" if q == viewer else seat_name(names, q) for q in known_by)
        everyone = _everyone(known_by, seats)
        if site is not None:
            note = "known to all" if everyone else who_knows(known_by, viewer, names)
            out.append(titled(site_card(x, y, site, note), f"{where}: {site_words(site)}. Known to {full}"))
        else:
            seen = "all players" if everyone else who_knows(known_by, viewer, names)
            out.append(titled(face_down(x, y, colour, place, seen, stack_size), f"{where}: seen by {full}"))
    return "".join(out)


def capital(word: str) -> str:
    return word[:1].upper() + word[1:]


@fragment()
def face_down(x: float, y: float, colour: str, place: str, seen_by: str, size: int) -> str:
    """A place of a stack the viewer has not seen: where it lies, and who has seen it."""
    out = [rect(x, y, SITE_W, SLOT_H, colour, "#222", 5, 'fill-opacity="0.55"')]
    out.append(rect(x + 4, y + 4, SITE_W - 8, SLOT_H - 8, "none", "#f5e9c8", 4, 'stroke-dasharray="4 3" opacity="0.6"'))
    if seen_by:
        out.append(text(x + SITE_W / 2, y + 23, "seen by", SMALL, "#ffffff", "normal", "middle"))
        out.append(text(x + SITE_W / 2, y + 40, seen_by, SMALL, "#ffffff", "bold", "middle"))
    elif place == "bottom" and size < STACK_PLACES:  # a short stack: the columns say where the others lie
        out.append(text(x + SITE_W / 2, y + SLOT_H / 2 + 4, place, SMALL, "#f5e9c8", "normal", "middle"))
    return "".join(out)
