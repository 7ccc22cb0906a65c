// The toolbar (buttons) and the side panel: round and pencil, this round's cards, the stack,
// round effect, objectives, pencil powers, players. Buttons carry data-action; view.js handles
// the clicks. Cards, counters and powers are drawn from the ruleset's description
// (game_info.ruleset): card kinds with their icon or colour, the switch card, the counted kinds.
import { h, s, clear } from "./dom.js";
import { swatchStyle } from "./colour.js";
import { symbolPath, lineIconPath, hasIcon, starPath, switchPath } from "./symbols.js";
import { lineName, symbolWords } from "./map.js";
import { stepsWords } from "./words.js";
import { roomToolbar, updateRoomBox } from "./room.js";

// A placeholder's stand-in while a translated sentence is split around nodes (fillNodes).
const HOLE = "\u0000";

/** `text` (a translation filled with HOLE for one placeholder) as nodes, `nodes` in the hole;
 * a translation without the placeholder keeps its text and gets the nodes after it. */
function fillNodes(text, nodes) {
  const [before, ...rest] = text.split(HOLE);
  return rest.length ? [before, ...nodes, rest.join("")] : [text, " ", ...nodes];
}

const cap = (w) => (w ? w.charAt(0).toUpperCase() + w.slice(1) : "");
/** "5th", "5.", "5e": the ordinal of `n` in the widget's language. */
const ordinal = (n, t) => t(n % 10 === 1 && n % 100 !== 11 ? "fmt.ordinal_1" : n % 10 === 2
  && n % 100 !== 12 ? "fmt.ordinal_2" : n % 10 === 3 && n % 100 !== 13 ? "fmt.ordinal_3"
  : "fmt.ordinal", { n });

/**
 * Toolbar buttons: action, the key of its label (the `strings` trait), the shortcut key shown
 * beside it. The shortcut letters are the same in every language. `compact`: in a toolbar
 * too narrow for one row, the button shows its icon instead of its words from that step on
 * (1: the secondary buttons, 2: the turn's too; Reveal keeps its words), its label staying
 * its accessible name (`aria-label`) and its tooltip.
 */
export const BUTTONS = [
  { action: "reveal", label: "btn.reveal", key: "R", primary: true },
  { action: "pass", label: "btn.pass", key: "P", compact: 2 },
  { action: "undo", label: "btn.undo", key: "U", compact: 2 },
  { action: "hint", label: "btn.hint", key: "H", compact: 2 },
  { action: "power", label: "btn.power", power: true, compact: 2 },
  { action: "overlay", label: "btn.overlay", key: "O", toggle: true, compact: 1 },
  { action: "export-svg", label: "btn.export_svg", compact: 1 },
  { action: "export-png", label: "btn.export_png", compact: 1 },
  { action: "new-game", label: "btn.new_game", compact: 1 },
];

/** The icons of the compact toolbar (16 x 16, stroked in the text colour). */
const ICONS = {
  pass: "M2 8H11M8 5L11 8L8 11M14 4V12", // on to the end: nothing to draw
  undo: "M5 3.5L2 6.5L5 9.5M2 6.5H10A3.5 3.5 0 0 1 10 13.5H6",
  hint: "M8 1.5A4.5 4.5 0 0 0 5.5 9.7V11.5H10.5V9.7A4.5 4.5 0 0 0 8 1.5ZM6 14H10",
  power: "M9.5 1L3.5 9H8L6.5 15L12.5 7H8Z", // a pencil power
  overlay: "M8 2L14.5 5.5L8 9L1.5 5.5ZM1.5 8.5L8 12L14.5 8.5M1.5 11.5L8 15L14.5 11.5",
  "export-svg": "M2 13.5C4 4 12 4 14 13.5M1 12.5H3V14.5H1ZM13 12.5H15V14.5H13ZM8 1V7M5.5 4.5L8 7L10.5 4.5",
  "export-png": "M1.5 4.5H14.5V14.5H1.5ZM1.5 12L5.5 8L8.5 11L10.5 9L14.5 13M11 6.5A0.5 0.5 0 0 1 11 7.5A0.5 0.5 0 0 1 11 6.5",
  "new-game": "M13.5 8A5.5 5.5 0 1 1 11.9 4.1M12.5 1V4.5H9",
};

