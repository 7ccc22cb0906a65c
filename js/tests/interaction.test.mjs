// Click and keyboard flows: the intents sent, the highlights shown, the selection kept in sync.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, fixture, newDom, widgetModule, mount, strings } from "./helpers.mjs";
import { analyse, decideClick, candidates, step } from "../src/interaction.js";
import { readMap, readHints } from "../src/normalize.js";

const LINE = ["bear", "crown"];
const sentDraws = (model) => model.messages().filter((m) => m.type === "draw");
const selected = (t) => t.svg().dataset.selected;
const hl = (t, cls) => t.qa(`.${cls}`).map((n) => Number(n.dataset.station)).sort((a, b) => a - b);

function movesOf(name) {
  const f = fixture(name);
  const byTarget = new Map();
  for (const m of f.hints.moves) byTarget.set(m[2], [...(byTarget.get(m[2]) || []), m]);
  return { f, byTarget };
}

test("click a line end, then a highlighted target: draw with origin and line", async () => {
  const { f } = movesOf("draw");
  const t = await setup("draw");
  const origin = f.hints.origins[0];
  t.clickStation(origin);
  assert.equal(selected(t), String(origin));
  assert.equal(t.qa(".nsb-hl-selected").length, 1);
  const targets = f.hints.moves.filter((m) => m[1] === origin);
  assert.deepEqual(hl(t, "nsb-hl-target"), targets.map((m) => m[2]).sort((a, b) => a - b));
  assert.equal(t.model.messages().length, 0, "selecting sends nothing");
  const [line, , target] = targets[0];
  t.clickStation(target);
  assert.deepEqual(sentDraws(t.model), [{ type: "draw", target, origin, line: LINE[line] }]);
  assert.equal(selected(t), "", "a legal draw ends the selection");
});

test("one click is enough when a single legal section reaches the station", async () => {
  const { f, byTarget } = movesOf("draw");
  const t = await setup("draw");
  const [target, [m]] = [...byTarget].find(([, ms]) => ms.length === 1);
  t.clickStation(target);
  assert.deepEqual(sentDraws(t.model), [{ type: "draw", target, origin: m[1], line: LINE[m[0]] }]);
  assert.ok(f.hints.origins.length > 1, "several origins, still one click");
});

test("an unreachable station sends a draw for Python to explain, with or without a selection",
  async () => {
    const { f, byTarget } = movesOf("draw");
    const t = await setup("draw");
    const n = f.map_data.stations.length;
    const other = [...Array(n).keys()].find((i) => !byTarget.has(i) && !f.hints.origins.includes(i));
    t.clickStation(other);
    assert.deepEqual(sentDraws(t.model).at(-1), { type: "draw", target: other, origin: null, line: null });
    const origin = f.hints.origins[1];
    t.clickStation(origin);
    t.clickStation(other);
    assert.deepEqual(sentDraws(t.model).at(-1), { type: "draw", target: other, origin, line: null });
    assert.equal(selected(t), String(origin), "a refused draw keeps the selection");
    // Python answers with an error notice: shown, and its station ringed
    t.model.pySet("notice", { id: 50, level: "error", text: "the card shows a triangle",
      reason: "wrong_symbol", station: other });
    assert.equal(t.q(".nsb-notice").textContent, "the card shows a triangle");
    assert.deepEqual(hl(t, "nsb-hl-error"), [other]);
  });

test("selecting a line end after a refusal puts the refusal away, in every view", async () => {
  // The player clicked an unreachable station, read why, then picks a line end: the red
  // notice and ring described the old click and must not stay beside "D3 selected".
  const { f, byTarget } = movesOf("draw");
  const dom = newDom();
  const t = await setup("draw", { dom });
  const elB = dom.window.document.getElementById("b");
  await mount(await widgetModule(), elB, null, t.model);
  const other = { q: (sel) => elB.querySelector(sel), qa: (sel) => [...elB.querySelectorAll(sel)] };
  const n = f.map_data.stations.length;
  const far = [...Array(n).keys()].find((i) => !byTarget.has(i) && !f.hints.origins.includes(i));
  t.clickStation(far);
  t.model.pySet("notice", { id: 51, level: "error", text: "the card shows a triangle",
    reason: "wrong_symbol", station: far });
  assert.deepEqual(hl(t, "nsb-hl-error"), [far]);
  t.clickStation(f.hints.origins[0]);
  for (const v of [t, other]) {
    assert.equal(v.q(".nsb-notice").textContent, "", "the old refusal is put away");
    assert.deepEqual(hl(v, "nsb-hl-error"), [], "and its red ring");
  }
  assert.match(t.q(".nsb-help").textContent, /selected/, "the help says what to click next");
  // Python's next notice shows again
  t.model.pySet("notice", { id: 52, level: "error", text: "the card shows a circle",
    reason: "wrong_symbol", station: far });
  assert.equal(t.q(".nsb-notice").textContent, "the card shows a circle");
  // Escape puts it away too
  t.key(t.q("svg.nsb-map"), "Escape");
  assert.equal(t.q(".nsb-notice").textContent, "");
});

