"""The API boundary under hostile input (issue 8): whatever a notebook user passes, every public
call on :class:`nsb_widget.Game` succeeds or raises a subclass of :class:`NsbError` with a short,
clear message; a refused call leaves the game byte-identical and emits no event; what is logged
is canonical notation, so save -> load -> save is byte-identical.

The first part pins each bug the fuzzer found; the second is the fuzzer (Hypothesis, fixed
budget: random sequences of valid and invalid calls on Berlin and London games).
"""

from __future__ import annotations

import errno
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nsb_widget import (
    ArgumentError,
    Card,
    Game,
    IllegalMoveError,
    Line,
    MapError,
    Move,
    NotationError,
    NsbError,
    PhaseError,
    PlayerError,
    PlayerMoveError,
    Reason,
    SaveError,
    SaveFileError,
    UnknownNameError,
    get_map,
    get_ruleset,
    load_map,
)
from nsb_widget.bots import make_bot
from nsb_widget.bots.checked import MAX_SECONDS
from nsb_widget.i18n import resolve_language
from nsb_widget.maps.model import Symbol
from nsb_widget.rules.game import Plan
from nsb_widget.rules.moves import MAX_NOTATION
from nsb_widget.rulesets.london.cards import LondonCard

LONG = "x" * 200_000
BAD_PLAYERS = [None, "0", 0.0, True, -1, 99, LONG]
#: No message is longer than this, whatever the input.
MAX_MESSAGE = 300


def dump(game: Game) -> str:
    return json.dumps(game.to_json(), sort_keys=True)


def refused(game: Game, call: Callable[[], Any], error: type[NsbError] = NsbError) -> NsbError:
    """Run ``call``, which must raise ``error`` with a short message and change nothing."""
    events: list[Any] = []
    unsubscribe = game.subscribe(events.append)
    before = dump(game)
    try:
        with pytest.raises(error) as exc:
            call()
    finally:
        unsubscribe()
    message = str(exc.value)
    assert 0 < len(message) < MAX_MESSAGE, message
    assert dump(game) == before
    assert events == []
    return exc.value


def roundtrip(game: Game) -> None:
    first = dump(game)
    again = Game.from_json(json.loads(first))
    assert dump(again) == first


def berlin() -> Game:
    game = Game.new(players=1, seed=2)
    game.reveal()  # crown circle: crown H2-J4 is legal
    return game


class Unprintable:
    """An object whose ``str`` and ``repr`` raise (issue 18, item 24)."""

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


class Liar(str):
    """A ``str`` subclass whose own methods answer what no string would (issue 18, item 24):
    ``strip()`` a number, ``len()`` 0, ``str()`` and ``repr()`` raise, equal to everything."""

    def strip(self, *args: Any) -> Any:
        return 5

    def lower(self) -> Any:
        return None

    def upper(self) -> Any:
        return None

    def split(self, *args: Any, **kwargs: Any) -> Any:
        return 5

    def replace(self, *args: Any) -> Any:
        return 5

    def __len__(self) -> int:
        return 0

    def __getitem__(self, index: Any) -> Any:
        raise RuntimeError("no item")

    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0



# ---------------------------------------------------------------------------- regressions
@pytest.mark.parametrize("player", BAD_PLAYERS, ids=repr)
def test_why_calls_never_raise_for_a_bad_player(player):
    game = berlin()
    for problem in (game.why_illegal("crown H2-J4", player),
                    game.why_unreachable("J4", player),
                    game.why_power_illegal("joker", None, player)):
        assert problem is not None and problem.reason is Reason.NO_SUCH_PLAYER
        assert len(problem.message) < 100


@pytest.mark.parametrize("player", BAD_PLAYERS, ids=repr)
def test_other_calls_refuse_a_bad_player_with_one_error_type(player):
    """Every call that takes a player raises :class:`PlayerError` (a PhaseError and an
    ArgumentError) for a player the game does not have: before, three types by call."""
    game = berlin()
    for call in (lambda: game.play("crown H2-J4", player),
                 lambda: game.parse_move("H2-J4", player),
                 lambda: game.pass_turn(player),
                 lambda: game.use_power("joker", None, player),
                 lambda: game.legal_moves(player),
                 lambda: game.pencil(player),
                 lambda: game.line_stations("bear", player),
                 lambda: game.score(player),
                 lambda: game.svg(player),
                 lambda: game.score_sheet(player),
                 lambda: game.explain("crown H2-J4", player),
                 lambda: game.widget(player=player)):
        error = refused(game, call, PlayerError)
        assert isinstance(error, PhaseError) and isinstance(error, ArgumentError)
    if player is not None:  # undo(None) is "the last action"
        refused(game, lambda: game.undo(player), PlayerError)


