"""The state protocol every game implements.

A game subclasses :class:`State` and fills in the underscore hooks:

* ``to_move`` (property): the seats that may act now, ``()`` when over.
* ``_legal_actions(seat)``: the legal actions of a seat that is to move.
* ``_apply(action, seat)``: carry out an action already known to be legal.
* ``_explain_illegal(action, seat)``: why an action is not legal (plain words).
* ``is_over``, ``scores``, ``winners``; ``observation(seat)``;
  ``determinize(seat, rng)``; ``clone()``.

The public methods here add what every game needs the same way: seat
resolution, legality checks with reasons, notation parsing, the move
history and records, and stable action indices.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypedDict

from meeple.core.actions import Action, normalize_notation
from meeple.core.errors import IllegalAction
from meeple.core.record import Record
from meeple.core.rng import Random, make_rng
from meeple.core.words import EndSummary, SeatResult, default_reason

if TYPE_CHECKING:
    from meeple.core.info import GameInfo


# ``legal_actions`` keeps lists up to this long for ``apply`` to search (a longer one is
# searched more slowly than most games answer for one action); none is kept at first.
OFFERED_MAX = 16
NOT_OFFERED: tuple[int, int, tuple[Action, ...]] = (-1, -1, ())



class BaseObservation(TypedDict):
    """The fields every observation starts with (``State.base_observation``); a game's own
    observation ``TypedDict`` extends it with the game's fields."""

    game: str
    players: int
    seat: int | None
    move_number: int
    to_move: list[int]
    is_over: bool
    winners: list[int]
    end_reason: str | None

