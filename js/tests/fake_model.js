// A stand-in for the model anywidget hands to initialize()/render(): get / set / save_changes /
// on / off / send, plus helpers that play the Python side (pySet, pySend) and count listeners.
// Shared by the node tests (js/tests/*.test.mjs) and the Chromium harness
// (tests/test_frontend_browser.py).
export class FakeModel {
  constructor(state = {}) {
    this.state = { ...state };
    this.listeners = new Map(); // event name -> [callback]
    this.pending = {};
    this.saved = []; // what each save_changes() would have synced to Python
    this.sent = []; // custom messages JS -> Python (model.send)
  }

  get(name) { return this.state[name]; }

  set(name, value) {
    const old = this.state[name];
    this.state[name] = value;
    this.pending[name] = value;
    if (old !== value) { this._emit(`change:${name}`, this, value); this._emit("change", this); }
  }

  save_changes() { this.saved.push({ ...this.pending }); this.pending = {}; }

  on(name, cb) {
    if (!this.listeners.has(name)) this.listeners.set(name, []);
    this.listeners.get(name).push(cb);
  }

  off(name, cb) {
    if (!name) { this.listeners.clear(); return; }
    this.listeners.set(name, cb ? (this.listeners.get(name) || []).filter((f) => f !== cb) : []);
  }

  send(content, callbacks, buffers) { this.sent.push({ content, buffers }); }

  /**
   * What anywidget really hands to initialize() and to each render(): a new proxy object per
   * call over the same model (so proxies are never identical to each other).
   */
  proxy() {
    return {
      get: (name) => this.get(name),
      set: (name, value) => this.set(name, value),
      save_changes: () => this.save_changes(),
      send: (content, callbacks, buffers) => this.send(content, callbacks, buffers),
      on: (name, cb) => this.on(name, cb),
      off: (name, cb) => this.off(name, cb),
    };
  }

  // ---- the Python side
  pySet(name, value) {
    this.state[name] = value;
    this._emit(`change:${name}`, this, value);
    this._emit("change", this);
  }

  pySend(content, buffers = []) { this._emit("msg:custom", content, buffers); }

  listenerCount(name) {
    if (name) return (this.listeners.get(name) || []).length;
    let n = 0;
    for (const l of this.listeners.values()) n += l.length;
    return n;
  }

  messages() { return this.sent.map((m) => m.content); }

  _emit(name, ...args) { for (const cb of [...(this.listeners.get(name) || [])]) cb(...args); }
}

/**
 * Mount a widget module the way anywidget does: initialize() once per model, render() per view,
 * each with its own proxy of the model. Pass `model` to add another view of an existing model.
 */
export async function mount(widgetModule, el, state, model = null) {
  const widget = typeof widgetModule.default === "function"
    ? await widgetModule.default() : widgetModule.default;
  const m = model || new FakeModel(state);
  const initCleanup = model ? undefined
    : widget.initialize ? await widget.initialize({ model: m.proxy() }) : undefined;
  const cleanup = await widget.render({ model: m.proxy(), el });
  return { model: m, cleanup, initCleanup, widget };
}
