// How an action reads in words, in the widget's language: the Hint's headline ("Draw C4–D5
// (Bear)", "Use the Joker power first", "Pass") and what a bot did ("drew C4–D5 (Bear)",
// "used the Joker power, then drew F4–G5"). One wording for both, from the same data
// (normalize.js readAction); only the keys differ. What Undo took back reads the same way
// ("Taken back: C4–D5").
import { lineName } from "./map.js";

/** The keys of a hint: what to do now. */
export const HINT_WORDS = { draw: "hint.draw", draw_line: "hint.draw_line",
  power: "hint.power", power_on: "hint.power_on", pass: "hint.pass" };
/** The keys of a bot's step: what it did (`joker`: drawn for a Joker card). */
export const BOT_WORDS = { draw: "bot.drew", draw_line: "bot.drew_line",
  power: "bot.power", power_on: "bot.power_on", pass: "bot.passed" };
/** The keys of what Undo took back ("Taken back: C4–D5", "Taken back: the Joker power"). */
export const UNDO_WORDS = { draw: "undo.draw", draw_line: "undo.draw_line",
  power: "undo.power", power_on: "undo.power_on", pass: "undo.pass" };
const BOT_JOKER_WORDS = { ...BOT_WORDS, draw: "bot.drew_joker",
  draw_line: "bot.drew_line_joker" };

/**
 * An action (`{kind, origin, target, line, power}`) in words with the keys `words`, given
 * `st` (the view's state: `t`, `map`, `hints.line_ids`, `info.ruleset`). The section reads
 * "C4–D5" (station labels, an en dash); its line is named only on a map with several lines.
 */
export function actionWords(action, st, words = HINT_WORDS) {
  const { t } = st;
  const keys = words === BOT_WORDS && action.joker ? BOT_JOKER_WORDS : words;
  const label = (i) => (st.map && st.map.okStation(i) ? st.map.stations[i].label : "?");
  if (action.kind === "draw") {
    const section = `${label(action.origin)}–${label(action.target)}`;
    return st.hints.line_ids.length > 1 && action.line
      ? t(keys.draw_line, { section, line: lineName(st.info.ruleset, action.line) })
      : t(keys.draw, { section });
  }
  if (action.kind === "power") {
    return action.power.station !== null
      ? t(keys.power_on, { power: action.power.title, station: label(action.power.station) })
      : t(keys.power, { power: action.power.title });
  }
  return t(keys.pass);
}

/** What a bot did this turn, step by step ("used the Joker power, then drew F4–G5"). */
export function stepsWords(steps, st) {
  return steps.map((x) => actionWords(x, st, BOT_WORDS))
    .reduce((done, next) => st.t("bot.then", { done, next }));
}
