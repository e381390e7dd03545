"""Isle of Skye in words: move labels, the log's consequences, the end summary and undo.

Everything here is a pure function of states (and the public tile data); the
views reuse the small helpers (:func:`tile_words`, :func:`spot_words`,
:func:`turn_words`) for their hover help. ``rules.py`` never imports this
module; ``__init__.py`` wires it into the game's ``GameInfo``.

Secrecy: the hidden pricing phase is the only secret. The label of a discard
or a price is read only by its own seat (``observe.move_text`` hides those
moves from the others), so it may name the tile and the gold left behind the
screen. Buying and building are public, and their labels use only what the
observation shows (offers, prices once revealed, territories). Consequences
during pricing say only who has finished choosing; prices and discards appear
once everyone has chosen, when they are revealed to all.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from meeple.core import Action, State
from meeple.core.words import EndSummary, Labeler, LogLine, ScoreLine, SeatResult, seat_name, third_person
from meeple.games.isle_of_skye.actions import BUILD, BUY, OVER, PRICE
from meeple.games.isle_of_skye.data import DX, DY, LETTERS, TERRAIN_NAMES, TILES, rotated_terrain
from meeple.games.isle_of_skye.scoring import SCORING_TILES, SCROLL_TEXT

if TYPE_CHECKING:
    from meeple.games.isle_of_skye.rules import IsleOfSkyeState

# Sides as a person reads the board (North is up), in direction order N E S W.
SIDE_WORDS = ("above", "right of", "below", "left of")
SIDE_SHORT = ("top", "right", "bottom", "left")
TURN_WORDS = (
    "Keep tile {tid} as printed",
    "Turn tile {tid} a quarter turn clockwise",
    "Turn tile {tid} half a turn",
    "Turn tile {tid} three quarters clockwise",
)
PLURAL = {"sheep": "sheep", "cattle": "cattle", "whisky": "whisky barrels", "farm": "farms", "broch": "brochs"}


# ------------------------------------------------------------------ tiles
def feature_words(name: str, count: int) -> str:
    """ "a farm", "2 sheep", "3 ships"."""
    if count == 1:
        return {"sheep": "1 sheep", "cattle": "1 cattle", "whisky": "a whisky barrel"}.get(name, f"a {name}")
    return f"{count} {PLURAL.get(name, name + 's')}"


def tile_contents(tid: int) -> str:
    """What a tile holds in a few words: its features and scroll, else its terrains."""
    tile = TILES[tid]
    if tile.kind == "castle":
        return "castle"
    parts = [feature_words(name, count) for name, count in tile.features]
    if tile.scroll:
        parts.append(f"a {tile.scroll} scroll: {SCROLL_TEXT[tile.scroll]}")
    if not parts:
        terrains = dict.fromkeys(tile.centre + tile.edges)
        parts.append(" and ".join(TERRAIN_NAMES[t] for t in terrains))
    return ", ".join(parts)


def tile_words(tid: int) -> str:
    """ "tile 23 (2 sheep, a farm)": the id and what the tile holds."""
    if TILES[tid].kind == "castle":
        return "the castle"
    return f"tile {tid} ({tile_contents(tid)})"


def clan(seat: int) -> str:
    """ "the yellow clan": a seat as the labels name it (labels have no player names)."""
    return f"the {TILES[seat].colour} clan"


# ------------------------------------------------------------------ places
def offset_words(x: int, y: int) -> str:
    """ "2 right and 1 up from your castle"."""
    parts = []
    if x:
        parts.append(f"{abs(x)} {'right' if x > 0 else 'left'}")
    if y:
        parts.append(f"{abs(y)} {'down' if y > 0 else 'up'}")
    return " and ".join(parts) + " from your castle"


def spot_words(cells: dict[tuple[int, int], tuple[int, int]], x: int, y: int, tid: int) -> str:
    """Where square (x, y) is, told by the tile beside it: "Put tile 23 below your
    castle", "Put tile 23 right of tile 41 (2 right and 1 up from your castle)"."""
    what = f"tile {tid}" if tid >= 0 else "it"
    for d in range(4):
        neighbour = (x + DX[d], y + DY[d])
        if neighbour == (0, 0):
            return f"Put {what} {SIDE_WORDS[(d + 2) % 4]} your castle"
    for d in range(4):
        neighbour = (x + DX[d], y + DY[d])
        if neighbour in cells:
            return f"Put {what} {SIDE_WORDS[(d + 2) % 4]} tile {cells[neighbour][0]} ({offset_words(x, y)})"
    return f"Put {what} {offset_words(x, y)}"


