// The analysis panel of a finished game's page: an "Analyse" button, the job's
// progress, then each seat's estimated share of the win along the game (an SVG
// chart), the marked moves as dots (and a list) that jump the replay to the
// position where the move was chosen, the move played beside the move the
// search preferred, and each seat's summary. It reads the views the match page
// receives and asks the server for the analysis (see meeple/web/analysisapi.py);
// only ``jumpTo`` reaches back into the page.
import { readAnswer, refusal } from "./api.js";
import { byId, el } from "./dom.js";
import { player } from "./player.js";

const POLL_MS = 1000;
const SVG_NS = "http://www.w3.org/2000/svg";
const MARKS = ["inaccuracy", "mistake", "blunder"]; // from the mildest
const PLURALS = { inaccuracy: "inaccuracies", mistake: "mistakes", blunder: "blunders" };
const SEAT_COLOURS = ["#b5522b", "#2f6db5", "#2f7d4a", "#8a4bb5", "#b58a1f", "#4b8a8a"];
// The chart's drawing area inside its viewBox (the rest holds the axis labels).
const CHART = { width: 640, height: 220, left: 40, right: 12, top: 12, bottom: 28 };

const percent = (share) => `${Math.round(share * 100)}%`;
const points = (drop) => `${Math.round(drop * 100)} point${Math.round(drop * 100) === 1 ? "" : "s"}`;
const capitalised = (word) => word.charAt(0).toUpperCase() + word.slice(1);

function svgNode(tag, attrs = {}, text = null) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

function seatName(analysis, names, seat) {
  return names[seat] || (analysis.names && analysis.names[seat]) || `Seat ${seat}`;
}

// What the analysis is bounded by, in words (stated before and after it runs).
function limitsText(limits) {
  const cap = limits.max_decisions ? `at most ${limits.max_decisions} decisions a game` : "every decision";
  const cpu = limits.cpu_seconds ? `, at most ${limits.cpu_seconds} s of computing each` : "";
  return `It judges ${cap} (about ${limits.budget} playouts each${cpu}); forced moves and simultaneous choices are not judged.`;
}

function thresholdsText(thresholds) {
  return `A move is marked by how much the mover's estimated share of the win drops against the move preferred: `
    + `an inaccuracy from ${points(thresholds.inaccuracy)}, a mistake from ${points(thresholds.mistake)}, `
    + `a blunder from ${points(thresholds.blunder)}.`;
}

// The chart: each seat's estimated share after each of its judged moves, the marked moves as dots.
function drawChart(analysis, names, onPick) {
  const { width, height, left, right, top, bottom } = CHART;
  const innerW = width - left - right;
  const innerH = height - top - bottom;
  const moves = Math.max(1, analysis.moves);
  const x = (move) => left + (innerW * move) / moves;
  const y = (share) => top + innerH * (1 - share);
  const svg = svgNode("svg", {
    id: "analysis-chart", viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": "each seat's estimated share of the win after each of its moves",
  });
  for (const share of [0, 0.5, 1]) {
    svg.append(svgNode("line", { class: "grid", x1: left, x2: width - right, y1: y(share), y2: y(share) }));
    svg.append(svgNode("text", { class: "axis", x: left - 6, y: y(share) + 4, "text-anchor": "end" }, percent(share)));
  }
  svg.append(svgNode("text", { class: "axis", x: left, y: height - 8 }, "move 0"));
  svg.append(svgNode("text", { class: "axis", x: width - right, y: height - 8, "text-anchor": "end" }, `move ${analysis.moves}`));
  for (const seat of analysis.seats) {
    const colour = SEAT_COLOURS[seat % SEAT_COLOURS.length];
    const own = analysis.decisions.filter((d) => d.seat === seat);
    if (own.length === 0) continue;
    const line = own.map((d) => `${x(d.move_number + 1).toFixed(1)},${y(d.played_share).toFixed(1)}`).join(" ");
    svg.append(svgNode("polyline", { class: "seat-line", "data-seat": seat, points: line, stroke: colour }));
    for (const decision of own.filter((d) => d.mark)) {
      const label = `Move ${decision.move_number + 1}, ${seatName(analysis, names, seat)}: ${decision.mark}`;
      const dot = svgNode("circle", {
        class: `mark ${decision.mark}`, "data-move": decision.move_number, "data-seat": seat,
        cx: x(decision.move_number + 1).toFixed(1), cy: y(decision.played_share).toFixed(1),
        r: 4 + MARKS.indexOf(decision.mark), stroke: colour, tabindex: 0, role: "button", "aria-label": label,
      });
      dot.append(svgNode("title", {}, label));
      dot.addEventListener("click", () => onPick(decision));
      dot.addEventListener("keydown", (event) => {
        if (event.key === "Enter" || event.key === " ") {
          event.preventDefault();
          onPick(decision);
        }
      });
      svg.append(dot);
    }
  }
  return svg;
}

