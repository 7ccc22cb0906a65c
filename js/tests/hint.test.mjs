// The Hint button: the request it sends, its busy state, a hint from Python drawn on the map and
// in the panel (from real fixtures), stale and refused answers dropped, the hint cleared by any
// change of the game; and what the bots drew this turn.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, fixture, strings } from "./helpers.mjs";

const TERMS = [
  { id: "round", label: "Round 1 score", before: 0, after: 4 },
  { id: "districts", label: "Districts", before: 1, after: 2 },
  { id: "stations", label: "Stations in the best district", before: 2, after: 2 },
  { id: "total", label: "Total", before: 0, after: 4 },
];

function drawFixture(version = 5) {
  const f = fixture("draw");
  f.hints.version = version;
  return f;
}

function hintMsg(f, extra = {}) {
  const [line, origin, target] = f.hints.moves[0];
  return { type: "hint", version: f.hints.version, player: f.hints.player,
    hint: { kind: "draw", move: "crown x-y", origin, target, line: f.map_data.lines[line],
      power: null, reason: "+4: reaches Mitte; expected +3.1 against the next best",
      expected: 88.5, terms: TERMS }, seconds: 0.4, ...extra };
}

test("h asks Python for a hint for the shown game; the button thinks until the answer", async () => {
  const f = drawFixture();
  const t = await setup("draw", { state: f });
  const btn = t.button("Hint");
  assert.ok(btn, "a Hint button");
  assert.equal(btn.disabled, false);
  assert.match(btn.title, /\(H\)/);
  t.key(t.el.querySelector(".nsb-widget"), "h");
  assert.deepEqual(t.model.sent.map((m) => m.content), [{ type: "hint", version: 5 }]);
  assert.equal(btn.getAttribute("aria-busy"), "true");
  assert.equal(btn.querySelector(".nsb-btn-text").textContent, "Thinking…");
  // a second press while thinking is not a second request; other buttons still react
  t.key(t.el.querySelector(".nsb-widget"), "h");
  t.click(btn);
  assert.equal(t.model.sent.length, 1);
  t.click(t.button("Teaching overlay"));
  assert.equal(t.button("Teaching overlay").getAttribute("aria-pressed"), "true");
  // nothing is drawn for the hint yet
  assert.equal(t.q(".nsb-hint-section"), null);

  t.model.pySend(hintMsg(f));
  assert.equal(btn.getAttribute("aria-busy"), "false");
  assert.equal(btn.querySelector(".nsb-btn-text").textContent, "Hint");
  const [, origin, target] = f.hints.moves[0];
  const band = t.q(".nsb-hint-section");
  assert.ok(band, "the suggested section is drawn");
  assert.equal(Number(band.dataset.origin), origin);
  assert.equal(Number(band.dataset.target), target);
  assert.equal(Number(t.q(".nsb-hint-origin").dataset.station), origin);
  assert.equal(Number(t.q(".nsb-hint-target").dataset.station), target);
  const box = t.q(".nsb-hint-box");
  assert.equal(box.hidden, false);
  const label = (i) => f.map_data.stations[i].label;
  assert.equal(box.querySelector(".nsb-hint-title").textContent,
    `Hint: Draw ${label(origin)}–${label(target)} (Crown)`);
  assert.match(box.textContent, /\+4: reaches Mitte; expected \+3\.1 against the next best/);
  // the terms that change, in the tooltip and in a short line; unchanged ones left out
  assert.match(box.title, /Districts: 1 → 2 \(\+1\)/);
  assert.match(box.title, /Total: 0 → 4 \(\+4\)/);
  assert.doesNotMatch(box.title, /Stations in the best district/);
  assert.equal(box.querySelector(".nsb-hint-terms").textContent,
    "Round 1 score +4 · Districts +1 · Total +4");
  // a hint never plays the move
  assert.deepEqual(t.model.sent.map((m) => m.content.type), ["hint"]);

  // any change of the game clears it
  t.model.pySet("hints", { ...f.hints, version: 6 });
  assert.equal(t.q(".nsb-hint-section"), null);
  assert.equal(t.q(".nsb-hint-box").hidden, true);
  t.cleanup();
});

