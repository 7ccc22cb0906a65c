"""The workshop's notebooks as data: one template per notebook, its texts English message ids
that :mod:`nsb_widget.workshop.kit` translates with the ``workshop`` catalogue and fills with
the engine's numbers (:mod:`nsb_widget.workshop.facts`), so the three languages cannot drift
apart.

- :data:`PLAN`: the two-hour plan, the one source of every timing the notebooks show;
- :data:`PARTICIPANT`: ``workshop.ipynb``, one per participant;
- :data:`TEACHER`: ``teacher.ipynb``, the two rooms, their boards and the debrief;
- :data:`ANSWERS_INTRO`: the head of ``answers.ipynb`` (the rest: every exercise, solved).

A :class:`Md` cell's ``{name}`` placeholders take the kit's values and its city's facts; a
:class:`Code` cell's ``${name}`` placeholders take translated comments (:attr:`Code.words`) and
the kit's values as Python literals. :class:`Task` is an exercise: its rule, its question, the
picture of its position and the cell the participant answers in.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..i18n import N_


@dataclass(frozen=True)
class Step:
    """One part of the two-hour plan."""

    key: str
    """Its name in the templates."""
    start: int
    """Minute it starts."""
    end: int
    """Minute it ends."""
    title: str
    """What happens (a message id)."""


@dataclass(frozen=True)
class Md:
    """A Markdown cell (a message id), under the plan step ``step``'s heading when given."""

    text: str
    city: str = "berlin"
    """Whose facts fill the placeholders."""
    step: str | None = None


@dataclass(frozen=True)
class Code:
    """A code cell: Python with ``${name}`` placeholders."""

    source: str
    words: tuple[tuple[str, str], ...] = ()
    """(placeholder, message id): comments and texts, translated."""


@dataclass(frozen=True)
class Task:
    """An exercise: the rule it practises (Markdown, a message id), then its question, the
    picture of its position, and the answer cell."""

    key: str
    rule: str
    city: str = "berlin"


#: The two-hour plan (minutes).
PLAN: tuple[Step, ...] = (
    Step("widget", 0, 10, N_("the map and the widget")),
    Step("berlin", 10, 35, N_("Berlin: the rules, exercises {berlin_exercises}")),
    Step("room-berlin", 35, 60, N_("first game with the room: Berlin")),
    Step("break", 60, 65, N_("break")),
    Step("london", 65, 85, N_("London: what is new, exercises {london_exercises}")),
    Step("room-london", 85, 110, N_("second game with the room: London with the pencil "
                                    "powers")),
    Step("debrief", 110, 120, N_("what we learnt")),
)

INTRO = N_(
    "# Next Station: a two-hour workshop\n"
    "\n"
    "In two hours you learn *Next Station: Berlin* and *Next Station: London*, and you play "
    "each city once with the whole room, on the cards your teacher turns over.\n"
    "\n"
    "{plan}\n"
    "\n"
    "**How this notebook works.** Run a cell with Shift+Enter. Each exercise shows its "
    "position as a picture; write your answer after `answer =` in the cell below the picture "
    "and run that cell: the engine checks it (*not answered yet* until you do). Every "
    "exercise builds its own position, so you may do them in any order and as often as you "
    "like. First, write your name in the next cell and run it.")

SETUP = Code(
    "from nsb_widget import Game\n"
    "from nsb_widget.workshop import exercise, join\n"
    "\n"
    "MY_NAME = None  # ${name}\n"
    "BERLIN_ROOM = ${berlin_room}  # ${rooms_comment}\n"
    "LONDON_ROOM = ${london_room}",
    (("name", N_("← your name, in quotes: MY_NAME = \"Ada\"")),
     ("rooms_comment", N_("the folders of the two room games (your teacher says if they differ)"))))

WIDGET = N_(
    "Berlin's map has {districts} districts: {main} main ones and {outer} outer districts in "
    "the corners, with one station each. A game has {rounds} rounds; in each you hold one "
    "pencil and draw two lines in its colour: *Bear* from your start station in the left "
    "half of the map, *Crown* from the one in the right half. The {cards} cards: {bear} Bear "
    "and {crown} Crown (four symbols and a Joker each), and the Double Switch.\n"
    "\n"
    "Below is a game of your own to try the widget. **Reveal** turns the next card over; "
    "click an end of your line, then a highlighted station. Click a station that cannot be "
    "reached to read why. Keys (click the map first): `r` reveal, `p` pass, `u` undo, `o` "
    "the teaching overlay.")

TRY_BERLIN = Code("Game.new(language=${language}).widget()")

