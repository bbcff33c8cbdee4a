// The house-rules editor of the start page, in a player's words: the options in their groups, each group a fold
// with a count of the rules changed in it, a search over the rules' words, each rule with its label, one sentence
// of what it does, its choices and units in words, and, once changed, the preset's value and a way back to it.
// Engine names stay out of sight: they are the ids (`#opt-<name>`) and `data-option` attributes only. Edits are
// kept as the golf tool's text, and only the options that differ from the preset are sent as overrides.
import "./house_rules.css";
import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { h } from "../ui/dom";
import type { PresetInfo } from "../gen/golf/v1/messages_pb";
import { RulesetSchema, type Ruleset } from "../gen/golf/v1/ruleset_pb";
import { t } from "../words/i18n";
import {
  OPTIONS,
  OptionError,
  choiceWords,
  groupTitle,
  localName,
  optionHelp,
  optionLabel,
  optionText,
  parseValue,
  plainMessage,
  rangeWords,
  sameValue,
  unitWord,
  valueWords,
  type OptionInfo,
} from "./options";

const GROUPS = [...new Set(OPTIONS.map((o) => o.group))];

// The words a search looks in, in the player's language: the label, the help, the group's title and every choice.
const searchText = (o: OptionInfo) =>
  [optionLabel(o), optionHelp(o), groupTitle(o.group), unitWord(o), ...(o.choices ?? []).map((c) => choiceWords(o, c))]
    .join(" ")
    .toLowerCase();

// A message with an element inside it: the text before and after the value's place ("Reset ", " to the preset").
function around(key: string, name: string): [string, string] {
  const mark = "\u0000";
  const [before = "", after = ""] = t(key, { [name]: mark }).split(mark);
  return [before, after];
}

// The editor for one preset at a time; edits survive a change of preset only where they still differ.
export class HouseRulesEditor {
  readonly element: HTMLDetailsElement;
  private preset?: PresetInfo;
  private edits = new Map<string, string>();
  private openGroups = new Set<string>();
  private query: string[] = [];
  private summary = h("summary", {}, t("rules.houseRules"));
  private groups = h("div", { class: "rule-groups" });
  private resetAll = h(
    "button",
    { type: "button", class: "link", id: "reset-all", hidden: true, onclick: () => this.reset() },
    t("rules.resetAll")
  );
  private nothingFound = h("p", { class: "hint", id: "rule-search-none", hidden: true }, t("rules.searchNothing"));

  constructor() {
    const search = h("input", {
      type: "search",
      id: "rule-search",
      "data-key": "rule-search",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: t("rules.searchPlaceholder"),
      oninput: (e: Event) => {
        this.query = (e.target as HTMLInputElement).value.toLowerCase().split(/\s+/).filter(Boolean);
        this.filter();
      },
    });
    const body = h(
      "div",
      { class: "rules-body" },
      h("p", { class: "hint" }, t("rules.editorHint"), " ", this.resetAll),
      h("div", { class: "rule-search" }, h("label", { for: "rule-search" }, t("rules.findRule")), search),
      this.nothingFound,
      this.groups
    );
    this.element = h("details", { class: "house-rules", id: "house-rules" }, this.summary, body);
  }

  setPreset(preset: PresetInfo): void {
    this.preset = preset;
    this.render();
  }

  // Sets one option as if typed (the tests and the "quick" controls use it).
  set(name: string, text: string): void {
    this.edits.set(name, text);
    this.render();
  }

  // The Ruleset of overrides: only options whose text differs from the preset's (throws an OptionError).
  overrides(): Ruleset {
    const init: Record<string, unknown> = {};
    for (const option of OPTIONS) {
      const text = this.edits.get(option.name);
      if (text === undefined || !this.preset?.rules || sameValue(text, optionText(this.preset.rules, option))) continue;
      init[localName(option)] = parseValue(option, text);
    }
    return create(RulesetSchema, init as MessageInitShape<typeof RulesetSchema>);
  }

  // The value in force (edited or the preset's), as text.
  value(name: string): string {
    const option = OPTIONS.find((o) => o.name === name);
    if (!option || !this.preset?.rules) return "";
    return this.edits.get(name) ?? optionText(this.preset.rules, option);
  }

  // Marks the option a refusal names (by its label, or the engine's name from a server), opens its group and
  // returns the refusal in words.
  showError(message: string): string {
    const plain = plainMessage(message);
    const option = plain.option ?? OPTIONS.find((o) => message.startsWith(optionLabel(o)));
    for (const el of this.groups.querySelectorAll(".option.invalid")) el.classList.remove("invalid");
    if (!option) return plain.text;
    this.element.open = true;
    const row = this.groups.querySelector<HTMLElement>(`[data-option="${option.name}"]`);
    const group = row?.closest("details");
    if (group) group.open = true;
    row?.classList.add("invalid");
    row?.querySelector<HTMLElement>("input, select")?.focus();
    return plain.text;
  }

  private changed(option: OptionInfo): boolean {
    const text = this.edits.get(option.name);
    return text !== undefined && !!this.preset?.rules && !sameValue(text, optionText(this.preset.rules, option));
  }

  // Back to the preset: one option, or all of them.
  private reset(option?: OptionInfo): void {
    if (option) this.edits.delete(option.name);
    else this.edits.clear();
    this.render();
    if (option) document.getElementById(`opt-${option.name}`)?.focus();
  }

