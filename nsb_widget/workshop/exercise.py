"""An exercise that checks against its own position.

Each exercise builds its position itself (a scenario game that names its cards) whenever it is
asked anything, so a verdict never depends on what a notebook did before: not on a global that a
later cell reassigned, not on sections drawn on the map it showed, not on the order the cells
ran in. :meth:`Exercise.verdict` says *not answered yet* for ``None``, *right* with the engine's
explanation, or *not quite* with a hint that does not give the answer away;
:meth:`Exercise.check` prints it (the notebooks' cells call that), :meth:`Exercise.solution`
gives the answer for the answer key.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..errors import NsbError
from ..game import Game
from ..i18n import Translator, resolve_language, translator
from ..rules.words import map_name
from .words import words

#: The width (pixels) of an exercise's picture in a notebook.
PICTURE_WIDTH = 520


@dataclass(frozen=True)
class Verdict:
    """What the engine says of an answer."""

    status: str
    """``"unanswered"`` (the answer is ``None``), ``"right"`` or ``"wrong"``."""
    text: str
    """The verdict in words, in the exercise's language."""

    @property
    def right(self) -> bool:
        """True for a right answer."""
        return self.status == "right"

    def __str__(self) -> str:
        return self.text


class Picture:
    """A picture of a position (SVG) that a notebook shows; it holds no game to click on."""

    def __init__(self, svg: str) -> None:
        self.svg = svg
        """The SVG document."""

    def _repr_svg_(self) -> str:
        return self.svg


class BadAnswer(Exception):
    """An answer that cannot be read (its message says how to write it)."""


