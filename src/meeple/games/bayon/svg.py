"""SVG view of Bayon, drawn from an observation only.

The table, top to bottom: the round, the bank and the end-turn button; the five
continents, one row each with its stack of sites laid out top first and what
each seat has located in it (:mod:`svg_stacks`); the basecamp beside the step
under way (your explorers' jobs as a table of continents, the dug-up site
against the team, the standings); one row per player (gold, wealth, explorer
cards, sites); a short legend. It is drawn at the size it is shown at the
page's default fit, every text at least ``SMALL`` pixels (:mod:`svg_parts`).

Every element a legal action points at carries ``data-action`` with the
action's notation and the class ``clickable``: explorer cards (hire, give up,
join the team, withdraw, lose), the face-down pile (hire stack), the bank
(take gold), site cards (pay with a site), the look and interpreter buttons of
the jobs table (travel / move the interpreter), the expedition button of each
continent, and buttons for pay gold, team done and end of turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core.svg import Canvas, fragment, short_name
from meeple.core.words import seat_name
from meeple.games.bayon.data import CONTINENTS, DATA, SITES
from meeple.games.bayon.observe import BayonObservation, SeatObservation
from meeple.games.bayon.svg_parts import (
    ABILITY_COLOURS,
    BODY,
    CONTINENT_COLOURS,
    EXPLORER_H,
    EXPLORER_W,
    FELT,
    GOLDEN,
    INK_LIGHT,
    INK_SOFT,
    SEAT_COLOURS,
    SITE_H,
    SITE_W,
    SMALL,
    WIDTH,
    act,
    badges,
    button,
    card_back,
    coin,
    coins,
    explorer_card,
    explorer_tip,
    gold_pile,
    panel,
    rect,
    site_card,
    text,
    titled,
)
from meeple.games.bayon.svg_stacks import ROW_STEP, continent_row, stacks_header, stacks_height
from meeple.games.bayon.text import END_TEXT
from meeple.games.bayon.words import ABILITY_NAMES, capitalized, explorer_words, site_words, team_totals

TOP_H = 46
STACKS_Y = TOP_H + 4
MIDDLE_H = 140
STEP_X, STEP_W = 350, WIDTH - 360  # the step panel, right of the basecamp
SEAT_X = 188  # where a player's explorer cards start
EXPLORER_STEP = EXPLORER_W + 8
SITE_STEP_X, SITE_STEP_Y = SITE_W + 4, SITE_H + 4
LEGEND_H = 52
NAME_LIMIT = 15  # a player's name beside their row, at 14 px bold
YOU_LIMIT = 10  # the same with " (you)" after it
STATUS_NAME_LIMIT = 16


def render(obs: BayonObservation, legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> str:
    """The observation as an SVG document (a string); ``names`` are the players' names by seat."""
    canvas = Canvas(legal)
    middle_y = STACKS_Y + stacks_height() + 6
    seats_y = middle_y + MIDDLE_H + 8
    rows = seat_order(obs)
    heights = [seat_height(len(seat["explorers"]), len(seat["sites"])) for seat in rows]
    height = seats_y + sum(h + 8 for h in heights) + LEGEND_H

    header(canvas, obs, names)
    who = tuple(names) if names is not None else None
    canvas.add(stacks_header(STACKS_Y))
    for c, cont in enumerate(obs["continents"]):
        known = tuple((card["depth"], card["site"], tuple(card["known_by"])) for card in cont["known"])
        row = continent_row(
            c,
            STACKS_Y + 20 + c * ROW_STEP,
            cont["stack_size"],
            cont["cost"],
            cont["blocked"],
            known,
            who if known else None,  # names and viewer matter only to a stack someone has looked into
            obs["seat"] if known else None,
            len(obs["seats"]),
            f"expedition {CONTINENTS[c]}" in canvas.legal,
        )
        canvas.add(row)
    basecamp(canvas, obs, middle_y)
    step_panel(canvas, obs, names, middle_y)
    y = seats_y
    for seat, row_height in zip(rows, heights, strict=True):
        seat_row(canvas, obs, names, seat, y, row_height)
        y += row_height + 8
    canvas.add(legend(height - LEGEND_H))
    body = "".join(canvas.parts)
    style = (
        "<style>.clickable{cursor:pointer}.clickable:hover>*{filter:brightness(1.12)}"
        "text{font-family:Georgia,'Times New Roman',serif}</style>"
    )
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}">'
        f"{style}{rect(0, 0, WIDTH, height, FELT, 'none', 0)}{body}</svg>"
    )


