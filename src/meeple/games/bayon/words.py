"""Bayon in words: move labels, the consequences of a move, the end summary, undo.

Every Bayon move is public (each seat sees the notation), so a label says
only what the table shows: explorers in hands and face up, the revealed site,
sites held, costs. The one secret of the game is what a traveller sees: that
log line is shown to the traveller alone. The rules module never imports
this one; ``__init__`` wires it in through ``GameInfo``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.core import Action
from meeple.core.words import ENDS_TURN, EndSummary, Labeler, LogLine, ScoreLine, SeatResult, seat_name, third_person
from meeple.games.bayon import actions
from meeple.games.bayon.actions import DECODE, PAY, TEAM
from meeple.games.bayon.data import COSTS, DATA, EXPLORERS, SITE_VALUE, SITES, continent_title
from meeple.games.bayon.observe import PUBLIC
from meeple.games.bayon.teams import team_meets

if TYPE_CHECKING:
    from meeple.core import State
    from meeple.games.bayon.rules import BayonState

ABILITY_NAMES = ("map", "shovel", "microscope")


# ------------------------------------------------------------------ pieces
def explorer_words(number: int) -> str:
    """'#9 Cliff Hanger' — how an explorer card is named in a sentence ('explorer #4'
    for a card whose printed name is only its number)."""
    name = EXPLORERS[number].name
    if name == f"Explorer {number}":
        return f"explorer #{number}"
    return f"#{number} {name}"


def abilities_words(values: Sequence[int]) -> str:
    """'map 1, shovel 3, microscope 0'."""
    return ", ".join(f"{name} {value}" for name, value in zip(ABILITY_NAMES, values, strict=True))


def site_words(site: int) -> str:
    """'Angkor Wat (needs map 2, shovel 1, microscope 3; worth 25)'."""
    info = SITES[site]
    return f"{info.name} (needs {abilities_words(info.needs)}; worth {info.value})"


def ordinal(depth: int) -> str:
    """The place in a stack counted from the top: 'top', '2nd', '3rd' ..."""
    if depth == 0:
        return "top"
    number = depth + 1
    suffix = "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
    return f"{number}{suffix}"


def team_totals(team: Sequence[int]) -> tuple[int, int, int]:
    a, b, c = (sum(EXPLORERS[e].abilities[i] for e in team) for i in range(3))
    return (a, b, c)


# ------------------------------------------------------------------ labels
def _label(state: State, action: Action, seat: int) -> str:
    """``action`` in words for ``seat``, from what every seat sees before it; a move after
    which the turn ends by itself (the last explorer has acted) says so (``ENDS_TURN``)."""
    game: BayonState = state  # type: ignore[assignment]
    op, x, c = DECODE[action]
    words = capitalized(_LABELS[op](game, seat, x, c))
    return words + ENDS_TURN if op in _MAY_END_TURN and ends_turn(game, action, seat) else words


# The moves after which the turn may end by itself (decision 8: every explorer has acted; 20: a
# failed expedition). Taking gold and ``end`` end it by choice, and their labels say so. Paying
# is left out: it reveals the site and always leads to the team step, and asking a copy what
# follows a reveal would read the hidden card.
_MAY_END_TURN = frozenset(
    {
        actions.OP_TRAVEL,
        actions.OP_INTERPRETER,
        actions.OP_TEAM,
        actions.OP_TEAM_DONE,
        actions.OP_WITHDRAW,
        actions.OP_LOSE,
        actions.OP_GIVEUP,
    }
)


def ends_turn(game: BayonState, action: Action, seat: int) -> bool:
    """Does ``action`` end ``seat``'s turn by itself (the game going on)? Played on a copy for
    the moves after the reveal: what ends a turn then (explorers used, a failed team) is public,
    so the answer tells nothing hidden."""
    if DECODE[action][0] in (actions.OP_TRAVEL, actions.OP_INTERPRETER):
        # The common case, told without a copy: it ends the turn when it is the last explorer
        # to act (decision 8); neither move changes anyone's wealth, so the game goes on unless
        # that turn is the last the round limit allows.
        last_turn = bool(game.max_rounds) and game.turns + 1 >= game.max_rounds * game.players
        return len(game.unused_explorers(seat)) == 1 and not last_turn
    after = game.clone()
    after.apply(action, seat)
    return after.turns != game.turns and not after.is_over


def _told(state: State, action: Action, seat: int, names: Sequence[str] | None) -> str:
    """The move as the log tells it to everyone, after the mover's name: "sends #9 Cliff
    Hanger to Africa to look at its top site", "hires explorer #3 from Alice (10 gold to Alice)"."""
    game: BayonState = state  # type: ignore[assignment]
    op, x, c = DECODE[action]
    if op == actions.OP_INTERPRETER:
        return f"moves the interpreter to {continent_title(c)} with {explorer_words(x)} (blocking it)"
    if op == actions.OP_WITHDRAW:
        return f"lets {explorer_words(x)} withdraw to the basecamp"
    if op == actions.OP_HIRE and x not in game.faceup:
        owner = seat_name(names, game.owner_of(x))
        card = f"{explorer_words(x)} ({abilities_words(EXPLORERS[x].abilities)})"
        return f"hires {card} from {owner} ({DATA.hire_from_player} gold to {owner})"
    return third_person(_LABELS[op](game, seat, x, c))


