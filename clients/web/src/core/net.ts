// The WebSocket to golf-server: one binary frame per message (ClientMessage out, ServerMessage in), requests
// matched to replies by request_id, pushes handed to the app. A dropped connection is reopened with a bounded
// back-off; after each Welcome the app's onReady hook runs (it reclaims the seat). With several nodes behind one
// proxy, the connection may be pinned to a node (?node=NAME on the page's own /ws URL, which the proxy routes to
// it); a pinned connection that cannot be made is tried next without the pin, since that node may be gone.
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  ClientMessageSchema,
  ErrorCode,
  ServerMessageSchema,
  type ClientMessage,
  type ServerMessage,
} from "../gen/golf/v1/messages_pb";
import { cannotCatchUp, PROTOCOL_VERSION, WEB_VERSION, reloadForNewVersion } from "./outdated";
import { refusalText } from "../words/errors";
import { t } from "../words/i18n";

export type RequestBody = Exclude<ClientMessage["body"], { case: undefined }>;
type RequestInit = { case: RequestBody["case"]; value: object };
// "outdated": the server does not speak this page's protocol and a reload did not help; nothing more is tried.
export type Status = "connecting" | "open" | "closed" | "outdated";

// `node`: with ERROR_CODE_TABLE_ELSEWHERE, the node that plays the table; `retryAfterMs`: with
// ERROR_CODE_RATE_LIMITED, how long to wait before trying again.
export class RequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly node = "",
    readonly retryAfterMs = 0
  ) {
    super(message);
  }
}

// The connection's own failures, each said by a sentence of the net area; the message stays English, for logs.
export type Failure = "notConnected" | "noAnswer" | "moved" | "moveTimedOut" | "notWelcomed" | "closed";
const FAILURE: Record<Failure, string> = {
  notConnected: "net.notConnected",
  noAnswer: "net.noAnswer",
  moved: "net.connectionMoved",
  moveTimedOut: "net.moveTimedOut",
  notWelcomed: "net.notWelcomed",
  closed: "net.connectionClosed",
};
export class ConnectionError extends Error {
  constructor(
    readonly failure: Failure,
    english: string
  ) {
    super(english);
  }
}

// The reasons golf-server closes a socket with that the page can say in words (server/net/websocket_session.cpp);
// another reason is shown as the server gave it.
const CLOSE_REASONS: Array<{ shape: RegExp; key: string }> = [
  { shape: /^server shutting down$/, key: "net.serverShuttingDown" },
  { shape: /^nothing heard for (?<seconds>\d+) s$/, key: "net.nothingHeard" },
  { shape: /^no Hello within (?<seconds>\d+) s$/, key: "net.noHelloInTime" },
  { shape: /^too many messages$/, key: "net.tooManyMessages" },
];

function closeText(reason: string): string {
  for (const { shape, key } of CLOSE_REASONS) {
    const found = shape.exec(reason);
    if (found) return t(key, { seconds: Number(found.groups?.seconds ?? 0) });
  }
  return reason;
}

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 5_000;
const MOVE_TIMEOUT_MS = 10_000;

// `url` with its node query parameter set to `node`, or without one when `node` is empty.
export function withNode(url: string, node: string | undefined): string {
  const out = new URL(url);
  if (node) out.searchParams.set("node", node);
  else out.searchParams.delete("node");
  return out.toString();
}

interface Pending {
  resolve: (reply: ServerMessage) => void;
  reject: (error: Error) => void;
  timer: number;
}

export class Connection {
  onPush: (message: ServerMessage) => void = () => {};
  onStatus: (status: Status, detail: string) => void = () => {};
  onReady: () => Promise<void> = async () => {};

  private socket?: WebSocket;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private attempts = 0;
  private retryTimer = 0;
  private ready = false;
  private welcomed?: WebSocket; // the socket whose Hello was answered
  private welcomeNode = "";
  private outdated = false; // the server refused our protocol version: no more reconnecting
  private waiters: Array<() => void> = [];

  // `node`: the node to ask the proxy for first (none: whichever it picks).
  constructor(
    private readonly url: string,
    private node?: string
  ) {}

  static forPage(node?: string): Connection {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return new Connection(`${scheme}//${location.host}/ws`, node);
  }

  get isReady(): boolean {
    return this.ready;
  }

  // The node the server said we reached in its Welcome ("" with a single server).
  get reachedNode(): string {
    return this.welcomeNode;
  }

  open(): void {
    window.clearTimeout(this.retryTimer);
    this.onStatus("connecting", "");
    const socket = new WebSocket(withNode(this.url, this.node));
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onopen = () => void this.greet(socket);
    socket.onmessage = (event) => {
      if (socket === this.socket) this.receive(event.data); // not a socket left behind by moveTo
    };
    socket.onclose = (event) => this.closed(socket, event.reason);
  }

  // Resolves once the connection has said hello (at once when it already has).
  whenReady(): Promise<void> {
    return this.ready ? Promise.resolve() : new Promise((resolve) => this.waiters.push(resolve));
  }