def seat_order(obs: BayonObservation) -> list[SeatObservation]:
    """The players' rows: the viewer's first, then the others in turn order (a spectator: by seat)."""
    seats = obs["seats"]
    first = obs["seat"] or 0
    return seats[first:] + seats[:first]


def header(canvas: Canvas, obs: BayonObservation, names: Sequence[str] | None) -> None:
    """The round, what wins, whose move it is; the bank and the end-turn button."""
    canvas.add(text(12, 30, "BAYON", 21, GOLDEN, "bold"))
    status = f"Round {obs['round']}  ·  {obs['target']} wealth wins  ·  "
    if obs["is_over"]:
        status += "game over"
    else:
        status += f"{short_name(seat_name(names, obs['current']), STATUS_NAME_LIMIT)} to move"
    canvas.add(text(104, 29, status, 15, "#ffffff"))
    bank = obs["bank"]
    inner = (
        panel(596, 5, 184, 36)
        + coins(602, 5, min(bank, 60))
        + text(638, 20, f"Bank: {bank} gold", 14, "#ffe38a", "bold")
    )
    inner += text(638, 35, f"take {DATA.take_gold}: a whole turn", SMALL, INK_SOFT)
    act(
        canvas,
        "gold",
        inner,
        f"Take {DATA.take_gold} gold from the bank ({bank} left): that is your whole turn",
        f"The bank: {bank} gold. Taking {DATA.take_gold} gold is a whole turn.",
    )
    if not obs["is_over"]:  # a finished game has no turn to end
        canvas.act(
            "end",
            button(794, 9, 144, "End turn", h=28),
            "End your turn, leaving the other explorers idle",
            "dim",
        )


def basecamp(canvas: Canvas, obs: BayonObservation, y: float) -> None:
    """The explorers for hire: two face up, the face-down pile, and those known to lie under it."""
    camp = obs["basecamp"]
    canvas.add(panel(10, y, 332, MIDDLE_H))
    canvas.add(text(22, y + 20, "Basecamp", 15, GOLDEN, "bold"))
    canvas.add(text(330, y + 20, f"hire for {DATA.hire_from_basecamp} gold", SMALL, INK_SOFT, "normal", "end"))
    for i, number in enumerate(camp["face_up"]):
        act(
            canvas,
            f"hire {number}",
            explorer_card(22 + i * EXPLORER_STEP, y + 30, number),
            f"{explorer_tip(number)}. Hire for {DATA.hire_from_basecamp} gold",
            explorer_tip(number),
        )
    if camp["stack_size"]:
        act(
            canvas,
            "hire stack",
            card_back(22 + 2 * EXPLORER_STEP, y + 30, f"{camp['stack_size']} left"),
            f"{camp['stack_size']} explorers face down. Hire the top one, unseen, for {DATA.hire_from_basecamp} gold",
        )
    if camp["stack_bottom"]:
        under = ", ".join(f"#{e}" for e in camp["stack_bottom"])
        tip = "Explorers given back go under the pile face up: these lie at its bottom, in this order"
        canvas.add(titled(text(22, y + 133, f"Under the pile: {under}", SMALL, INK_SOFT), tip))


def step_panel(canvas: Canvas, obs: BayonObservation, names: Sequence[str] | None, y: float) -> None:
    """The step under way: the turn's jobs, a payment, a dig, or the standings."""
    x = STEP_X
    turn = obs["turn"]
    step = "over" if obs["is_over"] else turn["step"]
    mine = obs["seat"] == obs["current"] and not obs["is_over"]
    current = short_name(seat_name(names, obs["current"]), STATUS_NAME_LIMIT)
    place = str(turn["expedition"]).capitalize()
    canvas.add(panel(x, y, STEP_W, MIDDLE_H))
    heading = {
        "main": "Your turn" if mine else f"{current}'s turn",
        "giveup": "Five explorers: give one up",
        "pay": f"Expedition to {place}: {turn['owed']} gold still to pay",
        "team": f"Expedition to {place}: assemble the team",
        "withdraw": "Success! Choose the team member who withdraws",
        "lose": "Failure: choose the team member you lose",
        "over": "Game over",
    }[step]
    canvas.add(text(x + 12, y + 21, heading, 15, GOLDEN, "bold"))
    if step == "over":
        standings(canvas, obs, names, x, y)
    elif step == "main":
        main_step(canvas, obs, mine, x, y)
    elif step == "giveup" and mine:
        canvas.add(text(x + 12, y + 44, "Click one of your explorer cards below:", BODY, INK_SOFT))
        canvas.add(text(x + 12, y + 62, "it goes back to the basecamp.", BODY, INK_SOFT))
    elif step == "pay":
        owed = turn["owed"]
        canvas.act(
            "pay gold", button(x + 12, y + 34, 150, f"Pay {owed} gold"), f"Pay the {owed} gold still owed", "hide"
        )
        if mine:
            canvas.add(
                text(x + 12, y + 82, "or click one of your sites below: it pays its full value,", BODY, INK_SOFT)
            )
            canvas.add(text(x + 12, y + 100, "and no change is given.", BODY, INK_SOFT))
    elif step in ("team", "withdraw", "lose"):
        dig(canvas, obs, mine, x, y)


