"""The Berlin rulebook's worked examples A to O, rebuilt in scenario mode on the Berlin map.

Each ``example_*`` function builds the situation an example describes, checks what the
rulebook says about it against the engine, and returns the game to picture. The documentation
shows these functions (``docs/rules-berlin.md``), its build runs them and draws the returned
games (``docs/_hooks/engine_pictures.py``), and ``tests/test_rulebook_examples.py`` runs them
again: the code on the page is the code that is checked. Every number comes from the engine
(``game.score_sheet()``, ``game.round_scores()``), none is added up here.

The printed sheet differs from our map (``docs/berlin-sheet.md``), so each example rebuilds the
*situation* on our stations. Start stations: green Bear E1, Crown I8; pink Bear A8, Crown H2;
blue Bear A3, Crown F10; brown Bear E7, Crown J5.
"""

from __future__ import annotations

from collections.abc import Sequence

from nsb_widget import Game

# --8<-- [start:helpers]
Turn = tuple[str, Sequence[str]]  # the card(s) revealed ("double switch+bear joker"), the draws


def new_game(*pencils: str, **options: object) -> Game:
    """A solo scenario game: we name every card; the pencils in the order given."""
    return Game.new(scenario=True, pencils=list(pencils or ("green", "pink", "blue", "brown")),
                    **options)  # type: ignore[arg-type]


def play(game: Game, turns: Sequence[Turn]) -> Game:
    """Reveal each turn's card(s) and draw its sections (none: pass)."""
    for cards, moves in turns:
        game.reveal(*cards.split("+"))
        for move in moves:
            game.play(move)
        if not game.is_over and not game.has_finished_turn():
            game.pass_turn()
    return game


def finish_round(game: Game) -> Game:
    """Pass until the round ends: reveal the cards of the line nearest its 5th card."""
    current = game.round
    while not game.is_over and game.round == current:
        counts = game.line_cards_revealed
        line = max(counts, key=lambda name: counts[name])
        card = next(c for c in game.stack if c.kind == line)
        play(game, [(str(card), [])])
    return game
# --8<-- [end:helpers]


# --8<-- [start:example_a]
def example_a() -> Game:
    """A: the first Bear section starts at the Bear start station; then the line has 2 ends."""
    game = new_game()
    assert game.pencil() == "green"
    game.reveal("bear square")
    assert {m.origin for m in game.legal_moves()} == {"E1"}  # only the Bear start station
    assert {m.target for m in game.legal_moves()} == {"D1", "E3", "G3"}  # the squares
    game.play("bear E1-G3")
    assert sorted(game.line_ends("bear")) == ["E1", "G3"]
    return game
# --8<-- [end:example_a]


# --8<-- [start:example_b]
def example_b() -> Game:
    """B: a Bear Circle: 3 circles can be reached from the two ends of the Bear line."""
    game = example_a()
    game.reveal("bear circle")
    assert sorted(str(m) for m in game.legal_moves()) == [
        "bear E1-F1", "bear G3-G4", "bear G3-J6"]
    game.play("bear G3-J6")  # to J6, the blue Crown start (an ordinary circle for green)
    return game
# --8<-- [end:example_b]


# --8<-- [start:example_c]
def example_c() -> Game:
    """C: a Crown Circle: the Crown line's first section leaves the Crown start station."""
    game = example_b()
    game.reveal("crown circle")
    assert {m.origin for m in game.legal_moves()} == {"I8"}
    game.play("crown I8-F8")
    assert not game.lines_joined()
    return game
# --8<-- [end:example_c]


# --8<-- [start:example_d]
def example_d() -> Game:
    """D: a Crown Square joins the Crown line to the Bear line: 3 ends, any card uses any."""
    game = play(example_c(), [("crown triangle", ["crown F8-F3"])])
    game.reveal("crown square")
    game.play("crown F3-G3")  # G3: a square of the Bear line
    assert game.lines_joined()
    assert sorted(game.line_ends("bear")) == sorted(game.line_ends("crown")) == [
        "E1", "I8", "J6"]
    game.reveal("bear pentagon")  # a Bear card may now extend the former Crown end I8
    assert "bear I8-I9" in {str(m) for m in game.legal_moves()}
    return game
# --8<-- [end:example_d]


