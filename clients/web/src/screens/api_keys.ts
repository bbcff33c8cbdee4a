// The account page's API keys: the list (newest first), a form to make one, and the one just made, shown once
// with a button to copy it. A bot or another program signs in with a key instead of the password.
import { h, replaceContent } from "../ui/dom";
import type { App } from "../core/app";
import type { ApiKeyInfo } from "../gen/golf/v1/messages_pb";
import { dateText } from "../words/dates";
import { errorText } from "../core/net";
import { accountErrorText } from "./sign_in";
import { t } from "../words/i18n";

export function keysPanel(app: App): { element: HTMLElement; load: () => void; reset: () => void } {
  const list = h("div", { id: "key-list" }, h("p", {}, t("account.loadingKeys")));
  const fresh = h("div", { id: "new-key-box", "aria-live": "polite" });
  const labelInput = h("input", {
    id: "key-label",
    maxlength: 40,
    autocomplete: "off",
    placeholder: t("account.keyLabelPlaceholder"),
  });
  const error = h("p", { class: "form-error", id: "key-error", role: "alert" });
  let loadedFor = -1n;

  const draw = (keys: ApiKeyInfo[]) => {
    if (keys.length === 0) {
      replaceContent(list, h("p", { class: "empty-note" }, t("account.noKeys")));
      return;
    }
    replaceContent(list, keysTable(keys, revoke));
  };

  const reload = async () => {
    try {
      const reply = await app.request({ case: "listApiKeys", value: {} });
      if (reply.body.case === "apiKeys") draw(reply.body.value.keys);
    } catch (e) {
      replaceContent(list, h("p", { class: "form-error" }, t("account.keysFailed", { error: errorText(e) })));
    }
  };

  const revoke = async (k: ApiKeyInfo) => {
    if (!confirm(t("account.revokeConfirm", { label: k.label }))) return;
    error.textContent = "";
    try {
      await app.request({ case: "revokeApiKey", value: { keyId: k.id } });
      if (fresh.dataset.keyId === String(k.id)) replaceContent(fresh);
      app.onFlash(t("account.keyRevoked", { label: k.label }), "info");
      await reload();
    } catch (e) {
      error.textContent = accountErrorText(e);
    }
  };

  const create = (e: Event) => {
    e.preventDefault();
    return createKey(app, { labelInput, error, fresh }, reload);
  };

  const element = keysSection(
    h("div", { class: "field" }, h("label", { for: "key-label" }, t("account.keyLabelField")), labelInput),
    create,
    error,
    fresh,
    list
  );
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
      replaceContent(list, h("p", {}, t("account.loadingKeys")));
    },
  };
}

// Makes a key with the label typed, shows it once, and lists the keys again.
async function createKey(
  app: App,
  form: { labelInput: HTMLInputElement; error: HTMLElement; fresh: HTMLElement },
  reload: () => Promise<void>
): Promise<void> {
  form.error.textContent = "";
  const label = form.labelInput.value.trim();
  if (!label) {
    form.error.textContent = t("account.keyLabelMissing");
    form.labelInput.focus();
    return;
  }
  try {
    const reply = await app.request({ case: "createApiKey", value: { label } });
    if (reply.body.case !== "apiKeyCreated") return;
    const { info, key } = reply.body.value;
    form.labelInput.value = "";
    form.fresh.dataset.keyId = String(info?.id ?? "");
    replaceContent(
      form.fresh,
      newKey(app, key, info?.label ?? label, () => {
        replaceContent(form.fresh);
        form.labelInput.focus();
      })
    );
    await reload();
    form.fresh.querySelector<HTMLElement>("#copy-key")?.focus();
  } catch (err) {
    form.error.textContent = accountErrorText(err);
  }
}

// The panel: what a key is for, the form that makes one (`field`: its label), the key just made, and the list.
function keysSection(field: HTMLElement, create: (e: Event) => Promise<void>, ...below: HTMLElement[]): HTMLElement {
  return h(
    "section",
    { class: "panel", id: "api-keys", "aria-labelledby": "api-keys-title" },
    h("h2", { id: "api-keys-title" }, t("account.apiKeysTitle")),
    h("p", { class: "hint" }, t("account.apiKeysHint")),
    h(
      "form",
      { class: "key-form", id: "key-form", novalidate: true, onsubmit: create },
      field,
      h("button", { type: "submit", id: "create-key" }, t("account.createKey"))
    ),
    ...below
  );
}

// On a phone each row becomes a small card (CSS), as in the lobby.
function keysTable(keys: ApiKeyInfo[], revoke: (k: ApiKeyInfo) => Promise<void>): HTMLElement {
  const th = (text: string) => h("th", { scope: "col", role: "columnheader" }, text);
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "keys", role: "table" },
      h("caption", { class: "visually-hidden" }, t("account.keysCaption")),
      h(
        "thead",
        { role: "rowgroup" },
        h(
          "tr",
          { role: "row" },
          th(t("account.columnLabel")),
          th(t("account.columnStartsWith")),
          th(t("account.columnMade")),
          th(t("account.columnLastUsed")),
          h(
            "th",
            { scope: "col", role: "columnheader" },
            h("span", { class: "visually-hidden" }, t("account.columnActions"))
          )
        )
      ),
      h("tbody", { role: "rowgroup" }, ...keys.map((k) => keyRow(k, revoke)))
    )
  );
}

function keyRow(k: ApiKeyInfo, revoke: (k: ApiKeyInfo) => Promise<void>): HTMLElement {
  return h(
    "tr",
    { "data-key-id": String(k.id), role: "row" },
    h("td", { role: "cell", "data-label": t("account.columnLabel"), class: "key-label" }, k.label),
    h("td", { role: "cell", "data-label": t("account.columnStartsWith") }, h("code", {}, `${k.prefix}…`)),
    h("td", { role: "cell", "data-label": t("account.columnMade") }, dateText(k.createdUnix)),
    h(
      "td",
      { role: "cell", "data-label": t("account.columnLastUsed") },
      k.lastUsedUnix > 0n ? dateText(k.lastUsedUnix) : t("account.neverUsed")
    ),
    h(
      "td",
      { role: "cell", class: "key-actions" },
      h(
        "button",
        {
          type: "button",
          class: "small secondary",
          "data-key": `revoke-${k.id}`,
          "aria-label": t("account.revokeKeyNamed", { label: k.label }),
          onclick: () => void revoke(k),
        },
        t("account.revoke")
      )
    )
  );
}

// The key just made, shown this once, with a button to copy it and one to put it away (`hide`).
function newKey(app: App, key: string, label: string, hide: () => void): HTMLElement {
  const code = h("code", { id: "new-key-value", class: "key-value" }, key);
  return h(
    "div",
    { class: "new-key", id: "new-key" },
    h("p", {}, h("strong", {}, t("account.newKeyTitle", { label })), " ", t("account.newKeyCopyNow")),
    code,
    h(
      "div",
      { class: "buttons" },
      h(
        "button",
        { type: "button", id: "copy-key", onclick: () => void copyKey(app, key, code) },
        t("account.copyKey")
      ),
      h("button", { type: "button", class: "secondary", id: "hide-key", onclick: hide }, t("account.keyCopiedDone"))
    )
  );
}

async function copyKey(app: App, key: string, code: HTMLElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(key);
    app.onFlash(t("account.keyCopied"), "info");
  } catch {
    // No clipboard (an insecure page, a refusal): the key is selected, for the reader to copy.
    const range = document.createRange();
    range.selectNodeContents(code);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
    app.onFlash(t("account.copySelectedKey"), "info");
  }
}
