// A line of a hole's scoring (golf.v1.ScoreNote) in the reader's words: "two equal column pairs -10", "Bob pays for
// Ann's equal column pairs side by side: +10". A server too new for this page sends kinds it does not know: then
// the server's English line stands in (`english`).
import { ScoreNoteKind, type ScoreNote } from "../gen/golf/v1/game_pb";
import { t, numberFormat } from "./i18n";

const KEY: Partial<Record<ScoreNoteKind, string>> = {
  [ScoreNoteKind.EQUAL_COLUMN_PAIRS]: "scoring.equalColumnPairs",
  [ScoreNoteKind.SQUARE_BLOCK]: "scoring.squareBlock",
  [ScoreNoteKind.ALL_EQUAL]: "scoring.allEqual",
  [ScoreNoteKind.ROW_OF_KINGS]: "scoring.rowOfKings",
  [ScoreNoteKind.SIDE_BY_SIDE_PAIRS]: "scoring.sideBySidePairs",
  [ScoreNoteKind.STRAIGHT]: "scoring.straight",
  [ScoreNoteKind.PAYS_FOR_SIDE_BY_SIDE]: "scoring.paysForSideBySide",
  [ScoreNoteKind.SHOT_THE_MOON]: "scoring.shotTheMoon",
  [ScoreNoteKind.CALLER_LOWEST]: "scoring.callerLowest",
  [ScoreNoteKind.CALLER_NOT_LOWEST]: "scoring.callerNotLowest",
  [ScoreNoteKind.CALLER_TIED]: "scoring.callerTied",
  [ScoreNoteKind.AT_OR_BELOW_CALLER]: "scoring.atOrBelowCaller",
  [ScoreNoteKind.LOWEST_SCORES_ZERO]: "scoring.lowestScoresZero",
};

function signedPoints(n: number): string {
  return numberFormat({ signDisplay: "always", useGrouping: false }).format(n);
}

// `name(seat)`: a seat's name as the table shows it.
export function scoreNoteText(note: ScoreNote, english: string | undefined, name: (seat: number) => string): string {
  const key = KEY[note.kind];
  if (!key) return english ?? signedPoints(note.points);
  return t(key, {
    points: signedPoints(note.points),
    count: note.count,
    seat: note.seat >= 0 ? name(note.seat) : "",
    other: note.otherSeat >= 0 ? name(note.otherSeat) : "",
    figure: note.figure,
    target: note.target,
  });
}

// Each line of `why` in the reader's words; an older server sends only the English `notes`.
export function scoreNoteLines(why: ScoreNote[], notes: string[], name: (seat: number) => string): string[] {
  if (why.length === 0) return notes;
  return why.map((note, i) => scoreNoteText(note, notes[i], name));
}
