"""The rules of Next Station: Berlin as a :class:`~nsb_widget.rules.ruleset.Ruleset`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from ...i18n import N_
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
from ...rules.words import card_wants, your_joined_line
from ...scoring.interchanges import score_interchanges
from ...scoring.model import RoundScore, ScoreSheet
from ...scoring.sheet import assemble_score_sheet
from .cards import BERLIN_DECK, CARDS_PER_LINE, DOUBLE_SWITCH, Card, Line
from .modules import Effect, Module, Objective
from .objectives import score_objectives
from .playouts import BerlinPlayoutRules
from .round_state import BerlinRoundState
from .scoring import BANDS, CONNECTED_LABEL, assess, handicap, score_round

if TYPE_CHECKING:
    from ...maps.model import GameMap
    from ...rules.deck import Deck
    from ...rules.gamesetup import GameSetup
    from ...rules.sheet import Sheet
    from ...rules.view import GameView

LINES = (Line.BEAR, Line.CROWN)
_LINE_INDEX = {Line.BEAR: 0, Line.CROWN: 1}
# Message ids: the driver and the hooks below translate them when they write a sentence.
_YOUR_LINE = {Line.BEAR: N_("your Bear line"), Line.CROWN: N_("your Crown line")}
_SLOT_USED = {Line.BEAR: N_("you have already drawn your Bear section this Double Switch"),
              Line.CROWN: N_("you have already drawn your Crown section this Double Switch")}
_WRONG_LINE = {(Line.BEAR, Line.CROWN): N_("the card shows the Bear line, not the Crown line"),
               (Line.CROWN, Line.BEAR): N_("the card shows the Crown line, not the Bear line")}
_OVERLAY_CAPTION = N_(
    "Tinted: the districts the round's line passes through. Haloed: its stations in the best "
    "district (dashed outline). +10: connected start stations. Interchanges show their points "
    "(S-Bahn ×2). Hover a score-sheet box to see one term.")


class BerlinRuleset(Ruleset):
    """Next Station: Berlin: two lines a round (Bear and Crown), the Double Switch, Joker +
    S-Bahn, the Effect and Objective modules and the City administration's assessment."""

    name = "berlin"
    title = "Next Station: Berlin"
    deck: ClassVar[tuple[Any, ...]] = BERLIN_DECK
    count_names: ClassVar[tuple[str, ...]] = (Line.BEAR, Line.CROWN)
    modules: ClassVar[tuple[str, ...]] = tuple(Module)

    def __init__(self) -> None:
        self._slot_cache: dict[tuple[Any, bool, Card], tuple[Slot, ...]] = {}

    @property
    def line_ids(self) -> tuple[str, ...]:
        """Bear and Crown."""
        return ("bear", "crown")

    def line_key(self, line: int) -> Line:
        """The :class:`Line` of index ``line``."""
        return LINES[line]

    def line_value(self, line: int) -> Line:
        """Berlin moves always name their line."""
        return LINES[line]

    def parse_card(self, text: object) -> Card:
        """``"bear square"``, ``"crown joker"``, ``"double switch"``."""
        return Card.parse(text)  # type: ignore[arg-type]  # parse refuses non-text clearly

    # ------------------------------------------------------------------ setup
    def deal_options(
        self, game_map: GameMap, rng: random.Random, modules: frozenset[str],
        choices: dict[str, Any],
    ) -> dict[str, tuple[str, ...]]:
        """Deal the Effect cards (one per round) and the 2 Objective cards."""
        refuse_unknown_choices("Berlin", choices, ("effects", "objectives"))
        effects, objectives = choices.get("effects"), choices.get("objectives")
        deal: tuple[Effect, ...] = ()
        if Module.EFFECTS in modules:
            deal = (tuple(card_ids(Effect, effects, "effects")) if effects is not None
                    else _deal_effects(rng, self.rounds))
            if len(deal) != self.rounds or len(set(deal)) != self.rounds:
                raise ValueError(f"effects must be {self.rounds} different Effect cards, "
                                 "one per round")
            if deal[0] is Effect.DOUBLE_TRACKS:
                raise ValueError("Double tracks cannot be the effect of round 1")
        elif effects:
            raise ValueError("effects given without the 'effects' module")
        objs = deal_objectives(Objective, objectives, rng, Module.OBJECTIVES in modules,
                               "Objective cards")
        return {"effects": deal, "objectives": objs}

    # ------------------------------------------------------------------ turns
    def new_round_state(self, setup: GameSetup, round_index: int) -> BerlinRoundState:
        """Fresh flags: the Double Switch has not come back yet."""
        return BerlinRoundState()

    def open_turn(
        self, game: GameView, state: BerlinRoundState, take: Callable[[str], Any],
        counts: tuple[int, ...],
    ) -> TurnOpening:
        """One card (or the Glimpse preview); the Double Switch brings its symbol card and
        opens both lines from any of their stations."""
        first: Card = game.preview if game.preview is not None else take("the turn's card")
        turn_cards: tuple[Card, ...] = (first,)
        if first.is_double_switch:
            turn_cards = (first, take("the Double Switch's symbol card"))
        new_counts = list(counts)
        for card in turn_cards:
            if card.line is not None:
                new_counts[_LINE_INDEX[card.line]] += 1
        last = max(new_counts) >= CARDS_PER_LINE
        effect = game.effect
        preview = None
        if effect is Effect.GLIMPSE and not last:
            preview = take("the next turn's card (Glimpse into the future)")
        if (first.is_double_switch and effect is Effect.RECURRING_DOUBLE_SWITCH
                and not state.ds_returned):
            state.ds_back_pending = True
        return TurnOpening(turn_cards, tuple(new_counts), last, preview,
                           self._slots(game, first, turn_cards[-1]))

    def _slots(self, game: GameView, first: Card, symbol_card: Card) -> tuple[Slot, ...]:
        """The slots a turn opens (cached: they depend only on the map and the cards)."""
        key = (game.map, first.is_double_switch, symbol_card)
        slots = self._slot_cache.get(key)
        if slots is None:
            targets = symbol_targets(game.map, symbol_card)
            wants = card_wants(symbol_card)
            if first.is_double_switch:
                slots = tuple(Slot(li, True, targets, wants, symbol_card.joker)
                              for li in (0, 1))
            else:
                assert first.line is not None
                slots = (Slot(_LINE_INDEX[first.line], False, targets, wants,
                              symbol_card.joker),)
            self._slot_cache[key] = slots
        return slots

    def after_turn(self, game: GameView, state: BerlinRoundState, deck: Deck) -> None:
        """Recurring Double Switch: shuffle it back once, unless the round ends."""
        if state.ds_back_pending:
            state.ds_back_pending = False
            state.ds_returned = True
            if not game.is_last_turn:
                deck.put_back(DOUBLE_SWITCH)

    def allows_parallel(self, game: GameView) -> bool:
        """Double tracks: one parallel track beside another colour's."""
        return game.effect is Effect.DOUBLE_TRACKS

    def line_name(self, sheet: Sheet, line: int) -> str:
        """``"your Bear line"`` or, once joined, ``"your joined green line"`` (message ids)."""
        if sheet.joined:
            return your_joined_line(sheet.pencil)
        return _YOUR_LINE[LINES[line]]

    def wrong_line(self, game: GameView, player: int, line: int) -> Illegality:
        """The card is for the other line, or this Double Switch slot is used."""
        t = game.translator
        first = game.cards[0]
        if first.is_double_switch:
            return Illegality(Reason.SLOT_USED, t.gettext(_SLOT_USED[LINES[line]]))
        message = _WRONG_LINE.get((first.line, LINES[line]))
        if message is None:  # not reached: the card's own line always has its slot
            message = (f"the card shows the {first.line.display_name} line, not the "
                       f"{LINES[line].display_name} line")
        return Illegality(Reason.WRONG_LINE, t.gettext(message))

    # ------------------------------------------------------------------ scoring
    def score_round(self, game: GameView, player: int, state: BerlinRoundState) -> RoundScore:
        """Districts x best district's stations (+10 when connected), with the effect."""
        sheet = game.sheets[player]
        round_index = game.round - 1
        lines = sheet.finish_round(round_index)
        return score_round(game.map, round_index, sheet.pencil, lines, game.effect)

    def score_sheet(self, game: GameView, player: int) -> ScoreSheet:
        """Rounds + interchanges (S-Bahn stations count twice) + objectives."""
        sheet = game.sheets[player]
        rounds = tuple(sheet.round_scores)
        colour_masks = list(sheet.colour_stations.values())
        tiers = score_interchanges(game.map, colour_masks, sheet.sbahn)
        lines = list(sheet.round_lines)
        if not game.is_over:  # the current round's lines count too, as they stand
            lines += sheet.current_lines(game.round - 1)
        objectives = score_objectives([Objective(o) for o in game.setup.objectives], game.map,
                                      colour_masks, sheet.sbahn, lines)
        modules = game.setup.modules & {Module.EFFECTS, Module.OBJECTIVES}
        solo_end = game.is_over and game.players == 1
        return assemble_score_sheet(
            player, game.setup.names[player], rounds, tiers, objectives, game.is_over,
            assess=(lambda total: assess(total, modules)) if solo_end else None,
        )

    def solo_handicap(self, modules: frozenset[str]) -> int:
        """10 for the objectives, 25 for the effects."""
        return handicap(modules)

    # ------------------------------------------------------------------ playouts
    def playout_rules(self, game: GameView) -> BerlinPlayoutRules:
        """These rules vectorised for :class:`~nsb_widget.rules.playouts.Playouts` (every
        module is covered)."""
        return BerlinPlayoutRules(game, self._slots)

    # ------------------------------------------------------------------ front end
    def describe(self, game: GameView) -> dict[str, Any]:
        """Berlin's look and vocabulary for the front end, in the game's language."""
        setup = game.setup
        t = game.translator
        gettext = t.gettext
        return {
            "name": self.name,
            "title": self.title,
            "lines": [{"id": line.value, "name": gettext(line.display_name)} for line in LINES],
            "count_names": [str(c) for c in self.count_names],
            "count_labels": {"bear": gettext(Line.BEAR.display_name),
                             "crown": gettext(Line.CROWN.display_name)},
            "cards_per_round_end": CARDS_PER_LINE,
            "deck": [str(c) for c in self.deck],
            "switch_name": t("Double Switch"),
            "circle_name": t("S-Bahn"),
            "powers": [],
            "tracks": [],
            "bonus_labels": {"connected": gettext(CONNECTED_LABEL)},
            "bonus_short": {"connected": "+10"},
            "joker_label": t("Joker + S-Bahn"),
            "joker_mark": "S",
            "assessment_title": t("The City administration's assessment"),
            "overlay_caption": gettext(_OVERLAY_CAPTION),
            "assessment": [{"min": low, "band": band} for low, band, _ in BANDS],
            "effects": [{"round": i + 1, "id": e.value, "title": gettext(e.display_name),
                         "text": gettext(e.text)}
                        for i, e in enumerate(Effect(x) for x in setup.effects)],
            "objectives": [{"id": o.value, "text": gettext(o.text)}
                           for o in (Objective(x) for x in setup.objectives)],
        }


def _deal_effects(rng: random.Random, rounds: int) -> tuple[Effect, ...]:
    """Shuffle the 5 Effect cards, deal 4; Double tracks in round 1 swaps with a random other."""
    cards = list(Effect)
    rng.shuffle(cards)
    deal = cards[:rounds]
    if deal[0] is Effect.DOUBLE_TRACKS:
        k = rng.randrange(1, rounds)
        deal[0], deal[k] = deal[k], deal[0]
    return tuple(deal)
