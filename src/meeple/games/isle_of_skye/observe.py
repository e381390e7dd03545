"""What each seat of Isle of Skye may see: observations, the move log, and
determinized copies (the hidden choices of other seats re-drawn)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict, cast

from meeple.core import Action
from meeple.core.rng import Random
from meeple.core.state import BaseObservation
from meeple.games.isle_of_skye.actions import BUILD, BUY, DISCARD, MAX_PRICE, PHASE_NAMES, PRICE, PRICES
from meeple.games.isle_of_skye.data import LETTERS, TILES
from meeple.games.isle_of_skye.scoring import SCORING_TILES, FinalTally

if TYPE_CHECKING:
    from meeple.games.isle_of_skye.rules import IsleOfSkyeState

HIDDEN_KINDS = ("discard", "price")
HIDDEN_TEXT = {"discard": "marks a tile to discard (hidden)", "price": "sets a price (hidden)"}


class OfferEntry(TypedDict):
    """One tile a seat drew this round; its price and discard mark are ``None`` to the other
    seats while the screens are up."""

    tile: int
    price: int | None  # ``None`` for the discard (and for a hidden choice)
    discard: bool | None
    sold_to: int  # the buyer's seat, -1 while unsold


class SeatObservation(TypedDict):
    """One clan: its points, territory, offer and gold (hand and total)."""

    seat: int
    vp: int
    territory: list[list[int]]  # [x, y, tile, turn in degrees] per placed tile, castle included
    offer: list[OfferEntry]
    chosen: bool  # has finished its hidden choices (always true outside the hidden phase)
    received: list[int]  # tiles still to place this round
    colour: str
    gold: int | None  # gold in hand; ``None`` to the other seats while the screens are up
    gold_total: int  # hand plus stakes: public


class ScoringTileObservation(TypedDict):
    """A scoring tile on its space of the round track."""

    letter: str
    id: str
    title: str
    text: str
    rounds: list[int]  # the rounds it scores in


class RoundObservation(TypedDict):
    """One round of the track: the letters it scores and its catch-up gold."""

    round: int
    scoring: list[str]
    gold_per_player_ahead: int


class IsleOfSkyeObservation(BaseObservation):
    """What ``observation(seat)`` returns: the fields every game's observation starts with
    (``BaseObservation``, from ``State.base_observation``), then Isle of Skye's own."""

    round: int
    rounds: int
    phase: str  # one of ``PHASE_NAMES``
    start_player: int
    scoring_tiles: list[ScoringTileObservation]
    round_track: list[RoundObservation]
    bag_size: int
    seats: list[SeatObservation]
    builder: int | None  # the seat building, in the building phase
    buyer: int | None  # the seat buying, in the buying phase
    pending_tile: int | None  # the tile the builder chose to place next
    pending_spot: list[int] | None  # and the square chosen for it, [x, y]
    events: list[str]  # the last 20 events
    scored: list[list[Any]]  # [round, letter, [points per seat]] per scoring so far
    final: list[FinalTally] | None  # once the game is over