def main_step(canvas: Canvas, obs: BayonObservation, mine: bool, x: float, y: float) -> None:
    """The turn's plan, and for the player to move a table of their free explorers' jobs."""
    turn = obs["turn"]
    acts = "let each explorer act once (look, expedition, interpreter)"
    plan = acts if turn["hired"] else f"hire one explorer and {acts}"
    if turn["may_take_gold"]:
        plan = f"Take {DATA.take_gold} gold as the whole turn, or {plan}"
    else:
        plan = capitalized(plan)
    if turn["hired"]:
        plan += " (the hire is done)"
    short = "take gold, or " if turn["may_take_gold"] else ""
    short += "use each explorer once" if turn["hired"] else "hire once and use each explorer once"
    canvas.add(titled(text(x + (110 if mine else 230), y + 21, short, BODY, INK_SOFT), plan))
    if not mine:
        return
    hand = obs["seats"][obs["current"]]["explorers"]
    jobs = tuple(
        action
        for number in hand
        for name in CONTINENTS
        for action in (f"travel {number} {name}", f"interpreter {number} {name}")
        if action in canvas.legal
    )
    if jobs:
        canvas.add(jobs_table(x, y, tuple(hand), jobs))


@fragment()
def jobs_table(x: float, y: float, hand: tuple[int, ...], jobs: tuple[str, ...]) -> str:
    """A row per explorer with a job open: under each continent, 'look' (travel there) and
    'interp.' (move the interpreter there), each drawn only where ``jobs`` has it."""
    table = Canvas(list(jobs))
    rows = [number for number in hand if any(job.split()[1] == str(number) for job in jobs)]
    table.add(text(x + 12, y + 43, "explorer", SMALL, INK_SOFT))
    for c, name in enumerate(CONTINENTS):
        cx = x + 74 + c * 102
        table.add(rect(cx, y + 31, 96, 16, CONTINENT_COLOURS[c], "none", 4))
        table.add(text(cx + 48, y + 43, name.capitalize(), SMALL, "#ffffff", "bold", "middle"))
    for i, number in enumerate(rows):
        ry = y + 52 + i * 21
        table.add(titled(text(x + 14, ry + 14, f"#{number}", BODY, INK_LIGHT, "bold"), explorer_tip(number)))
        who = explorer_words(number)
        for c, name in enumerate(CONTINENTS):
            cx = x + 74 + c * 102
            table.act(
                f"travel {number} {name}",
                job_button(cx, ry, 40, "look", CONTINENT_COLOURS[c], "#ffffff"),
                capitalized(f"send {who} to {name.capitalize()} to look at a site"),
                "hide",
            )
            table.act(
                f"interpreter {number} {name}",
                job_button(cx + 44, ry, 52, "interp.", "#f5e9c8", CONTINENT_COLOURS[c]),
                capitalized(f"{who} moves the interpreter to {name.capitalize()}"),
                "hide",
            )
    return "".join(table.parts)


@fragment()
def job_button(x: float, y: float, w: float, label: str, fill: str, ink: str) -> str:
    return rect(x, y, w, 18, fill, "#6a5528", 5) + text(x + w / 2, y + 13.5, label, SMALL, ink, "bold", "middle")


