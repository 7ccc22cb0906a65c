"""Fast playouts for search bots: many games of one player's sheet at once, on numpy arrays.

:class:`Playouts` takes a snapshot of one player's sheet and the public card state of a
:class:`~nsb_widget.rules.game.Game` and plays ``n`` games of that sheet to the end at once,
every hidden card dealt again from a numpy generator out of what the player cannot see: the
composition of the current round's face-down stack (never its order) and full stacks for the
later rounds. It returns each playout's final total, exactly what ``game.score(player)`` would
give for that playout.

The rules are the driver's, on the same tables: a section is legal when an open slot of its
line allows its origin (an end, or any station of the line for a switch), its target is among
the slot's stations and not on the line yet, and its potential section is neither crossed nor
taken (``GameMap.neighbour_bits``, ``GameMap.crossings``; the sheet's ``drawn``/``blocked``). A
section is added the way :meth:`Sheet.add_section` adds it (components, leaves, joining). What
differs between cities comes from the ruleset's :meth:`~nsb_widget.rules.ruleset.Ruleset.
playout_rules`, a :class:`PlayoutRules`: the ruleset's own cards, slot builder, round end and
scoring constants, vectorised. ``tests/test_playouts.py`` drives this engine with the exact
choices of driver games and checks every legal set and every score against the driver.

Layout: every array has the batch last (``(53, n)`` station sets, ``(sections, n)`` section
sets), so that gathering rows is a copy of contiguous memory.

Pencil powers (London) are used as the power policy decides (:class:`PowerDecision`, at
the first decision of a turn; the greedy policy has its own rule, :func:`greedy_power_policy`),
with the driver's rules: a power of the held pencil, once a round (or once a game), the Joker
and switch powers changing the turn's slot, the double's second section to the symbol of
:meth:`PlayoutRules.second_section_targets`, the circled station counted twice.

Not simulated: the other players' sheets (nothing on them changes this player's score: each
player draws on their own sheet, and shared objectives are met per player).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np

from ..errors import ArgumentError
from .phase import Phase
from .playout_rules import POWER_EFFECTS as POWER_EFFECTS
from .playout_rules import BoolArray as BoolArray
from .playout_rules import FloatArray as FloatArray
from .playout_rules import IntArray as IntArray
from .playout_rules import PlayoutRules as PlayoutRules
from .playout_rules import PlayoutState as PlayoutState
from .playout_rules import district_matrix as district_matrix
from .playout_rules import station_bits as station_bits

if TYPE_CHECKING:
    from .game import Game
    from .turn import Slot

POLICIES = ("random", "greedy")
"""The rollout policies :meth:`Playouts.run` knows."""
# ---------------------------------------------------------------------- one decision
class Decision:
    """The legal sections of every playout at one decision (passed to a policy).

    The legal sections are listed sparsely: candidate ``i`` is section ``edge[i]`` (a
    directed potential section: ``origin``/``target``/``section`` tables of the engine) for
    slot ``slot[i]`` of playout ``game[i]``.
    """

    def __init__(self, engine: Playouts, state: PlayoutState, round_index: int,
                 deciding: BoolArray, action: IntArray, game: IntArray,
                 slot_line: IntArray) -> None:
        self.engine = engine
        self.state = state
        self.round = round_index
        self.deciding = deciding
        """Playouts that have a slot open (those with no candidate pass)."""
        self.action = action
        """Per candidate, ``slot * edges + edge``."""
        self.game = game
        """Per candidate, its playout."""
        edges = engine.edge_count
        self.slot = action // edges
        self.edge = action % edges
        self.line = slot_line[self.slot, game]
        """Per candidate, the line of its slot."""
        self.greedy: FloatArray | None = None
        """The engine's greedy estimate of each candidate, once :func:`greedy_values` has
        computed it with the engine's weights."""

    def rows(self, keep: BoolArray) -> Decision:
        """The candidates ``keep`` (and their greedy estimates, if known)."""
        part = Decision.__new__(Decision)
        part.engine, part.state, part.round = self.engine, self.state, self.round
        part.deciding = np.zeros_like(self.deciding)
        part.deciding[self.game[keep]] = True
        part.action, part.game = self.action[keep], self.game[keep]
        part.slot, part.edge, part.line = self.slot[keep], self.edge[keep], self.line[keep]
        part.greedy = None if self.greedy is None else self.greedy[keep]
        return part

    @staticmethod
    def join(deciding: BoolArray, parts: Sequence[Decision]) -> Decision:
        """One decision of the ``parts`` (each about other playouts) for the playouts
        ``deciding``, its candidates in the order of a decision listed at once (by action,
        then playout: a policy's random numbers go to the same candidates)."""
        first = parts[0]
        whole = Decision.__new__(Decision)
        whole.engine, whole.state, whole.round = first.engine, first.state, first.round
        whole.deciding = deciding
        action = np.concatenate([p.action for p in parts])
        game = np.concatenate([p.game for p in parts])
        order = np.argsort(action * deciding.size + game, kind="stable")
        whole.action, whole.game = action[order], game[order]
        for name in ("slot", "edge", "line"):
            setattr(whole, name, np.concatenate([getattr(p, name) for p in parts])[order])
        known = [p.greedy for p in parts]
        whole.greedy = (None if any(v is None for v in known)
                        else np.concatenate(known)[order])  # type: ignore[arg-type]
        return whole


Policy = Callable[[Decision, np.random.Generator], IntArray]
"""Picks one candidate action per playout (``-1``: pass) from a :class:`Decision`."""


def _pick_max(decision: Decision, key: FloatArray) -> IntArray:
    """Per playout, the action of its candidate with the largest ``key`` (-1: none)."""
    n = decision.state.n
    best = np.full(n, -np.inf)
    np.maximum.at(best, decision.game, key)
    chosen = np.full(n, -1, dtype=np.int64)
    top = key == best[decision.game]
    # Reversed: on an exact tie of keys the first candidate wins.
    chosen[decision.game[top][::-1]] = decision.action[top][::-1]
    return chosen


def random_policy(decision: Decision, rng: np.random.Generator) -> IntArray:
    """Uniform over the legal sections (of every open slot); pass only when none."""
    return _pick_max(decision, rng.random(decision.game.size))