test("a stale hint, a hint for another sheet and a refusal are not shown", async () => {
  const f = drawFixture(7);
  const t = await setup("draw", { state: f });
  t.click(t.button("Hint"));
  // the player's choice changed while Python was thinking: the button stops waiting ...
  t.model.pySet("hints", { ...f.hints, version: 8, moves: f.hints.moves.slice(1) });
  assert.equal(t.model.sent.length, 1, "not asked again");
  assert.equal(t.button("Hint").getAttribute("aria-busy"), "false");
  // ... and the late answer, made for version 7, is dropped
  t.model.pySend(hintMsg(f));
  assert.equal(t.q(".nsb-hint-section"), null);
  assert.equal(t.q(".nsb-hint-box").hidden, true);
  // an answer for another player's sheet is dropped too
  t.model.pySend(hintMsg(f, { version: 8, player: 1 }));
  assert.equal(t.q(".nsb-hint-section"), null);
  // Python answered "stale" to a request
  t.click(t.button("Hint"));
  assert.deepEqual(t.model.sent.at(-1).content, { type: "hint", version: 8 });
  t.model.pySend({ type: "hint", version: 8, player: 0, hint: null, stale: true });
  assert.equal(t.button("Hint").getAttribute("aria-busy"), "false");
  assert.equal(t.q(".nsb-hint-section"), null);
  // a refusal: the busy state ends, the notice (sent by Python) says what to do
  t.click(t.button("Hint"));
  t.model.pySet("notice", { id: 99, level: "info", text: "No card is revealed yet: reveal the "
    + "first card (R), then ask for a hint.", reason: null, station: null });
  t.model.pySend({ type: "hint", version: 8, player: 0, hint: null, refused: "No card" });
  assert.equal(t.button("Hint").querySelector(".nsb-btn-text").textContent, "Hint");
  assert.match(t.q(".nsb-notice").textContent, /reveal the first card/);
  // malformed answers are ignored without breaking the widget
  for (const bad of [{ type: "hint" }, { type: "hint", version: 8, player: 0,
    hint: { kind: "draw", origin: 9999, target: -1 } }, { type: "hint", version: 8, player: 0,
    hint: { kind: "teleport" } }, { type: "hint", version: 8, player: 0, hint: "draw" }]) {
    t.model.pySend(bad);
    assert.equal(t.q(".nsb-hint-section"), null);
  }
  assert.equal(t.q('.nsb-notice[data-level="error"]'), null);
  t.cleanup();
});

test("a hint asked while the bots draw is asked again and shown, not dropped", async () => {
  // The player presses Hint just after a reveal, while the kernel is still playing the bots'
  // turns: each bot's draw makes a new version, so Python answers the first request "stale".
  const f = drawFixture(7);
  const t = await setup("draw", { state: f });
  const btn = t.button("Hint");
  t.click(btn);
  t.model.pySet("hints", { ...f.hints, version: 8 }); // bot 1 drew: the same choice here
  t.model.pySet("hints", { ...f.hints, version: 9 }); // bot 2 drew
  assert.deepEqual(t.model.sent.map((m) => m.content), [{ type: "hint", version: 7 },
    { type: "hint", version: 8 }, { type: "hint", version: 9 }]);
  assert.equal(btn.getAttribute("aria-busy"), "true");
  // the first two requests come back stale (Python is at version 9 by then): still thinking
  t.model.pySend({ type: "hint", version: 9, player: 0, hint: null, stale: true });
  t.model.pySend({ type: "hint", version: 9, player: 0, hint: null, stale: true });
  assert.equal(btn.getAttribute("aria-busy"), "true");
  assert.equal(btn.querySelector(".nsb-btn-text").textContent, "Thinking…");
  // the last one is answered: the hint is shown and the wait ends
  t.model.pySend(hintMsg({ ...f, hints: { ...f.hints, version: 9 } }));
  assert.equal(btn.getAttribute("aria-busy"), "false");
  assert.ok(t.q(".nsb-hint-section"), "the hint is drawn");
  assert.equal(t.q(".nsb-hint-box").hidden, false);
  // every request answered, nothing more sent
  assert.equal(t.model.sent.length, 3);
  t.cleanup();
});

