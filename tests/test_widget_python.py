"""The widget's Python half: the message handler driven directly, with the sync captured."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("anywidget")

from nsb_widget import Game
from nsb_widget.widget.widget import BerlinWidget


class Harness:
    """A widget whose outgoing comm messages are recorded."""

    def __init__(self, game: Game | None = None, **kw):
        self.game = game if game is not None else Game.new(seed=1)
        self.w = BerlinWidget(self.game, **kw)
        self.sent: list[dict] = []
        self.w._send = lambda msg, buffers=None: self.sent.append(msg)

    def send(self, content, buffers=None):
        self.sent.clear()
        self.w._handle_msg({"content": {"data": {"method": "custom", "content": content}},
                            "buffers": buffers or []})

    def synced(self) -> dict:
        state = {}
        for msg in self.sent:
            if msg.get("method") == "update":
                state.update(msg["state"])
        return state


def test_initial_state_is_complete():
    h = Harness()
    w = h.w
    assert len(w.map_data["stations"]) == len(h.game.map.stations)
    assert w.turn["phase"] == "reveal" and w.turn["can_reveal"] is True
    assert w.hints["moves"] == [] and w.sheet["sections"] == []
    assert w.scores["total"] == 0 and w.game_info["players"] == [{"name": "Player 1", "bot": False}]


def test_reveal_then_draw_by_origin_and_target():
    h = Harness()
    h.send({"type": "reveal"})
    assert h.game.turn == 1 and h.w.turn["phase"] == "draw"
    assert "turn" in h.synced() and "hints" in h.synced()
    _line, origin, target = h.w.hints["moves"][0]
    h.send({"type": "draw", "origin": origin, "target": target, "line": None})
    assert len(h.game.history) == 2
    assert h.w.sheet["sections"][0][1:3] == [origin, target]
    assert "sheet" in h.synced()
    assert h.w.notice.get("level") != "error"


def _draw_phase_with_unique_target(h: Harness):
    for _ in range(60):
        if h.game.phase.value == "reveal":
            h.send({"type": "reveal"})
        moves = h.w.hints["moves"]
        targets = {}
        for _line, o, t in moves:
            targets.setdefault(t, set()).add(o)
        unique = [t for t, origins in targets.items() if len(origins) == 1]
        if unique:
            return unique[0], targets
        h.send({"type": "pass"})
    raise AssertionError("no turn with a uniquely reachable station")


def test_one_click_draw_when_only_one_end_reaches_the_station():
    h = Harness(Game.new(seed=3))
    target, _ = _draw_phase_with_unique_target(h)
    before = len(h.game.history)
    h.send({"type": "draw", "target": target})
    assert len(h.game.history) == before + 1
    assert h.game.history[-1].move.target == h.game.map.labels[target]


def test_clicking_an_unreachable_station_explains_why_and_changes_nothing():
    h = Harness(Game.new(scenario=True, pencils=["green", "pink", "blue", "brown"]))
    h.game.reveal("bear square")
    reachable = {t for _l, _o, t in h.w.hints["moves"]}
    card = h.game.symbol_card
    wrong = next(s for s in h.game.map.stations
                 if s.index not in reachable and not card.matches(s.symbol))
    before = h.game.to_json()
    h.send({"type": "draw", "target": wrong.index})
    assert h.game.to_json() == before
    assert h.w.notice["level"] == "error"
    assert h.w.notice["reason"] == "wrong_symbol"
    assert wrong.label in h.w.notice["text"] and "the card shows" in h.w.notice["text"]
    assert h.w.notice["station"] == wrong.index


@pytest.mark.parametrize(
    "content",
    [
        "reveal",
        ["draw"],
        {"type": 7},
        {"type": "teleport"},
        {"type": "draw"},
        {"type": "draw", "target": "C4"},
        {"type": "draw", "target": True},
        {"type": "draw", "target": 10_000},
        {"type": "draw", "target": -1},
        {"type": "draw", "target": 3, "origin": 2.5},
        {"type": "draw", "target": 3, "line": "tram"},
        {"type": "draw", "target": 3, "player": 1},
        {"type": "select_player", "player": 5},
        {"type": "pass", "padding": "x" * 20_000},
        {"type": "export_result", "id": 99, "format": "png", "data": ""},
    ],
)
def test_malformed_or_hostile_messages_are_rejected_without_harm(content):
    h = Harness()
    h.send({"type": "reveal"})
    before = h.game.to_json()
    h.send(content)
    assert h.game.to_json() == before
    assert h.w.notice["level"] == "error" and h.w.notice["text"]


def test_binary_buffers_are_rejected():
    h = Harness()
    before = h.game.to_json()
    h.send({"type": "reveal"}, buffers=[b"\x00" * 10])
    assert h.game.to_json() == before and "buffers" in h.w.notice["text"]


def test_out_of_phase_intents():
    h = Harness()
    h.send({"type": "pass"})
    assert "reveal the next card first" in h.w.notice["text"]
    h.send({"type": "undo"})
    assert "nothing to undo" in h.w.notice["text"]
    h.send({"type": "reveal"})
    h.send({"type": "reveal"})
    assert "cannot reveal yet" in h.w.notice["text"]


def test_an_internal_error_is_shown_and_the_game_survives(monkeypatch):
    h = Harness()
    monkeypatch.setattr(h.game, "reveal", lambda *a: 1 / 0)
    h.send({"type": "reveal"})
    assert "internal error: ZeroDivisionError" in h.w.notice["text"]
    assert h.game.history == ()


def test_moves_from_a_cell_update_every_view_and_widget():
    game = Game.new(seed=2)
    a, b = Harness(game), Harness(game)
    game.reveal()
    game.play(game.legal_moves()[0])
    for h in (a, b):
        assert len(h.w.sheet["sections"]) == 1
        assert h.w.turn["turn"] == 1


def test_undo_and_errors_clear():
    h = Harness()
    h.send({"type": "reveal"})
    h.send({"type": "draw", "target": 10_000})
    assert h.w.notice["level"] == "error"
    _line, o, t = h.w.hints["moves"][0]
    h.send({"type": "draw", "origin": o, "target": t})
    assert h.w.notice["level"] == "info" and h.w.notice["text"] == ""
    assert h.w.turn["can_undo"] is True
    h.send({"type": "undo"})
    assert h.w.sheet["sections"] == [] and len(h.game.history) == 1


def test_bots_play_as_soon_as_a_card_is_revealed():
    game = Game.new(3, seed=4)
    h = Harness(game, bots={1: "random", 2: "greedy"})
    h.send({"type": "reveal"})
    assert game.waiting_for() == [0]
    assert h.w.game_info["players"][1]["bot"] is True and h.w.turn["players"][1]["finished"]
    h.send({"type": "pass"})
    assert h.w.turn["can_reveal"] is True


def test_select_player_shows_another_sheet():
    game = Game.new(2, seed=4)
    h = Harness(game)
    h.send({"type": "reveal"})
    game.play(game.legal_moves(1)[0], 1)
    h.send({"type": "select_player", "player": 1})
    assert h.w.player == 1 and len(h.w.sheet["sections"]) == 1
    assert h.w.sheet["pencil"] == game.pencil(1)


def test_new_game_replaces_the_game_and_stops_following_the_old_one():
    h = Harness()
    old = h.game
    h.send({"type": "new_game"})
    assert h.w.game is not old and h.w.game.history == ()
    old.reveal()
    assert h.w.turn["turn"] == 0


def test_export_round_trip():
    h = Harness()
    got = []
    request = h.w.request_export("svg", lambda fmt, data: got.append((fmt, data)))
    custom = [m for m in h.sent if m.get("method") == "custom"]
    assert custom and custom[-1]["content"] == {"type": "export_request", "id": request,
                                                "format": "svg"}
    h.send({"type": "export_result", "id": request, "format": "svg", "data": "<svg/>"})
    assert got == [("svg", "<svg/>")]
    assert h.w.to_svg().startswith("<svg")


def test_the_hidden_deck_never_reaches_the_browser():
    h = Harness()
    h.send({"type": "reveal"})
    upcoming = [str(c) for c in h.game._deck.peek_order()]
    text = json.dumps({k: getattr(h.w, k) for k in ("turn", "hints", "sheet", "scores")})
    remaining = h.w.turn["remaining"]
    assert sum(remaining.values()) == len(upcoming)
    # The order of the stack is nowhere in the synced state.
    assert json.dumps(upcoming) not in text


def test_ranking_with_tie_break_is_synced_at_the_end():
    import random

    from support import play_random

    game = Game.new(3, seed=9)
    h = Harness(game)
    assert h.w.turn["ranking"] is None
    play_random(game, random.Random(9))
    assert h.w.turn["game_over"] is True
    assert h.w.turn["ranking"] == game.ranking()
    assert sorted(p for group in h.w.turn["ranking"] for p in group) == [0, 1, 2]


def test_save_png_through_the_front_end(tmp_path, monkeypatch):
    import base64
    import builtins

    real_import = builtins.__import__

    def no_cairosvg(name, *args, **kwargs):
        if name == "cairosvg":
            raise ImportError("no cairosvg here")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_cairosvg)
    h = Harness()
    out = tmp_path / "sheet.png"
    h.w.save_png(out)
    request = [m for m in h.sent if m.get("method") == "custom"][-1]["content"]
    assert request["type"] == "export_request" and request["format"] == "png"
    assert not out.exists()
    png = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
    h.send({"type": "export_result", "id": request["id"], "format": "png",
            "data": base64.b64encode(png).decode()})
    assert out.read_bytes() == png
    # A failed export says why and writes nothing.
    other = tmp_path / "other.png"
    h.w.save_png(other)
    request = [m for m in h.sent if m.get("method") == "custom"][-1]["content"]
    h.send({"type": "export_result", "id": request["id"], "format": "png", "data": "",
            "error": "no view is displayed"})
    assert not other.exists()
    assert "PNG export failed: no view is displayed" in h.w.notice["text"]


def test_front_end_writes_to_synced_state_are_refused():
    h = Harness()
    h.send({"type": "reveal"})
    turn, hints = dict(h.w.turn), dict(h.w.hints)
    h.sent.clear()
    h.w._handle_msg({"content": {"data": {"method": "update", "state": {
        "turn": "garbage", "hints": {"moves": [[0, 0, 1]]}}, "buffer_paths": []}},
        "buffers": []})
    assert h.w.turn == turn and h.w.hints == hints
    assert "refused a change of hints, turn" in h.w.notice["text"]
    # every view is put back on the real state, and nothing was echoed
    updates = [m for m in h.sent if m.get("method") == "update"]
    assert any(set(m["state"]) >= {"turn", "hints"} for m in updates)
    assert not [m for m in h.sent if m.get("method") == "echo_update"]


def test_a_bots_sheet_can_be_shown_but_not_played():
    game = Game.new(2, seed=4)
    h = Harness(game, bots={1: "random"})
    h.send({"type": "reveal"})
    h.send({"type": "select_player", "player": 1})
    assert h.w.player == 1
    before = game.to_json()
    h.send({"type": "pass"})
    assert "played by a bot" in h.w.notice["text"] and game.to_json() == before


def test_new_game_after_a_scenario_is_dealt_from_a_seed():
    h = Harness(Game.new(scenario=True, pencils=["green", "pink", "blue", "brown"],
                         modules=["objectives"]))
    h.send({"type": "new_game"})
    assert h.w.game.setup.seed is not None and h.w.game.setup.modules == h.game.setup.modules
    h.send({"type": "reveal"})
    assert h.w.game.turn == 1
