// Dates in the reader's words, in the browser's own locale ("12 March 2026").
export function dateText(unix: bigint): string {
  return new Date(Number(unix) * 1000).toLocaleDateString(undefined, {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}