def test_a_move_of_a_bad_player_is_both_an_illegal_move_and_a_player_error():
    game = berlin()
    for call in (lambda: game.play("crown H2-J4", 2), lambda: game.use_power("joker", None, 2)):
        error = refused(game, call, PlayerMoveError)
        assert isinstance(error, IllegalMoveError) and isinstance(error, PlayerError)
        assert error.reason is Reason.NO_SUCH_PLAYER
    error = refused(game, lambda: game.play("crown H2-G2", 0), IllegalMoveError)  # a real player
    assert not isinstance(error, PlayerError)


def test_illegal_move_error_for_a_missing_player_names_no_player_number():
    game = berlin()
    error = refused(game, lambda: game.play("crown H2-J4", 99), IllegalMoveError)
    assert str(error) == ("crown H2-J4 is illegal: no player=99: a solo game's player is 0")
    two = Game.new(players=2, seed=1)
    assert two.why_illegal("crown H2-J4", 2).message == (
        "no player=2: the players are 0 to 1 (0 is Player 1)")
    error = refused(game, lambda: game.play("crown H2-J4", True), IllegalMoveError)
    assert error.reason is Reason.NO_SUCH_PLAYER


def test_move_with_plain_string_line_is_normalised():
    game = berlin()
    played = game.play(Move("crown", "H2", "J4"))
    assert played.line is Line.CROWN
    assert game.history[-1].move.line is Line.CROWN
    roundtrip(game)


def test_move_with_station_indices_is_refused():
    game = berlin()
    assert game.why_illegal(Move(Line.CROWN, 9, 21)).reason is Reason.NOTATION  # type: ignore[arg-type]
    refused(game, lambda: game.play(Move(Line.CROWN, 9, 21)), NotationError)  # type: ignore[arg-type]
    refused(game, lambda: game.play(Move(5, "H2", "J4")), NotationError)  # type: ignore[arg-type]
    refused(game, lambda: game.play(Move(Line.CROWN, "H2", LONG)), NotationError)


def test_move_labels_are_logged_canonical():
    game = berlin()
    played = game.play(Move(Line.CROWN, "h2 ", "j4"))
    assert str(played) == "crown H2-J4"
    assert game.to_json()["actions"][-1]["move"] == "crown H2-J4"
    roundtrip(game)


def test_move_without_line_takes_the_open_line():
    game = berlin()
    assert str(game.play(Move(None, "h2", "j4"))) == "crown H2-J4"


@pytest.mark.parametrize("card", [Card("bear", Symbol.SQUARE),  # type: ignore[arg-type]
                                  Card(Line.BEAR, "square"),  # type: ignore[arg-type]
                                  Card("bear", "square")],  # type: ignore[arg-type]
                         ids=["string line", "string symbol", "both"])
def test_berlin_card_built_with_strings_is_logged_canonical(card):
    game = Game.new(scenario=True)
    (revealed,) = game.reveal(card)
    assert revealed.line is Line.BEAR and revealed.symbol is Symbol.SQUARE
    roundtrip(game)


@pytest.mark.parametrize("card", [Card("bear", "hexagon"),  # type: ignore[arg-type]
                                  Card(Line.BEAR, Symbol.SQUARE, True),
                                  Card(["bear"], None)])  # type: ignore[arg-type]
def test_malformed_berlin_card_is_refused(card):
    game = Game.new(scenario=True)
    refused(game, lambda: game.reveal(card), NotationError)


