// The lobby: the games (gamecards.js), you (name, key), your games, open tables; a new game (options, seats,
// table, clock); records.
import { readAnswer, refusal } from "./api.js";
import { byId, copyText, el, flashCopied } from "./dom.js";
import { playNow, showGameCards } from "./gamecards.js";
import { player } from "./player.js";
import { playerUrl, ratingWords } from "./rating_words.js";

// What the lobby knows: the server's games and bots, and this browser's player.
const lobby = {
  catalogue: { games: [], bots: [] }, // GET /api/games
  me: null, // {id, name, key} once the server knows the player
};

function currentGame() {
  return lobby.catalogue.games.find((g) => g.id === byId("game").value);
}

// The bot levels as the chosen game plays them (their descriptions differ by game); a bot that
// plays only some player counts (the learned one) is offered only at those.
function gameBots() {
  const players = Number(byId("players").value);
  return (currentGame()?.bots ?? lobby.catalogue.bots).filter((bot) => !bot.players || bot.players.includes(players));
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  const label = option.label || option.name;
  let input;
  if (option.pick_from && option.pick_count > 0) return pickInput(option, id, label);
  if (option.kind === "bool") {
    input = el("input", { type: "checkbox", id, "data-option": option.name, checked: option.default === true });
  } else if (option.choices) {
    input = el("select", { id, "data-option": option.name });
    if (option.default === null) input.append(el("option", { value: "", text: "(by the rules)" }));
    option.choices.forEach((choice, i) => {
      const text = option.choice_labels ? option.choice_labels[i] : String(choice);
      input.append(el("option", { value: String(choice), text, selected: choice === option.default }));
    });
  } else if (option.kind === "int") {
    input = el("input", {
      type: "number", id, "data-option": option.name, min: option.minimum, max: option.maximum,
      value: option.default === null ? "" : option.default, placeholder: option.default === null ? "by the rules" : null,
    });
  } else {
    input = el("input", { type: "text", id, "data-option": option.name, value: option.default ?? "" });
  }
  input.dataset.kind = option.kind;
  return el("div", { class: "option" }, el("label", { class: "row", for: id, text: label }), input,
    option.help ? el("p", { class: "muted help", text: option.help }) : "");
}

// A text option made of several picks from a named list (Isle of Skye's scoring tiles):
// either its default (e.g. drawn at random) or one select per pick.
function pickInput(option, id, label) {
  const how = el("select", { id, "data-option": option.name, "data-kind": "pick" });
  how.append(el("option", { value: String(option.default ?? ""), text: `as set by default (${option.default ?? "by the rules"})` }));
  how.append(el("option", { value: "pick", text: "choose them" }));
  const picks = el("div", { class: "picks", hidden: true });
  for (let n = 0; n < option.pick_count; n++) {
    const pick = el("select", { "data-pick": option.name, "aria-label": `${label} ${n + 1}` });
    option.pick_from.forEach(([value, name], i) => {
      pick.append(el("option", { value, text: name, selected: i === n }));
    });
    picks.append(pick);
  }
  how.addEventListener("change", () => { picks.hidden = how.value !== "pick"; });
  return el("div", { class: "option" }, el("label", { class: "row", for: id, text: label }), how, picks,
    option.help ? el("p", { class: "muted help", text: option.help }) : "");
}

function seatRow(number, kept) {
  const kind = el("select", { id: `seat-${number}-kind`, "aria-label": `seat ${number} player` });
  kind.append(el("option", { value: "human", text: "Human" }));
  kind.append(el("option", { value: "me", text: "You" }));
  kind.append(el("option", { value: "open", text: "Open seat (anyone may sit)" }));
  // The menu shows the level's name; the full description stands under the seats (a menu cuts long text).
  for (const bot of gameBots()) {
    kind.append(el("option", { value: `bot:${bot.level}`, text: `Bot — ${bot.label.split(":")[0]}`, title: bot.label }));
  }
  kind.value = kept?.kind ?? defaultSeat(number);
  if (kind.selectedIndex < 0) kind.value = defaultSeat(number);  // a bot this player count lacks
  const name = el("input", { type: "text", id: `seat-${number}-name`, maxlength: 40, placeholder: `Seat ${number}` });
  name.value = kept?.name ?? "";
  return el("div", { class: "seat-row" }, el("span", { text: `Seat ${number}` }), name, kind);
}

function mode() {
  return document.querySelector("input[name=mode]:checked").value;
}

function defaultSeat(number) {
  if (mode() === "table") return number === 0 ? "me" : "open";
  return number === 0 ? "human" : "bot:easy";
}

