"""Ivor the Engine: how the bots judge a position and play a turn.

Everything here reads only what the seat to play may know: the board, the
card line, every player's sheep, gold, coal, completed jobs, taken events and
tokens, the size of each hand, and the seat's own hand. So a bot chooses the
same on the real state as on any ``determinize(seat, ...)`` world.

* :func:`evaluate` - each seat's expected share of the win (``State.evaluate``).
* :class:`HeuristicBot` (``greedy``) - plays each small action of a turn by a
  few plain rules toward the rulebook's end: the most sheep.
* :func:`rollout_policy` - the same rules with some randomness, for search
  playouts.

The weights are designed, tuned over heuristic games; what the bots achieve with
them is in docs/measurements/ivor.md, and RULES.md tells players how they think.
"""

from __future__ import annotations

import math

from meeple.core import Action, State
from meeple.core.rng import Random
from meeple.games.ivor.actions import BUY_COAL, DISCARD, END, EXTRA_CARD, IDRIS, MOVE, PLACE, RUNAWAY, TAKE, MoveAction
from meeple.games.ivor.data import DATA, Event, Job
from meeple.games.ivor.events import EVENTS, LAST_BONUS, final_score
from meeple.games.ivor.routes import DIST, move_options
from meeple.games.ivor.rules import IvorState

LOCS = DATA.locations
N_LOCS = len(LOCS)
LOC_INDEX = {loc.id: loc.index for loc in LOCS}
JOBS: dict[int, Job] = {job.id: job for job in DATA.jobs}
N_JOBS = len(DATA.jobs)
COMP = DATA.components
HAND_LIMIT: int = COMP["hand_limit"]
LOST_SHEEP_BONUS: int = COMP["lost_sheep_bonus"]
COAL_PER_GOLD: int = COMP["coal_per_gold"]
IDRIS_TOKENS: int = COMP["sleeping_idris_tokens"]

# Designed weights (in sheep).
GOLD = 1.0  # a gold is a sheep at the end
COAL = 0.45  # a coal is an extra move, a little less than half a gold
NEAR = 0.8  # a job card is worth this fraction less for each line its location is away
SHEEP_HERE = 0.9  # a sheep left where the wagon stops is taken next turn (unless an event moves it)
PACE = 3.3  # sheep the leader gains a round in heuristic games (25 sheep in about 7.5 rounds)
# The next two were fitted to who really won heuristic self-play games (the Brier score in
# docs/measurements/ivor.md, "How well evaluate() judges a position"); they are a model's
# scales, not measured rates.
GAIN_PER_ROUND = 2.0  # the pace evaluate() assumes (slower than PACE: it hedges)
SPREAD = 4.0  # how uncertain a final score is, per square root of the rounds left
LAST_SPREAD = 1.0  # and in the last round (one turn each at most)


# ---------------------------------------------------------------- judgement
def rounds_left(state: IvorState, pace: float = PACE) -> float:
    """How many rounds the game still has, guessed from the leader's distance to the target
    at ``pace`` sheep a round."""
    gap = state.target - max(state.sheep)
    return 0.0 if state.end_triggered else max(gap, 0) / pace + 0.5


def expected_finals(state: IvorState, left: float) -> list[float]:
    """Each seat's projected score plus what its cards in hand may still bring in ``left`` rounds."""
    out = []
    for s in range(state.players):
        score = final_score(state.sheep[s], state.gold[s], state.completed[s], state.events_taken[s],
                            state.tokens[s])
        # Cards in hand turn into jobs while the game lasts; an unknown card is an average job.
        out.append(score + min(len(state.hands[s]), left) * 1.5 + left * 0.3)
    return out


def win_shares(means: list[float], spread: float) -> tuple[float, ...]:
    """Each seat's chance of the highest final score when each is roughly normal around its
    mean: the product of its pairwise chances of beating each other seat, normalised."""
    scale = max(spread, 0.5) * math.sqrt(2.0)
    raw = []
    for s, mine in enumerate(means):
        p = 1.0
        for t, theirs in enumerate(means):
            if t != s:
                p *= 0.5 * (1.0 + math.erf((mine - theirs) / scale / math.sqrt(2.0)))
        raw.append(p)
    total = sum(raw)
    if total <= 0.0:
        best = max(means)
        leaders = [s for s, m in enumerate(means) if m == best]
        return tuple(1.0 / len(leaders) if s in leaders else 0.0 for s in range(len(means)))
    return tuple(p / total for p in raw)


