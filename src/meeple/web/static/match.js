// A match page: the board of the seat's own view, its legal actions, the log,
// live updates over a WebSocket, pass-and-play between seats on one screen,
// and replaying the game move by move. The page knows nothing of any game:
// the board is the server's SVG, and what is clickable carries data-action.
"use strict";

const $ = (id) => document.getElementById(id);
const matchId = decodeURIComponent(window.location.pathname.split("/").pop());
const tokens = new URLSearchParams(window.location.hash.slice(1)).get("t");
const heldTokens = tokens ? tokens.split(",").filter(Boolean) : [];

const liveViews = new Map(); // seat number (or "spectator") -> newest live view
const tokenOfSeat = new Map(); // seat number -> token
let shownSeat = null; // the seat whose view is on screen (null: spectator)
let passTo = null; // pass and play: the seat waiting behind the "pass to" screen
let replayAt = null; // null: live; else the move number being replayed
let viewAs = undefined; // the seat chosen to view as (null: spectator; undefined: one's own)
let waitingAfter = null; // move number of the view we just played from
let renderTicket = 0;
let rendered = null; // { view, live }
let boardSvg = null; // the SVG on the board now

const seatKey = (seat) => (seat === null ? "spectator" : seat);

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (key === "className") node.className = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

function showMessage(text) {
  $("message").textContent = text || "";
}

function seatName(view, seat) {
  const info = view.match.seats[seat];
  return info ? info.name : `Seat ${seat}`;
}

// ------------------------------------------------------------ live updates
function connect(token, attempt = 0) {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}/api/matches/${encodeURIComponent(matchId)}/live`);
  let refused = false;
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ token, svg: true }));
    $("connection").textContent = "";
    attempt = 0;
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") {
      refused = message.status < 500; // a server-side failure (database down) is retried
      showMessage(message.error);
      return;
    }
    if (message.type === "view") receive(token, message.view);
  });
  socket.addEventListener("close", () => {
    if (refused) return;
    $("connection").textContent = "Connection lost, reconnecting…";
    window.setTimeout(() => connect(token, attempt + 1), Math.min(4000, 250 * 2 ** attempt));
  });
}

function receive(token, view) {
  if (token) tokenOfSeat.set(view.seat, token);
  liveViews.set(seatKey(view.seat), view);
  if (waitingAfter !== null && view.move_number !== waitingAfter) waitingAfter = null;
  chooseSeat();
  display();
}

// Pass and play: show the seat that has something to do; switching seats goes
// through a "pass the screen" step so nobody sees another's private view.
function chooseSeat() {
  const held = [...tokenOfSeat.keys()].sort((a, b) => a - b);
  if (heldTokens.length <= 1) {
    shownSeat = held.length ? held[0] : null;
    return;
  }
  if (held.length < heldTokens.length) return; // wait until every seat's view is in
  const active = held.filter((seat) => (liveViews.get(seat)?.legal || []).length > 0);
  if (shownSeat !== null && active.includes(shownSeat)) return;
  if (active.length > 0) {
    if (active[0] !== shownSeat) passTo = active[0];
  } else if (shownSeat === null) {
    passTo = held[0];
  }
}

// ------------------------------------------------------------------ display
function currentLive() {
  return liveViews.get(seatKey(shownSeat));
}

function isOpen(view) {
  return view.is_over || view.match.kind === "upload";
}

async function display() {
  if (passTo !== null) {
    const name = seatName(liveViews.get(passTo), passTo);
    $("pass-name").textContent = name;
    $("pass-name-2").textContent = name;
    $("pass-screen").hidden = false;
    $("board").hidden = true;
    $("actions").replaceChildren();
    $("log").replaceChildren();
    $("status").textContent = `Pass to ${name}`;
    return;
  }
  const base = currentLive();
  if (!base) return;
  $("pass-screen").hidden = true;
  $("board").hidden = false;
  const seat = viewAs !== undefined && (isOpen(base) || viewAs === null) ? viewAs : shownSeat;
  if (replayAt === null && seat === base.seat) {
    render(base, true);
    return;
  }
  const ticket = ++renderTicket;
  const at = replayAt === null ? base.move_number : replayAt;
  const view = await fetchView(seat, at);
  if (ticket === renderTicket && view) render(view, false);
}

async function fetchView(seat, at) {
  const params = new URLSearchParams({ at: String(at) });
  const headers = {};
  if (seat !== null && tokenOfSeat.has(seat)) headers.Authorization = `Bearer ${tokenOfSeat.get(seat)}`;
  else if (seat !== null) params.set("seat", String(seat));
  const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}?${params}`, { headers });
  const data = await response.json().catch(() => ({ error: `the server said ${response.status}` }));
  if (!response.ok) {
    showMessage(data.error || `the server said ${response.status}`);
    return null;
  }
  return data;
}

