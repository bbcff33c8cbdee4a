// The server's refusals in the reader's words: each ErrorCode has a sentence of its own in the errors area, so no
// server English reaches the page (RequestError.message keeps the server's, for code that tells refusals apart).
// A few refusals name someone or carry a moderator's reason: those words are picked out of the server's sentence,
// whose fixed shapes are in server/, and put in the reader's; a sentence of another shape gets the code's general
// one. A code this page does not know (a newer server's) is shown in the server's own words.
import { ErrorCode } from "../gen/golf/v1/messages_pb";
import { language, t, type Values } from "./i18n";

// What an Error reply carries (RequestError has these fields).
export interface Refusal {
  code: ErrorCode;
  message: string;
  node: string;
  retryAfterMs: number;
}

const SENTENCE: Record<ErrorCode, string> = {
  [ErrorCode.UNSPECIFIED]: "errors.unspecified",
  [ErrorCode.BAD_REQUEST]: "errors.badRequest",
  [ErrorCode.UNSUPPORTED_VERSION]: "errors.unsupportedVersion",
  [ErrorCode.HELLO_FIRST]: "errors.helloFirst",
  [ErrorCode.BAD_RULESET]: "errors.badRuleset",
  [ErrorCode.NO_SUCH_PRESET]: "errors.noSuchPreset",
  [ErrorCode.NO_SUCH_TABLE]: "errors.noSuchTable",
  [ErrorCode.WRONG_PASSWORD]: "errors.wrongPassword",
  [ErrorCode.TABLE_FULL]: "errors.tableFull",
  [ErrorCode.SEAT_TAKEN]: "errors.seatTaken",
  [ErrorCode.BAD_TOKEN]: "errors.badToken",
  [ErrorCode.NOT_AT_TABLE]: "errors.notAtTable",
  [ErrorCode.ALREADY_AT_TABLE]: "errors.alreadyAtTable",
  [ErrorCode.NOT_HOST]: "errors.notHost",
  [ErrorCode.NOT_SEATED]: "errors.notSeated",
  [ErrorCode.MATCH_NOT_STARTED]: "errors.matchNotStarted",
  [ErrorCode.MATCH_RUNNING]: "errors.matchRunning",
  [ErrorCode.SEATS_EMPTY]: "errors.seatsEmpty",
  [ErrorCode.ILLEGAL_ACTION]: "errors.illegalAction",
  [ErrorCode.NOT_YOUR_TURN]: "errors.notYourTurn",
  [ErrorCode.STALE]: "errors.stale",
  [ErrorCode.CHAT_TOO_LONG]: "errors.chatTooLong",
  [ErrorCode.RATE_LIMITED]: "errors.rateLimited",
  [ErrorCode.BAD_NAME]: "errors.badName",
  [ErrorCode.SERVER_FULL]: "errors.serverFull",
  [ErrorCode.SHUTTING_DOWN]: "errors.shuttingDown",
  [ErrorCode.INTERNAL]: "errors.internal",
  [ErrorCode.NO_SUCH_MATCH]: "errors.noSuchMatch",
  [ErrorCode.UNAVAILABLE]: "errors.unavailable",
  [ErrorCode.TABLE_ELSEWHERE]: "errors.tableElsewhere",
  [ErrorCode.NAME_TAKEN]: "errors.nameTaken",
  [ErrorCode.BAD_CREDENTIALS]: "errors.badCredentials",
  [ErrorCode.NOT_SIGNED_IN]: "errors.notSignedIn",
  [ErrorCode.BAD_PASSWORD]: "errors.badPassword",
  [ErrorCode.NO_SUCH_PLAYER]: "errors.noSuchPlayer",
  [ErrorCode.BANNED]: "errors.banned",
  [ErrorCode.MUTED]: "errors.muted",
  [ErrorCode.REMOVED]: "errors.removed",
  [ErrorCode.NOT_STAFF]: "errors.notStaff",
  [ErrorCode.NO_SUCH_TOURNAMENT]: "errors.noSuchTournament",
  [ErrorCode.NOT_ORGANISER]: "errors.notOrganiser",
};

