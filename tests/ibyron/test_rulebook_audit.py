"""Issue 11's independent reading of the Ibyron rulebook, section by section.

Each test sets a position up and asserts one rule the earlier tests did not
pin down; the first tests are the discrepancies this reading found (each
failed before its fix; see RULES.md, "Third reading"). The map of the
2-player game used here: seat 0's tile at (4..5, 6..7) is field (4,6),
forest (5,6), mountain (5,7), field (4,7); the centre (6..7, 6..7) is
mountain (6,6), mountain (7,6), field (7,7), field (6,7); seat 1's tile
(8..9, 6..7) is forest (8,6), field (9,6), field (9,7), mountain (8,7).
Seat 0 lives on (4,6), seat 1 on (9,6).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from ibyron_helpers import cell, notations, set_height, start, turn_to
from test_village import village

import meeple
import meeple.games.ibyron as ib
from meeple.games.ibyron.data import (
    COINS,
    DATA,
    FOOD,
    GOLD,
    K_GRAIN,
    K_ORE,
    K_STONE,
    K_WOOD,
    ORE,
    S_HIRE,
    S_OFFER,
    STONE,
    WOOD,
    B,
    DataError,
    load,
)
from meeple.games.ibyron.island import xy
from meeple.games.ibyron.rules import IbyronState
from meeple.games.ibyron.turns import end_round


def moves_to(s: IbyronState, x: int, y: int) -> list[str]:
    return [a for a in notations(s) if a.startswith(f"move {x} {y} ")]


# ------------------------------------------------------------ discrepancies found (fixed)
def test_a_sale_may_be_of_everything_the_player_has() -> None:
    """The Market Patron sells "1 type of resource" per visit, with no number. The first version capped a sale
    at 10 units, and the sold resource's die is then set aside for the round, so a player holding 15 wood at
    $1 could never sell the other 5 that round."""
    for held in (15, 20):  # 20 is the top of the track
        s = start()
        s.res[0][WOOD], s.dice = held, [1, 3, 4, 6]  # boxes: wood, stone, ore, gold
        village(s, 0, 5)
        s.apply("visit market")
        offered = [a for a in notations(s) if a.startswith("sell wood ")]
        assert offered == [f"sell wood {n}" for n in range(1, held + 1)]
        coins = s.res[0][COINS]
        s.apply(offered[-1])
        assert (s.res[0][WOOD], s.res[0][COINS], s.dice_used[0]) == (0, coins + held, True)


def test_every_unit_on_a_track_can_be_sold_at_once(tmp_path: Path) -> None:
    """The sale bound is data: it may not be smaller than the resource tracks (the loader refuses it)."""
    assert DATA["village"]["max_sell"] >= DATA["player"]["track_max"]
    raw = json.loads(Path(ib.__file__).with_name("data.json").read_text())
    raw["village"]["max_sell"] = raw["player"]["track_max"] - 1
    bad = tmp_path / "data.json"
    bad.write_text(json.dumps(raw))
    with pytest.raises(DataError, match="max_sell"):
        load(bad)


def test_a_leader_may_not_end_a_move_on_a_space_another_player_holds() -> None:
    """An overseer holds a space "until the end of the round or they are used by you". In the first version
    another leader could park on it; the holder's leader could then never stand there to found the camp or
    build, and the hold was worth nothing. A held space is occupied by its holder."""
    s = start()
    s.reserved[cell(7, 7)] = 0
    s.overseer[0][0] = cell(7, 7)
    turn_to(s, 1)
    assert not moves_to(s, 7, 7)
    with pytest.raises(meeple.IllegalAction, match="another player occupies"):
        s.apply("move 7 7 0")
    assert s.leader[1] == s.home[1] and s.supply[1] == 14  # refused: nothing changed
    turn_to(s, 0)
    assert moves_to(s, 7, 7)  # the holder may still go there


def test_a_leader_may_not_end_a_move_on_another_players_castle() -> None:
    """The castle's parts go on the Gate, where the owner's leader must stand; a leader parked on another
    player's Gate would keep its owner from building on. A building's space is occupied by its owner."""
    s = start()
    s.buildings[cell(7, 7)] = (0, (B["castle_gate"],))
    s.castle[0] = cell(7, 7)
    turn_to(s, 1)
    assert not moves_to(s, 7, 7)
    with pytest.raises(meeple.IllegalAction, match="another player occupies"):
        s.apply("move 7 7 0")


def test_a_leader_may_not_end_a_move_on_another_players_camp_or_building() -> None:
    s = start()
    s.camps[cell(8, 6)] = (1, K_WOOD, 2)
    s.overseer[1][0] = cell(8, 6)
    s.buildings[cell(8, 7)] = (1, (B["refinery"],))
    turn_to(s, 0)
    assert not moves_to(s, 8, 6) and not moves_to(s, 8, 7)
    assert moves_to(s, 7, 6)  # an empty space is fine
    turn_to(s, 1)
    assert moves_to(s, 8, 7)  # its owner may stand there


def test_values_the_rulebook_does_not_state_are_marked_designed() -> None:
    """Provenance: values chosen by us, or only inferred from an example, are ``designed``."""
    guild = next(b for b in DATA["buildings"] if b["id"] == "guild_hall")
    assert guild["provenance"]["effect"] == "designed"  # "3-disc buildings" give tech cubes; the track is ours
    court = next(b for b in DATA["buildings"] if b["id"] == "court_house")
    assert court["provenance"]["max"] == "designed"  # one only because we made it a 2-disc building
    assert DATA["explore"]["provenance"]["discs"] == "designed"  # inferred from the Purple example
    ladder = next(sp for sp in DATA["bonus_back"] if sp.get("alt"))
    assert ladder["provenance"]["cost"] == "designed"  # the rulebook names the 2x wood/ore space, not its rung
    assert all(sp["provenance"]["number"] == "designed" for sp in DATA["bonus_front"])  # six spaces, 1-6


# ------------------------------------------------------------ rules already right
def test_a_harbour_on_the_farm_is_a_two_disc_stack_for_the_stride() -> None:
    """Distance per point is the tallest of one's buildings; the Harbour stands on the starting farm, so
    that stack is 2 discs tall (as the castle's four one-disc parts make 4)."""
    s = start()
    turn_to(s, 0)
    s.permits[0] = 1
    s.res[0][WOOD], s.res[0][STONE] = 3, 2
    assert s._stride(0) == 1
    s.apply("build harbour")
    assert s.buildings[s.home[0]][1][-1] == B["harbour"] and s._stride(0) == 2
    turn_to(s, 0)
    supply = s.supply[0]
    s.apply("move 7 6 0")  # 3 spaces at 2 a point: 2 points
    assert s.supply[0] == supply - 2


def test_the_stride_never_exceeds_4() -> None:
    s = start()
    s.tallest[0] = 6
    assert s._stride(0) == 4


def test_a_gold_mine_may_stand_on_a_third_level_mountain() -> None:
    """"Empty 2nd level mountain": read as the second level or higher (a higher mountain is no less one)."""
    s = start()
    turn_to(s, 0)
    s.apply("move 7 6 0")
    s.res[0][WOOD], s.res[0][ORE] = 2, 6
    set_height(s, cell(7, 6), 3)
    assert "camp gold" in notations(s)


def test_every_kind_of_camp_sends_the_leader_home() -> None:
    for kind, where in (("ore 2", (7, 6)), ("stone 3", (7, 6)), ("grain", (7, 7))):
        s = start()
        turn_to(s, 0)
        s.apply(f"move {where[0]} {where[1]} 0")
        s.apply(f"camp {kind}")
        owner, camp_kind, discs = s.camps[cell(*where)]
        assert owner == 0 and s.leader[0] == s.home[0]
        expected = {"ore 2": (K_ORE, 2), "stone 3": (K_STONE, 3), "grain": (K_GRAIN, 4)}[kind]
        assert (camp_kind, discs) == expected


def test_gathering_at_levels_3_and_4_and_with_the_refinery() -> None:
    """Levels 3 and 4 take 1 foreman and yield 2 and 3 per disc (designed yields, rulebook foremen)."""
    for level, gained in ((3, 2), (4, 3)):
        s = start()
        turn_to(s, 0)
        s.tech[0] = [level, level, 1]
        s.camps[cell(7, 6)] = (0, K_ORE, 2)
        s.overseer[0][0] = cell(7, 6)
        supply, vbox = s.supply[0], s.vbox[0]
        s.apply(f"gather 0 {level}")
        assert s.res[0][ORE] == gained and s.supply[0] == supply - 1 and s.vbox[0] == vbox + 2
        assert s.camps[cell(7, 6)] == (0, K_ORE, 1)


def test_the_same_player_may_visit_a_space_again_at_the_higher_cost() -> None:
    s = start()
    village(s, 0, 10)
    s.vbox[1], s.supply[1] = 0, 0  # seat 1 has nothing to do: seat 0 moves again at once
    s.mayor[1] = False
    s.phase[1] = 2
    s.apply("visit tax")
    s.apply("visit tax")
    assert s.vbox[0] == 10 - 1 - 2 and [h for _, h, _ in s.stacks[6]] == [1, 2]


def test_a_horse_from_the_village_is_kept_until_the_next_village() -> None:
    """Horses are lost only when going to the village (beyond the Stable's 2): one gained there serves the
    next Outside phase."""
    s = start()
    village(s, 0, 3)
    s.apply("visit stablehand")
    assert s.horses[0] == 1
    s.phase[0] = 1
    end_round(s)
    while s.step == S_HIRE:
        s.apply("hire 0")
    if s.step == S_OFFER:
        s.apply("decline")
    assert s.horses[0] == 1 and s.phase[0] == 0


def test_the_start_players_tile_is_bought_after_the_coin_limit() -> None:
    """The round's end: coins over the limit are lost, then the new start player may buy the $2 tile."""
    s = start(buildings=("garden", "garden"))
    for p in range(2):
        s.res[p][COINS] = 0
    s.res[1][COINS] = 3  # seat 1 will be the new start player if seat 0 started
    s.start_player = 0
    for p in range(2):
        s.phase[p] = 2
        s.rest[p] += s.supply[p]
        s.supply[p] = 0
    s.rest[1] = 0  # nothing to hire: the limit applies at once
    end_round(s)
    assert s.step == S_OFFER and s.current == 1
    assert s.res[1][COINS] == 2  # $3 cut to $2 before the offer
    s.apply("buy 5")
    assert s.res[1][COINS] == 0


def test_feeding_returns_no_more_discs_than_the_rest_box_holds() -> None:
    s = start()
    s.res[0][FOOD] = 9
    for p in range(2):
        s.phase[p] = 2
    s.supply[0], s.vbox[0], s.rest[0] = 0, 0, 5  # 9 discs elsewhere (a test position)
    end_round(s)
    assert s.supply[0] == 5 and s.rest[0] == 0


def test_hiring_goes_round_the_table_from_the_start_player() -> None:
    s = start(players=3)
    s.start_player = 1
    for p in range(3):
        s.phase[p] = 2
        s.rest[p] += s.supply[p]
        s.supply[p] = 0
        s.res[p][COINS] = 2
        s.res[p][FOOD] = 1
    order = []
    end_round(s)
    while s.step == S_HIRE:
        order.append(s.current)
        s.apply("hire 1")
    assert order == [1, 2, 0]


def test_the_foundry_swap_is_offered_only_for_four_stone_or_more() -> None:
    s = start(buildings=("foundry", "foundry"))
    turn_to(s, 0)
    s.permits[0] = 1
    s.res[0][WOOD], s.res[0][STONE], s.res[0][ORE] = 5, 5, 1
    s.apply("move 5 6 0")  # a forest: the Lumber Mill (5 wood, no stone) has no swap
    assert "build lumber_mill" in notations(s) and "build lumber_mill foundry" not in notations(s)
    turn_to(s, 0)
    s.leader[0] = cell(5, 7)  # a mountain: the Refinery costs 5 stone
    assert "build refinery" in notations(s) and "build refinery foundry" in notations(s)
    s.apply("build refinery foundry")
    assert (s.res[0][STONE], s.res[0][ORE]) == (2, 0)


def test_a_front_bonus_space_is_taken_once_a_round_and_free_the_next() -> None:
    s = start()
    village(s, 0, 1)
    s.apply("leave")
    s.apply("bonus 3")
    village(s, 1, 1)
    s.apply("leave")
    assert "bonus 3" not in notations(s)
    with pytest.raises(meeple.IllegalAction):
        s.apply("bonus 3")
    s.apply("bonus 4")  # the last bonus of the round: the round ends
    assert s.bonus_taken == [-1] * 6


def test_gold_is_one_foreman_for_one_gold_and_ends_the_camp() -> None:
    s = start()
    turn_to(s, 0)
    s.camps[cell(7, 6)] = (0, 3, 1)
    s.overseer[0][0] = cell(7, 6)
    s.tech[0] = [4, 4, 1]  # no tech bonus for gold
    s.apply("gather 0 1")
    assert s.res[0][GOLD] == 1 and cell(7, 6) not in s.camps and s.overseer[0][0] == -1


def test_one_gold_mine_at_a_time_for_the_one_marker() -> None:
    s = start()
    turn_to(s, 0)
    s.camps[cell(8, 8)] = (0, 3, 2)  # a gold mine already running elsewhere
    s.overseer[0][0] = cell(8, 8)
    s.apply("move 7 6 0")
    s.res[0][WOOD], s.res[0][ORE] = 2, 6
    set_height(s, cell(7, 6), 2)
    assert "camp gold" not in notations(s) and "camp ore 1" in notations(s)
    with pytest.raises(meeple.IllegalAction, match="marker"):
        s.apply("camp gold")


def test_a_ship_needs_a_reserve_stack_still_on_the_mat() -> None:
    s = start()
    turn_to(s, 0)
    s.built[0][B["harbour"]] = 1
    s.res[0][WOOD] = 4
    s.reserve[0] = []
    assert "ship" not in notations(s)
    s.reserve[0] = [1]
    assert "ship" in notations(s)


def test_the_mayor_alone_may_pay_a_one_disc_visit() -> None:
    s = start()
    village(s, 0, 0)
    assert s.mayor[0] and "visit tax mayor" in notations(s) and "visit tax" not in notations(s)
    coins = s.res[0][COINS]
    s.apply("visit tax mayor")
    assert s.res[0][COINS] == coins + 1 and not s.mayor[0]
    assert s.stacks[6] == [(0, 1, 0)]  # a stack one disc tall, no disc from the village box


def test_an_empty_supply_sends_a_player_to_the_village_even_with_a_tile_in_hand() -> None:
    """Exploring costs no disc, but a turn that starts with no disc in the supply is a village turn."""
    s = start()
    s.held[0] = 5
    s.supply[0], s.vbox[0] = 0, 3
    turn_to(s, 0)
    assert s.phase[0] == 1 and not any(a.startswith("explore") for a in notations(s))


def test_a_held_space_is_used_by_founding_there_and_its_overseer_is_not_taken_back() -> None:
    s = start()
    turn_to(s, 0)
    for o, where in enumerate((cell(7, 6), cell(6, 6))):  # both overseers hold a mountain each
        s.reserved[where] = 0
        s.overseer[0][o] = where
    s.apply("move 5 7 0")  # an unheld mountain: no overseer is free for a camp
    assert not any(a.startswith("camp") for a in notations(s))
    turn_to(s, 0)
    s.leader[0] = cell(7, 6)
    s.apply("camp stone 2")  # on a held space: its own overseer runs the camp
    assert s.camps[cell(7, 6)] == (0, K_STONE, 2) and cell(7, 6) not in s.reserved
    assert s.overseer[0] == [cell(7, 6), cell(6, 6)] and s.reserved == {cell(6, 6): 0}


# ------------------------------------------------------------ hidden information
def test_nothing_a_seat_sees_depends_on_the_order_of_the_face_down_pile() -> None:
    """The beginner pile's order is the game's only secret: a world with the pile re-ordered shows every seat
    the same observation, the same legal actions and the same words, at every position of a game."""
    import random

    s = start(mode="beginner", seed=7)
    rng = random.Random(7)
    positions = 0
    while not s.is_over:
        other = s.clone()
        other.tiles = list(reversed(s.tiles))
        for seat in (None, 0, 1):
            assert other.observation(seat) == s.observation(seat)
        mover = s.to_move[0]
        assert other.labelled_actions(mover) == s.labelled_actions(mover)
        positions += 1
        s.apply(rng.choice(s.legal_actions()))
    assert positions > 100


# ------------------------------------------------------------ bad input
@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"mode": "beginner"}), (1, {"bonus_side": "back"})])
def test_every_action_not_legal_is_refused_with_a_reason_and_changes_nothing(
        players: int, options: dict[str, str]) -> None:
    """At positions across a whole game, every action of the action space is either legal (and listed) or
    refused with a reason, the position unchanged; the quick legality test agrees with the list."""
    import random

    from meeple.core import snapshot
    from meeple.games.ibyron.bot import HeuristicBot

    s = ib.INFO.new(players, 5, **options)
    rng = random.Random(5)
    bots = [HeuristicBot(q) for q in range(players)]
    step = 0
    while not s.is_over:
        seat = s.to_move[0]
        if step % 61 == 0:
            before = snapshot(s)
            legal = set(s.legal_actions(seat))
            for action in ib.INFO.action_space:
                assert s._is_legal(action, seat) == (action in legal), action
                if action in legal:
                    continue
                with pytest.raises(meeple.IllegalAction) as refused:
                    s.apply(action, seat)
                assert str(refused.value).strip(), action
            assert snapshot(s) == before
        step += 1
        s.apply(bots[seat].choose(s, seat) if rng.random() < 0.7 else rng.choice(s.legal_actions(seat)), seat)


def test_a_tile_past_the_old_grid_edge_is_explored_from_the_coast() -> None:
    """The first versions laid the island on a 14 x 14 grid that play could reach (RULES.md, "The island"):
    with the island at the old west edge (x = 0), a leader on the sea beside it explores westwards."""
    s = start()
    s.lay_tile(5, 2, 6, 0)
    s.lay_tile(6, 0, 6, 0)  # the island reaches x = 0, the old grid's west edge
    s.held[0] = 7
    turn_to(s, 0)
    s.leader[0] = cell(0, 6)
    with pytest.raises(meeple.IllegalAction, match="must touch the island"):
        s.apply("explore 1 0")  # its top-right corner on (0, 6): half on land and half on the sea
    s.apply("move -1 6 0")  # to the coast, where the old grid ended
    s.apply("explore 1 0")  # its top-right corner on (-1, 6): the tile lies on x = -2..-1
    assert [xy(c) for c in s.land[:2]] == [(-2, 6), (-1, 6)] and s.height[cell(-2, 7)] == 1
