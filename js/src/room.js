// A participant's widget in a classroom (game_info.room, turn.room): the room's line in the
// panel ("Room Tuesday · you are Ada", the cards the room is ahead, a hand-in problem), and
// what a room changes in the toolbar: no Reveal where the teacher deals, no New game.
import { h, clear } from "./dom.js";

/** Hide what a room does not allow: Reveal where the teacher deals, New game in every room,
 * Hint where the teacher turned hints off. */
export function roomToolbar(tb, st) {
  const room = st.info.room;
  tb.buttons.reveal.hidden = Boolean(room && room.dealt);
  tb.buttons["new-game"].hidden = Boolean(room);
  tb.buttons.hint.hidden = Boolean(room && !room.hints);
}

/** The help line while the participant waits for the teacher's next card (else null). */
export function roomHelp(st) {
  const room = st.info.room;
  if (!room || !room.dealt || st.turn.phase !== "reveal" || st.turn.game_over) return null;
  return st.t("room.waiting");
}

/** The room's line in the panel. */
export function updateRoomBox(box, st) {
  const doc = box.ownerDocument;
  const room = st.info.room;
  clear(box);
  box.hidden = !room;
  if (!room) return;
  const { t } = st;
  const status = st.turn.room || { behind: 0, problem: null };
  box.append(h(doc, "p", { class: "nsb-room-title", text: t(room.dealt ? "room.title"
    : "room.self_paced", { room: room.name, name: room.participant }) }));
  // The card being drawn counts as taken: "ahead" are the cards out after it.
  const ahead = st.turn.phase === "draw" ? Math.max(0, status.behind) : 0;
  if (status.ended) {
    // The teacher ended the game: Python says the participant's place, or that they left.
    box.append(h(doc, "p", { class: "nsb-room-state nsb-room-ended", role: "status",
      text: status.ended }));
  } else if (st.turn.game_over) {
    box.append(h(doc, "p", { class: "nsb-room-state", text: t("room.over") }));
  } else if (ahead > 0) {
    box.append(h(doc, "p", { class: "nsb-room-state", "data-ahead": ahead,
      text: t.n("room.behind", ahead) }));
  }
  if (status.problem) {
    box.append(h(doc, "p", { class: "nsb-room-problem", role: "alert",
      text: t("room.problem", { problem: status.problem }) }));
  }
}
