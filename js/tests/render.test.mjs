// Rendering from real fixtures: map, sheet, panel and score sheet show what the traits say.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { setup, fixture } from "./helpers.mjs";

test("the static map: every station, district and dashed section", async () => {
  const t = await setup("start");
  const map = fixture("start").map_data;
  assert.equal(t.qa(".nsb-layer-stations .nsb-station").length, map.stations.length);
  assert.equal(t.qa(".nsb-hit").length, map.stations.length);
  assert.equal(t.qa(".nsb-district").length, map.districts.length);
  assert.equal(t.qa(".nsb-district-border").length, map.districts.length);
  // every district's name, in one line or two (split where Python said: label_wrap)
  const named = new Map();
  for (const el of t.qa(".nsb-district-name")) {
    named.set(el.dataset.district, (named.get(el.dataset.district) || "") + el.textContent);
  }
  assert.deepEqual([...named.values()], map.districts.map((d) => d.name.replace(/ /g, "")));
  assert.equal(t.qa(".nsb-district-name").length,
    map.districts.length + map.districts.filter((d) => d.label_wrap).length);
  const dashes = t.q(".nsb-potential");
  assert.equal(Number(dashes.dataset.count), map.sections.length);
  assert.equal((dashes.getAttribute("d").match(/M/g) || []).length, map.sections.length);
  assert.ok(t.q(".nsb-river"), "the Spree is drawn");
  // symbols by shape
  for (const sym of ["square", "triangle", "pentagon", "circle"]) {
    assert.equal(t.qa(`.nsb-station[data-symbol="${sym}"]`).length,
      map.stations.filter((s) => s.symbol === sym).length, sym);
  }
  // viewBox-based and labelled
  const svg = t.svg();
  assert.match(svg.getAttribute("viewBox"), /^0 0 \d+ \d+$/);
  assert.equal(svg.getAttribute("tabindex"), "0");
  assert.ok(t.qa(".nsb-station-label").some((n) => n.textContent === map.stations[0].label));
  assert.deepEqual(t.qa(".nsb-grid-labels text").slice(0, 2).map((n) => n.textContent), ["A", "A"]);
});

test("start stations are filled in their pencil colour with a Bear or Crown mark", async () => {
  const t = await setup("start");
  const map = fixture("start").map_data;
  const starts = map.stations.map((s, i) => [i, s]).filter(([, s]) => s.start);
  assert.equal(starts.length, 8);
  assert.equal(t.qa(".nsb-station.nsb-start").length, 8);
  for (const [i, s] of starts) {
    const g = t.q(`.nsb-station[data-station="${i}"]`);
    const colour = map.pencils.find((p) => p.id === s.start.pencil).color;
    assert.equal(g.dataset.startLine, s.start.line);
    assert.match(g.querySelector(".nsb-symbol").getAttribute("style"), new RegExp(colour));
    assert.ok(g.querySelector(".nsb-start-icon"), "has a Bear/Crown icon");
    assert.match(g.querySelector("title").textContent, s.start.line === "crown" ? /Crown/ : /Bear/);
  }
  // Bear and Crown icons differ
  const bear = t.q('.nsb-station[data-start-line="bear"] .nsb-start-icon').getAttribute("d");
  const crown = t.q('.nsb-station[data-start-line="crown"] .nsb-start-icon').getAttribute("d");
  assert.ok(bear && crown);
  assert.notEqual(bear.replace(/[\d.,-]/g, ""), crown.replace(/[\d.,-]/g, ""), "different shapes");
});

