// The score sheet, laid out like the rulebook's scoring area: a column per round (districts,
// stations, +10, score; halved when the two lines stayed separate), interchanges with 2/3/4
// lines, objectives, totals, the solo assessment and the ranking. Boxes that have a part on
// the map carry data-term (see overlay.js); index.js turns hover/focus into a map highlight.
import { h, clear } from "./dom.js";
import { termKey, tierKey } from "./overlay.js";

const ROUNDS = 4;
const LINE_WORD = { bear: "Bear", crown: "Crown" };
const lineName = (l) => l.lines.map((x) => LINE_WORD[x] || x).join(" + ") || "line";

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

function roundsTable(doc, sheet, turn, pencils, currentPencil) {
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
  table.append(h(doc, "thead", {}, head));
  const body = h(doc, "tbody");
  const rows = [
    ["districts", "Districts", (l, r) => ({
      text: String(l.district_count),
      title: `Round ${r.round}, ${lineName(l)}: ${l.district_count} districts`
        + `${l.districts.length ? ` (${l.districts.join(", ")})` : ""}`
        + `${l.district_count > l.districts.length ? "; outer districts count 3" : ""}` })],
    ["stations", "Stations", (l, r) => ({
      text: l.station_multiplier > 1 ? `${l.best_count}×${l.station_multiplier}`
        : String(l.station_count),
      title: `Round ${r.round}, ${lineName(l)}: ${l.best_count} stations in `
        + `${l.best_districts.join(" / ") || "its best district"}`
        + `${l.station_multiplier > 1 ? ", doubled" : ""}` })],
    ["bonus", "+10", (l, r) => ({
      text: l.connected_bonus ? String(l.connected_bonus) : "–",
      title: `Round ${r.round}: ${l.connected_bonus ? "both start stations connected: +10"
        : "start stations not connected"}` })],
  ];
  for (const [part, label, fmt] of rows) {
    const tr = h(doc, "tr", { "data-row": part }, h(doc, "th", { scope: "row",
      class: "nsb-rowhead", text: label }));
    for (let n = 1; n <= ROUNDS; n++) {
      const r = byRound.get(n);
      if (!r) {
        tr.append(h(doc, "td", { class: `nsb-empty-box${n === turn.round && !turn.game_over
          ? " nsb-round-now" : ""}`, "data-round": n }));
        continue;
      }
      const lines = r.lines.length ? r.lines : [];
      const halves = part === "bonus"
        ? [{ ...fmt(lines.find((l) => l.connected_bonus) || lines[0] || { connected_bonus: 0,
          lines: [] }, r), term: lines.length ? termKey(n, Math.max(0,
          lines.findIndex((l) => l.connected_bonus)), "bonus") : null }]
        : lines.map((l, li) => ({ ...fmt(l, r), term: termKey(n, li, part) }));
      if (!halves.length) halves.push({ text: "0" });
      const td = box(doc, `nsb-box-${part}`, halves);
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
      + `${l.connected_bonus ? `+${l.connected_bonus}` : ""}`).join(" + ");
    scoreRow.append(box(doc, "nsb-box-score", [{ text: String(r.score),
      term: r.lines.length ? termKey(n, 0, "score") : null,
      title: `Round ${n}: ${parts || "nothing drawn"} = ${r.score}` }]));
    scoreRow.lastChild.dataset.round = String(n);
  }
  body.append(scoreRow);
  table.append(body);
  const foot = h(doc, "div", { class: "nsb-subtotal" }, h(doc, "span", { text: "Lines total" }),
    h(doc, "strong", { "data-total": "lines", text: String(sheet.lines_total) }));
  return h(doc, "div", { class: "nsb-score-block nsb-score-lines" }, table, foot);
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

export function updateScoreSheet(sc, scores, turn, pencils, currentPencil = "") {
  const doc = sc.el.ownerDocument;
  const sheet = scores.sheet;
  clear(sc.el);
  const grid = h(doc, "div", { class: "nsb-score-grid" }, roundsTable(doc, sheet, turn, pencils, currentPencil),
    interchangeTable(doc, sheet));
  if (sheet.objectives.length) grid.append(objectivesTable(doc, sheet));
  sc.el.append(grid);

  const sum = [["Lines", sheet.lines_total], ["Interchanges", sheet.interchanges_total]];
  if (sheet.objectives.length) sum.push(["Objectives", sheet.objectives_total]);
  const final = h(doc, "div", { class: "nsb-final" });
  sum.forEach(([label, v], i) => {
    if (i) final.append(h(doc, "span", { class: "nsb-op", text: "+" }));
    final.append(h(doc, "span", { class: "nsb-term" }, h(doc, "small", { text: label }),
      h(doc, "span", { text: String(v) })));
  });
  final.append(h(doc, "span", { class: "nsb-op", text: "=" }),
    h(doc, "span", { class: "nsb-term nsb-total" },
      h(doc, "small", { text: sheet.final ? "Final result" : "So far" }),
      h(doc, "strong", { "data-total": "total", text: String(sheet.total) })));
  sc.el.append(final);

  if (sheet.final && sheet.assessment) {
    const a = sheet.assessment;
    sc.el.append(h(doc, "div", { class: "nsb-assessment", role: "note" },
      h(doc, "h4", { text: "The City administration's assessment" }),
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
