// Tiny DOM helpers: build HTML and SVG elements without innerHTML (no injection from traits).
export const SVG_NS = "http://www.w3.org/2000/svg";

function apply(node, attrs) {
  if (!attrs) return node;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "text") node.textContent = String(v);
    else if (k === "dataset") Object.assign(node.dataset, v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  return node;
}

function append(node, children) {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(node, c);
    else node.append(typeof c === "string" ? node.ownerDocument.createTextNode(c) : c);
  }
  return node;
}

/** An HTML element: h(doc, "div", {class: "x", "aria-label": "y"}, child, ...). */
export function h(doc, tag, attrs, ...children) {
  return append(apply(doc.createElement(tag), attrs), children);
}

/** An SVG element, same signature as h(). */
export function s(doc, tag, attrs, ...children) {
  return append(apply(doc.createElementNS(SVG_NS, tag), attrs), children);
}

/**
 * Keep the notebook's shortcuts off the keys of every element of ``root`` that takes the focus
 * (the map, a button...): ``data-lm-suppress-shortcuts`` on the focused element itself. On
 * ``root`` alone it is not enough in Notebook 7, which reads the keys before the page does
 * (JupyterLab reads them after, and skips a key the widget took): its shortcuts' selectors
 * (".jp-Notebook.jp-mod-commandMode :focus") match the focused element before Lumino looks
 * for the attribute on its ancestors, so "m" on the clicked map turned the cell to Markdown and
 * took the widget away, and the arrows moved to the next cell. Returns the cleanup.
 */
export function keepKeysFromHost(root) {
  const mark = (e) => {
    const el = e.target;
    if (el && el !== root && el.setAttribute) el.setAttribute("data-lm-suppress-shortcuts", "true");
  };
  root.addEventListener("focusin", mark);
  return () => root.removeEventListener("focusin", mark);
}

/** Remove every child of a node. */
export function clear(node) {
  while (node.firstChild) node.removeChild(node.firstChild);
  return node;
}

/** Round to 2 decimals for compact, deterministic SVG coordinates. */
export const r2 = (v) => Math.round(v * 100) / 100;

/** Milliseconds since an arbitrary origin (performance.now when there is one). */
export const now = () =>
  (globalThis.performance && typeof globalThis.performance.now === "function"
    ? globalThis.performance.now() : Date.now());
