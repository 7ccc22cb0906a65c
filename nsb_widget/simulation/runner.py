"""Playing the games of a simulation: in this process, on a pool of processes, or on any
``concurrent.futures``-style executor (a Dask cluster's ``client.get_executor()``)."""

from __future__ import annotations

import concurrent.futures as cf
import inspect
import math
import os
import pickle
import random
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import islice
from typing import TYPE_CHECKING, Any

from ..bots import Bot, play_turn
from ..bots.checked import checked
from ..bots.options import finish_game
from ..errors import ArgumentError, NsbError, plain_int, quote, unknown_keywords
from ..game import Game
from ..maps import GameMap
from .rows import Row, game_rows, is_term
from .spec import Job, bot_rng

if TYPE_CHECKING:
    import pandas as pd

#: Games per task at most: small enough for a lively progress bar and an even spread over the
#: workers, large enough that sending results back costs little.
MAX_CHUNK = 200
#: Tasks per worker (for an even finish when games take unequal times); as many are submitted
#: ahead, the rest as they finish.
TASKS_PER_WORKER = 8
#: The most processes per core ``workers=`` may ask for (more only share the same cores).
PROCESSES_PER_CORE = 4
#: The largest ``workers=`` with an executor.
MAX_EXECUTOR_WORKERS = 10_000


def play_game(game: Game, bots: Sequence[Bot], rng: random.Random) -> Game:
    """Play ``game`` to its end, player ``p`` using ``bots[p]``; returns the game. Every
    choice is checked before it is played: a bot that chooses what the rules forbid, or
    raises, stops the game with a :class:`~nsb_widget.errors.BotError` naming it."""
    finish_game(game, [checked(bot, p) for p, bot in enumerate(bots)], rng)
    return game


def _play_recording(game: Game, bots: Sequence[Bot], rng: random.Random) -> str:
    """:func:`~nsb_widget.simulation.play_game`, returning the cards revealed: the rounds
    separated by ``" | "``, the reveal steps by ``","``, the cards of one step (a switch and
    its card) by ``"+"``."""
    rounds: list[list[str]] = []
    while not game.is_over:
        number = game.round
        cards = game.reveal()
        while len(rounds) < number:
            rounds.append([])
        rounds[number - 1].append("+".join(str(c) for c in cards))
        for player, bot in enumerate(bots):
            play_turn(game, player, bot, rng)
    return " | ".join(",".join(steps) for steps in rounds)


@dataclass(frozen=True)
class GameFailure:
    """A game that raised: which one, with what."""

    game: int
    """The game's index in the run."""
    seed: int
    """The game's seed (``Game.new(..., seed)`` rebuilds it)."""
    error: str
    """The exception's type and message."""
    traceback: str
    """The formatted traceback, from the process that played the game."""


@dataclass(frozen=True)
class Chunk:
    """What a worker sends back: the columns of the games it finished, and the failure that
    stopped it, if any."""

    start: int
    columns: dict[str, list[Any]]
    games: int
    failure: GameFailure | None
    cpu_seconds: float
    """CPU time the worker spent on the chunk (waits for a busy core not counted)."""


class SimulationError(NsbError, RuntimeError):
    """A game of a simulation raised. ``failure`` says which game and seed, with the
    traceback; ``table`` holds every game finished before the run stopped (a DataFrame, or
    ``None`` when none finished)."""

    def __init__(self, failure: GameFailure, table: Any, planned: int) -> None:
        self.failure = failure
        self.table = table
        finished = 0 if table is None else int(table["game"].nunique())
        super().__init__(
            f"game {failure.game} (seed {failure.seed}) raised {failure.error}; "
            f"{finished} of {planned} games finished and are kept in .table\n"
            f"{failure.traceback.rstrip()}")


def play_chunk(job: Job, start: int, stop: int,
               on_game: Callable[[int], None] | None = None) -> Chunk:
    """Play games ``start`` to ``stop - 1`` of ``job`` (the task a worker runs). Stops at the
    first game that raises and reports it with the games finished before it. ``on_game(1)``
    is called after each finished game (in this process: the progress bar)."""
    cpu = time.process_time()
    labels = tuple(s.label for s in job.seats)
    rows: list[Row] = []
    failure = None
    done = 0
    for index in range(start, stop):
        seed = job.game_seed(index)
        try:
            game = job.new_game(index)
            bots = [checked(s.make(), p) for p, s in enumerate(job.seats)]
            cards = _play_recording(game, bots, bot_rng(seed))
            rows.extend(game_rows(game, index, labels, cards))
        except Exception as exc:  # any bot error: report it, keep the finished games
            failure = GameFailure(index, seed, f"{type(exc).__name__}: {exc}",
                                  traceback.format_exc())
            break
        done += 1
        if on_game is not None:
            on_game(1)
    return Chunk(start, rows_as_columns(rows), done, failure, time.process_time() - cpu)


def rows_as_columns(rows: list[Row]) -> dict[str, list[Any]]:
    """Rows as columns (a value missing in a row is ``None``), in first-seen column order."""
    keys: dict[str, None] = {}
    for row in rows:
        keys.update(dict.fromkeys(row))
    return {k: [row.get(k) for row in rows] for k in keys}


