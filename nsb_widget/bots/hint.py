"""Hints: the move a bot would make for a player, with a one-line reason and its score terms."""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .base import Bot, PowerUse, plan_move
from .registry import bot_and_rng
from .search import SearchBot

if TYPE_CHECKING:
    from ..i18n import Translator
    from ..rules.explain import Explanation
    from ..rules.game import Game
    from ..rules.moves import Move


@dataclass(frozen=True)
class Hint:
    """A suggestion for the player's next action. It is never played for them."""

    move: Move | None
    """The section to draw (``None``: use :attr:`power` first, or pass)."""
    power: PowerUse | None
    """A pencil power to use before drawing, when that is the suggestion."""
    reason: str
    """One line, in the game's language: ``"+6: reaches Mitte; expected +4.2 against the
    next best"``."""
    explanation: Explanation | None
    """How each score term changes if :attr:`move` is drawn (see :meth:`Game.explain`)."""
    expected: float | None
    """The search's mean final score after this choice (``None`` for other bots)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready data for a front end."""
        return {
            "move": None if self.move is None else str(self.move),
            "origin": None if self.move is None else self.move.origin,
            "target": None if self.move is None else self.move.target,
            "line": None if self.move is None else self.move.line,
            "power": None if self.power is None else {"power": self.power[0],
                                                      "station": self.power[1]},
            "reason": self.reason,
            "expected": None if self.expected is None else round(self.expected, 1),
            "terms": None if self.explanation is None else self.explanation.to_dict()["terms"],
        }


def position_key(game: Game, player: int = 0) -> str:
    """What a hint for ``player`` may depend on, as text: the game's public setup (map,
    players, pencils, modules and their cards; not the seed, which orders the face-down
    cards), the cards revealed so far and ``player``'s own actions, in order. Two games in
    the same position for the player have the same key (a seeded game and the scenario game
    that copies it; a position reached again by undo); another player's move, which cannot
    change this player's sheet or choices, leaves it as it was. Nothing hidden is in it."""
    setup = game.setup.to_json()
    for hidden_or_cosmetic in ("seed", "names"):
        setup.pop(hidden_or_cosmetic, None)
    mine = [action.to_json() for action in game.history
            if getattr(action, "player", player) == player]  # a reveal has no player
    return json.dumps({"setup": setup, "player": player, "log": mine}, sort_keys=True,
                      separators=(",", ":"))


def position_rng(game: Game, player: int = 0) -> random.Random:
    """A ``random.Random`` seeded from :func:`position_key`: the same position for the player
    gives the same imagined cards, on any machine and in any process."""
    digest = hashlib.sha256(position_key(game, player).encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def suggest(game: Game, player: int = 0, bot: Bot | str | None = None,
            rng: random.Random | None = None) -> Hint:
    """What ``bot`` (default: the search bot with its default budget, at most 1 s) would do
    now for ``player``, and why (in the game's :attr:`~nsb_widget.rules.game.Game.language`).
    The game is not changed.

    ``bot`` is a bot object or a bot's name, as for :func:`~nsb_widget.bots.play_turn`;
    ``rng`` the ``random.Random`` it draws its chance from. By default it is seeded from the
    player's position (:func:`position_rng`: the public setup, the cards revealed and the
    player's own actions), so asking again in the same position imagines the same cards.
    What that guarantees: with a bot whose choices do not depend on the clock (the greedy,
    lookahead and random bots, or a search with ``seconds=None``) and no ``seed`` of its own,
    the same position gives the same hint, on any machine. What it does not: with a time
    budget (the default search, 0.9 s) the search plays as many imagined games as the time
    allows, which varies from call to call and from machine to machine, so two calls may
    rank close choices differently and their expected scores differ a little (measured in
    ``docs/bots.md``: two calls in a row chose the same section in 19-20 of 24 positions).
    The widget gives the same hint in the same position by remembering it. A bot with its
    own ``seed`` draws from its own generator, which moves on at every call.

    Ask once a card is revealed, for a player who has not finished the turn: otherwise it
    raises :class:`~nsb_widget.errors.PhaseError` as :meth:`Game.pass_turn` would (no card
    is revealed yet, the game is over, the turn is finished)."""
    player = game.check_player(player)  # a plain int (numpy's int64 from a table too)
    game.check_turn(player)
    if rng is None:
        rng = position_rng(game, player)
    bot, rng = bot_and_rng(bot if bot is not None else SearchBot(), rng)
    probe = game.copy()
    if isinstance(bot, SearchBot):
        return _from_search(probe, player, bot, rng)
    power = getattr(bot, "choose_power", None)
    use = power(probe, player, rng) if power is not None and probe.setup.powers else None
    if use is not None:
        t = probe.translator
        title = power_title(probe, use[0])
        text = (t("use the {power} power on {station} now", power=title, station=use[1])
                if use[1] else t("use the {power} power now", power=title))
        return Hint(None, use, text, None, None)
    if callable(getattr(bot, "choose", None)):
        move = bot.choose(probe, player, rng)
    else:  # a bot with choose_plan alone (a PlanBot)
        plan = bot.choose_plan(probe, player, rng)  # type: ignore[attr-defined]
        move = None if plan is None else plan_move(probe, player, plan)
    return _hint_for(game, player, move, None, None)


def _from_search(game: Game, player: int, bot: SearchBot, rng: random.Random) -> Hint:
    t = game.translator
    values = bot.search(game, player, rng, powers=True)
    best = values[0]
    rest = [v for v in values[1:] if v.playouts]
    margin = _margin(t, best.mean - rest[0].mean) if best.playouts and rest else ""
    if best.option.power is not None:
        use = best.option.power
        title = power_title(game, use[0])
        text = (t("use the {power} power on {station} first", power=title, station=use[1])
                if use[1] else t("use the {power} power first", power=title))
        return Hint(None, use, _joined(t, text, margin), None, best.mean)
    plan = best.option.plan
    move = None if plan is None else plan_move(game, player, plan)
    return _hint_for(game, player, move, margin, best.mean if best.playouts else None)


def _hint_for(game: Game, player: int, move: Move | None, margin: str | None,
              expected: float | None) -> Hint:
    t = game.translator
    if move is None:
        text = (t("pass: no section is worth drawing") if game.plans(player)
                else t("pass: no section can be drawn"))
        return Hint(None, None, _joined(t, text, margin), None, expected)
    explanation = game.explain(move, player)
    return Hint(move, None, _joined(t, explanation.reason, margin), explanation, expected)


def _margin(t: Translator, gain: float) -> str:
    """What the best choice is expected to gain over the next best, in words: ``"expected
    +4.2 against the next best"``; a gain that rounds to nothing (``+0.0``, which reads as if
    the choice did not matter) says ``"about as good as the next best choice"``."""
    if round(gain, 1) == 0:
        return t("about as good as the next best choice")
    return t("expected {margin} against the next best", margin=t.decimal(gain, sign=True))


def _joined(t: Translator, text: str, margin: str | None) -> str:
    """``"text; margin"`` (``text`` alone without a margin)."""
    return t("{reason}; {margin}", reason=text, margin=margin) if margin else text


def power_title(game: Game, power: str) -> str:
    """A power's name for people, as the ruleset describes it, in the game's language (its id
    when it has none)."""
    for described in game.ruleset.describe(game).get("powers", []):
        if described.get("id") == power:
            return str(described.get("title", power))
    return power
