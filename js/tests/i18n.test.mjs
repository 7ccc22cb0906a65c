// The front end's words come from Python's `strings` trait: the t() helper, every fixture
// drawn in English, German and French without a missing key, a live language change, and no
// English left in a German widget where the strings decide the words.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, fixture, strings } from "./helpers.mjs";
import { translator, fill, missing } from "../src/i18n.js";

const FIXTURES = ["start", "draw", "double_switch", "double_switch_half", "joker", "two_players",
  "solo_end", "modules", "glimpse", "modules_end", "crowded_end", "two_players_end",
  "london_start", "london_draw", "london_circle", "london_circled", "london_switch",
  "london_end"];

test("t() fills placeholders, picks plural forms and shows the key when one is missing", () => {
  const t = translator({ language: "fr", zero_is_singular: true, messages: {
    "a.b": "Bonjour {name} ({name})", "p.n": ["{n} point", "{n} points"], "fmt.or": "{list} ou {last}",
  } });
  assert.equal(t.language, "fr");
  assert.equal(t("a.b", { name: "Ada" }), "Bonjour Ada (Ada)");
  assert.equal(t("a.b"), "Bonjour {name} ({name})", "no value: the placeholder stays");
  assert.equal(t.n("p.n", 0), "0 point", "French: 0 is singular");
  assert.equal(t.n("p.n", 1), "1 point");
  assert.equal(t.n("p.n", 2), "2 points");
  assert.equal(translator({ messages: { "p.n": ["{n} point", "{n} points"] } }).n("p.n", 0),
    "0 points", "English: 0 is plural");
  assert.equal(t.or(["A", "B", "C"]), "A, B ou C");
  assert.equal(t.or(["A"]), "A");
  missing.clear();
  assert.equal(t("no.such"), "no.such");
  assert.equal(t("no.such2", { station: "C4", n: 2 }), "no.such2 (C4, 2)");
  assert.equal(t.n("no.such3", 3), "no.such3 (3)");
  assert.deepEqual([...missing], ["no.such", "no.such2", "no.such3"]);
  missing.clear();
  // Anything malformed: keys, never an exception.
  for (const bad of [null, undefined, 42, "x", [], { messages: "x" }, { messages: { "a.b": 3 } }]) {
    const tb = translator(bad);
    assert.equal(tb("a.b"), "a.b");
    assert.equal(tb.n("a.b", 2), "a.b (2)");
    assert.equal(tb.language, "");
  }
  missing.clear();
  assert.equal(fill("{a}{b}{a}", { a: 1, b: 0 }), "101");
  assert.equal(fill("{a}", { a: null }), "{a}");
});

for (const language of ["en", "de", "fr"]) {
  test(`every fixture draws without a missing key (${language})`, async () => {
    missing.clear();
    for (const name of FIXTURES) {
      const t = await setup(name, { state: { ...fixture(name), strings: strings(language) } });
      // and the parts shown only after a click: selection, overlay on each round, a hint
      const origin = t.model.get("hints").origins[0];
      if (origin !== undefined) t.clickStation(origin);
      t.click(t.q('button[data-action="overlay"]'));
      for (const b of t.qa(".nsb-ov-rounds button:not([disabled])")) t.click(b);
      t.click(t.q('button[data-action="new-game"]'));
      t.key(t.q(".nsb-widget"), "Escape");
      t.click(t.q('button[data-action="hint"]'));
      t.cleanup();
      t.initCleanup();
    }
    assert.deepEqual([...missing], [], "keys the front end asked for and Python did not send");
  });
}

test("a German widget: buttons, their keys, the help line and the panel in German", async () => {
  const t = await setup("draw", { state: { ...fixture("draw"), strings: strings("de") } });
  assert.equal(t.q(".nsb-widget").getAttribute("lang"), "de");
  const reveal = t.q('button[data-action="reveal"]');
  assert.equal(reveal.getAttribute("aria-label"), "Nächste Karte aufdecken");
  assert.equal(reveal.title, "Nächste Karte aufdecken (R)", "the shortcut letter stays");
  assert.equal(reveal.querySelector("kbd").textContent, "r");
  assert.equal(t.button("Passen").title, "Passen (P)");
  // greyed (a card was just revealed): its title says why, in German
  assert.match(t.button("Rückgängig").title, /^Rückgängig \(U\): eine aufgedeckte Karte bleibt/);
  assert.equal(t.button("Lernansicht").title, "Lernansicht (O)");
  assert.match(t.q(".nsb-help").textContent, /^Klicke ein Linienende an/);
  assert.match(t.q(".nsb-round").textContent, /^Runde 3 von 4$/);
  assert.match(t.q(".nsb-round-end").textContent, /^Die Runde endet, wenn die 5\. Karte/);
  assert.equal(t.q(".nsb-rounds th.nsb-rowhead").textContent, "Linien");
  assert.equal(t.q(".nsb-score").getAttribute("aria-label"), "Punktekarte");
  // a station that cannot be reached: Python answers (in the game's language); the help
  // line says what to do instead, in German
  const f = fixture("draw");
  t.model.pySet("notice", { ...f.notice, id: 99, text: "die Karte zeigt ein Dreieck" });
  assert.equal(t.q(".nsb-notice").textContent, "die Karte zeigt ein Dreieck");
  assert.match(t.q(".nsb-help").textContent, /^Klicke/);
  // the New game confirmation
  t.click(t.q('button[data-action="new-game"]'));
  assert.equal(t.q('button[data-action="new-game"] .nsb-btn-text').textContent,
    "Nochmal klicken: neues Spiel");
});

