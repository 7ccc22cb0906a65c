// Export the shown sheet: a standalone SVG (computed styles written inline, so it looks the same
// without the widget's CSS) and a PNG drawn from that SVG through a canvas.
const STYLE_PROPS = [
  "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
  "stroke-dasharray", "stroke-linecap", "stroke-linejoin", "opacity", "paint-order",
  "font-family", "font-size", "font-weight", "font-style", "text-anchor", "dominant-baseline",
  "letter-spacing",
];
// Inherited properties are written only where they change, so the file stays small.
const INHERITED = new Set(STYLE_PROPS.filter((p) => p !== "opacity" && p !== "dominant-baseline"));
// Values equal to the SVG defaults are left out.
const DEFAULTS = {
  "fill": "rgb(0, 0, 0)", "fill-opacity": "1", "fill-rule": "nonzero", "stroke": "none",
  "stroke-width": "1px", "stroke-opacity": "1", "stroke-dasharray": "none",
  "stroke-linecap": "butt", "stroke-linejoin": "miter", "opacity": "1", "paint-order": "normal",
  "font-style": "normal", "font-weight": "400", "text-anchor": "start",
  "dominant-baseline": "auto", "letter-spacing": "normal",
};
// View-only layers that do not belong in an export.
const DROP = ".nsb-layer-hl, .nsb-layer-hit";

/**
 * Serialize the live map SVG into a standalone SVG document. `footer` (optional) is a line of
 * text written under the map (player, round, points); `sheet` (optional) a score-sheet table
 * model (see `scoreTable`) drawn between the map and the footer, in `sheetColours`.
 */
export function serializeSvg(svg, { footer = "", sheet = null, sheetColours = null } = {}) {
  const doc = svg.ownerDocument;
  const win = doc.defaultView;
  const clone = svg.cloneNode(true);
  const live = [svg, ...svg.querySelectorAll("*")];
  const copy = [clone, ...clone.querySelectorAll("*")];
  const computed = new Map();
  const styleOf = (el) => {
    if (!computed.has(el)) {
      const cs = win.getComputedStyle(el);
      const values = { display: cs.display, visibility: cs.visibility };
      for (const prop of STYLE_PROPS) values[prop] = cs.getPropertyValue(prop);
      computed.set(el, values);
    }
    return computed.get(el);
  };
  const canStyle = win && typeof win.getComputedStyle === "function";
  for (let i = 0; canStyle && i < live.length; i++) {
    const el = live[i];
    const out = copy[i];
    if (!out || out.tagName === "title") continue;
    const cs = styleOf(el);
    if (cs.display === "none" || cs.visibility === "hidden") {
      out.setAttribute("data-drop", "");
      continue;
    }
    const parent = el === svg ? null : styleOf(el.parentElement);
    const decl = [];
    for (const prop of STYLE_PROPS) {
      const v = cs[prop];
      if (!v) continue;
      if (parent && INHERITED.has(prop) ? parent[prop] === v : DEFAULTS[prop] === v) continue;
      decl.push(`${prop}:${v}`);
    }
    if (decl.length) out.setAttribute("style", decl.join(";"));
    else out.removeAttribute("style");
    out.removeAttribute("class");
  }
  for (const el of clone.querySelectorAll(`${DROP}, [data-drop]`)) el.remove();
  for (const attr of ["tabindex", "role", "aria-roledescription", "focusable", "aria-label",
    "data-map-id", "data-selected", "xmlns"]) clone.removeAttribute(attr);
  const [, , w, hgt] = (svg.getAttribute("viewBox") || "0 0 720 720").split(/\s+/).map(Number);
  let height = hgt;
  const NS = "http://www.w3.org/2000/svg";
  if (sheet) {
    const col = sheetColours || { paper: "#ffffff", ink: "#1b1f24", ink2: "#59636e",
      border: "#c8ccd1" };
    const { node, height: sh } = drawScoreTable(doc, sheet, w, col);
    const bg = doc.createElementNS(NS, "rect");
    for (const [k, v] of [["x", 0], ["y", hgt - 6], ["width", w], ["height", sh + 12],
      ["fill", col.paper]]) bg.setAttribute(k, String(v));
    node.setAttribute("transform", `translate(0 ${hgt})`);
    clone.insertBefore(bg, clone.firstChild);
    clone.append(node);
    height = hgt + sh;
  }
  if (footer) {
    const top = height;
    height = top + 26;
    const bg = doc.createElementNS("http://www.w3.org/2000/svg", "rect");
    const paper = clone.querySelector("rect");
    bg.setAttribute("x", "0");
    bg.setAttribute("y", String(top - 6));
    bg.setAttribute("width", String(w));
    bg.setAttribute("height", "32");
    if (paper && paper.getAttribute("style")) bg.setAttribute("style", paper.getAttribute("style"));
    else bg.setAttribute("fill", "#ffffff");
    const text = doc.createElementNS("http://www.w3.org/2000/svg", "text");
    text.setAttribute("x", String(w / 2));
    text.setAttribute("y", String(top + 14));
    text.setAttribute("text-anchor", "middle");
    text.setAttribute("font-family", "sans-serif");
    text.setAttribute("font-size", "13");
    const ink = clone.querySelector("text");
    const fill = ink && /fill:([^;]+)/.exec(ink.getAttribute("style") || "");
    text.setAttribute("fill", fill ? fill[1] : "#333333");
    text.textContent = footer;
    clone.insertBefore(bg, clone.firstChild);
    clone.append(text);
  }
  clone.setAttribute("viewBox", `0 0 ${w} ${height}`);
  clone.setAttribute("width", String(w));
  clone.setAttribute("height", String(height));
  let xml = new win.XMLSerializer().serializeToString(clone);
  if (!/^<svg[^>]*\sxmlns="http:\/\/www\.w3\.org\/2000\/svg"/.test(xml)) {
    xml = xml.replace(/^<svg/, '<svg xmlns="http://www.w3.org/2000/svg"');
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${xml}\n`;
}

/** The width and height written into a serialized SVG. */
export function svgSize(svgText) {
  const w = /<svg[^>]*\swidth="([\d.]+)"/.exec(svgText);
  const hh = /<svg[^>]*\sheight="([\d.]+)"/.exec(svgText);
  return [w ? Number(w[1]) : 720, hh ? Number(hh[1]) : 720];
}

/** Render SVG text into a PNG through a canvas; resolves to base64 (no data: prefix). */
export function svgToPngBase64(doc, svgText, t, scale = 2) {
  const win = doc.defaultView;
  const [w, hgt] = svgSize(svgText);
  return new Promise((resolve, reject) => {
    const canvas = doc.createElement("canvas");
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(hgt * scale);
    let ctx = null;
    try { ctx = canvas.getContext("2d"); } catch { ctx = null; }
    if (!ctx) {
      reject(new Error(t("export.no_canvas")));
      return;
    }
    const img = new win.Image();
    const timer = win.setTimeout(() => reject(new Error(t("export.not_loaded"))), 10000);
    img.onload = () => {
      win.clearTimeout(timer);
      try {
        ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
        const url = canvas.toDataURL("image/png");
        const comma = url.indexOf(",");
        if (!url.startsWith("data:image/png") || comma < 0) throw new Error(t("export.no_png"));
        resolve(url.slice(comma + 1));
      } catch (err) {
        reject(err);
      }
    };
    img.onerror = () => {
      win.clearTimeout(timer);
      reject(new Error(t("export.not_drawn")));
    };
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svgText)}`;
  });
}

