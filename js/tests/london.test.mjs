// London in the same widget: everything city-specific comes from map_data and the ruleset's
// description (game_info.ruleset), drawn from real London fixtures.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, fixture } from "./helpers.mjs";

const powerButton = (t) => t.q('button[data-action="power"]');
const ids = (nodes, key = "station") => nodes.map((n) => Number(n.dataset[key]))
  .sort((a, b) => a - b);

test("London map: the central station as a question mark, tourist stars, departure rings", async () => {
  const f = fixture("london_start");
  const t = await setup("london_start");
  const stations = f.map_data.stations;
  // "any" matches every card: drawn with a "?" (and read as "any symbol")
  const any = stations.findIndex((s) => s.symbol === "any");
  assert.ok(any >= 0);
  const g = t.q(`.nsb-station[data-station="${any}"]`);
  assert.equal(g.dataset.symbol, "any");
  assert.equal(g.querySelector(".nsb-any-mark").textContent, "?");
  assert.match(g.querySelector("title").textContent, /any symbol/);
  assert.equal(t.q(`.nsb-hit[data-station="${any}"]`).getAttribute("aria-label"),
    `${stations[any].label} any symbol`);
  // a star on every tourist site
  const tourist = stations.map((s, i) => [i, s]).filter(([, s]) => s.tourist).map(([i]) => i);
  assert.equal(tourist.length, 5);
  assert.deepEqual(ids(t.qa(".nsb-station.nsb-tourist")), tourist);
  assert.equal(t.qa(".nsb-tourist-star").length, 5);
  assert.ok(t.qa(".nsb-station.nsb-tourist title").every((n) => /tourist site/.test(n.textContent)));
  // one line a round: departure stations in their pencil colour with a ring, no Bear/Crown mark
  const starts = stations.map((s, i) => [i, s]).filter(([, s]) => s.start);
  assert.equal(starts.length, 4);
  assert.equal(t.qa(".nsb-start-icon, .nsb-start-letter").length, 0);
  for (const [i, s] of starts) {
    const st = t.q(`.nsb-station[data-station="${i}"]`);
    const colour = f.map_data.pencils.find((p) => p.id === s.start.pencil).color;
    assert.match(st.querySelector(".nsb-start-ring").getAttribute("style"), new RegExp(colour));
    assert.match(st.querySelector(".nsb-symbol").getAttribute("style"), new RegExp(colour));
    assert.match(st.querySelector("title").textContent, /departure station/);
  }
  assert.ok(t.q(".nsb-river"), "the Thames");
  // no Berlin words anywhere
  assert.doesNotMatch(t.el.textContent, /Bear|Crown|S-Bahn|Double Switch/);
});

