"""The match page as a player handles it (real Chromium): every click target
reachable, a phone-sized screen, being told it is one's turn, seat links."""

from __future__ import annotations

import random
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

import meeple
from tests.web.conftest import all_game_ids
from tests.web.page_helpers import (
    STEP_MS,
    api_create,
    api_play,
    api_view,
    confirm_move,
    new_page,
    page_url,
    tokens,
    wait_move,
)
from tests.web.server_process import ServerProcess

# For each clickable board element: is the topmost element at its centre inside
# it (or another element for the same move)? Returns the ones that are not.
COVERED = """() => {
  const out = [];
  for (const node of document.querySelectorAll('#board [data-action]')) {
    node.scrollIntoView({ block: 'center', inline: 'center' });
    const r = node.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) { out.push([node.dataset.action, 'not drawn']); continue; }
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const hit = top && top.closest('[data-action]');
    if (!hit || hit.dataset.action !== node.dataset.action) {
      out.push([node.dataset.action, top ? (top.outerHTML || '').slice(0, 80) : 'nothing']);
    }
  }
  return out;
}"""


def wait_turn(page: Any) -> bool:
    """Wait until the page's seat may act (True) or the game is over (False)."""
    page.wait_for_function(
        "document.body.dataset.over === '1' || "
        "document.querySelectorAll('#actions button[data-notation]:not([disabled])').length > 0",
        timeout=STEP_MS,
    )
    return bool(page.evaluate("document.body.dataset.over") != "1")


