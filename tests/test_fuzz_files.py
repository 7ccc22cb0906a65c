"""Hostile and malformed files (issue 8): maps and saved games travel between people, so any
document either works entirely or is refused with a MapError / SaveFileError listing its
problems; nothing hangs, nothing else escapes, no message repeats a long input, and a map that
validates plays a whole game.

The hypothesis tests run with a fixed budget (``max_examples``) so the file stays fast in CI.
"""

from __future__ import annotations

import copy
import json
import random
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import play_random, random_step

from nsb_widget import Game, MapError, SaveFileError
from nsb_widget.errors import FileFormatError
from nsb_widget.io.savefile import game_from_json, game_to_json, load_game, save_game
from nsb_widget.jsonfile import MAX_FILE_BYTES
from nsb_widget.maps import get_map, load_map

FUZZ = settings(max_examples=100, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
LONG = "x" * 200_000
MODULES = {"berlin": ["effects", "objectives"], "london": ["objectives", "powers"]}
#: A message longer than this quotes too much of its input.
MAX_MESSAGE = 400


def _map_doc(city: str) -> dict[str, Any]:
    return copy.deepcopy(get_map(city).source)


def _deep(levels: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(levels):
        value = [value]
    return value


def _check_refusal(error: FileFormatError) -> None:
    """Every problem is listed, and none quotes a long input."""
    assert error.problems
    for problem in error.problems:
        assert len(str(problem)) <= MAX_MESSAGE, str(problem)[:500]


def _map_problems(doc: object) -> str:
    with pytest.raises(MapError) as info:
        load_map(doc)
    _check_refusal(info.value)
    return str(info.value)


def _save_problems(doc: object) -> str:
    with pytest.raises(SaveFileError) as info:
        Game.from_json(doc)
    _check_refusal(info.value)
    return str(info.value)


# ---------------------------------------------------------------------- read_json regressions
@pytest.mark.parametrize("loader, error", [(Game.load, SaveFileError), (load_map, MapError)])
def test_deeply_nested_arrays_in_a_file_are_a_file_error(tmp_path, loader, error):
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(error, match="nests arrays and objects more than 64 deep"):
        loader(path)
    path.write_text('{"format": ' + "[" * 100 + "]" * 100 + "}")
    with pytest.raises(error, match="nests arrays and objects"):
        loader(path)


@pytest.mark.parametrize("loader, error", [(Game.load, SaveFileError), (load_map, MapError)])
def test_a_5000_digit_integer_in_a_file_is_a_file_error(tmp_path, loader, error):
    path = tmp_path / "big.json"
    path.write_text('{"format": "nsb-game", "version": ' + "9" * 5000 + "}")
    with pytest.raises(error) as info:
        loader(path)
    assert "an integer of 5000 digits" in str(info.value)
    _check_refusal(info.value)


@pytest.mark.parametrize("number", ["1e400", "-1e400", "NaN", "Infinity", "-Infinity"])
def test_non_finite_numbers_in_a_map_file_are_refused(tmp_path, number):
    doc = json.dumps(_map_doc("london"))
    doc = doc.replace('"polyline": [[', f'"polyline": [[{number}, 0], [', 1)
    path = tmp_path / "map.json"
    path.write_text(doc)
    with pytest.raises(MapError, match=r"(too large|not a number JSON allows)"):
        load_map(path)


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan"), 1e300, 10**400])
def test_river_points_that_are_huge_or_not_finite_are_refused(value):
    doc = _map_doc("berlin")
    doc["river"]["polyline"][1] = [value, 3]
    assert "river: must be {name, polyline" in _map_problems(doc)


def test_a_file_over_the_size_cap_is_refused_quickly(tmp_path):
    path = tmp_path / "huge.json"
    path.write_text('{"format": "' + "x" * MAX_FILE_BYTES + '"}')
    start = time.perf_counter()
    with pytest.raises(SaveFileError, match="is larger than 5 MB"):
        Game.load(path)
    assert time.perf_counter() - start < 0.5


# ---------------------------------------------------------------------- map regressions
@pytest.mark.parametrize("value", [["square"], {"square": 1}, [], {}, 3, None, True])
def test_a_symbol_given_as_a_list_or_object_is_a_map_error(value):
    doc = _map_doc("berlin")
    doc["stations"][4]["symbol"] = value
    assert "stations[4]" in _map_problems(doc)


@pytest.mark.parametrize("value", [["green"], {"green": 1}, 7])
def test_a_start_pencil_or_line_given_as_a_list_or_object_is_a_map_error(value):
    doc = _map_doc("berlin")
    start = next(s for s in doc["stations"] if "start" in s)
    start["start"] = dict(start["start"], pencil=value)
    assert "start names unknown pencil" in _map_problems(doc)
    start["start"] = {"pencil": "green", "line": value}
    assert "start names unknown line" in _map_problems(doc)


@pytest.mark.parametrize("city", ["berlin", "london"])
@pytest.mark.parametrize("count", [3, 5])
def test_a_map_with_the_wrong_number_of_pencils_is_refused_before_a_game(city, count):
    doc = _map_doc(city)
    lines = doc["lines"]
    if count < 4:
        gone = doc["pencils"][count:]
        doc["pencils"] = doc["pencils"][:count]
        for s in doc["stations"]:
            if s.get("start", {}).get("pencil") in {p["id"] for p in gone}:
                del s["start"]
    else:
        doc["pencils"].append({"id": "orange", "name": "Orange", "color": "#e8590c"})
        free = [s for s in doc["stations"] if "start" not in s and s["symbol"] != "any"]
        for s, line in zip(free, lines, strict=False):
            s["start"] = {"pencil": "orange", "line": line}
    game_map = load_map(doc)  # a valid sheet ...
    with pytest.raises(MapError, match=f"need 4 pencils, found {count}"):
        Game.new(map=game_map, seed=1)  # ... but not for these rules
    save = Game.new(map=city, seed=1).to_json()
    assert "need 4 pencils" in _save_problems(dict(save, map=doc))


@pytest.mark.parametrize("city, lines", [("berlin", ["green", "crown"]),
                                         ("london", ["tube"]),
                                         ("berlin", ["line"])])
def test_line_names_other_than_the_rulesets_are_refused(city, lines):
    doc = _map_doc(city)
    old = doc["lines"]
    doc["lines"] = lines
    for station in doc["stations"]:  # the sheet stays consistent: each start on a new line
        start = station.get("start")
        if start and "line" in start:
            k = old.index(start["line"])
            if k < len(lines):
                start["line"] = lines[k]
            else:
                del station["start"]
    game_map = load_map(doc)  # a valid sheet ...
    with pytest.raises(MapError, match="rules draw the lines"):  # ... but not for these rules
        Game.new(map=game_map, seed=2)


@pytest.mark.parametrize("city", ["berlin", "london"])
def test_a_hand_built_map_without_a_start_station_is_refused_by_its_ruleset(city):
    """The loader checks start stations; the ruleset checks them again for a GameMap built
    without it, before any round begins."""
    from dataclasses import replace

    from nsb_widget.rules.ruleset import ruleset_for

    full = get_map(city)
    stations = tuple(replace(s, start=None) if s.start and s.start.pencil == "pink" else s
                     for s in full.stations)
    fields = {f: getattr(full, f) for f in ("id", "title", "ruleset", "width", "height",
                                            "lines", "pencils", "districts", "sections",
                                            "river", "source")}
    broken = type(full)(**dict(fields, stations=stations))
    with pytest.raises(MapError, match="no start station for the pink"):
        ruleset_for(broken)
    with pytest.raises(MapError, match="no start station for the pink"):
        Game.new(map=broken, seed=1)
    assert ruleset_for(full).name == city


def test_a_pencil_colour_must_be_a_colour_not_markup():
    doc = _map_doc("berlin")
    doc["pencils"][0]["color"] = '"/><script>alert(1)</script>'
    assert "pencils[0]: color must be a CSS colour" in _map_problems(doc)
    doc["pencils"][0]["color"] = "#2B8A3E"
    load_map(doc)


@pytest.mark.parametrize("where", ["id", "title", "ruleset", "format", "symbol", "pencil",
                                   "district", "grid"])
def test_map_messages_quote_only_a_short_prefix_of_a_long_value(where):
    doc = _map_doc("berlin")
    if where in ("id", "title", "ruleset", "format"):
        doc[where] = LONG
    elif where == "symbol":
        doc["stations"][0]["symbol"] = LONG
    elif where == "pencil":
        doc["pencils"][0]["id"] = LONG
    elif where == "district":
        doc["districts"][0]["key"] = LONG
    else:
        doc["grid"]["width"] = 10**5000
    text = _map_problems(doc)
    assert LONG not in text and "x" * 41 not in text


# ---------------------------------------------------------------------- map fuzzing
_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(), st.integers(min_value=10**30),
    st.floats(), st.sampled_from([1e400, -1e308, 10**5000, 2**64]),
    st.text(max_size=12),
    st.sampled_from(["square", "triangle", "pentagon", "circle", "any", "green", "pink",
                     "blue", "brown", "bear", "crown", "line", "main", "outer", "A", "M",
                     "berlin", "london", "#fff", LONG]),
)
_VALUES = st.one_of(
    _SCALARS,
    st.lists(_SCALARS, max_size=4),
    st.dictionaries(st.sampled_from(["x", "y", "id", "pencil", "line", "symbol", "key"]),
                    _SCALARS, max_size=3),
    st.sampled_from([0, 60, 200, 2000]).map(_deep),
)
_MUTATION = st.tuples(st.floats(0, 1, exclude_max=True), st.sampled_from(["set", "del", "dup",
                                                                          "nest"]), _VALUES)


def _paths(doc: Any) -> list[tuple[Any, ...]]:
    """Every place in ``doc`` (not inside the deep values a mutation put there)."""
    found: list[tuple[Any, ...]] = []
    stack: list[tuple[Any, tuple[Any, ...]]] = [(doc, ())]
    while stack:
        value, path = stack.pop()
        found.append(path)
        if len(path) > 6:
            continue
        if isinstance(value, dict):
            stack.extend((v, (*path, k)) for k, v in value.items())
        elif isinstance(value, list) and len(value) < 1000:
            stack.extend((v, (*path, i)) for i, v in enumerate(value))
    return sorted((p for p in found if p), key=repr)


def _mutate(doc: dict[str, Any], mutations: list[tuple[float, str, Any]]) -> dict[str, Any]:
    """Change, delete, duplicate or nest the field at a random place (or cut the list
    holding it short), once per mutation."""
    doc = copy.deepcopy(doc)
    for where, op, value in mutations:
        paths = _paths(doc)
        path = paths[int(where * len(paths))]
        parent: Any = doc
        for key in path[:-1]:
            parent = parent[key]
        key = path[-1]
        if op == "del":
            del parent[key]
        elif op == "cut" and isinstance(parent, list):  # a log cut short is still a game
            del parent[key:]
        elif op == "dup" and isinstance(parent, list):
            parent.append(parent[key])
        elif op == "nest":
            parent[key] = [parent[key]]
        else:
            parent[key] = value
    return doc


def _play_or_refuse_map(doc: dict[str, Any], seed: int) -> bool:
    """True when the map validated and a whole random game (with modules) was played."""
    start = time.perf_counter()
    try:
        game_map = load_map(doc)
        game = Game.new(map=game_map, seed=seed, players=1 + seed % 4,
                        modules=MODULES[game_map.ruleset][: seed % 3])
    except MapError as exc:
        _check_refusal(exc)
        assert time.perf_counter() - start < 1.0
        return False
    play_random(game, random.Random(seed))  # never fails mid-game
    assert game.is_over
    return True


@pytest.mark.parametrize("city", ["berlin", "london"])
@FUZZ
@given(mutations=st.lists(_MUTATION, min_size=1, max_size=3), seed=st.integers(0, 2**16))
def test_mutated_maps_play_entirely_or_raise_map_error(city, mutations, seed):
    _play_or_refuse_map(_mutate(_map_doc(city), mutations), seed)


_PLAUSIBLE = st.lists(st.tuples(st.sampled_from(["symbol", "drop", "tourist", "swap_start",
                                                 "unstart", "ruleset", "river"]),
                                st.integers(0, 10**6)), min_size=1, max_size=4)


@pytest.mark.parametrize("city", ["berlin", "london"])
@FUZZ
@given(changes=_PLAUSIBLE, seed=st.integers(0, 2**16))
def test_plausibly_edited_maps_play_entirely_or_raise_map_error(city, changes, seed):
    """Edits a map author makes (most of which keep the map valid) must never break a game."""
    doc = _map_doc(city)
    for change, n in changes:
        stations = doc["stations"]
        station = stations[n % len(stations)]
        if change == "symbol":
            station["symbol"] = ["square", "triangle", "pentagon", "circle", "any"][n % 5]
        elif change == "drop" and len(stations) > 1:
            stations.remove(station)
        elif change == "tourist":
            station["tourist"] = bool(n % 2)
        elif change == "swap_start":
            starts = [s for s in stations if "start" in s]
            a, b = starts[n % len(starts)], starts[(n // 7) % len(starts)]
            a["start"], b["start"] = b["start"], a["start"]
        elif change == "unstart":
            station.pop("start", None)
        elif change == "ruleset":
            doc["ruleset"] = ["berlin", "london"][n % 2]
        elif change == "river":
            rng = random.Random(n)
            doc["river"]["polyline"] = [[rng.uniform(-20, 30), rng.uniform(-20, 30)]
                                        for _ in range(2 + n % 5)]
    _play_or_refuse_map(doc, seed)


# ---------------------------------------------------------------------- saved-game regressions
def _saved(city: str = "berlin", players: int = 1, seed: int = 5) -> dict[str, Any]:
    game = Game.new(map=city, seed=seed, players=players, modules=MODULES[city])
    return play_random(game, random.Random(seed)).to_json()


def _with_move(doc: dict[str, Any], move: object) -> dict[str, Any]:
    actions = list(doc["actions"])
    i = next(k for k, a in enumerate(actions) if a["type"] == "draw")
    actions[i] = dict(actions[i], move=move)
    return dict(doc, actions=actions)


@pytest.mark.parametrize("move", ["bear A1" + " " * 32_000 + "!", "bear A1" + " " * 200_000,
                                  "bear " + "A1-" * 100_000 + "B2"])
def test_a_long_move_in_a_save_file_is_refused_fast(move):
    doc = _with_move(_saved(), move)
    start = time.perf_counter()
    text = _save_problems(doc)
    assert time.perf_counter() - start < 0.5
    assert "'move' must be a move in notation (at most 64 characters)" in text
    assert move not in text and len(text) < 1000


def test_a_long_move_in_a_save_file_on_disk_is_refused_fast(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(json.dumps(_with_move(_saved(), "bear A1" + " " * 1_000_000 + "!")))
    start = time.perf_counter()
    with pytest.raises(SaveFileError, match="at most 64 characters"):
        Game.load(path)
    assert time.perf_counter() - start < 0.5


@pytest.mark.parametrize("field", ["map", "format", "card", "power", "station", "type",
                                   "player", "seed", "names", "pencils", "modules", "effects"])
def test_save_messages_quote_only_a_short_prefix_of_a_long_value(field):
    doc = _saved("london" if field in ("power", "station") else "berlin")
    actions = list(doc["actions"])
    setup = dict(doc["setup"])
    huge: object = 10**5000 if field in ("player", "seed") else LONG
    if field in ("map", "format"):
        doc = dict(doc, **{field: huge})
    elif field == "card":
        actions[0] = {"type": "reveal", "cards": [huge]}
    elif field in ("power", "station"):
        actions[1] = {"type": "power", "player": 0, "power": "joker", field: huge}
    elif field in ("type", "player"):
        actions[1] = dict(actions[1], **{field: huge})
    elif field == "seed":
        setup["seed"] = huge
    else:
        setup[field] = [huge] * 4
    text = _save_problems(dict(doc, actions=actions, setup=setup))
    assert "x" * 41 not in text and len(text) < 2000


def test_wrong_card_power_and_move_strings_are_save_file_errors():
    doc = _saved("london")
    actions = list(doc["actions"])
    actions[0] = {"type": "reveal", "cards": ["street hexagon"]}
    actions[1] = {"type": "power", "player": 0, "power": "teleport"}
    actions[2] = {"type": "draw", "player": 0, "move": "bear A1-Q9"}
    actions[3] = {"type": "draw", "player": 9, "move": "H4-J2"}
    text = _save_problems(dict(doc, actions=actions))
    assert "actions[0]" in text and "actions[3]" in text and "player number" in text


def test_a_log_of_thousands_of_bad_actions_lists_the_first_hundred_and_a_count():
    doc = _saved()
    start = time.perf_counter()
    with pytest.raises(SaveFileError) as error:
        Game.from_json(dict(doc, actions=[{"type": "draw", "player": 0, "move": LONG}] * 9000))
    assert time.perf_counter() - start < 0.5
    problems = error.value.problems
    assert len(problems) == 101 and problems[-1].message == "and 8900 more unreadable entries"
    assert len(str(error.value)) < 100 * MAX_MESSAGE


def test_a_deeply_nested_save_document_is_a_save_file_error():
    doc = _saved()
    assert "nests arrays and objects" in _save_problems(dict(doc, actions=_deep(5000)))
    assert "nests arrays and objects" in _save_problems(dict(doc, setup={"names": _deep(200)}))


# ---------------------------------------------------------------------- saved-game fuzzing
_BASES = [("berlin", 1, 3), ("berlin", 3, 4), ("london", 1, 5), ("london", 2, 6)]
_SAVE_VALUES = st.one_of(
    _VALUES,
    st.sampled_from(["bear A1" + " " * 32_000 + "!", "bear square", "crown joker", "switch",
                     "underground joker", "double switch", "joker", "circle", "double", "H4",
                     "draw", "reveal", "pass", "power", 0, 1, 3, 4, [0] * 100_000,
                     ["bear square"] * 5]),
)


@pytest.fixture(scope="module")
def saved_games() -> list[dict[str, Any]]:
    scenario = Game.new(map="london", scenario=True, modules=["powers"])
    scenario.reveal("switch", "underground joker")
    custom = load_map(dict(_map_doc("london"), id="my-london"))  # saved with the whole map
    embedded = play_random(Game.new(map=custom, seed=8, modules=MODULES["london"]),
                           random.Random(8)).to_json()
    assert isinstance(embedded["map"], dict)
    return [_saved(city, players, seed) for city, players, seed in _BASES] + [
        scenario.to_json(), embedded]


@FUZZ
@given(which=st.integers(0, len(_BASES) + 1),
       mutations=st.lists(st.tuples(st.floats(0, 1, exclude_max=True),
                                    st.sampled_from(["set", "del", "dup", "nest", "cut",
                                                     "cut"]),
                                    _SAVE_VALUES), min_size=1, max_size=3))
def test_mutated_save_files_load_or_raise_save_file_error_quickly(saved_games, which,
                                                                  mutations):
    doc = _mutate(saved_games[which], mutations)
    start = time.perf_counter()
    try:
        game = game_from_json(doc)
    except SaveFileError as exc:
        _check_refusal(exc)
    else:
        text = json.dumps(game_to_json(game))
        assert json.dumps(game_to_json(game_from_json(json.loads(text)))) == text
    assert time.perf_counter() - start < 1.0


@pytest.mark.parametrize("city", ["berlin", "london"])
@settings(max_examples=12, deadline=None, derandomize=True)
@given(seed=st.integers(0, 2**31), players=st.integers(1, 4), modules=st.integers(0, 2))
def test_save_load_save_is_byte_identical(tmp_path_factory, city, seed, players, modules):
    game = Game.new(map=city, seed=seed, players=players, modules=MODULES[city][:modules])
    rng = random.Random(seed)
    steps = rng.randrange(0, 200)
    for _ in range(steps):
        if game.is_over:
            break
        random_step(game, rng)
    path = tmp_path_factory.mktemp("rt") / "g.json"
    save_game(game, path)
    first = path.read_bytes()
    save_game(load_game(path), path)
    assert path.read_bytes() == first
