"""Building Ivor positions for rule tests."""

from __future__ import annotations

from meeple.games.ivor import INFO
from meeple.games.ivor.rules import LOC_INDEX, IvorState


def loc(name: str) -> int:
    return LOC_INDEX[name]


def placed(
    wagons: tuple[str, ...] = ("tan-y-gwich", "dyffryn-bridge", "llangubbin", "tewyn"),
    seed: int = 1,
    empty: bool = True,
) -> IvorState:
    """A game whose wagons were placed at ``wagons`` (seat order); seat 0 is to move.

    With ``empty`` the board holds no sheep and no tokens, and seat 0's turn is
    restarted on that board, so a test adds exactly the sheep it needs.
    """
    state = INFO.new(len(wagons), seed)
    assert isinstance(state, IvorState)
    for seat, where in enumerate(wagons):
        state.apply(f"place {where}", seat)
    if empty:
        state.loc_sheep = [0] * len(state.loc_sheep)
        state.loc_token = [0] * len(state.loc_token)
        state.sheep = [0] * state.players
        restart(state, 0)
    return state


def main_line_example() -> IvorState:
    """Two routes to one place (4 players, seed 0): wagons at Llangubbin, Tewyn, Gwynaudalion Halt
    and Ogof Idris; seat 0 has bought coal (3 coal) and played card 25 (3 extra moves), so Capel
    Isaf is reached by line for 1 coal or by the main line for 2 with free moves kept."""
    state = INFO.new(4, 0)
    assert isinstance(state, IvorState)
    for where in ("llangubbin", "tewyn", "gwynaudalion-halt", "ogof-idris"):
        state.apply(f"place {where}")
    state.apply("buy coal")
    state.apply("special 25")
    return state


def sheep_at_grumbly_town() -> IvorState:
    """Seat 0 at Tan-y-Gwich with 3 coal; 2 sheep and a token at Grumbly Town."""
    state = placed()
    state.coal[0] = 3
    state.loc_sheep[loc("grumbly-town")] = 2
    state.loc_token[loc("grumbly-town")] = 3
    state._changed()
    return state


def restart(state: IvorState, seat: int) -> None:
    """Begin ``seat``'s turn afresh (after a test edited the board)."""
    state._start_turn(seat)
    state._changed()


def hand(state: IvorState, seat: int, *cards: int) -> None:
    """Give ``seat`` exactly ``cards`` (taken out of wherever they were)."""
    for card in cards:
        for pile in (state.deck, state.line, state.discard, *state.hands):
            if card in pile:
                if pile is state.line:
                    del state.line_sheep[state.line.index(card)]
                pile.remove(card)
    for other in state.hands[seat]:
        state.deck.insert(0, other)
    state.hands[seat] = list(cards)
    state.known[seat] = []
    state._changed()


def line(state: IvorState, *cards: int) -> None:
    """Set the card line to ``cards`` (each event with its 1 sheep on it)."""
    for card in state.line:
        state.deck.insert(0, card)
    for card in cards:
        for pile in (state.deck, state.discard, *state.hands):
            if card in pile:
                pile.remove(card)
        if card in state.removed:  # keep 3 events in the box: put another one there
            state.removed.remove(card)
            swap = next(c for c in state.deck if c > 50 and c not in cards)
            state.deck.remove(swap)
            state.removed.append(swap)
    state.line = list(cards)
    state.line_sheep = [1 if c > 50 else 0 for c in cards]
    state._changed()


def texts(state: IvorState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def moves(state: IvorState) -> set[str]:
    return {t.split()[1] for t in texts(state) if t.startswith("move ")}


def every_card(state: IvorState) -> list[int]:
    """Every card wherever it is; each of the 61 must appear exactly once."""
    cards = state.deck + state.line + state.discard + state.removed
    for seat in range(state.players):
        cards += state.hands[seat] + state.completed[seat] + state.events_taken[seat]
    return sorted(cards)


def job_card(special: str | None = None, location: str | None = None, amount: int | None = None,
             avoid: tuple[int, ...] = ()) -> int:
    """The first job card with the given special action and/or location."""
    from meeple.games.ivor.data import DATA

    for job in DATA.jobs:
        if job.id in avoid:
            continue
        if special is not None and job.special != special:
            continue
        if amount is not None and job.amount != amount:
            continue
        if location is not None and DATA.locations[job.location].id != location:
            continue
        return job.id
    raise LookupError("no such job card")


def event_card(effect: str) -> int:
    from meeple.games.ivor.data import DATA

    return next(e.id for e in DATA.events if e.effect == effect)
