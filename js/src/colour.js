// Colour arithmetic for contrast (WCAG 2): the map's pencil colours are drawn at 3:1 at least
// against the paper they are drawn on (light or dark theme), adjusted towards the ink when the
// printed colour is too close to the paper (the brown pencil on a near-black sheet).

/** [r, g, b] (0-255) of "#rgb", "#rrggbb" or "rgb()/rgba()" text (alpha ignored), else null. */
export function parseRgb(text) {
  const t = String(text || "").trim().toLowerCase();
  let m = /^#([0-9a-f]{3})$/.exec(t);
  if (m) return [...m[1]].map((c) => parseInt(c + c, 16));
  m = /^#([0-9a-f]{6})$/.exec(t);
  if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
  m = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)/.exec(t);
  if (m) return [m[1], m[2], m[3]].map((v) => Math.max(0, Math.min(255, Math.round(Number(v)))));
  if (t === "white") return [255, 255, 255];
  if (t === "black") return [0, 0, 0];
  return null;
}

/** WCAG relative luminance of [r, g, b]. */
export function luminance([r, g, b]) {
  const lin = (v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a, b) {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const hex = (rgb) => `#${rgb.map((v) => v.toString(16).padStart(2, "0")).join("")}`;

/**
 * `colour` ("#rrggbb") as drawn on `paper` ([r, g, b]): unchanged when it has `min` contrast,
 * else mixed towards white (dark paper) or black (light paper) just enough to reach it. The
 * default asks a little more than WCAG's 3:1 for graphics: a 7 px line with a badge every
 * section must stay easy to follow (the printed brown has 3.2:1 on JupyterLab's dark paper,
 * and players found it hard to see).
 */
export function readable(colour, paper, min = 3.6) {
  const c = parseRgb(colour);
  if (!c || !paper || contrast(c, paper) >= min) return colour;
  const to = luminance(paper) < 0.5 ? 255 : 0;
  for (let k = 1; k <= 20; k++) {
    const t = k / 20;
    const mixed = c.map((v) => Math.round(v + (to - v) * t));
    if (contrast(mixed, paper) >= min + 0.05) return hex(mixed);
  }
  return hex([to, to, to]);
}

/** The style of a pencil's badge (`.nsb-swatch`, its white letter on the pencil's colour): the
 * colour darkened just enough that the letter keeps WCAG AA's 4.5:1 (the green pencil's
 * #2b8a3e gives 4.4:1). */
export function swatchStyle(colour) {
  return `background:${readable(colour, [255, 255, 255], 4.5)}`;
}
