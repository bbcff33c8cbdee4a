// Names of seats and of the cards at their positions, worded for the reader: the one place the accessible names of
// card positions are made ("Bob's card, row 1, card 2, face down"; "your card, top-left, 7♣, face up").
import { cardShort } from "./card_names";
import type { HandView, Position } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import { positionName } from "./positions";

export function seatName(update: TableUpdate, seat: number): string {
  const info = update.seats[seat];
  return info?.name || `Seat ${seat + 1}`;
}

// The name of a seat's position in this hand's layouts.
export function placeName(hand: HandView, seat: number, p: number): string {
  return positionName(p, hand.cols, hand.seats[seat]?.positions.length ?? hand.rows * hand.cols);
}

// What the reader knows of a position: "7♣, face up", "face down", "7♣, face down (you know it)", "removed".
export function knownText(pos: Position, glimpse?: string): string {
  if (pos.empty) return "removed";
  if (pos.card) return `${cardShort(pos.card)}, ${pos.faceUp ? "face up" : "face down (you know it)"}`;
  if (glimpse) return `face down, you just saw it: ${glimpse}`;
  return "face down";
}

export function cardLabel(
  update: TableUpdate,
  hand: HandView,
  seat: number,
  p: number,
  pos: Position,
  glimpse?: string
): string {
  const owner = seat === hand.viewer ? "your card" : `${seatName(update, seat)}'s card`;
  return `${owner}, ${placeName(hand, seat, p)}, ${knownText(pos, glimpse)}`;
}
