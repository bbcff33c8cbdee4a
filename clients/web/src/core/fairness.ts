// The shuffle check (docs/protocol.md, "Checking a shuffle"): the commitment is SHA-256 of the hole's 8-byte
// big-endian seed; when the hole ends the scorecard reveals the seed, and the browser hashes it itself and compares.
// Commitments are remembered per table and hole as seen while the hole is in play (a rematch deals hole 1 again
// with a new commitment, which then replaces the old one).
import { sha256 } from "@noble/hashes/sha2.js";

export function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export type Verdict = { state: "verified" | "mismatch" | "unseen"; digest?: string };

export async function checkSeed(seed: Uint8Array, commitmentHex: string | undefined): Promise<Verdict> {
  if (!commitmentHex) return { state: "unseen" };
  // crypto.subtle exists only in secure contexts (https, or http from localhost); a table reached over plain http
  // on a LAN hashes with @noble/hashes instead, so every player can check every shuffle.
  const digest = globalThis.crypto?.subtle
    ? hex(new Uint8Array(await crypto.subtle.digest("SHA-256", new Uint8Array(seed))))
    : hex(sha256(new Uint8Array(seed)));
  return { state: digest === commitmentHex ? "verified" : "mismatch", digest };
}

// What this browser saw during play: table code -> hole -> commitment (hex). Kept in sessionStorage so a refresh keeps it.
export class CommitmentLog {
  private seen: Record<string, Record<number, string>>;

  constructor() {
    try {
      this.seen = JSON.parse(sessionStorage.getItem("golf.commitments") ?? "{}");
    } catch {
      this.seen = {};
    }
  }

  note(code: string, hole: number, commitment: Uint8Array): void {
    if (hole <= 0 || commitment.length === 0) return;
    const table = (this.seen[code] ??= {});
    const text = hex(commitment);
    if (table[hole] === text) return;
    table[hole] = text;
    try {
      sessionStorage.setItem("golf.commitments", JSON.stringify(this.seen));
    } catch {
      /* storage full: keep it in memory */
    }
  }

  get(code: string, hole: number): string | undefined {
    return this.seen[code]?.[hole];
  }
}
