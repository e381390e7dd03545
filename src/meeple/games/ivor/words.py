"""Ivor the Engine in words: move labels, the consequences of a move, the end summary, undo.

Every Ivor move is public (its notation names the card or the place), so a
label says only what the notation and the table show: the card's printed
text, the route's cost, the sheep on a location. The hands stay secret: no
label or log line says what a seat holds beyond the cards everyone saw taken.
The rules module never imports this one; ``__init__`` wires it in.

A turn ends with the card line refilled, and the events drawn then change
holdings and the board (Choir Practice takes sheep from the leaders): the log
replays that refill on a copy of the position before it, step by step, and
tells each event and what it did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.core.words import EndSummary, Labeler, LogLine, ScoreLine, SeatResult, seat_name
from meeple.games.ivor.actions import MoveAction
from meeple.games.ivor.data import DATA, Job, bonus_text, card_name, effect_text, reward_text
from meeple.games.ivor.events import BONUSES, EVENTS, LAST_BONUS

if TYPE_CHECKING:
    from meeple.core import State
    from meeple.games.ivor.rules import IvorState

LOCS = DATA.locations
LOC_INDEX = {loc.id: loc.index for loc in LOCS}
JOBS = {job.id: job for job in DATA.jobs}
COAL_PER_GOLD: int = DATA.components["coal_per_gold"]
LOST_SHEEP_BONUS: int = DATA.components["lost_sheep_bonus"]
EVENT_WIPE: int = DATA.components["event_line_wipe"]
TURN_ENDING = ("take", "discard", "end")


def plural(count: int, word: str) -> str:
    """'1 sheep', '2 coal', '3 lines': Ivor's nouns, with an s only where English wants one."""
    if count == 1 or word in ("sheep", "coal", "gold"):
        return f"{count} {word}"
    return f"{count} {word}s"


def listed(items: Sequence[str]) -> str:
    """'Alice', 'Alice and Bob', 'Alice, Bob and Cara'."""
    if len(items) <= 2:
        return " and ".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def place_words(index: int) -> str:
    """'Tewyn (town)' — a location with its kind."""
    loc = LOCS[index]
    return f"{loc.name} ({'town' if loc.is_town else 'village'})"


def what_is_there(state: IvorState, index: int) -> str:
    """The public facts of a location a wagon may go to: its sheep and lost-sheep token."""
    parts = []
    if state.loc_sheep[index]:
        parts.append(f"{plural(state.loc_sheep[index], 'sheep')} there")
    if state.loc_token[index]:
        parts.append("a lost-sheep token")
    return f" — {', '.join(parts)}" if parts else ""


# A job's special action as the object of "play the card for ...".
SPECIAL_WORDS = {
    "extra_moves": "{n} extra moves",
    "sleeping_idris": "Sleeping Idris (blocks a place)",
    "runaway_sheep": "a runaway sheep from up to {n} lines away",
    "extra_card": "{n} more card from the line",
}


def special_words(job: Job) -> str:
    """'2 extra moves', 'a runaway sheep from up to 2 lines away'."""
    return SPECIAL_WORDS[job.special].format(n=job.amount)


def card_words(card: int) -> str:
    """A card as a person names it: 'the job Deliver the post to Llangubbin' or 'the event Choir Practice'."""
    kind = "job" if card in JOBS else "event"
    return f"the {kind} {card_name(card)}"


# ------------------------------------------------------------------ labels
def _label(state: State, action: Action, seat: int) -> str:
    """``action`` in words for ``seat``, from what every seat sees before it."""
    game: IvorState = state  # type: ignore[assignment]
    if type(action) is MoveAction:
        return _label_move(game, seat, action)
    kind = action.kind
    arg = action[1] if len(action) > 1 else None
    return _LABELS[kind](game, seat, arg)


def _label_move(game: IvorState, seat: int, action: MoveAction) -> str:
    dest = LOC_INDEX[action.destination]
    spend = action.coal
    steps = next((d for d, c in game.move_options().get(dest, ()) if c == spend), 0)
    free = min(steps, game.moves_left)
    main = spend != max(steps - game.moves_left, 0)
    name, there = LOCS[dest].name, what_is_there(game, dest)
    if main:
        besides = f"; {plural(steps, 'line')} besides" if steps else ""
        return f"Ride the main line to {name} ({plural(spend, 'coal')}{besides}){there}"
    cost = " + ".join(
        part for part in (plural(free, "free move") if free else "", plural(spend, "coal") if spend else "") if part
    )
    return f"Move to {name} ({plural(steps, 'line')}: {cost}){there}"


