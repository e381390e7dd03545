"""Bayon in words: a label per kind of move, the log's consequences and their
secrecy, the end summary, undo barriers, names and help on the boards."""

from __future__ import annotations

import io
import random
import re

import pytest

import meeple
from meeple.core import IllegalAction
from meeple.core.log import GameLog
from meeple.games.bayon import INFO
from meeple.games.bayon.data import SITES
from meeple.games.bayon.rules import BayonState
from meeple.games.bayon.svg import render as svg_render
from meeple.games.bayon.words import narrate, summarize, undo_barrier
from tests.bayon.clickcheck import chromium_page, covered_targets
from tests.bayon.helpers import arrange, game, legal, play
from tests.bayon.test_views import as_text

EUROPE = [1, 2, 3, 4, 5, 6]  # Stonehenge, Acropolis, Knossos, Lascaux, Colosseum, Troy
NAMES = ["Alice", "Bob", "Cara"]


def main_position() -> BayonState:
    """Alice (seat 0) to move with explorers 1 and 7; Bob holds 2 and 8; #9 and #10 face up."""
    return arrange(
        game(3),
        hands=[[1, 7], [2, 8], [3]],
        gold=[30, 15, 15],
        faceup=[9, 10],
        camp=[11, 12, 13],
        stacks={"europe": EUROPE},
    )


def words_of(state: BayonState, move: str) -> str:
    return state.action_label(move)


def test_main_step_labels() -> None:
    state = main_position()
    assert words_of(state, "gold") == "Take 5 gold from the bank (that is your whole turn)"
    assert words_of(state, "end") == "End your turn (2 explorers not used)"
    assert (
        words_of(state, "hire 9") == "Hire #9 Cliff Hanger (map 2, shovel 1, microscope 2) from the basecamp (5 gold)"
    )
    assert (
        words_of(state, "hire 8") == "Hire #8 Mirco Soft (map 1, shovel 2, microscope 2) from Seat 1 (10 gold to them)"
    )
    assert words_of(state, "hire stack") == "Hire the top face-down explorer of the basecamp, unseen (5 gold)"
    assert words_of(state, "travel 7 europe") == "Send #7 High Lander to Europe to look at its top site"
    assert words_of(state, "interpreter 1 asia") == "Explorer #1 moves the interpreter to Asia (blocking it)"
    assert words_of(state, "expedition africa") == "Start an expedition to Africa (costs 10)"


def test_a_second_traveller_looks_below_and_a_public_stack_top_is_named() -> None:
    state = play(main_position(), "travel 7 europe")
    # Explorer #1 is the last one left to act: its move ends the turn, and its words say so.
    assert words_of(state, "travel 1 europe") == (
        "Send explorer #1 to Europe to look at the 2nd site from the top — this ends your turn"
    )
    state = arrange(main_position(), camp=[11])
    state.camp_hidden = 0  # #11 went under in plain sight
    assert words_of(state, "hire stack") == "Hire #11 Bud Ling, the top of the basecamp stack (5 gold)"


def test_giveup_label() -> None:
    state = arrange(main_position(), hands=[[1, 7, 2, 3], [8], [4]])
    play(state, "hire 9")
    assert words_of(state, "giveup 2") == "Give up explorer #2 to the basecamp"


def test_payment_labels() -> None:
    state = arrange(main_position(), owned=[[7], [], []], gold=[10, 15, 15])  # Pyramids, worth 45
    play(state, "expedition asia")
    assert words_of(state, "pay site 7") == "Pay with Pyramids (worth 45 of the 15 owed; no change given)"
    state = arrange(main_position(), owned=[[1], [], []], gold=[30, 15, 15])
    play(state, "expedition america")
    assert words_of(state, "pay gold") == "Pay the 20 gold still owed"


def test_team_labels() -> None:
    state = arrange(main_position(), hands=[[3, 4, 7], [2], [1]], stacks={"europe": [4, 1, 2, 3, 5, 6]})
    play(state, "expedition europe")  # Lascaux: map 2, shovel 1; #7 alone or #3 with #4 meet it
    assert words_of(state, "team 3") == (
        "Add explorer #3 to the team (then map 1, shovel 0, microscope 3; the site needs map 2, shovel 1, microscope 0)"
    )
    assert words_of(state, "team 7") == "Add #7 High Lander to the team: it then succeeds at Lascaux"
    play(state, "team 3")
    assert words_of(state, "team 4") == "Add explorer #4 to the team: it then succeeds at Lascaux"
    assert words_of(state, "team done") == (
        "Send the team as it is: the dig at Lascaux fails and you lose a member — this ends your turn"
    )


