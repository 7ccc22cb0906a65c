"""The front end's words: every text the JavaScript shows, under a stable key, in English.

The front end keeps no copy of its texts: :func:`strings_state` sends them, translated into the
game's language with the ``widget`` gettext catalogue, in the synced trait ``strings`` (see
``docs/widget-protocol.md``), and ``js/src/i18n.js`` looks a key up and fills its ``{name}``
placeholders. A message with a count has a singular and a plural form (:func:`ngettext`).

Keys are ``<part>.<name>``; ``tests/test_widget_i18n.py`` checks that every key here is used by
``js/src`` and that every key ``js/src`` asks for is here. Keyboard letters (R, P, U, H, O) are
the same in every language; the labels that name them say so (``"Reveal the next card (R)."``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..i18n import N_, translator
from .room_strings import ROOM_PLURALS, ROOM_STRINGS

__all__ = ["DOMAIN", "PLURALS", "STRINGS", "ngettext", "strings_state"]

#: The gettext domain of the widget's messages (``nsb_widget/i18n/locale/*/widget.po``).
DOMAIN = "widget"


def ngettext(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with a singular and a plural form (extracted by ``scripts/i18n``'s
    ``ngettext:1,2`` keyword); the front end picks the form for its count."""
    return singular, plural


#: Every text of the front end: key -> English message (placeholders in braces).
STRINGS: dict[str, str] = {
    # toolbar
    "btn.toolbar_aria": N_("Game actions"),
    "btn.reveal": N_("Reveal next card"),
    "btn.pass": N_("Pass"),
    "btn.undo": N_("Undo"),
    "btn.hint": N_("Hint"),
    "btn.power": N_("Use power"),
    "btn.overlay": N_("Teaching overlay"),
    "btn.export_svg": N_("Export SVG"),
    "btn.export_png": N_("Export PNG"),
    "btn.new_game": N_("New game"),
    "btn.new_game_confirm": N_("Click again: new game"),
    "btn.with_key": N_("{label} ({key})"),
    "btn.thinking": N_("Thinking…"),
    "btn.thinking_title": N_("Thinking… (the hint bot is searching)"),
    "btn.hint_title": N_("Hint (H): what would a strong player do now? Shown on the map, "
                         "never played"),
    "btn.power_aria": N_("Use power: {power}"),
    "btn.power_text": N_("Power: {power}"),
    "btn.power_not_now": N_("{about} (Not now: {reason})"),
    "btn.undo_bot": N_("Undo (U): not on this sheet, a bot plays it"),
    "btn.undo_none_yet": N_("Undo (U): nothing to take back yet"),
    "btn.undo_revealed": N_("Undo (U): a revealed card stays revealed; Undo takes back only "
                            "what you drew, passed or used since"),
    "power.not_usable": N_("not usable now"),
    # whether the one-letter keys reach the game (only while it has the focus)
    "keys.on": N_("Keys on"),
    "keys.off": N_("Keys off: click the game"),
    "keys.on_title": N_("The keys reach the game: R reveal, P pass, U undo, H hint, O overlay, "
                        "arrows or Tab and Enter draw, Esc cancels."),
    "keys.off_title": N_("The keys R, P, U, H and O reach the game only while it has the "
                         "focus; until then they are the notebook's (R would turn a cell into "
                         "a Raw cell). Click anywhere on the game to give it the keys."),
    "keys.not_now": N_("{key} ({label}) does nothing now. {what}"),
    # the help line: what the player can do now
    "help.game_over": N_("Game over. New game starts another one."),
    "help.power_station": N_("Click a station of your line for the {power} power (Esc "
                             "cancels)."),
    "help.reveal": N_("Reveal the next card (R)."),
    "help.waiting_for": N_("Waiting for {names}."),
    "help.waiting_for_others": N_("Waiting for the other players."),
    "help.waiting_to_draw": N_("Waiting for {names} to draw."),
    "help.switch_to": N_("Switch to {name}'s sheet"),
    "help.switch_title": N_("It is {name}'s turn to draw: show their sheet."),
    "help.bots_thinking": N_("Thinking: {names}…"),
    "help.nothing_to_draw": N_("No section can be drawn for this card: Pass (P)."),
    "help.selected": N_("{station} selected: click a ringed station to draw to it ({station} "
                        "again or Esc cancels)."),
    "help.draw": N_("Click a line end (solid ring), then a station to draw to. A station with "
                    "a dashed ring is one click away."),
    # a switch (card or power): the section may start at any station of the line
    "help.draw_anywhere": N_("Click any station of your line (solid ring), then a station to "
                             "draw to: this section may start anywhere on the line. A station "
                             "with a dashed ring is one click away."),
    # notices written by the front end (Python's come translated)
    "notice.nothing_to_draw": N_("Nothing to draw now. {help}"),
    "notice.dead_end": N_("{station} is an end of your {line} line, but no section can start "
                          "there for this card."),
    "notice.dead_end_one": N_("{station} is an end of your line, but no section can start "
                              "there for this card."),
    "notice.click_end": N_("Click a line end with a solid ring."),
    "notice.pass_instead": N_("No section can be drawn: Pass (P)."),
    "notice.deselected": N_("{station} deselected."),
    "notice.choose_end": N_("Several line ends reach {station} ({ends}): click the one to draw "
                            "from first."),
    # what Undo took back (js/src/words.js UNDO_WORDS; Python's notice says the same)
    "undo.draw": N_("Taken back: {section}"),
    "undo.draw_line": N_("Taken back: {section} ({line})"),
    "undo.power": N_("Taken back: the {power} power"),
    "undo.power_on": N_("Taken back: the {power} power on {station}"),
    "undo.pass": N_("Taken back: your pass"),
    "notice.could_not_show": N_("Could not show the {part}: {error}"),
    "notice.malformed": N_("The widget received a malformed \"{trait}\" and ignored it."),
    "notice.unreadable": N_("Some widget data could not be read ({traits}); showing what is "
                            "available."),
    "scroll.more": N_("⟷ Scroll sideways for more"),
    "part.map": N_("map"),
    "part.sheet": N_("sheet"),
    "part.overlay": N_("overlay"),
    "part.highlights": N_("highlights"),
    "part.panel": N_("panel"),
    "part.buttons": N_("buttons"),
    "part.score_sheet": N_("score sheet"),
    "part.hint": N_("hint"),
    # screen-reader announcements
    "aria.selected": N_("{station} selected: pick a highlighted station to draw to."),
    "aria.selection_cancelled": N_("Selection cancelled."),
    "aria.power_cancelled": N_("Power cancelled."),
    "aria.power_station": N_("{power}: click a station of your line."),
    "aria.power_pick": N_("{station}: Enter names it for the {power} power"),
    "aria.role_selected": N_("{station}: selected line end, Enter cancels"),
    "aria.role_target": N_("{station}: Enter draws a section to it"),
    "aria.role_end": N_("{station}: line end, Enter selects"),
    "aria.new_game_cancelled": N_("New game cancelled."),
    # the map
    "map.waiting": N_("Waiting for the map…"),
    "map.named": N_("{map} map"),
    "map.unnamed": N_("Map"),
    "map.aria": N_("{map}. Arrow keys or Tab move between the highlighted stations, Enter "
                   "picks, Escape cancels."),
    "map.roledescription": N_("game map"),
    "map.key_outer": N_("Grey: outer districts ({districts})"),
    "map.district": N_("{name} (main district)"),
    "map.outer_district": N_("{name} (outer district)"),
    "map.start_station": N_("{pencil} {line} start station"),
    "map.departure_station": N_("{pencil} departure station"),
    "map.tourist_site": N_("tourist site"),
    "map.section": N_("{pencil} line, round {n}: {section}"),
    "map.section_line": N_("{pencil} {line} line, round {n}: {section}"),
    "map.parallel": N_("{title} (parallel track)"),
    "map.to_sbahn": N_("{title}, to an S-Bahn station"),
    "map.sbahn_station": N_("{station}: S-Bahn station"),
    "map.circled_station": N_("{station}: circled station (counts twice in its district)"),
    "map.interchange": N_("{station}: interchange of {n} colours"),
    "symbol.square": N_("square"),
    "symbol.triangle": N_("triangle"),
    "symbol.pentagon": N_("pentagon"),
    "symbol.circle": N_("circle"),
    "symbol.any": N_("any symbol"),
    # cards
    "card.symbol": N_("{kind} {symbol}"),
    "card.joker": N_("{kind} {joker}"),
    "card.joker_label": N_("Joker"),
    "card.switch": N_("Switch"),
    # the teaching overlay
    "overlay.caption": N_("Tinted: the districts the round's line passes through. Haloed: its "
                          "stations in the best district (dashed outline). Interchanges show "
                          "their points. Hover a score-sheet box to see one term."),
    "overlay.rounds_aria": N_("Round shown by the teaching overlay"),
    "overlay.show_round": N_("Show round"),
    "overlay.round_aria": N_("Overlay: round {n}"),
    "overlay.round_so_far_aria": N_("Overlay: round {n}, so far"),
    "overlay.round_now": N_("{n} (now)"),
    "overlay.nothing_yet": N_("Nothing is drawn yet: the overlay shows a round once it has a "
                              "section."),
    "overlay.live_note": N_("Round {n} so far: the points it would score if the round ended "
                            "now (not final until the round is scored)."),
    "overlay.scored_note": N_("Round {n}, as scored."),
    # the side panel
    "panel.game_over": N_("Game over"),
    "panel.round_of": N_("Round {n} of {total}"),
    "panel.pencil": N_("{pencil} pencil"),
    "panel.shown_player": N_("Shown player"),
    "panel.player_bot": N_("{name} (bot)"),
    "panel.sheet_of": N_("Sheet of"),
    "panel.drawing": N_("drawing…"),
    "panel.done": N_("done"),
    "panel.bot_did": N_("{name} ({bot}) {did}"),
    # what a bot did, worded like the hint (js/src/words.js)
    "bot.drew": N_("drew {section}"),
    "bot.drew_line": N_("drew {section} ({line})"),
    "bot.drew_joker": N_("drew {section} with the Joker"),
    "bot.drew_line_joker": N_("drew {section} ({line}) with the Joker"),
    "bot.power": N_("used the {power} power"),
    "bot.power_on": N_("used the {power} power on {station}"),
    "bot.passed": N_("passed"),
    "bot.then": N_("{done}, then {next}"),
    "panel.bots_this_turn": N_("Bots this turn"),
    "panel.bots_last_turn": N_("Bots last turn"),
    "panel.cards_title": N_("This round's cards"),
    "panel.cards_aria": N_("Cards revealed this round, in order"),
    "panel.next_card": N_("next"),
    "panel.power_used": N_("{power} power used in this turn"),
    "panel.no_card_yet": N_("No card revealed yet."),
    "panel.counter_aria": N_("{kind} cards revealed: {n} of {total}"),
    "panel.round_ends": N_("The round ends at the {nth} {kinds} card."),
    "panel.last_turn": N_("Last turn of this round: the {nth} {kinds} card is out."),
    "panel.stack": N_("Left in the stack: {cards}"),
    "panel.this_turn": N_("This turn: {cards}"),
    "panel.powers_title": N_("Pencil powers"),
    "panel.power_not_now": N_("Not now: {reason}."),
    "panel.effects_title": N_("Round effects"),
    "panel.effect_round": N_("R{n}"),
    "panel.objectives_title": N_("Objectives (+10 each)"),
    "panel.seed": N_("Seed {seed}"),
    "panel.same_cards": N_("same cards for everyone:"),
    "panel.deal_title": N_("Run this in a notebook to deal the same game"),
    "player.default": N_("Player {n}"),
    # what to draw now
    "todo.lines": N_("Draw: {lines}"),
    "todo.lines_branch": N_("Draw: {lines} (branch from any station)"),
    "todo.line": N_("Draw a section of your line"),
    "todo.line_anywhere": N_("Draw a section of your line (from any of its stations)"),
    "todo.with_notes": N_("{todo}: {notes}"),
    # the hint
    "hint.title": N_("Hint: {hint}"),
    "hint.draw": N_("Draw {section}"),
    "hint.draw_line": N_("Draw {section} ({line})"),
    "hint.power": N_("Use the {power} power first"),
    "hint.power_on": N_("Use the {power} power on {station} first"),
    "hint.pass": N_("Pass"),
    "hint.if_drawn": N_("If drawn now:"),
    "hint.no_change": N_("No score term changes at once."),
    "hint.still_thinking": N_("Still thinking about a hint…"),
    "hint.thinking_aria": N_("Thinking about a hint…"),
    "hint.timeout": N_("No hint came back from Python: is the kernel still running?"),
    # the score sheet
    "score.title": N_("Score sheet"),
    "score.lines": N_("Lines"),
    "score.round": N_("Round {n}"),
    "score.round_so_far": N_("Round {n} (so far)"),
    "score.districts": N_("Districts"),
    "score.stations": N_("Stations"),
    "score.score": N_("Score"),
    "score.points": N_("Points"),
    "score.interchanges": N_("Interchanges"),
    "score.objectives": N_("Objectives"),
    "score.lines_total": N_("Lines total"),
    "score.box": N_("Round {n}: {what}"),
    "score.box_line": N_("Round {n}, {line}: {what}"),
    "score.outer_count": N_("{what}; outer districts count 3"),
    "score.best_district": N_("its best district"),
    "score.doubled": N_("{what}, doubled"),
    "score.circled_twice": N_("{what} (circled {stations}: counts twice)"),
    "score.bonus_none": N_("{bonus}: none"),
    "score.title_so_far": N_("{title} (so far)"),
    "score.in_play": N_("in play"),
    "score.n_so_far": N_("{n} so far"),
    "score.live_title": N_("Round {n} so far: {sum} if the round ended now"),
    "score.nothing_drawn": N_("nothing drawn"),
    "score.track_aria": N_("{track}: {n} of {total} → {points}"),
    "score.track_title": N_("{track}: {n} reached → {points}"),
    "score.sbahn_twice": N_("{what}; S-Bahn counts twice: {stations}"),
    "score.sbahn_count": N_("({n} S×2)"),
    "score.tier_title": N_("{lines}: {what} → {sum}"),
    "score.objective_met": N_("met: 10 points"),
    "score.objective_not_met": N_("not met"),
    "score.final_result": N_("Final result"),
    "score.so_far_total": N_("So far"),
    "score.final": N_("final result"),
    "score.so_far": N_("so far"),
    "score.assessment_title": N_("Solo assessment"),
    "score.assessment": N_("{rated}: {band}"),
    "score.assessment_handicap": N_("{total} − {handicap} (advanced-game handicap) = {rated}: "
                                    "{band}"),
    "score.ranking": N_("Ranking"),
    "score.connected": N_("Start stations connected"),
    # export
    "export.title": N_("Next Station: {map}"),
    "export.round": N_("round {n}"),
    "export.final": N_("final result"),
    "export.ranking": N_("Ranking: {places}"),
    "export.png_failed": N_("PNG export failed: {error}"),
    "export.svg_failed": N_("SVG export failed: {error}"),
    "export.saved": N_("Saved {file} (see your browser's downloads)."),
    "export.not_saved": N_("Could not save {file}: {error}"),
    "export.no_map": N_("there is no map to export"),
    "export.no_canvas": N_("this browser has no 2D canvas to draw the PNG"),
    "export.not_loaded": N_("the SVG image did not load"),
    "export.no_png": N_("canvas gave no PNG"),
    "export.not_drawn": N_("the SVG could not be drawn as an image"),
    "export.unknown_format": N_("unknown export format {format} (use \"svg\" or \"png\")"),
    "export.no_view": N_("no view of the widget is displayed: show the widget, then export"),
    # small formats
    # a label and its text ("Joker: Before drawing..."); French puts a no-break space before
    # the colon
    "fmt.labelled": N_("{label}: {text}"),
    "fmt.label_colon": N_("{label}:"),
    "fmt.or": N_("{list} or {last}"),
    "fmt.ordinal": N_("{n}th"),
    "fmt.ordinal_1": N_("{n}st"),
    "fmt.ordinal_2": N_("{n}nd"),
    "fmt.ordinal_3": N_("{n}rd"),
}

