// The classroom's front ends: a participant's widget in a room (no Reveal, the room's line) and
// the teacher's board (cards, readiness, the live table, sheets, the final places).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, fixture, newDom, mount, FakeModel } from "./helpers.mjs";

const boardModule = () => import("../src/board/index.js");

async function board(name, patch = null) {
  const dom = newDom();
  const el = dom.window.document.getElementById("a");
  const state = fixture(name);
  if (patch) patch(state);
  const { model, cleanup } = await mount(await boardModule(), el, state);
  const q = (sel) => el.querySelector(sel);
  const qa = (sel) => [...el.querySelectorAll(sel)];
  const click = (node) => node.dispatchEvent(new dom.window.MouseEvent("click", { bubbles: true }));
  const key = (k) => q(".nsb-board").dispatchEvent(new dom.window.KeyboardEvent("keydown",
    { key: k, bubbles: true, cancelable: true }));
  return { dom, el, model, cleanup, q, qa, click, key, state };
}

// ---------------------------------------------------------------------------- a participant
test("a participant's widget has no Reveal and no New game, and says whose seat it is", async () => {
  const t = await setup("seat_waiting");
  assert.equal(t.q('button[data-action="reveal"]').hidden, true);
  assert.equal(t.q('button[data-action="new-game"]').hidden, true);
  assert.equal(t.q(".nsb-room-title").textContent, "Room Tuesday workshop · you are Bob");
  assert.equal(t.q(".nsb-help").textContent,
    "The teacher turns the next card over: it appears here by itself.");
  // The key does nothing either.
  t.key(t.q(".nsb-widget"), "r");
  assert.deepEqual(t.model.messages().filter((m) => m.type === "reveal"), []);
  t.cleanup();
});

test("a participant whose game is over is sent to the board, not to a New game button",
  async () => {
    const t = await setup("seat_waiting");
    t.model.pySet("turn", { ...t.model.get("turn"), game_over: true });
    assert.equal(t.q('button[data-action="new-game"]').hidden, true);
    // It said "Game over. New game starts another one." with no New game button in a room.
    assert.equal(t.q(".nsb-help").textContent,
      "Your game is over: the board shows the room's places.");
    t.cleanup();
  });

test("a room without hints hides the Hint button; a room with hints keeps it", async () => {
  const on = await setup("seat_waiting");
  assert.equal(on.q('button[data-action="hint"]').hidden, false);
  on.cleanup();
  const t = await setup("seat_waiting");
  const info = structuredClone(t.model.get("game_info"));
  info.room.hints = false;
  t.model.pySet("game_info", info);
  assert.equal(t.q('button[data-action="hint"]').hidden, true);
  t.key(t.q(".nsb-widget"), "h");
  assert.deepEqual(t.model.messages().filter((m) => m.type === "hint"), []);
  t.cleanup();
});

test("a participant behind the room is told how many cards are ahead", async () => {
  const t = await setup("seat_behind");
  const state = t.q(".nsb-room-state");
  assert.equal(state.dataset.ahead, "3");
  assert.match(state.textContent, /The room is 3 cards ahead/);
  // One card ahead: the singular.
  const turn = structuredClone(t.model.get("turn"));
  turn.room.behind = 1;
  t.model.pySet("turn", turn);
  assert.match(t.q(".nsb-room-state").textContent, /The room is 1 card ahead/);
  // A hand-in that failed is shown as an alert.
  turn.room.problem = "the folder is on a read-only file system";
  t.model.pySet("turn", turn);
  assert.equal(t.q(".nsb-room-problem").getAttribute("role"), "alert");
  assert.match(t.q(".nsb-room-problem").textContent, /read-only file system/);
  t.cleanup();
});

test("a participant's widget says what Python says once the teacher ended the game",
  async () => {
    const t = await setup("seat_behind");
    const turn = structuredClone(t.model.get("turn"));
    turn.room.ended = "The teacher has ended the game: your place is 2, with 58 points.";
    t.model.pySet("turn", turn);
    const line = t.q(".nsb-room-ended");
    assert.equal(line.textContent, turn.room.ended);
    assert.equal(line.getAttribute("role"), "status");
    assert.equal(t.q("[data-ahead]"), null); // no "cards ahead" beside it
    turn.room.ended = null;
    t.model.pySet("turn", turn);
    assert.equal(t.q(".nsb-room-ended"), null);
    t.cleanup();
  });

