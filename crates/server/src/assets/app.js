// The stones page: plain JavaScript, no build step. The board is the server's SVG (the same picture
// as `stones replay --svg`); this script only sends clicks as moves and shows the state. Review and
// the computer's view are review.js's; the form's memory, sound and the game-over panel prefs.js's.
//
// Who may move: each human seat has a secret token. The page that creates a game keeps the tokens
// it got; an invitation link (`/#ID&white=TOKEN`) hands its seat to another browser: that page
// claims it (POST …/claim), getting a token of its own, and the link's token acts no more — the
// creator's page, told of the change, asks whether its tokens are still seats' (POST …/seat) and
// forgets a refused one. Tokens live in localStorage, by game id, and go with each move as
// `Authorization: Bearer`. Changes arrive by Server-Sent Events; if they fail the page polls.
"use strict";

const $ = (sel) => document.querySelector(sel);
let catalog = null;
let state = null;
let pending = null; // TriGo: the first point of a two-point move
let pollTimer = null;
let events = null; // the EventSource of the game shown
let eventsFailed = false;
let drawn = 0; // counts the boards asked for: only the last one asked is drawn

/// The tokens this browser holds for game `id`: {black?, white?}.
function tokensOf(id) {
  try {
    return JSON.parse(localStorage.getItem(`stones-tokens-${id}`)) || {};
  } catch (e) {
    return {};
  }
}

function keepTokens(id, tokens) {
  const all = Object.assign(tokensOf(id), tokens || {});
  try {
    localStorage.setItem(`stones-tokens-${id}`, JSON.stringify(all));
  } catch (e) {
    /* private mode: the tokens last as long as the page */
  }
  memory[id] = all;
}
const memory = {};
// localStorage first: another tab of this browser may have claimed a seat since this one kept it.
const held = (id) => Object.assign({}, memory[id] || {}, tokensOf(id));

/// Forgets seat `seat`'s token `token` of game `id` (refused by the server: claimed elsewhere),
/// unless a newer one has been kept meanwhile.
function forgetToken(id, seat, token) {
  const all = tokensOf(id);
  if (all[seat] === token) {
    delete all[seat];
    try {
      localStorage.setItem(`stones-tokens-${id}`, JSON.stringify(all));
    } catch (e) {
      /* no storage */
    }
  }
  if (memory[id] && memory[id][seat] === token) delete memory[id][seat];
}

/// Asks the server whether the tokens held for game `id` are still seats' (an invitation link may
/// have been claimed) and forgets those refused: true if one was.
let checking = false;
async function checkTokens(id) {
  if (checking) return false;
  checking = true;
  let forgot = false;
  try {
    const t = held(id);
    for (const seat of ["black", "white"]) {
      if (!t[seat]) continue;
      const r = await fetch(`/api/games/${id}/seat`, { method: "POST", headers: { Authorization: `Bearer ${t[seat]}` } });
      if (r.status === 403) {
        forgetToken(id, seat, t[seat]);
        forgot = true;
      }
    }
  } catch (e) {
    /* offline: checked again with the next change */
  } finally {
    checking = false;
  }
  return forgot;
}

/// A seat's name with a capital: `White`.
const Seat = (c) => `${c[0].toUpperCase()}${c.slice(1)}`;

/// The token to act with now: the seat to move's, or while dead stones are marked any seat's.
function actingToken(s) {
  const t = held(s.id);
  if (s.status === "scoring") return t.black || t.white;
  return t[s.to_move];
}

