"""Ivor the Engine in words: a label per kind of move, the log's consequences
(events drawn and what they did) and their secrecy, the end summary and undo
barriers."""

from __future__ import annotations

import random
import re

import pytest

from meeple.core import IllegalAction
from meeple.core.log import GameLog
from meeple.games.ivor import INFO
from meeple.games.ivor.data import card_name
from meeple.games.ivor.rules import IvorState
from meeple.games.ivor.words import _before_refill, breakdown, narrate, summarize, undo_barrier
from tests.ivor.helpers import (
    event_card,
    hand,
    job_card,
    line,
    loc,
    main_line_example,
    placed,
    restart,
    sheep_at_grumbly_town,
)

NAMES = ["Alice", "Bob", "Cara", "Dan"]
CHOIR = event_card("leaders_lose_sheep")  # Choir Practice: the players with the most sheep lose 1


def said(state: IvorState, move: str) -> str:
    return state.action_label(move)


def test_place_labels() -> None:
    state = INFO.new(3, 1)
    assert said(state, "place llangubbin") == "Place your wagon at Llangubbin (town) — 1 sheep there"
    assert (
        said(state, "place pen-y-bont")
        == "Place your wagon at Pen-y-Bont (village) — 3 sheep there, a lost-sheep token"
    )


def test_move_labels_say_the_lines_free_moves_coal_and_what_is_there() -> None:
    state = sheep_at_grumbly_town()
    assert said(state, "move grumbly-town 0 coal") == (
        "Move to Grumbly Town (1 line: 1 free move) — 2 sheep there, a lost-sheep token"
    )
    assert said(state, "move bryn-glas 1 coal") == "Move to Bryn Glas (2 lines: 1 free move + 1 coal)"
    main = main_line_example()
    assert said(main, "move capel-isaf 2 coal").startswith("Ride the main line to Capel Isaf (2 coal; 1 line besides)")
    assert said(main, "move capel-isaf 1 coal").startswith("Move to Capel Isaf (5 lines: 4 free moves + 1 coal)")


def test_buy_end_and_special_labels() -> None:
    state = sheep_at_grumbly_town()
    assert said(state, "buy coal") == "Buy 2 coal for 1 gold"
    assert said(state, "end") == "Stop moving and playing: take a card from the line"
    extra = job_card(special="extra_moves", amount=3)
    hand(state, 0, extra)
    assert said(state, f"special {extra}") == f"Play {card_name(extra)} for 3 extra moves"
    line(state, CHOIR)
    state.gold[0] = 0
    state._changed()
    assert said(state, "end") == "End your turn (nothing in the line you may take)"


def test_job_label() -> None:
    state = sheep_at_grumbly_town()
    job = job_card(location="tan-y-gwich")
    hand(state, 0, job)
    assert said(state, f"job {job}") == f"Complete the job {card_name(job)} here: 2 sheep"


def test_idris_and_runaway_labels() -> None:
    state = sheep_at_grumbly_town()
    idris = job_card(special="sleeping_idris")
    runaway = job_card(special="runaway_sheep")
    hand(state, 0, idris, runaway)
    state.apply(f"special {idris}")
    assert said(state, "idris llaniog") == (
        "Put Sleeping Idris on Llaniog (town): no wagon may enter until your next turn"
    )
    state.apply("idris llaniog")
    state.loc_sheep[loc("grumbly-town")] = 1
    state.loc_sheep[loc("grumbly-gas-works")] = 2
    state._changed()
    state.apply(f"special {runaway}")
    assert said(state, "runaway grumbly-gas-works") == "Take a runaway sheep from Grumbly Gas Works (village)"
    assert said(state, "runaway grumbly-town") == (
        "Take a runaway sheep from Grumbly Town (town), the last one, with its lost-sheep token: 3 sheep"
    )


def test_take_and_discard_labels() -> None:
    state = sheep_at_grumbly_town()
    job = job_card(location="llaniog")
    line(state, job, CHOIR)
    state.apply("end")
    assert (
        said(state, f"take {job}")
        == f"Take the job {card_name(job)}: 2 sheep + 1 coal, or a runaway sheep from up to 2 lines away"
    )
    assert said(state, f"take {CHOIR}") == (
        "Take the event Choir Practice for 1 gold (end bonus: 1 sheep per job you completed; 1 sheep on it)"
    )
    full = placed()
    cards = [job_card(location=where) for where in ("llaniog", "tewyn", "llanmad", "moel-fach", "bryn-glas")]
    hand(full, 0, *cards)
    full.phase = 6  # DISCARD
    full._changed()
    assert said(full, f"discard {cards[0]}") == f"Discard the job {card_name(cards[0])} (no sheep to lose)"
    full.sheep[0] = 3
    assert said(full, f"discard {cards[0]}") == f"Discard the job {card_name(cards[0])} (you lose 1 sheep)"