def evaluate(state: State) -> tuple[float, ...]:
    """Each seat's expected share of the win of a running game (public facts and hand sizes only)."""
    assert isinstance(state, IvorState)
    left = rounds_left(state, GAIN_PER_ROUND)
    return win_shares(expected_finals(state, left), SPREAD * math.sqrt(left) + LAST_SPREAD)


# ---------------------------------------------------------------- values
def job_value(job: Job) -> float:
    return job.sheep + job.gold * GOLD + job.coal * COAL


def job_value_for(state: IvorState, seat: int, job: Job) -> float:
    """A job's reward to ``seat``, with the end bonuses its taken events add for it."""
    value = job_value(job)
    for card in state.events_taken[seat]:
        ev = EVENTS[card]
        here = ev.bonus == "per_job_at" and ev.bonus_location == job.location
        if ev.bonus == "per_job" or here or (ev.bonus == "per_gold" and job.gold):
            value += ev.bonus_amount
    return value


def gold_value(state: IvorState, seat: int) -> float:
    """A gold kept to the end: 1 sheep, more with a per-gold event."""
    return GOLD + sum(EVENTS[c].bonus_amount for c in state.events_taken[seat] if EVENTS[c].bonus == "per_gold")


def keep_value(state: IvorState, seat: int, card: int) -> float:
    """What a job card in hand is worth kept: its reward, less the further away it is."""
    job = JOBS[card]
    return job_value_for(state, seat, job) * NEAR ** DIST[state.pos[seat]][job.location]


def event_value(state: IvorState, seat: int, ev: Event) -> float:
    """A guess at the end bonus ``ev`` would bring ``seat``."""
    left = rounds_left(state)
    jobs = state.completed[seat]
    kind = ev.bonus
    if kind == "flat":
        return float(ev.bonus_amount)
    if kind == "per_job_at":
        done = sum(1 for j in jobs if JOBS[j].location == ev.bonus_location)
        held = sum(1 for j in state.hands[seat] if JOBS[j].location == ev.bonus_location)
        return ev.bonus_amount * (done + 0.6 * held + 0.1 * left)
    if kind == "per_job":
        return ev.bonus_amount * (len(jobs) + 0.4 * left)
    if kind == "per_gold":
        return ev.bonus_amount * max(state.gold[seat] - 1, 0) + 0.3 * left
    if kind == "per_lost_sheep_token":
        return ev.bonus_amount * (state.tokens[seat] + 0.15 * left)
    assert kind == LAST_BONUS
    return ev.bonus_amount * (state.sheep[seat] + left * PACE) / 6


def token_value(state: IvorState, seat: int) -> float:
    """A lost-sheep token: 2 bonus sheep, more with per-token events."""
    return LOST_SHEEP_BONUS + sum(
        EVENTS[c].bonus_amount for c in state.events_taken[seat] if EVENTS[c].bonus == "per_lost_sheep_token"
    )


def sheep_value(state: IvorState, seat: int, loc: int) -> float:
    """What stopping at ``loc`` brings at the start of the next turn."""
    here = state.loc_sheep[loc]
    if here <= 0:
        return 0.0
    bonus = token_value(state, seat) if here == 1 and state.loc_token[loc] else 0
    return SHEEP_HERE * (1 + bonus)


def best_job_at(state: IvorState, seat: int, loc: int) -> tuple[float, int]:
    """The most valuable job in ``seat``'s hand it could complete at ``loc`` now, (value, card)."""
    if state.loc_sheep[loc] > 0 or state.jobs_here >> loc & 1:
        return 0.0, 0
    best = (0.0, 0)
    for card in state.hands[seat]:
        job = JOBS[card]
        if job.location == loc and job_value_for(state, seat, job) > best[0]:
            best = (job_value_for(state, seat, job), card)
    return best


def stop_value(state: IvorState, seat: int, loc: int, moves_after: int) -> float:
    """A place to stop: a job to do there now, then the sheep there next turn, and being near
    the other jobs in hand (weighted by what is left of the turn's free moves)."""
    value, card = best_job_at(state, seat, loc)
    value += 0.0 if value else sheep_value(state, seat, loc)
    for other in state.hands[seat]:
        if other != card:
            job = JOBS[other]
            value += 0.15 * job_value_for(state, seat, job) * NEAR ** max(DIST[loc][job.location] - moves_after, 0)
    return value


