"""Words the Ibyron boards (SVG and terminal) show: seat names, what is being decided, choices, buildings.

Drawn from the observation and the game's static data only, so a view
never says more than the observation it was given.
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.core.svg import short_name
from meeple.core.words import seat_name
from meeple.games.ibyron.actions import STEP_NAMES
from meeple.games.ibyron.data import BUILDINGS, DATA
from meeple.games.ibyron.observe import IbyronObservation

COLOUR_WORDS = ("purple", "green", "blue", "yellow")
MODES = {"standard": "Standard game", "beginner": "Beginner game", "solo": "Solo game"}
PHASES = {"outside": "Outside", "village": "In the village", "done": "Done this round"}
END_WORDS = {"workers": "housed all but 3 workers", "rounds": "the last round is over",
             "safety_cap": "the round limit decided it"}
TRACKS = (("lumber", "Lumber Mill", "wood"), ("refinery", "Refinery", "ore"), ("taxing", "Taxing", "$"))
GATHER = [(lv["foremen"], lv["yield"]) for lv in DATA["tech"]["gather"]]  # (foremen, yield) by level - 1
TAX = DATA["tech"]["tax_per_level"]
MAT_NAMES = {"bank": "Bank", "garden": "Garden", "foundry": "Foundry"}
MAT_EFFECTS = {"bank": "+$5 now; keep $5 between rounds", "garden": "+1 food now",
               "foundry": "pay 2 stone + 1 ore instead of 4 stone"}
SPACE_NAMES = {"stablehand": "Stablehand", "shipwright": "Shipwright", "market": "Market", "library": "Library",
               "farmer": "Farmer", "explorer": "Explorer", "tax": "Tax Collector"}
SPACE_EFFECTS = {"stablehand": "gain 1 horse", "shipwright": "take 1 disc off your ship",
                 "market": "sell one resource", "library": "buy a permit for $2",
                 "farmer": "harvest 1 disc of a grain field", "explorer": "buy a land tile for $5",
                 "tax": "$1 per taxing level"}
CAMP_NAMES = {"wood": "woodcutters", "ore": "ore miners", "stone": "stone quarry", "gold": "gold mine",
              "grain": "grain field"}
EFFECT_WORDS = {
    "tech_lumber": "Lumber Mill track +1", "tech_refinery": "Refinery track +1", "tech_taxing": "Taxing track +1",
    "ships": "lets you build a ship", "keep_horses": "keep 2 horses", "food_2": "+2 food",
    "food_gold_trade": "trade 2 food for 1 gold", "horses_2": "+2 horses", "treasury": "+$2, keep $10",
    "retrieve_reserve": "reserve workers come back",
}
SITE_WORDS = {"forest": "empty forest", "field": "empty field", "mountain": "empty mountain",
              "home": "home space", "any": "any empty space", "castle_gate": "on the Castle Gate",
              "castle_treasury": "on the Treasury", "castle_walls": "on the Walls"}
COST_WORDS = {"wood": "wood", "ore": "ore", "stone": "stone", "gold": "gold", "horse": "horses", "cube": "tech cubes"}
BUILDING = {b.id: b for b in BUILDINGS}
STEP_WORDS = ("choosing a starting building", "choosing a home field", "taking a turn",
              "acting after a move (or ending the turn)", "placing overseers on the new tile",
              "selling at the market", "choosing which reserve stack comes back", "taking a land tile",
              "choosing a bonus resource", "hiring workers for next round", "deciding whether to buy a $2 tile",
              "laying a land tile", "deciding on an extra tile", "")


def who(names: Sequence[str] | None, seat: int) -> str:
    """A seat's name with its colour as a mark: "Alice (purple)"."""
    return f"{seat_name(names, seat)} ({COLOUR_WORDS[seat % len(COLOUR_WORDS)]})"


def board_who(names: Sequence[str] | None, seat: int, limit: int) -> str:
    """:func:`who` with the name cut to ``limit`` characters, for a name drawn in a box of the board."""
    return f"{short_name(seat_name(names, seat), limit)} ({COLOUR_WORDS[seat % len(COLOUR_WORDS)]})"


def at(x: int, y: int) -> str:
    """A space's coordinates as the log and the move words print them, and as the island's edges label them."""
    return f"({x}, {y})"


