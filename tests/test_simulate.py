"""nsb_widget.simulate(): the tidy table, reproducibility across workers and executors, clear
errors before any work, and failures that keep the finished games."""

from __future__ import annotations

import json
import random
import re
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pd = pytest.importorskip("pandas")

import nsb_widget  # noqa: E402
from nsb_widget import (  # noqa: E402
    ArgumentError,
    BotError,
    Game,
    NotationError,
    NsbError,
    PlayerError,
    get_map,
    simulate,
)
from nsb_widget.bots import BOTS, GreedyBot, make_bot, play_turn  # noqa: E402
from nsb_widget.bots.hint import suggest  # noqa: E402
from nsb_widget.rules.game import Plan  # noqa: E402
from nsb_widget.rules.moves import Draw, UsePower  # noqa: E402
from nsb_widget.simulation import (  # noqa: E402
    SimulationError,
    compare,
    game_seed,
    play_game,
    replay,
    table_of,
)
from nsb_widget.simulation.runner import MAX_CHUNK, TASKS_PER_WORKER, chunks  # noqa: E402
from nsb_widget.simulation.spec import parse_label, seats_for  # noqa: E402


def _run(**kw):
    kw.setdefault("progress", False)
    kw.setdefault("workers", 1)
    return simulate(**kw)


@pytest.fixture(scope="module")
def berlin():
    return _run(map="berlin", players=2, bots=["greedy", "random"], games=12, seed=4,
                modules=["effects", "objectives"])


@pytest.fixture(scope="module")
def london():
    return _run(map="london", players=3, bots=["random", "greedy", "greedy"], games=8, seed=2,
                modules=["objectives", "powers"])


# ---------------------------------------------------------------------------- the table
def test_one_row_per_game_and_player_with_the_seat_bots(berlin):
    assert len(berlin) == 24
    assert list(berlin["game"]) == [g for g in range(12) for _ in range(2)]
    assert list(berlin["player"]) == [0, 1] * 12
    assert set(berlin.loc[berlin.player == 0, "bot"]) == {"greedy"}
    assert set(berlin.loc[berlin.player == 1, "bot"]) == {"random"}
    assert set(berlin["seats"]) == {"greedy,random"}
    assert berlin["seed"].nunique() == 12
    assert list(berlin["seed"].iloc[::2]) == [game_seed(4, g) for g in range(12)]


def test_the_terms_add_up_to_the_total(berlin, london):
    for table in (berlin, london):
        parts = (table.lines_points + table.tracks_points + table.interchanges_points
                 + table.objectives_points)
        assert (parts == table.total).all()
        rounds = sum(table[f"r{n}_points"] for n in range(1, 5))
        assert (rounds == table.lines_points).all()
        tiers = sum(table[f"interchanges_{c}_points"] for c in (2, 3, 4))
        assert (tiers == table.interchanges_points).all()
    for n in range(1, 5):
        lines = sum(berlin[f"r{n}_{k}_points"] for k in ("bear", "crown", "joined"))
        assert (lines == berlin[f"r{n}_points"]).all()
        joined = berlin[f"r{n}_joined_points"] > 0
        assert (berlin.loc[joined, f"r{n}_connected_points"] == 10).all()
        assert (london[f"r{n}_line_points"] == london[f"r{n}_points"]).all()
    assert (berlin.connected_points == sum(berlin[f"r{n}_connected_points"]
                                           for n in range(1, 5))).all()
    assert (london.thames_points == 2 * london.thames_count).all()
    assert (london.tourist_points >= 0).all() and "tourist_count" in london


def test_cards_ranks_and_objectives_are_columns(berlin, london):
    effects = berlin["effects"].str.split(",")
    assert (effects.str.len() == 4).all()
    assert (berlin["r1_effect"] == effects.str[0]).all()
    assert (berlin["r4_effect"] == effects.str[3]).all()
    assert (london["powers"].str.split(",").str.len() == 4).all()
    for table in (berlin, london):
        assert (table.groupby("game")["rank"].min() == 1).all()
        assert ((table.objective1_met.astype(int) + table.objective2_met.astype(int))
                == table.objectives_met).all()
        assert (table.objectives_points == 10 * table.objectives_met).all()
        # Each progress comes with its target (a bare 9 did not say "of 12"): met is reached.
        for n in (1, 2):
            met = table[f"objective{n}_progress"] >= table[f"objective{n}_target"]
            assert (met == table[f"objective{n}_met"]).all()
            assert (table[f"objective{n}_target"] > 0).all()
    first = berlin.iloc[0]
    game = replay(first)
    assert int(first.objective1_target) == game.score_sheet(int(first.player)).objectives[0].target
    best = berlin.loc[berlin.groupby("game")["total"].idxmax()]
    assert (best["rank"] == 1).all()


def test_solo_rows_carry_the_assessment():
    table = _run(games=3, seed=1, modules=["effects", "objectives"])
    assert (table.handicap == 35).all()
    assert (table.rated == table.total - 35).all()
    assert table.band.str.contains("-").all()
    plain = _run(games=2, seed=1)
    assert (plain.handicap == 0).all() and (plain.rated == plain.total).all()


