// Read synced traits defensively: every reader returns a complete object with safe defaults,
// plus `issues` (sentences) when something was missing or malformed, so drawing never throws
// on a bad value from Python and the widget can say what it could not show.
import { translator } from "./i18n.js";

const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const obj = (v) => (isObj(v) ? v : {});
const arr = (v) => (Array.isArray(v) ? v : []);
const num = (v, d = 0) => (typeof v === "number" && Number.isFinite(v) ? v : d);
const int = (v, d = 0) => (Number.isInteger(v) ? v : d);
const str = (v, d = "") => (typeof v === "string" ? v : d);
const bool = (v) => v === true;
const ints = (v) => arr(v).filter(Number.isInteger);
const strs = (v) => arr(v).filter((x) => typeof x === "string");
// The lines of a round when the map does not name them (older maps: Berlin's two lines).
const LINES = ["bear", "crown"];
// Colours go into style attributes: accept only plain CSS colour notations.
const COLOUR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|(rgb|rgba|hsl|hsla)\([\d\s.,%]+\))$/;
const colour = (v) => (typeof v === "string" && COLOUR.test(v.trim()) ? v.trim() : "#777777");

export { obj, arr, num, int, str, bool, LINES };

const cap = (w) => (w ? w.charAt(0).toUpperCase() + w.slice(1) : "");

/** `map_data`: null when there is nothing drawable. */
export function readMap(v) {
  if (!isObj(v) || !Array.isArray(v.stations)) return null;
  const width = Math.max(1, int(v.width, 10));
  const height = Math.max(1, int(v.height, 10));
  const stations = v.stations.map((st, i) => {
    const o = obj(st);
    const start = isObj(o.start) ? { pencil: str(o.start.pencil), line: str(o.start.line) } : null;
    return {
      index: i,
      label: str(o.label, `#${i}`),
      x: num(o.x, NaN),
      y: num(o.y, NaN),
      symbol: str(o.symbol, "circle"),
      district: int(o.district, -1),
      tourist: bool(o.tourist),
      start,
    };
  });
  const n = stations.length;
  const okStation = (i) => Number.isInteger(i) && i >= 0 && i < n
    && Number.isFinite(stations[i].x) && Number.isFinite(stations[i].y);
  const pencils = arr(v.pencils).filter(isObj).map((p) => ({
    id: str(p.id), name: str(p.name, str(p.id)), color: colour(p.color),
  }));
  const points = (loop) => arr(loop).filter((p) => Array.isArray(p) && p.length >= 2
    && Number.isFinite(p[0]) && Number.isFinite(p[1]));
  const lines = strs(v.lines);
  // Potential sections by index (null for a bad row), then the drawable ones.
  const byIndex = arr(v.sections).map((row) => (Array.isArray(row) && okStation(row[0])
    && okStation(row[1]) ? [row[0], row[1]] : null));
  return {
    id: str(v.id, "map"),
    title: str(v.title),
    width,
    height,
    lines: lines.length ? lines : LINES,
    pencils,
    districts: arr(v.districts).filter(isObj).map((d, i) => ({
      index: i,
      name: str(d.name),
      kind: str(d.kind, "main"),
      outline: arr(d.outline).map(points).filter((l) => l.length >= 3),
      label_at: points([d.label_at])[0] || null,
      label_wrap: d.label_wrap === true,
      stations: ints(d.stations).filter(okStation),
    })),
    river: isObj(v.river) ? { name: str(v.river.name), polyline: points(v.river.polyline),
      crossings: ints(v.river.crossings).filter((i) => byIndex[i]) } : null,
    stations,
    okStation,
    sectionEnds: (i) => (Number.isInteger(i) && byIndex[i]) || null,
    sections: byIndex.filter(Boolean),
  };
}

