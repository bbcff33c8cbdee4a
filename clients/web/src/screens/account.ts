// The account page (/account): who you are signed in as, signing out here or everywhere, a new password, and the
// API keys a bot or another program signs in with (a new key is shown once, with a button to copy it).
import { h, replaceContent } from "../ui/dom";
import { profilePath, type App, type Screen } from "../core/app";
import { keysPanel } from "./api_keys";
import { dateText } from "../words/dates";
import { navLine, pageLink } from "../ui/nav";
import { accountErrorText, openSignIn, signOut } from "./sign_in";
import { t } from "../words/i18n";

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
      replaceContent(body, state === "signing-in" ? h("p", { class: "panel" }, t("account.signingIn")) : notSignedIn());
      return;
    }
    replaceContent(body, accountSummary(app, app.account), password, keys.element);
    keys.load();
  };

  const element = h(
    "div",
    { class: "screen account-screen" },
    h("h1", {}, t("account.title")),
    navLine(app, ["/", t("account.backToStart")], ["/leaderboard", t("account.leaderboard")]),
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
    h("p", {}, t("account.notSignedIn")),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "button", id: "account-sign-in", onclick: () => openSignIn("sign-in") }, t("account.signIn")),
      h(
        "button",
        { type: "button", class: "secondary", onclick: () => openSignIn("register") },
        t("account.createAccount")
      )
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
      t("account.memberSince", { date: dateText(account.createdUnix) }),
      " ",
      pageLink(app, profilePath(account.name), t("account.ownProfile"), { id: "own-profile" })
    ),
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        { type: "button", class: "secondary", id: "account-sign-out", onclick: () => void signOut(app, false) },
        t("account.signOut")
      ),
      h(
        "button",
        {
          type: "button",
          class: "secondary",
          id: "sign-out-everywhere",
          onclick: () => {
            if (confirm(t("account.signOutEverywhereConfirm"))) void signOut(app, true);
          },
        },
        t("account.signOutEverywhere")
      )
    ),
    h("p", { class: "hint" }, t("account.signOutEverywhereHint"))
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
  const submit = h("button", { type: "submit", id: "change-password" }, t("account.changePassword"));
  const send = async (e: Event) => {
    e.preventDefault();
    status.textContent = "";
    done.textContent = "";
    if (!oldInput.value) {
      status.textContent = t("account.currentPasswordMissing");
      oldInput.focus();
      return;
    }
    if (newInput.value.length < PASSWORD_MIN) {
      status.textContent = t("account.newPasswordShort", { count: PASSWORD_MIN });
      newInput.focus();
      return;
    }
    submit.disabled = true;
    try {
      await app.changePassword(oldInput.value, newInput.value);
      oldInput.value = "";
      newInput.value = "";
      done.textContent = t("account.passwordChanged");
    } catch (error) {
      status.textContent = accountErrorText(error);
    } finally {
      submit.disabled = false;
    }
  };
  return h(
    "form",
    { class: "panel", id: "password-form", novalidate: true, onsubmit: send, "aria-labelledby": "password-title" },
    h("h2", { id: "password-title" }, t("account.changePasswordTitle")),
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "old-password" }, t("account.currentPassword")), oldInput),
      h(
        "div",
        { class: "field" },
        h("label", { for: "new-password" }, t("account.newPassword")),
        newInput,
        h("span", { class: "hint", id: "new-password-hint" }, t("account.newPasswordHint", { count: PASSWORD_MIN }))
      )
    ),
    h("div", { class: "buttons" }, submit),
    status,
    done
  );
}
