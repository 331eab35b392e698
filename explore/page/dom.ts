/** A small hyperscript: build DOM and SVG elements from a tag, properties and children. */

export type Child = Node | string | number | null | undefined | false | Child[];
type Props = Record<string, unknown>;

function append(parent: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(parent, c);
    else parent.append(c instanceof Node ? c : String(c));
  }
}

/** Events as `on<name>` functions; booleans, values and `class` as properties; the rest as attributes. */
function setProps(el: Element, props: Props): void {
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function")
      el.addEventListener(key.slice(2), value as EventListener);
    else if (key === "class") el.setAttribute("class", String(value));
    else if (value === true) el.setAttribute(key, "");
    else if (key === "value" && el instanceof HTMLElement) (el as HTMLInputElement).value = String(value);
    else el.setAttribute(key, String(value));
  }
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  setProps(el, props);
  append(el, children);
  return el;
}

const SVG = "http://www.w3.org/2000/svg";

export function s(tag: string, props: Props = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG, tag);
  setProps(el, props);
  append(el, children);
  return el;
}