def test_any_row_replays_into_its_game(berlin, london):
    for table in (berlin, london):
        for i in (0, len(table) - 1):
            row = table.iloc[i]
            game = replay(row)
            assert game.is_over
            sheet = game.score_sheet(int(row.player))
            assert sheet.total == row.total
            assert sheet.interchanges_total == row.interchanges_points
            drawn = game.sheets[int(row.player)].history
            assert len(drawn) == len(row.sections.split())
    row = berlin.iloc[3].to_dict()
    assert replay(row).to_json() == replay(berlin.iloc[3]).to_json()


def test_a_row_replays_however_it_was_picked(london):
    """A named tuple of ``itertuples()`` and a one-row DataFrame (a filter that kept one game)
    are rows too; a filter that kept several says how to pick one."""
    total = london.iloc[2].total
    assert replay(next(london.iloc[2:].itertuples())).score(2) == total
    assert replay(london.iloc[[2]]).score(2) == total
    assert replay(london[london.index == 2]).score(2) == total
    with pytest.raises(ArgumentError, match=r"replay\(\) takes one row, not a table of 3 rows: "
                                            r"pick one with table.iloc\[i\]"):
        replay(london.iloc[:3])


def test_the_cards_column_lists_every_reveal_round_by_round(berlin, london):
    from nsb_widget.rules.moves import Reveal

    for table in (berlin, london):
        row = table.iloc[2]
        game = replay(row)
        reveals = ["+".join(str(c) for c in a.cards) for a in game.history
                   if isinstance(a, Reveal)]
        rounds = row.cards.split(" | ")
        assert len(rounds) == 4
        assert [step for r in rounds for step in r.split(",")] == reveals
    assert (berlin.groupby("game")["cards"].nunique() == 1).all()
    assert berlin.cards.str.contains("double switch+", regex=False).all()


def test_rows_survive_a_csv_round_trip(tmp_path, london):
    path = tmp_path / "sim.csv"
    london.to_csv(path, index=False)
    back = pd.read_csv(path, keep_default_na=False)
    assert replay(back.iloc[4]).score(int(back.iloc[4].player)) == london.iloc[4].total


def test_fixed_module_cards():
    effects = ["glimpse", "double_stations", "recurring_double_switch", "double_tracks"]
    table = _run(games=3, seed=9, modules=["effects"], effects=effects)
    assert set(table["effects"]) == {",".join(effects)}
    assert list(table["r4_effect"]) == ["double_tracks"] * 3
    assert replay(table.iloc[1]).setup.effects == tuple(effects)
    dealt = _run(games=3, seed=9, modules=["effects"])
    assert dealt["effects"].nunique() > 1  # dealt from each game's seed


def test_one_power_a_game_is_simulated_and_replayed(tmp_path):
    """``power_limit="game"`` (as for Game.new) reaches every game, is a column, and the row
    (also read back from a CSV file) replays under the same limit."""
    kw = {"map": "london", "games": 3, "seed": 6, "modules": ["powers"]}
    table = _run(**kw, power_limit="game")
    assert set(table["power_limit"]) == {"game"}
    assert set(_run(**kw)["power_limit"]) == {"round"}
    uses = [a for a in replay(table.iloc[0]).history if type(a).__name__ == "UsePower"]
    assert len(uses) <= 1
    path = tmp_path / "limit.csv"
    table.to_csv(path, index=False)
    row = pd.read_csv(path, keep_default_na=False).iloc[2]
    assert replay(row).setup.power_limit == "game"
    assert replay(row).score() == row.total
    assert "power_limit" not in _run(games=1, seed=6).columns  # no powers, no column
    with pytest.raises(ArgumentError, match="add modules=\\['powers'\\]"):
        _run(map="london", games=1, power_limit="game")


# ---------------------------------------------------------------------------- reproducible
def test_one_module_may_be_named_alone_as_the_docs_say():
    """``modules="effects"`` is ``modules=["effects"]`` for simulate and Game.new alike
    (docs/simulations.md and docs/scripting.md say so)."""
    alone = simulate(games=2, seed=3, workers=1, progress=False, modules="effects")
    listed = simulate(games=2, seed=3, workers=1, progress=False, modules=["effects"])
    assert alone.equals(listed) and set(alone["modules"]) == {"effects"}
    assert Game.new(seed=3, modules="effects").setup == Game.new(seed=3, modules=["effects"]).setup


def test_numbers_read_from_the_table_are_taken_as_ints(berlin):
    """A table's numbers are numpy's int64: an analyst passes ``row.seed``, ``row.players``
    and ``row.player`` on as they are. Before, every call refused them ("seed must be an int,
    not int64", "no player=np.int64(0): a solo game's player is 0")."""
    row = berlin.iloc[3]
    assert type(row.seed) is np.int64 and type(row.player) is np.int64
    again = simulate(players=row.players, games=np.int64(2), seed=row.seed,
                     workers=np.int64(1), progress=False)
    assert again.equals(simulate(players=2, games=2, seed=int(row.seed), workers=1,
                                 progress=False))
    game = Game.new(players=row.players, seed=row.seed, modules=["effects", "objectives"],
                    effects=row.effects.split(","), objectives=row.objectives.split(","))
    assert game.setup == replay(row).setup
    while not game.is_over:
        game.reveal()
        for player in np.arange(2):  # numpy's ints, as a loop over a column gives
            play_turn(game, player, "greedy", random.Random(1))
    assert game.score(row.player) == game.score(1) and game.can_undo(np.int64(1))
    assert {type(a.player) for a in game.history if hasattr(a, "player")} == {int}
    json.dumps(game.to_json())  # plain ints only: the save file is written
    assert type(game.setup.seed) is int and type(game.setup.players) is int
    # A bool is no number here, numpy's or Python's.
    for flag in (True, np.True_):
        with pytest.raises(PlayerError):
            game.score(flag)
        with pytest.raises(ArgumentError, match="seed must be an int, not"):
            simulate(seed=flag, games=1, progress=False)


