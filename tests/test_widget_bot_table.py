"""A whole game at a table of one human and two bots, played through the widget's messages (what
the front end sends), checked at every turn: the bots moved, the human's turn is open when it
should be, and at the end the ranking is shown with the bots named as bots."""

from __future__ import annotations

import logging
import random
import warnings

import pytest

pytest.importorskip("anywidget")

from widget_support import RecordedWidget

from nsb_widget import Game
from nsb_widget.bots import SearchBot
from nsb_widget.rules.moves import Draw, Pass, Reveal, UsePower

BOTS = (1, 2)


class Table(RecordedWidget):
    """The widget of player 1 (the human) at a table of three, with its messages recorded."""

    def send(self, content: dict) -> None:
        super().send(content)
        notice = self.w.notice
        assert notice.get("level") != "error", (content, notice)

    def hint(self) -> dict:
        self.send({"type": "hint", "version": self.w.hints["version"]})
        [reply] = [m["content"] for m in self.sent if m.get("method") == "custom"]
        assert reply["hint"] is not None, reply
        return reply["hint"]


def _since_reveal(game: Game) -> list:
    log = game.history
    start = max(i for i, a in enumerate(log) if isinstance(a, Reveal))
    return list(log[start + 1:])


def _check_after_reveal(t: Table) -> None:
    """The card is out: both bots have played their whole turn, the human's turn is open."""
    game, w = t.game, t.w
    acted = _since_reveal(game)
    for p in BOTS:
        assert game.has_finished_turn(p), f"bot {p} has not finished its turn"
        mine = [a for a in acted if getattr(a, "player", None) == p]
        assert mine and isinstance(mine[-1], Draw | Pass), (p, mine)
    assert not any(getattr(a, "player", None) == 0 for a in acted)
    assert game.waiting_for() == [0]
    turn = w.turn
    assert turn["phase"] == "draw" and not turn["can_reveal"] and not turn["game_over"]
    assert turn["thinking"] == [] and turn["waiting_for"] == [0]
    assert [b["player"] for b in turn["bot_turns"]] == list(BOTS)
    assert all(b["text"] for b in turn["bot_turns"])
    labels = game.map.labels
    assert {(labels[o], labels[d]) for _line, o, d in w.hints["moves"]} == {
        (m.origin, m.target) for m in game.legal_moves(0)}
    assert turn["players"][0]["finished"] is False
    assert all(turn["players"][p]["finished"] for p in BOTS)


def _play_human_turn(t: Table, rng: random.Random) -> None:
    """Player 1's turn by the messages of clicks: sometimes the Hint followed, sometimes a
    section drawn, taken back and drawn again, sometimes a pass."""
    game, w = t.game, t.w
    for _ in range(6):  # a Double Switch or a power: more than one action in a turn
        if game.has_finished_turn(0):
            return
        choice = rng.random()
        if choice < 0.3:
            hint = t.hint()
            if hint["kind"] == "power":
                station = hint["power"]["station"]
                t.send({"type": "power", "power": hint["power"]["id"],
                        **({"station": station} if station is not None else {})})
                continue
            if hint["kind"] == "draw":
                t.send({"type": "draw", "origin": hint["origin"], "target": hint["target"],
                        "line": hint["line"]})
                continue
            t.send({"type": "pass"})
            continue
        moves = w.hints["moves"]
        if not moves or choice > 0.95:
            t.send({"type": "pass"})
            continue
        line, origin, target = rng.choice(moves)
        draw = {"type": "draw", "origin": origin, "target": target,
                "line": w.map_data["lines"][line]}
        t.send(draw)
        if choice < 0.4 and not game.has_finished_turn(0):
            continue
        if choice < 0.4:  # regret it: Undo, then draw it again
            t.send({"type": "undo"})
            assert not game.has_finished_turn(0)
            t.send(draw)
    assert game.has_finished_turn(0), "the human's turn did not end"


@pytest.mark.parametrize("city, modules", [
    ("berlin", []), ("berlin", ["effects", "objectives"]),
    ("london", []), ("london", ["powers", "objectives"]),
])
def test_a_whole_game_against_two_bots(city, modules, caplog):
    game = Game.new(map=city, players=3, seed=17, modules=modules, names=["Ada", "Bo", "Cy"])
    search = SearchBot(seconds=None, iterations=64, seed=1)
    t = Table(game, bots={1: "greedy", 2: search}, bot_seed=3, hint_bot="greedy")
    rng = random.Random(city + "".join(modules))
    assert t.w.game_info["players"] == [{"name": "Ada", "bot": False},
                                        {"name": "Bo", "bot": True},
                                        {"name": "Cy", "bot": True}]
    turns = 0
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a subscriber's failure would be a warning
        with caplog.at_level(logging.WARNING, logger="nsb_widget"):
            while not game.is_over:
                assert t.w.turn["can_reveal"] and game.waiting_for() == []
                t.send({"type": "reveal"})
                turns += 1
                _check_after_reveal(t)
                _play_human_turn(t, rng)
                assert turns < 80
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING], caplog.text
    assert turns >= 4 * 5
    # Every action of every player went through; the bots drew sections every round.
    drawn = {p: {a.move for a in game.history if isinstance(a, Draw) and a.player == p}
             for p in range(3)}
    assert all(len(drawn[p]) >= 8 for p in BOTS), {p: len(d) for p, d in drawn.items()}
    assert not [a for a in game.history if isinstance(a, UsePower) and a.player == 0
                and "powers" not in modules]
    # The end: the ranking is there, every player in it, with the bots marked as bots.
    turn = t.w.turn
    assert turn["game_over"] and not turn["can_reveal"] and turn["waiting_for"] == []
    assert turn["ranking"] == game.ranking()
    assert sorted(p for group in turn["ranking"] for p in group) == [0, 1, 2]
    assert [p["total"] for p in turn["players"]] == [game.score(p) for p in range(3)]
    assert turn["announcement"].startswith("Game over: final result")
    assert [p["bot"] for p in t.w.game_info["players"]] == [False, True, True]
    assert t.w.strings["messages"]["panel.player_bot"] == "{name} (bot)"
    assert t.w.scores["total"] == game.score(0) and t.w.scores["final"]
    # After the end: nothing to hint, no bot moves, a new game deals again with the bots.
    t.sent.clear()
    t.w._handle_msg({"content": {"data": {"method": "custom", "content": {"type": "hint"}}},
                     "buffers": []})
    assert "New game" in t.w.notice["text"]
    t.send({"type": "new_game"})
    assert not game.is_over and game.history == () and t.w.turn["ranking"] is None
    t.send({"type": "reveal"})
    _check_after_reveal(t)
