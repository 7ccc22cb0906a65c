"""Property-based tests over random London games (powers used at random moments included)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import components, fingerprint, play_random, random_step

from nsb_widget import Game
from nsb_widget.maps.geometry import segments_cross

MODULES = st.sampled_from([(), ("objectives",), ("powers",), ("objectives", "powers")])
SETTINGS = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _game(seed: int, players: int, modules: tuple[str, ...]) -> Game:
    return Game.new(players, seed, map="london", modules=modules)


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), modules=MODULES)
def test_sections_never_cross_and_each_round_is_one_tree_from_its_departure(seed, players,
                                                                           modules):
    game = play_random(_game(seed, players, modules), random.Random(seed))
    gmap = game.map
    for p, sheet in enumerate(game.sheets):
        drawn = sheet.history
        sections = [d.section for d in drawn]
        assert len(sections) == len(set(sections)), "a potential section drawn twice"
        segs = [(gmap.stations[d.origin].point, gmap.stations[d.target].point) for d in drawn]
        for i, a in enumerate(segs):
            for b in segs[i + 1:]:
                assert not segments_cross(a, b)
        for r in range(4):
            edges = [(d.origin, d.target) for d in drawn if d.round == r]
            groups, cycles = components(edges)
            assert cycles == 0 and len(groups) <= 1
            start = gmap.start_station(game.pencil(p, r + 1), "line").index
            assert not groups or start in groups[0]


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), modules=MODULES)
def test_the_total_is_the_sum_of_its_terms_and_rounds_follow_the_formula(seed, players,
                                                                         modules):
    game = play_random(_game(seed, players, modules), random.Random(seed + 1))
    for p in range(players):
        sheet = game.score_sheet(p)
        assert len(sheet.rounds) == 4
        for rs in sheet.rounds:
            (line,) = rs.lines
            assert line.score == line.district_count * line.best_count + sum(
                b.points for b in line.bonuses)
            assert rs.score == line.score
            assert len(line.doubled_stations) <= 1
        assert sheet.total == (sheet.lines_total + sheet.tracks_total + sheet.interchanges_total
                               + sheet.objectives_total)
        assert sheet.tracks_total == sheet.tracks[0].values[sheet.tracks[0].count]


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 3), modules=MODULES,
       cut=st.floats(0, 1))
def test_save_load_and_replay_give_the_same_state(seed, players, modules, cut):
    game = _game(seed, players, modules)
    rng = random.Random(seed)
    full = play_random(game.copy(), random.Random(seed))
    for _ in range(int(cut * len(full.history))):
        if game.is_over:
            break
        random_step(game, rng)
    assert fingerprint(Game.from_json(game.to_json())) == fingerprint(game)
    assert fingerprint(Game.replay(game.setup, game.history)) == fingerprint(game)


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), modules=MODULES,
       data=st.data())
def test_undo_restores_the_state_exactly_and_copies_are_independent(seed, players, modules,
                                                                    data):
    game = _game(seed, players, modules)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 120))):
        if game.is_over:
            break
        random_step(game, rng)
    if game.is_over:
        game.undo()
    before = fingerprint(game)
    clone = game.copy()
    random_step(game, rng)
    game.undo()
    assert fingerprint(game) == before
    play_random(clone, rng)
    assert fingerprint(game) == before


@SETTINGS
@given(seed=st.integers(0, 10**6), modules=MODULES, data=st.data())
def test_listed_moves_are_exactly_the_legal_ones_and_plans_agree(seed, modules, data):
    game = _game(seed, 1, modules)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 80))):
        if game.is_over:
            return
        random_step(game, rng)
    legal = [str(m) for m in game.legal_moves()]
    labels = game.map.labels
    assert legal == [f"{labels[p.origin]}-{labels[p.target]}" for p in game.plans()]
    for o in labels:
        for t in labels[::2]:
            problem = game.why_illegal(f"{o}-{t}")
            assert (problem is None) == (f"{o}-{t}" in legal), (o, t, problem)
            if problem is not None:
                assert problem.message
