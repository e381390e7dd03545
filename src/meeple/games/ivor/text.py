"""Terminal view of Ivor the Engine, drawn from an observation only."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from meeple.games.ivor.data import DATA, bonus_text, card_name, card_summary

SEAT_STYLES = ("bold red", "bold blue", "bold green", "bold magenta", "bold yellow")
NAMES = {loc.id: loc.name for loc in DATA.locations}
NEIGHBOURS = {
    loc.id: [DATA.locations[n].id for n in DATA.adjacency[loc.index]] for loc in DATA.locations
}
MAIN_A, MAIN_B = (DATA.locations[i].id for i in DATA.main_line)
EVENT_BY_ID = {event.id: event for event in DATA.events}


def _seat(seat: int | None) -> Text:
    if seat is None:
        return Text("")
    return Text(f"P{seat}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def _map_table(obs: dict[str, Any]) -> Table:
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
            _seat(info["wagon"]),
            Text("zZ ") + _seat(info["idris"]) if info["idris"] is not None else Text(""),
            Text(links, style="dim"),
        )
    return table


def _players_table(obs: dict[str, Any]) -> Table:
    table = Table(title="Players", title_justify="left", show_edge=False, pad_edge=False)
    for column in ("seat", "sheep", "gold", "coal", "hand", "jobs", "events", "tokens"):
        table.add_column(column)
    table.add_column("at", no_wrap=True)
    over = obs["is_over"]
    if over:
        table.add_column("final")
    for p in obs["players"]:
        seat = _seat(p["seat"])
        if p["seat"] == obs["ivor"]:
            seat.append(" (Ivor)")
        if p["seat"] == obs["current"] and not over:
            seat.append(" ◀")
        row = [
            seat,
            str(p["sheep"]),
            str(p["gold"]),
            str(p["coal"]),
            str(p["hand_size"]),
            str(len(p["completed"])),
            ", ".join(map(str, p["events"])) or "-",
            str(p["lost_sheep_tokens"]),
            p["location"] or "-",
        ]
        if over:
            row.append(str(p["final_score"]))
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


def render(obs: dict[str, Any]) -> RenderableType:
    seat = obs["seat"]
    status = Text(f"Ivor the Engine — round {obs['round'] + 1}, ", style="bold")
    if obs["is_over"]:
        winners = ", ".join(f"P{w}" for w in obs["winners"])
        status.append(f"game over, won by {winners}")
    else:
        status.append(f"P{obs['current']} to {obs['phase']}")
        if obs["phase"] == "move and play":
            status.append(f" ({obs['moves_left']} free move(s) left)")
    status.append(
        f"\nthe end comes at {obs['sheep_to_end']} sheep"
        + (" — triggered, this round is the last" if obs["end_triggered"] else "")
        + f"; deck {obs['deck_size']}, discards {len(obs['discard'])}; stock: "
        + f"{obs['supply']['gold']} gold, {obs['supply']['coal']} coal, {obs['supply']['idris']} Sleeping Idris",
        style="dim",
    )
    parts: list[RenderableType] = [status, _map_table(obs), _players_table(obs)]
    line = [(c["card"], f" [{c['sheep']} sheep on it]" if c["sheep"] else "") for c in obs["line"]]
    parts.append(_cards("Card line", line))
    if seat is not None:
        hand = obs["players"][seat]["hand"] or []
        parts.append(_cards(f"Your hand (P{seat})", [(c, "") for c in hand]))
    for p in obs["players"]:
        # Taken events are face up; their end bonus is what the player is playing for.
        for card in p["events"]:
            parts.append(Text(f"P{p['seat']} holds event {card} {card_name(card)} "
                              f"(end bonus: {bonus_text(EVENT_BY_ID[card])})", style="dim"))
    for p in obs["players"]:
        if p["seat"] != seat and p["hand_known"]:
            known = ", ".join(f"{c} {card_name(c)}" for c in p["hand_known"])
            parts.append(Text(f"P{p['seat']} is known to hold card(s) {known}", style="dim"))
    return Group(*parts)
