"""The advanced game through the API: the five Round effects, the deal, the five Objective
cards (with the rulebook's Example N and Example O) and the solo handicap.

Map notes (column A-J, row 1-10): green Bear start E1, Crown start I8; pink A8 / H2;
blue A3 / F10; brown E7 / J5. Outer districts: A1 (Reinickendorf), J1, A10, J10.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from support import SOLO, bits, end_game, end_round, turn

from nsb_widget import Game
from nsb_widget.errors import PhaseError
from nsb_widget.maps import get_map
from nsb_widget.rules.reasons import Reason
from nsb_widget.rules.setup import make_setup
from nsb_widget.rulesets.berlin import Card, Effect, Line, Module, Objective
from nsb_widget.rulesets.berlin.scoring import score_line

MAP = get_map("berlin")
BEAR, CROWN = Line.BEAR, Line.CROWN
DS = Card.double_switch()
GLIMPSE, RECURRING = Effect.GLIMPSE, Effect.RECURRING_DOUBLE_SWITCH
TRIPLE, DSTATIONS, DTRACKS = Effect.TRIPLE_OUTER, Effect.DOUBLE_STATIONS, Effect.DOUBLE_TRACKS


# ---------------------------------------------------------------------------- helpers
def with_effects(*effects: Effect, pencils=SOLO, objectives=None) -> Game:
    modules = ["effects"] + (["objectives"] if objectives else [])
    return Game.new(scenario=True, pencils=pencils, modules=modules, effects=list(effects),
                    objectives=objectives)


def with_objectives(*objectives: Objective, pencils=SOLO) -> Game:
    return Game.new(scenario=True, pencils=pencils, modules=["objectives"],
                    objectives=list(objectives))








def objective(g: Game, which: Objective):
    (result,) = [o for o in g.score_sheet().objectives if o.objective == which.value]
    return result




def parallel_flags(g: Game) -> list[tuple[str, bool]]:
    return [(MAP.section_label(d.section), d.parallel) for d in g.sheets[0].history]


# ---------------------------------------------------------------------------- Glimpse
def test_glimpse_preview_is_shown_before_drawing_and_becomes_the_next_card():
    g = with_effects(GLIMPSE, TRIPLE, DSTATIONS, DTRACKS)
    assert g.effect is GLIMPSE
    taken = g.reveal("bear square", "crown circle")
    assert taken == (Card.parse("bear square"), Card.parse("crown circle"))
    assert g.cards == (Card.parse("bear square"),)
    assert g.preview == Card.parse("crown circle")
    # The preview is not yet this turn's card: it does not count toward the 5.
    assert g.line_cards_revealed == {BEAR: 1, CROWN: 0}
    assert g.open_lines() == (BEAR,)
    g.play("bear E1-G3")
    # Next turn: the preview is the card; only the new preview is named.
    assert g.reveal("bear triangle") == (Card.parse("bear triangle"),)
    assert g.cards == (Card.parse("crown circle"),)
    assert g.preview == Card.parse("bear triangle")
    assert g.line_cards_revealed == {BEAR: 1, CROWN: 1}
    g.play("crown I8-H9")


def test_glimpse_no_preview_on_the_last_turn():
    g = with_effects(GLIMPSE, TRIPLE, DSTATIONS, DTRACKS)
    turn(g, "bear square", "bear triangle")
    for nxt in ("bear pentagon", "bear circle", "bear joker"):
        turn(g, nxt)
    assert g.preview == Card.parse("bear joker") and g.turn == 4
    assert not g.is_last_turn  # a previewed 5th Bear card does not end the round yet
    # The 5th Bear card (the last preview) becomes this turn's card: nothing more is shown.
    with pytest.raises(PhaseError):
        g.reveal("crown square")
    assert g.turn == 4  # the refused reveal changed nothing
    g.reveal()
    assert g.cards == (Card.parse("bear joker"),) and g.is_last_turn
    assert g.preview is None
    g.play("bear E1-D2")
    assert g.round == 2 and g.effect is TRIPLE and g.preview is None


def test_glimpse_double_switch_as_preview():
    g = with_effects(GLIMPSE, TRIPLE, DSTATIONS, DTRACKS)
    turn(g, "bear square", "double switch")
    assert g.preview == DS
    g.reveal("crown circle", "bear triangle")  # the Switch's symbol card, then the preview
    assert g.cards == (DS, Card.parse("crown circle"))
    assert g.preview == Card.parse("bear triangle")
    assert g.open_lines() == (BEAR, CROWN)


def test_glimpse_seeded_preview_is_the_next_turns_card():
    for seed in range(30):
        g = Game.new(seed=seed, modules=["effects"],
                     effects=[GLIMPSE, TRIPLE, DSTATIONS, DTRACKS])
        seen = []
        while g.round == 1:
            g.reveal()
            if seen and seen[-1] is not None:
                assert g.cards[0] == seen[-1]
            seen.append(g.preview)
            assert (g.preview is None) == g.is_last_turn
            g.pass_turn()
        g.reveal()
        assert g.preview is None  # round 2 has no Glimpse


# ---------------------------------------------------------------------------- Recurring DS
def test_recurring_double_switch_goes_back_once_scenario():
    g = with_effects(RECURRING, TRIPLE, DSTATIONS, DTRACKS)
    g.reveal("double switch", "bear square")
    assert DS not in g.stack
    g.play("bear E1-G3")
    assert DS not in g.stack  # not while the turn is on
    g.pass_turn()  # no Crown section this time
    assert DS in g.stack  # shuffled back at the end of the turn
    turn(g, "double switch", "bear triangle", moves=["bear G3-H2"])
    assert DS not in g.stack  # not a second time
    with pytest.raises(PhaseError):
        g.reveal("double switch", "bear pentagon")
    # Round 2 has another effect: the Double Switch comes once only.
    end_round(g)
    assert g.effect is TRIPLE
    turn(g, "double switch", "bear square")
    assert DS not in g.stack
    with pytest.raises(PhaseError):
        g.reveal("double switch", "bear circle")


def test_recurring_double_switch_seeded():
    twice, gaps = 0, set()
    for seed in range(150):
        g = Game.new(seed=seed, modules=["effects"], effects=[RECURRING, TRIPLE, DSTATIONS,
                                                               DTRACKS])
        ds_turns = []
        while g.round == 1:
            g.reveal()
            if g.is_double_switch:
                ds_turns.append(g.turn)
            last = g.is_last_turn
            g.pass_turn()
            if len(ds_turns) == 1 and g.turn == ds_turns[0] and not last:
                assert DS in g.stack
        assert len(ds_turns) <= 2
        cards = [c for t in g.history if hasattr(t, "cards") for c in t.cards]
        assert all(n == 1 for c, n in Counter(cards).items() if c != DS)
        if len(ds_turns) == 2:
            twice += 1
            gaps.add(ds_turns[1] - ds_turns[0])
        # Round 2 (Triple outer): the Double Switch at most once.
        n = 0
        while g.round == 2:
            g.reveal()
            n += g.is_double_switch
            g.pass_turn()
        assert n <= 1
    assert twice > 10 and len(gaps) > 2  # it does come back, at varying depths


# ---------------------------------------------------------------------------- Triple outer
def test_triple_outer_districts_this_round_only():
    g = with_effects(TRIPLE, RECURRING, DSTATIONS, DTRACKS,
                     objectives=[Objective.ALL_DISTRICTS, Objective.SBAHN_SIX_DISTRICTS])
    turn(g, "bear square", moves=["bear E1-D1"])
    turn(g, "bear circle", moves=["bear D1-A1"])  # A1: Reinickendorf, an outer district
    end_round(g)
    (line,) = g.round_scores()[0].lines
    assert line.outer_districts == ("Reinickendorf",)
    assert line.district_count == 1 + 3
    assert line.best_count == 2 and line.score == 4 * 2
    # Objectives count real districts: Pankow and Reinickendorf.
    assert objective(g, Objective.ALL_DISTRICTS).progress == 2
    # Round 2 (Recurring Double Switch): an outer district counts 1.
    turn(g, "bear circle", moves=["bear A8-A10"])  # A10: Steglitz-Zehlendorf, outer
    end_round(g)
    (line,) = g.round_scores()[1].lines
    assert line.outer_districts == ("Steglitz-Zehlendorf",)
    assert line.district_count == 2 and line.score == 2 * 1
    # Round 1 is not rescored.
    assert g.round_scores()[0].score == 8


def test_triple_outer_direct():
    stations = bits("E1", "D1", "A1")
    assert score_line(MAP, ["bear"], stations, False).score == 2 * 2
    tripled = score_line(MAP, ["bear"], stations, False, triple_outer=True)
    assert tripled.district_count == 4 and tripled.score == 4 * 2
    two_outer = score_line(MAP, ["bear", "crown"], bits("A1", "A2", "A10", "A8"), True,
                           triple_outer=True)
    assert two_outer.district_count == 3 + 3 + 1 + 1 and two_outer.score == 8 * 1 + 10


# ---------------------------------------------------------------------------- Double stations
def test_double_stations_doubles_the_better_of_two_separate_lines():
    g = with_effects(DSTATIONS, TRIPLE, RECURRING, DTRACKS,
                     pencils=["pink", "green", "blue", "brown"])
    # Example L's lines: Bear 2 districts x 4, Crown 2 districts x 3.
    turn(g, "bear circle", moves=["bear A8-A7"])
    turn(g, "crown square", moves=["crown H2-J2"])
    turn(g, "bear pentagon", moves=["bear A8-C8"])
    turn(g, "crown circle", moves=["crown J2-J4"])
    turn(g, "bear triangle", moves=["bear C8-D8"])
    turn(g, "crown pentagon", moves=["crown J4-H6"])
    turn(g, "bear square", moves=["bear D8-C9"])
    end_round(g)
    bear, crown = g.round_scores()[0].lines
    assert (bear.station_multiplier, bear.station_count, bear.score) == (2, 8, 2 * 8)
    assert (crown.station_multiplier, crown.station_count, crown.score) == (1, 3, 2 * 3)
    assert g.round_scores()[0].score == 22  # not 2 x 4 + 2 x 6 = 20
    # Round 2 (Triple outer): no doubling.
    turn(g, "bear square", moves=["bear E1-D1"])
    end_round(g)
    (line,) = g.round_scores()[1].lines
    assert line.station_multiplier == 1 and line.score == 1 * 2


def test_double_stations_goes_to_the_crown_line_when_that_gains_more():
    g = with_effects(DSTATIONS, TRIPLE, RECURRING, DTRACKS,
                     pencils=["pink", "green", "blue", "brown"])
    turn(g, "bear circle", moves=["bear A8-A7"])  # 2 districts x 1
    turn(g, "crown square", moves=["crown H2-J2"])
    turn(g, "crown circle", moves=["crown J2-J4"])  # 1 district x 3
    end_round(g)
    bear, crown = g.round_scores()[0].lines
    assert bear.station_multiplier == 1 and crown.station_multiplier == 2
    assert g.round_scores()[0].score == 2 * 1 + 1 * 6  # 8, better than 2 * 2 + 1 * 3 = 7


def test_double_stations_single_connected_line():
    g = with_effects(DSTATIONS, TRIPLE, RECURRING, DTRACKS)
    for card, sec in [("crown circle", "I8-F8"), ("crown triangle", "F8-F3"),
                      ("crown square", "F3-G3"), ("crown pentagon", "G3-E1")]:
        turn(g, card, moves=[f"crown {sec}"])
    end_round(g)
    (line,) = g.round_scores()[0].lines
    # 4 districts x (2 Mitte stations doubled) + 10.
    assert (line.district_count, line.station_count, line.score) == (4, 4, 4 * 4 + 10)


# ---------------------------------------------------------------------------- Double tracks
def example_n_game() -> Game:
    """Round 1 green: Bear E1-G3-J6-J10. Round 2 pink with Double tracks: Crown H2-G3, then two
    sections parallel to the green line: G3-J6 and J6-J10."""
    g = with_effects(RECURRING, DTRACKS, TRIPLE, DSTATIONS)
    turn(g, "bear square", moves=["bear E1-G3"])
    turn(g, "bear circle", moves=["bear G3-J6"])
    turn(g, "bear triangle", moves=["bear J6-J10"])
    end_round(g)
    assert g.effect is DTRACKS and g.pencil() == "pink"
    turn(g, "crown square", moves=["crown H2-G3"])
    return g


def test_example_n_two_sections_parallel_to_the_green_line():
    """Example N: with Double tracks, the pink lines are drawn parallel to the existing green
    line on 2 turns."""
    g = example_n_game()
    g.reveal("crown circle")
    assert g.why_illegal("crown G3-J6") is None
    g.play("crown G3-J6")
    g.reveal("crown triangle")
    assert g.why_illegal("crown J6-J10") is None
    g.play("crown J6-J10")
    assert parallel_flags(g)[-3:] == [("H2-G3", False), ("G3-J6", True), ("J6-J10", True)]
    assert g.sheets[0].section_pencils[MAP.section_between(
        MAP.station("G3").index, MAP.station("J6").index)] == ("green", "pink")
    assert set(g.score_sheet().interchanges[0].stations) == {"G3", "J6", "J10"}
    end_round(g)
    (line,) = g.round_scores()[1].lines
    assert line.score == 3 * 2  # H2 J6 (Lichtenberg), G3 (Mitte), J10 (outer)


def test_double_tracks_never_parallel_to_the_same_colour():
    """A line can never run parallel to itself (nor Bear beside Crown of one colour): every such
    section joins two stations already on the line, so it is refused."""
    g = example_n_game()
    turn(g, "crown circle", moves=["crown G3-J6"])  # parallel to green: fine
    # Through a Double Switch any station of the line may be used: still no track beside pink.
    g.reveal("double switch", "bear joker")
    assert g.why_illegal("crown J6-G3").reason is Reason.LOOP
    assert g.why_illegal("crown G3-H2").reason is Reason.LOOP
    pencil = g.pencil()
    assert g.legal_moves()
    for m in g.legal_moves():
        s = MAP.section_between(MAP.station(m.origin).index, MAP.station(m.target).index)
        assert pencil not in g.sheets[0].section_pencils.get(s, ()), m


def test_double_tracks_crossing_still_forbidden():
    g = example_n_game()
    turn(g, "crown pentagon", moves=["crown G3-G2"])
    g.reveal("crown triangle")
    assert g.why_illegal("crown G2-D2").reason is Reason.CROSSES


def test_double_tracks_at_most_one_parallel_and_only_in_its_round():
    g = example_n_game()
    turn(g, "crown circle", moves=["crown G3-J6"])
    end_round(g)
    assert g.effect is TRIPLE and g.pencil() == "blue"
    turn(g, "crown circle", moves=["crown F10-J6"])
    g.reveal("crown square")
    why = g.why_illegal("crown J6-G3")  # green and pink already run there
    assert why.reason is Reason.SECTION_TAKEN
    assert "green" in why.message and "pink" in why.message
    g.pass_turn()
    g.reveal("crown triangle")
    assert g.why_illegal("crown J6-J10").reason is Reason.SECTION_TAKEN  # green + pink too


def test_double_tracks_without_the_effect_is_section_taken():
    g = with_effects(RECURRING, TRIPLE, DTRACKS, DSTATIONS)
    turn(g, "bear square", moves=["bear E1-G3"])
    end_round(g)
    assert g.effect is TRIPLE
    turn(g, "crown square", moves=["crown H2-G3"])
    g.reveal("crown pentagon")
    assert g.why_illegal("crown G3-E1").reason is Reason.SECTION_TAKEN


def test_double_tracks_legal_moves_over_seeded_games():
    """In seeded games: a legal move runs along a drawn section only in the Double tracks round,
    only beside one track, and never beside the current colour."""
    parallels = 0
    for seed in range(12):
        g = Game.new(seed=seed, modules=["effects"], effects=[RECURRING, DTRACKS, TRIPLE,
                                                               DSTATIONS])
        rng = random.Random(seed)
        sheet = g.sheets[0]
        while not g.is_over:
            g.reveal()
            while not g.has_finished_turn():
                moves = g.legal_moves()
                for m in moves:
                    s = MAP.section_between(MAP.station(m.origin).index,
                                            MAP.station(m.target).index)
                    on = sheet.section_pencils.get(s, ())
                    if on:
                        assert g.effect is DTRACKS and len(on) == 1 and g.pencil() not in on
                        parallels += 1
                if moves and rng.random() < 0.9:
                    g.play(rng.choice(sorted(moves, key=str)))
                else:
                    g.pass_turn()
    assert parallels > 0


# ---------------------------------------------------------------------------- the deal
def test_effect_deal_four_of_five_double_tracks_never_first():
    where = Counter()
    left_out = Counter()
    n = 3000
    for seed in range(n):
        effects = make_setup(MAP, 1, seed, modules=["effects"]).effects
        assert len(effects) == 4 and len(set(effects)) == 4
        assert effects[0] is not DTRACKS
        where.update(i for i, e in enumerate(effects) if e is DTRACKS)
        left_out.update(set(Effect) - set(effects))
    assert where[0] == 0
    # Dealt 4 times in 5; when dealt first it swaps with a random other round:
    # P(round k) = 1/5 + 1/15 = 4/15 for k = 2, 3, 4.
    for k in (1, 2, 3):
        assert 0.23 < where[k] / n < 0.31
    assert set(left_out) == set(Effect)


def test_double_tracks_cannot_be_chosen_for_round_one():
    with pytest.raises(ValueError):
        with_effects(DTRACKS, GLIMPSE, TRIPLE, DSTATIONS)
    with pytest.raises(ValueError):
        with_effects(GLIMPSE, GLIMPSE, TRIPLE, DSTATIONS)


def test_objective_deal_two_of_five():
    seen = Counter()
    for seed in range(300):
        objs = make_setup(MAP, 1, seed, modules=["objectives"]).objectives
        assert len(objs) == 2 and objs[0] != objs[1]
        seen.update(objs)
    assert set(seen) == set(Objective)
    g = Game.new(seed=1)
    assert g.score_sheet().objectives == () and g.score_sheet().objectives_total == 0


# ---------------------------------------------------------------------------- Objectives
def test_objective_all_stations_of_two_main_districts():
    g = with_objectives(Objective.ALL_STATIONS_TWO_MAIN, Objective.ALL_DISTRICTS)
    # Bear: all 5 stations of Pankow (D1 E1 F1 D2 G2).
    turn(g, "bear square", moves=["bear E1-D1"])
    turn(g, "bear triangle", moves=["bear D1-D2"])
    turn(g, "bear pentagon", moves=["bear D2-G2"])
    assert objective(g, Objective.ALL_STATIONS_TWO_MAIN).progress == 0
    turn(g, "bear circle", moves=["bear G2-F1"])
    result = objective(g, Objective.ALL_STATIONS_TWO_MAIN)
    assert (result.progress, result.met, result.points) == (1, False, 0)
    # Crown: all 5 stations of Neukoelln (I8 F9 H9 I9 I10).
    turn(g, "crown pentagon", moves=["crown I8-I9"])
    turn(g, "crown square", moves=["crown I9-I10"])
    turn(g, "crown circle", moves=["crown I10-H9"])
    turn(g, "crown triangle", moves=["crown H9-F9"])
    result = objective(g, Objective.ALL_STATIONS_TWO_MAIN)
    assert (result.progress, result.target, result.met, result.points) == (2, 2, True, 10)
    end_game(g)
    sheet = g.score_sheet()
    assert sheet.lines_total == 1 * 5 + 1 * 5
    assert sheet.objectives_total == 10
    assert sheet.total == 10 + 0 + 10


def test_objective_all_twelve_districts():
    g = with_objectives(Objective.ALL_DISTRICTS, Objective.INTERCHANGE_TWO_OUTER)
    rounds = [
        [("bear square", "E1-D1"), ("bear circle", "D1-A1")],  # Pankow, Reinickendorf
        [("bear circle", "A8-A10"), ("crown square", "H2-J2"),  # Tempelhof-S., Steglitz-Z.,
         ("crown pentagon", "J2-J1")],  # Lichtenberg, Marzahn-Hellersdorf
        [("bear square", "A3-A2"), ("crown square", "F10-I10"),  # Spandau, Neukoelln,
         ("crown triangle", "I10-J10")],  # Treptow-Koepenick
        [("bear triangle", "E7-C5"), ("crown square", "J5-I4"),  # Friedrichshain-K., Charl.-W.
         ("crown circle", "I4-G4")],  # Mitte
    ]
    progress = []
    for moves in rounds:
        for card, sec in moves:
            turn(g, card, moves=[f"{card.split()[0]} {sec}"])
        end_round(g)
        progress.append(objective(g, Objective.ALL_DISTRICTS).progress)
    # Round 1 leaves the Crown start I8 (Neukoelln) untouched: it does not count.
    assert progress == [2, 6, 9, 12]
    assert g.is_over
    result = objective(g, Objective.ALL_DISTRICTS)
    assert result.met and result.points == 10 and result.target == 12
    assert objective(g, Objective.INTERCHANGE_TWO_OUTER).points == 0
    assert g.score_sheet().objectives_total == 10


def test_objective_interchange_in_two_outer_districts():
    g = with_objectives(Objective.INTERCHANGE_TWO_OUTER, Objective.SBAHN_SIX_DISTRICTS)
    turn(g, "bear square", moves=["bear E1-D1"])
    turn(g, "bear circle", moves=["bear D1-A1"])  # green at A1
    end_round(g)
    end_round(g)  # pink draws nothing
    assert objective(g, Objective.INTERCHANGE_TWO_OUTER).progress == 0
    turn(g, "bear square", moves=["bear A3-A2"])
    turn(g, "bear circle", moves=["bear A2-A1"])  # blue at A1: interchange
    turn(g, "crown square", moves=["crown F10-I10"])
    turn(g, "crown triangle", moves=["crown I10-J10"])  # blue at J10
    end_round(g)
    result = objective(g, Objective.INTERCHANGE_TWO_OUTER)
    assert (result.progress, result.met) == (1, False)
    turn(g, "crown circle", moves=["crown J5-J6"])
    turn(g, "crown triangle", moves=["crown J6-J10"])  # brown at J10: interchange
    end_round(g)
    result = objective(g, Objective.INTERCHANGE_TWO_OUTER)
    assert (result.progress, result.met, result.points) == (2, True, 10)
    assert g.score_sheet().interchanges[0].stations == ("A1", "J10")


def test_objective_sbahn_stations_in_six_districts():
    g = with_objectives(Objective.SBAHN_SIX_DISTRICTS, Objective.SBAHN_THREE_ON_LINE)
    turn(g, "bear joker", moves=["bear E1-D1"])  # Pankow
    turn(g, "double switch", "crown joker",
         moves=["bear D1-A1", "crown I8-H9"])  # Reinickendorf, Neukoelln
    end_round(g)
    result = objective(g, Objective.SBAHN_SIX_DISTRICTS)
    assert (result.progress, result.met) == (3, False)
    turn(g, "bear joker", moves=["bear A8-A7"])  # Charlottenburg-W.
    turn(g, "double switch", "crown joker",
         moves=["bear A8-A10", "crown H2-J2"])  # Steglitz-Z., Lichtenberg
    result = objective(g, Objective.SBAHN_SIX_DISTRICTS)
    assert (result.progress, result.target, result.met, result.points) == (6, 6, True, 10)
    assert len(g.sbahn_stations()) == 6


def _example_o_start() -> Game:
    g = with_objectives(Objective.SBAHN_THREE_ON_LINE, Objective.ALL_DISTRICTS)
    turn(g, "bear joker", moves=["bear E1-D1"])
    turn(g, "double switch", "crown joker", moves=["bear D1-A1", "crown I8-H9"])
    assert set(g.sbahn_stations()) == {"D1", "A1", "H9"}
    return g


def test_example_o_three_sbahn_on_separate_lines_is_not_met():
    """Example O: 2 S-Bahn stations on the green Bear line and 1 on the green Crown line; the
    lines are not connected: the objective is not completed."""
    g = _example_o_start()
    end_round(g)
    assert not g.round_scores()[0].connected
    result = objective(g, Objective.SBAHN_THREE_ON_LINE)
    assert (result.progress, result.met, result.points) == (2, False, 0)


def test_example_o_three_sbahn_on_joined_line_is_met():
    """Example O, continued: once the Bear and Crown lines are connected, the 3 S-Bahn
    stations are on 1 continuous line: the objective is completed."""
    g = _example_o_start()
    turn(g, "crown circle", moves=["crown I8-F8"])
    turn(g, "crown triangle", moves=["crown F8-F3"])
    turn(g, "crown square", moves=["crown F3-G3"])
    g.reveal("crown pentagon")  # the 5th Crown card: the last section is still drawn
    assert g.is_last_turn
    g.play("crown G3-E1")
    assert g.round == 2 and g.round_scores()[0].connected
    result = objective(g, Objective.SBAHN_THREE_ON_LINE)
    assert (result.progress, result.target, result.met, result.points) == (3, 3, True, 10)


# ---------------------------------------------------------------------------- solo handicap
@pytest.mark.parametrize("modules, minus", [
    (["objectives"], 10), (["effects"], 25), (["effects", "objectives"], 35), ([], 0),
])
def test_solo_handicap_on_the_final_assessment(modules, minus):
    g = Game.new(seed=4, modules=modules)
    end_game(g)
    a = g.score_sheet().assessment
    assert a is not None and a.handicap == minus
    assert a.rated_score == g.score() - minus
    assert a.band == "0-70"
    assert set(g.setup.modules) == {Module(m) for m in modules}


def test_solo_handicap_with_a_met_objective():
    g = with_objectives(Objective.ALL_STATIONS_TWO_MAIN, Objective.ALL_DISTRICTS)
    for card, sec in [("bear square", "E1-D1"), ("bear triangle", "D1-D2"),
                      ("bear pentagon", "D2-G2"), ("bear circle", "G2-F1"),
                      ("crown pentagon", "I8-I9"), ("crown square", "I9-I10"),
                      ("crown circle", "I10-H9"), ("crown triangle", "H9-F9")]:
        turn(g, card, moves=[f"{card.split()[0]} {sec}"])
    end_game(g)
    sheet = g.score_sheet()
    assert sheet.total == 10 + 10
    assert sheet.assessment.handicap == 10
    assert sheet.assessment.rated_score == 10


def test_sbahn_three_on_line_progress_counts_the_current_round():
    """The objective's progress follows the line being drawn, not only finished rounds."""
    g = _example_o_start()
    assert g.round == 1 and not g.is_last_turn
    result = objective(g, Objective.SBAHN_THREE_ON_LINE)
    assert result.progress == 2 and not result.met


