"""Ibyron's words: a label for every kind of action, the log's consequences, the end summary, undo barriers."""

from __future__ import annotations

import random

import pytest
from ibyron_helpers import cell, notations, set_height, start, turn_to, village

import meeple
from meeple.core.log import GameLog
from meeple.games.ibyron.actions import ACTION_SPACE
from meeple.games.ibyron.data import (
    COINS,
    DONE,
    FOOD,
    FOUNDRY,
    HARBOUR,
    K_GRAIN,
    K_WOOD,
    ORE,
    S_EXTRA,
    S_HIRE,
    S_OFFER,
    S_OVERSEE,
    STONE,
    WOOD,
    B,
)
from meeple.games.ibyron.labels import LABELS
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.words import narrate, summarize, undo_barrier

NAMES = ["Alice", "Bob", "Cleo", "Dan"]


def said(s: IbyronState, notation: str, seat: int | None = None) -> str:
    """The label of a legal action (the test fails if it is not legal)."""
    seat = s.to_move[0] if seat is None else seat
    assert notation in notations(s, seat), f"{notation} is not legal here: {notations(s, seat)}"
    return s.action_label(notation, seat)


def lines_of(s: IbyronState, notation: str, seat: int | None = None) -> list[str]:
    """Apply a move and return its consequences as text (all Ibyron lines are for everyone)."""
    seat = s.to_move[0] if seat is None else seat
    before = s.clone()
    action = s.parse_action(notation, seat)
    s.apply(action, seat)
    out = narrate(before, action, seat, s, NAMES)
    assert all(line.seats is None for line in out)
    return [line.text for line in out]


def test_every_kind_of_action_has_its_own_words() -> None:
    assert set(LABELS) == {a.kind for a in ACTION_SPACE}


# ------------------------------------------------------------------ labels
def test_set_up_labels_name_the_building_and_the_field() -> None:
    s = meeple.new_game("ibyron", players=2, seed=0)
    assert said(s, "start bank") == "Start with the Bank (+$5, and keep up to $5 at each round's end)"
    assert "+1 food" in said(s, "start garden")
    assert "2 stone and 1 ore in place of 4 stone" in said(s, "start foundry")
    s.apply("start bank")
    assert said(s, "home 0") == "Make your home on the top-left field of your starting tile (4, 6)"
    assert "field of the centre tile (6, 7)" in said(s, "home center 3")


def test_move_labels_say_where_and_what_it_costs(game: IbyronState) -> None:
    s = game
    assert said(s, "move 5 6 0") == "Move your leader to the forest at (5, 6) (1 disc)"
    assert said(s, "move 7 6 1") == "Move your leader to the mountain at (7, 6) (1 horse and 1 disc)"
    assert said(s, "move 3 6 0") == "Move your leader to the sea at (3, 6), to explore from (1 disc)"
    s.camps[cell(5, 7)] = (0, K_WOOD, 2)  # another player's camp may not be moved onto
    assert "mountain at (5, 7), your woodcutters' camp" in said(s, "move 5 7 0")
    s.apply("move 5 6 0")
    assert said(s, "end") == "End your turn here, without an action"


def test_explore_and_overseer_labels_describe_the_tile(game: IbyronState) -> None:
    s = game
    s.leader[0] = cell(3, 6)
    s.held[0] = 5  # mountain, mountain, forest, forest
    assert said(s, "explore 1 0") == ("Explore: lay tile 5 over (2, 6)–(3, 7) on the sea: mountain and mountain "
                                      "on top, forest and forest below")
    assert "turned 90°: forest and mountain on top, forest and mountain below" in said(s, "explore 1 1")
    s.apply("explore 1 0")
    assert s.step == S_OVERSEE
    assert said(s, "oversee 0") == "Put an overseer on the mountain at (2, 6), holding it for you this round"
    assert said(s, "done") == "Put no more overseers on the new tile"


