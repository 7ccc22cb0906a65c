// The widget's words come from Python: the `strings` trait holds every text of the front end
// in the game's language, under stable keys ("btn.reveal", "help.waiting_for"). This module
// only looks them up and fills their {placeholders}; it keeps no copy of the texts.
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

/** Keys asked for but not in the strings trait (for tests; the widget shows the key instead). */
export const missing = new Set();

/** Fill `{name}` placeholders from `params`; a placeholder without a value stays as it is. */
export function fill(text, params) {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (Object.prototype.hasOwnProperty.call(params,
    name) && params[name] !== undefined && params[name] !== null ? String(params[name]) : whole));
}

/** What a missing key shows: the key itself, and the values it would have shown. */
function fallback(key, params) {
  missing.add(key);
  const values = params ? Object.values(params).filter((v) => v !== undefined && v !== null
    && v !== "") : [];
  return values.length ? `${key} (${values.join(", ")})` : key;
}

/**
 * A translator over a `strings` trait value `{language, messages: {key: text | [one, many]},
 * zero_is_singular}`: `t(key, params)` gives the text with its placeholders filled;
 * `t.n(key, n, params)` the singular or plural form for `n` (`{n}` is filled too).
 * Anything missing or malformed gives the key (see `missing`), never an exception.
 */
export function translator(v) {
  const o = isObj(v) ? v : {};
  const messages = isObj(o.messages) ? o.messages : {};
  const zeroSingular = o.zero_is_singular === true;
  const has = (key) => Object.prototype.hasOwnProperty.call(messages, key);
  const t = (key, params = null) => {
    const m = has(key) ? messages[key] : null;
    if (typeof m === "string") return fill(m, params);
    if (Array.isArray(m) && typeof m[1] === "string") return fill(m[1], params);
    return fallback(key, params);
  };
  t.n = (key, n, params = null) => {
    const m = has(key) ? messages[key] : null;
    const all = { n, ...(params || {}) };
    if (!Array.isArray(m) || typeof m[0] !== "string" || typeof m[1] !== "string") {
      return typeof m === "string" ? fill(m, all) : fallback(key, all);
    }
    return fill(n === 1 || (n === 0 && zeroSingular) ? m[0] : m[1], all);
  };
  /** `items` joined as a list ("A, B or C"). */
  t.or = (items) => (items.length > 1 ? t("fmt.or", { list: items.slice(0, -1).join(", "),
    last: items.at(-1) }) : items[0] || "");
  t.has = has;
  t.language = typeof o.language === "string" ? o.language : "";
  return t;
}
