// The map as one SVG (viewBox-based, crisp at any size), drawn in layers so a trait change
// redraws only its layer: the static map (districts, river, dashed sections, stations) once per
// map_data; the sheet (drawn sections, S-Bahn and circled stations, interchanges) per sheet;
// the overlay and highlight layers per scores / hints / selection. What differs between cities
// comes from map_data (its lines, symbols, tourist sites, river) and the ruleset's description.
import { s, clear, r2 } from "./dom.js";
import { symbolPath, symbolInnerCentre, lineIconPath, hasIcon, starPath } from "./symbols.js";
import { readable } from "./colour.js";
import { textBox, circleBox, createPlacer } from "./labels.js";

export const CELL = 64;
export const MARGIN = 26; // room for the column letters and row numbers
export const STATION_R = 14;
/** A station's click target: a circle of this radius in cells (half a cell: neighbours touch). */
export const HIT_R = 0.5;
const TRACK = 7; // drawn section width
const PARALLEL_GAP = 9; // offset of a parallel track (Double tracks)
const cap = (w) => (w ? w.charAt(0).toUpperCase() + w.slice(1) : "");

/** Half the distance between the two lines of a wrapped district name, in cells (as Python's). */
const LABEL_GAP = 0.1;

/**
 * A district name in two lines: after the hyphen, else at the space, nearest its middle
 * ("Marzahn-Hellersdorf" -> ["Marzahn-", "Hellersdorf"]); null when it has neither. The same
 * rule as Python's nsb_widget.rendering.labels.split_label.
 */
export function splitLabel(name) {
  const middle = name.length / 2;
  const at = (ch, after) => [...name].flatMap((c, i) => (c === ch && i > 0
    && i < name.length - 1 ? [i + after] : []));
  let cuts = at("-", 1);
  if (!cuts.length) cuts = at(" ", 0);
  if (!cuts.length) return null;
  const cut = cuts.reduce((a, b) => (Math.abs(b - middle) < Math.abs(a - middle) ? b : a));
  return [name.slice(0, cut).trimEnd(), name.slice(cut).trimStart()];
}

/** A line's name for people: from the ruleset's description, else its id capitalised. */
export function lineName(rs, id) {
  const found = rs && rs.lines ? rs.lines.find((l) => l.id === id) : null;
  return found ? found.name : cap(id);
}

// The symbols' names (the `strings` trait); "any" matches every card.
const SYMBOL_KEYS = { square: "symbol.square", triangle: "symbol.triangle",
  pentagon: "symbol.pentagon", circle: "symbol.circle", any: "symbol.any" };

/** How a symbol reads in a label, in the widget's language (an unknown one as it is). */
export const symbolWords = (symbol, t) => (SYMBOL_KEYS[symbol] ? t(SYMBOL_KEYS[symbol]) : symbol);

/** Grid geometry: grid unit u (station centres at integers) -> viewBox coordinate. */
/**
 * How much the map's small labels grow so that they stay readable when the map is drawn small:
 * a station label (9 map units) or a grid letter (11) is enlarged until it is at least
 * `LABEL_MIN_PX` on screen, in steps of `LABEL_STEP` (a window being resized redraws the map
 * only when a step is crossed), by at most `LABEL_MAX_ZOOM` (a station label then still ends
 * before the next station's symbol, and a grid letter stays in the margin). Drawn 550 px wide
 * or wider (a 10 x 10 map), nothing changes. `shown` is the map's width on screen, `width` its
 * viewBox width.
 */
export const LABEL_MIN_PX = 7;
export const LABEL_MAX_ZOOM = 1.6;
export const LABEL_STEP = 0.1;
export const LABEL_SIZES = { station: 9, grid: 11 };
export function labelZoom(shown, width, size) {
  if (!(shown > 0) || !(width > 0) || !(size > 0)) return 1;
  const zoom = LABEL_MIN_PX / (size * (shown / width));
  const stepped = Math.ceil(Math.round(zoom / LABEL_STEP * 1000) / 1000) * LABEL_STEP;
  return Math.round(Math.min(LABEL_MAX_ZOOM, Math.max(1, stepped)) * 100) / 100;
}

/** The label zooms for the map's width on screen now (`{station, grid}`), or null while it is
 * not laid out (detached, hidden). */
