"""A shared place as a reader of each language writes it, in `room.standings()`'s notebook
table and text; the CSV keeps a number and a `shared` column (docs/languages.md)."""

from __future__ import annotations

import csv
import io

import pytest
from room_support import home

from nsb_widget.i18n import translator
from nsb_widget.room.standings import Standing, Standings, place_text

__all__ = ["home"]  # the fixture, imported for pytest


def _row(name: str, place: int, shared: bool, total: int) -> Standing:
    return Standing(name=name, place=place, shared=shared, total=total, rounds=(total,),
                    tiebreak=total, round=4, taken=20, status="finished", behind=0,
                    refusal=None)


def _tie(language: str) -> Standings:
    rows = (_row("Ada", 1, True, 86), _row("Bénédicte", 1, True, 86), _row("Cleo", 3, False, 70))
    return Standings(rows=rows, turns_out=20, final=True, language=language)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["1=", "1=", "3"]),
    ("de", ["1. (geteilt)", "1. (geteilt)", "3."]),
    ("fr", ["1er ex æquo", "1er ex æquo", "3e"]),
])
def test_a_shared_place_reads_as_each_language_writes_it(language, expected):
    table = _tie(language)._repr_html_()
    cells = [part.split("</td>")[0] for part in table.split("<td style='white-space:nowrap'>")[1:]]
    assert cells == expected
    text = str(_tie(language)).splitlines()
    assert [line.split("Ada")[0].split("Bénédicte")[0].split("Cleo")[0].strip()
            for line in text[:3]] == expected


def test_french_and_german_ordinals_of_later_places():
    fr, de = translator("fr"), translator("de")
    assert [place_text(n, False, fr) for n in (1, 2, 11)] == ["1er", "2e", "11e"]
    assert place_text(2, True, fr) == "2e ex æquo"
    assert [place_text(n, False, de) for n in (1, 2)] == ["1.", "2."]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_csv_keeps_the_place_a_number_and_the_tie_in_its_own_column(language):
    rows = list(csv.DictReader(io.StringIO(_tie(language).to_csv())))
    assert [(r["place"], r["shared"]) for r in rows] == [("1", "yes"), ("1", "yes"), ("3", "")]


@pytest.mark.parametrize(("language", "name", "expected"), [
    ("fr", "Atelier Berlin", "Atelier Berlin\u00a0: 0 participant, 0 tour lancé"),
    ("en", "Workshop: Berlin", "Workshop: Berlin: 0 participants, 0 turns out"),
    ("de", "berliner Runde", "berliner Runde: 0 Personen beigetreten, 0 Züge gestartet"),
    ("en", "Tuesday workshop", "Tuesday workshop: Berlin, 0 participants, 0 turns out"),
])
def test_the_summary_leaves_out_a_city_the_room_s_name_already_says(home, tmp_path, language,
                                                                     name, expected):
    """The French kit read "Atelier : Berlin : Berlin, ...": the city is left out when the
    room's name already names it."""
    from nsb_widget.room import Room

    room = Room.create(tmp_path / "room", name, seed=2**100, language=language)
    assert room.summary() == expected


def test_the_summary_knows_the_city_in_any_language(home, tmp_path):
    from nsb_widget.room import Room

    room = Room.create(tmp_path / "room", "London workshop", map="london", seed=2**100,
                       language="fr")
    assert room.summary() == "London workshop\u00a0: 0 participant, 0 tour lancé"
    room = Room.create(tmp_path / "room2", "Atelier Londres", map="london", seed=2**100,
                       language="en")
    assert room.summary() == "Atelier Londres: 0 participants, 0 turns out"