def test_london_card_built_with_strings_is_logged_canonical():
    game = Game.new(scenario=True, map="london")
    (revealed,) = game.reveal(LondonCard("street", "square"))  # type: ignore[arg-type]
    assert revealed.symbol is Symbol.SQUARE
    roundtrip(game)
    refused(game, lambda: game.reveal(LondonCard("tram", Symbol.SQUARE)), PhaseError)
    fresh = Game.new(scenario=True, map="london")
    refused(fresh, lambda: fresh.reveal(LondonCard("tram", Symbol.SQUARE)), NotationError)
    refused(fresh, lambda: fresh.reveal(LondonCard(1, Symbol.SQUARE)), NotationError)  # type: ignore[arg-type]


@pytest.mark.parametrize("target", [None, 5, 5.0, ["C4"], LONG])
def test_why_unreachable_refuses_anything_but_a_label(target):
    game = berlin()
    problem = game.why_unreachable(target)
    assert problem is not None
    assert problem.reason in (Reason.NOTATION, Reason.UNKNOWN_STATION)
    assert len(problem.message) < 100


@pytest.mark.parametrize("line", [5, LONG, ["bear"], "tram"])
def test_line_stations_refuses_an_unknown_line(line):
    game = berlin()
    refused(game, lambda: game.line_stations(line=line), NotationError)
    refused(game, lambda: game.line_ends(line=line), NotationError)


def test_use_power_refuses_bad_arguments():
    game = Game.new(map="london", seed=2, modules=["powers"])
    game.reveal()
    for args in ((None,), ("circle", 5), (LONG,), ("circle", LONG), (5, "F4")):
        error = refused(game, lambda args=args: game.use_power(*args), IllegalMoveError)
        assert error.reason in (Reason.NOTATION, Reason.UNKNOWN_STATION, Reason.NO_POWER)


def test_pencil_refuses_a_round_number_that_is_not_one():
    game = berlin()
    for number in ("x", 0, 5, 1.0, True, LONG):
        refused(game, lambda number=number: game.pencil(0, round_number=number), ArgumentError)
    assert game.pencil(0, round_number=2)


def test_reveal_refuses_junk():
    game = Game.new(scenario=True)
    refused(game, lambda: game.reveal(None), NotationError)
    refused(game, lambda: game.reveal(*["x"] * 100), PhaseError)
    refused(game, lambda: game.reveal(LONG), NotationError)
    refused(game, lambda: game.apply("reveal"), ArgumentError)  # type: ignore[arg-type]


def test_refusal_messages_quote_a_short_prefix():
    game = berlin()
    long_label = "C" * (MAX_NOTATION - 1)
    for call in (lambda: game.play(LONG), lambda: game.use_power(LONG),
                 lambda: game.use_power("circle", LONG), lambda: game.reveal(LONG),
                 lambda: game.line_stations(LONG), lambda: game.pencil(LONG),
                 lambda: game.play(Move(Line.CROWN, long_label, "J4"))):
        refused(game, call)
    assert len(game.why_unreachable(LONG).message) < 100  # type: ignore[union-attr]
    assert len(game.why_illegal(Move(Line.CROWN, long_label, "J4")).message) < 100  # type: ignore[union-attr]


def test_long_text_is_refused_fast():
    game = berlin()
    huge = "bear A1" + " " * 1_000_000 + "!"
    start = time.perf_counter()
    for call in (lambda: game.why_illegal(huge), lambda: game.why_unreachable(huge),
                 lambda: game.why_power_illegal("circle", huge),
                 lambda: game.why_power_illegal(huge)):
        assert call() is not None
    assert time.perf_counter() - start < 0.1


# Issue 18, items 20 and 24: the edges of the API beyond a game's calls.
@pytest.mark.parametrize(("call", "error", "message"), [
    (lambda: Game.new(map="BERLIN"), UnknownNameError, "no built-in map 'BERLIN'; built-in maps: "
                                                       "berlin, london"),
    (lambda: Game.new(map=None), ArgumentError, "map is a built-in map's name (berlin, london) "
                                                "or a map from load_map(), not None"),
    (lambda: Game.new(map=Unprintable()), ArgumentError, "not <Unprintable>"),
    (lambda: make_bot("nope"), UnknownNameError, "unknown bot 'nope'; known bots: "),
    (lambda: make_bot(["search"]), UnknownNameError, "unknown bot ['search']"),
    (lambda: Game.load(5), ArgumentError, "load from a path (text or os.PathLike), not 5"),
    (lambda: Game.new().save(None), ArgumentError, "save to a path"),
    (lambda: get_map(Liar("berlin")), None, ""),  # plain text, whatever subclass: found
    (lambda: get_ruleset("Berlin"), UnknownNameError, "unknown ruleset 'Berlin' (names are lower "
                                                      "case: 'berlin')"),
])
def test_what_the_api_raises_on_purpose_is_an_nsb_error(call, error, message):
    if error is None:
        call()
        return
    with pytest.raises(error) as info:
        call()
    assert message in str(info.value) and len(str(info.value)) < MAX_MESSAGE