def best_move(state: IvorState, seat: int, coal: int, free: int) -> tuple[float, int, int]:
    """The best place to go now with ``coal`` and ``free`` moves: (gain over staying, location,
    coal spent)."""
    here = state.pos[seat]
    blocked = 0
    if state.idris_free < IDRIS_TOKENS:
        blocked = sum(1 << i for i in range(N_LOCS) if state.idris_at[i] >= 0)
    stay = stop_value(state, seat, here, free)
    best = (0.0, -1, 0)
    for dest, options in sorted(move_options(here, free, coal, blocked, state.wagon_at).items()):
        for steps, spend in options:
            left = free - min(steps, free)
            gain = stop_value(state, seat, dest, left) - spend * COAL - stay
            if gain > best[0] + 1e-9:
                best = (gain, dest, spend)
    return best


# ---------------------------------------------------------------- choices
def _move_step(state: IvorState, seat: int, legal: list[Action]) -> Action:
    hand = state.hands[seat]
    jobs = [a for a in legal if a[0] == "job"]
    if jobs:
        return max(jobs, key=lambda a: (job_value_for(state, seat, JOBS[int(a[1])]), -int(a[1])))
    # A special action is worth playing when it brings more than the card is worth kept.
    best_special: tuple[float, Action | None] = (0.0, None)
    for action in legal:
        if action[0] != "special":
            continue
        card = int(action[1])
        gain = special_gain(state, seat, JOBS[card]) - keep_value(state, seat, card)
        if gain > best_special[0]:
            best_special = (gain, action)
    if best_special[1] is not None:
        return best_special[1]
    gain, dest, spend = best_move(state, seat, state.coal[seat], state.moves_left)
    if BUY_COAL in legal:
        bought, _, b_spend = best_move(state, seat, state.coal[seat] + COAL_PER_GOLD, state.moves_left)
        if b_spend > state.coal[seat] and bought - gold_value(state, seat) + COAL_PER_GOLD * COAL > gain + 0.5:
            return BUY_COAL
    if dest >= 0:
        wanted = f"move {LOCS[dest].id} {spend} coal"
        for action in legal:
            if type(action) is MoveAction and str(action) == wanted:
                return action
    if len(hand) >= HAND_LIMIT:
        # About to take a card with a full hand: a far card is better spent on its action.
        specials = [a for a in legal if a[0] == "special"]
        if specials:
            return min(specials, key=lambda a: (keep_value(state, seat, int(a[1])), int(a[1])))
    return END


def special_gain(state: IvorState, seat: int, job: Job) -> float:
    """What playing ``job``'s special action now would bring."""
    kind = job.special
    if kind == "runaway_sheep":
        gains = [runaway_gain(state, seat, i) for i in runaway_targets(state, seat, job.amount)]
        return max(gains, default=0.0)
    if kind == "extra_moves":
        now = best_move(state, seat, state.coal[seat], state.moves_left)[0]
        return best_move(state, seat, state.coal[seat], state.moves_left + job.amount)[0] - now
    if kind == "extra_card":
        return max((take_value(state, seat, c, n) for c, n in zip(state.line, state.line_sheep, strict=True)),
                   default=0.0) - 0.5
    return 0.4  # Sleeping Idris: a block in someone's way


def runaway_targets(state: IvorState, seat: int, reach: int) -> list[int]:
    row = DIST[state.pos[seat]]
    return [i for i in range(N_LOCS) if row[i] <= reach and state.loc_sheep[i] > 0 and state.idris_at[i] < 0]


def runaway_gain(state: IvorState, seat: int, loc: int) -> float:
    last = state.loc_sheep[loc] == 1 and state.loc_token[loc] > 0
    return 1.0 + (token_value(state, seat) if last else 0)


def take_value(state: IvorState, seat: int, card: int, on_card: int) -> float:
    """What taking ``card`` from the line is worth to ``seat``."""
    if card > N_JOBS:
        if state.gold[seat] <= 0:
            return -math.inf
        return event_value(state, seat, EVENTS[card]) + on_card - gold_value(state, seat)
    value = keep_value(state, seat, card)
    if len(state.hands[seat]) >= HAND_LIMIT:
        value -= 1.0 + min((keep_value(state, seat, c) for c in state.hands[seat]), default=0.0)
    return value


