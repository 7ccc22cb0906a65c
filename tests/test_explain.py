"""``Game.explain``, the provisional score sheet, power options and hints."""

from __future__ import annotations

import random

import pytest

from nsb_widget import Game
from nsb_widget.bots import GreedyBot, SearchBot, make_bot, play_turn
from nsb_widget.bots.evaluate import (
    CONNECTED_POINTS,
    INTERCHANGE_WEIGHT,
    MOBILITY_CAP,
    MOBILITY_WEIGHT,
    TOURIST_WEIGHT,
    plan_values,
)
from nsb_widget.bots.hint import power_title, suggest
from nsb_widget.errors import IllegalMoveError
from nsb_widget.rules import Phase


def test_explain_a_rulebook_style_move_term_by_term() -> None:
    """Berlin's first crown card from H2 (seed 2): J4 reaches a new district."""
    game = Game.new(players=1, seed=2)
    game.reveal()
    explained = game.explain("crown H2-J4")
    terms = {t.id: (t.before, t.after) for t in explained.terms}
    assert terms["districts"] == (0, 1)
    assert terms["round"][1] == game.copy().provisional_score_sheet().total + explained.change
    assert explained.terms[-1].id == "total"
    assert explained.change == sum(t.change for t in explained.terms
                                   if t.id in ("round", "tourist") or t.id.startswith("inter"))
    assert explained.reason.startswith(f"{explained.change:+d}: reaches ")
    assert "crown H2-J4" in str(explained)


def test_explain_refuses_an_illegal_move_and_changes_nothing() -> None:
    game = Game.new(players=1, seed=2)
    game.reveal()
    before = game.to_json()
    with pytest.raises(IllegalMoveError, match="the card shows a circle"):
        game.explain("crown H2-G2")
    assert game.to_json() == before


@pytest.mark.parametrize("map_name", ["berlin", "london"])
def test_explained_totals_match_playing_the_move(map_name: str) -> None:
    """Over random games: the explanation's total before is the provisional total now, and
    its total after is the provisional total once the move is played (the scored total when
    the move ends the round)."""
    checked = ended = 0
    for seed in range(12):
        game = Game.new(1, seed, map=map_name)
        rng = random.Random(seed)
        while not game.is_over:
            if game.phase is Phase.REVEAL:
                game.reveal()
            moves = game.legal_moves()
            if not moves:
                game.pass_turn()
                continue
            move = rng.choice(moves)
            explained = game.explain(move)
            assert explained.terms[-1].before == game.provisional_score_sheet().total
            round_before = game.round
            game.play(move)
            if game.is_over or game.round != round_before:
                after = game.score_sheet().total
                ended += 1
            else:
                after = game.provisional_score_sheet().total
            assert explained.terms[-1].after == after
            checked += 1
    assert checked > 200 and ended > 5


def test_provisional_sheet_on_the_last_turn_is_the_scored_round() -> None:
    for seed in range(8):
        game = Game.new(1, seed, map="london")
        rng = random.Random(seed)
        while not game.is_over:
            game.reveal()
            play_turn(game, 0, GreedyBot(), rng) if not game.is_last_turn else None
            if game.phase is Phase.DRAW:
                provisional = game.provisional_score_sheet()
                game.pass_turn()
                assert game.sheets[0].round_scores[-1] == provisional.rounds[-1]
                assert (game.score_sheet() if game.is_over else
                        game.provisional_score_sheet()).rounds[:len(provisional.rounds)] == \
                    provisional.rounds


def test_power_options_list_exactly_the_legal_uses() -> None:
    game = Game.new(1, 3, map="london", modules=["powers"], powers=["circle", "joker",
                                                                    "switch", "double"])
    game.reveal()
    power = str(game.power())
    options = game.power_options()
    labels = game.map.labels
    for s in range(len(labels)):
        legal = game.why_power_illegal(power, labels[s]) is None
        assert ((power, labels[s]) in options) == legal
    assert options, "the departure station is on the line"
    game.use_power(*options[0])
    assert game.power_options() == []
    assert Game.new(1, 3).power_options() == []  # Berlin: no powers


