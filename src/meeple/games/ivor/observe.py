"""Ivor the Engine: what each seat sees, and worlds a seat cannot tell from the real one.

Hands are private except the cards every player saw taken from the card line;
the deck order and the events put back in the box are in no observation. The
numbers on face-down lost-sheep tokens are not listed either, though every seat
saw them at set-up (they have no effect after it); determinize keeps them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core.rng import Random
from meeple.games.ivor.data import DATA
from meeple.games.ivor.routes import cost

if TYPE_CHECKING:
    from meeple.games.ivor.rules import IvorState

LOCS = DATA.locations
N_LOCS = len(LOCS)
N_JOBS = len(DATA.jobs)


def _player(state: IvorState, s: int, seat: int | None) -> dict[str, Any]:
    return {
        "seat": s,
        "sheep": state.sheep[s],
        "gold": state.gold[s],
        "coal": state.coal[s],
        "location": LOCS[state.pos[s]].id if state.pos[s] >= 0 else None,
        "hand_size": len(state.hands[s]),
        "hand": state.hands[s].copy() if s == seat else None,
        "hand_known": state.known[s].copy(),
        "completed": state.completed[s].copy(),
        "events": state.events_taken[s].copy(),
        "lost_sheep_tokens": state.tokens[s],
        "final_score": state.final[s] if state.final is not None else None,
    }


def route_list(state: IvorState) -> list[dict[str, Any]]:
    """The moves the seat to move may make now, with what each costs (public facts)."""
    if not state.in_move_step:
        return []
    free = state.moves_left
    out = []
    for dest, options in sorted(state.move_options().items()):
        for steps, spend in options:
            out.append({
                "action": f"move {LOCS[dest].id} {spend} coal",
                "to": LOCS[dest].id,
                "lines": steps,
                "free_moves": min(steps, free),
                "coal": spend,
                "main_line": spend != cost(steps, free, False),
            })
    return out


def observation(state: IvorState, seat: int | None, phase_name: str) -> dict[str, Any]:
    obs = state.base_observation(seat)
    obs.update(
        {
            "phase": phase_name,
            "current": state.current,
            "ivor": 0,
            "round": state.round,
            "sheep_to_end": state.target,
            "end_triggered": state.end_triggered,
            "locations": [
                {
                    "id": loc.id,
                    "sheep": state.loc_sheep[loc.index],
                    "lost_sheep_token": state.loc_token[loc.index] > 0,
                    "wagon": state.wagon_at[loc.index] if state.wagon_at[loc.index] >= 0 else None,
                    "idris": state.idris_at[loc.index] if state.idris_at[loc.index] >= 0 else None,
                }
                for loc in LOCS
            ],
            "players": [_player(state, s, seat) for s in range(state.players)],
            "line": [{"card": c, "sheep": n} for c, n in zip(state.line, state.line_sheep, strict=True)],
            "deck_size": len(state.deck),
            "discard": state.discard.copy(),
            "events_removed": len(state.removed),
            "supply": {"gold": state.supply_gold, "coal": state.supply_coal, "idris": state.idris_free},
            "moves_left": state.moves_left,
            "routes": route_list(state),
            "jobs_done_at": [LOCS[i].id for i in range(N_LOCS) if state.jobs_here >> i & 1],
        }
    )
    return obs


def redeal(state: IvorState, new: IvorState, seat: int, rng: Random) -> None:
    """Re-deal into ``new`` (a clone of ``state``) what ``seat`` cannot know: the other
    hands' unseen cards, the deck order and which events went back in the box.

    Every pool is sorted before it is shuffled, so the result depends only on what
    the seat knows (two worlds it cannot tell apart give the same copy). Cards never
    seen face up are the other players' cards from the first deal and, until the
    first reshuffle, the deck and the events left in the box. After a reshuffle the
    deck is the old discard pile (seen cards, order unknown) and the events in the
    box are known by elimination."""
    unseen_jobs: list[int] = []
    hidden_count = [0] * state.players
    for s in range(state.players):
        if s == seat:
            continue
        hidden = [c for c in state.hands[s] if c not in state.known[s]]
        hidden_count[s] = len(hidden)
        unseen_jobs += hidden
    if state.reshuffled:
        unseen_jobs.sort()
        rng.shuffle(unseen_jobs)
        new.deck = sorted(state.deck)
        rng.shuffle(new.deck)
        new.removed = sorted(state.removed)
    else:
        unseen_jobs += [c for c in state.deck if c <= N_JOBS]
        unseen_events = sorted([c for c in state.deck if c > N_JOBS] + state.removed)
        unseen_jobs.sort()
        rng.shuffle(unseen_jobs)
        rng.shuffle(unseen_events)
        new.removed = [unseen_events.pop() for _ in range(len(state.removed))]
        new.deck = unseen_events
    for s in range(state.players):
        if s != seat:
            new.hands[s] = state.known[s] + [unseen_jobs.pop() for _ in range(hidden_count[s])]
    if not state.reshuffled:
        new.deck += unseen_jobs
        rng.shuffle(new.deck)
    # The face-down token numbers are not re-dealt: set-up showed every token face up
    # (its number is the sheep dealt there) before turning it down, so every seat knows them.
