// What the browser keeps between visits: the player's name and a seat token per table (localStorage), so a
// refresh or a new tab reclaims the seat. A token is removed when the seat is left or the server refuses it.

const NAME_KEY = "golf.name";
const SEATS_KEY = "golf.seats";
const LAST_KEY = "golf.last-table";

function readSeats(): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(SEATS_KEY) ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch { /* private mode or full storage: the app still works, without resuming */ }
}

export const storage = {
  name(): string {
    try { return localStorage.getItem(NAME_KEY) ?? ""; } catch { return ""; }
  },
  setName(name: string): void {
    write(NAME_KEY, name);
  },
  token(code: string): string | undefined {
    return readSeats()[code];
  },
  setToken(code: string, token: string): void {
    write(SEATS_KEY, JSON.stringify({ ...readSeats(), [code]: token }));
    write(LAST_KEY, code);
  },
  forget(code: string): void {
    const seats = readSeats();
    delete seats[code];
    write(SEATS_KEY, JSON.stringify(seats));
    if (this.lastTable() === code) write(LAST_KEY, null);
  },
  lastTable(): string | undefined {
    try {
      const code = localStorage.getItem(LAST_KEY) ?? undefined;
      return code && readSeats()[code] ? code : undefined;
    } catch {
      return undefined;
    }
  },
};
