"""Random rooms, random orders of events (the teacher turning cards over, participants drawing,
passing, using powers and undoing at their own pace, the board reading): the invariants of a
room hold after every step."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from room_support import notebook, restart_kernel

from nsb_widget.room import Room, join
from nsb_widget.rules.game import Phase

CITIES = [("berlin", ()), ("berlin", ("effects",)), ("berlin", ("effects", "objectives")),
          ("london", ()), ("london", ("powers",)), ("london", ("objectives", "powers"))]
events = st.lists(st.one_of(st.just(("reveal",)), st.just(("poll",)),
                            st.tuples(st.just("act"), st.integers(0, 3), st.integers(0, 99))),
                  min_size=10, max_size=120)


def _act(seat, rng: random.Random) -> None:
    """One step of a participant: take the next card, or draw, pass, use a power or undo."""
    game = seat.game
    seat.sync()
    if game.phase is not Phase.DRAW or game.has_finished_turn():
        return
    roll = rng.random()
    if roll < 0.1 and game.can_undo(0):
        game.undo()
        return
    options = game.power_options()
    if options and roll < 0.2:
        power, station = rng.choice(options)
        game.use_power(power, station)
        return
    moves = game.legal_moves()
    if moves and roll < 0.85:
        game.play(rng.choice(moves))
    else:
        game.pass_turn()


def _room_of(tmp_path_factory, monkeypatch, city, seed: int, people: int):
    """A room of ``city`` (a name and its modules) in a fresh folder and home, and the seats of
    ``people`` participants, each joined from a notebook of their own."""
    base = tmp_path_factory.mktemp("room")
    monkeypatch.setenv("NSB_WIDGET_HOME", str(base / "home"))
    name, modules = city
    room = Room.create(base / "room", "Property", map=name, modules=list(modules), seed=seed,
                       language="en")
    seats = []
    for i in range(people):
        with notebook(f"p{i}.ipynb"):
            seats.append(join(room.folder.path, f"P{i}", follow=False))
    return room, seats


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(city=st.sampled_from(CITIES), seed=st.integers(10**9, 2**40), people=st.integers(1, 4),
       steps=events)
def test_a_room_keeps_its_invariants_whatever_the_order(tmp_path_factory, monkeypatch, city,
                                                        seed, people, steps):
    restart_kernel()
    try:
        room, seats = _room_of(tmp_path_factory, monkeypatch, city, seed, people)
        for event in steps:
            if event[0] == "reveal":
                if room.can_reveal():
                    room.reveal()
            elif event[0] == "poll":
                room.poll()
            else:
                _act(seats[event[1] % people], random.Random(event[2]))
            for s in seats:  # a participant never sees a card before the room turned it
                taken = [tuple(str(c) for c in a.cards) for a in s.game.history
                         if type(a).__name__ == "Reveal"]
                assert taken == list(room.turns[:len(taken)])
        room.poll()
        standings = room.standings()
        for s in seats:  # the board holds exactly what each participant played
            accepted = room.participant(s.name)
            assert accepted.refusal is None and accepted.game is not None
            assert accepted.game.history == s.game.history
            assert accepted.game.score() == s.game.score()
        expected_ready = sum(  # done with every card out (or with the game)
            s.game.is_over or (s.game.reveals == len(room.turns) and s.game.phase is Phase.REVEAL)
            for s in seats)
        assert standings.ready == expected_ready
        text = "".join(p.read_text() for p in room.folder.path.rglob("*.json"))
        assert str(seed) not in text
    finally:
        restart_kernel()


@settings(max_examples=12, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(city=st.sampled_from(CITIES), seed=st.integers(10**9, 2**40), people=st.integers(2, 4),
       stay=st.integers(0, 3), after=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 99)),
                                              max_size=60))
def test_the_places_of_an_ended_game_stand_whatever_is_handed_in_after(
        tmp_path_factory, monkeypatch, city, seed, people, stay, after):
    """The teacher ends a game in which some participants finished and the others left; then
    anyone draws, passes, uses a power or undoes (an undo reopens a finished game): the
    places, totals and states shown at the end stay exactly as they were announced."""
    restart_kernel()
    try:
        room, seats = _room_of(tmp_path_factory, monkeypatch, city, seed, people)
        finishers = seats[:1 + stay % (people - 1)]  # someone finishes, someone leaves
        rng = random.Random(seed)
        while room.can_reveal():
            room.reveal()
            for s in finishers:
                while not s.game.has_finished_turn() or s.game.phase is not Phase.REVEAL:
                    if s.game.is_over:
                        break
                    _act(s, rng)
        for s in finishers:
            while not s.game.is_over:
                _act(s, rng)
        announced = room.end()
        shown = [(r.name, r.place, r.shared, r.total, r.rounds, r.status)
                 for r in announced.rows if r.place is not None]
        assert announced.final and {r[0] for r in shown} == {s.name for s in finishers}
        for who, roll in after:
            s = seats[who % people]
            if roll < 30 and s.game.can_undo(0):  # a finished game too: it reopens
                s.game.undo()
            else:
                _act(s, random.Random(roll))
            if roll % 3 == 0:
                room.poll()
        room.poll()
        now = room.standings()
        assert now.final and [(r.name, r.place, r.shared, r.total, r.rounds, r.status)
                              for r in now.rows if r.place is not None] == shown
        assert [r.status for r in now.rows if r.place is None] == ["left"] * (
            people - len(finishers))
    finally:
        restart_kernel()
