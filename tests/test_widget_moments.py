"""The widget's Python side of issue 18: a repeat of the action just done is no mistake, a notice
belongs to the moment that caused it, every running total agrees, and the page is told which
bots are thinking while the kernel is busy with them. The browser side of the same items is in
``test_e2e_issue18.py`` and ``js/tests/issue18.test.mjs``."""

from __future__ import annotations

import random
from typing import Any

from nsb_widget import Game
from nsb_widget.bots import GreedyBot
from nsb_widget.widget import BerlinWidget


class Harness:
    """A widget whose messages are fed in directly; every synced state is recorded."""

    def __init__(self, game: Game, **kw: Any) -> None:
        self.game = game
        self.w = BerlinWidget(game, **kw)
        self.updates: list[dict[str, Any]] = []
        self.w._send = lambda msg, buffers=None: self.updates.append(msg)

    def send(self, content: dict[str, Any]) -> None:
        self.w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                            "buffers": []})

    def turns_sent(self) -> list[dict[str, Any]]:
        return [m["state"]["turn"] for m in self.updates
                if m.get("method") == "update" and "turn" in m.get("state", {})]


def test_a_double_click_on_reveal_or_pass_acts_once_and_shows_no_error():
    """Item 3: the second click of a double-click reaches Python after the first was done."""
    for players in (1, 2):
        h = Harness(Game.new(players=players, seed=6))
        h.send({"type": "reveal"})
        h.send({"type": "reveal"})
        assert len(h.game.history) == 1 and h.w.notice["text"] == ""
        h.send({"type": "pass"})
        h.send({"type": "pass"})
        assert len(h.game.history) == 2 and h.w.notice["text"] == ""
    # a real mistake still says so: revealing while another player must draw, or once the
    # game changed since the reveal (here: the other player passed meanwhile)
    two = Harness(Game.new(players=2, seed=6))
    two.send({"type": "reveal"})
    two.send({"type": "pass"})  # player 1 is done, player 2 is not
    two.send({"type": "reveal"})
    assert "cannot reveal yet" in two.w.notice["text"] and len(two.game.history) == 2
    two.send({"type": "pass"})  # player 1's pass again: a repeat, no error
    assert two.w.notice["text"] == "" and len(two.game.history) == 2
    two.game.undo()  # from a cell: the game changed, so a pass now is a new one
    two.send({"type": "pass"})
    assert len(two.game.history) == 2 and two.w.notice["text"] == ""
    two.send({"type": "reveal"})
    two.game.pass_turn(1)
    two.send({"type": "reveal"})  # player 2 passed since the failed reveal: this one works
    assert two.game.turn == 2 and two.w.notice["text"] == ""


def test_a_notice_goes_when_the_game_moves_on():
    """Item 4: an error about a click stays until the game moves on, then it goes."""
    h = Harness(Game.new(seed=6))
    h.send({"type": "reveal"})
    moves = h.game.legal_moves()
    targets = {h.game.map.station(m.target).index for m in moves}
    wrong = next(i for i in range(len(h.game.map.stations)) if i not in targets)
    h.send({"type": "draw", "target": wrong})
    assert h.w.notice["level"] == "error" and h.w.notice["text"]
    h.send({"type": "pass"})
    assert h.w.notice["text"] == ""
    h.send({"type": "reveal"})
    h.send({"type": "draw", "target": wrong})
    assert h.w.notice["text"]
    h.game.pass_turn()  # from a cell: the game moved on all the same
    assert h.w.notice["text"] == ""


def test_every_running_total_includes_the_round_in_play():
    """Item 5: "Round 1: 2 so far" and "So far 0" disagreed; the panel, the sheet's totals and
    the export (which reads them) now show the same running total."""
    for city in ("berlin", "london"):
        game = Game.new(map=city, players=2, seed=3)
        h = Harness(game)
        rng = random.Random(3)
        seen_live = 0
        for _ in range(40):
            if game.is_over:
                break
            if game.phase.value == "reveal":
                game.reveal()
            for p in game.waiting_for():
                moves = game.legal_moves(p)
                game.play(rng.choice(moves), p) if moves else game.pass_turn(p)
            scores, turn = h.w.scores, h.w.turn
            current = scores.get("current")
            scored = sum(r["score"] for r in scores["rounds"])
            live = current["score"] if current else 0
            seen_live += bool(live)
            assert scores["lines_total"] == scored + live
            assert scores["total"] == (scores["lines_total"] + scores["tracks_total"]
                                       + scores["interchanges_total"]
                                       + scores["objectives_total"])
            assert turn["players"][0]["total"] == scores["total"]
            # the round in play counts once the player has drawn a section in it (London's
            # departure station alone would score 1)
            drawn = not game.is_over and any(d.round == game.round - 1
                                             for d in game.sheets[0].history)
            assert scores["total"] == (game.provisional_score_sheet(0) if drawn
                                       else game.score_sheet(0)).total
            assert ("current" in scores) == drawn
        assert seen_live > 3


class SlowBot(GreedyBot):
    """A greedy bot that looks at the widget's last synced turn while it chooses."""

    seen: list[list[int]]

    def __init__(self, widget_ref: list[BerlinWidget]) -> None:
        super().__init__()
        self.widget_ref = widget_ref
        self.seen = []

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Any:
        self.seen.append(list(self.widget_ref[0].turn["thinking"]))
        return super().choose_plan(game, player, rng)


def test_the_page_is_told_which_bots_think_before_they_do():
    """Item 10: the card and "thinking" are synced before a bot takes its time, and the
    thinking ends with its turn."""
    ref: list[BerlinWidget] = []
    bots = {1: SlowBot(ref), 2: SlowBot(ref)}
    game = Game.new(players=3, seed=8)
    h = Harness.__new__(Harness)
    h.game, h.updates = game, []
    widget = BerlinWidget.__new__(BerlinWidget)
    ref.append(widget)
    BerlinWidget.__init__(widget, game, bots=bots)
    h.w = widget
    widget._send = lambda msg, buffers=None: h.updates.append(msg)
    h.send({"type": "reveal"})
    assert bots[1].seen[-1] == [1, 2] and bots[2].seen[-1] == [2]
    thinking = [t["thinking"] for t in h.turns_sent()]
    assert thinking[0] == [1, 2] and thinking[-1] == []
    first = h.turns_sent()[0]
    assert first["turn"] == 1 and first["cards"]  # the card shows while they think
    assert [b.get("thinking", False) for b in first["bot_turns"]] == [True, True]
    assert first["bot_turns"][0]["text"] == "is thinking…"
    assert widget.turn["thinking"] == [] and not any(
        b.get("thinking") for b in widget.turn["bot_turns"])
