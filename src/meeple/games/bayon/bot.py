"""How Bayon bots think: a position judgement, a heuristic player and a fast
rollout policy (for players: RULES.md; the measurements: docs/measurements/bayon.md).

Everything here reads only what the seat to move may know: public fields
(gold, hands, owned sites, stack sizes, who located which position) and the
sites the seat itself has located. Where the seat does not know a card, it
reasons over the *set* of sites that may lie there, which is the same in
every world ``determinize`` can make, so a bot chooses the same move on the
real state and on any determinized copy.
"""

from __future__ import annotations

import math
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING, cast

from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.bayon.actions import (
    A_END,
    A_EXPEDITION,
    A_GIVEUP,
    A_GOLD,
    A_HIRE,
    A_HIRE_STACK,
    A_INTERPRETER,
    A_LOSE,
    A_PAY_GOLD,
    A_PAY_SITE,
    A_TEAM,
    A_TEAM_DONE,
    A_TRAVEL,
    A_WITHDRAW,
    GIVEUP,
    LOSE,
    MAIN,
    PAY,
    TEAM,
    WITHDRAW,
)
from meeple.games.bayon.data import ABILITIES, COSTS, DATA, SITE_VALUE
from meeple.games.bayon.teams import minimal_completion

if TYPE_CHECKING:
    from meeple.games.bayon.rules import BayonState

# ----------------------------------------------------------------- judgement
# Designed weights. EXPLORER_WORTH, CURRENT_TEMPO and SHARPNESS were fitted for the
# lowest log-loss of the share judged to the eventual winner over positions of guided
# games (docs/measurements/bayon.md, "How well evaluate() judges a position");
# TURN_LOST is the heuristic bot's price of a failed expedition's lost turn, about a
# turn of taking gold.
EXPLORER_WORTH = 3.5  # gold per ability point held, for the three strongest explorers
CURRENT_TEMPO = 4.0  # gold: being the seat to move
SHARPNESS = 4.5  # win-share logit per unit of progress (a whole target) ahead
TURN_LOST = 8.0  # gold: about a turn of taking gold


def explorer_loss(explorer: int) -> float:
    """What giving ``explorer`` back costs, in gold: a replacement's hire plus a little per ability point."""
    return DATA.hire_from_basecamp + strength(explorer)


def strength(explorer: int) -> int:
    """An explorer's ability total."""
    a, b, c = ABILITIES[explorer]
    return a + b + c


def potential(state: BayonState, seat: int) -> float:
    """Wealth plus what the seat's explorers are worth as means to future sites."""
    wealth = state.gold[seat] + state.worth[seat]
    explorers = sorted((strength(e) for e in state.hands[seat]), reverse=True)[:3]
    bonus = CURRENT_TEMPO if seat == state.current else 0.0
    return wealth + EXPLORER_WORTH * sum(explorers) + bonus


def evaluate(game: State) -> tuple[float, ...]:
    """Each seat's expected share of the win: a softmax over progress toward the target.

    Progress is ``potential / target``; being much closer than the others to
    the target gives most of the win. Pure; reads only public fields.
    """
    state = cast("BayonState", game)
    target = max(state.target, 1)
    logits = [SHARPNESS * potential(state, q) / target for q in range(state.players)]
    top = max(logits)
    weights = [math.exp(v - top) for v in logits]
    total = sum(weights)
    return tuple(w / total for w in weights)


# ------------------------------------------------------------ what a seat knows
def top_candidates(state: BayonState, seat: int, c: int, depth: int = 0) -> list[int]:
    """The sites that may lie at ``depth`` of continent ``c`` as far as ``seat`` knows, sorted.

    One site when the seat located that card; otherwise every site in the
    stack at a position the seat has not located (each equally likely).
    """
    stack = state.stacks[c]
    if depth >= len(stack):
        return []
    bit = 1 << seat
    known = state.known
    if known[stack[depth]] & bit:
        return [stack[depth]]
    return sorted(s for s in stack if not known[s] & bit)


def success_chance(free: list[int], candidates: list[int]) -> float:
    """The share of ``candidates`` a minimal team of ``free`` explorers can win."""
    if not candidates or not free:
        return 0.0
    won = sum(1 for s in candidates if minimal_completion([], free, s) is not None)
    return won / len(candidates)


