"""A game pickles and deep-copies: to another process (multiprocessing, joblib) or a
``copy.deepcopy`` in a cell, with every card, face down ones included, and without the views
that listen to it. A participant's game in a room stays a room's game."""

from __future__ import annotations

import copy
import json
import multiprocessing
import pickle
import random
from concurrent.futures import ProcessPoolExecutor

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from room_support import finish_turn, home, take_seat
from support import fingerprint, play_random, random_step

from nsb_widget import Game, IllegalMoveError, PlayerMoveError
from nsb_widget.errors import PhaseError
from nsb_widget.maps import get_map, load_map
from nsb_widget.room import Room
from nsb_widget.room.game import RoomGame
from nsb_widget.rules.game import Game as RulesGame

__all__ = ["home"]  # the fixture, imported for pytest

SETUPS = st.sampled_from([
    ("berlin", ()), ("berlin", ("effects", "objectives")),
    ("london", ()), ("london", ("objectives", "powers")),
])


def _finish(game: Game, seed: int) -> Game:
    return play_random(game, random.Random(seed))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=SETUPS, seed=st.integers(0, 10**6), players=st.integers(1, 4),
       steps=st.integers(0, 150), how=st.sampled_from(["pickle", "deepcopy"]))
def test_a_restored_game_is_the_same_game_and_goes_on_the_same(setup, seed, players, steps,
                                                               how):
    city, modules = setup
    game = Game.new(players, seed, map=city, modules=modules)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        random_step(game, rng)
    before = fingerprint(game)
    restored = pickle.loads(pickle.dumps(game)) if how == "pickle" else copy.deepcopy(game)
    assert type(restored) is Game and restored is not game
    assert fingerprint(restored) == before
    # The face-down stacks came along in their order: the same actions give the same game.
    assert fingerprint(_finish(restored, seed)) == fingerprint(_finish(game.copy(), seed))
    assert fingerprint(game) == before  # playing the restored game left this one alone


def test_the_map_travels_by_name_and_the_language_with_the_game():
    game = Game.new(1, 5, map="london", language="de")
    restored = pickle.loads(pickle.dumps(game))
    assert restored.map is get_map("london")  # the same object: saves name the map again
    assert copy.deepcopy(game).map is game.map
    assert restored.language == "de" and restored.translator is game.translator
    assert Game.from_json(restored.to_json()).to_json() == game.to_json()
    assert json.dumps(restored.to_json()["map"]) == '"london"'


def test_a_map_of_ones_own_travels_as_its_document(tmp_path):
    doc = dict(get_map("london").source, id="my-london", title="My London")
    own = load_map(doc)
    game = Game.new(1, 9, map=own)
    game.reveal()
    restored = pickle.loads(pickle.dumps(game))
    assert restored.map is not own and restored.map.source == own.source
    assert restored.map.title == "My London"
    assert fingerprint(restored) == fingerprint(game)
    assert copy.deepcopy(game).map is own  # a map never changes: a deep copy shares it


def test_an_imagined_game_keeps_its_imagined_cards():
    game = Game.new(1, 3, map="london")
    world = game.sample_hidden(random.Random(11))
    restored = pickle.loads(pickle.dumps(world))
    assert [str(c) for c in _reveals(restored)] == [str(c) for c in _reveals(world.copy())]
    assert [str(c) for c in _reveals(world.copy())] != [str(c) for c in _reveals(game.copy())]


def _reveals(game: Game) -> list[object]:
    cards = []
    while not game.is_over:
        game.reveal()
        cards.extend(game.cards)
        game.pass_turn(0)
    return cards


def test_the_views_listening_stay_behind():
    game = Game.new(2, 1)
    heard: list[object] = []
    game.subscribe(heard.append)
    restored = pickle.loads(pickle.dumps(game))
    restored.reveal()
    assert heard == []  # the copy tells nobody
    game.reveal()
    assert len(heard) == 1  # the original still tells its listeners


def test_the_rules_driver_pickles_too():
    game = RulesGame.new(1, 2, map="berlin")
    game.reveal()
    restored = pickle.loads(pickle.dumps(game))
    assert type(restored) is RulesGame and fingerprint(restored) == fingerprint(game)


def _play_out(game: Game) -> Game:
    """In a worker: the game to its end, a random player's choices seeded by the game."""
    return _finish(game, game.setup.seed)


def test_a_worker_process_plays_the_game_it_is_sent():
    games = [Game.new(2, seed, map=city) for seed, city in ((4, "berlin"), (8, "london"))]
    for game in games:
        game.reveal()
    spawn = multiprocessing.get_context("spawn")  # a fresh interpreter: nothing inherited
    with ProcessPoolExecutor(max_workers=1, mp_context=spawn) as pool:
        finished = list(pool.map(_play_out, games))
    for game, there in zip(games, finished, strict=True):
        assert there.is_over and there.map is get_map(game.map.id)
        assert fingerprint(there) == fingerprint(_play_out(game.copy()))


@pytest.mark.parametrize(("move", "player", "kind"), [
    ("crown H2-G2", 0, IllegalMoveError), ("crown H2-J4", 3, PlayerMoveError)])
def test_a_refused_move_pickles_with_its_message_and_fields(move, player, kind):
    """A worker's refused move reaches the parent as it was raised (before, unpickling it
    raised a TypeError: its constructor takes the player, move and reason)."""
    game = Game.new(1, 2, language="de")
    game.reveal()
    with pytest.raises(kind) as raised:
        game.play(move, player)
    back = pickle.loads(pickle.dumps(raised.value))
    assert type(back) is kind and str(back) == str(raised.value) and "illegal" not in str(back)
    assert (back.player, back.move, back.illegality, back.reason) == (
        player, raised.value.move, raised.value.illegality, raised.value.reason)


def test_a_participants_game_pickles_as_a_rooms_game_with_a_lock_of_its_own(home, tmp_path):
    room = Room.create(tmp_path / "room", "Test room", map="london", seed=3)
    ada = take_seat(room.folder.path, "Ada")
    room.reveal()
    finish_turn(ada, random.Random(1), draw=1.0)
    for restored in (pickle.loads(pickle.dumps(ada.game)), copy.deepcopy(ada.game)):
        assert type(restored) is RoomGame and restored.dealt
        assert restored.history == ada.game.history and restored._lock is not ada.game._lock
        assert restored.setup.seed is None  # still no deal in it to find
        with pytest.raises(PhaseError, match="the teacher turns the cards over"):
            restored.reveal()
        restored.undo()  # its own draw of this turn, under its own lock
        assert len(restored.history) == len(ada.game.history) - 1
