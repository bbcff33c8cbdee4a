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

const one = (v: number) => v.toFixed(1);
const shortDate = (unix: bigint) =>
  new Date(Number(unix) * 1000).toLocaleDateString(undefined, { dateStyle: "medium" });

export function presetTitle(name: string): string {
  return name.replace(/-/g, " ");
}

export function profileScreen(app: App, player: string): Screen {
  const title = h("h1", { id: "profile-name" }, player);
  const body = h(
    "div",
    { class: "profile-body", "aria-live": "polite", "aria-busy": "true" },
    h("p", { class: "panel" }, "Loading the profile...")
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
            ? `No player with an account is called "${player}". Guests have no profile.`
            : `Could not load the profile: ${errorText(error)}`
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
    navLine(app, ["/", "Back to the start"], ["/leaderboard", "Leaderboard"]),
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
          `Member since ${dateText(account.createdUnix)}.`,
          app.account?.id === account.id ? [" ", pageLink(app, "/account", "Your account")] : null
        )
      : null,
    ratings.length === 0
      ? h(
          "p",
          { class: "panel", id: "no-ratings" },
          "No rated matches yet. A match is rated when at least two players with accounts play it to the end."
        )
      : ratings.map((rating) =>
          ratingPanel(rating, profile.history.find((x) => x.preset === rating.preset)?.points ?? [], disposers)
        ),
  ];
}

function summary(rating: Rating, points: RatingPoint[], first: number): string {
  const name = presetTitle(rating.preset);
  if (points.length === 0) return `No history with ${name} yet.`;
  const a = points[0];
  const z = points[points.length - 1];
  if (points.length === 1)
    return `Rating with ${name} after match ${first}: ${one(z.conservative)} (skill estimate ${one(z.mu)} ± ${one(z.sigma)}).`;
  return (
    `Rating with ${name} over matches ${first} to ${first + points.length - 1}: from ${one(a.conservative)} to ${one(z.conservative)}; ` +
    `skill estimate from ${one(a.mu)} to ${one(z.mu)}; uncertainty from ${one(a.sigma)} to ${one(z.sigma)}.`
  );
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
        replaceContent(plot, h("p", { class: "form-error" }, `The plot could not be drawn: ${errorText(error)}`))
      );
  }
  return h(
    "section",
    { class: "panel rating-panel", id, "data-preset": rating.preset, "aria-labelledby": `${id}-title` },
    h("h2", { id: `${id}-title` }, presetTitle(rating.preset)),
    h(
      "dl",
      { class: "rating-figures" },
      h("div", {}, h("dt", {}, "Rating"), h("dd", { class: "conservative" }, one(rating.conservative))),
      h("div", {}, h("dt", {}, "Skill estimate"), h("dd", { class: "mu" }, `${one(rating.mu)} ± ${one(rating.sigma)}`)),
      h("div", {}, h("dt", {}, "Rated matches"), h("dd", { class: "matches" }, String(rating.matches)))
    ),
    h(
      "p",
      { class: "hint" },
      "The rating is the skill estimate less three times its uncertainty (μ − 3σ): it rises as you win and as the estimate grows surer."
    ),
    points.length > 0 ? figure : null,
    points.length > 0
      ? h(
          "ul",
          { class: "plot-legend", "aria-hidden": "true" },
          h("li", {}, h("span", { class: "swatch conservative" }), "Rating (μ − 3σ)"),
          h("li", {}, h("span", { class: "swatch mu" }), "Skill estimate μ"),
          h("li", {}, h("span", { class: "swatch band" }), "μ ± σ")
        )
      : null,
    points.length > 0 ? pointsTable(id, text, points, first) : null
  );
}

// The plot's points as a table, for readers who cannot see the plot.
function pointsTable(id: string, text: string, points: RatingPoint[], first: number): HTMLElement {
  const th = (t: string) => h("th", { scope: "col" }, t);
  return h(
    "details",
    { class: "plot-table" },
    h("summary", {}, `The ${points.length} point${points.length === 1 ? "" : "s"} as a table`),
    h(
      "div",
      { class: "scroll" },
      h(
        "table",
        { id: `${id}-points` },
        h("caption", { class: "visually-hidden" }, text),
        h("thead", {}, h("tr", {}, th("Match"), th("Ended"), th("Rating"), th("μ"), th("σ"))),
        h(
          "tbody",
          {},
          ...points.map((p, i) =>
            h(
              "tr",
              { "data-match-id": String(p.matchId) },
              h("td", {}, h("a", { href: replayPath(p.matchId), title: "Replay this match" }, String(first + i))),
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
