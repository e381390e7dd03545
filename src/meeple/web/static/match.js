// A match page: the board of the seat's own view, its legal actions in words,
// the log with each move's consequences, undo within one's turn, the end
// screen, live updates over a WebSocket, pass-and-play between seats on one
// screen, replaying the game move by move, and telling the player when it is
// their turn. The page knows nothing of any game: the board is the server's
// SVG, and what is clickable carries data-action (its notation).
//
// This is the page's entry module: it holds the page's state (``page`` below),
// receives the live views, decides what to show and handles the controls;
// render.js draws, notices.js tells of turns, table.js adds the table panel.
import { createAnalysisPanel } from "./analysis.js";
import { readAnswer, refusal } from "./api.js";
import { listenToMatch } from "./connection.js";
import { createRatingPanel } from "./match_rating.js";
import { byId } from "./dom.js";
import { askToNotify, noticeTurn, showNotifyButton, showSound, toggleSound } from "./notices.js";
import { player } from "./player.js";
import {
  applyZoom, isOpen, labelBoard, renderActions, renderDownload, renderEnd, renderLinks, renderLog,
  renderPosition, renderSeats, renderUndo, renderViewAs, renderWaiting, seatName, statusLine, ZOOMS,
} from "./render.js";
import { createTablePanel } from "./table.js";

// A link's hash holds the seat tokens the page plays with ("#t=<token>,<token>"):
// none for a spectator, one for a seat, several for pass and play on one screen.
const hashTokens = new URLSearchParams(window.location.hash.slice(1)).get("t");

// Everything the page knows and shows. ``seat`` below is a seat number, or null for a spectator.
const page = {
  matchId: decodeURIComponent(window.location.pathname.split("/").pop()),
  heldTokens: hashTokens ? hashTokens.split(",").filter(Boolean) : [],
  liveViews: new Map(), // seat (or "spectator") -> its newest live view
  tokenOfSeat: new Map(), // seat -> token, once that token's first view said which seat it is
  shownSeat: null, // the seat whose view is on screen (null: spectator)
  passTo: null, // pass and play: the seat waiting behind the "pass the screen" step
  replayAt: null, // null: live; else the move number being replayed
  viewAs: undefined, // the seat chosen to view as (null: spectator; undefined: one's own)
  waitingAfter: null, // the move number of the view a move was just sent from (its new view is awaited)
  renderTicket: 0, // bumped per fetched view: a slow answer to an older request is dropped
  rendered: null, // { view, live }: what is on screen
  boardSvg: null, // the SVG on the board now
  zoom: 1, // one of ZOOMS
  myTurn: null, // is one of this page's seats to act? (null: not known yet)
  linksShown: false,
  rulesChecked: false,
  confirming: null, // { notation, moveNumber } while a move that ends the turn waits for its confirm
  linkChecked: false, // a seat socket was refused: the link was checked once (see setUpLive)
};

const seatKey = (seat) => (seat === null ? "spectator" : seat);

function showMessage(text) {
  byId("message").textContent = text || "";
}

// ------------------------------------------------------------ live updates
function receive(token, view) {
  if (token) page.tokenOfSeat.set(view.seat, token);
  page.liveViews.set(seatKey(view.seat), view);
  if (page.waitingAfter !== null && view.move_number !== page.waitingAfter) page.waitingAfter = null;
  chooseSeat();
  display();
}

// Pass and play: show the seat that has something to do; switching seats goes
// through a "pass the screen" step so nobody sees another's private view.
function chooseSeat() {
  const held = [...page.tokenOfSeat.keys()].sort((a, b) => a - b);
  if (page.heldTokens.length <= 1) {
    page.shownSeat = held.length ? held[0] : null;
    return;
  }
  if (held.length < page.heldTokens.length) return; // wait until every seat's view is in
  const active = held.filter((seat) => (page.liveViews.get(seat)?.legal || []).length > 0);
  if (page.shownSeat !== null && active.includes(page.shownSeat)) return;
  if (active.length > 0) {
    if (active[0] !== page.shownSeat) page.passTo = active[0];
  } else if (page.shownSeat === null) {
    page.passTo = held[0];
  }
}

// ------------------------------------------------------------------ display
function currentLive() {
  return page.liveViews.get(seatKey(page.shownSeat));
}

function showPassScreen() {
  const name = seatName(page.liveViews.get(page.passTo), page.passTo);
  byId("pass-name").textContent = name;
  byId("pass-name-2").textContent = name;
  byId("pass-screen").hidden = false;
  byId("board").hidden = true;
  byId("actions").replaceChildren();
  byId("log").replaceChildren();
  byId("status").textContent = `Pass to ${name}`;
}

