"""A finished game as table rows: one per player, a column for every term of the score sheet.

The columns (``rN_`` is round N, 1 to 4):

- the game: ``game`` (its index in the run), ``player``, ``seed`` (with the bots' labels in
  ``seats``, rebuilds the game: :func:`~nsb_widget.simulation.replay`), ``map``, ``players``,
  ``bot`` (this seat's bot), ``seats`` (every seat's bot, comma-separated), ``modules``,
  ``effects``, ``objectives``, ``powers`` (the module cards in play, comma-separated), and
  with the pencil powers ``power_limit`` (``"round"`` or ``"game"``);
- the result: ``total``, ``rank`` (1 = won; players equal on total and tie-breaker share a
  place and the next place is skipped), ``tiebreak`` (best round), ``handicap`` and ``rated``
  (solo: the assessment's handicap and ``total - handicap``; 0 and ``total`` otherwise),
  ``band`` (the solo assessment's band, empty otherwise);
- the sheet's totals: ``lines_points``, ``tracks_points``, ``interchanges_points``,
  ``objectives_points``, and each line bonus summed over the rounds (``connected_points`` in
  Berlin, ``thames_points`` and ``thames_count`` in London);
- each round: ``rN_points``, ``rN_pencil``, ``rN_effect`` (with Berlin's effects), then for
  each line (``bear``, ``crown``; London's ``line``; ``joined`` when Berlin's two lines are one)
  ``rN_<line>_districts``, ``rN_<line>_stations`` and ``rN_<line>_points`` (0 for a line
  that is not scored that way this round), each bonus's ``rN_<bonus>_count`` and
  ``rN_<bonus>_points``, and London's ``rN_tourists`` (tourist sites on the line);
- London's pencil powers: ``rN_power`` (the round's power), ``rN_power_uses``,
  ``rN_power_turn`` (the turn of the round of the first use, 0 when unused), ``power_uses``;
- tracks (London): ``tourist_count``, ``tourist_points``;
- interchanges by tier: ``interchanges_2_count``, ``interchanges_2_points``, ... ``_4_``;
- objectives: ``objectives_met``, and per card (the N-th of ``objectives``)
  ``objectiveN_progress`` out of ``objectiveN_target`` (9 of the 12 districts, say) and
  ``objectiveN_met``;
- ``sections``: the sections the player drew, in order, as ``"A1-B2 B2-C3 ..."``;
- ``cards``: the cards revealed, in order: the rounds separated by ``" | "``, the reveal steps
  by ``","``, the cards of one step by ``"+"`` (``"double switch+crown circle"``).
"""

from __future__ import annotations

from typing import Any

from ..game import Game
from ..rules.moves import Reveal, UsePower
from ..scoring.ranking import rank

#: Columns that hold score terms: a value missing in some row (a round without a line, say)
#: is a 0 there.
TERM_SUFFIXES = ("_districts", "_stations", "_points", "_count", "_tourists")

Row = dict[str, Any]


def _join(values: tuple[Any, ...]) -> str:
    return ",".join(str(v) for v in values)


