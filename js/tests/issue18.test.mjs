// Issue 18 in jsdom: the keys' state, focus that survives a redraw, notices that belong to their
// moment, the hot-seat switch, bots thinking, one notation for the Thames, district names in
// two lines. The same in a real browser and JupyterLab: tests/test_e2e_issue18.py.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, fixture } from "./helpers.mjs";
import { splitLabel } from "../src/map.js";

test("the widget says whether its keys are on, and a click anywhere turns them on", async () => {
  const t = await setup("draw");
  const keys = t.q(".nsb-keys");
  assert.equal(keys.dataset.active, "false");
  assert.match(keys.textContent, /Keys off: click the game/);
  assert.match(keys.title, /notebook's \(R would turn a cell into a Raw cell\)/);
  t.q(".nsb-status").dispatchEvent(new t.win.Event("pointerup", { bubbles: true }));
  assert.equal(t.dom.window.document.activeElement, t.q(".nsb-widget"));
  assert.equal(keys.dataset.active, "true");
  assert.equal(keys.textContent, "Keys on");
  const outside = t.dom.window.document.createElement("textarea");
  t.dom.window.document.body.append(outside);
  outside.focus();
  assert.equal(keys.dataset.active, "false");
  t.click(keys); // the chip itself gives the keys back
  assert.equal(keys.dataset.active, "true");
});

test("the focus survives a redraw of the score sheet (Undo with focus on a box)", async () => {
  const t = await setup("draw");
  const box = t.q(".nsb-score [data-term]");
  box.focus();
  const term = box.dataset.term;
  const f = fixture("draw");
  t.model.pySet("scores", { ...f.scores, total: f.scores.total + 1 }); // redrawn
  const now = t.dom.window.document.activeElement;
  assert.notEqual(now, box, "the old box is gone");
  assert.equal(now.dataset.term, term, "its twin has the focus");
  // a box that no longer exists hands the focus to the root, never to the page
  t.qa(".nsb-score [data-term]").find((b) => b.dataset.term === term).focus();
  t.model.pySet("scores", { ...f.scores, rounds: [], current: null, total: 0 });
  assert.ok(t.q(".nsb-widget").contains(t.dom.window.document.activeElement));
  t.key(t.dom.window.document.activeElement, "p");
  assert.deepEqual(t.model.messages().at(-1), { type: "pass" });
});

test("a notice from a click goes once the game moves on", async () => {
  const f = fixture("draw");
  const quiet = { id: 0, level: "info", text: "", reason: null, station: null };
  const t = await setup("draw", { state: { ...f, notice: quiet, hints: { ...f.hints,
    version: 5 } } });
  // a station reached by two line ends: the widget asks which one first
  const by = new Map();
  for (const [, o, target] of f.hints.moves) by.set(target, new Set([...(by.get(target) || []), o]));
  const [target] = [...by].find(([tg, os]) => os.size > 1 && !f.hints.origins.includes(tg)) || [];
  assert.notEqual(target, undefined, "the fixture has a station two ends reach");
  t.clickStation(target);
  assert.match(t.q(".nsb-notice").textContent, /Several line ends reach/);
  // Python: the player passed, the turn is over
  t.model.pySet("hints", { ...f.hints, version: 6, open_lines: [], moves: [], origins: [] });
  assert.equal(t.q(".nsb-notice").textContent, "");
});

test("hot-seat: once the shown player is done, the switch to the next human is offered", async () => {
  const t = await setup("two_players");
  const f = fixture("two_players");
  const swap = t.q(".nsb-switch");
  assert.equal(swap.hidden, true, "the shown player still has to draw");
  const shown = f.sheet.player;
  const other = shown === 0 ? 1 : 0;
  t.model.pySet("turn", { ...f.turn, phase: "draw", waiting_for: [other] });
  t.model.pySet("hints", { ...f.hints, open_lines: [], moves: [], origins: [] });
  assert.equal(swap.hidden, false);
  const name = f.game_info.players[other].name;
  assert.equal(swap.textContent, `Switch to ${name}'s sheet`);
  swap.focus();
  t.click(swap);
  assert.deepEqual(t.model.messages().at(-1), { type: "select_player", player: other });
  // Python shows the other sheet: the button hides itself, the keys stay with the game (the
  // focus went to the page with it, and the toolbar said "Keys off")
  t.model.pySet("hints", { ...f.hints, version: 9 });
  assert.equal(swap.hidden, true);
  const focused = t.el.ownerDocument.activeElement;
  assert.ok(t.q(".nsb-widget").contains(focused) && !focused.closest("[hidden]"),
    `the focus is on ${focused.outerHTML.slice(0, 60)}`);
  assert.equal(t.q(".nsb-keys").dataset.active, "true");
});

test("bots thinking: the help line and the bot's entry say so", async () => {
  const f = fixture("two_players");
  const bots = f.game_info.players.map((p, i) => ({ ...p, bot: i === 1 }));
  const t = await setup("two_players", { state: { ...f, game_info: { ...f.game_info,
    players: bots }, turn: { ...f.turn, thinking: [1], bot_turns: [{ player: 1, bot: "search",
    name: bots[1].name, text: "is thinking…", thinking: true }] } } });
  assert.equal(t.q(".nsb-help").textContent, `Thinking: ${bots[1].name} (bot)…`);
  assert.ok(t.q('.nsb-bot-turn[aria-busy="true"]').classList.contains("nsb-bot-thinking"));
  assert.equal(t.q(".nsb-widget").getAttribute("aria-busy"), "true");
  t.model.pySet("turn", { ...f.turn, thinking: [], bot_turns: [{ player: 1, bot: "search",
    name: bots[1].name, text: "passed" }] });
  assert.equal(t.q(".nsb-bot-thinking"), null);
  assert.equal(t.q(".nsb-widget").getAttribute("aria-busy"), "false");
});

test("district names split in two lines the way Python does", () => {
  assert.deepEqual(splitLabel("Marzahn-Hellersdorf"), ["Marzahn-", "Hellersdorf"]);
  assert.deepEqual(splitLabel("Charlottenburg-Wilmersdorf"), ["Charlottenburg-", "Wilmersdorf"]);
  assert.deepEqual(splitLabel("SW corner"), ["SW", "corner"]);
  assert.equal(splitLabel("Mitte"), null);
});
