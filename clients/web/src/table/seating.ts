// Where the seats sit on screen: the reader's own layout at the bottom, the others around the table in play order,
// so that "next" goes clockwise (up the left side, across the top, down the right). A phone has no room for sides:
// the others share the top, in as many columns as gives their cards the most room.

export interface Seating {
  bottom: number; // the reader's seat (a spectator sees the first seat there)
  left: number[]; // bottom to top
  top: number[]; // left to right
  right: number[]; // top to bottom
  columns: number; // columns of the top area
}

// The space a stage offers, in CSS pixels, and the layout's grid.
export interface StageSize {
  width: number;
  height: number;
  rows: number;
  cols: number;
}

// Below this stage width the sides would squeeze the middle: everyone else goes across the top.
const SIDES_FROM = 700;

export function seating(seats: number, viewer: number, size: StageSize): Seating {
  const bottom = viewer >= 0 ? viewer : 0;
  const others = Array.from({ length: seats - 1 }, (_, i) => (bottom + 1 + i) % seats);
  const k = others.length;
  if (size.width >= SIDES_FROM && k >= 4) {
    const side = Math.round(k / 3.5);
    const top = others.slice(side, k - side);
    return { bottom, left: others.slice(0, side).reverse(), top, right: others.slice(k - side), columns: top.length };
  }
  return { bottom, left: [], top: others, right: [], columns: bestColumns(k, size) };
}

// The card width a seat gets when k seats share the top area in c columns: the smaller of what its width and its
// height allow (the top area gets about two fifths of the stage; a seat's name line and padding take about 30 px).
function cardWidth(k: number, c: number, size: StageSize): number {
  const rows = Math.ceil(k / c);
  const byWidth = (size.width / c - 10 - 2 * (size.cols - 1)) / size.cols;
  const byHeight = (((size.height * 0.4) / rows - 30 - 2 * (size.rows - 1)) / size.rows) * (5 / 7);
  return Math.min(byWidth, byHeight);
}

function bestColumns(k: number, size: StageSize): number {
  let best = 1;
  for (let c = 1; c <= Math.max(1, k); ++c) if (cardWidth(k, c, size) > cardWidth(k, best, size) + 0.5) best = c;
  return Math.max(1, Math.min(best, k));
}