class GreedyWeights(NamedTuple):
    """The weights of the greedy estimate (the same as :mod:`nsb_widget.bots.evaluate`'s;
    ``tests/test_playouts.py`` checks it)."""

    interchange: float = 2.0
    """A station another colour already uses (an interchange at the end)."""
    tourist: float = 2.0
    """A tourist site newly on the round's line."""
    connected: float = 10.0
    """Both start stations on one line (a round with several lines)."""
    mobility: float = 0.75
    """Each way on from the station reached (a free section to a station not on the line)."""
    mobility_cap: int = 3
    """Ways on counted at most."""
    power_gain: float = 4.0
    """A power that changes this turn's draw is used when it adds at least this much to the
    turn's best estimate (or anything on the round's last turn)."""


def greedy_values(decision: Decision, weights: GreedyWeights | None = None) -> FloatArray:
    """Per candidate, :func:`nsb_widget.bots.evaluate.plan_values`' estimate, vectorised: the
    line's score if the round ended now (districts x best district's stations, a circled
    station counting twice; the connected bonus where a round has several lines; +2 per river
    crossing where the ruleset scores them) plus the weights for a station another colour
    already uses, a tourist site and each way on from the station reached (a section neither
    drawn nor crossed, other than the one drawn, to a station not on the line)."""
    engine, st = decision.engine, decision.state
    own = weights is None or weights is engine.weights
    if own and decision.greedy is not None:
        return decision.greedy
    weights = engine.weights if weights is None else weights
    e, li = decision.edge, decision.line
    if st.members.shape[0] > 1:
        li = np.where(st.joined[decision.game], 0, li)  # a joined pair lives in line 0
    t = engine.target[e]
    dist = engine.district_of[t]
    circled = engine.circled
    rules = engine.rules
    # Only the playouts deciding now: column ``g`` of these tables is playout ``cols[g]``.
    cols = decision.deciding.nonzero()[0]
    where = np.zeros(st.n, dtype=np.int64)
    where[cols] = np.arange(cols.size)
    g = where[decision.game]
    lines = st.members.shape[0]
    whole = cols.size == st.n
    plain = st.counts if whole else st.counts[:, :, cols]  # (lines, districts, m)
    counts = plain
    if engine.circled_any:
        members = st.members if whole else st.members[:, :, cols]
        mine = circled if whole else circled[:, cols]
        counts = plain + np.stack([rules.district_counts(members[k] & mine)
                                   for k in range(lines)])
    reached = (plain > 0).sum(axis=1)
    most = counts.max(axis=1)
    # Flat indices (``take``) rather than fancy indexing on 2-3 axes: the same values, faster.
    m = plain.shape[2]
    line_g = li * m + g
    line_d_g = (li * plain.shape[1] + dist) * m + g
    here = np.take(counts, line_d_g)
    if engine.circled_any:
        here = here + np.take(circled, t * st.n + decision.game)
    best = np.maximum(np.take(most, line_g), here + 1)
    value = ((np.take(reached, line_g) + (np.take(plain, line_d_g) == 0))
             * best).astype(np.float64)
    river = engine.river_edge[e] + np.take(st.river, li * st.n + decision.game)
    if lines > 1:
        other = 1 - li
        joined = st.joined[decision.game]
        merge = ~joined & st.members[other, t, decision.game]
        union = counts[0] + counts[1]
        merged = ((plain[0] + plain[1]) > 0).sum(axis=0) * union.max(axis=0)
        value = np.where(merge, merged[g], value)
        value += weights.connected * (joined | merge)
        river = river + merge * st.river[other, decision.game]
    if engine.scores_river:
        value += 2.0 * river
    value += weights.interchange * np.take(engine.others, t * st.n + decision.game)
    value += weights.tourist * engine.tourist[t]
    # The ways on from the target.
    n = st.n
    game = decision.game[:, None]
    # (candidates, degree): the rows of the target's ways on (``take``: faster than ``[]``).
    ahead = np.take(engine.next_station, t, axis=0)
    way = np.take(engine.next_section, t, axis=0)
    # Flat indices into the batch-last arrays (faster than fancy indexing on 2-3 axes).
    at = way * n + game
    free = ~(np.take(st.blocked, at) | np.take(st.drawn, at)) & np.take(engine.next_valid, t,
                                                                      axis=0)
    members_flat = st.members.reshape(-1)
    size = engine.size
    on_line = np.take(members_flat, (li[:, None] * size + ahead) * n + game)
    if lines > 1:
        on_line |= merge[:, None] & np.take(members_flat,
                                            (other[:, None] * size + ahead) * n + game)
    # The section drawn leads back to its origin, a station of the line: not counted.
    ways = (free & ~on_line).sum(axis=1)
    value += weights.mobility * np.minimum(ways, weights.mobility_cap)
    result: FloatArray = value
    if own:
        decision.greedy = result
    return result


def greedy_policy(decision: Decision, rng: np.random.Generator) -> IntArray:
    """The best candidate by :func:`greedy_values` (ties broken at random); never passes
    when it can draw: :class:`nsb_widget.bots.greedy.GreedyBot`'s draws, vectorised (it never
    uses a pencil power here)."""
    value = greedy_values(decision, decision.engine.weights)
    return _pick_max(decision, value + 0.1 * rng.random(value.size))


class PowerDecision:
    """Whether each playout uses its pencil power now, at the first decision of a turn
    (passed to a power policy). Only the playouts in ``available`` may: they hold a power
    unused this round (or game) and have a section to draw or pass."""

    def __init__(self, engine: Playouts, state: PlayoutState, round_index: int, effect: str,
                 available: BoolArray, last: BoolArray, plain: Callable[[], Decision],
                 powered: Decision | None) -> None:
        self.engine = engine
        self.state = state
        self.round = round_index
        self.effect = effect
        """The power's effect (:data:`POWER_EFFECTS`), the same for every playout."""
        self.available = available
        self.last = last
        """Per playout, True on the round's last turn."""
        self._plain = plain
        self.listed: Decision | None = None
        """:attr:`plain` once listed (``None`` until a policy asked for it)."""
        self.powered = powered
        """The legal sections with it, for a power that changes them (a Joker, a switch)."""

    @property
    def plain(self) -> Decision:
        """The legal sections without the power (listed when first asked for)."""
        if self.listed is None:
            self.listed = self._plain()
        return self.listed