// A sanction's end (the server's UTC minute) and the moderator's reason, after the sanction's words.
const SANCTION = String.raw`(?: until (?<until>\d{4}-\d\d-\d\d \d\d:\d\d UTC))?: (?<reason>.*)$`;
const sanction = (words: string): RegExp => new RegExp(`^${words}${SANCTION}`, "s");

// The refusals whose words matter to the reader, in the shapes the server gives them; the first that fits is used.
const DETAILS: Array<{ code: ErrorCode; shape: RegExp; key: string }> = [
  { code: ErrorCode.NAME_TAKEN, shape: /^'(?<name>.+)' is a registered name:/s, key: "errors.nameRegistered" },
  { code: ErrorCode.NAME_TAKEN, shape: /too like the registered name '(?<owner>.+)'/s, key: "errors.nameTooLike" },
  { code: ErrorCode.NAME_TAKEN, shape: /^the name '(?<name>.+)' (?:is|was just) taken$/s, key: "errors.nameTakenAs" },
  { code: ErrorCode.NO_SUCH_PLAYER, shape: /^no account is (?:named|called) '(?<name>.+)'$/s, key: "errors.noAccount" },
  {
    code: ErrorCode.NOT_ORGANISER,
    shape: /^only the organiser, (?<name>.+), may do that$/s,
    key: "errors.notTheOrganiser",
  },
  { code: ErrorCode.BANNED, shape: sanction("this account is banned"), key: "errors.accountBanned" },
  {
    code: ErrorCode.BANNED,
    shape: sanction("you may not play at public tables or in quick play"),
    key: "errors.publicBan",
  },
  {
    code: ErrorCode.BANNED,
    shape: sanction("guests from your address may not play at public tables"),
    key: "errors.guestsPublicBan",
  },
  { code: ErrorCode.BANNED, shape: sanction("guests from your address may not play here"), key: "errors.guestsBanned" },
  { code: ErrorCode.MUTED, shape: sanction("you may not chat"), key: "errors.mutedFor" },
  { code: ErrorCode.MUTED, shape: sanction("guests from your address may not chat"), key: "errors.guestsMuted" },
];

// The words the server's sentence carries, for the reader's sentence; a sanction without an end has until "none".
function detailValues(groups: Record<string, string | undefined>): Values {
  const values: Values = { until: "none" };
  for (const [name, value] of Object.entries(groups)) if (value !== undefined) values[name] = value;
  return values;
}

// How long a rate limit asks to wait, in seconds, or in minutes from two minutes on.
function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 120) return t("errors.rateLimitedSeconds", { seconds });
  return t("errors.rateLimitedMinutes", { minutes: Math.ceil(seconds / 60) });
}

// Codes whose server sentence says what exactly was wrong with the request ("a tournament's name is 1 to 60
// characters"): an English reader gets that sentence, the others the code's general one in their language.
const SAYS_WHAT_WAS_WRONG = new Set<ErrorCode>([
  ErrorCode.UNSPECIFIED,
  ErrorCode.BAD_REQUEST,
  ErrorCode.BAD_RULESET,
  ErrorCode.NO_SUCH_PRESET,
  ErrorCode.BAD_NAME,
  ErrorCode.ILLEGAL_ACTION,
  ErrorCode.UNAVAILABLE,
]);

// The sentence for a refusal, in the reader's language.
export function refusalText(refusal: Refusal): string {
  const key = SENTENCE[refusal.code] as string | undefined;
  if (key === undefined) return refusal.message; // a newer server's code: its own words are all we have
  if (language() === "en" && refusal.message && SAYS_WHAT_WAS_WRONG.has(refusal.code)) return refusal.message;
  if (refusal.code === ErrorCode.RATE_LIMITED && refusal.retryAfterMs > 0) return waitText(refusal.retryAfterMs);
  if (refusal.code === ErrorCode.TABLE_ELSEWHERE && refusal.node)
    return t("errors.tableElsewhereOn", { node: refusal.node });
  for (const detail of DETAILS) {
    if (detail.code !== refusal.code) continue;
    const found = detail.shape.exec(refusal.message);
    if (found) return t(detail.key, detailValues(found.groups ?? {}));
  }
  return t(key);
}
