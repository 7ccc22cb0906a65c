// The map's small labels grow when the map is drawn small (800 x 600), never when it is large.
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup, newDom } from "./helpers.mjs";
import { textBox } from "../src/labels.js";
import { labelZoom, labelZooms, LABEL_MIN_PX, LABEL_MAX_ZOOM, LABEL_SIZES, LABEL_STEP, CELL,
  STATION_R } from "../src/map.js";

const WIDTH = 692; // a 10 x 10 map's viewBox

test("labels keep their size on a large map and grow to stay readable on a small one", () => {
  for (const shown of [550, 600, 720]) {  // JupyterLab at 1280 x 800 draws the map 550 px wide
    assert.equal(labelZoom(shown, WIDTH, LABEL_SIZES.station), 1, shown);
    assert.equal(labelZoom(shown, WIDTH, LABEL_SIZES.grid), 1, shown);
  }
  // 350 px: JupyterLab at 800 x 600. 9 map units would be 4.6 px: grown to 7 px on screen
  for (const size of Object.values(LABEL_SIZES)) {
    const zoom = labelZoom(350, WIDTH, size);
    const px = size * zoom * 350 / WIDTH;
    assert.ok(zoom > 1 && px >= LABEL_MIN_PX && px < LABEL_MIN_PX + size * LABEL_STEP, [size, zoom]);
  }
  // in steps: a window being resized crosses few of them
  const zooms = new Set(Array.from({ length: 300 }, (_, i) => labelZoom(250 + i, WIDTH, 9)));
  assert.ok(zooms.size <= 7, [...zooms]);
  // never more than the cap, whatever the size; nonsense widths change nothing
  assert.equal(labelZoom(100, WIDTH, LABEL_SIZES.station), LABEL_MAX_ZOOM);
  for (const bad of [0, -5, NaN, undefined]) assert.equal(labelZoom(bad, WIDTH, 9), 1);
  assert.equal(labelZoom(350, 0, 9), 1);
});

test("at the cap a station label still ends before the next station's symbol", () => {
  const size = LABEL_SIZES.station * LABEL_MAX_ZOOM;
  const start = STATION_R + 1;                    // the label starts right of its symbol
  const end = start + 3 * size * 0.64 + 2;        // "A10", as the label placer measures text
  assert.ok(end < CELL - STATION_R, end);
});

test("the view zooms its labels from the map's width and keeps the badges clear of them",
  async () => {
    const t = await setup("draw");
    const svg = t.svg();
    assert.equal(labelZooms(svg), null); // not laid out (jsdom): nothing is measured
    assert.equal(svg.style.getPropertyValue("--nsb-station-zoom"), "1");
    svg.getBoundingClientRect = () => ({ width: 350, height: 350 });
    const zooms = labelZooms(svg);
    assert.ok(zooms.station > zooms.grid && zooms.grid > 1, zooms);
    svg.getBoundingClientRect = () => ({ width: 600, height: 600 });
    assert.deepEqual(labelZooms(svg), { station: 1, grid: 1 });
  });

test("a narrower map redraws its labels larger, and the pencil badges keep clear of them",
  async () => {
    const dom = newDom();
    let observed = null;
    dom.window.ResizeObserver = class {
      constructor(callback) { observed = callback; }
      observe() {}
      disconnect() {}
    };
    const t = await setup("draw", { dom });
    const svg = t.svg();
    const frame = () => new Promise((done) => dom.window.requestAnimationFrame(() => done()));
    const resize = async (width) => {
      svg.getBoundingClientRect = () => ({ width, height: width, left: 0, top: 0, right: width,
        bottom: width });
      observed([]);
      await frame();
      await frame();
    };
    const badges = () => t.qa(".nsb-badge").map((b) => b.getAttribute("transform")
      || b.querySelector("circle").getAttribute("cx")).join();
    assert.ok(t.qa(".nsb-badge").length, "the fixture has drawn sections with badges");
    await resize(600);
    assert.equal(svg.style.getPropertyValue("--nsb-station-zoom"), "1");
    const wide = badges();
    await resize(350);
    assert.equal(svg.style.getPropertyValue("--nsb-station-zoom"), String(LABEL_MAX_ZOOM));
    assert.ok(Number(svg.style.getPropertyValue("--nsb-grid-zoom")) > 1);
    // every badge clear of every station label at its new size
    const labels = t.qa(".nsb-station-label").map((l) => textBox(Number(l.getAttribute("x")),
      Number(l.getAttribute("y")), l.textContent.length, LABEL_SIZES.station * LABEL_MAX_ZOOM));
    // (where a track leaves no free spot, the least covered one: a corner at most; placed for
    // 9-unit labels, the badges of this fixture cover 17 square units of the larger ones)
    let covered = 0;
    for (const b of t.qa(".nsb-badge circle")) {
      const [cx, cy, r] = ["cx", "cy", "r"].map((k) => Number(b.getAttribute(k)));
      for (const [x0, y0, x1, y1] of labels) {
        covered += Math.max(0, Math.min(cx + r, x1) - Math.max(cx - r, x0))
          * Math.max(0, Math.min(cy + r, y1) - Math.max(cy - r, y0));
      }
    }
    assert.ok(covered < 8, `badges cover ${covered} square units of the station labels`);
    await resize(600);
    assert.equal(badges(), wide, "back to the large size: the same layout as before");
    t.cleanup();
  });
