// The table's sounds, made with Web Audio (no sound files): a chime when it becomes your turn, and a short sound
// of its own for a draw, a card turned over, a power used on your cards and the end of a hole. One switch, the
// "Sound" box in the table header: off by default, kept in localStorage, and only for a seated player (a spectator
// hears nothing). Nothing plays while the page is hidden but the turn chime, which is what calls a player back to
// the tab. With reduced motion asked for, the sounds are quieter and the phone never vibrates; otherwise a phone
// that allows it gives a short buzz on your turn.
import { EventKind, type TableEvent } from "../gen/golf/v1/game_pb";

const SOUND_KEY = "golf.turn-sound"; // the name it had when the turn chime was the only sound: a choice made is kept
const LEVEL = 0.15;
const VIBRATION = [60, 40, 60]; // ms: buzz, pause, buzz

export type Sound = "turn" | "draw" | "flip" | "power" | "holeEnd";

// One tone: its frequency (gliding to `to` if set), when it starts after the sound does, and how long it rings (s).
interface Note {
  hz: number;
  to?: number;
  at: number;
  ring: number;
  wave?: OscillatorType;
}

const SOUNDS: Record<Sound, Note[]> = {
  turn: [
    { hz: 660, at: 0, ring: 0.18 },
    { hz: 880, at: 0.13, ring: 0.3 },
  ],
  draw: [{ hz: 520, to: 360, at: 0, ring: 0.09, wave: "triangle" }],
  flip: [{ hz: 1250, to: 700, at: 0, ring: 0.06, wave: "triangle" }],
  power: [
    { hz: 523, at: 0, ring: 0.14 },
    { hz: 659, at: 0.07, ring: 0.14 },
    { hz: 988, at: 0.14, ring: 0.22 },
  ],
  holeEnd: [
    { hz: 784, at: 0, ring: 0.22 },
    { hz: 659, at: 0.16, ring: 0.22 },
    { hz: 523, at: 0.32, ring: 0.5 },
  ],
};

const DRAWS = new Set([EventKind.DREW_STOCK, EventKind.TOOK_DISCARD]);
const FLIPS = new Set([EventKind.FLIPPED, EventKind.EXPOSED, EventKind.TURNED_UP, EventKind.TURNED_DOWN]);
// What another player's power can do to a card of yours.
const POWERS_ON_CARDS = new Set([
  EventKind.PEEKED_AT,
  EventKind.SWAPPED,
  EventKind.SHUFFLED,
  EventKind.THROWN,
  EventKind.GAVE,
  EventKind.ADDED,
  EventKind.TURNED_UP,
  EventKind.BLOCKED,
]);

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
  if (on) play("turn"); // a sample, which also unlocks audio: browsers allow it only after a click
}

function reduced(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

function hidden(): boolean {
  return document.visibilityState === "hidden";
}

function play(sound: Sound, delay = 0): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime + delay;
    const level = reduced() ? LEVEL / 2 : LEVEL;
    for (const note of SOUNDS[sound]) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      const t = start + note.at;
      osc.type = note.wave ?? "sine";
      osc.frequency.value = note.hz;
      if (note.to) {
        osc.frequency.setValueAtTime(note.hz, t);
        osc.frequency.exponentialRampToValueAtTime(note.to, t + note.ring);
      }
      gain.gain.setValueAtTime(0.0001, audio.currentTime);
      gain.gain.setValueAtTime(level, t);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + note.ring);
      osc.connect(gain).connect(audio.destination);
      osc.start(t);
      osc.stop(t + note.ring + 0.02);
    }
  } catch {
    /* no audio on this device */
  }
}

// The one sound an update's events make for the player at `me` (several at once would blur): the end of a hole
// over a power used on their cards over a card turned over over a draw.
export function soundOf(events: TableEvent[], me: number): Sound | undefined {
  if (events.some((e) => e.kind === EventKind.HAND_OVER)) return "holeEnd";
  const onMine = (e: TableEvent) => e.seat !== me && (e.targetSeat === me || e.otherSeat === me);
  if (events.some((e) => POWERS_ON_CARDS.has(e.kind) && onMine(e))) return "power";
  if (events.some((e) => FLIPS.has(e.kind))) return "flip";
  if (events.some((e) => DRAWS.has(e.kind))) return "draw";
  return undefined;
}

// The sound of an update's new events, for a seated player with sound on whose page is in view; true if one plays.
export function soundEvents(events: TableEvent[], me: number): boolean {
  const sound = me >= 0 && soundOn() && !hidden() ? soundOf(events, me) : undefined;
  if (sound) play(sound);
  return sound !== undefined;
}

// The turn chime (after `delay` s, so it follows the sound of the move that made it), and a buzz on a phone.
export function soundTurn(delay = 0): void {
  if (!soundOn()) return;
  play("turn", delay);
  if (!reduced() && !hidden() && typeof navigator.vibrate === "function") navigator.vibrate(VIBRATION);
}

// A context made before any click starts suspended; the first click or key lets it play.
function unlock(): void {
  if (audio?.state === "suspended") void audio.resume();
}
document.addEventListener("pointerdown", unlock, { capture: true });
document.addEventListener("keydown", unlock, { capture: true });