/** `sheet`: sections rows are [section, origin, target, pencil, line, round, flags]. */
export function readSheet(v, map) {
  const o = obj(v);
  const ok = (i) => (map ? map.okStation(i) : Number.isInteger(i));
  const lines = {};
  for (const name of map ? map.lines : LINES) {
    const l = obj(obj(o.lines)[name]);
    lines[name] = {
      stations: ints(l.stations).filter(ok),
      ends: ints(l.ends).filter(ok),
      start: ok(l.start) ? l.start : null,
    };
  }
  const sections = arr(o.sections).filter((r) => Array.isArray(r) && r.length >= 5
    && ok(r[1]) && ok(r[2]));
  return {
    player: int(o.player, 0),
    pencil: str(o.pencil),
    sections: sections.map((r) => [int(r[0], -1), r[1], r[2], int(r[3], -1), int(r[4], 0),
      int(r[5], 0), int(r[6], 0)]),
    sbahn: ints(o.sbahn).filter(ok),
    circled: ints(o.circled).filter(ok),
    circled_by: arr(o.circled_by).filter((r) => Array.isArray(r) && ok(r[0]))
      .map((r) => [r[0], int(r[1], -1)]),
    interchanges: arr(o.interchanges).filter((r) => Array.isArray(r) && ok(r[0]))
      .map((r) => [r[0], int(r[1], 2)]),
    lines,
    joined: bool(o.joined),
  };
}

/**
 * A card from its text form ("bear square", "underground joker", "double switch", "switch"),
 * read with the ruleset's description: `kind` is the card kind (its first word, or the switch
 * card's kind), `switch` marks the ruleset's switch card.
 */
export function readCard(c, rs = readRuleset(null)) {
  const text = str(c, "?").trim().toLowerCase();
  const words = text.split(/\s+/);
  const sw = rs.switch_card;
  if (sw ? text === sw.text : /switch$/.test(text)) {
    return { text, kind: sw ? sw.kind : null, symbol: null, joker: false, switch: true };
  }
  const known = rs.kinds.has(words[0]) || (!rs.card_kinds.length && words.length === 2);
  const kind = known ? words[0] : null;
  const joker = words[1] === "joker";
  return { text, kind, symbol: kind && !joker ? words[1] || null : null, joker, switch: false };
}

/**
 * `game_info.ruleset`: the game's description (lines, card kinds, counted cards, powers, tracks,
 * bonus labels...). Missing parts get neutral defaults derived from what is there.
 */
