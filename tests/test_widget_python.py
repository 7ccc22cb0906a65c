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


# --------------------------------------------------------------------------- London
def _london(**kw) -> Game:
    return Game.new(map="london", players=1, seed=7, modules=["objectives", "powers"], **kw)


def test_london_widget_describes_its_own_cards_and_powers():
    from nsb_widget import NsbWidget

    assert NsbWidget is BerlinWidget
    h = Harness(_london())
    rs = h.w.game_info["ruleset"]
    assert rs["name"] == "london" and h.w.map_data["lines"] == ["line"]
    assert [k["id"] for k in rs["card_kinds"]] == ["underground", "street"]
    assert all(k["color"] for k in rs["card_kinds"])
    assert rs["switch_card"] == {"text": "switch", "kind": "street", "name": "Railroad Switch"}
    assert rs["round_end_kinds"] == ["underground"]
    # the stack per card kind of London's deck (no Berlin Double Switch key)
    assert h.w.turn["remaining"] == {"underground": 5, "street": 6}
    assert h.w.turn["revealed"] == {"underground": 0, "street": 0}
    power = h.w.hints["power"]
    assert power["id"] == "double" and power["title"] == "Double section"
    assert power["usable"] is False and "after a card is revealed" in power["reason"]
    assert power["station"] is False and power["stations"] == []
    # Berlin: its own kinds, no power
    b = Harness()
    assert b.w.hints["power"] is None
    assert b.w.turn["remaining"] == {"bear": 5, "crown": 5, "double_switch": 1}
    assert [k["icon"] for k in b.w.game_info["ruleset"]["card_kinds"]] == ["bear", "crown", None]


def test_london_draw_by_clicking_names_the_line_or_not():
    h = Harness(_london())
    h.send({"type": "reveal"})
    assert h.w.hints["open_lines"] == ["line"]
    _line, origin, target = h.w.hints["moves"][0]
    h.send({"type": "draw", "origin": origin, "target": target, "line": "line"})
    assert len(h.game.history) == 2 and h.w.notice.get("level") != "error"
    assert h.game.history[-1].move.line is None
    h.send({"type": "undo"})
    h.send({"type": "draw", "target": target})
    assert len(h.game.history) == 2 and h.w.sheet["sections"][0][4] == 0


def test_power_intent_uses_the_held_power_and_undo_takes_it_back():
    h = Harness(_london())
    h.send({"type": "power", "power": "double"})  # before the reveal: refused, said why
    assert h.w.notice["level"] == "error" and h.w.notice["reason"] == "power_not_now"
    assert h.game.history == ()
    h.send({"type": "reveal"})
    assert h.w.hints["power"]["usable"] is True and h.w.hints["power"]["reason"] is None
    h.send({"type": "power", "power": "double"})
    assert type(h.game.history[-1]).__name__ == "UsePower"
    assert h.w.notice == {**h.w.notice, "level": "success", "text": "Double section power used."}
    assert h.w.hints["power"]["usable"] is False
    assert "already used this round" in h.w.hints["power"]["reason"]
    assert h.w.turn["can_undo"] is True
    # a second power this round: refused
    before = h.game.to_json()
    h.send({"type": "power", "power": "double"})
    assert h.w.notice["reason"] == "power_used" and h.game.to_json() == before
    # the double power: after the first section, a second one to the same symbol
    _l, o, t = h.w.hints["moves"][0]
    h.send({"type": "draw", "origin": o, "target": t, "line": "line"})
    assert h.w.notice["level"] == "info" and h.w.notice["text"] == ""  # the news is cleared
    if h.w.hints["moves"]:
        assert h.w.hints["notes"] == ["the second section must reach a "
                                      f"{h.game.map.stations[t].symbol.value}"]
    h.send({"type": "undo"})
    h.send({"type": "undo"})
    assert type(h.game.history[-1]).__name__ == "Reveal"
    assert h.w.hints["power"]["usable"] is True


