// The account page (/account): who you are signed in as, signing out here or everywhere, a new password, and the
// API keys a bot or another program signs in with (a new key is shown once, with a button to copy it).
import { h, replaceContent } from "./dom";
import { profilePath, type App, type Screen } from "./app";
import type { ApiKeyInfo } from "./gen/golf/v1/messages_pb";
import { pageLink } from "./nav";
import { errorText } from "./net";
import { accountErrorText, openSignIn, signOut } from "./sign_in";

const PASSWORD_MIN = 8;

export function dateText(unix: bigint): string {
  return new Date(Number(unix) * 1000).toLocaleDateString(undefined, { year: "numeric", month: "long", day: "numeric" });
}

export function accountScreen(app: App): Screen {
  const body = h("div", { class: "account-body" });
  const password = passwordForm(app);
  const keys = keysPanel(app);
  let shown = "";  // the state last drawn: "", "signing-in", "guest" or the account's id

  const refresh = () => {
    const state = app.account ? String(app.account.id) : app.signingIn ? "signing-in" : "guest";
    if (state === shown) return;
    shown = state;
    if (!app.account) {
      keys.reset();
      replaceContent(body, state === "signing-in"
        ? h("p", { class: "panel" }, "Signing in...")
        : h("section", { class: "panel", id: "not-signed-in" },
            h("p", {}, "You are not signed in. Your account page shows once you are."),
            h("div", { class: "buttons" },
              h("button", { type: "button", id: "account-sign-in", onclick: () => openSignIn("sign-in") }, "Sign in"),
              h("button", { type: "button", class: "secondary", onclick: () => openSignIn("register") }, "Create an account"))));
      return;
    }
    const account = app.account;
    replaceContent(body,
      h("section", { class: "panel", id: "account-summary", "aria-labelledby": "account-summary-title" },
        h("h2", { id: "account-summary-title" }, account.name),
        h("p", {}, `Member since ${dateText(account.createdUnix)}. `,
          pageLink(app, profilePath(account.name), "Your profile and ratings", { id: "own-profile" })),
        h("div", { class: "buttons" },
          h("button", { type: "button", class: "secondary", id: "account-sign-out", onclick: () => void signOut(app, false) }, "Sign out"),
          h("button", { type: "button", class: "secondary", id: "sign-out-everywhere",
                        onclick: () => { if (confirm("Sign out on every device, this one too?")) void signOut(app, true); } },
            "Sign out everywhere")),
        h("p", { class: "hint" }, "Signing out everywhere ends every session of this account, on every device. API keys keep working until you revoke them.")),
      password,
      keys.element);
    keys.load();
  };

  const element = h("div", { class: "screen account-screen" },
    h("h1", {}, "Your account"),
    h("p", { class: "nav-line" }, pageLink(app, "/", "Back to the start"), " · ", pageLink(app, "/leaderboard", "Leaderboard")),
    body);
  refresh();
  return { kind: "account", element, refresh };
}

function passwordForm(app: App): HTMLElement {
  const oldInput = h("input", { id: "old-password", type: "password", autocomplete: "current-password", maxlength: 128 });
  const newInput = h("input", { id: "new-password", type: "password", autocomplete: "new-password", maxlength: 128,
                                "aria-describedby": "new-password-hint" });
  const status = h("p", { class: "form-error", id: "password-error", role: "alert" });
  const done = h("p", { class: "form-ok", id: "password-done", role: "status" });
  const submit = h("button", { type: "submit", id: "change-password" }, "Change password");
  const send = async (e: Event) => {
    e.preventDefault();
    status.textContent = "";
    done.textContent = "";
    if (!oldInput.value) {
      status.textContent = "Your current password, please.";
      oldInput.focus();
      return;
    }
    if (newInput.value.length < PASSWORD_MIN) {
      status.textContent = `A new password needs at least ${PASSWORD_MIN} characters.`;
      newInput.focus();
      return;
    }
    submit.disabled = true;
    try {
      await app.changePassword(oldInput.value, newInput.value);
      oldInput.value = "";
      newInput.value = "";
      done.textContent = "Password changed. Every other device that was signed in is signed out.";
    } catch (error) {
      status.textContent = accountErrorText(error);
    } finally {
      submit.disabled = false;
    }
  };
  return h("form", { class: "panel", id: "password-form", novalidate: true, onsubmit: send, "aria-labelledby": "password-title" },
    h("h2", { id: "password-title" }, "Change your password"),
    h("div", { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "old-password" }, "Current password"), oldInput),
      h("div", { class: "field" }, h("label", { for: "new-password" }, "New password"), newInput,
        h("span", { class: "hint", id: "new-password-hint" }, `At least ${PASSWORD_MIN} characters.`))),
    h("div", { class: "buttons" }, submit),
    status, done);
}

