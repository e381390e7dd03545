"""``meeple arena``: a tournament between bots from the command line.

meeple arena GAME --bots SPEC,SPEC[,...] [-n GAMES] [--players P] [--option K=V ...]
                  [--seed S] [--clock wall|cpu] [--jobs J | --ray [ADDRESS]] [--out DIR] [--resume]
meeple arena --report DIR
"""

from __future__ import annotations

import argparse
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from rich.console import Console

import meeple
from meeple.arena.play import CLOCKS, GameFailed
from meeple.arena.progress import LiveView, summary_tables
from meeple.arena.run import run_arena, summary_of, write_report
from meeple.arena.runners import ProcessRunner, RayRunner, Runner, SerialRunner, default_workers
from meeple.arena.store import ArenaConfig, ArenaFolder
from meeple.bots import make_bot
from meeple.core.rng import fresh_seed

LOCAL_RAY = "local"  # what a bare --ray stands for


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "arena",
        help="a tournament between bots: ratings, win rates, a report",
        description="Play bots against each other, every bot in every seat equally often; rate them "
        "(OpenSkill), write each game to DIR/games.jsonl as it ends and DIR/report.html at the end.",
    )
    parser.add_argument("game", nargs="?", help="the game (not needed with --resume or --report)")
    parser.add_argument("--bots", help="bot specs, comma separated: random, ismcts:500, a level, a game's own bot")
    parser.add_argument("-n", type=int, help="how many games (default 100; with --resume: as before)")
    parser.add_argument("--players", type=int, help="seats per game (default: the game's usual count)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--seed", type=int, help="arena seed: the same seed plays the same games (default: random)")
    parser.add_argument(
        "--clock",
        choices=CLOCKS,
        help="what the searching bots' time limits measure: wall (default, what a player waits) or cpu "
        "(the CPU time of the bot's thread, so each gets its whole budget however loaded the machine is)",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--jobs", type=int, help="local worker processes (default: the number of cores)")
    where.add_argument(
        "--ray",
        nargs="?",
        const=LOCAL_RAY,
        metavar="ADDRESS",
        help="run the games as Ray tasks: a local Ray, or the cluster at ADDRESS (needs meeple[ray])",
    )
    parser.add_argument("--out", type=Path, help="results folder (default arena/GAME-TIME)")
    parser.add_argument("--resume", action="store_true", help="continue the arena in --out, skipping finished games")
    parser.add_argument("--report", type=Path, metavar="DIR", help="only rebuild DIR/report.html from its results")
    parser.set_defaults(func=cmd_arena)
    return parser


def cmd_arena(args: argparse.Namespace) -> int:
    console = Console()
    if args.report is not None:
        return _report_only(ArenaFolder(args.report), console)
    config, folder = _config_and_folder(args)
    runner = _runner(args)
    return _run(config, folder, runner, console)


def _fail(message: str) -> SystemExit:
    return SystemExit(f"meeple arena: {message}")


def _config_and_folder(args: argparse.Namespace) -> tuple[ArenaConfig, ArenaFolder]:
    if args.resume:
        if args.out is None:
            raise _fail("--resume continues the arena in --out DIR; say which folder")
        folder = ArenaFolder(args.out)
        try:
            stored = folder.read_config()
        except ValueError as exc:
            raise _fail(str(exc)) from None
        config = _resumed_config(args, stored)
        return config, folder
    if args.game is None:
        raise _fail("name the game (meeple arena GAME --bots A,B), or use --resume or --report")
    if not args.bots:
        raise _fail("--bots is needed: the bots to play, comma separated (e.g. --bots random,greedy)")
    config = _new_config(args)
    out = args.out or Path("arena") / f"{config.game}-{time.strftime('%Y%m%d-%H%M%S')}"
    folder = ArenaFolder(out)
    if folder.exists():
        raise _fail(f"{out} already holds an arena: add --resume to continue it, or choose another --out")
    return config, folder


def _new_config(args: argparse.Namespace, stored_seed: int | None = None) -> ArenaConfig:
    info = meeple.GAMES.get(args.game)
    if info is None:
        raise _fail(f"unknown game {args.game!r}; games: {', '.join(meeple.GAMES)}")
    bots = tuple(spec.strip() for spec in args.bots.split(","))
    if any(not spec for spec in bots):
        raise _fail(f"--bots has an empty spec: {args.bots!r}")
    repeated = sorted({spec for spec in bots if bots.count(spec) > 1})
    if repeated:
        raise _fail(f"list each bot once (repeated: {', '.join(repeated)})")
    for spec in bots:
        try:
            make_bot(spec, game=info.id, seed=0)
        except ValueError as exc:
            raise _fail(str(exc)) from None
    players = info.default_players if args.players is None else args.players
    if players < 2:
        raise _fail("an arena needs games of at least 2 players")
    options = _parse_options(args.option)
    try:
        info.new(players, 0, **options)  # checks the player count and the options before any game runs
        # Options left to the rules (None) are stored with their value for this player count;
        # a per-game draw (Isle of Skye's random scoring tiles) stays a draw: each game makes its own.
        resolved = info.state_class.resolve_options(players, info.resolve_options(options))
    except ValueError as exc:
        raise _fail(str(exc)) from None
    games = 100 if args.n is None else args.n
    if games < 1:
        raise _fail(f"-n must be at least 1, got {games}")
    seed = args.seed if args.seed is not None else stored_seed if stored_seed is not None else fresh_seed()
    return ArenaConfig(info.id, players, bots, games, seed, resolved, info.rules_version, clock=args.clock or "wall")


def _resumed_config(args: argparse.Namespace, stored: ArenaConfig) -> ArenaConfig:
    """The stored arena, with more (or fewer) games if ``-n`` says so; any other
    setting given must match what the arena was started with."""
    info = meeple.GAMES.get(stored.game)
    if info is not None and info.rules_version != stored.rules_version:
        raise _fail(
            f"these games were played with {info.title} rules version {stored.rules_version}; this meeple plays "
            f"version {info.rules_version}: start a new arena"
        )
    games = stored.games if args.n is None else args.n
    if games < 1:
        raise _fail(f"-n must be at least 1, got {games}")
    if (
        args.game is None
        and not args.bots
        and args.players is None
        and not args.option
        and args.seed is None
        and args.clock is None
    ):
        return replace(stored, games=games)
    given = argparse.Namespace(
        **{
            **vars(args),
            "game": args.game or stored.game,
            "bots": args.bots or ",".join(stored.bots),
            "clock": args.clock or stored.clock,
        }
    )
    if given.players is None:
        given.players = stored.players
    if not given.option:
        given.option = [f"{k}={v}" for k, v in stored.options.items() if v is not None]
    asked = _new_config(given, stored_seed=stored.seed)
    differences = stored.differences(asked)
    if differences:
        raise _fail(f"{args.out} holds another arena ({'; '.join(differences)}); --resume continues it as it was")
    return replace(stored, games=games)


def _parse_options(pairs: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise _fail(f"an option is NAME=VALUE, got {pair!r}")
        options[name.strip()] = value.strip()
    return options


def _runner(args: argparse.Namespace) -> Runner:
    if args.ray is not None:
        try:
            return RayRunner(None if args.ray == LOCAL_RAY else args.ray)
        except ValueError as exc:
            raise _fail(str(exc)) from None
    jobs = default_workers() if args.jobs is None else args.jobs
    if jobs < 1:
        raise _fail(f"--jobs must be at least 1, got {jobs}")
    return SerialRunner() if jobs == 1 else ProcessRunner(jobs)


def clock_bound_bots(config: ArenaConfig) -> list[str]:
    """The bots whose search stops at a time limit (they expose it as ``seconds``)."""
    return [spec for spec in config.bots if getattr(make_bot(spec, game=config.game, seed=0), "seconds", None)]


def _run(config: ArenaConfig, folder: ArenaFolder, runner: Runner, console: Console) -> int:
    title = meeple.GAMES[config.game].title
    done = [row for index, row in folder.read_rows().items() if index < config.games]
    console.print(
        f"[bold]{title}[/bold] arena: {config.games} games of {config.players} players, "
        f"bots {', '.join(config.bots)}, seed {config.seed}, on {runner.name}; results in {folder.path}",
        soft_wrap=True,
    )
    clocked = clock_bound_bots(config)
    if clocked and config.clock == "cpu":
        console.print(
            f"note: {', '.join(clocked)} think for their budget in CPU time of their own thread (--clock cpu): "
            "each gets its whole budget however loaded the machine is, and a game waits longer for it; "
            "their games can still differ between runs (CPU time is measured, not counted)",
            soft_wrap=True,
        )
    elif clocked:
        console.print(
            f"note: {', '.join(clocked)} think by the clock, so their games can differ between runs and runners "
            "(the machine's load decides how far they search); an iteration budget such as ismcts:500 replays exactly",
            soft_wrap=True,
        )
    view = LiveView(console, title, config.games, done, config.bots)
    try:
        with view:
            rows = run_arena(config, folder, runner, on_row=view.add)
    except KeyboardInterrupt:
        finished = len([i for i in folder.read_rows() if i < config.games])
        console.print(
            f"stopped: {finished} of {config.games} games are kept in {folder.path}; "
            f"continue with: meeple arena --resume --out {folder.path}",
            soft_wrap=True,  # a path to copy must not be broken across lines
        )
        return 130
    except GameFailed as exc:
        raise _fail(f"{exc} (finished games are kept in {folder.path})") from None
    summary = summary_of(config, rows)
    for table in summary_tables(summary):
        console.print(table)
    console.print(f"report: {write_report(config, folder, summary)}", soft_wrap=True)
    return 0


def _report_only(folder: ArenaFolder, console: Console) -> int:
    try:
        config = folder.read_config()
    except ValueError as exc:
        raise _fail(str(exc)) from None
    summary = summary_of(config, folder.read_rows())
    for table in summary_tables(summary):
        console.print(table)
    console.print(f"report: {write_report(config, folder, summary)}", soft_wrap=True)
    return 0