def test_camp_labels_give_the_discs_and_the_yield(game: IbyronState) -> None:
    s = game
    s.leader[0] = cell(5, 6)
    assert said(s, "camp wood 2") == ("Found a woodcutters' camp of 2 discs on the forest at (5, 6) (up to 2 wood "
                                      "to gather); your leader goes home")
    s.leader[0] = cell(5, 7)
    assert "quarry of 1 disc on the mountain at (5, 7)" in said(s, "camp stone 1")
    assert "miners' camp of 3 discs" in said(s, "camp ore 3")
    set_height(s, cell(5, 7), 2)
    s.res[0][WOOD], s.res[0][ORE] = 2, 6
    assert said(s, "camp gold").startswith("Open a gold mine on the level-2 mountain at (5, 7) "
                                           "(4 discs, 2 wood, 6 ore)")
    s.leader[0] = cell(4, 7)
    assert "grain field on the field at (4, 7) (4 discs; harvested at the Farmer for 2 food)" in said(s, "camp grain")


def test_gather_and_hurry_labels_give_foremen_and_yield(game: IbyronState) -> None:
    s = game
    s.camps[cell(5, 6)] = (0, K_WOOD, 3)
    s.overseer[0][0] = cell(5, 6)
    assert said(s, "gather 0 1") == ("Gather from your woodcutters' camp at (5, 6) at Lumber Mill level 1: "
                                     "1 foreman for 1 wood (2 discs stay on it)")
    assert "1 foreman and a horse for 2 wood" in said(s, "gather 0 1 horse")
    assert said(s, "hurry 0") == ("Speed up your woodcutters' camp at (5, 6): a horse and 3 foremen for 3 wood, "
                                  "clearing the camp")


def test_ship_build_and_forfeit_labels(game: IbyronState) -> None:
    s = game
    assert said(s, "forfeit") == ("Forfeit: your 14 discs left go to the village box (rehired free at the round's "
                                  "end), and you go to the village")
    s.built[0][HARBOUR] = 1
    s.res[0][WOOD] = 5
    assert said(s, "ship").startswith("Build a ship (4 discs to the shipbuilder box, 4 wood)")
    s.leader[0] = cell(5, 6)
    s.permits[0] = 1
    assert said(s, "build lumber_mill") == ("Build a Lumber Mill on the forest at (5, 6) (5 wood, a permit; "
                                            "1 disc): Lumber Mill track to level 2")
    s.in_buildings[0] = 17  # one more disc housed leaves 3 loose: the race is won
    assert said(s, "build lumber_mill").endswith("— and win the game")
    s.leader[0] = cell(4, 7)
    s.mat[0][FOUNDRY] = True
    s.res[0][STONE], s.res[0][ORE], s.res[0][WOOD] = 2, 1, 2
    assert "Church on the field at (4, 7) with the Foundry swap (2 wood, 1 ore, 2 stone, a permit; 2 discs): +2 food" \
        in said(s, "build church foundry")


def test_village_labels_give_the_discs_paid_and_the_effect(game: IbyronState) -> None:
    s = game
    s.res[0][COINS] = 5
    s.ship[0] = 1
    s.camps[cell(4, 7)] = (0, K_GRAIN, 3)
    s.overseer[0][0] = cell(4, 7)
    s.res[0][WOOD] = 3
    s.dice = [2, 3, 4, 6]
    village(s, 0, 5)
    assert said(s, "visit stablehand") == "Visit the Stablehand (1 disc): take a horse"
    assert said(s, "visit tax mayor") == "Visit the Tax Collector (the Mayor alone): collect $1 in taxes"
    assert said(s, "visit library") == "Visit the Library (1 disc): buy a building permit for $2"
    assert said(s, "visit farmer") == "Visit the Farmer (1 disc): take a disc off your grain field (3 on it)"
    assert said(s, "visit farmer barn").endswith("take a barn (grain fields then need a disc fewer)")
    assert said(s, "visit explorer").endswith("pay $5 and choose a face-up land tile")
    assert said(s, "visit shipwright").endswith("it is the last: a reserve stack comes back")
    assert said(s, "visit market") == ("Visit the Market (1 disc): sell at the market "
                                       "(wood $2, stone $3, ore $4, gold $6)")
    assert said(s, "leave") == ("Leave the village, giving up 5 discs and your unused Mayor (giving up 4 or more "
                                "earns +1 on the bonus)")
    s.stacks[3] = [(1, 2, 2)]
    assert said(s, "visit library mayor") == "Visit the Library (the Mayor and 2 discs): buy a building permit for $2"


