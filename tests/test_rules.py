"""Construction rules of Next Station: Berlin and the reason each illegal move gets.

Every illegal move is checked three ways: ``why_illegal(move).reason``, ``play(move)`` raising
:class:`IllegalMoveError` with the same ``reason`` and a message naming the stations, and the
game being exactly as before (history, saved form, legal moves, ends, score sheet).

Map notes (column A-J, row 1-10): green Bear start E1, Crown start I8; pink A8 / H2;
blue A3 / F10; brown E7 / J5.
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from support import end_game, end_round, new_game, turn

from nsb_widget import Game, Phase
from nsb_widget.errors import IllegalMoveError, NotationError, PhaseError
from nsb_widget.maps import get_map
from nsb_widget.rules.moves import Draw, Move, Pass
from nsb_widget.rules.reasons import Reason
from nsb_widget.rulesets.berlin import Card, Line, Module
from nsb_widget.rulesets.berlin.scoring import assess
from nsb_widget.scoring import rank

MAP = get_map("berlin")
PENCILS = {p.id for p in MAP.pencils}
BEAR, CROWN = Line.BEAR, Line.CROWN


# ---------------------------------------------------------------------------- helpers








def snapshot(g: Game, player: int = 0) -> tuple:
    return (
        g.history,
        g.to_json(),
        g.phase,
        g.round,
        g.turn,
        g.open_lines(player) if g.phase is not Phase.OVER else (),
        [str(m) for m in g.legal_moves(player)],
        {line: g.line_ends(line, player) for line in ("bear", "crown")},
        {line: g.line_stations(line, player) for line in ("bear", "crown")},
        g.sbahn_stations(player),
        g.score_sheet(player),
    )


def assert_illegal(g: Game, move: str, reason: Reason, *names: str, player: int = 0) -> str:
    """Check ``move`` is refused for ``reason``, naming ``names``, with the game unchanged.
    Returns the message."""
    before = snapshot(g, player)
    why = g.why_illegal(move, player)
    assert why is not None, f"{move} should be illegal"
    assert why.reason is reason, why
    assert not g.is_legal(move, player)
    parsed = Move.parse(move)
    assert parsed not in g.legal_moves(player)
    with pytest.raises(IllegalMoveError) as exc:
        g.play(move, player)
    assert exc.value.reason is reason
    text = str(exc.value)
    for name in (parsed.origin, parsed.target, *names):
        assert name in text, f"{name!r} not in {text!r}"
    for name in names:
        assert name in why.message, f"{name!r} not in {why.message!r}"
    assert snapshot(g, player) == before
    return why.message


def green_bear_e1_g3_j6() -> Game:
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    turn(g, "bear circle", moves=["bear G3-J6"])
    return g


# ---------------------------------------------------------------------------- illegal moves
def test_wrong_line_card_shows_crown():
    g = new_game()
    g.reveal("crown circle")
    msg = assert_illegal(g, "bear E1-F1", Reason.WRONG_LINE)
    assert "Crown" in msg
    assert g.is_legal("crown I8-H9")


def test_not_an_end():
    g = green_bear_e1_g3_j6()
    g.reveal("bear triangle")
    msg = assert_illegal(g, "bear G3-H2", Reason.NOT_AN_END, "G3")
    assert "E1" in msg and "J6" in msg  # the message lists the ends


def test_not_on_line_with_double_switch():
    g = green_bear_e1_g3_j6()
    g.reveal("double switch", "bear triangle")
    assert_illegal(g, "bear D1-D2", Reason.NOT_ON_LINE, "D1")
    # I8 is on the Crown line, not the Bear line.
    assert_illegal(g, "bear I8-I6", Reason.NOT_ON_LINE, "I8")
    assert g.is_legal("bear G3-H2") and g.is_legal("crown I8-I6")


def test_same_station():
    g = new_game()
    g.reveal("bear pentagon")
    assert_illegal(g, "bear E1-E1", Reason.SAME_STATION)


def test_not_straight():
    g = new_game()
    g.reveal("bear triangle")
    assert_illegal(g, "bear E1-F3", Reason.NOT_STRAIGHT, "E1", "F3")


def test_through_a_station():
    g = new_game()
    g.reveal("bear pentagon")
    assert_illegal(g, "bear E1-E4", Reason.THROUGH_STATION, "E3")


def test_wrong_symbol():
    g = new_game()
    g.reveal("bear square")
    msg = assert_illegal(g, "bear E1-D2", Reason.WRONG_SYMBOL, "D2")
    assert "triangle" in msg and "square" in msg


def test_loop():
    g = new_game()
    turn(g, "bear triangle", moves=["bear E1-D2"])
    turn(g, "bear square", moves=["bear D2-E3"])
    g.reveal("bear pentagon")
    assert {"E1", "E3"} == set(g.line_ends("bear"))
    assert_illegal(g, "bear E3-E1", Reason.LOOP, "E1")


def test_loop_not_allowed_with_double_switch():
    g = new_game()
    turn(g, "bear triangle", moves=["bear E1-D2"])
    turn(g, "bear square", moves=["bear D2-E3"])
    g.reveal("double switch", "bear pentagon")
    assert_illegal(g, "bear E3-E1", Reason.LOOP, "E1")


def test_loop_across_a_joined_line():
    """Once joined, the former Crown stations belong to the same line: no loop back to them."""
    g = new_game()
    turn(g, "crown circle", moves=["crown I8-F8"])
    turn(g, "crown triangle", moves=["crown F8-F3"])
    turn(g, "crown square", moves=["crown F3-G3"])
    turn(g, "crown pentagon", moves=["crown G3-E1"])
    assert g.lines_joined()
    g.reveal("double switch", "bear circle")
    assert g.is_legal("bear E1-F1")  # F1 is new: fine
    assert_illegal(g, "bear I8-F8", Reason.LOOP, "F8")


def test_section_taken_by_another_colour():
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    end_round(g)
    assert g.pencil() == "pink"
    turn(g, "crown square", moves=["crown H2-G3"])
    g.reveal("crown pentagon")
    msg = assert_illegal(g, "crown G3-E1", Reason.SECTION_TAKEN, "E1-G3")
    assert "green" in msg


def test_crosses_another_colours_section_names_it_and_its_colour():
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    end_round(g)
    turn(g, "crown pentagon", moves=["crown H2-G2"])
    g.reveal("crown triangle")
    msg = assert_illegal(g, "crown G2-D2", Reason.CROSSES, "E1-G3", "green")
    assert msg.startswith("G2-D2 crosses")  # as the player wrote it (issue 18, item 19)


def test_a_reason_quotes_each_section_the_way_round_it_was_written():
    """Issue 18, item 19: "bear I8-E4" was refused with "E4-I8 crosses ..." (the map's order of
    the stations); the crossed section was quoted as "F3-F8" though drawn as "F8-F3"."""
    g = Game.new(seed=183)
    for move in ("bear E1-F1", "crown I8-F8", "crown F8-F3", "bear F1-F3", "crown I8-I9", None,
                 "crown E1-D1"):
        g.reveal()
        g.play(move) if move else g.pass_turn()
    g.reveal()  # double switch: bear joker
    for written in ("bear I8-E4", "bear i8-e4"):
        assert str(g.why_illegal(written)) == "I8-E4 crosses the green section F8-F3"
    with pytest.raises(IllegalMoveError, match="bear I8-E4 is illegal: I8-E4 crosses"):
        g.play("bear I8-E4")


def test_crosses_own_colour_section():
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    turn(g, "bear pentagon", moves=["bear G3-G2"])
    g.reveal("bear triangle")
    assert_illegal(g, "bear G2-D2", Reason.CROSSES, "E1-G3", "green")


def test_turn_done_after_drawing_and_after_passing():
    g = new_game()
    g.reveal("bear square")
    g.play("bear E1-G3")
    # Solo: the turn is over at once and the game waits for the next card; drawing again is
    # refused for the draw already made, as at a table.
    assert g.phase is Phase.REVEAL
    assert_illegal(g, "bear G3-G2", Reason.TURN_DONE)
    g2 = Game.new(players=2, scenario=True)
    g2.reveal("bear square")
    g2.play("bear E1-G3", 0)
    assert_illegal(g2, "bear E1-D1", Reason.TURN_DONE, player=0)
    g2.pass_turn(1)
    g2.reveal("bear circle")
    g2.pass_turn(0)
    assert_illegal(g2, "bear G3-J6", Reason.TURN_DONE, player=0)
    assert g2.is_legal("bear A3-A7", 1)


def test_double_switch_slot_used_then_turn_done():
    g = Game.new(players=2, scenario=True)
    g.reveal("double switch", "bear triangle")
    g.play("bear E1-D2", 0)
    assert_illegal(g, "bear D2-C3", Reason.SLOT_USED, player=0)
    g.play("crown I8-I6", 0)
    assert_illegal(g, "crown I6-F9", Reason.TURN_DONE, player=0)


def test_no_card_revealed():
    g = new_game()
    assert g.phase is Phase.REVEAL
    assert g.legal_moves() == []
    assert_illegal(g, "bear E1-G3", Reason.NO_CARD)


def test_game_over():
    g = new_game()
    end_game(g)
    assert g.is_over and g.phase is Phase.OVER
    why = g.why_illegal("bear A3-A2")
    assert why.reason is Reason.GAME_OVER
    with pytest.raises(IllegalMoveError) as exc:
        g.play("bear A3-A2")
    assert exc.value.reason is Reason.GAME_OVER
    with pytest.raises(PhaseError):
        g.reveal()
    with pytest.raises(PhaseError):
        g.pass_turn()
    assert g.legal_moves() == []


def test_unknown_station():
    g = new_game()
    g.reveal("bear square")
    assert_illegal(g, "bear E1-K1", Reason.UNKNOWN_STATION, "K1")
    assert_illegal(g, "bear B1-D1", Reason.UNKNOWN_STATION, "B1")  # an empty grid point


def test_notation_error_leaves_game_unchanged():
    g = new_game()
    g.reveal("bear square")
    before = snapshot(g)
    assert g.why_illegal("bear E1").reason is Reason.NOTATION
    with pytest.raises(NotationError):
        g.play("bear E1")
    assert snapshot(g) == before


def test_no_such_player():
    g = new_game()
    g.reveal("bear square")
    assert g.why_illegal("bear E1-G3", 1).reason is Reason.NO_SUCH_PLAYER
    # Without a line word the line comes from the player's open turn: a player the game lacks
    # (or None) is still an answer, never an exception (found by a longer fuzzing run).
    assert g.why_illegal("E1-G3", 1).reason is Reason.NO_SUCH_PLAYER
    assert g.why_illegal(Move(None, "A1", "A1"), None).reason is Reason.NO_SUCH_PLAYER  # type: ignore[arg-type]
    assert g.is_legal("E1-G3", 3) is False
    with pytest.raises(IllegalMoveError) as exc:
        g.play("bear E1-G3", 1)
    assert exc.value.reason is Reason.NO_SUCH_PLAYER


def test_every_legal_move_passes_why_illegal_and_nothing_else_does():
    """Consistency over seeded random games: a move is in ``legal_moves`` exactly when
    ``why_illegal`` finds nothing against it (origins: every station of the player's lines)."""
    for seed in (1, 2, 3):
        g = Game.new(seed=seed)
        rng = random.Random(seed)
        while not g.is_over:
            g.reveal()
            while not g.has_finished_turn():
                legal = set(g.legal_moves())
                members = set(g.line_stations("bear")) | set(g.line_stations("crown"))
                for line in g.open_lines():
                    for o in members:
                        for t in MAP.labels:
                            m = Move(line, o, t)
                            assert (g.why_illegal(m) is None) == (m in legal), m
                if legal and rng.random() < 0.8:
                    g.play(rng.choice(sorted(legal, key=str)))
                else:
                    g.pass_turn()


def test_refused_reveal_changes_nothing():
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    before = snapshot(g)
    with pytest.raises(PhaseError):
        g.reveal("bear square")  # already revealed this round
    with pytest.raises(PhaseError):
        g.reveal("bear circle", "crown circle")  # one card too many
    with pytest.raises(PhaseError):
        g.reveal("double switch")  # its symbol card is missing
    with pytest.raises(NotationError):
        g.reveal("bear hexagon")
    assert snapshot(g) == before


def test_a_scenario_reveal_missing_its_second_card_says_how_to_name_it():
    g = new_game()
    with pytest.raises(PhaseError, match=r"^the Double Switch's symbol card: scenario game: "
                                         r"name it in the same call, after the card before "
                                         r"it: reveal\('double switch', \.\.\.\)$"):
        g.reveal("double switch")
    glimpse = Game.new(scenario=True, modules=["effects"],
                       effects=["glimpse", "double_tracks", "triple_outer", "double_stations"])
    with pytest.raises(PhaseError, match=r"^the next turn's card \(Glimpse into the future\): "
                                         r".*reveal\('bear circle', \.\.\.\)$"):
        glimpse.reveal("bear circle")
    assert [str(c) for c in glimpse.reveal("bear circle", "crown square")] == [
        "bear circle", "crown square"]


# ---------------------------------------------------------------------------- passing
def test_passing_is_allowed_even_with_legal_moves():
    g = new_game()
    g.reveal("bear square")
    assert g.legal_moves()
    g.pass_turn()
    assert g.history[-1] == Pass(0)
    assert g.phase is Phase.REVEAL
    assert g.line_ends("bear") == ["E1"]
    with pytest.raises(PhaseError):
        g.pass_turn()  # nothing revealed to pass on


def test_pass_after_one_double_switch_section():
    g = new_game()
    g.reveal("double switch", "bear triangle")
    g.play("bear E1-D2")
    assert g.open_lines() == (CROWN,)
    g.pass_turn()
    assert g.phase is Phase.REVEAL
    assert g.line_ends("crown") == ["I8"]
    assert g.history[-2:] == (Draw(0, Move.parse("bear E1-D2")), Pass(0))


def test_next_card_waits_for_every_player():
    g = Game.new(players=3, scenario=True)
    g.reveal("bear square")
    g.pass_turn(0)
    assert g.waiting_for() == [1, 2]
    with pytest.raises(PhaseError):
        g.reveal("bear circle")
    with pytest.raises(PhaseError):
        g.pass_turn(0)
    g.pass_turn(1)
    g.pass_turn(2)
    g.reveal("bear circle")
    assert g.turn == 2


# ---------------------------------------------------------------------------- Joker, starts
def test_joker_any_symbol_and_circles_the_station():
    g = new_game()
    g.reveal("bear joker")
    assert {m.target for m in g.legal_moves()} == {"D1", "F1", "D2", "E3", "G3"}
    g.play("bear E1-D2")
    assert g.sbahn_stations() == ["D2"]
    turn(g, "bear square", moves=["bear D2-E3"])
    assert g.sbahn_stations() == ["D2"]  # an ordinary card circles nothing


def test_sbahn_station_circled_once_only():
    """A Joker reaching an already circled station does not circle it again: it stays one
    S-Bahn station and counts 2 (not 3) as an interchange."""
    g = new_game(pencils=["green", "blue", "pink", "brown"])
    turn(g, "bear joker", moves=["bear E1-D2"])
    end_round(g)
    turn(g, "bear pentagon", moves=["bear A3-B2"])
    turn(g, "bear joker", moves=["bear B2-D2"])  # D2 is already circled (green)
    assert g.sbahn_stations() == ["D2"]
    two = g.score_sheet().interchanges[0]
    assert two.stations == ("D2",) and two.sbahn == ("D2",)
    assert two.count == 2 and two.points == 4


def test_other_colours_start_stations_are_ordinary_stations():
    """A green line may use pink's Crown start H2 (a later round's start) like any station,
    and extend beyond it; in the pink round H2 is pink's start and becomes an interchange."""
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    g.reveal("bear triangle")
    assert g.is_legal("bear G3-H2")
    g.play("bear G3-H2")
    assert set(g.line_ends("bear")) == {"E1", "H2"}
    assert not g.lines_joined()
    turn(g, "bear circle", moves=["bear H2-J4"])
    end_round(g)
    assert g.pencil() == "pink" and g.line_ends("crown") == ["H2"]
    turn(g, "crown pentagon", moves=["crown H2-G2"])
    two = g.score_sheet().interchanges[0]
    assert two.stations == ("H2",)


def test_bear_and_crown_of_one_colour_meeting_is_no_interchange():
    g = new_game()
    turn(g, "bear square", moves=["bear E1-G3"])
    turn(g, "crown circle", moves=["crown I8-F8"])
    turn(g, "crown triangle", moves=["crown F8-F3"])
    turn(g, "crown square", moves=["crown F3-G3"])  # green meets green at G3
    assert g.lines_joined()
    assert all(t.count == 0 for t in g.score_sheet().interchanges)


def test_other_colours_start_station_does_not_join_lines():
    g = new_game()
    turn(g, "crown triangle", moves=["crown I8-I6"])
    turn(g, "crown pentagon", moves=["crown I6-J5"])  # J5: brown's Crown start
    assert not g.lines_joined()
    assert set(g.line_ends("crown")) == {"I8", "J5"}


# ---------------------------------------------------------------------------- end of round
@pytest.mark.parametrize("line", ["bear", "crown"])
def test_round_ends_when_fifth_card_of_a_line_is_revealed(line):
    g = new_game(pencils=["green", "pink", "blue", "brown"])
    symbols = ["square", "triangle", "pentagon", "joker"]
    for k, sym in enumerate(symbols, start=1):
        turn(g, f"{line} {sym}")
        assert not g.is_last_turn and g.round == 1
        assert g.line_cards_revealed[Line(line)] == k
    turn(g, f"{'crown' if line == 'bear' else 'bear'} square")  # the other line: no effect
    assert g.round == 1
    g.reveal(f"{line} circle")
    assert g.is_last_turn and g.phase is Phase.DRAW and g.round == 1
    move = "bear E1-F1" if line == "bear" else "crown I8-H9"
    assert g.is_legal(move)
    g.play(move)  # the 5th card's section is still drawn
    assert g.round == 2 and g.pencil() == "pink"
    (scored,) = g.round_scores()
    (drawn,) = scored.lines
    assert drawn.lines == (line,)
    assert set(drawn.stations) == ({"E1", "F1"} if line == "bear" else {"I8", "H9"})


def test_double_switch_second_card_counts_toward_five_and_gives_two_last_sections():
    g = new_game()
    for sym in ["square", "triangle", "pentagon", "joker"]:
        turn(g, f"bear {sym}")
    g.reveal("double switch", "bear circle")
    assert g.is_last_turn and g.line_cards_revealed == {BEAR: 5, CROWN: 0}
    assert g.open_lines() == (BEAR, CROWN)
    g.play("bear E1-F1")
    assert g.round == 1
    g.play("crown I8-H9")
    assert g.round == 2
    assert len(g.round_scores()[0].lines) == 2


def test_double_switch_itself_is_not_a_line_card():
    g = new_game()
    turn(g, "double switch", "crown square")
    assert g.line_cards_revealed == {BEAR: 0, CROWN: 1}


def test_nine_turns_is_the_longest_round():
    g = new_game()
    cards = [f"{line} {sym}" for sym in ["square", "triangle", "pentagon", "circle"]
             for line in ("bear", "crown")]
    for card in cards:
        turn(g, card)
        assert g.round == 1
    g.reveal("double switch", "bear joker")
    assert g.is_last_turn and g.turn == 9
    assert g.stack == (Card.parse("crown joker"),)


def test_seeded_rounds_last_five_to_nine_turns_and_end_at_the_fifth_card():
    for seed in range(40):
        g = Game.new(seed=seed)
        for _ in range(4):
            turns = 0
            while True:
                g.reveal()
                turns += 1
                counts = g.line_cards_revealed
                assert g.is_last_turn == (max(counts.values()) == 5)
                last = g.is_last_turn
                g.pass_turn()
                if last:
                    break
            assert 5 <= turns <= 9
        assert g.is_over


# ---------------------------------------------------------------------------- pencils
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_player_uses_every_pencil_once(players):
    for seed in range(5):
        g = Game.new(players=players, seed=seed)
        for p in range(players):
            assert {g.pencil(p, r) for r in range(1, 5)} == PENCILS
        for r in range(1, 5):
            used = [g.pencil(p, r) for p in range(players)]
            assert len(set(used)) == players


def test_four_players_pass_pencils_the_same_way_every_round():
    g = Game.new(players=4, seed=0)
    for direction in (1, -1):
        if all(g.pencil(p, r + 1) == g.pencil((p + direction) % 4, r)
               for p in range(4) for r in range(1, 4)):
            break
    else:
        pytest.fail("pencils do not travel one seat per round in a fixed direction")


def test_solo_pencils_follow_the_laid_out_order():
    order = ["brown", "blue", "green", "pink"]
    g = new_game(pencils=order)
    assert [g.pencil(0, r) for r in range(1, 5)] == order
    for pencil in order:
        assert g.pencil() == pencil
        assert g.line_ends("bear") == [MAP.start_station(pencil, "bear").label]
        assert g.line_ends("crown") == [MAP.start_station(pencil, "crown").label]
        end_round(g)


def test_solo_seeded_pencil_order_is_random():
    orders = {tuple(Game.new(seed=seed).setup.pencils) for seed in range(40)}
    assert all(sorted(o) == sorted(PENCILS) for o in orders)
    assert len(orders) > 5


def test_start_stations_follow_each_players_pencil():
    g = Game.new(players=2, seed=5)
    for _ in range(4):
        for p in range(2):
            pencil = g.pencil(p)
            assert g.line_ends("bear", p) == [MAP.start_station(pencil, "bear").label]
            assert g.line_ends("crown", p) == [MAP.start_station(pencil, "crown").label]
        end_round(g)


# ---------------------------------------------------------------------------- scoring rules
def test_a_round_without_sections_scores_zero():
    g = new_game()
    end_round(g)
    (score,) = g.round_scores()
    assert score.lines == () and score.score == 0 and not score.connected


def test_a_line_without_section_scores_zero_even_beside_a_drawn_line():
    g = new_game()
    turn(g, "bear square", moves=["bear E1-D1"])
    end_round(g)
    (score,) = g.round_scores()
    (line,) = score.lines  # the lone Crown start station I8 is not scored
    assert line.lines == ("bear",) and line.score == 1 * 2
    assert score.score == 2


def test_bonus_only_when_both_start_stations_are_connected():
    g = new_game()
    turn(g, "crown circle", moves=["crown I8-F8"])
    turn(g, "crown triangle", moves=["crown F8-F3"])
    turn(g, "crown square", moves=["crown F3-G3"])
    separate = g.copy()
    turn(g, "crown pentagon", moves=["crown G3-E1"])
    end_round(g)
    (line,) = g.round_scores()[0].lines
    assert line.connected_bonus == 10 and g.round_scores()[0].connected
    # Pankow E1, Mitte F3 G3, Friedrichshain-K. F8, Neukoelln I8: 4 districts x 2, + 10.
    assert line.score == 4 * 2 + 10
    turn(separate, "bear square", moves=["bear E1-D1"])
    end_round(separate)
    score = separate.round_scores()[0]
    assert [ls.connected_bonus for ls in score.lines] == [0, 0] and not score.connected


def _two_player_tie_game() -> Game:
    """Player 1 (green, then brown) scores 4 in round 1; player 2 (blue, then pink) 2 + 2."""
    g = Game.new(players=2, scenario=True)
    assert (g.pencil(0, 1), g.pencil(1, 1), g.pencil(0, 2), g.pencil(1, 2)) == (
        "green", "blue", "brown", "pink")
    turn(g, "bear square", moves={0: ["bear E1-D1"], 1: ["bear A3-A2"]})
    turn(g, "bear circle", moves={0: ["bear D1-A1"]})
    end_round(g)
    turn(g, "bear circle", moves={1: ["bear A8-A7"]})
    end_game(g)
    return g


def test_ranking_tie_broken_by_best_round_score():
    g = _two_player_tie_game()
    s0, s1 = g.score_sheet(0), g.score_sheet(1)
    assert [r.score for r in s0.rounds] == [4, 0, 0, 0]
    assert [r.score for r in s1.rounds] == [2, 2, 0, 0]
    assert s0.total == s1.total == 4
    assert (s0.tiebreak, s1.tiebreak) == (4, 2)
    assert g.ranking() == [[0], [1]]


def test_ranking_shared_victory_when_still_tied():
    g = Game.new(players=3, scenario=True)
    assert [g.pencil(p) for p in range(3)] == ["green", "pink", "blue"]
    turn(g, "bear circle", moves={0: ["bear E1-F1"], 1: ["bear A8-A7"]})
    end_game(g)
    assert g.score(0) == g.score(1) == 2 and g.score(2) == 0
    assert g.ranking() == [[0, 1], [2]]


def test_rank_total_first_then_tiebreak():
    base = new_game().score_sheet()
    a = dataclasses.replace(base, player=0, total=50, tiebreak=10)
    b = dataclasses.replace(base, player=1, total=51, tiebreak=5)
    c = dataclasses.replace(base, player=2, total=50, tiebreak=20)
    d = dataclasses.replace(base, player=3, total=50, tiebreak=10)
    assert rank([a, b, c, d]) == [[1], [2], [0, 3]]


# ---------------------------------------------------------------------------- assessment
@pytest.mark.parametrize("score, band", [
    (0, "0-70"), (70, "0-70"), (71, "71-90"), (90, "71-90"), (91, "91-110"),
    (110, "91-110"), (111, "111-130"), (130, "111-130"), (131, "131-150"),
    (150, "131-150"), (151, "150+"), (400, "150+"),
])
def test_solo_assessment_bands(score, band):
    a = assess(score)
    assert a.band == band and a.handicap == 0 and a.rated_score == score
    assert a.text


@pytest.mark.parametrize("modules, minus", [
    ([Module.OBJECTIVES], 10), ([Module.EFFECTS], 25),
    ([Module.EFFECTS, Module.OBJECTIVES], 35), (["objectives", "effects"], 35),
])
def test_solo_assessment_module_handicap(modules, minus):
    a = assess(100 + minus, modules)
    assert a.handicap == minus and a.rated_score == 100 and a.band == "91-110"
    assert assess(71 + minus - 1, modules).band == "0-70"
    assert assess(71 + minus, modules).band == "71-90"


def test_solo_assessment_on_the_score_sheet():
    g = new_game()
    turn(g, "bear square", moves=["bear E1-D1"])
    assert g.score_sheet().assessment is None  # not before the end
    end_game(g)
    sheet = g.score_sheet()
    assert sheet.assessment is not None
    assert sheet.assessment.rated_score == sheet.total == 2
    assert sheet.assessment.band == "0-70"
    multi = Game.new(players=2, seed=1)
    end_game(multi)
    assert multi.score_sheet(0).assessment is None


def test_no_section_on_a_map_with_explicit_sections():
    """A map may list its sections; stations in line without a listed section are refused."""
    from nsb_widget.maps import get_map, load_map

    berlin = get_map("berlin")
    pairs = [[berlin.stations[s.a].label, berlin.stations[s.b].label] for s in berlin.sections]
    start = berlin.start_station("green", "bear")
    removed = [p for p in pairs if start.label in p]
    custom = load_map(dict(berlin.source, id="sparse",
                           sections=[p for p in pairs if p not in removed[:1]]))
    g = Game.new(scenario=True, map=custom, pencils=["green", "pink", "blue", "brown"])
    other = removed[0][1] if removed[0][0] == start.label else removed[0][0]
    symbol = custom.station(other).symbol.value
    g.reveal(f"bear {symbol}")
    problem = g.why_illegal(f"bear {start.label}-{other}")
    assert problem is not None and problem.reason is Reason.NO_SECTION
    assert f"no dashed line between {start.label} and {other}" in problem.message


def test_a_game_can_only_be_made_with_a_seed_and_names_its_save_file_can_hold():
    from nsb_widget.rules.setup import MAX_NAME, MAX_SEED_BITS

    with pytest.raises(ValueError, match="bits"):
        Game.new(seed=2 ** MAX_SEED_BITS)
    with pytest.raises(ValueError, match="name"):
        Game.new(names=["x" * (MAX_NAME + 1)])
    game = Game.new(seed=2 ** MAX_SEED_BITS - 1, names=["x" * MAX_NAME])
    assert Game.from_json(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("options", [
    {"players": 9}, {"seed": "x"}, {"modules": ["nope"]}, {"pencils": [1, 2]}, {"names": 5},
    {"modules": ["effects"], "effects": ["x"] * 4}, {"map": "london", "powers": ["joker"]},
])
def test_bad_arguments_to_new_are_argument_errors(options):
    from nsb_widget import ArgumentError

    with pytest.raises(ArgumentError) as err:
        Game.new(**options)
    assert isinstance(err.value, ValueError) and 0 < len(str(err.value)) < 300


def test_names_of_the_wrong_length_say_how_many_are_needed():
    from nsb_widget import ArgumentError

    with pytest.raises(ArgumentError, match=r"^names gives one name per player: 1 player\(s\) "
                                            r"need 1 name\(s\), not 2$"):
        Game.new(names=["Ada", "Grace"])


@pytest.mark.parametrize("players", [1, 2])
def test_drawing_again_says_the_section_is_drawn_with_any_number_of_players(players):
    """Solo, the turn ends with the draw (the game waits for a reveal): a second draw is
    refused for the same reason as at a table, not for want of a card."""
    game = Game.new(players, 2)
    game.reveal()
    move = game.legal_moves()[0]
    game.play(move)
    with pytest.raises(IllegalMoveError) as info:
        game.play(move)
    assert info.value.reason is Reason.TURN_DONE
    assert str(info.value).endswith("is illegal: you have already drawn your section this turn")
    if players == 2:
        game.pass_turn(1)  # the turn is over: the same reason
        assert game.why_illegal(move, 0).message == "you have already drawn your section this turn"
        assert game.why_illegal(move, 1).message == "you have passed this turn"
    fresh = Game.new(players, 2)
    assert fresh.why_illegal(move).message == "no card is revealed yet: reveal the next card first"


@pytest.mark.parametrize(("options", "message"), [
    ({"player": 2}, "the Berlin rules take no player (did you mean 'players'?)"),
    ({"seeds": 3, "colour": 1}, "the Berlin rules take no colour, seeds (did you mean 'seed'?)"),
    ({"map": "london", "power": ["joker"]},
     "the London rules take no power (did you mean 'powers'?)"),
    ({"map": "london", "effects": ["glimpse"]}, "the London rules take no effects"),
])
def test_a_misspelt_keyword_of_new_is_pointed_at_the_closest(options, message):
    from nsb_widget.errors import ArgumentError

    with pytest.raises(ArgumentError) as info:
        Game.new(**options)
    assert str(info.value) == message


def test_the_keywords_a_typo_is_compared_with_are_those_of_new():
    import inspect

    from nsb_widget.rules.setup import NEW_KEYWORDS

    parameters = inspect.signature(Game.new).parameters
    assert set(NEW_KEYWORDS) == {name for name, p in parameters.items()
                                 if p.kind is not p.VAR_KEYWORD}
