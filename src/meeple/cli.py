"""The ``meeple`` command: play in the terminal, replay, render, analyse, run a bot arena.

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

from rich.console import Console, Group
from rich.markup import escape
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

import meeple
from meeple.analysis import cli as analysis_cli
from meeple.arena import cli as arena_cli
from meeple.bots import BOT_KINDS, LEVEL_NAMES, Bot, make_bot
from meeple.core import GameInfo, IllegalAction, Record, State
from meeple.core.log import GameLog
from meeple.core.words import seat_name


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


DEFAULT_BOTS = "medium"  # what a new player meets: a few turns' look-ahead, under a second a move


def _bot_specs(specs: str, seats: Sequence[int]) -> dict[int, str]:
    """Each bot seat's spec: the comma list in seat order, its last spec repeated."""
    names = [s.strip() for s in specs.split(",") if s.strip()] or [DEFAULT_BOTS]
    return {seat: names[min(i, len(names) - 1)] for i, seat in enumerate(seats)}


def _bots_for(specs: dict[int, str], seed: int, game: str) -> dict[int, Bot]:
    """The bots for ``specs``, each seeded from the game's seed and its seat (so a game replays)."""
    try:
        return {seat: make_bot(spec, seed=seed + seat, game=game) for seat, spec in specs.items()}
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def text_view(
    info: GameInfo, obs: dict[str, Any], legal: list[str] | None = None, names: Sequence[str] | None = None
) -> Any:
    """The game's terminal view of ``obs``; views that take the legal notations
    (to mark where a move can go) or the players' names get them."""
    view = info.text_view
    if view is None:  # pragma: no cover - every registered game has a text view
        return obs
    params = inspect.signature(view).parameters
    kwargs: dict[str, Any] = {"names": names} if names is not None and "names" in params else {}
    if legal is not None and len(params) >= 2:
        return view(obs, legal, **kwargs)
    return view(obs, **kwargs)


