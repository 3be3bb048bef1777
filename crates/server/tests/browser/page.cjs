// The page beyond playing a move (issue 30): a finished game of every game says its result in
// words; the move list steps through a game and a button goes back to the live game; Hex offers
// Swap to a person as White; the Dots zone is drawn on 39 x 32; the win-rate graph after a game
// against the computer, and a rematch; the board first at 400 px (screenshots at 400 and 1280 px);
// every page on a 400 px phone: no sideways scrolling, the form first before a game, the lobby's
// labels in words, Hex without Go's score and with whole labels, nothing to click after the end;
// the form and the sound remembered; no 404 (the favicon); an SGF record uploaded for review;
// the account form in the header at 400 px (register, log out, a wrong password, log in).
//
//   node page.cjs BASE_URL SCREENSHOT_DIR
// playwright-core is found through NODE_PATH; the browser is CHROMIUM or /usr/bin/chromium.
"use strict";
const { chromium } = require("playwright-core");
const fs = require("fs");
const path = require("path");
const { check, moves, waitMoves, legalPoints, clickPoint, openPage, api, playThrough } = require("./helpers.cjs");

const [base, shots] = process.argv.slice(2);
if (!base || !shots) {
  console.error("usage: node page.cjs BASE_URL SCREENSHOT_DIR");
  process.exit(2);
}
fs.mkdirSync(shots, { recursive: true });

const human = { black: "human", white: "human" };

// A short finished game of each, and the words its result must have.
const FINISHED = [
  { game: "go", set: { size: 5 }, moves: ["C3", "pass", "pass", "done"], words: /^Black wins by [\d.]+ points/ },
  { game: "dots", set: { size: [10, 10] }, moves: ["D5", "E5", "F5", "E7", "E4", "F7", "E6", "stop", "stop"], words: /^Black wins by 1 point/ },
  { game: "gomoku", set: { size: 15, opening: "none" }, moves: ["H8", "A1", "H9", "A2", "H10", "A3", "H11", "A4", "H12"], words: /^Black wins with five in a row/ },
  { game: "trigo", set: { size: 3 }, moves: ["b2", "pass", "pass"], words: /^Black wins by \d+ points/ },
  { game: "connect6", set: { size: 13 }, moves: ["G7", "A1+A2", "G8+G9", "B1+B2", "G10+G11", "C1+C2", "G12+G6"], words: /^Black wins with six in a row/ },
  { game: "hex", set: { size: 5 }, moves: ["a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5"], words: /^Black wins by joining/ },
];

async function stones(page) {
  return page.$$eval("#board [data-point].stone", (els) => els.map((e) => e.dataset.point));
}

/// Where `selector` is drawn (relative to the top of the page), once it is laid out: a board just
/// replaced by a newer state's measures zero for a moment. `null` if it never is.
async function box(page, selector) {
  const found = await page.waitForFunction((selector) => {
    const el = document.querySelector(selector);
    const r = el && el.getBoundingClientRect();
    return r && r.width > 0 && { top: r.top + window.scrollY, left: r.left, right: r.right, w: r.width, h: r.height };
  }, selector, { timeout: 5000 }).catch(() => null);
  return found && found.jsonValue();
}

async function shownAt(page, n, what) {
  await page.waitForSelector(`#board[data-at="${n}"] svg`, { timeout: 10000 }).catch(() => {
    throw new Error(`${what}: the board does not show move ${n}`);
  });
}

// Every game, finished through the API, opened by its link: the result in words, not a code; the
// game-over panel; the review of a finished game.
async function finishedGames(browser) {
  for (const f of FINISHED) {
    const g = await playThrough(base, { game: f.game, set: f.set, ...human }, f.moves);
    const page = await openPage(browser, `${base}#${g.id}`);
    await page.waitForFunction(() => /^Game over/.test(document.querySelector("#status").textContent), null, { timeout: 10000 })
      .catch(() => { throw new Error(`${f.game}: the finished game does not say so`); });
    const status = (await page.textContent("#status")).replace(/^Game over: /, "");
    check(f.words.test(status), `${f.game}: the result reads '${status}'`);
    check(!/^[BW]\+/.test(status), `${f.game}: the result is a code: '${status}'`);
    check(await page.isVisible("#gameover #rematch"), `${f.game}: no game-over panel with a rematch`);
    check((await page.textContent("#gameover-result")) === status, `${f.game}: the panel's result differs`);
    // Review of the finished game: the board after move 1 has its one stone.
    await page.click('#moves li[data-n="1"]');
    await shownAt(page, 1, `${f.game}: review of the finished game`);
    const one = await stones(page);
    check(one.length === 1, `${f.game}: after move 1 the board has ${one.length} stones`);
    await page.click("#live");
    await shownAt(page, f.moves.length, `${f.game}: back to the end`);
    await page.screenshot({ path: path.join(shots, `${f.game}-finished.png`), fullPage: true });
    if (f.game === "go") {
      // "New game" starts one with the form's choices, and the panel goes.
      await page.click("#new-game");
      await page.waitForFunction((id) => location.hash.length > 1 && location.hash.slice(1) !== id, g.id, { timeout: 10000 });
      await waitMoves(page, 0, "go: the new game");
      check(!(await page.isVisible("#gameover")), "go: the game-over panel stays on a new game");
    }
    check(page.errors.length === 0, `${f.game}: ${page.errors.join("; ")}`);
    await page.context().close();
    console.log(`ok ${f.game} finished: ${status.split("\n")[0]}`);
  }
}