def _take(state: IvorState, seat: int, legal: list[Action]) -> Action:
    sheep_on = dict(zip(state.line, state.line_sheep, strict=True))
    return max(legal, key=lambda a: (take_value(state, seat, int(a[1]), sheep_on.get(int(a[1]), 0)), -int(a[1])))


def _discard(state: IvorState, seat: int, legal: list[Action]) -> Action:
    return min(legal, key=lambda a: (keep_value(state, seat, int(a[1])), int(a[1])))


def _idris(state: IvorState, seat: int, legal: list[Action]) -> Action:
    """Block the sheep the others are nearest to."""
    others = [state.pos[s] for s in range(state.players) if s != seat]

    def block(action: Action) -> tuple[float, str]:
        i = LOC_INDEX[str(action[1])]
        return (sum((state.loc_sheep[i] + 0.5) / (1 + DIST[p][i]) for p in others), str(action[1]))

    return max(legal, key=block)


def _runaway(state: IvorState, seat: int, legal: list[Action]) -> Action:
    return max(legal, key=lambda a: (runaway_gain(state, seat, LOC_INDEX[str(a[1])]), str(a[1])))


def _place(state: IvorState, seat: int, legal: list[Action]) -> Action:
    def score(action: Action) -> tuple[float, str]:
        i = LOC_INDEX[str(action[1])]
        near = sum(state.loc_sheep[j] * NEAR ** DIST[i][j] for j in range(N_LOCS) if j != i)
        jobs = sum(keep_value_from(i, c) for c in state.hands[seat])
        return (state.loc_sheep[i] + 0.3 * near + 0.5 * jobs, str(action[1]))

    return max(legal, key=score)


def keep_value_from(loc: int, card: int) -> float:
    job = JOBS[card]
    return job_value(job) * NEAR ** DIST[loc][job.location]


CHOOSERS = {
    MOVE: _move_step,
    TAKE: _take,
    EXTRA_CARD: _take,
    DISCARD: _discard,
    IDRIS: _idris,
    RUNAWAY: _runaway,
    PLACE: _place,
}


def heuristic_choice(state: IvorState, seat: int, legal: list[Action]) -> Action:
    return CHOOSERS[state.phase](state, seat, legal)


class HeuristicBot:
    """Plays each small action of a turn by the rules above (deterministic; the seed is unused
    but accepted, as every game bot takes one)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action now")
        assert isinstance(state, IvorState)
        return heuristic_choice(state, seat, legal)


def _quick_move_step(state: IvorState, seat: int, legal: list[Action]) -> Action:
    """The move step for playouts, in one pass over the legal actions: the best job here,
    else the stop whose job or sheep is worth most (less its coal), else end."""
    best: tuple[float, Action] = (0.0, END)
    here = state.pos[seat]
    hand = state.hands[seat]
    stay = SHEEP_HERE if state.loc_sheep[here] > 0 else 0.0
    for action in legal:
        kind = action[0]
        if kind == "job":
            value = 100.0 + job_value(JOBS[int(action[1])])
        elif type(action) is MoveAction:
            dest = LOC_INDEX[action.destination]
            if state.loc_sheep[dest] > 0:
                value = SHEEP_HERE
            else:
                value = max((job_value(JOBS[c]) for c in hand if JOBS[c].location == dest), default=0.0)
            value -= action.coal * COAL + stay
        else:
            continue
        if value > best[0]:
            best = (value, action)
    return best[1]


def rollout_policy(state: State, seat: int, rng: Random) -> Action:
    """A fast heuristic move with some randomness, for search playouts: the heuristic bot's
    choices, but a one-pass move step (no specials, no coal buying) and a random legal
    action one time in ten."""
    legal = state._legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if rng.random() < 0.1:
        return legal[rng.randrange(len(legal))]
    assert isinstance(state, IvorState)
    if state.phase == MOVE:
        return _quick_move_step(state, seat, legal)
    return heuristic_choice(state, seat, legal)


class GreedyBot(HeuristicBot):
    """The same player under the name the other games' heuristic bots also answer to (``--bots greedy``)."""

    name = "greedy"


BOTS = (HeuristicBot, GreedyBot)
