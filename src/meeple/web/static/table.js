// The match page's table panel: waiting for players, clocks, rematch, a stand-in bot, and the chat.
// It listens on its own WebSocket (views without the board, and chat lines) and only adds to the page.
"use strict";

(() => {
  const byId = (id) => document.getElementById(id);
  const matchId = window.location.pathname.split("/").pop();
  const held = (new URLSearchParams(window.location.hash.slice(1)).get("t") || "").split(",").filter(Boolean);
  const token = held.length === 1 ? held[0] : null; // pass and play (several seats here) has no chat
  let view = null;
  let received = 0;
  let lastChat = 0;
  // player.js (loaded before) holds this browser's player; its const is global, not on window.
  const player = typeof meeplePlayer === "undefined" ? null : meeplePlayer;

  const el = meepleElement; // player.js

  function panel() {
    let card = byId("table-panel");
    if (card) return card;
    card = el("section", { class: "card", id: "table-panel" },
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
    byId("chat-form").addEventListener("submit", sendChat);
    return card;
  }

  async function call(path, body, withKey = false) {
    const headers = { "Content-Type": "application/json" };
    if (token) headers.Authorization = `Bearer ${token}`;
    const init = { method: "POST", headers: withKey && player ? player.headers(headers) : headers,
      body: JSON.stringify(body || {}) };
    const response = await fetch(path, init);
    const data = await response.json().catch(() => ({ error: `the server said ${response.status}` }));
    if (!response.ok) throw new Error(data.error || `the server said ${response.status}`);
    return data;
  }

  async function act(path, body, withKey, then) {
    byId("table-error").textContent = "";
    try {
      const data = await call(path, body, withKey);
      if (then) then(data);
    } catch (error) {
      byId("table-error").textContent = error.message;
    }
  }

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

  // ------------------------------------------------------------ the notice
  async function showNotice() {
    const notice = byId("table-notice");
    notice.replaceChildren();
    const meta = view.match;
    const mine = token ? view.seat : null;
    if (meta.status === "waiting") {
      const free = meta.seats.filter((s) => s.kind === "open");
      notice.append(el("p", { text: `Waiting for players: ${free.length} free seat(s). Anyone with this page's address can sit down.` }));
      if (mine === null) {
        for (const seat of free) {
          notice.append(button(`Sit at seat ${seat.seat}`, "sit", () => act(`/api/matches/${matchId}/sit`, { seat: seat.seat }, true,
            (data) => go(data.url))));
        }
      } else if (mine === meta.creator_seat) {
        notice.append(button("Fill the free seats with bots and start", "start-now",
          () => act(`/api/matches/${matchId}/start`, { bot: "random" }, true)));
      }
    }
    const me = mine === null ? null : meta.seats[mine];
    if (me && me.away && !me.lost) {
      notice.append(el("p", { text: `You ran out of time: a bot (${me.away}) plays for you.` }),
        button("I am back", "back", () => act(`/api/matches/${matchId}/back`)));
    }
    const lost = meta.seats.filter((s) => s.lost).map((s) => s.name);
    if (lost.length) notice.append(el("p", { text: `Lost on time (ranked last): ${lost.join(", ")}` }));
    if (view.is_over || view.stopped) {
      if (meta.rematch) {
        await showRematch(notice, meta.rematch);
      } else if (mine !== null) {
        notice.append(button("Rematch", "rematch", () => act(`/api/matches/${matchId}/rematch`, {}, true,
          (data) => go(data.url))));
      }
    }
  }

  async function showRematch(notice, rematchId) {
    notice.append(el("p", {}, "A rematch was asked: ", el("a", { href: `/m/${rematchId}`, text: "see it" })));
    if (!player || !player.stored()) return;
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
        button("Decline", "decline", () => act(`/api/matches/${rematchId}/invite`, { accept: false }, true, () => refresh())));
    } else {
      notice.append(el("a", { href: game.url, class: "button", text: "Open the rematch" }));
    }
  }

  // ---------------------------------------------------------------- clocks
  function clockText(seconds) {
    if (seconds === null || seconds === undefined) return "—";
    const s = Math.max(0, Math.floor(seconds));
    const h = Math.floor(s / 3600);
    const m = Math.floor((s % 3600) / 60);
    const rest = String(s % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
  }

  function tick() {
    const list = byId("clocks");
    if (!view || !view.clock) {
      if (list) list.hidden = true;
      return;
    }
    list.hidden = false;
    const elapsed = (Date.now() - received) / 1000;
    list.replaceChildren();
    for (const seat of view.clock.seats) {
      const left = seat.running && seat.left !== null ? seat.left - elapsed : seat.left;
      const name = view.match.seats[seat.seat].name;
      let text = `${name}: ${clockText(left)}`;
      if (seat.lost) text += " (lost on time)";
      else if (seat.away) text += " (a bot plays)";
      list.append(el("li", { class: seat.running ? "running" : "", "data-seat": seat.seat, text }));
    }
  }

  // ------------------------------------------------------------------ chat
  function showChat(lines) {
    const log = byId("chat-log");
    for (const line of lines) {
      if (line.id <= lastChat) continue;
      lastChat = line.id;
      // Text only: a message is never read as markup.
      log.append(el("li", {}, el("span", { class: "who", text: `${line.name}:` }), el("span", { class: "said", text: line.text })));
    }
    log.scrollTop = log.scrollHeight;
  }

  async function sendChat(event) {
    event.preventDefault();
    const input = byId("chat-text");
    byId("chat-error").textContent = "";
    try {
      const response = await fetch(`/api/matches/${matchId}/chat`, {
        method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
        body: JSON.stringify({ text: input.value }),
      });
      const data = await response.json().catch(() => ({ error: `the server said ${response.status}` }));
      if (!response.ok) throw new Error(data.error);
      input.value = "";
      showChat([data]);
    } catch (error) {
      byId("chat-error").textContent = error.message;
    }
  }

  function openChat(attempt = 0) {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/api/matches/${matchId}/chat/live`);
    socket.addEventListener("open", () => socket.send(JSON.stringify({ token })));
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "chat") showChat(message.messages);
    });
    socket.addEventListener("close", (event) => {
      if (event.code === 4403) return; // this chat is not for spectators
      window.setTimeout(() => openChat(attempt + 1), Math.min(4000, 250 * 2 ** attempt));
    });
  }

  // ------------------------------------------------------------------ views
  async function refresh() {
    if (view) await showNotice();
  }

  function listen(attempt = 0) {
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(`${scheme}://${window.location.host}/api/matches/${matchId}/live`);
    socket.addEventListener("open", () => socket.send(JSON.stringify({ token, svg: false })));
    socket.addEventListener("message", async (event) => {
      const message = JSON.parse(event.data);
      if (message.type !== "view") return;
      const first = view === null;
      view = message.view;
      received = Date.now();
      panel();
      if (first) {
        const chat = byId("chat");
        const allowed = token !== null || view.match.chat_spectators;
        chat.hidden = !allowed || held.length > 1;
        byId("chat-form").hidden = token === null;
        if (allowed && held.length <= 1) openChat();
      }
      tick();
      await showNotice();
    });
    socket.addEventListener("close", () => {
      window.setTimeout(() => listen(attempt + 1), Math.min(4000, 250 * 2 ** attempt));
    });
  }

  window.setInterval(tick, 1000);
  listen();
})();
