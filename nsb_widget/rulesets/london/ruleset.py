"""The rules of Next Station: London as a :class:`~nsb_widget.rules.ruleset.Ruleset`."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from ...bitset import iter_bits
from ...i18n import N_
from ...rules.moves import UsePower
from ...rules.phase import Phase
from ...rules.reasons import Illegality, Reason
from ...rules.ruleset import (
    Ruleset,
    Slot,
    TurnOpening,
    card_ids,
    deal_objectives,
    refuse_unknown_choices,
    symbol_targets,
)
from ...rules.sheet import RoundLine
from ...rules.words import card_wants, second_section_wants, the_pencil, your_line
from ...scoring.assessment import assess
from ...scoring.interchanges import score_interchanges
from ...scoring.model import RoundScore, ScoreSheet
from ...scoring.sheet import assemble_score_sheet
from .cards import FIRST_SWITCH_TURN, LONDON_DECK, UNDERGROUND_PER_ROUND, LondonCard
from .modules import (
    SOLO_HANDICAP_PER_MODULE,
    LondonModule,
    LondonObjective,
    Power,
    second_section_symbol,
)
from .playouts import LondonPlayoutRules
from .round_state import LondonRoundState
from .scoring import (
    BANDS,
    THAMES_LABEL,
    TOURIST_LABEL,
    TOURIST_TRACK,
    score_objectives,
    score_round,
    tourist_track,
)

if TYPE_CHECKING:
    from ...maps.model import GameMap
    from ...rules.deck import Deck
    from ...rules.gamesetup import GameSetup
    from ...rules.sheet import Sheet
    from ...rules.view import GameView

# What a power's section asks for (message ids, translated by the driver when shown).
_ANY_SECOND = N_("the second section may reach any symbol")
_JOKER_POWER = N_("the Joker power allows any symbol")
_OVERLAY_CAPTION = N_(
    "Tinted: the districts the round's line passes through. Haloed: its stations in the best "
    "district (dashed outline); a double ring: the circled station, counted twice. Thick blue: "
    "the Thames crossings (+2 each). Stars: the tourist sites on the round's line. "
    "Interchanges show their points. Hover a score-sheet box to see one term.")


class LondonRuleset(Ruleset):
    """Next Station: London: one line a round from the pencil's departure station, the
    Railroad Switch, the Thames, tourist sites, shared objectives and pencil powers."""

    name = "london"
    title = "Next Station: London"
    deck: ClassVar[tuple[Any, ...]] = LONDON_DECK
    count_names: ClassVar[tuple[str, ...]] = ("underground", "street")
    modules: ClassVar[tuple[str, ...]] = tuple(LondonModule)
    scores_river = True

    def __init__(self) -> None:
        self._slot_cache: dict[tuple[Any, bool, LondonCard], tuple[Slot, ...]] = {}

    @property
    def line_ids(self) -> tuple[str, ...]:
        """One line a round."""
        return ("line",)

    def parse_card(self, text: object) -> LondonCard:
        """``"underground square"``, ``"street joker"``, ``"switch"``."""
        return LondonCard.parse(text)

    # ------------------------------------------------------------------ setup
    def deal_options(
        self, game_map: GameMap, rng: random.Random, modules: frozenset[str],
        choices: dict[str, Any],
    ) -> dict[str, tuple[str, ...]]:
        """Deal 2 shared objectives and one power per pencil (or check the chosen ones)."""
        refuse_unknown_choices("London", choices, ("objectives", "powers"))
        objectives, powers = choices.get("objectives"), choices.get("powers")
        objs = deal_objectives(LondonObjective, objectives, rng,
                               LondonModule.OBJECTIVES in modules, "shared objective cards")
        dealt: tuple[Power, ...] = ()
        pencil_ids = [p.id for p in game_map.pencils]
        if LondonModule.POWERS in modules:
            if powers is None:
                dealt = tuple(rng.sample(list(Power), len(Power)))
            elif isinstance(powers, Mapping):
                if (not all(isinstance(k, str) for k in powers)
                        or sorted(map(str.__str__, powers)) != sorted(pencil_ids)):
                    raise ValueError(f"powers must give each of {', '.join(pencil_ids)} a power")
                dealt = tuple(card_ids(Power, [powers[p] for p in pencil_ids], "powers"))
            else:
                dealt = tuple(card_ids(Power, powers, "powers"))
            if len(dealt) != len(pencil_ids) or len(set(dealt)) != len(dealt):
                raise ValueError(f"powers must be the {len(Power)} different pencil powers, "
                                 f"one per pencil ({', '.join(pencil_ids)})")
        elif powers:
            raise ValueError("powers given without the 'powers' module")
        return {"objectives": objs, "powers": dealt}

    def start_game(self, sheet: Sheet, setup: GameSetup) -> None:
        """Each departure station is printed in its colour: it is on that colour's line from
        the start (it counts for interchanges)."""
        for pencil in sheet.map.pencils:
            start = sheet.map.start_station(pencil.id, "line").index
            sheet.colour_stations[pencil.id] = 1 << start

    # ------------------------------------------------------------------ turns
    def new_round_state(self, setup: GameSetup, round_index: int) -> LondonRoundState:
        """No power used yet."""
        return LondonRoundState(setup.players)

    def open_turn(
        self, game: GameView, state: LondonRoundState, take: Callable[[str], Any],
        counts: tuple[int, ...],
    ) -> TurnOpening:
        """One card; the Railroad Switch brings the card that sets the symbol and, from the
        3rd turn of the round on, lets the section start at any station of the line."""
        first: LondonCard = take("the turn's card")
        cards: tuple[LondonCard, ...] = (first,)
        if first.switch:
            cards = (first, take("the Railroad Switch's symbol card"))
        underground, street = counts
        for card in cards:
            if card.underground:
                underground += 1
            else:
                street += 1
        anywhere = first.switch and game.turn + 1 >= FIRST_SWITCH_TURN
        return TurnOpening(cards, (underground, street), underground >= UNDERGROUND_PER_ROUND,
                           None, self._slots(game, anywhere, cards[-1]))

    def _slots(self, game: GameView, anywhere: bool, symbol_card: LondonCard) -> tuple[Slot, ...]:
        """The slot a turn opens (cached: it depends only on the map and the cards)."""
        key = (game.map, anywhere, symbol_card)
        slots = self._slot_cache.get(key)
        if slots is None:
            targets = symbol_targets(game.map, symbol_card)
            slots = (Slot(0, anywhere, targets, card_wants(symbol_card)),)
            self._slot_cache[key] = slots
        return slots

    def after_turn(self, game: GameView, state: LondonRoundState, deck: Deck) -> None:
        """A double power not followed by a section lapses with the turn."""
        state.double = [False] * len(state.double)

    def follow_up(self, game: GameView, player: int, slot: Slot, target: int) -> tuple[Slot, ...]:
        """The double power: a second section to the first one's symbol."""
        state: LondonRoundState = game.round_state
        if slot.tag == "double" or not state.double[player]:
            return ()
        state.double[player] = False
        every = game.map.every_station
        symbol = second_section_symbol(game.map, slot.targets == every, game.symbol_card, target)
        if symbol is None:
            return (Slot(0, slot.anywhere, every, _ANY_SECOND, tag="double"),)
        return (Slot(0, slot.anywhere, game.map.symbol_mask[symbol],
                     second_section_wants(symbol.value), tag="double"),)

    def line_name(self, sheet: Sheet, line: int) -> str:
        """``"your green line"`` (a message id)."""
        return your_line(sheet.pencil)

    # ------------------------------------------------------------------ powers
    def power_of(self, game: GameView, pencil: str) -> Power | None:
        """The power card lying with ``pencil`` (``None`` without the module)."""
        if not game.setup.powers:
            return None
        ids = [p.id for p in game.map.pencils]
        return Power(game.setup.powers[ids.index(pencil)])

    def check_power(
        self, game: GameView, player: int, power: str, station: int | None
    ) -> Illegality | Callable[[], None]:
        """The power must be the held pencil's, unused this round (with ``power_limit="game"``:
        the player has used no power yet in the game); the double, Joker and switch are used
        after the reveal and before drawing; the circle names a station of the round's line."""
        t = game.translator
        if LondonModule.POWERS not in game.setup.modules:
            return Illegality(Reason.NO_POWER, t("the pencil powers module is not in play"))
        try:
            wanted = Power(power)
        except ValueError:
            known = ", ".join(p.value for p in Power)
            return Illegality(Reason.NO_POWER, t("unknown power {power}: the powers are {known}",
                                                 power=repr(power), known=known))
        pencil = game.pencil(player)
        held = self.power_of(game, pencil)
        if held is not wanted:
            name = t.gettext(held.display_name) if held else t("none")
            return Illegality(Reason.NO_POWER, t("{pencil}'s power is {held}, not {wanted}",
                                                 pencil=the_pencil(t, pencil), held=name,
                                                 wanted=t.gettext(wanted.display_name)))
        state: LondonRoundState = game.round_state
        if state.used[player]:
            return Illegality(Reason.POWER_USED, t("{pencil}'s power is already used this round",
                                                   pencil=the_pencil(t, pencil)))
        if game.setup.power_limit == "game" and any(
                isinstance(a, UsePower) and a.player == player for a in game.history):
            return Illegality(Reason.POWER_USED, t(
                "{player} has already used a pencil power in this game (one power a game)",
                player=game.player_name(player)))
        if wanted.names_station:
            return self._check_circle(game, player, station, state)
        if station is not None:
            return Illegality(Reason.NOTATION, f"the {wanted.display_name} power names no "
                                               "station")
        title = t.gettext(wanted.display_name)
        if game.phase is not Phase.DRAW and (game.turn == 0 or not game.can_undo(player)):
            # No card yet this round (a draw or pass of this round's turn just over: too
            # late, said below; one of the round before leaves this round's power untouched).
            return Illegality(Reason.POWER_NOT_NOW, t("use the {power} power after a card is "
                                                      "revealed", power=title))
        slots = game.slots(player)
        if not slots or slots != game.turn_slots:
            return Illegality(Reason.POWER_NOT_NOW, t("use the {power} power before drawing "
                                                      "this turn's section", power=title))

        def apply() -> None:
            state.used[player] = True
            if wanted is Power.DOUBLE:
                state.double[player] = True
            elif wanted is Power.JOKER:
                every = game.map.every_station
                game.set_slots(player, tuple(
                    s._replace(targets=every, wants=_JOKER_POWER)
                    for s in slots))
            else:
                game.set_slots(player, tuple(s._replace(anywhere=True) for s in slots))

        return apply

    def _check_circle(self, game: GameView, player: int, station: int | None,
                      state: LondonRoundState) -> Illegality | Callable[[], None]:
        if station is None:
            return Illegality(Reason.NOTATION, "name the station to circle, e.g. "
                                               "use_power('circle', 'F4')")
        sheet = game.sheets[player]
        label = game.map.labels[station]
        if not sheet.members(0) >> station & 1:
            t = game.translator
            return Illegality(Reason.NOT_ON_LINE, t("{station} is not on {line} this round",
                                                    station=label,
                                                    line=t.gettext(your_line(sheet.pencil))))

        def apply() -> None:
            state.used[player] = True
            state.circle[player] = station
            sheet.circled |= 1 << station

        return apply

    # ------------------------------------------------------------------ scoring
    def score_round(self, game: GameView, player: int, state: LondonRoundState) -> RoundScore:
        """Districts x most stations in one district + 2 per Thames crossing; a line that
        never left its departure station scores that station (1 x 1)."""
        sheet = game.sheets[player]
        round_index = game.round - 1
        circle = state.circle[player]
        doubled = 1 << circle if circle >= 0 else 0
        lines = sheet.finish_round(round_index, doubled)
        if not lines:
            start = 1 << sheet.starts[0]
            lone = RoundLine(round_index, sheet.pencil, ("line",), start, 0, False, 0,
                             doubled & start)
            sheet.round_lines.append(lone)
            lines = [lone]
        return score_round(game.map, lines[0])

    def solo_handicap(self, modules: frozenset[str]) -> int:
        """10 per module used."""
        return SOLO_HANDICAP_PER_MODULE * len(modules)

    def score_sheet(self, game: GameView, player: int) -> ScoreSheet:
        """Rounds + tourist track + interchanges + shared objectives."""
        gmap = game.map
        sheet = game.sheets[player]
        rounds = tuple(sheet.round_scores)
        track = tourist_track(rounds)
        colour_masks = list(sheet.colour_stations.values())
        tiers = score_interchanges(gmap, colour_masks, 0)
        network = 0
        for s in iter_bits(sheet.drawn):
            section = gmap.sections[s]
            network |= (1 << section.a) | (1 << section.b)
        objectives = score_objectives([LondonObjective(o) for o in game.setup.objectives], gmap,
                                      colour_masks, network, sheet.drawn)
        handicap = self.solo_handicap(game.setup.modules)
        solo_end = game.is_over and game.players == 1
        return assemble_score_sheet(
            player, game.setup.names[player], rounds, tiers, objectives, game.is_over,
            tracks=(track,),
            assess=(lambda total: assess(total, handicap, BANDS)) if solo_end else None,
        )

    # ------------------------------------------------------------------ playouts
    def playout_rules(self, game: GameView) -> LondonPlayoutRules:
        """These rules vectorised for :class:`~nsb_widget.rules.playouts.Playouts` (every
        module is covered, the pencil powers included)."""
        return LondonPlayoutRules(game, self._slots, self.power_of)

    # ------------------------------------------------------------------ front end
    def describe(self, game: GameView) -> dict[str, Any]:
        """London's look and vocabulary for the front end, in the game's language."""
        setup = game.setup
        t = game.translator
        gettext = t.gettext
        return {
            "name": self.name,
            "title": self.title,
            "lines": [{"id": "line", "name": t("Line")}],
            "count_names": list(self.count_names),
            "count_labels": {"underground": t("Underground"), "street": t("Street")},
            "cards_per_round_end": UNDERGROUND_PER_ROUND,
            "deck": [str(c) for c in self.deck],
            "switch_name": t("Railroad Switch"),
            "circle_name": gettext(Power.CIRCLE.display_name),
            "powers": [{"id": p.value, "title": gettext(p.display_name), "text": gettext(p.text),
                        "station": p.names_station} for p in Power],
            "tracks": [{"id": "tourist", "label": gettext(TOURIST_LABEL),
                        "values": list(TOURIST_TRACK)}],
            "bonus_labels": {"thames": gettext(THAMES_LABEL)},
            "bonus_short": {"thames": t("Thames ×2")},
            "kind_colors": {"underground": "#d6336c", "street": "#1c7ed6"},
            "round_end_kinds": ["underground"],
            "joker_label": t("Joker"),
            "joker_mark": "",
            "assessment_title": t("Solo assessment"),
            "overlay_caption": gettext(_OVERLAY_CAPTION),
            "assessment": [{"min": low, "band": band} for low, band, _ in BANDS],
            "objectives": [{"id": o.value, "text": gettext(o.text)}
                           for o in (LondonObjective(x) for x in setup.objectives)],
            "pencil_powers": {p.id: str(self.power_of(game, p.id)) for p in game.map.pencils
                              if game.setup.powers},
            # Which reading of the guides the game plays (docs/rules.md, L21), in words.
            "power_limit": setup.power_limit if setup.powers else None,
            "power_limit_text": ("" if not setup.powers
                                 else t("Each power: once a round")
                                 if setup.power_limit == "round"
                                 else t("One power in the whole game")),
        }

