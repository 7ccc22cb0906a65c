"""Drive the real engine through random London games and compare it with the reference model.

Only the engine's public API is used. After every reveal, power use, draw and pass the driver
compares, for every player: the legal sections (as (origin, target) pairs), whether the player
has finished the turn, the line's stations and ends, and whether each pencil power may be used;
plus the phase, turn, switch flag and waiting players. At each round end it compares every term
of the round's score, and at the end every term of the final tally, the solo assessment and
the ranking.

A disagreement stops that game (the two states would drift apart) and is recorded with the
seed, the options and the actions so far, so it can be replayed.
"""

from __future__ import annotations

import copy
import random
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from nsb_widget import Game

from .london_model import POWERS, Card, LondonModel, ModelError, Sheet

MODULE_CHOICES: tuple[tuple[str, ...], ...] = (
    (),
    ("objectives",),
    ("powers",),
    ("objectives", "powers"),
)


@dataclass
class Mismatch:
    """One disagreement between the engine and the model."""

    seed: int
    players: int
    modules: tuple[str, ...]
    where: str
    what: str
    actions: list[str]

    def repro(self) -> str:
        """A short reproduction: the game options and the actions up to the disagreement."""
        lines = [
            f"Game.new(map='london', players={self.players}, seed={self.seed}, "
            f"modules={list(self.modules)})",
            *self.actions,
        ]
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"[seed {self.seed}] {self.where}: {self.what}\n{self.repro()}"


@dataclass
class Stats:
    """What was checked."""

    games: int = 0
    decisions: int = 0  # legal-set comparisons (one per player per compared state)
    power_checks: int = 0  # power-legality comparisons
    probes: int = 0  # why_illegal/is_legal answers compared, section by section
    round_checks: int = 0  # round score sheets compared
    final_checks: int = 0  # final tallies compared
    mismatches: list[Mismatch] = field(default_factory=list)
    seconds: float = 0.0
    coverage: Counter[str] = field(default_factory=Counter)  # rule situations exercised

    def add(self, other: Stats) -> None:
        """Accumulate another run's figures."""
        self.games += other.games
        self.decisions += other.decisions
        self.power_checks += other.power_checks
        self.probes += other.probes
        self.round_checks += other.round_checks
        self.final_checks += other.final_checks
        self.mismatches.extend(other.mismatches)
        self.seconds += other.seconds
        self.coverage.update(other.coverage)


class Disagreement(Exception):
    """Raised inside a game to stop it at the first disagreement."""

    def __init__(self, where: str, what: str) -> None:
        super().__init__(f"{where}: {what}")
        self.where = where
        self.what = what


def _value(x: Any) -> Any:
    """An enum's plain value (engine enums are str enums); other values unchanged."""
    return getattr(x, "value", x)


def _norm(name: str) -> str:
    return name.lower().replace("-", " ").strip()


def model_card(card: Any) -> Card:
    """The engine's card as the model's card."""
    symbol = getattr(card.symbol, "value", card.symbol)
    return Card(str(card.kind), symbol, joker=bool(card.joker), switch=bool(card.switch))


