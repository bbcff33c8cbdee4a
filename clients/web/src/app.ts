// The app's state and its conversation with the server. Screens read this state and call its methods; every
// push from the server lands here and triggers a refresh of the screen on show.
import type { ChatLine, LobbyTable, PresetInfo, ServerMessage, TableJoined, TableUpdate } from "./gen/golf/v1/messages_pb";
import { BotLevel, TableState } from "./gen/golf/v1/messages_pb";
import { RulesetSchema } from "./gen/golf/v1/ruleset_pb";
import { create } from "@bufbuild/protobuf";
import { Phase, type Action, type TableEvent } from "./gen/golf/v1/game_pb";
import { Connection, ErrorCode, RequestError, errorText, type RequestBody, type Status } from "./net";
import { CommitmentLog } from "./fairness";
import { MoveLog } from "./move_log";
import { storage } from "./storage";

export type Route = { name: "start"; join?: string } | { name: "lobby" } | { name: "table"; code: string };

const CODE = /^[2-9A-HJ-NP-Z]{6}$/;
// A seat request followed to another node at most this many times (a table moved twice while we followed it is
// followed once more, as the C++ client does).
const MAX_HOPS = 3;
// While a failed node's tables move to a live one (a few seconds), a reclaim may be answered that the table cannot
// be found now, or sent to the node that just died: it is asked again after a pause, the seat kept meanwhile.
const PASSING = new Set([ErrorCode.UNAVAILABLE, ErrorCode.TABLE_ELSEWHERE]);
const PASSING_TRIES = 10;
const PASSING_PAUSE_MS = 1_000;

export function isCode(text: string): boolean {
  return CODE.test(text);
}

export function parseRoute(): Route {
  const table = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  if (table && isCode(table[1].toUpperCase())) return { name: "table", code: table[1].toUpperCase() };
  if (location.pathname.replace(/\/$/, "") === "/lobby") return { name: "lobby" };
  const join = new URLSearchParams(location.search).get("join")?.toUpperCase();
  if (join && isCode(join)) return { name: "table", code: join };
  return { name: "start" };
}

// The node to connect to first: the one the page's own ?node= names, else the one that played this table when
// this browser last took its seat (a reload goes straight there; if it is gone, the connection falls back).
function firstNode(route: Route): string | undefined {
  const asked = new URLSearchParams(location.search).get("node");
  if (asked) return asked;
  return route.name === "table" ? storage.node(route.code) : undefined;
}

export function tableLink(code: string): string {
  return `${location.origin}/t/${code}`;
}

export interface Screen {
  readonly kind: string;
  readonly element: HTMLElement;
  refresh(): void;
  dispose?(): void;
}

export interface CreateOptions {
  name: string;
  preset: string;
  seats: number;
  isPublic: boolean;
  password: string;
  turnClockSeconds: number;
  betweenHolesSeconds: number;
  houseRules: import("./gen/golf/v1/ruleset_pb").Ruleset;
}

type Init = { case: RequestBody["case"]; value: object };

function sameAction(a: Action, b: Action): boolean {
  return a.kind === b.kind && a.position === b.position && a.other === b.other && a.targetSeat === b.targetSeat &&
         a.otherSeat === b.otherSeat;
}

export class App {
  route: Route = parseRoute();
  readonly conn = Connection.forPage(firstNode(this.route));
  readonly commitments = new CommitmentLog();
  readonly log = new MoveLog();
  fresh: TableEvent[] = [];  // the events the latest update brought (animated once by the table screen)
  presets: PresetInfo[] = [];
  joined?: TableJoined;
  update?: TableUpdate;
  updateAt = 0;           // performance.now() when `update` arrived (the clock counts down from it)
  chat: ChatLine[] = [];
  lobby?: LobbyTable[];
  status: Status = "connecting";
  statusDetail = "";
  reclaiming = false;
  moving = false;  // following a table to the node that plays it (a new connection is being made)
  hops = 0;        // how many times a seat request was followed to another node, since the page loaded
  // first/firstKind: the first card of a two-click move ("seat:position"), "" when none is chosen.
  ui = { busy: false, mode: 0, first: "", firstKind: 0, chatDraft: "", lastVersion: 0n };
  onChange: () => void = () => {};
  onFlash: (text: string, kind: "error" | "info") => void = () => {};

  start(): void {
    this.conn.onPush = (message) => this.push(message);
    this.conn.onStatus = (status, detail) => {
      this.status = status;
      this.statusDetail = detail;
      this.onChange();
    };
    this.conn.onReady = () => this.ready();
    window.addEventListener("popstate", () => this.routeChanged(parseRoute()));
    this.conn.open();
  }

  navigate(path: string, replace = false): void {
    if (location.pathname + location.search !== path) {
      if (replace) history.replaceState(null, "", path);
      else history.pushState(null, "", path);
    }
    this.routeChanged(parseRoute());
  }