export function readRuleset(v, t = translator(null)) {
  const o = obj(v);
  const labels = obj(o.count_labels);
  const lines = arr(o.lines).filter(isObj).map((l) => ({ id: str(l.id), name: str(l.name,
    cap(str(l.id))) })).filter((l) => l.id);
  const countNames = strs(o.count_names);
  const deck = strs(o.deck).map((x) => x.trim().toLowerCase());
  const sw = isObj(o.switch_card) && typeof o.switch_card.text === "string" ? {
    text: o.switch_card.text.trim().toLowerCase(), kind: str(o.switch_card.kind) || null,
    name: str(o.switch_card.name, str(o.switch_name, t("card.switch"))) } : null;
  const kinds = arr(o.card_kinds).filter(isObj).map((k) => ({
    id: str(k.id), label: str(k.label, cap(str(k.id))),
    icon: typeof k.icon === "string" ? k.icon : null,
    color: typeof k.color === "string" && COLOUR.test(k.color.trim()) ? k.color.trim() : null,
  })).filter((k) => k.id);
  for (const name of countNames) {
    if (!kinds.some((k) => k.id === name)) {
      kinds.push({ id: name, label: str(labels[name], cap(name)), icon: null, color: null });
    }
  }
  const kindOf = (text) => (sw && text === sw.text ? sw.kind : text.split(/\s+/)[0]);
  const inDeck = {};
  for (const text of deck) inDeck[kindOf(text)] = (inDeck[kindOf(text)] || 0) + 1;
  const ends = strs(o.round_end_kinds);
  return {
    name: str(o.name),
    title: str(o.title),
    lines,
    count_names: countNames,
    count_labels: Object.fromEntries(countNames.map((n) => [n, str(labels[n],
      (kinds.find((k) => k.id === n) || {}).label || cap(n))])),
    cards_per_round_end: Math.max(1, int(o.cards_per_round_end, 5)),
    round_end_kinds: ends.length ? ends : countNames,
    deck,
    in_deck: inDeck,
    card_kinds: kinds,
    kinds: new Map(kinds.map((k) => [k.id, k])),
    switch_card: sw,
    switch_name: str(o.switch_name, sw ? sw.name : t("card.switch")),
    circle_name: str(o.circle_name),
    joker_label: str(o.joker_label, t("card.joker_label")),
    joker_mark: str(o.joker_mark),
    powers: arr(o.powers).filter(isObj).map((p) => ({ id: str(p.id), title: str(p.title,
      cap(str(p.id))), text: str(p.text), station: bool(p.station) })).filter((p) => p.id),
    pencil_powers: Object.fromEntries(Object.entries(obj(o.pencil_powers))
      .filter(([, x]) => typeof x === "string")),
    power_limit_text: str(o.power_limit_text),
    tracks: arr(o.tracks).filter(isObj).map((x) => ({ id: str(x.id), label: str(x.label,
      cap(str(x.id))), values: ints(x.values) })).filter((x) => x.id),
    bonus_labels: Object.fromEntries(Object.entries(obj(o.bonus_labels))
      .filter(([, x]) => typeof x === "string")),
    bonus_short: Object.fromEntries(Object.entries(obj(o.bonus_short))
      .filter(([, x]) => typeof x === "string")),
    assessment_title: str(o.assessment_title, t("score.assessment_title")),
    overlay_caption: str(o.overlay_caption, t("overlay.caption")),
  };
}

/** `game_info`: what stays fixed for a game. */
export function readInfo(v, t = translator(null)) {
  const o = obj(v);
  return {
    ruleset: readRuleset(o.ruleset, t),
    players: arr(o.players).filter(isObj).map((p, i) => ({
      name: str(p.name, t("player.default", { n: i + 1 })), bot: bool(p.bot) })),
    modules: arr(o.modules).filter((m) => typeof m === "string"),
    effects: arr(o.effects).filter(isObj).map((e) => ({ round: int(e.round), id: str(e.id),
      title: str(e.title), text: str(e.text) })),
    objectives: arr(o.objectives).filter(isObj).map((x) => ({ id: str(x.id), text: str(x.text) })),
    // The seed and the Game.new(...) call that deals the same game (null: a scenario game).
    seed: Number.isSafeInteger(o.seed) ? o.seed : null,
    deal: typeof o.deal === "string" && o.deal.length <= 400 ? o.deal : null,
    room: readRoomInfo(o.room), // a participant's widget in a classroom
  };
}

/** `game_info.room`: null outside a room. */
export function readRoomInfo(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return null;
  const o = obj(v);
  return { name: str(o.name), participant: str(o.participant), dealt: bool(o.dealt),
    hints: o.hints !== false }; // hints are offered unless the room says otherwise
}

/** `turn.room`: where the participant stands against the room's cards (null outside one). */
export function readRoomStatus(v) {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return null;
  const o = obj(v);
  return { turns_out: int(o.turns_out), taken: int(o.taken), behind: int(o.behind),
    waiting: bool(o.waiting), problem: typeof o.problem === "string" && o.problem
      ? o.problem : null,
    // Once the teacher has ended the game: the participant's place or "left", in words.
    ended: typeof o.ended === "string" && o.ended ? o.ended : null };
}

