// The lobby: pick a game, players, options and who sits where; start; or open a record.
"use strict";

const $ = (id) => document.getElementById(id);
let catalogue = { games: [], bots: [] };

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (key === "text") node.textContent = value;
    else if (value !== null && value !== undefined && value !== false) node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children) node.append(child);
  return node;
}

function currentGame() {
  return catalogue.games.find((g) => g.id === $("game").value);
}

function optionInput(option) {
  const id = `opt-${option.name}`;
  let input;
  if (option.kind === "bool") {
    input = el("input", { type: "checkbox", id, "data-option": option.name, checked: option.default === true });
  } else if (option.choices) {
    input = el("select", { id, "data-option": option.name });
    if (option.default === null) input.append(el("option", { value: "", text: "(by the rules)" }));
    for (const choice of option.choices) {
      input.append(el("option", { value: String(choice), text: String(choice), selected: choice === option.default }));
    }
  } else if (option.kind === "int") {
    input = el("input", {
      type: "number", id, "data-option": option.name, min: option.minimum, max: option.maximum,
      value: option.default === null ? "" : option.default, placeholder: option.default === null ? "by the rules" : null,
    });
  } else {
    input = el("input", { type: "text", id, "data-option": option.name, value: option.default ?? "" });
  }
  input.dataset.kind = option.kind;
  return el("label", { class: "row", title: option.help }, `${option.name} `, input, el("span", { class: "muted", text: option.help }));
}

function seatRow(number) {
  const kind = el("select", { id: `seat-${number}-kind`, "aria-label": `seat ${number + 1} player` });
  kind.append(el("option", { value: "human", text: "Human" }));
  // The menu shows the level's name; the full description stands under the seats (a menu cuts long text).
  for (const bot of catalogue.bots) {
    kind.append(el("option", { value: `bot:${bot.level}`, text: `Bot — ${bot.label.split(":")[0]}`, title: bot.label }));
  }
  kind.value = number === 0 ? "human" : "bot:easy";
  const name = el("input", { type: "text", id: `seat-${number}-name`, maxlength: 40, placeholder: `Seat ${number}` });
  return el("div", { class: "seat-row" }, el("span", { text: `Seat ${number}` }), name, kind);
}

function showGame() {
  const game = currentGame();
  if (!game) return;
  $("game-description").textContent = game.description || "";
  const players = $("players");
  players.replaceChildren();
  for (let n = game.min_players; n <= game.max_players; n++) {
    players.append(el("option", { value: n, text: String(n), selected: n === game.default_players }));
  }
  const options = $("options");
  options.replaceChildren(el("legend", { text: "Options" }));
  for (const option of game.options) options.append(optionInput(option));
  options.hidden = game.options.length === 0;
  showSeats();
}

function showSeats() {
  const seats = $("seats");
  seats.replaceChildren(el("legend", { text: "Seats" }));
  for (let n = 0; n < Number($("players").value); n++) seats.append(seatRow(n));
  const levels = el("ul", { class: "muted bot-levels" });
  for (const bot of catalogue.bots) levels.append(el("li", { text: bot.label }));
  seats.append(levels);
}

function readOptions() {
  const options = {};
  for (const input of document.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    if (input.dataset.kind === "bool") options[name] = input.checked;
    else if (input.value === "") continue;
    else if (input.dataset.kind === "int") options[name] = Number(input.value);
    else options[name] = input.value;
  }
  return options;
}

function readSeats() {
  const seats = [];
  for (let n = 0; n < Number($("players").value); n++) {
    const choice = $(`seat-${n}-kind`).value;
    const name = $(`seat-${n}-name`).value.trim();
    const seat = choice === "human" ? { kind: "human" } : { kind: "bot", bot: choice.slice(4) };
    if (name) seat.name = name;
    seats.push(seat);
  }
  return seats;
}

function showLinks(match) {
  const list = $("link-list");
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
  $("links").hidden = false;
}

// A button that copies a link box's text (through a selection where the clipboard API is missing).
function copyButton(input) {
  const button = el("button", { type: "button", class: "copy", "data-seat": input.dataset.seat, text: "Copy" });
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (error) {
      input.select();
      document.execCommand("copy");
    }
    button.textContent = "Copied";
    window.setTimeout(() => (button.textContent = "Copy"), 1500);
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

function showMyGames() {
  const games = myGames();
  const list = $("my-games");
  list.replaceChildren();
  for (const game of games) {
    const when = new Date(game.started).toLocaleString();
    list.append(el("li", {}, el("a", { href: game.url, text: game.title }), el("span", { class: "muted", text: ` — ${when}` })));
  }
  $("mine").hidden = games.length === 0;
}

// Every answer of the API is JSON, errors included; a proxy in between may still
// answer with a page of its own, so a body that is not JSON becomes a plain error.
async function readAnswer(response) {
  const data = await response.json().catch(() => null);
  if (data === null) return { error: `the server said ${response.status} ${response.statusText}`.trim() };
  return data;
}

async function startGame(event) {
  event.preventDefault();
  $("lobby-error").textContent = "";
  const body = {
    game: $("game").value, players: Number($("players").value), options: readOptions(), seats: readSeats(),
  };
  $("start").disabled = true;
  try {
    const response = await fetch("/api/matches", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await readAnswer(response);
    if (!response.ok) throw new Error(data.error || `the server said ${response.status}`);
    const tokens = data.seats.filter((s) => s.token).map((s) => s.token);
    const online = document.querySelector("input[name=mode]:checked").value === "online";
    const title = currentGame().title;
    if (online && tokens.length > 0) {
      remember(data, `${title} (online, your seat)`, data.seats.find((s) => s.url).url);
      showLinks(data);
      showMyGames();
    } else {
      const url = tokens.length ? `${data.url}#t=${tokens.join(",")}` : data.url;
      remember(data, title, url);
      window.location.href = url;
    }
  } catch (error) {
    $("lobby-error").textContent = error.message;
  } finally {
    $("start").disabled = false;
  }
}

async function uploadRecord() {
  const file = $("record-file").files[0];
  if (!file) return;
  $("upload-error").textContent = "";
  try {
    const response = await fetch("/api/records", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: await file.text(),
    });
    const data = await readAnswer(response);
    if (!response.ok) throw new Error(data.error || `the server said ${response.status}`);
    window.location.href = data.url;
  } catch (error) {
    $("upload-error").textContent = error.message;
  }
}

async function init() {
  const response = await fetch("/api/games");
  const answer = await readAnswer(response);
  if (!response.ok) throw new Error(answer.error || `the server said ${response.status}`);
  catalogue = answer;
  const select = $("game");
  for (const game of catalogue.games) select.append(el("option", { value: game.id, text: game.title }));
  if (catalogue.games.length === 0) {
    $("lobby-error").textContent = "No games are installed yet.";
    $("start").disabled = true;
  }
  select.addEventListener("change", showGame);
  $("players").addEventListener("change", showSeats);
  $("new-game-form").addEventListener("submit", startGame);
  $("record-file").addEventListener("change", uploadRecord);
  showGame();
  showMyGames();
  document.body.dataset.ready = "1";
}

init().catch((error) => { $("lobby-error").textContent = `Cannot reach the server: ${error.message}`; });
