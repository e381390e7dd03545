"""What an analysis holds: each judged decision, each skipped one and why, a summary per
seat; JSON both ways (a web server keeps it beside the record)."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

ANALYSIS_FORMAT = 1

# Why a decision was not judged.
FORCED = "forced"  # one legal move: nothing to choose
SIMULTANEOUS = "simultaneous"  # several seats choose at once: no one mover's position to judge
DECISION_CAP = "cap"  # past the cap on decisions judged in one game
SKIP_REASONS = {
    FORCED: "only one legal move",
    SIMULTANEOUS: "several seats chose at the same time",
    DECISION_CAP: "past the cap on decisions judged in one game",
}


@dataclass(frozen=True)
class Decision:
    """One judged decision. Shares are the mover's estimated share of the win (0 to 1),
    all from what the mover knew before the move:

    ``share_before``: going on by the game's own habits (its rollout policy's move);
    ``played_share``: after the move played; ``best_share``: after the move the search
    prefers (``best``; the played move when none measured better). ``mark`` is
    ``None``, ``"inaccuracy"``, ``"mistake"`` or ``"blunder"`` (see ``marks.py``).
    Moves are in notation (``played``, ``best``) and in words for the mover
    (``played_label``, ``best_label``). ``samples``: the worlds the shares were
    measured on; ``timed_out``: the CPU cap cut the search short; ``drop_error``: the
    standard error of the drop (``None`` from fewer than two samples)."""

    move_number: int
    seat: int
    played: str
    played_share: float
    best: str
    best_share: float
    share_before: float
    mark: str | None
    played_label: str = ""
    best_label: str = ""
    candidates: int = 0
    samples: int = 0
    timed_out: bool = False
    drop_error: float | None = None

    @property
    def drop(self) -> float:
        return max(0.0, self.best_share - self.played_share)


@dataclass(frozen=True)
class Skipped:
    """A decision of an analysed seat left unjudged; ``reason`` is a key of ``SKIP_REASONS``."""

    move_number: int
    seat: int
    reason: str


@dataclass(frozen=True)
class SeatSummary:
    """One seat's decisions: ``accuracy`` is the share within the inaccuracy threshold
    (``None`` without any judged decision); ``marks`` counts each mark."""

    seat: int
    decisions: int
    accuracy: float | None
    marks: dict[str, int]
    mean_drop: float


@dataclass
class Analysis:
    """A finished game judged move by move (``meeple.analysis.analyse``).

    ``thresholds``: the drops in win share each mark starts at; ``budget``: playouts
    a decision; ``cpu_seconds``: the cap on a decision's CPU time; ``max_decisions``
    and ``capped``: the cap on decisions judged and whether this game reached it."""

    game: str
    players: int
    seed: int
    seats: list[int]
    budget: int
    cpu_seconds: float | None
    max_decisions: int | None
    thresholds: dict[str, float]
    decisions: list[Decision] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    summaries: list[SeatSummary] = field(default_factory=list)
    capped: bool = False
    names: list[str] | None = None
    moves: int = 0
    format: int = ANALYSIS_FORMAT

    def seat_name(self, seat: int) -> str:
        """ "Alice (seat 0)" where the record names its players, else "Seat 0"."""
        if self.names is not None and seat < len(self.names) and self.names[seat]:
            return f"{self.names[seat]} (seat {seat})"
        return f"Seat {seat}"

    def summary(self, seat: int) -> SeatSummary:
        for summary in self.summaries:
            if summary.seat == seat:
                return summary
        raise ValueError(f"seat {seat} was not analysed (analysed: {self.seats})")

    def to_json(self, indent: int | None = None) -> str:
        return json.dumps(asdict(self), indent=indent)

    @classmethod
    def from_json(cls, text: str | bytes) -> Analysis:
        """Read an analysis written by ``to_json``; anything else raises ``ValueError``."""
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("an analysis must be a JSON object")
            if data.get("format") != ANALYSIS_FORMAT:
                raise ValueError(f"unknown analysis format {data.get('format')!r} (this reads {ANALYSIS_FORMAT})")
            fields: dict[str, Any] = dict(data)
            fields["decisions"] = [Decision(**d) for d in data.get("decisions", [])]
            fields["skipped"] = [Skipped(**s) for s in data.get("skipped", [])]
            fields["summaries"] = [SeatSummary(**s) for s in data.get("summaries", [])]
            return cls(**fields)
        except (TypeError, KeyError, AttributeError) as exc:
            raise ValueError(f"not an analysis: {exc}") from None