def turn_words(tid: int, rot: int) -> str:
    """A rotation and what then faces each side: "Turn tile 23 a quarter turn
    clockwise: water at the top, pasture right, ...; road to the left"."""
    tile = TILES[tid]
    sides = ", ".join(f"{TERRAIN_NAMES[rotated_terrain(tile, rot, d)]} {SIDE_SHORT[d]}" for d in range(4))
    roads = [SIDE_SHORT[(e + rot) % 4] for group in tile.roads for e in group]
    ordered = [side for side in SIDE_SHORT if side in roads]
    road_text = f"; road at the {' and '.join(ordered)}" if ordered else ""
    return f"{TURN_WORDS[rot].format(tid=tid)}: {sides}{road_text}"


# ------------------------------------------------------------------ labels
def _label(game: State, action: Action, seat: int) -> str:
    """``action`` in words for ``seat``, on the position before it (``GameInfo.labeler``)."""
    state = cast("IsleOfSkyeState", game)  # (the hook is declared for any game's state)
    kind, args = action.kind, action.args
    if kind == "discard":
        return f"Discard {tile_words(int(args[0]))} back to the bag"
    if kind == "price":
        return _price_label(state, int(args[0]), seat)
    if kind == "buy":
        return _buy_label(state, int(args[0]))
    if kind == "pass":
        return "Pass: buy no tile this round"
    if kind == "place":
        return f"Place {tile_words(int(args[0]))} next"
    if kind == "spot":
        return spot_words(state.placed[seat], int(args[0]), int(args[1]), state.pick_tile)
    if kind == "rotate":
        return turn_words(state.pick_tile, int(args[0]) // 90)
    return str(action)


def _told(game: State, action: Action, seat: int, names: Sequence[str] | None) -> str:
    """The move as the log tells it, after the mover's name ("puts tile 23 below their castle")."""
    if action.kind == "place":
        return f"chooses {tile_words(int(action.args[0]))} to place next"
    return third_person(_label(game, action, seat))


# The label for the mover (buttons, prompts) and the move as the log tells it.
label = Labeler(_label, _told)


def _price_label(state: IsleOfSkyeState, price: int, seat: int) -> str:
    waiting = state._to_price(seat)
    if not waiting:
        return f"Ask {price} gold"
    tid = state.drawn[seat][waiting[0]]
    left = state.gold[seat] - price
    return f"Ask {price} gold for {tile_words(tid)} ({left} gold left behind your screen)"


def _buy_label(state: IsleOfSkyeState, tid: int) -> str:
    for seller in range(state.players):
        if tid in state.drawn[seller]:
            price = state.prices[seller][state.drawn[seller].index(tid)]
            return f"Buy {tile_words(tid)} from {clan(seller)} for {price} gold"
    return f"Buy {tile_words(tid)}"


# ------------------------------------------------------------- consequences
def narrate(
    game_before: State, action: Action, seat: int, game_after: State, names: Sequence[str] | None
) -> list[LogLine]:
    """The automatic consequences of ``action``, in the order they happened; all
    public (the hidden choices are told only when everyone has made them)."""
    before = cast("IsleOfSkyeState", game_before)  # (the hook is declared for any game's state)
    after = cast("IsleOfSkyeState", game_after)
    lines: list[str] = []
    if action.kind == "buy":
        lines.extend(_sale_lines(before, int(action.args[0]), seat, names))
    if before.phase == PRICE and after.done[seat] and not before.done[seat] and after.phase == PRICE:
        lines.append(f"{seat_name(names, seat)} has set their prices")
    if before.phase == PRICE and after.phase != PRICE:
        lines.extend(_reveal_lines(after, names))
    if before.phase == BUY and after.phase != BUY:
        lines.extend(_kept_lines(before, action, names))
    lines.extend(_returned_lines(before, action, seat, after, names))
    if before.phase == BUILD and after.builder != before.builder and after.phase == BUILD:
        lines.append(f"{seat_name(names, after.builder)} builds next")
    lines.extend(_scoring_lines(before, after, names))
    if after.round != before.round:
        lines.extend(_round_start_lines(after, names))
    return [LogLine(text) for text in lines]


def _sale_lines(before: IsleOfSkyeState, tid: int, buyer: int, names: Sequence[str] | None) -> list[str]:
    for seller in range(before.players):
        if tid in before.drawn[seller]:
            price = before.prices[seller][before.drawn[seller].index(tid)]
            return [
                f"{seat_name(names, buyer)} pays {price} gold; {seat_name(names, seller)} receives it "
                f"and the {price} gold staked on tile {tid}: {2 * price} gold"
            ]
    return []


def _reveal_lines(state: IsleOfSkyeState, names: Sequence[str] | None) -> list[str]:
    """The screens come down: each seat's discard and prices (``state`` is the
    position with every choice made, before the buying)."""
    lines = ["Everyone has chosen: the prices are revealed"]
    for s in range(state.players):
        discard = state.discarded[s]
        if discard < 0:
            continue
        prices = ", ".join(
            f"tile {t} for {p} gold" for t, p in zip(state.drawn[s], state.prices[s], strict=True) if t != discard
        )
        lines.append(f"{seat_name(names, s)} puts tile {discard} back in the bag and offers {prices or 'nothing'}")
    return lines


def _just_bought(action: Action) -> int:
    """The tile this move buys (-1: none)."""
    return int(action.args[0]) if action.kind == "buy" else -1


def _kept_lines(before: IsleOfSkyeState, action: Action, names: Sequence[str] | None) -> list[str]:
    """Buying is over: unsold tiles stay with their owners, whose stakes are lost."""
    lines = []
    for s in range(before.players):
        for index, tid in enumerate(before.drawn[s]):
            if tid == before.discarded[s] or before.sold_to[s][index] >= 0 or tid == _just_bought(action):
                continue
            stake = before.prices[s][index]
            lost = f" and loses the {stake} gold staked on it" if stake else ""
            lines.append(f"{seat_name(names, s)} keeps tile {tid}{lost}")
    return lines


def _owned_for_building(before: IsleOfSkyeState, action: Action, seat: int, after: IsleOfSkyeState) -> list[set[int]]:
    """Each seat's tiles to place, as of this move (received, kept or just bought)."""
    owned = [set(tiles) for tiles in before.received]
    bought = _just_bought(action)
    if bought >= 0:
        owned[seat].add(bought)
    if before.phase == BUY and after.phase != BUY:
        for s in range(before.players):
            for index, tid in enumerate(before.drawn[s]):
                if tid != before.discarded[s] and before.sold_to[s][index] < 0 and tid != bought:
                    owned[s].add(tid)
    return owned


def _returned_lines(
    before: IsleOfSkyeState, action: Action, seat: int, after: IsleOfSkyeState, names: Sequence[str] | None
) -> list[str]:
    """Tiles that fit nowhere in a territory go back into the bag."""
    if before.phase == PRICE or (before.phase == BUY and after.phase == BUY):
        return []
    lines = []
    for s, tiles in enumerate(_owned_for_building(before, action, seat, after)):
        placed = {tid for tid, _rot in after.placed[s].values()}
        kept = set(after.received[s]) if after.round == before.round else set()
        returned = sorted(tiles - placed - kept)
        if returned:
            which = ", ".join(f"tile {t}" for t in returned)
            lines.append(f"{seat_name(names, s)} cannot place {which}: back into the bag")
    return lines


def _scoring_lines(before: IsleOfSkyeState, after: IsleOfSkyeState, names: Sequence[str] | None) -> list[str]:
    lines = []
    for number, letter, points in after.scored[len(before.scored) :]:
        tile = SCORING_TILES[after.scoring[LETTERS.index(letter)]]
        each = ", ".join(f"{seat_name(names, s)} {p}" for s, p in enumerate(points))
        lines.append(f"Round {number} scoring {letter} ({tile.title}): {each}")
    if after.final is not None and before.final is None:
        for s, final in enumerate(after.final):
            lines.append(
                f"{seat_name(names, s)}: scrolls {final['scroll_points']} VP, {final['gold']} gold "
                f"{final['gold_points']} VP, total {final['total']} VP"
            )
    return lines


def _round_start_lines(after: IsleOfSkyeState, names: Sequence[str] | None) -> list[str]:
    """Income and the new draws (the drawn tiles are shown to everyone)."""
    if after.phase == OVER:
        return []
    lines = [f"Round {after.round} begins; {seat_name(names, after.start)} is start player"]
    for s in range(after.players):
        castle, whisky, catch_up = after.income(s)
        lines.append(
            f"{seat_name(names, s)} receives {castle + whisky + catch_up} gold "
            f"(castle {castle}, whisky {whisky}, catch-up {catch_up})"
        )
    for s in range(after.players):
        if after.drawn[s]:
            lines.append(f"{seat_name(names, s)} draws " + ", ".join(f"tile {t}" for t in after.drawn[s]))
    return lines


# -------------------------------------------------------------------- undo
def undo_barrier(game_before: State, action: Action, seat: int, game_after: State) -> bool:
    """The move that brings the screens down reveals every price and discard; a
    move that ends a seat's turn when that same seat moves next (the last buyer
    building first) also stands, so undo never crosses a turn."""
    before = cast("IsleOfSkyeState", game_before)  # (the hook is declared for any game's state)
    after = cast("IsleOfSkyeState", game_after)
    if before.phase == PRICE and (after.phase != PRICE or after.round != before.round):
        return True
    turn_over = after.phase != before.phase or after.round != before.round
    return turn_over and seat in after.to_move


# ----------------------------------------------------------------- summary
def summarize(game: State, names: Sequence[str] | None) -> EndSummary:
    """Why the game ended and where each seat's points came from."""
    state = cast("IsleOfSkyeState", game)  # (the hook is declared for any game's state)
    winners = tuple(state.winners)
    results = tuple(
        SeatResult(seat=s, total=float(state.vp[s]), lines=_score_lines(state, s), note=_tie_note(state, s, winners))
        for s in range(state.players)
    )
    reason = _reason(state, winners, names)
    return EndSummary(reason=reason, seats=results, winners=winners)


def _score_lines(state: IsleOfSkyeState, seat: int) -> tuple[ScoreLine, ...]:
    lines = [
        ScoreLine(
            f"Round {number}, {letter}: {SCORING_TILES[state.scoring[LETTERS.index(letter)]].title}", points[seat]
        )
        for number, letter, points in state.scored
    ]
    final = state.final[seat] if state.final is not None else None
    if final is not None:
        for kind, points, doubled in final["scrolls"]:
            how = "doubled: its area is completed" if doubled else "not doubled: its area is open"
            lines.append(ScoreLine(f"Scroll {kind} ({SCROLL_TEXT[kind]}; {how})", points))
        lines.append(ScoreLine(f"Gold: {final['gold']} gold, 1 VP per 5", final["gold_points"]))
    return tuple(lines)


def _reason(state: IsleOfSkyeState, winners: tuple[int, ...], names: Sequence[str] | None) -> str:
    """ "After 6 rounds Alice has the most points (52 VP)", or how a tie was settled."""
    best = max(state.vp)
    tied = [s for s in range(state.players) if state.vp[s] == best]
    start = f"After {len(state.rounds)} rounds"
    if len(tied) == 1:
        return f"{start} {seat_name(names, tied[0])} has the most points ({best} VP)"
    level = " and ".join(seat_name(names, s) for s in tied)
    if len(winners) == 1:
        return f"{start} {level} tie on {best} VP; {seat_name(names, winners[0])} wins with the most gold left"
    return (
        f"{start} {level} tie on {best} VP; "
        + " and ".join(seat_name(names, s) for s in winners)
        + " also tie on gold and share the win"
    )


def _tie_note(state: IsleOfSkyeState, seat: int, winners: tuple[int, ...]) -> str:
    best = max(state.vp)
    if state.vp[seat] != best or sum(1 for v in state.vp if v == best) == 1:
        return ""
    return f"tied on {best} VP; {state.gold[seat]} gold left breaks the tie"
