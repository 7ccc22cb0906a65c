"""The contract between the generic game driver and a game's rules, and the registry.

A :class:`Ruleset` owns what differs between *Next Station* cities: its cards and deck, how a
reveal opens a turn (which lines may be drawn, from where, to which symbols), when a round
ends, the round and final scoring, its modules and powers, the solo assessment, and a
description of itself for the front end. :class:`~nsb_widget.rules.game.Game` drives any
ruleset: phases, players, the action log, replay, undo and events; it passes itself to the
hooks, which see it as a :class:`~nsb_widget.rules.view.GameView`.

Rulesets are found by the ``ruleset`` name a map file carries (:func:`get_ruleset`), the way
python-chess finds a variant by name.
"""

from __future__ import annotations

import enum
import importlib
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ..errors import MapError, Problem, UnknownNameError, did_you_mean, quote, unknown_keywords
from .gamesetup import NEW_KEYWORDS
from .reasons import Illegality
from .turn import Slot as Slot
from .turn import TurnOpening as TurnOpening

if TYPE_CHECKING:
    from ..maps.model import GameMap
    from ..scoring.model import RoundScore, ScoreSheet
    from .deck import Deck
    from .gamesetup import GameSetup
    from .playout_rules import PlayoutRules
    from .sheet import Sheet
    from .view import GameView


EnumT = TypeVar("EnumT", bound=enum.Enum)


