"""A search bot: Monte Carlo playouts over the cards it cannot see, one card deep.

For each choice worth trying (:func:`~nsb_widget.bots.options.candidate_options`) the bot
imagines the hidden cards many times (:meth:`Game.sample_hidden`: the face-down stack
reshuffled from its known composition, later rounds dealt afresh), plays each imagined game
to its end with the greedy policy (the other players pass: a score never depends on the
other sheets), and scores the choice by the mean final score. Every choice is tried on the
same imagined games (common random numbers), and after each batch the worse half of the
choices is dropped (successive halving), so the budget goes to the close calls.

With ``depth=2`` (the default) that first, flat stage spends a third of the budget and
keeps the best few choices; the rest of the budget looks one card deeper at them: for each
card that may come next (weighted by how many are left face down), the best of the sections
it then allows is found by playouts, and a choice is worth the mean of those bests. The
greedy playouts judge a choice as if every later section were drawn greedily; the deeper
stage lets the next section be chosen well, which is what the bot will do when it comes.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from ..errors import ArgumentError, quote
from ..rules.playouts import Playouts
from .base import PowerUse, bot_turn, plan_move
from .checked import check_budget, check_count
from .greedy import GreedyBot
from .options import PASS, Option, candidate_options, finish_game, pass_the_rest

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move

#: Default time budget per decision, in seconds (what players and the Hint button get): under
#: a second with the hint's own work (the explanation) added.
DEFAULT_SECONDS = 0.9
#: The playout engines a search may use.
PLAYOUTS = ("auto", "batch", "driver")
#: How many of the flat stage's best choices are looked at a card deeper.
KEEP = 4
#: How many sections (best first by the quick estimate, and passing) are tried after each
#: card that may come next.
BRANCH = 6


@dataclass(frozen=True)
class OptionValue:
    """What the search found about one choice."""

    option: Option
    """The choice."""
    mean: float
    """Mean final score over the imagined games it was tried on."""
    playouts: int
    """How many imagined games."""
    deeper: bool = False
    """Searched a card deeper: ``mean`` is then the mean over the next card of the best
    section it allows (comparable with the other deeper choices only)."""


class SearchBot:
    """Monte Carlo search over the hidden cards with greedy playouts.

    ``seconds`` bounds the time per decision; ``iterations`` bounds the playouts per decision
    (set ``seconds=None`` for results that do not depend on the machine's speed); ``widest``
    is how many sections (best first by the quick estimate) are searched; ``seed`` makes the
    bot's imagined cards reproducible (otherwise it draws them from the ``rng`` it is given).
    ``playouts`` picks the engine: ``"batch"`` (numpy batches,
    :class:`~nsb_widget.rules.playouts.Playouts`, many times faster), ``"driver"`` (the game
    driver, one playout at a time) or ``"auto"``: batches unless the ruleset has no
    vectorised rules.
    ``depth=2`` looks one card deeper at the flat stage's ``keep`` best choices (batched
    playouts only), trying after each card the ``branch`` best sections and passing;
    ``depth=1`` is flat Monte Carlo.
    """

    name = "search"

    def __init__(self, seconds: float | None = DEFAULT_SECONDS, iterations: int | None = None,
                 widest: int = 8, seed: int | None = None, playouts: str = "auto",
                 depth: int = 2, keep: int = KEEP, branch: int = BRANCH) -> None:
        check_budget(seconds, iterations)  # ArgumentError: none, or one that cannot be meant
        check_count("widest", widest, 1)
        check_count("depth", depth, 1, 2)
        check_count("keep", keep, 2)
        check_count("branch", branch, 1)
        if not isinstance(playouts, str) or str.__str__(playouts) not in PLAYOUTS:
            raise ArgumentError(f"playouts must be 'auto', 'batch' or 'driver', not "
                                f"{quote(playouts)}")
        self.playouts = playouts
        self.depth = depth
        self.seconds = seconds
        self.iterations = iterations
        self.widest = widest
        self.keep = keep
        """How many of the flat stage's best choices are looked at a card deeper."""
        self.branch = branch
        """How many sections are tried after each card that may come next."""
        self._rng = None if seed is None else random.Random(seed)
        self._policy = GreedyBot()
        self._plan: Plan | None = None
        self.played = 0
        """Playouts played by every search of this bot so far (benchmarks read it)."""
        self.last: tuple[OptionValue, ...] = ()
        """The values found at the last decision, best first (for hints and teaching)."""

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The best section found, or ``None`` to pass (a pencil power is chosen by
        :meth:`choose_power`)."""
        plan = self.choose_plan(game, player, rng)
        return None if plan is None else plan_move(game, player, plan)

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The best plan found, or ``None`` to pass."""
        option = self._decide(game, player, rng, powers=False)
        return option.plan

    def choose_power(self, game: Game, player: int, rng: random.Random) -> PowerUse | None:
        """A pencil power to use now, when the search prefers it to every section."""
        if not game.power_options(player):
            return None
        option = self._decide(game, player, rng, powers=True)
        if option.power is None:
            self._plan = option.plan  # the same search chose the section: keep it
        return option.power

    def search(self, game: Game, player: int, rng: random.Random,
               powers: bool = True) -> tuple[OptionValue, ...]:
        """Every choice tried, best first (most playouts, then best mean), with its mean
        final score."""
        options = candidate_options(game, player, self.widest)
        if not powers:
            options = [o for o in options if o.power is None]
        if len(options) == 1:
            self.last = (OptionValue(options[0], 0.0, 0),)
            return self.last
        draw = self._rng if self._rng is not None else rng
        budget = Budget(self.seconds, self.iterations)
        deeper: dict[Option, tuple[float, int]] = {}
        if not self._batched(game):
            scores = self._driver_scores(game, player, options, draw, budget)
        elif self.depth == 1 or game.is_last_turn:
            scores = self._batch_scores(game, player, options, draw, budget)
        else:
            scores = self._batch_scores(game, player, options, draw, budget.share(FLAT_SHARE))
            best = _best(scores, self.keep)
            deeper = self._deeper_scores(game, player, best, draw, budget)
            if not deeper and budget.left() >= len(best):  # the rest of the budget, flat
                more = self._batch_scores(game, player, best, draw, budget)
                for option, (total, count) in more.items():
                    scores[option] = (scores[option][0] + total, scores[option][1] + count)
        values = [OptionValue(o, total / count if count else 0.0, count)
                  for o, (total, count) in scores.items()]
        values = [OptionValue(v.option, deeper[v.option][0], v.playouts + deeper[v.option][1],
                              True) if v.option in deeper else v for v in values]
        self.last = tuple(sorted(values, key=_rank))
        self.played += budget.used
        return self.last

    def _batched(self, game: Game) -> bool:
        """Whether this decision's playouts run on :class:`Playouts` (numpy batches; their
        greedy policy uses the pencil powers as the greedy bot does); the driver plays them
        for a ruleset without vectorised rules."""
        if self.playouts == "driver":
            return False
        supported = Playouts.supports(game)
        if self.playouts == "batch" and not supported:
            raise ArgumentError("this game has no vectorised playouts (its ruleset has none): "
                                "use playouts='auto'")
        return supported

    def _driver_scores(self, game: Game, player: int, options: list[Option],
                       draw: random.Random, budget: Budget) -> dict[Option, tuple[int, int]]:
        """Playouts through the driver: one imagined world at a time, every alive choice on
        it, the worse half dropped after 2, 4, 8, ... worlds."""
        scores = {o: (0, 0) for o in options}
        alive = list(options)
        worlds = 0
        next_cut = 2
        while True:
            world = game.sample_hidden(draw)
            seed = draw.getrandbits(32)
            for option in alive:
                playout = world.copy()
                option.apply(playout, player)
                finish_game(playout, self._policy, random.Random(seed), only=player)
                total, count = scores[option]
                scores[option] = (total + playout.score(player), count + 1)
            worlds += 1
            if budget.spend(len(alive), len(alive)):
                return scores
            if worlds == next_cut and len(alive) > 2:
                alive = _better_half(alive, scores)
                next_cut *= 2

    def _batch_scores(self, game: Game, player: int, options: list[Option],
                      draw: random.Random, budget: Budget) -> dict[Option, tuple[int, int]]:
        """Playouts on numpy batches: every alive choice on the same imagined cards (a
        batch of :data:`BATCH` playouts in all), the worse half dropped after each batch."""
        positions = self._positions(game, player, options)
        generator = np.random.default_rng(draw.getrandbits(64))
        scores = {o: (0, 0) for o in options}
        alive = list(options)
        while True:
            each = max(1, min(BATCH, budget.left()) // len(alive))
            totals = Playouts([positions[o] for o in alive], player).run(each, generator,
                                                                         "greedy")
            for option, row in zip(alive, totals, strict=True):
                total, count = scores[option]
                scores[option] = (total + int(row.sum()), count + each)
            if budget.spend(len(alive) * each, len(alive) * max(1, BATCH // len(alive))):
                return scores
            if len(alive) > 2:
                alive = _better_half(alive, scores)

    def _positions(self, game: Game, player: int, options: list[Option]) -> dict[Option, Game]:
        """Per choice, the game after it (and the rest of the player's turn, greedily)."""
        positions = {}
        for option in options:
            after = game.copy()
            option.apply(after, player)
            self._follow_up(after, player)
            positions[option] = after
        return positions

    def _deeper_scores(self, game: Game, player: int, options: list[Option],
                       draw: random.Random, budget: Budget) -> dict[Option, tuple[float, int]]:
        """Each of ``options`` one card deeper: per card that may come next, the best of the
        ``branch`` sections it allows (by batched playouts, on the same imagined cards for
        every option), averaged over the cards, weighted by how many are face down. Returns
        the value and the playouts spent per option; empty when the budget left is too small
        for :data:`LEAST_PLAYOUTS` playouts of each position."""
        made = self._deeper_leaves(game, player, options, draw)
        if made is None:
            return {}
        leaves, branches = made
        planned = budget.left() // len(leaves)
        if planned < LEAST_PLAYOUTS:
            return {}
        # One engine per public card state (the card that came, and a switch's symbol card):
        # every option's positions after the same card are played out on the same cards. The
        # playouts per position are as planned, or fewer when a time budget runs short (these
        # smaller batches may run slower than the flat stage's).
        groups: dict[tuple[object, ...], list[int]] = {}
        for i, leaf in enumerate(leaves):
            groups.setdefault(_card_key(leaf), []).append(i)
        means = np.zeros(len(leaves))
        spent = np.zeros(len(leaves), dtype=np.int64)
        generator = np.random.default_rng(draw.getrandbits(64))
        waiting = len(leaves)
        for ids in groups.values():
            each = max(1, min(planned, budget.left() // waiting))
            totals = Playouts([leaves[i] for i in ids], player).run(each, generator, "greedy")
            means[ids] = totals.mean(axis=1)
            spent[ids] = each
            budget.spend(each * len(ids), 0)
            waiting -= len(ids)
        return {option: (float(sum(count * means[ids].max() for count, ids in found))
                         / sum(count for count, _ in found),
                         int(sum(spent[ids].sum() for _, ids in found)))
                for option, found in branches.items()}

    def _deeper_leaves(self, game: Game, player: int, options: list[Option],
                       draw: random.Random) -> tuple[list[Game], Leaves] | None:
        """The positions the deeper stage plays out: after each of ``options`` and each card
        that may come next, the ``branch`` best sections it allows (and passing), played.
        Returns the positions and, per option, each card's count face down with the indices
        of its positions; ``None`` when there is nothing to look at (fewer than two options,
        or the round over for every option alike)."""
        if len(options) < 2:
            return None
        leaves: list[Game] = []
        branches: Leaves = {}
        # What each next card brings with it (a switch's symbol card, a preview), drawn once
        # so that every option sees the same cards after it.
        comes: dict[Any, tuple[Any, ...]] = {}
        for option in options:
            after = game.copy()
            option.apply(after, player)
            self._follow_up(after, player)
            pass_the_rest(after)
            if after.is_over or after.round != game.round:
                return None  # the round is over for every option alike: nothing to look at
            cards = Counter(after.stack)
            branches[option] = []
            for card, count in cards.items():
                world = after.sample_hidden(draw, top=comes.get(card, (card,)))
                world.reveal()
                comes.setdefault(card, _from_stack(after, world))
                ids = []
                for follow in candidate_options(world, player, self.branch):
                    leaf = world.copy()
                    follow.apply(leaf, player)
                    self._follow_up(leaf, player)
                    ids.append(len(leaves))
                    leaves.append(leaf)
                branches[option].append((count, ids))
        return leaves, branches

    def _follow_up(self, game: Game, player: int) -> None:
        """The rest of the player's turn by the greedy policy (a second section)."""
        if not game.is_over and not game.has_finished_turn(player):
            bot_turn(game, player, self._policy, random.Random(0))

    def _decide(self, game: Game, player: int, rng: random.Random, powers: bool) -> Option:
        if not powers and self._plan is not None:
            plan, self._plan = self._plan, None
            if plan in game.plans(player):
                return Option(plan=plan)
        values = self.search(game, player, rng, powers)
        return values[0].option if values else PASS


#: Per option of the deeper stage: each card that may come next, with how many of it are face
#: down and the indices of the positions after it.
Leaves = dict[Option, list[tuple[int, list[int]]]]
#: Playouts per batch in all (split between the choices still alive): numpy is fastest from
#: about a thousand.
BATCH = 1024
#: The share of the budget the flat stage spends when the search looks a card deeper.
FLAT_SHARE = 1 / 3
#: The fewest playouts per position that make the deeper stage worth its cost.
LEAST_PLAYOUTS = 8


class Budget:
    """What a decision may still spend: playouts (``iterations``) and time (``seconds``)."""

    def __init__(self, seconds: float | None, iterations: int | None,
                 whole: Budget | None = None) -> None:
        self.iterations = iterations
        self.used = 0
        self._whole = whole
        self._started: float = time.perf_counter() if whole is None else whole._started
        self._deadline = None if seconds is None else self._started + seconds

    def share(self, fraction: float) -> Budget:
        """A budget for a first stage: ``fraction`` of the playouts and of the time; what it
        spends counts here too."""
        seconds = None if self._deadline is None else (self._deadline - self._started) * fraction
        iterations = None if self.iterations is None else max(1, int(self.iterations * fraction))
        return Budget(seconds, iterations, whole=self)

    def left(self) -> int:
        """Playouts the budget still allows (for a time budget, at the playouts per second
        measured so far, once there are some; ``2**30`` when unbounded)."""
        most = 1 << 30
        if self.iterations is not None:
            most = min(most, self.iterations - self.used)
        if self._deadline is not None and self.used:
            now = time.perf_counter()
            rate = self.used / max(now - self._started, 1e-6)
            most = min(most, int((self._deadline - now) * rate))
        return max(0, most)

    def spend(self, playouts: int, upcoming: int) -> bool:
        """Count ``playouts`` just played; True when the next step (``upcoming`` playouts)
        would go over the budget."""
        self.used += playouts
        if self._whole is not None:
            self._whole.used += playouts
        if self.iterations is not None and self.used + upcoming > self.iterations:
            return True
        if self._deadline is not None:
            now = time.perf_counter()
            return now + (now - self._started) / self.used * upcoming >= self._deadline
        return False


def _rank(value: OptionValue) -> tuple[float, ...]:
    """Best first: the choices searched deeper by their value, then the others by playouts
    (successive halving gave the most to the best) and mean."""
    return (0, -value.mean) if value.deeper else (1, -value.playouts, -value.mean)


def _best(scores: dict[Option, tuple[int, int]], keep: int) -> list[Option]:
    """The ``keep`` choices with the best mean score."""
    return sorted(scores, key=lambda o: -scores[o][0] / max(1, scores[o][1]))[:keep]


def _from_stack(before: Game, after: Game) -> tuple[Any, ...]:
    """The cards a reveal took from the face-down stack, in order: the turn's cards (but the
    one already shown as ``before``'s preview) and the new preview (Berlin's Glimpse)."""
    cards = after.cards[1:] if before.preview is not None else after.cards
    return (*cards, *(() if after.preview is None else (after.preview,)))


def _card_key(game: Game) -> tuple[object, ...]:
    """What positions must share to be played out by one :class:`Playouts`: the cards
    revealed this turn and before, the preview, and the face-down composition."""
    return (game.round, game.turn, game.cards, game.round_turns, game.preview,
            game.is_last_turn, tuple(sorted(map(repr, game.stack))))


def _better_half(alive: list[Option], scores: dict[Option, tuple[int, int]]) -> list[Option]:
    """The better half of the choices by mean score (at least two)."""
    ranked = sorted(alive, key=lambda o: -scores[o][0] / max(1, scores[o][1]))
    return ranked[:max(2, (len(ranked) + 1) // 2)]