def test_market_labels_give_the_price(game: IbyronState) -> None:
    s = game
    s.res[0][WOOD] = 3
    s.res[0][FOOD] = 4
    s.built[0][B["court_house"]] = 1
    s.dice = [2, 3, 4, 6]
    village(s, 0, 5)
    s.apply("visit market")
    assert said(s, "sell wood 3") == "Sell 3 of your 3 wood at $2 each (+$6)"
    assert said(s, "trade food") == "Trade 2 food for 1 gold (Court House)"
    assert said(s, "done") == "Finish at the market"


def test_retrieve_take_and_bonus_labels(game: IbyronState) -> None:
    s = game
    s.ship[0] = 1
    s.res[0][COINS] = 5
    village(s, 0, 6)
    s.apply("visit shipwright")  # the last disc: seat 0 (Bank) still has two stacks, so it chooses
    assert said(s, "retrieve garden") == "Bring back the reserve stack on your Garden and gain it (+1 food)"
    turn_to(s, 0)
    s.apply("visit explorer")
    assert said(s, "take 5") == "Take tile 5 (mountain, mountain, forest, forest) from the face-up supply"
    s.apply("take 5")
    turn_to(s, 0)
    s.apply("leave")  # 4 discs and the Mayor given up: one more unit on the bonus
    assert said(s, "bonus 3") == "Take bonus space 3: 3 wood (+1 for the discs given up)"


def test_back_side_bonus_labels_give_the_ladder_cost() -> None:
    s = start(2, bonus_side="back")
    village(s, 0, 5)
    s.apply("leave")  # 6 given up
    assert said(s, "bonus 0") == "Take ladder space 0 (free): $2 (+1 for the discs given up)"
    assert said(s, "bonus 2 ore") == "Take ladder space 2 (pays 2 discs given up): 3 ore (+1 for the discs given up)"
    assert said(s, "bonus 2 wood+ore") == ("Take ladder space 2 (pays 2 discs given up): 2 wood and 2 ore "
                                           "(+1 for the discs given up)")
    assert said(s, "bonus 3") == "Take ladder space 3 (pays 3 discs given up): 1 horse"


def test_round_end_labels(game: IbyronState) -> None:
    s = game
    s.step, s.current, s.rest[0], s.res[0][COINS] = S_HIRE, 0, 3, 2
    assert said(s, "hire 2") == "Hire 2 workers from your rest box for $2 (you have $2)"
    assert said(s, "hire 0") == "Hire nobody"
    s.step = S_OFFER
    assert said(s, "buy 5") == "Buy tile 5 (mountain, mountain, forest, forest) for $2 and lay it now"
    assert said(s, "decline") == "Buy no tile this round (a face-up tile costs $2)"
    s.apply("buy 5")
    assert said(s, "place 2 6 0") == ("Lay tile 5 over (2, 6)–(3, 7) on the sea: mountain and mountain on top, "
                                      "forest and forest below")


def test_solo_extra_tile_labels() -> None:
    s = start(1)
    s.step, s.current = S_EXTRA, 0
    assert said(s, "extra") == "Draw and lay an extra tile from the pile (+$3, and the game is one round shorter)"
    assert said(s, "decline") == "Lay no extra tile"


def test_beginner_explorer_label_draws_from_the_pile() -> None:
    s = start(2, mode="beginner")
    s.res[0][COINS] = 5
    village(s, 0, 3)
    assert said(s, "visit explorer").endswith("pay $5 and draw the top land tile of the pile")


def test_labels_read_only_the_public_position() -> None:
    """Two beginner games that differ only in the pile's order label every action alike."""
    a = start(2, seed=1, mode="beginner")
    b = a.clone()
    b.tiles = list(reversed(b.tiles))
    assert a.observation(None) == b.observation(None)
    assert a.labelled_actions(0) == b.labelled_actions(0)


