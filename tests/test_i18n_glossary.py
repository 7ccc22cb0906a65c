"""One game concept, one word (issue 18, item 18): a glossary of the game's terms per language,
held against both catalogues of that language (the engine's ``nsb_widget`` and the widget's
``widget``).

Each entry is a term of the English messages, the word every translation of a message using
it must contain, and the words it must not use for it (a synonym, or the word of another
concept: German *Karte* and French *carte* are the Station cards, so the map is *Spielplan* and
*plan*). The words come from the German London help and the French Berlin help
(``/work/shared/rules/004`` and ``003``) where they name the thing; ``docs/languages.md`` lists
them. Placeholders (``{pencil}``) are ignored; matching ignores case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from nsb_widget.i18n import LOCALE_DIR

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

DOMAINS = ("nsb_widget", "widget")


@dataclass(frozen=True)
class Term:
    """A term of the English messages and its word in one language."""

    english: str
    """A regular expression on the English message (placeholders removed)."""
    word: str
    """A regular expression every translation of such a message matches."""
    not_: str | None = None
    """A regular expression no such translation matches (a rival word)."""


GLOSSARY: dict[str, list[Term]] = {
    "de": [
        Term(r"\bmaps?\b", r"Spielplan", r"\bKarte"),
        Term(r"\bcards?\b", r"karte"),
        Term(r"\bouter districts?\b", r"Außenbezirk"),
        Term(r"\bmain districts?\b", r"Hauptbezirk"),
        Term(r"\bdistricts?\b", r"bezirk"),
        Term(r"\bcentral district\b", r"Bezirks? Mitte", r"zentral"),
        Term(r"\binterchanges?\b", r"Umsteigebahnh"),
        Term(r"\brounds?\b", r"Runde"),
        Term(r"\bturns?\b", r"Zug|Züge"),
        Term(r"\bsections?\b", r"Abschnitt"),
        Term(r"\bparallel track", r"paralleles Gleis", r"Strecke"),
        Term(r"\bstart station|\bdeparture station", r"Startstation"),
        Term(r"\bline ends?\b|\bends of\b|\ban end of\b", r"Ende"),
        # "Macht", not the end of "gemacht" ("Rückgängig gemacht: die Fähigkeit …")
        Term(r"\bpencil powers?\b|\bpowers?\b", r"Fähigkeit", r"Kraft|(?<!ge)Macht"),
        Term(r"\bpencils?\b(?! powers?)", r"Stift"),
        Term(r"\btourist sites?\b", r"Sehenswürdigkeit"),
        Term(r"\bThames\b", r"Themse"),
        # The guide counts "wie oft die Linie die Themse unterquert (jeder Abschnitt zählt 2
        # Punkte)": the sections under the Thames, not a noun of the verb.
        Term(r"\bThames crossings?\b", r"Abschnitte? unter der Themse", r"Unterquerung"),
        Term(r"\bS-Bahn\b", r"S-Bahn"),
        Term(r"\bscore sheet\b|\bSheet of\b", r"Punktekarte"),
        Term(r"\bobjectives?\b", r"Ziel"),
        Term(r"\bhint\b", r"Tipp"),
        Term(r"\boverlay\b", r"Lernansicht"),
        Term(r"\bstack\b", r"Stapel"),
        Term(r"\bundo\b|\bUndo\b", r"rückgängig", r"zurück(zu)?nehmen"),
        Term(r"\bso far\b", r"bisher"),
        Term(r"^expected\b", r"Erwartung", r"\berwartet\b"),
        Term(r"\bassessment\b", r"Bewertung"),
        Term(r"\bRailroad Switch\b", r"Eisenbahnweiche"),
        Term(r"\bDouble Switch\b", r"Doppelweiche"),
        Term(r"^Form\b", r"^Schaffe\b", r"^Habe\b"),
        Term(r"\bconnected\b", r"verbunden|zusammenhängend"),
    ],
    "fr": [
        Term(r"\bmaps?\b", r"\bplan", r"\bcarte"),
        Term(r"\bcards?\b", r"\bcartes?\b"),
        Term(r"\bouter districts?\b", r"quartiers? extérieurs?", r"périphérique"),
        Term(r"\bmain districts?\b", r"quartiers? principa(l|ux)"),
        Term(r"\bdistricts?\b", r"quartier"),
        Term(r"\bcentral district\b", r"quartier Centre", r"quartier central"),
        Term(r"\binterchanges?\b", r"correspondance"),
        Term(r"\brounds?\b", r"manche"),
        Term(r"\bturns?\b", r"\btours?\b"),
        Term(r"\bsections?\b", r"section", r"tronçon"),
        Term(r"\bparallel track", r"voies? parallèles?"),
        Term(r"\bstart station|\bdeparture station", r"station de départ|stations de départ"),
        Term(r"\bline ends?\b|\bends of\b|\ban end of\b", r"extrémité"),
        Term(r"\bpencil powers\b", r"pouvoirs des crayons", r"pouvoirs de crayon\b"),
        Term(r"\bpowers?\b", r"pouvoir"),
        Term(r"\bpencils?\b(?! powers?)", r"crayon"),
        Term(r"\btourist sites?\b", r"sites? touristiques?"),
        Term(r"\bThames\b", r"Tamise"),
        Term(r"\bS-Bahn\b", r"gares? nationales?"),
        Term(r"\bscore sheet\b|\bSheet of\b", r"feuille"),
        Term(r"\bobjectives?\b", r"objectif"),
        Term(r"\bhint\b", r"conseil"),
        Term(r"\boverlay\b", r"vue pédagogique"),
        Term(r"\bstack\b", r"pioche", r"\bpile\b"),
        Term(r"\bundo\b|\bUndo\b", r"annul"),
        Term(r"\bso far\b", r"jusqu'ici", r"en cours|pour l'instant"),
        Term(r"\bseed\b", r"\bdonne\b", r"graine"),
        Term(r"\bassessment\b", r"évaluation"),
        Term(r"\bDouble Switch\b", r"Double-aiguillage"),
        Term(r"\bRailroad Switch\b", r"Aiguillage"),
        Term(r"^Form\b", r"^Créez\b", r"^Ayez\b"),
        Term(r"\bconnected\b", r"relié|continue"),
        Term(r"\bwaiting for\b", r".", r"attente de [A-Z]"),
    ],
}
#: Words no translation of the language uses, whatever its message says: the German
#: capital after a colon that opens a sentence (the Duden rule, as the widget's texts do).
NEVER: dict[str, list[str]] = {
    "de": [r": (es|decke|warte|jetzt|klicke|zeichne|setze|zeige|versuch|wähle|frag"
           r"|die fähigkeiten)\b"],
    "fr": [r"\b[Gg]raine\b", r"Next Station: Londres"],
}
#: Messages that are not about the game's concept the English word names.
NOT_THE_TERM = {
    r"\bcards?\b": ("this browser has no 2D canvas",),
    # To turn a card over (the teacher in a classroom) or a cell into a Raw cell is not a turn
    # of the game.
    r"\bturns?\b": ("turn into", "card over", "cards over", "turns over", "turned over",
                     "turn a cell into"),
}


def _catalogue(domain: str, lang: str):
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=lang, domain=domain)


def _pairs(lang: str) -> list[tuple[str, str, str]]:
    """(domain, English, translation) for every form of every message of both catalogues."""
    out = []
    for domain in DOMAINS:
        for message in _catalogue(domain, lang):
            if not message.id:
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            strings = [message.string] if isinstance(message.string, str) else list(message.string)
            for english, text in zip(ids + ids[-1:] * (len(strings) - len(ids)), strings,
                                     strict=False):
                out.append((domain, english, text))
    return out


def _words(text: str) -> str:
    return re.sub(r"\{[^}]*\}", " ", text)


@pytest.mark.parametrize("lang", sorted(GLOSSARY))
def test_one_word_for_each_game_term_in_both_catalogues(lang):
    problems = []
    used = {term.english: 0 for term in GLOSSARY[lang]}
    for domain, english, text in _pairs(lang):
        plain = _words(english)
        for term in GLOSSARY[lang]:
            if not re.search(term.english, plain, re.I if term.english[0] != "^" else 0):
                continue
            if any(skip in english for skip in NOT_THE_TERM.get(term.english, ())):
                continue
            used[term.english] += 1
            flags = 0 if term.word.startswith("^") else re.I
            if not re.search(term.word, _words(text), flags):
                problems.append(f"{domain}: {english!r} -> {text!r}: wants /{term.word}/")
            if term.not_ and re.search(term.not_, text, flags):
                problems.append(f"{domain}: {english!r} -> {text!r}: not /{term.not_}/")
        for never in NEVER.get(lang, []):
            if re.search(never, text):
                problems.append(f"{domain}: {english!r} -> {text!r}: never /{never}/")
    assert not problems, "\n".join(problems)
    unused = [term for term, n in used.items() if not n]
    assert not unused, f"glossary terms no message uses (stale entries): {unused}"


@pytest.mark.parametrize("lang", sorted(GLOSSARY))
def test_a_message_in_both_catalogues_is_translated_the_same(lang):
    # Keyed by the English and the plural form: a message whose singular and plural read the
    # same in English ("{n}", a place) may differ by form ("1er", "2e").
    seen: dict[tuple[str, int], tuple[str, str]] = {}
    different = []
    form = 0
    previous: tuple[str, str] | None = None
    for domain, english, text in _pairs(lang):
        form = form + 1 if previous == (domain, english) else 0
        previous = (domain, english)
        key = (english, form)
        if key in seen and seen[key][0] != domain and seen[key][1] != text:
            different.append(f"{english!r}: {seen[key][1]!r} / {text!r}")
        seen.setdefault(key, (domain, text))
    assert not different, "\n".join(different)


@pytest.mark.parametrize("lang", sorted(GLOSSARY))
def test_both_catalogues_declare_the_same_plural_rule(lang):
    rules = {domain: _catalogue(domain, lang).plural_forms for domain in DOMAINS}
    assert len(set(rules.values())) == 1, rules