export function labelZooms(svg) {
  const box = svg.viewBox && svg.viewBox.baseVal;
  const shown = svg.getBoundingClientRect ? svg.getBoundingClientRect().width : 0;
  if (!box || !box.width || !shown) return null;
  const out = {};
  for (const [part, size] of Object.entries(LABEL_SIZES)) out[part] = labelZoom(shown, box.width, size);
  return out;
}

/** Apply label zooms to the map (`--nsb-station-zoom`, `--nsb-grid-zoom`; see theme.css). */
export function setLabelZooms(svg, zooms) {
  for (const [part, zoom] of Object.entries(zooms)) {
    svg.style.setProperty(`--nsb-${part}-zoom`, String(zoom));
  }
}

export function geometry(map) {
  const pad = MARGIN + CELL / 2;
  return {
    pad,
    width: 2 * MARGIN + map.width * CELL,
    height: 2 * MARGIN + map.height * CELL,
    px: (u) => r2(pad + u * CELL),
  };
}

/** Short, unique codes for the pencils ("G", "P", "Bl", "Br"): colour is never the only cue. */
export function pencilCodes(pencils) {
  const names = pencils.map((p) => p.name || p.id || "?");
  return names.map((n, i) => {
    for (let len = 1; len <= n.length; len++) {
      const code = n.slice(0, len);
      const clash = names.some((m, j) => j !== i && m.slice(0, len).toLowerCase()
        === code.toLowerCase());
      if (!clash) return code.charAt(0).toUpperCase() + code.slice(1);
    }
    return n.charAt(0).toUpperCase() + (i + 1);
  });
}

/**
 * Pencil info by id and by index: {id, name, color, print, code}. `color` is the colour drawn
 * on `paper` ([r, g, b], the theme's sheet): the printed colour (`print`) unless it has less
 * than 3:1 contrast with the paper (WCAG for graphics), then moved towards the ink.
 */
export function pencilTable(map, paper = null) {
  const codes = pencilCodes(map.pencils);
  const list = map.pencils.map((p, i) => ({ ...p, print: p.color,
    color: readable(p.color, paper), code: codes[i] }));
  const byId = new Map(list.map((p) => [p.id, p]));
  const unknown = { id: "", name: "?", color: "#777777", code: "?" };
  return {
    list,
    at: (i) => list[i] || unknown,
    get: (id) => byId.get(id) || { ...unknown, id, name: id || "?" },
  };
}

// "labels" (district names, station labels) comes after the drawn lines and the marks, each
// label with a halo in the paper colour, so a busy line never runs over a name.
const LAYERS = ["static", "tint", "sheet", "stations", "marks", "labels", "overlay", "hl", "hit"];

/** The SVG element and its (empty) layers. */
export function createMapSvg(doc) {
  const svg = s(doc, "svg", {
    class: "nsb-map",
    tabindex: "0",
    role: "application",
    focusable: "true",
  });
  const layers = {};
  for (const name of LAYERS) {
    layers[name] = s(doc, "g", { class: `nsb-layer nsb-layer-${name}` });
    svg.append(layers[name]);
  }
  return { svg, layers };
}

const pointsAttr = (pts, geo) => pts.map(([x, y]) => `${geo.px(x)},${geo.px(y)}`).join(" ");

/**
 * Draw everything that never changes during a game (`stationZoom`: how much the station labels
 * are enlarged, `labelZoom`, so that the labels placed later keep clear of them). Returns the
 * geometry.
 */