test("drawn sections: pencil colour, Bear solid / Crown striped, badges, parallel offset", async () => {
  const f = fixture("modules");
  const t = await setup("modules");
  const rows = f.sheet.sections;
  assert.equal(t.qa(".nsb-section").length, rows.length);
  assert.equal(t.q(".nsb-layer-sheet").dataset.count, String(rows.length));
  const crowns = rows.filter((r) => r[4] === 1).length;
  assert.equal(t.qa(".nsb-section-crown").length, crowns);
  assert.equal(t.qa(".nsb-track-stripe").length, crowns, "one centre stripe per Crown section");
  assert.equal(t.qa(".nsb-section-bear .nsb-track-stripe").length, 0);
  // a badge with the pencil initial on every section (colour is not the only cue)
  const codes = t.qa(".nsb-badge text").map((n) => n.textContent);
  assert.equal(codes.length, rows.length);
  const names = f.map_data.pencils.map((p) => p.name);
  assert.ok(codes.every((c) => names.some((n) => n.startsWith(c))), codes.join());
  assert.ok(codes.includes("Bl") && codes.includes("Br"), "Blue and Brown get distinct codes");
  // the parallel track is drawn beside the first one, not on top of it
  const par = rows.find((r) => r[6] & 2);
  const both = t.qa(`.nsb-section[data-section="${par[0]}"]`);
  assert.equal(both.length, 2);
  const line = (g) => g.querySelector(".nsb-track");
  const [a, b] = both.map(line);
  assert.ok(both[1].classList.contains("nsb-parallel"));
  const dx = Number(a.getAttribute("x1")) - Number(b.getAttribute("x1"));
  const dy = Number(a.getAttribute("y1")) - Number(b.getAttribute("y1"));
  assert.ok(Math.hypot(dx, dy) >= 8, `offset ${Math.hypot(dx, dy)}`);
  const colour = f.map_data.pencils[par[3]].color;
  assert.match(line(both.find((g) => g.dataset.round === String(par[5]))).getAttribute("style"),
    new RegExp(colour));
});

test("S-Bahn circles, interchanges and this round's start stations", async () => {
  const f = fixture("solo_end");
  const t = await setup("solo_end");
  assert.deepEqual(t.qa(".nsb-sbahn").map((n) => Number(n.dataset.station)), f.sheet.sbahn);
  const ic = t.qa(".nsb-interchange");
  assert.equal(ic.length, f.sheet.interchanges.length);
  assert.deepEqual(ic.map((g) => [Number(g.dataset.station), Number(g.dataset.colours)]),
    f.sheet.interchanges);
  assert.equal(ic[0].querySelector("text").textContent, String(f.sheet.interchanges[0][1]));
  const d = fixture("draw");
  const t2 = await setup("draw");
  assert.deepEqual(t2.qa(".nsb-current-start").map((n) => Number(n.dataset.station)).sort(),
    [d.sheet.lines.bear.start, d.sheet.lines.crown.start].sort());
});

test("highlights: line ends from hints.origins, one-click targets, targets needing a choice", async () => {
  const f = fixture("draw");
  const t = await setup("draw");
  const origins = t.qa(".nsb-hl-origin").map((n) => Number(n.dataset.station)).sort();
  assert.deepEqual(origins, [...f.hints.origins].sort());
  const byTarget = new Map();
  for (const [, o, tt] of f.hints.moves) byTarget.set(tt, new Set([...(byTarget.get(tt) || []), o]));
  const one = [...byTarget].filter(([, o]) => o.size === 1).map(([tt]) => tt).sort();
  const many = [...byTarget].filter(([, o]) => o.size > 1).map(([tt]) => tt).sort();
  assert.ok(many.length >= 1, "fixture has a target reachable from two line ends");
  assert.deepEqual(t.qa(".nsb-hl-target").map((n) => Number(n.dataset.station)).sort(), one);
  assert.deepEqual(t.qa(".nsb-hl-faint").map((n) => Number(n.dataset.station)).sort(), many);
  // start of game: nothing to highlight
  const s = await setup("start");
  assert.equal(s.qa(".nsb-hl-origin, .nsb-hl-target, .nsb-hl-faint").length, 0);
});