@pytest.mark.slow
@pytest.mark.parametrize("game", [g for g in all_game_ids() if g != "webtoy"])
@pytest.mark.parametrize("width", [1280, 412])
def test_every_click_target_is_reachable_at_its_centre(
    browser: Any, server: ServerProcess, game: str, width: int
) -> None:
    info = meeple.GAMES[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (info.min_players - 1)
    match = api_create(server, game, seats)
    page = new_page(browser, server, viewport={"width": width, "height": 900})
    page.goto(page_url(match, 0))
    rng = random.Random(f"{game}{width}")
    checked = clicked = 0
    covered: list[Any] = []
    for _ in range(40):
        if not wait_turn(page):
            break
        covered += [(page.evaluate("document.body.dataset.moveNumber"), *c) for c in page.evaluate(COVERED)]
        targets = page.locator("#board [data-action]")
        checked += targets.count()
        before = page.evaluate("document.body.dataset.moveNumber")
        drawn = [t for t in (targets.nth(i) for i in range(targets.count())) if t.bounding_box()]
        if drawn and rng.random() < 0.8:
            target = rng.choice(drawn)
            try:
                target.scroll_into_view_if_needed(timeout=STEP_MS)
                box = target.bounding_box()
            except PlaywrightError:
                # The board was drawn anew after its targets were read: a bot's move (Isle of
                # Skye's secret choices land at any moment) brought a new view. Read them again.
                assert page.evaluate("document.body.dataset.moveNumber") != before
                continue
            if box is None:  # the same, the element gone between the scroll and the reading
                assert page.evaluate("document.body.dataset.moveNumber") != before
                continue
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # a real click, no retries
            clicked += 1
        else:
            buttons = page.locator("#actions button[data-notation]:not([disabled])")
            buttons.nth(rng.randrange(buttons.count())).click()
        confirm_move(page)  # a move that ends the turn asks first
        page.wait_for_function(
            f"document.body.dataset.moveNumber !== '{before}' || document.getElementById('message').textContent",
            timeout=STEP_MS,
        )
        assert page.locator("#message").inner_text() == ""
    assert covered == [], f"{len(covered)} of {checked} click targets are covered at their centre: {covered[:6]}"
    assert clicked > 0 and page.errors == []


def test_a_phone_screen_shows_the_board_zooms_and_pans_and_reaches_the_moves(
    browser: Any, server: ServerProcess
) -> None:
    match = api_create(server, "ivor", [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot"}])
    page = new_page(browser, server, viewport={"width": 412, "height": 915}, is_mobile=True, has_touch=True)
    page.goto(page_url(match, 0))
    wait_turn(page)
    sizes = page.evaluate(
        "({page: document.documentElement.scrollWidth, board: document.querySelector('#board svg')"
        ".getBoundingClientRect().width, panel: document.getElementById('board').clientWidth})"
    )
    assert sizes["page"] <= 412 and sizes["board"] <= sizes["panel"] + 1  # nothing wider than the phone
    for _ in range(3):
        page.click("#zoom-in")
    zoomed = page.evaluate(
        "(() => { const b = document.getElementById('board'); b.scrollLeft = 150; b.scrollTop = 100;"
        " return {width: b.querySelector('svg').getBoundingClientRect().width, client: b.clientWidth,"
        " left: b.scrollLeft, top: b.scrollTop}; })()"
    )
    assert zoomed["width"] >= 2.9 * sizes["board"] and zoomed["left"] > 0 and zoomed["top"] > 0
    assert page.locator("#zoom-level").inner_text() == "300%"
    assert page.evaluate("document.documentElement.scrollWidth") <= 412  # the board pans inside its panel
    page.click("#zoom-fit")
    assert page.evaluate("document.querySelector('#board svg').style.width") == ""
    # The moves and actions are a tap away: the section bar stays on screen.
    page.click(".jump a[href='#actions-panel']")
    button = page.locator("#actions button[data-notation]:not([disabled])").first
    assert button.is_visible() and button.bounding_box()["width"] <= 412
    before = page.evaluate("document.body.dataset.moveNumber")
    button.tap()
    page.wait_for_function(f"document.body.dataset.moveNumber !== '{before}'", timeout=STEP_MS)
    page.click(".jump a[href='#log-panel']")
    assert page.locator("#log li").first.is_visible()
    assert page.errors == []


HIDDEN_TAB = """
(() => {
  let hidden = false;
  Object.defineProperty(document, 'visibilityState', { get: () => (hidden ? 'hidden' : 'visible') });
  Object.defineProperty(document, 'hidden', { get: () => hidden });
  window.hideTab = (value) => { hidden = value; };
  const Real = window.Notification;
  window.shownNotifications = [];
  window.Notification = class extends Real {
    constructor(title, options) { super(title, options); window.shownNotifications.push(title); }
  };
})();
"""


def test_the_tab_title_icon_sound_and_a_notification_say_it_is_your_turn(browser: Any, server: ServerProcess) -> None:
    match = api_create(server, "webtoy", [{"kind": "human"}, {"kind": "human"}], options={"rounds": 1})
    held = tokens(match)
    context = browser.new_context(base_url=server.url, bypass_csp=True, permissions=["notifications"])
    context.add_init_script(HIDDEN_TAB)
    page = context.new_page()
    page.goto(page_url(match, 1))
    page.wait_for_selector("#actions button[data-notation]")
    # Both bid at once: seat 1 is to move from the start (no notice for what was so on arrival).
    assert page.title().startswith("● Your turn")
    assert page.get_attribute("#favicon", "href") == "/static/favicon-turn.svg"
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "false"  # off by default
    page.click("#sound-toggle")
    assert page.get_attribute("#sound-toggle", "aria-pressed") == "true"
    assert page.locator("#notify-toggle").inner_text() == "Notifications on"
    page.locator("#actions button[data-notation]").first.click()
    wait_move(page, 1)
    page.wait_for_function("!document.title.startsWith('●')")
    assert page.get_attribute("#favicon", "href") == "/static/favicon.svg"
    beeps = int(page.evaluate("document.body.dataset.beeps || '0'"))
    page.evaluate("window.hideTab(true)")
    view = api_view(server, match["id"], held[0], svg=0)
    assert api_play(server, match["id"], held[0], view["legal"][0], 1).status_code == 200  # the bids are revealed
    view = api_view(server, match["id"], held[0], svg=0)
    assert api_play(server, match["id"], held[0], "pass", view["move_number"]).status_code == 200  # seat 1's turn
    page.wait_for_function("document.title.startsWith('● Your turn')", timeout=STEP_MS)
    assert page.evaluate("window.shownNotifications") == ["Your turn — Web Toy Bids"]
    assert int(page.evaluate("document.body.dataset.beeps || '0'")) == beeps + 1
    # Seen while visible: the title says it, no notification.
    page.evaluate("window.hideTab(false)")
    page.locator("#actions button[data-notation='pass']").click()
    page.wait_for_function("document.body.dataset.over === '1'", timeout=STEP_MS)
    assert page.evaluate("window.shownNotifications") == ["Your turn — Web Toy Bids"]
    assert not page.title().startswith("●")
    context.close()


def test_seat_links_are_shown_exactly_and_copied(browser: Any, server: ServerProcess) -> None:
    match = next(
        m
        for m in (api_create(server, "webtoy", [{"kind": "human"}, {"kind": "human"}]) for _ in range(40))
        if "_" in tokens(m)[0] or "-" in tokens(m)[0]
    )
    url = server.url + page_url(match, 0)
    context = browser.new_context(
        base_url=server.url, bypass_csp=True, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    page.goto(page_url(match, 0))
    page.wait_for_selector("#seat-links:not([hidden])")
    link = page.locator("code.link[data-seat='0']")
    assert link.inner_text() == url
    # Every line of the link is drawn whole: nothing is clipped by its box.
    assert page.evaluate(
        "(() => { const c = document.querySelector('code.link'); return c.scrollHeight <= c.clientHeight + 1; })()"
    )
    page.click("button.copy[data-seat='0']")
    page.wait_for_function("document.querySelector(\"button.copy[data-seat='0']\").textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == url
    page.click("button.copy[data-seat='spectator']")
    page.wait_for_function("document.querySelector(\"button.copy[data-seat='spectator']\").textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == server.url + match["url"]
    context.close()


# Is the text box tall enough for every glyph? A box exactly as tall as the font's
# ascent plus descent (the lobby's link box, 15 px for a 13.3 px monospace font)
# lost its underscores in Chromium's drawing, so the line needs room to spare:
# at least 1.3 times the font size inside the padding, and no clipped overflow.
FITS = """(selector) => {
  const box = document.querySelector(selector);
  const style = getComputedStyle(box);
  const content = box.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  const line = parseFloat(style.lineHeight) || content;
  return Math.min(content, line) >= 1.3 * parseFloat(style.fontSize) && box.scrollHeight <= box.clientHeight + 1;
}"""


def test_the_lobbys_links_show_every_character_and_copy(browser: Any, server: ServerProcess) -> None:
    context = browser.new_context(
        base_url=server.url, bypass_csp=True, permissions=["clipboard-read", "clipboard-write"]
    )
    page = context.new_page()
    page.goto("/")
    page.wait_for_selector("body[data-ready='1']")
    page.select_option("#game", "webtoy")
    page.check("input[name=mode][value=online]")
    page.click("#start")
    page.wait_for_selector("#links:not([hidden])")
    assert page.evaluate(FITS, "#link-list input[data-seat='0']")
    link = page.get_attribute("#link-list input[data-seat='0']", "value")
    page.click("#link-list button.copy[data-seat='0']")
    page.wait_for_function("document.querySelector(\"#link-list button.copy[data-seat='0']\").textContent === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == link
    page.goto(link)
    page.wait_for_selector("#seat-links:not([hidden])")
    assert page.evaluate(FITS, "code.link[data-seat='0']")
    context.close()
