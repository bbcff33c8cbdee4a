// The shuffle check beside the table: the current hole's commitment (the SHA-256 of its seed, shown before anyone
// moves) and, for every finished hole, whether the revealed seed matches it, with the `golf deal` command line
// that re-deals the hole from its seed.
import { h, type Child } from "../ui/dom";
import { t } from "../words/i18n";
import type { App } from "../core/app";
import { checkSeed, hex, type Verdict } from "../core/fairness";
import { TableState, type TableUpdate } from "../gen/golf/v1/messages_pb";
import { OPTIONS, optionText } from "../rules/options";

const verdicts = new Map<string, Verdict | "pending">();

// The `golf deal` command line that re-derives a hole's deal: the preset plus every option the table changed.
function dealCommand(app: App, update: TableUpdate, dealer: number, seed: Uint8Array): string {
  const joined = app.joined!;
  const preset = app.presets.find((p) => p.name === joined.preset);
  const sets =
    preset?.rules && joined.rules
      ? OPTIONS.filter((o) => optionText(joined.rules!, o) !== optionText(preset.rules!, o))
          .map((o) => ` --set ${o.name}=${optionText(joined.rules!, o)}`)
          .join("")
      : "";
  return `golf deal --rules ${joined.preset}${sets} --players ${update.seats.length} --dealer ${dealer} --seed 0x${hex(seed)}`;
}

// A duplicate round deals every table from the same seeds: a finished hole's seed waits for the round to be over
// (then the match's replay shows it), so that nobody at a table still playing the hole could be told the deal.
function withheld(hole: number): HTMLElement {
  return h(
    "li",
    { "data-hole": hole, "data-verdict": "withheld", class: "verdict withheld" },
    h("strong", {}, t("panels.holeVerdict", { hole, state: "withheld" })),
    t("panels.seedWithheld")
  );
}

// `text` with each of `codes` (its exact strings, wherever the language put them) set in <code> elements.
function withCode(text: string, codes: { text: string; class?: string }[]): Child[] {
  const out: Child[] = [];
  let rest = text;
  while (rest) {
    let first: { at: number; code: { text: string; class?: string } } | undefined;
    for (const code of codes) {
      const at = rest.indexOf(code.text);
      if (at >= 0 && (!first || at < first.at)) first = { at, code };
    }
    if (!first) return [...out, rest];
    if (first.at > 0) out.push(rest.slice(0, first.at));
    out.push(h("code", { class: first.code.class }, first.code.text));
    rest = rest.slice(first.at + first.code.text.length);
  }
  return out;
}

// What a finished hole's check found, in words.
function verdictText(state: "pending" | Verdict["state"], verdict: Verdict | "pending", seen?: string): string {
  switch (state) {
    case "pending":
      return t("panels.checking");
    case "verified":
      return t("panels.verified");
    case "mismatch":
      return t("panels.mismatch", { digest: verdict !== "pending" ? verdict.digest : "", commitment: seen });
    case "unseen":
      return t("panels.unseen");
  }
}

export function fairness(app: App, update: TableUpdate): HTMLElement {
  const code = update.code;
  const current = update.fairness;
  const inPlay = update.state === TableState.PLAYING && current && current.commitment.length > 0;
  const rows = (update.scorecard?.holes ?? [])
    .slice()
    .reverse()
    .map((hole) => {
      if (hole.seed.length === 0) return withheld(hole.number);
      const seen = app.commitments.get(code, hole.number);
      const key = `${code}:${hole.number}:${hex(hole.seed)}:${seen ?? ""}`;
      let verdict = verdicts.get(key);
      if (verdict === undefined) {
        verdicts.set(key, "pending");
        void checkSeed(hole.seed, seen).then((v) => {
          verdicts.set(key, v);
          app.onChange();
        });
        verdict = "pending";
      }
      const state = verdict === "pending" ? "pending" : verdict.state;
      const text = verdictText(state, verdict, seen);
      const seed = `0x${hex(hole.seed)}`;
      const command = dealCommand(app, update, hole.dealer, hole.seed);
      return h(
        "li",
        { "data-hole": hole.number, "data-verdict": state, class: `verdict ${state}` },
        h("strong", {}, t("panels.holeVerdict", { hole: hole.number, state })),
        " ",
        text,
        h(
          "div",
          { class: "small" },
          ...withCode(t("panels.seedLine", { seed, command }), [{ text: seed }, { text: command, class: "command" }])
        )
      );
    });
  return h(
    "section",
    { class: "panel fairness", id: "fairness", "aria-labelledby": "fairness-title" },
    h("h2", { id: "fairness-title" }, t("panels.fairnessTitle")),
    inPlay
      ? h(
          "p",
          { id: "commitment" },
          ...withCode(t("panels.commitment", { hole: current!.hole, hash: hex(current!.commitment) }), [
            { text: hex(current!.commitment), class: "hash" },
          ])
        )
      : null,
    rows.length ? h("ul", { class: "verdicts" }, ...rows) : null
  );
}