async function api(method, url, body, token) {
  const options = { method, headers: {} };
  if (token) options.headers["Authorization"] = `Bearer ${token}`;
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(url, options);
  const data = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
  if (!response.ok) {
    const e = new Error(data.error || `the server answered ${response.status}`);
    e.status = response.status;
    throw e;
  }
  data._status = response.status;
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
  $("#game").addEventListener("change", () => {
    fillGameChoices();
    refreshTop();
  });
  refreshTop();
  $("#ruleset").addEventListener("change", () => {
    const g = catalog.games.find((x) => x.game === $("#game").value);
    const r = g.rulesets.find((x) => x.name === $("#ruleset").value);
    $("#ruleset").title = r ? r.description : "";
  });
  $("#start").addEventListener("click", startGame);
  try {
    $("#name").value = localStorage.getItem("stones-name") || "";
  } catch (e) {
    /* no storage */
  }
  refreshLobby();
  setInterval(refreshLobby, 5000);
  $("#board").addEventListener("click", clickBoard);
  for (const b of document.querySelectorAll("#buttons [data-action]")) {
    b.addEventListener("click", () => sendMove(b.dataset.action));
  }
  $("#undo").addEventListener("click", undo);
  $("#undo-accept").addEventListener("click", () => answerUndo(false));
  $("#undo-decline").addEventListener("click", () => answerUndo(true));
  setupReview();
  setupPrefs();
  showButtons();
  // A reload (or a link with #id on this computer) picks the game up again by its id.
  window.addEventListener("hashchange", resume);
  await resume();
}

async function resume() {
  // `#ID`, or an invitation `#ID&black=TOKEN`: the seat is claimed (the link's token exchanged for
  // one of this page's own), and the address shows the id only, so a reload claims nothing again.
  const [id, ...rest] = location.hash.slice(1).split("&");
  if (rest.length) history.replaceState(null, "", `#${id}`);
  for (const part of rest) {
    const [seat, token] = part.split("=");
    if ((seat === "black" || seat === "white") && /^[0-9a-f]{32}$/.test(token || "")) await claim(id, seat, token);
  }
  if (!/^[0-9a-f]{1,32}$/.test(id) || (state && state.id === id)) return;
  try {
    const s = await api("GET", `/api/games/${id}`);
    $("#game").value = s.game;
    fillGameChoices();
    showSettings();
    refreshTop();
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
  const name = $("#name").value.trim();
  if (name) body.name = name;
  remember("stones-name", name);
  saveForm();
  if ($("#open-seat").checked) body.open = "white";
  if ($("#clock").value) body.clock = $("#clock").value;
  const set = formSet();
  if (set) body.set = set;
  await createGame(body);
}

/// Creates the game `body` asks for (POST /api/games) and shows it.
async function createGame(body) {
  pending = null;
  message("");
  try {
    const s = await api("POST", "/api/games", body);
    keepTokens(s.id, s.tokens);
    showInvitations(s);
    await show(s);
  } catch (e) {
    message(e.message, "error");
  }
}

/// The selected game's TOP players by Glicko-2 rating (rated: lobby games, games against the computer).
async function refreshTop() {
  const game = $("#game").value;
  let t;
  try {
    t = await api("GET", `/api/ratings/${game}`);
  } catch (e) {
    return;
  }
  $("#top-game").textContent = game;
  $("#stats-link").href = `/stats/${game}`;
  const list = $("#top");
  list.innerHTML = "";
  for (const p of t.by_rating) {
    const li = document.createElement("li");
    li.textContent = `${p.name}${p.bot ? " (computer)" : ""} ${Math.round(p.rating)} ±${Math.round(p.deviation)}, ${p.wins}/${p.games}`;
    list.appendChild(li);
  }
}

/// The lobby: games waiting for an opponent (Join) and games being played (watch).
async function refreshLobby() {
  let lobby;
  try {
    lobby = await api("GET", "/api/lobby");
  } catch (e) {
    return;
  }
  const describe = (g) => {
    const who = (c) => g.names[c] || (g.players[c] === "human" ? (g.open_seat === c ? "open" : "guest") : g.players[c]);
    return `${gameLabel(g)}: ${who("black")} v ${who("white")}, ${plural(g.moves, "move")}`;
  };
  const open = $("#lobby-open");
  open.innerHTML = "";
  for (const g of lobby.open) {
    const li = document.createElement("li");
    li.textContent = `${describe(g)} `;
    const mine = held(g.id).black || held(g.id).white;
    const b = document.createElement("button");
    b.type = "button";
    b.className = "join";
    b.dataset.id = g.id;
    b.textContent = mine ? "open" : `join as ${g.open_seat}`;
    b.addEventListener("click", () => (mine ? (location.hash = g.id) : join(g.id)));
    li.appendChild(b);
    open.appendChild(li);
  }
  const playing = $("#lobby-playing");
  playing.innerHTML = "";
  // A game nobody has moved in is not worth watching (an abandoned one, mostly).
  for (const g of lobby.playing.filter((x) => x.moves > 0).slice(0, 20)) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = `#${g.id}`;
    a.textContent = describe(g);
    li.appendChild(a);
    playing.appendChild(li);
  }
}