// In pass and play the first seat is the person at the screen: left unnamed, it gets the
// name they gave above ("Your name"), not "Seat 0" (a name the lobby made up on the first
// visit, "Player 1234", is not theirs: such a seat stays "Seat 0").
function defaultName(number) {
  const given = lobby.me && !/^Player \d+$/.test(lobby.me.name) ? lobby.me.name : "";
  return mode() === "local" && number === 0 ? given : "";
}

// Which seat kinds each way of playing offers: "You" and open seats only at a table.
function fitSeatsToMode() {
  const table = mode() === "table";
  byId("table-settings").hidden = !table;
  for (let n = 0; n < Number(byId("players").value); n++) {
    byId(`seat-${n}-name`).placeholder = defaultName(n) || `Seat ${n}`;
    const select = byId(`seat-${n}-kind`);
    for (const option of select.options) {
      if (option.value === "me" || option.value === "open") option.hidden = option.disabled = !table;
      if (option.value === "human") option.hidden = option.disabled = table;
    }
    if (select.selectedOptions[0]?.disabled) select.value = defaultSeat(n);
  }
}

function showGame() {
  const game = currentGame();
  if (!game) return;
  byId("lobby-error").textContent = "";  // an error was about the game shown before
  byId("game-description").textContent = game.description || "";
  const players = byId("players");
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.append(el("option", { value: n, text: String(n), selected: n === game.default_players }));
  }
  const options = byId("options");
  options.replaceChildren(el("legend", { text: "Options" }));
  for (const option of game.options) options.append(optionInput(option));
  options.hidden = game.options.length === 0;
  showSeats();
}

function showSeats() {
  // Seats already set (names, who plays) stay as they were when the player count changes.
  const kept = [];
  for (let n = 0; byId(`seat-${n}-kind`); n++) kept.push({ kind: byId(`seat-${n}-kind`).value, name: byId(`seat-${n}-name`).value });
  const seats = byId("seats");
  seats.replaceChildren(el("legend", { text: "Seats" }));
  for (let n = 0; n < Number(byId("players").value); n++) seats.append(seatRow(n, kept[n]));
  const levels = el("ul", { class: "muted bot-levels" });
  // Each level's rating: the yardstick players read their own rating against.
  for (const bot of gameBots()) levels.append(el("li", { text: bot.rating === undefined ? bot.label : `${bot.label} — ${ratingWords(bot.rating)}` }));
  seats.append(levels);
  fitSeatsToMode();
}

function readClock() {
  const kind = byId("clock-kind").value;
  if (kind === "none") return null;
  const clock = { kind, on_timeout: byId("clock-timeout").value };
  if (kind === "realtime") {
    clock.bank = Number(byId("clock-bank").value) * 60;
    clock.increment = Number(byId("clock-increment").value);
  } else {
    clock.per_move = Number(byId("clock-per-move").value) * 3600;
  }
  return clock;
}

function showClock() {
  const kind = byId("clock-kind").value;
  byId("clock-realtime").hidden = kind !== "realtime";
  byId("clock-turn").hidden = kind !== "turn";
  byId("clock-timeout-row").hidden = kind === "none";
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.kind === "bool") options[name] = input.checked;
    else if (input.dataset.kind === "pick" && input.value === "pick") {
      options[name] = [...document.querySelectorAll(`[data-pick="${name}"]`)].map((p) => p.value).join(",");
    } else if (input.value === "") continue;
    else if (input.dataset.kind === "int") options[name] = Number(input.value);
    else options[name] = input.value;
  }
  return options;
}

function readSeats() {
  const seats = [];
  for (let n = 0; n < Number(byId("players").value); n++) {
    const choice = byId(`seat-${n}-kind`).value;
    const name = byId(`seat-${n}-name`).value.trim() || (choice === "human" ? defaultName(n) : "");
    let seat;
    if (choice === "me") seat = { kind: "player" };
    else if (choice === "open") seat = { kind: "open" };
    else if (choice === "human") seat = { kind: "human" };
    else seat = { kind: "bot", bot: choice.slice(4) };
    if (name && (seat.kind === "human" || seat.kind === "bot")) seat.name = name;
    seats.push(seat);
  }
  return seats;
}

