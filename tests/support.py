"""Helpers shared by the tests: random play, state fingerprints, an independent rescorer."""

from __future__ import annotations

import random
from typing import Any

from nsb_widget import Game
from nsb_widget.bitset import mask_of
from nsb_widget.errors import PhaseError
from nsb_widget.maps import GameMap, get_map
from nsb_widget.rulesets.berlin import Effect
from nsb_widget.rulesets.berlin.scoring import score_line

SOLO = ["green", "pink", "blue", "brown"]


def new_game(pencils=SOLO, **options: Any) -> Game:
    """A scenario game (cards named by hand), solo pencils in map order unless given."""
    return Game.new(scenario=True, pencils=pencils, **options)


def turn(g: Game, *cards: str, moves: Any = ()) -> None:
    """Reveal ``cards``; draw ``moves`` (a list for player 0, or ``{player: [moves]}``); every
    player then passes whatever is left to draw."""
    g.reveal(*cards)
    per_player = moves if isinstance(moves, dict) else {0: list(moves)}
    for p, ms in per_player.items():
        for move in ms:
            g.play(move, p)
    for p in range(g.players):
        if not g.has_finished_turn(p):
            g.pass_turn(p)


def end_round(g: Game) -> None:
    """Reveal cards (in scenario games those of the line nearest its 5th card), everyone
    passing, until the round ends."""
    current = g.round
    while not g.is_over and g.round == current:
        if g.setup.scenario:
            counts = g.line_cards_revealed
            line = max(counts, key=counts.get)
            pool = [c for c in g.stack if c.line is line]
            for k in (1, 0, 2):  # one card; none (Glimpse preview); two (Double Switch)
                try:
                    g.reveal(*pool[:k])
                    break
                except PhaseError:
                    continue
            else:
                raise AssertionError(f"cannot end round {current}: {g.stack}")
        else:
            g.reveal()
        for p in range(g.players):
            if not g.has_finished_turn(p):
                g.pass_turn(p)


def end_game(g: Game) -> None:
    """Pass until the game is over."""
    while not g.is_over:
        end_round(g)


def bits(*labels: str, game_map: GameMap | None = None) -> int:
    """The station bitset of some labels (Berlin map by default)."""
    m = game_map or get_map("berlin")
    return mask_of([m.station(label).index for label in labels])


def random_step(game: Game, rng: random.Random) -> None:
    """One action of a random game: reveal, or a random player draws or passes."""
    if game.phase.value == "reveal":
        game.reveal()
        return
    player = rng.choice(game.waiting_for())
    power = game.power(player)
    if power is not None and rng.random() < 0.15:
        station = rng.choice(game.line_stations(player=player)) if power == "circle" else None
        if game.why_power_illegal(power, station, player) is None:
            game.use_power(power, station, player)
            return
    moves = game.legal_moves(player)
    if moves and rng.random() < 0.9:
        game.play(rng.choice(moves), player)
    else:
        game.pass_turn(player)


def play_random(game: Game, rng: random.Random, max_steps: int = 10_000) -> Game:
    """Play random actions until the game ends."""
    for _ in range(max_steps):
        if game.is_over:
            return game
        random_step(game, rng)
    raise AssertionError("game did not end")


def fingerprint(game: Game) -> dict[str, Any]:
    """Everything observable about a game, for exact comparisons."""
    players = []
    for p in range(game.players):
        players.append({
            "legal": [str(m) for m in game.legal_moves(p)],
            "ends": [game.line_ends(line, p) for line in game.ruleset.line_ids],
            "stations": [game.line_stations(line, p) for line in game.ruleset.line_ids],
            "joined": game.lines_joined(p),
            "sbahn": game.sbahn_stations(p),
            "circled": game.circled_stations(p),
            "power": str(game.power(p)),
            "open": [str(x) for x in game.open_lines(p)],
            "drawn": list(game.sheets[p].history),
            "score": game.score_sheet(p).to_dict(),
        })
    return {
        "history": [str(a) for a in game.history],
        "phase": game.phase.value,
        "round": game.round,
        "turn": game.turn,
        "cards": [str(c) for c in game.cards],
        "preview": str(game.preview),
        "stack": sorted(str(c) for c in game.stack),
        "last": game.is_last_turn,
        "waiting": game.waiting_for(),
        "players": players,
    }


def components(edges: list[tuple[int, int]]) -> tuple[list[set[int]], int]:
    """Connected station sets of a graph given by its edges, and how many edges closed a
    cycle (0 for a forest)."""
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    cycles = 0
    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra == rb:
            cycles += 1
        parent[ra] = rb
    groups: dict[int, set[int]] = {}
    for a, b in edges:
        groups.setdefault(find(a), set()).update((a, b))
    return list(groups.values()), cycles


def rescore_rounds(game_map: GameMap, game: Game, player: int) -> list[int]:
    """Round scores recomputed from the drawn sections alone (union-find, no engine state)."""
    sheet = game.sheets[player]
    scores = []
    for r, rs in enumerate(sheet.round_scores):
        pencil = game.pencil(player, r + 1)
        edges = [(d.origin, d.target) for d in sheet.history if d.round == r]
        groups, _ = components(edges)
        bear = game_map.start_station(pencil, "bear").index
        crown = game_map.start_station(pencil, "crown").index
        effect = game.setup.effects[r] if game.setup.effects else None
        lines = []
        for members in groups:
            connected = bear in members and crown in members
            lines.append(score_line(game_map, ["x"], mask_of(members), connected,
                                    triple_outer=effect is Effect.TRIPLE_OUTER))
        total = sum(ls.score for ls in lines)
        if effect is Effect.DOUBLE_STATIONS and lines:
            total += max(ls.district_count * ls.best_count for ls in lines)
        scores.append(total)
        assert rs.score == total  # type: ignore[attr-defined]
    return scores
