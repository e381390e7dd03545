"""Terminal view of Bayon, drawn from an observation only (never from the state).

Static card faces (an explorer's abilities, a site's needs and value) come from
the public component data; everything that changes comes from the observation.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core import words
from meeple.games.bayon.data import EXPLORERS, SITES, continent_title
from meeple.games.bayon.observe import BayonObservation, TurnObservation
from meeple.games.bayon.teams import minimal_completion

SEAT_COLOURS = ("bright_cyan", "bright_magenta", "bright_green", "bright_yellow")
STEP_TEXT = {
    "giveup": "five explorers: give one up",
    "pay": "pay for the expedition",
    "team": "assemble the team one explorer at a time; it succeeds as soon as it reaches all three "
    "values, 'team done' stops short and the expedition fails",
    "withdraw": "success! choose the participant who withdraws",
    "lose": "failure: choose the participant to lose",
    "over": "the game is over",
}


def main_step_text(turn: TurnObservation) -> str:
    """What the seat may still do in the main step: gold only as the whole turn,
    one hire a turn, then explorers' actions and the end of the turn."""
    choices = (["take gold"] if turn["may_take_gold"] else []) + ([] if turn["hired"] else ["hire"])
    return "choose: " + ", ".join([*choices, "act with an explorer"]) + ", or end the turn"


# Why a game ended, as the views say it (keys: the game's end reasons).
END_TEXT = {
    "target": "a player reached the target",
    "safety_cap": "the round limit ended the game: the richest player wins",
}


def seat_name(seat: int, viewer: int | None, names: Sequence[str] | None = None) -> Text:
    """The seat's player name in the seat's colour ("Alice (you)")."""
    label = words.seat_name(names, seat) + (" (you)" if seat == viewer else "")
    return Text(label, style=f"bold {SEAT_COLOURS[seat % 4]}")


def explorer_text(number: int, acted: bool = False) -> Text:
    m, s, x = EXPLORERS[number].abilities
    style = "dim strike" if acted else "bold"
    text = Text(f"#{number}", style=style)
    text.append(f" {m}·{s}·{x}", style="dim" if acted else "")
    return text


def site_text(site: int, with_continent: bool = False, with_id: bool = False) -> Text:
    info = SITES[site]
    m, s, x = info.needs
    text = Text(f"[{site}] " if with_id else "", style="dim")  # the id is what `pay site N` names
    text.append(info.name, style="bold")
    if with_continent:
        text.append(f" ({continent_title(info.continent)})")
    text.append(f" needs {m}·{s}·{x}", style="")
    text.append(f" worth {info.value}", style="yellow")
    return text


def position_name(depth: int, size: int) -> str:
    if depth == 0:
        return "top"
    if depth == size - 1:
        return "bottom"
    number = depth + 1
    suffix = {2: "nd", 3: "rd"}.get(number, "th")
    return f"{number}{suffix}"


