// The WebSocket to golf-server: one binary frame per message (ClientMessage out, ServerMessage in), requests
// matched to replies by request_id, pushes handed to the app. A dropped connection is reopened with a bounded
// back-off; after each Welcome the app's onReady hook runs (it reclaims the seat).
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  ClientMessageSchema, ErrorCode, ServerMessageSchema,
  type ClientMessage, type ServerMessage,
} from "./gen/golf/v1/messages_pb";

export type RequestBody = Exclude<ClientMessage["body"], { case: undefined }>;
type RequestInit = { case: RequestBody["case"]; value: object };
export type Status = "connecting" | "open" | "closed";

export class RequestError extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
  }
}

const REQUEST_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 5_000;

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
  private waiters: Array<() => void> = [];

  constructor(private readonly url: string) {}

  static forPage(): Connection {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return new Connection(`${scheme}//${location.host}/ws`);
  }

  get isReady(): boolean {
    return this.ready;
  }

  open(): void {
    window.clearTimeout(this.retryTimer);
    this.onStatus("connecting", "");
    const socket = new WebSocket(this.url);
    socket.binaryType = "arraybuffer";
    this.socket = socket;
    socket.onopen = () => void this.greet(socket);
    socket.onmessage = (event) => this.receive(event.data);
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
      return Promise.reject(new Error("not connected to the server"));
    const requestId = this.nextId++;
    const message = create(ClientMessageSchema, { requestId, body: body as ClientMessage["body"] });
    return new Promise((resolve, reject) => {
      const timer = window.setTimeout(() => {
        this.pending.delete(requestId);
        reject(new Error("the server did not answer in time"));
      }, REQUEST_TIMEOUT_MS);
      this.pending.set(requestId, { resolve, reject, timer });
      socket.send(toBinary(ClientMessageSchema, message));
    });
  }

  // Closes the socket as if the network dropped (tests and the "reconnect" path use it).
  drop(): void {
    this.socket?.close();
  }

  private async greet(socket: WebSocket): Promise<void> {
    try {
      // updateAnswersAct: an accepted move is answered by the TableUpdate it causes, one frame instead of two.
      const reply = await this.request({ case: "hello",
                                         value: { clientName: "golf-web 0.1", protocolVersion: 1, updateAnswersAct: true } });
      if (reply.body.case !== "welcome") throw new Error("the server did not welcome us");
      if (socket !== this.socket) return;
      this.attempts = 0;
      this.ready = true;
      this.onStatus("open", reply.body.value.serverVersion);
      await this.onReady();
      for (const resolve of this.waiters.splice(0)) resolve();
    } catch (error) {
      this.onStatus("closed", (error as Error).message);
      socket.close();
    }
  }

  private receive(data: unknown): void {
    if (!(data instanceof ArrayBuffer)) return;  // the protocol is binary only
    let message: ServerMessage;
    try {
      message = fromBinary(ServerMessageSchema, new Uint8Array(data));
    } catch {
      return;  // an undecodable frame: nothing we can act on
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
    if (message.body.case === "error") waiting.reject(new RequestError(message.body.value.code, message.body.value.message));
    else waiting.resolve(message);
  }

  private closed(socket: WebSocket, reason: string): void {
    if (socket !== this.socket) return;
    this.ready = false;
    for (const [, waiting] of this.pending) {
      window.clearTimeout(waiting.timer);
      waiting.reject(new Error("the connection closed"));
    }
    this.pending.clear();
    const delay = Math.min(MAX_BACKOFF_MS, 250 * 2 ** this.attempts++);
    this.onStatus("closed", reason || `reconnecting in ${Math.round(delay / 100) / 10} s`);
    this.retryTimer = window.setTimeout(() => this.open(), delay);
  }
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export { ErrorCode };
