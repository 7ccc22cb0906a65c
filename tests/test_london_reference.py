"""The London engine against an independent reference model (tests/reference/london_model.py).

The model is written from the rule texts and the printed sheet's facts
(tests/data/london-sheet-facts.json), not from the engine's code or map file. The random games
compare, after every reveal, power use, draw and pass, every player's legal sections, finished
flag, line stations and ends and power legality; and at every round end and at the end every
score term. ``benchmarks/check_london_reference.py`` runs the same check on more games.
"""

from __future__ import annotations

import time

import pytest
from reference.london_driver import GameCheck, run_games
from reference.london_model import Card, LondonModel, Sheet, section

from nsb_widget import Game

CI_GAMES = 150

SHEET = Sheet()


# ---------------------------------------------------------------- the sheet's facts


def test_reference_sheet_geometry_matches_the_printed_facts():
    facts = SHEET.facts
    assert len(SHEET.stations) == 53
    assert len(SHEET.sections) == facts["potential_section_count"] == 155
    # The listed Thames crossings are exactly the potential sections crossing the polyline.
    assert len(SHEET.thames) == facts["thames"]["crossing_section_count"] == 24
    assert SHEET.thames == SHEET.thames_geometric
    assert SHEET.thames <= SHEET.sections
    assert SHEET.departure == {"green": "D3", "pink": "H4", "purple": "C6", "blue": "F8"}
    assert SHEET.central_station == "F4"
    assert len(SHEET.district_stations[SHEET.central_district]) == 9
    assert sorted(SHEET.tourist_sites) == ["A4", "E10", "F4", "G2", "J7"]
    assert len(SHEET.deck) == 11
    assert sum(c.kind == "underground" for c in SHEET.deck) == 5


def test_engine_potential_sections_match_the_facts():
    """Every potential section of the facts file can be named to the engine, and no other."""
    g = Game.new(map="london", scenario=True, pencils=["green", "pink", "purple", "blue"])
    g.reveal("street joker")
    legal = {tuple(str(m).split("-")) for m in g.legal_moves()}
    expected = {("D3", t) for t in SHEET.neighbours["D3"]}
    assert legal == expected


# ---------------------------------------------------------------- random games