function showLinks(match) {
  const list = byId("link-list");
  list.replaceChildren();
  const origin = window.location.origin;
  for (const seat of match.seats) {
    if (!seat.url) continue;
    const input = el("input", { type: "text", readonly: true, value: origin + seat.url, "data-seat": seat.seat });
    input.addEventListener("focus", () => input.select());
    list.append(el("li", {}, el("a", { href: seat.url, target: "_blank", text: `${seat.name}'s link` }),
      copyButton(input), input));
  }
  const spectator = el("input", { type: "text", readonly: true, value: origin + match.spectator_url, "data-seat": "spectator" });
  list.append(el("li", {}, el("a", { href: match.spectator_url, target: "_blank", text: "Spectator link" }),
    copyButton(spectator), spectator));
  byId("links").hidden = false;
}

// A button that copies a link box's text (through a selection where the clipboard API is missing).
function copyButton(input) {
  const button = el("button", { type: "button", class: "copy", "data-seat": input.dataset.seat, text: "Copy" });
  button.addEventListener("click", async () => {
    await copyText(input.value);
    flashCopied(button);
  });
  return button;
}

// The games started here, newest first, kept in this browser only (a link holds its seats' tokens).
const MY_GAMES = "meeple.games";

function myGames() {
  try {
    return JSON.parse(window.localStorage.getItem(MY_GAMES) || "[]");
  } catch {
    return [];
  }
}

function remember(match, title, url) {
  const games = [{ id: match.id, title, url, started: new Date().toISOString() }, ...myGames()].slice(0, 20);
  try {
    window.localStorage.setItem(MY_GAMES, JSON.stringify(games));
  } catch {
    // storage may be disabled: the game still works, it is just not listed
  }
}

function showLocalGames() {
  const games = myGames();
  const list = byId("local-games");
  list.replaceChildren();
  for (const game of games) {
    const when = new Date(game.started).toLocaleString();
    list.append(el("li", {}, el("a", { href: game.url, text: game.title }), el("span", { class: "muted", text: ` — ${when}` })));
  }
  byId("mine").hidden = games.length === 0;
}

// A length of time in words: "under a minute", "12 min", "3 h 5 min", "2 days".
function duration(seconds) {
  if (seconds < 60) return "under a minute";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min`;
  if (seconds < 86400) {
    const minutes = Math.floor((seconds % 3600) / 60);
    return `${Math.floor(seconds / 3600)} h${minutes ? ` ${minutes} min` : ""}`;
  }
  const days = Math.floor(seconds / 86400);
  return days === 1 ? "1 day" : `${days} days`;
}

function ago(seconds) {
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)} h ago`;
  return `${Math.floor(seconds / 86400)} days ago`;
}

async function api(path, body) {
  const request = body === undefined ? { headers: player.headers() }
    : { method: "POST", headers: player.headers({ "Content-Type": "application/json" }), body: JSON.stringify(body) };
  const response = await fetch(path, request);
  const data = await readAnswer(response);
  if (!response.ok) throw new Error(refusal(response, data));
  return data;
}

// "My games", from the server: every game this player sits in or is invited to.
async function showMyGames() {
  if (!lobby.me) return;
  const { games } = await api("/api/players/me/games");
  const list = byId("my-games");
  list.replaceChildren();
  for (const game of games) {
    const others = game.seats.filter((s) => s.seat !== game.seat).map((s) => s.name).join(", ");
    const item = el("li", { "data-match": game.id, class: game.your_turn ? "your-turn" : "" },
      el("a", { href: game.url, text: game.title }), el("span", { text: ` with ${others} ` }));
    let state = game.status === "waiting" ? "waiting for players" : game.status === "over" ? "over" : "";
    if (game.ended_by === "cancelled" || game.ended_by === "expired") state = `closed before it started (${game.ended_by})`;
    if (game.your_turn) state = "your turn";
    if (state) item.append(el("strong", { class: "state", text: state }));
    if (game.status === "running") item.append(el("span", { class: "muted", text: ` — last move ${ago(game.since_last_move)}` }));
    if (game.invited) {
      item.append(el("span", { class: "invite", text: " Rematch invitation: " }));
      const yes = el("button", { type: "button", class: "accept", text: "Accept" });
      const no = el("button", { type: "button", class: "decline", text: "Decline" });
      yes.addEventListener("click", () => answerInvite(game.id, true));
      no.addEventListener("click", () => answerInvite(game.id, false));
      item.append(yes, " ", no);
    }
    list.append(item);
  }
  byId("my-games-card").hidden = games.length === 0;
}

async function answerInvite(matchId, accept) {
  try {
    const data = await api(`/api/matches/${matchId}/invite`, { accept });
    if (accept) window.location.href = data.url;
    else await showMyGames();
  } catch (error) {
    byId("me-error").textContent = error.message;
  }
}

