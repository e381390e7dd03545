"""Ivor the Engine: what each event card does when it is revealed, and what it is
worth at the end. One small function per kind of effect and of bonus; the kinds
and their numbers come from ``data.json``."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.games.ivor.data import DATA, Event

if TYPE_CHECKING:
    from meeple.games.ivor.rules import IvorState

N_LOCS = len(DATA.locations)
TOWN = tuple(loc.is_town for loc in DATA.locations)
IDRIS_TOKENS: int = DATA.components["sleeping_idris_tokens"]
JOB_LOC = {job.id: job.location for job in DATA.jobs}
EVENTS: dict[int, Event] = {event.id: event for event in DATA.events}


# ------------------------------------------------------------- effects
# Each takes the state, the event and the seats in turn order from the player
# whose refill revealed it (who goes first where a short stock is shared).
def _everyone_gains_sheep(state: IvorState, ev: Event, order: list[int]) -> None:
    for s in order:
        state.gain_sheep(s, ev.effect_amount)


def _everyone_gains_coal(state: IvorState, ev: Event, order: list[int]) -> None:
    for s in order:
        got = min(ev.effect_amount, state.supply_coal)
        state.coal[s] += got
        state.supply_coal -= got


def _sheep_to_towns(state: IvorState, ev: Event, order: list[int]) -> None:
    for i in range(N_LOCS):
        if TOWN[i]:
            state.loc_sheep[i] += ev.effect_amount


def _sheep_to_location(state: IvorState, ev: Event, order: list[int]) -> None:
    state.loc_sheep[ev.effect_location] += ev.effect_amount


def _poorest_gain_gold(state: IvorState, ev: Event, order: list[int]) -> None:
    least = min(state.gold)
    for s in order:
        if state.gold[s] == least:
            got = min(ev.effect_amount, state.supply_gold)
            state.gold[s] += got
            state.supply_gold -= got


def _idris_wakes(state: IvorState, ev: Event, order: list[int]) -> None:
    state.idris_at = [-1] * N_LOCS
    state.idris_free = IDRIS_TOKENS
    state.loc_sheep[ev.effect_location] += ev.effect_amount


def _leaders_lose_sheep(state: IvorState, ev: Event, order: list[int]) -> None:
    most = max(state.sheep)
    if most > 0:
        for s in order:
            if state.sheep[s] == most:
                state.sheep[s] -= min(ev.effect_amount, state.sheep[s])


def _sheep_to_empty_villages(state: IvorState, ev: Event, order: list[int]) -> None:
    for i in range(N_LOCS):
        if not TOWN[i] and state.loc_sheep[i] == 0:
            state.loc_sheep[i] += ev.effect_amount


def _coal_returned(state: IvorState, ev: Event, order: list[int]) -> None:
    for s in order:
        if state.coal[s] > ev.effect_above:
            lost = min(ev.effect_amount, state.coal[s] - ev.effect_above)
            state.coal[s] -= lost
            state.supply_coal += lost


def _sheep_leave_crowds(state: IvorState, ev: Event, order: list[int]) -> None:
    for i in range(N_LOCS):
        if state.loc_sheep[i] >= ev.effect_above:
            state.loc_sheep[i] -= ev.effect_amount


def _sheep_to_token_locations(state: IvorState, ev: Event, order: list[int]) -> None:
    for i in range(N_LOCS):
        if state.loc_token[i]:
            state.loc_sheep[i] += ev.effect_amount


EFFECTS: dict[str, Callable[[IvorState, Event, list[int]], None]] = {
    "everyone_gains_sheep": _everyone_gains_sheep,
    "everyone_gains_coal": _everyone_gains_coal,
    "sheep_to_towns": _sheep_to_towns,
    "sheep_to_location": _sheep_to_location,
    "poorest_gain_gold": _poorest_gain_gold,
    "idris_wakes": _idris_wakes,
    "leaders_lose_sheep": _leaders_lose_sheep,
    "sheep_to_empty_villages": _sheep_to_empty_villages,
    "coal_returned": _coal_returned,
    "sheep_leave_crowds": _sheep_leave_crowds,
    "sheep_to_token_locations": _sheep_to_token_locations,
}


def reveal(state: IvorState, ev: Event) -> None:
    """Carry out ``ev``'s effect on ``state`` (its refill revealed it)."""
    order = [(state.current + k) % state.players for k in range(state.players)]
    EFFECTS[ev.effect](state, ev, order)


# ------------------------------------------------------------- end bonuses
# Each takes the event and the player's (gold, completed jobs, lost-sheep tokens).
BONUSES: dict[str, Callable[[Event, int, list[int], int], int]] = {
    "flat": lambda ev, gold, jobs, tokens: ev.bonus_amount,
    "per_job_at": lambda ev, gold, jobs, tokens: ev.bonus_amount * sum(
        1 for j in jobs if JOB_LOC[j] == ev.bonus_location
    ),
    "per_job": lambda ev, gold, jobs, tokens: ev.bonus_amount * len(jobs),
    "per_gold": lambda ev, gold, jobs, tokens: ev.bonus_amount * gold,
    "per_lost_sheep_token": lambda ev, gold, jobs, tokens: ev.bonus_amount * tokens,
}
LAST_BONUS = "per_six_sheep"  # counted on the total after every other bonus


def final_score(sheep: int, gold: int, jobs: list[int], events: list[int], tokens: int) -> int:
    """Sheep after the end-game bonuses: 1 a gold, then every event bonus, the set-of-6 bonus last."""
    total = sheep + gold
    last: list[Event] = []
    for card in events:
        ev = EVENTS[card]
        if ev.bonus == LAST_BONUS:
            last.append(ev)
        else:
            total += BONUSES[ev.bonus](ev, gold, jobs, tokens)
    for ev in last:
        total += ev.bonus_amount * (total // 6)
    return total