/** Offer `data` (text, or base64 with `base64: true`) as a file download. */
export function download(doc, filename, data, mime, { base64 = false } = {}) {
  const a = doc.createElement("a");
  a.download = filename;
  a.href = `data:${mime}${base64 ? ";base64" : ";charset=utf-8"},${base64 ? data
    : encodeURIComponent(data)}`;
  a.rel = "noopener";
  a.style.display = "none";
  doc.body.append(a);
  try {
    a.click();
  } finally {
    a.remove();
  }
  return a.href.length;
}

/**
 * The score sheet as a plain table for the export: `{head, rows, lines}` where head is the
 * column titles (with an optional pencil colour each), rows are [label, ...cells] and lines
 * are text lines under the table (totals, assessment, ranking).
 */
export function drawScoreTable(doc, table, width, col) {
  const NS = "http://www.w3.org/2000/svg";
  const el = (tag, attrs, text) => {
    const n = doc.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    if (text !== undefined) n.textContent = text;
    return n;
  };
  const g = el("g", { "data-part": "score-sheet", "font-family": "sans-serif", "font-size": 12 });
  const pad = 16;
  const labelW = 132;
  const cols = table.head.length;
  const cw = (width - 2 * pad - labelW) / Math.max(1, cols);
  const rh = 22;
  let y = 14;
  g.append(el("text", { x: pad, y: y + 4, fill: col.ink, "font-weight": 700, "font-size": 13 },
    table.title || ""));
  y += 14;
  table.head.forEach((hd, i) => {
    const x = pad + labelW + i * cw;
    if (hd.colour) g.append(el("rect", { x: x + 2, y, width: cw - 4, height: 4, fill: hd.colour }));
    g.append(el("text", { x: x + cw / 2, y: y + 17, fill: col.ink, "font-weight": 700,
      "text-anchor": "middle" }, hd.text));
  });
  y += rh + 2;
  for (const row of table.rows) {
    const bold = row.bold ? { "font-weight": 700 } : {};
    g.append(el("text", { x: pad, y: y + 15, fill: col.ink2, ...bold }, row.label));
    row.cells.forEach((c, i) => {
      const x = pad + labelW + i * cw;
      g.append(el("rect", { x: x + 2, y: y + 1, width: cw - 4, height: rh - 2, rx: 4,
        fill: "none", stroke: col.border, "stroke-width": row.bold ? 1.8 : 1.2 }));
      g.append(el("text", { x: x + cw / 2, y: y + 15, fill: col.ink, "text-anchor": "middle",
        ...bold }, c));
    });
    y += rh;
  }
  y += 6;
  for (const line of table.lines) {
    g.append(el("text", { x: pad, y: y + 14, fill: col.ink, "font-weight": line.bold ? 700 : 400 },
      line.text));
    y += 20;
  }
  return { node: g, height: y + 8 };
}