export function createToolbar(doc) {
  const bar = h(doc, "div", { class: "nsb-toolbar", role: "toolbar" });
  const buttons = {};
  for (const b of BUTTONS) {
    const icon = ICONS[b.action] ? s(doc, "svg", { class: "nsb-btn-icon", viewBox: "0 0 16 16",
      "aria-hidden": "true", focusable: "false" }, s(doc, "path", { d: ICONS[b.action] }))
      : null;
    const btn = h(doc, "button", {
      type: "button",
      class: `nsb-btn${b.primary ? " nsb-btn-primary" : ""}`,
      "data-action": b.action,
      "data-compact": b.compact ? String(b.compact) : null,
      "aria-pressed": b.toggle ? "false" : null,
    }, icon, h(doc, "span", { class: "nsb-btn-text" }),
    b.key ? h(doc, "kbd", { "aria-hidden": "true", text: b.key.toLowerCase() }) : null);
    if (b.power) { // the pencil power: shown only while the player holds one
      btn.hidden = true;
      btn.classList.add("nsb-btn-power");
    }
    buttons[b.action] = btn;
    if (b.action === "overlay" || b.action === "new-game") {
      bar.append(h(doc, "span", { class: "nsb-toolbar-sep", "aria-hidden": "true" }));
    }
    bar.append(btn);
  }
  return { el: bar, buttons };
}

/**
 * One row of buttons: the widest layout that does not wrap (all words; then the secondary
 * buttons as icons; then all but Reveal), measured in the page. Returns the step taken (0-2);
 * a toolbar narrower still wraps, every button reachable.
 */
export function fitToolbar(bar) {
  const shown = () => [...bar.children].filter((c) => c.getClientRects().length);
  const wraps = () => {
    const items = shown();
    if (!items.length) return false;
    const first = items[0].getBoundingClientRect();
    return items.some((c) => c.getBoundingClientRect().top >= first.bottom - 1);
  };
  for (const step of [0, 1, 2]) {
    if (step) bar.dataset.compact = String(step);
    else delete bar.dataset.compact;
    if (step === 2 || !wraps()) return step;
  }
  return 2;
}

/** Which buttons apply now (the front end only mirrors what Python says). */
export function buttonStates(st, ui) {
  const hasMap = Boolean(st.map);
  return {
    reveal: hasMap && st.turn.can_reveal && !st.turn.game_over,
    pass: hasMap && st.turn.phase === "draw" && !st.turn.game_over
      && st.hints.open_lines.length > 0,
    undo: hasMap && st.turn.can_undo,
    // a room may turn hints off; once the game is over there is nothing to hint (the help
    // line already says New game)
    hint: hasMap && !st.turn.game_over && !(st.info.room && !st.info.room.hints),
    power: hasMap && Boolean(st.hints.power && st.hints.power.usable),
    overlay: hasMap,
    "export-svg": hasMap,
    "export-png": hasMap && !ui.exporting,
    "new-game": hasMap,
  };
}