def test_withdraw_and_lose_labels() -> None:
    state = arrange(main_position(), hands=[[1, 4], [8], [3]], stacks={"europe": [4, 1, 2, 3, 5, 6]})
    play(state, "expedition europe", "team 4", "team 1", "team done")  # Lascaux needs map 2: they have 1
    assert legal(state) == ["lose 4", "lose 1"]
    assert words_of(state, "lose 4") == "Lose explorer #4 (back to the basecamp) — this ends your turn"
    state = arrange(main_position(), hands=[[1, 6, 7], [8], [3]], stacks={"europe": [6, 1, 2, 3, 4, 5]})
    play(state, "expedition europe", "team 1", "team 6")  # Troy: map 1, microscope 2 -> 1 and 6 meet it
    assert words_of(state, "withdraw 6") == "Explorer #6 withdraws to the basecamp"  # #7 has not acted yet


def test_every_kind_of_move_has_its_own_words() -> None:
    """Across many random positions, no label is the bare notation."""
    rng = random.Random(3)
    kinds: set[str] = set()
    for seed in range(6):
        state = game(3, seed)
        for _ in range(300):
            if state.is_over:
                break
            for notation, text in state.labelled_actions():
                kinds.add(notation.split()[0])
                assert text != notation and (text[0].isupper() or text[0] == "#")
            state.apply(rng.choice(state.legal_actions()))
    assert kinds >= {"gold", "end", "hire", "travel", "interpreter", "expedition", "pay", "team", "lose"}


# ------------------------------------------------------------ consequences
def lines_of(
    before: BayonState, move: str, names: list[str] | None = NAMES
) -> tuple[BayonState, list[tuple[str, tuple[int, ...] | None]]]:
    after = before.clone()
    action = after.parse_action(move)
    seat = after.to_move[0]
    after.apply(action)
    return after, [(line.text, line.seats) for line in narrate(before, action, seat, after, names)]


def test_a_look_is_told_to_the_traveller_alone() -> None:
    _, lines = lines_of(main_position(), "travel 7 europe")
    assert lines == [
        ("You see Stonehenge (needs map 1, shovel 1, microscope 0; worth 20): the top site of Europe.", (0,))
    ]


def test_a_dig_reveals_the_site_and_success_gives_it_withdraws_and_moves_the_interpreter() -> None:
    state = arrange(main_position(), hands=[[2, 7], [8], [3]], stacks={"europe": [2, 1, 3, 4, 5, 6]})
    state, lines = lines_of(state, "expedition europe")
    assert lines == [
        ("Alice pays 5 gold.", None),
        ("The dig reveals Acropolis (needs map 0, shovel 1, microscope 1; worth 20).", None),
    ]
    state.faceup = [9]  # a free place: the withdrawn explorer lies face up
    _, lines = lines_of(state, "team 2")
    assert lines == [
        ("The expedition succeeds: Alice wins Acropolis (worth 20).", None),
        ("Explorer #2 goes back face up in the basecamp.", None),
        ("The interpreter moves to Europe.", None),
    ]


def test_failure_puts_the_site_back_loses_the_member_and_ends_the_turn() -> None:
    state = arrange(main_position(), hands=[[1], [8], [3]], stacks={"europe": [4, 1, 2, 3, 5, 6]})
    play(state, "expedition europe", "team 1")
    _, lines = lines_of(state, "team done")
    texts = [text for text, seats in lines if seats is None]
    assert texts == [
        "The expedition fails: Lascaux goes back under the Europe stack, face up.",
        "Explorer #1 goes back under the basecamp stack, seen by all.",
        "The interpreter moves to Europe.",
        "Turn over. Round 1: Bob is to move.",
    ]