def capitalized(sentence: str) -> str:
    """The sentence with its first letter upper case ('explorer #4 ...' opens one)."""
    return sentence[:1].upper() + sentence[1:]


def _label_gold(game: BayonState, seat: int, x: int, c: int) -> str:
    return f"Take {DATA.take_gold} gold from the bank (that is your whole turn)"


def _label_end(game: BayonState, seat: int, x: int, c: int) -> str:
    idle = len(game.unused_explorers(seat))
    rest = f" ({idle} explorer{'s' if idle != 1 else ''} not used)" if idle else ""
    return f"End your turn{rest}"


def _label_hire_stack(game: BayonState, seat: int, x: int, c: int) -> str:
    cost = DATA.hire_from_basecamp
    if game.camp_hidden == 0:  # every card of the stack went under in plain sight: its top is known
        return f"Hire {explorer_words(game.camp[0])}, the top of the basecamp stack ({cost} gold)"
    return f"Hire the top face-down explorer of the basecamp, unseen ({cost} gold)"


def _label_hire(game: BayonState, seat: int, explorer: int, c: int) -> str:
    card = f"{explorer_words(explorer)} ({abilities_words(EXPLORERS[explorer].abilities)})"
    if explorer in game.faceup:
        return f"Hire {card} from the basecamp ({DATA.hire_from_basecamp} gold)"
    owner = game.owner_of(explorer)
    return f"Hire {card} from {seat_name(None, owner)} ({DATA.hire_from_player} gold to them)"


def _label_giveup(game: BayonState, seat: int, explorer: int, c: int) -> str:
    return f"Give up {explorer_words(explorer)} to the basecamp"


def _label_travel(game: BayonState, seat: int, explorer: int, c: int) -> str:
    depth = game.travelled[c]
    where = "its top site" if depth == 0 else f"the {ordinal(depth)} site from the top"
    return f"Send {explorer_words(explorer)} to {continent_title(c)} to look at {where}"


def _label_interpreter(game: BayonState, seat: int, explorer: int, c: int) -> str:
    return f"{explorer_words(explorer)} moves the interpreter to {continent_title(c)} (blocking it)"


def _label_expedition(game: BayonState, seat: int, x: int, c: int) -> str:
    return f"Start an expedition to {continent_title(c)} (costs {COSTS[c]})"


def _label_pay_gold(game: BayonState, seat: int, x: int, c: int) -> str:
    return f"Pay the {game.owed} gold still owed"


def _label_pay_site(game: BayonState, seat: int, site: int, c: int) -> str:
    value = SITE_VALUE[site]
    change = "; no change given" if value > game.owed else ""
    return f"Pay with {SITES[site].name} (worth {value} of the {game.owed} owed{change})"


def _label_team(game: BayonState, seat: int, explorer: int, c: int) -> str:
    team = [*game.team, explorer]
    if team_meets(team, game.revealed):
        return f"Add {explorer_words(explorer)} to the team: it then succeeds at {SITES[game.revealed].name}"
    after = abilities_words(team_totals(team))
    needs = abilities_words(SITES[game.revealed].needs)
    return f"Add {explorer_words(explorer)} to the team (then {after}; the site needs {needs})"


def _label_team_done(game: BayonState, seat: int, x: int, c: int) -> str:
    return f"Send the team as it is: the dig at {SITES[game.revealed].name} fails and you lose a member"


