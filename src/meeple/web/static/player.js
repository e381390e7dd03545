// The player of this browser: a name and a private key, created on first visit; shared by the lobby and match pages.
"use strict";

const PLAYER = "meeple.player";

// A new element: attributes (``text`` sets its text, never markup) and children.
function meepleElement(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

const meeplePlayer = {
  stored() {
    try {
      return JSON.parse(window.localStorage.getItem(PLAYER) || "null");
    } catch {
      return null;
    }
  },
  keep(player) {
    try {
      window.localStorage.setItem(PLAYER, JSON.stringify(player));
    } catch {
      // storage may be disabled: the player lasts for this page only
    }
  },
  headers(extra = {}) {
    const player = meeplePlayer.stored();
    return player ? { ...extra, "X-Player-Key": player.key } : extra;
  },
  async answer(response) {
    const data = await response.json().catch(() => null);
    if (data === null) return { error: `the server said ${response.status} ${response.statusText}`.trim() };
    return data;
  },
  // The stored player, checked with the server; a new one when there is none (or the server forgot it).
  async ensure() {
    const known = meeplePlayer.stored();
    if (known) {
      const response = await fetch("/api/players/me", { headers: { "X-Player-Key": known.key } });
      if (response.ok) {
        const me = await response.json();
        const player = { ...known, name: me.name, id: me.id };
        meeplePlayer.keep(player);
        return player;
      }
      if (response.status !== 403) throw new Error((await meeplePlayer.answer(response)).error);
    }
    const name = `Player ${Math.floor(1000 + Math.random() * 9000)}`;
    const response = await fetch("/api/players", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name }),
    });
    const data = await meeplePlayer.answer(response);
    if (!response.ok) throw new Error(data.error);
    meeplePlayer.keep(data);
    return data;
  },
};