function describeOptions(options) {
  return Object.entries(options).map(([k, v]) => `${k} ${v}`).join(", ");
}

function describeClock(clock) {
  if (!clock) return "no clock";
  if (clock.kind === "turn") return `${+(clock.per_move / 3600).toFixed(3)} h a move`;
  return `${+(clock.bank / 60).toFixed(2)} min + ${clock.increment} s a move`;
}

// The public tables waiting for players, asked for again every few seconds.
async function showTables() {
  let tables;
  try {
    ({ tables } = await api("/api/tables"));
    byId("tables-error").textContent = "";
  } catch (error) {
    byId("tables-error").textContent = error.message;
    return;
  }
  const list = byId("tables");
  list.replaceChildren();
  for (const table of tables) {
    // How long it has waited, and when it closes if nobody sits down.
    const closes = table.expires_in_s === null || table.expires_in_s === undefined ? "" : `; closes in ${duration(table.expires_in_s)} if nobody sits down`;
    const item = el("li", { "data-table": table.id },
      el("strong", { text: table.title }), table.yours ? el("a", { href: table.url, text: " (your table)" }) : "",
      el("span", { class: "muted", text: ` — ${describeOptions(table.options)}; ${describeClock(table.clock)}` }),
      el("span", { class: "waited", text: ` — waiting for ${duration(table.waiting_s)}${closes}` }));
    if (table.yours) {
      const cancel = el("button", { type: "button", class: "cancel-table", text: "Cancel this table" });
      cancel.addEventListener("click", () => cancelTable(table.id));
      item.append(" ", cancel);
    }
    const seats = el("ul", { class: "table-seats" });
    for (const seat of table.seats) {
      if (seat.kind === "open" && table.yours) {
        seats.append(el("li", { class: "muted", text: `Seat ${seat.seat}: free` }));
      } else if (seat.kind === "open") {
        const sit = el("button", { type: "button", class: "sit", text: `Sit at seat ${seat.seat}`, "data-seat": seat.seat });
        sit.addEventListener("click", () => sitDown(table.id, seat.seat));
        seats.append(el("li", {}, sit));
      } else if (seat.player) {  // a person with a key, or a bot level: its rating at this game, linked
        seats.append(el("li", {}, `Seat ${seat.seat}: `, el("a", { href: playerUrl(seat.player), text: seat.name }),
          el("span", { class: "muted rating", text: ` — ${ratingWords(seat.rating)}` })));
      } else {
        seats.append(el("li", { text: `Seat ${seat.seat}: ${seat.name}` }));
      }
    }
    item.append(seats);
    list.append(item);
  }
  byId("no-tables").hidden = tables.length > 0;
}

// The creator closes a table nobody needs any more (the server refuses once it started).
async function cancelTable(matchId) {
  try {
    await api(`/api/matches/${matchId}/cancel`, {});
  } catch (error) {
    byId("tables-error").textContent = error.message;
  }
  showTables();
  showMyGames().catch(() => {});
}

async function sitDown(matchId, seat) {
  try {
    const data = await api(`/api/matches/${matchId}/sit`, { seat });
    window.location.href = data.url;
  } catch (error) {
    byId("tables-error").textContent = error.message;
    showTables();
  }
}

async function setUpPlayer() {
  lobby.me = await player.ensure();
  byId("my-name").value = lobby.me.name;
  byId("my-key").value = lobby.me.key;
  fitSeatsToMode(); // the first seat's name in pass and play is yours
  byId("my-page").href = playerUrl(lobby.me.id);
}

async function saveName() {
  byId("me-error").textContent = "";
  try {
    const answer = await api("/api/players/me", { name: byId("my-name").value });
    lobby.me = { ...lobby.me, name: answer.name };
    player.keep(lobby.me);
    byId("my-name").value = lobby.me.name;
    fitSeatsToMode();
  } catch (error) {
    byId("me-error").textContent = error.message;
  }
}

async function useKey() {
  byId("me-error").textContent = "";
  const key = byId("other-key").value.trim();
  const response = await fetch("/api/players/me", { headers: { "X-Player-Key": key } });
  const data = await readAnswer(response);
  if (!response.ok) {
    byId("me-error").textContent = data.error;
    return;
  }
  lobby.me = { id: data.id, name: data.name, key };
  player.keep(lobby.me);
  byId("other-key").value = "";
  await setUpPlayer();
  await showMyGames();
}