def _label_place(game: IvorState, seat: int, where: object) -> str:
    index = LOC_INDEX[str(where)]
    return f"Place your wagon at {place_words(index)}{what_is_there(game, index)}"


def _label_buy(game: IvorState, seat: int, arg: object) -> str:
    return f"Buy {plural(COAL_PER_GOLD, 'coal')} for 1 gold"


def _label_job(game: IvorState, seat: int, card: object) -> str:
    job = JOBS[int(str(card))]
    return f"Complete the job {job.name} here: {reward_text(job)}"


def _label_special(game: IvorState, seat: int, card: object) -> str:
    job = JOBS[int(str(card))]
    return f"Play {job.name} for {special_words(job)}"


def _label_idris(game: IvorState, seat: int, where: object) -> str:
    index = LOC_INDEX[str(where)]
    return f"Put Sleeping Idris on {place_words(index)}: no wagon may enter until your next turn"


def _label_runaway(game: IvorState, seat: int, where: object) -> str:
    index = LOC_INDEX[str(where)]
    last = game.loc_sheep[index] == 1 and game.loc_token[index]
    bonus = f", the last one, with its lost-sheep token: {1 + LOST_SHEEP_BONUS} sheep" if last else ""
    return f"Take a runaway sheep from {place_words(index)}{bonus}"


def _label_take(game: IvorState, seat: int, card: object) -> str:
    number = int(str(card))
    if number in JOBS:
        job = JOBS[number]
        return f"Take the job {_job_with_place(number)}: {reward_text(job)}, or {special_words(job)}"
    event = EVENTS[number]
    on_card = game.line_sheep[game.line.index(number)] if number in game.line else 0
    extra = f"; {plural(on_card, 'sheep')} on it" if on_card else ""
    return f"Take the event {event.name} for 1 gold (end bonus: {bonus_text(event)}{extra})"


def _label_discard(game: IvorState, seat: int, card: object) -> str:
    cost = "you lose 1 sheep" if game.sheep[seat] > 0 else "no sheep to lose"
    return f"Discard {card_words(int(str(card)))} ({cost})"


def _label_end(game: IvorState, seat: int, arg: object) -> str:
    gold = game.gold[seat]
    if any(gold > 0 or c in JOBS for c in game.line):
        return "Stop moving and playing: take a card from the line"
    return "End your turn (nothing in the line you may take)"


# The label for the mover; the log tells it in the third person ("places their wagon at ...").
label = Labeler(_label)

_LABELS = {
    "place": _label_place,
    "buy": _label_buy,
    "job": _label_job,
    "special": _label_special,
    "idris": _label_idris,
    "runaway": _label_runaway,
    "take": _label_take,
    "discard": _label_discard,
    "end": _label_end,
}


# ------------------------------------------------------------ consequences
Holdings = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def holdings(game: IvorState) -> Holdings:
    """What the log compares before and after a step: sheep, gold, coal per seat;
    sheep per location; where Sleeping Idris lies."""
    return (tuple(game.sheep), tuple(game.gold), tuple(game.coal), tuple(game.loc_sheep), tuple(game.idris_at))


def changes(old: Holdings, new: Holdings, names: Sequence[str] | None) -> list[str]:
    """The differences between two holdings as short phrases, seats and places grouped by change."""
    phrases = []
    for what, row_old, row_new in (("sheep", old[0], new[0]), ("gold", old[1], new[1]), ("coal", old[2], new[2])):
        phrases += _grouped(row_old, row_new, what, names)
    by_delta: dict[int, list[str]] = {}
    for i, (a, b) in enumerate(zip(old[3], new[3], strict=True)):
        if a != b:
            by_delta.setdefault(b - a, []).append(LOCS[i].name)
    for delta in sorted(by_delta, reverse=True):
        where = ", ".join(by_delta[delta])
        verb = "more" if delta > 0 else "fewer"
        phrases.append(f"{plural(abs(delta), 'sheep')} {verb} on {where}")
    if any(a >= 0 for a in old[4]) and all(b < 0 for b in new[4]):
        phrases.append("every Sleeping Idris goes back")
    return phrases


