// The leaderboard by rating (/leaderboard?rules=PRESET): for one preset, the players with accounts and enough rated
// matches, by conservative rating (mu - 3 sigma), highest first. Each name opens the player's profile.
import { h, replaceContent } from "../ui/dom";
import { profilePath, type App, type Screen } from "../core/app";
import { navLine, pageLink } from "../ui/nav";
import { errorText } from "../core/net";
import { one, presetTitle } from "./profile";
import type { Leaderboard } from "../gen/golf/v1/messages_pb";
import { t, plainNumber } from "../words/i18n";

const DEFAULT_PRESET = "six-card";

export function leaderboardScreen(app: App): Screen {
  const select = h("select", {
    id: "leaderboard-preset",
    onchange: () => app.navigate(`/leaderboard?rules=${encodeURIComponent(select.value)}`, true),
  });
  const note = h("p", { class: "hint", id: "leaderboard-note" });
  const list = h("div", { id: "leaderboard-list", "aria-live": "polite" }, h("p", {}, t("profile.loading")));
  let asked = "";
  let filled = -1; // how many presets the choice was filled with

  const chosen = () => {
    const wanted = app.route.name === "leaderboard" ? app.route.preset : "";
    if (wanted) return wanted;
    return app.presets.find((p) => p.name === DEFAULT_PRESET)?.name ?? app.presets[0]?.name ?? DEFAULT_PRESET;
  };

  const load = async (preset: string) => {
    asked = preset;
    replaceContent(list, h("p", {}, t("profile.loading")));
    try {
      const board = await app.ratingLeaderboard(preset);
      if (asked !== preset) return;
      note.textContent = t("profile.leaderboardNote", { count: board.minMatches });
      if (board.entries.length === 0) {
        replaceContent(
          list,
          h(
            "p",
            { class: "empty-note", id: "leaderboard-empty" },
            t("profile.leaderboardEmpty", { count: board.minMatches, rules: presetTitle(preset) })
          )
        );
        return;
      }
      replaceContent(list, leaderboardTable(app, preset, board));
    } catch (error) {
      if (asked === preset)
        replaceContent(
          list,
          h("p", { class: "form-error" }, t("profile.leaderboardFailed", { error: errorText(error) }))
        );
    }
  };

  const refresh = () => {
    const preset = chosen();
    // The presets' names fill the choice once the server has listed them (until then, the one asked for).
    if (filled !== app.presets.length) {
      filled = app.presets.length;
      const names = app.presets.length > 0 ? app.presets.map((p) => p.name) : [preset];
      select.replaceChildren(...names.map((n) => h("option", { value: n }, presetTitle(n))));
    }
    select.value = preset;
    if (preset !== asked) void load(preset);
  };

  const element = h(
    "div",
    { class: "screen leaderboard-screen" },
    h("h1", {}, t("profile.leaderboard")),
    navLine(app, ["/", t("profile.backToStart")], ["/lobby", t("profile.openTables")]),
    h(
      "div",
      { class: "panel" },
      h("div", { class: "field" }, h("label", { for: "leaderboard-preset" }, t("profile.rules")), select),
      note,
      list
    )
  );
  refresh();
  return { kind: "leaderboard", element, refresh };
}

function leaderboardTable(app: App, preset: string, board: Leaderboard): HTMLElement {
  const th = (text: string) => h("th", { scope: "col" }, text);
  return h(
    "div",
    { class: "scroll" },
    h(
      "table",
      { class: "leaderboard", id: "leaderboard-table" },
      h("caption", { class: "visually-hidden" }, t("profile.leaderboardCaption", { rules: presetTitle(preset) })),
      h(
        "thead",
        {},
        h(
          "tr",
          {},
          th(t("profile.columnRank")),
          th(t("profile.columnPlayer")),
          th(t("profile.rating")),
          th(t("profile.columnSkill")),
          th(t("profile.columnMatches"))
        )
      ),
      h(
        "tbody",
        {},
        ...board.entries.map((e, i) =>
          h(
            "tr",
            { "data-name": e.name },
            h("td", {}, plainNumber(i + 1)),
            h("td", {}, pageLink(app, profilePath(e.name), e.name, { class: "player-name" })),
            h("td", { class: "num" }, e.rating ? one(e.rating.conservative) : ""),
            h("td", { class: "num nowrap" }, e.rating ? `${one(e.rating.mu)} ± ${one(e.rating.sigma)}` : ""),
            h("td", { class: "num" }, plainNumber(e.rating?.matches ?? e.matches))
          )
        )
      )
    )
  );
}
