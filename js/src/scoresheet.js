// The score sheet, laid out like the rulebook's scoring area: a column per round (districts,
// stations, each bonus of the ruleset by its label, the round's track marks, score; halved
// when Berlin's two lines stayed separate), tracks (London's tourist sites), interchanges with
// 2/3/4 lines, objectives, totals, the solo assessment and the ranking. Boxes that have a part
// on the map carry data-term (see overlay.js); view.js turns hover/focus into a map highlight.
import { h, clear } from "./dom.js";
import { termKey, tierKey, bonusPart, trackKey } from "./overlay.js";
import { readRuleset } from "./normalize.js";

const ROUNDS = 4;
const cap = (w) => (w ? w.charAt(0).toUpperCase() + w.slice(1) : "");
const lineWords = (l, rs) => {
  if (l.lines.length === 1 && rs.lines.length === 1) return "line";
  return l.lines.map((x) => (rs.lines.find((y) => y.id === x) || {}).name || cap(x))
    .join(" + ") || "line";
};

/** A bonus box's text: its points ("10"), or count × points each ("3×2"), or "–". */
const bonusText = (b) => (!b || !b.points ? "–"
  : b.count > 1 ? `${b.count}×${b.points_each}` : String(b.points));

export function createScoreSheet(doc) {
  return { el: h(doc, "div", { class: "nsb-score", role: "region", "aria-label": "Score sheet" }) };
}

/** A score box; `term` makes it hoverable/focusable, `halves` splits it per line. */
function box(doc, cls, halves) {
  const td = h(doc, "td", { class: cls });
  if (halves.length > 1) td.classList.add("nsb-split");
  for (const hv of halves) {
    td.append(h(doc, "span", {
      class: "nsb-half",
      "data-term": hv.term || null,
      tabindex: hv.term ? "0" : null,
      title: hv.title || null,
      "aria-label": hv.title || null,
      text: hv.text,
    }));
  }
  return td;
}

