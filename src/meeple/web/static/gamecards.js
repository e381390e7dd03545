// The lobby's game cards: each game with a picture of its board (GET /api/games/<id>/picture),
// its player count and length, "Play now" (you against bots, one click) and "Set up a game".
import { readAnswer, refusal } from "./api.js";
import { el } from "./dom.js";
import { player } from "./player.js";

// The level "Play now" seats: the one the lobby's form seats by default, which every game's
// levels describe as "a good first opponent".
export const PLAY_NOW_LEVEL = "easy";

function players(game) {
  const range = game.min_players === game.max_players ? `${game.min_players}` : `${game.min_players}–${game.max_players}`;
  return `${range} players`;
}

function opponents(game) {
  const bots = game.default_players - 1;
  if (bots === 0) return "you alone";
  return `you and ${bots} ${PLAY_NOW_LEVEL} bot${bots === 1 ? "" : "s"}`;
}

function card(game, actions) {
  const picture = el("img", {
    class: "game-picture", src: `/api/games/${encodeURIComponent(game.id)}/picture`, loading: "eager",
    alt: `${game.title}: the board a few moves into a ${game.default_players}-player game`,
  });
  const facts = el("p", { class: "game-facts" }, el("span", { text: players(game) }));
  if (game.length) facts.append(el("span", { text: game.length })); // the game's own words (GameInfo.length)
  const play = el("button", { type: "button", class: "play-now", "data-game": game.id, text: "Play now" });
  const setUp = el("button", { type: "button", class: "set-up secondary", "data-game": game.id, text: "Set up a game" });
  const error = el("p", { class: "error", role: "alert" });
  play.addEventListener("click", () => actions.playNow(game, play, error));
  setUp.addEventListener("click", () => actions.setUp(game));
  return el("article", { class: "game-card", "data-game": game.id },
    el("div", { class: "picture-frame" }, picture),
    el("div", { class: "game-text" },
      el("h3", {}, el("span", { text: game.title }),
        el("a", { class: "rules-link", href: `/how-to-play/${encodeURIComponent(game.id)}`, text: "How to play" })),
      facts,
      el("p", { class: "game-description", text: game.description || "" }),
      el("div", { class: "game-buttons" }, play, setUp),
      el("p", { class: "muted play-now-who", text: `Play now: ${opponents(game)}` }),
      error));
}

// "Play now": a game at the default player count, you in the first seat (as the player this
// browser knows, so it is listed under "My games"; a person without a player yet gets a link
// seat) and bots in the others. Lands on the match page.
export async function playNow(game, me, button, error) {
  error.textContent = "";
  const seats = [me ? { kind: "player" } : { kind: "human", name: "You" }];
  for (let n = 1; n < game.default_players; n++) seats.push({ kind: "bot", bot: PLAY_NOW_LEVEL });
  const body = { game: game.id, players: game.default_players, options: {}, seats, public: false };
  if (!me) body.rated = false;
  button.disabled = true;
  try {
    const response = await fetch("/api/matches", {
      method: "POST", headers: player.headers({ "Content-Type": "application/json" }), body: JSON.stringify(body),
    });
    const data = await readAnswer(response);
    if (!response.ok) throw new Error(refusal(response, data));
    const mine = data.seats.find((s) => s.token);
    window.location.href = mine ? mine.url : data.url;
  } catch (error_) {
    error.textContent = error_.message;
    button.disabled = false;
  }
}

export function showGameCards(games, actions) {
  const cards = document.getElementById("game-cards");
  cards.replaceChildren(...games.map((game) => card(game, actions)));
}