function render(view, live) {
  rendered = { view, live };
  const latest = currentLive();
  document.title = `${view.match.title} — meeple`;
  $("title").textContent = view.match.title;
  $("status").textContent = statusLine(view, live);
  renderSeats(view);
  const board = $("board");
  // Redraw only when the picture changed: no flicker when only the status did.
  if (boardSvg !== view.svg) {
    board.innerHTML = view.svg;
    boardSvg = view.svg;
  }
  board.classList.toggle("replaying", !live);
  renderActions(view, live);
  renderLog(view);
  const newest = latest ? latest.move_number : view.move_number;
  $("slider").max = String(newest);
  $("slider").value = String(replayAt === null ? newest : replayAt);
  $("position").textContent = `move ${replayAt === null ? newest : replayAt} of ${newest}`;
  $("replay-banner").hidden = replayAt === null;
  $("replay-banner").textContent = replayAt === null ? "" : `Replaying: the position after move ${replayAt}. » returns to the game.`;
  const open = isOpen(latest || view); // the game as a whole, not the replayed position
  const download = $("download");
  download.setAttribute("aria-disabled", open ? "false" : "true");
  download.href = open ? `/api/matches/${encodeURIComponent(matchId)}/record` : "#";
  download.title = open ? "the game's record file" : "the record is available once the game is over";
  renderViewAs(view, open);
  document.body.dataset.moveNumber = String(view.move_number);
  document.body.dataset.over = view.is_over ? "1" : "0";
}

function statusLine(view, live) {
  if (view.is_over) {
    const names = view.winners.map((s) => seatName(view, s)).join(" and ");
    return names ? `Game over: ${names} won` : "Game over";
  }
  if (view.stopped) return `Stopped: ${view.stopped}`;
  if (!live && replayAt !== null) return `Replaying move ${view.move_number}`;
  if (!live) return view.seat === null ? "Viewing as a spectator" : `Viewing as ${seatName(view, view.seat)}`;
  if (view.legal.length > 0) {
    return tokenOfSeat.size > 1 ? `${seatName(view, view.seat)}, your move` : "Your move";
  }
  if (view.thinking.length > 0) return `${view.thinking.map((s) => seatName(view, s)).join(", ")} thinking…`;
  return `Waiting for ${view.to_move.map((s) => seatName(view, s)).join(", ")}`;
}

function renderSeats(view) {
  const list = $("seat-list");
  list.replaceChildren();
  for (const seat of view.match.seats) {
    const item = el("li", { "data-seat": seat.seat });
    item.append(el("span", { text: seat.name }));
    if (seat.kind === "bot") item.append(el("span", { className: "muted", text: ` · bot (${seat.bot})` }));
    if (view.to_move.includes(seat.seat)) item.classList.add("to-move");
    if (seat.seat === view.seat) item.classList.add("me");
    if (view.thinking.includes(seat.seat)) item.append(el("span", { className: "thinking", text: " thinking…" }));
    if (view.scores) item.append(el("span", { className: "muted", text: ` — ${view.scores[seat.seat]}` }));
    if (view.winners.includes(seat.seat)) item.append(el("span", { className: "winner", text: " ★ winner" }));
    list.append(item);
  }
}

