// A player's page (/players/<id>): each game's rating and its course over the rated games
// (an SVG chart), and the recent rated games with links to their replays; from GET /api/players/<id>.
import { readAnswer, refusal } from "./api.js";
import { byId, el } from "./dom.js";
import { ordinal, playerUrl, ratingWords, when } from "./rating_words.js";

const SVG = "http://www.w3.org/2000/svg";
const id = decodeURIComponent(window.location.pathname.split("/").pop());

function svg(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

// The rating (ordinal) after each rated game, left to right, with the mean (mu) faint above it.
function chart(points, title) {
  const width = 640, height = 200, left = 44, right = 12, top = 12, bottom = 28;
  const values = points.flatMap((p) => [p.ordinal, p.mu]);
  let low = Math.min(0, ...values), high = Math.max(...values);
  if (high - low < 1) { low -= 0.5; high += 0.5; }
  const x = (i) => left + (points.length === 1 ? (width - left - right) / 2 : (i * (width - left - right)) / (points.length - 1));
  const y = (v) => top + ((high - v) * (height - top - bottom)) / (high - low);
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", class: "rating-chart",
    "aria-label": `${title}: rating after each of ${points.length} rated games` });
  root.append(svg("title", {}, `${title}: rating over time`));
  for (const v of [low, (low + high) / 2, high]) {
    root.append(svg("line", { x1: left, x2: width - right, y1: y(v), y2: y(v), class: "grid" }));
    root.append(svg("text", { x: left - 6, y: y(v) + 4, "text-anchor": "end", class: "axis" }, v.toFixed(1)));
  }
  root.append(svg("text", { x: left, y: height - 8, class: "axis" }, when(points[0].at)));
  root.append(svg("text", { x: width - right, y: height - 8, "text-anchor": "end", class: "axis" }, when(points.at(-1).at)));
  const line = (key) => points.map((p, i) => `${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join(" ");
  root.append(svg("polyline", { points: line("mu"), class: "mu" }));
  root.append(svg("polyline", { points: line("ordinal"), class: "ordinal" }));
  points.forEach((p, i) => {
    const dot = svg("circle", { cx: x(i), cy: y(p.ordinal), r: 3, class: "point", "data-match": p.match });
    dot.append(svg("title", {}, `${when(p.at)}: ${ordinal(p)}`));
    root.append(dot);
  });
  return root;
}

function showGame(rating, points) {
  const card = el("section", { class: "card", "data-game": rating.game },
    el("h2", {}, el("a", { href: `/leaderboard/${encodeURIComponent(rating.game)}`, text: rating.title })),
    el("p", { class: "rating-line", text: `${ratingWords(rating)}; last played ${when(rating.last_played)}` }));
  if (rating.like_bot) {
    card.append(el("p", { class: "like-bot", text: `About as strong as the ${rating.like_bot} bot (the level nearest in μ).` }));
  }
  if (points.length > 0) {
    card.append(chart(points, rating.title),
      el("p", { class: "muted legend", text: "Solid: the rating (μ − 3σ) after each rated game; dashed: μ." }));
  }
  return card;
}

function showRecent(games) {
  const body = byId("recent").querySelector("tbody");
  body.replaceChildren();
  for (const game of games) {
    const others = el("td", {});
    game.seats.forEach((seat, i) => {
      if (i > 0) others.append(", ");
      const name = seat.id === id ? el("strong", { text: seat.name }) : el("a", { href: playerUrl(seat.id), text: seat.name });
      others.append(name, ` (${seat.place})`);
    });
    const change = game.after.ordinal - game.before.ordinal;
    const result = game.won ? "won" : `place ${game.place}`;
    body.append(el("tr", { "data-match": game.match },
      el("td", { text: when(game.at) }), el("td", { text: game.title }), el("td", { text: result }), others,
      el("td", { class: "num", text: `${ordinal(game.after)} (${change >= 0 ? "+" : ""}${change.toFixed(1)})` }),
      el("td", {}, el("a", { href: game.url, text: "replay and analysis" }))));
  }
  byId("recent-card").hidden = games.length === 0;
}

async function init() {
  const response = await fetch(`/api/players/${encodeURIComponent(id)}`);
  const data = await readAnswer(response);
  if (!response.ok) throw new Error(refusal(response, data));
  byId("title").textContent = data.kind === "bot" ? `${data.name}: a bot level` : data.name;
  document.title = `meeple — ${data.name}`;
  byId("games").replaceChildren(...data.ratings.map((r) => showGame(r, data.history[r.game] || [])));
  byId("unrated").hidden = data.ratings.length > 0;
  showRecent(data.recent);
  document.body.dataset.ready = "1";
}

init().catch((error) => { byId("error").textContent = error.message; });
