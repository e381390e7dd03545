// A game's leaderboard (/leaderboard/<game>): its players and bot levels by rating, from
// GET /api/leaderboard/<game>; tabs for the other games from GET /api/games.
import { readAnswer, refusal } from "./api.js";
import { byId, el } from "./dom.js";
import { player } from "./player.js";
import { ordinal, playerUrl, spread, when } from "./rating_words.js";

const game = decodeURIComponent(window.location.pathname.split("/").pop());

async function getJson(path) {
  const response = await fetch(path);
  const data = await readAnswer(response);
  if (!response.ok) throw new Error(refusal(response, data));
  return data;
}

function showTabs(games) {
  const tabs = byId("game-tabs");
  tabs.replaceChildren();
  for (const g of games) {
    const current = g.id === game;
    tabs.append(el("a", { href: `/leaderboard/${encodeURIComponent(g.id)}`, text: g.title,
      class: current ? "current" : null, "aria-current": current ? "page" : null }));
  }
}

function showBoard(board) {
  byId("title").textContent = `Leaderboard: ${board.title}`;
  document.title = `meeple — ${board.title} leaderboard`;
  const me = player.stored()?.id;
  const body = byId("board").querySelector("tbody");
  body.replaceChildren();
  for (const row of board.players) {
    const name = el("a", { href: playerUrl(row.id), text: row.name });
    const classes = [row.kind === "bot" ? "bot" : "", row.id === me ? "me" : ""].filter(Boolean).join(" ");
    body.append(el("tr", { "data-player": row.id, class: classes || null },
      el("td", { text: String(row.place) }), el("td", {}, name),
      el("td", { class: "num", text: ordinal(row) }), el("td", { class: "num muted", text: spread(row) }),
      el("td", { class: "num", text: String(row.games) }), el("td", { text: when(row.last_played) })));
  }
  byId("empty").hidden = board.players.length > 0;
  byId("board").hidden = board.players.length === 0;
}

async function init() {
  const [catalogue, board] = await Promise.all([getJson("/api/games"), getJson(`/api/leaderboard/${encodeURIComponent(game)}`)]);
  showTabs(catalogue.games);
  showBoard(board);
  document.body.dataset.ready = "1";
}

init().catch((error) => { byId("error").textContent = error.message; });