export function updateToolbar(tb, st, ui) {
  const { t } = st;
  const states = buttonStates(st, ui);
  tb.el.setAttribute("aria-label", t("btn.toolbar_aria"));
  for (const b of BUTTONS) {
    const btn = tb.buttons[b.action];
    btn.disabled = !states[b.action];
    // Labels follow the language (the power button's is set below). The title names the key.
    const label = t(b.label);
    btn.setAttribute("aria-label", label);
    btn.title = b.key ? t("btn.with_key", { label, key: b.key }) : label;
    btn.querySelector(".nsb-btn-text").textContent = label;
  }
  tb.buttons.overlay.setAttribute("aria-pressed", ui.overlay ? "true" : "false");
  // The Hint button says when the kernel is thinking (it stays usable: a press then is ignored).
  const hb = tb.buttons.hint;
  hb.setAttribute("aria-busy", ui.hintBusy ? "true" : "false");
  hb.classList.toggle("nsb-busy", Boolean(ui.hintBusy));
  hb.querySelector(".nsb-btn-text").textContent = ui.hintBusy ? t("btn.thinking") : t("btn.hint");
  hb.title = ui.hintBusy ? t("btn.thinking_title") : t("btn.hint_title");
  // The pencil power: its name, what it does and, when it cannot be used now, why.
  const power = st.hints.power;
  const pb = tb.buttons.power;
  pb.hidden = !power || !st.map;
  if (power) {
    pb.setAttribute("aria-label", t("btn.power_aria", { power: power.title }));
    pb.dataset.power = power.id;
    pb.querySelector(".nsb-btn-text").textContent = t("btn.power_text", { power: power.title });
    const about = t("fmt.labelled", { label: power.title, text: power.text });
    pb.title = power.usable ? about : t("btn.power_not_now", { about,
      reason: power.reason || t("power.not_usable") });
    if (power.station) pb.setAttribute("aria-pressed", ui.powerMode ? "true" : "false");
    else pb.removeAttribute("aria-pressed");
  }
  // A hint to use the power first: the power button is highlighted too.
  pb.classList.toggle("nsb-hinted", Boolean(power && ui.hintPower === power.id));
  // A bot's sheet: nothing of it can be undone or passed from here; say why up front.
  const bot = Boolean((st.info.players[st.sheet.player] || {}).bot);
  if (bot) {
    tb.buttons.undo.title = t("btn.undo_bot");
    tb.buttons.undo.disabled = true;
  } else if (tb.buttons.undo.disabled && st.map) {
    // Nothing to undo: say why (the U key shows it too), most often a card just revealed.
    const fresh = st.turn.round <= 1 && st.turn.turn === 0;
    tb.buttons.undo.title = t(fresh ? "btn.undo_none_yet" : "btn.undo_revealed");
  }
  const ng = tb.buttons["new-game"];
  ng.classList.toggle("nsb-armed", Boolean(ui.armedNewGame));
  ng.querySelector(".nsb-btn-text").textContent = ui.armedNewGame
    ? t("btn.new_game_confirm") : t("btn.new_game");
  roomToolbar(tb, st);
}

/** A card's name for people ("Bear Joker + S-Bahn", "Underground square", "Railroad Switch"). */
export function cardLabel(card, rs, t) {
  if (card.switch) {
    return rs.switch_card ? rs.switch_card.name : card.text.split(/\s+/).map(cap).join(" ");
  }
  const k = card.kind ? rs.kinds.get(card.kind) : null;
  const kind = k ? k.label : cap(card.kind || "");
  if (card.joker) return t("card.joker", { kind, joker: rs.joker_label }).trim();
  return t("card.symbol", { kind, symbol: card.symbol ? symbolWords(card.symbol, t) : "?" })
    .trim();
}

/**
 * A small drawing of a Station card: its kind's icon in the corner (Berlin's Bear and Crown)
 * or a band in its kind's colour (London's pink Underground and blue Street cards, with the
 * kind's initial: colour is never the only cue), then the symbol, the Joker star or the switch.
 */
