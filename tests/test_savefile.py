"""Save files: round trips, and broken files rejected with a clear error and no half game."""

from __future__ import annotations

import json
import random

import pytest
from support import fingerprint, play_random

from nsb_widget import ArgumentError, Game, SaveFileError


def _finished(seed: int = 4, **kw) -> Game:
    return play_random(Game.new(seed=seed, **kw), random.Random(seed))


def test_round_trip_through_a_file(tmp_path):
    game = _finished(players=2, modules=["effects", "objectives"])
    path = tmp_path / "g.json"
    game.save(path)
    doc = json.loads(path.read_text())
    assert doc["format"] == "nsb-game" and doc["version"] == 1 and doc["map"] == "berlin"
    loaded = Game.load(path)
    assert fingerprint(loaded) == fingerprint(game)
    assert loaded.score_sheet(1) == game.score_sheet(1)


def test_scenario_games_round_trip():
    game = Game.new(scenario=True, pencils=["green", "pink", "blue", "brown"])
    game.reveal("double switch", "bear joker")
    moves = game.legal_moves()
    game.play(moves[0])
    loaded = Game.from_json(game.to_json())
    assert loaded.setup.scenario and fingerprint(loaded) == fingerprint(game)


def _broken(doc) -> str:
    with pytest.raises(SaveFileError) as info:
        Game.from_json(doc)
    return str(info.value)


def test_broken_documents_name_the_problem_and_place():
    good = _finished().to_json()
    assert "must be a JSON object" in _broken([1])
    doc = dict(good, format="x", version=0)
    text = _broken(doc)
    assert "format: must be 'nsb-game'" in text and "version: must be 1" in text
    assert "map: no built-in map 'atlantis'" in _broken(dict(good, map="atlantis"))
    assert "setup: players must be 1 to 4" in _broken(
        dict(good, setup=dict(good["setup"], players=7)))
    assert "setup: pencils must name each of" in _broken(
        dict(good, setup=dict(good["setup"], pencils=["green", "green", "blue", "brown"])))
    actions = list(good["actions"])
    actions[3] = {"type": "teleport"}
    assert "actions[3]: unknown action type 'teleport'" in _broken(dict(good, actions=actions))
    actions = list(good["actions"])
    actions[1] = {"type": "draw", "player": 0, "move": "bear A1-"}
    assert "actions[1]: cannot read move 'bear A1-'" in _broken(dict(good, actions=actions))


def test_an_illegal_action_in_the_log_is_reported_with_its_index():
    good = _finished().to_json()
    actions = list(good["actions"])
    i = next(k for k, a in enumerate(actions) if a["type"] == "draw")
    line, rest = actions[i]["move"].split()
    actions[i] = dict(actions[i], move=f"{'crown' if line == 'bear' else 'bear'} {rest}")
    text = _broken(dict(good, actions=actions))
    assert f"actions[{i}]" in text and "illegal" in text and "the card shows" in text


def test_a_seeded_file_cannot_change_the_cards():
    good = _finished().to_json()
    actions = list(good["actions"])
    first = actions[0]["cards"][0]
    other = "crown circle" if first != "crown circle" else "bear circle"
    actions[0] = {"type": "reveal", "cards": [other]}
    text = _broken(dict(good, actions=actions))
    assert "actions[0]" in text and f"{other} is not the next card" in text
    # The refusal never names the face-down card it expected.
    assert first not in text.split("actions[0]")[1]


def test_unreadable_files(tmp_path):
    path = tmp_path / "g.json"
    path.write_text("{oops")
    with pytest.raises(SaveFileError, match=r"line 1, column 2: not JSON"):
        Game.load(path)
    path.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(SaveFileError, match="not UTF-8"):
        Game.load(path)
    with pytest.raises(SaveFileError, match="cannot be read"):
        Game.load(tmp_path / "nope.json")


def test_embedded_maps_are_validated():
    from nsb_widget.maps import get_map, load_map

    source = dict(get_map("berlin").source, id="my-berlin")
    custom = load_map(source)
    game = Game.new(seed=3, map=custom)
    doc = game.to_json()
    assert isinstance(doc["map"], dict) and doc["map"]["id"] == "my-berlin"
    assert Game.from_json(doc).map.id == "my-berlin"
    broken = dict(doc, map=dict(doc["map"], grid={"width": 0, "height": 10}))
    assert "map.grid.width" in _broken(broken)


def test_save_and_load_mix_ups_say_what_to_call_instead(tmp_path):
    game = _finished()
    doc = game.to_json()
    text = json.dumps(doc)
    with pytest.raises(SaveFileError, match=r"document: is text: from_json takes the parsed "
                                            r"object \(json.loads\(text\)\); to read a file use "
                                            r"Game.load\(path\)"):
        Game.from_json(text)
    with pytest.raises(SaveFileError, match=r"this is a game's JSON text, not a file's path: "
                                            r"read the text with Game.from_json"):
        Game.load(text)
    with pytest.raises(ArgumentError, match=r"is read by Game.from_json\(doc\)"):
        Game.load(doc)  # type: ignore[arg-type]
    newer = _broken(dict(doc, version=99))
    assert "version: is 99: the game was saved by a newer nsb_widget (this one reads " \
           "version 1); update nsb_widget to read it" in newer
    assert "version: must be 1, found 'one'" in _broken(dict(doc, version="one"))
    path = tmp_path / "p.json"
    game.save(path)
    other = Game.new(seed=1)
    loaded = other.load(path)  # a class method: a new game, ``other`` unchanged
    assert loaded.history == game.history and other.history == ()
