// nsb_widget front end: the anywidget entry point.
// initialize() runs once per model, render() once per view; both return a cleanup that removes
// every listener they added.
//
// anywidget hands initialize() and each render() a *different* proxy of the same model, so the
// proxies cannot be used as keys. Views of one model are recognised by the identity of their
// `map_data` value (the same object for every proxy of one model; sent once per widget, and
// again only when the language changes the map's names).
import { createStore } from "./store.js";
import { createView } from "./view.js";
import { translator } from "./i18n.js";

const stores = new WeakMap(); // map_data object (or the model itself) -> shared UI store
const views = new Set(); // live views of every model
const answered = new WeakSet(); // export requests already answered (one reply per request)

const isObj = (v) => v !== null && typeof v === "object";
const keyOf = (model) => (isObj(model.get("map_data")) ? model.get("map_data") : model);
const sameModel = (a, b) => a === b || keyOf(a) === keyOf(b);

function storeFor(model) {
  const key = keyOf(model);
  let store = stores.get(key);
  if (!store) {
    // map_data sent again (another language): the views already open keep their store, and a
    // new view of the same model joins it.
    const peer = [...views].find((v) => sameModel(v.model, model));
    store = peer ? peer.store : createStore();
    stores.set(key, store);
  }
  return store;
}

/**
 * Python's custom messages: a `hint` goes to every view of the model (each shows it if it is
 * for the game and sheet it shows); an `export_request` gets one `export_result`.
 */
export function handleCustom(model, msg) {
  if (isObj(msg) && msg.type === "hint") {
    if (answered.has(msg)) return;
    answered.add(msg);
    for (const v of [...views]) if (sameModel(v.model, model)) v.onHintMessage(msg);
    return;
  }
  if (!isObj(msg) || msg.type !== "export_request" || answered.has(msg)) return;
  answered.add(msg);
  const format = msg.format === "png" ? "png" : msg.format === "svg" ? "svg" : null;
  const reply = (data, error) => model.send({ type: "export_result", id: msg.id,
    format: format || String(msg.format), data, ...(error ? { error } : {}) });
  const t = translator(model.get("strings"));
  if (!format) {
    reply("", t("export.unknown_format", { format: JSON.stringify(msg.format) }));
    return;
  }
  const mine = [...views].filter((v) => sameModel(v.model, model));
  const view = mine.find((v) => v.root.isConnected) || mine[0];
  if (!view) {
    reply("", t("export.no_view"));
    return;
  }
  const fail = (err) => reply("", String(err && err.message ? err.message : err));
  try {
    if (format === "svg") reply(view.exportSvg());
    else view.exportPng().then((data) => reply(data), fail);
  } catch (err) {
    fail(err);
  }
}

function initialize({ model }) {
  const onCustom = (msg) => handleCustom(model, msg);
  model.on("msg:custom", onCustom);
  return () => model.off("msg:custom", onCustom);
}

function render({ model, el }) {
  const view = createView(model, el, storeFor(model));
  views.add(view);
  // Also listen here, for hosts that never call initialize(); `answered` keeps it to one reply.
  const onCustom = (msg) => handleCustom(model, msg);
  model.on("msg:custom", onCustom);
  return () => {
    model.off("msg:custom", onCustom);
    views.delete(view);
    view.destroy();
  };
}

export default { initialize, render };
