// Muting someone's chat for yourself: who said a line, as the muted list in this browser names them.
import type { App } from "../core/app";
import type { ChatLine } from "../gen/golf/v1/messages_pb";
import { storage } from "../core/storage";

// Who said a line, as muting knows them: an account by its name, a guest by the name it played under. Unnamed
// lines (an empty seat's) and your own have no speaker to mute.
export function speaker(app: App, line: ChatLine): string {
  const mine = line.seat >= 0 ? line.seat === (app.update?.yourSeat ?? -1) : line.name === storage.name();
  return !line.name || mine ? "" : `${line.registered ? "account" : "guest"}:${line.name}`;
}

export function mutedLine(app: App, line: ChatLine): boolean {
  return storage.mutedChat().includes(speaker(app, line));
}