@pytest.mark.parametrize(("cards", "message"), [
    ({"modules": ["effects"], "effects": ["glimps"]},
     "effects: 'glimps' is not a card id (did you mean 'glimpse'?); the ids are glimpse, "
     "recurring_double_switch, triple_outer, double_stations, double_tracks"),
    ({"modules": ["objectives"], "objectives": ["xx", "yy"]},
     "objectives: 'xx' is not a card id; the ids are all_stations_two_main, all_districts, "
     "interchange_two_outer, sbahn_six_districts, sbahn_three_on_line"),
    ({"map": "london", "modules": ["objectives"], "objectives": ["thames_6", "all_districts"]},
     "objectives: 'thames_6' is not a card id (did you mean 'thames_six'?); the ids are "
     "eight_interchanges, all_districts, all_tourist_sites, central_district, thames_six"),
    ({"map": "london", "modules": ["powers"], "powers": ["Jokr", "double", "switch", "circle"]},
     "powers: 'Jokr' is not a card id (did you mean 'joker'?); the ids are double, joker, "
     "switch, circle"),
])
def test_a_misspelt_card_id_is_refused_with_the_ids(cards, message):
    from nsb_widget.errors import ArgumentError, UnknownNameError

    with pytest.raises(UnknownNameError) as info:
        Game.new(seed=1, **cards)
    assert str(info.value) == message
    assert isinstance(info.value, ArgumentError | ValueError)


def test_the_rules_pages_list_every_module_card_id():
    """docs/rules-berlin.md and docs/rules-london.md name the ids effects=, objectives= and
    powers= take."""
    from pathlib import Path

    from nsb_widget.rulesets.london.modules import LondonObjective, Power

    docs = Path(__file__).resolve().parents[1] / "docs"
    for page, kinds in (("rules-berlin.md", (Effect, Objective)),
                        ("rules-london.md", (LondonObjective, Power))):
        text = (docs / page).read_text(encoding="utf-8")
        missing = [card.value for kind in kinds for card in kind if f"`{card.value}`" not in text]
        assert not missing, (page, missing)
