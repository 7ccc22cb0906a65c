"""The printable one-page rules summaries: one A4 page per city and language.

Each page holds the goal, a turn, how a section may be drawn, the special cards, a round's
score, the final score, the tie-break, the solo assessment with the modules' handicaps and the
advanced game, every number read from the engine (:mod:`nsb_widget.workshop.facts`) and the
advanced game's cards in the engine's own words. Its two pictures are one seeded game, played by
a fixed rule (the section that makes the round score most) and drawn by the engine: after its
first round, and at its end, with their scores from the engine's score sheet. The engine's small
labels are left out of the pictures; the columns' letters and the rows' numbers are drawn at
print size.
"""

from __future__ import annotations

import re
from functools import cache

from ..game import Game
from ..i18n import Translator, translator
from ..rendering.scene import map_scene
from ..rendering.svg import CELL, PAD
from ..rules.words import colour, map_name
from .berlin import line_terms
from .exercise import join_words
from .facts import card_texts, facts
from .page import PT, Block, Bullets, Figure, Heading, Page, Text, page_svg
from .words import words

#: The seeded game each page draws (chosen for a first round that shows the city's rules:
#: Berlin's lines joined with S-Bahn stations, London's Thames crossings and tourist sites).
SEEDS = {"berlin": 23, "london": 20}
#: The size of the pictures' coordinates (mm): 9 points.
LABEL_MM = 9 * PT


def greedy_game(city: str, seed: int) -> tuple[Game, Game]:
    """The page's game: seeded, each turn's section the one that makes the round score most
    (ties: the first in the engine's notation). Returns the game after its first round and
    at its end."""
    game = Game.new(seed=seed, map=city)
    first: Game | None = None
    while not game.is_over:
        game.reveal()
        while not game.is_over and not game.has_finished_turn():
            moves = sorted(game.legal_moves(), key=str)
            if not moves:
                game.pass_turn()
                continue
            game.play(max(moves, key=lambda move: _round_after(game, move)))
        if first is None and game.round == 2:
            first = game.copy()
    assert first is not None
    return first, game


def _round_after(game: Game, move: object) -> int:
    trial = game.copy()
    trial.play(move)  # type: ignore[arg-type]
    score = trial.provisional_round_score()
    return score.score if score is not None else 0


def picture(game: Game, caption: str, language: str) -> Figure:
    """The game's sheet drawn by the engine without its small texts, with the columns' and
    rows' names at print size."""
    svg = game.svg(translate=translator(language))
    svg = re.sub(r"<text\b[^>]*>.*?</text>", "", svg, flags=re.S)
    svg = re.sub(r'<circle [^>]*r="5\.5" fill="#ffffff"[^>]*/>', "", svg)  # round badges
    svg = re.sub(r'<circle [^>]*r="6" fill="#2b2d31"/>', "", svg)  # interchange badges
    scene = map_scene(game.map)
    overlay: list[tuple[float, float, str, float, bool]] = []
    scale = _scale(svg)
    size = LABEL_MM / scale  # in the picture's units
    for x in range(scene["width"]):
        overlay.append((PAD + (x + 0.5) * CELL, PAD * 0.45, chr(65 + x), LABEL_MM, False))
    for y in range(scene["height"]):
        overlay.append((PAD * 0.45, PAD + (y + 0.5) * CELL, str(y + 1), LABEL_MM, False))
    for station in scene["stations"]:
        if station["symbol"] == "any":  # London's central station: its question mark
            overlay.append((PAD + (station["x"] + 0.5) * CELL,
                            PAD + (station["y"] + 0.5) * CELL - size * 0.05, "?", LABEL_MM,
                            True))
    return Figure(svg, caption, tuple(overlay))


def _scale(svg: str) -> float:
    """Millimetres per unit of a picture drawn at a column's width."""
    from .page import COLUMN

    match = re.search(r'viewBox="0 0 ([\d.]+) ', svg)
    assert match
    return COLUMN / float(match.group(1))


# ---------------------------------------------------------------------------- captions
def _round_caption(game: Game, language: str) -> str:
    t = words(language)
    engine = translator(language)
    scored = game.round_scores()[0]
    line = scored.lines[0]
    text = t("**Round 1** ({pencil}): {terms} = {points}.", pencil=colour(engine, scored.pencil),
             terms=line_terms(scored.lines), points=scored.score)
    text += " " + t("{districts} districts; {stations} stations in {best}.",
                    districts=line.district_count, stations=line.best_count,
                    best=join_words(map_name(engine, d) for d in line.best_districts))
    if game.map.id == "london":
        (thames,) = line.bonuses
        text += " " + t("Thames: {sections}; tourist sites: {sites}.",
                        sections=join_words(thames.sections),
                        sites=join_words(scored.tourist_sites))
    else:
        text += " " + t("Start stations connected: +{bonus}; S-Bahn stations: {stations}.",
                        bonus=line.connected_bonus, stations=join_words(game.sbahn_stations()))
    return text


