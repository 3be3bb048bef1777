// What the page remembers and the settings around a game: the new-game form keeps its choices
// (localStorage), the komi and handicap a ruleset has (the catalog says which), sound on a move
// (off unless asked for, remembered), and the game-over panel with "new game" and "rematch".
// Loaded before app.js, whose `$`, `api`, `catalog` and `createGame` these call.
"use strict";

/// The form's fields, remembered together.
const FORM = ["game", "ruleset", "size", "black", "white", "clock", "komi", "handicap"];

function remember(key, value) {
  try {
    localStorage.setItem(key, value);
  } catch (e) {
    /* no storage: the page forgets */
  }
}

function recall(key) {
  try {
    return localStorage.getItem(key);
  } catch (e) {
    return null;
  }
}

function saveForm() {
  const form = {};
  for (const k of FORM) form[k] = document.getElementById(k).value;
  remember("stones-form", JSON.stringify(form));
}

/// Puts back the choices of the last visit (a value the page no longer offers is left out).
function restoreForm() {
  let form;
  try {
    form = JSON.parse(recall("stones-form")) || {};
  } catch (e) {
    form = {};
  }
  const put = (k) => {
    const el = document.getElementById(k);
    if (form[k] === undefined || !el) return;
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === form[k])) return;
    el.value = form[k];
  };
  put("game");
  fillGameChoices();
  for (const k of FORM.slice(1)) put(k);
  showSettings();
}

/// The settings of the chosen ruleset: `{komi: 7.5, handicap: 0}` for Go, `{}` where none apply.
function rulesetSettings() {
  const g = catalog.games.find((x) => x.game === $("#game").value);
  const r = g && g.rulesets.find((x) => x.name === $("#ruleset").value);
  return (r && r.settings) || {};
}

/// Shows komi and handicap where the ruleset has them.
function showSettings() {
  const s = rulesetSettings();
  $("#komi-label").classList.toggle("hidden", !("komi" in s));
  $("#komi").placeholder = s.komi === undefined || s.komi === null ? "the ruleset's" : `the ruleset's: ${s.komi}`;
  $("#handicap-label").classList.toggle("hidden", !("handicap" in s));
}

/// The ruleset keys the form sets: size, and komi and handicap where they apply.
function formSet() {
  const set = {};
  if ($("#size").value) set.size = JSON.parse($("#size").value);
  const s = rulesetSettings();
  const komi = $("#komi").value.trim();
  if ("komi" in s && komi !== "") set.komi = Number(komi);
  if ("handicap" in s && $("#handicap").value) set.handicap = Number($("#handicap").value);
  return Object.keys(set).length ? set : undefined;
}

/// Sound: a short beep on each new move, when the box is ticked (remembered; off at first).
let audio = null;
let heard = { id: null, moves: 0 };

function setupSound() {
  $("#sound").checked = recall("stones-sound") === "on";
  $("#sound").addEventListener("change", () => remember("stones-sound", $("#sound").checked ? "on" : "off"));
}

function soundFor(s) {
  const more = heard.id === s.id && s.moves.length > heard.moves;
  heard = { id: s.id, moves: s.moves.length };
  if (!more || !$("#sound").checked) return;
  document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const now = audio.currentTime;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = s.moves[s.moves.length - 1].player === "black" ? 520 : 700;
    gain.gain.setValueAtTime(0.15, now);
    gain.gain.exponentialRampToValueAtTime(0.001, now + 0.12);
    tone.connect(gain).connect(audio.destination);
    tone.start(now);
    tone.stop(now + 0.13);
  } catch (e) {
    /* no WebAudio: silence */
  }
}

/// The game-over panel: the result, its breakdown, and the ways on.
function showGameOver(s, lines) {
  const over = s.status === "over";
  $("#gameover").classList.toggle("hidden", !over);
  $("#gameover-result").textContent = over ? lines[0] : "";
  $("#result-breakdown").textContent = over ? lines.slice(1).join("\n") : "";
  $("#rematch").disabled = !s.request || !s.request.game;
}

/// The same game again, the colours swapped (the other side's player takes the first move).
function rematch() {
  if (!state || !state.request) return;
  const r = state.request;
  const body = { game: r.game, black: r.white || "human", white: r.black || "human" };
  for (const k of ["ruleset", "set", "clock"]) if (r[k] !== undefined && r[k] !== null) body[k] = r[k];
  const name = $("#name").value.trim();
  if (name) body.name = name;
  createGame(body);
}

function setupPrefs() {
  for (const k of FORM) document.getElementById(k).addEventListener("change", saveForm);
  $("#ruleset").addEventListener("change", showSettings);
  $("#game").addEventListener("change", showSettings);
  $("#new-game").addEventListener("click", () => startGame());
  $("#rematch").addEventListener("click", rematch);
  setupSound();
  restoreForm();
}
