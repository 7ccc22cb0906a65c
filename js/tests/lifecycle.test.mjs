// Views, cleanup, robustness, the teaching overlay, export and the timing hooks.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, fixture, newDom, widgetModule, FakeModel, mount } from "./helpers.mjs";

test("two views of one model stay in sync (traits and shared UI state)", async () => {
  const dom = newDom();
  const doc = dom.window.document;
  const mod = await widgetModule();
  const f = fixture("draw");
  const a = await mount(mod, doc.getElementById("a"), f);
  const b = await mount(mod, doc.getElementById("b"), null, a.model);
  const model = a.model;
  const elA = doc.getElementById("a");
  const elB = doc.getElementById("b");
  const count = (el, sel) => el.querySelectorAll(sel).length;
  assert.equal(count(elA, ".nsb-section"), f.sheet.sections.length);
  assert.equal(count(elB, ".nsb-section"), f.sheet.sections.length);
  // Python draws a section: both views show it
  const sheet = structuredClone(f.sheet);
  sheet.sections.push([f.map_data.sections.findIndex(([x, y]) => x === 0 || y === 0), 0, 1, 0, 0,
    3, 0]);
  model.pySet("sheet", sheet);
  assert.equal(count(elA, ".nsb-section"), f.sheet.sections.length + 1);
  assert.equal(count(elB, ".nsb-section"), f.sheet.sections.length + 1);
  model.pySet("notice", { id: 99, level: "error", text: "nope", reason: null, station: null });
  assert.equal(elA.querySelector(".nsb-notice").textContent, "nope");
  assert.equal(elB.querySelector(".nsb-notice").textContent, "nope");
  // a selection in one view shows in the other; so does the overlay toggle
  const o = f.hints.origins[0];
  elA.querySelector(`.nsb-hit[data-station="${o}"]`).dispatchEvent(
    new dom.window.MouseEvent("click", { bubbles: true }));
  assert.equal(elB.querySelector("svg.nsb-map").dataset.selected, String(o));
  elB.querySelector('button[aria-label="Teaching overlay"]').click();
  assert.equal(elA.querySelector('button[aria-label="Teaching overlay"]').getAttribute("aria-pressed"),
    "true");
  // one reply per export request, though initialize() and both views listen
  model.pySend({ type: "export_request", id: 5, format: "svg" });
  assert.equal(model.messages().filter((m) => m.type === "export_result").length, 1);
  // removing one view leaves the other working
  b.cleanup();
  assert.equal(elB.children.length, 0);
  model.pySet("turn", { ...f.turn, round: 4 });
  assert.equal(elA.querySelector(".nsb-round").textContent, "Round 4 of 4");
  a.cleanup();
  a.initCleanup();
  assert.equal(model.listenerCount(), 0);
});

test("cleanup removes every model listener and every DOM listener", async () => {
  const t = await setup("draw");
  const model = t.model;
  // the view: 8 traits + msg:custom; initialize(): msg:custom
  assert.equal(model.listenerCount(), 10);
  for (const trait of ["map_data", "game_info", "sheet", "turn", "hints", "scores", "notice",
    "strings"]) {
    assert.equal(model.listenerCount(`change:${trait}`), 1, trait);
  }
  assert.equal(model.listenerCount("msg:custom"), 2);
  // keep references to the DOM to poke it after cleanup
  const root = t.q(".nsb-widget");
  const hit = t.q(`.nsb-hit[data-station="${fixture("draw").hints.origins[0]}"]`);
  const pass = t.button("Pass");
  const svg = t.svg();
  t.cleanup();
  assert.equal(model.listenerCount(), 1, "only initialize()'s listener is left");
  t.initCleanup();
  assert.equal(model.listenerCount(), 0);
  assert.equal(t.el.querySelector(".nsb-widget"), null, "view removed from the page");
  // clicking and typing on the detached DOM sends nothing
  t.el.append(root); // even if someone put it back
  t.click(hit);
  t.click(pass);
  t.key(svg, "p");
  t.key(svg, "Tab");
  assert.deepEqual(model.messages(), []);
  // Python changes after cleanup do not touch the view
  model.pySet("notice", { id: 1000, level: "info", text: "late", reason: null, station: null });
  assert.notEqual(root.querySelector(".nsb-notice").textContent, "late");
});