class Ruleset(ABC):
    """A city's rules. Subclasses fill in the class facts and the hooks below."""

    name: ClassVar[str]
    """Registry key, the ``ruleset`` of map files (``"berlin"``)."""
    title: ClassVar[str]
    """The game's name for people."""
    rounds: ClassVar[int] = 4
    """Rounds in a game (one per pencil)."""
    deck: ClassVar[tuple[Any, ...]]
    """Every card of a round's stack."""
    count_names: ClassVar[tuple[str, ...]]
    """The kinds of card counted toward the round's end (``("bear", "crown")``)."""
    modules: ClassVar[tuple[str, ...]] = ()
    """The advanced modules this ruleset knows."""
    scores_river: ClassVar[bool] = False
    """True when a section crossing the map's river scores (London's Thames)."""

    # ------------------------------------------------------------------ facts
    @property
    @abstractmethod
    def line_ids(self) -> tuple[str, ...]:
        """The ids of a round's lines (``("bear", "crown")``, ``("line",)``)."""

    def line_key(self, line: int) -> Any:
        """The line as :meth:`Game.open_lines` names it (its id by default)."""
        return self.line_ids[line]

    def line_value(self, line: int) -> Any:
        """What a :class:`~nsb_widget.rules.moves.Move` carries as its line (``None`` where a
        round has a single line)."""
        return None if len(self.line_ids) == 1 else self.line_ids[line]

    def check_map(self, game_map: GameMap) -> list[Problem]:
        """Problems that make ``game_map`` unplayable with these rules. By default: the map's
        lines must be :attr:`line_ids`, it must have one pencil per round, and each pencil a
        start station for each line. A ruleset needing more extends this list."""
        problems = []
        if tuple(game_map.lines) != self.line_ids:
            problems.append(Problem("lines", f"the {self.title} rules draw the lines "
                                             f"{', '.join(self.line_ids)}, not "
                                             f"{', '.join(game_map.lines)}"))
        if len(game_map.pencils) != self.rounds:
            problems.append(Problem("pencils", f"the {self.title} rules need {self.rounds} "
                                               f"pencils, found {len(game_map.pencils)}"))
        for pencil in game_map.pencils:  # the loader checks it; a GameMap built by hand may not
            for line in self.line_ids:
                try:
                    game_map.start_station(pencil.id, line)
                except KeyError:
                    problems.append(Problem("stations", f"no start station for the {pencil.id} "
                                                        f"{line} line"))
        return problems

    def module(self, name: object) -> str:
        """The module called ``name``; raises :class:`~nsb_widget.errors.UnknownNameError` (a
        :class:`ValueError`) naming the known ones."""
        if isinstance(name, str):
            text = str.__str__(name)  # plain text: a subclass's == is not asked
            for module in self.modules:
                if text == module:
                    return module
        names = [str(m) for m in self.modules]
        hint = did_you_mean(name, names)
        if isinstance(name, str) and "," in name and len(name) <= 200:
            parts = [part.strip() for part in str.__str__(name).split(",")]
            if all(part in names for part in parts):  # the command line's form
                hint = f"; several modules are a list: modules={parts!r}"
        raise UnknownNameError(f"unknown module {quote(name)}: the {self.title} rules know "
                               f"{', '.join(names) or 'none'}{hint}")

    @abstractmethod
    def parse_card(self, text: object) -> Any:
        """Read a card from its text form (one of the ruleset's cards passes through); raises
        :class:`~nsb_widget.errors.NotationError`.

        A card is a hashable value whose ``str()`` is that text form, with ``kind`` (the name in
        :attr:`count_names` it counts as, or another kind such as ``"double_switch"``),
        ``symbol`` (a :class:`~nsb_widget.maps.Symbol` or ``None``) and ``joker``.
        """

    @abstractmethod
    def describe(self, game: GameView) -> dict[str, Any]:
        """What a front end needs to draw this game (cards, terms, powers), as JSON data."""

    # ------------------------------------------------------------------ setup
    @abstractmethod
    def deal_options(
        self, game_map: GameMap, rng: random.Random, modules: frozenset[str],
        choices: dict[str, Any],
    ) -> dict[str, tuple[str, ...]]:
        """Check the chosen module cards (``choices``) and deal the rest from ``rng``.

        Returns the setup fields (``effects``, ``objectives``, ``powers``) as tuples of ids.
        Raises :class:`ValueError` naming the first bad choice.
        """

    def start_game(self, sheet: Sheet, setup: GameSetup) -> None:
        """Prepare a fresh sheet before the first round (nothing by default)."""
        return

    # ------------------------------------------------------------------ turns
    @abstractmethod
    def new_round_state(self, setup: GameSetup, round_index: int) -> Any:
        """The ruleset's own flags for a new round (must have a ``copy()`` method)."""

    @abstractmethod
    def open_turn(
        self, game: GameView, state: Any, take: Callable[[str], Any], counts: tuple[int, ...]
    ) -> TurnOpening:
        """Reveal a turn: take its card(s) with ``take(purpose)``; may update ``state``
        (a copy, committed only when the whole reveal succeeds)."""

    def after_turn(self, game: GameView, state: Any, deck: Deck) -> None:
        """Called when every player has finished the turn, before the round may end; may put
        cards back into ``deck``."""
        return

    def allows_parallel(self, game: GameView) -> bool:
        """True when a track may run beside another colour's (Berlin's Double tracks)."""
        return False

    def follow_up(self, game: GameView, player: int, slot: Slot, target: int) -> tuple[Slot, ...]:
        """Sections a draw adds to the player's turn (London's double power)."""
        return ()

    @abstractmethod
    def line_name(self, sheet: Sheet, line: int) -> str:
        """``"your Bear line"``, ``"your joined green line"``, ``"your line"``: in English, as
        a message id (the driver shows it translated when the catalogues have it)."""

    def wrong_line(self, game: GameView, player: int, line: int) -> Illegality:
        """Why a section may not be drawn for ``line`` this turn (in the game's language)."""
        from .reasons import Reason

        t = game.translator
        return Illegality(Reason.WRONG_LINE, t("this turn draws no section for line {line}",
                                               line=self.line_ids[line]))

    # ------------------------------------------------------------------ powers
    def power_of(self, game: GameView, pencil: str) -> str | None:
        """The power the holder of ``pencil`` may use (``None``: no power)."""
        return None

    def check_power(
        self, game: GameView, player: int, power: str, station: int | None
    ) -> Illegality | Callable[[], None]:
        """Why ``player`` may not use ``power`` now (in the game's language), or a function
        that applies it."""
        from .reasons import Reason

        t = game.translator
        return Illegality(Reason.NO_POWER, t("the {rules} rules have no pencil powers",
                                             rules=self.title))

    # ------------------------------------------------------------------ scoring
    @abstractmethod
    def score_round(self, game: GameView, player: int, state: Any) -> RoundScore:
        """Record and score the round that just ended on the player's sheet (call
        ``sheet.finish_round``)."""

    def solo_handicap(self, modules: frozenset[str]) -> int:
        """Points taken off a solo score before reading the assessment table."""
        return 0

    @abstractmethod
    def score_sheet(self, game: GameView, player: int) -> ScoreSheet:
        """The player's whole score sheet, final once the game is over."""

    # ------------------------------------------------------------------ playouts
    def playout_rules(self, game: GameView) -> PlayoutRules | None:
        """These rules for ``nsb_widget.rules.playouts.Playouts`` (fast vectorised playouts
        of ``game``, see ``docs/playouts.md``): a ``PlayoutRules`` with the ruleset's cards,
        slots, round end and scoring on numpy arrays; ``None`` (the default) when there are
        none for the game's modules, and a bot then plays through the driver."""
        return None


#: The built-in rulesets: name -> ``"module:Class"``, imported on first use.
BUILTIN_RULESETS: dict[str, str] = {
    "berlin": "nsb_widget.rulesets.berlin:BerlinRuleset",
    "london": "nsb_widget.rulesets.london:LondonRuleset",
}
_LOADED: dict[str, Ruleset] = {}


