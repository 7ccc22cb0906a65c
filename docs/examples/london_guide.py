"""The London guide's worked figures, rebuilt in scenario mode on the London map.

As for Berlin (``berlin_rulebook.py``), each function checks what the guide says against the
engine and returns the game to picture; the documentation shows these functions, its build and
``tests/test_rulebook_examples.py`` run them. London moves name no line (one line a round), and
a turn's script is ``"+card"`` (reveal), a move, ``"pass"`` or ``"power NAME [STATION]"``.
"""

from __future__ import annotations

from collections.abc import Sequence

from nsb_widget import Game


# --8<-- [start:helpers]
def new_game(*pencils: str, **options: object) -> Game:
    """A solo London scenario game: we name every card."""
    return Game.new(map="london", scenario=True,
                    pencils=list(pencils or ("green", "pink", "purple", "blue")),
                    **options)  # type: ignore[arg-type]


def play(game: Game, script: Sequence[str]) -> Game:
    """``"+card, card"`` reveals, ``"pass"`` passes, ``"power circle F4"`` uses a pencil
    power, anything else is a move."""
    for step in script:
        if step.startswith("+"):
            game.reveal(*[card.strip() for card in step[1:].split(",")])
        elif step == "pass":
            game.pass_turn()
        elif step.startswith("power "):
            _, power, *station = step.split()
            game.use_power(power, station[0] if station else None)
        else:
            game.play(step)
    return game
# --8<-- [end:helpers]


# --8<-- [start:round_20]
ROUND_20 = ["+street joker", "D3-D2", "+underground square", "D3-G3",
            "+underground pentagon", "D2-B2", "+street square", "G3-F4", "+street pentagon",
            "B2-A1", "+underground circle", "F4-G4", "+street triangle", "G4-J7",
            "+underground triangle", "J7-H7", "+street circle", "H7-E10",
            "+switch, underground joker", "D3-E4"]  # the 5th underground card: round over


def round_20() -> Game:
    """A round: 6 districts x 3 stations + 2 for one Thames crossing = 20."""
    game = play(new_game(), ROUND_20)
    (line,) = game.round_scores()[0].lines
    assert (line.district_count, line.best_count) == (6, 3)
    (thames,) = line.bonuses
    assert (thames.id, thames.sections, thames.points) == ("thames", ("G4-J7",), 2)
    assert line.score == 20
    assert game.round_scores()[0].tourist_sites == ("F4", "J7", "E10")
    return game
# --8<-- [end:round_20]


# --8<-- [start:round_26]
def round_26() -> Game:
    """The same round with the green pencil's power: circling F4 doubles it: 6 x 4 + 2 = 26."""
    game = new_game(modules=["powers"], powers=["circle", "joker", "double", "switch"])
    play(game, [*ROUND_20[:8], "power circle F4", *ROUND_20[8:]])
    (line,) = game.round_scores()[0].lines
    assert (line.district_count, line.best_count, line.doubled_stations) == (6, 4, ("F4",))
    assert line.score == 26
    return game
# --8<-- [end:round_26]


# --8<-- [start:game_119]
def game_119() -> Game:
    """A whole game: rounds 25 + 15 + 16 + 31 = 87, 7 tourist visits 14, 9 stations where two
    colours meet 18: 119."""
    game = play(new_game("purple", "green", "blue", "pink"), GAME_119)
    sheet = game.score_sheet()
    assert [r.score for r in sheet.rounds] == [25, 15, 16, 31]
    assert sheet.lines_total == 87
    assert [(t.count, t.points) for t in sheet.tracks] == [(7, 14)]
    assert [(t.count, t.points) for t in sheet.interchanges] == [(9, 18), (0, 0), (0, 0)]
    assert sheet.total == 119
    return game


GAME_119 = [
    # purple
    "+street triangle", "C6-E4", "+underground circle", "E4-F4", "+street square", "C6-C5",
    "+underground pentagon", "C5-C4", "+street circle", "F4-G4", "+switch, street joker",
    "G4-G7", "+street pentagon", "G7-F8", "+underground triangle", "C4-B5",
    "+underground joker", "F8-F10", "+underground square", "B5-A4",
    # green
    "+street triangle", "D3-B1", "+underground joker", "B1-C1", "+street pentagon", "D3-C4",
    "+underground square", "C4-A4", "+switch, street circle", "D3-F1", "+street joker",
    "A4-A3", "+underground triangle", "F1-H1", "+underground circle", "H1-J1",
    "+underground pentagon", "J1-J2",
    # blue
    "+street joker", "F8-F5", "+underground circle", "F5-E6", "+underground square", "E6-C6",
    "+switch, street circle", "F5-F4", "+underground pentagon", "F8-D10", "+street triangle",
    "C6-B5", "+underground triangle", "pass",
    # pink
    "+street square", "F4-G3", "+underground joker", "G3-G2", "+street joker", "H4-G4",
    "+street square", "G4-I2", "+underground square", "H4-J4", "+street triangle", "I2-H1",
    "+underground triangle", "J4-J7", "+underground joker", "J7-I8", "+street pentagon",
    "I8-I5", "+street circle", "I5-H6", "+underground circle", "pass",
    "+underground pentagon", "H1-G2",
]
# --8<-- [end:game_119]


EXAMPLES = {"round-20": round_20, "round-26": round_26, "game-119": game_119}
"""Every worked figure by name."""