function renderActions(view, live) {
  const box = $("actions");
  box.replaceChildren();
  const filter = $("action-filter");
  if (!live || view.legal.length === 0) {
    $("actions-title").textContent = "Actions";
    filter.hidden = true;
    box.append(el("p", { className: "muted", text: live ? "Nothing to do right now." : "Replaying: no actions." }));
    return;
  }
  $("actions-title").textContent = "Your move";
  filter.hidden = view.legal.length <= 12;
  const wanted = filter.hidden ? "" : filter.value.trim().toLowerCase();
  for (const notation of view.legal) {
    if (wanted && !notation.toLowerCase().includes(wanted)) continue;
    const button = el("button", { type: "button", "data-notation": notation, text: notation });
    button.disabled = waitingAfter !== null;
    button.addEventListener("click", () => play(notation));
    box.append(button);
  }
}

function renderLog(view) {
  const log = $("log");
  log.replaceChildren();
  view.log.forEach(([seat, text], index) => {
    const item = el("li", { "data-move": index, text: `${seatName(view, seat)}: ${text === null ? "(hidden)" : text}` });
    if (text === null) item.classList.add("hidden-move");
    if (replayAt !== null && index === replayAt - 1) item.classList.add("current");
    log.append(item);
  });
  log.scrollTop = log.scrollHeight;
}

// A running game can be seen as one's own seat or as a spectator; a finished
// (or uploaded) game, whose record is public, as any seat.
function renderViewAs(view, open) {
  // (In pass and play, only the seat now at the screen: the others' views stay behind the pass screen.)
  const seats = open ? view.match.seats.map((s) => s.seat) : shownSeat === null ? [] : [shownSeat];
  const label = $("view-as-label");
  label.hidden = seats.length === 0;
  if (label.hidden) return;
  const select = $("view-as");
  const chosen = viewAs === undefined ? view.seat : viewAs;
  select.replaceChildren(el("option", { value: "", text: "spectator" }));
  for (const seat of seats) {
    select.append(el("option", { value: String(seat), text: view.match.seats[seat].name }));
  }
  select.value = chosen === null ? "" : String(chosen);
}

// ------------------------------------------------------------------ actions
async function play(notation) {
  if (!rendered || !rendered.live || waitingAfter !== null) return;
  const view = rendered.view;
  if (!view.legal.includes(notation)) return;
  waitingAfter = view.move_number;
  renderActions(view, true);
  showMessage("");
  try {
    const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}/moves`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokenOfSeat.get(view.seat)}` },
      body: JSON.stringify({ action: notation, move_number: view.move_number }),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({ error: `the server said ${response.status}` }));
      waitingAfter = null;
      showMessage(`Not played: ${data.error}`);
      display();
    }
  } catch (error) {
    waitingAfter = null;
    showMessage(`Not played: ${error.message}`);
    display();
  }
}

function goTo(at) {
  const latest = currentLive();
  if (!latest) return;
  const newest = latest.move_number;
  const clamped = Math.max(0, Math.min(newest, at));
  replayAt = clamped === newest ? null : clamped;
  display();
}

function position() {
  const latest = currentLive();
  return replayAt === null ? (latest ? latest.move_number : 0) : replayAt;
}

function setUp() {
  $("board").addEventListener("click", (event) => {
    const target = event.target.closest("[data-action]");
    if (target) play(target.getAttribute("data-action"));
  });
  $("pass-ready").addEventListener("click", () => {
    shownSeat = passTo;
    passTo = null;
    viewAs = undefined;
    display();
  });
  $("action-filter").addEventListener("input", () => rendered && renderActions(rendered.view, rendered.live));
  $("first").addEventListener("click", () => goTo(0));
  $("prev").addEventListener("click", () => goTo(position() - 1));
  $("next").addEventListener("click", () => goTo(position() + 1));
  $("last").addEventListener("click", () => goTo(Number.MAX_SAFE_INTEGER));
  $("slider").addEventListener("input", (event) => goTo(Number(event.target.value)));
  document.addEventListener("keydown", (event) => {
    if (event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowLeft") goTo(position() - 1);
    else if (event.key === "ArrowRight") goTo(position() + 1);
  });
  $("view-as").addEventListener("change", (event) => {
    viewAs = event.target.value === "" ? null : Number(event.target.value);
    display();
  });
  $("download").addEventListener("click", (event) => {
    if ($("download").getAttribute("aria-disabled") === "true") event.preventDefault();
  });
  if (heldTokens.length === 0) connect(null);
  for (const token of heldTokens) connect(token);
}

setUp();
