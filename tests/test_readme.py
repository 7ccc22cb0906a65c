"""The README's cell example does what it says."""

from __future__ import annotations

from nsb_widget import Game


def test_readme_example():
    game = Game.new(players=1, seed=2)
    game.reveal()
    assert repr(game.cards) == "(Card('crown circle'),)"
    assert repr(game.legal_moves()) == "[Move('crown H2-J4'), Move('crown H2-H5')]"
    assert game.why_illegal("crown H2-G2").message == "the card shows a circle; G2 is a pentagon"
    assert str(game.play("crown H2-J4")) == "crown H2-J4"
    game.undo()
    assert len(game.history) == 1


def test_readme_london_example():
    game = Game.new(map="london", players=1, seed=2, modules=["objectives", "powers"])
    assert repr(game.reveal()) == "(LondonCard('street pentagon'),)"
    assert repr(game.legal_moves()) == "[Move('H4-J2'), Move('H4-I5')]"
    assert game.power() == "joker" and game.pencil() == "pink"
    game.use_power("joker")
    assert str(game.play("H4-E7")) == "H4-E7"
    assert "already used this round" in game.why_power_illegal("joker").message
    sheet = game.score_sheet()
    assert sheet.tracks[0].id == "tourist" and len(sheet.objectives) == 2
