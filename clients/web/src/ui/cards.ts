// Cards drawn with CSS and inline SVG (no images or fonts): a face shows its rank and suit, a back a pattern.
// Every rendered face carries data-card in the golf tool's notation (QS, TD, X for a joker, from card_names.ts), and
// nothing else in the page names a card, so a test can read exactly which cards a page shows.
import { svg } from "./dom";
import { Suit, type Card } from "../gen/golf/v1/cards_pb";
import { cardCode, faceRank, isJoker } from "../words/card_names";

const SUIT_PATH: Record<Suit, string> = {
  [Suit.NONE]: "M12 2 14.9 8.6 22 9.3 16.6 14 18.2 21 12 17.3 5.8 21 7.4 14 2 9.3 9.1 8.6Z",
  [Suit.CLUBS]:
    "M12 2.5a4.5 4.5 0 0 1 4.2 6.1 4.5 4.5 0 1 1-1.7 8.1L15.5 22h-7l1-5.3a4.5 4.5 0 1 1-1.7-8.1A4.5 4.5 0 0 1 12 2.5z",
  [Suit.DIAMONDS]: "M12 2 20 12 12 22 4 12Z",
  [Suit.HEARTS]:
    "M12 21S3 14.5 3 8.5C3 5.5 5.5 3 8.5 3c1.7 0 2.9 1 3.5 2 .6-1 1.8-2 3.5-2C18.5 3 21 5.5 21 8.5 21 14.5 12 21 12 21z",
  [Suit.SPADES]:
    "M12 2s-9 7-9 12c0 3 2.5 5 5.5 5 1.5 0 2.5-.7 3-1.5L10 22h4l-1.5-4.5c.5.8 1.5 1.5 3 1.5 3 0 5.5-2 5.5-5 0-5-9-12-9-12z",
};

export function suitIcon(suit: Suit, className = "pip"): SVGElement {
  return svg(
    "svg",
    { class: className, viewBox: "0 0 24 24", "aria-hidden": "true" },
    svg("path", { d: SUIT_PATH[suit] ?? SUIT_PATH[Suit.NONE] })
  );
}

// Fills `el` (a div or button) as a card face.
export function drawFace(el: HTMLElement, card: Card): HTMLElement {
  el.classList.add("card", "face");
  if (card.suit === Suit.HEARTS || card.suit === Suit.DIAMONDS) el.classList.add("red");
  if (isJoker(card)) el.classList.add("joker");
  el.dataset.card = cardCode(card);
  const rank = document.createElement("span");
  rank.className = "rank";
  rank.textContent = faceRank(card);
  el.append(rank, suitIcon(card.suit));
  return el;
}

export function drawBack(el: HTMLElement): HTMLElement {
  el.classList.add("card", "back");
  return el;
}

export function drawEmpty(el: HTMLElement): HTMLElement {
  el.classList.add("card", "empty");
  return el;
}
