// The teaching overlay: where the points come from, drawn from `scores.overlay`.
// Each score-sheet box is a "term" with a key; the overlay draws every term (toggle on) or
// only the hovered one, so a box on the score sheet lights up its part of the map: districts,
// the best district and its stations (a circled station counted twice), connected start
// stations, bonus sections (London's Thames crossings), tourist sites, interchanges.
import { s, clear } from "./dom.js";
import { STATION_R } from "./map.js";
import { starPath } from "./symbols.js";
import { textBox, createPlacer } from "./labels.js";

const LABEL_SIZE = 11;
/** Spots for a label around a station at (cx, cy), nearest first: below, above, the sides. */
function stationSpots(cx, cy, text, ring) {
  const d = ring + 14;
  const spots = [[cx, cy + d, "middle"], [cx, cy - ring - 5, "middle"],
    [cx + ring + 3, cy + 4, "start"], [cx - ring - 3, cy + 4, "end"],
    [cx + ring - 2, cy + d - 2, "start"], [cx - ring + 2, cy + d - 2, "end"],
    [cx + ring - 2, cy - ring, "start"], [cx - ring + 2, cy - ring, "end"],
    [cx, cy + d + 13, "middle"], [cx, cy - ring - 18, "middle"]];
  return spots.map(([x, y, anchor]) => ({ x, y, anchor,
    box: textBox(x, y, text.length, LABEL_SIZE, anchor, 0.74) }));
}

/** A label text at the first free spot (the CSS centres it; the spot may anchor it). */
function label(doc, placer, spots, text) {
  const at = placer.place(spots);
  return s(doc, "text", { x: at.x, y: at.y, text,
    style: at.anchor === "middle" ? null : `text-anchor:${at.anchor}` });
}

const TIER_POINTS = { 2: 2, 3: 5, 4: 9 };

/** Key of a score-sheet term: round r (1-4), line entry l (0/1), part. */
export const termKey = (round, line, part) => `r${round}.l${line}.${part}`;
export const tierKey = (colours) => `ic${colours}`;
/** The part of a bonus's term: "bonus" for the ruleset's first bonus, "bonus-<id>" after. */
export const bonusPart = (id, k) => (k === 0 ? "bonus" : `bonus-${id}`);
/** Key of a track's block (London's tourist sites). */
export const trackKey = (id) => `track.${id}`;

