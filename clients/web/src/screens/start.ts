// The start screen: your name (or the account you are signed in to, and the way to sign in), "Play now", joining
// by code (or by the link a friend sent, which lands here with the code filled in), and creating a table from a
// preset with house rules.
import { h, replaceContent } from "../ui/dom";
import { isCode, tableLink, type App, type Screen } from "../core/app";
import { pageLink } from "../ui/nav";
import { themeToggle } from "../core/theme";
import { errorText, ErrorCode, RequestError } from "../core/net";
import { presetSummary, quickForm } from "./quick_play";
import { HouseRulesEditor } from "../rules/house_rules";
import { accountLine, syncNameField } from "./sign_in";
import { storage } from "../core/storage";
import { PROTOCOL_VERSION, WEB_VERSION } from "../core/outdated";
import { languagePicker, t } from "../words/i18n";

// The name field every form reads; `name` shows the rule in the form's own error line when the name breaks it.
interface NameField {
  input: HTMLInputElement;
  name: (errorEl: HTMLElement) => string | undefined;
}

export function startScreen(app: App, joinCode?: string): Screen {
  const nameField = makeNameField(app);
  const nameInput = nameField.input;
  const joinForm = makeJoinForm(app, nameField, joinCode);
  const create = makeCreateForm(app, nameField);
  const account = h("div", { class: "account-slot" });
  const nameBlock = h(
    "div",
    { class: "name-block" },
    h("div", { class: "field" }, h("label", { for: "name" }, t("start.nameLabel")), nameInput),
    account
  );
  const quick = quickForm(app, nameBlock, () => nameInput.value.trim());
  const resume = makeResume(app, joinCode);
  const versions = h("footer", { class: "versions", id: "versions" });
  // The ways to play beyond the first: each folds open under its own heading, one screen tall when closed.
  const more = (id: string, title: string, body: HTMLElement, open = false) =>
    h("details", { class: "panel more", id, open }, h("summary", {}, h("h2", {}, title)), body);

  const element = h(
    "div",
    { class: "screen start" },
    h(
      "section",
      { class: "intro" },
      h("h1", {}, t("start.title")),
      h("p", {}, t("start.intro")),
      h(
        "nav",
        { class: "nav-line", "aria-label": t("start.moreNav") },
        pageLink(app, "/lobby", t("start.openTables")),
        " · ",
        pageLink(app, "/leaderboard", t("start.leaderboard"), { id: "leaderboard-link" }),
        " · ",
        pageLink(app, "/tournaments", t("start.tournaments"), { id: "tournaments-link" }),
        themeToggle(),
        languagePicker()
      )
    ),
    resume,
    joinCode ? h("div", { class: "panel name-panel" }, nameBlock) : quick.element,
    joinCode ? joinForm : null,
    joinCode ? null : more("people-play", t("start.playWithPeople"), quick.people),
    joinCode ? null : more("new-table", t("start.newTable"), create.form),
    joinCode ? null : more("join-by-code", t("start.joinByCode"), joinForm),
    versions
  );

  let accountShown: string | undefined | null = null; // the account line last drawn (null: none yet)
  const refresh = () => {
    create.fillPresets();
    quick.refresh();
    syncNameField(app, nameInput);
    versions.textContent = versionLine(app.serverVersion);
    if (accountShown !== app.accountName) {
      accountShown = app.accountName;
      replaceContent(account, accountLine(app));
    }
  };
  refresh();
  if (joinCode)
    queueMicrotask(() => (nameInput.value ? joinForm.querySelector<HTMLElement>("#join") : nameInput)?.focus());
  return {
    kind: `start:${joinCode ?? ""}`,
    element,
    refresh,
  };
}

function makeNameField(app: App): NameField {
  const nameInput = h("input", {
    id: "name",
    name: "name",
    maxlength: 24,
    required: true,
    autocomplete: "nickname",
    value: storage.name(),
    placeholder: t("start.namePlaceholder"),
  });
  const name = (errorEl: HTMLElement): string | undefined => {
    if (app.accountName !== undefined) return app.accountName;
    const value = nameInput.value.trim();
    if (value.length < 1 || value.length > 24) {
      errorEl.textContent = t("start.nameRule");
      nameInput.focus();
      return undefined;
    }
    return value;
  };
  return { input: nameInput, name };
}

