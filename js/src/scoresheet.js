// The score sheet, laid out like the rulebook's scoring area: a column per round (districts,
// stations, each bonus of the ruleset by its label, the round's track marks, score; halved
// when Berlin's two lines stayed separate), tracks (London's tourist sites), interchanges with
// 2/3/4 lines, objectives, totals, the solo assessment and the ranking. Boxes that have a part
// on the map carry data-term (see overlay.js); view.js turns hover/focus into a map highlight.
import { h, clear } from "./dom.js";
import { swatchStyle } from "./colour.js";
import { termKey, tierKey, bonusPart, trackKey } from "./overlay.js";

const ROUNDS = 4;
const cap = (w) => (w ? w.charAt(0).toUpperCase() + w.slice(1) : "");
/** A round box's title: "Round 2, Bear + Crown: ..." (one line a round: "Round 2: ..."). */
const boxTitle = (l, r, rs, t, what) => {
  const names = l.lines.length === 1 && rs.lines.length === 1 ? ""
    : l.lines.map((x) => (rs.lines.find((y) => y.id === x) || {}).name || cap(x)).join(" + ");
  return names ? t("score.box_line", { n: r.round, line: names, what })
    : t("score.box", { n: r.round, what });
};

/**
 * A bonus box's text, one notation for a row whatever the count: a bonus earned per section
 * (London's Thames crossings, under "Thames ×2") shows how many times ("1", "4"); a bonus
 * earned once (Berlin's connected start stations, under "+10") its points ("10"); none "–".
 */
export const bonusText = (b) => (!b || !b.points ? "–"
  : b.sections && b.sections.length ? String(b.count) : String(b.points));