def test_every_kind_of_move_has_its_own_words() -> None:
    rng = random.Random(4)
    kinds: set[str] = set()
    for seed in range(4):
        state = INFO.new(3 + seed % 3, seed)
        for _ in range(500):
            if state.is_over:
                break
            for notation, text in state.labelled_actions():
                kinds.add(notation.split()[0])
                assert text != notation and text[0].isupper()
            state.apply(rng.choice(state.legal_actions()))
    assert kinds >= {"place", "move", "buy", "job", "special", "idris", "runaway", "take", "discard", "end"}


# ------------------------------------------------------------ consequences
def lines_after(state: IvorState, move: str, names: list[str] | None = NAMES) -> list[str]:
    before = state.clone()
    action = state.parse_action(move)
    seat = state.to_move[0]
    state.apply(action)
    lines = narrate(before, action, seat, state, names)
    assert all(line.seats is None for line in lines)  # every consequence in Ivor is public
    return [line.text for line in lines]


def test_choir_practice_drawn_says_who_lost_sheep() -> None:
    state = sheep_at_grumbly_town()
    job = job_card(location="llaniog")
    line(state, job, 1, 2, 3)
    state.sheep = [5, 9, 9, 2]
    state.deck.append(CHOIR)  # the next card drawn
    state.apply("end")
    told = lines_after(state, f"take {job}")
    assert told[0] == (
        "Event Choir Practice is drawn: the players with the most sheep lose 1 sheep. "
        "Bob and Cara lose 1 sheep. A sheep is put on it."
    )
    assert told[1] == "Round 1: Bob's turn."
    assert state.sheep == [5, 8, 8, 2]


def test_the_next_turn_begins_with_its_sheep_an_idris_waking_and_new_cards() -> None:
    state = sheep_at_grumbly_town()
    job, new = job_card(location="llaniog"), job_card(location="tewyn")
    line(state, job, 1, 2, 3)
    state.deck.append(new)
    state.loc_sheep[loc("dyffryn-bridge")] = 1  # Bob's wagon: the last sheep there, with a token
    state.loc_token[loc("dyffryn-bridge")] = 2
    state.idris_at[loc("moel-fach")] = 1
    state.idris_free -= 1
    state.apply("end")
    assert lines_after(state, f"take {job}") == [
        f"New in the card line: {card_name(new)}.",
        "Round 1: Bob's turn.",
        "Bob's Sleeping Idris on Moel Fach wakes and goes back.",
        "Bob takes a sheep at Dyffryn Bridge, the last one, with its lost-sheep token (2 more).",
    ]


def test_a_job_a_runaway_sheep_a_discard_and_the_end_are_told() -> None:
    state = sheep_at_grumbly_town()
    job = job_card(location="tan-y-gwich")
    hand(state, 0, job)
    state.sheep[0] = 23
    assert lines_after(state, f"job {job}") == [
        "Alice gains 2 sheep.",
        "A pen holds 25 sheep: the game ends when this round is over.",
    ]


def test_the_log_of_a_game_says_how_it_ended() -> None:
    state = placed()
    state.end_triggered = True
    state.current = 3
    restart(state, 3)
    state.sheep = [10, 25, 3, 4]
    job = job_card(location="llaniog")
    line(state, job, 1, 2, 3)
    state.apply("end")
    told = lines_after(state, f"take {job}", ["A", "B", "C", "D"])
    assert state.is_over
    assert told[-1].startswith("A pen reached 25 sheep and the round was played out; B won with")


def _public_cards(state: IvorState) -> set[int]:
    seen = set(state.line) | set(state.discard)
    for seat in range(state.players):
        seen |= set(state.known[seat]) | set(state.completed[seat]) | set(state.events_taken[seat])
    return seen


CARD_NAMES = sorted({card_name(c) for c in range(1, 62)}, key=len, reverse=True)
CARD_NAME = re.compile("|".join(re.escape(name) for name in CARD_NAMES))


