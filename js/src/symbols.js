// Station symbols and the small icons (line icons, Joker, switch, tourist star), as SVG path
// data.
// Every function takes a centre and a size so the same shapes serve the map and the cards.
import { r2 } from "./dom.js";

export const SYMBOLS = ["square", "triangle", "pentagon", "circle"];

function polygon(cx, cy, r, n, rot) {
  const pts = [];
  for (let k = 0; k < n; k++) {
    const a = rot + (2 * Math.PI * k) / n;
    pts.push(`${r2(cx + r * Math.cos(a))},${r2(cy + r * Math.sin(a))}`);
  }
  return `M${pts.join("L")}Z`;
}

/**
 * Path data for a station symbol centred at (cx, cy); `r` is about half the symbol's width.
 * The shapes are sized so they look equally heavy (a circle of radius r looks bigger than
 * a triangle of circumradius r).
 */
export function symbolPath(symbol, cx, cy, r) {
  switch (symbol) {
    case "square": {
      const a = r * 0.86;
      return `M${r2(cx - a)},${r2(cy - a)}H${r2(cx + a)}V${r2(cy + a)}H${r2(cx - a)}Z`;
    }
    case "triangle":
      return polygon(cx, cy + r * 0.18, r * 1.18, 3, -Math.PI / 2);
    case "pentagon":
      return polygon(cx, cy + r * 0.06, r * 1.02, 5, -Math.PI / 2);
    case "any": { // matches every card: a slightly larger circle, drawn with a "?" inside
      const a = r * 1.0;
      return `M${r2(cx - a)},${r2(cy)}a${r2(a)},${r2(a)} 0 1,0 ${r2(2 * a)},0`
        + `a${r2(a)},${r2(a)} 0 1,0 ${r2(-2 * a)},0Z`;
    }
    case "circle":
    default: {
      const a = r * 0.92;
      return `M${r2(cx - a)},${r2(cy)}a${r2(a)},${r2(a)} 0 1,0 ${r2(2 * a)},0`
        + `a${r2(a)},${r2(a)} 0 1,0 ${r2(-2 * a)},0Z`;
    }
  }
}

/** Where to put a glyph inside a symbol so it looks centred (triangles are bottom-heavy). */
export function symbolInnerCentre(symbol, cx, cy, r) {
  if (symbol === "triangle") return [cx, cy + r * 0.3];
  return [cx, cy];
}

/** A bear's head (the Bear line): a round face with two ears. `s` is the icon's half-width. */
export function bearPath(cx, cy, s) {
  const face = s * 0.72;
  const ear = s * 0.34;
  const circ = (x, y, r) => `M${r2(x - r)},${r2(y)}a${r2(r)},${r2(r)} 0 1,0 ${r2(2 * r)},0`
    + `a${r2(r)},${r2(r)} 0 1,0 ${r2(-2 * r)},0Z`;
  return circ(cx, cy + s * 0.14, face) + circ(cx - s * 0.6, cy - s * 0.5, ear)
    + circ(cx + s * 0.6, cy - s * 0.5, ear);
}

/** A three-pointed crown (the Crown line). `s` is the icon's half-width. */
export function crownPath(cx, cy, s) {
  const w = s;
  const top = cy - s * 0.75;
  const base = cy + s * 0.6;
  const mid = cy - s * 0.05;
  const p = [
    [cx - w, base], [cx - w, top], [cx - w * 0.5, mid], [cx, top], [cx + w * 0.5, mid],
    [cx + w, top], [cx + w, base],
  ];
  return `M${p.map(([x, y]) => `${r2(x)},${r2(y)}`).join("L")}Z`;
}

/** The five-pointed star of the Joker + S-Bahn card. */
export function starPath(cx, cy, s) {
  const pts = [];
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (Math.PI * k) / 5;
    const r = k % 2 ? s * 0.45 : s;
    pts.push(`${r2(cx + r * Math.cos(a))},${r2(cy + r * Math.sin(a))}`);
  }
  return `M${pts.join("L")}Z`;
}

/** The Double Switch: a track forking in two (stroke, not fill). */
export function switchPath(cx, cy, s) {
  return `M${r2(cx - s)},${r2(cy)}H${r2(cx - s * 0.2)}`
    + `L${r2(cx + s)},${r2(cy - s * 0.7)}M${r2(cx - s * 0.2)},${r2(cy)}L${r2(cx + s)},${r2(cy + s * 0.7)}`;
}

/** The line icons known by name: a ruleset's line or card kind may name one. */
export const ICONS = { bear: bearPath, crown: crownPath };

/** True when `name` has an icon. */
export const hasIcon = (name) => Object.prototype.hasOwnProperty.call(ICONS, name);

/** Path data for a line's icon ("bear" or "crown"; unknown names get the bear). */
export function lineIconPath(line, cx, cy, s) {
  return (hasIcon(line) ? ICONS[line] : bearPath)(cx, cy, s);
}