def payment_loss(state: BayonState, seat: int, owed: int) -> int:
    """The wealth an expedition price costs the seat, paying as :func:`_pay_choice` does.

    Gold when it covers the price; otherwise whole sites (no change is given)
    and gold for the rest, so paying with a site can cost far more than the price.
    """
    gold = state.gold[seat]
    if gold >= owed:
        return owed
    lost = 0
    sites = sorted(state.payable_sites(seat), key=lambda s: (SITE_VALUE[s], s))
    while owed > gold and sites:
        short = owed - gold
        site = next((s for s in sites if SITE_VALUE[s] >= short), sites[-1])
        sites.remove(site)
        lost += SITE_VALUE[site]
        owed -= min(owed, SITE_VALUE[site])
    return lost + owed


def expedition_gain(state: BayonState, seat: int, c: int, free: list[int]) -> float:
    """Expected change of wealth from an expedition to ``c`` with ``free``, in gold.

    Success pays the site's value and costs one explorer (the weakest of the
    team withdraws); failure costs the price, an explorer and the rest of the
    turn. The price is what paying really costs (:func:`payment_loss`).
    """
    candidates = top_candidates(state, seat, c)
    if not candidates:
        return -math.inf
    hand = tuple(sorted(free))  # one cache entry per set of explorers
    total = sum(_site_outcome(hand, site) for site in candidates)
    return total / len(candidates) - payment_loss(state, seat, COSTS[c])


@lru_cache(maxsize=1 << 16)
def _site_outcome(free: tuple[int, ...], site: int) -> float:
    """What digging up ``site`` with ``free`` explorers is worth before the price, in gold."""
    team = minimal_completion([], list(free), site)
    if team is None:
        return -(min(map(explorer_loss, free)) + TURN_LOST)
    return SITE_VALUE[site] - min(map(explorer_loss, team))


# ------------------------------------------------------------ the heuristic bot
def _lightest(explorers: list[int]) -> int:
    """The weakest explorer (lowest number on ties): the one to risk or give back."""
    return min(explorers, key=lambda e: (strength(e), e))


def _team_choice(state: BayonState, seat: int) -> Action:
    free = state.unused_explorers(seat)
    site = state.revealed
    best: list[int] | None = None
    for size in range(1, len(free) + 1):
        for extra in combinations(free, size):
            team = [*state.team, *extra]
            if minimal_completion(team, [], site) is not None:
                key = (len(extra), sum(map(strength, extra)))
                if best is None or key < (len(best), sum(map(strength, best))):
                    best = list(extra)
        if best is not None:
            break
    if best:
        return A_TEAM[min(best, key=lambda e: (strength(e), e))]
    if state.team:
        return A_TEAM_DONE
    return A_TEAM[_lightest(free)]  # bound to fail: risk the weakest


def _pay_choice(state: BayonState, seat: int) -> Action:
    owed = state.owed
    if state.gold[seat] >= owed:
        return A_PAY_GOLD
    sites = sorted(state.payable_sites(seat), key=lambda s: (SITE_VALUE[s], s))
    short = owed - state.gold[seat]
    for s in sites:
        if SITE_VALUE[s] >= short:
            return A_PAY_SITE[s]  # the smallest site that lets gold pay the rest
    return A_PAY_SITE[sites[-1]]


def _pending_choice(state: BayonState, seat: int) -> Action | None:
    """The answer to a pending step (team, payment, who leaves), or None in the open step."""
    phase = state.phase
    if phase == TEAM:
        return _team_choice(state, seat)
    if phase == PAY:
        return _pay_choice(state, seat)
    if phase == WITHDRAW:
        return A_WITHDRAW[_lightest(state.team)]
    if phase == LOSE:
        return A_LOSE[_lightest(state.team)]
    if phase == GIVEUP:
        return A_GIVEUP[_lightest(state.hands[seat])]
    return None


def _open_continents(state: BayonState) -> list[int]:
    return [c for c in range(5) if c != state.interpreter and state.stacks[c]]