def test_a_misspelt_keyword_is_refused_with_the_closest():
    with pytest.raises(ArgumentError) as info:
        simulate(bot="greedy", games=2)
    assert str(info.value) == "simulate() takes no bot (did you mean 'bots'?)"
    with pytest.raises(ArgumentError, match=r"takes no modul \(did you mean 'modules'\?\), "
                                            r"zzz$"):
        simulate(modul="effects", zzz=1)


def test_same_seed_same_table_whatever_the_workers():
    kw = {"map": "london", "players": 2, "bots": ["greedy", "random"], "games": 30, "seed": 11,
          "modules": ["powers"]}
    one = _run(**kw)
    two = _run(**{**kw, "workers": 2})
    pd.testing.assert_frame_equal(one, two)
    other = _run(**{**kw, "seed": 12})
    assert not set(other["seed"]) & set(one["seed"])


def test_a_dask_cluster_gives_the_same_table():
    distributed = pytest.importorskip("distributed")
    kw = {"players": 1, "bots": "greedy", "games": 20, "seed": 5, "progress": False}
    here = simulate(workers=1, **kw)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = simulate(executor=client.get_executor(), **kw)
    pd.testing.assert_frame_equal(here, remote)


def test_runs_with_nearby_seeds_share_no_game():
    assert game_seed(0, 1) != game_seed(1, 0)
    assert len({game_seed(s, i) for s in range(20) for i in range(50)}) == 1000


# ---------------------------------------------------------------------------- bad input
class SpyBot(GreedyBot):
    """Counts its calls (to show that no game started)."""

    name = "spy"
    calls = 0

    def choose_plan(self, game, player, rng):
        SpyBot.calls += 1
        return super().choose_plan(game, player, rng)


class NamelessBot:
    """A bot written without its ``name``: refused, saying so."""

    def choose(self, game, player, rng):
        return None


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"bots": "nope"}, "unknown bot 'nope'; known bots: "),
    ({"bots": NamelessBot()}, "a bot object with a name and a choose() or choose_plan() "
                              "method, not NamelessBot: it has no name (a class attribute will do: "
                              "name = 'mine')"),
    ({"bots": 3}, "not int: it has no name and no choose() or choose_plan() method"),
    ({"players": 2, "bots": {0: "greedy", 1: "random"}},
     "bots is one bot for every seat or a list with one per seat, like ['greedy', 'random'], "
     "not a dict"),
    ({"players": 2, "bots": [SpyBot(), "nope"]}, "unknown bot 'nope'"),
    ({"players": 2, "bots": [SpyBot()]}, "2 player(s) need 2 bot(s), not 1"),
    ({"bots": [SpyBot(), "greedy"]}, "1 player(s) need 1 bot(s), not 2"),
    ({"games": 0}, "games must be at least 1, not 0"),
    ({"games": 2.5}, "games must be an int, not float"),
    ({"games": 1e3}, "games must be an int, not float (write 1000)"),
    ({"players": 2, "bots": np.array(["greedy"])}, "2 player(s) need 2 bot(s), not 1"),
    ({"players": 2, "bots": np.array([["greedy", "random"]])}, "not ndarray"),
    ({"players": 5}, "players must be 1 to 4, not 5"),
    ({"seed": -1}, "seed must be at least 0"),
    ({"map": "paris"}, "no built-in map 'paris'"),
    ({"map": "toy.json"}, "london (a map file is loaded first: map=load_map(path))"),
    ({"map": 100}, "simulate() takes keywords, e.g. simulate(games=100, bots='greedy')"),
    ({"modules": ["powers"]}, "unknown module 'powers'"),
    ({"map": "london", "modules": ["effects"]}, "unknown module 'effects'"),
    ({"modules": ["effects"], "effects": ["glimpse"]}, "effects must be 4 different"),
    ({"effects": ["glimpse"]}, "effects given without the 'effects' module"),
    ({"bots": ("greedy", {"depth": 3})}, "bot greedy(depth=3): "),
    ({"bots": GreedyBot}, "give a bot object, not the class GreedyBot"),
    ({"bots": 3}, "a bot is a name like 'greedy'"),
    ({"workers": 0}, "workers must be a positive int or None, not 0"),
    # A misspelt name is pointed at the closest (an analyst's first stumbles).
    ({"bots": "gready"}, "known bots: greedy, lookahead, random, search (did you mean "
                         "'greedy'?)"),
    ({"players": 2, "bots": ["greedy", "Serch"]}, "(did you mean 'search'?)"),
    ({"modules": ["effect"]}, "rules know effects, objectives (did you mean 'effects'?)"),
    ({"modules": "effects,objectives"}, "rules know effects, objectives; several modules are a "
                                        "list: modules=['effects', 'objectives']"),
    ({"map": "londn"}, "built-in maps: berlin, london (did you mean 'london'?)"),
    ({"bots": ("search", {"second": 1})}, "unexpected keyword argument 'second'; it takes "
                                          "seconds, iterations, widest, seed, playouts, depth, "
                                          "keep, branch (did you mean 'seconds'?)"),
    # Issue 18, items 20 and 22: what cannot be meant is refused at once.
    ({"modules": 5}, "modules is a list of module names like ['objectives'], not 5"),
    ({"modules": [object()] * 20}, "modules lists the advanced modules to add, at most 16"),
    ({"games": 10**9}, "games must be at most 1,000,000, not 1000000000: the table of more would "
                       "not fit in memory"),
    ({"games": 10**18}, "games must be at most 1,000,000"),
    ({"workers": 1000}, "workers=1000 asks for that many processes on "),
    ({"workers": 10**5, "executor": ThreadPoolExecutor(1)}, "workers must be at most 10,000"),
    ({"executor": object()}, "executor must have a submit() method"),
    ({"workers": 2, "_unpicklable": True}, "the bots must pickle to play on other processes"),
])
def test_bad_input_is_refused_before_any_game(kwargs, message):
    SpyBot.calls = 0
    kwargs = {"bots": SpyBot(), "games": 3, **kwargs}
    if kwargs.pop("_unpicklable", False):
        kwargs["bots"].hook = lambda: None  # a lambda does not pickle
    with pytest.raises(ArgumentError) as info:
        simulate(progress=False, **kwargs)
    assert message in str(info.value)
    assert SpyBot.calls == 0


