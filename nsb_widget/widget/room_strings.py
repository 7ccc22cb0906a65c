"""The words of the classroom's front ends: a participant's widget in a room (``room.*``, part of
the game widget's ``strings``) and the teacher's board (``board.*``, sent by the board with the
game widget's, whose card and symbol names it shares). English here, translated with the
``widget`` gettext catalogue like :mod:`nsb_widget.widget.strings` (which merges
:data:`ROOM_STRINGS` into its table, so this module imports nothing of it)."""

from __future__ import annotations

from ..i18n import N_


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a singular and a plural form (extracted by ``ngettext:1,2``)."""
    return singular, plural


#: The participant's widget in a room (merged into the game widget's strings).
ROOM_STRINGS: dict[str, str] = {
    "room.title": N_("Room {room} · you are {name}"),
    "room.self_paced": N_("Self-paced room {room} · you are {name}: reveal your cards on your "
                          "own"),
    "room.waiting": N_("The teacher turns the next card over: it appears here by itself."),
    "room.problem": N_("Not handed in: {problem}"),
    "room.over": N_("Your game is over: the board shows the room's places."),
}
ROOM_PLURALS: dict[str, tuple[str, str]] = {
    "room.behind": ngettext("The room is {n} card ahead: it comes as soon as you have drawn "
                            "or passed.",
                            "The room is {n} cards ahead: they come one by one as you draw "
                            "or pass."),
}

#: The teacher's board.
BOARD_STRINGS: dict[str, str] = {
    "board.aria": N_("Board of room {room}"),
    "board.reveal": N_("Turn the next card over"),
    "board.reveal_first": N_("Turn the first card over"),
    "board.reveal_key": N_("Space or R turns the next card over."),
    "board.self_paced": N_("Self-paced room: everyone reveals on their own from the same seed, "
                           "so the cards are not secret."),
    "board.all_out": N_("Every card is out: the participants finish their sheets."),
    "board.waiting_first": N_("Waiting for the first card."),
    "board.round": N_("Round {n} of 4"),
    "board.turn": N_("Turn {n}"),
    "board.last_turn": N_("Last card of the round: the round is scored after this turn."),
    "board.pencil": N_("{pencil} pencil"),
    "board.power": N_("Power: {power}"),
    "board.effect": N_("Effect: {title}"),
    "board.objectives": N_("Objectives"),
    "board.cards_aria": N_("The cards of this turn: {cards}"),
    "board.preview": N_("Next turn (Glimpse into the future)"),
    "board.no_hints": N_("no hints"),
    "board.count": N_("{kind}: {n} of 5"),
    "board.ready": N_("{ready} of {count} ready"),
    "board.ready_aria": N_("{ready} of {count} participants have drawn or passed"),
    "board.game_over": N_("Game over"),
    "board.nobody": N_("Nobody has joined yet: participants run join() with this room's folder "
                       "and a name."),
    "board.scores": N_("Scores so far"),
    "board.final": N_("Final places"),
    "board.col_place": N_("Place"),
    "board.col_name": N_("Name"),
    "board.col_round": N_("R{n}"),
    "board.col_bonus": N_("Bonus"),
    "board.bonus_title": N_("Points outside the rounds so far (interchanges, tourist track, "
                            "objectives): in the total"),
    "board.col_total": N_("Total"),
    "board.col_current": N_("Round {n} so far"),
    "board.col_current_any": N_("Round so far"),
    "board.current_title": N_("The round in play as it would score now: not in the total yet"),
    "board.col_status": N_("Status"),
    "board.status_joined": N_("joined"),
    "board.status_ready": N_("ready"),
    "board.status_drawing": N_("drawing…"),
    "board.status_finished": N_("finished"),
    "board.status_refused": N_("refused"),
    "board.status_left": N_("left"),
    "board.end": N_("End the game"),
    # The button once clicked: ending the game cannot be undone, so it asks for a second click.
    "board.end_confirm": N_("Click again to end the game"),
    "board.end_note": N_("If someone will not finish, end the game: those who have finished "
                         "get the final places, the others are listed as left."),
    "board.refused": N_("Last hand-in refused: {reason}"),
    "board.shared": N_("shared place"),
    "board.tiebreak": N_("Equal totals are decided by the best single round (the rulebook's "
                         "tie-break): {rounds}."),
    "board.winner": N_("Winner: {names}"),
    "board.shared_victory": N_("Shared victory: {names}"),
    "board.show_sheet": N_("Show the sheet of {name}"),
    "board.sheet_title": N_("Sheet of {name}: {points}"),
    "board.close_sheet": N_("Close the sheet"),
    "board.export": N_("Export results"),
    "board.figures": N_("Figures"),
    "board.figures_title": N_("The room's final scores and the sections it drew"),
    "board.figures_pending": N_("Drawing the figures…"),
    "board.problem": N_("Problem: {text}"),
    "board.join": N_("Join with: {code}"),
    # Instead of how to join, once the game is closed (everyone finished, or the teacher ended
    # it): a participant who joins then gets a seat but no place.
    "board.join_over": N_("The game is over: whoever joins now gets no place."),
    # A participant's own view of the room (seat.board()).
    "board.you": N_("(you)"),
    "board.viewer_note": N_("The teacher turns the cards over: your board follows by itself."),
}
BOARD_PLURALS: dict[str, tuple[str, str]] = {
    "board.status_behind": ngettext("{n} card behind", "{n} cards behind"),
    # A place in the table's column, {n} the place: "1", "1=" in English, "1.", "1. (geteilt)"
    # in German, "1er", "2e", "1er ex æquo" in French (the forms pick the French ordinal).
    "board.place": ngettext("{n}", "{n}"),
    "board.place_shared": ngettext("{n}=", "{n}="),
}

