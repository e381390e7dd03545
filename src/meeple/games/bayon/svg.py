"""SVG view of Bayon, drawn from an observation only.

The table: the five continents along the top (site stacks, costs, the
interpreter card on the blocked one, what the viewer knows of each stack), the
basecamp and the current step in the middle, one row per player below
(explorer cards, gold, sites). Every element a legal action points at carries
``data-action`` with the action's notation and the class ``clickable``:
explorer cards (hire, give up, join the team, withdraw, lose), the face-down
stack (hire stack), the bank (take gold), site cards (pay with a site), small
continent chips under each free explorer (travel / move the interpreter),
expedition buttons on the continents, and buttons for pay gold, team done and
end of turn.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from meeple.core.svg import Canvas, fragment
from meeple.core.words import seat_name
from meeple.games.bayon.data import CONTINENTS, DATA, EXPLORERS, SITES
from meeple.games.bayon.observe import BayonObservation
from meeple.games.bayon.text import END_TEXT
from meeple.games.bayon.words import abilities_words, capitalized, explorer_words, site_words

WIDTH = 1220
CONTINENT_COLOURS = ("#3f6fb5", "#c9822b", "#b8443a", "#3c8c4a", "#a8672a")
ABBREVIATIONS = ("EU", "AF", "AS", "AM", "AU")
ABILITY_COLOURS = ("#2f6db3", "#8a5a2b", "#7a3fa0")  # map, shovel, microscope
ABILITY_LETTERS = ("M", "S", "µ")
SEAT_COLOURS = ("#1aa3b8", "#c0399b", "#3aa34a", "#d4a017")
FELT = "#1f5a3a"


@fragment()
def text(
    x: float, y: float, content: str, size: int = 12, fill: str = "#222", weight: str = "normal", anchor: str = "start"
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}" fill="{fill}" font-weight="{weight}" '
        f'text-anchor="{anchor}">{escape(content)}</text>'
    )


@fragment()
def rect(x: float, y: float, w: float, h: float, fill: str, stroke: str = "#333", rx: int = 6, extra: str = "") -> str:
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" fill="{fill}" '
        f'stroke="{stroke}" {extra}/>'
    )


@fragment()
def pips(x: float, y: float, values: tuple[int, int, int], radius: float = 4.5) -> str:
    """Three rows of dots, one per ability, coloured by ability."""
    out = []
    for row, amount in enumerate(values):
        cy = y + row * 14
        out.append(text(x, cy + 4, ABILITY_LETTERS[row], 11, ABILITY_COLOURS[row], "bold"))
        for i in range(amount):
            out.append(f'<circle cx="{x + 16 + i * 11:.0f}" cy="{cy:.0f}" r="{radius}" fill="{ABILITY_COLOURS[row]}"/>')
        if amount == 0:
            out.append(text(x + 14, cy + 4, "–", 11, "#999"))
    return "".join(out)


@fragment()
def explorer_card(x: float, y: float, number: int, acted: bool = False, highlight: str | None = None) -> str:
    card = EXPLORERS[number]
    fill = "#e6e2d6" if acted else "#fbf6e4"
    stroke = highlight or "#5a4a2a"
    out = [rect(x, y, 84, 100, fill, stroke, 7, 'stroke-width="2"' if highlight else "")]
    out.append(text(x + 8, y + 18, f"#{number}", 15, "#5a4a2a", "bold"))
    out.append(text(x + 76, y + 18, "acted" if acted else "", 9, "#a33", "bold", "end"))
    out.append(text(x + 8, y + 32, card.name[:13], 9, "#555"))
    out.append(pips(x + 8, y + 50, card.abilities))
    if acted:
        out.append(rect(x, y, 84, 100, "#000", "none", 7, 'fill-opacity="0.12"'))
    return "".join(out)


@fragment()
def card_back(x: float, y: float, label: str, colour: str = "#6b4f2a") -> str:
    out = [rect(x + 4, y + 4, 84, 100, colour, "#2a2010", 7, 'fill-opacity="0.6"')]
    out.append(rect(x, y, 84, 100, colour, "#2a2010", 7))
    out.append(rect(x + 6, y + 6, 72, 88, "none", "#e8d9a8", 5, 'stroke-dasharray="4 3"'))
    out.append(text(x + 42, y + 56, label, 13, "#f5e9c8", "bold", "middle"))
    return "".join(out)


@fragment()
def site_card(x: float, y: float, site: int, width: float = 118) -> str:
    info = SITES[site]
    colour = CONTINENT_COLOURS[info.continent]
    out = [rect(x, y, width, 62, "#fffaf0", colour, 5, 'stroke-width="2"')]
    out.append(rect(x, y, width, 15, colour, colour, 5))
    out.append(text(x + 5, y + 11, info.name[:18], 10, "#fff", "bold"))
    out.append(pips(x + 6, y + 27, info.needs, 3.5))
    out.append(f'<circle cx="{x + width - 17:.0f}" cy="{y + 42:.0f}" r="13" fill="#e8b923" stroke="#8a6d0b"/>')
    out.append(text(x + width - 17, y + 46, str(info.value), 11, "#4a3a05", "bold", "middle"))
    return "".join(out)


@fragment()
def button(x: float, y: float, w: float, label: str, fill: str = "#f2e6c4") -> str:
    return rect(x, y, w, 24, fill, "#6a5528", 12) + text(x + w / 2, y + 16, label, 12, "#3a2a08", "bold", "middle")


@fragment()
def gold_pile(x: float, y: float, amount: int, label: str) -> str:
    coins = min(6, (amount + 9) // 10)
    out = []
    for i in range(coins):
        out.append(
            f'<ellipse cx="{x + 18:.0f}" cy="{y + 30 - i * 4:.0f}" rx="16" ry="7" fill="#e8b923" stroke="#8a6d0b"/>'
        )
    out.append(text(x + 42, y + 22, f"{amount}", 16, "#ffe38a", "bold"))
    out.append(text(x + 42, y + 36, label, 10, "#d8f0e0"))
    return "".join(out)


@fragment()
def titled(inner: str, tip: str) -> str:
    """``inner`` with hover help (an SVG ``<title>``)."""
    return f"<g><title>{escape(tip)}</title>{inner}</g>"


def act(
    canvas: Canvas, action: str | None, inner: str, click_tip: str, tip: str | None = None, otherwise: str = "show"
) -> None:
    """Like ``Canvas.act``, with hover help: ``click_tip`` (what a click does) on a
    click target, else ``tip`` (what the piece is; default the same)."""
    legal = action is not None and action in canvas.legal
    canvas.act(action, inner if legal else titled(inner, tip or click_tip), click_tip, otherwise)


@fragment()
def explorer_tip(number: int) -> str:
    return capitalized(f"{explorer_words(number)}: {abilities_words(EXPLORERS[number].abilities)}")


def render(obs: BayonObservation, legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> str:
    """The observation as an SVG document (a string); ``names`` are the players' names by seat."""
    canvas = Canvas(legal)
    viewer = obs["seat"]
    turn = obs["turn"]
    current = obs["current"]
    acted = set(turn["acted_explorers"])
    over = obs["is_over"]
    row_height = 150
    height = 520 + row_height * len(obs["seats"]) + LEGEND_HEIGHT

    # ---------------------------------------------------------------- header
    canvas.add(text(20, 30, "BAYON", 24, "#f3e2a9", "bold"))
    status = f"Round {obs['round']}  ·  target {obs['target']} gold + sites"
    if over and obs["end_reason"]:
        status += "  ·  game over, " + END_TEXT.get(obs["end_reason"] or "", "")
        status += " · winner " + ", ".join(seat_name(names, w) for w in obs["winners"])
    elif over:  # ended off the board (a resignation, a clock): the page says why
        status += "  ·  game over"
        if obs["winners"]:
            status += " · winner " + ", ".join(seat_name(names, w) for w in obs["winners"])
    else:
        status += f"  ·  {seat_name(names, current)} to move"
    canvas.add(text(130, 30, status[:95], 15, "#ffffff"))
    act(
        canvas,
        "gold",
        f'<g transform="translate(850 4)">{rect(-6, 0, 150, 44, "#174a2f", "#0d2e1c", 10)}'
        f"{gold_pile(0, 2, obs['bank'], 'bank: take 5')}</g>",
        f"The bank: {obs['bank']} gold. Taking {DATA.take_gold} gold is a whole turn.",
    )
    if not over:  # a finished game has no turn to end
        canvas.act("end", button(1030, 14, 160, "End turn"), "End your turn, leaving the other explorers idle", "dim")

    # ------------------------------------------------------------ continents
    who = tuple(names) if names is not None else None
    for c, cont in enumerate(obs["continents"]):
        known = tuple((card["depth"], card["site"], tuple(card["known_by"])) for card in cont["known"][:6])
        expedition = f"expedition {CONTINENTS[c]}"
        clickable = expedition in canvas.legal
        canvas.add(continent(c, cont["name"], cont["stack_size"], cont["cost"], cont["blocked"], known, who, clickable))

    # ------------------------------------------------------------- basecamp
    by = 345
    canvas.add(rect(20, by, 400, 150, "#174a2f", "#0d2e1c", 10))
    canvas.add(text(32, by + 20, "Basecamp", 14, "#f3e2a9", "bold"))
    camp = obs["basecamp"]
    for i, number in enumerate(camp["face_up"]):
        act(
            canvas,
            f"hire {number}",
            explorer_card(32 + i * 94, by + 34, number),
            f"{explorer_tip(number)}. Hire for {DATA.hire_from_basecamp} gold",
            explorer_tip(number),
        )
    if camp["stack_size"]:
        act(
            canvas,
            "hire stack",
            card_back(230, by + 34, f"{camp['stack_size']} left"),
            f"{camp['stack_size']} explorers face down. Hire the top one, unseen, for {DATA.hire_from_basecamp} gold",
        )
    if camp["stack_bottom"]:
        canvas.add(text(330, by + 60, "bottom:", 10, "#cfe3d6"))
        canvas.add(text(330, by + 74, " ".join(f"#{e}" for e in camp["stack_bottom"][-5:]), 10, "#fffbe8"))

    # ------------------------------------------------------------ the step
    sx = 440
    canvas.add(rect(sx, by, 760, 150, "#174a2f", "#0d2e1c", 10))
    step = turn["step"]
    heading = "Game over" if over else {
        "main": "Your turn" if viewer == current else f"{seat_name(names, current)}'s turn",
        "giveup": "Five explorers: give one up",
        "pay": f"Pay for the expedition to {str(turn['expedition']).capitalize()}: {turn['owed']} owed",
        "team": f"Expedition to {str(turn['expedition']).capitalize()}: assemble the team",
        "withdraw": "Success! Choose the participant who withdraws",
        "lose": "Failure: choose the participant you lose",
        "over": "Game over",
    }[step]
    canvas.add(text(sx + 12, by + 22, heading, 14, "#f3e2a9", "bold"))
    if step in ("giveup", "team") and viewer == current and not over:
        canvas.add(
            text(
                sx + 12,
                by + 134 if step == "team" else by + 44,
                "click one of your explorer cards below",
                11,
                "#d8f0e0",
            )
        )
    if over:  # the standings: each seat's wealth, gold plus sites
        winners = " and ".join(seat_name(names, w) for w in obs["winners"])
        if obs["end_reason"]:
            result = f"{winners} won: {END_TEXT.get(obs['end_reason'] or '', '')}"
        else:  # ended off the board
            result = f"{winners} won" if winners else "No winner: the game was stopped"
        canvas.add(text(sx + 12, by + 48, result, 13, "#fffbe8"))
        for i, seat in enumerate(sorted(obs["seats"], key=lambda q: -q["wealth"])):
            worth = seat["wealth"] - seat["gold"]
            line = f"{seat_name(names, seat['seat'])}: wealth {seat['wealth']} = {seat['gold']} gold + {worth} in sites"
            canvas.add(text(sx + 12, by + 70 + i * 18, line, 12, "#d8f0e0"))
    if step == "main" and not over:
        acts = "let each explorer act once (look, expedition, interpreter)"
        plan = acts if turn["hired"] else f"hire one explorer and {acts}"
        if turn["may_take_gold"]:
            plan = f"Take {DATA.take_gold} gold as your whole turn, or {plan}"
        else:
            plan = plan[0].upper() + plan[1:]
        if turn["hired"]:
            plan += " (you have hired this turn)"
        canvas.add(text(sx + 12, by + 44, plan, 11, "#d8f0e0"))
    if turn["revealed"]:
        canvas.add(
            titled(site_card(sx + 12, by + 40, turn["revealed"], 140), "Dug up: " + site_words(turn["revealed"]))
        )
        team = turn["team"]
        totals = [sum(EXPLORERS[e].abilities[i] for e in team) for i in range(3)]
        for i, number in enumerate(team):
            member = (
                f'<g transform="translate({sx + 170 + i * 90} {by + 40}) scale(0.95)">{explorer_card(0, 0, number)}</g>'
            )
            canvas.add(titled(member, explorer_tip(number)))
        canvas.add(
            text(
                sx + 170 + len(team) * 90 + 6,
                by + 70,
                f"team: {totals[0]}·{totals[1]}·{totals[2]}",
                12,
                "#fffbe8",
                "bold",
            )
        )
    if step in ("withdraw", "lose"):
        for i, number in enumerate(turn["team"]):
            canvas.act(
                f"{step} {number}",
                f'<g transform="translate({sx + 170 + i * 90} {by + 40}) scale(0.95)">'
                f"{explorer_card(0, 0, number, highlight='#e8b923')}</g>",
                capitalized(
                    f"{explorer_words(number)} withdraws to the basecamp"
                    if step == "withdraw"
                    else f"lose {explorer_words(number)} to the basecamp"
                ),
            )
    if step == "pay" and not over:
        canvas.act(
            "pay gold",
            button(sx + 600, by + 116, 140, f"Pay {turn['owed']} gold"),
            f"Pay the {turn['owed']} gold still owed",
            "dim",
        )
        canvas.add(text(sx + 12, by + 60, "or click one of your sites: its value pays, without change", 11, "#d8f0e0"))
    if step == "team" and not over:
        canvas.act(
            "team done",
            button(sx + 600, by + 116, 140, "Team done (fails)"),
            "Send the team as it is: the dig fails and you lose a member",
            "dim",
        )

    # -------------------------------------------------------------- players
    for row, seat in enumerate(obs["seats"]):
        s = seat["seat"]
        y = 510 + row * row_height
        mine = s == viewer
        colour = SEAT_COLOURS[s % 4]
        canvas.add(
            rect(
                20,
                y,
                1180,
                row_height - 10,
                "#174a2f",
                colour,
                10,
                'stroke-width="3"' if s == current and not over else "",
            )
        )
        label = seat_name(names, s)[:14] + (" (you)" if mine else "") + (" ★" if s in obs["winners"] else "")
        canvas.add(f'<circle cx="28" cy="{y + 19}" r="5" fill="{colour}"/>')  # the seat's colour mark
        canvas.add(titled(text(38, y + 24, label, 15, colour, "bold"), f"{seat_name(names, s)}, seat {s}"))
        canvas.add(titled(gold_pile(30, y + 34, seat["gold"], "gold"), f"{seat['gold']} gold in hand"))
        tip = f"Wealth {seat['wealth']}: gold plus the values of the sites held; {obs['target']} wins"
        canvas.add(titled(text(34, y + 100, f"wealth {seat['wealth']}", 13, "#fffbe8", "bold"), tip))
        if s == current and not over:
            canvas.add(text(34, y + 118, "to move", 11, colour, "bold"))
        with_chips = s == current and step == "main" and not over
        for i, number in enumerate(seat["explorers"]):
            ex = 150 + i * (150 if with_chips else 100)  # five cards fit beside the sites without chips
            used = s == current and number in acted
            action, tip = explorer_click(s, current, step, number)
            act(canvas, action, explorer_card(ex, y + 10, number, used), tip, explorer_tip(number))
            if with_chips and not used:
                for c in range(5):
                    canvas.act(
                        f"travel {number} {CONTINENTS[c]}",
                        chip(ex + 88, y + 12 + c * 17, ABBREVIATIONS[c], CONTINENT_COLOURS[c], "look"),
                        capitalized(f"send {explorer_words(number)} to {CONTINENTS[c].capitalize()} to look at a site"),
                        "hide",
                    )
                    canvas.act(
                        f"interpreter {number} {CONTINENTS[c]}",
                        chip(ex + 88, y + 12 + c * 17, ABBREVIATIONS[c], CONTINENT_COLOURS[c], "int", 28),
                        capitalized(f"{explorer_words(number)} moves the interpreter to {CONTINENTS[c].capitalize()}"),
                        "hide",
                    )
                canvas.add(text(ex + 101, y + 112, "look", 9, "#d8f0e0", "normal", "middle"))
                canvas.add(text(ex + 129, y + 112, "int.", 9, "#d8f0e0", "normal", "middle"))
        for i, site in enumerate(seat["sites"]):
            sx2 = 760 + (i % 3) * 146
            sy2 = y + 8 + (i // 3) * 66
            if i >= 6:
                canvas.add(text(760, y + row_height - 16, f"+{len(seat['sites']) - 6} more", 11, "#fffbe8"))
                break
            tip = site_words(site)
            act(canvas, f"pay site {site}", site_card(sx2, sy2, site, 140), f"Pay with {tip}; no change is given", tip)

    canvas.add(legend(height - LEGEND_HEIGHT))
    body = "".join(canvas.parts)
    style = (
        "<style>.clickable{cursor:pointer}.clickable:hover>*{filter:brightness(1.12)}"
        "text{font-family:Georgia,'Times New Roman',serif}</style>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}">'
        f"{style}{rect(0, 0, WIDTH, height, FELT, 'none', 0)}{body}</svg>"
    )


@fragment()
def continent(
    c: int,
    name: str,
    stack_size: int,
    cost: int,
    blocked: bool,
    known: tuple[tuple[int, int | None, tuple[int, ...]], ...],
    names: tuple[str, ...] | None,
    expedition_legal: bool,
) -> str:
    """One continent: its stack, cost, interpreter and what the viewer knows of the stack."""
    part = Canvas([f"expedition {CONTINENTS[c]}"] if expedition_legal else [])
    x = 20 + c * 238
    y = 60
    colour = CONTINENT_COLOURS[c]
    tip = f"{name.capitalize()}: {stack_size} sites face down; an expedition costs {cost}"
    part.add(titled(rect(x, y, 226, 268, "#ffffff", colour, 10, 'fill-opacity="0.10" stroke-width="2"'), tip))
    part.add(rect(x, y, 226, 28, colour, colour, 10))
    part.add(text(x + 10, y + 19, name.capitalize(), 15, "#fff", "bold"))
    # the cost shield
    part.add(
        f'<path d="M{x + 186} {y + 4} h30 v14 q0 10 -15 16 q-15 -6 -15 -16 z" fill="#f5e9c8" stroke="#5a4a2a"/>'
    )
    part.add(text(x + 201, y + 21, str(cost), 12, "#3a2a08", "bold", "middle"))
    # the stack of face-down sites
    for i in range(min(stack_size, 5)):
        part.add(rect(x + 12 + i * 2, y + 40 - i * 2, 62, 84, colour, "#222", 5, 'fill-opacity="0.85"'))
    part.add(text(x + 45, y + 140, f"{stack_size} sites", 11, "#e8f4ec", "normal", "middle"))
    if blocked:
        part.add("<g><title>The interpreter: nobody may travel to or dig on this continent</title>")
        part.add(
            rect(
                x + 30,
                y + 62,
                120,
                40,
                "#fff3d6",
                "#a33",
                6,
                f'stroke-width="3" transform="rotate(-8 {x + 90} {y + 82})"',
            )
        )
        part.add(text(x + 90, y + 87, "INTERPRETER", 12, "#a33", "bold", "middle"))
        part.add("</g>")
    # what the viewer knows about positions in the stack
    ky = y + 36
    for depth, site, known_by in known:
        where = "top" if depth == 0 else ("bottom" if depth == stack_size - 1 else f"#{depth + 1}")
        if site is not None:
            info = SITES[site]
            label = f"{where}: {info.name[:12]} {info.needs[0]}·{info.needs[1]}·{info.needs[2]} ({info.value})"
            tip = f"{where} of the stack: {site_words(site)}"
            part.add(titled(text(x + 84, ky + 12, label, 9, "#fffbe8", "bold"), tip))
        else:
            who = ", ".join(seat_name(names, q) for q in known_by)
            tip = f"{where} of the stack: seen by {who}"
            part.add(titled(text(x + 84, ky + 12, f"{where}: seen by {who}"[:28], 9, "#cfe3d6"), tip))
        ky += 14
    part.act(
        f"expedition {CONTINENTS[c]}",
        button(x + 38, y + 232, 150, f"Expedition ({cost})"),
        f"Start an expedition to {name.capitalize()} (costs {cost})",
        "dim",
    )
    return "".join(part.parts)


@fragment()
def chip(x: float, y: float, label: str, colour: str, kind: str, dx: float = 0) -> str:
    """A small labelled token beside an explorer card: 'look' (travel) or 'int' (interpreter)."""
    fill = colour if kind == "look" else "#f5e9c8"
    ink = "#ffffff" if kind == "look" else colour
    return rect(x + dx, y, 26, 14, fill, colour, 4) + text(x + dx + 13, y + 11, label, 9, ink, "bold", "middle")


@fragment()
def explorer_click(seat: int, current: int, step: str, number: int) -> tuple[str | None, str]:
    """What clicking an explorer card of ``seat`` does in this step, and its hover help."""
    tip = explorer_tip(number)
    if seat == current and step == "giveup":
        return f"giveup {number}", f"Give up {explorer_words(number)} to the basecamp"
    if seat == current and step == "team":
        return f"team {number}", f"Add {explorer_words(number)} to the team ({tip})"
    if seat != current:
        return f"hire {number}", f"{tip}. Hire for {DATA.hire_from_player} gold, paid to its owner"
    return None, tip


LEGEND_HEIGHT = 84


@fragment()
def legend(y: float) -> str:
    """What the symbols mean: abilities, the parts of the cards, the chips and the interpreter."""
    out = [rect(20, y, 1180, LEGEND_HEIGHT - 10, "#174a2f", "#0d2e1c", 10)]
    out.append(text(32, y + 20, "Legend", 13, "#f3e2a9", "bold"))
    x = 100
    for i, name in enumerate(("map", "shovel", "microscope")):
        out.append(text(x, y + 20, ABILITY_LETTERS[i], 12, ABILITY_COLOURS[i], "bold"))
        out.append(f'<circle cx="{x + 16}" cy="{y + 16}" r="4.5" fill="{ABILITY_COLOURS[i]}"/>')
        out.append(text(x + 26, y + 20, name, 11, "#fffbe8"))
        x += 110
    out.append(
        text(
            x,
            y + 20,
            "Explorer card: number, name, one dot per point of each ability. "
            "Site card: the points a team needs; the coin is its value.",
            11,
            "#cfe3d6",
        )
    )
    out.append(f'<path d="M32 {y + 32} h22 v10 q0 8 -11 12 q-11 -4 -11 -12 z" fill="#f5e9c8" stroke="#5a4a2a"/>')
    out.append(text(62, y + 46, "expedition cost", 11, "#fffbe8"))
    out.append(rect(170, y + 34, 60, 16, "#fff3d6", "#a33", 3, 'stroke-width="2"'))
    out.append(text(200, y + 46, "INTERP.", 9, "#a33", "bold", "middle"))
    out.append(text(236, y + 46, "interpreter: the continent is blocked", 11, "#fffbe8"))
    out.append(chip(470, y + 35, "AS", CONTINENT_COLOURS[2], "look"))
    out.append(text(502, y + 46, "'look': the explorer travels there and peeks at a site", 11, "#fffbe8"))
    out.append(chip(800, y + 35, "AS", CONTINENT_COLOURS[2], "int"))
    out.append(text(832, y + 46, "'int.': the explorer moves the interpreter there", 11, "#fffbe8"))
    out.append(
        text(
            32,
            y + 66,
            "A dimmed card marked 'acted' has done its one thing this turn. ★ marks a winner.",
            11,
            "#cfe3d6",
        )
    )
    return "".join(out)
