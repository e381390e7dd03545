// Drawing the match page from a view: the status line, the board, the seats,
// the actions, undo, the log, the end screen, "view as" and the seat links.
// Everything here only reads the page's state (see match.js) and writes the DOM.
import { byId, copyText, el, flashCopied } from "./dom.js";

const SVG_NS = "http://www.w3.org/2000/svg";
export const ZOOMS = [1, 1.5, 2, 3, 4]; // the board's width as a multiple of its panel's (1: fit)

export function seatName(view, seat) {
  const info = view.match.seats[seat];
  return info ? info.name : `Seat ${seat}`;
}

const namesOf = (view, seats) => seats.map((s) => seatName(view, s));

// A game whose record is public: over, or an uploaded record.
export function isOpen(view) {
  return view.is_over || view.match.kind === "upload";
}

export function statusLine(page, view, live) {
  if (view.is_over) {
    const names = namesOf(view, view.winners).join(" and ");
    const over = names ? `Game over: ${names} won` : "Game over";
    // Ended off the board (a clock, a resignation, abandonment, the move cap): say why.
    return view.ended ? `${over} (${view.ended})` : over;
  }
  if (view.stopped) return `Stopped: ${view.stopped}`;
  if (!live && page.replayAt !== null) return `Replaying move ${view.move_number}`;
  if (!live) return view.seat === null ? "Viewing as a spectator" : `Viewing as ${seatName(view, view.seat)}`;
  if (view.legal.length > 0) {
    return page.tokenOfSeat.size > 1 ? `${seatName(view, view.seat)}, your move` : "Your move";
  }
  if (view.thinking.length > 0) return `${namesOf(view, view.thinking).join(", ")} thinking…`;
  return `Waiting for ${namesOf(view, view.to_move).join(", ")}`;
}

