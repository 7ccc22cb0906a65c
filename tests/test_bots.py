"""The bots: every bot plays both rulesets with their modules, sees only what a player sees,
and the stronger bots are reproducible with their budgets."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nsb_widget import Game
from nsb_widget.bots import BOTS, GreedyBot, SearchBot, make_bot, play_turn
from nsb_widget.bots.greedy import POWER_GAIN, turn_value, with_power
from nsb_widget.bots.options import finish_game
from nsb_widget.bots.search import KEEP, Budget
from nsb_widget.errors import PhaseError
from nsb_widget.rules import Phase

MAPS = {"berlin": ["effects", "objectives"], "london": ["objectives", "powers"]}


def quick_bot(name: str, seed: int = 0) -> Any:
    """Each bot with a small, reproducible budget (``search-driver``: the search bot with
    its playouts through the driver instead of numpy batches)."""
    if name == "search":
        return make_bot("search", seconds=None, iterations=64, seed=seed)
    if name == "search-driver":
        return make_bot("search", seconds=None, iterations=10, seed=seed, playouts="driver")
    if name == "lookahead":
        return make_bot("lookahead", seed=seed)
    return make_bot(name)


def position(map_name: str, seed: int, turns: int, modules: list[str]) -> Game:
    """A seeded game after ``turns`` turns of greedy play, with a card on the table."""
    game = Game.new(1, seed, map=map_name, modules=modules)
    rng = random.Random(seed)
    for _ in range(turns):
        game.reveal()
        play_turn(game, 0, GreedyBot(), rng)
        if game.is_over:
            break
    if game.phase is Phase.REVEAL:
        game.reveal()
    return game


def scenario_twin(game: Game) -> Game:
    """The same game rebuilt in scenario mode: the same cards named by hand, the same draws."""
    setup = game.setup
    cards = {k: list(v) for k, v in (("effects", setup.effects),
                                     ("objectives", setup.objectives),
                                     ("powers", setup.powers)) if v}
    twin = Game.new(setup.players, scenario=True, map=game.map.id, pencils=list(setup.pencils),
                    modules=list(setup.modules), **cards)
    for action in game.history:
        twin.apply(action)
    return twin


def choice(bot_name: str, game: Game) -> Any:
    bot = quick_bot(bot_name, seed=5)
    rng = random.Random(9)
    power = getattr(bot, "choose_power", None)
    used = power(game, 0, rng) if power is not None and game.setup.powers else None
    return used, bot.choose(game, 0, rng)


@pytest.mark.parametrize("bot_name", [*BOTS, "search-driver"])
@pytest.mark.parametrize(("map_name", "modules"), [
    ("berlin", MAPS["berlin"]), ("london", MAPS["london"]), ("london", [])])
def test_the_hidden_order_never_changes_a_choice(bot_name: str, map_name: str,
                                                 modules: list[str]) -> None:
    """Shuffling the face-down stack (a real game's secret) and naming the cards by hand
    (scenario mode) both leave every bot's choice unchanged."""
    for seed, turns in ((3, 2), (29, 13)):
        game = position(map_name, seed, turns, modules)
        assert game.phase is Phase.DRAW
        expected = choice(bot_name, game)
        for shuffle_seed in range(2):
            hidden = game.copy()
            order = hidden._deck._order
            assert order is not None
            random.Random(shuffle_seed).shuffle(order)
            assert choice(bot_name, hidden) == expected
        assert choice(bot_name, scenario_twin(game)) == expected


def test_sample_hidden_keeps_what_is_known_and_redeals_the_rest() -> None:
    game = position("london", 4, 3, [])
    stack = sorted(map(str, game.stack))
    orders = set()
    for s in range(20):
        world = game.sample_hidden(random.Random(s))
        assert sorted(map(str, world.stack)) == stack  # the same cards face down
        assert world.sheets[0].drawn == game.sheets[0].drawn
        orders.add(tuple(map(str, world._deck.peek_order())))
    assert len(orders) > 10  # the order is the sample's, not the game's
    card = game.stack[-1]
    world = game.sample_hidden(random.Random(1), top=(card,))
    world.pass_turn()
    if world.phase is Phase.REVEAL:
        assert world.reveal()[0] == card
    twin = scenario_twin(game)
    world = twin.sample_hidden(random.Random(2))  # a scenario game's sample needs no names
    finish_game(world, GreedyBot(), random.Random(0))
    assert world.is_over and not twin.is_over


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), map_name=st.sampled_from(list(MAPS)),
       bot_name=st.sampled_from(["random", "greedy", "lookahead"]),
       players=st.integers(1, 3), use_modules=st.booleans())