def _best_expedition(
    state: BayonState, seat: int, free: list[int], means: int, *, known_only: bool = False
) -> tuple[float, int]:
    """(expected gain, continent) of the best affordable expedition, or (-inf, -1).

    ``known_only`` considers only continents whose top card the seat has located.
    """
    best = (-math.inf, -1)
    if not free:
        return best
    bit = 1 << seat
    for c in _open_continents(state):
        if means < COSTS[c] or (known_only and not state.known[state.stacks[c][0]] & bit):
            continue
        gain = expedition_gain(state, seat, c, free)
        if gain > best[0]:
            best = (gain, c)
    return best


def _scout(state: BayonState, seat: int, free: list[int], means: int) -> Action | None:
    """Look at an unknown card with an explorer the best team can spare, dearest continent first."""
    if len(free) < 2:
        return None
    bit = 1 << seat
    for c in sorted(_open_continents(state), key=lambda c: -COSTS[c]):
        depth = state.travelled[c]
        stack = state.stacks[c]
        if depth >= len(stack) or state.known[stack[depth]] & bit or means < COSTS[c]:
            continue
        spare = _spare_explorer(free, top_candidates(state, seat, c))
        if spare:
            return A_TRAVEL[spare][c]
    return None


def _spare_explorer(free: list[int], candidates: list[int]) -> int:
    """The free explorer whose absence hurts the chance at ``candidates`` least (0: none to spare)."""
    whole = success_chance(free, candidates)
    best, best_key = 0, (math.inf, 0)
    for e in free:
        rest = [x for x in free if x != e]
        loss = whole - success_chance(rest, candidates)
        key = (loss, strength(e))
        if loss <= 0.34 and key < best_key:
            best, best_key = e, key
    return best


def _hire(
    state: BayonState, seat: int, free: list[int], means: int, best_gain: float, *, enabling_only: bool = False
) -> Action | None:
    """Hire the face-up explorer that most improves this turn's best expedition, or
    (unless ``enabling_only``) a strong one while the hand is small."""
    if state.hired or state.gold[seat] < DATA.hire_from_basecamp:
        return None
    after = means - DATA.hire_from_basecamp
    choice, choice_gain = None, best_gain + DATA.hire_from_basecamp
    for e in sorted(state.faceup):
        gain, _ = _best_expedition(state, seat, [*free, e], after)
        if gain > choice_gain:
            choice, choice_gain = A_HIRE[e], gain
    if choice is not None or enabling_only:
        return choice
    hand = state.hands[seat]
    if len(hand) < 3 and state.gold[seat] >= GOLD_RESERVE + DATA.hire_from_basecamp:
        if state.faceup:
            strongest = max(state.faceup, key=lambda e: (strength(e), -e))
            if strength(strongest) >= 5 or not state.camp:
                return A_HIRE[strongest]
        if state.camp:
            return A_HIRE_STACK
    return None


def _unblock(state: BayonState, seat: int, free: list[int], means: int) -> Action | None:
    """Move the interpreter off a continent worth digging now, using a spare explorer."""
    blocked = state.interpreter
    if len(free) < 2 or not state.stacks[blocked] or means < COSTS[blocked]:
        return None
    if expedition_gain(state, seat, blocked, free) <= GOOD_DIG:
        return None  # not worth it even with every free explorer
    for e in sorted(free, key=lambda e: (strength(e), e)):
        rest = [x for x in free if x != e]
        gain = expedition_gain(state, seat, blocked, rest)
        if gain > max(_best_expedition(state, seat, rest, means)[0], 10.0):
            # park it where the richest rival knows the most, else on the dearest other continent
            return A_INTERPRETER[e][_where_to_block(state, seat, blocked)]
    return None


def _where_to_block(state: BayonState, seat: int, avoid: int) -> int:
    rivals = sorted((q for q in range(state.players) if q != seat), key=lambda q: -state.scores[q])
    rival_bit = 1 << rivals[0]
    best, best_key = -1, (-1, -1)
    for c in range(5):
        if c == avoid:
            continue
        stack = state.stacks[c]
        rival_knows = bool(stack) and bool(state.known[stack[0]] & rival_bit)
        key = (int(rival_knows), COSTS[c])
        if key > best_key:
            best, best_key = c, key
    return best


GOLD_RESERVE = 20  # designed: below this much gold a turn with no good dig is better spent taking gold
GOOD_DIG = 10.0  # expected gain (gold) that makes an expedition worth the turn


