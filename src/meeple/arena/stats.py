"""What an arena's rows add up to: ratings, win rates, seat balance, scores, lengths, times.

Everything here is a pure function of the rows, read in game-index order,
so the same rows give the same figures however and wherever they were played.

Ratings: OpenSkill's Plackett–Luce model over each game's finishing order.
The winners share first place; the other seats follow by score, equal
scores sharing a place. A bot that sits in several seats of one game (more
seats than bots) is rated as one player per seat and then given the mean of
those seats' updated ratings.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

Row = dict[str, Any]


def wilson_interval(wins: float, games: float, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win rate (``wins`` may be fractional: shared wins)."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p)) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def finishing_ranks(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place (1 = first): winners first, then by score; ties share a place."""
    key = [(seat in winners, scores[seat]) for seat in range(len(scores))]
    return [1 + sum(other > mine for other in key) for mine in key]


@dataclass(frozen=True)
class Rating:
    mu: float
    sigma: float

    @property
    def ordinal(self) -> float:
        """A cautious estimate, μ − 3σ (OpenSkill's ordinal): what a leader table sorts by."""
        return self.mu - 3 * self.sigma


class RatingBook:
    """Ratings updated game by game (the live leader table feeds it games as they finish)."""

    def __init__(self, bots: Sequence[str]) -> None:
        self.model = PlackettLuce()
        self.current = {bot: self.model.rating(name=bot) for bot in bots}

    def add(self, row: Row) -> None:
        lineup = row["lineup"]
        teams = [[self.model.rating(mu=self.current[bot].mu, sigma=self.current[bot].sigma)] for bot in lineup]
        rated = self.model.rate(teams, ranks=[float(r) for r in finishing_ranks(row["scores"], row["winners"])])
        for bot in set(lineup):
            seats = [rated[s][0] for s, b in enumerate(lineup) if b == bot]
            mu = statistics.fmean(r.mu for r in seats)
            sigma = statistics.fmean(r.sigma for r in seats)
            self.current[bot] = self.model.rating(mu=mu, sigma=sigma, name=bot)

    def ratings(self) -> dict[str, Rating]:
        return {bot: Rating(r.mu, r.sigma) for bot, r in self.current.items()}


def ratings(rows: Iterable[Row], bots: Sequence[str]) -> dict[str, Rating]:
    """The ratings after every game, taken in index order (the order finished games arrived in does not matter)."""
    book = RatingBook(bots)
    for row in sorted(rows, key=lambda r: r["index"]):
        book.add(row)
    return book.ratings()


@dataclass(frozen=True)
class Share:
    """A share of wins (or of head-to-head finishes) over ``games`` with its 95% interval."""

    wins: float
    games: float

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def win_shares(rows: Sequence[Row], bots: Sequence[str]) -> dict[str, Share]:
    """Each bot's share of the wins over the games it played (a shared win splits)."""
    wins = dict.fromkeys(bots, 0.0)
    games = dict.fromkeys(bots, 0)
    for row in rows:
        for bot in set(row["lineup"]):
            games[bot] += 1
        for seat in row["winners"]:
            wins[row["lineup"][seat]] += 1 / len(row["winners"])
    return {bot: Share(wins[bot], games[bot]) for bot in bots}


def head_to_head(rows: Sequence[Row], bots: Sequence[str]) -> dict[tuple[str, str], Share]:
    """``(a, b)``: how often a seat of ``a`` finished ahead of a seat of ``b`` in
    the games both played (a tie counts half). In two-player games it is the win rate."""
    ahead: defaultdict[tuple[str, str], float] = defaultdict(float)
    met: Counter[tuple[str, str]] = Counter()
    for row in rows:
        ranks = finishing_ranks(row["scores"], row["winners"])
        lineup = row["lineup"]
        for s, a in enumerate(lineup):
            for t, b in enumerate(lineup):
                if a == b:
                    continue
                met[a, b] += 1
                ahead[a, b] += 1.0 if ranks[s] < ranks[t] else 0.5 if ranks[s] == ranks[t] else 0.0
    return {(a, b): Share(ahead[a, b], met[a, b]) for a in bots for b in bots if a != b}


def seat_balance(rows: Sequence[Row], players: int) -> list[Share]:
    """Each seat's share of the wins, whoever sat there (fair seats: about 1/players each)."""
    wins = [0.0] * players
    for row in rows:
        for seat in row["winners"]:
            wins[seat] += 1 / len(row["winners"])
    return [Share(w, len(rows)) for w in wins]


def scores_by_bot(rows: Sequence[Row], bots: Sequence[str]) -> dict[str, list[float]]:
    found: dict[str, list[float]] = {bot: [] for bot in bots}
    for row in sorted(rows, key=lambda r: r["index"]):
        for bot, score in zip(row["lineup"], row["scores"], strict=True):
            found[bot].append(float(score))
    return found


def ms_per_move(rows: Sequence[Row], bots: Sequence[str]) -> dict[str, float]:
    """Each bot's mean thinking time per move, in milliseconds."""
    total = dict.fromkeys(bots, 0.0)
    moves = dict.fromkeys(bots, 0)
    for row in rows:
        for bot, ms, count in zip(row["lineup"], row["think_ms"], row["seat_moves"], strict=True):
            total[bot] += ms * count
            moves[bot] += count
    return {bot: total[bot] / moves[bot] if moves[bot] else 0.0 for bot in bots}


def end_reasons(rows: Sequence[Row]) -> list[tuple[str, int]]:
    counts = Counter(str(row.get("end_reason") or "not reported") for row in rows)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def median_or_none(values: Sequence[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


@dataclass(frozen=True)
class Summary:
    """Every figure the terminal tables and the report show."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    ratings: dict[str, Rating]
    wins: dict[str, Share]
    head_to_head: dict[tuple[str, str], Share]
    seats: list[Share]
    scores: dict[str, list[float]]
    ms_per_move: dict[str, float]
    end_reasons: list[tuple[str, int]]
    moves: list[int]
    rounds: list[int]
    median_moves: float | None
    median_rounds: float | None

    @property
    def leaders(self) -> list[str]:
        """The bots, best first (by rating ordinal)."""
        return sorted(self.bots, key=lambda b: (-self.ratings[b].ordinal, b))


def summarize(game: str, players: int, bots: Sequence[str], rows: Iterable[Row]) -> Summary:
    ordered = sorted(rows, key=lambda r: r["index"])
    moves = [int(r["moves"]) for r in ordered]
    rounds = [int(r["rounds"]) for r in ordered if r.get("rounds") is not None]
    return Summary(
        game=game,
        players=players,
        bots=tuple(bots),
        games=len(ordered),
        ratings=ratings(ordered, bots),
        wins=win_shares(ordered, bots),
        head_to_head=head_to_head(ordered, bots),
        seats=seat_balance(ordered, players),
        scores=scores_by_bot(ordered, bots),
        ms_per_move=ms_per_move(ordered, bots),
        end_reasons=end_reasons(ordered),
        moves=moves,
        rounds=rounds,
        median_moves=median_or_none(moves),
        median_rounds=median_or_none(rounds),
    )