RULE_TURN = N_(
    "### A turn\n"
    "\n"
    "A card is revealed, and everyone draws **one section** on the card's line (Bear or "
    "Crown): from an **end** of that line, straight along a dashed track, to a station with "
    "the **card's symbol**. A line's first section leaves its start station. Drawing is "
    "always voluntary: you may pass.")

RULE_JOIN = N_(
    "### Join your two start stations\n"
    "\n"
    "When your Bear and Crown lines meet, your two start stations are connected: **+{connected}** "
    "this round, and from then on you may draw from any end, whatever line the card shows. A "
    "round scores *the districts the line passes through* × *the most stations it has in one "
    "district*, +{connected} when the start stations are connected.")

RULE_ILLEGAL = N_(
    "### Drawing rules\n"
    "\n"
    "A section never passes through a station, never crosses another section (of any "
    "colour), never returns to a station of its own line (no loops), and two stations are "
    "joined by one section at most. Until your lines are joined, a section leaves an end of "
    "the line the card shows.")

RULE_SWITCH = N_(
    "### The Double Switch and the Joker\n"
    "\n"
    "**Double Switch**: a second card is revealed at once; its **symbol** counts, its line "
    "does not. Draw one section on **each** line; each may start from **any station** of its "
    "line: a branch. **Joker + S-Bahn**: any symbol; circle the station reached: it becomes "
    "an S-Bahn station.")

RULE_ROUND = N_(
    "### Scoring a round\n"
    "\n"
    "Once the {per_line}th Bear or the {per_line}th Crown card is revealed, you draw its "
    "section and the round is over. It scores *districts the line passes through* × *most "
    "stations in one district*, +{connected} if the two start stations are connected; two "
    "separate lines are scored one by one and added up. Then the pencils are passed on: new "
    "colour, new start stations.")

RULE_INTERCHANGES = N_(
    "### The end of the game\n"
    "\n"
    "After {rounds} rounds the rounds' scores are added up, and every station where lines of "
    "2, 3 or 4 colours meet (an *interchange*) scores {two}, {three} or {four} points; an "
    "S-Bahn station counts as 2 stations. The highest total wins; on a tie, the best single "
    "round; still tied, the victory is shared.")

ROOM_BERLIN = N_(
    "Your teacher turns the cards over for everyone, on the projector. Run the cell below "
    "(your name is set at the top): your map follows the teacher's cards. Draw one section "
    "for each card, or pass, and wait for the next card. If your kernel restarts, run the "
    "first code cell and this one again: you get your game back. The cell also shows your "
    "token: it takes your seat back from another notebook.")

JOIN_BERLIN = Code(
    "berlin_seat = join(BERLIN_ROOM, MY_NAME, language=${language})\n"
    "display(berlin_seat)\n"
    "berlin_seat.widget()")

BREAK = N_(
    "Your teacher shows the room's table: the same cards for everyone, and different scores. "
    "Where did the best lines go?")

SEE_BERLIN = N_(
    "The room's board on your own screen, whenever you like: the cards turned over, who is "
    "ready, everyone's scores and, at the end, the final places and the room's figures. Once "
    "the places are final, click a name to see that sheet. It only reads the room: it turns "
    "no card over. In a remote workshop, with no projector to look at, run it right after "
    "joining.")

LONDON_INTRO = N_(
    "*Next Station: London* is played like Berlin. What is new:\n"
    "\n"
    "- **One line** a round, from your pencil's departure station (the ringed one); a section "
    "names no line: `\"D3-E4\"`.\n"
    "- **{cards} cards**: {underground} pink *underground* cards and {street} blue *street* "
    "cards, one of them the **Railroad Switch**. The round ends with the {round_end}th "
    "underground card (its section may still be drawn).\n"
    "- The **central station** (the question mark) matches every card.\n"
    "- {districts} districts: {main} main ones and {outer} corners. The Thames and the "
    "tourist sites (stars) score.\n"
    "\n"
    "A London game of your own to try:")

TRY_LONDON = Code("Game.new(map=\"london\", language=${language}).widget()")

RULE_THAMES = N_(
    "### Scoring a London round\n"
    "\n"
    "*Districts the line passes through* × *most stations in one district*, and **+{thames} "
    "for each section that crosses the Thames**. There is no bonus for connecting stations: "
    "a London round has one line.")

RULE_TOURIST = N_(
    "### The tourist track\n"
    "\n"
    "At the end of each round, cross off one circle of the tourist track for each tourist "
    "site (a station with a star) on the round's line: a site reached in two rounds crosses "
    "off two circles. At the end of the game the track gives the value of the first circle "
    "not crossed off: {track} (at most {track_circles} circles). The final score: the rounds, "
    "the tourist track, and the interchanges ({two}, {three}, {four} points, as in Berlin).")

