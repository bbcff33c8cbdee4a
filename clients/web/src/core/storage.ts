// What the browser keeps between visits: the player's name and a seat token per table (localStorage), so a
// refresh or a new tab reclaims the seat, and with several nodes the node that played the table, so a refresh
// connects straight to it. A token is removed when the seat is left or the server refuses it. Signed in, the
// account's session token (and its name, to show until the server confirms it), so every connection signs in
// again by itself; it is removed on signing out or when the server says the session has ended. And the level the
// host last chose for a server bot. And whose chat this person has muted for themselves. And the theme chosen with
// the toggle, when the player chose one over the browser's own setting. And a guest's entry token for each
// tournament they signed up for. And the language chosen with the picker over the browser's own.

const NAME_KEY = "golf.name";
const SEATS_KEY = "golf.seats";
const LAST_KEY = "golf.last-table";
const NODES_KEY = "golf.nodes";
const SESSION_KEY = "golf.session";
const BOT_KEY = "golf.bot-level";
const MUTED_KEY = "golf.muted-chat";
const THEME_KEY = "golf.theme";
const ENTRIES_KEY = "golf.tournament-entries";
const LANGUAGE_KEY = "golf.language";

function readMap(key: string): Record<string, string> {
  try {
    const value = JSON.parse(localStorage.getItem(key) ?? "{}");
    return value && typeof value === "object" ? value : {};
  } catch {
    return {};
  }
}

function readSeats(): Record<string, string> {
  return readMap(SEATS_KEY);
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    /* private mode or full storage: the app still works, without resuming */
  }
}

function readSession(): { token: string; name: string } | undefined {
  try {
    const value = JSON.parse(localStorage.getItem(SESSION_KEY) ?? "null");
    return value && typeof value.token === "string" && value.token && typeof value.name === "string"
      ? value
      : undefined;
  } catch {
    return undefined;
  }
}

export const storage = {
  // The session token a password sign-in (or a registration) gave, and the account's name.
  session(): { token: string; name: string } | undefined {
    return readSession();
  },
  setSession(token: string, name: string): void {
    write(SESSION_KEY, JSON.stringify({ token, name }));
  },
  forgetSession(): void {
    write(SESSION_KEY, null);
  },
  language(): string | undefined {
    try {
      return localStorage.getItem(LANGUAGE_KEY) ?? undefined;
    } catch {
      return undefined;
    }
  },
  setLanguage(code: string): void {
    write(LANGUAGE_KEY, code);
  },
  name(): string {
    try {
      return localStorage.getItem(NAME_KEY) ?? "";
    } catch {
      return "";
    }
  },
  setName(name: string): void {
    write(NAME_KEY, name);
  },
  token(code: string): string | undefined {
    return readSeats()[code];
  },
  // `node`: the node that plays the table ("" with a single server).
  setToken(code: string, token: string, node = ""): void {
    write(SEATS_KEY, JSON.stringify({ ...readSeats(), [code]: token }));
    const nodes = readMap(NODES_KEY);
    if (node) nodes[code] = node;
    else delete nodes[code];
    write(NODES_KEY, JSON.stringify(nodes));
    write(LAST_KEY, code);
  },
  node(code: string): string | undefined {
    return readMap(NODES_KEY)[code] || undefined;
  },
  forget(code: string): void {
    const seats = readSeats();
    delete seats[code];
    write(SEATS_KEY, JSON.stringify(seats));
    const nodes = readMap(NODES_KEY);
    delete nodes[code];
    write(NODES_KEY, JSON.stringify(nodes));
    if (this.lastTable() === code) write(LAST_KEY, null);
  },
  // The bot level last chosen ("hard", "custom", ...) and the playouts last typed for a custom one.
  botLevel(): { level: string; playouts: string } {
    const kept = readMap(BOT_KEY);
    const text = (value: unknown) => (typeof value === "string" ? value : "");
    return { level: text(kept.level), playouts: text(kept.playouts) };
  },
  setBotLevel(level: string, playouts: string): void {
    write(BOT_KEY, JSON.stringify({ level, playouts }));
  },
  // The speakers whose chat lines this browser hides ("account:NAME" or "guest:NAME"), in the order muted.
  mutedChat(): string[] {
    try {
      const value = JSON.parse(localStorage.getItem(MUTED_KEY) ?? "[]");
      return Array.isArray(value) ? value.filter((v) => typeof v === "string") : [];
    } catch {
      return [];
    }
  },
  setChatMuted(speaker: string, muted: boolean): void {
    const rest = this.mutedChat().filter((s) => s !== speaker);
    write(MUTED_KEY, JSON.stringify(muted ? [...rest, speaker].slice(-200) : rest));
  },
  // "light" or "dark" as toggled; undefined: follow prefers-color-scheme.
  theme(): "light" | "dark" | undefined {
    try {
      const value = localStorage.getItem(THEME_KEY);
      return value === "light" || value === "dark" ? value : undefined;
    } catch {
      return undefined;
    }
  },
  setTheme(theme: "light" | "dark"): void {
    write(THEME_KEY, theme);
  },
  // A guest entrant's entry token for tournament `id`; null forgets it.
  entry(id: bigint): string {
    return readMap(ENTRIES_KEY)[String(id)] ?? "";
  },
  setEntry(id: bigint, token: string | null): void {
    const entries = readMap(ENTRIES_KEY);
    if (token) entries[String(id)] = token;
    else delete entries[String(id)];
    write(ENTRIES_KEY, JSON.stringify(entries));
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