test("panel: round, pencil, cards of the round, counters and stack", async () => {
  const f = fixture("draw");
  const t = await setup("draw");
  assert.equal(t.q(".nsb-round").textContent, `Round ${f.turn.round} of 4`);
  const pencil = f.map_data.pencils.find((p) => p.id === f.sheet.pencil);
  assert.match(t.q(".nsb-pencil").textContent, new RegExp(`${pencil.name} pencil`));
  const turns = t.qa(".nsb-strip .nsb-turn");
  assert.equal(turns.length, f.turn.round_turns.length);
  assert.deepEqual(turns.map((g) => [...g.querySelectorAll(".nsb-card")].map((c) => c.dataset.card)),
    f.turn.round_turns);
  assert.ok(turns.at(-1).classList.contains("nsb-turn-current"));
  assert.match(t.q('.nsb-counter[data-line="bear"]').textContent, new RegExp(`${f.turn.revealed.bear}/5`));
  assert.equal(t.qa('.nsb-counter[data-line="crown"] .nsb-pip-on').length, f.turn.revealed.crown);
  assert.match(t.q(".nsb-round-end").textContent, /5th Bear or Crown card/);
  assert.match(t.q(".nsb-stack").textContent,
    new RegExp(`${f.turn.remaining.bear} Bear · ${f.turn.remaining.crown} Crown`));
});

test("panel: a Double Switch turn shows both cards; Glimpse shows the next card", async () => {
  const t = await setup("double_switch");
  const cur = t.q(".nsb-turn-current");
  const cards = [...cur.querySelectorAll(".nsb-card")];
  assert.equal(cards.length, 2);
  assert.equal(cards[0].getAttribute("aria-label"), "Double Switch");
  assert.ok(cards[0].classList.contains("nsb-card-switch"));
  assert.match(t.q(".nsb-todo").textContent, /Bear \+ Crown.*branch/);
  // the turn's cards also sit above the map, next to the messages
  assert.deepEqual([...t.q(".nsb-now").querySelectorAll(".nsb-card")].map((c) => c.dataset.card),
    fixture("double_switch").turn.cards);
  assert.ok(!t.q(".nsb-now").hidden);
  const start = await setup("start");
  assert.ok(start.q(".nsb-now").hidden, "no card before the first reveal");
  const g = await setup("glimpse");
  const next = g.q(".nsb-turn-next");
  assert.ok(next, "preview shown");
  assert.equal(next.querySelector(".nsb-next-tag").textContent, "next");
  assert.equal(next.querySelector(".nsb-card").dataset.card, fixture("glimpse").turn.preview);
  const j = await setup("joker");
  assert.ok(j.q(".nsb-turn-current .nsb-card-joker"), "joker card drawn as a star");
  assert.equal(j.q(".nsb-turn-current .nsb-card").getAttribute("aria-label"), "Bear Joker + S-Bahn");
});

test("panel: round effects and objectives", async () => {
  const f = fixture("modules");
  const t = await setup("modules");
  const effects = f.game_info.effects;
  const current = effects.find((e) => e.round === f.turn.round);
  assert.equal(t.qa(".nsb-effect").length, 4);
  assert.equal(t.q(".nsb-effect-current").dataset.effect, current.id);
  assert.equal(t.qa(".nsb-effect-used").length, effects.filter((e) => e.round < f.turn.round).length);
  assert.match(t.q(".nsb-effect-now").textContent, new RegExp(current.title));
  assert.deepEqual(t.qa(".nsb-objectives li").map((n) => n.textContent),
    f.game_info.objectives.map((o) => o.text));
  const s = await setup("draw");
  assert.equal(s.qa(".nsb-effect, .nsb-objectives").length, 0, "no modules: nothing shown");
});

