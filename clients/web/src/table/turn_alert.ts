// Knowing it is your turn: the tab's title says so ("(Your turn) Golf · CODE"), and, if the player switched it
// on, a short beep made with Web Audio (no sound file). Off by default; the choice is kept in localStorage.
import { ActionKind, Phase } from "../gen/golf/v1/game_pb";
import type { TableUpdate } from "../gen/golf/v1/messages_pb";

const SOUND_KEY = "golf.turn-sound";

// The player has a move to make (a claim, open to everyone out of turn, does not count).
export function isMyTurn(update: TableUpdate | undefined): boolean {
  const hand = update?.hand;
  return !!hand && hand.phase !== Phase.OVER && hand.legal.some((a) => a.kind !== ActionKind.CLAIM);
}

let wasMyTurn = false;
let audio: AudioContext | undefined;

export function soundOn(): boolean {
  try {
    return localStorage.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function setSound(on: boolean): void {
  try {
    localStorage.setItem(SOUND_KEY, on ? "on" : "off");
  } catch {
    /* the choice lasts for this page only */
  }
  if (on) beep(); // also unlocks audio: browsers allow it only after a click
}

function beep(): void {
  try {
    audio ??= new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch {
    /* no audio on this device */
  }
}

// Sets the title and beeps once when the turn becomes the player's.
export function turnAlert(base: string, myTurn: boolean): void {
  document.title = myTurn ? `(Your turn) ${base}` : base;
  if (myTurn && !wasMyTurn && soundOn()) beep();
  wasMyTurn = myTurn;
}