// Show what the page should: the pass screen, the live view, or another view
// (a replayed position, another seat's) fetched from the server.
async function display() {
  if (page.passTo !== null) {
    showPassScreen();
    return;
  }
  const base = currentLive();
  if (!base) return;
  byId("pass-screen").hidden = true;
  byId("board").hidden = false;
  const seat = page.viewAs !== undefined && (isOpen(base) || page.viewAs === null) ? page.viewAs : page.shownSeat;
  if (page.replayAt === null && seat === base.seat) {
    render(base, true);
    return;
  }
  const ticket = ++page.renderTicket;
  const at = page.replayAt === null ? base.move_number : page.replayAt;
  const view = await fetchView(seat, at);
  if (ticket === page.renderTicket && view) render(view, false);
}

async function fetchView(seat, at) {
  const params = new URLSearchParams({ at: String(at) });
  const headers = {};
  // A held seat asks with its token; any other seat's view is public only once the game is.
  if (seat !== null && page.tokenOfSeat.has(seat)) headers.Authorization = `Bearer ${page.tokenOfSeat.get(seat)}`;
  else if (seat !== null) params.set("seat", String(seat));
  const response = await fetch(`/api/matches/${encodeURIComponent(page.matchId)}?${params}`, { headers });
  const data = await readAnswer(response);
  if (!response.ok) {
    showMessage(refusal(response, data));
    return null;
  }
  return data;
}

function showBoard(view, live) {
  const board = byId("board");
  // Redraw only when the picture changed: no flicker when only the status did.
  if (page.boardSvg !== view.svg) {
    board.innerHTML = view.svg; // the server's own SVG; the CSP (script-src 'self') runs no inline handler in it
    page.boardSvg = view.svg;
    labelBoard(view);
    applyZoom(page.zoom);
  }
  board.classList.toggle("replaying", !live);
}

function render(view, live) {
  page.rendered = { view, live };
  const latest = currentLive();
  byId("title").textContent = view.match.title;
  const status = statusLine(page, view, live);
  byId("status").textContent = status;
  byId("status").title = status; // cut with an ellipsis when a long name makes it too long
  renderSeats(page, view);
  renderWaiting(latest || view);
  showBoard(view, live);
  renderActions(page, view, live);
  // A confirm step belongs to the position it was asked in.
  if (page.confirming && (!live || page.confirming.moveNumber !== view.move_number)) showConfirm(null);
  renderUndo(page, view, live);
  renderLog(page, view);
  renderEnd(page.replayAt === null ? latest || view : null);
  renderPosition(page, latest ? latest.move_number : view.move_number);
  const open = isOpen(latest || view); // the game as a whole, not the replayed position
  renderDownload(page, open);
  renderViewAs(page, view, open);
  renderLinks(page, view);
  showRulesLink(view.match.game);
  const views = [...page.tokenOfSeat.keys()].map((seat) => page.liveViews.get(seat)).filter(Boolean);
  const now = views.some((v) => v.legal.length > 0 && !v.stopped);
  page.myTurn = noticeTurn(now, page.myTurn, view.match.title, page.matchId);
  // Read by the browser tests (and handy in the inspector): which move is shown, and whether the game is over.
  document.body.dataset.moveNumber = String(view.move_number);
  document.body.dataset.over = view.is_over ? "1" : "0";
}

// The header links to the game's how-to-play page (written for players) when the server has one (asked once).
async function showRulesLink(game) {
  if (page.rulesChecked) return;
  page.rulesChecked = true;
  const href = `/how-to-play/${encodeURIComponent(game)}`;
  const response = await fetch(href, { method: "HEAD" }).catch(() => null);
  if (response && response.ok) {
    byId("rules-link").href = href;
    byId("rules-link").hidden = false;
  }
}

function setZoom(step) {
  const index = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(page.zoom) + step));
  page.zoom = step === 0 ? 1 : ZOOMS[index];
  applyZoom(page.zoom);
}

// ------------------------------------------------------------------ actions
const canAct = () => page.rendered && page.rendered.live && page.waitingAfter === null;

// A move whose label ends so ends the turn by itself (meeple.core.words.ENDS_TURN): a finished
// turn cannot be taken back, so the page asks first.
const ENDS_TURN = " — this ends your turn";

async function play(notation, confirmed = false) {
  if (!canAct() || !page.rendered.view.legal.includes(notation)) return;
  const action = (page.rendered.view.actions || []).find((a) => a.notation === notation);
  if (!confirmed && action && action.label.endsWith(ENDS_TURN)) {
    askToConfirm(action);
    return;
  }
  showConfirm(null);
  await sendChange("moves", { action: notation }, "Not played");
}

