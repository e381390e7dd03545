// A match page: the board of the seat's own view, its legal actions in words,
// the log with each move's consequences, undo within one's turn, the end
// screen, live updates over a WebSocket, pass-and-play between seats on one
// screen, replaying the game move by move, and telling the player when it is
// their turn. The page knows nothing of any game: the board is the server's
// SVG, and what is clickable carries data-action (its notation).
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
let zoom = 1; // the board's width as a multiple of the panel's (1: fit)
let myTurn = null; // is one of this page's seats to act? (null: not known yet)
let linksShown = false;
const ZOOMS = [1, 1.5, 2, 3, 4];
const SVG_NS = "http://www.w3.org/2000/svg";

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
  $("title").textContent = view.match.title;
  $("status").textContent = statusLine(view, live);
  renderSeats(view);
  const board = $("board");
  // Redraw only when the picture changed: no flicker when only the status did.
  if (boardSvg !== view.svg) {
    board.innerHTML = view.svg;
    boardSvg = view.svg;
    labelBoard(view);
    applyZoom();
  }
  board.classList.toggle("replaying", !live);
  renderActions(view, live);
  renderUndo(view, live);
  renderLog(view);
  renderEnd(replayAt === null ? latest || view : null);
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
  renderLinks(view);
  showRulesLink(view.match.game);
  noticeTurn(view.match.title);
  document.body.dataset.moveNumber = String(view.move_number);
  document.body.dataset.over = view.is_over ? "1" : "0";
}

// Each clickable part of the board tells, on hover, what clicking it does.
function labelBoard(view) {
  const labels = new Map((view.actions || []).map((a) => [a.notation, a.label]));
  for (const node of $("board").querySelectorAll("[data-action]")) {
    const label = labels.get(node.getAttribute("data-action"));
    if (!label) continue;
    node.setAttribute("aria-label", label);
    let title = [...node.children].find((c) => c.localName === "title");
    const help = title ? title.textContent : "";
    if (!title) {
      title = document.createElementNS(SVG_NS, "title");
      node.prepend(title);
    }
    title.textContent = help && help !== label ? `${label}\n${help}` : label;
  }
}

function applyZoom() {
  const svg = $("board").querySelector("svg");
  if (svg) {
    svg.style.width = zoom === 1 ? "" : `${zoom * 100}%`;
    svg.style.maxWidth = zoom === 1 ? "" : "none";
  }
  $("zoom-level").textContent = zoom === 1 ? "" : `${Math.round(zoom * 100)}%`;
  $("zoom-out").disabled = zoom === ZOOMS[0];
  $("zoom-in").disabled = zoom === ZOOMS[ZOOMS.length - 1];
}

function setZoom(step) {
  const index = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(zoom) + step));
  zoom = step === 0 ? 1 : ZOOMS[index];
  applyZoom();
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
  const actions = view.actions || view.legal.map((n) => ({ notation: n, label: n }));
  if (!live || actions.length === 0) {
    $("actions-title").textContent = "Actions";
    filter.hidden = true;
    const idle = view.is_over ? "The game is over." : "Nothing to do right now.";
    box.append(el("p", { className: "muted", text: live ? idle : "Replaying: no actions." }));
    return;
  }
  $("actions-title").textContent = "Your move";
  filter.hidden = false;
  const wanted = filter.value.trim().toLowerCase();
  for (const { notation, label } of actions) {
    if (wanted && !notation.toLowerCase().includes(wanted) && !label.toLowerCase().includes(wanted)) continue;
    const button = el("button", { type: "button", "data-notation": notation, title: `type: ${notation}` });
    button.append(el("span", { className: "label", text: label }));
    if (label !== notation) button.append(el("span", { className: "notation", text: notation }));
    button.disabled = waitingAfter !== null;
    button.addEventListener("click", () => play(notation));
    box.append(button);
  }
}

function renderUndo(view, live) {
  const allowed = live && !view.is_over ? view.undo || 0 : 0;
  $("undo-row").hidden = allowed === 0;
  $("undo").disabled = waitingAfter !== null;
  $("undo-note").textContent = allowed > 1 ? `(${allowed} moves of this turn can be taken back)` : "";
}