test("a host without initialize(): render alone still answers export requests once", async () => {
  const dom = newDom();
  const doc = dom.window.document;
  const mod = await widgetModule();
  const model = new FakeModel(fixture("draw"));
  const c1 = mod.default.render({ model: model.proxy(), el: doc.getElementById("a") });
  const c2 = mod.default.render({ model: model.proxy(), el: doc.getElementById("b") });
  model.pySend({ type: "export_request", id: 4, format: "svg" });
  const replies = model.messages().filter((m) => m.type === "export_result");
  assert.equal(replies.length, 1, "one reply, not one per view");
  c1();
  c2();
  assert.equal(model.listenerCount(), 0);
});

test("malformed traits never throw: the widget shows what it can and says so", async () => {
  const f = fixture("draw");
  const bad = { ...f, turn: "oops", hints: { origins: "x", moves: [[0, 1], [7, 1, 2], null] },
    scores: null, sheet: { sections: [[1, 2], null, [0, 999, 3, 0, 0, 1, 0]] } };
  const t = await setup("draw", { state: bad });
  assert.equal(t.qa(".nsb-station").length, f.map_data.stations.length, "map still drawn");
  assert.equal(t.qa(".nsb-section").length, 0, "bad rows skipped");
  assert.equal(t.q(".nsb-notice").dataset.level, "error");
  assert.match(t.q(".nsb-notice").textContent, /turn/);
  // missing everything (the texts too: each shows its key)
  const e = await setup("draw", { state: {} });
  assert.ok(e.q(".nsb-placeholder") && !e.q(".nsb-placeholder").hidden);
  assert.equal(e.q('button[data-action="reveal"]').disabled, true);
  assert.equal(e.q('button[data-action="reveal"]').getAttribute("aria-label"), "btn.reveal");
  // bad values arriving later
  const g = await setup("draw");
  for (const v of [null, 42, "x", [], { stations: "no" }]) {
    g.model.pySet("sheet", v);
    g.model.pySet("hints", v);
    g.model.pySet("turn", v);
    g.model.pySet("scores", v);
    g.model.pySet("notice", v);
    g.model.pySet("strings", v);
  }
  g.model.pySet("map_data", { stations: [{ x: "a" }, null, { label: "A1", x: 0, y: 0,
    symbol: "square", start: { pencil: "p", line: "bear" } }], sections: [[0, 1], [2, 7]],
  pencils: [{ id: "p", color: "red;background:url(x)" }] });
  assert.equal(g.qa(".nsb-station").length, 1, "stations with bad coordinates are skipped");
  assert.equal(g.q(".nsb-potential").dataset.count, "0", "sections to bad stations are skipped");
  assert.equal(g.q(".nsb-start .nsb-symbol").getAttribute("style"), "fill:#777777",
    "a colour that is not a plain CSS colour is replaced");
  g.model.pySet("map_data", f.map_data);
  g.model.pySet("sheet", f.sheet);
  g.model.pySet("strings", f.strings);
  assert.equal(g.button("Reveal next card").getAttribute("data-action"), "reveal");
  assert.equal(g.qa(".nsb-section").length, f.sheet.sections.length, "recovers");
  // a malformed value is reported, and the report goes once a good value of it arrives
  const h = await setup("draw");
  h.model.pySet("turn", "garbage");
  assert.match(h.q(".nsb-notice").textContent, /malformed "turn"/);
  h.model.pySet("turn", f.turn);
  assert.doesNotMatch(h.q(".nsb-notice").textContent, /malformed/);
});