  request(body: Init): Promise<ServerMessage> {
    return this.conn.request(body);
  }

  // A request whose failure is shown to the player; resolves to undefined on failure.
  async attempt(body: Init): Promise<ServerMessage | undefined> {
    try {
      return await this.request(body);
    } catch (error) {
      this.onFlash(errorText(error), "error");
      return undefined;
    }
  }

  get atTable(): boolean {
    return this.joined !== undefined && this.route.name === "table" && this.route.code === this.joined.code;
  }

  async createTable(options: CreateOptions): Promise<void> {
    storage.setName(options.name);
    const reply = await this.request({ case: "createTable", value: {
      playerName: options.name, preset: options.preset, seats: options.seats, public: options.isPublic,
      password: options.password, turnClockSeconds: options.turnClockSeconds, houseRules: options.houseRules,
      betweenHolesSeconds: options.betweenHolesSeconds,
    } });
    if (reply.body.case === "tableJoined") this.enter(reply.body.value);
  }

  // "Play now": a private six-card table, every other seat a server bot, started at once.
  async playNow(name: string, bots: number): Promise<void> {
    const preset = this.presets.find((p) => p.name === "six-card") ?? this.presets[0];
    if (!preset) throw new Error("the server has not listed its presets yet");
    await this.createTable({ name, preset: preset.name, seats: bots + 1, isPublic: false, password: "", turnClockSeconds: 0,
                             betweenHolesSeconds: 30, houseRules: create(RulesetSchema, {}) });
    for (let seat = 1; seat <= bots; ++seat) await this.request({ case: "addBot", value: { seat, level: BotLevel.HEURISTIC } });
    await this.request({ case: "startMatch", value: {} });
  }

  async joinTable(code: string, name: string, spectate: boolean, password = ""): Promise<void> {
    if (name) storage.setName(name);
    const reply = await this.seatRequest({ case: "joinTable", value: { code, playerName: name, spectate, password } });
    if (reply.body.case === "tableJoined") this.enter(reply.body.value);
  }

  // Joining, watching or reclaiming a seat. With several nodes the answer may be ERROR_CODE_TABLE_ELSEWHERE naming
  // the node that plays the table: the connection is made again to that node and the request repeated there.
  private async seatRequest(body: Init): Promise<ServerMessage> {
    for (let hop = 0; ; ++hop) {
      try {
        return await this.request(body);
      } catch (error) {
        const elsewhere = error instanceof RequestError && error.code === ErrorCode.TABLE_ELSEWHERE && error.node !== "";
        if (!elsewhere || hop >= MAX_HOPS) throw error;
        await this.follow(error.node);
      }
    }
  }

  private async follow(node: string): Promise<void> {
    this.moving = true;
    this.hops++;
    this.onChange();
    try {
      await this.conn.moveTo(node);
    } finally {
      this.moving = false;
      this.onChange();
    }
  }

  async leave(): Promise<void> {
    const code = this.joined?.code;
    if (this.conn.isReady && this.joined) await this.attempt({ case: "leaveTable", value: {} });
    if (code) {
      storage.forget(code);
      this.log.forget(code);
    }
    this.joined = undefined;
    this.update = undefined;
    this.chat = [];
    this.navigate("/");
  }

  async act(action: Action): Promise<void> {
    if (this.ui.busy || !this.update) return;
    this.ui.busy = true;
    this.onChange();
    try {
      // In the start everyone moves at once, so another seat's peek can make ours stale on its way: then it is
      // sent again (once) against the newer view, if that still offers it. Elsewhere a stale move is dropped.
      for (let attempt = 0; ; ++attempt) {
        const sent = this.update.handVersion;
        try {
          await this.request({ case: "act", value: { action: { kind: action.kind, position: action.position, other: action.other,
                                                              targetSeat: action.targetSeat, otherSeat: action.otherSeat },
                                                    handVersion: sent } });
          break;
        } catch (error) {
          const stale = error instanceof RequestError && error.code === ErrorCode.STALE;
          if (stale && attempt === 0 && this.update.handVersion !== sent && this.update.hand?.phase === Phase.START &&
              this.update.hand.legal.some((a) => sameAction(a, action))) continue;
          throw error;
        }
      }
    } catch (error) {
      // A stale view is harmless: the newer update is on its way and shows the move we may make now.
      if (!(error instanceof RequestError && error.code === ErrorCode.STALE)) this.onFlash(errorText(error), "error");
    } finally {
      this.ui.busy = false;
      this.ui.first = "";
      this.onChange();
    }
  }

  // Done reading the finished hole's review: the next hole is dealt once everyone has said so (or time runs out).
  async nextHole(): Promise<void> {
    await this.attempt({ case: "nextHole", value: {} });
  }

  async sendChat(text: string): Promise<boolean> {
    const reply = await this.attempt({ case: "sendChat", value: { text } });
    return reply !== undefined;
  }