  // Sends a request and resolves with its reply; an Error reply rejects with RequestError.
  request(body: RequestInit): Promise<ServerMessage> {
    const socket = this.socket;
    if (!socket || socket.readyState !== WebSocket.OPEN)
      return Promise.reject(new ConnectionError("notConnected", "not connected to the server"));
    const requestId = this.nextId++;
    const message = create(ClientMessageSchema, { requestId, body: body as ClientMessage["body"] });
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.pending.delete(requestId);
        reject(new ConnectionError("noAnswer", "the server did not answer in time"));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(requestId, { resolve, reject, timer });
      socket.send(toBinary(ClientMessageSchema, message));
    });
  }

  // Closes the socket as if the network dropped (tests and the "reconnect" path use it).
  drop(): void {
    this.socket?.close();
  }

  // Connects again, to the same URL with ?node=`node` (the proxy routes it to that node), and resolves once that
  // connection has said hello and the app's onReady has run; rejects when that takes longer than MOVE_TIMEOUT_MS.
  moveTo(node: string): Promise<void> {
    window.clearTimeout(this.retryTimer);
    this.node = node;
    this.attempts = 0;
    const old = this.socket;
    this.socket = undefined; // its close event is then ignored: no back-off, no "closed" status
    this.ready = false;
    this.failPending("moved", "the connection moved to the table's server");
    old?.close();
    const ready = this.whenReady();
    this.open();
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(
        () => reject(new ConnectionError("moveTimedOut", "the table's server did not answer in time")),
        MOVE_TIMEOUT_MS
      );
      void ready.then(() => {
        window.clearTimeout(timer);
        resolve();
      });
    });
  }

  private async greet(socket: WebSocket): Promise<void> {
    try {
      // updateAnswersAct: an accepted move is answered by the TableUpdate it causes, one frame instead of two.
      const reply = await this.request({
        case: "hello",
        value: { clientName: `golf-web ${WEB_VERSION}`, protocolVersion: PROTOCOL_VERSION, updateAnswersAct: true },
      });
      if (reply.body.case !== "welcome") throw new ConnectionError("notWelcomed", "the server did not welcome us");
      if (socket !== this.socket) return;
      this.attempts = 0;
      this.ready = true;
      this.welcomed = socket;
      this.welcomeNode = reply.body.value.node;
      this.onStatus("open", reply.body.value.serverVersion);
      await this.onReady();
      // A hook that moved the connection meanwhile (moveTo) hands its waiters to the new socket's greeting.
      if (socket === this.socket) for (const resolve of this.waiters.splice(0)) resolve();
    } catch (error) {
      if (socket !== this.socket) return;
      if (error instanceof RequestError && error.code === ErrorCode.UNSUPPORTED_VERSION) return this.refused(socket);
      this.onStatus("closed", errorText(error));
      socket.close();
    }
  }

  // The server speaks other protocol versions than this page: a newer page is served, so reload once to get it.
  private refused(socket: WebSocket): void {
    this.outdated = true;
    window.clearTimeout(this.retryTimer);
    socket.close();
    if (reloadForNewVersion()) this.onStatus("connecting", "");
    else this.onStatus("outdated", cannotCatchUp());
  }

  private receive(data: unknown): void {
    if (!(data instanceof ArrayBuffer)) return; // the protocol is binary only
    let message: ServerMessage;
    try {
      message = fromBinary(ServerMessageSchema, new Uint8Array(data));
    } catch {
      return; // an undecodable frame: nothing we can act on
    }
    const waiting = message.requestId !== 0 ? this.pending.get(message.requestId) : undefined;
    if (!waiting) {
      this.onPush(message);
      return;
    }
    this.pending.delete(message.requestId);
    window.clearTimeout(waiting.timer);
    // A TableUpdate answering a move (Hello.updateAnswersAct) is the table's news as well as the answer.
    if (message.body.case === "tableUpdate") this.onPush(message);
    if (message.body.case !== "error") return waiting.resolve(message);
    const { code, message: text, node, retryAfterMs } = message.body.value;
    waiting.reject(new RequestError(code, text, node, retryAfterMs));
  }

  private failPending(failure: Failure, why: string): void {
    for (const [, waiting] of this.pending) {
      window.clearTimeout(waiting.timer);
      waiting.reject(new ConnectionError(failure, why));
    }
    this.pending.clear();
  }

  private closed(socket: WebSocket, reason: string): void {
    if (socket !== this.socket || this.outdated) return;
    this.ready = false;
    this.failPending("closed", "the connection closed");
    // Never welcomed through the pin: that node may be gone (a failover moved its tables), so the next try lets
    // the proxy choose, and a node that does not play the table says which does.
    if (this.welcomed !== socket) this.node = undefined;
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** this.attempts++);
    this.onStatus(
      "closed",
      reason ? closeText(reason) : t("net.reconnecting", { seconds: Math.round(delay / 100) / 10 })
    );
    this.retryTimer = window.setTimeout(() => this.open(), delay);
  }
}

// A failed request in the reader's words: a refusal by its code, the connection's own failures from the net area;
// anything else (a bug, the browser's own error) as it says itself.
export function errorText(error: unknown): string {
  if (error instanceof RequestError) return refusalText(error);
  if (error instanceof ConnectionError) return t(FAILURE[error.failure]);
  return error instanceof Error ? error.message : String(error);
}

export { ErrorCode };
