// Signing in and creating an account: one modal dialog (the browser's own <dialog>, so focus stays inside it and
// Escape closes it) with a name and a password, its refusals said in words (a wrong password, a name taken, too
// many tries and how long to wait). And the line under every name field that says who you play as, with the
// controls to sign in, to create an account, or to sign out.
import { h } from "../ui/dom";
import type { App } from "../core/app";
import { pageLink } from "../ui/nav";
import { ErrorCode, RequestError, errorText } from "../core/net";
import { storage } from "../core/storage";

type Mode = "sign-in" | "register";

const NAME_RULE = "3 to 24 letters, digits, spaces, '_', '-' or '.', starting with a letter or digit";
const PASSWORD_MIN = 8;

// "the name 'Ann' is taken" -> "The name 'Ann' is taken."
export function sentence(text: string): string {
  const t = text.trim();
  if (!t) return t;
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? "" : ".");
}

// A refusal of a sign-in, a registration or a password change, in words.
export function accountErrorText(error: unknown): string {
  if (!(error instanceof RequestError)) return sentence(errorText(error));
  switch (error.code) {
    case ErrorCode.BAD_CREDENTIALS:
      return /current password/.test(error.message) ? "The current password is wrong." : "Wrong name or password.";
    case ErrorCode.NAME_TAKEN:
      return `${sentence(error.message)} Choose another name.`;
    case ErrorCode.RATE_LIMITED:
      return `Too many tries: wait ${waitText(error.retryAfterMs)}, then try again.`;
    default:
      return sentence(error.message);
  }
}

function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds < 120 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
}

// What is wrong with an entry before it is sent (the server checks again): the words, and the field to fix.
function entryProblem(
  mode: Mode,
  name: string,
  password: string
): { text: string; field: "name" | "password" } | undefined {
  if (!name) return { text: "Your name, please.", field: "name" };
  const chars = [...name].length;
  if (mode === "register" && (chars < 3 || chars > 24)) return { text: `A name holds ${NAME_RULE}.`, field: "name" };
  if (!password) return { text: "Your password, please.", field: "password" };
  if (mode === "register" && password.length < PASSWORD_MIN)
    return { text: `A password needs at least ${PASSWORD_MIN} characters.`, field: "password" };
  return undefined;
}

// The sign-in and registration dialog: one form for both, told apart by its mode.
class SignInDialog {
  private mode: Mode = "sign-in";
  private waitUntil = 0;
  private waitTimer = 0;
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
  private readonly nameHint = h("p", { class: "hint", id: "account-name-hint" }, `Names: ${NAME_RULE}.`);
  private readonly passwordHint = h(
    "p",
    { class: "hint", id: "account-password-hint" },
    `At least ${PASSWORD_MIN} characters.`
  );
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
        h("div", { class: "field" }, h("label", { for: "account-name" }, "Name"), this.nameInput, this.nameHint),
        h(
          "div",
          { class: "field" },
          h("label", { for: "account-password" }, "Password"),
          this.passwordInput,
          this.passwordHint
        ),
        h("div", { class: "field check" }, showPassword, h("label", { for: "show-password" }, "Show the password")),
        this.error,
        h(
          "div",
          { class: "buttons" },
          this.submit,
          h(
            "button",
            { type: "button", class: "secondary", id: "sign-in-cancel", onclick: () => this.element.close() },
            "Cancel"
          )
        ),
        h("p", { class: "switch" }, this.switchText, this.switchButton)
      )
    );
  }

  open(mode: Mode): void {
    this.show(mode);
    this.element.showModal();
    this.nameInput.focus();
  }

  private show(next: Mode): void {
    this.mode = next;
    const registering = next === "register";
    this.title.textContent = registering ? "Create an account" : "Sign in";
    this.intro.textContent = registering
      ? "An account keeps your name for you alone and rates your matches against other players with accounts."
      : "Sign in to play under your own name and keep your rating.";
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
    this.submit.textContent = registering ? "Create account" : "Sign in";
    this.switchText.textContent = registering ? "Already have an account? " : "No account yet? ";
    this.switchButton.textContent = registering ? "Sign in" : "Create one";
    this.error.textContent = "";
  }

  // After a refusal with a wait: the button stays off, and the message counts down, until the wait is over.
  private countDown(): void {
    window.clearTimeout(this.waitTimer);
    const left = this.waitUntil - Date.now();
    this.submit.disabled = left > 0;
    if (left <= 0) {
      if (/^Too many tries/.test(this.error.textContent ?? "")) this.error.textContent = "You can try again now.";
      return;
    }
    this.error.textContent = `Too many tries: wait ${waitText(left)}, then try again.`;
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
      this.app.onFlash(
        this.mode === "register"
          ? `Welcome, ${this.app.account?.name ?? name}: your account is made and you are signed in.`
          : `Signed in as ${this.app.account?.name ?? name}.`,
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
      h("span", { id: "signed-in-as" }, "Signed in as ", h("strong", {}, name)),
      h("span", { class: "sep", "aria-hidden": "true" }, " · "),
      pageLink(app, "/account", "Your account", { id: "account-link" }),
      h("span", { class: "sep", "aria-hidden": "true" }, " · "),
      h(
        "button",
        { type: "button", class: "link", id: "sign-out", onclick: () => void signOut(app, false) },
        "Sign out"
      )
    );
  }
  return h(
    "p",
    { class: "account-line", id: "account-line" },
    h("span", {}, "Playing as a guest. "),
    h("button", { type: "button", class: "link", id: "sign-in-open", onclick: () => openSignIn("sign-in") }, "Sign in"),
    " or ",
    h(
      "button",
      { type: "button", class: "link", id: "register-open", onclick: () => openSignIn("register") },
      "create an account"
    ),
    " to keep your name and get a rating."
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
    app.onFlash(everywhere ? "Signed out on every device." : "Signed out.", "info");
  } catch (error) {
    app.onFlash(`Could not sign out: ${errorText(error)}`, "error");
  }
}