export function drawStatic(svg, layers, map, pencils, rs, t, stationZoom = 1) {
  const doc = svg.ownerDocument;
  const geo = geometry(map);
  svg.setAttribute("viewBox", `0 0 ${geo.width} ${geo.height}`);
  svg.setAttribute("aria-roledescription", t("map.roledescription"));
  svg.dataset.mapId = map.id;
  const st = clear(layers.static);
  st.append(s(doc, "rect", { class: "nsb-paper", x: 0, y: 0, width: geo.width,
    height: geo.height, rx: 6 }));

  // Column letters and row numbers.
  const grid = s(doc, "g", { class: "nsb-grid-labels", "aria-hidden": "true" });
  for (let x = 0; x < map.width; x++) {
    const letter = String.fromCharCode(65 + x);
    grid.append(s(doc, "text", { x: geo.px(x), y: MARGIN - 9, text: letter }));
    grid.append(s(doc, "text", { x: geo.px(x), y: geo.height - 8, text: letter }));
  }
  for (let y = 0; y < map.height; y++) {
    grid.append(s(doc, "text", { x: MARGIN / 2, y: geo.px(y) + 4, text: String(y + 1) }));
    grid.append(s(doc, "text", { x: geo.width - MARGIN / 2, y: geo.px(y) + 4,
      text: String(y + 1) }));
  }
  st.append(grid);

  // Districts: a faint fill, yellow boundaries on top of all fills.
  const fills = s(doc, "g", { class: "nsb-districts" });
  const borders = s(doc, "g", { class: "nsb-district-borders", "aria-hidden": "true" });
  for (const d of map.districts) {
    const path = d.outline.map((loop) => `M${pointsAttr(loop, geo).replace(/ /g, "L")}Z`).join("");
    if (!path) continue;
    fills.append(s(doc, "path", { class: `nsb-district nsb-district-${d.kind === "outer"
      ? "outer" : "main"}`, d: path, "data-district": d.index },
    s(doc, "title", { text: t(d.kind === "outer" ? "map.outer_district" : "map.district",
      { name: d.name }) })));
    borders.append(s(doc, "path", { class: "nsb-district-border", d: path }));
  }
  st.append(fills);

  if (map.river && map.river.polyline.length > 1) {
    st.append(s(doc, "polyline", { class: "nsb-river", points: pointsAttr(map.river.polyline, geo) },
      s(doc, "title", { text: map.river.name })));
  }
  st.append(borders);

  // What later labels (pencil badges, the overlay's points) must not cover: the district
  // names, the stations and their labels.
  geo.fixed = [];
  // Each name centred on its label point, clear of every station (Python chose the point,
  // and whether the name takes two lines: nsb_widget/rendering/labels.py). Names and station
  // labels go in the labels layer, above the drawn lines (with a halo, see theme.css).
  const lab = clear(layers.labels);
  const names = s(doc, "g", { class: "nsb-district-names", "aria-hidden": "true" });
  for (const d of map.districts) {
    if (!d.label_at || !d.name) continue;
    const parts = d.label_wrap ? splitLabel(d.name) : null;
    const rows = parts ? [[parts[0], -LABEL_GAP], [parts[1], LABEL_GAP]] : [[d.name, 0]];
    for (const [text, dy] of rows) {
      const [x, y] = [geo.px(d.label_at[0]), geo.px(d.label_at[1] + dy) + 3];
      names.append(s(doc, "text", { class: "nsb-district-name", "data-district": d.index, x, y,
        text }));
      geo.fixed.push(textBox(x, y, text.length, 9, "middle", 0.58));
    }
  }
  lab.append(names);

  // Potential sections: thin dashed grey.
  let dpath = "";
  for (const [a, b] of map.sections) {
    const A = map.stations[a];
    const B = map.stations[b];
    dpath += `M${geo.px(A.x)},${geo.px(A.y)}L${geo.px(B.x)},${geo.px(B.y)}`;
  }
  st.append(s(doc, "path", { class: "nsb-potential", d: dpath, "data-count": map.sections.length }));

  // Stations: symbol ("any" with a question mark), start stations in their pencil colour
  // (with the line's icon when a round has several lines, else a ring in that colour: a
  // departure station), a star on tourist sites, the label.
  const stl = clear(layers.stations);
  const stationLabels = s(doc, "g", { class: "nsb-station-labels", "aria-hidden": "true" });
  const oneLine = map.lines.length === 1;
  for (const station of map.stations) {
    if (!Number.isFinite(station.x) || !Number.isFinite(station.y)) continue;
    const cx = geo.px(station.x);
    const cy = geo.px(station.y);
    const g = s(doc, "g", { class: "nsb-station", "data-station": station.index,
      "data-symbol": station.symbol });
    const sym = s(doc, "path", { class: "nsb-symbol", d: symbolPath(station.symbol, cx, cy,
      STATION_R) });
    let startText = "";
    if (station.start && oneLine) {
      const pencil = pencils.get(station.start.pencil);
      g.append(s(doc, "circle", { class: "nsb-start-ring", cx, cy, r: STATION_R + 5,
        style: `stroke:${pencil.color}` }));
    }
    g.append(sym);
    if (station.start) {
      const pencil = pencils.get(station.start.pencil);
      g.classList.add("nsb-start");
      g.dataset.startPencil = station.start.pencil;
      g.dataset.startLine = station.start.line;
      sym.setAttribute("style", `fill:${pencil.color}`);
      if (!oneLine) {
        const [ix, iy] = symbolInnerCentre(station.symbol, cx, cy, STATION_R);
        const size = station.symbol === "triangle" ? 5 : 6.5;
        g.append(hasIcon(station.start.line)
          ? s(doc, "path", { class: "nsb-start-icon",
            d: lineIconPath(station.start.line, ix, iy, size) })
          : s(doc, "text", { class: "nsb-start-letter", x: ix, y: iy + 3.5,
            text: station.start.line.charAt(0).toUpperCase() }));
        startText = t("map.start_station", { pencil: pencil.name,
          line: lineName(rs, station.start.line) });
      } else {
        startText = t("map.departure_station", { pencil: pencil.name });
      }
    }
    if (station.symbol === "any") {
      g.append(s(doc, "text", { class: `nsb-any-mark${station.start ? " nsb-on-colour" : ""}`,
        x: cx, y: cy + 4.8, text: "?" }));
    }
    if (station.tourist) {
      g.classList.add("nsb-tourist");
      g.append(s(doc, "path", { class: "nsb-tourist-star", d: starPath(cx - STATION_R - 2,
        cy + STATION_R + 1, 6.5) }));
    }
    stationLabels.append(s(doc, "text", { class: "nsb-station-label",
      "data-station": station.index, x: cx + STATION_R + 1, y: cy - STATION_R + 3,
      text: station.label }));
    geo.fixed.push(textBox(cx + STATION_R + 1, cy - STATION_R + 3, station.label.length,
      LABEL_SIZES.station * stationZoom),
      circleBox(cx, cy, STATION_R + 1));
    const about = [symbolWords(station.symbol, t)];
    if (startText) about.push(startText);
    if (station.tourist) about.push(t("map.tourist_site"));
    g.append(s(doc, "title", { text: t("fmt.labelled", { label: station.label,
      text: about.join(", ") }) }));
    stl.append(g);
  }
  lab.append(stationLabels);

  // Hit targets on top of everything: what clicks land on, as wide as a cell (neighbours
  // touch, never overlap), so a finger finds them on a phone (the map keeps them >= 24 px).
  const hit = clear(layers.hit);
  for (const station of map.stations) {
    if (!Number.isFinite(station.x) || !Number.isFinite(station.y)) continue;
    hit.append(s(doc, "circle", { class: "nsb-hit", cx: geo.px(station.x), cy: geo.px(station.y),
      r: CELL * HIT_R, "data-station": station.index,
      "aria-label": `${station.label} ${symbolWords(station.symbol, t)}` }));
  }
  return geo;
}