# --8<-- [start:example_e]
def example_e() -> Game:
    """E: the first 4 cards are Crown cards and the Crown line alone joins both starts."""
    game = play(new_game(), [
        ("crown circle", ["crown I8-F8"]), ("crown triangle", ["crown F8-F3"]),
        ("crown square", ["crown F3-G3"]), ("crown pentagon", ["crown G3-E1"]),
    ])
    assert game.lines_joined()  # E1 is the Bear start station
    game.reveal("bear circle")  # a Bear card: from either start station, the two ends
    assert sorted(str(m) for m in game.legal_moves()) == ["bear E1-F1", "bear I8-H9"]
    game.play("bear I8-H9")
    return game
# --8<-- [end:example_e]


# --8<-- [start:example_f]
def example_f() -> Game:
    """F: Double Switch + Triangle: one branch on each line; then each line has 3 ends."""
    game = play(example_c(), [("crown pentagon", ["crown F8-E7"])])
    game.reveal("double switch", "crown triangle")  # its Crown means nothing here
    assert game.why_illegal("bear F8-F9").message == "F8 is not on your Bear line"
    game.play("bear G3-H2")  # branches at G3, a middle station of the Bear line
    game.play("crown F8-F9")  # branches at F8, a middle station of the Crown line
    assert sorted(game.line_ends("bear")) == ["E1", "H2", "J6"]
    assert sorted(game.line_ends("crown")) == ["E7", "F9", "I8"]
    return game
# --8<-- [end:example_f]


# --8<-- [start:example_g]
def example_g() -> Game:
    """G: Double Switch + Triangle after joining: branch at 2 different stations."""
    game = example_d()
    game.pass_turn()  # leave Example D's Bear Pentagon
    game.reveal("double switch", "bear triangle")
    game.play("bear G3-H2")  # G3: where the two lines meet
    game.play("crown F8-F9")  # F8: a middle station of the former Crown line
    assert sorted(game.line_ends("bear")) == ["E1", "F9", "H2", "I8", "J6"]
    return game
# --8<-- [end:example_g]


# --8<-- [start:example_h]
def example_h() -> Game:
    """H: Double Switch + Joker after joining: two symbols, two new S-Bahn stations."""
    game = example_d()
    game.pass_turn()
    game.reveal("double switch", "bear joker")
    game.play("bear G3-H2")  # a triangle
    game.play("crown F8-G7")  # a square
    assert sorted(game.sbahn_stations()) == ["G7", "H2"]  # both circled
    return game
# --8<-- [end:example_h]


# --8<-- [start:double_switch_note]
def double_switch_note() -> Game:
    """Note: a Double Switch on the first turn: no branch yet, one section for each line."""
    game = new_game()
    game.reveal("double switch", "bear triangle")
    assert sorted(str(m) for m in game.legal_moves()) == ["bear E1-D2", "crown I8-I6"]
    game.play("bear E1-D2")
    assert game.why_illegal("bear D2-C3").message.startswith("you have already drawn")
    game.play("crown I8-I6")
    return game
# --8<-- [end:double_switch_note]


# --8<-- [start:example_i]
def example_i() -> Game:
    """I: interchanges on a 4-round sheet: 2-colour ones, one S-Bahn (counts 2), a 3-colour
    S-Bahn one, and S-Bahn stations of one colour that count nothing."""
    game = new_game()
    for turns in EXAMPLE_I_ROUNDS:
        finish_round(play(game, turns))
    two, three, four = game.score_sheet().interchanges
    assert sorted(two.stations) == ["A7", "A8", "G3", "I8", "J6"] and two.sbahn == ("G3",)
    assert two.count == 4 + 2  # (A) 4 plain, (B) 1 S-Bahn station counting 2
    assert three.stations == three.sbahn == ("H9",) and three.count == 2  # (C)
    assert four.count == 0
    lonely = {"J10", "A10", "B2"}  # (D) circled, but on one colour only
    assert lonely <= set(game.sbahn_stations()) and not lonely & {*two.stations, "H9"}
    return game