def _final_caption(game: Game, language: str) -> str:
    t = words(language)
    sheet = game.score_sheet()
    rounds = " + ".join(str(r.score) for r in sheet.rounds)
    parts = [t("rounds {rounds}", rounds=rounds)]
    parts += [t("tourist track {points}", points=track.points) for track in sheet.tracks]
    tiers = ", ".join(f"{tier.count} × {tier.points_each}" for tier in sheet.interchanges
                      if tier.count)
    parts.append(t("interchanges {tiers} = {points}", tiers=tiers,
                   points=sheet.interchanges_total))
    joined = parts[0]
    for part in parts[1:]:
        joined = t("{first}; {second}", first=joined, second=part)
    return t("**The whole game**: {parts}; total {total}.", parts=joined, total=sheet.total)


# ---------------------------------------------------------------------------- the pages
def _advanced(city: str, language: str, values: dict[str, str]) -> list[Block]:
    t = words(language)
    cards = card_texts(city, language)
    if city == "berlin":
        effects = t("**Round effects**: {effects_dealt} of the {effects_all} Effect cards, one "
                    "per round, for everyone (Double tracks never in round 1):", **values)
        blocks: list[Block] = [Text(effects), Bullets(tuple(
            t("**{name}**: {text}", name=name, text=text) for name, text in cards["effects"]))]
    else:
        powers = t("**Pencil powers**: each pencil gets one for the whole game; whoever holds "
                   "the pencil may use it once a round, after the card is revealed and before "
                   "drawing (the circle: at any time of the round):", **values)
        blocks = [Text(powers), Bullets(tuple(
            t("**{name}**: {text}", name=name, text=text) for name, text in cards["powers"]))]
    objectives = t("**Objective cards**: {objectives_shown} of the {objectives_all} are "
                   "revealed, for everyone; each one met at the end scores "
                   "+{objective_points}:", **values)
    return [*blocks, Text(objectives),
            Bullets(tuple(text for _, text in cards["objectives"]))]


def _drawing_rules(t: Translator) -> tuple[str, ...]:
    """The rules of a section both cities share."""
    return (
        t("Straight along a dashed track: across, up and down, or diagonally."),
        t("Never through a station, never across another section of any colour; two "
          "stations are joined by one section at most."),
        t("Never back to a station of the same line: no loops."),
    )


def _tie_break(t: Translator) -> list[Block]:
    """The rulebooks' tie-break, the same in both cities."""
    return [Heading(t("Tie-break")),
            Text(t("Among tied players, the best single round score wins; still tied, they "
                   "share the victory."))]


def _berlin(language: str) -> list[Block]:
    t = words(language)
    v = facts("berlin")
    first, last = greedy_game("berlin", SEEDS["berlin"])
    return [
        Heading(t("Goal")),
        Text(t("Build Berlin's best U-Bahn network in {rounds} rounds. Each round you draw two "
               "lines in a new colour: **Bear** from your start station in the left half of "
               "the map, **Crown** from the one in the right half. {districts} districts: "
               "{main} main ones and {outer} outer ones in the corners.", **v)),
        Heading(t("A turn")),
        Text(t("Reveal the top Station card. Everyone draws **one section** on the card's line, "
               "from an end of that line to a station with the card's symbol, or passes "
               "(drawing is voluntary). Once the {per_line}th Bear or the {per_line}th Crown "
               "card is out, its section is the round's last: score the round and pass the "
               "pencils to the left. The {cards} cards: {bear} Bear, {crown} Crown (4 symbols "
               "and a Joker each) and the Double Switch.", **v)),
        Heading(t("Drawing a section")),
        Bullets((
            *_drawing_rules(t),
            t("A line's first section leaves its start station; the next ones leave one of "
              "its two ends."),
            t("Bear and Crown joined (the start stations connected): from then on, every end "
              "may be used whatever line the card shows."),
        )),
        Heading(t("Special cards")),
        Bullets((
            t("**Joker + S-Bahn**: any symbol. Circle the station reached: an S-Bahn station "
              "counts as 2 stations at the interchanges."),
            t("**Double Switch**: reveal one more card; its symbol counts, not its line. Draw "
              "one section on each line; each may branch from any station of its line."),
        )),
        Heading(t("Scoring a round")),
        Text(t("Districts the line passes through × the most stations it has in one district, "
               "**+{connected}** if the two start stations are connected. Two separate lines: "
               "score each and add them up.", **v)),
        picture(first, _round_caption(first, language), language),
        Heading(t("Final scoring")),
        Text(t("Add the {rounds} rounds. **Interchanges**: each station on lines of 2, 3 or 4 "
               "colours scores **{two}**, **{three}** or **{four}**; an S-Bahn station counts as "
               "2 stations. The highest total wins.", **v)),
        picture(last, _final_caption(last, language), language),
        *_tie_break(t),
        Heading(t("Solo")),
        Text(t("Lay out the {rounds} pencils in a random order, one per round. The City "
               "administration's assessment reads your total: {bands}. With the advanced "
               "game subtract **{handicap_objectives}** for the objectives, "
               "**{handicap_effects}** for the effects, **{handicap_both}** for both, before "
               "reading it.", **v)),
        Heading(t("The advanced game")),
        *_advanced("berlin", language, v),
    ]


