// A player's profile (/p/NAME): the account's name, since when it exists, and per preset its rating (the
// conservative mu - 3 sigma the leaderboard ranks by, the skill estimate mu +/- sigma, the rated matches) with the
// history plotted over those matches. The plot (rating_plot.ts, with uPlot) loads only here; each plot has a
// sentence that sums it up and its points as a table, for readers who cannot see it.
import { h, replaceContent, type Child } from "../ui/dom";
import { profilePath, replayPath, type App, type Screen } from "../core/app";
import { navLine, pageLink } from "../ui/nav";
import { ErrorCode, RequestError, errorText } from "../core/net";
import type { Profile, Rating, RatingPoint } from "../gen/golf/v1/messages_pb";
import { dateText } from "../words/dates";
import { locale, t, numberFormat, plainNumber } from "../words/i18n";

// Ratings to one decimal and counts, in the reader's digits and separators; no grouping, as the English page had.
export const one = (v: number) =>
  numberFormat({ minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false }).format(v);
const shortDate = (unix: bigint) => new Date(Number(unix) * 1000).toLocaleDateString(locale(), { dateStyle: "medium" });

// A preset's name as the server spells it, hyphens made spaces (a name, not translated).
// The card-count presets in the reader's words; the others are the names of games (Cambio, Dacz, Powers).
const PRESET_TITLE: Record<string, string> = {
  "four-card": "presets.fourCard",
  "four-card-jokers": "presets.fourCardJokers",
  "six-card": "presets.sixCard",
  "six-card-oakes": "presets.sixCardOakes",
  "eight-card": "presets.eightCard",
  "nine-card": "presets.nineCard",
  "ten-card": "presets.tenCard",
};

export function presetTitle(name: string): string {
  const key = PRESET_TITLE[name];
  return key ? t(key) : name.replace(/-/g, " ");
}

export function profileScreen(app: App, player: string): Screen {
  const title = h("h1", { id: "profile-name" }, player);
  const body = h(
    "div",
    { class: "profile-body", "aria-live": "polite", "aria-busy": "true" },
    h("p", { class: "panel" }, t("profile.loadingProfile"))
  );
  const disposers: Array<() => void> = [];
  let disposed = false;

  const show = async () => {
    let profile: Profile;
    try {
      profile = await app.profile(player);
    } catch (error) {
      body.setAttribute("aria-busy", "false");
      const missing = error instanceof RequestError && error.code === ErrorCode.NO_SUCH_PLAYER;
      replaceContent(
        body,
        h(
          "p",
          { class: "panel", id: "profile-missing" },
          missing
            ? t("profile.noSuchPlayer", { name: player })
            : t("profile.profileFailed", { error: errorText(error) })
        )
      );
      return;
    }
    if (disposed) return;
    const account = profile.account;
    if (account) {
      title.textContent = account.name;
      // The canonical spelling of the name in the address bar (the server finds the account case-insensitively).
      if (account.name !== player) history.replaceState(null, "", profilePath(account.name));
    }
    body.setAttribute("aria-busy", "false");
    replaceContent(body, ...profileContent(app, profile, disposers));
  };

  const element = h(
    "div",
    { class: "screen profile-screen" },
    title,
    navLine(app, ["/", t("profile.backToStart")], ["/leaderboard", t("profile.leaderboard")]),
    body
  );
  void show();
  return {
    kind: `profile:${player}`,
    element,
    refresh: () => {},
    dispose: () => {
      disposed = true;
      for (const d of disposers.splice(0)) d();
    },
  };
}

// The profile's figures: since when the account exists, and a panel per preset rated.
function profileContent(app: App, profile: Profile, disposers: Array<() => void>): Child[] {
  const account = profile.account;
  const ratings = [...profile.ratings].sort((a, b) => a.preset.localeCompare(b.preset));
  return [
    account
      ? h(
          "p",
          { id: "member-since" },
          t("profile.memberSince", { date: dateText(account.createdUnix) }),
          app.account?.id === account.id ? [" ", pageLink(app, "/account", t("profile.yourAccount"))] : null
        )
      : null,
    ratings.length === 0
      ? h("p", { class: "panel", id: "no-ratings" }, t("profile.noRatings"))
      : ratings.map((rating) =>
          ratingPanel(rating, profile.history.find((x) => x.preset === rating.preset)?.points ?? [], disposers)
        ),
  ];
}

