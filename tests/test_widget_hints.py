"""The same position gives the same hint: in the widget (it remembers the hints it gave) and
from ``suggest`` (its imagined cards are seeded from the player's position)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("anywidget")

from widget_support import RecordedWidget

from nsb_widget import Game
from nsb_widget.bots import RandomBot
from nsb_widget.bots.hint import position_key, suggest
from nsb_widget.widget.widget import BerlinWidget


class CountingRandomBot(RandomBot):
    """The random bot, counting how often it is asked: a hint that varies from call to call
    unless the same imagined chance is given again."""

    name = "counting"

    def __init__(self) -> None:
        self.asked = 0

    def choose(self, game, player, rng):
        self.asked += 1
        return super().choose(game, player, rng)


class Harness(RecordedWidget):
    """A widget whose hint answers are recorded."""

    def press_hint(self) -> dict:
        """The Hint button: the hint the page is sent."""
        self.send({"type": "hint", "version": self.w.hints["version"]})
        [reply] = [m["content"] for m in self.sent if m.get("method") == "custom"]
        assert reply["hint"] is not None, reply
        return reply["hint"]


def _wide_turn(game: Game, player: int = 0, least: int = 4) -> None:
    """Reveal (passing) until ``player`` has at least ``least`` sections to choose from."""
    for _ in range(40):
        if game.phase.value == "reveal":
            game.reveal()
        if len(game.legal_moves(player)) >= least:
            return
        for p in game.waiting_for():
            game.pass_turn(p)
    raise AssertionError("no turn with a wide choice")


def test_pressing_hint_again_gives_the_same_hint_without_a_new_search():
    game = Game.new(seed=3)
    bot = CountingRandomBot()
    h = Harness(game, hint_bot=bot)
    _wide_turn(game)
    first = h.press_hint()
    again = [h.press_hint() for _ in range(5)]
    assert all(hint == first for hint in again), (first, again)
    assert h.w.hint().move is not None and str(h.w.hint().move) == first["move"]
    assert bot.asked == 1  # one search for the position, whatever the presses


def test_a_move_makes_a_new_position_and_undo_goes_back_to_its_hint():
    game = Game.new(seed=3)
    bot = CountingRandomBot()
    h = Harness(game, hint_bot=bot)
    _wide_turn(game)
    first = h.press_hint()
    # Draw a section other than the hint's, regret it, take it back (Undo): the same
    # position, so the same hint, without a new search.
    move = next(m for m in game.legal_moves() if str(m) != first["move"])
    h.send({"type": "draw", "origin": game.map.labels.index(move.origin),
            "target": game.map.labels.index(move.target), "line": move.line})
    assert game.history[-1].move == move
    h.send({"type": "undo"})
    assert h.press_hint() == first and bot.asked == 1
    # Drawn, and the next card: a new position, a new search, a hint for it.
    game.play(move)
    game.reveal()
    _wide_turn(game, least=1)
    second = h.press_hint()
    assert bot.asked == 2
    assert [h.w.map_data["lines"].index(second["line"]), second["origin"],
            second["target"]] in h.w.hints["moves"]
    # Both taken back from a cell (the reveal too): the first position's hint again.
    game.undo()
    game.undo()
    assert h.press_hint() == first and bot.asked == 2


def test_another_players_move_does_not_change_the_hint():
    game = Game.new(players=2, seed=3)
    bot = CountingRandomBot()
    h = Harness(game, hint_bot=bot)
    _wide_turn(game)
    first = h.press_hint()
    h.send({"type": "select_player", "player": 1})  # hot seat: player 2 draws
    moves = game.legal_moves(1)
    if moves:
        game.play(moves[0], 1)
    else:
        game.pass_turn(1)
    h.send({"type": "select_player", "player": 0})
    assert h.press_hint() == first and bot.asked == 1


def test_a_new_language_words_the_hint_again():
    game = Game.new(seed=3, language="en")
    bot = CountingRandomBot()
    h = Harness(game, hint_bot=bot)
    _wide_turn(game)
    english = h.press_hint()
    h.w.language = "de"
    german = h.press_hint()
    assert bot.asked == 2 and german["reason"] != english["reason"]
    assert german["move"] == english["move"]  # the position's own chance: the same choice
    h.w.language = "en"
    assert h.press_hint() == english and bot.asked == 2


def test_the_widget_remembers_its_last_positions_only(monkeypatch):
    from nsb_widget.widget import widget as widget_module

    monkeypatch.setattr(widget_module, "HINT_MEMORY", 2)
    game = Game.new(seed=3)
    bot = CountingRandomBot()
    w = BerlinWidget(game, hint_bot=bot)
    _wide_turn(game)
    for language in ("en", "de", "fr"):  # three hints to remember, room for two
        w.language = language
        w.hint()
    assert bot.asked == 3 and len(w._hints_given) == 2
    w.hint()  # the last one: remembered
    w.language = "en"
    w.hint()  # the oldest: forgotten, searched again
    assert bot.asked == 4 and len(w._hints_given) == 2


def test_a_failed_hint_is_not_remembered():
    class Once(CountingRandomBot):
        def choose(self, game, player, rng):
            self.asked += 1
            if self.asked == 1:
                raise ZeroDivisionError("not yet")
            return RandomBot.choose(self, game, player, rng)

    game = Game.new(seed=3)
    bot = Once()
    h = Harness(game, hint_bot=bot)
    _wide_turn(game)
    h.send({"type": "hint", "version": h.w.hints["version"]})
    assert h.w.notice["level"] == "error"
    assert h.press_hint()["move"] and bot.asked == 2


@pytest.mark.parametrize("city", ["berlin", "london"])
def test_the_default_hint_button_gives_the_same_hint_twice(city):
    """The default hint bot (the search, 0.9 s) pressed twice: one search, one hint."""
    game = Game.new(map=city, seed=11)
    h = Harness(game)
    _wide_turn(game)
    first = h.press_hint()
    assert h.press_hint() == first


# ------------------------------------------------------------------------------ suggest()
def test_suggest_twice_in_a_position_imagines_the_same_chance():
    game = Game.new(seed=3)
    _wide_turn(game, least=6)
    hints = {str(suggest(game, 0, bot="random").move) for _ in range(8)}
    assert len(hints) == 1, hints
    # a given rng is still the caller's: fresh unseeded ones vary
    assert len({str(suggest(game, 0, "random", random.Random()).move) for _ in range(12)}) > 1


def test_the_position_key_holds_nothing_hidden():
    game = Game.new(players=2, seed=3, names=["Ada", "Bo"])
    _wide_turn(game)
    key = position_key(game, 0)
    # another seed dealing the same cards so far: the same position (the seed orders the
    # cards still face down); a scenario game naming the same cards too
    scenario = Game.new(players=2, scenario=True, pencils=game.setup.pencils)
    for action in game.history:
        if type(action).__name__ == "Reveal":
            scenario.reveal(*action.cards)
        else:
            scenario.apply(action)
    assert position_key(scenario, 0) == key
    assert "seed" not in key and "Ada" not in key
    # the player's own move changes it; the other's does not
    game.pass_turn(1)
    assert position_key(game, 0) == key and position_key(game, 1) != key
    game.play(game.legal_moves(0)[0], 0)
    assert position_key(game, 0) != key
