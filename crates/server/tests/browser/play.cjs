// Plays every game on the `stones serve` page in headless Chromium (Debian's, through playwright-core):
// start a game against the computer, click a legal point and an illegal one, wait for the computer's
// reply, undo, and save a screenshot of each game; then two people in two browsers play a game of
// Go through the invitation links while a third watches.
//
//   node play.cjs BASE_URL SCREENSHOT_DIR
// playwright-core is found through NODE_PATH; the browser is CHROMIUM or /usr/bin/chromium.
"use strict";
const { chromium } = require("playwright-core");
const fs = require("fs");
const path = require("path");
const { check, moves, waitMoves, legalPoints, clickPoint } = require("./helpers.cjs");

const [base, shots] = process.argv.slice(2);
if (!base || !shots) {
  console.error("usage: node play.cjs BASE_URL SCREENSHOT_DIR");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });

// Per game: the size to pick and the ruleset.
const GAMES = [
  { game: "go", size: "9" },
  { game: "dots", size: "[10,10]" },
  { game: "gomoku", size: "15" },
  { game: "trigo", size: "5" },
  { game: "connect6", size: "13" },
  { game: "hex", size: "11" },
];

async function playOne(browser, { game, size }) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(base);
  await page.waitForSelector("#game option", { state: "attached" });
  await page.selectOption("#game", game);
  await page.selectOption("#size", size);
  await page.selectOption("#black", "human");
  await page.selectOption("#white", "mcts");
  await page.click("#start");
  await page.waitForSelector("#board svg");
  await waitMoves(page, 0, `${game}: new game`);
  const points = await page.$$eval("#board [data-point]", (els) => els.length);
  check(points > 0, `${game}: no clickable points`);

  // A legal point: the middle one of the legal list (inside Dots' first-move zone, near the centre).
  let legal = await legalPoints(page);
  check(legal.length > 0, `${game}: no legal point to click`);
  const first = legal[Math.floor(legal.length / 2)];
  await clickPoint(page, first);
  await page.waitForSelector(`#board [data-point="${first}"].stone.black`, { timeout: 10000 });
  // The computer's reply.
  await waitMoves(page, 2, `${game}: the computer's reply`);
  const white = await page.$$eval("#board .stone.white", (els) => els.length);
  check(white >= 1, `${game}: no white stone after the computer's reply`);

  if (game === "trigo" || game === "connect6") {
    // Two clicks make a move: the first is shown pending.
    legal = await legalPoints(page);
    const [a, b] = [legal[0], legal[legal.length - 1]];
    await clickPoint(page, a);
    await page.waitForSelector(`#board [data-point="${a}"].pending`);
    await page.screenshot({ path: path.join(shots, `${game}-pending.png`), fullPage: true });
    await clickPoint(page, b);
    await page.waitForSelector(`#board [data-point="${a}"].stone.black`);
    await page.waitForSelector(`#board [data-point="${b}"].stone.black`);
    await waitMoves(page, 4, `${game}: the computer's second reply`);
  }

  // An illegal point: the stone just played.
  const before = await moves(page);
  await clickPoint(page, first);
  await page.waitForFunction(() => document.querySelector("#message.error")?.textContent.length > 0);
  const reason = await page.textContent("#message");
  check(/occupied|inside|refused|not/i.test(reason), `${game}: unexpected reason '${reason}'`);
  check((await moves(page)) === before, `${game}: the refused move changed the game`);
  await page.screenshot({ path: path.join(shots, `${game}.png`), fullPage: true });

  // Undo takes back the computer's reply and the person's move.
  await page.click("#undo");
  await waitMoves(page, before - 2, `${game}: undo`);
  await page.screenshot({ path: path.join(shots, `${game}-undone.png`), fullPage: true });
  check(errors.length === 0, `${game}: page errors: ${errors.join("; ")}`);
  await page.close();
  console.log(`ok ${game}: ${points} points, clicked ${first}, refused: ${reason}`);
}

