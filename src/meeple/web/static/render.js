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

// "Ann", "Ann and Bob", "Ann, Bob and Cy".
export function listed(items) {
  return items.length <= 2 ? items.join(" and ") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// A table closed before its game started (by its creator, or by its time running out).
export const neverStarted = (view) => ["cancelled", "expired"].includes(view.ended_by);

// What a table that has not started waits for, and from whom: "1 more player to sit
// down (seat 1 is free)", "Bob to answer the rematch invitation".
export function awaited(meta) {
  const free = meta.seats.filter((s) => s.kind === "open").map((s) => s.seat);
  const invited = meta.seats.filter((s) => s.kind === "invited").map((s) => s.name);
  const parts = [];
  if (invited.length) parts.push(`${listed(invited)} to answer the rematch invitation`);
  if (free.length === 1) parts.push(`1 more player to sit down (seat ${free[0]} is free)`);
  else if (free.length) parts.push(`${free.length} more players to sit down (seats ${listed(free.map(String))} are free)`);
  return parts.join(", and ") || "the game to start";
}

// The seats whose views this page holds (its own seats: one, or several in pass and play).
const held = (page, seat) => page.tokenOfSeat.has(seat);

// A game whose record is public: over, or an uploaded record.
export function isOpen(view) {
  return view.is_over || view.match.kind === "upload";
}

export function statusLine(page, view, live) {
  if (view.match.status === "waiting") return `Not started yet: waiting for ${awaited(view.match)}`;
  if (neverStarted(view)) return `Table closed: ${view.ended}`;
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

export function renderSeats(page, view) {
  const list = byId("seat-list");
  list.replaceChildren();
  for (const seat of view.match.seats) {
    const item = el("li", { "data-seat": seat.seat });
    item.append(el("span", { text: seat.name, title: seat.name })); // a long name is cut: the whole one on hover
    if (seat.kind === "bot") item.append(el("span", { class: "muted", text: ` · bot (${seat.bot})` }));
    if (view.to_move.includes(seat.seat)) item.classList.add("to-move");
    // "(you)" marks this page's own seats only: a seat viewed through "View as" is only "(shown)".
    if (held(page, seat.seat)) item.classList.add("me");
    else if (seat.seat === view.seat) item.classList.add("viewed");
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
    box.append(el("p", { class: "muted", text: live ? idleText(page, view) : "Replaying: no actions." }));
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

// Why the page offers no move now, plainly: what is awaited, and from whom.
function idleText(page, view) {
  if (view.match.status === "waiting") return `Nothing to play yet: the game starts once every seat is taken (waiting for ${awaited(view.match)}).`;
  if (neverStarted(view)) return "Nothing to play: this table closed before its game started.";
  if (view.is_over) return "The game is over.";
  const movers = listed(namesOf(view, view.to_move));
  if (!movers) return "Nothing to play right now.";
  if (view.seat === null) return `You are watching: ${movers} to move.`;
  return `Waiting for ${movers} to move.`;
}

// Undo: the button while the seat may take moves back; after its own move that may not be
// taken back, the button stays (disabled) with the reason, rather than silently vanishing.
export function renderUndo(page, view, live) {
  const allowed = live && !view.is_over ? view.undo || 0 : 0;
  const reason = allowed === 0 && live ? undoRefusal(page, view) : null;
  byId("undo-row").hidden = allowed === 0 && reason === null;
  byId("undo").disabled = page.waitingAfter !== null || allowed === 0;
  byId("undo-note").textContent = reason || (allowed > 1 ? `(${allowed} moves of this turn can be taken back)` : "");
  byId("undo-note").classList.toggle("refused", reason !== null);
}

// Why a seat whose last move was the latest one may not take it back (the server's rule:
// only moves of one's own turn that revealed nothing and drew nothing), or null when the
// seat has no move to think of taking back (another seat moved since, or it is not a seat).
function undoRefusal(page, view) {
  const moves = view.moves || [];
  const last = moves[moves.length - 1];
  if (view.seat === null || !held(page, view.seat) || view.is_over || !last || last.seat !== view.seat) return null;
  if (!view.to_move.includes(view.seat)) {
    const next = listed(namesOf(view, view.to_move));
    return `Your last move cannot be taken back: it ended your turn${next ? ` (${next} to move now)` : ""}.`;
  }
  return "Your last move cannot be taken back: it revealed something or involved chance.";
}

export function renderLog(page, view) {
  const log = byId("log");
  log.replaceChildren();
  // ``moves`` has each move's consequences; an older server sent only the bare ``log``.
  const lines = view.moves || view.log.map(([seat, text], i) => ({ number: i + 1, seat, text, notation: text, consequences: [] }));
  lines.forEach((line, index) => {
    const hidden = line.text === null;
    const item = el("li", { "data-move": index, title: line.notation || null });
    // Every viewer reads the same sentence: the mover's name, then the move in the third person
    // ("Bot 1 places their wagon at ..."); a game without such words shows its label after a colon.
    const told = !hidden && line.told;
    item.append(
      el("span", { class: "num", text: `${line.number}.` }),
      el("span", { class: "who", title: seatName(view, line.seat), text: `${seatName(view, line.seat)}${told ? " " : ": "}` }),
      el("span", { class: "what", text: hidden ? "(a hidden move)" : told || line.text }),
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
  // The star has its own span after the name, so cutting a long name never cuts the star.
  const caption = el("caption", { title: seatName(view, result.seat) }, el("span", { class: "name", text: seatName(view, result.seat) }));
  if (summary.winners.includes(result.seat)) caption.append(el("span", { class: "star", text: " ★" }));
  table.append(caption);
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
  if (neverStarted(view)) {
    byId("end-title").textContent = "This table closed before its game started";
    byId("end-reason").textContent = `${view.ended[0].toUpperCase()}${view.ended.slice(1)}. Nobody won or lost.`;
    byId("end-tables").replaceChildren(el("p", {}, "Open a new table or start a game in ", el("a", { href: "/", text: "the lobby" }), "."));
    return;
  }
  const names = namesOf(view, summary.winners).join(" and ");
  byId("end-title").textContent = names ? `Game over: ${names} won` : "Game over";
  byId("end-reason").textContent = view.ended_by && view.ended_by !== "rules"
    ? `${summary.reason}. The board shows the position when the game ended.`
    : summary.reason;
  byId("end-tables").replaceChildren(...summary.seats.map((result) => resultTable(view, summary, result)));
}

// A table that has not started shows what it waits for instead of the board: the
// board's starting position would name a seat to move in a game nobody can play yet.
export function renderWaiting(view) {
  const waiting = view.match.status === "waiting";
  byId("waiting-card").hidden = !waiting;
  for (const id of ["board", "zoom-bar", "replay-bar"]) byId(id).classList.toggle("not-started", waiting);
  if (waiting) byId("waiting-what").textContent = `Waiting for ${awaited(view.match)}.`;
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
