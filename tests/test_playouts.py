"""The fast playouts (nsb_widget.rules.playouts) against the driver: the same rules.

The differential tests play random games through the driver (``Game.plans``/``play_plan``),
record every decision of one player (the legal set, the greedy bot's best set, the choice) and
the cards, then drive the batch engine with the same cards and choices: at every decision the
legal set must equal the driver's (and the vectorised greedy estimate's best set the greedy
bot's), and every round score and the final total must equal the driver's.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nsb_widget import Game
from nsb_widget.bots import evaluate, play_turn
from nsb_widget.bots.greedy import POWER_GAIN, GreedyBot, best_plans
from nsb_widget.errors import ArgumentError
from nsb_widget.maps import get_map
from nsb_widget.rules.game import Phase
from nsb_widget.rules.moves import Reveal
from nsb_widget.rules.playouts import (
    Decision,
    GreedyWeights,
    Playouts,
    PowerDecision,
    greedy_policy,
    greedy_values,
)

Key = tuple[int, int, int, int]  # (line, origin, target, section)


@dataclass
class Record:
    """One driver game from a snapshot on, as the batch engine must replay it."""

    snapshot: Game
    player: int
    decisions: list[tuple[frozenset[Key], frozenset[Key], Key | None]] = field(
        default_factory=list)
    """Per decision of ``player``: the legal set, the greedy bot's best set, the choice."""
    cards: list[list[Any]] = field(default_factory=list)
    """Per round from the snapshot's, the cards taken, in order."""
    rounds: list[int] = field(default_factory=list)
    total: int = 0
    powers: dict[int, tuple[bool, tuple[str, int] | None]] = field(default_factory=dict)
    """Per decision that opens one of ``player``'s turns (with pencil powers): whether the
    driver allowed a power then, and the one used (its name and station, -1 for none)."""


def _keys(game: Game, player: int, plans: Sequence[Any]) -> list[Key]:
    slots = game.slots(player)
    return [(slots[p.slot].line, p.origin, p.target, p.section) for p in plans]


def play_recorded(game: Game, player: int, rng: random.Random, snap_at: int,
                  greedy_share: float = 0.5, power_share: float = 0.0) -> Record | None:
    """Play ``game`` to its end with random (or greedy) choices for everyone, snapshotting
    after ``snap_at`` reveals (at that reveal, or just after ``player``'s draw in it). After
    the snapshot, ``player`` uses a legal pencil power at the start of a turn with
    probability ``power_share``."""
    record: Record | None = None
    reveals = 0
    log_from = 0
    rounds_seen: list[int] = []
    greedy = rng.random() < greedy_share
    earlier = sum(isinstance(a, Reveal) for a in game.history)
    if game.phase is Phase.DRAW:  # a position just after ``player``'s turn
        assert game.has_finished_turn(player) and snap_at == 0
        record = Record(game.copy(), player)
        log_from = len(game.history)
        for p in range(game.players):
            while not game.has_finished_turn(p):
                plans = game.plans(p)
                if plans:
                    game.play_plan(rng.choice(plans), p)
                else:
                    game.pass_turn(p)
    while not game.is_over:
        if record is None and reveals == snap_at:
            record = Record(game.copy(), player)
            log_from = len(game.history)
        round_before = game.round
        game.reveal()
        reveals += 1
        rounds_seen.append(round_before)
        order = list(range(game.players))
        rng.shuffle(order)
        for p in order:
            opening = True
            while not game.has_finished_turn(p):
                if (game.setup.powers and (record is None or p != player)
                        and rng.random() < 0.3):
                    options = game.power_options(p)
                    if options:
                        game.use_power(*rng.choice(options), player=p)
                        continue
                if record is not None and p == player and opening and game.setup.powers:
                    options = game.power_options(p)
                    used = None
                    if options and rng.random() < power_share:
                        name, label = rng.choice(options)
                        game.use_power(name, label, player=p)
                        used = (name, -1 if label is None else game.map.labels.index(label))
                    record.powers[len(record.decisions)] = (bool(options), used)
                opening = False
                plans = game.plans(p)
                if record is not None and p == player:
                    keys = _keys(game, p, plans)
                    best, _ = best_plans(game, p)
                    choice_list = best if greedy else plans
                    plan = rng.choice(choice_list) if choice_list else None
                    record.decisions.append((frozenset(keys), frozenset(_keys(game, p, best)),
                                             None if plan is None else _keys(game, p,
                                                                             [plan])[0]))
                else:
                    plan = rng.choice(plans) if plans else None
                if plan is None:
                    game.pass_turn(p)
                else:
                    game.play_plan(plan, p)
                if (record is None and p == player and reveals == snap_at
                        and game.phase is Phase.DRAW and game.has_finished_turn(p)):
                    record = Record(game.copy(), player)
                    log_from = len(game.history)
    if record is None:
        return None
    first_round = record.snapshot.round
    cards: list[list[Any]] = [[] for _ in range(game.ruleset.rounds - first_round + 1)]
    preview = record.snapshot.preview
    if preview is not None:
        cards[0].append(preview)
    reveal_index = sum(isinstance(a, Reveal) for a in game.history[:log_from]) - earlier
    for action in game.history[log_from:]:
        if isinstance(action, Reveal):
            r = rounds_seen[reveal_index]
            cards[r - first_round].extend(action.cards)
            reveal_index += 1
    record.cards = cards
    record.rounds = [r.score for r in game.round_scores(player)]
    record.total = game.score(player)
    return record