// Go between two people on 5x5: two passes, the search's marks, a click marks a chain dead, Done
// counts the game.
async function markingStep(browser) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(base);
  await page.waitForSelector("#game option", { state: "attached" });
  await page.selectOption("#game", "go");
  await page.selectOption("#size", "5");
  await page.selectOption("#black", "human");
  await page.selectOption("#white", "human");
  await page.click("#start");
  await waitMoves(page, 0, "go marking: new game");
  await clickPoint(page, "C3");
  await waitMoves(page, 1, "go marking: C3");
  await clickPoint(page, "A1");
  await waitMoves(page, 2, "go marking: A1");
  await page.click("#pass");
  await waitMoves(page, 3, "go marking: pass");
  await page.click("#pass");
  // The search marks the chains it sees dead first (for the people to confirm): wait for it, then
  // mark A1 dead if it did not.
  await page.waitForFunction(() => {
    const b = document.querySelector("#board");
    return Number(b.dataset.moves) >= 4 && b.dataset.thinking === "false";
  });
  check(/click dead chains/.test(await page.textContent("#status")), "go marking: no marking step");
  if (!(await page.$('#board [data-point="A1"].stone.white.dead'))) await clickPoint(page, "A1");
  await page.waitForSelector('#board [data-point="A1"].stone.white.dead');
  await page.screenshot({ path: path.join(shots, "go-marking.png"), fullPage: true });
  await page.click("#done");
  await page.waitForFunction(() => /Game over: Black wins by [\d.]+ points \(B\+/.test(document.querySelector("#status").textContent));
  check(/territory/.test(await page.textContent("#result-breakdown")), "go marking: no breakdown of the result");
  await page.screenshot({ path: path.join(shots, "go-over.png"), fullPage: true });
  await page.close();
  console.log("ok go marking step: A1 marked dead, game counted");
}

// Two people in two browsers (separate contexts: separate localStorage) play a whole game of Go
// through the invitation links; a third browser watches; an undo needs the other's consent; a move
// without the seat's token is refused with 403.
async function twoBrowsers(browser) {
  const open = async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.errors = errors;
    return page;
  };
  const creator = await open();
  await creator.goto(base);
  await creator.waitForSelector("#game option", { state: "attached" });
  await creator.selectOption("#game", "go");
  await creator.selectOption("#size", "5");
  await creator.selectOption("#black", "human");
  await creator.selectOption("#white", "human");
  await creator.click("#start");
  await creator.waitForSelector('#invite a[data-seat="white"]');
  const links = {};
  for (const seat of ["black", "white"]) links[seat] = await creator.getAttribute(`#invite a[data-seat="${seat}"]`, "href");
  const id = links.black.split("#")[1].split("&")[0];
  check(/^[0-9a-f]{32}$/.test(id), `two browsers: no game id in ${links.black}`);
  const black = await open();
  const white = await open();
  const watcher = await open();
  await black.goto(links.black);
  await white.goto(links.white);
  await watcher.goto(`${base}#${id}`);
  const all = [black, white, watcher];
  for (const p of all) await waitMoves(p, 0, "two browsers: the game opens");
  check(!(await black.evaluate(() => location.hash)).includes("="), "two browsers: the token stays in the address");

  // White clicks out of turn, the watcher clicks: nothing is sent.
  await clickPoint(white, "B2");
  await white.waitForFunction(() => /waiting for the other player/.test(document.querySelector("#message").textContent));
  await clickPoint(watcher, "B2");
  await watcher.waitForFunction(() => /waiting for the other player/.test(document.querySelector("#message").textContent));
  // A request without the seat's token is refused.
  const status = await watcher.evaluate(async (id) => {
    const r = await fetch(`/api/games/${id}/moves`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ move: "C3" }) });
    return r.status;
  }, id);
  check(status === 403, `two browsers: a move without a token got ${status}`);

  const play = async (page, point, n) => {
    await clickPoint(page, point);
    for (const p of all) await waitMoves(p, n, `two browsers: ${point} reaches every browser`);
  };
  await play(black, "C3", 1);
  await play(white, "A1", 2);
  await play(black, "C2", 3);
  // Black asks to take C2 back; White accepts in its own browser.
  await black.click("#undo");
  await white.waitForSelector("#undo-answer:not(.hidden)");
  await white.click("#undo-accept");
  for (const p of all) await waitMoves(p, 2, "two browsers: the undo reaches every browser");
  await play(black, "B3", 3);
  await white.click("#pass");
  for (const p of all) await waitMoves(p, 4, "two browsers: white passes");
  await black.click("#pass");
  // The search's marks come first (if it sees a dead chain); then A1 is marked dead if it is not.
  for (const p of all) {
    await p.waitForFunction(() => {
      const b = document.querySelector("#board");
      return Number(b.dataset.moves) >= 5 && b.dataset.thinking === "false";
    }, null, { timeout: 30000 });
  }
  if (!(await black.$('#board [data-point="A1"].stone.white.dead'))) await clickPoint(black, "A1");
  await black.waitForSelector('#board [data-point="A1"].stone.white.dead');
  await black.click("#done");
  for (const p of all) {
    await p.waitForFunction(() => /Game over: Black wins by [\d.]+ points \(B\+/.test(document.querySelector("#status").textContent), null, { timeout: 10000 });
  }
  await watcher.screenshot({ path: path.join(shots, "two-browsers-watcher.png"), fullPage: true });
  for (const p of [creator, ...all]) {
    check(p.errors.length === 0, `two browsers: page errors: ${p.errors.join("; ")}`);
    await p.context().close();
  }
  console.log("ok two browsers: a whole game through invitation links, watched, undo agreed, 403 without a token");
}