async function copyKey() {
  byId("my-key").select();
  try {
    await navigator.clipboard.writeText(byId("my-key").value);
    byId("copy-key").textContent = "Copied";
  } catch {
    document.execCommand("copy");  // older browsers, or no clipboard permission
  }
}

async function startGame(event) {
  event.preventDefault();
  byId("lobby-error").textContent = "";
  const table = mode() === "table";
  const body = {
    game: byId("game").value, players: Number(byId("players").value), options: readOptions(), seats: readSeats(),
  };
  const clock = readClock();
  if (clock) body.clock = clock;
  if (table) {
    body.public = byId("public").checked;
    body.chat_spectators = byId("chat-spectators").checked;
    body.rated = byId("rated").checked;
  }
  if (mode() === "local") body.rated = false;  // pass and play is never rated
  byId("start").disabled = true;
  try {
    const response = await fetch("/api/matches", {
      method: "POST", headers: player.headers({ "Content-Type": "application/json" }), body: JSON.stringify(body),
    });
    const data = await readAnswer(response);
    if (!response.ok) throw new Error(refusal(response, data));
    const tokens = data.seats.filter((s) => s.token).map((s) => s.token);
    const title = currentGame().title;
    const mine = data.seats.find((s) => s.token);  // at a table, only your own seat has a link
    if (table) {
      window.location.href = mine ? mine.url : data.url;
    } else if (mode() === "online" && tokens.length > 0) {
      remember(data, `${title} (online, your seat)`, data.seats.find((s) => s.url).url);
      showLinks(data);
      showLocalGames();
    } else {
      const url = tokens.length ? `${data.url}#t=${tokens.join(",")}` : data.url;
      remember(data, title, url);
      window.location.href = url;
    }
  } catch (error) {
    byId("lobby-error").textContent = error.message;
  } finally {
    byId("start").disabled = false;
  }
}

async function uploadRecord() {
  const file = byId("record-file").files[0];
  if (!file) return;
  byId("upload-error").textContent = "";
  try {
    const response = await fetch("/api/records", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: await file.text(),
    });
    const data = await readAnswer(response);
    if (!response.ok) throw new Error(refusal(response, data));
    window.location.href = data.url;
  } catch (error) {
    byId("upload-error").textContent = error.message;
  }
}

function fillTimeouts() {
  const select = byId("clock-timeout");
  for (const bot of lobby.catalogue.bots) {
    select.append(el("option", { value: `bot:${bot.level}`, text: `a bot plays for them (${bot.label.split(":")[0]}) until they are back` }));
  }
  select.append(el("option", { value: "lose", text: "they lose (ranked last)" }));
}

// "Set up a game" on a card: the full form below, with that game chosen.
function setUp(game) {
  byId("game").value = game.id;
  showGame();
  byId("new-game").scrollIntoView({ block: "start" });
  byId("players").focus({ preventScroll: true });
}

async function init() {
  const response = await fetch("/api/games");
  const answer = await readAnswer(response);
  if (!response.ok) throw new Error(refusal(response, answer));
  lobby.catalogue = answer;
  const select = byId("game");
  for (const game of lobby.catalogue.games) select.append(el("option", { value: game.id, text: game.title }));
  if (lobby.catalogue.games.length === 0) {
    byId("lobby-error").textContent = "No games are installed yet.";
    byId("start").disabled = true;
  }
  showGameCards(lobby.catalogue.games, {
    playNow: (game, button, error) => playNow(game, lobby.me, button, error),
    setUp,
  });
  select.addEventListener("change", showGame);
  byId("players").addEventListener("change", showSeats);
  for (const radio of document.querySelectorAll("input[name=mode]")) {
    radio.addEventListener("change", fitSeatsToMode);
  }
  byId("clock-kind").addEventListener("change", showClock);
  byId("new-game-form").addEventListener("submit", startGame);
  byId("record-file").addEventListener("change", uploadRecord);
  byId("save-name").addEventListener("click", saveName);
  byId("use-key").addEventListener("click", useKey);
  byId("copy-key").addEventListener("click", copyKey);
  fillTimeouts();
  showGame();
  showClock();
  showLocalGames();
  try {
    await setUpPlayer();
    await showMyGames();
  } catch (error) {
    byId("me-error").textContent = `Cannot set up your player: ${error.message}`;
  }
  await showTables();
  window.setInterval(() => { showTables(); showMyGames().catch(() => {}); }, 3000);
  document.body.dataset.ready = "1";
}

init().catch((error) => { byId("lobby-error").textContent = `Cannot reach the server: ${error.message}`; });