// Ten moves of Go between two people in one browser; move 3 shown, then ←/→, then back to the
// live game; a click on a past position plays nothing.
async function reviewStep(browser) {
  const page = await openPage(browser, base);
  await page.selectOption("#game", "go");
  await page.selectOption("#size", "9");
  await page.selectOption("#black", "human");
  await page.selectOption("#white", "human");
  await page.click("#start");
  await waitMoves(page, 0, "review: new game");
  const played = ["C3", "G7", "C7", "G3", "E5", "D4", "F6", "E3", "D6", "F4"];
  for (let i = 0; i < played.length; i++) {
    await clickPoint(page, played[i]);
    await waitMoves(page, i + 1, `review: move ${i + 1}`);
  }
  await page.click('#moves li[data-n="3"]');
  await shownAt(page, 3, "review: move 3");
  const three = (await stones(page)).sort();
  check(JSON.stringify(three) === JSON.stringify(played.slice(0, 3).sort()), `review: after move 3 the stones are ${three}`);
  check(await page.isVisible("#live"), "review: no button back to the live game");
  check(/After move 3 of 10/.test(await page.textContent("#review-text")), "review: the bar does not say which move");
  await page.screenshot({ path: path.join(shots, "review-move-3.png"), fullPage: true });
  // A click on the past position plays nothing.
  await clickPoint(page, "J9");
  await page.waitForFunction(() => /past position/.test(document.querySelector("#message").textContent));
  check((await moves(page)) === 10, "review: a click on a past position played");
  await page.keyboard.press("ArrowRight");
  await shownAt(page, 4, "review: → after move 3");
  check((await stones(page)).includes("G3"), "review: → does not show move 4");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await shownAt(page, 2, "review: ← ← from move 4");
  check((await stones(page)).length === 2, "review: after move 2 the board is wrong");
  await page.click("#live");
  await shownAt(page, 10, "review: back to the live game");
  check((await stones(page)).length === 10, "review: the live game lost stones");
  check(!(await page.isVisible("#review-bar")), "review: the bar stays after going back");
  // The estimate shades points of the position shown (the stones at least are someone's), and
  // goes at a second click.
  await page.click("#estimate");
  await page.waitForSelector("#board .owner", { timeout: 30000 }).catch(() => { throw new Error("review: no estimate drawn"); });
  check(/Estimate: Black [\d.]+, White [\d.]+/.test(await page.textContent("#message")), "review: the estimate says no score");
  await page.screenshot({ path: path.join(shots, "estimate.png"), fullPage: true });
  await page.click("#estimate");
  await page.waitForFunction(() => !document.querySelector("#board .owner"));
  // The live game goes on.
  await clickPoint(page, "B8");
  await waitMoves(page, 11, "review: a move after going back");
  check(page.errors.length === 0, `review: ${page.errors.join("; ")}`);
  await page.context().close();
  console.log("ok review: move 3 of 10 shown, ← →, back to the live game; the estimate drawn and taken away");
}

// Hex against the computer as White: Swap is offered after its first stone, and swaps; not with
// the noswap ruleset.
async function hexSwap(browser) {
  for (const ruleset of ["standard", "noswap"]) {
    const page = await openPage(browser, base);
    await page.selectOption("#game", "hex");
    await page.selectOption("#ruleset", ruleset);
    await page.selectOption("#size", "11");
    await page.selectOption("#black", "mcts");
    await page.selectOption("#white", "human");
    await page.click("#start");
    await waitMoves(page, 1, `hex ${ruleset}: the computer's first stone`);
    const offered = await page.isVisible("#swap") && (await page.isEnabled("#swap"));
    if (ruleset === "noswap") {
      check(!offered, "hex noswap: Swap is offered");
    } else {
      check(offered, "hex: no Swap for a person as White");
      await page.screenshot({ path: path.join(shots, "hex-swap.png"), fullPage: true });
      const before = await page.$$eval("#board [data-point].stone.black", (els) => els.length);
      check(before === 1, `hex: ${before} black stones before the swap`);
      await page.click("#swap");
      await waitMoves(page, 3, "hex: the swap and the computer's reply");
      check(/swap/.test(await page.textContent('#moves li[data-n="2"]')), "hex: move 2 is not the swap");
      check(!(await page.isVisible("#swap")), "hex: Swap still offered after the swap");
    }
    check(page.errors.length === 0, `hex ${ruleset}: ${page.errors.join("; ")}`);
    await page.context().close();
  }
  console.log("ok hex: Swap offered to White and played; not in noswap");
}

// Dots on 39 x 32: the first-move zone is drawn while it applies.
async function dotsZone(browser) {
  const page = await openPage(browser, base);
  await page.selectOption("#game", "dots");
  await page.selectOption("#size", "[39,32]");
  await page.selectOption("#black", "human");
  await page.selectOption("#white", "human");
  await page.click("#start");
  await waitMoves(page, 0, "dots 39x32: new game");
  const zone = await box(page, "#board .zone");
  check(zone && zone.w > 20 && zone.h > 20, `dots 39x32: no zone drawn (${JSON.stringify(zone)})`);
  check(!(await page.isVisible("#komi")) && !(await page.isVisible("#handicap")), "dots: komi or handicap offered");
  await page.screenshot({ path: path.join(shots, "dots-39x32.png"), fullPage: true });
  await page.context().close();
  console.log(`ok dots 39x32: the zone is drawn, ${Math.round(zone.w)} x ${Math.round(zone.h)} px`);
}

