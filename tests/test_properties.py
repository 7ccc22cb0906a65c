"""Property-based tests over random games: the invariants the rules promise."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import components, fingerprint, play_random, random_step, rescore_rounds

from nsb_widget import Game
from nsb_widget.maps.geometry import segments_cross

MODULES = st.sampled_from([(), ("effects",), ("objectives",), ("effects", "objectives")])
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _game(seed: int, players: int, modules: tuple[str, ...]) -> Game:
    return Game.new(players, seed, modules=modules)


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), modules=MODULES)
def test_drawn_sections_never_cross_and_lines_are_trees(seed, players, modules):
    game = play_random(_game(seed, players, modules), random.Random(seed))
    gmap = game.map
    for sheet in game.sheets:
        drawn = sheet.history
        # Each potential section holds at most one track, or two of different colours.
        per_section: dict[int, list[str]] = {}
        for d in drawn:
            per_section.setdefault(d.section, []).append(d.pencil)
        for pencils in per_section.values():
            assert len(pencils) <= 2 and len(set(pencils)) == len(pencils)
        # No two tracks on different potential sections cross.
        segs = {d.section: (gmap.stations[d.origin].point, gmap.stations[d.target].point)
                for d in drawn}
        keys = sorted(segs)
        for i, a in enumerate(keys):
            for b in keys[i + 1:]:
                assert not segments_cross(segs[a], segs[b]), (a, b)
        # Each round's drawing is a forest (no loops) of at most two trees.
        for r in range(4):
            edges = [(d.origin, d.target) for d in drawn if d.round == r]
            groups, cycles = components(edges)
            assert cycles == 0, f"loop in round {r + 1}"
            assert len(groups) <= 2


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), modules=MODULES)
def test_scores_recomputed_from_scratch_match(seed, players, modules):
    game = play_random(_game(seed, players, modules), random.Random(seed + 1))
    for p in range(players):
        sheet = game.score_sheet(p)
        assert len(sheet.rounds) == 4
        assert rescore_rounds(game.map, game, p) == [r.score for r in sheet.rounds]
        assert sheet.total == (sum(r.score for r in sheet.rounds) + sheet.interchanges_total
                               + sheet.objectives_total)


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 3), modules=MODULES,
       cut=st.floats(0, 1))
def test_save_load_and_replay_give_the_same_state(seed, players, modules, cut):
    game = _game(seed, players, modules)
    rng = random.Random(seed)
    full = play_random(game.copy(), random.Random(seed))
    steps = int(cut * len(full.history))
    for _ in range(steps):
        random_step(game, rng)
    loaded = Game.from_json(game.to_json())
    assert fingerprint(loaded) == fingerprint(game)
    replayed = Game.replay(game.setup, game.history)
    assert fingerprint(replayed) == fingerprint(game)


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), modules=MODULES,
       data=st.data())
def test_undo_restores_the_state_exactly(seed, players, modules, data):
    game = _game(seed, players, modules)
    rng = random.Random(seed)
    steps = data.draw(st.integers(0, 120))
    for _ in range(steps):
        if game.is_over:
            break
        random_step(game, rng)
    if game.is_over:
        game.undo()
    before = fingerprint(game)
    random_step(game, rng)
    game.undo()
    assert fingerprint(game) == before


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4))
def test_same_seed_same_game(seed, players):
    a = play_random(Game.new(players, seed), random.Random(7))
    b = play_random(Game.new(players, seed), random.Random(7))
    assert fingerprint(a) == fingerprint(b)


@SETTINGS
@given(seed=st.integers(0, 10**6), data=st.data())
def test_copy_is_independent(seed, data):
    game = Game.new(2, seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 60))):
        random_step(game, rng)
    before = fingerprint(game)
    clone = game.copy()
    assert fingerprint(clone) == before
    play_random(clone, rng)
    assert fingerprint(game) == before


@SETTINGS
@given(seed=st.integers(0, 10**6), data=st.data())
def test_every_listed_move_is_legal_and_others_are_explained(seed, data):
    game = Game.new(1, seed, modules=("effects",))
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 80))):
        if game.is_over:
            return
        random_step(game, rng)
    legal = {str(m) for m in game.legal_moves()}
    for m in game.legal_moves():
        assert game.why_illegal(m) is None
    # Every other pair of stations gets a reason, and the reason never lies about legality.
    labels = game.map.labels
    for line in ("bear", "crown"):
        for o in labels[::3]:
            for t in labels[::2]:
                text = f"{line} {o}-{t}"
                problem = game.why_illegal(text)
                assert (problem is None) == (text in legal), text
                if problem is not None:
                    assert problem.message
