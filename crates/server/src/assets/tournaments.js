// The tournaments' pages (made on the server): their buttons. Create a tournament, join one,
// start yours, and take your seat in your game of the round — the server hands the account its
// seat's token (POST /api/games/{id}/sit), kept as the main page keeps tokens, and the main page
// opens the game. A running tournament's page reads itself again every few seconds.
"use strict";

const message = (text) => {
  const m = document.getElementById("message");
  if (m) m.textContent = text;
};

async function post(url, body) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body || {}),
  });
  const value = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(value.error || `${response.status}`);
  return value;
}

async function act(button) {
  const { action, id, game } = button.dataset;
  button.disabled = true;
  try {
    if (action === "join") await post(`/api/tournaments/${id}/join`);
    if (action === "start") await post(`/api/tournaments/${id}/start`);
    if (action === "play") {
      const { seat, token } = await post(`/api/games/${game}/sit`);
      const key = `stones-tokens-${game}`;
      const tokens = JSON.parse(localStorage.getItem(key) || "{}");
      tokens[seat] = token;
      localStorage.setItem(key, JSON.stringify(tokens));
      location.href = `/#${game}`;
      return;
    }
    location.reload();
  } catch (e) {
    message(e.message);
    button.disabled = false;
  }
}

async function create(form) {
  const data = new FormData(form);
  const body = { system: data.get("system"), game: data.get("game"), clock: data.get("clock") };
  if (data.get("name")) body.name = data.get("name");
  if (body.system === "swiss") body.rounds = Number(data.get("rounds"));
  if (data.get("size")) body.set = { size: Number(data.get("size")) };
  try {
    const { id } = await post("/api/tournaments", body);
    location.href = `/tournaments/${id}`;
  } catch (e) {
    message(e.message);
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-action]");
  if (button) act(button);
});

const form = document.getElementById("create");
if (form) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    create(form);
  });
}

// A running tournament moves on by itself: read the page again while it does.
if (document.querySelector("#tournament[data-state='running']")) {
  setTimeout(() => location.reload(), 5000);
}