// Hex 5 x 5 against a quick computer to the end: its win rate and line after each of its moves,
// the graph with a point per computer move and the result, then a rematch with the colours swapped.
async function graphAfterGame(browser) {
  const g = await api(base, "POST", "/api/games", { game: "hex", set: { size: 5 }, black: "human", white: "mcts:playouts=300" });
  const page = await openPage(browser, g.invitations.black);
  await waitMoves(page, 0, "graph: the game opens");
  for (let n = 0; n < 25; n += 2) {
    const s = await page.$eval("#status", (e) => e.textContent);
    if (/^Game over/.test(s)) break;
    const legal = await legalPoints(page);
    check(legal.length > 0, "graph: no legal cell");
    await clickPoint(page, legal[0]);
    await page.waitForFunction((n) => {
      const b = document.querySelector("#board");
      return Number(b.dataset.moves) > n && b.dataset.thinking === "false" &&
        (Number(b.dataset.moves) >= n + 2 || /^Game over/.test(document.querySelector("#status").textContent));
    }, n, { timeout: 30000 }).catch(async () => {
      const server = await api(base, "GET", `/api/games/${g.id}`);
      const shown = await page.evaluate(() => [state.moves.length, state.thinking, drawn, document.querySelector("#board").dataset.moves]);
      throw new Error(`graph: no reply to ${legal[0]} at move ${n + 1}: ${await page.textContent("#status")} / ${await page.textContent("#message")}; server ${server.moves.length} ${server.thinking}, page ${shown}`);
    });
  }
  await page.waitForFunction(() => /^Game over/.test(document.querySelector("#status").textContent), null, { timeout: 10000 })
    .catch(() => { throw new Error("graph: the game did not end"); });
  const state = await api(base, "GET", `/api/games/${g.id}`);
  const thoughts = state.thoughts.length;
  check(thoughts >= 2, `graph: ${thoughts} thoughts of the computer`);
  // One point of view, said: Black's chance in the words, the move list and the graph.
  check(/Black's chance \d+%/.test(await page.textContent("#thought")), "graph: Black's chance not shown");
  check(await page.isVisible("#rate-label"), "graph: the move list's percentages are not labelled");
  const t = state.thoughts[0];
  const listed = (await page.textContent(`#moves li[data-n="${t.n}"] .rate`)).trim();
  check(listed === `${Math.round(t.black * 100)}%`, `graph: move ${t.n} lists ${listed}, Black's chance is ${t.black}`);
  // A point per computer move before the last move, and one for the result.
  const points = state.thoughts.filter((t) => t.n < state.moves.length).length + 1;
  await page.waitForFunction((n) => document.querySelectorAll("#graph svg .point").length === n, points, { timeout: 10000 })
    .catch(() => { throw new Error(`graph: expected ${points} points (each computer move and the result)`); });
  await page.screenshot({ path: path.join(shots, "win-rate-graph.png"), fullPage: true });
  await page.click("#rematch");
  await page.waitForFunction((id) => location.hash.length > 1 && location.hash.slice(1) !== id, g.id, { timeout: 10000 });
  await waitMoves(page, 1, "graph: the rematch, the computer opening");
  const again = await api(base, "GET", `/api/games/${(await page.evaluate(() => location.hash)).slice(1)}`);
  check(again.players.black === "mcts:playouts=300" && again.players.white === "human", "graph: the rematch did not swap colours");
  check(page.errors.length === 0, `graph: ${page.errors.join("; ")}`);
  await page.context().close();
  console.log(`ok graph: ${thoughts} computer moves and the result drawn; rematch with colours swapped`);
}

// At 400 px the board comes first (its top within the first 400 px); at 1280 the three columns.
async function layout(browser) {
  for (const width of [400, 1280]) {
    const page = await openPage(browser, base, { width, height: 800 });
    await page.selectOption("#game", "go");
    await page.selectOption("#size", "19");
    await page.click("#start");
    await waitMoves(page, 0, `layout ${width}: new game`);
    await page.evaluate(() => window.scrollTo(0, 0));
    const board = await box(page, "#board svg");
    check(board, `layout ${width}: no board drawn`);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    await page.screenshot({ path: path.join(shots, `layout-${width}.png`), fullPage: true });
    check(board.top < 400, `layout ${width}: the board's top is at ${Math.round(board.top)} px`);
    check(wide <= width, `layout ${width}: the page is ${wide} px wide`);
    check(board.right <= width, `layout ${width}: the board reaches ${Math.round(board.right)} px`);
    if (width === 1280) {
      const form = await page.$eval("#setup", (s) => s.getBoundingClientRect().right);
      check(board.left > form, `layout 1280: the board (left ${Math.round(board.left)} px) is not beside the form (right ${Math.round(form)} px)`);
    }
    check(page.errors.length === 0, `layout ${width}: ${page.errors.join("; ")}`);
    await page.context().close();
    console.log(`ok layout ${width}: board top at ${Math.round(board.top)} px`);
  }
}

/// The page's width beyond the window's (0: no sideways scrolling).
async function overflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

// A phone, 400 px wide (issue 37): every page fits without sideways scrolling; the landing page has
// the form first and no empty game panel; the lobby's labels read as words; Hex shows no score
// and no estimate, and its labels are whole; a game over or not this page's turn leaves nothing
// to click.
async function phone(browser) {
  const narrow = { width: 400, height: 800 };
  // Being played: a game with a move (listed), one nobody moved in (not listed); waiting: an open seat.
  const played = await playThrough(base, { game: "go", ruleset: "classic", set: { size: 9 }, ...human }, ["C3"]);
  const idle = await api(base, "POST", "/api/games", { game: "hex", set: { size: 11 }, ...human });
  const waiting = await api(base, "POST", "/api/games", { game: "gomoku", set: { size: 15 }, ...human, open: "white", name: "Cy" });

  // The landing page, the lobby on it.
  const page = await openPage(browser, base, narrow);
  await page.waitForSelector(`#lobby-playing a[href="#${played.id}"]`, { timeout: 10000 })
    .catch(() => { throw new Error("phone: the game with a move is not under being played"); });
  await page.waitForSelector(`#lobby-open button[data-id="${waiting.id}"]`);
  const playedLabel = await page.textContent(`#lobby-playing a[href="#${played.id}"]`);
  check(playedLabel === "Go 9×9, classic: guest v guest, 1 move", `phone: the lobby reads '${playedLabel}'`);
  const waitingLabel = (await page.textContent(`#lobby-open li:has(button[data-id="${waiting.id}"])`)).trim();
  check(/^Gomoku 15×15(, [\w-]+)?: Cy v open, 0 moves join as white$/.test(waitingLabel), `phone: the open seat reads '${waitingLabel}'`);
  check(!(await page.$(`#lobby-playing a[href="#${idle.id}"]`)), "phone: a game nobody moved in is under being played");
  for (const text of await page.$$eval("#lobby-open li, #lobby-playing li", (els) => els.map((e) => e.textContent))) {
    check(!/\[|\b1 moves\b/.test(text), `phone: a lobby label reads '${text}'`);
  }
  check((await overflow(page)) <= 0, `phone: the landing page is ${await overflow(page)} px too wide`);
  for (const sel of ["#buttons", "#score", "#estimate", "#undo"]) check(!(await page.isVisible(sel)), `phone: ${sel} shown before a game`);
  const form = await box(page, "#setup");
  check(form && form.top < 120, `phone: the form starts at ${form && Math.round(form.top)} px`);
  await page.screenshot({ path: path.join(shots, "phone-landing.png"), fullPage: true });
  check(page.errors.length === 0, `phone landing: ${page.errors.join("; ")}`);
  await page.context().close();

  // Hex 11 x 11 played to its end, opened by Black's seat: no score, no estimate, whole labels,
  // nothing to click but the ways on.
  const moves = [];
  for (let i = 1; i <= 10; i++) moves.push(`a${i}`, `b${i}`);
  moves.push("a11");
  const hex = await playThrough(base, { game: "hex", set: { size: 11 }, ...human }, moves);
  const game = await openPage(browser, hex.invitations.black, narrow);
  await game.waitForFunction(() => /^Game over/.test(document.querySelector("#status").textContent), null, { timeout: 10000 })
    .catch(() => { throw new Error("phone: the finished Hex game does not say so"); });
  check(!(await game.isVisible("#score")), "phone: Hex shows a score table");
  check(!(await game.isVisible("#estimate")), "phone: Hex offers an estimate of the score");
  check(await game.isDisabled("#undo"), "phone: Undo can be clicked after the game is over");
  for (const b of ["#pass", "#resign", "#swap"]) {
    check(!(await game.isVisible(b)) || (await game.isDisabled(b)), `phone: ${b} can be clicked after the game is over`);
  }
  const cut = await game.evaluate(() => {
    const svg = document.querySelector("#board svg").getBoundingClientRect();
    return [...document.querySelectorAll("#board svg text")].filter((t) => {
      const r = t.getBoundingClientRect();
      return r.left < svg.left - 0.5 || r.right > svg.right + 0.5 || r.top < svg.top - 0.5 || r.bottom > svg.bottom + 0.5;
    }).map((t) => t.textContent);
  });
  check(cut.length === 0, `phone: Hex labels cut by the board's edge: ${cut.join(" ")}`);
  check((await overflow(game)) <= 0, `phone: the game page is ${await overflow(game)} px too wide`);
  const board = await box(game, "#board svg");
  check(board && board.top < 200, `phone: the board starts at ${board && Math.round(board.top)} px`);
  await game.screenshot({ path: path.join(shots, "phone-hex-over.png"), fullPage: true });
  check(game.errors.length === 0, `phone hex: ${game.errors.join("; ")}`);
  await game.context().close();

  // Go, White to move, opened by Black's seat: Pass and Resign wait for Black's turn; Undo asks.
  const go = await openPage(browser, played.invitations.black, narrow);
  await waitMoves(go, 1, "phone: the Go game opens");
  check(await go.isVisible("#score") && (await go.isVisible("#estimate")), "phone: Go has no score or estimate");
  check(await go.isDisabled("#pass"), "phone: Pass can be clicked on White's turn by Black");
  check(await go.isDisabled("#resign"), "phone: Resign can be clicked on White's turn by Black");
  check(await go.isEnabled("#undo"), "phone: Black cannot ask to take C3 back");
  check((await overflow(go)) <= 0, `phone: the Go page is ${await overflow(go)} px too wide`);
  check(go.errors.length === 0, `phone go: ${go.errors.join("; ")}`);
  await go.context().close();

  // The statistics page.
  const stats = await (await browser.newContext({ viewport: narrow })).newPage();
  await stats.goto(new URL("/stats/go", base).href);
  check(!!(await stats.$('meta[name="viewport"]')), "phone: the statistics page has no viewport tag");
  check((await overflow(stats)) <= 0, `phone: the statistics page is ${await overflow(stats)} px too wide`);
  await stats.screenshot({ path: path.join(shots, "phone-stats.png"), fullPage: true });
  await stats.context().close();
  console.log("ok phone: landing, lobby, game and statistics pages fit 400 px; lobby labels; Hex without score, labels whole; nothing to click out of turn or after the end");
}

/// Waits until `f(arg)` holds on `page`, or fails with `what`.
async function until(page, f, arg, what) {
  await page.waitForFunction(f, arg, { timeout: 10000 }).catch(async () => {
    throw new Error(`${what} (seat '${await page.textContent("#seat")}', title '${await page.title()}', message '${await page.textContent("#message")}')`);
  });
}

// Seats handed over (issue 36, point 7): the creator's page and White's invitation link opened in
// two browser contexts (no shared localStorage). The invitee's page claims White, says so and drops
// the token from the address; the creator's page plays Black only; the tab's title marks whose turn
// it is; an undo asked by either side is answered on the other's page.
async function seats(browser) {
  const creator = await openPage(browser, base);
  await creator.evaluate(() => createGame({ game: "go", set: { size: 5 }, black: "human", white: "human" }));
  await until(creator, () => document.querySelector("#seat").textContent === "You play both sides", null, "seats: the creator's page holds both seats");
  const link = await creator.getAttribute('#invite a[data-seat="white"]', "href");
  const id = link.split("#")[1].split("&")[0];
  check(/&white=[0-9a-f]{32}$/.test(link), `seats: the invitation link is ${link}`);
  await until(creator, () => document.title === "● Your turn — stones", null, "seats: the creator's title does not mark Black's turn");

  const invitee = await openPage(browser, link);
  await until(invitee, () => document.querySelector("#seat").textContent === "You play White", null, "seats: the invitee's page does not say it plays White");
  check((await invitee.evaluate(() => location.hash)) === `#${id}`, "seats: the link's token stays in the address bar");
  check((await invitee.title()) === "stones", "seats: White's title marks a turn on Black's move");
  // The creator's page, told of the claim, finds its White token refused and forgets it.
  await until(creator, () => document.querySelector("#seat").textContent === "You play Black", null, "seats: the creator's page still holds White");

  // Black moves; the turn is White's: the creator's page cannot move for White, the invitee's can.
  await clickPoint(creator, "C3");
  await waitMoves(creator, 1, "seats: Black's move");
  await waitMoves(invitee, 1, "seats: Black's move reaches White");
  await until(invitee, () => document.title === "● Your turn — stones", null, "seats: White's title does not mark its turn");
  await until(creator, () => document.title === "stones", null, "seats: Black's title still marks a turn");
  check(await creator.isDisabled("#pass"), "seats: the creator's page can pass for White");
  check(await invitee.isEnabled("#pass"), "seats: White cannot pass");
  await clickPoint(creator, "D3");
  await until(creator, () => /waiting for the other player/.test(document.querySelector("#message").textContent), null, "seats: the creator's page moved for White");
  check((await moves(creator)) === 1, "seats: the creator's page played White's move");
  await clickPoint(invitee, "D3");
  await waitMoves(invitee, 2, "seats: White's move");
  await waitMoves(creator, 2, "seats: White's move reaches Black");

  // White asks to take D3 back: Black's page asks Black, who declines.
  await invitee.click("#undo");
  await until(creator, () => !document.querySelector("#undo-answer").classList.contains("hidden") && /^White asks/.test(document.querySelector("#undo-question").textContent), null, "seats: White's undo request does not show on Black's page");
  await until(invitee, () => /^Asked the other player/.test(document.querySelector("#message").textContent), null, "seats: White's page does not say it asked");
  check(!(await invitee.isVisible("#undo-answer")), "seats: White is asked to answer its own request");
  await creator.click("#undo-decline");
  await until(invitee, () => document.querySelector("#undo-answer").classList.contains("hidden") && !/asks/.test(document.querySelector("#message").textContent), null, "seats: the declined request stays");
  // Black asks: White's page asks White, who accepts; D3 is taken back on both pages.
  await creator.click("#undo");
  await until(invitee, () => !document.querySelector("#undo-answer").classList.contains("hidden") && /^Black asks/.test(document.querySelector("#undo-question").textContent), null, "seats: Black's undo request does not show on White's page");
  await until(creator, () => /^Asked the other player/.test(document.querySelector("#message").textContent), null, "seats: Black's page does not say it asked");
  check(!(await creator.isVisible("#undo-answer")), "seats: Black is asked to answer its own request");
  await invitee.click("#undo-accept");
  await waitMoves(invitee, 1, "seats: the undo accepted");
  await waitMoves(creator, 1, "seats: the undo reaches Black");
  await until(invitee, () => document.title === "● Your turn — stones", null, "seats: after the undo White's title does not mark its turn");
  await invitee.screenshot({ path: path.join(shots, "seats-white.png"), fullPage: true });

  // A reload keeps the seat (nothing claimed again with a dead token).
  await invitee.reload();
  await until(invitee, () => document.querySelector("#seat").textContent === "You play White", null, "seats: after a reload the invitee's page lost White");
  check(!(await invitee.textContent("#message")), `seats: after a reload: ${await invitee.textContent("#message")}`);
  for (const page of [creator, invitee]) {
    check(page.errors.length === 0, `seats: ${page.errors.join("; ")}`);
    await page.context().close();
  }
  console.log("ok seats: the link claims White, the creator's page keeps Black only, the title marks the turn, undo asked by either side answered on the other's page");
}

// Accounts (issue 36, point 5) on a 400 px phone: the header's form registers, the name shows and
// becomes the new-game form's; log out; a wrong password is refused with the server's words; log in
// again; a game against the computer says it is unrated. Nothing scrolls sideways, form open or not.
async function accounts(browser) {
  const page = await openPage(browser, base, { width: 400, height: 800 });
  const name = `Pat${Date.now() % 100000}`;
  check(await page.isVisible("#account-out summary"), "accounts: no Log in in the header");
  check(!(await page.isVisible("#account-form")), "accounts: the form is open at first");
  await page.click("#account-out summary");
  await page.fill("#account-user", name);
  await page.fill("#account-password", "a good password");
  check((await overflow(page)) <= 0, `accounts: the open form is ${await overflow(page)} px too wide`);
  await page.screenshot({ path: path.join(shots, "account-form.png"), fullPage: true });
  await page.click("#register");
  await until(page, (n) => document.querySelector("#account-name").textContent === n, name, "accounts: the registered name is not shown");
  check(!(await page.isVisible("#account-form")), "accounts: the form stays open once logged in");
  check((await page.inputValue("#name")) === name && (await page.isDisabled("#name")), "accounts: the new-game form's name is not the account's");
  check((await overflow(page)) <= 0, `accounts: logged in, the page is ${await overflow(page)} px too wide`);
  await page.click("#log-out");
  await until(page, () => !document.querySelector("#account-out").classList.contains("hidden"), null, "accounts: Log in is not back after logging out");
  check(!(await page.isDisabled("#name")), "accounts: the name field stays locked after logging out");
  const who = await page.evaluate(() => fetch("/api/session").then((r) => r.json()));
  check(who.account === null, `accounts: logged out, the server says ${JSON.stringify(who)}`);
  await page.click("#account-out summary");
  await page.fill("#account-user", name);
  await page.fill("#account-password", "a wrong password");
  await page.click("#log-in");
  await until(page, () => /wrong name or password/.test(document.querySelector("#account-message").textContent), null, "accounts: a wrong password is not refused in words");
  await page.fill("#account-password", "a good password");
  await page.click("#log-in");
  await until(page, (n) => document.querySelector("#account-name").textContent === n, name, "accounts: logging in does not show the name");
  await page.evaluate(() => createGame({ game: "go", set: { size: 5 }, black: "human", white: "random" }));
  await until(page, () => /^Unrated/.test(document.querySelector("#rated").textContent), null, "accounts: a game against the computer does not say it is unrated");
  await page.screenshot({ path: path.join(shots, "account-logged-in.png"), fullPage: true });
  check(page.errors.length === 0, `accounts: ${page.errors.join("; ")}`);
  await page.context().close();
  console.log("ok accounts: registered, logged out, a wrong password refused, logged in, an unrated game says so, at 400 px");
}

// Dots' large field on a phone (issue 37, point 3): the board shows the points around the last
// move, each large enough to tap, and a button switches to the whole field and back.
async function dotsZoom(browser) {
  const g = await api(base, "POST", "/api/games", { game: "dots", ...human });
  const point = g.legal[Math.floor(g.legal.length / 3)];
  await api(base, "POST", `/api/games/${g.id}/moves`, { move: point }, g.tokens.black);
  // The page holds both seats (as the creator's would).
  const page = await openPage(browser, base, { width: 400, height: 800 });
  await page.evaluate(([id, t]) => localStorage.setItem(`stones-tokens-${id}`, JSON.stringify(t)), [g.id, g.tokens]);
  await page.goto(`${base}#${g.id}`);
  await page.waitForSelector('#board svg[data-zoomed="true"]');
  // What a tap hits: the distance between neighbouring points (a tap goes to the nearest).
  const size = async () => page.$eval(`#board [data-point="${point}"]`, (c) => {
    const all = [...document.querySelectorAll("#board [data-point]")].map((p) => p.getBoundingClientRect());
    const me = c.getBoundingClientRect();
    return Math.min(...all.map((r) => Math.hypot(r.left - me.left, r.top - me.top)).filter((d) => d > 0.5));
  });
  const zoomedSize = await size();
  check(zoomedSize >= 24, `dots zoom: points are ${zoomedSize} px apart, zoomed`);
  // A tap between circles, a third of the way from the point right of the last move to the next,
  // plays the nearest: the one right of the last move.
  const [target, x, y] = await page.$eval(`#board [data-point="${point}"]`, (c, gap) => {
    const me = c.getBoundingClientRect();
    const right = [...document.querySelectorAll("#board circle.empty")].find((p) => {
      const r = p.getBoundingClientRect();
      return Math.abs(r.top - me.top) < 1 && Math.abs(r.left - me.left - gap) < 2;
    });
    const r = right.getBoundingClientRect();
    return [right.dataset.point, r.left + r.width / 2 + gap / 3, r.top + r.height / 2];
  }, zoomedSize);
  await page.mouse.click(x, y);
  await waitMoves(page, 2, "dots zoom: a tap beside a point");
  const played = await api(base, "GET", `/api/games/${g.id}`);
  check(played.moves[1].move === target, `dots zoom: the tap played ${played.moves[1].move}, not ${target}`);
  check(await page.isVisible("#zoom"), "dots zoom: no button for the whole field");
  check((await overflow(page)) <= 0, `dots zoom: the page is ${await overflow(page)} px too wide`);
  await page.screenshot({ path: path.join(shots, "phone-dots-zoom.png"), fullPage: true });
  await page.click("#zoom");
  await page.waitForSelector("#board svg:not([data-zoomed])");
  const whole = await size();
  check(whole < zoomedSize / 2, `dots zoom: the whole field's point is ${whole} px, zoomed ${zoomedSize}`);
  check((await page.textContent("#zoom")) === "Zoom in", "dots zoom: the button does not say Zoom in");
  await page.click("#zoom");
  await page.waitForSelector('#board svg[data-zoomed="true"]');
  // A small board on a phone, or a large one on a wide screen: no zoom.
  const wide = await openPage(browser, `${base}#${g.id}`, { width: 1280, height: 900 });
  await wide.waitForSelector("#board svg");
  check(!(await wide.isVisible("#zoom")), "dots zoom: a wide screen has the zoom button");
  check(page.errors.length === 0 && wide.errors.length === 0, `dots zoom: ${[...page.errors, ...wide.errors].join("; ")}`);
  await wide.context().close();
  await page.context().close();
  console.log(`ok dots zoom: ${zoomedSize.toFixed(0)} px a point zoomed, ${whole.toFixed(0)} px whole, on a 400 px phone`);
}

/// Waits for `f(arg)` on `page`, else fails saying `what` and the page's address and message.
async function untilOn(page, f, arg, what) {
  await page.waitForFunction(f, arg, { timeout: 10000 }).catch(async () => {
    const said = await page.evaluate(() => document.querySelector("#message")?.textContent || "");
    throw new Error(`${what} (at ${page.url()}, message '${said}')`);
  });
}

// Tournaments (issue 37, point 1): two accounts at 400 px; one creates a round robin on the
// tournaments page, both join it there, the creator starts it, each takes its seat with
// "Play your game", Black plays a point on the board and White resigns; the tournament's page
// then shows it finished, the standings and the crosstable, without sideways scrolling.
async function tournament(browser) {
  const narrow = { width: 400, height: 800 };
  const stamp = Date.now() % 100000;
  const pages = [];
  for (const who of ["Tia", "Uma"]) {
    const page = await openPage(browser, base, narrow);
    const name = `${who}${stamp}`;
    const status = await page.evaluate(async (n) => (await fetch("/api/accounts", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: n, password: "a good password" }),
    })).status, name);
    check(status === 201, `tournament: registering ${name} answered ${status}`);
    pages.push(page);
  }
  const [a, b] = pages;
  await a.goto(new URL("/tournaments", base).href);
  check((await overflow(a)) <= 0, `tournament: the list is ${await overflow(a)} px too wide`);
  await a.selectOption("#create select[name=game]", "go");
  await a.fill("#create input[name=size]", "5");
  await a.selectOption("#create select[name=system]", "round-robin");
  await a.fill("#create input[name=name]", `Cup ${stamp}`);
  await a.click("#create button[type=submit]");
  await a.waitForURL(/\/tournaments\/[0-9a-f]+$/);
  const url = a.url();
  // The creator plays too: it joins like anyone.
  await a.click("button[data-action=join]");
  await untilOn(a, () => document.querySelectorAll("#players li").length === 1, null, "tournament: the creator is not listed after Join");
  await b.goto(url);
  await b.click("button[data-action=join]");
  await untilOn(b, () => document.querySelectorAll("#players li").length === 2, null, "tournament: the second player is not listed after Join");
  await a.reload();
  await a.click("button[data-action=start]");
  await untilOn(a, () => !!document.querySelector("button[data-action=play]"), null, "tournament: no game to play after the start");
  await b.reload();
  for (const page of pages) {
    await page.click("button[data-action=play]");
    await page.waitForSelector("#board svg");
  }
  const seatOf = async (page) => (await page.textContent("#seat")) || "";
  await untilOn(a, () => /You play/.test(document.querySelector("#seat").textContent), null, "tournament: the game does not say which seat this page plays");
  const black = /Black/.test(await seatOf(a)) ? a : b;
  const white = black === a ? b : a;
  check(/White/.test(await seatOf(white)), `tournament: the other page plays '${await seatOf(white)}'`);
  const points = await legalPoints(black);
  await clickPoint(black, points[0]);
  await waitMoves(white, 1, "tournament: Black's move does not reach White's page");
  await white.click("#resign");
  await untilOn(white, () => /resign|wins/i.test(document.querySelector("#status").textContent), null, "tournament: the resignation is not shown");
  await a.goto(url);
  await untilOn(a, () => /Finished/.test(document.querySelector("#about").textContent), null, "tournament: the tournament does not end with its only game");
  const rows = await a.$$eval("#standings tr", (trs) => trs.slice(1).map((tr) => [...tr.cells].map((c) => c.textContent)));
  check(rows.length === 2 && rows[0][2] === "1" && rows[1][2] === "0", `tournament: standings ${JSON.stringify(rows)}`);
  check(/^\+2[bw]$/.test(rows[0][5]) && /^-1[bw]$/.test(rows[1][5]), `tournament: crosstable ${JSON.stringify(rows)}`);
  check((await overflow(a)) <= 0, `tournament: the page is ${await overflow(a)} px too wide`);
  await a.screenshot({ path: path.join(shots, "tournament-400.png"), fullPage: true });
  for (const page of pages) check(page.errors.length === 0, `tournament: ${page.errors.join("; ")}`);
  console.log("ok tournament: created, joined, started, both seated, a move and a resignation, the standings at 400 px");
}

