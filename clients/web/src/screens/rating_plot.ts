// A rating's history as a plot (uPlot, loaded only by the profile page): after each rated match, the conservative
// rating (mu - 3 sigma, what the leaderboard ranks by) and the skill estimate mu inside its band of mu +/- sigma.
// The plot is an image to assistive technology, named by a sentence that sums it up; the profile page gives the
// points as a table beside it.
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { RatingPoint } from "../gen/golf/v1/messages_pb";
import { onThemeChange } from "../core/theme";
import { t, numberFormat, plainNumber } from "../words/i18n";
import { one } from "./profile";

// The canvas takes its colours from the stylesheet's palette at each draw, so it follows the theme. Through a probe's
// computed colour: a custom property itself reads back as written, light-dark() and all.
function colour(container: HTMLElement, name: string): () => string {
  return () => {
    const probe = document.createElement("span");
    probe.style.color = `var(${name})`;
    container.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  };
}

// Draws into `container` (sized to its width, redrawn when that changes); returns the function that removes it.
// `first`: the number of the first point's match among the account's rated matches with the preset.
export function drawRatingPlot(container: HTMLElement, points: RatingPoint[], first: number): () => void {
  const xs = points.map((_, i) => first + i);
  const mu = points.map((p) => p.mu);
  const data: uPlot.AlignedData = [
    xs,
    points.map((p) => p.mu + p.sigma),
    points.map((p) => p.mu - p.sigma),
    mu,
    points.map((p) => p.conservative),
  ];
  const height = () => (container.clientWidth < 500 ? 200 : 260);
  const ink = colour(container, "--ink");
  const grid = colour(container, "--plot-grid");
  const edge = colour(container, "--plot-edge");
  const axis = { stroke: ink, grid: { stroke: grid }, ticks: { stroke: grid } };
  // The axes' figures in the reader's digits and separators (uPlot's own follow the browser's language).
  const figure = numberFormat();
  const options: uPlot.Options = {
    width: Math.max(200, container.clientWidth),
    height: height(),
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: {
      x: { time: false, range: (_u, min, max) => (min === max ? [min - 1, max + 1] : [min, max]) },
      y: { range: (_u, min, max) => [Math.floor(Math.min(min, 0) - 1), Math.ceil(max + 1)] },
    },
    axes: [
      {
        label: t("profile.plotRatedMatch"),
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500],
        values: (_u, splits) => splits.map((v) => plainNumber(v)),
        ...axis,
      },
      { label: t("profile.rating"), size: 44, values: (_u, splits) => splits.map((v) => figure.format(v)), ...axis },
    ],
    series: [
      { label: t("profile.match") },
      { label: "μ + σ", stroke: edge, width: 1, points: { show: false } },
      { label: "μ − σ", stroke: edge, width: 1, points: { show: false } },
      {
        label: t("profile.skillEstimateMu"),
        stroke: colour(container, "--plot-mu"),
        width: 2,
        value: (_u, v) => (v == null ? "" : one(v)),
      },
      {
        label: t("profile.conservativeRating"),
        stroke: colour(container, "--plot-good"),
        width: 2.5,
        value: (_u, v) => (v == null ? "" : one(v)),
      },
    ],
    bands: [{ series: [1, 2], fill: colour(container, "--plot-band") }],
  };
  const plot = new uPlot(options, data, container);
  // The canvas says nothing to a screen reader: the container (role img) carries the summary instead.
  plot.root.setAttribute("aria-hidden", "true");
  let width = container.clientWidth;
  const resized = new ResizeObserver(() => {
    if (container.clientWidth === width || container.clientWidth === 0) return;
    width = container.clientWidth;
    plot.setSize({ width: Math.max(200, width), height: height() });
  });
  resized.observe(container);
  const themed = onThemeChange(() => plot.redraw(false, true));
  return () => {
    themed();
    resized.disconnect();
    plot.destroy();
  };
}