EXAMPLE_I_ROUNDS: list[list[Turn]] = [
    [("bear square", ["bear E1-G3"]), ("bear circle", ["bear G3-J6"]),  # green
     ("bear joker", ["bear J6-J10"]), ("crown joker", ["crown I8-H9"])],
    [("crown joker", ["crown H2-G3"]), ("bear circle", ["bear A8-A7"]),  # pink
     ("bear joker", ["bear A8-A10"])],
    [("bear circle", ["bear A3-A7"]), ("bear triangle", ["bear A7-B7"]),  # blue
     ("bear square", ["bear B7-A8"]), ("bear joker", ["bear A3-B2"]),
     ("crown square", ["crown F10-I10"]), ("crown circle", ["crown I10-H9"])],
    [("crown circle", ["crown J5-J6"]), ("crown triangle", ["crown J6-I6"]),  # brown
     ("crown square", ["crown I6-I8"]), ("bear triangle", ["bear E7-E6"]),
     ("bear circle", ["bear E6-H9"])],
]
# --8<-- [end:example_i]


# --8<-- [start:example_j]
def example_j() -> Game:
    """J: one connected brown line: 7 districts x 3 stations + 10 = 31."""
    game = new_game("brown", "green", "pink", "blue")
    finish_round(play(game, EXAMPLE_J_TURNS))
    (line,) = game.round_scores()[0].lines
    assert (line.district_count, line.best_count, line.connected_bonus) == (7, 3, 10)
    assert line.best_districts == ("Lichtenberg",)  # I4, J4, J5
    assert line.score == 31
    return game


EXAMPLE_J_TURNS: list[Turn] = [
    ("bear circle", ["bear E7-D7"]), ("crown circle", ["crown J5-J4"]),
    ("bear square", ["bear D7-B5"]), ("crown square", ["crown J4-I4"]),
    ("bear joker", ["bear B5-F1"]), ("crown joker", ["crown I4-G4"]),
    ("bear pentagon", ["bear F1-J1"]), ("crown pentagon", ["crown G4-J1"]),  # joined at J1
]
# --8<-- [end:example_j]


# --8<-- [start:example_k]
def example_k() -> Game:
    """K: only the 5 Bear cards come up: one brown line, 4 districts x 3 = 12, no bonus."""
    game = play(new_game("brown", "green", "pink", "blue"), [
        ("bear triangle", ["bear E7-C5"]), ("bear circle", ["bear C5-C3"]),
        ("bear square", ["bear C3-E3"]), ("bear joker", ["bear E3-F3"]),
        ("bear pentagon", ["bear F3-E4"]),  # the 5th Bear card: the round's last section
    ])
    assert game.round == 2
    (line,) = game.round_scores()[0].lines
    assert (line.district_count, line.best_count, line.connected_bonus) == (4, 3, 0)
    assert line.score == 12
    return game
# --8<-- [end:example_k]


# --8<-- [start:example_l]
def example_l() -> Game:
    """L: two separate pink lines: (2 x 4) + (2 x 3) = 14."""
    game = finish_round(play(new_game("pink", "green", "blue", "brown"), [
        ("bear circle", ["bear A8-A7"]), ("crown square", ["crown H2-J2"]),
        ("bear pentagon", ["bear A8-C8"]), ("crown circle", ["crown J2-J4"]),
        ("bear triangle", ["bear C8-D8"]), ("crown pentagon", ["crown J4-H6"]),
        ("bear square", ["bear D8-C9"]),
    ]))
    score = game.round_scores()[0]
    bear, crown = score.lines
    assert (bear.district_count, bear.best_count, bear.score) == (2, 4, 8)
    assert (crown.district_count, crown.best_count, crown.score) == (2, 3, 6)
    assert score.score == 14 and not score.connected
    return game
# --8<-- [end:example_l]


# --8<-- [start:example_n]
def example_n() -> Game:
    """N: Round effect Double tracks: two pink sections parallel to the green line."""
    game = new_game(modules=["effects"], effects=[
        "recurring_double_switch", "double_tracks", "triple_outer", "double_stations"])
    finish_round(play(game, [("bear square", ["bear E1-G3"]), ("bear circle", ["bear G3-J6"]),
                             ("bear triangle", ["bear J6-J10"])]))
    assert game.pencil() == "pink" and str(game.effect) == "double_tracks"
    play(game, [("crown square", ["crown H2-G3"]),
                ("crown circle", ["crown G3-J6"]),  # beside green's G3-J6
                ("crown triangle", ["crown J6-J10"])])  # beside green's J6-J10
    parallel = [d.parallel for d in game.sheets[0].history]
    assert parallel == [False, False, False, False, True, True]
    return game