/** `turn`: the shared table, completed with the game's fixed facts from `game_info`. */
export function readTurn(v, info = readInfo(null), t = translator(null)) {
  const o = obj(v);
  const rev = obj(o.revealed);
  const rem = obj(o.remaining);
  const round = int(o.round, 0);
  const gameOver = bool(o.game_over);
  const current = info.effects.find((e) => e.round === round);
  const card = (c) => readCard(c, info.ruleset);
  const counts = (x) => Object.fromEntries(Object.entries(x).map(([k, n]) => [k, int(n)]));
  return {
    round,
    turn: int(o.turn, 0),
    phase: str(o.phase, ""),
    cards: arr(o.cards).map(card),
    preview: typeof o.preview === "string" ? card(o.preview) : null,
    round_turns: arr(o.round_turns).map((x) => arr(x).map(card)),
    // The shown player's powers this round, by the turn (index into round_turns) used in.
    round_powers: arr(o.round_powers).filter((x) => isObj(x) && Number.isInteger(x.turn)
      && typeof x.power === "string").map((x) => ({ turn: x.turn, power: x.power,
      title: str(x.title, cap(x.power)) })),
    last_turn: bool(o.last_turn),
    revealed: counts(rev),
    remaining: counts(rem),
    effect: current && !gameOver ? { id: current.id, title: current.title, text: current.text }
      : null,
    effects: info.effects.map((e) => ({ ...e, used: e.round < round || gameOver })),
    objectives: info.objectives,
    players: arr(o.players).filter(isObj).map((p, i) => ({
      name: (info.players[i] || {}).name || t("player.default", { n: i + 1 }),
      pencil: str(p.pencil),
      bot: bool((info.players[i] || {}).bot), finished: bool(p.finished), total: int(p.total),
    })),
    ranking: Array.isArray(o.ranking) ? o.ranking.map(ints) : null,
    waiting_for: ints(o.waiting_for),
    can_reveal: bool(o.can_reveal),
    can_undo: bool(o.can_undo),
    game_over: gameOver,
    announcement: typeof o.announcement === "string" && o.announcement ? o.announcement : null,
    bot_turns: arr(o.bot_turns).filter((b) => isObj(b) && Number.isInteger(b.player)
      && typeof b.text === "string").map((b) => ({ player: b.player, bot: str(b.bot, "bot"),
      name: str(b.name, (info.players[b.player] || {}).name
        || t("player.default", { n: b.player + 1 })),
      text: b.text, thinking: bool(b.thinking),
      // the same actions as data, worded by the front end (words.js); a malformed one is
      // dropped, and a bot whose steps cannot all be read shows Python's text
      steps: arr(b.steps).map((x) => readAction(x)).every(Boolean)
        ? arr(b.steps).map((x) => readAction(x)) : [] })),
    // The bots choosing their move now (the kernel is busy with them).
    thinking: ints(o.thinking),
    room: readRoomStatus(o.room),
  };
}

/** `hints`: moves are [line index, origin, target]; `power` the held pencil power. */
export function readHints(v, map) {
  const o = obj(v);
  const ok = (i) => (map ? map.okStation(i) : Number.isInteger(i));
  const lineIds = map ? map.lines : LINES;
  const moves = arr(o.moves).filter((m) => Array.isArray(m) && Number.isInteger(m[0])
    && m[0] >= 0 && m[0] < lineIds.length && ok(m[1]) && ok(m[2]));
  const p = isObj(o.power) && typeof o.power.id === "string" && o.power.id ? o.power : null;
  return {
    player: int(o.player, 0),
    version: Number.isInteger(o.version) ? o.version : null,
    line_ids: lineIds,
    open_lines: arr(o.open_lines).filter((l) => lineIds.includes(l)),
    double_switch: bool(o.double_switch),
    origins: ints(o.origins).filter(ok),
    moves,
    notes: strs(o.notes),
    power: p ? {
      id: p.id, title: str(p.title, cap(p.id)), text: str(p.text), station: bool(p.station),
      usable: bool(p.usable), reason: typeof p.reason === "string" ? p.reason : null,
      stations: ints(p.stations).filter(ok),
    } : null,
  };
}