def dig(canvas: Canvas, obs: BayonObservation, mine: bool, x: float, y: float) -> None:
    """The dug-up site beside what the team brings, ability by ability."""
    turn = obs["turn"]
    site = turn["revealed"]
    step = turn["step"]
    if site:
        canvas.add(titled(site_card(x + 12, y + 34, site), "Dug up: " + site_words(site)))
        needs = SITES[site].needs
        totals = team_totals(turn["team"])
        canvas.add(text(x + 146, y + 62, "the site needs", SMALL, INK_SOFT))
        canvas.add(text(x + 146, y + 80, "the team has", SMALL, INK_SOFT))
        for i, ability in enumerate(ABILITY_NAMES):
            cx = x + 280 + i * 88
            canvas.add(text(cx + 5, y + 44, ability, SMALL, "#ffffff", "bold", "middle"))
            left = cx - 3.5 * len(ability) - 3
            canvas.add(f'<circle cx="{left:.0f}" cy="{y + 40:.0f}" r="4" fill="{ABILITY_COLOURS[i]}"/>')
            canvas.add(text(cx, y + 62, str(needs[i]), BODY, INK_LIGHT, "bold", "middle"))
            ink = "#9be39b" if totals[i] >= needs[i] else "#ff9b8a"
            canvas.add(text(cx, y + 80, str(totals[i]), BODY, ink, "bold", "middle"))
    members = ", ".join(f"#{e}" for e in turn["team"]) or "nobody yet"
    canvas.add(text(x + 12, y + 104, f"Team: {members}", BODY, INK_LIGHT))
    if mine:
        hint = {
            "team": "Click your free explorers below to add them to the team.",
            "withdraw": "Click the team member (below) who goes back to the basecamp.",
            "lose": "Click the team member (below) you lose to the basecamp.",
        }[step]
        canvas.add(text(x + 12, y + 124, hint, BODY, INK_SOFT))
    if step == "team":
        canvas.act(
            "team done",
            button(x + STEP_W - 168, y + 92, 156, "Team done (fails)"),
            "Send the team as it is: the dig fails and you lose a member",
            "hide",
        )


def standings(canvas: Canvas, obs: BayonObservation, names: Sequence[str] | None, x: float, y: float) -> None:
    """Who won and why, and each seat's wealth: gold plus sites."""
    winners = " and ".join(short_name(seat_name(names, w), STATUS_NAME_LIMIT) for w in obs["winners"])
    if obs["end_reason"]:
        lines = [f"{winners} won: {END_TEXT.get(obs['end_reason'] or '', '')}"]
    else:  # ended off the board: the page says why
        lines = [f"{winners} won" if winners else "No winner: the game was stopped"]
    if len(lines[0]) > 72:
        lines = [part + (":" if i == 0 else "") for i, part in enumerate(lines[0].split(": ", 1))]
    for i, line in enumerate(lines):
        canvas.add(text(x + 12, y + 42 + i * 17, line, BODY, INK_LIGHT))
    top = y + 44 + len(lines) * 17
    for i, seat in enumerate(sorted(obs["seats"], key=lambda q: -q["wealth"])):
        worth = seat["wealth"] - seat["gold"]
        who = short_name(seat_name(names, seat["seat"]), STATUS_NAME_LIMIT)
        line = f"{who}: wealth {seat['wealth']} = {seat['gold']} gold + {worth} in sites"
        canvas.add(text(x + 12, top + i * 17, line, BODY, INK_SOFT))