test("London cards: pink Underground, blue Street, the Railroad Switch, counters and stack",
  async () => {
    const f = fixture("london_switch");
    const t = await setup("london_switch");
    const kinds = Object.fromEntries(f.game_info.ruleset.card_kinds.map((k) => [k.id, k]));
    const cards = t.qa(".nsb-strip .nsb-card");
    assert.deepEqual(cards.map((c) => c.dataset.card), f.turn.round_turns.flat());
    for (const c of cards) {
      const kind = c.dataset.kind;
      assert.ok(kinds[kind], `a known kind: ${kind}`);
      assert.match(c.querySelector(".nsb-card-band").getAttribute("style"),
        new RegExp(kinds[kind].color), "the kind's colour");
      assert.equal(c.querySelector(".nsb-card-kind").textContent, kinds[kind].label[0]);
      assert.equal(c.querySelector(".nsb-card-line"), null, "no line icon");
    }
    const sw = cards.find((c) => c.dataset.card === "switch");
    assert.equal(sw.getAttribute("aria-label"), "Railroad Switch");
    assert.equal(sw.dataset.kind, "street");
    assert.ok(sw.classList.contains("nsb-card-switch"));
    const joker = cards.find((c) => c.dataset.card.endsWith("joker"));
    assert.equal(joker.getAttribute("aria-label"), "Street Joker");
    assert.equal(joker.querySelector(".nsb-card-s"), null, "a London Joker circles nothing");
    assert.equal(t.qa(".nsb-strip .nsb-turn-current .nsb-card").length, 2, "switch + its card");
    // one counter per counted kind, a pip per card of that kind in the deck
    const under = t.q('.nsb-counter[data-kind="underground"]');
    const street = t.q('.nsb-counter[data-kind="street"]');
    assert.match(under.textContent, new RegExp(`^Underground.*${f.turn.revealed.underground}/5$`));
    assert.match(street.textContent, new RegExp(`^Street.*${f.turn.revealed.street}/6$`));
    assert.equal(under.querySelectorAll(".nsb-pip-on").length, f.turn.revealed.underground);
    assert.equal(street.querySelectorAll(".nsb-pip").length, 6);
    assert.equal(t.q(".nsb-round-end").textContent, "The round ends at the 5th Underground card.");
    assert.equal(t.q(".nsb-stack").textContent, `Left in the stack: `
      + `${f.turn.remaining.underground} Underground · ${f.turn.remaining.street} Street`);
    // a switch turn from the 3rd turn on: any station of the line
    assert.equal(t.q(".nsb-todo").textContent,
      "Draw a section of your line (from any of its stations)");
    // the double power's second section says what it wants
    t.model.pySet("hints", { ...f.hints, double_switch: false,
      notes: ["the second section must reach a square"] });
    assert.equal(t.q(".nsb-todo").textContent,
      "Draw a section of your line: the second section must reach a square");
    assert.deepEqual(ids(t.qa(".nsb-hl-origin")), [...f.hints.origins].sort((a, b) => a - b));
  });

test("London sections: one line a round, solid, titled by pencil; a one-click draw names the line",
  async () => {
    const f = fixture("london_circle");
    const t = await setup("london_circle");
    const rows = f.sheet.sections;
    assert.equal(t.qa(".nsb-section").length, rows.length);
    assert.ok(t.qa(".nsb-section").every((g) => g.dataset.line === "line"));
    assert.equal(t.qa(".nsb-track-stripe").length, 0);
    const first = t.q(".nsb-section");
    const pencil = f.map_data.pencils[rows[0][3]];
    assert.match(first.querySelector("title").textContent,
      new RegExp(`^${pencil.name} line, round ${rows[0][5]}:`));
    // the current line's departure station has its halo
    assert.deepEqual(ids(t.qa(".nsb-current-start")), [f.sheet.lines.line.start]);
    // a target one line end reaches: one click, and the intent names the line
    const byTarget = new Map();
    for (const m of f.hints.moves) byTarget.set(m[2], [...(byTarget.get(m[2]) || []), m]);
    const [target, [m]] = [...byTarget].find(([tt, ms]) => ms.length === 1
      && !f.hints.origins.includes(tt));
    t.clickStation(target);
    assert.deepEqual(t.model.messages().at(-1), { type: "draw", target, origin: m[1],
      line: "line" });
  });

