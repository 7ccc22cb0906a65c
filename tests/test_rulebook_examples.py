"""The rulebook's worked examples A to O, rebuilt through the public API on the Berlin map.

The printed sheet differs from our map, so each test rebuilds the *situation* an example
describes and checks what the rulebook says about it. Where an example is pure arithmetic
(J, K, L, M and the counting of I) the scoring functions are also called directly with the
example's exact numbers.

The documentation shows every example as a function of ``docs/examples/berlin_rulebook.py``
(and the London guide's figures from ``docs/examples/london_guide.py``); each of them is run
here too (``test_documented_example``), so the code on the page is checked code. Example M's
whole game ends on the engine's own score sheet at 122, cross-checked by an independent
rescorer below.

Map notes used below (column letter A-J, row 1-10):
    green: Bear start E1 (pentagon, Pankow), Crown start I8 (square, Neukoelln)
    pink:  Bear start A8, Crown start H2      blue: Bear start A3, Crown start F10
    brown: Bear start E7, Crown start J5      outer districts: A1, J1, A10, J10
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest
from support import bits, end_round, new_game, rescore_rounds, turn

from nsb_widget import Game
from nsb_widget.maps import get_map
from nsb_widget.rules.moves import Move, Reveal
from nsb_widget.rules.reasons import Reason
from nsb_widget.rules.sheet import RoundLine
from nsb_widget.rulesets.berlin import Card, Line
from nsb_widget.rulesets.berlin.scoring import score_line, score_round
from nsb_widget.scoring import score_interchanges

MAP = get_map("berlin")
BEAR, CROWN = Line.BEAR, Line.CROWN

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "examples"))
import berlin_rulebook  # noqa: E402  (the examples the documentation shows)
import london_guide  # noqa: E402

# ---------------------------------------------------------------------------- helpers






def ends(g: Game, line: Line | str, player: int = 0) -> set[str]:
    return set(g.line_ends(line, player))


def origins(g: Game, player: int = 0) -> set[str]:
    return {m.origin for m in g.legal_moves(player)}


def targets(g: Game, player: int = 0) -> set[str]:
    return {m.target for m in g.legal_moves(player)}




def district(label: str) -> str:
    return MAP.districts[MAP.station(label).district].name


def example_d_game() -> Game:
    """Examples A-D, green: Bear E1-G3-J6, then Crown I8-F8-F3-G3 joins at G3."""
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])  # A
    turn(g, "bear circle", moves=["bear G3-J6"])  # B
    turn(g, "crown circle", moves=["crown I8-F8"])  # C
    turn(g, "crown triangle", moves=["crown F8-F3"])
    turn(g, "crown square", moves=["crown F3-G3"])  # D
    return g


# ---------------------------------------------------------------------------- A, B, C
def test_example_a_first_section_from_start_then_two_ends():
    """Example A: after a Bear Square from the Bear start station, the Bear line's two ends
    are the Square station and the start station."""
    g = new_game()
    assert g.pencil() == "green"
    assert g.line_ends("bear") == ["E1"] and g.line_ends("crown") == ["I8"]
    g.reveal("bear square")
    # The first section must start from the Bear start station and reach a Square.
    assert {(m.line, m.origin) for m in g.legal_moves()} == {(BEAR, "E1")}
    assert targets(g) == {"D1", "E3", "G3"}
    assert g.why_illegal("crown I8-E4").reason is Reason.WRONG_LINE
    g.play("bear E1-G3")
    assert ends(g, "bear") == {"E1", "G3"}
    assert g.line_stations("bear") == ["E1", "G3"]
    # The next Bear section must start from one of these two ends.
    g.reveal("bear circle")
    assert origins(g) == {"E1", "G3"}


def test_example_b_three_circles_reachable_from_the_two_ends():
    """Example B: with a 2nd card Bear Circle, 3 different Circle stations can be reached from
    the two ends of the Bear line (on our map: F1 from E1, G4 and J6 from G3)."""
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    g.reveal("bear circle")
    assert {(m.origin, m.target) for m in g.legal_moves()} == {
        ("E1", "F1"), ("G3", "G4"), ("G3", "J6"),
    }
    g.play("bear G3-J6")
    assert ends(g, "bear") == {"E1", "J6"}


def test_example_c_first_crown_section_from_crown_start():
    """Example C: the 3rd card is a Crown Circle: the Crown line's first section starts from
    the Crown start station; the Bear line is untouched."""
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    turn(g, "bear circle", moves=["bear G3-J6"])
    g.reveal("crown circle")
    assert origins(g) == {"I8"}
    assert targets(g) == {"F8", "H9"}
    g.play("crown I8-F8")
    assert ends(g, "crown") == {"I8", "F8"}
    assert ends(g, "bear") == {"E1", "J6"}
    assert not g.lines_joined()


# ---------------------------------------------------------------------------- D, E
def test_example_d_join_to_middle_station_gives_three_ends_usable_by_any_card():
    """Example D: a Crown Square joins the Crown line to a middle station (G3) of the Bear line:
    both start stations are connected, the network has exactly 3 ends, and from then on any
    end may be used whatever line symbol the card shows."""
    g = example_d_game()
    assert g.lines_joined()
    assert ends(g, "bear") == ends(g, "crown") == {"E1", "J6", "I8"}
    assert set(g.line_stations("bear")) == {"E1", "G3", "J6", "I8", "F8", "F3"}
    # A Bear card may extend the former Crown end I8 ...
    g.reveal("bear pentagon")
    assert origins(g) == {"J6", "I8"}  # E1 has no Pentagon neighbour
    assert g.why_illegal("bear I8-I9") is None
    g.play("bear I8-I9")
    assert ends(g, "crown") == {"E1", "J6", "I9"}
    # ... and a Crown card the former Bear end E1.
    g.reveal("crown joker")
    assert "E1" in origins(g)
    g.play("crown E1-D1")
    end_round(g)
    (line,) = g.round_scores()[0].lines
    assert line.lines == ("bear", "crown")
    assert line.connected_bonus == 10


def test_example_e_four_crown_cards_join_both_starts_then_bear_card_from_either_start():
    """Example E: the first 4 cards of a round are all Crown; the Crown line alone connects both
    start stations. A following Bear card may then extend from either start station, the two
    ends of the connected line."""
    g = new_game()
    path = [("crown circle", "I8-F8"), ("crown triangle", "F8-F3"), ("crown square", "F3-G3")]
    for card, sec in path:
        turn(g, card, moves=[f"crown {sec}"])
        assert not g.lines_joined()
    turn(g, "crown pentagon", moves=["crown G3-E1"])  # reaches the Bear start station
    assert g.lines_joined()
    assert not g.is_last_turn and g.line_cards_revealed == {BEAR: 0, CROWN: 4}
    assert ends(g, "bear") == ends(g, "crown") == {"E1", "I8"}
    g.reveal("bear circle")
    assert {(m.origin, m.target) for m in g.legal_moves()} == {("E1", "F1"), ("I8", "H9")}
    g.play("bear I8-H9")  # a Bear card drawn from the Crown start station
    assert ends(g, "bear") == {"E1", "H9"}


# ---------------------------------------------------------------------------- Double Switch
def test_example_f_double_switch_branches_on_both_lines():
    """Example F: Double Switch then a Crown Triangle (its line symbol means nothing): a section
    on each line, each may branch from any station of its line; afterwards each line has 3
    ends."""
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    turn(g, "bear circle", moves=["bear G3-J6"])
    turn(g, "crown circle", moves=["crown I8-F8"])
    turn(g, "crown pentagon", moves=["crown F8-E7"])  # E7: brown's start, ordinary here
    g.reveal("double switch", "crown triangle")
    assert g.is_double_switch
    assert g.open_lines() == (BEAR, CROWN)
    # Branching from middle stations G3 (Bear) and F8 (Crown) is allowed ...
    assert Move.parse("bear G3-H2") in g.legal_moves()
    assert Move.parse("crown F8-F9") in g.legal_moves()
    # ... but only from a station of that same line.
    assert g.why_illegal("bear F8-F9").reason is Reason.NOT_ON_LINE
    g.play("bear G3-H2")
    assert g.open_lines() == (CROWN,)
    g.play("crown F8-F9")
    assert ends(g, "bear") == {"E1", "J6", "H2"}
    assert ends(g, "crown") == {"I8", "E7", "F9"}
    # The Double Switch's 2nd card counts as a Crown card.
    assert g.line_cards_revealed == {BEAR: 2, CROWN: 3}
    # From the next turn, all 3 ends of a line may be extended.
    g.reveal("bear pentagon")
    assert origins(g) == {"J6", "H2"}  # E1 has no free Pentagon neighbour
    assert g.why_illegal("bear G3-G2").reason is Reason.NOT_AN_END


def test_example_g_double_switch_after_joining_branches_from_two_stations():
    """Example G: with both start stations connected, a Double Switch still gives 2 sections,
    both of which may branch off, here at 2 different stations of the line."""
    g = example_d_game()
    g.reveal("double switch", "bear triangle")
    assert g.open_lines() == (BEAR, CROWN)
    g.play("bear G3-H2")  # G3: the junction of the joined line
    g.play("crown F8-F9")  # F8: a middle station of the former Crown line
    assert ends(g, "bear") == {"E1", "J6", "I8", "H2", "F9"}
    assert g.lines_joined()


def test_example_g_both_double_switch_sections_from_the_same_station():
    """Example G: "Both sections may start from the same station of your line": after joining,
    a Double Switch lets both sections branch from F8."""
    g = example_d_game()
    g.reveal("double switch", "bear triangle")
    g.play("bear F8-D8")  # the Bear slot used on a station of the former Crown line
    g.play("crown F8-F9")
    assert ends(g, "crown") == {"E1", "J6", "I8", "D8", "F9"}
    assert {s for s in g.line_stations("bear")} >= {"D8", "F9", "F8"}


def test_example_h_double_switch_with_joker_two_sbahn_stations_of_different_symbols():
    """Example H: Double Switch then Joker + S-Bahn, after joining: the two sections may lead to
    different station symbols (here Triangle H2 and Square G7), and both become S-Bahn
    stations."""
    g = example_d_game()
    assert g.sbahn_stations() == []
    g.reveal("double switch", "bear joker")
    g.play("bear G3-H2")
    g.play("crown F8-G7")
    assert MAP.station("H2").symbol != MAP.station("G7").symbol
    assert set(g.sbahn_stations()) == {"H2", "G7"}
    # The Joker's line symbol (Bear) has no meaning: both sections were allowed.
    assert g.line_cards_revealed == {BEAR: 3, CROWN: 3}


def test_double_switch_note_early_in_round_one_section_per_line():
    """Double Switch note: revealed in the first turn no branch is possible yet, but a 2nd card
    is still revealed and one section may be drawn for each line (and only one)."""
    g = new_game()
    taken = g.reveal("double switch", "bear triangle")
    assert taken == (Card.double_switch(), Card.parse("bear triangle"))
    assert {(m.line, m.origin, m.target) for m in g.legal_moves()} == {
        (BEAR, "E1", "D2"), (CROWN, "I8", "I6"),
    }
    g.play("bear E1-D2")
    # A second Bear section this turn is refused; the Crown one is still open.
    assert g.why_illegal("bear D2-C3").reason is Reason.SLOT_USED
    assert g.why_illegal("bear E1-D2").reason is Reason.SLOT_USED
    g.play("crown I8-I6")
    assert ends(g, "bear") == {"E1", "D2"} and ends(g, "crown") == {"I8", "I6"}
    assert g.has_finished_turn()


# ---------------------------------------------------------------------------- I, M
def example_i_game() -> Game:
    """A whole solo game (green, pink, blue, brown) built for Examples I and M.

    Stations touched per colour (* = circled S-Bahn station):
        green: E1 G3 J6 J10* I8 H9*        pink:  H2 G3* A8 A7 A10*
        blue:  A3 A7 B7 A8 B2* F10 I10 H9* brown: J5 J6 I6 I8 E7 E6 H9*
    """
    g = new_game()
    # Round 1, green.
    turn(g, "bear square", moves=["bear E1-G3"])
    turn(g, "bear circle", moves=["bear G3-J6"])
    turn(g, "bear joker", moves=["bear J6-J10"])  # J10 circled (green only)
    turn(g, "crown joker", moves=["crown I8-H9"])  # H9 circled
    end_round(g)
    # Round 2, pink.
    turn(g, "crown joker", moves=["crown H2-G3"])  # G3 circled
    turn(g, "bear circle", moves=["bear A8-A7"])
    turn(g, "bear joker", moves=["bear A8-A10"])  # A10 circled (pink only)
    end_round(g)
    # Round 3, blue.
    turn(g, "bear circle", moves=["bear A3-A7"])
    turn(g, "bear triangle", moves=["bear A7-B7"])
    turn(g, "bear square", moves=["bear B7-A8"])
    turn(g, "bear joker", moves=["bear A3-B2"])  # B2 circled (blue only)
    turn(g, "crown square", moves=["crown F10-I10"])
    turn(g, "crown circle", moves=["crown I10-H9"])
    end_round(g)
    # Round 4, brown.
    turn(g, "crown circle", moves=["crown J5-J6"])
    turn(g, "crown triangle", moves=["crown J6-I6"])
    turn(g, "crown square", moves=["crown I6-I8"])
    turn(g, "bear triangle", moves=["bear E7-E6"])
    turn(g, "bear circle", moves=["bear E6-H9"])
    end_round(g)
    assert g.is_over
    return g


def test_example_i_interchange_counting_in_a_real_game():
    """Example I: 4 plain interchanges with 2 lines (A) plus 1 that is an S-Bahn station (B)
    count 6 stations; 1 S-Bahn interchange with 3 lines (C) counts 2; 3 S-Bahn stations on a
    single colour (D) count nothing."""
    g = example_i_game()
    sheet = g.score_sheet()
    two, three, four = sheet.interchanges
    # A: J6 (green, brown), I8 (green, brown), A7 and A8 (pink, blue); B: G3* (green, pink).
    assert set(two.stations) == {"J6", "I8", "A7", "A8", "G3"}
    assert two.sbahn == ("G3",)
    assert two.count == 4 + 2 == 6
    assert two.points == 6 * 2
    # C: H9* (green, blue, brown).
    assert three.stations == ("H9",) and three.sbahn == ("H9",)
    assert three.count == 2 and three.points == 2 * 5
    assert four.count == 0 and four.points == 0
    # D: circled, one colour only: not interchanges.
    assert set(g.sbahn_stations()) == {"J10", "A10", "B2", "G3", "H9"}
    for lonely in ("J10", "A10", "B2"):
        assert all(lonely not in t.stations for t in sheet.interchanges)
    assert sheet.interchanges_total == 12 + 10


def test_example_m_final_scoring_term_by_term_in_a_real_game():
    """Example M: the final result is the sum of the round scores plus the interchange points
    (each tier: stations counted, S-Bahn counting 2, times 2/5/9). Every term of the game of
    Example I is computed here by hand."""
    g = example_i_game()
    sheet = g.score_sheet()
    by_round = [(r.pencil, [(ls.lines, ls.district_count, ls.best_count, ls.score)
                            for ls in r.lines], r.score) for r in sheet.rounds]
    assert by_round == [
        # Bear E1 G3 J6 J10: Pankow, Mitte, Lichtenberg, Treptow-K. = 4 x 1; Crown I8 H9: 1 x 2.
        ("green", [(("bear",), 4, 1, 4), (("crown",), 1, 2, 2)], 6),
        # Bear A10 A8 A7: 3 districts x 1; Crown H2 G3: 2 x 1.
        ("pink", [(("bear",), 3, 1, 3), (("crown",), 2, 1, 2)], 5),
        # Bear B2 A3 (Spandau) A7 B7 (Charl.-W.) A8: 3 x 2; Crown F10 I10 H9: 2 x 2.
        ("blue", [(("bear",), 3, 2, 6), (("crown",), 2, 2, 4)], 10),
        # Bear E7 E6 (Friedr.-K.) H9: 2 x 2; Crown J5 J6 I6 (Lichtenberg) I8: 2 x 3.
        ("brown", [(("bear",), 2, 2, 4), (("crown",), 2, 3, 6)], 10),
    ]
    assert not any(r.connected for r in sheet.rounds)
    assert sheet.lines_total == 6 + 5 + 10 + 10 == 31
    assert sheet.interchanges_total == 6 * 2 + 2 * 5 + 0 * 9 == 22
    assert sheet.objectives_total == 0
    assert sheet.total == 31 + 22 == 53
    assert sheet.final and g.score() == 53
    assert sheet.tiebreak == 10


def test_example_i_counting_direct():
    """Example I with the scoring function: 4 plain 2-line interchanges + 1 S-Bahn one = 6;
    1 S-Bahn 3-line interchange = 2; 3 S-Bahn stations of one colour = nothing."""
    plain2 = ["D1", "E1", "F1", "D2"]
    sbahn2, sbahn3 = "G2", "E3"
    lonely = ["A1", "J1", "J10"]
    green = bits(*plain2, sbahn2, sbahn3, *lonely)
    pink = bits(*plain2, sbahn2, sbahn3)
    blue = bits(sbahn3)
    two, three, four = score_interchanges(MAP, [green, pink, blue, 0], bits(sbahn2, sbahn3,
                                                                             *lonely))
    assert (two.count, three.count, four.count) == (6, 2, 0)
    assert set(two.stations) == {*plain2, sbahn2} and two.sbahn == (sbahn2,)
    assert three.sbahn == (sbahn3,)
    assert (two.points, three.points) == (12, 10)


def test_example_m_arithmetic_direct():
    """Example M with the scoring function: 9 interchanges with 2 lines, 1 of them S-Bahn ->
    10 stations -> 20 points; 1 S-Bahn interchange with 3 lines -> 2 stations -> 10 points;
    30 for interchanges; with 31 + 28 + 15 + 18 = 92 for lines the result is 122."""
    main = [s for s in MAP.stations if MAP.districts[s.district].kind == "main"]
    two_lines = [s.label for s in main[:9]]
    three_lines = main[9].label
    a = bits(*two_lines, three_lines)
    b = bits(*two_lines, three_lines)
    c = bits(three_lines)
    tiers = score_interchanges(MAP, [a, b, c, 0], bits(two_lines[0], three_lines))
    assert [t.count for t in tiers] == [10, 2, 0]
    assert [t.points for t in tiers] == [20, 10, 0]
    lines_total = 31 + 28 + 15 + 18
    assert lines_total == 92
    assert lines_total + sum(t.points for t in tiers) == 122


# ---------------------------------------------------------------------------- J, K, L
def test_example_j_one_connected_line_seven_districts_times_three_plus_ten():
    """Example J: Emma's brown line passes through 7 districts, has at most 3 stations in one
    district, and connects both brown start stations: 7 x 3 + 10 = 31."""
    g = new_game(pencils=["brown", "green", "pink", "blue"])
    turn(g, "bear circle", moves=["bear E7-D7"])
    turn(g, "crown circle", moves=["crown J5-J4"])
    turn(g, "bear square", moves=["bear D7-B5"])
    turn(g, "crown square", moves=["crown J4-I4"])
    turn(g, "bear joker", moves=["bear B5-F1"])
    turn(g, "crown joker", moves=["crown I4-G4"])
    turn(g, "bear pentagon", moves=["bear F1-J1"])
    turn(g, "crown pentagon", moves=["crown G4-J1"])  # joins at J1
    assert g.lines_joined()
    end_round(g)
    (line,) = g.round_scores()[0].lines
    stations = ["E7", "D7", "B5", "F1", "J1", "G4", "I4", "J4", "J5"]
    assert set(line.stations) == set(stations)
    assert set(line.districts) == {district(s) for s in stations}
    assert line.district_count == 7
    assert line.best_districts == ("Lichtenberg",)  # I4, J4, J5
    assert line.best_count == 3
    assert line.connected_bonus == 10
    assert line.score == 7 * 3 + 10 == 31
    assert g.round_scores()[0].score == 31


def test_example_k_only_bear_cards_one_line_no_bonus():
    """Example K: only the 5 Bear cards were revealed (no Crown, no Double Switch); the brown
    line passes through 4 districts with 3 stations in one: 4 x 3 = 12, and no +10 because
    the Crown start station is not connected."""
    g = new_game(pencils=["brown", "green", "pink", "blue"])
    turn(g, "bear triangle", moves=["bear E7-C5"])
    turn(g, "bear circle", moves=["bear C5-C3"])
    turn(g, "bear square", moves=["bear C3-E3"])
    turn(g, "bear joker", moves=["bear E3-F3"])
    g.reveal("bear pentagon")
    assert g.is_last_turn and g.round == 1
    g.play("bear F3-E4")  # the 5th Bear card's section is still drawn
    assert g.round == 2
    score = g.round_scores()[0]
    revealed = [c for a in g.history if isinstance(a, Reveal) for c in a.cards]
    assert len(revealed) == 5 and all(c.line is BEAR for c in revealed)
    (line,) = score.lines
    assert line.lines == ("bear",)
    assert set(line.districts) == {"Friedrichshain-Kreuzberg", "Charlottenburg-Wilmersdorf",
                                   "Spandau", "Mitte"}
    assert line.best_districts == ("Mitte",) and line.best_count == 3  # E3, F3, E4
    assert line.connected_bonus == 0 and not score.connected
    assert line.score == score.score == 4 * 3 == 12


def test_example_l_two_separate_lines_added():
    """Example L: two separate pink lines: Bear through 2 districts with 4 stations in one
    (2 x 4), Crown through 2 districts with 3 in one (2 x 3): (2 x 4) + (2 x 3) = 14."""
    g = new_game(pencils=["pink", "green", "blue", "brown"])
    turn(g, "bear circle", moves=["bear A8-A7"])
    turn(g, "crown square", moves=["crown H2-J2"])
    turn(g, "bear pentagon", moves=["bear A8-C8"])
    turn(g, "crown circle", moves=["crown J2-J4"])
    turn(g, "bear triangle", moves=["bear C8-D8"])
    turn(g, "crown pentagon", moves=["crown J4-H6"])
    turn(g, "bear square", moves=["bear D8-C9"])
    assert not g.lines_joined()
    end_round(g)
    score = g.round_scores()[0]
    bear, crown = score.lines
    assert bear.lines == ("bear",) and crown.lines == ("crown",)
    assert (bear.district_count, bear.best_count, bear.best_districts) == (
        2, 4, ("Tempelhof-Schöneberg",))  # A8 C8 D8 C9 (+ A7 in Charlottenburg-W.)
    assert (crown.district_count, crown.best_count, crown.best_districts) == (
        2, 3, ("Lichtenberg",))  # H2 J2 J4 (+ H6 in Friedrichshain-K.)
    assert bear.score == 2 * 4 and crown.score == 2 * 3
    assert bear.connected_bonus == crown.connected_bonus == 0
    assert score.score == (2 * 4) + (2 * 3) == 14


def _stations_in(counts: dict[str, int]) -> int:
    """A station bitset with ``counts[district name]`` stations of each district."""
    mask = 0
    for d in MAP.districts:
        n = counts.get(d.name, 0)
        assert n <= len(d.stations)
        for i in d.stations[:n]:
            mask |= 1 << i
    return mask


MAIN = [d.name for d in MAP.districts if d.kind == "main"]


def test_example_j_arithmetic_direct():
    """Example J with ``score_line``: 7 districts, best district 3 stations, connected:
    7 x 3 + 10 = 31."""
    stations = _stations_in({MAIN[0]: 3, **{name: 1 for name in MAIN[1:7]}})
    ls = score_line(MAP, ["bear", "crown"], stations, True)
    assert (ls.district_count, ls.best_count, ls.connected_bonus, ls.score) == (7, 3, 10, 31)
    assert ls.best_districts == (MAIN[0],)


def test_example_k_arithmetic_direct():
    """Example K with ``score_line``: 4 districts, 3 stations in the best, not connected:
    4 x 3 = 12."""
    stations = _stations_in({MAIN[1]: 3, MAIN[2]: 1, MAIN[3]: 2, MAIN[4]: 1})
    ls = score_line(MAP, ["bear"], stations, False)
    assert (ls.district_count, ls.best_count, ls.connected_bonus, ls.score) == (4, 3, 0, 12)


def test_example_l_arithmetic_direct():
    """Example L with ``score_round``: two separate lines 2 x 4 and 2 x 3 add up to 14."""
    bear = RoundLine(0, "pink", (BEAR,), _stations_in({MAIN[0]: 4, MAIN[1]: 1}), 4, False)
    crown = RoundLine(0, "pink", (CROWN,), _stations_in({MAIN[2]: 3, MAIN[3]: 1}), 3, False)
    rs = score_round(MAP, 0, "pink", [bear, crown])
    assert [ls.score for ls in rs.lines] == [8, 6]
    assert rs.score == 14 and not rs.connected
    # One connected line scores its districts x best + 10 (Example J again via score_round).
    joined = RoundLine(0, "brown", (BEAR, CROWN),
                       _stations_in({MAIN[0]: 3, **{n: 1 for n in MAIN[1:7]}}), 9, True)
    rs = score_round(MAP, 0, "brown", [joined])
    assert rs.score == 31 and rs.connected


# ---------------------------------------------------------------------------- in the docs
@pytest.mark.parametrize("name", sorted(berlin_rulebook.EXAMPLES))
def test_documented_example(name):
    """Each example function shown in docs/rules-berlin.md holds (its asserts are the rulebook's
    claims) and returns a game the docs can draw."""
    game = berlin_rulebook.EXAMPLES[name]()
    assert isinstance(game, Game)
    assert game.svg().startswith("<svg")


@pytest.mark.parametrize("name", sorted(london_guide.EXAMPLES))
def test_documented_london_figure(name):
    game = london_guide.EXAMPLES[name]()
    assert game.map.id == "london" and game.svg().startswith("<svg")


def test_every_worked_example_of_the_rulebook_is_documented():
    """A to O, each once (plus the Double Switch note)."""
    letters = {k for k in berlin_rulebook.EXAMPLES if len(k) == 1}
    assert letters == set("abcdefghijklmno")
    page = (Path(__file__).resolve().parents[1] / "docs" / "rules-berlin.md").read_text()
    for name, function in berlin_rulebook.EXAMPLES.items():
        assert f"<!-- picture: berlin {name} -->" in page, name
        assert f'"berlin_rulebook.py:{function.__name__}"' in page, name


# ---------------------------------------------------------------------------- M end to end
def test_example_m_whole_game_scores_122_on_the_engines_score_sheet():
    """Example M end to end: a whole solo game played card by card; the engine's score sheet
    gives the rulebook's every figure: 31 + 28 + 15 + 18 = 92 for the lines, 9 two-colour
    interchanges with 1 S-Bahn among them (10 stations, 20 points), 1 three-colour S-Bahn
    interchange (2 stations, 10 points), 92 + 30 = 122."""
    g = berlin_rulebook.example_m()
    sheet = g.score_sheet()
    assert sheet.final and g.is_over
    assert [r.pencil for r in sheet.rounds] == ["brown", "green", "pink", "blue"]
    assert [r.score for r in sheet.rounds] == [31, 28, 15, 18]
    assert (sheet.lines_total, sheet.interchanges_total, sheet.total) == (92, 30, 122)
    two, three, four = sheet.interchanges
    assert (len(two.stations), len(two.sbahn), two.count, two.points) == (9, 1, 10, 20)
    assert (len(three.stations), three.sbahn, three.count, three.points) == (1, ("G4",), 2, 10)
    assert (four.count, four.points) == (0, 0)
    assert sheet.tiebreak == 31
    assert sheet.assessment is not None and sheet.assessment.band == "111-130"
    # Round 1 is Example J's line, scored the same.
    (line,) = sheet.rounds[0].lines
    assert (line.district_count, line.best_count, line.connected_bonus) == (7, 3, 10)


def test_example_m_agrees_with_an_independent_count():
    """The same game recounted without the engine's scoring: round scores from the drawn
    sections alone (union-find), interchanges from the colours touching each station."""
    g = berlin_rulebook.example_m()
    assert rescore_rounds(MAP, g, 0) == [31, 28, 15, 18]
    colours: dict[int, set[int]] = {}
    for d in g.sheets[0].history:
        for s in (d.origin, d.target):
            colours.setdefault(s, set()).add(d.round)
    circled = {MAP.station(s).index for s in g.sbahn_stations()}
    by_tier = Counter()
    for s, rounds in colours.items():
        if len(rounds) >= 2:
            by_tier[len(rounds)] += 2 if s in circled else 1
    assert dict(by_tier) == {2: 10, 3: 2}
    assert 92 + 2 * by_tier[2] + 5 * by_tier[3] + 9 * by_tier[4] == g.score() == 122


# ---------------------------------------------------------------------------- N, O
def test_example_n_the_two_parallel_sections_share_their_tracks_with_green():
    g = berlin_rulebook.example_n()
    for a, b in (("G3", "J6"), ("J6", "J10")):
        section = MAP.section_between(MAP.station(a).index, MAP.station(b).index)
        assert g.sheets[0].section_pencils[section] == ("green", "pink")
    # Outside the Double tracks round the same section is refused.
    end_round(g)
    g.reveal("crown circle")
    assert g.why_illegal("crown F10-J6") is None
    g.play("crown F10-J6")
    g.reveal("crown square")
    assert g.why_illegal("crown J6-G3").reason is Reason.SECTION_TAKEN


def test_example_o_is_met_once_the_lines_are_joined():
    """Example O, the other way round: the same 3 S-Bahn stations on one connected line meet
    the objective (the rulebook's reason for refusing it was only the separate lines)."""
    g = Game.new(scenario=True, pencils=["green", "pink", "blue", "brown"],
                 modules=["objectives"], objectives=["sbahn_three_on_line", "all_districts"])
    turn(g, "bear joker", moves=["bear E1-D1"])
    turn(g, "double switch", "crown joker", moves=["bear D1-A1", "crown I8-H9"])
    for card, move in [("crown circle", "crown I8-F8"), ("crown triangle", "crown F8-F3"),
                       ("crown square", "crown F3-G3")]:
        turn(g, card, moves=[move])
    g.reveal("crown pentagon")
    g.play("crown G3-E1")
    result = g.score_sheet().objectives[0]
    assert (result.progress, result.met, result.points) == (3, True, 10)
    documented = berlin_rulebook.example_o().score_sheet().objectives[0]
    assert (documented.progress, documented.met) == (2, False)
