"""The workshop kit in one language, made from the templates of
:mod:`nsb_widget.workshop.cells`: three notebooks and two printable handouts.

``kit(language)`` returns every file's text by name (:data:`KIT_FILES`); :func:`write_kit`
writes them into a folder (``nsb-widget workshop --language de --out DIR``). The same call
made the copies committed under ``examples/workshop/<lang>/``, and a test holds them equal.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from string import Template
from typing import Any

from ..errors import ArgumentError
from ..i18n import Translator, resolve_language, translator
from ..room.teacher import results_folder_name
from ..rulesets.london.modules import Power
from ..widget.strings import DOMAIN as WIDGET_DOMAIN
from ..widget.strings import STRINGS as WIDGET_STRINGS
from .cells import ANSWERS_INTRO, PARTICIPANT, PLAN, ROOM_NAMES, TEACHER, Code, Md, Task
from .exercise import literal
from .facts import facts
from .registry import EXERCISES, exercise
from .words import words

#: The kit's files: the participant's notebook, the teacher's, the answer key, the handouts.
KIT_FILES = ("workshop.ipynb", "teacher.ipynb", "answers.ipynb", "berlin-summary.svg",
             "london-summary.svg")
#: Where the kit's notebooks expect the rooms, unless told otherwise.
DEFAULT_ROOMS = "rooms"

Cell = dict[str, Any]


class _Kit:
    """The kit's texts in one language, with one rooms folder."""

    def __init__(self, language: str, rooms: str) -> None:
        self.language = language
        self.rooms = rooms.rstrip("/") or "/"
        self.t: Translator = words(language)
        keys = list(EXERCISES)
        self.numbers = {key: i + 1 for i, key in enumerate(keys)}
        berlin = [n for k, n in self.numbers.items() if EXERCISES[k].city == "berlin"]
        london = [n for k, n in self.numbers.items() if EXERCISES[k].city == "london"]
        self.ranges = {"berlin_exercises": f"{berlin[0]}-{berlin[-1]}",
                       "london_exercises": f"{london[0]}-{london[-1]}"}

    # ------------------------------------------------------------------ texts
    def values(self, city: str) -> dict[str, str]:
        """What a Markdown cell's placeholders may name."""
        engine = translator(self.language)
        return {**facts(city), **self.ranges, "plan": self.plan(), "rooms": self.rooms,
                **{f"{c}_results": results_folder_name(self.t.gettext(ROOM_NAMES[c]))
                   for c in ROOM_NAMES},
                "power_button": translator(self.language, WIDGET_DOMAIN).gettext(
                    WIDGET_STRINGS["btn.power_text"]).format(power="…"),
                **{p.value: engine.gettext(p.display_name) for p in Power}}

    def plan(self) -> str:
        """The two-hour plan as a Markdown table."""
        t = self.t
        minutes, what = t("minutes"), t("what")
        rows = [f"| {minutes} | {what} |", "|---|---|"]
        for step in PLAN:
            rows.append(f"| {step.start}-{step.end} | {t(step.title, **self.ranges)} |")
        return "\n".join(rows)

    def heading(self, key: str) -> str:
        """A plan step's heading."""
        t = self.t
        step = next(s for s in PLAN if s.key == key)
        return "## " + t("{start}-{end} min: {title}", start=step.start, end=step.end,
                         title=t(step.title, **self.ranges))

    def markdown(self, cell: Md) -> str:
        """A Markdown cell's text."""
        text = self.t(cell.text, **self.values(cell.city))
        return text if cell.step is None else f"{self.heading(cell.step)}\n\n{text}"

    def code(self, cell: Code) -> str:
        """A code cell's source."""
        t = self.t
        names = {key: t.gettext(message) for key, message in cell.words}
        return Template(cell.source).substitute(
            names, language=literal(self.language), rooms=literal(self.rooms),
            berlin_room=literal(f"{self.rooms.rstrip('/')}/berlin"),
            london_room=literal(f"{self.rooms.rstrip('/')}/london"),
            berlin_name=literal(t.gettext(ROOM_NAMES["berlin"])),
            london_name=literal(t.gettext(ROOM_NAMES["london"])))

    # ------------------------------------------------------------------ exercises
    def call(self, key: str) -> str:
        """``exercise("berlin-turn", "de")``."""
        return f"exercise({literal(key)}, {literal(self.language)})"

    def task(self, task: Task) -> list[Cell]:
        """An exercise in the participant's notebook: rule and question, picture, answer."""
        t = self.t
        ex = exercise(task.key, self.language)
        rule = t(task.rule, **self.values(task.city))
        question = t(ex.question)
        number = t("Exercise {number}.", number=self.numbers[task.key])
        form = t.gettext(ex.form) + (f" {ex.example}" if ex.example else "")
        return [
            _markdown(f"{rule}\n\n**{number}** {question}"),
            _code(f"{self.call(task.key)}.picture()"),
            _code(f"answer = None  # {form}\n{self.call(task.key)}.check(answer)",
                  {"tags": ["exercise"], "nsb_workshop": {"exercise": task.key}}),
        ]

    def solved(self, key: str) -> list[Cell]:
        """An exercise in the answer key: question, picture, the answer checked."""
        t = self.t
        ex = exercise(key, self.language)
        title = t("Exercise {number}: {title}", number=self.numbers[key],
                  title=t.gettext(ex.title))
        return [
            _markdown(f"### {title}\n\n{t(ex.question)}"),
            _code(f"{self.call(key)}.picture()"),
            _code(f"answer = {ex.solution_code()}\n{self.call(key)}.check(answer)",
                  {"tags": ["exercise"], "nsb_workshop": {"exercise": key}}),
        ]

    # ------------------------------------------------------------------ notebooks
    def cells(self, template: tuple[Md | Code | Task, ...]) -> list[Cell]:
        """A template's cells."""
        out: list[Cell] = []
        for item in template:
            if isinstance(item, Md):
                out.append(_markdown(self.markdown(item)))
            elif isinstance(item, Code):
                out.append(_code(self.code(item)))
            else:
                out.extend(self.task(item))
        return out

    def notebook(self, kind: str) -> str:
        """The notebook ``kind`` (``"participant"``, ``"teacher"`` or ``"answers"``) as the
        text of an ``.ipynb`` file."""
        if kind == "participant":
            cells = self.cells(PARTICIPANT)
        elif kind == "teacher":
            cells = self.cells(TEACHER)
        else:
            cells = [_markdown(self.t(ANSWERS_INTRO)),
                     _code("from nsb_widget.workshop import exercise")]
            for key in EXERCISES:
                cells.extend(self.solved(key))
        return _ipynb(cells, {"notebook": kind, "language": self.language})