test("the pencil power button: held power, title, disabled with the reason, sends the intent",
  async () => {
    const f = fixture("london_draw");
    const t = await setup("london_draw");
    const b = powerButton(t);
    const p = f.hints.power;
    assert.ok(!b.hidden);
    assert.equal(b.getAttribute("aria-label"), `Use power: ${p.title}`);
    assert.equal(t.button(`Use power: ${p.title}`), b);
    assert.equal(b.disabled, false);
    assert.equal(b.title, `${p.title}: ${p.text}`);
    assert.equal(b.getAttribute("aria-pressed"), null, "not a toggle: no station to name");
    t.click(b);
    assert.deepEqual(t.model.messages().at(-1), { type: "power", power: "double" });
    // the panel: this pencil's power and who holds which
    assert.match(t.q(".nsb-power-now").textContent, new RegExp(`^${p.title}: `));
    const held = f.game_info.ruleset.pencil_powers;
    assert.deepEqual(t.qa(".nsb-power-list li").map((li) => [li.dataset.pencil, li.dataset.power]),
      f.map_data.pencils.map((pc) => [pc.id, held[pc.id]]));
    assert.equal(t.q(".nsb-power-mine").dataset.pencil, f.sheet.pencil);
    // which reading of the guides the game plays, as Python words it
    assert.equal(f.game_info.ruleset.power_limit_text, "Each power: once a round");
    assert.equal(t.q(".nsb-power-limit").textContent, "Each power: once a round");
    // before a reveal: disabled, and the reason is said
    const s = await setup("london_start");
    const sp = fixture("london_start").hints.power;
    const sb = powerButton(s);
    assert.equal(sb.disabled, true);
    assert.match(sb.title, new RegExp(`Not now: ${sp.reason}`));
    assert.equal(s.q(".nsb-power-reason").textContent, `Not now: ${sp.reason}.`);
    s.click(sb);
    assert.equal(s.model.messages().length, 0, "a disabled power sends nothing");
    // Berlin has no powers: no button, no box
    const berlin = await setup("draw");
    assert.ok(powerButton(berlin).hidden);
    assert.ok(berlin.q(".nsb-power-box").hidden);
  });

test("the circle power: the button, then a station of the line (mouse, Escape, keyboard)",
  async () => {
    const f = fixture("london_circle");
    const t = await setup("london_circle");
    const p = f.hints.power;
    assert.equal(p.id, "circle");
    const b = powerButton(t);
    assert.equal(b.getAttribute("aria-pressed"), "false");
    t.click(b);
    assert.equal(b.getAttribute("aria-pressed"), "true");
    assert.equal(t.model.messages().length, 0, "nothing sent before the station");
    assert.deepEqual(ids(t.qa(".nsb-hl-power")), [...p.stations].sort((a, b) => a - b));
    assert.equal(t.qa(".nsb-hl-origin, .nsb-hl-target").length, 0, "moves hidden meanwhile");
    assert.match(t.q(".nsb-help").textContent, /station of your line for the Circled station/);
    // Escape cancels
    t.key(t.svg(), "Escape");
    assert.equal(b.getAttribute("aria-pressed"), "false");
    assert.equal(t.qa(".nsb-hl-power").length, 0);
    assert.ok(t.qa(".nsb-hl-origin").length > 0);
    // a station the power may not name: sent for Python to explain, the choice stays open
    t.click(b);
    const other = f.map_data.stations.findIndex((s, i) => !p.stations.includes(i));
    t.clickStation(other);
    assert.deepEqual(t.model.messages().at(-1), { type: "power", power: "circle", station: other });
    assert.equal(b.getAttribute("aria-pressed"), "true");
    // by keyboard: Tab steps through the stations it may name, Enter names one
    const svg = t.svg();
    svg.focus();
    t.key(svg, "Tab");
    const focus = Number(t.q(".nsb-hl-focus").dataset.station);
    assert.ok(p.stations.includes(focus));
    t.key(svg, "Enter");
    assert.deepEqual(t.model.messages().at(-1), { type: "power", power: "circle", station: focus });
    assert.equal(b.getAttribute("aria-pressed"), "false", "a listed station ends the choice");
    // Python answers: the station circled in the pencil's colour, the power used
    const done = fixture("london_circled");
    t.model.pySet("sheet", done.sheet);
    t.model.pySet("hints", done.hints);
    const [station, pi] = done.sheet.circled_by[0];
    const ring = t.q(`.nsb-circled[data-station="${station}"]`);
    assert.match(ring.getAttribute("style"), new RegExp(done.map_data.pencils[pi].color));
    assert.equal(b.disabled, true);
    assert.match(b.title, /already used this round/);
  });