# --------------------------------------------------------------------- play
class TerminalGame:
    """One game at the terminal: humans type, bots think, views come from observations."""

    def __init__(
        self,
        state: State | GameLog,
        humans: set[int],
        bots: dict[int, Bot],
        console: Console,
        read: Callable[[str], str] | None = None,
        hint_seconds: float | None = None,
        save_path: Path | None = None,
        names: Sequence[str] | None = None,
        bot_specs: dict[int, str] | None = None,
    ) -> None:
        # Moves go through a GameLog: it keeps each move in words, its
        # consequences, and what may still be taken back.
        self.log = state if isinstance(state, GameLog) else GameLog(state, names)
        self.humans = humans
        self.bots = bots
        # The specs the bots were made from, saved in the record so --resume brings them back.
        self.bot_specs = bot_specs
        self.console = console
        self.read = read or input  # looked up now, so a test's replacement of input() is used
        self.hint_seconds = hint_seconds
        self.save_path = save_path
        self.last_viewer: int | None = None
        self.shown_moves = 0

    @property
    def state(self) -> State:
        """The position now (undo replaces it, so always read it from the log)."""
        return self.log.state

    def name(self, seat: int, viewer: int | None = None) -> str:
        return "you" if seat == viewer else seat_name(self.log.names, seat)

    def view(self, seat: int | None) -> None:
        obs = self.state.observation(seat)
        legal = [str(a) for a in self.state.legal_actions(seat)] if seat in self.state.to_move else None
        self.console.print(text_view(self.state.info, obs, legal, self.log.names))

    def log_new_moves(self, viewer: int | None) -> None:
        """Print the moves (in words) and their consequences ``viewer`` has not seen yet."""
        for line in self.log.lines(viewer, start=min(self.shown_moves, len(self.log.entries))):
            if line["text"] is not None:
                who = self.name(line["seat"], viewer)
                if line["seat"] != viewer and line.get("told"):  # another's move, told in the third person
                    move = f"{who} [bold]{escape(line['told'])}[/bold]"
                else:
                    move = f"{who}: [bold]{escape(line['text'])}[/bold]"
                self.console.print(f"[dim]{line['number']:>4}.[/dim] {move}")
            for consequence in line["consequences"]:
                self.console.print(f"[dim]      {escape(consequence)}[/dim]")
        self.shown_moves = len(self.log.entries)

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
        record = self.state.record
        record.names = self.log.names
        if self.bot_specs is not None:
            record.bots = [self.bot_specs.get(seat) for seat in range(self.state.players)]
        target.write_text(record.to_json(indent=1) + "\n")
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
                who = seat_name(self.log.names, seat)
                if self.log.names:  # a chosen name also says which seat it is; "Seat 1" already does
                    who += f" (seat {seat})"
                self.console.print(f"[bold]{who}: your move[/bold]")
                table = Table(show_header=False, box=None)
                for i, (notation, label) in enumerate(self.state.labelled_actions(seat), 1):
                    typed = f"  [dim]{escape(notation)}[/dim]" if label != notation else ""
                    table.add_row(f"[cyan]{i}[/cyan]", escape(label) + typed)
                self.console.print(table)
                if self.log.undo_points(seat):
                    self.console.print("[dim]undo takes back your last move[/dim]")
            show_view = False
            try:
                line = self.read("move (number, notation, help, hint, undo, save, quit)> ").strip()
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
                    "[bold]undo[/bold] takes back your last move of this turn (unless it revealed "
                    "something or involved chance), [bold]save [FILE][/bold] writes the record, "
                    "[bold]quit[/bold] saves and stops."
                )
                continue
            if word == "undo":
                try:
                    self.log.undo(seat)
                except ValueError as exc:  # IllegalAction included
                    self.console.print(f"[red]cannot undo:[/red] {exc}")
                    continue
                self.shown_moves = len(self.log.entries)
                self.console.print("[dim]move taken back[/dim]")
                show_view = True
                continue
            if word == "hint":
                # The hint is the ``hard`` level's move (``hint_seconds`` shortens it, for tests).
                budget = f":{self.hint_seconds}s" if self.hint_seconds is not None else ""
                bot = make_bot(f"hard{budget}", seed=self.state.move_number, game=self.state.info)
                advice = bot.choose(self.state, seat)
                self.console.print(f"hint: [bold]{escape(self.state.action_label(advice, seat))}[/bold] ({advice})")
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
                self.log.apply(action, seat)
            except ValueError as exc:  # IllegalAction included
                kind = "illegal" if isinstance(exc, IllegalAction) else "not understood"
                self.console.print(f"[red]{kind}:[/red] {exc}")
                continue
            return True

    def run(self) -> State:
        while not self.state.is_over:
            state = self.state
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
            self.log.apply(action, seat)
            if not self.humans:
                self.log_new_moves(None)
            elif time.perf_counter() - started > 0.5:
                self.console.print(f"[dim]{seat_name(self.log.names, seat)} ({bot.name}) moved[/dim]")
        viewer = next(iter(sorted(self.humans)), None) if len(self.humans) == 1 else None
        self.log_new_moves(viewer)
        self.view(viewer)
        self.console.print(result_panel(self.state, self.log.names))
        if self.humans:
            path = self.save()
            self.console.print(f"record saved to {path} (meeple replay {path})")
        return state


def result_panel(state: State, names: Sequence[str] | None = None) -> Panel:
    """The end screen: why the game ended, in words, and each seat's breakdown."""
    summary = state.end_summary(names)
    assert summary is not None, "only a finished game has a result"
    table = Table()
    table.add_column("seat")
    table.add_column("result")
    table.add_column("total", justify="right")
    for result in sorted(summary.seats, key=lambda r: r.seat):
        mark = " (winner)" if result.seat in summary.winners else ""
        parts = [f"{escape(line.label)}: {line.value:g}" for line in result.lines]
        if result.note:
            parts.append(escape(result.note))
        table.add_row(seat_name(names, result.seat) + mark, "\n".join(parts), f"{result.total:g}")
    return Panel(Group(Text(summary.reason, style="bold"), table), title="game over")


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


def _names_arg(text: str | None, players: int) -> list[str] | None:
    if text is None:
        return None
    names = [n.strip() for n in text.split(",")]
    if len(names) != players or not all(names) or any(len(n) > 40 for n in names):
        raise SystemExit(f"--names takes {players} names (each 1 to 40 characters) separated by commas, got {text!r}")
    return names


