"""Ivor's cards as the board draws them: what a player needs to choose, in words.

A job card shows where it is done (the coloured band), the job in a few words, what it
pays and its special action; an event card its name, what it costs and its end bonus.
The full printed text (an event's effect, which already happened when it was drawn,
included) is the card's hover help. A card in the line is clicked as a whole to take
it; a card in the hand gets one button for each way it can be played now.
"""

from __future__ import annotations

from meeple.core.svg import fragment
from meeple.games.ivor.data import DATA, bonus_text, card_name, card_summary, reward_text
from meeple.games.ivor.svg_icons import (
    BASE,
    SMALL,
    WIDTH,
    clickable_attrs,
    text,
    text_width,
    title,
    wrap,
)
from meeple.games.ivor.words import plural, special_words

LINE_CARD_H, HAND_CARD_H, GAP = 136, 150, 8  # a card in the hand has room for its buttons
JOB_BAND, EVENT_BAND = "#cfe0f2", "#f7d774"
LINE_STEP = 17
VERBS = {
    "take": ("Take", "Take this card"),
    "job": ("Do job", "Complete this job here"),
    "special": ("Special", "Use its special action (the card is discarded)"),
    "discard": ("Discard", "Discard it (you lose 1 sheep)"),
}
N_JOBS = len(DATA.jobs)


def card_width(count: int) -> float:
    """The width of each card in a row of ``count`` (4 or more) across the board."""
    n = max(count, 4)
    return (WIDTH - 8 - GAP * (n - 1)) / n


def _job_words(card: int) -> str:
    """The job without its place (the band says where): 'Fetch the fireman'."""
    job = DATA.jobs[card - 1]
    place = DATA.locations[job.location].name
    return job.name.removesuffix(f" to {place}")


def _fit(lines: tuple[str, ...], most: int) -> tuple[str, ...]:
    """At most ``most`` lines; the last ends with an ellipsis if something was left out
    (the hover help holds the full text)."""
    if len(lines) <= most:
        return lines
    return (*lines[: most - 1], lines[most - 1].rstrip(".,;:") + "…")


def card_tip(card: int, sheep: int) -> str:
    """The card in full, for its hover help."""
    on_it = f"; {plural(sheep, 'sheep')} on it" if sheep else ""
    return f"{card_name(card)} — {card_summary(card)}{on_it}"


@fragment()
def card(x: float, y: float, width: float, number: int, sheep: int, actions: tuple[str, ...],
         whole: bool) -> str:
    """One card at (x, y). ``whole``: the card itself plays ``actions[0]`` (the card line);
    otherwise each of ``actions`` gets a button along its bottom (the hand)."""
    is_event = number > N_JOBS
    height = LINE_CARD_H if whole else HAND_CARD_H
    main = actions[0] if whole and actions else None
    tip = card_tip(number, sheep)
    if main:
        tip = f"{VERBS[main.split()[0]][1]}. {tip}"
    edge = 'stroke="#111" stroke-width="3"' if main else 'stroke="#666" stroke-width="1.5"'
    inner = width - 14
    out = [f"<g{clickable_attrs(main)}>", title(tip),
           f'<rect x="{x:.0f}" y="{y:.0f}" width="{width:.0f}" height="{height}" rx="8" fill="#fff" {edge}/>',
           f'<path d="M {x + 1.5:.1f} {y + 26:.0f} v -17 a 7 7 0 0 1 7 -7 h {width - 17:.0f} a 7 7 0 0 1 7 7 '
           f'v 17 z" fill="{EVENT_BAND if is_event else JOB_BAND}"/>']
    body: list[tuple[str, str]] = []  # (line, style)
    if is_event:
        band = "Event · costs 1 gold"
        body += [(line, ' font-weight="bold"') for line in _fit(wrap(card_name(number), inner, BASE, True), 2)]
        event = DATA.events[number - N_JOBS - 1]
        body += [(line, "") for line in _fit(wrap("End bonus: " + bonus_text(event), inner, BASE), 5 - len(body))]
    else:
        job = DATA.jobs[number - 1]
        band = DATA.locations[job.location].name
        if text_width("Job at " + band, BASE, True) <= inner:
            band = "Job at " + band
        body += [(line, ' font-style="italic"') for line in _fit(wrap(_job_words(number), inner, BASE), 2)]
        body.append(("Pays " + reward_text(job), ' font-weight="bold"'))
        body += [(line, "") for line in _fit(wrap("Or: " + special_words(job), inner, BASE), 5 - len(body))]
    out.append(text(x + 7, y + 19, band, BASE, extra=' font-weight="bold" fill="#222"'))
    for k, (line, style) in enumerate(body):
        out.append(text(x + 7, y + 44 + LINE_STEP * k, line, BASE, extra=style))
    if sheep:
        out.append(text(x + 7, y + height - 12, f"+{plural(sheep, 'sheep')} lying on it", BASE,
                        extra=' font-weight="bold" fill="#2e7d32"'))
    out.append("</g>")
    if not whole and actions:
        out.append(_buttons(x, y, width, number, actions))
    return "".join(out)


@fragment()
def _buttons(x: float, y: float, width: float, number: int, actions: tuple[str, ...]) -> str:
    """One button per way a card in the hand can be played now, side by side along its bottom."""
    out = []
    each = (width - 12 - 4 * (len(actions) - 1)) / len(actions)
    labels = [VERBS[action.split()[0]][0] for action in actions]
    bold = all(text_width(label, BASE, True) + 6 <= each for label in labels)
    style = ' font-weight="bold" fill="#123"' if bold else ' fill="#123"'
    for k, action in enumerate(actions):
        label, verb = VERBS[action.split()[0]]
        bx = x + 6 + k * (each + 4)
        out.append(
            f"<g{clickable_attrs(action)}>{title(f'{verb}: {card_name(number)}')}"
            f'<rect x="{bx:.0f}" y="{y + HAND_CARD_H - 32:.0f}" width="{each:.0f}" height="26" rx="5" fill="#cde" '
            'stroke="#246"/>'
            + text(bx + each / 2, y + HAND_CARD_H - 14, label, BASE if bold else SMALL, "middle", style)
            + "</g>"
        )
    return "".join(out)