@pytest.mark.parametrize(("players", "seed"), [(4, 1), (4, 2), (3, 7)])
def test_the_replayed_refill_is_the_real_one_and_names_only_cards_on_the_table(players: int, seed: int) -> None:
    """The log replays each refill on a copy: it must come out where the game did, and
    every card a line names must lie face up (never one still hidden in a hand)."""
    rng = random.Random(seed)
    state = INFO.new(players, seed)
    events_told = refills = 0
    for _ in range(900):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions())
        before = state.clone()
        state.apply(action)
        for text in (told.text for told in narrate(before, action, seat, state, None)):
            events_told += text.startswith("Event ")
            named = set(CARD_NAME.findall(text))
            visible = {card_name(c) for c in _public_cards(state) | _public_cards(before)}
            assert named <= visible, (str(action), text)
        if action.kind in ("take", "discard", "end") and state.current != before.current and not state.is_over:
            pre = _before_refill(before, action, seat)
            pre.refill()
            assert (pre.line, pre.line_sheep, pre.discard, pre.deck) == (
                state.line,
                state.line_sheep,
                state.discard,
                state.deck,
            )
            refills += 1
    assert events_told > 3 and refills > 20


# ------------------------------------------------------------------- summary
def test_the_summary_breaks_the_score_down() -> None:
    state = placed()
    tea, found = event_card("sheep_to_location"), event_card("sheep_to_token_locations")
    state.sheep = [20, 10, 3, 4]
    state.gold = [2, 0, 0, 0]
    state.completed[0] = [job_card(location="grumbly-town"), job_card(location="tewyn")]
    state.events_taken[0] = [found, tea]  # Lost Sheep Found counts last, whatever the order
    state._finish()
    rows = [(line.label, line.value) for line in breakdown(state, 0)]
    assert rows == [
        ("Sheep in the pen", 20),
        ("Gold (1 sheep each)", 2),
        ("Mrs Porty's Grand Tea: 2 sheep per job you completed at Grumbly Town", 2),
        ("Lost Sheep Found: 1 sheep per full 6 sheep, counted after your other bonuses", 4),
    ]
    summary = summarize(state, NAMES)
    assert [r.total for r in summary.seats] == list(state.scores)
    assert sum(v for _, v in rows) == state.scores[0] == 28
    assert summary.seats[0].note == "2 jobs completed"
    assert (
        summary.reason == "The round limit (a safeguard) ended the game; Alice won with 28 sheep after the end bonuses"
    )


def test_a_tie_is_explained() -> None:
    state = placed()
    state.sheep = [10, 10, 3, 4]
    state.completed[1] = [job_card(location="tewyn")]
    state.end_triggered = True
    state._finish()
    summary = summarize(state, NAMES)
    assert summary.winners == (1,)
    assert summary.seats[1].note == "1 job completed — the tie on sheep goes to the most jobs completed"
    assert summary.reason.startswith("A pen reached 25 sheep")


# ---------------------------------------------------------------------- undo
def test_undo_within_a_turn_and_not_past_the_refill() -> None:
    state = sheep_at_grumbly_town()
    job = job_card(location="llaniog")
    line(state, job, 1, 2, 3)
    log = GameLog(state, NAMES)
    log.apply("move grumbly-town 0 coal")
    log.apply("buy coal")
    log.apply("end")
    assert log.undo_points(0) == 3
    log.undo(0, 2)
    assert log.state.pos[0] == loc("grumbly-town") and log.state.coal[0] == 3
    log.apply("end")
    entry = log.apply(f"take {job}")
    assert entry.barrier
    with pytest.raises(IllegalAction):
        log.undo(0)
    assert log.undo_points(1) == 0


def test_undo_barrier_only_when_cards_were_drawn() -> None:
    state = sheep_at_grumbly_town()
    job = job_card(location="llaniog")
    line(state, job, 1, 2, 3)
    after = state.clone()
    after.apply("buy coal")
    assert not undo_barrier(state, state.parse_action("buy coal"), 0, after)
    state.apply("end")
    after = state.clone()
    after.apply(f"take {job}")
    assert undo_barrier(state, state.parse_action(f"take {job}"), 0, after)


def test_the_options_are_none() -> None:
    assert INFO.options == ()  # Ivor has no options to label
