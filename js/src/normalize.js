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

function readCard(c) {
  const o = obj(c);
  return {
    text: str(o.text, "?"),
    line: LINES.includes(o.line) ? o.line : null,
    symbol: typeof o.symbol === "string" ? o.symbol : null,
    joker: bool(o.joker),
    double_switch: bool(o.double_switch),
  };
}

/** `turn`: the shared table. */
export function readTurn(v) {
  const o = obj(v);
  const rev = obj(o.revealed);
  const rem = obj(o.remaining);
  return {
    round: int(o.round, 0),
    turn: int(o.turn, 0),
    phase: str(o.phase, ""),
    cards: arr(o.cards).map(readCard),
    preview: isObj(o.preview) ? readCard(o.preview) : null,
    round_turns: arr(o.round_turns).map((t) => arr(t).map(readCard)),
    last_turn: bool(o.last_turn),
    revealed: { bear: int(rev.bear), crown: int(rev.crown) },
    remaining: { bear: int(rem.bear), crown: int(rem.crown), double_switch: int(rem.double_switch) },
    effect: isObj(o.effect) ? { id: str(o.effect.id), title: str(o.effect.title),
      text: str(o.effect.text) } : null,
    effects: arr(o.effects).filter(isObj).map((e) => ({ round: int(e.round), id: str(e.id),
      title: str(e.title), text: str(e.text), used: bool(e.used) })),
    objectives: arr(o.objectives).filter(isObj).map((x) => ({ id: str(x.id), text: str(x.text) })),
    players: arr(o.players).filter(isObj).map((p, i) => ({
      name: str(p.name, `Player ${i + 1}`), pencil: str(p.pencil), bot: bool(p.bot),
      finished: bool(p.finished), total: int(p.total),
    })),
    ranking: Array.isArray(o.ranking) ? o.ranking.map(ints) : null,
    waiting_for: ints(o.waiting_for),
    can_reveal: bool(o.can_reveal),
    can_undo: bool(o.can_undo),
    game_over: bool(o.game_over),
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

/** `scores`: the score sheet and the overlay terms. */
export function readScores(v) {
  const o = obj(v);
  const sh = obj(o.sheet);
  const ov = obj(o.overlay);
  const strs = (x) => arr(x).filter((e) => typeof e === "string");
  return {
    sheet: {
      player: int(sh.player),
      name: str(sh.name),
      rounds: arr(sh.rounds).filter(isObj).map((r) => ({
        round: int(r.round),
        pencil: str(r.pencil),
        effect: typeof r.effect === "string" ? r.effect : null,
        connected: bool(r.connected),
        score: int(r.score),
        lines: arr(r.lines).filter(isObj).map((l) => ({
          lines: strs(l.lines),
          stations: strs(l.stations),
          districts: strs(l.districts),
          outer_districts: strs(l.outer_districts),
          district_count: int(l.district_count),
          best_districts: strs(l.best_districts),
          best_count: int(l.best_count),
          station_multiplier: int(l.station_multiplier, 1),
          station_count: int(l.station_count),
          connected_bonus: int(l.connected_bonus),
          score: int(l.score),
        })),
      })),
      lines_total: int(sh.lines_total),
      interchanges: arr(sh.interchanges).filter(isObj).map((t) => ({
        colours: int(t.colours), stations: strs(t.stations), sbahn: strs(t.sbahn),
        count: int(t.count), points_each: int(t.points_each), points: int(t.points),
      })),
      interchanges_total: int(sh.interchanges_total),
      objectives: arr(sh.objectives).filter(isObj).map((x) => ({
        objective: str(x.objective), text: str(x.text), progress: int(x.progress),
        target: int(x.target), met: bool(x.met), points: int(x.points),
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
      rounds: arr(ov.rounds).filter(isObj).map((r) => ({
        round: int(r.round),
        pencil: str(r.pencil),
        lines: arr(r.lines).filter(isObj).map((l) => ({
          lines: strs(l.lines), stations: ints(l.stations), districts: ints(l.districts),
          best_districts: ints(l.best_districts), best_stations: ints(l.best_stations),
          connected_starts: ints(l.connected_starts),
        })),
      })),
      interchanges: arr(ov.interchanges).filter((r) => Array.isArray(r) && Number.isInteger(r[0]))
        .map((r) => [r[0], int(r[1], 2), bool(r[2])]),
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
  return {
    map,
    sheet: readSheet(model.get("sheet"), map),
    turn: readTurn(model.get("turn")),
    hints: readHints(model.get("hints"), map),
    scores: readScores(model.get("scores")),
    notice: readNotice(model.get("notice")),
  };
}