// ---- joining by code, to play or to watch
function makeJoinForm(app: App, nameField: NameField, joinCode?: string): HTMLFormElement {
  const nameInput = nameField.input;
  const codeInput = h("input", {
    id: "code",
    name: "code",
    maxlength: 6,
    autocomplete: "off",
    spellcheck: "false",
    value: joinCode ?? "",
    placeholder: "ABC234",
    class: "code-input",
    oninput: () => {
      codeInput.value = codeInput.value.toUpperCase();
    },
  });
  const passwordInput = h("input", {
    id: "join-password",
    type: "password",
    autocomplete: "off",
    placeholder: t("start.joinPasswordPlaceholder"),
  });
  const joinError = h("p", { class: "form-error", role: "alert" });

  const join = async (spectate: boolean) => {
    joinError.textContent = "";
    const code = codeInput.value.trim().toUpperCase();
    if (!isCode(code)) {
      joinError.textContent = t("start.badCode");
      codeInput.focus();
      return;
    }
    const player = spectate ? nameInput.value.trim() || "spectator" : nameField.name(joinError);
    if (!player) return;
    try {
      await app.joinTable(code, player, spectate, passwordInput.value);
    } catch (error) {
      joinError.textContent = errorText(error);
      if (error instanceof RequestError && error.code === ErrorCode.WRONG_PASSWORD) passwordInput.focus();
    }
  };

  return h(
    "form",
    {
      class: joinCode ? "panel" : "",
      id: "join-form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        void join(false);
      },
    },
    joinCode ? h("h2", {}, t("start.joinTable", { code: joinCode })) : null,
    h("div", { class: "field" }, h("label", { for: "code" }, t("start.codeLabel")), codeInput),
    h("div", { class: "field" }, h("label", { for: "join-password" }, t("start.passwordLabel")), passwordInput),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "submit", id: "join" }, t("start.sitDown")),
      h("button", { type: "button", id: "watch", class: "secondary", onclick: () => void join(true) }, t("start.watch"))
    ),
    joinError,
    h(
      "p",
      {},
      h(
        "a",
        {
          href: "/lobby",
          onclick: (e: Event) => {
            e.preventDefault();
            app.navigate("/lobby");
          },
        },
        t("start.browseTables")
      )
    )
  );
}

// ---- creating a table
// The controls of the create form, made together since choosing a preset moves the seats' bounds.
interface CreateControls {
  editor: HouseRulesEditor;
  presetList: HTMLElement;
  seatsInput: HTMLInputElement;
  publicInput: HTMLInputElement;
  clockSelect: HTMLSelectElement;
  betweenSelect: HTMLSelectElement;
  createPassword: HTMLInputElement;
  createError: HTMLElement;
  chosen: string;
  source: HTMLElement; // where the chosen preset's rules come from
}

function makeCreateForm(app: App, nameField: NameField): { form: HTMLFormElement; fillPresets: () => void } {
  const controls = makeCreateControls();
  const { editor, presetList, seatsInput, publicInput, clockSelect, betweenSelect, createPassword, createError } =
    controls;
  const create = async () => {
    createError.textContent = "";
    const player = nameField.name(createError);
    if (!player || !controls.chosen) return;
    const seats = Number(seatsInput.value);
    const maxPlayers = Number(editor.value("max_players")) || 16;
    const minPlayers = Number(editor.value("min_players")) || 2;
    if (!Number.isInteger(seats) || seats < minPlayers || seats > maxPlayers) {
      createError.textContent = t("start.seatsOutOfRange", { min: minPlayers, max: maxPlayers });
      seatsInput.focus();
      return;
    }
    let houseRules;
    try {
      houseRules = editor.overrides();
    } catch (error) {
      createError.textContent = editor.showError(errorText(error));
      return;
    }
    try {
      await app.createTable({
        name: player,
        preset: controls.chosen,
        seats,
        isPublic: publicInput.checked,
        password: createPassword.value,
        turnClockSeconds: Number(clockSelect.value),
        betweenHolesSeconds: Number(betweenSelect.value),
        houseRules,
      });
    } catch (error) {
      const refused = error instanceof RequestError && error.code === ErrorCode.BAD_RULESET;
      createError.textContent = refused ? editor.showError(error.message) : errorText(error);
    }
  };

  const form = h(
    "form",
    {
      id: "create-form",
      novalidate: true,
      onsubmit: (e: Event) => {
        e.preventDefault();
        void create();
      },
    },
    h("fieldset", { class: "plain" }, h("legend", {}, t("start.rulesLegend")), presetList, controls.source),
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "seats" }, t("start.seatsLabel")), seatsInput),
      h("div", { class: "field" }, h("label", { for: "clock" }, t("start.turnClockLabel")), clockSelect),
      h("div", { class: "field" }, h("label", { for: "between-holes" }, t("start.betweenHolesLabel")), betweenSelect)
    ),
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field check" }, publicInput, h("label", { for: "public" }, t("start.listInLobby"))),
      h("div", { class: "field" }, h("label", { for: "create-password" }, t("start.passwordLabel")), createPassword)
    ),
    editor.element,
    h("div", { class: "buttons" }, h("button", { type: "submit", id: "create" }, t("start.createTable"))),
    createError
  );
  return { form, fillPresets: () => fillPresets(app, controls) };
}