function renderLog(view) {
  const log = $("log");
  log.replaceChildren();
  const lines = view.moves || view.log.map(([seat, text], i) => ({ number: i + 1, seat, text, notation: text, consequences: [] }));
  lines.forEach((line, index) => {
    const hidden = line.text === null;
    const item = el("li", { "data-move": index, title: line.notation || null });
    item.append(
      el("span", { className: "num", text: `${line.number}.` }),
      el("span", { className: "who", text: `${seatName(view, line.seat)}: ` }),
      el("span", { className: "what", text: hidden ? "(a hidden move)" : line.text }),
    );
    for (const text of line.consequences || []) item.append(el("div", { className: "consequence", text }));
    if (hidden) item.classList.add("hidden-move");
    if (replayAt !== null && index === replayAt - 1) item.classList.add("current");
    log.append(item);
  });
  log.scrollTop = log.scrollHeight;
}

// Why the game ended and how each seat scored, from the server's end summary.
function renderEnd(view) {
  const box = $("end-screen");
  const summary = view && view.is_over ? view.summary : null;
  box.hidden = !summary;
  if (!summary) return;
  const names = summary.winners.map((s) => seatName(view, s)).join(" and ");
  $("end-title").textContent = names ? `Game over: ${names} won` : "Game over";
  $("end-reason").textContent = summary.reason;
  const tables = $("end-tables");
  tables.replaceChildren();
  for (const result of summary.seats) {
    const table = el("table", { className: "breakdown", "data-seat": result.seat });
    const winner = summary.winners.includes(result.seat) ? " ★" : "";
    table.append(el("caption", { text: `${seatName(view, result.seat)}${winner}` }));
    const body = el("tbody");
    for (const [label, value] of result.lines) {
      body.append(el("tr", {}, el("td", { text: label }), el("td", { className: "value", text: formatNumber(value) })));
    }
    body.append(el("tr", { className: "total" }, el("th", { text: "Total" }), el("th", { className: "value", text: formatNumber(result.total) })));
    table.append(body);
    const wrap = el("div", { className: "seat-result" }, table);
    if (result.note) wrap.append(el("p", { className: "muted", text: result.note }));
    tables.append(wrap);
  }
}

function formatNumber(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

// The seat's own link (to come back to the game, or to give to its player) and the spectator's.
function renderLinks(view) {
  if (linksShown) return;
  linksShown = true;
  const list = $("seat-link-list");
  const base = `${window.location.origin}/m/${encodeURIComponent(matchId)}`;
  const links = [];
  // In pass and play the page holds every seat's token: their links stay off the shared screen.
  if (heldTokens.length === 1 && tokenOfSeat.size === 1) {
    const [seat, token] = [...tokenOfSeat.entries()][0];
    links.push({ who: `${seatName(view, seat)} (your seat)`, url: `${base}#t=${token}`, key: String(seat) });
  }
  links.push({ who: "Spectators", url: base, key: "spectator" });
  for (const link of links) {
    const code = el("code", { className: "link", "data-seat": link.key, text: link.url });
    const copy = el("button", { type: "button", className: "copy", "data-seat": link.key, text: "Copy" });
    copy.addEventListener("click", () => copyText(link.url, copy));
    list.append(el("li", {}, el("span", { text: link.who }), copy, code));
  }
  $("seat-links").hidden = false;
}

async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch (error) {
    // Without the clipboard API (an insecure origin), copy through a selected text area.
    const area = el("textarea", { readonly: true });
    area.value = text;
    document.body.append(area);
    area.select();
    document.execCommand("copy");
    area.remove();
  }
  button.textContent = "Copied";
  window.setTimeout(() => (button.textContent = "Copy"), 1500);
}

let rulesChecked = false;
async function showRulesLink(game) {
  if (rulesChecked) return;
  rulesChecked = true;
  const href = `/rules/${encodeURIComponent(game)}`;
  const response = await fetch(href, { method: "HEAD" }).catch(() => null);
  if (response && response.ok) {
    $("rules-link").href = href;
    $("rules-link").hidden = false;
  }
}

