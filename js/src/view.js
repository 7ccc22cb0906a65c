// One view of the widget: builds the DOM, listens to the model and the store, draws each trait
// into its own part, and turns clicks and keys into intents (model.send). destroy() removes
// every listener it added.
import { h, now, clear, keepKeysFromHost } from "./dom.js";
import { readAll, readMap, readSheet, readTurn, readHints, readScores, readNotice,
  readHintMessage } from "./normalize.js";
import { createMapSvg, drawStatic, labelZooms, setLabelZooms, drawSheet, drawHighlights, drawHint, pencilTable,
  symbolWords, lineName } from "./map.js";
import { drawOverlay, overlayRounds } from "./overlay.js";
import { analyse, decideClick, highlightSets, candidates, readingOrder, step }
  from "./interaction.js";
import { createToolbar, updateToolbar, fitToolbar, createPanel, updatePanel, updateNow }
  from "./cards.js";
import { createScoreSheet, updateScoreSheet, bonusText } from "./scoresheet.js";
import { serializeSvg, svgToPngBase64, download } from "./export.js";
import { parseRgb } from "./colour.js";
import { roomHelp } from "./room.js";
import { actionWords, HINT_WORDS, UNDO_WORDS } from "./words.js";

const TRAITS = ["map_data", "game_info", "sheet", "turn", "hints", "scores", "notice", "strings"];
const KEYS = { r: "reveal", n: "reveal", p: "pass", u: "undo", o: "overlay", h: "hint" };
/** How long the Hint button waits for Python's answer before it gives up (ms). */
const HINT_TIMEOUT = 30000;
/** A second Reveal or Pass this soon after the first, before Python answered, is a repeat. */
const REPEAT_MS = 1500;
const isPlain = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
let viewCounter = 0;

