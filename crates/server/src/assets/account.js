"use strict";
// The account in the header: who is logged in (GET /api/session), a form to log in (POST
// /api/session) or register (POST /api/accounts), and Log out (DELETE /api/session). The session
// is an HttpOnly cookie: this page never sees its token. Logged in, the new-game form's name is the
// account's (the server names an account's seats so anyway).
(function () {
  const el = (id) => document.getElementById(id);

  async function call(method, url, body) {
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

  function say(text) {
    el("account-message").textContent = text || "";
  }

  function show(account) {
    const name = account && account.name;
    el("account-in").classList.toggle("hidden", !name);
    el("account-out").classList.toggle("hidden", !!name);
    el("account-name").textContent = name || "";
    const field = el("name");
    if (field) {
      if (name) field.value = name;
      field.disabled = !!name;
      field.title = name ? "your account's name" : "";
    }
    if (name) {
      el("account-password").value = "";
      el("account-out").open = false;
      say("");
    }
  }

  async function send(url) {
    say("");
    const body = { name: el("account-user").value.trim(), password: el("account-password").value };
    try {
      show((await call("POST", url, body)).account);
    } catch (e) {
      say(e.message);
    }
  }

  el("account-form").addEventListener("submit", (event) => {
    event.preventDefault();
    send("/api/session");
  });
  el("register").addEventListener("click", () => {
    if (el("account-form").reportValidity()) send("/api/accounts");
  });
  el("log-out").addEventListener("click", async () => {
    try {
      show((await call("DELETE", "/api/session")).account);
    } catch (e) {
      show(null);
    }
  });
  call("GET", "/api/session")
    .then((d) => show(d.account))
    .catch(() => show(null));
})();
