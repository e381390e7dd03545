"""The flow of a round: set-up choices, whose turn it is, the end of a round and of the game.

Free functions on the state, called by the outside and village actions and
by ``rules.py``'s dispatch table.
"""

from __future__ import annotations

from meeple.games.ibyron.data import (
    BANK,
    COINS,
    DATA,
    DONE,
    FARM,
    FOOD,
    FRONT,
    GARDEN,
    OUTSIDE,
    RES_INDEX,
    RES_MAX,
    S_BONUS,
    S_HIRE,
    S_OFFER,
    S_OVER,
    S_PLACE,
    S_START,
    S_TURN,
    STACK,
    VILLAGE,
)
from meeple.games.ibyron.position import IbyronPosition


def add(values: list[int], index: int, amount: int) -> None:
    """Move a resource track, keeping it within its printed range (excess is lost)."""
    values[index] = max(0, min(RES_MAX[index], values[index] + amount))


def gain(s: IbyronPosition, p: int, what: tuple[tuple[str, int], ...], extra: int) -> None:
    """Gain resources (and horses, as far as the supply has them), ``extra`` more of each."""
    for key, amount in what:
        n = amount + extra
        if key == "horse":
            n = min(n, s.horse_supply)
            s.horse_supply -= n
            s.horses[p] += n
        else:
            add(s.res[p], RES_INDEX[key], n)


def gain_mat_building(s: IbyronPosition, p: int, b: int) -> None:
    s.mat[p][b] = True
    if b == BANK:
        add(s.res[p], COINS, DATA["starting_buildings"][BANK]["coins"])
    elif b == GARDEN:
        add(s.res[p], FOOD, DATA["starting_buildings"][GARDEN]["food"])


def retrieve(s: IbyronPosition, p: int, b: int) -> None:
    """A reserve stack comes back to the rest box and the starting building under it is gained."""
    s.reserve[p].remove(b)
    s.rest[p] += STACK
    gain_mat_building(s, p, b)


# ----------------------------------------------------------------- set-up
def choose_start(s: IbyronPosition, p: int, b: int) -> None:
    s.reserve[p] = [i for i in range(3) if i != b]
    gain_mat_building(s, p, b)


def settle_home(s: IbyronPosition, p: int, cell: int) -> None:
    """The leader, well and starting farm go on the chosen field; the last seat's choice starts the game."""
    s.home[p] = cell
    s.leader[p] = cell
    s.buildings[cell] = (p, (FARM,))
    if p + 1 < s.players:
        s.current = p + 1
        s.step = S_START
        return
    # bonus spaces drawn at random; the lowest number starts; the start player rolls the dice
    spaces = list(range(len(FRONT)))
    s.rng.shuffle(spaces)
    lowest, first = 99, 0
    for q in range(s.players):
        k = spaces[q]
        gain(s, q, FRONT[k]["gain_t"], 0)
        if s.solo:
            s.solo_used[k] = True
        if FRONT[k]["number"] < lowest:
            lowest, first = FRONT[k]["number"], q
    s.start_player = first
    s.dice = sorted(s.rng.randint(1, 6) for _ in range(4))
    begin_round(s)


# ------------------------------------------------------------------ turns
def begin_round(s: IbyronPosition) -> None:
    s.round += 1
    s.extra_tile = False
    for p in range(s.players):
        s.phase[p] = OUTSIDE
        s.forfeit[p] = 0
        s.leader[p] = s.home[p]
        s.mayor[p] = True
    s.current = s.start_player
    start_turn(s)


def start_turn(s: IbyronPosition) -> None:
    """Give the turn to ``current`` or the next seat that still has something to do."""
    phase = s.phase  # read once: this runs after nearly every move
    for _ in range(s.players + 1):
        p = s.current
        here = phase[p]
        if here == OUTSIDE:
            if s.supply[p]:
                s.step = S_TURN
                return
            enter_village(s, p, 0)
            here = VILLAGE
        if here == VILLAGE:
            if s.vbox[p] == 0 and not s.mayor[p]:
                s.pending_forfeit = 0
                s.step = S_BONUS
            else:
                s.step = S_TURN
            return
        s.current = (p + 1) % s.players
    end_round(s)


