// Label placement: no label may hide another. Boxes are [x0, y0, x1, y1] in map units; text
// sizes are estimated from the font size (a little generously, so the estimate is never
// smaller than what the browser draws). A label tries its candidate spots in order and takes
// the first one that is free, else the one that overlaps least.

/** The box of a text of `n` characters at (x, y) (baseline), `size` px, anchor start/middle. */
export function textBox(x, y, n, size, anchor = "start", widthFactor = 0.64) {
  const w = n * size * widthFactor + 2;
  const x0 = anchor === "middle" ? x - w / 2 : anchor === "end" ? x - w : x;
  return [x0, y - size * 0.85 - 1, x0 + w, y + size * 0.3 + 1];
}

/** The box of a circle. */
export const circleBox = (cx, cy, r) => [cx - r, cy - r, cx + r, cy + r];

const overlap = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0]))
  * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));

/** A set of taken boxes. */
export function createPlacer(boxes = []) {
  const taken = [...boxes];
  return {
    taken,
    add(box) { taken.push(box); return box; },
    /** How much of `box` is covered by taken boxes (0: free). */
    cost(box) { return taken.reduce((sum, b) => sum + overlap(box, b), 0); },
    /**
     * Pick the first free candidate (each `{box, ...}`), else the least covered one; the box
     * is taken. Returns the candidate.
     */
    place(candidates) {
      let best = null;
      let bestCost = Infinity;
      for (const c of candidates) {
        const cost = this.cost(c.box);
        if (cost === 0) { best = c; break; }
        if (cost < bestCost) { bestCost = cost; best = c; }
      }
      if (best) taken.push(best.box);
      return best;
    },
  };
}