PowerPolicy = Callable[[PowerDecision, np.random.Generator], tuple[BoolArray, IntArray]]
"""From a :class:`PowerDecision`, per playout: whether to use the power now, and for a power
that names a station (the circle), which (-1 otherwise)."""


def _best_values(decision: Decision, n: int) -> FloatArray:
    """Per playout, the best greedy estimate of its candidates (``-inf``: none)."""
    best = np.full(n, -np.inf)
    if decision.game.size:
        np.maximum.at(best, decision.game, greedy_values(decision))
    return best


def _line_counts(engine: Playouts, state: PlayoutState) -> IntArray:
    """Per district and playout, the stations of the (one) line, a circled station twice."""
    counts: IntArray = state.counts[0]
    if engine.circled_any:
        counts = counts + engine.rules.district_counts(state.members[0] & engine.circled)
    return counts


def line_now(engine: Playouts, state: PlayoutState) -> FloatArray:
    """Per playout, the line's score if the round ended now (one line a round):
    :func:`nsb_widget.bots.evaluate.line_value`, vectorised."""
    value = (state.counts[0] > 0).sum(axis=0) * _line_counts(engine, state).max(axis=0)
    if engine.scores_river:
        value = value + 2 * state.river[0]
    result: FloatArray = value.astype(np.float64)
    return result


def greedy_power_policy(decision: PowerDecision,
                        rng: np.random.Generator) -> tuple[BoolArray, IntArray]:
    """The greedy bot's rule for powers, vectorised: a Joker or switch power when it adds at
    least ``power_gain`` to the turn's best estimate (anything on the round's last turn); the
    double as soon as a section can be drawn; the circle on the round's last turn, before its
    section, on the first station of the line (not circled yet) in a district with the most
    stations."""
    engine, st = decision.engine, decision.state
    n = st.n
    available = decision.available
    station = np.full(n, -1, dtype=np.int64)
    if decision.effect in ("any_symbol", "anywhere"):
        assert decision.powered is not None
        before = _best_values(decision.plain, n)
        before = np.where(np.isfinite(before), before, line_now(engine, st))
        after = _best_values(decision.powered, n)
        gain = after - before
        use = available & np.isfinite(after) & (
            (gain >= engine.weights.power_gain) | (decision.last & (gain > 0)))
        return use, station
    if decision.effect == "second":
        can_draw = np.zeros(n, dtype=bool)
        can_draw[decision.plain.game] = True
        return available & can_draw, station
    use = available & decision.last
    members = st.members[0]
    counts = _line_counts(engine, st)
    most = counts.max(axis=0)
    in_best = members & (counts[engine.district_of] == most)
    fresh = in_best & ~engine.circled
    pick = np.where(fresh.any(axis=0), fresh, np.where(in_best.any(axis=0), in_best, members))
    station[:] = pick.argmax(axis=0)
    return use & members.any(axis=0), station


_POLICIES: dict[str, Policy] = {"random": random_policy, "greedy": greedy_policy}
_POWER_POLICIES: dict[str, PowerPolicy] = {"greedy": greedy_power_policy}
_STATIC: dict[tuple[Any, ...], dict[str, Any]] = {}


class _Turns:
    """Per playout, the turn on the table: its open slots and whether the round ends."""

    def __init__(self, slots: int, n: int) -> None:
        self.open: BoolArray = np.zeros((slots, n), dtype=bool)
        self.line: IntArray = np.zeros((slots, n), dtype=np.int64)
        self.anywhere: BoolArray = np.zeros((slots, n), dtype=bool)
        self.circles: BoolArray = np.zeros((slots, n), dtype=bool)
        self.targets: IntArray = np.zeros((slots, n), dtype=np.int64)
        self.last: BoolArray = np.zeros(n, dtype=bool)
        self.fresh: BoolArray = np.zeros(n, dtype=bool)
        """Nothing decided yet this turn (when a pencil power may change it)."""
        self.symbol: IntArray = np.zeros(n, dtype=np.int64)
        """The card that sets the turn's symbol."""
        self.second: BoolArray = np.zeros(n, dtype=bool)
        """A power's second section is open (it brings no third)."""

    def only(self, playouts: BoolArray) -> _Turns:
        """A copy whose slots are open for ``playouts`` only (for a what-if)."""
        copy = _Turns.__new__(_Turns)
        copy.open = self.open & playouts
        copy.line, copy.anywhere = self.line, self.anywhere.copy()
        copy.circles, copy.targets = self.circles, self.targets.copy()
        copy.last, copy.fresh, copy.symbol, copy.second = (self.last, self.fresh, self.symbol,
                                                           self.second)
        return copy


_COLUMN_FIELDS = ("members", "ends", "counts", "nsec", "river", "joined", "drawn", "blocked",
                  "doubled", "colours", "sbahn", "network", "circle", "round_scores",
                  "power_used", "power_spent", "double")


def _join(values: list[Any]) -> Any:
    """Columns of a ruleset's counter joined (arrays, or lists of arrays), batch last."""
    if isinstance(values[0], np.ndarray):
        return np.concatenate(values, axis=-1)
    return [_join([v[i] for v in values]) for i in range(len(values[0]))]


def _repeat(value: Any, n: int) -> Any:
    """Each column of a ruleset's counter ``n`` times."""
    if isinstance(value, np.ndarray):
        return np.repeat(value, n, axis=-1)
    return [_repeat(v, n) for v in value]