// An SGF record uploaded opens at its start; → steps through it, End goes to its last move.
async function uploaded(browser) {
  const page = await openPage(browser, base);
  const sgf = "(;GM[1]FF[4]SZ[9]KM[6.5];B[ee];W[cc];B[gg];W[cg])";
  await page.setInputFiles("#upload", { name: "game.sgf", mimeType: "application/x-go-sgf", buffer: Buffer.from(sgf) });
  await shownAt(page, 0, "upload: the start");
  check((await stones(page)).length === 0, "upload: the start is not empty");
  check((await moves(page)) === 4, "upload: not the record's four moves");
  await page.keyboard.press("ArrowRight");
  await shownAt(page, 1, "upload: → to move 1");
  check(JSON.stringify(await stones(page)) === JSON.stringify(["E5"]), "upload: move 1 is not E5");
  await page.keyboard.press("End");
  await shownAt(page, 4, "upload: End");
  check((await stones(page)).length === 4, "upload: the end has not four stones");
  // The whole game analysed: a point for the start and each move.
  await page.click("#analyse");
  await page.waitForFunction(() => document.querySelectorAll("#graph svg .point").length === 5, null, { timeout: 30000 })
    .catch(() => { throw new Error("upload: the analysis has not a point per position"); });
  await page.screenshot({ path: path.join(shots, "upload-analysed.png"), fullPage: true });
  // A record that does not replay says why.
  await page.setInputFiles("#upload", { name: "bad.sgf", mimeType: "application/x-go-sgf", buffer: Buffer.from("(;GM[1]SZ[9];B[ee];B[cc])") });
  await page.waitForFunction(() => /bad.sgf: .*out of turn/.test(document.querySelector("#message.error")?.textContent));
  check(page.errors.length === 0, `upload: ${page.errors.join("; ")}`);
  await page.context().close();
  console.log("ok upload: an SGF record reviewed from its start and analysed; a bad one refused with its reason");
}

