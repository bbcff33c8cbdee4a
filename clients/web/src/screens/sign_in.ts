// Signing in and creating an account: one modal dialog (the browser's own <dialog>, so focus stays inside it and
// Escape closes it) with a name and a password, its refusals said in words (a wrong password, a name taken, too
// many tries and how long to wait). And the line under every name field that says who you play as, with the
// controls to sign in, to create an account, or to sign out.
import { h, type Child } from "../ui/dom";
import type { App } from "../core/app";
import { pageLink } from "../ui/nav";
import { ErrorCode, RequestError, errorText } from "../core/net";
import { storage } from "../core/storage";
import { onLanguageChange, t } from "../words/i18n";

type Mode = "sign-in" | "register";

const PASSWORD_MIN = 8;

// "the name 'Ann' is taken" -> "The name 'Ann' is taken."
export function sentence(text: string): string {
  const said = text.trim();
  if (!said) return said;
  return said[0].toUpperCase() + said.slice(1) + (/[.!?]$/.test(said) ? "" : ".");
}

// A refusal of a sign-in, a registration or a password change, in words.
export function accountErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return sentence(errorText(error));
  switch (error.code) {
    case ErrorCode.BAD_CREDENTIALS:
      return /current password/.test(error.message) ? t("signin.currentPasswordWrong") : t("signin.wrongCredentials");
    case ErrorCode.NAME_TAKEN:
      return t("signin.nameTaken", { refusal: sentence(error.message) });
    case ErrorCode.RATE_LIMITED:
      return tooManyTries(error.retryAfterMs);
    default:
      return sentence(error.message);
  }
}

// "Too many tries: wait 30 seconds, then try again." (minutes from two minutes on).
function tooManyTries(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120
    ? t("signin.tooManyTriesSeconds", { count: seconds })
    : t("signin.tooManyTriesMinutes", { count: Math.ceil(seconds / 60) });
}

// A sentence with elements inside it (a name in bold, a button): the message is formatted around markers and each
// marker replaced by its element, so that every language orders the sentence its own way.
function sentenceWith(key: string, elements: Record<string, Node>): Child[] {
  const values: Record<string, string> = {};
  for (const name of Object.keys(elements)) values[name] = `\u0000${name}\u0000`;
  return t(key, values)
    .split("\u0000")
    .map((piece, i) => (i % 2 === 1 ? elements[piece] : piece))
    .filter((piece) => piece !== "");
}

// What is wrong with an entry before it is sent (the server checks again): the words, and the field to fix.
function entryProblem(
  mode: Mode,
  name: string,
  password: string
): { text: string; field: "name" | "password" } | undefined {
  if (!name) return { text: t("signin.nameMissing"), field: "name" };
  const chars = [...name].length;
  if (mode === "register" && (chars < 3 || chars > 24)) return { text: t("signin.nameRuleBroken"), field: "name" };
  if (!password) return { text: t("signin.passwordMissing"), field: "password" };
  if (mode === "register" && password.length < PASSWORD_MIN)
    return { text: t("signin.passwordTooShort", { count: PASSWORD_MIN }), field: "password" };
  return undefined;
}

// The sign-in and registration dialog: one form for both, told apart by its mode.
class SignInDialog {
  private mode: Mode = "sign-in";
  private waitUntil = 0;
  private waitTimer = 0;
  private waitShown = ""; // the countdown's latest words, replaced by "you can try again" when the wait is over
  private readonly title = h("h2", { id: "sign-in-title" });
  private readonly intro = h("p", { class: "muted", id: "sign-in-intro" });
  private readonly nameInput = h("input", {
    id: "account-name",
    name: "username",
    maxlength: 24,
    required: true,
    autocomplete: "username",
    spellcheck: "false",
    autocapitalize: "off",
  });
  private readonly passwordInput = h("input", {
    id: "account-password",
    name: "password",
    type: "password",
    maxlength: 128,
    required: true,
  });
  private readonly nameHint = h("p", { class: "hint", id: "account-name-hint" });
  private readonly passwordHint = h("p", { class: "hint", id: "account-password-hint" });
  private readonly nameLabel = h("label", { for: "account-name" });
  private readonly passwordLabel = h("label", { for: "account-password" });
  private readonly showLabel = h("label", { for: "show-password" });
  private readonly cancel = h("button", {
    type: "button",
    class: "secondary",
    id: "sign-in-cancel",
    onclick: () => this.element.close(),
  });
  private readonly error = h("p", { class: "form-error", id: "sign-in-error", role: "alert" });
  private readonly submit = h("button", { type: "submit", id: "sign-in-submit" });
  private readonly switchText = h("span", {});
  private readonly switchButton = h("button", {
    type: "button",
    class: "link",
    id: "sign-in-switch",
    onclick: () => this.show(this.mode === "sign-in" ? "register" : "sign-in"),
  });
  readonly element: HTMLDialogElement;

