// The shuffle check beside the table: the current hole's commitment (the SHA-256 of its seed, shown before anyone
// moves) and, for every finished hole, whether the revealed seed matches it, with the `golf deal` command line
// that re-deals the hole from its seed.
import { h } from "../ui/dom";
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
    h("strong", {}, `Hole ${hole}: `),
    "every table of this duplicate round is dealt these cards, so the seed is shown in the match's replay once the round is over."
  );
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
      const text = {
        pending: "checking...",
        verified: "SHA-256 of the seed matches the commitment shown before the hole: the deal was fixed in advance.",
        mismatch: `MISMATCH: SHA-256 of the seed is ${verdict !== "pending" ? verdict.digest : ""}, not the commitment ${seen}.`,
        unseen: "This browser did not see the hole's commitment (it joined later), so it cannot check it.",
      }[state];
      return h(
        "li",
        { "data-hole": hole.number, "data-verdict": state, class: `verdict ${state}` },
        h(
          "strong",
          {},
          `Hole ${hole.number}: `,
          state === "verified" ? "\u2713 verified" : state === "mismatch" ? "\u2717 failed" : ""
        ),
        " ",
        text,
        h(
          "div",
          { class: "small" },
          "Seed ",
          h("code", {}, `0x${hex(hole.seed)}`),
          "; re-deal it with ",
          h("code", { class: "command" }, dealCommand(app, update, hole.dealer, hole.seed))
        )
      );
    });
  return h(
    "section",
    { class: "panel fairness", id: "fairness", "aria-labelledby": "fairness-title" },
    h("h2", { id: "fairness-title" }, "Shuffle check"),
    inPlay
      ? h(
          "p",
          { id: "commitment" },
          `Hole ${current!.hole} was shuffled before anyone moved. Its seed's SHA-256 is `,
          h("code", { class: "hash" }, hex(current!.commitment)),
          "; the seed is revealed when the hole ends, and this page checks it."
        )
      : null,
    rows.length ? h("ul", { class: "verdicts" }, ...rows) : null
  );
}
