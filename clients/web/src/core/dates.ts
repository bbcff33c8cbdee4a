// When something happens, in the words people read: "2026-12-12 10:00 UTC", as the server writes it.
export function utcMinute(unixS: bigint): string {
  return new Date(Number(unixS) * 1000).toISOString().slice(0, 16).replace("T", " ") + " UTC";
}