@pytest.mark.parametrize(("call", "message"), [
    # Another library's word for a keyword points at this one's (an analyst's stumbles).
    (lambda: simulate(city="london", games=1, progress=False),
     "simulate() takes no city (did you mean 'map'?)"),
    (lambda: Game.new(city="london"), "the Berlin rules take no city (did you mean 'map'?)"),
    (lambda: simulate(n_jobs=2, games=1, progress=False),
     "takes no n_jobs (did you mean 'workers'?)"),
    (lambda: Game.new(lang="de"), "take no lang (did you mean 'language'?)"),
    # progress="no" turned the bar on (any true value did).
    (lambda: simulate(games=1, progress="no"), "progress must be True or False, not 'no'"),
])
def test_other_words_and_wrong_kinds_are_pointed_at_the_right_keyword(call, message):
    with pytest.raises(ArgumentError) as info:
        call()
    assert message in str(info.value)


@pytest.mark.parametrize(("city", "card", "closest"), [
    ("london", "underground cirle", "underground circle"),
    ("london", "swich", "switch"),
    ("berlin", "bear sqare", "bear square"),
    ("berlin", "dobule switch", "double switch"),
])
def test_a_misspelt_card_is_pointed_at_the_closest_card(city, card, closest):
    game = Game.new(map=city, scenario=True)
    with pytest.raises(NotationError) as info:
        game.reveal(card)
    assert str(info.value).endswith(f"(did you mean {closest!r}?)")
    assert game.cards == () and game.turn == 0  # nothing revealed


def test_bots_by_name_with_options_and_as_objects():
    assert seats_for(("greedy", {}), 2)[1].label == "greedy"
    assert [s.label for s in seats_for(("greedy", "random"), 2)] == ["greedy", "random"]
    assert parse_label("search(seconds=1.0, iterations=50, seed=3)") == (
        "search", {"seconds": 1.0, "iterations": 50, "seed": 3})
    for bad in ("search(seconds=open('x'))", "search(**opts)", "search(1.0)", "search(x="):
        with pytest.raises(ArgumentError, match="cannot read"):
            parse_label(bad)
    a = _run(games=4, seed=3, bots=GreedyBot())
    b = _run(games=4, seed=3, bots="greedy")
    pd.testing.assert_frame_equal(a, b)


class FirstPlanBot:
    """A bot with ``choose_plan`` alone (the fast path, as docs/bots.md shows it)."""

    name = "first-plan"

    def choose_plan(self, game, player, rng):
        plans = game.plans(player)
        return plans[0] if plans else None


def test_a_bot_with_choose_plan_alone_is_a_bot():
    """docs/bots.md: "a faster bot answers choose_plan(game, player, rng) instead". Such a bot
    was refused everywhere ("it has no choose() method"); now simulate, replay, play_turn and
    hints take it."""
    table = _run(games=3, seed=2, bots=FirstPlanBot())
    assert set(table["bot"]) == {"first-plan"}
    game = replay(table.iloc[1], bots=[FirstPlanBot()])
    assert game.score() == int(table["total"][1])
    game = Game.new(seed=2)
    game.reveal()
    hint = suggest(game, 0, bot=FirstPlanBot())
    assert hint.move == game.legal_moves()[0]
    play_turn(game, 0, FirstPlanBot(), random.Random(1))
    assert game.history[-1] == Draw(0, hint.move)


def test_a_row_whose_bots_have_several_options_replays():
    """A label with two options holds a comma (``lookahead(depth=1, seed=1)``): the seats
    column is split between labels, not inside one."""
    table = _run(players=2, games=2, seed=1,
                 bots=[("lookahead", {"depth": 1, "seed": 1}), "greedy"])
    row = table.iloc[3]
    assert row.seats == "lookahead(depth=1, seed=1),greedy"
    assert replay(row).score(int(row.player)) == row.total