def site_columns(explorers: int) -> tuple[float, int]:
    """Where a player's sites start, and how many fit across, after ``explorers`` cards."""
    start = SEAT_X + max(explorers, 1) * EXPLORER_STEP + 4
    return start, max(1, int((WIDTH - 10 - start + 4) // SITE_STEP_X))


def seat_height(explorers: int, sites: int) -> int:
    """A player's row: their explorer cards, or their sites in as many lines as they need."""
    _, columns = site_columns(explorers)
    lines = -(-sites // columns)
    return max(EXPLORER_H + 14, 12 + lines * SITE_STEP_Y)


def seat_row(
    canvas: Canvas, obs: BayonObservation, names: Sequence[str] | None, seat: SeatObservation, y: float, height: float
) -> None:
    """One player: name, gold and wealth; explorer cards; sites."""
    s = seat["seat"]
    turn = obs["turn"]
    over = obs["is_over"]
    current = obs["current"]
    step = turn["step"]
    colour = SEAT_COLOURS[s % 4]
    marked = 'stroke-width="3"' if s == current and not over else ""
    canvas.add(rect(10, y, WIDTH - 20, height, "#174a2f", colour, 10, marked))
    name = seat_name(names, s)
    you = s == obs["seat"]
    label = short_name(name, YOU_LIMIT if you else NAME_LIMIT) + (" (you)" if you else "")
    label += " ★" if s in obs["winners"] else ""
    canvas.add(f'<circle cx="28" cy="{y + 19}" r="5" fill="{colour}"/>')  # the seat's colour mark
    canvas.add(titled(text(38, y + 24, label, 14, colour, "bold"), f"{name}, seat {s}"))
    canvas.add(titled(gold_pile(22, y + 28, seat["gold"], "gold"), f"{seat['gold']} gold in hand"))
    tip = f"Wealth {seat['wealth']}: gold plus the values of the sites held; {obs['target']} wins"
    canvas.add(titled(text(24, y + 76, f"wealth {seat['wealth']}", 14, INK_LIGHT, "bold"), tip))
    if s == current and not over:
        canvas.add(text(24, y + 94, "to move", SMALL, colour, "bold"))
    acted = set(turn["acted_explorers"])
    team = set(turn["team"]) if s == current else set()
    for i, number in enumerate(seat["explorers"]):
        used = s == current and number in acted
        action, click_tip = explorer_click(s, current, step, number, number in team)
        highlight = "#e8b923" if number in team and step in ("team", "withdraw", "lose") else None
        card = explorer_card(SEAT_X + i * EXPLORER_STEP, y + 8, number, used, highlight)
        act(canvas, action, card, click_tip, explorer_tip(number))
    start, columns = site_columns(len(seat["explorers"]))
    won = set(turn["won_this_turn"])
    for i, site in enumerate(seat["sites"]):
        sx = start + (i % columns) * SITE_STEP_X
        sy = y + 8 + (i // columns) * SITE_STEP_Y
        tip = site_words(site)
        fresh = site in won
        shown = site_card(sx, sy, site, faded=fresh)
        if fresh:
            tip += "; won this turn, it cannot pay before the next turn"
        act(canvas, f"pay site {site}", shown, f"Pay with {tip}; no change is given", tip)


@fragment()
def explorer_click(seat: int, current: int, step: str, number: int, in_team: bool) -> tuple[str | None, str]:
    """What clicking an explorer card of ``seat`` does in this step, and its hover help."""
    tip = explorer_tip(number)
    if seat == current and step == "giveup":
        return f"giveup {number}", f"Give up {explorer_words(number)} to the basecamp"
    if seat == current and step == "team":
        return f"team {number}", f"Add {explorer_words(number)} to the team ({tip})"
    if seat == current and step == "withdraw" and in_team:
        return f"withdraw {number}", capitalized(f"{explorer_words(number)} withdraws to the basecamp")
    if seat == current and step == "lose" and in_team:
        return f"lose {number}", capitalized(f"lose {explorer_words(number)} to the basecamp")
    if seat != current:
        return f"hire {number}", f"{tip}. Hire for {DATA.hire_from_player} gold, paid to its owner"
    return None, tip


@fragment()
def legend(y: float) -> str:
    """What the marks mean: the abilities, a site's badges and coin, the cost shield, 'acted'."""
    out = [panel(10, y, WIDTH - 20, LEGEND_H - 8)]
    out.append(text(22, y + 18, "Legend", 14, GOLDEN, "bold"))
    x = 90
    for i, name in enumerate(ABILITY_NAMES):
        out.append(f'<circle cx="{x + 5}" cy="{y + 14}" r="4" fill="{ABILITY_COLOURS[i]}"/>')
        out.append(text(x + 13, y + 18, name, SMALL, INK_LIGHT))
        x += 26 + len(name) * 7
    out.append(badges(x + 6, y + 5, (3, 0, 1), 26))
    out.append(text(x + 94, y + 18, "a site needs map 3, shovel 0, microscope 1", SMALL, INK_LIGHT))
    out.append(coin(WIDTH - 150, y + 13, 45, 10))
    out.append(text(WIDTH - 136, y + 18, "its worth in gold", SMALL, INK_LIGHT))
    out.append(f'<path d="M22 {y + 25} h20 v9 q0 7 -10 11 q-10 -4 -10 -11 z" fill="#f5e9c8" stroke="#5a4a2a"/>')
    out.append(text(48, y + 37, "expedition cost", SMALL, INK_LIGHT))
    out.append(text(160, y + 37, "'acted': the explorer has done its one job this turn", SMALL, INK_LIGHT))
    out.append(text(500, y + 37, "★ a winner", SMALL, INK_LIGHT))
    out.append(text(600, y + 37, "Hover over anything for its details.", SMALL, INK_SOFT))
    return "".join(out)
