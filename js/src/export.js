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
 * text written under the map (player, round, points).
 */
export function serializeSvg(svg, { footer = "" } = {}) {
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
  if (footer) {
    height = hgt + 26;
    const bg = doc.createElementNS("http://www.w3.org/2000/svg", "rect");
    const paper = clone.querySelector("rect");
    bg.setAttribute("x", "0");
    bg.setAttribute("y", String(hgt - 6));
    bg.setAttribute("width", String(w));
    bg.setAttribute("height", "32");
    if (paper && paper.getAttribute("style")) bg.setAttribute("style", paper.getAttribute("style"));
    else bg.setAttribute("fill", "#ffffff");
    const text = doc.createElementNS("http://www.w3.org/2000/svg", "text");
    text.setAttribute("x", String(w / 2));
    text.setAttribute("y", String(hgt + 14));
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
export function svgToPngBase64(doc, svgText, scale = 2) {
  const win = doc.defaultView;
  const [w, hgt] = svgSize(svgText);
  return new Promise((resolve, reject) => {
    const canvas = doc.createElement("canvas");
    canvas.width = Math.round(w * scale);
    canvas.height = Math.round(hgt * scale);
    let ctx = null;
    try { ctx = canvas.getContext("2d"); } catch { ctx = null; }
    if (!ctx) {
      reject(new Error("this browser has no 2D canvas to draw the PNG"));
      return;
    }
    const img = new win.Image();
    const timer = win.setTimeout(() => reject(new Error("the SVG image did not load")), 10000);
    img.onload = () => {
      win.clearTimeout(timer);
      try {
        ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
        const url = canvas.toDataURL("image/png");
        const comma = url.indexOf(",");
        if (!url.startsWith("data:image/png") || comma < 0) throw new Error("canvas gave no PNG");
        resolve(url.slice(comma + 1));
      } catch (err) {
        reject(err);
      }
    };
    img.onerror = () => {
      win.clearTimeout(timer);
      reject(new Error("the SVG could not be drawn as an image"));
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
