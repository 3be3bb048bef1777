// Review and the computer's view. The move list steps through the game (click a move, or ← and →,
// Home and End): the board is then the server's picture of the position after that move
// (`/api/games/ID/svg?at=N`) until "Back to the live game". After each computer move Black's chance
// and expected line are shown, with the win-rate graph of the game (`/api/games/ID/plot`, drawn by
// the same renderer as `stones replay --plot`). "Estimate score" shades each point by whose the
// search thinks it is (`/api/games/ID/ownership`); "Analyse the game" draws the graph of every
// position (`/api/games/ID/analysis`). An SGF record or case file uploaded
// (`/api/uploads`) opens at its start for review. Loaded before app.js, whose `$`, `state`, `show`
// and seat helpers these use.
"use strict";

let review = null; // the move number shown, or null: the live game
let graphKey = null; // what the graph shown was drawn for
let estimate = null; // {key, points} of the ownership shown, or null

/// The board's picture for state `s` and the move it is after: the live position, or the one
/// after move `review`.
async function boardSvg(s) {
  if (review !== null && review >= s.moves.length) review = null;
  const at = review;
  const r = await fetch(`/api/games/${s.id}/svg${at === null ? "" : `?at=${at}`}`);
  if (r.ok) return { svg: await r.text(), at: at === null ? s.moves.length : at };
  review = null;
  return { svg: await fetch(`/api/games/${s.id}/svg`).then((x) => x.text()), at: s.moves.length };
}

/// Shows the position after move `n` (the live game from the last move on).
function goTo(n) {
  if (!state) return;
  const last = state.moves.length;
  review = Number.isInteger(n) && n < last ? Math.max(0, n) : null;
  estimate = null;
  show(state);
}

/// The review bar, the move list's marks, and the computer's thought for the move shown (`at`: the
/// move the board is after).
function showReview(s, at) {
  const reviewing = review !== null;
  $("#review-bar").classList.toggle("hidden", !reviewing);
  $("#board").classList.toggle("review", reviewing);
  $("#board").dataset.at = String(at);
  if (reviewing) {
    $("#review-text").textContent = review === 0 ? `The start (of ${s.moves.length} moves)` : `After move ${review} of ${s.moves.length}`;
    $("#review-prev").disabled = review === 0;
  }
  const items = $("#moves").children;
  for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", reviewing && i + 1 === review);
  if (reviewing && review > 0) items[review - 1].scrollIntoView({ block: "nearest" });
  showThought(s);
  showGraph(s);
}

/// Black's chance after a computer move, 0–1: one point of view for the list, the words and the
/// graph (the server's `black`; from an older server, the mover's win rate turned round).
function blackChance(t) {
  if (typeof t.black === "number") return t.black;
  return t.player === "black" ? t.win_rate : 1 - t.win_rate;
}

const percent = (x) => `${Math.round(x * 100)}%`;

/// The move list's entry for move `m`, with Black's chance after it when the computer made it.
function moveItem(m, thought) {
  const li = document.createElement("li");
  li.dataset.n = String(m.n);
  li.textContent = `${m.player === "black" ? "B" : "W"} ${m.move}`;
  if (thought) {
    const rate = document.createElement("span");
    rate.className = "rate";
    rate.textContent = ` ${percent(blackChance(thought))}`;
    li.appendChild(rate);
    li.title = `Black's chance after this move, as the computer read it; it expected ${thought.pv.join(" ")}`;
  }
  return li;
}

/// The computer's view of the move shown (the last one it made, live).
function showThought(s) {
  const thoughts = s.thoughts || [];
  const t = review === null ? thoughts[thoughts.length - 1] : thoughts.find((x) => x.n === review);
  const box = $("#thought");
  $("#rate-label").classList.toggle("hidden", !thoughts.length);
  if (!t) {
    box.textContent = "";
    return;
  }
  const who = `${t.player[0].toUpperCase()}${t.player.slice(1)}`;
  const rate = `${percent(blackChance(t))}${t.proven ? " (proven)" : ""}`;
  const line = t.pv.length ? `; it expects ${t.pv.join(" ")}` : "";
  box.textContent = `The computer (${who}) at move ${t.n}: Black's chance ${rate} after ${t.playouts} playouts${line}.`;
}

/// The win-rate graph, fetched again only when a thought or the result changed; an analysis of the
/// game stays until a move is played.
async function showGraph(s) {
  const thoughts = s.thoughts || [];
  const key = `${s.id}:${thoughts.length}:${s.status}:${s.moves.length}`;
  if (graphKey === `analysis:${s.id}:${s.moves.length}`) return;
  if (!thoughts.length) {
    graphKey = null;
    $("#graph").innerHTML = "";
    return;
  }
  if (key === graphKey) return;
  graphKey = key;
  const r = await fetch(`/api/games/${s.id}/plot`);
  if (!r.ok || graphKey !== key) return;
  $("#graph").innerHTML = await r.text();
}