def test_bots_finish_legal_games(seed: int, map_name: str, bot_name: str, players: int,
                                 use_modules: bool) -> None:
    """Every bot plays whole games of either city, with the modules (powers included), and
    each game replays from its log to the same scores."""
    modules = MAPS[map_name] if use_modules else []
    game = Game.new(players, seed, map=map_name, modules=modules)
    finish_game(game, quick_bot(bot_name, seed), random.Random(seed))
    assert game.is_over
    replayed = Game.replay(game.setup, game.history)
    assert [replayed.score(p) for p in range(players)] == [game.score(p)
                                                          for p in range(players)]


@pytest.mark.parametrize("map_name", list(MAPS))
def test_lookahead_two_cards_deep_finishes_games(map_name: str) -> None:
    """``depth=2`` imagines a Double Switch whose second line has no legal section left:
    the imagined turn passes that line (it raised ``max() arg is an empty sequence`` on the
    first decision of Berlin's seed 2)."""
    game = Game.new(1, 2, map=map_name)
    finish_game(game, make_bot("lookahead", depth=2, seed=0), random.Random(0))
    assert game.is_over


def test_greedy_uses_every_london_power() -> None:
    used = set()
    for seed in range(6):
        game = Game.new(1, seed, map="london", modules=["powers"])
        finish_game(game, GreedyBot(), random.Random(seed))
        used |= {a.power for a in game.history if type(a).__name__ == "UsePower"}
    assert used == {"double", "joker", "switch", "circle"}


@pytest.mark.parametrize(("modules", "budget", "playouts"),
                         [(["powers"], 40, "driver"), (["powers"], 600, "auto"),
                          ([], 600, "auto")])
def test_search_is_reproducible_and_its_budget_holds(modules: list[str], budget: int,
                                                     playouts: str) -> None:
    """Playouts through the driver or on numpy batches (with powers and without)."""
    game = position("london", 8, 4, modules)
    first = SearchBot(seconds=None, iterations=budget, seed=1, playouts=playouts)
    second = SearchBot(seconds=None, iterations=budget, seed=1, playouts=playouts)
    a = first.search(game, 0, random.Random(0))
    b = second.search(game, 0, random.Random(99))  # its own seed, not the caller's rng
    assert a == b
    assert budget // 2 < sum(v.playouts for v in a) <= budget
    assert first.played == second.played == sum(v.playouts for v in a)  # what benchmarks read
    flat = [v for v in a if not v.deeper]
    deeper = [v for v in a if v.deeper]
    assert a[:len(deeper)] == tuple(deeper)  # the choices searched deeper come first
    if deeper:
        assert a[0].mean == max(v.mean for v in deeper)
    else:  # flat: the best went furthest
        assert a[0].playouts == max(v.playouts for v in a)
        assert a[0].mean >= max(v.mean for v in flat if v.playouts == a[0].playouts)