/// A game's name as people write it.
const GAME_NAMES = { go: "Go", dots: "Dots", gomoku: "Gomoku", trigo: "TriGo", connect6: "Connect6", hex: "Hex" };
const gameName = (game) => GAME_NAMES[game] || `${game.charAt(0).toUpperCase()}${game.slice(1)}`;

/// `3 moves`, `1 move`.
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

/// A lobby entry's game, size and ruleset: `Go 9×9, classic`. A size is one number for a square
/// board (TriGo's is its side: `TriGo size 5`) or [width, height].
function gameLabel(g) {
  const size = g.set && g.set.size;
  let label = gameName(g.game || "");
  if (Array.isArray(size)) label += ` ${size[0]}×${size[1]}`;
  else if (typeof size === "number") label += g.game === "trigo" ? ` size ${size}` : ` ${size}×${size}`;
  return g.ruleset ? `${label}, ${g.ruleset}` : label;
}

async function join(id) {
  try {
    const name = $("#name").value.trim();
    const r = await api("POST", `/api/games/${id}/join`, name ? { name } : {});
    keepTokens(id, { [r.seat]: r.token });
    state = null;
    location.hash = id;
    await resume();
    refreshLobby();
  } catch (e) {
    message(e.message, "error");
    refreshLobby();
  }
}

/// Claims seat `seat` of game `id` with an invitation link's token: keeps the new token the server
/// gives for it. A link claimed already (by another page, or this one before a reload) is said so.
async function claim(id, seat, token) {
  try {
    const r = await api("POST", `/api/games/${id}/claim`, {}, token);
    keepTokens(id, { [r.seat]: r.token });
  } catch (e) {
    if (!held(id)[seat]) message(`This invitation to play ${seat} was used already: you are watching.`, "error");
  }
}

/// The links that give each human seat to another browser.
function showInvitations(s) {
  const box = $("#invite");
  box.innerHTML = "";
  const seats = Object.keys(s.invitations || {});
  if (seats.length < 2) return;
  const p = document.createElement("p");
  p.className = "hint";
  p.textContent = "Playing someone elsewhere? Send them their seat's link:";
  box.appendChild(p);
  for (const seat of seats) {
    const a = document.createElement("a");
    a.href = s.invitations[seat];
    a.dataset.seat = seat;
    a.textContent = `${seat}'s seat`;
    a.target = "_blank";
    box.appendChild(a);
  }
}

async function sendMove(move) {
  if (!state) return;
  pending = null;
  const token = actingToken(state);
  if (!token) {
    message(`It is ${state.to_move}'s turn: waiting for the other player.`, "info");
    markPoints();
    return;
  }
  try {
    await show(await api("POST", `/api/games/${state.id}/moves`, { move }, token));
    message("");
  } catch (e) {
    message(e.message, "error");
    markPoints();
    // Refused: the seat may have been handed over through its invitation link.
    if (e.status === 403 && (await checkTokens(state.id))) showButtons();
  }
}