def _label_withdraw(game: BayonState, seat: int, explorer: int, c: int) -> str:
    return f"{explorer_words(explorer)} withdraws to the basecamp"


def _label_lose(game: BayonState, seat: int, explorer: int, c: int) -> str:
    return f"Lose {explorer_words(explorer)} (back to the basecamp)"


# The label for the mover (buttons, prompts) and the move as the log tells it.
label = Labeler(_label, _told)

_LABELS = {
    actions.OP_GOLD: _label_gold,
    actions.OP_END: _label_end,
    actions.OP_HIRE_STACK: _label_hire_stack,
    actions.OP_HIRE: _label_hire,
    actions.OP_GIVEUP: _label_giveup,
    actions.OP_TRAVEL: _label_travel,
    actions.OP_INTERPRETER: _label_interpreter,
    actions.OP_EXPEDITION: _label_expedition,
    actions.OP_PAY_GOLD: _label_pay_gold,
    actions.OP_PAY_SITE: _label_pay_site,
    actions.OP_TEAM: _label_team,
    actions.OP_TEAM_DONE: _label_team_done,
    actions.OP_WITHDRAW: _label_withdraw,
    actions.OP_LOSE: _label_lose,
}


# ------------------------------------------------------------ consequences
def narrate(before: State, action: Action, seat: int, after: State, names: Sequence[str] | None) -> list[LogLine]:
    """The automatic consequences of ``action``, in the order they happened."""
    old: BayonState = before  # type: ignore[assignment]
    new: BayonState = after  # type: ignore[assignment]
    op, x, c = DECODE[action]
    who = seat_name(names, seat)
    lines: list[LogLine] = []
    lines += _peek_lines(old, new, seat, op, c)
    lines += _hire_lines(old, new, seat, op, x, names)
    lines += _payment_lines(old, new, seat, op, who)
    lines += _dig_lines(old, new, seat, op, who)
    lines += _explorers_back(old, new, seat)
    if new.interpreter != old.interpreter and op != actions.OP_INTERPRETER:
        lines.append(LogLine(f"The interpreter moves to {continent_title(new.interpreter)}."))
    lines += _turn_lines(old, new, names)
    return [LogLine(capitalized(line.text), line.seats) for line in lines]


def _peek_lines(old: BayonState, new: BayonState, seat: int, op: int, c: int) -> list[LogLine]:
    """What a traveller saw: for the traveller's eyes only."""
    if op != actions.OP_TRAVEL:
        return []
    depth = old.travelled[c]
    site = new.stacks[c][depth]
    where = f"the {ordinal(depth)} site of {continent_title(c)}"
    return [LogLine(f"You see {site_words(site)}: {where}.", (seat,))]


def _hire_lines(
    old: BayonState, new: BayonState, seat: int, op: int, explorer: int, names: Sequence[str] | None
) -> list[LogLine]:
    if op not in (actions.OP_HIRE, actions.OP_HIRE_STACK):
        return []
    lines: list[LogLine] = []
    if op == actions.OP_HIRE_STACK:
        got = new.hands[seat][-1]
        lines.append(LogLine(f"The hired explorer is {explorer_words(got)}."))
    turned = [e for e in new.faceup if e not in old.faceup]
    for e in turned:
        lines.append(LogLine(f"{explorer_words(e)} turns face up in the basecamp."))
    owner = old.owner_of(explorer) if op == actions.OP_HIRE else -1
    if owner >= 0 and owner != seat:
        lines.append(LogLine(f"{seat_name(names, owner)} receives {DATA.hire_from_player} gold."))
    if len(new.hands[seat]) > DATA.max_explorers and not new.is_over:
        lines.append(LogLine(f"{seat_name(names, seat)} now holds five explorers and must give one up."))
    return lines


def _payment_lines(old: BayonState, new: BayonState, seat: int, op: int, who: str) -> list[LogLine]:
    """Gold the rules paid by themselves, and the site that was dug up."""
    if op not in (actions.OP_EXPEDITION, actions.OP_PAY_SITE, actions.OP_PAY_GOLD):
        return []
    lines: list[LogLine] = []
    paid = old.gold[seat] - new.gold[seat]
    if paid > 0 and op != actions.OP_PAY_GOLD:
        lines.append(LogLine(f"{who} pays {paid} gold."))
    elif op == actions.OP_EXPEDITION and new.phase == PAY:
        lines.append(LogLine(f"{who} owes {new.owed}: pay with gold or with sites won before."))
    if op == actions.OP_PAY_SITE:
        lines.append(LogLine("The site goes under its continent's stack, face up for all to see."))
    if new.phase == TEAM and old.phase != TEAM:
        lines.append(LogLine(f"The dig reveals {site_words(new.revealed)}."))
    return lines