def test_the_circle_power_names_a_station_of_the_line():
    game = Game.new(map="london", scenario=True, pencils=["pink", "green", "purple", "blue"],
                    modules=["powers"], powers=["joker", "circle", "switch", "double"])
    h = Harness(game)
    power = h.w.hints["power"]
    start = game.map.station("H4").index  # pink's departure station
    assert power["id"] == "circle" and power["station"] is True
    assert power["usable"] is True and power["stations"] == [start], "any time in the round"
    other = game.map.station("A1").index
    h.send({"type": "power", "power": "circle", "station": other})
    assert h.w.notice["reason"] == "not_on_line" and h.w.notice["station"] == other
    assert game.history == ()
    h.send({"type": "power", "power": "circle"})
    assert "name the station" in h.w.notice["text"] and game.history == ()
    h.send({"type": "power", "power": "circle", "station": start})
    assert game.circled_stations() == ["H4"]
    assert h.w.sheet["circled"] == [start]
    assert h.w.sheet["circled_by"] == [[start, 1]]  # the pink pencil
    assert h.w.hints["power"]["usable"] is False and h.w.hints["power"]["stations"] == []
    assert h.w.notice["text"] == "Circled station power used on H4."


@pytest.mark.parametrize(
    "content",
    [
        {"type": "power"},
        {"type": "power", "power": 3},
        {"type": "power", "power": ""},
        {"type": "power", "power": "x" * 50},
        {"type": "power", "power": "joker", "station": "F4"},
        {"type": "power", "power": "joker", "station": 999},
        {"type": "power", "power": "joker", "station": True},
        {"type": "power", "power": "teleport"},
        {"type": "power", "power": "joker"},  # green holds the double power
        {"type": "power", "power": "double", "player": 1},
    ],
)
def test_bad_power_intents_change_nothing(content):
    h = Harness(_london())
    h.send({"type": "reveal"})
    before = h.game.to_json()
    h.send(content)
    assert h.game.to_json() == before
    assert h.w.notice["level"] == "error" and h.w.notice["text"]


def test_no_power_in_berlin_and_none_for_a_bots_sheet():
    h = Harness()
    h.send({"type": "reveal"})
    before = h.game.to_json()
    h.send({"type": "power", "power": "joker"})
    assert h.w.notice["reason"] == "no_power" and h.game.to_json() == before
    game = Game.new(map="london", players=2, seed=3, modules=["powers"])
    b = Harness(game, bots={1: "random"})
    b.send({"type": "select_player", "player": 1})
    assert b.w.hints["power"]["usable"] is False
    assert b.w.hints["power"]["reason"] == "played by a bot"
    b.send({"type": "power", "power": b.w.hints["power"]["id"]})
    assert "played by a bot" in b.w.notice["text"]


def test_london_game_plays_to_the_end_through_the_widget():
    h = Harness(_london())
    for _ in range(200):
        if h.game.is_over:
            break
        if h.game.phase.value == "reveal":
            h.send({"type": "reveal"})
            if h.w.hints["power"] and h.w.hints["power"]["usable"] \
                    and not h.w.hints["power"]["station"]:
                h.send({"type": "power", "power": h.w.hints["power"]["id"]})
            continue
        power = h.w.hints["power"]
        if power and power["usable"] and power["station"]:
            h.send({"type": "power", "power": "circle", "station": power["stations"][-1]})
        moves = h.w.hints["moves"]
        if moves:
            _l, o, t = moves[-1]
            h.send({"type": "draw", "origin": o, "target": t, "line": "line"})
        else:
            h.send({"type": "pass"})
        assert h.w.notice.get("level") != "error", h.w.notice
    assert h.game.is_over
    sheet = h.game.score_sheet()
    assert h.w.scores["total"] == sheet.total
    assert h.w.scores["tracks"][0]["points"] == sheet.tracks_total
    assert [r["score"] for r in h.w.scores["rounds"]] == [r.score for r in sheet.rounds]
    assert h.w.scores["assessment"]["handicap"] == 20
    assert h.w.hints["power"] is None


# --------------------------------------------------------------------------- issue 8
def _update(h: Harness, state) -> None:
    h.sent.clear()
    h.w._handle_msg({"content": {"data": {"method": "update", "state": state,
                                          "buffer_paths": []}}, "buffers": []})


