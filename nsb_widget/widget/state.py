"""The synced state of the widget, computed from a game (pure functions, no Jupyter needed).

Each function builds one synced trait described in ``docs/widget-protocol.md``. Texts for
people are in the game's language (:attr:`Game.language`): the engine's come translated, the
widget's own are translated here with the ``widget`` catalogue (:func:`widget_translator`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import asdict
from typing import Any

from ..bitset import iter_bits
from ..bots.hint import power_title
from ..errors import Illegality
from ..i18n import N_, Translator, translator
from ..rendering.scene import map_scene, sheet_scene
from ..rules.game import Game, Phase
from ..rules.moves import Draw, Move, Pass, Reveal, UsePower
from ..rules.setup import make_setup
from ..rules.words import map_name
from ..scoring.model import Bonus, LineScore, RoundScore, ScoreSheet

#: How the built-in rulesets' cards and score terms look in the widget, where the ruleset's
#: ``describe()`` does not say it: keys it gives win over these. (They belong in the rulesets'
#: ``describe()``; kept here until they move.) Everything the front end draws comes from this
#: description, never from the map's name.
_DEFAULT_CAPTION = N_("Tinted: the districts the round's line passes through. Haloed: its "
                      "stations in the best district (dashed outline). Interchanges show their "
                      "points. Hover a score-sheet box to see one term.")


def widget_translator(game: Game) -> Translator:
    """The widget's messages (the ``widget`` catalogue) in the game's language."""
    return translator(game.language, "widget")


def ruleset_look(game: Game) -> dict[str, Any]:
    """The ruleset's description for the front end (``game.ruleset.describe(game)``), completed
    with defaults and what follows from its deck: ``card_kinds`` (id, label, icon, color from
    the description's ``kind_colors``), ``switch_card`` (its text, kind and name),
    ``round_end_kinds``, ``joker_label``/``joker_mark``, ``bonus_short``, ``assessment_title``
    and ``overlay_caption``."""
    t = widget_translator(game)
    ruleset = game.ruleset
    described = ruleset.describe(game)
    labels = dict(described.get("count_labels", {}))
    colors = described.get("kind_colors", {})
    line_ids = set(ruleset.line_ids)
    switch = next((c for c in ruleset.deck if getattr(c, "is_double_switch", False)), None)
    kinds: list[str] = []
    for card in ruleset.deck:
        if card.kind not in kinds:
            kinds.append(str(card.kind))
    switch_name = described.get("switch_name", t("Switch"))
    described.setdefault("card_kinds", [
        {"id": kind,
         "label": labels.get(kind) or (switch_name if switch is not None and kind == switch.kind
                                       else kind.replace("_", " ").title()),
         "icon": kind if kind in line_ids else None,
         "color": colors.get(kind)}
        for kind in kinds
    ])
    described.setdefault("switch_card", None if switch is None else {
        "text": str(switch), "kind": str(switch.kind), "name": switch_name})
    described.setdefault("round_end_kinds", list(described.get("count_names", [])))
    described.setdefault("joker_label", t("Joker"))
    described.setdefault("joker_mark", "")
    described.setdefault("bonus_short", {})
    described.setdefault("assessment_title", t("Solo assessment"))
    described.setdefault("overlay_caption", t(_DEFAULT_CAPTION))
    return described


def game_info_state(game: Game, bots: Collection[int] = ()) -> dict[str, Any]:
    """What stays fixed for the whole game: the ruleset's description, its module cards,
    the players (sent once a game)."""
    described = ruleset_look(game)
    return {
        "players": [{"name": game.player_name(p), "bot": p in bots}
                    for p in range(game.players)],
        "modules": sorted(str(m) for m in game.setup.modules),
        "effects": described.pop("effects", []),
        "objectives": described.pop("objectives", []),
        "scenario": game.setup.scenario,
        "seed": game.setup.seed,
        "deal": deal_code(game),
        "ruleset": described,
    }


def deal_code(game: Game) -> str | None:
    """The ``Game.new(...)`` call that deals this game's cards again (``None`` for a scenario
    game): the same seed, players, map and modules; pencils and module cards only where the
    seed alone would deal others (they were chosen by hand); the language when it is not
    English."""
    setup = game.setup
    if setup.seed is None:
        return None
    args = [] if setup.players == 1 else [f"players={setup.players}"]
    args.append(f"seed={setup.seed}")
    if setup.map_id != "berlin":
        args.append(f"map={setup.map_id!r}")
    modules = sorted(str(m) for m in setup.modules)
    if modules:
        args.append(f"modules={modules!r}")
    by_seed = make_setup(game.map, setup.players, setup.seed, ruleset=game.ruleset,
                         modules=modules)
    if by_seed.pencils != setup.pencils:
        args.append(f"pencils={list(setup.pencils)!r}")
    for name in ("effects", "objectives", "powers"):
        chosen = getattr(setup, name)
        if chosen != getattr(by_seed, name):
            args.append(f"{name}={[str(c) for c in chosen]!r}")
    if setup.power_limit != "round":
        args.append(f"power_limit={setup.power_limit!r}")
    if game.language != "en":  # (copied by a German player, it dealt an English game)
        args.append(f"language={game.language!r}")
    return f"Game.new({', '.join(args)})"


def action_data(game: Game, move: Move | None = None,
                power: tuple[str, str | None] | None = None) -> dict[str, Any]:
    """An action as the front end words it (a hint, a bot's step): ``kind`` ``"draw"``
    (``move`` in the library's notation, ``origin`` and ``target`` as station indices,
    ``line`` the map's line id), ``"power"`` (``power``: its id, title, ``station`` index and
    ``label``) or ``"pass"`` (neither given). The front end's ``actionWords`` says it in the
    game's language ("Draw C4–D5 (Bear)", "drew C4–D5 (Bear)")."""
    index = {label: i for i, label in enumerate(game.map.labels)}
    out: dict[str, Any] = {"kind": "pass", "move": None, "origin": None, "target": None,
                           "line": None, "power": None}
    if power is not None:
        power_id, station = power
        out["kind"] = "power"
        out["power"] = {"id": power_id, "title": power_title(game, power_id),
                        "station": None if station is None else index.get(station),
                        "label": station}
    elif move is not None:
        ruleset = game.ruleset
        line = next((lid for i, lid in enumerate(ruleset.line_ids)
                     if ruleset.line_value(i) == move.line), ruleset.line_ids[0])
        out.update(kind="draw", move=str(move), origin=index[move.origin],
                   target=index[move.target], line=line)
    return out


def bot_turns(game: Game, bots: Mapping[int, str],
              thinking: Collection[int] = ()) -> list[dict[str, Any]]:
    """What each bot did since the last card was revealed, from the game's log: one entry per
    bot (``bots``: player -> the bot's name), in player order, ``text`` like ``"drew bear
    C4-D5"``, ``"passed"`` or ``"used the Joker power, then drew F4-G5"`` (in the game's
    language; the move in the library's notation); a bot in ``thinking`` (choosing now) has
    ``"thinking": true`` and the text ``"is thinking…"``. ``steps`` lists the same actions as
    data (:func:`action_data`, a draw with ``"joker"``), which the front end words in the
    game's language as the Hint's ("drew C4–D5 (Bear)"). Empty before the first card."""
    log = game.history
    start = next((i for i in range(len(log) - 1, -1, -1) if isinstance(log[i], Reveal)), None)
    if start is None or not bots:
        return []
    t = widget_translator(game)
    joker = any(card.joker for card in game.cards)  # every ruleset's cards have ``joker``
    # (text, passed, step): the text with the move in the library's notation, the step as data
    done: dict[int, list[tuple[str, bool, dict[str, Any]]]] = {p: [] for p in sorted(bots)}
    for action in log[start + 1:]:
        if not isinstance(action, Draw | Pass | UsePower) or action.player not in done:
            continue
        if isinstance(action, Draw):
            # The move in the library's notation ("bear C4-D5"), the same in every language.
            move = str(action.move)
            done[action.player].append((t("drew {move} with the Joker", move=move) if joker
                                        else t("drew {move}", move=move), False,
                                        {**action_data(game, action.move), "joker": joker}))
        elif isinstance(action, Pass):
            done[action.player].append((t("passed"), True, action_data(game)))
        else:
            title = power_title(game, action.power)
            done[action.player].append((
                t("used the {power} power on {station}", power=title, station=action.station)
                if action.station else t("used the {power} power", power=title), False,
                action_data(game, power=(action.power, action.station))))
    out = []
    for p, steps in done.items():
        if len(steps) > 1 and steps[-1][1]:  # a pass after drawing ends the turn
            steps = steps[:-1]
        if p in thinking:
            text = t("is thinking…")
        elif not steps:
            text = t("is drawing…") if not game.has_finished_turn(p) else t("did nothing")
        else:
            text = steps[0][0]
            for step, _passed, _data in steps[1:]:
                text = t("{done}, then {next}", done=text, next=step)
        entry: dict[str, Any] = {"player": p, "bot": bots[p], "name": game.player_name(p),
                                 "text": text,
                                 "steps": [] if p in thinking else [d for *_, d in steps]}
        if p in thinking:
            entry["thinking"] = True
        out.append(entry)
    return out


def turn_state(
    game: Game, player: int, announcement: str | None = None, bots: Collection[int] = (),
    thinking: Collection[int] = (),
) -> dict[str, Any]:
    """The shared table: round, cards, remaining stack, players' progress. Nothing can be
    undone on a bot's sheet (``bots``). ``bot_turns`` says what each bot did this turn (given
    ``bots`` as a mapping of player -> bot name or bot); ``thinking`` lists the bots choosing
    their move now (the kernel is busy with them). Each player's ``total`` is the running
    total the score sheet shows: with the round in play as it would score if it ended now."""
    remaining = {str(card.kind): 0 for card in game.ruleset.deck}  # every kind, in deck order
    for card in game.stack:
        remaining[card.kind] = remaining.get(card.kind, 0) + 1
    counts = game.line_cards_revealed
    return {
        "round": game.round,
        "turn": game.turn,
        "phase": game.phase.value,
        "cards": [str(c) for c in game.cards],
        "preview": None if game.preview is None else str(game.preview),
        "round_turns": [[str(c) for c in turn] for turn in game.round_turns],
        "round_powers": round_powers(game, player),
        "last_turn": game.is_last_turn,
        "revealed": {str(kind): n for kind, n in counts.items()},
        "remaining": remaining,
        "players": [
            {"pencil": game.pencil(p), "finished": game.has_finished_turn(p),
             "total": running_total(game, p)}
            for p in range(game.players)
        ],
        "ranking": game.ranking() if game.is_over else None,
        "waiting_for": game.waiting_for(),
        "can_reveal": game.phase is Phase.REVEAL,
        "can_undo": player not in bots and game.can_undo(player),
        "game_over": game.is_over,
        "announcement": announcement,
        "bot_turns": bot_turns(game, {p: _bot_name(b) for p, b in bots.items()}, thinking)
        if isinstance(bots, Mapping) else [],
        "thinking": sorted(thinking),
    }


def round_powers(game: Game, player: int) -> list[dict[str, Any]]:
    """The pencil powers ``player`` used this round, by turn: ``turn`` indexes
    ``round_turns`` (the card the power was used with, a Joker's card), ``power`` is its id and
    ``title`` its name. A turn's actions follow its reveal in the game's log."""
    turns = len(game.round_turns)
    if not turns:
        return []
    log = game.history
    reveals = [i for i, action in enumerate(log) if isinstance(action, Reveal)][-turns:]
    out: list[dict[str, Any]] = []
    for turn, start in enumerate(reveals):
        end = reveals[turn + 1] if turn + 1 < len(reveals) else len(log)
        out.extend({"turn": turn, "power": a.power, "title": power_title(game, a.power)}
                   for a in log[start + 1:end] if isinstance(a, UsePower) and a.player == player)
    return out


def running_total(game: Game, player: int) -> int:
    """The player's total as every part of the widget shows it: the scored rounds and, while
    a round is in play, that round as it would score if it ended now (the score sheet's
    "so far", the panel, the export); the final result once the game is over."""
    if game.is_over:
        return game.score(player)
    return live_sheet(game, player).total


def live_sheet(game: Game, player: int) -> ScoreSheet:
    """The score sheet the widget shows while the game is in play: with the current round as
    it would score if it ended now once the player has drawn a section in it, else the scored
    rounds alone (London's departure station alone would read "Round 1: 1 so far" before any
    card is revealed)."""
    return (game.provisional_score_sheet(player) if drawn_this_round(game, player)
            else game.score_sheet(player))


def drawn_this_round(game: Game, player: int) -> bool:
    """True when the player has drawn a section in the current round."""
    return any(d.round == game.round - 1 for d in game.sheets[player].history)


def _bot_name(bot: object) -> str:
    return bot if isinstance(bot, str) else str(getattr(bot, "name", type(bot).__name__))


def hints_state(game: Game, player: int, bots: Collection[int] = ()) -> dict[str, Any]:
    """What the shown player may do now: open lines, every legal section, the pencil power."""
    slots = game.slots(player)
    moves = [[slots[p.slot].line, p.origin, p.target] for p in game.plans(player)]
    return {
        "player": player,
        "open_lines": [str(line) for line in game.open_lines(player)],
        # sections may start at any station of a line (a switch card or power)
        "double_switch": any(slot.anywhere for slot in slots),
        "origins": sorted({m[1] for m in moves}),
        "moves": moves,
        "notes": [game.translator.gettext(slot.wants) for slot in slots if slot.tag],
        "power": power_state(game, player, player in bots),
    }


def power_state(game: Game, player: int, bot: bool = False) -> dict[str, Any] | None:
    """The pencil power the player holds this round, and whether it may be used now (``None``
    without one). A power that names a station lists the stations it may name now."""
    if game.is_over:
        return None
    held = game.power(player)
    if held is None:
        return None
    power = str(held)
    info: dict[str, Any] = next((p for p in game.ruleset.describe(game).get("powers", [])
                                 if p.get("id") == power), {})
    names_station = bool(info.get("station"))
    stations: list[int] = []
    problem: Illegality | None
    if bot:
        problem = None
    elif names_station:
        labels = game.map.labels
        sheet = game.sheets[player]
        on_lines = 0
        for line in range(len(sheet.line_ids)):
            on_lines |= sheet.members(line)
        problem = None
        for i in iter_bits(on_lines):
            why = game.why_power_illegal(power, labels[i], player=player)
            if why is None:
                stations.append(i)
            elif problem is None:
                problem = why
    else:
        problem = game.why_power_illegal(power, player=player)
    usable = not bot and (bool(stations) if names_station else problem is None)
    t = widget_translator(game)
    return {
        "id": power,
        "title": str(info.get("title", power.title())),
        "text": str(info.get("text", "")),
        "station": names_station,
        "usable": usable,
        "reason": None if usable else (
            t("played by a bot") if bot else problem.message if problem else t("not now")),
        "stations": stations,
    }


def scores_state(game: Game, player: int) -> dict[str, Any]:
    """The score sheet with stations and districts as indices (names come from ``map_data``,
    objective texts from ``game_info``). While a round is in play its totals are running
    totals: they include that round (``current``) as it would score if it ended now."""
    sheet = game.score_sheet(player)
    gmap = game.map
    district = {d.name: d.index for d in gmap.districts}

    def stations(labels: tuple[str, ...]) -> list[int]:
        return [gmap.station(label).index for label in labels]

    def sections(labels: tuple[str, ...]) -> list[int]:
        out = []
        for label in labels:
            a, b = (gmap.station(end).index for end in label.split("-"))
            out.append(gmap.section_index[(a, b)])
        return out

    def districts(names: tuple[str, ...]) -> list[int]:
        return [district[name] for name in names]

    def bonus(b: Bonus) -> dict[str, Any]:
        # The label is the ruleset's (game_info ruleset.bonus_labels): not sent every move.
        out: dict[str, Any] = {"id": b.id, "count": b.count, "points_each": b.points_each,
                               "points": b.points}
        if b.sections:
            out["sections"] = sections(b.sections)
        return out

    def line(ls: LineScore) -> dict[str, Any]:
        # Empty lists, a multiplier of 1 and a zero connected bonus are left out (the front
        # end reads them as the defaults), to keep each move's update small.
        out: dict[str, Any] = {
            "lines": list(ls.lines), "stations": stations(ls.stations),
            "districts": districts(ls.districts),
            "district_count": ls.district_count,
            "best_districts": districts(ls.best_districts),
            "best_count": ls.best_count,
            "station_count": ls.station_count,
            "score": ls.score,
            "bonuses": [bonus(b) for b in ls.bonuses],
        }
        if ls.outer_districts:
            out["outer_districts"] = districts(ls.outer_districts)
        if ls.station_multiplier != 1:
            out["station_multiplier"] = ls.station_multiplier
        if ls.connected_bonus:
            out["connected_bonus"] = ls.connected_bonus
        if ls.doubled_stations:
            out["doubled_stations"] = stations(ls.doubled_stations)
        return out

    def round_score(rs: RoundScore) -> dict[str, Any]:
        out: dict[str, Any] = {"round": rs.round, "pencil": rs.pencil, "effect": rs.effect,
                               "connected": rs.connected, "score": rs.score,
                               "lines": [line(ls) for ls in rs.lines]}
        if rs.tourist_sites:
            out["tourist_sites"] = stations(rs.tourist_sites)
        return out

    # While a round is in play every total includes it as it would score if it ended now (the
    # `current` round shown live, once the player has drawn a section in it), so the round's
    # box, the lines' total, the tracks and the total agree; the rounds listed are the scored
    # ones.
    live = (game.provisional_score_sheet(player)
            if not game.is_over and drawn_this_round(game, player) else sheet)
    current = live.rounds[-1] if live is not sheet and live.rounds[-1].lines else None
    out: dict[str, Any] = {
        "rounds": [round_score(rs) for rs in sheet.rounds],
        "lines_total": live.lines_total,
        "interchanges": [
            {"colours": t.colours, "stations": stations(t.stations), "sbahn": stations(t.sbahn),
             "count": t.count, "points_each": t.points_each, "points": t.points}
            for t in live.interchanges
        ],
        "interchanges_total": live.interchanges_total,
        "objectives": [
            {"objective": o.objective, "progress": o.progress, "target": o.target,
             "met": o.met, "points": o.points}
            for o in live.objectives
        ],
        "objectives_total": live.objectives_total,
        # A track's label and values are the ruleset's (game_info ruleset.tracks).
        "tracks": [{"id": t.id, "count": t.count, "points": t.points} for t in live.tracks],
        "tracks_total": live.tracks_total,
        "total": live.total,
        "tiebreak": sheet.tiebreak,
        "final": sheet.final,
        "assessment": None if sheet.assessment is None else asdict(sheet.assessment),
    }
    if current is not None:
        out["current"] = round_score(current)
    return out


def current_round(game: Game, player: int) -> RoundScore | None:
    """The current round as it would score if it ended now (``None`` once the game is over,
    or while it would score no line). Scored by the ruleset on a copy of the game, so the
    provisional score is the real rules' and the game is not touched."""
    scored = game.provisional_round_score(player)
    return scored if scored is not None and scored.lines else None


def map_state(game: Game) -> dict[str, Any]:
    """The static map (:func:`nsb_widget.rendering.scene.map_scene`) with its names in the
    game's language: the map's title, its pencils, districts and river where they are words
    (London's "North-West", the Thames, "Green"); Berlin's district names are proper names and
    stay. Sent once, and again when the language changes."""
    scene = map_scene(game.map)
    t = game.translator
    scene["title"] = map_name(t, scene["title"])
    for part in (*scene["pencils"], *scene["districts"]):
        part["name"] = map_name(t, part["name"])
    if scene["river"] is not None:
        scene["river"]["name"] = map_name(t, scene["river"]["name"])
    return scene


def sheet_state(game: Game, player: int) -> dict[str, Any]:
    """The shown player's drawing (see :func:`nsb_widget.rendering.scene.sheet_scene`)."""
    return sheet_scene(game, player)