def test_any_registered_bot_is_found_at_call_time(monkeypatch):
    class Lazy(GreedyBot):
        name = "lazy"

    monkeypatch.setitem(BOTS, "lazy", Lazy)
    table = _run(games=2, bots="lazy")
    assert set(table["bot"]) == {"lazy"}
    assert replay(table.iloc[0]).score() == table.total[0]


def test_refusing_a_huge_run_takes_no_time_and_no_memory():
    """Issue 18, item 22: games=10**9 built 745 MB of chunk ranges before starting days of
    work; games=10**18 raised MemoryError."""
    start = time.perf_counter()
    for games in (10**9, 10**18, 10**100):
        with pytest.raises(ArgumentError, match="games must be at most"):
            simulate(games=games, progress=False)
    assert time.perf_counter() - start < 1.0


def test_the_work_is_streamed_to_the_executor_not_queued_whole():
    """The ranges are made one at a time, and at most TASKS_PER_WORKER tasks per worker wait
    at the executor: a long run holds a few tasks, not millions."""
    ranges = chunks(10**7, 2)  # a list of 50,000 ranges before the fix
    assert not isinstance(ranges, list)
    assert next(ranges) == (0, MAX_CHUNK)

    class Counting(ThreadPoolExecutor):
        waiting = most = 0

        def submit(self, *args, **kwargs):
            Counting.waiting += 1
            Counting.most = max(Counting.most, Counting.waiting)
            future = super().submit(*args, **kwargs)
            future.add_done_callback(lambda _: setattr(Counting, "waiting", Counting.waiting - 1))
            return future

    with Counting(max_workers=1) as pool:
        table = simulate(games=40, seed=5, workers=1, executor=pool, progress=False)
    assert Counting.most <= TASKS_PER_WORKER
    pd.testing.assert_frame_equal(table, _run(games=40, seed=5))


# ---------------------------------------------------------------------------- failures
class FlakyBot(GreedyBot):
    """Raises in the game whose seed it is given."""

    name = "flaky"

    def __init__(self, bad_seed):
        super().__init__()
        self.bad_seed = bad_seed

    def choose_plan(self, game, player, rng):
        if game.setup.seed == self.bad_seed and game.round >= 2:
            raise RuntimeError("the search ran out of ideas")
        return super().choose_plan(game, player, rng)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_raising_bot_names_the_game_and_keeps_the_finished_ones(workers):
    bad = game_seed(7, 5)
    with pytest.raises(SimulationError) as info:
        simulate(games=12, seed=7, bots=FlakyBot(bad), workers=workers, progress=False)
    err = info.value
    assert (f"game 5 (seed {bad}) raised BotError: the flaky bot of player 1 raised "
            "RuntimeError in choose_plan(): the search ran out of ideas") in str(err)
    assert "Traceback" in err.failure.traceback and err.failure.game == 5
    kept = err.table
    assert 5 not in set(kept["game"]) and {0, 1, 2, 3, 4} <= set(kept["game"])
    full = _run(games=12, seed=7)
    merged = kept.merge(full, on=["game", "player"], suffixes=("", "_full"))
    assert len(merged) == len(kept) and (merged.total == merged.total_full).all()


class OffTheMapBot(GreedyBot):
    """Answers a plan that is not among game.plans() once a round is under way (issue 18,
    item 23): the player's first section again, drawn in round 1."""

    name = "cheat"

    def choose_plan(self, game, player, rng):
        plan = super().choose_plan(game, player, rng)
        if plan is not None and game.round == 2:
            drawn = next(a.move for a in game.history if isinstance(a, Draw) and a.player == player)
            labels = game.map.labels
            origin, target = labels.index(drawn.origin), labels.index(drawn.target)
            return Plan(0, origin, target, game.map.section_index[(origin, target)])
        return plan


class TuplePlanBot(GreedyBot):
    """Answers plain tuples (with numpy ints): equal to a listed plan, so played."""

    def choose_plan(self, game, player, rng):
        plan = super().choose_plan(game, player, rng)
        return None if plan is None else tuple(np.int64(v) for v in plan)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_bot_that_answers_an_illegal_plan_is_caught_and_named(workers):
    with pytest.raises(SimulationError) as info:
        simulate(games=3, seed=1, players=2, bots=["greedy", OffTheMapBot()], workers=workers,
                 progress=False)
    message = str(info.value)
    assert "raised BotError: the cheat bot of player 2 answered Plan(" in message
    assert "from choose_plan(): not one of game.plans(1) now" in message
    assert info.value.table is None or set(info.value.table["bot"]) == {"greedy", "cheat"}


def test_play_game_checks_every_choice_and_accepts_an_equal_tuple():
    game = Game.new(players=2, seed=4)
    with pytest.raises(BotError) as info:
        play_game(game, [GreedyBot(), OffTheMapBot()], random.Random(1))
    assert (info.value.bot, info.value.player) == ("cheat", 1)
    assert Game.from_json(game.to_json()).history == game.history  # nothing illegal was drawn
    a = play_game(Game.new(seed=4), [TuplePlanBot()], random.Random(1))
    b = play_game(Game.new(seed=4), [GreedyBot()], random.Random(1))
    assert a.history == b.history