test("the teaching view's toggle looks pressed only once pressed: not after Python's redraws",
  async () => {
    // "Vue pédagogique" looked pressed after a participant's first draw (French, Notebook 7).
    // Its look is aria-pressed, from the views' shared UI state, which only its button and
    // the O key change: every trait Python sends after a draw, and clicks on the map and the
    // sheet, leave it as it was.
    const state = fixture("seat_waiting");
    state.strings = fixture("strings").fr;
    const t = await setup("seat_waiting", { state });
    const toggle = () => t.q('button[data-action="overlay"]');
    assert.equal(toggle().textContent.includes("Vue pédagogique"), true);
    const look = () => [toggle().getAttribute("aria-pressed"), toggle().className];
    const before = look();
    assert.equal(before[0], "false");
    for (const name of ["draw", "seat_behind", "two_players", "modules_end", "london_draw"]) {
      for (const [trait, value] of Object.entries(fixture(name))) {
        if (trait !== "strings") t.model.pySet(trait, value);
        assert.deepEqual(look(), before, `${name}: ${trait}`);
      }
    }
    for (const hit of t.qa(".nsb-hit")) t.click(hit);
    assert.deepEqual(look(), before);
    t.click(toggle()); // pressed: now it looks pressed
    assert.equal(toggle().getAttribute("aria-pressed"), "true");
    t.model.pySet("turn", { ...t.model.get("turn") });
    assert.equal(toggle().getAttribute("aria-pressed"), "true");
    t.cleanup();
  });

test("outside a room the widget shows no room line and keeps its Reveal", async () => {
  const t = await setup("start");
  assert.equal(t.q(".nsb-room").hidden, true);
  assert.equal(t.q('button[data-action="reveal"]').hidden, false);
  t.cleanup();
});

// ---------------------------------------------------------------------------- the board
test("the board before the first card: who joined, the first card's button", async () => {
  const b = await board("board_start");
  assert.equal(b.q(".nsb-board-name").textContent, "Tuesday workshop");
  assert.equal(b.q(".nsb-board-ready-count").textContent, "3 of 3 ready");
  const reveal = b.q("button.nsb-board-reveal");
  assert.equal(reveal.textContent, "Turn the first card over");
  assert.equal(reveal.disabled, false);
  assert.equal(b.qa(".nsb-board-table tbody tr").length, 3);
  assert.match(b.q(".nsb-board-join").textContent, /join\("room", "…"\)/);
  b.click(reveal);
  assert.deepEqual(b.model.messages().at(-1), { type: "reveal", turn: 0 });
  b.cleanup();
});