/** The overlay terms a fixture implies, computed from the raw synced data. */
function expectedOverlay(f) {
  const district = (i) => f.map_data.stations[i].district;
  const rounds = f.scores.rounds.map((r) => ({
    round: r.round,
    lines: r.lines.map((l) => ({
      districts: l.districts,
      best_stations: l.stations.filter((i) => l.best_districts.includes(district(i))),
    })),
  }));
  const sbahn = new Set(f.scores.interchanges.flatMap((t) => t.sbahn));
  const interchanges = f.scores.interchanges.flatMap((t) => t.stations.map((i) => [i, t.colours,
    sbahn.has(i)]));
  return { rounds, interchanges };
}

test("teaching overlay: toggle, one round at a time, hover a score box to see its term", async () => {
  const f = fixture("solo_end");
  const ov = expectedOverlay(f);
  const t = await setup("solo_end");
  const tint = t.q(".nsb-layer-tint");
  assert.equal(t.qa(".nsb-layer-tint > *, .nsb-layer-overlay > *").length, 0, "off by default");
  t.click(t.button("Teaching overlay"));
  assert.equal(t.button("Teaching overlay").getAttribute("aria-pressed"), "true");
  assert.ok(!t.q(".nsb-caption").hidden);
  const last = ov.rounds.at(-1);
  assert.equal(tint.dataset.term, `round-${last.round}`);
  const tinted = t.qa(".nsb-ov-district").map((n) => Number(n.dataset.district)).sort((a, b) => a - b);
  const expected = [...new Set(last.lines.flatMap((l) => l.districts))].sort((a, b) => a - b);
  assert.deepEqual([...new Set(tinted)], expected);
  const halos = t.qa(".nsb-ov-halo").map((n) => Number(n.dataset.station)).sort((a, b) => a - b);
  assert.deepEqual(halos, last.lines.flatMap((l) => l.best_stations).sort((a, b) => a - b));
  // interchanges with their points, S-Bahn doubled
  const ics = t.qa(".nsb-ov-interchange");
  assert.equal(ics.length, ov.interchanges.length);
  const sb = ov.interchanges.find((x) => x[2]);
  assert.match(t.q(`.nsb-ov-interchange[data-station="${sb[0]}"] text`).textContent, /×2/);
  // choose round 1
  t.click(t.q('button[aria-label="Overlay: round 1"]'));
  assert.equal(tint.dataset.term, "round-1");
  // hover: the districts box of round 2's first line
  const r2 = ov.rounds.find((r) => r.round === 2);
  const box = t.q('[data-term="r2.l0.districts"]');
  box.dispatchEvent(new t.win.MouseEvent("pointerover", { bubbles: true }));
  assert.equal(tint.dataset.term, "r2.l0.districts");
  assert.ok(box.classList.contains("nsb-term-active"));
  assert.deepEqual([...new Set(t.qa(".nsb-ov-district").map((n) => Number(n.dataset.district)))]
    .sort((a, b) => a - b), [...r2.lines[0].districts].sort((a, b) => a - b));
  assert.ok(t.qa(".nsb-ov-district").every((n) => n.classList.contains("nsb-ov-focus")));
  box.dispatchEvent(new t.win.MouseEvent("pointerout", { bubbles: true }));
  assert.equal(tint.dataset.term, "round-1", "back to the toggle's view");
  // hover with the overlay off still shows the term; the stations box shows the best stations
  t.click(t.button("Teaching overlay"));
  const st = t.q('[data-term="r2.l0.stations"]');
  st.dispatchEvent(new t.win.MouseEvent("pointerover", { bubbles: true }));
  assert.deepEqual(t.qa(".nsb-ov-halo").map((n) => Number(n.dataset.station)).sort((a, b) => a - b),
    [...r2.lines[0].best_stations].sort((a, b) => a - b));
  assert.ok(t.qa(".nsb-ov-best").length >= 1, "best district outlined");
  st.dispatchEvent(new t.win.MouseEvent("pointerout", { bubbles: true }));
  assert.equal(t.qa(".nsb-layer-tint > *").length, 0);
  // an interchange tier, reached by keyboard focus
  const tier = t.q('tr[data-term="ic2"]');
  tier.dispatchEvent(new t.win.FocusEvent("focusin", { bubbles: true }));
  assert.equal(t.qa(".nsb-ov-interchange").length,
    ov.interchanges.filter((x) => x[1] === 2).length);
  tier.dispatchEvent(new t.win.FocusEvent("focusout", { bubbles: true }));
  assert.equal(t.qa(".nsb-ov-interchange").length, 0);
});