def joined(parts: list[Text], sep: str = ", ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part)
    return out


def team_hint(obs: BayonObservation, viewer: int) -> Text:
    """Whether a successful team can still be formed, and one such team (public facts only)."""
    turn = obs["turn"]
    site = turn["revealed"]
    if site is None:  # no dig under way: nothing to hint
        return Text()
    spent = set(turn["acted_explorers"])
    free = [e for e in obs["seats"][viewer]["explorers"] if e not in spent]
    extra = minimal_completion(turn["team"], free, site)
    if extra is None:
        return Text("\nNo team of your free explorers can succeed here: whoever you send is at risk.", style="dim")
    team = " + ".join(f"#{e}" for e in [*turn["team"], *extra])
    return Text(f"\nA team that succeeds: {team}. Only explorers who keep such a team possible may join.", style="dim")


def render(obs: BayonObservation, legal: list[str] | None = None, *, names: Sequence[str] | None = None) -> Group:
    """The whole table as a rich renderable; ``names`` are the players' names by seat."""
    viewer = obs["seat"]
    name_of = words.seat_name
    turn = obs["turn"]
    acted = set(turn["acted_explorers"])
    fresh = set(turn.get("won_this_turn", []))  # cannot pay for an expedition before the next turn
    current = obs["current"]

    title = Text("Bayon", style="bold")
    title.append(f"  round {obs['round']}", style="")
    if obs["max_rounds"]:
        title.append(f" of at most {obs['max_rounds']}", style="dim")
    title.append(f"  ·  target {obs['target']} (gold + sites)  ·  bank {obs['bank']} gold")
    title.append(f"  ·  interpreter on {obs['interpreter'].capitalize()}", style="bold red")

    continents = Table(title="Continents", title_justify="left")
    knows = "what you know of the stack" if viewer is not None else "what is known of the stack"
    for col in ("continent", "cost", "sites", knows):
        continents.add_column(col)
    for c in obs["continents"]:
        name = Text(c["name"].capitalize(), style="bold")
        if c["blocked"]:
            name.append("  ⛔ interpreter", style="red")
        knowledge = []
        for card in c["known"]:
            where = position_name(card["depth"], c["stack_size"])
            if card["site"] is not None:
                line = Text(f"{where}: ")
                line.append_text(site_text(card["site"]))
            else:
                who = ", ".join(name_of(names, q) for q in card["known_by"])
                line = Text(f"{where}: seen by {who}", style="dim")
            knowledge.append(line)
        continents.add_row(name, str(c["cost"]), str(c["stack_size"]), joined(knowledge, "\n") if knowledge else "")

    camp = obs["basecamp"]
    basecamp = Text("Basecamp: ", style="bold")
    basecamp.append_text(joined([explorer_text(e) for e in camp["face_up"]]) if camp["face_up"] else Text("no face-up"))
    basecamp.append(f"  ·  {camp['stack_size']} face down")
    if camp["stack_bottom"]:
        basecamp.append("  (bottom, seen going under: ")
        basecamp.append_text(joined([Text(f"#{e}") for e in camp["stack_bottom"]]))
        basecamp.append(")")

    seats = Table(title="Players  (abilities map·shovel·microscope)", title_justify="left")
    for col in ("", "gold", "wealth", "explorers", "sites"):
        seats.add_column(col)
    for s in obs["seats"]:
        player = seat_name(s["seat"], viewer, names)
        if s["seat"] == current and not obs["is_over"]:
            player.append(" ◀ to move", style="bold")
        if s["seat"] in obs["winners"]:
            player.append(" ★ winner", style="bold yellow")
        team_here = acted if s["seat"] == current else set()
        explorers = joined([explorer_text(e, e in team_here) for e in s["explorers"]]) if s["explorers"] else "-"
        site_lines = []
        for x in s["sites"]:
            line = site_text(x, with_id=True)
            if x in fresh and s["seat"] == current:
                line.append("  (won this turn: pays from the next turn)", style="dim")
            site_lines.append(line)
        sites = joined(site_lines, "\n") if site_lines else "-"
        seats.add_row(player, str(s["gold"]), str(s["wealth"]), explorers, sites)

    step = Text("Now: " if viewer == current else f"{name_of(names, current)} is to move: ", style="bold")
    step.append(main_step_text(turn) if turn["step"] == "main" else STEP_TEXT[turn["step"]])
    if not obs["is_over"]:
        if turn["may_take_gold"]:
            step.append("  (taking 5 gold is the whole turn)", style="dim")
        if turn["hired"]:
            step.append("  · hired this turn", style="dim")
        if turn["expedition"]:
            step.append(f"\nExpedition to {turn['expedition'].capitalize()}", style="bold")
            if turn["step"] == "pay":
                step.append(f": {turn['owed']} gold still owed")
        if turn["revealed"]:
            step.append("\nRevealed: ")
            step.append_text(site_text(turn["revealed"]))
        if turn["team"]:  # also after the outcome, while a participant is chosen
            totals = [sum(EXPLORERS[e].abilities[i] for e in turn["team"]) for i in range(3)]
            step.append("\nTeam: ")
            step.append_text(joined([explorer_text(e) for e in turn["team"]]))
            step.append(f"  → {totals[0]}·{totals[1]}·{totals[2]}")
        if turn["step"] == "team" and viewer == current:
            step.append_text(team_hint(obs, viewer))
    else:
        step = Text("Game over: ", style="bold")
        step.append(END_TEXT.get(obs["end_reason"] or "", "the game is over") + ". ")
        step.append("Winner: " + ", ".join(name_of(names, w) for w in obs["winners"]) + ".")
        step.append("  Scores: " + ", ".join(f"{name_of(names, i)} {v}" for i, v in enumerate(obs["scores"])))

    return Group(Panel(title), continents, basecamp, seats, Panel(step))
