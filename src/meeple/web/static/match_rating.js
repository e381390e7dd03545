// The match page's rating panel: once a game is over, each rated player's rating before and
// after it and the change (the cautious ordinal μ − 3σ, as the leaderboards sort), or why the
// game was not rated; from GET /api/matches/<id>/rating.
import { byId, el } from "./dom.js";
import { playerUrl, spread } from "./rating_words.js";

const TRIES = 10; // the verdict is written with the game's end; another server's may be a moment behind

// One decimal, halves rounded up (toFixed alone rounds a binary fraction as it lies).
function tenths(value) {
  return Math.round(value * 10) / 10;
}

function signed(value) {
  const rounded = tenths(value);
  return rounded > 0 ? `+${rounded.toFixed(1)}` : rounded < 0 ? rounded.toFixed(1) : "±0.0";
}

// "not rated: abandoned" -> "unrated: abandoned"
function unratedWords(rating) {
  if (!rating.created_rated) return "unrated: the game was created unrated";
  return `unrated: ${(rating.verdict || "").replace(/^not rated: /, "")}`;
}

function render(card, rating) {
  card.replaceChildren(el("h2", { text: "Ratings" }));
  if (!rating.rated) {
    card.append(el("p", { id: "rating-verdict", class: "muted", text: unratedWords(rating) }));
    return;
  }
  const list = el("ul", { id: "rating-changes", class: "rating-changes" });
  for (const seat of rating.seats) {
    const change = seat.after.ordinal - seat.before.ordinal;
    list.append(el("li", { "data-seat": seat.seat, title: `${spread(seat.before)} → ${spread(seat.after)}` },
      el("a", { href: playerUrl(seat.id), text: seat.name }), ": ",
      el("span", { class: "rating-before", text: tenths(seat.before.ordinal).toFixed(1) }), " → ",
      el("span", { class: "rating-after", text: tenths(seat.after.ordinal).toFixed(1) }), " ",
      el("span", { class: `rating-diff ${change >= 0 ? "up" : "down"}`, text: `(${signed(change)})` })));
  }
  card.append(list, el("p", { class: "muted", text: "Rating: μ − 3σ, the cautious figure the leaderboards sort by." }));
}

export function createRatingPanel(matchId) {
  const card = byId("rating-panel");
  let asked = false;

  async function ask(tries) {
    const response = await fetch(`/api/matches/${encodeURIComponent(matchId)}/rating`).catch(() => null);
    const rating = response && response.ok ? await response.json() : null;
    if (rating && (rating.settled || !rating.created_rated)) {
      render(card, rating);
      card.hidden = false;
    } else if (tries > 1) {
      window.setTimeout(() => ask(tries - 1), 1000);
    }
  }

  return {
    showView(view) {
      if (asked || !card || !view.is_over || view.match.kind !== "live") return;
      asked = true;
      ask(TRIES);
    },
  };
}
