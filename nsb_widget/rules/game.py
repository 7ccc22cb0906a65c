"""The game driver: phases, players, the action log, replay, undo and events, for any ruleset.

A game is its :class:`~nsb_widget.rules.gamesetup.GameSetup` plus its action log: chance is
explicit (``reveal`` takes cards off a seeded stack, or the cards named in scenario mode), so
replaying the log rebuilds the game exactly. Every method that changes the game checks everything
first and leaves the game untouched when it raises. What differs between cities (cards, what a
turn allows, scoring, powers) is asked of the game's :class:`~nsb_widget.rules.ruleset.Ruleset`.

Two layers share one set of rules: the checked API (``play("C4-D5")``, with notation, reasons
and events) and the core that a bot or a simulation may drive with plain ints
(:meth:`Game.plans` and :meth:`Game.play_plan`), with no notation and no second validation.
"""

from __future__ import annotations

import os
import random
import sys
import traceback
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

from ..bitset import iter_bits
from ..errors import (
    ArgumentError,
    NotationError,
    PhaseError,
    PlayerError,
    SubscriberWarning,
    move_refused,
    plain_int,
    quote,
    shorten,
)
from ..i18n import Translator, translator
from ..maps import BUILTIN_MAPS, GameMap, get_map
from ..maps.geometry import is_grid_direction
from . import words
from .deck import Deck
from .explain import Explanation, compare_sheets
from .moves import MAX_NOTATION, Action, Draw, Move, Pass, Reveal, UsePower, split_move
from .phase import Phase as Phase  # re-exported: nsb_widget.rules.game.Phase stays
from .reasons import Illegality, Reason
from .ruleset import Ruleset, Slot, ruleset_for
from .setup import GameSetup, make_setup
from .sheet import Sheet

if TYPE_CHECKING:
    from ..scoring.model import RoundScore, ScoreSheet


@dataclass(frozen=True)
class GameEvent:
    """Sent to subscribers after each change of the game."""

    kind: str
    """``"reveal"``, ``"draw"``, ``"pass"``, ``"power"``, ``"undo"``, ``"round_scored"``,
    ``"game_over"``, ``"restart"`` (:meth:`Game.restart` dealt a new game in place) or
    ``"language"`` (:attr:`Game.language` was set: the game is unchanged, its words are not;
    redraw the text)."""
    player: int | None = None
    """The player who acted, when one did."""
    action: Action | None = None
    """The action logged (``None`` for round and game ends)."""
    last: bool = True
    """False when more events of the same change follow (e.g. a draw that ends a round is
    followed by ``round_scored``); redraw on the last one."""


class Plan(NamedTuple):
    """A legal section in plain ints, as :meth:`Game.plans` lists them."""

    slot: int
    """Index into the player's open slots."""
    origin: int
    """Station index it starts from."""
    target: int
    """Station index it leads to."""
    section: int
    """Potential-section index."""


G = TypeVar("G", bound="Game")
#: This package's folder: a warning points at the first caller outside it.
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__))) + os.sep


def _warn_subscriber_failed(callback: Callable[[GameEvent], None], event: GameEvent,
                            error: Exception) -> None:
    """Report a subscriber that raised: a :class:`SubscriberWarning` naming it, the event and
    the error, with the traceback, pointed at the caller's line outside this package."""
    try:
        name = str(getattr(callback, "__qualname__", "")) or quote(callback)
        name = name if len(name) <= 60 else "…" + name[-60:]  # its end names the function
        what = shorten(str(error), 200)
    except Exception:  # a callback or an error that cannot be written about
        name, what = quote(callback), ""
    trace = "".join(traceback.format_exception(error)).rstrip()
    message = (f"a subscriber ({name}) raised {type(error).__name__}"
               f"{': ' + what if what else ''} when told of a {event.kind!r} event; the "
               f"change stands and the game goes on\n{trace}")
    frame, level = sys._getframe(0), 1
    while frame.f_back is not None and frame.f_code.co_filename.startswith(_PACKAGE):
        frame, level = frame.f_back, level + 1
    warnings.warn(SubscriberWarning(message, error, callback, event), stacklevel=level)


def _power_word(power: str) -> str:
    """A power's name as the rules know it: ``" Joker"`` is ``"joker"`` (plain text, in lower
    case, without surrounding spaces), as lines and stations are read."""
    return str.lower(str.__str__(power)).strip()


