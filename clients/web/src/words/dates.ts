// Dates in the reader's words: in the page's language ("March 12, 2026", "12 mars 2026"), or to the minute in UTC.
import { language, t } from "./i18n";

// The page's language with the browser's region when the browser speaks that language (en-GB keeps "12 March
// 2026" and "15:00"); the language alone otherwise. Arabic keeps the digits 0-9, as locale() does.
export function dateLocale(): string {
  const code = language();
  const browser = navigator.languages ?? [navigator.language];
  const tag = browser.find((each) => each.toLowerCase().split("-")[0] === code) ?? code;
  return code === "ar" && !tag.includes("-u-") ? `${tag}-u-nu-latn` : tag;
}

export function dateText(unix: bigint): string {
  return new Intl.DateTimeFormat(dateLocale(), { year: "numeric", month: "long", day: "numeric" }).format(
    new Date(Number(unix) * 1000)
  );
}

// When something happened to the minute, as the server writes it in its sentences: "2026-12-12 10:00 UTC".
export function utcMinute(unixS: bigint): string {
  const minute = new Date(Number(unixS) * 1000).toISOString().slice(0, 16).replace("T", " ");
  return t("dates.utcMinute", { minute });
}