test("the +10 box highlights the connected start stations", async () => {
  const f = fixture("modules_end");
  const state = structuredClone(f);
  // give round 1's first line the bonus so the test does not depend on the game's luck
  const starts = f.map_data.stations.map((s, i) => [i, s]).filter(([, s]) => s.start
    && s.start.pencil === f.scores.rounds[0].pencil).map(([i]) => i);
  state.scores.rounds[0].lines[0].connected_bonus = 10;
  const t = await setup("modules_end", { state });
  const box = t.q('[data-term="r1.l0.bonus"]');
  assert.equal(box.textContent, "10");
  box.dispatchEvent(new t.win.MouseEvent("pointerover", { bubbles: true }));
  assert.deepEqual(t.qa(".nsb-ov-start").map((n) => Number(n.dataset.station)).sort(), starts.sort());
  assert.ok(t.qa(".nsb-ov-start text").every((n) => n.textContent === "+10"));
});

test("an exported sheet's ranking names the bots as bots, as the page does", async () => {
  const state = structuredClone(fixture("two_players_end"));
  state.game_info.players[1].bot = true;
  const t = await setup("two_players_end", { state });
  const files = [];
  t.q(".nsb-widget").addEventListener("nsb-export", (e) => { e.preventDefault(); files.push(e.detail); });
  t.click(t.button("Export SVG"));
  const [human, bot] = state.game_info.players.map((p) => p.name);
  const line = files[0].data.match(/Ranking: [^<]*/)[0];
  const places = state.turn.ranking.map((g, i) => `${i + 1}. ${g.map((p) =>
    (p === 1 ? `${bot} (bot)` : human)).join(", ")}`);
  assert.equal(line, `Ranking: ${places.join("  ")}`);
  t.cleanup();
});

