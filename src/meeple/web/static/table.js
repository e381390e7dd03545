// The match page's table panel: waiting for players, clocks, rematch, a stand-in
// bot, and the chat. It reads the views the match page receives (no socket of its
// own for them) and only adds to the page; the chat comes on its own socket.
import { postJson } from "./api.js";
import { listenToChat } from "./connection.js";
import { byId, el } from "./dom.js";
import { player } from "./player.js";
import { awaited, listed, neverStarted } from "./render.js";

// Open a seat's link: a new hash on this very page needs a reload to be read.
function go(url) {
  const samePage = new URL(url, window.location.href).pathname === window.location.pathname;
  window.location.href = url;
  if (samePage) window.location.reload();
}

function button(text, className, onClick) {
  const node = el("button", { type: "button", class: className, text });
  node.addEventListener("click", onClick);
  return node;
}

// Seconds as m:ss, or h:mm:ss from an hour on.
function clockText(seconds) {
  if (seconds === null || seconds === undefined) return "—";
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

// The panel's card, built under the players' card the first time a view arrives.
function buildCard(onSend) {
  const card = el("section", { class: "card", id: "table-panel" },
    el("h2", { text: "Table" }),
    el("div", { id: "table-notice", role: "status" }),
    el("ul", { id: "clocks", hidden: true }),
    el("div", { id: "chat", hidden: true },
      el("h3", { text: "Chat" }),
      el("ul", { id: "chat-log", "aria-live": "polite" }),
      el("form", { id: "chat-form", hidden: true },
        el("input", { id: "chat-text", type: "text", maxlength: 500, placeholder: "say something", "aria-label": "chat message" }),
        el("button", { type: "submit", text: "Send" })),
      el("p", { id: "chat-error", class: "error", role: "alert" })),
    el("p", { id: "table-error", class: "error", role: "alert" }));
  const side = document.querySelector(".side") || document.body;
  side.insertBefore(card, side.children[1] || null);
  byId("chat-form").addEventListener("submit", onSend);
  return card;
}

// The panel of match ``matchId``. ``token``: the page's one seat token, or null
// for a spectator and for pass and play (several seats on one screen: seen as a
// spectator here, and without a chat). ``seats``: how many seats the page holds.
export function createTablePanel(matchId, token, seats) {
  const panel = {
    view: null, // the newest view (of any seat the page holds: its table parts are the same)
    receivedAt: 0, // when it arrived: running clocks count down from there
    confirming: null, // "resign" or "abandon" while the page asks "are you sure?"
    lastChat: 0, // the id of the newest chat line shown (the socket's history may repeat lines)
  };
  const mine = () => (token ? panel.view.seat : null);

  // A POST of a table action; its refusal is shown in the panel.
  async function act(path, body, withKey, then) {
    byId("table-error").textContent = "";
    const headers = token ? { Authorization: `Bearer ${token}` } : {};
    try {
      const data = await postJson(path, body, withKey ? player.headers(headers) : headers);
      if (then) then(data);
    } catch (error) {
      byId("table-error").textContent = error.message;
    }
  }

  // ---------------------------------------------------------- the notice
  async function showNotice() {
    const notice = byId("table-notice");
    notice.replaceChildren();
    const meta = panel.view.match;
    if (meta.status === "waiting") showWaiting(notice, meta);
    const me = mine() === null ? null : meta.seats[mine()];
    if (me && me.away && !me.lost) {
      notice.append(el("p", { text: `You ran out of time: a bot (${me.away}) plays for you.` }),
        button("I am back", "back", () => act(`/api/matches/${matchId}/back`)));
    }
    const lost = meta.seats.filter((s) => s.lost).map((s) => s.name);
    const over = panel.view.is_over || meta.is_over;
    if (lost.length && !over) notice.append(el("p", { text: `Lost on time (ranked last): ${lost.join(", ")}` }));
    if (meta.status === "running" && !over && me && me.kind === "human" && !me.lost) showGivingUp(notice);
    if (over && neverStarted(panel.view)) {
      notice.append(el("p", {}, `This table is closed: ${panel.view.ended}. `, el("a", { href: "/", text: "Back to the lobby" })));
    } else if (over) {
      panel.confirming = null;
      if (meta.rematch) {
        await showRematch(notice, meta.rematch);
      } else if (mine() !== null) {
        notice.append(button("Rematch", "rematch", () => act(`/api/matches/${matchId}/rematch`, {}, true,
          (data) => go(data.url))));
      }
    }
  }

  // A seat may resign (any time) or abandon a game that waits on others who left (the
  // server says when that is allowed); each asks first, and a click on "Keep playing" forgets it.
  function showGivingUp(notice) {
    const ask = (what) => () => {
      panel.confirming = what;
      showNotice();
    };
    // Only a game without a clock (a clock settles an absent player) that waits on others alone.
    const waitsOnOthers = !panel.view.clock && panel.view.to_move.length > 0 && !panel.view.to_move.includes(mine());
    if (panel.confirming === null) {
      const row = el("p", { class: "giving-up" }, button("Resign", "resign", ask("resign")));
      if (waitsOnOthers) row.append(" ", button("Abandon the game", "abandon", ask("abandon")));
      notice.append(row);
      return;
    }
    const what = panel.confirming;
    const question = what === "resign"
      ? "Resign this game? You lose, and the game ends for everyone."
      : "Abandon this game? The players it waits for lose, and the game ends for everyone.";
    const done = () => {
      panel.confirming = null;
    };
    notice.append(el("p", { class: "confirm", role: "alertdialog", text: question }),
      button(what === "resign" ? "Resign" : "Abandon", `confirm-${what}`, () => act(`/api/matches/${matchId}/${what}`, {}, what === "resign", done)),
      " ",
      button("Keep playing", "keep-playing", () => {
        done();
        showNotice();
      }));
  }

  // A table waiting for players says for whom: free seats anyone may take, invitations to a
  // rematch. A visitor may sit down; its creator may start at once (bots take the seats still
  // free or unanswered) or cancel the table.
  function showWaiting(notice, meta) {
    const free = meta.seats.filter((s) => s.kind === "open");
    const invited = meta.seats.filter((s) => s.kind === "invited");
    notice.append(el("p", { class: "waiting-for", text: `Waiting for ${awaited(meta)}.` }));
    if (free.length) notice.append(el("p", { class: "muted", text: "Anyone with this page's address can sit down." }));
    if (mine() === null) {
      for (const seat of free) {
        notice.append(button(`Sit at seat ${seat.seat}`, "sit", () => act(`/api/matches/${matchId}/sit`, { seat: seat.seat }, true,
          (data) => go(data.url))));
      }
    } else if (mine() === meta.creator_seat) {
      const filled = listed([...free, ...invited].map((s) => String(s.seat)));
      const row = el("p", { class: "creator-tools" });
      if (filled) {
        row.append(button(`Start now: bots take seat${free.length + invited.length > 1 ? "s" : ""} ${filled}`, "start-now",
          () => act(`/api/matches/${matchId}/start`, { bot: "random" }, true)), " ");
      }
      row.append(button("Cancel this table", "cancel-table", () => act(`/api/matches/${matchId}/cancel`, {}, true)));
      notice.append(row);
    }
  }

  async function showRematch(notice, rematchId) {
    notice.append(el("p", {}, "A rematch was asked: ", el("a", { href: `/m/${rematchId}`, text: "see it" })));
    if (!player.stored()) return;
    const response = await fetch("/api/players/me/games", { headers: player.headers() });
    if (!response.ok) return;
    const { games } = await response.json();
    const game = games.find((g) => g.id === rematchId);
    if (!game) return;
    if (game.invited) {
      notice.append(el("span", { text: "You are invited: " }),
        button("Accept", "accept", () => act(`/api/matches/${rematchId}/invite`, { accept: true }, true,
          (data) => go(data.url))),
        " ",
        button("Decline", "decline", () => act(`/api/matches/${rematchId}/invite`, { accept: false }, true, showNotice)));
    } else {
      notice.append(el("a", { href: game.url, class: "button", text: "Open the rematch" }));
    }
  }

  // -------------------------------------------------------------- clocks
  // Redrawn every second: the view says how much time each seat had when it was sent.
  function tick() {
    const list = byId("clocks");
    if (!panel.view || !panel.view.clock) {
      if (list) list.hidden = true;
      return;
    }
    list.hidden = false;
    const elapsed = (Date.now() - panel.receivedAt) / 1000;
    list.replaceChildren();
    for (const seat of panel.view.clock.seats) {
      const over = panel.view.is_over;
      const left = seat.running && seat.left !== null && !over ? seat.left - elapsed : seat.left;
      const name = panel.view.match.seats[seat.seat].name;
      let time = `: ${clockText(left)}`;
      // Once the game is over a clock shows its final time (not a bank from before it ran out).
      if (seat.lost) time += over ? " (out of time)" : " (lost on time)";
      else if (seat.away) time += " (a bot plays)";
      // The name in its own span: a long one is cut with an ellipsis, never the time beside it.
      const who = el("span", { class: "name", title: name, text: name });
      list.append(el("li", { class: seat.running ? "running" : "", "data-seat": seat.seat }, who, time));
    }
  }

  // ---------------------------------------------------------------- chat
  function showChat(lines) {
    const log = byId("chat-log");
    for (const line of lines) {
      if (line.id <= panel.lastChat) continue;
      panel.lastChat = line.id;
      log.append(el("li", {}, el("span", { class: "who", text: `${line.name}:` }), el("span", { class: "said", text: line.text })));
    }
    log.scrollTop = log.scrollHeight;
  }

  async function sendChat(event) {
    event.preventDefault();
    const input = byId("chat-text");
    byId("chat-error").textContent = "";
    try {
      const line = await postJson(`/api/matches/${matchId}/chat`, { text: input.value }, { Authorization: `Bearer ${token}` });
      input.value = "";
      showChat([line]); // shown now; the socket's copy of it is skipped by its id
    } catch (error) {
      byId("chat-error").textContent = error.message;
    }
  }

  // The chat shows once the first view says whether spectators may read it.
  function setUpChat() {
    const allowed = (token !== null || panel.view.match.chat_spectators) && seats <= 1;
    byId("chat").hidden = !allowed;
    byId("chat-form").hidden = token === null;
    if (allowed) listenToChat(matchId, token, showChat);
  }

  // ------------------------------------------------------------- views
  async function showView(view) {
    const first = panel.view === null;
    panel.view = view;
    panel.receivedAt = Date.now();
    if (first) {
      buildCard(sendChat);
      setUpChat();
    }
    tick();
    await showNotice();
  }

  window.setInterval(tick, 1000);
  return { showView };
}