# ----------------------------------------------------------- consequences
def test_set_up_ends_with_the_deal_the_start_player_and_the_dice() -> None:
    log = GameLog(meeple.new_game("ibyron", players=2, seed=0), names=NAMES)
    for seat in range(2):
        log.apply("start bank", seat)
        entry = log.apply(log.state.legal_actions(seat)[0], seat)
    texts = [line.text for line in entry.consequences]
    assert texts[0].startswith("Bonus spaces dealt: Alice space ") and ", Bob space " in texts[0]
    assert texts[1] == f"{NAMES[log.state.start_player]} has the lowest number and is the start player."
    dice = log.state.dice
    assert texts[2] == f"Market dice rolled: wood ${dice[0]}, stone ${dice[1]}, ore ${dice[2]}, gold ${dice[3]}."


def test_going_to_the_village_returns_the_horses(game: IbyronState) -> None:
    s = game
    assert s.horses[0] == 1
    assert lines_of(s, "forfeit") == ["Alice goes to the village and returns 1 horse to the Stablehand."]
    s.supply[0] = 0
    s.phase[0] = 0
    turn_to(s, 1)
    s.leader[1] = cell(8, 6)
    assert lines_of(s, "camp wood 1") == ["Alice's supply is empty: Alice goes to the village."]


def test_a_used_up_camp_a_harvest_and_a_returning_stack_are_told(game: IbyronState) -> None:
    s = game
    s.camps[cell(5, 6)] = (0, K_WOOD, 1)
    s.overseer[0][0] = cell(5, 6)
    assert lines_of(s, "gather 0 1") == ["Alice's woodcutters' camp at (5, 6) is used up: its overseer comes back."]
    s.camps[cell(4, 7)] = (0, K_GRAIN, 1)
    s.overseer[0][0] = cell(4, 7)
    s.reserve[0] = [1]
    s.ship[0] = 1
    village(s, 0, 5)
    assert lines_of(s, "visit farmer") == ["Alice's grain field is harvested: +2 food, and a barn goes back "
                                           "to the Farmer."]
    turn_to(s, 0)
    assert lines_of(s, "visit shipwright") == ["A reserve stack comes back to Alice's rest box: Alice gains the "
                                               "Garden (+1 food)."]


def test_a_tile_drawn_from_the_pile_is_named_once_drawn() -> None:
    s = start(2, mode="beginner")
    s.res[0][COINS] = 5
    village(s, 0, 3)
    top = s.tiles[0]
    texts = lines_of(s, "visit explorer")
    assert texts == [f"Alice draws tile {top} ({', '.join(_terrain(top))}) from the pile."]


def _terrain(tile: int) -> list[str]:
    names = {"F": "forest", "A": "field", "M": "mountain"}
    return [names[c] for c in meeple.games.ibyron.data.DATA["tiles"][tile]["cells"]]


def test_the_round_end_tells_feeding_coins_lost_dice_and_start_player(game: IbyronState) -> None:
    s = game
    s.phase[1] = DONE
    s.dice_used[0] = True
    village(s, 0, 0)
    s.forfeit[0] = 2
    s.res[0][COINS] = 9  # the Bank keeps $5
    s.apply("leave")
    texts = lines_of(s, "bonus 6")  # +$3: $12
    assert texts[0] == "Round 1 is over: the discs on the village board go back to the rest boxes."
    rest = 14
    assert texts[1] == f"Feeding: Alice takes 4 discs back into the supply (food 4), and 2 more for the discs " \
                       f"forfeited outside; {rest - 6} stay in the rest box."
    assert texts[2].startswith("Feeding: Bob takes 0 discs")
    assert s.step == S_HIRE and s.current == 0
    texts = lines_of(s, "hire 0")
    assert "Alice loses $7 over the limit of $5." in texts
    assert f"The set-aside dice are re-rolled: wood ${s.dice[0]}, stone ${s.dice[1]}, ore ${s.dice[2]}, " \
           f"gold ${s.dice[3]}." in texts
    assert texts[-1] == f"{NAMES[s.start_player]} is the start player now and may buy a face-up tile for $2."
    assert lines_of(s, "decline") == ["Round 2 begins: every leader is back on its home space."]


def test_the_winning_building_ends_the_game_in_words(game: IbyronState) -> None:
    s = game
    s.leader[0] = cell(5, 6)
    s.permits[0] = 1
    s.res[0][WOOD] = 5
    s.in_buildings[0] = 17
    assert lines_of(s, "build lumber_mill") == ["Alice has only 3 worker discs outside buildings and wins the race."]


