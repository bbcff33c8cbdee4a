// A small element builder: the app renders each screen from state, so no framework is needed. Text always goes
// in as text nodes (never HTML), so names and chat lines cannot inject markup.

type Attrs = Record<string, string | number | boolean | undefined | null | EventListener>;
export type Child = Node | string | number | null | undefined | false | Child[];

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "value" && "value" in el) {
      (el as HTMLInputElement).value = String(value);
    } else if (name === "checked" && el instanceof HTMLInputElement) {
      el.checked = Boolean(value);
    } else if (name === "style") {
      // Through CSSOM: the server's Content-Security-Policy (style-src 'self') refuses style attributes.
      el.style.cssText = String(value);
    } else {
      el.setAttribute(name, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

const SVG_NS = "http://www.w3.org/2000/svg";

export function svg(tag: string, attrs: Record<string, string | number> = {}, ...children: Node[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  for (const child of children) el.appendChild(child);
  return el;
}

// Replaces a container's content, keeping keyboard focus on the element with the same data-key if it still exists
// (the table re-renders on every update; a keyboard player must not lose their place).
export function replaceContent(container: HTMLElement, ...children: Child[]): void {
  const active = document.activeElement as HTMLElement | null;
  const key = active && container.contains(active) ? active.dataset.key : undefined;
  const selection =
    active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement
      ? { start: active.selectionStart, end: active.selectionEnd, value: active.value }
      : undefined;
  container.replaceChildren();
  append(container, children);
  if (!key) return;
  const again = container.querySelector<HTMLElement>(`[data-key="${CSS.escape(key)}"]`);
  if (!again) return;
  again.focus({ preventScroll: true });
  if (selection && (again instanceof HTMLInputElement || again instanceof HTMLTextAreaElement)) {
    again.value = selection.value;
    // A checkbox or a number field has no text selection (null), and setting one throws.
    if (selection.start !== null) again.setSelectionRange(selection.start, selection.end);
  }
}
