"""Ivor the Engine: what each seat sees, and worlds a seat cannot tell from the real one.

Hands are private except the cards every player saw taken from the card line;
the deck order and the events put back in the box are in no observation. The
numbers on face-down lost-sheep tokens are not listed either, though every seat
saw them at set-up (they have no effect after it); determinize keeps them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from meeple.core.rng import Random
from meeple.games.ivor.actions import PHASE_NAMES
from meeple.games.ivor.data import DATA
from meeple.games.ivor.routes import cost

if TYPE_CHECKING:
    from meeple.games.ivor.rules import IvorState

LOCS = DATA.locations
N_LOCS = len(LOCS)
N_JOBS = len(DATA.jobs)


class LocationObservation(TypedDict):
    """One location of the board, as every seat sees it."""

    id: str
    sheep: int
    lost_sheep_token: bool  # a face-down token lies there (its number is not shown)
    wagon: int | None  # the seat whose wagon stands there
    idris: int | None  # the seat whose Sleeping Idris lies there


class PlayerObservation(TypedDict):
    """One player's holdings; ``hand`` is ``None`` except for the seat looking."""

    seat: int
    sheep: int
    gold: int
    coal: int
    location: str | None  # ``None`` before the wagon is placed
    hand_size: int
    hand: list[int] | None
    hand_known: list[int]  # the cards in the hand every player saw taken from the line
    completed: list[int]
    events: list[int]
    lost_sheep_tokens: int
    final_score: int | None  # once the game is over


class LineCardObservation(TypedDict):
    """A card of the card line and the sheep lying on it."""

    card: int
    sheep: int


class SupplyObservation(TypedDict):
    """What the stock still holds."""

    gold: int
    coal: int
    idris: int


class RouteObservation(TypedDict):
    """A move the seat to move may make now, and what it costs."""

    action: str
    to: str
    lines: int
    free_moves: int
    coal: int
    main_line: bool


class IvorObservation(TypedDict):
    """What ``observation(seat)`` returns: the fields every game's observation starts with
    (``State.base_observation``; ``players`` is replaced by the players' holdings), then
    Ivor's own."""

    game: str
    players: list[PlayerObservation]
    seat: int | None
    move_number: int
    to_move: list[int]
    is_over: bool
    winners: list[int]
    end_reason: str | None
    phase: str
    current: int
    ivor: int  # the seat holding Ivor, the first player's token
    round: int
    sheep_to_end: int
    end_triggered: bool
    locations: list[LocationObservation]
    line: list[LineCardObservation]
    deck_size: int
    discard: list[int]
    events_removed: int
    supply: SupplyObservation
    moves_left: int
    routes: list[RouteObservation]
    jobs_done_at: list[str]


def _player(state: IvorState, s: int, seat: int | None) -> PlayerObservation:
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


def route_list(state: IvorState) -> list[RouteObservation]:
    """The moves the seat to move may make now, with what each costs (public facts)."""
    if not state.in_move_step:
        return []
    free = state.moves_left
    out: list[RouteObservation] = []
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


def observation(state: IvorState, seat: int | None) -> IvorObservation:
    """What ``seat`` sees of ``state`` (``None``: a spectator)."""
    # Written out key by key, in the order ``base_observation`` and then this game add them
    # (``players`` keeps its place), so that mypy checks every key against IvorObservation.
    base = state.base_observation(seat)
    return {
        "game": base["game"],
        "players": [_player(state, s, seat) for s in range(state.players)],
        "seat": base["seat"],
        "move_number": base["move_number"],
        "to_move": base["to_move"],
        "is_over": base["is_over"],
        "winners": base["winners"],
        "end_reason": base["end_reason"],
        "phase": PHASE_NAMES[state.phase],
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
        "line": [{"card": c, "sheep": n} for c, n in zip(state.line, state.line_sheep, strict=True)],
        "deck_size": len(state.deck),
        "discard": state.discard.copy(),
        "events_removed": len(state.removed),
        "supply": {"gold": state.supply_gold, "coal": state.supply_coal, "idris": state.idris_free},
        "moves_left": state.moves_left,
        "routes": route_list(state),
        "jobs_done_at": [LOCS[i].id for i in range(N_LOCS) if state.jobs_here >> i & 1],
    }


def determinize(state: IvorState, seat: int, rng: Random) -> IvorState:
    """A copy of ``state`` that ``seat`` cannot tell from it: what the seat cannot know
    is re-dealt (see ``_redeal``), and the copy draws from a generator seeded by ``rng``."""
    new = state.clone()
    new._reseed_from(rng)
    _redeal(state, new, seat, rng)
    new._changed()
    return new


def _redeal(state: IvorState, new: IvorState, seat: int, rng: Random) -> None:
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