test("h typed in a text field or with a modifier is not a hint request", async () => {
  const t = await setup("draw", { state: drawFixture() });
  const input = t.el.ownerDocument.createElement("input");
  t.el.querySelector(".nsb-widget").append(input);
  t.key(input, "h");
  t.key(t.el.querySelector(".nsb-widget"), "h", { ctrlKey: true });
  assert.equal(t.model.sent.length, 0);
  t.cleanup();
});

test("a power hint highlights the power button and rings its station; a pass hint says so", async () => {
  const f = fixture("london_circle");
  f.hints.version = 3;
  const t = await setup("london_circle", { state: f });
  const station = f.hints.power.stations[0];
  t.click(t.button("Hint"));
  t.model.pySend({ type: "hint", version: 3, player: 0, hint: { kind: "power", move: null,
    origin: null, target: null, line: null, power: { id: "circle", title: "Circled station",
      station, label: f.map_data.stations[station].label },
    reason: `use the Circled station power on ${f.map_data.stations[station].label} first; expected +2.0 against the next best`,
    expected: 120, terms: [] } });
  const pb = t.q('button[data-action="power"]');
  assert.ok(pb.classList.contains("nsb-hinted"));
  assert.equal(Number(t.q(".nsb-hint-station").dataset.station), station);
  assert.equal(t.q(".nsb-hint-section"), null);
  assert.equal(t.q(".nsb-hint-title").textContent,
    `Hint: Use the Circled station power on ${f.map_data.stations[station].label} first`);
  // the reason does not say the title again
  assert.equal(t.q(".nsb-hint-reason").textContent, " — expected +2.0 against the next best");
  // a pass
  t.model.pySend({ type: "hint", version: 3, player: 0, hint: { kind: "pass", move: null,
    origin: null, target: null, line: null, power: null,
    reason: "pass: no section is worth drawing", expected: null, terms: [] } });
  assert.ok(!pb.classList.contains("nsb-hinted"));
  assert.equal(t.q(".nsb-hint-title").textContent, "Hint: Pass");
  assert.equal(t.q(".nsb-hint-box").textContent, "Hint: Pass — no section is worth drawing");
  assert.equal(t.qa(".nsb-hint circle").length, 0);
  // a new game clears it
  t.model.pySet("game_info", { ...f.game_info });
  assert.equal(t.q(".nsb-hint-box").hidden, true);
  t.cleanup();
});

test("once the game is over Hint is greyed (it only repeated the help line)", async () => {
  // Hint at the end said "The game is over: New game starts another one." beside the help
  // line's "Game over. New game starts another one.".
  const t = await setup("solo_end");
  assert.equal(t.q('button[data-action="hint"]').disabled, true);
  t.key(t.q("svg.nsb-map"), "h");
  assert.equal(t.model.messages().filter((m) => m.type === "hint").length, 0);
  const s = await setup("draw");
  assert.equal(s.q('button[data-action="hint"]').disabled, false);
});