export function createScoreSheet(doc) {
  return { el: h(doc, "div", { class: "nsb-score", role: "region" }) };
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

function roundsTable(doc, sheet, turn, pencils, currentPencil, rs, bonusIds, t) {
  const byRound = new Map(sheet.rounds.map((r) => [r.round, r]));
  const table = h(doc, "table", { class: "nsb-rounds" });
  const head = h(doc, "tr", {}, h(doc, "th", { scope: "col", class: "nsb-rowhead",
    text: t("score.lines") }));
  for (let n = 1; n <= ROUNDS; n++) {
    const r = byRound.get(n);
    const pencilId = r ? r.pencil : n === turn.round && !turn.game_over ? currentPencil : "";
    const pc = pencilId ? pencils.get(pencilId) : null;
    const th = h(doc, "th", { scope: "col", class: `nsb-round-col${n === turn.round
      && !turn.game_over ? " nsb-round-now" : ""}`, "data-round": n },
    pc ? h(doc, "span", { class: "nsb-swatch", style: swatchStyle(pc.color),
      "aria-hidden": "true", text: pc.code }) : null,
    t("score.round", { n }));
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
    ["districts", t("score.districts"), (l, r) => {
      let what = t.n("score.n_districts", l.district_count);
      if (l.districts.length) what += ` (${l.districts.join(", ")})`;
      if (l.district_count > l.districts.length) what = t("score.outer_count", { what });
      return { text: String(l.district_count), title: boxTitle(l, r, rs, t, what) };
    }],
    ["stations", t("score.stations"), (l, r) => {
      let what = t.n("score.n_stations_in", l.best_count, { districts: l.best_districts
        .join(" / ") || t("score.best_district") });
      if (l.station_multiplier > 1) what = t("score.doubled", { what });
      if (l.doubled_stations.length) {
        what = t("score.circled_twice", { what, stations: l.doubled_stations.join(", ") });
      }
      return { text: l.station_multiplier > 1 ? `${l.best_count}×${l.station_multiplier}`
        : String(l.station_count), title: boxTitle(l, r, rs, t, what) };
    }],
  ];
  // Every bonus of the ruleset by its label (Berlin's +10, London's Thames crossings). One box
  // a round: the bonus of the line that earned it.
  bonusIds.forEach((id, k) => {
    const full = rs.bonus_labels[id] || id;
    rows.push([bonusPart(id, k), rs.bonus_short[id] || full, (l, r) => {
      const b = l.bonuses.find((x) => x.id === id);
      const what = !b ? t("score.bonus_none", { bonus: full })
        : b.sections.length || b.count > 1 ? t("fmt.labelled", { label: full,
          text: `${b.count} × ${b.points_each} = ${b.points}`
            + `${b.sections.length ? ` (${b.sections.join(", ")})` : ""}` })
          : b.points ? t("fmt.labelled", { label: full, text: `+${b.points}` })
            : t("score.bonus_none", { bonus: full });
      return { text: bonusText(b), title: t("score.box", { n: r.round, what }) };
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
      if (r.live) {
        for (const hv of halves) hv.title = hv.title && t("score.title_so_far", { title: hv.title });
      }
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
        term: termKey(n, 0, "sites"), title: t("score.box", { n, what: t("fmt.labelled", { label: track.label,
          text: `${r.tourist_sites.length}${r.tourist_sites.length
            ? ` (${r.tourist_sites.join(", ")})` : ""}` }) }) }]);
      td.dataset.round = String(n);
      tr.append(td);
    }
    body.append(tr);
  }
  const scoreRow = h(doc, "tr", { "data-row": "score", class: "nsb-score-row" },
    h(doc, "th", { scope: "row", class: "nsb-rowhead", text: t("score.score") }));
  for (let n = 1; n <= ROUNDS; n++) {
    const r = byRound.get(n);
    if (!r) {
      const now = n === turn.round && !turn.game_over;
      scoreRow.append(h(doc, "td", { class: `nsb-empty-box${now ? " nsb-round-now" : ""}`,
        "data-round": n, text: now ? t("score.in_play") : "" }));
      continue;
    }
    const parts = r.lines.map((l) => `${l.district_count}×${l.station_count}`
      + l.bonuses.filter((b) => b.points).map((b) => `+${b.points}`).join("")).join(" + ");
    scoreRow.append(box(doc, `nsb-box-score${r.live ? " nsb-live" : ""}`, [{
      text: r.live ? t("score.n_so_far", { n: r.score }) : String(r.score),
      term: r.lines.length ? termKey(n, 0, "score") : null,
      title: r.live ? t("score.live_title", { n, sum: `${parts} = ${r.score}` })
        : t("score.box", { n, what: `${parts || t("score.nothing_drawn")} = ${r.score}` }) }]));
    scoreRow.lastChild.dataset.round = String(n);
  }
  body.append(scoreRow);
  table.append(body);
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span",
    { text: t("score.lines_total") }),
  h(doc, "strong", { "data-total": "lines", text: String(sheet.lines_total) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-lines" }, table, foot);
}

/** A track (London's tourist sites): its printed values, the ones reached crossed off. */
function trackBlock(doc, track, info, t) {
  const values = track.values.length ? track.values : (info ? info.values : []);
  const list = h(doc, "ol", { class: "nsb-track-values", "aria-label": t("score.track_aria",
    { track: track.label, n: track.count, total: Math.max(0, values.length - 1),
      points: t.n("fmt.points", track.points) }) });
  values.slice(1).forEach((v, i) => {
    const done = i < track.count;
    list.append(h(doc, "li", { class: `nsb-track-value${done ? " nsb-done" : ""}${i + 1
      === track.count ? " nsb-track-last" : ""}`, "data-step": i + 1, text: String(v) }));
  });
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span", { text: track.label }),
    h(doc, "strong", { "data-total": `track-${track.id}`, text: String(track.points) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-track", "data-track": track.id,
    "data-term": trackKey(track.id), tabindex: "0",
    title: t("score.track_title", { track: track.label, n: track.count,
      points: t.n("fmt.points", track.points) }) },
  h(doc, "h4", { text: track.label }), list, foot);
}

function interchangeTable(doc, sheet, t) {
  const table = h(doc, "table", { class: "nsb-interchanges" },
    h(doc, "thead", {}, h(doc, "tr", {},
      h(doc, "th", { scope: "col", text: t("score.interchanges") }),
      h(doc, "th", { scope: "col", text: t("score.stations") }),
      h(doc, "th", { scope: "col", text: "×" }),
      h(doc, "th", { scope: "col", text: t("score.points") }))));
  const body = h(doc, "tbody");
  const tiers = new Map(sheet.interchanges.map((x) => [x.colours, x]));
  for (const n of [2, 3, 4]) {
    const tier = tiers.get(n) || { colours: n, stations: [], sbahn: [], count: 0,
      points_each: { 2: 2, 3: 5, 4: 9 }[n], points: 0 };
    let what = t.n("score.n_stations", tier.stations.length);
    if (tier.stations.length) what += ` (${tier.stations.join(", ")})`;
    if (tier.sbahn.length) what = t("score.sbahn_twice", { what, stations: tier.sbahn.join(", ") });
    const title = t("score.tier_title", { lines: t.n("score.n_lines", n), what,
      sum: `${tier.count} × ${tier.points_each} = ${tier.points}` });
    body.append(h(doc, "tr", { "data-tier": n, "data-term": tierKey(n), tabindex: "0",
      title, "aria-label": title },
    h(doc, "th", { scope: "row", text: t.n("score.n_lines", n) }),
    h(doc, "td", { class: "nsb-tier-count" }, String(tier.count),
      // how many of them are S-Bahn stations, counted twice ("S" is the German word, which
      // French does not use: its words come from the strings)
      tier.sbahn.length ? h(doc, "small", { text: ` ${t("score.sbahn_count", { n: tier.sbahn.length })}` })
        : null),
    h(doc, "td", { class: "nsb-tier-each", text: String(tier.points_each) }),
    h(doc, "td", { class: "nsb-tier-points", text: String(tier.points) })));
  }
  table.append(body);
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span",
    { text: t("score.interchanges") }),
    h(doc, "strong", { "data-total": "interchanges", text: String(sheet.interchanges_total) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-interchanges" }, table, foot);
}

function objectivesTable(doc, sheet, t) {
  const list = h(doc, "ul", { class: "nsb-objective-results" });
  for (const o of sheet.objectives) {
    list.append(h(doc, "li", { class: o.met ? "nsb-met" : "", "data-objective": o.objective },
      h(doc, "span", { class: "nsb-objective-text", text: o.text }),
      h(doc, "span", { class: "nsb-objective-progress", text: `${o.progress}/${o.target}` }),
      h(doc, "span", { class: "nsb-objective-points", text: o.met ? "✓ +10" : "–",
        "aria-label": o.met ? t("score.objective_met") : t("score.objective_not_met") })));
  }
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span",
    { text: t("score.objectives") }),
  h(doc, "strong", { "data-total": "objectives", text: String(sheet.objectives_total) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-objectives" },
    h(doc, "h4", { text: t("score.objectives") }), list, foot);
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

export function updateScoreSheet(sc, scores, turn, pencils, currentPencil, rs, t) {
  const doc = sc.el.ownerDocument;
  const sheet = scores.sheet;
  clear(sc.el);
  const grid = h(doc, "div", { class: "nsb-score-grid" }, roundsTable(doc, sheet, turn, pencils,
    currentPencil, rs, scores.bonusOrder || [], t));
  // Tracks: the ruleset's (empty ones too, from the start), with what the sheet counted.
  const tracks = rs.tracks.map((x) => sheet.tracks.find((y) => y.id === x.id)
    || { id: x.id, label: x.label, count: 0, values: x.values, points: x.values[0] || 0 });
  for (const x of sheet.tracks) if (!tracks.some((y) => y.id === x.id)) tracks.push(x);
  for (const x of tracks) grid.append(trackBlock(doc, x, rs.tracks.find((y) => y.id === x.id), t));
  grid.append(interchangeTable(doc, sheet, t));
  if (sheet.objectives.length) grid.append(objectivesTable(doc, sheet, t));
  sc.el.append(grid);

  const sum = [[t("score.lines"), sheet.lines_total, "lines"]];
  for (const x of tracks) sum.push([x.label, x.points, `track-${x.id}`]);
  sum.push([t("score.interchanges"), sheet.interchanges_total, "interchanges"]);
  if (sheet.objectives.length) {
    sum.push([t("score.objectives"), sheet.objectives_total, "objectives"]);
  }
  const final = h(doc, "div", { class: "nsb-final" });
  sum.forEach(([label, v, part], i) => {
    if (i) final.append(h(doc, "span", { class: "nsb-op", text: "+" }));
    final.append(h(doc, "span", { class: "nsb-term", "data-final": part },
      h(doc, "small", { text: label }), h(doc, "span", { text: String(v) })));
  });
  final.append(h(doc, "span", { class: "nsb-op", text: "=" }),
    h(doc, "span", { class: "nsb-term nsb-total" },
      h(doc, "small", { text: sheet.final ? t("score.final_result") : t("score.so_far_total") }),
      h(doc, "strong", { "data-total": "total", text: String(sheet.total) })));
  sc.el.append(final);

  if (sheet.final && sheet.assessment) {
    const a = sheet.assessment;
    sc.el.append(h(doc, "div", { class: "nsb-assessment", role: "note" },
      h(doc, "h4", { text: rs.assessment_title }),
      h(doc, "p", { class: "nsb-assessment-score", text: a.handicap
        ? t("score.assessment_handicap", { total: sheet.total, handicap: a.handicap,
          rated: t.n("fmt.points", a.rated_score), band: a.band })
        : t("score.assessment", { rated: t.n("fmt.points", a.rated_score), band: a.band }) }),
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
        h(doc, "span", { text: p.bot ? t("panel.player_bot", { name: p.name }) : p.name }),
        h(doc, "strong", { text: t.n("fmt.points", p.total) })));
      }
    });
    sc.el.append(h(doc, "div", { class: "nsb-ranking-box" },
      h(doc, "h4", { text: t("score.ranking") }), ol));
  }
}