def test_hiring_tells_what_turned_up_who_was_paid_and_the_fifth_explorer() -> None:
    _, lines = lines_of(main_position(), "hire 9")
    assert lines == [("#11 Bud Ling turns face up in the basecamp.", None)]
    _, lines = lines_of(main_position(), "hire stack")
    assert lines == [("The hired explorer is #11 Bud Ling.", None)]
    state = arrange(main_position(), hands=[[1, 7, 3, 4], [2, 8], [5]])
    _, lines = lines_of(state, "hire 8")
    assert lines == [("Bob receives 10 gold.", None), ("Alice now holds five explorers and must give one up.", None)]


def test_taking_gold_ends_the_turn_and_reaching_the_target_ends_the_game() -> None:
    _, lines = lines_of(main_position(), "gold", None)
    assert lines == [("Turn over. Round 1: Seat 1 is to move.", None)]
    state = arrange(main_position(), gold=[220, 15, 15])
    _, lines = lines_of(state, "gold")
    assert lines == [("Alice reached 225 wealth (gold and sites), the target of 225.", None)]


def _sites_seen(state: BayonState, viewer: int) -> set[str]:
    obs = state.observation(viewer)
    seen = {SITES[card["site"]].name for c in obs["continents"] for card in c["known"] if card["site"]}
    seen |= {SITES[s].name for seat in obs["seats"] for s in seat["sites"]}
    if obs["turn"]["revealed"]:
        seen.add(SITES[obs["turn"]["revealed"]].name)
    return seen


SITE_NAME = re.compile("|".join(re.escape(s.name) for s in SITES.values()))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_line_names_a_site_its_reader_has_not_seen(seed: int) -> None:
    """Every site a log line shows a seat is one that seat sees on the table
    (before or after the move): a look never leaks to the other seats."""
    rng = random.Random(seed)
    state = game(3, seed)
    looks = 0
    for _ in range(400):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions())
        after = state.clone()
        after.apply(action)
        for line in narrate(state, action, seat, after, None):
            looks += line.seats == (seat,)
            for viewer in range(state.players):
                if line.visible_to(viewer):
                    named = set(SITE_NAME.findall(line.text))
                    assert named <= _sites_seen(state, viewer) | _sites_seen(after, viewer), (str(action), line)
            assert line.visible_to(None) == (line.seats is None)
        state = after
    assert looks > 0


# ------------------------------------------------------------------- summary
def test_the_summary_breaks_wealth_into_gold_and_sites() -> None:
    state = arrange(main_position(), gold=[200, 15, 15], owned=[[2], [], [7]])
    play(state, "gold")
    summary = summarize(state, NAMES)
    assert summary.reason == "Alice reached 225 wealth (gold and sites), the target of 225"
    assert summary.winners == (0,)
    rows = {r.seat: [(line.label, line.value) for line in r.lines] for r in summary.seats}
    assert rows[0] == [("Gold", 205), ("Acropolis (Europe)", 20)]
    assert rows[2] == [("Gold", 15), ("Pyramids (Africa)", 45)]
    assert [r.total for r in summary.seats] == list(state.scores)
    board = svg_render(state.observation(1), None, names=NAMES)
    assert "Alice won: a player reached the target" in board
    assert "Alice: wealth 225 = 205 gold + 20 in sites" in board


def test_the_round_limit_reason_and_a_shared_win() -> None:
    state = arrange(game(2, max_rounds=1), gold=[15, 15])
    play(state, "end", "end")
    summary = summarize(state, ["Ann", "Ben"])
    assert summary.reason == "The round limit of 1 rounds decided it: Ann and Ben had the most wealth (15)"
    assert [r.note for r in summary.seats] == ["shares the win: equal wealth"] * 2


# ---------------------------------------------------------------------- undo
def test_undo_stops_at_a_look_a_turned_up_card_or_a_dig() -> None:
    log = GameLog(main_position(), NAMES)
    log.apply("interpreter 1 asia")
    assert log.undo_points(0) == 1
    log.undo(0)
    log.apply("hire 8")  # from Bob: nothing hidden is shown
    assert log.undo_points(0) == 1
    log.apply("travel 7 europe")  # Alice sees Stonehenge
    assert log.undo_points(0) == 0
    with pytest.raises(IllegalAction, match="no move of this turn"):
        log.undo(0)


