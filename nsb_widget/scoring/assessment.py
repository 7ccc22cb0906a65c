"""The City administration's assessment of a solo game (rulebook, SOLO MODE)."""

from __future__ import annotations

from collections.abc import Iterable

from ..rules.modules import SOLO_HANDICAP, Module
from .model import Assessment

#: (lowest score, band label, text), highest band first.
BANDS: tuple[tuple[int, str, str], ...] = (
    (151, "150+", "Congratulations! The rail network of a major city holds no secrets from "
     "you. You are a legend of Berlin's underground public transport!"),
    (131, "131-150", "Bravo! All aboard! Thanks to your great performance, the Berlin U-Bahn "
     "runs like clockwork. And what efficiency!"),
    (111, "111-130", "You've set the switches very well! A little more effort and you'll soon "
     "be the star of U-Bahn networks."),
    (91, "91-110", "Your project is finished, but unfortunately there were a few mishaps in "
     "your designs. Still, you've made quite a name for yourself in network planning."),
    (71, "71-90", "Come on, there's more in you! With a network like that you won't exactly "
     "impress the city!"),
    (-10**9, "0-70", "The train has left! The city of Berlin thanks you, but with a performance "
     "like that you will hardly get any more contracts. Best to try again right away and show "
     "what you're really capable of!"),
)


def handicap(modules: Iterable[Module]) -> int:
    """Points subtracted from a solo score for the modules used (10, 25 or 35)."""
    return sum(SOLO_HANDICAP[Module(m)] for m in set(modules))


def assess(total: int, modules: Iterable[Module] = ()) -> Assessment:
    """The assessment of a solo final result played with ``modules``."""
    minus = handicap(modules)
    rated = total - minus
    for low, band, text in BANDS:
        if rated >= low:
            return Assessment(rated, minus, band, text)
    raise AssertionError("unreachable: the lowest band has no floor")
