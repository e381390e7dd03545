"""No seat token in any log, at any level.

Tokens travel in a page's WebSocket hello (``{"token": ...}``), in
``Authorization: Bearer`` headers and in links (``#t=...``). Uvicorn and the
websockets library log frames and headers at debug and trace level; rather
than trust every library to leave them out, every log handler gets a filter
that blanks anything shaped like a token before the line is written.
"""

from __future__ import annotations

import logging
import re

HIDDEN = "<hidden>"
_PATTERNS = [
    (re.compile(r'(\\?"token\\?"\s*:\s*\\?")[^"\\]*'), r"\1" + HIDDEN),
    (re.compile(r"(?i)(bearer\s+)[A-Za-z0-9_\-.~+/=]+"), r"\1" + HIDDEN),
    (re.compile(r"(#t=)[A-Za-z0-9_,\-]+"), r"\1" + HIDDEN),
]


def redact(text: str) -> str:
    for pattern, replacement in _PATTERNS:
        text = pattern.sub(replacement, text)
    return text


def _redact_value(value: object) -> object:
    return redact(value) if isinstance(value, str) else value


class SecretFilter(logging.Filter):
    """Blanks tokens in a record's message and arguments (the record is always kept).

    Arguments are cleaned one by one where possible, because some formatters
    (uvicorn's access log) read them; only a token split between the format
    and an argument makes the message a plain string.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a malformed log call: leave it to the handler to report
            return True
        if redact(message) != message:
            record.msg = _redact_value(record.msg)
            if isinstance(record.args, tuple):
                record.args = tuple(_redact_value(a) for a in record.args)
            elif isinstance(record.args, dict):
                record.args = {k: _redact_value(v) for k, v in record.args.items()}
            try:
                still = record.getMessage()
            except Exception:
                still = message
            if redact(still) != still:
                record.msg, record.args = redact(still), None
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