# ---------------------------------------------------------------------- the engine
class Playouts:
    """Playouts of one player's sheet from a game's current position (see the module doc).

    The position must be a reveal (every player finished the turn) or a draw phase in which
    ``player`` has finished their turn (a search bot plays a candidate move with the real
    driver, then asks for its value). Several positions sharing the card state (the positions
    after each candidate of one decision) may be given as a list: they are played out in one
    batch, on the same cards. An instance runs one :meth:`run` at a time (threads: one
    instance each).
    """

    @staticmethod
    def supports(game: Game) -> bool:
        """True when the game's ruleset and modules have vectorised playouts (else a bot
        falls back to the driver)."""
        return (len(game.ruleset.line_ids) in (1, 2)
                and game.ruleset.playout_rules(game) is not None)

    def __init__(self, game: Game | Sequence[Game], player: int) -> None:
        self.single = not isinstance(game, Sequence)
        games: list[Game] = [game] if not isinstance(game, Sequence) else list(game)
        if not games:
            raise ArgumentError("no position to play out")
        game = games[0]
        if any(g.setup is not game.setup and g.setup != game.setup for g in games):
            raise ArgumentError("the positions of one Playouts must be of the same game")
        rules = game.ruleset.playout_rules(game)
        if rules is None or len(game.ruleset.line_ids) not in (1, 2):
            raise ArgumentError(f"no vectorised playouts for this {game.ruleset.title} game "
                             "(check Playouts.supports first)")
        game.check_player(player)  # PlayerError (an ArgumentError) for a player it lacks
        if any(g.phase is Phase.DRAW and not g.has_finished_turn(player) for g in games):
            raise ArgumentError("playouts start at a reveal, or once the player has finished "
                             "the turn")
        self.rules = rules
        self.player = player
        gmap = game.map
        self.map = gmap
        self.scores_river = game.ruleset.scores_river
        self.lines = len(game.ruleset.line_ids)
        self.size = len(gmap.stations)
        self.section_count = len(gmap.sections)
        self.rounds = game.ruleset.rounds
        # The tables of the map and the cards: built once per ruleset, map and modules.
        key = (game.ruleset, gmap, game.setup.modules, game.setup.effects)
        static = _STATIC.get(key)
        if static is None:
            before = set(self.__dict__)
            self._build_tables(game, rules)
            static = {k: v for k, v in self.__dict__.items() if k not in before}
            if len(_STATIC) > 64:
                _STATIC.clear()
            _STATIC[key] = static
        else:
            self.__dict__.update(static)
        self.others: BoolArray = np.zeros((self.size, 1), dtype=bool)
        self.circled: BoolArray = np.zeros((self.size, 1), dtype=bool)
        self.weights = GreedyWeights()
        """The greedy policy's weights (a bot may set its own)."""
        # The player's pencils, start stations.
        pencil_ids = [p.id for p in gmap.pencils]
        self.pencil_ids = pencil_ids
        self.round_pencil = [pencil_ids.index(game.setup.pencil_of(player, r))
                             for r in range(self.rounds)]
        self.starts = [[gmap.start_station(game.setup.pencil_of(player, r), line).index
                        for line in game.ruleset.line_ids] for r in range(self.rounds)]
        self.power_effects = rules.powers(player) if rules.has_powers else (None,) * self.rounds
        """Per round, the effect of the power the player holds (:data:`POWER_EFFECTS`)."""
        if any(self.power_effects) and self.lines != 1:
            raise ArgumentError("pencil powers in playouts need one line a round")
        self.one_power_a_game = rules.one_power_a_game()
        self._snapshot(games)

    # ------------------------------------------------------------------ setup
    def _build_tables(self, game: Game, rules: PlayoutRules) -> None:
        """The read-only tables shared by every engine of the same rules and map."""
        gmap = game.map
        # Directed potential sections: the driver's ``neighbour_bits``, flattened.
        origin, target, section = [], [], []
        for o, row in enumerate(gmap.neighbour_bits):
            for t, s, _tbit, _sbit in row:
                origin.append(o)
                target.append(t)
                section.append(s)
        self.origin = np.array(origin, dtype=np.int64)
        self.target = np.array(target, dtype=np.int64)
        self.section = np.array(section, dtype=np.int64)
        self.edge_count = len(origin)
        river = station_bits(gmap.river_crossings, self.section_count)
        self.river_edge = river[self.section].astype(np.int64)
        self.river_section = river.astype(np.int64)
        self.crossing = np.asarray(gmap.crossing_matrix(), dtype=bool)
        self.crossing_rows = np.vstack([self.crossing,
                                        np.zeros((1, self.section_count), dtype=bool)])
        self.district_of = np.array([st.district for st in gmap.stations], dtype=np.int64)
        degree = max(len(row) for row in gmap.neighbour_bits)
        self.next_station = np.zeros((self.size, degree), dtype=np.int64)
        self.next_section = np.zeros((self.size, degree), dtype=np.int64)
        self.next_valid = np.zeros((self.size, degree), dtype=bool)
        for o, row in enumerate(gmap.neighbour_bits):
            for j, (t, s, _tbit, _sbit) in enumerate(row):
                self.next_station[o, j], self.next_section[o, j] = t, s
                self.next_valid[o, j] = True
        self.tourist = station_bits(gmap.tourist_mask, self.size)
        # Cards and the slots a turn opens, as tables.
        deck = rules.deck
        self.card_index = {card: i for i, card in enumerate(deck)}
        d = len(deck)
        self.card_counts = np.array([rules.card_counts(c) for c in deck],
                                    dtype=np.int64).T
        self.takes_symbol = np.array([rules.takes_symbol_card(c) for c in deck], dtype=bool)
        self._build_slot_table(rules, d)

    def _build_slot_table(self, rules: PlayoutRules, d: int) -> None:
        turns = 2 * d + 2
        self.max_turn = turns - 1
        slot_sets: list[tuple[Slot, ...]] = []
        self.max_slots = 1
        table = np.zeros((d, d, turns), dtype=np.int64)
        seen: dict[tuple[Slot, ...], int] = {}
        for f, first in enumerate(rules.deck):
            symbols = ([s for s, c in enumerate(rules.deck) if not self.takes_symbol[s]]
                       if self.takes_symbol[f] else [f])
            for s in symbols:
                for t in range(turns):
                    slots = rules.turn_slots(first, rules.deck[s], t)
                    key = seen.get(slots)
                    if key is None:
                        key = seen[slots] = len(slot_sets)
                        slot_sets.append(slots)
                        self.max_slots = max(self.max_slots, len(slots))
                    table[f, s, t] = key
        self.slot_table = table
        k, size = self.max_slots, self.size
        count = len(slot_sets)
        self.set_size = np.zeros(count, dtype=np.int64)
        self.set_line = np.zeros((count, k), dtype=np.int64)
        self.set_any = np.zeros((count, k), dtype=bool)
        self.set_circle = np.zeros((count, k), dtype=bool)
        self.set_target_id = np.zeros((count, k), dtype=np.int64)
        target_masks: dict[int, int] = {}
        for i, slots in enumerate(slot_sets):
            self.set_size[i] = len(slots)
            for j, slot in enumerate(slots):
                self.set_line[i, j] = slot.line
                self.set_any[i, j] = slot.anywhere
                self.set_circle[i, j] = slot.circles
                self.set_target_id[i, j] = target_masks.setdefault(slot.targets,
                                                                   len(target_masks))
        # The powers' targets: every station (a Joker), a second section's.
        self.every_target = target_masks.setdefault(self.map.every_station, len(target_masks))
        self.second_target = np.zeros((2, d, size), dtype=np.int64)
        """Per (first section to any symbol, the turn's symbol card, station reached), the
        targets of a power's second section."""
        if rules.has_powers:
            for any_symbol in (0, 1):
                for c, card in enumerate(rules.deck):
                    if self.takes_symbol[c]:
                        continue
                    for t in range(size):
                        mask = rules.second_section_targets(bool(any_symbol), card, t)
                        self.second_target[any_symbol, c, t] = target_masks.setdefault(
                            mask, len(target_masks))
        self.target_columns = np.zeros((size, max(1, len(target_masks))), dtype=bool)
        """Per target set of a slot, its stations (a column each)."""
        for mask, i in target_masks.items():
            self.target_columns[:, i] = station_bits(mask, size)

    def _card_state(self, game: Game) -> tuple[Any, ...]:
        """The public card state: what every position of one engine must share."""
        preview = game.preview
        return (game.phase, game.round - 1, game.turn, tuple(game.line_cards_revealed.values()),
                game.is_last_turn, -1 if preview is None else self.card_index[preview],
                # The face-down cards, as a composition (sorted: their order is never read).
                tuple(sorted(self.card_index[c] for c in game.stack)),
                self.rules.round_flags(game, self.player)[:2])

    def _snapshot(self, games: Sequence[Game]) -> None:
        """The public card state, and each position's sheet as one column of a state."""
        cards = self._card_state(games[0])
        for other in games[1:]:
            if self._card_state(other) != cards:
                raise ArgumentError("the positions of one Playouts must share the card state "
                                 "(round, turn, revealed and face-down cards)")
        (self.phase, self.round_index, self.turn, self.counts, self.last_turn, self.preview,
         self.hidden, self.flags) = cards
        self.final_totals = ([g.score(self.player) for g in games] if games[0].is_over
                             else None)
        columns = [self._sheet_state(g) for g in games]
        tpl = PlayoutState.__new__(PlayoutState)
        tpl.n = len(columns)
        for name in _COLUMN_FIELDS:
            setattr(tpl, name, np.concatenate([getattr(c, name) for c in columns], axis=-1))
        tpl.extra = {key: _join([c.extra[key] for c in columns]) for key in columns[0].extra}
        self._template = tpl
        circled = np.concatenate([station_bits(g.sheets[self.player].circled, self.size)[:, None]
                                  for g in games], axis=1)
        self._circled = circled
        self.circled_any = bool(circled.any())

    def _sheet_state(self, game: Game) -> PlayoutState:
        """The player's sheet in ``game`` as a one-column state."""
        sheet = game.sheets[self.player]
        gmap = self.map
        st = PlayoutState(1, self.lines, self.size, self.section_count, len(self.pencil_ids),
                          self.rounds, len(gmap.districts))
        size, secs = self.size, self.section_count
        for li in range(self.lines):
            c = sheet.comp[li]
            st.members[li] = station_bits(sheet.cm[c], size)[:, None]
            st.ends[li] = station_bits(sheet.ce[c], size)[:, None]
            st.nsec[li] = sheet.cn[c]
            st.river[li] = (sheet.cs[c] & gmap.river_crossings).bit_count()
            st.counts[li] = self.rules.district_counts(st.members[li])
        st.joined[:] = sheet.joined
        st.drawn[:] = station_bits(sheet.drawn, secs)[:, None]
        st.blocked[:] = station_bits(sheet.blocked, secs)[:, None]
        st.doubled[:] = station_bits(sheet.doubled, secs)[:, None]
        for p, pencil in enumerate(self.pencil_ids):
            st.colours[p] = station_bits(sheet.colour_stations.get(pencil, 0), size)[:, None]
        st.sbahn[:] = station_bits(sheet.sbahn, size)[:, None]
        network = 0
        for s in range(secs):
            if sheet.drawn >> s & 1:
                network |= (1 << gmap.sections[s].a) | (1 << gmap.sections[s].b)
        st.network[:] = station_bits(network, size)[:, None]
        circle = self.rules.round_flags(game, self.player)[2]
        st.circle[:] = station_bits(circle, size)[:, None]
        for r, score in enumerate(r.score for r in sheet.round_scores):
            st.round_scores[r] = score
        st.power_used[:], st.power_spent[:] = self.rules.power_flags(game, self.player)
        self.rules.init_state(st, game, self.player)
        return st

    def _broadcast(self, n: int) -> PlayoutState:
        """``n`` copies of each position, position after position."""
        tpl = self._template
        st = PlayoutState.__new__(PlayoutState)
        st.n = n * tpl.n
        for name in _COLUMN_FIELDS:
            setattr(st, name, np.repeat(getattr(tpl, name), n, axis=-1))
        st.extra = {k: _repeat(v, n) for k, v in tpl.extra.items()}
        self.circled = np.repeat(self._circled, n, axis=1)
        self.circled_any = bool(self._circled.any())
        return st

    # ------------------------------------------------------------------ running
    def run(self, n: int, rng: np.random.Generator, policy: str = "random") -> IntArray:
        """Play ``n`` playouts of each position to the end of the game with ``policy``
        (``"random"`` or ``"greedy"``), the hidden cards dealt again from ``rng``; returns
        each playout's final total for the player (``int64``): shape ``(n,)`` for one game,
        ``(positions, n)`` for a sequence of positions, where playout ``j`` of every position
        sees the same cards (common random numbers)."""
        if policy not in _POLICIES:
            raise ArgumentError(f"unknown policy {policy!r}; known: {', '.join(POLICIES)}")
        if type(n) is not int or n < 1:
            raise ArgumentError(f"n must be a positive int, not {n!r}")
        totals, _ = self.play(n, rng, _POLICIES[policy], power_policy=_POWER_POLICIES.get(policy))
        return totals if self.single else totals.reshape(-1, n)

    def play(self, n: int, rng: np.random.Generator, policy: Policy,
             decks: Sequence[IntArray] | None = None,
             power_policy: PowerPolicy | None = None) -> tuple[IntArray, IntArray]:
        """Play ``n`` playouts of each position with any ``policy``; returns the final totals
        ``(positions * n,)`` and the round scores ``(rounds, positions * n)``, position after
        position. ``power_policy`` decides the pencil powers (none is used without it).

        ``decks`` (for tests) fixes the cards: per round from the current one, the cards in
        the order they are taken ``(cards, n)`` (-1 past the end); without it they are dealt
        from ``rng``.
        """
        k = self._template.n
        total = k * n
        if self.final_totals is not None:
            return (np.repeat(np.array(self.final_totals, dtype=np.int64), n),
                    np.repeat(self._template.round_scores, n, axis=1))
        st = self._broadcast(n)
        r = self.round_index
        over = np.zeros(total, dtype=bool)
        forced = decks is not None
        deck = (self._deal_current(n, k, rng) if decks is None
                else self._forced(decks[0], k))
        back = np.tile(rng.random(n), k)
        ptr = np.zeros(total, dtype=np.int64)
        size = (deck >= 0).sum(axis=0).astype(np.int64)
        counts = np.repeat(np.array(self.counts, dtype=np.int64)[:, None], total, axis=1)
        turn = np.full(total, self.turn, dtype=np.int64)
        pending = np.full(total, self.flags[0], dtype=bool)
        returned = np.full(total, self.flags[1], dtype=bool)
        self._round_start(st, r)
        if self.phase is Phase.DRAW:
            last = np.full(total, self.last_turn, dtype=bool)
            self._after_turn(st, r, np.ones(total, dtype=bool), last, pending, returned, deck,
                             ptr, size, back, forced)
            over |= last
        turns = _Turns(self.max_slots, total)
        while True:
            while not over.all():
                self._step(st, r, over, turns, deck, ptr, size, counts, turn, pending,
                           returned, back, rng, policy, forced, power_policy)
            st.round_scores[r] = self.rules.round_score(st, r)
            r += 1
            if r >= self.rounds:
                break
            self._new_round(st, r)
            over[:] = False
            if decks is not None:
                deck = self._forced(decks[r - self.round_index], k)
            else:
                deck = np.tile(self._deal(np.arange(len(self.rules.deck)), n, rng), (1, k))
                back = np.tile(rng.random(n), k)
            size = (deck >= 0).sum(axis=0).astype(np.int64)
            ptr[:] = 0
            counts[:] = 0
            turn[:] = 0
            pending[:] = False
            returned[:] = False
        totals: IntArray = st.round_scores.sum(axis=0) + self.rules.final_score(st)
        return totals, st.round_scores

    def _forced(self, cards: IntArray, k: int) -> IntArray:
        out = np.full((max(len(self.rules.deck) + 2, cards.shape[0]), cards.shape[1]), -1,
                      dtype=np.int64)
        out[: cards.shape[0]] = cards
        return np.tile(out, (1, k))

    def _deal(self, cards: IntArray, n: int, rng: np.random.Generator) -> IntArray:
        """``n`` independent shuffles of ``cards``, one per column, with room for a card put
        back."""
        out = np.full((len(self.rules.deck) + 2, n), -1, dtype=np.int64)
        if cards.size:
            out[: cards.size] = rng.permuted(np.repeat(cards[:, None], n, axis=1), axis=0)
        return out

    def _deal_current(self, n: int, k: int, rng: np.random.Generator) -> IntArray:
        """The current round's stack: the known preview first, then the hidden cards
        shuffled; the same ``n`` stacks for each of the ``k`` positions."""
        deck = self._deal(np.array(self.hidden, dtype=np.int64), n, rng)
        if self.preview >= 0:
            deck = np.concatenate([np.full((1, n), self.preview, dtype=np.int64), deck[:-1]])
        return np.tile(deck, (1, k))

    def _round_start(self, st: PlayoutState, r: int) -> None:
        """Per-round tables: the other colours' stations (the greedy policy's interchanges)."""
        own = self.round_pencil[r]
        others = np.zeros(st.colours.shape[1:], dtype=bool)
        for p in range(st.colours.shape[0]):
            if p != own:
                others |= st.colours[p]
        self.others = others

    def _new_round(self, st: PlayoutState, r: int) -> None:
        """Each line is its lone start station."""
        st.members[:] = False
        st.ends[:] = False
        st.counts[:] = 0
        for li, s in enumerate(self.starts[r]):
            st.members[li, s] = True
            st.ends[li, s] = True
            st.counts[li, self.district_of[s]] = 1
        st.nsec[:] = 0
        st.river[:] = 0
        st.joined[:] = self.lines == 1
        st.circle[:] = False
        st.power_used[:] = False
        st.double[:] = False
        self._round_start(st, r)

    def _step(self, st: PlayoutState, r: int, over: BoolArray, turns: _Turns,
              deck: IntArray, ptr: IntArray, size: IntArray, counts: IntArray,
              turn: IntArray, pending: BoolArray, returned: BoolArray, back: FloatArray,
              rng: np.random.Generator, policy: Policy, forced: bool,
              power_policy: PowerPolicy | None) -> None:
        """One step of every playout still in the round: a playout with no section left to
        draw reveals its next turn; then each playout with one open draws (or passes) one
        section. A Double Switch's second section comes at the next step, while the others
        reveal (playouts run at their own pace; a round ends for all at once)."""
        open_ = turns.open
        idle = ~over & ~open_.any(axis=0)
        if idle.any():
            self._reveal(st, r, idle, turns, deck, ptr, counts, turn, pending, returned)
        deciding: BoolArray = np.asarray(open_.any(axis=0))
        if deciding.any():
            self._decide(st, r, deciding, turns, rng, policy, power_policy)
        done = (idle | deciding) & ~open_.any(axis=0)
        if done.any():
            self._after_turn(st, r, done, turns.last, pending, returned, deck, ptr, size, back,
                             forced)
            over |= done & turns.last

    def _reveal(self, st: PlayoutState, r: int, idle: BoolArray, turns: _Turns,
                deck: IntArray, ptr: IntArray, counts: IntArray, turn: IntArray,
                pending: BoolArray, returned: BoolArray) -> None:
        """Reveal the next turn of the ``idle`` playouts: its card(s), counts, slots."""
        cols = np.arange(idle.size)
        top = deck.shape[0] - 1
        first = deck[np.minimum(ptr, top), cols]
        ptr += idle
        switch = self.takes_symbol[first] & idle
        symbol = np.where(switch, deck[np.minimum(ptr, top), cols], first)
        ptr += switch
        counts += (self.card_counts[:, first] + switch * self.card_counts[:, symbol]) * idle
        turns.last = np.where(idle, self.rules.round_ends(counts), turns.last)
        slot_set = self.slot_table[first, symbol, np.minimum(turn, self.max_turn)]
        if self.rules.returns_switch(r):
            pending |= switch & ~returned
        turn += idle
        turns.open |= (np.arange(self.max_slots)[:, None] < self.set_size[slot_set]) & idle
        turns.line = np.where(idle, self.set_line[slot_set].T, turns.line)
        turns.anywhere = np.where(idle, self.set_any[slot_set].T, turns.anywhere)
        turns.circles = np.where(idle, self.set_circle[slot_set].T, turns.circles)
        turns.targets = np.where(idle, self.set_target_id[slot_set].T, turns.targets)
        turns.fresh |= idle
        turns.symbol = np.where(idle, symbol, turns.symbol)
        turns.second &= ~idle
        st.double &= ~idle  # a second section not drawn lapsed with its turn

    def _decide(self, st: PlayoutState, r: int, deciding: BoolArray, turns: _Turns,
                rng: np.random.Generator, policy: Policy,
                power_policy: PowerPolicy | None = None) -> None:
        """A pencil power, at a turn's first decision; the legal sections of the open slots,
        the policy's choice, the draws and passes."""
        effect = self.power_effects[r] if power_policy is not None else None
        ready: Decision | None = None
        available = deciding
        if effect is not None and power_policy is not None:
            available = deciding & turns.fresh & ~st.power_used
            if self.one_power_a_game:
                available &= ~st.power_spent
            if available.any():
                ready = self._use_power(st, r, available, turns, rng, power_policy, effect)
        turns.fresh &= ~deciding
        open_, line = turns.open, turns.line
        edges = self.edge_count
        if ready is None:
            decision = Decision(self, st, r, deciding, *self._candidates(st, r, turns), line)
        else:  # the playouts asked about a power have their sections listed already
            rest = deciding & ~available
            parts = [ready]
            if rest.any():
                more = Decision(self, st, r, rest, *self._candidates(st, r, turns.only(rest)),
                                line)
                if ready.greedy is not None:
                    greedy_values(more)
                parts.append(more)
            decision = Decision.join(deciding, parts)
        chosen = policy(decision, rng)
        draws = (chosen >= 0).nonzero()[0]
        open_[:, deciding & (chosen < 0)] = False  # a pass ends the player's turn
        if draws.size:
            a = chosen[draws]
            slot = a // edges
            e = a % edges
            self._draw(st, draws, line[slot, draws], self.origin[e], self.target[e],
                       self.section[e], turns.circles[slot, draws], self.round_pencil[r])
            open_[slot, draws] = False
            if effect == "second":
                self._open_second(st, turns, draws, slot, self.target[e])

    def _candidates(self, st: PlayoutState, r: int, turns: _Turns) -> tuple[IntArray, IntArray]:
        """The legal sections of the open slots: per candidate, its action (``slot * edges +
        edge``) and its playout."""
        n = st.n
        open_, line, anywhere, target_set = turns.open, turns.line, turns.anywhere, turns.targets
        edges = self.edge_count
        actions, games = [], []
        taken = st.doubled if self.rules.parallel(r) else st.drawn
        allowed_all: BoolArray | None = None
        for k in range(self.max_slots):
            cols = open_[k].nonzero()[0]
            m = cols.size
            if not m:
                continue
            # Most playouts open: whole arrays (closed ones have no origin); a few: their
            # columns only.
            whole = 2 * m >= n
            sub: Any = slice(None) if whole else cols
            if self.lines == 1:
                members, ends = st.members[0][:, sub], st.ends[0][:, sub]
            else:  # a joined pair lives in line 0's arrays
                on0 = (line[k, sub] == 0) | st.joined[sub]
                members = np.where(on0, st.members[0][:, sub], st.members[1][:, sub])
                ends = np.where(on0, st.ends[0][:, sub], st.ends[1][:, sub])
            origins = np.where(anywhere[k, sub], members, ends)
            if whole and m < n:
                origins &= open_[k]
            reach = self.target_columns[:, target_set[k, sub]] & ~members
            if whole:
                if allowed_all is None:
                    allowed_all = ~(st.blocked | taken)
                allowed = allowed_all
            else:
                allowed = ~(st.blocked[:, cols] | taken[:, cols])
            legal = origins[self.origin] & reach[self.target] & allowed[self.section]
            flat = legal.reshape(-1).nonzero()[0]
            width = n if whole else m
            actions.append(k * edges + flat // width)
            games.append(flat % width if whole else cols[flat % width])
        if not actions:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        return np.concatenate(actions), np.concatenate(games)

    def _use_power(self, st: PlayoutState, r: int, available: BoolArray, turns: _Turns,
                   rng: np.random.Generator, power_policy: PowerPolicy,
                   effect: str) -> Decision | None:
        """Ask ``power_policy`` which of the ``available`` playouts use their power now, and
        use it: the turn's slots to any symbol or from anywhere, a second section due, or a
        station counted twice. Returns the legal sections of the ``available`` playouts
        after it when they are known already (``None``: list them again)."""
        mine = turns.only(available)

        def plain() -> Decision:
            return Decision(self, st, r, available, *self._candidates(st, r, mine), turns.line)

        powered = None
        if effect in ("any_symbol", "anywhere"):
            without = plain()
            mine = turns.only(available)
            self._power_slots(mine, available, effect)
            powered = Decision(self, st, r, available, *self._candidates(st, r, mine),
                               turns.line)
            asked = PowerDecision(self, st, r, effect, available, turns.last, lambda: without,
                                  powered)
        else:
            asked = PowerDecision(self, st, r, effect, available, turns.last, plain, None)
        use, station = power_policy(asked, rng)
        use = use & available
        ready = None
        if powered is not None:
            ready = Decision.join(available, [asked.plain.rows(~use[asked.plain.game]),
                                              powered.rows(use[powered.game])])
        elif effect == "second" and asked.listed is not None:
            ready = asked.listed  # the double only makes a second section due
        if not use.any():
            return ready
        g = use.nonzero()[0]
        s = station[g]
        if effect == "count_twice" and not (
                ((s >= 0) & (s < self.size)).all() and st.members[0][s, g].all()):
            raise ArgumentError("a circled station must be on the round's line")
        st.power_used |= use
        st.power_spent |= use
        if effect in ("any_symbol", "anywhere"):
            self._power_slots(turns, use, effect)
        elif effect == "second":
            st.double |= use
        else:
            st.circle[s, g] = True
            self.circled[s, g] = True
            self.circled_any = True
        return ready

    def _power_slots(self, turns: _Turns, playouts: BoolArray, effect: str) -> None:
        """The Joker power (every station a target) or the switch power (from anywhere) on
        the open slots of ``playouts``."""
        if effect == "any_symbol":
            turns.targets[:, playouts] = self.every_target
        else:
            turns.anywhere[:, playouts] = True

    def _open_second(self, st: PlayoutState, turns: _Turns, draws: IntArray, slot: IntArray,
                     target: IntArray) -> None:
        """After a first section, the second section a double power made due: its slot
        reopens to the symbol :meth:`PlayoutRules.second_section_targets` gives."""
        due = st.double[draws] & ~turns.second[draws]
        if not due.any():
            return
        g, k, t = draws[due], slot[due], target[due]
        any_symbol = (turns.targets[k, g] == self.every_target).astype(np.int64)
        turns.targets[k, g] = self.second_target[any_symbol, turns.symbol[g], t]
        turns.open[k, g] = True
        turns.second[g] = True
        st.double[g] = False

    def _after_turn(self, st: PlayoutState, r: int, active: BoolArray, last: BoolArray,
                    pending: BoolArray, returned: BoolArray, deck: IntArray, ptr: IntArray,
                    size: IntArray, back: FloatArray, forced: bool) -> None:
        """The switch goes back into the stack once, unless the round ends, at a random
        place (``back``: per playout, a uniform number)."""
        going = pending & active
        if not going.any():
            return
        pending &= ~going
        returned |= going
        if forced:
            return  # the forced sequence holds it already
        cols = (going & ~last).nonzero()[0]
        if not cols.size:
            return
        switch = int(np.flatnonzero(self.takes_symbol)[0])
        end = size[cols]
        deck[end, cols] = switch
        place = ptr[cols] + (back[cols] * (end - ptr[cols] + 1)).astype(np.int64)
        deck[end, cols] = deck[place, cols]
        deck[place, cols] = switch
        size[cols] += 1

    def _draw(self, st: PlayoutState, g: IntArray, li: IntArray, o: IntArray, t: IntArray,
              s: IntArray, circles: BoolArray, pencil: int) -> None:
        """:meth:`Sheet.add_section` on the playouts ``g``."""
        joined = st.joined[g]
        if self.lines > 1:
            li = np.where(joined, 0, li)  # a joined pair lives in line 0's arrays
        had = st.nsec[li, g] > 0
        st.ends[li[had], o[had], g[had]] = False
        river = self.river_section[s]
        dist = self.district_of[t]
        if self.lines == 1:
            st.members[0, t, g] = True
            st.ends[0, t, g] = True
            st.counts[0, dist, g] += 1
            st.nsec[0, g] += 1
            st.river[0, g] += river
        else:
            lo = 1 - li
            merge = ~joined & st.members[lo, t, g]
            plain = ~merge
            gp, lp = g[plain], li[plain]
            st.members[lp, t[plain], gp] = True
            st.ends[lp, t[plain], gp] = True
            st.counts[lp, dist[plain], gp] += 1
            st.nsec[lp, gp] += 1
            st.river[lp, gp] += river[plain]
            if merge.any():
                # The two lines become one, in line 0's arrays (the union is symmetric).
                gm, om, tm = g[merge], lo[merge], t[merge]
                other_had = st.nsec[om, gm] > 0
                st.ends[om[other_had], tm[other_had], gm[other_had]] = False
                st.members[0][:, gm] |= st.members[1][:, gm]
                st.ends[0][:, gm] |= st.ends[1][:, gm]
                st.counts[0][:, gm] += st.counts[1][:, gm]
                st.nsec[0, gm] += st.nsec[1, gm] + 1
                st.river[0, gm] += st.river[1, gm] + river[merge]
                st.joined[gm] = True
        parallel = st.drawn[s, g]
        if parallel.any():
            st.doubled[s[parallel], g[parallel]] = True
        fresh = ~parallel
        gf, sf = g[fresh], s[fresh]
        st.drawn[sf, gf] = True
        if 4 * gf.size > st.n:
            # Whole rows (the crossings are symmetric); a playout not drawing takes the
            # crossing table's extra row of nothing.
            every = np.full(st.n, self.section_count, dtype=np.int64)
            every[gf] = sf
            st.blocked |= self.crossing_rows[every].T
        else:
            st.blocked[:, gf] |= self.crossing[:, sf]
        st.colours[pencil, o, g] = True
        st.colours[pencil, t, g] = True
        st.network[o, g] = True
        st.network[t, g] = True
        if circles.any():
            st.sbahn[t[circles], g[circles]] = True