# --8<-- [end:example_n]


# --8<-- [start:example_o]
def example_o() -> Game:
    """O: 3 S-Bahn stations, 2 on the green Bear line and 1 on the green Crown line, the lines
    not joined: the objective "3 S-Bahn stations on 1 continuous line" is not completed."""
    game = new_game(modules=["objectives"],
                    objectives=["sbahn_three_on_line", "all_districts"])
    finish_round(play(game, [("bear joker", ["bear E1-D1"]),
                             ("double switch+crown joker", ["bear D1-A1", "crown I8-H9"])]))
    assert sorted(game.sbahn_stations()) == ["A1", "D1", "H9"]
    result = game.score_sheet().objectives[0]
    assert result.objective == "sbahn_three_on_line"
    assert (result.progress, result.target, result.met, result.points) == (2, 3, False, 0)
    return game
# --8<-- [end:example_o]


# --8<-- [start:example_m]
def example_m() -> Game:
    """M: a whole game: lines 31 + 28 + 15 + 18 = 92; 9 two-colour interchanges, one an
    S-Bahn station (10 stations, 20 points); 1 three-colour S-Bahn interchange (2 stations,
    10 points); 92 + 30 = 122."""
    game = new_game("brown", "green", "pink", "blue")
    finish_round(play(game, EXAMPLE_J_TURNS))  # round 1 is Example J's brown line: 31
    for turns in EXAMPLE_M_ROUNDS:
        play(game, turns)
    assert game.is_over
    sheet = game.score_sheet()
    assert [r.score for r in sheet.rounds] == [31, 28, 15, 18]
    assert sheet.lines_total == 92
    two, three, four = sheet.interchanges
    assert (len(two.stations), len(two.sbahn), two.count, two.points) == (9, 1, 10, 20)
    assert (three.stations, three.sbahn, three.count, three.points) == (("G4",), ("G4",), 2, 10)
    assert (four.count, four.points) == (0, 0)
    assert sheet.interchanges_total == 30
    assert sheet.total == game.score() == 122
    return game


EXAMPLE_M_ROUNDS: list[list[Turn]] = [
    [  # green
        ("crown triangle", ["crown I8-I6"]), ("crown joker", ["crown I6-H5"]),
        ("double switch+bear circle", ["crown H5-G4", "bear E1-F1"]),
        ("bear pentagon", ["bear F1-G2"]), ("crown square", ["crown G4-G3"]),
        ("bear square", ["bear G2-G3"]), ("crown circle", ["crown I8-F8"]),
        ("bear triangle", ["bear F8-D8"]), ("crown pentagon", ["crown D8-E7"]),
    ],
    [  # pink
        ("crown circle", []), ("bear square", []), ("bear circle", ["bear A8-A7"]),
        ("bear joker", ["bear A7-C9"]), ("bear pentagon", ["bear C9-C8"]),
        ("crown pentagon", ["crown H2-G2"]), ("crown triangle", ["crown G2-F3"]),
        ("double switch+crown joker", ["crown F3-G4"]), ("crown square", ["crown H2-G3"]),
    ],
    [  # blue
        ("crown pentagon", []), ("crown triangle", ["crown F10-D8"]),
        ("bear joker", ["bear A3-C3"]),
        ("double switch+bear circle", ["crown D8-D7", "bear A3-A7"]),
        ("crown joker", ["crown F10-F9"]), ("crown circle", ["crown F9-F8"]),
        ("bear pentagon", ["bear A7-B6"]), ("bear square", ["bear B6-B5"]),
        ("bear triangle", ["bear C3-D2"]),
    ],
]
# --8<-- [end:example_m]


EXAMPLES = {
    "a": example_a, "b": example_b, "c": example_c, "d": example_d, "e": example_e,
    "f": example_f, "g": example_g, "h": example_h, "double-switch-note": double_switch_note,
    "i": example_i, "j": example_j, "k": example_k, "l": example_l, "m": example_m,
    "n": example_n, "o": example_o,
}
"""Every example by its letter (and the Double Switch note by name)."""