def end_turn(s: IbyronPosition) -> None:
    if s.over:
        return
    s.current = (s.current + 1) % s.players
    start_turn(s)


def enter_village(s: IbyronPosition, p: int, forfeited: int) -> None:
    """The leader goes to the resource track; horses over the stable limit go back."""
    s.phase[p] = VILLAGE
    s.forfeit[p] = forfeited
    s.leader[p] = -1
    lost = max(0, s.horses[p] - s._keep_horses(p))
    s.horses[p] -= lost
    s.horse_supply += lost


def player_done(s: IbyronPosition, p: int) -> None:
    s.phase[p] = DONE
    s.pending_forfeit = 0
    end_turn(s)


# ------------------------------------------------------------ end of round
def end_round(s: IbyronPosition) -> None:
    # cleanup
    for space in s.stacks:
        for owner, _, discs in space:
            s.rest[owner] += discs
        space.clear()
    for p in range(s.players):
        s.mayor[p] = True
        ov = s.overseer[p]
        for o in range(2):
            if ov[o] in s.reserved:
                ov[o] = -1
    s.reserved.clear()
    s.bonus_taken = [-1] * len(FRONT)
    # feeding: food value free, then as many as were forfeited outside
    for p in range(s.players):
        fed = min(s.rest[p], s.res[p][FOOD])
        s.rest[p] -= fed
        s.supply[p] += fed
        back = min(s.rest[p], s.forfeit[p])
        s.rest[p] -= back
        s.supply[p] += back
    order = [(s.start_player + i) % s.players for i in range(s.players)]
    s.hire_queue = [p for p in order if s.rest[p] > 0 and s.res[p][COINS] > 0]
    next_hire(s)


def next_hire(s: IbyronPosition) -> None:
    if s.hire_queue:
        s.current = s.hire_queue.pop(0)
        s.step = S_HIRE
        return
    finish_round(s)


def cap_coins(s: IbyronPosition) -> None:
    """Coins above each player's limit (2, Bank 5, Treasury 10) are lost."""
    for p in range(s.players):
        r = s.res[p]
        r[COINS] = min(r[COINS], s._coins_kept(p))


def finish_round(s: IbyronPosition) -> None:
    cap_coins(s)
    for i in range(4):
        if s.dice_used[i]:
            s.dice[i] = s.rng.randint(1, 6)
            s.dice_used[i] = False
    s.dice.sort()
    if s.round >= s.round_limit:
        finish_game(s, "rounds" if s.beginner else "safety_cap")
        return
    s.start_player = (s.start_player + 1) % s.players
    s.current = s.start_player
    if s.solo:
        solo_bonus_cycle(s)
    if s.beginner:
        draw_and_place(s)
    elif s.tiles:
        s.step = S_OFFER
    else:
        begin_round(s)


def solo_bonus_cycle(s: IbyronPosition) -> None:
    if all(s.solo_used):
        s.solo_used = [False] * len(FRONT)


def draw_and_place(s: IbyronPosition) -> None:
    """Beginner/solo: the start player adds the top tile of the face-down pile."""
    if s.tiles and s._any_anchor():
        s.pending_tile = s.tiles.pop(0)
        s.step = S_PLACE
    else:
        begin_round(s)


def finish_game(s: IbyronPosition, reason: str) -> None:
    """End the game: ``workers`` (a player housed all but 3), ``rounds`` or ``safety_cap``."""
    s.over = True
    s.step = S_OVER
    s.ended_by = reason
    n = s.players
    if s.beginner:
        vp = [s.victory_points(p) for p in range(n)]
        if s.solo:
            # the rulebook's solo game is a score to beat, with nothing to lose to: its one seat finishes it
            s.winner_seats = (0,)
            return
        best = max(vp)
        s.winner_seats = tuple(p for p in range(n) if vp[p] == best)
        return
    if s.triggered >= 0:
        s.winner_seats = (s.triggered,)
        return
    # round limit reached: fewest loose discs (most discs in buildings), then victory points
    key = [(s.in_buildings[p], s.victory_points(p)) for p in range(n)]
    best_key = max(key)
    s.winner_seats = tuple(p for p in range(n) if key[p] == best_key)