  private enter(joined: TableJoined): void {
    const sameTable = this.joined?.code === joined.code;
    this.joined = joined;
    if (joined.seatToken) storage.setToken(joined.code, joined.seatToken, this.conn.reachedNode);
    // Another table starts with no chat; the same table keeps its lines (the backlog it resends is deduplicated).
    if (!sameTable) this.chat = [];
    this.log.open(joined.code);
    if (this.update?.code !== joined.code) this.update = undefined;
    this.navigate(`/t/${joined.code}`, this.route.name === "table");
  }

  private routeChanged(route: Route): void {
    const wasLobby = this.route.name === "lobby";
    this.route = route;
    if (this.conn.isReady) {
      if (route.name === "lobby" && !wasLobby) void this.watchLobby(true);
      if (route.name !== "lobby" && wasLobby) void this.watchLobby(false);
      if (route.name === "table" && !this.atTable) void this.resume(route.code);
    }
    this.onChange();
  }

  // After every (re)connection: the presets once, the seat back, the lobby stream again. A connection made to
  // follow a table leaves the seat to the request that is following it.
  private async ready(): Promise<void> {
    if (this.presets.length === 0) {
      const reply = await this.attempt({ case: "listPresets", value: {} });
      if (reply?.body.case === "presets") this.presets = reply.body.value.presets;
    }
    if (!this.moving) await this.seatBack();
    if (this.route.name === "lobby") await this.watchLobby(true);
    this.onChange();
  }

  private async seatBack(): Promise<void> {
    if (this.joined) {
      const joined = this.joined;
      if (joined.seatToken) await this.reclaim(joined.code, joined.seatToken);
      else await this.joinTable(joined.code, storage.name() || "spectator", true).catch((e) => this.onFlash(errorText(e), "error"));
    } else if (this.route.name === "table") {
      await this.resume(this.route.code);
    }
  }

  // The list as it is now is the answer to WatchLobby (it carries our request_id, so it is no push); later
  // changes come as pushes.
  private async watchLobby(watch: boolean): Promise<void> {
    const reply = await this.attempt({ case: "watchLobby", value: { watch } });
    if (!watch) this.lobby = undefined;
    else if (reply?.body.case === "lobby" && this.route.name === "lobby") this.lobby = reply.body.value.tables;
    this.onChange();
  }

  // Opening /t/CODE: a saved token takes the seat back; otherwise the join form shows.
  private async resume(code: string): Promise<void> {
    const token = storage.token(code);
    if (token) await this.reclaim(code, token);
  }

  private async reclaim(code: string, token: string): Promise<void> {
    this.reclaiming = true;
    this.onChange();
    try {
      for (let attempt = 1; ; ++attempt) {
        try {
          const reply = await this.seatRequest({ case: "reclaimSeat", value: { seatToken: token } });
          if (reply.body.case === "tableJoined") this.enter(reply.body.value);
          return;
        } catch (error) {
          if (!(error instanceof RequestError)) throw error;  // the connection went: the next one reclaims
          if (PASSING.has(error.code) && attempt < PASSING_TRIES) {
            await new Promise((resolve) => window.setTimeout(resolve, PASSING_PAUSE_MS));
            continue;
          }
          // The seat is gone (the table closed, or the token was replaced): forget it and offer to join again.
          storage.forget(code);
          this.joined = undefined;
          this.update = undefined;
          this.onFlash(`Could not take your seat back: ${error.message}`, "error");
          return;
        }
      }
    } finally {
      this.reclaiming = false;
      this.onChange();
    }
  }

  private push(message: ServerMessage): void {
    switch (message.body.case) {
      case "tableUpdate": {
        const update = message.body.value;
        if (this.joined && update.code !== this.joined.code) return;
        this.update = update;
        this.updateAt = performance.now();
        this.fresh = this.log.take(update.code, update.events, update.eventsFromStart);
        if (update.handVersion !== this.ui.lastVersion) {
          this.ui.lastVersion = update.handVersion;
          this.ui.first = "";
        }
        if (update.state === TableState.PLAYING && update.fairness)
          this.commitments.note(update.code, update.fairness.hole, update.fairness.commitment);
        break;
      }
      case "chat": {
        // The backlog resent after a reclaim holds lines this page may already show: each is kept once.
        const line = message.body.value;
        const same = (l: ChatLine) => l.unixMs === line.unixMs && l.seat === line.seat && l.text === line.text && l.name === line.name;
        if (line.earlier && this.chat.some(same)) return;
        this.chat = [...this.chat.slice(-99), line];
        if (line.earlier) this.chat.sort((a, b) => (a.unixMs < b.unixMs ? -1 : a.unixMs > b.unixMs ? 1 : 0));
        break;
      }
      case "lobby":
        this.lobby = message.body.value.tables;
        break;
      case "closing":
        this.onFlash(`The server closed the connection: ${message.body.value.reason}`, "info");
        break;
      default:
        return;
    }
    this.onChange();
  }
}