def _grouped(old: Sequence[int], new: Sequence[int], what: str, names: Sequence[str] | None) -> list[str]:
    """'Alice and Bob gain 1 coal', 'everyone gains 1 sheep': the seats whose count changed, by change."""
    by_delta: dict[int, list[int]] = {}
    for seat, (a, b) in enumerate(zip(old, new, strict=True)):
        if a != b:
            by_delta.setdefault(b - a, []).append(seat)
    out = []
    for delta in sorted(by_delta, reverse=True):
        seats = by_delta[delta]
        one = len(seats) == 1 or len(seats) == len(old)
        who = "everyone" if len(seats) == len(old) > 1 else listed([seat_name(names, s) for s in seats])
        verb = ("gains" if one else "gain") if delta > 0 else ("loses" if one else "lose")
        out.append(f"{who} {verb} {abs(delta)} {what}")
    return out


def narrate(before: State, action: Action, seat: int, after: State, names: Sequence[str] | None) -> list[LogLine]:
    """The automatic consequences of ``action``, in the order they happened."""
    old: IvorState = before  # type: ignore[assignment]
    new: IvorState = after  # type: ignore[assignment]
    turn_over = new.is_over or new.current != old.current
    if not turn_over or action.kind not in TURN_ENDING:
        lines = _own_effects(old, action, seat, new, names)
        if action.kind == "place" and not new.round and new.current != 0:
            lines.append(f"{seat_name(names, new.current)} places a wagon next.")
        elif turn_over:  # the last wagon placed: the first turn begins
            lines += _turn_start(new, names)
        return [LogLine(text) for text in lines] + _end_lines(old, new, names)
    pre = _before_refill(old, action, seat)
    lines = _own_effects(old, action, seat, pre, names)
    lines += _refill_lines(pre, names)
    if not new.is_over:
        lines += _turn_start(new, names, pre)
    return [LogLine(text) for text in lines] + _end_lines(old, new, names)


def _own_effects(old: IvorState, action: Action, seat: int, new: IvorState, names: Sequence[str] | None) -> list[str]:
    """What the move itself changed beyond what its label says (sheep from a job or a
    card, a lost-sheep token found), as one sentence."""
    if action.kind not in ("job", "runaway", "take", "discard"):
        return []
    phrases = changes(holdings(old), holdings(new), names)
    if action.kind == "runaway" and new.tokens[seat] > old.tokens[seat]:
        phrases.append(f"{seat_name(names, seat)} finds the lost-sheep token there ({LOST_SHEEP_BONUS} more sheep)")
    return [_sentence(phrases)] if phrases else []


def _sentence(phrases: list[str]) -> str:
    text = "; ".join(phrases) + "."
    return text[:1].upper() + text[1:]


def _before_refill(old: IvorState, action: Action, seat: int) -> IvorState:
    """The position after a turn-ending move's own effect, before the card line is refilled."""
    pre = old.clone()
    card = int(str(action[1])) if len(action) > 1 else 0
    if action.kind == "take":
        pre.take_card(card)
    elif action.kind == "discard":
        pre.discard_card(seat, card)
    return pre


def _refill_lines(pre: IvorState, names: Sequence[str] | None) -> list[str]:
    """Replay the refill on ``pre`` (a copy: it is changed) and tell each step."""
    lines: list[str] = []
    drawn: list[int] = []
    last = [holdings(pre)]

    def report(step: str, card: int) -> None:
        if step == "reshuffle":
            lines.append("The deck is empty: the discard pile is shuffled into a new deck.")
        elif step == "drawn" and card in JOBS:
            drawn.append(card)
            last[0] = holdings(pre)
        elif step == "drawn":
            _flush(drawn, lines)
            last[0] = holdings(pre)
        elif step == "revealed":
            event = EVENTS[card]
            did = changes(last[0], holdings(pre), names) or ["nothing changes"]
            lines.append(f"Event {event.name} is drawn: {effect_text(event)}. {_sentence(did)} A sheep is put on it.")
        elif step == "wiped":
            _flush(drawn, lines)
            lines.append(f"{EVENT_WIPE} events lie in the line: the whole line is discarded and dealt again.")

    pre.refill(report)
    _flush(drawn, lines)
    return lines


def _flush(drawn: list[int], lines: list[str]) -> None:
    """Tell the jobs drawn into the line since the last event, and forget them."""
    if drawn:
        named = ", ".join(_job_with_place(c) for c in drawn)
        lines.append(f"New in the card line: {named}.")
        drawn.clear()


