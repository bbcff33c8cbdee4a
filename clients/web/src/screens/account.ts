// The account page (/account): who you are signed in as, signing out here or everywhere, a new password, and the
// API keys a bot or another program signs in with (a new key is shown once, with a button to copy it).
import { h, replaceContent } from "../ui/dom";
import { profilePath, type App, type Screen } from "../core/app";
import { keysPanel } from "./api_keys";
import { dateText } from "../words/dates";
import { navLine, pageLink } from "../ui/nav";
import { accountErrorText, openSignIn, signOut } from "./sign_in";

const PASSWORD_MIN = 8;

export function accountScreen(app: App): Screen {
  const body = h("div", { class: "account-body" });
  const password = passwordForm(app);
  const keys = keysPanel(app);
  let shown = ""; // the state last drawn: "", "signing-in", "guest" or the account's id

  const refresh = () => {
    const state = app.account ? String(app.account.id) : app.signingIn ? "signing-in" : "guest";
    if (state === shown) return;
    shown = state;
    if (!app.account) {
      keys.reset();
      replaceContent(body, state === "signing-in" ? h("p", { class: "panel" }, "Signing in...") : notSignedIn());
      return;
    }
    replaceContent(body, accountSummary(app, app.account), password, keys.element);
    keys.load();
  };

  const element = h(
    "div",
    { class: "screen account-screen" },
    h("h1", {}, "Your account"),
    navLine(app, ["/", "Back to the start"], ["/leaderboard", "Leaderboard"]),
    body
  );
  refresh();
  return { kind: "account", element, refresh };
}

// The account page of a guest: the ways to sign in.
function notSignedIn(): HTMLElement {
  return h(
    "section",
    { class: "panel", id: "not-signed-in" },
    h("p", {}, "You are not signed in. Your account page shows once you are."),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "button", id: "account-sign-in", onclick: () => openSignIn("sign-in") }, "Sign in"),
      h("button", { type: "button", class: "secondary", onclick: () => openSignIn("register") }, "Create an account")
    )
  );
}

// Who you are signed in as, since when, and signing out here or everywhere.
function accountSummary(app: App, account: NonNullable<App["account"]>): HTMLElement {
  return h(
    "section",
    { class: "panel", id: "account-summary", "aria-labelledby": "account-summary-title" },
    h("h2", { id: "account-summary-title" }, account.name),
    h(
      "p",
      {},
      `Member since ${dateText(account.createdUnix)}. `,
      pageLink(app, profilePath(account.name), "Your profile and ratings", { id: "own-profile" })
    ),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        { type: "button", class: "secondary", id: "account-sign-out", onclick: () => void signOut(app, false) },
        "Sign out"
      ),
      h(
        "button",
        {
          type: "button",
          class: "secondary",
          id: "sign-out-everywhere",
          onclick: () => {
            if (confirm("Sign out on every device, this one too?")) void signOut(app, true);
          },
        },
        "Sign out everywhere"
      )
    ),
    h(
      "p",
      { class: "hint" },
      "Signing out everywhere ends every session of this account, on every device. API keys keep working until you revoke them."
    )
  );
}

function passwordForm(app: App): HTMLElement {
  const oldInput = h("input", {
    id: "old-password",
    type: "password",
    autocomplete: "current-password",
    maxlength: 128,
  });
  const newInput = h("input", {
    id: "new-password",
    type: "password",
    autocomplete: "new-password",
    maxlength: 128,
    "aria-describedby": "new-password-hint",
  });
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
  return h(
    "form",
    { class: "panel", id: "password-form", novalidate: true, onsubmit: send, "aria-labelledby": "password-title" },
    h("h2", { id: "password-title" }, "Change your password"),
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "old-password" }, "Current password"), oldInput),
      h(
        "div",
        { class: "field" },
        h("label", { for: "new-password" }, "New password"),
        newInput,
        h("span", { class: "hint", id: "new-password-hint" }, `At least ${PASSWORD_MIN} characters.`)
      )
    ),
    h("div", { class: "buttons" }, submit),
    status,
    done
  );
}