def replay(records: Sequence[Record], engine: Playouts,
           shared_cards: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """See :func:`check`."""
    """Drive ``engine`` (one column per record) with the records' cards and choices, checking
    every legal set and greedy best set on the way. ``shared_cards``: the records are the
    engine's positions, with the same cards (one deck for all)."""
    n = len(records)
    index = engine.card_index
    rounds = len(records[0].cards)
    decks = []
    dealt = records[:1] if shared_cards else records
    for r in range(rounds):
        length = max(len(rec.cards[r]) for rec in dealt)
        deck = np.full((length, len(dealt)), -1, dtype=np.int64)
        for j, rec in enumerate(dealt):
            deck[: len(rec.cards[r]), j] = [index[c] for c in rec.cards[r]]
        decks.append(deck)
    pointer = [0] * n

    def policy(decision: Decision, rng: np.random.Generator) -> np.ndarray:
        out = np.full(n, -1, dtype=np.int64)
        values = greedy_values(decision, engine.weights)
        found: dict[int, dict[Key, int]] = {}
        value_of: dict[int, dict[Key, float]] = {}
        for i in range(decision.game.size):
            g, e = int(decision.game[i]), int(decision.edge[i])
            key = (int(decision.line[i]), int(engine.origin[e]), int(engine.target[e]),
                   int(engine.section[e]))
            found.setdefault(g, {})[key] = int(decision.action[i])
            value_of.setdefault(g, {})[key] = float(values[i])
        for g in np.flatnonzero(decision.deciding):
            rec = records[g]
            assert pointer[g] < len(rec.decisions), "the engine decides more than the driver"
            legal, best, choice = rec.decisions[pointer[g]]
            pointer[g] += 1
            got = found.get(int(g), {})
            assert set(got) == legal, (g, pointer[g], sorted(set(got) ^ legal))
            if got:
                top = max(value_of[int(g)].values())
                assert {k for k, v in value_of[int(g)].items() if v == top} == best
            if choice is not None:
                out[g] = got[choice]
        return out

    offered = [0] * n

    def power_policy(decision: PowerDecision,
                     rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        use = np.zeros(n, dtype=bool)
        station = np.full(n, -1, dtype=np.int64)
        for g in np.flatnonzero(decision.available):
            rec = records[g]
            legal, used = rec.powers.get(pointer[g], (False, None))
            assert legal, (g, pointer[g], "the engine offers a power the driver refused")
            offered[g] += 1
            if used is not None:
                use[g], station[g] = True, used[1]
        return use, station

    totals, round_scores = engine.play(1 if shared_cards else n, np.random.default_rng(0),
                                       policy, decks, power_policy)
    for j, rec in enumerate(records):
        assert pointer[j] == len(rec.decisions), "the engine skipped a driver decision"
        assert offered[j] == sum(legal for legal, _ in rec.powers.values()), (
            "the engine refused a power the driver allowed")
    return totals, round_scores


def check(records: Sequence[Record], engine: Playouts, shared_cards: bool = False) -> None:
    """Drive ``engine`` with the records' cards and choices (pencil powers included): every
    legal set, greedy best set and power allowed must be the driver's, and every round score
    and total."""
    totals, round_scores = replay(records, engine, shared_cards)
    for j, rec in enumerate(records):
        assert list(round_scores[:, j]) == rec.rounds, j
        assert totals[j] == rec.total, j


MAPS = ["berlin", "london"]
SOLO_PENCILS = {"berlin": ["green", "pink", "blue", "brown"],
                "london": ["green", "pink", "purple", "blue"]}


@pytest.mark.parametrize("map_name", MAPS)
@pytest.mark.parametrize("modules", [(), "all"])
def test_whole_games_replay_exactly(map_name: str, modules: Any) -> None:
    """Hundreds of seeded solo games from the first reveal, batched in one engine run."""
    rng = random.Random(f"whole:{map_name}:{modules}")
    if modules == "all":
        modules = tuple(Game.new(1, seed=0, map=map_name).ruleset.modules)
    setup = Game.new(1, seed=0, map=map_name, pencils=SOLO_PENCILS[map_name], modules=modules)
    records = []
    for seed in range(150):
        game = Game(dataclasses.replace(setup.setup, seed=seed))
        record = play_recorded(game, 0, rng, 0)
        assert record is not None
        records.append(record)
    check(records, Playouts(records[0].snapshot, 0))


@pytest.mark.parametrize("map_name", MAPS)
def test_positions_mid_game_replay_exactly(map_name: str) -> None:
    """Snapshots at any reveal (and just after the player's draw, in multiplayer games), with
    every module, 1 to 4 players, seen from any player."""
    rng = random.Random(f"mid:{map_name}")
    modules = tuple(Game.new(1, seed=0, map=map_name).ruleset.modules)
    done = 0
    for seed in range(60):
        players = rng.randint(1, 4)
        mods = modules if seed % 2 else ()
        game = Game.new(players, seed=seed, map=map_name, modules=mods)
        player = rng.randrange(players)
        record = play_recorded(game, player, rng, rng.randrange(1, 36))
        if record is None:
            continue
        check([record], Playouts(record.snapshot, player))
        done += 1
    assert done > 40


@pytest.mark.parametrize("map_name", MAPS)
def test_many_positions_in_one_engine_replay_exactly(map_name: str) -> None:
    """The positions after each candidate draw of one decision, in one engine, on the same
    cards (what a search bot asks)."""
    rng = random.Random(f"many:{map_name}")
    modules = tuple(Game.new(1, seed=0, map=map_name).ruleset.modules)
    checked = 0
    for seed in range(16):
        players = rng.randint(1, 3)
        game = _position(map_name, seed, rng.randrange(0, 30), players,
                         modules if seed % 2 else ())
        if game.is_over:
            continue
        game.reveal()
        player = rng.randrange(players)
        plans = game.plans(player)
        positions = []
        for plan in (plans[:4] if plans else [None]):
            position = game.copy()
            if plan is None:
                position.pass_turn(player)
            else:
                position.play_plan(plan, player)
            while not position.has_finished_turn(player):
                more = position.plans(player)
                if more:
                    position.play_plan(more[0], player)
                else:
                    position.pass_turn(player)
            positions.append(position)
        records = []
        for position in positions:
            record = play_recorded(position.copy(), player, random.Random(seed), 0, 0.5)
            assert record is not None
            records.append(record)
        check(records, Playouts([r.snapshot for r in records], player), shared_cards=True)
        checked += 1
    assert checked > 10


def test_many_positions_share_the_cards() -> None:
    game = _position("london", 4, 6)
    game.reveal()
    plans = game.plans(0)
    positions = []
    for plan in plans[:3]:
        position = game.copy()
        position.play_plan(plan, 0)
        positions.append(position)
    engine = Playouts(positions, 0)
    got = engine.run(50, np.random.default_rng(0), "greedy")
    assert got.shape == (len(positions), 50)
    other = positions[0].copy()
    other.reveal()
    while not other.has_finished_turn(0):
        other.pass_turn(0)
    with pytest.raises(ValueError, match="share the card state"):
        Playouts([positions[0], other], 0)


def test_the_switch_goes_back_at_a_uniform_place() -> None:
    """Recurring Double Switch in a playout: the Double Switch goes back among the face-down
    cards, each place equally likely."""
    game = Game.new(1, seed=1, map="berlin", modules=["effects"])
    engine = Playouts(game, 0)
    switch = int(np.flatnonzero(engine.takes_symbol)[0])
    others = [c for c in range(len(engine.rules.deck)) if c != switch][:6]
    n = 7000
    deck = np.full((len(engine.rules.deck) + 2, n), -1, dtype=np.int64)
    deck[:6] = np.array(others)[:, None]
    ptr = np.ones(n, dtype=np.int64)
    size = np.full(n, 6, dtype=np.int64)
    pending = np.ones(n, dtype=bool)
    returned = np.zeros(n, dtype=bool)
    engine._after_turn(None, 0, np.ones(n, dtype=bool), np.zeros(n, dtype=bool), pending,
                       returned, deck, ptr, size, np.random.default_rng(0).random(n), False)
    assert returned.all() and not pending.any() and (size == 7).all()
    place = (deck[1:7] == switch).argmax(axis=0)
    assert ((deck[1:7] == switch).sum(axis=0) == 1).all()
    counts = np.bincount(place, minlength=6)
    assert counts.min() > n / 6 * 0.85 and counts.max() < n / 6 * 1.15
    # The other face-down cards are all still there (their order was random already: a
    # swap keeps every order equally likely, as the driver's insertion does).
    kept = np.sort(np.where(deck[1:7] == switch, -1, deck[1:7]), axis=0)[1:]
    assert (kept == np.array(others[1:])[:, None]).all()


def test_the_greedy_weights_are_the_bots() -> None:
    assert GreedyWeights() == GreedyWeights(evaluate.INTERCHANGE_WEIGHT,
                                            evaluate.TOURIST_WEIGHT,
                                            evaluate.CONNECTED_POINTS,
                                            evaluate.MOBILITY_WEIGHT,
                                            evaluate.MOBILITY_CAP)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(map_name=st.sampled_from(MAPS), seed=st.integers(0, 10**6), players=st.integers(1, 4),
       snap=st.integers(0, 40), modules=st.booleans())
def test_any_position_replays_exactly(map_name: str, seed: int, players: int, snap: int,
                                      modules: bool) -> None:
    rng = random.Random(seed)
    mods = tuple(Game.new(1, seed=0, map=map_name).ruleset.modules) if modules else ()
    game = Game.new(players, seed=seed, map=map_name, modules=mods)
    player = rng.randrange(players)
    record = play_recorded(game, player, rng, snap)
    if record is not None:
        check([record], Playouts(record.snapshot, player))


# ---------------------------------------------------------------------- the public API
def _position(map_name: str, seed: int, reveals: int, players: int = 1,
              modules: Sequence[str] = ()) -> Game:
    rng = random.Random(seed)
    game = Game.new(players, seed=seed, map=map_name, modules=modules)
    for _ in range(reveals):
        if game.is_over:
            break
        game.reveal()
        for p in range(players):
            while not game.has_finished_turn(p):
                plans = game.plans(p)
                if plans:
                    game.play_plan(rng.choice(plans), p)
                else:
                    game.pass_turn(p)
    return game


@pytest.mark.parametrize("map_name", MAPS)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_run_never_reads_the_real_stack_order(map_name: str, policy: str) -> None:
    game = _position(map_name, 5, 3)
    base = Playouts(game, 0).run(64, np.random.default_rng(1), policy)
    for k in range(4):
        other = game.copy()
        order = other._deck._order
        assert order is not None and len(order) > 2
        random.Random(k).shuffle(order)
        got = Playouts(other, 0).run(64, np.random.default_rng(1), policy)
        assert (got == base).all()


@pytest.mark.parametrize("map_name", MAPS)
def test_a_scenario_game_plays_out_as_its_seeded_game(map_name: str) -> None:
    """Cards named by hand (no stack order at all) or dealt from a seed: the same playouts."""
    game = _position(map_name, 8, 7, 2)
    scenario = Game.replay(dataclasses.replace(game.setup, seed=None), game.history)
    assert scenario.setup.scenario
    for policy in ("random", "greedy"):
        expected = Playouts(game, 1).run(40, np.random.default_rng(4), policy)
        got = Playouts(scenario, 1).run(40, np.random.default_rng(4), policy)
        assert (got == expected).all()


@pytest.mark.parametrize("map_name", MAPS)
def test_run_scores_what_the_driver_would(map_name: str) -> None:
    """Random playouts: their mean is the driver's random games' mean (a loose check of the
    dealing: every hidden card is dealt again)."""
    game = _position(map_name, 11, 5)
    got = Playouts(game, 0).run(2000, np.random.default_rng(2), "random")
    rng = random.Random(2)
    driver = []
    for _ in range(300):
        world = game.sample_hidden(rng)
        while not world.is_over:
            world.reveal()
            while not world.has_finished_turn(0):
                plans = world.plans(0)
                if plans:
                    world.play_plan(rng.choice(plans), 0)
                else:
                    world.pass_turn(0)
        driver.append(world.score(0))
    se = np.std(driver) / np.sqrt(len(driver)) + np.std(got) / np.sqrt(got.size)
    assert abs(np.mean(driver) - got.mean()) < 4 * se


@pytest.mark.parametrize("map_name", MAPS)
def test_greedy_beats_random(map_name: str) -> None:
    game = Game.new(1, seed=3, map=map_name)
    engine = Playouts(game, 0)
    rng = np.random.default_rng(3)
    assert engine.run(300, rng, "greedy").mean() > engine.run(300, rng, "random").mean() + 10


def test_supports_and_refusals() -> None:
    game = Game.new(2, seed=1, map="london")
    assert Playouts.supports(game)
    game.reveal()
    with pytest.raises(ArgumentError, match="finished the turn"):
        Playouts(game, 0)
    plans = game.plans(0)
    if plans:
        game.play_plan(plans[0], 0)
    else:
        game.pass_turn(0)
    Playouts(game, 0)  # player 0 is done: fine
    with pytest.raises(ArgumentError, match="finished the turn"):
        Playouts(game, 1)
    with pytest.raises(ArgumentError, match="no player"):
        Playouts(game, 2)
    with pytest.raises(ArgumentError, match="unknown policy"):
        Playouts(game, 0).run(3, np.random.default_rng(0), "clever")
    with pytest.raises(ArgumentError, match="n must be a positive int"):
        Playouts(game, 0).run(0, np.random.default_rng(0), "greedy")


def test_a_ruleset_without_playout_rules_is_not_supported() -> None:
    from test_ruleset_seam import ToyRuleset

    from nsb_widget.maps import load_map
    from nsb_widget.rules.ruleset import register_ruleset

    register_ruleset(ToyRuleset())
    doc = json.loads(json.dumps(get_map("london").source))
    doc.update(id="toy-city-playouts", ruleset="toy", title="Toy City")
    game = Game.new(1, 4, map=load_map(doc))
    assert not Playouts.supports(game)
    with pytest.raises(ValueError, match="no vectorised playouts"):
        Playouts(game, 0)


def test_a_game_over_scores_its_total() -> None:
    game = _position("berlin", 2, 200)
    assert game.is_over
    got = Playouts(game, 0).run(5, np.random.default_rng(0))
    assert (got == game.score(0)).all()


def test_positions_after_a_draw_and_a_pass_on_a_round_s_last_turn_share_one_engine() -> None:
    """On a round's last turn, passing can leave a line with no section (it scores nothing
    and records no line) while drawing records one: the two positions still line up in one
    engine (regression: the scored lines were a ragged list), and each position plays out
    there as in an engine of its own."""
    from nsb_widget.bots import GreedyBot, play_turn

    checked = 0
    for seed in range(400):
        game = Game.new(1, seed, map="berlin", modules=["objectives"])
        rng = random.Random(seed)
        while not game.is_over and checked < 2:
            game.reveal()
            if game.is_last_turn and game.round >= 2 and game.plans():
                after_pass, after_draw = game.copy(), game.copy()
                after_pass.pass_turn()
                after_draw.play_plan(game.plans()[0])
                if not after_draw.has_finished_turn():  # a Double Switch's second line
                    after_draw.pass_turn()
                if len(after_pass.sheets[0].round_lines) != len(after_draw.sheets[0].round_lines):
                    both = Playouts([after_pass, after_draw], 0).run(
                        300, np.random.default_rng(seed), "greedy")
                    assert both.shape == (2, 300)
                    for row, position in zip(both, (after_pass, after_draw), strict=True):
                        alone = Playouts(position, 0).run(300, np.random.default_rng(seed + 1),
                                                          "greedy")
                        assert abs(row.mean() - alone.mean()) < 5
                        assert row.min() >= position.score_sheet().lines_total
                    checked += 1
            play_turn(game, 0, GreedyBot(), rng)
    assert checked == 2


# ---------------------------------------------------------------------- pencil powers
@pytest.mark.parametrize("limit", ["round", "game"])
def test_pencil_powers_replay_exactly(limit: str) -> None:
    """London with pencil powers, 1 to 4 players, snapshots anywhere: the player uses each
    power (double, Joker, switch, circle) at the start of turns; the engine allows a power
    exactly when the driver does, and after it the legal sets and scores are the driver's."""
    rng = random.Random(f"powers:{limit}")
    used = {"double": 0, "joker": 0, "switch": 0, "circle": 0}
    for seed in range(70 if limit == "round" else 240):
        players = 1 if seed % 3 else rng.randint(2, 4)
        modules = ("powers",) if seed % 2 else ("powers", "objectives")
        game = Game.new(players, seed=seed, map="london", modules=modules, power_limit=limit)
        player = rng.randrange(players)
        record = play_recorded(game, player, rng, rng.randrange(0, 30), power_share=0.4)
        if record is None:
            continue
        for _, power in record.powers.values():
            if power is not None:
                used[power[0]] += 1
        check([record], Playouts(record.snapshot, player))
    assert min(used.values()) >= 3, used


def _greedy_power_game(seed: int) -> Game:
    return Game.new(1, seed=seed, map="london", modules=["powers"],
                    powers=["joker", "switch", "double", "circle"])


def test_greedy_playouts_use_the_powers() -> None:
    """The greedy playouts use their powers (a power adds points) and score like the greedy
    bot that uses them through the driver."""
    game = _greedy_power_game(5)
    engine = Playouts(game, 0)
    with_powers = engine.run(400, np.random.default_rng(0), "greedy")
    without, _ = engine.play(400, np.random.default_rng(0), greedy_policy)
    assert with_powers.mean() > without.mean() + 8
    rng = random.Random(1)
    bot = GreedyBot()
    driver = []
    for _ in range(120):
        world = game.sample_hidden(rng)
        while not world.is_over:
            world.reveal()
            play_turn(world, 0, bot, rng)
        driver.append(world.score(0))
    se = np.std(driver) / np.sqrt(len(driver)) + np.std(with_powers) / np.sqrt(400)
    assert abs(np.mean(driver) - with_powers.mean()) < 4 * se + 3


def test_the_greedy_power_gain_is_the_bots() -> None:
    assert GreedyWeights().power_gain == POWER_GAIN


def test_a_power_policy_circling_a_station_off_the_line_is_refused() -> None:
    game = Game.new(1, seed=2, map="london", modules=["powers"])
    engine = Playouts(game, 0)
    engine.power_effects = ("count_twice",) * 4  # the circle in every round

    def far_away(decision: PowerDecision,
                 rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
        off = (~decision.state.members[0]).argmax(axis=0)  # a station not on the line
        return decision.available.copy(), off

    with pytest.raises(ArgumentError, match="circled station must be on the round's line"):
        engine.play(4, np.random.default_rng(0), greedy_policy, power_policy=far_away)