function roundsTable(doc, sheet, turn, pencils, currentPencil, rs, bonusIds) {
  const byRound = new Map(sheet.rounds.map((r) => [r.round, r]));
  const table = h(doc, "table", { class: "nsb-rounds" });
  const head = h(doc, "tr", {}, h(doc, "th", { scope: "col", class: "nsb-rowhead",
    text: "Lines" }));
  for (let n = 1; n <= ROUNDS; n++) {
    const r = byRound.get(n);
    const pencilId = r ? r.pencil : n === turn.round && !turn.game_over ? currentPencil : "";
    const pc = pencilId ? pencils.get(pencilId) : null;
    const th = h(doc, "th", { scope: "col", class: `nsb-round-col${n === turn.round
      && !turn.game_over ? " nsb-round-now" : ""}`, "data-round": n },
    pc ? h(doc, "span", { class: "nsb-swatch", style: `background:${pc.color}`,
      "aria-hidden": "true", text: pc.code }) : null,
    `Round ${n}`);
    if (pc) th.style.borderTopColor = pc.color;
    head.append(th);
  }
  // Berlin's boxes are split per line (Bear | Crown) while the lines stay apart: name the
  // halves under each round, as the paper sheet's icons do.
  const thead = h(doc, "thead", {}, head);
  if (rs.lines.length > 1) {
    const names = rs.lines.map((l) => l.name);
    const sub = h(doc, "tr", { class: "nsb-halves-row" }, h(doc, "th", { scope: "row",
      class: "nsb-rowhead nsb-halves-head", text: "" }));
    for (let n = 1; n <= ROUNDS; n++) {
      const r = byRound.get(n);
      // One box when the round has one line on the sheet (joined, or only one drawn): name
      // what it counts.
      const single = r && r.lines.length === 1;
      const th = h(doc, "th", { scope: "col", class: "nsb-halves", "data-round": n });
      if (single) {
        th.append(h(doc, "span", { class: "nsb-half-label nsb-half-joined",
          text: r.lines[0].lines.map((id) => (rs.lines.find((l) => l.id === id) || {}).name
            || cap(id)).join(" + ") }));
      } else {
        for (const name of names) th.append(h(doc, "span", { class: "nsb-half-label", text: name }));
      }
      sub.append(th);
    }
    thead.append(sub);
  }
  table.append(thead);
  const body = h(doc, "tbody");
  const rows = [
    ["districts", "Districts", (l, r) => ({
      text: String(l.district_count),
      title: `Round ${r.round}, ${lineWords(l, rs)}: ${l.district_count} districts`
        + `${l.districts.length ? ` (${l.districts.join(", ")})` : ""}`
        + `${l.district_count > l.districts.length ? "; outer districts count 3" : ""}` })],
    ["stations", "Stations", (l, r) => ({
      text: l.station_multiplier > 1 ? `${l.best_count}×${l.station_multiplier}`
        : String(l.station_count),
      title: `Round ${r.round}, ${lineWords(l, rs)}: ${l.best_count} stations in `
        + `${l.best_districts.join(" / ") || "its best district"}`
        + `${l.station_multiplier > 1 ? ", doubled" : ""}`
        + `${l.doubled_stations.length ? ` (circled ${l.doubled_stations.join(", ")}: counts `
          + "twice)" : ""}` })],
  ];
  // Every bonus of the ruleset by its label (Berlin's +10, London's Thames crossings). One box
  // a round: the bonus of the line that earned it.
  bonusIds.forEach((id, k) => {
    const full = rs.bonus_labels[id] || id;
    rows.push([bonusPart(id, k), rs.bonus_short[id] || full, (l, r) => {
      const b = l.bonuses.find((x) => x.id === id);
      const what = !b ? `${full}: none`
        : b.sections.length || b.count > 1 ? `${full}: ${b.count} × ${b.points_each} = ${b.points}`
          + `${b.sections.length ? ` (${b.sections.join(", ")})` : ""}`
          : b.points ? `${full}: +${b.points}` : `${full}: none`;
      return { text: bonusText(b), title: `Round ${r.round}: ${what}` };
    }, full, id]);
  });
  for (const [part, label, fmt, full, bonusId] of rows) {
    const tr = h(doc, "tr", { "data-row": part }, h(doc, "th", { scope: "row",
      class: "nsb-rowhead", text: label, title: full && full !== label ? full : null }));
    for (let n = 1; n <= ROUNDS; n++) {
      const r = byRound.get(n);
      if (!r) {
        tr.append(h(doc, "td", { class: `nsb-empty-box${n === turn.round && !turn.game_over
          ? " nsb-round-now" : ""}`, "data-round": n }));
        continue;
      }
      const lines = r.lines.length ? r.lines : [];
      let halves;
      if (bonusId) { // a bonus: one box, from the line that earned it
        const li = Math.max(0, lines.findIndex((l) => l.bonuses.some((b) => b.id === bonusId
          && b.points)));
        halves = [{ ...fmt(lines[li] || { bonuses: [], lines: [] }, r),
          term: lines.length ? termKey(n, li, part) : null }];
      } else halves = lines.map((l, li) => ({ ...fmt(l, r), term: termKey(n, li, part) }));
      if (!halves.length) halves.push({ text: "0" });
      if (r.live) for (const hv of halves) hv.title = hv.title && `${hv.title} (so far)`;
      const td = box(doc, `nsb-box-${part}${r.live ? " nsb-live" : ""}`, halves);
      td.dataset.round = String(n);
      tr.append(td);
    }
    body.append(tr);
  }
  // The round's marks on each track (London: the tourist sites its line reached).
  for (const track of rs.tracks) {
    const tr = h(doc, "tr", { "data-row": `track-${track.id}` }, h(doc, "th", { scope: "row",
      class: "nsb-rowhead", text: track.label }));
    for (let n = 1; n <= ROUNDS; n++) {
      const r = byRound.get(n);
      if (!r) {
        tr.append(h(doc, "td", { class: `nsb-empty-box${n === turn.round && !turn.game_over
          ? " nsb-round-now" : ""}`, "data-round": n }));
        continue;
      }
      const td = box(doc, `nsb-box-track${r.live ? " nsb-live" : ""}`, [{
        text: String(r.tourist_sites.length),
        term: termKey(n, 0, "sites"), title: `Round ${n}: ${r.tourist_sites.length} `
          + `${track.label.toLowerCase()}${r.tourist_sites.length
            ? ` (${r.tourist_sites.join(", ")})` : ""}` }]);
      td.dataset.round = String(n);
      tr.append(td);
    }
    body.append(tr);
  }
  const scoreRow = h(doc, "tr", { "data-row": "score", class: "nsb-score-row" },
    h(doc, "th", { scope: "row", class: "nsb-rowhead", text: "Score" }));
  for (let n = 1; n <= ROUNDS; n++) {
    const r = byRound.get(n);
    if (!r) {
      const now = n === turn.round && !turn.game_over;
      scoreRow.append(h(doc, "td", { class: `nsb-empty-box${now ? " nsb-round-now" : ""}`,
        "data-round": n, text: now ? "in play" : "" }));
      continue;
    }
    const parts = r.lines.map((l) => `${l.district_count}×${l.station_count}`
      + l.bonuses.filter((b) => b.points).map((b) => `+${b.points}`).join("")).join(" + ");
    scoreRow.append(box(doc, `nsb-box-score${r.live ? " nsb-live" : ""}`, [{
      text: r.live ? `${r.score} so far` : String(r.score),
      term: r.lines.length ? termKey(n, 0, "score") : null,
      title: r.live ? `Round ${n} so far: ${parts} = ${r.score} if the round ended now`
        : `Round ${n}: ${parts || "nothing drawn"} = ${r.score}` }]));
    scoreRow.lastChild.dataset.round = String(n);
  }
  body.append(scoreRow);
  table.append(body);
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span", { text: "Lines total" }),
    h(doc, "strong", { "data-total": "lines", text: String(sheet.lines_total) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-lines" }, table, foot);
}

/** A track (London's tourist sites): its printed values, the ones reached crossed off. */
function trackBlock(doc, track, info) {
  const values = track.values.length ? track.values : (info ? info.values : []);
  const list = h(doc, "ol", { class: "nsb-track-values", "aria-label": `${track.label}: `
    + `${track.count} of ${Math.max(0, values.length - 1)} → ${track.points} points` });
  values.slice(1).forEach((v, i) => {
    const done = i < track.count;
    list.append(h(doc, "li", { class: `nsb-track-value${done ? " nsb-done" : ""}${i + 1
      === track.count ? " nsb-track-last" : ""}`, "data-step": i + 1, text: String(v) }));
  });
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span", { text: track.label }),
    h(doc, "strong", { "data-total": `track-${track.id}`, text: String(track.points) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-track", "data-track": track.id,
    "data-term": trackKey(track.id), tabindex: "0",
    title: `${track.label}: ${track.count} reached → ${track.points} points` },
  h(doc, "h4", { text: track.label }), list, foot);
}

function interchangeTable(doc, sheet) {
  const table = h(doc, "table", { class: "nsb-interchanges" },
    h(doc, "thead", {}, h(doc, "tr", {},
      h(doc, "th", { scope: "col", text: "Interchanges" }),
      h(doc, "th", { scope: "col", text: "Stations" }),
      h(doc, "th", { scope: "col", text: "×" }),
      h(doc, "th", { scope: "col", text: "Points" }))));
  const body = h(doc, "tbody");
  const tiers = new Map(sheet.interchanges.map((t) => [t.colours, t]));
  for (const n of [2, 3, 4]) {
    const t = tiers.get(n) || { colours: n, stations: [], sbahn: [], count: 0,
      points_each: { 2: 2, 3: 5, 4: 9 }[n], points: 0 };
    const title = `${n} lines: ${t.stations.length} stations${t.stations.length
      ? ` (${t.stations.join(", ")})` : ""}${t.sbahn.length ? `; S-Bahn counts twice: `
      + `${t.sbahn.join(", ")}` : ""} → ${t.count} × ${t.points_each} = ${t.points}`;
    body.append(h(doc, "tr", { "data-tier": n, "data-term": tierKey(n), tabindex: "0",
      title, "aria-label": title },
    h(doc, "th", { scope: "row", text: `${n} lines` }),
    h(doc, "td", { class: "nsb-tier-count" }, String(t.count),
      t.sbahn.length ? h(doc, "small", { text: ` (${t.sbahn.length} S×2)` }) : null),
    h(doc, "td", { class: "nsb-tier-each", text: String(t.points_each) }),
    h(doc, "td", { class: "nsb-tier-points", text: String(t.points) })));
  }
  table.append(body);
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span", { text: "Interchanges" }),
    h(doc, "strong", { "data-total": "interchanges", text: String(sheet.interchanges_total) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-interchanges" }, table, foot);
}

function objectivesTable(doc, sheet) {
  const list = h(doc, "ul", { class: "nsb-objective-results" });
  for (const o of sheet.objectives) {
    list.append(h(doc, "li", { class: o.met ? "nsb-met" : "", "data-objective": o.objective },
      h(doc, "span", { class: "nsb-objective-text", text: o.text }),
      h(doc, "span", { class: "nsb-objective-progress", text: `${o.progress}/${o.target}` }),
      h(doc, "span", { class: "nsb-objective-points", text: o.met ? "✓ +10" : "–",
        "aria-label": o.met ? "met: 10 points" : "not met" })));
  }
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span", { text: "Objectives" }),
    h(doc, "strong", { "data-total": "objectives", text: String(sheet.objectives_total) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-objectives" },
    h(doc, "h4", { text: "Objectives" }), list, foot);
}

function ranking(turn) {
  if (turn.ranking && turn.ranking.length) return turn.ranking;
  // Without Python's ranking: by total (ties share a place; the tie-break is Python's job).
  const order = turn.players.map((p, i) => i).sort((a, b) => turn.players[b].total
    - turn.players[a].total || a - b);
  const groups = [];
  for (const i of order) {
    const g = groups[groups.length - 1];
    if (g && turn.players[g[0]].total === turn.players[i].total) g.push(i);
    else groups.push([i]);
  }
  return groups;
}

export function updateScoreSheet(sc, scores, turn, pencils, currentPencil = "",
  rs = readRuleset(null)) {
  const doc = sc.el.ownerDocument;
  const sheet = scores.sheet;
  clear(sc.el);
  const grid = h(doc, "div", { class: "nsb-score-grid" }, roundsTable(doc, sheet, turn, pencils,
    currentPencil, rs, scores.bonusOrder || []));
  // Tracks: the ruleset's (empty ones too, from the start), with what the sheet counted.
  const tracks = rs.tracks.map((t) => sheet.tracks.find((x) => x.id === t.id)
    || { id: t.id, label: t.label, count: 0, values: t.values, points: t.values[0] || 0 });
  for (const t of sheet.tracks) if (!tracks.some((x) => x.id === t.id)) tracks.push(t);
  for (const t of tracks) grid.append(trackBlock(doc, t, rs.tracks.find((x) => x.id === t.id)));
  grid.append(interchangeTable(doc, sheet));
  if (sheet.objectives.length) grid.append(objectivesTable(doc, sheet));
  sc.el.append(grid);

  const sum = [["Lines", sheet.lines_total, "lines"]];
  for (const t of tracks) sum.push([t.label, t.points, `track-${t.id}`]);
  sum.push(["Interchanges", sheet.interchanges_total, "interchanges"]);
  if (sheet.objectives.length) sum.push(["Objectives", sheet.objectives_total, "objectives"]);
  const final = h(doc, "div", { class: "nsb-final" });
  sum.forEach(([label, v, part], i) => {
    if (i) final.append(h(doc, "span", { class: "nsb-op", text: "+" }));
    final.append(h(doc, "span", { class: "nsb-term", "data-final": part },
      h(doc, "small", { text: label }), h(doc, "span", { text: String(v) })));
  });
  final.append(h(doc, "span", { class: "nsb-op", text: "=" }),
    h(doc, "span", { class: "nsb-term nsb-total" },
      h(doc, "small", { text: sheet.final ? "Final result" : "So far" }),
      h(doc, "strong", { "data-total": "total", text: String(sheet.total) })));
  sc.el.append(final);

  if (sheet.final && sheet.assessment) {
    const a = sheet.assessment;
    sc.el.append(h(doc, "div", { class: "nsb-assessment", role: "note" },
      h(doc, "h4", { text: rs.assessment_title }),
      h(doc, "p", { class: "nsb-assessment-score", text: a.handicap
        ? `${sheet.total} − ${a.handicap} (advanced-game handicap) = ${a.rated_score} points: `
          + `${a.band}` : `${a.rated_score} points: ${a.band}` }),
      h(doc, "blockquote", { text: a.text })));
  }
  if (turn.game_over && turn.players.length > 1) {
    const ol = h(doc, "ol", { class: "nsb-ranking" });
    ranking(turn).forEach((group, place) => {
      for (const i of group) {
        const p = turn.players[i];
        if (!p) continue;
        ol.append(h(doc, "li", { "data-player": i, "data-place": place + 1,
          class: place === 0 ? "nsb-winner" : "" },
        h(doc, "span", { class: "nsb-place", text: `${place + 1}.` }),
        h(doc, "span", { text: p.name }),
        h(doc, "strong", { text: `${p.total} points` })));
      }
    });
    sc.el.append(h(doc, "div", { class: "nsb-ranking-box" },
      h(doc, "h4", { text: "Ranking" }), ol));
  }
}
