// Names of seats and of the cards at their positions, worded for the reader: the one place the accessible names of
// card positions are made ("Bob's card, row 1, card 2, face down"; "your card, top-left, 7♣, face up").
import { cardShort } from "./card_names";
import type { HandView, Position } from "../gen/golf/v1/game_pb";
import { BotLevel, type TableUpdate } from "../gen/golf/v1/messages_pb";
import { botLabel } from "../table/bots";
import { language, t } from "./i18n";
import { positionName } from "./positions";

export function seatName(update: TableUpdate, seat: number): string {
  const info = update.seats[seat];
  if (!info?.name) return t("places.seat", { n: seat + 1 });
  // A server bot's own name is English ("bot 2 (hard)"): in another language, said in its words.
  const bot = info.bot !== BotLevel.UNSPECIFIED && language() !== "en" ? info.name.match(/^bot (\d+) \(.+\)$/) : null;
  const level = bot ? botLabel(info.bot, info.searchBudget) : "";
  return bot && level ? t("places.botName", { n: Number(bot[1]), level }) : info.name;
}

// The name of a seat's position in this hand's layouts.
export function placeName(hand: HandView, seat: number, p: number): string {
  return positionName(p, hand.cols, hand.seats[seat]?.positions.length ?? hand.rows * hand.cols);
}

// What the reader knows of a position: "7♣, face up", "face down", "7♣, face down (you know it)", "removed".
export function knownText(pos: Position, glimpse?: string): string {
  if (pos.empty) return t("cards.removed");
  if (pos.card) return t(pos.faceUp ? "cards.faceUpCard" : "cards.faceDownKnown", { card: cardShort(pos.card) });
  if (glimpse) return t("cards.faceDownGlimpsed", { card: glimpse });
  return t("cards.faceDown");
}

export function cardLabel(
  update: TableUpdate,
  hand: HandView,
  seat: number,
  p: number,
  pos: Position,
  glimpse?: string
): string {
  return t("cards.label", {
    owner: seat === hand.viewer ? "yours" : "other",
    name: seatName(update, seat),
    place: placeName(hand, seat, p),
    known: knownText(pos, glimpse),
  });
}
