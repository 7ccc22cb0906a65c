// The click and keyboard state machine. It never decides legality: it reads `hints` (every
// legal section, computed by Python) to highlight, to pick the origin of a one-click move, and
// otherwise sends what the player clicked and lets Python explain.
// Line ids by index, when the hints do not name them (older hints: Berlin's two lines).
const LINE = ["bear", "crown"];
const lineId = (hints, i) => (hints.line_ids || LINE)[i] ?? null;

/** Index the legal moves [line, origin, target] by origin and by target. */
export function analyse(hints) {
  const byOrigin = new Map();
  const byTarget = new Map();
  for (const m of hints.moves) {
    if (!byOrigin.has(m[1])) byOrigin.set(m[1], []);
    byOrigin.get(m[1]).push(m);
    if (!byTarget.has(m[2])) byTarget.set(m[2], []);
    byTarget.get(m[2]).push(m);
  }
  return { origins: new Set(hints.origins), byOrigin, byTarget };
}

const unique = (xs) => [...new Set(xs)];
const drawMsg = (target, origin, line) => ({ type: "draw", target, origin, line });

/**
 * What a click on `station` means, given the selected origin (or null):
 * {kind: "select", origin} | {kind: "deselect"} | {kind: "draw", message}
 * | {kind: "choose", target, origins} (several line ends reach it: pick one first).
 */
export function decideClick(station, selected, hints, A = analyse(hints)) {
  if (selected !== null && selected !== undefined) {
    if (station === selected) return { kind: "deselect" };
    const ms = (A.byOrigin.get(selected) || []).filter((m) => m[2] === station);
    // Two legal sections from the same origin (a Double Switch on joined lines): the first
    // listed line (Bear) is used; both are legal.
    if (ms.length) {
      return { kind: "draw", message: drawMsg(station, selected, lineId(hints, ms[0][0])) };
    }
    if (A.origins.has(station)) return { kind: "select", origin: station };
    return { kind: "draw", message: drawMsg(station, selected, null) };
  }
  if (A.origins.has(station)) return { kind: "select", origin: station };
  const ms = A.byTarget.get(station) || [];
  if (ms.length === 1) {
    return { kind: "draw", message: drawMsg(station, ms[0][1], lineId(hints, ms[0][0])) };
  }
  if (ms.length > 1) {
    const origins = unique(ms.map((m) => m[1]));
    if (origins.length === 1) {
      return { kind: "draw", message: drawMsg(station, origins[0], lineId(hints, ms[0][0])) };
    }
    return { kind: "choose", target: station, origins };
  }
  return { kind: "draw", message: drawMsg(station, null, null) };
}

/** Targets reachable by exactly one origin (one click draws them). */
export function oneClickTargets(A) {
  const out = [];
  for (const [t, ms] of A.byTarget) {
    if (!A.origins.has(t) && unique(ms.map((m) => m[1])).length === 1) out.push(t);
  }
  return out;
}

/** What to highlight: {origins, targets, faint, selected}. `choose` narrows the origins. */
export function highlightSets(hints, selected, choose = null, A = analyse(hints)) {
  if (selected !== null && selected !== undefined && A.origins.has(selected)) {
    return {
      origins: [selected],
      targets: unique((A.byOrigin.get(selected) || []).map((m) => m[2])),
      faint: [],
      selected,
    };
  }
  if (choose) {
    return { origins: choose.origins, targets: [], faint: [choose.target], selected: null };
  }
  const one = new Set(oneClickTargets(A));
  const faint = [...A.byTarget.keys()].filter((t) => !one.has(t) && !A.origins.has(t));
  return { origins: [...A.origins], targets: [...one], faint, selected: null };
}

/** Reading order (row, then column) for stepping through stations. */
export function readingOrder(map, list) {
  return [...list].sort((a, b) => (map.stations[a].y - map.stations[b].y)
    || (map.stations[a].x - map.stations[b].x));
}

/**
 * The stations the keyboard steps through: with a selection its targets (then the selection
 * itself, to cancel); else the origins, then the one-click targets.
 */
export function candidates(map, hints, selected, choose = null, A = analyse(hints)) {
  const hl = highlightSets(hints, selected, choose, A);
  if (hl.selected !== null) return [...readingOrder(map, hl.targets), hl.selected];
  return [...readingOrder(map, hl.origins), ...readingOrder(map, hl.targets)];
}

const DIRS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };

/**
 * The next candidate for a key: Tab/Shift+Tab step in order (null past either end, so focus
 * can leave the map); an arrow moves to the nearest candidate in that direction's half-plane
 * (straight ahead preferred), and stays put when there is none.
 */
export function step(map, list, current, key, shift = false) {
  if (!list.length) return null;
  const pos = list.indexOf(current);
  if (key === "Tab") {
    if (pos < 0) return shift ? list[list.length - 1] : list[0];
    const next = pos + (shift ? -1 : 1);
    return next < 0 || next >= list.length ? null : list[next];
  }
  const dir = DIRS[key];
  if (!dir) return current;
  if (pos < 0) return list[0];
  const from = map.stations[current];
  let best = null;
  let bestScore = Infinity;
  for (const c of list) {
    if (c === current) continue;
    const dx = map.stations[c].x - from.x;
    const dy = map.stations[c].y - from.y;
    const along = dx * dir[0] + dy * dir[1];
    const across = Math.abs(dx * dir[1] - dy * dir[0]);
    if (along <= 0) continue; // behind or level: not in that direction
    const score = along + 2 * across;
    if (score < bestScore) { bestScore = score; best = c; }
  }
  return best !== null ? best : current;
}
