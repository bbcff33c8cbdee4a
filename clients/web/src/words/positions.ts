// One way of naming a place in a layout, used everywhere (the move log, the cards' accessible names, the power
// banner, the hole review), as docs/move-log.md says: words for layouts of at most 3 rows and 3 columns
// ("top-left", "middle", "right"), "row 2, card 4" for bigger ones.
// Positions are row-major from the top-left, as in the protocol; extra rows beyond rows*cols make a layout taller.
// The words come from the "places" catalogue: rows top/middle/bottom, columns start/center/end (the first column is
// the left one in English, the right one where a right-to-left page mirrors the layout), "none" for a lone line.
import { t } from "./i18n";

const COLUMN_WORDS: Record<number, string[]> = { 1: ["none"], 2: ["start", "end"], 3: ["start", "center", "end"] };
const ROW_WORDS: Record<number, string[]> = { 1: ["none"], 2: ["top", "bottom"], 3: ["top", "middle", "bottom"] };

// The name of position `p` in a layout `cols` wide holding `count` positions.
export function positionName(p: number, cols: number, count: number): string {
  const width = Math.max(1, cols);
  const rows = Math.max(1, Math.ceil(count / width));
  const row = Math.floor(p / width);
  const col = p % width;
  const rowWords = ROW_WORDS[rows];
  const colWords = COLUMN_WORDS[width];
  if (!rowWords || !colWords) return t("places.rowCard", { row: row + 1, card: col + 1 });
  return t("places.cell", { row: rowWords[row] ?? "none", column: colWords[col] ?? "none" });
}

// The name of a row or column for the line-swapping power ("the top row", "row 3", "the left column").
export function lineName(index: number, isRow: boolean, lines: number): string {
  const word = (isRow ? ROW_WORDS : COLUMN_WORDS)[lines]?.[index] ?? "none";
  return t("places.line", { axis: isRow ? "row" : "column", word, n: index + 1 });
}

// Whether a name is words ("top-left") rather than numbers ("row 2, card 4"), which reads "card at row 2, card 4".
// Any script's digits count, as a locale may write its numbers in its own.
export function isWordName(name: string): boolean {
  return !/\p{Nd}/u.test(name);
}