test("a station reached from two line ends asks for the line end first", async () => {
  const { byTarget } = movesOf("draw");
  const t = await setup("draw");
  const [target, ms] = [...byTarget].find(([, x]) => new Set(x.map((m) => m[1])).size > 1);
  t.clickStation(target);
  assert.equal(t.model.messages().length, 0, "nothing sent while ambiguous");
  assert.match(t.q(".nsb-notice").textContent, /Several line ends reach/);
  assert.deepEqual(hl(t, "nsb-hl-origin"), ms.map((m) => m[1]).sort((a, b) => a - b));
  const m = ms[1];
  t.clickStation(m[1]);
  t.clickStation(target);
  assert.deepEqual(sentDraws(t.model), [{ type: "draw", target, origin: m[1], line: LINE[m[0]] }]);
});

test("clicking the selected line end again, or Escape, cancels the selection", async () => {
  const f = fixture("draw");
  const t = await setup("draw");
  const o = f.hints.origins[0];
  t.clickStation(o);
  t.clickStation(o);
  assert.equal(selected(t), "");
  t.clickStation(o);
  assert.equal(selected(t), String(o));
  const ev = t.key(t.svg(), "Escape");
  assert.ok(ev.defaultPrevented);
  assert.equal(selected(t), "");
  assert.equal(t.qa(".nsb-hl-selected").length, 0);
  assert.equal(t.model.messages().length, 0);
});

test("Double Switch: branch moves from any station of the line, each line labelled", async () => {
  const { f, byTarget } = movesOf("double_switch");
  const t = await setup("double_switch");
  assert.ok(f.hints.double_switch);
  assert.deepEqual(hl(t, "nsb-hl-origin"), [...f.hints.origins].sort((a, b) => a - b));
  // a Crown branch: pick a crown move whose origin is not a line end in a normal turn
  const crown = f.hints.moves.find((m) => m[0] === 1);
  const bear = f.hints.moves.find((m) => m[0] === 0);
  t.clickStation(crown[1]);
  t.clickStation(crown[2]);
  t.clickStation(bear[1]);
  t.clickStation(bear[2]);
  assert.deepEqual(sentDraws(t.model), [
    { type: "draw", target: crown[2], origin: crown[1], line: "crown" },
    { type: "draw", target: bear[2], origin: bear[1], line: "bear" }]);
  // one-click also works here
  const [target, [m]] = [...byTarget].find(([tt, ms]) => ms.length === 1
    && !f.hints.origins.includes(tt));
  t.clickStation(target);
  assert.deepEqual(sentDraws(t.model).at(-1), { type: "draw", target, origin: m[1], line: LINE[m[0]] });
});

test("Joker turn: any symbol, the same flow", async () => {
  const f = fixture("joker");
  const t = await setup("joker");
  const [line, origin, target] = f.hints.moves.at(-1);
  t.clickStation(origin);
  t.clickStation(target);
  assert.deepEqual(sentDraws(t.model), [{ type: "draw", target, origin, line: LINE[line] }]);
});

test("new hints drop a selection that is no longer a line end", async () => {
  const f = fixture("draw");
  const t = await setup("draw");
  t.clickStation(f.hints.origins[0]);
  t.model.pySet("hints", { ...f.hints, origins: [], moves: [], open_lines: [] });
  assert.equal(selected(t), "");
  assert.equal(t.qa(".nsb-hl-origin").length, 0);
});