def register_ruleset(ruleset: Ruleset) -> None:
    """Make ``ruleset`` available to maps whose ``ruleset`` is ``ruleset.name``."""
    _LOADED[ruleset.name] = ruleset


def known_rulesets() -> list[str]:
    """Names of every ruleset a map may ask for."""
    return sorted(set(BUILTIN_RULESETS) | set(_LOADED))


def get_ruleset(name: str) -> Ruleset:
    """The ruleset registered as ``name``; raises :class:`~nsb_widget.errors.UnknownNameError`
    (a :class:`KeyError`) naming the known ones."""
    key = str.__str__(name) if isinstance(name, str) else None  # plain text, whatever subclass
    found = _LOADED.get(key) if key is not None else None
    if found is not None:
        return found
    path = BUILTIN_RULESETS.get(key) if key is not None else None
    if key is None or path is None:
        known = known_rulesets()
        hint = (f" (names are lower case: {key.lower()!r})"
                if key is not None and key.lower() in known else "")
        raise UnknownNameError(f"unknown ruleset {quote(name)}{hint}; known rulesets: "
                               f"{', '.join(known)}")
    module, _, cls = path.partition(":")
    ruleset: Ruleset = getattr(importlib.import_module(module), cls)()
    _LOADED[key] = ruleset
    return ruleset


def ruleset_for(game_map: GameMap) -> Ruleset:
    """The ruleset ``game_map`` asks for, checked against the map.

    Raises :class:`~nsb_widget.errors.MapError` when the ruleset is unknown or the map lacks
    what the rules need.
    """
    source = quote(game_map.source.get("id", game_map.id) if game_map.source else game_map.id)
    try:
        ruleset = get_ruleset(game_map.ruleset)
    except KeyError as exc:  # MapError says "invalid map 'id': ..."
        raise MapError(source, [Problem("ruleset", str(exc.args[0]))]) from None
    problems = ruleset.check_map(game_map)
    if problems:
        raise MapError(source, problems)
    return ruleset


def symbol_targets(game_map: GameMap, card: Any) -> int:
    """The stations a card's symbol lets a section reach: every station for a Joker, else
    the stations of its symbol (the central "any" stations included)."""
    if card.joker:
        return game_map.every_station
    assert card.symbol is not None
    targets: int = game_map.symbol_mask[card.symbol]
    return targets


def refuse_unknown_choices(city: str, choices: Mapping[str, object],
                           known: tuple[str, ...]) -> None:
    """Raise :class:`ValueError` for keywords of :meth:`Game.new` that are neither its own
    nor module cards of ``city``'s rules (``known``): ``"the Berlin rules take no player
    (did you mean 'players'?)"``."""
    unknown = set(choices) - set(known)
    if unknown:
        raise ValueError(f"the {city} rules take no "
                         f"{unknown_keywords(unknown, (*NEW_KEYWORDS, *known))}")


def card_ids(kind: type[EnumT], chosen: object, what: str) -> list[EnumT]:
    """The module cards named by a list of ids (``kind``: the cards' enum, whose values are
    the ids); raises :class:`ValueError` naming ``what`` when ``chosen`` is not a list of
    text, and :class:`~nsb_widget.errors.UnknownNameError` naming the valid ids (and the
    closest) for an id that is none of them."""
    if not isinstance(chosen, list | tuple):
        raise ValueError(f"{what} must be a list of card ids")
    cards = []
    for c in chosen:
        if not isinstance(c, str):
            raise ValueError(f"{what} must be a list of card ids (text), not {quote(c)}")
        text = str.__str__(c)  # plain text, whatever subclass
        try:
            cards.append(kind(text))
        except ValueError:
            ids = [str(card.value) for card in kind]
            raise UnknownNameError(f"{what}: {quote(text)} is not a card id"
                                   f"{did_you_mean(text, ids)}; the ids are "
                                   f"{', '.join(ids)}") from None
    return cards


def deal_objectives(
    kind: type[EnumT], chosen: object, rng: random.Random, in_play: bool, label: str
) -> tuple[EnumT, ...]:
    """The 2 objective cards of a game: ``chosen`` (ids) or 2 dealt from ``rng``; none when
    the objectives module is not ``in_play``. ``label`` names the cards in messages."""
    if not in_play:
        if chosen:
            raise ValueError("objectives given without the 'objectives' module")
        return ()
    objs = (tuple(rng.sample(list(kind), 2)) if chosen is None
            else tuple(card_ids(kind, chosen, "objectives")))
    if len(objs) != 2 or len(set(objs)) != 2:
        raise ValueError(f"objectives must be 2 different {label}")
    return objs