@pytest.mark.parametrize("map_name", ["berlin", "london"])
def test_quick_estimate_equals_the_line_score_after_the_draw(map_name: str) -> None:
    """The bots' fast estimate (incremental district counts) against a recount from scratch
    after drawing each plan on a copy."""
    checked = 0
    for seed in range(6):
        game = Game.new(1, seed, map=map_name, modules=["powers"] if map_name == "london"
                        else [])
        rng = random.Random(seed)
        while not game.is_over:
            game.reveal()
            if game.power_options() and rng.random() < 0.3:
                game.use_power(*rng.choice(game.power_options()))
            plans = game.plans()
            sheet = game.sheets[0]
            others = 0
            for pencil, mask in sheet.colour_stations.items():
                if pencil != sheet.pencil:
                    others |= mask
            for plan, value in zip(plans, plan_values(game, 0, plans), strict=True):
                probe = game.copy()
                line = probe.slots(0)[plan.slot].line
                before = sheet.members(line)
                psheet = probe.sheets[0]
                psheet.add_section(0, line, plan.origin, plan.target, plan.section, False)
                c = psheet.comp[line]
                stations, doubled = psheet.cm[c], psheet.circled & psheet.cm[c]
                gmap = game.map
                counts = [(stations & m).bit_count() + (doubled & m).bit_count()
                          for m in gmap.district_mask]
                expected = sum(1 for n in counts if n) * max(counts)
                if len(psheet.starts) > 1 and all(stations >> s & 1 for s in psheet.starts):
                    expected += CONNECTED_POINTS
                if game.ruleset.scores_river:
                    expected += 2 * (psheet.cs[c] & gmap.river_crossings).bit_count()
                expected += INTERCHANGE_WEIGHT * (others >> plan.target & 1)
                expected += TOURIST_WEIGHT * (gmap.tourist_mask >> plan.target & 1
                                              and not before >> plan.target & 1)
                free = ~sheet.blocked & ~sheet.drawn
                ways = sum(1 for n, s, _, _ in gmap.neighbour_bits[plan.target]
                           if free >> s & 1 and not stations >> n & 1 and s != plan.section)
                expected += MOBILITY_WEIGHT * min(ways, MOBILITY_CAP)
                assert value == expected
                checked += 1
            play_turn(game, 0, GreedyBot(), rng)
    assert checked > 400


def test_a_hint_names_a_legal_move_with_its_reason_and_plays_nothing() -> None:
    game = Game.new(1, 5, map="london", modules=["powers"])
    game.reveal()
    before = game.to_json()
    hint = suggest(game, bot=SearchBot(seconds=None, iterations=30, seed=2))
    assert game.to_json() == before
    if hint.power is not None:
        assert hint.power in game.power_options()
        assert hint.reason.startswith(f"use the {power_title(game, hint.power[0])} power")
    elif hint.move is None:
        assert hint.reason.startswith("pass: no section is worth drawing; ")
    else:
        assert game.is_legal(hint.move)
        assert hint.explanation is not None
        assert hint.reason.startswith(hint.explanation.reason)
        assert ("against the next best" in hint.reason
                or hint.reason.endswith("about as good as the next best choice"))
    data = hint.to_dict()
    assert data["reason"] == hint.reason
    greedy = suggest(game, bot=make_bot("greedy"), rng=random.Random(0))
    assert greedy.expected is None and greedy.move is not None and game.is_legal(greedy.move)
    assert greedy.explanation is not None and greedy.reason == greedy.explanation.reason


@pytest.mark.parametrize(("gain", "language", "words"), [
    (0.04, "en", "; about as good as the next best choice"),
    (-0.04, "en", "; about as good as the next best choice"),
    (0.04, "de", "; etwa so gut wie die nächstbeste Wahl"),
    (0.04, "fr", "; à peu près aussi bon que le deuxième meilleur choix"),
    (0.06, "en", "; expected +0.1 against the next best"),
    (2.0, "de", "; Erwartung +2,0 gegenüber der nächstbesten Wahl"),
])
def test_a_hint_whose_gain_rounds_to_nothing_says_so(monkeypatch, gain, language,
                                                      words) -> None:
    """"+0.0 against the next best" read as if the choice did not matter: a gain that rounds to
    nothing is worded as being about as good as the next best choice."""
    from nsb_widget.bots.search import OptionValue

    game = Game.new(1, 5, map="london", language=language)
    game.reveal()
    bot = SearchBot(seconds=None, iterations=4, seed=1)
    found = bot.search(game.copy(), 0, random.Random(1), powers=True)
    best, second = found[0], found[1]
    monkeypatch.setattr(SearchBot, "search", lambda *a, **k: [
        OptionValue(best.option, 100.0 + gain, 8), OptionValue(second.option, 100.0, 8)])
    hint = suggest(game, bot=bot)
    assert hint.reason.endswith(words)


