// Quick reactions: a seated player sends one of a few fixed phrases with one click. The server passes on the kind
// only, so the words are the reader's; each shows in the chat and, for a few seconds, as a bubble on the sender's
// seat. They are muted with that person's chat, and count toward chat's limit of five lines in ten seconds.
import { h } from "../ui/dom";
import { t } from "../words/i18n";
import type { App } from "../core/app";
import { Reaction, type ChatLine } from "../gen/golf/v1/messages_pb";
import { mutedLine } from "./chat_mutes";

// `words` is the key of the reaction's words, looked up when drawn.
export const REACTIONS: { kind: Reaction; emoji: string; words: string }[] = [
  { kind: Reaction.NICE, emoji: "\u{1F44D}", words: "panels.reactionNice" },
  { kind: Reaction.OOPS, emoji: "\u{1F605}", words: "panels.reactionOops" },
  { kind: Reaction.WELL_PLAYED, emoji: "\u{1F44F}", words: "panels.reactionWellPlayed" },
  { kind: Reaction.THANKS, emoji: "\u{1F64F}", words: "panels.reactionThanks" },
  { kind: Reaction.GOOD_LUCK, emoji: "\u{1F340}", words: "panels.reactionGoodLuck" },
  { kind: Reaction.WOW, emoji: "\u{1F62E}", words: "panels.reactionWow" },
];

const BUBBLE_MS = 3_000;

export function reactionText(kind: Reaction): string {
  const r = REACTIONS.find((x) => x.kind === kind);
  return r ? `${r.emoji} ${t(r.words)}` : "";
}

// The row of reaction buttons, for a player in a seat.
export function reactionBar(app: App): HTMLElement | null {
  if ((app.update?.yourSeat ?? -1) < 0) return null;
  return h(
    "div",
    { class: "reactions", role: "group", "aria-label": t("panels.quickReactions") },
    ...REACTIONS.map((r) =>
      h(
        "button",
        {
          type: "button",
          class: "small secondary reaction",
          "data-key": `react-${r.kind}`,
          "data-reaction": r.kind,
          onclick: () => void app.attempt({ case: "sendChat", value: { text: "", reaction: r.kind } }),
        },
        h("span", { "aria-hidden": "true" }, r.emoji),
        ` ${t(r.words)}`
      )
    )
  );
}

// When each reaction line was first drawn here (the server's clock is not this page's).
const firstSeen = new WeakMap<ChatLine, number>();
let hideTimer = 0;

// The bubble for `seat`: its latest reaction, while it is fresh and its sender is not muted here. Drawn with every
// update, so the muted list is read only once a fresh reaction is found.
export function reactionBubble(app: App, seat: number): HTMLElement | null {
  const now = performance.now();
  let line: ChatLine | undefined;
  for (let i = app.chat.length - 1; i >= 0 && !line; --i) {
    const l = app.chat[i];
    if (l.seat === seat && l.reaction !== Reaction.UNSPECIFIED && !l.earlier) line = l;
  }
  if (!line) return null;
  if (!firstSeen.has(line)) firstSeen.set(line, now);
  const left = BUBBLE_MS - (now - firstSeen.get(line)!);
  if (left <= 0 || mutedLine(app, line)) return null;
  // One redraw when the newest bubble is due to go.
  window.clearTimeout(hideTimer);
  hideTimer = window.setTimeout(() => app.onChange(), left + 50);
  const r = REACTIONS.find((x) => x.kind === line.reaction);
  // Words beside the emoji: a device without an emoji font still says it (the chat line is what is read aloud).
  return r
    ? h("span", { class: "reaction-bubble", "data-reaction": r.kind, "aria-hidden": "true" }, reactionText(r.kind))
    : null;
}