  constructor(private readonly app: App) {
    const showPassword: HTMLInputElement = h("input", {
      id: "show-password",
      type: "checkbox",
      onchange: () => {
        this.passwordInput.type = showPassword.checked ? "text" : "password";
      },
    });
    this.element = h(
      "dialog",
      { id: "sign-in", class: "dialog", "aria-labelledby": "sign-in-title", "aria-describedby": "sign-in-intro" },
      h(
        "form",
        { id: "sign-in-form", novalidate: true, onsubmit: (e: Event) => void this.send(e) },
        this.title,
        this.intro,
        h("div", { class: "field" }, this.nameLabel, this.nameInput, this.nameHint),
        h("div", { class: "field" }, this.passwordLabel, this.passwordInput, this.passwordHint),
        h("div", { class: "field check" }, showPassword, this.showLabel),
        this.error,
        h("div", { class: "buttons" }, this.submit, this.cancel),
        h("p", { class: "switch" }, this.switchText, this.switchButton)
      )
    );
    this.label();
    // The dialog is made once for the page: its words follow the language (a refusal shown stays as it was said).
    onLanguageChange(() => this.label());
  }

  // The words of the dialog in the current language and mode.
  private label(): void {
    const registering = this.mode === "register";
    this.nameLabel.textContent = t("signin.nameLabel");
    this.passwordLabel.textContent = t("signin.passwordLabel");
    this.showLabel.textContent = t("signin.showPassword");
    this.cancel.textContent = t("signin.cancel");
    this.nameHint.textContent = t("signin.nameHint");
    this.passwordHint.textContent = t("signin.passwordHint", { count: PASSWORD_MIN });
    this.title.textContent = registering ? t("signin.registerTitle") : t("signin.signInTitle");
    this.intro.textContent = registering ? t("signin.registerIntro") : t("signin.signInIntro");
    this.submit.textContent = registering ? t("signin.registerSubmit") : t("signin.signInSubmit");
    this.switchText.textContent = `${registering ? t("signin.haveAccount") : t("signin.noAccount")} `;
    this.switchButton.textContent = registering ? t("signin.switchToSignIn") : t("signin.switchToRegister");
  }

  open(mode: Mode): void {
    this.show(mode);
    this.element.showModal();
    this.nameInput.focus();
  }

  private show(next: Mode): void {
    this.mode = next;
    const registering = next === "register";
    this.label();
    this.passwordInput.autocomplete = registering ? "new-password" : "current-password";
    this.nameHint.hidden = !registering;
    this.passwordHint.hidden = !registering;
    for (const [input, hint] of [
      [this.nameInput, "account-name-hint"],
      [this.passwordInput, "account-password-hint"],
    ] as const) {
      if (registering) input.setAttribute("aria-describedby", hint);
      else input.removeAttribute("aria-describedby");
    }
    this.error.textContent = "";
  }

  // After a refusal with a wait: the button stays off, and the message counts down, until the wait is over.
  private countDown(): void {
    window.clearTimeout(this.waitTimer);
    const left = this.waitUntil - Date.now();
    this.submit.disabled = left > 0;
    if (left <= 0) {
      if (this.error.textContent === this.waitShown) this.error.textContent = t("signin.tryAgainNow");
      return;
    }
    this.error.textContent = this.waitShown = tooManyTries(left);
    this.waitTimer = window.setTimeout(() => this.countDown(), Math.min(1000, left));
  }