# ---------------------------------------------------------------------------- progress etc.
def test_progress_bar_on_and_off(capsys):
    _run(games=3, progress=True)
    assert "3/3" in capsys.readouterr().err
    _run(games=3, progress=False)
    assert capsys.readouterr().err == ""


def test_missing_pandas_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)
    with pytest.raises(ImportError, match=r'pip install "nsb-widget\[analysis\]"'):
        simulate(games=1, progress=False)


def test_simulate_is_the_function_and_the_old_module_path_works():
    import nsb_widget.simulate as module_or_function  # noqa: F401
    from nsb_widget.simulate import play_game

    assert callable(nsb_widget.simulate) and nsb_widget.simulate is simulate
    game = play_game(Game.new(1, 3), [make_bot("greedy")], random.Random(1))
    assert game.is_over


# ---------------------------------------------------------------------------- fuzzing the call
class _Unprintable:
    def __repr__(self):
        raise RuntimeError("no repr")

    __str__ = __repr__


_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 0), st.floats(allow_nan=True),
                  st.text(max_size=4), st.just("x" * 100_000), st.just(10**9), st.just(10**18),
                  st.just(2**200), st.builds(object), st.builds(_Unprintable),
                  st.lists(st.builds(_Unprintable), min_size=1, max_size=2))


@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(kwargs=st.fixed_dictionaries({}, optional={
    "map": st.one_of(st.sampled_from(["berlin", "london"]), _JUNK),
    "players": st.one_of(st.integers(1, 2), _JUNK),
    "bots": st.one_of(st.sampled_from(["greedy", "random", ("random", {}), ("greedy", {"x": 1})]),
                      _JUNK),
    "games": st.one_of(st.integers(1, 2), _JUNK),
    "seed": st.one_of(st.integers(0, 2**64), _JUNK),
    "modules": st.one_of(st.sampled_from([[], ["objectives"], "objectives"]), _JUNK),
    "workers": st.one_of(st.just(1), st.just(1000), _JUNK.filter(
        lambda v: not isinstance(v, int) or isinstance(v, bool) or v < 1 or v > 8)),
}))
def test_simulate_plays_or_refuses_with_an_argument_error_at_once(kwargs):
    """Issue 18, items 20 and 22: any argument from the fuzzer's junk is refused before a game
    (an NsbError with a short message, quickly); valid ones play."""
    kwargs = {"workers": 1, "games": 1, **kwargs}
    start = time.perf_counter()
    try:
        table = simulate(progress=False, **kwargs)
    except NsbError as exc:
        assert 0 < len(str(exc)) < 300, str(exc)
    else:
        assert len(table) == kwargs["games"] * kwargs.get("players", 1)
    assert time.perf_counter() - start < 3.0


# --------------------------------------------------------------------- games played otherwise
@pytest.mark.parametrize("options", [
    {"map": "berlin"},
    {"map": "berlin", "modules": ["effects"],
     "effects": ["glimpse", "double_stations", "triple_outer", "double_tracks"]},
    {"map": "london", "players": 2, "modules": ["powers", "objectives"]}])
def test_table_of_games_played_otherwise_has_simulates_rows(options):
    """The same games in both tables: every column equal but ``game`` (each game is replayed
    from its row, then tabled on its own)."""
    table = simulate(bots="greedy", games=3, seed=5, progress=False, workers=1, **options)
    for i in range(len(table)):
        row = table.iloc[i]
        own = table_of(replay(row), seats=row.seats.split(","))
        mine = own[own.player == row.player].iloc[0]
        assert {c: mine[c] for c in table.columns if c != "game"} == \
            {c: row[c] for c in table.columns if c != "game"}


def test_table_of_a_scenario_game_and_an_unfinished_one():
    game = Game.new(scenario=True, pencils=["green", "pink", "blue", "brown"])
    game.reveal("bear square")
    with pytest.raises(ArgumentError, match=r"game 0 is not over \(round 1\): finish it, or "
                                            r"pass finished=False"):
        table_of([game])
    so_far = table_of([game], finished=False)
    assert list(so_far.bot) == ["player 1"] and so_far.cards[0] == "bear square"
    assert int(so_far.total[0]) == game.score()
    # (5 and {"a"} raised a bare TypeError "object of type 'int' has no len()")
    for bad, why in ((["a", "b"], "1 player"), ("me", "1 player"), ([3], "1 player"),
                     (5, "1 player"), ({"a"}, "1 player"), (iter(["a"]), "1 player")):
        with pytest.raises(ArgumentError, match=why):
            table_of([game], seats=bad, finished=False)
    with pytest.raises(ArgumentError, match="games holds games, not 'game'"):
        table_of(["game"])
    with pytest.raises(ArgumentError, match="a Game or a list of games, not 3"):
        table_of(3)  # type: ignore[arg-type]