def test_a_hint_says_pass_when_nothing_can_be_drawn() -> None:
    found = 0
    for seed in range(40):
        game = Game.new(1, seed, map="london")
        rng = random.Random(seed)
        while not game.is_over and found < 3:
            game.reveal()
            if not game.plans():
                hint = suggest(game, bot=SearchBot(seconds=None, iterations=10, seed=1))
                assert hint.move is None and hint.power is None
                assert hint.reason == "pass: no section can be drawn"
                found += 1
            play_turn(game, 0, GreedyBot(), rng)
    assert found == 3


def test_in_a_round_of_two_lines_the_boxes_are_the_moves_lines_not_a_sum() -> None:
    """Berlin, seed 2: the Crown line has 1 district and 2 stations in it; the first Bear
    section's boxes start from the Bear line's own (none), not from the Crown line's or a sum
    of both (which read 'Districts 1 -> 3')."""
    game = Game.new(players=1, seed=2)
    game.reveal()
    game.play("crown H2-J4")
    while True:
        game.reveal()
        bears = [m for m in game.legal_moves() if m.line == "bear"]
        if bears:
            break
        game.pass_turn()
    sheet = game.provisional_score_sheet()
    crown = next(s for s in sheet.rounds[-1].lines if s.lines == ("crown",))
    explained = game.explain(bears[0])
    terms = {t.id: t for t in explained.terms}
    assert terms["districts"].label == "Districts of this line" and terms["districts"].before == 0
    assert terms["stations"].before == 0
    after = game.copy()
    after.play(bears[0])
    bear = next(s for s in after.provisional_score_sheet().rounds[-1].lines
                if s.lines == ("bear",))
    assert (terms["districts"].after, terms["stations"].after) == (bear.district_count,
                                                                   bear.station_count)
    assert (bear.district_count, crown.district_count) != (0, 0)
    london = Game.new(players=1, seed=2, map="london")
    london.reveal()
    assert {t.id: t.label for t in london.explain(london.legal_moves()[0]).terms}[
        "districts"] == "Districts"  # one line: no "of this line"


def test_a_move_that_changes_the_score_says_what_changes() -> None:
    """The reason of a move worth points named nothing ('+2: no score term changes now', in
    the Hint and in explain()) when the Crown line gained a station or a district the Bear
    line already had more of or had reached, or an interchange gained a colour. Every move of
    these greedy games (Berlin, effects and objectives, seeds 1 and 2) that changes the total
    now says what changes."""
    silent = []
    for seed in (1, 2):
        game = Game.new(players=1, seed=seed, modules=["effects", "objectives"])
        rng = random.Random(seed)
        while not game.is_over:
            if game.has_finished_turn():
                game.reveal()
                continue
            for move in game.legal_moves():
                explained = game.explain(move)
                if explained.change and "no score term changes" in explained.reason:
                    silent.append((seed, game.round, game.turn, str(move), explained.reason))
            play_turn(game, 0, "greedy", rng)
    assert silent == []
    # the words: the Crown line's own stations and districts, a third colour at a station
    game = Game.new(players=1, seed=1, modules=["effects", "objectives"])
    rng = random.Random(1)
    while (game.round, game.turn) != (1, 4) or game.has_finished_turn():
        if game.has_finished_turn():
            game.reveal()
        else:
            play_turn(game, 0, "greedy", rng)
    assert game.explain("crown I6-F9").reason == "+2: 2 stations in Neukölln"


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_move_that_connects_the_start_stations_says_so_once(language: str) -> None:
    """The reason read '+14: 2 stations in Mitte; connects the start stations; Start stations
    connected: 1': the +10 box said again as a count (found in the French workshop run)."""
    from nsb_widget.i18n import translator
    from nsb_widget.workshop import exercise

    game = exercise("berlin-join", language).position()
    t = translator(language)
    reason = game.explain("crown F3-G3").reason
    assert reason.count(t("connects the start stations")) == 1, reason
    assert t("Start stations connected") not in reason, reason