@pytest.mark.parametrize("map_name", ["london", "berlin"])
def test_a_card_deeper_the_best_follow_up_is_worth_at_least_the_greedy_one(
        map_name: str) -> None:
    """``depth=2`` looks at the best few choices one card deeper, taking the best section
    after each card, where the flat stage drew it greedily: on the same position each choice's
    deeper value is at least its flat value (up to the playouts' noise), for the same choices,
    and the budget holds in all."""
    game = position(map_name, 21, 3, [])
    budget = 40_000
    flat = {v.option: v for v in SearchBot(seconds=None, iterations=budget, seed=5,
                                           depth=1).search(game, 0, random.Random(0))}
    deep = SearchBot(seconds=None, iterations=budget, seed=5).search(game, 0, random.Random(0))
    deeper = [v for v in deep if v.deeper]
    assert len(deeper) == KEEP
    assert sum(v.playouts for v in deep) <= budget
    # ``keep`` and ``branch`` set how many choices go deeper and the sections after each card.
    narrow = SearchBot(seconds=None, iterations=budget, seed=5, keep=2, branch=1)
    found = narrow.search(game, 0, random.Random(0))
    assert len([v for v in found if v.deeper]) == 2
    assert sum(v.playouts for v in found) <= budget
    fewer = {v.option: v.mean for v in found if v.deeper}
    wider = {v.option: v.mean for v in SearchBot(seconds=None, iterations=budget, seed=5, keep=2,
                                                 branch=8).search(game, 0, random.Random(0))
             if v.deeper}
    assert fewer.keys() == wider.keys() and fewer != wider
    for value in deeper:
        assert value.mean >= flat[value.option].mean - 1.0, value
    # Without a card to come in the round there is nothing deeper to look at.
    rng = random.Random(0)
    while not game.is_last_turn:
        play_turn(game, 0, GreedyBot(), rng)
        game.reveal()
    last = SearchBot(seconds=None, iterations=600, seed=5).search(game, 0, random.Random(0))
    assert not any(v.deeper for v in last)


def test_a_budget_shared_with_a_first_stage_counts_in_both() -> None:
    whole = Budget(None, 900)
    first = whole.share(1 / 3)
    assert first.iterations == 300
    assert not first.spend(200, 100)  # 200 + the next 100 fit in 300
    assert first.spend(50, 51)  # 250 + the next 51 would not
    assert (whole.used, whole.left(), first.left()) == (250, 650, 50)
    timed = Budget(60.0, None)
    assert timed.left() == 1 << 30  # no rate measured yet: no bound from the time
    time.sleep(0.01)
    timed.spend(1000, 0)  # at most 100,000 playouts a second
    assert 0 < timed.left() <= 60 * 100_000  # the time left at the rate measured so far


def test_batched_playouts_are_refused_for_a_ruleset_without_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = position("london", 8, 4, ["powers"])
    monkeypatch.setattr(type(game.ruleset), "playout_rules", lambda self, game: None)
    with pytest.raises(ValueError, match="no vectorised playouts"):
        SearchBot(seconds=None, iterations=10, playouts="batch").search(game, 0,
                                                                       random.Random(0))
    values = SearchBot(seconds=None, iterations=10, seed=1).search(game, 0, random.Random(0))
    assert values  # "auto" takes the driver


def test_batched_playouts_take_the_powers_module() -> None:
    """With the pencil powers the search plays its playouts on numpy batches (before, the
    driver): its power uses are weighed with the sections."""
    game = position("london", 8, 4, ["powers"])
    bot = SearchBot(seconds=None, iterations=1200, seed=1, playouts="batch")
    values = bot.search(game, 0, random.Random(0))
    assert any(v.option.power is not None for v in values)
    assert sum(v.playouts for v in values) <= 1200
    auto = SearchBot(seconds=None, iterations=1200, seed=1).search(game, 0, random.Random(0))
    assert auto == values  # "auto" takes the batches


def _last_turn_of_round(game: Game) -> None:
    """Greedy sections, no power, up to the round's last turn."""
    rng = random.Random(3)
    while not game.is_last_turn:
        plan = GreedyBot().choose_plan(game, 0, rng)
        if plan is None:
            game.pass_turn(0)
        else:
            game.play_plan(plan, 0)
        game.reveal()


