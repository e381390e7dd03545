"""No seat token (nor player key) in any log, at any level.

Tokens travel in a page's WebSocket hello (``{"token": ...}``), in
``Authorization: Bearer`` headers and in links (``#t=...``). At debug level
uvicorn and the websockets library log every frame and every handshake
header. Matching a token's spelling in those lines cannot work: JSON lets a
client write the same hello in endless ways (``"tok\\u0065n"``, an escaped
first character, a list) and the server decodes them all. So the filter on
every handler works on what the line is made of, not on how it is spelled:

* a WebSocket frame (an argument with an ``opcode`` and a payload) is logged
  as its kind and length only, a close frame with its code: no payload byte
  of either direction is written;
* bytes are logged as their length;
* a handshake header line (``< name: value``) keeps the value only of the
  protocol's own headers (:data:`SHOWN_HEADERS`);
* a request target keeps its path and the names of its query's (and a
  fragment's) parameters, and the values only of the parameters the API
  reads (:data:`SHOWN_PARAMETERS`).

What is left is then cleaned of anything shaped like a token
(:data:`_PATTERNS`), a second net for lines that no rule above describes,
including a logged exception's traceback.
"""

from __future__ import annotations

import logging
import re
from urllib.parse import parse_qsl

HIDDEN = "<hidden>"
_PATTERNS = [
    (re.compile(r'(\\?"token\\?"\s*:\s*\\?")[^"\\]*'), r"\1" + HIDDEN),
    (re.compile(r"(?i)(bearer\s+)[A-Za-z0-9_\-.~+/=\\]+"), r"\1" + HIDDEN),
    (re.compile(r"(#t=)[A-Za-z0-9_,\-\\]+"), r"\1" + HIDDEN),
]
# Handshake headers whose values say how the connection was made and carry nothing of a client's.
SHOWN_HEADERS = frozenset(
    {
        "host",
        "upgrade",
        "connection",
        "origin",
        "sec-websocket-version",
        "sec-websocket-extensions",
        "sec-websocket-accept",
        "content-type",
        "content-length",
        "date",
        "server",
    }
)
# Query parameters of the API, whose values are numbers or flags.
SHOWN_PARAMETERS = frozenset({"at", "seat", "svg", "observation", "after"})
# The websockets library's format for one handshake header ("<" received, ">" sent).
_HEADER_LINES = frozenset({"< %s: %s", "> %s: %s"})
_CLOSE_OPCODE = 8


def redact(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def _frame_summary(frame: object) -> str | None:
    """A WebSocket frame (of any websockets version) as its kind and length; ``None`` if not a frame."""
    opcode = getattr(frame, "opcode", None)
    data = getattr(frame, "data", None)
    if opcode is None or not isinstance(data, bytes | bytearray | memoryview):
        return None
    kind = getattr(opcode, "name", str(opcode))
    if int(opcode) == _CLOSE_OPCODE and len(data) >= 2:
        # The code says how it ended; the reason can echo what the client sent.
        return f"{kind} {int.from_bytes(data[:2], 'big')} [{len(data)} bytes]"
    return f"{kind} [{len(data)} bytes]"


def _safe_parameters(text: str) -> str:
    """``name=value&...`` with the values hidden but for :data:`SHOWN_PARAMETERS`."""
    pairs = parse_qsl(text, keep_blank_values=True)
    return "&".join(f"{name}={value if name in SHOWN_PARAMETERS else HIDDEN}" for name, value in pairs)


def safe_target(target: str) -> str:
    """A request target with the values of its query's and fragment's parameters hidden (see above)."""
    target, hash_mark, fragment = target.partition("#")
    path, question, query = target.partition("?")
    shown = path + (f"?{_safe_parameters(query)}" if question else "")
    if hash_mark:  # a link's fragment (``#t=<token>``) that a client sent by mistake
        shown += f"#{_safe_parameters(fragment) if '=' in fragment else HIDDEN}"
    return shown


def _safe_argument(value: object) -> object:
    frame = _frame_summary(value)
    if frame is not None:
        return frame
    if isinstance(value, bytes | bytearray | memoryview):
        return f"[{len(value)} bytes]"
    if isinstance(value, str):
        if value.startswith("/") and ("?" in value or "#" in value):
            value = safe_target(value)
        return redact(value)
    return value


def _safe_arguments(record: logging.LogRecord) -> None:
    """Replace the record's arguments by what may be logged of them (see the module's rules)."""
    args = record.args
    if isinstance(args, dict):
        record.args = {key: _safe_argument(value) for key, value in args.items()}
        return
    if not isinstance(args, tuple) or not args:
        return
    if record.msg in _HEADER_LINES and len(args) == 2 and isinstance(args[0], str):
        name = args[0]
        record.args = (name, args[1] if name.lower() in SHOWN_HEADERS else HIDDEN)
        return
    record.args = tuple(_safe_argument(value) for value in args)


class SecretFilter(logging.Filter):
    """Makes a record safe to write (the record is always kept).

    Arguments are cleaned one by one, because some formatters (uvicorn's
    access log) read them; only a token split between the format and an
    argument makes the message a plain string.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        _safe_arguments(record)
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        try:
            message = record.getMessage()
        except Exception:  # a malformed log call: leave it to the handler to report
            return True
        if redact(message) != message:
            record.msg, record.args = redact(message), None
        if record.exc_info and not record.exc_text:
            # Handlers format the traceback after the filters ran: format it here, cleaned.
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        return True


_FILTER = SecretFilter()


def install() -> None:
    """Add the filter to every handler and logger configured so far (call after uvicorn's set-up)."""
    loggers: list[logging.Logger] = [logging.getLogger()]
    loggers += [lg for lg in logging.root.manager.loggerDict.values() if isinstance(lg, logging.Logger)]
    handlers = {id(h): h for lg in loggers for h in lg.handlers}
    if logging.lastResort is not None:
        handlers[id(logging.lastResort)] = logging.lastResort
    for target in [*loggers, *handlers.values()]:
        if _FILTER not in target.filters:
            target.addFilter(_FILTER)
