// One view of the teacher's board: the cards of the turn (large), the round and its effect, how
// many participants are ready, the live scores and, at the end, the final places, the figures
// and the export. Python computes everything (see nsb_widget/widget/board.py); this view only
// draws the traits and sends intents. destroy() removes every listener it added.
import { h, clear, keepKeysFromHost } from "../dom.js";
import { translator } from "../i18n.js";
import { readRuleset, readCard, readMap, readSheet, obj, arr, int, str, bool }
  from "../normalize.js";
import { cardElement, cardLabel } from "../cards.js";
import { createMapSvg, drawStatic, drawSheet as drawMapSheet, pencilTable } from "../map.js";
import { parseRgb, swatchStyle } from "../colour.js";

const TRAITS = ["info", "table", "standings", "sheet", "figures", "notice", "strings"];
/** A module's id (Python's `info.modules`) -> its name. */
const MODULES = { effects: "panel.effects_title", powers: "panel.powers_title",
  objectives: "board.objectives" };
/** A participant's status (Python's `standings.rows[].status`) -> its words. */
// How long "End the game" waits for its second click (ms): a teacher may be talking.
const ARM_MS = 8000;
const STATUS = { joined: "board.status_joined", ready: "board.status_ready",
  drawing: "board.status_drawing", finished: "board.status_finished",
  refused: "board.status_refused", left: "board.status_left" };

/** Read every trait of the board defensively (safe defaults for anything malformed). */
export function readBoard(model) {
  const t = translator(model.get("strings"));
  const info = obj(model.get("info"));
  const rs = readRuleset(info.ruleset, t);
  const table = obj(model.get("table"));
  const standings = obj(model.get("standings"));
  const sheet = obj(model.get("sheet"));
  const figures = obj(model.get("figures"));
  const notice = obj(model.get("notice"));
  const card = (c) => readCard(c, rs);
  return {
    t,
    rs,
    info: {
      name: str(info.name), map: str(obj(info.map).title), dealt: bool(info.dealt),
      // A participant's own view (seat.board()): none of the teacher's buttons, their row.
      viewer: info.viewer === true, you: str(info.you),
      hints: info.hints !== false,
      folder: str(info.folder),
      modules: arr(info.modules).filter((m) => typeof m === "string"),
      effects: arr(info.effects).filter((e) => e && typeof e === "object").map((e) => ({
        round: int(e.round), title: str(e.title), text: str(e.text) })),
      objectives: arr(info.objectives).filter((o) => o && typeof o === "object")
        .map((o) => ({ text: str(o.text) })),
      pencils: new Map(arr(info.pencils).filter((p) => p && typeof p === "object")
        .map((p) => [str(p.id), { name: str(p.name, str(p.id)), color: str(p.color, "#777"),
          code: str(p.code) }])),
    },
    table: {
      round: int(table.round, 1), turn: int(table.turn), phase: str(table.phase),
      cards: arr(table.cards).map(card),
      preview: typeof table.preview === "string" ? card(table.preview) : null,
      last_turn: bool(table.last_turn),
      revealed: obj(table.revealed),
      turns_out: int(table.turns_out), over: bool(table.over), pencil: str(table.pencil),
      can_reveal: bool(table.can_reveal), why_not: str(table.why_not),
      can_end: bool(table.can_end), ended: bool(table.ended),
      // A board that no longer follows the room (Python's words, in the notice already).
      retired: reason(table.retired),
      problem: typeof table.problem === "string" && table.problem ? table.problem : null,
    },
    standings: {
      rows: arr(standings.rows).filter((r) => r && typeof r === "object").map((r) => ({
        name: str(r.name), place: Number.isInteger(r.place) ? r.place : null,
        shared: bool(r.shared), total: int(r.total), rounds: arr(r.rounds).filter(Number.isInteger),
        status: str(r.status), behind: int(r.behind),
        round: int(r.round, 1), current: Number.isInteger(r.current) ? r.current : null,
        tiebreak: int(r.tiebreak),
        refusal: typeof r.refusal === "string" && r.refusal ? r.refusal : null })),
      ready: int(standings.ready), count: int(standings.count), final: bool(standings.final),
      tie_broken: arr(standings.tie_broken).filter((n) => typeof n === "string"),
      // Why Figures and Export have nothing to do yet (Python's words), or null.
      why_not_figures: reason(standings.why_not_figures),
      why_not_export: reason(standings.why_not_export),
    },
    // A participant's sheet: the map and their drawing, drawn like the game widget's map.
    sheet: typeof sheet.name === "string" ? readShownSheet(sheet) : null,
    figures: { svg: typeof figures.svg === "string" ? figures.svg : null,
      error: typeof figures.error === "string" ? figures.error : null,
      // Drawn in Python a few seconds after the final places: say so meanwhile.
      pending: figures.pending === true },
    notice: { id: int(notice.id), level: str(notice.level), text: str(notice.text) },
  };
}