test("export: SVG button and Python's export_request", async () => {
  const t = await setup("draw");
  const files = [];
  t.q(".nsb-widget").addEventListener("nsb-export", (e) => { e.preventDefault(); files.push(e.detail); });
  t.click(t.button("Export SVG"));
  assert.equal(files.length, 1);
  const svg = files[0].data;
  assert.equal(files[0].mime, "image/svg+xml");
  assert.match(files[0].filename, /^next-station-berlin-.*\.svg$/);
  assert.match(svg, /^<\?xml/);
  assert.match(svg, /<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
  assert.doesNotMatch(svg, /nsb-hit|nsb-layer-hl|tabindex/, "view-only layers left out");
  assert.doesNotMatch(svg, /class="/, "classes replaced by inline styles");
  const doc = new t.win.DOMParser().parseFromString(svg, "image/svg+xml");
  assert.equal(doc.getElementsByTagName("parsererror").length, 0, "well-formed XML");
  assert.equal(doc.querySelectorAll("line").length >= fixture("draw").sheet.sections.length, true);
  assert.match(svg, /Next Station: Berlin · Player 1 · round 3 · \d+ points/);
  // Python asks; the widget answers through model.send
  t.model.pySend({ type: "export_request", id: 12, format: "svg" });
  const reply = t.model.messages().find((m) => m.type === "export_result");
  assert.equal(reply.id, 12);
  assert.equal(reply.format, "svg");
  assert.match(reply.data, /<svg/);
  t.model.pySend({ type: "export_request", id: 13, format: "gif" });
  const bad = t.model.messages().find((m) => m.id === 13);
  assert.equal(bad.data, "");
  assert.match(bad.error, /unknown export format/);
  // PNG: jsdom has no canvas, so stand in for one (drawImage + toDataURL) and for Image loading
  const drawn = [];
  const proto = t.win.HTMLCanvasElement.prototype;
  proto.getContext = function getContext() {
    return { drawImage: (img, x, y, w, h) => drawn.push([img.src.slice(0, 26), w, h]) };
  };
  proto.toDataURL = () => "data:image/png;base64,iVBORw0KGgo=";
  t.win.Image = class { set src(v) { this._src = v; setTimeout(() => this.onload(), 0); }
    get src() { return this._src; } };
  t.model.pySend({ type: "export_request", id: 14, format: "png" });
  const png = await waitFor(() => t.model.messages().find((m) => m.id === 14));
  assert.deepEqual(png, { type: "export_result", id: 14, format: "png", data: "iVBORw0KGgo=" });
  assert.deepEqual(drawn[0][0], "data:image/svg+xml;charset");
  assert.ok(drawn[0][1] > 1000, "drawn at twice the size");
  t.click(t.button("Export PNG"));
  const file = await waitFor(() => files.find((x) => x.format === "png"));
  assert.equal(file.data, "iVBORw0KGgo=");
  assert.equal(file.mime, "image/png");
  // without a canvas: an error reply, not a hang
  proto.getContext = () => null;
  t.model.pySend({ type: "export_request", id: 15, format: "png" });
  const failed = await waitFor(() => t.model.messages().find((m) => m.id === 15));
  assert.equal(failed.data, "");
  assert.match(failed.error, /canvas/);
  // no view: a clear error
  const dom = newDom();
  const mod = await widgetModule();
  const model = new FakeModel(fixture("draw"));
  const cleanup = mod.default.initialize({ model: model.proxy() });
  model.pySend({ type: "export_request", id: 1, format: "svg" });
  assert.match(model.messages()[0].error, /no view/);
  cleanup();
  void dom;
});

async function waitFor(fn, ms = 3000) {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

test("timing hooks: renderMs after render, updateMs after each trait change", async () => {
  const t = await setup("solo_end");
  assert.ok(Number(t.el.dataset.renderMs) > 0);
  assert.equal(t.el.dataset.updateMs, undefined);
  t.model.pySet("hints", fixture("draw").hints);
  assert.ok(Number.isFinite(Number(t.el.dataset.updateMs)));
});

test("the bundle is one self-contained ES module with the same entry points", async () => {
  const { readFileSync } = await import("node:fs");
  const url = new URL("../../nsb_widget/widget/static/widget.js", import.meta.url);
  const code = readFileSync(url, "utf8");
  assert.doesNotMatch(code, /^\s*import\s/m, "no imports left");
  assert.doesNotMatch(code, /https?:\/\/(?!www\.w3\.org)/, "no URLs to fetch");
  const mod = await import(url.href);
  assert.equal(typeof mod.default.initialize, "function");
  assert.equal(typeof mod.default.render, "function");
  const dom = newDom();
  const { model, cleanup, initCleanup } = await mount(mod, dom.window.document.getElementById("a"),
    fixture("draw"));
  assert.equal(dom.window.document.querySelectorAll(".nsb-station").length,
    fixture("draw").map_data.stations.length);
  cleanup();
  initCleanup();
  assert.equal(model.listenerCount(), 0);
});

test("whatever takes the focus keeps the notebook's shortcuts off the keys (Notebook 7)",
  async () => {
    // Notebook 7 reads the keys before the widget and matches ":focus" on the focused element
    // before it looks for data-lm-suppress-shortcuts on the ancestors: "m" on the clicked map
    // turned the widget's cell to Markdown. The focused element itself carries the attribute.
    const t = await setup("draw");
    const focusables = [t.svg(), t.button("Pass"), t.button("Teaching overlay")];
    for (const el of focusables) {
      assert.equal(el.hasAttribute("data-lm-suppress-shortcuts"), false);
      el.focus();
      assert.equal(t.dom.window.document.activeElement, el);
      assert.equal(el.getAttribute("data-lm-suppress-shortcuts"), "true");
    }
    t.cleanup();
  });