test("keyboard: Tab through line ends, Enter selects, Tab/arrows through targets, Enter draws",
  async () => {
    const f = fixture("draw");
    const t = await setup("draw");
    const svg = t.svg();
    svg.focus();
    const list = candidates(readMap(f.map_data), readHints(f.hints), null);
    let ev = t.key(svg, "Tab");
    assert.ok(ev.defaultPrevented);
    assert.deepEqual(hl(t, "nsb-hl-focus"), [list[0]]);
    ev = t.key(svg, "Tab");
    assert.deepEqual(hl(t, "nsb-hl-focus"), [list[1]]);
    t.key(svg, "Tab", { shiftKey: true });
    assert.deepEqual(hl(t, "nsb-hl-focus"), [list[0]]);
    assert.ok(f.hints.origins.includes(list[0]), "line ends come first");
    t.key(svg, "Enter");
    assert.equal(selected(t), String(list[0]));
    const targets = f.hints.moves.filter((m) => m[1] === list[0]).map((m) => m[2]);
    const focus = hl(t, "nsb-hl-focus")[0];
    assert.ok(targets.includes(focus), "focus moves to a target");
    assert.ok(t.q(".nsb-ghost"), "a ghost section previews the draw");
    t.key(svg, "ArrowRight");
    const after = hl(t, "nsb-hl-focus")[0];
    assert.ok(targets.includes(after) || after === list[0]);
    t.key(svg, "Tab", { shiftKey: true });
    t.key(svg, "Tab");
    const chosen = hl(t, "nsb-hl-focus")[0];
    t.key(svg, "Enter");
    const m = f.hints.moves.find((x) => x[1] === list[0] && x[2] === chosen);
    assert.deepEqual(sentDraws(t.model), [{ type: "draw", target: chosen, origin: list[0],
      line: LINE[m[0]] }]);
  });

test("keyboard: Tab past the last candidate leaves the map; Escape clears the focus", async () => {
  const t = await setup("modules");
  const svg = t.svg();
  const f = fixture("modules");
  const n = candidates(readMap(f.map_data), readHints(f.hints), null).length;
  for (let i = 0; i < n; i++) assert.ok(t.key(svg, "Tab").defaultPrevented);
  const last = t.key(svg, "Tab");
  assert.equal(last.defaultPrevented, false, "no keyboard trap");
  assert.equal(t.qa(".nsb-hl-focus").length, 0);
  t.key(svg, "ArrowDown");
  assert.equal(t.qa(".nsb-hl-focus").length, 1);
  t.key(svg, "Escape");
  assert.equal(t.qa(".nsb-hl-focus").length, 0);
});

test("arrow keys move to the nearest candidate in that direction", () => {
  const map = readMap(fixture("double_switch").map_data);
  const hints = readHints(fixture("double_switch").hints);
  const list = candidates(map, hints, null);
  const from = list[0];
  const right = step(map, list, from, "ArrowRight");
  const down = step(map, list, from, "ArrowDown");
  assert.ok(map.stations[right].x > map.stations[from].x);
  assert.ok(map.stations[down].y > map.stations[from].y);
  assert.equal(step(map, list, null, "ArrowLeft"), list[0], "no focus yet: the first one");
  assert.equal(step(map, [], null, "Tab"), null);
});

test("decideClick covers every case without a DOM", () => {
  const hints = readHints({ origins: [1, 2], moves: [[0, 1, 5], [0, 2, 5], [0, 1, 6], [1, 2, 6],
    [0, 2, 7], [1, 2, 7]], open_lines: ["bear", "crown"] });
  const A = analyse(hints);
  assert.deepEqual(decideClick(1, null, hints, A), { kind: "select", origin: 1 });
  assert.deepEqual(decideClick(5, null, hints, A), { kind: "choose", target: 5, origins: [1, 2] });
  assert.deepEqual(decideClick(7, null, hints, A).message,
    { type: "draw", target: 7, origin: 2, line: "bear" }, "same origin, two lines: the first");
  assert.deepEqual(decideClick(6, 2, hints, A).message,
    { type: "draw", target: 6, origin: 2, line: "crown" });
  assert.deepEqual(decideClick(9, 2, hints, A).message,
    { type: "draw", target: 9, origin: 2, line: null });
  assert.deepEqual(decideClick(1, 2, hints, A), { kind: "select", origin: 1 });
  assert.deepEqual(decideClick(2, 2, hints, A), { kind: "deselect" });
});