class State(ABC):
    """A whole game position: public and hidden information and the generator."""

    info: ClassVar[GameInfo]
    _index_cache: ClassVar[dict[Action, int] | None] = None
    _notation_cache: ClassVar[dict[str, Action] | None] = None

    # ``__offered`` is bookkeeping, not position (``snapshot`` leaves "__" names out): see ``legal_actions``.
    __slots__ = ("__offered", "_rng", "_rng_shared", "history", "options", "players", "seed")

    players: int
    seed: int
    options: dict[str, Any]
    history: list[tuple[int, Action]]
    _rng: Random
    _rng_shared: bool

    def __init__(self, players: int, seed: int, options: dict[str, Any]) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.rng = make_rng(seed)
        self.history = []
        self.__offered = NOT_OFFERED

    # ----------------------------------------------------------------- hooks
    @property
    @abstractmethod
    def to_move(self) -> tuple[int, ...]:
        """Seats that may act now; ``()`` once the game is over."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Legal actions for ``seat``, which is in ``to_move``."""

    @abstractmethod
    def _apply(self, action: Action, seat: int) -> None:
        """Carry out a legal ``action`` for ``seat``."""

    def _is_legal(self, action: Action, seat: int) -> bool:
        """Is ``action`` legal for ``seat`` (who is to move)? ``apply`` asks this before every action;
        a game with long action lists may answer without building the whole list."""
        return action in self._legal_actions(seat)

    def _explain_illegal(self, action: Action, seat: int) -> str:
        """Why ``action`` is not legal for ``seat``; games override for better reasons."""
        return f"{action} is not a legal action now"

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @property
    @abstractmethod
    def scores(self) -> tuple[float, ...]:
        """One number per seat (final scores once over, running scores before)."""

    @property
    @abstractmethod
    def winners(self) -> tuple[int, ...]:
        """Winning seats once over; ``()`` while the game runs."""

    @property
    def end_reason(self) -> str | None:
        """``None`` while the game runs; once over, why it ended: one of
        ``GameInfo.end_reasons`` (e.g. ``"target"``, ``"rounds"``, or
        ``"safety_cap"`` when a designed safeguard stopped it). Games override."""
        return None

    def evaluate(self) -> tuple[float, ...]:
        """Each seat's expected share of the win, summing to 1 (the search bots'
        judgement of a position they stop short of the end).

        Over, the winners share 1. A running game is judged by the game's
        ``GameInfo.evaluator`` (or an override of this method); without one,
        the leaders by running score share it. A game's judgement reads
        nothing a seat could not see in a determinized world (it is called on
        the copies ``determinize`` makes).
        """
        if self.is_over:
            winners = self.winners
            share = 1.0 / len(winners) if winners else 1.0 / self.players
            return tuple(share if s in winners or not winners else 0.0 for s in range(self.players))
        if self.info.evaluator is not None:
            return self.info.evaluator(self)
        scores = self.scores
        best = max(scores)
        leaders = [s for s, v in enumerate(scores) if v == best]
        return tuple(1.0 / len(leaders) if s in leaders else 0.0 for s in range(self.players))

    @classmethod
    def resolve_options(cls, players: int, options: dict[str, Any]) -> dict[str, Any]:
        """Turn options left to the rules (``None``) into their values for ``players``.

        Called by ``GameInfo.new`` before set-up, so a record stores every
        option with the value it was played with and a changed default never
        changes an old record. Games with player-count defaults override it.
        """
        return options

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may see, as a JSON-safe dict; ``None`` is a spectator."""

    @abstractmethod
    def determinize(self, seat: int, rng: Random) -> State:
        """A copy with everything ``seat`` cannot know re-drawn from ``rng``."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, written out field by field (no generic deep copy)."""

    def _copy_base_into(self, other: State) -> None:
        """Copy the fields this base class owns into a fresh ``other`` (for ``clone``)."""
        other.players = self.players
        other.seed = self.seed
        other.options = self.options  # never mutated after set-up
        # Copy-on-use: both states share the generator until one of them
        # draws from it. Copying a Mersenne Twister costs ~10 µs, more than
        # the rest of a typical clone, and most clones never draw.
        other._rng = self._rng
        other._rng_shared = True
        self._rng_shared = True
        other.history = self.history.copy()
        # Not the list this state offered: a determinized copy changes what is legal without a move.
        other.__offered = NOT_OFFERED

    @property
    def rng(self) -> Random:
        """The state's own seeded generator: the only source of chance in the rules.

        Read it afresh (``self.rng``) where it is used rather than keeping it
        in a variable across a ``clone()``: a clone shares it until either
        side draws through this property.
        """
        if self._rng_shared:
            own = Random.__new__(Random)
            own.setstate(self._rng.getstate())
            self._rng = own
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: Random) -> None:
        self._rng = value
        self._rng_shared = False

    def _reseed_from(self, rng: Random) -> None:
        """Give this (determinized) copy a fresh generator drawn from ``rng``.

        Every ``determinize`` calls it: the future of the state's own
        generator (dice, reshuffles) is hidden from every seat, so a search
        bot must not be able to read it off the copy it is given.
        """
        self.rng = Random(rng.getrandbits(64))
        # The seed would give the real deck away to anyone who replays the
        # copy's record; the copy is a world of its own, so it gets its own.
        self.seed = rng.getrandbits(63)

    # ------------------------------------------------------------ public API
    @property
    def game(self) -> str:
        return self.info.id

    def _check_seat(self, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError(f"a seat is an integer from 0 to {self.players - 1}, got {seat!r}")
        if not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat} in a {self.players}-player game")
        return seat

    def _resolve_seat(self, seat: int | None) -> int:
        if seat is not None:
            return self._check_seat(seat)
        movers = self.to_move
        if len(movers) == 1:
            return movers[0]
        if not movers:
            raise IllegalAction("the game is over")
        raise ValueError(f"seats {', '.join(map(str, movers))} are all to move; say which seat acts")

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the one seat to move); ``[]`` if it may not act."""
        # Fast path (random play and search ask this every step): a seat that is to
        # move is a valid seat, so no other check is needed; anything else takes the
        # checked path below. A short list is kept, a copy (the caller may change the
        # list it is given), with the move number and seat it holds for: ``apply``
        # then checks an action chosen from it by one search of it, without asking
        # the rules again. Only the game's own moves change a position (a test that
        # edits a state's fields by hand lists the actions again afterwards).
        if type(seat) is int and seat in self.to_move:
            legal = self._legal_actions(seat)
            if len(legal) <= OFFERED_MAX:
                self.__offered = (len(self.history), seat, tuple(legal))
            return legal
        if seat is None:
            movers = self.to_move
            if not movers:
                return []
            seat = self._resolve_seat(None)
        else:
            self._check_seat(seat)
            if seat not in self.to_move:
                return []
        return self._legal_actions(seat)

    def apply(self, action: Action | str, seat: int | None = None) -> None:
        """Play ``action`` (an Action or its notation) for ``seat``.

        Raises :class:`IllegalAction` with the reason if the rules forbid it;
        the state is then unchanged.
        """
        # Fast paths: an Action the seat was just offered (``legal_actions``: at this
        # move number, so the seat is to move), or an Action for a seat that is to
        # move (so a valid seat, and the game is not over) that the rules allow.
        # Anything else, including every refusal, goes through the checked path
        # below, which gives the reason.
        try:
            offered = self.__offered
        except AttributeError:  # a state a game made without ``__init__`` or ``_copy_base_into``
            offered = self.__offered = NOT_OFFERED
        # ``is``: the very int ``legal_actions`` was asked with (an equal bool or float is not
        # taken for a seat here; whatever is not, takes the checked path).
        if (
            offered[1] is seat
            and offered[0] == len(self.history)
            and isinstance(action, Action)
            and action in offered[2]
        ):
            self._apply(action, seat)
            self.history.append((seat, action))
            return
        if type(seat) is int and isinstance(action, Action) and seat in self.to_move and self._is_legal(action, seat):
            self._apply(action, seat)  # ``_play_legal``, spelled out: one call less on every move
            self.history.append((seat, action))
            return
        if self.is_over:
            raise IllegalAction("the game is over")
        seat = self._resolve_seat(seat)
        if isinstance(action, str):
            action = self.parse_action(action, seat)
        elif not isinstance(action, Action):
            raise ValueError(f"an action must be an Action or its notation, got {type(action).__name__}")
        movers = self.to_move
        if seat not in movers:
            who = ", ".join(map(str, movers))
            raise IllegalAction(f"it is not seat {seat}'s turn (to move: seat {who})")
        if not self._is_legal(action, seat):
            if action not in self._indices():
                # Built by hand with a wrong kind or wrong arguments: the game's
                # explainer need not cope with actions the game never has.
                raise IllegalAction(f"{action} is not an action of {self.info.title}")
            raise IllegalAction(self._explain_illegal(action, seat))
        self._play_legal(action, seat)

    def _play_legal(self, action: Action, seat: int) -> None:
        """Play ``action`` for ``seat``, already known legal here: what ``apply`` does once its
        checks pass (RL envs call it after checking the action against the mask they handed out).
        ``apply``'s fast path writes these two lines out; a game changes them in ``_apply``."""
        self._apply(action, seat)
        self.history.append((seat, action))

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """Read an action from its notation (case and spacing do not matter).

        Text naming a legal action of ``seat`` returns it. Text naming an
        action of the game that is not legal now is returned too, so that
        ``apply`` can say why it is illegal. Anything else raises ``ValueError``.
        """
        if not isinstance(text, str):
            raise ValueError(f"notation must be text, got {type(text).__name__}")
        wanted = normalize_notation(text)
        if not wanted:
            raise ValueError("empty notation")
        if seat is None:
            seats: tuple[int, ...] = self.to_move
        else:
            seat = self._check_seat(seat)
            seats = (seat,) if seat in self.to_move else ()
        for s in seats:
            for action in self._legal_actions(s):
                if normalize_notation(str(action)) == wanted:
                    return action
        known = self._notations().get(wanted)
        if known is not None:
            return known
        raise ValueError(f"{text!r} is not an action of {self.info.title}")

    @classmethod
    def _notations(cls) -> dict[str, Action]:
        if cls._notation_cache is None:
            cls._notation_cache = {normalize_notation(str(a)): a for a in cls.info.action_space}
        return cls._notation_cache

    @classmethod
    def _indices(cls) -> dict[Action, int]:
        if cls._index_cache is None:
            cls._index_cache = {a: i for i, a in enumerate(cls.info.action_space)}
        return cls._index_cache

    def action_index(self, action: Action) -> int:
        """The stable integer of ``action`` (0 <= i < ``GameInfo.num_actions``)."""
        try:
            return self._indices()[action]
        except KeyError:
            raise ValueError(f"{action} is not an action of {self.info.title}") from None

    def action_from_index(self, index: int) -> Action:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.info.num_actions:
            raise ValueError(f"action index must be an integer from 0 to {self.info.num_actions - 1}, got {index!r}")
        return self.info.action_space[index]

    def legal_mask(self, seat: int | None = None) -> list[bool]:
        """A ``num_actions``-long mask of the legal actions (for RL)."""
        mask = [False] * self.info.num_actions
        indices = self._indices()
        for action in self.legal_actions(seat):
            mask[indices[action]] = True
        return mask

    @property
    def record(self) -> Record:
        from meeple import __version__

        return Record(
            game=self.info.id,
            players=self.players,
            seed=self.seed,
            options=dict(self.options),
            moves=[(seat, str(action)) for seat, action in self.history],
            version=__version__,
            rules_version=self.info.rules_version,
        )

    @property
    def move_number(self) -> int:
        """How many actions have been applied so far."""
        return len(self.history)

    def move_text(self, index: int, viewer: int | None) -> str | None:
        """How move ``index`` of the history reads to ``viewer`` (``None`` = spectator).

        Logs (terminal, web) show moves only through this. The default shows
        the notation; a game whose moves can be secret (a hidden choice)
        overrides it and returns a neutral text, or ``None`` to leave it out.
        """
        return str(self.history[index][1])

    def action_label(self, action: Action | str, seat: int | None = None) -> str:
        """``action`` in words for ``seat`` (default: the one seat to move), as a
        button or a log reads it: "Hire #9 Cliff Hanger from the basecamp (5 gold)".

        Written from the seat's view of this position, before the action; the
        notation (``str(action)``) stays what is typed and recorded. A game
        without words of its own reads as its notation.
        """
        seat = self._resolve_seat(seat)
        if isinstance(action, str):
            action = self.parse_action(action, seat)
        if self.info.labeler is None:
            return str(action)
        return self.info.labeler(self, action, seat)

    def labelled_actions(self, seat: int | None = None) -> list[tuple[str, str]]:
        """The legal actions of ``seat`` as ``(notation, label)`` pairs, in order."""
        actions = self.legal_actions(seat)
        if not actions:
            return []
        who = self._resolve_seat(seat)
        labeler = self.info.labeler
        if labeler is None:
            return [(str(a), str(a)) for a in actions]
        return [(str(a), labeler(self, a, who)) for a in actions]

    def end_summary(self, names: Sequence[str] | None = None) -> EndSummary | None:
        """Why the finished game ended and each seat's breakdown; ``None`` while it runs.

        ``names`` are the players' names for the sentences ("Alice reached
        250 wealth"); without them seats read "Seat N".
        """
        if not self.is_over:
            return None
        if self.info.summarizer is not None:
            return self.info.summarizer(self, names)
        winners = tuple(self.winners)
        return EndSummary(
            reason=default_reason(self.end_reason, winners, names),
            seats=tuple(SeatResult(seat=s, total=v) for s, v in enumerate(self.scores)),
            winners=winners,
        )

    def base_observation(self, seat: int | None) -> dict[str, Any]:
        """The fields every observation starts with."""
        over = self.is_over
        return {
            "game": self.info.id,
            "players": self.players,
            "seat": seat,
            "move_number": len(self.history),
            "to_move": list(self.to_move),
            "is_over": over,
            "winners": list(self.winners) if over else [],
            "end_reason": self.end_reason,
        }

    def _repr_svg_(self) -> str | None:
        """Jupyter shows the spectator's view."""
        if self.info.svg_view is None:
            return None
        return self.info.svg_view(self.observation(None), None)

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"to move {list(self.to_move)}"
        return f"<{self.info.title} {self.players}p seed={self.seed} move {len(self.history)}, {status}>"
