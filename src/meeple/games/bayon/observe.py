"""What a seat may see of a Bayon game, and the worlds it cannot tell apart.

``observation`` (its shape: :class:`BayonObservation`) lists, per continent,
the stack positions someone has located and shows the site only to the seats
that located it (or to all, when it went under in plain sight).
``determinize`` re-draws everything the seat has not seen from a canonical
order (sorted first), so the copy depends only on what the seat knows and on
the generator it is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict, cast

from meeple.core.rng import Random
from meeple.core.state import BaseObservation
from meeple.games.bayon.actions import MAIN, OVER, PHASE_NAMES
from meeple.games.bayon.data import CONTINENTS, COSTS, DATA, EXPLORER_IDS, SITE_IDS

if TYPE_CHECKING:
    from meeple.games.bayon.rules import BayonState

PUBLIC = 1 << 4  # in a ``known`` mask beside the seat bits 0-3: the card's place was seen by all (spectators too)


class LocatedCard(TypedDict):
    """A position of a continent's stack that some seat has located."""

    depth: int  # 0 is the top
    site: int | None  # the site, for a viewer who located it (or when all saw it go under)
    known_by: list[int]  # the seats that located it


class ContinentObservation(TypedDict):
    """A continent: its price, its stack and what is known of it."""

    name: str
    cost: int
    stack_size: int
    blocked: bool  # the interpreter is on it
    known: list[LocatedCard]


class SeatObservation(TypedDict):
    """One player's holdings, public to all."""

    seat: int
    gold: int
    explorers: list[int]  # in hiring order
    sites: list[int]
    wealth: int  # gold plus the values of the sites


class BasecampObservation(TypedDict):
    """The explorers not in any hand."""

    face_up: list[int]
    stack_size: int
    face_down_unseen: int  # how many of the top of the stack nobody has seen
    stack_bottom: list[int]  # the rest, given back in plain sight, top first


class TurnObservation(TypedDict):
    """The turn under way."""

    step: str  # one of ``PHASE_NAMES``
    may_take_gold: bool
    hired: bool
    acted_explorers: list[int]
    travelled: dict[str, int]  # continent name: how many of this turn's explorers travelled there
    expedition: str | None  # the continent of the expedition under way
    owed: int  # what is still to pay for it
    won_this_turn: list[int]  # sites that cannot pay before the next turn
    revealed: int | None  # the site dug up, while the team forms
    team: list[int]


class BayonObservation(BaseObservation):
    """What ``observation(seat)`` returns: the fields every game's observation starts with
    (``BaseObservation``, from ``State.base_observation``), then Bayon's own."""

    current: int
    round: int
    turns_played: int
    target: int
    max_rounds: int
    bank: int
    interpreter: str  # the continent it blocks
    seats: list[SeatObservation]
    basecamp: BasecampObservation
    continents: list[ContinentObservation]
    turn: TurnObservation
    scores: list[float]


def _continents(state: BayonState, bit: int) -> list[ContinentObservation]:
    continents: list[ContinentObservation] = []
    for c, stack in enumerate(state.stacks):
        cards: list[LocatedCard] = []
        for depth, site in enumerate(stack):
            mask = state.known[site]
            if mask:
                seen = bool(mask & PUBLIC or mask & bit)
                cards.append(
                    {
                        "depth": depth,
                        "site": site if seen else None,
                        "known_by": [q for q in range(state.players) if mask >> q & 1],
                    }
                )
        continents.append(
            {
                "name": CONTINENTS[c],
                "cost": COSTS[c],
                "stack_size": len(stack),
                "blocked": c == state.interpreter,
                "known": cards,
            }
        )
    return continents


def _turn(state: BayonState) -> TurnObservation:
    running = state.phase != OVER
    return {
        "step": PHASE_NAMES[state.phase],
        "may_take_gold": running and state.phase == MAIN and not state.acted and state.bank >= DATA.take_gold,
        "hired": state.hired,
        "acted_explorers": [e for e in EXPLORER_IDS if state.used >> e & 1] if running else [],
        "travelled": {CONTINENTS[c]: n for c, n in enumerate(state.travelled) if n},
        "expedition": CONTINENTS[state.expedition] if state.expedition >= 0 else None,
        "owed": state.owed,
        "won_this_turn": [s for s in SITE_IDS if state.won >> s & 1] if running else [],
        "revealed": state.revealed or None,
        "team": state.team.copy(),
    }


def observation(state: BayonState, seat: int | None) -> BayonObservation:
    """What ``seat`` may see (``None``: a spectator), as a JSON-safe dict."""
    # The core's fields first, as every game's observation starts (their keys are declared
    # on BayonObservation); the update below adds Bayon's own, each checked by mypy.
    obs = cast(BayonObservation, state.base_observation(seat))
    bit = 0 if seat is None else 1 << seat
    hidden = state.camp_hidden
    obs.update(
        {
            "current": state.current,
            "round": state.round,
            "turns_played": state.turns,
            "target": state.target,
            "max_rounds": state.max_rounds,
            "bank": state.bank,
            "interpreter": CONTINENTS[state.interpreter],
            "seats": [
                {
                    "seat": q,
                    "gold": state.gold[q],
                    "explorers": state.hands[q].copy(),
                    "sites": state.owned[q].copy(),
                    "wealth": state.gold[q] + state.worth[q],
                }
                for q in range(state.players)
            ],
            "basecamp": {
                "face_up": state.faceup.copy(),
                "stack_size": len(state.camp),
                "face_down_unseen": hidden,
                # explorers given back go under the stack in plain sight: their order is public
                "stack_bottom": state.camp[hidden:],
            },
            "continents": _continents(state, bit),
            "turn": _turn(state),
            "scores": list(state.scores),
        }
    )
    return obs


def determinize(state: BayonState, seat: int, rng: Random) -> BayonState:
    """A copy of ``state`` with the face-down explorers nobody has seen and every
    site ``seat`` has not located re-dealt from ``rng``.

    The unseen cards are sorted before shuffling, so the result depends only
    on which cards are unseen (what the seat knows), not on their real order.
    """
    world = state.clone()
    world._reseed_from(rng)
    hidden = sorted(world.camp[: world.camp_hidden])
    rng.shuffle(hidden)
    world.camp[: world.camp_hidden] = hidden
    bit = 1 << seat
    known = world.known
    for stack in world.stacks:
        spots = [i for i, s in enumerate(stack) if not known[s] & bit]
        if not spots:
            continue
        masks = [known[stack[i]] for i in spots]  # who knows a spot stays with the spot
        cards = sorted(stack[i] for i in spots)
        rng.shuffle(cards)
        for i, card, mask in zip(spots, cards, masks, strict=True):
            stack[i] = card
            known[card] = mask
    return world