export function cardElement(doc, card, extra, rs, t) {
  const kind = card.switch ? "switch" : card.joker ? "joker" : "symbol";
  const label = cardLabel(card, rs, t);
  const look = card.kind ? rs.kinds.get(card.kind) : null;
  const icon = look ? look.icon : card.kind && hasIcon(card.kind) ? card.kind : null;
  const svg = s(doc, "svg", { viewBox: "0 0 36 48", class: "nsb-card-art", "aria-hidden": "true" });
  svg.append(s(doc, "rect", { class: "nsb-card-face", x: 1, y: 1, width: 34, height: 46, rx: 4,
    style: look && look.color ? `stroke:${look.color}` : null }));
  if (look && look.color) {
    svg.append(s(doc, "path", { class: "nsb-card-band", d: "M1,12V5a4,4 0 0 1 4,-4H31a4,4 0 0 1 "
      + "4,4V12Z", style: `fill:${look.color}` }));
    svg.append(s(doc, "text", { class: "nsb-card-kind", x: 18, y: 9.6,
      text: look.label.charAt(0).toUpperCase() }));
  }
  if (icon && hasIcon(icon)) {
    svg.append(s(doc, "path", { class: `nsb-card-line nsb-card-line-${icon}`,
      d: lineIconPath(icon, 9.5, 10, 5.5) }));
  }
  const y = look && look.color ? 2 : 0; // below the band
  if (kind === "switch") {
    svg.append(s(doc, "path", { class: "nsb-card-switch", d: switchPath(18, 26 + y, 10) }));
  } else if (kind === "joker") {
    svg.append(s(doc, "path", { class: "nsb-card-joker", d: starPath(18, 27 + y, 10) }));
    if (rs.joker_mark) {
      svg.append(s(doc, "text", { class: "nsb-card-s", x: 18, y: 30.5 + y, text: rs.joker_mark }));
    }
  } else {
    svg.append(s(doc, "path", { class: "nsb-card-symbol",
      d: symbolPath(card.symbol, 18, 29 + y, 9.5) }));
  }
  return h(doc, "span", { class: `nsb-card nsb-card-${kind}${extra}`, role: "img",
    "aria-label": label, title: label, "data-card": card.text,
    "data-kind": card.kind || null }, svg);
}

function pips(doc, total, n) {
  const el = h(doc, "span", { class: "nsb-pips", "aria-hidden": "true" });
  for (let i = 0; i < total; i++) {
    el.append(h(doc, "span", { class: `nsb-pip${i < n ? " nsb-pip-on" : ""}` }));
  }
  return el;
}

export function createPanel(doc) {
  const el = h(doc, "div", { class: "nsb-panel" });
  const parts = {
    room: h(doc, "div", { class: "nsb-room", hidden: true }),
    status: h(doc, "div", { class: "nsb-status" }),
    players: h(doc, "div", { class: "nsb-players" }),
    announcement: h(doc, "div", { class: "nsb-announcement", role: "status",
      "aria-live": "polite" }),
    bots: h(doc, "div", { class: "nsb-bot-turns", role: "status", "aria-live": "polite" }),
    cards: h(doc, "div", { class: "nsb-cards-box" }),
    power: h(doc, "div", { class: "nsb-power-box" }),
    modules: h(doc, "div", { class: "nsb-modules" }),
    deal: h(doc, "div", { class: "nsb-deal" }),
  };
  el.append(parts.room, parts.status, parts.players, parts.announcement, parts.bots, parts.cards, parts.power,
    parts.modules, parts.deal);
  return { el, parts };
}

function section(doc, title, ...children) {
  return h(doc, "section", { class: "nsb-box" }, h(doc, "h4", { text: title }), ...children);
}

/** What the player has to draw now ("Draw: Bear + Crown", "Draw a section of your line"). */
export function todoText(hints, rs, t) {
  const several = hints.line_ids.length > 1;
  const lines = hints.open_lines.map((l) => lineName(rs, l)).join(" + ");
  let text = several ? t(hints.double_switch ? "todo.lines_branch" : "todo.lines", { lines })
    : t(hints.double_switch ? "todo.line_anywhere" : "todo.line");
  if (hints.notes.length) text = t("todo.with_notes", { todo: text, notes: hints.notes.join("; ") });
  return text;
}