def test_front_end_writes_to_esm_and_css_are_refused():
    h = Harness()
    esm, css, model = h.w._esm, h.w._css, h.w._model_name
    assert "export" in esm or "render" in esm  # the real bundle
    _update(h, {"_esm": "export default {render() { steal() }}", "_css": "* {display: none}",
                "_model_name": "EvilModel"})
    assert (h.w._esm, h.w._css, h.w._model_name) == (esm, css, model)
    assert h.w.notice["level"] == "error"
    assert "refused a change of _css, _esm, _model_name" in h.w.notice["text"]
    # every view is put back on the real code, and nothing was echoed
    updates = [m for m in h.sent if m.get("method") == "update"]
    assert any(m["state"].get("_esm") == esm and m["state"].get("_css") == css for m in updates)
    assert not [m for m in h.sent if m.get("method") == "echo_update"]


def test_bad_values_for_the_other_traits_are_rolled_back():
    h = Harness()
    tooltip = h.w.tooltip
    _update(h, {"tooltip": 5, "tabbable": "x" * 10_000})
    assert h.w.tooltip == tooltip and h.w.notice["level"] == "error"
    assert len(h.w.notice["text"]) <= 300
    _update(h, ["not", "an", "object"])
    assert h.w.notice["level"] == "error" and "not an object" in h.w.notice["text"]
    _update(h, {"tooltip": "a tip"})  # a write the widget does not own still works
    assert h.w.tooltip == "a tip"


@pytest.mark.parametrize("bad", [True, False, "0", 0.0, 1.0, None, -1, 2, 10**5000, [0]],
                         ids=lambda v: type(v).__name__)
def test_show_player_validates_before_changing_anything(bad):
    from nsb_widget.errors import ArgumentError, NsbError

    game = Game.new(2, seed=4)
    h = Harness(game)
    state = {k: getattr(h.w, k) for k in ("sheet", "hints", "scores", "turn")}
    with pytest.raises(ArgumentError) as info:
        h.w.show_player(bad)
    assert isinstance(info.value, NsbError) and isinstance(info.value, ValueError)
    assert "player must be an int from 0 to 1" in str(info.value) and len(str(info.value)) < 120
    assert h.w.player == 0 and type(h.w.player) is int
    assert {k: getattr(h.w, k) for k in state} == state
    # the page keeps working: a reveal plays, with no error shown
    h.send({"type": "reveal"})
    assert game.turn == 1 and h.w.notice.get("level") != "error"
    assert h.w.hints["player"] == 0 and h.w.turn["phase"] == "draw"
    assert h.w.hints["moves"] == [[m.line.value == "crown", *(
        game.map.station(s).index for s in (m.origin, m.target))] for m in game.legal_moves(0)]


@pytest.mark.parametrize("kw", [{"player": True}, {"player": 0.0}, {"player": "1"},
                                {"bots": {True: "random"}}, {"bots": {"1": "random"}}])
def test_the_constructor_refuses_players_that_are_not_ints(kw):
    from nsb_widget.errors import ArgumentError

    with pytest.raises(ArgumentError):
        BerlinWidget(Game.new(2, seed=4), **kw)


@pytest.mark.parametrize("content", [
    {"type": "pass", "player": 10**5000},
    {"type": "draw", "target": 10**5000},
    {"type": "draw", "target": 3, "origin": -10**200},
    {"type": "pass", "junk": 10**5000},
    {"type": "pass", "junk": [[[[[]]]]] * 3},
], ids=["player", "target", "origin", "junk", "nested"])
def test_huge_numbers_and_odd_values_are_refused_shortly(content):
    h = Harness()
    h.send({"type": "reveal"})
    before = h.game.to_json()
    h.send(content)
    assert h.game.to_json() == before or content["type"] == "pass"
    if content.get("junk") == [[[[[]]]]] * 3:
        return  # extra fields are ignored: the pass plays
    assert h.w.notice["level"] == "error" and "internal error" not in h.w.notice["text"]
    assert len(h.w.notice["text"]) < 150


def test_deeply_nested_messages_are_refused():
    h = Harness()
    deep: list = []
    for _ in range(5_000):
        deep = [deep]
    h.send({"type": "reveal", "junk": deep})
    assert h.game.history == () and h.w.notice["level"] == "error"
    assert "cannot be read" in h.w.notice["text"]


def test_a_long_error_is_shown_short():
    h = Harness()
    request = h.w.request_export("svg", lambda fmt, data: None)
    h.send({"type": "export_result", "id": request, "format": "svg", "data": "",
            "error": "E" * 100_000})
    assert h.w.notice["level"] == "error" and len(h.w.notice["text"]) <= 300
    assert h.w.notice["text"].startswith("the SVG export failed: EEE")
