// Read synced traits defensively: every reader returns a complete object with safe defaults,
// plus `issues` (sentences) when something was missing or malformed, so drawing never throws
// on a bad value from Python and the widget can say what it could not show.
const isObj = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const obj = (v) => (isObj(v) ? v : {});
const arr = (v) => (Array.isArray(v) ? v : []);
const num = (v, d = 0) => (typeof v === "number" && Number.isFinite(v) ? v : d);
const int = (v, d = 0) => (Number.isInteger(v) ? v : d);
const str = (v, d = "") => (typeof v === "string" ? v : d);
const bool = (v) => v === true;
const ints = (v) => arr(v).filter(Number.isInteger);
const LINES = ["bear", "crown"];
// Colours go into style attributes: accept only plain CSS colour notations.
const COLOUR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|(rgb|rgba|hsl|hsla)\([\d\s.,%]+\))$/;
const colour = (v) => (typeof v === "string" && COLOUR.test(v.trim()) ? v.trim() : "#777777");

export { obj, arr, num, int, str, bool, LINES };

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
  return {
    id: str(v.id, "map"),
    title: str(v.title, "Map"),
    width,
    height,
    pencils,
    districts: arr(v.districts).filter(isObj).map((d, i) => ({
      index: i,
      name: str(d.name),
      kind: str(d.kind, "main"),
      outline: arr(d.outline).map(points).filter((l) => l.length >= 3),
      label_at: points([d.label_at])[0] || null,
      stations: ints(d.stations).filter(okStation),
    })),
    river: isObj(v.river) ? { name: str(v.river.name), polyline: points(v.river.polyline) } : null,
    stations,
    okStation,
    sections: arr(v.sections).filter((row) => Array.isArray(row) && okStation(row[0])
      && okStation(row[1])),
  };
}

/** `sheet`: sections rows are [section, origin, target, pencil, line, round, flags]. */
export function readSheet(v, map) {
  const o = obj(v);
  const ok = (i) => (map ? map.okStation(i) : Number.isInteger(i));
  const lines = {};
  for (const name of LINES) {
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
    interchanges: arr(o.interchanges).filter((r) => Array.isArray(r) && ok(r[0]))
      .map((r) => [r[0], int(r[1], 2)]),
    lines,
    joined: bool(o.joined),
  };
}

/** A card: its text form ("bear square", "crown joker", "double switch"). */
function readCard(c) {
  const text = str(c, "?").trim().toLowerCase();
  const words = text.split(/\s+/);
  if (text === "double switch") {
    return { text, line: null, symbol: null, joker: false, double_switch: true };
  }
  const line = LINES.includes(words[0]) ? words[0] : null;
  const joker = words[1] === "joker";
  return { text, line, symbol: line && !joker ? words[1] || null : null, joker,
    double_switch: false };
}

/** `game_info`: what stays fixed for a game. */
export function readInfo(v) {
  const o = obj(v);
  return {
    players: arr(o.players).filter(isObj).map((p, i) => ({
      name: str(p.name, `Player ${i + 1}`), bot: bool(p.bot) })),
    modules: arr(o.modules).filter((m) => typeof m === "string"),
    effects: arr(o.effects).filter(isObj).map((e) => ({ round: int(e.round), id: str(e.id),
      title: str(e.title), text: str(e.text) })),
    objectives: arr(o.objectives).filter(isObj).map((x) => ({ id: str(x.id), text: str(x.text) })),
  };
}

/** `turn`: the shared table, completed with the game's fixed facts from `game_info`. */
export function readTurn(v, info = readInfo(null)) {
  const o = obj(v);
  const rev = obj(o.revealed);
  const rem = obj(o.remaining);
  const round = int(o.round, 0);
  const gameOver = bool(o.game_over);
  const current = info.effects.find((e) => e.round === round);
  return {
    round,
    turn: int(o.turn, 0),
    phase: str(o.phase, ""),
    cards: arr(o.cards).map(readCard),
    preview: typeof o.preview === "string" ? readCard(o.preview) : null,
    round_turns: arr(o.round_turns).map((t) => arr(t).map(readCard)),
    last_turn: bool(o.last_turn),
    revealed: { bear: int(rev.bear), crown: int(rev.crown) },
    remaining: { bear: int(rem.bear), crown: int(rem.crown), double_switch: int(rem.double_switch) },
    effect: current && !gameOver ? { id: current.id, title: current.title, text: current.text }
      : null,
    effects: info.effects.map((e) => ({ ...e, used: e.round < round || gameOver })),
    objectives: info.objectives,
    players: arr(o.players).filter(isObj).map((p, i) => ({
      name: (info.players[i] || {}).name || `Player ${i + 1}`, pencil: str(p.pencil),
      bot: bool((info.players[i] || {}).bot), finished: bool(p.finished), total: int(p.total),
    })),
    ranking: Array.isArray(o.ranking) ? o.ranking.map(ints) : null,
    waiting_for: ints(o.waiting_for),
    can_reveal: bool(o.can_reveal),
    can_undo: bool(o.can_undo),
    game_over: gameOver,
    announcement: typeof o.announcement === "string" && o.announcement ? o.announcement : null,
  };
}