export function updatePanel(panel, st, pencils) {
  const doc = panel.el.ownerDocument;
  const { turn, sheet, hints, t } = st;
  const rs = st.info.ruleset;
  const { status, players, announcement, cards, power, modules } = panel.parts;

  updateRoomBox(panel.parts.room, st);
  // Round and pencil.
  clear(status);
  const pencil = pencils.get(sheet.pencil);
  const roundText = turn.game_over ? t("panel.game_over")
    : t("panel.round_of", { n: Math.max(1, turn.round), total: 4 });
  status.append(h(doc, "span", { class: "nsb-round", "data-round": turn.round, text: roundText }));
  if (!turn.game_over && sheet.pencil) {
    status.append(h(doc, "span", { class: "nsb-pencil", "data-pencil": pencil.id },
      h(doc, "span", { class: "nsb-swatch", style: swatchStyle(pencil.color),
        "aria-hidden": "true", text: pencil.code }),
      t("panel.pencil", { pencil: pencil.name })));
  }
  if (!turn.game_over && turn.phase === "draw" && hints.open_lines.length) {
    status.append(h(doc, "span", { class: "nsb-todo", text: todoText(hints, rs, t) }));
  }

  // Players (hot-seat selector and who is still drawing).
  clear(players);
  if (turn.players.length > 1) {
    const shown = sheet.player;
    const select = h(doc, "select", { class: "nsb-player-select", "data-action": "select-player",
      "aria-label": t("panel.shown_player") });
    turn.players.forEach((p, i) => {
      const opt = h(doc, "option", { value: String(i),
        text: p.bot ? t("panel.player_bot", { name: p.name }) : p.name });
      if (i === shown) opt.selected = true;
      select.append(opt);
    });
    players.append(h(doc, "label", { class: "nsb-player-label" }, t("panel.sheet_of"), " ",
      select));
    const list = h(doc, "ul", { class: "nsb-player-list" });
    turn.players.forEach((p, i) => {
      const pc = pencils.get(p.pencil);
      const waiting = turn.waiting_for.includes(i);
      list.append(h(doc, "li", { class: `nsb-player${i === shown ? " nsb-player-shown" : ""}`,
        "data-player": i },
      h(doc, "span", { class: "nsb-swatch", style: swatchStyle(pc.color), "aria-hidden": "true",
        text: pc.code }),
      h(doc, "span", { class: "nsb-player-name", text: p.name }),
      h(doc, "span", { class: "nsb-player-state", text: turn.game_over ? ""
        : waiting ? t("panel.drawing") : turn.phase === "draw" ? t("panel.done") : "" }),
      h(doc, "span", { class: "nsb-player-total", text: t.n("fmt.pts", p.total) })));
    });
    players.append(list);
  }

  // Announcement.
  announcement.textContent = turn.announcement || "";
  announcement.hidden = !turn.announcement;

  // What each bot did since the last card was revealed ("Player 2 (search) drew C4–D5 (Bear)"),
  // worded like the Hint (words.js); Python's text while it has no steps ("is thinking…").
  const { bots } = panel.parts;
  clear(bots);
  bots.hidden = !turn.bot_turns.length;
  if (turn.bot_turns.length) {
    const list = h(doc, "ul", { class: "nsb-bot-list" });
    for (const b of turn.bot_turns) {
      const pc = pencils.get((turn.players[b.player] || {}).pencil);
      list.append(h(doc, "li", { class: `nsb-bot-turn${b.thinking ? " nsb-bot-thinking" : ""}`,
        "data-player": b.player, "data-bot": b.bot, "aria-busy": b.thinking ? "true" : null },
      h(doc, "span", { class: "nsb-swatch", style: swatchStyle(pc.color), "aria-hidden": "true",
        text: pc.code }),
      h(doc, "span", { class: "nsb-bot-text", text: t("panel.bot_did", { name: b.name,
        bot: b.bot, did: b.steps.length ? stepsWords(b.steps, st) : b.text }) })));
    }
    bots.append(section(doc, turn.phase === "draw" ? t("panel.bots_this_turn")
      : t("panel.bots_last_turn"), list));
  }

  // Cards of this round.
  clear(cards);
  if (!turn.game_over) {
    const strip = h(doc, "div", { class: "nsb-strip", role: "list",
      "aria-label": t("panel.cards_aria") });
    const last = turn.round_turns.length - 1;
    turn.round_turns.forEach((cardsOfTurn, i) => {
      const group = h(doc, "span", { class: `nsb-turn${i === last && turn.phase === "draw"
        ? " nsb-turn-current" : ""}`, role: "listitem", "data-turn": i + 1 });
      cardsOfTurn.forEach((c, j) => {
        if (j > 0) group.append(h(doc, "span", { class: "nsb-plus", "aria-hidden": "true",
          text: "+" }));
        group.append(cardElement(doc, c, "", rs, t));
      });
      // The shown player's pencil power used in this turn (a Joker: the card was any symbol).
      for (const used of turn.round_powers.filter((x) => x.turn === i)) {
        const about = t("panel.power_used", { power: used.title });
        group.classList.add("nsb-turn-power");
        group.append(h(doc, "span", { class: "nsb-power-tag", "data-power": used.power,
          title: about, "aria-label": about, text: used.title }));
      }
      strip.append(group);
    });
    if (turn.preview) {
      strip.append(h(doc, "span", { class: "nsb-turn nsb-turn-next", role: "listitem" },
        cardElement(doc, turn.preview, " nsb-card-preview", rs, t),
        h(doc, "span", { class: "nsb-next-tag", text: t("panel.next_card") })));
    }
    if (!turn.round_turns.length) {
      strip.append(h(doc, "span", { class: "nsb-empty", text: t("panel.no_card_yet") }));
    }
    // One counter per counted kind: a pip per card of that kind in the deck.
    const counted = rs.count_names.length ? rs.count_names : Object.keys(turn.revealed);
    const counters = h(doc, "div", { class: "nsb-counters" });
    for (const kind of counted) {
      const n = turn.revealed[kind] || 0;
      const label = rs.count_labels[kind] || cap(kind);
      const total = rs.in_deck[kind] || rs.cards_per_round_end;
      const look = rs.kinds.get(kind);
      const c = h(doc, "span", { class: "nsb-counter", "data-line": kind, "data-kind": kind,
        "aria-label": t("panel.counter_aria", { kind: label, n, total }) }, label,
      pips(doc, total, n),
      `${n}/${total}`);
      if (look && look.color) c.style.setProperty("--nsb-kind", look.color);
      counters.append(c);
    }
    const ends = t.or((rs.round_end_kinds.length ? rs.round_end_kinds : counted)
      .map((k) => rs.count_labels[k] || cap(k)));
    const nth = ordinal(rs.cards_per_round_end, t);
    const kinds = rs.card_kinds.length ? rs.card_kinds.map((k) => [k.id, k.label])
      : Object.keys(turn.remaining).map((k) => [k, cap(k.replace(/_/g, " "))]);
    // Each count with its card's name is kept whole ("1 Double-aiguillage" never breaks at
    // its hyphen or before the name): one unbreakable span per kind.
    const rem = kinds.map(([id, label]) => h(doc, "span", { class: "nsb-nowrap",
      text: `${turn.remaining[id] || 0} ${label}` }));
    cards.append(section(doc, t("panel.cards_title"), strip, counters,
      h(doc, "p", { class: `nsb-round-end${turn.last_turn ? " nsb-last" : ""}`,
        text: t(turn.last_turn ? "panel.last_turn" : "panel.round_ends", { nth, kinds: ends }) }),
      h(doc, "p", { class: "nsb-stack" }, ...fillNodes(t("panel.stack", { cards: HOLE }),
        rem.flatMap((span, i) => (i ? [" · ", span] : [span]))))));
  }

  // Pencil powers: the shown player's, what it does and why it waits; who holds which.
  clear(power);
  power.hidden = !rs.powers.length || turn.game_over;
  if (!power.hidden) {
    const mine = hints.power;
    const holders = h(doc, "ul", { class: "nsb-power-list" });
    for (const p of pencils.list) {
      const id = rs.pencil_powers[p.id];
      const info = rs.powers.find((x) => x.id === id);
      if (!info) continue;
      holders.append(h(doc, "li", { class: p.id === sheet.pencil ? "nsb-power-mine" : "",
        "data-pencil": p.id, "data-power": id, title: info.text },
      h(doc, "span", { class: "nsb-swatch", style: swatchStyle(p.color), "aria-hidden": "true",
        text: p.code }), h(doc, "span", { text: info.title })));
    }
    // Without the module nobody holds a power: no empty box.
    if (!mine && !holders.childNodes.length) power.hidden = true;
    else power.append(section(doc, t("panel.powers_title"),
      rs.power_limit_text ? h(doc, "p", { class: "nsb-power-limit", text: rs.power_limit_text })
        : null,
      mine ? h(doc, "p", { class: "nsb-power-now", "data-power": mine.id },
        h(doc, "strong", { text: `${t("fmt.label_colon", { label: mine.title })} ` }), mine.text) : null,
      mine && !mine.usable && mine.reason ? h(doc, "p", { class: "nsb-power-reason",
        text: t("panel.power_not_now", { reason: mine.reason }) }) : null,
      holders.childNodes.length ? holders : null));
  }

  // Round effect and objectives.
  clear(modules);
  if (turn.effects.length || turn.effect) {
    const list = h(doc, "ol", { class: "nsb-effects" });
    for (const e of turn.effects) {
      const current = e.round === turn.round && !turn.game_over;
      list.append(h(doc, "li", { class: `nsb-effect${current ? " nsb-effect-current" : ""}${e.used
        ? " nsb-effect-used" : ""}`, "data-effect": e.id, title: e.text },
      h(doc, "span", { class: "nsb-effect-round", text: t("panel.effect_round", { n: e.round }) }),
      h(doc, "span", { class: "nsb-effect-title", text: e.title })));
    }
    modules.append(section(doc, t("panel.effects_title"),
      turn.effect && !turn.game_over ? h(doc, "p", { class: "nsb-effect-now" },
        h(doc, "strong", { text: `${t("fmt.label_colon", { label: turn.effect.title })} ` }),
        turn.effect.text) : null,
      turn.effects.length ? list : null));
  }
  if (turn.objectives.length) {
    const list = h(doc, "ul", { class: "nsb-objectives" });
    for (const o of turn.objectives) list.append(h(doc, "li", { "data-objective": o.id, text: o.text }));
    modules.append(section(doc, t("panel.objectives_title"), list));
  }

  // The deal: its seed, and the call that deals the same cards (a whole room can play one game).
  const { deal } = panel.parts;
  clear(deal);
  const info = st.info;
  deal.hidden = info.seed === null && !info.deal;
  if (!deal.hidden) {
    deal.append(h(doc, "span", { class: "nsb-seed", "data-seed": info.seed ?? "" },
      t("panel.seed", { seed: info.seed ?? "?" })));
    if (info.deal) {
      deal.append(h(doc, "span", { text: ` · ${t("panel.same_cards")} ` }),
        h(doc, "code", { class: "nsb-deal-code", title: t("panel.deal_title"), text: info.deal }));
    }
  }
}

/** The card(s) of this turn, small, beside the messages: always in sight above the map. */
export function updateNow(el, turn, rs, t) {
  const doc = el.ownerDocument;
  clear(el);
  const cards = turn.phase === "draw" && !turn.game_over ? turn.cards : [];
  el.hidden = !cards.length;
  if (!cards.length) return;
  el.setAttribute("aria-label", t("panel.this_turn", { cards: cards.map((c) => cardLabel(c, rs, t))
    .join(" + ") }));
  cards.forEach((c, j) => {
    if (j > 0) el.append(h(doc, "span", { class: "nsb-plus", "aria-hidden": "true", text: "+" }));
    el.append(cardElement(doc, c, "", rs, t));
  });
}
