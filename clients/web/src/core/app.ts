// The app's state and its conversation with the server. Screens read this state and call its methods; every
// push from the server lands here and triggers a refresh of the screen on show. A connection starts as a guest:
// with a session token kept from an earlier sign-in it signs in again first, on every (re)connection, before the
// seat is reclaimed or a quick-play wait is resumed.
import type {
  Account,
  ChatLine,
  Leaderboard,
  LobbyTable,
  PresetInfo,
  Profile,
  QueueUpdate,
  RemovedFromTable,
  ServerMessage,
  TableJoined,
  TableUpdate,
} from "../gen/golf/v1/messages_pb";
import { BotLevel, TableState } from "../gen/golf/v1/messages_pb";
import { RulesetSchema } from "../gen/golf/v1/ruleset_pb";
import type { Tournament } from "../gen/golf/v1/tournaments_pb";
import { create } from "@bufbuild/protobuf";
import { Phase, type Action, type TableEvent } from "../gen/golf/v1/game_pb";
import { Connection, ErrorCode, RequestError, errorText, type RequestBody, type Status } from "./net";
import { utcMinute } from "../words/dates";
import { CommitmentLog } from "./fairness";
import { MoveLog } from "./move_log";
import { storage } from "./storage";
import { t } from "../words/i18n";

export type Route =
  | { name: "start"; join?: string }
  | { name: "lobby" }
  | { name: "table"; code: string }
  | { name: "profile"; player: string }
  | { name: "leaderboard"; preset: string }
  | { name: "account" }
  | { name: "admin" }
  | { name: "replay"; match: bigint; hole: number; move: number }
  | { name: "tournaments" }
  | { name: "tournament"; id: bigint };

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