def heuristic_choice(state: BayonState, seat: int) -> Action:
    """The heuristic move for ``seat`` (deterministic; always legal)."""
    pending = _pending_choice(state, seat)
    if pending is not None:
        return pending
    legal = state.legal_actions(seat)
    can_take_gold = A_GOLD in legal
    if can_take_gold and state.gold[seat] + state.worth[seat] + DATA.take_gold >= state.target:
        return A_GOLD  # wins at once
    free = state.unused_explorers(seat)
    means = state.means(seat)
    sure_gain, sure = _best_expedition(state, seat, free, means, known_only=True)
    if sure >= 0 and sure_gain >= GOOD_DIG and A_EXPEDITION[sure] in legal:
        return A_EXPEDITION[sure]  # a located site this team wins
    gain, c = _best_expedition(state, seat, free, means)
    dig = A_EXPEDITION[c] if c >= 0 and A_EXPEDITION[c] in legal else None
    scout = _scout(state, seat, free, means)
    if can_take_gold and state.gold[seat] < GOLD_RESERVE and (dig is None or gain < GOOD_DIG):
        hire = _hire(state, seat, free, means, gain, enabling_only=True)
        if hire is None and (scout is None or state.gold[seat] < COSTS[0]):
            return A_GOLD  # nothing worth the turn: take gold
    for move in (_hire(state, seat, free, means, gain), _unblock(state, seat, free, means), scout):
        if move is not None and move in legal:
            return move
    if dig is not None and gain > 0.0:
        return dig
    if can_take_gold:
        return A_GOLD
    return A_END


class GreedyBot:
    """Plays toward the target: dig where the expected gain is good (scouting
    first when an explorer can be spared), hire explorers that make a dig
    possible, clear the interpreter off a good continent, else take gold."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # the bot is deterministic; the seed is kept for the common interface

    def choose(self, state: BayonState, seat: int) -> Action:
        return heuristic_choice(state, seat)


class HeuristicBot(GreedyBot):
    """The same player under the name every game's heuristic bot answers to (``--bots heuristic``)."""

    name = "heuristic"


BOTS: tuple[type, ...] = (HeuristicBot, GreedyBot)

# ------------------------------------------------------------- careless moves
# What an expedition costs, by its action (to tell one the seat can pay in gold).
EXPEDITION_PRICE: dict[Action, int] = {A_EXPEDITION[c]: COSTS[c] for c in range(len(COSTS))}


def careless_moves(game: State, seat: int) -> list[Action]:
    """The moves an easy bot's slips are drawn from (``GameInfo.careless_moves``).

    Any move of the open step (hire, travel, move the interpreter, take gold,
    end the turn early, set out on an expedition) except an expedition the seat
    cannot pay in gold; no answer to a pending step (payment, team, who
    withdraws, is lost or given up), which the heuristic answers. Measured
    (docs/measurements/bayon.md, "Game length"): the slips left out are the ones
    that ruin a 2-player game, a site worth far more than the price given in
    payment, a team sent out short, the strongest explorer lost.
    """
    state = cast("BayonState", game)
    if state.phase != MAIN:
        return []
    gold = state.gold[seat]
    return [a for a in state.legal_actions(seat) if EXPEDITION_PRICE.get(a, 0) <= gold]


# ------------------------------------------------------------- rollout policy
ROLLOUT_EPSILON = 0.1  # share of random moves in a guided playout
# Measured (docs/measurements/bayon.md, "Game length"): guided playouts from the start
# reach the target well within this many moves (98th percentile 286-324 moves at 2-4
# players, longest 358 in 200 games each); a playout cut off here is judged by evaluate().
ROLLOUT_LIMIT = 400


def rollout_policy(game: State, seat: int, rng: Random) -> Action:
    """The heuristic move, or with a small chance a random legal one (for search playouts)."""
    state = cast("BayonState", game)
    if rng.random() < ROLLOUT_EPSILON:
        legal = state.legal_actions(seat)
        return legal[rng.randrange(len(legal))]
    return heuristic_choice(state, seat)


__all__ = [
    "BOTS",
    "ROLLOUT_LIMIT",
    "GreedyBot",
    "careless_moves",
    "evaluate",
    "heuristic_choice",
    "rollout_policy",
    "strength",
]