class Exercise(ABC):
    """One exercise: its question, its position (built afresh for every question asked of it),
    the answer the engine computes, and verdicts in the exercise's language."""

    key: ClassVar[str]
    """The exercise's name in code, e.g. ``"berlin-turn"``."""
    city: ClassVar[str]
    """``"berlin"`` or ``"london"``."""
    title: ClassVar[str]
    """Its title (a message id)."""
    question: ClassVar[str]
    """The question, in Markdown (a message id)."""
    form: ClassVar[str]
    """How to write the answer, for the comment after ``answer = None`` (a message id)."""
    example: ClassVar[str] = ""
    """Code written after :attr:`form` showing the answer's shape, with no answer in it."""

    def __init__(self, language: str | None = None) -> None:
        self.language = resolve_language(language)
        """The language of the exercise's words and of its position's game."""

    @property
    def t(self) -> Translator:
        """The kit's words in the exercise's language."""
        return words(self.language)

    def __repr__(self) -> str:
        return f"<Exercise {self.key!r} ({self.language})>"

    def districts(self, names: Iterable[str]) -> str:
        """District names in the exercise's language, as the map shows them ("Centre-Nord",
        not the map file's "North-Central"), comma-separated."""
        engine = translator(self.language)
        return join_words(map_name(engine, name) for name in names)

    def lines(self, pairs: Iterable[tuple[str, str]]) -> str:
        """``(move, what the engine says)`` pairs, one a line under a verdict, each in the
        language's typography (``"bear E1-F1 : +2 …"`` in French)."""
        t = self.t
        return "".join("\n  " + t("{move}: {reason}", move=move, reason=reason)
                       for move, reason in pairs)

    def clauses(self, parts: Iterable[str]) -> str:
        """Clauses joined by semicolons, in the language's typography."""
        t = self.t
        out = ""
        for part in parts:
            out = part if not out else t("{first}; {second}", first=out, second=part)
        return out

    # ------------------------------------------------------------------ the position
    @abstractmethod
    def position(self) -> Game:
        """A fresh game in the exercise's position (built anew on every call)."""

    def picture(self) -> Picture:
        """The position as a picture: the map and the sections drawn, nothing that answers the
        question (the widget would highlight where a section may go)."""
        return Picture(self.position().svg(width=PICTURE_WIDTH))

    def widget(self, **options: Any) -> Any:
        """The position on the playable map, to try things out after answering (a game of its
        own: drawing on it changes no verdict)."""
        return self.position().widget(**options)

    # ------------------------------------------------------------------ answers
    @abstractmethod
    def solution(self) -> Any:
        """The answer, as the engine computes it from the position (the answer key's)."""

    def solution_code(self) -> str:
        """:meth:`solution` as Python source, the same on every run (sets sorted)."""
        return literal(self.solution())

    def verdict(self, answer: Any) -> Verdict:
        """The engine's verdict on ``answer`` (``None``: not answered yet)."""
        t = self.t
        if answer is None:
            return Verdict("unanswered", t("… not answered yet: write your answer after "
                                           "answer = and run this cell again"))
        try:
            return self.judge(self.position(), answer)
        except BadAnswer as exc:
            return self.wrong(str(exc))

    def check(self, answer: Any) -> None:
        """Print the verdict on ``answer`` (what a notebook's exercise cell does)."""
        print(self.verdict(answer))

    @abstractmethod
    def judge(self, game: Game, answer: Any) -> Verdict:
        """The verdict on a given answer (not ``None``) in the fresh position ``game``; raises
        :class:`BadAnswer` for an answer that cannot be read."""

    def right(self, explanation: str) -> Verdict:
        """A right answer, with the engine's explanation."""
        t = self.t
        return Verdict("right", t("✓ right! {explanation}", explanation=explanation))

    def wrong(self, hint: str) -> Verdict:
        """A wrong answer, with a hint that does not give the answer away."""
        t = self.t
        return Verdict("wrong", t("✗ not quite: {hint}", hint=hint))

    # ------------------------------------------------------------------ reading answers
    def read_moves(self, game: Game, answer: Any) -> list[str]:
        """The sections of an answer (one in quotes, or several in a set or a list), each
        written as the engine writes it; :class:`BadAnswer` for one it cannot read."""
        return [self.read_move(game, item) for item in _items(answer, self.t)]

    def read_move(self, game: Game, answer: Any) -> str:
        """One section of an answer, written as the engine writes it. The line may be named
        in the game's language too ("ours E1-G3", "Krone I8-F8" for "bear E1-G3", "crown
        I8-F8"): the notebook's own words."""
        t = self.t
        if not isinstance(answer, str):
            raise BadAnswer(t("write a section in quotes, like {example}",
                              example=self.example or '"…"'))
        try:
            return str(game.parse_move(_line_id_first(game, answer)))
        except NsbError:
            raise BadAnswer(t("cannot read the section {text}: write it like {example}",
                              text=_shown(answer), example=self.example or '"…"')) from None

    def read_stations(self, game: Game, answer: Any) -> list[str]:
        """The stations of an answer (one in quotes, or several in a set or a list)."""
        t = self.t
        labels = []
        for item in _items(answer, t):
            label = item.strip().upper() if isinstance(item, str) else ""
            if label not in game.map.labels:
                raise BadAnswer(t("{text} is not a station of the map: write a station like "
                                  "\"C4\", in quotes", text=_shown(item)))
            labels.append(label)
        return labels

    def read_number(self, answer: Any) -> int:
        """A whole number (``31`` or ``"31"``)."""
        t = self.t
        if isinstance(answer, bool) or not isinstance(answer, int | float | str):
            raise BadAnswer(t("write a whole number, like 12, without quotes"))
        try:
            number = float(answer)
        except ValueError:
            raise BadAnswer(t("write a whole number, like 12, without quotes")) from None
        if not number.is_integer():
            raise BadAnswer(t("points are whole numbers: {text} is not one",
                              text=_shown(answer)))
        return int(number)


def _items(answer: Any, t: Translator) -> list[Any]:
    """One answer in quotes, or several in a set, list or tuple."""
    if isinstance(answer, str):
        return [answer]
    if isinstance(answer, set | frozenset | list | tuple):
        return list(answer)
    raise BadAnswer(t("write your answer in quotes, or several answers in braces: {example}",
                      example='{"…", "…"}'))


def _shown(value: Any) -> str:
    """A value quoted for a hint, cut short."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def literal(value: Any) -> str:
    """Python source for an answer: sets and dicts of text and numbers, sets sorted, so that
    the same answer is always written the same way."""
    if isinstance(value, set | frozenset):
        return "{" + ", ".join(literal(v) for v in sorted(value)) + "}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{literal(k)}: {literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    raise TypeError(f"no literal for {type(value).__name__}")


def join_words(items: Iterable[str]) -> str:
    """``"a, b, c"``."""
    return ", ".join(items)


def _line_id_first(game: Game, text: str) -> str:
    """``text`` with a first word that names one of the game's lines in its language (a
    Berlin line's name: "Ours", "Krone") written as the engine's line id ("bear", "crown");
    any other text as it is."""
    word, _, rest = text.strip().partition(" ")
    names = {game.translator(line.capitalize()).casefold(): line
             for line in game.ruleset.line_ids}
    line = names.get(word.casefold())
    return f"{line} {rest}" if line is not None and rest else text

