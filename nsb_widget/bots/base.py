"""The bot interface: a policy that picks a section (or passes) for a player."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from ..rules.game import Game, Plan
    from ..rules.moves import Move

#: A use of a pencil power: the power's name and the station it names (or ``None``).
PowerUse = tuple[str, "str | None"]


@runtime_checkable
class Bot(Protocol):
    """Anything with a ``name`` and a ``choose`` method is a bot (or with ``choose_plan``
    alone: a :class:`PlanBot`).

    A bot sees what a player sees: the cards revealed so far and which cards are still face
    down, never their order (bots that look ahead imagine the hidden cards with
    :meth:`Game.sample_hidden`). A bot may also have ``choose_plan`` (the same choice as a
    :class:`~nsb_widget.rules.game.Plan`, the fast path) and ``choose_power`` (when to use a
    pencil power); :func:`~nsb_widget.bots.play_turn` uses them when present.
    """

    name: str

    def choose(self, game: Game, player: int, rng: random.Random) -> Move | None:
        """The section to draw now, or ``None`` to pass. Called while the player's turn is open;
        with a Double Switch it is called again for the second line."""
        ...


@runtime_checkable
class PlanBot(Protocol):
    """A bot that picks among :meth:`Game.plans` (plain ints, no notation): the fast path.
    ``choose_plan`` alone makes a bot: :func:`~nsb_widget.simulation.simulate`,
    :func:`~nsb_widget.bots.play_turn`, hints and the widget take it (a ``choose`` beside it
    is used where a :class:`~nsb_widget.rules.moves.Move` is asked for, hints)."""

    name: str

    def choose_plan(self, game: Game, player: int, rng: random.Random) -> Plan | None:
        """The plan to play now, or ``None`` to pass."""
        ...


@runtime_checkable
class PowerBot(Protocol):
    """A bot that decides when to use a pencil power (London's powers module)."""

    name: str

    def choose_power(self, game: Game, player: int, rng: random.Random) -> PowerUse | None:
        """One of :meth:`Game.power_options` to use now, or ``None`` (not now)."""
        ...


def plan_move(game: Game, player: int, plan: Plan) -> Move:
    """The :class:`Move` a plan draws."""
    line = game.ruleset.line_value(game.slots(player)[plan.slot].line)
    labels = game.map.labels
    return game.parse_move(f"{'' if line is None else line} "
                           f"{labels[plan.origin]}-{labels[plan.target]}".strip(), player)


def bot_turn(game: Game, player: int, bot: Bot, rng: random.Random) -> None:
    """:func:`~nsb_widget.bots.play_turn` for a bot object and an ``rng`` (no name, no
    default, no check that the turn is open): the inner loop of playouts and lookahead,
    whose callers only call it for a player still to draw."""
    choose_plan = getattr(bot, "choose_plan", None)  # a PlanBot (isinstance is slow here)
    choose_power = getattr(bot, "choose_power", None) if game.setup.powers else None
    while not game.has_finished_turn(player):
        if choose_power is not None:
            use = choose_power(game, player, rng)
            if use is not None:
                game.use_power(use[0], use[1], player)
                continue
        if choose_plan is not None:
            plan = choose_plan(game, player, rng)
            if plan is None:
                game.pass_turn(player)
            else:
                game.play_plan(plan, player)
            continue
        move = bot.choose(game, player, rng)
        if move is None:
            game.pass_turn(player)
        else:
            game.play(move, player)
