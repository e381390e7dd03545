"""The terminal front end, driven in-process on the toy game."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from rich.console import Console

import meeple
from meeple import cli
from meeple.bots import RandomBot, make_bot
from tests.toygame import TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(meeple.GAMES, "toy", TOY)
    yield


def scripted(lines: list[str]) -> tuple[io.StringIO, cli.Console, object]:
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return out, console, read


def test_a_person_plays_a_whole_game_by_number_and_notation(tmp_path: Path) -> None:
    state = TOY.new(2, seed=3)
    out, console, read = scripted(["1", "bogus move", "99", "keep", "help", "save " + str(tmp_path / "x.json")])
    game = cli.TerminalGame(state, {0}, {1: RandomBot(1)}, console, read=read, save_path=tmp_path / "end.json")
    game.run()
    text = out.getvalue()
    assert state.is_over
    assert "not understood" in text and "choose a number from 1 to" in text
    assert "game over" in text and (tmp_path / "end.json").exists()
    # Without chosen names the prompt names the seat once, not "Seat 0 (seat 0)".
    assert "Seat 0: your move" in text and "(seat 0)" not in text
    record = meeple.Record.from_json((tmp_path / "end.json").read_text())
    assert record.moves[0] == (0, "keep") and len(record.moves) == 4


def test_illegal_moves_show_the_reason() -> None:
    state = TOY.new(2, seed=3)
    state.deck.clear()
    out, console, read = scripted(["swap", "keep"])
    cli.TerminalGame(state, {0}, {1: RandomBot(1)}, console, read=read).run()
    assert "illegal: the deck is empty" in out.getvalue()


def test_quit_saves_the_record(tmp_path: Path) -> None:
    state = TOY.new(2, seed=3)
    _out, console, read = scripted(["quit"])
    target = tmp_path / "q.json"
    cli.TerminalGame(state, {0}, {1: RandomBot(1)}, console, read=read, save_path=target).run()
    assert not state.is_over and json.loads(target.read_text())["moves"] == []


def test_hot_seat_hides_the_view_between_seats(tmp_path: Path) -> None:
    state = TOY.new(2, seed=3)
    out, console, read = scripted(["keep", "", "keep", "", "keep", "", "keep"])
    cli.TerminalGame(state, {0, 1}, {}, console, read=read, save_path=tmp_path / "h.json").run()
    assert out.getvalue().count("Pass to seat") >= 3
    assert state.is_over


def test_hint_names_a_legal_move() -> None:
    state = TOY.new(2, seed=3)
    out, console, read = scripted(["hint", "quit"])
    game = cli.TerminalGame(state, {0}, {1: RandomBot(1)}, console, read=read, hint_seconds=0.05)
    game.save_path = Path("/dev/null")
    game.run()
    # The hint reads in words, with its notation in brackets.
    hint = out.getvalue().split("hint: ")[1].splitlines()[0]
    assert hint in ("Keep your card (keep)", "Swap your card for the top card of the deck (swap)")


def test_render_and_replay_from_a_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = TOY.new(2, seed=3)
    while not state.is_over:
        state.apply("keep")
    path = tmp_path / "game.json"
    path.write_text(state.record.to_json())
    out = tmp_path / "v.svg"
    assert cli.main(["render", str(path), "--move", "1", "--seat", "1", "-o", str(out)]) == 0
    assert "data-action" in out.read_text()
    assert cli.main(["replay", str(path), "--no-input"]) == 0
    with pytest.raises(SystemExit, match="moves 0 to 4"):
        cli.main(["render", str(path), "--move", "9", "-o", str(out)])
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(SystemExit, match="not a meeple record"):
        cli.main(["replay", str(tmp_path / "bad.json")])


def test_bad_command_lines_say_what_is_wrong() -> None:
    with pytest.raises(SystemExit, match="unknown game"):
        cli.main(["play", "chess"])
    with pytest.raises(SystemExit, match="2 to 3 players"):
        cli.main(["play", "toy", "--players", "7"])
    with pytest.raises(SystemExit, match="no option"):
        cli.main(["play", "toy", "--option", "colour=red"])
    with pytest.raises(SystemExit, match="unknown bot"):
        cli.main(["arena", "toy", "--bots", "random,genius"])


def test_games_offer_their_own_bots_by_name() -> None:
    from meeple.bots import game_bots

    assert "greedy" in game_bots("bayon")
    bot = make_bot("greedy", seed=1, game="bayon")
    state = meeple.new_game("bayon", players=2, seed=1)
    assert bot.choose(state, 0) in state.legal_actions(0)
    with pytest.raises(ValueError, match="greedy"):
        make_bot("genius", game="bayon")
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("greedy")  # not without a game


def test_text_views_that_want_the_legal_moves_get_them() -> None:
    seen: list[object] = []

    def two(obs: dict[str, object], legal: list[str] | None = None) -> str:
        seen.append(legal)
        return "x"

    info = TOY.__class__(**{**TOY.__dict__, "text_view": two})
    assert cli.text_view(info, {}, ["keep"]) == "x" and seen == [["keep"]]
    assert cli.text_view(TOY, {"my_card": 3}, ["keep"]) == "card 3"


def test_a_saved_game_resumes_where_it_stopped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "resume.meeple.json"
    state = TOY.new(2, seed=3)
    out, console, read = scripted(["keep", "quit"])
    cli.TerminalGame(state, {0}, {1: RandomBot(1)}, console, read=read, save_path=target).run()
    assert f"--resume {target}" in " ".join(out.getvalue().split())
    first = meeple.Record.from_json(target.read_text())
    assert len(first.moves) == 2 and first.moves[0] == (0, "keep")
    feed = iter(["swap"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(feed))
    assert cli.main(["play", "toy", "--resume", str(target), "--seat", "0", "--bots", "random"]) == 0
    done = meeple.Record.from_json(target.read_text())
    assert done.moves[:2] == first.moves and done.moves[2] == (0, "swap") and len(done.moves) == 4
    assert done.seed == first.seed and meeple.replay(done).is_over
    with pytest.raises(SystemExit, match="over"):
        cli.main(["play", "toy", "--resume", str(target)])
    with pytest.raises(SystemExit, match="leave out"):
        cli.main(["play", "toy", "--resume", str(target), "--seed", "4"])
    with pytest.raises(SystemExit, match="cannot read"):
        cli.main(["play", "toy", "--resume", str(tmp_path / "missing.json")])


def test_moves_read_in_words_with_their_consequences_and_the_end_says_why(tmp_path: Path) -> None:
    state = TOY.new(2, seed=3, rounds=2)
    top = state.deck[-1]
    out, console, read = scripted(["undo", "swap", "keep"])
    log = cli.GameLog(state, ["Ann", "Bob"])
    cli.TerminalGame(log, {0}, {1: RandomBot(1)}, console, read=read, save_path=tmp_path / "w.json").run()
    text = out.getvalue()
    # The move list shows words, with the notation beside them for typing.
    assert "Swap your card for the top card of the deck  swap" in text
    assert "cannot undo: there is no move of this turn to take back" in text
    assert "Ann (seat 0): your move" in text
    # The mover reads what it drew; the end screen gives the reason and each seat's result.
    assert f"You drew the {top}" in text
    assert log.state.is_over
    assert "All turns are played; the highest card" in text and "card: " in text
    assert meeple.Record.from_json((tmp_path / "w.json").read_text()).names == ["Ann", "Bob"]


def test_play_refuses_a_wrong_number_of_names() -> None:
    with pytest.raises(SystemExit, match="--names takes 2 names"):
        cli.main(["play", "toy", "--players", "2", "--names", "Ann"])


def test_play_with_no_bots_given_meets_medium_and_the_record_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "new.meeple.json"
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert cli.main(["play", "toy", "--seed", "3", "--save", str(target)]) == 0
    record = meeple.Record.from_json(target.read_text())
    assert record.bots == [None, cli.DEFAULT_BOTS] == [None, "medium"]
    assert record.moves == []


def test_a_resumed_game_brings_back_its_seats_and_bots(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "seats.meeple.json"
    record = TOY.new(2, seed=3).record
    record.bots = ["random", None]  # the person sat in seat 1
    target.write_text(record.to_json())
    asked: list[str] = []

    def answer(prompt: str = "") -> str:
        asked.append(prompt)
        return "keep"

    monkeypatch.setattr("builtins.input", answer)
    assert cli.main(["play", "toy", "--resume", str(target)]) == 0
    done = meeple.Record.from_json(target.read_text())
    # Seat 0 was played by the bot, seat 1 by the person, as saved.
    assert [seat for seat, _ in done.moves] == [0, 1, 0, 1] and all(text == "keep" for s, text in done.moves if s)
    assert len(asked) == 2 and done.bots == ["random", None]
    # --bots or --seat given: they win over the saved seats.
    record.bots = [None, "random"]
    target.write_text(record.to_json())
    monkeypatch.setattr("builtins.input", lambda prompt="": "quit")
    assert cli.main(["play", "toy", "--resume", str(target), "--bots", "easy"]) == 0
    assert meeple.Record.from_json(target.read_text()).bots == [None, "easy"]
    # A saved spec that is not a bot is refused with the reason, not a traceback.
    record.bots = [None, "genius"]
    target.write_text(record.to_json())
    with pytest.raises(SystemExit, match="unknown bot 'genius'"):
        cli.main(["play", "toy", "--resume", str(target)])


def test_the_hint_is_the_hard_levels_move() -> None:
    state = meeple.new_game("bayon", players=2, seed=4)
    hard = make_bot("hard", seed=state.move_number, game="bayon")
    expected = hard.choose(state, state.to_move[0])
    out, console, read = scripted(["hint", "quit"])
    game = cli.TerminalGame(state, set(state.to_move), {}, console, read=read)
    game.save_path = Path("/dev/null")
    game.run()
    hint = " ".join(out.getvalue().split("hint: ")[1].split("quit")[0].split())
    assert f"({expected})" in hint, hint


def test_python_dash_m_meeple_is_the_meeple_command() -> None:
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-m", "meeple", "list"], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert all(game in done.stdout for game in ("bayon", "ivor", "isle_of_skye", "ibyron"))