function makeCreateControls(): CreateControls {
  const editor = new HouseRulesEditor();
  const presetList = h("div", { class: "presets", role: "radiogroup", "aria-label": t("start.presetGroup") });
  const seatsInput = h("input", { id: "seats", type: "number", min: 2, max: 16, value: 4, inputmode: "numeric" });
  const publicInput = h("input", { id: "public", type: "checkbox", checked: true });
  const clockSelect = h(
    "select",
    { id: "clock" },
    ...[
      [0, t("start.noClock")],
      [15, t("start.clockSeconds", { count: 15 })],
      [30, t("start.clockSeconds", { count: 30 })],
      [60, t("start.clockMinutes", { count: 1 })],
      [120, t("start.clockMinutes", { count: 2 })],
    ].map(([v, label]) => h("option", { value: v }, label))
  );
  const betweenSelect = h(
    "select",
    { id: "between-holes" },
    ...[
      [10, t("start.waitSeconds", { count: 10 })],
      [30, t("start.waitSeconds", { count: 30 })],
      [60, t("start.waitMinutes", { count: 1 })],
      [120, t("start.waitMinutes", { count: 2 })],
      [300, t("start.waitMinutes", { count: 5 })],
    ].map(([v, label]) => h("option", { value: v, selected: v === 60 }, label))
  );
  const createPassword = h("input", {
    id: "create-password",
    type: "password",
    autocomplete: "new-password",
    placeholder: t("start.createPasswordPlaceholder"),
  });
  const createError = h("p", { class: "form-error", role: "alert" });
  return {
    editor,
    presetList,
    seatsInput,
    publicInput,
    clockSelect,
    betweenSelect,
    createPassword,
    createError,
    chosen: "",
    source: h("p", { class: "preset-source", id: "preset-source" }),
  };
}

function choosePreset(app: App, controls: CreateControls, presetName: string): void {
  const { editor, presetList, seatsInput } = controls;
  const preset = app.presets.find((p) => p.name === presetName);
  if (!preset) return;
  controls.chosen = presetName;
  controls.source.textContent = t("start.presetSource", {
    rules: presetName.replace(/-/g, " "),
    source: preset.source,
  });
  for (const input of presetList.querySelectorAll<HTMLInputElement>("input[type=radio]"))
    input.checked = input.value === presetName;
  editor.setPreset(preset);
  const max = preset.rules?.maxPlayers ?? 16;
  const min = preset.rules?.minPlayers ?? 2;
  seatsInput.max = String(max);
  seatsInput.min = String(min);
  const seats = Number(seatsInput.value);
  if (seats > max || seats < min) seatsInput.value = String(Math.min(max, Math.max(min, 4)));
}

// Once the server has sent its presets (the screen is refreshed on every render): fills the list, once.
function fillPresets(app: App, controls: CreateControls): void {
  const presetList = controls.presetList;
  if (app.presets.length === 0 || presetList.childElementCount > 0) return;
  presetList.replaceChildren(
    ...app.presets.map((preset) =>
      h(
        "label",
        { class: "preset" },
        h("input", {
          type: "radio",
          name: "preset",
          value: preset.name,
          onchange: () => choosePreset(app, controls, preset.name),
        }),
        h("span", { class: "preset-name" }, preset.name.replace(/-/g, " ")),
        h("span", { class: "preset-summary" }, presetSummary(preset))
      )
    )
  );
  choosePreset(app, controls, app.presets.find((p) => p.name === "six-card")?.name ?? app.presets[0].name);
}

// Which builds are talking, for a bug report: this page, the server (once it has said) and the protocol.
function versionLine(serverVersion: string): string {
  return [
    t("start.webVersion", { version: WEB_VERSION }),
    serverVersion && t("start.serverVersion", { version: serverVersion }),
    t("start.protocolVersion", { version: String(PROTOCOL_VERSION) }),
  ]
    .filter(Boolean)
    .join(" · ");
}

// A way back to the table this browser last sat at, unless the link being followed is that table's.
function makeResume(app: App, joinCode?: string): HTMLElement | null {
  const last = storage.lastTable();
  return last && last !== joinCode
    ? h(
        "p",
        { class: "panel resume" },
        t("start.resumeSeat", { code: last }),
        " ",
        h(
          "a",
          {
            href: tableLink(last),
            onclick: (e: Event) => {
              e.preventDefault();
              app.navigate(`/t/${last}`);
            },
          },
          t("start.goBack")
        )
      )
    : null;
}
