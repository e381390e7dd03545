// The player of this browser: a name and a private key, created on first visit;
// shared by the lobby and the match page (the table panel), kept in localStorage.
import { readAnswer } from "./api.js";

const PLAYER = "meeple.player";

export const player = {
  // The stored player ({id, name, key}), or null.
  stored() {
    try {
      return JSON.parse(window.localStorage.getItem(PLAYER) || "null");
    } catch {
      return null;
    }
  },
  keep(known) {
    try {
      window.localStorage.setItem(PLAYER, JSON.stringify(known));
    } catch {
      // storage may be disabled: the player lasts for this page only
    }
  },
  // Request headers that say who plays (the key), added to ``extra``.
  headers(extra = {}) {
    const known = player.stored();
    return known ? { ...extra, "X-Player-Key": known.key } : extra;
  },
  // The stored player, checked with the server; a new one when there is none (or the server forgot it).
  async ensure() {
    const known = player.stored();
    if (known) {
      const response = await fetch("/api/players/me", { headers: { "X-Player-Key": known.key } });
      if (response.ok) {
        const me = await response.json();
        const current = { ...known, name: me.name, id: me.id };
        player.keep(current);
        return current;
      }
      if (response.status !== 403) throw new Error((await readAnswer(response)).error);
    }
    const name = `Player ${Math.floor(1000 + Math.random() * 9000)}`;
    const response = await fetch("/api/players", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }),
    });
    const data = await readAnswer(response);
    if (!response.ok) throw new Error(data.error);
    player.keep(data);
    return data;
  },
};