def _toy_town() -> Any:
    """The documentation's custom map (docs/examples/custom_map.py), loaded."""
    import importlib.util

    path = Path(__file__).parent.parent / "docs" / "examples" / "custom_map.py"
    spec = importlib.util.spec_from_file_location("custom_map", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.step4_load()


def test_a_map_of_ones_own_is_simulated_on_processes_and_replayed():
    toy = _toy_town()
    table = simulate(map=toy, players=2, bots=["greedy", "random"], games=4, seed=3,
                     progress=False, workers=2)
    assert set(table["map"]) == {"toy-town"} and len(table) == 8
    alone = simulate(map=toy, players=2, bots=["greedy", "random"], games=4, seed=3,
                     progress=False, workers=1)
    assert table.equals(alone)  # the same games on 2 processes or here
    game = replay(table.iloc[5], map=toy)
    assert game.map is toy and game.score(int(table.player[5])) == int(table.total[5])
    with pytest.raises(ArgumentError, match=r"the row was played on the map 'toy-town', which "
                                            r"is not built in: give it again, replay\(row, "
                                            r"map=load_map\(path\)\)"):
        replay(table.iloc[0])
    with pytest.raises(ArgumentError, match="the row was played on the map 'toy-town', not "
                                            "'berlin'"):
        replay(table.iloc[0], map=get_map("berlin"))
    with pytest.raises(ArgumentError, match="map is a map loaded with load_map"):
        replay(table.iloc[0], map="toy-town")  # type: ignore[arg-type]


def test_a_map_stays_as_loaded_when_its_document_is_edited_afterwards(tmp_path):
    """load_map(doc) kept doc's own lists in the map's source: editing doc for a variant of
    the map changed the document the first map travels to the workers as (2 workers played
    another map than 1) and is saved as (a saved game came back on the variant)."""
    import importlib.util

    from nsb_widget import load_map

    path = Path(__file__).parent.parent / "docs" / "examples" / "custom_map.py"
    spec = importlib.util.spec_from_file_location("custom_map", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    doc = module.step3_stations(module.step2_districts(module.step1_frame()))
    toy = load_map(doc)
    symbols = [s.symbol for s in toy.stations]
    for station in doc["stations"]:  # a variant: every station a square
        station["symbol"] = "square"
    assert len({s.symbol for s in load_map(doc).stations}) == 1
    options = {"map": toy, "bots": "greedy", "games": 4, "seed": 3, "progress": False}
    assert simulate(workers=2, **options).equals(simulate(workers=1, **options))
    game = Game.new(1, 5, map=toy)
    game.save(tmp_path / "toy.json")
    assert [s.symbol for s in Game.load(tmp_path / "toy.json").map.stations] == symbols


def test_a_map_of_ones_own_named_like_a_built_in_map_is_refused():
    """Toy Town given the id 'berlin': its rows said map 'berlin', and replay(row) rebuilt
    each game on the built-in Berlin, another game (another total) without a word."""
    from nsb_widget import load_map

    doc = dict(_toy_town().source, id="berlin")
    fake = load_map(doc)
    with pytest.raises(ArgumentError, match="this map's id 'berlin' is a built-in map's, but "
                                            "the map is not that one"):
        simulate(map=fake, games=2, seed=1, progress=False, workers=1)
    # The built-in map itself (the same object as get_map's) is of course fine.
    table = simulate(map=get_map("berlin"), games=1, seed=1, progress=False, workers=1)
    assert int(replay(table.iloc[0]).score()) == int(table.total[0])


@pytest.mark.parametrize("limit", ["round", "game"])
def test_the_pencil_powers_columns_say_which_power_and_when_it_was_used(limit):
    """Each round's power and its uses, checked against the engine's own round and turn of
    every use (the game replayed action by action), in simulate's table and table_of's."""
    table = simulate(map="london", modules=["powers"], power_limit=limit, bots="greedy",
                     games=4, seed=2, progress=False, workers=1)
    assert table.power_uses.sum() > 0
    for i in range(len(table)):
        row = table.iloc[i]
        game = replay(row)
        expected: dict[int, list[int]] = {}
        step = Game.replay(game.setup, (), game.map)
        for action in game.history:
            step.apply(action)
            if isinstance(action, UsePower):
                expected.setdefault(step.round, []).append(step.turn)
        for number in range(1, 5):
            pencil = row[f"r{number}_pencil"]
            assert row[f"r{number}_power"] == game.ruleset.power_of(game, pencil)
            uses = expected.get(number, [])
            assert row[f"r{number}_power_uses"] == len(uses)
            assert row[f"r{number}_power_turn"] == (uses[0] if uses else 0)
        assert row.power_uses == sum(map(len, expected.values()))
        assert row.power_uses <= (1 if limit == "game" else 4)
        again = table_of(game, seats=[row.bot])
        assert list(again.filter(like="power").iloc[0]) == list(table.filter(like="power").iloc[i])


def test_a_row_with_a_broken_cell_is_refused_by_name():
    table = simulate(map="london", modules=["powers"], bots="greedy", games=1, seed=4,
                     progress=False, workers=1)
    row = table.iloc[0].to_dict()
    assert replay(row).score() == row["total"]  # a 63-bit seed stays exact
    assert row["seed"].bit_length() > 53
    for column, value, why in (("players", float("nan"), "the row's players is a whole number, "
                                "not nan"),
                               ("players", 1.5, "players is a whole number, not 1.5"),
                               ("seed", "x", "the row's seed is a whole number, not 'x'"),
                               ("power_limit", 5, "power_limit is 'round' or 'game', not 5")):
        with pytest.raises(ArgumentError, match=re.escape(why)):
            replay({**row, column: value})
    for empty in ("", None, float("nan")):  # a CSV's empty cell, a table joined with another
        assert replay({**row, "power_limit": empty}).setup.power_limit == "round"
    assert replay({**row, "players": "1", "seed": str(row["seed"])}).score() == row["total"]


def test_compare_pairs_two_runs_on_the_same_deals():
    greedy = _run(games=30, seed=4, bots="greedy")
    rand = _run(games=30, seed=4, bots="random")
    result = compare(greedy, rand)
    diffs = (rand["total"] - greedy["total"]).to_numpy(dtype=float)
    assert result.n == 30 and (result.a, result.b) == ("greedy", "random")
    assert result.difference == pytest.approx(diffs.mean())
    assert result.sem == pytest.approx(diffs.std(ddof=1) / np.sqrt(30))
    assert result.low < result.difference < result.high
    assert result.mean_b - result.mean_a == pytest.approx(result.difference)
    assert str(result).startswith(f"random - greedy: {result.difference:+.2f} total (95 % CI ")
    # Each mean is named by its run: "means 82.62 and 107.60" did not say which was which.
    assert str(result).endswith(f"; means random {result.mean_b:.2f}, greedy "
                                f"{result.mean_a:.2f}")
    # Paired row by row, whatever the order of the rows.
    shuffled = rand.sample(frac=1, random_state=0)
    assert compare(greedy, shuffled) == result
    assert compare(greedy, rand, "interchanges_points").column == "interchanges_points"


@pytest.mark.parametrize(("change", "message"), [
    (lambda t: _run(games=30, seed=5, bots="random"), "not the same deals: seed differs (game 0"),
    (lambda t: t.head(10), "the tables hold 30 and 10 rows"),
    (lambda t: t.drop(columns=["seed"]), "b is not a table of simulate(): it has no seed column"),
    (lambda t: [1, 2], "b must be a table of simulate(), not [1, 2]"),
    # A column or a row, not its table: said in a line, not with the Series' many-line repr.
    (lambda t: t["total"], "b must be a whole table of simulate(), not a Series: pass the "
                           "tables and name the column, compare(a, b, column='total')"),
    (lambda t: t.iloc[0], "b must be a whole table of simulate(), not a Series"),
])
def test_compare_refuses_what_is_not_paired(change, message):
    greedy = _run(games=30, seed=4, bots="greedy")
    rand = _run(games=30, seed=4, bots="random")
    with pytest.raises(ArgumentError) as info:
        compare(greedy, change(rand))
    assert message in str(info.value)
    with pytest.raises(ArgumentError, match=r"no column 'totl' \(did you mean 'total'\?\)"):
        compare(greedy, rand, "totl")
    # table.map is DataFrame.map, a method: the filter keeps nothing, and the message says why.
    with pytest.raises(ArgumentError, match=r"a has no rows: did a filter keep nothing\? "
                                            r"table\.map and table\.rank are DataFrame methods"):
        compare(greedy[(greedy.bot == "greedy") & (greedy.map == "berlin")], rand)
    with pytest.raises(ArgumentError, match="bot is not a number column"):
        compare(greedy, rand, "bot")


def test_bots_listed_in_a_numpy_array_or_a_pandas_series_give_one_per_seat():
    """An analyst's list of bots often comes out of a table (``table["bot"].unique()``, a
    numpy array) or numpy: it gives a bot per seat as a list does (it was refused: 'not
    ndarray: it has no name')."""
    import pandas as pd

    expected = seats_for(["greedy", "random"], 2)
    for listed in (np.array(["greedy", "random"]), pd.Series(["greedy", "random"]),
                   pd.Index(["greedy", "random"]),
                   pd.Series(["random", "greedy", "greedy"]).unique()[::-1]):
        assert seats_for(listed, 2) == expected, type(listed)
    table = _run(games=2, seed=3, players=2, bots=pd.Series(["greedy", "random"]))
    assert list(table["bot"]) == ["greedy", "random"] * 2


def test_in_this_process_the_progress_moves_after_every_game():
    """workers=1 played its games in ranges (13 games for 100) and moved the bar once a range:
    with the search bot (about 30 s a game) it stayed at 0 % for minutes. Now each game counts
    as it ends, and the table is the same."""
    from nsb_widget.simulation.runner import run
    from nsb_widget.simulation.spec import make_job

    job = make_job("berlin", 1, "random", 20, 3, (), {}, "round")
    ticks: list[int] = []
    done, _ = run(job, 20, 1, None, ticks.append)
    assert ticks == [1] * 20
    assert sum(chunk.games for chunk in done) == 20


def test_a_row_whose_seats_are_no_bots_says_what_to_do():
    """A row of table_of() with the label 'my loop', or the default 'player 1', names no bot:
    replay said only "cannot read bot 'my loop'"; it now says to pass the bots, or that such a
    game is the one given to table_of()."""
    game = Game.new(seed=1)
    while not game.is_over:
        game.reveal()
        play_turn(game, 0, "greedy")
    for seats in (["my loop"], None):
        row = table_of([game], seats=seats).iloc[0]
        with pytest.raises(ArgumentError, match=r"pass the bots the run used: replay\(row, "
                                                r"bots=\[\.\.\.\]\) \(a game of table_of\(\)"):
            replay(row)
    again = replay(table_of([game], seats=["greedy"]).iloc[0], bots=["greedy"])
    assert again.setup == game.setup
