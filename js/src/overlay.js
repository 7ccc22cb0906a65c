// The teaching overlay: where the points come from, drawn from `scores.overlay`.
// Each score-sheet box is a "term" with a key; the overlay draws every term (toggle on) or
// only the hovered one, so a box on the score sheet lights up its part of the map.
import { s, clear } from "./dom.js";
import { STATION_R } from "./map.js";

const TIER_POINTS = { 2: 2, 3: 5, 4: 9 };

/** Key of a score-sheet term: round r (1-4), line entry l (0/1), part. */
export const termKey = (round, line, part) => `r${round}.l${line}.${part}`;
export const tierKey = (colours) => `ic${colours}`;

/** Every term of the overlay: key -> what it highlights. */
export function overlayTerms(scores) {
  const terms = new Map();
  for (const r of scores.overlay.rounds) {
    r.lines.forEach((l, li) => {
      const base = { round: r.round, pencil: r.pencil, line: li };
      terms.set(termKey(r.round, li, "districts"), { ...base, part: "districts",
        districts: l.districts, stations: l.stations });
      terms.set(termKey(r.round, li, "stations"), { ...base, part: "stations",
        best: l.best_districts, halo: l.best_stations });
      terms.set(termKey(r.round, li, "bonus"), { ...base, part: "bonus",
        starts: l.connected_starts });
      terms.set(termKey(r.round, li, "score"), { ...base, part: "score",
        districts: l.districts, best: l.best_districts, halo: l.best_stations,
        starts: l.connected_starts, stations: l.stations });
    });
  }
  const each = {};
  for (const t of scores.sheet.interchanges) each[t.colours] = t.points_each;
  for (const n of [2, 3, 4]) {
    terms.set(tierKey(n), { part: "interchanges", colours: n,
      points: each[n] || TIER_POINTS[n],
      stations: scores.overlay.interchanges.filter((x) => x[1] === n) });
  }
  return terms;
}

function districtPath(map, geo, d) {
  return map.districts[d].outline.map((loop) => `M${loop.map(([x, y]) =>
    `${geo.px(x)},${geo.px(y)}`).join("L")}Z`).join("");
}

/**
 * Draw the overlay. `mode.all`: every term (the toggle); `mode.term`: only that key, strong.
 * Tints and haloes go under the tracks (`tint` layer), labels above the stations (`over`).
 */
export function drawOverlay(tint, over, map, geo, scores, pencils, mode) {
  clear(tint);
  clear(over);
  const doc = tint.ownerDocument;
  const terms = overlayTerms(scores);
  let shown;
  if (mode.term) shown = terms.has(mode.term) ? [[mode.term, terms.get(mode.term)]] : [];
  else if (mode.all) {
    // One round at a time (all four at once are unreadable), plus the interchanges.
    shown = [...terms].filter(([, t]) => t.part === "interchanges"
      || (t.part !== "score" && t.round === mode.round));
  } else shown = [];
  tint.dataset.term = mode.term || (mode.all ? `round-${mode.round}` : "");
  if (!shown.length) return 0;
  const focus = Boolean(mode.term);
  const at = (i) => [geo.px(map.stations[i].x), geo.px(map.stations[i].y)];
  const okD = (d) => Number.isInteger(d) && d >= 0 && d < map.districts.length;
  const okS = (i) => map.okStation(i);
  let count = 0;
  for (const [key, t] of shown) {
    const colour = t.pencil ? pencils.get(t.pencil).color : null;
    const cls = (c) => `${c}${focus ? " nsb-ov-focus" : ""}`;
    for (const d of (t.districts || []).filter(okD)) {
      tint.append(s(doc, "path", { class: cls("nsb-ov-district"), d: districtPath(map, geo, d),
        style: colour ? `fill:${colour}` : null, "data-district": d, "data-term": key }));
      count++;
    }
    for (const d of (t.best || []).filter(okD)) {
      over.append(s(doc, "path", { class: cls("nsb-ov-best"), d: districtPath(map, geo, d),
        style: colour ? `stroke:${colour}` : null, "data-district": d, "data-term": key }));
      count++;
    }
    if (focus && t.part === "districts") {
      for (const i of (t.stations || []).filter(okS)) {
        const [cx, cy] = at(i);
        tint.append(s(doc, "circle", { class: cls("nsb-ov-station"), cx, cy, r: STATION_R + 4,
          style: colour ? `fill:${colour}` : null, "data-station": i, "data-term": key }));
      }
    }
    for (const i of (t.halo || []).filter(okS)) {
      const [cx, cy] = at(i);
      tint.append(s(doc, "circle", { class: cls("nsb-ov-halo"), cx, cy, r: STATION_R + 8,
        style: colour ? `fill:${colour}` : null, "data-station": i, "data-term": key }));
      count++;
    }
    for (const i of (t.starts || []).filter(okS)) {
      const [cx, cy] = at(i);
      over.append(s(doc, "g", { class: cls("nsb-ov-start"), "data-station": i, "data-term": key },
        s(doc, "circle", { cx, cy, r: STATION_R + 10, style: colour ? `stroke:${colour}` : null }),
        s(doc, "text", { x: cx, y: cy + STATION_R + 24, text: "+10" })));
      count++;
    }
    if (t.part === "interchanges") {
      for (const [i, , sbahn] of t.stations.filter((x) => okS(x[0]))) {
        const [cx, cy] = at(i);
        const pts = t.points * (sbahn ? 2 : 1);
        over.append(s(doc, "g", { class: cls("nsb-ov-interchange"), "data-station": i,
          "data-term": key, "data-sbahn": sbahn ? "1" : "0" },
        s(doc, "circle", { cx, cy, r: STATION_R + 7 }),
        s(doc, "text", { x: cx, y: cy + STATION_R + 22,
          text: sbahn ? `+${t.points}×2` : `+${pts}` })));
        count++;
      }
    }
  }
  return count;
}

/** The rounds the overlay can show (scored ones) and the one to show by default (the last). */
export function overlayRounds(scores) {
  const rounds = scores.overlay.rounds.map((r) => r.round).filter((n) => n >= 1);
  return { rounds, latest: rounds.length ? Math.max(...rounds) : null };
}
