"""Component data: one loader and one provenance schema for every game.

A game's cards, tiles, maps and counts live in a JSON file beside its code.
Every object in such a file that holds component values carries a
``provenance`` object naming, for each of its other fields, where the value
comes from:

* ``rulebook`` - stated in the game's rulebook;
* ``public`` - a public fact about the published game (the file says which source);
* ``designed`` - chosen by us because nothing public gives it (RULES.md says why).

For example ``{"name": "Tewyn", "town": true, "provenance": {"name": "designed",
"town": "rulebook"}}``. A player who owns the physical game can edit the file
to match their copy; the game's ``data.py`` checks it at import with the
helpers below and says exactly what is wrong.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

PROVENANCES: tuple[str, ...] = ("rulebook", "public", "designed")


class DataError(ValueError):
    """A data file breaks a rule the game's code relies on."""


def load_json(package: str, filename: str) -> Any:
    """Read ``filename`` shipped inside ``package`` (e.g. ``meeple.games.ivor``)."""
    try:
        text = resources.files(package).joinpath(filename).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(f"{package}: data file {filename!r} is missing") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError(f"{package}/{filename} is not valid JSON: {exc}") from None


def check_provenance(record: dict[str, Any], where: str, *, ignore: tuple[str, ...] = ()) -> dict[str, str]:
    """Insist that every field of ``record`` (but ``ignore``) has a known provenance.

    Returns the provenance object, so a caller can ask where a value came from.
    """
    if not isinstance(record, dict):
        raise DataError(f"{where}: must be a JSON object, got {type(record).__name__}")
    prov = record.get("provenance")
    if not isinstance(prov, dict):
        raise DataError(f"{where}: every record needs a 'provenance' object")
    for key in record:
        if key == "provenance" or key in ignore:
            continue
        if key not in prov:
            raise DataError(f"{where}: field {key!r} has no provenance")
        if prov[key] not in PROVENANCES:
            raise DataError(f"{where}: provenance of {key!r} is {prov[key]!r}, not one of {', '.join(PROVENANCES)}")
    extra = sorted(set(prov) - set(record))
    if extra:
        raise DataError(f"{where}: provenance names fields that do not exist: {extra}")
    return prov


def int_field(record: dict[str, Any], key: str, where: str, low: int, high: int) -> int:
    """``record[key]`` as a whole number from ``low`` to ``high``."""
    value = record.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise DataError(f"{where}: {key!r} must be a whole number from {low} to {high}, got {value!r}")
    return value


def str_field(record: dict[str, Any], key: str, where: str) -> str:
    """``record[key]`` as a non-empty string."""
    value = record.get(key)
    if not isinstance(value, str) or not value:
        raise DataError(f"{where}: {key!r} must be a non-empty string, got {value!r}")
    return value
