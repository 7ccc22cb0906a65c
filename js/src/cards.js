// The toolbar (buttons) and the side panel: round and pencil, this round's cards, the stack,
// round effect, objectives, players. Buttons carry data-action; index.js handles the clicks.
import { h, s, clear } from "./dom.js";
import { symbolPath, lineIconPath, starPath, switchPath } from "./symbols.js";

const CARDS_PER_LINE = 5;
const cap = (w) => (w ? w.charAt(0).toUpperCase() + w.slice(1) : "");

/** Toolbar buttons: action, label, shortcut key shown in the tooltip. */
export const BUTTONS = [
  { action: "reveal", label: "Reveal next card", key: "R", primary: true },
  { action: "pass", label: "Pass", key: "P" },
  { action: "undo", label: "Undo", key: "U" },
  { action: "overlay", label: "Teaching overlay", key: "O", toggle: true },
  { action: "export-svg", label: "Export SVG" },
  { action: "export-png", label: "Export PNG" },
  { action: "new-game", label: "New game" },
];

export function createToolbar(doc) {
  const bar = h(doc, "div", { class: "nsb-toolbar", role: "toolbar",
    "aria-label": "Game actions" });
  const buttons = {};
  for (const b of BUTTONS) {
    const btn = h(doc, "button", {
      type: "button",
      class: `nsb-btn${b.primary ? " nsb-btn-primary" : ""}`,
      "data-action": b.action,
      "aria-label": b.label,
      title: b.key ? `${b.label} (${b.key})` : b.label,
      "aria-pressed": b.toggle ? "false" : null,
    }, h(doc, "span", { class: "nsb-btn-text", text: b.label }),
    b.key ? h(doc, "kbd", { "aria-hidden": "true", text: b.key.toLowerCase() }) : null);
    buttons[b.action] = btn;
    if (b.action === "overlay" || b.action === "new-game") {
      bar.append(h(doc, "span", { class: "nsb-toolbar-sep", "aria-hidden": "true" }));
    }
    bar.append(btn);
  }
  return { el: bar, buttons };
}

/** Which buttons apply now (the front end only mirrors what Python says). */
export function buttonStates(st, ui) {
  const hasMap = Boolean(st.map);
  return {
    reveal: hasMap && st.turn.can_reveal && !st.turn.game_over,
    pass: hasMap && st.turn.phase === "draw" && !st.turn.game_over
      && st.hints.open_lines.length > 0,
    undo: hasMap && st.turn.can_undo,
    overlay: hasMap,
    "export-svg": hasMap,
    "export-png": hasMap && !ui.exporting,
    "new-game": hasMap,
  };
}

export function updateToolbar(tb, st, ui) {
  const states = buttonStates(st, ui);
  for (const [action, btn] of Object.entries(tb.buttons)) {
    btn.disabled = !states[action];
  }
  tb.buttons.overlay.setAttribute("aria-pressed", ui.overlay ? "true" : "false");
  const ng = tb.buttons["new-game"];
  ng.classList.toggle("nsb-armed", Boolean(ui.armedNewGame));
  ng.querySelector(".nsb-btn-text").textContent = ui.armedNewGame
    ? "Click again: new game" : "New game";
}

/** A small drawing of a Station card. */
export function cardElement(doc, card, extra = "") {
  const kind = card.double_switch ? "switch" : card.joker ? "joker" : "symbol";
  const label = card.double_switch ? "Double Switch"
    : `${cap(card.line || "")} ${card.joker ? "Joker + S-Bahn" : card.symbol || "?"}`.trim();
  const svg = s(doc, "svg", { viewBox: "0 0 36 48", class: "nsb-card-art", "aria-hidden": "true" });
  svg.append(s(doc, "rect", { class: "nsb-card-face", x: 1, y: 1, width: 34, height: 46, rx: 4 }));
  if (card.line) {
    svg.append(s(doc, "path", { class: `nsb-card-line nsb-card-line-${card.line}`,
      d: lineIconPath(card.line, 9.5, 10, 5.5) }));
  }
  if (kind === "switch") {
    svg.append(s(doc, "path", { class: "nsb-card-switch", d: switchPath(18, 26, 10) }));
  } else if (kind === "joker") {
    svg.append(s(doc, "path", { class: "nsb-card-joker", d: starPath(18, 27, 10) }));
    svg.append(s(doc, "text", { class: "nsb-card-s", x: 18, y: 30.5, text: "S" }));
  } else {
    svg.append(s(doc, "path", { class: "nsb-card-symbol", d: symbolPath(card.symbol, 18, 29, 9.5) }));
  }
  return h(doc, "span", { class: `nsb-card nsb-card-${kind}${extra}`, role: "img",
    "aria-label": label, title: label, "data-card": card.text }, svg);
}