/// Undo: alone against the computer it is at once; between two people one asks and the other
/// accepts (a browser holding both seats does both).
async function undo() {
  if (!state) return;
  pending = null;
  const t = held(state.id);
  const mine = ["black", "white"].filter((c) => t[c]);
  if (!mine.length) return message("Only a player can take back moves.", "error");
  try {
    let s = await api("POST", `/api/games/${state.id}/undo`, {}, t[mine[0]]);
    if (s._status === 202 && mine.length === 2) s = await api("POST", `/api/games/${state.id}/undo`, {}, t[mine[1]]);
    await show(s);
    message(s._status === 202 ? "Asked the other player to agree to take back the last move." : "");
  } catch (e) {
    message(e.message, "error");
    if (e.status === 403 && (await checkTokens(state.id))) showButtons();
  }
}

async function answerUndo(decline) {
  if (!state || !state.undo_request) return;
  const other = state.undo_request === "black" ? "white" : "black";
  const token = held(state.id)[other];
  try {
    await show(await api("POST", `/api/games/${state.id}/undo`, decline ? { decline: true } : {}, token));
    message("");
  } catch (e) {
    message(e.message, "error");
  }
}

function clickBoard(event) {
  const el = event.target.closest("[data-point]") || nearestPoint(event);
  if (!el || !state) return;
  if (review !== null) {
    message("This is a past position: press \"Back to the live game\" to play.", "info");
    return;
  }
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
  const legal = new Set(state && review === null ? state.legal : []);
  for (const el of document.querySelectorAll("#board [data-point]")) {
    el.classList.toggle("legal", legal.has(el.dataset.point));
    el.classList.toggle("pending", el.dataset.point === pending);
  }
}

function showButtons() {
  const actions = new Set(state ? state.actions : []);
  // Only the seat to move acts (any seat while dead stones are marked); never in a finished game.
  const acting = !!state && state.status !== "over" && !state.thinking && !!actingToken(state);
  for (const b of document.querySelectorAll("#buttons [data-action]")) {
    b.classList.toggle("hidden", !actions.has(b.dataset.action));
    b.disabled = !acting || !actions.has(b.dataset.action);
  }
  // A watcher (no seat here) has nothing to take back, nor has anyone once the game is over.
  $("#undo").disabled = !state || state.status === "over" || state.moves.length === 0 || !(held(state.id).black || held(state.id).white);
  $("#analyse").disabled = !state || state.moves.length === 0;
  // An undo the other player asked for, to accept or decline.
  const t = state ? held(state.id) : {};
  const asked = state && state.undo_request;
  const answer = asked && t[asked === "black" ? "white" : "black"] && !t[asked];
  $("#undo-answer").classList.toggle("hidden", !answer);
  if (answer) $("#undo-question").textContent = `${Seat(asked)} asks to take back the last move.`;
  showSeat();
}

/// Which seat this page plays ("You play White"), and the tab's title marks its turn; a
/// notification too when the turn comes while the tab is hidden, if permission was given already
/// (the page never asks for it).
let wasMyTurn = false;
function showSeat() {
  const t = state ? held(state.id) : {};
  const mine = ["black", "white"].filter((c) => t[c]);
  const el = $("#seat");
  if (el) {
    el.textContent = !state ? "" : mine.length === 2 ? "You play both sides" : mine.length ? `You play ${Seat(mine[0])}` : "You are watching";
    el.dataset.seats = mine.join(" ");
  }
  const myTurn = !!state && !state.thinking && !state.open_seat && ((state.status === "ongoing" && !!t[state.to_move]) || (state.status === "scoring" && mine.length > 0));
  const asked = !!state && state.undo_request && !t[state.undo_request] && mine.length > 0;
  document.title = myTurn || asked ? "● Your turn — stones" : "stones";
  if (myTurn && !wasMyTurn && mine.length === 1 && document.hidden && window.Notification && Notification.permission === "granted") {
    try {
      new Notification("stones", { body: `Your turn (${Seat(mine[0])})`, tag: `stones-${state.id}` });
    } catch (e) {
      /* not allowed here */
    }
  }
  wasMyTurn = myTurn;
}

