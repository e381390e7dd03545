"""The ``meeple`` command: play in the terminal, replay, render, run a bot arena.

Every view printed here is drawn from ``observation(seat)`` through the
game's ``text_view``; the terminal never looks at the state itself, so it
cannot show a seat what the seat may not know.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import inspect
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.table import Table

import meeple
from meeple.arena import cli as arena_cli
from meeple.bots import BOT_KINDS, Bot, make_bot
from meeple.core import GameInfo, IllegalAction, Record, State


def _info(game: str) -> GameInfo:
    if game not in meeple.GAMES:
        raise SystemExit(f"unknown game {game!r}; games: {', '.join(meeple.GAMES) or 'none yet'}")
    return meeple.GAMES[game]


def _parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise SystemExit(f"an option is NAME=VALUE, got {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _new_state(info: GameInfo, players: int | None, seed: int | None, options: dict[str, Any]) -> State:
    try:
        return info.new(players, seed, **options)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def _bots_for(specs: str, seats: Sequence[int], seed: int, game: str) -> dict[int, Bot]:
    names = [s for s in specs.split(",") if s.strip()] or ["ismcts"]
    bots: dict[int, Bot] = {}
    try:
        for i, seat in enumerate(seats):
            bots[seat] = make_bot(names[min(i, len(names) - 1)], seed=seed + seat, game=game)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    return bots


def text_view(info: GameInfo, obs: dict[str, Any], legal: list[str] | None = None) -> Any:
    """The game's terminal view of ``obs``; views that take the legal notations
    (to mark where a move can go) get them."""
    view = info.text_view
    if view is None:  # pragma: no cover - every registered game has a text view
        return obs
    if legal is not None and len(inspect.signature(view).parameters) >= 2:
        return view(obs, legal)
    return view(obs)


# --------------------------------------------------------------------- play
class TerminalGame:
    """One game at the terminal: humans type, bots think, views come from observations."""

    def __init__(
        self,
        state: State,
        humans: set[int],
        bots: dict[int, Bot],
        console: Console,
        read: Callable[[str], str] | None = None,
        hint_seconds: float | None = None,
        save_path: Path | None = None,
    ) -> None:
        self.state = state
        self.humans = humans
        self.bots = bots
        self.console = console
        self.read = read or input  # looked up now, so a test's replacement of input() is used
        self.hint_seconds = hint_seconds
        self.save_path = save_path
        self.last_viewer: int | None = None
        self.shown_moves = 0

    def view(self, seat: int | None) -> None:
        obs = self.state.observation(seat)
        legal = [str(a) for a in self.state.legal_actions(seat)] if seat in self.state.to_move else None
        self.console.print(text_view(self.state.info, obs, legal))

    def log_new_moves(self, viewer: int | None) -> None:
        history = self.state.history
        for index in range(self.shown_moves, len(history)):
            text = self.state.move_text(index, viewer)
            if text is not None:
                mover = history[index][0]
                who = "you" if mover == viewer else f"seat {mover}"
                self.console.print(f"[dim]{index + 1:>4}.[/dim] {who}: [bold]{text}[/bold]")
        self.shown_moves = len(history)

    def pass_screen(self, seat: int) -> bool:
        """Hot seat: hide the last view before another person sits down."""
        if len(self.humans) > 1 and self.last_viewer is not None and self.last_viewer != seat:
            self.console.clear()
            self.console.print(Panel(f"Pass to seat {seat}, then press Enter.", title="hot seat"))
            try:
                self.read("")
            except EOFError:
                return False
            self.console.clear()
        self.last_viewer = seat
        return True

    def save(self, path: Path | None = None) -> Path:
        target = path or self.save_path or Path(f"{self.state.info.id}-{self.state.seed}.meeple.json")
        target.write_text(self.state.record.to_json(indent=1) + "\n")
        return target

    def human_turn(self, seat: int) -> bool:
        """Ask ``seat`` for a move; returns False when the person quits.

        help, hint and save answer without redrawing the board; an empty
        line redraws it.
        """
        if not self.pass_screen(seat):
            return False
        show_view = True
        while True:
            actions = self.state.legal_actions(seat)
            if show_view:
                self.log_new_moves(seat)
                self.view(seat)
                self.console.print(f"[bold]seat {seat}: your move[/bold]")
                table = Table(show_header=False, box=None)
                for i, action in enumerate(actions, 1):
                    table.add_row(f"[cyan]{i}[/cyan]", str(action))
                self.console.print(table)
            show_view = False
            try:
                line = self.read("move (number, notation, help, hint, save, quit)> ").strip()
            except EOFError:
                return False
            if not line:
                show_view = True
                continue
            word = line.lower()
            if word in ("quit", "q", "exit"):
                path = self.save()
                self.console.print(f"saved to {path} (carry on with: meeple play {self.state.info.id} --resume {path})")
                return False
            if word == "help":
                self.console.print(
                    "Type the number of a move or its notation. [bold]hint[/bold] asks the hard bot, "
                    "[bold]save [FILE][/bold] writes the record, [bold]quit[/bold] saves and stops."
                )
                continue
            if word == "hint":
                # The hint is the ``hard`` level's move (``hint_seconds`` shortens it, for tests).
                budget = f":{self.hint_seconds}s" if self.hint_seconds is not None else ""
                bot = make_bot(f"hard{budget}", seed=self.state.move_number, game=self.state.info)
                self.console.print(f"hint: [bold]{bot.choose(self.state, seat)}[/bold]")
                continue
            if word == "save" or word.startswith("save "):
                name = line[4:].strip()
                path = self.save(Path(name) if name else None)
                self.console.print(f"saved to {path}")
                continue
            try:
                if line.isdigit():
                    number = int(line)
                    if not 1 <= number <= len(actions):
                        raise ValueError(f"choose a number from 1 to {len(actions)}")
                    action = actions[number - 1]
                else:
                    action = self.state.parse_action(line, seat)
                self.state.apply(action, seat)
            except ValueError as exc:  # IllegalAction included
                kind = "illegal" if isinstance(exc, IllegalAction) else "not understood"
                self.console.print(f"[red]{kind}:[/red] {exc}")
                continue
            return True

    def run(self) -> State:
        state = self.state
        while not state.is_over:
            movers = state.to_move
            human = next((s for s in movers if s in self.humans), None)
            if human is not None:
                if not self.human_turn(human):
                    return state
                continue
            seat = movers[0]
            bot = self.bots[seat]
            started = time.perf_counter()
            action = bot.choose(state, seat)
            state.apply(action, seat)
            if not self.humans:
                self.log_new_moves(None)
            elif time.perf_counter() - started > 0.5:
                self.console.print(f"[dim]seat {seat} ({bot.name}) moved[/dim]")
        viewer = next(iter(sorted(self.humans)), None) if len(self.humans) == 1 else None
        self.log_new_moves(viewer)
        self.view(viewer)
        self.console.print(Panel(_result_text(state), title="game over"))
        if self.humans:
            path = self.save()
            self.console.print(f"record saved to {path} (meeple replay {path})")
        return state


def _result_text(state: State) -> str:
    scores = ", ".join(f"seat {s}: {v:g}" for s, v in enumerate(state.scores))
    winners = " and ".join(f"seat {s}" for s in state.winners)
    return f"scores {scores}\nwinner: {winners}"


def _seats_arg(text: str, players: int) -> set[int]:
    if text == "all":
        return set(range(players))
    if text == "none":
        return set()
    seats = set()
    for part in text.split(","):
        if not part.strip().isdigit() or not 0 <= int(part) < players:
            raise SystemExit(f"--seat takes seat numbers from 0 to {players - 1}, 'all' or 'none'; got {text!r}")
        seats.add(int(part))
    return seats


def cmd_play(args: argparse.Namespace) -> int:
    if args.resume:
        record = _load_record(args.resume)
        if args.game != record.game:
            raise SystemExit(f"{args.resume} is a game of {record.game}, not {args.game}")
        if args.players is not None or args.seed is not None or args.option:
            raise SystemExit("--resume continues the saved game as it was: leave out --players, --seed and --option")
        state = _state_at(record, len(record.moves))
        if state.is_over:
            raise SystemExit(f"the game in {args.resume} is over; 'meeple replay {args.resume}' steps through it")
        if args.save is None:
            args.save = args.resume  # carry on saving to the same file
        info = state.info
    else:
        info = _info(args.game)
        state = _new_state(info, args.players, args.seed, _parse_options(args.option))
    humans = _seats_arg(args.seat, state.players)
    bots = _bots_for(args.bots, [s for s in range(state.players) if s not in humans], state.seed, info.id)
    console = Console()
    console.print(Panel(f"{info.title}, {state.players} players, seed {state.seed}", title="meeple"))
    game = TerminalGame(state, humans, bots, console, save_path=Path(args.save) if args.save else None)
    game.run()
    return 0


# ------------------------------------------------------------------- replay
def _load_record(path: str) -> Record:
    try:
        return Record.from_json(Path(path).read_text())
    except OSError as exc:
        raise SystemExit(f"cannot read {path}: {exc.strerror}") from None
    except ValueError as exc:
        raise SystemExit(f"{path} is not a meeple record: {exc}") from None


def _state_at(record: Record, move: int) -> State:
    info = _info(record.game)
    if not 0 <= move <= len(record.moves):
        raise SystemExit(f"the record has moves 0 to {len(record.moves)}, not {move}")
    partial = dataclasses.replace(record, moves=record.moves[:move])
    try:
        state = meeple.replay(partial)
    except ValueError as exc:
        raise SystemExit(str(exc)) from None
    assert state.info is info
    return state


def cmd_replay(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    record = _load_record(args.file)
    console = Console()
    seat = None if args.seat in (None, "spectator") else int(args.seat)
    move = max(0, min(args.start, len(record.moves)))
    while True:
        state = _state_at(record, move)
        console.rule(f"{state.info.title}: position after move {move} of {len(record.moves)}")
        if move:
            mover, _text = record.moves[move - 1]
            shown = state.move_text(move - 1, seat)
            if shown is not None:
                console.print(f"move {move}: seat {mover} played [bold]{shown}[/bold]")
        console.print(text_view(state.info, state.observation(seat)))
        if args.no_input:
            if move >= len(record.moves):
                return 0
            move += 1
            continue
        try:
            line = read("Enter: next, b: back, NUMBER: go to move, q: quit> ").strip().lower()
        except EOFError:
            return 0
        if line in ("q", "quit"):
            return 0
        if line == "b":
            move = max(0, move - 1)
        elif line.isdigit():
            move = min(int(line), len(record.moves))
        elif move < len(record.moves):
            move += 1
        else:
            console.print("end of the record")


# ------------------------------------------------------------------- render
def cmd_render(args: argparse.Namespace) -> int:
    record = _load_record(args.record)
    move = len(record.moves) if args.move is None else args.move
    state = _state_at(record, move)
    seat = None if args.seat in (None, "spectator") else int(args.seat)
    if seat is not None and not 0 <= seat < state.players:
        raise SystemExit(f"there is no seat {seat}")
    view = state.info.svg_view
    if view is None:
        raise SystemExit(f"{state.info.title} has no SVG view")
    legal = [str(a) for a in state.legal_actions(seat)] if seat is not None and seat in state.to_move else None
    svg = view(state.observation(seat), legal)
    Path(args.output).write_text(svg)
    print(f"wrote {args.output} (move {move}, {'spectator' if seat is None else f'seat {seat}'})")
    return 0


def cmd_list(args: argparse.Namespace) -> int:
    console = Console()
    for info in meeple.GAMES.values():
        console.print(f"[bold]{info.id}[/bold]: {info.title}, {info.min_players}–{info.max_players} players")
        for opt in info.options:
            console.print(f"    --option {opt.name}=… (default {opt.default!r}): {opt.help}")
    return 0


# --------------------------------------------------------------------- main
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="meeple", description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--version", action="version", version=f"meeple {meeple.__version__}")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("list", help="list the games and their options")
    p.set_defaults(func=cmd_list)

    p = sub.add_parser("play", help="play in the terminal")
    p.add_argument("game")
    p.add_argument("--players", type=int)
    p.add_argument("--seat", default="0", help="your seat(s): a number, a comma list, 'all' (hot seat) or 'none'")
    p.add_argument(
        "--bots",
        default="ismcts",
        help=f"bot spec(s) for the other seats, comma separated: {', '.join(BOT_KINDS)} or a game's own (greedy)",
    )
    p.add_argument("--seed", type=int)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--save", help="where to write the record (default GAME-SEED.meeple.json)")
    p.add_argument("--resume", metavar="FILE", help="continue a game saved with 'save' or 'quit'")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("replay", help="step through a record")
    p.add_argument("file")
    p.add_argument("--seat", help="whose view to show (default: spectator)")
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--no-input", action="store_true", help="print every position without waiting")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("render", help="draw a position of a record as SVG")
    p.add_argument("record")
    p.add_argument("--move", type=int, help="position after this many moves (default: the last)")
    p.add_argument("--seat", help="whose view (default: spectator)")
    p.add_argument("-o", "--output", default="out.svg")
    p.set_defaults(func=cmd_render)

    arena_cli.add_parser(sub)

    try:
        web_cli = importlib.import_module("meeple.web.cli")
    except ImportError:
        web_cli = None
    if web_cli is not None:
        web_cli.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("\ninterrupted")
        return 130


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
