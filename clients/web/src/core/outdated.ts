// When the server no longer speaks this page's protocol (its Hello refused as UNSUPPORTED_VERSION), the page was
// built for an older (or newer) server: it reloads once to fetch the build the server serves now. A second refusal
// within a minute means the reloaded page cannot catch up either (a cache, a proxy, a server mid-upgrade), and it
// says so instead of reloading in a loop. A Welcome from another server_version needs nothing: the page's protocol
// was accepted, so it goes on as it is.
import { t } from "../words/i18n";

export const PROTOCOL_VERSION = 1; // the Hello's protocol_version, which golf-server must accept
export const WEB_VERSION = __GOLF_WEB_VERSION__; // this page's build: package.json's version

// What the connection line says when the page cannot catch up, in the language of the moment.
export function cannotCatchUp(): string {
  return t("app.cannotCatchUp");
}

const KEY = "golf.versionReload"; // sessionStorage: when this tab last reloaded for a refused version (ms)
const WINDOW_MS = 60_000;

// Reloads the page unless it already did so for this within the last minute; true when the reload is under way.
export function reloadForNewVersion(now = Date.now()): boolean {
  let last = 0;
  try {
    last = Number(sessionStorage.getItem(KEY) ?? "0");
    if (last > 0 && now - last < WINDOW_MS) return false;
    sessionStorage.setItem(KEY, String(now));
  } catch {
    return false; // no storage to guard a loop with: say it rather than risk one
  }
  location.reload();
  return true;
}
