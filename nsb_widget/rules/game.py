"""A game of Next Station: Berlin: the rules, for 1 to 4 players on one shared deck.

A game is its :class:`~nsb_widget.rules.setup.GameSetup` plus its action log: chance is explicit
(``reveal`` takes cards off a seeded stack, or the cards named in scenario mode), so replaying the
log rebuilds the game exactly. Every method that changes the game checks everything first and
leaves the game untouched when it raises.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..bitset import iter_bits
from ..errors import IllegalMoveError, NotationError, PhaseError
from ..maps import GameMap, get_map
from ..maps.geometry import is_grid_direction
from .cards import CARDS_PER_LINE, Card, Line
from .deck import Deck
from .modules import Effect, Module, Objective
from .moves import Action, Draw, Move, Pass, Reveal, split_move
from .reasons import Illegality, Reason
from .setup import ROUNDS, GameSetup, make_setup
from .sheet import LINES, Sheet

if TYPE_CHECKING:
    from ..scoring.model import RoundScore, ScoreSheet

BEAR, CROWN = 0, 1
_LINE_INDEX = {Line.BEAR: BEAR, Line.CROWN: CROWN}


class Phase(str, enum.Enum):
    """What the game waits for."""

    REVEAL = "reveal"
    """The next Station card must be revealed."""
    DRAW = "draw"
    """Players draw or pass for the revealed card."""
    OVER = "over"
    """The game has ended; final scoring is available."""

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class GameEvent:
    """Sent to subscribers after each change of the game."""

    kind: str
    """``"reveal"``, ``"draw"``, ``"pass"``, ``"undo"``, ``"round_scored"`` or ``"game_over"``."""
    player: int | None = None
    """The player who acted, when one did."""
    action: Action | None = None
    """The action logged (``None`` for round and game ends)."""
    last: bool = True
    """False when more events of the same change follow (e.g. a draw that ends a round is
    followed by ``round_scored``); redraw on the last one."""


@dataclass(frozen=True)
class _Plan:
    line: int
    origin: int
    target: int
    section: int
    sbahn: bool


class Game:
    """A game of Next Station: Berlin.

    Create one with :meth:`Game.new`. The usual loop::

        game = Game.new(players=1, seed=7)
        while not game.is_over:
            game.reveal()
            moves = game.legal_moves()
            if moves:
                game.play(moves[0])
            else:
                game.pass_turn()
    """

    _phase: Phase
    _deck: Deck
    _turns: list[tuple[Card, ...]]
    _cards: tuple[Card, ...]
    _preview: Card | None
    _counts: list[int]
    _last_turn: bool
    _ds_back_pending: bool
    _ds_returned: bool
    _slots: list[int]
    _passed: list[bool]

    # ------------------------------------------------------------------ construction
    def __init__(self, setup: GameSetup, game_map: GameMap | None = None) -> None:
        self.map: GameMap = game_map if game_map is not None else get_map(setup.map_id)
        """The sheet's map."""
        if self.map.id != setup.map_id:
            raise ValueError(f"setup is for map {setup.map_id!r}, got map {self.map.id!r}")
        self.setup: GameSetup = setup
        """The fixed facts of the game."""
        self.sheets: list[Sheet] = [Sheet(self.map) for _ in range(setup.players)]
        """One sheet per player (read them, do not change them)."""
        self._log: list[Action] = []
        self._listeners: list[Callable[[GameEvent], None]] = []
        self._round = 0
        self._start_round()

    @classmethod
    def new(
        cls,
        players: int = 1,
        seed: int | None = None,
        *,
        scenario: bool = False,
        map: str | GameMap = "berlin",
        pencils: Sequence[str] | None = None,
        modules: Iterable[Module | str] = (),
        effects: Sequence[Effect | str] | None = None,
        objectives: Sequence[Objective | str] | None = None,
        names: Sequence[str] | None = None,
    ) -> Game:
        """Start a game.

        ``seed`` fixes every shuffle (same seed, same game; a random seed is chosen and kept
        when none is given). ``scenario=True`` instead lets you name each revealed card, to
        rebuild a rulebook example or a game played on paper. ``pencils`` sets the pencil
        order (solo) or the pencils around the table; ``modules`` adds ``"effects"`` and/or
        ``"objectives"``, whose cards may be fixed with ``effects`` and ``objectives``.
        """
        game_map = get_map(map) if isinstance(map, str) else map
        setup = make_setup(
            game_map, players, seed, scenario=scenario, pencils=pencils, modules=modules,
            effects=effects, objectives=objectives, names=names,
        )
        return cls(setup, game_map)

    def copy(self) -> Game:
        """An independent copy of the game (subscribers are not copied). Cheap: no deepcopy."""
        new = Game.__new__(Game)
        new.map = self.map
        new.setup = self.setup
        new.sheets = [s.copy() for s in self.sheets]
        new._log = list(self._log)
        new._listeners = []
        new._round = self._round
        new._phase = self._phase
        new._deck = self._deck.copy()
        new._turns = list(self._turns)
        new._cards = self._cards
        new._preview = self._preview
        new._counts = list(self._counts)
        new._last_turn = self._last_turn
        new._ds_back_pending = self._ds_back_pending
        new._ds_returned = self._ds_returned
        new._slots = list(self._slots)
        new._passed = list(self._passed)
        return new

    # ------------------------------------------------------------------ reading the state
    @property
    def phase(self) -> Phase:
        """What the game waits for: a reveal, the players' draws, or nothing (over)."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """True after the 4th round has been scored."""
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
    def cards(self) -> tuple[Card, ...]:
        """The cards of the current turn: one card, or the Double Switch and its symbol card."""
        return self._cards

    @property
    def symbol_card(self) -> Card | None:
        """The card whose symbol this turn's sections must reach."""
        return self._cards[-1] if self._cards else None

    @property
    def is_double_switch(self) -> bool:
        """True in a Double Switch turn."""
        return bool(self._cards) and self._cards[0].is_double_switch

    @property
    def preview(self) -> Card | None:
        """Glimpse into the future: the next turn's card, already shown."""
        return self._preview

    @property
    def is_last_turn(self) -> bool:
        """True once the 5th Bear or 5th Crown card is out: the round ends after this turn."""
        return self._last_turn

    @property
    def round_turns(self) -> tuple[tuple[Card, ...], ...]:
        """Every turn's cards this round, in order."""
        return tuple(self._turns)

    @property
    def line_cards_revealed(self) -> dict[Line, int]:
        """How many Bear and Crown cards are out this round (the round ends at 5)."""
        return {Line.BEAR: self._counts[BEAR], Line.CROWN: self._counts[CROWN]}

    @property
    def stack(self) -> tuple[Card, ...]:
        """The cards still face down this round, in deck order (their order stays secret)."""
        return tuple(self._deck.remaining)

    @property
    def effect(self) -> Effect | None:
        """The round effect of the current round (effects module), else ``None``."""
        return self.setup.effects[self._round] if self.setup.effects else None

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, in order: the game is its setup plus this log."""
        return tuple(self._log)

    def pencil(self, player: int = 0, round_number: int | None = None) -> str:
        """The pencil a player holds in a round (1-4; default the current round)."""
        self._check_player(player)
        r = self._round if round_number is None else round_number - 1
        if not 0 <= r < ROUNDS:
            raise ValueError(f"round_number must be 1 to {ROUNDS}, not {round_number!r}")
        return self.setup.pencil_of(player, r)

    def waiting_for(self) -> list[int]:
        """Players who have still to draw or pass this turn."""
        if self._phase is not Phase.DRAW:
            return []
        return [p for p in range(self.players) if not self._is_done(p)]

    def has_finished_turn(self, player: int = 0) -> bool:
        """True when the player has drawn or passed for the current card."""
        self._check_player(player)
        return self._phase is not Phase.DRAW or self._is_done(player)

    def open_lines(self, player: int = 0) -> tuple[Line, ...]:
        """The lines the player may still draw for this turn (two with a Double Switch)."""
        self._check_player(player)
        if self._phase is not Phase.DRAW or self._passed[player]:
            return ()
        return tuple(line for line in LINES if self._slots[player] >> _LINE_INDEX[line] & 1)

    def lines_joined(self, player: int = 0) -> bool:
        """True once the player's two start stations of this round are connected."""
        self._check_player(player)
        return self.sheets[player].joined

    def line_stations(self, line: Line | str, player: int = 0) -> list[str]:
        """Labels of the stations of a line this round (the joined line once joined)."""
        sheet = self.sheets[self._check_player(player)]
        return self._labels(sheet.members(_LINE_INDEX[Line(line)]))

    def line_ends(self, line: Line | str, player: int = 0) -> list[str]:
        """Labels of the ends a line may be extended from this round."""
        sheet = self.sheets[self._check_player(player)]
        return self._labels(sheet.ends(_LINE_INDEX[Line(line)]))

    def sbahn_stations(self, player: int = 0) -> list[str]:
        """Labels of the player's circled S-Bahn stations."""
        return self._labels(self.sheets[self._check_player(player)].sbahn)

    # ------------------------------------------------------------------ moves
    def legal_moves(self, player: int = 0) -> list[Move]:
        """Every section the player may draw now (empty when they cannot draw)."""
        self._check_player(player)
        if self._phase is not Phase.DRAW or self._is_done(player):
            return []
        sheet = self.sheets[player]
        labels = self.map.labels
        out: list[Move] = []
        for li, line, target_mask in self._open_slots(player):
            origins = sheet.members(li) if self.is_double_switch else sheet.ends(li)
            targets = target_mask & ~sheet.members(li)
            for o in iter_bits(origins):
                for t, s in self.map.neighbours[o]:
                    if targets >> t & 1 and self._track_allowed(sheet, s):
                        out.append(Move(line, labels[o], labels[t]))
        return out

    def why_illegal(self, move: Move | str, player: int = 0) -> Illegality | None:
        """``None`` if the move is legal now, else why not. Never raises for a bad move."""
        try:
            parsed = self._coerce_move(move, player)
        except NotationError as exc:
            return Illegality(Reason.NOTATION, str(exc))
        problem, _ = self._validate(player, parsed)
        return problem

    def why_unreachable(self, target: str, player: int = 0) -> Illegality | None:
        """Why no section may be drawn to station ``target`` now (``None`` if one may).

        Looks at every station a section could start from (the ends, or with a Double Switch
        every station of the open lines) and reports the most telling reason: the card's
        symbol first, then what blocks the dashed lines that do lead there.
        """
        try:
            t = self.map.station(target).index
        except KeyError as exc:
            return Illegality(Reason.UNKNOWN_STATION, str(exc.args[0]))
        self._check_player(player)
        if self._phase is not Phase.DRAW or self._is_done(player):
            lines = [Line.BEAR]
        else:
            lines = list(self.open_lines(player))
        label = self.map.stations[t].label
        reasons: list[Illegality] = []
        for line in lines:
            sheet = self.sheets[player]
            li = _LINE_INDEX[line]
            origins = sheet.members(li) if self.is_double_switch else sheet.ends(li)
            candidates = [o for o in iter_bits(origins) if o != t] or iter_bits(origins)
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
        sheet = self.sheets[player]
        ends = ", ".join(self._labels(sheet.ends(_LINE_INDEX[lines[0]])))
        where = ("any station of your line" if self.is_double_switch
                 else f"an end of your line ({ends})")
        return Illegality(
            reasons[0].reason if reasons else Reason.NO_SECTION,
            f"no dashed line leads from {where} to {label} without passing another station",
        )

    def is_legal(self, move: Move | str, player: int = 0) -> bool:
        """True when the move may be played now."""
        return self.why_illegal(move, player) is None

    def parse_move(self, text: str | Move, player: int = 0) -> Move:
        """Read a move; the line word may be left out when the turn leaves one choice."""
        return self._coerce_move(text, player)

    def play(self, move: Move | str, player: int = 0) -> Move:
        """Draw a section. Raises :class:`~nsb_widget.errors.IllegalMoveError` (game unchanged)
        when the rules forbid it; returns the move as played."""
        parsed = self._coerce_move(move, player)
        problem, plan = self._validate(player, parsed)
        if problem is not None:
            raise IllegalMoveError(player, parsed, problem)
        assert plan is not None
        self.sheets[player].add_section(
            self._round, plan.line, plan.origin, plan.target, plan.section, plan.sbahn
        )
        self._slots[player] &= ~(1 << plan.line)
        action = Draw(player, parsed)
        self._log.append(action)
        self._emit_all([GameEvent("draw", player, action), *self._after_player_action()])
        return parsed

    def pass_turn(self, player: int = 0) -> None:
        """Draw nothing (more) for the current card."""
        self._check_player(player)
        if self._phase is Phase.OVER:
            raise PhaseError("the game is over")
        if self._phase is Phase.REVEAL:
            raise PhaseError("no card is revealed yet: reveal the next card first")
        if self._is_done(player):
            raise PhaseError(f"{self._name(player)} has already finished this turn")
        self._passed[player] = True
        action = Pass(player)
        self._log.append(action)
        self._emit_all([GameEvent("pass", player, action), *self._after_player_action()])

    def reveal(self, *cards: Card | str) -> tuple[Card, ...]:
        """Turn over the next card(s) for a new turn; returns the cards taken off the stack.

        Seeded games take them off the shuffled stack. Scenario games name them, in the order
        they come off the stack: the card, then the Double Switch's symbol card, then (Glimpse
        into the future) the next turn's card.
        """
        if self._phase is Phase.OVER:
            raise PhaseError("the game is over: no more cards to reveal")
        if self._phase is Phase.DRAW:
            names = ", ".join(self._name(p) for p in self.waiting_for())
            raise PhaseError(f"cannot reveal yet: waiting for {names} to draw or pass")
        named = [Card.parse(c) for c in cards]
        deck = self._deck.copy()
        taken: list[Card] = []

        def take(purpose: str) -> Card:
            try:
                card = deck.take(named.pop(0) if named else None)
            except PhaseError as exc:
                raise PhaseError(f"{purpose}: {exc}") from None
            taken.append(card)
            return card

        first = self._preview if self._preview is not None else take("the turn's card")
        turn_cards: tuple[Card, ...] = (first,)
        if first.is_double_switch:
            turn_cards = (first, take("the Double Switch's symbol card"))
        counts = list(self._counts)
        for card in turn_cards:
            if card.line is not None:
                counts[_LINE_INDEX[card.line]] += 1
        last = max(counts) >= CARDS_PER_LINE
        preview = None
        if self.effect is Effect.GLIMPSE and not last:
            preview = take("the next turn's card (Glimpse into the future)")
        if named:
            extra = ", ".join(str(c) for c in named)
            raise PhaseError(f"this reveal takes {len(taken)} card(s); not needed: {extra}")
        # Everything checked: commit.
        self._deck = deck
        self._cards = turn_cards
        self._preview = preview
        self._turns.append(turn_cards)
        self._counts = counts
        self._last_turn = last
        if (first.is_double_switch and self.effect is Effect.RECURRING_DOUBLE_SWITCH
                and not self._ds_returned):
            self._ds_back_pending = True
        self._phase = Phase.DRAW
        both = (1 << BEAR) | (1 << CROWN)
        slot = both if first.is_double_switch else 1 << _LINE_INDEX[first.line]  # type: ignore[index]
        self._slots = [slot] * self.players
        self._passed = [False] * self.players
        action = Reveal(tuple(taken))
        self._log.append(action)
        self._emit_all([GameEvent("reveal", None, action)])
        return tuple(taken)

    def undo(self, player: int | None = None) -> Action:
        """Take back the last action, or with ``player`` that player's last draw or pass of the
        current turn. Returns the action taken back."""
        if player is None:
            if not self._log:
                raise PhaseError("nothing to undo")
            index = len(self._log) - 1
        else:
            index = self._last_turn_action(player)
            if index < 0:
                raise PhaseError(f"{self._name(player)} has nothing to undo in this turn")
        removed = self._log[index]
        rebuilt = Game.replay(self.setup, self._log[:index] + self._log[index + 1:], self.map)
        listeners = self._listeners
        self.__dict__.update(rebuilt.__dict__)
        self._listeners = listeners
        self._emit_all([GameEvent("undo", player, removed)])
        return removed

    def can_undo(self, player: int) -> bool:
        """True when the player has a draw or pass of the current turn to take back."""
        return self._last_turn_action(player) >= 0

    def _last_turn_action(self, player: int) -> int:
        """Log index of the player's last draw or pass since the last reveal, or -1."""
        self._check_player(player)
        for i in range(len(self._log) - 1, -1, -1):
            action = self._log[i]
            if isinstance(action, Reveal):
                return -1
            if action.player == player:
                return i
        return -1

    @classmethod
    def replay(
        cls, setup: GameSetup, actions: Iterable[Action], game_map: GameMap | None = None
    ) -> Game:
        """Rebuild a game from its setup and action log (raises on the first illegal action)."""
        game = cls(setup, game_map)
        for action in actions:
            game.apply(action)
        return game

    def apply(self, action: Action) -> None:
        """Perform a logged action (a :class:`Reveal`, :class:`Draw` or :class:`Pass`)."""
        if isinstance(action, Reveal):
            self.reveal(*action.cards)
        elif isinstance(action, Draw):
            self.play(action.move, action.player)
        elif isinstance(action, Pass):
            self.pass_turn(action.player)
        else:
            raise TypeError(f"not an action: {action!r}")

    # ------------------------------------------------------------------ scores
    def round_scores(self, player: int = 0) -> list[RoundScore]:
        """The player's rounds scored so far."""
        return list(self.sheets[self._check_player(player)].round_scores)  # type: ignore[arg-type]

    def score_sheet(self, player: int = 0) -> ScoreSheet:
        """The player's score sheet: every term, final once the game is over."""
        from ..scoring.sheet import build_score_sheet

        return build_score_sheet(self, self._check_player(player))

    def score(self, player: int = 0) -> int:
        """The player's total so far (the final result once the game is over)."""
        return self.score_sheet(player).total

    def ranking(self) -> list[list[int]]:
        """Players grouped by place: best total first, ties broken by the best round score;
        players still tied share a place."""
        from ..scoring.sheet import rank

        return rank([self.score_sheet(p) for p in range(self.players)])

    # ------------------------------------------------------------------ files and pictures
    def to_json(self) -> dict[str, Any]:
        """The game as a JSON-ready document (versioned: setup plus action log)."""
        from ..io.savefile import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, doc: object) -> Game:
        """Rebuild a game saved by :meth:`to_json`; raises
        :class:`~nsb_widget.errors.SaveFileError` naming each problem."""
        from ..io.savefile import game_from_json

        return game_from_json(doc)

    def save(self, path: str | Path) -> None:
        """Write the game to a JSON file."""
        from ..io.savefile import save_game

        save_game(self, path)

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """Read a game written by :meth:`save`."""
        from ..io.savefile import load_game

        return load_game(path)

    def svg(self, player: int = 0, **options: Any) -> str:
        """The player's sheet as an SVG document."""
        from ..rendering.svg import render_game

        return render_game(self, player, **options)

    def _repr_svg_(self) -> str:
        return self.svg(0)

    def widget(self, player: int = 0, **options: Any) -> Any:
        """A Jupyter widget to play this game by clicking (needs anywidget)."""
        from ..widget import BerlinWidget

        return BerlinWidget(self, player=player, **options)

    def __repr__(self) -> str:
        where = "over" if self.is_over else f"round {self.round}, turn {self.turn}, {self.phase}"
        mode = "scenario" if self.setup.scenario else f"seed {self.setup.seed}"
        return f"<Game berlin, {self.players} player(s), {mode}, {where}>"

    # ------------------------------------------------------------------ events
    def subscribe(self, callback: Callable[[GameEvent], None]) -> Callable[[], None]:
        """Call ``callback(event)`` after every change; returns a function that unsubscribes."""
        self._listeners.append(callback)

        def unsubscribe() -> None:
            if callback in self._listeners:
                self._listeners.remove(callback)

        return unsubscribe

    def _emit_all(self, events: list[GameEvent]) -> None:
        """Tell subscribers, once the game is fully updated."""
        for i, event in enumerate(events):
            if i < len(events) - 1:
                event = GameEvent(event.kind, event.player, event.action, last=False)
            for callback in list(self._listeners):
                callback(event)

    # ------------------------------------------------------------------ internals
    def _labels(self, mask: int) -> list[str]:
        labels = self.map.labels
        return [labels[i] for i in iter_bits(mask)]

    def _name(self, player: int) -> str:
        return self.setup.names[player] if self.setup.names else f"Player {player + 1}"

    def _check_player(self, player: int) -> int:
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < self.players
        ):
            raise PhaseError(f"no player {player!r} in a {self.players}-player game "
                             f"(players are numbered 0 to {self.players - 1})")
        return player

    def _is_done(self, player: int) -> bool:
        return self._passed[player] or self._slots[player] == 0

    def _start_round(self) -> None:
        self._phase = Phase.REVEAL
        self._deck = Deck(self.setup.seed, self._round)
        self._turns = []
        self._cards = ()
        self._preview = None
        self._counts = [0, 0]
        self._last_turn = False
        self._ds_back_pending = False
        self._ds_returned = False
        self._slots = [0] * self.players
        self._passed = [False] * self.players
        for p, sheet in enumerate(self.sheets):
            sheet.start_round(self.setup.pencil_of(p, self._round))

    def _after_player_action(self) -> list[GameEvent]:
        """End the turn, and the round, when every player is done; returns the events."""
        if any(not self._is_done(p) for p in range(self.players)):
            return []
        if self._ds_back_pending:
            self._ds_back_pending = False
            self._ds_returned = True
            if not self._last_turn:
                self._deck.put_back_double_switch()
        if not self._last_turn:
            self._phase = Phase.REVEAL
            return []
        from ..scoring.lines import score_round

        for sheet in self.sheets:
            lines = sheet.finish_round(self._round)
            sheet.round_scores.append(
                score_round(self.map, self._round, sheet.pencil, lines, self.effect)
            )
        events = [GameEvent("round_scored")]
        if self._round == ROUNDS - 1:
            self._phase = Phase.OVER
            self._cards = ()
            events.append(GameEvent("game_over"))
        else:
            self._round += 1
            self._start_round()
        return events

    def _open_slots(self, player: int) -> list[tuple[int, Line, int]]:
        """(line index, line, target-symbol mask) for each line the player may still draw."""
        card = self._cards[-1]
        if card.joker:
            mask = (1 << len(self.map.stations)) - 1
        else:
            assert card.symbol is not None
            mask = self.map.symbol_mask[card.symbol]
        slots = self._slots[player]
        return [(li, LINES[li], mask) for li in (BEAR, CROWN) if slots >> li & 1]

    def _track_allowed(self, sheet: Sheet, section: int) -> bool:
        """True when a track may go along ``section``: it crosses nothing drawn and is free, or
        (Double tracks) holds a single track so far."""
        if sheet.blocked >> section & 1:
            return False
        if sheet.drawn >> section & 1:
            return self.effect is Effect.DOUBLE_TRACKS and not sheet.doubled >> section & 1
        return True

    def _track_problem(self, sheet: Sheet, section: int) -> Illegality | None:
        """Why a track may not go along ``section`` (``None`` when it may)."""
        if self._track_allowed(sheet, section):
            return None
        if sheet.blocked >> section & 1:
            crossed = iter_bits(self.map.crossings[section] & sheet.drawn)[0]
            pencils = sheet.section_pencils[crossed]
            what = " and ".join(pencils)
            return Illegality(
                Reason.CROSSES,
                f"{self.map.section_label(section)} crosses the {what} section "
                f"{self.map.section_label(crossed)}",
            )
        # Taken. (Double tracks allows one parallel track beside another colour; a track of the
        # current colour joins two stations already on the current line, so the no-loop rule
        # has refused it before this point.)
        pencils = sheet.section_pencils[section]
        label = self.map.section_label(section)
        return Illegality(
            Reason.SECTION_TAKEN,
            f"a {' and a '.join(pencils)} section {label} is already drawn there"
            + ("" if self.effect is not Effect.DOUBLE_TRACKS else
               " (Double tracks allows one parallel track, no more)"),
        )

    def _coerce_move(self, move: Move | str, player: int) -> Move:
        if isinstance(move, Move):
            return move
        line, origin, target = split_move(move)
        if line is not None:
            return Move(line, origin, target)
        # No line word: take the line this turn leaves open.
        open_lines = self.open_lines(player) if 0 <= player < self.players else ()
        candidates = [Move(ln, origin, target) for ln in open_lines]
        if not candidates:
            raise NotationError(f"move {move!r} names no line: write 'bear {origin}-{target}' "
                                f"or 'crown {origin}-{target}'")
        legal = [m for m in candidates if self._validate(player, m)[0] is None]
        if len(legal) > 1:
            raise NotationError(f"{origin}-{target} can be drawn for either line with this "
                                f"Double Switch: write 'bear {origin}-{target}' or "
                                f"'crown {origin}-{target}'")
        return legal[0] if legal else candidates[0]

    def _validate(self, player: int, move: Move) -> tuple[Illegality | None, _Plan | None]:
        def no(reason: Reason, message: str) -> tuple[Illegality, None]:
            return Illegality(reason, message), None

        if self._phase is Phase.OVER:
            return no(Reason.GAME_OVER, "the game is over")
        if isinstance(player, bool) or not isinstance(player, int) or not (
            0 <= player < self.players
        ):
            return no(Reason.NO_SUCH_PLAYER, f"there is no player {player!r} in this game")
        if self._phase is Phase.REVEAL:
            return no(Reason.NO_CARD, "no card is revealed yet: reveal the next card first")
        if self._passed[player]:
            return no(Reason.TURN_DONE, "you have passed this turn")
        if self._slots[player] == 0:
            return no(Reason.TURN_DONE, "you have already drawn your section this turn")
        try:
            o = self.map.station(move.origin).index
            t = self.map.station(move.target).index
        except KeyError as exc:
            return no(Reason.UNKNOWN_STATION, str(exc.args[0]))
        li = _LINE_INDEX[move.line]
        card = self._cards[0]
        ds = card.is_double_switch
        if not ds and card.line is not move.line:
            assert card.line is not None
            return no(Reason.WRONG_LINE, f"the card shows the {card.line.display_name} line, "
                                         f"not the {move.line.display_name} line")
        if ds and not self._slots[player] >> li & 1:
            return no(Reason.SLOT_USED, f"you have already drawn your {move.line.display_name} "
                                        "section this Double Switch")
        sheet = self.sheets[player]
        line_name = (f"your joined {sheet.pencil} line" if sheet.joined
                     else f"your {move.line.display_name} line")
        if o == t:
            return no(Reason.SAME_STATION, "a section must join two different stations")
        if ds:
            if not sheet.members(li) >> o & 1:
                return no(Reason.NOT_ON_LINE, f"{move.origin} is not on {line_name}")
        elif not sheet.ends(li) >> o & 1:
            ends = ", ".join(self._labels(sheet.ends(li)))
            return no(Reason.NOT_AN_END, f"{move.origin} is not an end of {line_name} "
                                         f"(its ends: {ends})")
        symbol_card = self._cards[-1]
        target_station = self.map.stations[t]
        if not symbol_card.matches(target_station.symbol):
            return no(Reason.WRONG_SYMBOL, f"the card shows {symbol_card.describe()}; "
                                           f"{move.target} is a {target_station.symbol}")
        s = self.map.section_between(o, t)
        if s is None:
            origin_point, target_point = self.map.stations[o].point, target_station.point
            if not is_grid_direction(origin_point, target_point):
                return no(Reason.NOT_STRAIGHT, f"{move.origin} and {move.target} are not on a "
                                               "common row, column or diagonal")
            between = self.map.stations_between(o, t)
            if between:
                names = ", ".join(b.label for b in between)
                return no(Reason.THROUGH_STATION,
                          f"{move.origin}-{move.target} passes through {names}")
            return no(Reason.NO_SECTION,
                      f"there is no dashed line between {move.origin} and {move.target}")
        if sheet.members(li) >> t & 1:
            return no(Reason.LOOP, f"{move.target} is already on {line_name}")
        blocked = self._track_problem(sheet, s)
        if blocked is not None:
            return blocked, None
        return None, _Plan(li, o, t, s, symbol_card.joker)