@pytest.mark.parametrize("mode", ["standard", "beginner"])
def test_consequences_depend_only_on_what_everyone_sees(mode: str) -> None:
    """Worlds that another seat cannot tell from the real one, with the same public outcome, read alike;
    and no line names a tile still in the face-down pile."""
    state = start(2, seed=4, mode=mode)
    rng = random.Random(4)
    for _ in range(400):
        if state.is_over:
            break
        seat = state.to_move[0]
        action = rng.choice(state.legal_actions(seat))
        before = state.clone()
        state.apply(action, seat)
        texts = [line.text for line in narrate(before, action, seat, state, NAMES)]
        world = before.determinize(1 - seat, random.Random(rng.random()))
        world_after = world.clone()
        world_after.apply(action, seat)
        if world_after.observation(None) == state.observation(None):
            assert [line.text for line in narrate(world, action, seat, world_after, NAMES)] == texts
        if state.beginner:
            for text in texts:
                assert not any(f"tile {t} " in text for t in state.tiles), text


# ---------------------------------------------------------------- summary
def test_the_race_summary_counts_discs_in_buildings(game: IbyronState) -> None:
    s = game
    s.built[0][B["refinery"]] = 2
    s.leader[0] = cell(5, 6)
    s.permits[0] = 1
    s.res[0][WOOD] = 5
    s.in_buildings[0] = 17
    s.apply("build lumber_mill")
    summary = summarize(s, NAMES)
    assert summary.reason == "Alice has only 3 worker discs outside buildings and wins the race."
    assert summary.winners == (0,)
    alice = summary.seats[0]
    assert [(line.label, line.value) for line in alice.lines][:3] == [
        ("Starting farm", 1.0), ("1 × Lumber Mill (1 disc each)", 1.0), ("2 × Refinery (1 disc each)", 2.0)]


def test_the_round_limit_summary_notes_the_tie_break(game: IbyronState) -> None:
    from meeple.games.ibyron.turns import finish_game

    s = game
    s.res[0][FOOD] = 9
    finish_game(s, "safety_cap")
    summary = summarize(s, NAMES)
    assert summary.reason == "The round limit (30) decided it: Alice had the most discs in buildings."
    assert summary.seats[0].note == f"tied on discs in buildings; beginner points broke the tie: {s.victory_points(0)}"
    assert [r.total for r in summary.seats] == [1.0, 1.0]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_the_points_table_adds_up_to_the_score(players: int) -> None:
    for seed in range(3):
        s = start(players, seed=seed, mode="beginner")
        rng = random.Random(seed)
        while not s.is_over:
            seat = s.to_move[0]
            s.apply(rng.choice(s.legal_actions(seat)), seat)
        summary = summarize(s, NAMES)
        assert summary.reason
        for result in summary.seats:
            assert sum(line.value for line in result.lines) == result.total == s.victory_points(result.seat)
        if players == 1:
            assert summary.reason.startswith(f"The solo game is over after round {s.round}: Alice scored")


# ---------------------------------------------------------------- undo
def test_undo_within_a_solo_turn_but_not_past_its_end() -> None:
    log = GameLog(start(1), names=NAMES)
    log.apply("move 5 6 0")
    assert log.undo_points(0) == 1
    log.undo(0)
    log.apply("move 5 6 0")
    entry = log.apply("camp wood 1")  # the turn ends; the solo player moves again at once
    assert entry.barrier and log.undo_points(0) == 0
    with pytest.raises(meeple.core.IllegalAction):
        log.undo(0)


def test_a_tile_off_the_pile_cannot_be_taken_back_but_a_face_up_choice_can() -> None:
    s = start(2, mode="beginner")
    s.res[0][COINS] = 5
    village(s, 0, 3)
    before = s.clone()
    action = s.parse_action("visit explorer", 0)
    s.apply(action, 0)
    assert undo_barrier(before, action, 0, s)
    standard = start(2)
    standard.res[0][COINS] = 5
    village(standard, 0, 3)
    log = GameLog(standard)
    log.apply("visit explorer")
    assert log.undo_points(0) == 1  # nothing was revealed: the face-up supply is public
    log.undo(0)
    assert log.state.res[0][COINS] == 5