/** Offset a segment sideways by `d` (parallel tracks). */
function offsetSegment(x1, y1, x2, y2, d) {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const nx = (-(y2 - y1) / len) * d;
  const ny = ((x2 - x1) / len) * d;
  return [r2(x1 + nx), r2(y1 + ny), r2(x2 + nx), r2(y2 + ny)];
}

/**
 * Draw the player's sheet: sections in pencil colours (a round's first line solid, a second one
 * (Berlin's Crown) with a centre stripe, a pencil-initial badge at each midpoint), parallel
 * tracks offset, S-Bahn and circled stations, interchange badges and this round's start
 * stations.
 */
export function drawSheet(layers, map, geo, sheet, pencils, rs, t) {
  const doc = layers.sheet.ownerDocument;
  const sl = clear(layers.sheet);
  const marks = clear(layers.marks);
  const tracks = s(doc, "g", { class: "nsb-tracks" });
  const badges = s(doc, "g", { class: "nsb-badges" });
  // Sections drawn more than once (Double tracks) sit side by side, centred on the dashes.
  const keyOf = (row) => (row[0] >= 0 ? row[0] : `${Math.min(row[1], row[2])}-${Math.max(row[1], row[2])}`);
  const total = new Map();
  for (const row of sheet.sections) total.set(keyOf(row), (total.get(keyOf(row)) || 0) + 1);
  const seen = new Map();
  const sbahnPencil = new Map();
  // Interchange badges first (they sit at their station), then the pencil badges, each at the
  // first free spot along its track, so no badge covers a label.
  const placer = createPlacer(geo.fixed || []);
  const interchangeAt = (i) => [geo.px(map.stations[i].x) - STATION_R - 2,
    geo.px(map.stations[i].y) - STATION_R - 2];
  for (const [i] of sheet.interchanges) placer.add(circleBox(...interchangeAt(i), 8));
  for (const row of sheet.sections) {
    const [section, a, b, pi, line, round, flags] = row;
    const A = map.stations[a];
    const B = map.stations[b];
    const pencil = pencils.at(pi);
    const key = keyOf(row);
    const k = seen.get(key) || 0;
    seen.set(key, k + 1);
    const n = total.get(key);
    const [P, Q] = a < b ? [A, B] : [B, A];
    let [x1, y1, x2, y2] = [geo.px(P.x), geo.px(P.y), geo.px(Q.x), geo.px(Q.y)];
    const parallel = (flags & 2) !== 0 || n > 1;
    if (n > 1) [x1, y1, x2, y2] = offsetSegment(x1, y1, x2, y2, (k - (n - 1) / 2) * PARALLEL_GAP);
    const lineIndex = line >= 0 && line < map.lines.length ? line : 0;
    const lineId = map.lines[lineIndex];
    const g = s(doc, "g", {
      class: `nsb-section nsb-section-${lineId}${parallel ? " nsb-parallel" : ""}`,
      "data-section": section, "data-from": a, "data-to": b, "data-pencil": pencil.id,
      "data-line": lineId, "data-round": round,
    });
    const seg = { x1, y1, x2, y2 };
    g.append(s(doc, "line", { class: "nsb-track-casing", ...seg }));
    g.append(s(doc, "line", { class: "nsb-track", ...seg, style: `stroke:${pencil.color}` }));
    if (lineIndex > 0) g.append(s(doc, "line", { class: "nsb-track-stripe", ...seg }));
    const where = { pencil: pencil.name, line: lineName(rs, lineId), n: round,
      section: `${A.label}–${B.label}` };
    let title = t(map.lines.length > 1 ? "map.section_line" : "map.section", where);
    if (parallel) title = t("map.parallel", { title });
    if (flags & 1) title = t("map.to_sbahn", { title });
    g.append(s(doc, "title", { text: title }));
    tracks.append(g);
    // Badges of side-by-side tracks slide along the track so they do not overlap; a badge
    // also slides off a label it would cover.
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const slide = n > 1 ? (k - (n - 1) / 2) * 16 : 0;
    const br = pencil.code.length > 1 ? 7.5 : 6.5;
    const room = Math.max(0, len / 2 - STATION_R - br - 2);
    const spots = [0, -0.35, 0.35, -0.7, 0.7, -1, 1].map((f) => {
      const d = slide + f * room;
      const x = r2((x1 + x2) / 2 + ((x2 - x1) / len) * d);
      const y = r2((y1 + y2) / 2 + ((y2 - y1) / len) * d);
      return { x, y, box: circleBox(x, y, br + 0.5) };
    });
    const { x: mx, y: my } = placer.place(spots);
    badges.append(s(doc, "g", { class: "nsb-badge", "aria-hidden": "true" },
      s(doc, "circle", { cx: mx, cy: my, r: br,
        style: `stroke:${pencil.color}` }),
      s(doc, "text", { x: mx, y: my + 2.6, style: `fill:${pencil.color}`,
        class: pencil.code.length > 1 ? "nsb-badge-2" : null, text: pencil.code })));
    if (flags & 1 && !sbahnPencil.has(b)) sbahnPencil.set(b, pencil);
  }
  sl.append(tracks, badges);
  sl.dataset.count = String(sheet.sections.length);

  // This round's start stations: a soft halo.
  for (const name of Object.keys(sheet.lines)) {
    const { start, stations } = sheet.lines[name];
    if (start === null || !stations.length) continue; // no lines in play (e.g. game over)
    const st = map.stations[start];
    marks.append(s(doc, "circle", { class: "nsb-current-start", cx: geo.px(st.x),
      cy: geo.px(st.y), r: STATION_R + 9, "data-station": start, "data-line": name }));
  }
  for (const i of sheet.sbahn) {
    const st = map.stations[i];
    const pencil = sbahnPencil.get(i);
    marks.append(s(doc, "circle", { class: "nsb-sbahn", cx: geo.px(st.x), cy: geo.px(st.y),
      r: STATION_R + 5, "data-station": i, style: pencil ? `stroke:${pencil.color}` : null },
    s(doc, "title", { text: t("map.sbahn_station", { station: st.label }) })));
  }
  // Stations circled with a pencil power: a ring in the pencil colour of their round.
  const circledBy = new Map(sheet.circled_by.map(([i, p]) => [i, p]));
  for (const i of sheet.circled) {
    const st = map.stations[i];
    const pencil = circledBy.has(i) ? pencils.at(circledBy.get(i)) : pencils.get(sheet.pencil);
    marks.append(s(doc, "circle", { class: "nsb-circled", cx: geo.px(st.x), cy: geo.px(st.y),
      r: STATION_R + 6, "data-station": i, "data-pencil": pencil.id,
      style: `stroke:${pencil.color}` },
    s(doc, "title", { text: t("map.circled_station", { station: st.label }) })));
  }
  geo.sheetBoxes = placer.taken;
  for (const [i, n] of sheet.interchanges) {
    const st = map.stations[i];
    const [bx, by] = interchangeAt(i);
    marks.append(s(doc, "g", { class: "nsb-interchange", "data-station": i, "data-colours": n },
      s(doc, "circle", { cx: bx, cy: by, r: 7.5 }),
      s(doc, "text", { x: bx, y: by + 3.3, text: String(n) }),
      s(doc, "title", { text: t("map.interchange", { n, station: st.label }) })));
  }
}