/// The games won on points: the others (Hex, Gomoku, Connect6) are won by a shape on the board.
const SCORED = new Set(["go", "dots", "trigo"]);

/// Widens the server's picture's viewBox to take in all it draws: a label at the edge (Hex's "11" on
/// the right, its "1" at the top left) would be cut in half by the picture's own edge.
function fitLabels(svg) {
  const view = svg.viewBox && svg.viewBox.baseVal;
  if (!view || !view.width) return;
  let b;
  try {
    b = svg.getBBox();
  } catch (e) {
    return;
  }
  // A side is moved out only where something crosses it, and then a little past it.
  const pad = 2;
  const [vx1, vy1] = [view.x + view.width, view.y + view.height];
  const x0 = b.x < view.x ? Math.floor(b.x) - pad : view.x;
  const y0 = b.y < view.y ? Math.floor(b.y) - pad : view.y;
  const x1 = b.x + b.width > vx1 ? Math.ceil(b.x + b.width) + pad : vx1;
  const y1 = b.y + b.height > vy1 ? Math.ceil(b.y + b.height) + pad : vy1;
  if (x0 === view.x && y0 === view.y && x1 === vx1 && y1 === vy1) return;
  const scale = svg.width.baseVal.value / view.width;
  svg.setAttribute("viewBox", `${x0} ${y0} ${x1 - x0} ${y1 - y0}`);
  svg.setAttribute("width", String(Math.round((x1 - x0) * scale)));
  svg.setAttribute("height", String(Math.round((y1 - y0) * scale)));
  // The board's colour under the margin too.
  const back = svg.querySelector(":scope > rect.background");
  if (back) {
    back.setAttribute("x", x0);
    back.setAttribute("y", y0);
    back.setAttribute("width", x1 - x0);
    back.setAttribute("height", y1 - y0);
  }
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
  const side = (c) => `${c[0].toUpperCase()}${c.slice(1)} (${(s.names && s.names[c]) || s.players[c]})`;
  if (s.status === "over") return `Game over: ${resultLines(s)[0]}`;
  if (s.open_seat) return `Waiting in the lobby for someone to join as ${s.open_seat}`;
  if (s.status === "scoring") return "Play has stopped: click dead chains, then Done";
  if (s.thinking) return `${side(s.to_move)} is thinking…`;
  return `${side(s.to_move)} to move${s.two_points ? " — two stones: click two points" : ""}`;
}