/** `hints`: moves are [line 0|1, origin, target]. */
export function readHints(v, map) {
  const o = obj(v);
  const ok = (i) => (map ? map.okStation(i) : Number.isInteger(i));
  const moves = arr(o.moves).filter((m) => Array.isArray(m) && (m[0] === 0 || m[0] === 1)
    && ok(m[1]) && ok(m[2]));
  return {
    player: int(o.player, 0),
    open_lines: arr(o.open_lines).filter((l) => LINES.includes(l)),
    double_switch: bool(o.double_switch),
    origins: ints(o.origins).filter(ok),
    moves,
  };
}

/** `scores`: the score sheet, stations and districts as indices. Names come from the map,
 * objective texts from `game_info`; the overlay terms are derived here from the same data. */
export function readScores(v, map = null, info = readInfo(null)) {
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
  const texts = new Map(info.objectives.map((o) => [o.id, o.text]));
  const rounds = arr(sh.rounds).filter(isObj).map((r) => ({
    round: int(r.round),
    pencil: str(r.pencil),
    effect: typeof r.effect === "string" ? r.effect : null,
    connected: bool(r.connected),
    score: int(r.score),
    lines: arr(r.lines).filter(isObj).map((l) => ({
      lines: arr(l.lines).filter((x) => typeof x === "string"),
      stationIds: stations(l.stations),
      districtIds: districts(l.districts),
      bestIds: districts(l.best_districts),
      outerIds: districts(l.outer_districts),
      district_count: int(l.district_count),
      best_count: int(l.best_count),
      station_multiplier: int(l.station_multiplier, 1),
      station_count: int(l.station_count),
      connected_bonus: int(l.connected_bonus),
      score: int(l.score),
    })),
  }));
  const tiers = arr(sh.interchanges).filter(isObj).map((t) => ({
    colours: int(t.colours), ids: stations(t.stations), sbahnIds: stations(t.sbahn),
    count: int(t.count), points_each: int(t.points_each), points: int(t.points),
  }));
  const sbahnAll = new Set(tiers.flatMap((t) => t.sbahnIds));
  return {
    sheet: {
      rounds: rounds.map((r) => ({ ...r, lines: r.lines.map((l) => ({
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
        score: l.score,
      })) })),
      lines_total: int(sh.lines_total),
      interchanges: tiers.map((t) => ({ colours: t.colours, stations: t.ids.map(label),
        sbahn: t.sbahnIds.map(label), count: t.count, points_each: t.points_each,
        points: t.points })),
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
        pencil: r.pencil,
        lines: r.lines.map((l) => {
          const best = new Set(l.bestIds);
          return {
            lines: l.lines, stations: l.stationIds, districts: l.districtIds,
            best_districts: l.bestIds,
            best_stations: l.stationIds.filter((i) => map && best.has(map.stations[i].district)),
            connected_starts: l.connected_bonus
              ? LINES.map((line) => startOf(r.pencil, line)).filter((i) => i >= 0) : [],
          };
        }),
      })),
      interchanges: tiers.flatMap((t) => t.ids.map((i) => [i, t.colours, sbahnAll.has(i)])),
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
  };
}

/** Every trait of the model, read at once. */
export function readAll(model) {
  const map = readMap(model.get("map_data"));
  const info = readInfo(model.get("game_info"));
  return {
    map,
    info,
    sheet: readSheet(model.get("sheet"), map),
    turn: readTurn(model.get("turn"), info),
    hints: readHints(model.get("hints"), map),
    scores: readScores(model.get("scores"), map, info),
    notice: readNotice(model.get("notice")),
  };
}