/**
 * Highlights: `origins` (line ends to start from), `targets` (where the selected origin, or
 * a one-click move, leads), `faint` (reachable but needing a choice), the selected station,
 * the keyboard focus, a ghost section from the selection to the focused/hovered target, and
 * the station an error notice is about.
 */
export function drawHighlights(layer, map, geo, hl) {
  const doc = layer.ownerDocument;
  clear(layer);
  const at = (i) => [geo.px(map.stations[i].x), geo.px(map.stations[i].y)];
  if (hl.ghost) {
    const [a, b] = hl.ghost;
    const [x1, y1] = at(a);
    const [x2, y2] = at(b);
    layer.append(s(doc, "line", { class: "nsb-ghost", x1, y1, x2, y2 }));
  }
  const ring = (i, cls, r) => {
    const [cx, cy] = at(i);
    layer.append(s(doc, "circle", { class: cls, cx, cy, r, "data-station": i }));
  };
  for (const i of hl.power || []) ring(i, "nsb-hl-power", STATION_R + 7);
  for (const i of hl.faint) ring(i, "nsb-hl-faint", STATION_R + 7);
  for (const i of hl.targets) ring(i, "nsb-hl-target", STATION_R + 7);
  for (const i of hl.origins) ring(i, i === hl.selected ? "nsb-hl-origin nsb-hl-selected"
    : "nsb-hl-origin", STATION_R + 7);
  if (hl.error !== null && hl.error !== undefined && map.okStation(hl.error)) {
    ring(hl.error, "nsb-hl-error", STATION_R + 11);
  }
  if (hl.focus !== null && hl.focus !== undefined && map.okStation(hl.focus)) {
    const [cx, cy] = at(hl.focus);
    const r = STATION_R + 13;
    layer.append(s(doc, "rect", { class: "nsb-hl-focus", x: cx - r, y: cy - r, width: 2 * r,
      height: 2 * r, rx: 7, "data-station": hl.focus }));
  }
}