// ---------------------------------------------------------- turn notices
// The tab's title and icon say when one of this page's seats is to act; when
// it becomes so, an optional sound plays and, if the tab is hidden and the
// player allowed it, the browser shows a notification.
function noticeTurn(title) {
  const views = [...tokenOfSeat.keys()].map((seat) => liveViews.get(seat)).filter(Boolean);
  const now = views.some((v) => v.legal.length > 0 && !v.stopped);
  document.title = `${now ? "● Your turn — " : ""}${title} — meeple`;
  $("favicon").href = now ? "/static/favicon-turn.svg" : "/static/favicon.svg";
  const started = now && myTurn === false;
  myTurn = now;
  if (!started) return;
  document.body.dataset.turnNotices = String(Number(document.body.dataset.turnNotices || "0") + 1);
  if (soundOn()) beep();
  if (document.visibilityState === "hidden" && "Notification" in window && Notification.permission === "granted") {
    try {
      new Notification(`Your turn — ${title}`, { body: "meeple: it is your move", tag: `meeple-${matchId}` });
      document.body.dataset.notified = String(Number(document.body.dataset.notified || "0") + 1);
    } catch (error) {
      // Some browsers allow notifications only from a service worker: the title still says it.
    }
  }
}

function soundOn() {
  return window.localStorage.getItem("meeple.sound") === "on";
}

function showSound() {
  const on = soundOn();
  $("sound-toggle").textContent = on ? "Sound: on" : "Sound: off";
  $("sound-toggle").setAttribute("aria-pressed", on ? "true" : "false");
}

let audio = null;
function beep() {
  try {
    audio = audio || new AudioContext();
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.35);
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || "0") + 1);
  } catch (error) {
    // No audio here: the title and icon still say it.
  }
}

function showNotifyButton() {
  const button = $("notify-toggle");
  if (!("Notification" in window)) return;
  const state = Notification.permission;
  button.hidden = state === "denied";
  button.disabled = state === "granted";
  button.textContent = state === "granted" ? "Notifications on" : "Notify me";
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
  if (!rendered.view.legal.includes(notation)) return;
  await sendChange("moves", { action: notation }, "Not played");
}

async function undo() {
  if (!rendered || !rendered.live || waitingAfter !== null) return;
  await sendChange("undo", { moves: 1 }, "Not undone");
}

// Send the shown seat's change (a move, an undo) chosen from the view on screen;
// the new view arrives over the WebSocket, a refusal is shown with its reason.
async function sendChange(path, body, refused) {
  const view = rendered.view;
  waitingAfter = view.move_number;
  renderActions(view, true);
  renderUndo(view, true);
  showMessage("");
  try {
    const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}/${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${tokenOfSeat.get(view.seat)}` },
      body: JSON.stringify({ ...body, move_number: view.move_number }),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => ({ error: `the server said ${response.status}` }));
      waitingAfter = null;
      showMessage(`${refused}: ${data.error}`);
      display();
    }
  } catch (error) {
    waitingAfter = null;
    showMessage(`${refused}: ${error.message}`);
    display();
  }
}

// Enter in the filter box plays the move typed there (its notation), or the one button left.
function playTyped() {
  if (!rendered || !rendered.live) return;
  const typed = $("action-filter").value.trim().replace(/\s+/g, " ");
  const view = rendered.view;
  const exact = view.legal.find((n) => n.toLowerCase() === typed.toLowerCase());
  const shown = [...$("actions").querySelectorAll("button[data-notation]")];
  const notation = exact || (shown.length === 1 ? shown[0].dataset.notation : null);
  if (notation) {
    $("action-filter").value = "";
    play(notation);
  } else {
    showMessage(typed ? `“${typed}” is not one of your moves now (${shown.length} match it)` : "");
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
  $("action-filter").addEventListener("keydown", (event) => {
    if (event.key === "Enter") playTyped();
  });
  $("undo").addEventListener("click", undo);
  $("zoom-in").addEventListener("click", () => setZoom(1));
  $("zoom-out").addEventListener("click", () => setZoom(-1));
  $("zoom-fit").addEventListener("click", () => setZoom(0));
  $("sound-toggle").addEventListener("click", () => {
    window.localStorage.setItem("meeple.sound", soundOn() ? "off" : "on");
    showSound();
    if (soundOn()) beep(); // let the player hear it (and the browser allow audio after this click)
  });
  $("notify-toggle").addEventListener("click", async () => {
    if ("Notification" in window) await Notification.requestPermission();
    showNotifyButton();
  });
  showSound();
  showNotifyButton();
  applyZoom();
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