def test_the_search_weighs_keeping_a_power_against_using_it_now() -> None:
    """With batched playouts that use powers later in the round, keeping a power is worth
    something: on the round's first turn the search keeps the Joker power that would add 2
    to this turn's estimate, and on the round's last turn (unused, a power is lost) it uses
    the switch power that adds 4.2."""
    game = Game.new(1, 2, map="london", modules=["powers"])
    game.reveal()
    assert game.power(0) == "joker"
    gain = turn_value(with_power(game, 0, ("joker", None)), 0) - turn_value(game, 0)
    assert 0 < gain < POWER_GAIN
    bot = SearchBot(seconds=None, iterations=3000, seed=2)
    assert any(v.option.power == ("joker", None) for v in bot.search(game, 0, random.Random(0)))
    assert bot.choose_power(game, 0, random.Random(0)) is None
    game = Game.new(1, 9, map="london", modules=["powers"])
    game.reveal()
    assert game.power(0) == "switch"
    _last_turn_of_round(game)
    gain = turn_value(with_power(game, 0, ("switch", None)), 0) - turn_value(game, 0)
    assert gain > POWER_GAIN
    assert bot.choose_power(game, 0, random.Random(0)) == ("switch", None)


def test_search_plays_whole_games_with_powers_and_two_players() -> None:
    game = Game.new(2, 17, map="london", modules=["powers", "objectives"])
    bots = [SearchBot(seconds=None, iterations=6, seed=3), GreedyBot()]
    rng = random.Random(0)
    while not game.is_over:
        game.reveal()
        for p, bot in enumerate(bots):
            play_turn(game, p, bot, rng)
    assert game.is_over
    assert any(type(a).__name__ == "UsePower" and a.player == 0 for a in game.history)


def test_search_beats_greedy_on_the_same_cards() -> None:
    """Paired games (the same seeds): a small search budget already scores more in total."""
    totals = {"greedy": 0, "search": 0}
    for seed in range(3):
        for name, bot in (("greedy", GreedyBot()),
                          ("search", SearchBot(seconds=None, iterations=400, seed=seed))):
            game = Game.new(1, 500 + seed, map="london")
            finish_game(game, bot, random.Random(seed))
            totals[name] += game.score()
    assert totals["search"] > totals["greedy"]