/** The shown sheet: name, total, refused hand-in, and the map and drawing (null: none). */
function readShownSheet(sheet) {
  const map = readMap(sheet.map);
  return { name: sheet.name, total: int(sheet.total), map,
    drawing: map ? readSheet(sheet.drawing, map) : null,
    refusal: typeof sheet.refusal === "string" ? sheet.refusal : null };
}

/** A reason a button is disabled: a non-empty string, else null (the button works). */
const reason = (v) => (typeof v === "string" && v ? v : null);

/** A round in play's points beside the total ("+12"), empty for none. */
const signed = (n) => (n === null ? "" : n >= 0 ? `+${n}` : `\u2212${-n}`);

/** An SVG document as an <img> source: shown as a picture, never run as code. */
const svgUrl = (svg) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function createBoardView(model, el) {
  const doc = el.ownerDocument;
  let st = readBoard(model);
  let destroyed = false;
  // "End the game" cannot be undone: the first click arms it ("Click again to end the game"),
  // the second ends; a few seconds, another action or Escape disarm it.
  let armedEnd = false;
  let armTimer = null;
  const root = h(doc, "div", { class: "nsb-widget nsb-board", tabindex: "-1",
    "data-lm-suppress-shortcuts": "true" });
  const title = h(doc, "h2", { class: "nsb-board-name" });
  const subtitle = h(doc, "p", { class: "nsb-board-sub" });
  const round = h(doc, "p", { class: "nsb-board-round" });
  const cards = h(doc, "div", { class: "nsb-board-cards", role: "img" });
  const lastTurn = h(doc, "p", { class: "nsb-board-last" });
  const effect = h(doc, "p", { class: "nsb-board-effect" });
  const counts = h(doc, "p", { class: "nsb-board-counts" });
  const readyCount = h(doc, "p", { class: "nsb-board-ready-count", role: "status",
    "aria-live": "polite" });
  // Before anyone joins, what to do: a sentence, in the text's size (not the count's).
  const nobody = h(doc, "p", { class: "nsb-board-nobody", role: "status" });
  const bar = h(doc, "div", { class: "nsb-board-bar", "aria-hidden": "true" },
    h(doc, "span", { class: "nsb-board-bar-fill" }));
  const reveal = h(doc, "button", { type: "button", class: "nsb-btn nsb-btn-primary "
    + "nsb-board-reveal", "data-action": "reveal" });
  const revealNote = h(doc, "p", { class: "nsb-board-reveal-note" });
  // Once every card is out: end the game for someone who will not finish.
  const end = h(doc, "button", { type: "button", class: "nsb-btn nsb-board-end",
    "data-action": "end", hidden: true });
  const endNote = h(doc, "p", { class: "nsb-board-end-note", hidden: true });
  const notice = h(doc, "div", { class: "nsb-notice", role: "status", "aria-live": "polite" });
  const scoresTitle = h(doc, "h3", { class: "nsb-board-scores-title" });
  const winner = h(doc, "p", { class: "nsb-board-winner" });
  const tableEl = h(doc, "table", { class: "nsb-board-table" });
  // Under the table: why equal totals have different places (the rulebook's tie-break).
  const tiebreak = h(doc, "p", { class: "nsb-board-tiebreak", hidden: true });
  const sheetTitle = h(doc, "h3");
  // The sheet is the game widget's map (its CSS classes, the theme's paper and ink, pencil
  // colours adjusted to the paper), a picture here: no focus, no click targets.
  const sheetMap = createMapSvg(doc);
  const sheetImg = sheetMap.svg;
  sheetImg.setAttribute("class", "nsb-map nsb-board-sheet-map");
  sheetImg.setAttribute("role", "img");
  sheetImg.removeAttribute("tabindex");
  sheetImg.removeAttribute("focusable");
  // The paper colour the sheet is drawn on (the theme's), read from the page.
  const probe = h(doc, "span", { class: "nsb-paper-probe", "aria-hidden": "true" });
  let drawnOn = null; // [sheet, paper] last drawn
  const sheetNote = h(doc, "p", { class: "nsb-board-refusal" });
  const closeSheet = h(doc, "button", { type: "button", class: "nsb-btn", "data-action": "hide" });
  const sheetBox = h(doc, "aside", { class: "nsb-board-sheet", hidden: true },
    h(doc, "div", { class: "nsb-board-sheet-head" }, sheetTitle, closeSheet), sheetNote, sheetImg);
  const figuresTitle = h(doc, "h3");
  const figuresImg = h(doc, "img", { class: "nsb-board-figures-img", alt: "" });
  const figuresNote = h(doc, "p");
  const figuresBox = h(doc, "section", { class: "nsb-board-figures", hidden: true }, figuresTitle,
    figuresNote, figuresImg);
  const exportBtn = h(doc, "button", { type: "button", class: "nsb-btn", "data-action": "export" });
  const figuresBtn = h(doc, "button", { type: "button", class: "nsb-btn",
    "data-action": "figures" });
  const actions = h(doc, "div", { class: "nsb-board-actions" }, figuresBtn, exportBtn);
  const objectives = h(doc, "div", { class: "nsb-board-objectives" });
  const selfPaced = h(doc, "p", { class: "nsb-board-self" });
  const joinLine = h(doc, "p", { class: "nsb-board-join" });
  root.append(
    h(doc, "header", { class: "nsb-board-head" }, title, subtitle),
    h(doc, "div", { class: "nsb-board-top" },
      h(doc, "section", { class: "nsb-board-turn" }, round, cards, lastTurn, effect, counts),
      h(doc, "section", { class: "nsb-board-ready" }, readyCount, nobody, bar, reveal,
        revealNote, endNote, end)),
    notice,
    h(doc, "div", { class: "nsb-board-main" },
      h(doc, "section", { class: "nsb-board-scores" }, scoresTitle, winner, tableEl, tiebreak),
      sheetBox),
    figuresBox,
    h(doc, "footer", { class: "nsb-board-foot" }, objectives, joinLine, selfPaced,
      actions),
  );
  root.append(probe);
  el.append(root);

  function drawHead() {
    const { t, info } = st;
    title.textContent = info.name;
    root.setAttribute("aria-label", t("board.aria", { room: info.name }));
    const limit = st.rs.power_limit_text; // London's powers: once a round, or once a game
    const moduleName = (m) => {
      const name = MODULES[m] ? t(MODULES[m]) : m;
      return m === "powers" && limit ? `${name} (${limit})` : name;
    };
    subtitle.textContent = [info.map, ...info.modules.map(moduleName),
      info.hints ? "" : t("board.no_hints")].filter(Boolean).join(" · ");
    // How to join, for the projector: the folder as the teacher gave it. Once the game is
    // closed (everyone finished, or the teacher ended it) a late joiner gets no place: say so.
    joinLine.textContent = !info.folder || info.viewer ? "" : st.table.ended
      ? t("board.join_over") : t("board.join", { code:
        `join(${JSON.stringify(info.folder)}, "…")` });
    joinLine.dataset.over = String(st.table.ended);
    selfPaced.textContent = info.dealt ? "" : t("board.self_paced");
    selfPaced.hidden = info.dealt;
    clear(objectives);
    if (info.objectives.length) {
      objectives.append(h(doc, "h4", { text: t("board.objectives") }),
        h(doc, "ul", {}, info.objectives.map((o) => h(doc, "li", { text: o.text }))));
    }
  }

  function drawTable() {
    const { t, table, info, rs } = st;
    clear(round);
    clear(cards);
    if (table.turns_out === 0) {
      round.append(h(doc, "span", { text: info.dealt ? t("board.waiting_first")
        : t("board.self_paced") }));
    } else {
      const pencil = info.pencils.get(table.pencil);
      round.append(h(doc, "span", { class: "nsb-board-round-n", text: t("board.round",
        { n: table.round }) }), " · ", h(doc, "span", { text: t("board.turn", { n: table.turn }) }));
      if (pencil && !table.over) {
        round.append(" · ", h(doc, "span", { class: "nsb-board-pencil" },
          h(doc, "span", { class: "nsb-swatch", style: swatchStyle(pencil.color),
            "aria-hidden": "true", text: pencil.code }),
          t("board.pencil", { pencil: pencil.name })));
        // London's pencil powers: everyone holds this pencil, so everyone has its power.
        const power = rs.powers.find((p) => p.id === rs.pencil_powers[table.pencil]);
        if (power) {
          round.append(" · ", h(doc, "span", { class: "nsb-board-power", title: power.text,
            text: t("board.power", { power: power.title }) }));
        }
      }
      for (const c of table.cards) cards.append(cardElement(doc, c, "", rs, t));
      if (table.preview) {
        cards.append(h(doc, "span", { class: "nsb-board-preview" },
          cardElement(doc, table.preview, " nsb-card-preview", rs, t),
          h(doc, "span", { class: "nsb-board-preview-label", text: t("board.preview") })));
      }
    }
    cards.setAttribute("aria-label", t("board.cards_aria", { cards: table.cards.map((c) =>
      cardLabel(c, rs, t)).join(", ") }));
    // "The participants finish their sheets" only while someone still does: not once the
    // places are final (everyone finished, or the teacher ended the game).
    const final = Boolean(st.standings && st.standings.final);
    lastTurn.textContent = table.over ? (final ? "" : t("board.all_out"))
      : table.last_turn ? t("board.last_turn") : "";
    lastTurn.hidden = !lastTurn.textContent;
    const current = info.effects.find((e) => e.round === table.round);
    effect.textContent = current && table.turns_out && !table.over
      ? `${t("board.effect", { title: current.title })} — ${current.text}` : "";
    effect.hidden = !effect.textContent;
    clear(counts);
    if (table.turns_out && !table.over) {
      for (const kind of rs.round_end_kinds) {
        const label = rs.count_labels[kind] || kind;
        counts.append(h(doc, "span", { class: "nsb-board-count", "data-kind": kind,
          text: t("board.count", { kind: label, n: int(table.revealed[kind]) }) }));
      }
    }
    // The teacher's button; a self-paced room and a participant's view have none.
    reveal.hidden = !info.dealt || info.viewer || final;
    reveal.disabled = !table.can_reveal;
    const label = table.turns_out ? t("board.reveal") : t("board.reveal_first");
    reveal.textContent = label;
    reveal.setAttribute("aria-label", label);
    reveal.title = table.can_reveal ? t("board.reveal_key") : table.why_not;
    // Why the button is greyed out; a retired board says why once, in the notice bar (shown
    // on every board, the participant's and the final one too): the button's tooltip here.
    revealNote.textContent = info.viewer ? (info.dealt && !table.over && !table.retired
      ? t("board.viewer_note") : "") : info.dealt && !table.can_reveal && !table.retired
      ? table.why_not : "";
    revealNote.hidden = !revealNote.textContent;
    const canEnd = table.can_end && !info.viewer;
    if (!canEnd) armedEnd = false;
    end.hidden = !canEnd;
    end.classList.toggle("nsb-armed", armedEnd);
    end.textContent = armedEnd ? t("board.end_confirm") : t("board.end");
    endNote.textContent = canEnd ? t("board.end_note") : "";
    endNote.hidden = !canEnd;
  }

  function statusText(r) {
    const { t } = st;
    if (r.status === "behind") return t.n("board.status_behind", r.behind);
    return STATUS[r.status] ? t(STATUS[r.status]) : r.status;
  }

  /** The heading of the rounds in play ("Round 2 so far"; "Round so far" when the rows are
   * in different rounds), or "" when nobody has a round in play (no column then). */
  function currentTitle(rows) {
    const rounds = new Set(rows.filter((r) => r.current !== null).map((r) => r.round));
    if (!rounds.size) return "";
    return rounds.size === 1 ? st.t("board.col_current", { n: [...rounds][0] })
      : st.t("board.col_current_any");
  }

  function drawStandings() {
    const { t, standings } = st;
    const { rows } = standings;
    // Once the places are final, "3 of 3 ready" would count those who left: the game is over.
    const over = standings.final && rows.length > 0;
    readyCount.textContent = over ? t("board.game_over") : rows.length ? t("board.ready",
      { ready: standings.ready, count: rows.length }) : "";
    readyCount.setAttribute("aria-label", over ? t("board.game_over") : rows.length
      ? t("board.ready_aria", { ready: standings.ready, count: rows.length }) : "");
    bar.hidden = over;
    readyCount.hidden = !rows.length;
    nobody.textContent = rows.length ? "" : t("board.nobody");
    nobody.hidden = Boolean(rows.length);
    readyCount.dataset.ready = String(standings.ready);
    readyCount.dataset.count = String(rows.length);
    bar.firstChild.style.width = rows.length ? `${(100 * standings.ready) / rows.length}%` : "0";
    scoresTitle.textContent = standings.final ? t("board.final") : t("board.scores");
    root.classList.toggle("nsb-board-final", standings.final);
    const first = rows.filter((r) => r.place === 1);
    winner.textContent = standings.final && first.length ? t(first.length > 1
      ? "board.shared_victory" : "board.winner", { names: first.map((r) => r.name).join(", ") })
      : "";
    winner.hidden = !winner.textContent;
    clear(tableEl);
    const rounds = Math.max(1, ...rows.map((r) => r.rounds.length));
    const head = h(doc, "tr", {}, h(doc, "th", { scope: "col", text: t("board.col_place") }),
      h(doc, "th", { scope: "col", text: t("board.col_name") }));
    for (let n = 1; n <= rounds; n++) {
      head.append(h(doc, "th", { scope: "col", class: "nsb-num", text: t("board.col_round",
        { n }) }));
    }
    // Interchanges, the tourist track, objectives: in the total but in no round, so the
    // columns add up to it (a column only when someone has such points).
    const bonus = (r) => r.total - r.rounds.reduce((a, b) => a + b, 0);
    const bonusColumn = rows.some((r) => bonus(r) !== 0);
    if (bonusColumn) {
      head.append(h(doc, "th", { scope: "col", class: "nsb-num nsb-board-bonus",
        title: t("board.bonus_title"), text: t("board.col_bonus") }));
    }
    head.append(h(doc, "th", { scope: "col", class: "nsb-num", text: t("board.col_total") }));
    const current = currentTitle(rows);
    if (current) {
      head.append(h(doc, "th", { scope: "col", class: "nsb-num nsb-board-current",
        title: t("board.current_title"), text: current }));
    }
    head.append(h(doc, "th", { scope: "col", text: t("board.col_status") }));
    const body = h(doc, "tbody");
    // Places mean something once a round has been scored.
    const scored = rows.some((r) => r.rounds.length > 0);
    // A participant opens the others' sheets once the places are final (Python refuses
    // before): during the game their names are plain text.
    const { viewer, you } = st.info;
    const clickable = !viewer || standings.final;
    for (const r of rows) {
      const mine = viewer && r.name === you;
      const nameCell = clickable ? h(doc, "button", { type: "button",
        class: "nsb-board-name-btn", "data-action": "show", "data-name": r.name,
        "aria-label": t("board.show_sheet", { name: r.name }), text: r.name })
        : h(doc, "span", { class: "nsb-board-name-text", text: r.name });
      const place = r.place === null || !scored ? "–"
        : t.n(r.shared ? "board.place_shared" : "board.place", r.place);
      const classes = [st.sheet && st.sheet.name === r.name ? "nsb-board-shown" : "",
        mine ? "nsb-board-you" : ""].filter(Boolean).join(" ");
      const tr = h(doc, "tr", { "data-name": r.name, "data-status": r.status,
        class: classes || null },
      h(doc, "td", { class: "nsb-board-place", title: r.shared ? t("board.shared") : null,
        text: place }),
      h(doc, "td", {}, nameCell, mine ? h(doc, "span", { class: "nsb-board-you-label",
        text: ` ${t("board.you")}` }) : null));
      for (let n = 0; n < rounds; n++) {
        tr.append(h(doc, "td", { class: "nsb-num", text: n < r.rounds.length
          ? String(r.rounds[n]) : "" }));
      }
      if (bonusColumn) {
        tr.append(h(doc, "td", { class: "nsb-num nsb-board-bonus", text: String(bonus(r)) }));
      }
      tr.append(h(doc, "td", { class: "nsb-num nsb-board-total", text: String(r.total) }));
      if (current) {
        tr.append(h(doc, "td", { class: "nsb-num nsb-board-current", text: signed(r.current) }));
      }
      tr.append(h(doc, "td", { class: "nsb-board-status", title: r.refusal ? t("board.refused",
          { reason: r.refusal }) : null, text: statusText(r) + (r.refusal ? " ⚠" : "") }));
      body.append(tr);
    }
    tableEl.append(h(doc, "thead", {}, head), body);
    drawTiebreak(scored);
  }

  /** The line under the table when the best single round decided equal totals: whose, and
   * their best rounds ("Ada 21, Bénédicte 19"); none before a round is scored. */
  function drawTiebreak(scored) {
    const { t, standings } = st;
    const decided = new Set(standings.tie_broken);
    const rows = standings.rows.filter((r) => decided.has(r.name));
    tiebreak.textContent = scored && rows.length ? t("board.tiebreak", { rounds: rows.map((r) =>
      `${r.name} ${r.tiebreak}`).join(", ") }) : "";
    tiebreak.hidden = !tiebreak.textContent;
  }

  function readPaper() {
    if (!root.isConnected || !doc.defaultView) return null;
    return parseRgb(doc.defaultView.getComputedStyle(probe).color);
  }

  function drawSheet() {
    const { t, sheet } = st;
    sheetBox.hidden = !sheet;
    if (!sheet) {
      drawnOn = null;
      return;
    }
    sheetTitle.textContent = t("board.sheet_title", { name: sheet.name,
      points: t.n("fmt.points", sheet.total) });
    closeSheet.textContent = "×";
    closeSheet.setAttribute("aria-label", t("board.close_sheet"));
    sheetNote.textContent = sheet.refusal ? t("board.refused", { reason: sheet.refusal }) : "";
    sheetNote.hidden = !sheet.refusal;
    sheetImg.setAttribute("aria-label", sheet.name);
    sheetImg.style.display = sheet.map ? "" : "none";
    const paper = readPaper();
    const raw = model.get("sheet"); // the same object until Python sends another
    if (!sheet.map || (drawnOn && drawnOn[0] === raw && String(drawnOn[1]) === String(paper))) {
      return;
    }
    drawnOn = [raw, paper];
    const pencils = pencilTable(sheet.map, paper);
    const geo = drawStatic(sheetImg, sheetMap.layers, sheet.map, pencils, st.rs, t);
    drawMapSheet(sheetMap.layers, sheet.map, geo, sheet.drawing, pencils, st.rs, t);
    clear(sheetMap.layers.hit); // a picture: nothing to click
    sheetImg.removeAttribute("aria-roledescription");
  }

  /** The theme changed (JupyterLab's light or dark): the sheet's pencils follow its paper. */
  function syncPaper() {
    if (!destroyed && st.sheet && st.sheet.map && drawnOn
      && String(drawnOn[1]) !== String(readPaper())) drawSheet();
  }

  function drawFigures() {
    const { t, figures } = st;
    const pending = figures.pending && !figures.svg && !figures.error;
    figuresBox.hidden = !figures.svg && !figures.error && !pending;
    figuresBox.setAttribute("aria-busy", String(pending));
    figuresTitle.textContent = t("board.figures_title");
    figuresNote.textContent = figures.error || (pending ? t("board.figures_pending") : "");
    figuresNote.hidden = !figures.error && !pending;
    if (figures.svg) figuresImg.src = svgUrl(figures.svg);
    else figuresImg.removeAttribute("src");
    figuresImg.hidden = !figures.svg;
    figuresImg.alt = t("board.figures_title");
    figuresBtn.textContent = t("board.figures");
    exportBtn.textContent = t("board.export");
    // Nothing to show before someone has joined (Export) or finished (Figures): disabled,
    // the reason in the tooltip (Python refuses the intent the same way).
    // A participant's view has neither: its figures come by themselves at the end.
    actions.hidden = st.info.viewer;
    const { why_not_figures: noFigures, why_not_export: noExport } = st.standings;
    figuresBtn.disabled = Boolean(noFigures);
    figuresBtn.title = noFigures || "";
    exportBtn.disabled = Boolean(noExport);
    exportBtn.title = noExport || "";
  }

  function drawNotice() {
    const { notice: n, table } = st;
    const text = n.text || (table.problem ? st.t("board.problem", { text: table.problem }) : "");
    notice.textContent = text;
    notice.dataset.level = n.text ? n.level : table.problem ? "error" : "";
    notice.hidden = !text;
    notice.setAttribute("role", notice.dataset.level === "error" ? "alert" : "status");
  }

  function draw() {
    st = readBoard(model);
    drawHead();
    drawTable();
    drawStandings();
    drawSheet();
    drawFigures();
    drawNotice();
  }

  function disarm() {
    if (armTimer !== null) clearTimeout(armTimer);
    armTimer = null;
    if (armedEnd) {
      armedEnd = false;
      drawTable();
    }
  }

  function act(action, btn) {
    if (btn && btn.disabled) return;
    // Nothing of the teacher's from a participant's view (its buttons are not there).
    if (st.info.viewer && ["reveal", "end", "figures", "export"].includes(action)) return;
    if (action !== "end") disarm();
    if (action === "end") {
      if (!armedEnd) {
        armedEnd = true;
        drawTable();
        armTimer = setTimeout(disarm, ARM_MS);
      } else {
        disarm();
        model.send({ type: "end", turn: st.table.turns_out });
      }
    } else if (action === "reveal") model.send({ type: "reveal", turn: st.table.turns_out });
    else if (action === "show") model.send({ type: "show", name: btn.dataset.name });
    else if (action === "hide") model.send({ type: "hide" });
    else if (action === "figures") model.send({ type: "figures" });
    else if (action === "export") model.send({ type: "export" });
  }

  function onClick(e) {
    root.focus({ preventScroll: true }); // the keys work after any click on the board
    const btn = e.target.closest ? e.target.closest("button[data-action]") : null;
    if (btn && root.contains(btn)) act(btn.dataset.action, btn);
  }

  function onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const tag = e.target && e.target.tagName ? e.target.tagName.toLowerCase() : "";
    if (tag === "button" && (e.key === " " || e.key === "Enter")) return; // the button's own
    if (e.key === "r" || e.key === " ") {
      e.preventDefault();
      act("reveal", reveal);
    } else if (e.key === "Escape" && armedEnd) {
      e.preventDefault();
      disarm();
    } else if (e.key === "Escape" && st.sheet) {
      e.preventDefault();
      act("hide");
    }
  }

  const onChange = () => { if (!destroyed) draw(); };
  for (const trait of TRAITS) model.on(`change:${trait}`, onChange);
  root.addEventListener("click", onClick);
  root.addEventListener("keydown", onKey);
  const releaseKeys = keepKeysFromHost(root);
  // A theme change restyles the sheet by itself (CSS variables); its pencil colours, adjusted
  // to the paper, are redrawn: JupyterLab marks the theme on <body>.
  const win = doc.defaultView;
  const themeWatch = win && win.MutationObserver && doc.body
    ? new win.MutationObserver(syncPaper) : null;
  if (themeWatch) themeWatch.observe(doc.body, { attributes: true });
  draw();
  // Drawn before it was in the page: read the theme's paper once it is there.
  if (win && win.requestAnimationFrame) win.requestAnimationFrame(syncPaper);
  return {
    root,
    destroy() {
      if (destroyed) return;
      destroyed = true;
      if (armTimer !== null) clearTimeout(armTimer);
      for (const trait of TRAITS) model.off(`change:${trait}`, onChange);
      root.removeEventListener("click", onClick);
      root.removeEventListener("keydown", onKey);
      releaseKeys();
      if (themeWatch) themeWatch.disconnect();
      root.remove();
    },
  };
}