function decoded(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

export function parseRoute(): Route {
  const table = /^\/t\/([^/]+)\/?$/.exec(location.pathname);
  if (table && isCode(table[1].toUpperCase())) return { name: "table", code: table[1].toUpperCase() };
  const path = location.pathname.replace(/\/$/, "");
  if (path === "/lobby") return { name: "lobby" };
  if (path === "/account") return { name: "account" };
  if (path === "/admin") return { name: "admin" };
  if (path === "/tournaments") return { name: "tournaments" };
  const tournament = /^\/tournaments\/([1-9][0-9]{0,17})$/.exec(path);
  if (tournament) return { name: "tournament", id: BigInt(tournament[1]) };
  if (path === "/leaderboard")
    return { name: "leaderboard", preset: new URLSearchParams(location.search).get("rules") ?? "" };
  const replay = /^\/replay\/([1-9][0-9]{0,17})$/.exec(path);
  if (replay) {
    const query = new URLSearchParams(location.search);
    const number = (key: string) => Math.max(0, Math.floor(Number(query.get(key) ?? "0")) || 0);
    return { name: "replay", match: BigInt(replay[1]), hole: number("hole") || 1, move: number("move") };
  }
  const profile = /^\/p\/([^/]+)$/.exec(path);
  const player = profile ? decoded(profile[1]) : undefined;
  if (player) return { name: "profile", player };
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

// The path of a player's profile. A '.' is escaped too: the server serves the app for paths without a file
// extension only, and a name such as "J.R." would otherwise look like one.
// A recorded match's replay, at a hole and a move (the deal is move 0).
export function replayPath(matchId: bigint, hole = 1, move = 0): string {
  return `/replay/${matchId}${hole > 1 || move > 0 ? `?hole=${hole}&move=${move}` : ""}`;
}

export function tournamentPath(id: bigint): string {
  return `/tournaments/${id}`;
}

export function profilePath(name: string): string {
  return `/p/${encodeURIComponent(name).replace(/\./g, "%2E")}`;
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
  houseRules: import("../gen/golf/v1/ruleset_pb").Ruleset;
}

// What "Play now" asked for: kept while waiting, so a new connection (the old one's wait ended with it) asks again.
export interface QuickWish {
  preset: string;
  seats: number;
  botsAfterSeconds: number; // 0: never; else 5..600
  name: string; // a guest's name (signed in, the account's is used)
}

type Init = { case: RequestBody["case"]; value: object };

function sameAction(a: Action, b: Action): boolean {
  return (
    a.kind === b.kind &&
    a.position === b.position &&
    a.other === b.other &&
    a.targetSeat === b.targetSeat &&
    a.otherSeat === b.otherSeat
  );
}

// Why the seat is gone, with the reason given (if any) after a colon.
function removalWords(removed: RemovedFromTable): string {
  const reason = removed.reason;
  if (removed.banned && removed.banEndsUnixS > 0n) {
    const until = utcMinute(removed.banEndsUnixS);
    return reason ? t("app.bannedUntilBecause", { until, reason }) : t("app.bannedUntil", { until });
  }
  if (removed.banned) return reason ? t("app.bannedBecause", { reason }) : t("app.banned");
  if (removed.tableEnded) return reason ? t("app.tableEndedBecause", { reason }) : t("app.tableEnded");
  if (removed.byVote) return t("app.votedOut");
  return reason ? t("app.hostRemovedBecause", { reason }) : t("app.hostRemoved");
}

export class App {
  route: Route = parseRoute();
  readonly conn = Connection.forPage(firstNode(this.route));
  readonly commitments = new CommitmentLog();
  readonly log = new MoveLog();
  fresh: TableEvent[] = []; // the events the latest update brought (animated once by the table screen)
  presets: PresetInfo[] = [];
  joined?: TableJoined;
  update?: TableUpdate;
  updateAt = 0; // performance.now() when `update` arrived (the clock counts down from it)
  chat: ChatLine[] = [];
  lobby?: LobbyTable[];
  account?: Account; // the account this connection is signed in to
  tournament?: Tournament; // the one the tournament page shows and watches
  signingIn = storage.session() !== undefined; // a kept session is being tried on this connection
  quick?: QuickWish; // waiting in quick play's queue
  queue?: QueueUpdate; // how that wait goes (the latest push)
  queueAt = 0; // performance.now() when `queue` arrived
  status: Status = "connecting";
  statusDetail = "";
  serverVersion = ""; // the server's build, from its Welcome
  reclaiming = false;
  moving = false; // following a table to the node that plays it (a new connection is being made)
  hops = 0; // how many times a seat request was followed to another node, since the page loaded
  // first/firstKind: the first card of a two-click move ("seat:position"), "" when none is chosen.
  ui = { busy: false, mode: 0, first: "", firstKind: 0, chatDraft: "", lastVersion: 0n, panel: "", guide: false };
  onChange: () => void = () => {};
  // `kind` "announcement": a moderator's words to everyone, kept in view longer than a passing notice.
  onFlash: (text: string, kind: "error" | "info" | "announcement") => void = () => {};

  start(): void {
    this.conn.onPush = (message) => this.push(message);
    this.conn.onStatus = (status, detail) => {
      this.status = status;
      this.statusDetail = detail;
      if (status === "open") this.serverVersion = detail; // an open connection's detail is the Welcome's version
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

  // Moves wait: one is on its way, or this connection has not got the seat back yet (after a reconnection the
  // table is still shown, but the server would refuse a move until the seat is reclaimed).
  get held(): boolean {
    return this.ui.busy || this.reclaiming || this.moving || this.status !== "open";
  }

  // The account's name while signed in (or while a kept session is being tried), else undefined: a guest.
  get accountName(): string | undefined {
    return this.account?.name ?? (this.signingIn ? storage.session()?.name : undefined);
  }

  // The player_name a seat request sends: empty when signed in (the server uses the account's name).
  private seatName(name: string): string {
    if (this.accountName !== undefined) return "";
    if (name) storage.setName(name);
    return name;
  }

  async createTable(options: CreateOptions): Promise<void> {
    const reply = await this.request({
      case: "createTable",
      value: {
        playerName: this.seatName(options.name),
        preset: options.preset,
        seats: options.seats,
        public: options.isPublic,
        password: options.password,
        turnClockSeconds: options.turnClockSeconds,
        houseRules: options.houseRules,
        betweenHolesSeconds: options.betweenHolesSeconds,
      },
    });
    if (reply.body.case === "tableJoined") this.enter(reply.body.value);
  }

  // "Play now" with bots at once: a private table, every other seat a server bot, started at once.
  // `guide`: tips explain the first hole as it is played (table/guide.ts).
  async playWithBots(name: string, presetName: string, seats: number, guide = false): Promise<void> {
    this.ui.guide = guide;
    const preset = this.presets.find((p) => p.name === presetName) ?? this.presets[0];
    if (!preset) throw new Error(t("app.noPresetsYet"));
    await this.createTable({
      name,
      preset: preset.name,
      seats,
      isPublic: false,
      password: "",
      turnClockSeconds: 0,
      betweenHolesSeconds: 0,
      houseRules: create(RulesetSchema, {}),
    });
    for (let seat = 1; seat < seats; ++seat)
      await this.request({ case: "addBot", value: { seat, level: BotLevel.HEURISTIC } });
    await this.request({ case: "startMatch", value: {} });
  }

  // "Play now": wait in quick play's queue (answered by Ok, then QueueUpdate pushes, then TableJoined once seated).
  async quickPlay(wish: QuickWish): Promise<void> {
    this.quick = wish;
    this.queue = undefined;
    this.onChange();
    try {
      // Several nodes: each queue is kept by one node, followed like a table (seatRequest).
      await this.seatRequest({
        case: "quickPlay",
        value: {
          preset: wish.preset,
          seats: wish.seats,
          botsAfterSeconds: wish.botsAfterSeconds,
          playerName: this.seatName(wish.name),
        },
      });
    } catch (error) {
      if (this.quick === wish) this.quick = undefined;
      this.onChange();
      throw error;
    }
  }

  async leaveQueue(): Promise<void> {
    this.quick = undefined;
    this.queue = undefined;
    this.onChange();
    if (this.conn.isReady) await this.attempt({ case: "leaveQueue", value: {} });
  }

  // `entryToken`: a guest tournament entrant's, which takes the seat held for them (under their entrant's name).
  async joinTable(code: string, name: string, spectate: boolean, password = "", entryToken = ""): Promise<void> {
    const playerName = (spectate && !name) || entryToken ? "" : this.seatName(name);
    const value = { code, playerName, spectate, password, entryToken };
    const reply = await this.seatRequest({ case: "joinTable", value });
    if (reply.body.case === "tableJoined") this.enter(reply.body.value);
  }

  // ---- accounts

  async register(name: string, password: string): Promise<void> {
    this.signedIn(await this.request({ case: "register", value: { name, password } }));
  }

  async signIn(name: string, password: string): Promise<void> {
    this.signedIn(await this.request({ case: "signIn", value: { name, password } }));
  }

  // `everywhere`: every session of the account ends, on every device.
  async signOut(everywhere: boolean): Promise<void> {
    try {
      await this.request({ case: "signOut", value: { everywhere } });
    } catch (error) {
      // Not signed in on this connection (the session had ended): signing out here is done all the same.
      if (!(error instanceof RequestError && error.code === ErrorCode.NOT_SIGNED_IN)) throw error;
    }
    storage.forgetSession();
    this.account = undefined;
    this.signingIn = false;
    this.onChange();
  }

  async changePassword(oldPassword: string, newPassword: string): Promise<void> {
    await this.request({ case: "changePassword", value: { oldPassword, newPassword } });
  }

  // A request that waits for the connection (and its sign-in) first: the profile and leaderboard pages ask at once.
  async whenReady(body: Init): Promise<ServerMessage> {
    await this.conn.whenReady();
    return this.request(body);
  }

  async profile(name: string, historyLimit = 200): Promise<Profile> {
    const reply = await this.whenReady({ case: "getProfile", value: { name, historyLimit } });
    if (reply.body.case !== "profile") throw new Error(t("app.noProfile"));
    return reply.body.value;
  }

  async ratingLeaderboard(preset: string, limit = 100): Promise<Leaderboard> {
    const reply = await this.whenReady({ case: "getLeaderboard", value: { preset, limit, byRating: true } });
    if (reply.body.case !== "leaderboard") throw new Error(t("app.noLeaderboard"));
    return reply.body.value;
  }

  private signedIn(reply: ServerMessage): void {
    if (reply.body.case !== "signedIn" || !reply.body.value.account) throw new Error(t("app.notSignedIn"));
    const { account, sessionToken } = reply.body.value;
    this.account = account;
    this.signingIn = false;
    const kept = storage.session();
    if (sessionToken) storage.setSession(sessionToken, account.name);
    else if (kept) storage.setSession(kept.token, account.name);
    this.onChange();
  }

  // Signs this connection in again with the kept session token, if any. An ended session is forgotten; any other
  // failure leaves the token for the next connection and this one a guest's.
  private async resumeSession(): Promise<void> {
    const kept = storage.session();
    this.account = undefined;
    if (!kept) {
      this.signingIn = false;
      return;
    }
    this.signingIn = true;
    try {
      this.signedIn(await this.request({ case: "signIn", value: { sessionToken: kept.token } }));
    } catch (error) {
      if (error instanceof RequestError && error.code === ErrorCode.BAD_CREDENTIALS) {
        storage.forgetSession();
        this.onFlash(t("app.sessionEnded"), "info");
      } else {
        this.onFlash(t("app.signInFailed", { detail: errorText(error) }), "error");
      }
    } finally {
      this.signingIn = false;
    }
  }

  // Joining, watching or reclaiming a seat. With several nodes the answer may be ERROR_CODE_TABLE_ELSEWHERE naming
  // the node that plays the table: the connection is made again to that node and the request repeated there.
  private async seatRequest(body: Init): Promise<ServerMessage> {
    for (let hop = 0; ; ++hop) {
      try {
        return await this.request(body);
      } catch (error) {
        const elsewhere =
          error instanceof RequestError && error.code === ErrorCode.TABLE_ELSEWHERE && error.node !== "";
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

  // Leaving mid-match keeps the seat token: a bot plays the seat meanwhile, and opening the table's link again
  // (or "Back to your table" on the start page) takes the seat back. Before or after the match the seat is gone.
  async leave(): Promise<void> {
    const code = this.joined?.code;
    const state = this.update?.state;
    const midMatch =
      (this.update?.yourSeat ?? -1) >= 0 && (state === TableState.PLAYING || state === TableState.BETWEEN_HOLES);
    if (this.conn.isReady && this.joined) await this.attempt({ case: "leaveTable", value: {} });
    if (code && !midMatch) this.forgetSeat(code);
    this.awayFromTable();
  }

  // The saved way back to a table's seat, and its move log, gone.
  private forgetSeat(code: string): void {
    storage.forget(code);
    this.log.forget(code);
  }

  // No table in view any more: back to the start page.
  private awayFromTable(): void {
    this.joined = undefined;
    this.update = undefined;
    this.chat = [];
    this.navigate("/");
  }

  async act(action: Action): Promise<void> {
    if (this.held || !this.update) return;
    this.ui.busy = true;
    this.onChange();
    try {
      // In the start everyone moves at once, so other seats' flips and peeks can make ours stale on its way: then
      // it is sent again against the newer view while that still offers it (a few times: bots flip quickly).
      // Elsewhere a stale move is dropped.
      for (let attempt = 0; ; ++attempt) {
        const sent = this.update.handVersion;
        try {
          await this.request({
            case: "act",
            value: {
              action: {
                kind: action.kind,
                position: action.position,
                other: action.other,
                targetSeat: action.targetSeat,
                otherSeat: action.otherSeat,
              },
              handVersion: sent,
            },
          });
          break;
        } catch (error) {
          const stale = error instanceof RequestError && error.code === ErrorCode.STALE;
          if (
            stale &&
            attempt < 4 &&
            this.update.handVersion !== sent &&
            this.update.hand?.phase === Phase.START &&
            this.update.hand.legal.some((a) => sameAction(a, action))
          )
            continue;
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

  // After every (re)connection: signed in again, the presets once, the seat back, the quick-play wait again, the
  // lobby stream again. A connection made to follow a table leaves the seat to the request that is following it.
  private async ready(): Promise<void> {
    await this.resumeSession();
    if (this.presets.length === 0) {
      const reply = await this.attempt({ case: "listPresets", value: {} });
      if (reply?.body.case === "presets") this.presets = reply.body.value.presets;
    }
    if (!this.moving) await this.seatBack();
    if (this.quick && !this.joined && !this.moving)
      await this.quickPlay(this.quick).catch((e) => this.onFlash(errorText(e), "error"));
    if (this.route.name === "lobby") await this.watchLobby(true);
    this.onChange();
  }

  private async seatBack(): Promise<void> {
    if (this.joined) {
      const joined = this.joined;
      if (joined.seatToken) await this.reclaim(joined.code, joined.seatToken);
      else
        await this.joinTable(joined.code, storage.name() || "spectator", true).catch((e) =>
          this.onFlash(errorText(e), "error")
        );
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
          if (!(error instanceof RequestError)) throw error; // the connection went: the next one reclaims
          if (PASSING.has(error.code) && attempt < PASSING_TRIES) {
            await new Promise((resolve) => window.setTimeout(resolve, PASSING_PAUSE_MS));
            continue;
          }
          // The seat is gone (the table closed, or the token was replaced): forget it and offer to join again.
          storage.forget(code);
          this.joined = undefined;
          this.update = undefined;
          this.onFlash(t("app.seatBackFailed", { detail: error.message }), "error");
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
        const same = (l: ChatLine) =>
          l.unixMs === line.unixMs && l.seat === line.seat && l.text === line.text && l.name === line.name;
        if (line.earlier && this.chat.some(same)) return;
        this.chat = [...this.chat.slice(-99), line];
        if (line.earlier) this.chat.sort((a, b) => (a.unixMs < b.unixMs ? -1 : a.unixMs > b.unixMs ? 1 : 0));
        break;
      }
      case "lobby":
        this.lobby = message.body.value.tables;
        break;
      case "queue":
        if (!this.quick) return;
        this.queue = message.body.value;
        this.queueAt = performance.now();
        break;
      case "tableJoined":
        // Quick play found a table: taken as a join (its seat token kept, so a reload reclaims it).
        this.quick = undefined;
        this.queue = undefined;
        this.enter(message.body.value);
        break;
      case "tournament": {
        // GetTournament's watch: the tournament this page shows, after every change.
        const t = message.body.value.tournament;
        if (!t || this.route.name !== "tournament" || this.route.id !== t.id) return;
        this.tournament = t;
        break;
      }
      case "announcement": {
        const said = message.body.value;
        this.onFlash(t("app.announcement", { name: said.by, text: said.text }), "announcement");
        return;
      }
      case "closing":
        this.onFlash(t("app.serverClosed", { reason: message.body.value.reason }), "info");
        break;
      case "removed": {
        // The host, a vote, a moderator or a ban removed us: the seat is gone for good, and so is the way back.
        const removed = message.body.value;
        if (this.joined?.code !== removed.code) return;
        this.forgetSeat(removed.code);
        this.onFlash(removalWords(removed), "info");
        this.awayFromTable();
        break;
      }
      default:
        return;
    }
    this.onChange();
  }
}
