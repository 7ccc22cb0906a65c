"""Scoring functions on hand-built station sets."""

from __future__ import annotations

from nsb_widget.bitset import mask_of
from nsb_widget.maps import get_map
from nsb_widget.rulesets.berlin.scoring import score_line


def test_best_district_ties_are_all_listed():
    m = get_map("berlin")
    a, b = [d for d in m.districts if d.kind == "main"][:2]
    stations = mask_of(list(a.stations[:2]) + list(b.stations[:2]))
    ls = score_line(m, ["bear"], stations, connected=False)
    assert ls.best_count == 2
    assert set(ls.best_districts) == {a.name, b.name}
    assert ls.district_count == 2 and ls.score == 4
