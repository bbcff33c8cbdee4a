// The start screen: your name (or the account you are signed in to, and the way to sign in), "Play now", joining
// by code (or by the link a friend sent, which lands here with the code filled in), and creating a table from a
// preset with house rules.
import { h, replaceContent } from "../ui/dom";
import { isCode, tableLink, type App, type Screen } from "../core/app";
import { pageLink } from "../ui/nav";
import { themeToggle } from "../core/theme";
import { errorText, ErrorCode, RequestError } from "../core/net";
import { quickForm } from "./quick_play";
import { HouseRulesEditor } from "../rules/house_rules";
import { accountLine, syncNameField } from "./sign_in";
import { storage } from "../core/storage";
import { PROTOCOL_VERSION, WEB_VERSION } from "../core/outdated";

const NAME_RULE = "1 to 24 printable characters";

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
    h("div", { class: "field" }, h("label", { for: "name" }, "Your name"), nameInput),
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
      h("h1", {}, "Golf"),
      h(
        "p",
        {},
        "The card game: swap cards into your layout for the lowest score. Play bots now, or send friends a link."
      ),
      h(
        "nav",
        { class: "nav-line", "aria-label": "More" },
        pageLink(app, "/lobby", "Open tables"),
        " · ",
        pageLink(app, "/leaderboard", "Leaderboard", { id: "leaderboard-link" }),
        " · ",
        pageLink(app, "/tournaments", "Tournaments", { id: "tournaments-link" }),
        themeToggle()
      )
    ),
    resume,
    joinCode ? h("div", { class: "panel name-panel" }, nameBlock) : quick.element,
    joinCode ? joinForm : null,
    joinCode ? null : more("people-play", "Play with people", quick.people),
    joinCode ? null : more("new-table", "New table", create.form),
    joinCode ? null : more("join-by-code", "Join by code", joinForm),
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
    placeholder: "Your name",
  });
  const name = (errorEl: HTMLElement): string | undefined => {
    if (app.accountName !== undefined) return app.accountName;
    const value = nameInput.value.trim();
    if (value.length < 1 || value.length > 24) {
      errorEl.textContent = `Your name: ${NAME_RULE}.`;
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
    placeholder: "if the table has one",
  });
  const joinError = h("p", { class: "form-error", role: "alert" });

  const join = async (spectate: boolean) => {
    joinError.textContent = "";
    const code = codeInput.value.trim().toUpperCase();
    if (!isCode(code)) {
      joinError.textContent = "A table code is 6 letters and digits, as in the link you were sent.";
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
    joinCode ? h("h2", {}, `Join table ${joinCode}`) : null,
    h("div", { class: "field" }, h("label", { for: "code" }, "Table code"), codeInput),
    h("div", { class: "field" }, h("label", { for: "join-password" }, "Password"), passwordInput),
    h(
      "div",
      { class: "buttons" },
      h("button", { type: "submit", id: "join" }, "Sit down"),
      h("button", { type: "button", id: "watch", class: "secondary", onclick: () => void join(true) }, "Watch")
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
        "Browse open tables"
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
      createError.textContent = `Seats: between ${minPlayers} and ${maxPlayers} for these rules.`;
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
    h("fieldset", { class: "plain" }, h("legend", {}, "Rules"), presetList, controls.source),
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "seats" }, "Seats"), seatsInput),
      h("div", { class: "field" }, h("label", { for: "clock" }, "Turn clock"), clockSelect),
      h("div", { class: "field" }, h("label", { for: "between-holes" }, "Longest wait between holes"), betweenSelect)
    ),
    h(
      "div",
      { class: "field-row" },
      h("div", { class: "field check" }, publicInput, h("label", { for: "public" }, "List it in the lobby")),
      h("div", { class: "field" }, h("label", { for: "create-password" }, "Password"), createPassword)
    ),
    editor.element,
    h("div", { class: "buttons" }, h("button", { type: "submit", id: "create" }, "Create table")),
    createError
  );
  return { form, fillPresets: () => fillPresets(app, controls) };
}

function makeCreateControls(): CreateControls {
  const editor = new HouseRulesEditor();
  const presetList = h("div", { class: "presets", role: "radiogroup", "aria-label": "Preset" });
  const seatsInput = h("input", { id: "seats", type: "number", min: 2, max: 16, value: 4, inputmode: "numeric" });
  const publicInput = h("input", { id: "public", type: "checkbox", checked: true });
  const clockSelect = h(
    "select",
    { id: "clock" },
    ...[
      [0, "No clock"],
      [15, "15 seconds a turn"],
      [30, "30 seconds a turn"],
      [60, "1 minute a turn"],
      [120, "2 minutes a turn"],
    ].map(([v, label]) => h("option", { value: v }, label))
  );
  const betweenSelect = h(
    "select",
    { id: "between-holes" },
    ...[
      [10, "10 seconds"],
      [30, "30 seconds"],
      [60, "1 minute"],
      [120, "2 minutes"],
      [300, "5 minutes"],
    ].map(([v, label]) => h("option", { value: v, selected: v === 60 }, label))
  );
  const createPassword = h("input", {
    id: "create-password",
    type: "password",
    autocomplete: "new-password",
    placeholder: "none",
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
  controls.source.textContent = `${presetName.replace(/-/g, " ")} follows ${preset.source}`;
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
        h("span", { class: "preset-summary" }, preset.summary)
      )
    )
  );
  choosePreset(app, controls, app.presets.find((p) => p.name === "six-card")?.name ?? app.presets[0].name);
}

// Which builds are talking, for a bug report: this page, the server (once it has said) and the protocol.
function versionLine(serverVersion: string): string {
  return [`golf-web ${WEB_VERSION}`, serverVersion && `server ${serverVersion}`, `protocol golf.v${PROTOCOL_VERSION}`]
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
        `You have a seat at table ${last}. `,
        h(
          "a",
          {
            href: tableLink(last),
            onclick: (e: Event) => {
              e.preventDefault();
              app.navigate(`/t/${last}`);
            },
          },
          "Go back to it"
        )
      )
    : null;
}