class Game:
    """A game of *Next Station* (Berlin or London, by its map's ruleset).

    Create one with :meth:`Game.new`. The usual loop (a Double Switch turn has two sections
    to draw, so reveal again only once :meth:`has_finished_turn` says the turn is over):

    >>> game = Game.new(players=1, seed=7)
    >>> while not game.is_over:
    ...     if game.has_finished_turn():
    ...         _ = game.reveal()
    ...     moves = game.legal_moves()
    ...     _ = game.play(moves[0]) if moves else game.pass_turn()
    >>> game.score() == game.score_sheet().total
    True
    """

    _phase: Phase
    _deck: Deck
    _turns: list[tuple[Any, ...]]
    _cards: tuple[Any, ...]
    _preview: Any | None
    _counts: tuple[int, ...]
    _last_turn: bool
    _state: Any
    _opened: tuple[Slot, ...]
    _slots: list[tuple[Slot, ...]]
    _passed: list[bool]
    _parallel: bool
    _t: Translator

    # ------------------------------------------------------------------ construction
    def __init__(self, setup: GameSetup, game_map: GameMap | None = None,
                 ruleset: Ruleset | None = None, *, language: str | None = None) -> None:
        self.map: GameMap = game_map if game_map is not None else get_map(setup.map_id)
        """The sheet's map."""
        if self.map.id != setup.map_id:
            raise ValueError(f"setup is for map {setup.map_id!r}, got map {self.map.id!r}")
        self.ruleset: Ruleset = ruleset if ruleset is not None else ruleset_for(self.map)
        """The rules of the game, chosen by the map's ``ruleset``."""
        self.setup: GameSetup = setup
        """The fixed facts of the game."""
        self.sheets: list[Sheet] = [Sheet(self.map, self.ruleset.line_ids)
                                    for _ in range(setup.players)]
        """One sheet per player (read them, do not change them)."""
        for sheet in self.sheets:
            self.ruleset.start_game(sheet, setup)
        self._log: list[Action] = []
        self._listeners: list[Callable[[GameEvent], None]] = []
        self._t = translator(language)
        self._round = 0
        self._deal_seed: int | None = None
        self._start_round()

    @classmethod
    def new(
        cls: type[G],
        players: int = 1,
        seed: int | None = None,
        *,
        scenario: bool = False,
        map: str | GameMap = "berlin",
        pencils: Sequence[str] | None = None,
        modules: Iterable[str] = (),
        names: Sequence[str] | None = None,
        language: str | None = None,
        power_limit: str = "round",
        **cards: Any,
    ) -> G:
        """Start a game.

        ``map`` picks the sheet, and with it the rules (``"berlin"`` or ``"london"``).
        ``seed`` fixes every shuffle (same seed, same game; a random seed is chosen and kept
        when none is given). ``scenario=True`` instead lets you name each revealed card, to
        rebuild a rulebook example or a game played on paper. ``pencils`` sets the pencil
        order (solo) or the pencils around the table. ``modules`` adds advanced modules, a
        list or one name alone (Berlin: ``"effects"``, ``"objectives"``; London:
        ``"objectives"``, ``"powers"``), whose cards may be fixed by keyword: ``effects=[...]``,
        ``objectives=[...]``, ``powers=[...]`` (one per pencil, in the map's pencil order).
        With London's pencil powers, ``power_limit="game"`` lets each player use a power once
        in the whole game instead of once a round (the English guide's reading; the default
        ``"round"`` is the German help's, see ``docs/rules.md``). ``language`` (``"en"``,
        ``"de"`` or ``"fr"``; default: the environment's locale, else English) is the language
        of every text the game writes for people (:attr:`language`); it changes no rule.
        A keyword it does not take raises :class:`~nsb_widget.errors.ArgumentError` naming
        the closest it does (``player=2``: did you mean ``players``?).
        """
        t = translator(language)  # an unknown language fails before anything is dealt
        if isinstance(map, str):
            game_map = get_map(map)
        elif isinstance(map, GameMap):
            game_map = map
        else:
            raise ArgumentError(f"map is a built-in map's name ({', '.join(BUILTIN_MAPS)}) or a "
                                f"map from load_map(), not {quote(map)}")
        ruleset = ruleset_for(game_map)
        setup = make_setup(game_map, players, seed, ruleset=ruleset, scenario=scenario,
                           pencils=pencils, modules=modules, names=names,
                           power_limit=power_limit, **cards)
        return cls(setup, game_map, ruleset, language=t.language)

    def copy(self: G) -> G:
        """An independent copy of the game (subscribers are not copied). Cheap: no deepcopy."""
        new = type(self).__new__(type(self))
        new.map = self.map
        new.ruleset = self.ruleset
        new.setup = self.setup
        new.sheets = [s.copy() for s in self.sheets]
        new._log = list(self._log)
        new._listeners = []
        new._t = self._t
        new._round = self._round
        new._phase = self._phase
        new._deck = self._deck.copy()
        new._turns = list(self._turns)
        new._cards = self._cards
        new._preview = self._preview
        new._counts = self._counts
        new._last_turn = self._last_turn
        new._state = self._state.copy()
        new._opened = self._opened
        new._slots = list(self._slots)
        new._passed = list(self._passed)
        new._parallel = self._parallel
        new._deal_seed = self._deal_seed
        return new

    def __getstate__(self) -> dict[str, Any]:
        """What pickles (and what :func:`copy.deepcopy` copies): everything but the
        subscribers, which belong to this process's views. A built-in map travels by its
        name and a translator by its language."""
        state = self.__dict__.copy()
        state["_listeners"] = []
        return state

    def sample_hidden(self: G, rng: random.Random, top: Sequence[Any] = ()) -> G:
        """A copy in which every card no player can see is dealt again from ``rng``: the
        current round's face-down stack (shuffled from its known composition, never its real
        order) and the stacks of the rounds to come. This is what a bot may search over; the
        copy's later reveals need no named cards, even in a scenario game. ``top`` (cards still
        face down) imagines those cards coming next. The copy's log no longer replays from the
        setup: use it for looking ahead, not for saving."""
        new = self.copy()
        new._deck = self._deck.redealt(rng, top)
        new._deal_seed = rng.getrandbits(63)
        return new

    # ------------------------------------------------------------------ reading the state
    @property
    def phase(self) -> Phase:
        """What the game waits for: a reveal, the players' draws, or nothing (over)."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True after the last round has been scored."""
        return self._phase is Phase.OVER

    @property
    def players(self) -> int:
        """Number of players."""
        return self.setup.players

    @property
    def round(self) -> int:
        """Current round, 1 to 4 (4 once the game is over)."""
        return self._round + 1

    @property
    def turn(self) -> int:
        """Turns revealed this round so far (0 before the first reveal)."""
        return len(self._turns)

    @property
    def cards(self) -> tuple[Any, ...]:
        """The cards of the current turn: one card, or a switch and its symbol card."""
        return self._cards

    @property
    def symbol_card(self) -> Any | None:
        """The card whose symbol this turn's sections must reach."""
        return self._cards[-1] if self._cards else None

    @property
    def is_double_switch(self) -> bool:
        """True in a switch turn: sections may start at any station of the line (Berlin's
        Double Switch; London's Railroad Switch from the 3rd turn on)."""
        return bool(self._opened) and self._opened[0].anywhere and self._phase is Phase.DRAW

    @property
    def preview(self) -> Any | None:
        """Berlin's Glimpse into the future: the next turn's card, already shown."""
        return self._preview

    @property
    def is_last_turn(self) -> bool:
        """True once the card that ends the round is out: the round ends after this turn."""
        return self._last_turn

    @property
    def round_turns(self) -> tuple[tuple[Any, ...], ...]:
        """Every turn's cards this round, in order."""
        return tuple(self._turns)

    @property
    def line_cards_revealed(self) -> dict[str, int]:
        """How many cards of each counted kind are out this round (Berlin: Bear and Crown,
        London: underground and street); the round ends when one reaches 5."""
        return dict(zip(self.ruleset.count_names, self._counts, strict=True))

    @property
    def stack(self) -> tuple[Any, ...]:
        """The cards still face down this round, in deck order (their order stays secret)."""
        return tuple(self._deck.remaining)

    @property
    def effect(self) -> Any | None:
        """Berlin's round effect of the current round (effects module), else ``None``."""
        return self.setup.effects[self._round] if self.setup.effects else None

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order: the game is its setup plus this log."""
        return tuple(self._log)

    @property
    def round_state(self) -> Any:
        """The ruleset's own flags for this round (read them, do not change them)."""
        return self._state

    @property
    def language(self) -> str:
        """The language of the game's texts for people (``"en"``, ``"de"`` or ``"fr"``): the
        reasons a move is illegal, the score sheet's labels, the solo assessment,
        :meth:`explain` and hints. Presentation only: no rule or score depends on it; copies,
        :meth:`restart` and :meth:`undo` keep it.

        Setting it (``game.language = "fr"``; ``None`` for the environment's locale) sends a
        ``"language"`` :class:`GameEvent`; an unknown language raises
        :class:`~nsb_widget.errors.ArgumentError` and changes nothing."""
        return self._t.language

    @language.setter
    def language(self, language: str | None) -> None:
        self._t = translator(language)
        self._emit_all([GameEvent("language")])

    @property
    def translator(self) -> Translator:
        """The :class:`~nsb_widget.i18n.Translator` of the game's :attr:`language` (the
        engine's messages): ``game.translator("Total")``."""
        return self._t

    def player_name(self, player: int = 0) -> str:
        """The player's name for people: the name given to :meth:`new`, or "Player 2" in the
        game's language."""
        player = self.check_player(player)
        return self._name(player)

    def pencil(self, player: int = 0, round_number: int | None = None) -> str:
        """The pencil a player holds in a round (1-4; default the current round)."""
        player = self.check_player(player)
        rounds = self.ruleset.rounds
        round_number = plain_int(round_number)  # type: ignore[assignment]  # checked below
        if round_number is None:
            r = self._round
        elif isinstance(round_number, int) and not isinstance(round_number, bool):
            r = round_number - 1
        else:
            r = -1
        if not 0 <= r < rounds:
            raise ArgumentError(f"round_number must be 1 to {rounds}, not {quote(round_number)}")
        return self.setup.pencil_of(player, r)

    def waiting_for(self) -> list[int]:
        """Players who have still to draw or pass this turn."""
        if self._phase is not Phase.DRAW:
            return []
        return [p for p in range(self.players) if not self._is_done(p)]

    def has_finished_turn(self, player: int = 0) -> bool:
        """True when the player has drawn or passed for the current card."""
        player = self.check_player(player)
        return self._phase is not Phase.DRAW or self._passed[player] or not self._slots[player]

    def open_lines(self, player: int = 0) -> tuple[Any, ...]:
        """The lines the player may still draw for this turn (two with a Double Switch)."""
        player = self.check_player(player)
        if self._phase is not Phase.DRAW or self._passed[player]:
            return ()
        key = self.ruleset.line_key
        seen: list[Any] = []
        for slot in self._slots[player]:
            if key(slot.line) not in seen:
                seen.append(key(slot.line))
        return tuple(seen)

    def lines_joined(self, player: int = 0) -> bool:
        """True once the player's start stations of this round are connected."""
        player = self.check_player(player)
        return self.sheets[player].joined

    def line_stations(self, line: str | None = None, player: int = 0) -> list[str]:
        """Labels of the stations of a line this round (the joined line once joined)."""
        sheet = self.sheets[self.check_player(player)]
        return self._labels(sheet.members(self._line_index(line)))

    def line_ends(self, line: str | None = None, player: int = 0) -> list[str]:
        """Labels of the ends a line may be extended from this round."""
        sheet = self.sheets[self.check_player(player)]
        return self._labels(sheet.ends(self._line_index(line)))

    def sbahn_stations(self, player: int = 0) -> list[str]:
        """Labels of the player's circled S-Bahn stations (Berlin)."""
        return self._labels(self.sheets[self.check_player(player)].sbahn)

    def circled_stations(self, player: int = 0) -> list[str]:
        """Labels of the stations the player circled with a pencil power (London)."""
        return self._labels(self.sheets[self.check_player(player)].circled)

    # ------------------------------------------------------------------ the core (plain ints)
    def slots(self, player: int = 0) -> tuple[Slot, ...]:
        """The sections the player may still draw this turn, as the ruleset opened them."""
        if type(player) is not int or not 0 <= player < self.setup.players:
            player = self.check_player(player)  # -1 is no one, not the last player
        if self._phase is not Phase.DRAW or self._passed[player]:
            return ()
        return self._slots[player]

    @property
    def turn_slots(self) -> tuple[Slot, ...]:
        """The sections the current turn's reveal opened, before any player drew."""
        return self._opened

    def set_slots(self, player: int, slots: tuple[Slot, ...]) -> None:
        """Replace the player's open slots (for rulesets: a power changing a turn)."""
        self._slots[player] = slots

    def plans(self, player: int = 0) -> list[Plan]:
        """Every legal section as plain ints; the same set, in the same order, as
        :meth:`legal_moves`. A player the game does not have raises
        :class:`~nsb_widget.errors.PhaseError` (``-1`` is no one, not the last player)."""
        if type(player) is not int or not 0 <= player < self.setup.players:
            player = self.check_player(player)
        if self._phase is not Phase.DRAW or self._passed[player]:
            return []
        sheet = self.sheets[player]
        neighbours = self.map.neighbour_bits
        if self._parallel:
            allowed = ~sheet.blocked & ~sheet.doubled
        else:
            allowed = ~sheet.blocked & ~sheet.drawn
        new_plan = tuple.__new__
        comp, cm = sheet.comp, sheet.cm
        out: list[Plan] = []
        for k, slot in enumerate(self._slots[player]):
            c = comp[slot.line]
            members = cm[c]
            origins = members if slot.anywhere else sheet.ce[c]
            targets = slot.targets & ~members
            while origins:
                low = origins & -origins
                origins ^= low
                o = low.bit_length() - 1
                for t, s, tbit, sbit in neighbours[o]:
                    if targets & tbit and allowed & sbit:
                        out.append(new_plan(Plan, (k, o, t, s)))
        return out

    def is_plan(self, plan: object, player: int = 0) -> bool:
        """True when ``plan`` is one of :meth:`plans` now (a :class:`Plan` of ``int`` fields),
        found without listing them: how a bot's answer is checked before
        :meth:`play_plan`. Never raises."""
        if type(player) is not int:
            player = plain_int(player)  # type: ignore[assignment]  # checked below
        if (type(plan) is not Plan or not self._is_player(player)
                or self._phase is not Phase.DRAW or self._passed[player]):
            return False
        k, o, t, s = plan
        if not type(k) is type(o) is type(t) is type(s) is int or min(plan) < 0:
            return False
        slots = self._slots[player]
        if k >= len(slots) or o >= len(self.map.stations):
            return False
        slot, sheet = slots[k], self.sheets[player]
        c = sheet.comp[slot.line]
        members = sheet.cm[c]
        origins = members if slot.anywhere else sheet.ce[c]
        if self._parallel:
            allowed = ~sheet.blocked & ~sheet.doubled
        else:
            allowed = ~sheet.blocked & ~sheet.drawn
        return bool(origins >> o & 1 and (slot.targets & ~members) >> t & 1
                    and allowed >> s & 1 and self.map.section_index.get((o, t)) == s)

    def play_plan(self, plan: Plan, player: int = 0) -> None:
        """Draw a section listed by :meth:`plans` *now* (not checked again: for bots and
        simulations; :meth:`is_plan` checks one). Logged, replayed and undone like
        :meth:`play`. A plan from another game, player or position draws whatever its
        numbers say and corrupts the game: use the checked :meth:`play` unless the plan
        comes from :meth:`plans` of this very moment."""
        if type(player) is not int or not 0 <= player < self.setup.players:
            player = self.check_player(player)
        slot = self._slots[player][plan.slot]
        line = self.ruleset.line_value(slot.line)
        labels = self.map.labels
        self._commit_draw(player, slot, plan.slot, plan.origin, plan.target, plan.section,
                          Move(line, labels[plan.origin], labels[plan.target]))

    # ------------------------------------------------------------------ moves
    def legal_moves(self, player: int = 0) -> list[Move]:
        """Every section the player may draw now (empty when they cannot draw)."""
        player = self.check_player(player)
        if self._phase is not Phase.DRAW:
            return []
        labels = self.map.labels
        value = self.ruleset.line_value
        slots = self._slots[player]
        return [Move(value(slots[p.slot].line), labels[p.origin], labels[p.target])
                for p in self.plans(player)]

    def why_illegal(self, move: Move | str, player: int = 0) -> Illegality | None:
        """``None`` if the move is legal now, else why not. Never raises for a bad move.

        >>> game = Game.new(scenario=True, pencils=["green", "pink", "blue", "brown"])
        >>> game.reveal("bear square")
        (Card('bear square'),)
        >>> game.why_illegal("bear E1-G3") is None
        True
        >>> why = game.why_illegal("bear E1-F1")
        >>> why.reason, why.message
        (<Reason.WRONG_SYMBOL: 'wrong_symbol'>, 'the card shows a square; F1 is a circle')
        """
        if type(player) is not int:
            player = plain_int(player)  # type: ignore[assignment]  # checked below
        if not self._is_player(player):
            return Illegality(Reason.NO_SUCH_PLAYER, self._no_player(player))
        try:
            parsed = self._coerce_move(move, player)
        except NotationError as exc:
            return Illegality(Reason.NOTATION, str(exc))
        problem, _ = self._validate(player, parsed)
        return problem

    def why_unreachable(self, target: str, player: int = 0) -> Illegality | None:
        """Why no section may be drawn to station ``target`` now (``None`` if one may).

        Looks at every station a section could start from (the ends, or with a switch every
        station of the open lines) and reports the most telling reason: the card's symbol
        first, then what blocks the dashed lines that do lead there.
        """
        if type(player) is not int:
            player = plain_int(player)  # type: ignore[assignment]  # checked below
        found = self._station_index(target)
        if isinstance(found, Illegality):
            return found
        target_index = found
        if not self._is_player(player):
            return Illegality(Reason.NO_SUCH_PLAYER, self._no_player(player))
        if self._phase is not Phase.DRAW or self._is_done(player):
            slots: tuple[Slot, ...] = (Slot(0, False, 0, ""),)
        else:
            slots = self._slots[player]
        label = self.map.stations[target_index].label
        sheet = self.sheets[player]
        reasons: list[Illegality] = []
        for slot in slots:
            origins = sheet.members(slot.line) if slot.anywhere else sheet.ends(slot.line)
            candidates = ([o for o in iter_bits(origins) if o != target_index]
                          or iter_bits(origins))
            line = self.ruleset.line_value(slot.line)
            for o in candidates:
                problem, _ = self._validate(player, Move(line, self.map.labels[o], label))
                if problem is None:
                    return None
                reasons.append(problem)
        order = [Reason.GAME_OVER, Reason.NO_CARD, Reason.TURN_DONE, Reason.WRONG_SYMBOL,
                 Reason.LOOP, Reason.SAME_STATION, Reason.CROSSES, Reason.SECTION_TAKEN]
        for reason in order:
            for problem in reasons:
                if problem.reason is reason:
                    return problem
        t = self._t
        if slots[0].anywhere:
            message = t("no dashed line leads from any station of your line to {station} "
                        "without passing another station", station=label)
        else:
            message = t("no dashed line leads from an end of your line ({ends}) to {station} "
                        "without passing another station",
                        ends=", ".join(self._labels(sheet.ends(slots[0].line))), station=label)
        return Illegality(reasons[0].reason if reasons else Reason.NO_SECTION, message)

    def is_legal(self, move: Move | str, player: int = 0) -> bool:
        """True when the move may be played now."""
        return self.why_illegal(move, player) is None

    def parse_move(self, text: str | Move, player: int = 0) -> Move:
        """Read a move; the line word may be left out when the turn leaves one choice."""
        return self._coerce_move(text, plain_int(player))  # type: ignore[arg-type]

    def play(self, move: Move | str, player: int = 0) -> Move:
        """Draw a section. Raises :class:`~nsb_widget.errors.IllegalMoveError` (game unchanged)
        when the rules forbid it; returns the move as played."""
        if type(player) is not int:
            player = plain_int(player)  # type: ignore[assignment]  # checked below
        parsed = self._coerce_move(move, player)
        problem, plan = self._validate(player, parsed)
        if problem is not None:
            raise move_refused(player, parsed, problem, translate=self._t)
        assert plan is not None
        slot = self._slots[player][plan.slot]
        self._commit_draw(player, slot, plan.slot, plan.origin, plan.target, plan.section,
                          parsed)
        return parsed

    def check_player(self, player: int) -> int:
        """``player`` as a plain ``int`` if the game has that player (an integer from 0, numpy's
        ``int64`` from a table too; not a ``bool``), else
        :class:`~nsb_widget.errors.PlayerError` saying which numbers it has."""
        if type(player) is not int:  # (the usual case costs no call: this is a hot path)
            player = plain_int(player)  # type: ignore[assignment]  # checked just below
        if not self._is_player(player):
            raise PlayerError(self._no_player(player))
        return player

    def check_turn(self, player: int = 0) -> None:
        """Raise :class:`~nsb_widget.errors.PhaseError` saying what to do when ``player`` may
        not draw or pass now: the game is over, no card is revealed yet (reveal the next card
        first), or the player has finished this turn. What :meth:`pass_turn` checks first, and
        :func:`~nsb_widget.bots.play_turn` and hints with it."""
        player = self.check_player(player)
        t = self._t
        if self._phase is Phase.OVER:
            raise PhaseError(t("the game is over"))
        if self._phase is Phase.REVEAL:
            raise PhaseError(t("no card is revealed yet: reveal the next card first"))
        if self._is_done(player):
            raise PhaseError(t("{player} has already finished this turn",
                               player=self._name(player)))

    def pass_turn(self, player: int = 0) -> None:
        """Draw nothing (more) for the current card. Raises
        :class:`~nsb_widget.errors.PhaseError` when the player may not (see
        :meth:`check_turn`)."""
        player = self.check_player(player)
        self.check_turn(player)
        self._passed[player] = True
        action = Pass(player)
        self._log.append(action)
        events = self._after_player_action()
        if self._listeners:
            self._emit_all([GameEvent("pass", player, action), *events])

    def reveal(self, *cards: Any) -> tuple[Any, ...]:
        """Turn over the next card(s) for a new turn; returns the cards taken off the stack.

        Seeded games take them off the shuffled stack. Scenario games name them, in the order
        they come off the stack: the card, then a switch's symbol card, then (Berlin's Glimpse
        into the future) the next turn's card.
        """
        if self._phase is Phase.OVER:
            t = self._t
            raise PhaseError(t("the game is over: no more cards to reveal"))
        if self._phase is Phase.DRAW:
            t = self._t
            names = ", ".join(self._name(p) for p in self.waiting_for())
            raise PhaseError(t("cannot reveal yet: waiting for {players} to draw or pass",
                               players=names))
        ruleset = self.ruleset
        if len(cards) > len(ruleset.deck):
            raise PhaseError(f"a reveal takes at most a few cards, not {len(cards)}")
        named = [ruleset.parse_card(c) for c in cards] if cards else []
        # A seeded stack with no card named cannot refuse: work on it directly.
        safe = not named and self._deck.seeded
        deck = self._deck if safe else self._deck.copy()
        taken: list[Any] = []

        def take(purpose: str) -> Any:
            if taken and not named and not deck.seeded:  # a scenario's second card: how
                so_far = ", ".join(repr(str(c)) for c in taken)
                raise PhaseError(f"{purpose}: scenario game: name it in the same call, "
                                 f"after the card before it: reveal({so_far}, ...)")
            try:
                card = deck.take(named.pop(0) if named else None)
            except PhaseError as exc:
                raise PhaseError(f"{purpose}: {exc}") from None
            taken.append(card)
            return card

        state = self._state if safe else self._state.copy()
        opening = ruleset.open_turn(self, state, take, self._counts)
        if named:
            extra = ", ".join(str(c) for c in named)
            raise PhaseError(f"this reveal takes {len(taken)} card(s); not needed: {extra}")
        # Everything checked: commit.
        players = self.setup.players
        self._deck = deck
        self._state = state
        self._cards = opening.cards
        self._preview = opening.preview
        self._turns.append(opening.cards)
        self._counts = opening.counts
        self._last_turn = opening.last
        self._phase = Phase.DRAW
        self._opened = opening.slots
        self._slots = [opening.slots] * players
        self._passed = [False] * players
        action = Reveal(tuple(taken))
        self._log.append(action)
        if self._listeners:
            self._emit_all([GameEvent("reveal", None, action)])
        return action.cards

    # ------------------------------------------------------------------ powers
    def power(self, player: int = 0) -> str | None:
        """The power of the pencil the player holds this round (``None``: no power)."""
        player = self.check_player(player)
        return self.ruleset.power_of(self, self.pencil(player))

    def why_power_illegal(self, power: str, station: str | None = None,
                          player: int = 0) -> Illegality | None:
        """``None`` if the player may use ``power`` now (on ``station``), else why not."""
        if type(player) is not int:
            player = plain_int(player)  # type: ignore[assignment]  # checked below
        result = self._check_power(power, station, player)
        return result if isinstance(result, Illegality) else None

    def power_options(self, player: int = 0) -> list[tuple[str, str | None]]:
        """Every use of a pencil power the player may make now, as ``(power, station)`` pairs
        (``station`` is ``None`` for a power that names none): the choices a bot weighs."""
        player = self.check_player(player)
        held = self.power(player)
        if held is None or self._phase is Phase.OVER:
            return []
        name = str(held)
        if not isinstance(self._check_power(name, None, player), Illegality):
            return [(name, None)]
        sheet = self.sheets[player]
        on_lines = 0
        for line in range(len(sheet.line_ids)):
            on_lines |= sheet.members(line)
        labels = self.map.labels
        return [(name, labels[s]) for s in iter_bits(on_lines)
                if not isinstance(self._check_power(name, labels[s], player), Illegality)]

    def use_power(self, power: str, station: str | None = None, player: int = 0) -> None:
        """Use the power of the pencil the player holds (London's pencil powers module), named
        in any case (``"joker"``, ``"Joker"``).

        Raises :class:`~nsb_widget.errors.IllegalMoveError` (game unchanged) when it may not be
        used now. Logged, replayed and undone like a move.
        """
        if type(player) is not int:
            player = plain_int(player)  # type: ignore[assignment]  # checked below
        result = self._check_power(power, station, player)
        if isinstance(result, Illegality):
            label = f"power {shorten(power) if isinstance(power, str) else quote(power)}"
            if station is not None:
                label += f" {shorten(station) if isinstance(station, str) else quote(station)}"
            raise move_refused(player, label, result, translate=self._t)
        # Checked: ``power`` is text (plain ``str``, whatever subclass was given) and
        # ``station`` a known label, both logged in their canonical form.
        canonical = None if station is None else self.map.station(station).label
        result()
        action = UsePower(player, _power_word(power), canonical)
        self._log.append(action)
        self._emit_all([GameEvent("power", player, action)])

    def _check_power(self, power: str, station: str | None,
                     player: int) -> Illegality | Callable[[], None]:
        if self._phase is Phase.OVER:
            t = self._t
            return Illegality(Reason.GAME_OVER, t("the game is over"))
        if not self._is_player(player):
            return Illegality(Reason.NO_SUCH_PLAYER, self._no_player(player))
        if not isinstance(power, str):
            return Illegality(Reason.NOTATION, f"a power is named by text, not {quote(power)}")
        if len(power) > MAX_NOTATION:
            return Illegality(Reason.NOTATION, f"a power is named by a word like 'joker', not "
                                               f"{len(power)} characters")
        index: int | None = None
        if station is not None:
            found = self._station_index(station)
            if isinstance(found, Illegality):
                return found
            index = found
        return self.ruleset.check_power(self, player, _power_word(power), index)

    # ------------------------------------------------------------------ undo and replay
    def undo(self, player: int | None = None) -> Action:
        """Take back the last action, or with ``player`` that player's last draw, pass or power
        of the current turn. Returns the action taken back."""
        t = self._t
        if type(player) is not int:
            player = plain_int(player)  # type: ignore[assignment]  # checked below
        if player is None:
            if not self._log:
                raise PhaseError(t("nothing to undo"))
            index = len(self._log) - 1
        else:
            index = self._last_turn_action(player)
            if index < 0:
                raise PhaseError(t("{player} has nothing to undo in this turn",
                                   player=self._name(player)))
        removed = self._log[index]
        self._become(type(self).replay(self.setup, self._log[:index] + self._log[index + 1:],
                                       self.map, language=self.language))
        self._emit_all([GameEvent("undo", player, removed)])
        return removed

    def restart(self, seed: int | None = None) -> None:
        """Deal a new game *in place*: same map, players, names and modules, new cards from
        ``seed`` (a random one when ``None``; also after a scenario game). The pencils around
        the table are kept; a solo game's pencil order and the module cards are dealt again.
        Whoever holds this object (a notebook's ``game``, a widget) sees the new game;
        subscribers are kept and get a ``"restart"`` event."""
        setup = self.setup
        fresh = type(self).new(setup.players, seed, map=self.map,
                               pencils=None if setup.players == 1 else setup.pencils,
                               modules=setup.modules, names=setup.names,
                               language=self.language, power_limit=setup.power_limit)
        self._become(fresh)
        self._emit_all([GameEvent("restart")])

    def _become(self, other: Game) -> None:
        """Take over ``other``'s whole state, keeping this game's subscribers and language."""
        listeners, words = self._listeners, self._t
        self.__dict__.update(other.__dict__)
        self._listeners, self._t = listeners, words

    def can_undo(self, player: int) -> bool:
        """True when the player has a draw, pass or power of the current turn to take back."""
        return self._last_turn_action(self.check_player(player)) >= 0

    def _last_turn_action(self, player: int) -> int:
        """Log index of the player's last action since the last reveal, or -1."""
        player = self.check_player(player)
        for i in range(len(self._log) - 1, -1, -1):
            action = self._log[i]
            if isinstance(action, Reveal):
                return -1
            if action.player == player:
                return i
        return -1

    @classmethod
    def replay(
        cls: type[G], setup: GameSetup, actions: Iterable[Action], game_map: GameMap | None = None,
        *, language: str | None = None,
    ) -> G:
        """Rebuild a game from its setup and action log (raises on the first illegal action).
        ``language`` as for :meth:`new`."""
        game = cls(setup, game_map, language=language)
        for action in actions:
            game.apply(action)
        return game

    def apply(self, action: Action) -> None:
        """Perform a logged action (:class:`Reveal`, :class:`Draw`, :class:`Pass` or
        :class:`UsePower`)."""
        if isinstance(action, Reveal):
            self.reveal(*action.cards)
        elif isinstance(action, Draw):
            self.play(action.move, action.player)
        elif isinstance(action, Pass):
            self.pass_turn(action.player)
        elif isinstance(action, UsePower):
            self.use_power(action.power, action.station, action.player)
        else:
            raise ArgumentError(f"not an action: {quote(action)}")

    # ------------------------------------------------------------------ scores
    def round_scores(self, player: int = 0) -> list[RoundScore]:
        """The player's rounds scored so far."""
        return list(self.sheets[self.check_player(player)].round_scores)

    def score_sheet(self, player: int = 0) -> ScoreSheet:
        """The player's score sheet: every term, final once the game is over; its labels and
        the solo assessment in the game's :attr:`language`."""
        return self._localized(self.ruleset.score_sheet(self, self.check_player(player)))

    def explain(self, move: Move | str, player: int = 0) -> Explanation:
        """How every score term would change if ``move`` were drawn now: this round's line
        terms as if the round ended now (districts, stations, Thames, connected start
        stations), the tracks, interchanges and objectives. Raises
        :class:`~nsb_widget.errors.IllegalMoveError` for an illegal move."""
        player = self.check_player(player)
        parsed = self._coerce_move(move, player)
        problem, _ = self._validate(player, parsed)
        if problem is not None:
            raise move_refused(player, parsed, problem, translate=self._t)
        before = self.provisional_score_sheet(player)
        probe = self.copy()
        probe.play(parsed, player)
        if probe.is_over or len(probe.sheets[player].round_scores) >= len(before.rounds):
            after = probe.score_sheet(player)  # the move ended the round: scored
        else:
            after = probe.provisional_score_sheet(player)
        return compare_sheets(parsed, player, before, after, self.translator)

    def provisional_round_score(self, player: int = 0) -> RoundScore | None:
        """The current round as the rules would score it if it ended now (``None`` once the
        game is over). Scored on a copy: the game is not touched."""
        player = self.check_player(player)
        if self._phase is Phase.OVER:
            return None
        probe = self.copy()
        return self.ruleset.score_round(probe, player, probe._state)

    def provisional_score_sheet(self, player: int = 0) -> ScoreSheet:
        """The player's score sheet as it would stand if the current round ended now: the
        live view of a round in play (the final sheet once the game is over)."""
        player = self.check_player(player)
        if self._phase is Phase.OVER:
            return self.score_sheet(player)
        probe = self.copy()
        probe.sheets[player].round_scores.append(
            self.ruleset.score_round(probe, player, probe._state))
        return self._localized(self.ruleset.score_sheet(probe, player))

    def score(self, player: int = 0) -> int:
        """The player's total so far (the final result once the game is over)."""
        return self.ruleset.score_sheet(self, self.check_player(player)).total

    def ranking(self) -> list[list[int]]:
        """Players grouped by place: best total first, ties broken by the best round score;
        players still tied share a place."""
        from ..scoring.ranking import rank

        return rank([self.ruleset.score_sheet(self, p) for p in range(self.players)])

    def _localized(self, sheet: ScoreSheet) -> ScoreSheet:
        """``sheet`` with its words in the game's language (the same sheet in English)."""
        if self._t.language == "en":
            return sheet
        from ..scoring.localize import localize_sheet

        return localize_sheet(sheet, self._t, self._name(sheet.player))

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"round {self.round}, turn {self.turn}, {self.phase}"
        mode = "scenario" if self.setup.scenario else f"seed {self.setup.seed}"
        return f"<Game {self.map.id}, {self.players} player(s), {mode}, {where}>"

    # ------------------------------------------------------------------ events
    def subscribe(self, callback: Callable[[GameEvent], None]) -> Callable[[], None]:
        """Call ``callback(event)`` after every change; returns a function that unsubscribes.

        A callback that raises does not undo the change, nor keep the other subscribers from
        hearing of it: once every subscriber has been told, each failure is reported as a
        :class:`~nsb_widget.errors.SubscriberWarning` (with the traceback), and the call that
        made the change returns as usual. The callback stays subscribed.
        """
        if not callable(callback):
            raise ArgumentError(f"subscribe a function taking a GameEvent, not "
                                f"{quote(callback)}")
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def _emit_all(self, events: list[GameEvent]) -> None:
        """Tell subscribers, once the game is fully updated. The change is made: a subscriber
        that raises is reported (a :class:`SubscriberWarning`) after everyone was told."""
        if not self._listeners:
            return
        failures: list[tuple[Callable[[GameEvent], None], GameEvent, Exception]] = []
        for i, event in enumerate(events):
            if i < len(events) - 1:
                event = GameEvent(event.kind, event.player, event.action, last=False)
            for callback in list(self._listeners):
                try:
                    callback(event)
                except Exception as exc:  # the change stands: the others are told first
                    failures.append((callback, event, exc))
        for callback, event, error in failures:
            _warn_subscriber_failed(callback, event, error)

    # ------------------------------------------------------------------ internals
    def _labels(self, mask: int) -> list[str]:
        labels = self.map.labels
        return [labels[i] for i in iter_bits(mask)]

    def _name(self, player: int) -> str:
        default = f"Player {player + 1}"
        name = self.setup.names[player] if self.setup.names else default
        t = self._t
        return t("Player {number}", number=player + 1) if name == default else name

    def _is_player(self, player: object) -> bool:
        """True when ``player`` is the number of one of the game's players (an ``int``, not a
        ``bool``: ``type(True)`` is ``bool``)."""
        return type(player) is int and 0 <= player < self.setup.players

    def _no_player(self, player: object) -> str:
        """Why ``player`` is not one of the game's players, with the numbers that are (in
        code the players count from 0; the sheets are called "Player 1" and on)."""
        t = self._t
        if self.players == 1:
            return t("no player={player}: a solo game's player is 0",
                     player=quote(player))
        return t("no player={player}: the players are 0 to {last} (0 is Player 1)",
                 player=quote(player), last=self.players - 1)

    def _no_station(self, label: str) -> str:
        """Why ``label`` names no station (``repr`` of a short label, as the map says it)."""
        t = self._t
        return t("no station {label} on the {map} map", label=quote(label),
                 map=words.map_name(t, self.map.title))

    def _station_index(self, label: object) -> int | Illegality:
        """The index of the station named ``label`` (text only), or why there is none."""
        if not isinstance(label, str):
            return Illegality(Reason.NOTATION, f"a station is named by its label, like 'C4', "
                                               f"not {quote(label)}")
        if len(label) > MAX_NOTATION:
            return Illegality(Reason.UNKNOWN_STATION, self._no_station(label))
        try:
            return self.map.station(label).index
        except KeyError:
            return Illegality(Reason.UNKNOWN_STATION, self._no_station(label))

    def _line_index(self, line: object) -> int:
        """The index of the line named ``line``; raises :class:`NotationError`."""
        ids = self.ruleset.line_ids
        if line is None:
            if len(ids) == 1:
                return 0
            raise NotationError(f"name the line: one of {', '.join(ids)}")
        if not isinstance(line, str) or len(line) > MAX_NOTATION:
            raise NotationError(f"unknown line {quote(line)}: the lines are {', '.join(ids)}")
        word = str.lower(line).strip()
        if word not in ids:
            raise NotationError(f"unknown line {quote(line)}: the lines are {', '.join(ids)}")
        return ids.index(word)

    def _is_done(self, player: int) -> bool:
        return self._passed[player] or not self._slots[player]

    def _start_round(self) -> None:
        self._phase = Phase.REVEAL
        seed = self.setup.seed if self._deal_seed is None else self._deal_seed
        self._deck = Deck(self.ruleset.deck, seed, self._round)
        self._turns = []
        self._cards = ()
        self._preview = None
        self._counts = (0,) * len(self.ruleset.count_names)
        self._last_turn = False
        self._state = self.ruleset.new_round_state(self.setup, self._round)
        self._opened = ()
        self._slots = [()] * self.players
        self._passed = [False] * self.players
        self._parallel = self.ruleset.allows_parallel(self)
        for p, sheet in enumerate(self.sheets):
            sheet.start_round(self.setup.pencil_of(p, self._round))

    def _commit_draw(self, player: int, slot: Slot, slot_index: int, origin: int, target: int,
                     section: int, move: Move) -> None:
        self.sheets[player].add_section(self._round, slot.line, origin, target, section,
                                        slot.circles)
        slots = self._slots[player]
        rest = slots[:slot_index] + slots[slot_index + 1:]
        self._slots[player] = rest + self.ruleset.follow_up(self, player, slot, target)
        action = Draw(player, move)
        self._log.append(action)
        events = self._after_player_action()
        if self._listeners:
            self._emit_all([GameEvent("draw", player, action), *events])

    def _after_player_action(self) -> list[GameEvent]:
        """End the turn, and the round, when every player is done; returns the events."""
        for p in range(self.players):
            if not (self._passed[p] or not self._slots[p]):
                return []
        self.ruleset.after_turn(self, self._state, self._deck)
        if not self._last_turn:
            self._phase = Phase.REVEAL
            return []
        for p, sheet in enumerate(self.sheets):
            sheet.round_scores.append(self.ruleset.score_round(self, p, self._state))
        events = [GameEvent("round_scored")]
        if self._round == self.ruleset.rounds - 1:
            self._phase = Phase.OVER
            self._cards = ()
            events.append(GameEvent("game_over"))
        else:
            self._round += 1
            self._start_round()
        return events

    def _move_parts(self, move: Move) -> tuple[str | None, str, str]:
        """A :class:`Move` built by a caller, read like text: its line word (lower case) and
        its labels, canonical when they name stations of the map (checked: plain text of a
        few characters)."""
        labels = []
        for label in (move.origin, move.target):
            if not isinstance(label, str):
                raise NotationError(f"a move's stations are labels like 'C4', not "
                                    f"{quote(label)}")
            label = str.__str__(label)  # plain text: a subclass's own methods are not used
            if len(label) > MAX_NOTATION:
                raise NotationError(f"a station label is a few characters like 'C4', not "
                                    f"{len(label)}")
            try:
                labels.append(self.map.station(label).label)
            except KeyError:
                labels.append(str.strip(label))  # unknown: the checks say so
        line = move.line
        if line is None:
            return None, labels[0], labels[1]
        if not isinstance(line, str) or len(line) > MAX_NOTATION:
            raise NotationError(f"a move's line is a word like "
                                f"{' or '.join(repr(i) for i in self.ruleset.line_ids)}, "
                                f"not {quote(line)}")
        return str.lower(str.__str__(line)).strip(), labels[0], labels[1]

    def _coerce_move(self, move: Move | str, player: int) -> Move:
        """The move as the game logs it: canonical line value and station labels."""
        if isinstance(move, Move):
            word, origin, target = self._move_parts(move)
            shown = quote(f"{word} {origin}-{target}" if word else f"{origin}-{target}")
        else:
            word, origin, target = split_move(move)
            shown = quote(move)
        ids = self.ruleset.line_ids
        if word is not None:
            if word not in ids:
                example = (f"'{origin}-{target}'" if len(ids) == 1
                           else " or ".join(f"'{i} {origin}-{target}'" for i in ids))
                raise NotationError(f"unknown line {quote(word)} in {shown}: write {example}")
            return Move(self.ruleset.line_value(ids.index(word)), origin, target)
        if len(ids) == 1:
            return Move(self.ruleset.line_value(0), origin, target)
        # No line word: take the line this turn leaves open (a player the game lacks has none).
        if not self._is_player(player):
            missing = Illegality(Reason.NO_SUCH_PLAYER, self._no_player(player))
            raise move_refused(player, move, missing, translate=self._t)
        value = self.ruleset.line_value
        open_lines: list[int] = []
        if self._phase is Phase.DRAW and not self._passed[player]:
            for slot in self._slots[player]:
                if slot.line not in open_lines:
                    open_lines.append(slot.line)
        candidates = [Move(value(li), origin, target) for li in open_lines]
        if not candidates:
            raise NotationError(f"move {shown} names no line: write "
                                + " or ".join(f"'{i} {origin}-{target}'" for i in ids))
        legal = [m for m in candidates if self._validate(player, m)[0] is None]
        if len(legal) > 1:
            raise NotationError(f"{origin}-{target} can be drawn for either line with this "
                                "Double Switch: write "
                                + " or ".join(f"'{i} {origin}-{target}'" for i in ids))
        return legal[0] if legal else candidates[0]

    def _validate(self, player: int, move: Move) -> tuple[Illegality | None, Plan | None]:
        # The checks are cheap; the sentences (translated) are written only for a refusal.
        t = self._t

        def no(reason: Reason, message: str) -> tuple[Illegality, None]:
            return Illegality(reason, message), None

        if self._phase is Phase.OVER:
            return no(Reason.GAME_OVER, t("the game is over"))
        if not self._is_player(player):
            return no(Reason.NO_SUCH_PLAYER, self._no_player(player))
        if self._phase is Phase.REVEAL:
            # The turn is over: a draw or pass of the player's in it says why they may not draw.
            done = self._last_turn_action(player)
            if done < 0:
                return no(Reason.NO_CARD,
                          t("no card is revealed yet: reveal the next card first"))
            passed = isinstance(self._log[done], Pass)
        else:
            passed = self._passed[player]
        if passed:
            return no(Reason.TURN_DONE, t("you have passed this turn"))
        if self._phase is Phase.REVEAL or not self._slots[player]:
            return no(Reason.TURN_DONE, t("you have already drawn your section this turn"))
        station = self.map.station
        try:
            o = station(move.origin).index
        except (KeyError, AttributeError):
            return no(Reason.UNKNOWN_STATION, self._no_station(str(move.origin)))
        try:
            t_index = station(move.target).index
        except (KeyError, AttributeError):
            return no(Reason.UNKNOWN_STATION, self._no_station(str(move.target)))
        try:
            li = self._line_index(move.line)
        except ValueError as exc:
            return no(Reason.NOTATION, str(exc))
        slot_index = next((k for k, s in enumerate(self._slots[player]) if s.line == li), -1)
        if slot_index < 0:
            return self.ruleset.wrong_line(self, player, li), None
        slot = self._slots[player][slot_index]
        sheet = self.sheets[player]
        if o == t_index:
            return no(Reason.SAME_STATION, t("a section must join two different stations"))
        if slot.anywhere:
            if not sheet.members(li) >> o & 1:
                return no(Reason.NOT_ON_LINE, t("{station} is not on {line}", station=move.origin,
                                                line=self._line_name(sheet, li)))
        elif not sheet.ends(li) >> o & 1:
            ends = ", ".join(self._labels(sheet.ends(li)))
            return no(Reason.NOT_AN_END, t("{station} is not an end of {line} (its ends: {ends})",
                                           station=move.origin, line=self._line_name(sheet, li),
                                           ends=ends))
        target_station = self.map.stations[t_index]
        if not slot.targets >> t_index & 1:
            found = words.is_symbol(t, move.target, target_station.symbol.value)
            return no(Reason.WRONG_SYMBOL, t("{wants}; {found}", wants=t.gettext(slot.wants),
                                             found=found))
        s = self.map.section_between(o, t_index)
        if s is None:
            origin_point, target_point = self.map.stations[o].point, target_station.point
            if not is_grid_direction(origin_point, target_point):
                return no(Reason.NOT_STRAIGHT,
                          t("{origin} and {target} are not on a common row, column or diagonal",
                            origin=move.origin, target=move.target))
            between = self.map.stations_between(o, t_index)
            if between:
                names = ", ".join(b.label for b in between)
                return no(Reason.THROUGH_STATION,
                          t("{origin}-{target} passes through {stations}", origin=move.origin,
                            target=move.target, stations=names))
            return no(Reason.NO_SECTION,
                      t("there is no dashed line between {origin} and {target}",
                        origin=move.origin, target=move.target))
        if sheet.members(li) >> t_index & 1:
            return no(Reason.LOOP, t("{station} is already on {line}", station=move.target,
                                     line=self._line_name(sheet, li)))
        blocked = self._track_problem(sheet, s, f"{move.origin}-{move.target}", player)
        if blocked is not None:
            return blocked, None
        return None, Plan(slot_index, o, t_index, s)

    def _line_name(self, sheet: Sheet, line: int) -> str:
        """The ruleset's name of a line (``"your Bear line"``) in the game's language."""
        return self._t.gettext(self.ruleset.line_name(sheet, line))

    def _track_problem(self, sheet: Sheet, section: int, shown: str,
                       player: int) -> Illegality | None:
        """Why a track may not go along ``section`` (``None`` when it may). A reason quotes a
        section the way round it was written: ``shown`` as the player writes it now
        (``"I8-E4"``), one on the sheet as it was drawn."""
        parallel = self._parallel
        t = self._t
        if sheet.blocked >> section & 1:
            crossed = iter_bits(self.map.crossings[section] & sheet.drawn)[0]
            what = words.colour_list(t, sheet.section_pencils[crossed], words.AND)
            return Illegality(
                Reason.CROSSES,
                t("{section} crosses the {colours} section {crossed}", section=shown,
                  colours=what, crossed=self._drawn_label(player, crossed)),
            )
        if not sheet.drawn >> section & 1 or (parallel and not sheet.doubled >> section & 1):
            return None
        # Taken. (Double tracks allows one parallel track beside another colour; a track of the
        # current colour joins two stations already on the current line, so the no-loop rule
        # has refused it before this point.)
        what = words.colour_list(t, sheet.section_pencils[section], words.AND_A)
        message = t("a {colours} section {section} is already drawn there", colours=what,
                    section=self._drawn_label(player, section))
        if parallel:
            message = t("{taken} (Double tracks allows one parallel track, no more)",
                        taken=message)
        return Illegality(Reason.SECTION_TAKEN, message)

    def _drawn_label(self, player: int, section: int) -> str:
        """A section on the player's sheet as they drew it (``"F8-F3"``; the map's way round
        when the log does not say, as in a copy dealt for a search)."""
        ends = self.map.sections[section]
        a, b = self.map.labels[ends.a], self.map.labels[ends.b]
        for action in reversed(self._log):
            if isinstance(action, Draw) and action.player == player:
                move = action.move
                if {move.origin, move.target} == {a, b}:
                    return f"{move.origin}-{move.target}"
        return f"{a}-{b}"