export function createView(model, el, store) {
  const t0 = now();
  const doc = el.ownerDocument;
  const id = `nsb-${++viewCounter}`;
  const ui = { cursor: null, hover: null, term: null, local: null, armedNewGame: false,
    exporting: false, noticeId: null, pendingDraw: null, paper: null, hint: null,
    hintBusy: null, pendingAct: null, labelZooms: { station: 1, grid: 1 } };
  let st = readAll(model);
  let pencils = pencilTable(st.map || { pencils: [] });
  let geo = null;
  let armTimer = null;
  let hintTimer = null;
  let destroyed = false;

  // ---------------------------------------------------------------- DOM skeleton
  // tabindex -1: the root takes the focus back when a button that had it gets disabled, so the
  // keys keep working after a click (not reachable with Tab itself).
  const root = h(doc, "div", { class: "nsb-widget", "data-lm-suppress-shortcuts": "true",
    "data-view": id, tabindex: "-1" });
  const toolbar = createToolbar(doc);
  const notice = h(doc, "div", { class: "nsb-notice", role: "status", "aria-live": "polite",
    "aria-atomic": "true" });
  const { svg, layers } = createMapSvg(doc);
  const placeholder = h(doc, "div", { class: "nsb-placeholder" });
  const help = h(doc, "div", { class: "nsb-help" });
  const roundPickerTitle = h(doc, "span");
  const roundPicker = h(doc, "div", { class: "nsb-ov-rounds", role: "group" }, roundPickerTitle);
  for (let n = 1; n <= 4; n++) {
    roundPicker.append(h(doc, "button", { type: "button", class: "nsb-btn nsb-btn-small",
      "data-action": "overlay-round", "data-round": n, "aria-pressed": "false",
      text: String(n) }));
  }
  const legend = h(doc, "p", { class: "nsb-legend" });
  const liveNote = h(doc, "p", { class: "nsb-ov-live" });
  const caption = h(doc, "div", { class: "nsb-caption", hidden: true }, roundPicker, liveNote,
    legend);
  const mapKey = h(doc, "p", { class: "nsb-map-key", hidden: true });
  const live = h(doc, "div", { class: "nsb-sr-only", "aria-live": "polite" });
  // The map keeps its click targets at least 24 px wide: on a narrow screen it scrolls
  // sideways in this box, which then says so (see markScrollers).
  const mapScroll = h(doc, "div", { class: "nsb-scroll nsb-map-scroll" }, svg);
  const mapBox = h(doc, "div", { class: "nsb-mapbox" }, mapScroll, placeholder, mapKey, caption,
    live);
  const panel = createPanel(doc);
  // The hint: what the hint bot suggests, its one-line reason, the score terms it changes.
  const hintBox = h(doc, "div", { class: "nsb-hint-box", role: "status", "aria-live": "polite",
    hidden: true });
  panel.el.insertBefore(hintBox, panel.parts.players);
  const score = createScoreSheet(doc);
  const nowCards = h(doc, "div", { class: "nsb-now", role: "img", hidden: true });
  // The one-letter keys reach the game only while it has the focus: this says whether they
  // do now, and a click on it (or anywhere in the widget) gives them to the game.
  const keysText = h(doc, "span", { class: "nsb-keys-text" });
  const keys = h(doc, "button", { type: "button", class: "nsb-keys", "data-action": "keys",
    "data-active": "false" }, keysText);
  toolbar.el.append(keys);
  // Hot-seat: once the shown player is done, the next human who must draw is offered.
  const swap = h(doc, "button", { type: "button", class: "nsb-btn nsb-switch",
    "data-action": "switch-player", hidden: true });
  root.append(toolbar.el, h(doc, "div", { class: "nsb-messages" }, nowCards, notice, help, swap),
    h(doc, "div", { class: "nsb-main" }, mapBox, panel.el), score.el);
  el.append(root);

  // ---------------------------------------------------------------- drawing
  function showLocal(text, level = "info") {
    ui.local = text ? { text, level } : null;
    drawNotice();
    if (geo) safely("highlights", drawHighlightLayer); // a local notice replaces the red ring
  }

  // What `safely` names when a part could not be drawn.
  const PARTS = { map: "part.map", sheet: "part.sheet", overlay: "part.overlay",
    highlights: "part.highlights", panel: "part.panel", buttons: "part.buttons",
    "score sheet": "part.score_sheet", hint: "part.hint" };

  function safely(what, fn) {
    try {
      fn();
    } catch (err) {
      // Keep the widget alive: say what could not be shown, log the details.
      if (globalThis.console) console.error(`nsb_widget: could not draw ${what}`, err);
      ui.local = { text: st.t("notice.could_not_show", { part: PARTS[what] ? st.t(PARTS[what])
        : what, error: err && err.message ? err.message : String(err) }), level: "error" };
      try { drawNotice(); } catch { /* the notice itself failed: nothing more to do */ }
    }
  }

  function malformed() {
    return TRAITS.filter((t) => {
      const v = model.get(t);
      return v !== undefined && v !== null && !isPlain(v);
    });
  }

  /** Python's notice, unless it is an error the player has moved on from (a new selection or
   * Escape since: the old refusal no longer describes what is on the map). */
  function pyNotice() {
    const n = st.notice;
    return n.level === "error" && n.id === store.state.dismissed ? { ...n, text: "", station: null }
      : n;
  }

  /** The store patch that puts away Python's error notice shown now (nothing if none is). */
  function dismissError() {
    return st.notice.level === "error" && st.notice.text ? { dismissed: st.notice.id } : {};
  }

  /** A notice's text: what an undo took back in the words of the hints and the bots' moves
   * ("Taken back: C4–D5 (Bear)"), else Python's text. */
  function noticeText(n) {
    return n.text && n.taken_back ? actionWords(n.taken_back, st, UNDO_WORDS) : n.text;
  }

  function drawNotice() {
    const n = pyNotice();
    const shown = ui.local || (n.text ? { text: noticeText(n), level: n.level } : null);
    notice.textContent = shown ? shown.text : "";
    notice.dataset.level = shown ? shown.level : "";
    notice.classList.toggle("nsb-notice-empty", !shown);
    // What the player can do now stays visible next to any notice (an error says what went
    // wrong, the help what to do instead).
    help.textContent = helpText();
    help.hidden = !help.textContent;
    if (shown && shown.level === "error") notice.setAttribute("role", "alert");
    else notice.setAttribute("role", "status");
    drawSwitch();
  }

  /** Hot-seat: the human who must draw now, when the shown sheet is done (or a bot's). */
  function switchTarget() {
    const { turn, hints } = st;
    if (!st.map || turn.game_over || turn.phase !== "draw" || turn.players.length < 2) return null;
    const shown = st.sheet.player;
    const shownBot = Boolean((turn.players[shown] || {}).bot);
    if (!shownBot && (hints.open_lines.length || turn.waiting_for.includes(shown))) return null;
    const next = turn.waiting_for.find((p) => p !== shown && turn.players[p]
      && !turn.players[p].bot);
    return next === undefined ? null : next;
  }

  function drawSwitch() {
    const p = switchTarget();
    swap.hidden = p === null;
    if (p === null) return;
    const name = st.turn.players[p].name;
    swap.dataset.player = String(p);
    swap.textContent = st.t("help.switch_to", { name });
    swap.title = st.t("help.switch_title", { name });
  }

  const keysActive = (focused = doc.activeElement) => Boolean(focused && root.contains(focused));

  /** Say whether the keys reach the game now (`focused`: where the focus is going). */
  function drawKeys(focused = doc.activeElement) {
    const on = keysActive(focused);
    keys.dataset.active = on ? "true" : "false";
    keysText.textContent = st.t(on ? "keys.on" : "keys.off");
    keys.title = st.t(on ? "keys.on_title" : "keys.off_title");
  }

  /**
   * Run a redraw and keep the focus in the widget: a focused element that the redraw
   * replaced (a score-sheet box, the player selector) hands the focus to its new twin (same
   * data-* attributes), else to the root, never to the page (where the keys would stop). A
   * focused element the redraw hid (the "Switch to Bo's sheet" button once clicked) counts as
   * lost: the browser drops its focus to the page a moment later.
   */
  function keepFocus(redraw) {
    const had = doc.activeElement;
    const inside = Boolean(had && had !== root && root.contains(had));
    const key = inside ? focusKey(had) : null;
    redraw();
    if (!inside || destroyed) return;
    const now = doc.activeElement;
    const usable = (node) => !node.disabled && !node.closest("[hidden]");
    if (now && now !== doc.body && root.contains(now) && usable(now)) return;
    const twin = key ? root.querySelector(key) : null;
    (twin && usable(twin) ? twin : root).focus({ preventScroll: true });
    drawKeys();
  }

  /** Where a focused element is found again after a redraw: its tag and data-* attributes. */
  function focusKey(node) {
    const attrs = [...node.attributes].filter((a) => a.name.startsWith("data-")
      && a.name !== "data-lm-suppress-shortcuts"); // set on focus (keepKeysFromHost)
    if (!attrs.length) return null;
    const quote = (v) => `"${v.replace(/["\\]/g, "\\$&")}"`;
    return node.tagName.toLowerCase() + attrs.map((a) => `[${a.name}=${quote(a.value)}]`).join("");
  }

  /**
   * Boxes that scroll sideways say so: `data-overflow` ("end": more on the right, "start":
   * on the left, "both", "" none) draws a shadow at the hidden side and shows their cue line.
   */
  function markScrollers() {
    if (destroyed) return;
    for (const box of root.querySelectorAll(".nsb-score-block, .nsb-map-scroll")) {
      box.classList.add("nsb-scroll");
      let cue = box.firstElementChild;
      if (!cue || !cue.classList.contains("nsb-scroll-cue")) {
        cue = h(doc, "div", { class: "nsb-scroll-cue", "aria-hidden": "true" });
        box.prepend(cue);
      }
      const text = st.t("scroll.more");
      if (cue.textContent !== text) cue.textContent = text;
      const hidden = box.scrollWidth - box.clientWidth;
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft < hidden - 1;
      const where = hidden <= 1 ? "" : left && right ? "both" : left ? "start" : "end";
      if (box.dataset.overflow !== where) box.dataset.overflow = where;
    }
  }

  function helpText() {
    const { turn, hints, map, t } = st;
    if (!map) return "";
    const names = (ids) => ids.map((i) => (turn.players[i] || {}).name
      || t("player.default", { n: i + 1 })).join(", ");
    // A room's widget has no New game button: point to the board instead.
    if (turn.game_over) return t(st.info.room ? "room.over" : "help.game_over");
    if (turn.thinking.length) {
      const bots = turn.bot_turns.filter((b) => turn.thinking.includes(b.player))
        .map((b) => t("panel.player_bot", { name: b.name })).join(", ");
      return t("help.bots_thinking", { names: bots || names(turn.thinking) });
    }
    if (powerMode()) return whose(t("help.power_station", { power: hints.power.title }));
    if (turn.phase === "reveal") {
      const waiting = roomHelp(st); // a classroom's participant waits for the teacher
      if (waiting) return waiting;
      if (turn.can_reveal) return t("help.reveal");
      return turn.waiting_for.length ? t("help.waiting_for", { names: names(turn.waiting_for) })
        : t("help.waiting_for_others");
    }
    if (turn.phase !== "draw") return "";
    if (!hints.open_lines.length) {
      return turn.waiting_for.length ? t("help.waiting_to_draw",
        { names: names(turn.waiting_for) }) : "";
    }
    if (!hints.moves.length) return whose(t("help.nothing_to_draw"));
    if (store.state.selected !== null && st.map.okStation(store.state.selected)) {
      const label = st.map.stations[store.state.selected].label;
      return whose(t("help.selected", { station: label }));
    }
    return whose(t(hints.double_switch ? "help.draw_anywhere" : "help.draw"));
  }

  /** Hot-seat (two humans or more at one widget): what to draw, named for the shown sheet's
   * player ("Player 2: Click a line end..."), so nobody draws on another's sheet unawares.
   * Not in a classroom, where everyone has a widget of their own. */
  function whose(text) {
    const humans = st.info.players.filter((p) => !p.bot).length;
    const p = st.sheet.player;
    if (humans < 2 || st.info.room || !Number.isInteger(p)) return text;
    const name = (st.turn.players[p] || {}).name || st.t("player.default", { n: p + 1 });
    return st.t("fmt.labelled", { label: name, text });
  }

  function flashNotice() {
    notice.classList.remove("nsb-flash");
    void notice.offsetWidth; // restart the CSS animation when the same text comes twice
    notice.classList.add("nsb-flash");
  }

  function drawMapAll() {
    if (!st.map) {
      geo = null;
      svg.style.display = "none";
      placeholder.hidden = false;
      return;
    }
    svg.style.display = "";
    placeholder.hidden = true;
    pencils = pencilTable(st.map, ui.paper);
    geo = drawStatic(svg, layers, st.map, pencils, st.info.ruleset, st.t, ui.labelZooms.station);
    setLabelZooms(svg, ui.labelZooms);
    legend.textContent = st.info.ruleset.overlay_caption;
    // A key for what the map shows but does not name: the grey outer districts (objectives
    // and effects count them).
    clear(mapKey);
    const outer = st.map.districts.filter((d) => d.kind === "outer").map((d) => d.name);
    mapKey.hidden = !outer.length;
    if (outer.length) {
      mapKey.append(h(doc, "span", { class: "nsb-key-swatch nsb-key-outer", "aria-hidden": "true" }),
        h(doc, "span", { text: st.t("map.key_outer", { districts: outer.join(", ") }) }));
    }
    svg.setAttribute("aria-label", st.t("map.aria", { map: st.map.title
      ? st.t("map.named", { map: st.map.title }) : st.t("map.unnamed") }));
  }

  function drawSheetLayer() {
    if (!geo) return;
    drawSheet(layers, st.map, geo, st.sheet, pencils, st.info.ruleset, st.t);
  }

  function drawOverlayLayer() {
    if (!geo) return;
    const { rounds, latest, live } = overlayRounds(st.scores);
    const round = rounds.includes(store.state.overlayRound) ? store.state.overlayRound : latest;
    drawOverlay(layers.tint, layers.overlay, st.map, geo, st.scores, pencils,
      { all: store.state.overlay, term: ui.term, round });
    caption.hidden = !store.state.overlay;
    const { t } = st;
    roundPicker.setAttribute("aria-label", t("overlay.rounds_aria"));
    roundPickerTitle.textContent = t("overlay.show_round");
    for (const b of roundPicker.querySelectorAll("button")) {
      const n = Number(b.dataset.round);
      b.disabled = !rounds.includes(n);
      b.setAttribute("aria-pressed", n === round ? "true" : "false");
      b.textContent = n === live ? t("overlay.round_now", { n }) : String(n);
      b.setAttribute("aria-label", n === live ? t("overlay.round_so_far_aria", { n })
        : t("overlay.round_aria", { n }));
    }
    liveNote.textContent = round === null ? t("overlay.nothing_yet")
      : round === live ? t("overlay.live_note", { n: round }) : t("overlay.scored_note",
        { n: round });
    liveNote.dataset.live = round !== null && round === live ? "1" : "0";
  }

  // The pencil power that names a station (London's circle) waits for that station.
  function powerMode() {
    const p = st.hints.power;
    return Boolean(store.state.power && p && p.station && p.usable && p.id === store.state.power);
  }

  function hlState() {
    const sel = store.state.selected;
    const n = pyNotice();
    const error = !ui.local && n.level === "error" ? n.station : null;
    if (powerMode()) {
      return { origins: [], targets: [], faint: [], selected: null, power: st.hints.power.stations,
        focus: ui.cursor, ghost: null, error };
    }
    const hl = highlightSets(st.hints, sel, store.state.choose);
    const pointer = ui.hover !== null ? ui.hover : ui.cursor;
    const ghost = hl.selected !== null && pointer !== null && hl.targets.includes(pointer)
      ? [hl.selected, pointer] : null;
    return { ...hl, focus: ui.cursor, ghost, error };
  }

  function drawHighlightLayer() {
    if (!geo) return;
    const hl = hlState();
    drawHighlights(layers.hl, st.map, geo, hl);
    drawHint(layers.hl, st.map, geo, ui.hint);
    svg.dataset.selected = hl.selected === null ? "" : String(hl.selected);
  }

  function drawPanel() {
    updatePanel(panel, st, pencils);
    updateNow(nowCards, st.turn, st.info.ruleset, st.t);
  }

  function drawToolbar() {
    const focused = doc.activeElement;
    const hadFocus = focused && focused !== root && toolbar.el.contains(focused);
    updateToolbar(toolbar, st, { overlay: store.state.overlay, armedNewGame: ui.armedNewGame,
      exporting: ui.exporting, powerMode: powerMode(), hintBusy: Boolean(ui.hintBusy),
      hintPower: ui.hint && ui.hint.kind === "power" ? ui.hint.power.id : null });
    // A button disabled under the focus (Reveal after its click, Pass...) would drop the focus
    // to the page, where the keys no longer reach the widget: keep it in the widget.
    if (hadFocus && focused.disabled) root.focus({ preventScroll: true });
    fitLater();
  }

  /**
   * The toolbar in one row where it can be (cards.js fitToolbar: icons for words as the view
   * narrows), measured in the next frame (a view is drawn before it is in the page). It is
   * measured with the longer of the keys' two states, so a focus moving in or out of the
   * widget never switches the buttons between words and icons.
   */
  let fitFrame = null;
  function fitNow() {
    if (destroyed || !root.isConnected) return;
    const now = keysText.textContent;
    keysText.textContent = [st.t("keys.on"), st.t("keys.off")]
      .reduce((a, b) => (b.length > a.length ? b : a));
    fitToolbar(toolbar.el);
    keysText.textContent = now;
  }
  function fitLater() {
    const win = doc.defaultView;
    if (fitFrame !== null || !win || !win.requestAnimationFrame) return;
    fitFrame = win.requestAnimationFrame(() => {
      fitFrame = null;
      fitNow();
    });
  }

  function drawScores() {
    updateScoreSheet(score, st.scores, st.turn, pencils, st.sheet.pencil, st.info.ruleset,
      st.t);
    markScrollers();
  }

  // The paper colour the map is drawn on (the theme's), as [r, g, b]; null while detached.
  const probe = h(doc, "span", { class: "nsb-paper-probe", "aria-hidden": "true" });
  root.append(probe);
  function readPaper() {
    if (!root.isConnected || !doc.defaultView) return null;
    return parseRgb(doc.defaultView.getComputedStyle(probe).color);
  }

  /** Pencil colours follow the paper (3:1 at least): redraw when the theme changed. */
  // The map's small labels grow when it is drawn small (map.js, labelZoom); the other labels
  // are placed clear of the station labels at their size, so a new step redraws the map.
  function fitMapLabels() {
    if (destroyed || !geo) return;
    const zooms = labelZooms(svg);
    if (!zooms || JSON.stringify(zooms) === JSON.stringify(ui.labelZooms)) return;
    ui.labelZooms = zooms;
    drawEverything();
  }

  function syncPaper(force = null) {
    const paper = force || readPaper();
    if (String(paper) === String(ui.paper)) return false;
    ui.paper = paper;
    drawEverything();
    return true;
  }

  function renderAll() {
    st = readAll(model);
    ui.pendingDraw = null;
    ui.pendingAct = null;
    ui.hint = null; // a new game (or map): no hint of the old one stays
    stopThinking();
    live.textContent = ""; // a new game: nothing said about the previous one stays
    ui.paper = readPaper();
    ui.noticeId = st.notice.id;
    drawEverything();
  }

  // Texts of the skeleton that no trait redraws (they follow the language of `strings`).
  function drawTexts() {
    const { t } = st;
    root.lang = t.language || "";
    root.setAttribute("aria-busy", st.turn.thinking.length ? "true" : "false");
    drawKeys();
    placeholder.textContent = t("map.waiting");
    score.el.setAttribute("aria-label", t("score.title"));
    if (!st.map) svg.setAttribute("aria-label", t("map.aria", { map: t("map.unnamed") }));
  }

  function drawEverything() {
    drawTexts();
    safely("map", drawMapAll);
    safely("sheet", drawSheetLayer);
    safely("overlay", drawOverlayLayer);
    safely("highlights", drawHighlightLayer);
    safely("panel", drawPanel);
    safely("buttons", drawToolbar);
    safely("score sheet", drawScores);
    safely("hint", drawHintBox);
    drawNotice();
    markScrollers();
    const bad = malformed();
    if (!st.map && model.get("map_data") !== undefined && model.get("map_data") !== null) {
      bad.push("map_data");
    }
    if (bad.length) {
      showLocal(st.t("notice.unreadable", { traits: [...new Set(bad)].join(", ") }), "error");
    }
  }

  // A selected origin that is no longer a legal origin is dropped (new turn, move drawn...).
  function validateSelection() {
    const origins = new Set(st.hints.origins);
    const sel = store.state.selected;
    const patch = {};
    if (sel !== null && !origins.has(sel)) patch.selected = null;
    const ch = store.state.choose;
    if (ch && !ch.origins.every((o) => origins.has(o))) patch.choose = null;
    if (store.state.power && !powerMode()) patch.power = null;
    if (Object.keys(patch).length) store.set(patch);
    if (ui.cursor !== null && !cands().includes(ui.cursor)) ui.cursor = null;
  }

  // What the keyboard steps through: the stations a station power may name, else the moves'.
  function cands(A) {
    if (powerMode()) return readingOrder(st.map, st.hints.power.stations);
    return candidates(st.map, st.hints, store.state.selected, store.state.choose, A);
  }

  const updaters = {
    map_data: () => renderAll(),
    game_info: () => renderAll(),
    // Another language: every text is drawn again (the selection and overlay stay).
    strings: () => {
      st = readAll(model);
      drawEverything();
    },
    sheet: () => {
      st.sheet = readSheet(model.get("sheet"), st.map);
      safely("sheet", drawSheetLayer);
      safely("panel", drawPanel);
      safely("score sheet", drawScores);
    },
    turn: () => {
      st.turn = readTurn(model.get("turn"), st.info, st.t);
      root.setAttribute("aria-busy", st.turn.thinking.length ? "true" : "false");
      if (st.turn.game_over || st.turn.phase !== "draw") disarm();
      safely("panel", drawPanel);
      safely("buttons", drawToolbar);
      safely("score sheet", drawScores);
      drawNotice();
    },
    hints: () => {
      const previous = st.hints;
      const before = previous.version;
      st.hints = readHints(model.get("hints"), st.map);
      ui.pendingDraw = null;
      // Any change of the game (or of the sheet shown) makes a hint stale: clear it, and stop
      // waiting for one asked before (its answer will be dropped).
      if (ui.hint && ui.hint.version !== st.hints.version) {
        ui.hint = null;
        safely("hint", drawHintBox);
      }
      if (ui.hintBusy && ui.hintBusy.version !== st.hints.version) {
        // Only the others moved (the bots drew while the kernel was busy): the shown player's
        // choice is the same, so ask again for it rather than drop the request unanswered.
        if (sameChoice(previous, st.hints)) askAgain();
        else stopThinking();
      }
      validateSelection();
      // What a click said (several ends reach a station, a dead end...) belongs to that
      // moment: once the game moves on (a pass, a reveal, a draw) it goes.
      if (before !== st.hints.version && ui.local && ui.local.level !== "error"
        && !store.state.choose) ui.local = null;
      safely("highlights", drawHighlightLayer);
      safely("panel", drawPanel);
      safely("buttons", drawToolbar);
      drawNotice();
    },
    scores: () => {
      st.scores = readScores(model.get("scores"), st.map, st.info, st.t);
      safely("score sheet", drawScores);
      safely("overlay", drawOverlayLayer);
    },
    notice: () => {
      st.notice = readNotice(model.get("notice"));
      if (st.notice.id !== ui.noticeId) {
        ui.noticeId = st.notice.id;
        ui.pendingDraw = null;
        ui.local = null;
        if (st.notice.text) flashNotice();
      }
      drawNotice();
      safely("highlights", drawHighlightLayer);
    },
  };

  const handlers = {};
  for (const trait of TRAITS) {
    handlers[trait] = () => {
      if (destroyed) return;
      const t = now();
      const v = model.get(trait);
      const malformed = st.t("notice.malformed", { trait });
      if (v !== undefined && v !== null && !isPlain(v)) {
        showLocal(malformed, "error");
      } else if (ui.local && ui.local.text === malformed) {
        ui.local = null; // a good value arrived: the warning no longer holds
      }
      // Python answered: a Reveal or Pass pressed again from now on is a new one.
      if (trait === "turn" || trait === "hints" || trait === "notice") ui.pendingAct = null;
      keepFocus(() => {
        updaters[trait]();
        if (trait !== "map_data" && trait !== "game_info") syncPaper();
      });
      el.dataset.updateMs = (now() - t).toFixed(2);
    };
    model.on(`change:${trait}`, handlers[trait]);
  }

  const offStore = store.subscribe(() => {
    if (destroyed) return;
    keepFocus(() => {
      validateSelection();
      safely("overlay", drawOverlayLayer);
      safely("highlights", drawHighlightLayer);
      safely("buttons", drawToolbar);
      drawNotice();
    });
  });

  // ---------------------------------------------------------------- intents
  function send(msg) {
    model.send(msg);
  }

  // ---------------------------------------------------------------- hints
  function stopThinking() {
    if (hintTimer !== null) clearTimeout(hintTimer);
    hintTimer = null;
    ui.hintBusy = null;
  }

  /** The shown player has the same choice in `a` and `b` (their versions aside): the same
   * sheet, lines to draw, sections and power. Another player's move changes none of them. */
  function sameChoice(a, b) {
    const choice = (x) => JSON.stringify({ ...x, version: null });
    return b.open_lines.length > 0 && choice(a) === choice(b);
  }

  /** Ask Python again, for the game as it is now, for the hint being waited for. */
  function askAgain() {
    ui.hintBusy.version = st.hints.version;
    ui.hintBusy.pending += 1;
    send({ type: "hint", version: st.hints.version });
  }

  function askHint() {
    if (ui.hintBusy) { // already thinking: a second press is not a second request
      announce(st.t("hint.still_thinking"));
      return;
    }
    const version = st.hints.version;
    // `pending`: requests not answered yet (Python answers each one, "stale" included)
    ui.hintBusy = { version, pending: 1 };
    hintTimer = setTimeout(() => {
      if (destroyed || !ui.hintBusy) return;
      stopThinking();
      safely("buttons", drawToolbar);
      showLocal(st.t("hint.timeout"), "error");
    }, HINT_TIMEOUT);
    ui.hint = null;
    safely("hint", drawHintBox);
    safely("highlights", drawHighlightLayer);
    safely("buttons", drawToolbar);
    announce(st.t("hint.thinking_aria"));
    send(version === null ? { type: "hint" } : { type: "hint", version });
  }

  /** Python's answer to a hint request (routed here by index.js). */
  function onHintMessage(content) {
    if (destroyed) return;
    const m = readHintMessage(content, st.map);
    if (!m) return;
    if (ui.hintBusy) {
      // A "stale" answer to a request asked again since is not the end of the wait.
      ui.hintBusy.pending -= 1;
      if ((!m.stale && ui.hintBusy.version === m.version) || ui.hintBusy.pending <= 0) {
        stopThinking();
        safely("buttons", drawToolbar);
      }
    }
    // Stale (the game or the sheet changed since), a refusal (the notice says what to do) or
    // not for the sheet shown: nothing to show.
    if (m.stale || !m.hint || m.version !== st.hints.version || m.player !== st.hints.player) {
      return;
    }
    ui.hint = { ...m.hint, version: m.version, seconds: m.seconds };
    safely("hint", drawHintBox);
    safely("highlights", drawHighlightLayer);
    safely("buttons", drawToolbar);
    announce(hintBox.textContent);
  }

  /** The hint's headline: "Draw C4–D5 (Crown)", "Use the Circled station power on F4 first". */
  const hintTitle = (hint) => actionWords(hint, st, HINT_WORDS);

  function drawHintBox() {
    clear(hintBox);
    const hint = ui.hint;
    hintBox.hidden = !hint;
    if (!hint) {
      hintBox.removeAttribute("title");
      delete hintBox.dataset.kind;
      return;
    }
    hintBox.dataset.kind = hint.kind;
    const changed = hint.terms.filter((x) => x.after !== x.before);
    const sign = (n) => (n > 0 ? `+${n}` : String(n));
    const rows = changed.map((x) => st.t("fmt.labelled", { label: x.label,
      text: `${x.before} → ${x.after} (${sign(x.after - x.before)})` }));
    hintBox.title = rows.length ? `${st.t("hint.if_drawn")}\n${rows.join("\n")}`
      : hint.kind === "draw" ? st.t("hint.no_change") : "";
    // The reason of a power or pass hint starts with what the title already says: keep the rest.
    const title = hintTitle(hint);
    let reason = hint.reason;
    if (reason.toLowerCase().startsWith(title.toLowerCase())) {
      reason = reason.slice(title.length).replace(/^\s*[;:,]\s*/, "");
    }
    hintBox.append(h(doc, "strong", { class: "nsb-hint-title",
      text: st.t("hint.title", { hint: title }) }));
    if (reason) hintBox.append(h(doc, "span", { class: "nsb-hint-reason", text: ` — ${reason}` }));
    if (changed.length) {
      hintBox.append(h(doc, "p", { class: "nsb-hint-terms",
        text: changed.map((x) => `${x.label} ${sign(x.after - x.before)}`).join(" · ") }));
    }
  }

  function disarm() {
    if (armTimer !== null) clearTimeout(armTimer);
    armTimer = null;
    if (ui.armedNewGame) {
      ui.armedNewGame = false;
      drawToolbar();
    }
  }

  function onStation(i, viaKeyboard = false) {
    if (!st.map || !st.map.okStation(i)) return;
    if (powerMode()) {
      // Python decides; a station it lists ends the choice, another one keeps it (and the
      // notice says why it cannot be named).
      const p = st.hints.power;
      ui.local = null;
      drawNotice();
      send({ type: "power", power: p.id, station: i });
      if (p.stations.includes(i)) {
        ui.cursor = null;
        store.set({ power: null });
      }
      return;
    }
    // A draw to this station was sent and Python has not answered yet: the second click of a
    // double-click is not a new move.
    if (ui.pendingDraw === i) return;
    const label = st.map.stations[i].label;
    if (!st.hints.open_lines.length) { // nothing to draw now: say what to do, it is no mistake
      showLocal(st.t("notice.nothing_to_draw", { help: helpText() }).trim(), "info");
      return;
    }
    const A = analyse(st.hints);
    const end = ownEnd(i);
    if (end && !A.origins.has(i) && store.state.selected === null) {
      // The end of one's own line, with no section from it for this card.
      // Where a round has one line, the line needs no name.
      const first = st.hints.line_ids.length > 1
        ? st.t("notice.dead_end", { station: label, line: end })
        : st.t("notice.dead_end_one", { station: label });
      showLocal(`${first} ${st.t(st.hints.moves.length ? "notice.click_end"
        : "notice.pass_instead")}`, "info");
      return;
    }
    const d = decideClick(i, store.state.selected, st.hints, A);
    if (d.kind === "select") {
      ui.local = null;
      store.set({ selected: d.origin, choose: null, ...dismissError() });
      if (viaKeyboard) {
        ui.cursor = candidates(st.map, st.hints, d.origin, null, A)[0] ?? null;
        drawHighlightLayer();
      }
      ui.local = null;
      drawNotice(); // the help line says it is selected and what to click next
      announce(st.t("aria.selected", { station: label }));
    } else if (d.kind === "deselect") {
      store.set({ selected: null, choose: null });
      showLocal(st.t("notice.deselected", { station: label }), "info");
      announce(st.t("aria.selection_cancelled"));
    } else if (d.kind === "choose") {
      store.set({ selected: null, choose: { target: d.target, origins: d.origins } });
      const ends = d.origins.map((o) => st.map.stations[o].label).join(", ");
      showLocal(st.t("notice.choose_end", { station: label, ends }), "info");
      if (viaKeyboard) {
        ui.cursor = candidates(st.map, st.hints, null, store.state.choose, A)[0] ?? null;
        drawHighlightLayer();
      }
    } else {
      ui.local = null;
      drawNotice();
      send(d.message);
      // A legal draw ends the selection; a refused one keeps it so the player can retry.
      if (d.message.line !== null) {
        ui.cursor = null;
        ui.pendingDraw = d.message.target;
        store.set({ selected: null, choose: null });
      }
    }
  }

  /** The name of the open line whose end station `i` is, or null. */
  function ownEnd(i) {
    for (const line of st.hints.open_lines) {
      const l = st.sheet.lines[line];
      if (l && l.ends.includes(i)) return lineName(st.info.ruleset, line);
    }
    return null;
  }

  function announce(text) {
    live.textContent = text;
  }

  function act(action, el = null) {
    const btn = el || toolbar.buttons[action];
    if (btn && btn.disabled) {
      // Only a key reaches a disabled button: U says why there is nothing to undo; R and P
      // (pressed in the wrong phase) say what to do instead, else nothing would show at all.
      if (action === "undo") showLocal(btn.title, "info");
      else if (action === "reveal" || action === "pass") {
        const what = helpText();
        if (what) {
          showLocal(st.t("keys.not_now", { key: action === "reveal" ? "R" : "P",
            label: st.t(`btn.${action}`), what }), "info");
        }
      }
      return;
    }
    if (action !== "new-game") disarm();
    if (action === "reveal" || action === "pass") {
      // The second click of a double-click (or a key held down) before Python answered the
      // first is the same action again: not sent, not an error.
      const p = ui.pendingAct;
      if (p && p.action === action && now() - p.at < REPEAT_MS) return;
      ui.pendingAct = { action, at: now() };
    }
    switch (action) {
      case "keys":
        root.focus({ preventScroll: true });
        drawKeys();
        break;
      case "switch-player": {
        const p = Number(btn && btn.dataset.player);
        if (!Number.isInteger(p)) break;
        store.set({ selected: null, choose: null });
        send({ type: "select_player", player: p });
        announce(st.t("help.switch_title", { name: (st.turn.players[p] || {}).name || "" }));
        break;
      }
      case "reveal":
        store.set({ selected: null, choose: null });
        send({ type: "reveal" });
        break;
      case "pass":
        send({ type: "pass" });
        break;
      case "undo":
        send({ type: "undo" });
        break;
      case "hint":
        askHint();
        break;
      case "power": {
        const p = st.hints.power;
        if (!p) break;
        if (p.station) { // choose the station on the map next (the button again cancels)
          const on = store.state.power === p.id;
          ui.cursor = null;
          store.set({ power: on ? null : p.id, selected: null, choose: null });
          announce(on ? st.t("aria.power_cancelled") : st.t("aria.power_station",
            { power: p.title }));
        } else {
          send({ type: "power", power: p.id });
        }
        break;
      }
      case "overlay":
        store.set({ overlay: !store.state.overlay });
        break;
      case "overlay-round":
        store.set({ overlayRound: Number(btn.dataset.round) });
        break;
      case "new-game": {
        const inProgress = !st.turn.game_over && (st.turn.turn > 0 || st.turn.round > 1);
        if (inProgress && !ui.armedNewGame) {
          ui.armedNewGame = true;
          drawToolbar();
          armTimer = setTimeout(disarm, 4000);
        } else {
          disarm();
          store.set({ selected: null, choose: null });
          send({ type: "new_game" });
        }
        break;
      }
      case "export-svg": {
        let data;
        try {
          data = exportSvg();
        } catch (err) {
          showLocal(st.t("export.svg_failed", { error: err && err.message ? err.message
            : String(err) }), "error");
          break;
        }
        offer("svg", data);
        break;
      }
      case "export-png":
        ui.exporting = true;
        drawToolbar();
        exportPng().then((data) => offer("png", data), (err) => {
          showLocal(st.t("export.png_failed", { error: err && err.message ? err.message
            : String(err) }), "error");
        }).finally(() => {
          ui.exporting = false;
          if (!destroyed) drawToolbar();
        });
        break;
      default:
    }
  }

  function fileName(ext) {
    const who = (st.scores.sheet.name || `player-${st.sheet.player + 1}`).toLowerCase()
      .replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
    return `next-station-${st.map ? st.map.id : "map"}-${who || "sheet"}.${ext}`;
  }

  // Downloads go through a cancelable "nsb-export" event so hosts and tests can take the file.
  // The notice then says which file was saved, or why it could not be.
  function offer(format, data) {
    if (destroyed) return;
    const mime = format === "svg" ? "image/svg+xml" : "image/png";
    const detail = { format, filename: fileName(format), mime, data };
    const Ev = doc.defaultView && doc.defaultView.CustomEvent;
    const ev = Ev ? new Ev("nsb-export", { detail, bubbles: true, cancelable: true }) : null;
    if (ev && !root.dispatchEvent(ev)) return;
    try {
      download(doc, detail.filename, data, mime, { base64: format === "png" });
    } catch (err) {
      showLocal(st.t("export.not_saved", { file: detail.filename, error: err && err.message
        ? err.message : String(err) }), "error");
      return;
    }
    showLocal(st.t("export.saved", { file: detail.filename }), "success");
    flashNotice();
  }

  function footer() {
    const { t } = st;
    const sh = st.scores.sheet;
    const who = sh.name || (st.turn.players[st.sheet.player] || {}).name || "";
    // The game's title is a name (the same in every language: "Next Station: London", not
    // "Londres"); a custom map on a built-in ruleset is titled by its own (translated) name.
    const rs = st.info.ruleset;
    const parts = [st.map && rs.title && st.map.id === rs.name ? rs.title
      : t("export.title", { map: st.map ? st.map.title : "" })];
    if (who) parts.push(who);
    parts.push(st.turn.game_over ? t("export.final") : t("export.round",
      { n: Math.max(1, st.turn.round) }));
    parts.push(t.n("fmt.points", sh.total));
    return parts.join(" · ");
  }

  /** The score sheet as a table for the export (see export.js drawScoreTable). */
  function scoreTable() {
    const { t } = st;
    const sh = st.scores.sheet;
    const rs = st.info.ruleset;
    const byRound = new Map(sh.rounds.map((r) => [r.round, r]));
    const head = [1, 2, 3, 4].map((n) => {
      const r = byRound.get(n);
      return { text: r && r.live ? t("score.round_so_far", { n }) : t("score.round", { n }),
        colour: r ? pencils.get(r.pencil).color : null };
    });
    const per = (fn) => [1, 2, 3, 4].map((n) => {
      const r = byRound.get(n);
      return r && r.lines.length ? r.lines.map(fn).join(" | ") : "";
    });
    const rows = [
      { label: t("score.districts"), cells: per((l) => String(l.district_count)) },
      { label: t("score.stations"), cells: per((l) => (l.station_multiplier > 1
        ? `${l.best_count}×${l.station_multiplier}` : String(l.station_count))) },
    ];
    for (const id of st.scores.bonusOrder || []) {
      rows.push({ label: rs.bonus_short[id] || rs.bonus_labels[id] || id, cells: [1, 2, 3, 4]
        .map((n) => {
          const r = byRound.get(n);
          if (!r) return "";
          // The same notation as the score sheet's box (London's Thames: the crossings).
          return bonusText(r.lines.flatMap((l) => l.bonuses).find((b) => b.id === id
            && b.points));
        }) });
    }
    for (const x of rs.tracks) {
      rows.push({ label: x.label, cells: [1, 2, 3, 4].map((n) => {
        const r = byRound.get(n);
        return r ? String(r.tourist_sites.length) : "";
      }) });
    }
    rows.push({ label: t("score.score"), bold: true, cells: [1, 2, 3, 4].map((n) => {
      const r = byRound.get(n);
      return r ? String(r.score) : "";
    }) });
    const terms = [`${t("score.lines")} ${sh.lines_total}`];
    for (const x of sh.tracks) terms.push(`${x.label} ${x.points}`);
    const tiers = sh.interchanges.filter((x) => x.count).map((x) => `${x.count}×${x.points_each}`);
    terms.push(`${t("score.interchanges")} ${sh.interchanges_total}`
      + `${tiers.length ? ` (${tiers.join(" + ")})` : ""}`);
    if (sh.objectives.length) terms.push(`${t("score.objectives")} ${sh.objectives_total}`);
    const lines = [{ text: `${terms.join(" + ")} = ${sh.total} (${sh.final ? t("score.final")
      : t("score.so_far")})`, bold: true }];
    if (sh.final && sh.assessment) {
      lines.push({ text: t("fmt.labelled", { label: rs.assessment_title,
        text: `${t.n("fmt.points", sh.assessment.rated_score)}, ${sh.assessment.band}` }) });
    }
    if (st.turn.game_over && st.turn.players.length > 1 && st.turn.ranking) {
      // Each player as the ranking on the page names them: a bot as one ("Bo (bot)").
      const named = (p) => {
        const player = st.turn.players[p] || {};
        const name = player.name || t("player.default", { n: p + 1 });
        return player.bot ? t("panel.player_bot", { name }) : name;
      };
      const places = st.turn.ranking.map((g, i) => `${i + 1}. ${g.map(named).join(", ")}`);
      lines.push({ text: t("export.ranking", { places: places.join("  ") }) });
    }
    return { head, rows, lines, title: t("score.title") };
  }

  /**
   * The map and the score sheet as a standalone SVG. `theme: "light"` (the default) draws
   * them in the light theme's colours whatever the page's theme; "current" keeps the page's.
   */
  function exportSvg({ theme = "light" } = {}) {
    if (!st.map) throw new Error(st.t("export.no_map"));
    const light = theme !== "current";
    if (light) {
      root.classList.add("nsb-light");
      syncPaper([255, 255, 255]);
    }
    try {
      const cs = doc.defaultView.getComputedStyle(root);
      const v = (name, fallback) => cs.getPropertyValue(name).trim() || fallback;
      return serializeSvg(svg, { footer: footer(), sheet: scoreTable(),
        sheetColours: { paper: v("--nsb-paper", "#ffffff"), ink: v("--nsb-ink", "#1b1f24"),
          ink2: v("--nsb-fg2", "#59636e"), border: v("--nsb-border", "#c8ccd1") } });
    } finally {
      if (light) {
        root.classList.remove("nsb-light");
        syncPaper();
      }
    }
  }

  function exportPng() {
    try {
      return svgToPngBase64(doc, exportSvg(), st.t);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  // ---------------------------------------------------------------- DOM events (delegated)
  const stationOf = (target) => {
    const node = target && target.closest ? target.closest("[data-station]") : null;
    if (!node || !svg.contains(node)) return null;
    const i = Number(node.getAttribute("data-station"));
    return Number.isInteger(i) ? i : null;
  };

  function onClick(e) {
    const btn = e.target.closest ? e.target.closest("button[data-action]") : null;
    if (btn && root.contains(btn)) {
      act(btn.dataset.action, btn);
      return;
    }
    const i = stationOf(e.target);
    if (i !== null) {
      ui.cursor = null;
      onStation(i);
    }
  }

  function onChange(e) {
    const sel = e.target;
    if (sel && sel.dataset && sel.dataset.action === "select-player") {
      const p = Number(sel.value);
      if (Number.isInteger(p)) {
        store.set({ selected: null, choose: null });
        send({ type: "select_player", player: p });
      }
    }
  }

  function termOf(target) {
    const node = target && target.closest ? target.closest("[data-term]") : null;
    return node && score.el.contains(node) ? node.getAttribute("data-term") : null;
  }

  function setTerm(term) {
    if (term === ui.term) return;
    ui.term = term;
    for (const n of score.el.querySelectorAll(".nsb-term-active")) n.classList.remove("nsb-term-active");
    if (term) {
      for (const n of score.el.querySelectorAll("[data-term]")) {
        if (n.getAttribute("data-term") === term) n.classList.add("nsb-term-active");
      }
    }
    safely("overlay", drawOverlayLayer);
  }

  function onOver(e) {
    if (ui.paper === null) syncPaper(); // drawn before it was in the page
    const term = termOf(e.target);
    if (term !== null) setTerm(term);
    const i = stationOf(e.target);
    if (i !== ui.hover && (i !== null || svg.contains(e.target))) {
      ui.hover = i;
      if (store.state.selected !== null) safely("highlights", drawHighlightLayer);
    }
  }

  function onOut(e) {
    const to = e.relatedTarget;
    if (ui.term !== null && termOf(e.target) !== null && termOf(to) === null
      && !(doc.activeElement && termOf(doc.activeElement))) setTerm(null);
    if (ui.hover !== null && !(to && svg.contains(to) && stationOf(to) !== null)) {
      ui.hover = null;
      if (store.state.selected !== null) safely("highlights", drawHighlightLayer);
    }
  }

  function onFocusIn(e) {
    const term = termOf(e.target);
    if (term !== null) setTerm(term);
    drawKeys(e.target);
  }

  /** A click anywhere in the widget gives it the keys, also on a disabled button or on text
   * (a disabled control takes no focus, and the host may have moved it to the page). */
  function onPointerUp() {
    if (!keysActive()) root.focus({ preventScroll: true });
    drawKeys();
  }

  function onScroll(e) {
    if (e.target && e.target.classList && e.target.classList.contains("nsb-scroll")) {
      markScrollers();
    }
  }

  function onFocusOut(e) {
    drawKeys(e.relatedTarget);
    if (termOf(e.target) !== null && termOf(e.relatedTarget) === null) setTerm(null);
    if (e.target === svg && ui.cursor !== null) {
      ui.cursor = null;
      safely("highlights", drawHighlightLayer);
    }
  }

  function describe(i) {
    const { t } = st;
    const stn = st.map.stations[i];
    const sel = store.state.selected;
    const station = `${stn.label} ${symbolWords(stn.symbol, t)}`;
    if (powerMode()) return t("aria.power_pick", { station, power: st.hints.power.title });
    const role = i === sel ? "aria.role_selected"
      : sel !== null ? "aria.role_target"
        : st.hints.origins.includes(i) ? "aria.role_end" : "aria.role_target";
    return t(role, { station });
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === "Escape" && ui.armedNewGame) { // cancel "Click again: new game"
      e.preventDefault();
      e.stopPropagation();
      disarm();
      announce(st.t("aria.new_game_cancelled"));
      return;
    }
    const tag = e.target && e.target.tagName ? e.target.tagName.toLowerCase() : "";
    const onMap = e.target === svg;
    if (onMap && st.map) {
      if (e.key === "Tab" || e.key in { ArrowUp: 1, ArrowDown: 1, ArrowLeft: 1, ArrowRight: 1 }) {
        const list = cands();
        const next = step(st.map, list, ui.cursor, e.key, e.shiftKey);
        if (e.key === "Tab" && next === null) {
          ui.cursor = null; // let the focus leave the map: no keyboard trap
          safely("highlights", drawHighlightLayer);
          return;
        }
        e.preventDefault();
        if (next !== null) {
          ui.cursor = next;
          announce(describe(next));
          safely("highlights", drawHighlightLayer);
        }
        return;
      }
      if (e.key === "Enter" || e.key === " ") {
        if (ui.cursor !== null) {
          e.preventDefault();
          onStation(ui.cursor, true);
        }
        return;
      }
      if (e.key === "Escape") {
        if (store.state.selected !== null || store.state.choose || ui.cursor !== null
          || store.state.power) {
          e.preventDefault();
          e.stopPropagation();
          ui.cursor = null;
          if (store.state.choose) showLocal(null);
          if (!store.set({ selected: null, choose: null, power: null, ...dismissError() })) {
            safely("highlights", drawHighlightLayer);
          }
          announce(st.t("aria.selection_cancelled"));
        }
        return;
      }
    }
    if (e.key === "Escape" && store.state.power) { // a power waiting for its station
      e.preventDefault();
      store.set({ power: null });
      announce(st.t("aria.power_cancelled"));
      return;
    }
    if (tag === "input" || tag === "textarea" || tag === "select" || e.shiftKey) return;
    const action = KEYS[e.key];
    if (action) {
      e.preventDefault();
      act(action);
    }
  }

  const listeners = [
    ["click", onClick], ["change", onChange], ["keydown", onKey], ["pointerover", onOver],
    ["pointerout", onOut], ["focusin", onFocusIn], ["focusout", onFocusOut],
    ["pointerup", onPointerUp],
  ];
  for (const [type, fn] of listeners) root.addEventListener(type, fn);
  const releaseKeys = keepKeysFromHost(root);
  root.addEventListener("scroll", onScroll, true); // scroll does not bubble: capture it
  // A narrower or wider view may start or stop a box's sideways scrolling (checked in the next
  // frame: the cue it shows or hides must not resize the widget inside the observer's turn).
  const win = doc.defaultView;
  const RO = win && win.ResizeObserver;
  const resized = RO ? new RO(() => win.requestAnimationFrame(() => {
    markScrollers();
    fitNow();
    fitMapLabels();
  })) : null;
  if (resized) resized.observe(root);

  // ---------------------------------------------------------------- first render
  renderAll();
  // Rendered before being put in the page: read the theme's paper once it is there.
  if (ui.paper === null && doc.defaultView && doc.defaultView.requestAnimationFrame) {
    doc.defaultView.requestAnimationFrame(() => { if (!destroyed) syncPaper(); });
  }
  const view = {
    id,
    model,
    store,
    root,
    exportSvg,
    exportPng,
    onHintMessage,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      for (const trait of TRAITS) model.off(`change:${trait}`, handlers[trait]);
      offStore();
      for (const [type, fn] of listeners) root.removeEventListener(type, fn);
      releaseKeys();
      root.removeEventListener("scroll", onScroll, true);
      if (resized) resized.disconnect();
      if (fitFrame !== null && win && win.cancelAnimationFrame) win.cancelAnimationFrame(fitFrame);
      if (armTimer !== null) clearTimeout(armTimer);
      stopThinking();
      root.remove();
    },
  };
  el.dataset.renderMs = (now() - t0).toFixed(2);
  return view;
}