test("the notice shows Python's text, errors marked and announced", async () => {
  const f = fixture("draw");
  const t = await setup("draw");
  const n = t.q(".nsb-notice");
  assert.equal(n.textContent, f.notice.text);
  assert.equal(n.dataset.level, "error");
  assert.equal(n.getAttribute("role"), "alert");
  assert.equal(n.getAttribute("aria-live"), "polite");
  // the error points at its station on the map
  assert.equal(Number(t.q(".nsb-hl-error").dataset.station), f.notice.station);
  t.model.pySet("notice", { id: 8, level: "info", text: "Bear C4-D5 drawn", reason: null,
    station: null });
  assert.equal(n.textContent, "Bear C4-D5 drawn");
  assert.equal(n.dataset.level, "info");
  assert.equal(n.getAttribute("role"), "status");
  assert.equal(t.qa(".nsb-hl-error").length, 0);
  t.model.pySet("notice", { id: 9, level: "info", text: "", reason: null, station: null });
  assert.ok(n.classList.contains("nsb-notice-empty"));
  assert.ok(!t.q(".nsb-help").hidden, "help text instead of an empty notice");
});

test("announcement and the two-player panel", async () => {
  const f = fixture("two_players");
  const t = await setup("two_players");
  const sel = t.q('select[aria-label="Shown player"]');
  assert.ok(sel);
  assert.deepEqual([...sel.options].map((o) => o.textContent), ["Ada", "Bo"]);
  assert.equal(sel.value, String(f.sheet.player));
  const states = t.qa(".nsb-player .nsb-player-state").map((n) => n.textContent);
  assert.deepEqual(states, ["drawing…", "done"]);
  assert.ok(t.q(".nsb-announcement").hidden);
  const turn = structuredClone(f.turn);
  turn.announcement = "Last card of round 2";
  t.model.pySet("turn", turn);
  assert.equal(t.q(".nsb-announcement").textContent, "Last card of round 2");
  assert.ok(!t.q(".nsb-announcement").hidden);
  const solo = await setup("draw");
  assert.equal(solo.q('select[aria-label="Shown player"]'), null, "no selector in a solo game");
});

test("score sheet numbers match the fixture (rounds, halves, interchanges, totals)", async () => {
  const f = fixture("solo_end");
  const t = await setup("solo_end");
  const sheet = f.scores;
  for (const r of sheet.rounds) {
    const cell = (part) => t.q(`tr[data-row="${part}"] td[data-round="${r.round}"]`);
    const halves = (part) => [...cell(part).querySelectorAll(".nsb-half")].map((n) => n.textContent);
    assert.deepEqual(halves("districts"), r.lines.map((l) => String(l.district_count)));
    assert.deepEqual(halves("stations"), r.lines.map((l) => String(l.station_count)));
    assert.equal(cell("districts").classList.contains("nsb-split"), r.lines.length === 2);
    assert.equal(cell("score").textContent, String(r.score));
  }
  assert.equal(t.q('[data-total="lines"]').textContent, String(sheet.lines_total));
  assert.equal(t.q('[data-total="interchanges"]').textContent, String(sheet.interchanges_total));
  assert.equal(t.q('[data-total="total"]').textContent, String(sheet.total));
  for (const tier of sheet.interchanges) {
    const row = t.q(`tr[data-tier="${tier.colours}"]`);
    assert.match(row.querySelector(".nsb-tier-count").textContent, new RegExp(`^${tier.count}`));
    assert.equal(row.querySelector(".nsb-tier-each").textContent, String(tier.points_each));
    assert.equal(row.querySelector(".nsb-tier-points").textContent, String(tier.points));
    if (tier.sbahn.length) assert.match(row.textContent, new RegExp(`${tier.sbahn.length} S×2`));
  }
  assert.match(t.q(".nsb-final").textContent, /Final result/);
  // the solo assessment
  const a = t.q(".nsb-assessment");
  assert.ok(a);
  assert.match(a.textContent, new RegExp(sheet.assessment.band));
  assert.ok(a.textContent.includes(sheet.assessment.text));
});