def chunk_size(games: int, workers: int) -> int:
    """How many games one task plays."""
    return max(1, min(MAX_CHUNK, math.ceil(games / (workers * TASKS_PER_WORKER))))


def chunks(games: int, workers: int) -> Iterator[tuple[int, int]]:
    """The ``(start, stop)`` ranges the games are cut into, one at a time (a long run's ranges
    are never all held at once)."""
    size = chunk_size(games, workers)
    return ((i, min(i + size, games)) for i in range(0, games, size))


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run(
    job: Job,
    games: int,
    workers: int | None,
    executor: cf.Executor | None,
    on_progress: Callable[[int], None],
) -> tuple[list[Chunk], float]:
    """Play every game of ``job``; returns the chunks in game order and the seconds taken.
    Stops at the first failure (tasks not started yet are cancelled)."""
    start = time.perf_counter()
    if executor is None:
        n = default_workers() if workers is None else workers
        tasks = math.ceil(games / chunk_size(games, n))
        if n == 1 or tasks == 1:
            return _run_here(job, chunks(games, n), on_progress), time.perf_counter() - start
        with cf.ProcessPoolExecutor(max_workers=min(n, tasks)) as pool:
            done = _run_on(pool, job, chunks(games, n), on_progress, n)
    else:
        n = workers or getattr(executor, "_max_workers", None) or 8
        done = _run_on(executor, job, chunks(games, n), on_progress, n)
    return done, time.perf_counter() - start


def _run_here(job: Job, ranges: Iterable[tuple[int, int]],
              on_progress: Callable[[int], None]) -> list[Chunk]:
    """Play the ``ranges`` in this process; the progress bar moves after every game, not after
    every range (a range of 13 search games, the size for 100 games, kept it at 0 % for about
    6 minutes: a search game took 30 s on one core, 2026-12-02)."""
    done = []
    for a, b in ranges:
        chunk = play_chunk(job, a, b, on_progress)
        done.append(chunk)
        if chunk.failure is not None:
            break
    return done


def _run_on(executor: cf.Executor, job: Job, ranges: Iterator[tuple[int, int]],
            on_progress: Callable[[int], None], workers: int) -> list[Chunk]:
    """Play the ``ranges`` on ``executor``, at most :data:`TASKS_PER_WORKER` tasks per worker
    submitted ahead (a long run is streamed, not queued whole); stops submitting at the first
    failure and cancels what has not started."""
    window = max(1, workers) * TASKS_PER_WORKER
    pending: set[cf.Future[Chunk]] = set()
    done: list[Chunk] = []
    failed = False
    try:
        for a, b in islice(ranges, window):
            pending.add(executor.submit(play_chunk, job, a, b))
        while pending:
            finished, pending = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            for future in finished:
                if future.cancelled():
                    continue
                chunk = future.result()
                done.append(chunk)
                on_progress(chunk.games)
                failed = failed or chunk.failure is not None
            if failed:
                for f in pending:
                    f.cancel()
            else:
                for a, b in islice(ranges, len(finished)):
                    pending.add(executor.submit(play_chunk, job, a, b))
    except BaseException:
        for f in pending:
            f.cancel()
        raise
    return sorted(done, key=lambda c: c.start)


def frame_of(chunks_done: Sequence[Chunk]) -> pd.DataFrame | None:
    """One DataFrame of every row, in game order (term columns missing somewhere get 0): a
    :class:`~nsb_widget.simulation.table.SimulationTable`, whose display keeps rows short."""
    from .table import SimulationTable

    keys: dict[str, None] = {}
    for c in chunks_done:
        keys.update(dict.fromkeys(c.columns))
    total = sum(len(c.columns.get("game", ())) for c in chunks_done)
    if not total:
        return None
    data: dict[str, list[Any]] = {}
    for k in keys:
        values: list[Any] = []
        for c in chunks_done:
            n = len(c.columns.get("game", ()))
            values.extend(c.columns.get(k, [None] * n))
        if is_term(k) and any(v is None for v in values):
            values = [0 if v is None else v for v in values]
        data[k] = values
    return SimulationTable(data)


def _check_workers(workers: object, executor: object) -> None:
    """Refuse ``workers`` unless it is ``None`` or an int from 1 to what can be meant: at most
    :data:`PROCESSES_PER_CORE` processes per core here, or :data:`MAX_EXECUTOR_WORKERS` for an
    executor (where it only sizes the tasks)."""
    if workers is None:
        return
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ArgumentError(f"workers must be a positive int or None, not {quote(workers)}")
    if executor is not None and workers > MAX_EXECUTOR_WORKERS:
        raise ArgumentError(f"workers must be at most {MAX_EXECUTOR_WORKERS:,} with an executor "
                            f"(it sizes the tasks sent to it), not {quote(workers)}")
    cores = default_workers()
    if executor is None and workers > cores * PROCESSES_PER_CORE:
        raise ArgumentError(f"workers={quote(workers)} asks for that many processes on "
                            f"{cores} core(s): at most {cores * PROCESSES_PER_CORE} (more only "
                            "share the same cores); for a cluster give executor=")