def test_an_unknown_name_is_still_a_key_error_and_a_value_error():
    for call in (lambda: get_map("paris"), lambda: make_bot("nope"),
                 lambda: get_map("berlin").station("Z9")):
        with pytest.raises(KeyError):
            call()
        with pytest.raises(ValueError):
            call()
    with pytest.raises(KeyError) as info:
        get_map("berlin").station("Z9")
    assert str(info.value) == "no station 'Z9' on the Berlin map"  # not repr'd as a KeyError's


def test_saving_to_a_folder_says_so_and_is_an_os_error(tmp_path):
    game = Game.new(seed=1)
    before = dump(game)
    with pytest.raises(SaveError) as info:
        game.save(tmp_path)
    assert isinstance(info.value, OSError) and info.value.errno == errno.EISDIR
    assert str(info.value) == (f"cannot write the game to {str(tmp_path)[:40]!r}"
                               f"{'…' if len(str(tmp_path)) > 40 else ''}: it is a folder: give "
                               "a file name, like 'game.json'")
    assert dump(game) == before
    with pytest.raises(SaveError, match="cannot write the game to"):
        game.save(tmp_path / "no such folder" / "game.json")


def test_a_save_file_with_a_key_given_twice_is_refused(tmp_path):
    game = Game.new(seed=3)
    game.reveal()
    text = json.dumps(game.to_json(), indent=1)
    path = tmp_path / "game.json"
    for old, new in (('"players": 1,', '"players": 1, "players": 2,'),
                     ('"version": 1,', '"version": 1, "version": 1,')):
        assert old in text
        path.write_text(text.replace(old, new, 1))
        with pytest.raises(SaveFileError) as info:
            Game.load(path)
        key = old.split('"')[1]
        assert f"document: holds the key {key!r} twice in one object" in str(info.value)


def test_a_map_with_an_unknown_ruleset_is_refused_when_loaded():
    doc = get_map("berlin").source
    assert isinstance(doc, dict)
    for ruleset, says in (("Berlin", "(names are lower case: 'berlin')"), ("paris", "")):
        with pytest.raises(MapError) as info:
            load_map({**doc, "ruleset": ruleset})
        message = str(info.value)
        assert message.startswith("invalid map 'berlin': 1 problem")  # not "map map"
        assert f"ruleset: unknown ruleset {ruleset!r}{' ' + says if says else ''}; known " \
               "rulesets: berlin, london" in message


@pytest.mark.parametrize("player", [-1, -4, 4, True, 1.0, None])
def test_the_plain_int_core_refuses_a_player_the_game_does_not_have(player):
    game = Game.new(players=4, seed=5)
    game.reveal()
    assert game.plans(3)  # the last player can draw: plans(-1) was theirs
    for call in (lambda: game.plans(player), lambda: game.slots(player),
                 lambda: game.play_plan(game.plans(0)[0], player)):
        refused(game, call, PhaseError)
    assert not game.is_plan(game.plans(3)[0], player)


@pytest.mark.parametrize(("city", "modules"), [("berlin", ["effects"]), ("london", ["powers"])])
def test_is_plan_says_what_plans_lists(city, modules):
    """``is_plan`` (how a bot's answer is checked, issue 18, item 23) agrees with membership in
    ``plans()`` for every listed plan and for plans one field away from one, through whole
    games."""
    rng = random.Random(city)
    for seed in range(3):
        game = Game.new(players=2, seed=seed, map=city, modules=modules)
        while not game.is_over:
            if game.has_finished_turn(0) and game.has_finished_turn(1):
                game.reveal()
            for p in (0, 1):
                if game.has_finished_turn(p):
                    continue
                plans = game.plans(p)
                assert all(game.is_plan(plan, p) for plan in plans)
                for plan in plans[:4]:
                    for field in range(4):
                        delta = rng.choice([-1, 1])
                        near = Plan(*(v + delta if i == field else v for i, v in enumerate(plan)))
                        assert game.is_plan(near, p) == (near in plans), (near, plans)
                assert not game.is_plan(tuple(plans[0]), p) if plans else True
                game.play_plan(rng.choice(plans), p) if plans else game.pass_turn(p)