def initial(names: Sequence[str] | None, seat: int, players: int) -> str:
    """The letter on a seat's leader, so it is told apart without colour: the name's first letter when no
    other player's name shares it, else the seat number."""
    letters = [seat_name(names, s)[:1].upper() for s in range(players)]
    if names is not None and letters.count(letters[seat]) == 1:
        return letters[seat]
    return str(seat)


def step_words(step: str) -> str:
    """What the seat to move is deciding, for a person (the observation carries the rules' own wording)."""
    return STEP_WORDS[STEP_NAMES.index(step)] if step in STEP_NAMES else ""


BOARD_NAMES = {"lumber_mill": "Mill", "court_house": "Court H.", "castle_gate": "Castle", "farm": "Farm"}


def board_name(parts: Sequence[str]) -> str:
    """The short name written on a building stack on the island: a castle is named once, whatever its
    height; a Harbour built on the home farm is named, the farm under it is in the hover help."""
    part = parts[0] if parts[0] == "castle_gate" else parts[-1]
    return BOARD_NAMES.get(part, building_name(part))


def building_name(part: str) -> str:
    return "Farm" if part == "farm" else BUILDING[part].name if part in BUILDING else part


def cost_words(cost: Sequence[tuple[str, int]]) -> str:
    return ", ".join(f"{n} {COST_WORDS.get(k, k)}" for k, n in cost)


def gain_words(gain: dict[str, int]) -> str:
    words = {"coins": "$", "horse": "horse"}
    parts = []
    for k, v in gain.items():
        parts.append(f"${v}" if k == "coins" else f"{v} {words.get(k, k)}{'s' if k == 'horse' and v > 1 else ''}")
    return " + ".join(parts)


def building_tip(part: str) -> str:
    if part == "farm":
        return "Starting farm (1 disc)"
    b = BUILDING[part]
    return f"{b.name}: {b.discs} disc{'s' if b.discs > 1 else ''}, {EFFECT_WORDS.get(b.effect, b.effect)}"


def tile_terrain(obs: IbyronObservation, tile: int, rotation: int = 0) -> str:
    """A tile's terrain letters clockwise from the top-left after ``rotation`` quarter turns clockwise."""
    t = obs["tile_terrain"][str(tile)]
    return "".join(t[(i - rotation) % 4] for i in range(4))


def tile_words(terrain: str) -> str:
    names = {"F": "forest", "A": "field", "M": "mountain"}
    t = [names[c] for c in terrain]
    return f"{t[0]}, {t[1]} / {t[3]}, {t[2]}"


CAMP_WORKERS = {"wood": ("woodcutter", "woodcutters"), "ore": ("ore miner", "ore miners"),
                "stone": ("quarryman", "quarrymen")}


def _camp_choice(args: list[str]) -> str:
    if args[0] == "gold":
        return "Found a gold mine here (4 discs, 2 wood, 6 ore)"
    if args[0] == "grain":
        return "Plant a grain field here"
    n = int(args[1])
    one, many = CAMP_WORKERS[args[0]]
    return f"Send {n} {one if n == 1 else many} here"


def _space_words(obs: IbyronObservation, x: int, y: int) -> str:
    """"the forest at (5, 6)" / "the sea at (3, 4)"."""
    terrain = next((c["terrain"] for c in obs["cells"] if c["x"] == x and c["y"] == y), "sea")
    return f"the {terrain} at {at(x, y)}"


def _camp_kind(obs: IbyronObservation, overseer: int) -> str | None:
    """What the camp of the seat's overseer ``overseer`` gathers (None if it holds no camp)."""
    seat = obs["seat"]
    if seat is None:
        return None
    spot = obs["players_info"][seat]["overseers"][overseer]
    return next((c["kind"] for c in obs["camps"] if spot == [c["x"], c["y"]]), None)


def _camp_of(obs: IbyronObservation, overseer: int) -> str:
    kind = _camp_kind(obs, overseer)
    return CAMP_NAMES[kind] if kind else f"camp {overseer + 1}"


