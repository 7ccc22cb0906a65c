"""Next Station: London: the guides' worked figures, every construction rule, the switch, the
round end, scoring, the tourist track, interchanges, objectives, pencil powers and solo mode.

Each reading chosen where the guides are silent is listed in docs/rules.md with the test that
pins it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nsb_widget import (
    Game,
    IllegalMoveError,
    MapError,
    Move,
    NotationError,
    PhaseError,
    Reason,
)
from nsb_widget.maps import get_map, load_map
from nsb_widget.rulesets.london import LONDON_DECK, LondonCard, Power

PENCILS = ["green", "pink", "purple", "blue"]
DATA = Path(__file__).parent / "data"


def london(**options: object) -> Game:
    """A London scenario game: the cards are named by hand."""
    options.setdefault("pencils", PENCILS)
    return Game.new(map="london", scenario=True, **options)  # type: ignore[arg-type]


def replay_script(game: Game, script: list[str], player: int = 0) -> None:
    """Run a compact script: ``"+card, card"`` reveals, ``"pass"``, ``"power circle F4"``,
    else a move."""
    for step in script:
        if step.startswith("+"):
            game.reveal(*[c.strip() for c in step[1:].split(",")])
        elif step == "pass":
            game.pass_turn(player)
        elif step.startswith("power "):
            _, power, *station = step.split()
            game.use_power(power, station[0] if station else None, player)
        else:
            game.play(step, player)


def pass_round(game: Game) -> None:
    """Reveal underground cards, everyone passing, until the round ends."""
    current = game.round
    while not game.is_over and game.round == current:
        card = next(c for c in game.stack if c.underground)
        game.reveal(card)
        for p in game.waiting_for():
            game.pass_turn(p)


# The first round of a solo game (green pencil): a line through 6 districts with at most 3
# stations in one of them, crossing the Thames once (G4-J7), the 10th turn a switch.
ROUND_20 = ["+street joker", "D3-D2", "+underground square", "D3-G3",
            "+underground pentagon", "D2-B2", "+street square", "G3-F4", "+street pentagon",
            "B2-A1", "+underground circle", "F4-G4", "+street triangle", "G4-J7",
            "+underground triangle", "J7-H7", "+street circle", "H7-E10",
            "+switch, underground joker", "D3-E4"]

# A whole solo game: rounds 25 + 15 + 16 + 31 = 87, seven tourist visits (14) and nine
# stations where two colours meet (18): 119.
GAME_119 = ["+street triangle", "C6-E4", "+underground circle", "E4-F4", "+street square",
            "C6-C5", "+underground pentagon", "C5-C4", "+street circle", "F4-G4",
            "+switch, street joker", "G4-G7", "+street pentagon", "G7-F8",
            "+underground triangle", "C4-B5", "+underground joker", "F8-F10",
            "+underground square", "B5-A4",
            "+street triangle", "D3-B1", "+underground joker", "B1-C1", "+street pentagon",
            "D3-C4", "+underground square", "C4-A4", "+switch, street circle", "D3-F1",
            "+street joker", "A4-A3", "+underground triangle", "F1-H1", "+underground circle",
            "H1-J1", "+underground pentagon", "J1-J2",
            "+street joker", "F8-F5", "+underground circle", "F5-E6", "+underground square",
            "E6-C6", "+switch, street circle", "F5-F4", "+underground pentagon", "F8-D10",
            "+street triangle", "C6-B5", "+underground triangle", "pass",
            "+street square", "F4-G3", "+underground joker", "G3-G2", "+street joker", "H4-G4",
            "+street square", "G4-I2", "+underground square", "H4-J4", "+street triangle",
            "I2-H1", "+underground triangle", "J4-J7", "+underground joker", "J7-I8",
            "+street pentagon", "I8-I5", "+street circle", "I5-H6", "+underground circle",
            "pass", "+underground pentagon", "H1-G2"]


# ---------------------------------------------------------------------------- guide figures
def test_guide_round_score_6_districts_x_3_stations_plus_one_thames_crossing_is_20():
    g = london()
    replay_script(g, ROUND_20)
    assert g.round == 2
    (rs,) = g.round_scores()
    (line,) = rs.lines
    assert (line.district_count, line.best_count) == (6, 3)
    (thames,) = line.bonuses
    assert (thames.id, thames.count, thames.points, thames.sections) == ("thames", 1, 2,
                                                                        ("G4-J7",))
    assert rs.score == line.score == 20
    assert rs.tourist_sites == ("F4", "J7", "E10")


def test_guide_circled_station_makes_it_6_x_4_plus_2_is_26():
    g = london(modules=["powers"], powers=["circle", "joker", "double", "switch"])
    assert g.power() is Power.CIRCLE
    replay_script(g, [*ROUND_20[:8], "power circle F4", *ROUND_20[8:]])
    (line,) = g.round_scores()[0].lines
    assert (line.district_count, line.best_count, line.doubled_stations) == (6, 4, ("F4",))
    assert line.score == 26
    assert g.circled_stations() == ["F4"]


def test_guide_final_87_plus_14_tourist_plus_18_interchanges_is_119():
    g = london(pencils=["purple", "green", "blue", "pink"])
    replay_script(g, GAME_119)
    assert g.is_over
    sheet = g.score_sheet()
    assert [r.score for r in sheet.rounds] == [25, 15, 16, 31]
    assert sheet.lines_total == 87
    (track,) = sheet.tracks
    assert (track.count, track.points) == (7, 14)
    two, three, four = sheet.interchanges
    assert (two.count, two.points, three.count, four.count) == (9, 18, 0, 0)
    assert sheet.total == 119
    assert sheet.assessment is not None and sheet.assessment.band == "106-120"


# ---------------------------------------------------------------------------- the sheet, cards
def test_the_deck_has_11_cards_and_cards_read_back():
    assert len(LONDON_DECK) == 11
    assert sum(c.underground for c in LONDON_DECK) == 5
    assert [str(c) for c in LONDON_DECK if c.switch] == ["switch"]
    for card in LONDON_DECK:
        assert LondonCard.parse(str(card)) == card
    with pytest.raises(NotationError, match="underground"):
        LondonCard.parse("bear square")
    with pytest.raises(NotationError):
        LondonCard.parse("underground any")


def test_a_map_asking_for_an_unknown_ruleset_is_a_clear_map_error():
    doc = json.loads(json.dumps(get_map("london").source))
    doc["ruleset"] = "paris"
    with pytest.raises(MapError, match="unknown ruleset 'paris'; known rulesets: berlin, london"):
        Game.new(map=load_map(doc))


def test_a_berlin_sheet_marked_london_is_refused_not_played_as_berlin():
    doc = json.loads(json.dumps(get_map("berlin").source))
    doc["ruleset"] = "london"
    with pytest.raises(MapError, match="lines"):
        Game.new(map=load_map(doc))


# ---------------------------------------------------------------------------- construction
def test_moves_name_no_line_and_the_first_section_leaves_the_departure_station():
    g = london()
    g.reveal("underground triangle")
    assert g.line_ends() == ["D3"]
    moves = g.legal_moves()
    assert moves and all(m.line is None and m.origin == "D3" for m in moves)
    assert str(moves[0]) == f"{moves[0].origin}-{moves[0].target}"
    with pytest.raises(NotationError, match="unknown line 'bear'"):
        g.play("bear D3-B1")
    assert g.why_illegal("D3-B1") is None  # B1 is a triangle
    assert g.play("line D3-B1") == Move(None, "D3", "B1")  # the line's id may be written


@pytest.mark.parametrize("symbol", ["square", "triangle", "pentagon", "circle"])
def test_the_central_station_matches_every_card(symbol):
    g = london()
    replay_script(g, ["+street triangle", "D3-E4", f"+underground {symbol}"])
    assert g.why_illegal("E4-F4") is None
    assert "E4-F4" in {str(m) for m in g.legal_moves()}


def refused(g: Game, move: str, reason: Reason) -> str:
    """Check that ``move`` is refused for ``reason`` and leaves the game as it was."""
    before = g.to_json()
    problem = g.why_illegal(move)
    assert problem is not None and problem.reason is reason, (move, problem)
    with pytest.raises(IllegalMoveError) as err:
        g.play(move)
    assert err.value.reason is reason
    assert g.to_json() == before
    return problem.message


def test_construction_refusals_name_the_rule_and_change_nothing():
    g = london()
    replay_script(g, ["+street triangle", "D3-E4", "+street square"])
    assert "the card shows a square; B1 is a triangle" in refused(g, "D3-B1",
                                                                   Reason.WRONG_SYMBOL)
    refused(g, "E4-G3", Reason.NOT_STRAIGHT)
    assert "passes through E4" in refused(g, "D3-F5", Reason.THROUGH_STATION)
    g.play("D3-D2")
    g.reveal("street circle")
    assert "not an end of your green line" in refused(g, "D3-F1", Reason.NOT_AN_END)
    g.pass_turn()
    g.reveal("street joker")
    refused(g, "E4-D3", Reason.LOOP)
    refused(g, "E4-E4", Reason.SAME_STATION)
    refused(g, "E4-Z9", Reason.UNKNOWN_STATION)


def test_a_later_colour_may_not_cross_or_reuse_an_earlier_section():
    g = london()
    replay_script(g, ["+underground pentagon", "D3-D7", "+street pentagon", "D3-C4"])
    pass_round(g)
    pass_round(g)
    assert g.pencil() == "purple"
    g.reveal("street triangle")
    assert "crosses the green section D3-D7" in refused(g, "C6-E4", Reason.CROSSES)
    g.pass_turn()
    replay_script(g, ["+street square", "C6-C5", "+underground pentagon", "C5-C4",
                      "+underground triangle"])
    assert "green section D3-C4 is already drawn" in refused(g, "C4-D3", Reason.SECTION_TAKEN)


def test_passing_is_always_allowed_even_on_the_last_card():
    g = london()
    for card in ("underground square", "underground circle", "underground pentagon",
                 "underground triangle"):
        g.reveal(card)
        assert g.legal_moves()
        g.pass_turn()
    g.reveal("underground joker")
    assert g.is_last_turn and g.legal_moves()
    g.pass_turn()
    assert g.round == 2


# ---------------------------------------------------------------------------- the switch
def test_the_switch_brings_the_next_card_which_sets_the_symbol_and_counts():
    g = london()
    g.reveal("street square")
    g.pass_turn()
    g.reveal("street circle")
    g.pass_turn()
    g.reveal("switch", "underground joker")
    assert [str(c) for c in g.cards] == ["switch", "underground joker"]
    assert g.line_cards_revealed == {"underground": 1, "street": 3}
    assert g.is_double_switch
    with pytest.raises(PhaseError):
        g.reveal("switch")  # already revealed: nothing to reveal during the draw phase


@pytest.mark.parametrize("turn", [1, 2])
def test_a_switch_on_the_first_or_second_turn_is_ignored(turn):
    g = london()
    replay_script(g, ["+street triangle", "D3-E4"][: 2 * (turn - 1)])
    g.reveal("switch", "street square")
    assert not g.is_double_switch
    ends = set(g.line_ends())
    assert {m.origin for m in g.legal_moves()} <= ends


def test_from_the_third_turn_the_switch_section_may_start_at_any_station_of_the_line():
    g = london()
    replay_script(g, ["+street triangle", "D3-E4", "+street square", "E4-F5"])
    assert g.line_ends() == ["D3", "F5"]
    g.reveal("switch", "underground pentagon")
    assert g.is_double_switch
    assert "E4-C4" in {str(m) for m in g.legal_moves()}  # from the middle station
    g.play("E4-C4")
    assert sorted(g.line_ends()) == ["C4", "D3", "F5"]  # a branch: three leaves


def test_the_round_ends_after_the_fifth_underground_card_even_with_the_switch():
    g = london()
    for card in ("underground square", "underground circle", "underground pentagon",
                 "underground triangle"):
        g.reveal(card)
        g.pass_turn()
    g.reveal("switch", "underground joker")
    assert g.is_last_turn
    move = g.legal_moves()[0]
    g.play(move)  # the section of the last turn may still be drawn
    assert g.round == 2
    assert g.round_scores()[0].score > 1


# ---------------------------------------------------------------------------- scoring
def test_a_line_that_never_left_its_departure_station_scores_1():
    g = london()
    pass_round(g)
    (rs,) = g.round_scores()
    (line,) = rs.lines
    assert (line.district_count, line.best_count, line.score) == (1, 1, 1)
    assert line.stations == ("D3",)


def test_departure_stations_count_for_interchanges_from_the_start():
    g = london()
    # Green reaches pink's departure station H4 in round 1; pink never leaves it.
    g.reveal("underground square")
    g.play("D3-G3")
    g.reveal("street joker")
    assert g.why_illegal("G3-H4") is None
    g.play("G3-H4")
    sheet = g.score_sheet()
    two = sheet.interchanges[0]
    assert "H4" in two.stations


def test_tourist_track_caps_at_ten_visits_worth_25():
    from nsb_widget.rulesets.london.scoring import TOURIST_TRACK, tourist_track
    from nsb_widget.scoring import RoundScore

    rounds = [RoundScore(r, "green", None, (), False, 0, ("F4", "G2", "A4", "J7"))
              for r in (1, 2, 3)]
    track = tourist_track(rounds)
    assert (track.count, track.points) == (10, 25) and TOURIST_TRACK[7] == 14


# ---------------------------------------------------------------------------- powers
def powers_game(power_of_green: str) -> Game:
    others = [p.value for p in Power if p.value != power_of_green]
    return london(modules=["powers"], powers=[power_of_green, *others])


def test_joker_power_lets_the_card_reach_any_symbol_once_a_round():
    g = powers_game("joker")
    g.reveal("underground square")
    assert g.why_illegal("D3-B1").reason is Reason.WRONG_SYMBOL
    g.use_power("joker")
    assert g.why_illegal("D3-B1") is None
    g.play("D3-B1")
    g.reveal("underground circle")
    problem = g.why_power_illegal("joker")
    assert problem.reason is Reason.POWER_USED
    with pytest.raises(IllegalMoveError, match="already used this round"):
        g.use_power("joker")


def test_switch_power_starts_from_any_station_and_must_come_before_drawing():
    g = powers_game("switch")
    replay_script(g, ["+street triangle", "D3-E4", "+street square", "E4-F5",
                      "+underground pentagon"])
    assert g.why_illegal("E4-C4").reason is Reason.NOT_AN_END
    g.use_power("switch")
    assert g.why_illegal("E4-C4") is None


def test_a_power_cannot_be_used_after_the_turns_section_or_before_a_reveal():
    g = powers_game("joker")
    assert g.why_power_illegal("joker").reason is Reason.POWER_NOT_NOW
    g2 = london(players=2, modules=["powers"], powers=["joker", "double", "switch", "circle"])
    g2.reveal("street triangle")
    g2.play("D3-E4", 0)
    assert g2.why_power_illegal("joker", None, 0).reason is Reason.POWER_NOT_NOW


def test_a_power_after_the_turns_section_says_it_comes_before_drawing():
    """Solo, the turn is over once its section is drawn: the power came too late (it was
    "use it after a card is revealed", as before the first reveal)."""
    g = powers_game("joker")
    assert g.why_power_illegal("joker").message == \
        "use the Joker power after a card is revealed"
    g.reveal("street triangle")
    g.play("D3-E4")
    assert g.why_power_illegal("joker").message == \
        "use the Joker power before drawing this turn's section"
    g2 = london(players=2, modules=["powers"], powers=["joker", "double", "switch", "circle"])
    g2.reveal("street triangle")
    g2.play("D3-E4", 0)
    for _ in range(2):  # while player 2 draws, and once the turn is over
        assert g2.why_power_illegal("joker", None, 0).message == \
            "use the Joker power before drawing this turn's section"
        if not g2.has_finished_turn(1):
            g2.pass_turn(1)


def test_a_power_at_the_start_of_a_round_waits_for_the_first_card():
    """The last section of round 1 can still be undone, but the new round's power is not
    late: before its first card it says "after a card is revealed" (it said "before drawing
    this turn's section", about a turn of the round before)."""
    g = powers_game("joker")
    for symbol in ("joker", "circle", "square", "triangle", "pentagon"):
        g.reveal(f"underground {symbol}")
        moves = g.legal_moves()
        g.play(moves[0]) if moves else g.pass_turn()
    assert (g.round, g.turn, g.phase.value) == (2, 0, "reveal") and g.can_undo(0)
    held = g.power()
    assert held is not None
    assert g.why_power_illegal(held.value).message == \
        f"use the {held.display_name} power after a card is revealed"


def test_double_power_adds_a_second_section_to_the_same_symbol():
    g = powers_game("double")
    g.reveal("street triangle")
    g.use_power("double")
    g.play("D3-E4")  # E4 is a triangle
    assert not g.has_finished_turn()
    second = g.legal_moves()
    assert second
    gmap = g.map
    assert all(gmap.station(m.target).symbol.value in ("triangle", "any") for m in second)
    g.play(second[0])
    assert g.has_finished_turn() and g.phase.value == "reveal"


def test_double_power_after_a_joker_takes_the_first_sections_symbol():
    g = powers_game("double")
    g.reveal("street joker")
    g.use_power("double")
    g.play("D3-C4")
    symbol = g.map.station("C4").symbol.value
    assert all(g.map.station(m.target).symbol.value in (symbol, "any") for m in g.legal_moves())


def test_circle_power_needs_a_station_of_the_current_line():
    g = powers_game("circle")
    assert g.why_power_illegal("circle", "H4").reason is Reason.NOT_ON_LINE
    assert g.why_power_illegal("circle").reason is Reason.NOTATION
    g.use_power("circle", "D3")  # the lone departure station is on the line
    pass_round(g)
    (line,) = g.round_scores()[0].lines
    assert (line.best_count, line.score) == (2, 2)


def test_only_the_held_pencils_power_and_only_with_the_module():
    g = powers_game("joker")
    g.reveal("street square")
    assert g.why_power_illegal("double").reason is Reason.NO_POWER
    assert london().why_power_illegal("joker").reason is Reason.NO_POWER
    with pytest.raises(IllegalMoveError, match="unknown power 'teleport'"):
        g.use_power("teleport")


def test_a_power_is_logged_undone_saved_and_replayed():
    g = powers_game("joker")
    g.reveal("underground square")
    before = g.to_json()
    g.use_power("joker")
    assert str(g.history[-1]) == "player 1: power joker"
    g.undo(0)
    assert g.to_json() == before
    g.use_power("joker")
    g.play("D3-B1")
    loaded = Game.from_json(g.to_json())
    assert loaded.to_json() == g.to_json()
    assert loaded.sheets[0].history == g.sheets[0].history


def test_pencil_powers_stay_with_the_pencil_as_it_is_passed():
    g = london(players=2, modules=["powers"], powers=["joker", "double", "switch", "circle"])
    holders = [[g.pencil(p, r) for r in range(1, 5)] for p in range(2)]
    assert sorted(holders[0]) == sorted(holders[1]) == sorted(PENCILS)
    assert g.power(0) is Power(["joker", "double", "switch", "circle"][
        PENCILS.index(g.pencil(0))])


# ---------------------------------------------------------------------------- objectives, solo
def test_objectives_count_and_score_ten_each():
    g = london(modules=["objectives"], objectives=["thames_six", "all_tourist_sites"])
    replay_script(g, ROUND_20)
    objs = {o.objective: o for o in g.score_sheet().objectives}
    assert objs["thames_six"].progress == 1 and not objs["thames_six"].met
    assert objs["all_tourist_sites"].progress == 3


def test_solo_assessment_subtracts_10_per_module():
    g = london(pencils=["purple", "green", "blue", "pink"], modules=["objectives", "powers"],
               objectives=["thames_six", "all_districts"],
               powers=["joker", "double", "switch", "circle"])
    replay_script(g, GAME_119)
    sheet = g.score_sheet()
    assert sheet.assessment.handicap == 20
    assert sheet.assessment.rated_score == sheet.total - 20


def test_seeded_london_games_replay_exactly():
    import random

    from nsb_widget.bots import make_bot
    from nsb_widget.simulate import play_game

    a = play_game(Game.new(3, 5, map="london", modules=["powers", "objectives"]),
                  [make_bot("random")] * 3, random.Random(1))
    b = Game.replay(a.setup, a.history)
    assert [b.score(p) for p in range(3)] == [a.score(p) for p in range(3)]
    assert Game.from_json(a.to_json()).to_json() == a.to_json()


# ---------------------------------------------------------------------------- old save files
@pytest.mark.parametrize("name", ["berlin-save-v0.1.json", "berlin-scenario-save-v0.1.json"])
def test_save_files_written_before_the_ruleset_seam_still_load(name):
    doc = json.loads((DATA / name).read_text())
    expected = doc.pop("_expected")
    game = Game.from_json(doc)
    assert [game.score(p) for p in range(game.players)] == expected["scores"]
    assert (game.round, game.turn, len(game.history)) == (expected["round"], expected["turn"],
                                                         expected["history"])
    assert [str(m) for m in game.legal_moves(0)] == expected["legal"]
    assert game.to_json() == doc  # and they are written back unchanged


def test_a_tourist_site_visited_in_two_rounds_crosses_off_two_circles():
    g = london(pencils=["green", "purple", "pink", "blue"])
    replay_script(g, ["+street triangle", "D3-E4", "+street joker", "E4-F4"])
    pass_round(g)
    replay_script(g, ["+street triangle", "C6-E4", "+street square", "E4-F5", "+street joker",
                      "F5-F4"])
    pass_round(g)
    assert [r.tourist_sites for r in g.round_scores()] == [("F4",), ("F4",)]
    pass_round(g)
    pass_round(g)
    (track,) = g.score_sheet().tracks
    assert (track.count, track.points) == (2, 2)


def test_london_ranking_breaks_ties_by_the_best_round():
    g = london(players=2)
    # Player 1 scores one 2 x 1 round; player 2 passes throughout (1 x 1 every round).
    g.reveal("street triangle")
    g.play("D3-E4", 0)
    g.pass_turn(1)
    for _ in range(4):
        pass_round(g)
    totals = [g.score(p) for p in range(2)]
    best = [g.score_sheet(p).tiebreak for p in range(2)]
    assert best[0] > best[1]
    assert g.ranking() == ([[0], [1]] if totals[0] >= totals[1] else [[1], [0]])


def test_events_and_why_unreachable_work_for_london():
    g = powers_game("joker")
    seen: list[str] = []
    g.subscribe(lambda event: seen.append(event.kind))
    g.reveal("underground square")
    problem = g.why_unreachable("B1")
    assert problem.reason is Reason.WRONG_SYMBOL and "B1 is a triangle" in problem.message
    g.use_power("joker")
    assert g.why_unreachable("B1") is None
    g.play("D3-B1")
    g.undo(0)
    assert seen == ["reveal", "power", "draw", "undo"]


def test_a_power_that_changes_nothing_is_accepted_and_used_up():
    g = powers_game("joker")
    g.reveal("street joker")
    assert g.why_power_illegal("joker") is None
    g.use_power("joker")
    g.play("D3-E4")
    g.reveal("street square")
    assert g.why_power_illegal("joker").reason is Reason.POWER_USED


def test_powers_once_a_round_by_default_or_once_a_game_as_an_option(tmp_path):
    """Issue 18, item 16 (reading L21): the German help says a power is used once a round,
    the English guide "once per game". The default follows the German help (each pencil's
    power in the round its holder has it); ``power_limit="game"`` allows one power in the
    whole game, whichever round it is used in."""
    cards = ["joker", "double", "switch", "circle"]  # green, pink, purple, blue
    default = london(modules=["powers"], powers=cards)
    once = london(modules=["powers"], powers=cards, power_limit="game")
    assert default.setup.power_limit == "round" and once.setup.power_limit == "game"
    for g in (default, once):
        g.reveal("underground square")
        g.use_power("joker")
        g.play("D3-B1")
        pass_round(g)
        g.reveal("street triangle")  # round 2: the pink pencil and its double power
        assert g.round == 2 and str(g.power()) == "double"
    assert default.why_power_illegal("double") is None
    problem = once.why_power_illegal("double")
    assert problem.reason is Reason.POWER_USED and "one power a game" in problem.message
    with pytest.raises(IllegalMoveError, match="already used a pencil power in this game"):
        once.use_power("double")
    assert once.power_options() == [] and default.power_options() != []
    # the one power may wait: unused in rounds 1 and 2, the circle is still there in round 4
    late = london(modules=["powers"], powers=cards, power_limit="game")
    for _ in range(3):
        pass_round(late)
    late.reveal("street square")
    assert late.round == 4 and late.why_power_illegal("circle", "H4") is not None
    start = late.line_stations("line")[0]
    late.use_power("circle", start)
    # a power taken back is not used
    undone = london(modules=["powers"], powers=cards, power_limit="game")
    undone.reveal("underground square")
    undone.use_power("joker")
    undone.undo(0)
    undone.pass_turn()
    pass_round(undone)
    undone.reveal("street triangle")
    assert undone.why_power_illegal("double") is None
    # the option survives a save file, a restart and the deal shown by the widget
    path = tmp_path / "once.json"
    once.save(path)
    loaded = Game.load(path)
    assert loaded.setup.power_limit == "game" and loaded.to_json() == once.to_json()
    assert json.loads(path.read_text())["setup"]["power_limit"] == "game"
    assert "power_limit" not in default.to_json()["setup"]  # old files stay as they were
    seeded = Game.new(map="london", seed=3, modules=["powers"], power_limit="game")
    seeded.restart(4)
    assert seeded.setup.power_limit == "game"
    from nsb_widget.widget.state import deal_code

    assert deal_code(seeded) == ("Game.new(seed=4, map='london', modules=['powers'], "
                                 "power_limit='game')")
    # the widget and the board say which reading is played, in the game's language
    def said(game: Game) -> tuple[object, object]:
        facts = game.ruleset.describe(game)
        return facts["power_limit"], facts["power_limit_text"]

    assert said(default) == ("round", "Each power: once a round")
    assert said(once) == ("game", "One power in the whole game")
    assert said(london()) == (None, "")  # without the powers: nothing to say
    assert said(london(modules=["powers"], power_limit="game", language="de")) == (
        "game", "Eine Fähigkeit im ganzen Spiel")


def test_a_power_limit_needs_the_powers_and_a_known_value():
    from nsb_widget import ArgumentError, SaveFileError

    with pytest.raises(ArgumentError, match=r"power_limit applies to the pencil powers: "
                                            r"add modules=\['powers'\]"):
        Game.new(map="london", seed=1, power_limit="game")
    with pytest.raises(ArgumentError) as info:
        Game.new(seed=1, power_limit="game")  # Berlin has no pencil powers: no module to add
    assert str(info.value) == ("power_limit applies to the pencil powers of London's powers "
                               "module; the Next Station: Berlin rules have no pencil powers")
    with pytest.raises(ArgumentError, match="power_limit must be 'round' or 'game'"):
        Game.new(map="london", seed=1, modules=["powers"], power_limit="turn")
    doc = Game.new(map="london", seed=1, modules=["powers"], power_limit="game").to_json()
    doc["setup"]["power_limit"] = "forever"
    with pytest.raises(SaveFileError, match=r"setup\.power_limit"):
        Game.from_json(doc)


def test_a_power_is_named_in_any_case_as_lines_and_stations_are():
    g = powers_game("joker")
    g.reveal("street triangle")
    assert g.why_power_illegal(" Joker ") is None
    g.use_power("JOKER")
    assert g.history[-1].power == "joker"  # logged as the rules name it
    g.undo()
    g.use_power(" Joker")
    assert g.to_json()["actions"][-1]["power"] == "joker"
    with pytest.raises(IllegalMoveError, match="unknown power 'jokr': the powers are"):
        g.use_power("Jokr")