function legend(analysis, names) {
  return el("p", { class: "analysis-legend" }, ...analysis.seats.map((seat) => el("span", {
    class: "seat-key", style: `--seat-colour: ${SEAT_COLOURS[seat % SEAT_COLOURS.length]}`, text: seatName(analysis, names, seat),
  })));
}

function summaryTable(analysis, names) {
  const head = el("tr", {}, el("th", { text: "Seat" }), el("th", { text: "Decisions" }), el("th", { text: "Accuracy" }),
    ...MARKS.map((m) => el("th", { text: capitalised(PLURALS[m]) })));
  const rows = analysis.summaries.map((s) => el("tr", { "data-seat": s.seat },
    el("td", { text: seatName(analysis, names, s.seat) }),
    el("td", { class: "value", text: String(s.decisions) }),
    el("td", { class: "value", text: s.accuracy === null ? "–" : percent(s.accuracy) }),
    ...MARKS.map((m) => el("td", { class: `value ${m}`, text: String(s.marks[m] || 0) }))));
  return el("table", { id: "analysis-summary" },
    el("caption", { text: "Accuracy: the share of a seat's decisions within an inaccuracy of the move preferred" }),
    el("thead", {}, head), el("tbody", {}, ...rows));
}

// The move played beside the move preferred, for one judged decision.
function decisionDetail(analysis, names, decision) {
  const sameMove = decision.best === decision.played;
  const side = (title, label, share, className) => el("div", { class: `analysis-choice ${className}` },
    el("h4", { text: title }), el("p", { class: "choice-label", text: label }),
    el("p", { class: "muted", text: `estimated win share ${percent(share)}` }));
  const drop = Math.max(0, decision.best_share - decision.played_share);
  const mark = decision.mark ? capitalised(decision.mark) : "Not marked";
  return el("div", { id: "analysis-move", "data-move": decision.move_number },
    el("h3", { text: `Move ${decision.move_number + 1} · ${seatName(analysis, names, decision.seat)} · ${mark}` }),
    el("div", { class: "side-by-side" },
      side("Played", decision.played_label || decision.played, decision.played_share, "played"),
      sameMove
        ? el("div", { class: "analysis-choice preferred" }, el("h4", { text: "Preferred" }),
          el("p", { class: "choice-label", text: "the search found nothing better" }))
        : side("Preferred", decision.best_label || decision.best, decision.best_share, "preferred")),
    el("p", { class: "muted", text: `${sameMove ? "" : `A drop of ${points(drop)}. `}`
      + "The board shows the position before this move, as its mover saw it." }));
}

// The list of marked moves: the same as the chart's dots, readable and clickable without a mouse.
function markList(analysis, names, onPick) {
  const marked = analysis.decisions.filter((d) => d.mark);
  if (marked.length === 0) return el("p", { class: "muted", text: "No move was marked." });
  return el("ol", { id: "analysis-marks" }, ...marked.map((d) => {
    const button = el("button", { type: "button", class: `mark-link ${d.mark}`, "data-move": d.move_number, "data-seat": d.seat },
      `Move ${d.move_number + 1} · ${seatName(analysis, names, d.seat)}: ${d.mark} — played ${d.played_label || d.played}`
      + (d.best !== d.played ? `, preferred ${d.best_label || d.best}` : ""));
    button.addEventListener("click", () => onPick(d));
    return el("li", {}, button);
  }));
}