test("the panel says what each bot drew this turn", async () => {
  const f = fixture("two_players");
  f.turn.bot_turns = [{ player: 1, bot: "search", name: "Player 2", text: "drew bear H4-I5" }];
  const t = await setup("two_players", { state: f });
  const rows = t.qa(".nsb-bot-turn");
  assert.equal(rows.length, 1);
  assert.equal(rows[0].dataset.player, "1");
  assert.equal(rows[0].querySelector(".nsb-bot-text").textContent,
    "Player 2 (search) drew bear H4-I5");
  t.model.pySet("turn", { ...f.turn, bot_turns: [] });
  assert.equal(t.q(".nsb-bot-turns").hidden, true);
  // junk is dropped
  t.model.pySet("turn", { ...f.turn, bot_turns: [{ player: "x" }, 3, { player: 1 }] });
  assert.equal(t.qa(".nsb-bot-turn").length, 0);
  t.cleanup();
});

test("the bots' moves read like the Hint's, in English, German and French", async () => {
  const f = fixture("two_players");
  const label = (i) => f.map_data.stations[i].label;
  const [a, b, c] = [f.map_data.sections[0][0], f.map_data.sections[0][1], 5];
  const steps = [
    { kind: "power", power: { id: "joker", title: "Joker", station: null } },
    { kind: "draw", move: "crown x", origin: a, target: b, line: "crown", joker: true },
  ];
  const section = `${label(a)}–${label(b)}`;
  const want = {
    en: [["Bear", "Crown"], `Player 2 (search) used the Joker power, then drew ${section} (Crown) with the Joker`,
      `Player 3 (greedy) drew ${label(b)}–${label(c)} (Bear)`, "Player 4 (random) passed"],
    de: [["Bär", "Krone"], `Spieler 2 (search) setzte die Fähigkeit „Joker“ ein, dann zeichnete ${section} (Krone) mit dem Joker`,
      `Spieler 3 (greedy) zeichnete ${label(b)}–${label(c)} (Bär)`, "Spieler 4 (random) passte"],
    fr: [["Ours", "Couronne"], `Joueur 2 (search) a utilisé le pouvoir « Joker », puis a tracé ${section} (Couronne) avec le Joker`,
      `Joueur 3 (greedy) a tracé ${label(b)}–${label(c)} (Ours)`, "Joueur 4 (random) a passé"],
  };
  for (const [language, [lines, ...rows]] of Object.entries(want)) {
    const state = structuredClone(f);
    state.strings = strings(language);
    state.game_info.ruleset.lines = [{ id: "bear", name: lines[0] }, { id: "crown", name: lines[1] }];
    const name = (n) => ({ en: "Player", de: "Spieler", fr: "Joueur" })[language] + ` ${n}`;
    state.turn.bot_turns = [
      // Python's text keeps the notation; the panel words the steps
      { player: 1, bot: "search", name: name(2), text: "notation", steps },
      { player: 2, bot: "greedy", name: name(3), text: "notation", steps: [
        { kind: "draw", origin: b, target: c, line: "bear" }] },
      { player: 3, bot: "random", name: name(4), text: "notation", steps: [{ kind: "pass" }] },
    ];
    const t = await setup("two_players", { state });
    const got = t.qa(".nsb-bot-text").map((el) => el.textContent.replace(/\u00a0/g, " "));
    assert.deepEqual(got, rows, language);
    // the Hint words the same section the same way ("Zeichne A1–B1 (Krone)")
    t.model.pySend({ type: "hint", version: state.hints.version, player: state.hints.player,
      hint: { kind: "draw", origin: a, target: b, line: "crown", reason: "", terms: [] },
      seconds: 0.1 });
    assert.ok(t.q(".nsb-hint-title").textContent.includes(`${section} (${lines[1]})`),
      t.q(".nsb-hint-title").textContent);
    // no steps (thinking, or an older Python): Python's text as it is
    t.model.pySet("turn", { ...state.turn, bot_turns: [{ player: 1, bot: "search",
      name: name(2), text: "is thinking…", steps: [{ kind: "draw" }] }] });
    assert.equal(t.q(".nsb-bot-text").textContent, `${name(2)} (search) is thinking…`);
    t.cleanup();
  }
});