test("shortcut keys r/n/p/u/o follow the buttons' enabled state", async () => {
  const s = await setup("start");
  s.key(s.svg(), "r");
  s.key(s.q(".nsb-panel"), "n"); // the same action again before Python answered: a repeat
  s.key(s.svg(), "p"); // no card revealed: Pass is disabled, nothing sent
  assert.deepEqual(s.model.messages(), [{ type: "reveal" }]);
  s.model.pySet("notice", { id: 9, level: "info", text: "", reason: null, station: null });
  s.key(s.q(".nsb-panel"), "n"); // Python answered: a new Reveal is sent
  assert.deepEqual(s.model.messages(), [{ type: "reveal" }, { type: "reveal" }]);

  const t = await setup("double_switch_half");
  t.key(t.svg(), "r"); // cannot reveal during the draw phase
  t.key(t.svg(), "p");
  t.key(t.svg(), "u");
  assert.deepEqual(t.model.messages(), [{ type: "pass" }, { type: "undo" }]);
  t.key(t.svg(), "o");
  assert.equal(t.button("Teaching overlay").getAttribute("aria-pressed"), "true");
  t.key(t.svg(), "o");
  assert.equal(t.button("Teaching overlay").getAttribute("aria-pressed"), "false");
  // modifiers and form fields are left alone
  t.key(t.svg(), "p", { ctrlKey: true });
  assert.equal(t.model.messages().length, 2);
  const d = await setup("two_players");
  d.key(d.q("select"), "p");
  assert.equal(d.model.messages().length, 0);
  assert.equal(d.el.querySelector(".nsb-widget").getAttribute("data-lm-suppress-shortcuts"), "true");
});

test("buttons send intents and are disabled when they do not apply", async () => {
  const s = await setup("start");
  assert.equal(s.button("Reveal next card").disabled, false);
  assert.equal(s.button("Pass").disabled, true);
  assert.equal(s.button("Undo").disabled, true);
  for (const label of ["Reveal next card", "Pass", "Undo", "New game", "Teaching overlay",
    "Export SVG", "Export PNG"]) assert.ok(s.button(label), label);
  s.click(s.button("Reveal next card"));
  s.click(s.button("Pass")); // disabled: ignored
  s.click(s.button("New game")); // nothing played yet: no confirmation needed
  assert.deepEqual(s.model.messages(), [{ type: "reveal" }, { type: "new_game" }]);

  const t = await setup("double_switch_half");
  assert.equal(t.button("Reveal next card").disabled, true);
  assert.equal(t.button("Pass").disabled, false);
  assert.equal(t.button("Undo").disabled, false);
  t.click(t.button("Pass"));
  t.click(t.button("Undo"));
  t.click(t.button("New game"));
  assert.match(t.button("New game").textContent, /Click again/);
  assert.equal(t.model.messages().length, 2, "a game in progress asks for a second click");
  t.click(t.button("New game"));
  assert.deepEqual(t.model.messages(), [{ type: "pass" }, { type: "undo" }, { type: "new_game" }]);
  // Python says what applies: buttons follow trait changes
  const turn = fixture("double_switch_half").turn;
  t.model.pySet("turn", { ...turn, can_undo: false });
  assert.equal(t.button("Undo").disabled, true);
  t.model.pySet("hints", { ...fixture("double_switch_half").hints, open_lines: [], moves: [],
    origins: [] });
  assert.equal(t.button("Pass").disabled, true);
  const over = await setup("solo_end");
  assert.equal(over.button("Reveal next card").disabled, true);
  assert.equal(over.button("Pass").disabled, true);
  assert.equal(over.button("New game").disabled, false);
});

test("the player selector sends select_player", async () => {
  const t = await setup("two_players");
  const sel = t.q('select[aria-label="Shown player"]');
  sel.value = "1";
  sel.dispatchEvent(new t.win.Event("change", { bubbles: true }));
  assert.deepEqual(t.model.messages(), [{ type: "select_player", player: 1 }]);
});

test("arrows stay put when no candidate lies that way (never wrap to reading order)", () => {
  // Issue 11, item 4: ArrowDown from B4 with only A3 above jumped up to A3.
  const st = (label, x, y) => ({ label, x, y, symbol: "square" });
  const map = { stations: [st("A3", 0, 2), st("B4", 1, 3), st("D4", 3, 3), st("C6", 2, 5)] };
  const list = [0, 1, 2];
  assert.equal(step(map, list, 1, "ArrowDown"), 1, "nothing below B4: stay");
  assert.equal(step(map, list, 1, "ArrowLeft"), 0, "A3 is in the left half-plane");
  assert.equal(step(map, list, 1, "ArrowRight"), 2);
  assert.equal(step(map, list, 2, "ArrowRight"), 2, "nothing right of D4: stay");
  assert.equal(step(map, list, 0, "ArrowUp"), 0);
  assert.equal(step(map, [...list, 3], 1, "ArrowDown"), 3, "the nearest in the half-plane");
});