test("score sheet with objectives and the handicap; ranking at the end of a 2-player game", async () => {
  const f = fixture("modules_end");
  const t = await setup("modules_end");
  const sheet = f.scores;
  const items = t.qa(".nsb-objective-results li");
  assert.equal(items.length, sheet.objectives.length);
  sheet.objectives.forEach((o, i) => {
    assert.equal(items[i].querySelector(".nsb-objective-progress").textContent,
      `${o.progress}/${o.target}`);
    assert.equal(items[i].classList.contains("nsb-met"), o.met);
  });
  assert.equal(t.q('[data-total="objectives"]').textContent, String(sheet.objectives_total));
  assert.match(t.q(".nsb-assessment-score").textContent,
    new RegExp(`${sheet.total} − ${sheet.assessment.handicap}.*= ${sheet.assessment.rated_score}`));
  const m = fixture("two_players_end");
  const t2 = await setup("two_players_end");
  const rows = t2.qa(".nsb-ranking li");
  assert.equal(rows.length, 2);
  const totals = m.turn.players.map((p) => p.total);
  const best = Math.max(...totals);
  assert.match(rows[0].textContent, new RegExp(`${best} points`));
  assert.equal(t2.q(".nsb-assessment"), null, "no assessment in a 2-player game");
  // A bot is named as one in the ranking, as in the sheet selector (it was a bare name).
  const withBot = structuredClone(m);
  withBot.game_info.players[1].bot = true;
  const t3 = await setup("two_players_end", { state: withBot });
  const named = t3.qa(".nsb-ranking li").map((li) => li.children[1].textContent);
  const second = withBot.game_info.players[1].name;
  assert.ok(named.includes(`${second} (bot)`), named.join(" | "));
  assert.ok(!named.includes(`${withBot.game_info.players[0].name} (bot)`));
  t3.cleanup();
  // the current round shows its score so far (Python's provisional score), later rounds are
  // empty
  const d = await setup("draw");
  const current = fixture("draw").scores.current;
  assert.equal(current.round, 3);
  assert.equal(d.q('tr[data-row="score"] td[data-round="3"]').textContent,
    `${current.score} so far`);
  assert.ok(d.q('tr[data-row="score"] td[data-round="3"]').classList.contains("nsb-live"));
  assert.equal(d.q('tr[data-row="score"] td[data-round="4"]').textContent, "");
});

test("labels come after the drawn lines and the marks, with a halo in the paper colour", async () => {
  for (const name of ["solo_end", "london_end"]) {
    const t = await setup(name);
    const svg = t.q("svg.nsb-map");
    const order = [...svg.querySelectorAll(".nsb-layer")].map((g) => g.classList[1]);
    assert.ok(order.indexOf("nsb-layer-labels") > order.indexOf("nsb-layer-sheet"), order);
    assert.ok(order.indexOf("nsb-layer-labels") > order.indexOf("nsb-layer-marks"), order);
    const sections = t.qa(".nsb-section");
    assert.ok(sections.length > 10, `${name}: a late game`);
    const lastLine = sections.at(-1);
    const labels = t.qa(".nsb-district-name, .nsb-station-label");
    assert.equal(t.qa(".nsb-station-label").length, fixture(name).map_data.stations.length);
    for (const label of labels) {
      // DOCUMENT_POSITION_FOLLOWING: painted after (above) every drawn line
      assert.ok(lastLine.compareDocumentPosition(label) & 4, `${name}: ${label.textContent}`);
      assert.ok(label.closest(".nsb-layer-labels"), label.textContent);
    }
  }
  // the halo: a stroke in the paper colour painted under the letters (theme.css)
  const css = readFileSync(new URL("../src/theme.css", import.meta.url), "utf8");
  const rule = css.match(/\.nsb-district-name, \.nsb-widget \.nsb-station-label \{([^}]*)\}/);
  assert.ok(rule, "one rule gives both kinds of label their halo");
  assert.match(rule[1], /paint-order: stroke;/);
  assert.match(rule[1], /stroke: var\(--nsb-paper\);/);
});