  private async send(e: Event): Promise<void> {
    e.preventDefault();
    this.error.textContent = "";
    const name = this.nameInput.value.trim();
    const password = this.passwordInput.value;
    const problem = entryProblem(this.mode, name, password);
    if (problem) {
      this.error.textContent = problem.text;
      (problem.field === "name" ? this.nameInput : this.passwordInput).focus();
      return;
    }
    this.submit.disabled = true;
    try {
      if (this.mode === "register") await this.app.register(name, password);
      else await this.app.signIn(name, password);
      this.passwordInput.value = "";
      this.element.close();
      const who = this.app.account?.name ?? name;
      this.app.onFlash(
        this.mode === "register" ? t("signin.welcome", { name: who }) : t("signin.signedInFlash", { name: who }),
        "info"
      );
    } catch (err) {
      this.refused(err);
    } finally {
      if (Date.now() >= this.waitUntil) this.submit.disabled = false;
    }
  }

  // A refusal in words, with the field to fix focused (or the wait counted down).
  private refused(err: unknown): void {
    this.error.textContent = accountErrorText(err);
    if (!(err instanceof RequestError)) return;
    if (err.code === ErrorCode.RATE_LIMITED && err.retryAfterMs > 0) {
      this.waitUntil = Date.now() + err.retryAfterMs;
      this.countDown();
    } else if (err.code === ErrorCode.NAME_TAKEN || err.code === ErrorCode.BAD_NAME) {
      this.nameInput.focus();
    } else if (err.code === ErrorCode.BAD_CREDENTIALS || err.code === ErrorCode.BAD_PASSWORD) {
      this.passwordInput.select();
      this.passwordInput.focus();
    }
  }
}

let dialog: SignInDialog | undefined;

// The dialog, made once and kept in the page (main.ts mounts it beside the screens).
export function signInDialog(app: App): HTMLDialogElement {
  dialog ??= new SignInDialog(app);
  return dialog.element;
}

export function openSignIn(mode: Mode): void {
  dialog?.open(mode);
}

// Under a name field: who this page plays as, and the controls to change it. Made again on every refresh.
export function accountLine(app: App): HTMLElement {
  const name = app.accountName;
  if (name !== undefined) {
    return h(
      "p",
      { class: "account-line", id: "account-line" },
      h("span", { id: "signed-in-as" }, sentenceWith("signin.signedInAs", { name: h("strong", {}, name) })),
      h("span", { class: "sep", "aria-hidden": "true" }, " · "),
      pageLink(app, "/account", t("signin.yourAccount"), { id: "account-link" }),
      h("span", { class: "sep", "aria-hidden": "true" }, " · "),
      h(
        "button",
        { type: "button", class: "link", id: "sign-out", onclick: () => void signOut(app, false) },
        t("signin.signOut")
      )
    );
  }
  const signIn = h(
    "button",
    { type: "button", class: "link", id: "sign-in-open", onclick: () => openSignIn("sign-in") },
    t("signin.signInLink")
  );
  const register = h(
    "button",
    { type: "button", class: "link", id: "register-open", onclick: () => openSignIn("register") },
    t("signin.registerLink")
  );
  return h(
    "p",
    { class: "account-line", id: "account-line" },
    h("span", {}, t("signin.guest"), " "),
    sentenceWith("signin.guestOffer", { signIn, register })
  );
}

// A name field shows the account's name while signed in, not to be edited (a guest's own name comes back on
// signing out).
export function syncNameField(app: App, input: HTMLInputElement): void {
  const name = app.accountName;
  if (name !== undefined) {
    if (input.value !== name) input.value = name;
    input.readOnly = true;
    input.setAttribute("aria-describedby", "account-line");
  } else if (input.readOnly) {
    input.readOnly = false;
    input.value = storage.name();
    input.removeAttribute("aria-describedby");
  }
}

export async function signOut(app: App, everywhere: boolean): Promise<void> {
  try {
    await app.signOut(everywhere);
    app.onFlash(everywhere ? t("signin.signedOutEverywhere") : t("signin.signedOut"), "info");
  } catch (error) {
    app.onFlash(t("signin.signOutFailed", { detail: errorText(error) }), "error");
  }
}