// The confirm step of a move that ends the turn: what it does, [play it] or [not yet].
function askToConfirm(action) {
  page.confirming = { notation: action.notation, moveNumber: page.rendered.view.move_number };
  showMessage(""); // an earlier refusal is about another move
  byId("confirm-text").textContent = `${action.label.slice(0, -ENDS_TURN.length)}: this ends your turn, and a finished turn cannot be taken back.`;
  showConfirm(page.confirming);
}

function showConfirm(confirming) {
  if (confirming === null) page.confirming = null;
  byId("confirm-move").hidden = confirming === null;
}

// What was typed, quoted in a message at most this long (the rest is cut with "…").
const QUOTE_MAX = 60;
// What a second player key playing through a seat link someone else's key claimed first is told.
const CLAIMED_BY_ANOTHER = "Your move was played. This seat's link was first played by another player, "
  + "so the game counts for their rating, not yours.";
const quoted = (text) => `“${text.length > QUOTE_MAX ? `${text.slice(0, QUOTE_MAX)}…` : text}”`;

async function undo() {
  if (!canAct()) return;
  await sendChange("undo", { moves: 1 }, "Not undone");
}

// Send the shown seat's change (a move, an undo) chosen from the view on screen;
// the new view arrives over the WebSocket, a refusal is shown with its reason.
async function sendChange(path, body, refused, hint = "") {
  const view = page.rendered.view;
  page.waitingAfter = view.move_number;
  renderActions(page, view, true);
  renderUndo(page, view, true);
  showMessage("");
  let reason = null;
  try {
    // A move sends this browser's player key: the first one made through a seat link claims the
    // seat for the key's rating (a browser new to the site gets its player first, as in the lobby).
    if (path === "moves" && !player.stored()) await player.ensure().catch(() => null);
    const response = await fetch(`/api/matches/${encodeURIComponent(page.matchId)}/${path}`, {
      method: "POST",
      headers: player.headers({
        "Content-Type": "application/json", Authorization: `Bearer ${page.tokenOfSeat.get(view.seat)}`,
      }),
      // The move number says which view the change was chosen from: the server refuses a stale one.
      body: JSON.stringify({ ...body, move_number: view.move_number }),
    });
    const answer = await readAnswer(response);
    if (!response.ok) reason = refusal(response, answer);
    else if (answer.counts_for === "another player") showMessage(CLAIMED_BY_ANOTHER);
  } catch (error) {
    reason = error.message;
  }
  if (reason !== null) {
    page.waitingAfter = null;
    showMessage(`${refused}: ${reason}${hint}`);
    display();
  }
  return reason === null;
}

// Enter in the filter box plays the move typed there (its notation), or the one button left.
// Anything else typed goes to the server as a move, as the terminal does: the game says why
// a move that exists is not allowed now ("Australia is blocked by the interpreter"), or that
// the words are no move of the game.
async function playTyped() {
  if (!page.rendered || !page.rendered.live) return;
  const typed = byId("action-filter").value.trim().replace(/\s+/g, " ");
  const exact = page.rendered.view.legal.find((n) => n.toLowerCase() === typed.toLowerCase());
  const shown = [...byId("actions").querySelectorAll("button[data-notation]")];
  const notation = exact || (shown.length === 1 ? shown[0].dataset.notation : null);
  if (notation) {
    byId("action-filter").value = "";
    play(notation);
    return;
  }
  if (!typed) {
    showMessage("");
    return;
  }
  if (!canAct() || page.rendered.view.legal.length === 0) {
    showMessage(`${quoted(typed)} was not played: it is not your move now.`);
    return;
  }
  const several = shown.length > 1 ? ` (${shown.length} of your moves match ${quoted(typed)}: click one, or type it whole)` : "";
  const played = await sendChange("moves", { action: typed }, `${quoted(typed)} was not played`, several);
  if (played) byId("action-filter").value = "";
}

// ------------------------------------------------------------------ replay
function goTo(at) {
  const latest = currentLive();
  if (!latest) return;
  const newest = latest.move_number;
  const clamped = Math.max(0, Math.min(newest, at));
  page.replayAt = clamped === newest ? null : clamped;
  display();
}

// The analysis panel's jump to a judged move: the position it was chosen from, as its mover saw it.
function jumpTo(at, seat) {
  page.viewAs = seat;
  goTo(at);
}

