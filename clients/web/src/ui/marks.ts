// Whose a name is, wherever names show (seats, chat lines, the lobby's hosts): a registered player's name links to
// their profile; a guest's carries a "guest" tag, whose text says it to a screen reader too; a bot keeps the tag
// its place gives it. At the table the profile opens in a new tab, so the game goes on in this one.
import { h } from "./dom";
import { t } from "../words/i18n";
import { profilePath, type App } from "../core/app";
import { pageLink } from "./nav";

export function guestTag(): HTMLElement {
  return h("span", { class: "badge guest", title: t("places.guestTitle") }, t("places.guest"));
}

// The name as a link to the profile (registered) or as text; `newTab` at the table.
export function nameLink(app: App, name: string, registered: boolean, newTab = false): HTMLElement {
  if (!registered) return h("span", { class: "player-name" }, name);
  const path = profilePath(name);
  return newTab
    ? h(
        "a",
        { href: path, class: "player-name", target: "_blank", rel: "noopener" },
        name,
        h("span", { class: "visually-hidden" }, ` ${t("places.profileNewTab")}`)
      )
    : pageLink(app, path, name, { class: "player-name" });
}

// A person's name with its mark: the profile link, or the name and the guest tag.
export function personName(app: App, name: string, registered: boolean, newTab = false): Array<HTMLElement | string> {
  return registered ? [nameLink(app, name, true, newTab)] : [nameLink(app, name, false), " ", guestTag()];
}
