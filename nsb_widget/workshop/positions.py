"""The positions of the exercises and handouts: scenario games that name their cards.

A Berlin position is a list of turns, each the card(s) revealed (``"double switch+bear
joker"``) and the sections drawn (none: a pass). A London position is a script as in the docs'
London examples: ``"+card"`` (or ``"+switch, card"``) reveals, ``"pass"`` passes, ``"power
NAME [STATION]"`` uses the pencil's power, anything else is a section.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..game import Game

#: A Berlin turn: the card(s) revealed, joined by "+", and the sections drawn.
Turn = tuple[str, Sequence[str]]
BERLIN_PENCILS = ("green", "pink", "blue", "brown")
LONDON_PENCILS = ("green", "pink", "purple", "blue")


def berlin(turns: Sequence[Turn] = (), *, pencils: Sequence[str] = BERLIN_PENCILS,
           language: str | None = None, **options: Any) -> Game:
    """A solo Berlin scenario game after ``turns``."""
    game = Game.new(scenario=True, pencils=list(pencils), language=language, **options)
    return play_berlin(game, turns)


def play_berlin(game: Game, turns: Sequence[Turn]) -> Game:
    """Reveal each turn's card(s) and draw its sections (none: pass)."""
    for cards, moves in turns:
        game.reveal(*cards.split("+"))
        for move in moves:
            game.play(move)
        if not game.is_over and not game.has_finished_turn():
            game.pass_turn()
    return game


def finish_round(game: Game) -> Game:
    """Pass until the round ends (Berlin: reveal the cards of the line nearest its 5th card;
    London: the underground cards)."""
    current = game.round
    while not game.is_over and game.round == current:
        counts = game.line_cards_revealed
        kind = max(counts, key=lambda name: counts[name])
        card = next(c for c in game.stack if c.kind == kind and not c.is_double_switch)
        game.reveal(str(card))
        if not game.is_over and game.round == current:
            game.pass_turn()
    return game


def london(script: Sequence[str] = (), *, pencils: Sequence[str] = LONDON_PENCILS,
           language: str | None = None, **options: Any) -> Game:
    """A solo London scenario game after ``script``."""
    game = Game.new(map="london", scenario=True, pencils=list(pencils), language=language,
                    **options)
    return play_london(game, script)


def play_london(game: Game, script: Sequence[str]) -> Game:
    """Play a London script (see the module's text)."""
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


# ---------------------------------------------------------------------------- Berlin
#: Green's first Bear section (the rulebook's Example A).
FIRST_SECTION: list[Turn] = [("bear square", ["bear E1-G3"])]
#: Green's Bear line E1-G3-J6 and Crown line I8-F8-F3, not joined yet.
TWO_LINES: list[Turn] = [
    ("bear square", ["bear E1-G3"]), ("bear circle", ["bear G3-J6"]),
    ("crown circle", ["crown I8-F8"]), ("crown triangle", ["crown F8-F3"]),
]
#: The same, then the lines joined at G3 (ends E1, J6, I8).
JOINED: list[Turn] = [*TWO_LINES, ("crown square", ["crown F3-G3"])]
#: Green's Bear line E1-G3-J6 and Crown line I8-F8-E7.
BEFORE_SWITCH: list[Turn] = [
    ("bear square", ["bear E1-G3"]), ("bear circle", ["bear G3-J6"]),
    ("crown circle", ["crown I8-F8"]), ("crown pentagon", ["crown F8-E7"]),
]
#: The rulebook's Example J: Emma's brown round (the lines join at J1).
EXAMPLE_J: list[Turn] = [
    ("bear circle", ["bear E7-D7"]), ("crown circle", ["crown J5-J4"]),
    ("bear square", ["bear D7-B5"]), ("crown square", ["crown J4-I4"]),
    ("bear joker", ["bear B5-F1"]), ("crown joker", ["crown I4-G4"]),
    ("bear pentagon", ["bear F1-J1"]), ("crown pentagon", ["crown G4-J1"]),
]
#: The rulebook's Example I: a whole game, round by round (each round then finished).
EXAMPLE_I: list[list[Turn]] = [
    [("bear square", ["bear E1-G3"]), ("bear circle", ["bear G3-J6"]),
     ("bear joker", ["bear J6-J10"]), ("crown joker", ["crown I8-H9"])],
    [("crown joker", ["crown H2-G3"]), ("bear circle", ["bear A8-A7"]),
     ("bear joker", ["bear A8-A10"])],
    [("bear circle", ["bear A3-A7"]), ("bear triangle", ["bear A7-B7"]),
     ("bear square", ["bear B7-A8"]), ("bear joker", ["bear A3-B2"]),
     ("crown square", ["crown F10-I10"]), ("crown circle", ["crown I10-H9"])],
    [("crown circle", ["crown J5-J6"]), ("crown triangle", ["crown J6-I6"]),
     ("crown square", ["crown I6-I8"]), ("bear triangle", ["bear E7-E6"]),
     ("bear circle", ["bear E6-H9"])],
]


# ---------------------------------------------------------------------------- London
#: A green round over: 7 districts, 3 stations in North-Central, 2 Thames crossings (D3-D7,
#: H4-E7), a branch at F1 (the Railroad Switch), tourist sites G2 and E10.
THAMES_ROUND = [
    "+underground triangle", "pass", "+street pentagon", "D3-D7", "+street circle", "D3-F1",
    "+underground pentagon", "F1-G2", "+switch, street joker", "F1-H1", "+street square",
    "D7-C8", "+underground circle", "H1-H4", "+street triangle", "H4-E7",
    "+underground joker", "E7-E10", "+underground square", "C8-C6",
]
#: Two rounds over: green reached F4 and J7, pink G2 and F4 (four circles on the track).
TWO_TOURIST_ROUNDS = [
    # green
    "+switch, underground square", "D3-D2", "+underground pentagon", "D2-F4",
    "+street circle", "F4-H6", "+street triangle", "H6-H7", "+underground joker", "H7-J7",
    "+underground circle", "J7-G4", "+underground triangle", "D3-B1",
    # pink
    "+underground circle", "H4-G4", "+underground joker", "H4-H1",
    "+underground triangle", "G4-F4", "+street pentagon", "F4-E5", "+underground square",
    "E5-C5", "+underground pentagon", "H1-G2",
]
#: Green's line D3-A3-A4 and D3-E4-F4 after four turns.
BEFORE_RAILROAD_SWITCH = [
    "+underground circle", "D3-A3", "+underground triangle", "D3-E4", "+street joker",
    "A3-A4", "+underground square", "E4-F4",
]
#: Green's line after five turns: three stations in North-Central, two in West.
BEFORE_CIRCLE = [
    "+underground pentagon", "D3-C4", "+street square", "D3-D2", "+street joker", "C4-E4",
    "+underground joker", "E4-C6", "+street triangle", "D2-E1",
]
#: The pencil powers of the circle exercise, in the map's pencil order (green's: the circle).
CIRCLE_POWERS = ("circle", "joker", "double", "switch")