def require(module: str, extra: str, purpose: str) -> Any:
    """Import an optional dependency, or say which extra to install."""
    import importlib

    try:
        return importlib.import_module(module)
    except ImportError:
        raise ImportError(f"{purpose} needs {module}: pip install \"nsb-widget[{extra}]\"") \
            from None


def simulate(
    map: str | GameMap = "berlin",
    players: int = 1,
    bots: Any = "greedy",
    games: int = 1000,
    seed: int = 0,
    modules: Iterable[str] | str = (),
    *,
    effects: Sequence[str] | None = None,
    objectives: Sequence[str] | None = None,
    powers: Sequence[str] | None = None,
    power_limit: str = "round",
    workers: int | None = None,
    executor: cf.Executor | None = None,
    progress: bool = True,
    **unknown: Any,
) -> pd.DataFrame:
    """Play ``games`` games with bots and return one row per game and player, with a column
    for every score term (the columns: :mod:`nsb_widget.simulation.rows`).

    - ``map``: ``"berlin"`` or ``"london"``, or a map of one's own
      (``load_map("toy-town.json")``; with processes it travels to them as its document); the
      map picks the rules, and its id is the ``map`` column (:func:`replay` takes the map
      again: ``replay(row, map=...)``), so a map of one's own with a built-in map's id
      (``"berlin"``) is refused: give it an id of its own.
    - ``bots``: one bot for every seat, or a list with one per seat. A bot is a registered name
      (``"greedy"``), a name with options (``("search", {"seconds": 1.0})``) or a bot object
      (copied for each game; with processes it must pickle). Names are read in any case; the
      ``bot`` and ``seats`` columns write them in lower case.
    - ``modules``: the advanced modules; their cards are dealt at random from each game's seed
      unless fixed with ``effects=``, ``objectives=``, ``powers=``. With London's pencil
      powers, ``power_limit="game"`` allows one power a game instead of one a round (as for
      ``Game.new``; the ``power_limit`` column says which).
    - ``seed``: game ``i`` and its bots' random stream derive from ``(seed, i)`` only, so the
      table is the same whatever the workers; the ``seed`` column rebuilds any game
      (:func:`~nsb_widget.simulation.replay`).
    - ``workers``: processes on this machine (default: one per core; 1 plays here, in this
      process). ``executor``: any ``concurrent.futures`` executor instead, e.g. a Dask cluster's
      ``distributed.Client(...).get_executor()``; it is not shut down.
    - ``progress``: a progress bar (tqdm) while games are played.
    - Any other keyword is refused, a misspelt one pointed at the closest
      (``bot="greedy"``: did you mean ``bots``?).

    Every argument is checked before the first game (an
    :class:`~nsb_widget.errors.ArgumentError` names the bad one). A game that raises stops the
    run with a :class:`~nsb_widget.simulation.SimulationError` naming the game and its seed;
    its ``table`` keeps the games finished. ``table.attrs`` holds ``seconds`` (wall-clock, playing),
    ``games_per_second``, ``cpu_seconds`` (the workers' CPU time, added up) and
    ``table_seconds`` (building the DataFrame).
    """
    from .spec import make_job

    if unknown:
        known = [name for name in inspect.signature(simulate).parameters if name != "unknown"]
        raise ArgumentError(f"simulate() takes no {unknown_keywords(unknown, known)}")
    if not isinstance(progress, bool):  # "no" or "off" would turn the bar on
        raise ArgumentError(f"progress must be True or False, not {quote(progress)}")
    require("pandas", "analysis", "simulate()")
    tqdm = require("tqdm.auto", "analysis", "simulate()'s progress bar") if progress else None
    job = make_job(map, players, bots, games, seed, modules,
                   {"effects": effects, "objectives": objectives, "powers": powers},
                   power_limit)
    workers = plain_int(workers)  # type: ignore[assignment]  # numpy's int64 (a table's)
    _check_workers(workers, executor)
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ArgumentError("executor must have a submit() method (a concurrent.futures "
                            f"executor), not {type(executor).__name__}")
    if executor is not None or (workers or default_workers()) > 1:
        try:
            pickle.dumps(job)
        except Exception as exc:  # what a process or cluster worker could not receive
            raise ArgumentError(f"the bots must pickle to play on other processes ({exc}); "
                                "define bot classes in a module, or pass workers=1") from None
    bar = tqdm.tqdm(total=games, unit="game", desc="simulate", leave=True) if tqdm else None
    try:
        done, seconds = run(job, games, workers, executor,
                            bar.update if bar is not None else lambda n: None)
    finally:
        if bar is not None:
            bar.close()
    built = time.perf_counter()
    table = frame_of(done)
    built = time.perf_counter() - built
    failures = [c.failure for c in done if c.failure is not None]
    if failures:
        raise SimulationError(min(failures, key=lambda f: f.game), table, games)
    assert table is not None
    table.attrs.update(seconds=seconds, games_per_second=games / seconds if seconds else 0.0,
                       cpu_seconds=sum(c.cpu_seconds for c in done), table_seconds=built)
    return table