function position() {
  const latest = currentLive();
  return page.replayAt === null ? (latest ? latest.move_number : 0) : page.replayAt;
}

// ------------------------------------------------------------------ set up
function setUpMoves() {
  // A click on the board or on an action button plays the notation it carries.
  byId("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (target) play(target.getAttribute("data-action"));
  });
  byId("actions").addEventListener("click", (event) => {
    const target = event.target.closest("button[data-notation]");
    if (target) play(target.dataset.notation);
  });
  byId("pass-ready").addEventListener("click", () => {
    page.shownSeat = page.passTo;
    page.passTo = null;
    page.viewAs = undefined;
    display();
  });
  byId("action-filter").addEventListener("input", () => page.rendered && renderActions(page, page.rendered.view, page.rendered.live));
  byId("action-filter").addEventListener("keydown", (event) => {
    if (event.key === "Enter") playTyped();
  });
  byId("undo").addEventListener("click", undo);
  byId("confirm-play").addEventListener("click", () => page.confirming && play(page.confirming.notation, true));
  byId("confirm-cancel").addEventListener("click", () => showConfirm(null));
}

function setUpTools() {
  byId("zoom-in").addEventListener("click", () => setZoom(1));
  byId("zoom-out").addEventListener("click", () => setZoom(-1));
  byId("zoom-fit").addEventListener("click", () => setZoom(0));
  byId("sound-toggle").addEventListener("click", toggleSound);
  byId("notify-toggle").addEventListener("click", askToNotify);
  showSound();
  showNotifyButton();
  applyZoom(page.zoom);
  byId("view-as").addEventListener("change", (event) => {
    page.viewAs = event.target.value === "" ? null : Number(event.target.value);
    display();
  });
  byId("download").addEventListener("click", (event) => {
    if (byId("download").getAttribute("aria-disabled") === "true") event.preventDefault();
  });
}

function setUpReplay() {
  byId("first").addEventListener("click", () => goTo(0));
  byId("prev").addEventListener("click", () => goTo(position() - 1));
  byId("next").addEventListener("click", () => goTo(position() + 1));
  byId("last").addEventListener("click", () => goTo(Number.MAX_SAFE_INTEGER));
  byId("slider").addEventListener("input", (event) => goTo(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowLeft") goTo(position() - 1);
    else if (event.key === "ArrowRight") goTo(position() + 1);
  });
}

// The live views feed the board and the table panel alike: one socket per held seat (see connection.js).
function setUpLive() {
  const token = page.heldTokens.length === 1 ? page.heldTokens[0] : null; // pass and play: the panel sees a spectator's
  let tablePanel = createTablePanel(page.matchId, token, page.heldTokens.length);
  const analysisPanel = createAnalysisPanel(page.matchId, { jumpTo });
  const ratingPanel = createRatingPanel(page.matchId);
  const handlers = (seatToken) => ({
    onView: (viewToken, view) => {
      receive(viewToken, view);
      tablePanel.showView(view);
      analysisPanel.showView(view);
      ratingPanel.showView(view);
    },
    // Refused before any view: the game is not there, or the link's seat key is wrong or stale.
    onError: (text) => (page.liveViews.size === 0 ? badLink(text, seatToken) : showMessage(text)),
    onConnected: (connected) => {
      byId("connection").textContent = connected ? "" : "Connection lost, reconnecting…";
    },
  });
  // A link whose seat key this game does not know still shows the game: as a spectator sees it,
  // with a clear word and the way back, instead of an empty board.
  async function badLink(text, seatToken) {
    if (page.linkChecked) return;
    page.linkChecked = true;
    const response = await fetch(`/api/matches/${encodeURIComponent(page.matchId)}?svg=0`).catch(() => null);
    if (response && response.status === 404) {
      showLinkNotice("There is no game at this address: the link may be mistyped, or the game is gone.");
      return;
    }
    if (!response || !response.ok || seatToken === null) {
      showMessage(text);
      return;
    }
    page.heldTokens = [];
    showLinkNotice("This link's seat key is not a seat of this game (it may be mistyped, or from another game), so you are watching as a spectator.");
    tablePanel = createTablePanel(page.matchId, null, 0);
    listenToMatch(page.matchId, [], handlers(null));
  }
  if (page.heldTokens.length === 0) listenToMatch(page.matchId, [], handlers(null));
  for (const held of page.heldTokens) listenToMatch(page.matchId, [held], handlers(held));
}

function showLinkNotice(text) {
  byId("link-notice-text").textContent = text;
  byId("link-notice").hidden = false;
}

setUpMoves();
setUpTools();
setUpReplay();
setUpLive();