// The panel of match ``matchId``; ``jumpTo(at, seat)`` shows the replay at move ``at`` as ``seat`` sees it.
export function createAnalysisPanel(matchId, { jumpTo }) {
  const path = `/api/matches/${encodeURIComponent(matchId)}/analysis`;
  const panel = { shown: false, timer: null, names: [], picked: null };
  const card = byId("analysis-panel");

  function showError(text) {
    byId("analysis-error").textContent = text || "";
  }

  function build() {
    card.replaceChildren(
      el("h2", { text: "Analysis" }),
      el("p", { id: "analysis-intro", class: "muted" }),
      el("button", { id: "analyse", type: "button", text: "Analyse", hidden: true }),
      el("div", { id: "analysis-progress", hidden: true },
        el("progress", { id: "analysis-bar", max: 1, value: 0 }),
        el("span", { id: "analysis-progress-text", class: "muted" })),
      el("p", { id: "analysis-error", class: "error", role: "alert" }),
      el("div", { id: "analysis-result", hidden: true }));
    byId("analyse").addEventListener("click", start);
    card.hidden = false;
  }

  function pick(analysis, decision) {
    panel.picked = decision.move_number;
    for (const node of card.querySelectorAll(".selected")) node.classList.remove("selected");
    for (const node of card.querySelectorAll(`[data-move="${decision.move_number}"]`)) node.classList.add("selected");
    byId("analysis-move").replaceWith(decisionDetail(analysis, panel.names, decision));
    jumpTo(decision.move_number, decision.seat);
  }

  function showResult(data) {
    const analysis = data.analysis;
    byId("analysis-progress").hidden = true;
    byId("analyse").hidden = true;
    const names = panel.names;
    const onPick = (decision) => pick(analysis, decision);
    const skipped = analysis.skipped.length;
    const notes = [thresholdsText(data.thresholds), limitsText(data.limits)];
    if (skipped) notes.push(`${skipped} move${skipped === 1 ? " was" : "s were"} not judged (forced, simultaneous${analysis.capped ? " or past the cap" : ""}).`);
    if (analysis.capped) notes.push(`This game reached the cap: only its first ${analysis.max_decisions} decisions were judged.`);
    const first = analysis.decisions.find((d) => d.mark) || null;
    byId("analysis-result").replaceChildren(
      el("p", { class: "fairness", text: data.fairness }),
      legend(analysis, names),
      drawChart(analysis, names, onPick),
      first ? el("div", { id: "analysis-move", class: "muted", text: "Click a dot or a marked move to see the move played beside the move preferred." })
        : el("div", { id: "analysis-move" }),
      markList(analysis, names, onPick),
      summaryTable(analysis, names),
      el("p", { class: "muted analysis-notes", text: notes.join(" ") }));
    byId("analysis-result").hidden = false;
    byId("analysis-intro").hidden = true; // the result says it all again, beside the chart
    card.dataset.status = "done";
  }

  function showProgress(data) {
    byId("analyse").hidden = true;
    byId("analysis-progress").hidden = false;
    const { done, total } = data.progress;
    byId("analysis-bar").max = Math.max(1, total);
    byId("analysis-bar").value = done;
    byId("analysis-progress-text").textContent = data.status === "queued"
      ? ` Waiting for the server${data.ahead ? ` (${data.ahead} analys${data.ahead === 1 ? "is" : "es"} ahead)` : ""}…`
      : ` Analysing: move ${done} of ${total}`;
    card.dataset.status = data.status;
  }

  function show(data) {
    byId("analysis-intro").textContent = `${limitsText(data.limits)} ${data.fairness}`;
    if (data.status === "done") {
      showResult(data);
      return;
    }
    if (data.status === "queued" || data.status === "running") {
      showProgress(data);
      panel.timer = window.setTimeout(poll, POLL_MS);
      return;
    }
    byId("analysis-progress").hidden = true;
    byId("analyse").hidden = false;
    byId("analyse").textContent = data.status === "failed" ? "Try again" : "Analyse";
    if (data.status === "failed") showError(`The analysis failed: ${data.failure}`);
    card.dataset.status = data.status;
  }

  async function ask(method) {
    const headers = method === "POST" ? player.headers() : {};
    const response = await fetch(path, { method, headers });
    const data = await readAnswer(response);
    if (!response.ok) throw new Error(refusal(response, data));
    return data;
  }

  async function poll() {
    panel.timer = null;
    try {
      show(await ask("GET"));
    } catch (error) {
      showError(error.message);
      panel.timer = window.setTimeout(poll, POLL_MS * 3); // the server is away for now: ask again later
    }
  }

  async function start() {
    showError("");
    byId("analyse").disabled = true;
    try {
      show(await ask("POST"));
    } catch (error) {
      showError(error.message);
    } finally {
      byId("analyse").disabled = false;
    }
  }

  return {
    // A live view: the panel appears once the game is over (and had moves to analyse).
    showView(view) {
      panel.names = view.match.seats.map((s) => s.name);
      if (panel.shown || !card || !view.is_over || view.move_number === 0) return;
      panel.shown = true;
      build();
      poll();
    },
  };
}