test("once the game is closed the board no longer says how to join, in every language",
  async () => {
    // It said "Join with: join(…)" after everyone had finished or the teacher had ended the
    // game: whoever joined then got a seat but no place.
    const b = await board("board_start");
    const line = b.q(".nsb-board-join");
    assert.match(line.textContent, /join\("room", "…"\)/);
    b.model.pySet("table", { ...b.model.get("table"), ended: true });
    assert.equal(line.textContent, "The game is over: whoever joins now gets no place.");
    assert.doesNotMatch(b.el.textContent, /join\(/);
    b.cleanup();
    for (const [language, text] of [
      ["de", "Die Partie ist vorbei: Wer jetzt beitritt, bekommt keinen Platz."],
      ["fr", "La partie est terminée\u00a0: qui rejoint la salle maintenant n'aura pas de place."]]) {
      const other = await board("board_final", (s) => {
        s.table.ended = true;
        s.strings = fixture("board_strings")[language];
      });
      assert.equal(other.q(".nsb-board-join").textContent, text);
      other.cleanup();
    }
  });

test("a retired board says once that it no longer follows the room", async () => {
  // The notice bar and the note by the Reveal button both said it.
  const why = "a newer board of this room took over: this one no longer follows the room "
    + "(use the newer one)";
  const b = await board("board_start", (s) => {
    Object.assign(s.table, { can_reveal: false, can_end: false, why_not: why, retired: why });
    s.notice = { id: 3, level: "info", text: why };
  });
  assert.equal(b.el.textContent.split(why).length - 1, 1);
  assert.equal(b.q(".nsb-notice").textContent, why);
  assert.equal(b.q(".nsb-board-reveal-note").hidden, true);
  const reveal = b.q("button.nsb-board-reveal");
  assert.equal(reveal.disabled, true);
  assert.equal(reveal.title, why); // the reason stays on the greyed-out button
  b.click(reveal);
  assert.deepEqual(b.model.messages(), []);
  b.cleanup();
});

test("the board before anyone joins says what to do in text, not in the count's big type",
  async () => {
    const b = await board("board_nobody");
    assert.equal(b.q(".nsb-board-ready-count").hidden, true);
    const nobody = b.q(".nsb-board-nobody");
    assert.equal(nobody.hidden, false);
    assert.match(nobody.textContent, /^Nobody has joined yet/);
    b.cleanup();
    const joined = await board("board_start");
    assert.equal(joined.q(".nsb-board-nobody").hidden, true);
    assert.equal(joined.q(".nsb-board-ready-count").hidden, false);
    joined.cleanup();
  });

test("Figures and Export are disabled, saying why, until there is something to show",
  async () => {
    const buttons = (b) => ["figures", "export"].map((a) => {
      const btn = b.q(`button[data-action="${a}"]`);
      return { action: a, disabled: btn.disabled, title: btn.title };
    });
    // Nobody has joined: neither has anything to do (Python's reasons, as tooltips).
    const nobody = await board("board_nobody");
    assert.deepEqual(buttons(nobody), [
      { action: "figures", disabled: true,
        title: "nobody has joined yet: the figures show the finished games" },
      { action: "export", disabled: true,
        title: "nobody has joined yet: there is nothing to export" }]);
    nobody.click(nobody.q('button[data-action="export"]'));
    nobody.click(nobody.q('button[data-action="figures"]'));
    assert.deepEqual(nobody.model.messages(), []);
    // Someone joins (a trait from Python): Export works, Figures waits for a finished game.
    nobody.model.pySet("standings", fixture("board_start").standings);
    assert.deepEqual(buttons(nobody), [
      { action: "figures", disabled: true, title: "no participant has finished the game yet: "
        + "the figures show the finished games" },
      { action: "export", disabled: false, title: "" }]);
    nobody.click(nobody.q('button[data-action="export"]'));
    assert.deepEqual(nobody.model.messages(), [{ type: "export" }]);
    nobody.cleanup();
    // At the end both work.
    const final = await board("board_final");
    assert.deepEqual(buttons(final), [{ action: "figures", disabled: false, title: "" },
      { action: "export", disabled: false, title: "" }]);
    final.cleanup();
  });

test("the board in a round: the card large, the counts, who is behind; keys and clicks", async () => {
  const b = await board("board_round");
  const cards = b.qa(".nsb-board-cards .nsb-card");
  assert.equal(cards.length, b.state.table.cards.length);
  assert.match(b.q(".nsb-board-round").textContent, /Round 1 of 4 · Turn 4/);
  assert.equal(b.q(".nsb-board-ready-count").textContent, "0 of 3 ready");
  const status = Object.fromEntries(b.qa(".nsb-board-table tbody tr").map((tr) => [
    tr.dataset.name, tr.querySelector(".nsb-board-status").textContent]));
  assert.deepEqual(status, { Ada: "drawing…", Bob: "1 card behind", Cleo: "3 cards behind" });
  // No place before a round is scored.
  assert.deepEqual(b.qa(".nsb-board-place").map((td) => td.textContent), ["–", "–", "–"]);
  assert.equal(b.qa(".nsb-board-count").length, 2);
  b.key("r");
  assert.deepEqual(b.model.messages().at(-1), { type: "reveal", turn: 4 });
  b.click(b.q('.nsb-board-name-btn[data-name="Bob"]'));
  assert.deepEqual(b.model.messages().at(-1), { type: "show", name: "Bob" });
  b.cleanup();
});

test("the board shows the round in play beside the total, secondary, until it is scored",
  async () => {
    const b = await board("board_round");
    const col = (sel) => b.qa(sel).map((n) => n.textContent);
    // Round 1 in play: the totals are 0, the round as each sheet shows it stands beside them.
    assert.deepEqual(col(".nsb-board-total"), ["0", "0", "0"]);
    assert.equal(b.q("th.nsb-board-current").textContent, "Round 1 so far");
    // (A participant who has drawn nothing in the round yet has none: an empty cell.)
    assert.deepEqual(col("td.nsb-board-current"),
      b.state.standings.rows.map((r) => (r.current === null ? "" : `+${r.current}`)));
    assert.ok(b.state.standings.rows.some((r) => r.current > 0));
    const heads = col(".nsb-board-table th");
    assert.equal(heads.indexOf("Round 1 so far"), heads.indexOf("Total") + 1);
    // Rows in different rounds (a self-paced room): no round number in the heading; a row
    // with no round in play has an empty cell.
    const rows = structuredClone(b.state.standings.rows);
    rows[0].round = 2;
    rows[2].current = null;
    b.model.pySet("standings", { ...b.state.standings, rows });
    assert.equal(b.q("th.nsb-board-current").textContent, "Round so far");
    assert.equal(b.qa("td.nsb-board-current")[2].textContent, "");
    // Nobody with a round in play (between rounds, at the end): no column at all.
    b.model.pySet("standings", { ...b.state.standings, rows: rows.map((r) => ({ ...r,
      current: null })) });
    assert.equal(b.qa(".nsb-board-current").length, 0);
    b.cleanup();
  });

test("the final board: places with shared ones, the winner, the sheet, figures", async () => {
  const b = await board("board_final", (s) => {
    s.standings.rows[1].place = 1; // a tie on total and best round: a shared victory
    s.standings.rows[0].shared = true;
    s.standings.rows[1].shared = true;
  });
  assert.equal(b.q(".nsb-board-scores-title").textContent, "Final places");
  assert.deepEqual(b.qa(".nsb-board-place").map((td) => td.textContent), ["1=", "1=", "3"]);
  // Each language writes a shared place as its readers do (docs/languages.md), on one line.
  for (const [language, places] of [["de", ["1. (geteilt)", "1. (geteilt)", "3."]],
    ["fr", ["1er ex æquo", "1er ex æquo", "3e"]]]) {
    const other = await board("board_final", (s) => {
      s.standings.rows[1].place = 1;
      s.standings.rows[0].shared = true;
      s.standings.rows[1].shared = true;
      s.strings = fixture("board_strings")[language];
    });
    assert.deepEqual(other.qa(".nsb-board-place").map((td) => td.textContent), places);
    other.cleanup();
  }
  assert.equal(b.q(".nsb-board-winner").textContent, "Shared victory: Bob, Ada");
  assert.equal(b.q("button.nsb-board-reveal").disabled, true);
  assert.equal(b.q(".nsb-board-reveal-note").textContent, b.state.table.why_not);
  // Final: nobody is still finishing a sheet, so the board no longer says they are.
  assert.equal(b.q(".nsb-board-last").hidden, true);
  const sheet = b.q(".nsb-board-sheet");
  assert.equal(sheet.hidden, false);
  // drawn like the game widget's map (themed by CSS), a picture: her sections, no targets
  const map = b.q("svg.nsb-board-sheet-map");
  assert.equal(map.getAttribute("role"), "img");
  assert.equal(map.getAttribute("aria-label"), "Ada");
  assert.equal(map.querySelectorAll(".nsb-section").length,
    b.state.sheet.drawing.sections.length);
  assert.ok(map.querySelectorAll(".nsb-section").length > 0);
  assert.equal(map.querySelectorAll(".nsb-hit").length, 0);
  assert.equal(map.hasAttribute("tabindex"), false);
  assert.match(sheet.querySelector("h3").textContent, /^Sheet of Ada: \d+ points$/);
  b.click(sheet.querySelector('button[data-action="hide"]'));
  assert.deepEqual(b.model.messages().at(-1), { type: "hide" });
  assert.equal(b.q(".nsb-board-figures").hidden, true);
  b.model.pySet("figures", { svg: "<svg xmlns='http://www.w3.org/2000/svg'/>", error: null });
  assert.equal(b.q(".nsb-board-figures").hidden, false);
  b.model.pySet("figures", { svg: null, error: "install matplotlib" });
  assert.equal(b.q(".nsb-board-figures p").textContent, "install matplotlib");
  // Between the final places and the figures (seconds of matplotlib): a line says so.
  b.model.pySet("figures", { svg: null, error: null, pending: true });
  assert.equal(b.q(".nsb-board-figures").hidden, false);
  assert.equal(b.q(".nsb-board-figures p").textContent, "Drawing the figures…");
  assert.equal(b.q(".nsb-board-figures").getAttribute("aria-busy"), "true");
  assert.equal(b.q(".nsb-board-figures img").hidden, true);
  b.click(b.q('button[data-action="export"]'));
  assert.deepEqual(b.model.messages().at(-1), { type: "export" });
  b.cleanup();
});

test("the board's columns add up to the total: interchanges and the like in a Bonus column",
  async () => {
    // Bob: 9 + 12 + 12 + 15 = 48 in rounds, 56 in all: 8 points of interchanges had no column.
    const b = await board("board_final");
    const heads = b.qa(".nsb-board-table thead th").map((th) => th.textContent);
    assert.deepEqual(heads.slice(-3), ["Bonus", "Total", "Status"]);
    for (const tr of b.qa(".nsb-board-table tbody tr")) {
      const nums = [...tr.querySelectorAll("td.nsb-num")].map((td) => Number(td.textContent));
      assert.equal(nums.slice(0, -1).reduce((a, n) => a + n, 0), nums.at(-1));
    }
    b.cleanup();
    // Nobody has such points yet: no column.
    const r = await board("board_round");
    assert.equal(r.q(".nsb-board-bonus"), null);
    r.cleanup();
  });

test("the board offers to end the game only when every card is out and someone has not "
  + "finished; a participant who left has no place", async () => {
    const b = await board("board_round");
    const end = () => b.q('button[data-action="end"]');
    assert.equal(end().hidden, true); // cards still to come
    assert.equal(b.q(".nsb-board-end-note").hidden, true);
    b.model.pySet("table", { ...b.state.table, over: true, can_end: true });
    assert.equal(end().hidden, false);
    assert.match(b.q(".nsb-board-last").textContent, /finish their sheets/);
    assert.equal(end().textContent, "End the game");
    assert.match(b.q(".nsb-board-end-note").textContent, /listed as left/);
    // It cannot be undone: the first click only asks for a second one.
    b.click(end());
    assert.deepEqual(b.model.messages().filter((m) => m.type === "end"), []);
    assert.equal(end().textContent, "Click again to end the game");
    assert.ok(end().classList.contains("nsb-armed"));
    b.click(end());
    assert.deepEqual(b.model.messages().at(-1), { type: "end", turn: b.state.table.turns_out });
    assert.equal(end().textContent, "End the game");
    // Ended: the button goes, the one who left is listed after the places, without one.
    b.model.pySet("table", { ...b.state.table, over: true, can_end: false, ended: true });
    const rows = b.state.standings.rows.map((r, i) => ({ ...r, place: i < 2 ? i + 1 : null,
      status: i < 2 ? "finished" : "left", rounds: [1, 2, 3, 4], current: null }));
    b.model.pySet("standings", { ...b.state.standings, rows, final: true });
    assert.equal(end().hidden, true);
    assert.equal(b.q(".nsb-board-scores-title").textContent, "Final places");
    assert.equal(b.q(".nsb-board-last").hidden, true); // ended: nobody finishes a sheet now
    const last = b.qa(".nsb-board-table tbody tr").at(-1);
    assert.equal(last.querySelector(".nsb-board-place").textContent, "–");
    assert.equal(last.querySelector(".nsb-board-status").textContent, "left");
    b.cleanup();
  });

test("End the game asks for a second click, forgotten after a few seconds, Escape or another "
  + "action", async (ctx) => {
    ctx.mock.timers.enable({ apis: ["setTimeout"] });
    const b = await board("board_round");
    b.model.pySet("table", { ...b.state.table, over: true, can_end: true });
    const end = () => b.q('button[data-action="end"]');
    const ends = () => b.model.messages().filter((m) => m.type === "end");
    const armed = () => end().classList.contains("nsb-armed");
    // Forgotten after eight seconds (a teacher may be talking; four was too short in the
    // teacher run), not before.
    b.click(end());
    ctx.mock.timers.tick(7900);
    assert.equal(armed(), true);
    ctx.mock.timers.tick(200);
    assert.equal(armed(), false);
    assert.equal(end().textContent, "End the game");
    b.click(end()); // a first click again, not the second
    assert.deepEqual(ends(), []);
    // Escape forgets it.
    b.key("Escape");
    assert.equal(armed(), false);
    // So does another action (a participant's sheet, Figures, Export...).
    b.click(end());
    b.click(b.q('button[data-action="show"]'));
    assert.equal(b.model.messages().at(-1).type, "show");
    assert.equal(armed(), false);
    b.click(end());
    assert.deepEqual(ends(), []);
    // A table redrawn by the poll keeps it armed; one where the game can no longer be ended
    // forgets it.
    b.model.pySet("table", { ...b.state.table, over: true, can_end: true, seq: 99 });
    assert.equal(armed(), true);
    b.model.pySet("table", { ...b.state.table, over: true, can_end: false, ended: true });
    b.model.pySet("table", { ...b.state.table, over: true, can_end: true });
    assert.equal(armed(), false);
    // In the room's language.
    for (const [language, text] of [["de", "Nochmal klicken: Partie beenden"],
      ["fr", "Cliquez encore pour terminer la partie"]]) {
      const other = await board("board_round", (s) => {
        s.strings = fixture("board_strings")[language];
      });
      other.model.pySet("table", { ...other.state.table, over: true, can_end: true });
      other.click(other.q('button[data-action="end"]'));
      assert.equal(other.q('button[data-action="end"]').textContent, text);
      other.cleanup();
    }
    b.cleanup();
  });

test("equal totals with different places are explained under the table", async () => {
  // The fixture's game: Bob and Ada on the same total, Bob first by his best round.
  const b = await board("board_final");
  const [bob, ada] = b.state.standings.rows;
  assert.equal(bob.total, ada.total);
  assert.deepEqual([bob.place, ada.place], [1, 2]);
  const line = b.q(".nsb-board-tiebreak");
  assert.equal(line.hidden, false);
  assert.equal(line.textContent, "Equal totals are decided by the best single round (the "
    + `rulebook's tie-break): Bob ${bob.tiebreak}, Ada ${ada.tiebreak}.`);
  assert.ok(bob.tiebreak > ada.tiebreak);
  // Nothing decided by the tie-break (Python sends no names): no line.
  b.model.pySet("standings", { ...b.state.standings, tie_broken: [] });
  assert.equal(b.q(".nsb-board-tiebreak").hidden, true);
  b.cleanup();
  const round = await board("board_round");
  assert.equal(round.q(".nsb-board-tiebreak").hidden, true);
  round.cleanup();
});

test("the board names the room's modules in words", async () => {
  const b = await board("board_start", (s) => { s.info.modules = ["effects", "objectives"]; });
  assert.equal(b.q(".nsb-board-sub").textContent, "Berlin · Round effects · Objectives");
  b.cleanup();
});

test("the board says when the room's hints are off", async () => {
  const b = await board("board_start", (s) => { s.info.hints = false; });
  assert.equal(b.q(".nsb-board-sub").textContent, "Berlin · no hints");
  b.cleanup();
});

test("a London room's board says which reading of the pencil powers it plays", async () => {
  const london = fixture("london_start").game_info.ruleset; // what Python sends for London
  for (const [text, shown] of [["One power in the whole game", "Pencil powers (One power in "
    + "the whole game)"], ["", "Pencil powers"]]) {
    const b = await board("board_start", (s) => {
      s.info.modules = ["powers"];
      s.info.ruleset = { ...london, power_limit_text: text };
    });
    assert.equal(b.q(".nsb-board-sub").textContent, `Berlin · ${shown}`);
    b.cleanup();
  }
});

test("a self-paced room's board has no Reveal and says the cards are not secret", async () => {
  const b = await board("board_self");
  assert.equal(b.q("button.nsb-board-reveal").hidden, true);
  assert.match(b.q(".nsb-board-self").textContent, /not secret/);
  b.cleanup();
});

test("a board survives malformed traits and removes every listener", async () => {
  const b = await board("board_round");
  for (const bad of [null, 3, "x", [], { rows: "no" }]) {
    b.model.pySet("standings", bad);
    b.model.pySet("table", bad);
    b.model.pySet("info", bad);
  }
  assert.equal(b.q(".nsb-board-nobody").textContent.length > 0, true); // no rows: what to do
  b.model.pySet("notice", { id: 3, level: "error", text: "nope" });
  assert.equal(b.q(".nsb-notice").getAttribute("role"), "alert");
  b.cleanup();
  assert.equal(b.model.listenerCount(), 0);
  assert.equal(b.el.children.length, 0);
});

test("two boards of one model both follow it", async () => {
  const dom = newDom();
  const doc = dom.window.document;
  const mod = await boardModule();
  const a = await mount(mod, doc.getElementById("a"), fixture("board_start"));
  const c = await mount(mod, doc.getElementById("b"), null, a.model);
  const standings = structuredClone(a.model.get("standings"));
  standings.ready = 1;
  a.model.pySet("standings", standings);
  for (const id of ["a", "b"]) {
    assert.equal(doc.querySelector(`#${id} .nsb-board-ready-count`).textContent, "1 of 3 ready");
  }
  a.cleanup();
  c.cleanup();
  assert.ok(a.model instanceof FakeModel);
});

test("the board's focused buttons keep the notebook's shortcuts off the keys (Notebook 7)",
  async () => {
    const b = await board("board_start");
    const reveal = b.q("button.nsb-board-reveal");
    reveal.focus(); // Tab onto the big button, then "r": Notebook 7 made the cell Raw
    assert.equal(reveal.getAttribute("data-lm-suppress-shortcuts"), "true");
    b.cleanup();
  });

// ---------------------------------------------------------------------------- a participant's view
test("a participant's view of the board has none of the teacher's buttons and marks their row",
  async () => {
    const b = await board("board_viewer");
    assert.equal(b.q("button.nsb-board-reveal").hidden, true);
    assert.equal(b.q("button.nsb-board-end").hidden, true);
    assert.equal(b.q(".nsb-board-actions").hidden, true);
    assert.equal(b.q(".nsb-board-join").textContent, ""); // how to join: the projector's
    assert.equal(b.q(".nsb-board-reveal-note").textContent,
      "The teacher turns the cards over: your board follows by itself.");
    // Their own row, marked; the others' names are text until the places are final.
    const mine = b.q("tr.nsb-board-you");
    assert.equal(mine.dataset.name, "Bob");
    assert.match(mine.textContent, /Bob \(you\)/);
    assert.equal(b.qa("tr.nsb-board-you").length, 1);
    assert.equal(b.qa(".nsb-board-name-btn").length, 0);
    assert.deepEqual(b.qa(".nsb-board-name-text").map((n) => n.textContent), ["Ada", "Bob", "Cleo"]);
    // The keys and a click on a hidden button send nothing.
    b.key("r");
    b.key(" ");
    b.click(b.q("button.nsb-board-reveal"));
    b.click(b.q('button[data-action="export"]'));
    b.click(b.q('button[data-action="figures"]'));
    assert.deepEqual(b.model.messages(), []);
    b.cleanup();
  });

test("a participant's view at the end: final places, and the others' sheets can be opened",
  async () => {
    const b = await board("board_viewer_final");
    assert.equal(b.q(".nsb-board-scores-title").textContent, "Final places");
    assert.equal(b.q("button.nsb-board-reveal").hidden, true);
    assert.equal(b.q(".nsb-board-reveal-note").hidden, true);
    assert.equal(b.q(".nsb-board-actions").hidden, true);
    b.click(b.q('.nsb-board-name-btn[data-name="Ada"]'));
    assert.deepEqual(b.model.messages().at(-1), { type: "show", name: "Ada" });
    assert.equal(b.qa("tr.nsb-board-you").length, 1);
    b.cleanup();
  });

test("once the places are final the ready box says the game is over and Reveal goes",
  async () => {
    // It read "3 of 3 ready" (those who left counted) above a greyed Reveal button.
    const b = await board("board_final");
    assert.equal(b.q(".nsb-board-ready-count").textContent, "Game over");
    assert.equal(b.q(".nsb-board-bar").hidden, true);
    assert.equal(b.q("button.nsb-board-reveal").hidden, true);
    b.cleanup();
    const playing = await board("board_round");
    assert.equal(playing.q(".nsb-board-bar").hidden, false);
    assert.equal(playing.q("button.nsb-board-reveal").hidden, false);
    playing.cleanup();
  });
