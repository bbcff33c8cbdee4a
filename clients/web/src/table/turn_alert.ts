// Knowing what happens at the table without watching it: the tab's title says when it is your turn ("(Your turn)
// Golf · CODE"), and, if the player switched sound on, each update's moves make their sound and the turn its chime
// (sounds.ts).
import { ActionKind, Phase } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";
import type { App } from "../core/app";
import { soundEvents, soundTurn } from "./sounds";
import { t } from "../words/i18n";

const AFTER_MOVE_S = 0.15; // the turn chime follows the sound of the move that made it

// The player has a move to make (a claim, open to everyone out of turn, does not count).
export function isMyTurn(update: TableUpdate | undefined): boolean {
  const hand = update?.hand;
  return !!hand && hand.phase !== Phase.OVER && hand.legal.some((a) => a.kind !== ActionKind.CLAIM);
}

let wasMyTurn = false;
let heard: TableUpdate | undefined; // the update whose events were last sounded

// Sets the title, and sounds each update once: its events, then the chime when the turn becomes the player's.
export function turnAlert(app: App): void {
  const update = app.atTable ? app.update : undefined;
  const myTurn = isMyTurn(update);
  document.title = !update
    ? t("table.titleGolf")
    : myTurn
      ? t("table.titleYourTurn", { code: update.code })
      : t("table.titleTable", { code: update.code });
  const sounded = update !== undefined && update !== heard && soundEvents(app.fresh, update.yourSeat);
  heard = update;
  if (myTurn && !wasMyTurn) soundTurn(sounded ? AFTER_MOVE_S : 0);
  wasMyTurn = myTurn;
}