function pips(doc, line, n) {
  const el = h(doc, "span", { class: "nsb-pips", "aria-hidden": "true" });
  for (let i = 0; i < CARDS_PER_LINE; i++) {
    el.append(h(doc, "span", { class: `nsb-pip${i < n ? " nsb-pip-on" : ""}` }));
  }
  return el;
}

export function createPanel(doc) {
  const el = h(doc, "div", { class: "nsb-panel" });
  const parts = {
    status: h(doc, "div", { class: "nsb-status" }),
    players: h(doc, "div", { class: "nsb-players" }),
    announcement: h(doc, "div", { class: "nsb-announcement", role: "status",
      "aria-live": "polite" }),
    cards: h(doc, "div", { class: "nsb-cards-box" }),
    modules: h(doc, "div", { class: "nsb-modules" }),
  };
  el.append(parts.status, parts.players, parts.announcement, parts.cards, parts.modules);
  return { el, parts };
}

function section(doc, title, ...children) {
  return h(doc, "section", { class: "nsb-box" }, h(doc, "h4", { text: title }), ...children);
}

export function updatePanel(panel, st, pencils) {
  const doc = panel.el.ownerDocument;
  const { turn, sheet, hints } = st;
  const { status, players, announcement, cards, modules } = panel.parts;

  // Round and pencil.
  clear(status);
  const pencil = pencils.get(sheet.pencil);
  const roundText = turn.game_over ? "Game over" : `Round ${Math.max(1, turn.round)} of 4`;
  status.append(h(doc, "span", { class: "nsb-round", "data-round": turn.round, text: roundText }));
  if (!turn.game_over && sheet.pencil) {
    status.append(h(doc, "span", { class: "nsb-pencil", "data-pencil": pencil.id },
      h(doc, "span", { class: "nsb-swatch", style: `background:${pencil.color}`,
        "aria-hidden": "true", text: pencil.code }),
      `${pencil.name} pencil`));
  }
  if (!turn.game_over && turn.phase === "draw" && hints.open_lines.length) {
    status.append(h(doc, "span", { class: "nsb-todo", text: `Draw: ${hints.open_lines
      .map(cap).join(" + ")}${hints.double_switch ? " (branch from any station)" : ""}` }));
  }

  // Players (hot-seat selector and who is still drawing).
  clear(players);
  if (turn.players.length > 1) {
    const shown = sheet.player;
    const select = h(doc, "select", { class: "nsb-player-select", "data-action": "select-player",
      "aria-label": "Shown player" });
    turn.players.forEach((p, i) => {
      const opt = h(doc, "option", { value: String(i), text: `${p.name}${p.bot ? " (bot)" : ""}` });
      if (i === shown) opt.selected = true;
      select.append(opt);
    });
    players.append(h(doc, "label", { class: "nsb-player-label" }, "Sheet of ", select));
    const list = h(doc, "ul", { class: "nsb-player-list" });
    turn.players.forEach((p, i) => {
      const pc = pencils.get(p.pencil);
      const waiting = turn.waiting_for.includes(i);
      list.append(h(doc, "li", { class: `nsb-player${i === shown ? " nsb-player-shown" : ""}`,
        "data-player": i },
      h(doc, "span", { class: "nsb-swatch", style: `background:${pc.color}`, "aria-hidden": "true",
        text: pc.code }),
      h(doc, "span", { class: "nsb-player-name", text: p.name }),
      h(doc, "span", { class: "nsb-player-state", text: turn.game_over ? ""
        : waiting ? "drawing…" : turn.phase === "draw" ? "done" : "" }),
      h(doc, "span", { class: "nsb-player-total", text: `${p.total} pts` })));
    });
    players.append(list);
  }

  // Announcement.
  announcement.textContent = turn.announcement || "";
  announcement.hidden = !turn.announcement;

  // Cards of this round.
  clear(cards);
  if (!turn.game_over) {
    const strip = h(doc, "div", { class: "nsb-strip", role: "list",
      "aria-label": "Cards revealed this round, in order" });
    const last = turn.round_turns.length - 1;
    turn.round_turns.forEach((t, i) => {
      const group = h(doc, "span", { class: `nsb-turn${i === last && turn.phase === "draw"
        ? " nsb-turn-current" : ""}`, role: "listitem", "data-turn": i + 1 });
      t.forEach((c, j) => {
        if (j > 0) group.append(h(doc, "span", { class: "nsb-plus", "aria-hidden": "true",
          text: "+" }));
        group.append(cardElement(doc, c));
      });
      strip.append(group);
    });
    if (turn.preview) {
      strip.append(h(doc, "span", { class: "nsb-turn nsb-turn-next", role: "listitem" },
        cardElement(doc, turn.preview, " nsb-card-preview"),
        h(doc, "span", { class: "nsb-next-tag", text: "next" })));
    }
    if (!turn.round_turns.length) {
      strip.append(h(doc, "span", { class: "nsb-empty", text: "No card revealed yet." }));
    }
    const counters = h(doc, "div", { class: "nsb-counters" },
      h(doc, "span", { class: "nsb-counter", "data-line": "bear",
        "aria-label": `Bear cards revealed: ${turn.revealed.bear} of ${CARDS_PER_LINE}` },
      "Bear", pips(doc, "bear", turn.revealed.bear), `${turn.revealed.bear}/5`),
      h(doc, "span", { class: "nsb-counter", "data-line": "crown",
        "aria-label": `Crown cards revealed: ${turn.revealed.crown} of ${CARDS_PER_LINE}` },
      "Crown", pips(doc, "crown", turn.revealed.crown), `${turn.revealed.crown}/5`));
    const rem = turn.remaining;
    cards.append(section(doc, "This round's cards", strip, counters,
      h(doc, "p", { class: `nsb-round-end${turn.last_turn ? " nsb-last" : ""}`,
        text: turn.last_turn ? "Last turn of this round: the 5th Bear or Crown card is out."
          : "The round ends at the 5th Bear or Crown card." }),
      h(doc, "p", { class: "nsb-stack", text: `Left in the stack: ${rem.bear} Bear · `
        + `${rem.crown} Crown · ${rem.double_switch} Double Switch` })));
  }

  // Round effect and objectives.
  clear(modules);
  if (turn.effects.length || turn.effect) {
    const list = h(doc, "ol", { class: "nsb-effects" });
    for (const e of turn.effects) {
      const current = e.round === turn.round && !turn.game_over;
      list.append(h(doc, "li", { class: `nsb-effect${current ? " nsb-effect-current" : ""}${e.used
        ? " nsb-effect-used" : ""}`, "data-effect": e.id, title: e.text },
      h(doc, "span", { class: "nsb-effect-round", text: `R${e.round}` }),
      h(doc, "span", { class: "nsb-effect-title", text: e.title })));
    }
    modules.append(section(doc, "Round effects",
      turn.effect && !turn.game_over ? h(doc, "p", { class: "nsb-effect-now" },
        h(doc, "strong", { text: `${turn.effect.title}: ` }), turn.effect.text) : null,
      turn.effects.length ? list : null));
  }
  if (turn.objectives.length) {
    const list = h(doc, "ul", { class: "nsb-objectives" });
    for (const o of turn.objectives) list.append(h(doc, "li", { "data-objective": o.id, text: o.text }));
    modules.append(section(doc, "Objectives (+10 each)", list));
  }
}

/** The card(s) of this turn, small, beside the messages: always in sight above the map. */
export function updateNow(el, turn) {
  const doc = el.ownerDocument;
  clear(el);
  const cards = turn.phase === "draw" && !turn.game_over ? turn.cards : [];
  el.hidden = !cards.length;
  if (!cards.length) return;
  el.setAttribute("aria-label", `This turn: ${cards.map((c) => c.text).join(" + ")}`);
  cards.forEach((c, j) => {
    if (j > 0) el.append(h(doc, "span", { class: "nsb-plus", "aria-hidden": "true", text: "+" }));
    el.append(cardElement(doc, c));
  });
}