@pytest.mark.parametrize(("name", "options", "message"), [
    ("nope", {}, "unknown bot 'nope'; known bots: greedy, lookahead, random, search"),
    ("search", {"seconds": None}, "a search needs a budget"),
    ("search", {"seconds": -1}, "seconds must be positive"),
    ("search", {"iterations": 0}, "iterations must be at least 1"),
    ("lookahead", {"depth": 3}, "depth must be 1 or 2"),
    ("search", {"playouts": "gpu"}, "playouts must be 'auto', 'batch' or 'driver'"),
    ("search", {"depth": 3}, "depth must be 1 or 2"),
    ("greedy", {"depth": 1}, "bad options for the greedy bot"),
    ("search", {"keep": 1}, "keep must be at least 2"),
    ("search", {"keep": True}, "keep must be at least 2"),
    ("search", {"branch": 0}, "branch must be at least 1"),
])
def test_make_bot_refuses_bad_names_and_options(name: str, options: dict[str, Any],
                                                message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        make_bot(name, **options)


def test_imagining_a_card_that_is_not_face_down_is_refused() -> None:
    game = position("berlin", 6, 2, [])
    shown = game.cards[0]
    if shown in game.stack:  # another copy of the same card may still be face down
        shown = next(c for c in game.ruleset.deck if c not in game.stack)
    with pytest.raises(PhaseError, match="is not face down in this round's stack"):
        game.sample_hidden(random.Random(0), top=(shown,))


@pytest.mark.parametrize("effect", ["glimpse", "recurring_double_switch"])
def test_the_deeper_stage_sees_the_same_cards_a_player_would(effect: str) -> None:
    """Berlin's effects change what a reveal takes from the stack (Glimpse shows the next card
    ahead; a Double Switch brings a symbol card): the deeper stage imagines the next cards only
    from the face-down stack (an imagined card that is not face down is refused) and runs on
    most turns of a round."""
    others = [e for e in ("glimpse", "recurring_double_switch", "triple_outer",
                          "double_stations", "double_tracks") if e != effect]
    game = Game.new(1, 8, modules=["effects"], effects=[effect, *others[:3]])
    bot = SearchBot(seconds=None, iterations=3_000, seed=2)
    rng = random.Random(0)
    deeper = 0
    while game.round == 1:
        game.reveal()
        play_turn(game, 0, bot, rng)
        deeper += any(v.deeper for v in bot.last)
    assert deeper >= 3


@pytest.mark.parametrize("when", ["before the reveal", "turn finished", "game over"])
def test_play_turn_and_hints_refuse_when_the_player_cannot_draw(when: str) -> None:
    """``play_turn`` and ``suggest`` say why, as ``pass_turn`` does, instead of doing nothing
    (a ``while not game.is_over: play_turn(...)`` loop without a reveal ran forever)."""
    from nsb_widget.bots.hint import suggest

    game = Game.new(2, 3)
    message = "no card is revealed yet: reveal the next card first"
    if when == "turn finished":
        game.reveal()
        game.pass_turn(0)
        message = "Player 1 has already finished this turn"
    elif when == "game over":
        finish_game(game, GreedyBot(), random.Random(0))
        message = "the game is over"
    before = game.history
    for call in (lambda: play_turn(game, 0, GreedyBot(), random.Random(0)),
                 lambda: suggest(game, 0, bot=GreedyBot()),
                 lambda: game.pass_turn(0)):
        with pytest.raises(PhaseError) as info:
            call()
        assert str(info.value) == message
    assert game.history == before


def test_play_turn_and_hints_take_a_bot_by_name() -> None:
    """A bot's name works where a bot does, as in ``simulate(bots="greedy")``; an unknown
    name gets the registry's error naming the bots, and nothing is played."""
    from nsb_widget.bots.hint import suggest
    from nsb_widget.errors import ArgumentError, UnknownNameError

    game = Game.new(1, 5)
    game.reveal()
    by_object, by_name = game.copy(), game.copy()
    play_turn(by_object, 0, GreedyBot(), random.Random(1))
    play_turn(by_name, 0, "greedy", random.Random(1))
    assert by_name.history == by_object.history
    assert (suggest(game, 0, bot="greedy", rng=random.Random(1))
            == suggest(game, 0, bot=GreedyBot(), rng=random.Random(1)))
    before = game.history
    for call in (lambda: play_turn(game, 0, "greedie", random.Random(1)),
                 lambda: suggest(game, 0, bot="greedie")):
        with pytest.raises(UnknownNameError, match="unknown bot 'greedie'; known bots: greedy"):
            call()
    with pytest.raises(ArgumentError, match=r"not the class GreedyBot: GreedyBot\(\)"):
        play_turn(game, 0, GreedyBot, random.Random(1))  # type: ignore[arg-type]
    with pytest.raises(ArgumentError, match=r"rng is a random.Random, like random.Random\(7\), "
                                            "not 7"):
        play_turn(game, 0, "greedy", 7)  # type: ignore[arg-type]
    assert game.history == before
    play_turn(game, 0, "random")  # rng: a new random.Random
    assert game.has_finished_turn()


def test_bot_names_are_read_in_any_case():
    """As pencil powers: "Greedy" is the greedy bot everywhere a bot is named (make_bot,
    play_turn, simulate, whose table then names it "greedy" and replays it)."""
    from nsb_widget import UnknownNameError, simulate
    from nsb_widget.simulation import replay

    assert make_bot(" Greedy").name == "greedy"
    assert make_bot("SEARCH", seconds=None, iterations=50).name == "search"
    game = Game.new(players=1, seed=3)
    game.reveal()
    play_turn(game, 0, "Greedy", random.Random(1))
    assert game.has_finished_turn(0)
    table = simulate(bots=[("Lookahead", {"depth": 1})], games=2, seed=1, progress=False,
                     workers=1)
    assert set(table.bot) == {"lookahead(depth=1)"}
    assert replay(table.iloc[0]).score() == int(table.total.iloc[0])
    with pytest.raises(UnknownNameError, match="unknown bot 'Greedie'"):
        make_bot("Greedie")