def test_undo_barrier_per_move() -> None:
    def barrier(state: BayonState, move: str) -> bool:
        after = state.clone()
        action = after.parse_action(move)
        after.apply(action)
        return undo_barrier(state, action, state.to_move[0], after)

    state = main_position()
    assert barrier(state, "travel 7 europe") and barrier(state, "hire 9") and barrier(state, "hire stack")
    assert not barrier(state, "interpreter 1 asia") and not barrier(state, "hire 8")
    assert barrier(state, "expedition europe")  # no sites to pay with: gold is paid, the site is dug up
    again = play(main_position(), "travel 7 europe", "end", "end", "end")
    again.stacks[0] = [1, *again.stacks[0][1:]]
    assert again.known[1] & 1 and not barrier(again, "travel 1 europe")  # Alice looks at Stonehenge again
    owner = arrange(main_position(), owned=[[7], [], []])
    assert not barrier(owner, "expedition europe")  # only the payment step opens


# ---------------------------------------------------------------- the boards
def test_views_show_the_players_names_and_keep_the_seat_colour() -> None:
    state = play(main_position(), "travel 7 europe")
    svg = svg_render(state.observation(1), legal(state), names=NAMES)
    assert "Alice" in svg and "Bob (you)" in svg and "seen by Alice" in svg and "Seat 0" not in svg
    assert '<circle cx="28"' in svg  # the colour mark beside each name
    text = INFO.text_view(state.observation(1), None, names=NAMES)  # type: ignore[misc]
    from rich.console import Console

    console = Console(width=140, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(text)
    out = console.export_text()
    console.file.close()
    assert "Bob (you)" in out and "seen by Alice" in out
    assert "Seat 0 (you)" in as_text(state.observation(0))


def test_the_board_has_a_legend_and_hover_help() -> None:
    svg = svg_render(main_position().observation(0), legal(main_position()))
    assert "Legend" in svg and "microscope" in svg and "expedition cost" in svg and "interpreter" in svg
    assert "<title>#9 Cliff Hanger: map 2, shovel 1, microscope 2. Hire for 5 gold</title>" in svg
    assert "<title>The interpreter: nobody may travel to or dig on this continent</title>" in svg
    other = svg_render(main_position().observation(1), None)  # not Bob's turn: help, no click targets
    assert "<title>#8 Mirco Soft: map 1, shovel 2, microscope 2</title>" in other


def test_the_options_read_as_words() -> None:
    assert [o.label for o in INFO.options] == ["Winning wealth", "Round limit"]
    assert all(len(o.help) > 40 for o in INFO.options)


def _boards() -> list[str]:
    rng = random.Random(9)
    boards = []
    for seed in range(3):
        state = game(2 + seed, seed)
        for step in range(240):
            if state.is_over:
                break
            if step % 12 == 0 or state.phase in (2, 3, 4, 5):
                seat = state.to_move[0]
                boards.append(svg_render(state.observation(seat), legal(state), names=["Alexandria Longname", *NAMES]))
            state.apply(rng.choice(state.legal_actions()))
    return boards


COVERED = (  # a board whose left target lies under a label: the check must say so
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">'
    '<g class="clickable" data-action="under"><rect x="0" y="0" width="90" height="90"/></g>'
    '<g class="clickable" data-action="free"><rect x="100" y="0" width="90" height="90"/></g>'
    '<text x="45" y="50" font-size="40" text-anchor="middle">label</text></svg>'
)


@pytest.mark.slow
def test_every_click_target_is_reachable_in_chromium() -> None:
    boards = _boards()
    assert len(boards) > 40
    with chromium_page() as page:
        assert covered_targets(page, [COVERED]) == [(0, "under")]
        assert covered_targets(page, boards) == []


def test_the_terminal_prompt_offers_only_what_is_still_allowed() -> None:
    from rich.console import Console

    from meeple.games.bayon.text import render

    state = meeple.new_game("bayon", players=2, seed=3)

    def prompt() -> str:
        console = Console(width=200, record=True, file=io.StringIO())
        console.print(render(state.observation(0), [str(a) for a in state.legal_actions(0)]))
        return next(line for line in console.export_text().splitlines() if "Now:" in line)

    assert "take gold, hire, act with an explorer, or end the turn" in prompt()
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("hire")))
    assert not any(str(a) == "gold" or str(a).startswith("hire") for a in state.legal_actions())
    assert "choose: act with an explorer, or end the turn" in prompt()