@pytest.mark.parametrize("options", [{"seconds": 10**9}, {"seconds": float("inf")},
                                     {"seconds": float("nan")}, {"seconds": True},
                                     {"seconds": "1"}, {"seconds": None, "iterations": 10**12},
                                     {"seconds": None, "iterations": 2.5},
                                     {"depth": Unprintable()}, {"widest": "8"},
                                     {"playouts": Unprintable()}])
def test_a_search_budget_that_cannot_be_meant_is_refused(options):
    with pytest.raises(ArgumentError) as info:
        make_bot("search", **options)
    assert str(info.value).startswith("bad options for the search bot: ")
    assert len(str(info.value)) < MAX_MESSAGE
    assert make_bot("search", seconds=MAX_SECONDS).seconds == MAX_SECONDS


def test_text_from_a_str_subclass_is_read_as_plain_text():
    """A ``str`` subclass whose ``strip()`` returns a number crashed ``GameMap.station``,
    ``LondonCard.parse`` and the language parser (issue 18, item 24)."""
    assert get_map("berlin").station(Liar(" e1 ")).label == "E1"
    assert str(LondonCard.parse(Liar("street circle"))) == "street circle"
    assert str(Card.parse(Liar("bear square"))) == "bear square"
    assert resolve_language(Liar("de_DE.UTF-8")) == "de"
    game = Game.new(seed=2, names=[Liar("Ada")], language=Liar("fr"))
    assert game.player_name(0) == "Ada" and type(game.setup.names[0]) is str
    assert game.language == "fr"
    game.reveal()
    assert str(game.play(Move(Liar("crown"), Liar("h2"), Liar("J4")))) == "crown H2-J4"
    roundtrip(game)


def test_a_bot_named_by_a_str_subclass_is_read_as_plain_text():
    """Reading bot names in any case kept the subclass for a name that is no bot: a hash that
    raises gave that RuntimeError, not the unknown bot; a label with options read by the
    subclass's strip() gave a TypeError."""
    from nsb_widget.simulation.spec import seats_for

    class Unhashable(str):
        def __hash__(self) -> int:
            raise RuntimeError("no hash")

    for spec in (Unhashable("nope"), (Unhashable("nope"), {}), Liar("nope")):
        with pytest.raises(ArgumentError, match="unknown bot 'nope'"):
            seats_for(spec, 1)
    for spec in (Liar(" Greedy"), (Unhashable("GREEDY"), {})):
        assert seats_for(spec, 1)[0].name == "greedy"
    seat = seats_for(Liar("search(seconds=None, iterations=5)"), 1)[0]
    assert (seat.name, dict(seat.options)) == ("search", {"seconds": None, "iterations": 5})


def test_objects_whose_str_and_repr_raise_are_refused_with_a_readable_message():
    junk = Unprintable()
    for call in (lambda: Game.new(names=[junk]), lambda: Game.new(pencils=[junk] * 4),
                 lambda: Game.new(modules=[junk]), lambda: Game.new(players=junk),
                 lambda: Game.new(power_limit=junk), lambda: Game.new(language=junk),
                 lambda: Game.new(modules=junk)):
        with pytest.raises(ArgumentError) as info:
            call()
        assert 0 < len(str(info.value)) < MAX_MESSAGE
    game = berlin()
    for call in (lambda: game.play(junk), lambda: game.play(Move(junk, "H2", "J4")),
                 lambda: game.use_power(Liar("joker"), Liar("C4")), lambda: game.reveal(junk),
                 lambda: game.line_stations(junk), lambda: game.undo(junk)):
        refused(game, call)
    assert "no str" not in repr(game.why_illegal(Liar("crown H2-J4")))