test("no English text of the table is left in a German or French widget", async () => {
  // Texts whose English and translated forms differ, without placeholders, that the recorded
  // traits (English engine texts) do not contain themselves.
  const en = strings("en").messages;
  for (const language of ["de", "fr"]) {
    const other = strings(language).messages;
    for (const name of ["draw", "modules_end", "london_circle", "two_players_end"]) {
      const f = fixture(name);
      const recorded = JSON.stringify({ ...f, strings: null });
      const t = await setup(name, { state: { ...f, strings: strings(language) } });
      t.click(t.q('button[data-action="overlay"]'));
      const shown = `${t.el.textContent}\n${t.qa("[title],[aria-label]").map((n) =>
        `${n.getAttribute("title")}\n${n.getAttribute("aria-label")}`).join("\n")}\n${t.qa("title")
        .map((n) => n.textContent).join("\n")}`;
      for (const [key, text] of Object.entries(en)) {
        if (typeof text !== "string" || /\{/.test(text) || text === other[key] || text.length < 4
          || recorded.includes(text)) continue;
        const word = new RegExp(`(^|[^\\p{L}])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`
          + "($|[^\\p{L}])", "u");
        assert.ok(!word.test(shown), `${language} ${name}: English "${text}" (${key}) shown`);
      }
      t.cleanup();
    }
  }
});

test("a label and its text take the language's colon (French: a no-break space before it)",
  async () => {
    // "Section double: Avant de tracer..." read wrong in French; the catalogue says "\u00a0:".
    const nb = "\u00a0:";
    const t = await setup("london_draw", { state: { ...fixture("london_draw"),
      strings: strings("fr") } });
    const { title } = fixture("london_draw").hints.power;
    assert.ok(t.q('button[data-action="power"]').title.startsWith(`${title}${nb} `));
    assert.equal(t.q(".nsb-power-now strong").textContent, `${title}${nb} `);
    const a1 = t.qa("title").map((n) => n.textContent).find((x) => x.startsWith("A1"));
    assert.ok(a1.startsWith(`A1${nb} `), a1);
    t.cleanup();
    const e = await setup("glimpse", { state: { ...fixture("glimpse"), strings: strings("fr") } });
    const g = fixture("glimpse");
    const effect = g.game_info.effects.find((x) => x.round === g.turn.round);
    assert.equal(e.q(".nsb-effect-now strong").textContent, `${effect.title}${nb} `);
    e.cleanup();
    const en = await setup("london_draw");
    assert.equal(en.q(".nsb-power-now strong").textContent, `${title}: `);
    en.cleanup();
  });

test("a new strings trait redraws every text live and keeps the selection", async () => {
  const t = await setup("draw");
  const origin = t.model.get("hints").origins[0];
  t.clickStation(origin);
  t.click(t.button("Teaching overlay"));
  assert.match(t.q(".nsb-help").textContent, /selected/);
  t.model.pySet("strings", strings("fr"));
  assert.equal(t.q(".nsb-widget").getAttribute("lang"), "fr");
  assert.equal(t.q('button[data-action="reveal"]').getAttribute("aria-label"),
    "Révéler la carte suivante");
  assert.equal(t.svg().dataset.selected, String(origin), "the selection stays");
  assert.match(t.q(".nsb-help").textContent, /sélectionnée\u00a0: cliquez/);
  assert.equal(t.button("Vue pédagogique").getAttribute("aria-pressed"), "true",
    "the overlay stays on");
  assert.match(t.q(".nsb-ov-live, .nsb-caption").textContent, /Manche|manche/);
  assert.match(t.svg().getAttribute("aria-label"), /Entrée choisit/);
  t.model.pySet("strings", strings("en"));
  assert.equal(t.q(".nsb-widget").getAttribute("lang"), "en");
  assert.equal(t.q('button[data-action="reveal"]').getAttribute("aria-label"), "Reveal next card");
});

test("the export is written in the widget's language", async () => {
  const t = await setup("solo_end", { state: { ...fixture("solo_end"), strings: strings("de") } });
  let file = null;
  t.q(".nsb-widget").addEventListener("nsb-export", (e) => { e.preventDefault(); file = e.detail; });
  t.click(t.q('button[data-action="export-svg"]'));
  assert.ok(file, "an export");
  assert.match(file.data, /Punktekarte/);
  assert.match(file.data, /Endergebnis/);
  assert.doesNotMatch(file.data, /Score sheet|final result/);
});

test("an export says which file it saved, or why it could not, in the player's language",
  async () => {
    const t = await setup("solo_end", { state: { ...fixture("solo_end"),
      strings: strings("de") } });
    const anchor = t.win.HTMLAnchorElement.prototype;
    const clicked = [];
    const click = anchor.click;
    anchor.click = function () { clicked.push(this.download); };
    try {
      t.click(t.q('button[data-action="export-svg"]'));
      assert.equal(clicked.length, 1, "a download");
      assert.match(clicked[0], /^next-station-berlin-.*\.svg$/);
      const notice = t.q(".nsb-notice");
      assert.equal(notice.textContent,
        `${clicked[0]} gespeichert (siehe die Downloads deines Browsers).`);
      assert.equal(notice.dataset.level, "success");
      anchor.click = () => { throw new Error("downloads are blocked"); };
      t.click(t.q('button[data-action="export-svg"]'));
      assert.equal(notice.textContent,
        `${clicked[0]} konnte nicht gespeichert werden: downloads are blocked`);
      assert.equal(notice.dataset.level, "error");
    } finally {
      anchor.click = click;
    }
  });

test("the game's title stays a name in every language (issue 18, item 18)", async () => {
  const f = fixture("london_end");
  const map = { ...f.map_data, title: "Londres" }; // what Python sends in French
  const t = await setup("london_end", { state: { ...f, map_data: map, strings: strings("fr") } });
  let file = null;
  t.q(".nsb-widget").addEventListener("nsb-export", (e) => { e.preventDefault(); file = e.detail; });
  t.click(t.q('button[data-action="export-svg"]'));
  assert.match(file.data, /Next Station: London ·/);
  assert.doesNotMatch(file.data, /Next Station: Londres/);
  // a custom map played with a built-in ruleset is titled by its own name
  t.model.pySet("map_data", { ...map, id: "lyon", title: "Lyon" });
  file = null;
  t.click(t.q('button[data-action="export-svg"]'));
  assert.match(file.data, /Next Station: Lyon ·/);
});

test("map_data sent again (the map's names in another language): views keep one store", async () => {
  const { newDom, mount, widgetModule } = await import("./helpers.mjs");
  const dom = newDom();
  const mod = await widgetModule();
  const f = fixture("draw");
  const a = await mount(mod, dom.window.document.getElementById("a"), f);
  const renamed = structuredClone(f.map_data);
  renamed.pencils = renamed.pencils.map((p) => ({ ...p, name: `${p.name}-x` }));
  a.model.pySet("map_data", renamed);
  a.model.pySet("strings", strings("de"));
  const b = await mount(mod, dom.window.document.getElementById("b"), null, a.model);
  const elA = dom.window.document.getElementById("a");
  const elB = dom.window.document.getElementById("b");
  elB.querySelector('button[data-action="overlay"]').click();
  assert.equal(elA.querySelector('button[data-action="overlay"]').getAttribute("aria-pressed"),
    "true", "the overlay toggled in the new view shows in the old one");
  assert.match(elA.querySelector(".nsb-pencil").textContent, /-x$/, "the new names are drawn");
  b.cleanup();
  a.cleanup();
  a.initCleanup();
});

test("the count of S-Bahn stations counted twice takes the language's words", async () => {
  // Found in the French workshop run: the interchanges' box read "12 (4 S×2)" in French,
  // where the S-Bahn is a "gare nationale" (the tooltip said so, the box kept the German S).
  const f = fixture("modules_end");
  const tier = f.scores.interchanges.find((x) => x.sbahn.length);
  for (const [language, text] of [["en", `(${tier.sbahn.length} S×2)`],
    ["de", `(${tier.sbahn.length} S×2)`], ["fr", `(${tier.sbahn.length} GN×2)`]]) {
    const t = await setup("modules_end", { state: { ...f, strings: strings(language) } });
    const count = t.q(`tr[data-tier="${tier.colours}"] .nsb-tier-count small`);
    assert.equal(count.textContent.trim(), text, language);
    t.cleanup();
  }
});