  private render(): void {
    const rules = this.preset?.rules;
    if (!rules) return;
    this.groups.replaceChildren(
      ...GROUPS.map((group) => {
        const options = OPTIONS.filter((o) => o.group === group);
        const fold = h(
          "details",
          {
            class: "rule-group",
            "data-group": group,
            open: this.openGroups.has(group),
            ontoggle: () => {
              if (this.query.length > 0) return; // a search opens the groups it finds something in; not the player's choice
              if (fold.open) this.openGroups.add(group);
              else this.openGroups.delete(group);
            },
          },
          h(
            "summary",
            {},
            h("span", { class: "group-title" }, groupTitle(group)),
            h("span", { class: "group-count" }, t("rules.ruleCount", { count: options.length })),
            h("span", { class: "group-changed" })
          ),
          ...options.map((option) => this.row(option, rules))
        );
        return fold;
      })
    );
    this.counts();
    this.filter();
  }

  // The number of rules changed, in the editor's summary and in each group's.
  private counts(): void {
    const changed = OPTIONS.filter((o) => this.changed(o));
    this.summary.textContent = changed.length
      ? t("rules.houseRulesChanged", { count: changed.length })
      : t("rules.houseRulesAsPreset");
    this.resetAll.hidden = changed.length === 0;
    for (const fold of this.groups.querySelectorAll<HTMLElement>(".rule-group")) {
      const n = changed.filter((o) => o.group === fold.dataset.group).length;
      const note = fold.querySelector(".group-changed");
      if (note) note.textContent = n ? t("rules.groupChanged", { count: n }) : "";
    }
  }

  // Shows only the rules with every word searched for, opening the groups they are in.
  private filter(): void {
    let found = 0;
    for (const fold of this.groups.querySelectorAll<HTMLDetailsElement>(".rule-group")) {
      let shown = 0;
      for (const row of fold.querySelectorAll<HTMLElement>(".option")) {
        const option = OPTIONS.find((o) => o.name === row.dataset.option);
        row.hidden = !option || !this.query.every((word) => searchText(option).includes(word));
        if (!row.hidden) ++shown;
      }
      found += shown;
      fold.hidden = shown === 0;
      fold.open = this.query.length > 0 ? shown > 0 : this.openGroups.has(fold.dataset.group ?? "");
    }
    this.nothingFound.hidden = this.query.length === 0 || found > 0;
  }

  private row(option: OptionInfo, rules: Ruleset): HTMLElement {
    const presetText = optionText(rules, option);
    const current = this.edits.get(option.name) ?? presetText;
    const id = `opt-${option.name}`;
    const error = h("p", { class: "option-error", role: "alert" });
    // Only a screen reader hears which rule: the label is visually hidden inside the button's words.
    const [before, after] = around("rules.resetOne", "label");
    const resetOne = h(
      "button",
      { type: "button", class: "link reset-one", onclick: () => this.reset(option) },
      before.trimEnd(),
      h("span", { class: "visually-hidden" }, `${before.endsWith(" ") ? " " : ""}${optionLabel(option)}`),
      after
    );
    const mark = h(
      "p",
      { class: "preset-mark" },
      h("span", { class: "preset-value" }, t("rules.presetValue", { value: valueWords(option, presetText) })),
      " ",
      resetOne
    );
    const row = h(
      "div",
      { class: `option kind-${option.kind}`, "data-option": option.name },
      h("label", { for: id }, optionLabel(option)),
      control(option, current, `${id}-help`, (text) => {
        this.edits.set(option.name, text);
        let problem = "";
        try {
          parseValue(option, text);
        } catch (e) {
          problem = e instanceof OptionError ? e.message : String(e);
        }
        error.textContent = problem;
        row.classList.toggle("invalid", problem !== "");
        show();
      }),
      h(
        "p",
        { class: "help", id: `${id}-help` },
        optionHelp(option),
        " ",
        h("span", { class: "range" }, rangeWords(option))
      ),
      mark,
      error
    );
    const show = (recount = true) => {
      const changed = this.changed(option);
      row.classList.toggle("changed", changed);
      mark.hidden = !changed;
      if (recount) this.counts();
    };
    show(false); // render() counts once all the rows are in
    return row;
  }
}

// The control for one option: a checkbox, a list of choices in words, a number, or text.
function control(option: OptionInfo, current: string, helpId: string, update: (text: string) => void): HTMLElement {
  const common = {
    id: `opt-${option.name}`,
    name: option.name,
    "aria-describedby": helpId,
    "data-key": `opt-${option.name}`,
  };
  const typed = (e: Event) => (e.target as HTMLInputElement).value;
  switch (option.kind) {
    case "boolean":
      return h("input", {
        ...common,
        type: "checkbox",
        checked: current === "true",
        onchange: (e: Event) => update((e.target as HTMLInputElement).checked ? "true" : "false"),
      });
    case "choice":
      return h(
        "select",
        { ...common, onchange: (e: Event) => update(typed(e)) },
        ...(option.choices ?? []).map((c) => h("option", { value: c, selected: c === current }, choiceWords(option, c)))
      );
    case "integer":
      return h("input", {
        ...common,
        type: "number",
        min: option.min,
        max: option.max,
        value: current,
        inputmode: "numeric",
        oninput: (e: Event) => update(typed(e)),
      });
    case "optional_integer":
      return h("input", {
        ...common,
        type: "text",
        value: current === "off" ? "" : current,
        placeholder: t("options.off"),
        spellcheck: "false",
        oninput: (e: Event) => update(typed(e).trim() === "" ? "off" : typed(e)),
      });
    default:
      return h("input", {
        ...common,
        type: "text",
        value: current,
        spellcheck: "false",
        placeholder: t("options.none"),
        oninput: (e: Event) => update(typed(e)),
      });
  }
}
