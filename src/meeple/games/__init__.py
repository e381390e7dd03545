"""The games. Each is one package here; adding a game means adding its folder
and one line to ``GAME_MODULES``."""

GAME_MODULES: list[str] = [
    "bayon",
    "ivor",
    "isle_of_skye",
    "ibyron",
]