test("London score sheet: Thames crossings by label, tourist sites, the track, totals, assessment",
  async () => {
    const f = fixture("london_end");
    const t = await setup("london_end");
    const sh = f.scores;
    const label = f.game_info.ruleset.bonus_short.thames;
    const head = t.q('tr[data-row="bonus"] th');
    assert.equal(head.textContent, label);
    assert.equal(head.title, "Thames crossings");
    for (const r of sh.rounds) {
      const cell = (row) => t.q(`tr[data-row="${row}"] td[data-round="${r.round}"]`);
      const [line] = r.lines;
      const thames = line.bonuses.find((b) => b.id === "thames");
      assert.equal(cell("districts").textContent, String(line.district_count));
      assert.equal(cell("stations").textContent, String(line.station_count));
      // Under "Thames ×2" every box counts the crossings, one notation for any count
      // (issue 18, item 6): "1" for one crossing (its 2 points are in the tooltip), "4" for 4.
      assert.equal(cell("bonus").textContent, !thames.points ? "–" : String(thames.count));
      if (thames.points) {
        assert.match(cell("bonus").querySelector(".nsb-half").title,
          new RegExp(`${thames.count} × 2 = ${thames.points}`));
      }
      assert.equal(cell("track-tourist").textContent, String((r.tourist_sites || []).length));
      assert.equal(cell("score").textContent, String(r.score));
      if ((line.doubled_stations || []).length) {
        assert.match(cell("stations").querySelector(".nsb-half").title, /circled .* counts twice/);
      }
    }
    // the tourist track: its printed values, the reached ones crossed off
    const [track] = sh.tracks;
    const values = t.qa(".nsb-track-value");
    // (the track's printed values are the ruleset's, in game_info; not sent with every move)
    const printed = f.game_info.ruleset.tracks.find((x) => x.id === track.id).values;
    assert.deepEqual(values.map((v) => Number(v.textContent)), printed.slice(1));
    assert.equal(t.qa(".nsb-track-value.nsb-done").length, track.count);
    assert.equal(t.q('[data-total="track-tourist"]').textContent, String(track.points));
    // final: lines + tracks + interchanges + objectives = total
    const terms = t.qa(".nsb-final .nsb-term[data-final]");
    assert.deepEqual(terms.map((n) => [n.dataset.final, n.querySelector("span").textContent]),
      [["lines", String(sh.lines_total)], ["track-tourist", String(sh.tracks_total)],
        ["interchanges", String(sh.interchanges_total)],
        ["objectives", String(sh.objectives_total)]]);
    assert.equal(t.q('[data-total="total"]').textContent, String(sh.total));
    assert.equal(sh.lines_total + sh.tracks_total + sh.interchanges_total + sh.objectives_total,
      sh.total);
    const a = t.q(".nsb-assessment");
    assert.equal(a.querySelector("h4").textContent, f.game_info.ruleset.assessment_title);
    assert.match(a.textContent, new RegExp(`${sh.total} − ${sh.assessment.handicap}.*`
      + `= ${sh.assessment.rated_score} points: ${sh.assessment.band}`));
    // Berlin keeps its own words
    const b = await setup("solo_end");
    assert.equal(b.q('tr[data-row="bonus"] th').textContent, "+10");
    assert.equal(b.q(".nsb-assessment h4").textContent, "The City administration's assessment");
    assert.equal(b.q(".nsb-score-track"), null);
  });

