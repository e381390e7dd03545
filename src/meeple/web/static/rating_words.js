// Ratings in words, shared by the leaderboard, the player pages and the lobby.
// A rating is {ordinal, mu, sigma, games?, last_played?}: OpenSkill's mean (mu) and
// uncertainty (sigma); the ordinal mu - 3 sigma is the cautious figure boards sort by.

export function ordinal(rating) {
  return rating.ordinal.toFixed(1);
}

export function spread(rating) {
  return `μ ${rating.mu.toFixed(1)} ± ${rating.sigma.toFixed(1)}`;
}

// "rating 3.4 (μ 27.6 ± 8.1, 12 games)"; "not rated yet" without one. A bot level
// not yet played on this server has the rating measured between the bots (0 games here).
export function ratingWords(rating) {
  if (!rating) return "not rated yet";
  if (rating.games === 0) return `rating ${ordinal(rating)} (${spread(rating)}, measured between bots)`;
  const games = rating.games === undefined ? "" : `, ${rating.games} ${rating.games === 1 ? "game" : "games"}`;
  return `rating ${ordinal(rating)} (${spread(rating)}${games})`;
}

// A past moment (epoch seconds) as a short local date and time; "never" for none
// (a bot level's measured rating, not yet played on this server, says 0).
export function when(epoch) {
  if (!epoch) return "never";
  return new Date(epoch * 1000).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

// A player's page: a public player id or a bot's bot:<game>:<level>.
export function playerUrl(id) {
  return `/players/${encodeURIComponent(id)}`;
}
