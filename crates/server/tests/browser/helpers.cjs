// What the browser scripts share: the board's move count, waiting for the server's answer, the
// legal points, a click on a point, a check that throws, and the API called from node.
"use strict";

function check(cond, what) {
  if (!cond) throw new Error(what);
}

async function moves(page) {
  return Number(await page.getAttribute("#board", "data-moves"));
}

/// Waits until the page shows `n` moves and no computer thinking.
async function waitMoves(page, n, what, timeout = 30000) {
  await page.waitForFunction(
    (n) => {
      const b = document.querySelector("#board");
      return b && b.dataset.moves === String(n) && b.dataset.thinking === "false";
    },
    n,
    { timeout },
  ).catch(() => { throw new Error(`${what}: expected ${n} moves and no thinking`); });
}

async function legalPoints(page) {
  return page.$$eval("#board .empty.legal", (els) => els.map((e) => e.dataset.point));
}

async function clickPoint(page, point) {
  await page.click(`#board [data-point="${point}"]`);
}

/// The page at `base` with the form's choices loaded.
async function openPage(browser, base, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.errors = [];
  page.on("pageerror", (e) => page.errors.push(String(e)));
  // What the server's Content-Security-Policy blocks is an error too (an inline style, say).
  page.on("console", (m) => {
    if (m.type() === "error" && m.text().includes("Content Security Policy")) page.errors.push(m.text());
  });
  page.on("response", (r) => {
    if (r.status() === 404) page.errors.push(`404 for ${r.url()}`);
  });
  await page.goto(base);
  await page.waitForSelector("#game option", { state: "attached" });
  return page;
}

/// Calls the server's API from node: the answer's JSON, or an error with the server's message.
async function api(base, method, path, body, token) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const r = await fetch(new URL(path, base), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await r.json();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${data.error}`);
  return data;
}

/// Creates a game through the API and plays `moves` in it, each with the token of the seat to move
/// (Black's while dead stones are marked); returns the game's creation answer.
async function playThrough(base, request, moves) {
  const g = await api(base, "POST", "/api/games", request);
  let s = g;
  for (const mv of moves) {
    const token = g.tokens[s.status === "scoring" ? "black" : s.to_move];
    s = await api(base, "POST", `/api/games/${g.id}/moves`, { move: mv }, token);
  }
  return g;
}

module.exports = { check, moves, waitMoves, legalPoints, clickPoint, openPage, api, playThrough };