// The lobby: Ann starts a game with White's seat open; Bob, in another browser, joins it from the
// lobby with one click, and they play a move each.
async function lobby(browser) {
  const ann = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await ann.goto(base);
  await ann.waitForSelector("#game option", { state: "attached" });
  await ann.selectOption("#game", "go");
  await ann.selectOption("#size", "5");
  await ann.selectOption("#black", "human");
  await ann.selectOption("#white", "human");
  await ann.fill("#name", "Ann");
  await ann.check("#open-seat");
  await ann.selectOption("#clock", "10m+5s");
  await ann.click("#start");
  await waitMoves(ann, 0, "lobby: Ann's game");
  await ann.waitForFunction(() => /Waiting in the lobby/.test(document.querySelector("#status").textContent));
  const id = (await ann.evaluate(() => location.hash)).slice(1);
  const bob = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await bob.goto(base);
  await bob.fill("#name", "Bob");
  await bob.click(`#lobby-open button.join[data-id="${id}"]`, { timeout: 15000 });
  await waitMoves(bob, 0, "lobby: Bob joined");
  await ann.waitForFunction(() => /Black \(Ann\) to move/.test(document.querySelector("#status").textContent), null, { timeout: 10000 });
  await clickPoint(ann, "C3");
  for (const p of [ann, bob]) await waitMoves(p, 1, "lobby: Ann's move");
  await clickPoint(bob, "D3");
  for (const p of [ann, bob]) await waitMoves(p, 2, "lobby: Bob's move");
  check(/White \(Bob\)|Black \(Ann\)/.test(await bob.textContent("#status")), "lobby: names not shown");
  const clock = await bob.textContent("#clock-black");
  check(/^10:0[0-9]$/.test(clock), `lobby: Black's clock shows ${clock}, not about 10:05`);
  await bob.screenshot({ path: path.join(shots, "lobby.png"), fullPage: true });
  await ann.context().close();
  await bob.context().close();
  console.log("ok lobby: an open seat joined with one click, a move each");
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-proxy-server"],
  });
  let failed = 0;
  const runs = GAMES.map((g) => [g.game, () => playOne(browser, g)]);
  runs.push(["go marking step", () => markingStep(browser)]);
  runs.push(["two browsers", () => twoBrowsers(browser)]);
  runs.push(["lobby", () => lobby(browser)]);
  try {
    for (const [name, run] of runs) {
      try {
        await run();
      } catch (e) {
        failed++;
        console.log(`FAILED ${name}: ${e.message}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${runs.length - failed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
