// UI state shared by every view of one model (not synced to Python): the teaching overlay
// toggle and its round, the selected line end, a pencil power waiting for its station, the id
// of Python's error notice the player has moved on from (`dismissed`), so two views of one
// widget show the same thing.
export function createStore() {
  const subscribers = new Set();
  const state = { overlay: false, overlayRound: null, selected: null, choose: null, power: null,
    dismissed: null };
  return {
    state,
    set(patch) {
      let changed = false;
      for (const [k, v] of Object.entries(patch)) {
        if (state[k] !== v) {
          state[k] = v;
          changed = true;
        }
      }
      if (changed) for (const fn of [...subscribers]) fn();
      return changed;
    },
    subscribe(fn) {
      subscribers.add(fn);
      return () => subscribers.delete(fn);
    },
    get subscriberCount() {
      return subscribers.size;
    },
  };
}