#: Texts with a count: key -> (singular, plural), ``{n}`` the count.
PLURALS: dict[str, tuple[str, str]] = {
    "fmt.points": ngettext("{n} point", "{n} points"),
    "fmt.pts": ngettext("{n} pt", "{n} pts"),
    "score.n_districts": ngettext("{n} district", "{n} districts"),
    "score.n_stations": ngettext("{n} station", "{n} stations"),
    "score.n_stations_in": ngettext("{n} station in {districts}", "{n} stations in {districts}"),
    "score.n_lines": ngettext("{n} line", "{n} lines"),
}

# The classroom's words (a participant's widget in a room) are part of the game widget's.
STRINGS.update(ROOM_STRINGS)
PLURALS.update(ROOM_PLURALS)


def strings_state(language: str | None = None) -> dict[str, Any]:
    """The ``strings`` trait: every text of the front end in ``language`` (``None``: the
    environment's; see :func:`nsb_widget.i18n.resolve_language`)::

        {"language": "de", "messages": {"btn.reveal": "Karte aufdecken", ...,
                                        "fmt.points": ["{n} Punkt", "{n} Punkte"]},
         "zero_is_singular": false}

    A plural message is ``[singular, plural]``: the singular for a count of 1, and for 0 when
    ``zero_is_singular`` (French). Raises :class:`~nsb_widget.errors.ArgumentError` for a
    language without a catalogue."""
    language = translator(language, DOMAIN).language
    messages, zero_singular = _translated(language)
    return {"language": language, "messages": dict(messages),
            "zero_is_singular": zero_singular}


@cache
def _translated(language: str) -> tuple[dict[str, str | list[str]], bool]:
    t = translator(language, DOMAIN)
    messages: dict[str, str | list[str]] = {key: t.gettext(msg) for key, msg in STRINGS.items()}
    for key, (one, many) in PLURALS.items():
        messages[key] = [t.ngettext(one, many, 1), t.ngettext(one, many, 2)]
    one, many = PLURALS["fmt.points"]
    zero_singular = t.ngettext(one, many, 0) == t.ngettext(one, many, 1)
    return messages, zero_singular