RULE_RAILROAD = N_(
    "### The Railroad Switch\n"
    "\n"
    "When the switch comes up, the next card is revealed at once and gives the symbol. From "
    "the **{switch_turn}rd turn** of a round on, the section may then start at **any station "
    "of your line** (a branch); on the round's first two turns it starts at an end as usual.")

RULE_POWERS = N_(
    "### The advanced game: pencil powers and shared objectives\n"
    "\n"
    "With the **pencil powers**, each pencil gets one of {powers_all} powers for the whole "
    "game, and whoever holds it may use it once a round: *{double}* (a second section to the "
    "same symbol), *{joker}* (the card counts as a Joker), *{switch}* (as if the Railroad "
    "Switch came with the card), *{circle}* (a station of the round's line counts twice in "
    "its district). With the **shared objectives**, "
    "{objectives_shown} of the {objectives_all} cards are revealed; each one you meet scores "
    "+{objective_points} at the end. Your second room game is played with the pencil powers.")

ROOM_LONDON = N_(
    "As in the first game: run the cell, and the cards come from your teacher. Your pencil's "
    "power is the button *{power_button}* above the map: use it after a card is revealed, "
    "before you draw.")

JOIN_LONDON = Code(
    "london_seat = join(LONDON_ROOM, MY_NAME, language=${language})\n"
    "display(london_seat)\n"
    "london_seat.widget()")

SEE_LONDON = N_(
    "The second room's board, with its final places and figures: click a name to see how the "
    "others played the same cards.")

DEBRIEF = N_(
    "- Same cards, different scores: where did the best lines go?\n"
    "- Which rule surprised you? Which exercise was the hardest?\n"
    "- Berlin or London: which would you play with friends, and why?\n"
    "\n"
    "Take home the one-page rules summaries, `berlin-summary.svg` and `london-summary.svg` "
    "(open them in a browser, print on A4 at 100 %). The documentation site explains every "
    "rule with the rulebooks' examples: see its pages *Rules › Berlin*, *Rules › London* and "
    "*Rules › Rule readings*.")

#: The participant's notebook, ``workshop.ipynb``.
PARTICIPANT: tuple[Md | Code | Task, ...] = (
    Md(INTRO),
    SETUP,
    Md(WIDGET, step="widget"),
    TRY_BERLIN,
    Md(N_("Each rule comes with an exercise that the engine checks."), step="berlin"),
    Task("berlin-turn", RULE_TURN),
    Task("berlin-join", RULE_JOIN),
    Task("berlin-why-illegal", RULE_ILLEGAL),
    Task("berlin-double-switch", RULE_SWITCH),
    Task("berlin-round-score", RULE_ROUND),
    Task("berlin-interchanges", RULE_INTERCHANGES),
    Md(ROOM_BERLIN, step="room-berlin"),
    JOIN_BERLIN,
    Md(BREAK, step="break"),
    Md(SEE_BERLIN),
    Code("berlin_seat.board()"),
    Md(LONDON_INTRO, city="london", step="london"),
    TRY_LONDON,
    Task("london-round", RULE_THAMES, "london"),
    Task("london-tourist", RULE_TOURIST, "london"),
    Task("london-switch", RULE_RAILROAD, "london"),
    Task("london-power", RULE_POWERS, "london"),
    Md(ROOM_LONDON, city="london", step="room-london"),
    JOIN_LONDON,
    Md(SEE_LONDON, city="london", step="debrief"),
    Code("london_seat.board()"),
    Md(DEBRIEF),
)

# ---------------------------------------------------------------------------- the teacher
TEACHER_INTRO = N_(
    "# The teacher's notebook\n"
    "\n"
    "This notebook runs the workshop's two room games: it creates the rooms, shows each "
    "room's board for the projector (turn the cards over there) and the results. The "
    "participants work in `workshop.ipynb`; the answers to its exercises are in "
    "`answers.ipynb`.\n"
    "\n"
    "{plan}\n"
    "\n"
    "**Before the session**: run the next two cells. They create the two rooms in the folder "
    "`{rooms}`, which every participant's notebook must be able to read and write (on a "
    "JupyterHub, a shared folder; on one laptop, the folder of the notebooks). Join once from "
    "a participant's notebook to try it. Print the rules summaries, `berlin-summary.svg` and "
    "`london-summary.svg` (A4, 100 %).\n"
    "\n"
    "**On one laptop**, give every participant their own copy of `workshop.ipynb`: in "
    "Jupyter's file list, tick it, click **Duplicate**, then **Rename** the copy after them "
    "(`workshop-ada.ipynb`). A notebook opened twice shares one kernel: two participants in "
    "the same notebook would play one seat.\n"
    "\n"
    "**If your kernel restarts**: run the first two cells again. The rooms come back with "
    "the cards already turned over and every participant's game.")