test("a greyed Undo says why, and the U key shows it", async () => {
  // The player just revealed a card and wants the last section back: Undo is grey and the
  // U key did nothing, with no word why.
  const t = await setup("draw"); // a card revealed, nothing drawn yet this turn
  const undo = t.q('button[data-action="undo"]');
  assert.ok(undo.disabled);
  assert.match(undo.title, /revealed card stays revealed/);
  t.key(t.q("svg.nsb-map"), "u");
  assert.match(t.q(".nsb-notice").textContent, /revealed card stays revealed/);
  assert.equal(t.model.messages().length, 0, "nothing sent");
  const s = await setup("start"); // before the first card
  assert.match(s.q('button[data-action="undo"]').title, /nothing to take back yet/);
});

test("R or P pressed when it cannot act says what to do instead", async () => {
  // A player pressed R in the middle of a turn to see the next card: the button was grey and
  // the key did nothing visible. Now the notice says so and what to do now (the help line).
  const t = await setup("draw"); // a card revealed, nothing drawn yet
  assert.ok(t.q('button[data-action="reveal"]').disabled);
  t.key(t.q("svg.nsb-map"), "r");
  assert.match(t.q(".nsb-notice").textContent,
    /^R \(Reveal next card\) does nothing now\. Click a line end/);
  assert.equal(t.model.messages().length, 0, "nothing sent");
  const s = await setup("start"); // before the first card: Pass is grey
  s.key(s.q("svg.nsb-map"), "p");
  assert.equal(s.q(".nsb-notice").textContent,
    "P (Pass) does nothing now. Reveal the next card (R).");
  assert.equal(s.model.messages().length, 0, "nothing sent");
});

test("hot-seat: the help line names whose sheet the clicks draw on", async () => {
  // Two people at one widget: after a reveal the sheet shown is still the last drawer's, and
  // "Click a line end..." did not say whose line that was.
  // (A Double Switch turn: the section may start at any station of the line.)
  const t = await setup("two_players"); // Ada's sheet, Ada and Bo both human
  assert.match(t.q(".nsb-help").textContent, /^Ada: Click any station of your line/);
  t.clickStation(fixture("two_players").hints.origins[0]);
  assert.match(t.q(".nsb-help").textContent, /^Ada: \S+ selected/);
  const f = fixture("two_players");
  f.game_info.players[1].bot = true; // against a bot: one human, nothing to tell apart
  const b = await setup("two_players", { state: f });
  assert.match(b.q(".nsb-help").textContent, /^Click any station of your line/);
  const solo = await setup("draw");
  assert.match(solo.q(".nsb-help").textContent, /^Click a line end/);
});

test("after an undo the notice says what it took back, worded as the hints are", async () => {
  const f = fixture("draw");
  const t = await setup("draw", { state: f });
  const label = (i) => f.map_data.stations[i].label;
  const [, origin, target] = f.hints.moves[0];
  const drawn = { kind: "draw", move: "crown x-y", origin, target, line: "crown", power: null };
  t.model.pySet("notice", { id: 60, level: "info", text: "Taken back: crown x-y",
    reason: null, station: null, taken_back: drawn });
  assert.equal(t.q(".nsb-notice").textContent,
    `Taken back: ${label(origin)}–${label(target)} (Crown)`);
  t.model.pySet("notice", { id: 61, level: "info", text: "Taken back: your pass", reason: null,
    station: null, taken_back: { kind: "pass" } });
  assert.equal(t.q(".nsb-notice").textContent, "Taken back: your pass");
  // in the player's language, a power by its title
  t.model.pySet("strings", strings("de"));
  t.model.pySet("notice", { id: 62, level: "info", text: "Taken back: the Joker power",
    reason: null, station: null, taken_back: { kind: "power", power: { id: "joker",
      title: "Joker", station: null, label: null } } });
  assert.equal(t.q(".nsb-notice").textContent, "Rückgängig gemacht: die Fähigkeit „Joker“");
  // a malformed action: Python's own text
  t.model.pySet("notice", { id: 63, level: "info", text: "Taken back: bear A1-B2",
    reason: null, station: null, taken_back: { kind: "draw" } });
  assert.equal(t.q(".nsb-notice").textContent, "Taken back: bear A1-B2");
});