def game_rows(game: Game, index: int, seat_labels: tuple[str, ...], cards: str = "") -> list[Row]:
    """The rows of a finished game, one per player (``cards``: the ``cards`` column)."""
    setup = game.setup
    line_ids = tuple(game.ruleset.line_ids)
    line_keys = (*line_ids, "joined") if len(line_ids) > 1 else line_ids
    # The rules' own sheets: a table is data (ids, not words in the game's language).
    sheets = [game.ruleset.score_sheet(game, p) for p in range(setup.players)]
    places: dict[int, int] = {}
    ahead = 0
    for group in rank(sheets):
        for p in group:
            places[p] = ahead + 1
        ahead += len(group)
    labels = [s.label for s in game.map.stations]
    sections = game.map.sections
    rows = []
    for player, sheet in enumerate(sheets):
        handicap = sheet.assessment.handicap if sheet.assessment else 0
        row: Row = {
            "game": index,
            "player": player,
            "seed": setup.seed,
            "map": setup.map_id,
            "players": setup.players,
            "bot": seat_labels[player],
            "seats": _join(seat_labels),
            "modules": _join(tuple(sorted(str(m) for m in setup.modules))),
            "effects": _join(setup.effects),
            "objectives": _join(setup.objectives),
            "powers": _join(setup.powers),
            **({"power_limit": setup.power_limit} if setup.powers else {}),
            "total": sheet.total,
            "rank": places[player],
            "tiebreak": sheet.tiebreak,
            "handicap": handicap,
            "rated": sheet.total - handicap,
            "band": sheet.assessment.band if sheet.assessment else "",
            "lines_points": sheet.lines_total,
            "tracks_points": sheet.tracks_total,
            "interchanges_points": sheet.interchanges_total,
            "objectives_points": sheet.objectives_total,
        }
        bonus_totals: dict[str, list[int]] = {}
        round_cols: Row = {}
        for rnd in sheet.rounds:
            pre = f"r{rnd.round}_"
            round_cols[pre + "points"] = rnd.score
            round_cols[pre + "pencil"] = rnd.pencil
            if setup.effects:
                round_cols[pre + "effect"] = str(rnd.effect) if rnd.effect is not None else ""
            for key in line_keys:
                for term in ("districts", "stations", "points"):
                    round_cols[f"{pre}{key}_{term}"] = 0
            for line in rnd.lines:
                key = "joined" if len(line.lines) > 1 else line.lines[0]
                round_cols[f"{pre}{key}_districts"] = line.district_count
                round_cols[f"{pre}{key}_stations"] = line.station_count
                round_cols[f"{pre}{key}_points"] = line.score
                for bonus in line.bonuses:
                    count = round_cols.get(f"{pre}{bonus.id}_count", 0) + bonus.count
                    points = round_cols.get(f"{pre}{bonus.id}_points", 0) + bonus.points
                    round_cols[f"{pre}{bonus.id}_count"] = count
                    round_cols[f"{pre}{bonus.id}_points"] = points
                    totals = bonus_totals.setdefault(bonus.id, [0, 0])
                    totals[0] += bonus.count
                    totals[1] += bonus.points
            if sheet.tracks:
                round_cols[pre + "tourists"] = len(rnd.tourist_sites)
        for bonus_id, (count, points) in bonus_totals.items():
            row[f"{bonus_id}_points"] = points
            if bonus_id != "connected":  # Berlin's count is the number of rounds it scored
                row[f"{bonus_id}_count"] = count
        row.update(round_cols)
        for track in sheet.tracks:
            row[f"{track.id}_count"] = track.count
            row[f"{track.id}_points"] = track.points
        for tier in sheet.interchanges:
            row[f"interchanges_{tier.colours}_count"] = tier.count
            row[f"interchanges_{tier.colours}_points"] = tier.points
        if sheet.objectives:
            row["objectives_met"] = sum(o.met for o in sheet.objectives)
            for i, obj in enumerate(sheet.objectives, 1):
                row[f"objective{i}_progress"] = obj.progress
                row[f"objective{i}_target"] = obj.target  # the progress reads "9 of 12"
                row[f"objective{i}_met"] = obj.met
        if setup.powers:
            row.update(_power_columns(game, player, sheet.rounds, cards))
        drawn = game.sheets[player].history
        row["sections"] = " ".join(
            f"{labels[sections[d.section].a]}-{labels[sections[d.section].b]}" for d in drawn)
        row["cards"] = cards
        rows.append(row)
    return rows


def cards_text(game: Game) -> str:
    """The cards ``game`` revealed, as the ``cards`` column writes them: the rounds separated
    by ``" | "``, the reveal steps by ``","``, the cards of one step by ``"+"`` (read from
    its log, replayed to know where each round ended)."""
    replayed = Game.replay(game.setup, (), game.map)
    rounds: list[list[str]] = []
    for action in game.history:
        if isinstance(action, Reveal):
            while len(rounds) < replayed.round:
                rounds.append([])
            rounds[replayed.round - 1].append("+".join(str(c) for c in action.cards))
        replayed.apply(action)
    return " | ".join(",".join(steps) for steps in rounds)


def _power_columns(game: Game, player: int, rounds: Any, cards: str) -> Row:
    """London's pencil powers: each round's power (``rN_power``), how often ``player`` used it
    (``rN_power_uses``) and the turn of the round of the first use (``rN_power_turn``, 0 when
    unused), and ``power_uses`` in all. ``cards`` (the ``cards`` column, made from the log
    when empty) says how many reveals each round had, and so the round of every action."""
    steps = [len(r.split(",")) for r in (cards or cards_text(game)).split(" | ")]
    uses: dict[int, list[int]] = {}
    number, turn = 0, 0
    for action in game.history:
        if isinstance(action, Reveal):
            turn += 1
            if number == 0 or turn > steps[number - 1]:
                number, turn = number + 1, 1
        elif isinstance(action, UsePower) and action.player == player:
            uses.setdefault(number, []).append(turn)
    row: Row = {}
    for rnd in rounds:
        power = game.ruleset.power_of(game, rnd.pencil)
        turns = uses.get(rnd.round, [])
        row[f"r{rnd.round}_power"] = "" if power is None else str(power)
        row[f"r{rnd.round}_power_uses"] = len(turns)
        row[f"r{rnd.round}_power_turn"] = turns[0] if turns else 0
    row["power_uses"] = sum(len(t) for t in uses.values())
    return row


def is_term(column: str) -> bool:
    """True for a column of points or counts (missing values there are zeros)."""
    return column.endswith(TERM_SUFFIXES)
