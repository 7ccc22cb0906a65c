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