def observation(state: IsleOfSkyeState, seat: int | None) -> IsleOfSkyeObservation:
    """What ``seat`` may see (``None``: a spectator), as a JSON-safe dict."""
    # The core's fields first, as every game's observation starts; the update below adds
    # the rest of the keys the TypedDict declares.
    obs = cast(IsleOfSkyeObservation, state.base_observation(seat))
    hidden_phase = state.phase == PRICE
    seats: list[SeatObservation] = []
    for s in range(state.players):
        mine = s == seat
        staked = sum(state.prices[s])
        offer: list[OfferEntry] = []
        for i, tid in enumerate(state.drawn[s]):
            if hidden_phase and not mine:
                entry: OfferEntry = {"tile": tid, "price": None, "discard": None, "sold_to": state.sold_to[s][i]}
            else:
                entry = {
                    "tile": tid,
                    "price": state.prices[s][i] if tid != state.discarded[s] else None,
                    "discard": tid == state.discarded[s],
                    "sold_to": state.sold_to[s][i],
                }
            offer.append(entry)
        info: SeatObservation = {
            "seat": s,
            "vp": state.vp[s],
            "territory": [[x, y, tid, 90 * rot] for (x, y), (tid, rot) in sorted(state.placed[s].items())],
            "offer": offer,
            "chosen": state.done[s] if hidden_phase else True,
            "received": list(state.received[s]),
            "colour": TILES[s].colour,
            # Stakes are behind the screen: the others see only the total, known from public
            # income and sales.
            "gold": None if hidden_phase and not mine else state.gold[s],
            "gold_total": state.gold[s] + staked,
        }
        seats.append(info)
    obs.update(
        {
            "round": state.round,
            "rounds": len(state.rounds),
            "phase": PHASE_NAMES[state.phase],
            "start_player": state.start,
            "scoring_tiles": [
                {
                    "letter": LETTERS[i],
                    "id": tid,
                    "title": SCORING_TILES[tid].title,
                    "text": SCORING_TILES[tid].text,
                    "rounds": [r.number for r in state.rounds if LETTERS[i] in r.letters],
                }
                for i, tid in enumerate(state.scoring)
            ],
            "round_track": [
                {"round": r.number, "scoring": list(r.letters), "gold_per_player_ahead": r.gold_per_player_ahead}
                for r in state.rounds
            ],
            "bag_size": len(state.bag),
            "seats": seats,
            "builder": state.builder if state.phase == BUILD else None,
            "buyer": (state.start + state.buy_step) % state.players if state.phase == BUY else None,
            "pending_tile": state.pick_tile if state.pick_tile >= 0 else None,
            "pending_spot": list(state.pick_spot) if state.pick_spot is not None else None,
            "events": list(state.events[-20:]),
            "scored": [[number, letter, list(points)] for number, letter, points in state.scored],
            "final": [f.copy() for f in state.final] if state.final is not None else None,
        }
    )
    return obs


def move_text(state: IsleOfSkyeState, index: int, viewer: int | None) -> str | None:
    """Hidden choices read as neutral text to everyone but the seat that made them
    (what they were shows in the log of events once all have chosen)."""
    seat, action = state.history[index]
    if seat != viewer and action.kind in HIDDEN_TEXT:
        return HIDDEN_TEXT[action.kind]
    return str(action)


def determinize(state: IsleOfSkyeState, seat: int, rng: Random) -> IsleOfSkyeState:
    """A copy with what ``seat`` cannot know re-drawn from ``rng``: the future draws
    from the bag (a new generator) and, during the hidden phase, the other seats'
    discard and prices, re-picked uniformly among their legal choices as far as
    each has got. The copy's history tells the re-drawn choices, not the real ones.

    Everything re-drawn depends only on what ``seat`` sees (the drawn tiles in
    the order drawn, each seat's gold total, how many hidden moves it has made),
    and other seats in seat order, so worlds ``seat`` cannot tell apart give the
    same copy.
    """
    new = state.clone()
    new._reseed_from(rng)
    if new.phase != PRICE:
        return new
    redrawn: dict[int, list[Action]] = {}
    for other in range(new.players):
        if other != seat and new.discarded[other] >= 0:
            redrawn[other] = _redraw_choices(new, other, rng)
    _rewrite_hidden_moves(new.history, redrawn)
    return new


def _redraw_choices(state: IsleOfSkyeState, other: int, rng: Random) -> list[Action]:
    """Re-pick ``other``'s discard and as many prices as it had set; returns those moves in order."""
    priced = sum(1 for p in state.prices[other] if p)
    state.gold[other] += sum(state.prices[other])
    state.prices[other] = [0] * len(state.drawn[other])
    state.discarded[other] = rng.choice(state.drawn[other])
    moves = [DISCARD[state.discarded[other]]]
    for _ in range(priced):
        waiting = state._to_price(other)
        price = rng.randint(1, min(MAX_PRICE, state.gold[other] - (len(waiting) - 1)))
        state.prices[other][waiting[0]] = price
        state.gold[other] -= price
        moves.append(PRICES[price])
    return moves


def _rewrite_hidden_moves(history: list[tuple[int, Action]], redrawn: dict[int, list[Action]]) -> None:
    """Replace, in order, each re-drawn seat's hidden moves of this round (the run of
    hidden moves that ends the history: the round's pricing phase) by its re-drawn ones."""
    start = len(history)
    while start > 0 and history[start - 1][1].kind in HIDDEN_KINDS:
        start -= 1
    queues = {seat: list(moves) for seat, moves in redrawn.items()}
    for index in range(start, len(history)):
        mover = history[index][0]
        if mover in queues:
            history[index] = (mover, queues[mover].pop(0))
