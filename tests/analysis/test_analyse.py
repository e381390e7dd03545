"""``meeple.analysis.analyse``: marks, skipped decisions, fairness to hidden information,
determinism and the JSON form, on the toy game (a hidden-card game) and short real games."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

import meeple
from meeple.analysis import Analysis, analyse
from meeple.analysis.judge import playouts_for, rate_moves
from meeple.analysis.marks import at_least
from meeple.analysis.review import decision_seed
from meeple.bots import heuristic_bot
from meeple.core import Record
from meeple.core.rng import Random
from tests.toygame import TOY
from tests.toygame.data import DATA

BUDGET = 60  # playouts a decision: plenty for a two-move game


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setitem(meeple.GAMES, TOY.id, TOY)
    yield TOY.id


def toy_seed(mine: int, theirs: int) -> int:
    """A seed dealing ``mine`` to seat 0 and ``theirs`` to seat 1."""
    for seed in range(10_000):
        state = meeple.new_game("toy", players=2, seed=seed)
        if state.cards[0] == mine and state.cards[1] == theirs:  # type: ignore[attr-defined]
            return seed
    raise AssertionError(f"no seed deals {mine} and {theirs}")


def toy_record(seed: int, moves: list[str]) -> Record:
    state = meeple.new_game("toy", players=2, seed=seed)
    for text in moves:
        state.apply(text)
    return state.record


def test_planted_worst_move_is_marked_mistake_or_worse(toy: str) -> None:
    seed = toy_seed(DATA.cards[-1], DATA.cards[0])  # seat 0 holds the best card
    start = meeple.new_game(toy, players=2, seed=seed)
    legal = start.legal_actions(0)
    own_seed = decision_seed(start, 0, 0)
    shares = rate_moves(start, 0, legal, 30, Random(own_seed + 1), playouts_for(start.info, own_seed))
    worst = min(legal, key=lambda a: shares[a])
    record = toy_record(seed, [str(worst), "keep", "keep", "keep"])
    judged = analyse(record, seats=[0], budget=BUDGET).decisions[0]
    assert judged.move_number == 0 and judged.played == str(worst)
    assert at_least(judged.mark, "mistake"), judged
    assert judged.best != judged.played


def test_the_move_the_search_prefers_is_not_marked(toy: str) -> None:
    seed = toy_seed(DATA.cards[-1], DATA.cards[0])
    judged = analyse(toy_record(seed, ["keep", "keep", "keep", "keep"]), seats=[0], budget=BUDGET).decisions[0]
    assert judged.mark is None and judged.best == "keep"


def test_two_deals_the_mover_cannot_tell_apart_get_the_same_judgement(toy: str) -> None:
    # Seat 0 holds the same card in both deals; only seat 1's hidden card and the
    # deck differ, and they decide the game: a judge that read them would rate
    # seat 0's keep as a sure loss in one deal and a likely win in the other.
    mine = 5
    losing = toy_seed(mine, DATA.cards[-1])
    winning = toy_seed(mine, DATA.cards[0])
    moves = ["keep", "keep", "keep", "keep"]
    first, second = toy_record(losing, moves), toy_record(winning, moves)
    assert meeple.replay(first).winners == (1,) and meeple.replay(second).winners == (0,)
    seen_first = analyse(first, seats=[0], budget=BUDGET)
    seen_second = analyse(second, seats=[0], budget=BUDGET)
    assert len(seen_first.decisions) == 2
    assert seen_first.decisions == seen_second.decisions
    # The same two games differ for seat 1, whose own card differs: the analysis does
    # read what the mover knows.
    assert analyse(first, seats=[1], budget=BUDGET).decisions != analyse(second, seats=[1], budget=BUDGET).decisions


def test_a_judgement_does_not_read_what_later_moves_reveal(toy: str) -> None:
    # The finished game shows every card; a decision judged from the whole record must
    # be judged as it is from the record cut just after it.
    record = toy_record(toy_seed(4, 6), ["swap", "swap", "keep", "swap"])
    whole = analyse(record, budget=BUDGET).decisions
    for cut in range(1, len(record.moves)):
        early = analyse(dataclasses.replace(record, moves=record.moves[:cut]), budget=BUDGET).decisions
        assert early == whole[:cut]


def test_same_record_and_budget_give_the_same_analysis(toy: str) -> None:
    record = toy_record(toy_seed(4, 6), ["swap", "keep", "keep", "swap"])
    assert analyse(record, budget=BUDGET).to_json() == analyse(record, budget=BUDGET).to_json()
    # A seat's judgements do not depend on which other seats were analysed with it.
    alone = analyse(record, seats=[1], budget=BUDGET).decisions
    assert alone == [d for d in analyse(record, budget=BUDGET).decisions if d.seat == 1]


def test_json_round_trip_keeps_every_field(toy: str) -> None:
    result = analyse(toy_record(toy_seed(4, 6), ["swap", "keep", "keep", "swap"]), budget=BUDGET)
    again = Analysis.from_json(result.to_json())
    assert again == result
    assert again.summary(0).decisions == 2


def test_from_json_refuses_what_is_not_an_analysis() -> None:
    for text in ("[]", '{"format": 1}', '{"format": 99}', "not json"):
        with pytest.raises(ValueError):
            Analysis.from_json(text)


def test_summary_counts_marks_and_accuracy(toy: str) -> None:
    seed = toy_seed(DATA.cards[-1], DATA.cards[0])
    result = analyse(toy_record(seed, ["swap", "keep", "keep", "keep"]), seats=[0], budget=BUDGET)
    summary = result.summary(0)
    marked = [d for d in result.decisions if d.mark is not None]
    assert summary.decisions == len(result.decisions) == 2
    assert sum(summary.marks.values()) == len(marked) >= 1
    assert summary.accuracy == (2 - len(marked)) / 2


def heuristic_game(game: str, moves: int, seed: int) -> Record:
    state = meeple.new_game(game, players=2, seed=seed)
    bots = [heuristic_bot(game, seat) for seat in range(2)]
    while not state.is_over and len(state.history) < moves:
        seat = state.to_move[0]
        state.apply(bots[seat].choose(state, seat), seat)  # type: ignore[union-attr]
    return state.record


def test_forced_and_simultaneous_moves_are_skipped_with_their_reason() -> None:
    record = heuristic_game("isle_of_skye", 14, seed=5)
    replayed = meeple.new_game("isle_of_skye", players=2, seed=5)
    expected: dict[int, str] = {}
    for number, (seat, text) in enumerate(record.moves):
        if len(replayed.to_move) > 1:
            expected[number] = "simultaneous"
        elif len(replayed.legal_actions(seat)) == 1:
            expected[number] = "forced"
        replayed.apply(text, seat)
    assert "simultaneous" in expected.values() and "forced" in expected.values()
    result = analyse(record, budget=4)
    assert {s.move_number: s.reason for s in result.skipped} == expected
    judged = {d.move_number for d in result.decisions}
    assert judged == set(range(len(record.moves))) - set(expected)


def test_decision_cap_skips_later_decisions_and_says_so(toy: str) -> None:
    result = analyse(toy_record(toy_seed(4, 6), ["swap", "keep", "keep", "swap"]), budget=BUDGET, max_decisions=3)
    assert len(result.decisions) == 3 and result.capped
    assert [(s.move_number, s.reason) for s in result.skipped] == [(3, "cap")]


def test_a_seat_outside_the_game_is_refused(toy: str) -> None:
    with pytest.raises(ValueError, match="no seat 2"):
        analyse(toy_record(toy_seed(4, 6), ["keep"]), seats=[2])


def test_a_record_that_does_not_replay_is_refused(toy: str) -> None:
    record = toy_record(toy_seed(4, 6), ["keep"])
    with pytest.raises(ValueError, match="move 1"):
        analyse(dataclasses.replace(record, moves=[*record.moves, (0, "keep")]), budget=BUDGET)


def test_a_two_player_ibyron_decision_is_judged_on_cut_playouts_the_same_each_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from meeple.analysis import review
    from meeple.analysis.review import cut_judgement, default_budget, judge_decision
    from meeple.games.ibyron import cut_judgement as cut

    assert cut_judgement(meeple.new_game("ibyron", players=2, seed=6)) is None  # not named: not used
    monkeypatch.setitem(review.CUT_JUDGEMENTS, "ibyron", cut.__name__)
    state = meeple.new_game("ibyron", players=2, seed=6)
    rng = Random(6)
    while len(state.history) < 60 or len(state.legal_actions(state.to_move[0])) < 2:
        seat = state.to_move[0]
        state.apply(state.info.rollout_policy(state, seat, rng), seat)  # type: ignore[misc]
    seat = state.to_move[0]
    assert cut_judgement(state) is cut and default_budget("ibyron", state) == cut.PLAYOUTS
    judged: list[int] = []
    share = cut.share

    def counted(world: meeple.State, who: int) -> float:
        assert who == seat  # judged for the mover only
        judged.append(len(world.history))
        return share(world, who)

    monkeypatch.setattr(cut, "share", counted)
    played = state.legal_actions(seat)[0]
    first = judge_decision(state, seat, played, 12, None)
    # Cut a round or so after the move, short of the game's end: the fitted judgement was asked.
    assert judged and all(len(state.history) + cut.HORIZON < n < len(state.history) + 3 * cut.HORIZON for n in judged)
    assert judge_decision(state, seat, played, 12, None) == first