def _markdown(text: str) -> Cell:
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def _code(source: str, metadata: dict[str, Any] | None = None) -> Cell:
    return {"cell_type": "code", "execution_count": None, "metadata": metadata or {},
            "outputs": [], "source": source}


def _ipynb(cells: list[Cell], about: dict[str, str]) -> str:
    """An nbformat 4.5 notebook (Python 3 kernel), written the same way on every run."""
    for i, cell in enumerate(cells):
        cell["id"] = f"cell-{i}"
    doc = {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "nsb_workshop": about,
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    return json.dumps(doc, indent=1, ensure_ascii=False) + "\n"


def kit(language: str | None = None, rooms: str = DEFAULT_ROOMS) -> dict[str, str]:
    """Every file of the kit in ``language`` by name (:data:`KIT_FILES`), the notebooks'
    rooms in the folder ``rooms`` (relative to the notebooks, or absolute: a shared folder
    on a JupyterHub)."""
    from .handouts import handout

    code = resolve_language(language)
    if not isinstance(rooms, str) or not rooms.strip() or "\n" in rooms:
        raise ArgumentError(f"rooms must name a folder, not {rooms!r}"[:120])
    made = _Kit(code, rooms)
    return {
        "workshop.ipynb": made.notebook("participant"),
        "teacher.ipynb": made.notebook("teacher"),
        "answers.ipynb": made.notebook("answers"),
        "berlin-summary.svg": handout("berlin", code),
        "london-summary.svg": handout("london", code),
    }


def write_kit(folder: str | os.PathLike[str], language: str | None = None,
              rooms: str = DEFAULT_ROOMS, *, force: bool = False) -> list[Path]:
    """Write the kit into ``folder`` (made if needed); returns the files written. A file that
    exists already is kept (:class:`~nsb_widget.errors.ArgumentError` naming them all, nothing
    written) unless ``force``: a participant's notebook may hold answers."""
    out = Path(folder)
    files = kit(language, rooms)
    taken = [name for name in files if (out / name).exists()]
    if taken and not force:
        raise ArgumentError(f"{out} already holds {', '.join(taken)}: choose another folder, "
                            "or overwrite them with --force")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in files.items():
        path = out / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


__all__ = ["DEFAULT_ROOMS", "KIT_FILES", "kit", "write_kit"]