// Each clickable part of the board tells, on hover, what clicking it does.
export function labelBoard(view) {
  const labels = new Map((view.actions || []).map((a) => [a.notation, a.label]));
  for (const node of byId("board").querySelectorAll("[data-action]")) {
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

export function applyZoom(zoom) {
  const svg = byId("board").querySelector("svg");
  if (svg) {
    svg.style.width = zoom === 1 ? "" : `${zoom * 100}%`;
    svg.style.maxWidth = zoom === 1 ? "" : "none";
  }
  byId("zoom-level").textContent = zoom === 1 ? "" : `${Math.round(zoom * 100)}%`;
  byId("zoom-out").disabled = zoom === ZOOMS[0];
  byId("zoom-in").disabled = zoom === ZOOMS[ZOOMS.length - 1];
}

export function renderSeats(view) {
  const list = byId("seat-list");
  list.replaceChildren();
  for (const seat of view.match.seats) {
    const item = el("li", { "data-seat": seat.seat });
    item.append(el("span", { text: seat.name }));
    if (seat.kind === "bot") item.append(el("span", { class: "muted", text: ` · bot (${seat.bot})` }));
    if (view.to_move.includes(seat.seat)) item.classList.add("to-move");
    if (seat.seat === view.seat) item.classList.add("me");
    if (view.thinking.includes(seat.seat)) item.append(el("span", { class: "thinking", text: " thinking…" }));
    if (view.scores) item.append(el("span", { class: "muted", text: ` — ${view.scores[seat.seat]}` }));
    if (view.winners.includes(seat.seat)) item.append(el("span", { class: "winner", text: " ★ winner" }));
    list.append(item);
  }
}

// The legal actions as buttons (the filter box narrows them); they stay disabled
// while a move of this page waits for its new view. Clicks are handled in match.js.
export function renderActions(page, view, live) {
  const box = byId("actions");
  box.replaceChildren();
  const filter = byId("action-filter");
  const actions = view.actions || view.legal.map((n) => ({ notation: n, label: n }));
  if (!live || actions.length === 0) {
    byId("actions-title").textContent = "Actions";
    filter.hidden = true;
    const idle = view.is_over ? "The game is over." : "Nothing to do right now.";
    box.append(el("p", { class: "muted", text: live ? idle : "Replaying: no actions." }));
    return;
  }
  byId("actions-title").textContent = "Your move";
  filter.hidden = false;
  const wanted = filter.value.trim().toLowerCase();
  for (const { notation, label } of actions) {
    if (wanted && !notation.toLowerCase().includes(wanted) && !label.toLowerCase().includes(wanted)) continue;
    const button = el("button", { type: "button", "data-notation": notation, title: `type: ${notation}` });
    button.append(el("span", { class: "label", text: label }));
    if (label !== notation) button.append(el("span", { class: "notation", text: notation }));
    button.disabled = page.waitingAfter !== null;
    box.append(button);
  }
}

export function renderUndo(page, view, live) {
  const allowed = live && !view.is_over ? view.undo || 0 : 0;
  byId("undo-row").hidden = allowed === 0;
  byId("undo").disabled = page.waitingAfter !== null;
  byId("undo-note").textContent = allowed > 1 ? `(${allowed} moves of this turn can be taken back)` : "";
}

export function renderLog(page, view) {
  const log = byId("log");
  log.replaceChildren();
  // ``moves`` has each move's consequences; an older server sent only the bare ``log``.
  const lines = view.moves || view.log.map(([seat, text], i) => ({ number: i + 1, seat, text, notation: text, consequences: [] }));
  lines.forEach((line, index) => {
    const hidden = line.text === null;
    const item = el("li", { "data-move": index, title: line.notation || null });
    item.append(
      el("span", { class: "num", text: `${line.number}.` }),
      el("span", { class: "who", text: `${seatName(view, line.seat)}: ` }),
      el("span", { class: "what", text: hidden ? "(a hidden move)" : line.text }),
    );
    for (const text of line.consequences || []) item.append(el("div", { class: "consequence", text }));
    if (hidden) item.classList.add("hidden-move");
    if (page.replayAt !== null && index === page.replayAt - 1) item.classList.add("current");
    log.append(item);
  });
  log.scrollTop = log.scrollHeight;
}

function formatNumber(value) {
  return Number.isInteger(value) ? String(value) : String(Math.round(value * 100) / 100);
}

// One seat's score breakdown, as a table.
function resultTable(view, summary, result) {
  const table = el("table", { class: "breakdown", "data-seat": result.seat });
  const winner = summary.winners.includes(result.seat) ? " ★" : "";
  table.append(el("caption", { text: `${seatName(view, result.seat)}${winner}` }));
  const body = el("tbody");
  for (const [label, value] of result.lines) {
    body.append(el("tr", {}, el("td", { text: label }), el("td", { class: "value", text: formatNumber(value) })));
  }
  // A game ended off the board has no scores: only each seat's result (its note).
  if (result.total !== null && result.total !== undefined) {
    body.append(el("tr", { class: "total" }, el("th", { text: "Total" }), el("th", { class: "value", text: formatNumber(result.total) })));
  }
  table.append(body);
  const wrap = el("div", { class: "seat-result" }, table);
  if (result.note) wrap.append(el("p", { class: "muted", text: result.note }));
  return wrap;
}

// Why the game ended and how each seat scored, from the server's end summary
// (``view`` null: no end screen, e.g. while replaying).
export function renderEnd(view) {
  const box = byId("end-screen");
  const summary = view && view.is_over ? view.summary : null;
  box.hidden = !summary;
  if (!summary) return;
  const names = namesOf(view, summary.winners).join(" and ");
  byId("end-title").textContent = names ? `Game over: ${names} won` : "Game over";
  byId("end-reason").textContent = view.ended_by && view.ended_by !== "rules"
    ? `${summary.reason}. The board shows the position when the game ended.`
    : summary.reason;
  byId("end-tables").replaceChildren(...summary.seats.map((result) => resultTable(view, summary, result)));
}

// The replay bar and banner: where the page is in the game (``newest``: the live move number).
export function renderPosition(page, newest) {
  const at = page.replayAt === null ? newest : page.replayAt;
  byId("slider").max = String(newest);
  byId("slider").value = String(at);
  byId("position").textContent = `move ${at} of ${newest}`;
  byId("replay-banner").hidden = page.replayAt === null;
  byId("replay-banner").textContent = page.replayAt === null ? "" : `Replaying: the position after move ${page.replayAt}. » returns to the game.`;
}

// The record can be downloaded once it is public.
export function renderDownload(page, open) {
  const download = byId("download");
  download.setAttribute("aria-disabled", open ? "false" : "true");
  download.href = open ? `/api/matches/${encodeURIComponent(page.matchId)}/record` : "#";
  download.title = open ? "the game's record file" : "the record is available once the game is over";
}

// A running game can be seen as one's own seat or as a spectator; a finished
// (or uploaded) game, whose record is public, as any seat.
export function renderViewAs(page, view, open) {
  // (In pass and play, only the seat now at the screen: the others' views stay behind the pass screen.)
  const seats = open ? view.match.seats.map((s) => s.seat) : page.shownSeat === null ? [] : [page.shownSeat];
  const label = byId("view-as-label");
  label.hidden = seats.length === 0;
  if (label.hidden) return;
  const select = byId("view-as");
  const chosen = page.viewAs === undefined ? view.seat : page.viewAs;
  select.replaceChildren(el("option", { value: "", text: "spectator" }));
  for (const seat of seats) {
    select.append(el("option", { value: String(seat), text: view.match.seats[seat].name }));
  }
  select.value = chosen === null ? "" : String(chosen);
}

// The seat's own link (to come back to the game, or to give to its player) and
// the spectators'. Drawn once: the links never change.
export function renderLinks(page, view) {
  if (page.linksShown) return;
  page.linksShown = true;
  const list = byId("seat-link-list");
  const base = `${window.location.origin}/m/${encodeURIComponent(page.matchId)}`;
  const links = [];
  // In pass and play the page holds every seat's token: their links stay off the shared screen.
  if (page.heldTokens.length === 1 && page.tokenOfSeat.size === 1) {
    const [seat, token] = [...page.tokenOfSeat.entries()][0];
    links.push({ who: `${seatName(view, seat)} (your seat)`, url: `${base}#t=${token}`, key: String(seat) });
  }
  links.push({ who: "Spectators", url: base, key: "spectator" });
  for (const link of links) {
    const code = el("code", { class: "link", "data-seat": link.key, text: link.url });
    const copy = el("button", { type: "button", class: "copy", "data-seat": link.key, text: "Copy" });
    copy.addEventListener("click", async () => {
      await copyText(link.url);
      flashCopied(copy);
    });
    list.append(el("li", {}, el("span", { text: link.who }), copy, code));
  }
  byId("seat-links").hidden = false;
}