def test_engine_matches_reference_model_in_random_games():
    start = time.perf_counter()
    stats = run_games(CI_GAMES, first_seed=0, sheet=SHEET)
    seconds = time.perf_counter() - start
    report = "\n\n".join(str(m) for m in stats.mismatches[:5])
    assert not stats.mismatches, f"{len(stats.mismatches)} game(s) disagree:\n{report}"
    assert stats.games == CI_GAMES
    assert stats.decisions > 20_000
    # The random games must actually reach the rules that matter.
    for situation in (
        "switch turn: section from a non-end",
        "switch ignored (turn 1-2)",
        "double: second section",
        "double: second section after a Joker card",
        "joker power: target off the card's symbol",
        "switch power: section from a non-end",
        "round scored with a circled station",
        "round scored with a lone departure station",
        "final with a 3-colour interchange",
        "round ended on a switch turn",
        "illegal play refused (IllegalMoveError)",
    ):
        assert stats.coverage[situation] > 0, situation
    print(
        f"{stats.games} games, {stats.decisions} legal sets, {stats.power_checks} power checks, "
        f"{stats.probes} section probes, {seconds:.1f} s"
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("modules", [(), ("objectives", "powers")])
def test_engine_matches_reference_model_for_each_table(players, modules):
    for seed in range(1000, 1002):
        stats = GameCheck(seed, SHEET, players=players, modules=modules).run()
        assert not stats.mismatches, str(stats.mismatches[0])


class _OwnColourCrossingsOnly(LondonModel):
    """A deliberately wrong model: crossings of other colours' sections are ignored."""

    def legal(self, p: int) -> set[tuple[str, str]]:
        st = self.players[p]
        assert st.line is not None
        saved = st.drawn
        st.drawn = {k: v for k, v in saved.items() if v == st.line.colour}
        try:
            return super().legal(p)
        finally:
            st.drawn = saved


class _ThamesScoresOne(LondonModel):
    """A deliberately wrong model: a Thames crossing scores 1."""

    def line_terms(self, st):  # type: ignore[no-untyped-def]
        result = super().line_terms(st)
        result.score -= result.thames
        return result


@pytest.mark.parametrize("broken", [_OwnColourCrossingsOnly, _ThamesScoresOne])
def test_the_comparison_catches_a_broken_model(broken):
    stats = run_games(10, first_seed=0, sheet=SHEET, model_cls=broken)
    assert stats.mismatches


# ---------------------------------------------------------------- the guides' worked figures

SOLO_PENCILS = ["green", "pink", "purple", "blue"]


def model_card(text: str) -> Card:
    if text == "switch":
        return Card("street", None, switch=True)
    kind, symbol = text.split()
    return Card(kind, None, joker=True) if symbol == "joker" else Card(kind, symbol)


def cards_for(path: list[str]) -> list[Card]:
    """Cards (one per section, in order) that let ``path`` be drawn in one round: each matches
    its section's target, and the 5th underground card, if used, comes last."""
    deck = [c for c in SHEET.deck if not c.switch]
    targets = path[1:]

    def fits(card: Card, target: str) -> bool:
        return card.joker or SHEET.matches(target, card.symbol)

    def search(i: int, left: list[Card], underground: int) -> list[Card] | None:
        if i == len(targets):
            return []
        for card in sorted(left, key=lambda c: (c.kind == "underground", c.joker)):
            if not fits(card, targets[i]):
                continue
            used = underground + (card.kind == "underground")
            if used >= 5 and i != len(targets) - 1:
                continue
            rest = search(i + 1, [c for c in left if c != card], used)
            if rest is not None:
                return [card, *rest]
        return None

    found = search(0, deck, 0)
    assert found is not None, f"no card order draws {path}"
    return found


def play_round(chk: GameCheck, path: list[str], circle: str | None = None) -> None:
    """Draw ``path`` (from the pencil's departure station) in the engine and the model, then
    reveal the leftover cards, passing, until the round ends; compare at every step."""
    g, model = chk.game, chk.model
    number = model.round
    assert path[0] == model.players[0].line.departure  # type: ignore[union-attr]
    cards = cards_for(path)
    for card, origin, target in zip(cards, path, path[1:], strict=False):
        g.reveal(card.text())
        model.reveal([card])
        chk.compare(f"after reveal {card.text()}")
        g.play(f"{origin}-{target}")
        model.draw(0, origin, target)
        chk.compare(f"after {origin}-{target}")
        if target == circle:
            g.use_power("circle", circle)
            model.use_power(0, "circle", circle)
            chk.compare(f"after circling {circle}")
    leftovers = [c for c in SHEET.deck if c not in cards and not c.switch]
    leftovers.sort(key=lambda c: c.kind == "underground")
    while model.round == number and model.phase not in ("between", "over"):
        card = leftovers.pop(0)
        g.reveal(card.text())
        model.reveal([card])
        g.pass_turn()
        model.pass_turn(0)
        chk.compare(f"after passing on {card.text()}")
    chk.check_round_end(number)
    if model.phase == "between":
        chk.start_round()


def new_solo(modules: tuple[str, ...] = (), **cards) -> GameCheck:
    """A solo scenario game (pencils in map order) with its reference checker."""
    g = Game.new(map="london", scenario=True, pencils=SOLO_PENCILS, modules=list(modules), **cards)
    chk = GameCheck(0, SHEET, players=1, modules=modules, game=g)
    chk.start_round()
    return chk


def play_game(chk: GameCheck, lines: list[list[str]]) -> None:
    for path in lines:
        play_round(chk, path)
    assert chk.game.is_over
    chk.check_final()


# Six districts (North-Central, North-West, West, South-West, Central, South-Central), three
# stations in West (A4, A6, C6), one Thames crossing (A4-A6).
SIX_BY_THREE_PLUS_ONE = ["D3", "A3", "A4", "A6", "A8", "C6", "D7", "D8"]


def test_guide_round_six_districts_times_three_plus_one_crossing_is_20():
    chk = new_solo()
    g, model = chk.game, chk.model
    assert section("A4", "A6") in SHEET.thames
    play_round(chk, SIX_BY_THREE_PLUS_ONE)
    line = g.score_sheet().rounds[0].lines[0]
    assert (line.district_count, line.best_count, line.bonuses[0].count) == (6, 3, 1)
    assert g.score_sheet().rounds[0].score == 20
    assert model.players[0].rounds[0].score == 20


def test_guide_round_with_the_circled_station_is_26():
    chk = new_solo(modules=("powers",), powers=["circle", "double", "joker", "switch"])
    g, model = chk.game, chk.model
    assert g.power() == "circle"
    play_round(chk, SIX_BY_THREE_PLUS_ONE, circle="A4")
    line = g.score_sheet().rounds[0].lines[0]
    assert (line.district_count, line.best_count, line.bonuses[0].count) == (6, 4, 1)
    assert g.score_sheet().rounds[0].score == 26
    assert model.players[0].rounds[0].score == 26


# Four lines (found by a search with the reference model) whose rounds total 87, with seven
# tourist visits and nine stations where exactly two colours meet (none with three or four).
FINAL_119 = [
    ["D3", "C4", "B5", "C6", "A8", "A6", "A4", "A3", "B2", "A1"],
    ["H4", "H6", "F4", "F5", "H7", "J7"],
    ["C6", "C5", "B5", "A4", "C4", "E4", "G2", "D2", "D3", "A3"],
    ["F8", "I8", "J7", "J4", "I5", "H4", "G3", "G4", "F4", "E5"],
]


def test_guide_final_87_plus_14_plus_18_is_119():
    chk = new_solo()
    g, model = chk.game, chk.model
    play_game(chk, FINAL_119)
    sheet = g.score_sheet()
    assert sheet.lines_total == 87
    assert (sheet.tracks[0].count, sheet.tracks[0].points) == (7, 14)
    assert [(t.colours, t.count, t.points) for t in sheet.interchanges] == [
        (2, 9, 18),
        (3, 0, 0),
        (4, 0, 0),
    ]
    assert sheet.total == 119
    mine = model.final(0)
    assert (sum(mine.rounds), mine.tourist_points, mine.interchange_points, mine.total) == (
        87,
        14,
        18,
        119,
    )
    # Solo assessment, no module: 119 is in the 106-120 band.
    assert sheet.assessment is not None
    assert sheet.assessment.rated_score == 119
    assert model.band(119) == 2


# Found by a search with the reference model: eleven tourist visits (the track stops at 10),
# eight interchanges, all five tourist sites, all nine central stations, eight Thames crossings.
ELEVEN_VISITS = [
    ["D3", "E4", "C6", "D7", "C8", "E10", "E7", "E6", "E5", "F4"],
    ["H4", "H1", "F1", "G2", "G3", "F4", "H6", "G7", "H7", "J7"],
    ["C6", "A6", "A4", "B5", "C4", "E4", "F4", "D2", "G2", "H1"],
    ["F8", "F5", "F4", "G4", "J7", "J8", "I8", "H7", "E10"],
]
# A station in each of the 13 districts (four Thames crossings only).
THIRTEEN_DISTRICTS = [
    ["D3", "F1", "E1", "C1", "D2", "B2", "A1"],
    ["H4", "J4", "J7", "J8", "J10", "I9", "I8", "H7", "G7", "G9"],
    ["C6", "C8", "B9", "A10", "A8", "A6", "A4", "C4", "E6", "D7"],
    ["F8", "G7", "G4", "H4", "H1", "J1", "I2", "J3", "J4"],
]


@pytest.mark.parametrize(
    ("lines", "objectives", "met"),
    [
        (ELEVEN_VISITS, ["eight_interchanges", "all_tourist_sites"], [True, True]),
        (ELEVEN_VISITS, ["central_district", "thames_six"], [True, True]),
        (THIRTEEN_DISTRICTS, ["all_districts", "thames_six"], [True, False]),
    ],
)
def test_shared_objectives_and_the_tourist_track_cap(lines, objectives, met):
    chk = new_solo(modules=("objectives",), objectives=objectives)
    play_game(chk, lines)
    sheet = chk.game.score_sheet()
    assert [o.objective for o in sheet.objectives] == objectives
    assert [o.met for o in sheet.objectives] == met
    assert sheet.objectives_total == 10 * sum(met)
    if lines is ELEVEN_VISITS:
        assert chk.model.players[0].tourist_visits == 11
        assert (sheet.tracks[0].count, sheet.tracks[0].points) == (10, 25)
    # The solo assessment subtracts 10 for the module.
    assert sheet.assessment is not None
    assert sheet.assessment.rated_score == sheet.total - 10


def test_a_game_of_lone_departure_stations():
    """Nobody draws: each round scores 1 x 1; departures alone make no interchange and reach
    no objective (only drawn sections count)."""
    chk = new_solo(modules=("objectives",), objectives=["all_districts", "eight_interchanges"])
    play_game(chk, [["D3"], ["H4"], ["C6"], ["F8"]])
    sheet = chk.game.score_sheet()
    assert [r.score for r in sheet.rounds] == [1, 1, 1, 1]
    assert [o.progress for o in sheet.objectives] == [0, 0]
    assert sheet.total == 4


@pytest.mark.parametrize("switch_turn", [2, 3])
def test_switch_is_ignored_on_turn_two_even_after_a_double_branch(switch_turn):
    """A Double section from the departure station on turn 1 leaves the departure station in the
    middle of the line; a switch on turn 2 is ignored (sections only from the ends), on turn 3
    it lets a section start there."""
    chk = new_solo(modules=("powers",), powers=["double", "circle", "joker", "switch"])
    g, model = chk.game, chk.model

    def reveal(*cards: str) -> None:
        g.reveal(*cards)
        model.reveal([model_card(c) for c in cards])
        chk.compare(f"after reveal {cards}")

    reveal("street joker")
    g.use_power("double")
    model.use_power(0, "double")
    for move in ("D3-D2", "D3-G3"):  # after a Joker, the second section reaches a square too
        g.play(move)
        model.draw(0, *move.split("-"))
        chk.compare(move)
    if switch_turn == 3:
        reveal("street pentagon")
        g.pass_turn()
        model.pass_turn(0)
    reveal("switch", "street circle")
    origins = {str(m).split("-")[0] for m in g.legal_moves()}
    if switch_turn == 2:
        assert not g.is_double_switch
        assert "D3" not in origins
    else:
        assert g.is_double_switch
        assert {"D3-A3", "D3-F1"} <= {str(m) for m in g.legal_moves()}