/**
 * A hint from Python, drawn under the highlights: the suggested section (a wide band from
 * origin to target, data-origin/data-target) with its two stations ringed, or the station a
 * power hint names. View-only (the export drops this layer).
 */
export function drawHint(layer, map, geo, hint) {
  if (!hint) return;
  const doc = layer.ownerDocument;
  const at = (i) => [geo.px(map.stations[i].x), geo.px(map.stations[i].y)];
  const g = s(doc, "g", { class: "nsb-hint", "data-kind": hint.kind });
  const ring = (i, cls) => {
    const [cx, cy] = at(i);
    g.append(s(doc, "circle", { class: cls, cx, cy, r: STATION_R + 10, "data-station": i }));
  };
  if (hint.kind === "draw" && map.okStation(hint.origin) && map.okStation(hint.target)) {
    const [x1, y1] = at(hint.origin);
    const [x2, y2] = at(hint.target);
    g.append(s(doc, "line", { class: "nsb-hint-section", x1, y1, x2, y2,
      "data-origin": hint.origin, "data-target": hint.target, "data-line": hint.line }));
    ring(hint.origin, "nsb-hint-origin");
    ring(hint.target, "nsb-hint-target");
  } else if (hint.kind === "power" && hint.power && hint.power.station !== null
    && map.okStation(hint.power.station)) {
    ring(hint.power.station, "nsb-hint-station");
  }
  layer.prepend(g);
}