/** `scores`: the score sheet, stations and districts as indices. Names come from the map,
 * objective texts from `game_info`; the overlay terms are derived here from the same data. */
export function readScores(v, map = null, info = readInfo(null), t = translator(null)) {
  const sh = obj(v);
  const n = map ? map.stations.length : 0;
  const okS = (i) => Number.isInteger(i) && i >= 0 && (!map || i < n);
  const okD = (i) => Number.isInteger(i) && i >= 0 && (!map || i < map.districts.length);
  const stations = (x) => ints(x).filter(okS);
  const districts = (x) => ints(x).filter(okD);
  const label = (i) => (map ? map.stations[i].label : `#${i}`);
  const dname = (i) => (map ? map.districts[i].name : `#${i}`);
  const startOf = (pencil, line) => (map ? map.stations.findIndex((s) => s.start
    && s.start.pencil === pencil && s.start.line === line) : -1);
  const okSection = (i) => (map ? map.sectionEnds(i) !== null : Number.isInteger(i) && i >= 0);
  const texts = new Map(info.objectives.map((o) => [o.id, o.text]));
  const rsLabels = info.ruleset.bonus_labels;
  const bonusesOf = (l) => {
    const list = arr(l.bonuses).filter((b) => isObj(b) && typeof b.id === "string" && b.id)
      .map((b) => ({ id: b.id, label: str(b.label, rsLabels[b.id] || b.id), count: int(b.count),
        points_each: int(b.points_each), points: int(b.points),
        sectionIds: ints(b.sections).filter(okSection) }));
    // `connected_bonus` is the same term as the "connected" bonus (the protocol kept it for
    // older readers): it wins, and stands in for it when `bonuses` is missing.
    const connected = int(l.connected_bonus);
    const c = list.find((b) => b.id === "connected");
    if (c) Object.assign(c, { points: connected, count: connected ? 1 : 0 });
    else if (connected || !Array.isArray(l.bonuses)) {
      list.unshift({ id: "connected", label: rsLabels.connected || t("score.connected"),
        count: connected ? 1 : 0, points_each: 10, points: connected, sectionIds: [] });
    }
    return list;
  };
  const readRound = (r) => ({
    round: int(r.round),
    pencil: str(r.pencil),
    effect: typeof r.effect === "string" ? r.effect : null,
    connected: bool(r.connected),
    score: int(r.score),
    siteIds: stations(r.tourist_sites),
    lines: arr(r.lines).filter(isObj).map((l) => ({
      lines: arr(l.lines).filter((x) => typeof x === "string"),
      stationIds: stations(l.stations),
      districtIds: districts(l.districts),
      bestIds: districts(l.best_districts),
      outerIds: districts(l.outer_districts),
      doubledIds: stations(l.doubled_stations),
      district_count: int(l.district_count),
      best_count: int(l.best_count),
      station_multiplier: int(l.station_multiplier, 1),
      station_count: int(l.station_count),
      connected_bonus: int(l.connected_bonus),
      bonuses: bonusesOf(l),
      score: int(l.score),
    })),
  });
  const scored = arr(sh.rounds).filter(isObj).map(readRound);
  // The current round as it would score if it ended now (Python's provisional score): shown
  // live by the overlay and the score sheet, marked as such; never one of the scored rounds.
  const cur = isObj(sh.current) ? { ...readRound(sh.current), live: true } : null;
  const current = cur && cur.round >= 1 && !scored.some((r) => r.round === cur.round) ? cur : null;
  const rounds = current ? [...scored, current] : scored;
  // A track's label and values are the ruleset's (game_info) unless the sheet sends its own.
  const rsTracks = new Map(info.ruleset.tracks.map((x) => [x.id, x]));
  const tracks = arr(sh.tracks).filter((x) => isObj(x) && typeof x.id === "string" && x.id)
    .map((x) => {
      const d = rsTracks.get(x.id) || { label: cap(x.id), values: [] };
      return { id: x.id, label: str(x.label, d.label), count: int(x.count),
        values: Array.isArray(x.values) ? ints(x.values) : d.values, points: int(x.points) };
    });
  const tiers = arr(sh.interchanges).filter(isObj).map((x) => ({
    colours: int(x.colours), ids: stations(x.stations), sbahnIds: stations(x.sbahn),
    count: int(x.count), points_each: int(x.points_each), points: int(x.points),
  }));
  const sbahnAll = new Set(tiers.flatMap((x) => x.sbahnIds));
  // The bonus terms in the ruleset's order (then any other the sheet has), and the tracks.
  const bonusOrder = Object.keys(rsLabels);
  for (const r of rounds) {
    for (const l of r.lines) {
      for (const b of l.bonuses) if (!bonusOrder.includes(b.id)) bonusOrder.push(b.id);
    }
  }
  const trackIds = [...new Set([...info.ruleset.tracks.map((x) => x.id),
    ...tracks.map((x) => x.id)])];
  const sectionLabel = (i) => {
    const ends = map ? map.sectionEnds(i) : null;
    return ends ? `${label(ends[0])}-${label(ends[1])}` : `#${i}`;
  };
  return {
    bonusOrder,
    trackIds,
    sheet: {
      rounds: rounds.map((r) => ({ ...r, live: Boolean(r.live),
        tourist_sites: r.siteIds.map(label),
        lines: r.lines.map((l) => ({
          lines: l.lines,
          stations: l.stationIds.map(label),
          districts: l.districtIds.map(dname),
          outer_districts: l.outerIds.map(dname),
          district_count: l.district_count,
          best_districts: l.bestIds.map(dname),
          best_count: l.best_count,
          station_multiplier: l.station_multiplier,
          station_count: l.station_count,
          connected_bonus: l.connected_bonus,
          bonuses: l.bonuses.map((b) => ({ id: b.id, label: b.label, count: b.count,
            points_each: b.points_each, points: b.points,
            sections: b.sectionIds.map(sectionLabel) })),
          doubled_stations: l.doubledIds.map(label),
          score: l.score,
        })) })),
      lines_total: int(sh.lines_total),
      tracks,
      tracks_total: int(sh.tracks_total),
      interchanges: tiers.map((x) => ({ colours: x.colours, stations: x.ids.map(label),
        sbahn: x.sbahnIds.map(label), count: x.count, points_each: x.points_each,
        points: x.points })),
      interchanges_total: int(sh.interchanges_total),
      objectives: arr(sh.objectives).filter(isObj).map((x) => ({
        objective: str(x.objective), text: texts.get(str(x.objective)) || str(x.objective),
        progress: int(x.progress), target: int(x.target), met: bool(x.met), points: int(x.points),
      })),
      objectives_total: int(sh.objectives_total),
      total: int(sh.total),
      tiebreak: int(sh.tiebreak),
      final: bool(sh.final),
      assessment: isObj(sh.assessment) ? {
        rated_score: int(sh.assessment.rated_score), handicap: int(sh.assessment.handicap),
        band: str(sh.assessment.band), text: str(sh.assessment.text),
      } : null,
    },
    overlay: {
      rounds: rounds.map((r) => ({
        round: r.round,
        live: Boolean(r.live),
        pencil: r.pencil,
        sites: r.siteIds,
        lines: r.lines.map((l) => {
          const best = new Set(l.bestIds);
          return {
            lines: l.lines, stations: l.stationIds, districts: l.districtIds,
            best_districts: l.bestIds,
            best_stations: l.stationIds.filter((i) => map && best.has(map.stations[i].district)),
            doubled: l.doubledIds,
            connected_starts: l.connected_bonus
              ? (map ? map.lines : LINES).map((line) => startOf(r.pencil, line))
                .filter((i) => i >= 0) : [],
            bonuses: l.bonuses.map((b) => ({ id: b.id, points: b.points,
              points_each: b.points_each, sections: b.sectionIds })),
          };
        }),
      })),
      interchanges: tiers.flatMap((x) => x.ids.map((i) => [i, x.colours, sbahnAll.has(i)])),
      sites: scored.flatMap((r) => r.siteIds),
    },
  };
}

