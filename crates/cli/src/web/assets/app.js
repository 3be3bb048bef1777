// The stones page: plain JavaScript, no build step. The board is the server's SVG (the same picture
// as `stones replay --svg`); this script only sends clicks as moves and shows the state.
"use strict";

const $ = (sel) => document.querySelector(sel);
let catalog = null;
let state = null;
let pending = null; // TriGo: the first point of a two-point move
let pollTimer = null;

async function api(method, url, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) throw new Error(data.error || `the server answered ${response.status}`);
  return data;
}

function message(text, kind) {
  const m = $("#message");
  m.textContent = text || "";
  m.className = text ? kind || "info" : "";
}

function option(select, value, label) {
  const o = document.createElement("option");
  o.value = value;
  o.textContent = label;
  select.appendChild(o);
}

function fillGameChoices() {
  const name = $("#game").value;
  const g = catalog.games.find((x) => x.game === name);
  $("#ruleset").innerHTML = "";
  g.rulesets.forEach((r, i) => option($("#ruleset"), r.name, r.name + (i === 0 ? " (default)" : "")));
  $("#size").innerHTML = "";
  option($("#size"), "", "ruleset's size");
  g.sizes.forEach((s) => option($("#size"), JSON.stringify(s), Array.isArray(s) ? `${s[0]} × ${s[1]}` : String(s)));
  $("#game-description").textContent = g.description;
  const r = g.rulesets[0];
  $("#ruleset").title = r ? r.description : "";
}

async function init() {
  catalog = await api("GET", "/api/catalog");
  for (const g of catalog.games) option($("#game"), g.game, g.game);
  for (const sel of document.querySelectorAll("select.player")) {
    option(sel, "human", "human");
    option(sel, "mcts", "computer (mcts, 1 s)");
    option(sel, "mcts:time=3", "computer (mcts, 3 s)");
    option(sel, "random", "random");
  }
  $("#white").value = "mcts";
  fillGameChoices();
  $("#game").addEventListener("change", fillGameChoices);
  $("#ruleset").addEventListener("change", () => {
    const g = catalog.games.find((x) => x.game === $("#game").value);
    const r = g.rulesets.find((x) => x.name === $("#ruleset").value);
    $("#ruleset").title = r ? r.description : "";
  });
  $("#start").addEventListener("click", startGame);
  $("#board").addEventListener("click", clickBoard);
  for (const b of document.querySelectorAll("#buttons [data-action]")) {
    b.addEventListener("click", () => sendMove(b.dataset.action));
  }
  $("#undo").addEventListener("click", undo);
  showButtons();
  // A reload (or a link with #id on this computer) picks the game up again by its id.
  window.addEventListener("hashchange", resume);
  await resume();
}

async function resume() {
  const id = location.hash.slice(1);
  if (!/^[0-9a-f]{1,32}$/.test(id) || (state && state.id === id)) return;
  try {
    const s = await api("GET", `/api/games/${id}`);
    $("#game").value = s.game;
    fillGameChoices();
    for (const side of ["black", "white"]) {
      if ([...$(`#${side}`).options].some((o) => o.value === s.players[side])) $(`#${side}`).value = s.players[side];
    }
    await show(s);
  } catch (e) {
    message(`${e.message}: start a new game`, "error");
  }
}

async function startGame() {
  const body = { game: $("#game").value, ruleset: $("#ruleset").value, black: $("#black").value, white: $("#white").value };
  if ($("#size").value) body.set = { size: JSON.parse($("#size").value) };
  pending = null;
  message("");
  try {
    await show(await api("POST", "/api/games", body));
  } catch (e) {
    message(e.message, "error");
  }
}

async function sendMove(move) {
  if (!state) return;
  pending = null;
  try {
    await show(await api("POST", `/api/games/${state.id}/moves`, { move }));
    message("");
  } catch (e) {
    message(e.message, "error");
    markPoints();
  }
}

async function undo() {
  if (!state) return;
  pending = null;
  try {
    await show(await api("POST", `/api/games/${state.id}/undo`));
    message("");
  } catch (e) {
    message(e.message, "error");
  }
}

