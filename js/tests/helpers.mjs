// Shared test helpers: a jsdom page, fixtures, mounting the widget from js/src.
import { JSDOM } from "jsdom";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { FakeModel, mount } from "./fake_model.js";

const here = dirname(fileURLToPath(import.meta.url));
const cache = new Map();

function load(name) {
  if (!cache.has(name)) {
    const data = JSON.parse(readFileSync(join(here, "fixtures", `${name}.json`), "utf8"));
    delete data._about;
    cache.set(name, data);
  }
  return structuredClone(cache.get(name));
}

/** The `strings` trait (every text of the front end) as Python sends it, in `language`. */
export const strings = (language = "en") => load("strings")[language];

/**
 * A fixture's traits (deep copy, so a test may change it), with the English `strings` trait
 * (the same for every fixture, kept once in fixtures/strings.json).
 */
export function fixture(name) {
  const data = load(name);
  if (name !== "strings" && !("strings" in data)) data.strings = strings("en");
  return data;
}

export function newDom() {
  const dom = new JSDOM('<!doctype html><html><body><div id="a"></div><div id="b"></div></body></html>',
    { pretendToBeVisual: true });
  return dom;
}

export const widgetModule = () => import("../src/index.js");

/** Mount one view of the widget on a fixture. Returns handy query helpers too. */
export async function setup(name = "draw", { state = null, dom = newDom() } = {}) {
  const el = dom.window.document.getElementById("a");
  const mod = await widgetModule();
  const { model, cleanup, initCleanup, widget } = await mount(mod, el, state || fixture(name));
  const q = (sel) => el.querySelector(sel);
  const qa = (sel) => [...el.querySelectorAll(sel)];
  const win = dom.window;
  const click = (node) => node.dispatchEvent(new win.MouseEvent("click", { bubbles: true }));
  const clickStation = (i) => {
    const hit = q(`.nsb-hit[data-station="${i}"]`);
    if (!hit) throw new Error(`no hit target for station ${i}`);
    click(hit);
  };
  const key = (target, k, opts = {}) => {
    const ev = new win.KeyboardEvent("keydown", { key: k, bubbles: true, cancelable: true, ...opts });
    target.dispatchEvent(ev);
    return ev;
  };
  const button = (label) => q(`button[aria-label="${label}"]`);
  const svg = () => q("svg.nsb-map");
  return { dom, win, el, model, cleanup, initCleanup, widget, q, qa, click, clickStation, key,
    button, svg };
}

export { FakeModel, mount };