/** `notice`. */
export function readNotice(v) {
  const o = obj(v);
  const level = ["error", "info", "success", "warning"].includes(o.level) ? o.level : "info";
  return {
    id: int(o.id, 0),
    level,
    text: str(o.text),
    reason: typeof o.reason === "string" ? o.reason : null,
    station: Number.isInteger(o.station) ? o.station : null,
    // What an undo took back (an action as `readAction` reads it), worded by the view.
    taken_back: readAction(o.taken_back),
  };
}

/** Every trait of the model, read at once; `t` translates with the `strings` trait. */
export function readAll(model) {
  const t = translator(model.get("strings"));
  const map = readMap(model.get("map_data"));
  const info = readInfo(model.get("game_info"), t);
  return {
    t,
    map,
    info,
    sheet: readSheet(model.get("sheet"), map),
    turn: readTurn(model.get("turn"), info, t),
    hints: readHints(model.get("hints"), map),
    scores: readScores(model.get("scores"), map, info, t),
    notice: readNotice(model.get("notice")),
  };
}

/**
 * A `hint` custom message from Python: `{type: "hint", version, player, hint: {kind: "draw" |
 * "power" | "pass", move, origin, target, line, power: {id, title, station, label}, reason,
 * expected, terms: [{id, label, before, after}]} | null, refused?, stale?}`. Returns null for
 * anything else; stations not on the map are dropped.
 */