class GameCheck:
    """One random game, engine and model side by side."""

    def __init__(
        self,
        seed: int,
        sheet: Sheet,
        players: int | None = None,
        modules: tuple[str, ...] | None = None,
        model_cls: type[LondonModel] = LondonModel,
        game: Game | None = None,
    ) -> None:
        """A seeded random game, or with ``game`` (a scenario game, ``players`` and ``modules``
        given) a checker whose :meth:`compare`, :meth:`check_round_end` and
        :meth:`check_final` the caller drives."""
        self.seed = seed
        self.rng = random.Random(seed * 7919 + 17)
        rng = self.rng
        self.players = players if players is not None else rng.randint(1, 4)
        self.modules = modules if modules is not None else rng.choice(MODULE_CHOICES)
        # Per-game temperament, so some games pass a lot and some use powers eagerly.
        self.pass_rate = rng.choice([0.0, 0.05, 0.15, 0.4])
        self.power_rate = rng.choice([0.05, 0.2, 0.5])
        self.greedy = rng.random() < 0.3  # best immediate line score instead of random
        self.idle_rate = 0.05  # chance that a player passes a whole round
        self.idle: set[int] = set()
        self.probe_rate = 0.05  # ask why_illegal about every section from the line
        self.illegal_try_rate = 0.05  # play a section the model refuses: must raise
        self.stranger_rate = 0.15  # try a power that is not the pencil's, or a wrong station
        self.reload_rate = 0.01
        self.undo_rate = 0.03  # take an action back and compare with the model's state before
        self.sheet = sheet
        self.stats = Stats(games=1)
        self.actions: list[str] = []
        self.game: Game = game or Game.new(
            map="london", players=self.players, seed=seed, modules=list(self.modules)
        )
        objectives = [o.objective for o in self.game.score_sheet(0).objectives]
        self.model = model_cls(self.players, self.modules, objectives, sheet=sheet)
        self.colours_used: list[list[str]] = [[] for _ in range(self.players)]
        self.power_of_pencil: dict[str, str | None] = {}

    # ------------------------------------------------------------ helpers

    def fail(self, where: str, what: str) -> None:
        """Stop the game with a disagreement."""
        raise Disagreement(where, what)

    def expect(self, cond: bool, where: str, what: str) -> None:
        """Record a disagreement unless ``cond`` holds."""
        if not cond:
            self.fail(where, what)

    # ------------------------------------------------------------ run

    def run(self) -> Stats:
        """Play the whole game; return the figures (with at most one mismatch)."""
        start = time.perf_counter()
        try:
            self._check_setup()
            while True:
                self._start_round()
                self._play_round()
                if self.model.phase == "over":
                    break
            self._check_final()
        except (Disagreement, ModelError) as exc:
            where = exc.where if isinstance(exc, Disagreement) else "model"
            what = exc.what if isinstance(exc, Disagreement) else str(exc)
            self.stats.mismatches.append(
                Mismatch(self.seed, self.players, self.modules, where, what, list(self.actions))
            )
        except Exception as exc:  # an engine exception where the model saw a legal action
            self.stats.mismatches.append(
                Mismatch(
                    self.seed,
                    self.players,
                    self.modules,
                    "engine raised",
                    f"{type(exc).__name__}: {exc}",
                    list(self.actions),
                )
            )
        self.stats.seconds = time.perf_counter() - start
        return self.stats

    def _check_setup(self) -> None:
        g = self.game
        objectives = self.model.objectives
        if "objectives" in self.modules:
            self.expect(
                len(objectives) == 2 and len(set(objectives)) == 2,
                "setup",
                f"expected 2 distinct shared objectives, engine shows {objectives}",
            )
            allowed = set(model_objectives())
            self.expect(set(objectives) <= allowed, "setup", f"unknown objectives {objectives}")
        else:
            self.expect(not objectives, "setup", f"objectives without the module: {objectives}")
        self.expect(g.round == 1 and g.turn == 0, "setup", f"round {g.round} turn {g.turn}")

    def _start_round(self) -> None:
        g, m = self.game, self.model
        colours = [str(g.pencil(p)) for p in range(self.players)]
        powers = [_value(g.power(p)) for p in range(self.players)]
        where = f"round {m.round + 1} start"
        self.expect(g.round == m.round + 1, where, f"engine is in round {g.round}")
        for p, (colour, power) in enumerate(zip(colours, powers, strict=True)):
            self.expect(colour in self.sheet.colours, where, f"player {p} holds {colour}")
            self.expect(
                colour not in self.colours_used[p],
                where,
                f"player {p} holds {colour} a second time (had {self.colours_used[p]})",
            )
            self.colours_used[p].append(colour)
            if "powers" not in self.modules:
                self.expect(power is None, where, f"player {p} has power {power} without module")
            else:
                self.expect(power in POWERS, where, f"player {p} has power {power}")
                known = self.power_of_pencil.setdefault(colour, power)
                self.expect(known == power, where, f"the {colour} pencil had {known}, now {power}")
                owners = [c for c, pw in self.power_of_pencil.items() if pw == power]
                self.expect(len(owners) == 1, where, f"power {power} on pencils {owners}")
        m.start_round(colours, powers)
        self.idle = {p for p in range(self.players) if self.rng.random() < self.idle_rate}
        self.compare("round start")

    def _play_round(self) -> None:
        m = self.model
        current = m.round
        while m.round == current and m.phase not in ("between", "over"):
            self._maybe_circle_between_turns()
            g = self.game  # (a save/load or copy may have replaced it)
            cards = g.reveal()
            m.reveal([model_card(c) for c in g.cards])
            self.actions.append(f"g.reveal()  # {[str(c) for c in g.cards]}")
            self.expect(
                [str(c) for c in cards] == [str(c) for c in g.cards],
                "reveal",
                f"reveal returned {cards} but the turn shows {g.cards}",
            )
            for c in g.cards:
                self.expect(str(c) == model_card(c).text(), "reveal", f"card text {c!s} vs model")
            if m.cards[0].switch:
                kind = "switch turn" if m.switch_turn else "switch ignored (turn 1-2)"
                self.stats.coverage[kind] += 1
            self.compare(f"after reveal (round {m.round}, turn {m.turn})")
            while m.phase == "draw":
                self._one_action()
                self._maybe_reload()
        self._check_round_end(current)

    # ------------------------------------------------------------ actions

    def _random_station(self, p: int) -> str:
        st = self.model.players[p]
        if st.line is not None and self.rng.random() > self.stranger_rate:
            return self.rng.choice(sorted(st.line.stations))
        return self.rng.choice(sorted(self.sheet.stations))

    def _try_power(self, p: int, power: str, station: str | None) -> None:
        g, m = self.game, self.model
        self.stats.power_checks += 1
        why_engine = g.why_power_illegal(power, station, p)
        why_model = m.power_reason(p, power, station)
        where = f"power check (round {m.round}, turn {m.turn})"
        self.expect(
            (why_engine is None) == (why_model is None),
            where,
            f"player {p} power {power!r} station {station!r}: engine says "
            f"{'legal' if why_engine is None else repr(str(why_engine))}, model says "
            f"{'legal' if why_model is None else repr(why_model)}",
        )
        if why_engine is not None and self.rng.random() < 0.3:
            # A refused power must also be refused by use_power itself, changing nothing.
            before = len(g.history)
            try:
                g.use_power(power, station, p)
            except Exception as exc:  # the expected refusal
                self.stats.coverage[f"illegal power refused ({type(exc).__name__})"] += 1
            else:
                self.actions.append(f"g.use_power({power!r}, {station!r}, player={p})")
                self.fail(where, f"player {p}: use_power({power!r}, {station!r}) accepted")
            self.expect(len(g.history) == before, where, "a refused power changed the log")
        if why_engine is None:
            self.actions.append(f"g.use_power({power!r}, {station!r}, player={p})")
            g.use_power(power, station, p)
            m.use_power(p, power, station)
            self.stats.coverage[f"power used: {power}"] += 1
            self.compare(f"after power {power} (round {m.round}, turn {m.turn})")

    def _pick_power(self, p: int) -> tuple[str, str | None]:
        own = self.model.players[p].power
        if own and self.rng.random() > self.stranger_rate:
            power: str = own
        else:
            power = self.rng.choice(POWERS)
        station = self._random_station(p) if power == "circle" else None
        return power, station

    def _maybe_circle_between_turns(self) -> None:
        """Try the circle power (and others, which must then be refused) before a reveal."""
        for p in range(self.players):
            if self.rng.random() < self.power_rate / 4:
                power, station = self._pick_power(p)
                self._try_power(p, power, station)

    def _one_action(self) -> None:
        """One random action by a waiting player; sometimes taken back with ``undo``."""
        if self.rng.random() >= self.undo_rate:
            self._random_action()
            return
        m = self.model
        saved = copy.deepcopy(m.__dict__, memo={id(m.sheet): m.sheet})
        before = len(self.game.history)
        self._random_action()
        if len(self.game.history) == before:
            return  # nothing was done (a refused power or play)
        self.game.undo()
        m.__dict__.update(saved)
        self.actions.append("g.undo()")
        self.stats.coverage["undo"] += 1
        self.compare(f"after undo (round {m.round}, turn {m.turn})")

    def _random_action(self) -> None:
        g, m, rng = self.game, self.model, self.rng
        waiting = g.waiting_for()
        p = rng.choice(waiting)
        if rng.random() < self.power_rate:
            power, station = self._pick_power(p)
            self._try_power(p, power, station)
            return
        if rng.random() < self.illegal_try_rate:
            self._try_illegal_play(p)
            return
        moves = g.legal_moves(p)
        if moves and p not in self.idle and rng.random() >= self.pass_rate:
            if self.greedy:
                scored = [(m.score_after(p, *str(mv).split("-")), str(mv)) for mv in moves]
                best = max(sc for sc, _ in scored)
                move = rng.choice([mv for mv in moves if (best, str(mv)) in scored])
            else:
                move = rng.choice(moves)
            self.actions.append(f"g.play({str(move)!r}, player={p})")
            origin, target = str(move).split("-")
            self._note_draw(p, origin, target)
            m.draw(p, origin, target)
            g.play(move if rng.random() < 0.5 else str(move), p)
            self.compare(f"after draw {move} by player {p} (round {m.round}, turn {m.turn})")
        else:
            self.actions.append(f"g.pass_turn(player={p})")
            m.pass_turn(p)
            g.pass_turn(p)
            self.compare(f"after pass by player {p} (round {m.round}, turn {m.turn})")

    def _probe_every_section(self, p: int, where: str) -> None:
        """``why_illegal``/``is_legal`` on every potential section leaving the line."""
        g, m = self.game, self.model
        st = m.players[p]
        assert st.line is not None
        legal = m.legal(p)
        for o in sorted(st.line.stations):
            for t in sorted(self.sheet.neighbours[o]):
                text = f"{o}-{t}"
                self.stats.probes += 1
                why = g.why_illegal(text, p)
                self.expect(
                    (why is None) == ((o, t) in legal),
                    where,
                    f"player {p}: why_illegal({text!r}) is "
                    f"{'None' if why is None else repr(str(why))} but the model says "
                    f"{'legal' if (o, t) in legal else 'illegal'}",
                )
                if self.rng.random() >= 0.2:
                    continue  # is_legal only on a sample: it is why_illegal's twin
                self.expect(
                    g.is_legal(text, p) == ((o, t) in legal),
                    where,
                    f"player {p}: is_legal({text!r}) is {g.is_legal(text, p)}",
                )

    def _try_illegal_play(self, p: int) -> None:
        """Play a section the model refuses: the engine must raise and change nothing."""
        g, m = self.game, self.model
        st = m.players[p]
        assert st.line is not None
        legal = m.legal(p)
        options = sorted(
            (o, t)
            for o in st.line.stations
            for t in self.sheet.neighbours[o]
            if (o, t) not in legal
        )
        if not options:
            return
        o, t = self.rng.choice(options)
        before = len(g.history)
        try:
            g.play(f"{o}-{t}", p)
        except Exception as exc:  # the expected refusal
            self.stats.coverage[f"illegal play refused ({type(exc).__name__})"] += 1
        else:
            self.actions.append(f"g.play({o + '-' + t!r}, player={p})")
            self.fail("illegal play", f"player {p}: the engine accepted {o}-{t}")
        self.expect(len(g.history) == before, "illegal play", "a refused play changed the log")
        self.compare(f"after refused play {o}-{t} by player {p}")

    def _note_draw(self, p: int, origin: str, target: str) -> None:
        """Count which rule situations a draw exercises (before the model applies it)."""
        m, cov = self.model, self.stats.coverage
        st = m.players[p]
        assert st.line is not None
        card = m.symbol_card
        from_end = origin in st.line.ends()
        central = self.sheet.central_station
        cov["draw"] += 1
        if target == central:
            cov["draw to the central station"] += 1
        if st.double_on and st.drawn_this_turn == 1:
            cov["double: second section"] += 1
            if card.joker:
                cov["double: second section after a Joker card"] += 1
                if st.first_target == central:
                    cov["double: second section after Joker to the central station"] += 1
            if not from_end:
                cov["double: second section from a non-end (switch turn)"] += 1
        elif not from_end:
            if m.switch_turn:
                cov["switch turn: section from a non-end"] += 1
            if st.switch_on:
                cov["switch power: section from a non-end"] += 1
        if st.joker_on and not card.joker:
            symbol = self.sheet.stations[target].symbol
            if symbol not in (card.symbol, "central"):
                cov["joker power: target off the card's symbol"] += 1

    def _maybe_reload(self) -> None:
        if self.rng.random() < self.reload_rate:
            self.game = Game.from_json(self.game.to_json())
            self.actions.append("g = Game.from_json(g.to_json())")
            self.compare("after save/load")
        elif self.rng.random() < self.reload_rate:
            self.game = self.game.copy()
            self.actions.append("g = g.copy()")
            self.compare("after copy")

    # ------------------------------------------------------------ comparisons

    def compare(self, where: str) -> None:
        """Compare everything observable now."""
        g, m = self.game, self.model
        phase = {"draw": "draw", "reveal": "reveal", "between": "reveal", "over": "over"}[m.phase]
        self.expect(str(g.phase) == phase, where, f"phase engine {g.phase} model {phase}")
        if m.phase in ("between", "over"):
            return  # the round was scored: compared by _check_round_end
        self.expect(g.turn == m.turn, where, f"turn engine {g.turn} model {m.turn}")
        self.expect(g.round == m.round, where, f"round engine {g.round} model {m.round}")
        if m.phase == "draw":
            self.expect(
                bool(g.is_double_switch) == m.switch_turn,
                where,
                f"switch turn engine {g.is_double_switch} model {m.switch_turn}",
            )
            self.expect(
                bool(g.is_last_turn) == m.is_last_turn,
                where,
                f"last turn engine {g.is_last_turn} model {m.is_last_turn}",
            )
        self.expect(
            sorted(g.waiting_for()) == m.waiting_for(),
            where,
            f"waiting engine {g.waiting_for()} model {m.waiting_for()}",
        )
        for p in range(self.players):
            st = m.players[p]
            assert st.line is not None
            engine = {tuple(str(mv).split("-")) for mv in g.legal_moves(p)}
            model = m.legal(p)
            self.stats.decisions += 1
            if engine != model:
                self.fail(
                    where,
                    f"player {p} ({st.line.colour}) legal sections differ: engine only "
                    f"{sorted(engine - model)}, model only {sorted(model - engine)}; "
                    f"cards {[c.text() for c in m.cards]}, line {sorted(st.line.stations)}, "
                    f"ends {sorted(st.line.ends())}, power {st.power} "
                    f"(double={st.double_on}, joker={st.joker_on}, switch={st.switch_on})",
                )
            self.expect(
                g.has_finished_turn(p) == st.finished,
                where,
                f"player {p} finished: engine {g.has_finished_turn(p)} model {st.finished}",
            )
            self.expect(
                set(g.line_stations(player=p)) == st.line.stations,
                where,
                f"player {p} line stations engine {sorted(g.line_stations(player=p))} "
                f"model {sorted(st.line.stations)}",
            )
            self.expect(
                set(g.line_ends(player=p)) == st.line.ends(),
                where,
                f"player {p} line ends engine {sorted(g.line_ends(player=p))} "
                f"model {sorted(st.line.ends())}",
            )
            if self.rng.random() < self.probe_rate:
                self._probe_every_section(p, where)
            circled = g.circled_stations(p)
            self.expect(
                sorted(circled) == sorted(st.circled_all),
                where,
                f"player {p} circled engine {circled} model {st.circled_all}",
            )
            # Every power, as its holder or not: legal in both or refused in both.
            for power in POWERS:
                station = self._random_station(p) if power == "circle" else None
                self.stats.power_checks += 1
                why_engine = g.why_power_illegal(power, station, p)
                why_model = m.power_reason(p, power, station)
                self.expect(
                    (why_engine is None) == (why_model is None),
                    where,
                    f"player {p} power {power!r} station {station!r}: engine says "
                    f"{'legal' if why_engine is None else repr(str(why_engine))}, model says "
                    f"{'legal' if why_model is None else repr(why_model)}",
                )

    def check_round_end(self, number: int) -> None:
        """Compare round ``number``'s score terms (call once the round is scored)."""
        self._check_round_end(number)

    def check_final(self) -> None:
        """Compare the final tally, assessment and ranking (call once the game is over)."""
        self._check_final()

    def start_round(self) -> None:
        """Start the model's next round with the engine's pencils (and check them)."""
        self._start_round()

    def _check_round_end(self, number: int) -> None:
        g, m = self.game, self.model
        where = f"round {number} score"
        for p in range(self.players):
            self.stats.round_checks += 1
            sheet = g.score_sheet(p)
            self.expect(
                len(sheet.rounds) == number,
                where,
                f"player {p}: engine lists {len(sheet.rounds)} scored rounds",
            )
            mine = m.players[p].rounds[number - 1]
            rs = sheet.rounds[number - 1]
            cov = self.stats.coverage
            if len(mine.stations) == 1:
                cov["round scored with a lone departure station"] += 1
                if mine.circled:
                    cov["lone departure station circled"] += 1
            if mine.circled:
                cov["round scored with a circled station"] += 1
            if m.cards and m.cards[0].switch:
                cov["round ended on a switch turn"] += 1
            self.expect(rs.round == number, where, f"player {p}: engine round {rs.round}")
            self.expect(rs.pencil == mine.colour, where, f"pencil {rs.pencil} vs {mine.colour}")
            self.expect(len(rs.lines) == 1, where, f"player {p}: {len(rs.lines)} lines scored")
            line = rs.lines[0]
            thames = line.bonuses[0]
            terms = {
                "stations": (set(line.stations), mine.stations),
                "districts": (
                    {_norm(d) for d in line.districts},
                    {_norm(d) for d in mine.districts},
                ),
                "district_count": (line.district_count, mine.district_count),
                "best_count": (line.best_count, mine.best_count),
                "thames count": (thames.count, mine.thames),
                "thames points": (thames.points, 2 * mine.thames),
                "line score": (line.score, mine.score),
                "round score": (rs.score, mine.score),
                "tourist sites": (set(rs.tourist_sites), mine.tourist_sites),
            }
            for name, (engine, model) in terms.items():
                self.expect(
                    engine == model,
                    where,
                    f"player {p} ({mine.colour}) {name}: engine {engine} model {model} "
                    f"(circled {mine.circled}, line {sorted(mine.stations)})",
                )
            self._check_tally(p, where, final=m.phase == "over")

    def _check_tally(self, p: int, where: str, final: bool) -> None:
        g, m = self.game, self.model
        sheet = g.score_sheet(p)
        mine = m.final(p)
        track = sheet.tracks[0]
        terms: dict[str, tuple[Any, Any]] = {
            "round scores": ([r.score for r in sheet.rounds], mine.rounds),
            "tourist count": (track.count, mine.tourist_count),
            "tourist points": (track.points, mine.tourist_points),
            "objective ids": (
                [o.objective for o in sheet.objectives],
                list(mine.objectives),
            ),
        }
        for tier in sheet.interchanges:
            k = tier.colours
            terms[f"interchanges x{k} count"] = (tier.count, mine.interchanges[k])
            terms[f"interchanges x{k} points"] = (
                tier.points,
                mine.interchanges[k] * {2: 2, 3: 5, 4: 9}[k],
            )
        for o in sheet.objectives:
            progress, met = mine.objectives.get(o.objective, (None, None))
            # The engine shows progress capped at the target (a display convention).
            target = o.target
            shown = None if progress is None else min(progress, target)
            terms[f"objective {o.objective} progress"] = (o.progress, shown)
            terms[f"objective {o.objective} met"] = (o.met, met)
            terms[f"objective {o.objective} points"] = (o.points, 10 if met else 0)
        # Totals "so far" after each round, final at the end.
        terms["interchanges total"] = (sheet.interchanges_total, mine.interchange_points)
        terms["objectives total"] = (sheet.objectives_total, mine.objective_points)
        terms["total"] = (sheet.total, mine.total)
        terms["score()"] = (g.score(p), mine.total)
        terms["tiebreak"] = (sheet.tiebreak, mine.tiebreak)
        terms["final flag"] = (bool(sheet.final), final)
        terms["assessment shown"] = (sheet.assessment is not None, final and self.players == 1)
        if final and self.players == 1:
            a = sheet.assessment
            terms["assessment rated"] = (a.rated_score if a else None, mine.rated)
            terms["assessment band"] = (
                band_index(a.band, self.sheet) if a else None,
                mine.band,
            )
        for name, (engine, model) in terms.items():
            self.expect(engine == model, where, f"player {p} {name}: engine {engine} model {model}")

    def _check_final(self) -> None:
        g, m = self.game, self.model
        self.expect(bool(g.is_over), "final", "the engine's game is not over")
        for p in range(self.players):
            self.stats.final_checks += 1
            self.expect(
                sorted(self.colours_used[p]) == sorted(self.sheet.colours),
                "final",
                f"player {p} used pencils {self.colours_used[p]}",
            )
            self._check_tally(p, "final", final=True)
            mine, cov = m.final(p), self.stats.coverage
            for k in (3, 4):
                if mine.interchanges[k]:
                    cov[f"final with a {k}-colour interchange"] += 1
            for obj, (_, met) in mine.objectives.items():
                cov[f"objective {obj} {'met' if met else 'missed'}"] += 1
            if m.players[p].tourist_visits > 10:
                cov["tourist track over 10 visits (capped)"] += 1
            if mine.band is not None:
                cov[f"solo band {mine.band}"] += 1
        if any(len(place) > 1 for place in m.ranking()):
            self.stats.coverage["ranking with a shared place"] += 1
        ranking = [sorted(place) for place in g.ranking()]
        self.expect(
            ranking == m.ranking(), "final", f"ranking engine {ranking} model {m.ranking()}"
        )


def model_objectives() -> tuple[str, ...]:
    """The five shared objective ids the model knows."""
    from .london_model import OBJECTIVES

    return OBJECTIVES


def band_index(label: str, sheet: Sheet) -> int | None:
    """Which of the facts' solo bands an engine band label ('0-90', '91-105', '151+') names."""
    text = label.replace(" ", "")
    if text.endswith("+"):
        lo, hi = int(text[:-1]), None
    else:
        a, b = text.split("-")
        lo, hi = int(a), int(b)
    for i, (flo, fhi) in enumerate(sheet.solo_bands):
        if fhi == hi and (flo == lo or flo is None):
            return i
    return None


def run_games(
    count: int,
    first_seed: int = 0,
    sheet: Sheet | None = None,
    on_mismatch: Any = None,
    model_cls: type[LondonModel] = LondonModel,
) -> Stats:
    """Check ``count`` random games with seeds ``first_seed ...``; return the figures."""
    sheet = sheet or Sheet()
    total = Stats()
    for seed in range(first_seed, first_seed + count):
        stats = GameCheck(seed, sheet, model_cls=model_cls).run()
        total.add(stats)
        if stats.mismatches and on_mismatch is not None:
            on_mismatch(stats.mismatches[0])
    return total