/// The win-rate graph of the whole game, every position read by the search (the server's
/// `/api/games/ID/analysis`).
async function analyse() {
  if (!state) return;
  const s = state;
  $("#analyse").disabled = true;
  message("Analysing the game…", "info");
  try {
    const r = await fetch(`/api/games/${s.id}/analysis`);
    if (!r.ok) throw new Error((await r.json().catch(() => ({}))).error || `the server answered ${r.status}`);
    graphKey = `analysis:${s.id}:${s.moves.length}`;
    $("#graph").innerHTML = await r.text();
    message("");
  } catch (e) {
    message(e.message, "error");
  } finally {
    $("#analyse").disabled = false;
  }
}

/// Shades each point by the search's ownership of the position shown: Black's dark, White's light.
async function estimateScore() {
  if (!state) return;
  const at = review === null ? state.moves.length : review;
  const key = `${state.id}:${at}`;
  if (estimate && estimate.key === key) {
    estimate = null;
    shade();
    return;
  }
  $("#estimate").disabled = true;
  try {
    const r = await api("GET", `/api/games/${state.id}/ownership?at=${at}`);
    estimate = { key, points: r.points, black: r.black, white: r.white };
    shade();
  } catch (e) {
    message(e.message, "error");
  } finally {
    $("#estimate").disabled = false;
  }
}

/// Draws the estimate (if it is of the position shown) over the board as squares.
function shade() {
  const svg = $("#board svg");
  if (!svg) return;
  for (const old of svg.querySelectorAll(".owner")) old.remove();
  const at = review === null ? state.moves.length : review;
  const shown = estimate && state && estimate.key === `${state.id}:${at}`;
  $("#estimate").classList.toggle("on", !!shown);
  if (!shown) return;
  message(`Estimate: Black ${estimate.black}, White ${estimate.white} (points the search gives each side)`, "info");
  for (const el of svg.querySelectorAll("[data-point]")) {
    const own = estimate.points[el.dataset.point];
    if (own === undefined || Math.abs(own) < 0.2) continue;
    // A stone is marked only when it looks dead (its point the other side's).
    const stone = el.classList.contains("stone") ? (el.classList.contains("black") ? 1 : -1) : 0;
    if (stone && Math.sign(own) === stone) continue;
    const b = el.getBBox();
    const side = Math.max(4, Math.min(b.width, b.height) * 0.5);
    const square = document.createElementNS("http://www.w3.org/2000/svg", "rect");
    square.setAttribute("class", `owner ${own > 0 ? "black" : "white"}`);
    square.setAttribute("x", b.x + (b.width - side) / 2);
    square.setAttribute("y", b.y + (b.height - side) / 2);
    square.setAttribute("width", side);
    square.setAttribute("height", side);
    square.setAttribute("fill", own > 0 ? "#000" : "#fff");
    square.setAttribute("fill-opacity", (Math.abs(own) * 0.75).toFixed(2));
    square.setAttribute("pointer-events", "none");
    svg.appendChild(square);
  }
}

/// Sends the chosen SGF record or case file (POST /api/uploads) and shows its game from the start.
async function uploadRecord() {
  const file = $("#upload").files[0];
  if (!file) return;
  if (file.size > 60000) {
    message(`${file.name} is ${file.size} bytes: at most 60000 here`, "error");
    return;
  }
  try {
    const s = await api("POST", "/api/uploads", { record: await file.text() });
    keepTokens(s.id, s.tokens);
    showInvitations(s);
    await show(s);
    goTo(0);
    message(`${file.name}: ${s.moves.length} moves. → steps through them.`, "info");
  } catch (e) {
    message(`${file.name}: ${e.message}`, "error");
  } finally {
    $("#upload").value = "";
  }
}

function setupReview() {
  $("#upload").addEventListener("change", uploadRecord);
  $("#moves").addEventListener("click", (e) => {
    const li = e.target.closest("li[data-n]");
    if (li) goTo(Number(li.dataset.n));
  });
  $("#live").addEventListener("click", () => goTo(null));
  $("#review-prev").addEventListener("click", () => goTo(review - 1));
  $("#review-next").addEventListener("click", () => goTo(review + 1));
  $("#estimate").addEventListener("click", estimateScore);
  $("#analyse").addEventListener("click", analyse);
  document.addEventListener("keydown", (e) => {
    if (!state || e.altKey || e.ctrlKey || e.metaKey || e.target.closest("input, select, textarea")) return;
    const at = review === null ? state.moves.length : review;
    const to = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: null }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    goTo(to === null ? null : Math.max(0, to));
  });
}