// The API keys: the list (newest first), a form to make one, and the one just made, shown once.
function keysPanel(app: App): { element: HTMLElement; load: () => void; reset: () => void } {
  const list = h("div", { id: "key-list" }, h("p", {}, "Loading your keys..."));
  const fresh = h("div", { id: "new-key-box", "aria-live": "polite" });
  const labelInput = h("input", { id: "key-label", maxlength: 40, autocomplete: "off", placeholder: "e.g. my bot" });
  const error = h("p", { class: "form-error", id: "key-error", role: "alert" });
  let loadedFor = -1n;

  const draw = (keys: ApiKeyInfo[]) => {
    if (keys.length === 0) {
      replaceContent(list, h("p", { class: "empty-note" }, "No keys yet."));
      return;
    }
    const th = (text: string) => h("th", { scope: "col", role: "columnheader" }, text);
    // On a phone each row becomes a small card (CSS), as in the lobby.
    replaceContent(list, h("div", { class: "scroll" }, h("table", { class: "keys", role: "table" },
      h("caption", { class: "visually-hidden" }, "Your API keys"),
      h("thead", { role: "rowgroup" }, h("tr", { role: "row" }, th("Label"), th("Starts with"), th("Made"), th("Last used"),
        h("th", { scope: "col", role: "columnheader" }, h("span", { class: "visually-hidden" }, "Actions")))),
      h("tbody", { role: "rowgroup" }, ...keys.map((k) => h("tr", { "data-key-id": String(k.id), role: "row" },
        h("td", { role: "cell", "data-label": "Label", class: "key-label" }, k.label),
        h("td", { role: "cell", "data-label": "Starts with" }, h("code", {}, `${k.prefix}…`)),
        h("td", { role: "cell", "data-label": "Made" }, dateText(k.createdUnix)),
        h("td", { role: "cell", "data-label": "Last used" }, k.lastUsedUnix > 0n ? dateText(k.lastUsedUnix) : "never"),
        h("td", { role: "cell", class: "key-actions" }, h("button", { type: "button", class: "small secondary", "data-key": `revoke-${k.id}`,
                                  "aria-label": `Revoke the key ${k.label}`, onclick: () => void revoke(k) }, "Revoke"))))))));
  };

  const reload = async () => {
    try {
      const reply = await app.request({ case: "listApiKeys", value: {} });
      if (reply.body.case === "apiKeys") draw(reply.body.value.keys);
    } catch (e) {
      replaceContent(list, h("p", { class: "form-error" }, `Could not list your keys: ${errorText(e)}`));
    }
  };

  const revoke = async (k: ApiKeyInfo) => {
    if (!confirm(`Revoke the key "${k.label}"? Programs that use it stop working at once.`)) return;
    error.textContent = "";
    try {
      await app.request({ case: "revokeApiKey", value: { keyId: k.id } });
      if (fresh.dataset.keyId === String(k.id)) replaceContent(fresh);
      app.onFlash(`The key "${k.label}" is revoked.`, "info");
      await reload();
    } catch (e) {
      error.textContent = accountErrorText(e);
    }
  };

  const copy = async (key: string, code: HTMLElement) => {
    try {
      await navigator.clipboard.writeText(key);
      app.onFlash("The key is copied.", "info");
    } catch {
      // No clipboard (an insecure page, a refusal): the key is selected, for the reader to copy.
      const range = document.createRange();
      range.selectNodeContents(code);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      app.onFlash("Copy the selected key (Ctrl+C).", "info");
    }
  };

  const create = async (e: Event) => {
    e.preventDefault();
    error.textContent = "";
    const label = labelInput.value.trim();
    if (!label) {
      error.textContent = "A label, please: it tells your keys apart.";
      labelInput.focus();
      return;
    }
    try {
      const reply = await app.request({ case: "createApiKey", value: { label } });
      if (reply.body.case !== "apiKeyCreated") return;
      const { info, key } = reply.body.value;
      labelInput.value = "";
      const code = h("code", { id: "new-key-value", class: "key-value" }, key);
      fresh.dataset.keyId = String(info?.id ?? "");
      replaceContent(fresh, h("div", { class: "new-key", id: "new-key" },
        h("p", {}, h("strong", {}, `Your new key "${info?.label ?? label}". `),
          "Copy it now: it is shown only this once (the server keeps only a hash of it)."),
        code,
        h("div", { class: "buttons" },
          h("button", { type: "button", id: "copy-key", onclick: () => void copy(key, code) }, "Copy the key"),
          h("button", { type: "button", class: "secondary", id: "hide-key",
                        onclick: () => { replaceContent(fresh); labelInput.focus(); } }, "I have copied it"))));
      await reload();
      fresh.querySelector<HTMLElement>("#copy-key")?.focus();
    } catch (err) {
      error.textContent = accountErrorText(err);
    }
  };

  const element = h("section", { class: "panel", id: "api-keys", "aria-labelledby": "api-keys-title" },
    h("h2", { id: "api-keys-title" }, "API keys"),
    h("p", { class: "hint" }, "A key lets a bot or another program play as you: it signs in with the key instead of your password. Revoke a key and it stops working at once."),
    h("form", { class: "key-form", id: "key-form", novalidate: true, onsubmit: create },
      h("div", { class: "field" }, h("label", { for: "key-label" }, "Label for a new key"), labelInput),
      h("button", { type: "submit", id: "create-key" }, "Create a key")),
    error, fresh, list);
  return {
    element,
    load: () => {
      const id = app.account?.id ?? -1n;
      if (id === loadedFor) return;
      loadedFor = id;
      void reload();
    },
    reset: () => {
      loadedFor = -1n;
      replaceContent(fresh);
      replaceContent(list, h("p", {}, "Loading your keys..."));
    },
  };
}