def _gather_choice(obs: IbyronObservation, args: list[str]) -> str:
    """"Gather 2 wood from your woodcutters (2 foremen)": the yield of the tech level chosen."""
    kind = _camp_kind(obs, int(args[0]))
    level = int(args[1])
    foremen, gain = GATHER[level - 1] if kind in ("wood", "ore") else (1, 1)
    horse = len(args) > 2
    resource = "food" if kind == "grain" else (kind or "resources")
    extra = " and a horse" if horse else ""
    return (f"Gather {gain + horse} {resource} from your {_camp_of(obs, int(args[0]))} "
            f"({foremen} {'foreman' if foremen == 1 else 'foremen'}{extra})")


def _bonus_choice(obs: IbyronObservation, args: list[str]) -> str:
    """"Take bonus 3: 2 wood"; on the back side a space is a number of discs, an alternative names its gain."""
    spaces = obs["bonus"]
    if len(args) > 1:  # an alternative gain of ladder space K
        space = spaces[int(args[0])]
        alt = next((a for a in space.get("alt", []) if "+".join(a) == args[1]), None)
        return f"Take the {space['cost']}-disc bonus as {gain_words(alt) if alt else args[1]}"
    for space in spaces:
        if space.get("number", space.get("cost")) == int(args[0]):
            where = f"bonus {args[0]}" if "number" in space else f"the {args[0]}-disc bonus"
            return f"Take {where}: {gain_words(space['gain'])}"
    return f"Take bonus {args[0]}"


def choice(obs: IbyronObservation, action: str) -> str:
    """A short line saying what a legal action does, from the observation alone."""
    a = action.split()
    kind, args = a[0], a[1:]
    if kind == "start":
        return f"Start with the {MAT_NAMES.get(args[0], args[0])} ({MAT_EFFECTS.get(args[0], '')})"
    if kind == "home":
        where = "the centre tile" if args[0] == "center" else "your starting tile"
        return f"Make a field of {where} your home"
    if kind == "move":
        horses = int(args[2])
        by = f" using {horses} horse{'s' if horses > 1 else ''}" if horses else ""
        return f"Move your leader to {_space_words(obs, int(args[0]), int(args[1]))}{by}"
    if kind == "place":
        return f"Lay the tile with its top-left at {at(int(args[0]), int(args[1]))}, turned {90 * int(args[2])}°"
    if kind == "explore":
        return f"Explore: lay your tile turned {90 * int(args[1])}°"
    if kind == "camp":
        return _camp_choice(args)
    if kind == "gather":
        return _gather_choice(obs, args)
    if kind == "hurry":
        return f"Speed up: clear your {_camp_of(obs, int(args[0]))} at once (a horse)"
    if kind == "build":
        b = BUILDING[args[0]]
        return f"Build a {b.name}{' (Foundry: 2 stone + 1 ore for 4 stone)' if len(args) > 1 else ''}"
    if kind == "visit":
        space = SPACE_NAMES.get(args[0], args[0])
        if "barn" in args:
            return f"Farmer: take a barn{' with your Mayor' if 'mayor' in args else ''}"
        return f"Visit the {space}{' with your Mayor' if 'mayor' in args else ''}"
    if kind == "sell":
        price = next((d["value"] for d in obs["dice"] if d["resource"] == args[0]), 0)
        return f"Sell {args[1]} {args[0]} for ${price * int(args[1])}"
    if kind == "trade":
        return "Trade 2 food for 1 gold" if args[0] == "food" else "Trade 1 gold for 2 food"
    if kind in ("take", "buy"):
        paid = " for $2" if kind == "buy" else ""
        return f"Take land tile {args[0]}{paid}"
    if kind == "retrieve":
        return f"Take back the reserve stack over the {MAT_NAMES.get(args[0], args[0])}"
    if kind == "bonus":
        return _bonus_choice(obs, args)
    if kind == "hire":
        return f"Hire {args[0]} worker{'s' if args[0] != '1' else ''} (${args[0]})"
    if kind == "oversee":
        return "Hold this space with an overseer"
    fixed = {"end": "End the turn", "done": "Done", "forfeit": "Forfeit your remaining workers",
             "leave": "Leave the village (take a bonus)", "decline": "No, thanks",
             "extra": "Lay an extra tile (+$3, one round less)", "ship": "Build a ship (4 discs, 4 wood)"}
    return fixed.get(kind, action)
