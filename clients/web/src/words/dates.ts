// Dates in the reader's words: in the browser's own locale ("12 March 2026"), or to the minute in UTC.
export function dateText(unix: bigint): string {
  return new Date(Number(unix) * 1000).toLocaleDateString(undefined, {
    year: "numeric",
    month: "long",
    day: "numeric",
  });
}

// When something happened to the minute, as the server writes it in its sentences: "2026-12-12 10:00 UTC".
export function utcMinute(unixS: bigint): string {
  return new Date(Number(unixS) * 1000).toISOString().slice(0, 16).replace("T", " ") + " UTC";
}