# ---------------------------------------------------------------------------- the fuzzer
LIARS = st.builds(Liar, st.sampled_from(["C4", "H2", "bear", "crown", "line", "joker",
                                         "circle", "crown H2-J4", "bear square", "switch",
                                         "street joker", "x" * 300]))
JUNK = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 120), st.floats(allow_nan=False),
    st.text(max_size=6), st.just(LONG), st.just("C" * 70),
    st.sampled_from(["0", "1", "crown", "bear", "line", "C4", " h2 ", "joker", "circle",
                     "double switch", "switch", "street joker", "bear square"]),
    st.lists(st.integers(0, 3), max_size=2), st.builds(object),
    LIARS, st.builds(Unprintable), st.lists(st.builds(Unprintable), min_size=1, max_size=1),
)
MAPS = {"berlin": ["effects", "objectives"], "london": ["objectives", "powers"]}
#: Calls that never change the game, even when they succeed.
READ_ONLY = {"why_illegal", "why_unreachable", "why_power_illegal", "is_legal", "parse_move",
             "legal_moves", "pencil", "power", "line_stations", "line_ends", "open_lines",
             "has_finished_turn", "can_undo", "score", "score_sheet", "round_scores",
             "sbahn_stations", "circled_stations", "lines_joined", "ranking", "svg"}
NEVER_RAISE = {"why_illegal", "why_unreachable", "why_power_illegal", "is_legal"}


@st.composite
def games(draw: st.DrawFn) -> Game:
    map_id = draw(st.sampled_from(sorted(MAPS)))
    modules = draw(st.lists(st.sampled_from(MAPS[map_id]), unique=True))
    scenario = draw(st.booleans())
    return Game.new(map=map_id, players=draw(st.integers(1, 3)),
                    seed=None if scenario else draw(st.integers(0, 99)), scenario=scenario,
                    modules=modules)


def mostly(draw: st.DrawFn, valid: st.SearchStrategy[Any]) -> Any:
    """A value from ``valid`` three times in four, else junk."""
    return draw(valid) if draw(st.integers(0, 3)) else draw(JUNK)


def a_player(draw: st.DrawFn, game: Game) -> Any:
    return mostly(draw, st.integers(0, game.players - 1))


def a_label(draw: st.DrawFn, game: Game) -> Any:
    label = draw(st.sampled_from(game.map.labels))
    return draw(st.sampled_from([label, label.lower(), f" {label} ", label + "0"]))


def text(value: Any) -> str:
    """``value`` as text for building a move's text (junk whose str raises: ``"?"``)."""
    try:
        return str(value)
    except Exception:
        return "?"


def a_move(draw: st.DrawFn, game: Game, player: Any) -> Any:
    legal = (game.legal_moves(player) if isinstance(player, int) and not isinstance(player, bool)
             and 0 <= player < game.players else [])
    kind = draw(st.integers(0, 7))
    if kind <= 3 and legal:
        move = draw(st.sampled_from(legal))
        return move if kind <= 1 else str(move).lower()
    line = mostly(draw, st.sampled_from([None, *game.ruleset.line_ids, *Line]))
    origin = mostly(draw, st.just(a_label(draw, game)))
    target = a_label(draw, game)
    if kind <= 5:
        return Move(line, origin, target)
    if kind == 6:
        return f"{text(line)} {text(origin)}-{text(target)}"
    return draw(JUNK)


def a_card(draw: st.DrawFn, game: Game) -> Any:
    kind = draw(st.integers(0, 6))
    deck = game.ruleset.deck
    if kind <= 3:
        card = draw(st.sampled_from(list(game.stack) or list(deck)))
        return card if kind <= 1 else str(card)
    if kind == 4:
        card = draw(st.sampled_from(list(deck)))
        fields = [getattr(card, f) for f in type(card).__dataclass_fields__]
        fields[draw(st.integers(0, len(fields) - 1))] = draw(JUNK)
        return type(card)(*fields)
    return draw(JUNK)