def cmd_play(args: argparse.Namespace) -> int:
    saved_bots: list[str | None] | None = None
    if args.resume:
        record = _load_record(args.resume)
        if args.game != record.game:
            raise SystemExit(f"{args.resume} is a game of {record.game}, not {args.game}")
        if args.players is not None or args.seed is not None or args.option or args.names:
            raise SystemExit(
                "--resume continues the saved game as it was: leave out --players, --seed, --option and --names"
            )
        state = _state_at(record, len(record.moves))
        log = GameLog.from_record(record, record.names)
        saved_bots = record.bots
        if state.is_over:
            raise SystemExit(f"the game in {args.resume} is over; 'meeple replay {args.resume}' steps through it")
        if args.save is None:
            args.save = args.resume  # carry on saving to the same file
        info = state.info
    else:
        info = _info(args.game)
        state = _new_state(info, args.players, args.seed, _parse_options(args.option))
        log = GameLog(state, _names_arg(args.names, state.players))
    if saved_bots is not None and args.seat is None and args.bots is None:
        # The saved game's own seats: the same people, against the same bots.
        specs = {seat: spec for seat, spec in enumerate(saved_bots) if spec is not None}
        humans = {seat for seat, spec in enumerate(saved_bots) if spec is None}
    else:
        humans = _seats_arg(args.seat or "0", state.players)
        specs = _bot_specs(args.bots or DEFAULT_BOTS, [s for s in range(state.players) if s not in humans])
    bots = _bots_for(specs, state.seed, info.id)
    console = Console()
    console.print(Panel(f"{info.title}, {state.players} players, seed {state.seed}", title="meeple"))
    save_path = Path(args.save) if args.save else None
    game = TerminalGame(log, humans, bots, console, save_path=save_path, bot_specs=specs)
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


def _log_at(record: Record, move: int) -> GameLog:
    """The record's first ``move`` moves played through a log (for their words)."""
    _info(record.game)
    if not 0 <= move <= len(record.moves):
        raise SystemExit(f"the record has moves 0 to {len(record.moves)}, not {move}")
    try:
        return GameLog.from_record(dataclasses.replace(record, moves=record.moves[:move]))
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def cmd_replay(args: argparse.Namespace, read: Callable[[str], str] = input) -> int:
    record = _load_record(args.file)
    console = Console()
    seat = None if args.seat in (None, "spectator") else int(args.seat)
    move = max(0, min(args.start, len(record.moves)))
    while True:
        log = _log_at(record, move)
        state = log.state
        console.rule(f"{state.info.title}: position after move {move} of {len(record.moves)}")
        if move:
            entry = log.lines(seat, start=move - 1)[0]
            if entry["text"] is not None:
                who = seat_name(record.names, entry["seat"])
                if entry.get("told"):
                    console.print(f"move {move}: {who} [bold]{escape(entry['told'])}[/bold]")
                else:
                    console.print(f"move {move}: {who} played [bold]{escape(entry['text'])}[/bold]")
            for consequence in entry["consequences"]:
                console.print(f"[dim]  {escape(consequence)}[/dim]")
        console.print(text_view(state.info, state.observation(seat), names=record.names))
        if state.is_over and move == len(record.moves):
            console.print(result_panel(state, record.names))
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


def cmd_train(args: argparse.Namespace) -> int:
    try:
        from meeple.rl.train import main as train_main
    except ImportError as exc:
        raise SystemExit(f"meeple train needs the train extra (pip install 'meeple[train]'): {exc}") from None
    return train_main(args.args)


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
    p.add_argument(
        "--seat",
        help="your seat(s): a number, a comma list, 'all' (hot seat) or 'none' (default 0; "
        "with --resume, the saved game's seats)",
    )
    p.add_argument(
        "--bots",
        help=f"bot spec(s) for the other seats, comma separated, in seat order: the levels "
        f"{', '.join(LEVEL_NAMES)} (default {DEFAULT_BOTS}), "
        f"{', '.join(k for k in BOT_KINDS if k not in LEVEL_NAMES)}, "
        "or a game's own bot (such as heuristic); with --resume, the saved game's bots",
    )
    p.add_argument("--seed", type=int)
    p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    p.add_argument("--save", help="where to write the record (default GAME-SEED.meeple.json)")
    p.add_argument("--resume", metavar="FILE", help="continue a game saved with 'save' or 'quit'")
    p.add_argument("--names", help="the players' names, seat by seat, comma separated (kept in the record)")
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
    analysis_cli.add_parser(sub)

    # `meeple train` hands its arguments, --help included, to meeple.rl.train's own parser:
    # that module needs numpy (and torch to run), which a plain install lacks, so it is
    # imported only when asked for. No prefix characters: nothing here is read as an option.
    p = sub.add_parser(
        "train", help="train a policy by MaskablePPO (needs meeple[train]; meeple train --help)",
        add_help=False, prefix_chars="\0",
    )  # fmt: skip
    p.add_argument("args", nargs="*")
    p.set_defaults(func=cmd_train)

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