def _dig_lines(old: BayonState, new: BayonState, seat: int, op: int, who: str) -> list[LogLine]:
    """Success or failure of the expedition."""
    if op == actions.OP_TEAM and new.revealed == 0:
        site = old.revealed
        return [LogLine(f"The expedition succeeds: {who} wins {SITES[site].name} (worth {SITE_VALUE[site]}).")]
    if op == actions.OP_TEAM_DONE:
        site = old.revealed
        name = continent_title(old.expedition)
        return [
            LogLine(f"The expedition fails: {SITES[site].name} goes back under the {name} stack, face up."),
        ]
    return []


def _explorers_back(old: BayonState, new: BayonState, seat: int) -> list[LogLine]:
    """Explorers that went back to the basecamp (given up, withdrawn or lost, chosen
    or, for a team of one, by the rules), and where they lie now."""
    lines: list[LogLine] = []
    for e in old.hands[seat]:
        if e in new.hands[seat] or (e not in new.faceup and e not in new.camp):
            continue
        where = "face up in the basecamp" if e in new.faceup else "under the basecamp stack, seen by all"
        lines.append(LogLine(f"{explorer_words(e)} goes back {where}."))
    return lines


def _turn_lines(old: BayonState, new: BayonState, names: Sequence[str] | None) -> list[LogLine]:
    if new.is_over:
        return [LogLine(reason_words(new, names) + ".")]
    if new.turns != old.turns:
        who = seat_name(names, new.current)
        return [LogLine(f"Turn over. Round {new.round}: {who} is to move.")]
    return []


# ---------------------------------------------------------------- the end
def reason_words(game: BayonState, names: Sequence[str] | None) -> str:
    """Why the game ended: 'Alice reached 250 wealth (gold and sites)'."""
    winners = " and ".join(seat_name(names, s) for s in game.winners)
    if game.end_reason == "target":
        seat = game.winners[0]
        return f"{winners} reached {game.scores[seat]:g} wealth (gold and sites), the target of {game.target}"
    best = max(game.scores)
    return f"The round limit of {game.max_rounds} rounds decided it: {winners} had the most wealth ({best:g})"


def summarize(state: State, names: Sequence[str] | None) -> EndSummary:
    """Each seat's gold and sites; the total is its wealth (``scores``)."""
    game: BayonState = state  # type: ignore[assignment]
    results = []
    shared = len(game.winners) > 1
    for seat in range(game.players):
        lines = [ScoreLine("Gold", game.gold[seat])]
        for site in game.owned[seat]:
            lines.append(ScoreLine(f"{SITES[site].name} ({continent_title(SITES[site].continent)})", SITE_VALUE[site]))
        note = "shares the win: equal wealth" if shared and seat in game.winners else ""
        results.append(SeatResult(seat, game.scores[seat], tuple(lines), note))
    return EndSummary(reason_words(game, names), tuple(results), tuple(game.winners))


# -------------------------------------------------------------------- undo
def undo_barrier(before: State, action: Action, seat: int, after: State) -> bool:
    """A move that showed a card to someone who had not seen it cannot be taken
    back: a look at a site new to the traveller, a face-down explorer hired or
    turned up in the basecamp, a dug-up site. Paying a site or giving gold to another seat
    changes nothing hidden and may be taken back within the turn."""
    old: BayonState = before  # type: ignore[assignment]
    new: BayonState = after  # type: ignore[assignment]
    op, _, c = DECODE[action]
    if op == actions.OP_TRAVEL:
        site = new.stacks[c][old.travelled[c]]
        return not old.known[site] >> seat & 1  # the traveller saw a card new to them
    if new.camp_hidden != old.camp_hidden:  # a face-down explorer turned up
        return True
    if new.phase == TEAM and old.phase != TEAM:  # a site was dug up
        return not old.known[new.revealed] & PUBLIC  # unless everyone had seen it go under
    return False