def advance(choose: Callable[[list[Any]], Any], game: Game) -> tuple[str, tuple[Any, ...]]:
    """A call that moves the game on: a reveal, a waiting player's legal move, pass or power
    (``choose`` picks from a list)."""
    if game.is_over:
        return "undo", ()
    waiting = game.waiting_for()
    if not waiting:
        if not game.setup.scenario:
            return "reveal", ()
        stack = list(game.stack)
        cards = []
        for _ in range(min(len(stack), choose([1, 1, 2, 3]))):
            cards.append(choose(stack))
            stack.remove(cards[-1])
        return "reveal", tuple(choose([str(c), c]) for c in cards)
    player = choose(waiting)
    power = game.power(player)
    if power is not None and choose([True, False, False, False]):
        station = choose(game.line_stations(player=player)) if power == "circle" else None
        return "use_power", (power, station, player)
    legal = game.legal_moves(player)
    if legal and choose([True, True, True, True, False]):
        return "play", (choose(legal), player)
    return "pass_turn", (player,)


@st.composite
def calls(draw: st.DrawFn, game: Game) -> tuple[str, tuple[Any, ...]]:
    """One call on ``game`` (its name and arguments), often valid, often not."""
    player = a_player(draw, game)
    name = draw(st.sampled_from([
        *["advance"] * 6,
        "play", "play", "play", "why_illegal", "is_legal", "parse_move", "why_unreachable",
        "pass_turn", "pass_turn", "reveal", "reveal", "reveal", "undo", "use_power",
        "why_power_illegal", "pencil", "power", "legal_moves", "line_stations", "line_ends",
        "open_lines", "has_finished_turn", "can_undo", "score", "score_sheet", "round_scores",
        "sbahn_stations", "circled_stations", "lines_joined", "ranking", "apply",
    ]))
    if name == "advance":
        return advance(lambda items: draw(st.sampled_from(items)), game)
    if name in ("play", "why_illegal", "is_legal", "parse_move"):
        return name, (a_move(draw, game, player), player)
    if name == "why_unreachable":
        return name, (mostly(draw, st.just(a_label(draw, game))), player)
    if name == "reveal":
        if not game.setup.scenario and draw(st.integers(0, 3)):
            return name, ()
        count = draw(st.sampled_from([1, 1, 1, 2, 2, 0, 3]))
        return name, tuple(a_card(draw, game) for _ in range(count))
    if name in ("use_power", "why_power_illegal"):
        power = mostly(draw, st.sampled_from(["double", "joker", "switch", "circle"]))
        station = mostly(draw, st.one_of(st.none(), st.just(a_label(draw, game))))
        return name, (power, station, player)
    if name == "undo":
        return name, (draw(st.one_of(st.none(), st.just(player))),)
    if name == "pencil":
        return name, (player, mostly(draw, st.one_of(st.none(), st.integers(0, 5))))
    if name in ("line_stations", "line_ends"):
        line = mostly(draw, st.sampled_from([None, *game.ruleset.line_ids]))
        return name, (line, player)
    if name == "ranking":
        return name, ()
    if name == "apply":
        return name, (draw(JUNK),)
    return name, (player,)


#: A guard against runaway work on strange arguments, not a speed target: a call takes a few
#: ms; 0.3 s was passed by a plain reveal on a loaded machine (load 5, the tests at nice 10).
MAX_CALL_SECONDS = 1.0


def check_call(game: Game, name: str, args: tuple[Any, ...]) -> None:
    events: list[Any] = []
    unsubscribe = game.subscribe(events.append)
    before = dump(game)
    start = time.perf_counter()
    try:
        result = getattr(game, name)(*args)
    except NsbError as exc:
        assert name not in NEVER_RAISE, (name, args, exc)
        message = str(exc)
        assert 0 < len(message) < MAX_MESSAGE, (name, message)
        assert dump(game) == before, (name, args)
        assert events == [], (name, args)
    else:
        if name in READ_ONLY:
            assert dump(game) == before, (name, args)
            assert events == [], (name, args)
        if name.startswith("why_") and result is not None:
            assert 0 < len(result.message) < MAX_MESSAGE, (name, result.message)
    finally:
        unsubscribe()
    assert time.perf_counter() - start < MAX_CALL_SECONDS, (name, args)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data(), game=games())