def _london(language: str) -> list[Block]:
    t = words(language)
    v = facts("london")
    first, last = greedy_game("london", SEEDS["london"])
    return [
        Heading(t("Goal")),
        Text(t("Draw {rounds} underground lines in {rounds} colours, one a round, across "
               "London's {districts} districts ({main} main ones and {outer} corners), and "
               "score with their districts, the Thames, the tourist sites and the "
               "interchanges.", **v)),
        Heading(t("A turn")),
        Text(t("Reveal the top Station card. Everyone draws **one section** from an end of "
               "their line (the first from the departure station of their pencil's colour) "
               "to a station with the card's symbol, or passes. The {cards} cards: "
               "{underground} pink **underground** and {street} blue **street** cards, the "
               "Railroad Switch among them. Once the {round_end}th underground card is out, "
               "its section is the round's last: score the round and pass the pencils.", **v)),
        Heading(t("Drawing a section")),
        Bullets((
            *_drawing_rules(t),
            t("The central station (the question mark) matches every card."),
        )),
        Heading(t("Special cards")),
        Bullets((
            t("**Joker**: any symbol."),
            t("**Railroad Switch**: reveal the next card at once; it gives the symbol. From "
              "the {switch_turn}rd turn of a round on, the section may start at any station "
              "of your line.", **v),
        )),
        Heading(t("Scoring a round")),
        Text(t("Districts the line passes through × the most stations it has in one "
               "district, **+{thames}** for each section that crosses the Thames. Then cross "
               "off one circle of the tourist track for each tourist site (star) on the "
               "line.", **v)),
        picture(first, _round_caption(first, language), language),
        Heading(t("Final scoring")),
        Text(t("Add the {rounds} rounds, the **tourist track** (the first circle not crossed "
               "off: {track}) and the **interchanges**: each station on lines of 2, 3 or 4 "
               "colours scores **{two}**, **{three}** or **{four}** (a departure station is on "
               "its colour's line). The highest total wins.", **v)),
        picture(last, _final_caption(last, language), language),
        *_tie_break(t),
        Heading(t("Solo")),
        Text(t("Lay out the {rounds} pencils in a random order, one per round. The solo "
               "table reads your total: {bands}. With the advanced game subtract "
               "**{handicap}** for each module used (**{handicap_both}** for both) before "
               "reading it.", **v)),
        Heading(t("The advanced game")),
        *_advanced("london", language, v),
    ]


@cache
def handout_page(city: str, language: str) -> Page:
    """The laid-out page of ``city`` in ``language``."""
    t = words(language)
    v = facts(city)
    name = "Next Station: Berlin" if city == "berlin" else "Next Station: London"
    title = t("{game}: the rules on one page", game=name)
    subtitle = t("1 to 4 players, or solo · {rounds} rounds · everyone draws at the same "
                 "time, on the same cards", **v)
    footer = t("Made with nsb_widget: every number from its rules engine. Print on A4 at "
               "100 %.")
    blocks = _berlin(language) if city == "berlin" else _london(language)
    return page_svg(title, subtitle, blocks, footer, title)


def handout(city: str, language: str) -> str:
    """The page of ``city`` (``"berlin"`` or ``"london"``) in ``language``, as SVG."""
    return handout_page(city, language).svg
