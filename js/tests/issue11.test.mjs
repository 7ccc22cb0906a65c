// Issue 11: colour contrast, label placement and the live round, without a browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, fixture } from "./helpers.mjs";
import { contrast, parseRgb, readable } from "../src/colour.js";
import { createPlacer, textBox } from "../src/labels.js";
import { readScores, readMap, readInfo } from "../src/normalize.js";
import { overlayRounds } from "../src/overlay.js";

test("every pencil colour gets 3:1 against light and dark paper; good ones are kept", () => {
  const pencils = fixture("start").map_data.pencils.map((p) => p.color);
  for (const paper of [[255, 255, 255], [17, 17, 17], [33, 33, 33]]) {
    for (const colour of pencils) {
      const drawn = readable(colour, paper);
      assert.ok(contrast(parseRgb(drawn), paper) >= 3, `${colour} on ${paper}: ${drawn}`);
    }
  }
  assert.equal(readable("#1971c2", [255, 255, 255]), "#1971c2", "already fine: unchanged");
  assert.notEqual(readable("#8c5a2b", [17, 17, 17]), "#8c5a2b", "brown on near-black moves");
  assert.equal(readable("#8c5a2b", null), "#8c5a2b", "paper unknown: the printed colour");
  assert.deepEqual(parseRgb("rgb(1, 2, 3)"), [1, 2, 3]);
  assert.equal(parseRgb("var(--x)"), null);
});

test("the label placer takes the first free spot, else the least covered one", () => {
  const p = createPlacer([[0, 0, 10, 10]]);
  const a = p.place([{ id: "a", box: [5, 5, 15, 15] }, { id: "b", box: [20, 0, 30, 10] }]);
  assert.equal(a.id, "b");
  const c = p.place([{ id: "c", box: [0, 0, 10, 10] }, { id: "d", box: [8, 0, 12, 10] }]);
  assert.equal(c.id, "d", "less covered");
  const [x0, , x1] = textBox(100, 50, 4, 10, "middle");
  assert.ok(x0 < 100 && x1 > 100 && Math.abs((x0 + x1) / 2 - 100) < 1e-9);
});

test("the current round is read as live, shown by default, and never taken for a scored one", () => {
  const f = fixture("draw");
  const map = readMap(f.map_data);
  const info = readInfo(f.game_info);
  const sc = readScores(f.scores, map, info);
  const { rounds, live, latest } = overlayRounds(sc);
  assert.equal(live, f.scores.current.round);
  assert.equal(latest, live);
  assert.ok(rounds.includes(live));
  assert.equal(sc.sheet.rounds.at(-1).live, true);
  // a "current" that repeats a scored round is dropped (bad input never doubles a round)
  const bad = readScores({ ...f.scores, current: { ...f.scores.rounds[0] } }, map, info);
  assert.equal(bad.sheet.rounds.filter((r) => r.round === f.scores.rounds[0].round).length, 1);
  assert.equal(overlayRounds(bad).live, null);
  assert.equal(info.seed, f.game_info.seed);
  assert.equal(info.deal, f.game_info.deal);
});

test("the panel shows the seed and the call that deals the same game", async () => {
  const t = await setup("draw");
  const f = fixture("draw");
  assert.equal(t.q(".nsb-seed").textContent, `Seed ${f.game_info.seed}`);
  assert.equal(t.q(".nsb-deal-code").textContent, f.game_info.deal);
  assert.match(f.game_info.deal, /^Game\.new\(seed=\d+\)$/);
});

test("a round just scored stays the overlay's default until a section is drawn in the next", () => {
  const f = fixture("draw");
  const map = readMap(f.map_data);
  const info = readInfo(f.game_info);
  const lastScored = Math.max(...f.scores.rounds.map((r) => r.round));
  // London's departure station alone already scores: a live round with no section yet
  const bare = { ...f.scores.current, lines: [{ ...f.scores.current.lines[0], stations: [3] }] };
  const sc = readScores({ ...f.scores, current: bare }, map, info);
  assert.equal(overlayRounds(sc).live, bare.round);
  assert.equal(overlayRounds(sc).latest, lastScored);
  const none = readScores({ ...f.scores, rounds: [], current: bare }, map, info);
  assert.equal(overlayRounds(none).latest, bare.round, "nothing scored yet: the live round");
});