function summary(rating: Rating, points: RatingPoint[], first: number): string {
  const rules = presetTitle(rating.preset);
  if (points.length === 0) return t("profile.noHistory", { rules });
  const a = points[0];
  const z = points[points.length - 1];
  if (points.length === 1)
    return t("profile.summaryOne", {
      rules,
      match: plainNumber(first),
      rating: one(z.conservative),
      mu: one(z.mu),
      sigma: one(z.sigma),
    });
  return t("profile.summaryMany", {
    rules,
    first: plainNumber(first),
    last: plainNumber(first + points.length - 1),
    fromRating: one(a.conservative),
    toRating: one(z.conservative),
    fromMu: one(a.mu),
    toMu: one(z.mu),
    fromSigma: one(a.sigma),
    toSigma: one(z.sigma),
  });
}

function ratingPanel(rating: Rating, points: RatingPoint[], disposers: Array<() => void>): HTMLElement {
  const id = `rating-${rating.preset}`;
  // The history keeps the newest points: numbered so the last is the account's latest rated match.
  const first = Math.max(1, rating.matches - points.length + 1);
  const plot = h("div", { class: "plot", id: `${id}-plot` });
  const text = summary(rating, points, first);
  const figure = h(
    "figure",
    { class: "rating-plot", role: "img", "aria-label": text, "data-points": points.length },
    plot
  );
  if (points.length > 0) {
    void import("./rating_plot")
      .then(({ drawRatingPlot }) => {
        if (plot.isConnected) disposers.push(drawRatingPlot(plot, points, first));
      })
      .catch((error) =>
        replaceContent(plot, h("p", { class: "form-error" }, t("profile.plotFailed", { error: errorText(error) })))
      );
  }
  return h(
    "section",
    { class: "panel rating-panel", id, "data-preset": rating.preset, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, presetTitle(rating.preset)),
    h(
      "dl",
      { class: "rating-figures" },
      h("div", {}, h("dt", {}, t("profile.rating")), h("dd", { class: "conservative" }, one(rating.conservative))),
      h(
        "div",
        {},
        h("dt", {}, t("profile.skillEstimate")),
        h("dd", { class: "mu" }, `${one(rating.mu)} ± ${one(rating.sigma)}`)
      ),
      h("div", {}, h("dt", {}, t("profile.ratedMatches")), h("dd", { class: "matches" }, plainNumber(rating.matches)))
    ),
    h("p", { class: "hint" }, t("profile.ratingExplained")),
    points.length > 0 ? figure : null,
    points.length > 0
      ? h(
          "ul",
          { class: "plot-legend", "aria-hidden": "true" },
          h("li", {}, h("span", { class: "swatch conservative" }), t("profile.legendRating")),
          h("li", {}, h("span", { class: "swatch mu" }), t("profile.skillEstimateMu")),
          h("li", {}, h("span", { class: "swatch band" }), "μ ± σ")
        )
      : null,
    points.length > 0 ? pointsTable(id, text, points, first) : null
  );
}

// The plot's points as a table, for readers who cannot see the plot.
function pointsTable(id: string, text: string, points: RatingPoint[], first: number): HTMLElement {
  const th = (label: string) => h("th", { scope: "col" }, label);
  return h(
    "details",
    { class: "plot-table" },
    h("summary", {}, t("profile.pointsAsTable", { count: points.length })),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { id: `${id}-points` },
        h("caption", { class: "visually-hidden" }, text),
        h(
          "thead",
          {},
          h("tr", {}, th(t("profile.match")), th(t("profile.columnEnded")), th(t("profile.rating")), th("μ"), th("σ"))
        ),
        h(
          "tbody",
          {},
          ...points.map((p, i) =>
            h(
              "tr",
              { "data-match-id": String(p.matchId) },
              h(
                "td",
                {},
                h("a", { href: replayPath(p.matchId), title: t("profile.replayMatch") }, plainNumber(first + i))
              ),
              h("td", {}, shortDate(p.unix)),
              h("td", {}, one(p.conservative)),
              h("td", {}, one(p.mu)),
              h("td", {}, one(p.sigma))
            )
          )
        )
      )
    )
  );
}