export function readHintMessage(v, map = null) {
  if (!isObj(v) || v.type !== "hint") return null;
  const ok = (i) => (map ? map.okStation(i) : Number.isInteger(i) && i >= 0);
  const out = { version: Number.isInteger(v.version) ? v.version : null,
    player: int(v.player, 0), hint: null, refused: str(v.refused) || null, stale: bool(v.stale),
    seconds: num(v.seconds, 0) };
  const o = v.hint;
  const action = readAction(o, ok);
  if (!action) return out;
  const hint = {
    ...action,
    reason: str(o.reason),
    expected: typeof o.expected === "number" && Number.isFinite(o.expected) ? o.expected : null,
    terms: arr(o.terms).filter((t) => isObj(t) && typeof t.label === "string"
      && Number.isInteger(t.before) && Number.isInteger(t.after))
      .map((t) => ({ id: str(t.id), label: t.label, before: t.before, after: t.after })),
  };
  out.hint = hint;
  return out;
}

/**
 * An action as Python describes it for words (a hint, a bot's step; `action_data` in
 * nsb_widget/widget/state.py): `{kind: "draw"|"power"|"pass", move, origin, target, line,
 * power: {id, title, station, label}}`, with `joker` (a draw with the Joker). `ok(i)` says
 * whether `i` is a station. Null when it is malformed (a draw without its stations, a power
 * without its id).
 */
export function readAction(o, ok = (i) => Number.isInteger(i) && i >= 0) {
  if (!isObj(o)) return null;
  const kind = ["draw", "power", "pass"].includes(o.kind) ? o.kind : null;
  if (!kind) return null;
  const p = isObj(o.power) && typeof o.power.id === "string" ? o.power : null;
  const action = {
    kind,
    move: str(o.move),
    origin: ok(o.origin) ? o.origin : null,
    target: ok(o.target) ? o.target : null,
    line: typeof o.line === "string" ? o.line : null,
    power: p ? { id: p.id, title: str(p.title, cap(p.id)), station: ok(p.station) ? p.station
      : null, label: typeof p.label === "string" ? p.label : null } : null,
    joker: bool(o.joker),
  };
  if (kind === "draw" && (action.origin === null || action.target === null)) return null;
  if (kind === "power" && !action.power) return null;
  return action;
}