test("London teaching overlay: Thames crossings, the circled station, tourist sites", async () => {
  const f = fixture("london_end");
  const t = await setup("london_end");
  const hover = (term) => t.q(`.nsb-score [data-term="${term}"]`).dispatchEvent(
    new t.win.MouseEvent("pointerover", { bubbles: true }));
  const out = (term) => t.q(`.nsb-score [data-term="${term}"]`).dispatchEvent(
    new t.win.MouseEvent("pointerout", { bubbles: true }));
  const crossing = f.scores.rounds.find((r) => r.lines[0].bonuses[0].count >= 2);
  const sections = crossing.lines[0].bonuses[0].sections || [];
  hover(`r${crossing.round}.l0.bonus`);
  assert.deepEqual(ids(t.qa(".nsb-ov-section"), "section"), [...sections].sort((a, b) => a - b));
  assert.ok(t.qa(".nsb-ov-bonus text").every((n) => n.textContent === "+2"));
  out(`r${crossing.round}.l0.bonus`);
  assert.equal(t.qa(".nsb-ov-section").length, 0);
  // the circled station counts twice: a double ring on the stations box
  // (Python leaves out empty lists: a line without a circled station has no doubled_stations)
  const circled = f.scores.rounds.find((r) => (r.lines[0].doubled_stations || []).length);
  hover(`r${circled.round}.l0.stations`);
  assert.deepEqual(ids(t.qa(".nsb-ov-doubled")), circled.lines[0].doubled_stations);
  assert.equal(t.q(".nsb-ov-doubled text").textContent, "×2");
  out(`r${circled.round}.l0.stations`);
  // a round's tourist sites, and the whole track
  const sites = f.scores.rounds.find((r) => (r.tourist_sites || []).length);
  hover(`r${sites.round}.l0.sites`);
  assert.deepEqual(ids(t.qa(".nsb-ov-site")), [...sites.tourist_sites].sort((a, b) => a - b));
  out(`r${sites.round}.l0.sites`);
  hover("track.tourist");
  assert.deepEqual(ids(t.qa(".nsb-ov-site")),
    f.scores.rounds.flatMap((r) => r.tourist_sites || []).sort((a, b) => a - b));
  out("track.tourist");
  // the toggle: one round at a time, with the ruleset's legend
  t.click(t.button("Teaching overlay"));
  assert.equal(t.q(".nsb-caption .nsb-legend").textContent,
    f.game_info.ruleset.overlay_caption);
  const last = f.scores.rounds.at(-1);
  assert.equal(t.q(".nsb-layer-tint").dataset.term, `round-${last.round}`);
  assert.deepEqual(ids(t.qa(".nsb-ov-section"), "section"),
    [...last.lines[0].bonuses[0].sections || []].sort((a, b) => a - b));
  assert.deepEqual(ids(t.qa(".nsb-ov-site")), [...last.tourist_sites || []].sort((a, b) => a - b));
});

test("after a switch the help line says the section may start at any station of the line",
  async () => {
    // It said "Click a line end (solid ring)..." under a todo line saying "from any of its
    // stations" (found in the German player run, with the switch power).
    const t = await setup("london_switch");
    assert.match(t.q(".nsb-help").textContent, /^Click any station of your line/);
    t.cleanup();
    const plain = await setup("london_draw");
    assert.match(plain.q(".nsb-help").textContent, /^Click a line end/);
    plain.cleanup();
  });

test("the strip of this round's cards marks the card a power was used with (a Joker)", async () => {
  const f = fixture("london_draw");
  f.turn.round_powers = [{ turn: 1, power: "joker", title: "Joker" }];
  const t = await setup("london_draw", { state: f });
  const tags = t.qa(".nsb-strip .nsb-power-tag");
  assert.equal(tags.length, 1);
  assert.equal(tags[0].textContent, "Joker");
  assert.equal(tags[0].title, "Joker power used in this turn");
  assert.equal(tags[0].closest(".nsb-turn").dataset.turn, "2", "on the second turn's card");
  // from Python: the circle power used in the current turn
  const c = await setup("london_circled");
  const circled = c.qa(".nsb-strip .nsb-power-tag");
  assert.deepEqual(circled.map((x) => x.dataset.power), ["circle"]);
  assert.ok(circled[0].closest(".nsb-turn").classList.contains("nsb-turn-current"));
});
