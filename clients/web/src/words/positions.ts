// One way of naming a place in a layout, used everywhere (the move log, the cards' accessible names, the power
// banner, the hole review), as docs/move-log.md says: words for layouts of at most 3 rows and 3 columns
// ("top-left", "middle", "right"), "row 2, card 4" for bigger ones.
// Positions are row-major from the top-left, as in the protocol; extra rows beyond rows*cols make a layout taller.

const COLUMN_WORDS: Record<number, string[]> = { 1: [""], 2: ["left", "right"], 3: ["left", "middle", "right"] };
const ROW_WORDS: Record<number, string[]> = { 1: [""], 2: ["top", "bottom"], 3: ["top", "middle", "bottom"] };

// The name of position `p` in a layout `cols` wide holding `count` positions.
export function positionName(p: number, cols: number, count: number): string {
  const width = Math.max(1, cols);
  const rows = Math.max(1, Math.ceil(count / width));
  const row = Math.floor(p / width);
  const col = p % width;
  const rowWords = ROW_WORDS[rows];
  const colWords = COLUMN_WORDS[width];
  if (!rowWords || !colWords) return `row ${row + 1}, card ${col + 1}`;
  const r = rowWords[row];
  const c = colWords[col];
  if (r && c) return r === "middle" && c === "middle" ? "middle" : `${r}-${c}`;
  return r || c || "only";
}

// The name of a row or column for the line-swapping power ("the top row", "row 3", "the left column").
export function lineName(index: number, isRow: boolean, lines: number): string {
  const words = (isRow ? ROW_WORDS : COLUMN_WORDS)[lines];
  const word = words?.[index];
  if (word) return `the ${word} ${isRow ? "row" : "column"}`;
  return `${isRow ? "row" : "column"} ${index + 1}`;
}

// Whether a name is words ("top-left") rather than numbers ("row 2, card 4"), which reads "card at row 2, card 4".
export function isWordName(name: string): boolean {
  return !/\d/.test(name);
}