TEACHER_SETUP = Code(
    "from pathlib import Path\n"
    "\n"
    "from nsb_widget.room import Room\n"
    "from nsb_widget.workshop import export_results, show_figures\n"
    "\n"
    "ROOMS = Path(${rooms})  # ${rooms_comment}\n"
    "ROOMS.mkdir(exist_ok=True)",
    (("rooms_comment", N_("every participant's notebook must read and write this folder")),))

TEACHER_ROOMS = Code(
    "berlin = Room.open(ROOMS / \"berlin\", ${berlin_name}, map=\"berlin\", "
    "language=${language})\n"
    "london = Room.open(ROOMS / \"london\", ${london_name}, map=\"london\", "
    "modules=[\"powers\"], language=${language})\n"
    "display(berlin, london)")

BOARD_BERLIN = N_(
    "Show this board on the projector. When everyone is ready (\"14 of 20 ready\"), turn the "
    "next card over with the board's button. A click on a name shows that participant's "
    "sheet. In Notebook 7, *View > Enable Full Width Notebook* gives the board the "
    "projector's whole width. The table below it, `berlin.standings()`, is the standings "
    "when its cell ran: run it again at any time.")

TROUBLE = N_(
    "### When something goes wrong\n"
    "\n"
    "- **A participant's kernel died or restarted**: they run the first code cell of their "
    "notebook and the room's cell again; their game comes back as it was.\n"
    "- **A name is taken**: each name is one seat. Someone else chooses another name; if it "
    "is their own seat (from another notebook), they join with their token, shown under "
    "their name: `join(BERLIN_ROOM, \"Ada\", token=\"...\")`.\n"
    "- **A participant's notebook is lost**, or their token: give the seat a new token with "
    "`room.reseat(name)` (below) and read it out to them; they join with it, and the old "
    "notebook stops handing in.\n"
    "- **A participant's file is damaged**: `room.reseat(name, fresh=True)` also starts their "
    "game again from the first card.\n"
    "- **A hand-in is refused** (the board says why): only games the engine replays are "
    "counted; the participant's last accepted game stays.\n"
    "- **The board says that another kernel has moved this room on** (this notebook open "
    "twice, or a kernel left running beside a restarted one): keep one notebook. In it, run "
    "the rooms' cell again (`Room.open` takes each room back as it is now, with the cards the "
    "other kernel turned over) and show the board again; shut the other notebook's kernel "
    "down (*Kernel > Shut Down Kernel*). Nothing is lost: the kernel that was behind wrote "
    "nothing.")

RESEAT = Code(
    "# ${reseat}\n"
    "# berlin.reseat(\"Ada\")\n"
    "# berlin.reseat(\"Ada\", fresh=True)",
    (("reseat", N_("remove the # before a line to run it: a new token for Ada's seat "
                   "(fresh=True: her game starts again)")),))

BOARD_LONDON = N_(
    "The second game, with the pencil powers: every participant's widget has a button for the "
    "power of the pencil they hold, to use once a round.")

DEBRIEF_TEACHER = N_(
    "The figures of each room: how the final scores spread, and the sections the room drew "
    "most. Then the results: the table (CSV), every game (save files) and every sheet "
    "(pictures), in the folders `{berlin_results}` and `{london_results}` beside this notebook "
    "(where the board's **Export results** button writes too); each room's cell prints its "
    "folder.")

#: The teacher's notebook, ``teacher.ipynb``.
TEACHER: tuple[Md | Code | Task, ...] = (
    Md(TEACHER_INTRO),
    TEACHER_SETUP,
    TEACHER_ROOMS,
    Md(BOARD_BERLIN, step="room-berlin"),
    Code("berlin.board()"),
    Code("berlin.standings()"),
    Md(TROUBLE),
    RESEAT,
    Md(BOARD_LONDON, city="london", step="room-london"),
    Code("london.board()"),
    Code("london.standings()"),
    Md(DEBRIEF_TEACHER, step="debrief"),
    Code("show_figures(berlin)"),
    Code("show_figures(london)"),
    Code("export_results(berlin)"),
    Code("export_results(london)"),
)

ANSWERS_INTRO = N_(
    "# The answer key\n"
    "\n"
    "The answers to the exercises of `workshop.ipynb`, for the teacher. Run all cells: "
    "every exercise is checked right by the engine, which explains the answer.")

#: The names of the two rooms (message ids).
ROOM_NAMES = {"berlin": N_("Workshop: Berlin"), "london": N_("Workshop: London")}