// The form and the sound setting survive a reload; sound is off at first and beeps when on.
async function remembered(browser) {
  const page = await openPage(browser, base);
  check(!(await page.isChecked("#sound")), "prefs: sound is on at first");
  await page.selectOption("#game", "go");
  await page.selectOption("#size", "13");
  await page.selectOption("#black", "human");
  await page.selectOption("#white", "human");
  check(await page.isVisible("#komi"), "prefs: Go offers no komi");
  await page.fill("#komi", "3.5");
  await page.selectOption("#handicap", "2");
  await page.check("#sound");
  await page.click("#start");
  await waitMoves(page, 0, "prefs: new game");
  const s = await api(base, "GET", `/api/games/${(await page.evaluate(() => location.hash)).slice(1)}`);
  check(s.request.set && s.request.set.komi === 3.5 && s.request.set.handicap === 2, `prefs: the game got ${JSON.stringify(s.request.set)}`);
  check(s.to_move === "white", "prefs: with a handicap White moves first");
  await clickPoint(page, "G7");
  await waitMoves(page, 1, "prefs: a move");
  await page.waitForFunction(() => document.body.dataset.beeps === "1", null, { timeout: 5000 })
    .catch(() => { throw new Error("prefs: no sound on the move"); });
  await page.goto(`${base}`);
  await page.waitForSelector("#game option", { state: "attached" });
  await page.reload();
  await page.waitForSelector("#game option", { state: "attached" });
  const form = await page.evaluate(() => ["game", "size", "black", "white", "komi", "handicap"].map((k) => document.getElementById(k).value));
  check(JSON.stringify(form) === JSON.stringify(["go", "13", "human", "human", "3.5", "2"]), `prefs: the form came back as ${form}`);
  check(await page.isChecked("#sound"), "prefs: the sound setting was forgotten");
  const icon = await page.evaluate(async () => (await fetch(document.querySelector('link[rel="icon"]').href)).status);
  check(icon === 200, `prefs: the favicon answers ${icon}`);
  check(page.errors.length === 0, `prefs: ${page.errors.join("; ")}`);
  await page.context().close();
  console.log("ok prefs: form, komi, handicap and sound remembered; a beep; the favicon");
}

(async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--no-proxy-server"],
  });
  const runs = [
    ["finished games", finishedGames],
    ["review", reviewStep],
    ["hex swap", hexSwap],
    ["dots zone", dotsZone],
    ["win-rate graph", graphAfterGame],
    ["layout", layout],
    ["phone", phone],
    ["remembered", remembered],
    ["upload", uploaded],
    ["seats", seats],
    ["accounts", accounts],
    ["tournament", tournament],
    ["dots zoom", dotsZoom],
  ];
  let failed = 0;
  try {
    // ONLY=NAME runs the checks whose name contains NAME (while working on one).
    for (const [name, run] of runs.filter(([n]) => n.includes(process.env.ONLY || ""))) {
      try {
        await run(browser);
      } catch (e) {
        failed++;
        console.log(`FAILED ${name}: ${e.message}`);
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`${failed ? "some" : "all"} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