function clickBoard(event) {
  const el = event.target.closest("[data-point]");
  if (!el || !state) return;
  const point = el.dataset.point;
  if (state.status === "scoring") {
    if (el.classList.contains("stone")) sendMove(`dead ${point}`);
    else message("Click a chain to mark it dead (again to unmark), then press Done.", "info");
    return;
  }
  if (state.thinking) {
    message("The computer is thinking…", "info");
    return;
  }
  if (state.status === "over") {
    message("The game is over: start a new one.", "info");
    return;
  }
  if (state.two_points) {
    if (pending === null) {
      if (!state.legal.includes(point)) {
        sendMove(point); // the server says why this point cannot start a move
        return;
      }
      pending = point;
      markPoints();
      message(`${point}: now the second stone (click ${point} again to take it back)`, "info");
      return;
    }
    if (pending === point) {
      pending = null;
      markPoints();
      message("");
      return;
    }
    const first = pending;
    pending = null;
    sendMove(`${first}+${point}`);
    return;
  }
  sendMove(point);
}

function markPoints() {
  const legal = new Set(state ? state.legal : []);
  for (const el of document.querySelectorAll("#board [data-point]")) {
    el.classList.toggle("legal", legal.has(el.dataset.point));
    el.classList.toggle("pending", el.dataset.point === pending);
  }
}

function showButtons() {
  const actions = new Set(state ? state.actions : []);
  for (const b of document.querySelectorAll("#buttons [data-action]")) {
    b.classList.toggle("hidden", !actions.has(b.dataset.action) && !(state === null && b.id === "pass"));
    b.disabled = !actions.has(b.dataset.action);
  }
  $("#undo").disabled = !state || state.moves.length === 0;
}

function fmt(n) {
  return Number.isInteger(n) ? String(n) : n.toFixed(1);
}

// The result in words (the server's one wording: the terminal's), its first line the sentence and
// the rest what made each player's points; the code alone from an older server.
function resultLines(s) {
  return (s.result_words || s.result || "").split("\n").map((l) => l.trim());
}

function statusText(s) {
  const side = (c) => `${c[0].toUpperCase()}${c.slice(1)} (${s.players[c]})`;
  if (s.status === "over") return `Game over: ${resultLines(s)[0]}`;
  if (s.status === "scoring") return "Play has stopped: click dead chains, then Done";
  if (s.thinking) return `${side(s.to_move)} is thinking…`;
  return `${side(s.to_move)} to move${s.two_points ? " — two stones: click two points" : ""}`;
}

async function show(s) {
  state = s;
  if (location.hash.slice(1) !== s.id) history.replaceState(null, "", `#${s.id}`);
  const svg = await fetch(`/api/games/${s.id}/svg`).then((r) => r.text());
  if (state !== s) return; // a newer state came meanwhile
  const board = $("#board");
  board.innerHTML = svg;
  // Small boards grow to at most 2.5 times their drawn size, so a 5x5 board is not a wall of wood.
  const picture = board.querySelector("svg");
  if (picture) picture.style.maxWidth = `${Math.round(picture.width.baseVal.value * 2.5)}px`;
  board.className = `to-${s.to_move}${s.status === "scoring" ? " scoring" : ""}`;
  board.dataset.game = s.game;
  board.dataset.moves = String(s.moves.length);
  board.dataset.thinking = String(s.thinking);
  markPoints();
  $("#status").textContent = statusText(s);
  $("#result-breakdown").textContent = s.status === "over" ? resultLines(s).slice(1).join("\n") : "";
  $("#score-black").textContent = fmt(s.score.black);
  $("#score-white").textContent = fmt(s.score.white);
  $("#captures-black").textContent = s.captures.black;
  $("#captures-white").textContent = s.captures.white;
  const list = $("#moves");
  list.innerHTML = "";
  for (const m of s.moves) {
    const li = document.createElement("li");
    li.textContent = `${m.player === "black" ? "B" : "W"} ${m.move}`;
    list.appendChild(li);
  }
  list.scrollTop = list.scrollHeight;
  const dl = $("#downloads");
  dl.innerHTML = "";
  for (const kind of s.downloads) {
    const a = document.createElement("a");
    a.href = `/api/games/${s.id}/${kind}`;
    a.download = `stones-${s.id}.${kind}`;
    a.textContent = `download ${kind === "sgf" ? "SGF" : "case file"}`;
    dl.appendChild(a);
  }
  if (s.computer_error) message(s.computer_error, "error");
  showButtons();
  clearTimeout(pollTimer);
  // Poll while the computer thinks, and while it is its turn (between two computers' moves).
  const computerTurn = s.status === "ongoing" && s.players[s.to_move] !== "human" && !s.computer_error;
  if (s.thinking || computerTurn) pollTimer = setTimeout(poll, 300);
}

async function poll() {
  if (!state) return;
  try {
    await show(await api("GET", `/api/games/${state.id}`));
  } catch (e) {
    message(e.message, "error");
  }
}

init().catch((e) => message(`cannot start: ${e.message}`, "error"));