async function show(s) {
  // An answer that comes after a newer state of the same game (by events) is old news.
  if (state && state.id === s.id && s.version < state.version) return;
  // A page holding both seats may have sent one's invitation link: is it claimed now?
  const t = held(s.id);
  if (t.black && t.white && s.status !== "over" && (!state || state.id !== s.id || state.version !== s.version)) {
    checkTokens(s.id).then((forgot) => forgot && state && state.id === s.id && showButtons());
  }
  if (!state || state.id !== s.id) {
    review = null;
    estimate = null;
  }
  state = s;
  if (location.hash.slice(1) !== s.id) history.replaceState(null, "", `#${s.id}`);
  // The buttons and an undo to answer follow the state at once, not after the board is drawn: a
  // newer state arriving meanwhile would stop this drawing and leave them as they were.
  showButtons();
  const ticket = ++drawn;
  const { svg, at } = await boardSvg(s);
  if (state !== s || ticket !== drawn) return; // a newer state or position came meanwhile
  const board = $("#board");
  board.innerHTML = svg;
  // Small boards grow to at most 2.5 times their drawn size, so a 5x5 board is not a wall of wood.
  const picture = board.querySelector("svg");
  if (picture) {
    fitLabels(picture);
    picture.style.maxWidth = `${Math.round(picture.width.baseVal.value * 2.5)}px`;
    // A large field on a phone: the points around the last move shown (zoom.js).
    const shown = typeof at === "number" ? at : s.moves.length;
    zoomBoard(picture, shown > 0 ? s.moves[shown - 1].move : null);
  }
  document.querySelector("main").classList.remove("no-game");
  board.className = `to-${s.to_move}${s.status === "scoring" ? " scoring" : ""}`;
  board.dataset.game = s.game;
  board.dataset.moves = String(s.moves.length);
  board.dataset.thinking = String(s.thinking);
  markPoints();
  $("#status").textContent = statusText(s);
  $("#rated").textContent = s.rated ? "Rated: two accounts" : s.rated === false ? "Unrated (rated games are between two accounts)" : "";
  if (!s.thinking && $("#message").textContent === "The computer is thinking…") message("");
  showGameOver(s, resultLines(s));
  // Only the games counted in points have a score, captures and an estimate of the score.
  const scored = SCORED.has(s.game);
  for (const row of document.querySelectorAll("#score tr.scored")) row.classList.toggle("hidden", !scored);
  $("#score").classList.toggle("hidden", !scored && !s.clock);
  $("#estimate").classList.toggle("hidden", !scored);
  $("#score-black").textContent = fmt(s.score.black);
  $("#score-white").textContent = fmt(s.score.white);
  $("#captures-black").textContent = s.captures.black;
  $("#captures-white").textContent = s.captures.white;
  const list = $("#moves");
  list.innerHTML = "";
  const thoughts = new Map((s.thoughts || []).map((t) => [t.n, t]));
  for (const m of s.moves) list.appendChild(moveItem(m, thoughts.get(m.n)));
  if (review === null) list.scrollTop = list.scrollHeight;
  showReview(s, at);
  shade();
  soundFor(s);
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
  showClock(s);
  showButtons();
  listen(s.id);
  clearTimeout(pollTimer);
  if (events && !eventsFailed) return; // the server tells of every change
  // Without events: poll while the computer thinks or it is its turn, and while another person is to
  // move.
  const computerTurn = s.status === "ongoing" && s.players[s.to_move] !== "human" && !s.computer_error;
  const waiting = s.status !== "over" && !actingToken(s);
  if (s.thinking || computerTurn) pollTimer = setTimeout(poll, 300);
  else if (waiting || s.undo_request) pollTimer = setTimeout(poll, 1000);
}

/// The clocks: the server's time left, counted down here between its answers.
let clockTimer = null;
function showClock(s) {
  clearInterval(clockTimer);
  $("#clock-row").classList.toggle("hidden", !s.clock);
  if (!s.clock) return;
  const since = Date.now();
  const mmss = (ms) => {
    const t = Math.max(0, Math.ceil(ms / 1000));
    return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, "0")}`;
  };
  const tick = () => {
    for (const c of ["black", "white"]) {
      const left = s.clock[c] - (s.clock.running === c ? Date.now() - since : 0);
      const cell = $(`#clock-${c}`);
      cell.textContent = mmss(left);
      cell.classList.toggle("running", s.clock.running === c);
    }
  };
  tick();
  if (s.clock.running) clockTimer = setInterval(tick, 250);
}

/// Follows game `id`'s changes by Server-Sent Events (once per game); on failure the page polls.
function listen(id) {
  if (events && events.gameId === id) return;
  if (events) events.close();
  eventsFailed = false;
  if (!window.EventSource) {
    events = null;
    eventsFailed = true;
    return;
  }
  events = new EventSource(`/api/games/${id}/events`);
  events.gameId = id;
  events.addEventListener("state", (e) => {
    const s = JSON.parse(e.data);
    if (state && state.id === s.id && !sameState(state, s)) show(s);
  });
  events.onerror = () => {
    eventsFailed = true;
    if (state) pollTimer = setTimeout(poll, 1000);
  };
  events.onopen = () => {
    eventsFailed = false;
  };
}

function sameState(a, b) {
  const plain = (s) => JSON.stringify(Object.assign({}, s, { _status: 0, resumed: false, tokens: null, invitations: null }));
  return plain(a) === plain(b);
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