def test_random_calls_succeed_or_refuse_cleanly(data: st.DataObject, game: Game) -> None:
    for _ in range(data.draw(st.integers(10, 80), label="steps")):
        name, args = data.draw(calls(game), label="call")
        check_call(game, name, args)
    if data.draw(st.booleans(), label="play to the end"):
        rng = random.Random(data.draw(st.integers(0, 2**32), label="rng"))
        for _ in range(2000):  # a refused call changes nothing: the next one tries again
            if game.is_over:
                break
            check_call(game, *advance(rng.choice, game))
        for _ in range(data.draw(st.integers(0, 10), label="after the end")):
            check_call(game, *data.draw(calls(game), label="call"))
    first = dump(game)
    loaded = Game.from_json(json.loads(first))
    assert dump(loaded) == first
    assert loaded.history == game.history


# ---------------------------------------------------------------------------- constructors
def valid_or_junk(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(valid, valid, JUNK)


NEW_GAME_ARGUMENTS = {
    "players": valid_or_junk(st.integers(1, 4)),
    "seed": valid_or_junk(st.integers(0, 2**70)),
    "scenario": valid_or_junk(st.booleans()),
    "map": valid_or_junk(st.sampled_from(["berlin", "london", "BERLIN", "Berlin "])),
    "pencils": valid_or_junk(st.permutations(["green", "pink", "blue", "brown"])),
    "modules": valid_or_junk(st.lists(st.sampled_from(["effects", "objectives", "powers"]),
                                      max_size=3)),
    "names": valid_or_junk(st.lists(st.sampled_from(["Ada", "Bo", LONG[:2000]]), max_size=4)),
    "language": valid_or_junk(st.sampled_from(["en", "de", "fr", "de_AT.UTF-8", "xx", None])),
    "power_limit": valid_or_junk(st.sampled_from(["round", "game"])),
    "effects": valid_or_junk(st.lists(st.sampled_from(
        ["glimpse", "recurring_double_switch", "triple_outer", "double_stations", "x"]),
        min_size=4, max_size=4)),
    "objectives": valid_or_junk(st.lists(st.sampled_from(
        ["all_districts", "all_stations_two_main", "eight_interchanges", "x"]),
        min_size=2, max_size=2)),
    "powers": valid_or_junk(st.one_of(
        st.permutations(["double", "joker", "switch", "circle"]),
        st.fixed_dictionaries({p: st.sampled_from(["double", "joker", "switch", "circle"])
                               for p in ("green", "pink", "purple", "blue")}))),
}


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(kwargs=st.fixed_dictionaries({}, optional=NEW_GAME_ARGUMENTS))
def test_game_new_starts_a_game_or_refuses_with_an_nsb_error(kwargs: dict[str, Any]) -> None:
    """Issue 18, items 20 and 24: every argument of ``Game.new`` from the fuzzer's junk (a
    ``str`` subclass that lies, objects whose ``str`` and ``repr`` raise) among valid ones."""
    start = time.perf_counter()
    try:
        game = Game.new(**kwargs)
    except NsbError as exc:
        assert 0 < len(str(exc)) < MAX_MESSAGE, str(exc)
    else:
        assert all(type(n) is str for n in game.setup.names)
        roundtrip(game)
    assert time.perf_counter() - start < 0.5


BOT_OPTIONS = {
    "seconds": valid_or_junk(st.one_of(st.none(), st.floats(0.001, 100), st.just(10**9))),
    "iterations": valid_or_junk(st.one_of(st.none(), st.integers(1, 10**13))),
    "widest": valid_or_junk(st.integers(1, 12)),
    "depth": valid_or_junk(st.integers(0, 3)),
    "seed": valid_or_junk(st.integers(0, 99)),
    "playouts": valid_or_junk(st.sampled_from(["auto", "batch", "driver", "gpu"])),
}


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(name=valid_or_junk(st.sampled_from(["random", "greedy", "lookahead", "search", "nope"])),
       options=st.fixed_dictionaries({}, optional=BOT_OPTIONS))
def test_make_bot_makes_a_bot_or_refuses_with_an_nsb_error(name: Any,
                                                         options: dict[str, Any]) -> None:
    try:
        bot = make_bot(name, **options)
    except NsbError as exc:
        assert isinstance(exc, ValueError)
        assert 0 < len(str(exc)) < MAX_MESSAGE, str(exc)
    else:
        seconds = getattr(bot, "seconds", None)
        assert seconds is None or 0 < seconds <= MAX_SECONDS
