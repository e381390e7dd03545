"""Terminal view of Ivor the Engine, drawn from an observation only."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.core.words import seat_name
from meeple.games.ivor.actions import MOVE, PHASE_NAMES
from meeple.games.ivor.data import DATA, bonus_text, card_name, card_summary, reward_text
from meeple.games.ivor.observe import IvorObservation, LocationObservation

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold yellow")
NAMES = {loc.id: loc.name for loc in DATA.locations}
NEIGHBOURS = {
    loc.id: [DATA.locations[n].id for n in DATA.adjacency[loc.index]] for loc in DATA.locations
}
MAIN_A, MAIN_B = (DATA.locations[i].id for i in DATA.main_line)
EVENT_BY_ID = {event.id: event for event in DATA.events}
JOB_BY_ID = {job.id: job for job in DATA.jobs}
# Below this width the view is drawn compactly, so that a game fits an 80 x 50 terminal.
WIDE = 120
SHORT_SPECIAL = {
    "extra_moves": "+{n} moves",
    "sleeping_idris": "Sleeping Idris",
    "runaway_sheep": "runaway sheep (up to {n} lines)",
    "extra_card": "+{n} card now",
}


Names = Sequence[str] | None
SHORT_NAME = 6  # characters of a name in a map cell, so that the compact map keeps to 80 columns


def _seat(seat: int | None, names: Names = None, width: int = 14) -> Text:
    """The seat's player name (cut to ``width``) in the seat's colour."""
    if seat is None:
        return Text("")
    return Text(seat_name(names, seat)[:width], style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def _map_table(obs: IvorObservation, names: Names) -> Table:
    table = Table(title="The railway", title_justify="left", show_edge=False, pad_edge=False)
    table.add_column("location", no_wrap=True)
    table.add_column("sheep", justify="right")
    table.add_column("lost", justify="center")
    table.add_column("wagon")
    table.add_column("idris")
    table.add_column("lines to")
    for loc, info in zip(DATA.locations, obs["locations"], strict=True):
        name = Text(loc.id, style="bold" if loc.is_town else "")
        links = ", ".join(NEIGHBOURS[loc.id])
        if loc.id == MAIN_A:
            links += f"; main line to {MAIN_B} (2 coal)"
        elif loc.id == MAIN_B:
            links += f"; main line to {MAIN_A} (2 coal)"
        table.add_row(
            name,
            str(info["sheep"]) if info["sheep"] else "·",
            "?" if info["lost_sheep_token"] else "",
            _seat(info["wagon"], names),
            Text("zZ ") + _seat(info["idris"], names) if info["idris"] is not None else Text(""),
            Text(links, style="dim"),
        )
    return table


def _sheep_cell(info: LocationObservation) -> str:
    return (str(info["sheep"]) if info["sheep"] else "·") + (" ?" if info["lost_sheep_token"] else "  ")


def _here_cell(info: LocationObservation, names: Names) -> Text:
    cell = _seat(info["wagon"], names, SHORT_NAME)
    if info["idris"] is not None:
        cell += Text(" zZ") + _seat(info["idris"], names, SHORT_NAME)
    return cell


def _compact_map(obs: IvorObservation, names: Names) -> RenderableType:
    """The 20 locations in two columns of 10, without their lines; the lines from the
    wagon of the player to move are listed underneath (the move list says the rest)."""
    halves = []
    places = list(zip(DATA.locations, obs["locations"], strict=True))
    for part in (places[:10], places[10:]):
        table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
        table.add_column("location", no_wrap=True)
        table.add_column("sheep", justify="right", no_wrap=True)
        table.add_column("here", no_wrap=True)
        for loc, info in part:
            table.add_row(Text(loc.id, style="bold" if loc.is_town else ""), _sheep_cell(info), _here_cell(info, names))
        halves.append(table)
    grid = Table.grid(padding=(0, 3))
    grid.add_row(*halves)
    notes = [f"bold = town, ? = lost-sheep token; {MAIN_A}: main line to {MAIN_B}, 2 coal"]
    here = obs["players"][obs["current"]]["location"] if not obs["is_over"] else None
    if here is not None:
        who = seat_name(names, obs["current"])[:SHORT_NAME]
        notes.append(f"lines from {here} ({who}): {', '.join(NEIGHBOURS[here])}")
    return Group(Text(notes[0], style="dim"), grid, *(Text(n, style="dim") for n in notes[1:]))


class _ByWidth:
    """``wide`` on a terminal at least ``WIDE`` columns wide, else ``narrow``."""

    def __init__(self, wide: RenderableType, narrow: RenderableType) -> None:
        self.wide, self.narrow = wide, narrow

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterator[RenderableType]:
        yield self.wide if options.max_width >= WIDE else self.narrow


SHORT_BONUS = {
    "flat": "+{n} sheep",
    "per_job_at": "{n} a job at {loc}",
    "per_job": "{n} a job",
    "per_gold": "{n} a gold",
    "per_lost_sheep_token": "{n} a token",
    "per_six_sheep": "{n} per 6 sheep",
}


def _short_bonus(card: int) -> str:
    """An event's end bonus in a few words, for the compact view."""
    event = EVENT_BY_ID[card]
    where = DATA.locations[event.bonus_location].name if event.bonus_location >= 0 else ""
    return SHORT_BONUS[event.bonus].format(n=event.bonus_amount, loc=where)


def _short_summary(card: int) -> str:
    job = JOB_BY_ID.get(card)
    if job is None:  # an event acted when it was drawn: what is left to take is its end bonus
        return f"event {card_name(card)}: end bonus {_short_bonus(card)}"
    special = SHORT_SPECIAL[job.special].format(n=job.amount)
    return f"{DATA.locations[job.location].name}: {reward_text(job)} | or {special}"


