"""The numbers the kit's texts quote, read from the engine and its rules data, never typed in:
the notebooks and the handouts fill their ``{placeholders}`` from :func:`facts`."""

from __future__ import annotations

from functools import cache

from ..game import Game
from ..i18n import translator
from ..rulesets.berlin.cards import CARDS_PER_LINE
from ..rulesets.berlin.modules import OBJECTIVE_POINTS as BERLIN_OBJECTIVE_POINTS
from ..rulesets.berlin.modules import SOLO_HANDICAP, Effect, Module, Objective
from ..rulesets.berlin.scoring import BANDS as BERLIN_BANDS
from ..rulesets.berlin.scoring import CONNECTED_BONUS
from ..rulesets.london.cards import FIRST_SWITCH_TURN, UNDERGROUND_PER_ROUND
from ..rulesets.london.modules import OBJECTIVE_POINTS as LONDON_OBJECTIVE_POINTS
from ..rulesets.london.modules import SOLO_HANDICAP_PER_MODULE, LondonObjective, Power
from ..rulesets.london.scoring import BANDS as LONDON_BANDS
from ..rulesets.london.scoring import THAMES_POINTS, TOURIST_TRACK
from ..scoring.interchanges import POINTS as INTERCHANGE_POINTS


def _bands(bands: tuple[tuple[int, str, str], ...]) -> str:
    """The solo table's bands, lowest first: ``"0-70 · 71-90 · ..."``."""
    return " · ".join(band for _, band, _ in reversed(bands))


@cache
def _dealt(city: str) -> tuple[int, int]:
    """How many objective cards a game shows, and effect cards (Berlin) it deals."""
    modules = ["objectives", "effects"] if city == "berlin" else ["objectives"]
    setup = Game.new(seed=0, map=city, modules=modules).setup
    return len(setup.objectives), len(setup.effects)


@cache
def facts(city: str) -> dict[str, str]:
    """The numbers of ``city``'s rules (``"berlin"`` or ``"london"``) by placeholder name."""
    game = Game.new(seed=0, map=city)
    game_map = game.map
    outer = sum(1 for d in game_map.districts if d.kind == "outer")
    objectives_shown, effects_dealt = _dealt(city)
    out: dict[str, int | str] = {
        "rounds": game.ruleset.rounds,
        "cards": len(game.ruleset.deck),
        "districts": len(game_map.districts),
        "main": len(game_map.districts) - outer,
        "outer": outer,
        "two": INTERCHANGE_POINTS[2],
        "three": INTERCHANGE_POINTS[3],
        "four": INTERCHANGE_POINTS[4],
        "objectives_shown": objectives_shown,
    }
    if city == "berlin":
        out.update(
            per_line=CARDS_PER_LINE,
            bear=sum(1 for c in game.ruleset.deck if c.kind == "bear"),
            crown=sum(1 for c in game.ruleset.deck if c.kind == "crown"),
            connected=CONNECTED_BONUS,
            objective_points=BERLIN_OBJECTIVE_POINTS,
            objectives_all=len(Objective),
            effects_all=len(Effect),
            effects_dealt=effects_dealt,
            handicap_objectives=SOLO_HANDICAP[Module.OBJECTIVES],
            handicap_effects=SOLO_HANDICAP[Module.EFFECTS],
            handicap_both=sum(SOLO_HANDICAP.values()),
            bands=_bands(BERLIN_BANDS),
        )
    else:
        street = sum(1 for c in game.ruleset.deck if not c.underground)
        out.update(
            underground=len(game.ruleset.deck) - street,
            street=street,
            round_end=UNDERGROUND_PER_ROUND,
            thames=THAMES_POINTS,
            track=", ".join(str(v) for v in TOURIST_TRACK),
            track_circles=len(TOURIST_TRACK) - 1,
            switch_turn=FIRST_SWITCH_TURN,
            objective_points=LONDON_OBJECTIVE_POINTS,
            objectives_all=len(LondonObjective),
            powers_all=len(Power),
            handicap=SOLO_HANDICAP_PER_MODULE,
            handicap_both=2 * SOLO_HANDICAP_PER_MODULE,
            bands=_bands(LONDON_BANDS),
        )
    return {key: str(value) for key, value in out.items()}


def card_texts(city: str, language: str) -> dict[str, list[tuple[str, str]]]:
    """The advanced game's cards in the engine's words: ``{"effects": [(name, text), ...],
    "objectives": [("", text), ...], "powers": [(name, text), ...]}`` (Berlin has no powers,
    London no effects)."""
    t = translator(language)
    if city == "berlin":
        return {"effects": [(t.gettext(e.display_name), t.gettext(e.text)) for e in Effect],
                "objectives": [("", t.gettext(o.text)) for o in Objective], "powers": []}
    return {"effects": [], "objectives": [("", t.gettext(o.text)) for o in LondonObjective],
            "powers": [(t.gettext(p.display_name), t.gettext(p.text)) for p in Power]}
