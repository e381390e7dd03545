"""Ibyron in words: the four hooks ``GameInfo`` wires (``label``, ``narrate``, ``summarize``, ``undo_barrier``).

The label of each move is written in ``labels.py`` and re-exported here; this
module tells what follows from a move, the end summary, and which moves cannot
be taken back.

Everything here compares the position before a move with the one after it
(pure functions, nothing changed). Ibyron hides only the order of the
beginner game's face-down pile, and a tile drawn from it is shown to
everyone, so every consequence line is for everyone (``seats=None``); a line
never names a tile before it has left the pile.

Consequences told: the bonus deal, start player and dice that finish the
set-up; a player going to the village and the horses that go back; a camp
used up, a grain field harvested, a reserve stack coming back; a tile drawn
from the pile; the round's end (feeding, coins lost over the limit, dice
re-rolled, the new start player and their tile) and the game's end.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core import Action
from meeple.core.words import EndSummary, LogLine, ScoreLine, SeatResult, seat_name
from meeple.games.ibyron.data import (
    BUILDINGS,
    CAMPS,
    COINS,
    COINS_MAX,
    COSTS,
    DATA,
    DONE,
    FOOD,
    FRONT,
    GATE,
    GOLD,
    MARKET_BOXES,
    MAT_BUILDINGS,
    OUTSIDE,
    RES_INDEX,
    S_BONUS,
    S_HOME,
    S_MARKET,
    S_MOVED,
    S_OFFER,
    S_OVERSEE,
    S_PLACE,
    S_RETRIEVE,
    S_TAKE,
    SOLO_EXTRA_COINS,
    START_TILE_PRICE,
    VILLAGE,
    B,
)
from meeple.games.ibyron.island import xy
from meeple.games.ibyron.labels import CAMP_NAMES, MAT_NAMES, START_WORDS, bonus_gain, label, plural, tile_words
from meeple.games.ibyron.position import IbyronPosition
from meeple.games.ibyron.scoring import loose_discs, point_lines

__all__ = ["label", "narrate", "summarize", "undo_barrier"]

Names = Sequence[str] | None

# Steps that continue the mover's turn: a move that leaves the game at any other step ended the turn.
IN_TURN = frozenset({S_HOME, S_MOVED, S_OVERSEE, S_MARKET, S_RETRIEVE, S_TAKE, S_BONUS, S_PLACE})


# ------------------------------------------------------------------ barriers
def undo_barrier(before: object, action: Action, seat: int, after: object) -> bool:
    """A tile left the face-down pile (seen by everyone now), or the move ended the mover's turn.

    Ending the turn is a barrier because in the solo game, and whenever the
    other players are done for the round, the same seat moves again at once.
    """
    assert isinstance(before, IbyronPosition) and isinstance(after, IbyronPosition)
    if before.beginner and len(after.tiles) < len(before.tiles) and action.kind in ("visit", "extra", "bonus",
                                                                                    "hire", "decline", "place"):
        return True
    return after.over or after.step not in IN_TURN


# ---------------------------------------------------------------- narration
def narrate(before: object, action: Action, seat: int, after: object, names: Names) -> list[LogLine]:
    """The automatic consequences of ``action`` by ``seat``, every line for everyone."""
    assert isinstance(before, IbyronPosition) and isinstance(after, IbyronPosition)
    texts: list[str] = []
    if before.round == 0 and after.round == 1:
        texts += _setup_lines(before, after, names)
    texts += _village_entries(before, action, seat, after, names)
    texts += _camp_lines(before, action, seat, after, names)
    texts += _drawn_tile(before, action, seat, after, names)
    if _round_closed(before, action, seat):
        texts += _feeding(before, after, names)
    texts += _coins_lost(before, action, seat, after, names)
    texts += _round_turnover(before, after, names)
    return [LogLine(text) for text in texts]


def _setup_lines(before: IbyronPosition, after: IbyronPosition, names: Names) -> list[str]:
    """The bonus deal (each seat's resources grew by exactly one front space), start player, dice."""
    dealt = []
    for q in range(after.players):
        for sp in FRONT:
            if _gained(before, after, q) == dict(sp["gain_t"]):
                dealt.append(f"{seat_name(names, q)} space {sp['number']}")
                break
    lines = [f"Bonus spaces dealt: {', '.join(dealt)}."] if dealt else []
    if after.players > 1:
        lines.append(f"{seat_name(names, after.start_player)} has the lowest number and is the start player.")
    lines.append(f"Market dice rolled: {_dice_words(after)}.")
    return lines


def _gained(before: IbyronPosition, after: IbyronPosition, q: int) -> dict[str, int]:
    out = {key: after.res[q][i] - before.res[q][i] for key, i in RES_INDEX.items()
           if after.res[q][i] != before.res[q][i]}
    if after.horses[q] != before.horses[q]:
        out["horse"] = after.horses[q] - before.horses[q]
    return out


def _dice_words(s: IbyronPosition) -> str:
    return ", ".join(f"{MARKET_BOXES[i]} ${s.dice[i]}" for i in range(4))


def _horses_spent(before: IbyronPosition, action: Action, seat: int) -> int:
    """Horses the move itself spends (net of a Castle Gate's gain), before any go back at the village."""
    kind = action.kind
    if kind == "move":
        return int(action.args[2])
    if kind == "hurry" or (kind == "gather" and len(action.args) > 2):
        return 1
    if kind == "build":
        b = B[str(action.args[0])]
        spent = COSTS[b][4]
        if b == GATE:
            spent -= min(int(DATA["castle_gate"]["horses"]), before.horse_supply + spent)
        return spent
    return 0


def _village_entries(
    before: IbyronPosition, action: Action, seat: int, after: IbyronPosition, names: Names
) -> list[str]:
    lines = []
    for q in range(after.players):
        if before.phase[q] != OUTSIDE or after.phase[q] != VILLAGE:
            continue
        who = seat_name(names, q)
        forfeited = action.kind == "forfeit" and q == seat
        text = f"{who} goes to the village" if forfeited else f"{who}'s supply is empty: {who} goes to the village"
        held = before.horses[q] - (_horses_spent(before, action, seat) if q == seat else 0)
        lost = held - after.horses[q]
        if lost > 0:
            text += f" and returns {plural(lost, 'horse')} to the Stablehand"
        lines.append(text + ".")
    return lines


def _camp_lines(before: IbyronPosition, action: Action, seat: int, after: IbyronPosition, names: Names) -> list[str]:
    who = seat_name(names, seat)
    lines = []
    if action.kind == "gather":
        cell = before.overseer[seat][int(action.args[0])]
        if cell not in after.camps:
            kind = before.camps[cell][1]
            lines.append(f"{who}'s {CAMP_NAMES[kind]} at {xy(cell)} is used up: "
                         f"its overseer comes back.")
    if action.kind == "visit" and action.args[0] == "farmer" and "barn" not in action.args:
        cell = before._grain_field(seat)
        if cell not in after.camps:
            text = f"{who}'s grain field is harvested: +{CAMPS['grain_food']} food"
            if after.barns[seat] < before.barns[seat]:
                text += ", and a barn goes back to the Farmer"
            lines.append(text + ".")
    if action.kind != "retrieve":
        for b in before.reserve[seat]:
            if b not in after.reserve[seat]:
                name = MAT_BUILDINGS[b]
                lines.append(f"A reserve stack comes back to {who}'s rest box: {who} gains the "
                             f"{MAT_NAMES[name]} ({START_WORDS[name]}).")
    if after.step == S_RETRIEVE and before.step != S_RETRIEVE:
        lines.append(f"{who}'s ship is unloaded: {who} chooses which reserve stack comes back.")
    return lines


def _drawn_tile(before: IbyronPosition, action: Action, seat: int, after: IbyronPosition, names: Names) -> list[str]:
    """A tile off the face-down pile is shown to everyone once drawn (only the pile's order is secret)."""
    if not before.beginner or len(after.tiles) >= len(before.tiles):
        return []
    who = seat_name(names, after.current if after.pending_tile >= 0 else seat)
    if after.pending_tile >= 0 and after.pending_tile != before.pending_tile:
        why = f" (+${SOLO_EXTRA_COINS} once laid)" if action.kind == "extra" else ""
        return [f"{who} draws {tile_words(after.pending_tile)} from the pile to lay now{why}."]
    if after.held[seat] >= 0 and before.held[seat] < 0:
        return [f"{who} draws {tile_words(after.held[seat])} from the pile."]
    return []


def _round_closed(before: IbyronPosition, action: Action, seat: int) -> bool:
    """The last bonus of a round: everyone is then done and the round ends in the same move."""
    return action.kind == "bonus" and all(before.phase[q] == DONE for q in range(before.players) if q != seat)


def _feeding(before: IbyronPosition, after: IbyronPosition, names: Names) -> list[str]:
    """Discs back from the village board, then fed into the supply (food value), then the forfeited ones."""
    lines = [f"Round {before.round} is over: the discs on the village board go back to the rest boxes."]
    for q in range(after.players):
        rest = before.rest[q] + sum(d for space in before.stacks for owner, _, d in space if owner == q)
        food = after.res[q][FOOD]
        fed = min(rest, food)
        back = min(rest - fed, before.forfeit[q])
        text = f"Feeding: {seat_name(names, q)} takes {plural(fed, 'disc')} back into the supply (food {food})"
        if back:
            text += f", and {back} more for the discs forfeited outside"
        left = rest - fed - back
        lines.append(text + (f"; {left} stay in the rest box." if left else "."))
    return lines


def _coins_before_cap(before: IbyronPosition, action: Action, seat: int, q: int) -> int:
    """Seat ``q``'s coins after the move's own payments and gains, before any are lost over the limit."""
    coins = before.res[q][COINS]
    if q == seat:
        if action.kind == "hire":
            coins -= int(action.args[0])
        elif action.kind == "bonus":
            gain, extra = bonus_gain(before, action)
            coins += sum(n + extra for key, n in gain if key == "coins")
        elif action.kind == "place" and before.extra_tile:
            coins += SOLO_EXTRA_COINS
    return max(0, min(COINS_MAX, coins))


def _coins_lost(before: IbyronPosition, action: Action, seat: int, after: IbyronPosition, names: Names) -> list[str]:
    if action.kind not in ("bonus", "hire", "decline", "place"):
        return []
    lines = []
    for q in range(after.players):
        lost = _coins_before_cap(before, action, seat, q) - after.res[q][COINS]
        if lost > 0:
            lines.append(f"{seat_name(names, q)} loses ${lost} over the limit of ${after._coins_kept(q)}.")
    return lines


def _round_turnover(before: IbyronPosition, after: IbyronPosition, names: Names) -> list[str]:
    """Dice re-rolled, the game's end, a new start player and their tile, a new round."""
    lines = []
    if any(before.dice_used) and not any(after.dice_used):
        lines.append(f"The set-aside dice are re-rolled: {_dice_words(after)}.")
    if after.over and not before.over:
        lines.append(_end_sentence(after, names))
        return lines
    if after.start_player != before.start_player and before.round:
        who = seat_name(names, after.start_player)
        text = f"{who} is the start player now"
        if after.step == S_OFFER:
            text += f" and may buy a face-up tile for ${START_TILE_PRICE}"
        lines.append(text + ".")
    if after.round > before.round and before.round:
        lines.append(f"Round {after.round} begins: every leader is back on its home space.")
    return lines


# ------------------------------------------------------------------ the end
def _who(names: Names, seats: Sequence[int]) -> str:
    return " and ".join(seat_name(names, q) for q in seats) or "nobody"


def _end_sentence(s: IbyronPosition, names: Names) -> str:
    winners = tuple(s.winners)
    reason = s.end_reason
    if reason == "workers":
        who = seat_name(names, s.triggered)
        left = loose_discs(s.in_buildings[s.triggered])
        if s.beginner:
            return (f"{who} has only {plural(left, 'worker disc')} outside buildings, which ends the game early; "
                    f"points decided it: {_who(names, winners)} won.")
        return f"{who} has only {plural(left, 'worker disc')} outside buildings and wins the race."
    if reason == "rounds":
        if s.solo:
            return (f"The solo game is over after round {s.round}: {seat_name(names, 0)} scored "
                    f"{s.victory_points(0)} points, the score to beat.")
        return f"The last round ({s.round}) is over and points decided it: {_who(names, winners)} won."
    return (f"The round limit ({s.round_limit}) decided it: {_who(names, winners)} had the most discs in "
            f"buildings.")


def _disc_lines(s: IbyronPosition, p: int) -> tuple[ScoreLine, ...]:
    """A standard game's result: the discs standing in each kind of building."""
    lines = [ScoreLine("Starting farm", 1.0)]
    for bd in BUILDINGS:
        count = s.built[p][bd.index]
        if count:
            lines.append(ScoreLine(f"{count} × {bd.name} ({plural(bd.discs, 'disc')} each)",
                                   float(count * bd.discs)))
    return tuple(lines)


def _point_lines(s: IbyronPosition, p: int) -> tuple[ScoreLine, ...]:
    castle_height = len(s.buildings[s.castle[p]][1]) if s.castle[p] >= 0 else 0
    parts = point_lines(s.built[p], sum(s.mat[p]), castle_height, s.res[p][GOLD], s.res[p][COINS],
                        s.res[p][FOOD], s.in_buildings[p], len(s.reserve[p]))
    return tuple(ScoreLine(text, float(value)) for text, value in parts)


def summarize(state: object, names: Names) -> EndSummary:
    """Why the game ended and each seat's breakdown (``GameInfo.summarizer``)."""
    assert isinstance(state, IbyronPosition)
    s = state
    results = []
    top_discs = max(s.in_buildings)
    tied = [q for q in range(s.players) if s.in_buildings[q] == top_discs]
    for p in range(s.players):
        if s.beginner:
            lines = _point_lines(s, p)
            note = ""
        else:
            lines = _disc_lines(s, p)
            note = ""
            if s.end_reason == "safety_cap" and len(tied) > 1 and p in tied:
                note = f"tied on discs in buildings; beginner points broke the tie: {s.victory_points(p)}"
        results.append(SeatResult(seat=p, total=s.scores[p], lines=lines, note=note))
    return EndSummary(reason=_end_sentence(s, names), seats=tuple(results), winners=tuple(s.winners))