def _short_cards(title: str, cards: list[tuple[int, str]]) -> Table:
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False,
                  show_header=False, box=None, padding=(0, 1))
    table.add_column("card", justify="right", no_wrap=True)
    table.add_column("what it does")
    for card, note in cards:
        table.add_row(str(card), _short_summary(card) + note)
    if not cards:
        table.add_row("", "(none)")
    return table


def _card_list(title: str, cards: list[tuple[int, str]]) -> _ByWidth:
    return _ByWidth(_cards(title, cards), _short_cards(title, cards))


def _players_table(obs: IvorObservation, names: Names) -> Table:
    # The seat column stays as narrow as it was with "P0 (Ivor) ◀", so that an 80-column
    # screen keeps the longest location names whole: a name is cut to 8 letters, Ivor is "*".
    table = Table(title="Players (* holds Ivor and plays first)", title_justify="left", show_edge=False, pad_edge=False,
                  box=box.SIMPLE_HEAD, padding=(0, 1), collapse_padding=True)
    table.add_column("seat", no_wrap=True)
    for column in ("sheep", "gold", "coal", "hand", "jobs", "events", "tokens"):
        table.add_column(column, no_wrap=True)
    over = obs["is_over"]
    table.add_column("final" if over else "at", no_wrap=True)  # once over, the score matters, not the wagon
    for p in obs["players"]:
        seat = _seat(p["seat"], names, 8)
        if p["seat"] == obs["ivor"]:
            seat.append("*")
        if p["seat"] == obs["current"] and not over:
            seat.append(" ◀")
        row: list[Text | str] = [
            seat,
            str(p["sheep"]),
            str(p["gold"]),
            str(p["coal"]),
            str(p["hand_size"]),
            str(len(p["completed"])),
            ", ".join(map(str, p["events"])) or "-",
            str(p["lost_sheep_tokens"]),
            str(p["final_score"]) if over else p["location"] or "-",
        ]
        table.add_row(*row)
    return table


def _cards(title: str, cards: list[tuple[int, str]]) -> Table:
    table = Table(title=title, title_justify="left", show_edge=False, pad_edge=False, show_header=False)
    table.add_column("card", justify="right")
    table.add_column("name")
    table.add_column("what it does", style="dim")
    for card, note in cards:
        table.add_row(str(card), card_name(card) + note, card_summary(card))
    if not cards:
        table.add_row("", "(none)", "")
    return table


def render(obs: IvorObservation, legal: list[str] | None = None, *, names: Names = None) -> RenderableType:
    """The table as a rich renderable; ``names`` are the players' names by seat."""
    seat = obs["seat"]
    status = Text(f"Ivor the Engine — round {obs['round'] + 1}, ", style="bold")
    if obs["is_over"]:
        winners = ", ".join(seat_name(names, w) for w in obs["winners"])
        status.append(f"game over, won by {winners}")
    else:
        status.append(f"{seat_name(names, obs['current'])} to {obs['phase']}")
        if obs["phase"] == PHASE_NAMES[MOVE]:
            status.append(f" ({obs['moves_left']} free move(s) left)")
    status.append(
        f"\nthe end comes at {obs['sheep_to_end']} sheep"
        + (" — triggered, this round is the last" if obs["end_triggered"] else "")
        + f"; deck {obs['deck_size']}, discards {len(obs['discard'])}; stock "
        + f"{obs['supply']['gold']} gold, {obs['supply']['coal']} coal, {obs['supply']['idris']} Idris",
        style="dim",
    )
    parts: list[RenderableType] = [status, _ByWidth(_map_table(obs, names), _compact_map(obs, names)),
                                   _players_table(obs, names)]
    main_line = [r for r in obs["routes"] if r["main_line"]]
    if main_line:  # a route that rides the main line costs 2 coal more but keeps free moves
        parts.append(Text("by the main line: " + "; ".join(
            f"{r['action']} ({r['lines']} line(s) besides)" for r in main_line), style="dim"))
    line = [(c["card"], f" [{c['sheep']} sheep on it]" if c["sheep"] else "") for c in obs["line"]]
    parts.append(_card_list("Card line", line))
    if seat is not None:
        hand = obs["players"][seat]["hand"] or []
        parts.append(_card_list(f"Your hand ({seat_name(names, seat)})", [(c, "") for c in hand]))
    for p in obs["players"]:
        # Taken events are face up; their end bonus is what the player is playing for.
        if p["events"]:
            who = seat_name(names, p["seat"])
            wide = [Text(f"{who} holds event {card} {card_name(card)} "
                         f"(end bonus: {bonus_text(EVENT_BY_ID[card])})", style="dim") for card in p["events"]]
            brief = ", ".join(f"{card} ({_short_bonus(card)})" for card in p["events"])
            parts.append(_ByWidth(Group(*wide), Text(f"{who}'s events, end bonus: {brief}", style="dim")))
    for p in obs["players"]:
        if p["seat"] != seat and p["hand_known"]:
            known = ", ".join(f"{c} {card_name(c)}" for c in p["hand_known"])
            brief = "jobs at " + ", ".join(DATA.locations[JOB_BY_ID[c].location].name for c in p["hand_known"])
            who = seat_name(names, p["seat"])
            parts.append(_ByWidth(Text(f"{who} is known to hold card(s) {known}", style="dim"),
                                  Text(f"{who} is known to hold {brief}", style="dim")))
    return Group(*parts)