def _job_with_place(card: int) -> str:
    """A job's name, with its location where the name does not say it."""
    name, where = card_name(card), LOCS[JOBS[card].location].name
    return name if where in name else f"{name} ({where})"


def _turn_start(new: IvorState, names: Sequence[str] | None, pre: IvorState | None = None) -> list[str]:
    """The next turn begins: whose, a Sleeping Idris waking, the sheep taken at the wagon."""
    who = seat_name(names, new.current)
    lines = [f"Round {new.round + 1}: {who}'s turn."]
    if pre is not None:
        woke = [LOCS[i].name for i in range(len(LOCS)) if pre.idris_at[i] == new.current and new.idris_at[i] < 0]
        if woke:
            lines.append(f"{who}'s Sleeping Idris on {', '.join(woke)} wakes and goes back.")
        gained = new.sheep[new.current] - pre.sheep[new.current]
        token = pre.tokens[new.current] < new.tokens[new.current]
    else:
        gained = new.sheep[new.current]
        token = new.tokens[new.current] > 0
    if gained > 0:
        here = LOCS[new.pos[new.current]].name
        found = f", the last one, with its lost-sheep token ({LOST_SHEEP_BONUS} more)" if token else ""
        lines.append(f"{who} takes a sheep at {here}{found}.")
    return lines


def _end_lines(old: IvorState, new: IvorState, names: Sequence[str] | None) -> list[LogLine]:
    if new.end_triggered and not old.end_triggered:
        return [LogLine(f"A pen holds {new.target} sheep: the game ends when this round is over.")]
    if new.is_over:
        return [LogLine(reason_words(new, names) + ".")]
    return []


# ---------------------------------------------------------------- the end
def reason_words(game: IvorState, names: Sequence[str] | None) -> str:
    """Why the game ended and who won: 'A pen reached 25 sheep ...; Alice won with 41 sheep'."""
    winners = " and ".join(seat_name(names, s) for s in game.winners)
    best = max(game.scores)
    won = f"{winners} won with {best:g} sheep after the end bonuses"
    if game.end_reason == "sheep":
        return f"A pen reached {game.target} sheep and the round was played out; {won}"
    return f"The round limit (a safeguard) ended the game; {won}"


def breakdown(game: IvorState, seat: int) -> tuple[ScoreLine, ...]:
    """A seat's final score part by part, in the order the rules count it."""
    gold, jobs, tokens = game.gold[seat], game.completed[seat], game.tokens[seat]
    lines = [ScoreLine("Sheep in the pen", game.sheep[seat]), ScoreLine("Gold (1 sheep each)", gold)]
    total = game.sheep[seat] + gold
    last = []
    for card in game.events_taken[seat]:
        event = EVENTS[card]
        if event.bonus == LAST_BONUS:
            last.append(event)
            continue
        value = BONUSES[event.bonus](event, gold, jobs, tokens)
        total += value
        lines.append(ScoreLine(f"{event.name}: {bonus_text(event)}", value))
    for event in last:
        value = event.bonus_amount * (total // 6)
        total += value
        lines.append(ScoreLine(f"{event.name}: {bonus_text(event)}", value))
    return tuple(lines)


def summarize(state: State, names: Sequence[str] | None) -> EndSummary:
    """Each seat's sheep, gold and event bonuses; completed jobs break a tie."""
    game: IvorState = state  # type: ignore[assignment]
    best = max(game.scores)
    tied = [s for s in range(game.players) if game.scores[s] == best]
    results = []
    for seat in range(game.players):
        jobs = len(game.completed[seat])
        note = f"{plural(jobs, 'job')} completed"
        if len(tied) > 1 and seat in tied:
            note += " — the tie on sheep goes to the most jobs completed"
        results.append(SeatResult(seat, game.scores[seat], breakdown(game, seat), note))
    return EndSummary(reason_words(game, names), tuple(results), tuple(game.winners))


# -------------------------------------------------------------------- undo
def undo_barrier(before: State, action: Action, seat: int, after: State) -> bool:
    """A move that drew cards into the line (the refill at the end of a turn) cannot be
    taken back; every move within a turn shows nothing hidden and may be."""
    old: IvorState = before  # type: ignore[assignment]
    new: IvorState = after  # type: ignore[assignment]
    return new.deck != old.deck or new.reshuffled != old.reshuffled