/** Every term of the overlay: key -> what it highlights. */
export function overlayTerms(scores) {
  const terms = new Map();
  const bonusList = scores.bonusOrder || [];
  for (const r of scores.overlay.rounds) {
    r.lines.forEach((l, li) => {
      const base = { round: r.round, pencil: r.pencil, line: li };
      const bonus = (id) => l.bonuses.find((x) => x.id === id) || null;
      // A bonus's part of the map: its sections (each with its points), or, for a bonus
      // without sections (Berlin's connected start stations), the connected start stations.
      const where = (b) => ({
        starts: b && !b.sections.length && b.points ? l.connected_starts : [],
        startPoints: b ? b.points : 0,
        sections: b ? b.sections.map((sec) => [sec, b.points_each]) : [],
      });
      terms.set(termKey(r.round, li, "districts"), { ...base, part: "districts",
        districts: l.districts, stations: l.stations });
      terms.set(termKey(r.round, li, "stations"), { ...base, part: "stations",
        best: l.best_districts, halo: l.best_stations, doubled: l.doubled });
      bonusList.forEach((id, k) => {
        terms.set(termKey(r.round, li, bonusPart(id, k)), { ...base, part: "bonus",
          ...where(bonus(id)) });
      });
      const all = l.bonuses.map(where);
      terms.set(termKey(r.round, li, "score"), { ...base, part: "score",
        districts: l.districts, best: l.best_districts, halo: l.best_stations,
        doubled: l.doubled, stations: l.stations,
        starts: all.flatMap((w) => w.starts), startPoints: Math.max(0, ...all.map((w) =>
          (w.starts.length ? w.startPoints : 0))),
        sections: all.flatMap((w) => w.sections), sites: li === 0 ? r.sites : [] });
    });
    if (r.lines.length && r.sites.length) {
      terms.set(termKey(r.round, 0, "sites"), { round: r.round, pencil: r.pencil, line: 0,
        part: "sites", sites: r.sites });
    }
  }
  for (const id of scores.trackIds || []) {
    terms.set(trackKey(id), { part: "track", sites: scores.overlay.sites });
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
  // Labels never cover another label, a station or a pencil badge.
  const placer = createPlacer(geo.sheetBoxes || geo.fixed || []);
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
        label(doc, placer, stationSpots(cx, cy, `+${t.startPoints}`, STATION_R + 10),
          `+${t.startPoints}`)));
      count++;
    }
    // A circled station counted twice in its district: a double ring and "×2".
    for (const i of (t.doubled || []).filter(okS)) {
      const [cx, cy] = at(i);
      over.append(s(doc, "g", { class: cls("nsb-ov-doubled"), "data-station": i,
        "data-term": key },
      s(doc, "circle", { cx, cy, r: STATION_R + 9, style: colour ? `stroke:${colour}` : null }),
      s(doc, "circle", { cx, cy, r: STATION_R + 13, style: colour ? `stroke:${colour}` : null }),
      label(doc, placer, [{ x: cx + STATION_R + 14, y: cy - STATION_R - 6, anchor: "middle",
        box: textBox(cx + STATION_R + 14, cy - STATION_R - 6, 2, LABEL_SIZE, "middle", 0.68) },
      ...stationSpots(cx, cy, "×2", STATION_R + 13)], "×2")));
      count++;
    }
    // Bonus sections (London's Thames crossings): the section thickened, its points beside.
    for (const [sec, pts] of t.sections || []) {
      const ends = map.sectionEnds(sec);
      if (!ends) continue;
      const [x1, y1] = at(ends[0]);
      const [x2, y2] = at(ends[1]);
      const mx = (x1 + x2) / 2;
      const my = (y1 + y2) / 2;
      tint.append(s(doc, "line", { class: cls("nsb-ov-section"), x1, y1, x2, y2,
        "data-section": sec, "data-term": key }));
      const text = `+${pts}`;
      const spots = [[mx + 12, my - 8], [mx - 12, my + 16], [mx + 12, my + 16], [mx - 12, my - 8],
        [mx + 22, my + 4], [mx - 22, my + 4]].map(([x, y]) => ({ x, y, anchor: "middle",
        box: textBox(x, y, text.length, LABEL_SIZE, "middle", 0.74) }));
      over.append(s(doc, "g", { class: cls("nsb-ov-bonus"), "data-section": sec,
        "data-term": key }, label(doc, placer, spots, text)));
      count++;
    }
    // Tourist sites reached: a ring around the station's star.
    for (const i of (t.sites || []).filter(okS)) {
      const [cx, cy] = at(i);
      over.append(s(doc, "g", { class: cls("nsb-ov-site"), "data-station": i, "data-term": key },
        s(doc, "circle", { cx: cx - STATION_R - 2, cy: cy + STATION_R + 1, r: 9.5 }),
        s(doc, "path", { d: starPath(cx - STATION_R - 2, cy + STATION_R + 1, 6.5) })));
      count++;
    }
    if (t.part === "interchanges") {
      for (const [i, , sbahn] of t.stations.filter((x) => okS(x[0]))) {
        const [cx, cy] = at(i);
        const pts = t.points * (sbahn ? 2 : 1);
        over.append(s(doc, "g", { class: cls("nsb-ov-interchange"), "data-station": i,
          "data-term": key, "data-sbahn": sbahn ? "1" : "0" },
        s(doc, "circle", { cx, cy, r: STATION_R + 7 }),
        label(doc, placer, stationSpots(cx, cy, sbahn ? `+${t.points}×2` : `+${pts}`,
          STATION_R + 8), sbahn ? `+${t.points}×2` : `+${pts}`)));
        count++;
      }
    }
  }
  return count;
}

/**
 * The rounds the overlay can show (the scored ones and the current one, live, when Python
 * sends it) and the one to show by default: the live round once a section is drawn in it
 * (just after a round is scored, that round stays in view), else the last scored one.
 */
export function overlayRounds(scores) {
  const list = scores.overlay.rounds.filter((r) => r.round >= 1);
  const rounds = list.map((r) => r.round);
  const liveRound = list.find((r) => r.live);
  const live = liveRound ? liveRound.round : null;
  const drawn = liveRound && liveRound.lines.some((l) => l.stations.length > 1);
  const scored = list.filter((r) => !r.live).map((r) => r.round);
  const latest = drawn || !scored.length ? live : Math.max(...scored);
  return { rounds, live, latest };
}
